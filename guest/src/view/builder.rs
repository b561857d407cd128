//! Text to view text: JSON re-indented, anything else cleaned, decided
//! on the first bytes and streamed into a [`LineSink`]. Byte-order marks
//! at line starts are dropped first ([`crate::bom`]): a JSON document,
//! JSON lines or a CSV written with one is seen as what it is.

use super::lines::LineSink;
use super::{ansi, json};
use crate::bom::LineStartBoms;

/// Whether `text` is one JSON object or array (the same test the view uses).
pub fn is_json(text: &str) -> bool {
    let mut scratch = String::new();
    let text = LineStartBoms::default().strip(text, &mut scratch);
    if !starts_like_json(text) {
        return false;
    }
    let mut indenter = json::JsonIndenter::new();
    let mut scratch = String::new();
    indenter.push(text, &mut scratch);
    !indenter.failed() && indenter.finish(&mut scratch)
}

/// Whether `text` may be JSON by its start: `{` or `[` after at most
/// [`DECIDE_WITHIN`] bytes of whitespace.
fn starts_like_json(text: &str) -> bool {
    let body = text.trim_start();
    text.len() - body.len() <= DECIDE_WITHIN && matches!(body.chars().next(), Some('{' | '['))
}

/// JSON must start within this many bytes (leading whitespace held before
/// deciding is capped: a gigabyte of blanks is text). Deciding on the first
/// bytes alone keeps the verdict the same however the input is split.
pub const DECIDE_WITHIN: usize = 64 * 1024;

enum Mode {
    Undecided(String),
    Text(ansi::TextCleaner),
    Json(json::JsonIndenter),
    /// JSON that proved invalid, or grew past its bound: the caller
    /// rebuilds the view (flat below a depth, [`ViewBuilder::flat_retry`],
    /// else as text).
    Abandoned,
}

/// A JSON view may grow to this many times the text it re-indents…
pub const JSON_GROWTH: u64 = 2;
/// …plus this much (short documents grow most: `[1,2]` becomes 3 lines).
/// Past that the output is viewed as text: deep nesting or many tiny
/// arrays re-indent to up to 66 times their size (a newline and up to 64
/// spaces of indent per byte), which would multiply disk use.
pub const JSON_ALLOWANCE: u64 = 64 * 1024;
/// Text is re-indented in pieces of at most this many bytes, so the
/// growth check runs before much output exists (66 × 64 KiB at most).
const JSON_PIECE: usize = 64 * 1024;

/// Turns decoded text into view text, appended to a [`LineSink`].
pub struct ViewBuilder {
    mode: Mode,
    boms: LineStartBoms,
    /// The text without its marks, when it had some.
    unmarked: String,
    scratch: String,
    /// Bytes of text re-indented so far, and bytes of JSON view made.
    json_in: u64,
    json_out: u64,
    /// Valid JSON that grew past its bound: the depth below which writing
    /// its containers flat would have kept it within.
    flat_retry: Option<usize>,
}

impl Default for ViewBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ViewBuilder {
    pub fn new() -> Self {
        Self::with_mode(Mode::Undecided(String::new()))
    }

    /// A builder that treats the input as text from the start (rebuilds).
    pub fn text_only() -> Self {
        Self::with_mode(Mode::Text(ansi::TextCleaner::new()))
    }

    /// A builder that re-indents the input as JSON with its containers
    /// deeper than `depth` on one line each (a rebuild after
    /// [`ViewBuilder::flat_retry`]).
    pub fn json_flat(depth: usize) -> Self {
        Self::with_mode(Mode::Json(json::JsonIndenter::flat(depth)))
    }

    fn with_mode(mode: Mode) -> Self {
        Self {
            mode,
            boms: LineStartBoms::default(),
            unmarked: String::new(),
            scratch: String::new(),
            json_in: 0,
            json_out: 0,
            flat_retry: None,
        }
    }

    /// For valid JSON whose re-indented view grew past its bound: the
    /// depth to rebuild it flat below ([`ViewBuilder::json_flat`]).
    pub fn flat_retry(&self) -> Option<usize> {
        self.flat_retry
    }

    pub fn push(&mut self, text: &str, sink: &mut LineSink) {
        let mut unmarked = std::mem::take(&mut self.unmarked);
        let text = self.boms.strip(text, &mut unmarked);
        self.push_unmarked(text, sink);
        self.unmarked = unmarked;
    }

    fn push_unmarked(&mut self, text: &str, sink: &mut LineSink) {
        if let Mode::Undecided(held) = &mut self.mode {
            // `held` is all whitespace (anything else decides at once), so
            // only the new piece needs looking at.
            held.push_str(text);
            if text.trim_start().is_empty() && held.len() <= DECIDE_WITHIN {
                return;
            }
            let json = starts_like_json(held);
            let held = std::mem::take(held);
            self.mode = if json {
                Mode::Json(json::JsonIndenter::new())
            } else {
                Mode::Text(ansi::TextCleaner::new())
            };
            self.feed(&held, sink);
            return;
        }
        self.feed(text, sink);
    }

    fn feed(&mut self, text: &str, sink: &mut LineSink) {
        self.scratch.clear();
        match &mut self.mode {
            Mode::Text(cleaner) => cleaner.push(text, &mut self.scratch),
            Mode::Json(indenter) => {
                let mut rest = text;
                while !rest.is_empty() {
                    let end = match rest.floor_char_boundary(JSON_PIECE) {
                        0 => rest.len(),
                        end => end,
                    };
                    self.scratch.clear();
                    indenter.push(&rest[..end], &mut self.scratch);
                    self.json_in += end as u64;
                    self.json_out += self.scratch.len() as u64;
                    let limit = JSON_GROWTH * self.json_in + JSON_ALLOWANCE;
                    let too_big = self.json_out > limit;
                    if indenter.failed() || too_big {
                        // Within the growth alone, not the allowance: the
                        // rest of the document is read with no allowance left.
                        if !indenter.failed() {
                            let growth = JSON_GROWTH * self.json_in;
                            self.flat_retry = indenter.flat_depth(self.json_out, growth);
                        }
                        self.mode = Mode::Abandoned;
                        return;
                    }
                    sink.push(&self.scratch);
                    rest = &rest[end..];
                }
                return;
            }
            Mode::Undecided(_) | Mode::Abandoned => return,
        }
        sink.push(&self.scratch);
    }

    /// Flush the end of the text. Returns whether the input was JSON:
    /// `Some(true)` valid JSON (view re-indented), `Some(false)` text,
    /// `None` if it looked like JSON but was not, or re-indenting it grew it
    /// past [`JSON_GROWTH`] × + [`JSON_ALLOWANCE`] — the view written so far is
    /// unusable and must be rebuilt with [`ViewBuilder::text_only`].
    pub fn finish(mut self, sink: &mut LineSink) -> Option<bool> {
        if let Mode::Undecided(held) = &mut self.mode {
            let held = std::mem::take(held);
            self.mode = Mode::Text(ansi::TextCleaner::new());
            self.feed(&held, sink);
        }
        self.scratch.clear();
        let verdict = match &mut self.mode {
            Mode::Text(cleaner) => {
                cleaner.finish(&mut self.scratch);
                Some(false)
            }
            Mode::Json(indenter) => {
                let valid = indenter.finish(&mut self.scratch);
                if valid {
                    sink.set_json_shape(indenter.shape().render());
                }
                valid.then_some(true)
            }
            Mode::Abandoned | Mode::Undecided(_) => None,
        };
        if verdict.is_some() {
            sink.push(&self.scratch);
        }
        verdict
    }
}

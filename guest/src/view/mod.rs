//! The view: what the model reads of a stored output.
//!
//! original bytes ─► [`Utf8Decoder`] ─► text ─► [`ViewBuilder`]
//!   ├─ JSON (first non-space char `{`/`[`): [`json::JsonIndenter`], whitespace-only
//!   └─ otherwise: [`ansi::TextCleaner`] (escape codes, `\r` redraws, controls)
//! ─► [`LineSink`]: soft-wraps long lines, numbers them, indexes them and
//!    keeps the preview (head, error blocks, rare-shaped and tail lines;
//!    [`shapes`] counts line templates in a bounded table) and the summary
//!    line of a structured output ([`json_shape`] while re-indenting JSON,
//!    [`json_lines`] for one JSON object a line, [`columns`] for CSV/TSV
//!    lines); [`errors`] says which lines look like failures.
//!
//! Everything streams: memory stays bounded whatever the output's size.

pub mod ansi;
pub mod columns;
pub mod errors;
pub mod json;
pub mod json_lines;
pub mod json_shape;
pub mod lines;
pub mod shapes;

use crate::tokens::floor_char_boundary;

// The layout the view is built to, defined with the index reader that checks it.
pub use crate::line_index::{LINE_INDEX_STRIDE, WRAP_BYTES};
pub use lines::{LineSink, PreviewLine, PreviewLines};

/// Lossy UTF-8 decoding of a byte stream: each run of invalid sequences
/// becomes one U+FFFD (every sequence is counted), a sequence split across
/// pieces is carried over. One mark per run, not per byte, keeps the view
/// of binary data within 2× the original (a 3-byte mark per byte was 3×).
#[derive(Default)]
pub struct Utf8Decoder {
    carry: Vec<u8>,
    /// Invalid sequences replaced so far.
    pub invalid: u64,
    /// The last thing decoded was an invalid sequence (its mark is out).
    in_invalid_run: bool,
}

impl Utf8Decoder {
    pub fn decode(&mut self, bytes: &[u8], out: &mut String) {
        if self.carry.is_empty() {
            self.decode_slice(bytes, out);
        } else {
            let mut joined = std::mem::take(&mut self.carry);
            joined.extend_from_slice(bytes);
            self.decode_slice(&joined, out);
        }
    }

    pub fn finish(&mut self, out: &mut String) {
        if !self.carry.is_empty() {
            self.carry.clear();
            self.mark_invalid(out);
        }
    }

    fn mark_invalid(&mut self, out: &mut String) {
        self.invalid += 1;
        if !self.in_invalid_run {
            out.push('\u{FFFD}');
            self.in_invalid_run = true;
        }
    }

    fn push_valid(&mut self, text: &str, out: &mut String) {
        if !text.is_empty() {
            out.push_str(text);
            self.in_invalid_run = false;
        }
    }

    fn decode_slice(&mut self, mut bytes: &[u8], out: &mut String) {
        loop {
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    self.push_valid(text, out);
                    return;
                }
                Err(err) => {
                    let valid = err.valid_up_to();
                    // SAFETY-free: from_utf8 vouched for the prefix.
                    self.push_valid(
                        std::str::from_utf8(&bytes[..valid]).unwrap_or_default(),
                        out,
                    );
                    match err.error_len() {
                        Some(bad) => {
                            self.mark_invalid(out);
                            bytes = &bytes[valid + bad..];
                        }
                        None => {
                            self.carry.extend_from_slice(&bytes[valid..]);
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Whether `text` is one JSON object or array (the same test the view uses).
pub fn is_json(text: &str) -> bool {
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
    /// JSON that proved invalid: the caller rebuilds the view as text.
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
    scratch: String,
    /// Bytes of text re-indented so far, and bytes of JSON view made.
    json_in: u64,
    json_out: u64,
}

impl Default for ViewBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ViewBuilder {
    pub fn new() -> Self {
        Self {
            mode: Mode::Undecided(String::new()),
            scratch: String::new(),
            json_in: 0,
            json_out: 0,
        }
    }

    /// A builder that treats the input as text from the start (rebuilds).
    pub fn text_only() -> Self {
        Self {
            mode: Mode::Text(ansi::TextCleaner::new()),
            scratch: String::new(),
            json_in: 0,
            json_out: 0,
        }
    }

    pub fn push(&mut self, text: &str, sink: &mut LineSink) {
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
                    let end = match floor_char_boundary(rest, JSON_PIECE) {
                        0 => rest.len(),
                        end => end,
                    };
                    self.scratch.clear();
                    indenter.push(&rest[..end], &mut self.scratch);
                    self.json_in += end as u64;
                    self.json_out += self.scratch.len() as u64;
                    let too_big = self.json_out > JSON_GROWTH * self.json_in + JSON_ALLOWANCE;
                    if indenter.failed() || too_big {
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

/// Helpers for the split-invariance tests of the streaming stages.
#[cfg(test)]
pub(crate) mod test_util {
    pub struct XorShift(pub u64);

    impl XorShift {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Splits `s` at random char boundaries (pieces of 1 to 8 bytes and more).
    pub fn random_split<'a>(s: &'a str, rng: &mut XorShift) -> Vec<&'a str> {
        let mut pieces = Vec::new();
        let mut start = 0;
        while start < s.len() {
            let mut end = (start + 1 + (rng.next() % 8) as usize).min(s.len());
            while !s.is_char_boundary(end) {
                end += 1;
            }
            pieces.push(&s[start..end]);
            start = end;
        }
        pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view_of(input: &[u8], piece: usize) -> (String, Option<bool>, u64) {
        let mut dec = Utf8Decoder::default();
        let mut builder = ViewBuilder::new();
        let mut sink = LineSink::new();
        let mut text = String::new();
        for chunk in input.chunks(piece.max(1)) {
            text.clear();
            dec.decode(chunk, &mut text);
            builder.push(&text, &mut sink);
        }
        text.clear();
        dec.finish(&mut text);
        builder.push(&text, &mut sink);
        let verdict = builder.finish(&mut sink);
        sink.finish();
        let view = String::from_utf8(sink.take_output()).unwrap();
        (view, verdict, dec.invalid)
    }

    #[test]
    fn decoder_replaces_invalid_and_carries_split_sequences() {
        let input = "héllo 错误 😀".as_bytes();
        for piece in 1..6 {
            let (view, _, invalid) = view_of(input, piece);
            assert_eq!(view, "héllo 错误 😀");
            assert_eq!(invalid, 0);
        }
        // A run of invalid sequences is one mark, wherever the pieces split
        // it; each sequence is counted. A valid U+FFFD stays as it is.
        for piece in 1..8 {
            let (view, _, invalid) = view_of(b"ok \xff\xfe end \xe9", piece);
            assert_eq!(view, "ok \u{FFFD} end \u{FFFD}");
            assert_eq!(invalid, 3);
            let (view, _, invalid) = view_of(b"a\xef\xbf\xbd\xff\xe2\x82b", piece);
            assert_eq!(view, "a\u{FFFD}\u{FFFD}b");
            assert_eq!(invalid, 2);
        }
    }

    #[test]
    fn text_view_of_invalid_bytes_stays_within_twice_the_input() {
        // Each invalid byte used to become a 3-byte U+FFFD: 3× the input.
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut random = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng as u8
        };
        let n = 300_000;
        let inputs: Vec<(&str, Vec<u8>)> = vec![
            ("0xff run", vec![0xff; n]),
            ("0xff then a letter", b"\xffa".repeat(n / 2)),
            ("0xff then a newline", b"\xff\n".repeat(n / 2)),
            ("lone continuation bytes", vec![0x80; n]),
            ("truncated 3-byte sequences", b"\xe2\x82".repeat(n / 2)),
            ("random bytes", (0..n).map(|_| random()).collect()),
        ];
        for (what, input) in inputs {
            let (view, _, _) = view_of(&input, 4096);
            // Soft-wrap newlines (one per WRAP_BYTES of a line) come on top.
            let wraps = view.len() / WRAP_BYTES + 1;
            assert!(
                view.len() <= 2 * input.len() + wraps,
                "{what}: view of {} bytes is {} bytes",
                input.len(),
                view.len()
            );
        }
    }

    #[test]
    fn json_is_reindented_and_text_is_cleaned() {
        let (view, verdict, _) = view_of(br#"  {"a":[1,2],"b":{}}"#, 4);
        assert_eq!(verdict, Some(true));
        assert_eq!(
            view,
            "  {\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n".trim_start()
        );
        let (view, verdict, _) = view_of(b"\x1b[31merror\x1b[0m: x\r\n10%\r100%\n", 5);
        assert_eq!(verdict, Some(false));
        assert_eq!(view, "error: x\n100%\n");
    }

    #[test]
    fn json_after_long_leading_whitespace_is_decided_alike_in_any_pieces() {
        // Found by fuzzing: whole, this was JSON; in 4 KiB pieces the
        // blanks alone passed the limit first and made it text.
        let mut input = vec![b' '; DECIDE_WITHIN + 4464];
        input.extend_from_slice(br#"{"a":1}"#);
        let whole = view_of(&input, input.len());
        assert_eq!(whole.1, Some(false));
        assert_eq!(view_of(&input, 4096), whole);
        let mut near = vec![b'\n'; DECIDE_WITHIN - 1];
        near.extend_from_slice(br#"{"a":1}"#);
        let whole = view_of(&near, near.len());
        assert_eq!(whole.1, Some(true));
        assert_eq!(view_of(&near, 4096), whole);
    }

    #[test]
    fn json_lookalike_is_reported_for_rebuild() {
        let (_, verdict, _) = view_of(b"[1, 2] and then some prose", 7);
        assert_eq!(verdict, None);
    }
}

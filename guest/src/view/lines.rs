//! The last stage of the view: lines.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::causes::{Cause, CauseTracker};
use super::columns::{Columns, OddField};
use super::errors::{error_spots, is_continuation, looks_like_error};
use super::json_lines::JsonLines;
use super::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip, clip_into};
use super::records::{RecordDetector, RecordRule};
use super::shapes::{LineShape, ShapeTable};
use super::standout::Standout;
use crate::line_index::{LINE_INDEX_STRIDE, WRAP_BYTES};

const HEAD_LINES: usize = 6;
const TAIL_LINES: usize = 4;
/// Error lines kept (each with the lines of its block): the first ones…
pub const FIRST_ERRORS: usize = 16;
/// …and the last ones.
pub const LAST_ERRORS: usize = 8;
/// An error block: the error line and at most this many continuation lines.
const BLOCK_LINES: usize = 8;
/// Continuation lines of a block that a later error line never displaces.
const SHALLOW: usize = 2;

/// What the handle message shows of an output, captured while storing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PreviewLines {
    pub head: Vec<PreviewLine>,
    pub errors: Vec<PreviewLine>,
    pub tail: Vec<PreviewLine>,
    /// The first line of each rare shape (see [`super::shapes`]).
    #[serde(default)]
    pub rare: Vec<PreviewLine>,
    /// The commonest line shapes, when most lines share a few.
    #[serde(default)]
    pub common: Vec<LineShape>,
    /// The structure of a JSON or CSV/TSV output in one line (`shape: …`,
    /// `columns (N rows): …`), most detailed first.
    #[serde(default)]
    pub summary: Vec<String>,
    /// Cause chains: each one's root and the project's frame under it.
    #[serde(default)]
    pub causes: Vec<Cause>,
    /// A table's odd values by column (an empty email among thousands).
    #[serde(default)]
    pub odd_fields: Vec<OddField>,
    /// Lines whose value stands out among records of one kind, each after
    /// the line naming its record.
    #[serde(default)]
    pub standout: Vec<PreviewLine>,
}

/// A line of an error block and its depth in the block (0: the error line).
struct KeptLine {
    line: PreviewLine,
    depth: usize,
}

/// The error block being collected.
#[derive(Default)]
struct Block {
    /// Continuation lines still allowed.
    left: usize,
    /// Started by `Traceback`: the first line that is not a frame ends it
    /// (the exception) and belongs to it.
    traceback: bool,
}

/// Collects view text into numbered, wrapped, indexed lines.
#[derive(Default)]
pub struct LineSink {
    out: Vec<u8>,
    cur: String,
    bytes: u64,
    lines: u64,
    index: Vec<u64>,
    head: Vec<PreviewLine>,
    first_errors: Vec<KeptLine>,
    last_errors: VecDeque<KeptLine>,
    tail: VecDeque<PreviewLine>,
    block: Block,
    shapes: ShapeTable,
    columns: Columns,
    json_lines: JsonLines,
    records: RecordDetector,
    causes: CauseTracker,
    standout: Standout,
    /// The JSON view's shape line, set when the document ends.
    json_shape: Vec<String>,
}

impl LineSink {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, text: &str) {
        // One scan of the whole piece finds error-looking spots; lines are
        // checked against these offsets instead of running a regex per line.
        let mut hits = error_spots(text).peekable();
        let mut offset = 0;
        for segment in text.split_inclusive('\n') {
            let start = offset;
            offset += segment.len();
            let (body, ends_line) = match segment.strip_suffix('\n') {
                Some(body) => (body, true),
                None => (segment, false),
            };
            while hits.next_if(|&h| h < start).is_some() {}
            let hit = hits.peek().is_some_and(|&h| h < start + body.len());
            if self.cur.is_empty() && ends_line && body.len() <= WRAP_BYTES {
                self.emit_checked(body, true, Some(hit));
                continue;
            }
            self.cur.push_str(body);
            self.wrap();
            if ends_line {
                let line = std::mem::take(&mut self.cur);
                self.emit(&line, true);
                self.cur = line;
                self.cur.clear();
            }
        }
    }

    /// Emit a final line that has no newline.
    pub fn finish(&mut self) {
        if !self.cur.is_empty() {
            let line = std::mem::take(&mut self.cur);
            self.emit(&line, false);
        }
        self.columns.finish();
    }

    /// The shape line of the JSON document this view re-indents.
    pub fn set_json_shape(&mut self, variants: Vec<String>) {
        self.json_shape = variants;
    }

    /// View bytes produced since the last call.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    pub fn pending_output(&self) -> usize {
        self.out.len()
    }

    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// View bytes emitted so far (taken or not).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn index(&self) -> &[u64] {
        &self.index
    }

    /// How the view splits into records, if it does.
    pub fn record_rule(&self) -> Option<RecordRule> {
        self.records.finish()
    }

    pub fn preview(&self) -> PreviewLines {
        let errors = self
            .first_errors
            .iter()
            .chain(&self.last_errors)
            .map(|k| k.line.clone())
            .collect();
        let lines = self.lines;
        let shown_anyway = |n| n <= HEAD_LINES as u64 || n + TAIL_LINES as u64 > lines;
        let (mut rare, common) = self.shapes.rare_lines(shown_anyway);
        // A table's odd rows (an empty or negative value among thousands)
        // stand out by value, not by shape.
        let odd = self.columns.odd_rows().into_iter();
        rare.extend(odd.filter(|l| !shown_anyway(l.line)));
        rare.sort_by_key(|l| l.line);
        rare.dedup_by_key(|l| l.line);
        PreviewLines {
            head: self.head.clone(),
            errors,
            tail: self.tail.iter().cloned().collect(),
            rare,
            common,
            causes: self.causes.causes(),
            odd_fields: self.columns.odd_fields(),
            standout: self.standout.lines(),
            summary: if !self.json_shape.is_empty() {
                self.json_shape.clone()
            } else {
                let records = self.json_lines.render();
                if records.is_empty() {
                    self.columns.render()
                } else {
                    records
                }
            },
        }
    }

    /// Cut `cur` into lines of at most WRAP_BYTES, preferring to break after
    /// a space or comma in the last quarter of the line. The rest is moved
    /// to the front once, not once per cut (`cur` can be megabytes long).
    fn wrap(&mut self) {
        let cur = std::mem::take(&mut self.cur);
        let mut start = 0;
        while cur.len() - start > WRAP_BYTES {
            let rest = &cur[start..];
            let limit = rest.floor_char_boundary(WRAP_BYTES);
            let bytes = rest.as_bytes();
            let cut = (WRAP_BYTES * 3 / 4..limit)
                .rev()
                .find(|&i| matches!(bytes[i - 1], b' ' | b','))
                .unwrap_or(limit);
            self.columns.off();
            self.json_lines.off();
            self.emit(&rest[..cut], true);
            start += cut;
        }
        self.cur = cur;
        self.cur.drain(..start);
    }

    fn emit(&mut self, line: &str, newline: bool) {
        self.emit_checked(line, newline, None);
    }

    /// `error_hit`: whether the caller already knows the line has an error
    /// keyword (None: check here).
    fn emit_checked(&mut self, line: &str, newline: bool, error_hit: Option<bool>) {
        let number = self.lines + 1;
        if (number - 1).is_multiple_of(LINE_INDEX_STRIDE) {
            self.index.push(self.bytes);
        }
        self.out.extend_from_slice(line.as_bytes());
        if newline {
            self.out.push(b'\n');
        }
        self.bytes += line.len() as u64 + u64::from(newline);
        self.lines = number;

        let capture = || PreviewLine {
            line: number,
            text: clip(line, PREVIEW_LINE_BYTES),
        };
        if self.head.len() < HEAD_LINES {
            self.head.push(capture());
        }
        // Reuse the oldest tail slot's buffer: this runs for every line.
        let mut slot = if self.tail.len() == TAIL_LINES {
            self.tail.pop_front().expect("full")
        } else {
            PreviewLine {
                line: 0,
                text: String::new(),
            }
        };
        slot.line = number;
        slot.text.clear();
        clip_into(line, PREVIEW_LINE_BYTES, &mut slot.text);
        self.tail.push_back(slot);
        self.shapes.push(number, line);
        self.columns.push_line(number, line);
        self.json_lines.push_line(line);
        self.records.push(line);
        self.causes.push(number, line);
        self.standout.push(number, line);
        let is_error = match error_hit {
            Some(false) => false,
            _ => looks_like_error(line.as_bytes()),
        };
        let mut in_block = false;
        if !is_error && (self.block.left > 0 || self.block.traceback) {
            if is_continuation(line.as_bytes()) {
                if self.block.left > 0 {
                    self.block.left -= 1;
                    in_block = true;
                }
            } else {
                // A traceback's frames end with the exception: keep it
                // even when the frames were too many to keep.
                in_block = self.block.traceback && !line.trim().is_empty();
                self.block = Block::default();
            }
        }
        if is_error {
            self.block = Block {
                left: BLOCK_LINES,
                traceback: line.trim_start().starts_with("Traceback"),
            };
        }
        if is_error {
            self.keep_error(capture(), 0);
        } else if in_block {
            // The exception ending a traceback ranks with a first frame.
            let depth = (BLOCK_LINES - self.block.left).max(1);
            self.keep_error(capture(), depth);
        }
    }

    /// `depth`: 0 for an error line, n for the n-th line continuing it. A
    /// new failure outranks a deep frame of an earlier one (two blocks of
    /// nine lines no longer hide the third failure).
    fn keep_error(&mut self, line: PreviewLine, depth: usize) {
        let kept = KeptLine { line, depth };
        if self.first_errors.len() < FIRST_ERRORS {
            self.first_errors.push(kept);
            return;
        }
        // Only while nothing is kept after the first ones: a line moved into
        // them past a kept later line would put the errors out of order.
        if depth == 0
            && self.last_errors.is_empty()
            && let Some(at) = self.first_errors.iter().rposition(|k| k.depth > SHALLOW)
        {
            self.first_errors.remove(at);
            self.first_errors.push(kept);
            return;
        }
        self.last_errors.push_back(kept);
        if self.last_errors.len() > LAST_ERRORS {
            let at = self.last_errors.iter().position(|k| k.depth > 0);
            self.last_errors.remove(at.unwrap_or(0));
        }
    }
}

#[cfg(test)]
mod tests;

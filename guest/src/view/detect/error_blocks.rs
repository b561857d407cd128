//! Error blocks: each line that looks like a failure ([`Line::error`]) with
//! the lines continuing it (`  File …`, `    at …`, `  --> src/…`, at most
//! [`BLOCK_LINES`]) and a traceback's final exception line; the first
//! blocks and the last ones.

use std::collections::VecDeque;

use super::{Detector, Findings, Line, Totals};
use crate::view::errors::is_continuation;
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip};

/// Error lines kept (each with the lines of its block): the first ones…
pub const FIRST_ERRORS: usize = 16;
/// …and the last ones.
pub const LAST_ERRORS: usize = 8;
/// An error block: the error line and at most this many continuation lines.
pub const BLOCK_LINES: usize = 8;
/// Continuation lines of a block that a later error line never displaces.
const SHALLOW: usize = 2;

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

#[derive(Default)]
pub struct ErrorBlocks {
    first: Vec<KeptLine>,
    last: VecDeque<KeptLine>,
    block: Block,
}

impl Detector for ErrorBlocks {
    fn name(&self) -> &'static str {
        "error blocks"
    }

    fn see(&mut self, line: &Line) {
        let text = line.text;
        let mut in_block = false;
        if !line.error && (self.block.left > 0 || self.block.traceback) {
            if is_continuation(text.as_bytes()) {
                if self.block.left > 0 {
                    self.block.left -= 1;
                    in_block = true;
                }
            } else {
                // A traceback's frames end with the exception: keep it
                // even when the frames were too many to keep.
                in_block = self.block.traceback && !text.trim().is_empty();
                self.block = Block::default();
            }
        }
        let capture = || PreviewLine {
            line: line.number,
            text: clip(text, PREVIEW_LINE_BYTES),
        };
        if line.error {
            self.block = Block {
                left: BLOCK_LINES,
                traceback: text.trim_start().starts_with("Traceback"),
            };
            self.keep(capture(), 0);
        } else if in_block {
            // The exception ending a traceback ranks with a first frame.
            let depth = (BLOCK_LINES - self.block.left).max(1);
            self.keep(capture(), depth);
        }
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        findings.preview.errors = (self.first.iter().chain(&self.last))
            .map(|k| k.line.clone())
            .collect();
    }
}

impl ErrorBlocks {
    /// `depth`: 0 for an error line, n for the n-th line continuing it. A
    /// new failure outranks a deep frame of an earlier one (two blocks of
    /// nine lines no longer hide the third failure).
    fn keep(&mut self, line: PreviewLine, depth: usize) {
        let kept = KeptLine { line, depth };
        if self.first.len() < FIRST_ERRORS {
            self.first.push(kept);
            return;
        }
        // Only while nothing is kept after the first ones: a line moved into
        // them past a kept later line would put the errors out of order.
        if depth == 0
            && self.last.is_empty()
            && let Some(at) = self.first.iter().rposition(|k| k.depth > SHALLOW)
        {
            self.first.remove(at);
            self.first.push(kept);
            return;
        }
        self.last.push_back(kept);
        if self.last.len() > LAST_ERRORS {
            let at = self.last.iter().position(|k| k.depth > 0);
            self.last.remove(at.unwrap_or(0));
        }
    }
}

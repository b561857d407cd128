//! The head and the tail of the view: what any cut keeps, and what the
//! other detectors need not repeat.

use std::collections::VecDeque;

use super::{Detector, Findings, Line, Totals};
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip, clip_into};

/// Lines kept from the start…
pub const HEAD_LINES: usize = 6;
/// …and from the end.
pub const TAIL_LINES: usize = 4;

/// Whether line `n` of `lines` is in the head or the tail.
pub fn shown_anyway(n: u64, lines: u64) -> bool {
    n <= HEAD_LINES as u64 || n + TAIL_LINES as u64 > lines
}

#[derive(Default)]
pub struct Ends {
    head: Vec<PreviewLine>,
    tail: VecDeque<PreviewLine>,
}

impl Detector for Ends {
    fn name(&self) -> &'static str {
        "ends"
    }

    fn see(&mut self, line: &Line) {
        if self.head.len() < HEAD_LINES {
            self.head.push(PreviewLine {
                line: line.number,
                text: clip(line.text, PREVIEW_LINE_BYTES),
                keep: None,
            });
        }
        // Reuse the oldest tail slot's buffer: this runs for every line.
        let mut slot = if self.tail.len() == TAIL_LINES {
            self.tail.pop_front().expect("full")
        } else {
            PreviewLine {
                line: 0,
                text: String::new(),
                keep: None,
            }
        };
        slot.line = line.number;
        slot.text.clear();
        clip_into(line.text, PREVIEW_LINE_BYTES, &mut slot.text);
        self.tail.push_back(slot);
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        findings.preview.head = self.head.clone();
        findings.preview.tail = self.tail.iter().cloned().collect();
    }
}

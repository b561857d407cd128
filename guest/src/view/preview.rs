//! A line kept for the handle message, and how long it may be: shared by
//! every stage that keeps lines (the sink, shapes, columns, the JSON shape).

use serde::{Deserialize, Serialize};

/// A summary line (JSON shape, CSV columns) is stored up to this many
/// bytes; the message clips it further to its budget.
pub const SUMMARY_BYTES: usize = 1024;
/// Preview lines are cut to this many bytes.
pub const PREVIEW_LINE_BYTES: usize = 240;

/// A view line kept for the preview, numbered as in the view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreviewLine {
    pub line: u64,
    pub text: String,
}

/// At most `max` bytes of `line` (on a char boundary), `…` marking a cut.
pub fn clip(line: &str, max: usize) -> String {
    let mut out = String::new();
    clip_into(line, max, &mut out);
    out
}

pub(super) fn clip_into(line: &str, max: usize, out: &mut String) {
    if line.len() <= max {
        out.push_str(line);
    } else {
        out.push_str(&line[..line.floor_char_boundary(max)]);
        out.push('…');
    }
}

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

/// At most `max` bytes of `line`, cut in the middle (`…` marking the cut)
/// after its first `head` bytes, when they fit in two fifths of `max`: a
/// failure's message is at the end of its line, after a timestamp, a
/// process id and an error word that a cut at the end would keep instead.
/// Otherwise cut at the end, as [`clip`].
pub fn clip_after(line: &str, head: usize, max: usize) -> String {
    if line.len() <= max {
        return line.to_string();
    }
    let room = max.saturating_sub('…'.len_utf8());
    if head > room * 2 / 5 {
        return clip(line, max);
    }
    let head = line.floor_char_boundary(room * 2 / 5);
    let tail = line.ceil_char_boundary(line.len() - (room - head));
    format!("{}…{}", &line[..head], &line[tail..])
}

/// At most `max` bytes of `line`, keeping the part from byte `at` on (a
/// field a listing compared, 600 bytes into a JSON line) after as much of
/// its head as fits: `head…"responseTime":2841.7,"msg"…`. As [`clip`] when
/// `at` is within the first three fifths of `max`.
pub fn clip_showing(line: &str, at: usize, max: usize) -> String {
    if line.len() <= max || at <= max * 3 / 5 {
        return clip(line, max);
    }
    let room = max.saturating_sub(2 * '…'.len_utf8());
    let part = (room * 2 / 5).min(line.len() - at);
    let head = line.floor_char_boundary(room - part);
    let from = line.floor_char_boundary(at);
    let to = line.floor_char_boundary(from + part);
    let more = if to < line.len() { "…" } else { "" };
    format!("{}…{}{more}", &line[..head], &line[from..to])
}

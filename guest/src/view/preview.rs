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
    /// A byte of `text` the message keeps when it cuts the line shorter:
    /// where the value that stands out starts (a mail log's
    /// `status=bounced` after its recipient and relay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep: Option<usize>,
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

/// At most `max` bytes of `line`, keeping the byte ranges `parts` of it
/// (wanted most first: members naming a record, a field a listing
/// compared, 600 bytes into a JSON line) after as much of its head as
/// fits, `…` marking each cut: `{"status":"oom",…"name":"web-2"…`. Parts
/// the head shows are not repeated; the least wanted ones go while the
/// head would be under two fifths of `max`. As [`clip`] when none is left.
/// Each part must start and end on a char boundary.
pub fn clip_keeping(line: &str, parts: &[std::ops::Range<usize>], max: usize) -> String {
    if line.len() <= max {
        return line.to_string();
    }
    let mark = '…'.len_utf8();
    let mut keep: Vec<std::ops::Range<usize>> = parts.to_vec();
    let head = loop {
        let tail: usize = keep.iter().map(|r| r.len() + mark).sum::<usize>() + mark;
        let head = line.floor_char_boundary(max.saturating_sub(tail));
        let before = keep.len();
        keep.retain(|r| r.end > head);
        if keep.len() < before {
            continue;
        }
        if keep.is_empty() || head >= max * 2 / 5 {
            break head;
        }
        keep.pop();
    };
    if keep.is_empty() {
        return clip(line, max);
    }
    keep.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(max + 8);
    out.push_str(&line[..head]);
    let mut at = head;
    // A gap no longer than its mark is shown instead (`2841.5}`, not
    // `2841.5…`).
    let gap = |out: &mut String, from: usize, to: usize| {
        if to - from <= mark {
            out.push_str(&line[from..to]);
        } else {
            out.push('…');
        }
    };
    for r in keep {
        let start = r.start.max(at);
        if start >= r.end {
            continue;
        }
        if start > at {
            gap(&mut out, at, start);
        }
        out.push_str(&line[start..r.end]);
        at = r.end;
    }
    if at < line.len() {
        gap(&mut out, at, line.len());
    }
    out
}

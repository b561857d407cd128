//! Target `truncate`: the last-resort head + tail cut of a stored view.
//!
//! Input: two bytes of budget (little-endian), then the output to store.
//!
//! Invariants: a view within the budget comes back whole; otherwise the
//! answer is a head of the view, the marker, and a tail of the view, where
//! the marker's byte and line counts are exactly those of the cut middle;
//! it is within the budget (the marker alone may exceed a budget too small
//! for it: it is never dropped); each side keeps at least about half its
//! share (cuts move only to a line break in the outer half of a side).

use std::sync::LazyLock;

use tool_output_guest::doc::Doc;
use tool_output_guest::storage::MemStorage;
use tool_output_guest::strategy::truncate::head_tail;

use crate::known::{Defect, check};
use crate::support::store_always;

static MARKER: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"\n\[\.\.\. (\d+) bytes and (\d+) lines omitted \.\.\.\]\n")
        .expect("static regex")
});

pub fn run(data: &[u8]) {
    let Some((budget, output)) = data.split_first_chunk::<2>() else {
        return;
    };
    let budget = usize::from(u16::from_le_bytes(*budget));
    let st = MemStorage::new();
    let handle = store_always(&st, output);
    let doc = Doc::open(&st, &handle).expect("open");
    let view = doc.read_bytes(0, doc.view_bytes()).expect("view");
    let view = String::from_utf8(view).expect("the view is UTF-8");
    let out = head_tail(&doc, budget).expect("truncate of a stored output");
    check_cut(&out, &view, budget, true);
}

/// Checks a `head_tail` answer against the view file's text. Untrusted
/// files (a corrupt sidecar may lie about the view) only report through
/// [`Defect::CorruptFiles`].
pub fn check_cut(out: &str, view: &str, budget: usize, trusted: bool) {
    let fail = |what: String| {
        if trusted {
            panic!("{what}");
        }
        check(Defect::CorruptFiles, false, || what);
    };
    if view.len() <= budget {
        if out != view {
            fail(format!("a view within the budget was cut: {out:?}"));
        }
        return;
    }
    // The view may hold look-alikes: one reading must fit.
    let fits = MARKER.captures_iter(out).any(|c| {
        let m = c.get(0).expect("whole match");
        let (head, tail) = (&out[..m.start()], &out[m.end()..]);
        let omitted = view.len().checked_sub(head.len() + tail.len());
        let middle = omitted.and_then(|_| view.get(head.len()..view.len() - tail.len()));
        view.starts_with(head)
            && view.ends_with(tail)
            && omitted.is_some_and(|n| c[1].parse() == Ok(n))
            && middle.is_some_and(|m| c[2].parse() == Ok(m.matches('\n').count()))
            && side_kept(head.len(), tail.len(), budget, m.as_str().len(), view)
    });
    if !fits {
        fail(format!(
            "not head + exact marker + tail of the view (budget {budget}): {out:?}"
        ));
    }
    let widest = format!(
        "\n[... {} bytes and {} lines omitted ...]\n",
        view.len(),
        view.len()
    );
    if out.len() > budget.max(widest.len()) {
        fail(format!("{} bytes over a budget of {budget}", out.len()));
    }
}

/// Each side keeps at least half its share of the room, less a partial char.
fn side_kept(head: usize, tail: usize, budget: usize, marker: usize, view: &str) -> bool {
    let lines = view.matches('\n').count() + 1;
    let widest = format!(
        "\n[... {} bytes and {lines} lines omitted ...]\n",
        view.len()
    )
    .len();
    let room = budget.saturating_sub(widest.max(marker));
    let (head_room, tail_room) = (room / 2, room - room / 2);
    2 * head + 3 >= head_room && 2 * tail + 3 >= tail_room
}

//! What shows a line's record in an answer, read back from the view: the
//! lines naming it ([`crate::view::detect::names`], as the storing tracks
//! them), the line opening it when it has a key (`"shell-quote": {`, a
//! list item), and, for a log entry, the lines after it that continue it
//! (a slow query's text under its `# Query_time:`).

use super::passage::read;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{NAME_REACH, Names};
use crate::view::detect::records::RecordCursor;
use crate::view::detect::values::fields::line_kind;

/// Lines after a line read for the rest of its entry.
const AFTER: u64 = 3;

/// Line `n`, the lines naming its record and opening it before it, and the
/// lines after it continuing its entry, in order.
pub fn around(doc: &Doc, n: u64) -> Result<Vec<(u64, String)>, Failure> {
    let from = n.saturating_sub(NAME_REACH).max(1);
    let lines = read(doc, from, n + AFTER)?;
    let indent_of = |l: &str| l.len() - l.trim_start().len();
    let mut names = Names::default();
    let mut out = Vec::new();
    // The last line shallower than each line (its parent), as read.
    let mut parents: Vec<(usize, u64, &str)> = Vec::new();
    let mut after = false;
    let (mut kind, mut indent) = (0, 0);
    let mut cursor = doc.meta.records.as_ref().map(RecordCursor::new);
    for (m, text) in &lines {
        let starts = cursor.as_mut().is_some_and(|c| c.starts(text));
        if *m < n {
            names.see(*m, text);
            if !text.trim().is_empty() {
                let i = indent_of(text);
                parents.retain(|p| p.0 < i);
                parents.push((i, *m, text));
            }
            continue;
        }
        if *m == n {
            indent = indent_of(text);
            let mut head: Vec<(u64, String)> = (names.of(indent, n).into_iter())
                .map(|l| (l.line, l.text))
                .collect();
            // The line opening the record, when it says whose it is.
            if let Some(&(_, p, t)) = parents.iter().rev().find(|p| p.0 < indent)
                && keyed_opener(t)
            {
                head.push((p, t.to_string()));
            }
            head.sort_by_key(|l| l.0);
            head.dedup_by_key(|l| l.0);
            out.extend(head);
            out.push((n, text.clone()));
            kind = line_kind(text);
            after = true;
            continue;
        }
        let ends = text.trim().is_empty()
            || line_kind(text) == kind
            || indent_of(text) < indent
            || text.trim_start().starts_with("- ")
            || starts;
        if !after || ends {
            break;
        }
        out.push((*m, text.clone()));
    }
    Ok(out)
}

/// A line opening a block under a key: `"shell-quote": {`, `spec:`,
/// `- name: web` (not a bare bracket).
fn keyed_opener(line: &str) -> bool {
    let t = line.trim();
    let opens = t.ends_with('{') || t.ends_with('[') || t.ends_with(':');
    (opens && t.len() > 2) || t.starts_with("- ")
}

//! What the answer shows of one ranked window: its lines and a few after
//! (a match is often followed by its details), or, in an output made of
//! records, each record holding a match — whole when short, else its
//! identifying lines (its head, the line that names it), the values in it
//! that stand out among its kind, and its best matching lines with a
//! little context — so a match never shows without
//! the record it belongs to, nor beside the next record's head.

use std::collections::BTreeMap;

use super::member::{NAMED_MEMBERS, names_member};
use super::search::{LineTerms, Query, Window};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{Named, best_of, list_key, name_rank, names_by_id};
use crate::view::detect::records::{RecordCursor, RecordRule};
use crate::view::errors::looks_like_error;

/// Lines shown after a fixed window.
const WINDOW_CONTEXT_AFTER: u64 = 3;
/// A record of at most this many lines is shown whole.
const WHOLE_RECORD_LINES: usize = 12;
/// The head of a long record: its first lines, up to a blank one.
const HEAD_LINES: usize = 3;
/// Matching lines shown of a long record, the ones holding most terms…
const MATCH_LINES: usize = 6;
/// …each with this many lines around it.
const MATCH_CONTEXT: usize = 2;
/// How far after a matching line a failure is shown as its reply.
const REPLY_WITHIN: usize = 6;
/// A record this short is shown with its neighbours (a one-line log entry).
const SHORT_RECORD_LINES: usize = 3;
/// How far into a record its naming lines (`name:`, `"id":`) are looked for.
const NAME_WITHIN: usize = 64;
/// Lines read from the output's start for the list its records are in.
const LIST_WITHIN: u64 = 64;

/// Lines of the view to show, by number, and the query terms they hold.
pub struct Passage {
    pub lines: BTreeMap<u64, String>,
    pub terms: Vec<String>,
}

impl Passage {
    pub fn first(&self) -> u64 {
        self.lines.keys().next().copied().unwrap_or(0)
    }

    pub fn last(&self) -> u64 {
        self.lines.keys().next_back().copied().unwrap_or(0)
    }

    /// Adds `other`'s lines and terms.
    pub fn merge(&mut self, other: Passage) {
        self.lines.extend(other.lines);
        for t in other.terms {
            if !self.terms.contains(&t) {
                self.terms.push(t);
            }
        }
    }

    /// `[lines a–b, matches: …]`, the numbered lines, and a marker where
    /// lines are left out.
    pub fn render(&self) -> String {
        self.render_titled(&format!(
            "lines {}–{}, matches: {}",
            self.first(),
            self.last(),
            self.terms.join(", ")
        ))
    }

    /// As [`Self::render`], under `[title]`.
    pub fn render_titled(&self, title: &str) -> String {
        let mut out = format!("\n[{title}]\n");
        let mut next = self.first();
        for (&n, line) in &self.lines {
            if n > next {
                out.push_str(&format!("[... {} lines not shown ...]\n", n - next));
            }
            out.push_str(&format!("{n}: {line}\n"));
            next = n + 1;
        }
        out
    }
}

/// The passage for `window`: fixed lines without a rule, records with one.
/// `marked`: lines a shown record always shows (values that stand out).
pub fn of_window(
    doc: &Doc,
    window: &Window,
    rule: Option<&RecordRule>,
    hits: &mut LineTerms,
    marked: &[u64],
    asked: &Query,
) -> Result<Passage, Failure> {
    let terms = window.matched_terms.clone();
    let Some(rule) = rule else {
        let last = (window.last_line + WINDOW_CONTEXT_AFTER).min(doc.lines());
        let lines = read(doc, window.first_line, last)?.into_iter().collect();
        return Ok(Passage { lines, terms });
    };
    let list = records_list(doc, rule)?;
    let from = window
        .first_line
        .saturating_sub(SHORT_RECORD_LINES as u64)
        .max(1);
    let to = (window.last_line + SHORT_RECORD_LINES as u64).min(doc.lines());
    let around = read(doc, from, to)?;
    let unit: Vec<&(u64, String)> = (around.iter())
        .filter(|(n, _)| (window.first_line..=window.last_line).contains(n))
        .collect();
    let mut shown = BTreeMap::new();
    if window.record_first < window.first_line {
        // The unit continues a long record: name it first.
        let head = read(
            doc,
            window.record_first,
            window.record_first + NAME_WITHIN as u64,
        )?;
        let head: Vec<&(u64, String)> = head.iter().collect();
        for &i in &identifying(&head, list.as_deref()) {
            shown.insert(head[i].0, head[i].1.clone());
        }
    }
    let mut cursor = RecordCursor::new(rule);
    let mut starts: Vec<usize> = (0..unit.len())
        .filter(|&i| cursor.starts(&unit[i].1) || i == 0)
        .collect();
    starts.push(unit.len());
    for pair in starts.windows(2) {
        let record = &unit[pair[0]..pair[1]];
        let held: Vec<Vec<usize>> = record.iter().map(|(_, l)| hits.held(l)).collect();
        if held.iter().all(Vec::is_empty) {
            continue;
        }
        let mut keep: Vec<usize> = if record.len() <= WHOLE_RECORD_LINES {
            (0..record.len()).collect()
        } else {
            let mut keep = identifying(record, list.as_deref());
            keep.extend((0..record.len()).filter(|&i| marked.contains(&record[i].0)));
            // The members the question names by a naming word (a record's
            // `eventTimestamp` for "at what time"), the first few.
            let named = (0..record.len()).filter(|&i| names_member(asked, &record[i].1));
            keep.extend(named.take(NAMED_MEMBERS));
            for i in best_lines(&held) {
                keep.extend(
                    i.saturating_sub(MATCH_CONTEXT)..=(i + MATCH_CONTEXT).min(record.len() - 1),
                );
                // A request's failing reply a little past the context (a
                // mail server's `554 5.7.1` after the `RCPT TO` it refuses).
                let after = i + MATCH_CONTEXT + 1..=(i + REPLY_WITHIN).min(record.len() - 1);
                keep.extend(
                    after
                        .filter(|&j| looks_like_error(record[j].1.as_bytes()))
                        .take(1),
                );
            }
            keep
        };
        keep.sort_unstable();
        keep.dedup();
        for i in keep {
            shown.insert(record[i].0, record[i].1.clone());
        }
        if record.len() <= SHORT_RECORD_LINES {
            // A one-line entry among others: its neighbours, as a window would.
            let (a, b) = (record[0].0, record[record.len() - 1].0);
            let near = a.saturating_sub(SHORT_RECORD_LINES as u64)..=b + SHORT_RECORD_LINES as u64;
            for (n, l) in around.iter().filter(|(n, _)| near.contains(n)) {
                shown.insert(*n, l.clone());
            }
        }
    }
    Ok(Passage {
        lines: shown,
        terms,
    })
}

/// Indexes of a long record's best matching lines, [`MATCH_LINES`] at
/// most: each next the one holding most terms no line before it holds,
/// then most terms, then the earliest — so a rare term's line (a finding's
/// `"Domain": "pool.…"`) is shown beside ten lines of a common one.
fn best_lines(held: &[Vec<usize>]) -> Vec<usize> {
    let mut shown: Vec<usize> = Vec::new();
    let mut said: Vec<usize> = Vec::new();
    while shown.len() < MATCH_LINES {
        let best = (0..held.len())
            .filter(|i| !held[*i].is_empty() && !shown.contains(i))
            .max_by_key(|&i| {
                let new = held[i].iter().filter(|t| !said.contains(t)).count();
                (new, held[i].len(), std::cmp::Reverse(i))
            });
        let Some(i) = best else { break };
        said.extend(&held[i]);
        shown.push(i);
    }
    shown
}

/// Indexes of a record's identifying lines: its head (first lines up to a
/// blank one) and its [`best_names`] among its first [`NAME_WITHIN`].
fn identifying(record: &[&(u64, String)], list: Option<&str>) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..record.len().min(HEAD_LINES))
        .take_while(|&i| i == 0 || !record[i].1.trim().is_empty())
        .collect();
    let within = record.iter().take(NAME_WITHIN).map(|l| l.1.as_str());
    keep.extend(best_names(within, list));
    keep
}

/// Indexes of the lines of a record that name it best ([`best_of`]), in
/// a list under the key `list`, in order.
pub(super) fn best_names<'a>(
    record: impl Iterator<Item = &'a str>,
    list: Option<&str>,
) -> Vec<usize> {
    let named = (record.enumerate())
        .filter_map(|(i, l)| {
            let body = l.trim();
            Some(Named {
                depth: l.len() - l.trim_start().len(),
                rank: name_rank(body, list)?,
                at: i,
                by_id: names_by_id(body),
            })
        })
        .collect();
    let mut best = best_of(named);
    best.sort_unstable();
    best
}

/// The key of the list the output's records are items of (`Volumes` of
/// `{"Volumes": [{…}, …]}`): the line before the first record, when it
/// opens a list under a key near the output's start.
pub(super) fn records_list(doc: &Doc, rule: &RecordRule) -> Result<Option<String>, Failure> {
    let mut cursor = RecordCursor::new(rule);
    let mut before: Option<String> = None;
    for (_, text) in read(doc, 1, LIST_WITHIN)? {
        // At the rule's indent: the output's first line starts one anyway.
        let at_rule = text.len() - text.trim_start().len() == rule.indent as usize;
        if cursor.starts(&text) && at_rule && before.is_some() {
            return Ok(before
                .as_deref()
                .and_then(|b| list_key(b.trim()))
                .map(str::to_string));
        }
        if !text.trim().is_empty() {
            before = Some(text);
        }
    }
    Ok(None)
}

/// Lines `first..=last`, numbered.
pub(super) fn read(doc: &Doc, first: u64, last: u64) -> Result<Vec<(u64, String)>, Failure> {
    let mut lines = Vec::new();
    let mut reader = doc.lines_from(first);
    while let Some((n, line)) = reader.next_line() {
        if n > last {
            break;
        }
        lines.push((n, line));
    }
    reader
        .error()
        .map_err(|e| Failure::strategy(e.message().to_string()))?;
    Ok(lines)
}

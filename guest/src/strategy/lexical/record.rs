//! What shows a line's record in an answer, read back from the view: the
//! lines naming it ([`crate::view::detect::names`], as the storing tracks
//! them; in an output of indented records — JSON, YAML — its record's own
//! naming lines, before or after it: a match's `"name"` under its
//! `"artifact"`), the line opening it when it has a key
//! (`"shell-quote": {`, a list item), and, for a log entry, the lines after
//! it that continue it (a slow query's text under its `# Query_time:`).

use super::member::{NAMED_MEMBERS, holds_asked_file, label, named_by, names_list};
use super::passage::{best_names, read, records_list};
use super::search::Query;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{NAME_REACH, Names, naming_key, tells_what_happened};
use crate::view::detect::records::RecordCursor;
use crate::view::detect::values::fields::line_kind;
use crate::view::errors::looks_like_error;
use crate::view::preview::clip;

/// A headed record this many lines long up to a line is shown whole with
/// an extreme value of it.
const SHORT_RECORD: u64 = 12;
/// Lines after a line read for the rest of its entry.
const AFTER: u64 = 3;
/// A record's lines read for its naming lines: longer ones are named by
/// the lines nearest the line, else by their first ones.
const RECORD_READ: u64 = 120;
/// Bytes of a record read for the member a question names, at most.
const MEMBER_READ_BYTES: usize = 64 * 1024;
/// A naming line shown after a listed line is cut to this many bytes.
const NAME_BYTES: usize = 120;

/// Line `n`, the lines naming its record and opening it before it, and the
/// lines after it continuing its entry, in order; with the question
/// (`asked`), also the member of its record the question names.
pub fn around(doc: &Doc, n: u64, asked: Option<&Query>) -> Result<Vec<(u64, String)>, Failure> {
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
    let mut record_first = None;
    for (m, text) in &lines {
        let starts = cursor.as_mut().is_some_and(|c| c.starts(text));
        if starts && *m <= n {
            record_first = Some(*m);
        }
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
            // An indented record's own naming lines, before or after it.
            if let Some(f) = record_first.filter(|&f| f != n) {
                head.extend(record_names(doc, f, n, asked)?);
                // The record's member the question names, before or after
                // the line (an LDIF entry's `sAMAccountName` below its
                // `lockoutTime`, for "every username"; a charge's
                // `customer` above its `disputed`, for "who is the
                // customer").
                if let Some(q) = asked {
                    head.extend(asked_member(doc, f, n, q)?);
                }
            }
            head.extend(telling(&lines, n, indent));
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
    out.sort_by_key(|l| l.0);
    out.dedup_by_key(|l| l.0);
    Ok(out)
}

/// The member beside line `n` (at its indent, in the object holding it:
/// no shallower or blank line between) that tells what happened in words,
/// before or after it: a rare `"reason": "FailedMount"` comes with its
/// `"message"`, which says why. A line at no indent has no object.
fn telling(lines: &[(u64, String)], n: u64, indent: usize) -> Option<(u64, String)> {
    let at = lines
        .iter()
        .position(|(m, _)| *m == n)
        .filter(|_| indent > 0)?;
    let find = |side: &mut dyn Iterator<Item = &(u64, String)>| {
        for (m, text) in side {
            let body = text.trim();
            let i = text.len() - text.trim_start().len();
            if body.is_empty() || i < indent {
                return None;
            }
            if i == indent && tells_what_happened(body) {
                return Some((*m, text.clone()));
            }
        }
        None
    };
    find(&mut lines[..at].iter().rev()).or_else(|| find(&mut lines[at + 1..].iter()))
}

/// The lines after line `n` indented under it, at most `max`: a
/// valgrind loss record's stack under its `definitely lost` line, a
/// traceback's frames. Indent counts after a first word the lines share
/// (`==48213==`, a pid or a service's prefix), so a prefixed log's blocks
/// are seen; a blank line or one not indented deeper ends them.
pub fn block_after(doc: &Doc, n: u64, max: u64) -> Result<Vec<(u64, String)>, Failure> {
    let lines = read(doc, n, n + max)?;
    let Some((_, head)) = lines.first() else {
        return Ok(Vec::new());
    };
    let prefix = head.split(' ').next().unwrap_or("");
    // A line after the prefix the lines share, if it has it.
    fn rest<'a>(line: &'a str, prefix: &str) -> &'a str {
        let r = line.strip_prefix(prefix).filter(|_| !prefix.is_empty());
        r.unwrap_or(line)
    }
    let indent = |r: &str| r.len() - r.trim_start().len();
    let at = indent(rest(head, prefix));
    Ok((lines.iter().skip(1))
        .take_while(|(_, l)| {
            let r = rest(l, prefix);
            !r.trim().is_empty() && indent(r) > at
        })
        .cloned()
        .collect())
}

/// A line and the lines saying whose it is (its record's first line, the
/// line naming it), as the search met it: what [`whose`] takes.
pub type LineOf = (u64, [Option<u64>; 2]);

/// The sentence on the line after error line `n`, where Windows tools
/// (robocopy, xcopy, `net use`, `sc`) put the system's message for the
/// code they print: `ERROR 5 (0x00000005) Copying File …` then `Access is
/// denied.` A capitalised line of two words or more ending in a full stop,
/// not an error line itself. None for other lines.
pub fn reason_after(doc: &Doc, n: u64) -> Result<Option<(u64, String)>, Failure> {
    let lines = read(doc, n, n + 1)?;
    let (Some((_, head)), Some((m, next))) = (lines.first(), lines.get(1)) else {
        return Ok(None);
    };
    let t = next.trim_end();
    let sentence = t.starts_with(|c: char| c.is_uppercase())
        && t.ends_with('.')
        && t.split_whitespace().nth(1).is_some()
        && t.len() <= 240;
    let said = looks_like_error(head.as_bytes()) && sentence && !looks_like_error(t.as_bytes());
    Ok(said.then(|| (*m, t.to_string())))
}

/// The lines of a short record with a head (`commit …`, its author, date
/// and subject) from its head to line `n`, not blank: who an extreme
/// value's line is. Empty for other outputs, or a longer record.
pub fn short_head(doc: &Doc, n: u64) -> Result<Vec<(u64, String)>, Failure> {
    let Some(rule) = doc.meta.records.as_ref().filter(|r| r.key.is_some()) else {
        return Ok(Vec::new());
    };
    let mut cursor = RecordCursor::new(rule);
    let mut out: Vec<(u64, String)> = Vec::new();
    let mut headed = false;
    for (m, text) in read(doc, n.saturating_sub(SHORT_RECORD).max(1), n)? {
        if cursor.starts(&text) {
            out.clear();
            headed = true;
        }
        if m < n && !text.trim().is_empty() {
            out.push((m, text));
        }
    }
    Ok(if headed { out } else { Vec::new() })
}

/// The members of the small JSON object holding line `n` (at most
/// [`SHORT_RECORD`] lines, no object or array inside it), from the line
/// opening it: what an extreme value is of (iperf3's `"sum": {` with its
/// `"start"` and `"end"` beside its `"bits_per_second"`). Empty for other
/// views, or a larger object.
pub fn small_object(doc: &Doc, n: u64) -> Result<Vec<(u64, String)>, Failure> {
    if doc.meta.view.kind != "json" {
        return Ok(Vec::new());
    }
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let from = n.saturating_sub(SHORT_RECORD).max(1);
    let lines = read(doc, from, n + SHORT_RECORD)?;
    let Some(at) = lines.iter().position(|(m, _)| *m == n) else {
        return Ok(Vec::new());
    };
    let depth = indent(&lines[at].1);
    let open = (lines[..at].iter().rev()).find(|(_, l)| indent(l) < depth);
    let close = (lines[at + 1..].iter()).find(|(_, l)| indent(l) < depth);
    let (Some((first, head)), Some((last, tail))) = (open, close) else {
        return Ok(Vec::new());
    };
    let members = || (lines.iter()).filter(|(m, _)| m > first && m < last);
    let flat = members().all(|(_, l)| indent(l) == depth && !l.trim_end().ends_with(['{', '[']));
    if !(head.trim_end().ends_with('{') && tail.trim_start().starts_with('}') && flat) {
        return Ok(Vec::new());
    }
    let mut out = vec![(*first, head.clone())];
    out.extend(members().cloned());
    Ok(out)
}

/// Whose listed line `n` is, as `  ← 28: "name": "web-1"; …` (empty when
/// nothing says): its record's first line (a log entry's head, `first`),
/// or its record's naming lines (a JSON or YAML item starting at `first`),
/// else the nearest line naming it (`name`); lines among `listed` aside.
/// `asked`: the question, whose named member a record shows too.
pub fn whose(
    doc: &Doc,
    n: u64,
    first: Option<u64>,
    name: Option<u64>,
    listed: &[u64],
    asked: Option<&Query>,
) -> Result<String, Failure> {
    let headed = doc.meta.records.as_ref().is_some_and(|r| r.key.is_some());
    let line = |m: u64| -> Result<(u64, String), Failure> {
        Ok((
            m,
            read(doc, m, m)?.pop().map(|(_, l)| l).unwrap_or_default(),
        ))
    };
    let mut context: Vec<(u64, String)> = match first {
        Some(f) if headed => {
            let mut head = vec![line(f)?];
            if let Some(q) = asked {
                head.extend(asked_member(doc, f, n, q)?);
            }
            head
        }
        Some(f) => {
            let (names, whole) = names_of_record(doc, f, n, asked)?;
            // A record too long to read whole is named by the nearest line
            // naming one, else by its first lines: a SARIF result's `uri`
            // comes before its long `codeFlows`.
            match whole || name.is_none() {
                true => names,
                false => Vec::new(),
            }
        }
        None => Vec::new(),
    };
    if context.is_empty() {
        match name {
            Some(m) => context.push(line(m)?),
            None => context.extend(enclosing_opener(doc, n)?),
        }
        // A record too long to be named by its best lines still shows the
        // member the question names, near its start (a workflow run's
        // `html_url` for "I need links").
        if let (Some(f), Some(q), false) = (first, asked, headed) {
            context.extend(asked_member(doc, f, n, q)?);
            context.sort_by_key(|l| l.0);
            context.dedup_by_key(|l| l.0);
        }
    }
    let mut out = String::new();
    let shown = context.iter().filter(|(m, _)| !listed.contains(m));
    for (i, (m, named)) in shown.enumerate() {
        let sep = if i == 0 { "  ← " } else { "; " };
        out.push_str(&format!("{sep}{m}: {}", clip(named.trim(), NAME_BYTES)));
    }
    Ok(out)
}

/// The line of the record starting at line `first`, within
/// [`RECORD_READ`] lines, [`MEMBER_READ_BYTES`] and before the next
/// record, labelled with a key
/// the question names, line `n` aside: a drive's `Serial Number:` under
/// its `== /dev/sdh` for "I need their serial numbers", a long JSON
/// record's `"html_url"` for "links" (a key named by its naming word, as
/// `url` is by "links", before one merely holding a term, `workflow_id`).
/// Named by naming words, up to [`NAMED_MEMBERS`]: "who … and at what
/// time" asks for an event's `caller` and its `eventTimestamp`.
fn asked_member(
    doc: &Doc,
    first: u64,
    n: u64,
    asked: &Query,
) -> Result<Vec<(u64, String)>, Failure> {
    let mut cursor = doc.meta.records.as_ref().map(RecordCursor::new);
    let mut naming: Vec<(u64, String)> = Vec::new();
    let mut holding: Option<(u64, String)> = None;
    // A list the question names, opened on the line before: its first
    // item is the member.
    let mut list: Option<(u64, String)> = None;
    let mut reader = doc.lines_from(first);
    let mut bytes = 0;
    while let Some((m, text)) = reader.next_line() {
        // Read one line at a time, within a byte budget: a record of
        // megabyte lines is not read 120 times over.
        bytes += text.len();
        let starts = cursor.as_mut().is_some_and(|c| c.starts(&text));
        if m > first + RECORD_READ || bytes > MEMBER_READ_BYTES || (m > first && starts) {
            break;
        }
        if let Some(opener) = list.take()
            && !text.trim_start().starts_with(']')
        {
            naming.extend([opener, (m, text)]);
            if naming.len() >= NAMED_MEMBERS {
                break;
            }
            continue;
        }
        let body = text.trim();
        let Some(key) = naming_key(body).or_else(|| label(body)) else {
            continue;
        };
        if m != first && m != n && names_list(asked, body, key) {
            list = Some((m, text));
            continue;
        }
        match named_by(asked, body, key).filter(|_| m != first && m != n) {
            Some(true) => naming.push((m, text)),
            Some(false) if holding.is_none() => holding = Some((m, text)),
            _ => {}
        }
        if naming.len() >= NAMED_MEMBERS {
            break;
        }
    }
    reader
        .error()
        .map_err(|e| Failure::strategy(e.message().to_string()))?;
    Ok(match naming.is_empty() {
        true => holding.into_iter().collect(),
        false => naming,
    })
}

/// The nearest block line `n` is in whose key names it: the key opening
/// it once among the [`NAME_REACH`] lines before `n`, as a map keyed by
/// names is written (`npm ls --json`'s `"coveralls": {` over its
/// `"dependencies": {` over `"request": {`), not a container's key that
/// every item repeats (`"dependencies"`).
fn enclosing_opener(doc: &Doc, n: u64) -> Result<Option<(u64, String)>, Failure> {
    let lines = read(doc, n.saturating_sub(NAME_REACH).max(1), n)?;
    let Some(((_, last), before)) = lines.split_last() else {
        return Ok(None);
    };
    let indent_of = |l: &str| l.len() - l.trim_start().len();
    let key = |l: &str| -> Option<String> {
        let t = l.trim().strip_suffix(['{', '[']).unwrap_or(l.trim());
        let k = t
            .strip_suffix(':')
            .or_else(|| t.trim_end().strip_suffix(':'))?;
        let k = k.trim().trim_matches('"');
        (!k.is_empty() && !k.contains(['"', ' '])).then(|| k.to_owned())
    };
    let mut parents: Vec<(usize, u64, &str)> = Vec::new();
    for (m, text) in before.iter().filter(|(_, t)| !t.trim().is_empty()) {
        let i = indent_of(text);
        parents.retain(|p| p.0 < i);
        parents.push((i, *m, text));
    }
    let at = indent_of(last);
    let keys: Vec<Option<String>> = before.iter().map(|(_, t)| key(t)).collect();
    let once = |k: &String| keys.iter().filter(|o| o.as_ref() == Some(k)).count() == 1;
    Ok((parents.iter().rev())
        .filter(|p| p.0 < at)
        .find(|p| key(p.2).is_some_and(|k| once(&k)))
        .map(|p| (p.1, p.2.to_string())))
}

/// A line opening a block under a key: `"shell-quote": {`, `spec:`,
/// `- name: web` (not a bare bracket).
fn keyed_opener(line: &str) -> bool {
    let t = line.trim();
    let opens = t.ends_with('{') || t.ends_with('[') || t.ends_with(':');
    (opens && t.len() > 2) || t.starts_with("- ")
}

/// The lines naming the record that starts at line `first` (an indented
/// record: a JSON array's item, a YAML list item), the line `n` aside: its
/// [`best_names`] wherever they are in it; none when it is longer than
/// [`RECORD_READ`] lines. With the question (`asked`), also its first
/// member whose key the question names ([`Query::names_key`]).
pub fn record_names(
    doc: &Doc,
    first: u64,
    n: u64,
    asked: Option<&Query>,
) -> Result<Vec<(u64, String)>, Failure> {
    let (names, whole) = names_of_record(doc, first, n, asked)?;
    Ok(if whole { names } else { Vec::new() })
}

/// [`record_names`], and for a record longer than [`RECORD_READ`] lines
/// the names among its first ones (false: the record was not read whole).
fn names_of_record(
    doc: &Doc,
    first: u64,
    n: u64,
    asked: Option<&Query>,
) -> Result<(Vec<(u64, String)>, bool), Failure> {
    let Some(rule) = doc.meta.records.as_ref().filter(|r| r.key.is_none()) else {
        return Ok((Vec::new(), true));
    };
    let mut cursor = RecordCursor::new(rule);
    let mut record: Vec<(u64, String)> = Vec::new();
    let mut whole = false;
    for (i, (m, text)) in read(doc, first, first + RECORD_READ)?
        .into_iter()
        .enumerate()
    {
        if i > 0 && cursor.starts(&text) {
            whole = true;
            break;
        }
        if i == 0 {
            cursor.starts(&text);
        }
        if m != n {
            record.push((m, text));
        }
    }
    let list = records_list(doc, rule)?;
    let mut best = best_names(record.iter().map(|l| l.1.as_str()), list.as_deref());
    // The member the question names (`"filename"` for "which files"), by a
    // naming word first, when its names do not already show it.
    let named = |l: &(u64, String)| {
        let body = l.1.trim();
        let key = naming_key(body)?;
        named_by(asked?, body, key)
    };
    let naming = record.iter().position(|l| named(l) == Some(true));
    let first = (naming.or_else(|| record.iter().position(|l| named(l).is_some()))).or_else(|| {
        let q = asked?;
        (record.iter()).position(|l| holds_asked_file(q, l.1.trim()))
    });
    if let Some(i) = first.filter(|i| !best.contains(i)) {
        best.push(i);
        best.sort_unstable();
    }
    Ok((best.into_iter().map(|i| record[i].clone()).collect(), whole))
}

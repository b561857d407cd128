//! jq over an output too large to gather: JSON lines (any stream of JSON
//! values) and CSV/TSV rows read one value at a time, for programs that
//! treat each value on its own — `.[] | F` (F run on each), `.[]`, and
//! `length` (the values counted). Memory stays that of one value whatever
//! the output's size; a program that needs the whole array (`sort_by`,
//! `group_by`, `.[0]`, `map(…)`) keeps the bound on gathering, and the
//! answer says which forms run on any size.

use std::io::{BufRead, BufReader, Read};

use jaq_json::Val;

use super::csv;
use crate::doc::Doc;
use crate::handle::FileKind;
use crate::storage::{READ_BLOCK, Storage};

/// What a program does with the gathered array, when it runs value by value.
#[derive(Debug, PartialEq, Eq)]
pub enum PerValue<'a> {
    /// `.[] | F` (or `.[]`: F is `.`): F on each value, results in order.
    Each(&'a str),
    /// `length`: how many values there are.
    Length,
}

/// The per-value form of `program`, if it has one. `|` binds loosest in jq,
/// so `.[] | REST` runs all of REST on each element, whatever REST holds.
pub fn per_value(program: &str) -> Option<PerValue<'_>> {
    let program = program.trim();
    if program == "length" {
        return Some(PerValue::Length);
    }
    let rest = program.strip_prefix(".[]")?.trim_start();
    if rest.is_empty() {
        return Some(PerValue::Each("."));
    }
    let rest = rest.strip_prefix('|')?.trim();
    (!rest.is_empty()).then_some(PerValue::Each(rest))
}

/// The values of a stored output, one at a time, or why it is not a stream.
pub enum Values<'a> {
    /// Several JSON values (the first two already read).
    Json {
        first: Vec<Val>,
        rest: Box<dyn Iterator<Item = Result<Val, String>> + 'a>,
        what: &'static str,
    },
    /// CSV/TSV rows as objects keyed by the header.
    Rows {
        rows: Box<dyn Iterator<Item = Result<Val, String>> + 'a>,
        format: &'static str,
        notes: Vec<String>,
    },
    /// One JSON document, or text: nothing to take one value at a time.
    NotAStream(&'static str),
}

/// The original of `doc`, as values read one at a time.
pub fn values<'a>(doc: &Doc<'a>) -> Values<'a> {
    let mut json = jaq_json::read::read_many(reader(doc));
    let first = match json.next() {
        Some(Ok(value)) => value,
        Some(Err(_)) => return rows(doc),
        None => return Values::NotAStream("it is empty"),
    };
    match json.next() {
        Some(Ok(second)) => Values::Json {
            first: vec![first, second],
            rest: Box::new(
                json.map(|r| r.map_err(|e| format!("a value that does not parse: {e}"))),
            ),
            what: "JSON values (JSON lines)",
        },
        Some(Err(e)) => Values::NotAStream(if e.kind() == std::io::ErrorKind::InvalidData {
            "its second JSON value does not parse"
        } else {
            "it cannot be read"
        }),
        None => Values::NotAStream("it is one JSON document"),
    }
}

fn rows<'a>(doc: &Doc<'a>) -> Values<'a> {
    match csv::row_stream(reader(doc)) {
        Some(table) => Values::Rows {
            format: table.format,
            notes: table.notes,
            rows: Box::new(table.rows),
        },
        None => Values::NotAStream("it is text, not JSON lines or CSV"),
    }
}

/// The original, buffered, read a block at a time from storage.
fn reader<'a>(doc: &Doc<'a>) -> impl BufRead + 'a {
    BufReader::with_capacity(
        READ_BLOCK as usize,
        Original {
            st: doc.storage(),
            name: doc.handle.file(FileKind::Original),
            at: 0,
            size: doc.meta.stats.bytes,
        },
    )
}

struct Original<'a> {
    st: &'a dyn Storage,
    name: String,
    at: u64,
    size: u64,
}

impl Read for Original<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.size || buf.is_empty() {
            return Ok(0);
        }
        let want = (buf.len() as u64).min(READ_BLOCK).min(self.size - self.at);
        let block = self
            .st
            .read(&self.name, self.at, want)
            .map_err(|e| std::io::Error::other(format!("{e:?}")))?;
        let n = block.len().min(buf.len());
        buf[..n].copy_from_slice(&block[..n]);
        self.at += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_value_forms_are_recognised_and_others_are_not() {
        assert_eq!(per_value(" .[] "), Some(PerValue::Each(".")));
        assert_eq!(
            per_value(".[] | select(.level == \"error\") | .msg"),
            Some(PerValue::Each("select(.level == \"error\") | .msg"))
        );
        assert_eq!(per_value("length"), Some(PerValue::Length));
        for whole in [
            ".[0]",
            "map(.a)",
            ".[] as $x | $x",
            "[.[] | .a] | length",
            ".[]?",
            "sort_by(.a)",
        ] {
            assert_eq!(per_value(whole), None, "{whole}");
        }
    }
}

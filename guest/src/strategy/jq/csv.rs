//! CSV and TSV outputs as jq input: one object per row, keyed by the
//! header, numbers as numbers (exactly as written: jaq keeps decimals).
//! Nothing in a row is lost: a column named twice gets a second name (and
//! the answer says so), and TSV has no quoting (a field that starts with a
//! quote is text, not the start of a quoted run across tabs and lines).
//!
//! Nothing is lost silently either: a row of another width is an
//! [`Unread`] in its place (the rows after it are read), and so is a quote
//! that is never closed — the CSV reader takes the rest of the output as
//! one field and reports nothing, so the bytes are followed here as it
//! reads them ([`Quotes`]) and the row holding the open quote is said to
//! be where reading stopped.

use std::cell::Cell;
use std::io::{BufRead, Read};
use std::rc::Rc;

use jaq_json::Val;

use super::unread::{Items, Unread, lines};

/// Rows read before deciding: a table needs the same width in each.
const MIN_COLUMNS: usize = 2;

/// A table as jq input: its rows, read one at a time.
pub struct Table<'a> {
    pub rows: Items<'a>,
    /// `CSV` or `TSV`.
    pub format: &'static str,
    /// What the answer must say about how the rows were read.
    pub notes: Vec<String>,
}

/// The rows as objects, read one at a time from `input`, or None when it
/// does not start as a table (its first line chooses the delimiter; the
/// header must have two or more columns and the first row must read, or
/// be cut by a quote never closed).
pub fn row_stream<'a>(mut input: impl BufRead + 'a) -> Option<Table<'a>> {
    let start = input.fill_buf().ok()?;
    let first_line = start.split(|b| *b == b'\n').next()?;
    let (delimiter, format) = if first_line.contains(&b'\t') {
        (b'\t', "TSV")
    } else {
        (b',', "CSV")
    };
    let quoting = delimiter != b'\t';
    let quotes = Rc::new(Cell::new(Quotes::default()));
    let input = Followed {
        inner: input,
        quotes: quoting.then(|| quotes.clone()),
        delimiter,
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .quoting(quoting)
        .has_headers(true)
        .flexible(false)
        .from_reader(input);
    let names: Vec<String> = reader
        .headers()
        .ok()?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    if names.len() < MIN_COLUMNS {
        return None;
    }
    let (names, notes) = unique(names);
    let header: Vec<Val> = names.into_iter().map(Val::from).collect();
    let mut records = reader.into_records().peekable();
    let mut row = 0u64;
    let mut rows = std::iter::from_fn(move || {
        let record = records.next()?;
        row += 1;
        let line = match &record {
            Ok(record) => record.position(),
            Err(e) => e.position(),
        }
        .map_or(0, csv::Position::line);
        let at = format!("row {row} (line {line})");
        // The reader has seen the whole output once there is no next record.
        if records.peek().is_none()
            && let Some((opened, last)) = quotes.get().unclosed()
        {
            return Some(Err(Unread {
                at,
                why: format!(
                    "a quote opened on line {opened} is never closed, so the rest of the \
                     output ({}) reads as one unfinished field",
                    lines(opened, last)
                ),
                stops: true,
            }));
        }
        Some(match record {
            Ok(record) => Ok(Val::obj(
                header
                    .iter()
                    .cloned()
                    .zip(record.iter().map(cell))
                    .collect(),
            )),
            Err(e) => Err(unread(&e, at)),
        })
    })
    .peekable();
    // A table has a first row that reads.
    if !matches!(
        rows.peek(),
        Some(Ok(_)) | Some(Err(Unread { stops: true, .. }))
    ) {
        return None;
    }
    Some(Table {
        rows: Box::new(rows),
        format,
        notes,
    })
}

/// A row the reader refused, in the answer's words.
fn unread(error: &csv::Error, at: String) -> Unread {
    let (why, stops) = match error.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => (
            format!(
                "it has {len} field{} where the header has {expected_len}",
                if *len == 1 { "" } else { "s" }
            ),
            false,
        ),
        csv::ErrorKind::Utf8 { .. } => ("it is not valid UTF-8".to_string(), false),
        csv::ErrorKind::Io(e) => (
            format!("the output could not be read on from there ({e})"),
            true,
        ),
        _ => (error.to_string(), true),
    };
    Unread { at, why, stops }
}

/// Where a CSV reader is in the bytes it has read: inside a quoted field or
/// not (csv-core's rules: a quote opens a field only at the field's start,
/// `""` inside one is a quote, any byte after its closing quote continues
/// the field), and on which line.
#[derive(Clone, Copy, Default)]
struct Quotes {
    state: Field,
    /// Newlines read, and whether the last byte read was one.
    newlines: u64,
    at_line_start: bool,
    /// The line of the quote that opened the current quoted field.
    opened: u64,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Field {
    #[default]
    Start,
    Unquoted,
    Quoted,
    /// A quote inside a quoted field: its end, or the first of `""`.
    QuoteInQuoted,
}

impl Quotes {
    fn follow(&mut self, bytes: &[u8], delimiter: u8) {
        for &b in bytes {
            self.state = match (self.state, b) {
                (Field::Quoted, b'"') => Field::QuoteInQuoted,
                (Field::Quoted, _) => Field::Quoted,
                (Field::QuoteInQuoted, b'"') => Field::Quoted,
                (Field::Start, b'"') => {
                    self.opened = self.newlines + 1;
                    Field::Quoted
                }
                (_, b'\n' | b'\r') => Field::Start,
                (_, b) if b == delimiter => Field::Start,
                _ => Field::Unquoted,
            };
            if b == b'\n' {
                self.newlines += 1;
            }
        }
        if let Some(&last) = bytes.last() {
            self.at_line_start = last == b'\n';
        }
    }

    /// At the end: the line of a quote never closed, and the last line.
    fn unclosed(&self) -> Option<(u64, u64)> {
        let last = self.newlines + u64::from(!self.at_line_start);
        (self.state == Field::Quoted).then_some((self.opened, last))
    }
}

/// The input, its bytes followed by [`Quotes`] as the CSV reader takes them.
struct Followed<R> {
    inner: R,
    quotes: Option<Rc<Cell<Quotes>>>,
    delimiter: u8,
}

impl<R: Read> Read for Followed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(quotes) = &self.quotes {
            let mut followed = quotes.get();
            followed.follow(&buf[..n], self.delimiter);
            quotes.set(followed);
        }
        Ok(n)
    }
}

/// Column names made unique (a second `email` is `email_2`), and a note
/// for each renamed one: keyed by name, the later column would otherwise
/// replace the earlier in every row.
fn unique(names: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    let mut notes = Vec::new();
    let mut out = Vec::with_capacity(names.len());
    for (column, name) in names.into_iter().enumerate() {
        let mut unique = name.clone();
        let mut n = 2;
        while !seen.insert(unique.clone()) {
            unique = format!("{name}_{n}");
            n += 1;
        }
        if unique != name {
            notes.push(format!(
                "column {} is also named {name:?}: it is {unique:?} here",
                column + 1
            ));
        }
        out.push(unique);
    }
    (out, notes)
}

/// A number when the cell is one as JSON writes it, else the text.
fn cell(text: &str) -> Val {
    let trimmed = text.trim();
    let number = (!trimmed.is_empty() && !matches!(trimmed, "NaN" | "Infinity"))
        .then(|| jaq_json::read::parse_single_num(trimmed.as_bytes()))
        .flatten();
    match number {
        Some(n) => Val::Num(n),
        None => Val::from(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<String> {
        let table = row_stream(text.as_bytes()).expect("a table");
        table
            .rows
            .map(|row| match row {
                Ok(value) => value.to_string(),
                Err(unread) => format!(
                    "unread {}: {} (stops: {})",
                    unread.at, unread.why, unread.stops
                ),
            })
            .collect()
    }

    #[test]
    fn a_quote_never_closed_is_where_reading_stopped() {
        assert_eq!(
            read("id,name\n1,a\n2,\"b\n3,c\n4,d\n"),
            [
                "{\"id\":1,\"name\":\"a\"}",
                "unread row 2 (line 3): a quote opened on line 3 is never closed, so the rest of the output (lines 3–5) reads as one unfinished field (stops: true)"
            ]
        );
        // In the first row, in a field that swallows delimiters, with
        // escaped quotes before it, without a final newline.
        assert_eq!(
            read("id,name,x\n\"1,a,b\n2,c,d"),
            [
                "unread row 1 (line 2): a quote opened on line 2 is never closed, so the rest of the output (lines 2–3) reads as one unfinished field (stops: true)"
            ]
        );
        assert_eq!(
            read("a,b\n\"x \"\"y\"\"\",1\n\"z\",\"2\n"),
            [
                "{\"a\":\"x \\\"y\\\"\",\"b\":1}",
                "unread row 2 (line 3): a quote opened on line 3 is never closed, so the rest of the output (line 3) reads as one unfinished field (stops: true)"
            ]
        );
        // Closed quotes spanning lines, and a quote inside an unquoted
        // field, are content.
        assert_eq!(
            read("a,b\n\"x\ny\",1\nsay \"hi,2\n"),
            [
                "{\"a\":\"x\\ny\",\"b\":1}",
                "{\"a\":\"say \\\"hi\",\"b\":2}"
            ]
        );
    }

    #[test]
    fn a_row_of_another_width_is_said_and_the_rows_after_it_are_read() {
        assert_eq!(
            read("a,b\n1,2\n3\n4,5,6\n7,8\n"),
            [
                "{\"a\":1,\"b\":2}",
                "unread row 2 (line 3): it has 1 field where the header has 2 (stops: false)",
                "unread row 3 (line 4): it has 3 fields where the header has 2 (stops: false)",
                "{\"a\":7,\"b\":8}"
            ]
        );
    }
}

//! jq over an output too large to gather: JSON lines (any stream of JSON
//! values) and CSV/TSV rows read one value at a time, for programs that
//! treat each value on its own — `.[] | F` (F run on each), `.[]`, and
//! `length` (the values counted). Memory stays that of one value whatever
//! the output's size; a program that needs the whole array (`sort_by`,
//! `group_by`, `.[0]`, `map(…)`) keeps the bound on gathering, and the
//! answer says which forms run on any size.

use std::io::{BufRead, BufReader, Read};

use jaq_json::Val;

use jaq_core::{Ctx, Vars, data};

use super::csv;
use super::{SYNTAX_HINT, Shape, compile, exception_text, fit, one_line, render};
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
    let mut json = super::lines::json_values(reader(doc));
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

/// An output too large to gather: run value by value if the program's
/// form allows it (`stream`), else say which forms do.
pub(super) fn streamed(doc: &Doc, program: &str, budget: usize, gather: u64) -> String {
    let size = doc.meta.stats.bytes;
    let too_large = |why: &str| {
        fit(
            format!(
                "The output is {size} bytes: jq gathers outputs of up to {gather} bytes into \
                 one array here, and {why}. On JSON lines and CSV rows of any size, programs of the \
                 form `.[] | …` (run on each value) and `length` run one value at a time. Else use \
                 tool_output with mode \"lexical\" (or grep) to find the part you need."
            ),
            budget,
        )
    };
    let Some(form) = per_value(program) else {
        return too_large("this program needs the whole array");
    };
    let each = match form {
        PerValue::Each(each) => each,
        PerValue::Length => ".",
    };
    let filter = match compile(each) {
        Ok(filter) => filter,
        Err(message) => {
            return fit(
                format!(
                    "The jq program does not compile: {message}\nProgram: {}\n{SYNTAX_HINT}",
                    one_line(program)
                ),
                budget,
            );
        }
    };
    let (values, said): (Box<dyn Iterator<Item = Result<Val, String>>>, String) = match values(doc)
    {
        Values::Json { first, rest, what } => (
            Box::new(first.into_iter().map(Ok).chain(rest)),
            format!("{what}, read one at a time ({size} bytes)"),
        ),
        Values::Rows {
            rows,
            format,
            notes,
        } => {
            let mut said = format!("{format} rows, read one at a time ({size} bytes)");
            if !notes.is_empty() {
                said.push_str(&format!(" ({})", notes.join("; ")));
            }
            (rows, said)
        }
        Values::NotAStream(why) => return too_large(why),
    };
    let shape = Shape {
        said,
        gathered: None,
    };
    if form == PerValue::Length {
        let mut count = 0u64;
        for value in values {
            if let Err(error) = value {
                return render(std::iter::once(Err(error)), &shape, program, budget);
            }
            count += 1;
        }
        return render(
            std::iter::once(Ok(Val::from(count as isize))),
            &shape,
            program,
            budget,
        );
    }
    let results = values.flat_map(|value| -> Box<dyn Iterator<Item = Result<Val, String>>> {
        match value {
            Ok(value) => {
                let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
                Box::new(
                    filter
                        .id
                        .run((ctx, value))
                        .map(|r| r.map_err(exception_text)),
                )
            }
            Err(error) => Box::new(std::iter::once(Err(error))),
        }
    });
    render(results, &shape, program, budget)
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

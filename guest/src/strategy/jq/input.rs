//! The stored output as jq's input, one home for gathering and streaming:
//! its bytes read from storage as UTF-8 (byte-order marks at line starts
//! dropped, UTF-16 transcoded: [`crate::bom`]), told apart as JSON values
//! ([`super::lines`]) or CSV/TSV rows ([`super::csv`]) read one at a time,
//! and what could not be read ([`Gaps`]). A jq answer is presented as
//! exact: one that is not of the whole output says so in its first line.

use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

use jaq_json::Val;

use super::csv;
use super::lines::JsonValues;
use crate::bindings::types::EngineError;
use crate::bom::{Encoding, Utf8Reader};
use crate::doc::Doc;
use crate::handle::FileKind;
use crate::storage::{READ_BLOCK, Storage};

/// A value or row that could not be read, in the answer's words.
#[derive(Debug)]
pub struct Unread {
    /// Where: `line 3`, `line 2, column 6`, `row 4 (line 5)`.
    pub at: String,
    pub why: String,
    /// Nothing after it can be read.
    pub stops: bool,
}

/// Values or rows in order, an [`Unread`] in the place of each that
/// could not be read.
pub type Items<'a> = Box<dyn Iterator<Item = Result<Val, Unread>> + 'a>;

/// What the output is, as jq input.
pub enum Values<'a> {
    /// Several JSON values (JSON lines, concatenated JSON).
    Json(Items<'a>),
    /// One JSON document.
    One(Val),
    /// CSV/TSV rows as objects keyed by the header.
    Rows {
        rows: Items<'a>,
        /// `CSV` or `TSV`.
        format: &'static str,
        /// What the answer must say about how the rows were read.
        notes: Vec<String>,
    },
    Empty,
    /// It starts like JSON, but no value of it can be read: why.
    BrokenJson(Unread),
    /// Not JSON, not a table.
    Text,
}

/// How the output was read, for the answer and the call's outcome.
pub struct Source {
    /// The encoding it was transcoded from, if not UTF-8.
    pub encoding: Option<&'static str>,
    failure: Rc<RefCell<Option<EngineError>>>,
}

impl Source {
    /// A storage failure met while reading: the call fails with it (a
    /// storage error is not an answer about the output).
    pub fn failure(&self) -> Option<EngineError> {
        self.failure.borrow_mut().take()
    }
}

/// The output of `doc` as jq input. Err only when storage fails at once.
pub fn open<'a>(doc: &Doc<'a>) -> Result<(Values<'a>, Source), EngineError> {
    let st = doc.storage();
    let name = doc.handle.file(FileKind::Original);
    let size = doc.meta.stats.bytes;
    let start = st.read(&name, 0, size.min(2))?;
    let (encoding, skip) = Encoding::sniff(&start);
    let opener = Opener {
        st,
        name,
        size,
        encoding,
        skip,
        failure: Rc::default(),
    };
    let source = Source {
        encoding: encoding.named(),
        failure: opener.failure.clone(),
    };
    Ok((classify(opener), source))
}

/// JSON if its first line and values read (or it starts with `{`/`[` and
/// one of its first two values does), else CSV/TSV if it is a table, else
/// text.
fn classify(opener: Opener<'_>) -> Values<'_> {
    let starts_like_json = {
        let mut reader = opener.reader();
        let first = (&mut reader)
            .bytes()
            .find(|b| !matches!(b, Ok(b) if b.is_ascii_whitespace()));
        matches!(first, Some(Ok(b'{' | b'[')))
    };
    let mut json = JsonValues::new(opener.reader());
    let then =
        |first, second, json| -> Items<'_> { Box::new([first, second].into_iter().chain(json)) };
    let first = json.next();
    if json.starts_unread() && !starts_like_json {
        return rows(&opener);
    }
    match first {
        None => Values::Empty,
        Some(Ok(first)) => match json.next() {
            None => Values::One(first),
            Some(Ok(second)) => Values::Json(then(Ok(first), Ok(second), json)),
            Some(Err(unread)) if starts_like_json => {
                Values::Json(then(Ok(first), Err(unread), json))
            }
            Some(Err(_)) => rows(&opener),
        },
        Some(Err(unread)) if starts_like_json => match json.next() {
            Some(Ok(second)) => Values::Json(then(Err(unread), Ok(second), json)),
            _ => Values::BrokenJson(unread),
        },
        Some(Err(_)) => rows(&opener),
    }
}

fn rows<'a>(opener: &Opener<'a>) -> Values<'a> {
    match csv::row_stream(opener.reader()) {
        Some(table) => Values::Rows {
            rows: table.rows,
            format: table.format,
            notes: table.notes,
        },
        None => Values::Text,
    }
}

/// Opens the original from its start, as often as deciding needs.
struct Opener<'a> {
    st: &'a dyn Storage,
    name: String,
    size: u64,
    encoding: Encoding,
    skip: usize,
    failure: Rc<RefCell<Option<EngineError>>>,
}

impl<'a> Opener<'a> {
    fn reader(&self) -> Box<dyn BufRead + 'a> {
        let original = Original {
            st: self.st,
            name: self.name.clone(),
            at: 0,
            size: self.size,
            failure: self.failure.clone(),
        };
        match Utf8Reader::new(original, self.encoding, self.skip) {
            Ok(reader) => Box::new(reader),
            // A storage failure, kept in `failure`.
            Err(_) => Box::new(io::empty()),
        }
    }
}

/// The original, read a block at a time from storage.
struct Original<'a> {
    st: &'a dyn Storage,
    name: String,
    at: u64,
    size: u64,
    failure: Rc<RefCell<Option<EngineError>>>,
}

impl Read for Original<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.size || buf.is_empty() {
            return Ok(0);
        }
        let want = (buf.len() as u64).min(READ_BLOCK).min(self.size - self.at);
        let block = match self.st.read(&self.name, self.at, want) {
            Ok(block) => block,
            Err(e) => {
                let error = EngineError::from(e);
                let said = io::Error::other(error.message().to_string());
                self.failure.borrow_mut().get_or_insert(error);
                return Err(said);
            }
        };
        let n = block.len().min(buf.len());
        buf[..n].copy_from_slice(&block[..n]);
        self.at += n as u64;
        Ok(n)
    }
}

/// `line 3` or `lines 3–9`, as an [`Unread`] says where.
pub fn lines(first: u64, last: u64) -> String {
    if last > first {
        format!("lines {first}–{last}")
    } else {
        format!("line {first}")
    }
}

/// Values or rows not read, up to this many, are left out; the next one
/// stops the reading (an output this broken is not what jq should read).
const MAX_UNREAD: u64 = 16;
/// The first few are named in the answer; the rest are counted.
const NAMED: usize = 3;

/// What could not be read of the input, for the answer's first line.
pub struct Gaps {
    /// `value` or `row`.
    unit: &'static str,
    left_out: Vec<String>,
    count: u64,
    stop: Option<String>,
}

impl Gaps {
    pub fn new(unit: &'static str) -> Self {
        Self {
            unit,
            left_out: Vec::new(),
            count: 0,
            stop: None,
        }
    }

    /// The values of `items`, each that could not be read recorded in
    /// `gaps`; they end where reading must stop.
    pub fn values<'a>(gaps: &'a RefCell<Self>, items: Items<'a>) -> impl Iterator<Item = Val> + 'a {
        items
            .map_while(|item| match item {
                Ok(value) => Some(Some(value)),
                Err(unread) => gaps.borrow_mut().push(unread).then_some(None),
            })
            .flatten()
    }

    /// Record `unread`; false when reading stops at it.
    fn push(&mut self, unread: Unread) -> bool {
        self.count += 1;
        let said = format!("{}: {}", unread.at, unread.why);
        if unread.stops || self.count >= MAX_UNREAD {
            self.stop = Some(if unread.stops {
                said
            } else {
                format!(
                    "{said} (the {MAX_UNREAD}th {} that could not be read)",
                    self.unit
                )
            });
            return false;
        }
        if self.left_out.len() < NAMED {
            self.left_out.push(said);
        }
        true
    }

    /// The answer's words, or None when everything was read.
    pub fn said(&self) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut parts = Vec::new();
        let skipped = self.count - u64::from(self.stop.is_some());
        if skipped > 0 {
            let more = skipped - self.left_out.len() as u64;
            let more = if more > 0 {
                format!("; {more} more")
            } else {
                String::new()
            };
            let (unit, verb) = if skipped == 1 {
                (self.unit.to_string(), "is")
            } else {
                (format!("{}s", self.unit), "are")
            };
            parts.push(format!(
                "{skipped} {unit} could not be read and {verb} left out ({}{more})",
                self.left_out.join("; ")
            ));
        }
        if let Some(stop) = &self.stop {
            parts.push(format!(
                "reading stopped at {stop}; only the {}s before it were read",
                self.unit
            ));
        }
        Some(format!("NOT THE WHOLE OUTPUT: {}.", parts.join("; ")))
    }
}

//! The stored output as jq's input, one home for gathering and streaming:
//! its bytes read from storage as UTF-8 (byte-order marks at line starts
//! dropped, UTF-16 transcoded: [`crate::bom`]), told apart as JSON values
//! ([`super::lines`]) or CSV/TSV rows ([`super::csv`]) read one at a time,
//! and what could not be read ([`super::unread`]). A jq answer is presented as
//! exact: one that is not of the whole output says so in its first line.

use std::cell::RefCell;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

use jaq_json::Val;

use super::csv;
use super::lines::JsonValues;
use super::unread::{Items, Unread};
use crate::bindings::types::EngineError;
use crate::bom::{Encoding, Utf8Reader};
use crate::doc::Doc;
use crate::handle::FileKind;
use crate::storage::{READ_BLOCK, Storage};

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

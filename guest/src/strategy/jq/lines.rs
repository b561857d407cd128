//! JSON values of a stream, read a line at a time: lines are gathered until
//! they close every bracket they open (one line of JSON lines, the lines of
//! a pretty-printed value), then parsed from that slice by jaq — several
//! times faster than its byte-by-byte reader.
//!
//! A scan of each line ahead of the parser keeps from it what it cannot
//! take: jaq's parser recurses once per level of nesting and the guest's
//! stack is small, so a value nested deeper than [`MAX_DEPTH`] is skipped
//! to its end (the scan counts brackets, it does not recurse); a value
//! larger than [`MAX_VALUE`] is skipped without being held. Neither stops
//! the reading: each is an [`Unread`] that says where and why, and the
//! values after it are read, as they are after a value that does not parse
//! (its lines closed their brackets, so the next line starts afresh). Only
//! the end of the input, or a failure to read it, ends a reading.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use jaq_json::Val;

use super::unread::{Unread, lines};

/// Deepest nesting read, and written (serde_json's default too). Natively
/// (release, a 512 KiB stack, the wasm stack's size) writing a value
/// recursed past 500 levels and `walk` past 400; wasm frames are larger.
pub const MAX_DEPTH: usize = 128;
/// Largest value held to be parsed, in bytes of JSON text.
pub const MAX_VALUE: usize = super::MAX_JQ_INPUT as usize;
/// Bytes of a line read at a time (a long line is read in pieces).
const PIECE: u64 = 1 << 20;

/// The bracket structure of the text read so far (strings and jaq's `#`
/// comments skipped), in one pass with no recursion.
#[derive(Default)]
struct Scan {
    depth: usize,
    string: bool,
    escape: bool,
    comment: bool,
    /// Where the open top-level value started (offset in the chunk), and
    /// the deepest it went.
    start: usize,
    deepest: usize,
    /// Values deeper than [`MAX_DEPTH`], closed: start, end, levels.
    deep: Vec<(usize, usize, usize)>,
}

impl Scan {
    /// `bytes`, found at `offset` in the chunk. Runs of bytes that change
    /// nothing are skipped in tight loops (string contents most of all).
    fn scan(&mut self, bytes: &[u8], offset: usize) {
        let mut i = 0;
        while i < bytes.len() {
            let rest = &bytes[i..];
            if self.comment {
                let Some(end) = rest.iter().position(|&b| b == b'\n') else {
                    return;
                };
                self.comment = false;
                i += end + 1;
            } else if self.string {
                if self.escape {
                    self.escape = false;
                    i += 1;
                    continue;
                }
                let Some(at) = rest.iter().position(|&b| b == b'"' || b == b'\\') else {
                    return;
                };
                if rest[at] == b'\\' {
                    self.escape = true;
                } else {
                    self.string = false;
                }
                i += at + 1;
            } else {
                let Some(at) = rest
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'#' | b'[' | b'{' | b']' | b'}'))
                else {
                    return;
                };
                i += at;
                match bytes[i] {
                    b'"' => self.string = true,
                    b'#' => self.comment = true,
                    b'[' | b'{' => {
                        if self.depth == 0 {
                            self.start = offset + i;
                            self.deepest = 0;
                        }
                        self.depth += 1;
                        self.deepest = self.deepest.max(self.depth);
                    }
                    _ if self.depth > 0 => {
                        self.depth -= 1;
                        if self.depth == 0 && self.deepest > MAX_DEPTH {
                            self.deep.push((self.start, offset + i + 1, self.deepest));
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }

    /// Every value begun has ended.
    fn closed(&self) -> bool {
        self.depth == 0 && !self.string
    }

    /// The open value is already too deep to parse.
    fn open_too_deep(&self) -> bool {
        self.depth > 0 && self.deepest > MAX_DEPTH
    }
}

/// The JSON values of `input` in order, and an [`Unread`] in the place of
/// each that could not be read.
pub struct JsonValues<R> {
    input: R,
    /// Complete lines read so far.
    lines: u64,
    /// Lines holding values not parsed yet, and the first one's number.
    chunk: Vec<u8>,
    chunk_line: Option<u64>,
    scan: Scan,
    /// The chunk passed [`MAX_VALUE`]: its bytes are no longer kept.
    oversize: bool,
    ready: VecDeque<Result<Val, Unread>>,
    done: bool,
    /// Values and unreads given so far, and whether the first chunk with
    /// any held one that could not be read.
    produced: u64,
    first_chunk_unread: bool,
}

impl<R: BufRead> JsonValues<R> {
    pub fn new(input: R) -> Self {
        Self {
            input,
            lines: 0,
            chunk: Vec::new(),
            chunk_line: None,
            scan: Scan::default(),
            oversize: false,
            ready: VecDeque::new(),
            done: false,
            produced: 0,
            first_chunk_unread: false,
        }
    }

    /// The first line (or lines, for one value spread over several) that
    /// held anything held something that could not be read: a stream of
    /// JSON values does not start like this (`2024-01-01 INFO …` reads as
    /// numbers until `INFO`).
    pub fn starts_unread(&self) -> bool {
        self.first_chunk_unread
    }

    /// Read the next piece of a line; parse what it completes.
    fn read_piece(&mut self) {
        let start = *self.chunk_line.get_or_insert(self.lines + 1);
        let before = self.chunk.len();
        let read = (&mut self.input)
            .take(PIECE)
            .read_until(b'\n', &mut self.chunk);
        match read {
            Err(e) => {
                self.done = true;
                self.ready.push_back(Err(Unread {
                    at: format!("line {}", self.lines + 1),
                    why: format!("the output could not be read on from there ({e})"),
                    stops: true,
                }));
            }
            Ok(0) => {
                self.done = true;
                if self.chunk.is_empty() && !self.oversize {
                    self.chunk_line = None;
                } else {
                    self.finish_chunk(start, true);
                }
            }
            Ok(_) => {
                let ended = self.chunk.last() == Some(&b'\n');
                if ended {
                    self.lines += 1;
                }
                self.scan.scan(&self.chunk[before..], before);
                if self.oversize || self.chunk.len() > MAX_VALUE {
                    self.oversize = true;
                    self.chunk.clear();
                }
                if ended && self.scan.closed() {
                    self.finish_chunk(start, false);
                }
            }
        }
    }

    /// The chunk's values (and what could not be read) to `ready`.
    fn finish_chunk(&mut self, start: u64, at_end: bool) {
        let first = self.produced == 0;
        let ready = self.ready.len();
        self.finish_chunk_items(start, at_end);
        let unread = self.ready.iter().skip(ready).any(Result::is_err);
        self.first_chunk_unread |= first && unread;
        self.produced += (self.ready.len() - ready) as u64;
    }

    fn finish_chunk_items(&mut self, start: u64, at_end: bool) {
        let last = if at_end { self.lines + 1 } else { self.lines };
        if self.oversize {
            self.ready.push_back(Err(Unread {
                at: lines(start, last),
                why: format!(
                    "a value of over {} MiB, more than jq holds here",
                    MAX_VALUE >> 20
                ),
                stops: false,
            }));
        } else {
            self.parse_chunk(start, at_end);
        }
        self.chunk.clear();
        self.chunk_line = None;
        self.oversize = false;
        self.scan = Scan::default();
    }

    fn parse_chunk(&mut self, start: u64, at_end: bool) {
        let deep = std::mem::take(&mut self.scan.deep);
        let mut from = 0;
        for (begin, end, levels) in deep {
            if !self.parse(start, from..begin, at_end) {
                return;
            }
            self.ready.push_back(Err(Unread {
                at: self.span(start, begin, end),
                why: too_deep(levels),
                stops: false,
            }));
            from = end;
        }
        if at_end && self.scan.open_too_deep() {
            // Never closed: what is before it is parsed, it is not.
            let begin = self.scan.start;
            if self.parse(start, from..begin, at_end) {
                self.ready.push_back(Err(Unread {
                    at: self.span(start, begin, self.chunk.len()),
                    why: format!(
                        "{}, and the output ends inside it",
                        too_deep(self.scan.deepest)
                    ),
                    stops: false,
                }));
            }
            return;
        }
        self.parse(start, from..self.chunk.len(), at_end);
    }

    /// Parse `range` of the chunk; false if a value in it does not parse
    /// (the rest of the chunk is then left out, as the [`Unread`] says).
    fn parse(&mut self, start: u64, range: std::ops::Range<usize>, at_end: bool) -> bool {
        let slice = &self.chunk[range.clone()];
        for value in jaq_json::read::parse_many(slice) {
            match value {
                Ok(value) => self.ready.push_back(Ok(value)),
                Err(e) => {
                    let (offset, why) = error_parts(&e);
                    let offset = range.start + offset.min(slice.len());
                    let cut = at_end && offset >= self.chunk.len() && !self.scan.closed();
                    let why = if cut {
                        "the output ends inside this value: it was cut short".to_string()
                    } else {
                        why
                    };
                    let mut at = self.place(start, offset);
                    let last = start + count_lines(self.chunk.trim_ascii_end());
                    if last > start {
                        at = format!("{at} (the value on {})", lines(start, last));
                    }
                    self.ready.push_back(Err(Unread {
                        at,
                        why,
                        stops: false,
                    }));
                    return false;
                }
            }
        }
        true
    }

    /// `line L, column C` of a chunk offset.
    fn place(&self, start: u64, offset: usize) -> String {
        let before = &self.chunk[..offset];
        let line = start + count_lines(before);
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        format!("line {line}, column {column}")
    }

    /// The lines a chunk range spans.
    fn span(&self, start: u64, begin: usize, end: usize) -> String {
        let first = start + count_lines(&self.chunk[..begin]);
        let last = first + count_lines(self.chunk[begin..end].trim_ascii_end());
        lines(first, last)
    }
}

impl<R: BufRead> Iterator for JsonValues<R> {
    type Item = Result<Val, Unread>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            self.read_piece();
        }
    }
}

fn too_deep(levels: usize) -> String {
    format!("nested {levels} levels deep, deeper than the {MAX_DEPTH} jq reads here")
}

fn count_lines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

/// jaq's parse error as its byte offset and its words (`byte offset N: …`).
fn error_parts(error: &jaq_json::read::Error) -> (usize, String) {
    let text = error.to_string();
    text.strip_prefix("byte offset ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(offset, why)| Some((offset.parse().ok()?, why.to_string())))
        .unwrap_or((0, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<String> {
        JsonValues::new(text.as_bytes())
            .map(|item| match item {
                Ok(value) => value.to_string(),
                Err(unread) => format!("unread {}: {}", unread.at, unread.why),
            })
            .collect()
    }

    fn jaq(text: &str) -> Vec<String> {
        jaq_json::read::parse_many(text.as_bytes())
            .map_while(Result::ok)
            .map(|value| value.to_string())
            .collect()
    }

    #[test]
    fn the_values_are_jaqs() {
        let long = format!(
            "{{\"a\":\"{}\"}}\n{{\"b\":2}}\n",
            "x".repeat(PIECE as usize * 2 + 10)
        );
        for text in [
            "{\"a\":1}\n{\"a\":2}\n",
            "{\"a\":1}\n\n  \r\n{\"a\":2}",
            "1 2 3\n[4, 5] {\"six\": 6}\n",
            "# a comment [\n{\"a\":1} # another {\n",
            "{\"a\":1}\n{\n  \"b\": [1,\n 2]\n}\n{\"c\":3}\n",
            "{\"a\":1} {\"b\":\n2}\n{\"c\":3}\n",
            "[\"]\", \"\\\"[\", \"\\\\\"]\n[1]\n",
            "",
            "\n\n",
            "\"caf\u{e9}\" \"\\ud83d\\ude00\"\n",
            "NaN Infinity -Infinity 1e999 123456789012345678901234567890\n",
            &long,
        ] {
            assert_eq!(read(text), jaq(text), "{text:.80}");
        }
    }

    #[test]
    fn what_cannot_be_read_is_said_where_and_the_rest_is_read() {
        let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        assert_eq!(
            read(&format!("{{\"a\":1}}\n{deep}\n{{\"a\":3}}\n")),
            [
                "{\"a\":1}",
                "unread line 2: nested 5000 levels deep, deeper than the 128 jq reads here",
                "{\"a\":3}"
            ]
        );
        // At the limit it is read; spread over lines, the lines are said.
        let at_limit = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert_eq!(read(&at_limit).len(), 1);
        assert!(!read(&at_limit)[0].starts_with("unread"));
        assert!(read(&format!("[{at_limit}]"))[0].starts_with("unread line 1: nested 129"));
        let spread = format!("1\n{}\n{}\n2", "{\"a\":".repeat(300), "}".repeat(300));
        assert_eq!(
            read(&spread),
            [
                "1",
                "unread lines 2–3: nested 300 levels deep, deeper than the 128 jq reads here",
                "2"
            ]
        );
        // Never closed: the values before it stay.
        assert_eq!(
            read(&format!("[1]\n{}", "[".repeat(400))),
            [
                "[1]",
                "unread line 2: nested 400 levels deep, deeper than the 128 jq reads here, and the output ends inside it"
            ]
        );
        // A line that does not parse, and a last line cut short.
        assert_eq!(
            read("{\"a\":1}\n{\"a\":}\n{\"a\":3}\n{\"a\":"),
            [
                "{\"a\":1}",
                "unread line 2, column 6: value expected",
                "{\"a\":3}",
                "unread line 4, column 6: the output ends inside this value: it was cut short"
            ]
        );
        assert_eq!(
            read("[1,\n 2,,\n 3]\n[4]\n"),
            [
                "unread line 2, column 4 (the value on lines 1–3): value expected",
                "[4]"
            ]
        );
    }
}

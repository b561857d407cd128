//! A stored output opened for reading: read, grep and tail over its view.
//!
//! Reads go through storage in blocks, so a 1 GB view is never in memory;
//! the line index turns "line N" into a seek.

use std::collections::VecDeque;

use crate::EngineError;
use crate::bindings::types::{GrepOptions, HandleInfo, LineRange};
use crate::handle::{FileKind, Handle};
use crate::meta::Meta;
use crate::storage::{READ_BLOCK, Storage};
use crate::store::storage_error;
use crate::view::LINE_INDEX_STRIDE;

pub const DEFAULT_MAX_MATCHES: u32 = 100;
/// A grep pattern may compile to at most this much (hostile patterns).
const REGEX_SIZE_LIMIT: usize = 1 << 20;

pub struct Doc<'a> {
    st: &'a dyn Storage,
    pub handle: Handle,
    pub meta: Meta,
    view: String,
    index: Vec<u64>,
}

impl<'a> Doc<'a> {
    /// Validates the handle's shape first: nothing is touched for a bad one.
    pub fn open(st: &'a dyn Storage, handle: &str) -> Result<Self, EngineError> {
        let handle = Handle::parse(handle)?;
        let meta = Meta::load(st, &handle)?;
        let view = meta.view_file(&handle);
        let idx_name = handle.file(FileKind::LineIndex);
        let raw = st
            .read(&idx_name, 0, st.size(&idx_name).map_err(storage_error)?)
            .map_err(storage_error)?;
        let index = raw
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Ok(Doc {
            st,
            handle,
            meta,
            view,
            index,
        })
    }

    pub fn lines(&self) -> u64 {
        self.meta.view.lines
    }

    pub fn view_bytes(&self) -> u64 {
        self.meta.view.bytes
    }

    /// Raw view bytes `[offset, offset+len)`.
    pub fn read_bytes(&self, offset: u64, len: u64) -> Result<Vec<u8>, EngineError> {
        let mut out = Vec::with_capacity(len as usize);
        while (out.len() as u64) < len {
            let want = (len - out.len() as u64).min(READ_BLOCK);
            let block = self
                .st
                .read(&self.view, offset + out.len() as u64, want)
                .map_err(storage_error)?;
            if block.is_empty() {
                break;
            }
            out.extend_from_slice(&block);
        }
        Ok(out)
    }

    /// Lines from `first` (1-based) on, in order.
    pub fn lines_from(&self, first: u64) -> LineReader<'_> {
        let slot = ((first.max(1) - 1) / LINE_INDEX_STRIDE) as usize;
        let (line, offset) = match self.index.get(slot) {
            Some(&offset) => (slot as u64 * LINE_INDEX_STRIDE + 1, offset),
            None => (1, 0),
        };
        let mut reader = LineReader {
            doc: self,
            offset,
            next_line: line,
            buf: Vec::new(),
            pos: 0,
            eof: false,
            error: None,
        };
        while reader.next_line < first {
            if reader.next_line().is_none() {
                break;
            }
        }
        reader
    }

    pub fn read(&self, range: LineRange, max_bytes: usize) -> Result<String, EngineError> {
        let total = self.lines();
        if range.first == 0 || range.last < range.first {
            return Err(EngineError::InvalidArgument(format!(
                "line range {}:{} is empty or not 1-based (lines are numbered from 1)",
                range.first, range.last
            )));
        }
        if range.first > total {
            return Err(EngineError::InvalidArgument(format!(
                "line range starts at {} but the output has {total} lines",
                range.first
            )));
        }
        let last = range.last.min(total);
        let mut out = Bounded::new(max_bytes);
        let mut reader = self.lines_from(range.first);
        while let Some((n, line)) = reader.next_line() {
            if n > last {
                break;
            }
            if !out.push_line(n, ':', &line) {
                out.note(&format!(
                    "[output capped at {max_bytes} bytes: lines {}–{} shown; read from line {n} to continue]",
                    range.first,
                    n - 1
                ));
                break;
            }
        }
        reader.error()?;
        Ok(out.finish())
    }

    pub fn tail(&self, lines: u32, max_bytes: usize) -> Result<String, EngineError> {
        let total = self.lines();
        if total == 0 || lines == 0 {
            return Ok(String::new());
        }
        let first = total.saturating_sub(u64::from(lines)) + 1;
        // Keep the *last* lines when the budget is short: collect, then trim from the front.
        let mut kept: VecDeque<(u64, String)> = VecDeque::new();
        let mut bytes = 0;
        let mut reader = self.lines_from(first);
        while let Some((n, line)) = reader.next_line() {
            bytes += line_len(n, &line);
            kept.push_back((n, line));
            // Room for the lines, the leading note, and Bounded's own reserve.
            while bytes > max_bytes.saturating_sub(2 * NOTE_RESERVE) && kept.len() > 1 {
                let (n, l) = kept.pop_front().expect("non-empty");
                bytes -= line_len(n, &l);
            }
        }
        reader.error()?;
        let mut out = Bounded::new(max_bytes);
        let shown_from = kept.front().map_or(first, |(n, _)| *n);
        if shown_from > first {
            out.note(&format!(
                "[output capped at {max_bytes} bytes: lines {first}–{} not shown]",
                shown_from - 1
            ));
        }
        for (n, line) in &kept {
            out.push_line(*n, ':', line);
        }
        Ok(out.finish())
    }

    pub fn grep(
        &self,
        pattern: &str,
        opts: &GrepOptions,
        max_bytes: usize,
    ) -> Result<String, EngineError> {
        // Bytes regex: no UTF-8 validation of the blocks. Multi-line: `^`
        // and `$` anchor at line boundaries.
        let re = regex::bytes::RegexBuilder::new(pattern)
            .case_insensitive(opts.ignore_case)
            .multi_line(true)
            .size_limit(REGEX_SIZE_LIMIT)
            .build()
            .map_err(|e| EngineError::InvalidArgument(format!("invalid regex {pattern:?}: {e}")))?;
        let max_matches = opts.max_matches.unwrap_or(DEFAULT_MAX_MATCHES).max(1);
        let context = opts.context as usize;
        let mut out = Bounded::new(max_bytes);
        let mut matches = 0u32;
        // Last lines of the previous block, for context before a match.
        let mut before: VecDeque<(u64, String)> = VecDeque::new();
        // Context lines still owed after a match at the end of a block.
        let mut after_left = 0usize;
        let mut stopped: Option<String> = None;
        let mut reader = self.lines_from(1);
        'blocks: while let Some(block) = reader.next_block() {
            let b = block.bytes;
            // Context owed by a match at the end of the previous block.
            let (mut p, mut n) = (0usize, block.first_line);
            while after_left > 0 && p < b.len() {
                let e = line_end(b, p);
                if re.is_match(&b[p..e]) {
                    break; // a match itself: the scan below prints it
                }
                if !out.push_context(n, &b[p..e]) {
                    stopped = Some(capped_note(max_bytes, n));
                    break 'blocks;
                }
                after_left -= 1;
                (p, n) = (e + 1, n + 1);
            }
            after_left = 0;
            // One regex scan of the whole block; lines are counted only up
            // to each match.
            let (mut cursor, mut line) = (0usize, block.first_line);
            for m in re.find_iter(b) {
                let start = line_start(b, m.start());
                if start < cursor {
                    continue; // another match on a line already shown
                }
                line += count_newlines(&b[cursor..start]);
                cursor = start;
                if matches == max_matches {
                    stopped = Some(format!(
                        "[stopped after {max_matches} matching lines; narrow the pattern or read a line range]"
                    ));
                    break 'blocks;
                }
                matches += 1;
                // Context before: inside this block, then from the previous one.
                let mut starts = Vec::new();
                let mut s = start;
                while starts.len() < context && s > 0 {
                    s = line_start(b, s - 1);
                    starts.push(s);
                }
                let owed = context - starts.len();
                for (bn, text) in before.iter().skip(before.len().saturating_sub(owed)) {
                    if !out.push_context_str(*bn, text) {
                        stopped = Some(capped_note(max_bytes, *bn));
                        break 'blocks;
                    }
                }
                for (k, &st) in starts.iter().enumerate().rev() {
                    let bn = line - (k as u64 + 1);
                    if !out.push_context(bn, &b[st..line_end(b, st)]) {
                        stopped = Some(capped_note(max_bytes, bn));
                        break 'blocks;
                    }
                }
                let end = line_end(b, start);
                if !out.push_line(line, ':', &String::from_utf8_lossy(&b[start..end])) {
                    stopped = Some(capped_note(max_bytes, line));
                    break 'blocks;
                }
                // Context after, inside this block; the rest is owed.
                let (mut p, mut n, mut left) = (end + 1, line + 1, context);
                while left > 0 && p < b.len() {
                    let e = line_end(b, p);
                    if re.is_match(&b[p..e]) {
                        break;
                    }
                    if !out.push_context(n, &b[p..e]) {
                        stopped = Some(capped_note(max_bytes, n));
                        break 'blocks;
                    }
                    left -= 1;
                    (p, n) = (e + 1, n + 1);
                }
                after_left = if p >= b.len() { left } else { 0 };
            }
            if context > 0 {
                remember_last_lines(&mut before, &block, context);
            }
        }
        reader.error()?;
        if let Some(note) = stopped {
            out.note(&note);
        }
        if matches == 0 {
            return Ok(format!(
                "No line matches {pattern:?}{} in {} lines.",
                if opts.ignore_case { " (ignoring case)" } else { "" },
                self.lines()
            ));
        }
        Ok(out.finish())
    }
}

/// Start of the line holding byte `i`.
fn line_start(b: &[u8], i: usize) -> usize {
    b[..i].iter().rposition(|&c| c == b'\n').map_or(0, |nl| nl + 1)
}

/// End (the newline, or the end of the block) of the line starting at `i`.
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |nl| i + nl)
}

pub fn count_newlines(b: &[u8]) -> u64 {
    b.iter().filter(|&&c| c == b'\n').count() as u64
}

fn capped_note(max_bytes: usize, line: u64) -> String {
    format!(
        "[output capped at {max_bytes} bytes at line {line}; narrow the pattern or lower the context]"
    )
}

fn remember_last_lines(before: &mut VecDeque<(u64, String)>, block: &Block, context: usize) {
    let lines: Vec<(u64, std::borrow::Cow<str>)> = block.lines().collect();
    for (n, line) in lines.iter().rev().take(context).rev() {
        before.push_back((*n, line.to_string()));
        if before.len() > context {
            before.pop_front();
        }
    }
}

/// Room kept for a closing note.
const NOTE_RESERVE: usize = 160;

fn line_len(n: u64, line: &str) -> usize {
    n.to_string().len() + 3 + line.len()
}

/// Output that never exceeds its byte budget (a note included).
struct Bounded {
    text: String,
    max: usize,
    /// The last line pushed: a gap before the next one gets a `--` line.
    last: Option<u64>,
}

impl Bounded {
    fn new(max: usize) -> Self {
        Bounded {
            text: String::new(),
            max,
            last: None,
        }
    }

    /// False (and nothing added) when the line would not fit with a note after it.
    fn push_line(&mut self, n: u64, mark: char, line: &str) -> bool {
        if self.last.is_some_and(|last| n <= last) {
            return true; // already shown (as context)
        }
        if self.text.len() + line_len(n, line) + NOTE_RESERVE > self.max {
            return false;
        }
        if self.last.is_some_and(|last| n > last + 1) {
            self.text.push_str("--\n");
        }
        self.last = Some(n);
        self.text.push_str(&format!("{n}{mark} {line}\n"));
        true
    }

    fn push_context(&mut self, n: u64, line: &[u8]) -> bool {
        self.push_context_str(n, &String::from_utf8_lossy(line))
    }

    /// A context line, unless it was already shown.
    fn push_context_str(&mut self, n: u64, line: &str) -> bool {
        if self.last.is_some_and(|last| n <= last) {
            return true;
        }
        self.push_line(n, '-', line)
    }

    fn note(&mut self, note: &str) {
        if self.text.len() + note.len() < self.max {
            self.text.push_str(note);
            self.text.push('\n');
        }
    }

    fn finish(self) -> String {
        self.text
    }
}

/// A run of whole lines of the view, starting at `first_line`, borrowed
/// from the reader's buffer.
pub struct Block<'r> {
    pub first_line: u64,
    pub bytes: &'r [u8],
}

impl Block<'_> {
    pub fn lines(&self) -> impl Iterator<Item = (u64, std::borrow::Cow<'_, str>)> {
        let bytes = self.bytes.strip_suffix(b"\n").unwrap_or(self.bytes);
        let empty = self.bytes.is_empty();
        bytes
            .split(|&c| c == b'\n')
            .take(if empty { 0 } else { usize::MAX })
            .enumerate()
            .map(|(i, l)| (self.first_line + i as u64, String::from_utf8_lossy(l)))
    }
}

/// Bytes read per storage call when scanning.
const SCAN_BLOCK: u64 = 4 << 20;

/// Sequential reader over view lines, by blocks or by lines.
pub struct LineReader<'d> {
    doc: &'d Doc<'d>,
    offset: u64,
    next_line: u64,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    error: Option<EngineError>,
}

impl LineReader<'_> {
    /// A storage error that ended the reading early, if any.
    pub fn error(&mut self) -> Result<(), EngineError> {
        self.error.take().map_or(Ok(()), Err)
    }

    fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        self.buf.drain(..self.pos);
        self.pos = 0;
        match self.doc.st.read(&self.doc.view, self.offset, SCAN_BLOCK) {
            Ok(block) if !block.is_empty() => {
                self.offset += block.len() as u64;
                if self.buf.is_empty() {
                    self.buf = block;
                } else {
                    self.buf.extend_from_slice(&block);
                }
                true
            }
            Ok(_) => {
                self.eof = true;
                false
            }
            Err(err) => {
                self.eof = true;
                self.error = Some(storage_error(err));
                false
            }
        }
    }

    /// The next block of whole lines (about SCAN_BLOCK bytes).
    pub fn next_block(&mut self) -> Option<Block<'_>> {
        loop {
            let rest = &self.buf[self.pos..];
            let end = if self.eof {
                rest.len()
            } else {
                rest.iter().rposition(|&b| b == b'\n').map_or(0, |nl| nl + 1)
            };
            if end > 0 {
                let start = self.pos;
                self.pos += end;
                let bytes = &self.buf[start..start + end];
                let first_line = self.next_line;
                self.next_line += count_newlines(bytes) + u64::from(!bytes.ends_with(b"\n"));
                return Some(Block { first_line, bytes });
            }
            if !self.fill() && self.pos >= self.buf.len() {
                return None;
            }
        }
    }

    pub fn next_line(&mut self) -> Option<(u64, String)> {
        loop {
            if let Some(nl) = self.buf[self.pos..].iter().position(|&b| b == b'\n') {
                let line = String::from_utf8_lossy(&self.buf[self.pos..self.pos + nl]).into_owned();
                self.pos += nl + 1;
                self.next_line += 1;
                return Some((self.next_line - 1, line));
            }
            if !self.fill() {
                if self.pos < self.buf.len() {
                    let line = String::from_utf8_lossy(&self.buf[self.pos..]).into_owned();
                    self.pos = self.buf.len();
                    self.next_line += 1;
                    return Some((self.next_line - 1, line));
                }
                return None;
            }
        }
    }
}

/// The outputs stored in a session (complete ones: those with metadata).
pub fn list(st: &dyn Storage) -> Result<Vec<HandleInfo>, EngineError> {
    let mut infos = Vec::new();
    for name in st.list().map_err(storage_error)? {
        let Some(handle) = Handle::of_file(&name) else {
            continue;
        };
        if name != handle.file(FileKind::Meta) {
            continue;
        }
        // A handle removed meanwhile is simply not listed.
        match Meta::load(st, &handle) {
            Ok(meta) => infos.push(meta.info()),
            Err(EngineError::UnknownHandle(_)) => {}
            Err(err) => return Err(err),
        }
    }
    infos.sort_by(|a, b| {
        a.created_ms
            .cmp(&b.created_ms)
            .then(a.handle.cmp(&b.handle))
    });
    Ok(infos)
}

/// Forget a stored output: the metadata goes first, so the handle vanishes
/// at once even if removing the rest fails.
pub fn remove(st: &dyn Storage, handle: &str) -> Result<(), EngineError> {
    let handle = Handle::parse(handle)?;
    Meta::load(st, &handle)?;
    st.remove(&handle.file(FileKind::Meta))
        .map_err(storage_error)?;
    for kind in [
        FileKind::Original,
        FileKind::ViewText,
        FileKind::ViewJson,
        FileKind::LineIndex,
    ] {
        match st.remove(&handle.file(kind)) {
            Ok(()) | Err(crate::storage::FsError::NotFound(_)) => {}
            Err(err) => return Err(storage_error(err)),
        }
    }
    Ok(())
}

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
        // Multi-line: `^` and `$` anchor at line boundaries, both in the
        // whole-block prefilter and per line.
        let re = regex::RegexBuilder::new(pattern)
            .case_insensitive(opts.ignore_case)
            .multi_line(true)
            .size_limit(REGEX_SIZE_LIMIT)
            .build()
            .map_err(|e| EngineError::InvalidArgument(format!("invalid regex {pattern:?}: {e}")))?;
        let max_matches = opts.max_matches.unwrap_or(DEFAULT_MAX_MATCHES).max(1);
        let context = opts.context as usize;
        let mut out = Bounded::new(max_bytes);
        let mut before: VecDeque<(u64, String)> = VecDeque::new();
        let mut after_left = 0usize;
        let mut matches = 0u32;
        let mut stopped: Option<String> = None;
        let mut reader = self.lines_from(1);
        'blocks: while let Some(block) = reader.next_block() {
            // Most blocks hold no match: one regex scan skips them whole.
            if after_left == 0 && !re.is_match(&block.text) {
                if context > 0 {
                    remember_last_lines(&mut before, &block, context);
                }
                continue;
            }
            for (n, line) in block.lines() {
                let matched = re.is_match(line);
                if matched && matches == max_matches {
                    stopped = Some(format!(
                        "[stopped after {max_matches} matching lines; narrow the pattern or read a line range]"
                    ));
                    break 'blocks;
                }
                if matched {
                    matches += 1;
                    for (b, text) in before.drain(..) {
                        if !out.push_line(b, '-', &text) {
                            stopped = Some(capped_note(max_bytes, b));
                            break 'blocks;
                        }
                    }
                    after_left = context;
                } else if after_left > 0 {
                    after_left -= 1;
                } else {
                    if context > 0 {
                        before.push_back((n, line.to_string()));
                        if before.len() > context {
                            before.pop_front();
                        }
                    }
                    continue;
                }
                if !out.push_line(n, if matched { ':' } else { '-' }, line) {
                    stopped = Some(capped_note(max_bytes, n));
                    break 'blocks;
                }
            }
        }
        reader.error()?;
        if let Some(note) = stopped {
            out.note(&note);
        }
        if matches == 0 {
            return Ok(format!(
                "No line matches {pattern:?}{} in {} lines.",
                if opts.ignore_case {
                    " (ignoring case)"
                } else {
                    ""
                },
                self.lines()
            ));
        }
        Ok(out.finish())
    }
}

fn capped_note(max_bytes: usize, line: u64) -> String {
    format!(
        "[output capped at {max_bytes} bytes at line {line}; narrow the pattern or lower the context]"
    )
}

fn remember_last_lines(before: &mut VecDeque<(u64, String)>, block: &Block, context: usize) {
    let lines: Vec<(u64, &str)> = block.lines().collect();
    for &(n, line) in lines.iter().rev().take(context).rev() {
        before.push_back((n, line.to_string()));
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

/// A run of whole lines of the view, starting at `first_line`.
pub struct Block {
    pub first_line: u64,
    pub text: String,
}

impl Block {
    pub fn lines(&self) -> impl Iterator<Item = (u64, &str)> {
        self.text
            .split_terminator('\n')
            .enumerate()
            .map(|(i, l)| (self.first_line + i as u64, l))
    }
}

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
        match self.doc.st.read(&self.doc.view, self.offset, READ_BLOCK) {
            Ok(block) if !block.is_empty() => {
                self.offset += block.len() as u64;
                self.buf.extend_from_slice(&block);
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

    /// The next block of whole lines (about READ_BLOCK bytes).
    pub fn next_block(&mut self) -> Option<Block> {
        loop {
            let rest = &self.buf[self.pos..];
            let end = if self.eof {
                rest.len()
            } else {
                match rest.iter().rposition(|&b| b == b'\n') {
                    Some(nl) => nl + 1,
                    None => 0,
                }
            };
            if end > 0 {
                let text = String::from_utf8_lossy(&rest[..end]).into_owned();
                self.pos += end;
                let first_line = self.next_line;
                self.next_line += text.split_terminator('\n').count() as u64;
                return Some(Block { first_line, text });
            }
            if !self.fill() && self.pos >= self.buf.len() {
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

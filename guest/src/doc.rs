//! A stored output opened for reading: read, grep and tail over its view.
//!
//! Reads go through storage in blocks, so a 1 GB view is never in memory;
//! the line index turns "line N" into a seek.

use std::collections::VecDeque;

use crate::EngineError;
use crate::bindings::types::{GrepOptions, LineRange};
use crate::handle::Handle;
use crate::line_index::{LINE_INDEX_STRIDE, LineIndex, corrupt};
use crate::meta::Meta;
use crate::storage::{READ_BLOCK, Storage};

pub const DEFAULT_MAX_MATCHES: u32 = 100;
/// A grep pattern may compile to at most this much (hostile patterns).
const REGEX_SIZE_LIMIT: usize = 1 << 20;

pub struct Doc<'a> {
    st: &'a dyn Storage,
    pub handle: Handle,
    pub meta: Meta,
    view: String,
    index: LineIndex,
}

impl<'a> Doc<'a> {
    /// Validates the handle's shape first: nothing is touched for a bad one.
    /// The stored files are untrusted: the sidecar, the view's size and the
    /// line index are checked against each other here (see `line_index`).
    pub fn open(st: &'a dyn Storage, handle: &str) -> Result<Self, EngineError> {
        let handle = Handle::parse(handle)?;
        let meta = Meta::load(st, &handle)?;
        let view = meta.view_file(&handle);
        let size = st
            .size(&view)
            .map_err(|e| corrupt(&handle, &format!("view: {}", e.message())))?;
        if size != meta.view.bytes {
            return Err(corrupt(
                &handle,
                &format!(
                    "the view is {size} bytes but its metadata says {}",
                    meta.view.bytes
                ),
            ));
        }
        let index = LineIndex::load(st, &handle, meta.view.lines, meta.view.bytes)?;
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

    /// The session's storage, for the stored files other than the view
    /// (jq reads the original).
    pub fn storage(&self) -> &'a dyn Storage {
        self.st
    }

    /// Raw view bytes `[offset, offset+len)`.
    pub fn read_bytes(&self, offset: u64, len: u64) -> Result<Vec<u8>, EngineError> {
        let len = len.min(self.view_bytes().saturating_sub(offset));
        let mut out = Vec::with_capacity(len.min(READ_BLOCK) as usize);
        while (out.len() as u64) < len {
            let want = (len - out.len() as u64).min(READ_BLOCK);
            let block = self.st.read(&self.view, offset + out.len() as u64, want)?;
            if block.is_empty() {
                break;
            }
            out.extend_from_slice(&block);
        }
        Ok(out)
    }

    /// Lines from `first` (1-based) on, in order.
    pub fn lines_from(&self, first: u64) -> LineReader<'_> {
        self.reader_at(first, SCAN_BLOCK)
    }

    /// For a few lines: reads small blocks.
    fn lines_from_small(&self, first: u64) -> LineReader<'_> {
        self.reader_at(first, 64 * 1024)
    }

    fn reader_at(&self, first: u64, block: u64) -> LineReader<'_> {
        let slot = usize::try_from((first.max(1) - 1) / LINE_INDEX_STRIDE).unwrap_or(usize::MAX);
        // Past the index: the last entry, from which the reader walks on.
        let slot = slot.min(self.index.len().saturating_sub(1));
        let mut error = None;
        let (line, offset) = match self.index_entry(slot) {
            Ok(Some(offset)) => (slot as u64 * LINE_INDEX_STRIDE + 1, offset),
            Ok(None) => (1, 0),
            Err(err) => {
                error = Some(err);
                (1, self.view_bytes())
            }
        };
        let mut reader = LineReader {
            doc: self,
            offset,
            next_line: line,
            buf: Vec::new(),
            pos: 0,
            eof: error.is_some(),
            error,
            block,
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
            if !out.push_line(*n, ':', line) {
                // One line longer than the cap: say so rather than nothing.
                out.note(&format!(
                    "[output capped at {max_bytes} bytes: line {n} ({} bytes) does not fit; read it with a larger cap]",
                    line.len()
                ));
                break;
            }
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
        let max_matches = opts.max_matches.unwrap_or(DEFAULT_MAX_MATCHES);
        if max_matches == 0 {
            return Err(EngineError::InvalidArgument(
                "max-matches must be at least 1 (it is how many matching lines to show)".into(),
            ));
        }
        let context = u64::from(opts.context);
        let mut out = Bounded::new(max_bytes);
        let mut matches = 0u32;
        let mut stopped: Option<String> = None;
        let total = self.view_bytes();
        let mut offset = 0u64;
        // Where line counting last stopped: (absolute offset, line there).
        let mut counted = (0u64, 1u64);
        'blocks: while offset < total {
            // Blocks of whole lines, each read from the first unconsumed
            // byte: nothing is carried over or copied twice.
            let block = self.read_bytes(offset, SCAN_BLOCK.min(total - offset))?;
            if block.is_empty() {
                break;
            }
            let end = if offset + block.len() as u64 >= total {
                block.len()
            } else {
                block
                    .iter()
                    .rposition(|&c| c == b'\n')
                    .map_or(block.len(), |nl| nl + 1)
            };
            let b = &block[..end];
            let mut shown_to = 0usize; // end of the last line handled in this block
            for m in re.find_iter(b) {
                if m.start() < shown_to {
                    continue; // another match on a line already shown
                }
                if m.start() == b.len() && b.ends_with(b"\n") {
                    // An empty match (`^`, `^$`) after the block's final
                    // newline: that is the next block's first line, or no
                    // line at all at the end of the view.
                    break;
                }
                let start = line_start(b, m.start());
                let line_end = line_end(b, start);
                shown_to = line_end + 1;
                if matches == max_matches {
                    stopped = Some(format!(
                        "[stopped after {max_matches} matching lines; narrow the pattern or read a line range]"
                    ));
                    break 'blocks;
                }
                matches += 1;
                // Line numbers only where needed: from the nearest known
                // point (the last match or the line index).
                let abs = offset + start as u64;
                let n = self.line_at(abs, &mut counted, b, offset)?;
                let line = String::from_utf8_lossy(&b[start..line_end]);
                // The match's own line comes first: its context before it
                // shrinks (farthest lines first) to leave room for it.
                let first = n.saturating_sub(context).max(1);
                let before = if first < n {
                    self.context_lines(&re, first, n - 1)?
                } else {
                    Vec::new()
                };
                let before = out.unshown(before);
                let shown_already = out.shows(n);
                let mut skip = 0;
                while skip < before.len() && !out.fits(&before[skip..], n, &line) {
                    skip += 1;
                }
                if !shown_already && !out.fits(&[], n, &line) {
                    stopped = Some(capped_note(max_bytes, n));
                    break 'blocks;
                }
                for (k, mark, text) in &before[skip..] {
                    out.push_line(*k, *mark, text);
                }
                out.push_line(n, ':', &line);
                if context > 0 && n < self.lines() {
                    let last = (n + context).min(self.lines());
                    for (k, mark, text) in self.context_lines(&re, n + 1, last)? {
                        if !out.push_line(k, mark, &text) {
                            stopped = Some(capped_note(max_bytes, k));
                            break 'blocks;
                        }
                    }
                }
            }
            offset += end as u64;
        }
        if let Some(note) = stopped {
            out.note(&note);
        }
        if matches == 0 {
            let mut said = format!(
                "No line matches {pattern:?}{} in {} lines.",
                if opts.ignore_case {
                    " (ignoring case)"
                } else {
                    ""
                },
                self.lines()
            );
            // Within the cap, however small, cut on a character boundary.
            let mut end = said.len().min(max_bytes);
            while !said.is_char_boundary(end) {
                end -= 1;
            }
            said.truncate(end);
            return Ok(said);
        }
        Ok(out.finish())
    }

    /// The line number at absolute view offset `abs` (a line start),
    /// counting from the nearer of `counted` and the line index. `b` is the
    /// block that starts at `block_offset` and holds `abs`.
    fn line_at(
        &self,
        abs: u64,
        counted: &mut (u64, u64),
        b: &[u8],
        block_offset: u64,
    ) -> Result<u64, EngineError> {
        let slot = self.index.slot_at(abs);
        let (mut from, mut line) = match self.index_entry(slot)? {
            Some(o) => (o, slot as u64 * LINE_INDEX_STRIDE + 1),
            None => (0, 1),
        };
        if counted.0 <= abs && counted.0 > from {
            (from, line) = *counted;
        }
        if from < block_offset {
            line += count_newlines(&self.read_bytes(from, block_offset - from)?);
            from = block_offset;
        }
        line += count_newlines(&b[(from - block_offset) as usize..(abs - block_offset) as usize]);
        *counted = (abs, line);
        Ok(line)
    }

    /// Line index entry `slot`, checked against the view on first use.
    fn index_entry(&self, slot: usize) -> Result<Option<u64>, EngineError> {
        self.index
            .entry(slot, |from, len| self.read_bytes(from, len), &self.handle)
    }

    /// Context lines `first..=last` (a line that matches too is marked `:`).
    /// Lines `first..=last`, numbered and marked (`:` a match, `-` context).
    fn context_lines(
        &self,
        re: &regex::bytes::Regex,
        first: u64,
        last: u64,
    ) -> Result<Vec<(u64, char, String)>, EngineError> {
        let mut lines = Vec::new();
        let mut reader = self.lines_from_small(first);
        while let Some((n, line)) = reader.next_line() {
            if n > last {
                break;
            }
            let mark = if re.is_match(line.as_bytes()) {
                ':'
            } else {
                '-'
            };
            lines.push((n, mark, line));
        }
        reader.error()?;
        Ok(lines)
    }
}

/// Start of the line holding byte `i`.
fn line_start(b: &[u8], i: usize) -> usize {
    b[..i]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |nl| nl + 1)
}

/// End (the newline, or the end of the block) of the line starting at `i`.
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |nl| i + nl)
}

pub fn count_newlines(b: &[u8]) -> u64 {
    b.iter().filter(|&&c| c == b'\n').count() as u64
}

mod bounded;
mod catalog;
mod reader;

use bounded::{Bounded, NOTE_RESERVE, capped_note, line_len};
pub use catalog::{list, remove};
use reader::SCAN_BLOCK;
pub use reader::{Block, LineReader};

#[cfg(test)]
mod tests;

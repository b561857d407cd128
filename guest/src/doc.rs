//! A stored output opened for reading: read, grep and tail over its view.
//!
//! Reads go through storage in blocks, so a 1 GB view is never in memory;
//! the line index turns "line N" into a seek. A call reads only what it
//! needs (a few lines read a few small blocks and one page of the index):
//! on object storage, each read is fetched by range.

use std::collections::VecDeque;

use crate::EngineError;
use crate::bindings::types::LineRange;
use crate::handle::Handle;
use crate::line_index::{LINE_INDEX_STRIDE, LineIndex, corrupt};
use crate::meta::Meta;
use crate::storage::{READ_BLOCK, Storage};

pub struct Doc<'a> {
    st: &'a dyn Storage,
    pub handle: Handle,
    pub meta: Meta,
    view: String,
    index: LineIndex<'a>,
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

    /// Lines from `first` (1-based) on, in order: read in small blocks
    /// first, growing while the caller reads on (a few lines cost a small
    /// read, a scan large ones).
    pub fn lines_from(&self, first: u64) -> LineReader<'_> {
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
            block: FIRST_BLOCK,
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

    /// Why the stored files were found corrupt during this call, if they
    /// were (see [`LineIndex::broken`]).
    pub fn corruption(&self) -> Option<String> {
        self.index.broken()
    }

    /// Line index entry `slot`, checked against the view on first use.
    fn index_entry(&self, slot: usize) -> Result<Option<u64>, EngineError> {
        self.index
            .entry(slot, |from, len| self.read_bytes(from, len))
    }
}

pub fn count_newlines(b: &[u8]) -> u64 {
    b.iter().filter(|&&c| c == b'\n').count() as u64
}

mod bounded;
mod catalog;
mod reader;

mod grep;

use bounded::{Bounded, NOTE_RESERVE, line_len};
pub use catalog::{Opened, list, open_all, remove};
pub use grep::DEFAULT_MAX_MATCHES;
use reader::FIRST_BLOCK;
pub use reader::{Block, LineReader};

#[cfg(test)]
mod tests;

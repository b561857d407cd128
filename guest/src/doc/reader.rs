//! Sequential reading of a view's lines, by blocks (grep's scan) or one at
//! a time, through storage in bounded reads.

use super::{Doc, count_newlines};
use crate::EngineError;
use crate::line_index::{MAX_VIEW_LINE, corrupt};

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
pub(super) const SCAN_BLOCK: u64 = 4 << 20;
/// A reader's first read; each next one doubles, up to [`SCAN_BLOCK`].
pub(super) const FIRST_BLOCK: u64 = 64 << 10;

/// Sequential reader over view lines, by blocks or by lines.
pub struct LineReader<'d> {
    pub(super) doc: &'d Doc<'d>,
    pub(super) offset: u64,
    pub(super) next_line: u64,
    pub(super) buf: Vec<u8>,
    pub(super) pos: usize,
    pub(super) eof: bool,
    pub(super) error: Option<EngineError>,
    /// Bytes of the next storage read.
    pub(super) block: u64,
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
        match self.doc.st.read(&self.doc.view, self.offset, self.block) {
            Ok(block) if !block.is_empty() => {
                self.offset += block.len() as u64;
                self.block = (self.block * 2).min(SCAN_BLOCK);
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
                self.error = Some(err.into());
                false
            }
        }
    }

    /// True (and reading ends with a `storage` error) when `unbroken`
    /// bytes without a newline are more than a view line can hold: a
    /// hostile view is not buffered whole.
    fn too_long(&mut self, unbroken: usize) -> bool {
        if unbroken as u64 <= MAX_VIEW_LINE {
            return false;
        }
        self.eof = true;
        self.pos = self.buf.len();
        self.error = Some(corrupt(
            &self.doc.handle,
            &format!("the view has a line longer than {MAX_VIEW_LINE} bytes"),
        ));
        true
    }

    /// The next block of whole lines (about SCAN_BLOCK bytes).
    pub fn next_block(&mut self) -> Option<Block<'_>> {
        loop {
            let rest = &self.buf[self.pos..];
            let end = if self.eof {
                rest.len()
            } else {
                rest.iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |nl| nl + 1)
            };
            if end == 0 && self.too_long(rest.len()) {
                return None;
            }
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
            if self.too_long(self.buf.len() - self.pos) {
                return None;
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

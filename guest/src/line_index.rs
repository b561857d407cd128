//! The line index `<handle>.idx` read back from storage, where it is
//! untrusted: checked against the sidecar and the view before any offset
//! in it is used.
//!
//! Read by pages of [`PAGE_ENTRIES`] entries, when a call first needs one
//! (a read of a few lines touches one page, not the whole index: with a
//! session on object storage, each page is a ranged read). Checked when
//! the handle is opened (cheap, without reading the index or the view):
//! the file holds exactly one little-endian `u64` per [`LINE_INDEX_STRIDE`]
//! view lines. Checked when a page is read, with the entry before it: the
//! first entry is 0, the offsets increase by at least one byte per line
//! and at most [`MAX_VIEW_LINE`] + 1 bytes per line, so they stay inside
//! the view, and the last leaves the sidecar's last lines in the rest of
//! it. Checked when an entry is first used: the stride of view before it
//! holds exactly [`LINE_INDEX_STRIDE`] lines, so the entry is a line start
//! and the line number it gives is right relative to the entry before it.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use crate::EngineError;
use crate::handle::{FileKind, Handle};
use crate::storage::Storage;

// The view's layout lives here, below `view`: the index reader checks
// stored views against it, and `view` builds with it.

/// View lines longer than this are soft-wrapped (minified JSON, base64 blobs).
pub const WRAP_BYTES: usize = 2000;
/// The line index records the byte offset of lines 1, 1+STRIDE, 1+2·STRIDE…
pub const LINE_INDEX_STRIDE: u64 = 1024;

/// Longest line a view can hold: the view builder wraps lines at
/// [`WRAP_BYTES`]. A longer one means the view file is not what was stored.
pub const MAX_VIEW_LINE: u64 = WRAP_BYTES as u64;

/// Entries read at once (4 KiB): one page covers half a million lines.
pub const PAGE_ENTRIES: usize = 512;

pub struct LineIndex<'a> {
    st: &'a dyn Storage,
    handle: Handle,
    entries: usize,
    lines: u64,
    view_bytes: u64,
    /// The pages read so far (each checked), by page number.
    pages: RefCell<BTreeMap<usize, Vec<u64>>>,
    /// Slots whose stride has been checked (see the module header).
    checked: RefCell<BTreeSet<usize>>,
    /// The first check that failed, if any: the handle is corrupt, whatever
    /// reads it next.
    broken: RefCell<Option<String>>,
}

/// A `storage` error about one of the handle's stored files.
pub fn corrupt(handle: &Handle, what: &str) -> EngineError {
    EngineError::Storage(format!(
        "the stored output of handle {handle} is corrupt: {what}"
    ))
}

impl<'a> LineIndex<'a> {
    /// The index of `handle`, whose view holds `lines` lines in
    /// `view_bytes` bytes as its sidecar says; its size checked, nothing
    /// read yet. The view's real size must already match the sidecar.
    pub fn load(
        st: &'a dyn Storage,
        handle: &Handle,
        lines: u64,
        view_bytes: u64,
    ) -> Result<Self, EngineError> {
        // Every line takes at least one byte and at most a wrapped line's.
        let most = lines.checked_mul(MAX_VIEW_LINE + 1);
        if lines > view_bytes || most.is_some_and(|most| view_bytes > most) {
            return Err(corrupt(
                handle,
                &format!("{lines} view lines cannot fill a view of {view_bytes} bytes"),
            ));
        }
        let entries = lines.div_ceil(LINE_INDEX_STRIDE);
        let name = handle.file(FileKind::LineIndex);
        let size = st
            .size(&name)
            .map_err(|e| corrupt(handle, &format!("line index: {}", e.message())))?;
        if size != entries * 8 {
            return Err(corrupt(
                handle,
                &format!(
                    "the line index is {size} bytes, but {lines} view lines need {} bytes",
                    entries * 8
                ),
            ));
        }
        let entries = usize::try_from(entries)
            .map_err(|_| corrupt(handle, "the line index is larger than memory"))?;
        Ok(LineIndex {
            st,
            handle: handle.clone(),
            entries,
            lines,
            view_bytes,
            pages: RefCell::default(),
            checked: RefCell::default(),
            broken: RefCell::default(),
        })
    }

    /// The entry at `slot` (line `slot * LINE_INDEX_STRIDE + 1` starts
    /// there), checked against the view the first time it is used.
    pub fn entry(
        &self,
        slot: usize,
        read: impl FnOnce(u64, u64) -> Result<Vec<u8>, EngineError>,
    ) -> Result<Option<u64>, EngineError> {
        if slot >= self.entries {
            return Ok(None);
        }
        let offset = self.offset(slot)?;
        if slot == 0 || self.checked.borrow().contains(&slot) {
            return Ok(Some(offset));
        }
        let from = self.offset(slot - 1)?;
        let stride = read(from, offset - from)?;
        let newlines = stride.iter().filter(|&&c| c == b'\n').count() as u64;
        if stride.len() as u64 != offset - from
            || newlines != LINE_INDEX_STRIDE
            || stride.last() != Some(&b'\n')
        {
            return Err(self.broke(corrupt(
                &self.handle,
                &format!(
                    "line index entry {slot} (offset {offset}) is not {LINE_INDEX_STRIDE} view \
                     lines after the one before it"
                ),
            )));
        }
        self.checked.borrow_mut().insert(slot);
        Ok(Some(offset))
    }

    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The last slot whose offset is at most `abs` (a binary search that
    /// reads only the pages it probes). The caller checks the entry it
    /// gives against `abs`: a page never read may disagree with another.
    pub fn slot_at(&self, abs: u64) -> Result<usize, EngineError> {
        let (mut low, mut high) = (0, self.entries);
        while low < high {
            let mid = low + (high - low) / 2;
            if self.offset(mid)? <= abs {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        Ok(low.saturating_sub(1))
    }

    /// Why the index was found corrupt, if a check failed (an extraction
    /// then fails rather than fall back to a strategy that reads around
    /// the page: the index is checked where it is used, not whole).
    pub fn broken(&self) -> Option<String> {
        self.broken.borrow().clone()
    }

    fn broke(&self, err: EngineError) -> EngineError {
        self.broken
            .borrow_mut()
            .get_or_insert_with(|| err.message().to_string());
        err
    }

    /// The offset at `slot` (< entries), from its page, read and checked
    /// the first time.
    fn offset(&self, slot: usize) -> Result<u64, EngineError> {
        let page = slot / PAGE_ENTRIES;
        if let Some(entries) = self.pages.borrow().get(&page) {
            return Ok(entries[slot % PAGE_ENTRIES]);
        }
        let entries = self.read_page(page).map_err(|err| self.broke(err))?;
        let offset = entries[slot % PAGE_ENTRIES];
        self.pages.borrow_mut().insert(page, entries);
        Ok(offset)
    }

    /// Page `page`'s entries, checked with the entry before the page.
    fn read_page(&self, page: usize) -> Result<Vec<u64>, EngineError> {
        let first = page * PAGE_ENTRIES;
        let end = (first + PAGE_ENTRIES).min(self.entries);
        let from = first.saturating_sub(1);
        let want = (end - from) as u64 * 8;
        let raw = self
            .st
            .read(
                &self.handle.file(FileKind::LineIndex),
                from as u64 * 8,
                want,
            )
            .map_err(|e| corrupt(&self.handle, &format!("line index: {}", e.message())))?;
        if raw.len() as u64 != want {
            return Err(corrupt(
                &self.handle,
                "the line index changed while it was read",
            ));
        }
        let read: Vec<u64> = raw
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
            .collect();
        let ends = end == self.entries;
        check_offsets(&read, from, (self.lines, self.view_bytes), ends)
            .map_err(|what| corrupt(&self.handle, &what))?;
        Ok(read[first - from..].to_vec())
    }
}

/// The checks of the module header on `offsets`, the entries from slot
/// `from` on, of a view of `(lines, bytes)`; `ends`: they end the index.
fn check_offsets(
    offsets: &[u64],
    from: usize,
    (lines, view_bytes): (u64, u64),
    ends: bool,
) -> Result<(), String> {
    if from == 0 && offsets.first().is_some_and(|&o| o != 0) {
        return Err("the line index does not start at offset 0".into());
    }
    // Each entry starts a line, so it is inside the view.
    if let Some((i, o)) = offsets.iter().enumerate().find(|(_, o)| **o >= view_bytes) {
        return Err(format!(
            "line index entry {} ({o}) is past the end of the view ({view_bytes} bytes)",
            from + i
        ));
    }
    let most_per_stride = LINE_INDEX_STRIDE * (MAX_VIEW_LINE + 1);
    for (i, pair) in offsets.windows(2).enumerate() {
        let step = pair[1].checked_sub(pair[0]);
        if !step.is_some_and(|s| (LINE_INDEX_STRIDE..=most_per_stride).contains(&s)) {
            return Err(format!(
                "line index entries {} and {} ({} and {}) are not {LINE_INDEX_STRIDE} view lines \
                 apart",
                from + i,
                from + i + 1,
                pair[0],
                pair[1]
            ));
        }
    }
    if let (Some(&last), true) = (offsets.last(), ends) {
        let slots = (from + offsets.len()) as u64;
        let rest_lines = lines - (slots - 1) * LINE_INDEX_STRIDE;
        let rest = view_bytes.checked_sub(last);
        if !rest.is_some_and(|r| (rest_lines..=rest_lines * (MAX_VIEW_LINE + 1)).contains(&r)) {
            return Err(format!(
                "the last line index entry ({last}) does not leave {rest_lines} lines in a view \
                 of {view_bytes} bytes"
            ));
        }
    }
    Ok(())
}

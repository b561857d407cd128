//! The line index `<handle>.idx` read back from storage, where it is
//! untrusted: checked against the sidecar and the view before any offset
//! in it is used.
//!
//! Checked when the handle is opened (cheap, without reading the view):
//! the file holds exactly one little-endian `u64` per [`LINE_INDEX_STRIDE`]
//! view lines, the first is 0, and the offsets increase by at least one
//! byte per line and at most [`MAX_VIEW_LINE`] + 1 bytes per line, so they
//! stay inside the view. Checked when an entry is first used: the stride
//! of view before it holds exactly [`LINE_INDEX_STRIDE`] lines, so the
//! entry is a line start and the line number it gives is right relative to
//! the entry before it.

use std::cell::RefCell;

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

pub struct LineIndex {
    offsets: Vec<u64>,
    /// Slots whose stride has been checked (see the module header).
    checked: RefCell<Vec<bool>>,
}

/// A `storage` error about one of the handle's stored files.
pub fn corrupt(handle: &Handle, what: &str) -> EngineError {
    EngineError::Storage(format!(
        "the stored output of handle {handle} is corrupt: {what}"
    ))
}

impl LineIndex {
    /// Read and check the index of `handle`, whose view holds `lines`
    /// lines in `view_bytes` bytes as its sidecar says. The view's real
    /// size must already match the sidecar.
    pub fn load(
        st: &dyn Storage,
        handle: &Handle,
        lines: u64,
        view_bytes: u64,
    ) -> Result<Self, EngineError> {
        let name = handle.file(FileKind::LineIndex);
        let entries = lines.div_ceil(LINE_INDEX_STRIDE);
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
        // `size` is bounded by the view's real size (at most one entry per
        // LINE_INDEX_STRIDE bytes of view), so this allocation is too.
        let raw = st
            .read(&name, 0, size)
            .map_err(|e| corrupt(handle, &format!("line index: {}", e.message())))?;
        if raw.len() as u64 != size {
            return Err(corrupt(handle, "the line index changed while it was read"));
        }
        let offsets: Vec<u64> = raw
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
            .collect();
        check_offsets(&offsets, lines, view_bytes).map_err(|what| corrupt(handle, &what))?;
        let checked = RefCell::new(vec![false; offsets.len()]);
        Ok(LineIndex { offsets, checked })
    }

    /// The entry at `slot` (line `slot * LINE_INDEX_STRIDE + 1` starts
    /// there), checked against the view the first time it is used.
    pub fn entry(
        &self,
        slot: usize,
        read: impl FnOnce(u64, u64) -> Result<Vec<u8>, EngineError>,
        handle: &Handle,
    ) -> Result<Option<u64>, EngineError> {
        let Some(&offset) = self.offsets.get(slot) else {
            return Ok(None);
        };
        if slot == 0 || self.checked.borrow()[slot] {
            return Ok(Some(offset));
        }
        let from = self.offsets[slot - 1];
        let stride = read(from, offset - from)?;
        let newlines = stride.iter().filter(|&&c| c == b'\n').count() as u64;
        if stride.len() as u64 != offset - from
            || newlines != LINE_INDEX_STRIDE
            || stride.last() != Some(&b'\n')
        {
            return Err(corrupt(
                handle,
                &format!(
                    "line index entry {slot} (offset {offset}) is not {LINE_INDEX_STRIDE} view \
                     lines after the one before it"
                ),
            ));
        }
        self.checked.borrow_mut()[slot] = true;
        Ok(Some(offset))
    }

    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// The last slot whose offset is at most `abs`.
    pub fn slot_at(&self, abs: u64) -> usize {
        self.offsets
            .partition_point(|&o| o <= abs)
            .saturating_sub(1)
    }
}

/// The open-time checks of the module header.
fn check_offsets(offsets: &[u64], lines: u64, view_bytes: u64) -> Result<(), String> {
    if offsets.first().is_some_and(|&o| o != 0) {
        return Err("the line index does not start at offset 0".into());
    }
    let most_per_stride = LINE_INDEX_STRIDE * (MAX_VIEW_LINE + 1);
    for (slot, pair) in offsets.windows(2).enumerate() {
        let step = pair[1].checked_sub(pair[0]);
        if !step.is_some_and(|s| (LINE_INDEX_STRIDE..=most_per_stride).contains(&s)) {
            return Err(format!(
                "line index entries {} and {} ({} and {}) are not {LINE_INDEX_STRIDE} view lines \
                 apart",
                slot,
                slot + 1,
                pair[0],
                pair[1]
            ));
        }
    }
    if let Some(&last) = offsets.last() {
        let rest_lines = lines - (offsets.len() as u64 - 1) * LINE_INDEX_STRIDE;
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

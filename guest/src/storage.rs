//! The session directory as the engine sees it: flat files by name.
//!
//! In the component this is the imported `session-fs` interface; natively
//! (unit tests) it is [`MemStorage`]. The engine never builds a path.

use std::cell::RefCell;
use std::collections::BTreeMap;

pub use crate::bindings::session_fs::FsError;

/// The `session-fs` operations, one-to-one.
pub trait Storage {
    fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError>;
    fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError>;
    fn read(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError>;
    fn size(&self, name: &str) -> Result<u64, FsError>;
    fn rename(&self, from: &str, to: &str) -> Result<(), FsError>;
    fn remove(&self, name: &str) -> Result<(), FsError>;
    fn list(&self) -> Result<Vec<String>, FsError>;
}

/// Reads at most this much per `read` call: hosts serve at least 1 MiB.
pub const READ_BLOCK: u64 = 1 << 20;

/// An in-memory session directory, for native tests. `fail_writes_after`
/// simulates a full disk.
#[derive(Default)]
pub struct MemStorage {
    files: RefCell<BTreeMap<String, Vec<u8>>>,
    /// After this many more bytes are written, writes fail with `no-space`.
    pub space_left: RefCell<Option<u64>>,
}

impl MemStorage {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn names(&self) -> Vec<String> {
        self.files.borrow().keys().cloned().collect()
    }

    pub fn get(&self, name: &str) -> Option<Vec<u8>> {
        self.files.borrow().get(name).cloned()
    }

    fn charge(&self, bytes: usize) -> Result<(), FsError> {
        let mut left = self.space_left.borrow_mut();
        if let Some(left) = left.as_mut() {
            if (bytes as u64) > *left {
                return Err(FsError::NoSpace);
            }
            *left -= bytes as u64;
        }
        Ok(())
    }
}

impl Storage for MemStorage {
    fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        self.charge(data.len())?;
        self.files
            .borrow_mut()
            .insert(name.to_string(), data.to_vec());
        Ok(())
    }

    fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        self.charge(data.len())?;
        self.files
            .borrow_mut()
            .entry(name.to_string())
            .or_default()
            .extend_from_slice(data);
        Ok(())
    }

    fn read(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        let files = self.files.borrow();
        let data = files
            .get(name)
            .ok_or_else(|| FsError::NotFound(name.to_string()))?;
        let start = (offset as usize).min(data.len());
        let end = start.saturating_add(len as usize).min(data.len());
        Ok(data[start..end].to_vec())
    }

    fn size(&self, name: &str) -> Result<u64, FsError> {
        let files = self.files.borrow();
        let data = files
            .get(name)
            .ok_or_else(|| FsError::NotFound(name.to_string()))?;
        Ok(data.len() as u64)
    }

    fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        let mut files = self.files.borrow_mut();
        let data = files
            .remove(from)
            .ok_or_else(|| FsError::NotFound(from.to_string()))?;
        files.insert(to.to_string(), data);
        Ok(())
    }

    fn remove(&self, name: &str) -> Result<(), FsError> {
        self.files
            .borrow_mut()
            .remove(name)
            .map(|_| ())
            .ok_or_else(|| FsError::NotFound(name.to_string()))
    }

    fn list(&self) -> Result<Vec<String>, FsError> {
        Ok(self.names())
    }
}

//! `session-fs`: the guest's only storage, one session directory.
//!
//! Names are validated against the WIT rule before the disk is touched;
//! files are opened through a cap-std `Dir` (nothing outside it can be
//! named) with symlinks refused, so a link planted in the session directory
//! cannot lead out of it.

use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::fs::{Dir, OpenOptions};

pub(crate) use crate::bindings::session_fs::FsError;
pub(crate) use import::RemoteFiles;
use tool_output_wire::contract::HANDLE_FILE_SUFFIXES;

mod import;
mod install;
mod writing;

pub(crate) use writing::{WriterLock, sweep_abandoned_in};

/// The most bytes one `read` returns (the WIT promises at least 1 MiB).
pub const MAX_READ: u64 = 16 << 20;

/// One session directory, as a capability.
#[derive(Clone)]
pub struct SessionDir {
    dir: Arc<Dir>,
    quota: Option<u64>,
    /// Bytes the session's files hold (kept up to date by this process).
    usage: Arc<AtomicU64>,
}

impl SessionDir {
    /// `usage` starts as the size of the files already there. Other
    /// processes store into and remove from the same session at any time:
    /// a file that goes between the listing and its `stat` is not counted,
    /// and never fails the opening.
    /// What a store killed mid-way left ([`writing`]) goes first.
    pub fn new(dir: Dir, quota: Option<u64>) -> io::Result<Self> {
        let (mut used, mut locks) = (0, Vec::new());
        for entry in dir.entries()? {
            let Ok(entry) = entry else { continue };
            if let Ok(name) = entry.file_name().into_string()
                && name.starts_with(writing::WRITING_PREFIX)
            {
                locks.push(name);
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if meta.is_file() {
                used += meta.len();
            }
        }
        if !locks.is_empty() {
            used = used.saturating_sub(writing::sweep_abandoned(&dir, &locks));
        }
        Ok(Self {
            dir: Arc::new(dir),
            quota,
            usage: Arc::new(AtomicU64::new(used)),
        })
    }

    /// Bytes the session's files hold (as this process counts them).
    pub fn usage(&self) -> u64 {
        self.usage.load(Ordering::Relaxed)
    }

    /// Opens a regular file only. Without following symlinks, and without
    /// blocking: a FIFO planted in place of a stored file would otherwise
    /// hang the open until a writer (or reader) comes, outside the CPU limit.
    fn open(&self, name: &str, opts: &mut OpenOptions) -> Result<cap_std::fs::File, FsError> {
        check_name(name)?;
        self.open_unchecked(name, opts)
    }

    /// [`SessionDir::open`] of a name already checked.
    fn open_unchecked(
        &self,
        name: &str,
        opts: &mut OpenOptions,
    ) -> Result<cap_std::fs::File, FsError> {
        crate::platform::non_blocking_cap(opts.follow(FollowSymlinks::No));
        let file = self
            .dir
            .open_with(name, opts)
            .map_err(|e| fs_error(name, e))?;
        let meta = file.metadata().map_err(|e| fs_error(name, e))?;
        if !meta.is_file() {
            return Err(not_a_file(name, &meta.file_type()));
        }
        Ok(file)
    }

    fn file_len(&self, name: &str) -> Option<u64> {
        self.dir
            .symlink_metadata(name)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len())
    }

    fn charge(&self, add: u64, freed: u64) -> Result<(), FsError> {
        let used = self.usage.load(Ordering::Relaxed).saturating_sub(freed);
        if self.quota.is_some_and(|quota| used + add > quota) {
            return Err(FsError::QuotaExceeded);
        }
        self.usage.store(used + add, Ordering::Relaxed);
        Ok(())
    }

    /// `name` holds `data` (created or truncated), within the quota.
    pub fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        check_name(name)?;
        self.charge(data.len() as u64, self.file_len(name).unwrap_or(0))?;
        let mut file = self.open(
            name,
            OpenOptions::new().write(true).create(true).truncate(true),
        )?;
        file.write_all(data).map_err(|e| fs_error(name, e))
    }

    /// `data` added at the end of `name` (created if missing), within the quota.
    pub fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        check_name(name)?;
        self.charge(data.len() as u64, 0)?;
        let mut file = self.open(name, OpenOptions::new().append(true).create(true))?;
        file.write_all(data).map_err(|e| fs_error(name, e))
    }

    /// Up to `len` bytes of `name` from `offset` (at most [`MAX_READ`]).
    pub fn read(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        let file = self.open(name, OpenOptions::new().read(true))?;
        read_range(name, file, offset, len)
    }

    /// The size of regular file `name`.
    pub fn size(&self, name: &str) -> Result<u64, FsError> {
        check_name(name)?;
        let meta = self
            .dir
            .symlink_metadata(name)
            .map_err(|e| fs_error(name, e))?;
        if !meta.is_file() {
            return Err(not_a_file(name, &meta.file_type()));
        }
        Ok(meta.len())
    }

    /// `from` renamed to `to`, replacing it (the engine's atomic commit).
    pub fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        check_name(from)?;
        check_name(to)?;
        if self.file_len(from).is_none() {
            return Err(FsError::NotFound(from.to_string()));
        }
        let replaced = self.file_len(to).unwrap_or(0);
        self.dir
            .rename(from, &self.dir, to)
            .map_err(|e| fs_error(from, e))?;
        self.usage
            .fetch_sub(replaced.min(self.usage()), Ordering::Relaxed);
        Ok(())
    }

    /// `name` removed; a directory planted in a file's place goes with
    /// everything in it (links inside are removed, never followed).
    pub fn remove(&self, name: &str) -> Result<(), FsError> {
        check_name(name)?;
        let len = self.file_len(name);
        let planted_dir = self.dir.symlink_metadata(name).is_ok_and(|m| m.is_dir());
        if planted_dir {
            return self.dir.remove_dir_all(name).map_err(|e| fs_error(name, e));
        }
        self.dir.remove_file(name).map_err(|e| fs_error(name, e))?;
        if let Some(len) = len {
            self.usage
                .fetch_sub(len.min(self.usage()), Ordering::Relaxed);
        }
        Ok(())
    }

    /// Every file of `handle` removed, the sidecar first (the handle is gone
    /// at once for any reader); best effort.
    pub(crate) fn remove_handle(&self, handle: &str) {
        for suffix in HANDLE_FILE_SUFFIXES.iter().rev() {
            let _ = self.remove(&format!("{handle}.{suffix}"));
        }
    }

    /// A stored file for the host to read (publishing it to a store):
    /// regular files only, links not followed.
    pub(crate) fn open_for_reading(&self, name: &str) -> Result<std::fs::File, FsError> {
        Ok(self.open(name, OpenOptions::new().read(true))?.into_std())
    }

    /// The regular files with their size and modification time (the
    /// cache's recency: see [`SessionDir::touch`]).
    pub(crate) fn files(&self) -> Result<Vec<(String, u64, std::time::SystemTime)>, FsError> {
        let mut files = Vec::new();
        for entry in self.dir.entries().map_err(|e| fs_error(".", e))? {
            let entry = entry.map_err(|e| fs_error(".", e))?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            let Ok(meta) = entry.metadata() else { continue };
            if meta.is_file() {
                let at = meta
                    .modified()
                    .map(|t| t.into_std())
                    .unwrap_or(std::time::UNIX_EPOCH);
                files.push((name, meta.len(), at));
            }
        }
        Ok(files)
    }

    /// A lock on `handle` for as long as this process writes its `.part`
    /// files ([`writing`]).
    pub(crate) fn lock_writer(&self, handle: &str) -> Option<WriterLock> {
        WriterLock::take(&self.dir, handle)
    }

    /// Marks a file used now (the cache evicts the least recently used).
    pub(crate) fn touch(&self, name: &str) {
        if let Ok(file) = self.open(name, OpenOptions::new().write(true)) {
            let _ = file.into_std().set_modified(std::time::SystemTime::now());
        }
    }

    /// The names in the directory (the engine ignores what is not its own).
    pub fn list(&self) -> Result<Vec<String>, FsError> {
        let mut names = Vec::new();
        for entry in self.dir.entries().map_err(|e| fs_error(".", e))? {
            let entry = entry.map_err(|e| fs_error(".", e))?;
            if let Ok(name) = entry.file_name().into_string() {
                names.push(name);
            }
        }
        Ok(names)
    }
}

/// The WIT rule: 1–128 chars of `A-Z a-z 0-9 . _ -`, not starting with a dot.
pub fn check_name(name: &str) -> Result<(), FsError> {
    if tool_output_wire::contract::is_session_file_name(name) {
        Ok(())
    } else {
        Err(FsError::InvalidName(name.chars().take(200).collect()))
    }
}

/// A session file that is something else: said as what it is, so `list`
/// shows the real reason and the user knows what to remove.
fn not_a_file(name: &str, kind: &cap_std::fs::FileType) -> FsError {
    use cap_fs_ext::FileTypeExt;
    let what = if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link (links are never followed)"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else {
        "a special file"
    };
    FsError::Io(format!("{name} is {what}, not a regular file"))
}

/// Up to `len` bytes (at most [`MAX_READ`]) of `file`, named `name`, from
/// `offset`.
fn read_range(
    name: &str,
    mut file: cap_std::fs::File,
    offset: u64,
    len: u64,
) -> Result<Vec<u8>, FsError> {
    file.seek(SeekFrom::Start(offset))
        .map_err(|e| fs_error(name, e))?;
    let mut out = Vec::new();
    file.take(len.min(MAX_READ))
        .read_to_end(&mut out)
        .map_err(|e| fs_error(name, e))?;
    Ok(out)
}

fn fs_error(name: &str, err: io::Error) -> FsError {
    match err.kind() {
        io::ErrorKind::NotFound => FsError::NotFound(name.to_string()),
        io::ErrorKind::StorageFull => FsError::NoSpace,
        io::ErrorKind::QuotaExceeded => FsError::QuotaExceeded,
        // A symlink opened with nofollow, a FIFO nobody serves.
        _ if let Some(what) = crate::platform::not_a_file_error(&err) => {
            FsError::Io(format!("{name} is {what}, not a regular file"))
        }
        _ => FsError::Io(format!("{name}: {err}")),
    }
}

/// A handle the engine stored whose store call has not returned yet: if
/// the call is dropped before [`UnfinishedHandle::done`] (a signal, a
/// caller's timeout, a publish cut short), the handle's files go, so an
/// unfinished store leaves nothing.
pub(crate) struct UnfinishedHandle {
    dir: SessionDir,
    handle: Option<String>,
}

impl UnfinishedHandle {
    pub(crate) fn new(dir: &SessionDir, handle: Option<&str>) -> Self {
        Self {
            dir: dir.clone(),
            handle: handle.map(str::to_string),
        }
    }

    /// The call returned: the handle is the caller's to keep or remove.
    pub(crate) fn done(mut self) {
        self.handle = None;
    }
}

impl Drop for UnfinishedHandle {
    fn drop(&mut self) {
        if let Some(handle) = &self.handle {
            self.dir.remove_handle(handle);
        }
    }
}

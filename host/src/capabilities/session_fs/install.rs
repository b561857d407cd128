//! Files the host puts in the session directory: those fetched from an
//! object store (written under a temporary name, renamed into place), and
//! the host's own hidden files (a leading dot: the engine can neither open
//! nor list them as a handle's), such as the ranges of a handle read from
//! a store.

use std::io::Write;
use std::sync::atomic::Ordering;

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::fs::OpenOptions;

use super::{FsError, SessionDir, check_name, fs_error};

/// A host file's name: a dot, then what the engine's names may be (and not
/// a leftover of a fetch).
pub(crate) fn check_hidden_name(name: &str) -> Result<(), FsError> {
    match name.strip_prefix('.') {
        Some(rest) if !name.starts_with(".fetch-") && check_name(rest).is_ok() => Ok(()),
        _ => Err(FsError::InvalidName(name.chars().take(200).collect())),
    }
}

impl SessionDir {
    /// Starts putting a file fetched from a store in place: it is written
    /// under a name the engine can neither list as a handle's nor open (a
    /// leading dot), and [`SessionDir::install_commit`] renames it.
    /// `len`: the size announced; refused at once if the quota has no room.
    pub(crate) fn install_begin(
        &self,
        name: &str,
        len: u64,
    ) -> Result<(String, std::fs::File), FsError> {
        check_name(name).or_else(|_| check_hidden_name(name))?;
        let used = self
            .usage()
            .saturating_sub(self.file_len(name).unwrap_or(0));
        if self.quota.is_some_and(|quota| used + len > quota) {
            return Err(FsError::QuotaExceeded);
        }
        // Unique: two processes fetching one handle never write one file.
        let temp = format!(".fetch-{}-{name}", uuid::Uuid::new_v4().simple());
        let mut opts = OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        crate::platform::non_blocking_cap(opts.follow(FollowSymlinks::No));
        let file = self
            .dir
            .open_with(&temp, &opts)
            .map_err(|e| fs_error(name, e))?;
        Ok((temp, file.into_std()))
    }

    /// Ends [`SessionDir::install_begin`]: charges the quota and renames the
    /// file into place (or removes it when the quota refuses).
    pub(crate) fn install_commit(&self, temp: &str, name: &str) -> Result<(), FsError> {
        let len = self
            .dir
            .symlink_metadata(temp)
            .map_err(|e| fs_error(name, e))?
            .len();
        if let Err(err) = self.charge(len, self.file_len(name).unwrap_or(0)) {
            let _ = self.dir.remove_file(temp);
            return Err(err);
        }
        self.dir
            .rename(temp, &self.dir, name)
            .map_err(|e| fs_error(name, e))
    }

    /// Removes what fetches that never ended (a killed process) left
    /// behind, once they are an hour old.
    pub(crate) fn remove_stale_fetches(&self) {
        let Ok(entries) = self.dir.entries() else {
            return;
        };
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stale = entry
                .metadata()
                .ok()
                .and_then(|m| m.modified().ok())
                .is_some_and(|at| at.into_std() < hour_ago);
            if name.starts_with(".fetch-") && stale {
                let _ = self.dir.remove_file(&name);
            }
        }
    }

    /// Removes a leftover of [`SessionDir::install_begin`].
    pub(crate) fn install_abort(&self, temp: &str) {
        let _ = self.dir.remove_file(temp);
    }

    /// `name` (a hidden name) holds `data`, put in place whole or not at
    /// all, within the quota.
    pub(crate) fn install(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        check_hidden_name(name)?;
        self.put_whole(name, data)
    }

    /// `name` (one of the engine's names) replaced by `data`, whole or
    /// not at all (a reader sees the old file or the new), within the
    /// quota.
    pub(crate) fn replace(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        check_name(name)?;
        self.put_whole(name, data)
    }

    /// `name` (already checked) holds `data`: a temporary file written,
    /// then renamed into place.
    fn put_whole(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        let (temp, mut file) = self.install_begin(name, data.len() as u64)?;
        if let Err(err) = file.write_all(data) {
            self.install_abort(&temp);
            return Err(fs_error(name, err));
        }
        drop(file);
        self.install_commit(&temp, name)
    }

    /// Up to `len` bytes of hidden file `name` from `offset`.
    pub(crate) fn read_hidden(
        &self,
        name: &str,
        offset: u64,
        len: u64,
    ) -> Result<Vec<u8>, FsError> {
        check_hidden_name(name)?;
        let file = self.open_unchecked(name, OpenOptions::new().read(true))?;
        super::read_range(name, file, offset, len)
    }

    /// The size of hidden file `name`, if it is a regular file.
    pub(crate) fn hidden_len(&self, name: &str) -> Option<u64> {
        check_hidden_name(name).ok()?;
        self.file_len(name)
    }

    /// Hidden file `name` removed (best effort).
    pub(crate) fn remove_hidden(&self, name: &str) {
        if check_hidden_name(name).is_err() {
            return;
        }
        let len = self.file_len(name);
        if self.dir.remove_file(name).is_ok()
            && let Some(len) = len
        {
            self.usage
                .fetch_sub(len.min(self.usage()), Ordering::Relaxed);
        }
    }

    /// Marks hidden file `name` used now (see [`SessionDir::touch`]).
    pub(crate) fn touch_hidden(&self, name: &str) {
        if check_hidden_name(name).is_ok()
            && let Ok(file) = self.open_unchecked(name, OpenOptions::new().write(true))
        {
            let _ = file.into_std().set_modified(std::time::SystemTime::now());
        }
    }
}

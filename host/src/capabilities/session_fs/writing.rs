//! Who is writing a handle. While the engine writes a handle's `.part`
//! files, the process holds a lock on `.writing-<handle>` beside them, for
//! as long as the call lives. A `.part` whose lock nobody holds was left by
//! a process that is gone (killed mid-store: no cleanup ran): the next
//! open of the session, or `gc`, removes it at once. A `.part` with no
//! lock beside it (written by a build before these locks) goes once it is
//! an hour old (`gc`).

use std::sync::Arc;

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::fs::{Dir, OpenOptions};
use tool_output_wire::contract::{HANDLE_FILE_SUFFIXES, is_handle};

/// `.writing-<handle>`.
pub(crate) const WRITING_PREFIX: &str = ".writing-";

/// The lock of one handle being written; released (and its file removed)
/// when dropped.
pub(crate) struct WriterLock {
    dir: Arc<Dir>,
    name: String,
    file: Option<std::fs::File>,
}

impl WriterLock {
    /// Locks `handle` for this process; None if it cannot (the store goes
    /// on: only a prompt cleanup after a crash is lost).
    pub(crate) fn take(dir: &Arc<Dir>, handle: &str) -> Option<Self> {
        let name = format!("{WRITING_PREFIX}{handle}");
        let mut opts = OpenOptions::new();
        opts.read(true).write(true).create(true).truncate(false);
        crate::platform::non_blocking_cap(opts.follow(FollowSymlinks::No));
        let file = dir.open_with(&name, &opts).ok()?.into_std();
        file.try_lock().ok()?;
        Some(Self {
            dir: dir.clone(),
            name,
            file: Some(file),
        })
    }

    /// The handle a `.part` name belongs to.
    pub(crate) fn handle_of_part(name: &str) -> Option<&str> {
        let handle = name.strip_suffix(".part")?.get(..36)?;
        is_handle(handle).then_some(handle)
    }
}

impl Drop for WriterLock {
    fn drop(&mut self) {
        // Closed first (Windows cannot remove an open file): by now the
        // handle's parts are renamed or removed, so a sweeper that takes
        // the lock in between finds nothing to remove.
        drop(self.file.take());
        let _ = self.dir.remove_file(&self.name);
    }
}

/// For each lock in `locks` (names in `dir`) that nobody holds: the
/// handle's `.part` files removed, then the lock. The bytes freed.
pub(crate) fn sweep_abandoned(dir: &Dir, locks: &[String]) -> u64 {
    let mut freed = 0;
    for lock in locks {
        let Some(handle) = lock.strip_prefix(WRITING_PREFIX).filter(|h| is_handle(h)) else {
            continue;
        };
        let mut opts = OpenOptions::new();
        opts.read(true).write(true);
        crate::platform::non_blocking_cap(opts.follow(FollowSymlinks::No));
        let Ok(file) = dir.open_with(lock, &opts) else {
            continue;
        };
        let file = file.into_std();
        if file.try_lock().is_err() {
            continue; // its writer is alive
        }
        for suffix in HANDLE_FILE_SUFFIXES {
            let part = format!("{handle}.{suffix}.part");
            let len = dir.symlink_metadata(&part).map(|m| m.len()).unwrap_or(0);
            if dir.remove_file(&part).is_ok() {
                freed += len;
            }
        }
        drop(file);
        let _ = dir.remove_file(lock);
    }
    freed
}

/// [`sweep_abandoned`] over the locks found in `dir`.
pub(crate) fn sweep_abandoned_in(dir: &Dir) -> u64 {
    let Ok(entries) = dir.entries() else {
        return 0;
    };
    let locks: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with(WRITING_PREFIX))
        .collect();
    sweep_abandoned(dir, &locks)
}

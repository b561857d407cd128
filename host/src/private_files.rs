//! Files only this user may read or change: the directories the CLI keeps
//! state in (the run roots, the doctor's records) and the files written
//! into them, written atomically and read back only when still private.
//! What "private" means per operating system is `platform`'s.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};

/// Write `path` (in `dir`, made private if new) atomically: a 0600 temporary
/// file in the same directory, synced, then renamed into place.
pub(crate) fn write(dir: &Path, path: &Path, artifact: &[u8]) -> Result<()> {
    ensure_dir(dir)?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        uuid::Uuid::new_v4()
    ));
    let mut file = crate::platform::owner_only(fs::OpenOptions::new().write(true).create_new(true))
        .open(&tmp)
        .with_context(|| format!("creating {}", tmp.display()))?;
    file.write_all(artifact)?;
    file.sync_all()?;
    fs::rename(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })?;
    Ok(())
}

/// Create `dir` (and parents) 0700, or check that an existing one is ours
/// and not writable by others.
pub fn ensure_dir(dir: &Path) -> Result<()> {
    if !dir.exists() {
        // Created private at once: another process checking it between a
        // creation and a chmod would see it writable by the group.
        crate::platform::create_private_dir(dir)
            .with_context(|| format!("creating {}", dir.display()))?;
    }
    let meta = fs::metadata(dir)?;
    anyhow::ensure!(
        meta.is_dir() && crate::platform::is_private(&meta),
        "{} must be a directory owned by this user and writable by nobody else",
        dir.display()
    );
    Ok(())
}

/// A regular file (not a symlink) owned by this user, writable by nobody
/// else, in a private directory: safe to read back what we wrote.
pub(crate) fn is_trusted(path: &Path) -> bool {
    let (Some(dir), Ok(meta)) = (path.parent(), fs::symlink_metadata(path)) else {
        return false;
    };
    meta.is_file() && crate::platform::is_private(&meta) && ensure_dir(dir).is_ok()
}

//! A file a host saved a whole output into (Claude Code's persisted
//! outputs, Gemini CLI's and opencode's saved files), opened for the hook
//! and the gateway alike: the path comes from the host's input, so it is
//! hostile until it resolves to a regular file inside the host's own
//! directory, opened without following a link or blocking on a FIFO, and
//! no larger than we read.

use std::fs::{File, OpenOptions};
use std::path::Path;

use anyhow::{Context, Result, bail};

/// The largest saved file read.
pub const MAX_FILE: u64 = 1 << 30;

/// Opens `path` if it is a regular file inside `allowed` (both resolved:
/// no symbolic link leads out), at most [`MAX_FILE`] bytes: the file and
/// its size.
pub fn open_checked(path: &Path, allowed: &Path) -> Result<(File, u64)> {
    if !path.is_absolute() {
        bail!("{} is not an absolute path", path.display());
    }
    let allowed = allowed
        .canonicalize()
        .with_context(|| format!("{} (where the host keeps outputs)", allowed.display()))?;
    let real = path
        .canonicalize()
        .with_context(|| format!("{}", path.display()))?;
    if !real.starts_with(&allowed) {
        bail!(
            "{} is not under {}: not read",
            path.display(),
            allowed.display()
        );
    }
    let mut options = OpenOptions::new();
    options.read(true);
    crate::platform::no_follow(&mut options);
    crate::platform::non_blocking(&mut options);
    let file = options
        .open(&real)
        .with_context(|| format!("{}", real.display()))?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        bail!("{} is not a regular file: not read", real.display());
    }
    if meta.len() > MAX_FILE {
        bail!(
            "{} has {} bytes, over the {} MiB tool-output reads of a saved output",
            real.display(),
            meta.len(),
            MAX_FILE >> 20
        );
    }
    Ok((file, meta.len()))
}

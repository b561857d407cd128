//! The private directory an import is verified in, its all-or-nothing
//! commit into the session, and the locks that keep parallel imports (and
//! `gc`) from stepping on each other.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::{conflicts, handle_files};
use crate::archive::manifest::{Manifest, SIDECAR_SUFFIX};
use crate::loader::ensure_private_dir;
use crate::platform;

/// Staging directories are `<sessions>/.import-<id>`: `gc` passes over one
/// whose import is still running (it holds the lock in it).
pub const STAGING_PREFIX: &str = ".import-";
/// The lock file in a staging directory, and in a session during a commit.
pub const LOCK_NAME: &str = ".import.lock";

/// The private directory an import is verified in; removed unless committed.
pub(super) struct Staging {
    pub(super) path: PathBuf,
    /// Held while the import runs: `gc` leaves a locked staging alone.
    _lock: File,
}

impl Staging {
    pub(super) fn new(parent: &Path) -> Result<Self> {
        let path = parent.join(format!("{STAGING_PREFIX}{}", uuid::Uuid::new_v4().simple()));
        fs::create_dir(&path).with_context(|| format!("creating {}", path.display()))?;
        platform::make_private(&path)?;
        let lock = lock(&path)?;
        Ok(Self { path, _lock: lock })
    }

    /// Handle by handle, all or nothing: each handle's old files (if any)
    /// move aside, sidecar first, then its new ones in, sidecar last; if
    /// any step fails, every step so far is undone. Imports into one
    /// session commit one at a time (a lock in it).
    pub(super) fn commit(
        &self,
        manifest: &Manifest,
        session_dir: &Path,
        replace: bool,
    ) -> Result<()> {
        ensure_private_dir(session_dir)?;
        let _session_lock = lock(session_dir)?;
        conflicts(manifest, session_dir, replace)?; // again: it may have changed meanwhile
        let aside = self.path.join(".replaced");
        fs::create_dir(&aside).with_context(|| format!("creating {}", aside.display()))?;
        let mut done: Vec<(PathBuf, PathBuf)> = Vec::new();
        let moved = (|| -> Result<()> {
            for handle in &manifest.handles {
                for old in handle_files(session_dir, &handle.handle) {
                    let to = aside.join(old.file_name().context("a file name")?);
                    match fs::rename(&old, &to) {
                        Ok(()) => done.push((old, to)),
                        // Removed meanwhile by another process: gone already.
                        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                        Err(e) => {
                            return Err(e)
                                .with_context(|| format!("moving {} aside", old.display()));
                        }
                    }
                }
                let mut files: Vec<&crate::archive::FileEntry> = handle.files.iter().collect();
                files.sort_by_key(|f| f.name.ends_with(SIDECAR_SUFFIX));
                for file in files {
                    let from = self.path.join(&file.name);
                    let to = session_dir.join(&file.name);
                    fs::rename(&from, &to)
                        .with_context(|| format!("moving {} into place", to.display()))?;
                    done.push((from, to));
                }
            }
            Ok(())
        })();
        if moved.is_err() {
            // Back as it was, last step first.
            for (from, to) in done.iter().rev() {
                let _ = fs::rename(to, from);
            }
        }
        moved
    }
}

/// Locks `dir`'s import lock file (created if missing; never a link),
/// waiting for another import that holds it.
fn lock(dir: &Path) -> Result<File> {
    let path = dir.join(LOCK_NAME);
    let file = platform::no_follow(platform::owner_only(
        fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    ))
    .open(&path)
    .with_context(|| format!("opening the lock {}", path.display()))?;
    if !file.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    file.lock()
        .with_context(|| format!("locking {}", path.display()))?;
    Ok(file)
}

/// Whether the import staging in `dir` is still running (its lock held).
pub fn staging_in_use(dir: &Path) -> bool {
    let Ok(file) = platform::no_follow(fs::OpenOptions::new().read(true)).open(dir.join(LOCK_NAME))
    else {
        return false;
    };
    matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock))
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::{FileEntry, HandleEntry};
    use std::fs;

    fn scratch(what: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tool-output-import-{what}-{}",
            uuid::Uuid::new_v4().simple()
        ));
        fs::create_dir_all(dir.join("sessions/s")).unwrap();
        dir
    }

    fn handle(name: &str) -> HandleEntry {
        let files = ["orig", "txt", "meta.json"]
            .into_iter()
            .map(|suffix| FileEntry {
                name: format!("{name}.{suffix}"),
                size: 0,
                sha256: String::new(),
            })
            .collect();
        HandleEntry {
            handle: name.to_string(),
            files,
        }
    }

    fn contents(dir: &Path) -> Vec<(String, String)> {
        let mut all: Vec<(String, String)> = fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| {
                let text = fs::read_to_string(e.path()).unwrap();
                (e.file_name().to_string_lossy().into_owned(), text)
            })
            .collect();
        all.sort();
        all
    }

    #[test]
    fn a_replace_that_fails_midway_puts_everything_back() {
        let root = scratch("rollback");
        let session = root.join("sessions/s");
        let (a, b) = (
            "11111111-1111-4111-8111-111111111111",
            "22222222-2222-4222-8222-222222222222",
        );
        for name in [a, b] {
            for suffix in ["orig", "txt", "meta.json"] {
                fs::write(
                    session.join(format!("{name}.{suffix}")),
                    format!("old {suffix}"),
                )
                .unwrap();
            }
        }
        let before = contents(&session);
        let staging = Staging::new(&root.join("sessions")).unwrap();
        for name in [a, b] {
            for suffix in ["orig", "txt", "meta.json"] {
                fs::write(
                    staging.path.join(format!("{name}.{suffix}")),
                    format!("new {suffix}"),
                )
                .unwrap();
            }
        }
        // The second handle's view went missing from the staging: its move
        // fails after the first handle was replaced whole.
        fs::remove_file(staging.path.join(format!("{b}.txt"))).unwrap();
        let manifest = Manifest {
            format: crate::archive::FORMAT.into(),
            version: crate::archive::VERSION,
            session: "s".into(),
            handles: vec![handle(a), handle(b)],
        };
        let err = staging.commit(&manifest, &session, true).unwrap_err();
        assert!(format!("{err:#}").contains("moving"), "{err:#}");
        assert_eq!(contents(&session), before, "all or nothing");
        drop(staging);
        fs::remove_dir_all(&root).unwrap();
    }
}

//! The private directory an import is verified in, its all-or-nothing
//! commit into the session, and the locks that keep parallel imports (and
//! `gc`) from stepping on each other.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::{conflicts, handle_files};
use crate::archive::manifest::{Manifest, SIDECAR_SUFFIX, SUFFIXES, is_handle};
use crate::platform;
use crate::private_files::ensure_dir;

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
    ///
    /// A crash (SIGKILL, power) at any point leaves each handle old or new:
    /// before the first move, the commit is written down (a journal in the
    /// staging directory, a marker in the session naming it), and the next
    /// open of the session, the next import into it, or `gc` finishes it
    /// ([`recover`]): every handle of the journal ends new.
    pub(super) fn commit(
        &self,
        manifest: &Manifest,
        session_dir: &Path,
        replace: bool,
    ) -> Result<()> {
        ensure_dir(session_dir)?;
        let _session_lock = lock(session_dir)?;
        // One a killed import left, first: the marker has one place.
        recover_locked(session_dir)?;
        conflicts(manifest, session_dir, replace)?; // again: it may have changed meanwhile
        let journal = Journal {
            session: file_name(session_dir)?,
            handles: manifest
                .handles
                .iter()
                .map(|h| JournalHandle {
                    handle: h.handle.clone(),
                    files: h.files.iter().map(|f| f.name.clone()).collect(),
                })
                .collect(),
        };
        write_synced(
            &self.path.join(JOURNAL_NAME),
            &serde_json::to_vec(&journal)?,
        )?;
        let mut steps = Steps::from_env();
        steps.step();
        let staging_name = file_name(&self.path)?;
        let marker_temp = session_dir.join(format!("{COMMIT_MARKER}.new"));
        write_synced(&marker_temp, staging_name.as_bytes())?;
        fs::rename(&marker_temp, session_dir.join(COMMIT_MARKER))
            .context("marking the commit in the session")?;
        steps.step();
        let aside = self.path.join(ASIDE);
        let mut done: Vec<(PathBuf, PathBuf)> = Vec::new();
        let moved = (|| -> Result<()> {
            fs::create_dir(&aside).with_context(|| format!("creating {}", aside.display()))?;
            for handle in &journal.handles {
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
                    steps.step();
                }
                for name in in_order(&handle.files) {
                    let from = self.path.join(name);
                    let to = session_dir.join(name);
                    fs::rename(&from, &to)
                        .with_context(|| format!("moving {} into place", to.display()))?;
                    done.push((from, to));
                    steps.step();
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
        // Done either way (undone on a failure): nothing to finish.
        let _ = fs::remove_file(session_dir.join(COMMIT_MARKER));
        moved
    }
}

/// The staging directory's subdirectory the replaced files move to.
const ASIDE: &str = ".replaced";
/// In the staging directory: what a commit moves, written before it moves
/// anything.
const JOURNAL_NAME: &str = ".commit.json";
/// In the session: the name of the staging directory whose commit is
/// under way.
pub const COMMIT_MARKER: &str = ".import-commit";
/// The largest journal read (a manifest is at most 4 MiB).
const MAX_JOURNAL_BYTES: u64 = 8 << 20;

#[derive(serde::Serialize, serde::Deserialize)]
struct Journal {
    /// The session directory's name (beside the staging directory).
    session: String,
    handles: Vec<JournalHandle>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct JournalHandle {
    handle: String,
    /// Its new files' names.
    files: Vec<String>,
}

/// A handle's files in the order they move in: the sidecar last.
fn in_order(files: &[String]) -> Vec<&String> {
    let mut files: Vec<&String> = files.iter().collect();
    files.sort_by_key(|name| name.ends_with(SIDECAR_SUFFIX));
    files
}

fn file_name(path: &Path) -> Result<String> {
    Ok(path
        .file_name()
        .context("a directory with no name")?
        .to_string_lossy()
        .into_owned())
}

/// `bytes` in a new file at `path`, on disk before this returns.
fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = platform::no_follow(platform::owner_only(
        fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true),
    ))
    .open(path)
    .with_context(|| format!("creating {}", path.display()))?;
    io::Write::write_all(&mut file, bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", path.display()))
}

/// Finishes an import commit into `session_dir` that a killed process
/// left (its marker is there): every handle the commit was moving ends
/// whole, as the archive has it. One `stat` when there is none.
pub fn recover(session_dir: &Path) -> Result<()> {
    if fs::symlink_metadata(session_dir.join(COMMIT_MARKER)).is_err() {
        return Ok(());
    }
    let _session_lock = lock(session_dir)?;
    recover_locked(session_dir)
}

/// [`recover`], the session's lock held (no commit is running).
fn recover_locked(session_dir: &Path) -> Result<()> {
    let marker = session_dir.join(COMMIT_MARKER);
    let named = match read_small(&marker, 256) {
        Ok(named) => String::from_utf8_lossy(&named).trim().to_string(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", marker.display())),
    };
    let parent = session_dir.parent().context("the session has no parent")?;
    let ours = named.starts_with(STAGING_PREFIX)
        && !named.contains(['/', '\\'])
        && named != STAGING_PREFIX;
    let staging = parent.join(&named);
    let journal: Option<Journal> = ours
        .then(|| read_small(&staging.join(JOURNAL_NAME), MAX_JOURNAL_BYTES).ok())
        .flatten()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok());
    if let Some(journal) = &journal {
        tracing::info!(
            "finishing an interrupted import into {} ({} handles)",
            session_dir.display(),
            journal.handles.len()
        );
        roll_forward(&staging, session_dir, journal)?;
    }
    fs::remove_file(&marker).with_context(|| format!("removing {}", marker.display()))?;
    if ours {
        let _ = fs::remove_dir_all(&staging);
    }
    Ok(())
}

/// Each handle of `journal` ends with its new files in `session_dir`,
/// whatever step the commit stopped at. Per handle the commit moved every
/// old file aside, then the new ones in (the sidecar last), so where its
/// new files are says how far it got: all still in the staging directory,
/// and whatever of the handle is in the session is old (moved aside now);
/// some, and the rest are in (moved in now, the sidecar last).
fn roll_forward(staging: &Path, session_dir: &Path, journal: &Journal) -> Result<()> {
    let aside = staging.join(ASIDE);
    for handle in &journal.handles {
        if !is_handle(&handle.handle)
            || handle.files.iter().any(|name| {
                name.strip_prefix(handle.handle.as_str())
                    .and_then(|rest| rest.strip_prefix('.'))
                    .is_none_or(|suffix| !SUFFIXES.contains(&suffix))
            })
        {
            bail!("the journal of {} is not one of ours", staging.display());
        }
        let staged = |name: &String| fs::symlink_metadata(staging.join(name)).is_ok();
        if handle.files.iter().all(staged) {
            fs::create_dir_all(&aside)?;
            for old in handle_files(session_dir, &handle.handle) {
                let to = aside.join(old.file_name().context("a file name")?);
                match fs::rename(&old, &to) {
                    Err(e) if e.kind() != io::ErrorKind::NotFound => {
                        return Err(e).with_context(|| format!("moving {} aside", old.display()));
                    }
                    _ => {}
                }
            }
        }
        for name in in_order(&handle.files) {
            let from = staging.join(name);
            if fs::symlink_metadata(&from).is_err() {
                continue; // moved in already
            }
            fs::rename(&from, session_dir.join(name))
                .with_context(|| format!("moving {name} into place"))?;
        }
    }
    Ok(())
}

fn read_small(path: &Path, most: u64) -> io::Result<Vec<u8>> {
    let file = platform::no_follow(fs::OpenOptions::new().read(true)).open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(file, most + 1), &mut bytes)?;
    if bytes.len() as u64 > most {
        return Err(io::Error::other("too large"));
    }
    Ok(bytes)
}

/// What the staging directory `dir` (no import holds it) was doing: the
/// session directory a commit it journaled was going into, to be finished
/// ([`recover`]) before it is removed.
pub fn staged_commit(dir: &Path) -> Option<PathBuf> {
    let bytes = read_small(&dir.join(JOURNAL_NAME), MAX_JOURNAL_BYTES).ok()?;
    let journal: Journal = serde_json::from_slice(&bytes).ok()?;
    if journal.session.is_empty() || journal.session.contains(['/', '\\']) {
        return None;
    }
    Some(dir.parent()?.join(journal.session))
}

/// The steps of a commit, counted, for the crash tests: in a debug build,
/// `TOOL_OUTPUT_TEST_IMPORT_KILL_AT=N` kills the process (SIGKILL: no
/// cleanup runs) as step N ends (0: the journal written; 1: the marker;
/// then one per file moved).
struct Steps {
    at: u64,
    kill_at: Option<u64>,
}

impl Steps {
    fn from_env() -> Self {
        let kill_at = if cfg!(debug_assertions) {
            std::env::var("TOOL_OUTPUT_TEST_IMPORT_KILL_AT")
                .ok()
                .and_then(|n| n.parse().ok())
        } else {
            None
        };
        Self { at: 0, kill_at }
    }

    fn step(&mut self) {
        if self.kill_at == Some(self.at) {
            #[cfg(unix)]
            unsafe {
                libc::kill(libc::getpid(), libc::SIGKILL);
            }
            #[cfg(not(unix))]
            std::process::abort();
        }
        self.at += 1;
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

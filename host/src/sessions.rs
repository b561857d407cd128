//! Named sessions under a root, and their housekeeping: the directory
//! layout the CLI (and anything else that keeps sessions across processes)
//! uses, the last-use stamp, and `gc`.
//!
//! ```text
//! <root>/sessions/<name>/        the session directory (the engine's only storage)
//! <root>/sessions/<name>/.last-used
//! <root>/events/<name>.jsonl     its accounting, outside what the engine can write
//! ```
//!
//! Everything in these directories is treated as hostile: a symlink or FIFO
//! planted in place of a stamp is never followed or opened blockingly, and
//! one session that cannot be removed does not stop `gc`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::archive::{STAGING_PREFIX, recover, staged_commit, staging_in_use};

/// Touched by every command on a session; `gc` goes by it.
const LAST_USED: &str = ".last-used";

/// `.part` files with no writer's lock beside them older than this are
/// left by interrupted stores.
const STALE_PART: Duration = Duration::from_secs(3600);

/// `<root>/sessions/<name>`.
pub fn session_dir(root: &Path, name: &str) -> PathBuf {
    root.join("sessions").join(name)
}

/// `<root>/events/<name>.jsonl`: outside the session directory, so the
/// engine cannot rewrite its own accounting.
pub fn events_path(root: &Path, name: &str) -> PathBuf {
    root.join("events").join(format!("{name}.jsonl"))
}

/// Marks the session in `dir` used now. Best effort, never blocks, never
/// follows a link: anything but a regular file in the stamp's place is
/// replaced.
pub fn touch_last_used(dir: &Path) {
    let path = dir.join(LAST_USED);
    if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        let _ = fs::remove_file(&path).or_else(|_| fs::remove_dir_all(&path));
    }
    let file =
        crate::platform::no_follow(fs::OpenOptions::new().write(true).create(true)).open(&path);
    if let Ok(file) = file
        && file.metadata().is_ok_and(|m| m.is_file())
    {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// What [`gc`] did.
#[derive(Debug, Default)]
pub struct GcReport {
    /// Sessions removed.
    pub removed: Vec<String>,
    /// Sessions (or the sessions directory) that could not be removed or
    /// read, with why. `gc` goes on past each.
    pub failed: Vec<(String, String)>,
}

/// Removes the sessions under `root` unused for `older_than` (and their
/// event logs), and stale `.part` files of interrupted stores in the others.
/// A session that cannot be removed is reported, not fatal.
pub fn gc(root: &Path, older_than: Duration) -> GcReport {
    let mut report = GcReport::default();
    let sessions = root.join("sessions");
    let entries = match fs::read_dir(&sessions) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return report,
        Err(e) => {
            report
                .failed
                .push((sessions.display().to_string(), e.to_string()));
            return report;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                report
                    .failed
                    .push((sessions.display().to_string(), e.to_string()));
                continue;
            }
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        // Not following links: a symlink here is not a session of ours.
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let path = entry.path();
        // No session's name starts with a dot: these are imports being
        // verified. One still running (its lock held) is left alone; one a
        // killed import left goes at once, its commit finished first if it
        // had begun one (its handles are the session's).
        if name.starts_with('.') {
            if name.starts_with(STAGING_PREFIX) && !staging_in_use(&path) {
                if let Some(session) = staged_commit(&path) {
                    let _ = recover(&session);
                }
                let _ = fs::remove_dir_all(&path);
            }
            continue;
        }
        if last_used(&path).elapsed().unwrap_or_default() < older_than {
            sweep_parts(&path);
            continue;
        }
        match fs::remove_dir_all(&path) {
            Ok(()) => {
                let _ = fs::remove_file(events_path(root, &name));
                report.removed.push(name);
            }
            Err(e) => report.failed.push((name, e.to_string())),
        }
    }
    report.removed.sort();
    report.failed.sort();
    report
}

/// When the session in `dir` was last used: its stamp's time, else the
/// directory's (links not followed).
fn last_used(dir: &Path) -> SystemTime {
    fs::symlink_metadata(dir.join(LAST_USED))
        .ok()
        .filter(|m| m.is_file())
        .and_then(|m| m.modified().ok())
        .unwrap_or_else(|| modified(dir))
}

/// `path`'s modification time (links not followed).
fn modified(path: &Path) -> SystemTime {
    fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

/// Removes the `.part` files in `dir` of stores whose process is gone (at
/// once: their lock is free), and those older than [`STALE_PART`] (left
/// by a build before those locks).
fn sweep_parts(dir: &Path) {
    if let Ok(session) = cap_std::fs::Dir::open_ambient_dir(dir, cap_std::ambient_authority()) {
        crate::capabilities::session_fs::sweep_abandoned_in(&session);
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_PART);
        if stale && entry.file_name().to_string_lossy().ends_with(".part") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh_root(what: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tool-output-sessions-{what}-{}",
            uuid::Uuid::new_v4().simple()
        ));
        fs::create_dir_all(dir.join("sessions")).unwrap();
        dir
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_symlink_as_the_stamp_is_replaced_without_blocking() {
        let root = fresh_root("stamp");
        let dir = session_dir(&root, "s");
        fs::create_dir_all(&dir).unwrap();
        let stamp = dir.join(LAST_USED);
        let c = std::ffi::CString::new(stamp.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        touch_last_used(&dir); // used to block forever opening the FIFO
        assert!(fs::symlink_metadata(&stamp).unwrap().is_file());
        fs::remove_file(&stamp).unwrap();
        let target = root.join("elsewhere");
        fs::write(&target, b"keep").unwrap();
        std::os::unix::fs::symlink(&target, &stamp).unwrap();
        touch_last_used(&dir);
        assert!(fs::symlink_metadata(&stamp).unwrap().is_file());
        assert_eq!(fs::read(&target).unwrap(), b"keep");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn gc_removes_old_sessions_and_keeps_recent_ones() {
        let root = fresh_root("gc");
        for name in ["old", "new"] {
            fs::create_dir_all(session_dir(&root, name)).unwrap();
            touch_last_used(&session_dir(&root, name));
        }
        let old = fs::File::options()
            .write(true)
            .open(session_dir(&root, "old").join(LAST_USED))
            .unwrap();
        old.set_modified(SystemTime::now() - Duration::from_secs(3 * 86400))
            .unwrap();
        let report = gc(&root, Duration::from_secs(86400));
        assert_eq!(report.removed, ["old"]);
        assert!(report.failed.is_empty());
        assert!(session_dir(&root, "new").is_dir());
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn gc_leaves_a_running_import_alone_and_clears_an_abandoned_one() {
        let root = fresh_root("staging");
        let staging = root.join("sessions").join(format!("{STAGING_PREFIX}abc"));
        fs::create_dir_all(&staging).unwrap();
        let lock = fs::File::create(staging.join(crate::archive::LOCK_NAME)).unwrap();
        lock.lock().unwrap();
        let old = SystemTime::now() - Duration::from_secs(2 * 3600);
        fs::File::open(&staging).unwrap().set_modified(old).unwrap();
        let report = gc(&root, Duration::ZERO);
        assert!(staging.is_dir(), "running: kept");
        assert!(
            report.removed.is_empty() && report.failed.is_empty(),
            "{report:?}"
        );
        drop(lock);
        fs::File::open(&staging).unwrap().set_modified(old).unwrap();
        gc(&root, Duration::ZERO);
        assert!(!staging.exists(), "abandoned two hours ago: removed");
        fs::remove_dir_all(&root).unwrap();
    }
}

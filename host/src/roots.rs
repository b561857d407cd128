//! Where sessions live on disk, and who cleans them up.
//!
//! A library process gets a *run root* `$TMPDIR/tool-output-<12 hex>/`
//! holding its temporary sessions; it is removed when the [`RunRoot`] drops,
//! and run roots left behind by dead processes are removed at start-up. The
//! CLI's named sessions live under `<root>/sessions/<name>/` and persist
//! until `close` or `gc`.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::platform;
use crate::private_files::ensure_dir;

const RUN_ROOT_PREFIX: &str = "tool-output-";
const OWNER_FILE: &str = "owner";

/// This process's directory for temporary sessions, under `$TMPDIR`,
/// removed when the process ends (and swept by the next one if it did not).
pub struct RunRoot {
    path: PathBuf,
}

impl RunRoot {
    /// Create a fresh run root under `parent`, first sweeping stale ones.
    pub fn create(parent: &Path) -> Result<Self> {
        sweep_stale(parent);
        let id = uuid::Uuid::new_v4().simple().to_string();
        let path = parent.join(format!("{RUN_ROOT_PREFIX}{}", &id[..12]));
        ensure_dir(&path)?;
        fs::write(
            path.join(OWNER_FILE),
            platform::process_stamp(std::process::id()).unwrap_or_default(),
        )
        .with_context(|| format!("writing {}", path.display()))?;
        Ok(Self { path })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for RunRoot {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

fn is_alive(stamp: &str) -> bool {
    let Some(pid) = stamp
        .split_whitespace()
        .next()
        .and_then(|p| p.parse::<u32>().ok())
    else {
        return false;
    };
    platform::process_stamp(pid).as_deref() == Some(stamp.trim())
}

/// Remove run roots (ours, by owner) whose process is gone.
pub fn sweep_stale(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.starts_with(RUN_ROOT_PREFIX) || name.len() != RUN_ROOT_PREFIX.len() + 12 {
            continue;
        }
        let path = entry.path();
        let ours = fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir() && platform::is_ours(&m));
        if !ours {
            continue;
        }
        match fs::read_to_string(path.join(OWNER_FILE)) {
            Ok(stamp) if is_alive(&stamp) => {}
            // No stamp yet may be a process that is just starting: leave it
            // unless it is old.
            Err(_) if !is_older_than(&path, 3600) => {}
            _ => {
                tracing::info!("removing stale run root {}", path.display());
                let _ = fs::remove_dir_all(&path);
            }
        }
    }
}

fn is_older_than(path: &Path, secs: u64) -> bool {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age.as_secs() > secs)
}

/// A session name for the CLI: what may safely become a directory name.
pub fn check_session_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    anyhow::ensure!(
        ok,
        "invalid session name {name:?}: use 1-64 characters of A-Z a-z 0-9 . _ - (not starting with a dot)"
    );
    Ok(())
}

/// A `--session` value with each `${VAR}` replaced by that variable of this
/// process's environment, so a host's configuration can name a session
/// after something only the server's environment knows
/// (`claude-${CLAUDE_CODE_SESSION_ID}`), whether or not the host expands it
/// first. A variable that is unset or empty is an error: falling back to
/// another session would answer from the wrong one. A `$` not followed by
/// `{` stays (and the name check then refuses it).
pub fn expand_session_name(name: &str) -> Result<String> {
    expand_vars(name, |var| std::env::var(var).ok())
}

/// [`expand_session_name`] with the environment given.
pub fn expand_vars(name: &str, lookup: impl Fn(&str) -> Option<String>) -> Result<String> {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find('}') else {
            anyhow::bail!("session name {name:?}: `${{` without a closing `}}`");
        };
        let var = &after[..end];
        let valid = var
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        anyhow::ensure!(
            valid,
            "session name {name:?}: `${{{var}}}` is not a variable name"
        );
        match lookup(var).filter(|v| !v.is_empty()) {
            Some(value) => out.push_str(&value),
            None => anyhow::bail!(
                "session name {name:?}: the environment variable {var} is not set (the host passes it to the servers it starts; outside the host, set it or give --session a plain name)"
            ),
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The user's cache directory for tool-output (XDG), e.g. `~/.cache/tool-output`.
pub fn default_cache_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("tool-output");
    }
    match std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        Some(home) => PathBuf::from(home).join(".cache").join("tool-output"),
        None => std::env::temp_dir().join(format!("tool-output-cache-{}", platform::user_tag())),
    }
}

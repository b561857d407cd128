//! Reading a host's config file and writing it back safely: a size bound,
//! a backup of the original bytes (`FILE.bak-<timestamp>`, same
//! permissions), then a temporary file in the same directory, fsynced and
//! renamed over the original with its permissions. A file that is a
//! symbolic link (dotfiles) is written where it points. The host's line
//! endings and final newline are kept.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};

/// Host config files are small; `~/.claude.json` (a state file too) grows
/// with every project, so the bound is generous.
pub const MAX_CONFIG: u64 = 16 << 20;

/// The file's bytes as text; None if it does not exist.
pub fn read(path: &Path) -> Result<Option<String>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    if meta.len() > MAX_CONFIG {
        bail!(
            "{} is over {} MiB: not read",
            path.display(),
            MAX_CONFIG >> 20
        );
    }
    let mut bytes = Vec::new();
    file.take(MAX_CONFIG + 1).read_to_end(&mut bytes)?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", path.display()))
}

/// `edited` with the original's line endings (CRLF when the original used
/// only CRLF) and its final newline (or its lack of one).
pub fn keep_layout(original: &str, edited: String) -> String {
    let mut edited = edited;
    let crlf = original.contains("\r\n") && !original.replace("\r\n", "").contains('\n');
    if crlf {
        let mut out = String::with_capacity(edited.len() + 64);
        let mut previous = '\0';
        for c in edited.chars() {
            if c == '\n' && previous != '\r' {
                out.push('\r');
            }
            out.push(c);
            previous = c;
        }
        edited = out;
    }
    if !original.is_empty() && !original.ends_with('\n') {
        while edited.ends_with('\n') {
            edited.pop();
            if edited.ends_with('\r') {
                edited.pop();
            }
        }
    }
    if (original.is_empty() || original.ends_with('\n')) && !edited.ends_with('\n') {
        edited.push_str(if crlf { "\r\n" } else { "\n" });
    }
    edited
}

/// Where to write `path`: itself, or the file a symbolic link points to.
pub fn target(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            path.canonicalize().unwrap_or(path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// A copy of the original bytes beside it; its path.
pub fn backup(path: &Path, original: &str) -> Result<PathBuf> {
    let stamp = timestamp();
    for n in 0..100 {
        let name = match n {
            0 => format!("{}.bak-{stamp}", file_name(path)),
            n => format!("{}.bak-{stamp}-{n}", file_name(path)),
        };
        let backup = path.with_file_name(name);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        match options.open(&backup) {
            Ok(mut file) => {
                copy_permissions(path, &backup)?;
                file.write_all(original.as_bytes())?;
                file.sync_all()?;
                return Ok(backup);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("writing {}", backup.display())),
        }
    }
    bail!("no free backup name beside {}", path.display())
}

/// Write `text` to `path` atomically, keeping the permissions of the file
/// it replaces. `expected` is what the file held when it was read: if it
/// changed since (a host rewrote it), nothing is written.
pub fn replace(path: &Path, text: &str, expected: Option<&str>) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let temp = dir.join(format!(
        ".{}.tool-output-{}.tmp",
        file_name(path),
        std::process::id()
    ));
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    let _ = fs::remove_file(&temp);
    let mut file = options
        .open(&temp)
        .with_context(|| format!("writing {}", temp.display()))?;
    let written = (|| -> Result<()> {
        if expected.is_some() {
            copy_permissions(path, &temp)?;
        }
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if read(path)?.as_deref() != expected {
            bail!(
                "{} changed while setup was editing it (is the host running?); run setup again",
                path.display()
            );
        }
        fs::rename(&temp, path).with_context(|| format!("renaming over {}", path.display()))?;
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written?;
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn copy_permissions(from: &Path, to: &Path) -> Result<()> {
    let permissions = fs::metadata(from)?.permissions();
    fs::set_permissions(to, permissions)?;
    Ok(())
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `YYYYmmddTHHMMSS`, UTC.
fn timestamp() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}T{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

//! Reading a host's config files and writing them back safely, all or
//! none. Reading: a regular file only (a FIFO or a device is refused before
//! it is opened, and opened non-blocking in case it changed: it would
//! block), of bounded size. Writing ([`commit`]): under a lock on each
//! file's directory (another `setup` waits, then reads the file again), a
//! temporary file per target is written and fsynced and a backup of each
//! original (`FILE.bak-<timestamp>`, same permissions) made before any
//! target is touched; then each is renamed over its target with the
//! target's permissions. If anything fails before the renames, nothing was
//! changed; if a rename fails, the files already replaced get their
//! original bytes back. A file that is a symbolic link (dotfiles) is written
//! where it points. The host's line endings and final newline are kept.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};

/// Host config files are small; `~/.claude.json` (a state file too) grows
/// with every project, so the bound is generous.
pub const MAX_CONFIG: u64 = 16 << 20;

/// The file's bytes as text; None if it does not exist. Anything but a
/// regular file is refused without being opened for reading.
pub fn read(path: &Path) -> Result<Option<String>> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    if !meta.is_file() {
        bail!(
            "{} is not a regular file ({}): not read",
            path.display(),
            kind(&meta)
        );
    }
    let mut options = OpenOptions::new();
    options.read(true);
    tool_output::platform::non_blocking(&mut options);
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        bail!("{} is not a regular file: not read", path.display());
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

fn kind(meta: &fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    "not a file"
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

/// Exclusive locks on the directories of the files `setup` is about to
/// read and write, held until dropped: two `setup --write` at once take
/// turns, each reading the files after the other wrote them.
pub struct Locks(#[allow(dead_code)] Vec<File>);

/// Lock the directory of each of `paths` (its nearest existing ancestor
/// when it does not exist yet), in one order, so two runs cannot deadlock.
pub fn lock(paths: &[PathBuf]) -> Result<Locks> {
    let mut dirs: Vec<PathBuf> = paths
        .iter()
        .filter_map(|p| p.parent())
        .map(|dir| {
            let mut dir = dir.to_path_buf();
            while !dir.is_dir() {
                match dir.parent() {
                    Some(parent) if !parent.as_os_str().is_empty() => dir = parent.to_path_buf(),
                    _ => break,
                }
            }
            dir.canonicalize().unwrap_or(dir)
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    let mut locks = Vec::new();
    for dir in dirs {
        let file = lock_file(&dir)?;
        file.lock()
            .with_context(|| format!("locking {} against another setup", dir.display()))?;
        locks.push(file);
    }
    Ok(Locks(locks))
}

/// What is locked for `dir`: the directory itself (Unix: `flock` takes a
/// directory); elsewhere a lock file in it.
#[cfg(unix)]
fn lock_file(dir: &Path) -> Result<File> {
    File::open(dir).with_context(|| format!("opening {}", dir.display()))
}

#[cfg(not(unix))]
fn lock_file(dir: &Path) -> Result<File> {
    let path = dir.join(".tool-output-setup.lock");
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))
}

/// One file to write or remove, decided.
pub struct Pending {
    /// Where it is written (a link's target).
    pub path: PathBuf,
    /// Its text when read (None: it does not exist).
    pub original: Option<String>,
    /// Its new text (None: removed).
    pub text: Option<String>,
    /// A new file is made executable (a script).
    pub executable: bool,
}

/// What [`commit`] did to one file.
pub struct Done {
    pub backup: Option<PathBuf>,
    /// The directories it created, outermost first.
    pub created_dirs: Vec<PathBuf>,
}

/// A file prepared: its temporary file, its backup, the directories made.
struct Prepared {
    temp: Option<PathBuf>,
    backup: Option<PathBuf>,
    created_dirs: Vec<PathBuf>,
}

/// Write every file or none (see the module).
pub fn commit(files: &[Pending]) -> Result<Vec<Done>> {
    let mut prepared: Vec<Prepared> = Vec::new();
    let result = (|| -> Result<()> {
        for file in files {
            let mut this = Prepared {
                temp: None,
                backup: None,
                created_dirs: Vec::new(),
            };
            let outcome = prepare(file, &mut this);
            prepared.push(this);
            outcome?;
        }
        Ok(())
    })();
    if let Err(err) = result {
        undo_prepared(&prepared);
        return Err(err);
    }
    // Every temporary file and backup is in place: now the renames.
    for (n, (file, ready)) in files.iter().zip(&prepared).enumerate() {
        let renamed = (|| -> Result<()> {
            if read(&file.path)? != file.original {
                bail!(
                    "{} changed while setup was editing it (is the host running?); run setup again",
                    file.path.display()
                );
            }
            match &ready.temp {
                Some(temp) => fs::rename(temp, &file.path)
                    .with_context(|| format!("renaming over {}", file.path.display()))?,
                None => fs::remove_file(&file.path)
                    .with_context(|| format!("removing {}", file.path.display()))?,
            }
            sync_dir(&file.path);
            Ok(())
        })();
        if let Err(err) = renamed {
            // What was replaced gets its original back.
            for (done, _) in files.iter().zip(&prepared).take(n) {
                restore(done);
            }
            undo_prepared(&prepared[n..]);
            for ready in &prepared[..n] {
                if let Some(backup) = &ready.backup {
                    let _ = fs::remove_file(backup);
                }
                remove_dirs(&ready.created_dirs);
            }
            return Err(err.context("nothing was changed"));
        }
    }
    Ok(prepared
        .into_iter()
        .map(|p| Done {
            backup: p.backup,
            created_dirs: p.created_dirs,
        })
        .collect())
}

fn prepare(file: &Pending, this: &mut Prepared) -> Result<()> {
    let dir = file.path.parent().unwrap_or(Path::new("."));
    if !dir.as_os_str().is_empty() && !dir.exists() {
        let mut missing = Vec::new();
        let mut at = dir.to_path_buf();
        while !at.exists() {
            missing.push(at.clone());
            match at.parent() {
                Some(parent) => at = parent.to_path_buf(),
                None => break,
            }
        }
        for created in missing.into_iter().rev() {
            fs::create_dir(&created).with_context(|| format!("creating {}", created.display()))?;
            this.created_dirs.push(created);
        }
    }
    if let Some(original) = &file.original {
        this.backup = Some(backup(&file.path, original)?);
    }
    if let Some(text) = &file.text {
        let temp = temp_name(&file.path);
        let _ = fs::remove_file(&temp);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        let mut out = options
            .open(&temp)
            .with_context(|| format!("writing {}", temp.display()))?;
        this.temp = Some(temp.clone());
        if file.original.is_some() {
            copy_permissions(&file.path, &temp)?;
        } else if file.executable {
            make_executable(&temp)?;
        }
        out.write_all(text.as_bytes())
            .with_context(|| format!("writing {}", temp.display()))?;
        out.sync_all()?;
    }
    Ok(())
}

/// Put `file` back as it was (its original text, or no file).
fn restore(file: &Pending) {
    match &file.original {
        Some(original) => {
            let temp = temp_name(&file.path);
            let _ = fs::remove_file(&temp);
            if fs::write(&temp, original).is_ok() {
                let _ = copy_permissions(&file.path, &temp);
                let _ = fs::rename(&temp, &file.path);
            }
        }
        None => {
            let _ = fs::remove_file(&file.path);
        }
    }
}

/// Temporary files and backups of files not renamed, and the directories
/// made for them, removed.
fn undo_prepared(prepared: &[Prepared]) {
    for ready in prepared {
        if let Some(temp) = &ready.temp {
            let _ = fs::remove_file(temp);
        }
        if let Some(backup) = &ready.backup {
            let _ = fs::remove_file(backup);
        }
        remove_dirs(&ready.created_dirs);
    }
}

fn remove_dirs(dirs: &[PathBuf]) {
    for dir in dirs.iter().rev() {
        let _ = fs::remove_dir(dir);
    }
}

fn temp_name(path: &Path) -> PathBuf {
    path.with_file_name(format!(
        ".{}.tool-output-{}.tmp",
        file_name(path),
        std::process::id()
    ))
}

fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
}

/// A copy of the original bytes beside it; its path.
fn backup(path: &Path, original: &str) -> Result<PathBuf> {
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
                let written = (|| -> Result<()> {
                    copy_permissions(path, &backup)?;
                    file.write_all(original.as_bytes())?;
                    file.sync_all()?;
                    Ok(())
                })();
                if let Err(err) = written {
                    let _ = fs::remove_file(&backup);
                    return Err(err.context(format!("writing {}", backup.display())));
                }
                return Ok(backup);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("writing {}", backup.display())),
        }
    }
    bail!("no free backup name beside {}", path.display())
}

fn copy_permissions(from: &Path, to: &Path) -> Result<()> {
    let permissions = fs::metadata(from)?.permissions();
    fs::set_permissions(to, permissions)?;
    Ok(())
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))?;
    Ok(())
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> Result<()> {
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

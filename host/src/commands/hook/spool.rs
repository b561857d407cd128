//! The whole output of a Claude Code Bash command that fails. Claude Code
//! keeps only the first 30 000 characters of a command's output, shows the
//! model 10 000 of them when the command exits non-zero, and hands its
//! `PostToolUseFailure` hook no more than that, having deleted its output
//! file before the hook runs. So the output is kept while the command runs:
//! `setup` sets Claude Code's `CLAUDE_CODE_SHELL_PREFIX` to a small script
//! that runs each command as `tool-output claude-code-shell LINE` ([`shell`]).
//! Claude Code starts its hooks and stdio MCP servers through the prefix
//! too (LINE is then their quoted command line).
//!
//! That runs LINE with the same shell, the same file descriptors and the
//! same environment (and is that shell, `exec`, when there is nothing to
//! keep), so the command and what Claude Code reads of it are exactly as
//! without us, and exits as the command did. When Claude Code's
//! output file is its stdout and stderr (a regular file), the command fails
//! and wrote more than a store keeps inline, the bytes it wrote are copied
//! to the spool (`<root>/spool/claude-code/`) before it exits; the failure
//! hook then finds them by exit code and first characters ([`take`]),
//! stores them, and deletes the copy. Anything that goes wrong leaves the
//! command as it was (nothing copied); spooled files older than
//! [`STALE`] are removed.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

/// The word `tool-output claude-code-shell LINE` starts with (handled
/// before the command line is parsed: it runs for every command).
pub const SHELL_ARG: &str = "claude-code-shell";

/// Spooled outputs older than this are nobody's.
pub const STALE: Duration = Duration::from_secs(600);

/// `<root>/spool/claude-code`.
pub fn dir(root: &Path) -> PathBuf {
    root.join("spool").join("claude-code")
}

/// The shell Claude Code runs commands with: `$CLAUDE_CODE_SHELL`, else
/// `$SHELL` when it is bash or zsh, else bash (as Claude Code chooses).
fn claude_shell() -> OsString {
    for var in ["CLAUDE_CODE_SHELL", "SHELL"] {
        if let Some(shell) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let name = Path::new(&shell)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if var == "CLAUDE_CODE_SHELL" || name == "bash" || name == "zsh" {
                return shell;
            }
        }
    }
    OsString::from("bash")
}

/// `tool-output claude-code-shell LINE`: run LINE as Claude Code would
/// have, keeping a failed command's whole output (see the module). Never
/// fails the command because of us.
pub fn shell(args: &[OsString]) -> ExitCode {
    let Some(line) = args.first() else {
        eprintln!("tool-output claude-code-shell: no command line");
        return ExitCode::from(126);
    };
    let mut command = std::process::Command::new(claude_shell());
    command.arg("-c").arg(line);
    imp::run(command)
}

/// The spooled output of a failed command whose exit code is `code` and
/// whose output, as Claude Code showed it, begins with `shown`: opened (and
/// its spool entry removed). The newest that matches.
pub fn take(root: &Path, code: i32, shown: &str) -> Option<(File, u64)> {
    let dir = dir(root);
    let want = fingerprint(shown);
    if want.is_empty() {
        return None;
    }
    let mut candidates: Vec<(SystemTime, PathBuf)> = fs::read_dir(&dir)
        .ok()?
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let (_, rest) = name.strip_suffix(".out")?.rsplit_once("-exit")?;
            (rest.parse::<i32>().ok()? == code).then_some(())?;
            let meta = entry.metadata().ok()?;
            let age = meta.modified().ok()?;
            (meta.is_file() && age.elapsed().unwrap_or_default() < STALE)
                .then(|| (age, entry.path()))
        })
        .collect();
    candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
    for (_, path) in candidates {
        let Ok(mut file) = open_regular(&path) else {
            continue;
        };
        let mut head = vec![0u8; 8192];
        let n = read_up_to(&mut file, &mut head);
        head.truncate(n);
        let got = fingerprint(&String::from_utf8_lossy(&head));
        let same = if want.len() <= got.len() {
            got.starts_with(&want)
        } else {
            want.starts_with(&got)
        };
        if !same {
            continue;
        }
        let len = file.metadata().ok()?.len();
        let mut file = open_regular(&path).ok()?;
        let _ = fs::remove_file(&path);
        // Read from the start (the head was read through another handle).
        let _ = std::io::Seek::rewind(&mut file);
        return Some((file, len));
    }
    None
}

/// What two renderings of one output's start share: its first characters
/// that are neither whitespace nor part of a terminal escape (Claude Code
/// may trim, strip colours, or cut on a character).
fn fingerprint(text: &str) -> String {
    const CHARS: usize = 96;
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ params final.
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        if c.is_whitespace() || c.is_control() || c == '\u{fffd}' {
            continue;
        }
        out.push(c);
        if out.chars().count() >= CHARS {
            break;
        }
    }
    out
}

fn read_up_to(file: &mut File, buf: &mut [u8]) -> usize {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..]) {
            Ok(0) | Err(_) => break,
            Ok(k) => n += k,
        }
    }
    n
}

fn open_regular(path: &Path) -> std::io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    tool_output::platform::no_follow(&mut options);
    tool_output::platform::non_blocking(&mut options);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Only the Unix shell prefix copies an output: Claude Code's output file
/// is found, and read again, through the process's descriptors.
#[cfg(unix)]
mod imp {
    use std::fs::{self, File};
    use std::io::{Read, Write};
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::path::PathBuf;
    use std::process::ExitCode;
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::SystemTime;

    use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

    use super::{STALE, dir};

    /// The largest output copied (a hook reads no more).
    const MAX_COPY: u64 = tool_output::saved_file::MAX_FILE;

    /// The root as the CLI resolves it without `--root`.
    fn root() -> PathBuf {
        std::env::var_os("TOOL_OUTPUT_ROOT")
            .filter(|v| !v.is_empty())
            .map_or_else(tool_output::roots::default_cache_root, PathBuf::from)
    }

    /// Copy `len` bytes of `from` (from where it is) into the spool, named for
    /// `code`; best effort. Old entries go first.
    fn spool(mut from: File, len: u64, code: i32) -> std::io::Result<()> {
        let dir = dir(&root());
        tool_output::private_files::ensure_dir(&dir).map_err(std::io::Error::other)?;
        if let Ok(entries) = fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let stale = entry
                    .metadata()
                    .ok()
                    .and_then(|m| m.modified().ok())
                    .is_some_and(|t| t.elapsed().unwrap_or_default() > STALE);
                if stale {
                    let _ = fs::remove_file(entry.path());
                }
            }
        }
        let stamp = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        let name = format!("{stamp}-{}-exit{code}.out", std::process::id());
        let part = dir.join(format!(".{name}.part"));
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        tool_output::platform::owner_only(&mut options);
        let copied = (|| {
            let mut to = options.open(&part)?;
            std::io::copy(&mut (&mut from).take(len.min(MAX_COPY)), &mut to)?;
            to.flush()?;
            fs::rename(&part, dir.join(&name))
        })();
        if copied.is_err() {
            let _ = fs::remove_file(&part);
        }
        copied
    }

    /// The command's shell, for the signal handlers.
    static CHILD: AtomicI32 = AtomicI32::new(0);

    /// Claude Code's output file, when stdout and stderr are both it (a
    /// regular file): its identity and size before the command.
    // The stat fields' types differ between systems (u64 on Linux).
    #[allow(clippy::unnecessary_cast)]
    fn output_file() -> Option<(u64, u64, u64)> {
        // SAFETY: fstat on descriptors 1 and 2 into zeroed structs we own.
        let stat = |fd| unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            (libc::fstat(fd, &mut st) == 0).then_some(st)
        };
        let (out, err) = (stat(1)?, stat(2)?);
        let regular = (out.st_mode & libc::S_IFMT) == libc::S_IFREG;
        (regular && out.st_dev == err.st_dev && out.st_ino == err.st_ino).then_some((
            out.st_dev as u64,
            out.st_ino as u64,
            out.st_size as u64,
        ))
    }

    pub fn run(mut command: std::process::Command) -> ExitCode {
        let Some((dev, ino, start)) = output_file() else {
            // Nothing to keep (a hook's pipe, a terminal): become the shell.
            let err = command.exec();
            eprintln!("tool-output claude-code-shell: {err}");
            return ExitCode::from(126);
        };
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(err) => {
                eprintln!("tool-output claude-code-shell: {err}");
                return ExitCode::from(126);
            }
        };
        CHILD.store(child.id() as i32, Ordering::SeqCst);
        // SIGTERM and SIGHUP sent to us alone reach the command too; ^C
        // and the like reach the whole group, so they are not passed on.
        for signal in [libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only calls kill(2), which is
            // async-signal-safe, on the pid stored before registration.
            let _ = unsafe {
                signal_hook_registry::register(signal, move || {
                    let pid = CHILD.load(Ordering::SeqCst);
                    if pid > 0 {
                        libc::kill(pid, signal);
                    }
                })
            };
        }
        for signal in [libc::SIGINT, libc::SIGQUIT] {
            // SAFETY: an empty handler: we wait for the command instead.
            let _ = unsafe { signal_hook_registry::register(signal, || {}) };
        }
        let status = loop {
            match child.wait() {
                Ok(status) => break status,
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(err) => {
                    eprintln!("tool-output claude-code-shell: {err}");
                    return ExitCode::from(1);
                }
            }
        };
        let code = match (status.code(), status.signal()) {
            (Some(code), _) => code,
            (None, Some(signal)) => 128 + signal,
            _ => 1,
        };
        if code != 0 {
            keep(dev, ino, start, code);
        }
        ExitCode::from(code as u8)
    }

    /// Copy what the command wrote to Claude Code's output file, if it is
    /// more than a store keeps inline.
    fn keep(dev: u64, ino: u64, start: u64, code: i32) {
        // The same file, opened again for reading (ours is write-only).
        let Ok(mut file) = File::open("/proc/self/fd/1") else {
            return;
        };
        let Ok(meta) = file.metadata() else { return };
        if meta.dev() != dev || meta.ino() != ino || !meta.is_file() {
            return;
        }
        let end = meta.len();
        if end <= start || end - start <= DEFAULT_MAX_INLINE_BYTES {
            return;
        }
        if std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(start)).is_err() {
            return;
        }
        let _ = spool(file, end - start, code);
    }
}

#[cfg(not(unix))]
mod imp {
    use std::process::ExitCode;

    /// Elsewhere: the command runs, nothing is kept.
    pub fn run(mut command: std::process::Command) -> ExitCode {
        match command.status() {
            Ok(status) => ExitCode::from(tool_output::platform::exit_code(status)),
            Err(err) => {
                eprintln!("tool-output claude-code-shell: {err}");
                ExitCode::from(126)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fingerprint;

    #[test]
    fn fingerprints_ignore_layout_and_colour() {
        assert_eq!(fingerprint("  a b\n\x1b[31mc\x1b[0m\td"), "abcd");
        assert_eq!(fingerprint(&"x".repeat(500)).len(), 96);
    }
}

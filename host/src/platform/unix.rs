//! Unix: `O_NOFOLLOW | O_NONBLOCK` opens, 0600/0700 modes and owner checks,
//! process groups and signals.

use std::fs::{DirBuilder, Metadata, OpenOptions};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// Opens never follow a symbolic link (the open fails) nor block on a FIFO
/// planted in a file's place.
pub fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
}

/// Opens of a path that may be a FIFO do not block (links are followed).
pub fn non_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(libc::O_NONBLOCK)
}

/// The same for a session directory's files (cap-std's options).
pub fn non_blocking_cap(options: &mut cap_std::fs::OpenOptions) -> &mut cap_std::fs::OpenOptions {
    cap_std::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK)
}

/// A file created through `options` is readable by its owner only.
pub fn owner_only(options: &mut OpenOptions) -> &mut OpenOptions {
    options.mode(0o600)
}

/// Creates `dir` (and its parents) readable by its owner only, at once.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// Makes an existing directory readable by its owner only.
pub fn make_private(dir: &Path) -> std::io::Result<()> {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}

/// Owned by this user and writable by nobody else.
pub fn is_private(meta: &Metadata) -> bool {
    is_ours(meta) && meta.mode() & 0o022 == 0
}

/// Owned by this user.
pub fn is_ours(meta: &Metadata) -> bool {
    // SAFETY: geteuid has no preconditions and touches no memory.
    meta.uid() == unsafe { libc::geteuid() }
}

/// An open failed because the path is a symbolic link (`O_NOFOLLOW`) or a
/// FIFO or socket nobody serves: what it is, for the message.
pub fn not_a_file_error(err: &std::io::Error) -> Option<&'static str> {
    match err.raw_os_error() {
        Some(libc::ELOOP) => Some("a symbolic link (links are never followed)"),
        Some(libc::ENXIO) => Some("a FIFO or a socket"),
        _ => None,
    }
}

/// The signal that killed a child, if one did.
pub fn killed_by(status: std::process::ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(&status)
}

/// Starts the child in a process group of its own (npx and friends start
/// grandchildren; a terminal's ^C is the parent's to pass on).
pub fn own_process_group(command: &mut tokio::process::Command) -> &mut tokio::process::Command {
    command.process_group(0)
}

/// Asks the process group `pid` leads to stop (SIGTERM).
pub fn terminate_group(pid: u32) {
    signal_group(pid, libc::SIGTERM);
}

/// Stops the process group `pid` leads at once (SIGKILL).
pub fn kill_group(pid: u32) {
    signal_group(pid, libc::SIGKILL);
}

fn signal_group(pid: u32, signal: i32) {
    // SAFETY: kill(2) with a negative pid signals a process group we
    // created; it has no memory effects.
    unsafe {
        libc::kill(-(pid as i32), signal);
    }
}

/// Passes SIGINT and SIGTERM on to the child `pid` until the task is
/// aborted. A terminal's ^C already reached it (same process group), so
/// SIGINT is passed on only when we are not in the terminal's foreground
/// group. A second signal (a caller out of patience) kills the child.
pub async fn forward_signals(pid: u32) {
    use tokio::signal::unix::{SignalKind, signal};
    let pid = pid as libc::pid_t;
    let (Ok(mut int), Ok(mut term)) = (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    ) else {
        return;
    };
    let mut received = 0;
    loop {
        let sig = tokio::select! {
            _ = int.recv() => {
                received += 1;
                // SAFETY: plain syscalls on our own process; no memory is touched.
                let foreground = unsafe { libc::tcgetpgrp(0) == libc::getpgrp() };
                if foreground && received == 1 {
                    continue;
                }
                libc::SIGINT
            }
            _ = term.recv() => {
                received += 1;
                libc::SIGTERM
            }
        };
        let sig = if received > 1 { libc::SIGKILL } else { sig };
        // SAFETY: kill(2) on the child we started; it has no memory effects.
        unsafe {
            libc::kill(pid, sig);
        }
    }
}

/// The signals that stop a command: SIGINT and SIGTERM, as numbers.
pub const STOP_SIGNALS: [i32; 2] = [libc::SIGINT, libc::SIGTERM];
/// Which of them is SIGINT (for its name).
pub const SIGINT: i32 = libc::SIGINT;

/// SIGINT and SIGTERM, watched from the moment this is made.
pub struct StopSignals(Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>);

impl StopSignals {
    /// Starts watching.
    pub fn watch() -> Self {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) {
            (Ok(int), Ok(term)) => Self(Some((int, term))),
            _ => Self(None),
        }
    }

    /// Resolves at the next one (never, if they cannot be watched).
    pub async fn recv(&mut self) {
        let Some((int, term)) = &mut self.0 else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = int.recv() => {}
            _ = term.recv() => {}
        }
    }
}

/// `<pid> <start time>` on Linux (the start time tells a reused pid apart),
/// `<pid>` elsewhere: what a run root records of the process that owns it.
pub fn process_stamp(pid: u32) -> Option<String> {
    #[cfg(target_os = "linux")]
    {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // Field 22 (starttime) counts from after the parenthesised command name.
        let after = stat.rsplit_once(')')?.1;
        let start = after.split_whitespace().nth(19)?;
        Some(format!("{pid} {start}"))
    }
    #[cfg(not(target_os = "linux"))]
    {
        // kill(pid, 0): no signal sent, only whether the process exists.
        // SAFETY: no memory is touched.
        let exists = unsafe { libc::kill(pid as libc::pid_t, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
        exists.then(|| pid.to_string())
    }
}

/// This user, for names of per-user directories.
pub fn user_tag() -> String {
    // SAFETY: geteuid has no preconditions and touches no memory.
    unsafe { libc::geteuid() }.to_string()
}

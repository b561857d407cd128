//! Windows: reparse points opened as themselves, no mode bits (files and
//! directories keep the ACLs of the user's profile directory they live
//! in), no process groups to signal (a child's tree is ended with
//! `taskkill /T`), Ctrl+C and Ctrl+Break as the stop signals.

use std::fs::{Metadata, OpenOptions};
use std::os::windows::fs::OpenOptionsExt;
use std::path::Path;

/// FILE_FLAG_OPEN_REPARSE_POINT: a symbolic link is opened as itself, so
/// the caller's regular-file check refuses it.
const OPEN_REPARSE_POINT: u32 = 0x0020_0000;
/// CREATE_NEW_PROCESS_GROUP.
const NEW_PROCESS_GROUP: u32 = 0x0000_0200;

/// A symbolic link is opened as itself (and refused as not a regular file).
pub fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    options.custom_flags(OPEN_REPARSE_POINT)
}

/// There are no FIFOs to block on.
pub fn non_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    options
}

/// There are no FIFOs to block on.
pub fn non_blocking_cap(options: &mut cap_std::fs::OpenOptions) -> &mut cap_std::fs::OpenOptions {
    options
}

/// No mode bits: the profile directory's ACLs apply.
pub fn owner_only(options: &mut OpenOptions) -> &mut OpenOptions {
    options
}

/// Creates `dir` and its parents (the profile directory's ACLs apply).
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// Nothing to change: no mode bits.
pub fn make_private(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Not checked: Windows has no owner and mode bits to read here.
pub fn is_private(_meta: &Metadata) -> bool {
    true
}

/// Not checked: no owner to read here.
pub fn is_ours(_meta: &Metadata) -> bool {
    true
}

/// Nothing to tell apart: symbolic links are refused by their file type.
pub fn not_a_file_error(_err: &std::io::Error) -> Option<&'static str> {
    None
}

/// No signals end a process on Windows.
pub fn killed_by(_status: std::process::ExitStatus) -> Option<i32> {
    None
}

/// Starts the child in a process group of its own (Ctrl+Break goes to it alone).
pub fn own_process_group(command: &mut tokio::process::Command) -> &mut tokio::process::Command {
    command.creation_flags(NEW_PROCESS_GROUP)
}

/// Windows has no SIGTERM: the child's tree is ended as by [`kill_group`].
pub fn terminate_group(pid: u32) {
    kill_group(pid);
}

/// Ends the child and every process it started (`taskkill /T /F`).
pub fn kill_group(pid: u32) {
    let _ = std::process::Command::new("taskkill")
        .args(["/T", "/F", "/PID", &pid.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}

/// The console delivers Ctrl+C to the child too; a second one ends its
/// tree.
pub async fn forward_signals(pid: u32) {
    let Ok(mut ctrl_c) = tokio::signal::windows::ctrl_c() else {
        return;
    };
    let mut received = 0;
    while ctrl_c.recv().await.is_some() {
        received += 1;
        if received > 1 {
            kill_group(pid);
        }
    }
}

/// SIGINT and SIGTERM as the C runtime numbers them (Ctrl+C and a
/// termination request).
pub const STOP_SIGNALS: [i32; 2] = [2, 15];
/// Which of them is SIGINT (for its name).
pub const SIGINT: i32 = 2;

/// Ctrl+C and Ctrl+Break, watched from the moment this is made.
pub struct StopSignals(
    Option<(
        tokio::signal::windows::CtrlC,
        tokio::signal::windows::CtrlBreak,
    )>,
);

impl StopSignals {
    /// Starts watching.
    pub fn watch() -> Self {
        match (
            tokio::signal::windows::ctrl_c(),
            tokio::signal::windows::ctrl_break(),
        ) {
            (Ok(c), Ok(brk)) => Self(Some((c, brk))),
            _ => Self(None),
        }
    }

    /// Resolves at the next one (never, if they cannot be watched).
    pub async fn recv(&mut self) {
        let Some((c, brk)) = &mut self.0 else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = c.recv() => {}
            _ = brk.recv() => {}
        }
    }
}

/// `<pid>`: a pid can be reused, so run roots are also swept by age.
pub fn process_stamp(pid: u32) -> Option<String> {
    Some(pid.to_string())
}

/// This user, for names of per-user directories.
pub fn user_tag() -> String {
    std::env::var("USERNAME").unwrap_or_else(|_| "user".into())
}

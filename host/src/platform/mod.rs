//! What differs between operating systems, in one place: how a file is
//! opened without following a link or blocking, what makes a file or a
//! directory private, how a child's exit and its process group are
//! handled, which signals stop a command, and which family of systems
//! decides where hosts keep their configuration. Unix (Linux, macOS) has the
//! whole of it; on Windows each piece degrades as its doc says.

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub use unix::*;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::*;

/// The operating system families whose hosts keep their files in
/// different places (`setup`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    /// Linux and the other Unix systems (XDG directories).
    Linux,
    /// macOS (`~/Library/Application Support` for GUI apps).
    MacOs,
    /// Windows (`%APPDATA%`).
    Windows,
}

/// This build's [`Os`] (other Unix systems keep files as Linux does).
pub const OS: Os = if cfg!(windows) {
    Os::Windows
} else if cfg!(target_os = "macos") {
    Os::MacOs
} else {
    Os::Linux
};

/// The shell's convention for how a child ended: its code, or 128+N when
/// signal N killed it; 1 when neither is known.
pub fn exit_code(status: std::process::ExitStatus) -> u8 {
    match (status.code(), killed_by(status)) {
        (Some(code), _) => code as u8,
        (None, Some(signal)) => 128u8.saturating_add(signal as u8),
        _ => 1,
    }
}

/// How a child ended, in words.
pub fn describe_exit(status: std::process::ExitStatus) -> String {
    match (status.code(), killed_by(status)) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        _ => "exited".to_string(),
    }
}

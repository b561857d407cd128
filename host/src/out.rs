//! Everything the CLI prints goes through here: results on stdout, one-line
//! errors, warnings and progress on stderr.
//!
//! A reader that went away (`tool-output list | head -1`, `… | true`) is not
//! an error. Rust ignores SIGPIPE, so a write to a closed stdout fails with
//! `BrokenPipe`; [`stdout`] turns that into [`StdoutClosed`], the command
//! stops where it is, and `cli::report` ends the process quietly with exit
//! 0. Writes to stderr are best effort: a closed stderr never stops or fails
//! a command.

use std::io::{self, Write};

use serde_json::Value;

/// The reader of our stdout went away.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
pub struct StdoutClosed;

/// Write bytes to stdout and flush them.
pub fn stdout(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(StdoutClosed.into()),
        Err(e) => Err(anyhow::Error::new(e).context("writing to standard output")),
    }
}

/// `text` and a newline.
pub fn line(text: &str) -> anyhow::Result<()> {
    let mut bytes = Vec::with_capacity(text.len() + 1);
    bytes.extend_from_slice(text.as_bytes());
    bytes.push(b'\n');
    stdout(&bytes)
}

/// `text`, ending with a newline unless it is empty or already does.
pub fn text(text: &str) -> anyhow::Result<()> {
    if text.is_empty() || text.ends_with('\n') {
        stdout(text.as_bytes())
    } else {
        line(text)
    }
}

/// Pretty-printed JSON and a newline.
pub fn json(value: &Value) -> anyhow::Result<()> {
    line(&serde_json::to_string_pretty(value)?)
}

/// One line on stderr, `tool-output: ` first (best effort). Everything
/// said on stderr goes through here, so no control character from a
/// hostile name (an archive member, a stored tool name) reaches a terminal.
pub fn stderr_line(text: &str) {
    let text = tool_output_args::terminal_safe(text);
    let _ = writeln!(io::stderr().lock(), "tool-output: {text}");
}

/// Did the command stop because its stdout was closed?
pub fn is_stdout_closed(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| cause.is::<StdoutClosed>())
}

//! Everything the CLI prints goes through here: results on stdout, one-line
//! errors, warnings and progress on stderr.
//!
//! One rule for the terminal: what we say (a report, a verdict, an error)
//! is shown with every control character escaped ([`say`], [`stderr_line`],
//! [`json`], which writes them as JSON escapes), since it may quote a
//! hostile name or value; only an output itself ([`stdout`], [`text`]:
//! what `store`, `run` and `read` hand back) goes out byte for byte.
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

/// `text`, our own words with hostile values in them (doctor's report,
/// setup's plan): every line made terminal-safe, a newline at the end.
pub fn say(text: &str) -> anyhow::Result<()> {
    self::text(&tool_output_args::terminal_safe_lines(text))
}

/// Pretty-printed JSON and a newline. Characters a terminal would act on
/// (C1 controls, bidi overrides: serde writes them raw) are written as
/// JSON escapes, which parse to the same value.
pub fn json(value: &Value) -> anyhow::Result<()> {
    line(&json_text(value)?)
}

/// `value` as pretty JSON with every hidden character escaped.
pub fn json_text(value: &Value) -> anyhow::Result<String> {
    let text = serde_json::to_string_pretty(value)?;
    if !text
        .chars()
        .any(|c| c != '\n' && tool_output_wire::contract::is_hidden_char(c))
    {
        return Ok(text);
    }
    let mut safe = String::with_capacity(text.len() + 32);
    for c in text.chars() {
        if c != '\n' && tool_output_wire::contract::is_hidden_char(c) {
            // Hidden characters are all in the BMP: one \uXXXX each.
            safe.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            safe.push(c);
        }
    }
    Ok(safe)
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

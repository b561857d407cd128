//! `tool-output run -- COMMAND…`: run a command, stream its stdout and
//! stderr (one pipe, so their order is kept) through the store writer,
//! print the output unchanged when it is small and the handle message when
//! it is not, and exit with the command's exit code (128+N if a signal
//! killed it). SIGINT and SIGTERM go on to the command.

use std::os::fd::OwnedFd;
use std::process::ExitCode;

use anyhow::{Context, Result};
use tokio::io::AsyncReadExt;

use crate::out;
use tool_output::{Outcome, Session, ToolCall, default_policy};

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Tool name in the handle message and in `list` (default: the command's file name).
    #[arg(long)]
    pub tool: Option<String>,
    /// Store outputs larger than this many bytes.
    #[arg(long, default_value_t = tool_output::runtime::DEFAULT_MAX_INLINE_BYTES)]
    pub max_inline_bytes: u64,
    /// Also store outputs with more characters than this.
    #[arg(long)]
    pub max_inline_chars: Option<u64>,
    /// Leave the partial preview out of the handle message.
    #[arg(long)]
    pub no_preview: bool,
    /// Model the output is for (picks the tokenizer), e.g. openai/gpt-4o.
    #[arg(long, env = "TOOL_OUTPUT_MODEL")]
    pub model: Option<String>,
    /// The command and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

impl RunArgs {
    /// Runs the command, storing its output in `--session`.
    pub async fn execute(self, env: &super::Env) -> Result<ExitCode> {
        let (_rt, session) = env.session().await?;
        self.run_in(&session).await
    }

    async fn run_in(self, session: &Session) -> Result<ExitCode> {
        let mut policy = default_policy();
        policy.max_inline_bytes = self.max_inline_bytes;
        policy.max_inline_chars = self.max_inline_chars;
        policy.preview = !self.no_preview;
        let program = &self.command[0];
        let tool = self.tool.clone().unwrap_or_else(|| {
            std::path::Path::new(program)
                .file_name()
                .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned())
        });
        let args = serde_json::json!({ "argv": self.command }).to_string();
        let mut call = ToolCall::new(tool).args(args);
        call.model = self.model.clone();

        let (reader, writer) = std::io::pipe().context("creating a pipe")?;
        let mut command = tokio::process::Command::new(program);
        command
            .args(&self.command[1..])
            .stdout(writer.try_clone().context("creating a pipe")?)
            .stderr(writer);
        let mut child = command
            .spawn()
            .with_context(|| format!("running {program:?}"))?;
        // Our copies of the pipe's write end must go, or it never ends.
        drop(command);
        let forwarding = tokio::spawn(forward_signals(child.id()));
        let mut output = tokio::net::unix::pipe::Receiver::from_owned_fd(OwnedFd::from(reader))
            .context("reading the command's output")?;

        let mut writer = session.writer_with(&call, &policy).await?;
        let keep = policy.max_inline_bytes as usize + 1;
        let mut held = Vec::new();
        let mut stored = 0usize;
        let mut failed = false;
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let n = match output.read(&mut buf).await {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e).context("reading the command's output"),
            };
            if held.len() < keep {
                held.extend_from_slice(&buf[..n.min(keep - held.len())]);
            }
            if failed {
                print_quietly(&buf[..n], false);
            } else if let Err(err) = writer.write(&buf[..n]).await {
                // A full disk must not cost the output: what we still have
                // goes out unchanged, and what is gone is said exactly.
                failed = true;
                let lost = if stored > held.len() {
                    format!("without bytes {}..{}", held.len(), stored)
                } else {
                    "whole".to_string()
                };
                out::stderr_line(&format!(
                    "error: storing the output failed ({err}); it is passed through {lost}"
                ));
                print_quietly(&held, false);
                // This piece's bytes that `held` does not already have.
                let from = held.len().saturating_sub(stored).min(n);
                print_quietly(&buf[from..n], false);
            }
            stored += n;
        }
        let status = child.wait().await.context("waiting for the command")?;
        forwarding.abort();
        if failed {
            return Ok(ExitCode::from(exit_code(status)));
        }
        let outcome = match super::store::finish(session, writer).await? {
            super::store::Finished::Outcome(outcome) => outcome,
            super::store::Finished::Refused(mut original) => {
                // A reader that went away is not an error here either.
                let _ = out::copy(&mut original);
                return Ok(ExitCode::from(exit_code(status)));
            }
        };
        let text: &[u8] = match &outcome {
            Outcome::Passthrough(_) => &held,
            Outcome::Stored(stored) => stored.message.as_bytes(),
        };
        print_quietly(text, matches!(outcome, Outcome::Stored(_)));
        Ok(ExitCode::from(exit_code(status)))
    }
}

/// Print to stdout; a reader that went away (`cmd | head`) is not an
/// error, and the command's output is still drained and stored.
fn print_quietly(text: &[u8], newline: bool) {
    let _ = out::stdout(text).and_then(|()| if newline { out::stdout(b"\n") } else { Ok(()) });
}

fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => code as u8,
        (None, Some(signal)) => 128u8.saturating_add(signal as u8),
        _ => 1,
    }
}

/// Pass SIGINT and SIGTERM on to the command until it exits. A terminal's
/// ^C already reached it (same process group), so SIGINT is passed on only
/// when we are not in the terminal's foreground group.
async fn forward_signals(pid: Option<u32>) {
    use tokio::signal::unix::{SignalKind, signal};
    let Some(pid) = pid.map(|p| p as libc::pid_t) else {
        return;
    };
    let (Ok(mut int), Ok(mut term)) = (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    ) else {
        return;
    };
    loop {
        let sig = tokio::select! {
            _ = int.recv() => {
                // SAFETY: plain syscalls on our own process; no memory is touched.
                let foreground = unsafe { libc::tcgetpgrp(0) == libc::getpgrp() };
                if foreground {
                    continue;
                }
                libc::SIGINT
            }
            _ = term.recv() => libc::SIGTERM,
        };
        // SAFETY: kill(2) on the child we started; it has no memory effects.
        unsafe {
            libc::kill(pid, sig);
        }
    }
}

//! `tool-output run -- COMMAND…`: run a command, stream its stdout and
//! stderr (one pipe, so their order is kept) through the store writer,
//! print the output unchanged when it is small and the handle message when
//! it is not, and exit with the command's exit code (128+N if a signal
//! killed it). SIGINT and SIGTERM go on to the command; a second one kills
//! it. If the output cannot be stored, it passes through unchanged.

use std::process::ExitCode;

use anyhow::{Context, Result};

use super::feed::{Fed, Feed};
use crate::input::Input;
use crate::out;
use tool_output::platform;
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
    /// Runs the command, storing its output in `--session`. A session that
    /// cannot be opened does not stop the command: its output passes
    /// through (`feed`).
    pub async fn execute(self, env: &super::Env) -> Result<ExitCode> {
        let opened = env.session().await;
        let session = opened.as_ref().map(|(_, session)| session);
        self.run_in(session, env.json).await
    }

    /// Runs the command in `session`, or, when it could not be opened
    /// (`Err`: why), with its output passed through and why said.
    pub async fn run_in(
        self,
        session: std::result::Result<&Session, &anyhow::Error>,
        json: bool,
    ) -> Result<ExitCode> {
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
        let forwarding = child
            .id()
            .map(|pid| tokio::spawn(platform::forward_signals(pid)));
        // Read on a thread of its own (as `store` reads its input).
        let mut output = Input::of(reader)?;

        let mut feed = Feed::start(session, &call, &policy, json, true).await;
        let mut status = None;
        let mut drain_until = None;
        loop {
            let piece = tokio::select! {
                piece = output.next() => piece.context("reading the command's output")?,
                exited = child.wait(), if status.is_none() => {
                    status = Some(exited.context("waiting for the command")?);
                    drain_until = Some(tokio::time::Instant::now() + DRAIN_AFTER_EXIT);
                    continue;
                }
                () = sleep_until(drain_until) => break,
            };
            let Some(piece) = piece else { break };
            feed.push(&piece).await?;
        }
        let status = match status {
            Some(status) => status,
            None => child.wait().await.context("waiting for the command")?,
        };
        if let Some(forwarding) = forwarding {
            forwarding.abort();
        }
        let code = platform::exit_code(status);
        match feed.finish().await? {
            Fed::PassedThrough { collected, warning } => {
                if let Some(bytes) = collected {
                    print_json(&serde_json::json!({
                        "stored": false, "handle": null, "reason": null,
                        "message": String::from_utf8_lossy(&bytes),
                        "warning": warning, "exit_code": code,
                    }));
                }
            }
            Fed::Outcome { outcome, held } => match (&outcome, json) {
                (Outcome::Passthrough(stats), true) => print_json(&serde_json::json!({
                    "stored": false, "handle": null, "reason": null,
                    "message": String::from_utf8_lossy(&held),
                    "stats": super::stats_json(stats), "exit_code": code,
                })),
                (Outcome::Stored(s), true) => print_json(&serde_json::json!({
                    "stored": true, "handle": s.handle, "reason": s.reason.as_str(),
                    "message": s.message, "stats": super::stats_json(&s.stats),
                    "exit_code": code,
                })),
                (Outcome::Passthrough(_), false) => print_quietly(&held, false),
                (Outcome::Stored(s), false) => print_quietly(s.message.as_bytes(), true),
            },
        }
        Ok(ExitCode::from(code))
    }
}

/// How long the output is still read once the command has exited: what it
/// left in the pipe is read at once; a background process it started that
/// keeps the pipe open does not hold `run` longer than this.
const DRAIN_AFTER_EXIT: std::time::Duration = std::time::Duration::from_secs(1);

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn print_json(value: &serde_json::Value) {
    let _ = out::json(value);
}

/// Print to stdout; a reader that went away (`cmd | head`) is not an
/// error, and the command's output is still drained and stored.
fn print_quietly(text: &[u8], newline: bool) {
    let _ = out::stdout(text).and_then(|()| if newline { out::stdout(b"\n") } else { Ok(()) });
}

//! `store`: one tool output, from a file or stdin, streamed into the
//! engine; printed unchanged if small, else the handle message.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use super::{Env, stats_json};
use crate::out;
use tool_output::interrupt;
use tool_output::{Error, Outcome, OutputWriter, Session, ToolCall, default_policy};
use tool_output_args::{CallArgs, PolicyArgs};

#[derive(clap::Args)]
pub struct StoreArgs {
    #[command(flatten)]
    call: CallArgs,
    #[command(flatten)]
    policy: PolicyArgs,
    /// File to store; `-` or nothing for stdin.
    file: Option<PathBuf>,
}

impl StoreArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let CallArgs { tool, args, model } = self.call;
        serde_json::from_str::<Value>(&args).context("--args must be valid JSON")?;
        let p = self.policy;
        let mut policy = default_policy();
        policy.max_inline_bytes = p.max_inline_bytes;
        policy.max_inline_chars = p.max_inline_chars;
        policy.remaining_tokens = p.remaining_tokens;
        policy.reserve_failed = p.reserve_failed;
        policy.preview = !p.no_preview;
        let mut call = ToolCall::new(tool).args(args);
        call.model = model;
        store(env, &call, &policy, self.file.as_deref()).await
    }
}

async fn store(
    env: &Env,
    call: &ToolCall,
    policy: &tool_output::StorePolicy,
    file: Option<&Path>,
) -> Result<ExitCode> {
    let (_rt, session) = env.session().await?;
    let file = file.filter(|p| *p != Path::new("-"));
    let mut input = crate::input::Input::spawn(file.map(Path::to_path_buf))?;
    // Stream into the engine; keep the first bytes in case it passes through.
    let mut writer = session.writer_with(call, policy).await?;
    let keep = policy.max_inline_bytes as usize + 1;
    let mut held = Vec::new();
    while let Some(piece) = input.next().await? {
        if held.len() < keep {
            held.extend_from_slice(&piece[..piece.len().min(keep - held.len())]);
        }
        writer.write(&piece).await?;
    }
    let outcome = match finish(&session, writer).await? {
        Finished::Outcome(outcome) => outcome,
        Finished::Refused(mut original) => {
            if env.json {
                let mut bytes = Vec::new();
                original
                    .read_to_end(&mut bytes)
                    .context("reading back the output the store refused")?;
                out::json(&json!({
                    "stored": false, "handle": null, "reason": null,
                    "message": String::from_utf8_lossy(&bytes),
                    "warning": "the session's object store refused the output",
                }))?;
            } else {
                out::copy(&mut original)?;
            }
            return Ok(ExitCode::SUCCESS);
        }
    };
    // A signal that came with the end of the input (it often ends the
    // producer too) is still a failure, and its handle is not kept.
    if let Err(interrupted) = interrupt::check() {
        if let Some(handle) = outcome.handle() {
            let _ = session.remove(handle).await;
        }
        return Err(interrupted.into());
    }
    match (&outcome, env.json) {
        (Outcome::Passthrough(stats), true) => out::json(&json!({
            "stored": false, "handle": null, "reason": null,
            "message": String::from_utf8_lossy(&held), "stats": stats_json(stats),
        }))?,
        (Outcome::Stored(s), true) => out::json(&json!({
            "stored": true, "handle": s.handle, "reason": s.reason.as_str(),
            "message": s.message, "stats": stats_json(&s.stats),
        }))?,
        (Outcome::Passthrough(_), false) => out::stdout(&held)?,
        (Outcome::Stored(s), false) => out::line(&s.message)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// How a streamed store ended.
pub enum Finished {
    /// Stored (and published, on a store) or passed through.
    Outcome(Outcome),
    /// The session's object store refused it: the original, to pass through
    /// (a warning was said on stderr; nothing is kept: the file is open
    /// but no longer in the session).
    Refused(std::fs::File),
}

/// Finishes a streamed store. When the session's object store does not
/// take the output, the original comes back from this machine's copy (the
/// caller passes it through: better than losing it), and the copy goes.
pub async fn finish(session: &Session, writer: OutputWriter) -> Result<Finished> {
    match writer.finish().await {
        Ok(outcome) => Ok(Finished::Outcome(outcome)),
        Err(Error::NotPublished { handle, source }) => {
            out::stderr_line(&format!(
                "warning: {source}; the output is passed through unchanged"
            ));
            // Opened before the handle goes: the open file stays readable.
            let original = session.original(&handle);
            session.discard(&handle).await;
            let original = original.context("reading back the output the store refused")?;
            Ok(Finished::Refused(original))
        }
        Err(err) => Err(err.into()),
    }
}

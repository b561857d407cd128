//! `store`: one tool output, from a file or stdin, streamed into the
//! engine; printed unchanged if small, else the handle message. If it
//! cannot be stored, it is printed unchanged with a warning (`feed`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use super::feed::{Fed, Feed};
use super::{Env, stats_json};
use crate::out;
use tool_output::interrupt;
use tool_output::{Outcome, ToolCall, default_policy};
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
    /// A `store` of `file` (None: stdin) with every option at its default:
    /// what passes an input through when its command line did not parse.
    pub fn for_passthrough(file: Option<PathBuf>) -> Self {
        Self {
            call: CallArgs {
                tool: String::new(),
                args: "{}".into(),
                model: None,
            },
            policy: PolicyArgs {
                max_inline_bytes: tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES,
                max_inline_chars: None,
                remaining_tokens: None,
                reserve_failed: false,
                no_preview: false,
            },
            file,
        }
    }

    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        // Nothing that fails before storing costs the output: it passes
        // through, and why is said (`feed`).
        let checked = serde_json::from_str::<Value>(&self.call.args)
            .map(|_| ())
            .context("--args must be valid JSON");
        let opened = match checked {
            Ok(()) => env.session().await,
            Err(err) => Err(err),
        };
        self.store_in(opened, env.json).await
    }

    /// The input passed through unchanged, and `why` said on stderr: what
    /// `store` does when something failed before it could store (the
    /// session's name, the command line), as when a store cannot be kept.
    pub async fn pass_through(self, why: anyhow::Error, json: bool) -> Result<ExitCode> {
        self.store_in(Err(why), json).await
    }

    async fn store_in(
        self,
        opened: Result<(tool_output::Runtime, tool_output::Session)>,
        json: bool,
    ) -> Result<ExitCode> {
        let CallArgs { tool, args, model } = self.call;
        let p = self.policy;
        let mut policy = default_policy();
        policy.max_inline_bytes = p.max_inline_bytes;
        policy.max_inline_chars = p.max_inline_chars;
        policy.remaining_tokens = p.remaining_tokens;
        policy.reserve_failed = p.reserve_failed;
        policy.preview = !p.no_preview;
        let mut call = ToolCall::new(tool).args(args);
        call.model = model;
        store(opened, json, &call, &policy, self.file.as_deref()).await
    }
}

async fn store(
    opened: Result<(tool_output::Runtime, tool_output::Session)>,
    json: bool,
    call: &ToolCall,
    policy: &tool_output::StorePolicy,
    file: Option<&Path>,
) -> Result<ExitCode> {
    let file = file.filter(|p| *p != Path::new("-"));
    let mut input = crate::input::Input::spawn(file.map(Path::to_path_buf))?;
    // A session that cannot be opened does not cost the output: it passes
    // through (`Feed`).
    let session = opened.as_ref().map(|(_, session)| session);
    let mut feed = Feed::start(session, call, policy, json, false).await;
    while let Some(piece) = input.next().await? {
        feed.push(&piece).await?;
    }
    let (outcome, held) = match feed.finish().await? {
        Fed::Outcome { outcome, held } => (outcome, held),
        Fed::PassedThrough { collected, warning } => {
            if let Some(bytes) = collected {
                out::json(&json!({
                    "stored": false, "handle": null, "reason": null,
                    "message": String::from_utf8_lossy(&bytes), "warning": warning,
                }))?;
            }
            return Ok(ExitCode::SUCCESS);
        }
    };
    // A signal that came with the end of the input (it often ends the
    // producer too) is still a failure, and its handle is not kept.
    if let Err(interrupted) = interrupt::check() {
        if let (Some(handle), Ok((_, session))) = (outcome.handle(), &opened) {
            let _ = session.remove(handle).await;
        }
        return Err(interrupted.into());
    }
    match (&outcome, json) {
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

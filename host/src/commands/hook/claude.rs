//! Claude Code: `PostToolUse` on `Bash`. The full output is the file at
//! `tool_response.persistedOutputPath` when Claude Code wrote one (it then
//! cut `stdout` to 30 000 characters), else `stdout` and `stderr`. A large
//! one is stored in session `claude-<session_id>` (the session `mcp serve`
//! opens as `claude-${CLAUDE_CODE_SESSION_ID}`) and the model gets its
//! handle message through `updatedToolOutput`, a Bash-shaped object (Claude
//! Code ignores a plain string for Bash).
//!
//! A command that exits non-zero fires `PostToolUseFailure` instead, whose
//! input has only the `error` Claude Code shows the model (`Exit code N`
//! and at most 10 000 characters of the output) and whose answer can only
//! add `additionalContext` after it, never replace it. The whole output is
//! kept while the command runs ([`super::spool`]); the hook stores it and
//! adds its handle message.
//!
//! Not `PreToolUse` with `updatedInput`: Claude Code checks the user's
//! permission rules against the rewritten command, so `Bash(npm test:*)`
//! would no longer match, and answering `permissionDecision: "allow"`
//! instead would bypass the user's permissions.

use anyhow::{Result, bail};
use serde_json::{Value, json};

use super::keep::{self, Source};
use super::{Answer, hook_of, session_of, spool, text};
use crate::commands::Env;
use crate::commands::setup::hosts::{self, Host};
use tool_output::{StorePolicy, ToolCall};

pub async fn answer(env: &Env, input: &Value, policy: &StorePolicy) -> Result<Answer> {
    let Some(hook) = hook_of(Host::ClaudeCode, input) else {
        return Ok(Answer::Pass);
    };
    let session = session_of(Host::ClaudeCode, input)?;
    if hook.event == "PostToolUseFailure" {
        return failure(env, input, policy, &session).await;
    }
    let Some(response) = input.get("tool_response").filter(|r| r.is_object()) else {
        bail!("PostToolUse on Bash without a tool_response object");
    };
    if response.get("isImage").and_then(Value::as_bool) == Some(true) {
        return Ok(Answer::Pass);
    }
    let source = match text(response, "persistedOutputPath") {
        Some(path) => {
            let claude = hosts::claude_config_home_dir(&hosts::Dirs::from_env()?);
            keep::checked_file(path, &claude.join("projects"))?
        }
        None => {
            let stdout = text(response, "stdout").unwrap_or_default();
            let stderr = text(response, "stderr").unwrap_or_default();
            let mut bytes = stdout.as_bytes().to_vec();
            if !stdout.is_empty() && !stderr.is_empty() && !stdout.ends_with('\n') {
                bytes.push(b'\n');
            }
            bytes.extend_from_slice(stderr.as_bytes());
            Source::Bytes(bytes)
        }
    };
    let args = input
        .get("tool_input")
        .map_or_else(|| "{}".to_string(), Value::to_string);
    let call = ToolCall::new("Bash").args(args);
    let Some(message) = keep::keep(env, &session, &call, policy, source).await? else {
        return Ok(Answer::Pass);
    };
    let interrupted = response
        .get("interrupted")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    Ok(Answer::Reply(json!({
        "hookSpecificOutput": {
            "hookEventName": "PostToolUse",
            "updatedToolOutput": {
                "stdout": message,
                "stderr": "",
                "interrupted": interrupted,
                "isImage": false,
                "noOutputExpected": false,
            }
        }
    })))
}

/// `PostToolUseFailure`: the failed command's whole output, if the shell
/// prefix kept it, stored; its handle message added after Claude Code's
/// cut (`additionalContext`, which the model reads after the result).
async fn failure(env: &Env, input: &Value, policy: &StorePolicy, session: &str) -> Result<Answer> {
    if input.get("is_interrupt").and_then(Value::as_bool) == Some(true) {
        return Ok(Answer::Pass);
    }
    let Some(error) = text(input, "error") else {
        bail!("PostToolUseFailure on Bash without an error text");
    };
    // `Exit code N`, then the output as Claude Code cut it.
    let (first, shown) = error.split_once('\n').unwrap_or((error, ""));
    let Some(code) = first
        .strip_prefix("Exit code ")
        .and_then(|c| c.trim().parse::<i32>().ok())
    else {
        return Ok(Answer::Pass);
    };
    let Some((file, len)) = spool::take(&env.root, code, shown) else {
        return Ok(Answer::Pass);
    };
    let args = input
        .get("tool_input")
        .map_or_else(|| "{}".to_string(), Value::to_string);
    let call = ToolCall::new("Bash").args(args);
    let source = Source::File(file, len);
    let Some(message) = keep::keep(env, session, &call, policy, source).await? else {
        return Ok(Answer::Pass);
    };
    Ok(Answer::Reply(json!({
        "hookSpecificOutput": {
            "hookEventName": "PostToolUseFailure",
            "additionalContext": format!("{FAILED_OUTPUT}{message}"),
        }
    })))
}

/// What the model reads before the handle message of a failed command.
pub const FAILED_OUTPUT: &str = "The command failed, and the output above is only part of what it \
printed; tool-output stored all of it:\n";

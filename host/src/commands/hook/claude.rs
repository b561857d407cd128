//! Claude Code: `PostToolUse` on `Bash`. The full output is the file at
//! `tool_response.persistedOutputPath` when Claude Code wrote one (it then
//! cut `stdout` to 30 000 characters), else `stdout` and `stderr`. A large
//! one is stored in session `claude-<session_id>` (the session `mcp serve`
//! opens as `claude-${CLAUDE_CODE_SESSION_ID}`) and the model gets its
//! handle message through `updatedToolOutput`, a Bash-shaped object (Claude
//! Code ignores a plain string for Bash).
//!
//! Not `PreToolUse` with `updatedInput`: Claude Code checks the user's
//! permission rules against the rewritten command, so `Bash(npm test:*)`
//! would no longer match, and answering `permissionDecision: "allow"`
//! instead would bypass the user's permissions.

use std::path::PathBuf;

use anyhow::{Result, bail};
use serde_json::{Value, json};

use super::keep::{self, Source};
use super::{Answer, is_event, session_for, text};
use crate::commands::Env;
use tool_output::{StorePolicy, ToolCall};

pub async fn answer(env: &Env, input: &Value, policy: &StorePolicy) -> Result<Answer> {
    if !is_event(input, "PostToolUse", &["Bash"]) {
        return Ok(Answer::Pass);
    }
    let session = session_for("claude", input)?;
    let Some(response) = input.get("tool_response").filter(|r| r.is_object()) else {
        bail!("PostToolUse on Bash without a tool_response object");
    };
    if response.get("isImage").and_then(Value::as_bool) == Some(true) {
        return Ok(Answer::Pass);
    }
    let source = match text(response, "persistedOutputPath") {
        Some(path) => keep::checked_file(path, &claude_dir()?.join("projects"))?,
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

/// Claude Code's directory, as it resolves it: `$CLAUDE_CONFIG_DIR`, else
/// `~/.claude`. Its `projects/` holds the outputs it persists.
fn claude_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("CLAUDE_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    match home() {
        Some(home) => Ok(home.join(".claude")),
        None => bail!("no home directory (HOME) to find Claude Code's directory in"),
    }
}

/// The user's home: `HOME`, else (Windows) `USERPROFILE`.
pub fn home() -> Option<PathBuf> {
    ["HOME", "USERPROFILE"]
        .iter()
        .find_map(|var| std::env::var_os(var).filter(|v| !v.is_empty()))
        .map(PathBuf::from)
}

//! Gemini CLI: `AfterTool` on `run_shell_command`. Its
//! `tool_response.llmContent` is the whole output (Gemini cuts it only
//! later); a large one is stored in session `gemini` and the answer
//! `{"decision": "deny", "reason": …}` replaces what the model gets.
//!
//! Not `BeforeTool` with a rewritten command: Gemini CLI runs its policy and
//! confirmation on the rewritten command, so the user's allow rules
//! (`run_shell_command(git)`) stop matching, and approving the wrapper "for
//! the session" or "always" would approve every wrapped command; the hook
//! is not told the approval mode, so it cannot rewrite only under YOLO.
//! Not `tailToolCallRequest`: it runs another tool whose result replaces the
//! output, and no tool returns a stored output's handle message. Gemini
//! shows a denied result to the model as `{"error": reason}`, so the reason
//! says first that nothing failed.
//!
//! Session `gemini` ([`Host::session`]), one for the host: Gemini CLI gives its session id to
//! hooks (`session_id`, `GEMINI_SESSION_ID`) but not to MCP servers, so
//! `mcp serve` could not find a per-conversation session. Handles are
//! unique, so every conversation's `mcp serve` answers any of them.

use anyhow::Result;
use serde_json::{Value, json};

use super::keep::{self, Source};
use super::{Answer, hook_of, session_of, text};
use crate::commands::Env;
use crate::commands::setup::hosts::Host;
use tool_output::{StorePolicy, ToolCall};

/// What the model reads before the handle message: a denied result is
/// shown to it as an error.
pub const NOT_AN_ERROR: &str =
    "Not an error: the command ran, and its output was too large to show; tool-output stored it.\n";

pub async fn answer(env: &Env, input: &Value, policy: &StorePolicy) -> Result<Answer> {
    if hook_of(Host::GeminiCli, input).is_none() {
        return Ok(Answer::Pass);
    }
    let session = session_of(Host::GeminiCli, input)?;
    let Some(content) = input
        .get("tool_response")
        .and_then(|r| text(r, "llmContent"))
    else {
        anyhow::bail!("AfterTool on run_shell_command without a text llmContent");
    };
    let content = unwrap_context(content);
    let args = input
        .get("tool_input")
        .map_or_else(|| "{}".to_string(), Value::to_string);
    let call = ToolCall::new("run_shell_command").args(args);
    let source = Source::Bytes(content.as_bytes().to_vec());
    let Some(message) = keep::keep(env, &session, &call, policy, source).await? else {
        return Ok(Answer::Pass);
    };
    Ok(Answer::Reply(json!({
        "decision": "deny",
        "reason": format!("{NOT_AN_ERROR}{message}"),
    })))
}

/// The output without the `<untrusted_context>` wrapper Gemini puts around it.
fn unwrap_context(content: &str) -> &str {
    content
        .strip_prefix("<untrusted_context>\n")
        .and_then(|inner| inner.strip_suffix("\n</untrusted_context>"))
        .unwrap_or(content)
}

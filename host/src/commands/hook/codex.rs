//! Codex: `PreToolUse` on `Bash` (Codex's shell and exec tools, as hooks see
//! them). Its `PostToolUse` sees an output Codex already cut to about 10 KB,
//! so the only way to keep the whole output is to run the command under
//! `tool-output run`, which stores a large output and prints the handle
//! message in its place.
//!
//! Codex accepts `updatedInput` only with `permissionDecision: "allow"`,
//! which approves the rewritten command. So the command is rewritten only
//! when the hook's `permission_mode` is `bypassPermissions`, what Codex says
//! when its approval policy is `never`: commands run without asking anyway.
//! In every other mode the command is left alone (an approval prompt would
//! show the wrapper, and approving it for the session would approve every
//! wrapped command).
//!
//! The command is quoted as one word for the same shell that would have run
//! it: `"$0"` is the shell Codex started (`bash -lc …`, or the `exec '/bin/
//! bash' -c …` of its shell snapshot). Session `codex`, one for the host:
//! Codex names its session to MCP servers only inside each call's `_meta`,
//! never at start, so `mcp serve` could not open a per-conversation one.

use anyhow::Result;
use serde_json::{Value, json};

use super::shell;
use super::{Answer, is_event, text};
use tool_output_args::PolicyArgs;
use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

pub const SESSION: &str = "codex";

pub fn answer(input: &Value, policy: &PolicyArgs) -> Result<Answer> {
    if !is_event(input, "PreToolUse", &["Bash"]) {
        return Ok(Answer::Pass);
    }
    // Only when commands already run without asking (see above).
    if text(input, "permission_mode") != Some("bypassPermissions") || cfg!(windows) {
        return Ok(Answer::Pass);
    }
    let Some(tool_input) = input.get("tool_input").and_then(Value::as_object) else {
        return Ok(Answer::Pass);
    };
    let Some(command) = tool_input.get("command").and_then(Value::as_str) else {
        return Ok(Answer::Pass);
    };
    let exe = std::env::current_exe()?;
    let exe = exe.to_string_lossy();
    if shell::leave_alone(command, &["tool-output", "tool-output.exe", &exe]).is_some() {
        return Ok(Answer::Pass);
    }
    let mut updated = tool_input.clone();
    updated.insert(
        "command".into(),
        Value::String(wrap(&exe, SESSION, command, policy)),
    );
    Ok(Answer::Reply(json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "permissionDecisionReason": "tool-output: run under `tool-output run`, which stores a large output",
            "updatedInput": updated,
        }
    })))
}

/// `command` as it runs under `tool-output run`, in the shell that runs
/// this line (`$0`), which `exec` replaces: signals reach `run` directly,
/// and the command's exit code is the line's.
pub fn wrap(exe: &str, session: &str, command: &str, policy: &PolicyArgs) -> String {
    let mut line = format!(
        "exec {} --session {session} run --tool Bash",
        shell::quote(exe)
    );
    if policy.max_inline_bytes != DEFAULT_MAX_INLINE_BYTES {
        line.push_str(&format!(" --max-inline-bytes {}", policy.max_inline_bytes));
    }
    line.push_str(&format!(" -- \"$0\" -c {}", shell::quote(command)));
    line
}

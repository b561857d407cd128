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
//! `bypassPermissions` says nothing of the sandbox: plain `codex exec` runs
//! commands read-only, where `run` could not store anything. The sandbox of
//! the turn is in Codex's transcript (its `turn_context`), which the hook
//! reads ([`sandbox`]): the command is rewritten only when that sandbox lets
//! `run` write the session's directory. Left alone too: what Codex does
//! itself rather than run (`apply_patch`), and a command whose wrapped form
//! would be longer than one shell argument may be (Linux's 128 KiB: Codex
//! hands the command to the shell as one argument).
//!
//! The command is quoted as one word for the same shell that would have run
//! it: `"$0"` is the shell Codex started (`bash -lc …`, or the `exec '/bin/
//! bash' -c …` of its shell snapshot). Session `codex`, one for the host
//! ([`Host::session`]).

mod sandbox;

use anyhow::Result;
use serde_json::{Value, json};

use super::shell;
use super::{Answer, hook_of, session_of, text};
use crate::commands::Env;
use crate::commands::setup::hosts::Host;
use tool_output_args::PolicyArgs;
use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

/// The longest command a rewrite may produce: Linux's `MAX_ARG_STRLEN`
/// (128 KiB with its NUL), the strictest limit of one argument, which the
/// command is to the shell Codex starts. A rewrite past it would fail with
/// E2BIG where the original ran.
pub const MAX_COMMAND: usize = 128 * 1024 - 1;

pub fn answer(env: &Env, input: &Value, policy: &PolicyArgs) -> Result<Answer> {
    let host = Host::Codex;
    if hook_of(host, input).is_none() {
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
    // A plain command, and nothing else whose meaning a rewrite could change.
    if let Some(other) = tool_input.keys().find(|k| *k != "command") {
        return Ok(Answer::Leave(format!(
            "the call has {other:?} beside its command, which a rewrite may not keep"
        )));
    }
    let exe = std::env::current_exe()?;
    let exe = exe.to_string_lossy();
    if shell::leave_alone(command, &["tool-output", "tool-output.exe", &exe]).is_some() {
        return Ok(Answer::Pass);
    }
    // `run` must be able to write the session where Codex runs commands.
    if let Err(why) = sandbox::lets_write(input, &env.root) {
        return Ok(Answer::Leave(why));
    }
    let session = session_of(host, input)?;
    let line = wrap(&exe, &session, command, policy);
    if line.len() > MAX_COMMAND {
        return Ok(Answer::Leave(format!(
            "the command wrapped would be {} bytes, over the {MAX_COMMAND} one shell argument may take",
            line.len()
        )));
    }
    let mut updated = tool_input.clone();
    updated.insert("command".into(), Value::String(line));
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

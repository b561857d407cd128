//! `tool-output hook HOST`: the command an agent host's hook runs. It reads
//! the host's hook JSON on stdin and prints the host's hook answer on stdout:
//! a large shell output stored and replaced by its handle message (Claude
//! Code's `PostToolUse`, Gemini CLI's `AfterTool`), or added after Claude
//! Code's own cut of a failed command's output (`PostToolUseFailure`, with
//! what [`spool`] kept), or the shell command rewritten to run under
//! `tool-output run` (Codex's `PreToolUse`). Which events and tools, and
//! which session, are the host's facts ([`Host`]).
//!
//! It never breaks the host's tool: whatever goes wrong (bad JSON, a tool
//! it does not handle, an output that cannot be stored; and, before this
//! module runs, a bad command line or environment, or a panic: see
//! `cli::failed`), it exits 0 with nothing on stdout, so the original
//! stands, and says why in one line on stderr (hosts show a hook's stderr
//! in their logs). What the host sends is
//! treated as hostile: stdin is read up to [`MAX_INPUT`], and a file it
//! names is read only if it is a regular file where the host keeps them.

mod claude;
mod codex;
mod gemini;
mod keep;
mod shell;
pub mod spool;

use std::io::Read;
use std::process::ExitCode;

use anyhow::{Result, bail};
use serde_json::Value;

use super::Env;
use super::setup::hosts::{Host, ShellHook};
use crate::out;
use tool_output::StorePolicy;
use tool_output_args::PolicyArgs;

/// The most of stdin a hook reads: a host sends the whole output of a
/// command inline (Gemini CLI's `llmContent`); past this, the host's own
/// handling stands.
pub const MAX_INPUT: u64 = 64 << 20;

/// The hosts whose hooks can change what the model gets from their shell
/// (their facts: [`Host`]).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookHost {
    /// `PostToolUse` on `Bash`: the output replaced by its handle message;
    /// `PostToolUseFailure`: the handle message of a failed command's whole output, after it.
    ClaudeCode,
    /// `PreToolUse` on `Bash`: the command run under `tool-output run`.
    Codex,
    /// `AfterTool` on `run_shell_command`: the output replaced by its handle message.
    GeminiCli,
}

impl HookHost {
    pub fn host(self) -> Host {
        match self {
            HookHost::ClaudeCode => Host::ClaudeCode,
            HookHost::Codex => Host::Codex,
            HookHost::GeminiCli => Host::GeminiCli,
        }
    }
}

#[derive(clap::Args)]
pub struct HookArgs {
    /// The host that runs this hook (its JSON on stdin, its answer on stdout).
    #[arg(value_enum)]
    host: HookHost,
    /// When an output is stored (`codex`: the `run` it wraps the command in
    /// is given the same size limit).
    #[command(flatten)]
    policy: PolicyArgs,
}

/// What a host's handler decided.
pub enum Answer {
    /// Print this JSON: the host's answer.
    Reply(Value),
    /// Leave the tool alone, silently: not ours (another tool, a small
    /// output, a command that must not be wrapped).
    Pass,
    /// Leave the tool alone, and say why on stderr: something the user
    /// may want to change (Codex's sandbox does not let `run` write).
    Leave(String),
}

impl HookArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        // A test of the panic path (debug builds only): a panic in a hook
        // is one line on stderr and exit 0, like any other failure.
        #[cfg(debug_assertions)]
        if std::env::var_os("TOOL_OUTPUT_DEBUG_PANIC").is_some_and(|v| v == "hook") {
            panic!("TOOL_OUTPUT_DEBUG_PANIC=hook asked for a panic");
        }
        match self.answer(env).await {
            Ok(Answer::Reply(reply)) => out::line(&serde_json::to_string(&reply)?)?,
            Ok(Answer::Pass) => {}
            Ok(Answer::Leave(why)) => {
                out::stderr_line(&format!("hook {}: left as it is: {why}", self.host_name()))
            }
            // The original output stands; the host shows our stderr.
            Err(err) => out::stderr_line(&format!(
                "hook {}: {}; the tool's output is left as it is",
                self.host_name(),
                tool_output::error::one_line(err.as_ref())
            )),
        }
        Ok(ExitCode::SUCCESS)
    }

    fn host_name(&self) -> &'static str {
        self.host.host().hook_name().unwrap_or("?")
    }

    async fn answer(&self, env: &Env) -> Result<Answer> {
        let input = read_input(&mut std::io::stdin().lock())?;
        let policy = self.store_policy();
        match self.host {
            HookHost::ClaudeCode => claude::answer(env, &input, &policy).await,
            HookHost::Codex => codex::answer(env, &input, &self.policy),
            HookHost::GeminiCli => gemini::answer(env, &input, &policy).await,
        }
    }

    fn store_policy(&self) -> StorePolicy {
        let p = &self.policy;
        let mut policy = tool_output::default_policy();
        policy.max_inline_bytes = p.max_inline_bytes;
        policy.max_inline_chars = p.max_inline_chars;
        policy.remaining_tokens = p.remaining_tokens;
        policy.reserve_failed = p.reserve_failed;
        policy.preview = !p.no_preview;
        policy
    }
}

/// The hook's JSON: at most [`MAX_INPUT`] bytes, one JSON object.
fn read_input(stdin: &mut impl Read) -> Result<Value> {
    let mut bytes = Vec::new();
    stdin.take(MAX_INPUT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT {
        bail!("the hook's input is over {} MiB", MAX_INPUT >> 20);
    }
    let value: Value = serde_json::from_slice(&bytes)
        .map_err(|e| anyhow::anyhow!("the hook's input is not JSON: {e}"))?;
    if !value.is_object() {
        bail!("the hook's input is not a JSON object");
    }
    Ok(value)
}

/// `input[key]` when it is a string.
fn text<'a>(input: &'a Value, key: &str) -> Option<&'a str> {
    input.get(key).and_then(Value::as_str)
}

/// Which of the host's hooks this input is for, if any: its event and
/// tool must be one the host's hooks handle (any other call is not ours:
/// VS Code runs Claude Code's hooks for every tool, whatever their matcher).
fn hook_of(host: Host, input: &Value) -> Option<&'static ShellHook> {
    let event = text(input, "hook_event_name")?;
    let tool = text(input, "tool_name")?;
    host.shell_hooks()
        .iter()
        .find(|hook| hook.event == event && hook.tools.contains(&tool))
}

/// The session this input's conversation stores into, as the host's facts
/// name it (checked as any session name is: the id comes from the host).
fn session_of(host: Host, input: &Value) -> Result<String> {
    host.hook_session(text(input, "session_id"))
}

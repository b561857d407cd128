//! `setup HOST --gateway [URL]`: the host's model requests go through
//! `tool-output gateway` (docs/gateway.md), which stores every large tool
//! result whatever tool made it, so no shell hook is written; our `mcp
//! serve` entry serves the gateway's session. Per host, what points it at
//! the gateway, in its own files where it has a setting for it. Claude
//! Code, Gemini CLI and opencode save an output they cut, and the gateway
//! reads it whole. Codex saves none: its limit is raised to what its exec
//! tool gives a command (more would set off its own compaction), and the
//! gateway stores what Codex sends.

use anyhow::{Result, bail};
use serde_json::json;

use super::hosts::{Dirs, FilePlan, Format, Host, claude_config_home_dir};
use super::plan::Change;

/// Where `tool-output gateway` listens by default.
pub const DEFAULT_URL: &str = "http://127.0.0.1:8787";

/// The gateway's session: `mcp serve` answers the handles it stores.
pub const SESSION: &str = "gateway";

/// `mcp serve` on the gateway's session (one session for every
/// conversation through it, so no `--handles-from`).
pub fn serve_args() -> Vec<String> {
    ["--session", SESSION, "mcp", "serve"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Codex's provider entry for the gateway.
const CODEX_PROVIDER: &str = "tool-output-gateway";

/// What Codex keeps of a tool's output, in tokens, with the gateway there
/// to store it. Codex's own cap for an unknown model is 10 KB, under the
/// gateway's threshold, so nothing would be stored; its exec tool gives a
/// command 10 000 tokens unless the call asks for more. Higher would let
/// Codex's own count of the conversation (it counts what it sent, not what
/// the gateway stored) set off its compaction.
const CODEX_OUTPUT_TOKENS: u64 = 25_000;

/// The files that point `host` at the gateway at `url`.
pub fn files(host: Host, dirs: &Dirs, project: bool, url: &str) -> Result<Vec<FilePlan>> {
    let url = url.trim_end_matches('/');
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!("--gateway {url:?}: give the gateway's base URL, such as {DEFAULT_URL}");
    }
    Ok(match host {
        Host::ClaudeCode => vec![FilePlan {
            path: if project {
                dirs.cwd.join(".claude").join("settings.json")
            } else {
                claude_config_home_dir(dirs).join("settings.json")
            },
            format: Format::Json,
            changes: vec![Change::member(&["env"], "ANTHROPIC_BASE_URL", json!(url))],
        }],
        Host::Codex => vec![FilePlan {
            path: host.mcp_file(dirs, project)?.0,
            format: Format::Toml,
            changes: vec![
                Change::member(&[], "model_provider", json!(CODEX_PROVIDER)),
                Change::member(
                    &["model_providers"],
                    CODEX_PROVIDER,
                    json!({
                        "name": "OpenAI through tool-output gateway",
                        "base_url": format!("{url}/v1"),
                        "wire_api": "responses",
                        "env_key": "OPENAI_API_KEY",
                        // The gateway speaks HTTP; Codex would try a
                        // WebSocket first.
                        "supports_websockets": false,
                    }),
                ),
                Change::member(&[], "tool_output_token_limit", json!(CODEX_OUTPUT_TOKENS)),
            ],
        }],
        // Gemini CLI takes its base URL from the environment only.
        Host::GeminiCli => vec![],
        Host::Opencode => vec![FilePlan {
            path: host.mcp_file(dirs, project)?.0,
            format: Format::Jsonc,
            changes: [
                ("anthropic", format!("{url}/v1")),
                ("openai", format!("{url}/v1")),
                ("google", format!("{url}/v1beta")),
            ]
            .into_iter()
            .map(|(provider, base)| {
                Change::member(&["provider", provider, "options"], "baseURL", json!(base))
            })
            .collect(),
        }],
        _ => bail!(
            "setup --gateway knows claude-code, codex, gemini-cli and opencode; point any other \
             client's model base URL at the gateway by hand (docs/gateway.md)"
        ),
    })
}

/// What to tell the user after writing.
pub fn notes(host: Host, url: &str) -> Vec<String> {
    let start = if url == DEFAULT_URL {
        format!("Start the gateway first: `tool-output gateway` (it listens on {DEFAULT_URL}).")
    } else {
        format!("Start the gateway first: `tool-output gateway --listen ADDRESS` for {url}.")
    };
    let host_note = match host {
        Host::ClaudeCode => "Claude Code reads these at start: restart it; MCP tools still ask for permission unless allowed (\"mcp__tool-output\" in permissions.allow).".to_string(),
        Host::Codex => format!(
            "Codex now uses the model provider {CODEX_PROVIDER} (your OPENAI_API_KEY, through the gateway). Codex cuts a command's output before sending it and keeps no file: the gateway stores what Codex sends (tool_output_token_limit = {CODEX_OUTPUT_TOKENS}: up to 10000 tokens a command unless the call asks for more)."
        ),
        Host::GeminiCli => "Gemini CLI reads its base URL from the environment only: export GOOGLE_GEMINI_BASE_URL=<the gateway's URL> before starting it (or put it in ~/.gemini/.env).".to_string(),
        Host::Opencode => "opencode sends the anthropic, openai and google providers through the gateway: restart it.".to_string(),
        _ => String::new(),
    };
    vec![start, host_note]
}

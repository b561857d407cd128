//! Each host's files and entries, as the host documents and reads them:
//! where its MCP servers are listed (per OS, user or project scope), the
//! shape of one entry, and its shell hook where it has one. The sessions:
//! `claude-${CLAUDE_CODE_SESSION_ID}` for Claude Code (its MCP servers get
//! that variable; the hook names the same session from its `session_id`),
//! else one per host (`codex`, `gemini`, …): the others do not tell an MCP
//! server which conversation it serves.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use serde_json::{Value, json};

use super::plan::Change;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    ClaudeCode,
    Codex,
    GeminiCli,
    Cursor,
    Vscode,
    Opencode,
    Goose,
    Zed,
    ClaudeDesktop,
}

/// How a file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Strict JSON (no comments, no trailing commas).
    Json,
    /// JSON with comments and trailing commas.
    Jsonc,
    Toml,
    Yaml,
}

/// One file `setup` edits, and what goes in it.
pub struct FilePlan {
    pub path: PathBuf,
    pub format: Format,
    pub changes: Vec<Change>,
}

/// A whole file `setup` writes (the opencode plugin).
pub struct WholeFile {
    pub path: PathBuf,
    pub content: String,
}

/// Where the user's files are, as the hosts find them.
pub struct Dirs {
    pub home: PathBuf,
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    pub xdg_config: PathBuf,
    /// Windows' `%APPDATA%`.
    pub appdata: Option<PathBuf>,
    pub cwd: PathBuf,
    pub os: tool_output::platform::Os,
}

impl Dirs {
    pub fn from_env() -> Result<Dirs> {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let Some(home) = var("HOME").or_else(|| var("USERPROFILE")) else {
            bail!("no home directory: set HOME");
        };
        Ok(Dirs {
            xdg_config: var("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config")),
            appdata: var("APPDATA"),
            home,
            cwd: std::env::current_dir()?,
            os: tool_output::platform::OS,
        })
    }

    fn appdata(&self) -> PathBuf {
        self.appdata
            .clone()
            .unwrap_or_else(|| self.home.join("AppData").join("Roaming"))
    }

    /// macOS's `~/Library/Application Support`.
    fn application_support(&self) -> PathBuf {
        self.home.join("Library").join("Application Support")
    }
}

impl Host {
    pub fn title(self) -> &'static str {
        match self {
            Host::ClaudeCode => "Claude Code",
            Host::Codex => "Codex",
            Host::GeminiCli => "Gemini CLI",
            Host::Cursor => "Cursor",
            Host::Vscode => "VS Code",
            Host::Opencode => "opencode",
            Host::Goose => "Goose",
            Host::Zed => "Zed",
            Host::ClaudeDesktop => "Claude Desktop",
        }
    }

    /// The session `mcp serve` (and the hook, and `--wrap` proxies) use.
    pub fn session(self) -> &'static str {
        match self {
            Host::ClaudeCode => "claude-${CLAUDE_CODE_SESSION_ID}",
            Host::Codex => "codex",
            Host::GeminiCli => "gemini",
            Host::Cursor => "cursor",
            Host::Vscode => "vscode",
            Host::Opencode => "opencode",
            Host::Goose => "goose",
            Host::Zed => "zed",
            Host::ClaudeDesktop => "claude-desktop",
        }
    }

    /// The name of our own entry.
    pub fn entry_name(self) -> &'static str {
        match self {
            // VS Code's docs ask for camelCase names without special characters.
            Host::Vscode => "toolOutput",
            _ => "tool-output",
        }
    }

    /// The MCP server list: file, format, and the key holding the servers.
    pub fn mcp_file(
        self,
        dirs: &Dirs,
        project: bool,
    ) -> Result<(PathBuf, Format, &'static [&'static str])> {
        use tool_output::platform::Os;
        let cwd = &dirs.cwd;
        Ok(match (self, project) {
            (Host::ClaudeCode, false) => (
                claude_config_home(dirs).join(".claude.json"),
                Format::Json,
                &["mcpServers"],
            ),
            (Host::ClaudeCode, true) => (cwd.join(".mcp.json"), Format::Json, &["mcpServers"]),
            (Host::Codex, false) => (
                codex_home(dirs).join("config.toml"),
                Format::Toml,
                &["mcp_servers"],
            ),
            (Host::Codex, true) => (
                cwd.join(".codex").join("config.toml"),
                Format::Toml,
                &["mcp_servers"],
            ),
            (Host::GeminiCli, false) => (
                dirs.home.join(".gemini").join("settings.json"),
                Format::Jsonc,
                &["mcpServers"],
            ),
            (Host::GeminiCli, true) => (
                cwd.join(".gemini").join("settings.json"),
                Format::Jsonc,
                &["mcpServers"],
            ),
            (Host::Cursor, false) => (
                dirs.home.join(".cursor").join("mcp.json"),
                Format::Jsonc,
                &["mcpServers"],
            ),
            (Host::Cursor, true) => (
                cwd.join(".cursor").join("mcp.json"),
                Format::Jsonc,
                &["mcpServers"],
            ),
            (Host::Vscode, false) => {
                let user = match dirs.os {
                    Os::Linux => dirs.xdg_config.join("Code").join("User"),
                    Os::MacOs => dirs.application_support().join("Code").join("User"),
                    Os::Windows => dirs.appdata().join("Code").join("User"),
                };
                (user.join("mcp.json"), Format::Jsonc, &["servers"])
            }
            (Host::Vscode, true) => (
                cwd.join(".vscode").join("mcp.json"),
                Format::Jsonc,
                &["servers"],
            ),
            (Host::Opencode, false) => (
                first_existing(
                    &dirs.xdg_config.join("opencode"),
                    &["opencode.jsonc", "opencode.json", "config.json"],
                ),
                Format::Jsonc,
                &["mcp"],
            ),
            (Host::Opencode, true) => (
                first_existing(cwd, &["opencode.jsonc", "opencode.json"]),
                Format::Jsonc,
                &["mcp"],
            ),
            (Host::Goose, false) => {
                let dir = match dirs.os {
                    Os::Windows => dirs.appdata().join("Block").join("goose").join("config"),
                    _ => dirs.xdg_config.join("goose"),
                };
                (dir.join("config.yaml"), Format::Yaml, &["extensions"])
            }
            (Host::Zed, false) => {
                let dir = match dirs.os {
                    Os::Windows => dirs.appdata().join("Zed"),
                    Os::MacOs => dirs.home.join(".config").join("zed"),
                    Os::Linux => dirs.xdg_config.join("zed"),
                };
                (
                    dir.join("settings.json"),
                    Format::Jsonc,
                    &["context_servers"],
                )
            }
            (Host::Zed, true) => (
                cwd.join(".zed").join("settings.json"),
                Format::Jsonc,
                &["context_servers"],
            ),
            (Host::ClaudeDesktop, false) => {
                let dir = match dirs.os {
                    Os::MacOs => dirs.application_support().join("Claude"),
                    Os::Windows => dirs.appdata().join("Claude"),
                    // No official Linux build; community builds read this.
                    Os::Linux => dirs.xdg_config.join("Claude"),
                };
                (
                    dir.join("claude_desktop_config.json"),
                    Format::Json,
                    &["mcpServers"],
                )
            }
            (Host::Goose | Host::ClaudeDesktop, true) => {
                bail!("{} has no project configuration", self.title())
            }
        })
    }

    /// The MCP server entry `name` running `command args…` (`serve`: our
    /// own `mcp serve`, else a proxy in front of a server).
    pub fn entry(self, name: &str, command: &str, args: &[String], serve: bool) -> Value {
        match self {
            Host::ClaudeCode => json!({
                "type": "stdio", "command": command, "args": args,
                // Milliseconds; an LLM extraction can take minutes.
                "timeout": 300_000,
                // Listed in the prompt, never deferred behind tool search.
                "alwaysLoad": true,
            }),
            Host::Codex => json!({
                "command": command, "args": args,
                // Codex passes servers a dozen variables unless named here.
                "env_vars": CODEX_ENV_VARS,
                "startup_timeout_sec": 30, "tool_timeout_sec": 300,
            }),
            Host::GeminiCli if serve => json!({
                "command": command, "args": args, "timeout": 300_000,
                // Our tools only read: no confirmation for them. Never set
                // for a proxied server (it would cover that server's tools).
                "trust": true,
            }),
            Host::GeminiCli => json!({ "command": command, "args": args, "timeout": 300_000 }),
            Host::Cursor | Host::ClaudeDesktop => json!({ "command": command, "args": args }),
            Host::Vscode => json!({ "type": "stdio", "command": command, "args": args }),
            Host::Opencode => {
                let mut all = vec![command.to_string()];
                all.extend(args.iter().cloned());
                json!({ "type": "local", "command": all, "enabled": true, "timeout": 300_000 })
            }
            Host::Goose => json!({
                "enabled": true, "type": "stdio", "name": name,
                "description": if serve { "tool-output: stored tool outputs" } else { "an MCP server behind tool-output" },
                "cmd": command, "args": args, "envs": {}, "env_keys": [], "timeout": 300,
            }),
            Host::Zed => json!({
                "source": "custom", "enabled": true, "command": command, "args": args,
                "env": {}, "timeout": 300,
            }),
        }
    }

    /// The shell hook: its file and group, for hosts that have one.
    pub fn hook(self, dirs: &Dirs, project: bool, hook_command: &str) -> Option<FilePlan> {
        let (path, format, change) = match self {
            Host::ClaudeCode => (
                if project {
                    dirs.cwd.join(".claude").join("settings.json")
                } else {
                    claude_config_home_dir(dirs).join("settings.json")
                },
                Format::Json,
                Change::append(
                    &["hooks", "PostToolUse"],
                    json!({ "matcher": "Bash", "hooks": [
                        { "type": "command", "command": format!("{hook_command} hook claude-code"), "timeout": 60 }
                    ]}),
                    |group| runs_hook(group, "hook claude-code"),
                ),
            ),
            Host::Codex => (
                self.mcp_file(dirs, project).ok()?.0,
                Format::Toml,
                Change::append(
                    &["hooks", "PreToolUse"],
                    json!({ "matcher": "^Bash$", "hooks": [
                        { "type": "command", "command": format!("{hook_command} hook codex"), "timeout": 30 }
                    ]}),
                    |group| runs_hook(group, "hook codex"),
                ),
            ),
            Host::GeminiCli => (
                self.mcp_file(dirs, project).ok()?.0,
                Format::Jsonc,
                Change::append(
                    &["hooks", "AfterTool"],
                    json!({ "matcher": "^run_shell_command$", "hooks": [
                        { "name": "tool-output", "type": "command",
                          "command": format!("{hook_command} hook gemini-cli"), "timeout": 60_000 }
                    ]}),
                    |group| runs_hook(group, "hook gemini-cli"),
                ),
            ),
            _ => return None,
        };
        Some(FilePlan {
            path,
            format,
            changes: vec![change],
        })
    }

    /// opencode's plugin file (it stores bash outputs through `store`).
    pub fn plugin(self, dirs: &Dirs, project: bool, command: &str) -> Option<WholeFile> {
        if self != Host::Opencode {
            return None;
        }
        let dir = if project {
            dirs.cwd.join(".opencode")
        } else {
            dirs.xdg_config.join("opencode")
        };
        let content = OPENCODE_PLUGIN
            .replace(
                "\"__TOOL_OUTPUT__\"",
                &serde_json::to_string(command).expect("a string"),
            )
            .replace(
                "\"__SESSION__\"",
                &serde_json::to_string(self.session()).expect("a string"),
            );
        Some(WholeFile {
            path: dir.join("plugins").join("tool-output.js"),
            content,
        })
    }

    /// What a name given to `--wrap` must be, for this host.
    pub fn check_name(self, name: &str) -> Result<()> {
        let ok = !name.is_empty()
            && name.len() <= 64
            && name.starts_with(|c: char| c.is_ascii_alphanumeric())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !ok {
            bail!(
                "--wrap {name:?}: use 1-64 characters of A-Z a-z 0-9 - _ . (a letter or digit first)"
            );
        }
        match self {
            Host::GeminiCli if name.contains('_') => {
                bail!(
                    "--wrap {name:?}: Gemini CLI splits tool names at the first `_` of the server's name; use `-`"
                )
            }
            Host::Goose if name.chars().any(|c| c.is_ascii_uppercase()) => {
                bail!("--wrap {name:?}: Goose keys its extensions by lower-case name")
            }
            // Cursor drops tools whose server and tool names exceed 60 characters together.
            Host::Cursor if name.len() + "tool_output_grep".len() > 60 => {
                bail!(
                    "--wrap {name:?}: Cursor drops tools when server and tool names pass 60 characters"
                )
            }
            _ => Ok(()),
        }
    }

    /// What to tell the user after writing.
    pub fn notes(self) -> &'static [&'static str] {
        match self {
            Host::ClaudeCode => &[
                "Claude Code reads these at start: restart it; MCP tools still ask for permission unless allowed (\"mcp__tool-output\" in permissions.allow).",
            ],
            Host::Codex => &[
                "Codex runs a new hook only once you trust it: start codex and review it with /hooks. It rewrites commands only when Codex runs them without asking (approval policy \"never\").",
            ],
            Host::GeminiCli => {
                &["Gemini CLI: a project's MCP servers and hooks run once the folder is trusted."]
            }
            Host::Opencode => &["opencode loads the plugin at start: restart it."],
            Host::Goose => &[
                "Goose has no hook that can replace a shell output: wrap its developer extension with --wrap (see docs/hosts.md).",
            ],
            Host::ClaudeDesktop => &["Claude Desktop reads its config at start: restart it."],
            _ => &[],
        }
    }
}

/// The variables Codex must pass on for tool-output to find its sessions,
/// configuration and model (Codex passes only HOME, PATH and a few others).
pub const CODEX_ENV_VARS: &[&str] = &[
    "TOOL_OUTPUT_ROOT",
    "TOOL_OUTPUT_CACHE_DIR",
    "TOOL_OUTPUT_CONFIG",
    "TOOL_OUTPUT_MODEL",
    "TOOL_OUTPUT_STORE",
    "XDG_CACHE_HOME",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
];

const OPENCODE_PLUGIN: &str = include_str!("opencode_plugin.js");

/// A hook group one of whose commands ends with `suffix`.
fn runs_hook(group: &Value, suffix: &str) -> bool {
    group
        .get("hooks")
        .and_then(Value::as_array)
        .is_some_and(|hooks| {
            hooks.iter().any(|h| {
                h.get("command")
                    .and_then(Value::as_str)
                    .is_some_and(|c| c.trim_end().ends_with(suffix))
            })
        })
}

/// `$CLAUDE_CONFIG_DIR`, else the home directory: where `.claude.json` is.
fn claude_config_home(dirs: &Dirs) -> PathBuf {
    std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| dirs.home.clone(), PathBuf::from)
}

/// `$CLAUDE_CONFIG_DIR`, else `~/.claude`: where `settings.json` is.
pub(super) fn claude_config_home_dir(dirs: &Dirs) -> PathBuf {
    std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| dirs.home.join(".claude"), PathBuf::from)
}

/// `$CODEX_HOME`, else `~/.codex`.
fn codex_home(dirs: &Dirs) -> PathBuf {
    std::env::var_os("CODEX_HOME")
        .filter(|d| !d.is_empty())
        .map_or_else(|| dirs.home.join(".codex"), PathBuf::from)
}

/// The first of `names` that exists in `dir`, else the first name.
fn first_existing(dir: &Path, names: &[&str]) -> PathBuf {
    names
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.exists())
        .unwrap_or_else(|| dir.join(names[0]))
}

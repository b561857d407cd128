//! Each host's facts, in one place: where its MCP servers are listed (per
//! OS, user or project scope), the shape of one entry, its shell hooks
//! (events, matchers, the tools they answer for), and the sessions. `setup`
//! writes from these, `hook` reads its input by them.
//!
//! Sessions: `claude-${CLAUDE_CODE_SESSION_ID}` for Claude Code (its MCP
//! servers get that variable; the hook names the same session from its
//! `session_id`), with `mcp serve --handles-from claude-*` so that a handle
//! stored after `/clear` or `--continue` (a new session id under a running
//! server) is still found; one per host for the others (`codex`, `gemini`,
//! …), which do not tell an MCP server which conversation it serves.

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

/// One hook around a host's shell tool.
pub struct ShellHook {
    /// The event, as the host's config and the hook's input name it.
    pub event: &'static str,
    /// The matcher `setup` writes.
    pub matcher: &'static str,
    /// The tool names the hook answers for (what the matcher matches).
    pub tools: &'static [&'static str],
    /// As the host reads it (seconds; Gemini CLI: milliseconds).
    pub timeout: u64,
}

/// How a file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Strict JSON (no comments, no trailing commas).
    Json,
    /// JSON with comments, no trailing commas, no byte-order mark: what
    /// Gemini CLI reads (`JSON.parse` after strip-json-comments).
    GeminiJson,
    /// JSON with comments and trailing commas.
    Jsonc,
    Toml,
    Yaml,
}

impl Format {
    /// Whether the host reads the file when it starts with a UTF-8
    /// byte-order mark (kept as it is when it does).
    pub fn allows_bom(self) -> bool {
        self != Format::GeminiJson
    }
}

/// One file `setup` edits, and what goes in it.
pub struct FilePlan {
    pub path: PathBuf,
    pub format: Format,
    pub changes: Vec<Change>,
}

/// A whole file `setup` writes (the opencode plugin, Claude Code's shell
/// prefix script).
pub struct WholeFile {
    pub path: PathBuf,
    pub content: String,
    /// Its first line, by which a file of ours is known (`--remove`).
    pub header: &'static str,
    pub executable: bool,
}

/// How a host starts tool-output: a program and the words before ours
/// (`npx -y tool-output@0.1.0`), or the program alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub program: String,
    pub args: Vec<String>,
}

impl Launch {
    pub fn program(program: impl Into<String>) -> Launch {
        Launch {
            program: program.into(),
            args: Vec::new(),
        }
    }

    /// The words of the command line, program first.
    pub fn words(&self) -> Vec<String> {
        std::iter::once(self.program.clone())
            .chain(self.args.iter().cloned())
            .collect()
    }

    /// As the start of a shell command line (a hook's `command`).
    pub fn shell_line(&self) -> String {
        self.words()
            .iter()
            .map(|w| shell_word(w))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `word` as one word of a shell line (double quotes only when needed).
pub fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:@=\\".contains(c))
    {
        return word.to_string();
    }
    let escaped: String = word
        .chars()
        .flat_map(|c| match c {
            '"' | '\\' | '$' | '`' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    format!("\"{escaped}\"")
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

    /// The session `mcp serve` (and `--wrap` proxies) open, as their
    /// arguments say it (tool-output expands `${VAR}`).
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

    /// For a host with a session per conversation: the sessions of all
    /// its conversations (`claude-*`), where `mcp serve` also looks for a
    /// handle its own session lacks.
    pub fn session_family(self) -> Option<String> {
        self.session()
            .split_once("${")
            .map(|(prefix, _)| format!("{prefix}*"))
    }

    /// The session a hook of this host stores into: the conversation's
    /// (`session_id` of the hook's input) for a host with a session per
    /// conversation, else the host's own.
    pub fn hook_session(self, session_id: Option<&str>) -> Result<String> {
        let name = match self.session().split_once("${") {
            Some((prefix, _)) => match session_id {
                Some(id) => format!("{prefix}{id}"),
                None => bail!("the hook's input has no session_id"),
            },
            None => self.session().to_string(),
        };
        tool_output::roots::check_session_name(&name)?;
        Ok(name)
    }

    /// `mcp serve`'s arguments for this host.
    pub fn serve_args(self) -> Vec<String> {
        let mut args: Vec<String> = ["--session", self.session(), "mcp", "serve"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Some(family) = self.session_family() {
            args.extend(["--handles-from".to_string(), family]);
        }
        args
    }

    /// The hooks this host runs around its shell tool, as `setup` writes
    /// them and `tool-output hook` recognises their input.
    pub fn shell_hooks(self) -> &'static [ShellHook] {
        match self {
            Host::ClaudeCode => &[
                ShellHook {
                    event: "PostToolUse",
                    matcher: "Bash",
                    tools: &["Bash"],
                    timeout: 60,
                },
                // A command that exits non-zero: its output cannot be
                // replaced, only followed by context (see `hook`).
                ShellHook {
                    event: "PostToolUseFailure",
                    matcher: "Bash",
                    tools: &["Bash"],
                    timeout: 60,
                },
            ],
            Host::Codex => &[ShellHook {
                event: "PreToolUse",
                matcher: "^Bash$",
                tools: &["Bash"],
                timeout: 30,
            }],
            Host::GeminiCli => &[ShellHook {
                event: "AfterTool",
                matcher: "^run_shell_command$",
                tools: &["run_shell_command"],
                // Milliseconds.
                timeout: 60_000,
            }],
            _ => &[],
        }
    }

    /// What `tool-output hook` calls this host (None: it has no hook).
    pub fn hook_name(self) -> Option<&'static str> {
        match self {
            Host::ClaudeCode => Some("claude-code"),
            Host::Codex => Some("codex"),
            Host::GeminiCli => Some("gemini-cli"),
            _ => None,
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
                Format::GeminiJson,
                &["mcpServers"],
            ),
            (Host::GeminiCli, true) => (
                cwd.join(".gemini").join("settings.json"),
                Format::GeminiJson,
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

    /// The MCP server entry `name` running `launch args…` (`serve`: our
    /// own `mcp serve`, else a proxy in front of a server).
    pub fn entry(self, name: &str, launch: &Launch, args: &[String], serve: bool) -> Value {
        let command = launch.program.as_str();
        let args: Vec<String> = launch.args.iter().chain(args).cloned().collect();
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

    /// The shell hooks: their file and groups, for hosts that have them
    /// (Claude Code's user settings also get its shell prefix, see
    /// [`Host::claude_shell_prefix`]).
    pub fn hook(self, dirs: &Dirs, project: bool, launch: &Launch) -> Option<FilePlan> {
        let name = self.hook_name()?;
        let (path, format) = match self {
            Host::ClaudeCode => (claude_settings(dirs, project), Format::Json),
            _ => {
                let (path, format, _) = self.mcp_file(dirs, project).ok()?;
                (path, format)
            }
        };
        let ours = format!("hook {name}");
        let mut changes: Vec<Change> = self
            .hook_groups(launch)?
            .into_iter()
            .map(|(event, group)| Change::append(&["hooks", event], group, &ours))
            .collect();
        if let Some(script) = self.claude_shell_prefix(dirs, project, launch) {
            changes.push(Change::member_of_ours(
                &["env"],
                CLAUDE_SHELL_PREFIX,
                json!(script.path.display().to_string()),
                CLAUDE_SHELL_SCRIPT_NAME,
            ));
        }
        Some(FilePlan {
            path,
            format,
            changes,
        })
    }

    /// Each shell hook's event and the group that runs `launch … hook NAME`
    /// for it, as the host's settings hold it.
    pub fn hook_groups(self, launch: &Launch) -> Option<Vec<(&'static str, Value)>> {
        let name = self.hook_name()?;
        let command = format!("{} hook {name}", launch.shell_line());
        Some(
            self.shell_hooks()
                .iter()
                .map(|hook| {
                    let mut entry = serde_json::Map::new();
                    if self == Host::GeminiCli {
                        entry.insert("name".into(), json!("tool-output"));
                    }
                    entry.insert("type".into(), json!("command"));
                    entry.insert("command".into(), json!(command));
                    entry.insert("timeout".into(), json!(hook.timeout));
                    (
                        hook.event,
                        json!({ "matcher": hook.matcher, "hooks": [entry] }),
                    )
                })
                .collect(),
        )
    }

    /// Claude Code's shell prefix script (user scope on Unix, when
    /// tool-output is one program): Claude Code starts every Bash command,
    /// hook and stdio MCP server through it, so that the whole output of a
    /// command that fails is kept for the `PostToolUseFailure` hook
    /// (`hook::spool`). The script runs what it is given as it would have
    /// run, with or without tool-output. None where that cannot be: Claude
    /// Code splits a prefix at its last ` -` (a path holding one would
    /// break every command).
    pub fn claude_shell_prefix(
        self,
        dirs: &Dirs,
        project: bool,
        launch: &Launch,
    ) -> Option<WholeFile> {
        if self != Host::ClaudeCode
            || project
            || !launch.args.is_empty()
            || dirs.os == tool_output::platform::Os::Windows
        {
            return None;
        }
        let path = claude_config_home_dir(dirs).join(CLAUDE_SHELL_SCRIPT_NAME);
        let shown = path.display().to_string();
        if !shown.starts_with('/') || shown.contains(" -") {
            return None;
        }
        let content =
            CLAUDE_SHELL_SCRIPT.replace("__TOOL_OUTPUT__", &sh_single_quoted(&launch.program));
        Some(WholeFile {
            path,
            content,
            header: CLAUDE_SHELL_SCRIPT.lines().nth(1).unwrap_or_default(),
            executable: true,
        })
    }

    /// The whole files `setup` writes for this host.
    pub fn whole_files(self, dirs: &Dirs, project: bool, launch: &Launch) -> Vec<WholeFile> {
        self.plugin(dirs, project, launch)
            .into_iter()
            .chain(self.claude_shell_prefix(dirs, project, launch))
            .collect()
    }

    /// opencode's plugin file (it stores bash outputs through `store`).
    fn plugin(self, dirs: &Dirs, project: bool, launch: &Launch) -> Option<WholeFile> {
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
                "[\"__TOOL_OUTPUT__\"]",
                &serde_json::to_string(&launch.words()).expect("strings"),
            )
            .replace(
                "\"__SESSION__\"",
                &serde_json::to_string(self.session()).expect("a string"),
            );
        Some(WholeFile {
            path: dir.join("plugins").join("tool-output.js"),
            content,
            header: OPENCODE_PLUGIN.lines().next().unwrap_or_default(),
            executable: false,
        })
    }

    /// Why the host would not run the hooks `setup` writes, read from its
    /// settings as far as they can be read: a warning each.
    pub fn hooks_disabled(self, dirs: &Dirs) -> Vec<String> {
        let mut warnings = Vec::new();
        let read = |path: &Path| -> Option<Value> {
            let text = super::write::read(path).ok()??;
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            super::json::parse(text, super::json::Dialect::Jsonc).ok()
        };
        match self {
            Host::ClaudeCode => {
                let mut files = vec![
                    claude_settings(dirs, false),
                    claude_settings(dirs, true),
                    dirs.cwd.join(".claude").join("settings.local.json"),
                ];
                files.extend(claude_managed_settings(dirs.os));
                for file in files {
                    if read(&file).is_some_and(|v| v["disableAllHooks"] == true) {
                        warnings.push(format!(
                            "{} sets disableAllHooks: Claude Code runs no hook, so its shell's outputs are not stored (the MCP tools still work)",
                            file.display()
                        ));
                    }
                }
            }
            Host::GeminiCli => {
                let files = [
                    dirs.home.join(".gemini").join("settings.json"),
                    dirs.cwd.join(".gemini").join("settings.json"),
                ];
                for file in files {
                    let Some(value) = read(&file) else { continue };
                    if value.pointer("/hooksConfig/enabled") == Some(&json!(false)) {
                        warnings.push(format!(
                            "{} sets hooksConfig.enabled to false: Gemini CLI runs no hook, so its shell's outputs are not stored (the MCP tools still work)",
                            file.display()
                        ));
                    }
                    let disabled = value
                        .pointer("/hooksConfig/disabled")
                        .and_then(Value::as_array)
                        .is_some_and(|names| {
                            names.iter().any(|n| {
                                n.as_str().is_some_and(|n| {
                                    n == "tool-output" || n.ends_with("hook gemini-cli")
                                })
                            })
                        });
                    if disabled {
                        warnings.push(format!(
                            "{} lists our hook in hooksConfig.disabled: Gemini CLI does not run it",
                            file.display()
                        ));
                    }
                }
            }
            _ => {}
        }
        warnings
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
            // Cursor drops tools whose server and tool names exceed 60 characters
            // together; our longest tool name is `tool_output_search`.
            Host::Cursor if name.len() + "tool_output_search".len() > 60 => {
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
                "Claude Code reads these at start: restart it; MCP tools still ask for permission unless allowed (\"mcp__tool-output\" in permissions.allow). In user scope, its shell prefix (~/.claude/tool-output-shell) runs every Bash command, to keep a failing command's whole output.",
            ],
            Host::Codex => &[
                "Codex runs a new hook only once you trust it: start codex and review it with /hooks. It rewrites commands only when Codex runs them without asking (approval policy \"never\") in a sandbox that lets tool-output write its root (none, or workspace-write with the root in sandbox_workspace_write.writable_roots).",
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

/// Claude Code's variable for a program that runs every Bash command.
pub const CLAUDE_SHELL_PREFIX: &str = "CLAUDE_CODE_SHELL_PREFIX";

/// Our script's name, in Claude Code's directory.
const CLAUDE_SHELL_SCRIPT_NAME: &str = "tool-output-shell";

const CLAUDE_SHELL_SCRIPT: &str = include_str!("claude_shell.sh");

/// `text` as one single-quoted POSIX shell word.
fn sh_single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Claude Code's settings file for hooks: `.claude/settings.json` of the
/// project, else `$CLAUDE_CONFIG_DIR/settings.json` or `~/.claude/settings.json`.
fn claude_settings(dirs: &Dirs, project: bool) -> PathBuf {
    if project {
        dirs.cwd.join(".claude").join("settings.json")
    } else {
        claude_config_home_dir(dirs).join("settings.json")
    }
}

/// Where an organisation's managed Claude Code settings are.
fn claude_managed_settings(os: tool_output::platform::Os) -> Option<PathBuf> {
    use tool_output::platform::Os;
    Some(match os {
        Os::Linux => PathBuf::from("/etc/claude-code/managed-settings.json"),
        Os::MacOs => PathBuf::from("/Library/Application Support/ClaudeCode/managed-settings.json"),
        Os::Windows => PathBuf::from(r"C:\Program Files\ClaudeCode\managed-settings.json"),
    })
}

/// `$CLAUDE_CONFIG_DIR`, else the home directory: where `.claude.json` is.
fn claude_config_home(dirs: &Dirs) -> PathBuf {
    std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| dirs.home.clone(), PathBuf::from)
}

/// `$CLAUDE_CONFIG_DIR`, else `~/.claude`: where `settings.json` is, and
/// `projects/`, where Claude Code keeps the outputs it persists.
pub fn claude_config_home_dir(dirs: &Dirs) -> PathBuf {
    std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| dirs.home.join(".claude"), PathBuf::from)
}

/// `$CODEX_HOME`, else `~/.codex`: its config, and `sessions/`, where its
/// transcripts are.
pub fn codex_home(dirs: &Dirs) -> PathBuf {
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

//! The hosts' own ways to install tool-output, beside `setup`: a Claude
//! Code plugin (in a marketplace: `.claude-plugin/marketplace.json` at the
//! repository's root, the plugin in `plugins/claude-code/`) and a Gemini
//! CLI extension (`gemini-extension.json` and `hooks/hooks.json` at the
//! repository's root, where `gemini extensions install <repo>` reads them).
//! Both run a pinned `npx -y tool-output@VERSION` (both hosts run on
//! Node), so nothing dangles when a cache is cleaned and an upgrade is an
//! update of the plugin. Written from the same facts as `setup` ([`Host`]):
//! `setup HOST --package DIR` writes them, and a test checks that the
//! repository's copies are what this binary writes.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use serde_json::{Value, json};

use super::hosts::{Host, Launch};

/// This binary's version: what the packages pin.
const VERSION: &str = env!("CARGO_PKG_VERSION");

const DESCRIPTION: &str = "Keeps large shell and tool outputs out of the context window without \
losing them: the model gets a short handle message and asks tool_output for any part.";

/// The pinned command the packages run.
pub fn pinned() -> Launch {
    Launch {
        program: "npx".into(),
        args: vec!["-y".into(), format!("tool-output@{VERSION}")],
    }
}

/// The files of `host`'s package, relative to the repository's root.
pub fn files(host: Host) -> Result<Vec<(PathBuf, String)>> {
    let launch = pinned();
    let pretty =
        |value: &Value| format!("{}\n", serde_json::to_string_pretty(value).expect("JSON"));
    Ok(match host {
        Host::ClaudeCode => {
            let plugin = Path::new("plugins").join("claude-code");
            vec![
                (
                    PathBuf::from(".claude-plugin").join("marketplace.json"),
                    pretty(&json!({
                        "name": "tool-output",
                        "owner": {"name": "tool-output"},
                        "metadata": {"description": DESCRIPTION, "version": VERSION},
                        "plugins": [{
                            "name": "tool-output",
                            "source": "./plugins/claude-code",
                            "description": DESCRIPTION,
                            "version": VERSION,
                        }],
                    })),
                ),
                (
                    plugin.join(".claude-plugin").join("plugin.json"),
                    pretty(&json!({
                        "name": "tool-output",
                        "version": VERSION,
                        "description": DESCRIPTION,
                        "author": {"name": "tool-output contributors"},
                        "license": "MIT",
                    })),
                ),
                (
                    plugin.join(".mcp.json"),
                    pretty(&json!({"mcpServers": {
                        host.entry_name(): host.entry(host.entry_name(), &launch, &host.serve_args(), true),
                    }})),
                ),
                (
                    plugin.join("hooks").join("hooks.json"),
                    pretty(&json!({
                        "description": "tool-output: a large Bash output stored, the model given its handle message",
                        "hooks": hooks(host, &launch),
                    })),
                ),
            ]
        }
        Host::GeminiCli => {
            let entry = host.entry(host.entry_name(), &launch, &host.serve_args(), true);
            vec![
                (
                    PathBuf::from("gemini-extension.json"),
                    pretty(&json!({
                        "name": "tool-output",
                        "version": VERSION,
                        "description": DESCRIPTION,
                        "mcpServers": {host.entry_name(): entry},
                    })),
                ),
                (
                    PathBuf::from("hooks").join("hooks.json"),
                    pretty(&json!({"hooks": hooks(host, &launch)})),
                ),
            ]
        }
        other => bail!(
            "{} has no plugin or extension of tool-output: use `tool-output setup`",
            other.title()
        ),
    })
}

/// The host's hook groups, as its settings hold them.
fn hooks(host: Host, launch: &Launch) -> Value {
    let Some(plan) = host.hook_groups(launch) else {
        return json!({});
    };
    let mut events = serde_json::Map::new();
    for (event, group) in plan {
        events.insert(event.to_string(), json!([group]));
    }
    Value::Object(events)
}

/// Write the package into `dir`; what was written.
pub fn write(host: Host, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, content) in files(host)? {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, content)?;
        written.push(path);
    }
    Ok(written)
}

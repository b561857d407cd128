//! Which `tool-output gateway`s lend the conversations' own model to the
//! extractions of their sessions: each leaves a lend file under the root
//! (`<root>/gateway/<session>.json`, see [`crate::llm::borrowed`]); `doctor`
//! reads them back (never their secrets) and says whether each gateway is
//! running, what it lent last and how many calls.

use std::path::Path;

use serde::Serialize;

use crate::llm::borrowed::LendFile;

/// Lend files read back at most.
const MAX_FILES: usize = 64;

/// What one gateway's lend file says, without its secret.
#[derive(Debug, Clone, Serialize)]
pub struct GatewaySeen {
    /// The session it stores into.
    pub session: String,
    /// Its loopback address.
    pub url: String,
    /// Its process is there.
    pub running: bool,
    /// The API it lent last.
    pub api: Option<String>,
    /// The model it lent last.
    pub model: Option<String>,
    /// Extraction calls it lent the conversation's model for.
    pub calls: u64,
}

/// The gateways under `root`, by session.
pub fn seen(root: &Path) -> Vec<GatewaySeen> {
    let Ok(entries) = std::fs::read_dir(root.join("gateway")) else {
        return Vec::new();
    };
    let mut found: Vec<GatewaySeen> = entries
        .flatten()
        .take(MAX_FILES)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let session = name.strip_suffix(".json")?.to_string();
            let file = LendFile::read(&entry.path())?;
            Some(GatewaySeen {
                session,
                running: crate::platform::process_stamp(file.pid).is_some(),
                url: file.url,
                api: file.api,
                model: file.model,
                calls: file.calls,
            })
        })
        .collect();
    found.sort_by(|a, b| a.session.cmp(&b.session));
    found
}

/// One line per gateway, for `doctor`.
pub fn describe(gateways: &[GatewaySeen]) -> String {
    let mut text = String::from(
        "Model-API gateways (with no model configured, tool_output extracts with the conversation's own model through them):\n",
    );
    for g in gateways {
        let state = if g.running {
            "running"
        } else {
            "not running (its lend file is stale)"
        };
        let lent = match (&g.api, &g.model) {
            (Some(api), Some(model)) => format!("lent {api} {model} for {} calls", g.calls),
            _ => "no extraction has asked yet".to_string(),
        };
        text.push_str(&format!(
            "  session {} at {}: {state}; {lent}\n",
            g.session, g.url
        ));
    }
    text
}

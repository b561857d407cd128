//! The two downstream answers the proxy changes on their way to the
//! client: `initialize` (our capabilities and instructions added) and
//! `tools/list` (our tools added). Everything else in them stays.

use rmcp::model::Tool;
use serde_json::{Value, json};

use crate::agent::SYSTEM_PROMPT;

/// The first protocol version with `resource_link` content.
const LINKS_FROM: &str = "2025-06-18";

/// What the downstream declared.
pub struct Declared {
    pub tools: bool,
    pub resources: bool,
    /// The protocol has `resource_link` blocks.
    pub links: bool,
}

/// An `initialize` (or `server/discover`) answer: the downstream's
/// capabilities plus `tools` and `resources`; its instructions, then ours.
pub fn add_capabilities(value: &mut Value) -> Option<Declared> {
    let result = value.get_mut("result")?.as_object_mut()?;
    let version = |v: &Value| v.as_str().is_some_and(|v| v >= LINKS_FROM);
    let links = result.get("protocolVersion").is_some_and(version)
        || result
            .get("supportedVersions")
            .and_then(Value::as_array)
            .is_some_and(|l| l.iter().any(version));
    let caps = result.entry("capabilities").or_insert_with(|| json!({}));
    let caps = caps.as_object_mut()?;
    let declared = Declared {
        tools: caps.get("tools").is_some_and(|v| !v.is_null()),
        resources: caps.get("resources").is_some_and(|v| !v.is_null()),
        links,
    };
    caps.entry("tools").or_insert_with(|| json!({}));
    caps.entry("resources").or_insert_with(|| json!({}));
    let instructions = match result.get("instructions").and_then(Value::as_str) {
        Some(theirs) if !theirs.is_empty() => format!("{theirs}\n\n{SYSTEM_PROMPT}"),
        _ => SYSTEM_PROMPT.to_string(),
    };
    result.insert("instructions".into(), Value::String(instructions));
    Some(declared)
}

/// A `tools/list` answer: our tools after the downstream's last page.
/// `outputSchema` goes: a stored result no longer carries the
/// `structuredContent` it promises, and clients check it.
pub fn add_tools(value: &mut Value, ours: Vec<Tool>) {
    let Some(result) = value.get_mut("result").and_then(Value::as_object_mut) else {
        return;
    };
    let last_page = result.get("nextCursor").is_none_or(Value::is_null);
    if let Some(Value::Array(tools)) = result.get_mut("tools") {
        for tool in tools.iter_mut().filter_map(Value::as_object_mut) {
            tool.remove("outputSchema");
        }
        if last_page {
            tools.extend(
                ours.into_iter()
                    .filter_map(|t| serde_json::to_value(t).ok()),
            );
        }
    }
}

//! The two downstream answers the proxy changes on their way to the
//! client: `initialize` (our capabilities, instructions and the mark of a
//! tool-output proxy added) and `tools/list` (our tools added, names kept
//! unique). Everything else in them stays.

use std::collections::{HashMap, HashSet};

use rmcp::model::Tool;
use serde_json::{Value, json};

use crate::agent::SYSTEM_PROMPT;

/// The experimental capability a tool-output proxy declares, so that a
/// proxy in front of it knows to defer to it.
pub const PROXY_MARK: &str = "tool-output/proxy";

/// The first protocol version with `resource_link` content.
const LINKS_FROM: &str = "2025-06-18";

/// What the downstream declared.
pub struct Declared {
    pub tools: bool,
    pub resources: bool,
    /// The protocol has `resource_link` blocks.
    pub links: bool,
    /// It is a tool-output proxy itself.
    pub tool_output_proxy: bool,
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
    let tool_output_proxy = caps
        .get("experimental")
        .and_then(|e| e.get(PROXY_MARK))
        .is_some();
    let declared = Declared {
        tools: caps.get("tools").is_some_and(|v| !v.is_null()),
        resources: caps.get("resources").is_some_and(|v| !v.is_null()),
        links,
        tool_output_proxy,
    };
    if tool_output_proxy {
        // Its instructions already say how to use the handles.
        return Some(declared);
    }
    caps.entry("tools").or_insert_with(|| json!({}));
    caps.entry("resources").or_insert_with(|| json!({}));
    let experimental = caps.entry("experimental").or_insert_with(|| json!({}));
    if let Some(experimental) = experimental.as_object_mut() {
        experimental.insert(
            PROXY_MARK.into(),
            json!({"version": env!("CARGO_PKG_VERSION")}),
        );
    }
    let instructions = match result.get("instructions").and_then(Value::as_str) {
        Some(theirs) if !theirs.is_empty() => format!("{theirs}\n\n{SYSTEM_PROMPT}"),
        _ => SYSTEM_PROMPT.to_string(),
    };
    result.insert("instructions".into(), Value::String(instructions));
    Some(declared)
}

/// A `tools/list` answer, one page of it: our tools after the
/// downstream's last page. `outputSchema` goes: a stored result no longer
/// carries the `structuredContent` it promises, and clients check it.
/// Names stay unique across the pages of one listing (model APIs refuse
/// duplicates; `listed` holds the names given on its earlier pages): a
/// downstream tool named like one of ours, or like a name already given,
/// is listed as `downstream_<name>` (with `_` added until it is new); the
/// renames are returned (listed name → the downstream's).
pub fn add_tools(
    value: &mut Value,
    ours: Vec<Tool>,
    listed: &mut HashSet<String>,
) -> HashMap<String, String> {
    let mut renamed = HashMap::new();
    let Some(result) = value.get_mut("result").and_then(Value::as_object_mut) else {
        return renamed;
    };
    let last_page = result.get("nextCursor").is_none_or(Value::is_null);
    let Some(Value::Array(tools)) = result.get_mut("tools") else {
        return renamed;
    };
    let ours_named: HashSet<String> = ours.iter().map(|t| t.name.to_string()).collect();
    // Taken: ours, the earlier pages', and this page's own names (a new
    // name must not take one a later tool of this page has).
    let mut taken: HashSet<String> = tools
        .iter()
        .filter_map(|t| t.get("name")?.as_str().map(str::to_string))
        .chain(ours_named.iter().cloned())
        .chain(listed.iter().cloned())
        .collect();
    for tool in tools.iter_mut().filter_map(Value::as_object_mut) {
        tool.remove("outputSchema");
        let Some(name) = tool.get("name").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        if ours_named.contains(&name) || listed.contains(&name) {
            let mut new = format!("downstream_{name}");
            while taken.contains(&new) {
                new.push('_');
            }
            taken.insert(new.clone());
            tool.insert("name".into(), Value::String(new.clone()));
            listed.insert(new.clone());
            renamed.insert(new, name);
        } else {
            listed.insert(name);
        }
    }
    if last_page {
        tools.extend(
            ours.into_iter()
                .filter_map(|t| serde_json::to_value(t).ok()),
        );
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str) -> Tool {
        Tool::new(
            name.to_string(),
            "ours",
            std::sync::Arc::new(serde_json::Map::new()),
        )
    }

    #[test]
    fn names_stay_unique_and_theirs_are_renamed() {
        let mut answer = json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [
            {"name": "tool_output", "inputSchema": {"type": "object"}},
            {"name": "downstream_tool_output", "inputSchema": {"type": "object"}},
            {"name": "search", "inputSchema": {"type": "object"}, "outputSchema": {}},
        ]}});
        let renamed = add_tools(
            &mut answer,
            vec![tool("tool_output"), tool("tool_output_read")],
            &mut HashSet::new(),
        );
        let names: Vec<&str> = answer["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "downstream_tool_output_",
                "downstream_tool_output",
                "search",
                "tool_output",
                "tool_output_read"
            ]
        );
        assert_eq!(renamed.len(), 1);
        assert_eq!(renamed["downstream_tool_output_"], "tool_output");
        assert!(answer["result"]["tools"][2].get("outputSchema").is_none());
    }

    /// The names of a listing's pages, each page rewritten in turn.
    fn pages(pages: &[(&[&str], bool)]) -> (Vec<Vec<String>>, HashMap<String, String>) {
        let mut listed = HashSet::new();
        let mut renamed = HashMap::new();
        let mut names = Vec::new();
        for (page, more) in pages {
            let tools: Vec<Value> = page.iter().map(|n| json!({"name": n})).collect();
            let mut result = json!({"tools": tools});
            if *more {
                result["nextCursor"] = json!("next");
            }
            let mut answer = json!({"id": 1, "result": result});
            renamed.extend(add_tools(
                &mut answer,
                vec![tool("tool_output")],
                &mut listed,
            ));
            names.push(
                answer["result"]["tools"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["name"].as_str().unwrap().to_string())
                    .collect(),
            );
        }
        (names, renamed)
    }

    #[test]
    fn names_stay_unique_across_the_pages_of_a_listing() {
        // Page 1 renames theirs to downstream_tool_output; page 2 holds a
        // tool of that very name; page 3 repeats a name of page 1.
        let (names, renamed) = pages(&[
            (&["tool_output", "a"], true),
            (&["downstream_tool_output", "b"], true),
            (&["a", "c"], false),
        ]);
        let all: Vec<&String> = names.iter().flatten().collect();
        let unique: HashSet<&String> = all.iter().copied().collect();
        assert_eq!(all.len(), unique.len(), "{names:?}");
        assert_eq!(names[0], ["downstream_tool_output", "a"]);
        assert_eq!(names[1], ["downstream_downstream_tool_output", "b"]);
        assert_eq!(names[2], ["downstream_a", "c", "tool_output"]);
        assert_eq!(renamed["downstream_tool_output"], "tool_output");
        assert_eq!(
            renamed["downstream_downstream_tool_output"],
            "downstream_tool_output"
        );
        assert_eq!(renamed["downstream_a"], "a");
    }

    #[test]
    fn a_tool_output_proxy_downstream_is_recognised_and_left_as_it_is() {
        let mut inner = json!({"id": 0, "result": {"protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}}, "instructions": "theirs"}});
        let declared = add_capabilities(&mut inner).unwrap();
        assert!(!declared.tool_output_proxy);
        assert!(inner["result"]["capabilities"]["experimental"][PROXY_MARK].is_object());
        let before = inner.clone();
        let declared = add_capabilities(&mut inner).unwrap();
        assert!(
            declared.tool_output_proxy,
            "the outer proxy sees the inner one"
        );
        assert_eq!(inner, before, "and changes nothing");
    }
}

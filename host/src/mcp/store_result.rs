//! A downstream `tools/call` result, its oversized parts stored: text
//! blocks, embedded text resources and `structuredContent` (as JSON). Each
//! stored part is replaced by its handle message (the engine decides, with
//! the tool's policy); images, audio, links and parts that fit stay as
//! they are. The text is stored from the decoded result in place: no copy.

use serde_json::{Map, Value, json};

use crate::session::Session;
use crate::{Outcome, StorePolicy, ToolCall};

use super::tools::resource_link;

/// What the proxy knows about the call whose result this is.
pub struct ResultContext<'a> {
    pub session: &'a Session,
    pub tool: &'a str,
    /// The call's arguments as JSON text.
    pub args: &'a str,
    pub policy: StorePolicy,
    /// Add a `resource_link` to each stored part (the client's protocol has them).
    pub links: bool,
}

/// Store what is too large in `result`; true when anything changed.
pub async fn store_oversized(result: &mut Value, cx: &ResultContext<'_>) -> bool {
    let Some(result) = result.as_object_mut() else {
        return false;
    };
    let blocks = result
        .get("content")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let structured = result
        .get("structuredContent")
        .is_some_and(|v| !v.is_null());
    // A text block the structured content repeats (the JSON the spec says
    // to send along, or a server's `{"content": text}`) is stored once.
    let repeated = if structured {
        repeated_by_structured(result)
    } else {
        None
    };
    // Several parts: each replacement says which one it stands for.
    let labelled = blocks + usize::from(structured && repeated.is_none()) > 1;
    let mut changed = false;
    let mut links = Vec::new();
    let mut repeated_stored = false;
    if let Some(Value::Array(content)) = result.get_mut("content") {
        for (index, block) in content.iter_mut().enumerate() {
            let repeats = repeated == Some(index);
            if let Some(handle) = store_block(block, index, labelled, repeats, cx).await {
                changed = true;
                repeated_stored |= repeats;
                links.push((index, handle));
            }
        }
        for (index, (handle, bytes)) in links.into_iter().rev() {
            if cx.links {
                content.insert(index + 1, link_value(&handle, cx.tool, bytes));
            }
        }
    }
    if repeated_stored {
        result.remove("structuredContent");
    } else if structured && let Some(block) = store_structured(result, labelled, cx).await {
        let content = result
            .entry("content")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(content) = content {
            content.push(block.0);
            if let Some(link) = block.1 {
                content.push(link);
            }
        }
        changed = true;
    }
    changed
}

/// The index of a text block whose text `structuredContent` carries again:
/// as its JSON, or as one of its strings.
fn repeated_by_structured(result: &Map<String, Value>) -> Option<usize> {
    let structured = result.get("structuredContent")?;
    let content = result.get("content")?.as_array()?;
    content.iter().position(|block| {
        let Some(text) = block
            .get("type")
            .filter(|t| *t == "text")
            .and_then(|_| block.get("text"))
            .and_then(Value::as_str)
        else {
            return false;
        };
        holds_string(structured, text)
            || serde_json::from_str::<Value>(text).is_ok_and(|v| v == *structured)
    })
}

/// Whether `value` has `text` as one of its strings (walked without
/// recursion: the value came from a peer).
fn holds_string(value: &Value, text: &str) -> bool {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) if s.len() == text.len() && s == text => return true,
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    false
}

/// A text block or an embedded text resource, stored if the engine says
/// so: (handle, bytes).
async fn store_block(
    block: &mut Value,
    index: usize,
    labelled: bool,
    repeated: bool,
    cx: &ResultContext<'_>,
) -> Option<(String, u64)> {
    let kind = block.get("type").and_then(Value::as_str)?;
    match kind {
        "text" => {
            let text = text_mut(block.get_mut("text")?)?;
            let label = match (labelled, repeated) {
                (true, false) => Some(format!(
                    "Part content[{index}] (text) of this result is stored:\n"
                )),
                (true, true) => Some(format!(
                    "Part content[{index}] (text) of this result, which its structuredContent \
                     repeats, is stored once:\n"
                )),
                (false, true) => Some(
                    "This result's text, which its structuredContent repeats, is stored once:\n"
                        .into(),
                ),
                (false, false) => None,
            };
            let (handle, bytes, message) = store_text(text, cx, label).await?;
            // Annotations and _meta of the block stay.
            *text = message;
            Some((handle, bytes))
        }
        "resource" => {
            let resource = block.get_mut("resource")?;
            let uri = resource
                .get("uri")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string();
            let text = text_mut(resource.get_mut("text")?)?;
            let label =
                format!("Part content[{index}] (resource {uri}) of this result is stored:\n");
            let label = Some(label)
                .filter(|_| labelled)
                .or_else(|| Some(format!("The embedded resource {uri} is stored:\n")));
            let (handle, bytes, message) = store_text(text, cx, label).await?;
            // The resource's text is not the handle message: a text block is.
            *block = json!({"type": "text", "text": message});
            Some((handle, bytes))
        }
        _ => None,
    }
}

async fn store_structured(
    result: &mut Map<String, Value>,
    labelled: bool,
    cx: &ResultContext<'_>,
) -> Option<(Value, Option<Value>)> {
    // Indented, as the engine's view of it: the handle message's line
    // count and the line numbers of its preview and reads then agree.
    let mut text = serde_json::to_string_pretty(result.get("structuredContent")?).ok()?;
    let label =
        labelled.then(|| "Part structuredContent (JSON) of this result is stored:\n".into());
    let (handle, bytes, message) = store_text(&mut text, cx, label).await?;
    result.remove("structuredContent");
    let link = cx.links.then(|| link_value(&handle, cx.tool, bytes));
    Some((json!({"type": "text", "text": message}), link))
}

fn text_mut(value: &mut Value) -> Option<&mut String> {
    match value {
        Value::String(s) => Some(s),
        _ => None,
    }
}

/// Store one part; `None` when it passes through (or storing failed: the
/// client then gets it whole rather than nothing).
async fn store_text(
    text: &mut String,
    cx: &ResultContext<'_>,
    label: Option<String>,
) -> Option<(String, u64, String)> {
    let call = ToolCall::new(cx.tool).args(cx.args);
    match cx
        .session
        .store_with(&call, text.as_bytes(), &cx.policy)
        .await
    {
        Ok(Outcome::Passthrough(_)) => None,
        Ok(Outcome::Stored(stored)) => {
            let message = match label {
                Some(label) => label + &stored.message,
                None => stored.message,
            };
            Some((stored.handle, stored.stats.bytes, message))
        }
        Err(err) => {
            tracing::error!(
                tool = cx.tool,
                "could not store a result part ({err}); it is passed through whole"
            );
            None
        }
    }
}

fn link_value(handle: &str, tool: &str, bytes: u64) -> Value {
    serde_json::to_value(resource_link(handle, tool, bytes)).unwrap_or(Value::Null)
}

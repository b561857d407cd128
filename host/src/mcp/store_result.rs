//! A downstream `tools/call` result, its oversized parts stored: text
//! blocks, embedded text resources and `structuredContent` (as JSON). Each
//! stored part is replaced by its handle message (the engine decides, with
//! the tool's policy); images, audio, links and parts that fit stay as
//! they are. A large text is streamed into the store from the line it came
//! in (`decode::Deferred`), decoded a piece at a time: it is never held a
//! second time.

use serde_json::{Map, Value, json};

use super::jsonrpc::chunked::Chunked;
use super::jsonrpc::decode::Deferred;

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
    /// The result's big strings, still in their line.
    pub deferred: &'a Deferred,
}

/// Pieces of a large text fed to the store at a time.
const PIECE: usize = 1 << 20;

/// What a stored part is made of.
enum Part<'a> {
    /// A string of the decoded result.
    Text(&'a str),
    /// A big string left in the line.
    Deferred(usize),
    /// JSON we serialized, big strings spliced back.
    Json(Chunked),
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
        repeated_by_structured(result, cx.deferred)
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
fn repeated_by_structured(result: &Map<String, Value>, deferred: &Deferred) -> Option<usize> {
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
        let same = |s: &str| match (deferred.index(s), deferred.index(text)) {
            // Both left in the line: the same bytes there.
            (Some(a), Some(b)) => deferred.raw(a).same_bytes(&deferred.raw(b)),
            (None, None) => s == text,
            _ => false,
        };
        holds_string(structured, &same)
            || (deferred.index(text).is_none()
                && serde_json::from_str::<Value>(text).is_ok_and(|v| v == *structured))
    })
}

/// Whether `value` has a string `same` says is the text (walked without
/// recursion: the value came from a peer).
fn holds_string(value: &Value, same: &dyn Fn(&str) -> bool) -> bool {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) if same(s) => return true,
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
            let (handle, bytes, message) = store_part(part_of(text, cx), cx, label).await?;
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
            let (handle, bytes, message) = store_part(part_of(text, cx), cx, label).await?;
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
    let json = cx
        .deferred
        .serialize(result.get("structuredContent")?, true);
    let label =
        labelled.then(|| "Part structuredContent (JSON) of this result is stored:\n".into());
    let (handle, bytes, message) = store_part(Part::Json(json), cx, label).await?;
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

fn part_of<'a>(text: &'a str, cx: &ResultContext<'_>) -> Part<'a> {
    match cx.deferred.index(text) {
        Some(n) => Part::Deferred(n),
        None => Part::Text(text),
    }
}

/// Store one part; `None` when it passes through (or storing failed: the
/// client then gets it whole rather than nothing).
async fn store_part(
    part: Part<'_>,
    cx: &ResultContext<'_>,
    label: Option<String>,
) -> Option<(String, u64, String)> {
    let call = ToolCall::new(cx.tool).args(cx.args);
    let stored = match part {
        Part::Text(text) => {
            cx.session
                .store_with(&call, text.as_bytes(), &cx.policy)
                .await
        }
        Part::Deferred(n) => stream(cx, &call, cx.deferred.unescape(n, PIECE)).await,
        Part::Json(json) => {
            let pieces = json.chunks().iter().map(|c| Ok(c.to_vec()));
            stream(cx, &call, pieces).await
        }
    };
    match stored {
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

/// Stores what `pieces` give, a piece at a time (never whole in memory).
async fn stream(
    cx: &ResultContext<'_>,
    call: &ToolCall,
    pieces: impl Iterator<Item = Result<Vec<u8>, String>>,
) -> crate::Result<Outcome> {
    let mut writer = cx.session.writer_with(call, &cx.policy).await?;
    for piece in pieces {
        let piece = piece.map_err(|e| crate::Error::Setup(anyhow::anyhow!("{e}")))?;
        writer.write(&piece).await?;
    }
    writer.finish().await
}

fn link_value(handle: &str, tool: &str, bytes: u64) -> Value {
    serde_json::to_value(resource_link(handle, tool, bytes)).unwrap_or(Value::Null)
}

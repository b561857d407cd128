//! For agent hosts: the `tool_output` tool in each provider's format, a
//! system-prompt paragraph, and answering a raw tool call.

use serde_json::{Value, json};

use crate::bindings::types::Mode;
use crate::error::Result;
use crate::session::Session;

/// The tool's name: `tool_output`.
pub const TOOL_NAME: &str = "tool_output";

/// The tool's description, as models are given it.
pub const TOOL_DESCRIPTION: &str = "Extract information from a stored oversized tool output by \
     handle. When a tool result says the output is too large and gives a handle, call this with \
     precise instructions: the answer comes from the whole stored output, so there is no need to \
     run the tool again.";

/// A paragraph for the agent's system prompt.
pub const SYSTEM_PROMPT: &str = "Some tool results are too large to show in full. Such a result is \
     replaced by a short message with a handle, a partial preview and the output's size. The full \
     output is stored: do not run the tool again. Call tool_output(handle, extract) and say \
     precisely what you need (error messages, a key's value, the lines about X); you can call it \
     several times with the same handle. mode is optional: \"lexical\" finds the lines matching \
     your words, \"truncate\" shows the head and tail, and \"jq\" runs extract as a jq program \
     over a JSON, JSON-lines or CSV output (lines and rows as one array), e.g. \
     extract=\"[.[] | select(.status >= 500)] | length\".";

/// The tool for OpenAI Chat Completions (`tools` entry, strict mode).
pub fn openai_tool(schema: &str) -> Value {
    let mut parameters: Value = serde_json::from_str(schema).expect("the engine's schema is JSON");
    // Strict mode requires every property in `required`; `mode` stays
    // optional by allowing null.
    if let Some(mode) = parameters.pointer_mut("/properties/mode") {
        mode["type"] = json!(["string", "null"]);
        if let Some(list) = mode.get_mut("enum").and_then(Value::as_array_mut) {
            list.push(Value::Null);
        }
    }
    parameters["required"] = json!(["handle", "extract", "mode"]);
    json!({
        "type": "function",
        "function": {
            "name": TOOL_NAME,
            "description": TOOL_DESCRIPTION,
            "strict": true,
            "parameters": parameters,
        }
    })
}

/// The tool for Anthropic Messages (`tools` entry).
pub fn anthropic_tool(schema: &str) -> Value {
    let input_schema: Value = serde_json::from_str(schema).expect("the engine's schema is JSON");
    json!({
        "name": TOOL_NAME,
        "description": TOOL_DESCRIPTION,
        "input_schema": input_schema,
    })
}

/// The arguments of a `tool_output` call, from whatever the caller has:
/// the arguments object, an OpenAI `tool_calls[i]` / `function` object
/// (arguments as a JSON string), or an Anthropic `tool_use` block (`input`).
pub struct CallArgs {
    /// The handle from the handle message.
    pub handle: String,
    /// What to extract (or, in mode `jq`, the jq program).
    pub extract: String,
    /// The mode asked for; None: `auto`.
    pub mode: Option<Mode>,
}

/// A `tool_output` call's arguments from any of the shapes above; an error
/// says what is wrong in words a model can act on.
pub fn parse_call(raw: &str) -> std::result::Result<CallArgs, String> {
    let value: Value =
        serde_json::from_str(raw).map_err(|e| format!("the arguments are not valid JSON: {e}"))?;
    let args = unwrap_call(value)?;
    let field = |name: &str| {
        args.get(name)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let mode = match args.get("mode") {
        None | Some(Value::Null) => None,
        Some(Value::String(m)) => Some(m.parse::<Mode>().map_err(|e| e.to_string())?),
        Some(other) => return Err(format!("mode must be a string, not {other}")),
    };
    Ok(CallArgs {
        handle: field("handle"),
        extract: field("extract"),
        mode,
    })
}

fn unwrap_call(value: Value) -> std::result::Result<Value, String> {
    let inner = value
        .get("function")
        .cloned()
        .unwrap_or_else(|| value.clone());
    if let Some(args) = inner.get("arguments") {
        return match args {
            Value::String(text) => serde_json::from_str(text)
                .map_err(|e| format!("the arguments string is not valid JSON: {e}")),
            Value::Object(_) => Ok(args.clone()),
            _ => Err("arguments must be an object or a JSON string".into()),
        };
    }
    if let Some(input) = inner.get("input").filter(|v| v.is_object()) {
        return Ok(input.clone());
    }
    if value.is_object() {
        Ok(value)
    } else {
        Err("the arguments must be a JSON object".into())
    }
}

impl Session {
    /// Answer a raw `tool_output` call with the text for the model. Never
    /// fails: problems come back in the `TOOL_OUTPUT FAILED` form.
    pub async fn handle_tool_call(&self, raw: &str) -> String {
        match parse_call(raw) {
            Ok(args) => match self.extract(&args.handle, &args.extract, args.mode).await {
                Ok(result) => result.text,
                Err(err) => failed_text(&args.handle, args.mode, &err.to_string()),
            },
            Err(why) => failed_text("unknown", None, &why),
        }
    }

    /// Tool definitions ready for the provider APIs: (OpenAI, Anthropic).
    pub async fn tool_definitions(&self) -> Result<(Value, Value)> {
        let schema = self.tool_schema().await?;
        Ok((openai_tool(&schema), anthropic_tool(&schema)))
    }
}

/// The engine's FAILED form, for calls that never reached it.
fn failed_text(handle: &str, mode: Option<Mode>, error: &str) -> String {
    let handle: String = handle
        .chars()
        .filter(|c| !c.is_control())
        .take(80)
        .collect();
    tool_output_wire::contract::failed_text(
        "unknown",
        if handle.is_empty() {
            "unknown"
        } else {
            &handle
        },
        mode.unwrap_or(Mode::Auto).as_str(),
        error,
    )
}

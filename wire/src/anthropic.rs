//! The Anthropic Messages wire format (`POST {base}/v1/messages`).
//!
//! It differs from Chat Completions in ways that matter here: the system
//! prompt is a field, not a message; tool results are `tool_result` blocks
//! in a *user* message; tool calls are `tool_use` blocks with an `input`
//! object; and empty text blocks are rejected.

use serde_json::{Map, Value, json};

use crate::openai::parse_or_empty;
use crate::{Answer, Request, Role, ToolCall, ToolChoice, Usage};

/// The API version this speaks.
pub const VERSION: &str = "2023-06-01";

pub fn request_body(model: &str, req: &Request) -> Value {
    let system: Vec<&str> = req
        .messages
        .iter()
        .filter(|m| m.role == Role::System)
        .map(|m| m.content.as_str())
        .collect();
    // Consecutive messages of one role become one message with several
    // blocks: tool results must all follow the assistant's tool calls.
    let mut messages: Vec<(&str, Vec<Value>)> = Vec::new();
    for m in req.messages.iter().filter(|m| m.role != Role::System) {
        let (role, blocks) = match m.role {
            Role::User => ("user", text_block(&m.content)),
            Role::Tool => (
                "user",
                vec![json!({
                    "type": "tool_result",
                    "tool_use_id": m.tool_call_id.clone().unwrap_or_default(),
                    "content": m.content,
                })],
            ),
            Role::Assistant | Role::System => {
                let mut blocks = text_block(&m.content);
                blocks.extend(m.tool_calls.iter().map(|c| {
                    json!({
                        "type": "tool_use",
                        "id": c.id,
                        "name": c.name,
                        "input": crate::arguments_object(&c.arguments),
                    })
                }));
                ("assistant", blocks)
            }
        };
        match messages.last_mut() {
            Some((last, existing)) if *last == role => existing.extend(blocks),
            _ => messages.push((role, blocks)),
        }
    }
    // Every message needs content: an assistant turn that said nothing.
    for (_, blocks) in &mut messages {
        if blocks.is_empty() {
            blocks.push(json!({"type": "text", "text": "(no text)"}));
        }
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    body.insert("max_tokens".into(), json!(req.max_output_tokens));
    if !system.is_empty() {
        body.insert("system".into(), json!(system.join("\n\n")));
    }
    body.insert(
        "messages".into(),
        messages
            .into_iter()
            .map(|(role, content)| json!({"role": role, "content": content}))
            .collect::<Vec<_>>()
            .into(),
    );
    if !req.tools.is_empty() {
        let tools: Vec<Value> = req
            .tools
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "description": t.description,
                    "input_schema": parse_or_empty(&t.parameters),
                })
            })
            .collect();
        body.insert("tools".into(), tools.into());
        if req.tool_choice == ToolChoice::None {
            body.insert("tool_choice".into(), json!({"type": "none"}));
        }
    }
    body.into()
}

/// Text blocks must hold more than whitespace.
fn text_block(text: &str) -> Vec<Value> {
    if text.trim().is_empty() {
        Vec::new()
    } else {
        vec![json!({"type": "text", "text": text})]
    }
}

pub fn parse_response(body: &Value) -> Result<Answer, String> {
    if body.get("type").and_then(Value::as_str) == Some("error") {
        return Err(error_message(body).unwrap_or_else(|| "an error object".into()));
    }
    let content = body
        .get("content")
        .and_then(Value::as_array)
        .ok_or("no content in the answer")?;
    let mut text = String::new();
    let mut tool_calls = Vec::new();
    for block in content {
        match block.get("type").and_then(Value::as_str) {
            Some("text") => text.push_str(block.get("text").and_then(Value::as_str).unwrap_or("")),
            Some("tool_use") => {
                let field = |k: &str| block.get(k).and_then(Value::as_str);
                tool_calls.push(ToolCall {
                    id: field("id").ok_or("a tool_use block has no id")?.to_string(),
                    name: field("name")
                        .ok_or("a tool_use block has no name")?
                        .to_string(),
                    arguments: block.get("input").unwrap_or(&json!({})).to_string(),
                });
            }
            // thinking, redacted_thinking, …: not part of the answer.
            _ => {}
        }
    }
    let usage = body.get("usage");
    let tokens = |key: &str| crate::count_at(usage, key);
    Ok(Answer {
        text,
        tool_calls,
        usage: Usage {
            // Cached prompt tokens are input too.
            input_tokens: tokens("input_tokens")
                .saturating_add(tokens("cache_creation_input_tokens"))
                .saturating_add(tokens("cache_read_input_tokens")),
            output_tokens: tokens("output_tokens"),
        },
        model: body
            .get("model")
            .and_then(Value::as_str)
            .map(str::to_string),
        truncated: body.get("stop_reason").and_then(Value::as_str) == Some("max_tokens"),
    })
}

/// `{"type": "error", "error": {"type": …, "message": …}}`.
pub fn error_message(body: &Value) -> Option<String> {
    if body.get("type").and_then(Value::as_str) != Some("error") {
        return None;
    }
    crate::qualified_message(body.get("error")?, "type")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ToolDefinition, message as msg};

    #[test]
    fn tool_use_and_results_take_the_messages_shape() {
        let call = |id: &str, args: &str| ToolCall {
            id: id.into(),
            name: "Grep".into(),
            arguments: args.into(),
        };
        let req = Request {
            messages: vec![
                msg(Role::System, "sys", vec![], None),
                msg(Role::User, "find it", vec![], None),
                msg(
                    Role::Assistant,
                    "",
                    vec![call("t1", r#"{"pattern":"x"}"#), call("t2", "not json")],
                    None,
                ),
                msg(Role::Tool, "r1", vec![], Some("t1")),
                msg(Role::Tool, "r2", vec![], Some("t2")),
                msg(Role::User, "last turn", vec![], None),
            ],
            tools: vec![ToolDefinition {
                name: "Grep".into(),
                description: "search".into(),
                parameters: r#"{"type":"object"}"#.into(),
            }],
            max_output_tokens: 64,
            tool_choice: ToolChoice::None,
        };
        assert_eq!(
            request_body("claude-sonnet-4-5", &req),
            json!({
                "model": "claude-sonnet-4-5",
                "max_tokens": 64,
                "system": "sys",
                "messages": [
                    {"role": "user", "content": [{"type": "text", "text": "find it"}]},
                    {"role": "assistant", "content": [
                        {"type": "tool_use", "id": "t1", "name": "Grep", "input": {"pattern": "x"}},
                        {"type": "tool_use", "id": "t2", "name": "Grep", "input": {}}]},
                    {"role": "user", "content": [
                        {"type": "tool_result", "tool_use_id": "t1", "content": "r1"},
                        {"type": "tool_result", "tool_use_id": "t2", "content": "r2"},
                        {"type": "text", "text": "last turn"}]},
                ],
                "tools": [{"name": "Grep", "description": "search",
                           "input_schema": {"type": "object"}}],
                "tool_choice": {"type": "none"},
            })
        );
    }

    #[test]
    fn answers_parse_and_thinking_is_skipped() {
        let a = parse_response(&json!({
            "type": "message", "model": "claude-x",
            "content": [
                {"type": "thinking", "thinking": "hmm"},
                {"type": "text", "text": "Let me grep."},
                {"type": "tool_use", "id": "toolu_1", "name": "Grep", "input": {"pattern": "E"}}
            ],
            "usage": {"input_tokens": 10, "cache_read_input_tokens": 5, "output_tokens": 3}
        }))
        .unwrap();
        assert_eq!(a.text, "Let me grep.");
        assert_eq!(a.tool_calls[0].arguments, r#"{"pattern":"E"}"#);
        assert_eq!((a.usage.input_tokens, a.usage.output_tokens), (15, 3));
        let err = parse_response(&json!({"type": "error",
            "error": {"type": "overloaded_error", "message": "Overloaded"}}))
        .unwrap_err();
        assert_eq!(err, "overloaded_error: Overloaded");
    }
}

//! The OpenAI Chat Completions wire format (`POST {base}/chat/completions`),
//! as spoken by OpenAI, vLLM, llama.cpp, Ollama, LM Studio and OpenRouter.

use serde_json::{Map, Value, json};

use crate::{Answer, Message, Request, Role, ToolCall, ToolChoice, Usage};

/// The request body. `official` selects OpenAI's current field for the
/// answer limit (`max_completion_tokens`, which its reasoning models
/// require); compatible servers get the long-standing `max_tokens`.
pub fn request_body(model: &str, req: &Request, official: bool) -> Value {
    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    body.insert(
        "messages".into(),
        req.messages.iter().map(message).collect::<Vec<_>>().into(),
    );
    let limit = if official {
        "max_completion_tokens"
    } else {
        "max_tokens"
    };
    body.insert(limit.into(), json!(req.max_output_tokens));
    if !req.tools.is_empty() {
        let tools: Vec<Value> = req
            .tools
            .iter()
            .map(|t| {
                json!({
                    "type": "function",
                    "function": {
                        "name": t.name,
                        "description": t.description,
                        "parameters": parse_or_empty(&t.parameters),
                    }
                })
            })
            .collect();
        body.insert("tools".into(), tools.into());
        if req.tool_choice == ToolChoice::None {
            body.insert("tool_choice".into(), json!("none"));
        }
    }
    body.into()
}

fn message(m: &Message) -> Value {
    let role = match m.role {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
        Role::Tool => "tool",
    };
    let mut out = Map::new();
    out.insert("role".into(), json!(role));
    if m.role == Role::Assistant && !m.tool_calls.is_empty() {
        // An assistant turn that only calls tools has null content.
        let content = if m.content.is_empty() {
            Value::Null
        } else {
            json!(m.content)
        };
        out.insert("content".into(), content);
        let calls: Vec<Value> = m
            .tool_calls
            .iter()
            .map(|c| {
                json!({
                    "id": c.id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": c.arguments},
                })
            })
            .collect();
        out.insert("tool_calls".into(), calls.into());
    } else {
        out.insert("content".into(), json!(m.content));
    }
    if let Some(id) = &m.tool_call_id {
        out.insert("tool_call_id".into(), json!(id));
    }
    out.into()
}

/// Tool parameters are JSON Schema text; a malformed one becomes `{}`
/// rather than a request the server would reject as a whole.
pub fn parse_or_empty(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| json!({"type": "object"}))
}

/// Read a response body. Errors say what was wrong, for `bad-response`.
pub fn parse_response(body: &Value) -> Result<Answer, String> {
    let choice = body
        .get("choices")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
        .ok_or("no choices in the answer")?;
    let message = choice
        .get("message")
        .ok_or("the first choice has no message")?;
    let text = match message.get("content") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        // Some servers answer with content parts.
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect(),
        Some(other) => return Err(format!("content is neither text nor parts: {other}")),
    };
    let mut tool_calls = Vec::new();
    if let Some(calls) = message.get("tool_calls").and_then(Value::as_array) {
        for (i, call) in calls.iter().enumerate() {
            let function = call.get("function").ok_or("a tool call has no function")?;
            let name = function
                .get("name")
                .and_then(Value::as_str)
                .ok_or("a tool call has no name")?;
            // Arguments are JSON text; a few servers send the object itself.
            let arguments = match function.get("arguments") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Null) | None => "{}".to_string(),
                Some(other) => other.to_string(),
            };
            let id = call
                .get("id")
                .and_then(Value::as_str)
                .map_or_else(|| format!("call_{i}"), str::to_string);
            tool_calls.push(ToolCall {
                id,
                name: name.to_string(),
                arguments,
            });
        }
    }
    let usage = body.get("usage");
    let tokens = |key: &str| crate::count_at(usage, key);
    Ok(Answer {
        text,
        tool_calls,
        usage: Usage {
            input_tokens: tokens("prompt_tokens"),
            output_tokens: tokens("completion_tokens"),
        },
        model: body
            .get("model")
            .and_then(Value::as_str)
            .map(str::to_string),
        truncated: choice.get("finish_reason").and_then(Value::as_str) == Some("length"),
    })
}

/// The message of an error body (`{"error": {"message": …}}`), if any.
pub fn error_message(body: &Value) -> Option<String> {
    let error = body.get("error")?;
    error
        .get("message")
        .and_then(Value::as_str)
        .or_else(|| error.as_str())
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolDefinition;

    fn msg(role: Role, content: &str) -> Message {
        Message {
            role,
            content: content.into(),
            tool_calls: vec![],
            tool_call_id: None,
        }
    }

    #[test]
    fn a_tool_conversation_round_trips_in_the_wire_shape() {
        let req = Request {
            messages: vec![
                msg(Role::System, "sys"),
                msg(Role::User, "find it"),
                Message {
                    role: Role::Assistant,
                    content: String::new(),
                    tool_calls: vec![ToolCall {
                        id: "call_1".into(),
                        name: "Grep".into(),
                        arguments: r#"{"pattern":"error"}"#.into(),
                    }],
                    tool_call_id: None,
                },
                Message {
                    tool_call_id: Some("call_1".into()),
                    ..msg(Role::Tool, "12: error here")
                },
            ],
            tools: vec![ToolDefinition {
                name: "Grep".into(),
                description: "search".into(),
                parameters: r#"{"type":"object"}"#.into(),
            }],
            max_output_tokens: 100,
            tool_choice: ToolChoice::Auto,
        };
        let body = request_body("gpt-4o", &req, true);
        assert_eq!(
            body,
            json!({
                "model": "gpt-4o",
                "messages": [
                    {"role": "system", "content": "sys"},
                    {"role": "user", "content": "find it"},
                    {"role": "assistant", "content": null, "tool_calls": [
                        {"id": "call_1", "type": "function",
                         "function": {"name": "Grep", "arguments": "{\"pattern\":\"error\"}"}}]},
                    {"role": "tool", "content": "12: error here", "tool_call_id": "call_1"},
                ],
                "max_completion_tokens": 100,
                "tools": [{"type": "function", "function": {
                    "name": "Grep", "description": "search", "parameters": {"type": "object"}}}],
            })
        );
        assert!(
            request_body("llama", &req, false)
                .get("max_tokens")
                .is_some()
        );
    }

    #[test]
    fn answers_with_text_tool_calls_or_parts_parse() {
        let a = parse_response(&json!({
            "model": "gpt-4o-2024",
            "choices": [{"message": {"role": "assistant", "content": null, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "Read", "arguments": "{\"offset\":5}"}}
            ]}}],
            "usage": {"prompt_tokens": 50, "completion_tokens": 7}
        }))
        .unwrap();
        assert_eq!(a.text, "");
        assert_eq!(a.tool_calls[0].arguments, "{\"offset\":5}");
        assert_eq!((a.usage.input_tokens, a.usage.output_tokens), (50, 7));
        assert_eq!(a.model.as_deref(), Some("gpt-4o-2024"));
        let parts = parse_response(&json!({"choices": [{"message": {"content": [
            {"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}}]}))
        .unwrap();
        assert_eq!(parts.text, "ab");
        assert!(parse_response(&json!({"choices": []})).is_err());
        assert!(parse_response(&json!({"error": {"message": "x"}})).is_err());
    }
}

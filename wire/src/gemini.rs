//! The Gemini API's wire format (`POST {base}/v1beta/models/{model}:generateContent`).
//!
//! It differs from the others in ways that matter here: the model is in
//! the path, not the body; the system prompt is `systemInstruction`; the
//! assistant is `model`; a tool call is a `functionCall` part with an
//! `args` object and usually no id, and its result a `functionResponse`
//! part in a *user* turn, paired by the function's name; and tools are
//! `functionDeclarations` inside one entry of `tools`.

use serde_json::{Map, Value, json};

use crate::openai::parse_or_empty;
use crate::{Answer, Request, Role, ToolCall, ToolChoice, Usage};

/// The path of a `generateContent` call of `model`, or why the name cannot
/// be one (it goes into the URL: letters, digits, `.`, `-` and `_` only).
pub fn path(model: &str) -> Result<String, String> {
    let name = model.strip_prefix("models/").unwrap_or(model);
    let plain = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_');
    if name.is_empty() || name.starts_with('.') || !name.bytes().all(plain) {
        return Err(format!(
            "{:?} is not a Gemini model name",
            model.chars().take(100).collect::<String>()
        ));
    }
    Ok(format!("/v1beta/models/{name}:generateContent"))
}

/// Gemini 3 refuses a replayed call without the `thoughtSignature` it came
/// with; the engine keeps calls as id, name and arguments, so each is sent
/// with Google's documented stand-in for a history built elsewhere.
const SKIP_SIGNATURE: &str = "skip_thought_signature_validator";

pub fn request_body(req: &Request) -> Value {
    let system: Vec<&str> = req
        .messages
        .iter()
        .filter(|m| m.role == Role::System)
        .map(|m| m.content.as_str())
        .collect();
    // A result names its function: the name of the call with its id.
    let name_of = |id: &str| {
        req.messages
            .iter()
            .flat_map(|m| &m.tool_calls)
            .find(|c| c.id == id)
            .map(|c| c.name.clone())
            .unwrap_or_default()
    };
    // Consecutive turns of one role become one turn: every result of a
    // model turn's calls goes in the one user turn after it.
    let mut contents: Vec<(&str, Vec<Value>)> = Vec::new();
    for m in req.messages.iter().filter(|m| m.role != Role::System) {
        let (role, parts) = match m.role {
            Role::User => ("user", text_part(&m.content)),
            Role::Tool => {
                let id = m.tool_call_id.clone().unwrap_or_default();
                (
                    "user",
                    vec![json!({"functionResponse": {
                        "id": id,
                        "name": name_of(&id),
                        "response": {"output": m.content},
                    }})],
                )
            }
            Role::Assistant | Role::System => {
                let mut parts = text_part(&m.content);
                parts.extend(m.tool_calls.iter().map(|c| {
                    json!({
                        "functionCall": {"id": c.id, "name": c.name, "args": crate::arguments_object(&c.arguments)},
                        "thoughtSignature": SKIP_SIGNATURE,
                    })
                }));
                ("model", parts)
            }
        };
        match contents.last_mut() {
            Some((last, existing)) if *last == role => existing.extend(parts),
            _ => contents.push((role, parts)),
        }
    }
    // Every turn needs a part: a model turn that said nothing.
    for (_, parts) in &mut contents {
        if parts.is_empty() {
            parts.push(json!({"text": "(no text)"}));
        }
    }
    let mut body = Map::new();
    if !system.is_empty() {
        body.insert(
            "systemInstruction".into(),
            json!({"parts": [{"text": system.join("\n\n")}]}),
        );
    }
    body.insert(
        "contents".into(),
        contents
            .into_iter()
            .map(|(role, parts)| json!({"role": role, "parts": parts}))
            .collect::<Vec<_>>()
            .into(),
    );
    if !req.tools.is_empty() {
        let declarations: Vec<Value> = req
            .tools
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "description": t.description,
                    "parametersJsonSchema": parse_or_empty(&t.parameters),
                })
            })
            .collect();
        body.insert(
            "tools".into(),
            json!([{"functionDeclarations": declarations}]),
        );
        if req.tool_choice == ToolChoice::None {
            body.insert(
                "toolConfig".into(),
                json!({"functionCallingConfig": {"mode": "NONE"}}),
            );
        }
    }
    body.insert(
        "generationConfig".into(),
        json!({"maxOutputTokens": req.max_output_tokens}),
    );
    body.into()
}

/// Text parts must hold more than whitespace.
fn text_part(text: &str) -> Vec<Value> {
    if text.trim().is_empty() {
        Vec::new()
    } else {
        vec![json!({"text": text})]
    }
}

pub fn parse_response(body: &Value) -> Result<Answer, String> {
    if let Some(message) = error_message(body) {
        return Err(message);
    }
    let Some(candidate) = body
        .get("candidates")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
    else {
        // A prompt refused before any candidate: `promptFeedback.blockReason`.
        return Err(match body["promptFeedback"]["blockReason"].as_str() {
            Some(reason) => format!("the prompt was blocked: {reason}"),
            None => "no candidates in the answer".into(),
        });
    };
    let mut text = String::new();
    let mut tool_calls = Vec::new();
    let parts = candidate["content"]["parts"].as_array();
    for (i, part) in parts.into_iter().flatten().enumerate() {
        // Thoughts are not part of the answer.
        if part["thought"] == true {
            continue;
        }
        if let Some(t) = part.get("text").and_then(Value::as_str) {
            text.push_str(t);
        }
        if let Some(call) = part.get("functionCall") {
            let name = call
                .get("name")
                .and_then(Value::as_str)
                .ok_or("a functionCall part has no name")?;
            // Calls usually come without an id: one from their place.
            let id = match call.get("id").and_then(Value::as_str) {
                Some(id) if !id.is_empty() => id.to_string(),
                _ => format!("call_{i}"),
            };
            tool_calls.push(ToolCall {
                id,
                name: name.to_string(),
                arguments: call.get("args").unwrap_or(&json!({})).to_string(),
            });
        }
    }
    let usage = body.get("usageMetadata");
    let tokens = |key: &str| crate::count_at(usage, key);
    Ok(Answer {
        text,
        tool_calls,
        usage: Usage {
            input_tokens: tokens("promptTokenCount"),
            // Thinking is paid for as output.
            output_tokens: tokens("candidatesTokenCount")
                .saturating_add(tokens("thoughtsTokenCount")),
        },
        model: body
            .get("modelVersion")
            .and_then(Value::as_str)
            .map(str::to_string),
        truncated: candidate["finishReason"] == "MAX_TOKENS",
    })
}

/// `{"error": {"code": …, "message": …, "status": …}}`.
pub fn error_message(body: &Value) -> Option<String> {
    crate::qualified_message(body.get("error")?, "status")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ToolDefinition, message as msg};

    #[test]
    fn calls_and_results_take_the_contents_shape() {
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
                    vec![call("c1", r#"{"pattern":"x"}"#), call("c2", "not json")],
                    None,
                ),
                msg(Role::Tool, "1: x", vec![], Some("c1")),
                msg(Role::Tool, "none", vec![], Some("c2")),
            ],
            tools: vec![ToolDefinition {
                name: "Grep".into(),
                description: "search".into(),
                parameters: r#"{"type":"object","additionalProperties":false}"#.into(),
            }],
            tool_choice: ToolChoice::None,
            max_output_tokens: 1000,
        };
        let body = request_body(&req);
        assert_eq!(
            body,
            json!({
                "systemInstruction": {"parts": [{"text": "sys"}]},
                "contents": [
                    {"role": "user", "parts": [{"text": "find it"}]},
                    {"role": "model", "parts": [
                        {"functionCall": {"id": "c1", "name": "Grep", "args": {"pattern": "x"}},
                         "thoughtSignature": "skip_thought_signature_validator"},
                        {"functionCall": {"id": "c2", "name": "Grep", "args": {}},
                         "thoughtSignature": "skip_thought_signature_validator"}]},
                    {"role": "user", "parts": [
                        {"functionResponse": {"id": "c1", "name": "Grep", "response": {"output": "1: x"}}},
                        {"functionResponse": {"id": "c2", "name": "Grep", "response": {"output": "none"}}}]}],
                "tools": [{"functionDeclarations": [{"name": "Grep", "description": "search",
                    "parametersJsonSchema": {"type": "object", "additionalProperties": false}}]}],
                "toolConfig": {"functionCallingConfig": {"mode": "NONE"}},
                "generationConfig": {"maxOutputTokens": 1000}
            })
        );
    }

    #[test]
    fn an_answer_gives_its_text_calls_usage_and_cut() {
        let answer = parse_response(&json!({
            "candidates": [{"content": {"role": "model", "parts": [
                {"text": "planning", "thought": true},
                {"text": "Found "}, {"text": "it."},
                {"functionCall": {"name": "Grep", "args": {"pattern": "x"}}}]},
                "finishReason": "MAX_TOKENS"}],
            "usageMetadata": {"promptTokenCount": 12, "candidatesTokenCount": 3, "thoughtsTokenCount": 5},
            "modelVersion": "gemini-2.5-flash"
        }))
        .unwrap();
        assert_eq!(answer.text, "Found it.");
        assert_eq!(
            answer.tool_calls,
            vec![ToolCall {
                id: "call_3".into(),
                name: "Grep".into(),
                arguments: r#"{"pattern":"x"}"#.into()
            }]
        );
        assert_eq!(
            (answer.usage.input_tokens, answer.usage.output_tokens),
            (12, 8)
        );
        assert_eq!(answer.model.as_deref(), Some("gemini-2.5-flash"));
        assert!(answer.truncated);
    }

    #[test]
    fn errors_refusals_and_odd_names_are_said() {
        assert_eq!(
            parse_response(
                &json!({"error": {"code": 429, "message": "quota", "status": "RESOURCE_EXHAUSTED"}})
            ),
            Err("RESOURCE_EXHAUSTED: quota".into())
        );
        assert_eq!(
            parse_response(&json!({"promptFeedback": {"blockReason": "SAFETY"}})),
            Err("the prompt was blocked: SAFETY".into())
        );
        assert!(
            parse_response(
                &json!({"candidates": [{"content": {"parts": [{"functionCall": {}}]}}]})
            )
            .is_err()
        );
        assert_eq!(
            path("models/gemini-2.5-flash").unwrap(),
            "/v1beta/models/gemini-2.5-flash:generateContent"
        );
        for bad in [
            "",
            "a/../b",
            "m?key=x",
            "m#x",
            ".hidden",
            "m:streamGenerateContent",
        ] {
            assert!(path(bad).is_err(), "{bad}");
        }
    }
}

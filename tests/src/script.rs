//! What a scripted model needs to read requests and answer like a model
//! that follows the engine's prompts, in either wire format.

use serde_json::Value;

use crate::llm_server::Recorded;

/// The nonce of the final-report wrapper the prompt asks for.
pub fn nonce(req: &Recorded) -> String {
    let text = req.system_and_user_text();
    let start = text
        .find("<ai-agent-")
        .map(|i| i + "<ai-agent-".len())
        .expect("the prompt names the final-report wrapper");
    let end = text[start..].find("-FINAL").expect("wrapper tag") + start;
    text[start..end].to_string()
}

/// A final report as a model writes it.
pub fn final_report(nonce: &str, text: &str) -> String {
    format!("<ai-agent-{nonce}-FINAL format=\"text\">\n{text}\n</ai-agent-{nonce}-FINAL>")
}

/// The messages of a request, either wire format.
pub fn messages(req: &Recorded) -> &[Value] {
    req.body["messages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// Text of the last user message (a map call's chunk, or the reduce
/// instruction), either wire format.
pub fn last_user_text(req: &Recorded) -> String {
    let Some(last) = messages(req).iter().rev().find(|m| m["role"] == "user") else {
        return String::new();
    };
    match &last["content"] {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => blocks.iter().filter_map(|b| b["text"].as_str()).collect(),
        _ => String::new(),
    }
}

pub fn is_reduce(req: &Recorded) -> bool {
    last_user_text(req).starts_with("Synthesize the chunk outputs")
}

/// Every tool result the request carries: OpenAI `tool` messages or
/// Anthropic `tool_result` blocks, as (id, text).
pub fn tool_results(req: &Recorded) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for m in messages(req) {
        if m["role"] == "tool" {
            out.push((
                m["tool_call_id"].as_str().unwrap_or("").to_string(),
                m["content"].as_str().unwrap_or("").to_string(),
            ));
        }
        if let Some(blocks) = m["content"].as_array() {
            for b in blocks.iter().filter(|b| b["type"] == "tool_result") {
                out.push((
                    b["tool_use_id"].as_str().unwrap_or("").to_string(),
                    b["content"].as_str().unwrap_or("").to_string(),
                ));
            }
        }
    }
    out
}

/// Model turns so far (assistant messages in the request).
pub fn assistant_turns(req: &Recorded) -> usize {
    messages(req)
        .iter()
        .filter(|m| m["role"] == "assistant")
        .count()
}

/// What Anthropic's Messages API would refuse in this request (with a 400),
/// if anything: empty content, whitespace-only text blocks, tool blocks
/// without tool definitions, tool results not first in their message.
pub fn anthropic_violation(req: &Recorded) -> Option<String> {
    let mut uses_tools = false;
    for (i, m) in messages(req).iter().enumerate() {
        let blocks = match &m["content"] {
            Value::String(s) if s.trim().is_empty() => {
                return Some(format!("messages.{i}: empty content"));
            }
            Value::String(_) => continue,
            Value::Array(blocks) if blocks.is_empty() => {
                return Some(format!("messages.{i}: content is empty"));
            }
            Value::Array(blocks) => blocks,
            _ => return Some(format!("messages.{i}: content must be text or blocks")),
        };
        let mut seen_other = false;
        for b in blocks {
            match b["type"].as_str() {
                Some("text") if b["text"].as_str().is_none_or(|t| t.trim().is_empty()) => {
                    return Some(format!(
                        "messages.{i}: text content blocks must be non-empty"
                    ));
                }
                Some("tool_result") if seen_other => {
                    return Some(format!("messages.{i}: tool_result blocks must come first"));
                }
                Some("tool_result") | Some("tool_use") => uses_tools = true,
                _ => seen_other = true,
            }
        }
    }
    let tools = req.body["tools"].as_array().is_some_and(|t| !t.is_empty());
    (uses_tools && !tools).then(|| {
        "Requests which include `tool_use` or `tool_result` blocks must define tools.".to_string()
    })
}

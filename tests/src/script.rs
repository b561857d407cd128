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

/// Tool results the request carries after the model's last turn: OpenAI
/// `tool` messages or Anthropic `tool_result` blocks, as (id, text).
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

//! Anthropic Messages (`/v1/messages`, `/v1/messages/count_tokens`; Claude
//! Code, the Anthropic SDKs, opencode's Anthropic provider): `tool_result`
//! blocks in user messages answer `tool_use` blocks of the assistant's.
//! A result's `content` is a string or a list of blocks (text, image,
//! document…); `is_error`, `cache_control` and everything else around it
//! stay, and the last text block's `cache_control` moves onto the message.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{
    Call, Calls, Dialect, Found, Looping, MAX_ARGS, Mixed, OurTool, json_of, set, sse_event, str_of,
};
use crate::gateway::json::{Seg, Val};

pub struct Anthropic;

const PATHS: &[&[Seg]] = &[
    &[Seg::Key("messages")],
    &[Seg::Key("messages"), Seg::Any],
    &[Seg::Key("messages"), Seg::Any, Seg::Key("content")],
    &[
        Seg::Key("messages"),
        Seg::Any,
        Seg::Key("content"),
        Seg::Any,
    ],
    &[
        Seg::Key("messages"),
        Seg::Any,
        Seg::Key("content"),
        Seg::Any,
        Seg::Key("content"),
    ],
    &[
        Seg::Key("messages"),
        Seg::Any,
        Seg::Key("content"),
        Seg::Any,
        Seg::Key("content"),
        Seg::Any,
    ],
    &[Seg::Key("tools")],
    &[Seg::Key("tools"), Seg::Any],
];

impl Dialect for Anthropic {
    fn name(&self) -> &'static str {
        "anthropic"
    }

    fn default_upstream(&self) -> &'static str {
        "https://api.anthropic.com"
    }

    fn paths(&self) -> &'static [&'static [Seg]] {
        PATHS
    }

    fn results(&self, root: Val<'_>) -> Vec<Found> {
        let mut calls = Calls::default();
        let mut found = Vec::new();
        let Some(messages) = root.get("messages") else {
            return found;
        };
        for message in messages.children() {
            let Some(content) = message.get("content") else {
                continue;
            };
            for block in content.children() {
                match str_of(block, "type").as_str() {
                    "tool_use" | "server_tool_use" | "mcp_tool_use" => calls.add(
                        str_of(block, "id"),
                        str_of(block, "name"),
                        json_of(block, "input", MAX_ARGS),
                    ),
                    "tool_result" => {
                        if let Some(result) = result(block, &calls) {
                            found.push(result);
                        }
                    }
                    _ => {}
                }
            }
        }
        found
    }

    fn error(&self, _: StatusCode, message: &str) -> Value {
        json!({"type": "error", "error": {"type": "api_error", "message": message}})
    }

    fn looping(&self) -> Option<&dyn Looping> {
        Some(self)
    }
}

fn result(block: Val<'_>, calls: &Calls) -> Option<Found> {
    let call_id = str_of(block, "tool_use_id");
    let (tool, args) = calls.of(&call_id);
    let content = block.get("content")?;
    let (texts, with) = super::content(content, &["text"])?;
    Some(Found {
        call_id,
        tool,
        args,
        texts,
        replace: content.span(),
        with,
    })
}

impl Looping for Anthropic {
    fn history(&self) -> &'static str {
        "messages"
    }

    fn tool_def(&self, tool: &OurTool) -> Value {
        json!({"name": tool.name, "description": tool.description, "input_schema": tool.schema})
    }

    fn offered(&self, root: Val<'_>) -> Vec<String> {
        root.get("tools")
            .into_iter()
            .flat_map(|t| t.children())
            .map(|t| str_of(t, "name"))
            .collect()
    }

    fn calls(&self, answer: &Value) -> Vec<Call> {
        answer["content"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["type"] == "tool_use")
            .map(|b| Call {
                id: b["id"].as_str().unwrap_or_default().into(),
                name: b["name"].as_str().unwrap_or_default().into(),
                args: b["input"].to_string(),
            })
            .collect()
    }

    fn turn(&self, answer: &Value) -> Vec<Value> {
        // Thinking blocks and their signatures as they came: a turn that
        // goes on after tool results must start with them.
        vec![json!({"role": "assistant", "content": answer["content"]})]
    }

    fn answers(&self, results: &[(Call, String)]) -> Vec<Value> {
        vec![json!({"role": "user", "content": result_blocks(results)})]
    }

    fn strip(&self, answer: &mut Value, ours: &dyn Fn(&str) -> bool) {
        if let Some(blocks) = answer["content"].as_array_mut() {
            blocks.retain(|b| {
                !(b["type"] == "tool_use" && ours(b["name"].as_str().unwrap_or_default()))
            });
            if !blocks.iter().any(|b| b["type"] == "tool_use") {
                set(answer, "stop_reason", json!("end_turn"));
            }
        }
    }

    fn mixed(&self, answer: &Value, _: &[Call], results: &[(Call, String)]) -> Mixed {
        Mixed {
            replace: self.turn(answer),
            after: vec![],
            into_next: result_blocks(results),
        }
    }

    fn answer_key(&self, answer: &Value) -> Option<String> {
        let blocks = answer["content"].as_array()?;
        if let Some(id) = blocks
            .iter()
            .find(|b| b["type"] == "tool_use")
            .and_then(|b| b["id"].as_str())
        {
            return Some(format!("call:{id}"));
        }
        let text: Vec<&str> = blocks.iter().filter_map(|b| b["text"].as_str()).collect();
        (!text.is_empty()).then(|| super::text_key(&text.join("\n")))
    }

    fn item_key(&self, item: Val<'_>) -> Option<String> {
        if str_of(item, "role") != "assistant" {
            return None;
        }
        let content = item.get("content")?;
        if content.is_string() {
            return content.str_upto(MAX_ARGS).map(|t| super::text_key(&t));
        }
        let blocks: Vec<Val<'_>> = content.children().collect();
        if let Some(call) = blocks.iter().find(|b| str_of(**b, "type") == "tool_use") {
            return Some(format!("call:{}", str_of(*call, "id")));
        }
        let text: Vec<String> = blocks
            .iter()
            .filter(|b| str_of(**b, "type") == "text")
            .filter_map(|b| b.get("text").and_then(|t| t.str_upto(MAX_ARGS)))
            .collect();
        (!text.is_empty()).then(|| super::text_key(&text.join("\n")))
    }

    fn render_sse(&self, answer: &Value, _: Val<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        let mut start = answer.clone();
        set(&mut start, "content", json!([]));
        set(&mut start, "stop_reason", Value::Null);
        set(&mut start, "stop_sequence", Value::Null);
        sse_event(
            &mut out,
            Some("message_start"),
            &json!({"type": "message_start", "message": start}),
        );
        for (index, block) in answer["content"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let (empty, deltas) = match block["type"].as_str().unwrap_or_default() {
                "text" => (
                    json!({"type": "text", "text": ""}),
                    vec![json!({"type": "text_delta", "text": block["text"]})],
                ),
                "tool_use" => {
                    let mut empty = block.clone();
                    set(&mut empty, "input", json!({}));
                    (
                        empty,
                        vec![
                            json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
                        ],
                    )
                }
                "thinking" => (
                    json!({"type": "thinking", "thinking": "", "signature": ""}),
                    vec![
                        json!({"type": "thinking_delta", "thinking": block["thinking"]}),
                        json!({"type": "signature_delta", "signature": block["signature"]}),
                    ],
                ),
                // Anything else (redacted thinking, server tools' blocks)
                // comes whole at its start.
                _ => (block.clone(), vec![]),
            };
            sse_event(
                &mut out,
                Some("content_block_start"),
                &json!({"type": "content_block_start", "index": index, "content_block": empty}),
            );
            for delta in deltas {
                sse_event(
                    &mut out,
                    Some("content_block_delta"),
                    &json!({"type": "content_block_delta", "index": index, "delta": delta}),
                );
            }
            sse_event(
                &mut out,
                Some("content_block_stop"),
                &json!({"type": "content_block_stop", "index": index}),
            );
        }
        sse_event(
            &mut out,
            Some("message_delta"),
            &json!({"type": "message_delta",
                    "delta": {"stop_reason": answer["stop_reason"], "stop_sequence": answer["stop_sequence"]},
                    "usage": {"output_tokens": answer["usage"]["output_tokens"]}}),
        );
        sse_event(
            &mut out,
            Some("message_stop"),
            &json!({"type": "message_stop"}),
        );
        out
    }
}

fn result_blocks(results: &[(Call, String)]) -> Vec<Value> {
    results
        .iter()
        .map(|(call, text)| json!({"type": "tool_result", "tool_use_id": call.id, "content": text}))
        .collect()
}

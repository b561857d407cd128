//! Anthropic Messages (`/v1/messages`, `/v1/messages/count_tokens`; Claude
//! Code, the Anthropic SDKs, opencode's Anthropic provider): `tool_result`
//! blocks in user messages answer `tool_use` blocks of the assistant's.
//! A result's `content` is a string or a list of blocks (text, image,
//! document…); `is_error`, `cache_control` and everything else around it
//! stay, and the last text block's `cache_control` moves onto the message.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{Calls, Dialect, Found, MAX_ARGS, json_of, str_of};
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

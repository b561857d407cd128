//! OpenAI Chat Completions (`/chat/completions`; the OpenAI SDKs, the
//! Agents SDK's chat model, LiteLLM, vLLM, Ollama…): a `role: "tool"`
//! message answers one of the assistant's `tool_calls` by
//! `tool_call_id`; its `content` is a string or a list of text parts.
//! The legacy `role: "function"` message answers a `function_call` by name.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{Calls, Dialect, Found, MAX_ARGS, str_of};
use crate::gateway::json::{Seg, Val};

pub struct Chat;

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
    &[Seg::Key("messages"), Seg::Any, Seg::Key("tool_calls")],
    &[
        Seg::Key("messages"),
        Seg::Any,
        Seg::Key("tool_calls"),
        Seg::Any,
    ],
    &[
        Seg::Key("messages"),
        Seg::Any,
        Seg::Key("tool_calls"),
        Seg::Any,
        Seg::Key("function"),
    ],
    &[Seg::Key("messages"), Seg::Any, Seg::Key("function_call")],
];

impl Dialect for Chat {
    fn name(&self) -> &'static str {
        "openai-chat"
    }

    fn default_upstream(&self) -> &'static str {
        "https://api.openai.com"
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
        for (index, message) in messages.children().enumerate() {
            match str_of(message, "role").as_str() {
                "assistant" => {
                    for call in message
                        .get("tool_calls")
                        .into_iter()
                        .flat_map(|c| c.children())
                    {
                        if let Some(function) = call.get("function") {
                            calls.add(str_of(call, "id"), str_of(function, "name"), args(function));
                        }
                    }
                }
                "tool" => {
                    let call_id = str_of(message, "tool_call_id");
                    let (tool, args) = calls.of(&call_id);
                    found.extend(result(message, call_id, tool, args));
                }
                "function" => {
                    // Paired by position and name: the message's index
                    // tells one call from another.
                    let tool = str_of(message, "name");
                    let call_id = format!("function:{tool}:{index}");
                    found.extend(result(message, call_id, tool, "{}".into()));
                }
                _ => {}
            }
        }
        found
    }

    fn error(&self, status: StatusCode, message: &str) -> Value {
        openai_error(status, message)
    }
}

/// `function.arguments`: a string of JSON, as the model wrote it.
fn args(function: Val<'_>) -> String {
    function
        .get("arguments")
        .and_then(|a| a.str_upto(MAX_ARGS))
        .unwrap_or_else(|| "{}".into())
}

fn result(message: Val<'_>, call_id: String, tool: String, args: String) -> Option<Found> {
    let content = message.get("content")?;
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

/// An error as OpenAI's APIs give one.
pub fn openai_error(status: StatusCode, message: &str) -> Value {
    let kind = if status.is_client_error() {
        "invalid_request_error"
    } else {
        "server_error"
    };
    json!({"error": {"message": message, "type": kind, "param": null, "code": null}})
}

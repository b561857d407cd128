//! OpenAI Chat Completions (`/chat/completions`; the OpenAI SDKs, the
//! Agents SDK's chat model, LiteLLM, vLLM, Ollama…): a `role: "tool"`
//! message answers one of the assistant's `tool_calls` by
//! `tool_call_id`; its `content` is a string or a list of text parts.
//! The legacy `role: "function"` message answers a `function_call` by name.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{
    Call, Calls, Dialect, Found, Looping, MAX_ARGS, Mixed, OurTool, set, sse_event, str_of,
};
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
    &[Seg::Key("tools")],
    &[Seg::Key("tools"), Seg::Any],
    &[Seg::Key("tools"), Seg::Any, Seg::Key("function")],
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

    fn looping(&self) -> Option<&dyn Looping> {
        Some(self)
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

impl Looping for Chat {
    fn history(&self) -> &'static str {
        "messages"
    }

    fn tool_def(&self, tool: &OurTool) -> Value {
        json!({"type": "function", "function": {
            "name": tool.name, "description": tool.description, "parameters": tool.schema}})
    }

    fn offered(&self, root: Val<'_>) -> Vec<String> {
        root.get("tools")
            .into_iter()
            .flat_map(|t| t.children())
            .filter_map(|t| t.get("function").map(|f| str_of(f, "name")))
            .collect()
    }

    fn calls(&self, answer: &Value) -> Vec<Call> {
        message(answer)
            .and_then(|m| m["tool_calls"].as_array())
            .into_iter()
            .flatten()
            .map(|c| Call {
                id: c["id"].as_str().unwrap_or_default().into(),
                name: c["function"]["name"].as_str().unwrap_or_default().into(),
                args: c["function"]["arguments"].as_str().unwrap_or("{}").into(),
            })
            .collect()
    }

    fn turn(&self, answer: &Value) -> Vec<Value> {
        let Some(message) = message(answer).and_then(Value::as_object) else {
            return vec![];
        };
        // The message as an input: what the API returns beside it
        // (annotations, a null refusal or audio) is not a message field.
        let mut turn = serde_json::Map::new();
        for (key, value) in message {
            let output_only =
                matches!(key.as_str(), "annotations") || (value.is_null() && key != "content");
            if !output_only {
                turn.insert(key.clone(), value.clone());
            }
        }
        vec![Value::Object(turn)]
    }

    fn answers(&self, results: &[(Call, String)]) -> Vec<Value> {
        results
            .iter()
            .map(|(call, text)| json!({"role": "tool", "tool_call_id": call.id, "content": text}))
            .collect()
    }

    fn strip(&self, answer: &mut Value, ours: &dyn Fn(&str) -> bool) {
        let Some(choice) = answer["choices"].get_mut(0) else {
            return;
        };
        let Some(message) = choice.get_mut("message").and_then(Value::as_object_mut) else {
            return;
        };
        if let Some(calls) = message.get_mut("tool_calls").and_then(Value::as_array_mut) {
            calls.retain(|c| !ours(c["function"]["name"].as_str().unwrap_or_default()));
            if calls.is_empty() {
                message.remove("tool_calls");
                set(choice, "finish_reason", json!("stop"));
            }
        }
    }

    fn mixed(&self, answer: &Value, _: &[Call], results: &[(Call, String)]) -> Mixed {
        Mixed {
            replace: self.turn(answer),
            after: self.answers(results),
            into_next: vec![],
        }
    }

    fn answer_key(&self, answer: &Value) -> Option<String> {
        let message = message(answer)?;
        if let Some(id) = message["tool_calls"][0]["id"].as_str() {
            return Some(format!("call:{id}"));
        }
        message["content"].as_str().map(super::text_key)
    }

    fn item_key(&self, item: Val<'_>) -> Option<String> {
        if str_of(item, "role") != "assistant" {
            return None;
        }
        let first = item.get("tool_calls").and_then(|c| c.children().next());
        if let Some(call) = first {
            return Some(format!("call:{}", str_of(call, "id")));
        }
        item.get("content")
            .and_then(|c| c.str_upto(MAX_ARGS))
            .map(|t| super::text_key(&t))
    }

    fn render_sse(&self, answer: &Value, request: Val<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        let chunk = |choices: Value| {
            json!({"id": answer["id"], "object": "chat.completion.chunk",
                   "created": answer["created"], "model": answer["model"], "choices": choices})
        };
        let choice = &answer["choices"][0];
        let message = &choice["message"];
        let delta =
            |delta: Value| chunk(json!([{"index": 0, "delta": delta, "finish_reason": null}]));
        sse_event(
            &mut out,
            None,
            &delta(json!({"role": "assistant", "content": ""})),
        );
        if let Some(text) = message["content"].as_str().filter(|t| !t.is_empty()) {
            sse_event(&mut out, None, &delta(json!({"content": text})));
        }
        for (index, call) in message["tool_calls"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let mut call = call.clone();
            set(&mut call, "index", json!(index));
            sse_event(&mut out, None, &delta(json!({"tool_calls": [call]})));
        }
        sse_event(
            &mut out,
            None,
            &chunk(json!([{"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}])),
        );
        let include_usage = request
            .get("stream_options")
            .and_then(|o| serde_json::from_slice::<Value>(&o.raw().to_bytes()).ok())
            .is_some_and(|o| o["include_usage"] == true);
        if include_usage {
            let mut usage = chunk(json!([]));
            set(&mut usage, "usage", answer["usage"].clone());
            sse_event(&mut out, None, &usage);
        }
        out.extend_from_slice(b"data: [DONE]\n\n");
        out
    }
}

fn message(answer: &Value) -> Option<&Value> {
    answer["choices"].get(0).map(|c| &c["message"])
}

//! OpenAI Responses (`/responses`, `/responses/input_tokens`,
//! `/responses/compact`; Codex, opencode's OpenAI provider, the Agents
//! SDK): `input` items that carry a client tool's output —
//! `function_call_output` and `custom_tool_call_output` (a string, or a list
//! of `input_text`, `input_image`, `input_file` parts), `local_shell_call_output`
//! (a string), `shell_call_output` (`stdout` and `stderr` of each command) —
//! answer the `function_call`, `custom_tool_call`, `local_shell_call` and
//! `shell_call` items by `call_id` (a local shell call's output by its `id`).
//! Reasoning items and their `encrypted_content` are never touched.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::chat::openai_error;
use super::{
    Call, Calls, Dialect, Found, Looping, MAX_ARGS, Mixed, OurTool, Replacement, Text, json_of,
    set, sse_event, str_of,
};
use crate::gateway::json::{Seg, Val};

pub struct Responses;

const PATHS: &[&[Seg]] = &[
    &[Seg::Key("input")],
    &[Seg::Key("input"), Seg::Any],
    &[Seg::Key("input"), Seg::Any, Seg::Key("output")],
    &[Seg::Key("input"), Seg::Any, Seg::Key("output"), Seg::Any],
    &[Seg::Key("tools")],
    &[Seg::Key("tools"), Seg::Any],
];

impl Dialect for Responses {
    fn name(&self) -> &'static str {
        "openai-responses"
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
        let Some(input) = root.get("input") else {
            return found;
        };
        for item in input.children() {
            match str_of(item, "type").as_str() {
                "function_call" => calls.add(
                    str_of(item, "call_id"),
                    str_of(item, "name"),
                    item.get("arguments")
                        .and_then(|a| a.str_upto(MAX_ARGS))
                        .unwrap_or_else(|| "{}".into()),
                ),
                "custom_tool_call" => calls.add(
                    str_of(item, "call_id"),
                    str_of(item, "name"),
                    json!({"input": item.get("input").and_then(|i| i.str_upto(MAX_ARGS))})
                        .to_string(),
                ),
                "local_shell_call" => calls.add(
                    str_of(item, "id"),
                    "local_shell".into(),
                    json_of(item, "action", MAX_ARGS),
                ),
                "shell_call" => calls.add(
                    str_of(item, "call_id"),
                    "shell".into(),
                    json_of(item, "action", MAX_ARGS),
                ),
                "function_call_output" | "custom_tool_call_output" => {
                    found.extend(output(item, &calls));
                }
                "local_shell_call_output" => {
                    let id = str_of(item, "id");
                    let (tool, args) = calls.of(&id);
                    if let Some(out) = item.get("output").filter(|o| o.is_string()) {
                        found.push(Found {
                            call_id: id,
                            tool,
                            args,
                            texts: vec![Text::Literal(out.span())],
                            replace: out.span(),
                            with: Replacement::String,
                        });
                    }
                }
                "shell_call_output" => found.extend(shell_outputs(item, &calls)),
                _ => {}
            }
        }
        found
    }

    fn text_part(&self, message: &str) -> Value {
        json!({"type": "input_text", "text": message})
    }

    fn error(&self, status: StatusCode, message: &str) -> Value {
        openai_error(status, message)
    }

    fn looping(&self) -> Option<&dyn Looping> {
        Some(self)
    }
}

fn output(item: Val<'_>, calls: &Calls) -> Option<Found> {
    let call_id = str_of(item, "call_id");
    let (tool, args) = calls.of(&call_id);
    let out = item.get("output")?;
    let (texts, with) = super::content(out, &["input_text", "output_text"])?;
    Some(Found {
        call_id,
        tool,
        args,
        texts,
        replace: out.span(),
        with,
    })
}

/// Each command's `stdout` and `stderr` of a `shell_call_output`, each its
/// own result (the `outcome` beside them stays).
fn shell_outputs(item: Val<'_>, calls: &Calls) -> Vec<Found> {
    let call_id = str_of(item, "call_id");
    let (tool, args) = calls.of(&call_id);
    let mut found = Vec::new();
    for (k, command) in item
        .get("output")
        .into_iter()
        .flat_map(|o| o.children())
        .enumerate()
    {
        for stream in ["stdout", "stderr"] {
            if let Some(text) = command.get(stream).filter(|t| t.is_string()) {
                found.push(Found {
                    call_id: format!("{call_id}#{k}#{stream}"),
                    tool: tool.clone(),
                    args: args.clone(),
                    texts: vec![Text::Literal(text.span())],
                    replace: text.span(),
                    with: Replacement::String,
                });
            }
        }
    }
    found
}

impl Looping for Responses {
    fn history(&self) -> &'static str {
        "input"
    }

    fn tool_def(&self, tool: &OurTool) -> Value {
        json!({"type": "function", "name": tool.name, "description": tool.description,
               "parameters": tool.schema, "strict": false})
    }

    fn offered(&self, root: Val<'_>) -> Vec<String> {
        root.get("tools")
            .into_iter()
            .flat_map(|t| t.children())
            .map(|t| str_of(t, "name"))
            .collect()
    }

    fn calls(&self, answer: &Value) -> Vec<Call> {
        answer["output"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|i| i["type"] == "function_call")
            .map(|i| Call {
                id: i["call_id"].as_str().unwrap_or_default().into(),
                name: i["name"].as_str().unwrap_or_default().into(),
                args: i["arguments"].as_str().unwrap_or("{}").into(),
            })
            .collect()
    }

    fn turn(&self, answer: &Value) -> Vec<Value> {
        // Output items are input items (reasoning with its encrypted
        // content included), as the SDKs pass them back.
        answer["output"].as_array().cloned().unwrap_or_default()
    }

    fn answers(&self, results: &[(Call, String)]) -> Vec<Value> {
        results
            .iter()
            .map(|(call, text)| json!({"type": "function_call_output", "call_id": call.id, "output": text}))
            .collect()
    }

    fn strip(&self, answer: &mut Value, ours: &dyn Fn(&str) -> bool) {
        if let Some(items) = answer["output"].as_array_mut() {
            items.retain(|i| {
                !(i["type"] == "function_call" && ours(i["name"].as_str().unwrap_or_default()))
            });
        }
    }

    fn mixed(&self, answer: &Value, ours: &[Call], results: &[(Call, String)]) -> Mixed {
        let ours: Vec<Value> = answer["output"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|i| {
                i["type"] == "function_call" && ours.iter().any(|c| i["call_id"] == c.id.as_str())
            })
            .cloned()
            .chain(self.answers(results))
            .collect();
        Mixed {
            replace: vec![],
            after: ours,
            into_next: vec![],
        }
    }

    fn answer_key(&self, answer: &Value) -> Option<String> {
        let first = answer["output"].get(0)?;
        if let Some(id) = first["id"].as_str() {
            return Some(format!("id:{id}"));
        }
        if let Some(call) = first["call_id"].as_str() {
            return Some(format!("call:{call}"));
        }
        let text: Vec<&str> = first["content"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p["text"].as_str())
            .collect();
        (!text.is_empty()).then(|| super::text_key(&text.join("\n")))
    }

    fn item_key(&self, item: Val<'_>) -> Option<String> {
        let id = str_of(item, "id");
        if !id.is_empty() {
            return Some(format!("id:{id}"));
        }
        let call = str_of(item, "call_id");
        if !call.is_empty() && str_of(item, "type") == "function_call" {
            return Some(format!("call:{call}"));
        }
        None
    }

    fn render_sse(&self, answer: &Value, _: Val<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        let mut seq = 0u64;
        let mut event = |out: &mut Vec<u8>, kind: &str, mut data: Value| {
            set(&mut data, "type", json!(kind));
            set(&mut data, "sequence_number", json!(seq));
            seq += 1;
            sse_event(out, Some(kind), &data);
        };
        let mut started = answer.clone();
        set(&mut started, "status", json!("in_progress"));
        set(&mut started, "output", json!([]));
        event(&mut out, "response.created", json!({"response": started}));
        event(
            &mut out,
            "response.in_progress",
            json!({"response": started}),
        );
        for (index, item) in answer["output"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            let id = item["id"].clone();
            let mut added = item.clone();
            set(&mut added, "status", json!("in_progress"));
            match item["type"].as_str().unwrap_or_default() {
                "message" => set(&mut added, "content", json!([])),
                "function_call" => set(&mut added, "arguments", json!("")),
                _ => {}
            }
            event(
                &mut out,
                "response.output_item.added",
                json!({"output_index": index, "item": added}),
            );
            if item["type"] == "message" {
                for (part_index, part) in
                    item["content"].as_array().into_iter().flatten().enumerate()
                {
                    let at =
                        json!({"item_id": id, "output_index": index, "content_index": part_index});
                    let mut empty = part.clone();
                    if part["type"] == "output_text" {
                        set(&mut empty, "text", json!(""));
                    }
                    let with = |mut v: Value, extra: Value| {
                        for (k, x) in extra.as_object().into_iter().flatten() {
                            set(&mut v, k, x.clone());
                        }
                        v
                    };
                    event(
                        &mut out,
                        "response.content_part.added",
                        with(at.clone(), json!({"part": empty})),
                    );
                    if part["type"] == "output_text" {
                        event(
                            &mut out,
                            "response.output_text.delta",
                            with(at.clone(), json!({"delta": part["text"], "logprobs": []})),
                        );
                        event(
                            &mut out,
                            "response.output_text.done",
                            with(at.clone(), json!({"text": part["text"], "logprobs": []})),
                        );
                    }
                    event(
                        &mut out,
                        "response.content_part.done",
                        with(at, json!({"part": part})),
                    );
                }
            }
            if item["type"] == "function_call" {
                event(
                    &mut out,
                    "response.function_call_arguments.delta",
                    json!({"item_id": id, "output_index": index, "delta": item["arguments"]}),
                );
                event(
                    &mut out,
                    "response.function_call_arguments.done",
                    json!({"item_id": id, "output_index": index, "arguments": item["arguments"]}),
                );
            }
            event(
                &mut out,
                "response.output_item.done",
                json!({"output_index": index, "item": item}),
            );
        }
        let mut done = answer.clone();
        if done["status"].is_null() {
            set(&mut done, "status", json!("completed"));
        }
        event(&mut out, "response.completed", json!({"response": done}));
        out
    }
}

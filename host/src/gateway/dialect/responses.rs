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
use super::{Calls, Dialect, Found, MAX_ARGS, Replacement, Text, json_of, str_of};
use crate::gateway::json::{Seg, Val};

pub struct Responses;

const PATHS: &[&[Seg]] = &[
    &[Seg::Key("input")],
    &[Seg::Key("input"), Seg::Any],
    &[Seg::Key("input"), Seg::Any, Seg::Key("output")],
    &[Seg::Key("input"), Seg::Any, Seg::Key("output"), Seg::Any],
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

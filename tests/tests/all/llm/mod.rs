//! LLM extraction through the real component and the real HTTP providers,
//! against a scripted server on loopback speaking both wire protocols.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::llm::{ANSWER, CONTEXT, llm_runtime, one_extraction};
use crate::common::{build_log, stored};
use serde_json::{Value, json};
use tool_output::{CancellationToken, Error, ExtractOptions, Mode, Progress, ToolCall};
use tool_output_tests::llm_server::{
    Reply, Scripted, ScriptedServer, anthropic_error, anthropic_text, anthropic_tool_use,
    openai_text, openai_tool_calls,
};
use tool_output_tests::script::{
    anthropic_violation, assistant_turns, final_report, is_reduce, last_user_text, nonce,
    tool_results,
};

/// Answers every map call with what its chunk says about the error, and
/// the reduce with a synthesis.
fn chunk_model(delay: Duration) -> impl Fn(&tool_output_tests::llm_server::Recorded) -> Scripted {
    move |req| {
        let n = nonce(req);
        let text = if is_reduce(req) {
            "the build failed: error[E0433] undeclared crate `tokio`".to_string()
        } else if last_user_text(req).contains("error[E0433]") {
            "this chunk has error[E0433]: failed to resolve `tokio`".to_string()
        } else {
            "NO RELEVANT DATA FOUND\nonly Compiling lines".to_string()
        };
        Scripted::after(
            delay,
            Reply::Json(openai_text(&final_report(&n, &text), 900, 30)),
        )
    }
}

fn cl100k_tokens(text: &str) -> usize {
    tiktoken_rs::cl100k_base()
        .unwrap()
        .encode_with_special_tokens(text)
        .len()
}

mod full_chunked;
mod read_grep;

/// A read-grep model: grep, then probe the sandbox, then read, then answer.
fn sub_agent(
    anthropic: bool,
    other_handle: String,
) -> impl Fn(&tool_output_tests::llm_server::Recorded) -> Scripted {
    move |req| {
        if anthropic && let Some(problem) = anthropic_violation(req) {
            return Scripted::now(anthropic_error(400, "invalid_request_error", &problem));
        }
        let n = nonce(req);
        let handle = req.system_and_user_text();
        let handle = handle
            .split("the file ")
            .nth(1)
            .and_then(|t| t.get(..36))
            .expect("the prompt names the file")
            .to_string();
        let calls: Vec<(String, &str, Value)> = match assistant_turns(req) {
            0 => vec![(
                "c1".into(),
                "Grep",
                json!({"file": handle, "pattern": "^error", "context": 1}),
            )],
            1 => vec![
                (
                    "c2".into(),
                    "Read",
                    json!({"file": "/etc/passwd", "offset": 1, "limit": 5}),
                ),
                (
                    "c3".into(),
                    "Grep",
                    json!({"file": other_handle, "pattern": "."}),
                ),
                (
                    "c4".into(),
                    "Read",
                    json!({"file": handle, "offset": 500, "limit": 3}),
                ),
            ],
            _ => {
                let answer = final_report(&n, "error[E0433] at line 501: undeclared crate `tokio`");
                let body = if anthropic {
                    anthropic_text(&answer, 500, 40)
                } else {
                    openai_text(&answer, 500, 40)
                };
                return Scripted::now(Reply::Json(body));
            }
        };
        let body = if anthropic {
            let calls: Vec<(&str, &str, Value)> = calls
                .iter()
                .map(|(id, name, input)| (id.as_str(), *name, input.clone()))
                .collect();
            anthropic_tool_use(Some("Searching."), &calls, 400, 20)
        } else {
            let args: Vec<(String, String)> = calls
                .iter()
                .map(|(_, _, a)| (String::new(), a.to_string()))
                .collect();
            let calls: Vec<(&str, &str, &str)> = calls
                .iter()
                .zip(&args)
                .map(|((id, name, _), (_, a))| (id.as_str(), *name, a.as_str()))
                .collect();
            openai_tool_calls(&calls, 400, 20)
        };
        Scripted::now(Reply::Json(body))
    }
}

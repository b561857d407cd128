//! `--tools` with the official clients (`tests/gateway/clients.py`, the
//! OpenAI, Anthropic and Google Gen AI Python SDKs and the OpenAI Agents
//! SDK, pinned and installed by `tests/gateway/setup.sh`): the client's own
//! tool returns 2 MB with a planted line; the gateway stores it, offers
//! `tool_output`, answers the model's call of it, and the client gets the
//! model's answer with the planted line, never a call of ours. On the
//! client's next turn the upstream sees the exchange the client did not,
//! where it was. Every request reaches the upstream with the client's own
//! key, which the gateway never logs.
//!
//! The scripted upstream decides from the conversation: no tool result yet
//! → call the client's `get_log`; a handle message → call `tool_output`;
//! our answer → `FOUND: <the planted line>`; a later user turn → `NOTHING
//! ELSE`.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

use super::*;

const NEEDLE: &str = "line 31337: FATAL needle-b7 payment ledger out of balance";

/// The key every client is given (`tests/gateway/clients.py`).
const KEY: &str = "sk-client-secret-42";

/// The `thoughtSignature` the scripted Gemini model puts on its calls; like
/// Gemini 3, it refuses a history whose calls lack theirs.
const SIGNATURE: &str = "c2NyaXB0ZWQtc2lnbmF0dXJl";

fn python() -> Option<PathBuf> {
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/gateway-venv/bin/python");
    if venv.is_file() {
        return Some(venv);
    }
    tool_output_tests::suite::missing("gateway", "the SDK clients (target/gateway-venv)");
    None
}

fn clients() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/gateway/clients.py")
}

static IDS: AtomicUsize = AtomicUsize::new(0);

fn id(prefix: &str) -> String {
    format!("{prefix}{:04}", IDS.fetch_add(1, Ordering::SeqCst))
}

/// What the model does next: call `tool` with `args`, or say `text`.
enum Next {
    Call(&'static str, Value),
    Text(String),
}

/// The scripted model's decision, from the texts of the tool results and
/// the last user text; `mode`: the mode it asks `tool_output` for.
fn decide(results: &[String], tools: &[String], last_user: &str, mode: Option<&str>) -> Next {
    if last_user.starts_with("Thanks") {
        return Next::Text("NOTHING ELSE".into());
    }
    if let Some(answer) = results
        .iter()
        .find(|r| r.contains("ABSTRACT FROM TOOL OUTPUT"))
    {
        let line = answer
            .lines()
            .find(|l| l.contains("FATAL needle-b7"))
            .unwrap_or("NO NEEDLE IN THE ANSWER");
        return Next::Text(format!("FOUND: {line}"));
    }
    let handle = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    if let Some(h) = results.iter().find_map(|r| handle.captures(r)) {
        if !tools.iter().any(|t| t == "tool_output") {
            return Next::Text(format!("NO tool_output AMONG {tools:?}"));
        }
        let mut args = json!({"handle": &h[1], "extract": "the fatal needle line"});
        if let Some(mode) = mode {
            args["mode"] = json!(mode);
        }
        return Next::Call("tool_output", args);
    }
    if results.is_empty() {
        return Next::Call("get_log", json!({}));
    }
    Next::Text("NO HANDLE IN THE RESULT".into())
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts.iter().map(text_of).collect::<Vec<_>>().join("\n"),
        Value::Object(o) => o.get("text").map(text_of).unwrap_or_default(),
        _ => String::new(),
    }
}

/// Every string in a JSON value, in order.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|i| strings(i, out)),
        Value::Object(map) => map.values().for_each(|i| strings(i, out)),
        _ => {}
    }
}

/// An extraction's request (tool-output's LLM strategies, lent the
/// conversation's model by the gateway): answered in the format it asks
/// for, with the planted lines of what it reads.
fn extraction(seen: &Seen) -> Option<Answer> {
    let body = seen.json();
    let mut texts = Vec::new();
    strings(&body, &mut texts);
    let all = texts.join("\n");
    let nonce = regex::Regex::new(r"<ai-agent-([0-9a-zA-Z]+)-FINAL")
        .unwrap()
        .captures(&all)?[1]
        .to_string();
    // read-grep (what `auto` picks for 2 MB): grep first, once.
    let offers_grep = body["tools"].to_string().contains("\"Grep\"");
    let has_result = body.to_string().contains("\"tool_result\"")
        || body.to_string().contains("\"functionResponse\"")
        || body["messages"]
            .as_array()
            .is_some_and(|m| m.iter().any(|m| m["role"] == "tool"));
    if offers_grep && !has_result {
        let handle =
            regex::Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
                .unwrap()
                .find(&all)?
                .as_str()
                .to_string();
        let args = json!({"file": handle, "pattern": "needle-b7"});
        return Some(reply(seen, Next::Call("Grep", args)));
    }
    let mut lines: Vec<&str> = all
        .lines()
        .filter(|l| l.contains("FATAL needle-b7"))
        .collect();
    lines.dedup();
    let found = if lines.is_empty() {
        "NO RELEVANT DATA FOUND".to_string()
    } else {
        lines.join("\n")
    };
    let text =
        format!("<ai-agent-{nonce}-FINAL format=\"text\">\n{found}\n</ai-agent-{nonce}-FINAL>");
    Some(reply(seen, Next::Text(text)))
}

/// The model's answer to `seen` in its API (Chat Completions, Responses,
/// Gemini or Anthropic Messages, by the path): `next`, a call or a text.
fn reply(seen: &Seen, next: Next) -> Answer {
    let path = seen.path_and_query.as_str();
    let model = seen.json()["model"].clone();
    if path.ends_with("/chat/completions") {
        let (message, finish) = match next {
            Next::Call(name, args) => (
                json!({"role": "assistant", "content": null, "tool_calls": [{"id": id("call_"), "type": "function",
                       "function": {"name": name, "arguments": args.to_string()}}]}),
                "tool_calls",
            ),
            Next::Text(text) => (json!({"role": "assistant", "content": text}), "stop"),
        };
        return Answer::json(
            200,
            &json!({"id": id("chatcmpl-"), "object": "chat.completion", "created": 1, "model": model,
                    "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 2, "total_tokens": 12}}),
        );
    }
    if path.ends_with("/responses") {
        let item = match next {
            Next::Call(name, args) => {
                json!({"type": "function_call", "id": id("fc_"), "call_id": id("call_"),
                "name": name, "arguments": args.to_string(), "status": "completed"})
            }
            Next::Text(text) => {
                json!({"type": "message", "id": id("msg_"), "role": "assistant", "status": "completed",
                "content": [{"type": "output_text", "text": text, "annotations": []}]})
            }
        };
        return Answer::json(
            200,
            &json!({"id": id("resp_"), "object": "response", "created_at": 1, "status": "completed",
                    "model": model, "output": [item], "parallel_tool_calls": true,
                    "tool_choice": "auto", "tools": [],
                    "usage": {"input_tokens": 10, "output_tokens": 2, "total_tokens": 12,
                              "input_tokens_details": {"cached_tokens": 0},
                              "output_tokens_details": {"reasoning_tokens": 0}}}),
        );
    }
    if path.ends_with(":generateContent") {
        // Gemini: no call id; the call's part carries its signature.
        let part = match next {
            Next::Call(name, args) => {
                json!({"functionCall": {"name": name, "args": args}, "thoughtSignature": SIGNATURE})
            }
            Next::Text(text) => json!({"text": text}),
        };
        return Answer::json(
            200,
            &json!({"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
                    "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 2, "totalTokenCount": 12},
                    "modelVersion": "scripted", "responseId": id("resp-")}),
        );
    }
    let (block, stop) = match next {
        Next::Call(name, args) => (
            json!({"type": "tool_use", "id": id("toolu_"), "name": name, "input": args}),
            "tool_use",
        ),
        Next::Text(text) => (json!({"type": "text", "text": text}), "end_turn"),
    };
    Answer::json(
        200,
        &json!({"id": id("msg_"), "type": "message", "role": "assistant", "model": model,
                "content": [block], "stop_reason": stop, "stop_sequence": null,
                "usage": {"input_tokens": 10, "output_tokens": 2}}),
    )
}

/// The names of a request's tools: Chat Completions' `function.name`,
/// Gemini's `functionDeclarations`, else each tool's `name`.
fn tool_names(body: &Value) -> Vec<String> {
    let tools = body["tools"].as_array().into_iter().flatten();
    tools
        .flat_map(|t| match t["functionDeclarations"].as_array() {
            Some(declared) => declared.iter().map(|d| &d["name"]).collect(),
            None if t["function"].is_object() => vec![&t["function"]["name"]],
            None => vec![&t["name"]],
        })
        .filter_map(|n| n.as_str().map(String::from))
        .collect()
}

/// The scripted model, answering each API without streaming (the gateway
/// asks so with `--tools`); `mode`: the one it asks `tool_output` for.
fn model(seen: &Seen, mode: Option<&str>) -> Answer {
    if let Some(answer) = extraction(seen) {
        return answer;
    }
    let body = seen.json();
    let path = seen.path_and_query.as_str();
    if body["stream"] == true || path.contains(":streamGenerateContent") {
        return Answer::json(
            400,
            &json!({"error": {"message": "scripted: a stream was asked for"}}),
        );
    }
    let tools = tool_names(&body);
    if path.ends_with("/chat/completions") {
        let messages = body["messages"].as_array().cloned().unwrap_or_default();
        let results: Vec<String> = messages
            .iter()
            .filter(|m| m["role"] == "tool")
            .map(|m| text_of(&m["content"]))
            .collect();
        let last_user = messages
            .iter()
            .rev()
            .find(|m| m["role"] == "user")
            .map(|m| text_of(&m["content"]))
            .unwrap_or_default();
        return reply(seen, decide(&results, &tools, &last_user, mode));
    }
    if path.ends_with("/responses") {
        let input = body["input"].as_array().cloned().unwrap_or_default();
        let results: Vec<String> = input
            .iter()
            .filter(|i| i["type"] == "function_call_output")
            .map(|i| text_of(&i["output"]))
            .collect();
        let last_user = input
            .iter()
            .rev()
            .find(|i| i["role"] == "user")
            .map(|i| text_of(&i["content"]))
            .unwrap_or_default();
        return reply(seen, decide(&results, &tools, &last_user, mode));
    }
    if path.ends_with(":generateContent") {
        let contents = body["contents"].as_array().cloned().unwrap_or_default();
        // A call that went back without the signature it came with.
        let unsigned = contents.iter().any(|c| {
            let parts = c["parts"].as_array().cloned().unwrap_or_default();
            parts.iter().any(|p| p["functionCall"].is_object())
                && !parts.iter().any(|p| p["thoughtSignature"] == SIGNATURE)
        });
        if unsigned {
            return Answer::json(
                400,
                &json!({"error": {"code": 400, "status": "INVALID_ARGUMENT",
                                  "message": "scripted: a function call is missing its thought_signature"}}),
            );
        }
        let results: Vec<String> = contents
            .iter()
            .filter_map(|c| c["parts"].as_array())
            .flatten()
            .filter_map(|p| p.get("functionResponse"))
            .map(|r| text_of(&r["response"]["output"]))
            .collect();
        // The user's text when the last turn is one (not results).
        let last_user = contents
            .last()
            .filter(|c| c["role"] == "user")
            .and_then(|c| c["parts"][0]["text"].as_str())
            .unwrap_or_default();
        return reply(seen, decide(&results, &tools, last_user, mode));
    }
    // Anthropic Messages.
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let results: Vec<String> = messages
        .iter()
        .filter_map(|m| m["content"].as_array())
        .flatten()
        .filter(|b| b["type"] == "tool_result")
        .map(|b| text_of(&b["content"]))
        .collect();
    let last_user = messages
        .iter()
        .rev()
        .find(|m| {
            m["role"] == "user" && (m["content"].is_string() || m["content"][0]["type"] == "text")
        })
        .map(|m| text_of(&m["content"]))
        .unwrap_or_default();
    let last_is_result = messages
        .last()
        .is_some_and(|m| m["content"][0]["type"] == "tool_result");
    let last_user = if last_is_result {
        String::new()
    } else {
        last_user
    };
    reply(seen, decide(&results, &tools, &last_user, mode))
}

async fn run(mode: &str, history: &str) {
    run_with(mode, history, None, &[]).await;
}

/// The client of `mode`; `extract_mode`: what the model asks `tool_output`
/// for. The upstream's requests, for more checks.
async fn run_with(
    mode: &str,
    history: &str,
    extract_mode: Option<&'static str>,
    gateway_args: &[&str],
) -> Vec<Seen> {
    let Some(python) = python() else {
        return Vec::new();
    };
    let upstream = Upstream::start(move |seen| model(seen, extract_mode)).await;
    let mut args = vec!["--tools"];
    args.extend(gateway_args);
    let gateway = Gateway::start(&upstream.url, &args);
    let out = tokio::process::Command::new(python)
        .arg(clients())
        .args([mode, &gateway.url, NEEDLE])
        .env("OPENAI_AGENTS_DISABLE_TRACING", "1")
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let seen = upstream.seen();
    let context = || {
        let requests: Vec<String> = seen
            .iter()
            .map(|s| {
                String::from_utf8_lossy(&s.body)
                    .chars()
                    .take(1500)
                    .collect()
            })
            .collect();
        format!(
            "{mode}: {}\n--- client stderr\n{}\n--- upstream requests\n{}\n--- gateway log\n{}",
            stdout,
            String::from_utf8_lossy(&out.stderr),
            requests.join("\n\n"),
            gateway.log()
        )
    };
    assert!(out.status.success(), "{}", context());
    let answers: Value = serde_json::from_str(stdout.trim()).unwrap_or_default();
    let first = answers["answers"][0].as_str().unwrap_or_default();
    // The planted line, numbered as the stored output numbers it.
    assert!(
        first.starts_with("FOUND: ") && first.ends_with(NEEDLE),
        "{}",
        context()
    );
    for s in &seen {
        if String::from_utf8_lossy(&s.body).contains("<ai-agent-") {
            // An extraction's request, on the conversation's model: it
            // carries the chunks it reads.
            continue;
        }
        assert!(
            s.body.len() < 200_000,
            "a request of {} bytes went up: {}",
            s.body.len(),
            context()
        );
        let body = s.json();
        let tools = body["tools"].to_string();
        assert!(
            tools.contains("tool_output_grep"),
            "our tools are offered: {}",
            context()
        );
    }
    // The upstream answered `tool_output` in a round the client never saw.
    assert!(
        seen.iter().any(|s| String::from_utf8_lossy(&s.body)
            .contains("ABSTRACT FROM TOOL OUTPUT get_log WITH HANDLE")),
        "{}",
        context()
    );
    if answers["answers"].as_array().is_some_and(|a| a.len() == 2) {
        assert_eq!(answers["answers"][1], "NOTHING ELSE", "{}", context());
        // The client's next turn: the exchange it did not see is back where
        // it was, the same bytes the upstream got in that round.
        let (round, next) = (&seen[seen.len() - 2], &seen[seen.len() - 1]);
        let before = history_bytes(&round.body, history);
        let after = history_bytes(&next.body, history);
        assert!(
            after.starts_with(&before[..before.len() - 1]),
            "the next turn's history begins with the last round's:\n{}\n---\n{}\n{}",
            String::from_utf8_lossy(before),
            String::from_utf8_lossy(after),
            context()
        );
    }
    // Every request, an extraction's too, went up with the client's own
    // key, as its SDK sends it; the gateway's log never shows it.
    for s in &seen {
        let key = s
            .header("x-api-key")
            .or(s.header("authorization"))
            .or(s.header("x-goog-api-key"))
            .unwrap_or_default();
        assert!(
            key.ends_with(KEY),
            "{} went up with the key {key:?}: {}",
            s.path_and_query,
            context()
        );
    }
    gateway.check_log(&[KEY]);
    seen
}

/// With no model configured for tool-output, `full-chunked` runs on the
/// conversation's provider: its requests go to the upstream with the
/// client's key, in the conversation's API, on `--extract-model` (a model
/// the table knows: the scripted one's window would need more chunks than
/// an extraction may make).
async fn extraction_on_the_conversations_model(mode: &str, history: &str, model: &str) {
    let seen = run_with(
        mode,
        history,
        Some("full-chunked"),
        &["--extract-model", model],
    )
    .await;
    if seen.is_empty() {
        return;
    }
    let lent: Vec<&Seen> = seen
        .iter()
        .filter(|s| String::from_utf8_lossy(&s.body).contains("<ai-agent-"))
        .collect();
    assert!(
        !lent.is_empty(),
        "no extraction request reached the upstream"
    );
    for s in &lent {
        // With the client's key: checked by `run_with`, for every request.
        // The model: the body's, or Gemini's path's.
        let named = s.json()["model"].as_str().map(String::from).or_else(|| {
            let (_, rest) = s.path_and_query.rsplit_once("/models/")?;
            Some(rest.split_once(':')?.0.to_string())
        });
        assert_eq!(named.as_deref(), Some(model), "--extract-model");
    }
    let answered = seen
        .iter()
        .any(|s| String::from_utf8_lossy(&s.body).contains("STRATEGY:full-chunked:"));
    let abstracts: Vec<String> = seen
        .iter()
        .filter_map(|s| {
            let body = String::from_utf8_lossy(&s.body).into_owned();
            let at = body.find("ABSTRACT FROM TOOL OUTPUT")?;
            Some(body[at..(at + 200).min(body.len())].to_string())
        })
        .collect();
    assert!(
        answered,
        "the model got full-chunked's answer: {abstracts:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn full_chunked_runs_on_the_anthropic_conversations_provider_with_its_key() {
    extraction_on_the_conversations_model("anthropic", "messages", "claude-sonnet-4-5").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn full_chunked_runs_on_the_openai_conversations_provider_with_its_key() {
    extraction_on_the_conversations_model("responses", "input", "gpt-4.1").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn full_chunked_runs_on_the_gemini_conversations_provider_with_its_key() {
    extraction_on_the_conversations_model("gemini", "contents", "gemini-2.5-flash-lite").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_chat_completions_sdk_gets_the_answer_through_our_tools() {
    run("chat", "messages").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_chat_completions_sdk_streaming_gets_the_answer_through_our_tools() {
    run("chat-stream", "messages").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_responses_sdk_gets_the_answer_through_our_tools() {
    run("responses", "input").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn openai_responses_sdk_streaming_gets_the_answer_through_our_tools() {
    run("responses-stream", "input").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn anthropic_sdk_gets_the_answer_through_our_tools() {
    run("anthropic", "messages").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn anthropic_sdk_streaming_gets_the_answer_through_our_tools() {
    run("anthropic-stream", "messages").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn google_gen_ai_sdk_gets_the_answer_through_our_tools() {
    run("gemini", "contents").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn google_gen_ai_sdk_streaming_gets_the_answer_through_our_tools() {
    run("gemini-stream", "contents").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_openai_agents_sdk_agent_on_responses_gets_the_answer_through_our_tools() {
    run("agents-responses", "input").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_openai_agents_sdk_agent_on_chat_completions_gets_the_answer_through_our_tools() {
    run("agents-chat", "messages").await;
}

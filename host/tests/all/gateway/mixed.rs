//! `--tools`: a turn that calls our tools (a tail and a search across
//! outputs) and the client's at once. The client gets its own call only;
//! the gateway answers ours, and on the
//! client's next request (its own result in it) the upstream sees the turn
//! as it made it, every call paired with its result.

use serde_json::{Value, json};

use super::*;

/// Chat Completions and Anthropic: (path, first request, the upstream's
/// mixed answer, the client's next request given the answer it got).
type Case = (&'static str, Value, Value, fn(&Value, &Value) -> Value);

fn chat_case(big: &str) -> Case {
    let first = json!({"model": "m", "tools": [
            {"type": "function", "function": {"name": "get_log", "parameters": {"type": "object"}}},
            {"type": "function", "function": {"name": "other", "parameters": {"type": "object"}}}],
        "messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "get_log", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": big}]});
    let mixed = json!({"id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
            "tool_calls": [
                {"id": "ours1", "type": "function", "function": {"name": "tool_output_tail", "arguments": "HANDLE_ARGS"}},
                {"id": "ours2", "type": "function", "function": {"name": "tool_output_search", "arguments": "{\"question\": \"which output says a request was handled?\"}"}},
                {"id": "c2", "type": "function", "function": {"name": "other", "arguments": "{}"}}]}}]});
    fn next(first: &Value, answer: &Value) -> Value {
        let mut next = first.clone();
        let messages = next["messages"].as_array_mut().unwrap();
        messages.push(answer["choices"][0]["message"].clone());
        messages
            .push(json!({"role": "tool", "tool_call_id": "c2", "content": "other's small result"}));
        next
    }
    ("/v1/chat/completions", first, mixed, next)
}

fn anthropic_case(big: &str) -> Case {
    let first = json!({"model": "m", "max_tokens": 100,
        "tools": [{"name": "get_log", "input_schema": {"type": "object"}}, {"name": "other", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "get_log", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": big}]}]});
    let mixed = json!({"id": "x", "type": "message", "role": "assistant", "model": "m", "stop_reason": "tool_use",
        "content": [
            {"type": "thinking", "thinking": "both", "signature": "sig"},
            {"type": "tool_use", "id": "ours1", "name": "tool_output_tail", "input": "HANDLE_ARGS"},
            {"type": "tool_use", "id": "ours2", "name": "tool_output_search", "input": {"question": "which output says a request was handled?"}},
            {"type": "tool_use", "id": "c2", "name": "other", "input": {}}],
        "usage": {"input_tokens": 1, "output_tokens": 1}});
    fn next(first: &Value, answer: &Value) -> Value {
        let mut next = first.clone();
        let messages = next["messages"].as_array_mut().unwrap();
        messages.push(json!({"role": "assistant", "content": answer["content"]}));
        messages.push(json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "c2", "content": "other's small result"}]}));
        next
    }
    ("/v1/messages", first, mixed, next)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_turn_calling_ours_and_the_clients_tools_keeps_every_call_paired() {
    let big = big_output(100 << 10, "FATAL needle-mixed");
    // The handle a request holds (in its JSON), for our tool's arguments.
    let handle_in = regex::Regex::new(r#"handle = \\"([0-9a-f-]{36})"#).unwrap();
    for (path, first, mixed, next) in [chat_case(&big), anthropic_case(&big)] {
        let upstream = {
            let mixed = mixed.clone();
            let handle_in = handle_in.clone();
            Upstream::start(move |seen| {
                let body = String::from_utf8_lossy(&seen.body);
                let handle = handle_in
                    .captures(&body)
                    .map(|c| c[1].to_string())
                    .unwrap_or_default();
                let args = json!({"handle": handle, "lines": 3});
                let text = mixed.to_string().replace(
                    "\"HANDLE_ARGS\"",
                    &if path.ends_with("messages") {
                        args.to_string()
                    } else {
                        serde_json::to_string(&args.to_string()).unwrap()
                    },
                );
                Answer::Full {
                    status: 200,
                    headers: vec![("content-type".into(), "application/json".into())],
                    body: text.into_bytes(),
                }
            })
            .await
        };
        let gateway = Gateway::start(&upstream.url, &["--tools"]);
        let answer: Value = client()
            .post(format!("{}{path}", gateway.url))
            .body(first.to_string())
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let visible = answer.to_string();
        assert!(
            visible.contains("\"c2\""),
            "{path}: the client's call: {visible}"
        );
        assert!(!visible.contains("ours1"), "{path}: not ours: {visible}");
        client()
            .post(format!("{}{path}", gateway.url))
            .body(next(&first, &answer).to_string())
            .send()
            .await
            .unwrap();
        let seen = upstream.seen();
        assert_eq!(
            seen.len(),
            2,
            "{path}: one round each (a mixed turn is not looped on)"
        );
        let sent = seen[1].json();
        let messages = sent["messages"].as_array().unwrap();
        let text = sent.to_string();
        // The turn as the upstream made it, both calls…
        assert!(
            text.contains("ours1") && text.contains("\"c2\""),
            "{path}: {text}"
        );
        // …each with its result: ours (the tail of the stored output) and
        // the client's.
        let results: Vec<&Value> = if path.ends_with("completions") {
            messages.iter().filter(|m| m["role"] == "tool").collect()
        } else {
            messages
                .iter()
                .filter_map(|m| m["content"].as_array())
                .flatten()
                .filter(|b| b["type"] == "tool_result")
                .collect()
        };
        let ids: Vec<&str> = results
            .iter()
            .filter_map(|r| r["tool_call_id"].as_str().or(r["tool_use_id"].as_str()))
            .collect();
        assert_eq!(ids, ["c1", "ours1", "ours2", "c2"], "{path}: {text}");
        let ours = results[1]["content"].as_str().unwrap_or_default();
        assert!(
            ours.contains("request handled"),
            "{path}: our answer: {ours}"
        );
        // The search across the gateway's session finds the stored result.
        let found = results[2]["content"].as_str().unwrap_or_default();
        assert!(
            found.starts_with("SEARCH OF THE STORED OUTPUTS FOR ")
                && found.contains(": INFO request handled in "),
            "{path}: our search: {found}"
        );
        if path.ends_with("messages") {
            // Thinking and its signature stay with the turn.
            assert_eq!(messages[3]["content"][0]["signature"], "sig", "{text}");
        }
        gateway.check_log(&[]);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upstream_that_answers_nonsense_to_tools_is_relayed_not_a_panic() {
    // Shapes an upstream may give where an answer object belongs.
    let lies: Vec<&'static str> = vec![
        "[1,2,3]",
        "\"just a string\"",
        "{\"choices\": 5}",
        "{\"choices\": [7], \"content\": [1, \"x\", null]}",
        "{\"content\": [{\"type\": \"tool_use\", \"name\": \"tool_output\", \"input\": 5}], \"output\": [3, {\"type\": \"message\", \"content\": 9}]}",
        "not JSON {",
        "{\"candidates\": 5}",
        "{\"candidates\": [{\"content\": {\"parts\": \"x\"}}, 3]}",
        "{\"candidates\": [{\"content\": {\"parts\": [7, {\"functionCall\": {\"name\": \"tool_output\", \"args\": 5}}, {\"functionCall\": 1}]}}]}",
    ];
    for lie in lies {
        let upstream = Upstream::start(move |_| Answer::Full {
            status: 200,
            headers: vec![("content-type".into(), "application/json".into())],
            body: lie.as_bytes().to_vec(),
        })
        .await;
        let gateway = Gateway::start(&upstream.url, &["--tools"]);
        for (path, body) in [
            (
                "/v1/chat/completions",
                json!({"model": "m", "stream": true, "tools": [{"type": "function", "function": {"name": "f"}}], "messages": [{"role": "user", "content": "hi"}]}),
            ),
            (
                "/v1/messages",
                json!({"model": "m", "tools": [{"name": "f"}], "messages": [{"role": "user", "content": "hi"}]}),
            ),
            (
                "/v1/responses",
                json!({"model": "m", "stream": true, "tools": [{"type": "function", "name": "f"}], "input": "hi"}),
            ),
            (
                "/v1beta/models/m:streamGenerateContent?alt=sse",
                json!({"tools": [{"functionDeclarations": [{"name": "f"}]}], "contents": [{"role": "user", "parts": [{"text": "hi"}]}]}),
            ),
        ] {
            let response = client()
                .post(format!("{}{path}", gateway.url))
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let got = response.bytes().await.unwrap();
            assert!(status == 200 || status == 502, "{path} {lie}: {status}");
            assert!(!got.is_empty(), "{path} {lie}: an answer");
        }
        gateway.check_log(&[]);
    }
}

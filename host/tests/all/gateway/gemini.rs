//! `--tools` on Gemini's API (the Google GenAI SDKs, Gemini CLI): our
//! tools are one more `functionDeclarations` entry, the rounds go up as
//! `:generateContent` whatever the client asked, and the client gets the
//! model's last turn as it asked for it (SSE with `alt=sse`, else a JSON
//! array for `:streamGenerateContent`, else one answer). Gemini's calls
//! carry no `id`: every call is paired by its name, in the one user turn
//! after it.

use serde_json::{Value, json};

use super::*;

const NEEDLE: &str = "FATAL needle-gemini ledger out of balance";

/// The client's first request: its own `get_log` returned `big`.
fn first_request(big: &str) -> Value {
    json!({
        "tools": [{"functionDeclarations": [
            {"name": "get_log", "parameters": {"type": "object"}},
            {"name": "other", "parameters": {"type": "object"}}]}],
        "contents": [
            {"role": "user", "parts": [{"text": "what went wrong?"}]},
            {"role": "model", "parts": [{"functionCall": {"name": "get_log", "args": {}}, "thoughtSignature": "c2ln"}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "get_log", "response": {"output": big}}}]}]})
}

fn answer(parts: Value) -> Answer {
    Answer::json(
        200,
        &json!({"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
                "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 2, "totalTokenCount": 12},
                "modelVersion": "gemini-test"}),
    )
}

/// Every `functionResponse` of a request's contents, in order.
fn responses(body: &Value) -> Vec<Value> {
    body["contents"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["parts"].as_array())
        .flatten()
        .filter_map(|p| p.get("functionResponse").cloned())
        .collect()
}

/// The handle in a request's handle message.
fn handle_in(body: &str) -> Option<String> {
    regex::Regex::new(r#"handle = \\"([0-9a-f-]{36})"#)
        .unwrap()
        .captures(body)
        .map(|c| c[1].to_string())
}

/// The scripted model: a handle message → `tool_output` on it; our answer
/// → `FOUND: <the planted line>`; a later user turn → `NOTHING ELSE`.
fn script(seen: &Seen) -> Answer {
    script_asking(seen, None)
}

/// An extraction's request (the engine's LLM strategies on the lent
/// model): answered in its final-answer format with the planted lines it
/// was given.
fn extraction(seen: &Seen) -> Option<Answer> {
    let body = String::from_utf8_lossy(&seen.body).into_owned();
    let nonce = regex::Regex::new(r"<ai-agent-([0-9a-zA-Z]+)-FINAL")
        .unwrap()
        .captures(&body)?[1]
        .to_string();
    let found = seen.json()["contents"]
        .to_string()
        .contains("needle-gemini");
    let line = if found {
        NEEDLE
    } else {
        "NO RELEVANT DATA FOUND"
    };
    let text =
        format!("<ai-agent-{nonce}-FINAL format=\"text\">\n{line}\n</ai-agent-{nonce}-FINAL>");
    Some(answer(json!([{"text": text}])))
}

/// [`script`], asking `tool_output` for `mode`.
fn script_asking(seen: &Seen, mode: Option<&str>) -> Answer {
    if let Some(answer) = extraction(seen) {
        return answer;
    }
    let body = seen.json();
    let last_user = body["contents"]
        .as_array()
        .and_then(|c| c.last())
        .map(|c| {
            c["parts"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .unwrap_or_default();
    if last_user == "Thanks" {
        return answer(json!([{"text": "NOTHING ELSE"}]));
    }
    let results = responses(&body);
    if let Some(ours) = results.iter().find(|r| r["name"] == "tool_output") {
        let text = ours["response"]["output"].as_str().unwrap_or_default();
        let line = text
            .lines()
            .find(|l| l.contains("needle-gemini"))
            .unwrap_or("NO NEEDLE IN THE ANSWER");
        return answer(json!([{"text": format!("FOUND: {line}")}]));
    }
    match handle_in(&String::from_utf8_lossy(&seen.body)) {
        Some(handle) => {
            let mut args = json!({"extract": "the fatal needle line", "handle": handle});
            if let Some(mode) = mode {
                args["mode"] = json!(mode);
            }
            answer(json!([
                {"functionCall": {"name": "tool_output", "args": args}, "thoughtSignature": "b3Vycw=="}]))
        }
        None => answer(json!([{"text": "NO HANDLE IN THE RESULT"}])),
    }
}

/// The requests of the conversation, not those of extractions (`auto` runs
/// on the conversation's model).
fn rounds(upstream: &Upstream) -> Vec<Seen> {
    upstream
        .seen()
        .into_iter()
        .filter(|s| !String::from_utf8_lossy(&s.body).contains("<ai-agent-"))
        .collect()
}

/// The model's text in what the client got: an answer, a JSON array of
/// them, or SSE events of them.
fn text_of(got: &[u8]) -> String {
    let answers: Vec<Value> = match serde_json::from_slice::<Value>(got) {
        Ok(Value::Array(all)) => all,
        Ok(one) => vec![one],
        Err(_) => String::from_utf8_lossy(got)
            .lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .filter_map(|d| serde_json::from_str(d).ok())
            .collect(),
    };
    answers
        .iter()
        .flat_map(|a| a["candidates"][0]["content"]["parts"].as_array().cloned())
        .flatten()
        .filter_map(|p| p["text"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn gemini_clients_get_the_answer_our_tools_found_as_they_asked_for_it() {
    let big = big_output(300 << 10, NEEDLE);
    // (the client's path and query, the content type it gets)
    let asks = [
        (
            "/v1beta/models/gemini-test:streamGenerateContent?alt=sse",
            "text/event-stream",
        ),
        (
            "/v1beta/models/gemini-test:streamGenerateContent",
            "application/json",
        ),
        (
            "/v1beta/models/gemini-test:generateContent",
            "application/json",
        ),
    ];
    for (ask, content_type) in asks {
        let upstream = Upstream::start(script).await;
        let gateway = Gateway::start(&upstream.url, &["--tools"]);
        let first = first_request(&big);
        let response = client()
            .post(format!("{}{ask}", gateway.url))
            .header("x-goog-api-key", "client-key-77")
            .body(first.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{ask}");
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            content_type,
            "{ask}"
        );
        let got = response.bytes().await.unwrap();
        let text = text_of(&got);
        assert!(
            text.starts_with("FOUND: ") && text.contains(NEEDLE),
            "{ask}: {}",
            String::from_utf8_lossy(&got)
        );
        assert!(
            !String::from_utf8_lossy(&got).contains("functionCall"),
            "{ask}: no call of ours reaches the client"
        );
        let seen = rounds(&upstream);
        assert_eq!(seen.len(), 2, "{ask}: one round of ours");
        for round in &seen {
            // Each round is read whole, with the client's key.
            assert_eq!(
                round.path_and_query, "/v1beta/models/gemini-test:generateContent",
                "{ask}"
            );
            assert_eq!(round.header("x-goog-api-key"), Some("client-key-77"));
            let body = round.json();
            let declared: Vec<&str> = body["tools"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|t| t["functionDeclarations"].as_array())
                .flatten()
                .filter_map(|d| d["name"].as_str())
                .collect();
            assert!(
                declared.starts_with(&["get_log", "other"]) && declared.contains(&"tool_output"),
                "{ask}: {declared:?}"
            );
            // The 300 KB went up as its handle message, never whole.
            assert!(
                round.body.len() < 20_000,
                "{ask}: {} bytes",
                round.body.len()
            );
        }
        // The hidden round: the model's call (its signature kept), then
        // our answer, in a user turn, paired by name.
        let hidden = seen[1].json();
        let contents = hidden["contents"].as_array().unwrap();
        assert_eq!(contents.len(), 5, "{hidden}");
        assert_eq!(contents[3]["role"], "model");
        assert_eq!(contents[3]["parts"][0]["thoughtSignature"], "b3Vycw==");
        assert_eq!(contents[4]["role"], "user");
        assert_eq!(
            contents[4]["parts"][0]["functionResponse"]["name"],
            "tool_output"
        );

        // The client's next turn: the exchange it did not see is back where
        // it was, the same bytes the upstream got in that round.
        let mut next = first.clone();
        let contents = next["contents"].as_array_mut().unwrap();
        contents.push(json!({"role": "model", "parts": [{"text": text}]}));
        contents.push(json!({"role": "user", "parts": [{"text": "Thanks"}]}));
        let response = client()
            .post(format!("{}{ask}", gateway.url))
            .body(next.to_string())
            .send()
            .await
            .unwrap();
        let got = response.bytes().await.unwrap();
        assert_eq!(text_of(&got), "NOTHING ELSE", "{ask}");
        let seen = rounds(&upstream);
        assert_eq!(seen.len(), 3, "{ask}");
        let before = history_bytes(&seen[1].body, "contents");
        let after = history_bytes(&seen[2].body, "contents");
        assert!(
            after.starts_with(&before[..before.len() - 1]),
            "{ask}: the next turn's history begins with the last round's:\n{}\n---\n{}",
            String::from_utf8_lossy(before),
            String::from_utf8_lossy(after)
        );
        gateway.check_log(&["client-key-77"]);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_gemini_turn_calling_ours_and_the_clients_tools_answers_every_call_in_one_turn() {
    let big = big_output(100 << 10, NEEDLE);
    let upstream = Upstream::start(|seen| {
        let body = String::from_utf8_lossy(&seen.body);
        let handle = handle_in(&body).unwrap_or_default();
        answer(json!([
            {"functionCall": {"name": "tool_output_tail", "args": {"handle": handle, "lines": 3}}, "thoughtSignature": "Ym90aA=="},
            {"functionCall": {"name": "other", "args": {"why": "more", "again": 1}}}]))
    })
    .await;
    let gateway = Gateway::start(&upstream.url, &["--tools"]);
    let path = "/v1beta/models/gemini-test:generateContent";
    let first = first_request(&big);
    let got: Value = client()
        .post(format!("{}{path}", gateway.url))
        .body(first.to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let parts = &got["candidates"][0]["content"]["parts"];
    assert_eq!(
        parts,
        &json!([{"functionCall": {"name": "other", "args": {"why": "more", "again": 1}}}]),
        "the client gets its own call only: {got}"
    );
    // The client answers its call (its SDK may order the arguments its own
    // way).
    let mut next = first.clone();
    let contents = next["contents"].as_array_mut().unwrap();
    contents.push(json!({"role": "model", "parts": [{"functionCall": {"args": {"again": 1, "why": "more"}, "name": "other"}}]}));
    contents.push(json!({"role": "user", "parts": [{"functionResponse": {"name": "other", "response": {"output": "other's small result"}}}]}));
    client()
        .post(format!("{}{path}", gateway.url))
        .body(next.to_string())
        .send()
        .await
        .unwrap();
    let seen = upstream.seen();
    assert_eq!(seen.len(), 2, "a mixed turn is not looped on");
    let sent = seen[1].json();
    let contents = sent["contents"].as_array().unwrap();
    assert_eq!(contents.len(), 5, "{sent}");
    // The turn as the upstream made it, both calls, its signature…
    let calls: Vec<&Value> = contents[3]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.get("functionCall"))
        .map(|c| &c["name"])
        .collect();
    assert_eq!(calls, ["tool_output_tail", "other"], "{sent}");
    assert_eq!(contents[3]["parts"][0]["thoughtSignature"], "Ym90aA==");
    // …and every call answered in the one user turn after it, ours first.
    let names: Vec<&Value> = contents[4]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["functionResponse"]["name"])
        .collect();
    assert_eq!(names, ["tool_output_tail", "other"], "{sent}");
    let ours = contents[4]["parts"][0]["functionResponse"]["response"]["output"]
        .as_str()
        .unwrap_or_default();
    assert!(ours.contains("request handled"), "our answer: {ours}");
    gateway.check_log(&[]);
}

#[tokio::test(flavor = "multi_thread")]
async fn full_chunked_runs_on_the_gemini_conversations_model_with_its_key() {
    let big = big_output(300 << 10, NEEDLE);
    let upstream = Upstream::start(|seen| script_asking(seen, Some("full-chunked"))).await;
    let gateway = Gateway::start(
        &upstream.url,
        &["--tools", "--extract-model", "gemini-2.5-flash-lite"],
    );
    let got = client()
        .post(format!(
            "{}/v1beta/models/gemini-test:generateContent",
            gateway.url
        ))
        .header("x-goog-api-key", "client-key-77")
        .body(first_request(&big).to_string())
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let text = text_of(&got);
    assert!(
        text.starts_with("FOUND: ") && text.contains(NEEDLE),
        "{}",
        String::from_utf8_lossy(&got)
    );
    let seen = upstream.seen();
    let lent: Vec<&Seen> = seen
        .iter()
        .filter(|s| String::from_utf8_lossy(&s.body).contains("<ai-agent-"))
        .collect();
    assert!(
        !lent.is_empty(),
        "no extraction request reached the upstream"
    );
    for s in &lent {
        // On the conversation's provider, with its key, on --extract-model.
        assert_eq!(
            s.path_and_query,
            "/v1beta/models/gemini-2.5-flash-lite:generateContent"
        );
        assert_eq!(s.header("x-goog-api-key"), Some("client-key-77"));
        let body = s.json();
        assert!(
            body["systemInstruction"]["parts"][0]["text"].is_string(),
            "{body}"
        );
        assert!(
            body.get("model").is_none(),
            "the model is in the path: {body}"
        );
    }
    // The model got full-chunked's answer.
    assert!(
        seen.iter()
            .any(|s| String::from_utf8_lossy(&s.body).contains("STRATEGY:full-chunked:")),
        "full-chunked answered"
    );
    gateway.check_log(&["client-key-77"]);
}

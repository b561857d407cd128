//! Oversized tool results, in each API's shape, stored once and replaced by
//! their handle messages, the same bytes on every later turn: each request
//! the upstream gets begins with the bytes of the one before (the prompt
//! cache's prefix), and what is not a large tool result is as the client
//! sent it.

use serde_json::{Value, json};

use super::*;

const NEEDLE_1: &str = "FATAL needle-one: disk quota exceeded on /var/data";
const NEEDLE_2: &str = "FATAL needle-two: connection reset by peer";

/// Three turns of one conversation in an API's shape: the first ends with
/// a large result (`big1`), the second adds one more (`big2`, with
/// whatever the API lets ride beside a text), the third only text.
struct Case {
    path: &'static str,
    turns: fn(&str, &str) -> [Value; 3],
}

fn anthropic(big1: &str, big2: &str) -> [Value; 3] {
    let mut m = vec![
        json!({"role": "user", "content": "run it"}),
        json!({"role": "assistant", "content": [
            {"type": "thinking", "thinking": "let me run", "signature": "c2lnbmF0dXJl"},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "make"}}]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": big1}]}),
    ];
    let t1 = m.clone();
    m.extend([
        json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_02", "name": "mcp__s__fetch", "input": {"url": "u"}}]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_02", "is_error": true,
             "content": [
                {"type": "text", "text": big2, "cache_control": {"type": "ephemeral"}},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}]},
            {"type": "text", "text": "what failed?"}]}),
    ]);
    let t2 = m.clone();
    m.extend([
        json!({"role": "assistant", "content": [{"type": "text", "text": "the disk"}]}),
        json!({"role": "user", "content": "thanks"}),
    ]);
    let body = |m: &Vec<Value>| json!({"model": "claude-x", "max_tokens": 1024, "messages": m});
    [body(&t1), body(&t2), body(&m)]
}

fn chat(big1: &str, big2: &str) -> [Value; 3] {
    let call = |id: &str, name: &str| {
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": id, "type": "function", "function": {"name": name, "arguments": "{\"q\":1}"}}]})
    };
    let mut m = vec![
        json!({"role": "user", "content": "go"}),
        call("call_1", "big"),
        json!({"role": "tool", "tool_call_id": "call_1", "content": big1}),
    ];
    let t1 = m.clone();
    m.extend([
        call("call_2", "other"),
        json!({"role": "tool", "tool_call_id": "call_2", "content": [{"type": "text", "text": big2}]}),
    ]);
    let t2 = m.clone();
    m.extend([
        json!({"role": "assistant", "content": "the disk"}),
        json!({"role": "user", "content": "thanks"}),
    ]);
    let body = |m: &Vec<Value>| json!({"model": "gpt-x", "messages": m});
    [body(&t1), body(&t2), body(&m)]
}

fn responses(big1: &str, big2: &str) -> [Value; 3] {
    let mut m = vec![
        json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go"}]}),
        json!({"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAB-opaque"}),
        json!({"type": "function_call", "call_id": "call_1", "name": "exec_command", "arguments": "{\"cmd\":\"make\"}"}),
        json!({"type": "function_call_output", "call_id": "call_1", "output": big1}),
    ];
    let t1 = m.clone();
    m.extend([
        json!({"type": "custom_tool_call", "call_id": "call_2", "name": "apply_patch", "input": "*** Begin Patch"}),
        json!({"type": "custom_tool_call_output", "call_id": "call_2", "output": [
            {"type": "input_text", "text": big2},
            {"type": "input_image", "image_url": "data:image/png;base64,iVBOR"}]}),
    ]);
    let t2 = m.clone();
    m.push(json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "thanks"}]}));
    let body = |m: &Vec<Value>| json!({"model": "gpt-x", "stream": true, "prompt_cache_key": "conv-1", "input": m});
    [body(&t1), body(&t2), body(&m)]
}

fn gemini(big1: &str, big2: &str) -> [Value; 3] {
    let mut m = vec![
        json!({"role": "user", "parts": [{"text": "go"}]}),
        json!({"role": "model", "parts": [{"functionCall": {"id": "run_1", "name": "run_shell_command", "args": {"command": "make"}}, "thoughtSignature": "c2ln"}]}),
        json!({"role": "user", "parts": [{"functionResponse": {"id": "run_1", "name": "run_shell_command", "response": {"output": big1}}}]}),
    ];
    let t1 = m.clone();
    m.extend([
        json!({"role": "model", "parts": [{"functionCall": {"name": "lookup", "args": {}}}]}),
        json!({"role": "user", "parts": [{"functionResponse": {"name": "lookup", "response": {"rows": [big2, 1, true]}}}]}),
    ]);
    let t2 = m.clone();
    m.extend([
        json!({"role": "model", "parts": [{"text": "the disk"}]}),
        json!({"role": "user", "parts": [{"text": "thanks"}]}),
    ]);
    let body = |m: &Vec<Value>| json!({"contents": m, "generationConfig": {"temperature": 0}});
    [body(&t1), body(&t2), body(&m)]
}

const CASES: &[Case] = &[
    Case {
        path: "/v1/messages?beta=true",
        turns: anthropic,
    },
    Case {
        path: "/v1/chat/completions",
        turns: chat,
    },
    Case {
        path: "/v1/responses",
        turns: responses,
    },
    Case {
        path: "/v1beta/models/gemini-2.5-pro:generateContent",
        turns: gemini,
    },
];

#[tokio::test(flavor = "multi_thread")]
async fn each_result_is_stored_once_and_every_turn_extends_the_last_byte_for_byte() {
    let upstream = Upstream::start(|_| Answer::json(200, &json!({"ok": true}))).await;
    let gateway = Gateway::start(&upstream.url, &[]);
    let big1 = big_output(2 << 20, NEEDLE_1);
    let big2 = big_output(300 << 10, NEEDLE_2);
    let client = client();
    for (n, case) in CASES.iter().enumerate() {
        let turns = (case.turns)(&big1, &big2);
        // The last turn twice: a retry is the same request.
        for body in turns.iter().chain([&turns[2]]) {
            let response = client
                .post(format!("{}{}", gateway.url, case.path))
                .header("x-api-key", "sk-secret-key")
                .body(serde_json::to_vec(body).unwrap())
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{}", case.path);
        }
        let seen: Vec<Seen> = upstream.seen().into_iter().skip(n * 4).collect();
        assert_eq!(seen.len(), 4);
        for (turn, s) in seen.iter().enumerate() {
            let text = String::from_utf8_lossy(&s.body);
            assert!(
                !text.contains("line 4000: INFO"),
                "{} turn {turn}: a large result went up",
                case.path
            );
            assert!(text.contains("Tool output is too large ("), "{}", case.path);
        }
        for turn in 1..3 {
            let (before, now) = (&seen[turn - 1].body, &seen[turn].body);
            // The closing `]}` of the last list (and `}` of Gemini's
            // config) is where the next turn goes on.
            let cut = common_prefix(before, now);
            assert!(
                before.len() - cut <= 40 && cut > before.len() / 2,
                "{} turn {turn}: the upstream's request does not begin with the last one \
                 (they part at byte {cut} of {}): …{}",
                case.path,
                before.len(),
                String::from_utf8_lossy(
                    &before[cut.saturating_sub(100)..(cut + 100).min(before.len())]
                )
            );
        }
        assert_eq!(
            seen[3].body, seen[2].body,
            "{}: a retry is byte-identical",
            case.path
        );
        // What is not a large result is as the client sent it.
        let sent = serde_json::to_vec(&turns[2]).unwrap();
        assert!(sent.starts_with(&seen[2].body[..20]));
    }
    // Two results per API, each stored once.
    let handles = gateway.handles();
    assert_eq!(handles.len(), 8, "{handles:?}");
    // The whole output is in the session: the needle of each.
    let mut found = 0;
    for handle in &handles {
        let grep = gateway.cli(&["grep", handle, "needle-(one|two)"]);
        found += grep.matches("needle-").count();
    }
    assert_eq!(found, 8);
    gateway.check_log(&["sk-secret-key"]);
}

/// How many leading bytes two bodies share.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[tokio::test(flavor = "multi_thread")]
async fn what_rides_beside_a_result_stays_where_it_was() {
    let upstream = Upstream::start(|_| Answer::json(200, &json!({"ok": true}))).await;
    let gateway = Gateway::start(&upstream.url, &[]);
    let big = big_output(100 << 10, NEEDLE_1);
    for case in CASES {
        let body = &(case.turns)(&big, &big)[1];
        client()
            .post(format!("{}{}", gateway.url, case.path))
            .body(serde_json::to_vec(body).unwrap())
            .send()
            .await
            .unwrap();
    }
    let seen = upstream.seen();
    let message = |v: &Value| {
        let text = v.as_str().unwrap_or_default().to_string();
        assert!(text.starts_with("Tool output is too large ("), "{v}");
        text
    };
    // Anthropic: the cache marker moves onto the message, the image and
    // is_error stay, thinking and its signature are untouched.
    let a = seen[0].json();
    let result = &a["messages"][4]["content"][0];
    assert_eq!(result["is_error"], true);
    assert_eq!(result["tool_use_id"], "toolu_02");
    message(&result["content"][0]["text"]);
    assert_eq!(
        result["content"][0]["cache_control"],
        json!({"type": "ephemeral"})
    );
    assert_eq!(result["content"][1]["type"], "image");
    assert_eq!(result["content"].as_array().unwrap().len(), 2);
    assert_eq!(a["messages"][4]["content"][1]["text"], "what failed?");
    assert_eq!(a["messages"][1]["content"][0]["signature"], "c2lnbmF0dXJl");
    message(&a["messages"][2]["content"][0]["content"]);
    // Chat: a string stays a string, a list of parts a list.
    let c = seen[1].json();
    message(&c["messages"][2]["content"]);
    message(&c["messages"][4]["content"][0]["text"]);
    // Responses: the image part stays; reasoning untouched.
    let r = seen[2].json();
    message(&r["input"][3]["output"]);
    assert_eq!(r["input"][5]["output"][0]["type"], "input_text");
    message(&r["input"][5]["output"][0]["text"]);
    assert_eq!(r["input"][5]["output"][1]["type"], "input_image");
    assert_eq!(r["input"][1]["encrypted_content"], "gAAAAB-opaque");
    // Gemini: the output's own field, or the whole object as `output`.
    let g = seen[3].json();
    let first = &g["contents"][2]["parts"][0]["functionResponse"];
    assert_eq!(first["id"], "run_1");
    message(&first["response"]["output"]);
    let second = &g["contents"][4]["parts"][0]["functionResponse"];
    assert_eq!(second["name"], "lookup");
    message(&second["response"]["output"]);
    assert_eq!(g["contents"][1]["parts"][0]["thoughtSignature"], "c2ln");
    // The tool names reached the handles' metadata.
    let list = gateway.cli(&["list"]);
    for tool in [
        "Bash",
        "mcp__s__fetch",
        "big",
        "other",
        "exec_command",
        "apply_patch",
        "run_shell_command",
        "lookup",
    ] {
        assert!(list.contains(tool), "{tool} in {list}");
    }
}

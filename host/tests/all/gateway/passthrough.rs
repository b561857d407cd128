//! What the gateway does not change passes byte for byte, both ways:
//! bodies, headers and credentials going up; status, headers (`retry-after`
//! included), bodies and SSE streams coming back, as they come.

use std::io::Write;
use std::time::{Duration, Instant};

use super::*;

/// Bodies with no tool result to store, written oddly (spaces, escapes a
/// re-serializer would change, numbers past f64), one per API.
const ODD: &[(&str, &str)] = &[
    (
        "/v1/messages?beta=true",
        "{ \"model\" : \"m\",\"max_tokens\":1e999, \"messages\":[{\"role\":\"user\",\"content\":\"caf\\u00e9 \\/ \\ud83d\"}] }",
    ),
    (
        "/v1/messages/count_tokens?beta=true",
        "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}]}\n",
    ),
    (
        "/v1/chat/completions",
        "{\"model\":\"m\",\"messages\":[{\"role\":\"tool\",\"tool_call_id\":\"c\",\"content\":\"small\"}],\"n\":1.50}",
    ),
    (
        "/v1/responses",
        "{\"model\":\"m\",\"input\":[{\"type\":\"reasoning\",\"encrypted_content\":\"gAAAA\\u003d\"}]}",
    ),
    (
        "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse",
        "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\",\"thoughtSignature\":\"c2ln\"}]}]}",
    ),
];

#[tokio::test(flavor = "multi_thread")]
async fn requests_and_answers_pass_byte_for_byte_with_the_clients_credentials() {
    let answer = b"{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow \\u00e9\"}}  ".to_vec();
    let upstream = {
        let answer = answer.clone();
        Upstream::start(move |_| Answer::Full {
            status: 429,
            headers: vec![
                ("retry-after".into(), "17".into()),
                ("x-request-id".into(), "req_123".into()),
                ("content-type".into(), "application/json".into()),
            ],
            body: answer.clone(),
        })
        .await
    };
    let gateway = Gateway::start(&upstream.url, &[]);
    let client = client();
    for (path, body) in ODD {
        let response = client
            .post(format!("{}{path}", gateway.url))
            .header("x-api-key", "sk-ant-secret-1")
            .header("authorization", "Bearer tok-secret-2")
            .header("anthropic-beta", "a,b")
            .header("x-goog-api-key", "AIza-secret-3")
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 429, "{path}");
        assert_eq!(response.headers()["retry-after"], "17");
        assert_eq!(response.headers()["x-request-id"], "req_123");
        assert_eq!(response.bytes().await.unwrap(), answer, "{path}");
    }
    let seen = upstream.seen();
    assert_eq!(seen.len(), ODD.len());
    for ((path, body), seen) in ODD.iter().zip(&seen) {
        assert_eq!(seen.method, "POST");
        assert_eq!(seen.path_and_query, *path);
        assert_eq!(seen.body, body.as_bytes(), "{path}: the body unchanged");
        assert_eq!(seen.header("x-api-key"), Some("sk-ant-secret-1"));
        assert_eq!(seen.header("authorization"), Some("Bearer tok-secret-2"));
        assert_eq!(seen.header("anthropic-beta"), Some("a,b"));
        assert_eq!(seen.header("x-goog-api-key"), Some("AIza-secret-3"));
        assert_eq!(
            seen.header("host"),
            Some(upstream.url.trim_start_matches("http://"))
        );
    }
    gateway.check_log(&["sk-ant-secret-1", "tok-secret-2", "AIza-secret-3"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_sse_stream_arrives_as_it_is_sent() {
    let events: Vec<Vec<u8>> = vec![
        b"event: message_start\ndata: {\"type\":\"message_start\"}\n\n".to_vec(),
        b"event: ping\r\ndata: {\"type\": \"ping\"}\r\n\r\n".to_vec(),
        b": a comment\n\nevent: content_block_delta\ndata: {\"delta\":{\"text\":\"h\\u00e9\"}}\n\n"
            .to_vec(),
        b"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n".to_vec(),
    ];
    let pause = Duration::from_millis(400);
    let upstream = {
        let events = events.clone();
        Upstream::start(move |_| Answer::Sse(events.iter().map(|e| (pause, e.clone())).collect()))
            .await
    };
    let gateway = Gateway::start(&upstream.url, &[]);
    let started = Instant::now();
    let mut response = client()
        .post(format!("{}/v1/messages", gateway.url))
        .body("{\"stream\":true,\"messages\":[]}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut received = Vec::new();
    let mut first = None;
    while let Some(chunk) = response.chunk().await.unwrap() {
        first.get_or_insert(started.elapsed());
        received.extend_from_slice(&chunk);
    }
    assert_eq!(received, events.concat(), "byte for byte");
    // The first event came as it was sent, not once the stream ended.
    assert!(
        first.unwrap() < pause * 3,
        "first event after {:?}",
        first.unwrap()
    );
    assert!(started.elapsed() >= pause * 4);
}

#[tokio::test(flavor = "multi_thread")]
async fn compressed_request_bodies_go_up_decoded() {
    let upstream = Upstream::start(|_| Answer::json(200, &serde_json::json!({"ok": true}))).await;
    let gateway = Gateway::start(&upstream.url, &[]);
    let body = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(body.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let zs = zstd::stream::encode_all(body.as_bytes(), 3).unwrap();
    for (encoding, bytes) in [("gzip", gz), ("zstd", zs)] {
        let response = client()
            .post(format!("{}/v1/messages", gateway.url))
            .header("content-encoding", encoding)
            .body(bytes)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{encoding}");
    }
    for seen in upstream.seen() {
        assert_eq!(seen.body, body.as_bytes());
        assert_eq!(seen.header("content-encoding"), None);
        assert_eq!(
            seen.header("content-length"),
            Some(&*body.len().to_string())
        );
    }
    // What does not decode, or an encoding the gateway does not know, is
    // refused in the API's own format, and goes nowhere.
    for (encoding, status) in [("gzip", 400), ("br", 415)] {
        let response = client()
            .post(format!("{}/v1/messages", gateway.url))
            .header("content-encoding", encoding)
            .body("not compressed")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), status);
        let error: serde_json::Value = response.json().await.unwrap();
        assert_eq!(error["type"], "error", "{error}");
        assert!(
            error["error"]["message"]
                .as_str()
                .unwrap()
                .contains("tool-output gateway"),
            "{error}"
        );
    }
    assert_eq!(upstream.seen().len(), 2);
}

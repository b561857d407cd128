//! Bad input on either side: the client gets the upstream's own answer or
//! a clear error in its API's format, nothing is lost, the gateway keeps
//! serving, and no credential reaches its log.

use std::time::Duration;

use serde_json::{Value, json};

use super::*;

async fn post(url: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    let response = client().post(url).body(body).send().await.unwrap();
    let status = response.status().as_u16();
    let body = response.bytes().await.unwrap();
    (
        status,
        serde_json::from_slice(&body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into())),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_that_is_not_json_goes_up_as_it_is_and_its_answer_comes_back() {
    let upstream = Upstream::start(|_| {
        Answer::json(
            400,
            &json!({"type": "error", "error": {"type": "invalid_request_error", "message": "upstream says: bad JSON"}}),
        )
    })
    .await;
    let gateway = Gateway::start(&upstream.url, &[]);
    let odd = [
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"content\":\"x",
        "not json at all",
        "",
        "[1,2,3]",
        "{\"messages\":{\"not\":\"a list\"}}",
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":7,\"content\":{\"odd\":[1]}}]}]}",
    ];
    for body in odd {
        let (status, answer) = post(&format!("{}/v1/messages", gateway.url), body).await;
        assert_eq!(status, 400);
        assert_eq!(answer["error"]["message"], "upstream says: bad JSON");
    }
    let seen = upstream.seen();
    for (body, seen) in odd.iter().zip(&seen) {
        assert_eq!(seen.body, body.as_bytes());
    }
    gateway.check_log(&[]);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_stalled_or_refusing_upstream_is_an_error_in_the_apis_format() {
    // Nothing listens there.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let gateway = Gateway::start(&closed, &[]);
    let (status, error) = post(
        &format!(
            "{}/v1beta/models/m:generateContent?key=AIza-secret-9",
            gateway.url
        ),
        "{}",
    )
    .await;
    assert_eq!(status, 502);
    assert_eq!(error["error"]["code"], 502, "Gemini's shape: {error}");
    assert_eq!(error["error"]["status"], "UNAVAILABLE");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("could not be reached"), "{message}");
    assert!(!message.contains("AIza-secret-9"), "{message}");
    let (status, error) = post(&format!("{}/v1/chat/completions", gateway.url), "{}").await;
    assert_eq!(status, 502);
    assert_eq!(
        error["error"]["type"], "server_error",
        "OpenAI's shape: {error}"
    );
    gateway.check_log(&["AIza-secret-9"]);
    drop(gateway);

    // Stalls: the upstream never answers.
    let upstream = Upstream::start(|_| Answer::Hang).await;
    let gateway = Gateway::start(&upstream.url, &["--upstream-timeout", "1"]);
    let (status, error) = post(&format!("{}/v1/messages", gateway.url), "{}").await;
    assert_eq!(status, 504);
    assert_eq!(error["type"], "error", "Anthropic's shape: {error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("--upstream-timeout"),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_goes_away_cancels_the_upstream_call() {
    let upstream = Upstream::start(|_| Answer::Hang).await;
    let gateway = Gateway::start(&upstream.url, &[]);
    client();
    let impatient = reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_millis(500))
        .build()
        .unwrap();
    let sent = impatient
        .post(format!("{}/v1/messages", gateway.url))
        .body("{\"stream\":true}")
        .send()
        .await;
    assert!(sent.is_err(), "the client gave up");
    let mut waited = Duration::ZERO;
    while upstream.abandoned() == 0 && waited < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    assert_eq!(upstream.abandoned(), 1, "the upstream call was dropped");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_is_relayed_as_the_client_reads_it() {
    let upstream = Upstream::start(|_| Answer::Flood(64 << 20)).await;
    let gateway = Gateway::start(&upstream.url, &[]);
    let mut response = client()
        .post(format!("{}/v1/responses", gateway.url))
        .body("{}")
        .send()
        .await
        .unwrap();
    let mut total = 0;
    while let Some(chunk) = response.chunk().await.unwrap() {
        total += chunk.len();
    }
    assert!(total >= 64 << 20);
}

/// The status of a POST of `path` exactly as written.
async fn raw_status(url: &str, path: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = url.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn paths_hosts_sizes_websockets_and_tokens_are_checked() {
    let upstream = Upstream::start(|_| Answer::json(200, &json!({"ok": true}))).await;
    let gateway = Gateway::start(&upstream.url, &["--max-body-mb", "1"]);
    // A path no API serves.
    let (status, error) = post(&format!("{}/nothing/here", gateway.url), "{}").await;
    assert_eq!(status, 404);
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no model API")
    );
    // Too large.
    let (status, error) = post(
        &format!("{}/v1/messages", gateway.url),
        vec![b' '; (1 << 20) + 1],
    )
    .await;
    assert_eq!(status, 413);
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("--max-body-mb")
    );
    // A page in a browser naming another host (DNS rebinding).
    let response = client()
        .post(format!("{}/v1/messages", gateway.url))
        .header("host", "evil.example")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    // A WebSocket: refused plainly, so the client falls back to HTTP.
    let response = client()
        .get(format!("{}/v1/responses", gateway.url))
        .header("connection", "Upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    // A path that climbs out of the upstream's prefix (sent raw: a URL
    // library would resolve it first).
    for path in [
        "/v1/%2e%2e/messages",
        "/v1/../messages",
        "/v1/%2E%2e/x/messages",
    ] {
        assert_eq!(raw_status(&gateway.url, path).await, 400, "{path}");
    }
    // The lend endpoint (mcp serve's way to the conversation's model)
    // wants this run's secret, which only the lend file under the root has.
    let (status, _) = post(&format!("{}/_tool-output/llm", gateway.url), "{}").await;
    assert_eq!(status, 401);
    let response = client()
        .post(format!("{}/_tool-output/llm", gateway.url))
        .header("x-tool-output-lend", "not-this-runs-secret")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401, "a wrong secret is refused too");
    let lend: Value =
        serde_json::from_slice(&std::fs::read(gateway.root.join("gateway/gateway.json")).unwrap())
            .unwrap();
    let response = client()
        .post(format!("{}/_tool-output/llm", gateway.url))
        .header("x-tool-output-lend", lend["secret"].as_str().unwrap())
        .body(r#"{"messages": [{"role": "user", "content": "hi"}]}"#)
        .send()
        .await
        .unwrap();
    // No conversation seen yet: nothing to lend.
    assert_eq!(response.status(), 502);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error"]["kind"], "not-configured");
    assert!(upstream.seen().is_empty(), "none of these went up");
    drop(gateway);

    // Beyond loopback only with a token.
    let root = crate::common::root("gateway");
    let out = crate::common::run(
        &root,
        &[
            "gateway",
            "--listen",
            "0.0.0.0:0",
            "--upstream",
            &upstream.url,
        ],
        b"",
    );
    assert!(!out.status.success());
    assert!(crate::common::stderr(&out).contains("--token"));
    let token = "tok-0123456789abcdef";
    let gateway = Gateway::start(&upstream.url, &["--token", token]);
    let (status, _) = post(&format!("{}/v1/messages", gateway.url), "{}").await;
    assert_eq!(status, 401);
    let response = client()
        .post(format!("{}/v1/messages", gateway.url))
        .header("x-tool-output-token", token)
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (status, _) = post(
        &format!("{}/t/{token}/v1/messages?beta=true", gateway.url),
        "{}",
    )
    .await;
    assert_eq!(status, 200);
    let seen = upstream.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[1].path_and_query, "/v1/messages?beta=true");
    assert!(
        seen.iter()
            .all(|s| s.header("x-tool-output-token").is_none())
    );
    gateway.check_log(&[token]);
}

//! `tool-output gateway`: what it adds to a request's round trip and to its
//! first byte, against the same requests sent straight to the upstream (a
//! scripted one on loopback, answering at once), and that what it does not
//! change passes byte for byte (`gateway`); its peak memory for one
//! request of 300 MB, the release binary as a child (`gateway-memory`).

use std::io::BufRead;
use std::process::Stdio;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use clap::Parser;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Frame;
use serde_json::json;

use super::*;

/// What the upstream got last, and how it answers.
#[derive(Default)]
struct Seen {
    last: Mutex<Vec<u8>>,
}

type Out = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// An upstream on loopback: JSON at once, or (`/sse`) a first event at once
/// and the rest 100 ms later.
async fn upstream(seen: Arc<Seen>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let seen = seen.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(
                    move |req: hyper::Request<hyper::body::Incoming>| {
                        let seen = seen.clone();
                        async move {
                            let sse = req.uri().query() == Some("sse");
                            let body = req
                                .into_body()
                                .collect()
                                .await
                                .map(|b| b.to_bytes())
                                .unwrap_or_default();
                            *seen.last.lock().unwrap() = body.to_vec();
                            let out: Out = if sse {
                                let pieces =
                                    vec![(0u64, SSE_FIRST.to_vec()), (100, SSE_REST.to_vec())];
                                let stream = futures::stream::unfold(
                                    pieces.into_iter(),
                                    |mut p| async move {
                                        let (ms, piece) = p.next()?;
                                        tokio::time::sleep(Duration::from_millis(ms)).await;
                                        Some((Ok(Frame::data(Bytes::from(piece))), p))
                                    },
                                );
                                StreamBody::new(stream).boxed()
                            } else {
                                Full::new(Bytes::from_static(ANSWER)).boxed()
                            };
                            Ok::<_, std::convert::Infallible>(hyper::Response::new(out))
                        }
                    },
                );
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    url
}

const ANSWER: &[u8] = br#"{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}"#;
const SSE_FIRST: &[u8] = b"event: message_start\ndata: {\"type\":\"message_start\"}\n\n";
const SSE_REST: &[u8] = b"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

/// A Claude-Code-like request: `turns` tool calls, each result `small`
/// bytes, every fifth `large` bytes (over the store threshold).
fn conversation(turns: usize, small: usize, large: usize) -> Vec<u8> {
    let mut messages = vec![json!({"role": "user", "content": "fix the build"})];
    for i in 0..turns {
        let size = if i % 5 == 4 { large } else { small };
        messages.push(json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": format!("toolu_{i:04}"), "name": "Bash", "input": {"command": format!("make step{i}")}}]}));
        messages.push(json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": format!("toolu_{i:04}"), "content": mixed_text(size)}]}));
    }
    serde_json::to_vec(&json!({"model": "claude-sonnet-4-5", "max_tokens": 4096,
        "system": [{"type": "text", "text": "You are a coding agent."}], "messages": messages}))
    .unwrap()
}

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    gateway: tool_output::gateway::GatewayArgs,
}

/// The gateway on this process's runtime; its address.
async fn gateway(rt: &Runtime, upstream: &str) -> String {
    let args =
        Args::parse_from(["gateway", "--listen", "127.0.0.1:0", "--upstream", upstream]).gateway;
    let session = rt.session().unwrap();
    let lending = args.lending().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let _ = args
            .execute(session, lending, None, move |addr| {
                let _ = tx.send(addr);
            })
            .await;
    });
    format!("http://{}", rx.await.unwrap())
}

/// Median round trip of `body` to `url` over `runs` requests (one
/// connection kept, as clients do).
async fn median_trip(client: &reqwest::Client, url: &str, body: &[u8], runs: usize) -> Duration {
    let mut samples = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let response = client.post(url).body(body.to_vec()).send().await.unwrap();
        let _ = response.bytes().await.unwrap();
        samples.push(started.elapsed());
    }
    median(samples)
}

/// Median time to the first byte of an SSE answer.
async fn median_first_byte(
    client: &reqwest::Client,
    url: &str,
    runs: usize,
) -> (Duration, Vec<u8>) {
    let mut samples = Vec::new();
    let mut all = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let mut response = client
            .post(url)
            .body("{\"stream\":true,\"messages\":[]}")
            .send()
            .await
            .unwrap();
        let mut first = None;
        all.clear();
        while let Some(chunk) = response.chunk().await.unwrap() {
            first.get_or_insert(started.elapsed());
            all.extend_from_slice(&chunk);
        }
        samples.push(first.unwrap());
    }
    (median(samples), all)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub(crate) async fn bench_gateway(rt: &Runtime) {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let seen = Arc::new(Seen::default());
    let up = upstream(seen.clone()).await;
    let gw = gateway(rt, &up).await;
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let cases = [
        (
            "a 3 KB request, nothing to store",
            conversation(1, 1_000, 1_000),
        ),
        (
            "turn 40 of a conversation (600 KB: 32 results of 8 KB, 8 of 40 KB stored on the first turn)",
            conversation(40, 8 << 10, 40 << 10),
        ),
    ];
    const RUNS: usize = 31;
    for (what, body) in &cases {
        let direct_url = format!("{up}/v1/messages");
        let via_url = format!("{gw}/v1/messages");
        // Warm: connections, and the gateway's stores of this conversation.
        median_trip(&client, &direct_url, body, 3).await;
        let first = Instant::now();
        median_trip(&client, &via_url, body, 1).await;
        let first = first.elapsed();
        median_trip(&client, &via_url, body, 2).await;
        let direct = median_trip(&client, &direct_url, body, RUNS).await;
        let via = median_trip(&client, &via_url, body, RUNS).await;
        println!(
            "gateway, {what}: {:.2} ms straight, {:.2} ms through the gateway: +{:.2} ms a request (median of {RUNS}; the first, which stores: {:.0} ms)",
            ms(direct),
            ms(via),
            ms(via.saturating_sub(direct)),
            ms(first),
        );
    }
    // Byte for byte: a body with nothing to store reaches the upstream as sent.
    let small = &cases[0].1;
    client
        .post(format!("{gw}/v1/messages"))
        .body(small.clone())
        .send()
        .await
        .unwrap();
    let exact = *seen.last.lock().unwrap() == *small;
    let (direct_fb, direct_bytes) =
        median_first_byte(&client, &format!("{up}/v1/messages?sse"), RUNS).await;
    let (via_fb, via_bytes) =
        median_first_byte(&client, &format!("{gw}/v1/messages?sse"), RUNS).await;
    println!(
        "gateway, first byte of an SSE answer: {:.2} ms straight, {:.2} ms through the gateway: +{:.2} ms; request passed byte for byte: {exact}; stream byte for byte: {}",
        ms(direct_fb),
        ms(via_fb),
        ms(via_fb.saturating_sub(direct_fb)),
        direct_bytes == via_bytes
    );
}

/// The release binary's peak for one request holding one 300 MB result.
pub(crate) async fn bench_gateway_memory() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace().join("target"), PathBuf::from);
    let bin = target.join("release/tool-output");
    if !bin.is_file() {
        println!("gateway memory: skipped (run `cargo build --release -p tool-output` first)");
        return;
    }
    let seen = Arc::new(Seen::default());
    let up = upstream(seen.clone()).await;
    let root =
        std::env::temp_dir().join(format!("tool-output-bench-gateway-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    for mb in [100usize, 300] {
        // A gateway of its own for each size: the peak is the process's.
        let mut child = Command::new(&bin)
            .arg("--root")
            .arg(&root)
            .args(["gateway", "--listen", "127.0.0.1:0", "--upstream", &up])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let gw = line.trim().trim_start_matches("listening on ").to_string();
        let result = mixed_text(mb << 20);
        let body = serde_json::to_vec(&json!({"model": "claude-sonnet-4-5", "messages": [
            {"role": "assistant", "content": [{"type": "tool_use", "id": format!("toolu_{mb}"), "name": "Bash", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": format!("toolu_{mb}"), "content": result}]}]}))
        .unwrap();
        drop(result);
        let size = body.len() as f64 / (1 << 20) as f64;
        let before = super::mcp::peak_rss_mb(child.id());
        let started = Instant::now();
        let response = client
            .post(format!("{gw}/v1/messages"))
            .body(body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let _ = response.bytes().await;
        let took = started.elapsed();
        let peak = super::mcp::peak_rss_mb(child.id());
        let went_up = seen.last.lock().unwrap().len();
        println!(
            "gateway memory, one request of {size:.0} MB (one tool result): peak RSS {peak:.0} MB, {:.2}x the request ({before:.0} MB before it: {:.2}x over that); {status}, {went_up} bytes went up; {:.1} s",
            peak / size,
            (peak - before) / size,
            took.as_secs_f64()
        );
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = std::fs::remove_dir_all(&root);
}

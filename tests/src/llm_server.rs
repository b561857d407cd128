//! Scripted LLM HTTP server for integration tests.
//!
//! A [`ScriptedServer`] listens on `127.0.0.1:0`, records every request and
//! answers with whatever the test's script returns. Helpers build replies in
//! the OpenAI Chat Completions and Anthropic Messages wire formats.

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{HeaderName, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::task::{JoinHandle, JoinSet};

/// One request as received by the server.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// URI path, without the query string.
    pub path: String,
    /// Headers in arrival order; names are lowercase.
    pub headers: Vec<(String, String)>,
    /// Parsed JSON body, or `Value::String` of the lossy text if not JSON.
    pub body: Value,
    /// When the full request body had been read.
    pub received_at: Instant,
    /// 0-based position in arrival order.
    pub index: usize,
}

/// What to send back.
#[derive(Clone, Debug)]
pub enum Reply {
    /// HTTP 200 with this JSON body.
    Json(Value),
    /// Any status, headers and raw body bytes.
    Raw {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// Never answer; the connection is held until the client or server gives up.
    Hang,
}

/// A reply plus how long to wait (after recording) before sending it.
#[derive(Clone, Debug)]
pub struct Scripted {
    pub delay: Duration,
    pub reply: Reply,
}

impl Scripted {
    /// Reply immediately.
    pub fn now(reply: Reply) -> Self {
        Self::after(Duration::ZERO, reply)
    }

    /// Reply after `delay`.
    pub fn after(delay: Duration, reply: Reply) -> Self {
        Self { delay, reply }
    }
}

type Script = dyn Fn(&Recorded) -> Scripted + Send + Sync;

struct State {
    script: Box<Script>,
    requests: Mutex<Vec<Recorded>>,
    in_flight: AtomicUsize,
    peak: AtomicUsize,
    connections: AtomicUsize,
}

/// Decrements the in-flight counter when the handler finishes or is dropped.
struct InFlight<'a>(&'a State);

impl<'a> InFlight<'a> {
    fn enter(state: &'a State) -> Self {
        let now = state.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        state.peak.fetch_max(now, Ordering::SeqCst);
        Self(state)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// HTTP/1.1 test server; aborts its accept loop and all connections on drop.
pub struct ScriptedServer {
    addr: std::net::SocketAddr,
    state: Arc<State>,
    task: JoinHandle<()>,
}

impl ScriptedServer {
    /// Starts the server on the current tokio runtime. `script` is called for
    /// every request and decides the reply.
    pub async fn start(
        script: impl Fn(&Recorded) -> Scripted + Send + Sync + 'static,
    ) -> ScriptedServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("local_addr");
        let state = Arc::new(State {
            script: Box::new(script),
            requests: Mutex::new(Vec::new()),
            in_flight: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            connections: AtomicUsize::new(0),
        });
        let accept_state = state.clone();
        let task = tokio::spawn(async move {
            // Dropping this set (when the accept task is aborted) aborts every connection.
            let mut conns = JoinSet::new();
            loop {
                while conns.try_join_next().is_some() {}
                let Ok((stream, _)) = listener.accept().await else {
                    // e.g. too many open files: back off instead of spinning.
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let _ = stream.set_nodelay(true);
                accept_state.connections.fetch_add(1, Ordering::SeqCst);
                let state = accept_state.clone();
                conns.spawn(async move {
                    let svc = service_fn(move |req| handle(state.clone(), req));
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), svc)
                        .await;
                });
            }
        });
        Self { addr, state, task }
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// All recorded requests, in arrival order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Number of requests recorded so far.
    pub fn request_count(&self) -> usize {
        self.state.requests.lock().unwrap().len()
    }

    /// Maximum number of requests handled at once (headers received until the
    /// response is handed to hyper, delays included).
    pub fn peak_in_flight(&self) -> usize {
        self.state.peak.load(Ordering::SeqCst)
    }

    /// Requests being handled now (a client that gave up is not counted).
    pub fn in_flight(&self) -> usize {
        self.state.in_flight.load(Ordering::SeqCst)
    }

    /// Number of TCP connections accepted so far (checks keep-alive reuse).
    pub fn connection_count(&self) -> usize {
        self.state.connections.load(Ordering::SeqCst)
    }
}

impl Drop for ScriptedServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn handle(
    state: Arc<State>,
    req: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let _guard = InFlight::enter(&state);
    let (parts, body) = req.into_parts();
    let bytes = match body.collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(lossy(&bytes)));
    let headers = parts.headers.iter();
    let headers = headers.map(|(k, v)| (k.to_string(), lossy(v.as_bytes())));
    let mut rec = Recorded {
        path: parts.uri.path().to_string(),
        headers: headers.collect(),
        body,
        received_at: Instant::now(),
        index: 0,
    };
    {
        let mut requests = state.requests.lock().unwrap();
        rec.index = requests.len();
        requests.push(rec.clone());
    }
    let Scripted { delay, reply } = (state.script)(&rec);
    tokio::time::sleep(delay).await;
    let (status, headers, body) = match reply {
        Reply::Json(v) => (200, json_headers(), v.to_string().into_bytes()),
        Reply::Raw {
            status,
            headers,
            body,
        } => (status, headers, body),
        Reply::Hang => std::future::pending().await,
    };
    let mut resp = Response::new(Full::new(Bytes::from(body)));
    *resp.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    for (k, v) in headers {
        if let (Ok(k), Ok(v)) = (
            HeaderName::from_bytes(k.as_bytes()),
            HeaderValue::from_str(&v),
        ) {
            resp.headers_mut().append(k, v);
        }
    }
    Ok(resp)
}

impl Recorded {
    /// Value of the first header with this (case-insensitive) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }

    /// All text of an OpenAI or Anthropic request body (system prompt, message
    /// contents, text blocks, tool results), joined by newlines.
    pub fn system_and_user_text(&self) -> String {
        let mut out = Vec::new();
        collect_text(&self.body["system"], &mut out);
        if let Some(messages) = self.body["messages"].as_array() {
            for m in messages {
                collect_text(&m["content"], &mut out);
            }
        }
        out.join("\n")
    }
}

fn collect_text(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|i| collect_text(i, out)),
        Value::Object(o) => match o.get("type").and_then(Value::as_str) {
            Some("text") | None => collect_text(o.get("text").unwrap_or(&Value::Null), out),
            Some("tool_result") => collect_text(o.get("content").unwrap_or(&Value::Null), out),
            _ => {}
        },
        _ => {}
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json_headers() -> Vec<(String, String)> {
    vec![("content-type".into(), "application/json".into())]
}

/// `Reply::Raw` with a JSON body and `content-type: application/json`.
pub fn json_raw(status: u16, body: &Value) -> Reply {
    let body = body.to_string().into_bytes();
    let headers = json_headers();
    Reply::Raw {
        status,
        headers,
        body,
    }
}

fn unique_id(prefix: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(1);
    format!("{prefix}{:024}", NEXT.fetch_add(1, Ordering::Relaxed))
}

fn openai_response(message: Value, finish_reason: &str, prompt: u64, completion: u64) -> Value {
    let created = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    json!({
        "id": unique_id("chatcmpl-"),
        "object": "chat.completion",
        "created": created,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
        "system_fingerprint": "fp_scripted"
    })
}

/// OpenAI Chat Completions response with plain assistant text (`finish_reason: "stop"`).
pub fn openai_text(content: &str, prompt_tokens: u64, completion_tokens: u64) -> Value {
    let message = json!({"role": "assistant", "content": content, "refusal": null});
    openai_response(message, "stop", prompt_tokens, completion_tokens)
}

/// OpenAI response with tool calls `(id, name, arguments_json)` and `content: null`.
pub fn openai_tool_calls(
    calls: &[(&str, &str, &str)],
    prompt_tokens: u64,
    completion_tokens: u64,
) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .map(|(id, name, args)| json!({"id": id, "type": "function", "function": {"name": name, "arguments": args}}))
        .collect();
    let message =
        json!({"role": "assistant", "content": null, "tool_calls": calls, "refusal": null});
    openai_response(message, "tool_calls", prompt_tokens, completion_tokens)
}

fn anthropic_response(content: Vec<Value>, stop_reason: &str, input: u64, output: u64) -> Value {
    json!({
        "id": unique_id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-20250514",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": null,
        "usage": {"input_tokens": input, "output_tokens": output}
    })
}

/// Anthropic Messages response with one text block (`stop_reason: "end_turn"`).
pub fn anthropic_text(text: &str, input_tokens: u64, output_tokens: u64) -> Value {
    let content = vec![json!({"type": "text", "text": text})];
    anthropic_response(content, "end_turn", input_tokens, output_tokens)
}

/// Anthropic response with optional leading text and `tool_use` blocks `(id, name, input)`.
pub fn anthropic_tool_use(
    text: Option<&str>,
    calls: &[(&str, &str, Value)],
    input_tokens: u64,
    output_tokens: u64,
) -> Value {
    let text = text.map(|t| json!({"type": "text", "text": t}));
    let uses = calls.iter().map(
        |(id, name, input)| json!({"type": "tool_use", "id": id, "name": name, "input": input}),
    );
    let content = text.into_iter().chain(uses).collect();
    anthropic_response(content, "tool_use", input_tokens, output_tokens)
}

/// OpenAI-shaped error: `{"error":{"message","type","param","code"}}`.
pub fn openai_error(status: u16, message: &str) -> Reply {
    let (kind, code) = match status {
        401 => ("invalid_request_error", json!("invalid_api_key")),
        429 => ("requests", json!("rate_limit_exceeded")),
        500.. => ("server_error", Value::Null),
        _ => ("invalid_request_error", Value::Null),
    };
    let body = json!({"error": {"message": message, "type": kind, "param": null, "code": code}});
    json_raw(status, &body)
}

/// Anthropic-shaped error: `{"type":"error","error":{"type","message"}}`,
/// e.g. `anthropic_error(529, "overloaded_error", "Overloaded")`.
pub fn anthropic_error(status: u16, error_type: &str, message: &str) -> Reply {
    let body = json!({"type": "error", "error": {"type": error_type, "message": message}});
    json_raw(status, &body)
}

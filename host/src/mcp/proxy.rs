//! `tool-output mcp proxy -- COMMAND…`: an MCP server on stdio standing in
//! for a downstream server. Messages are relayed raw (what is not changed
//! goes through byte for byte, fields unknown to any SDK included); the
//! proxy changes only what it must: `initialize` (our capabilities added),
//! `tools/list` (our tools added), `tools/call` results (oversized parts
//! stored), and it answers calls of its own tools and resources itself.
//! Request ids are never rewritten: the proxy originates no requests.
//!
//! This file relays and rewrites; `local` answers our own tools and
//! resources; `deadlines` fails what the downstream never answers.

mod deadlines;
mod local;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures::StreamExt;
use rmcp::model::{ErrorCode, JsonObject};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_util::codec::FramedRead;

use crate::extraction::CancellationToken;

use super::downstream::{Downstream, FromDownstream};
use super::framing::{Frame, LineCodec, Outgoing, write_lines};
use super::limits::Limits;
use super::rewrite;
use super::store_result::{ResultContext, store_oversized};
use super::tools::{Tools, URI_SCHEME};

pub struct ProxyOptions {
    pub limits: Limits,
    /// How long a downstream request may go without an answer or progress.
    pub timeout: Option<Duration>,
    pub max_message_bytes: usize,
}

/// What the proxy remembers of a request it forwarded.
struct Pending {
    kind: Kind,
    method: String,
    deadline: Option<Instant>,
    progress_token: Option<String>,
}

enum Kind {
    Initialize,
    ToolsList,
    ToolsCall { name: String, args: String },
    Other,
}

pub struct Proxy {
    tools: Tools,
    options: ProxyOptions,
    up: mpsc::UnboundedSender<Outgoing>,
    down: Option<mpsc::UnboundedSender<Outgoing>>,
    gone: Option<String>,
    pending: HashMap<String, Pending>,
    /// Our own tool calls in flight, by request id.
    local: Arc<Mutex<HashMap<String, CancellationToken>>>,
    downstream_tools: bool,
    downstream_resources: bool,
    links: bool,
}

/// Run until the client closes stdin (or stops reading stdout).
pub async fn run(tools: Tools, mut downstream: Downstream, options: ProxyOptions) {
    let (up_tx, up_rx) = mpsc::unbounded_channel();
    let (stdin, stdout) = super::framing::stdio();
    let mut writer = tokio::spawn(write_lines(stdout, up_rx));
    let max = options.max_message_bytes;
    let mut client = FramedRead::with_capacity(stdin, LineCodec::new(max), 64 << 10);
    let mut proxy = Proxy {
        tools,
        options,
        up: up_tx,
        down: Some(downstream.tx.clone()),
        gone: None,
        pending: HashMap::new(),
        local: Arc::default(),
        downstream_tools: true,
        downstream_resources: true,
        links: false,
    };
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    let mut client_gone = false;
    loop {
        tokio::select! {
            frame = client.next() => match frame {
                Some(Ok(Frame::Line(line))) => proxy.on_client_message(line),
                Some(Ok(Frame::TooLong(n))) => proxy.reply_error(
                    &Value::Null, ErrorCode::INVALID_REQUEST.0,
                    &format!("a message of over {n} bytes (the limit is {max})")),
                Some(Err(_)) | None => break,
            },
            message = downstream.rx.recv(), if proxy.gone.is_none() => match message {
                Some(FromDownstream::Message(raw, value)) => proxy.on_downstream_message(raw, value),
                Some(FromDownstream::Gone(reason)) => proxy.downstream_gone(reason),
                None => proxy.downstream_gone("the downstream connection ended".into()),
            },
            _ = tick.tick() => proxy.expire(),
            _ = &mut writer => {
                client_gone = true;
                break;
            }
        }
    }
    for token in proxy
        .local
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .values()
    {
        token.cancel();
    }
    drop(proxy);
    // Answers already on their way still go out (the writer ends when the
    // last sender does), while the downstream is stopped.
    let flushed = async {
        if !client_gone {
            let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
        }
    };
    tokio::join!(flushed, downstream.shutdown());
}

impl Proxy {
    fn on_client_message(&mut self, line: Bytes) {
        let value: Value = match serde_json::from_slice(&line) {
            Ok(value) => value,
            Err(e) => {
                return self.reply_error(
                    &Value::Null,
                    ErrorCode::PARSE_ERROR.0,
                    &format!("not JSON: {e}"),
                );
            }
        };
        let method = value
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        let id = value.get("id").cloned();
        match (method.as_deref(), id) {
            (Some(method), Some(id)) => self.request(line, value.clone(), method, id),
            (Some("notifications/cancelled"), None) => {
                let key = value.pointer("/params/requestId").map(key);
                if let Some(key) = key {
                    if let Some(token) = self
                        .local
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get(&key)
                    {
                        return token.cancel();
                    }
                    self.pending.remove(&key);
                }
                self.forward(line);
            }
            _ => self.forward(line),
        }
    }

    fn request(&mut self, line: Bytes, value: Value, method: &str, id: Value) {
        let params = value.get("params");
        let kind = match method {
            "tools/call" => {
                let name = params
                    .and_then(|p| p.get("name"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let args = params.and_then(|p| p.get("arguments")).cloned();
                if Tools::is_ours(name) {
                    let args = match args {
                        Some(Value::Object(map)) => map,
                        _ => JsonObject::new(),
                    };
                    return self.call_ours(id, name.to_string(), args, progress_token(params));
                }
                let args = args.map_or_else(|| "{}".to_string(), |a| a.to_string());
                Kind::ToolsCall {
                    name: name.to_string(),
                    args,
                }
            }
            "resources/read" => {
                let uri = params
                    .and_then(|p| p.get("uri"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                if uri.starts_with(URI_SCHEME) {
                    return self.read_ours(id, uri.to_string());
                }
                Kind::Other
            }
            "tools/list" if !self.downstream_tools => {
                let tools = self.tools.definitions();
                return self.reply(&id, json!({ "tools": tools }));
            }
            "resources/list" if !self.downstream_resources => return self.list_ours(id),
            "resources/templates/list" if !self.downstream_resources => {
                return self.reply(&id, json!({ "resourceTemplates": [] }));
            }
            "initialize" | "server/discover" => Kind::Initialize,
            "tools/list" => Kind::ToolsList,
            _ => Kind::Other,
        };
        if let Some(reason) = &self.gone {
            let message = format!("tool-output proxy: {reason}");
            return self.reply_error(&id, ErrorCode::INTERNAL_ERROR.0, &message);
        }
        let pending = Pending {
            kind,
            method: method.to_string(),
            deadline: self.options.timeout.map(|t| Instant::now() + t),
            progress_token: progress_token(params),
        };
        self.pending.insert(key(&id), pending);
        self.forward(line);
    }

    fn forward(&mut self, line: Bytes) {
        if let Some(down) = &self.down {
            let _ = down.send(Outgoing::Raw(line));
        }
    }

    fn on_downstream_message(&mut self, raw: Option<Bytes>, value: Value) {
        let pass = |raw: Option<Bytes>, value: Value| match raw {
            Some(raw) => Outgoing::Raw(raw),
            None => Outgoing::Value(value),
        };
        if value.get("method").is_some() {
            if value.get("method").and_then(Value::as_str) == Some("notifications/progress") {
                self.progressed(value.pointer("/params/progressToken"));
            }
            let _ = self.up.send(pass(raw, value));
            return;
        }
        let Some(pending) = value
            .get("id")
            .map(key)
            .and_then(|k| self.pending.remove(&k))
        else {
            // An answer to nothing we wait for (e.g. after a timeout): dropped.
            return;
        };
        let mut value = value;
        match pending.kind {
            Kind::Initialize if value.get("result").is_some() => {
                self.initialized(&mut value);
                let _ = self.up.send(Outgoing::Value(value));
            }
            Kind::ToolsList if value.get("result").is_some() => {
                rewrite::add_tools(&mut value, self.tools.definitions());
                let _ = self.up.send(Outgoing::Value(value));
            }
            Kind::ToolsCall { name, args } if value.get("result").is_some() => {
                self.store_result(raw, value, name, args);
            }
            _ => {
                let _ = self.up.send(pass(raw, value));
            }
        }
    }

    fn initialized(&mut self, value: &mut Value) {
        if let Some(declared) = rewrite::add_capabilities(value) {
            self.downstream_tools = declared.tools;
            self.downstream_resources = declared.resources;
            self.links = declared.links;
        }
    }

    fn store_result(&self, raw: Option<Bytes>, mut value: Value, name: String, args: String) {
        let tools = self.tools.clone();
        let up = self.up.clone();
        let policy = self.options.limits.policy_for(&name);
        let links = self.links;
        tokio::spawn(async move {
            let result = value.get_mut("result").expect("checked");
            let cx = ResultContext {
                session: tools.session(),
                tool: &name,
                args: &args,
                policy,
                links,
            };
            let changed = store_oversized(result, &cx).await;
            let _ = up.send(match (changed, raw) {
                (false, Some(raw)) => Outgoing::Raw(raw),
                _ => Outgoing::Value(value),
            });
        });
    }

    fn reply(&self, id: &Value, result: Value) {
        let _ = self.up.send(Outgoing::Value(
            json!({"jsonrpc": "2.0", "id": id, "result": result}),
        ));
    }

    fn reply_error(&self, id: &Value, code: i32, message: &str) {
        let _ = self
            .up
            .send(Outgoing::Value(error_message(id, code, message)));
    }
}

fn error_message(id: &Value, code: i32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A request id as a map key: `1` and `"1"` are different ids.
fn key(id: &Value) -> String {
    id.to_string()
}

fn progress_token(params: Option<&Value>) -> Option<String> {
    params?.pointer("/_meta/progressToken").map(key)
}

//! `tool-output mcp proxy -- COMMAND…`: an MCP server on stdio standing in
//! for a downstream server. Messages are relayed raw (what is not changed
//! goes through byte for byte, fields unknown to any SDK included); the
//! proxy changes only what it must: `initialize` (our capabilities added),
//! `tools/list` (our tools added), `tools/call` results (oversized parts
//! stored), and it answers calls of its own tools and resources itself.
//! Request ids are never rewritten; the only requests the proxy makes of
//! its own are sampling requests to the client, with ids no server uses
//! (`proxy/sampling.rs`).
//!
//! Nothing a peer sends stops the relay or grows memory without bound:
//! both directions are queues bounded by bytes (`queue`), read from only
//! while the queue they feed has room, so a side that does not read slows
//! the side that writes; lines serde_json refuses are routed by `lenient`
//! and relayed as received; a line that is not JSON-RPC is passed over.
//! A proxy in front of another tool-output proxy defers to it.
//!
//! This file relays and rewrites; `local` answers our own tools and
//! resources; `deadlines` fails what the downstream never answers.

mod client;
mod deadlines;
mod local;
mod sampling;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use rmcp::model::ErrorCode;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::doctor::clients::ClientLog;
use crate::extraction::CancellationToken;
use crate::llm::sampling::SamplingLlm;

use super::downstream::{Downstream, FromDownstream};
use super::era::Era;
use super::jsonrpc::chunked::Chunked;
use super::jsonrpc::decode::Decoded;
use super::jsonrpc::framing::{Frame, LineReader};
use super::jsonrpc::lenient;
use super::jsonrpc::queue::{self, Outbox, write_lines};
use super::limits::Limits;
use super::rewrite;
use super::store_result::{ResultContext, store_oversized};
use super::tools::Tools;

/// Our own tool calls in flight at most; past it the client is not read
/// until one ends (they are cheap to hold, but not free).
const LOCAL_CALLS: usize = 64;

pub struct ProxyOptions {
    pub limits: Limits,
    /// How long a downstream request may go without an answer or progress.
    pub timeout: Option<Duration>,
    pub max_message_bytes: usize,
    /// Results being stored at once at most (each holds its result in
    /// memory); past it the downstream is not read until one is done.
    pub stores: usize,
    /// The engine to lend the client's model to, if it offers sampling.
    pub sampling: Option<Arc<SamplingLlm>>,
    /// Where to note whether the client offers sampling.
    pub clients: Option<ClientLog>,
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
    ResourcesList,
    ToolsCall { name: String, args: String },
    Other,
}

pub struct Proxy {
    tools: Tools,
    options: ProxyOptions,
    up: Outbox,
    down: Option<Outbox>,
    gone: Option<String>,
    pending: HashMap<String, Pending>,
    /// Our own tool calls in flight, by request id.
    local: Arc<Mutex<HashMap<String, CancellationToken>>>,
    local_calls: Arc<Semaphore>,
    stores: Arc<Semaphore>,
    downstream_tools: bool,
    downstream_resources: bool,
    links: bool,
    /// The downstream is a tool-output proxy itself: its tools, resources
    /// and stores are the ones the client uses; this one only relays.
    defer: bool,
    /// Downstream tools listed under another name (theirs collided with
    /// ours): listed name → their name.
    renamed: HashMap<String, String>,
    /// The names given so far in the listing under way (its pages).
    listed: HashSet<String>,
    /// The extraction engine that asks the client's model, when no
    /// provider is configured (`sampling`).
    sampling: Option<Arc<SamplingLlm>>,
    /// Our sampling requests waiting for the client's answer.
    sampled: sampling::Waiting,
    /// A stateless-era client was met (its first request: `met`).
    client_met: bool,
}

/// Run until the client closes stdin (or stops reading stdout).
pub async fn run(tools: Tools, mut downstream: Downstream, options: ProxyOptions) {
    let (up_tx, up_rx) = queue::queue();
    let (stdin, stdout) = super::jsonrpc::framing::stdio();
    let mut writer = tokio::spawn(write_lines(stdout, up_rx));
    let max = options.max_message_bytes;
    // An answer to our sampling request is held to its own, smaller limit.
    let mut client = LineReader::new(stdin, max)
        .with_small_lines(sampling::MAX_ANSWER_BYTES, Arc::new(sampling::answers_us));
    let stores = options.stores.max(1);
    let mut proxy = Proxy {
        tools,
        options,
        up: Outbox::new(up_tx),
        down: Some(Outbox::new(downstream.tx.clone())),
        gone: None,
        pending: HashMap::new(),
        local: Arc::default(),
        local_calls: Arc::new(Semaphore::new(LOCAL_CALLS)),
        stores: Arc::new(Semaphore::new(stores)),
        downstream_tools: true,
        downstream_resources: true,
        links: false,
        defer: false,
        renamed: HashMap::new(),
        listed: HashSet::new(),
        sampling: None,
        sampled: Arc::default(),
        client_met: false,
    };
    proxy.sampling = proxy.options.sampling.clone();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    let mut client_gone = false;
    loop {
        // A side is read only while what it may produce has room to go.
        let down_full = proxy.down.as_ref().is_some_and(Outbox::is_full);
        let read_client =
            !proxy.up.is_full() && !down_full && proxy.local_calls.available_permits() > 0;
        let read_downstream =
            proxy.gone.is_none() && !proxy.up.is_full() && proxy.stores.available_permits() > 0;
        tokio::select! {
            frame = client.next(), if read_client => match frame {
                // A client's messages are small: one buffer each.
                Ok(Some(Frame::Line(line))) => proxy.on_client_line(line.to_bytes(), true),
                Ok(Some(Frame::TooLong { len, head })) => proxy.on_client_too_long(len, &head),
                Err(_) | Ok(None) => break,
            },
            message = downstream.rx.recv(), if read_downstream => match message {
                Some(FromDownstream::Message(raw, value)) => proxy.on_downstream_message(raw, value),
                Some(FromDownstream::Opaque { raw, id }) => proxy.on_opaque(raw, id),
                Some(FromDownstream::Dropped { id, len }) => proxy.on_dropped(id, len),
                Some(FromDownstream::Gone(reason)) => proxy.downstream_gone(reason),
                None => proxy.downstream_gone("the downstream connection ended".into()),
            },
            () = proxy.up.flush(), if proxy.up.is_full() => {}
            () = flush(&mut proxy.down), if down_full => {}
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
    // Answers already on their way still go out (the writer ends when the
    // last sender does), while the downstream is stopped.
    if !client_gone {
        let _ = tokio::time::timeout(Duration::from_secs(2), proxy.up.flush()).await;
    }
    drop(proxy);
    let flushed = async {
        if !client_gone {
            let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
        }
    };
    tokio::join!(flushed, downstream.shutdown());
}

async fn flush(down: &mut Option<Outbox>) {
    if let Some(down) = down {
        down.flush().await;
    }
}

impl Proxy {
    fn on_downstream_message(&mut self, raw: Option<Chunked>, decoded: Decoded) {
        let Decoded { value, deferred } = decoded;
        // What goes up unchanged: the bytes as received; else the value,
        // its big strings spliced back from the line.
        let pass = |raw: Option<Chunked>, value: &Value| {
            raw.unwrap_or_else(|| deferred.serialize(value, false))
        };
        if value.get("method").is_some() {
            if value.get("method").and_then(Value::as_str) == Some("notifications/progress") {
                self.progressed(value.pointer("/params/progressToken"));
            }
            return self.up.push(pass(raw, &value));
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
                self.up.push(deferred.serialize(&value, false));
            }
            Kind::ToolsList if value.get("result").is_some() && !self.defer => {
                let renamed =
                    rewrite::add_tools(&mut value, self.tools.definitions(), &mut self.listed);
                self.renamed.extend(renamed);
                self.up.push(deferred.serialize(&value, false));
            }
            Kind::ToolsCall { name, args } if value.get("result").is_some() && !self.defer => {
                self.store_result(raw, Decoded { value, deferred }, name, args);
            }
            Kind::ResourcesList if is_last_page(&value) && !self.defer => {
                self.add_our_resources(Decoded { value, deferred });
            }
            _ => self.up.push(pass(raw, &value)),
        }
    }

    /// A downstream message serde_json cannot decode whole: relayed as
    /// received (an answer the proxy would have changed goes unchanged).
    fn on_opaque(&mut self, raw: Bytes, id: Option<Value>) {
        if let Some(pending) = id.as_ref().and_then(|id| self.pending.remove(&key(id)))
            && !matches!(pending.kind, Kind::Other)
        {
            tracing::error!(
                "the downstream server's answer to {} cannot be decoded whole; it is relayed unchanged",
                pending.method
            );
        }
        self.up.push(raw);
    }

    /// A downstream message over the size limit: the request it answers
    /// fails with why, at once.
    fn on_dropped(&mut self, id: Option<Value>, len: usize) {
        let max = self.options.max_message_bytes;
        match id.and_then(|id| self.pending.remove(&key(&id)).map(|p| (id, p))) {
            Some((id, pending)) => self.reply_error(
                &id,
                ErrorCode::INTERNAL_ERROR.0,
                &format!(
                    "tool-output proxy: the downstream server's answer to {} was {len} bytes, over the limit of {max} (see --max-message-bytes)",
                    pending.method
                ),
            ),
            None => tracing::error!(
                "the downstream server sent a message of {len} bytes, over the limit of {max} (see --max-message-bytes); passed over"
            ),
        }
    }

    fn initialized(&mut self, value: &mut Value) {
        if let Some(declared) = rewrite::add_capabilities(value) {
            self.downstream_tools = declared.tools;
            self.downstream_resources = declared.resources;
            self.links = declared.links;
            if declared.tool_output_proxy {
                tracing::info!("the downstream server is a tool-output proxy: deferring to it");
                self.defer = true;
            }
        }
    }

    fn store_result(&self, raw: Option<Chunked>, decoded: Decoded, name: String, args: String) {
        let Decoded {
            mut value,
            deferred,
        } = decoded;
        // Checked before the downstream was read: a permit is free.
        let Ok(permit) = self.stores.clone().try_acquire_owned() else {
            return self.up_send_later(raw.unwrap_or_else(|| deferred.serialize(&value, false)));
        };
        let tools = self.tools.clone();
        let up = self.up.sender.clone();
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
                deferred: &deferred,
            };
            let changed = store_oversized(result, &cx).await;
            drop(permit);
            let line = match (changed, raw) {
                (false, Some(raw)) => raw,
                _ => deferred.serialize(&value, false),
            };
            let _ = up.send(line).await;
        });
    }

    /// The downstream's last page of resources, ours (the stored outputs)
    /// after its own.
    fn add_our_resources(&self, decoded: Decoded) {
        let Decoded {
            mut value,
            deferred,
        } = decoded;
        let (tools, up) = (self.tools.clone(), self.up.sender.clone());
        tokio::spawn(async move {
            if let Ok(ours) = tools.resources().await
                && let Some(Value::Array(list)) = value.pointer_mut("/result/resources")
            {
                list.extend(ours.iter().filter_map(|r| serde_json::to_value(r).ok()));
            }
            let _ = up.send(deferred.serialize(&value, false)).await;
        });
    }

    fn up_send_later(&self, line: Chunked) {
        let up = self.up.sender.clone();
        tokio::spawn(async move { up.send(line).await });
    }

    /// Our own answer to a request of `era` for `method`.
    fn reply(&mut self, id: &Value, era: Era, method: &str, mut result: Value) {
        era.complete(method, &mut result);
        self.up
            .push_value(&json!({"jsonrpc": "2.0", "id": id, "result": result}));
    }

    /// A client line over its limit, dropped unread: a request fails with
    /// why; an answer to our sampling request ends that request.
    fn on_client_too_long(&mut self, len: usize, head: &[u8]) {
        let id = lenient::id_in_head(head).unwrap_or(Value::Null);
        if sampling::answers_us(head) {
            let limit = sampling::MAX_ANSWER_BYTES;
            let why = format!("an answer of {len} bytes, far over the {limit} a sample may take");
            return self.client_answer_unusable(&id, &why);
        }
        let max = self.options.max_message_bytes;
        self.reply_error(
            &id,
            ErrorCode::INVALID_REQUEST.0,
            &format!("a message of {len} bytes (the limit is {max}; see --max-message-bytes)"),
        );
    }

    fn reply_error(&mut self, id: &Value, code: i32, message: &str) {
        self.up.push_value(&error_message(id, code, message));
    }
}

fn error_message(id: &Value, code: i32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A list answer with no page after it.
fn is_last_page(value: &Value) -> bool {
    value
        .get("result")
        .is_some_and(|r| r.get("nextCursor").is_none_or(Value::is_null))
}

/// A request id as a map key: `1` and `"1"` are different ids.
fn key(id: &Value) -> String {
    id.to_string()
}

fn progress_token(params: Option<&Value>) -> Option<String> {
    params?.pointer("/_meta/progressToken").map(key)
}

//! `mcp serve`'s stdio transport for rmcp, on the proxy's line layer, so
//! that what a client sends never goes unanswered nor grows memory:
//!
//! - **Backpressure.** rmcp reads the next message while earlier answers
//!   are still being written, and spawns a task per answer; a client that
//!   does not read would fill memory with them. Here a message is read only
//!   while the output queue (bounded by bytes) has room and fewer than
//!   [`IN_FLIGHT`] requests wait for their answer.
//! - **Nothing dropped silently.** rmcp's own transport passes over a line
//!   it cannot decode, so its caller waits forever. Here a request that
//!   cannot be decoded (a lone surrogate, `1e999`, nesting past 128, a field
//!   twice, a batch member, over the size limit) is answered with an error
//!   carrying its id where the id can be read; an answer to one of our
//!   requests (a sample) that cannot be decoded, or is over its own smaller
//!   limit, reaches rmcp as an error for that id, so the request ends now.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use rmcp::model::{ErrorCode, ErrorData, JsonRpcMessage, NumberOrString, RequestId};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::mcp::jsonrpc::framing::{self, Frame, HeadTest, LineReader, StdinReader};
use crate::mcp::jsonrpc::lenient::{self, Parsed};
use crate::mcp::jsonrpc::queue::{self, Sender};

/// Requests read and not yet answered, at most; past it the client is not
/// read until one is answered.
pub const IN_FLIGHT: usize = 64;

/// The largest message a client may send.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The largest answer to one of our requests (a sample of at most 4096
/// tokens is some 16 KB): one far past it is refused before it is held.
pub const MAX_ANSWER_BYTES: usize = 1 << 20;

/// How the error this transport hands rmcp for an unusable answer to our
/// request begins (the sampler tells it from a client's own error by it).
pub const UNUSABLE: &str = "the client's answer cannot be used: ";

/// What the writer and the reader share.
struct Shared {
    /// Requests read and not answered (nor cancelled) yet, by id.
    in_flight: Mutex<HashSet<String>>,
    /// Told when one is answered.
    answered: Notify,
    /// Ids of our own requests to the client still waiting.
    ours: Mutex<HashSet<String>>,
}

pub struct StdioTransport {
    reader: LineReader<StdinReader>,
    out: Sender,
    shared: Arc<Shared>,
    /// Members of a batch not yet handed over.
    batch: VecDeque<Bytes>,
}

impl Shared {
    fn in_flight(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.in_flight.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The request `id` needs no more room: answered, or cancelled.
    fn answered(&self, id: &Value) {
        if self.in_flight().remove(&id_key(id)) {
            self.answered.notify_waiters();
        }
    }
}

/// rmcp keys ids by value; the same value of ours as a string key.
fn id_key(id: &Value) -> String {
    id.to_string()
}

fn request_id(id: &Value) -> Option<RequestId> {
    match id {
        Value::Number(n) => n.as_i64().map(NumberOrString::Number),
        Value::String(s) => Some(NumberOrString::String(s.as_str().into())),
        _ => None,
    }
}

impl StdioTransport {
    /// On our stdin and stdout; the writer task runs until stdout closes.
    pub fn stdio() -> Self {
        let (input, output) = framing::stdio();
        let (out, rx) = queue::queue();
        tokio::spawn(queue::write_lines(output, rx));
        Self::new(input, out)
    }

    pub fn new(input: StdinReader, out: Sender) -> Self {
        let shared = Arc::new(Shared {
            in_flight: Mutex::new(HashSet::new()),
            answered: Notify::new(),
            ours: Mutex::new(HashSet::new()),
        });
        let test_shared = shared.clone();
        let is_answer: HeadTest = Arc::new(move |head: &[u8]| {
            lenient::id_in_head(head).is_some_and(|id| {
                test_shared
                    .ours
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .contains(&id_key(&id))
            })
        });
        let reader =
            LineReader::new(input, MAX_MESSAGE_BYTES).with_small_lines(MAX_ANSWER_BYTES, is_answer);
        Self {
            reader,
            out,
            shared,
            batch: VecDeque::new(),
        }
    }

    /// Whether `id` is one of our requests still waiting; `answered`:
    /// this is its answer, so it waits no more.
    fn ours(&self, id: &Value, answered: bool) -> bool {
        let mut ours = self.shared.ours.lock().unwrap_or_else(|e| e.into_inner());
        if answered {
            ours.remove(&id_key(id))
        } else {
            ours.contains(&id_key(id))
        }
    }

    /// Waits until an answer may be queued and a request may be taken.
    async fn room(&mut self) {
        loop {
            let answered = self.shared.answered.notified();
            if self.shared.in_flight().len() < IN_FLIGHT {
                break;
            }
            answered.await;
        }
        self.out.room().await;
    }

    /// An error answer we write ourselves (rmcp never saw the request).
    async fn reply_error(&mut self, id: &Value, code: ErrorCode, message: &str) {
        let error =
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code.0, "message": message}});
        let _ = self.out.send_value(&error).await;
    }

    /// What to make of one line: a message for rmcp, or nothing (answered
    /// or passed over here).
    async fn take(&mut self, line: Bytes) -> Option<RxJsonRpcMessage<RoleServer>> {
        match lenient::parse(&line) {
            Parsed::Message(value) => self.decoded(value).await,
            Parsed::Batch(members) => {
                self.batch.extend(members);
                None
            }
            Parsed::Opaque { id, method } => {
                let why = "the message cannot be decoded (a lone surrogate, a number too large \
                           for JSON's usual range, or nesting over 128 levels)";
                self.undecodable(id, method.is_some(), why).await
            }
            Parsed::NotJson(why) => {
                let message = format!("not a JSON-RPC message: {why}");
                self.reply_error(&Value::Null, ErrorCode::PARSE_ERROR, &message)
                    .await;
                None
            }
        }
    }

    async fn decoded(&mut self, value: Value) -> Option<RxJsonRpcMessage<RoleServer>> {
        let id = value.get("id").cloned();
        let is_request = value.get("method").is_some();
        let cancelled = (value.get("method").and_then(Value::as_str)
            == Some("notifications/cancelled"))
        .then(|| value.pointer("/params/requestId").cloned())
        .flatten();
        match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
            Ok(message) => {
                match &message {
                    JsonRpcMessage::Request(_) => {
                        if let Some(id) = &id {
                            self.shared.in_flight().insert(id_key(id));
                        }
                    }
                    JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_) => {
                        if let Some(id) = &id {
                            self.ours(id, true);
                        }
                    }
                    // A cancelled request gets no answer from rmcp.
                    JsonRpcMessage::Notification(_) => {
                        if let Some(id) = cancelled {
                            self.shared.answered(&id);
                        }
                    }
                }
                Some(message)
            }
            // A notification rmcp does not know (another protocol's, a
            // newer revision's) is passed over, as rmcp's transport does.
            Err(_) if id.is_none() => None,
            Err(e) => self.undecodable(id, is_request, &e.to_string()).await,
        }
    }

    /// A message with this `id` that cannot be decoded: a request is
    /// answered with an error; an answer to our request becomes an error
    /// for rmcp, so our request ends now; anything else is passed over.
    async fn undecodable(
        &mut self,
        id: Option<Value>,
        is_request: bool,
        why: &str,
    ) -> Option<RxJsonRpcMessage<RoleServer>> {
        let Some(id) = id else {
            tracing::warn!("passed over a message without an id: {why}");
            return None;
        };
        if is_request {
            let message = format!("invalid request: {why}");
            self.reply_error(&id, ErrorCode::INVALID_REQUEST, &message)
                .await;
            return None;
        }
        if self.ours(&id, true) {
            let error = ErrorData::new(ErrorCode::PARSE_ERROR, format!("{UNUSABLE}{why}"), None);
            return Some(JsonRpcMessage::error(error, request_id(&id)));
        }
        tracing::warn!("passed over an answer to no request of ours (id {id}): {why}");
        None
    }
}

impl Transport<RoleServer> for StdioTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        match &item {
            JsonRpcMessage::Response(response) => {
                let id = serde_json::to_value(&response.id).unwrap_or(Value::Null);
                self.shared.answered(&id);
            }
            JsonRpcMessage::Error(error) => {
                let id = serde_json::to_value(&error.id).unwrap_or(Value::Null);
                self.shared.answered(&id);
            }
            JsonRpcMessage::Request(request) => {
                let id = serde_json::to_value(&request.id).unwrap_or(Value::Null);
                self.shared
                    .ours
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(id_key(&id));
            }
            JsonRpcMessage::Notification(_) => {}
        }
        let line = serde_json::to_vec(&item).map(Bytes::from);
        let out = self.out.clone();
        async move {
            let line = line.map_err(std::io::Error::other)?;
            out.send(line)
                .await
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout closed"))
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            self.room().await;
            if let Some(member) = self.batch.pop_front() {
                if let Some(message) = self.take(member).await {
                    return Some(message);
                }
                continue;
            }
            let frame = match self.reader.next().await {
                Ok(Some(frame)) => frame,
                Ok(None) | Err(_) => return None,
            };
            let message = match frame {
                Frame::Line(line) => self.take(line.to_bytes()).await,
                Frame::TooLong { len, head } => {
                    let id = lenient::id_in_head(&head);
                    let is_request =
                        lenient::object_members(&head).is_some_and(|m| m.get(b"method").is_some());
                    let limit = match &id {
                        Some(id) if !is_request && self.ours(id, false) => MAX_ANSWER_BYTES,
                        _ => MAX_MESSAGE_BYTES,
                    };
                    let why = format!("a message of {len} bytes (the limit is {limit})");
                    self.undecodable(id, is_request, &why).await
                }
            };
            if let Some(message) = message {
                return Some(message);
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

//! The proxy's requests of its own to the client: `sampling/createMessage`
//! for the extraction engine (`llm::sampling`), with ids no server uses
//! (`tool-output-sampling-<n>`), answered by the client's responses, which
//! the proxy takes instead of relaying them to the server. Every message
//! with such an id is ours: an answer that cannot be decoded, or is over
//! [`MAX_ANSWER_BYTES`] (refused before it is held), ends its request at
//! once; a stray or second answer is passed over, never relayed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::sync::oneshot;

use super::{Proxy, key};
use crate::llm::BoxFuture;
use crate::llm::sampling::{Sampler, SamplingError};
use crate::mcp::jsonrpc::queue;

const ID_PREFIX: &str = "tool-output-sampling-";

/// The largest answer to a sampling request (a sample of at most 4096
/// tokens is some 16 KB): one far past it is refused before it is held.
pub(super) const MAX_ANSWER_BYTES: usize = 1 << 20;

/// Whether `id` is one of ours (whether or not it still waits).
pub(super) fn is_our_id(id: &Value) -> bool {
    id.as_str().is_some_and(|id| id.starts_with(ID_PREFIX))
}

/// Whether a line, by its first bytes, answers one of our requests.
pub(super) fn answers_us(head: &[u8]) -> bool {
    crate::mcp::jsonrpc::lenient::object_members(head).is_some_and(|m| {
        m.get(b"method").is_none()
            && crate::mcp::jsonrpc::lenient::id_in_head(head).is_some_and(|id| is_our_id(&id))
    })
}

/// Our sampling requests waiting for the client's answer, by id.
pub(super) type Waiting =
    Arc<Mutex<HashMap<String, oneshot::Sender<Result<Value, SamplingError>>>>>;

/// Sends sampling requests up to the client through the proxy's queue.
pub(super) struct ClientSampler {
    up: queue::Sender,
    waiting: Waiting,
    next: AtomicU64,
}

impl ClientSampler {
    pub(super) fn new(up: queue::Sender, waiting: Waiting) -> Self {
        Self {
            up,
            waiting,
            next: AtomicU64::new(1),
        }
    }
}

impl Sampler for ClientSampler {
    fn create_message(&self, params: Value) -> BoxFuture<'_, Result<Value, SamplingError>> {
        Box::pin(async move {
            let id = format!("{ID_PREFIX}{}", self.next.fetch_add(1, Ordering::Relaxed));
            let (tx, rx) = oneshot::channel();
            let waiting = Abandon {
                key: key(&Value::String(id.clone())),
                id: id.clone(),
                sampler: self,
            };
            self.waiting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(waiting.key.clone(), tx);
            let request = json!({"jsonrpc": "2.0", "id": id, "method": "sampling/createMessage", "params": params});
            if self.up.send_value(&request).await.is_err() {
                return Err(SamplingError::Gone);
            }
            let answer = rx.await.unwrap_or(Err(SamplingError::Gone));
            drop(waiting);
            answer
        })
    }
}

/// A request of ours the caller stopped waiting for (its timeout, the
/// extraction's end) before the client answered: forgotten, and the client
/// told, so a late answer is passed over and the client stops working on it.
/// (Once answered, the request is no longer waiting: dropping this does
/// nothing.)
struct Abandon<'a> {
    key: String,
    id: String,
    sampler: &'a ClientSampler,
}

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        let removed = (self.sampler.waiting.lock())
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.key);
        if removed.is_some() {
            let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                "params": {"requestId": self.id, "reason": "tool-output stopped waiting for this sample"}});
            let _ = self.sampler.up.try_send(queue::to_line(&cancel).into());
        }
    }
}

impl Proxy {
    /// What the client said of itself: if it offers sampling in the
    /// handshake era and no provider is configured, the engine asks it
    /// from now on (see `say_sampling` for the stateless era).
    pub(super) fn lend_sampling(&mut self, offers: bool, stateless: bool, client: &str) {
        let Some(engine) = &self.sampling else {
            return;
        };
        if offers && !stateless {
            let sampler = ClientSampler::new(self.up.sender.clone(), self.sampled.clone());
            engine.attach(Arc::new(sampler));
        }
        crate::mcp::say_sampling(offers, stateless, client, self.options.clients.as_ref());
    }

    /// A response from the client to one of our requests: taken, never
    /// relayed (a stray or second one is passed over). False when it
    /// answers someone else.
    pub(super) fn client_answers(&self, value: &Value) -> bool {
        let Some(id) = value.get("id").filter(|id| is_our_id(id)) else {
            return false;
        };
        let Some(waiting) = self.waiting_for(id) else {
            return true;
        };
        let answer = match (value.get("result"), value.get("error")) {
            (Some(result), _) => Ok(result.clone()),
            (None, Some(error)) => Err(SamplingError::Declined(
                error
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("an error")
                    .to_string(),
            )),
            (None, None) => Err(SamplingError::Declined("an empty answer".into())),
        };
        let _ = waiting.send(answer);
        true
    }

    /// The request `id` of ours waiting for its answer, taken off the
    /// waiting list; None (logged) when none waits: a stray or second answer.
    fn waiting_for(&self, id: &Value) -> Option<oneshot::Sender<Result<Value, SamplingError>>> {
        let waiting = self
            .sampled
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key(id));
        if waiting.is_none() {
            tracing::warn!("passed over an answer to {id}: no request of ours waits for it");
        }
        waiting
    }

    /// An answer of the client to our request `id` that cannot be used
    /// (undecodable, too long): the request ends with why.
    pub(super) fn client_answer_unusable(&self, id: &Value, why: &str) {
        if let Some(waiting) = self.waiting_for(id) {
            let _ = waiting.send(Err(SamplingError::Unusable(why.to_string())));
        }
    }
}

//! The proxy's requests of its own to the client: `sampling/createMessage`
//! for the extraction engine (`llm::sampling`), with ids no server uses
//! (`tool-output-sampling-<n>`), answered by the client's responses, which
//! the proxy takes instead of relaying them to the server.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::sync::oneshot;

use super::{Proxy, key};
use crate::llm::BoxFuture;
use crate::llm::sampling::{Sampler, SamplingError};
use crate::mcp::queue;

const ID_PREFIX: &str = "tool-output-sampling-";

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
            self.waiting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key(&Value::String(id.clone())), tx);
            let request = json!({"jsonrpc": "2.0", "id": id, "method": "sampling/createMessage", "params": params});
            if self.up.send_value(&request).await.is_err() {
                return Err(SamplingError::Gone);
            }
            rx.await.unwrap_or(Err(SamplingError::Gone))
        })
    }
}

impl Proxy {
    /// The client's `initialize`: if it offers sampling and no provider is
    /// configured, the engine asks it from now on.
    pub(super) fn client_initializes(&mut self, params: Option<&Value>) {
        let offers = params
            .and_then(|p| p.pointer("/capabilities/sampling"))
            .is_some_and(|s| !s.is_null());
        let Some(engine) = &self.sampling else {
            return;
        };
        if offers {
            let sampler = ClientSampler::new(self.up.sender.clone(), self.sampled.clone());
            engine.attach(Arc::new(sampler));
        }
        let client = params
            .and_then(|p| p.get("clientInfo"))
            .map(client_label)
            .unwrap_or_default();
        crate::mcp::say_sampling(offers, &client, self.options.clients.as_ref());
    }

    /// A response from the client to one of our requests: taken, not
    /// relayed. False when it answers someone else.
    pub(super) fn client_answers(&self, value: &Value) -> bool {
        let Some(id) = value
            .get("id")
            .filter(|id| id.as_str().is_some_and(|id| id.starts_with(ID_PREFIX)))
        else {
            return false;
        };
        let waiting = self
            .sampled
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key(id));
        let Some(waiting) = waiting else {
            return false;
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
}

/// `clientInfo`'s name and version, as one label (`claude-code 2.1.331`).
fn client_label(info: &Value) -> String {
    let part = |key: &str| info.get(key).and_then(Value::as_str).unwrap_or_default();
    format!("{} {}", part("name"), part("version"))
        .trim()
        .to_string()
}

//! What the proxy answers itself, without the downstream server: calls of
//! our own tools (cancellable, with progress notifications) and our
//! resources.

use std::sync::Arc;

use rmcp::model::{ErrorCode, JsonObject};
use serde_json::{Value, json};

use super::{Proxy, error_message, key};
use crate::error::Error;
use crate::extraction::CancellationToken;
use crate::mcp::era::Era;
use crate::mcp::jsonrpc::queue;
use crate::mcp::tools::Notify;

impl Proxy {
    pub(super) fn call_ours(
        &mut self,
        id: Value,
        era: Era,
        name: String,
        args: JsonObject,
        token: Option<String>,
    ) {
        // Checked before the client was read: a permit is free.
        let Ok(permit) = self.local_calls.clone().try_acquire_owned() else {
            return self.reply_error(&id, ErrorCode::INTERNAL_ERROR.0, "too many calls at once");
        };
        let cancel = CancellationToken::new();
        let id_key = key(&id);
        self.local
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id_key.clone(), cancel.clone());
        let (tools, up, local) = (
            self.tools.clone(),
            self.up.sender.clone(),
            self.local.clone(),
        );
        let notify = token.map(|token| progress_notifier(up.clone(), token));
        tokio::spawn(async move {
            let result = tools.call(&name, args, cancel, notify).await;
            drop(permit);
            local
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id_key);
            let message = match result {
                Ok(result) => {
                    json!({"jsonrpc": "2.0", "id": id, "result": answer(era, "tools/call", &result)})
                }
                // A cancelled request gets no answer (the client stopped waiting).
                Err(Error::Cancelled) => return,
                Err(e) => error_message(&id, ErrorCode::INTERNAL_ERROR.0, &e.to_string()),
            };
            let _ = up.send_value(&message).await;
        });
    }

    pub(super) fn read_ours(&self, id: Value, era: Era, uri: String) {
        let (tools, up) = (self.tools.clone(), self.up.sender.clone());
        tokio::spawn(async move {
            let message = match tools.read_resource(&uri).await {
                Ok(result) => {
                    json!({"jsonrpc": "2.0", "id": id, "result": answer(era, "resources/read", &result)})
                }
                Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": e}),
            };
            let _ = up.send_value(&message).await;
        });
    }

    pub(super) fn list_ours(&self, id: Value, era: Era) {
        let (tools, up) = (self.tools.clone(), self.up.sender.clone());
        tokio::spawn(async move {
            let message = match tools.resources().await {
                Ok(list) => {
                    let list = json!({"resources": list});
                    json!({"jsonrpc": "2.0", "id": id, "result": answer(era, "resources/list", &list)})
                }
                Err(e) => error_message(&id, ErrorCode::INTERNAL_ERROR.0, &e.to_string()),
            };
            let _ = up.send_value(&message).await;
        });
    }
}

/// A result of ours as JSON, completed for the request's era.
fn answer(era: Era, method: &str, result: &impl serde::Serialize) -> Value {
    let mut value = serde_json::to_value(result).unwrap_or_else(|e| {
        json!({"content": [{"type": "text", "text": format!("tool-output: {e}")}], "isError": true})
    });
    era.complete(method, &mut value);
    value
}

/// Progress notes go out only when there is room now: a client that does
/// not read misses some, rather than holding the extraction back.
fn progress_notifier(up: queue::Sender, token: String) -> Notify {
    let token: Value = serde_json::from_str(&token).unwrap_or(Value::Null);
    Arc::new(move |done, message| {
        let note = json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": token, "progress": done, "message": message}});
        let _ = up.try_send(queue::to_line(&note).into());
    })
}

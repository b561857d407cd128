//! What the proxy answers itself, without the downstream server: calls of
//! our own tools (cancellable, with progress notifications) and our
//! resources.

use std::sync::Arc;

use rmcp::model::{ErrorCode, JsonObject};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::{Proxy, error_message, key};
use crate::error::Error;
use crate::extraction::CancellationToken;
use crate::mcp::framing::Outgoing;
use crate::mcp::tools::Notify;

impl Proxy {
    pub(super) fn call_ours(
        &self,
        id: Value,
        name: String,
        args: JsonObject,
        token: Option<String>,
    ) {
        let cancel = CancellationToken::new();
        let id_key = key(&id);
        self.local
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id_key.clone(), cancel.clone());
        let (tools, up, local) = (self.tools.clone(), self.up.clone(), self.local.clone());
        let notify = token.map(|token| progress_notifier(up.clone(), token));
        tokio::spawn(async move {
            let result = tools.call(&name, args, cancel, notify).await;
            local
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id_key);
            let message = match result {
                Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
                // A cancelled request gets no answer (the client stopped waiting).
                Err(Error::Cancelled) => return,
                Err(e) => error_message(&id, ErrorCode::INTERNAL_ERROR.0, &e.to_string()),
            };
            let _ = up.send(Outgoing::Value(message));
        });
    }

    pub(super) fn read_ours(&self, id: Value, uri: String) {
        let (tools, up) = (self.tools.clone(), self.up.clone());
        tokio::spawn(async move {
            let message = match tools.read_resource(&uri).await {
                Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
                Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": e}),
            };
            let _ = up.send(Outgoing::Value(message));
        });
    }

    pub(super) fn list_ours(&self, id: Value) {
        let (tools, up) = (self.tools.clone(), self.up.clone());
        tokio::spawn(async move {
            let message = match tools.resources().await {
                Ok(list) => json!({"jsonrpc": "2.0", "id": id, "result": {"resources": list}}),
                Err(e) => error_message(&id, ErrorCode::INTERNAL_ERROR.0, &e.to_string()),
            };
            let _ = up.send(Outgoing::Value(message));
        });
    }
}

fn progress_notifier(up: mpsc::UnboundedSender<Outgoing>, token: String) -> Notify {
    let token: Value = serde_json::from_str(&token).unwrap_or(Value::Null);
    Arc::new(move |done, message| {
        let note = json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": token, "progress": done, "message": message}});
        let _ = up.send(Outgoing::Value(note));
    })
}

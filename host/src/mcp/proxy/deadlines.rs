//! Requests the downstream server never answers: they fail past their
//! deadline (progress notifications push it back), or at once when the
//! downstream is gone.

use std::time::Instant;

use rmcp::model::ErrorCode;
use serde_json::{Value, json};

use super::{Proxy, key};

/// MCP's "request timed out" code (as the SDKs use it).
const REQUEST_TIMEOUT: i32 = -32001;

impl Proxy {
    pub(super) fn progressed(&mut self, token: Option<&Value>) {
        let (Some(token), Some(timeout)) = (token.map(key), self.options.timeout) else {
            return;
        };
        for pending in self.pending.values_mut() {
            if pending.progress_token.as_deref() == Some(token.as_str()) {
                pending.deadline = Some(Instant::now() + timeout);
            }
        }
    }

    /// Requests past their deadline fail, and the downstream is told.
    pub(super) fn expire(&mut self) {
        let now = Instant::now();
        let late: Vec<String> = self
            .pending
            .iter()
            .filter(|(_, p)| p.deadline.is_some_and(|d| d <= now))
            .map(|(k, _)| k.clone())
            .collect();
        for k in late {
            let Some(pending) = self.pending.remove(&k) else {
                continue;
            };
            let id: Value = serde_json::from_str(&k).unwrap_or(Value::Null);
            let secs = self.options.timeout.map_or(0, |t| t.as_secs());
            let message = format!(
                "tool-output proxy: the downstream server did not answer {} within {secs} s (see --timeout)",
                pending.method
            );
            self.reply_error(&id, REQUEST_TIMEOUT, &message);
            if let Some(down) = &mut self.down {
                let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": id, "reason": "timed out in the tool-output proxy"}});
                down.push_value(&cancel);
            }
        }
    }

    /// Every waiting request fails with the reason; later ones at once.
    /// Our own tools keep working.
    pub(super) fn downstream_gone(&mut self, reason: String) {
        tracing::error!("{reason}");
        let message = format!("tool-output proxy: {reason}");
        for (k, _) in std::mem::take(&mut self.pending) {
            let id: Value = serde_json::from_str(&k).unwrap_or(Value::Null);
            self.reply_error(&id, ErrorCode::INTERNAL_ERROR.0, &message);
        }
        self.down = None;
        self.gone = Some(reason);
    }
}

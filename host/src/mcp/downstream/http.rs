//! A streamable-HTTP downstream through rmcp's client transport (sessions,
//! SSE streams, reconnection are the SDK's). That transport is typed: each
//! message passes through rmcp's model on the way, so a field rmcp does not
//! model is lost here, unlike on a stdio downstream, which is relayed raw.

use rmcp::RoleClient;
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, ErrorData};
use rmcp::transport::Transport;
use serde_json::json;
use tokio::sync::mpsc;

use super::FromDownstream;
use crate::mcp::jsonrpc::decode::Decoded;
use crate::mcp::jsonrpc::lenient::{self, Parsed};
use crate::mcp::jsonrpc::queue;

pub async fn relay<T>(mut transport: T, mut rx: queue::Receiver, tx: mpsc::Sender<FromDownstream>)
where
    T: Transport<RoleClient>,
{
    let reason = loop {
        tokio::select! {
            outgoing = rx.recv() => {
                let Some(outgoing) = outgoing else {
                    let _ = transport.close().await;
                    break "the proxy closed the connection".to_string();
                };
                // The proxy forwards only messages; a batch was split.
                let (id, sent) = match lenient::parse(&outgoing) {
                    Parsed::Message(value) => {
                        let id = value.get("id").cloned();
                        (id, serde_json::from_value::<ClientJsonRpcMessage>(value).map_err(|e| e.to_string()))
                    }
                    Parsed::Opaque { id, .. } => (id, Err("it cannot be decoded whole".into())),
                    Parsed::Batch(_) | Parsed::NotJson(_) => continue,
                };
                match sent {
                    Ok(message) => {
                        if let Err(e) = transport.send(message).await {
                            break format!("the HTTP downstream failed: {e}");
                        }
                    }
                    Err(e) => {
                        // Not a message rmcp can send: the request fails here.
                        if let Some(id) = id {
                            let error = ErrorData::new(
                                ErrorCode::INVALID_REQUEST,
                                format!("tool-output cannot relay this request over HTTP: {e}"),
                                None,
                            );
                            let answer = json!({"jsonrpc": "2.0", "id": id, "error": error});
                            let answer = Decoded::whole(answer);
                            if tx.send(FromDownstream::Message(None, answer)).await.is_err() {
                                return;
                            }
                        }
                    }
                }
            }
            incoming = transport.receive() => {
                let Some(message) = incoming else {
                    break "the HTTP downstream closed the connection".to_string();
                };
                let Ok(value) = serde_json::to_value(&message) else { continue };
                if value.is_object() && tx.send(FromDownstream::Message(None, Decoded::whole(value))).await.is_err() {
                    return;
                }
            }
        }
    };
    let _ = tx.send(FromDownstream::Gone(reason)).await;
}

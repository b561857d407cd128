//! A streamable-HTTP downstream through rmcp's client transport (sessions,
//! SSE streams, reconnection are the SDK's). That transport is typed: each
//! message passes through rmcp's model on the way, so a field rmcp does not
//! model is lost here, unlike on a stdio downstream, which is relayed raw.

use rmcp::RoleClient;
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, ErrorData};
use rmcp::transport::Transport;
use serde_json::json;
use tokio::sync::mpsc;

use super::{FromDownstream, Outgoing};

pub async fn relay<T>(
    mut transport: T,
    mut rx: mpsc::UnboundedReceiver<Outgoing>,
    tx: mpsc::Sender<FromDownstream>,
) where
    T: Transport<RoleClient>,
{
    let reason = loop {
        tokio::select! {
            outgoing = rx.recv() => {
                let Some(outgoing) = outgoing else {
                    let _ = transport.close().await;
                    break "the proxy closed the connection".to_string();
                };
                let value = match outgoing {
                    Outgoing::Value(value) => value,
                    Outgoing::Raw(bytes) => match serde_json::from_slice(&bytes) {
                        Ok(value) => value,
                        Err(_) => continue,
                    },
                };
                let id = value.get("id").cloned();
                match serde_json::from_value::<ClientJsonRpcMessage>(value) {
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
                if value.is_object() && tx.send(FromDownstream::Message(None, value)).await.is_err() {
                    return;
                }
            }
        }
    };
    let _ = tx.send(FromDownstream::Gone(reason)).await;
}

//! The client's side of the relay: each line from it is a message, a
//! batch's members, or odd JSON; requests are remembered (to rewrite their
//! answers) and forwarded as received, unless they are ours to answer.

use bytes::Bytes;
use rmcp::model::{ErrorCode, JsonObject};
use serde_json::{Value, json};

use super::{Kind, Pending, Proxy, key, progress_token};
use crate::mcp::era::Era;
use crate::mcp::jsonrpc::lenient::{self, Parsed};
use crate::mcp::jsonrpc::queue::to_line;
use crate::mcp::tools::{Tools, URI_SCHEME};
use std::time::Instant;

impl Proxy {
    /// One line from the client: a message, or a batch's members (each
    /// handled on its own; their answers come one by one).
    pub(super) fn on_client_line(&mut self, line: Bytes, batch_allowed: bool) {
        match lenient::parse(&line) {
            Parsed::Message(value) => self.on_client_message(line, value),
            Parsed::Batch(members) if batch_allowed => {
                for member in members {
                    self.on_client_line(member, false);
                }
            }
            Parsed::Batch(_) => self.reply_error(
                &Value::Null,
                ErrorCode::INVALID_REQUEST.0,
                "a batch in a batch",
            ),
            Parsed::Opaque { id, method } => self.on_client_opaque(line, id, method),
            Parsed::NotJson(why) => self.reply_error(
                &Value::Null,
                ErrorCode::PARSE_ERROR.0,
                &format!("not a JSON-RPC message: {why}"),
            ),
        }
    }

    fn on_client_message(&mut self, line: Bytes, value: Value) {
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
            (None, Some(_)) if self.client_answers(&value) => {}
            _ => self.forward(line),
        }
    }

    /// A client message serde_json cannot decode whole: a request goes on
    /// as received (the downstream answers it), unless it is a call of our
    /// own tools, which cannot be answered without its arguments.
    fn on_client_opaque(&mut self, line: Bytes, id: Option<Value>, method: Option<String>) {
        if let (Some(id), None) = (&id, &method)
            && super::sampling::is_our_id(id)
        {
            // An answer to our sampling request: ours, never the server's.
            let why = "it cannot be decoded (a lone surrogate, a number too large for JSON's \
                       usual range, or nesting over 128 levels)";
            return self.client_answer_unusable(id, why);
        }
        let (Some(id), Some(method)) = (id, method) else {
            return self.forward(line);
        };
        if method == "tools/call" && !self.defer {
            let name = lenient::object_members(&line)
                .and_then(|m| m.get(b"params").and_then(lenient::object_members))
                .and_then(|p| p.get(b"name").map(<[u8]>::to_vec))
                .and_then(|raw| serde_json::from_slice::<String>(&raw).ok());
            if name.as_deref().is_some_and(Tools::is_ours) {
                return self.reply_error(
                    &id,
                    ErrorCode::INVALID_PARAMS.0,
                    "the arguments cannot be read (a number too large for JSON's usual range, or nesting over 128 levels)",
                );
            }
        }
        self.remember(&id, Kind::Other, &method, None);
        self.forward(line);
    }

    fn request(&mut self, line: Bytes, value: Value, method: &str, id: Value) {
        let params = value.get("params");
        let era = Era::of(params);
        if era == Era::Stateless && !self.client_met {
            self.client_met = true;
            self.met(era, params);
        }
        let mut line = line;
        let kind = match method {
            "tools/call" => {
                let name = params
                    .and_then(|p| p.get("name"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let args = params.and_then(|p| p.get("arguments")).cloned();
                if Tools::is_ours(name) && !self.defer {
                    let args = match args {
                        Some(Value::Object(map)) => map,
                        _ => JsonObject::new(),
                    };
                    return self.call_ours(id, era, name.to_string(), args, progress_token(params));
                }
                let name = match self.renamed.get(name) {
                    // Listed under another name: the downstream knows its own.
                    Some(theirs) => {
                        let mut value = value.clone();
                        value["params"]["name"] = Value::String(theirs.clone());
                        line = to_line(&value);
                        theirs.clone()
                    }
                    None => name.to_string(),
                };
                let args = args.map_or_else(|| "{}".to_string(), |a| a.to_string());
                Kind::ToolsCall { name, args }
            }
            "resources/read" => {
                let uri = params
                    .and_then(|p| p.get("uri"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                if uri.starts_with(URI_SCHEME) && !self.defer {
                    return self.read_ours(id, era, uri.to_string());
                }
                Kind::Other
            }
            "tools/list" if !self.downstream_tools && !self.defer => {
                let tools = self.tools.definitions();
                return self.reply(&id, era, method, json!({ "tools": tools }));
            }
            "resources/list" if !self.downstream_resources && !self.defer => {
                return self.list_ours(id, era);
            }
            "resources/templates/list" if !self.downstream_resources && !self.defer => {
                return self.reply(&id, era, method, json!({ "resourceTemplates": [] }));
            }
            "initialize" => {
                self.met(Era::Handshake, params);
                Kind::Initialize
            }
            "server/discover" => Kind::Initialize,
            "resources/list" => Kind::ResourcesList,
            "tools/list" => {
                // A listing starts again at its first page.
                if params
                    .and_then(|p| p.get("cursor"))
                    .is_none_or(Value::is_null)
                {
                    self.listed.clear();
                }
                Kind::ToolsList
            }
            _ => Kind::Other,
        };
        if let Some(reason) = &self.gone {
            let message = format!("tool-output proxy: {reason}");
            return self.reply_error(&id, ErrorCode::INTERNAL_ERROR.0, &message);
        }
        self.remember(&id, kind, method, progress_token(params));
        self.forward(line);
    }

    /// What a client says of itself — at `initialize`, or in each request
    /// of the stateless era (taken from the first) — decides how our
    /// answers fit its host and whether its model is lent.
    fn met(&mut self, era: Era, params: Option<&Value>) {
        let (info, capabilities) = match era {
            Era::Handshake => (
                params.and_then(|p| p.get("clientInfo")),
                params.and_then(|p| p.get("capabilities")),
            ),
            Era::Stateless => (
                crate::mcp::era::client_info(params),
                crate::mcp::era::client_capabilities(params),
            ),
        };
        let part = |key: &str| {
            info.and_then(|i| i.get(key))
                .and_then(Value::as_str)
                .unwrap_or_default()
        };
        self.tools.fit_to(part("name"));
        let offers = capabilities
            .and_then(|c| c.get("sampling"))
            .is_some_and(|s| !s.is_null());
        let label = format!("{} {}", part("name"), part("version"));
        self.lend_sampling(offers, era == Era::Stateless, label.trim());
    }

    fn remember(&mut self, id: &Value, kind: Kind, method: &str, progress_token: Option<String>) {
        let pending = Pending {
            kind,
            method: method.to_string(),
            deadline: self.options.timeout.map(|t| Instant::now() + t),
            progress_token,
        };
        self.pending.insert(key(id), pending);
    }

    pub(super) fn forward(&mut self, line: Bytes) {
        if let Some(down) = &mut self.down {
            down.push(line);
        }
    }
}

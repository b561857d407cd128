//! The conversation's own model as the extraction model, with no key of
//! ours: `tool-output gateway` keeps, in memory only, the credentials and
//! model of the conversations it forwards, and lends them to extractions
//! ([`Lender`]). Inside the gateway (`--tools`) the lender is the gateway
//! itself; `mcp serve` on the gateway's session reaches it over loopback
//! with the secret of that run ([`RemoteLender`], which finds the address
//! and the secret in the gateway's lend file, `<root>/gateway/<session>.json`).
//! Requests travel between them as a neutral JSON of the `llm` interface's
//! request and answer, defined here; the gateway puts them on the wire of
//! the conversation's API (Anthropic Messages, or OpenAI Chat Completions
//! for an OpenAI conversation).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{
    BoxFuture, LlmEngine, LlmError, ModelProfile, Request, Response, Role, ToolChoice, Usage,
};
use tool_output_wire as wire;

/// The header a lend request carries the gateway's secret in.
pub const SECRET_HEADER: &str = "x-tool-output-lend";

/// The gateway's path for lend requests.
pub const LEND_PATH: &str = "/_tool-output/llm";

/// What lends a model: one request (neutral JSON), its answer (neutral
/// JSON).
pub trait Lender: Send + Sync {
    /// Sends `request` (neutral JSON); the answer (neutral JSON).
    fn lend(&self, request: Value) -> BoxFuture<'_, Result<Value, LlmError>>;

    /// The model lent now, when known (its window and tokenizer budget the
    /// extraction); None: not known here, or nothing to lend yet.
    fn model(&self) -> Option<String>;

    /// Whether anything can be lent now.
    fn ready(&self) -> bool;
}

/// The extraction engine over a [`Lender`].
pub struct BorrowedLlm {
    lender: Arc<dyn Lender>,
}

/// What is known of a model behind a lender that does not say which it is
/// (`mcp serve`'s): a window most models have, an answer room an
/// extraction needs, a tokenizer that is not theirs (budgets keep a margin).
const UNKNOWN_WINDOW: u32 = 100_000;
const UNKNOWN_ANSWER: u32 = 4_096;

impl BorrowedLlm {
    /// Extractions on what `lender` lends.
    pub fn new(lender: Arc<dyn Lender>) -> Self {
        Self { lender }
    }
}

impl LlmEngine for BorrowedLlm {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        if !self.lender.ready() {
            return Err(LlmError::NotConfigured);
        }
        let profile = match self.lender.model() {
            Some(model) => {
                let d = wire::models::defaults(&model);
                ModelProfile {
                    context_window: d.context_window,
                    max_output_tokens: d.answer_tokens(d.context_window, None),
                    tokenizer: d.tokenizer.to_string(),
                    tokenizer_exact: d.tokenizer_exact,
                    model,
                    concurrency: 4,
                    manages_full_chunked: None,
                    manages_read_grep: None,
                }
            }
            None => ModelProfile {
                model: "the conversation's model".into(),
                context_window: UNKNOWN_WINDOW,
                max_output_tokens: UNKNOWN_ANSWER,
                tokenizer: "cl100k_base".into(),
                tokenizer_exact: false,
                concurrency: 4,
                manages_full_chunked: None,
                manages_read_grep: None,
            },
        };
        Ok(profile)
    }

    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>> {
        Box::pin(async move {
            let started = Instant::now();
            let answer = self.lender.lend(request_json(&req)).await?;
            response_from_json(&answer, started)
        })
    }
}

/// A request as neutral JSON.
pub fn request_json(req: &Request) -> Value {
    let role = |r: Role| match r {
        Role::System => "system",
        Role::User => "user",
        Role::Assistant => "assistant",
        Role::Tool => "tool",
    };
    json!({
        "messages": req.messages.iter().map(|m| json!({
            "role": role(m.role),
            "content": m.content,
            "tool_calls": m.tool_calls.iter().map(|c| json!({"id": c.id, "name": c.name, "arguments": c.arguments})).collect::<Vec<_>>(),
            "tool_call_id": m.tool_call_id,
        })).collect::<Vec<_>>(),
        "tools": req.tools.iter().map(|t| json!({"name": t.name, "description": t.description, "parameters": t.parameters})).collect::<Vec<_>>(),
        "tool_choice": match req.tool_choice { ToolChoice::Auto => "auto", ToolChoice::None => "none" },
        "max_output_tokens": req.max_output_tokens,
    })
}

/// Neutral JSON back into the wire crate's request (what the gateway sends).
pub fn wire_request(value: &Value) -> Result<wire::Request, String> {
    let text = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
    let messages = value["messages"]
        .as_array()
        .ok_or("a lend request has no messages")?
        .iter()
        .map(|m| {
            Ok(wire::Message {
                role: match m["role"].as_str() {
                    Some("system") => wire::Role::System,
                    Some("user") => wire::Role::User,
                    Some("assistant") => wire::Role::Assistant,
                    Some("tool") => wire::Role::Tool,
                    other => return Err(format!("a lend request has a message of role {other:?}")),
                },
                content: text(m, "content"),
                tool_calls: m["tool_calls"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| wire::ToolCall {
                        id: text(c, "id"),
                        name: text(c, "name"),
                        arguments: text(c, "arguments"),
                    })
                    .collect(),
                tool_call_id: m["tool_call_id"].as_str().map(str::to_string),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(wire::Request {
        messages,
        tools: value["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| wire::ToolDefinition {
                name: text(t, "name"),
                description: text(t, "description"),
                parameters: text(t, "parameters"),
            })
            .collect(),
        tool_choice: if value["tool_choice"] == "none" {
            wire::ToolChoice::None
        } else {
            wire::ToolChoice::Auto
        },
        max_output_tokens: value["max_output_tokens"].as_u64().unwrap_or(4096) as u32,
    })
}

/// An answer as neutral JSON.
pub fn answer_json(answer: &wire::Answer, model: &str) -> Value {
    json!({
        "text": answer.text,
        "tool_calls": answer.tool_calls.iter().map(|c| json!({"id": c.id, "name": c.name, "arguments": c.arguments})).collect::<Vec<_>>(),
        "usage": {"input_tokens": answer.usage.input_tokens, "output_tokens": answer.usage.output_tokens},
        "model": answer.model.clone().unwrap_or_else(|| model.to_string()),
        "truncated": answer.truncated,
    })
}

fn response_from_json(value: &Value, started: Instant) -> Result<Response, LlmError> {
    if value.get("text").is_none() {
        return Err(LlmError::BadResponse(
            "the lent model's answer has no text".into(),
        ));
    }
    let text = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
    Ok(Response {
        text: text(value, "text"),
        tool_calls: value["tool_calls"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| super::ToolCall {
                id: text(c, "id"),
                name: text(c, "name"),
                arguments: text(c, "arguments"),
            })
            .collect(),
        usage: Usage {
            input_tokens: value["usage"]["input_tokens"].as_u64().unwrap_or(0),
            output_tokens: value["usage"]["output_tokens"].as_u64().unwrap_or(0),
        },
        model: text(value, "model"),
        latency_ms: started.elapsed().as_millis() as u64,
        truncated: value["truncated"] == true,
    })
}

/// An error as neutral JSON (the lend endpoint's answer).
pub fn error_json(err: &LlmError) -> Value {
    let (kind, message, after) = match err {
        LlmError::NotConfigured => ("not-configured", String::new(), None),
        LlmError::RateLimited(after) => ("rate-limited", String::new(), *after),
        LlmError::Timeout => ("timeout", String::new(), None),
        LlmError::Auth(m) => ("auth", m.clone(), None),
        LlmError::BadRequest(m) => ("bad-request", m.clone(), None),
        LlmError::BadResponse(m) => ("bad-response", m.clone(), None),
        LlmError::Unavailable(m) => ("unavailable", m.clone(), None),
        LlmError::Cancelled => ("cancelled", String::new(), None),
    };
    json!({"error": {"kind": kind, "message": message, "retry_after_ms": after}})
}

fn error_from_json(value: &Value) -> LlmError {
    let message = value["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    match value["error"]["kind"].as_str() {
        Some("not-configured") => LlmError::NotConfigured,
        Some("rate-limited") => LlmError::RateLimited(value["error"]["retry_after_ms"].as_u64()),
        Some("timeout") => LlmError::Timeout,
        Some("auth") => LlmError::Auth(message),
        Some("bad-request") => LlmError::BadRequest(message),
        Some("bad-response") => LlmError::BadResponse(message),
        Some("cancelled") => LlmError::Cancelled,
        _ => LlmError::Unavailable(format!("the gateway: {message}")),
    }
}

/// What a running gateway leaves for `mcp serve` on its session: where it
/// listens and the secret of this run (never the conversations'
/// credentials), what it lent last, and how many calls.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct LendFile {
    /// The gateway's loopback address, `http://127.0.0.1:PORT`.
    pub url: String,
    /// This run's secret ([`SECRET_HEADER`]).
    pub secret: String,
    /// The gateway's process.
    pub pid: u32,
    /// The API lent last (`anthropic`, `openai`).
    #[serde(default)]
    pub api: Option<String>,
    /// The model lent last.
    #[serde(default)]
    pub model: Option<String>,
    /// Calls lent so far.
    #[serde(default)]
    pub calls: u64,
}

/// `<root>/gateway/<session>.json`.
pub fn lend_file(root: &Path, session: &str) -> PathBuf {
    root.join("gateway").join(format!("{session}.json"))
}

impl LendFile {
    /// The file at `path`, if it is a small regular file of this shape.
    pub fn read(path: &Path) -> Option<LendFile> {
        let meta = std::fs::symlink_metadata(path).ok()?;
        if !meta.is_file() || meta.len() > 4096 {
            return None;
        }
        serde_json::from_slice(&std::fs::read(path).ok()?).ok()
    }

    /// Written atomically into the private `<root>/gateway`.
    pub fn write(&self, path: &Path) -> anyhow::Result<()> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let text = serde_json::to_vec_pretty(self)?;
        crate::private_files::write(dir, path, &text)
    }
}

/// `mcp serve`'s lender: the gateway of its session, over loopback, found
/// anew for each request (the gateway may have restarted on another port).
pub struct RemoteLender {
    file: PathBuf,
    client: reqwest::Client,
}

impl RemoteLender {
    /// For the session `session` under `root`, if a gateway serves it.
    pub fn find(root: &Path, session: &str) -> Option<RemoteLender> {
        let file = lend_file(root, session);
        LendFile::read(&file)?;
        crate::tls::use_ring();
        let client = reqwest::Client::builder()
            .no_proxy()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(600))
            .build()
            .ok()?;
        Some(RemoteLender { file, client })
    }
}

impl Lender for RemoteLender {
    fn lend(&self, request: Value) -> BoxFuture<'_, Result<Value, LlmError>> {
        Box::pin(async move {
            let lend = LendFile::read(&self.file).ok_or(LlmError::NotConfigured)?;
            let response = self
                .client
                .post(format!("{}{LEND_PATH}", lend.url))
                .header(SECRET_HEADER, &lend.secret)
                .json(&request)
                .send()
                .await
                .map_err(|e| {
                    LlmError::Unavailable(format!(
                        "the gateway at {} did not answer: {}",
                        lend.url,
                        e.without_url()
                    ))
                })?;
            let ok = response.status().is_success();
            let value: Value = response.json().await.map_err(|e| {
                LlmError::BadResponse(format!("the gateway's answer: {}", e.without_url()))
            })?;
            if ok {
                Ok(value)
            } else {
                Err(error_from_json(&value))
            }
        })
    }

    fn model(&self) -> Option<String> {
        LendFile::read(&self.file)?.model
    }

    fn ready(&self) -> bool {
        LendFile::read(&self.file).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::types::LlmCallKind;
    use crate::llm::{Message, ToolCall, ToolDefinition};

    #[test]
    fn requests_answers_and_errors_cross_as_neutral_json_unchanged() {
        let req = Request {
            messages: vec![
                Message {
                    role: Role::System,
                    content: "You extract.".into(),
                    tool_calls: vec![],
                    tool_call_id: None,
                },
                Message {
                    role: Role::Assistant,
                    content: String::new(),
                    tool_calls: vec![ToolCall {
                        id: "c1".into(),
                        name: "Grep".into(),
                        arguments: "{\"pattern\":\"x\"}".into(),
                    }],
                    tool_call_id: None,
                },
                Message {
                    role: Role::Tool,
                    content: "1: x".into(),
                    tool_calls: vec![],
                    tool_call_id: Some("c1".into()),
                },
            ],
            tools: vec![ToolDefinition {
                name: "Grep".into(),
                description: "grep".into(),
                parameters: "{}".into(),
            }],
            tool_choice: ToolChoice::None,
            max_output_tokens: 321,
            model: None,
            kind: LlmCallKind::SubAgentTurn,
            chunk: None,
        };
        let wire = wire_request(&request_json(&req)).unwrap();
        assert_eq!(
            wire,
            tool_output_wire::from_bindings!(&req, Role, ToolChoice)
        );
        let answer = wire::Answer {
            text: "t".into(),
            tool_calls: vec![wire::ToolCall {
                id: "i".into(),
                name: "n".into(),
                arguments: "{}".into(),
            }],
            usage: wire::Usage {
                input_tokens: 5,
                output_tokens: 7,
            },
            model: None,
            truncated: true,
        };
        let back = response_from_json(&answer_json(&answer, "m"), Instant::now()).unwrap();
        assert_eq!(back.text, "t");
        assert_eq!(back.tool_calls[0].name, "n");
        assert_eq!((back.usage.input_tokens, back.usage.output_tokens), (5, 7));
        assert_eq!(back.model, "m");
        assert!(back.truncated);
        for err in [
            LlmError::Auth("no".into()),
            LlmError::RateLimited(Some(1500)),
            LlmError::Timeout,
            LlmError::BadRequest("b".into()),
        ] {
            assert_eq!(error_from_json(&error_json(&err)), err);
        }
        assert!(wire_request(&json!({"messages": [{"role": "boss"}]})).is_err());
    }
}

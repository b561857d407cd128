//! The gateway's side of lending the conversation's model to extractions
//! (see [`crate::llm::borrowed`]): each Anthropic, OpenAI or Gemini request
//! it forwards leaves its credentials headers and model here, in memory
//! only; an extraction's request is put on that API's wire (Anthropic
//! Messages, Chat Completions for an OpenAI conversation, `generateContent`
//! for a Gemini one) and sent to the same upstream with them. The model is the conversation's, or `--extract-model`.
//! `mcp serve` reaches this over loopback (`/_tool-output/llm`) with the
//! secret of this run, written with the address to the session's lend file.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use hyper::header::{HeaderMap, HeaderValue};
use hyper::{Method, StatusCode};
use serde_json::Value;

use super::Chunked;
use super::dialect::{self, Dialect};
use super::upstream::Upstream;
use crate::llm::borrowed::{LendFile, Lender, answer_json, wire_request};
use crate::llm::{BoxFuture, LlmError};
use tool_output_wire as wire;

/// The headers that carry an API's credentials and version.
const ANTHROPIC_HEADERS: &[&str] = &[
    "x-api-key",
    "authorization",
    "anthropic-version",
    "anthropic-beta",
];
const OPENAI_HEADERS: &[&str] = &[
    "authorization",
    "openai-organization",
    "openai-project",
    "chatgpt-account-id",
];
/// An API key, or a Google login's token and the project it bills.
const GEMINI_HEADERS: &[&str] = &["x-goog-api-key", "authorization", "x-goog-user-project"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Api {
    Anthropic,
    OpenAi,
    Gemini,
}

impl Api {
    fn name(self) -> &'static str {
        match self {
            Api::Anthropic => "anthropic",
            Api::OpenAi => "openai",
            Api::Gemini => "gemini",
        }
    }
}

/// The last conversation's credentials: never written anywhere.
#[derive(Clone)]
struct Borrowed {
    api: Api,
    headers: HeaderMap,
    model: String,
}

/// The conversations' model and credentials, lent to extractions.
pub struct Lending {
    upstream: Arc<Upstream>,
    borrowed: Mutex<Option<Borrowed>>,
    extract_model: Option<String>,
    /// The secret `mcp serve` proves itself with.
    pub secret: String,
    calls: AtomicU64,
    /// The lend file and what it says (updated as calls are lent).
    file: Mutex<Option<(PathBuf, LendFile)>>,
}

impl Lending {
    /// Nothing lent yet; a fresh secret for this run.
    pub(crate) fn new(upstream: Arc<Upstream>, extract_model: Option<String>) -> Self {
        Self {
            upstream,
            borrowed: Mutex::new(None),
            extract_model,
            secret: format!(
                "{}{}",
                uuid::Uuid::new_v4().simple(),
                uuid::Uuid::new_v4().simple()
            ),
            calls: AtomicU64::new(0),
            file: Mutex::new(None),
        }
    }

    /// Where requests go (the gateway's own, shared).
    pub(crate) fn upstream(&self) -> &Arc<Upstream> {
        &self.upstream
    }

    /// A forwarded request of `dialect`: its credentials and model are the
    /// ones lent from now on.
    pub(crate) fn saw(&self, dialect: &dyn Dialect, headers: &HeaderMap, model: Option<&str>) {
        let (api, names) = match dialect.name() {
            "anthropic" => (Api::Anthropic, ANTHROPIC_HEADERS),
            "openai-chat" | "openai-responses" => (Api::OpenAi, OPENAI_HEADERS),
            "gemini" => (Api::Gemini, GEMINI_HEADERS),
            _ => return,
        };
        let Some(model) = model.filter(|m| !m.is_empty()) else {
            return;
        };
        let mut kept = HeaderMap::new();
        for name in names {
            for value in headers.get_all(*name) {
                kept.append(*name, value.clone());
            }
        }
        if kept.is_empty() {
            return;
        }
        *self.borrowed.lock().unwrap_or_else(|e| e.into_inner()) = Some(Borrowed {
            api,
            headers: kept,
            model: model.to_string(),
        });
    }

    /// Writes the lend file `path` for `url` (removed by [`Lending::forget_file`]).
    pub fn write_file(&self, path: PathBuf, url: String) -> anyhow::Result<()> {
        let file = LendFile {
            url,
            secret: self.secret.clone(),
            pid: std::process::id(),
            ..Default::default()
        };
        file.write(&path)?;
        *self.file.lock().unwrap_or_else(|e| e.into_inner()) = Some((path, file));
        Ok(())
    }

    /// Removes the lend file: no gateway to reach any more.
    pub fn forget_file(&self) {
        if let Some((path, _)) = self.file.lock().unwrap_or_else(|e| e.into_inner()).take()
            // Another gateway on the session since: its file stays.
            && LendFile::read(&path).is_some_and(|f| f.secret == self.secret)
        {
            let _ = std::fs::remove_file(path);
        }
    }

    fn count(&self, api: Api, model: &str) {
        let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some((path, file)) = self.file.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            file.api = Some(api.name().into());
            file.model = Some(model.to_string());
            file.calls = calls;
            let _ = file.write(path);
        }
    }

    async fn lend_now(&self, request: Value) -> Result<Value, LlmError> {
        let borrowed = self
            .borrowed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .ok_or(LlmError::NotConfigured)?;
        let model = self
            .extract_model
            .clone()
            .unwrap_or_else(|| borrowed.model.clone());
        let req = wire_request(&request).map_err(LlmError::BadRequest)?;
        let (api_dialect, path, body): (&dyn Dialect, String, Value) = match borrowed.api {
            Api::Anthropic => (
                &dialect::ANTHROPIC,
                "/v1/messages".into(),
                wire::anthropic::request_body(&model, &req),
            ),
            Api::OpenAi => {
                let url = self
                    .upstream
                    .url(&dialect::CHAT, "/v1/chat/completions")
                    .map_err(|e| LlmError::BadRequest(e.to_string()))?;
                let official = url.host_str() == Some("api.openai.com");
                (
                    &dialect::CHAT,
                    "/v1/chat/completions".into(),
                    wire::openai::request_body(&model, &req, official),
                )
            }
            // The model is in the path: a name of plain characters only.
            Api::Gemini => (
                &dialect::GEMINI,
                wire::gemini::path(&model).map_err(LlmError::BadRequest)?,
                wire::gemini::request_body(&req),
            ),
        };
        let url = self
            .upstream
            .url(api_dialect, &path)
            .map_err(|e| LlmError::BadRequest(e.to_string()))?;
        let mut headers = borrowed.headers.clone();
        headers.insert(
            hyper::header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        let bytes = serde_json::to_vec(&body).map_err(|e| LlmError::BadRequest(e.to_string()))?;
        let response = self
            .upstream
            .send_reading(
                Method::POST,
                url,
                &headers,
                Chunked::from_bytes(bytes.into()),
            )
            .await
            .map_err(|e| match e.status() {
                StatusCode::GATEWAY_TIMEOUT => LlmError::Timeout,
                _ => LlmError::Unavailable(e.to_string()),
            })?;
        let status = response.status();
        let retry_after =
            crate::llm::retry::retry_after(response.headers()).map(|d| d.as_millis() as u64);
        let answer: Value = response.json().await.map_err(|e| {
            LlmError::BadResponse(format!(
                "the conversation's model answered: {}",
                e.without_url()
            ))
        })?;
        if !status.is_success() {
            let message = format!(
                "HTTP {}: {}",
                status.as_u16(),
                wire::error_message(&answer).unwrap_or_default()
            );
            return Err(match status.as_u16() {
                401 | 403 => LlmError::Auth(message),
                429 => LlmError::RateLimited(retry_after),
                400..=499 => LlmError::BadRequest(message),
                _ => LlmError::Unavailable(message),
            });
        }
        let parsed = match borrowed.api {
            Api::Anthropic => wire::anthropic::parse_response(&answer),
            Api::OpenAi => wire::openai::parse_response(&answer),
            Api::Gemini => wire::gemini::parse_response(&answer),
        }
        .map_err(LlmError::BadResponse)?;
        self.count(borrowed.api, &model);
        Ok(answer_json(&parsed, &model))
    }
}

impl Lender for Lending {
    fn lend(&self, request: Value) -> BoxFuture<'_, Result<Value, LlmError>> {
        Box::pin(self.lend_now(request))
    }

    fn model(&self) -> Option<String> {
        let borrowed = self.borrowed.lock().unwrap_or_else(|e| e.into_inner());
        self.extract_model
            .clone()
            .or_else(|| borrowed.as_ref().map(|b| b.model.clone()))
    }

    fn ready(&self) -> bool {
        self.borrowed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }
}

//! The extraction model: a small trait ([`LlmEngine`]) that the `llm`
//! import is built on, and the real providers behind it.
//!
//! - [`config`]: `tool-output.toml` and the environment, resolved into an
//!   [`LlmConfig`](config::LlmConfig);
//! - [`http`]: [`HttpLlm`](http::HttpLlm), the engine that speaks to
//!   providers over HTTP: retries, timeouts, concurrency, response cap;
//!   `retry` says which failures are worth another attempt, and when;
//! - [`sampling`]: the MCP client's model; [`borrowed`]: the model and
//!   credentials of the conversations `tool-output gateway` forwards;
//! - the wire formats and the model table are in the `tool-output-wire`
//!   crate (re-exported as [`wire`]), shared with the WASI adapter.
//!
//! Batching, progress and deadlines are not the engine's business: the
//! `llm` import (`crate::capabilities::llm`) runs a batch's requests concurrently
//! through [`LlmEngine::complete`].

pub mod borrowed;
pub mod config;
pub mod http;
pub(crate) mod retry;
pub mod sampling;

pub use tool_output_wire as wire;

use std::future::Future;
use std::pin::Pin;

pub use crate::bindings::llm::{
    LlmError, Message, ModelProfile, Request, Response, Role, ToolCall, ToolChoice, ToolDefinition,
    Usage,
};

/// The future an [`LlmEngine`] returns (object-safe async).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Which LLM strategies a model manages, as `tool-output doctor` found by
/// running them; None: unknown. The engine gets them in the model's
/// profile: `auto` does not route to a strategy known to fail.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Capabilities {
    /// Whether `full-chunked` works with the model.
    pub full_chunked: Option<bool>,
    /// Whether `read-grep` (native tool calls) works with the model.
    pub read_grep: Option<bool>,
}

impl Capabilities {
    /// What holds for every model of a failover list (any of them may
    /// answer): a capability is known only where all agree.
    pub fn common(all: impl IntoIterator<Item = Capabilities>) -> Capabilities {
        let agree = |a: Option<bool>, b: Option<bool>| if a == b { a } else { None };
        all.into_iter()
            .reduce(|a, b| Capabilities {
                full_chunked: agree(a.full_chunked, b.full_chunked),
                read_grep: agree(a.read_grep, b.read_grep),
            })
            .unwrap_or_default()
    }
}

/// A model provider.
pub trait LlmEngine: Send + Sync + 'static {
    /// The model `complete` uses for `model` (None: the extraction model).
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError>;

    /// One request, one answer. Retries, timeouts and the response cap are
    /// the engine's; the error says whether trying later could help.
    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>>;
}

/// No model configured: the engine uses its deterministic strategies.
pub struct NoLlm;

impl LlmEngine for NoLlm {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        Err(LlmError::NotConfigured)
    }

    fn complete(&self, _: Request) -> BoxFuture<'_, Result<Response, LlmError>> {
        Box::pin(async { Err(LlmError::NotConfigured) })
    }
}

impl LlmError {
    /// A short human description (the generated `Display` is the debug form).
    pub fn message(&self) -> String {
        match self {
            LlmError::NotConfigured => "no LLM is configured".into(),
            LlmError::RateLimited(Some(ms)) => format!("rate-limited (retry after {ms} ms)"),
            LlmError::RateLimited(None) => "rate-limited".into(),
            LlmError::Timeout => "timed out".into(),
            LlmError::Auth(m) => format!("credentials refused: {m}"),
            LlmError::BadRequest(m) => format!("request refused: {m}"),
            LlmError::BadResponse(m) => format!("unusable answer: {m}"),
            LlmError::Unavailable(m) => format!("unavailable: {m}"),
            LlmError::Cancelled => "cancelled".into(),
        }
    }
}

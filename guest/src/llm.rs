//! The extraction model as the engine sees it: the imported `llm`
//! interface behind a trait, so strategies unit-test natively.

pub use crate::bindings::llm_import::{LlmError, ModelProfile, Request, Response};

/// What an LLM strategy needs besides the document and the model.
pub struct Job<'a> {
    pub source: crate::prompts::Source<'a>,
    pub stats: crate::prompts::DocStats,
    pub extract: &'a str,
    /// Fresh per extraction: the final-report wrapper's nonce.
    pub nonce: &'a str,
    /// Chunk overlap (full-chunked only).
    pub overlap_percent: u32,
    /// LLM calls this extraction may still make.
    pub max_calls: usize,
}

pub use crate::bindings::types::FailureKind;

/// Why a strategy could not answer (the caller falls back), and whether the
/// model itself failed (then no other LLM strategy is worth a call).
#[derive(Debug)]
pub struct Failure {
    pub kind: FailureKind,
    pub reason: String,
}

impl Failure {
    /// The strategy could not answer with a working model.
    pub fn strategy(reason: impl Into<String>) -> Self {
        Self {
            kind: FailureKind::Strategy,
            reason: reason.into(),
        }
    }

    /// A call failed: `what` ("the map call for chunk 2") failed with `err`.
    pub fn call(what: &str, err: &LlmError) -> Self {
        Self {
            kind: failure_kind(err),
            reason: format!("{what} failed: {}", err.message()),
        }
    }
}

/// The chain rule: which errors mean the model is down, for every request
/// of this extraction. Not configured, unreachable or failing after the
/// host's retries (`unavailable`, `rate-limited`, `timeout` — the
/// extraction's own deadline included), a refused key, or a cancelled call
/// will be the same for the other LLM strategy, which would only spend
/// calls and time on it. A refused request (`bad-request`: too long, tools
/// not supported) or an unusable answer (`bad-response`) concern one
/// request: the other strategy's requests differ and may work.
pub fn failure_kind(err: &LlmError) -> FailureKind {
    match err {
        LlmError::NotConfigured
        | LlmError::RateLimited(_)
        | LlmError::Timeout
        | LlmError::Auth(_)
        | LlmError::Unavailable(_)
        | LlmError::Cancelled => FailureKind::Model,
        LlmError::BadRequest(_) | LlmError::BadResponse(_) => FailureKind::Strategy,
    }
}

pub trait Llm {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError>;
    fn complete(&self, req: &Request) -> Result<Response, LlmError>;
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>>;
}

/// The answer's text; one cut short at the output-token limit says so
/// (its closing tag is optional, so the cut would otherwise go unseen).
pub fn answer_text(resp: &Response) -> String {
    if resp.truncated {
        format!(
            "{}\n[answer cut at the model's output-token limit]",
            resp.text.trim_end()
        )
    } else {
        resp.text.clone()
    }
}

/// An LLM that is never configured: what a native embedder without a model
/// passes, and the one fake for tests of the modes that need none.
pub struct NoLlm;

impl Llm for NoLlm {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        Err(LlmError::NotConfigured)
    }
    fn complete(&self, _: &Request) -> Result<Response, LlmError> {
        Err(LlmError::NotConfigured)
    }
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
        reqs.iter().map(|_| Err(LlmError::NotConfigured)).collect()
    }
}

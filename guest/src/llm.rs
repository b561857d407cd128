//! The extraction model as the engine sees it: the imported `llm`
//! interface behind a trait, so strategies unit-test natively.

pub use crate::bindings::llm_import::{LlmError, ModelProfile, Request, Response};

pub trait Llm {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError>;
    fn complete(&self, req: &Request) -> Result<Response, LlmError>;
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>>;
}

/// No model configured: what a host without an LLM provides.
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

pub fn describe(err: &LlmError) -> String {
    match err {
        LlmError::NotConfigured => "no LLM is configured".into(),
        LlmError::RateLimited(Some(ms)) => format!("the LLM is rate-limited (retry after {ms} ms)"),
        LlmError::RateLimited(None) => "the LLM is rate-limited".into(),
        LlmError::Timeout => "the LLM timed out".into(),
        LlmError::Auth(m) => format!("the LLM refused the credentials: {m}"),
        LlmError::BadRequest(m) => format!("the LLM refused the request: {m}"),
        LlmError::BadResponse(m) => format!("the LLM's answer could not be used: {m}"),
        LlmError::Unavailable(m) => format!("the LLM is unavailable: {m}"),
        LlmError::Cancelled => "the extraction was cancelled".into(),
    }
}

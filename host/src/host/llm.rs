//! `llm`: the extraction model behind a small trait, so providers plug in
//! without touching the guest, and tests can use a fake.

use std::future::Future;
use std::pin::Pin;
use std::time::Instant;

pub use crate::bindings::llm::{LlmError, ModelProfile, Request, Response};
use crate::host::HostState;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A model provider. `complete_batch` must return exactly one result per
/// request, in order; the default runs them one after another.
pub trait LlmEngine: Send + Sync + 'static {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError>;

    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>>;

    fn complete_batch(&self, reqs: Vec<Request>) -> BoxFuture<'_, Vec<Result<Response, LlmError>>> {
        Box::pin(async move {
            let mut out = Vec::with_capacity(reqs.len());
            for req in reqs {
                out.push(self.complete(req).await);
            }
            out
        })
    }
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

impl crate::bindings::llm::Host for HostState {
    async fn model_info(&mut self, model: Option<String>) -> Result<ModelProfile, LlmError> {
        self.llm.model_info(model.as_deref())
    }

    async fn complete(&mut self, req: Request) -> Result<Response, LlmError> {
        let start = Instant::now();
        let llm = self.llm.clone();
        let result = llm.complete(req).await;
        self.add_import_time(start.elapsed());
        result
    }

    async fn complete_batch(&mut self, reqs: Vec<Request>) -> Vec<Result<Response, LlmError>> {
        let start = Instant::now();
        let llm = self.llm.clone();
        let results = llm.complete_batch(reqs).await;
        self.add_import_time(start.elapsed());
        results
    }
}

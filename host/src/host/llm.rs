//! `llm`: the import, on top of an [`LlmEngine`]. A batch's requests run
//! concurrently (bounded by the model's concurrency); every call respects
//! the extraction's deadline and reports progress.

use std::sync::Arc;
use std::time::Instant;

use futures::StreamExt;

use crate::host::HostState;
use crate::llm::{LlmEngine, LlmError, ModelProfile, Request, Response};

impl crate::bindings::llm::Host for HostState {
    async fn model_info(&mut self, model: Option<String>) -> Result<ModelProfile, LlmError> {
        self.llm.model_info(model.as_deref())
    }

    async fn complete(&mut self, req: Request) -> Result<Response, LlmError> {
        let start = Instant::now();
        let (kind, chunk) = (req.kind, req.chunk);
        let result = call(self.llm.clone(), self.control.deadline, req).await;
        let error = result.as_ref().err().map(LlmError::message);
        self.control.report(kind, chunk, 1, 1, error);
        self.add_import_time(start.elapsed());
        result
    }

    async fn complete_batch(&mut self, reqs: Vec<Request>) -> Vec<Result<Response, LlmError>> {
        let start = Instant::now();
        let total = reqs.len();
        let width = self
            .llm
            .model_info(None)
            .map_or(1, |p| p.concurrency.max(1) as usize);
        let deadline = self.control.deadline;
        let llm = self.llm.clone();
        let mut running = futures::stream::iter(reqs.into_iter().enumerate().map(|(i, req)| {
            let llm = llm.clone();
            async move {
                let (kind, chunk) = (req.kind, req.chunk);
                (i, kind, chunk, call(llm, deadline, req).await)
            }
        }))
        .buffer_unordered(width);
        let mut results: Vec<Option<Result<Response, LlmError>>> = vec![None; total];
        let mut done = 0;
        while let Some((i, kind, chunk, result)) = running.next().await {
            done += 1;
            let error = result.as_ref().err().map(LlmError::message);
            self.control
                .report(kind, chunk, done as u32, total as u32, error);
            results[i] = Some(result);
        }
        self.add_import_time(start.elapsed());
        results
            .into_iter()
            .map(|r| r.expect("every request answered"))
            .collect()
    }
}

/// One call, cut off at the extraction's deadline.
async fn call(
    llm: Arc<dyn LlmEngine>,
    deadline: Option<Instant>,
    req: Request,
) -> Result<Response, LlmError> {
    match deadline {
        None => llm.complete(req).await,
        Some(at) if Instant::now() >= at => Err(LlmError::Timeout),
        Some(at) => tokio::time::timeout_at(at.into(), llm.complete(req))
            .await
            .unwrap_or(Err(LlmError::Timeout)),
    }
}

#[cfg(test)]
mod tests;

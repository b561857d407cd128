//! `llm`: the import, on top of an [`LlmEngine`]. A batch's requests run
//! concurrently (bounded by the model's concurrency); every call respects
//! the extraction's deadline and reports progress. A request that finds the
//! model gone for good (not configured, its key refused, unavailable after
//! retries, a client that declined sampling) stops the batch: the requests
//! not yet sent get the same error instead of asking again.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures::StreamExt;

use crate::capabilities::HostState;
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
        let stopped: Arc<Mutex<Option<LlmError>>> = Arc::default();
        let mut running = futures::stream::iter(reqs.into_iter().enumerate().map(|(i, req)| {
            let (llm, stopped) = (llm.clone(), stopped.clone());
            async move {
                let (kind, chunk) = (req.kind, req.chunk);
                let earlier = stopped.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let result = match earlier {
                    Some(error) => Err(error),
                    None => call(llm, deadline, req).await,
                };
                if let Err(error) = &result
                    && ends_the_batch(error)
                {
                    stopped
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert_with(|| error.clone());
                }
                (i, kind, chunk, result)
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

/// Whether an error says the model will not answer the rest of a batch.
fn ends_the_batch(error: &LlmError) -> bool {
    matches!(
        error,
        LlmError::NotConfigured | LlmError::Auth(_) | LlmError::Unavailable(_)
    )
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

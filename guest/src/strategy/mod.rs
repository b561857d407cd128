//! The strategies, side by side behind one signature: [`attempt`] runs one
//! mode over a stored output and gives the answer's body, or a [`Failure`]
//! the router (`extract.rs`) falls back on.
//!
//! - [`lexical`]: BM25 windows of lines, no LLM;
//! - [`truncate`]: head and tail, the last resort;
//! - [`jq`]: a jq program over a structured output, exact;
//! - [`full_chunked`]: map every chunk, then reduce (LLM);
//! - [`read_grep`]: a sub-agent with Read, Grep and Jq tools (LLM).

pub mod full_chunked;
pub mod jq;
pub mod lexical;
pub mod read_grep;
pub mod truncate;

use crate::bindings::types::{LlmCallReport, Mode};
use crate::doc::Doc;
use crate::llm::{self, Failure, Job, Llm, LlmError, ModelProfile};

/// Everything a strategy may use for one attempt.
pub struct Task<'a> {
    pub doc: &'a Doc<'a>,
    /// What the model asked for (a jq program in mode `jq`).
    pub extract: &'a str,
    /// Bytes the body may take: the answer's header is already counted.
    pub budget: usize,
    pub llm: &'a dyn Llm,
    /// The configured model, or why there is none.
    pub model: &'a Result<ModelProfile, LlmError>,
    /// The LLM strategies' job, with what is left of the call budget.
    pub job: Job<'a>,
    /// LLM calls allowed for the whole extraction (for the message).
    pub max_calls: usize,
}

/// Run `mode` once. LLM calls made are appended to `calls`.
pub fn attempt(mode: Mode, task: &Task, calls: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
    let job = &task.job;
    match (mode, task.model) {
        (Mode::FullChunked | Mode::ReadGrep, Err(err)) => Err(Failure {
            kind: llm::failure_kind(err),
            reason: err.message(),
        }),
        (Mode::FullChunked | Mode::ReadGrep, _) if job.max_calls == 0 => {
            Err(Failure::strategy(format!(
                "the {} LLM calls allowed per extraction are used up",
                task.max_calls
            )))
        }
        (Mode::FullChunked, Ok(profile)) => {
            full_chunked::over_view(task.doc, task.llm, profile, job, calls)
        }
        (Mode::ReadGrep, Ok(profile)) => {
            read_grep::run(task.doc, task.llm, profile, job, calls).map(|report| report.text)
        }
        (Mode::Lexical, _) => lexical::answer(task.doc, task.extract, task.budget),
        (Mode::Jq, _) => jq::run(task.doc, task.extract, task.budget)
            .map_err(|e| Failure::strategy(e.message().to_string())),
        (Mode::Truncate | Mode::Auto, _) => truncate::head_tail(task.doc, task.budget)
            .map_err(|e| Failure::strategy(e.message().to_string())),
    }
}

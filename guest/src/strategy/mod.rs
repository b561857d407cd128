//! The strategies, side by side behind one entry ([`Strategy`]): [`attempt`]
//! runs one mode over a stored output and gives the answer's body, or a
//! [`Failure`] the router (`extract.rs`) falls back on.
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

impl Task<'_> {
    /// The configured model, or the failure an LLM strategy falls back on.
    pub fn profile(&self) -> Result<&ModelProfile, Failure> {
        self.model.as_ref().map_err(|err| Failure {
            kind: llm::failure_kind(err),
            reason: err.message(),
        })
    }
}

/// What every strategy is: one entry over one [`Task`].
pub trait Strategy: Sync {
    /// Whether it calls the extraction model ([`attempt`] checks there is
    /// one, with calls left, before running it).
    fn needs_llm(&self) -> bool {
        false
    }

    /// The answer's body within `task.budget`, or why there is none (the
    /// router falls back). LLM calls made are appended to `calls`.
    fn answer(&self, task: &Task, calls: &mut Vec<LlmCallReport>) -> Result<String, Failure>;
}

/// The strategy that serves `mode` (`auto` is routed before this; here it
/// is `truncate`, the last resort).
pub fn of(mode: Mode) -> &'static dyn Strategy {
    match mode {
        Mode::FullChunked => &full_chunked::FullChunked,
        Mode::ReadGrep => &read_grep::ReadGrep,
        Mode::Lexical => &lexical::Lexical,
        Mode::Jq => &jq::Jq,
        Mode::Truncate | Mode::Auto => &truncate::Truncate,
    }
}

/// Run `mode` once. LLM calls made are appended to `calls`.
pub fn attempt(mode: Mode, task: &Task, calls: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
    let strategy = of(mode);
    if strategy.needs_llm() {
        task.profile()?;
        if task.job.max_calls == 0 {
            return Err(Failure::strategy(format!(
                "the {} LLM calls allowed per extraction are used up",
                task.max_calls
            )));
        }
    }
    strategy.answer(task, calls)
}

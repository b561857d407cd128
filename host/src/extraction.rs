//! Per-extraction control: limits, overall timeout, cancellation and
//! progress. The engine decides what to call; this is how the host lets
//! the caller watch and stop it.

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use tokio_util::sync::CancellationToken;

use crate::bindings::types::{LlmCallKind, Mode};
use crate::llm::config::ExtractDefaults;

/// Called as LLM calls finish (from the task running the extraction).
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// One LLM call of an extraction finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// What the call was for (a map chunk, the reduce, a sub-agent turn…).
    pub kind: LlmCallKind,
    /// The chunk of a map call.
    pub chunk: Option<u32>,
    /// Calls of this batch finished so far, of `total` (1 of 1 for a call
    /// made alone, like a sub-agent turn).
    pub done: u32,
    /// Calls in this batch.
    pub total: u32,
    /// Sub-agent turns finished so far in this extraction.
    pub turn: Option<u32>,
    /// Why the call failed, if it did.
    pub error: Option<String>,
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.kind, self.turn) {
            (LlmCallKind::SubAgentTurn, Some(turn)) => write!(f, "sub-agent turn {turn} done")?,
            (LlmCallKind::Map, _) => write!(f, "map {}/{} done", self.done, self.total)?,
            _ => write!(f, "reduce {}/{} done", self.done, self.total)?,
        }
        if let Some(error) = &self.error {
            write!(f, " (failed: {error})")?;
        }
        Ok(())
    }
}

/// How one extraction runs. `Default` takes the session's configuration.
#[derive(Clone, Default)]
pub struct ExtractOptions {
    /// None: `auto`.
    pub mode: Option<Mode>,
    /// Bytes the answer may take; None: the session's `max_inline_bytes`.
    pub max_bytes: Option<u64>,
    /// Overrides of the configured limits.
    pub max_chunks: Option<u32>,
    /// LLM calls the extraction may make.
    pub max_llm_calls: Option<u32>,
    /// Chunk overlap, 0–50 %.
    pub overlap_percent: Option<u32>,
    /// Overall time for the extraction; past it LLM calls fail as timed out
    /// and the engine answers with its deterministic strategies. None: the
    /// configured one.
    pub timeout: Option<Duration>,
    /// Cancelling stops the extraction at once (in-flight LLM requests are
    /// dropped) and it returns [`crate::Error::Cancelled`].
    pub cancel: Option<CancellationToken>,
    /// Called after every LLM call.
    pub progress: Option<ProgressFn>,
}

impl ExtractOptions {
    /// Use this mode instead of `auto`.
    pub fn mode(mut self, mode: Mode) -> Self {
        self.mode = Some(mode);
        self
    }

    /// Stop the extraction when `token` is cancelled.
    pub fn cancel(mut self, token: CancellationToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Call `f` after every LLM call.
    pub fn progress(mut self, f: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(f));
        self
    }

    /// Overall time for the extraction (see the `timeout` field).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }
}

/// What the `llm` import needs to know about the extraction it serves.
#[derive(Default)]
pub(crate) struct CallControl {
    pub deadline: Option<Instant>,
    pub progress: Option<ProgressFn>,
    pub turns: u32,
}

impl CallControl {
    pub fn new(options: &ExtractOptions, defaults: &ExtractDefaults) -> Self {
        Self {
            // A deadline past what the clock can hold is no deadline.
            deadline: options
                .timeout
                .or(defaults.timeout)
                .and_then(|t| Instant::now().checked_add(t)),
            progress: options.progress.clone(),
            turns: 0,
        }
    }

    pub fn report(
        &mut self,
        kind: LlmCallKind,
        chunk: Option<u32>,
        done: u32,
        total: u32,
        error: Option<String>,
    ) {
        let turn = (kind == LlmCallKind::SubAgentTurn).then(|| {
            self.turns += 1;
            self.turns
        });
        if let Some(progress) = &self.progress {
            progress(&Progress {
                kind,
                chunk,
                done,
                total,
                turn,
                error,
            });
        }
    }
}

//! What a session's stores and extractions cost and saved: one [`Event`]
//! per call, rolled up into [`SessionStats`], optionally appended to a
//! JSON-lines event log (one object per line, `"event": "store"` or
//! `"extract"`) that [`SessionStats::from_log`] reads back.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::bindings::types::{ExtractResult, FailureKind, StoreOutcome};

/// One line of the event log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Store(StoreEvent),
    Extract(ExtractEvent),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoreEvent {
    pub ts_ms: u64,
    pub tool: String,
    /// None: passed through.
    pub handle: Option<String>,
    pub reason: Option<String>,
    pub bytes: u64,
    /// Bytes the model got instead (the handle message); the output's own
    /// size for a passthrough.
    pub message_bytes: u64,
}

/// The engine's extraction report, as it is logged and printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExtractEvent {
    pub ts_ms: u64,
    pub handle: String,
    pub failed: bool,
    pub requested: String,
    pub used: String,
    pub fallbacks: Vec<FallbackEvent>,
    pub llm_calls: Vec<LlmCallEvent>,
    pub wall_ms: u64,
    pub source_bytes: u64,
    pub answer_bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FallbackEvent {
    pub from: String,
    pub to: String,
    pub reason: String,
    /// `model` (the model or its endpoint failed: no other LLM strategy was
    /// tried) or `strategy`. Empty in logs written before it existed.
    #[serde(default)]
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LlmCallEvent {
    /// `map`, `reduce` or `sub_agent_turn`.
    pub kind: String,
    pub chunk: Option<u32>,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub latency_ms: u64,
    pub error: Option<String>,
}

impl StoreEvent {
    pub fn new(tool: &str, bytes: u64, outcome: &StoreOutcome) -> Self {
        let (handle, reason, message_bytes) = match outcome {
            StoreOutcome::Passthrough(_) => (None, None, bytes),
            StoreOutcome::Stored(s) => (
                Some(s.handle.clone()),
                Some(s.reason.as_str().to_string()),
                s.message.len() as u64,
            ),
        };
        Self {
            ts_ms: now_ms(),
            tool: tool.to_string(),
            handle,
            reason,
            bytes,
            message_bytes,
        }
    }
}

impl ExtractEvent {
    pub fn new(handle: &str, result: &ExtractResult) -> Self {
        let r = &result.report;
        Self {
            ts_ms: now_ms(),
            handle: handle.to_string(),
            failed: result.failed,
            requested: r.requested.as_str().to_string(),
            used: r.used.as_str().to_string(),
            fallbacks: r
                .fallbacks
                .iter()
                .map(|f| FallbackEvent {
                    from: f.from.as_str().to_string(),
                    to: f.to.as_str().to_string(),
                    reason: f.reason.clone(),
                    kind: match f.kind {
                        FailureKind::Model => "model",
                        FailureKind::Strategy => "strategy",
                    }
                    .to_string(),
                })
                .collect(),
            llm_calls: r
                .llm_calls
                .iter()
                .map(|c| LlmCallEvent {
                    kind: c.kind.as_str().to_string(),
                    chunk: c.chunk,
                    input_tokens: c.input_tokens,
                    output_tokens: c.output_tokens,
                    latency_ms: c.latency_ms,
                    error: c.error.clone(),
                })
                .collect(),
            wall_ms: r.wall_ms,
            source_bytes: r.source_bytes,
            answer_bytes: r.answer_bytes,
        }
    }
}

/// A session's totals.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionStats {
    pub stores: u64,
    pub stored: u64,
    pub passed_through: u64,
    /// Bytes of every output handed to `store`.
    pub bytes_in: u64,
    /// Bytes of the stored outputs, and of the handle messages that stood
    /// in for them.
    pub bytes_stored: u64,
    pub handle_message_bytes: u64,
    pub extractions: u64,
    pub extractions_failed: u64,
    /// Extractions that fell back at least once, and the steps in all.
    pub extractions_with_fallback: u64,
    pub fallbacks: u64,
    /// Extractions by the strategy that answered.
    pub strategies: BTreeMap<String, u64>,
    pub llm_calls: u64,
    pub llm_errors: u64,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Sum of the calls' latencies (concurrent calls overlap in time).
    pub llm_latency_ms: u64,
    pub extract_wall_ms: u64,
    pub answer_bytes: u64,
}

impl SessionStats {
    pub fn add(&mut self, event: &Event) {
        match event {
            Event::Store(s) => {
                add(&mut self.stores, 1);
                add(&mut self.bytes_in, s.bytes);
                if s.handle.is_some() {
                    add(&mut self.stored, 1);
                    add(&mut self.bytes_stored, s.bytes);
                    add(&mut self.handle_message_bytes, s.message_bytes);
                } else {
                    add(&mut self.passed_through, 1);
                }
            }
            Event::Extract(e) => {
                add(&mut self.extractions, 1);
                add(&mut self.extractions_failed, u64::from(e.failed));
                add(
                    &mut self.extractions_with_fallback,
                    u64::from(!e.fallbacks.is_empty()),
                );
                add(&mut self.fallbacks, e.fallbacks.len() as u64);
                if !e.failed {
                    add(self.strategies.entry(e.used.clone()).or_default(), 1);
                }
                for call in &e.llm_calls {
                    add(&mut self.llm_calls, 1);
                    add(&mut self.llm_errors, u64::from(call.error.is_some()));
                    add(&mut self.input_tokens, call.input_tokens);
                    add(&mut self.output_tokens, call.output_tokens);
                    add(&mut self.llm_latency_ms, call.latency_ms);
                }
                add(&mut self.extract_wall_ms, e.wall_ms);
                add(&mut self.answer_bytes, e.answer_bytes);
            }
        }
    }

    /// Bytes the model did not have to read: stored outputs less the
    /// handle messages and extraction answers it got instead.
    pub fn bytes_kept_out(&self) -> u64 {
        self.bytes_stored
            .saturating_sub(self.handle_message_bytes.saturating_add(self.answer_bytes))
    }

    /// Roll up an event log. Lines that are not events (a torn last line
    /// after a crash) are skipped and counted.
    pub fn from_log(path: &Path) -> std::io::Result<(Self, usize)> {
        let mut stats = Self::default();
        let mut skipped = 0;
        let file = std::fs::File::open(path)?;
        for line in std::io::BufReader::new(file).lines() {
            match serde_json::from_str::<Event>(&line?) {
                Ok(event) => stats.add(&event),
                Err(_) => skipped += 1,
            }
        }
        Ok((stats, skipped))
    }
}

/// Appends events to a JSON-lines file (created 0600).
pub struct EventLog {
    file: Mutex<std::fs::File>,
}

impl EventLog {
    pub fn open(path: &Path) -> std::io::Result<Self> {
        let mut options = std::fs::OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        Ok(Self {
            file: Mutex::new(options.open(path)?),
        })
    }

    /// One line per event, written whole (a failed write is logged, never
    /// an error of the store or extraction it describes).
    pub fn append(&self, event: &Event) {
        let mut line = serde_json::to_vec(event).expect("events serialize");
        line.push(b'\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(&line) {
            tracing::warn!("could not append to the event log: {e}");
        }
    }
}

/// Saturating: the numbers may come from a hand-edited log.
fn add(total: &mut u64, n: u64) {
    *total = total.saturating_add(n);
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The session's running totals, and where its events go.
#[derive(Default)]
pub(crate) struct Accounts {
    pub(crate) stats: std::sync::Mutex<SessionStats>,
    pub(crate) log: std::sync::OnceLock<EventLog>,
}

impl Accounts {
    pub(crate) fn record(&self, event: Event) {
        self.stats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(&event);
        if let Some(log) = self.log.get() {
            log.append(&event);
        }
    }
}

/// The one log line per stored output (seed 002's `[WRN] Tool '…' output
/// stored for tool_output (size_cap).`, with the handle and sizes as fields).
pub(crate) fn log_stored(tool: &str, outcome: &StoreOutcome) {
    if let StoreOutcome::Stored(s) = outcome {
        let reason = s.reason.as_str();
        tracing::warn!(
            tool,
            handle = %s.handle,
            reason,
            bytes = s.stats.bytes,
            lines = s.stats.lines,
            tokens = s.stats.tokens.unwrap_or(0),
            "Tool '{tool}' output stored for tool_output ({reason})."
        );
    }
}

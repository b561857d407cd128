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
    /// An output handed to `store` (`"event": "store"`).
    Store(StoreEvent),
    /// An answered `tool_output` call (`"event": "extract"`).
    Extract(ExtractEvent),
}

/// One store: what came in and what the model got instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoreEvent {
    /// When, in milliseconds since the Unix epoch.
    pub ts_ms: u64,
    /// The tool whose output it was.
    pub tool: String,
    /// None: passed through.
    pub handle: Option<String>,
    /// Why it was stored (`size_cap`, `token_budget`, `reserve_failed`);
    /// None for a passthrough.
    pub reason: Option<String>,
    /// The output's size in bytes.
    pub bytes: u64,
    /// Bytes the model got instead (the handle message); the output's own
    /// size for a passthrough.
    pub message_bytes: u64,
}

/// The engine's extraction report, as it is logged and printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExtractEvent {
    /// When it finished, in milliseconds since the Unix epoch.
    pub ts_ms: u64,
    /// The handle asked about.
    pub handle: String,
    /// The answer was the `FAILED` form (bad handle, empty `extract`,
    /// unreadable storage).
    pub failed: bool,
    /// The mode the caller asked for (`auto`, `lexical`, …).
    pub requested: String,
    /// The mode that answered, after any fallbacks.
    pub used: String,
    /// Each step down the fallback chain, in order.
    pub fallbacks: Vec<FallbackEvent>,
    /// Each LLM call the extraction made, failed ones included.
    pub llm_calls: Vec<LlmCallEvent>,
    /// Wall time inside the engine, in milliseconds.
    pub wall_ms: u64,
    /// Bytes of the stored original the answer stands in for.
    pub source_bytes: u64,
    /// Bytes of the answer text.
    pub answer_bytes: u64,
}

/// One step down the fallback chain (`full-chunked` → `lexical`, …).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FallbackEvent {
    /// The mode that failed.
    pub from: String,
    /// The mode tried next.
    pub to: String,
    /// Why `from` failed, in words (as the answer's `WARNING:` line).
    pub reason: String,
    /// `model` (the model or its endpoint failed: no other LLM strategy was
    /// tried) or `strategy`. Empty in logs written before it existed.
    #[serde(default)]
    pub kind: String,
}

/// One LLM call of an extraction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LlmCallEvent {
    /// `map`, `reduce` or `sub_agent_turn`.
    pub kind: String,
    /// The chunk a map call read (0-based); None for other calls.
    pub chunk: Option<u32>,
    /// Prompt tokens, as the provider counted them (0 if it did not say).
    pub input_tokens: u64,
    /// Answer tokens, likewise.
    pub output_tokens: u64,
    /// Wall time of the call in milliseconds, retries included.
    pub latency_ms: u64,
    /// Why the call failed; None when it answered.
    pub error: Option<String>,
}

impl StoreEvent {
    /// The event for a store of `bytes` bytes of `tool`'s output, stamped now.
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
    /// The event for the engine's answer about `handle`, stamped now.
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
    /// Outputs handed to `store`.
    pub stores: u64,
    /// Of those, the outputs stored behind a handle.
    pub stored: u64,
    /// Of those, the outputs passed through unchanged.
    pub passed_through: u64,
    /// Bytes of every output handed to `store`.
    pub bytes_in: u64,
    /// Bytes of the stored outputs.
    pub bytes_stored: u64,
    /// Bytes of the handle messages that stood in for them.
    pub handle_message_bytes: u64,
    /// `tool_output` calls answered.
    pub extractions: u64,
    /// Of those, answered with the `FAILED` form.
    pub extractions_failed: u64,
    /// Extractions that fell back at least once, and the steps in all.
    pub extractions_with_fallback: u64,
    /// Fallback steps, over all extractions.
    pub fallbacks: u64,
    /// Extractions by the strategy that answered.
    pub strategies: BTreeMap<String, u64>,
    /// LLM calls made by extractions.
    pub llm_calls: u64,
    /// Of those, calls that failed.
    pub llm_errors: u64,
    /// Prompt tokens over all LLM calls.
    pub input_tokens: u64,
    /// Answer tokens over all LLM calls.
    pub output_tokens: u64,
    /// Sum of the calls' latencies (concurrent calls overlap in time).
    pub llm_latency_ms: u64,
    /// Sum of the extractions' wall times inside the engine.
    pub extract_wall_ms: u64,
    /// Bytes of all extraction answers.
    pub answer_bytes: u64,
}

impl SessionStats {
    /// Count one event in (saturating: a hand-edited log cannot overflow it).
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
    /// Open `path` for appending, creating it (owner-only) if missing.
    pub fn open(path: &Path) -> std::io::Result<Self> {
        let mut options = std::fs::OpenOptions::new();
        options.create(true).append(true);
        crate::platform::owner_only(&mut options);
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

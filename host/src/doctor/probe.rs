//! The doctor's probes: real extractions through the engine, so the
//! prompts, the answer format and its parsing stay the engine's. A tiny
//! output with a random incident code on one line is stored in a temporary
//! session, then `full-chunked` and `read-grep` are asked for the code. A
//! strategy works when its report says it answered itself (no fallback) and
//! the answer holds the code, which the model can only have read in the
//! output.

use std::time::Duration;

use serde::Serialize;

use crate::bindings::types::{ExtractResult, FailureKind, Mode};
use crate::{ExtractOptions, Outcome, Session, ToolCall, default_policy};

/// LLM calls a probe may make: one map call; or a sub-agent that greps,
/// reads once and answers, with room for the engine's one reminder.
const FULL_CHUNKED_CALLS: u32 = 2;
const READ_GREP_CALLS: u32 = 4;

/// What one probe found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Some(true): works; Some(false): the model does not manage it; None:
    /// not known (the model or endpoint failed, or it was not checked).
    pub works: Option<bool>,
    /// In plain words, why.
    pub detail: String,
}

impl Verdict {
    /// Not known (`works: None`), and why.
    pub fn unknown(detail: impl Into<String>) -> Self {
        Self {
            works: None,
            detail: detail.into(),
        }
    }
}

/// The stored probe output and what it hides.
pub struct Probe {
    handle: String,
    code: String,
}

const QUESTION: &str = "What is the incident code on the ERROR line? Answer with the code.";

impl Probe {
    /// Store the probe output in `session`.
    pub async fn store(session: &Session) -> crate::Result<Self> {
        let code = uuid::Uuid::new_v4().simple().to_string()[..10].to_string();
        let mut text = String::new();
        for i in 1..=40 {
            if i == 27 {
                text.push_str(&format!(
                    "2026-01-05T10:00:{i:02}Z ERROR payments: checksum mismatch, incident code {code}\n"
                ));
            } else {
                text.push_str(&format!(
                    "2026-01-05T10:00:{i:02}Z INFO worker {} heartbeat ok (seq {})\n",
                    i % 4,
                    1000 + i
                ));
            }
        }
        // Stored whatever its size: the probes need a handle.
        let policy = crate::StorePolicy {
            max_inline_bytes: 0,
            preview: false,
            ..default_policy()
        };
        let call = ToolCall::new("service-log").args(r#"{"service":"payments"}"#);
        match session.store_with(&call, text.as_bytes(), &policy).await? {
            Outcome::Stored(s) => Ok(Self {
                handle: s.handle,
                code,
            }),
            Outcome::Passthrough(_) => Err(crate::Error::Setup(anyhow::anyhow!(
                "the probe output was not stored"
            ))),
        }
    }

    /// Run `mode` on the probe output and judge its report.
    pub async fn run(&self, session: &Session, mode: Mode, timeout: Duration) -> Verdict {
        let calls = match mode {
            Mode::ReadGrep => READ_GREP_CALLS,
            _ => FULL_CHUNKED_CALLS,
        };
        let options = ExtractOptions {
            mode: Some(mode),
            max_llm_calls: Some(calls),
            timeout: Some(timeout),
            ..ExtractOptions::default()
        };
        match session.extract_with(&self.handle, QUESTION, &options).await {
            Ok(result) => judge(&result, mode, &self.code),
            Err(e) => Verdict::unknown(format!("the probe could not run: {e}")),
        }
    }
}

/// Did `mode` answer by itself, with the code?
fn judge(result: &ExtractResult, mode: Mode, code: &str) -> Verdict {
    let report = &result.report;
    let calls = report.llm_calls.len();
    let calls = format!("{calls} LLM call{}", if calls == 1 { "" } else { "s" });
    if let Some(first) = report.fallbacks.first() {
        return match first.kind {
            FailureKind::Model => Verdict::unknown(format!("the model failed: {}", first.reason)),
            FailureKind::Strategy => Verdict {
                works: Some(false),
                detail: first.reason.clone(),
            },
        };
    }
    if report.used != mode {
        return Verdict::unknown(format!(
            "the engine answered with {} instead",
            report.used.as_str()
        ));
    }
    let body = result.text.split_once("\n\n").map_or("", |(_, b)| b);
    if body.contains(code) {
        let how = match mode {
            Mode::ReadGrep => "found the needle with native tool calls",
            _ => "answered in the final-report format, with the needle",
        };
        Verdict {
            works: Some(true),
            detail: format!("{how} ({calls})"),
        }
    } else {
        Verdict {
            works: Some(false),
            detail: format!(
                "answered in the final-report format but without the incident code that was in \
                 the output ({calls}): {:?}",
                opening(body)
            ),
        }
    }
}

/// The start of an answer, on one line, for a message.
fn opening(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line,
    }
}

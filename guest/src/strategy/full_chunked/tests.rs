//! Tests of the full-chunked strategy: map and reduce calls against a
//! scripted model.

use std::cell::RefCell;

use super::*;
use crate::bindings::llm_import::{LlmError, Usage};
use crate::prompts::{DocStats, Source};

const NONCE: &str = "0123456789abcdef";

/// Answers map calls with the chunk's ERROR lines, reduce calls with
/// the union of the non-empty chunk answers; records every request.
struct Fake {
    seen: RefCell<Vec<Request>>,
    /// Map calls from this one on (0-based) fail as unavailable.
    fail_maps_from: Option<usize>,
    no_tag: bool,
}

impl Fake {
    fn new() -> Self {
        Fake {
            seen: RefCell::new(Vec::new()),
            fail_maps_from: None,
            no_tag: false,
        }
    }
}

fn profile() -> ModelProfile {
    ModelProfile {
        model: "fake".into(),
        context_window: 3000,
        max_output_tokens: 300,
        tokenizer: "cl100k_base".into(),
        tokenizer_exact: true,
        concurrency: 4,
        manages_full_chunked: None,
        manages_read_grep: None,
    }
}

impl Llm for Fake {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        Ok(profile())
    }
    fn complete(&self, req: &Request) -> Result<Response, LlmError> {
        self.seen.borrow_mut().push(req.clone());
        let system = &req.messages[0].content;
        let body = if system.contains("from a document chunk") {
            let maps = self.seen.borrow().len() - 1;
            if self.fail_maps_from.is_some_and(|n| maps >= n) {
                return Err(LlmError::Unavailable("503".into()));
            }
            let hits: Vec<&str> = req.messages[1]
                .content
                .lines()
                .filter(|l| l.contains("ERROR"))
                .collect();
            if hits.is_empty() {
                "NO RELEVANT DATA FOUND\nonly info lines".to_string()
            } else {
                hits.join("\n")
            }
        } else {
            let mut found: Vec<&str> = system.lines().filter(|l| l.contains("ERROR")).collect();
            found.dedup();
            found.join("\n")
        };
        let text = if self.no_tag {
            body
        } else {
            format!("<ai-agent-{NONCE}-FINAL format=\"text\">\n{body}\n")
        };
        Ok(Response {
            text,
            tool_calls: Vec::new(),
            usage: Usage {
                input_tokens: 10,
                output_tokens: 5,
            },
            model: "fake".into(),
            latency_ms: 1,
            truncated: false,
        })
    }
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
        reqs.iter().map(|r| self.complete(r)).collect()
    }
}

fn job<'a>(max_calls: usize) -> Job<'a> {
    Job {
        source: Source {
            tool: "bash",
            args: "{}",
        },
        stats: DocStats {
            bytes: 0,
            lines: 0,
            tokens: 0,
        },
        extract: "every ERROR line",
        nonce: NONCE,
        overlap_percent: 10,
        max_calls,
    }
}

fn log(lines: usize) -> String {
    (0..lines)
        .map(|i| {
            if i % 997 == 500 {
                format!("ERROR disk {i} failed\n")
            } else {
                format!("info request {i} ok\n")
            }
        })
        .collect()
}

#[test]
fn maps_every_byte_within_budget_then_reduces() {
    let text = log(6000);
    let fake = Fake::new();
    let mut calls = Vec::new();
    let report = run(&text, &fake, &profile(), &job(64), &mut calls).unwrap();
    for i in (0..6000).filter(|i| i % 997 == 500) {
        assert!(
            report.text.contains(&format!("ERROR disk {i} failed")),
            "{}",
            report.text
        );
    }
    let seen = fake.seen.borrow();
    let maps: Vec<&Request> = seen
        .iter()
        .filter(|r| r.messages[0].content.contains("document chunk"))
        .collect();
    assert!(maps.len() > 3, "{} chunks", maps.len());
    // Every line of the document is in some map request.
    for line in text.lines() {
        assert!(
            maps.iter().any(|r| r.messages[1].content.contains(line)),
            "{line} was never sent"
        );
    }
    // No request exceeds the context window with its answer.
    for r in seen.iter() {
        let tokens: u64 = r
            .messages
            .iter()
            .map(|m| Encoding::Cl100k.count(&m.content))
            .sum();
        assert!(tokens + 300 <= 3000, "{tokens} tokens");
    }
    let map_calls = calls.iter().filter(|c| c.kind == LlmCallKind::Map).count();
    assert_eq!(map_calls, maps.len());
    assert!(calls.iter().any(|c| c.kind == LlmCallKind::Reduce));
}

#[test]
fn one_chunk_needs_no_reduce() {
    let fake = Fake::new();
    let mut calls = Vec::new();
    let text = log(300) + "ERROR disk 9 failed\n";
    let report = run(&text, &fake, &profile(), &job(64), &mut calls).unwrap();
    assert_eq!(calls.len(), 1);
    assert_eq!(report.text, "ERROR disk 9 failed");
}

#[test]
fn every_call_of_a_batch_is_recorded_and_a_model_failure_wins() {
    // Chunk 1 answers without the wrapper (a strategy failure), later
    // chunks meet a model that is down: the model failure decides.
    let mut fake = Fake::new();
    fake.no_tag = true;
    fake.fail_maps_from = Some(1);
    let mut calls = Vec::new();
    let err = run(&log(6000), &fake, &profile(), &job(64), &mut calls).unwrap_err();
    assert_eq!(err.kind, FailureKind::Model);
    assert_eq!(
        err.reason,
        "the map call for chunk 2 failed: the LLM is unavailable: 503"
    );
    let maps = fake.seen.borrow().len();
    assert!(maps > 3);
    assert_eq!(calls.len(), maps, "every call made is in the report");
    assert_eq!(
        calls[0].error.as_deref(),
        Some("the map call for chunk 1 answered without the final-report wrapper")
    );
}

#[test]
fn failures_are_reported_for_the_fallback() {
    let mut fake = Fake::new();
    fake.fail_maps_from = Some(0);
    let err = run(&log(6000), &fake, &profile(), &job(64), &mut Vec::new()).unwrap_err();
    assert!(
        err.reason.contains("failed: the LLM is unavailable: 503"),
        "{}",
        err.reason
    );
    let mut fake = Fake::new();
    fake.no_tag = true;
    let err = run(&log(300), &fake, &profile(), &job(64), &mut Vec::new()).unwrap_err();
    assert!(
        err.reason.contains("without the final-report wrapper"),
        "{}",
        err.reason
    );
    let err = run(
        &log(6000),
        &Fake::new(),
        &profile(),
        &job(3),
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(err.reason.contains("LLM calls allowed"), "{}", err.reason);
}

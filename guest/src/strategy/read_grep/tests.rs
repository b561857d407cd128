//! Tests of the read-grep strategy: a scripted model drives Read, Grep and
//! Jq over stored outputs.

use std::cell::RefCell;

use super::*;
use crate::bindings::llm_import::{LlmError, Response, Usage};
use crate::bindings::types::{CallInfo, StoreOutcome};
use crate::llm::FailureKind;
use crate::prompts::{DocStats, Source};
use crate::storage::MemStorage;

const NONCE: &str = "feedfacecafebeef";

type Script = Box<dyn Fn(usize, &Request) -> Response>;

/// Answers turn `n` with `script(n, request)`; records every request.
struct Scripted {
    script: Script,
    seen: RefCell<Vec<Request>>,
}

impl Llm for Scripted {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        Ok(profile())
    }
    fn complete(&self, req: &Request) -> Result<Response, LlmError> {
        let n = self.seen.borrow().len();
        self.seen.borrow_mut().push(req.clone());
        Ok((self.script)(n, req))
    }
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
        reqs.iter().map(|r| self.complete(r)).collect()
    }
}

fn profile() -> ModelProfile {
    ModelProfile {
        model: "fake".into(),
        context_window: 8000,
        max_output_tokens: 500,
        tokenizer: "cl100k_base".into(),
        tokenizer_exact: true,
        concurrency: 1,
        manages_full_chunked: None,
        manages_read_grep: None,
    }
}

fn answer(text: &str, calls: Vec<(&str, Value)>) -> Response {
    Response {
        text: text.into(),
        tool_calls: calls
            .into_iter()
            .enumerate()
            .map(|(i, (name, args))| ToolCall {
                id: format!("c{i}"),
                name: name.into(),
                arguments: args.to_string(),
            })
            .collect(),
        usage: Usage {
            input_tokens: 100,
            output_tokens: 10,
        },
        model: "fake".into(),
        latency_ms: 1,
        truncated: false,
    }
}

fn stored_doc(st: &MemStorage) -> Doc<'_> {
    let text: String = (1..=4000)
        .map(|i| {
            if i == 2001 {
                "ERROR disk full on /var\n".to_string()
            } else {
                format!("info {i}\n")
            }
        })
        .collect();
    let call = CallInfo {
        tool: "bash".into(),
        args: "{}".into(),
        model: None,
    };
    let StoreOutcome::Stored(s) =
        crate::store::store(st, call, text.as_bytes(), crate::default_policy()).unwrap()
    else {
        panic!("stored")
    };
    Doc::open(st, &s.handle).unwrap()
}

fn job<'a>() -> Job<'a> {
    Job {
        source: Source {
            tool: "bash",
            args: "{}",
        },
        stats: DocStats {
            bytes: 1,
            lines: 1,
            tokens: 1,
        },
        extract: "why did the disk fail",
        nonce: NONCE,
        overlap_percent: 0,
        max_calls: 64,
    }
}

fn last_tool_results(req: &Request) -> Vec<String> {
    req.messages
        .iter()
        .rev()
        .take_while(|m| m.role == Role::Tool)
        .map(|m| m.content.clone())
        .collect()
}

#[test]
fn greps_reads_and_answers() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let h = doc.handle.to_string();
    let hh = h.clone();
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(move |n, req| match n {
            0 => answer("", vec![("Grep", json!({"file": hh, "pattern": "ERROR"}))]),
            1 => {
                assert_eq!(
                    last_tool_results(req),
                    vec!["2001: ERROR disk full on /var\n".to_string()]
                );
                answer(
                    "",
                    vec![("Read", json!({"file": hh, "offset": 2000, "limit": 3}))],
                )
            }
            _ => {
                let read = last_tool_results(req).join("");
                answer(
                    &format!(
                        "<ai-agent-{NONCE}-FINAL format=\"text\">\nFound:\n{read}</ai-agent-{NONCE}-FINAL>"
                    ),
                    vec![],
                )
            }
        }),
    };
    let mut calls = Vec::new();
    let report = run(&doc, &llm, &profile(), &job(), &mut calls).unwrap();
    assert_eq!(
        report.text,
        format!("Found:\n2000: info 2000\n2001: ERROR disk full on /var\n2002: info 2002")
    );
    assert_eq!(calls.len(), 3);
    assert!(calls.iter().all(|c| c.kind == LlmCallKind::SubAgentTurn));
    let first = &llm.seen.borrow()[0];
    assert_eq!(
        first
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        ["Read", "Grep"]
    );
    assert!(
        first.messages[0]
            .content
            .contains(&format!("- Handle/filename: {h}"))
    );
    assert!(!first.messages[0].content.contains("Jq"), "text: no Jq");
}

#[test]
fn a_json_output_gives_the_sub_agent_jq_with_exact_results() {
    let st = MemStorage::new();
    let records: Vec<String> = (0..3000)
        .map(|i| format!(r#"{{"id": {i}, "ok": {}}}"#, i != 2718))
        .collect();
    let text = records.join("\n") + "\n";
    let call = CallInfo {
        tool: "api".into(),
        args: "{}".into(),
        model: None,
    };
    let StoreOutcome::Stored(s) =
        crate::store::store(&st, call, text.as_bytes(), crate::default_policy()).unwrap()
    else {
        panic!("stored")
    };
    let doc = Doc::open(&st, &s.handle).unwrap();
    let h = doc.handle.to_string();
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(move |n, req| match n {
            0 => answer(
                "",
                vec![
                    (
                        "Jq",
                        json!({"file": h, "program": "[.[] | select(.ok | not) | .id]"}),
                    ),
                    ("Jq", json!({"file": h, "program": ".[] | .nope("})),
                ],
            ),
            _ => {
                let results = last_tool_results(req);
                answer(
                    &format!(
                        "<ai-agent-{NONCE}-FINAL format=\"text\">\n{}</ai-agent-{NONCE}-FINAL>",
                        results.join("\n=====\n")
                    ),
                    vec![],
                )
            }
        }),
    };
    let mut calls = Vec::new();
    let report = run(&doc, &llm, &profile(), &job(), &mut calls).unwrap();
    let first = &llm.seen.borrow()[0];
    assert_eq!(
        first
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        ["Read", "Grep", "Jq"]
    );
    assert!(
        first.messages[0]
            .content
            .contains("the Jq tool runs a jq program")
    );
    // Results come back last first (take_while from the end).
    let (bad, good) = report.text.split_once("\n=====\n").expect("two results");
    assert!(
        bad.starts_with("The jq program does not compile: "),
        "{bad}"
    );
    assert_eq!(
        good,
        "jq over 3000 JSON values (JSON lines), given to the program as one array. Results, one per line:\n[2718]"
    );
}

#[test]
fn other_files_get_an_error_result_not_a_read() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let other = uuid::Uuid::new_v4().to_string();
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(move |n, req| match n {
            0 => answer(
                "",
                vec![
                    ("Read", json!({"file": "/etc/passwd"})),
                    ("Grep", json!({"file": other, "pattern": "."})),
                    ("Read", json!({"file": "../x"})),
                    ("Delete", json!({})),
                ],
            ),
            _ => {
                let results = last_tool_results(req);
                assert_eq!(results.len(), 4);
                assert!(
                    results[1..]
                        .iter()
                        .all(|r| r.starts_with("Error: no such file")),
                    "{results:?}"
                );
                assert!(results[0].starts_with("Error: unknown tool"), "{results:?}");
                answer(
                    &format!(
                        "<ai-agent-{NONCE}-FINAL format=\"text\">NO RELEVANT DATA FOUND\nonly errors"
                    ),
                    vec![],
                )
            }
        }),
    };
    let report = run(&doc, &llm, &profile(), &job(), &mut Vec::new()).unwrap();
    assert!(report.no_relevant_data);
}

#[test]
fn prose_without_tools_or_report_gets_one_reminder_then_ends() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(|_, _| answer("The disk is probably full.", vec![])),
    };
    let mut calls = Vec::new();
    let err = run(&doc, &llm, &profile(), &job(), &mut calls).unwrap_err();
    assert_eq!(err.kind, FailureKind::Strategy);
    assert_eq!(
        err.reason,
        "the sub-agent neither called Read or Grep nor answered in the final-report \
             wrapper (turns 1 and 2, the second after a reminder)"
    );
    assert_eq!(calls.len(), 2, "one wasted turn, one reminded turn");
    let seen = llm.seen.borrow();
    let reminder = seen[1].messages.last().unwrap();
    assert_eq!(reminder.role, Role::User);
    assert_eq!(
        reminder.content,
        format!(
            "Your reply had no tool call and no final report. Either call the Read or Grep \
                 tool (a native tool call, not text), or give your answer now inside \
                 <ai-agent-{NONCE}-FINAL format=\"text\"> … </ai-agent-{NONCE}-FINAL>."
        )
    );
    assert_eq!(
        seen[1].messages[seen[1].messages.len() - 2].content,
        "The disk is probably full."
    );
}

#[test]
fn a_model_that_answers_after_the_reminder_succeeds() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(|n, _| match n {
            0 => answer("Let me think about the disk.", vec![]),
            _ => answer(
                &format!("<ai-agent-{NONCE}-FINAL format=\"text\">the disk is full"),
                vec![],
            ),
        }),
    };
    let mut calls = Vec::new();
    let report = run(&doc, &llm, &profile(), &job(), &mut calls).unwrap();
    assert_eq!(report.text, "the disk is full");
    assert_eq!(calls.len(), 2);
}

#[test]
fn a_failed_call_says_whether_the_model_is_down() {
    for (error, kind) in [
        (
            LlmError::Unavailable("connection refused".into()),
            FailureKind::Model,
        ),
        (LlmError::Auth("HTTP 401".into()), FailureKind::Model),
        (
            LlmError::BadRequest("tools not supported".into()),
            FailureKind::Strategy,
        ),
    ] {
        struct Failing(LlmError);
        impl Llm for Failing {
            fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
                Ok(profile())
            }
            fn complete(&self, _: &Request) -> Result<Response, LlmError> {
                Err(self.0.clone())
            }
            fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
                reqs.iter().map(|r| self.complete(r)).collect()
            }
        }
        let st = MemStorage::new();
        let doc = stored_doc(&st);
        let why = error.message();
        let err = run(&doc, &Failing(error), &profile(), &job(), &mut Vec::new()).unwrap_err();
        assert_eq!(err.kind, kind);
        assert_eq!(err.reason, format!("sub-agent turn 1 failed: {why}"));
    }
}

#[test]
fn turns_and_calls_per_turn_are_bounded() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let h = doc.handle.to_string();
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(move |_, _| {
            answer(
                "",
                (0..12)
                    .map(|_| ("Grep", json!({"file": h, "pattern": "info 1$"})))
                    .collect(),
            )
        }),
    };
    let mut calls = Vec::new();
    let roomy = ModelProfile {
        context_window: 1_000_000,
        ..profile()
    };
    let err = run(&doc, &llm, &roomy, &job(), &mut calls).unwrap_err();
    assert!(
        err.reason.contains("no final report within 15 turns"),
        "{}",
        err.reason
    );
    assert_eq!(calls.len(), MAX_TURNS);
    let seen = llm.seen.borrow();
    assert!(
        seen.last().unwrap().tool_choice == ToolChoice::None,
        "the last turn allows no tool calls"
    );
    let results = last_tool_results(&seen[1]);
    assert_eq!(
        results
            .iter()
            .filter(|r| r.contains("at most 10 tool calls"))
            .count(),
        2
    );
    assert!(results.iter().all(|r| r.len() <= MAX_RESULT_BYTES));
}

#[test]
fn results_shrink_so_the_conversation_fits_the_context() {
    let st = MemStorage::new();
    let doc = stored_doc(&st);
    let h = doc.handle.to_string();
    let llm = Scripted {
        seen: RefCell::new(Vec::new()),
        script: Box::new(move |_, req| {
            if req.tool_choice == ToolChoice::None {
                return answer(
                    &format!("<ai-agent-{NONCE}-FINAL format=\"text\">done"),
                    vec![],
                );
            }
            answer(
                "",
                (0..4)
                    .map(|i| {
                        (
                            "Read",
                            json!({"file": h, "offset": 1 + i * 500, "limit": 500}),
                        )
                    })
                    .collect(),
            )
        }),
    };
    let profile = profile();
    let report = run(&doc, &llm, &profile, &job(), &mut Vec::new()).unwrap();
    assert_eq!(report.text, "done");
    let seen = llm.seen.borrow();
    assert!(
        seen.len() < MAX_TURNS,
        "the full context ends the loop early"
    );
    let cl100k = Encoding::Cl100k;
    for req in seen.iter() {
        let tokens: usize = req
            .messages
            .iter()
            .map(|m| cl100k.count(&m.content) as usize + 8)
            .sum();
        assert!(
            tokens + TOOLS_TOKENS + profile.max_output_tokens as usize
                <= profile.context_window as usize,
            "a request of {tokens} tokens overflows the window"
        );
    }
    let results = last_tool_results(&seen[seen.len() - 1]);
    assert!(
        results
            .iter()
            .all(|r| r.contains("no room for more results")),
        "{results:?}"
    );
}

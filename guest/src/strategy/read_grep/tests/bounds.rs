//! The conversation's bounds: a reminder for prose, failed calls, turns
//! and calls per turn, results shrunk to fit the context.

use super::*;

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

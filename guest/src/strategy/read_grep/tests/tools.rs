//! The sub-agent's tools: Grep then Read, Jq on a JSON output with exact
//! results, and other files refused.

use super::*;

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

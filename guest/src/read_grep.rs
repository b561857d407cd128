//! `read-grep`: a sub-agent loop. The model gets exactly two tools, Read
//! and Grep, which the engine executes against the stored output only — a
//! call naming any other file gets an error result, never a read. Turns,
//! calls per turn and every result's size are bounded.

use serde_json::{Value, json};

use crate::bindings::llm_import::{
    Message, ModelProfile, Request, Role, ToolCall, ToolChoice, ToolDefinition,
};
use crate::bindings::types::{GrepOptions, LineRange, LlmCallKind, LlmCallReport};
use crate::doc::Doc;
use crate::llm::{self, Failure, Job, Llm};
use crate::prompts;
use crate::report::{self, FinalReport};
use crate::tokens::Encoding;

pub const MAX_TURNS: usize = 15;
pub const MAX_CALLS_PER_TURN: usize = 10;
/// Every tool result the sub-agent sees is at most this big, so its own
/// context cannot overflow.
pub const MAX_RESULT_BYTES: usize = 8192;
/// Below this a result is useless: the sub-agent is told to answer instead.
pub const MIN_RESULT_BYTES: usize = 512;
/// What the tool definitions (Jq included) cost in the request, rounded up.
const TOOLS_TOKENS: usize = 520;
const DEFAULT_READ_LINES: u64 = 200;
const MAX_READ_LINES: u64 = 500;

/// Read and Grep; Jq too when the output is JSON (`jq`: see [`offers_jq`]).
pub fn tools(jq: bool) -> Vec<ToolDefinition> {
    let mut tools = vec![
        ToolDefinition {
            name: "Read".into(),
            description: "Read numbered lines of the file: offset is the first line (1-based), limit how many (at most 500).".into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "file": {"type": "string", "description": "The file name (the handle)."},
                    "offset": {"type": "integer", "minimum": 1},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_READ_LINES}
                },
                "required": ["file"]
            })
            .to_string(),
        },
        ToolDefinition {
            name: "Grep".into(),
            description: "Lines of the file matching a regular expression (Rust regex syntax), numbered, with optional context lines.".into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "file": {"type": "string", "description": "The file name (the handle)."},
                    "pattern": {"type": "string"},
                    "context": {"type": "integer", "minimum": 0, "maximum": 20},
                    "ignore_case": {"type": "boolean"},
                    "max_matches": {"type": "integer", "minimum": 1, "maximum": 200}
                },
                "required": ["file", "pattern"]
            })
            .to_string(),
        },
    ];
    if jq {
        tools.push(ToolDefinition {
            name: "Jq".into(),
            description: "Run a jq program over the file (JSON; JSON lines arrive as one array) \
                and get its exact results, one compact JSON value per line. Best for filtering, \
                counting and picking fields."
                .into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "file": {"type": "string", "description": "The file name (the handle)."},
                    "program": {"type": "string", "description": "A jq program, e.g. [.items[] | select(.ok | not) | .id]"}
                },
                "required": ["file", "program"]
            })
            .to_string(),
        });
    }
    tools
}

/// Whether the sub-agent gets Jq: the output is a JSON document, or its
/// first bytes open a JSON object (JSON lines).
pub fn offers_jq(doc: &Doc) -> bool {
    doc.meta.stats.is_json
        || doc
            .read_bytes(0, 256)
            .is_ok_and(|head| head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'))
}

pub fn run(
    doc: &Doc,
    llm: &dyn Llm,
    profile: &ModelProfile,
    job: &Job,
    calls: &mut Vec<LlmCallReport>,
) -> Result<FinalReport, Failure> {
    let handle = doc.handle.to_string();
    let jq = offers_jq(doc);
    let system =
        prompts::read_grep_system(&job.source, &handle, &job.stats, job.extract, job.nonce, jq);
    let mut messages = vec![
        message(Role::System, system),
        message(
            Role::User,
            format!(
                "Extract from the file {handle}: {}\nUse Grep and Read, then answer with the final-report wrapper.",
                job.extract
            ),
        ),
    ];
    let turns = MAX_TURNS.min(job.max_calls);
    let encoding = Encoding::from_name(&profile.tokenizer).unwrap_or(Encoding::Cl100k);
    let mut context_full = false;
    // The turn that got the one reminder.
    let mut nudged: Option<usize> = None;
    for turn in 0..turns {
        let last = turn + 1 == turns || context_full;
        if last {
            messages.push(message(
                Role::User,
                "This is your last turn: no more tool calls. Answer now with the final-report wrapper.".into(),
            ));
        }
        let req = Request {
            messages: messages.clone(),
            tools: tools(jq),
            tool_choice: if last {
                ToolChoice::None
            } else {
                ToolChoice::Auto
            },
            max_output_tokens: profile.max_output_tokens,
            model: None,
            kind: LlmCallKind::SubAgentTurn,
            chunk: None,
        };
        let resp = match llm.complete(&req) {
            Ok(resp) => resp,
            Err(err) => {
                calls.push(turn_report(0, 0, 0, Some(err.message())));
                return Err(Failure::call(&format!("sub-agent turn {}", turn + 1), &err));
            }
        };
        calls.push(turn_report(
            resp.usage.input_tokens,
            resp.usage.output_tokens,
            resp.latency_ms,
            None,
        ));
        if resp.tool_calls.is_empty() || last {
            match report::parse(&llm::answer_text(&resp), job.nonce) {
                Ok(report) => return Ok(report),
                Err(_) if last => break,
                // A turn with neither a tool call nor the final report is
                // wasted: one reminder, then the strategy ends (a model that
                // ignores both would otherwise spend every turn).
                Err(_) => match nudged {
                    None => {
                        nudged = Some(turn);
                        messages.push(assistant(resp.text, Vec::new()));
                        messages.push(message(Role::User, nudge(job.nonce)));
                        continue;
                    }
                    Some(first) => {
                        return Err(Failure::strategy(format!(
                            "the sub-agent neither called Read or Grep nor answered in the \
                             final-report wrapper (turns {} and {}, the second after a reminder)",
                            first + 1,
                            turn + 1
                        )));
                    }
                },
            }
        }
        messages.push(assistant(resp.text, resp.tool_calls.clone()));
        let cap = result_cap(&messages, &encoding, profile, resp.tool_calls.len());
        context_full = cap.is_none();
        let results: Vec<Message> = resp
            .tool_calls
            .iter()
            .enumerate()
            .map(|(i, call)| {
                let content = if let Some(cap) = cap.filter(|_| i < MAX_CALLS_PER_TURN) {
                    execute(doc, &handle, call, cap)
                } else if cap.is_none() {
                    "Error: your context has no room for more results; answer now with what you have.".to_string()
                } else {
                    format!("Error: at most {MAX_CALLS_PER_TURN} tool calls per turn; this one was not run.")
                };
                Message { role: Role::Tool, content, tool_calls: Vec::new(), tool_call_id: Some(call.id.clone()) }
            })
            .collect();
        messages.extend(results);
    }
    Err(Failure::strategy(format!(
        "the sub-agent gave no final report within {turns} turns"
    )))
}

/// The one reminder a sub-agent gets after a turn with neither a tool call
/// nor the final report: both ways to go on, in the model's own terms.
fn nudge(nonce: &str) -> String {
    format!(
        "Your reply had no tool call and no final report. Either call the Read or Grep tool \
         (a native tool call, not text), or give your answer now inside {} … {}.",
        report::open_tag(nonce),
        report::close_tag(nonce)
    )
}

/// Run one tool call against the stored output; problems are the result
/// text (the model can correct itself), never a failure of the strategy.
fn execute(doc: &Doc, handle: &str, call: &ToolCall, cap: usize) -> String {
    let args: Value = match serde_json::from_str(&call.arguments) {
        Ok(v) => v,
        Err(e) => return format!("Error: the arguments are not valid JSON: {e}"),
    };
    let file = args
        .get("file")
        .and_then(Value::as_str)
        .unwrap_or(handle)
        .trim();
    if file != handle {
        return format!(
            "Error: no such file {file:?}. The only file is {handle}; use exactly that name."
        );
    }
    let int = |name: &str| args.get(name).and_then(Value::as_u64);
    let result = match call.name.as_str() {
        "Read" => {
            let first = int("offset").unwrap_or(1).max(1);
            let count = int("limit")
                .unwrap_or(DEFAULT_READ_LINES)
                .clamp(1, MAX_READ_LINES);
            doc.read(
                LineRange {
                    first,
                    last: first.saturating_add(count - 1),
                },
                cap,
            )
        }
        "Grep" => {
            let Some(pattern) = args.get("pattern").and_then(Value::as_str) else {
                return "Error: Grep needs a pattern.".into();
            };
            let opts = GrepOptions {
                context: int("context").unwrap_or(0).min(20) as u32,
                ignore_case: args
                    .get("ignore_case")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                max_matches: Some(int("max_matches").unwrap_or(50).clamp(1, 200) as u32),
            };
            doc.grep(pattern, &opts, cap)
        }
        "Jq" => {
            let Some(program) = args.get("program").and_then(Value::as_str) else {
                return "Error: Jq needs a program.".into();
            };
            crate::jq::run(doc, program, cap)
        }
        other => return format!("Error: unknown tool {other:?}; only Read, Grep and Jq exist."),
    };
    result.unwrap_or_else(|e| format!("Error: {}", e.message()))
}

/// Bytes each of this turn's `calls` results may take, so the conversation
/// never outgrows the model's context: what is left after the messages so
/// far, the tool definitions and the next answer, shared between the calls
/// (at 2 bytes a token, a floor for dense text), at most
/// [`MAX_RESULT_BYTES`]. None when not even [`MIN_RESULT_BYTES`] is left.
fn result_cap(
    messages: &[Message],
    encoding: &Encoding,
    profile: &ModelProfile,
    calls: usize,
) -> Option<usize> {
    let spent: usize = messages
        .iter()
        .map(|m| {
            let args: usize = m.tool_calls.iter().map(|c| c.arguments.len() + 32).sum();
            encoding.count(&m.content) as usize + args + 8
        })
        .sum();
    let reserved = spent + TOOLS_TOKENS + profile.max_output_tokens as usize;
    let left = (profile.context_window as usize).saturating_sub(reserved);
    let cap = (left * 2 / calls.clamp(1, MAX_CALLS_PER_TURN)).min(MAX_RESULT_BYTES);
    (cap >= MIN_RESULT_BYTES).then_some(cap)
}

fn message(role: Role, content: String) -> Message {
    Message {
        role,
        content,
        tool_calls: Vec::new(),
        tool_call_id: None,
    }
}

fn assistant(content: String, tool_calls: Vec<ToolCall>) -> Message {
    Message {
        role: Role::Assistant,
        content,
        tool_calls,
        tool_call_id: None,
    }
}

fn turn_report(input: u64, output: u64, latency: u64, error: Option<String>) -> LlmCallReport {
    LlmCallReport {
        kind: LlmCallKind::SubAgentTurn,
        chunk: None,
        input_tokens: input,
        output_tokens: output,
        latency_ms: latency,
        error,
    }
}

#[cfg(test)]
mod tests {
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
}

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
use crate::strategy::{Strategy, Task};
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

/// The `read-grep` sub-agent.
pub struct ReadGrep;

impl Strategy for ReadGrep {
    fn needs_llm(&self) -> bool {
        true
    }

    fn answer(&self, task: &Task, calls: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        let profile = task.profile()?;
        run(task.doc, task.llm, profile, &task.job, calls).map(|report| report.text)
    }
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
            crate::strategy::jq::run(doc, program, cap)
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
mod tests;

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

mod bounds;
mod tools;

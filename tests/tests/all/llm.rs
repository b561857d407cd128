//! LLM extraction through the real component and the real HTTP providers,
//! against a scripted server on loopback speaking both wire protocols.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::llm::{ANSWER, CONTEXT, llm_runtime, one_extraction};
use crate::common::{build_log, stored};
use serde_json::{Value, json};
use tool_output::{CancellationToken, Error, ExtractOptions, Mode, Progress, ToolCall};
use tool_output_tests::llm_server::{
    Reply, Scripted, ScriptedServer, anthropic_error, anthropic_text, anthropic_tool_use,
    openai_text, openai_tool_calls,
};
use tool_output_tests::script::{
    anthropic_violation, assistant_turns, final_report, is_reduce, last_user_text, nonce,
    tool_results,
};

/// Answers every map call with what its chunk says about the error, and
/// the reduce with a synthesis.
fn chunk_model(delay: Duration) -> impl Fn(&tool_output_tests::llm_server::Recorded) -> Scripted {
    move |req| {
        let n = nonce(req);
        let text = if is_reduce(req) {
            "the build failed: error[E0433] undeclared crate `tokio`".to_string()
        } else if last_user_text(req).contains("error[E0433]") {
            "this chunk has error[E0433]: failed to resolve `tokio`".to_string()
        } else {
            "NO RELEVANT DATA FOUND\nonly Compiling lines".to_string()
        };
        Scripted::after(
            delay,
            Reply::Json(openai_text(&final_report(&n, &text), 900, 30)),
        )
    }
}

fn cl100k_tokens(text: &str) -> usize {
    tiktoken_rs::cl100k_base()
        .unwrap()
        .encode_with_special_tokens(text)
        .len()
}

#[tokio::test]
async fn full_chunked_maps_every_byte_concurrently_within_budget_then_reduces() {
    let server = ScriptedServer::start(chunk_model(Duration::from_millis(250))).await;
    let runtime = llm_runtime("fc-map", &server, "test-model", |_| {}).await;
    let session = runtime.session().unwrap();
    let log = build_log(1000);
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), log.as_bytes())
            .await
            .unwrap(),
    );

    let progress: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let seen = progress.clone();
    let options = ExtractOptions::default()
        .mode(Mode::FullChunked)
        .progress(move |p| seen.lock().unwrap().push(p.clone()));
    let r = session
        .extract_with(&s.handle, "which crate failed to resolve?", &options)
        .await
        .unwrap();
    assert!(!r.failed, "{}", r.text);
    assert_eq!(
        r.text,
        format!(
            "ABSTRACT FROM TOOL OUTPUT cargo WITH HANDLE {}, STRATEGY:full-chunked:\n\n\
             the build failed: error[E0433] undeclared crate `tokio`",
            s.handle
        )
    );

    let requests = server.requests();
    let maps: Vec<_> = requests.iter().filter(|r| !is_reduce(r)).collect();
    let reduces = requests.len() - maps.len();
    assert!(maps.len() >= 4, "{} map calls", maps.len());
    assert_eq!(reduces, 1);
    assert!(requests.iter().all(|r| r.path == "/v1/chat/completions"));
    assert!(
        requests
            .iter()
            .all(|r| r.header("authorization") == Some("Bearer sk-test"))
    );

    // Chunks in document order; together they hold every line.
    let mut chunks: Vec<(usize, String)> = maps
        .iter()
        .map(|r| {
            let chunk = last_user_text(r);
            (
                log.find(&chunk).expect("a chunk is a slice of the output"),
                chunk,
            )
        })
        .collect();
    chunks.sort();
    let mut covered = 0;
    for (start, chunk) in &chunks {
        assert!(*start <= covered, "a gap before byte {start}");
        covered = covered.max(start + chunk.len());
    }
    assert_eq!(covered, log.len(), "every byte is in some map request");

    // Overlap as configured (10 %), sizes balanced.
    for pair in chunks.windows(2) {
        let ((a_start, a), (b_start, _)) = (&pair[0], &pair[1]);
        let overlap = a_start + a.len() - b_start;
        let share = overlap as f64 / a.len() as f64;
        assert!((0.05..=0.15).contains(&share), "overlap {share:.3}");
    }
    let sizes: Vec<usize> = chunks.iter().map(|(_, c)| c.len()).collect();
    let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(
        *max as f64 / *min as f64 <= 1.3,
        "unbalanced chunks {sizes:?}"
    );

    // No request over the context window (counted, answer room included).
    for req in &requests {
        let tokens = cl100k_tokens(&req.system_and_user_text());
        let room = req.body["max_tokens"].as_u64().unwrap() as usize;
        assert_eq!(room, ANSWER as usize);
        assert!(
            tokens + room <= CONTEXT as usize,
            "{tokens} + {room} tokens"
        );
    }
    // The maps really ran at once (default concurrency 4).
    assert!(
        (3..=4).contains(&server.peak_in_flight()),
        "peak {}",
        server.peak_in_flight()
    );

    // Accounting: one report entry per call, progress per call.
    assert_eq!(r.report.llm_calls.len(), requests.len());
    assert!(
        r.report
            .llm_calls
            .iter()
            .all(|c| c.input_tokens == 900 && c.error.is_none())
    );
    let progress = progress.lock().unwrap();
    assert_eq!(progress.len(), requests.len());
    assert_eq!(
        progress[maps.len() - 1].to_string(),
        format!("map {0}/{0} done", maps.len())
    );
    let stats = session.stats();
    assert_eq!(stats.llm_calls, requests.len() as u64);
    assert_eq!(stats.input_tokens, 900 * requests.len() as u64);
    assert_eq!(stats.strategies.get("full-chunked"), Some(&1));
}

#[tokio::test]
async fn map_answers_too_large_for_one_reduce_are_reduced_hierarchically() {
    // Every map answer is ~900 tokens: three of them overflow one reduce.
    let filler = "the chunk lists crate names and versions in order. ".repeat(90);
    let server = ScriptedServer::start(move |req| {
        let n = nonce(req);
        let text = if is_reduce(req) {
            "merged".to_string()
        } else {
            filler.clone()
        };
        Scripted::now(Reply::Json(openai_text(&final_report(&n, &text), 10, 10)))
    })
    .await;
    let runtime = llm_runtime("fc-hier", &server, "test-model", |_| {}).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "list the crates", Some(Mode::FullChunked))
        .await
        .unwrap();
    assert!(r.text.ends_with("\n\nmerged"), "{}", r.text);
    let requests = server.requests();
    let reduces: Vec<_> = requests.iter().filter(|r| is_reduce(r)).collect();
    assert!(reduces.len() >= 3, "{} reduce calls", reduces.len());
    // The last reduce merges earlier reduce answers, not map answers.
    assert!(last_user_text(reduces.last().unwrap()).starts_with("Synthesize"));
    for req in &requests {
        assert!(cl100k_tokens(&req.system_and_user_text()) + ANSWER as usize <= CONTEXT as usize);
    }
}

#[tokio::test]
async fn cancelling_stops_further_requests() {
    let server = ScriptedServer::start(chunk_model(Duration::from_millis(400))).await;
    let runtime = llm_runtime("fc-cancel", &server, "test-model", |c| c.concurrency = 2).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let token = CancellationToken::new();
    let canceller = token.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(600)).await;
        canceller.cancel();
    });
    let options = ExtractOptions::default()
        .mode(Mode::FullChunked)
        .cancel(token);
    let err = session
        .extract_with(&s.handle, "the error", &options)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Cancelled), "{err}");
    let at_cancel = server.request_count();
    assert!(at_cancel <= 4, "{at_cancel} requests before cancelling");
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        server.request_count(),
        at_cancel,
        "no request after cancelling"
    );
    // The session still works.
    let r = session
        .extract(&s.handle, "error", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(r.text.contains("error[E0433]"));
}

/// A read-grep model: grep, then probe the sandbox, then read, then answer.
fn sub_agent(
    anthropic: bool,
    other_handle: String,
) -> impl Fn(&tool_output_tests::llm_server::Recorded) -> Scripted {
    move |req| {
        if anthropic && let Some(problem) = anthropic_violation(req) {
            return Scripted::now(anthropic_error(400, "invalid_request_error", &problem));
        }
        let n = nonce(req);
        let handle = req.system_and_user_text();
        let handle = handle
            .split("the file ")
            .nth(1)
            .and_then(|t| t.get(..36))
            .expect("the prompt names the file")
            .to_string();
        let calls: Vec<(String, &str, Value)> = match assistant_turns(req) {
            0 => vec![(
                "c1".into(),
                "Grep",
                json!({"file": handle, "pattern": "^error", "context": 1}),
            )],
            1 => vec![
                (
                    "c2".into(),
                    "Read",
                    json!({"file": "/etc/passwd", "offset": 1, "limit": 5}),
                ),
                (
                    "c3".into(),
                    "Grep",
                    json!({"file": other_handle, "pattern": "."}),
                ),
                (
                    "c4".into(),
                    "Read",
                    json!({"file": handle, "offset": 500, "limit": 3}),
                ),
            ],
            _ => {
                let answer = final_report(&n, "error[E0433] at line 501: undeclared crate `tokio`");
                let body = if anthropic {
                    anthropic_text(&answer, 500, 40)
                } else {
                    openai_text(&answer, 500, 40)
                };
                return Scripted::now(Reply::Json(body));
            }
        };
        let body = if anthropic {
            let calls: Vec<(&str, &str, Value)> = calls
                .iter()
                .map(|(id, name, input)| (id.as_str(), *name, input.clone()))
                .collect();
            anthropic_tool_use(Some("Searching."), &calls, 400, 20)
        } else {
            let args: Vec<(String, String)> = calls
                .iter()
                .map(|(_, _, a)| (String::new(), a.to_string()))
                .collect();
            let calls: Vec<(&str, &str, &str)> = calls
                .iter()
                .zip(&args)
                .map(|((id, name, _), (_, a))| (id.as_str(), *name, a.as_str()))
                .collect();
            openai_tool_calls(&calls, 400, 20)
        };
        Scripted::now(Reply::Json(body))
    }
}

async fn read_grep_over(anthropic: bool) {
    let other = uuid::Uuid::new_v4().to_string();
    let server = ScriptedServer::start(sub_agent(anthropic, other.clone())).await;
    let model = if anthropic {
        "anthropic/claude-sonnet-4-5"
    } else {
        "openai/gpt-4o"
    };
    let runtime = llm_runtime("read-grep", &server, model, |_| {}).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "which crate failed?", Some(Mode::ReadGrep))
        .await
        .unwrap();
    assert!(
        r.text
            .contains("STRATEGY:read-grep:\n\nerror[E0433] at line 501"),
        "{}",
        r.text
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 3);
    let last = &requests[2];
    let results: HashMap<String, String> = tool_results(last).into_iter().collect();
    assert!(
        results["c1"].contains("501: error[E0433]"),
        "{}",
        results["c1"]
    );
    assert!(
        results["c1"].contains("500- "),
        "context line: {}",
        results["c1"]
    );
    assert!(
        results["c2"].starts_with("Error: no such file \"/etc/passwd\""),
        "{}",
        results["c2"]
    );
    assert!(
        results["c3"].starts_with("Error: no such file"),
        "{}",
        results["c3"]
    );
    assert!(
        results["c4"].contains("501: error[E0433]"),
        "{}",
        results["c4"]
    );
    assert!(
        !last.system_and_user_text().contains("root:"),
        "nothing outside the output is read"
    );
    assert_eq!(r.report.llm_calls.len(), 3);

    let first = &requests[0].body;
    if anthropic {
        assert_eq!(requests[0].path, "/v1/messages");
        assert_eq!(requests[0].header("x-api-key"), Some("ak-test"));
        assert_eq!(requests[0].header("anthropic-version"), Some("2023-06-01"));
        assert_eq!(first["model"], "claude-sonnet-4-5");
        assert!(first["system"].as_str().unwrap().contains("Read"));
        let tools: Vec<&str> = first["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(tools, ["Read", "Grep"]);
        assert!(first["tools"][0]["input_schema"].is_object());
        // The model's tool_use turn is echoed back before its results.
        let msgs = last.body["messages"].as_array().unwrap();
        assert_eq!(msgs[1]["content"][1]["type"], "tool_use");
        assert_eq!(msgs[2]["content"][0]["type"], "tool_result");
    } else {
        assert_eq!(first["model"], "gpt-4o");
        assert_eq!(first["max_completion_tokens"], ANSWER);
        assert_eq!(first["tools"][1]["function"]["name"], "Grep");
        let msgs = last.body["messages"].as_array().unwrap();
        assert_eq!(msgs[2]["tool_calls"][0]["function"]["name"], "Grep");
        assert_eq!(msgs[3]["role"], "tool");
    }
}

#[tokio::test]
async fn read_grep_sub_agent_over_openai_tool_calls() {
    read_grep_over(false).await;
}

#[tokio::test]
async fn read_grep_sub_agent_over_anthropic_tool_use() {
    read_grep_over(true).await;
}

#[tokio::test]
async fn auto_sends_what_fits_max_chunks_to_full_chunked_else_read_grep() {
    let server = ScriptedServer::start(|req| {
        let n = nonce(req);
        Scripted::now(Reply::Json(openai_text(&final_report(&n, "answer"), 1, 1)))
    })
    .await;
    let runtime = llm_runtime("auto", &server, "test-model", |_| {}).await;
    let session = runtime.session().unwrap();
    // Stored (over a 1000-byte cap) yet within one chunk.
    let mut policy = tool_output::default_policy();
    policy.max_inline_bytes = 1000;
    let small = stored(
        session
            .store_with(&ToolCall::new("a"), build_log(100).as_bytes(), &policy)
            .await
            .unwrap(),
    );
    let big = stored(
        session
            .store(&ToolCall::new("b"), build_log(3000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&small.handle, "the error", None)
        .await
        .unwrap();
    assert_eq!(r.report.used, Mode::FullChunked, "{}", r.text);
    assert_eq!(r.report.llm_calls.len(), 1, "one chunk, no reduce");
    let r = session
        .extract(&big.handle, "the error", None)
        .await
        .unwrap();
    assert_eq!(r.report.used, Mode::ReadGrep, "{}", r.text);
    assert!(r.report.fallbacks.is_empty(), "routing is not a fallback");
    // Raising max_chunks lets auto map the big one.
    let options = ExtractOptions {
        max_chunks: Some(40),
        ..ExtractOptions::default()
    };
    let r = session
        .extract_with(&big.handle, "the error", &options)
        .await
        .unwrap();
    assert_eq!(r.report.used, Mode::FullChunked);
}

#[tokio::test]
async fn a_missing_closing_tag_is_accepted_and_a_think_block_ignored() {
    let (r, ..) = one_extraction("lenient", Mode::FullChunked, |_| {}, |req| {
        let n = nonce(req);
        let answer = format!(
            "<think>maybe <ai-agent-{n}-FINAL format=\"text\">wrong</ai-agent-{n}-FINAL></think>\n\
             <ai-agent-{n}-FINAL format=\"text\">right answer, no closing tag"
        );
        Scripted::now(Reply::Json(openai_text(&answer, 1, 1)))
    })
    .await;
    assert!(
        r.text
            .ends_with("STRATEGY:full-chunked:\n\nright answer, no closing tag"),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn a_sub_agent_that_never_stops_calling_tools_is_made_to_answer_on_its_last_turn() {
    // Anthropic refuses a history with tool blocks but no tool definitions:
    // the last turn keeps the tools and forbids calling them.
    let server = ScriptedServer::start(|req| {
        if let Some(problem) = anthropic_violation(req) {
            return Scripted::now(anthropic_error(400, "invalid_request_error", &problem));
        }
        if req.body["tool_choice"]["type"] == "none" {
            let answer = final_report(&nonce(req), "forced answer");
            return Scripted::now(Reply::Json(anthropic_text(&answer, 1, 1)));
        }
        let id = format!("t{}", req.index);
        let calls = [(id.as_str(), "Grep", json!({"pattern": "error"}))];
        Scripted::now(Reply::Json(anthropic_tool_use(None, &calls, 1, 1)))
    })
    .await;
    let runtime = llm_runtime("last-turn", &server, "anthropic/claude-haiku-4-5", |_| {}).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let options = ExtractOptions {
        mode: Some(Mode::ReadGrep),
        max_llm_calls: Some(4),
        ..ExtractOptions::default()
    };
    let r = session
        .extract_with(&s.handle, "the error", &options)
        .await
        .unwrap();
    assert!(
        r.text.ends_with("STRATEGY:read-grep:\n\nforced answer"),
        "{}",
        r.text
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 4, "the call budget bounds the turns");
    assert!(
        requests
            .iter()
            .all(|r| r.body["tools"].as_array().unwrap().len() == 2)
    );
}

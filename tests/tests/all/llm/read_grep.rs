//! read-grep: the sub-agent over both tool-call wire formats, the auto
//! router, answers in odd shapes, a sub-agent that never stops.

use super::*;

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

//! `mcp serve` over a named session, a Streamable HTTP downstream, and
//! cancellation reaching the LLM requests.

use super::*;

#[test]
fn serve_offers_the_tools_over_a_named_session_the_cli_stored_into() {
    let Some(python) = python() else { return };
    let root = root();
    let handle = store_log(&root, "served", 3000, "error: needle in the served session");
    let server = serve(&root, "served");
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "needle error"}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": handle, "lines": 1}},
        {"op": "list_resources"},
        {"op": "read_resource", "uri": format!("tool-output://{handle}?from=3001")},
        {"op": "call", "name": "tool_output_search", "args": {"question": "which output mentioned the needle?"}},
    ]);
    let report = client(&python, steps, &server, &[]);
    let r = report["results"].as_array().unwrap();
    let names: Vec<&str> = r[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail",
            "tool_output_search"
        ]
    );
    assert!(text(&r[1], 0).starts_with(&format!(
        "ABSTRACT FROM TOOL OUTPUT make WITH HANDLE {handle}, STRATEGY:lexical:"
    )));
    assert!(text(&r[1], 0).contains("3001: error: needle in the served session"));
    assert_eq!(
        text(&r[2], 0),
        "3001: error: needle in the served session\n"
    );
    assert_eq!(
        r[3]["resources"][0]["uri"],
        format!("tool-output://{handle}")
    );
    assert_eq!(
        r[4]["contents"][0]["text"],
        "3001: error: needle in the served session\n"
    );
    // Across the session: the output, its call and its line.
    assert_eq!(
        text(&r[5], 0),
        format!(
            "SEARCH OF THE STORED OUTPUTS FOR \"which output mentioned the needle?\":\n\n\
             Outputs holding its words (needle): 1 of 1 searched, best first:\n\n\
             1. {handle} · make · 3001 lines\n   needle in 1 line\n   \
             3001: error: needle in the served session\n\n\
             Next: tool_output(handle = \"{handle}\", extract = \"which output mentioned the needle?\") answers from one output.\n"
        )
    );
    assert!(
        report["initialize"]["instructions"]
            .as_str()
            .unwrap()
            .contains("tool_output")
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_streamable_http_downstream_works_through_url() {
    let Some(python) = python() else { return };
    let root = root();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(&everything_server()[0])
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for "listening" on its stderr.
    let mut stderr = BufReader::new(server.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("listening") {
        line.clear();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "the HTTP server did not start"
        );
    }
    let url = format!("http://127.0.0.1:{port}/mcp");
    let steps = json!([
        {"op": "call", "name": "get-sum", "args": {"a": 2, "b": 40}},
        {"op": "call", "name": "get-tiny-image"},
        {"op": "list_tools"},
    ]);
    let report = client(
        &python,
        steps.clone(),
        &proxy(&root, &["--url", &url], &[]),
        &[],
    );
    let direct = client(&python, steps, &everything_server(), &[]);
    let (r, d) = (&report["results"], &direct["results"]);
    assert_eq!(r[0], d[0]);
    assert_eq!(r[1], d[1]);
    let names: Vec<&str> = r[2]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"echo") && names.contains(&"tool_output"),
        "{names:?}"
    );
    let _ = server.kill();
    let _ = server.wait();
    std::fs::remove_dir_all(&root).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_tool_output_call_stops_its_llm_requests() {
    use tool_output_tests::llm_server::{Reply, Scripted, ScriptedServer};
    if python().is_none() {
        return;
    }
    let llm = ScriptedServer::start(|_| Scripted::now(Reply::Hang)).await;
    let root = root();
    let base = format!("{}/v1", llm.base_url());
    let cmd = proxy(&root, &[], &fault_server());
    let mut raw = tokio::task::spawn_blocking(move || {
        let envs = [
            ("OPENAI_BASE_URL", OsStr::new(&base)),
            ("TOOL_OUTPUT_MODEL", OsStr::new("test-model")),
            ("OPENAI_API_KEY", OsStr::new("sk-test")),
        ];
        Raw::start(&cmd, &envs)
    })
    .await
    .unwrap();
    let stored = raw.call(1, "error_log", json!({}));
    let handle = handle_in(stored["result"]["content"][0]["text"].as_str().unwrap());
    raw.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "tool_output",
        "arguments": {"handle": handle, "extract": "the fatal error", "mode": "full-chunked"}}}).to_string());
    let started = Instant::now();
    while llm.in_flight() == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the extraction never called the LLM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#);
    while llm.in_flight() > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the LLM request was not dropped"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    raw.send(r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#);
    let next: Value = serde_json::from_str(&raw.line()).unwrap();
    assert_eq!(next["id"], 3, "the cancelled call is not answered");
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

/// What `doctor` prints for `root` (no model is configured: it exits 1).
fn doctor_says(root: &Path) -> String {
    let out = Command::new(bin())
        .arg("--root")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache())
        .arg("doctor")
        .env_remove("TOOL_OUTPUT_MODEL")
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

const SAMPLED_NEEDLE: &str = "2026-11-24 ERROR needle-sampled: the cache volume is full";

#[test]
fn with_no_model_configured_the_clients_own_model_answers_through_sampling() {
    let Some(python) = python() else { return };
    let root = root();
    let handle = store_log(&root, "sampled", 3000, SAMPLED_NEEDLE);
    let steps = json!([
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "which volume is full?", "mode": "full-chunked"}},
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "which volume is full?"}},
    ]);
    let report = client(
        &python,
        steps,
        &serve(&root, "sampled"),
        &[("SAMPLING", "answer")],
    );
    let r = report["results"].as_array().unwrap();
    let asked = text(&r[0], 0);
    assert!(
        asked.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT make WITH HANDLE {handle}, STRATEGY:full-chunked:\n\nSAMPLED: "
        )),
        "{asked}"
    );
    assert!(
        asked.contains("ERROR needle-sampled: the cache volume is full"),
        "{asked}"
    );
    // `auto` takes the client's model too: the output fits one chunk.
    assert!(
        text(&r[1], 0).contains("STRATEGY:full-chunked:\n\nSAMPLED: "),
        "{}",
        r[1]
    );
    // What the client was asked: the output in the message, the answer
    // format in the system prompt, a bounded answer, nothing from other
    // servers' context.
    let sampled = report["sampling"].as_array().unwrap();
    assert_eq!(sampled.len(), 2, "one map call each (one chunk, no reduce)");
    assert!(
        sampled[0]["systemPrompt"]
            .as_str()
            .unwrap()
            .contains("-FINAL")
    );
    assert_eq!(sampled[0]["includeContext"], "none");
    assert!(sampled[0]["maxTokens"].as_u64().unwrap() <= 4096);
    let asked_text = sampled[0]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap();
    assert!(asked_text.contains("needle-sampled"), "{asked_text}");
    // `doctor` says which model this session's client answers with.
    let said = doctor_says(&root);
    assert!(
        said.lines().any(|l| l.starts_with("  session sampled: ")
            && l.contains(" offers sampling: its model answers (")),
        "{said}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_client_that_declines_or_lacks_sampling_gets_lexical_with_a_note() {
    let Some(python) = python() else { return };
    let root = root();
    let handle = store_log(&root, "declined", 3000, SAMPLED_NEEDLE);
    let steps = json!([
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "which volume is full?", "mode": "full-chunked"}},
    ]);
    let report = client(
        &python,
        steps.clone(),
        &serve(&root, "declined"),
        &[("SAMPLING", "decline")],
    );
    let answer = text(&report["results"][0], 0);
    assert!(
        answer.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT make WITH HANDLE {handle}, STRATEGY:lexical:\n\nWARNING: tool_output fallback to lexical ("
        )) && answer.contains("the MCP client declined sampling: the user declined the sampling request"),
        "{answer}"
    );
    assert!(answer.contains("ERROR needle-sampled"), "{answer}");
    assert_eq!(
        report["sampling"].as_array().unwrap().len(),
        1,
        "asked once, not again"
    );
    // A client without sampling: lexical, as with no model at all.
    let report = client(&python, steps, &serve(&root, "declined"), &[]);
    let answer = text(&report["results"][0], 0);
    assert!(answer.contains("STRATEGY:lexical:"), "{answer}");
    // The last client of the session is the one `doctor` names.
    let said = doctor_says(&root);
    assert!(
        said.lines().any(|l| l.starts_with("  session declined: ")
            && l.contains(" does not offer sampling: lexical search answers (")),
        "{said}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_proxy_lends_the_clients_model_too() {
    let Some(python) = python() else { return };
    let root = root();
    let steps = json!([
        {"op": "call", "name": "big", "args": {"mb": 1, "needle": "needle-through-proxy"}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "what failed?", "mode": "full-chunked"}},
    ]);
    let report = client(
        &python,
        steps,
        &proxy(&root, &[], &fault_server()),
        &[("SAMPLING", "answer")],
    );
    let answer = text(&report["results"][1], 0);
    assert!(answer.contains("STRATEGY:full-chunked:"), "{answer}");
    assert!(
        answer.contains("SAMPLED: ") && answer.contains("ERROR needle-through-proxy"),
        "{answer}"
    );
    assert!(!report["sampling"].as_array().unwrap().is_empty());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn serve_answers_for_the_hosts_other_conversations_with_handles_from() {
    let Some(python) = python() else { return };
    let root = root();
    // Claude Code's hook stored after `/clear`, under the new session id;
    // the server started under the old one, which holds what came before.
    let before = store_log(&root, "claude-old-id", 3000, "error: needle before clear");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let handle = store_log(&root, "claude-new-id", 3000, "error: needle after clear");
    let elsewhere = store_log(&root, "codex", 3000, "error: needle of another host");
    let mut server = serve(&root, "claude-old-id");
    server.extend(["--handles-from".into(), "claude-*".into()]);
    let steps = json!([
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "needle error"}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": handle, "lines": 1}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": handle, "pattern": "needle"}},
        {"op": "call", "name": "tool_output_read", "args": {"handle": handle, "from_line": 3001}},
        {"op": "read_resource", "uri": format!("tool-output://{handle}?from=3001")},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": elsewhere, "lines": 1}},
        {"op": "call", "name": "tool_output_search", "args": {"question": "needle error"}},
    ]);
    let report = client(&python, steps, &server, &[]);
    let r = report["results"].as_array().unwrap();
    // The search reads the live conversation: the session written last.
    let found = text(&r[6], 0);
    assert!(
        found.contains(&format!("\n1. {handle} · make · "))
            && found.contains("3001: error: needle after clear")
            && !found.contains(&before),
        "{found}"
    );
    assert!(
        text(&r[0], 0).contains("3001: error: needle after clear"),
        "{}",
        r[0]
    );
    for result in &r[1..=3] {
        assert!(
            text(result, 0).contains("3001: error: needle after clear"),
            "{result}"
        );
    }
    assert_eq!(
        r[4]["contents"][0]["text"],
        "3001: error: needle after clear\n"
    );
    // Only the host's own sessions: another host's handle stays unknown.
    assert!(
        text(&r[5], 0).contains("no stored output has handle"),
        "{}",
        r[5]
    );
    // Without the family, the new session's handle is unknown too.
    let steps =
        json!([{"op": "call", "name": "tool_output_tail", "args": {"handle": handle, "lines": 1}}]);
    let report = client(&python, steps, &serve(&root, "claude-old-id"), &[]);
    assert!(text(&report["results"][0], 0).contains("no stored output has handle"));
    std::fs::remove_dir_all(&root).unwrap();
}

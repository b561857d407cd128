//! The client's model asked through sampling, when the client misbehaves:
//! it declines (the extraction asks no more), never answers, answers what
//! cannot be decoded, answers far more than it was asked, or answers twice
//! or to nothing. Each ends the extraction soon with the documented lexical
//! fallback, nothing of it reaches the downstream server, and memory stays
//! bounded. Through `mcp serve` (rmcp) and the proxy (raw JSON-RPC) alike.

use std::io::Write;

use super::*;

/// The line the stored logs hide: what the fallback must still find.
const NEEDLE: &str = "2026-11-24 ERROR needle-sampled: the disk is full";

/// Small chunks (a 4,000-token window), no model configured, samples that
/// may take `timeout` seconds.
fn sampling_env(timeout: &str) -> Vec<(&'static str, std::ffi::OsString)> {
    vec![
        ("TOOL_OUTPUT_CONTEXT_WINDOW", "4000".into()),
        ("TOOL_OUTPUT_MAX_OUTPUT_TOKENS", "500".into()),
        ("TOOL_OUTPUT_TIMEOUT", timeout.into()),
        ("TOOL_OUTPUT_MODEL", "".into()),
    ]
}

#[test]
fn a_client_that_declines_is_asked_once_for_a_whole_extraction() {
    let Some(python) = python() else { return };
    let root = root();
    let handle = store_log(&root, "declined-many", 4000, NEEDLE);
    let steps = json!([
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "which disk is full?", "mode": "full-chunked"}},
    ]);
    let env = sampling_env("30");
    let mut envs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.to_str().unwrap())).collect();
    envs.push(("SAMPLING", "decline"));
    let report = client(&python, steps, &serve(&root, "declined-many"), &envs);
    let answer = text(&report["results"][0], 0);
    assert!(
        answer.contains("STRATEGY:lexical:\n\nWARNING: tool_output fallback to lexical (")
            && answer.contains("the MCP client declined sampling"),
        "{answer}"
    );
    assert!(answer.contains("needle-sampled"), "{answer}");
    assert_eq!(
        report["sampling"].as_array().unwrap().len(),
        1,
        "a decline stops the batch: asked once, not once per chunk"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A raw client offering sampling, and what it does with each request.
enum Sample {
    /// Never answers.
    Never,
    /// Answers with this line (`ID` is replaced by the request's id).
    Line(String),
}

/// Starts `cmd` as a raw client offering sampling; calls `tool_output` in
/// full-chunked mode on `handle` and answers the first sampling request as
/// `sample` says; the call's answer and how long it took.
fn sampled_call(
    cmd: &[String],
    handle: &str,
    sample: Sample,
    env: &[(&str, &OsStr)],
) -> (Value, Duration) {
    let mut raw = Raw::start_offering(cmd, env, json!({"sampling": {}}));
    let started = Instant::now();
    raw.send(
        &json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
            "name": "tool_output",
            "arguments": {"handle": handle, "extract": "which disk is full?", "mode": "full-chunked"}}})
        .to_string(),
    );
    let mut answered_first = false;
    loop {
        let line = raw.line();
        let value: Value = serde_json::from_str(&line).unwrap();
        if value["id"] == 7 {
            let _ = raw.close();
            return (value, started.elapsed());
        }
        if value["method"] == "sampling/createMessage" {
            let id = value["id"].to_string();
            match &sample {
                Sample::Line(reply) if !answered_first => {
                    raw.send(&reply.replace("ID", &id));
                    answered_first = true;
                }
                // Later requests (there should be none) go unanswered.
                _ => {}
            }
        }
    }
}

/// Answers that cannot be used: each ends the extraction at once with the
/// lexical fallback saying why (not after the 600 s extraction deadline).
fn unusable_answers() -> Vec<(&'static str, String)> {
    let deep = format!(
        "{}{}",
        "{\"a\":".repeat(200),
        "1".to_string() + &"}".repeat(200)
    );
    vec![
        (
            "nesting 200 deep",
            format!(r#"{{"jsonrpc":"2.0","id":ID,"result":{deep}}}"#),
        ),
        (
            "a number past f64",
            r#"{"jsonrpc":"2.0","id":ID,"result":{"role":"assistant","model":"m","content":{"type":"text","text":"x"},"n":1e999}}"#.into(),
        ),
        (
            "a lone surrogate",
            r#"{"jsonrpc":"2.0","id":ID,"result":{"role":"assistant","model":"m","content":{"type":"text","text":"\ud83d"}}}"#.into(),
        ),
        (
            "far over maxTokens",
            format!(
                r#"{{"jsonrpc":"2.0","id":ID,"result":{{"role":"assistant","model":"m","content":{{"type":"text","text":"{}"}}}}}}"#,
                "y".repeat(3 << 20)
            ),
        ),
    ]
}

#[test]
fn unusable_or_missing_samples_end_the_extraction_soon_with_the_lexical_fallback() {
    if python().is_none() {
        return;
    }
    let root = root();
    let handle = store_log(&root, "unusable", 4000, NEEDLE);
    let env = sampling_env("3");
    let env: Vec<(&str, &OsStr)> = env.iter().map(|(k, v)| (*k, v.as_os_str())).collect();
    let serve = serve(&root, "unusable");
    let log = root.join("fault.log");
    let proxied = proxy(&root, &["--session", "unusable"], &fault_server());
    let mut env_proxy = env.clone();
    env_proxy.push(("FAULT_LOG", log.as_os_str()));
    let mut cases: Vec<(String, Sample)> = unusable_answers()
        .into_iter()
        .map(|(what, line)| (what.to_string(), Sample::Line(line)))
        .collect();
    cases.push(("no answer at all".into(), Sample::Never));
    for (what, sample) in cases {
        for (front, cmd, env) in [("serve", &serve, &env), ("proxy", &proxied, &env_proxy)] {
            let sample = match &sample {
                Sample::Never => Sample::Never,
                Sample::Line(l) => Sample::Line(l.clone()),
            };
            let (answer, took) = sampled_call(cmd, &handle, sample, env);
            let text = answer["result"]["content"][0]["text"]
                .as_str()
                .unwrap_or_else(|| panic!("{front}, {what}: {answer}"));
            assert!(
                text.contains("STRATEGY:lexical:\n\nWARNING: tool_output fallback to lexical ("),
                "{front}, {what}: {text}"
            );
            assert!(text.contains("needle-sampled"), "{front}, {what}: {text}");
            // The reason is the client's, not a model's answer format.
            assert!(text.contains("MCP client"), "{front}, {what}: {text}");
            // The sample's own timeout is 3 s; the rest answers at once.
            assert!(took < Duration::from_secs(20), "{front}, {what}: {took:?}");
        }
    }
    // Nothing of it reached the downstream server.
    for message in logged(&log) {
        let id = message["id"].to_string();
        assert!(!id.contains("tool-output-sampling"), "{message}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn stray_and_second_answers_to_our_ids_are_never_relayed() {
    if python().is_none() {
        return;
    }
    let root = root();
    let log = root.join("fault.log");
    let mut raw = Raw::start_offering(
        &proxy(&root, &[], &fault_server()),
        &[("FAULT_LOG", log.as_os_str())],
        json!({"sampling": {}}),
    );
    for line in [
        r#"{"jsonrpc":"2.0","id":"tool-output-sampling-99","result":{"role":"assistant","model":"m","content":{"type":"text","text":"stray"}}}"#,
        r#"{"jsonrpc":"2.0","id":"tool-output-sampling-1","error":{"code":-1,"message":"no such request"}}"#,
        r#"{"jsonrpc":"2.0","id":"tool-output-sampling-5","result":{"n":1e999}}"#,
    ] {
        raw.send(line);
    }
    // The server still answers, and saw none of them.
    let answer = raw.call(3, "small", json!({}));
    assert_eq!(answer["result"]["content"][0]["text"], "small answer");
    assert!(raw.close().success());
    for message in logged(&log) {
        assert!(
            !message.to_string().contains("tool-output-sampling"),
            "relayed: {message}"
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_sample_of_100_mb_is_refused_before_it_is_held() {
    if python().is_none() {
        return;
    }
    let root = root();
    let handle = store_log(&root, "huge-sample", 4000, NEEDLE);
    let env = sampling_env("30");
    let env: Vec<(&str, &OsStr)> = env.iter().map(|(k, v)| (*k, v.as_os_str())).collect();
    for cmd in [
        serve(&root, "huge-sample"),
        proxy(&root, &["--session", "huge-sample"], &fault_server()),
    ] {
        let mut raw = Raw::start_offering(&cmd, &env, json!({"sampling": {}}));
        let pid = raw.child.id();
        let before = peak_rss(pid);
        raw.send(
            &json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
                "name": "tool_output",
                "arguments": {"handle": handle, "extract": "which disk is full?", "mode": "full-chunked"}}})
            .to_string(),
        );
        let answer = loop {
            let value: Value = serde_json::from_str(&raw.line()).unwrap();
            if value["id"] == 7 {
                break value;
            }
            if value["method"] == "sampling/createMessage" {
                let id = value["id"].to_string();
                let head = format!(
                    r#"{{"jsonrpc":"2.0","id":{id},"result":{{"role":"assistant","model":"m","content":{{"type":"text","text":""#
                );
                let stdin = raw.stdin.as_mut().unwrap();
                stdin.write_all(head.as_bytes()).unwrap();
                let piece = vec![b'z'; 1 << 20];
                for _ in 0..100 {
                    stdin.write_all(&piece).unwrap();
                }
                stdin.write_all(b"\"}}}\n").unwrap();
                stdin.flush().unwrap();
            }
        };
        let peak = peak_rss(pid).saturating_sub(before);
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        assert!(
            text.contains("WARNING: tool_output fallback to lexical (") && text.contains("sample"),
            "{text}"
        );
        // It used to be 1.24 GB: the sample held, then copied.
        assert!(peak < 100 << 20, "peak {} MiB over the start", peak >> 20);
        let _ = raw.close();
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn serve_answers_what_it_cannot_decode_with_the_id_and_reads_on() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&serve(&root, "undecodable"), &[]);
    let deep = format!("{}1{}", "[".repeat(300), "]".repeat(300));
    let cases = [
        (
            11,
            r#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"tool_output_tail","arguments":{"handle":"\ud83d","lines":1}}}"#.to_string(),
        ),
        (
            12,
            r#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"tool_output_tail","arguments":{"handle":"x","lines":1e999}}}"#.to_string(),
        ),
        (
            13,
            format!(
                r#"{{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{{"name":"tool_output_tail","arguments":{{"handle":{deep}}}}}}}"#
            ),
        ),
        (
            14,
            r#"{"jsonrpc":"2.0","id":14,"method":"tools/list","params":{},"params":{}}"#.to_string(),
        ),
    ];
    for (id, line) in &cases {
        raw.send(line);
        let answer: Value = serde_json::from_str(&raw.answer(*id)).unwrap();
        assert_eq!(answer["id"], *id, "{answer}");
        assert!(
            answer.get("error").is_some() || answer.get("result").is_some(),
            "{answer}"
        );
    }
    // A batch: each member is answered by its own id.
    raw.send(
        r#"[{"jsonrpc":"2.0","id":21,"method":"tools/list"},{"jsonrpc":"2.0","id":22,"method":"tools/list"}]"#,
    );
    let mut seen = Vec::new();
    for _ in 0..2 {
        let value: Value = serde_json::from_str(&raw.line()).unwrap();
        seen.push(value["id"].as_u64().unwrap());
    }
    seen.sort_unstable();
    assert_eq!(seen, [21, 22]);
    // And it still serves.
    let listed: Value = {
        raw.send(r#"{"jsonrpc":"2.0","id":30,"method":"tools/list"}"#);
        serde_json::from_str(&raw.answer(30)).unwrap()
    };
    assert!(listed["result"]["tools"].is_array(), "{listed}");
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn serve_reads_no_more_while_a_client_does_not_read_its_answers() {
    if python().is_none() {
        return;
    }
    let root = root();
    let cmd = serve(&root, "backpressure");
    let mut child = Command::new(&cmd[0])
        .args(&cmd[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(
        stdin,
        "{}",
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "deaf-test", "version": "0"}}})
    )
    .unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    writeln!(
        stdin,
        r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#
    )
    .unwrap();
    let before = peak_rss(child.id());
    // 100,000 requests whose answers (some 4 KB each, 400 MB in all) the
    // client never reads: the writer stops once serve stops reading.
    let pid = child.id();
    let writer = std::thread::spawn(move || {
        for id in 1..=100_000u64 {
            let request = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list"}}"#);
            if writeln!(stdin, "{request}").is_err() {
                return id;
            }
        }
        100_000
    });
    std::thread::sleep(Duration::from_secs(8));
    let peak = peak_rss(pid).saturating_sub(before);
    assert!(
        !writer.is_finished(),
        "serve read everything without answering room"
    );
    assert!(peak < 96 << 20, "peak {} MiB over the start", peak >> 20);
    let _ = child.kill();
    let _ = child.wait();
    let _ = writer.join();
    std::fs::remove_dir_all(&root).unwrap();
}

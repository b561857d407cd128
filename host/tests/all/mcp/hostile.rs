//! Peers that write whatever they like: bytes that are not UTF-8 on
//! stderr, floods in either direction, JSON serde_json refuses, batches,
//! banners, answers too large, tool names that collide with ours, a proxy
//! in front of a proxy. The relay never stops, memory stays bounded, and
//! every request gets its answer.

use std::io::Write;

use super::*;

/// A fresh proxy in front of the fault server, its stderr in a file.
fn start(root: &Path, flags: &[&str], envs: &[(&str, &OsStr)]) -> (Raw, PathBuf) {
    let log = root.join("proxy.stderr");
    let file = std::fs::File::create(&log).unwrap();
    let raw = Raw::start_with(
        &proxy(root, flags, &fault_server()),
        envs,
        Stdio::from(file),
    );
    (raw, log)
}

fn text_of(answer: &Value) -> &str {
    answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("a text answer: {answer}"))
}

#[test]
fn a_non_utf8_stderr_line_is_relayed_escaped_and_the_server_lives_on() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, log) = start(&root, &[], &[]);
    assert_eq!(
        text_of(&raw.call(1, "stderr_latin1", json!({}))),
        "wrote latin-1"
    );
    // It used to die on its next write to a stderr nobody read.
    assert_eq!(
        text_of(&raw.call(2, "stderr_latin1", json!({}))),
        "wrote latin-1"
    );
    assert_eq!(text_of(&raw.call(3, "small", json!({}))), "small answer");
    assert!(raw.close().success());
    let said = std::fs::read(&log).unwrap();
    let said = String::from_utf8(said).expect("what the proxy writes is UTF-8");
    assert!(
        said.contains("fault_server: caf\u{fffd}.log \\u{1b}]0;pwned\\u{7} opened\n"),
        "{said}"
    );
    assert!(!said.contains('\u{1b}'), "no raw escape: {said}");
    // With no model configured, the proxy says so at start.
    assert!(said.contains("No model is configured"), "{said}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A client that reads the proxy's stdout only when asked (`Raw` reads it
/// all the time on a thread).
struct Quiet {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

impl Quiet {
    fn start(root: &Path) -> Quiet {
        let cmd = proxy(root, &[], &fault_server());
        let mut child = Command::new(&cmd[0])
            .args(&cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut quiet = Quiet {
            child,
            stdin,
            stdout,
        };
        quiet.send(
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "quiet-test", "version": "0"}}}),
        );
        quiet.line();
        quiet.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        quiet
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn line(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    }

    /// Lines until the answer to `id`; how many came before it.
    fn until(&mut self, id: u64) -> (usize, Value) {
        let mut before = 0;
        loop {
            let value = self.line();
            if value["id"] == id {
                return (before, value);
            }
            before += 1;
        }
    }

    fn call(&mut self, id: u64, name: &str, args: Value) {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": name, "arguments": args}}));
    }
}

#[test]
fn floods_from_the_server_keep_the_proxy_s_memory_bounded() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut quiet = Quiet::start(&root);
    let pid = quiet.child.id();
    let base = peak_rss(pid);
    // 200 MB of stderr with no newline (it used to be held whole).
    quiet.call(1, "stderr_flood", json!({"mb": 200}));
    let (_, flooded) = quiet.until(1);
    assert_eq!(text_of(&flooded), "flooded stderr");
    // 300 MB of notifications while the client reads nothing: the proxy
    // stops reading the server once its queue to the client is full.
    quiet.call(2, "notify_flood", json!({"mb": 300}));
    std::thread::sleep(Duration::from_secs(4));
    let held = peak_rss(pid).saturating_sub(base);
    eprintln!(
        "proxy peak over its start, 300 MB of notifications unread: {} MiB",
        held >> 20
    );
    // Then every notification and the answer arrive.
    let (notes, answer) = quiet.until(2);
    assert_eq!(text_of(&answer), "flooded notifications");
    assert_eq!(notes, 300 * 16, "every notification relayed");
    assert!(
        held < 96 << 20,
        "the proxy held {} MiB over its start while the client did not read",
        held >> 20
    );
    let after = peak_rss(pid).saturating_sub(base);
    assert!(after < 96 << 20, "{} MiB", after >> 20);
    drop(quiet.stdin);
    assert!(quiet.child.wait().unwrap().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_server_that_stops_reading_slows_the_client_instead_of_filling_memory() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, _) = start(&root, &[], &[]);
    let pid = raw.child.id();
    let base = peak_rss(pid);
    assert_eq!(
        text_of(&raw.call(1, "deaf", json!({}))),
        "not reading any more"
    );
    // 400 MiB of requests the server never reads, from a thread: its
    // writes block once the pipes and the proxy's queue are full.
    let mut stdin = raw.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let pad = "p".repeat(1 << 20);
        for id in 0..400 {
            let line = json!({"jsonrpc": "2.0", "id": 100 + id, "method": "ping",
                "params": {"_meta": {"pad": pad}}})
            .to_string();
            if stdin.write_all(line.as_bytes()).is_err() || stdin.write_all(b"\n").is_err() {
                return id;
            }
        }
        400
    });
    std::thread::sleep(Duration::from_secs(4));
    let held = peak_rss(pid).saturating_sub(base);
    eprintln!(
        "proxy peak over its start, requests the server does not read: {} MiB",
        held >> 20
    );
    assert!(!writer.is_finished(), "the client is slowed, not answered");
    assert!(held < 96 << 20, "held {} MiB", held >> 20);
    // SIGTERM: the proxy stops its server's process group on the way out.
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(pid as i32, libc::SIGTERM) };
    let _ = raw.child.wait();
    assert!(writer.join().unwrap() < 400);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn valid_json_serde_json_refuses_is_relayed_and_the_server_is_never_stopped() {
    if python().is_none() {
        return;
    }
    let root = root();
    let log = root.join("fault.log");
    let (mut raw, said) = start(&root, &[], &[("FAULT_LOG", log.as_os_str())]);
    // A lone surrogate in a small result: relayed byte for byte.
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"surrogate"}}"#);
    assert_eq!(
        raw.line(),
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"cut inside an emoji: \ud83d"}]}}"#
    );
    // Relayed as the server wrote them (a BOM dropped, a batch split):
    // the client reads what its own parser can.
    for (id, kind) in [(2, "1e999"), (3, "deep"), (4, "bom"), (5, "batch")] {
        raw.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "odd", "arguments": {"kind": kind}}})
            .to_string(),
        );
        let mut line = raw.line();
        if kind == "batch" {
            assert!(
                line.contains("in a batch"),
                "the notification first: {line}"
            );
            line = raw.line();
        }
        assert!(line.starts_with(&format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"content":[{{"type":"text","text":"odd {kind}"}}]"#)), "{line}");
    }
    // A banner line: passed over (and logged), the answer after it arrives.
    assert_eq!(
        text_of(&raw.call(6, "garbage", json!({}))),
        "answered after garbage"
    );
    // The client's own odd JSON reaches the server or is answered with its id.
    raw.send(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo_args","arguments":{"t":"cut \ud83d"}}}"#);
    let echoed: Value = serde_json::from_str(&raw.answer(7)).unwrap();
    assert_eq!(
        text_of(&echoed),
        r#"{"t": "cut \ud83d"}"#,
        "forwarded as sent"
    );
    raw.send(r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"tool_output","arguments":{"handle":"x","extract":"cut \ud83d"}}}"#);
    let ours: Value = serde_json::from_str(&raw.answer(8)).unwrap();
    assert_eq!(ours["result"]["isError"], true, "{ours}");
    raw.send("\u{feff}{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}");
    raw.answer(9);
    raw.send(
        r#"[{"jsonrpc":"2.0","id":10,"method":"ping"},{"jsonrpc":"2.0","id":11,"method":"ping"}]"#,
    );
    raw.answer(10);
    raw.answer(11);
    raw.send(r#"{"jsonrpc":"2.0","id":12,"method":"ping","params":{"_meta":{"n":1e999}}}"#);
    raw.answer(12);
    assert_eq!(text_of(&raw.call(13, "small", json!({}))), "small answer");
    assert!(raw.close().success());
    let said = std::fs::read_to_string(said).unwrap();
    assert!(
        said.contains("is not a JSON-RPC message") && said.contains("this is not JSON-RPC at all"),
        "{said}"
    );
    assert!(!said.contains("it was stopped"), "{said}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_answer_over_the_size_limit_fails_its_request_at_once() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, _) = start(&root, &["--max-message-bytes", "1000000"], &[]);
    let answer = raw.call(1, "too_long", json!({"mb": 2}));
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "tool-output proxy: the downstream server's answer to tools/call was 2097"
        ) && message.ends_with("bytes, over the limit of 1000000 (see --max-message-bytes)"),
        "{message}"
    );
    assert_eq!(text_of(&raw.call(2, "small", json!({}))), "small answer");
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

fn tool_names(list: &Value) -> Vec<String> {
    list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn tool_names_stay_unique_and_our_tools_say_they_only_read() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, _) = start(&root, &[], &[("FAULT_OWN_TOOL_OUTPUT", OsStr::new("1"))]);
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let list: Value = serde_json::from_str(&raw.answer(1)).unwrap();
    let names = tool_names(&list);
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert!(
        names.contains(&"downstream_tool_output".to_string()),
        "{names:?}"
    );
    for tool in list["result"]["tools"].as_array().unwrap() {
        if tool["name"].as_str().unwrap().starts_with("tool_output") {
            let hints = &tool["annotations"];
            assert_eq!(hints["readOnlyHint"], true, "{tool}");
            assert_eq!(hints["destructiveHint"], false, "{tool}");
            assert_eq!(hints["idempotentHint"], true, "{tool}");
            assert_eq!(hints["openWorldHint"], false, "{tool}");
            assert!(tool["title"].is_string(), "{tool}");
        }
    }
    let theirs = raw.call(2, "downstream_tool_output", json!({}));
    assert_eq!(text_of(&theirs), "the server's own tool_output");
    let ours = raw.call(3, "tool_output", json!({"handle": "nope", "extract": "x"}));
    assert!(text_of(&ours).starts_with("TOOL_OUTPUT FAILED"), "{ours}");
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_proxy_in_front_of_a_proxy_defers_to_it() {
    if python().is_none() {
        return;
    }
    let root = root();
    let inner = proxy(&root.join("inner"), &[], &fault_server());
    // The outer one takes the server's command without `--` (as the MCP
    // Inspector passes it).
    let mut outer = vec![
        bin(),
        "--root".into(),
        root.join("outer").display().to_string(),
    ];
    outer.extend(["--cache-dir".into(), cache().display().to_string()]);
    outer.extend(["mcp", "proxy"].map(String::from));
    outer.extend(inner);
    let mut raw = Raw::start(&outer, &[]);
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let names = tool_names(&serde_json::from_str(&raw.answer(1)).unwrap());
    let ours: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("tool_output"))
        .collect();
    assert_eq!(
        ours,
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail",
            "tool_output_search"
        ]
    );
    // The inner proxy stores; its handles answer through the outer one.
    let stored = raw.call(2, "big", json!({"mb": 1, "needle": "needle-nested"}));
    let handle = handle_in(text_of(&stored));
    let grep = raw.call(
        3,
        "tool_output_grep",
        json!({"handle": handle, "pattern": "needle-nested"}),
    );
    assert!(text_of(&grep).contains("ERROR needle-nested"), "{grep}");
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn structured_content_that_repeats_the_text_is_stored_once() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, _) = start(&root, &[], &[]);
    let answer = raw.call(1, "dup", json!({}));
    let result = &answer["result"];
    assert!(result.get("structuredContent").is_none(), "{result}");
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 2, "the message and its link: {result}");
    let message = content[0]["text"].as_str().unwrap();
    assert!(
        message.starts_with("This result's text, which its structuredContent repeats, is stored once:\nTool output is too large ("),
        "{message}"
    );
    assert_eq!(message.matches("handle = ").count(), 1);
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_jq_program_that_never_ends_is_an_answer_not_a_protocol_error() {
    if python().is_none() {
        return;
    }
    let root = root();
    let (mut raw, _) = start(&root, &["--call-cpu-secs", "2"], &[]);
    let multi = raw.call(1, "multi", json!({}));
    let structured = multi["result"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["text"].as_str())
        .find(|t| t.contains("structuredContent"))
        .unwrap()
        .to_string();
    let handle = handle_in(&structured);
    let answer = raw.call(
        2,
        "tool_output",
        json!({"handle": handle, "extract": "def f: f; f", "mode": "jq"}),
    );
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    let text = text_of(&answer);
    // The limit, plus what reading the output (a little over 1 MiB)
    // earned: whichever bound it passes first.
    assert!(
        text.starts_with("tool_output: the call was stopped (guest CPU time limit of 2s, plus ")
            && text.contains(" exceeded")
            && text.contains("). Ask for less:"),
        "{text}"
    );
    assert!(!text.contains("backtrace") && text.len() < 400, "{text}");
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

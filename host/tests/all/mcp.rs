//! `tool-output mcp proxy` and `mcp serve` driven end to end by the official
//! MCP Python SDK client (`tests/mcp/client.py`) and TypeScript SDK client
//! (`tests/mcp/client.mjs`), in front of real servers
//! (`@modelcontextprotocol/server-filesystem`, `server-everything`) and a
//! scripted one that misbehaves on purpose (`tests/mcp/fault_server.py`).
//! Byte-level checks use a raw JSON-RPC client over the proxy's stdio.
//!
//! Needs `tests/mcp/setup.sh` to have run; without it the tests are skipped,
//! unless TOOL_OUTPUT_REQUIRE_MCP=1 (CI), which makes that a failure.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn mcp_dir() -> PathBuf {
    workspace().join("tests/mcp")
}

/// The SDK's Python, or None (skip) when setup.sh has not run.
fn python() -> Option<PathBuf> {
    let python = workspace().join("target/mcp-venv/bin/python");
    let servers = mcp_dir().join("node_modules/.bin/mcp-server-filesystem");
    if python.is_file() && servers.is_file() {
        return Some(python);
    }
    if std::env::var("TOOL_OUTPUT_REQUIRE_MCP").is_ok_and(|v| v == "1") {
        panic!(
            "TOOL_OUTPUT_REQUIRE_MCP=1 but the MCP test tools are missing: run tests/mcp/setup.sh"
        );
    }
    eprintln!("skipped: the MCP test tools are not installed (run tests/mcp/setup.sh)");
    None
}

/// A fresh root whose component cache is shared by all tests.
fn root() -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = base
        .join("mcp")
        .join(uuid::Uuid::new_v4().simple().to_string());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The component cache shared by all tests (the CLI's default is the
/// user's cache directory).
fn cache() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-component-cache")
}

fn bin() -> String {
    env!("CARGO_BIN_EXE_tool-output").to_string()
}

/// `tool-output --root ROOT mcp proxy FLAGS -- DOWNSTREAM…`
fn proxy(root: &Path, flags: &[&str], downstream: &[String]) -> Vec<String> {
    let mut cmd = vec![
        bin(),
        "--root".into(),
        root.display().to_string(),
        "--cache-dir".into(),
        cache().display().to_string(),
    ];
    cmd.extend(["mcp", "proxy"].map(String::from));
    cmd.extend(flags.iter().map(|f| f.to_string()));
    cmd.push("--".into());
    cmd.extend(downstream.iter().cloned());
    cmd
}

fn fault_server() -> Vec<String> {
    vec![
        "python3".into(),
        mcp_dir().join("fault_server.py").display().to_string(),
    ]
}

fn filesystem_server(dir: &Path) -> Vec<String> {
    vec![
        mcp_dir()
            .join("node_modules/.bin/mcp-server-filesystem")
            .display()
            .to_string(),
        dir.display().to_string(),
    ]
}

fn everything_server() -> Vec<String> {
    vec![
        mcp_dir()
            .join("node_modules/.bin/mcp-server-everything")
            .display()
            .to_string(),
    ]
}

/// Run the SDK client's steps against `server`; its JSON report.
fn client(python: &Path, steps: Value, server: &[String], envs: &[(&str, &str)]) -> Value {
    let out = Command::new(python)
        .arg(mcp_dir().join("client.py"))
        .arg(steps.to_string())
        .arg("--")
        .args(server)
        .envs(envs.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    report
}

/// Run the same steps with the official TypeScript SDK client
/// (`tests/mcp/client.mjs`); its JSON report.
fn ts_client(steps: &Value, server: &[String]) -> Value {
    let out = Command::new("node")
        .arg(mcp_dir().join("client.mjs"))
        .arg(steps.to_string())
        .arg("--")
        .args(server)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn text(result: &Value, block: usize) -> &str {
    result["content"][block]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no text block {block} in {result}"))
}

fn handle_in(text: &str) -> String {
    let re = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    re.captures(text).expect("a handle message")[1].to_string()
}

/// A log file with one needle line in the middle.
fn big_log(dir: &Path) -> PathBuf {
    let mut log = String::new();
    for i in 0..20000 {
        if i == 12345 {
            log.push_str("line 12345: ERROR needle-7f3a database connection refused\n");
        } else {
            log.push_str(&format!(
                "line {i}: INFO request handled in {} ms\n",
                i % 97
            ));
        }
    }
    let path = dir.join("big.log");
    std::fs::write(&path, log).unwrap();
    path
}

#[test]
fn the_filesystem_server_behind_the_proxy_stores_a_large_file_and_answers_about_it() {
    let Some(python) = python() else { return };
    let root = root();
    let files = root.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let big = big_log(&files).display().to_string();
    let small = files.join("small.txt");
    std::fs::write(&small, "hello, small file\n").unwrap();
    let small = small.display().to_string();
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "read_text_file", "args": {"path": big}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "the needle database error"}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": "$handle", "pattern": "needle-[0-9a-f]+"}},
        {"op": "call", "name": "tool_output_read", "args": {"handle": "$handle", "from_line": 12346, "to_line": 12347}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": "$handle", "lines": 1}},
        {"op": "read_resource", "uri": "$uri"},
        {"op": "call", "name": "read_text_file", "args": {"path": small}},
        {"op": "call", "name": "tool_output_read", "args": {"handle": "$handle", "from_line": "x"}},
    ]);
    let report = client(
        &python,
        steps.clone(),
        &proxy(&root, &[], &filesystem_server(&files)),
        &[],
    );
    let r = report["results"].as_array().unwrap();

    // Downstream tools, then ours; tool_output's schema is the engine's.
    let names: Vec<&str> = r[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"read_text_file"), "{names:?}");
    assert_eq!(
        &names[names.len() - 4..],
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail"
        ]
    );
    let schema = Command::new(bin())
        .args(["--root"])
        .arg(&root)
        .arg("schema")
        .output()
        .unwrap();
    let schema: Value = serde_json::from_slice(&schema.stdout).unwrap();
    let ours = &r[0]["tools"][names.len() - 4];
    assert_eq!(
        ours["inputSchema"], schema,
        "the engine's schema, mode enum included"
    );

    // The large file: the handle message, labelled (the result also has
    // structuredContent), and a link to the stored output.
    let stored = &r[1];
    let message = text(stored, 0);
    assert!(
        message.starts_with(
            "Part content[0] (text) of this result is stored:\nTool output is too large ("
        ),
        "{message}"
    );
    assert!(message.contains("20000 lines"), "{message}");
    assert!(
        message.contains("12346: line 12345: ERROR needle-7f3a"),
        "the preview shows the error line: {message}"
    );
    let handle = handle_in(message);
    assert_eq!(stored["content"][1]["type"], "resource_link");
    assert_eq!(
        stored["content"][1]["uri"],
        format!("tool-output://{handle}")
    );
    assert!(
        text(stored, 2).starts_with("Part structuredContent (JSON) of this result is stored:\n")
    );
    assert!(stored.get("structuredContent").is_none());

    // tool_output answers from the whole output (lexical: no LLM configured).
    let abstract_ = text(&r[2], 0);
    assert!(
        abstract_.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "{abstract_}"
    );
    assert!(abstract_.contains("12346: line 12345: ERROR needle-7f3a database connection refused"));
    // The paging tools are exact.
    assert_eq!(
        text(&r[3], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n"
    );
    assert_eq!(
        text(&r[4], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n12347: line 12346: INFO request handled in 27 ms\n"
    );
    assert_eq!(
        text(&r[5], 0),
        "20000: line 19999: INFO request handled in 17 ms\n"
    );
    // The resource is the view, a page at a time.
    let page = r[6]["contents"][0]["text"].as_str().unwrap();
    assert!(
        page.starts_with("1: line 0: INFO request handled in 0 ms\n2: line 1:"),
        "{page}"
    );
    assert!(page.len() <= 12288, "one page");
    // A small result is what the server itself gives.
    let direct = client(&python, steps, &filesystem_server(&files), &[]);
    assert_eq!(r[7], direct["results"][7], "small results pass through");
    assert_eq!(text(&r[7], 0), "hello, small file\n");
    // A bad argument is a tool error the model can read.
    assert_eq!(r[8]["isError"], true);
    assert!(
        text(&r[8], 0).starts_with("tool_output_read: invalid type"),
        "{}",
        r[8]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_typescript_sdk_client_gets_the_same_through_the_proxy() {
    if python().is_none() {
        return;
    }
    let root = root();
    let files = root.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let big = big_log(&files).display().to_string();
    let small = files.join("small.txt");
    std::fs::write(&small, "hello, small file\n").unwrap();
    let small = small.display().to_string();
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "read_text_file", "args": {"path": big}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "the needle database error", "mode": "lexical"}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": "$handle", "pattern": "needle-[0-9a-f]+"}},
        {"op": "read_resource", "uri": "$uri"},
        {"op": "call", "name": "read_text_file", "args": {"path": small}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": "00000000-0000-4000-8000-000000000000", "lines": 1}},
    ]);
    let report = ts_client(&steps, &proxy(&root, &[], &filesystem_server(&files)));
    let r = report["results"].as_array().unwrap();
    assert!(
        report["initialize"]["capabilities"]["resources"].is_object(),
        "ours added: {}",
        report["initialize"]
    );
    let names: Vec<&str> = r[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"read_text_file"), "{names:?}");
    assert_eq!(
        &names[names.len() - 4..],
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail"
        ]
    );
    let message = text(&r[1], 0);
    assert!(
        message.starts_with(
            "Part content[0] (text) of this result is stored:\nTool output is too large ("
        ),
        "{message}"
    );
    let handle = handle_in(message);
    assert_eq!(r[1]["content"][1]["uri"], format!("tool-output://{handle}"));
    assert!(
        text(&r[2], 0).starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "{}",
        r[2]
    );
    assert!(text(&r[2], 0).contains("ERROR needle-7f3a database connection refused"));
    assert_eq!(
        text(&r[3], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n"
    );
    let page = r[4]["contents"][0]["text"].as_str().unwrap();
    assert!(
        page.starts_with("1: line 0: INFO request handled in 0 ms\n"),
        "{page}"
    );
    // A small result is exactly what the server gives this client directly.
    let direct = ts_client(&steps, &filesystem_server(&files));
    assert_eq!(r[5], direct["results"][5], "small results pass through");
    assert_eq!(text(&r[5], 0), "hello, small file\n");
    // An unknown handle is a tool error the model can read, not a protocol error.
    assert_eq!(r[6]["isError"], true, "{}", r[6]);
    assert!(
        text(&r[6], 0).contains("00000000-0000-4000-8000-000000000000"),
        "{}",
        r[6]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn everything_else_passes_through_as_the_server_gives_it() {
    let Some(python) = python() else { return };
    let root = root();
    let steps = json!([
        {"op": "ping"},
        {"op": "list_prompts"},
        {"op": "get_prompt", "name": "args-prompt", "args": {"city": "Lyon"}},
        {"op": "list_resources"},
        {"op": "read_resource", "uri": "demo://resource/static/document/features.md"},
        {"op": "list_resource_templates"},
        {"op": "complete", "ref": {"type": "ref/prompt", "name": "completable-prompt"}, "argument": {"name": "department", "value": "En"}},
        {"op": "set_level", "level": "debug"},
        {"op": "call", "name": "get-sum", "args": {"a": 2, "b": 40}},
        {"op": "call", "name": "get-tiny-image"},
        {"op": "call", "name": "get-structured-content", "args": {"location": "New York"}},
        {"op": "call", "name": "trigger-long-running-operation", "args": {"duration": 1, "steps": 3}, "progress": true},
        {"op": "call", "name": "no-such-tool"},
        {"op": "list_tools"},
    ]);
    let direct = client(&python, steps.clone(), &everything_server(), &[]);
    let proxied = client(
        &python,
        steps,
        &proxy(&root, &[], &everything_server()),
        &[],
    );
    let (d, p) = (
        direct["results"].as_array().unwrap(),
        proxied["results"].as_array().unwrap(),
    );
    for i in 0..13 {
        assert_eq!(p[i], d[i], "step {i}");
    }
    assert_eq!(
        proxied["progress"], direct["progress"],
        "progress notifications"
    );
    assert_eq!(proxied["progress"].as_array().unwrap().len(), 3);
    // The server's capabilities, ours added; its instructions, ours appended.
    let (di, pi) = (&direct["initialize"], &proxied["initialize"]);
    assert_eq!(
        pi["capabilities"], di["capabilities"],
        "it already has tools and resources"
    );
    assert_eq!(pi["serverInfo"], di["serverInfo"]);
    let instructions = pi["instructions"].as_str().unwrap();
    assert!(instructions.starts_with(di["instructions"].as_str().unwrap()));
    assert!(instructions.ends_with(tool_output::agent::SYSTEM_PROMPT));
    // Its tools, without output schemas (a stored result drops the
    // structuredContent they promise), then ours.
    let theirs = d[13]["tools"].as_array().unwrap();
    let listed = p[13]["tools"].as_array().unwrap();
    assert_eq!(listed.len(), theirs.len() + 4);
    for (mine, their) in listed.iter().zip(theirs) {
        let mut their = their.clone();
        their.as_object_mut().unwrap().remove("outputSchema");
        assert_eq!(mine, &their);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// A JSON-RPC client on a process's stdio, line by line.
struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Raw {
    fn start(cmd: &[String], envs: &[(&str, &OsStr)]) -> Raw {
        let mut child = Command::new(&cmd[0])
            .args(&cmd[1..])
            .envs(envs.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut raw = Raw {
            child,
            stdin,
            lines: rx,
        };
        raw.send(
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw-test", "version": "0"}}})
            .to_string(),
        );
        raw.line();
        raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        raw
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("an answer in time")
    }

    /// The answer to request `id` (notifications before it are skipped).
    fn answer(&self, id: u64) -> String {
        loop {
            let line = self.line();
            let value: Value = serde_json::from_str(&line).unwrap();
            if value["id"] == id {
                return line;
            }
        }
    }

    fn call(&mut self, id: u64, name: &str, args: Value) -> Value {
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": name, "arguments": args}})
            .to_string(),
        );
        serde_json::from_str(&self.answer(id)).unwrap()
    }

    /// Close stdin and wait for the exit.
    fn close(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.wait_exit()
    }

    /// Wait for the exit (stdin left as it is).
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "the proxy did not exit"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn logged(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn small_results_and_images_pass_through_byte_for_byte() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut direct = Raw::start(&fault_server(), &[]);
    let mut proxied = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    for (id, tool) in [(1, "raw"), (2, "image"), (3, "small")] {
        let call =
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool}})
                .to_string();
        direct.send(&call);
        proxied.send(&call);
        let (d, p) = (direct.answer(id), proxied.answer(id));
        assert_eq!(p, d, "{tool}");
        if tool == "raw" {
            assert!(
                p.contains(r#""priority":0.50}"#)
                    && p.contains(r#""text":"caf\u00e9 \ud83d\ude00 ok""#),
                "{p}"
            );
        }
        if tool == "image" {
            assert!(p.len() > 2_000_000);
        }
    }
    direct.close();
    proxied.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn every_oversized_part_is_stored_and_says_which_part_it_was() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let tools: Value = serde_json::from_str(&raw.answer(1)).unwrap();
    assert!(tools["result"]["tools"][0].get("outputSchema").is_none());

    let result = &raw.call(2, "multi", json!({}))["result"];
    let content = result["content"].as_array().unwrap();
    let kinds: Vec<&str> = content
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "text",
            "text",
            "resource_link",
            "text",
            "resource_link",
            "image",
            "text",
            "resource_link"
        ]
    );
    assert_eq!(
        content[0]["text"], "summary: 1 MB follows",
        "a small part stays"
    );
    let part = |i: usize| content[i]["text"].as_str().unwrap();
    assert!(part(1).starts_with("Part content[1] (text) of this result is stored:\nTool output is too large (1000023 bytes"), "{}", part(1));
    assert!(part(3).starts_with("Part content[2] (resource file:///var/log/app.log) of this result is stored:\nTool output is too large ("), "{}", part(3));
    assert_eq!(
        content[5],
        json!({"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"})
    );
    assert!(part(6).starts_with(
        "Part structuredContent (JSON) of this result is stored:\nTool output is too large ("
    ));
    assert!(result.get("structuredContent").is_none());
    // Each handle holds its part: the JSON one has the rows.
    let json_handle = handle_in(part(6));
    let found = raw.call(
        3,
        "tool_output_grep",
        json!({"handle": json_handle, "pattern": "\"id\": 19999"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("\"id\": 19999"),
        "{found}"
    );
    let text_handle = handle_in(part(1));
    let found = raw.call(
        4,
        "tool_output_grep",
        json!({"handle": text_handle, "pattern": "needle-in-multi"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("ERROR needle-in-multi")
    );

    // This server has no resources: the proxy lists the stored outputs and
    // serves the links, a page at a time.
    raw.send(r#"{"jsonrpc":"2.0","id":40,"method":"resources/list"}"#);
    let listed: Value = serde_json::from_str(&raw.answer(40)).unwrap();
    let uris: Vec<&str> = listed["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris.len(), 3, "{uris:?}");
    assert!(uris.contains(&format!("tool-output://{text_handle}").as_str()));
    let needle_line = found["result"]["content"][0]["text"].as_str().unwrap();
    let needle_line = needle_line.split(':').next().unwrap().to_string();
    let link = content[2]["uri"].as_str().unwrap();
    raw.send(
        &json!({"jsonrpc": "2.0", "id": 41, "method": "resources/read",
        "params": {"uri": format!("{link}?from={needle_line}")}})
        .to_string(),
    );
    let page: Value = serde_json::from_str(&raw.answer(41)).unwrap();
    let page = page["result"]["contents"][0]["text"].as_str().unwrap();
    let expected = format!("{needle_line}: 2026-11-23T10:00:00 ERROR needle-in-multi\n");
    assert!(page.starts_with(&expected), "{page}");
    raw.send(r#"{"jsonrpc":"2.0","id":42,"method":"resources/read","params":{"uri":"tool-output://../../etc/passwd"}}"#);
    let refused: Value = serde_json::from_str(&raw.answer(42)).unwrap();
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid handle"),
        "{refused}"
    );

    // An error log is exactly what must not be cut: stored, still an error.
    let error = &raw.call(5, "error_log", json!({}))["result"];
    assert_eq!(error["isError"], true);
    let message = error["content"][0]["text"].as_str().unwrap();
    assert!(
        message.starts_with("Tool output is too large ("),
        "one part: no label: {message}"
    );
    let answer = raw.call(
        6,
        "tool_output",
        json!({"handle": handle_in(message), "extract": "FATAL linker killed", "mode": "lexical"}),
    );
    assert!(
        answer["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("FATAL: the linker was killed (signal 9)")
    );
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn thresholds_are_set_globally_and_per_tool_from_flags_or_a_file() {
    if python().is_none() {
        return;
    }
    let root = root();
    let limits = root.join("limits.toml");
    std::fs::write(
        &limits,
        "max_inline_bytes = 4\n[tools.error_log]\nmax_inline_bytes = 2000000\n",
    )
    .unwrap();
    let flags = [
        "--limits",
        limits.to_str().unwrap(),
        "--tool-limit",
        "image=100",
    ];
    let mut raw = Raw::start(&proxy(&root, &flags, &fault_server()), &[]);
    let small = raw.call(1, "small", json!({}));
    let message = small["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.contains(&format!("handle = \"{}\"", handle_in(message))),
        "12 bytes > 4: stored"
    );
    let error = raw.call(2, "error_log", json!({}));
    assert!(
        error["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .len()
            > 1_000_000,
        "its own limit: kept"
    );
    let image = raw.call(3, "image", json!({}));
    assert_eq!(
        image["result"]["content"][0]["type"], "image",
        "images are never stored"
    );
    raw.close();

    let bad = Command::new(bin())
        .arg("--root")
        .arg(&root)
        .args(["mcp", "proxy", "--tool-limit", "nonumber", "--", "true"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--tool-limit takes TOOL=BYTES"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_fifty_megabyte_result_is_stored_and_searchable() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    let result = raw.call(1, "big", json!({"mb": 50, "needle": "needle-50mb-c0ffee"}));
    let message = result["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.starts_with("Tool output is too large (50000"),
        "{message}"
    );
    let found = raw.call(
        2,
        "tool_output_grep",
        json!({"handle": handle_in(message), "pattern": "needle-50mb"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("ERROR needle-50mb-c0ffee")
    );
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_crashing_downstream_gives_a_clear_error_and_the_stored_outputs_stay_readable() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    let stored = raw.call(1, "error_log", json!({}));
    let handle = handle_in(stored["result"]["content"][0]["text"].as_str().unwrap());
    let crash = raw.call(2, "crash", json!({}));
    let error = crash["error"]["message"].as_str().unwrap();
    assert_eq!(
        error,
        "tool-output proxy: the downstream server exited with status 3 (its last stderr: fault_server: simulated crash)"
    );
    let later = raw.call(3, "small", json!({}));
    assert_eq!(
        later["error"]["message"], crash["error"]["message"],
        "at once, not hung"
    );
    let tail = raw.call(4, "tool_output_tail", json!({"handle": handle, "lines": 1}));
    assert!(
        tail["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("15581: ")
    );
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_downstream_writing_invalid_json_rpc_is_stopped_with_a_clear_error() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    let garbage = raw.call(1, "garbage", json!({}));
    assert_eq!(
        garbage["error"]["message"],
        "tool-output proxy: the downstream server sent a line that is not a JSON-RPC message: \"this is not JSON-RPC at all\"; it was stopped"
    );
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_hung_downstream_times_out_and_cancellation_reaches_it() {
    if python().is_none() {
        return;
    }
    let root = root();
    let log = root.join("fault.log");
    let mut raw = Raw::start(
        &proxy(&root, &["--timeout", "2"], &fault_server()),
        &[("FAULT_LOG", log.as_os_str())],
    );
    // The client cancels a call: the downstream is told, nobody answers it.
    raw.send(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}"#);
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}"#);
    raw.send(r#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#);
    let first: Value = serde_json::from_str(&raw.line()).unwrap();
    assert_eq!(first["id"], 8, "no answer to 7 first");
    let cancelled = logged(&log)
        .into_iter()
        .find(|m| m["method"] == "notifications/cancelled")
        .expect("forwarded");
    assert_eq!(
        cancelled["params"],
        json!({"requestId": 7, "reason": "user"})
    );
    // A call nobody answers fails after --timeout, and the downstream is told.
    let started = Instant::now();
    let hung = raw.call(9, "slow", json!({}));
    assert!(started.elapsed() >= Duration::from_secs(2));
    assert_eq!(hung["error"]["code"], -32001);
    assert_eq!(
        hung["error"]["message"],
        "tool-output proxy: the downstream server did not answer tools/call within 2 s (see --timeout)"
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(logged(&log).iter().any(|m| m["params"]["requestId"] == 9));
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn closing_stdin_stops_the_downstream_and_removes_the_temporary_session() {
    if python().is_none() {
        return;
    }
    let root = root();
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let log = root.join("fault.log");
    let mut raw = Raw::start(
        &proxy(&root, &[], &fault_server()),
        &[("FAULT_LOG", log.as_os_str()), ("TMPDIR", tmp.as_os_str())],
    );
    let stored = raw.call(1, "error_log", json!({}));
    let handle = handle_in(stored["result"]["content"][0]["text"].as_str().unwrap());
    let run_root = std::fs::read_dir(&tmp)
        .unwrap()
        .next()
        .expect("a run root")
        .unwrap()
        .path();
    let session = std::fs::read_dir(&run_root)
        .unwrap()
        .flatten()
        .find(|e| e.path().is_dir())
        .unwrap()
        .path();
    assert!(
        std::fs::read_dir(&session)
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with(&handle))
    );
    // A hung downstream must not keep the proxy alive either.
    raw.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hang"}}"#);
    std::thread::sleep(Duration::from_millis(300));
    assert!(raw.close().success());
    assert!(!run_root.exists(), "the temporary session is removed");
    let pid = logged(&log)[0]["pid"].as_i64().unwrap() as i32;
    // SAFETY: signal 0 only asks whether the process exists.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    assert!(!alive, "the downstream is stopped");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn serve_offers_the_tools_over_a_named_session_the_cli_stored_into() {
    let Some(python) = python() else { return };
    let root = root();
    let mut log = String::new();
    for i in 0..3000 {
        log.push_str(&format!("step {i} ok\n"));
    }
    log.push_str("error: needle in the served session\n");
    let mut store = Command::new(bin())
        .arg("--root")
        .arg(&root)
        .arg("--cache-dir")
        .arg(cache())
        .args(["--session", "served", "store", "--tool", "make"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    store
        .stdin
        .take()
        .unwrap()
        .write_all(log.as_bytes())
        .unwrap();
    let message = String::from_utf8(store.wait_with_output().unwrap().stdout).unwrap();
    let handle = handle_in(&message);
    let server = vec![
        bin(),
        "--root".into(),
        root.display().to_string(),
        "--cache-dir".into(),
        cache().display().to_string(),
        "--session".into(),
        "served".into(),
        "mcp".into(),
        "serve".into(),
    ];
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "needle error"}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": handle, "lines": 1}},
        {"op": "list_resources"},
        {"op": "read_resource", "uri": format!("tool-output://{handle}?from=3001")},
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
            "tool_output_tail"
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

#[test]
fn sigterm_ends_the_proxy_while_stdin_is_open_and_cleans_up() {
    if python().is_none() {
        return;
    }
    let root = root();
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let log = root.join("fault.log");
    let envs = [("FAULT_LOG", log.as_os_str()), ("TMPDIR", tmp.as_os_str())];
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &envs);
    raw.call(1, "small", json!({}));
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 1, "a run root");
    // SAFETY: signalling the proxy we started.
    unsafe { libc::kill(raw.child.id() as i32, libc::SIGTERM) };
    let status = raw.wait_exit();
    assert_eq!(
        status.code(),
        Some(128 + libc::SIGTERM),
        "128+N, as every command"
    );
    assert_eq!(
        std::fs::read_dir(&tmp).unwrap().count(),
        0,
        "the temporary session is removed"
    );
    let pid = logged(&log)[0]["pid"].as_i64().unwrap() as i32;
    // The downstream was signalled as the proxy exited; on a loaded machine
    // it can take a moment to die, and a dead one may linger as a zombie
    // until its new parent reaps it: both count as stopped.
    let started = Instant::now();
    while process_is_running(pid) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the downstream is stopped"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// Whether `pid` is a live process (not gone, not a zombie).
fn process_is_running(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the parenthesised command name.
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

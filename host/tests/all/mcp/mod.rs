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
    tool_output_tests::suite::missing("mcp", "the MCP test tools");
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

/// `tool-output --root ROOT --session SESSION mcp serve`
fn serve(root: &Path, session: &str) -> Vec<String> {
    [
        bin(),
        "--root".into(),
        root.display().to_string(),
        "--session".into(),
        session.into(),
        "mcp".into(),
        "serve".into(),
    ]
    .to_vec()
}

/// A log of `lines` routine lines with `needle` after them, stored by the
/// CLI into session `name` of `root`; its handle.
fn store_log(root: &Path, name: &str, lines: usize, needle: &str) -> String {
    let mut log = String::new();
    for i in 0..lines {
        log.push_str(&format!("step {i} ok: compiled unit {i} of the build\n"));
    }
    log.push_str(needle);
    log.push('\n');
    let mut store = Command::new(bin())
        .arg("--root")
        .arg(root)
        .args(["--session", name, "store", "--tool", "make"])
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
    handle_in(&String::from_utf8(store.wait_with_output().unwrap().stdout).unwrap())
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

mod eras;
mod faults;
mod hostile;
mod results;
mod sampled;
mod sdk_clients;
mod serve;

/// A JSON-RPC client on a process's stdio, line by line.
struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Raw {
    fn start(cmd: &[String], envs: &[(&str, &OsStr)]) -> Raw {
        Raw::start_with(cmd, envs, Stdio::inherit())
    }

    /// [`Raw::start`] for a client that declares `capabilities`.
    fn start_offering(cmd: &[String], envs: &[(&str, &OsStr)], capabilities: Value) -> Raw {
        Raw::spawn(cmd, envs, Stdio::inherit(), capabilities)
    }

    /// [`Raw::start`] with the proxy's stderr going to `stderr`.
    fn start_with(cmd: &[String], envs: &[(&str, &OsStr)], stderr: Stdio) -> Raw {
        Raw::spawn(cmd, envs, stderr, json!({}))
    }

    fn spawn(cmd: &[String], envs: &[(&str, &OsStr)], stderr: Stdio, capabilities: Value) -> Raw {
        let mut child = Command::new(&cmd[0])
            .args(&cmd[1..])
            .envs(envs.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
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
            "protocolVersion": "2025-06-18", "capabilities": capabilities,
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

/// A process's peak resident memory so far, in bytes (`VmHWM`).
fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb << 10
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

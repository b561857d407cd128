//! The MCP proxy's peak memory for one large result (a message of 100 MB,
//! then 500 MB, from the scripted server of `tests/mcp/`): the proxy holds
//! the result's line once while it streams the text into the store.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use super::*;

pub(crate) fn bench_proxy_memory() {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace().join("target"), PathBuf::from);
    let bin = target.join("release/tool-output");
    if !bin.is_file() {
        println!("proxy memory: skipped (run `cargo build --release -p tool-output` first)");
        return;
    }
    let root = std::env::temp_dir().join(format!("tool-output-bench-mcp-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    for mb in [100u64, 500] {
        let mut proxy = Command::new(&bin)
            .arg("--root")
            .arg(&root)
            .args(["mcp", "proxy", "--", "python3"])
            .arg(workspace().join("tests/mcp/fault_server.py"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = proxy.stdin.take().unwrap();
        let mut stdout = BufReader::new(proxy.stdout.take().unwrap());
        let mut line = String::new();
        let mut send = |message: &str| {
            writeln!(stdin, "{message}").unwrap();
            stdin.flush().unwrap();
        };
        send(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}"#,
        );
        stdout.read_line(&mut line).unwrap();
        send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        let before = peak_rss_mb(proxy.id());
        let started = Instant::now();
        send(&format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"big","arguments":{{"mb":{mb}}}}}}}"#
        ));
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let elapsed = started.elapsed();
        assert!(
            line.contains("Tool output is too large"),
            "{}",
            &line[..line.len().min(300)]
        );
        let peak = peak_rss_mb(proxy.id());
        drop(stdin);
        drop(stdout);
        let _ = proxy.wait();
        println!(
            "MCP proxy, one {mb} MB result: peak RSS {peak:.0} MB, {:.2}x the result ({before:.0} MB before it: {:.2}x over that); answered in {:.1} s, the server's JSON encoding included",
            peak / mb as f64,
            (peak - before) / mb as f64,
            elapsed.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

pub(crate) fn peak_rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

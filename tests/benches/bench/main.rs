//! Performance of the real component through the host, against native
//! baselines, measured in one run (medians; ratios computed in-process).
//!
//!     cargo build --release -p tool-output        # the CLI, for the cold-start figure
//!     cargo bench -p tool-output-tests --bench bench [-- NAME…]
//!
//! NAME: store, store-structured (JSON records, CSV), passthrough, cli,
//! tokens, grep, chunked (full-chunked
//! against a scripted LLM on loopback), object-store (10 MB against the S3
//! server of `tests/s3/setup.sh` on loopback), object-store-cold (1 GB on
//! it, read cold by range: 100 lines, one grep; slow), rss (1 GB streamed; slow),
//! proxy-memory (the MCP proxy's peak for 100 and 500 MB results; slow),
//! gateway (the model-API gateway's added latency a request and to the
//! first byte, passthrough byte for byte), gateway-memory (its peak for one
//! request of 100 and 300 MB; slow),
//! jq-stream (a per-value jq program over 2 GB of JSON lines; slow).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use tool_output::{GrepOptions, RemoteStore, Runtime, RuntimeConfig, ToolCall};

mod engine;
mod gateway;
mod llm;
mod mcp;
mod process;
mod remote;

use engine::*;
use llm::bench_chunked;
use mcp::bench_proxy_memory;
use process::{bench_cli, jq_stream_child, rss_child};
use remote::{bench_object_store, bench_object_store_cold};

const RUNS: usize = 7;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn mbps(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / d.as_secs_f64() / 1e6
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A realistic mixed output: build-log lines, code, JSON, some CJK.
fn mixed_text(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 200);
    let mut i = 0u64;
    while s.len() < bytes {
        match i % 5 {
            0 => s.push_str(&format!(
                "   Compiling crate-{i} v0.{}.{} (registry+index)\n",
                i % 9,
                i % 31
            )),
            1 => s.push_str(&format!(
                "warning: unused variable `ctx_{i}` --> src/lib.rs:{}:9\n",
                i % 800
            )),
            2 => s.push_str(&format!(
                "    let value_{i} = compute(&input[{}..], Some({i}))?;\n",
                i % 64
            )),
            3 => s.push_str(&format!(
                "{{\"id\":{i},\"status\":\"ok\",\"latency_ms\":{},\"tags\":[\"a\",\"b\"]}}\n",
                i % 977
            )),
            _ => s.push_str(&format!("请求 {i} 处理完成，耗时 {} 毫秒 ✅\n", i % 300)),
        }
        i += 1;
    }
    s
}

async fn runtime() -> Runtime {
    let config = RuntimeConfig {
        ..RuntimeConfig::default()
    };
    Runtime::new(config).await.expect("runtime")
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if std::env::args().any(|a| a == "--rss-child") {
        rss_child().await;
        return;
    }
    if std::env::args().any(|a| a == "--jq-stream-child") {
        jq_stream_child().await;
        return;
    }
    let want = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    let rt = runtime().await;
    println!(
        "tool-output benchmarks ({} cores)",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    if want("store") {
        bench_store(&rt).await;
    }
    if want("store-structured") {
        bench_store_structured(&rt).await;
    }
    if want("passthrough") {
        bench_passthrough(&rt).await;
    }
    if want("cli") {
        bench_cli();
    }
    if want("tokens") {
        bench_tokens(&rt).await;
    }
    if want("grep") {
        bench_grep(&rt).await;
    }
    if want("chunked") {
        bench_chunked().await;
    }
    if want("object-store") {
        bench_object_store(&rt).await;
    }
    if want("object-store-cold") {
        bench_object_store_cold(&rt).await;
    }
    if want("proxy-memory") {
        bench_proxy_memory();
    }
    if want("gateway") {
        gateway::bench_gateway(&rt).await;
    }
    if want("gateway-memory") {
        gateway::bench_gateway_memory().await;
    }
    for (name, flag) in [("rss", "--rss-child"), ("jq-stream", "--jq-stream-child")] {
        if !want(name) {
            continue;
        }
        let out = Command::new(std::env::current_exe().unwrap())
            .arg(flag)
            .output()
            .unwrap();
        print!("{}", String::from_utf8_lossy(&out.stdout));
        if !out.status.success() {
            println!("{name}: failed: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

//! Whole processes: the CLI's cold and warm start, and the peak RSS of a
//! 1 GB streamed store (in a child process of its own).

use super::*;

pub(crate) fn bench_cli() {
    // Where `cargo build --release` put it: CARGO_TARGET_DIR when set.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace().join("target"), std::path::PathBuf::from);
    let bin = target.join("release/tool-output");
    if !bin.is_file() {
        println!("cold CLI store: skipped (run `cargo build --release -p tool-output` first)");
        return;
    }
    let root = std::env::temp_dir().join(format!("tool-output-bench-{}", std::process::id()));
    let input = root.join("input.log");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(&input, mixed_text(100 * 1024)).unwrap();
    let run = || {
        let t = Instant::now();
        let out = Command::new(&bin)
            .arg("--root")
            .arg(&root)
            .arg("--cache-dir")
            .arg(root.join("components"))
            .args(["store", "--tool", "bench"])
            .arg(&input)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        t.elapsed()
    };
    let first = run(); // fills the (fresh) component cache
    let samples: Vec<Duration> = (0..RUNS * 3).map(|_| run()).collect();
    println!(
        "cold CLI `store` of 100 KB (new process, component cache warm): median {:.1} ms over {} runs (first run, cache empty: {:.0} ms)",
        median(samples).as_secs_f64() * 1e3,
        RUNS * 3,
        first.as_secs_f64() * 1e3
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Runs in a child process so its peak RSS is the streaming store's alone.
pub(crate) async fn rss_child() {
    let rt = runtime().await;
    let session = rt.session().unwrap();
    let chunk = mixed_text(1 << 20);
    let mut writer = session.writer(&ToolCall::new("bench")).await.unwrap();
    let t = Instant::now();
    for _ in 0..1024 {
        writer.write(chunk.as_bytes()).await.unwrap();
    }
    let out = writer.finish().await.unwrap();
    let elapsed = t.elapsed();
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .unwrap_or("VmHWM: ?")
        .to_string();
    let bytes = 1024 * chunk.len();
    println!(
        "1 GB streamed through the writer: {:.1} s ({:.0} MB/s), stored={}, host peak RSS {}",
        elapsed.as_secs_f64(),
        mbps(bytes, elapsed),
        out.handle().is_some(),
        hwm.trim_start_matches("VmHWM:").trim()
    );
}

/// Runs in a child process so its peak RSS is the jq run's: 2 GB of JSON
/// lines stored, then a per-value program over them (read one at a time:
/// far past what jq gathers into one array), under the default limits:
/// the call's CPU allowance grows with what it reads.
pub(crate) async fn jq_stream_child() {
    let config = tool_output::RuntimeConfig {
        ..tool_output::RuntimeConfig::default()
    };
    let rt = tool_output::Runtime::new(config).await.expect("runtime");
    let session = rt.session().unwrap();
    let mut writer = session.writer(&ToolCall::new("bench")).await.unwrap();
    let mut block = String::with_capacity(1 << 20);
    let mut i = 0u64;
    let mut written = 0usize;
    // TOOL_OUTPUT_BENCH_JQ_MB: a smaller run (default 2048 MiB).
    let total: usize = std::env::var("TOOL_OUTPUT_BENCH_JQ_MB")
        .ok()
        .and_then(|mb| mb.parse().ok())
        .unwrap_or(2048)
        << 20;
    while written < total {
        block.clear();
        while block.len() < 1 << 20 {
            let level = if i % 100_000 == 77 { "error" } else { "info" };
            block.push_str(&format!(
                "{{\"ts\":\"2026-11-24T10:{:02}:{:02}Z\",\"level\":\"{level}\",\"req\":{i},\"msg\":\"request {i} handled in {} ms\"}}\n",
                i / 60 % 60,
                i % 60,
                i % 97
            ));
            i += 1;
        }
        writer.write(block.as_bytes()).await.unwrap();
        written += block.len();
    }
    let handle = writer.finish().await.unwrap().handle().unwrap().to_string();
    let before = peak_rss();
    let t = Instant::now();
    let answer = session
        .extract(
            &handle,
            ".[] | select(.level == \"error\") | .req",
            Some(tool_output::Mode::Jq),
        )
        .await
        .unwrap();
    let elapsed = t.elapsed();
    let found = answer
        .text
        .lines()
        .filter(|l| l.parse::<u64>().is_ok())
        .count();
    println!(
        "jq `.[] | select(…)` over {:.1} GB of JSON lines ({i} values), read one at a time: {:.1} s ({:.0} MB/s), {found} results, host peak RSS {} (after storing it: {before}); default limits (120 s of guest CPU, plus 1 s per MiB read)",
        written as f64 / (1u64 << 30) as f64,
        elapsed.as_secs_f64(),
        mbps(written, elapsed),
        peak_rss(),
    );
}

fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .unwrap_or("?")
        .trim()
        .to_string()
}

//! Whole processes: the CLI's first and later runs, its store of 50 MB
//! against Python tiktoken, and the peak RSS of a 1 GB streamed store (in a
//! child process of its own).

use super::*;

pub(crate) fn bench_cli() {
    // Where `cargo build --release` put it: CARGO_TARGET_DIR when set.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace().join("target"), std::path::PathBuf::from);
    let bin = target.join("release/tool-output");
    if !bin.is_file() {
        println!("CLI: skipped (run `cargo build --release -p tool-output` first)");
        return;
    }
    let scratch = std::env::temp_dir().join(format!("tool-output-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let small = scratch.join("1k.log");
    let medium = scratch.join("100k.log");
    std::fs::write(&small, mixed_text(1024)).unwrap();
    std::fs::write(&medium, mixed_text(100 * 1024)).unwrap();
    // A fresh root and a fresh HOME every time: a new machine, container,
    // CI job or MCP host restart (the engine is compiled in the binary, so
    // nothing is left to warm but the page cache).
    let mut n = 0;
    let mut run = |input: &std::path::Path| {
        n += 1;
        let home = scratch.join(format!("home-{n}"));
        std::fs::create_dir_all(&home).unwrap();
        whole_process(&bin, &home, input)
    };
    let (first, first_peak) = run(&medium);
    let warm: Vec<Duration> = (0..RUNS * 3).map(|_| run(&medium).0).collect();
    let passthrough: Vec<Duration> = (0..RUNS * 3).map(|_| run(&small).0).collect();
    println!(
        "CLI `store` of 100 KB, whole process, fresh root and HOME: first run {:.1} ms, {:.1} MB peak; then median {:.1} ms over {} runs; passthrough of 1 KB median {:.1} ms",
        first.as_secs_f64() * 1e3,
        first_peak as f64 / 1e6,
        median(warm).as_secs_f64() * 1e3,
        RUNS * 3,
        median(passthrough).as_secs_f64() * 1e3,
    );
    store_against_python_tiktoken(&bin, &scratch, &mut run);
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `tool-output store` of `input` as a new process with `home` as HOME and
/// root: its wall time and peak RSS, its own (`tool_output_tests::peak`).
fn whole_process(
    bin: &std::path::Path,
    home: &std::path::Path,
    input: &std::path::Path,
) -> (Duration, u64) {
    let mut store = Command::new(bin);
    store
        .arg("--root")
        .arg(home.join("root"))
        .args(["store", "--tool", "bench"])
        .arg(input)
        .env("HOME", home)
        .env_remove("XDG_CACHE_HOME");
    let report = home.join("peak");
    let out = tool_output_tests::peak::measured(&store, &report)
        .stdout(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tool-output store failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (peak, took) = tool_output_tests::peak::report(&report);
    (took, peak)
}

/// The whole-process figure: `store` of 50 MB of mixed text, the
/// process timed whole, against OpenAI's Python tiktoken counting the same
/// text on one core (`encode_ordinary`, its encode alone); counts equal.
fn store_against_python_tiktoken(
    bin: &std::path::Path,
    scratch: &std::path::Path,
    run: &mut impl FnMut(&std::path::Path) -> (Duration, u64),
) {
    let python = workspace().join("target/bench-venv/bin/python");
    if !python.is_file() {
        println!("store 50 MB vs Python tiktoken: skipped (run tests/benches/tiktoken/setup.sh)");
        return;
    }
    let text = mixed_text(50 << 20);
    let input = scratch.join("50m.log");
    std::fs::write(&input, &text).unwrap();
    let ranks = scratch.join("cl100k_base.tiktoken");
    std::fs::write(&ranks, cl100k_rank_file()).unwrap();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut counted = 0;
    // Interleaved, so both see the same machine load.
    for _ in 0..3 {
        ours.push(run(&input).0);
        let out = Command::new(&python)
            .arg(workspace().join("tests/benches/tiktoken/count.py"))
            .arg(&input)
            .arg(&ranks)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        let mut parts = said.split_whitespace();
        counted = parts
            .next()
            .and_then(|t| t.parse::<u64>().ok())
            .unwrap_or(0);
        let secs: f64 = parts
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(f64::NAN);
        theirs.push(Duration::from_secs_f64(secs));
    }
    let stored = Command::new(bin)
        .arg("--root")
        .arg(scratch.join("count-root"))
        .args(["--json", "store", "--tool", "bench"])
        .arg(&input)
        .output()
        .unwrap();
    let said: serde_json::Value = serde_json::from_slice(&stored.stdout).unwrap();
    let tokens = said["stats"]["tokens"].as_u64().unwrap_or(0);
    let (ours, theirs) = (median(ours), median(theirs));
    println!(
        "store 50 MB mixed text, whole process: {:.2} s ({:.1} MB/s); Python tiktoken cl100k encode_ordinary, one core: {:.2} s; ratio {:.2}x; tokens {} vs {} ({})",
        ours.as_secs_f64(),
        mbps(text.len(), ours),
        theirs.as_secs_f64(),
        theirs.as_secs_f64() / ours.as_secs_f64(),
        tokens,
        counted,
        if tokens == counted {
            "equal"
        } else {
            "DIFFERENT"
        }
    );
}

/// cl100k's ranks in tiktoken's file format (base64 token, rank), from
/// tiktoken-rs: what Python tiktoken would otherwise fetch.
fn cl100k_rank_file() -> Vec<u8> {
    use base64::Engine;
    let bpe = tiktoken_rs::cl100k_base().unwrap();
    let mut file = Vec::new();
    let mut rank = 0u32;
    while let Ok(bytes) = bpe.decode_bytes(&[rank]) {
        let token = base64::engine::general_purpose::STANDARD.encode(bytes);
        file.extend_from_slice(format!("{token} {rank}\n").as_bytes());
        rank += 1;
    }
    file
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

//! Performance of the real component through the host, against native
//! baselines, measured in one run (medians; ratios computed in-process).
//!
//!     cargo build --release -p tool-output        # the CLI, for the cold-start figure
//!     cargo bench -p tool-output-tests --bench bench [-- NAME…]
//!
//! NAME: store, store-structured (JSON records, CSV), passthrough, cli,
//! tokens, grep, chunked (full-chunked
//! against a scripted LLM on loopback), object-store (10 MB against the S3
//! server of `tests/s3/setup.sh` on loopback), rss (1 GB streamed; slow).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use tool_output::{GrepOptions, RemoteStore, Runtime, RuntimeConfig, ToolCall};

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

fn cache_dir() -> PathBuf {
    workspace().join("target").join("bench-cache")
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

/// Full-chunked wall time at a fixed server latency: all map calls at once
/// against one at a time; and the engine's own cost per chunk (latency 0).
async fn bench_chunked() {
    use std::collections::HashMap;
    use tool_output::llm::config::FileConfig;
    use tool_output::{ExtractOptions, LlmConfig, Mode};
    use tool_output_tests::llm_server::{Reply, Scripted, ScriptedServer, openai_text};
    use tool_output_tests::script::{final_report, nonce};

    const LATENCY: Duration = Duration::from_millis(250);
    let delay = std::sync::Arc::new(std::sync::Mutex::new(LATENCY));
    let script_delay = delay.clone();
    let server = ScriptedServer::start(move |req| {
        let answer = final_report(&nonce(req), "nothing relevant in this chunk");
        Scripted::after(
            *script_delay.lock().unwrap(),
            Reply::Json(openai_text(&answer, 1000, 10)),
        )
    })
    .await;
    // 8 chunks of a ~3000-token window.
    let log: String = (0..850)
        .map(|i| format!("   Compiling crate-{i:05} v0.1.{} (registry)\n", i % 10))
        .collect();
    let runtime_at = |concurrency: u32| {
        let vars: HashMap<&str, String> = HashMap::from([
            ("TOOL_OUTPUT_MODEL", "bench-model".to_string()),
            ("OPENAI_BASE_URL", format!("{}/v1", server.base_url())),
            ("TOOL_OUTPUT_CONTEXT_WINDOW", "3000".to_string()),
            ("TOOL_OUTPUT_MAX_OUTPUT_TOKENS", "400".to_string()),
            ("TOOL_OUTPUT_CONCURRENCY", concurrency.to_string()),
        ]);
        let llm = LlmConfig::resolve(FileConfig::default(), &|n| vars.get(n).cloned()).unwrap();
        let mut config = RuntimeConfig::with_llm(&llm).unwrap();
        config.cache_dir = Some(cache_dir());
        Runtime::new(config)
    };
    let options = ExtractOptions::default().mode(Mode::FullChunked);
    let time = async |rt: &Runtime| {
        let session = rt.session().unwrap();
        let outcome = session
            .store(&ToolCall::new("cargo"), log.as_bytes())
            .await
            .unwrap();
        let handle = outcome.handle().unwrap().to_string();
        let mut samples = Vec::new();
        let mut calls = 0;
        for _ in 0..3 {
            let t = Instant::now();
            let r = session
                .extract_with(&handle, "the error", &options)
                .await
                .unwrap();
            samples.push(t.elapsed());
            assert_eq!(r.report.used, Mode::FullChunked, "{}", r.text);
            calls = r.report.llm_calls.len();
        }
        (median(samples), calls)
    };
    let concurrent_rt = runtime_at(8).await.unwrap();
    let (concurrent, calls) = time(&concurrent_rt).await;
    let (sequential, _) = time(&runtime_at(1).await.unwrap()).await;
    *delay.lock().unwrap() = Duration::ZERO;
    let (no_latency, _) = time(&concurrent_rt).await;
    let l = LATENCY.as_secs_f64();
    println!(
        "chunked: {} map calls + 1 reduce at latency L = {} ms: concurrent {:.0} ms ({:.2} L), \
         sequential {:.0} ms ({:.2} L), {:.2}x faster; at latency 0: {:.1} ms, {:.2} ms per call \
         (engine, host and loopback HTTP)",
        calls - 1,
        LATENCY.as_millis(),
        concurrent.as_secs_f64() * 1e3,
        concurrent.as_secs_f64() / l,
        sequential.as_secs_f64() * 1e3,
        sequential.as_secs_f64() / l,
        sequential.as_secs_f64() / concurrent.as_secs_f64(),
        no_latency.as_secs_f64() * 1e3,
        no_latency.as_secs_f64() * 1e3 / calls as f64,
    );
}

async fn runtime() -> Runtime {
    let config = RuntimeConfig {
        cache_dir: Some(cache_dir()),
        ..RuntimeConfig::default()
    };
    Runtime::new(config).await.expect("runtime")
}

async fn bench_store(rt: &Runtime) {
    let text = mixed_text(8 << 20);
    let bpe = tiktoken_rs::cl100k_base().unwrap();
    let native: Vec<Duration> = (0..3)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(bpe.encode_ordinary(&text).len());
            t.elapsed()
        })
        .collect();
    let native = median(native);
    let session = rt.session().unwrap();
    let mut through = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        session
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        through.push(t.elapsed());
    }
    let through = median(through);
    println!(
        "store 8 MB mixed text through the component: {:.1} MB/s (median of 5); native tiktoken-rs cl100k count: {:.1} MB/s; ratio {:.2}x",
        mbps(text.len(), through),
        mbps(text.len(), native),
        native.as_secs_f64() / through.as_secs_f64()
    );
}

/// Structured outputs take the paths that gather their shape (the JSON
/// re-indenter's schema table, the CSV column reader).
async fn bench_store_structured(rt: &Runtime) {
    let records: Vec<String> = (0..80_000)
        .map(|i| {
            format!(
                "{{\"id\":{i},\"name\":\"user {i}\",\"status\":\"active\",\"created_at\":\"2026-01-{:02}T10:00:00Z\",\"owner\":{{\"team\":\"t-{}\",\"tags\":[\"a\",\"b\"]}}}}",
                i % 28 + 1,
                i % 9
            )
        })
        .collect();
    let json = format!("[{}]", records.join(","));
    let mut csv = String::from("id,email,plan,signup_date,mrr_usd\n");
    let mut i = 0;
    while csv.len() < json.len() {
        csv.push_str(&format!(
            "{},user{i}@example.com,pro,2026-0{}-{:02},{}.{:02}\n",
            100_000 + i,
            i % 9 + 1,
            i % 28 + 1,
            20 + i % 80,
            i % 100
        ));
        i += 1;
    }
    let session = rt.session().unwrap();
    for (what, text) in [("JSON records", &json), ("CSV", &csv)] {
        let mut samples = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            session
                .store(&ToolCall::new("bench"), text.as_bytes())
                .await
                .unwrap();
            samples.push(t.elapsed());
        }
        println!(
            "store {:.1} MB of {what} through the component: {:.1} MB/s (median of 5)",
            text.len() as f64 / 1e6,
            mbps(text.len(), median(samples))
        );
    }
}

async fn bench_passthrough(rt: &Runtime) {
    let session = rt.session().unwrap();
    let text = mixed_text(1000);
    let call = ToolCall::new("bench");
    for _ in 0..50 {
        session.store(&call, text.as_bytes()).await.unwrap();
    }
    let mut samples = Vec::new();
    for _ in 0..501 {
        let t = Instant::now();
        let out = session.store(&call, text.as_bytes()).await.unwrap();
        samples.push(t.elapsed());
        assert!(out.handle().is_none());
    }
    samples.sort();
    println!(
        "warm passthrough store of 1 KB through the library: median {:.3} ms, p90 {:.3} ms (501 calls)",
        samples[250].as_secs_f64() * 1e3,
        samples[450].as_secs_f64() * 1e3
    );
    // Baseline: a fresh instance and a call that does nothing (the schema).
    let mut base = Vec::new();
    for _ in 0..201 {
        let t = Instant::now();
        session.tool_schema().await.unwrap();
        base.push(t.elapsed());
    }
    println!(
        "  (instance + trivial call: median {:.3} ms)",
        median(base).as_secs_f64() * 1e3
    );
}

fn bench_cli() {
    let bin = workspace().join("target/release/tool-output");
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

async fn bench_tokens(rt: &Runtime) {
    // One unbroken run: the worst case for BPE (tiktoken is quadratic here).
    let session = rt.session().unwrap();
    let mut times = Vec::new();
    for mb in [1usize, 8] {
        let run: String = (0..(mb << 20))
            .map(|i| (b'a' + (i * 7 % 26) as u8) as char)
            .collect();
        let mut samples = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            session
                .store(&ToolCall::new("bench"), run.as_bytes())
                .await
                .unwrap();
            samples.push(t.elapsed());
        }
        let d = median(samples);
        times.push(d);
        println!(
            "store of a {mb} MB unbroken letter run: median {:.0} ms",
            d.as_secs_f64() * 1e3
        );
    }
    println!(
        "  8 MB / 1 MB time ratio: {:.2} (8.0 = linear)",
        times[1].as_secs_f64() / times[0].as_secs_f64()
    );
}

async fn bench_grep(rt: &Runtime) {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 50 << 20 {
        if i % 100_000 == 50_000 {
            text.push_str(&format!(
                "error[E0433]: failed to resolve crate number {i}\n"
            ));
        } else {
            text.push_str(&format!(
                "   Compiling crate-{i} v0.{}.0 (registry)\n",
                i % 10
            ));
        }
        i += 1;
    }
    let pattern = r"error\[E\d+\]: failed to resolve";
    let session = rt.session().unwrap();
    let handle = session
        .store(&ToolCall::new("bench"), text.as_bytes())
        .await
        .unwrap()
        .handle()
        .unwrap()
        .to_string();
    let opts = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(1000),
    };
    let mut guest = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = session.grep(&handle, pattern, opts).await.unwrap();
        guest.push(t.elapsed());
        assert!(out.lines().count() >= 5);
    }
    let re = regex::RegexBuilder::new(pattern)
        .multi_line(true)
        .build()
        .unwrap();
    let mut native = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut lines = Vec::new();
        let (mut line, mut pos) = (1usize, 0usize);
        for m in re.find_iter(&text) {
            line += text.as_bytes()[pos..m.start()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            pos = m.start();
            lines.push(line);
        }
        std::hint::black_box(lines);
        native.push(t.elapsed());
    }
    let (g, n) = (median(guest), median(native));
    println!(
        "grep 50 MB (sparse matches): guest {:.0} MB/s, native regex {:.0} MB/s, ratio {:.2}x",
        mbps(text.len(), g),
        mbps(text.len(), n),
        n.as_secs_f64() / g.as_secs_f64()
    );
}

/// Runs in a child process so its peak RSS is the streaming store's alone.
async fn rss_child() {
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

/// A 10 MB output on the local disk and on an S3-compatible server on
/// loopback (moto, in one run): store; the first read of it on a root that
/// has never seen it (the whole handle fetched); the next read (cached).
async fn bench_object_store(rt: &Runtime) {
    let Some(server) = tool_output_tests::s3::S3Server::start() else {
        println!("object-store: skipped (run tests/s3/setup.sh)");
        return;
    };
    let options: Vec<(&str, String)> = vec![
        ("aws_access_key_id", server.access_key.clone()),
        ("aws_secret_access_key", server.secret_key.clone()),
        ("aws_region", "us-east-1".into()),
        ("aws_endpoint", server.endpoint.clone()),
        ("aws_allow_http", "true".into()),
    ];
    let options: Vec<(&str, &str)> = options.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let store = RemoteStore::open_with(&server.url("bench"), &options).unwrap();
    let text = mixed_text(10 << 20);
    let scratch = workspace().join("target").join("bench-object-store");
    let _ = std::fs::remove_dir_all(&scratch);
    let session_on = |name: &str, dir: &str, remote: bool| {
        let session = rt.open_session(&scratch.join(dir)).unwrap();
        if remote {
            session.set_store(store.clone(), name, None).unwrap();
        }
        session
    };
    let (mut local, mut on_s3, mut cold, mut warm, mut local_read) =
        (vec![], vec![], vec![], vec![], vec![]);
    for run in 0..5 {
        let disk = session_on("disk", &format!("disk-{run}"), false);
        let t = Instant::now();
        let stored = disk
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        local.push(t.elapsed());
        let handle = stored.handle().unwrap().to_string();
        let t = Instant::now();
        disk.read(&handle, 5000, 5100).await.unwrap();
        local_read.push(t.elapsed());

        let name = format!("s{run}");
        let writer = session_on(&name, &format!("a-{run}"), true);
        let t = Instant::now();
        let stored = writer
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        on_s3.push(t.elapsed());
        let handle = stored.handle().unwrap().to_string();
        let reader = session_on(&name, &format!("b-{run}"), true);
        let t = Instant::now();
        reader.read(&handle, 5000, 5100).await.unwrap();
        cold.push(t.elapsed());
        let t = Instant::now();
        reader.read(&handle, 5000, 5100).await.unwrap();
        warm.push(t.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (local, on_s3) = (median(local), median(on_s3));
    println!(
        "object store, 10 MB mixed text (medians of 5; moto on loopback): store {:.0} ms on S3 vs {:.0} ms on the local disk ({:.2}x); read 100 lines on a cold cache {:.0} ms (the handle fetched whole), warm {:.1} ms, local disk {:.1} ms",
        ms(on_s3),
        ms(local),
        on_s3.as_secs_f64() / local.as_secs_f64(),
        ms(median(cold)),
        ms(median(warm)),
        ms(median(local_read)),
    );
    let _ = std::fs::remove_dir_all(&scratch);
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
    if want("rss") {
        let out = Command::new(std::env::current_exe().unwrap())
            .arg("--rss-child")
            .output()
            .unwrap();
        print!("{}", String::from_utf8_lossy(&out.stdout));
        if !out.status.success() {
            println!("rss: failed: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

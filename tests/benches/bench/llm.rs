//! full-chunked against a scripted LLM on loopback.

use super::*;

/// Full-chunked wall time at a fixed server latency: all map calls at once
/// against one at a time; and the engine's own cost per chunk (latency 0).
pub(crate) async fn bench_chunked() {
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
        let config = RuntimeConfig::with_llm(&llm).unwrap();
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

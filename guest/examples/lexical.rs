//! Native timing of one lexical answer over a large stored output (not the
//! component): `cargo run --release -p tool-output-guest --example lexical
//! [-- MB]`. MB (default 50) of a mixed build log with one buried error is
//! stored in memory, then each question is answered three times; the
//! median is printed.

use std::time::Instant;

use tool_output_guest::bindings::types::{CallInfo, ExtractRequest, StoreOutcome};
use tool_output_guest::llm::NoLlm;
use tool_output_guest::storage::MemStorage;

const QUESTIONS: &[&str] = &[
    "which crate or module failed to resolve, and where?",
    "What is the root cause of the timeout in the worker pool?",
    "show every warning about unused variables in src/lib.rs",
];

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let mut text = String::new();
    let mut i = 0u64;
    while text.len() < mb << 20 {
        if i == 300_000 {
            text.push_str(
                "error[E0433]: failed to resolve: use of undeclared crate or module `tokio`\n",
            );
            text.push_str("  --> src/net/server.rs:42:5\n");
        }
        match i % 5 {
            0 => text.push_str(&format!(
                "   Compiling crate-{i} v0.{}.{} (registry+index)\n",
                i % 9,
                i % 31
            )),
            1 => text.push_str(&format!(
                "warning: unused variable `ctx_{i}` --> src/lib.rs:{}:9\n",
                i % 800
            )),
            2 => text.push_str(&format!(
                "    let value_{i} = compute(&input[{}..], Some({i}))?;\n",
                i % 64
            )),
            3 => text.push_str(&format!(
                "{{\"id\":{i},\"status\":\"ok\",\"latency_ms\":{},\"tags\":[\"a\",\"b\"]}}\n",
                i % 977
            )),
            _ => text.push_str(&format!(
                "worker pool job {i} finished in {} ms, timeout 30s\n",
                i % 300
            )),
        }
        i += 1;
    }
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "cargo".into(),
        args: "{}".into(),
        model: None,
    };
    let t = Instant::now();
    let outcome = tool_output_guest::store::store(
        &st,
        call,
        text.as_bytes(),
        tool_output_guest::default_policy(),
    )
    .unwrap();
    let StoreOutcome::Stored(stored) = outcome else {
        panic!("not stored")
    };
    println!(
        "stored {} MB in {:.2} s",
        text.len() >> 20,
        t.elapsed().as_secs_f64()
    );
    for question in QUESTIONS {
        let mut times: Vec<f64> = (0..3)
            .map(|_| {
                let t = Instant::now();
                let r = tool_output_guest::extract::extract(
                    &st,
                    &NoLlm,
                    ExtractRequest {
                        handle: stored.handle.clone(),
                        extract: question.to_string(),
                        mode: None,
                        max_bytes: None,
                        max_chunks: None,
                        max_llm_calls: None,
                        overlap_percent: None,
                    },
                );
                assert!(!r.failed, "{}", r.text);
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "lexical over {} MB, {question:?}: median {:.2} s",
            text.len() >> 20,
            times[1]
        );
    }
}

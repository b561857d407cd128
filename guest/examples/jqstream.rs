//! Native timing of jq over JSON lines, value by value (not the component).
use std::time::Instant;
use tool_output_guest::bindings::types::{CallInfo, ExtractRequest, Mode, StoreOutcome};
use tool_output_guest::storage::MemStorage;
use tool_output_guest::{default_policy, extract, llm::NoLlm, store};

fn main() {
    let mut text = String::new();
    let mut i = 0u64;
    while text.len() < 100 << 20 {
        let level = if i % 100_000 == 77 { "error" } else { "info" };
        text.push_str(&format!(
            "{{\"ts\":\"2026-11-24T10:{:02}:{:02}Z\",\"level\":\"{level}\",\"req\":{i},\"msg\":\"request {i} handled in {} ms\"}}\n",
            i % 60, i % 60, i % 977
        ));
        i += 1;
    }
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let StoreOutcome::Stored(s) =
        store::store(&st, call, text.as_bytes(), default_policy()).unwrap()
    else {
        panic!()
    };
    let t = Instant::now();
    let r = extract::extract(
        &st,
        &NoLlm,
        ExtractRequest {
            handle: s.handle,
            extract: ".[] | select(.level == \"error\") | .req".into(),
            mode: Some(Mode::Jq),
            max_bytes: None,
            max_chunks: None,
            max_llm_calls: None,
            overlap_percent: None,
        },
    );
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{:.1} MB/s; {}",
        text.len() as f64 / 1e6 / secs,
        r.text.lines().next().unwrap_or("")
    );
}

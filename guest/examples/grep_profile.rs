//! Native timing of the guest's grep over in-memory storage.
use std::time::Instant;
use tool_output_guest::bindings::types::{CallInfo, GrepOptions, StoreOutcome};
use tool_output_guest::storage::MemStorage;
use tool_output_guest::{DEFAULT_MAX_INLINE_BYTES, StorePolicy, doc::Doc, store};

fn main() {
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
    let st = MemStorage::new();
    let policy = StorePolicy {
        max_inline_bytes: DEFAULT_MAX_INLINE_BYTES,
        max_inline_chars: None,
        remaining_tokens: None,
        reserve_failed: false,
        preview: true,
    };
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let StoreOutcome::Stored(s) = store::store(&st, call, text.as_bytes(), policy).unwrap() else {
        panic!()
    };
    let doc = Doc::open(&st, &s.handle).unwrap();
    let opts = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(1000),
    };
    for _ in 0..3 {
        let t = Instant::now();
        let out = doc
            .grep(r"error\[E\d+\]: failed to resolve", &opts, 12288)
            .unwrap();
        let d = t.elapsed();
        println!(
            "native guest grep: {:.0} MB/s ({} lines out)",
            text.len() as f64 / d.as_secs_f64() / 1e6,
            out.lines().count()
        );
    }
    let b = text.as_bytes();
    let t = Instant::now();
    let n = tool_output_guest::doc::count_newlines(b);
    println!(
        "count_newlines: {:.0} MB/s {n}",
        text.len() as f64 / t.elapsed().as_secs_f64() / 1e6
    );
}

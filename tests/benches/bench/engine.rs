//! The engine through the host: storing text and structured outputs, the
//! passthrough, token counting and grep, each against a native baseline.

use super::*;

/// The issue's figure: store throughput against tiktoken's counting alone,
/// 50 MB of mixed text, same run. The store counts tokens partly on the
/// other cores (helper instances); the line says how much.
pub(crate) async fn bench_store(rt: &Runtime) {
    let text = mixed_text(50 << 20);
    let bpe = tiktoken_rs::cl100k_base().unwrap();
    let session = rt.session().unwrap();
    let (mut native, mut through) = (Vec::new(), Vec::new());
    let elsewhere_before = rt.tokens_counted_elsewhere();
    // Interleaved, so both see the same machine load.
    for _ in 0..3 {
        let t = Instant::now();
        std::hint::black_box(bpe.encode_ordinary(&text).len());
        native.push(t.elapsed());
        let t = Instant::now();
        session
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        through.push(t.elapsed());
    }
    let elsewhere = rt.tokens_counted_elsewhere() - elsewhere_before;
    let (native, through) = (median(native), median(through));
    println!(
        "store 50 MB mixed text through the component: {:.1} MB/s (median of 3, {:.0} % of the text counted on other cores); native tiktoken-rs cl100k count: {:.1} MB/s; ratio {:.2}x",
        mbps(text.len(), through),
        elsewhere as f64 * 100.0 / (3 * text.len()) as f64,
        mbps(text.len(), native),
        native.as_secs_f64() / through.as_secs_f64()
    );
    // Smaller outputs: a tally's helper starts on the first piece (an
    // instance, its rank table); a runtime with one place has no helper.
    let alone = Runtime::new(RuntimeConfig {
        limits: tool_output::Limits {
            concurrent_calls: 1,
            ..Default::default()
        },
        ..RuntimeConfig::default()
    })
    .await
    .unwrap();
    for mb in [1usize, 4] {
        let text = mixed_text(mb << 20);
        let (mut shared, mut single) = (Vec::new(), Vec::new());
        let (session, alone_session) = (rt.session().unwrap(), alone.session().unwrap());
        for _ in 0..11 {
            for (session, times) in [(&session, &mut shared), (&alone_session, &mut single)] {
                let t = Instant::now();
                session
                    .store(&ToolCall::new("bench"), text.as_bytes())
                    .await
                    .unwrap();
                times.push(t.elapsed());
            }
        }
        let (shared, single) = (median(shared), median(single));
        println!(
            "store {mb} MB mixed text: {:.1} ms with helpers, {:.1} ms counting alone (median of 11): {:.2}x",
            shared.as_secs_f64() * 1e3,
            single.as_secs_f64() * 1e3,
            single.as_secs_f64() / shared.as_secs_f64()
        );
    }
}

/// Structured outputs take the paths that gather their shape (the JSON
/// re-indenter's schema table, the CSV column reader).
pub(crate) async fn bench_store_structured(rt: &Runtime) {
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

pub(crate) async fn bench_passthrough(rt: &Runtime) {
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

pub(crate) async fn bench_tokens(rt: &Runtime) {
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

pub(crate) async fn bench_grep(rt: &Runtime) {
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

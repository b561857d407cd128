//! Native timing of the store pipeline's stages (not the component).
//! `cargo run --release -p tool-output-guest --example profile [-- MB]`
//!
//! Then MB (default 100) of output streamed through the writer in 1 MiB
//! pieces, as the CLI does, as lines and as one line without a newline: the
//! two should cost about the same. Each of the view's detectors is timed
//! alone first (`PROFILE_DETECTORS=1`: only that).
use std::time::{Duration, Instant};
use tool_output_guest::bindings::types::CallInfo;
use tool_output_guest::storage::MemStorage;
use tool_output_guest::{DEFAULT_MAX_INLINE_BYTES, StorePolicy, store, tokens::Encoding};

/// Store `text` through the streaming writer, in 1 MiB pieces.
fn streamed(text: &str) -> Duration {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let t = Instant::now();
    let mut writer = store::Writer::new(call, tool_output_guest::default_policy());
    for piece in text.as_bytes().chunks(1 << 20) {
        writer.write(&st, piece).unwrap();
    }
    writer.finish(&st).unwrap();
    t.elapsed()
}

/// Each detector of the view alone over `text`'s lines.
fn per_line_checks(what: &str, text: &str) {
    use tool_output_guest::view::detect::{self, Line, names::Names};
    let mb = text.len() as f64 / 1e6;
    let mut rates = Vec::new();
    // The names every detector reads, kept up as the sink does.
    let t = Instant::now();
    let mut names = Names::default();
    text.lines().zip(1..).for_each(|(l, n)| names.see(n, l));
    rates.push(format!("names {:.0}", mb / t.elapsed().as_secs_f64()));
    for mut d in detect::all() {
        let t = Instant::now();
        let mut names = Names::default();
        for (text, number) in text.lines().zip(1..) {
            names.see(number, text);
            d.see(&Line {
                number,
                text,
                error: false,
                wrapped: false,
                names: &names,
            });
        }
        d.finish();
        rates.push(format!(
            "{} {:.0}",
            d.name(),
            mb / t.elapsed().as_secs_f64()
        ));
    }
    let t = Instant::now();
    let n = text.lines().count();
    println!(
        "{what}: {} MB/s (the lines alone {:.0} MB/s, {n})",
        rates.join(", "),
        mb / t.elapsed().as_secs_f64()
    );
}

fn compare(what: &str, lines: &str, one_line: &str) {
    let a = streamed(lines);
    let b = streamed(one_line);
    println!(
        "{what}, {} MB in 1 MiB pieces: as lines {:.2} s, as one line {:.2} s ({:.2}x)",
        one_line.len() >> 20,
        a.as_secs_f64(),
        b.as_secs_f64(),
        b.as_secs_f64() / a.as_secs_f64()
    );
}

fn main() {
    let mut text = String::new();
    let mut i = 0u64;
    while text.len() < 8 << 20 {
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
            _ => text.push_str(&format!("请求 {i} 处理完成，耗时 {} 毫秒 ✅\n", i % 300)),
        }
        i += 1;
    }
    // `PROFILE_DETECTORS=1`: the detectors alone, then stop.
    if std::env::var_os("PROFILE_DETECTORS").is_some() {
        per_line_checks("mixed text", &text);
        let t = Instant::now();
        let mut fields = tool_output_guest::view::detect::values::fields::Fields::default();
        let mut n = 0u64;
        for l in text.lines() {
            fields.split(l, &mut |f| n += f.value.len() as u64);
        }
        println!(
            "fields split alone {:.0} MB/s ({n})",
            text.len() as f64 / 1e6 / t.elapsed().as_secs_f64()
        );
        let t = Instant::now();
        let mut k = 0u64;
        for l in text.lines() {
            fields.split(l, &mut |f| {
                if tool_output_guest::view::detect::values::numbers::number(f.value).is_some() {
                    k += 1;
                }
            });
        }
        println!(
            "fields + number {:.0} MB/s ({k})",
            text.len() as f64 / 1e6 / t.elapsed().as_secs_f64()
        );
        let lines: Vec<&str> = text.lines().collect();
        for kind in 0..5 {
            let sub: Vec<&str> = lines.iter().skip(kind).step_by(5).copied().collect();
            let bytes: usize = sub.iter().map(|l| l.len()).sum();
            let mut fields = tool_output_guest::view::detect::values::fields::Fields::default();
            let t = Instant::now();
            let mut n = 0u64;
            for _ in 0..3 {
                for l in &sub {
                    fields.split(l, &mut |f| n += f.value.len() as u64);
                }
            }
            println!(
                "kind {kind}: {:.0} MB/s ({:.0} ns/line) {:?}",
                3.0 * bytes as f64 / 1e6 / t.elapsed().as_secs_f64(),
                t.elapsed().as_nanos() as f64 / (3 * sub.len()) as f64,
                &sub[0][..sub[0].len().min(40)]
            );
        }
        return;
    }
    // A piece past the heap merge: the first builds the backtracking tables.
    let long = "y".repeat(300_000);
    for what in ["first (builds the backtracking tables)", "second"] {
        let t = Instant::now();
        Encoding::Cl100k.count(&long);
        println!(
            "300 KB letter piece, {what}: {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    // What an instance pays the first time it counts with o200k.
    let t = Instant::now();
    Encoding::O200k.count("first use");
    println!(
        "o200k rank table, first use: {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let t = Instant::now();
    Encoding::Cl100k.count(&text);
    let count = t.elapsed();
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
    let t = Instant::now();
    store::store(&st, call, text.as_bytes(), policy).unwrap();
    let total = t.elapsed();
    let mb = text.len() as f64 / 1e6;
    use tool_output_guest::view::{LineSink, ViewBuilder, ansi::TextCleaner};
    let t = Instant::now();
    let mut out = String::new();
    let mut c = TextCleaner::new();
    for piece in text.as_bytes().chunks(1 << 20) {
        c.push(std::str::from_utf8(piece).unwrap_or(""), &mut out);
    }
    println!("cleaner {:.0} MB/s", mb / t.elapsed().as_secs_f64());
    let t = Instant::now();
    let mut sink = LineSink::new();
    sink.push(&text);
    println!("line sink {:.0} MB/s", mb / t.elapsed().as_secs_f64());
    let t = Instant::now();
    let mut sink = LineSink::new();
    let mut b = ViewBuilder::new();
    b.push(&text, &mut sink);
    println!(
        "view builder + sink {:.0} MB/s",
        mb / t.elapsed().as_secs_f64()
    );
    per_line_checks("mixed text", &text);
    per_line_checks("'=' lines", &("=".repeat(79) + "\n").repeat(100_000));
    per_line_checks("letter lines", &("y".repeat(79) + "\n").repeat(100_000));
    let t = Instant::now();
    let n = text.chars().count() + text.bytes().filter(|&b| b == b'\n').count();
    println!(
        "chars+newlines {:.0} MB/s {n}",
        mb / t.elapsed().as_secs_f64()
    );
    println!(
        "count only {:.1} MB/s; whole store {:.1} MB/s; non-token share {:.0}%",
        mb / count.as_secs_f64(),
        mb / total.as_secs_f64(),
        100.0 * (1.0 - count.as_secs_f64() / total.as_secs_f64())
    );
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let size = mb << 20;
    let lines = text.repeat(size / text.len() + 1);
    let lines = &lines[..lines.floor_char_boundary(size)];
    compare("mixed text", lines, &lines.replace('\n', " "));
    // `head -c 100M /dev/zero | tr '\0' =`: one pre-token, BPE's slowest input.
    let eq_lines = ("=".repeat(79) + "\n").repeat(size / 80);
    compare("'=' run", &eq_lines, &"=".repeat(size));
    compare("letter run", &eq_lines.replace('=', "y"), &"y".repeat(size));
}

//! The needle corpus: real-shaped outputs of 350 KB–1 MB, each with one line
//! that matters among thousands of routine ones, stored through the real
//! store path; counts how many handle messages show that line. Outputs with
//! no needle must show nothing labelled as an error or a rare shape.

use crate::bindings::types::{CallInfo, StoreOutcome, StorePolicy};
use crate::storage::MemStorage;

pub(super) const MIN_BYTES: usize = 350_000;

/// Repeats `line(i)` until the output passes [`MIN_BYTES`], with `needle`
/// (one or more lines) at about `at` of the way through.
pub(super) fn flood(line: impl Fn(usize) -> String, needle: &str, at: f64) -> String {
    let mut lines = Vec::new();
    let mut bytes = 0;
    let mut i = 0;
    while bytes < MIN_BYTES {
        let l = line(i);
        bytes += l.len() + 1;
        lines.push(l);
        i += 1;
    }
    let pos = (lines.len() as f64 * at) as usize;
    if !needle.is_empty() {
        lines.insert(pos, needle.to_string());
    }
    lines.join("\n") + "\n"
}

/// (name, output, the text the message must show).
fn needles() -> Vec<(&'static str, String, &'static str)> {
    let pytest = {
        let mut out = flood(
            |i| {
                format!(
                    "tests/test_api.py::test_case_{i} PASSED{:>30}",
                    format!("[{:>3}%]", i % 100)
                )
            },
            "",
            0.0,
        );
        out.push_str(
            "=================================== FAILURES ===================================\n\
             ______________________________ test_refund_total _______________________________\n\
             \n    def test_refund_total():\n        order = make_order(items=3)\n\
             >       assert order.refund_total() == 30\n\
             E       assert 27 == 30\n\
             E        +  where 27 = <bound method Order.refund_total>()\n\
             \ntests/test_orders.py:88: AssertionError\n\
             =========================== short test summary info ============================\n\
             FAILED tests/test_orders.py::test_refund_total - assert 27 == 30\n",
        );
        out.push_str(&"tests/test_z.py::test_tail PASSED\n".repeat(40));
        out.push_str("================= 1 failed, 9921 passed in 81.02s =================\n");
        out
    };
    let traceback = {
        let mut out = flood(
            |i| {
                format!(
                    "2026-11-23 05:{:02}:{:02},{:03} DEBUG worker.poll: queue=jobs depth={} lease=0x{:08x}",
                    i / 60 % 60,
                    i % 60,
                    i % 1000,
                    i % 17,
                    i * 7919
                )
            },
            "",
            0.0,
        );
        out.push_str(
            "Traceback (most recent call last):\n  File \"/app/worker.py\", line 212, in run\n    self.handle(job)\n\
             \x20 File \"/app/worker.py\", line 160, in handle\n    payload = decode(job.body)\n\
             \x20 File \"/app/codec.py\", line 41, in decode\n    return json.loads(body)\n\
             \x20 File \"/usr/lib/python3.12/json/__init__.py\", line 346, in loads\n    return _default_decoder.decode(s)\n\
             json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n",
        );
        out.push_str(
            flood(
                |i| {
                    format!(
                        "2026-11-23 06:00:{:02} DEBUG worker.shutdown: closing lease=0x{:08x}",
                        i % 60,
                        i
                    )
                },
                "",
                0.0,
            )[..20_000]
                .rsplit_once('\n')
                .unwrap()
                .0,
        );
        out
    };
    let info = |i: usize| {
        format!(
            "2026-11-23T05:{:02}:{:02}.{:03}Z INFO [main] 请求处理完成 request_id={i:08x} 耗时={}ms",
            i / 60 % 60,
            i % 60,
            i % 1000,
            i % 97
        )
    };
    let chinese = flood(
        info,
        "2026-11-23T05:41:07.311Z ERROR [db-pool] 致命错误: 数据库连接失败 (host=10.2.0.8)",
        0.47,
    );
    let german = flood(
        |i| format!("[{:05}] Verarbeite Datensatz {i} von 90000 … ok", i),
        "[41234] Fehler beim Schreiben der Datei /var/lib/app/export.csv: Zugriff verweigert",
        0.52,
    );
    let japanese = flood(
        |i| format!("{:06} 処理中: バッチ {} 件目を送信しました", i, i % 500),
        "031337 エラー: 接続がタイムアウトしました (server-7)",
        0.61,
    );
    let json_array = {
        let records: Vec<String> = (0..4000)
            .map(|i| {
                let extra = if i == 2718 { ",\"debug_override\":\"allow_all\"" } else { "" };
                format!(
                    "{{\"id\":{i},\"name\":\"user {i}\",\"status\":\"active\",\"created_at\":\"2026-01-{:02}T10:00:00Z\",\"owner\":\"team-{}\"{extra}}}",
                    i % 28 + 1,
                    i % 9
                )
            })
            .collect();
        format!("[{}]", records.join(","))
    };
    let env = flood(
        |i| format!("APP_FEATURE_FLAG_{i:05}=enabled"),
        "LD_PRELOAD=/tmp/.x/libhook.so",
        0.4,
    );
    let csv = {
        let mut out = String::from("id,email,plan,signup_date,mrr_usd\n");
        out.push_str(&flood(
            |i| {
                format!(
                    "{},user{}@example.com,pro,2026-0{}-{:02},{}.{:02}",
                    100000 + i,
                    i,
                    i % 9 + 1,
                    i % 28 + 1,
                    20 + i % 80,
                    i % 100
                )
            },
            "104242,user4242@example.com,pro,2026-13-45,-99999999.00,REFUNDED_TWICE",
            0.55,
        ));
        out
    };
    let access = flood(
        |i| {
            format!(
                "10.0.{}.{} - - [23/Nov/2026:05:{:02}:{:02} +0000] \"GET /api/v1/items/{i} HTTP/1.1\" 200 {} \"-\" \"curl/8.5.0\"",
                i % 200,
                i % 250,
                i / 60 % 60,
                i % 60,
                500 + i % 1000
            )
        },
        "10.0.3.77 - - [23/Nov/2026:05:31:10 +0000] \"POST /api/v1/checkout HTTP/1.1\" 502 157 \"-\" \"curl/8.5.0\"",
        0.66,
    );
    let k8s = flood(
        |i| {
            format!(
                "{{\"level\":\"info\",\"ts\":\"2026-11-23T05:{:02}:{:02}Z\",\"logger\":\"controller\",\"msg\":\"reconciled\",\"pod\":\"web-{i}\",\"duration_ms\":{}}}",
                i / 60 % 60,
                i % 60,
                i % 50
            )
        },
        "{\"level\":\"error\",\"ts\":\"2026-11-23T05:33:00Z\",\"logger\":\"controller\",\"msg\":\"failed to pull image\",\"pod\":\"web-9000\"}",
        0.58,
    );
    vec![
        ("pytest E lines", pytest, "E       assert 27 == 30"),
        (
            "traceback after debug flood",
            traceback,
            "JSONDecodeError: Expecting value",
        ),
        ("fatal error in Chinese", chinese, "致命错误"),
        ("error in German", german, "Fehler beim Schreiben"),
        ("error in Japanese", japanese, "エラー: 接続"),
        ("JSON array, one odd record", json_array, "debug_override"),
        ("env dump, one odd key", env, "LD_PRELOAD"),
        ("CSV, one odd row", csv, "REFUNDED_TWICE"),
        ("access log, one 5xx", access, "\" 502 "),
        ("JSON-lines log, one error", k8s, "failed to pull image"),
    ]
}

fn no_needles() -> Vec<(&'static str, String)> {
    let words = [
        "the", "river", "ran", "past", "old", "mill", "where", "we", "had", "once", "been",
        "young", "and", "quiet", "morning", "light",
    ];
    let prose = flood(
        |i| {
            let n = 6 + (i * 7) % 11;
            let s: Vec<&str> = (0..n)
                .map(|k| words[(i * 31 + k * 17 + k * k) % words.len()])
                .collect();
            format!("{}.", s.join(" "))
        },
        "",
        0.0,
    );
    let source = flood(
        |i| match i % 6 {
            0 => format!("fn handler_{i}(req: &Request) -> Result<Response> {{"),
            1 => format!("    let body = req.body().get({})?;", i % 13),
            2 => "    if body.is_empty() {".to_string(),
            3 => format!("        return Ok(Response::empty({}));", i % 400),
            4 => "    }".to_string(),
            _ => "}".to_string(),
        },
        "",
        0.0,
    );
    let build = flood(
        |i| {
            format!(
                "[{:>3}%] Building CXX object src/CMakeFiles/core.dir/module_{i}.cpp.o",
                i * 100 / 9000
            )
        },
        "",
        0.0,
    ) + "[100%] Linking CXX executable core\n[100%] Built target core\n";
    vec![
        ("prose", prose),
        ("source code", source),
        ("clean build log", build),
    ]
}

pub(super) fn message_of(output: &str, policy: StorePolicy) -> String {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    match crate::store::store(&st, call, output.as_bytes(), policy).unwrap() {
        StoreOutcome::Stored(s) => s.message,
        _ => panic!("not stored"),
    }
}

#[test]
fn the_handle_message_shows_the_needle() {
    let corpus = needles();
    let mut found = 0;
    for (name, output, needle) in &corpus {
        assert!(
            output.len() >= MIN_BYTES && output.len() <= 1_000_000,
            "{name}: {}",
            output.len()
        );
        let message = message_of(output, crate::default_policy());
        let shown = message.contains(needle);
        found += usize::from(shown);
        println!(
            "{name}: {} ({} bytes of message)",
            if shown { "shown" } else { "MISSED" },
            message.len()
        );
        if !shown {
            println!("{message}");
        }
    }
    println!(
        "needle shown in {found} of {} handle messages",
        corpus.len()
    );
    assert!(found >= 9, "{found} of {}", corpus.len());
}

#[test]
fn no_noise_without_a_needle() {
    for (name, output) in no_needles() {
        assert!(output.len() >= MIN_BYTES, "{name}");
        let message = message_of(&output, crate::default_policy());
        assert!(
            message.contains("(head, tail, and lines that look like errors)"),
            "{name}:\n{message}"
        );
        let lines: Vec<&str> = message.lines().collect();
        let preview = lines
            .iter()
            .position(|l| l.starts_with("--- partial"))
            .unwrap();
        // Only head and tail: one gap marker between them, none after.
        let gaps = lines[preview..]
            .iter()
            .filter(|l| l.starts_with("[..."))
            .count();
        assert_eq!(gaps, 1, "{name}:\n{message}");
    }
}

#[test]
fn the_buried_compile_error_still_shows() {
    let output = flood(
        |i| format!("   Compiling crate{i} v0.1.{i}"),
        "error[E0433]: failed to resolve: use of undeclared crate `tokio`\n  --> src/main.rs:3:5\n   |\n 3 | use tokio::net;\n   |     ^^^^^ use of undeclared crate",
        0.5,
    );
    let message = message_of(&output, crate::default_policy());
    assert!(
        message.contains("error[E0433]: failed to resolve"),
        "{message}"
    );
    assert!(
        message.contains("--> src/main.rs:3:5"),
        "the block: {message}"
    );
}

#[test]
fn the_message_stays_within_any_budget() {
    let mut all: Vec<String> = needles().into_iter().map(|n| n.1).collect();
    all.extend(no_needles().into_iter().map(|n| n.1));
    for output in &all {
        assert_within_budgets(output);
    }
}

/// The message of `output` never exceeds `max_inline_bytes` (but for the
/// bare handle lines) nor the caller's remaining tokens, at any budget.
pub(super) fn assert_within_budgets(output: &str) {
    for max in [200u64, 400, 700, 1000, 1500, 2500, 4000, 12288] {
        let policy = StorePolicy {
            max_inline_bytes: max,
            ..crate::default_policy()
        };
        let message = message_of(output, policy);
        assert!(
            message.len() as u64 <= max || !message.contains("partial preview"),
            "{max}: {message}"
        );
        assert!(
            message.len() as u64 <= max.max(350),
            "{max}: {} bytes",
            message.len()
        );
    }
    for tokens in [60u64, 150, 400, 900] {
        let policy = StorePolicy {
            remaining_tokens: Some(tokens),
            ..crate::default_policy()
        };
        let message = message_of(output, policy);
        if message.contains("partial preview") {
            let n = crate::tokens::Encoding::Cl100k.count(&message);
            assert!(n <= tokens, "{tokens}: {n} tokens");
        }
    }
}

#[test]
fn structured_outputs_show_their_shape() {
    let corpus = needles();
    let message = |name: &str| {
        let output = &corpus.iter().find(|n| n.0 == name).expect(name).1;
        message_of(output, crate::default_policy())
    };
    let line_after_header = |message: &str| {
        let lines: Vec<&str> = message.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("--- partial"))
            .unwrap();
        lines[at + 1].to_string()
    };
    for name in [
        "JSON array, one odd record",
        "CSV, one odd row",
        "access log, one 5xx",
    ] {
        println!("{name}:\n{}\n", message(name));
    }
    assert_eq!(
        line_after_header(&message("JSON array, one odd record")),
        "shape: array[4000] of {id: number, name: string, status: string, created_at: string, \
         owner: string, debug_override (1 of 4000): string}"
    );
    let csv = line_after_header(&message("CSV, one odd row"));
    assert!(
        csv.starts_with("columns (") && csv.contains("1 with another field count): id 100000–"),
        "{csv}"
    );
    // A log's commonest templates, with their counts.
    let access = line_after_header(&message("access log, one 5xx"));
    assert!(
        access.starts_with("[") && access.contains(" lines like \""),
        "{access}"
    );
}

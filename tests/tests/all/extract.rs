//! `tool_output` answers: exact formats, the deterministic strategies, the
//! failure policy, and read/grep/tail.

use crate::common::*;
use tool_output::{GrepOptions, Mode, ToolCall};

#[tokio::test]
async fn bad_input_gets_the_exact_failed_form() {
    let runtime = runtime("failed").await;
    let session = runtime.session().unwrap();
    let r = session
        .extract("../../etc/passwd", "anything", None)
        .await
        .unwrap();
    assert!(r.failed);
    assert!(
        r.text.starts_with(
            "TOOL_OUTPUT FAILED FOR unknown WITH HANDLE ../../etc/passwd, STRATEGY:auto:\n\n"
        ),
        "{}",
        r.text
    );
    let unknown = uuid::Uuid::new_v4().to_string();
    let r = session
        .extract(&unknown, "anything", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(r.failed);
    assert!(r.text.starts_with(&format!(
        "TOOL_OUTPUT FAILED FOR unknown WITH HANDLE {unknown}, STRATEGY:lexical:\n\n"
    )));
    assert!(r.text.contains("no stored output has handle"));

    let s = stored(
        session
            .store(&ToolCall::new("bash"), build_log(2000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session.extract(&s.handle, "  ", None).await.unwrap();
    assert!(r.failed);
    assert!(r.text.starts_with(&format!(
        "TOOL_OUTPUT FAILED FOR bash WITH HANDLE {}, STRATEGY:auto:\n\n",
        s.handle
    )));
    assert!(r.text.contains("`extract` argument is empty"));
}

#[tokio::test]
async fn auto_without_an_llm_is_lexical_and_finds_the_buried_error() {
    let runtime = runtime("lexical").await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("bash"), build_log(20_000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "which crate or module failed to resolve?", None)
        .await
        .unwrap();
    assert!(!r.failed);
    assert_eq!(r.report.used, Mode::Lexical);
    assert!(
        r.report.fallbacks.is_empty(),
        "auto routing is not a fallback"
    );
    let header = format!(
        "ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE {}, STRATEGY:lexical:\n\n",
        s.handle
    );
    assert!(r.text.starts_with(&header), "{}", r.text);
    assert!(
        r.text.contains("10001: error[E0433]: failed to resolve"),
        "{}",
        r.text
    );
    assert!(r.text.len() <= 12288);
    assert_eq!(r.report.answer_bytes, r.text.len() as u64);

    // Chinese text, no spaces.
    let mut log = String::new();
    for i in 0..3000 {
        log.push_str(&format!("第{i}个请求处理完成，耗时{}毫秒\n", i % 50));
    }
    log.insert_str(log.len() / 2, "警告：请求超时，上游服务没有响应\n");
    let s = stored(
        session
            .store(&ToolCall::new("logs"), log.as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "找出超时的请求", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(
        r.text.contains("警告：请求超时，上游服务没有响应"),
        "{}",
        r.text
    );

    // Nothing relevant is a success that says what was searched.
    let r = session
        .extract(&s.handle, "kubernetes pod eviction", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(!r.failed);
    assert!(r.text.contains("NO RELEVANT DATA FOUND"), "{}", r.text);
    assert!(r.text.contains("kubernetes"));
}

#[tokio::test]
async fn llm_modes_without_an_llm_fall_back_with_a_warning() {
    let runtime = runtime("fallback").await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("bash"), build_log(3000).as_bytes())
            .await
            .unwrap(),
    );
    for mode in [Mode::FullChunked, Mode::ReadGrep] {
        let r = session
            .extract(&s.handle, "the error", Some(mode))
            .await
            .unwrap();
        assert!(!r.failed);
        let body = r.text.split_once("\n\n").unwrap().1;
        assert_eq!(
            body.lines().next().unwrap(),
            "WARNING: tool_output fallback to lexical (no LLM is configured)."
        );
        assert!(r.text.contains("STRATEGY:lexical:"));
        assert_eq!(r.report.requested, mode);
        assert_eq!(r.report.used, Mode::Lexical);
        // No model is a model failure: straight to lexical, one step.
        let steps: Vec<(Mode, Mode)> = r.report.fallbacks.iter().map(|f| (f.from, f.to)).collect();
        assert_eq!(steps, [(mode, Mode::Lexical)]);
    }
    // Lexical with nothing to search for falls back to truncate.
    let r = session
        .extract(&s.handle, "!!! ???", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(
        r.text
            .contains("STRATEGY:truncate:\n\nWARNING: tool_output fallback to truncate ("),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn truncate_cuts_once_on_utf8_and_line_boundaries() {
    let runtime = runtime("truncate").await;
    let session = runtime.session().unwrap();
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        (
            "cjk",
            "错误：无法解析模块。请求超时。\n".repeat(3000).into_bytes(),
        ),
        (
            "emoji",
            "👨‍👩‍👧‍👦 deploy 🚀 done ✅ 🇯🇵\n".repeat(3000).into_bytes(),
        ),
        (
            "ansi",
            "\x1b[31mred\x1b[0m \x1b[1mbold\x1b[0m line\n"
                .repeat(5000)
                .into_bytes(),
        ),
        ("invalid", b"ok \xff\xfe\xc3 bad \xe9\n".repeat(5000)),
        (
            "one long line",
            "无空格的长文本😀".repeat(20_000).into_bytes(),
        ),
    ];
    for (name, input) in inputs {
        let s = stored(session.store(&ToolCall::new("t"), &input).await.unwrap());
        let r = session
            .extract(&s.handle, "x", Some(Mode::Truncate))
            .await
            .unwrap();
        assert!(!r.failed, "{name}");
        assert!(r.text.len() <= 12288, "{name}: {} bytes", r.text.len());
        let body = r.text.split_once("\n\n").unwrap().1;
        let markers: Vec<_> = body.match_indices("\n[... ").collect();
        assert_eq!(markers.len(), 1, "{name}: one cut");
        let (head, rest) = body.split_at(markers[0].0);
        let (marker, tail) = rest[1..].split_once('\n').unwrap();
        let nums: Vec<u64> = marker.split(' ').filter_map(|w| w.parse().ok()).collect();
        let view_bytes = session
            .list()
            .await
            .unwrap()
            .iter()
            .find(|i| i.handle == s.handle)
            .unwrap()
            .view_bytes;
        assert_eq!(
            head.len() as u64 + nums[0] + tail.len() as u64,
            view_bytes,
            "{name}: bytes add up"
        );
        if name != "one long line" {
            assert!(head.ends_with('\n'), "{name}: head ends on a line boundary");
            assert!(!tail.starts_with('\n'));
        }
        assert!(!body.contains('\x1b'));
    }
}

#[tokio::test]
async fn read_grep_tail_are_numbered_bounded_and_deterministic() {
    let runtime = runtime("readgrep").await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("bash"), build_log(50_000).as_bytes())
            .await
            .unwrap(),
    );
    let h = &s.handle;

    assert_eq!(
        session.read(h, 25_000, 25_002).await.unwrap(),
        "25000:    Compiling crate-24999 v0.1.9 (registry)\n\
         25001: error[E0433]: failed to resolve: use of undeclared crate or module `tokio`\n\
         25002:    Compiling crate-25001 v0.1.1 (registry)\n"
    );
    let big = session.read(h, 1, 50_000).await.unwrap();
    assert!(big.len() <= 12288);
    let note = big.lines().last().unwrap();
    let next: u64 = note
        .rsplit("read from line ")
        .next()
        .unwrap()
        .trim_end_matches(" to continue]")
        .parse()
        .unwrap();
    let last_shown = big.lines().rev().nth(1).unwrap();
    assert!(
        last_shown.starts_with(&format!("{}: ", next - 1)),
        "{note} after {last_shown}"
    );
    assert!(session.read(h, 0, 5).await.is_err());
    assert!(
        session
            .read(h, 60_000, 60_001)
            .await
            .unwrap_err()
            .to_string()
            .contains("has 50000 lines")
    );

    let opts = GrepOptions {
        context: 1,
        ignore_case: true,
        max_matches: None,
    };
    assert_eq!(
        session.grep(h, "^ERROR\\[", opts).await.unwrap(),
        "25000-    Compiling crate-24999 v0.1.9 (registry)\n\
         25001: error[E0433]: failed to resolve: use of undeclared crate or module `tokio`\n\
         25002-    Compiling crate-25001 v0.1.1 (registry)\n"
    );
    let opts = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(3),
    };
    let g = session.grep(h, "crate-1\\d{4} v0.1.0", opts).await.unwrap();
    assert_eq!(g.lines().filter(|l| l.contains(": ")).count(), 3);
    assert!(g.contains("--\n"), "separator between non-adjacent matches");
    assert!(g.contains("[stopped after 3 matching lines"));
    let err = session
        .grep(
            h,
            "(unclosed",
            GrepOptions {
                context: 0,
                ignore_case: false,
                max_matches: None,
            },
        )
        .await;
    assert!(err.unwrap_err().to_string().contains("invalid regex"));

    assert_eq!(
        session.tail(h, 2).await.unwrap(),
        "49999:    Compiling crate-49998 v0.1.8 (registry)\n50000:    Compiling crate-49999 v0.1.9 (registry)\n"
    );
    let t = session.tail(h, 10_000).await.unwrap();
    assert!(t.len() <= 12288 && t.ends_with("50000:    Compiling crate-49999 v0.1.9 (registry)\n"));
    assert_eq!(
        session.preview(h).await.unwrap(),
        session.preview(h).await.unwrap()
    );
}

#[tokio::test]
async fn raw_tool_calls_in_every_provider_shape() {
    let runtime = runtime("toolcall").await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("bash"), build_log(3000).as_bytes())
            .await
            .unwrap(),
    );
    let args =
        serde_json::json!({"handle": s.handle, "extract": "failed to resolve", "mode": "lexical"});
    let shapes = [
        args.to_string(),
        serde_json::json!({"id": "call_1", "type": "function", "function": {"name": "tool_output", "arguments": args.to_string()}}).to_string(),
        serde_json::json!({"type": "tool_use", "id": "toolu_1", "name": "tool_output", "input": args}).to_string(),
    ];
    for raw in shapes {
        let text = session.handle_tool_call(&raw).await;
        assert!(
            text.starts_with("ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE"),
            "{text}"
        );
        assert!(text.contains("1501: error[E0433]"));
    }
    let text = session.handle_tool_call("{not json").await;
    assert!(
        text.starts_with("TOOL_OUTPUT FAILED FOR unknown WITH HANDLE unknown, STRATEGY:auto:\n\n"),
        "{text}"
    );
    let text = session
        .handle_tool_call(
            &serde_json::json!({"handle": s.handle, "extract": "x", "mode": "fast"}).to_string(),
        )
        .await;
    assert!(text.contains("unknown mode \"fast\""));

    let (openai, anthropic) = session.tool_definitions().await.unwrap();
    assert_eq!(openai["function"]["name"], "tool_output");
    assert_eq!(openai["function"]["strict"], true);
    assert_eq!(
        anthropic["input_schema"]["required"],
        serde_json::json!(["handle", "extract"])
    );
    let modes = &anthropic["input_schema"]["properties"]["mode"]["enum"];
    assert_eq!(
        modes,
        &serde_json::json!([
            "auto",
            "full-chunked",
            "read-grep",
            "truncate",
            "lexical",
            "jq"
        ])
    );
}

#[tokio::test]
async fn jq_answers_exactly_and_a_runaway_program_is_stopped_by_the_cpu_limit() {
    let (runtime, _) = runtime_with("jq", |c| {
        // Far above what the real programs need, even on a loaded machine.
        c.limits = tool_output::Limits {
            cpu_time: std::time::Duration::from_secs(5),
            ..tool_output::Limits::default()
        };
    })
    .await;
    let session = runtime.session().unwrap();
    // A kubectl-shaped answer: 3000 pods, two of them not running.
    let items: Vec<String> = (0..3000)
        .map(|i| {
            let phase = if i == 1234 || i == 2999 { "CrashLoopBackOff" } else { "Running" };
            format!(
                r#"{{"metadata": {{"name": "pod-{i}", "uid": "{i:08x}"}}, "status": {{"phase": "{phase}", "restarts": {}}}}}"#,
                i % 7
            )
        })
        .collect();
    let doc = format!(r#"{{"kind": "List", "items": [{}]}}"#, items.join(",\n"));
    let s = stored(
        session
            .store(&ToolCall::new("kubectl"), doc.as_bytes())
            .await
            .unwrap(),
    );
    let program = r#"[.items[] | select(.status.phase != "Running") | .metadata.name]"#;
    let r = session
        .extract(&s.handle, program, Some(Mode::Jq))
        .await
        .unwrap();
    assert!(!r.failed, "{}", r.text);
    assert_eq!(
        r.text,
        format!(
            "ABSTRACT FROM TOOL OUTPUT kubectl WITH HANDLE {}, STRATEGY:jq:\n\n\
             jq over one JSON document. Results, one per line:\n[\"pod-1234\",\"pod-2999\"]\n",
            s.handle
        )
    );
    // A program that never outputs is stopped by the call's CPU limit...
    let err = session
        .extract(&s.handle, "last(range(1e15))", Some(Mode::Jq))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("CPU time limit"), "{err}");
    assert!(!err.to_string().contains("panicked"), "{err}");
    // ...and the session answers the next call.
    let r = session
        .extract(&s.handle, ".items | length", Some(Mode::Jq))
        .await
        .unwrap();
    assert!(
        r.text.ends_with("Results, one per line:\n3000\n"),
        "{}",
        r.text
    );
}

/// A pass over a large stored output is not cut short by a CPU limit meant
/// for runaway programs: each MiB the call reads adds a second. The same
/// session, opened by a runtime whose base limit is far below what the
/// pass needs, answers jq over ~70 MB of JSON lines (past the 64 MiB jq
/// gathers, so it runs one value at a time); a runaway program on it is
/// still stopped, at the base limit.
#[tokio::test]
async fn a_long_pass_over_a_large_output_earns_cpu_time_by_what_it_reads() {
    let storing = runtime("jq-allowance").await;
    let session = storing.session().unwrap();
    let mut writer = session.writer(&ToolCall::new("logs")).await.unwrap();
    let mut block = String::new();
    let mut values = 0u64;
    for _ in 0..70 {
        block.clear();
        while block.len() < 1 << 20 {
            let level = if values % 50_000 == 7 {
                "error"
            } else {
                "info"
            };
            block.push_str(&format!(
                "{{\"level\":\"{level}\",\"req\":{values},\"msg\":\"request {values} handled\"}}\n"
            ));
            values += 1;
        }
        writer.write(block.as_bytes()).await.unwrap();
    }
    let handle = writer.finish().await.unwrap().handle().unwrap().to_string();
    let (strict, _) = runtime_with("jq-allowance-strict", |c| {
        // A base that a loaded machine still reaches its first read within
        // (the limit counts the guest's wall time).
        c.limits.cpu_time = std::time::Duration::from_secs(3);
    })
    .await;
    let same = strict.open_session(session.path()).unwrap();
    // A pass that reads everything: how long reading takes on this
    // machine now, the yardstick of the bound below (not a fixed time).
    let read_started = std::time::Instant::now();
    let r = same
        .extract(
            &handle,
            ".[] | select(.level == \"error\") | .req",
            Some(Mode::Jq),
        )
        .await
        .unwrap();
    let reading = read_started.elapsed();
    let found: Vec<u64> = r.text.lines().filter_map(|l| l.parse().ok()).collect();
    let want: Vec<u64> = (0..values).filter(|v| v % 50_000 == 7).collect();
    assert_eq!(found, want, "{}", r.text);
    // A runaway program per value has read one block when it starts: it
    // is stopped the base limit, plus that block's second, after it (both
    // bounds say so).
    let err = same
        .extract(&handle, ".[] | last(range(1e15))", Some(Mode::Jq))
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("guest CPU time limit of 3s, plus 1s for ")
            && err.to_string().contains(" exceeded"),
        "{err}"
    );
    // One that reads everything first and then loops has earned 70 s by
    // reading, but may use them only while reading goes on: it is stopped
    // the base limit, plus its last block's seconds (≤ 4 MiB), after its
    // last read, not 70 s later.
    let started = std::time::Instant::now();
    let last = values - 1;
    let err = same
        .extract(
            &handle,
            &format!(".[] | select(.req == {last}) | last(range(1e15))"),
            Some(Mode::Jq),
        )
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains(" for its last read, exceeded since that read (it read 71 MiB in all)"),
        "{err}"
    );
    // Stopped after reading plus seconds, not plus the 70 earned: half of
    // them is far from either, whatever the load.
    assert!(
        started.elapsed() < reading + std::time::Duration::from_secs(35),
        "{:?} (reading alone: {reading:?})",
        started.elapsed()
    );
}

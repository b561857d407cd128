//! Storing: the passthrough decision, the handle message, stats, the view.

use crate::common::*;
use tool_output::{Outcome, StoreReason, ToolCall, default_policy};

#[tokio::test]
async fn passthrough_at_the_threshold_and_stored_one_byte_over() {
    let runtime = runtime("threshold").await;
    let session = runtime.session().unwrap();
    let call = ToolCall::new("cat");
    let max = runtime.policy().max_inline_bytes as usize;
    assert_eq!(max, 12288);

    for len in [max - 1, max] {
        let output = "x".repeat(len - 1) + "\n";
        let outcome = session.store(&call, output.as_bytes()).await.unwrap();
        let Outcome::Passthrough(stats) = &outcome else {
            panic!("{len} bytes must pass through")
        };
        assert_eq!(stats.bytes, len as u64);
        // Byte-exact: the caller's own bytes, not a copy through the engine.
        assert_eq!(outcome.tool_result(output.as_bytes()), output.as_bytes());
    }
    let output = "x".repeat(max) + "\n";
    let stored = stored(session.store(&call, output.as_bytes()).await.unwrap());
    assert_eq!(stored.reason, StoreReason::SizeCap);
    assert_eq!(stored.stats.bytes, max as u64 + 1);
    assert_eq!(
        session.list().await.unwrap().len(),
        1,
        "only the oversized output is stored"
    );
}

/// The engine runs where it lies in the binary (on Linux), so runtimes
/// share its code: one dropped must leave the others running.
#[tokio::test]
async fn a_runtime_dropped_leaves_the_others_running() {
    let (first, second) = (runtime("first").await, runtime("second").await);
    drop(first);
    let session = second.session().unwrap();
    let output = "line of a long log\n".repeat(2000);
    let s = stored(
        session
            .store(&ToolCall::new("cat"), output.as_bytes())
            .await
            .unwrap(),
    );
    assert_eq!(s.stats.lines, 2000);
}

#[tokio::test]
async fn chars_tokens_and_reservation_decide_too() {
    let runtime = runtime("reasons").await;
    let session = runtime.session().unwrap();
    let call = ToolCall::new("t");
    let text = "错误".repeat(1000); // 6000 bytes, 2000 chars: under the byte cap

    let mut policy = default_policy();
    policy.max_inline_chars = Some(1999);
    let s = stored(
        session
            .store_with(&call, text.as_bytes(), &policy)
            .await
            .unwrap(),
    );
    assert_eq!(s.reason, StoreReason::SizeCap);

    let mut policy = default_policy();
    policy.remaining_tokens = Some(10);
    let s = stored(
        session
            .store_with(&call, text.as_bytes(), &policy)
            .await
            .unwrap(),
    );
    assert_eq!(s.reason, StoreReason::TokenBudget);

    let mut policy = default_policy();
    policy.remaining_tokens = Some(1_000_000);
    assert!(matches!(
        session
            .store_with(&call, text.as_bytes(), &policy)
            .await
            .unwrap(),
        Outcome::Passthrough(_)
    ));

    let mut policy = default_policy();
    policy.reserve_failed = true;
    let s = stored(session.store_with(&call, b"tiny", &policy).await.unwrap());
    assert_eq!(s.reason, StoreReason::ReserveFailed);
}

#[tokio::test]
async fn handle_message_has_the_exact_lines_and_stays_in_budget() {
    let runtime = runtime("message").await;
    let session = runtime.session().unwrap();
    let log = build_log(5000);
    let s = stored(
        session
            .store(&ToolCall::new("bash"), log.as_bytes())
            .await
            .unwrap(),
    );
    let lines: Vec<&str> = s.message.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "Tool output is too large ({} bytes, 5000 lines, {} tokens).",
            log.len(),
            s.stats.tokens.unwrap()
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "Call tool_output(handle = \"{}\", extract = \"what to extract\").",
            s.handle
        )
    );
    assert_eq!(
        lines[2],
        "Provide precise and detailed instructions in `extract` about what you are looking for."
    );
    assert!(s.message.contains("--- partial preview:"), "{}", s.message);
    // The buried error is in the preview, with its line number.
    assert!(
        s.message.contains("2501: error[E0433]: failed to resolve"),
        "{}",
        s.message
    );
    assert!(s.message.contains("1:    Compiling crate-00000"));
    assert!(s.message.contains("5000:    Compiling crate-04999"));
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("The full output is stored: do not run the tool again")
    );
    assert!(s.message.len() <= 12288);

    // A tight byte cap shrinks the preview, then drops it; the three lines stay.
    for cap in [1200u64, 700, 420] {
        let mut policy = default_policy();
        policy.max_inline_bytes = cap;
        let s = stored(
            session
                .store_with(&ToolCall::new("bash"), log.as_bytes(), &policy)
                .await
                .unwrap(),
        );
        assert!(
            s.message.len() as u64 <= cap,
            "{} > {cap}:\n{}",
            s.message.len(),
            s.message
        );
        assert!(s.message.starts_with("Tool output is too large ("));
    }
    // A tight token budget does the same.
    let mut policy = default_policy();
    policy.remaining_tokens = Some(90);
    let s = stored(
        session
            .store_with(&ToolCall::new("bash"), log.as_bytes(), &policy)
            .await
            .unwrap(),
    );
    let bpe = tiktoken_rs::cl100k_base().unwrap();
    assert!(bpe.encode_ordinary(&s.message).len() <= 90, "{}", s.message);
    assert!(!s.message.contains("partial preview"));

    // Preview off: header and the stored line only.
    let mut policy = default_policy();
    policy.preview = false;
    let s = stored(
        session
            .store_with(&ToolCall::new("bash"), log.as_bytes(), &policy)
            .await
            .unwrap(),
    );
    assert_eq!(s.message.lines().count(), 4, "{}", s.message);
}

#[tokio::test]
async fn token_counts_equal_tiktoken() {
    let runtime = runtime("tokens").await;
    let session = runtime.session().unwrap();
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(&format!(
            "fn f{i}() {{ let x = vec![1, 2, 3]; }} // 错误：无法解析 {i} 😀👍🏽 \t\t  \n\n   {{\"k\":\"v{i}\",\"n\":1234567890}}\n"
        ));
    }
    for (model, oracle) in [
        (None, tiktoken_rs::cl100k_base().unwrap()),
        (Some("openai/gpt-4o"), tiktoken_rs::o200k_base().unwrap()),
        (Some("gpt-4-turbo"), tiktoken_rs::cl100k_base().unwrap()),
    ] {
        let mut call = ToolCall::new("t");
        call.model = model.map(str::to_string);
        let s = stored(session.store(&call, text.as_bytes()).await.unwrap());
        assert_eq!(
            s.stats.tokens,
            Some(oracle.encode_ordinary(&text).len() as u64),
            "{model:?}"
        );
        assert!(s.stats.tokens_exact);
    }
    let s = stored(
        session
            .store(
                &ToolCall::new("t").model("anthropic/claude-sonnet-4-5"),
                text.as_bytes(),
            )
            .await
            .unwrap(),
    );
    assert_eq!(s.stats.tokenizer, "cl100k_base");
    assert!(
        !s.stats.tokens_exact,
        "a non-OpenAI model's count is an estimate"
    );
}

/// About 2.6 MB of build lines, CJK and emoji, JSON with contractions and
/// runs of `=`: several of the pieces a store counts separately.
fn several_mib_of_mixed_text() -> String {
    let mut text = String::new();
    for i in 0..60_000 {
        text.push_str(&match i % 4 {
            0 => format!(
                "   Compiling crate-{i} v0.{}.{} (registry)\n",
                i % 9,
                i % 31
            ),
            1 => format!("请求 {i} 处理完成，耗时 {} 毫秒 ✅ 😀👍🏽\n", i % 300),
            2 => format!("{{\"id\":{i},\"it's\":\"don't\",\"n\":1234567890}}\t \n"),
            _ => format!("{}\n\n   ", "=".repeat(i % 50)),
        });
    }
    assert!(text.len() > 2 << 20, "{} bytes", text.len());
    text
}

/// A large output's tokens are counted partly by helper instances on the
/// other cores: the count stays tiktoken's, stored at once or streamed in
/// odd pieces, and a runtime with no place to spare counts it alone, to
/// the same figure.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_counts_shared_with_other_cores_equal_tiktoken() {
    let text = several_mib_of_mixed_text();
    let runtime = runtime("tokens-shared").await;
    let session = runtime.session().unwrap();
    for (model, oracle) in [
        (None, tiktoken_rs::cl100k_base().unwrap()),
        (Some("gpt-4o"), tiktoken_rs::o200k_base().unwrap()),
    ] {
        let want = Some(oracle.encode_ordinary(&text).len() as u64);
        let mut call = ToolCall::new("t");
        call.model = model.map(str::to_string);
        let at_once = stored(session.store(&call, text.as_bytes()).await.unwrap());
        assert_eq!(at_once.stats.tokens, want, "{model:?} at once");
        assert!(at_once.stats.tokens_exact);
        let mut writer = session.writer(&call).await.unwrap();
        for piece in text.as_bytes().chunks(77_777) {
            writer.write(piece).await.unwrap();
        }
        let streamed = stored(writer.finish().await.unwrap());
        assert_eq!(streamed.stats.tokens, want, "{model:?} streamed");
        assert!(streamed.stats.tokens_exact);
    }
    if std::thread::available_parallelism().is_ok_and(|n| n.get() > 1) {
        assert!(
            runtime.tokens_counted_elsewhere() > 0,
            "no piece was counted on another core"
        );
    }
    // No place free for a helper.
    let (alone, _) = runtime_with("tokens-alone", |c| c.limits.concurrent_calls = 1).await;
    counts_alone_to_tiktoken(&alone, &text).await;
}

/// `runtime` stores `text`, counting every token itself, to tiktoken's figure.
async fn counts_alone_to_tiktoken(runtime: &tool_output::Runtime, text: &str) {
    let s = stored(
        runtime
            .session()
            .unwrap()
            .store(&ToolCall::new("t"), text.as_bytes())
            .await
            .unwrap(),
    );
    let cl100k = tiktoken_rs::cl100k_base().unwrap();
    assert_eq!(
        s.stats.tokens,
        Some(cl100k.encode_ordinary(text).len() as u64)
    );
    assert_eq!(runtime.tokens_counted_elsewhere(), 0, "a helper counted");
}

/// On a single-threaded executor helpers could only take turns with the
/// store: none is started, and the count is the same.
#[tokio::test(flavor = "current_thread")]
async fn a_single_threaded_executor_counts_alone_to_the_same_figure() {
    let runtime = runtime("tokens-one-thread").await;
    counts_alone_to_tiktoken(&runtime, &several_mib_of_mixed_text()).await;
}

#[tokio::test]
async fn original_is_kept_byte_exact_and_the_view_is_cleaned() {
    let runtime = runtime("view").await;
    let session = runtime.session().unwrap();
    let mut raw = Vec::new();
    for i in 0..2000 {
        raw.extend_from_slice(format!("\x1b[1m\x1b[32mstep {i}\x1b[0m ok\r\n").as_bytes());
        if i % 100 == 0 {
            raw.extend_from_slice(b"progress 10%\rprogress 50%\rprogress 100%\n");
            raw.extend_from_slice(b"bad bytes \xff\xfe here\n");
        }
    }
    let s = stored(session.store(&ToolCall::new("t"), &raw).await.unwrap());
    assert_eq!(
        session_file(session.path(), &s.handle, "orig"),
        raw,
        "original byte for byte"
    );
    assert_eq!(s.stats.invalid_utf8, 40);
    assert!(!s.stats.binary);
    let view = String::from_utf8(session_file(session.path(), &s.handle, "txt")).unwrap();
    assert!(!view.contains('\x1b') && !view.contains('\r'));
    assert!(view.contains("step 7 ok\n"));
    assert!(view.contains("\nprogress 100%\n") && !view.contains("progress 50%"));
    // Two invalid bytes in a row: one mark (the view of binary stays within 2×).
    assert!(view.contains("bad bytes \u{FFFD} here"));
    // Line numbers refer to the view.
    let read = session.read(&s.handle, 1, 3).await.unwrap();
    assert_eq!(
        read,
        "1: step 0 ok\n2: progress 100%\n3: bad bytes \u{FFFD} here\n"
    );
}

#[tokio::test]
async fn json_is_detected_and_reindented_by_whitespace_only() {
    let runtime = runtime("json").await;
    let session = runtime.session().unwrap();
    let mut json = String::from(
        r#"{"zeta":1,"alpha":[12345678901234567890123,-0.0,1e400],"dup":1,"dup":2,"s":"a\"b {,:} 错误 😀","items":["#,
    );
    for i in 0..800 {
        json.push_str(&format!(
            r#"{{"id":{i},"empty":{{}},"list":[],"name":"item-{i}"}},"#
        ));
    }
    json.push_str(r#"null]}"#);
    let s = stored(
        session
            .store(&ToolCall::new("api"), json.as_bytes())
            .await
            .unwrap(),
    );
    assert!(s.stats.is_json);
    assert_eq!(s.stats.lines, 1, "stats describe the output as received");
    let view = String::from_utf8(session_file(session.path(), &s.handle, "json")).unwrap();
    assert_eq!(json_without_layout(&view), json, "only whitespace changed");
    assert!(view.starts_with("{\n  \"zeta\": 1,\n  \"alpha\": [\n    12345678901234567890123,\n"));
    assert!(
        view.contains("\"dup\": 1,\n  \"dup\": 2,"),
        "duplicate keys kept in order"
    );
    assert!(view.contains("\"empty\": {},"));
    let info = &session.list().await.unwrap()[0];
    assert_eq!(info.view_lines, view.lines().count() as u64);
    // Read by view line numbers.
    let read = session.read(&s.handle, 2, 2).await.unwrap();
    assert_eq!(read, "2:   \"zeta\": 1,\n");

    // Looks like JSON, is not: stored as text, view rebuilt as text.
    let not_json = format!("[1, 2] then prose {}", "word ".repeat(4000));
    let s = stored(
        session
            .store(&ToolCall::new("t"), not_json.as_bytes())
            .await
            .unwrap(),
    );
    assert!(!s.stats.is_json);
    let view = String::from_utf8(session_file(session.path(), &s.handle, "txt")).unwrap();
    assert!(
        view.replace('\n', "") == not_json,
        "the text view is the input, wrapped"
    );
}

#[tokio::test]
async fn empty_and_binary_outputs() {
    let runtime = runtime("binary").await;
    let session = runtime.session().unwrap();
    let outcome = session.store(&ToolCall::new("t"), b"").await.unwrap();
    let Outcome::Passthrough(stats) = outcome else {
        panic!("empty output passes through")
    };
    assert_eq!((stats.bytes, stats.lines, stats.tokens), (0, 0, None));

    let binary: Vec<u8> = (0..64 * 1024u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let s = stored(session.store(&ToolCall::new("cat"), &binary).await.unwrap());
    assert!(s.stats.binary);
    assert_eq!(session_file(session.path(), &s.handle, "orig"), binary);
    let text = session
        .extract(&s.handle, "what is this", None)
        .await
        .unwrap();
    assert!(!text.failed, "{}", text.text);
}

#[tokio::test]
async fn streaming_writer_stores_what_one_call_would() {
    let runtime = runtime("stream").await;
    let session = runtime.session().unwrap();
    let log = build_log(120_000); // ~4.6 MB
    let call = ToolCall::new("bash");
    let mut writer = session.writer(&call).await.unwrap();
    for piece in log.as_bytes().chunks(65_537) {
        writer.write(piece).await.unwrap();
    }
    let streamed = stored(writer.finish().await.unwrap());
    let whole = stored(session.store(&call, log.as_bytes()).await.unwrap());
    assert_eq!(streamed.stats, whole.stats);
    assert_eq!(
        session_file(session.path(), &streamed.handle, "orig"),
        log.as_bytes()
    );
    assert_eq!(
        session_file(session.path(), &streamed.handle, "txt"),
        session_file(session.path(), &whole.handle, "txt")
    );
    // A writer dropped unfinished leaves nothing behind.
    let mut writer = session.writer(&call).await.unwrap();
    writer.write(log.as_bytes()).await.unwrap();
    drop(writer);
    assert_eq!(session.list().await.unwrap().len(), 2);
}

#[tokio::test]
async fn an_unterminated_escape_hides_nothing_after_it() {
    // `{ seq 1 9; printf 'progress \033]0;title'; seq 10 5000; echo 'FATAL: disk full'; }`
    let runtime = runtime("escape").await;
    let session = runtime.session().unwrap();
    let mut output: String = (1..=9).map(|i| format!("{i}\n")).collect();
    output.push_str("progress \x1b]0;title");
    output.extend((10..=5000).map(|i| format!("{i}\n")));
    output.push_str("FATAL: disk full\n");
    let s = stored(
        session
            .store(&ToolCall::new("t"), output.as_bytes())
            .await
            .unwrap(),
    );
    let info = session.list().await.unwrap();
    assert_eq!(info[0].view_lines, 5001);
    let read = session.read(&s.handle, 10, 10).await.unwrap();
    assert_eq!(read, "10: progress ]0;title10\n");
    let options = tool_output::GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: None,
    };
    let grep = session.grep(&s.handle, "FATAL", options).await.unwrap();
    assert_eq!(grep, "5001: FATAL: disk full\n");
    let answer = session
        .extract(
            &s.handle,
            "FATAL disk full",
            Some(tool_output::Mode::Lexical),
        )
        .await
        .unwrap();
    assert!(
        answer.text.contains("5001: FATAL: disk full"),
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn corrupt_stored_files_give_a_storage_error_not_a_panic() {
    let runtime = runtime("corrupt").await;
    let session = runtime.session().unwrap();
    let output: String = (1..=5000).map(|i| format!("line {i}\n")).collect();
    let s = stored(
        session
            .store(&ToolCall::new("t"), output.as_bytes())
            .await
            .unwrap(),
    );
    // An index entry far past the view (it used to index out of bounds).
    let idx = session.path().join(format!("{}.idx", s.handle));
    let mut raw = std::fs::read(&idx).unwrap();
    raw[16..24].copy_from_slice(&(1u64 << 40).to_le_bytes());
    std::fs::write(&idx, &raw).unwrap();
    let err = session.read(&s.handle, 3000, 3001).await.unwrap_err();
    let text = format!("{err:#}");
    assert!(!text.contains("panicked"), "{text}");
    assert!(
        text.contains(&s.handle) && text.contains("line index"),
        "{text}"
    );
    let answer = session
        .extract(&s.handle, "line 3000", Some(tool_output::Mode::Lexical))
        .await
        .unwrap();
    assert!(answer.failed, "{}", answer.text);
    assert!(!answer.text.contains("panicked"), "{}", answer.text);
    assert!(answer.text.contains("corrupt"), "{}", answer.text);
}

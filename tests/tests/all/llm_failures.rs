//! When the model fails: retries, fallbacks, the chain rule (a model that
//! is down is not asked again by the other strategy), failover, and
//! answers that cannot be used — through the real component and HTTP
//! engine against the scripted server on loopback, or a closed port.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::llm::{llm_runtime_at, one_extraction, steps, warning};
use crate::common::{build_log, stored};
use serde_json::{Value, json};
use tool_output::{FailureKind, Mode, ToolCall};
use tool_output_tests::llm_server::{Reply, Scripted, openai_error, openai_text};
use tool_output_tests::script::{assistant_turns, final_report, last_user_text, nonce};

#[tokio::test]
async fn a_429_is_retried_after_retry_after_then_succeeds() {
    let calls = AtomicUsize::new(0);
    let (r, server, ..) = one_extraction(
        "f429",
        Mode::FullChunked,
        |_| {},
        move |req| {
            if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                return Scripted::now(Reply::Raw {
                    status: 429,
                    headers: vec![("retry-after".into(), "1".into())],
                    body: br#"{"error":{"message":"slow down"}}"#.to_vec(),
                });
            }
            Scripted::now(Reply::Json(openai_text(
                &final_report(&nonce(req), "found it"),
                1,
                1,
            )))
        },
    )
    .await;
    assert!(
        r.text.ends_with("STRATEGY:full-chunked:\n\nfound it"),
        "{}",
        r.text
    );
    assert_eq!(server.request_count(), 2);
    let requests = server.requests();
    let waited = requests[1].received_at - requests[0].received_at;
    assert!(
        waited >= Duration::from_millis(1000),
        "waited {waited:?}, Retry-After is 1 s"
    );
    assert!(r.report.fallbacks.is_empty());
}

#[tokio::test]
async fn server_errors_until_retries_run_out_fall_back_with_a_warning() {
    let (r, server, session, handle) = one_extraction(
        "f5xx",
        Mode::FullChunked,
        |c| c.retry.retries = 2,
        |_| Scripted::now(openai_error(503, "overloaded")),
    )
    .await;
    assert!(!r.failed);
    assert_eq!(r.report.used, Mode::Lexical);
    assert_eq!(
        warning(&r),
        "WARNING: tool_output fallback to lexical (the map call for chunk 1 failed: the LLM is \
         unavailable: HTTP 503: overloaded)."
    );
    // The model is down: no sub-agent turn against it.
    assert_eq!(
        steps(&r),
        [(Mode::FullChunked, Mode::Lexical, FailureKind::Model)]
    );
    // A 503 keeps its backoff: 3 attempts (2 retries) for the one map call.
    assert_eq!(server.request_count(), 3);
    assert_eq!(r.report.llm_calls.len(), 1);
    assert!(r.report.llm_calls[0].error.is_some());
    // The session stays usable.
    assert!(
        session
            .tail(&handle, 1)
            .await
            .unwrap()
            .contains("Compiling")
    );
}

#[tokio::test]
async fn broken_answers_fall_back_and_nothing_panics() {
    type Case = (
        &'static str,
        Box<dyn Fn(&str) -> Reply + Send + Sync>,
        &'static str,
    );
    let cases: Vec<Case> = vec![
        (
            "invalid-json",
            Box::new(|_| Reply::Raw {
                status: 200,
                headers: vec![],
                body: b"{\"choices\": [".to_vec(),
            }),
            "not JSON",
        ),
        (
            "no-open-tag",
            Box::new(|_| Reply::Json(openai_text("The error is in tokio.", 1, 1))),
            "without the final-report wrapper",
        ),
        (
            "ten-mb",
            Box::new(|_| Reply::Json(openai_text(&"x".repeat(10 << 20), 1, 1))),
            "larger than the cap of 4194304 bytes",
        ),
        (
            "auth",
            Box::new(|_| openai_error(401, "invalid api key")),
            "invalid api key",
        ),
    ];
    for (name, reply, reason) in cases {
        let (r, _server, session, handle) = one_extraction(
            name,
            Mode::FullChunked,
            |_| {},
            move |req| Scripted::now(reply(&nonce(req))),
        )
        .await;
        assert_eq!(r.report.used, Mode::Lexical, "{name}: {}", r.text);
        assert!(warning(&r).contains(reason), "{name}: {}", warning(&r));
        assert!(
            r.text.contains("error[E0433]"),
            "{name}: lexical still answers"
        );
        assert!(session.read(&handle, 1, 1).await.is_ok());
    }
}

#[tokio::test]
async fn timeouts_per_request_and_per_extraction_fall_back() {
    let (r, server, ..) = one_extraction(
        "hang",
        Mode::FullChunked,
        |c| {
            c.request_timeout = Duration::from_millis(300);
            c.retry.retries = 1;
        },
        |_| Scripted::now(Reply::Hang),
    )
    .await;
    assert_eq!(r.report.used, Mode::Lexical);
    assert!(warning(&r).contains("the LLM timed out"), "{}", warning(&r));
    assert_eq!(
        server.request_count(),
        2,
        "two attempts, and no other strategy against a model that times out"
    );

    // The extraction's own deadline cuts a slow model off.
    let (r, ..) = one_extraction(
        "deadline",
        Mode::ReadGrep,
        |c| c.extract.timeout = Some(Duration::from_millis(400)),
        |req| {
            Scripted::after(
                Duration::from_secs(30),
                Reply::Json(openai_text(&nonce(req), 1, 1)),
            )
        },
    )
    .await;
    assert_eq!(r.report.used, Mode::Lexical);
    assert!(warning(&r).contains("timed out"), "{}", warning(&r));
    assert!(r.report.wall_ms < 5000, "{} ms", r.report.wall_ms);
}

#[tokio::test]
async fn an_unavailable_model_hands_over_to_the_next_in_the_list() {
    let (r, server, ..) = one_extraction(
        "failover",
        Mode::FullChunked,
        |c| {
            c.models = ["first-model", "second-model"]
                .iter()
                .map(|m| tool_output::llm::config::ModelSpec::parse(m).unwrap())
                .collect();
            c.retry.retries = 1;
        },
        |req| {
            if req.body["model"] == "first-model" {
                return Scripted::now(openai_error(503, "down for maintenance"));
            }
            let answer = final_report(&nonce(req), "from the second model");
            Scripted::now(Reply::Json(openai_text(&answer, 1, 1)))
        },
    )
    .await;
    assert!(
        r.text
            .ends_with("STRATEGY:full-chunked:\n\nfrom the second model"),
        "{}",
        r.text
    );
    let models: Vec<Value> = server
        .requests()
        .iter()
        .map(|r| r.body["model"].clone())
        .collect();
    assert_eq!(
        models,
        [
            json!("first-model"),
            json!("first-model"),
            json!("second-model")
        ]
    );
}

/// A port nothing listens on: bound, then closed.
async fn closed_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    port
}

#[tokio::test]
async fn a_refused_connection_is_not_retried_and_lexical_answers_with_one_warning() {
    let port = closed_port().await;
    let base = format!("http://127.0.0.1:{port}");
    // Retried like a 503, one call would wait 2 + 4 + 8 + 16 + 30 s.
    let runtime = llm_runtime_at("refused", &base, "test-model", |c| {
        c.context_window = Some(16000);
        c.retry.retries = 5;
        c.retry.base_delay = Duration::from_secs(2);
    })
    .await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(300).as_bytes())
            .await
            .unwrap(),
    );
    for (mode, what) in [
        (Mode::FullChunked, "the map call for chunk 1"),
        (Mode::ReadGrep, "sub-agent turn 1"),
    ] {
        let r = session
            .extract(&s.handle, "the tokio error", Some(mode))
            .await
            .unwrap();
        assert_eq!(r.report.used, Mode::Lexical);
        assert_eq!(steps(&r), [(mode, Mode::Lexical, FailureKind::Model)]);
        assert_eq!(r.report.llm_calls.len(), 1, "one call, no other strategy");
        assert_eq!(
            warning(&r),
            format!(
                "WARNING: tool_output fallback to lexical ({what} failed: the LLM is unavailable: \
                 no connection to 127.0.0.1:{port}: Connection refused (os error 111))."
            )
        );
        assert_eq!(r.text.matches("WARNING").count(), 1);
        assert!(r.text.contains("error[E0433]"), "{}", r.text);
        assert!(
            r.report.wall_ms < 2000,
            "no backoff before lexical: {} ms",
            r.report.wall_ms
        );
    }
}

#[tokio::test]
async fn a_refused_key_makes_no_call_of_another_strategy() {
    let (r, server, ..) = one_extraction(
        "auth-once",
        Mode::ReadGrep,
        |_| {},
        |_| Scripted::now(openai_error(401, "invalid api key")),
    )
    .await;
    assert_eq!(
        server.request_count(),
        1,
        "not retried, no map call after it"
    );
    assert_eq!(
        steps(&r),
        [(Mode::ReadGrep, Mode::Lexical, FailureKind::Model)]
    );
    assert_eq!(
        warning(&r),
        "WARNING: tool_output fallback to lexical (sub-agent turn 1 failed: the LLM refused the \
         credentials: HTTP 401: invalid api key)."
    );
}

#[tokio::test]
async fn a_model_that_answers_only_in_prose_gets_both_strategies_then_lexical() {
    let (r, server, ..) = one_extraction(
        "prose",
        Mode::FullChunked,
        |_| {},
        |_| {
            let prose = "The build failed because of tokio, I think.";
            Scripted::now(Reply::Json(openai_text(prose, 10, 5)))
        },
    )
    .await;
    assert_eq!(
        steps(&r),
        [
            (Mode::FullChunked, Mode::ReadGrep, FailureKind::Strategy),
            (Mode::ReadGrep, Mode::Lexical, FailureKind::Strategy)
        ]
    );
    assert_eq!(
        warning(&r),
        "WARNING: tool_output fallback to lexical (the map call for chunk 1 answered without the \
         final-report wrapper; the sub-agent neither called Read or Grep nor answered in the \
         final-report wrapper (turns 1 and 2, the second after a reminder))."
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 3, "one map call, then two sub-agent turns");
    assert!(
        last_user_text(&requests[2])
            .starts_with("Your reply had no tool call and no final report. Either call the Read"),
        "{}",
        last_user_text(&requests[2])
    );
}

#[tokio::test]
async fn a_sub_agent_that_answers_after_the_reminder_succeeds() {
    let (r, server, ..) = one_extraction(
        "reminded",
        Mode::ReadGrep,
        |_| {},
        |req| {
            let text = match assistant_turns(req) {
                0 => "Let me look at the build.".to_string(),
                _ => final_report(&nonce(req), "error[E0433]: undeclared crate `tokio`"),
            };
            Scripted::now(Reply::Json(openai_text(&text, 10, 5)))
        },
    )
    .await;
    assert!(
        r.text
            .ends_with("STRATEGY:read-grep:\n\nerror[E0433]: undeclared crate `tokio`"),
        "{}",
        r.text
    );
    assert!(r.report.fallbacks.is_empty());
    assert_eq!(server.request_count(), 2);
}

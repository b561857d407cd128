//! full-chunked: every byte mapped concurrently within the budget, reduced
//! (hierarchically when the answers are large), cancellation.

use super::*;

#[tokio::test]
async fn full_chunked_maps_every_byte_concurrently_within_budget_then_reduces() {
    let server = ScriptedServer::start(chunk_model(Duration::from_millis(250))).await;
    let runtime = llm_runtime("fc-map", &server, "test-model", |_| {}).await;
    let session = runtime.session().unwrap();
    let log = build_log(1000);
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), log.as_bytes())
            .await
            .unwrap(),
    );

    let progress: Arc<Mutex<Vec<Progress>>> = Arc::default();
    let seen = progress.clone();
    let options = ExtractOptions::default()
        .mode(Mode::FullChunked)
        .progress(move |p| seen.lock().unwrap().push(p.clone()));
    let r = session
        .extract_with(&s.handle, "which crate failed to resolve?", &options)
        .await
        .unwrap();
    assert!(!r.failed, "{}", r.text);
    assert_eq!(
        r.text,
        format!(
            "ABSTRACT FROM TOOL OUTPUT cargo WITH HANDLE {}, STRATEGY:full-chunked:\n\n\
             the build failed: error[E0433] undeclared crate `tokio`",
            s.handle
        )
    );

    let requests = server.requests();
    let maps: Vec<_> = requests.iter().filter(|r| !is_reduce(r)).collect();
    let reduces = requests.len() - maps.len();
    assert!(maps.len() >= 4, "{} map calls", maps.len());
    assert_eq!(reduces, 1);
    assert!(requests.iter().all(|r| r.path == "/v1/chat/completions"));
    assert!(
        requests
            .iter()
            .all(|r| r.header("authorization") == Some("Bearer sk-test"))
    );

    // Chunks in document order; together they hold every line.
    let mut chunks: Vec<(usize, String)> = maps
        .iter()
        .map(|r| {
            let chunk = last_user_text(r);
            (
                log.find(&chunk).expect("a chunk is a slice of the output"),
                chunk,
            )
        })
        .collect();
    chunks.sort();
    let mut covered = 0;
    for (start, chunk) in &chunks {
        assert!(*start <= covered, "a gap before byte {start}");
        covered = covered.max(start + chunk.len());
    }
    assert_eq!(covered, log.len(), "every byte is in some map request");

    // Overlap as configured (10 %), sizes balanced.
    for pair in chunks.windows(2) {
        let ((a_start, a), (b_start, _)) = (&pair[0], &pair[1]);
        let overlap = a_start + a.len() - b_start;
        let share = overlap as f64 / a.len() as f64;
        assert!((0.05..=0.15).contains(&share), "overlap {share:.3}");
    }
    let sizes: Vec<usize> = chunks.iter().map(|(_, c)| c.len()).collect();
    let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(
        *max as f64 / *min as f64 <= 1.3,
        "unbalanced chunks {sizes:?}"
    );

    // No request over the context window (counted, answer room included).
    for req in &requests {
        let tokens = cl100k_tokens(&req.system_and_user_text());
        let room = req.body["max_tokens"].as_u64().unwrap() as usize;
        assert_eq!(room, ANSWER as usize);
        assert!(
            tokens + room <= CONTEXT as usize,
            "{tokens} + {room} tokens"
        );
    }
    // The maps really ran at once (default concurrency 4).
    assert!(
        (3..=4).contains(&server.peak_in_flight()),
        "peak {}",
        server.peak_in_flight()
    );

    // Accounting: one report entry per call, progress per call.
    assert_eq!(r.report.llm_calls.len(), requests.len());
    assert!(
        r.report
            .llm_calls
            .iter()
            .all(|c| c.input_tokens == 900 && c.error.is_none())
    );
    let progress = progress.lock().unwrap();
    assert_eq!(progress.len(), requests.len());
    assert_eq!(
        progress[maps.len() - 1].to_string(),
        format!("map {0}/{0} done", maps.len())
    );
    let stats = session.stats();
    assert_eq!(stats.llm_calls, requests.len() as u64);
    assert_eq!(stats.input_tokens, 900 * requests.len() as u64);
    assert_eq!(stats.strategies.get("full-chunked"), Some(&1));
}

#[tokio::test]
async fn map_answers_too_large_for_one_reduce_are_reduced_hierarchically() {
    // Every map answer is ~900 tokens: three of them overflow one reduce.
    let filler = "the chunk lists crate names and versions in order. ".repeat(90);
    let server = ScriptedServer::start(move |req| {
        let n = nonce(req);
        let text = if is_reduce(req) {
            "merged".to_string()
        } else {
            filler.clone()
        };
        Scripted::now(Reply::Json(openai_text(&final_report(&n, &text), 10, 10)))
    })
    .await;
    let runtime = llm_runtime("fc-hier", &server, "test-model", |_| {}).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "list the crates", Some(Mode::FullChunked))
        .await
        .unwrap();
    assert!(r.text.ends_with("\n\nmerged"), "{}", r.text);
    let requests = server.requests();
    let reduces: Vec<_> = requests.iter().filter(|r| is_reduce(r)).collect();
    assert!(reduces.len() >= 3, "{} reduce calls", reduces.len());
    // The last reduce merges earlier reduce answers, not map answers.
    assert!(last_user_text(reduces.last().unwrap()).starts_with("Synthesize"));
    for req in &requests {
        assert!(cl100k_tokens(&req.system_and_user_text()) + ANSWER as usize <= CONTEXT as usize);
    }
}

#[tokio::test]
async fn cancelling_stops_further_requests() {
    let server = ScriptedServer::start(chunk_model(Duration::from_millis(400))).await;
    let runtime = llm_runtime("fc-cancel", &server, "test-model", |c| c.concurrency = 2).await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    let token = CancellationToken::new();
    let canceller = token.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(600)).await;
        canceller.cancel();
    });
    let options = ExtractOptions::default()
        .mode(Mode::FullChunked)
        .cancel(token);
    let err = session
        .extract_with(&s.handle, "the error", &options)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Cancelled), "{err}");
    let at_cancel = server.request_count();
    assert!(at_cancel <= 4, "{at_cancel} requests before cancelling");
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        server.request_count(),
        at_cancel,
        "no request after cancelling"
    );
    // The session still works.
    let r = session
        .extract(&s.handle, "error", Some(Mode::Lexical))
        .await
        .unwrap();
    assert!(r.text.contains("error[E0433]"));
}

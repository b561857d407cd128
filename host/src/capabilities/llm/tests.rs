//! The `llm` import without HTTP: an in-process fake [`LlmEngine`] (as
//! Spin's `FakeLLM`) drives `complete` and `complete-batch`, so the
//! deadline, the batch's order and width, and progress are tested on their
//! own — and implementing [`LlmEngine`] outside this crate is shown to be
//! all an embedder needs to supply a model.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wasmtime::StoreLimits;

use crate::bindings::llm::Host;
use crate::bindings::types::LlmCallKind;
use crate::capabilities::HostState;
use crate::extraction::{CallControl, Progress};
use crate::llm::{
    BoxFuture, LlmEngine, LlmError, Message, ModelProfile, Request, Response, Role, ToolChoice,
    Usage,
};

/// Answers "answer to <prompt>" after the delay `delay` gives for the
/// prompt, or fails where `fail` says; counts calls and how many ran at
/// once.
struct FakeLlm {
    concurrency: u32,
    delay: fn(&str) -> Duration,
    fail: fn(&str) -> Option<LlmError>,
    calls: AtomicUsize,
    in_flight: AtomicUsize,
    most_in_flight: AtomicUsize,
}

impl FakeLlm {
    fn new(concurrency: u32, delay: fn(&str) -> Duration) -> Self {
        Self {
            concurrency,
            delay,
            fail: |_| None,
            calls: AtomicUsize::new(0),
            in_flight: AtomicUsize::new(0),
            most_in_flight: AtomicUsize::new(0),
        }
    }
}

impl LlmEngine for FakeLlm {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError> {
        Ok(ModelProfile {
            model: model.unwrap_or("fake").to_string(),
            context_window: 8192,
            max_output_tokens: 1024,
            tokenizer: "cl100k_base".into(),
            tokenizer_exact: true,
            concurrency: self.concurrency,
            manages_full_chunked: None,
            manages_read_grep: None,
        })
    }

    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>> {
        Box::pin(async move {
            self.calls.fetch_add(1, Ordering::SeqCst);
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_in_flight.fetch_max(now, Ordering::SeqCst);
            let prompt = req.messages[0].content.clone();
            tokio::time::sleep((self.delay)(&prompt)).await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            if let Some(err) = (self.fail)(&prompt) {
                return Err(err);
            }
            Ok(Response {
                text: format!("answer to {prompt}"),
                tool_calls: Vec::new(),
                usage: Usage {
                    input_tokens: 1,
                    output_tokens: 1,
                },
                model: "fake".into(),
                latency_ms: 0,
                truncated: false,
            })
        })
    }
}

fn request(prompt: &str, kind: LlmCallKind, chunk: Option<u32>) -> Request {
    Request {
        messages: vec![Message {
            role: Role::User,
            content: prompt.to_string(),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }],
        tools: Vec::new(),
        tool_choice: ToolChoice::None,
        max_output_tokens: 100,
        model: None,
        kind,
        chunk,
    }
}

/// A store's state around `llm`, with every progress report recorded.
fn state(llm: Arc<FakeLlm>, deadline: Option<Instant>) -> (HostState, Arc<Mutex<Vec<Progress>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    // A session directory the llm import never touches.
    let scratch = std::env::temp_dir().join(format!("tool-output-llm-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&scratch).unwrap();
    let dir = cap_std::fs::Dir::open_ambient_dir(&scratch, cap_std::ambient_authority()).unwrap();
    let session = crate::capabilities::session_fs::SessionDir::new(dir, None).unwrap();
    let mut state = HostState::new(session, llm, StoreLimits::default());
    let sink = seen.clone();
    state.control = CallControl {
        deadline,
        progress: Some(Arc::new(move |p: &Progress| {
            sink.lock().unwrap().push(p.clone())
        })),
        turns: 0,
    };
    (state, seen)
}

fn text(result: &Result<Response, LlmError>) -> String {
    match result {
        Ok(response) => response.text.clone(),
        Err(err) => format!("error: {err:?}"),
    }
}

#[tokio::test]
async fn a_batch_answers_in_request_order_though_later_requests_finish_first() {
    // The first request is the slowest: completion order is the reverse.
    let llm = Arc::new(FakeLlm::new(4, |prompt| match prompt {
        "a" => Duration::from_millis(300),
        "b" => Duration::from_millis(150),
        _ => Duration::ZERO,
    }));
    let (mut state, seen) = state(llm.clone(), None);
    let reqs = ["a", "b", "c"]
        .iter()
        .enumerate()
        .map(|(i, p)| request(p, LlmCallKind::Map, Some(i as u32)))
        .collect();
    let results = state.complete_batch(reqs).await;
    let texts: Vec<String> = results.iter().map(text).collect();
    assert_eq!(texts, ["answer to a", "answer to b", "answer to c"]);
    // Progress follows completion: chunk 2 first, each "done of 3".
    let seen = seen.lock().unwrap();
    let order: Vec<(Option<u32>, u32, u32)> =
        seen.iter().map(|p| (p.chunk, p.done, p.total)).collect();
    assert_eq!(order, [(Some(2), 1, 3), (Some(1), 2, 3), (Some(0), 3, 3)]);
    assert!(
        seen.iter()
            .all(|p| p.kind == LlmCallKind::Map && p.error.is_none())
    );
    assert_eq!(seen[0].to_string(), "map 1/3 done");
}

#[tokio::test]
async fn a_batch_runs_at_most_the_models_concurrency_at_once() {
    let llm = Arc::new(FakeLlm::new(2, |_| Duration::from_millis(20)));
    let (mut state, seen) = state(llm.clone(), None);
    let reqs = (0..6)
        .map(|i| request(&i.to_string(), LlmCallKind::Map, Some(i)))
        .collect();
    let results = state.complete_batch(reqs).await;
    assert_eq!(results.len(), 6);
    assert!(results.iter().all(Result::is_ok));
    assert_eq!(llm.calls.load(Ordering::SeqCst), 6);
    assert_eq!(llm.most_in_flight.load(Ordering::SeqCst), 2);
    assert_eq!(seen.lock().unwrap().len(), 6);
}

#[tokio::test]
async fn a_batch_of_nothing_calls_nothing_and_reports_nothing() {
    let llm = Arc::new(FakeLlm::new(2, |_| Duration::ZERO));
    let (mut state, seen) = state(llm.clone(), None);
    assert!(state.complete_batch(Vec::new()).await.is_empty());
    assert_eq!(llm.calls.load(Ordering::SeqCst), 0);
    assert!(seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_call_still_running_at_the_deadline_fails_as_timed_out_and_says_so() {
    let llm = Arc::new(FakeLlm::new(1, |_| Duration::from_secs(600)));
    let deadline = Instant::now() + Duration::from_millis(50);
    let (mut state, seen) = state(llm.clone(), Some(deadline));
    let result = state
        .complete(request("slow", LlmCallKind::Reduce, None))
        .await;
    assert!(matches!(result, Err(LlmError::Timeout)), "{result:?}");
    assert_eq!(llm.calls.load(Ordering::SeqCst), 1);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].error.as_deref(), Some("timed out"));
    assert_eq!(seen[0].to_string(), "reduce 1/1 done (failed: timed out)");
}

#[tokio::test]
async fn past_the_deadline_no_request_reaches_the_engine() {
    let llm = Arc::new(FakeLlm::new(3, |_| Duration::ZERO));
    let past = Instant::now() - Duration::from_millis(1);
    let (mut state, seen) = state(llm.clone(), Some(past));
    let reqs = (0..3)
        .map(|i| request("x", LlmCallKind::Map, Some(i)))
        .collect();
    let results = state.complete_batch(reqs).await;
    assert!(results.iter().all(|r| matches!(r, Err(LlmError::Timeout))));
    assert_eq!(llm.calls.load(Ordering::SeqCst), 0);
    assert_eq!(seen.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn within_the_deadline_answers_come_back_untouched() {
    let llm = Arc::new(FakeLlm::new(1, |_| Duration::ZERO));
    let deadline = Instant::now() + Duration::from_secs(600);
    let (mut state, _) = state(llm, Some(deadline));
    let result = state
        .complete(request("quick", LlmCallKind::Reduce, None))
        .await;
    assert_eq!(text(&result), "answer to quick");
}

#[tokio::test]
async fn an_engine_error_reaches_the_guest_and_progress_describes_it() {
    let mut fake = FakeLlm::new(2, |_| Duration::ZERO);
    fake.fail = |prompt| (prompt == "bad").then(|| LlmError::BadRequest("too long".into()));
    let (mut state, seen) = state(Arc::new(fake), None);
    let reqs = vec![
        request("good", LlmCallKind::Map, Some(0)),
        request("bad", LlmCallKind::Map, Some(1)),
    ];
    let results = state.complete_batch(reqs).await;
    assert_eq!(text(&results[0]), "answer to good");
    assert!(matches!(&results[1], Err(LlmError::BadRequest(m)) if m == "too long"));
    let seen = seen.lock().unwrap();
    let failed: Vec<_> = seen.iter().filter_map(|p| p.error.clone()).collect();
    assert_eq!(failed, ["request refused: too long"]);
}

#[tokio::test]
async fn sub_agent_turns_are_counted_across_calls() {
    let llm = Arc::new(FakeLlm::new(1, |_| Duration::ZERO));
    let (mut state, seen) = state(llm, None);
    for _ in 0..3 {
        let result = state
            .complete(request("turn", LlmCallKind::SubAgentTurn, None))
            .await;
        assert!(result.is_ok());
    }
    let said: Vec<String> = seen.lock().unwrap().iter().map(|p| p.to_string()).collect();
    assert_eq!(
        said,
        [
            "sub-agent turn 1 done",
            "sub-agent turn 2 done",
            "sub-agent turn 3 done"
        ]
    );
}

#[tokio::test]
async fn model_info_is_the_engines() {
    let llm = Arc::new(FakeLlm::new(5, |_| Duration::ZERO));
    let (mut state, _) = state(llm, None);
    let profile = state.model_info(Some("m".into())).await.unwrap();
    assert_eq!((profile.model.as_str(), profile.concurrency), ("m", 5));
}

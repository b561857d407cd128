//! The fallback chain and routing of `extract`, natively, against a fake
//! model: which strategies run after which failure, and what the answer
//! and report say.

use std::cell::{Cell, RefCell};

use crate::bindings::llm_import::{LlmError, ModelProfile, Request, Response, Usage};
use crate::bindings::types::{
    CallInfo, ExtractRequest, ExtractResult, FailureKind, Mode, StoreOutcome, StorePolicy,
};
use crate::llm::Llm;
use crate::storage::MemStorage;

/// How the fake model behaves.
enum Behaviour {
    /// Every call fails with this error.
    Fails(LlmError),
    /// Answers in prose: never the final report, never a tool call.
    Prose,
    /// Answers every call with the final report.
    Follows,
}

struct Fake {
    profile: Result<ModelProfile, LlmError>,
    behaviour: Behaviour,
    /// Map calls (no tools offered) and sub-agent turns made.
    maps: Cell<usize>,
    turns: Cell<usize>,
    nonce: RefCell<String>,
}

fn profile(full_chunked: Option<bool>, read_grep: Option<bool>) -> ModelProfile {
    ModelProfile {
        model: "fake".into(),
        context_window: 16000,
        max_output_tokens: 500,
        tokenizer: "cl100k_base".into(),
        tokenizer_exact: true,
        concurrency: 1,
        manages_full_chunked: full_chunked,
        manages_read_grep: read_grep,
    }
}

impl Fake {
    fn new(behaviour: Behaviour) -> Self {
        Self::with(Ok(profile(None, None)), behaviour)
    }

    fn with(profile: Result<ModelProfile, LlmError>, behaviour: Behaviour) -> Self {
        Fake {
            profile,
            behaviour,
            maps: Cell::new(0),
            turns: Cell::new(0),
            nonce: RefCell::new(String::new()),
        }
    }
}

impl Llm for Fake {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        self.profile.clone()
    }

    fn complete(&self, req: &Request) -> Result<Response, LlmError> {
        let counter = if req.tools.is_empty() {
            &self.maps
        } else {
            &self.turns
        };
        counter.set(counter.get() + 1);
        let system = &req.messages[0].content;
        let start = system.find("<ai-agent-").expect("the wrapper is named") + 10;
        *self.nonce.borrow_mut() = system[start..start + 16].to_string();
        let text = match &self.behaviour {
            Behaviour::Fails(err) => return Err(err.clone()),
            Behaviour::Prose => "The build failed somewhere.".to_string(),
            Behaviour::Follows => format!(
                "<ai-agent-{}-FINAL format=\"text\">the tokio error",
                self.nonce.borrow()
            ),
        };
        Ok(Response {
            text,
            tool_calls: Vec::new(),
            usage: Usage {
                input_tokens: 1,
                output_tokens: 1,
            },
            model: "fake".into(),
            latency_ms: 1,
            truncated: false,
        })
    }

    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
        reqs.iter().map(|r| self.complete(r)).collect()
    }
}

fn extract(llm: &Fake, mode: Option<Mode>) -> ExtractResult {
    let st = MemStorage::new();
    let log: String = (0..400)
        .map(|i| match i {
            200 => "error[E0433]: failed to resolve: use of undeclared crate `tokio`\n".to_string(),
            _ => format!("   Compiling crate-{i} v0.1.0\n"),
        })
        .collect();
    let call = CallInfo {
        tool: "cargo".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = StorePolicy {
        max_inline_bytes: 1000,
        ..crate::default_policy()
    };
    let StoreOutcome::Stored(stored) =
        crate::store::store(&st, call, log.as_bytes(), policy).unwrap()
    else {
        panic!("stored")
    };
    super::extract(
        &st,
        llm,
        ExtractRequest {
            handle: stored.handle,
            extract: "the tokio error".into(),
            mode,
            max_bytes: None,
            max_chunks: None,
            max_llm_calls: None,
            overlap_percent: None,
        },
    )
}

fn steps(r: &ExtractResult) -> Vec<(Mode, Mode, FailureKind)> {
    r.report
        .fallbacks
        .iter()
        .map(|f| (f.from, f.to, f.kind))
        .collect()
}

fn warning(r: &ExtractResult) -> &str {
    r.text.split_once("\n\n").unwrap().1.lines().next().unwrap()
}

#[test]
fn a_model_that_is_down_goes_straight_to_lexical() {
    for mode in [Mode::FullChunked, Mode::ReadGrep] {
        let fake = Fake::new(Behaviour::Fails(LlmError::Unavailable(
            "error sending request: connection refused".into(),
        )));
        let r = extract(&fake, Some(mode));
        assert_eq!(r.report.used, Mode::Lexical);
        assert_eq!(steps(&r), [(mode, Mode::Lexical, FailureKind::Model)]);
        assert_eq!(
            fake.maps.get() + fake.turns.get(),
            1,
            "one call, no other strategy"
        );
        let what = match mode {
            Mode::FullChunked => "the map call for chunk 1",
            _ => "sub-agent turn 1",
        };
        assert_eq!(
            warning(&r),
            format!(
                "WARNING: tool_output fallback to lexical ({what} failed: the LLM is \
                 unavailable: error sending request: connection refused)."
            )
        );
        assert!(r.text.contains("201: error[E0433]"), "{}", r.text);
    }
}

#[test]
fn no_model_configured_is_one_step_to_lexical() {
    let fake = Fake::with(Err(LlmError::NotConfigured), Behaviour::Follows);
    let r = extract(&fake, Some(Mode::ReadGrep));
    assert_eq!(
        steps(&r),
        [(Mode::ReadGrep, Mode::Lexical, FailureKind::Model)]
    );
    assert_eq!(
        warning(&r),
        "WARNING: tool_output fallback to lexical (no LLM is configured)."
    );
    let r = extract(&fake, None);
    assert_eq!(
        (r.report.used, r.report.fallbacks.len()),
        (Mode::Lexical, 0)
    );
}

#[test]
fn a_strategy_failure_still_tries_the_other_llm_strategy() {
    let fake = Fake::new(Behaviour::Prose);
    let r = extract(&fake, Some(Mode::FullChunked));
    assert_eq!(
        steps(&r),
        [
            (Mode::FullChunked, Mode::ReadGrep, FailureKind::Strategy),
            (Mode::ReadGrep, Mode::Lexical, FailureKind::Strategy),
        ]
    );
    assert_eq!((fake.maps.get(), fake.turns.get()), (1, 2));
    // A refused request is about that request: the other strategy runs.
    let fake = Fake::new(Behaviour::Fails(LlmError::BadRequest("too long".into())));
    let r = extract(&fake, Some(Mode::ReadGrep));
    assert_eq!(
        steps(&r)[0],
        (Mode::ReadGrep, Mode::FullChunked, FailureKind::Strategy)
    );
    assert_eq!((fake.turns.get(), fake.maps.get()), (1, 1));
}

#[test]
fn auto_passes_over_what_the_model_is_known_not_to_manage() {
    // The output fits one chunk: auto prefers full-chunked.
    let fake = Fake::new(Behaviour::Follows);
    assert_eq!(extract(&fake, None).report.used, Mode::FullChunked);

    let fake = Fake::with(Ok(profile(Some(false), None)), Behaviour::Follows);
    let r = extract(&fake, None);
    assert_eq!(r.report.used, Mode::ReadGrep, "{}", r.text);
    assert!(r.report.fallbacks.is_empty(), "routing is not a fallback");
    assert_eq!(fake.maps.get(), 0);

    let fake = Fake::with(Ok(profile(Some(false), Some(false))), Behaviour::Follows);
    let r = extract(&fake, None);
    assert_eq!(
        (r.report.used, r.report.fallbacks.len()),
        (Mode::Lexical, 0)
    );
    assert_eq!(fake.maps.get() + fake.turns.get(), 0, "no LLM call at all");
    assert!(!r.text.contains("WARNING"), "{}", r.text);
}

#[test]
fn an_explicit_mode_runs_and_its_chain_skips_what_is_known_to_fail() {
    let fake = Fake::with(Ok(profile(Some(false), Some(false))), Behaviour::Prose);
    let r = extract(&fake, Some(Mode::FullChunked));
    assert_eq!(
        steps(&r),
        [(Mode::FullChunked, Mode::Lexical, FailureKind::Strategy)]
    );
    assert_eq!((fake.maps.get(), fake.turns.get()), (1, 0));
}

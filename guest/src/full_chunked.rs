//! `full-chunked`: map every chunk of the view concurrently (one
//! `complete-batch`), then reduce — hierarchically when the map answers do
//! not fit one reduce call. One chunk needs no reduce.

use crate::bindings::llm_import::{Message, ModelProfile, Request, Role, ToolChoice};
use crate::bindings::types::{LlmCallKind, LlmCallReport};
use crate::chunk::{self, PlanError};
use crate::llm::{self, Failure, FailureKind, Job, Llm, Response};
use crate::prompts;
use crate::report::{self, FinalReport};
use crate::tokens::Encoding;

/// Run it: the final report text, every call recorded in `calls`.
pub fn run(
    text: &str,
    llm: &dyn Llm,
    profile: &ModelProfile,
    job: &Job,
    calls: &mut Vec<LlmCallReport>,
) -> Result<FinalReport, Failure> {
    let encoding = encoding(profile);
    let count = |s: &str| encoding.count(s) as usize;
    let budget = chunk_budget(profile, job)?;
    // Calls made before this strategy ran (job.max_calls is what is left).
    let base = calls.len();
    // One call per chunk, plus at least one reduce when there is more than one.
    let chunks = chunk::plan(
        text,
        budget,
        job.overlap_percent,
        job.max_calls.saturating_sub(1).max(1),
        &count,
    )
    .map_err(|e| match e {
        PlanError::BudgetTooSmall => {
            Failure::strategy("the chunk budget is too small for this document")
        }
        PlanError::TooManyChunks { needed } => Failure::strategy(format!(
            "the output needs {needed} chunks, over the {} LLM calls allowed per extraction",
            job.max_calls
        )),
    })?;
    if chunks.is_empty() {
        return Ok(FinalReport {
            text: "NO RELEVANT DATA FOUND\nThe stored output is empty.".into(),
            no_relevant_data: true,
        });
    }
    let total = chunks.len();
    let requests: Vec<Request> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let system = prompts::map_system(
                &job.source,
                &job.stats,
                i,
                total,
                job.overlap_percent,
                job.extract,
                job.nonce,
            );
            request(
                system,
                text[c.range.clone()].to_string(),
                profile,
                LlmCallKind::Map,
                Some(i as u32),
            )
        })
        .collect();
    let answers = llm.complete_batch(&requests);
    let mut outputs = take_reports(answers, LlmCallKind::Map, job.nonce, calls)?;
    if outputs.len() == 1 {
        return Ok(outputs.pop().expect("one"));
    }
    reduce(outputs, llm, profile, job, &count, base, calls)
}

fn encoding(profile: &ModelProfile) -> Encoding {
    Encoding::from_name(&profile.tokenizer).unwrap_or(Encoding::Cl100k)
}

/// Tokens one chunk may take: the context window less the answer, the
/// actual map prompt (extract text included) and, when the tokenizer is not
/// the model's own, a safety margin.
pub fn chunk_budget(profile: &ModelProfile, job: &Job) -> Result<usize, Failure> {
    let margin = if profile.tokenizer_exact { 0.03 } else { 0.15 };
    let window = profile.context_window as usize;
    let answer_room = profile.max_output_tokens as usize;
    // The largest map prompt (widest numbers), counted for real.
    let prompt = prompts::map_system(
        &job.source,
        &job.stats,
        9999,
        9999,
        job.overlap_percent,
        job.extract,
        job.nonce,
    );
    let overhead = encoding(profile).count(&prompt) as usize + 16; // message framing
    window
        .checked_sub(answer_room + overhead)
        .map(|b| (b as f64 * (1.0 - margin)) as usize)
        .filter(|&b| b > 0)
        .ok_or_else(|| Failure::strategy(format!(
            "the model's context window ({window} tokens) leaves no room for a chunk after the prompt ({overhead}) and the answer ({answer_room})"
        )))
}

/// Reduce map answers into one, in as many levels as the context needs.
fn reduce(
    mut outputs: Vec<FinalReport>,
    llm: &dyn Llm,
    profile: &ModelProfile,
    job: &Job,
    count: &dyn Fn(&str) -> usize,
    base: usize,
    calls: &mut Vec<LlmCallReport>,
) -> Result<FinalReport, Failure> {
    let room =
        (profile.context_window as usize).saturating_sub(profile.max_output_tokens as usize + 64);
    loop {
        // Greedy groups of consecutive answers whose reduce prompt fits.
        let mut groups: Vec<Vec<String>> = vec![Vec::new()];
        for out in outputs.drain(..) {
            let group = groups.last_mut().expect("non-empty");
            group.push(out.text);
            let prompt = prompts::reduce_system(&job.source, job.extract, group, job.nonce);
            if count(&prompt) > room && group.len() > 1 {
                let moved = group.pop().expect("pushed");
                groups.push(vec![moved]);
            }
        }
        if calls.len() - base + groups.len() > job.max_calls {
            return Err(Failure::strategy(format!(
                "reducing needs {} more LLM calls, over the {} allowed per extraction",
                groups.len(),
                job.max_calls
            )));
        }
        let requests: Vec<Request> = groups
            .iter()
            .map(|g| {
                let system = prompts::reduce_system(&job.source, job.extract, g, job.nonce);
                request(
                    system,
                    "Synthesize the chunk outputs above into the final answer.".into(),
                    profile,
                    LlmCallKind::Reduce,
                    None,
                )
            })
            .collect();
        let answers = llm.complete_batch(&requests);
        outputs = take_reports(answers, LlmCallKind::Reduce, job.nonce, calls)?;
        if outputs.len() == 1 {
            return Ok(outputs.pop().expect("one"));
        }
    }
}

fn request(
    system: String,
    user: String,
    profile: &ModelProfile,
    kind: LlmCallKind,
    chunk: Option<u32>,
) -> Request {
    let message = |role, content| Message {
        role,
        content,
        tool_calls: Vec::new(),
        tool_call_id: None,
    };
    Request {
        messages: vec![message(Role::System, system), message(Role::User, user)],
        tools: Vec::new(),
        tool_choice: ToolChoice::Auto,
        max_output_tokens: profile.max_output_tokens,
        // The host's extraction model (and its failover list).
        model: None,
        kind,
        chunk,
    }
}

/// Record every call of a batch and parse their final reports. Any failure
/// fails the strategy; a failure of the model wins over a strategy failure
/// of an earlier chunk, so the chain does not try the other LLM strategy on
/// a model that is down.
fn take_reports(
    answers: Vec<Result<Response, llm::LlmError>>,
    kind: LlmCallKind,
    nonce: &str,
    calls: &mut Vec<LlmCallReport>,
) -> Result<Vec<FinalReport>, Failure> {
    let mut reports = Vec::with_capacity(answers.len());
    let mut failure: Option<Failure> = None;
    for (i, answer) in answers.into_iter().enumerate() {
        let chunk = (kind == LlmCallKind::Map).then_some(i as u32);
        match take_report(answer, kind, chunk, nonce, calls) {
            Ok(report) => reports.push(report),
            Err(f) => {
                let outranks = failure.as_ref().is_some_and(|first| {
                    first.kind == FailureKind::Strategy && f.kind == FailureKind::Model
                });
                if failure.is_none() || outranks {
                    failure = Some(f);
                }
            }
        }
    }
    failure.map_or(Ok(reports), Err)
}

/// Record the call and parse its final report.
fn take_report(
    answer: Result<Response, llm::LlmError>,
    kind: LlmCallKind,
    chunk: Option<u32>,
    nonce: &str,
    calls: &mut Vec<LlmCallReport>,
) -> Result<FinalReport, Failure> {
    let what = match (kind, chunk) {
        (LlmCallKind::Map, Some(i)) => format!("map call for chunk {}", i + 1),
        _ => "reduce call".to_string(),
    };
    match answer {
        Ok(resp) => {
            let parsed = report::parse(&llm::answer_text(&resp), nonce).map_err(|e| match e {
                report::ReportError::Missing => {
                    format!("the {what} answered without the final-report wrapper")
                }
                report::ReportError::Empty => format!("the {what} returned an empty final report"),
            });
            calls.push(LlmCallReport {
                kind,
                chunk,
                input_tokens: resp.usage.input_tokens,
                output_tokens: resp.usage.output_tokens,
                latency_ms: resp.latency_ms,
                error: parsed.as_ref().err().cloned(),
            });
            parsed.map_err(Failure::strategy)
        }
        Err(err) => {
            calls.push(LlmCallReport {
                kind,
                chunk,
                input_tokens: 0,
                output_tokens: 0,
                latency_ms: 0,
                error: Some(err.message()),
            });
            Err(Failure::call(&format!("the {what}"), &err))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::bindings::llm_import::{LlmError, Usage};
    use crate::prompts::{DocStats, Source};

    const NONCE: &str = "0123456789abcdef";

    /// Answers map calls with the chunk's ERROR lines, reduce calls with
    /// the union of the non-empty chunk answers; records every request.
    struct Fake {
        seen: RefCell<Vec<Request>>,
        /// Map calls from this one on (0-based) fail as unavailable.
        fail_maps_from: Option<usize>,
        no_tag: bool,
    }

    impl Fake {
        fn new() -> Self {
            Fake {
                seen: RefCell::new(Vec::new()),
                fail_maps_from: None,
                no_tag: false,
            }
        }
    }

    fn profile() -> ModelProfile {
        ModelProfile {
            model: "fake".into(),
            context_window: 3000,
            max_output_tokens: 300,
            tokenizer: "cl100k_base".into(),
            tokenizer_exact: true,
            concurrency: 4,
            manages_full_chunked: None,
            manages_read_grep: None,
        }
    }

    impl Llm for Fake {
        fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
            Ok(profile())
        }
        fn complete(&self, req: &Request) -> Result<Response, LlmError> {
            self.seen.borrow_mut().push(req.clone());
            let system = &req.messages[0].content;
            let body = if system.contains("from a document chunk") {
                let maps = self.seen.borrow().len() - 1;
                if self.fail_maps_from.is_some_and(|n| maps >= n) {
                    return Err(LlmError::Unavailable("503".into()));
                }
                let hits: Vec<&str> = req.messages[1]
                    .content
                    .lines()
                    .filter(|l| l.contains("ERROR"))
                    .collect();
                if hits.is_empty() {
                    "NO RELEVANT DATA FOUND\nonly info lines".to_string()
                } else {
                    hits.join("\n")
                }
            } else {
                let mut found: Vec<&str> = system.lines().filter(|l| l.contains("ERROR")).collect();
                found.dedup();
                found.join("\n")
            };
            let text = if self.no_tag {
                body
            } else {
                format!("<ai-agent-{NONCE}-FINAL format=\"text\">\n{body}\n")
            };
            Ok(Response {
                text,
                tool_calls: Vec::new(),
                usage: Usage {
                    input_tokens: 10,
                    output_tokens: 5,
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

    fn job<'a>(max_calls: usize) -> Job<'a> {
        Job {
            source: Source {
                tool: "bash",
                args: "{}",
            },
            stats: DocStats {
                bytes: 0,
                lines: 0,
                tokens: 0,
            },
            extract: "every ERROR line",
            nonce: NONCE,
            overlap_percent: 10,
            max_calls,
        }
    }

    fn log(lines: usize) -> String {
        (0..lines)
            .map(|i| {
                if i % 997 == 500 {
                    format!("ERROR disk {i} failed\n")
                } else {
                    format!("info request {i} ok\n")
                }
            })
            .collect()
    }

    #[test]
    fn maps_every_byte_within_budget_then_reduces() {
        let text = log(6000);
        let fake = Fake::new();
        let mut calls = Vec::new();
        let report = run(&text, &fake, &profile(), &job(64), &mut calls).unwrap();
        for i in (0..6000).filter(|i| i % 997 == 500) {
            assert!(
                report.text.contains(&format!("ERROR disk {i} failed")),
                "{}",
                report.text
            );
        }
        let seen = fake.seen.borrow();
        let maps: Vec<&Request> = seen
            .iter()
            .filter(|r| r.messages[0].content.contains("document chunk"))
            .collect();
        assert!(maps.len() > 3, "{} chunks", maps.len());
        // Every line of the document is in some map request.
        for line in text.lines() {
            assert!(
                maps.iter().any(|r| r.messages[1].content.contains(line)),
                "{line} was never sent"
            );
        }
        // No request exceeds the context window with its answer.
        for r in seen.iter() {
            let tokens: u64 = r
                .messages
                .iter()
                .map(|m| Encoding::Cl100k.count(&m.content))
                .sum();
            assert!(tokens + 300 <= 3000, "{tokens} tokens");
        }
        let map_calls = calls.iter().filter(|c| c.kind == LlmCallKind::Map).count();
        assert_eq!(map_calls, maps.len());
        assert!(calls.iter().any(|c| c.kind == LlmCallKind::Reduce));
    }

    #[test]
    fn one_chunk_needs_no_reduce() {
        let fake = Fake::new();
        let mut calls = Vec::new();
        let text = log(300) + "ERROR disk 9 failed\n";
        let report = run(&text, &fake, &profile(), &job(64), &mut calls).unwrap();
        assert_eq!(calls.len(), 1);
        assert_eq!(report.text, "ERROR disk 9 failed");
    }

    #[test]
    fn every_call_of_a_batch_is_recorded_and_a_model_failure_wins() {
        // Chunk 1 answers without the wrapper (a strategy failure), later
        // chunks meet a model that is down: the model failure decides.
        let mut fake = Fake::new();
        fake.no_tag = true;
        fake.fail_maps_from = Some(1);
        let mut calls = Vec::new();
        let err = run(&log(6000), &fake, &profile(), &job(64), &mut calls).unwrap_err();
        assert_eq!(err.kind, FailureKind::Model);
        assert_eq!(
            err.reason,
            "the map call for chunk 2 failed: the LLM is unavailable: 503"
        );
        let maps = fake.seen.borrow().len();
        assert!(maps > 3);
        assert_eq!(calls.len(), maps, "every call made is in the report");
        assert_eq!(
            calls[0].error.as_deref(),
            Some("the map call for chunk 1 answered without the final-report wrapper")
        );
    }

    #[test]
    fn failures_are_reported_for_the_fallback() {
        let mut fake = Fake::new();
        fake.fail_maps_from = Some(0);
        let err = run(&log(6000), &fake, &profile(), &job(64), &mut Vec::new()).unwrap_err();
        assert!(
            err.reason.contains("failed: the LLM is unavailable: 503"),
            "{}",
            err.reason
        );
        let mut fake = Fake::new();
        fake.no_tag = true;
        let err = run(&log(300), &fake, &profile(), &job(64), &mut Vec::new()).unwrap_err();
        assert!(
            err.reason.contains("without the final-report wrapper"),
            "{}",
            err.reason
        );
        let err = run(
            &log(6000),
            &Fake::new(),
            &profile(),
            &job(3),
            &mut Vec::new(),
        )
        .unwrap_err();
        assert!(err.reason.contains("LLM calls allowed"), "{}", err.reason);
    }
}

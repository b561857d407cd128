//! `full-chunked`: map every chunk of the view concurrently (one
//! `complete-batch`), then reduce — hierarchically when the map answers do
//! not fit one reduce call. One chunk needs no reduce. Chunks are cut at
//! record starts where they can (a chunk does not split a commit).

pub mod chunk;

use crate::bindings::llm_import::{Message, ModelProfile, Request, Role, ToolChoice};
use crate::bindings::types::{LlmCallKind, LlmCallReport};
use crate::doc::Doc;
use crate::llm::{self, Failure, FailureKind, Job, Llm, Response};
use crate::prompts;
use crate::report::{self, FinalReport};
use crate::strategy::{Strategy, Task};
use crate::tokens::Encoding;
use crate::view::detect::records::RecordCursor;
use chunk::PlanError;

/// `full-chunked` over the whole view.
pub struct FullChunked;

impl Strategy for FullChunked {
    fn needs_llm(&self) -> bool {
        true
    }

    fn answer(&self, task: &Task, calls: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        let (doc, job, profile) = (task.doc, &task.job, task.profile()?);
        // A cheap bound before reading the view into memory: even at 8 bytes a
        // token it would need more calls than allowed.
        let most = job.max_calls as u64 * u64::from(profile.context_window) * 8;
        if doc.view_bytes() > most {
            return Err(Failure::strategy(format!(
                "the output is too large for full-chunked within {} LLM calls",
                job.max_calls
            )));
        }
        let raw = doc
            .read_bytes(0, doc.view_bytes())
            .map_err(|e| Failure::strategy(e.message().to_string()))?;
        let text = String::from_utf8_lossy(&raw);
        let records = record_starts(&text, doc);
        run_in_records(&text, &records, task.llm, profile, job, calls).map(|report| report.text)
    }
}

/// Byte offsets of the view's record starts (none when it has no records).
fn record_starts(text: &str, doc: &Doc) -> Vec<usize> {
    let Some(rule) = &doc.meta.records else {
        return Vec::new();
    };
    let mut cursor = RecordCursor::new(rule);
    let mut offset = 0;
    let mut starts = Vec::new();
    for line in text.split_inclusive('\n') {
        if cursor.starts(line.trim_end_matches('\n')) {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

/// Run it: the final report text, every call recorded in `calls`.
pub fn run(
    text: &str,
    llm: &dyn Llm,
    profile: &ModelProfile,
    job: &Job,
    calls: &mut Vec<LlmCallReport>,
) -> Result<FinalReport, Failure> {
    run_in_records(text, &[], llm, profile, job, calls)
}

/// [`run`] over a text made of records starting at `records` (byte
/// offsets): chunks are cut at record starts where they can.
pub fn run_in_records(
    text: &str,
    records: &[usize],
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
    let chunks = chunk::plan_in_records(
        text,
        records,
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
mod tests;

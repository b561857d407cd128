//! `tool_output(handle, extract, mode)`: routing, strategies, fallback, and
//! the exact answer format.
//!
//! Failure policy (one rule): the FAILED form only for bad input (malformed
//! or unknown handle, empty extract) or when not even `truncate` can read the
//! output. Any other failure falls down the chain
//! chosen → other LLM strategy → lexical → truncate, and the body's first
//! line says so. When the model itself failed ([`crate::llm::failure_kind`]:
//! down, unreachable, refused the key, …) the other LLM strategy is skipped:
//! it would meet the same endpoint. A strategy the model is known not to
//! manage (`model-profile`, from `tool-output doctor`) is not routed to and
//! not fallen back to.

use crate::DEFAULT_MAX_INLINE_BYTES;
use crate::bindings::types::{ExtractReport, ExtractRequest, ExtractResult, Fallback, Mode};
use crate::doc::Doc;
use crate::llm::{Failure, FailureKind, Job, Llm, ModelProfile};
use crate::storage::Storage;
use crate::store::now_ms;
use crate::strategy::{self, Task};

/// LLM calls one extraction may make (map, reduce, sub-agent turns).
pub const MAX_LLM_CALLS: usize = 64;
/// Chunks overlap by this share of their size.
pub const DEFAULT_OVERLAP_PERCENT: u32 = 10;
/// Chunks `auto` may send to full-chunked: one pass, no reduce (seed 000).
pub const DEFAULT_MAX_CHUNKS: usize = 1;

/// The request's limits with defaults applied.
#[derive(Debug, Clone, Copy)]
struct Limits {
    max_chunks: usize,
    max_calls: usize,
    overlap_percent: u32,
}

impl Limits {
    fn of(req: &ExtractRequest) -> Self {
        Self {
            max_chunks: req.max_chunks.map_or(DEFAULT_MAX_CHUNKS, |n| n as usize),
            max_calls: req.max_llm_calls.map_or(MAX_LLM_CALLS, |n| n as usize),
            overlap_percent: req
                .overlap_percent
                .unwrap_or(DEFAULT_OVERLAP_PERCENT)
                .min(crate::strategy::full_chunked::chunk::MAX_OVERLAP_PERCENT),
        }
    }
}

pub fn extract(st: &dyn Storage, llm: &dyn Llm, req: ExtractRequest) -> ExtractResult {
    let started = now_ms();
    let requested = req.mode.unwrap_or(Mode::Auto);
    let max_bytes = req.max_bytes.unwrap_or(DEFAULT_MAX_INLINE_BYTES) as usize;
    let mut report = ExtractReport {
        requested,
        used: requested,
        fallbacks: Vec::new(),
        llm_calls: Vec::new(),
        wall_ms: 0,
        source_bytes: 0,
        answer_bytes: 0,
    };

    let doc = match Doc::open(st, &req.handle) {
        Ok(doc) => doc,
        Err(err) => {
            let message = err.message().to_string();
            let handle = crate::display::shown(&req.handle, 80);
            return finish(
                report,
                started,
                true,
                failed("unknown", &handle, requested, &message),
            );
        }
    };
    report.source_bytes = doc.meta.stats.bytes;
    let tool = doc.meta.tool.clone(); // shown form: see `display`
    let handle = doc.handle.to_string();
    if req.extract.trim().is_empty() {
        let text = failed(
            &tool,
            &handle,
            requested,
            "the `extract` argument is empty: say precisely what you need from the output",
        );
        return finish(report, started, true, text);
    }

    let limits = Limits::of(&req);
    // One nonce per extraction: every strategy's answers must carry it.
    let nonce = fresh_nonce();
    let llm_ready = llm.model_info(None);
    let profile = llm_ready.as_ref().ok();
    let first = route(requested, profile, &doc, &req.extract, &nonce, limits);
    let mut chain = fallback_chain(first, profile);
    let mut reasons: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&mode) = chain.get(i) {
        let calls = &mut report.llm_calls;
        let job = job(&doc, &req.extract, &nonce, limits, calls.len());
        let task = Task {
            doc: &doc,
            extract: &req.extract,
            budget: budget(max_bytes, &tool, &handle, mode, &reasons),
            llm,
            model: &llm_ready,
            job,
            max_calls: limits.max_calls,
        };
        let attempt = strategy::attempt(mode, &task, calls);
        match attempt {
            Ok(body) => {
                report.used = mode;
                let text = abstract_text(&tool, &handle, mode, &reasons, &body);
                return finish(report, started, false, text);
            }
            Err(Failure { kind, reason }) => {
                // The stored files are corrupt: no strategy is to answer
                // from them (one reading around the bad part would).
                if let Some(why) = doc.corruption() {
                    report.used = mode;
                    let text = failed(&tool, &handle, mode, &why);
                    return finish(report, started, true, text);
                }
                if kind == FailureKind::Model {
                    // No other LLM strategy: the model is down for it too.
                    let rest = chain.split_off(i + 1);
                    chain.extend(rest.into_iter().filter(|&m| !is_llm(m)));
                }
                if let Some(&next) = chain.get(i + 1) {
                    report.fallbacks.push(Fallback {
                        from: mode,
                        to: next,
                        reason: reason.clone(),
                        kind,
                    });
                }
                if !reasons.contains(&reason) {
                    reasons.push(reason);
                }
            }
        }
        i += 1;
    }
    let text = failed(&tool, &handle, Mode::Truncate, &reasons.join("; "));
    report.used = Mode::Truncate;
    finish(report, started, true, text)
}

/// What `auto` means: `full-chunked` when the output fits `max-chunks`
/// chunks, else `read-grep`; without an LLM, the deterministic search. A
/// strategy the model is known not to manage is passed over: for the other
/// LLM strategy when that one is not known to fail, else `lexical`
/// (`full-chunked` only within `max-chunks`: that is the user's cost cap).
/// Very long lines need no rule of their own: the view is already reflowed
/// (JSON indented, lines wrapped), so Read and Grep work on it.
fn route(
    requested: Mode,
    profile: Option<&ModelProfile>,
    doc: &Doc,
    extract: &str,
    nonce: &str,
    limits: Limits,
) -> Mode {
    let Some(profile) = profile else {
        return match requested {
            Mode::Auto => Mode::Lexical,
            other => other,
        };
    };
    if requested != Mode::Auto {
        return requested;
    }
    let job = job(doc, extract, nonce, limits, 0);
    let fits = match strategy::full_chunked::chunk_budget(profile, &job) {
        Ok(budget) => estimate_chunks(doc, budget, limits) <= limits.max_chunks,
        Err(_) => false,
    };
    let preferred = if fits {
        [Mode::FullChunked, Mode::ReadGrep]
    } else {
        [Mode::ReadGrep, Mode::Lexical]
    };
    preferred
        .into_iter()
        .find(|&m| manages(profile, m))
        .unwrap_or(Mode::Lexical)
}

/// False only when the model is known not to manage `mode` (an LLM
/// strategy); unknown counts as managed.
fn manages(profile: &ModelProfile, mode: Mode) -> bool {
    let known = match mode {
        Mode::FullChunked => profile.manages_full_chunked,
        Mode::ReadGrep => profile.manages_read_grep,
        Mode::Auto | Mode::Truncate | Mode::Lexical | Mode::Jq => None,
    };
    known != Some(false)
}

fn is_llm(mode: Mode) -> bool {
    matches!(mode, Mode::FullChunked | Mode::ReadGrep)
}

/// Chunks the view needs, from its size and the stored output's token
/// density (the view differs from the original only by whitespace and
/// escapes, so the density carries over closely).
fn estimate_chunks(doc: &Doc, budget: usize, limits: Limits) -> usize {
    let stats = &doc.meta.stats;
    let per_byte = if stats.bytes > 0 {
        stats.tokens as f64 / stats.bytes as f64
    } else {
        0.25
    };
    let tokens = (doc.view_bytes() as f64 * per_byte).ceil() as usize;
    crate::strategy::full_chunked::chunk::estimate_count(tokens, budget, limits.overlap_percent)
}

/// The strategies to try in order: the first, the other LLM strategy
/// (unless the model is known not to manage it), `lexical`, `truncate`.
fn fallback_chain(first: Mode, profile: Option<&ModelProfile>) -> Vec<Mode> {
    let other = match first {
        Mode::FullChunked => Mode::ReadGrep,
        Mode::ReadGrep => Mode::FullChunked,
        Mode::Lexical => return vec![Mode::Lexical, Mode::Truncate],
        // The program's errors are answers; only unreadable storage is left,
        // and truncate meets the same files.
        Mode::Jq => return vec![Mode::Jq, Mode::Truncate],
        Mode::Truncate | Mode::Auto => return vec![Mode::Truncate],
    };
    let mut chain = vec![first];
    if profile.is_none_or(|p| manages(p, other)) {
        chain.push(other);
    }
    chain.extend([Mode::Lexical, Mode::Truncate]);
    chain
}

/// Bytes left for the body once the header and warning are written.
fn budget(max_bytes: usize, tool: &str, handle: &str, mode: Mode, reasons: &[String]) -> usize {
    max_bytes.saturating_sub(abstract_text(tool, handle, mode, reasons, "").len())
}

/// The job both LLM strategies get: the source call, the stats, the
/// extraction's nonce, and what is left of the call budget.
fn job<'a>(
    doc: &'a Doc,
    extract: &'a str,
    nonce: &'a str,
    limits: Limits,
    calls_made: usize,
) -> Job<'a> {
    Job {
        source: crate::prompts::Source {
            tool: &doc.meta.tool,
            args: &doc.meta.args,
        },
        stats: crate::prompts::DocStats {
            bytes: doc.meta.stats.bytes,
            lines: doc.meta.stats.lines,
            tokens: doc.meta.stats.tokens,
        },
        extract,
        nonce,
        overlap_percent: limits.overlap_percent,
        max_calls: limits.max_calls.saturating_sub(calls_made),
    }
}

fn fresh_nonce() -> String {
    crate::report::nonce_from(uuid::Uuid::new_v4().as_u64_pair().0)
}

fn abstract_text(tool: &str, handle: &str, mode: Mode, reasons: &[String], body: &str) -> String {
    let warning = if reasons.is_empty() {
        String::new()
    } else {
        format!(
            "WARNING: tool_output fallback to {} ({}).\n",
            mode.as_str(),
            reasons.join("; ")
        )
    };
    format!(
        "ABSTRACT FROM TOOL OUTPUT {tool} WITH HANDLE {handle}, STRATEGY:{}:\n\n{warning}{body}",
        mode.as_str()
    )
}

fn failed(tool: &str, handle: &str, mode: Mode, error: &str) -> String {
    tool_output_wire::contract::failed_text(tool, handle, mode.as_str(), error)
}

fn finish(mut report: ExtractReport, started: u64, failed: bool, text: String) -> ExtractResult {
    report.wall_ms = now_ms().saturating_sub(started);
    report.answer_bytes = text.len() as u64;
    ExtractResult {
        failed,
        text,
        report,
    }
}

#[cfg(test)]
#[path = "extract_tests.rs"]
mod tests;

//! The innermost causes a lexical answer shows first: of each cause chain
//! the storing found ([`crate::view::detect::causes`]) that a shown passage
//! falls in — and, when the question asks for a cause ("root cause", "why"),
//! of the chain nearest the best match — the innermost cause, the first
//! frame under it in the project's own code and the project's frames that
//! called it, before the passages.

use std::collections::BTreeMap;

use super::passage::{Passage, read};
use super::search::terms;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::causes::{Cause, project_frame};
use crate::view::preview::PreviewLine;

/// Question words that ask for a cause.
const CAUSAL: &[&str] = &[
    "cause",
    "caused",
    "causes",
    "root",
    "why",
    "reason",
    "underlying",
    "origin",
    "trigger",
    "triggered",
];

/// Question words of a failure: "why did the job fail".
const FAILED: &[&str] = &[
    "fail", "failed", "fails", "failing", "failure", "broke", "broken", "break", "error", "errors",
    "wrong",
];

/// The project's frames shown under its first one: the calls that led there.
const MAX_CALLERS: usize = 3;

/// Lines of the storing's error lines shown for a failure's cause.
const MAX_ERROR_LINES: usize = 8;

/// Whether the question asks why something failed.
pub fn asks_why_failed(extract: &str) -> bool {
    let t = terms(extract);
    t.iter().any(|t| CAUSAL.contains(&t.as_str())) && t.iter().any(|t| FAILED.contains(&t.as_str()))
}

/// For "why did it fail" with no cause chain to show: the lines the
/// storing found looking like errors (the handle message's), first — a
/// word search ranks one `error TS2345` below thousands of lines saying
/// `0 errors`.
pub fn error_lines(errors: &[PreviewLine], budget: usize, shown: &mut Vec<u64>) -> String {
    if errors.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n[lines that look like errors, as the storing found them]\n");
    for e in errors.iter().take(MAX_ERROR_LINES) {
        let l = format!("{}: {}\n", e.line, e.text.trim_end());
        if out.len() + l.len() > budget {
            break;
        }
        out.push_str(&l);
        shown.push(e.line);
    }
    out
}

/// Verbs of "what stopped it", "what killed the pod": a question naming
/// what did it asks for a cause.
const CAUSED_BY_WHAT: &[&str] = &[
    "stopped",
    "killed",
    "broke",
    "prevented",
    "blocked",
    "crashed",
];

/// What a [`CAUSED_BY_WHAT`] verb acts on: "what stopped it", "what
/// killed the pod".
const ACTED_ON: &[&str] = &[
    "it", "them", "this", "that", "the", "our", "my", "their", "its", "these", "those",
];

/// Whether the question asks why, or for a cause: a cause word, or "what"
/// with a verb of [`CAUSED_BY_WHAT`] after it (an adverb between: "what
/// exactly stopped it") and then what it acted on ("what stopped in the
/// night?" asks which things stopped).
pub fn asks_for_cause(extract: &str) -> bool {
    let t = terms(extract);
    let by_what = |i: usize| {
        let verb = match t.get(i + 1) {
            Some(w) if w.ends_with("ly") => i + 2,
            _ => i + 1,
        };
        t.get(verb)
            .is_some_and(|v| CAUSED_BY_WHAT.contains(&v.as_str()))
            && t.get(verb + 1)
                .is_some_and(|o| ACTED_ON.contains(&o.as_str()))
    };
    t.iter().any(|t| CAUSAL.contains(&t.as_str()))
        || (0..t.len()).any(|i| t[i] == "what" && by_what(i))
}

/// Innermost-cause passages for the chains `shown` passages fall in, or for
/// a causal question the chain nearest line `best`; each titled by its chain
/// (the title says "root cause": the model's word, not the code's).
pub fn passages(
    doc: &Doc,
    causes: &[Cause],
    shown: &[Passage],
    causal: bool,
    best: u64,
) -> Result<Vec<(String, Passage)>, Failure> {
    let overlaps = |c: &Cause| {
        shown
            .iter()
            .any(|p| p.first() <= c.last && c.first <= p.last())
    };
    let mut chosen: Vec<&Cause> = causes.iter().filter(|c| overlaps(c)).collect();
    if chosen.is_empty() && causal {
        let distance = |c: &&Cause| c.first.abs_diff(best).min(c.last.abs_diff(best));
        chosen.extend(causes.iter().min_by_key(distance));
    }
    let mut out = Vec::new();
    for cause in chosen {
        let mut lines = BTreeMap::new();
        for at in [Some(cause.root.line), cause.frame.as_ref().map(|f| f.line)]
            .into_iter()
            .flatten()
        {
            // The line, and the one after it when it is deeper (a frame's
            // file and line, an exception's detail).
            let read = read(doc, at, at + 1)?;
            if let Some((n, line)) = read.first() {
                lines.insert(*n, line.clone());
                if let Some((m, next)) = read.get(1)
                    && indent(next) > indent(line)
                    && !next.trim_start().starts_with("at ")
                {
                    lines.insert(*m, next.clone());
                }
            }
        }
        let callers = match &cause.frame {
            Some(frame) => callers(doc, frame.line, &mut lines)?,
            None => 0,
        };
        let frames = if callers == 0 {
            "the first frame"
        } else {
            "the first frames"
        };
        let title = format!(
            "root cause of the trace at lines {}–{}, then {frames} in the project's code",
            cause.first, cause.last
        );
        out.push((
            title,
            Passage {
                lines,
                terms: Vec::new(),
            },
        ));
    }
    Ok(out)
}

/// The project's frames right under its first one (a Java trace's callers:
/// `Money.parseCents` is called by `EnrichOrders.enrich`, the step that
/// failed), up to [`MAX_CALLERS`], put in `lines`; how many.
fn callers(doc: &Doc, frame: u64, lines: &mut BTreeMap<u64, String>) -> Result<usize, Failure> {
    let mut count = 0;
    for (n, line) in read(doc, frame + 1, frame + MAX_CALLERS as u64)? {
        let body = line.trim_start();
        if !(body.starts_with("at ") && project_frame(body)) {
            break;
        }
        lines.insert(n, line);
        count += 1;
    }
    Ok(count)
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_s_why_is_asked_with_both_words() {
        assert!(asks_why_failed("Why did the CI job fail?"));
        assert!(asks_why_failed("what is the root cause of the error"));
        assert!(!asks_why_failed("Why is the build so slow?"));
        assert!(!asks_why_failed("Which tests failed?"));
    }

    #[test]
    fn what_did_it_asks_for_a_cause() {
        for causal in [
            "Which web application didn't come up, and what exactly stopped it?",
            "what killed the pod",
            "What broke our build last night?",
        ] {
            assert!(asks_for_cause(causal), "{causal}");
        }
        for not in [
            "What stopped in the night?",
            "Which services stopped?",
            "what was killed",
        ] {
            assert!(!asks_for_cause(not), "{not}");
        }
    }
}

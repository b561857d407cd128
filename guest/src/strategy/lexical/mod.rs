//! The `lexical` strategy: the answer built from the lexical search
//! ([`search`]) — the best-matching windows of lines, or records of an
//! output made of records ([`passage`]), merged into passages, within the
//! budget, after the root causes of the traces they fall in ([`roots`]) and
//! a table's odd rows in the columns the question names ([`columns`]).
//! Needs no LLM.

mod columns;
mod passage;
mod roots;
pub mod search;

use crate::bindings::types::LlmCallReport;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::strategy::{Strategy, Task};
use crate::view::detect::records::RecordCursor;
use passage::Passage;
use search::{LineTerms, Query, Scorer, Window};

/// Windows the lexical strategy ranks before fitting them into the budget.
const LEXICAL_WINDOWS: usize = 24;
/// Windows scoring below this share of the best one are not shown…
const MIN_RELATIVE_SCORE: f64 = 0.35;
/// …unless they score this many times the median ranked window: one record
/// standing out from hundreds of its kind is an answer even when a
/// preamble that names the output's kind ("plan") scores higher.
const OUTLIER_SCORE: f64 = 3.0;
/// Room kept per passage for what merging passages may add (a gap marker).
const MERGE_SLACK: usize = 40;
/// Room kept for what comes first: the root causes of the traces shown
/// ([`roots`]), a table's odd rows in the columns asked about ([`columns`]).
const FIRST_RESERVE: usize = 1200;

/// Mode `lexical`: the search, no LLM.
pub struct Lexical;

impl Strategy for Lexical {
    fn answer(&self, task: &Task, _: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        answer(task.doc, task.extract, task.budget)
    }
}

/// The answer's body for `extract` within `budget` bytes.
fn answer(doc: &Doc, extract: &str, budget: usize) -> Result<String, Failure> {
    let query = Query::parse(extract)
        .ok_or_else(|| Failure::strategy("the extract text has no words to search for"))?;
    let terms = query.terms().join(", ");
    let rule = doc.meta.records.as_ref();
    let mut cursor = rule.map(RecordCursor::new);
    let mut scorer = Scorer::new(&query, LEXICAL_WINDOWS);
    let mut reader = doc.lines_from(1);
    while let Some(block) = reader.next_block() {
        for (n, line) in block.lines() {
            match &mut cursor {
                Some(records) => scorer.push_record_line(n, &line, records.starts(&line)),
                None => scorer.push_line(n, &line),
            }
        }
    }
    reader
        .error()
        .map_err(|e| Failure::strategy(e.message().to_string()))?;
    let ranked = scorer.finish();
    let windows = ranked.windows;
    if windows.is_empty() {
        return Ok(format!(
            "NO RELEVANT DATA FOUND\nSearched all {} lines of the output (no LLM: lexical search) for \
             the terms: {terms}. None of them occurs. Try other words, or mode \"truncate\" to see \
             the head and tail.",
            doc.lines()
        ));
    }
    // Windows far weaker than the best are noise (a common word alone).
    let best = windows[0].score;
    let median = windows[windows.len() / 2].score;
    let strong: Vec<&Window> = windows
        .iter()
        .filter(|w| w.score >= best * MIN_RELATIVE_SCORE || w.score >= median * OUTLIER_SCORE)
        .collect();
    let mut body = format!(
        "Lexical search (no LLM) of {} lines for: {terms}. The best-matching lines, in order:\n",
        doc.lines()
    );
    body.push_str(&unmatched_note(&ranked.unmatched));
    // Pick best-first while the budget lasts, then show in line order,
    // overlapping passages merged into one.
    let mut hits = LineTerms::new(&query);
    let mut picked: Vec<Passage> = Vec::new();
    let causes = &doc.meta.preview.causes;
    let fields = &doc.meta.preview.odd_fields;
    let reserve = if causes.is_empty() && fields.is_empty() {
        0
    } else {
        FIRST_RESERVE
    };
    let mut used = body.len() + reserve;
    let marked: Vec<u64> = doc.meta.preview.standout.iter().map(|l| l.line).collect();
    for window in &strong {
        let passage = passage::of_window(doc, window, rule, &mut hits, &marked)?;
        let cost = passage.render().len() + MERGE_SLACK;
        if used + cost > budget {
            break;
        }
        used += cost;
        picked.push(passage);
    }
    if picked.is_empty() {
        // Even the best window is over the budget: its lines, clipped.
        let w = strong[0];
        let room = budget.saturating_sub(body.len() + 64).max(1);
        let range = crate::bindings::types::LineRange {
            first: w.first_line,
            last: w.last_line,
        };
        body.push_str(
            &doc.read(range, room)
                .map_err(|e| Failure::strategy(e.message().to_string()))?,
        );
        return Ok(body);
    }
    let shown = picked.len();
    // The root causes of the traces shown, or asked about, and the odd
    // rows of the columns asked about come first.
    let causal = roots::asks_for_cause(extract);
    let passages_cost = used - reserve - body.len();
    let roots = roots::passages(doc, causes, &picked, causal, strong[0].first_line)?;
    let odd = columns::passages(doc, &doc.meta.preview.odd_fields, &mut hits)?;
    for (title, first) in roots.into_iter().chain(odd) {
        let text = first.render_titled(&title);
        if body.len() + text.len() + passages_cost <= budget {
            body.push_str(&text);
        }
    }
    picked.sort_by_key(Passage::first);
    let mut passages: Vec<Passage> = Vec::new();
    for p in picked {
        match passages.last_mut() {
            Some(prev) if p.first() <= prev.last() + 1 => prev.merge(p),
            _ => passages.push(p),
        }
    }
    for p in &passages {
        let text = p.render();
        if body.len() + text.len() > budget {
            break; // merging cost more than its slack: the rest is left out
        }
        body.push_str(&text);
    }
    let hidden = windows.len() - shown;
    let note = format!("\n[{hidden} weaker matching windows not shown; grep or read for more]\n");
    if hidden > 0 && body.len() + note.len() <= budget {
        body.push_str(&note);
    }
    Ok(body)
}

/// The request's words no line holds, said once: the model should
/// rephrase them in the output's words, or grep.
fn unmatched_note(unmatched: &[String]) -> String {
    if unmatched.is_empty() {
        return String::new();
    }
    format!(
        "No line holds: {} (nor a form or a related word of it); rephrase with the output's own \
         words, or grep.\n",
        unmatched.join(", ")
    )
}

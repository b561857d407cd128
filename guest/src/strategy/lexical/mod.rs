//! The `lexical` strategy: the answer built from the lexical search
//! ([`search`]) — the best-matching windows of lines, merged into passages,
//! within the budget. Needs no LLM.

pub mod search;

use crate::doc::Doc;
use crate::llm::Failure;
use search::{Query, Scorer, Window};

/// Windows the lexical strategy ranks before fitting them into the budget.
const LEXICAL_WINDOWS: usize = 24;
/// Windows scoring below this share of the best one are not shown.
const MIN_RELATIVE_SCORE: f64 = 0.35;
/// Lines shown after each window: a match is often followed by its details
/// (a file and line, a stack frame).
const WINDOW_CONTEXT_AFTER: u64 = 3;

/// The answer's body for `extract` within `budget` bytes.
pub fn answer(doc: &Doc, extract: &str, budget: usize) -> Result<String, Failure> {
    let query = Query::parse(extract)
        .ok_or_else(|| Failure::strategy("the extract text has no words to search for"))?;
    let terms = query.terms().join(", ");
    let mut scorer = Scorer::new(&query, LEXICAL_WINDOWS);
    let mut reader = doc.lines_from(1);
    while let Some(block) = reader.next_block() {
        for (n, line) in block.lines() {
            scorer.push_line(n, &line);
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
    let strong: Vec<&Window> = windows
        .iter()
        .filter(|w| w.score >= best * MIN_RELATIVE_SCORE)
        .collect();
    let mut body = format!(
        "Lexical search (no LLM) of {} lines for: {terms}. The best-matching lines, in order:\n",
        doc.lines()
    );
    body.push_str(&unmatched_note(&ranked.unmatched));
    // Pick best-first while the budget lasts, then show in line order,
    // adjacent windows merged into one passage.
    let mut picked: Vec<&Window> = Vec::new();
    let mut used = body.len();
    for window in &strong {
        let last = (window.last_line + WINDOW_CONTEXT_AFTER).min(doc.lines());
        let cost = window_lines(doc, window.first_line, last)?.len() + 80;
        if used + cost > budget {
            break;
        }
        used += cost;
        picked.push(window);
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
    picked.sort_by_key(|w| w.first_line);
    // Merge overlapping or adjacent passages (a merged one costs no more).
    let mut passages: Vec<(u64, u64, Vec<&str>)> = Vec::new();
    for w in &picked {
        let last = (w.last_line + WINDOW_CONTEXT_AFTER).min(doc.lines());
        match passages.last_mut() {
            Some((_, end, terms)) if w.first_line <= *end + 1 => {
                *end = (*end).max(last);
                for t in &w.matched_terms {
                    if !terms.contains(&t.as_str()) {
                        terms.push(t);
                    }
                }
            }
            _ => passages.push((
                w.first_line,
                last,
                w.matched_terms.iter().map(String::as_str).collect(),
            )),
        }
    }
    for (first, last, terms) in passages {
        let text = window_lines(doc, first, last)?;
        body.push_str(&format!(
            "\n[lines {first}–{last}, matches: {}]\n{text}",
            terms.join(", ")
        ));
    }
    let hidden = windows.len() - picked.len();
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

/// Lines `first..=last`, numbered.
fn window_lines(doc: &Doc, first: u64, last: u64) -> Result<String, Failure> {
    let mut text = String::new();
    let mut reader = doc.lines_from(first);
    while let Some((n, line)) = reader.next_line() {
        if n > last {
            break;
        }
        text.push_str(&format!("{n}: {line}\n"));
    }
    reader
        .error()
        .map_err(|e| Failure::strategy(e.message().to_string()))?;
    Ok(text)
}

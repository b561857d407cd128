//! The best-matching windows of lines, or records of an output made of
//! records ([`super::passage`]), merged into passages within the budget,
//! after the innermost causes of the traces they fall in
//! ([`super::innermost`]): the answer to a question that asks for no list
//! and no number. A window holding a record the answer already shows (a
//! value standing out, with its record) is left out: it would show that
//! record again; so is one of lines the answer mostly shows already.

use super::innermost;
use super::passage::{self, Passage};
use super::search::{LineTerms, Query, Ranked, Window};
use crate::doc::Doc;
use crate::llm::Failure;

/// Windows scoring below this share of the best one are not shown…
const MIN_RELATIVE_SCORE: f64 = 0.35;
/// …unless they score this many times the median ranked window: one record
/// standing out from hundreds of its kind is an answer even when a
/// preamble that names the output's kind ("plan") scores higher.
const OUTLIER_SCORE: f64 = 3.0;
/// Room kept per passage for what merging passages may add (a gap marker).
const MERGE_SLACK: usize = 40;
/// Room kept for what comes first: the innermost causes of the traces
/// shown ([`innermost`]).
const FIRST_RESERVE: usize = 1200;

/// The windows' passages appended to `body`, which stays within `budget`.
/// `after`: the lines the answer already shows, when it has sections
/// before the windows (then they get a title of their own).
pub fn render(
    doc: &Doc,
    question: &str,
    query: &Query,
    ranked: &Ranked,
    body: &mut String,
    budget: usize,
    after: Option<&[u64]>,
) -> Result<(), Failure> {
    let rule = doc.meta.records.as_ref();
    let intro = after.is_some();
    let already = after.unwrap_or(&[]);
    // In an output of lines (or of records of a line or two, a log's
    // timestamped lines), a section shows a line alone: its window still
    // shows what was around it (pacman's `downgraded linux` three lines
    // after the rare `pacman -U` a section showed), unless it is mostly
    // shown already.
    // The stored count is read back from the session: saturating, so a
    // hostile one cannot overflow.
    let of_lines = rule.is_none_or(|r| doc.meta.view.lines < r.count.saturating_mul(2));
    let covered = |w: &Window| {
        // Each line once: sections may show one line twice.
        let shown = (w.first_line..=w.last_line)
            .filter(|l| already.contains(l))
            .count() as u64;
        match of_lines {
            false => shown > 0,
            true => shown * 2 > w.last_line - w.first_line + 1,
        }
    };
    let windows: Vec<Window> = (ranked.windows.iter())
        .filter(|w| !covered(w))
        .cloned()
        .collect();
    if windows.is_empty() {
        return Ok(());
    }
    // Windows far weaker than the best are noise (a common word alone).
    let best = windows[0].score;
    let median = windows[windows.len() / 2].score;
    let strong: Vec<&Window> = windows
        .iter()
        .filter(|w| w.score >= best * MIN_RELATIVE_SCORE || w.score >= median * OUTLIER_SCORE)
        .collect();
    if intro {
        body.push_str("\nThe best-matching lines, best first:\n");
    }
    // Pick best-first while the budget lasts, then show best first,
    // overlapping passages merged into one.
    let mut hits = LineTerms::new(query);
    let mut picked: Vec<Passage> = Vec::new();
    let causes = &doc.meta.preview.causes;
    let reserve = if causes.is_empty() { 0 } else { FIRST_RESERVE };
    let mut used = body.len() + reserve;
    let marked: Vec<u64> = doc.meta.preview.standout.iter().map(|l| l.line).collect();
    for window in &strong {
        let passage = passage::of_window(doc, window, rule, &mut hits, &marked, query)?;
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
        return Ok(());
    }
    let shown = picked.len();
    // The innermost causes of the traces shown, or asked about, come first.
    let causal = innermost::asks_for_cause(question);
    let passages_cost = used - reserve - body.len();
    let innermost_causes = innermost::passages(doc, causes, &picked, causal, strong[0].first_line)?;
    for (title, first) in innermost_causes {
        let text = first.render_titled(&title);
        if body.len() + text.len() + passages_cost <= budget {
            body.push_str(&text);
        }
    }
    // Overlapping passages merge; the merged ones are shown best first,
    // each ranked by its best window.
    let mut ranked_passages: Vec<(usize, Passage)> = picked.into_iter().enumerate().collect();
    ranked_passages.sort_by_key(|(_, p)| p.first());
    let mut passages: Vec<(usize, Passage)> = Vec::new();
    for (rank, p) in ranked_passages {
        match passages.last_mut() {
            Some((best, prev)) if p.first() <= prev.last() + 1 => {
                *best = (*best).min(rank);
                prev.merge(p);
            }
            _ => passages.push((rank, p)),
        }
    }
    passages.sort_by_key(|(rank, _)| *rank);
    for (_, p) in &passages {
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
    Ok(())
}

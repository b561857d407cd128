//! The values the storing found standing out ([`crate::view::detect::values`])
//! that the question's words name — by the field (`"Severity"` for a
//! question about critical findings, `inventory_quantity` for one about
//! stock) or by the value (`CRITICAL`) — come first in the answer, each line
//! with its record: a word search cannot rank one odd value above a
//! thousand lines holding the same words.

use super::record;
use super::search::{Query, terms};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::clip_named;
use crate::view::detect::values::Finding;

/// Findings shown.
const MAX_FINDINGS: usize = 4;
/// Lines of one finding shown.
const MAX_LINES: usize = 9;
/// A line is cut to this many bytes: room, in a long JSON line, for its
/// head, the odd field, the members naming its record and the one telling
/// what happened (a journal entry's `MESSAGE`).
const LINE_BYTES: usize = 360;

/// The findings the question names, best first: by the value's words,
/// then the field's (own words before related ones).
pub fn named<'a>(query: &Query, findings: &'a [Finding]) -> Vec<&'a Finding> {
    let score = |text: &str| -> f64 {
        let mut best: f64 = 0.0;
        for w in terms(text) {
            for held in query.held_by(&w) {
                best = best.max(if held.related { 0.6 } else { 1.0 });
            }
        }
        best
    };
    let mut named: Vec<(f64, &Finding)> = (findings.iter())
        .map(|f| (score(&f.value) * 1.5 + score(&f.field), f))
        .filter(|(s, _)| *s > 0.0)
        .collect();
    named.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.count.cmp(&b.1.count)));
    named
        .into_iter()
        .map(|(_, f)| f)
        .take(MAX_FINDINGS)
        .collect()
}

/// The answer's section for `findings`, within `budget` bytes; the lines
/// it shows are added to `shown`.
pub fn render(
    doc: &Doc,
    findings: &[&Finding],
    budget: usize,
    shown: &mut Vec<u64>,
) -> Result<String, Failure> {
    let mut out = String::new();
    for f in findings {
        let what = match f.kind.as_str() {
            "rare" => format!(
                "{} is \"{}\" in {} of its {} values: a rare value",
                f.field, f.value, f.count, f.of
            ),
            kind => format!(
                "the {} values of {} stand out among its {}: {}{}",
                kind,
                f.field,
                f.of,
                f.value,
                if f.count > 1 { " and more" } else { "" }
            ),
        };
        let mut text = format!("\n[{what}]\n");
        let mut last = 0;
        let mut lines_shown = Vec::new();
        for &n in f.lines.iter().take(MAX_LINES) {
            let lines = record::around(doc, n)?;
            for (m, l) in &lines {
                if *m <= last {
                    continue;
                }
                if last > 0 && *m > last + 1 {
                    text.push_str(&format!("[... {} lines not shown ...]\n", m - last - 1));
                }
                // The finding's own field, kept when the line is cut.
                let field = l.find(&format!("\"{}\":", f.field));
                text.push_str(&format!(
                    "{m}: {}\n",
                    clip_named(l.trim_end(), field, LINE_BYTES)
                ));
                lines_shown.push(*m);
                last = *m;
            }
        }
        if out.len() + text.len() > budget {
            break;
        }
        out.push_str(&text);
        shown.extend(lines_shown);
    }
    Ok(out)
}

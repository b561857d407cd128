//! The values the storing found standing out ([`crate::view::detect::values`])
//! that the question's words name — by the field (`"Severity"` for a
//! question about critical findings, `inventory_quantity` for one about
//! stock) or by the value (`CRITICAL`) — come first in the answer, each line
//! with its record: a word search cannot rank one odd value above a
//! thousand lines holding the same words. For "every …", a rare state
//! (one word) comes with its field's other rare states: a question naming
//! one (`down`) asks for its siblings too (`incomplete`,
//! `undersized+degraded+peered`), which no word of it names.

use super::record;
use super::search::{Query, terms};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{clip_named, names_by_key};
use crate::view::detect::values::Finding;

/// Findings shown.
const MAX_FINDINGS: usize = 4;
/// Lines of one finding shown, and of its field's other rare values.
const MAX_LINES: usize = 9;
/// Room kept for saying how many of a finding's lines were left out.
const NOT_SHOWN_BYTES: usize = 48;
/// A line is cut to this many bytes: room, in a long JSON line, for its
/// head, the odd field, the members naming its record and the one telling
/// what happened (a journal entry's `MESSAGE`).
const LINE_BYTES: usize = 360;

/// The findings the question names, best first: by the value's words,
/// then the field's (own words before related ones). A value rare in a
/// field of many ([`Finding::asked_only`]) only when it is a state, for
/// "every …" (`every`): the set of states it belongs to is asked for.
pub fn named<'a>(query: &Query, findings: &'a [Finding], every: bool) -> Vec<&'a Finding> {
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
        .filter(|f| !f.asked_only || (every && state(f)))
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

/// Whether `f` is a rare state: a value of letters, maybe joined by `+`,
/// `-` or `_` (`down`, `active+clean`, `CrashLoopBackOff`), of a field
/// that does not name its record (`STATE`, not `username`) — not a name,
/// a path, a version or a sentence.
fn state(f: &Finding) -> bool {
    f.kind == "rare"
        && (f.value.chars()).all(|c| c.is_alphabetic() || matches!(c, '+' | '-' | '_'))
        && !names_by_key(&f.field)
}

/// The other rare states of `f`'s field among `all`, rarest first (as
/// the storing sorted them), when `f` is a state.
fn siblings<'a>(f: &Finding, all: &'a [Finding]) -> Vec<&'a Finding> {
    if !state(f) {
        return Vec::new();
    }
    (all.iter())
        .filter(|s| state(s) && s.field == f.field && s.value != f.value)
        .collect()
}

/// The answer's section for `findings` (named among `all`; `every`: the
/// question asks for every item), within `budget` bytes; the lines it
/// shows are added to `shown`.
pub fn render(
    doc: &Doc,
    findings: &[&Finding],
    all: &[Finding],
    every: bool,
    budget: usize,
    shown: &mut Vec<u64>,
) -> Result<String, Failure> {
    let mut out = String::new();
    let mut listed: Vec<&Finding> = Vec::new();
    for f in findings {
        // Listed already, as a sibling of a value named before.
        if listed.iter().any(|l| std::ptr::eq(*l, *f)) {
            continue;
        }
        let mut what = match f.kind.as_str() {
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
        let others = if every { siblings(f, all) } else { Vec::new() };
        // Its own lines with their records; its siblings' lines alone.
        let mut lines: Vec<(u64, bool)> = (f.lines.iter().take(MAX_LINES))
            .map(|&n| (n, true))
            .collect();
        if !others.is_empty() {
            let mut said: Vec<String> = (others.iter().take(MAX_FINDINGS * 2))
                .map(|s| format!("\"{}\" in {}", s.value, s.count))
                .collect();
            if others.len() > said.len() {
                said.push(format!("{} more", others.len() - said.len()));
            }
            what.push_str(&format!(
                "; with its field's other rare values: {}",
                said.join(", ")
            ));
            let more = others.iter().flat_map(|s| s.lines.iter().take(MAX_LINES));
            lines.extend(more.take(MAX_LINES).map(|&n| (n, false)));
            lines.sort_unstable();
            lines.dedup_by_key(|l| l.0);
        }
        let mut text = format!("\n[{what}]\n");
        let room = budget.saturating_sub(out.len() + NOT_SHOWN_BYTES);
        let (mut last, mut lines_shown, mut left) = (0, Vec::new(), 0);
        for (i, &(n, with_record)) in lines.iter().enumerate() {
            let group = match with_record {
                true => record::around(doc, n)?,
                false => super::passage::read(doc, n, n)?.into_iter().collect(),
            };
            let mut piece = String::new();
            let mut at = last;
            for (m, l) in group.iter().filter(|(m, _)| *m > last) {
                if at > 0 && *m > at + 1 {
                    piece.push_str(&format!("[... {} lines not shown ...]\n", m - at - 1));
                }
                // The finding's own field, kept when the line is cut.
                let field = l.find(&format!("\"{}\":", f.field));
                piece.push_str(&format!(
                    "{m}: {}\n",
                    clip_named(l.trim_end(), field, LINE_BYTES)
                ));
                at = *m;
            }
            if text.len() + piece.len() > room {
                left = lines.len() - i;
                break;
            }
            text.push_str(&piece);
            lines_shown.extend(group.iter().map(|(m, _)| *m).filter(|m| *m > last));
            last = at;
        }
        if lines_shown.is_empty() {
            break;
        }
        if left > 0 {
            text.push_str(&format!("[… {left} more of these lines not shown]\n"));
        }
        out.push_str(&text);
        shown.extend(lines_shown);
        listed.extend(others);
    }
    Ok(out)
}

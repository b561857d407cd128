//! The values the storing found standing out ([`crate::view::detect::values`])
//! that the question's words name — by the field (`"Severity"` for a
//! question about critical findings, `inventory_quantity` for one about
//! stock) or by the value (`CRITICAL`) — come first in the answer, each line
//! with its record: a word search cannot rank one odd value above a
//! thousand lines holding the same words. For "every …", a rare state
//! (one word) comes with its field's other rare states: a question naming
//! one (`down`) asks for its siblings too (`incomplete`,
//! `undersized+degraded+peered`), which no word of it names; and a rare
//! value comes with its field's other rare values (each locked account's
//! `lockoutTime`).

use super::member;
use super::record;
use super::search::Query;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{clip_named_at, names_by_key};
use crate::view::detect::values::Finding;

/// Findings shown…
const MAX_FINDINGS: usize = 4;
/// …and, for "every …", with the best one's field's other rare values.
const MAX_EVERY_FINDINGS: usize = 9;
/// Lines of one finding shown, and of its field's other rare values.
const MAX_LINES: usize = 9;
/// A finding's siblings named in its header, at most.
const SIBLINGS_SAID: usize = 8;
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
    // Each question word the text holds counts once, by its best form:
    // `disputed` named by both "claw back" and "chargeback" beats a
    // decline's message holding "card" alone.
    let score = |text: &str| -> f64 { query.held_in(text).iter().map(|h| h.1).sum() };
    let mut named: Vec<(f64, &Finding)> = (findings.iter())
        .filter(|f| !f.asked_only || (every && state(f)))
        .map(|f| {
            // A flag's name is its value: `"disputed": true` says "disputed".
            let value = match flag_set(&f.value) {
                true => score(&f.value).max(score(&f.field)),
                false => score(&f.value),
            };
            (value * 1.5 + score(&f.field), f)
        })
        .filter(|(s, _)| *s > 0.0)
        .collect();
    named.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.count.cmp(&b.1.count)));
    let named: Vec<&Finding> = named.into_iter().map(|(_, f)| f).collect();
    let mut out: Vec<&Finding> = named.iter().copied().take(MAX_FINDINGS).collect();
    // "Every …": the best finding's field's other rare values too (each
    // locked account's `lockoutTime`), up to a bound.
    if let Some(&best) = out.first().filter(|_| every) {
        let more = (named.iter().skip(MAX_FINDINGS))
            .filter(|f| f.field == best.field && f.kind == best.kind)
            .take(MAX_EVERY_FINDINGS.saturating_sub(MAX_FINDINGS));
        out.extend(more);
    }
    out
}

/// Whether `f` is a rare state: a value of letters, maybe joined by `+`,
/// `-` or `_` (`down`, `active+clean`, `CrashLoopBackOff`), of a field
/// that does not name its record (`STATE`, not `username`) — not a name,
/// a path, a version or a sentence.
fn state(f: &Finding) -> bool {
    f.kind == "rare"
        && f.value.chars().any(char::is_alphabetic)
        && (f.value.chars()).all(|c| c.is_alphabetic() || matches!(c, '+' | '-' | '_'))
        && !names_by_key(&f.field)
}

/// Whether `value` says a flag is set (`true`, `yes`).
fn flag_set(value: &str) -> bool {
    ["true", "yes", "y", "on"]
        .iter()
        .any(|v| value.trim_matches('"').eq_ignore_ascii_case(v))
}

/// Whether `a` and `b` are one finding.
fn same(a: &Finding, b: &Finding) -> bool {
    a.field == b.field && a.kind == b.kind && a.value == b.value
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
    query: &Query,
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
        if listed.iter().any(|l| same(l, f)) {
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
            let mut said: Vec<String> = (others.iter().take(SIBLINGS_SAID))
                .map(|s| format!("\"{}\" in {}", s.value, s.count))
                .collect();
            if others.len() > said.len() {
                said.push(format!("{} more", others.len() - said.len()));
            }
            what.push_str(&format!(
                "; with its field's other rare values: {}",
                said.join(", ")
            ));
            // Each sibling's first line, then the others', up to a bound.
            let firsts = others.iter().filter_map(|s| s.lines.first());
            let rest = others.iter().flat_map(|s| s.lines.iter().skip(1));
            lines.extend(firsts.chain(rest).take(MAX_LINES).map(|&n| (n, false)));
            // A line both its own and a sibling's keeps its record.
            lines.sort_unstable_by_key(|l| (l.0, !l.1));
            lines.dedup_by_key(|l| l.0);
        }
        let mut text = format!("\n[{what}]\n");
        let room = budget.saturating_sub(out.len() + NOT_SHOWN_BYTES);
        let (mut last, mut lines_shown) = (0, Vec::new());
        for &(n, with_record) in &lines {
            let group = match with_record {
                true => record::around(doc, n, Some(query))?,
                false => super::passage::read(doc, n, n)?.into_iter().collect(),
            };
            let mut piece = String::new();
            let mut at = last;
            for (m, l) in group.iter().filter(|(m, _)| *m > last) {
                if at > 0 && *m > at + 1 {
                    piece.push_str(&format!("[... {} lines not shown ...]\n", m - at - 1));
                }
                // The finding's own field, then the member the question
                // names, kept when the line is cut.
                let field = l.find(&format!("\"{}\":", f.field));
                let ats: Vec<usize> = field
                    .into_iter()
                    .chain(member::asked_at(l, query))
                    .collect();
                piece.push_str(&format!(
                    "{m}: {}\n",
                    clip_named_at(l.trim_end(), &ats, LINE_BYTES)
                ));
                at = *m;
            }
            if text.len() + piece.len() > room {
                break;
            }
            text.push_str(&piece);
            lines_shown.extend(group.iter().map(|(m, _)| *m).filter(|m| *m > last));
            last = at;
        }
        if lines_shown.is_empty() {
            break;
        }
        // Every line it and its siblings were found on, shown or not (the
        // bound on lines, the room): what is left out is said.
        let mut found: Vec<u64> = f.lines.clone();
        found.extend(others.iter().flat_map(|s| s.lines.iter().copied()));
        found.sort_unstable();
        found.dedup();
        let left = found.iter().filter(|n| !lines_shown.contains(n)).count();
        if left > 0 {
            text.push_str(&format!("[… {left} more of these lines not shown]\n"));
        }
        // A sibling is listed when all its lines were.
        let whole = |s: &&Finding| s.lines.iter().all(|n| lines_shown.contains(n));
        listed.extend(others.into_iter().filter(whole));
        out.push_str(&text);
        shown.extend(lines_shown);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rare(field: &str, value: &str, line: u64) -> Finding {
        Finding {
            field: field.into(),
            kind: "rare".into(),
            value: value.into(),
            count: 1,
            of: 300,
            lines: vec![line],
            asked_only: false,
        }
    }

    #[test]
    fn every_rare_value_of_the_best_field_is_named_for_every() {
        let mut all: Vec<Finding> = (0..7)
            .map(|i| rare("lockoutTime", &format!("13440240{i}", i = 1000 + i), 10 + i))
            .collect();
        all.push(rare("lockoutCount", "7", 5));
        let q = Query::parse("which accounts are locked out? every username").unwrap();
        let fields = |every| -> Vec<String> {
            (named(&q, &all, every).iter())
                .map(|f| f.field.clone())
                .collect()
        };
        assert_eq!(fields(false).len(), MAX_FINDINGS);
        let every = fields(true);
        assert_eq!(
            every.iter().filter(|f| *f == "lockoutTime").count(),
            7,
            "{every:?}"
        );
        assert!(every.len() <= MAX_EVERY_FINDINGS);
    }

    #[test]
    fn a_set_flag_is_named_by_its_field_as_a_value_is_by_its_words() {
        let all = vec![
            rare(
                "seller_message",
                "Stripe blocked this payment as too risky.",
                10,
            ),
            rare("failure_code", "expired_card", 20),
            rare("reason", "expired_card", 21),
            rare("seller_message", "The bank returned the decline code.", 30),
            rare("disputed", "true", 40),
        ];
        let q = Query::parse(
            "Did any customer go to their bank and claw back a card payment (a chargeback)?",
        )
        .unwrap();
        let shown: Vec<&str> = (named(&q, &all, false).iter())
            .map(|f| f.field.as_str())
            .collect();
        assert!(shown.contains(&"disputed"), "{shown:?}");
        // Only a set flag says its field's word: `false` says the opposite.
        let unset = vec![
            rare("seller_message", "The bank returned it.", 1),
            rare("disputed", "false", 2),
        ];
        let first = named(&q, &unset, false)[0].field.clone();
        assert_eq!(first, "seller_message");
    }
}

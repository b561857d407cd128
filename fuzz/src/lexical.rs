//! Target `lexical`: the tokenizer (`terms`), the query parser and the
//! BM25 window scorer.
//!
//! Input: the extract text up to the first newline, then the document
//! (lossily decoded; its lines are the scored lines).
//!
//! Invariants:
//! - terms are non-empty, contain no separator (space, punctuation), and
//!   are compositional: the terms of `a + " " + b` are those of `a` then
//!   those of `b` (so the ASCII fast path and the general path agree);
//! - query terms are distinct terms of the request;
//! - the scorer returns exactly the windows that contain a query term (the
//!   same term, or an ASCII term of 4+ bytes extended by 1 to 3 bytes), each
//!   with exactly the terms it contains, scores finite and positive, best
//!   first then by line; and keeping fewer returns a prefix of that ranking.

use tool_output_guest::strategy::lexical::search::{Query, Scorer, WINDOW_LINES, Window, terms};

use crate::support::Rng;

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (request, document) = text.split_once('\n').unwrap_or((&text, ""));
    let mut rng = Rng::of(data);
    check_terms(request, document, &mut rng);
    let Some(query) = Query::parse(request) else {
        assert!(
            terms(request).is_empty(),
            "no query from a request with terms"
        );
        return;
    };
    let qterms = query.terms();
    let all = terms(request);
    for (i, t) in qterms.iter().enumerate() {
        assert!(
            all.iter().any(|a| a == t),
            "query term {t:?} is not a term of the request"
        );
        assert!(!qterms[..i].contains(t), "query term {t:?} twice");
    }
    let lines: Vec<&str> = document.split('\n').collect();
    let windows = score(&query, &lines, usize::MAX);
    let expected = expected_windows(&qterms, &lines);
    let mut got: Vec<(u64, u64, Vec<String>)> = windows
        .iter()
        .map(|w| (w.first_line, w.last_line, w.matched_terms.clone()))
        .collect();
    got.sort();
    assert_eq!(got, expected, "windows with a query term");
    for w in windows.windows(2) {
        let ordered = w[0].score > w[1].score
            || (w[0].score == w[1].score && w[0].first_line < w[1].first_line);
        assert!(ordered, "ranking order: {w:?}");
    }
    assert!(
        windows.iter().all(|w| w.score.is_finite() && w.score > 0.0),
        "scores"
    );
    let keep = rng.below(windows.len() + 2);
    let top = score(&query, &lines, keep);
    assert_eq!(top, windows[..keep.min(windows.len())], "keep {keep}");
}

fn score(query: &Query, lines: &[&str], keep: usize) -> Vec<Window> {
    let mut scorer = Scorer::new(query, keep);
    for (i, line) in lines.iter().enumerate() {
        scorer.push_line(i as u64 + 1, line);
    }
    scorer.finish().windows
}

/// Whether line term `tok` matches query term `q` (the documented rule).
fn matches(tok: &str, q: &str) -> bool {
    tok == q
        || (q.is_ascii()
            && q.len() >= 4
            && tok.len() > q.len()
            && tok.len() <= q.len() + 3
            && tok.starts_with(q))
}

/// (first line, last line, matched terms in query order) of every window
/// holding a query term, in line order.
fn expected_windows(qterms: &[&str], lines: &[&str]) -> Vec<(u64, u64, Vec<String>)> {
    let mut out = Vec::new();
    for (w, group) in lines.chunks(WINDOW_LINES as usize).enumerate() {
        let toks: Vec<String> = group.iter().flat_map(|l| terms(l)).collect();
        let hit: Vec<String> = qterms
            .iter()
            .filter(|q| toks.iter().any(|t| matches(t, q)))
            .map(|q| q.to_string())
            .collect();
        if !hit.is_empty() {
            let first = w as u64 * WINDOW_LINES + 1;
            out.push((first, first + group.len() as u64 - 1, hit));
        }
    }
    out
}

fn check_terms(request: &str, document: &str, rng: &mut Rng) {
    let sample = |s: &str, rng: &mut Rng| {
        let a = s.floor_char_boundary(rng.below(s.len() + 1));
        let b = s.floor_char_boundary(rng.below(s.len() + 1));
        s[a.min(b)..a.max(b)].to_string()
    };
    let a = sample(request, rng);
    let b = sample(document, rng);
    for t in terms(&a).iter().chain(&terms(&b)) {
        assert!(!t.is_empty(), "empty term");
        assert!(
            !t.contains(|c: char| c.is_whitespace() || c.is_ascii_punctuation() && c != '_'),
            "{t:?}"
        );
    }
    let joined = terms(&format!("{a} {b}"));
    let parts: Vec<String> = terms(&a).into_iter().chain(terms(&b)).collect();
    assert_eq!(joined, parts, "terms of {a:?} + \" \" + {b:?}");
}

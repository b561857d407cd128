//! The `lexical` target's invariants of words: how text is cut into terms,
//! and how a line's word holds a question's word ([`Query::held_by`]).
//!
//! - terms are non-empty and contain no separator (space, punctuation);
//! - cutting composes: the terms of `a + " " + b` are those of `a` then
//!   those of `b` (so the ASCII fast path and the general path agree);
//! - splitting identifiers composes: for word runs `a` and `b`, the terms
//!   of `a_b` are `a_b` lowercased, then `a`'s words, then `b`'s (a run's
//!   words: its camelCase parts, or itself), and a run's parts put
//!   together are the run lowercased: nothing lost, nothing folded
//!   differently;
//! - a word holds itself as its own word (not as a longer or related one);
//! - holding is mutual except as a longer word: if `b` holds the question
//!   word `a` (its own or a related word, not only as a longer word), `a`
//!   holds the question word `b`; a question's `timeout` finding
//!   `timeouts` is one one-way case, a percentile's shorthand (`p99`
//!   finding `99`, [`percentile`]) the other;
//! - no match across unrelated words: a word holding a question word as
//!   that word (not through a related word) starts with the same two
//!   characters, or, when one of them is a single character (`u` holds
//!   `ued`, whose stem is `u`), the other starts with it.

use tool_output_guest::strategy::lexical::search::{Held, Query, percentile, terms};

use crate::support::Rng;

/// Word pairs checked per input.
const PAIRS: usize = 8;

pub fn check(request: &str, document: &str, rng: &mut Rng) {
    let a = sample(request, rng);
    let b = sample(document, rng);
    check_cutting(&a, &b);
    check_identifiers(&word_run(&a), &word_run(&b));
    let mut words: Vec<String> = terms(request);
    words.extend(terms(document).into_iter().take(4096));
    // Identifiers are several terms: their single words are checked.
    words.retain(|w| terms(w) == [w.as_str()]);
    if words.is_empty() {
        return;
    }
    for _ in 0..PAIRS {
        let a = &words[rng.below(words.len())];
        let b = &words[rng.below(words.len())];
        check_holding(a, b);
    }
}

/// A random slice of `s`.
fn sample(s: &str, rng: &mut Rng) -> String {
    let a = s.floor_char_boundary(rng.below(s.len() + 1));
    let b = s.floor_char_boundary(rng.below(s.len() + 1));
    s[a.min(b)..a.max(b)].to_string()
}

fn check_cutting(a: &str, b: &str) {
    for t in terms(a).iter().chain(&terms(b)) {
        assert!(!t.is_empty(), "empty term");
        assert!(
            !t.contains(|c: char| c.is_whitespace() || c.is_ascii_punctuation() && c != '_'),
            "{t:?}"
        );
    }
    let joined = terms(&format!("{a} {b}"));
    let parts: Vec<String> = terms(a).into_iter().chain(terms(b)).collect();
    assert_eq!(joined, parts, "terms of {a:?} + \" \" + {b:?}");
}

/// The letters and digits of `s` that make one word run (scripts written
/// with spaces; fullwidth Latin), without `_`.
fn word_run(s: &str) -> String {
    let fullwidth = |c: char| matches!(c, '０'..='９' | 'Ａ'..='Ｚ' | 'ａ'..='ｚ');
    s.chars()
        .filter(|&c| {
            c.is_ascii_alphanumeric() || fullwidth(c) || c.is_alphanumeric() && c < '\u{0E00}'
        })
        .collect()
}

/// A run's words: its parts when it has several, else itself.
fn run_words(run: &str) -> Vec<String> {
    let mut t = terms(run);
    if t.len() > 1 {
        let whole = t.remove(0);
        assert_eq!(t.concat(), whole, "the parts of {run:?} put together");
    }
    t
}

fn check_identifiers(a: &str, b: &str) {
    if a.is_empty() || b.is_empty() {
        return;
    }
    let mut expected = vec![format!("{}_{}", terms(a)[0], terms(b)[0])];
    expected.extend(run_words(a));
    expected.extend(run_words(b));
    assert_eq!(terms(&format!("{a}_{b}")), expected, "terms of {a:?}_{b:?}");
}

/// `b`'s ways of holding the one-word question `a`.
fn held(a: &str, b: &str) -> Vec<Held> {
    let query = Query::parse(a).expect("a word is a query");
    assert_eq!(query.terms(), [a], "a one-word question");
    query.held_by(b)
}

fn check_holding(a: &str, b: &str) {
    let own = Held {
        term: 0,
        related: false,
        longer: false,
        stand_in: false,
    };
    assert!(held(a, a).contains(&own), "{a:?} does not hold itself");
    let forward = held(a, b);
    // A percentile's expansions are related forms, asked one way.
    let one_way = |h: &Held| h.longer || (h.related && percentile(a).is_some());
    if forward.iter().any(|h| !one_way(h)) {
        assert!(
            held(b, a).iter().any(|h| !h.longer),
            "{b:?} holds the question {a:?} ({forward:?}), not the reverse"
        );
    }
    if forward.iter().any(|h| !h.related) {
        let two = |w: &str| w.chars().take(2).collect::<String>();
        let (ta, tb) = (two(a), two(b));
        let single = |t: &str| t.chars().count() < 2;
        assert!(
            ta == tb
                || (single(&ta) || single(&tb)) && (ta.starts_with(&tb) || tb.starts_with(&ta)),
            "{b:?} holds the question {a:?}: {forward:?}"
        );
    }
}

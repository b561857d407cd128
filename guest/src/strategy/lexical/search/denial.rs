//! "Which security group leaves Remote Desktop open to the internet?": a
//! scanner says so of one group (`has Microsoft RDP port 3389 open to the
//! Internet`) and says the opposite of a hundred others with the same
//! words (`does not have Microsoft RDP port 3389 open to the Internet`).
//! When the question asks for no negative state, a line's words after a
//! negation, up to the end of its clause, are not held: the line denies
//! them. A question asking for a failure or an absence keeps them: "could
//! not connect" is then the answer.

use super::concepts;
use super::stem::Stems;
use super::terms::{for_each_term, for_each_term_in_clauses};

/// Words of a line that deny what follows them in its clause (`doesn`,
/// `isn` of "doesn't", "isn't"): 2 to 7 letters, each beginning with one
/// of `nwcdiahs` and ending with one of `ntor` ([`is_negation`]).
const NEGATIONS: &[&str] = &[
    "not", "no", "never", "without", "cannot", "doesn", "isn", "aren", "wasn", "weren", "didn",
    "don", "hasn", "haven", "couldn", "wouldn", "shouldn",
];

/// Words of a question asking for a negative state, whose answer may well
/// be a line saying "not": besides [`NEGATIONS`] and the failure words of
/// [`concepts::names_failure`].
const NEGATIVE_STATES: &[&str] = &[
    "t",
    "none",
    "nor",
    "missing",
    "lack",
    "lacking",
    "lacks",
    "absent",
    "down",
    "offline",
    "unreachable",
    "unavailable",
    "disabled",
    "stopped",
    "stop",
    "dead",
    "lost",
    "denied",
    "refused",
    "rejected",
    "blocked",
    "unable",
    "wrong",
    "bad",
    "invalid",
    "expired",
    "issue",
    "issues",
    "warning",
    "warnings",
    "skipped",
    "dropped",
    "bounced",
    "timeout",
    "timed",
    "unhealthy",
    "empty",
    "off",
    "unsupported",
    "unknown",
    "outdated",
];

/// Whether `extract` asks for no negative state: then a line's negated
/// words are denied ([`is_negation`]).
pub(super) fn affirmative(extract: &str, stems: &Stems) -> bool {
    let mut negative = false;
    for_each_term(extract, &mut String::new(), |t, part| {
        negative |= !part
            && (NEGATIONS.contains(&t)
                || NEGATIVE_STATES.contains(&t)
                || concepts::names_failure(&stems.of(t)));
    });
    !negative
}

/// Words of a question that deny the words after them, besides
/// [`NEGATIONS`]: "open with nobody having acknowledged them".
const QUESTION_NEGATIONS: &[&str] = &["nobody", "nothing", "noone", "neither", "nor"];

/// Words after a question's negation that it denies, at most, in its
/// clause: "not been backed up", "nobody having acknowledged".
const DENIED_WORDS: usize = 3;

/// Words that end what a question's negation denies: "users without MFA
/// are admins" denies `mfa`, not `admin`.
const DENIAL_ENDS: &[&str] = &[
    "and", "or", "but", "that", "which", "who", "whose", "is", "are", "was", "were",
];

/// The stems of the words `extract` asks about only as denied: up to
/// [`DENIED_WORDS`] words after a negation in their clause, never a word
/// it also asks about affirmed. A value so named picks no rows: "nobody
/// having acknowledged" asks for the rows whose status is not
/// `acknowledged`.
pub(super) fn denied_stems(extract: &str, stems: &Stems) -> Vec<String> {
    let (mut denied, mut affirmed) = (Vec::new(), Vec::new());
    let left = std::cell::Cell::new(0);
    let emit = |t: &str, part: bool| {
        if part {
            return;
        }
        // The `t` of "can't", "won't", "don't" negates, whatever its verb.
        if t == "t" || NEGATIONS.contains(&t) || QUESTION_NEGATIONS.contains(&t) {
            left.set(DENIED_WORDS);
            return;
        }
        if DENIAL_ENDS.contains(&t) {
            left.set(0);
        }
        let stem = stems.of(t).into_owned();
        match left.get() {
            0 => affirmed.push(stem),
            n => {
                left.set(n - 1);
                denied.push(stem);
            }
        }
    };
    for_each_term_in_clauses(extract, &mut String::new(), emit, || left.set(0));
    denied.retain(|d| !affirmed.contains(d));
    denied
}

/// Whether `tok` (lowercased, a whole word) denies the rest of its clause.
/// Every token of an affirmative question's search is asked.
pub(super) fn is_negation(tok: &str) -> bool {
    // Most tokens are told apart by length and first and last byte,
    // before any comparison of bytes (a call each, in WebAssembly).
    let b = tok.as_bytes();
    (2..=7).contains(&b.len())
        && matches!(b[0], b'n' | b'w' | b'c' | b'd' | b'i' | b'a' | b'h' | b's')
        && matches!(b[b.len() - 1], b'n' | b't' | b'o' | b'r')
        && NEGATIONS.contains(&tok)
}

/// The terms of `text` a search holds: with `deny` (an affirmative
/// question, [`super::Query::affirmative`]), not a negation nor the words
/// after it in its clause, as the scorer reads a line (this module).
pub fn affirmed_terms(text: &str, deny: bool) -> Vec<String> {
    let mut out = Vec::new();
    let denied = std::cell::Cell::new(false);
    let emit = |t: &str, part: bool| {
        if denied.get() || (deny && !part && is_negation(t)) {
            denied.set(true);
            return;
        }
        out.push(t.to_string());
    };
    super::terms::for_each_term_in_clauses(text, &mut String::new(), emit, || denied.set(false));
    out
}

#[cfg(test)]
mod tests {
    use super::super::stem::Stems;
    use super::super::terms::for_each_term_in_clauses;
    use super::{NEGATIONS, affirmative, denied_stems, is_negation};

    #[test]
    fn a_question_denies_the_few_words_after_its_negation() {
        let stems = Stems::new();
        let denied = |q| denied_stems(q, &stems);
        assert_eq!(
            denied("Which incidents are open with nobody having acknowledged them yet?"),
            ["have", "acknowledg", "them"]
        );
        assert_eq!(
            denied("Which servers haven't been backed up, and which failed?"),
            ["been", "back", "up"]
        );
        // A word asked about affirmed too is not denied.
        assert!(denied("Which jobs passed, and which did not pass?").is_empty());
        // The denial ends at a clause's verb or conjunction.
        assert_eq!(denied("Which users without MFA are admins?"), ["mfa"]);
        assert_eq!(
            denied("Buckets with no encryption and public access"),
            ["encrypt"]
        );
        // "can't" denies as "cannot" does.
        assert_eq!(
            denied("Which hosts can't reach the database?"),
            ["reach", "the", "databas"]
        );
        assert!(denied("Which accounts still accept TLS 1.0?").is_empty());
    }

    #[test]
    fn a_question_for_a_failure_or_an_absence_is_not_affirmative() {
        let stems = Stems::new();
        let affirmative = |q| affirmative(q, &stems);
        assert!(affirmative(
            "Which security group leaves Remote Desktop open to the whole internet?"
        ));
        assert!(affirmative("Which pods are running on node-3?"));
        for q in [
            "Why did the connection to db-3 fail?",
            "Which hosts are not reachable?",
            "Which users don't have MFA?",
            "Which disks are missing?",
            "Which jobs crashed?",
            "Which services are down?",
        ] {
            assert!(!affirmative(q), "{q}");
        }
    }

    #[test]
    fn negations_are_words_and_clauses_end_at_punctuation() {
        // Every negation passes the test of its length and letters.
        for w in NEGATIONS {
            assert!(is_negation(w), "{w}");
        }
        for w in ["node", "none", "now", "n", "t", "nothing"] {
            assert!(!is_negation(w), "{w}");
        }
        // The words of each clause, as the search reads them.
        let clauses = |line: &str| {
            let out = std::cell::RefCell::new(vec![String::new()]);
            for_each_term_in_clauses(
                line,
                &mut String::new(),
                |t, _| {
                    let mut out = out.borrow_mut();
                    let last = out.last_mut().unwrap();
                    last.push_str(if last.is_empty() { "" } else { " " });
                    last.push_str(t);
                },
                || out.borrow_mut().push(String::new()),
            );
            out.into_inner()
        };
        assert_eq!(
            clauses(r#"msg="not authorized" host=web-3. Next, done"#),
            ["msg", "", "not authorized", "host", "web 3", "next", "done"]
        );
        assert_eq!(
            clauses("doesn’t have it (ok)"),
            ["doesn t have it", "ok", ""]
        );
    }
}

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
use super::terms::for_each_term;

/// Words of a line that deny what follows them in its clause (`doesn`,
/// `isn` of "doesn't", "isn't").
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
/// words are denied ([`may_deny`]).
pub(super) fn affirmative(extract: &str) -> bool {
    let stems = Stems::new();
    let mut negative = false;
    for_each_term(extract, &mut String::new(), |t, part| {
        negative |= !part
            && (NEGATIONS.contains(&t)
                || NEGATIVE_STATES.contains(&t)
                || concepts::names_failure(&stems.of(t)));
    });
    !negative
}

/// Whether `tok` (lowercased, a whole word) denies the rest of its clause.
pub(super) fn is_negation(tok: &str) -> bool {
    NEGATIONS.contains(&tok)
}

/// Whether `line` may hold a negation: `no`, `not`, `n't`, `never`,
/// `without`, `cannot`, in any case (one pass, before the tokenizer's).
pub(super) fn may_deny(line: &str) -> bool {
    let b = line.as_bytes();
    (0..b.len()).any(|i| match b[i] | 0x20 {
        b'n' => b
            .get(i + 1)
            .is_some_and(|c| c | 0x20 == b'o' || (*c == b'\'' || *c == 0xE2)),
        b'w' => b.get(i + 1).is_some_and(|c| c | 0x20 == b'i'),
        _ => false,
    }) && (line.split(|c: char| !c.is_alphanumeric()))
        .any(|w| w.len() <= 7 && NEGATIONS.iter().any(|n| w.eq_ignore_ascii_case(n)))
}

/// The clauses of `line`: split at `,` `;` `=` `|`, quotes, brackets, and
/// a `.` before a space. A negation denies up to its clause's end.
pub(super) fn clauses(line: &str) -> impl Iterator<Item = &str> {
    let b = line.as_bytes();
    let mut start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let end = matches!(
                b[i],
                b',' | b';' | b'=' | b'|' | b'"' | b'(' | b')' | b'[' | b']' | b'{' | b'}'
            ) || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_whitespace));
            i += 1;
            if end {
                // ASCII bytes: always a char boundary.
                let clause = &line[start..i - 1];
                start = i;
                return Some(clause);
            }
        }
        (start <= b.len()).then(|| {
            let clause = &line[start..];
            start = b.len() + 1;
            clause
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{affirmative, clauses, may_deny};

    #[test]
    fn a_question_for_a_failure_or_an_absence_is_not_affirmative() {
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
    fn negations_are_found_in_any_case_and_clauses_end_at_punctuation() {
        for line in [
            "does not have Microsoft RDP port 3389 open",
            "NOT OK",
            "doesn't have it",
            "doesn’t have it",
            "No such file",
            "without TLS",
        ] {
            assert!(may_deny(line), "{line}");
        }
        for line in ["node-3 Running", "snow on window", "none"] {
            assert!(!may_deny(line), "{line}");
        }
        let c: Vec<&str> = clauses(r#"msg="not authorized" host=web-3. Next, done"#).collect();
        assert_eq!(
            c,
            [
                "msg",
                "",
                "not authorized",
                " host",
                "web-3",
                " Next",
                " done"
            ]
        );
    }
}

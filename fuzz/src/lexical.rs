//! Target `lexical`: the tokenizer (`terms`), the query parser, the word
//! matching rule and the BM25 scorer, in fixed windows and in records.
//!
//! Input: the extract text up to the first newline, then the document
//! (lossily decoded; its lines are the scored lines).
//!
//! Invariants (the words' own in [`words`]):
//! - query terms are distinct terms of the request, or names it spells
//!   with `-` or `.` (`log4j-core`), held as written, or a name and its
//!   version joined (`tls1` for "TLS 1.0": a word of letters, then digits),
//!   or the word a phrase of it is said by (`depleted` for "ran out",
//!   the guest's own [`phrased`]);
//! - the request itself, read as a line, holds every query term but the
//!   joined ones;
//! - the scorer returns exactly the units that hold a query term by the
//!   guest's public matching rule ([`Query::held_by`], applied here to each
//!   token, without the scorer's prefilter and memo; a failure word
//!   standing in for the question's, [`Held::stand_in`], holds nothing
//!   where the token is only in a path, [`only_in_paths`]; for an
//!   affirmative request, a negation and the words after it in its clause
//!   hold nothing, [`affirmed_terms`]; a name as written by
//!   [`holds_name`], between word boundaries in any case), each with
//!   exactly the terms it holds; units are fixed windows of `WINDOW_LINES` lines, or
//!   with record starts, runs of whole records closed at a record start
//!   once they hold `WINDOW_LINES` lines or after `MAX_UNIT_LINES`, each
//!   naming the first line of the record it starts in;
//! - the terms reported unmatched are exactly those no token holds;
//! - scores are finite and positive, best first then by line, and keeping
//!   fewer returns a prefix of that ranking.

mod words;

use std::collections::HashMap;

use tool_output_guest::strategy::lexical::search::{
    Held, MAX_UNIT_LINES, Query, Ranked, Scorer, WINDOW_LINES, affirmed_terms, only_in_paths,
    phrased, terms,
};

use crate::support::Rng;

/// (first line, last line, first line of its record, matched terms).
type Unit = (u64, u64, u64, Vec<String>);

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (request, document) = text.split_once('\n').unwrap_or((&text, ""));
    let mut rng = Rng::of(data);
    words::check(request, document, &mut rng);
    let Some(query) = Query::parse(request) else {
        assert!(
            terms(request).is_empty(),
            "no query from a request with terms"
        );
        return;
    };
    let qterms = query.terms();
    let all = terms(request);
    // What a phrase is said by in outputs ("ran out" is `depleted`).
    let phrased = phrased(request);
    for (i, t) in qterms.iter().enumerate() {
        assert!(
            all.iter().any(|a| a == t)
                || (is_name(t) && holds_name(request, t))
                || (query.is_guessed(i) && (is_joined(t, &all) || phrased.contains(t))),
            "query term {t:?} is not a term of the request"
        );
        assert!(!qterms[..i].contains(t), "query term {t:?} twice");
    }
    let itself = score(&query, &[request], None, usize::MAX);
    let held: Vec<&String> = itself
        .windows
        .iter()
        .flat_map(|w| &w.matched_terms)
        .collect();
    let own = |i: usize| !query.is_guessed(i);
    assert!(
        (qterms.iter().enumerate()).all(|(i, t)| !own(i) || held.iter().any(|h| h == t)),
        "the request as a line holds only {held:?} of {qterms:?}"
    );

    let lines: Vec<&str> = document.split('\n').collect();
    let starts = record_starts(lines.len(), &mut rng);
    let ranked = score(&query, &lines, starts.as_deref(), usize::MAX);
    let mut holder = Holder::new(&query);
    let expected = expected_units(&mut holder, &lines, starts.as_deref());
    let mut got: Vec<Unit> = (ranked.windows.iter())
        .map(|w| {
            let terms = w.matched_terms.clone();
            (w.first_line, w.last_line, w.record_first, terms)
        })
        .collect();
    got.sort();
    assert_eq!(got, expected, "units holding a query term");
    let found: Vec<&String> = expected.iter().flat_map(|u| &u.3).collect();
    // A joined term is a guess at a spelling: never said to be missing.
    let unmatched: Vec<&str> = (qterms.iter().enumerate())
        .filter(|&(i, t)| own(i) && !found.iter().any(|f| f == t))
        .map(|(_, t)| *t)
        .collect();
    assert_eq!(ranked.unmatched, unmatched, "terms no line holds");

    let windows = &ranked.windows;
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
    let top = score(&query, &lines, starts.as_deref(), keep).windows;
    assert_eq!(top, windows[..keep.min(windows.len())], "keep {keep}");
}

/// None (fixed windows) or, for an output made of records, whether each
/// line starts one: every line, a few, or almost none (units then reach
/// `MAX_UNIT_LINES`).
fn record_starts(lines: usize, rng: &mut Rng) -> Option<Vec<bool>> {
    let every = [0, 1, 3, 16, 2000][rng.below(5)];
    (every > 0).then(|| (0..lines).map(|_| rng.below(every) == 0).collect())
}

fn score(query: &Query, lines: &[&str], starts: Option<&[bool]>, keep: usize) -> Ranked {
    let mut scorer = Scorer::new(query, keep);
    for (i, line) in lines.iter().enumerate() {
        match starts {
            Some(starts) => scorer.push_record_line(i as u64 + 1, line, starts[i]),
            None => scorer.push_line(i as u64 + 1, line),
        }
    }
    scorer.finish()
}

/// The ways a token holds query terms, by the guest's rule, remembered per
/// token.
struct Holder<'q> {
    query: &'q Query,
    seen: HashMap<String, Vec<Held>>,
}

impl<'q> Holder<'q> {
    fn new(query: &'q Query) -> Self {
        Holder {
            query,
            seen: HashMap::new(),
        }
    }

    /// The terms `token` holds on `line`: a failure word standing in for
    /// the question's holds nothing where it is only in a path.
    fn terms_of(&mut self, token: &str, line: &str) -> Vec<usize> {
        let query = self.query;
        let held = self
            .seen
            .entry(token.to_string())
            .or_insert_with(|| query.held_by(token));
        let in_paths = || line.contains(['/', '\\']) && only_in_paths(line, token);
        held.iter()
            .filter(|h| !h.stand_in || !in_paths())
            .map(|h| h.term)
            .collect()
    }
}

/// Every unit that holds a query term, in line order (see the module
/// header for what a unit is).
fn expected_units(holder: &mut Holder, lines: &[&str], starts: Option<&[bool]>) -> Vec<Unit> {
    // (first, last, record first) of every unit.
    let mut units: Vec<(u64, u64, u64)> = Vec::new();
    let mut record = 1;
    for n in 1..=lines.len() as u64 {
        let (close, starts_record) = match starts {
            None => ((n - 1) % WINDOW_LINES == 0, true),
            Some(starts) => {
                let start = starts[n as usize - 1];
                let held = units.last().map_or(0, |u| u.1 + 1 - u.0);
                let close =
                    units.is_empty() || (start && held >= WINDOW_LINES) || held >= MAX_UNIT_LINES;
                (close, start || n == 1)
            }
        };
        if starts_record {
            record = n;
        }
        match units.last_mut() {
            Some(unit) if !close => unit.1 = n,
            _ => units.push((n, n, record)),
        }
    }
    let names = holder.query.terms();
    let mut out = Vec::new();
    for (first, last, record_first) in units {
        let mut hit = vec![false; names.len()];
        for line in &lines[first as usize - 1..last as usize] {
            for token in affirmed_terms(line, holder.query.affirmative()) {
                for t in holder.terms_of(&token, line) {
                    hit[t] = true;
                }
            }
            for (t, name) in names.iter().enumerate() {
                hit[t] |= is_name(name) && holds_name(line, name);
            }
        }
        let held: Vec<String> = (0..names.len())
            .filter(|&t| hit[t])
            .map(|t| names[t].to_string())
            .collect();
        if !held.is_empty() {
            out.push((first, last, record_first, held));
        }
    }
    out
}

/// A query term that is a name as written: no token holds `-` or `.`.
/// Whether `term` is a word of the request's terms `all` (letters only)
/// with digits after it: a name joined to its version.
fn is_joined(term: &str, all: &[String]) -> bool {
    all.iter().any(|a| {
        !a.is_empty()
            && a.bytes().all(|b| b.is_ascii_alphabetic())
            && (term.strip_prefix(a.as_str())).is_some_and(|rest| {
                let rest = rest.strip_prefix('v').unwrap_or(rest);
                !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit() || b == b'_')
            })
    })
}

fn is_name(term: &str) -> bool {
    term.contains(['-', '.'])
}

/// Whether `line` holds `name` (lowercase ASCII) in any case, with no
/// letter, digit or `_` just before or after it: written here apart from
/// the guest's scan, char by char.
fn holds_name(line: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    line.char_indices().any(|(i, _)| {
        let rest = &line[i..];
        rest.len() >= name.len()
            && rest.is_char_boundary(name.len())
            && rest[..name.len()].to_ascii_lowercase() == name
            && !word(line[..i].chars().next_back())
            && !word(rest[name.len()..].chars().next())
    })
}

//! The "lexical" extraction strategy's ranking: BM25 over units of lines.
//!
//! Used when no LLM is available. The model's natural-language request is
//! reduced to a handful of terms ([`Query`]), the document is streamed once
//! line by line into a [`Scorer`], and the best [`Window`]s come back. A
//! unit is a fixed window of [`WINDOW_LINES`] lines, or, when the output is
//! made of records (commits, list items, log entries with their traces), a
//! run of whole records of at least that many lines: a record's words count
//! together, so a commit's message and its changed line rank as one. Memory
//! is O(units that contain a query term), never O(document bytes): each is
//! held as a compact record of its query-term frequencies, because BM25's
//! document frequencies are only known at the end of the stream.

mod concepts;
mod denial;
mod matcher;
mod query;
mod stem;
mod terms;

pub use denial::affirmed_terms;
use matcher::Matcher;
pub use matcher::{Held, RELATED_WEIGHT};
pub use query::{PART_WEIGHT, Query, percentile, phrased};
pub use terms::terms;
use terms::{for_each_term, for_each_term_in_clauses};

use crate::view::errors::path_word;

/// Lines per fixed window, and the fewest lines of a unit of records.
pub const WINDOW_LINES: u64 = 8;
/// A record longer than this is scored in units of this many lines.
pub const MAX_UNIT_LINES: u64 = 512;

/// BM25 term-frequency saturation.
const K1: f64 = 1.2;
/// BM25 length normalisation.
const B: f64 = 0.75;
/// Held candidate windows before the weakest are pruned (see [`Scorer::push_line`]).
const MAX_CANDIDATES: usize = 200_000;

/// A scored range of lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// 1-based, inclusive.
    pub first_line: u64,
    /// Inclusive.
    pub last_line: u64,
    /// The first line of the record holding `first_line` (itself for fixed
    /// windows and units that start a record).
    pub record_first: u64,
    pub score: f64,
    /// Distinct query terms present in the window, in query order.
    pub matched_terms: Vec<String>,
}

/// What scoring needs of the whole document: per-form idf, the average
/// unit length, and the coverage of a unit holding every term that occurs.
struct Stats {
    idf: Vec<f64>,
    avgdl: f64,
    coverage: f64,
}

/// The best windows, and the query terms no line holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub windows: Vec<Window>,
    pub unmatched: Vec<String>,
}

/// A closed unit with at least one query term: all BM25 needs, no text.
struct Candidate {
    first_line: u64,
    last_line: u64,
    record_first: u64,
    /// Unit length in terms (saturating).
    len: u32,
    /// Sparse (form index, frequency): typically one to three entries, so
    /// cheaper than a dense vector per unit.
    tf: Box<[(u32, u32)]>,
}

/// The unit being read.
struct Open {
    first_line: u64,
    last_line: u64,
    record_first: u64,
}

/// Which query terms the line last pushed holds: a bit per term (the
/// first 64), by the term's own word or only by a related one, and the
/// first token that held one by its own word (else by a related one).
#[derive(Debug, Clone, Default)]
pub struct LineHits {
    pub own: u64,
    pub related: u64,
    /// Terms held by a word right after a word holding a term the request
    /// has right before them ([`Query::follows`]): `New user added` for
    /// "a new user", not `user` and `new` apart.
    pub phrases: u64,
    /// Terms held by a whole word, not only by a part of one (`Payroll`,
    /// not `PayrollArchive`'s part).
    pub whole: u64,
    /// A bit per form (the first 128): which words of the terms it holds.
    pub forms: u128,
    pub token: String,
}

impl LineHits {
    pub fn any(&self) -> bool {
        self.own | self.related != 0
    }
}

/// Streams a document once and keeps what BM25 needs per unit.
pub struct Scorer {
    terms: Vec<String>,
    /// Terms never said to be missing ([`Query::guessed`]).
    unsaid: Vec<usize>,
    weights: Vec<f64>,
    /// Per form (every term's forms, flattened): its term, and its weight
    /// (the term's, less for a related word).
    form_term: Vec<u32>,
    form_weight: Vec<f64>,
    matcher: Matcher,
    keep: usize,
    limit: usize,
    buf: String,
    cur: Option<Open>,
    /// The first line of the record being read (records mode).
    record_first: u64,
    cur_len: u64,
    cur_tf: Vec<u32>,
    windows: u64,
    total_len: u64,
    df: Vec<u64>,
    candidates: Vec<Candidate>,
    /// Per form: whether it is a related word of its term.
    form_related: Vec<bool>,
    /// Per form: whether it is a failure word standing in for the
    /// question's (a related word, a phrase's word): found only in a path
    /// (`Failed_Pruefbericht.pdf`, `error.log`), it names a file, not a
    /// failure. Other words in a path locate what is asked about
    /// (`config/prod/` for "production").
    form_stand_in: Vec<bool>,
    /// The last line's hits.
    hits: LineHits,
    /// Per term: the terms right after it in the request, as bits.
    follows: Vec<u64>,
    /// Whether a line's negated words are denied ([`Query::affirmative`]).
    deny: bool,
}

impl Scorer {
    /// `keep`: how many best windows to return at most.
    pub fn new(query: &Query, keep: usize) -> Self {
        Self::with_limit(query, keep, MAX_CANDIDATES)
    }

    fn with_limit(query: &Query, keep: usize, limit: usize) -> Self {
        let (mut form_term, mut form_weight, mut form_related, mut form_stand_in) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (t, forms) in query.forms.iter().enumerate() {
            for f in forms {
                form_term.push(t as u32);
                form_weight.push(query.weights[t] * f64::from(f.tenths) / 10.0);
                form_related.push(f.tenths < 10);
                form_stand_in.push(query.stands_in(t, f));
            }
        }
        let n = form_term.len();
        Scorer {
            terms: query.terms.clone(),
            unsaid: query.guessed.clone(),
            weights: query.weights.clone(),
            form_term,
            form_weight,
            matcher: Matcher::new(query),
            keep,
            limit: limit.max(keep.saturating_mul(2)),
            buf: String::new(),
            cur: None,
            record_first: 1,
            cur_len: 0,
            cur_tf: vec![0; n],
            windows: 0,
            total_len: 0,
            df: vec![0; n],
            candidates: Vec::new(),
            form_related,
            form_stand_in,
            hits: LineHits::default(),
            follows: query.follows.clone(),
            deny: query.affirmative,
        }
    }

    /// What the line last pushed holds.
    pub fn line_hits(&self) -> &LineHits {
        &self.hits
    }

    /// Feed every line of the document once, in order, line numbers 1-based
    /// and consecutive, scored in fixed windows of [`WINDOW_LINES`].
    ///
    /// If more than 200 000 windows containing a query term accumulate, the
    /// weaker half is dropped, ranked by BM25 with the statistics seen so far
    /// (never below `2 * keep` held); document frequencies stay exact.
    pub fn push_line(&mut self, line_no: u64, line: &str) {
        let same = (self.cur.as_ref())
            .is_some_and(|o| (o.first_line - 1) / WINDOW_LINES == (line_no - 1) / WINDOW_LINES);
        self.advance(line_no, !same, line_no);
        self.count_terms(line);
    }

    /// As [`Self::push_line`], for an output made of records: `starts` says
    /// whether this line starts one. Units close at a record start once
    /// they hold [`WINDOW_LINES`] lines, or after [`MAX_UNIT_LINES`].
    pub fn push_record_line(&mut self, line_no: u64, line: &str, starts: bool) {
        if starts || self.cur.is_none() {
            self.record_first = line_no;
        }
        let lines = self
            .cur
            .as_ref()
            .map_or(0, |o| o.last_line + 1 - o.first_line);
        let close =
            self.cur.is_none() || (starts && lines >= WINDOW_LINES) || lines >= MAX_UNIT_LINES;
        self.advance(line_no, close, self.record_first);
        self.count_terms(line);
    }

    fn advance(&mut self, line_no: u64, new_unit: bool, record_first: u64) {
        if new_unit {
            self.close_window();
            self.cur = Some(Open {
                first_line: line_no,
                last_line: line_no,
                record_first,
            });
        } else if let Some(open) = &mut self.cur {
            open.last_line = line_no;
        }
    }

    fn count_terms(&mut self, line: &str) {
        let Self {
            matcher,
            buf,
            cur_len,
            cur_tf,
            form_term,
            form_related,
            form_stand_in,
            hits,
            follows,
            deny,
            ..
        } = self;
        hits.own = 0;
        hits.related = 0;
        hits.forms = 0;
        hits.token.clear();
        let mut own_token = false;
        let paths = line.contains(['/', '\\']);
        let mut hit = |tok: &str, f: u32| {
            // A failure word only in a path (`Failed_Pruefbericht.pdf`
            // for "fail") names a file, not a failure.
            if form_stand_in[f as usize] && paths && only_in_paths(line, tok) {
                return;
            }
            let related = form_related[f as usize];
            let tf = &mut cur_tf[f as usize];
            *tf = tf.saturating_add(1);
            let bit = 1u64.checked_shl(form_term[f as usize]).unwrap_or(0);
            hits.forms |= 1u128.checked_shl(f).unwrap_or(0);
            if related {
                hits.related |= bit;
            } else {
                hits.own |= bit;
            }
            if hits.token.is_empty() || (!related && !own_token) {
                hits.token.clear();
                hits.token.push_str(tok);
                own_token = !related;
            }
        };
        // The terms of the word before, and of this one, for phrases.
        let (mut before, mut phrases, mut whole) = (0u64, 0u64, 0u64);
        // Words after a negation in their clause are denied, not held.
        let denied = std::cell::Cell::new(false);
        let token = |tok: &str, part: bool| {
            *cur_len += 1;
            if denied.get() || (*deny && !part && denial::is_negation(tok)) {
                denied.set(true);
                before = 0;
                return;
            }
            let mut now = 0u64;
            matcher.hits(tok, |f| {
                now |= 1u64.checked_shl(form_term[f as usize]).unwrap_or(0);
                hit(tok, f);
            });
            if !part {
                whole |= now;
            }
            let mut after = 0u64;
            let mut bits = before;
            while bits != 0 {
                after |= follows
                    .get(bits.trailing_zeros() as usize)
                    .copied()
                    .unwrap_or(0);
                bits &= bits - 1;
            }
            phrases |= now & after;
            before = now;
        };
        if *deny {
            for_each_term_in_clauses(line, buf, token, || denied.set(false));
        } else {
            for_each_term(line, buf, token);
        }
        matcher.verbatim_hits(line, |f, text| hit(text, f));
        hits.related &= !hits.own;
        // Only terms the line was counted for (a failure word only in a
        // path is not).
        let held = hits.own | hits.related;
        hits.phrases = phrases & held;
        hits.whole = whole & held;
    }

    fn close_window(&mut self) {
        let Some(open) = self.cur.take() else {
            return;
        };
        self.windows += 1;
        self.total_len += self.cur_len;
        let tf: Box<[(u32, u32)]> = (self.cur_tf.iter().enumerate())
            .filter(|&(_, &f)| f > 0)
            .map(|(i, &f)| (i as u32, f))
            .collect();
        if !tf.is_empty() {
            for &(i, _) in &tf {
                self.df[i as usize] += 1;
            }
            let len = u32::try_from(self.cur_len).unwrap_or(u32::MAX);
            self.candidates.push(Candidate {
                first_line: open.first_line,
                last_line: open.last_line,
                record_first: open.record_first,
                len,
                tf,
            });
            if self.candidates.len() > self.limit {
                self.prune(self.limit / 2);
            }
        }
        self.cur_len = 0;
        self.cur_tf.fill(0);
    }

    /// Keeps the `target` best candidates under the statistics seen so far.
    fn prune(&mut self, target: usize) {
        let st = self.stats();
        let mut scored: Vec<(f64, Candidate)> = std::mem::take(&mut self.candidates)
            .into_iter()
            .map(|c| (self.score(&c, &st), c))
            .collect();
        if scored.len() > target {
            scored.select_nth_unstable_by(target, |a, b| {
                rank(a.0, a.1.first_line, b.0, b.1.first_line)
            });
            scored.truncate(target);
        }
        self.candidates = scored.into_iter().map(|(_, c)| c).collect();
    }

    /// Per-form idf, the average unit length, and the coverage of a unit
    /// holding every term that occurs, over all units so far.
    fn stats(&self) -> Stats {
        let n = self.windows as f64;
        let idf: Vec<f64> = (self.df.iter())
            .map(|&df| (1.0 + (n - df as f64 + 0.5) / (df as f64 + 0.5)).ln())
            .collect();
        let avgdl = (self.total_len as f64 / n.max(1.0)).max(f64::MIN_POSITIVE);
        let mut best = vec![0.0f64; self.terms.len()];
        for (f, &df) in self.df.iter().enumerate() {
            let t = self.form_term[f] as usize;
            if df > 0 {
                best[t] = best[t].max(self.weights[t] * idf[f]);
            }
        }
        let coverage = best.iter().sum::<f64>().max(f64::MIN_POSITIVE);
        Stats {
            idf,
            avgdl,
            coverage,
        }
    }

    /// BM25 over forms (each weighed by its own rarity: `critical` among
    /// `severity` lines counts for more), times a coverage bonus so a unit
    /// matching more distinct query terms beats one repeating a single term
    /// (BM25 alone saturates slowly). Coverage is weighed by rarity too: a
    /// word on every record (`pod` in a pod list) adds little.
    fn score(&self, c: &Candidate, st: &Stats) -> f64 {
        let norm = K1 * (1.0 - B + B * f64::from(c.len) / st.avgdl);
        let (mut bm25, mut covered) = (0.0, 0.0);
        for (k, &(f, tf)) in c.tf.iter().enumerate() {
            let (f, tf) = (f as usize, f64::from(tf));
            bm25 += self.form_weight[f] * st.idf[f] * tf * (K1 + 1.0) / (tf + norm);
            // A term counts once, by its rarest form here (entries are few).
            let t = self.form_term[f];
            let value = self.weights[t as usize] * st.idf[f];
            let same = |&(g, _): &(u32, u32)| self.form_term[g as usize] == t;
            let better = |&(g, _): &(u32, u32)| {
                let other = self.weights[t as usize] * st.idf[g as usize];
                other > value || (other == value && g < f as u32)
            };
            if !c
                .tf
                .iter()
                .enumerate()
                .any(|(j, e)| j != k && same(e) && better(e))
            {
                covered += value;
            }
        }
        bm25 * (1.0 + covered / st.coverage)
    }

    /// Best windows, highest score first, ties broken by earlier line; windows
    /// with score 0 are never returned.
    pub fn finish(mut self) -> Ranked {
        self.close_window();
        let st = self.stats();
        let mut scored: Vec<(f64, &Candidate)> = (self.candidates.iter())
            .map(|c| (self.score(c, &st), c))
            .filter(|&(s, _)| s > 0.0)
            .collect();
        scored.sort_by(|a, b| rank(a.0, a.1.first_line, b.0, b.1.first_line));
        let windows = (scored.into_iter().take(self.keep))
            .map(|(score, c)| Window {
                first_line: c.first_line,
                last_line: c.last_line,
                record_first: c.record_first,
                score,
                matched_terms: self.term_names(c.tf.iter().map(|&(f, _)| f)),
            })
            .collect();
        let held = self.term_names((0..self.df.len() as u32).filter(|&f| self.df[f as usize] > 0));
        let unmatched = (self.terms.iter().enumerate())
            .filter(|(i, t)| !held.contains(t) && !self.unsaid.contains(i))
            .map(|(_, t)| t.clone())
            .collect();
        Ranked { windows, unmatched }
    }
}

impl Scorer {
    /// The distinct terms of `forms`, in query order.
    fn term_names(&self, forms: impl Iterator<Item = u32>) -> Vec<String> {
        let mut terms: Vec<u32> = forms.map(|f| self.form_term[f as usize]).collect();
        terms.sort_unstable();
        terms.dedup();
        (terms.iter())
            .map(|&t| self.terms[t as usize].clone())
            .collect()
    }
}

/// Which query terms a line holds, with the scorer's matching: for
/// choosing the lines to show of a long record.
pub struct LineTerms {
    matcher: Matcher,
    form_term: Vec<u32>,
    buf: String,
    seen: Vec<bool>,
}

impl LineTerms {
    pub fn new(query: &Query) -> Self {
        let form_term = (query.forms.iter().enumerate())
            .flat_map(|(t, forms)| forms.iter().map(move |_| t as u32))
            .collect();
        LineTerms {
            matcher: Matcher::new(query),
            form_term,
            buf: String::new(),
            seen: vec![false; query.terms.len()],
        }
    }

    /// How many distinct query terms `line` holds.
    pub fn count(&mut self, line: &str) -> usize {
        self.mark(line);
        self.seen.iter().filter(|&&s| s).count()
    }

    /// The query terms `line` holds, as bits by index (the first 64).
    pub fn mask(&mut self, line: &str) -> u64 {
        self.mark(line);
        (self.seen.iter().take(64).enumerate())
            .filter(|&(_, &s)| s)
            .fold(0, |bits, (t, _)| bits | 1 << t)
    }

    /// The query terms `line` holds, by index.
    pub fn held(&mut self, line: &str) -> Vec<usize> {
        self.mark(line);
        (self.seen.iter().enumerate())
            .filter_map(|(t, &s)| s.then_some(t))
            .collect()
    }

    /// Marks in `seen` the query terms `line` holds.
    fn mark(&mut self, line: &str) {
        let Self {
            matcher,
            form_term,
            buf,
            seen,
        } = self;
        seen.fill(false);
        for_each_term(line, buf, |tok, _| {
            matcher.hits(tok, |f| seen[form_term[f as usize] as usize] = true);
        });
        matcher.verbatim_hits(line, |f, _| seen[form_term[f as usize] as usize] = true);
    }
}

/// Higher score first, then earlier line: a total, deterministic order.
fn rank(sa: f64, la: u64, sb: f64, lb: u64) -> std::cmp::Ordering {
    sb.total_cmp(&sa).then(la.cmp(&lb))
}

#[cfg(test)]
mod tests;

/// Whether every place `line` holds `token` (lowercased) is a word of a
/// path ([`path_word`]): a [`Held::stand_in`] there is no hit.
pub fn only_in_paths(line: &str, token: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let mut found = false;
    for (at, _) in lower.match_indices(token) {
        if !path_word(line.as_bytes(), at) {
            return false;
        }
        found = true;
    }
    found
}

//! The "lexical" extraction strategy: rank fixed windows of lines by BM25.
//!
//! Used when no LLM is available. The model's natural-language request is
//! reduced to a handful of terms ([`Query`]), the document is streamed once
//! line by line into a [`Scorer`], and the best [`Window`]s come back. Memory
//! is O(windows that contain a query term), never O(document bytes): each such
//! window is held as a compact record of its query-term frequencies, because
//! BM25's document frequencies are only known at the end of the stream.

mod query;
mod terms;

use std::collections::HashMap;

pub use query::Query;
use terms::for_each_term;
pub use terms::terms;

/// Lines per scored window ("document" in BM25 terms).
pub const WINDOW_LINES: u64 = 8;

/// BM25 term-frequency saturation.
const K1: f64 = 1.2;
/// BM25 length normalisation.
const B: f64 = 0.75;
/// Held candidate windows before the weakest are pruned (see [`Scorer::push_line`]).
const MAX_CANDIDATES: usize = 200_000;
/// Up to this many query terms a linear scan beats hashing every token.
const LINEAR_SCAN_MAX: usize = 16;

/// A scored range of lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// 1-based, inclusive.
    pub first_line: u64,
    /// Inclusive.
    pub last_line: u64,
    pub score: f64,
    /// Distinct query terms present in the window, in query order.
    pub matched_terms: Vec<String>,
}

/// A closed window with at least one query term: all BM25 needs, no text.
struct Candidate {
    first_line: u64,
    last_line: u64,
    /// Window length in terms (saturating).
    len: u32,
    /// Sparse (query-term index, frequency): typically one to three entries,
    /// so cheaper than a dense vector per window for long queries.
    tf: Box<[(u32, u32)]>,
}

/// Streams a document once and keeps what BM25 needs per window.
pub struct Scorer {
    terms: Vec<String>,
    weights: Vec<f64>,
    /// Query terms a longer line term may extend (ASCII, ≥ 4 bytes).
    prefix_ok: Vec<bool>,
    /// Term → index, only for queries too long for a linear scan.
    index: Option<HashMap<String, usize>>,
    /// [`len_bit`]s of the line-term lengths that can match at all, and of
    /// the prefix-extendable query terms: most tokens are rejected by one AND.
    reach: u64,
    stem_lens: u64,
    keep: usize,
    limit: usize,
    buf: String,
    /// Window index, first and last line of the open window.
    cur: Option<(u64, u64, u64)>,
    cur_len: u64,
    cur_tf: Vec<u32>,
    windows: u64,
    total_len: u64,
    df: Vec<u64>,
    candidates: Vec<Candidate>,
}

impl Scorer {
    /// `keep`: how many best windows to return at most.
    pub fn new(query: &Query, keep: usize) -> Self {
        Self::with_limit(query, keep, MAX_CANDIDATES)
    }

    fn with_limit(query: &Query, keep: usize, limit: usize) -> Self {
        let n = query.terms.len();
        let index = (n > LINEAR_SCAN_MAX).then(|| {
            query
                .terms
                .iter()
                .enumerate()
                .map(|(i, t)| (t.clone(), i))
                .collect()
        });
        let prefix_ok: Vec<bool> = (query.terms.iter())
            .map(|t| t.is_ascii() && t.len() >= 4)
            .collect();
        let (mut reach, mut stem_lens) = (0, 0);
        for (t, &p) in query.terms.iter().zip(&prefix_ok) {
            reach |= len_bit(t.len());
            if p {
                stem_lens |= len_bit(t.len());
                reach |= len_bit(t.len() + 1) | len_bit(t.len() + 2) | len_bit(t.len() + 3);
            }
        }
        Scorer {
            terms: query.terms.clone(),
            weights: query.weights.clone(),
            prefix_ok,
            index,
            reach,
            stem_lens,
            keep,
            limit: limit.max(keep.saturating_mul(2)),
            buf: String::new(),
            cur: None,
            cur_len: 0,
            cur_tf: vec![0; n],
            windows: 0,
            total_len: 0,
            df: vec![0; n],
            candidates: Vec::new(),
        }
    }

    /// Feed every line of the document once, in order, line numbers 1-based
    /// and consecutive.
    ///
    /// If more than 200 000 windows containing a query term accumulate, the
    /// weaker half is dropped, ranked by BM25 with the statistics seen so far
    /// (never below `2 * keep` held); document frequencies stay exact.
    pub fn push_line(&mut self, line_no: u64, line: &str) {
        let w = line_no.saturating_sub(1) / WINDOW_LINES;
        match &mut self.cur {
            Some((idx, _, last)) if *idx == w => *last = line_no,
            _ => {
                self.close_window();
                self.cur = Some((w, line_no, line_no));
            }
        }
        let Self {
            terms,
            prefix_ok,
            index,
            reach,
            stem_lens,
            buf,
            cur_len,
            cur_tf,
            ..
        } = self;
        for_each_term(line, buf, |tok, _| {
            *cur_len += 1;
            if *reach & len_bit(tok.len()) == 0 {
                return;
            }
            let mut hit = |i: usize| cur_tf[i] = cur_tf[i].saturating_add(1);
            match index {
                None => {
                    for (i, q) in terms.iter().enumerate() {
                        if tok == q || (prefix_ok[i] && extends(tok, q)) {
                            hit(i);
                        }
                    }
                }
                Some(map) => {
                    if let Some(&i) = map.get(tok) {
                        hit(i);
                    }
                    for k in 1..=3 {
                        let stem = (tok.len().checked_sub(k))
                            .filter(|&l| *stem_lens & len_bit(l) != 0)
                            .and_then(|l| tok.get(..l));
                        if let Some(&i) = stem.and_then(|s| map.get(s))
                            && prefix_ok[i]
                        {
                            hit(i);
                        }
                    }
                }
            }
        });
    }

    fn close_window(&mut self) {
        let Some((_, first_line, last_line)) = self.cur.take() else {
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
                first_line,
                last_line,
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
        let (idf, avgdl) = self.stats();
        let mut scored: Vec<(f64, Candidate)> = std::mem::take(&mut self.candidates)
            .into_iter()
            .map(|c| (self.score(&c, &idf, avgdl), c))
            .collect();
        if scored.len() > target {
            scored.select_nth_unstable_by(target, |a, b| {
                rank(a.0, a.1.first_line, b.0, b.1.first_line)
            });
            scored.truncate(target);
        }
        self.candidates = scored.into_iter().map(|(_, c)| c).collect();
    }

    /// Per-term idf and the average window length, over all windows so far.
    fn stats(&self) -> (Vec<f64>, f64) {
        let n = self.windows as f64;
        let idf = (self.df.iter())
            .map(|&df| (1.0 + (n - df as f64 + 0.5) / (df as f64 + 0.5)).ln())
            .collect();
        let avgdl = (self.total_len as f64 / n.max(1.0)).max(f64::MIN_POSITIVE);
        (idf, avgdl)
    }

    /// BM25, times a coverage bonus so a window matching more distinct query
    /// terms beats one repeating a single term (BM25 alone saturates slowly).
    fn score(&self, c: &Candidate, idf: &[f64], avgdl: f64) -> f64 {
        let norm = K1 * (1.0 - B + B * f64::from(c.len) / avgdl);
        let (mut bm25, mut covered) = (0.0, 0.0);
        for &(i, tf) in &c.tf {
            let (i, tf) = (i as usize, f64::from(tf));
            bm25 += self.weights[i] * idf[i] * tf * (K1 + 1.0) / (tf + norm);
            covered += self.weights[i];
        }
        let total: f64 = self.weights.iter().sum();
        bm25 * (1.0 + covered / total)
    }

    /// Best windows, highest score first, ties broken by earlier line; windows
    /// with score 0 are never returned.
    pub fn finish(mut self) -> Vec<Window> {
        self.close_window();
        let (idf, avgdl) = self.stats();
        let mut scored: Vec<(f64, &Candidate)> = (self.candidates.iter())
            .map(|c| (self.score(c, &idf, avgdl), c))
            .filter(|&(s, _)| s > 0.0)
            .collect();
        scored.sort_by(|a, b| rank(a.0, a.1.first_line, b.0, b.1.first_line));
        (scored.into_iter().take(self.keep))
            .map(|(score, c)| Window {
                first_line: c.first_line,
                last_line: c.last_line,
                score,
                matched_terms: c
                    .tf
                    .iter()
                    .map(|&(i, _)| self.terms[i as usize].clone())
                    .collect(),
            })
            .collect()
    }
}

/// One bit per term length in bytes, lengths of 63 and more sharing the last.
fn len_bit(len: usize) -> u64 {
    1 << len.min(63)
}

/// Line term `tok` extends query term `q` by one to three bytes
/// (`timeout` → `timeouts`, `timeouted`): cheap stemming for English logs.
fn extends(tok: &str, q: &str) -> bool {
    tok.len() > q.len() && tok.len() <= q.len() + 3 && tok.starts_with(q)
}

/// Higher score first, then earlier line: a total, deterministic order.
fn rank(sa: f64, la: u64, sb: f64, lb: u64) -> std::cmp::Ordering {
    sb.total_cmp(&sa).then(la.cmp(&lb))
}

#[cfg(test)]
mod tests;

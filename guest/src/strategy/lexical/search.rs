//! The "lexical" extraction strategy: rank fixed windows of lines by BM25.
//!
//! Used when no LLM is available. The model's natural-language request is
//! reduced to a handful of terms ([`Query`]), the document is streamed once
//! line by line into a [`Scorer`], and the best [`Window`]s come back. Memory
//! is O(windows that contain a query term), never O(document bytes): each such
//! window is held as a compact record of its query-term frequencies, because
//! BM25's document frequencies are only known at the end of the stream.

use std::collections::HashMap;

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
/// Weight of a snake_case part (`foo` of `foo_bar`): the whole term already
/// carries the evidence, a part alone is weaker.
const PART_WEIGHT: f64 = 0.5;

/// Request words that say *what to do*, not *what to find*. Small and fixed on
/// purpose: anything that could be log content (`not`, `error`, `no`) stays.
const STOPWORDS: &[&str] = &[
    "a", "about", "all", "an", "and", "any", "are", "as", "at", "be", "been", "by", "can", "could",
    "did", "do", "does", "each", "every", "extract", "find", "for", "from", "get", "give", "had",
    "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "just", "line", "lines",
    "list", "look", "made", "make", "me", "my", "of", "on", "only", "or", "our", "output",
    "please", "return", "search", "should", "show", "so", "some", "tell", "that", "the", "their",
    "them", "then", "there", "these", "they", "this", "those", "to", "us", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "with", "would", "you", "your",
    // Chinese instruction bigrams ("find", "all", "list", "show", "which", "what", …).
    "找出", "查找", "列出", "显示", "所有", "全部", "哪些", "哪个", "什么", "给我", "提取", "一下",
];

/// Particles: a query bigram containing one almost always straddles a word
/// boundary (`超时的请求` → `时的`, `的请`), so it is noise.
const PARTICLES: &[char] = &['的', '了', '吗', '呢', 'の', 'を'];

/// Terms of a query or a line, lowercased, in order, duplicates kept.
///
/// Word runs (letters, digits, `_`, any alphabet with spaces) are kept whole
/// and, when they contain `_`, also split into their parts (`foo_bar` →
/// `foo_bar`, `foo`, `bar`): a query for `tokio` must find `tokio_util`. Paths
/// split on `/` and `.` anyway. Runs of scripts written without spaces (CJK
/// ideographs, kana, Hangul, Thai, Lao, Myanmar, Khmer) have no word
/// boundaries to find, so they yield overlapping bigrams (a lone character
/// yields itself). Punctuation, symbols and emoji separate terms.
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_term(text, &mut String::new(), |t, _| out.push(t.to_owned()));
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Class {
    Sep,
    Word,
    Spaceless,
}

fn class(c: char) -> Class {
    if c.is_ascii() {
        return if c.is_ascii_alphanumeric() || c == '_' {
            Class::Word
        } else {
            Class::Sep
        };
    }
    let u = c as u32;
    // South-east Asian scripts: whole block, since their combining vowel and
    // tone marks are not all `Alphabetic` but are part of the word.
    if matches!(u, 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF) {
        return Class::Spaceless;
    }
    let cjk = matches!(u,
        0x1100..=0x11FF | 0x3040..=0x30FF | 0x3130..=0x318F | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7FF
        | 0xF900..=0xFAFF | 0xFF66..=0xFF9F | 0x20000..=0x3FFFF);
    match (cjk, c.is_alphanumeric()) {
        (true, true) => Class::Spaceless, // excludes punctuation such as `・`
        (false, true) => Class::Word,
        _ => Class::Sep,
    }
}

/// The tokenizer behind [`terms`]: calls `emit(term, is_snake_part)` per term,
/// lowercasing word runs into the reused `buf` so the per-line hot path
/// allocates nothing.
fn for_each_term(text: &str, buf: &mut String, mut emit: impl FnMut(&str, bool)) {
    if text.is_ascii() {
        // Fast path for the common case: plain bytes, no char decoding.
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            if i > start {
                word(&text[start..i], buf, &mut emit);
            }
            i += 1;
        }
        return;
    }
    let mut iter = text.char_indices().peekable();
    while let Some((start, c)) = iter.next() {
        let kind = class(c);
        if kind == Class::Sep {
            continue;
        }
        let mut end = start + c.len_utf8();
        let mut prev = start;
        while let Some((i, d)) = iter.next_if(|&(_, d)| class(d) == kind) {
            end = i + d.len_utf8();
            if kind == Class::Spaceless {
                emit(&text[prev..end], false);
            }
            prev = i;
        }
        match kind {
            Class::Word => word(&text[start..end], buf, &mut emit),
            _ if prev == start => emit(&text[start..end], false), // a lone character
            _ => {}
        }
    }
}

/// Emits a word run lowercased, then its snake_case parts.
fn word(run: &str, buf: &mut String, emit: &mut impl FnMut(&str, bool)) {
    if run.bytes().all(|b| b == b'_') {
        return;
    }
    buf.clear();
    if run.is_ascii() {
        buf.push_str(run);
        buf.make_ascii_lowercase();
    } else {
        for c in run.chars() {
            // Fold fullwidth forms (`ＥＲＲＯＲ１`) to ASCII, common in CJK text.
            let c = match c as u32 {
                u @ (0xFF10..=0xFF19 | 0xFF21..=0xFF3A | 0xFF3F | 0xFF41..=0xFF5A) => {
                    char::from_u32(u - 0xFEE0).unwrap_or(c)
                }
                _ => c,
            };
            buf.extend(c.to_lowercase());
        }
    }
    emit(buf, false);
    if buf.contains('_') {
        for part in buf.split('_').filter(|p| !p.is_empty()) {
            emit(part, true);
        }
    }
}

/// The distinct terms of a request, in first-seen order, with a weight each.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    terms: Vec<String>,
    /// 1.0, or [`PART_WEIGHT`] for a term seen only as a snake_case part.
    weights: Vec<f64>,
}

impl Query {
    /// Stopwords and instruction words are dropped unless that would leave no
    /// term at all ("find all" still searches for `find` and `all`). Returns
    /// None when the text has no term.
    pub fn parse(extract: &str) -> Option<Query> {
        let mut all = Query {
            terms: Vec::new(),
            weights: Vec::new(),
        };
        let mut kept = all.clone();
        for_each_term(extract, &mut String::new(), |t, part| {
            let weight = if part { PART_WEIGHT } else { 1.0 };
            all.add(t, weight);
            if !STOPWORDS.contains(&t) && !t.contains(PARTICLES) {
                kept.add(t, weight);
            }
        });
        let q = if kept.terms.is_empty() { all } else { kept };
        (!q.terms.is_empty()).then_some(q)
    }

    fn add(&mut self, term: &str, weight: f64) {
        match self.terms.iter().position(|t| t == term) {
            Some(i) => self.weights[i] = self.weights[i].max(weight),
            None => {
                self.terms.push(term.to_owned());
                self.weights.push(weight);
            }
        }
    }

    /// The distinct terms, in the order they first appear in the request.
    pub fn terms(&self) -> Vec<&str> {
        self.terms.iter().map(String::as_str).collect()
    }
}

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
#[path = "search_tests.rs"]
mod tests;

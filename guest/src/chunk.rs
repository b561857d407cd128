//! Chunk planning for "full-chunked" extraction: split a stored text into
//! balanced, slightly overlapping chunks that each fit one LLM map call.
//!
//! Algorithm (deterministic, std only):
//! 1. Count the whole text once (`T`). If it fits the budget: one chunk.
//! 2. Pick `n` so that `n` equal chunks of `T·(1+o)/(n+o)` tokens fit, where
//!    `o` is the overlap share. The first chunk has no overlap, so its region
//!    is made `1+o` times larger than the others: every chunk (region plus
//!    overlap) then has about the same size, and the last is never tiny.
//! 3. Ideal cuts are placed by bytes and snapped to the nearest line start
//!    within ±25 % of a region, else to a char boundary (long lines).
//! 4. Each chunk after the first reaches back `o` of its region's size,
//!    snapped *forward* to a line start inside that span (so it never grows
//!    past the plan), else to a char boundary.
//! 5. Every chunk is counted; if the largest exceeds the budget, `n` grows by
//!    the worst overshoot ratio (at least +1) and the plan is redone. This is
//!    usually 1–2 rounds, each costing one `count` per chunk.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Byte range into the text (char boundaries).
    pub range: Range<usize>,
    /// Tokens of `&text[range]` as counted by the caller's counter.
    pub tokens: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanError {
    /// budget_tokens == 0, or a single character alone exceeds the budget.
    BudgetTooSmall,
    /// More chunks than `max_chunks` would be needed.
    TooManyChunks { needed: usize },
}

/// Default share of a chunk repeated from the previous region.
pub const DEFAULT_OVERLAP_PERCENT: u32 = 10;
/// Overlap above this would make chunks mostly repeats.
pub const MAX_OVERLAP_PERCENT: u32 = 50;

/// Plan chunks of `text`. `count(s)` returns the token count of `s` (exact
/// BPE from the caller; treat it as expensive: call it O(number of chunks × small
/// constant) times on chunk-sized strings, plus at most once on the whole text).
/// `max_chunks` bounds the work (the caller's LLM-call budget).
pub fn plan(
    text: &str,
    budget_tokens: usize,
    overlap_percent: u32,
    max_chunks: usize,
    count: &dyn Fn(&str) -> usize,
) -> Result<Vec<Chunk>, PlanError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if budget_tokens == 0 {
        return Err(PlanError::BudgetTooSmall);
    }
    let ov = overlap_percent.min(MAX_OVERLAP_PERCENT) as u128;
    let total = count(text);
    if total <= budget_tokens {
        if max_chunks == 0 {
            return Err(PlanError::TooManyChunks { needed: 1 });
        }
        return Ok(vec![Chunk {
            range: 0..text.len(),
            tokens: total,
        }]);
    }
    let b = budget_tokens as u128;
    let mut n = estimate_count(total, budget_tokens, overlap_percent);
    loop {
        // More regions than bytes cannot help: every region is already one char.
        n = n.min(text.len());
        if n > max_chunks {
            return Err(PlanError::TooManyChunks { needed: n });
        }
        let chunks: Vec<Chunk> = layout(text, n, ov)
            .into_iter()
            .map(|range| Chunk {
                tokens: count(&text[range.clone()]),
                range,
            })
            .collect();
        let worst = chunks
            .iter()
            .max_by_key(|c| c.tokens)
            .expect("non-empty text");
        if worst.tokens <= budget_tokens {
            return Ok(chunks);
        }
        if n == text.len() || is_one_char(&text[worst.range.clone()]) {
            return Err(PlanError::BudgetTooSmall);
        }
        // Regions are byte-balanced, so the densest one dictates n.
        let scaled = (n as u128 * worst.tokens as u128).div_ceil(b);
        n = usize::try_from(scaled).unwrap_or(usize::MAX).max(n + 1);
    }
}

/// Chunks a text of `total_tokens` needs at `budget_tokens` each with this
/// overlap, before line snapping (the plan may need one or two more).
pub fn estimate_count(total_tokens: usize, budget_tokens: usize, overlap_percent: u32) -> usize {
    if total_tokens == 0 {
        return 0;
    }
    if total_tokens <= budget_tokens {
        return 1;
    }
    if budget_tokens == 0 {
        return usize::MAX;
    }
    let ov = overlap_percent.min(MAX_OVERLAP_PERCENT) as u128;
    // Smallest n with T·(100+ov) / (100n+ov) <= B, i.e. n >= (T(100+ov) - ov·B) / 100B.
    let (t, b) = (total_tokens as u128, budget_tokens as u128);
    let est = (t * (100 + ov) - ov * b).div_ceil(100 * b);
    usize::try_from(est).unwrap_or(usize::MAX).max(2)
}

/// Chunk ranges for `n` regions (fewer if the text is too short to cut).
fn layout(text: &str, n: usize, ov: u128) -> Vec<Range<usize>> {
    let len = text.len();
    let denom = 100 * n as u128 + ov;
    // A regular (non-first) region is len·100/denom bytes; snap within a quarter.
    let tol = (len as u128 * 25 / denom) as usize;
    let mut cuts = vec![0];
    for i in 1..n {
        let ideal = (len as u128 * (100 * i as u128 + ov) / denom) as usize;
        let prev = *cuts.last().expect("starts with 0");
        let mut cut = snap_cut(text, ideal, tol);
        if cut <= prev {
            // Rounding collapsed two cuts: advance by one char to keep progress.
            cut = text.ceil_char_boundary(prev + 1);
        }
        if cut >= len {
            break;
        }
        cuts.push(cut);
    }
    cuts.push(len);
    let mut prev_start = 0;
    cuts.windows(2)
        .map(|w| {
            let (start, end) = (w[0], w[1]);
            // A one-char region gets no overlap so tiny budgets converge to
            // single chars (and BudgetTooSmall) instead of looping.
            let mut ovb = if is_one_char(&text[start..end]) {
                0
            } else {
                ((end - start) as u128 * ov / 100) as usize
            };
            // Never back to the previous region's start: that chunk would
            // be a wasted subset of this one.
            if start > 0 {
                let first_char = text[prev_start..].chars().next().map_or(1, char::len_utf8);
                ovb = ovb.min(start - prev_start - first_char);
            }
            prev_start = start;
            overlap_start(text, start, ovb)..end
        })
        .collect()
}

/// The line start nearest `ideal` within `±tol` bytes, else the char boundary
/// at or before `ideal`. Byte search is safe: `\n` never occurs inside a
/// multi-byte UTF-8 sequence.
fn snap_cut(text: &str, ideal: usize, tol: usize) -> usize {
    let bytes = text.as_bytes();
    let lo = ideal.saturating_sub(tol).max(1);
    let hi = (ideal + tol).min(bytes.len());
    // Line start p means bytes[p - 1] == b'\n'; p in [lo, ideal] and [ideal + 1, hi].
    let back = bytes[lo - 1..ideal]
        .iter()
        .rposition(|&c| c == b'\n')
        .map(|j| lo + j);
    let fwd = bytes[ideal..hi]
        .iter()
        .position(|&c| c == b'\n')
        .map(|j| ideal + j + 1);
    match (back, fwd) {
        (Some(p), Some(q)) => {
            if ideal - p <= q - ideal {
                p
            } else {
                q
            }
        }
        (Some(p), None) | (None, Some(p)) => p,
        (None, None) => text.floor_char_boundary(ideal),
    }
}

/// Start of a chunk whose region starts at `start`, reaching back `ovb` bytes:
/// the first line start in `[start - ovb, start)`, else a char boundary.
fn overlap_start(text: &str, start: usize, ovb: usize) -> usize {
    if ovb == 0 {
        return start;
    }
    let s = start.saturating_sub(ovb);
    if s == 0 {
        return 0;
    }
    match text.as_bytes()[s - 1..start - 1]
        .iter()
        .position(|&c| c == b'\n')
    {
        Some(j) => s + j,
        None => text.ceil_char_boundary(s),
    }
}

fn is_one_char(s: &str) -> bool {
    s.chars().nth(1).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn words(s: &str) -> usize {
        s.split_whitespace().count() + s.len() / 50
    }
    fn quarter_bytes(s: &str) -> usize {
        s.len().div_ceil(4)
    }
    fn chars(s: &str) -> usize {
        s.chars().count()
    }

    fn uniform(lines: usize) -> String {
        (0..lines)
            .map(|i| format!("line {i:05} lorem ipsum dolor sit amet\n"))
            .collect()
    }

    /// Coverage, no gaps, progress, char boundaries, honest counts, budget.
    fn check(text: &str, chunks: &[Chunk], budget: usize, count: &dyn Fn(&str) -> usize) {
        assert_eq!(chunks.first().unwrap().range.start, 0);
        assert_eq!(chunks.last().unwrap().range.end, text.len());
        for w in chunks.windows(2) {
            assert!(w[1].range.start <= w[0].range.end, "gap between {w:?}");
            assert!(w[1].range.start > w[0].range.start && w[1].range.end > w[0].range.end);
        }
        for c in chunks {
            assert!(text.is_char_boundary(c.range.start) && text.is_char_boundary(c.range.end));
            assert_eq!(c.tokens, count(&text[c.range.clone()]));
            assert!(c.tokens <= budget, "{} > {budget}", c.tokens);
        }
    }

    #[test]
    fn empty_text_gives_no_chunks() {
        assert_eq!(plan("", 10, 10, 5, &words), Ok(vec![]));
    }

    #[test]
    fn single_chunk_when_it_fits() {
        let text = uniform(10);
        let got = plan(&text, 10_000, 10, 5, &words).unwrap();
        assert_eq!(
            got,
            vec![Chunk {
                range: 0..text.len(),
                tokens: words(&text)
            }]
        );
    }

    #[test]
    fn zero_budget_or_huge_char_is_too_small() {
        assert_eq!(
            plan("abc", 0, 10, 5, &words),
            Err(PlanError::BudgetTooSmall)
        );
        let heavy = |s: &str| s.chars().map(|c| if c == '😀' { 10 } else { 1 }).sum();
        let text = "abc def\nghi 😀 jkl\nmno\n".repeat(3);
        assert_eq!(
            plan(&text, 5, 10, 1000, &heavy),
            Err(PlanError::BudgetTooSmall)
        );
    }

    #[test]
    fn too_many_chunks() {
        let text = uniform(2000);
        match plan(&text, 500, 10, 3, &words) {
            Err(PlanError::TooManyChunks { needed }) => assert!(needed > 3),
            other => panic!("{other:?}"),
        }
        assert!(plan(&text, 500, 10, 40, &words).is_ok());
    }

    #[test]
    fn balanced_line_cut_chunks() {
        let text = uniform(2000);
        for ov in [0, 10, 25, 50] {
            for budget in [700, 1000, 3000] {
                let chunks = plan(&text, budget, ov, 100, &words).unwrap();
                check(&text, &chunks, budget, &words);
                assert!(chunks.len() > 1);
                let max = chunks.iter().map(|c| c.tokens).max().unwrap() as f64;
                let min = chunks.iter().map(|c| c.tokens).min().unwrap() as f64;
                assert!(max / min <= 1.25, "ov {ov} budget {budget}: {max}/{min}");
                for c in &chunks {
                    assert!(text[c.range.clone()].ends_with('\n'));
                    assert!(c.range.start == 0 || text.as_bytes()[c.range.start - 1] == b'\n');
                }
            }
        }
    }

    #[test]
    fn overlap_close_to_requested_and_zero_is_adjacent() {
        let text = uniform(2000);
        let line = text.find('\n').unwrap() + 1;
        for ov in [0u32, 10, 25, 50] {
            let chunks = plan(&text, 1000, ov, 100, &words).unwrap();
            for w in chunks.windows(2) {
                let shared = w[0].range.end - w[1].range.start;
                let region = w[1].range.end - w[0].range.end;
                let want = region * ov as usize / 100;
                if ov == 0 {
                    assert_eq!(shared, 0);
                } else {
                    assert!(
                        shared <= want && want - shared <= 2 * line,
                        "{shared} vs {want}"
                    );
                }
            }
        }
    }

    #[test]
    fn overlap_is_clamped_to_50() {
        let text = uniform(1000);
        assert_eq!(
            plan(&text, 600, 90, 100, &words),
            plan(&text, 600, 50, 100, &words)
        );
    }

    #[test]
    fn cjk_and_emoji_cut_on_char_boundaries() {
        let text = "東京都の天気は晴れ😀、気温は二十度です。🚀🌏\n".repeat(400);
        for ov in [0, 10, 33] {
            let chunks = plan(&text, 900, ov, 100, &chars).unwrap();
            check(&text, &chunks, 900, &chars);
            let max = chunks.iter().map(|c| c.tokens).max().unwrap() as f64;
            let min = chunks.iter().map(|c| c.tokens).min().unwrap() as f64;
            assert!(max / min <= 1.25);
        }
        // No newline at all: cuts fall back to char boundaries.
        let line = "中文😀é".repeat(3000);
        let chunks = plan(&line, 777, 10, 100, &chars).unwrap();
        check(&line, &chunks, 777, &chars);
    }

    #[test]
    fn single_100kb_line_is_split() {
        let text = "abcdefghij".repeat(10_000);
        let chunks = plan(&text, 2000, 10, 100, &quarter_bytes).unwrap();
        check(&text, &chunks, 2000, &quarter_bytes);
        assert!(chunks.len() >= 13);
    }

    #[test]
    fn long_line_among_short_ones_and_uneven_density() {
        let mut text = uniform(300);
        text.push_str(&"x".repeat(20_000));
        text.push('\n');
        text.push_str(&"漢字のみの行です。\n".repeat(1000));
        for ov in [0, 10] {
            let chunks = plan(&text, 1500, ov, 100, &chars).unwrap();
            check(&text, &chunks, 1500, &chars);
            let chunks = plan(&text, 1500, ov, 100, &words).unwrap();
            check(&text, &chunks, 1500, &words);
        }
    }

    #[test]
    fn a_chunk_never_swallows_the_one_before() {
        // Found by fuzzing: at 50 % overlap a region's overlap reached back
        // past the start of a short previous region, so that chunk was a
        // wasted subset of the next (two chunks started at byte 12).
        let text = "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{f}\0\u{FFFD}\u{4}on\u{7f}\0\0\0\0\0\0\0e\r\u{FFFD}\npwo\r\n\r\n\"]}\rl\r";
        let len = |s: &str| s.len();
        for ov in [10, 33, 50] {
            let chunks = plan(text, 7, ov, 255, &len).unwrap();
            check(text, &chunks, 7, &len);
        }
    }

    #[test]
    fn deterministic_and_few_count_calls() {
        let text = uniform(3000);
        let calls = Cell::new(0usize);
        let counting = |s: &str| {
            calls.set(calls.get() + 1);
            words(s)
        };
        let a = plan(&text, 1200, 10, 100, &counting).unwrap();
        assert!(
            calls.get() <= 1 + 3 * a.len(),
            "{} calls for {}",
            calls.get(),
            a.len()
        );
        assert_eq!(a, plan(&text, 1200, 10, 100, &words).unwrap());
    }
}

//! Chunk planning for "full-chunked" extraction: split a stored text into
//! balanced, slightly overlapping chunks that each fit one LLM map call.
//!
//! Algorithm (deterministic, std only):
//! 1. Count the whole text once (`T`). If it fits the budget: one chunk.
//! 2. Pick `n` so that `n` equal chunks of `T·(1+o)/(n+o)` tokens fit, where
//!    `o` is the overlap share. The first chunk has no overlap, so its region
//!    is made `1+o` times larger than the others: every chunk (region plus
//!    overlap) then has about the same size, and the last is never tiny.
//! 3. Ideal cuts are placed by bytes and snapped to the nearest record
//!    start within ±25 % of a region (when the text is made of records: a
//!    chunk does not split a commit), else the nearest line start, else a
//!    char boundary (long lines).
//! 4. Each chunk after the first reaches back `o` of its region's size,
//!    snapped *forward* to a record start, else a line start, inside that
//!    span (so it never grows past the plan), else to a char boundary.
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
    plan_in_records(text, &[], budget_tokens, overlap_percent, max_chunks, count)
}

/// [`plan`] for a text made of records starting at the byte offsets
/// `records` (sorted, line starts): cuts go to record starts where they can.
pub fn plan_in_records(
    text: &str,
    records: &[usize],
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
        let chunks: Vec<Chunk> = layout(text, records, n, ov)
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
fn layout(text: &str, records: &[usize], n: usize, ov: u128) -> Vec<Range<usize>> {
    let len = text.len();
    let denom = 100 * n as u128 + ov;
    // A regular (non-first) region is len·100/denom bytes; snap within a quarter.
    let tol = (len as u128 * 25 / denom) as usize;
    let mut cuts = vec![0];
    for i in 1..n {
        let ideal = (len as u128 * (100 * i as u128 + ov) / denom) as usize;
        let prev = *cuts.last().expect("starts with 0");
        let mut cut =
            nearest_record(records, ideal, tol).unwrap_or_else(|| snap_cut(text, ideal, tol));
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
            let reach = start.saturating_sub(ovb);
            let record = records[records.partition_point(|&r| r < reach)..]
                .first()
                .filter(|&&r| r < start && r > 0);
            match record {
                Some(&r) if ovb > 0 => r..end,
                _ => overlap_start(text, start, ovb)..end,
            }
        })
        .collect()
}

/// The record start nearest `ideal` within `±tol` bytes, if any (not 0).
fn nearest_record(records: &[usize], ideal: usize, tol: usize) -> Option<usize> {
    let at = records.partition_point(|&r| r < ideal);
    let after = records.get(at).copied();
    let before = at.checked_sub(1).map(|i| records[i]);
    [before, after]
        .into_iter()
        .flatten()
        .filter(|&r| r > 0 && r.abs_diff(ideal) <= tol)
        .min_by_key(|&r| r.abs_diff(ideal))
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
mod tests;

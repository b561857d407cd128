//! Target `chunk`: the full-chunked planner, with several token counters
//! (bytes, chars, words, a heavy-emoji weight, and the real cl100k BPE).
//!
//! Input: budget (2 bytes), overlap percent, max chunks, counter (1 byte
//! each), then the text (lossily decoded). Half the inputs are planned as
//! made of records, starting at some of its line starts (chosen from the
//! input's hash), as `full-chunked` plans an output with records.
//!
//! Invariants: chunks cover every byte, in order, without gaps (each starts
//! at or before the previous end, and both ends only move forward), on char
//! boundaries; each chunk's token count is the counter's and within the
//! budget; at most `max_chunks`; each overlap is at most the configured share
//! of the new region (none at 0 %); `BudgetTooSmall` only when a single
//! char is over the budget (or the budget is 0); `TooManyChunks` only when
//! more than `max_chunks` are needed; the counter is called a bounded number
//! of times on a bounded number of bytes. Records change where cuts go,
//! never these.

use std::cell::Cell;

use tool_output_guest::strategy::full_chunked::chunk::{
    Chunk, MAX_OVERLAP_PERCENT, PlanError, plan_in_records,
};
use tool_output_guest::tokens::Encoding;

use crate::support::Rng;

/// Counted bytes allowed per byte of text, over all planning rounds.
const MAX_COUNTED_PER_BYTE: usize = 24;

fn count_with(kind: u8, s: &str) -> usize {
    match kind % 5 {
        0 => s.len(),
        1 => s.chars().count(),
        2 => s.split_whitespace().count() + s.len() / 50,
        3 => s
            .chars()
            .map(|c| if c.len_utf8() == 4 { 10 } else { 1 })
            .sum(),
        _ => Encoding::Cl100k.count(s) as usize,
    }
}

pub fn run(data: &[u8]) {
    let Some((head, rest)) = data.split_first_chunk::<5>() else {
        return;
    };
    let budget = usize::from(u16::from_le_bytes([head[0], head[1]]));
    let overlap = u32::from(head[2]) % 101;
    let max_chunks = usize::from(head[3]);
    let kind = head[4];
    let text = String::from_utf8_lossy(rest);
    let calls = Cell::new(0usize);
    let counted = Cell::new(0usize);
    let count = |s: &str| {
        calls.set(calls.get() + 1);
        counted.set(counted.get() + s.len());
        count_with(kind, s)
    };
    let records = record_starts(&text, &mut Rng::of(data));
    let result = plan_in_records(&text, &records, budget, overlap, max_chunks, &count);
    let ov = overlap.min(MAX_OVERLAP_PERCENT) as usize;
    match result {
        Ok(chunks) => check_chunks(&text, &chunks, budget, ov, max_chunks, kind),
        Err(PlanError::BudgetTooSmall) => {
            let heavy = text
                .chars()
                .any(|c| count_with(kind, c.encode_utf8(&mut [0; 4])) > budget);
            assert!(
                budget == 0 || heavy,
                "BudgetTooSmall with every char within {budget}"
            );
        }
        Err(PlanError::TooManyChunks { needed }) => {
            assert!(
                needed > max_chunks,
                "TooManyChunks needing {needed} of {max_chunks}"
            );
            assert!(needed <= text.len(), "needs more chunks than bytes");
        }
    }
    let bound = MAX_COUNTED_PER_BYTE * text.len() + 64;
    assert!(
        counted.get() <= bound,
        "{} bytes counted in {} calls for a {}-byte text",
        counted.get(),
        calls.get(),
        text.len()
    );
}

/// None, or some of the text's line starts: every one, one in a few, or
/// rare ones.
fn record_starts(text: &str, rng: &mut Rng) -> Vec<usize> {
    let every = [0, 0, 0, 1, 4, 40][rng.below(6)];
    if every == 0 {
        return Vec::new();
    }
    let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
    starts
        .filter(|&at| at < text.len() && rng.below(every) == 0)
        .collect()
}

fn check_chunks(text: &str, chunks: &[Chunk], budget: usize, ov: usize, max: usize, kind: u8) {
    if text.is_empty() {
        assert!(chunks.is_empty(), "chunks of an empty text");
        return;
    }
    assert!(
        !chunks.is_empty() && chunks.len() <= max,
        "{} chunks, max {max}",
        chunks.len()
    );
    assert_eq!(chunks[0].range.start, 0, "the first chunk starts the text");
    assert_eq!(
        chunks.last().expect("non-empty").range.end,
        text.len(),
        "the last ends it"
    );
    for c in chunks {
        let r = c.range.clone();
        assert!(r.start < r.end, "empty chunk {r:?}");
        assert!(
            text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
            "{r:?}"
        );
        assert_eq!(
            c.tokens,
            count_with(kind, &text[r.clone()]),
            "tokens of {r:?}"
        );
        assert!(
            c.tokens <= budget,
            "chunk {r:?} has {} tokens > {budget}",
            c.tokens
        );
    }
    for w in chunks.windows(2) {
        let (a, b) = (&w[0].range, &w[1].range);
        assert!(b.start <= a.end, "gap between {a:?} and {b:?}");
        assert!(
            b.start > a.start && b.end > a.end,
            "out of order: {a:?}, {b:?}"
        );
        let shared = a.end - b.start;
        let region = b.end - a.end;
        assert!(
            shared * 100 <= region * ov,
            "overlap {shared} of a {region}-byte region at {ov}%"
        );
    }
}

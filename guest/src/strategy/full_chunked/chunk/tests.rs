//! Tests of `chunk`.

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

#[test]
fn chunks_of_records_start_and_end_at_record_starts() {
    let mut text = String::new();
    let mut records = Vec::new();
    for i in 0..400 {
        records.push(text.len());
        text.push_str(&format!("commit {i:040x}\nAuthor: A\n\n    subject {i}\n"));
        for k in 0..(5 + i % 23) {
            text.push_str(&format!("+ line {k} of the change\n"));
        }
    }
    for ov in [0, 10, 30] {
        let chunks = plan_in_records(&text, &records, 2000, ov, 100, &words).unwrap();
        check(&text, &chunks, 2000, &words);
        assert!(chunks.len() > 3);
        for c in &chunks {
            // An overlap starts at a record when one starts in its span
            // (always, here, at 0 % and 30 %).
            assert!(
                ov == 10 || records.contains(&c.range.start),
                "{ov}: starts mid-record: {c:?}"
            );
            let end = c.range.end;
            assert!(
                end == text.len() || records.contains(&end),
                "{ov}: ends mid-record"
            );
        }
        // Without records, cuts fall on lines, some inside a commit.
        let lines = plan(&text, 2000, ov, 100, &words).unwrap();
        let inside = lines
            .iter()
            .filter(|c| !records.contains(&c.range.start))
            .count();
        assert!(inside > 0, "{ov}");
    }
}

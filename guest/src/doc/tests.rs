//! Tests of `doc`.

use super::*;
use crate::bindings::types::{CallInfo, GrepOptions, StoreOutcome};
use crate::storage::MemStorage;
use crate::store;

fn stored(st: &MemStorage, text: &str) -> String {
    let policy = crate::default_policy();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    match store::store(st, call, text.as_bytes(), policy).unwrap() {
        StoreOutcome::Stored(s) => s.handle,
        StoreOutcome::Passthrough(_) => panic!("not stored"),
    }
}

/// grep's expected output, computed the slow obvious way.
fn naive_grep(lines: &[String], re: &regex::Regex, context: usize) -> String {
    let hits: Vec<usize> = (0..lines.len())
        .filter(|&i| re.is_match(&lines[i]))
        .collect();
    let mut shown = std::collections::BTreeSet::new();
    for &h in &hits {
        for i in h.saturating_sub(context)..=(h + context).min(lines.len() - 1) {
            shown.insert(i);
        }
    }
    let mut out = String::new();
    let mut prev: Option<usize> = None;
    for i in shown {
        if prev.is_some_and(|p| i > p + 1) {
            out.push_str("--\n");
        }
        let mark = if re.is_match(&lines[i]) { ':' } else { '-' };
        out.push_str(&format!("{}{mark} {}\n", i + 1, lines[i]));
        prev = Some(i);
    }
    out
}

#[test]
fn grep_numbers_lines_across_blocks_like_a_naive_scan() {
    // ~10 MB: three scan blocks, matches near and across their edges.
    let lines: Vec<String> = (0..420_000)
        .map(|i| {
            if i % 7777 == 0 || i % 65_536 == 1 || i == 419_999 {
                format!("MATCH at {i} {}", "x".repeat(i % 50))
            } else {
                format!("filler line {i} {}", "y".repeat(i % 23))
            }
        })
        .collect();
    let text = lines.join("\n") + "\n";
    assert!(text.len() > 2 * reader::SCAN_BLOCK as usize);
    let st = MemStorage::new();
    let handle = stored(&st, &text);
    let doc = Doc::open(&st, &handle).unwrap();
    let re = regex::Regex::new("^MATCH").unwrap();
    for context in [0u32, 2] {
        let opts = GrepOptions {
            context,
            ignore_case: false,
            max_matches: Some(10_000),
        };
        let got = doc.grep("^MATCH", &opts, 1 << 30).unwrap();
        let want = naive_grep(&lines, &re, context as usize);
        assert!(got == want, "context {context}: outputs differ");
    }
}

#[test]
fn patterns_that_match_the_empty_string_show_only_real_lines() {
    // `^`, `$`, `^$` and `x*` match the empty string: also after a
    // block's final newline, which is the next block's first line or,
    // at the end of the view, no line at all (it was shown as `N+1: `).
    let small: Vec<String> = ["one", "", "three"]
        .iter()
        .cycle()
        .take(30_000)
        .map(|l| l.to_string())
        .collect();
    let big: Vec<String> = (0..300_000)
        .map(|i| {
            if i % 40_000 == 7 {
                String::new()
            } else {
                format!("line {i} {}", "w".repeat(i % 31))
            }
        })
        .collect();
    for lines in [small, big] {
        let text = lines.join("\n") + "\n";
        let st = MemStorage::new();
        let handle = stored(&st, &text);
        let doc = Doc::open(&st, &handle).unwrap();
        for pattern in ["^", "$", "^$", "x*"] {
            let re = regex::Regex::new(pattern).unwrap();
            let opts = GrepOptions {
                context: 0,
                ignore_case: false,
                max_matches: Some(1_000_000),
            };
            let got = doc.grep(pattern, &opts, 1 << 30).unwrap();
            let want = naive_grep(&lines, &re, 0);
            assert!(
                got == want,
                "{pattern:?} over {} lines: ends {:?}",
                lines.len(),
                &got[got.len().saturating_sub(60)..]
            );
        }
    }
}

#[test]
fn grep_context_never_hides_the_match_itself() {
    // A 6000-line log with a match every 500 lines; lines of varied length.
    let lines: Vec<String> = (1..=6000)
        .map(|i| {
            if i % 500 == 250 {
                format!("ERROR failure number {i}")
            } else {
                format!("info {i} {}", "z".repeat(i % 170))
            }
        })
        .collect();
    let st = MemStorage::new();
    let handle = stored(&st, &(lines.join("\n") + "\n"));
    let doc = Doc::open(&st, &handle).unwrap();
    for context in [0u32, 1, 5, 40, 180, 499, 2000] {
        for max in [120usize, 300, 1000, 4096, 12_288, 60_000] {
            let opts = GrepOptions {
                context,
                ignore_case: false,
                max_matches: None,
            };
            let out = doc.grep("ERROR", &opts, max).unwrap();
            let case = format!("-C {context}, cap {max}");
            assert!(out.len() <= max, "{case}: {} bytes", out.len());
            // Every block of lines shown holds a match: no context whose
            // match was cut.
            for block in out.split("--\n") {
                let shown: Vec<&str> = block.lines().filter(|l| !l.starts_with('[')).collect();
                if !shown.is_empty() {
                    assert!(
                        shown.iter().any(|l| l.contains(": ERROR failure")),
                        "{case}: a block without its match:\n{block}"
                    );
                }
            }
            let found = out.matches(": ERROR failure").count();
            if found < 12 {
                assert!(
                    out.contains("[output capped at"),
                    "{case}: {found} shown, no note:\n{out}"
                );
            }
            if max >= 300 {
                assert!(found >= 1, "{case}: the first match fits:\n{out}");
            }
        }
    }
}

#[test]
fn max_matches_zero_is_an_invalid_argument() {
    let st = MemStorage::new();
    let handle = stored(&st, &"ERROR x\n".repeat(5000));
    let doc = Doc::open(&st, &handle).unwrap();
    let opts = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(0),
    };
    match doc.grep("ERROR", &opts, 10_000) {
        Err(EngineError::InvalidArgument(m)) => {
            assert!(m.contains("max-matches must be at least 1"), "{m}")
        }
        other => panic!("{other:?}"),
    }
}

mod reads;

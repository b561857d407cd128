//! `read`, `tail` and `grep` against the obvious implementation: exact
//! when nothing is capped, and when capped, correct lines, within the cap,
//! never a context group without its match, and a note when cut.

use tool_output_guest::EngineError;
use tool_output_guest::bindings::types::{GrepOptions, LineRange};
use tool_output_guest::doc::Doc;

use crate::known::{Defect, check};
use crate::support::{Rng, naive_grep, numbered, numbered_lines};

/// Grep patterns that cannot match across a line break (a match that spans
/// lines is not a matching line, and the obvious grep would not see it).
const PATTERNS: &[&str] = &[
    "error",
    "^$",
    "^",
    "x$",
    "[0-9]+",
    "(?i)warn|fail",
    "é|错|\u{FFFD}",
    "[ \t]{2,}",
    "(?-u)^[^\n]{1000}",
];

/// Room the readers keep for a closing note; below this a cut may go unsaid.
const NOTE_ROOM: usize = 200;

/// A pattern from the list, or a short literal taken from one of `lines`.
pub fn pattern(lines: &[&str], rng: &mut Rng) -> String {
    let pick = rng.below(PATTERNS.len() + 2);
    if pick < PATTERNS.len() || lines.is_empty() {
        return PATTERNS[pick.min(PATTERNS.len() - 1)].to_string();
    }
    let line = lines[rng.below(lines.len())];
    let start = line.floor_char_boundary(rng.below(line.len() + 1));
    let end = line.floor_char_boundary(start + 1 + rng.below(8));
    regex::escape(&line[start..end.max(start)])
}

/// Uncapped reads of a consistent stored output equal the obvious ones.
pub fn exact(doc: &Doc, lines: &[&str], rng: &mut Rng) {
    const ALL: usize = 1 << 30;
    let n = lines.len();
    let whole = LineRange {
        first: 1,
        last: n as u64,
    };
    match doc.read(whole, ALL) {
        Ok(out) => assert_eq!(out, numbered(lines, 1, n), "read of every line"),
        Err(e) => assert!(n == 0, "read of every line failed: {e:?}"),
    }
    if n > 0 {
        let first = 1 + rng.below(n);
        let last = first + rng.below(n - first + 3);
        let range = LineRange {
            first: first as u64,
            last: last as u64,
        };
        let out = doc.read(range, ALL).expect("read of a valid range");
        assert_eq!(
            out,
            numbered(lines, first, last.min(n)),
            "read {first}:{last}"
        );
    }
    let count = rng.below(n + 3);
    let out = doc.tail(count as u32, ALL).expect("tail");
    let from = n.saturating_sub(count) + 1;
    let want = if count == 0 {
        String::new()
    } else {
        numbered(lines, from, n)
    };
    assert_eq!(out, want, "tail -n {count}");
    let pat = pattern(lines, rng);
    let context = rng.below(4);
    let opts = GrepOptions {
        context: context as u32,
        ignore_case: false,
        max_matches: Some(1_000_000),
    };
    let re = regex::bytes::RegexBuilder::new(&pat)
        .multi_line(true)
        .build()
        .expect("pattern");
    let out = doc.grep(&pat, &opts, ALL).expect("grep");
    let want = naive_grep(lines, &re, context);
    let phantom = format!("{}: \n", n + 1);
    let known = out.ends_with(&phantom) && doc.view_bytes() > 0 && re.is_match(b"");
    if known {
        // Context around the phantom line differs too; `capped` checks the rest.
        check(Defect::GrepPhantomLine, false, || {
            format!("grep {pat:?} shows line {}", n + 1)
        });
    } else if want.is_empty() {
        assert!(
            out.starts_with("No line matches"),
            "grep {pat:?} found nothing: {out:?}"
        );
    } else {
        assert_eq!(out, want, "grep {pat:?} -C {context}");
    }
}

/// Capped reads: within `max`, every numbered line is the real line
/// (`lines` are the view file's), and cuts are said.
pub fn capped(doc: &Doc, lines: &[&str], rng: &mut Rng, trusted: bool) {
    let n = lines.len() as u64;
    let max = rng.below(3000);
    let first = 1 + rng.below(lines.len() + 2) as u64;
    let last = first + rng.below(64) as u64;
    let want = last.min(n).saturating_sub(first - 1);
    let read = doc.read(LineRange { first, last }, max);
    outcome("read", read, lines, max, trusted, |shown, out| {
        let numbers: Vec<u64> = shown.iter().map(|l| l.0).collect();
        let run: Vec<u64> = (first..first + numbers.len() as u64).collect();
        numbers == run && (numbers.len() as u64 == want || said_cut(out, max))
    });
    let count = rng.below(lines.len() + 3) as u32;
    let tail = doc.tail(count, max);
    let want = u64::from(count).min(n);
    outcome("tail", tail, lines, max, trusted, |shown, out| {
        let numbers: Vec<u64> = shown.iter().map(|l| l.0).collect();
        let end = numbers.last().copied().unwrap_or(n);
        let contiguous = numbers.windows(2).all(|w| w[1] == w[0] + 1);
        contiguous && end == n && (numbers.len() as u64 == want || said_cut(out, max))
    });
    let pat = pattern(lines, rng);
    let opts = GrepOptions {
        context: rng.below(4) as u32,
        ignore_case: rng.below(2) == 0,
        max_matches: Some(1 + rng.below(20) as u32),
    };
    let grep = doc.grep(&pat, &opts, max);
    outcome("grep", grep, lines, max, trusted, |shown, _| {
        // Every run of consecutive line numbers holds a matching line.
        let mut groups = shown.chunk_by(|a, b| b.0 == a.0 + 1);
        groups.all(|g| g.iter().any(|l| l.1 == ':'))
    });
}

/// Whether a cut output says so (or its cap leaves no room to).
fn said_cut(out: &str, max: usize) -> bool {
    out.contains("[output capped") || max < NOTE_ROOM
}

/// Checks one reader's result. `complete` judges the numbered lines shown
/// and the output; its failures, and outputs over the cap, are the known
/// capped-output defect. Wrong text is a corrupt-files one unless the files
/// are `trusted`.
fn outcome(
    what: &str,
    result: Result<String, EngineError>,
    lines: &[&str],
    max: usize,
    trusted: bool,
    complete: impl FnOnce(&[(u64, char, &str)], &str) -> bool,
) {
    let out = match result {
        Ok(out) => out,
        Err(e) => {
            let clear = matches!(e, EngineError::InvalidArgument(_) | EngineError::Storage(_));
            assert!(clear, "{what}: unexpected error {e:?}");
            return;
        }
    };
    check(Defect::CappedOutput, out.len() <= max, || {
        format!("{what}: {} bytes over a cap of {max}: {out:?}", out.len())
    });
    let mut shown = numbered_lines(&out);
    if what == "grep"
        && shown
            .last()
            .is_some_and(|l| l.0 == lines.len() as u64 + 1 && l.2.is_empty())
    {
        check(Defect::GrepPhantomLine, false, || {
            format!("grep shows a line past the end:\n{out}")
        });
        shown.pop();
        return; // its context is shown without a match too: nothing more to judge
    }
    let wrong = shown
        .iter()
        .find(|&&(n, _, text)| n == 0 || n as usize > lines.len() || lines[n as usize - 1] != text);
    let describe = || {
        let &(n, _, text) = wrong.expect("a wrong line");
        let real = lines.get((n as usize).wrapping_sub(1));
        format!("{what}: line {n} shown as {text:?}, the view has {real:?}; output:\n{out}")
    };
    if trusted {
        assert!(wrong.is_none(), "{}", describe());
    } else {
        check(Defect::CorruptFiles, wrong.is_none(), describe);
    }
    check(Defect::CappedOutput, complete(&shown, &out), || {
        format!("{what} capped at {max}: lines missing without a note, or a match hidden:\n{out}")
    });
}

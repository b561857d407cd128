//! Tests of the terminal-output cleaner: the escape rule, bounds, split invariance.

use super::*;

fn clean_whole(input: &str) -> String {
    let mut c = TextCleaner::new();
    let mut out = String::new();
    c.push(input, &mut out);
    c.finish(&mut out);
    out
}

fn clean_pieces(pieces: &[&str]) -> String {
    let mut c = TextCleaner::new();
    let mut out = String::new();
    for p in pieces {
        c.push(p, &mut out);
    }
    c.finish(&mut out);
    out
}

use crate::view::test_util::{XorShift, random_split};

/// Cleans `input` whole, char by char and at random splits; asserts all
/// agree and returns the result.
fn clean(input: &str) -> String {
    let whole = clean_whole(input);
    let chars: Vec<String> = input.chars().map(String::from).collect();
    let chars: Vec<&str> = chars.iter().map(String::as_str).collect();
    assert_eq!(clean_pieces(&chars), whole, "char by char: {input:?}");
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ input.len() as u64);
    for _ in 0..50 {
        let pieces = random_split(input, &mut rng);
        assert_eq!(clean_pieces(&pieces), whole, "split {pieces:?}");
    }
    whole
}

#[test]
fn colours_removed() {
    let input = "\x1b[1m\x1b[31merror\x1b[0m: x\n   \x1b[1;34m-->\x1b[0m src/main.rs\n";
    assert_eq!(clean(input), "error: x\n   --> src/main.rs\n");
    let mut c = TextCleaner::new();
    let mut out = String::new();
    c.push(input, &mut out);
    assert_eq!(c.escapes_removed(), 5);
}

#[test]
fn npm_style_and_cursor_moves() {
    let input = "\x1b[?25l\x1b[2K\x1b[1G\x1b[32m+\x1b[39m added 3 packages\x1b[?25h\n";
    assert_eq!(clean(input), "+ added 3 packages\n");
}

#[test]
fn progress_bar_redraws() {
    assert_eq!(clean("10%\r50%\r100%\n"), "100%\n");
    assert_eq!(clean("a\n10%\r50%\r100%\nb"), "a\n100%\nb");
    assert_eq!(clean("[##  ]\r\x1b[K[####]\ndone\n"), "[####]\ndone\n");
}

#[test]
fn cr_without_new_text_keeps_line() {
    assert_eq!(clean("abc\r"), "abc");
    assert_eq!(clean("abc\r\r\n"), "abc\n");
    assert_eq!(clean("abc\r\x1b[0m\n"), "abc\n");
}

#[test]
fn crlf_files() {
    assert_eq!(clean("one\r\ntwo\r\n\r\nthree"), "one\ntwo\n\nthree");
    let mut c = TextCleaner::new();
    let mut out = String::new();
    c.push("line\r", &mut out);
    assert_eq!(out, "");
    c.push("\nnext", &mut out);
    assert_eq!(out, "line\n");
    c.finish(&mut out);
    assert_eq!(out, "line\nnext");
}

#[test]
fn osc_hyperlinks_and_titles() {
    assert_eq!(
        clean("see \x1b]8;;http://x\x1b\\text\x1b]8;;\x1b\\ here\n"),
        "see text here\n"
    );
    assert_eq!(clean("\x1b]0;title\x07prompt$ "), "prompt$ ");
    assert_eq!(clean("\x1b]0;title\u{9c}ok"), "ok");
}

#[test]
fn dcs_apc_and_short_escapes() {
    assert_eq!(clean("a\x1bPq#0;2;0;0;0\x1b\\b"), "ab");
    assert_eq!(
        clean("a\x1b_payload\x1b\\b\x1b^pm\x1b\\c\x1bXsos\x1b\\d"),
        "abcd"
    );
    assert_eq!(
        clean("\x1b(B\x1b)0\x1b7x\x1b8\x1b=\x1b>\x1bM\x1b#8\x1b%Gy"),
        "xy"
    );
    assert_eq!(clean("\u{9b}31mred\u{9b}0m"), "red");
}

#[test]
fn eight_bit_string_escapes() {
    assert_eq!(clean("\u{9d}0;title\x07ok"), "ok");
    assert_eq!(
        clean("a\u{90}q#0;2\u{9c}b\u{98}sos\u{9c}c\u{9e}pm\u{9c}d\u{9f}apc\x1b\\e"),
        "abcde"
    );
    // Unterminated: the C1 introducer goes, its payload stays.
    assert_eq!(clean("\u{9d}0;title\nnext"), "0;title\nnext");
    assert_eq!(clean("\u{9b}31\nx"), "31\nx");
    assert_eq!(clean("x\u{9c}y"), "xy", "a stray ST is a control");
}

#[test]
fn can_and_sub_cancel_a_sequence() {
    assert_eq!(clean("\x1b]0;t\x18ok"), "ok");
    assert_eq!(clean("\x1bPdata\x1aok"), "ok");
    assert_eq!(clean("\x1b[31\x1aok"), "ok");
    assert_eq!(clean("\x1b(\x18ok"), "ok");
    assert_eq!(clean("\x1b]0;t\x1b\x18ok"), "ok");
}

#[test]
fn unterminated_string_escape_ends_at_the_newline() {
    // The issue's example: a title that is never closed hid everything after it.
    let mut input: String = (1..=9).map(|i| format!("{i}\n")).collect();
    input.push_str("progress \x1b]0;title");
    input.extend((10..=5000).map(|i| format!("{i}\n")));
    input.push_str("FATAL: disk full\n");
    let out = clean_whole(&input);
    assert_eq!(out.lines().count(), 5001);
    assert!(out.contains("\n9\nprogress ]0;title10\n11\n"));
    assert!(out.ends_with("\n5000\nFATAL: disk full\n"));
    for (intro, kept) in [
        ("\x1b]", "]"),
        ("\x1bP", "P"),
        ("\x1bX", "X"),
        ("\x1b^", "^"),
        ("\x1b_", "_"),
        ("\u{9d}", ""),
        ("\u{90}", ""),
        ("\u{9f}", ""),
    ] {
        assert_eq!(
            clean(&format!("a {intro}payload\nb\n")),
            format!("a {kept}payload\nb\n"),
            "{intro:?}"
        );
        assert_eq!(
            clean(&format!("a {intro}payload")),
            format!("a {kept}payload")
        );
    }
}

#[test]
fn malformed_sequences_keep_their_text() {
    // ESC inside a string ends it unclosed; text after it survives.
    assert_eq!(clean("\x1b]0;t\x1b[31mred"), "]0;tred");
    assert_eq!(clean("\x1b]0;a\x1b]0;b\x07c"), "]0;ac");
    assert_eq!(clean("\x1b]0;a\u{9b}1mb"), "]0;ab");
    // A CSI broken by a newline, non-ASCII or a parameter after an intermediate.
    assert_eq!(clean("\x1b[31\nx"), "[31\nx");
    assert_eq!(clean("\x1b[1é"), "[1é");
    assert_eq!(clean("\x1b[100 200 300 OK"), "[100 200 300 OK");
    assert_eq!(clean("\x1b(\nx"), "(\nx");
    assert_eq!(clean("\x1b\x1b[0mz"), "z");
    assert_eq!(clean("text\x1b[31"), "text[31");
    assert_eq!(clean("text\x1b]8;;http://x"), "text]8;;http://x");
    assert_eq!(clean("text\x1b"), "text");
    assert_eq!(clean("text\x1b]x\x1b"), "text]x");
}

#[test]
fn length_bounds() {
    let removed = format!("a\x1b]{}\x07b", "x".repeat(MAX_STRING_ESCAPE - 1));
    assert_eq!(clean_whole(&removed), "ab");
    let kept = format!("a\x1b]{}\x07b", "x".repeat(MAX_STRING_ESCAPE));
    assert_eq!(
        clean_whole(&kept),
        format!("a]{}b", "x".repeat(MAX_STRING_ESCAPE))
    );
    // Multi-byte payload: the bound falls inside a char.
    let kept = format!("\x1bP{}\x1b\\!", "é".repeat(MAX_STRING_ESCAPE / 2));
    assert_eq!(
        clean_whole(&kept),
        format!("P{}!", "é".repeat(MAX_STRING_ESCAPE / 2))
    );
    // A sixel image well under the bound is removed whole.
    let sixel = format!("a\x1bPq{}\x1b\\b", "#0;2;0;0;0~~@@-".repeat(10_000));
    assert_eq!(clean(&sixel), "ab");
    let csi = |params: usize| format!("\x1b[{}m.", "1".repeat(params));
    assert_eq!(clean(&csi(MAX_SEQUENCE - 1)), ".");
    assert_eq!(
        clean(&csi(MAX_SEQUENCE)),
        format!("[{}m.", "1".repeat(MAX_SEQUENCE))
    );
    let nf = |n: usize| format!("\x1b{}B.", "(".repeat(n));
    assert_eq!(clean(&nf(MAX_SEQUENCE)), ".");
    assert_eq!(
        clean(&nf(MAX_SEQUENCE + 1)),
        format!("{}B.", "(".repeat(MAX_SEQUENCE + 1))
    );
}

#[test]
fn control_chars_removed() {
    assert_eq!(clean("a\x07b\x08c\0d\x7fe\tf\x0cg"), "abcde\tfg");
}

#[test]
fn unicode_untouched() {
    let s = "日本語テキスト 🦀👨‍👩‍👧 \u{fffd} ünïcödé \u{85}\u{a0}\n";
    assert_eq!(clean(s), s);
    assert_eq!(clean("\x1b[31m错误\x1b[0m: 🚀"), "错误: 🚀");
}

#[test]
fn mixed_split_invariance() {
    let mut input = String::new();
    for i in 0..40 {
        input.push_str(&format!(
            "\x1b[1;3{}mline {i}\x1b[0m é🦀\r\n{i}%\r{}% \x1b]8;;u\x1b\\l\x1b]8;;\x07\n",
            i % 8,
            i * 2
        ));
    }
    input.push_str("tail\r");
    let out = clean(&input);
    assert!(out.starts_with("line 0 é🦀\n0% l\n"));
    assert!(out.ends_with("line 39 é🦀\n78% l\ntail"));
}

#[test]
fn random_inputs_split_invariant() {
    const FRAGMENTS: [&str; 20] = [
        "\x1b", "[", "]", "\\", "\x07", "\r", "\n", "ab", "é", "🦀", "\u{9b}", "\u{9c}", "31;1",
        "m", "(", "\x08", "\u{9d}", "P", "\x18", " ",
    ];
    let mut rng = XorShift(42);
    for _ in 0..300 {
        let len = rng.next() % 120;
        let input: String = (0..len)
            .map(|_| FRAGMENTS[(rng.next() % FRAGMENTS.len() as u64) as usize])
            .collect();
        let out = clean(&input);
        assert!(!out.contains(|c: char| c.is_control() && !"\t\n".contains(c)));
    }
}

/// Pieces of a generated line: the text it should leave in the view.
/// `last`: only valid at the end of a line (the newline ends it).
struct Fragment {
    raw: &'static str,
    kept: &'static str,
    last: bool,
}

const fn frag(raw: &'static str, kept: &'static str, last: bool) -> Fragment {
    Fragment { raw, kept, last }
}

const LINE_FRAGMENTS: &[Fragment] = &[
    // Plain text, escape-looking characters included.
    frag("FATAL: disk full", "FATAL: disk full", false),
    frag("[1;31m", "[1;31m", false),
    frag("]0;title", "]0;title", false),
    frag("\\ ^ _ ( P X", "\\ ^ _ ( P X", false),
    frag("é🦀错误\t", "é🦀错误\t", false),
    frag("42", "42", false),
    // Well-formed: removed.
    frag("\x1b[31m", "", false),
    frag("\x1b[?25l", "", false),
    frag("\x1b[38;2;255;0;0m", "", false),
    frag("\x1b]0;title\x07", "", false),
    frag("\x1b]8;;http://x/?a=1\x1b\\", "", false),
    frag("\x1b]2;t\u{9c}", "", false),
    frag("\x1bPq#0;2;0;0;0~~\x1b\\", "", false),
    frag("\x1b_Gf=24;AAAA\x1b\\", "", false),
    frag("\x1b^pm\x1b\\", "", false),
    frag("\x1bXsos\x1b\\", "", false),
    frag("\x1b(B", "", false),
    frag("\x1b7", "", false),
    frag("\u{9b}0m", "", false),
    frag("\u{9d}0;t\x07", "", false),
    frag("\u{90}q\u{9c}", "", false),
    frag("\x1b[3\x18", "", false),
    frag("\x1b]0;t\x1a", "", false),
    frag("\u{98}s\u{9c}\u{9e}p\x1b\\", "", false),
    // Malformed and ended by what follows them inside the fragment.
    frag("\x1b[31é", "[31é", false),
    frag("\x1b[1 2m", "[1 2m", false),
    frag("\x1b\x07", "", false),
    frag("\x1b]0;t\x1b[0m", "]0;t", false),
    // Unterminated: they run to whatever comes next (which ends them).
    frag("\x1b]0;title", "]0;title", false),
    frag("\x1bPq#0;2", "Pq#0;2", false),
    frag("\x1b_apc", "_apc", false),
    frag("\u{9d}8;;u", "8;;u", false),
    frag("\u{9f}x", "x", false),
    frag("\u{98}sos", "sos", false),
    frag("\u{9e}pm", "pm", false),
    // Unterminated, ended only by the newline (or the end of input).
    frag("\x1b[31", "[31", true),
    frag("\x1b(", "(", true),
    frag("\x1b", "", true),
    frag("\u{9b}1;", "1;", true),
];

#[test]
fn every_line_with_well_formed_escapes_removed_is_in_the_view() {
    let mut rng = XorShift(0x5eed);
    for round in 0..200 {
        let mut input = String::new();
        let mut want = String::new();
        for _ in 0..(1 + rng.next() % 12) {
            for _ in 0..(rng.next() % 8) {
                let f = &LINE_FRAGMENTS[(rng.next() % LINE_FRAGMENTS.len() as u64) as usize];
                if f.last {
                    continue;
                }
                input.push_str(f.raw);
                want.push_str(f.kept);
            }
            if rng.next().is_multiple_of(3) {
                let lasts: Vec<&Fragment> = LINE_FRAGMENTS.iter().filter(|f| f.last).collect();
                let f = lasts[(rng.next() % lasts.len() as u64) as usize];
                input.push_str(f.raw);
                want.push_str(f.kept);
            }
            input.push('\n');
            want.push('\n');
        }
        if round % 2 == 1 {
            input.pop(); // and once without the final newline
            want.pop();
        }
        let got = clean(&input);
        assert_eq!(got, want, "input {input:?}");
    }
}

#[test]
fn memory_stays_bounded() {
    // A line that never ends, and a string escape that never ends.
    let mut c = TextCleaner::new();
    let mut sink = String::new();
    let big = "🦀".repeat(100_000);
    for _ in 0..20 {
        c.push(&big, &mut sink);
        sink.clear();
        assert!(c.held_capacity() <= 2 * MAX_PENDING_LINE);
    }
    let mut c = TextCleaner::new();
    let mut out = String::new();
    c.push("before\n\x1b]0;", &mut out);
    let chunk = "x".repeat(1024 * 1024);
    for _ in 0..10 {
        c.push(&chunk, &mut out);
        assert!(c.held_capacity() <= 2 * (MAX_STRING_ESCAPE + MAX_PENDING_LINE));
    }
    c.finish(&mut out);
    assert_eq!(out, format!("before\n]0;{}", chunk.repeat(10)));
}

#[test]
fn long_line_flushed() {
    // 20 bytes past the limit: the first MAX bytes are flushed, and the
    // `\r` can only discard the 20-byte tail.
    let long = "é".repeat(MAX_PENDING_LINE / 2 + 10);
    let out = clean(&format!("{long}\rshort\n"));
    assert_eq!(out, format!("{}short\n", &long[..MAX_PENDING_LINE]));
}

//! Streaming cleanup of terminal output: what a reader of the finished
//! terminal would see, one line at a time.
//!
//! Tool outputs are often captured from programs that think they talk to a
//! terminal (colours, hyperlinks, progress bars redrawn with `\r`). Those
//! bytes cost tokens and confuse readers, so they are removed here. Input
//! arrives in arbitrary pieces and can be huge, so the cleaner is a small
//! state machine that holds back at most one line and one sequence.
//!
//! The rule: **only well-formed escape sequences are removed; every other
//! printable character stays.** Well-formed means:
//! - a two-byte escape, `ESC` + `0`–`~` (`ESC 7`, `ESC =`);
//! - `ESC` + intermediates (space to `/`) + a final byte (`ESC ( B`);
//! - a control sequence, `ESC [` or the 8-bit CSI (U+009B), then parameter
//!   bytes (`0`–`?`), intermediates (space to `/`) and a final byte (`@`–`~`),
//!   at most [`MAX_SEQUENCE`] bytes;
//! - a string escape — OSC (`ESC ]`, U+009D), DCS (`ESC P`, U+0090), SOS
//!   (`ESC X`, U+0098), PM (`ESC ^`, U+009E), APC (`ESC _`, U+009F) — closed
//!   by ST (`ESC \` or U+009C), or BEL for OSC, within [`MAX_STRING_ESCAPE`]
//!   bytes.
//!
//! CAN and SUB cancel a sequence in progress, as in a terminal: it is removed.
//! Any other end makes the sequence malformed — a string escape reaching a
//! newline, another `ESC` or introducer, its length bound or the end of the
//! input; a control sequence meeting a byte its grammar does not allow. Then
//! only its introducing control character (the `ESC`, or the 8-bit C1 code)
//! is dropped and everything after it is read again as ordinary text:
//! `progress ESC ]0;title` + newline leaves `progress ]0;title`. Other
//! control characters (C0 except tab and newline, DEL) are dropped.

use crate::tokens::floor_char_boundary;

/// Longest current line held back waiting for a possible `\r` redraw.
///
/// Past this, the line so far is flushed to the output so memory stays
/// bounded; a later `\r` on that same line can then only discard the text
/// written after the flush (the flushed part stays in the output).
pub const MAX_PENDING_LINE: usize = 64 * 1024;

/// Longest string escape (OSC, DCS, SOS, PM, APC) removed, payload and
/// introducer after the `ESC` included. Titles and OSC 8 hyperlinks are
/// short, but inline images are not (sixel in DCS, iTerm2's OSC 1337, kitty's
/// APC chunks are 4 KiB, a sixel screenful is about a megabyte): 4 MiB
/// removes typical images whole. A longer one
/// is kept as text; this is also the most the cleaner holds in memory for it.
pub const MAX_STRING_ESCAPE: usize = 4 << 20;

/// Longest control sequence or `ESC`-intermediate escape removed, in bytes
/// after the introducer. Real ones are a few dozen bytes (`ESC[38;2;255;255;255m`).
pub const MAX_SEQUENCE: usize = 256;

/// Where we are inside (or outside) an escape sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// Plain text.
    #[default]
    Ground,
    /// Just saw `ESC`.
    Esc,
    /// `ESC` followed by intermediates (space to `/`), e.g. `ESC (` waiting for `B`.
    Intermediate,
    /// A control sequence waiting for its final byte; `intermediate` once an
    /// intermediate byte was seen (parameters may no longer follow).
    Csi { intermediate: bool },
    /// A string escape, until ST (or BEL when `bel_ends`); `esc` right after
    /// an `ESC` inside it, which is ST only if `\` follows.
    Str { bel_ends: bool, esc: bool },
}

/// Streaming terminal-output cleaner; see the module docs.
#[derive(Default)]
pub struct TextCleaner {
    state: State,
    /// The current line, held back because a `\r` may still discard it.
    pending: String,
    /// A `\r` was seen on this line; it discards `pending` only once new text
    /// arrives, so `\r\n`, `\r\r\n` and a trailing `\r` keep the line.
    cr: bool,
    /// What followed the introducing control character of the sequence in
    /// progress: dropped if it ends well-formed, read again as text if not.
    /// It never holds an `ESC`, a C1 introducer or a newline (those end the
    /// sequence), so reading it again cannot start another sequence.
    held: String,
    escapes: u64,
}

impl TextCleaner {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feed a piece; cleaned text is appended to `out`.
    pub fn push(&mut self, piece: &str, out: &mut String) {
        let mut rest = piece;
        while !rest.is_empty() {
            match self.state {
                State::Ground => {
                    // Fast path: copy a run of ordinary text in one go.
                    let n = plain_prefix_len(rest.as_bytes());
                    if n > 0 {
                        self.text(&rest[..n], out);
                        rest = &rest[n..];
                        continue;
                    }
                }
                State::Str { esc: false, .. } => {
                    // Fast path: hold a run of payload in one go, up to the bound.
                    let n = payload_prefix_len(rest.as_bytes());
                    if n > 0 {
                        let room = MAX_STRING_ESCAPE - self.held.len();
                        let take = floor_char_boundary(rest, n.min(room));
                        self.held.push_str(&rest[..take]);
                        rest = &rest[take..];
                        if take < n {
                            // The next char would pass the bound.
                            self.malformed(out);
                        }
                        continue;
                    }
                }
                _ => {}
            }
            let Some(c) = rest.chars().next() else { break };
            rest = &rest[c.len_utf8()..];
            self.step(c, out);
        }
    }

    /// End of input: an unfinished sequence is malformed (its text is kept),
    /// and the pending line is flushed. The cleaner can be reused afterwards.
    pub fn finish(&mut self, out: &mut String) {
        if self.state != State::Ground {
            self.malformed(out);
        }
        self.cr = false;
        out.push_str(&self.pending);
        self.pending.clear();
    }

    /// Number of escape sequences removed so far.
    pub fn escapes_removed(&self) -> u64 {
        self.escapes
    }

    /// Bytes held back: the pending line and a sequence in progress (what
    /// the cleaner's output lags behind its input).
    #[cfg(test)]
    fn held_capacity(&self) -> usize {
        self.pending.capacity() + self.held.capacity()
    }

    /// Appends visible text to the current line.
    fn text(&mut self, mut s: &str, out: &mut String) {
        if self.cr {
            self.cr = false;
            self.pending.clear();
        }
        // Flush exactly when the line reaches the limit (at a char boundary),
        // so the result never depends on how the input was split.
        while self.pending.len() + s.len() >= MAX_PENDING_LINE {
            let mut cut = MAX_PENDING_LINE - self.pending.len();
            while !s.is_char_boundary(cut) {
                cut += 1;
            }
            out.push_str(&self.pending);
            out.push_str(&s[..cut]);
            self.pending.clear();
            s = &s[cut..];
        }
        self.pending.push_str(s);
    }

    fn step(&mut self, c: char, out: &mut String) {
        match self.state {
            State::Ground => match c {
                '\n' => {
                    self.cr = false;
                    out.push_str(&self.pending);
                    out.push('\n');
                    self.pending.clear();
                }
                '\r' => self.cr = true,
                '\x1b' => self.state = State::Esc,
                '\u{9b}' => {
                    self.state = State::Csi {
                        intermediate: false,
                    }
                }
                '\u{9d}' => self.begin_string(true),
                '\u{90}' | '\u{98}' | '\u{9e}' | '\u{9f}' => self.begin_string(false),
                '\t' => self.text("\t", out),
                '\0'..='\x1f' | '\x7f' | '\u{9c}' => {}
                _ => self.text(c.encode_utf8(&mut [0; 4]), out),
            },
            State::Esc => match c {
                '[' => self.hold_and(
                    c,
                    State::Csi {
                        intermediate: false,
                    },
                ),
                ']' => self.hold_and(
                    c,
                    State::Str {
                        bel_ends: true,
                        esc: false,
                    },
                ),
                'P' | 'X' | '^' | '_' => self.hold_and(
                    c,
                    State::Str {
                        bel_ends: false,
                        esc: false,
                    },
                ),
                ' '..='/' => self.hold_and(c, State::Intermediate),
                '0'..='~' | '\x18' | '\x1a' => self.removed(),
                // Not an escape: the ESC alone is dropped.
                _ => self.malformed_at(c, out),
            },
            State::Intermediate => match c {
                ' '..='/' => self.hold(c, MAX_SEQUENCE, out),
                '0'..='~' | '\x18' | '\x1a' => self.removed(),
                _ => self.malformed_at(c, out),
            },
            State::Csi { intermediate } => match c {
                '0'..='?' if !intermediate => self.hold(c, MAX_SEQUENCE, out),
                ' '..='/' => {
                    self.state = State::Csi { intermediate: true };
                    self.hold(c, MAX_SEQUENCE, out);
                }
                '@'..='~' | '\x18' | '\x1a' => self.removed(),
                _ => self.malformed_at(c, out),
            },
            State::Str { esc: true, .. } => {
                if matches!(c, '\\' | '\x18' | '\x1a') {
                    self.removed();
                } else {
                    // An ESC that is not ST ends the string and starts anew.
                    self.malformed(out);
                    self.step('\x1b', out);
                    self.step(c, out);
                }
            }
            State::Str {
                bel_ends,
                esc: false,
            } => match c {
                '\x07' if bel_ends => self.removed(),
                '\u{9c}' | '\x18' | '\x1a' => self.removed(),
                '\x1b' => {
                    self.state = State::Str {
                        bel_ends,
                        esc: true,
                    }
                }
                '\n' | '\u{90}' | '\u{98}' | '\u{9b}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => {
                    self.malformed_at(c, out)
                }
                _ => self.hold(c, MAX_STRING_ESCAPE, out),
            },
        }
    }

    fn begin_string(&mut self, bel_ends: bool) {
        self.state = State::Str {
            bel_ends,
            esc: false,
        };
    }

    fn hold_and(&mut self, c: char, state: State) {
        self.held.push(c);
        self.state = state;
    }

    /// Keep `c` as part of the sequence, unless that passes `max` bytes.
    fn hold(&mut self, c: char, max: usize, out: &mut String) {
        if self.held.len() + c.len_utf8() > max {
            self.malformed_at(c, out);
        } else {
            self.held.push(c);
        }
    }

    /// The sequence ended well-formed (or was cancelled): it is removed.
    fn removed(&mut self) {
        self.escapes += 1;
        self.held.clear();
        self.state = State::Ground;
    }

    /// The sequence is malformed: its introducing control character is
    /// dropped and what followed it is read again as text.
    fn malformed(&mut self, out: &mut String) {
        self.state = State::Ground;
        let mut held = std::mem::take(&mut self.held);
        // `held` holds no introducer, so this stays in Ground (no recursion).
        self.push(&held, out);
        held.clear();
        if self.held.is_empty() {
            self.held = held; // keep the allocation
        }
    }

    /// Malformed at `c`, which cannot belong to the sequence: `c` is then
    /// handled as ordinary input.
    fn malformed_at(&mut self, c: char, out: &mut String) {
        self.malformed(out);
        self.step(c, out);
    }
}

/// Length of the leading run of bytes that are ordinary text (no C0 control
/// other than `\t`, no DEL, no C1 control).
fn plain_prefix_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let special = (b < 0x20 && b != b'\t') || b == 0x7f || (b == 0xc2 && is_c1(bytes, i));
        if special {
            break;
        }
        i += 1;
    }
    i
}

/// Length of the leading run of a string escape's payload that needs no
/// decision: no `ESC`, BEL, newline, CAN, SUB or C1 control.
fn payload_prefix_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .enumerate()
        .position(|(i, &b)| {
            matches!(b, 0x1b | 0x07 | b'\n' | 0x18 | 0x1a) || (b == 0xc2 && is_c1(bytes, i))
        })
        .unwrap_or(bytes.len())
}

/// Whether the `0xc2` at `i` starts a C1 control (U+0080–U+009F).
fn is_c1(bytes: &[u8], i: usize) -> bool {
    bytes.get(i + 1).is_some_and(|&next| next < 0xa0)
}

#[cfg(test)]
mod tests {
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

    use super::super::test_util::{XorShift, random_split};

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
            "\x1b", "[", "]", "\\", "\x07", "\r", "\n", "ab", "é", "🦀", "\u{9b}", "\u{9c}",
            "31;1", "m", "(", "\x08", "\u{9d}", "P", "\x18", " ",
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
}

//! Streaming cleanup of terminal output: what a reader of the finished
//! terminal would see, one line at a time.
//!
//! Tool outputs are often captured from programs that think they talk to a
//! terminal (colours, hyperlinks, progress bars redrawn with `\r`). Those
//! bytes cost tokens and confuse readers, so they are removed here. Input
//! arrives in arbitrary pieces and can be huge, so the cleaner is a small
//! state machine that never buffers more than (about) one line.

/// Longest current line held back waiting for a possible `\r` redraw.
///
/// Past this, the line so far is flushed to the output so memory stays
/// bounded; a later `\r` on that same line can then only discard the text
/// written after the flush (the flushed part stays in the output).
pub const MAX_PENDING_LINE: usize = 64 * 1024;

/// Where we are inside (or outside) an escape sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// Plain text.
    #[default]
    Ground,
    /// Just saw `ESC`. `in_string` is true when that `ESC` appeared inside an
    /// OSC/DCS-like string, where `ESC \` is the string terminator (ST).
    Esc { in_string: bool },
    /// `ESC` followed by intermediates (0x20–0x2F), e.g. `ESC (` waiting for `B`.
    EscIntermediate,
    /// Control sequence (`ESC [` or 8-bit `\u{9b}`) waiting for its final byte.
    Csi,
    /// OSC (`bel_ends`) or DCS/SOS/PM/APC: skipped, never buffered, until ST.
    Str { bel_ends: bool },
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
            if self.state == State::Ground {
                // Fast path: copy a run of ordinary text in one go.
                let n = plain_prefix_len(rest.as_bytes());
                if n > 0 {
                    self.text(&rest[..n], out);
                    rest = &rest[n..];
                    continue;
                }
            }
            let c = rest.chars().next().expect("rest is not empty");
            rest = &rest[c.len_utf8()..];
            self.step(c, out);
        }
    }

    /// End of input: flush whatever is pending. An unterminated escape
    /// sequence is dropped. The cleaner can be reused afterwards.
    pub fn finish(&mut self, out: &mut String) {
        self.state = State::Ground;
        self.cr = false;
        out.push_str(&self.pending);
        self.pending.clear();
    }

    /// Number of escape sequences removed so far.
    pub fn escapes_removed(&self) -> u64 {
        self.escapes
    }

    #[cfg(test)]
    fn pending_capacity(&self) -> usize {
        self.pending.capacity()
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
                '\x1b' => self.begin(State::Esc { in_string: false }),
                '\u{9b}' => self.begin(State::Csi),
                '\t' => self.text("\t", out),
                '\0'..='\x1f' | '\x7f' => {}
                _ => self.text(c.encode_utf8(&mut [0; 4]), out),
            },
            State::Esc { in_string } => {
                if in_string && c == '\\' {
                    self.state = State::Ground;
                    return;
                }
                if in_string {
                    // The ESC aborted the string and starts a new sequence.
                    self.escapes += 1;
                }
                match c {
                    '[' => self.state = State::Csi,
                    ']' => self.state = State::Str { bel_ends: true },
                    'P' | 'X' | '^' | '_' => self.state = State::Str { bel_ends: false },
                    ' '..='/' => self.state = State::EscIntermediate,
                    '0'..='~' => self.state = State::Ground,
                    _ => self.abort(c, out),
                }
            }
            State::EscIntermediate => match c {
                ' '..='/' => {}
                '0'..='~' => self.state = State::Ground,
                _ => self.abort(c, out),
            },
            State::Csi => match c {
                ' '..='?' => {}
                '@'..='~' => self.state = State::Ground,
                _ => self.abort(c, out),
            },
            State::Str { bel_ends } => match c {
                '\x07' if bel_ends => self.state = State::Ground,
                '\x1b' => self.state = State::Esc { in_string: true },
                // 8-bit ST, and CAN/SUB which cancel any sequence.
                '\u{9c}' | '\x18' | '\x1a' => self.state = State::Ground,
                _ => {}
            },
        }
    }

    fn begin(&mut self, state: State) {
        self.escapes += 1;
        self.state = state;
    }

    /// A malformed sequence ends at the first char that cannot belong to it;
    /// that char is then handled as ordinary input so no text is lost.
    fn abort(&mut self, c: char, out: &mut String) {
        self.state = State::Ground;
        self.step(c, out);
    }
}

/// Length of the leading run of bytes that are ordinary text (no C0 control
/// other than `\t`, no DEL, no 8-bit CSI).
fn plain_prefix_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let special =
            (b < 0x20 && b != b'\t') || b == 0x7f || (b == 0xc2 && bytes.get(i + 1) == Some(&0x9b));
        if special {
            break;
        }
        i += 1;
    }
    i
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
    fn malformed_sequences_keep_following_text() {
        // ESC inside an OSC starts a new sequence; text after it survives.
        assert_eq!(clean("\x1b]0;t\x1b[31mred"), "red");
        // A CSI broken by a newline or non-ASCII ends there.
        assert_eq!(clean("\x1b[31\nx"), "\nx");
        assert_eq!(clean("\x1b[1é"), "é");
        assert_eq!(clean("\x1b\x1b[0mz"), "z");
    }

    #[test]
    fn unterminated_sequence_dropped() {
        assert_eq!(clean("text\x1b[31"), "text");
        assert_eq!(clean("text\x1b]8;;http://x"), "text");
        assert_eq!(clean("text\x1b"), "text");
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
        const FRAGMENTS: [&str; 16] = [
            "\x1b", "[", "]", "\\", "\x07", "\r", "\n", "ab", "é", "🦀", "\u{9b}", "\u{9c}",
            "31;1", "m", "(", "\x08",
        ];
        let mut rng = XorShift(42);
        for _ in 0..200 {
            let len = rng.next() % 120;
            let input: String = (0..len)
                .map(|_| FRAGMENTS[(rng.next() % 16) as usize])
                .collect();
            let out = clean(&input);
            assert!(!out.contains(|c: char| c.is_control() && !"\t\n\u{85}\u{9c}".contains(c)));
        }
    }

    #[test]
    fn long_line_flushed_and_bounded() {
        // 20 bytes past the limit: the first MAX bytes are flushed, and the
        // `\r` can only discard the 20-byte tail.
        let long = "é".repeat(MAX_PENDING_LINE / 2 + 10);
        let out = clean(&format!("{long}\rshort\n"));
        assert_eq!(out, format!("{}short\n", &long[..MAX_PENDING_LINE]));
        let mut c = TextCleaner::new();
        let mut sink = String::new();
        let big = "🦀".repeat(100_000);
        for _ in 0..20 {
            c.push(&big, &mut sink);
            sink.clear();
            assert!(c.pending_capacity() <= 2 * MAX_PENDING_LINE);
        }
    }

    #[test]
    fn unterminated_osc_does_not_grow_memory() {
        let mut c = TextCleaner::new();
        let mut out = String::new();
        c.push("before\n\x1b]0;", &mut out);
        let chunk = "x".repeat(1024 * 1024);
        for _ in 0..10 {
            c.push(&chunk, &mut out);
            assert!(c.pending_capacity() <= 64);
        }
        c.finish(&mut out);
        assert_eq!(out, "before\n");
    }
}

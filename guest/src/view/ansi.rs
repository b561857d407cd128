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

/// Longest current line held back waiting for a possible `\r` redraw.
///
/// Past this, the line so far is flushed to the output so memory stays
/// bounded; a later `\r` on that same line can then only discard the text
/// written after the flush (the flushed part stays in the output).
pub const MAX_PENDING_LINE: usize = 64 * 1024;

/// Longest string escape (OSC, DCS, SOS, PM, APC) removed, payload and
/// introducer after the `ESC` included. Titles and OSC 8 hyperlinks are
/// short, but inline images are not: a sixel screenful (DCS) or an iTerm2
/// image (OSC 1337) is up to a few megabytes on one line (kitty's APC chunks
/// are 4 KiB). A longer one is kept as text; this is also the most the
/// cleaner holds in memory for one sequence.
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
                        let take = rest.floor_char_boundary(n.min(room));
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
mod tests;

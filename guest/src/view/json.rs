//! Streaming JSON re-indentation that only touches whitespace.
//!
//! Minified API responses are unreadable, but parsing and re-serializing
//! would silently change them (big numbers, `1e400`, escapes, duplicate
//! keys). So this copies every token byte-for-byte and only rewrites the
//! whitespace between tokens, validating the RFC 8259 grammar on the way
//! with a small state machine. Nesting lives in a bit-stack rather than on
//! the native stack, so arbitrarily deep input cannot overflow it.

/// Deeper levels are indented like this one; nesting itself is unlimited.
pub const MAX_INDENT_DEPTH: usize = 32;

use super::json_shape::{JsonShape, scalar_kind};

const SPACES: &str = "                                                                ";
const _: () = assert!(SPACES.len() == 2 * MAX_INDENT_DEPTH);

/// Position inside a number; each names what was just read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    Exp,
    ExpSign,
    ExpDigits,
}

impl Num {
    fn next(self, b: u8) -> Option<Num> {
        use Num::*;
        Some(match (self, b) {
            (Minus, b'0') => Zero,
            (Minus, b'1'..=b'9') | (Int, b'0'..=b'9') => Int,
            (Zero | Int, b'.') => Dot,
            (Dot | Frac, b'0'..=b'9') => Frac,
            (Zero | Int | Frac, b'e' | b'E') => Exp,
            (Exp, b'+' | b'-') => ExpSign,
            (Exp | ExpSign | ExpDigits, b'0'..=b'9') => ExpDigits,
            _ => return None,
        })
    }

    /// Whether a number may end here (`-`, `1.`, `1e`, `1e+` may not).
    fn complete(self) -> bool {
        matches!(self, Num::Zero | Num::Int | Num::Frac | Num::ExpDigits)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the top-level value.
    Start,
    /// Just after `[`: the first element or `]`.
    ArrayFirst,
    /// Just after `{`: the first key or `}`.
    ObjectFirst,
    /// After `,` in an object.
    Key,
    /// After a key.
    Colon,
    /// After `:`, or after `,` in an array.
    Value,
    /// After a value inside a container: `,` or the closing bracket.
    AfterValue,
    /// After the top-level value: only whitespace may follow.
    Done,
    /// Inside a string; `key` tells whether a `:` must follow it.
    Str {
        key: bool,
    },
    StrEscape {
        key: bool,
    },
    /// Inside `\uXXXX`, with `left` hex digits still to come.
    StrHex {
        key: bool,
        left: u8,
    },
    Num(Num),
    /// Inside `true`/`false`/`null`: the bytes still expected.
    Lit(&'static [u8]),
}

/// What the driver loop does with the byte it just showed to `step`.
enum Step {
    /// Consumed.
    Next,
    /// A number ended just before it: look at it again in the new state.
    Again,
    Fail,
}

/// Container kinds, one bit per level (set = object), so a million levels
/// cost 125 KB.
#[derive(Default)]
struct KindStack {
    bits: Vec<u64>,
    len: usize,
}

impl KindStack {
    fn push(&mut self, object: bool) {
        let (word, bit) = (self.len / 64, self.len % 64);
        if word == self.bits.len() {
            self.bits.push(0);
        }
        if object {
            self.bits[word] |= 1 << bit;
        } else {
            self.bits[word] &= !(1 << bit);
        }
        self.len += 1;
    }

    /// Whether the innermost open container is an object.
    fn top_is_object(&self) -> Option<bool> {
        let i = self.len.checked_sub(1)?;
        Some(self.bits[i / 64] & (1 << (i % 64)) != 0)
    }

    fn pop(&mut self) {
        self.len -= 1;
    }
}

/// Streaming whitespace-only JSON re-indenter and validator; see the module
/// docs. One document per indenter. Nothing is ever held back: every byte is
/// written to `out` by the `push` that received it.
pub struct JsonIndenter {
    state: State,
    stack: KindStack,
    failed: bool,
    shape: JsonShape,
    /// Containers deeper than this are written on one line, as `{"id": 5}`
    /// (see [`JsonIndenter::flat`]).
    flat_below: usize,
    /// Bytes of line breaks and indent written inside containers of each
    /// depth (the last counts all deeper ones): what writing them flat
    /// would save ([`JsonIndenter::flat_depth`]).
    breaks: [u64; FLAT_DEPTHS + 1],
}

/// Depths [`JsonIndenter::flat_depth`] chooses among.
const FLAT_DEPTHS: usize = 8;

impl Default for JsonIndenter {
    fn default() -> Self {
        Self::new()
    }
}

impl JsonIndenter {
    pub fn new() -> Self {
        Self::flat(usize::MAX)
    }

    /// An indenter that writes each container deeper than `below` on one
    /// line: `{"partition": 4, "leader": -1, "replicas": [{"id": 8}]}`. A
    /// document of many tiny objects (`kcat -L -J`'s `{"id":5}`s) grows
    /// past the view's bound when every one is broken into lines; flat
    /// below its records it stays readable and within it.
    pub fn flat(below: usize) -> Self {
        Self {
            state: State::Start,
            stack: KindStack::default(),
            failed: false,
            shape: JsonShape::default(),
            flat_below: below,
            breaks: [0; FLAT_DEPTHS + 1],
        }
    }

    /// The deepest level to break into lines (containers deeper written
    /// flat) for the view so far, `out` bytes, to fit in `limit` bytes;
    /// None if even the first levels' lines do not fit.
    pub fn flat_depth(&self, out: u64, limit: u64) -> Option<usize> {
        (1..FLAT_DEPTHS).rev().find(|&d| {
            let saved: u64 = self.breaks[d + 1..].iter().sum();
            out.saturating_sub(saved) <= limit
        })
    }

    /// Feed a piece of the document; the re-indented text is appended to
    /// `out`. Once the input is known to be invalid, the rest is copied
    /// verbatim so no text is lost.
    pub fn push(&mut self, piece: &str, out: &mut String) {
        let bytes = piece.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if self.failed {
                // Failures happen on ASCII or on a char's first byte, so `i`
                // is a char boundary.
                out.push_str(&piece[i..]);
                return;
            }
            if let State::Str { key } = self.state {
                // Fast path: copy ordinary string content in one go. It stops
                // only at ASCII bytes, so slices stay on char boundaries.
                let run = bytes[i..]
                    .iter()
                    .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                    .unwrap_or(bytes.len() - i);
                if run > 0 {
                    if key {
                        self.shape.key_text(&piece[i..i + run]);
                    }
                    out.push_str(&piece[i..i + run]);
                    i += run;
                    continue;
                }
            }
            match self.step(bytes[i], out) {
                Step::Next => i += 1,
                Step::Again => {}
                Step::Fail => self.failed = true,
            }
        }
    }

    /// End of input. Returns true when the whole input was exactly one valid
    /// JSON document whose top-level value is an object or array
    /// (leading/trailing whitespace allowed).
    pub fn finish(&mut self, _out: &mut String) -> bool {
        if self.state != State::Done {
            self.failed = true;
        }
        !self.failed
    }

    /// The document's shape so far (see [`JsonShape`]).
    pub fn shape(&self) -> &JsonShape {
        &self.shape
    }

    /// True once the input has already proven not to be valid JSON (callers
    /// may stop early).
    pub fn failed(&self) -> bool {
        self.failed
    }

    fn step(&mut self, b: u8, out: &mut String) -> Step {
        match self.state {
            State::Str { key } => match b {
                b'"' => {
                    out.push('"');
                    if key {
                        self.state = State::Colon;
                    } else {
                        self.value_done(out);
                    }
                }
                b'\\' => {
                    out.push('\\');
                    if key {
                        self.shape.key_byte(b'\\');
                    }
                    self.state = State::StrEscape { key };
                }
                // Only raw control chars get here; `push` copies the rest.
                _ => return Step::Fail,
            },
            State::StrEscape { key } => {
                self.state = match b {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => State::Str { key },
                    b'u' => State::StrHex { key, left: 4 },
                    _ => return Step::Fail,
                };
                out.push(b as char);
                if key {
                    self.shape.key_byte(b);
                }
            }
            State::StrHex { key, left } => {
                if !b.is_ascii_hexdigit() {
                    return Step::Fail;
                }
                out.push(b as char);
                if key {
                    self.shape.key_byte(b);
                }
                self.state = match left {
                    1 => State::Str { key },
                    _ => State::StrHex {
                        key,
                        left: left - 1,
                    },
                };
            }
            State::Num(n) => match n.next(b) {
                Some(next) => {
                    out.push(b as char);
                    self.state = State::Num(next);
                }
                None if n.complete() => {
                    self.value_done(out);
                    return Step::Again;
                }
                None => return Step::Fail,
            },
            State::Lit(rest) => {
                if b != rest[0] {
                    return Step::Fail;
                }
                out.push(b as char);
                match &rest[1..] {
                    [] => self.value_done(out),
                    more => self.state = State::Lit(more),
                }
            }
            _ if matches!(b, b' ' | b'\t' | b'\n' | b'\r') => {}
            State::Start => match b {
                b'{' | b'[' => self.open(b, out),
                _ => return Step::Fail,
            },
            State::ArrayFirst => match b {
                b']' => self.close_empty(b, out),
                _ if starts_value(b) => {
                    self.line_break(self.stack.len, Break::First, out);
                    self.begin_value(b, out);
                }
                _ => return Step::Fail,
            },
            State::ObjectFirst => match b {
                b'}' => self.close_empty(b, out),
                b'"' => {
                    self.line_break(self.stack.len, Break::First, out);
                    self.begin_key(out);
                }
                _ => return Step::Fail,
            },
            State::Key => match b {
                b'"' => self.begin_key(out),
                _ => return Step::Fail,
            },
            State::Colon => match b {
                b':' => {
                    out.push_str(": ");
                    self.state = State::Value;
                }
                _ => return Step::Fail,
            },
            State::Value => match b {
                _ if starts_value(b) => self.begin_value(b, out),
                _ => return Step::Fail,
            },
            State::AfterValue => {
                let object = self.stack.top_is_object() == Some(true);
                match b {
                    b',' => {
                        out.push(',');
                        self.line_break(self.stack.len, Break::Comma, out);
                        self.state = if object { State::Key } else { State::Value };
                    }
                    b'}' if object => self.close(b, out),
                    b']' if !object => self.close(b, out),
                    _ => return Step::Fail,
                }
            }
            State::Done => return Step::Fail,
        }
        Step::Next
    }

    fn open(&mut self, b: u8, out: &mut String) {
        out.push(b as char);
        let object = b == b'{';
        self.shape.open(object);
        self.stack.push(object);
        // The newline is deferred to the next token so `{}` stays compact.
        self.state = if object {
            State::ObjectFirst
        } else {
            State::ArrayFirst
        };
    }

    fn close(&mut self, b: u8, out: &mut String) {
        self.line_break(self.stack.len, Break::Close, out);
        self.close_empty(b, out);
    }

    /// The break before a token inside the container at `depth` (1: the
    /// top level): a new line indented to the token's level (a closing
    /// bracket one level less), or in a flat container nothing but a space
    /// after a comma.
    fn line_break(&mut self, depth: usize, at: Break, out: &mut String) {
        let comma = matches!(at, Break::Comma);
        if depth > self.flat_below {
            if comma {
                out.push(' ');
            }
            return;
        }
        let indent = if matches!(at, Break::Close) {
            depth - 1
        } else {
            depth
        };
        let before = out.len();
        newline(indent, out);
        let written = (out.len() - before) as u64;
        self.breaks[depth.min(FLAT_DEPTHS)] += written - u64::from(comma);
    }

    fn close_empty(&mut self, b: u8, out: &mut String) {
        out.push(b as char);
        self.shape.close();
        self.stack.pop();
        self.value_done(out);
    }

    fn begin_key(&mut self, out: &mut String) {
        out.push('"');
        self.shape.key_start();
        self.state = State::Str { key: true };
    }

    /// Caller has checked `starts_value(b)`.
    fn begin_value(&mut self, b: u8, out: &mut String) {
        if b == b'{' || b == b'[' {
            return self.open(b, out);
        }
        self.shape.scalar(scalar_kind(b));
        out.push(b as char);
        self.state = match b {
            b'"' => State::Str { key: false },
            b'-' => State::Num(Num::Minus),
            b'0' => State::Num(Num::Zero),
            b't' => State::Lit(b"rue"),
            b'f' => State::Lit(b"alse"),
            b'n' => State::Lit(b"ull"),
            _ => State::Num(Num::Int),
        };
    }

    fn value_done(&mut self, out: &mut String) {
        if self.stack.len == 0 {
            out.push('\n');
            self.state = State::Done;
        } else {
            self.state = State::AfterValue;
        }
    }
}

/// Where a break goes in a container: before its first token, after a
/// comma, before its closing bracket.
enum Break {
    First,
    Comma,
    Close,
}

fn starts_value(b: u8) -> bool {
    matches!(
        b,
        b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
    )
}

fn newline(depth: usize, out: &mut String) {
    out.push('\n');
    out.push_str(&SPACES[..2 * depth.min(MAX_INDENT_DEPTH)]);
}

#[cfg(test)]
mod shape_tests;
#[cfg(test)]
mod tests;

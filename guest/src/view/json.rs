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
}

impl Default for JsonIndenter {
    fn default() -> Self {
        Self::new()
    }
}

impl JsonIndenter {
    pub fn new() -> Self {
        Self {
            state: State::Start,
            stack: KindStack::default(),
            failed: false,
            shape: JsonShape::default(),
        }
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
                    newline(self.stack.len, out);
                    self.begin_value(b, out);
                }
                _ => return Step::Fail,
            },
            State::ObjectFirst => match b {
                b'}' => self.close_empty(b, out),
                b'"' => {
                    newline(self.stack.len, out);
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
                        newline(self.stack.len, out);
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
        newline(self.stack.len - 1, out);
        self.close_empty(b, out);
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
mod tests {
    use super::*;

    fn run(pieces: &[&str]) -> (String, bool, bool) {
        let mut j = JsonIndenter::new();
        let mut out = String::new();
        for p in pieces {
            j.push(p, &mut out);
        }
        let failed_early = j.failed();
        let ok = j.finish(&mut out);
        assert_eq!(ok, !j.failed());
        (out, ok, failed_early)
    }

    use super::super::test_util::{XorShift, random_split};

    /// Indents `input` whole, char by char and at random splits; asserts all
    /// agree and returns (output, valid).
    fn indent(input: &str) -> (String, bool) {
        let whole = run(&[input]);
        let chars: Vec<String> = input.chars().map(String::from).collect();
        let chars: Vec<&str> = chars.iter().map(String::as_str).collect();
        assert_eq!(run(&chars), whole, "char by char: {input:?}");
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d ^ input.len() as u64);
        for _ in 0..50 {
            let pieces = random_split(input, &mut rng);
            assert_eq!(run(&pieces), whole, "split {pieces:?}");
        }
        (whole.0, whole.1)
    }

    /// Drops JSON whitespace outside strings.
    fn strip_ws(s: &str) -> String {
        let (mut in_str, mut escaped) = (false, false);
        let mut out = String::new();
        for c in s.chars() {
            if in_str {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_str = false,
                    _ => {}
                }
            } else if c == '"' {
                in_str = true;
            } else if matches!(c, ' ' | '\t' | '\n' | '\r') {
                continue;
            }
            out.push(c);
        }
        out
    }

    /// Asserts `input` is valid, only whitespace changed, and the result is
    /// a fixed point; returns the output.
    fn pretty(input: &str) -> String {
        let (out, ok) = indent(input);
        assert!(ok, "should be valid: {input:?}");
        assert_eq!(strip_ws(&out), strip_ws(input));
        assert_eq!(indent(&out), (out.clone(), true), "not idempotent");
        out
    }

    fn invalid(input: &str) {
        let (out, ok) = indent(input);
        assert!(!ok, "should be invalid: {input:?}");
        assert_eq!(strip_ws(&out), strip_ws(input), "input lost");
    }

    #[test]
    fn typical_api_response() {
        let input = r#"{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hi"},"finish_reason":null}],"usage":{"prompt_tokens":9,"ok":true}}"#;
        let expected = r#"{
  "id": "chatcmpl-1",
  "object": "chat.completion",
  "choices": [
    {
      "index": 0,
      "message": {
        "role": "assistant",
        "content": "Hi"
      },
      "finish_reason": null
    }
  ],
  "usage": {
    "prompt_tokens": 9,
    "ok": true
  }
}
"#;
        assert_eq!(pretty(input), expected);
        // Already-pretty input comes out identical.
        assert_eq!(pretty(expected), expected);
    }

    #[test]
    fn nested_arrays_of_objects() {
        let input = " [ [ {\"a\" : [1,2]} , { } ] ,[[]],\t[ {\"b\":false}]]\r\n";
        let expected = "[\n  [\n    {\n      \"a\": [\n        1,\n        2\n      ]\n    },\n    {}\n  ],\n  [\n    []\n  ],\n  [\n    {\n      \"b\": false\n    }\n  ]\n]\n";
        assert_eq!(pretty(input), expected);
    }

    #[test]
    fn empty_containers_compact() {
        assert_eq!(pretty("{}"), "{}\n");
        assert_eq!(pretty("[ \n ]"), "[]\n");
        assert_eq!(
            pretty("\n\t {\"a\":{ },\"b\":[\n],\"c\":[{}]}  \n"),
            "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    {}\n  ]\n}\n"
        );
    }

    #[test]
    fn numbers_and_duplicate_keys_byte_exact() {
        let input = r#"{"n":12345678901234567890123456789,"e":1e400,"z":-0.0,"f":1.5E-7,"p":2e+3,"a":1,"a":2,"arr":[0,-1,0.25]}"#;
        let out = pretty(input);
        assert!(out.contains("\"n\": 12345678901234567890123456789,\n"));
        assert!(out.contains("\"e\": 1e400,\n  \"z\": -0.0,\n  \"f\": 1.5E-7,\n  \"p\": 2e+3,\n  \"a\": 1,\n  \"a\": 2,"));
    }

    #[test]
    fn tricky_strings_copied() {
        let input = r#"{"k{,:}":"v,{[]}:","q":"say \"hi\"","bs":"a\\","u":"\u00e9\uD83D\uDE00","esc":"\/\b\f\n\r\t","x":["a\\\"b"]}"#;
        let out = pretty(input);
        assert!(out.contains("\"k{,:}\": \"v,{[]}:\",\n"));
        assert!(out.contains("\"bs\": \"a\\\\\",\n"));
        assert!(out.contains("\"u\": \"\\u00e9\\uD83D\\uDE00\",\n"));
        assert!(out.contains("\"x\": [\n    \"a\\\\\\\"b\"\n  ]\n"));
    }

    #[test]
    fn unicode_in_strings() {
        let out = pretty("{\"名前\":\"日本語 🦀 👨‍👩‍👧 \u{fffd}\",\"list\":[\"é\",\"\u{7f}\"]}");
        assert_eq!(
            out,
            "{\n  \"名前\": \"日本語 🦀 👨‍👩‍👧 \u{fffd}\",\n  \"list\": [\n    \"é\",\n    \"\u{7f}\"\n  ]\n}\n"
        );
    }

    #[test]
    fn indent_depth_capped() {
        let depth = MAX_INDENT_DEPTH + 8;
        let input = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let out = pretty(&input);
        let widest = out.lines().map(|l| l.len()).max().unwrap();
        assert_eq!(widest, 2 * MAX_INDENT_DEPTH + 2); // capped indent + "[]"
        assert!(out.contains(&format!("\n{}[]\n", " ".repeat(2 * MAX_INDENT_DEPTH))));
    }

    #[test]
    fn invalid_documents() {
        for bad in [
            "",
            "   ",
            "[1,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{\"a\":1",
            "[\"abc",
            "[\"a\nb\"]",
            "[\"a\tb\"]",
            "[1 2]",
            "\"x\"",
            "42",
            "true",
            "{}{}",
            "{} x",
            "[]]",
            "[}",
            "{]",
            "{1:2}",
            "{\"a\"}",
            "[01]",
            "[1.]",
            "[.5]",
            "[-]",
            "[1e]",
            "[1e+]",
            "[+1]",
            "[tru]",
            "[trUe]",
            "[nulll]",
            "[\"\\x\"]",
            "[\"\\u12g4\"]",
            "[\"\\u12\"]",
            "[,1]",
            "{,}",
            "\u{feff}{}",
            "[1]\u{a0}",
            "[é]",
        ] {
            invalid(bad);
        }
    }

    #[test]
    fn failure_known_early_and_rest_copied() {
        let mut j = JsonIndenter::new();
        let mut out = String::new();
        j.push("[1,]", &mut out);
        assert!(j.failed());
        j.push("  rest é {", &mut out);
        assert!(!j.finish(&mut out));
        assert!(out.ends_with("]  rest é {"), "{out:?}");
        let (_, _, early) = run(&["{\"a\":1}"]);
        assert!(!early);
    }

    #[test]
    fn split_invariance_mixed() {
        let mut input = String::from("{\"items\":[");
        for i in 0..30 {
            if i > 0 {
                input.push(',');
            }
            input.push_str(&format!(
                "{{\"id\":{i},\"name\":\"n\\u00e9 \\\"{i}\\\" 🦀\",\"v\":-{i}.5e-3,\"t\":[true,false,null,{{}},[]]}}"
            ));
        }
        input.push_str("],\"end\":\"\\\\\"}\n");
        let out = pretty(&input);
        assert!(out.ends_with("  \"end\": \"\\\\\"\n}\n"));
        // Invalid input is split-invariant too (indent() checks it).
        invalid(&format!("{}, oops", &input[..input.len() - 2]));
    }

    /// A random valid value with random whitespace.
    fn random_value(rng: &mut XorShift, depth: u32, out: &mut String) {
        const ATOMS: [&str; 8] = [
            "0",
            "-1.5e+9",
            "true",
            "null",
            "\"k\"",
            "\"é🦀\\\"\"",
            "\"\\u00e9\"",
            "\"{,:}\"",
        ];
        const WS: [&str; 4] = ["", " ", "\n  ", "\t\r\n"];
        let ws = |rng: &mut XorShift| WS[(rng.next() % 4) as usize];
        let kind = if depth > 3 { 0 } else { rng.next() % 3 };
        let n = rng.next() % 4;
        match kind {
            0 => out.push_str(ATOMS[(rng.next() % 8) as usize]),
            1 => {
                out.push('[');
                for i in 0..n {
                    out.push_str(if i > 0 { "," } else { "" });
                    out.push_str(ws(rng));
                    random_value(rng, depth + 1, out);
                }
                out.push_str(ws(rng));
                out.push(']');
            }
            _ => {
                out.push('{');
                for i in 0..n {
                    out.push_str(if i > 0 { "," } else { "" });
                    out.push_str(ws(rng));
                    out.push_str(ATOMS[4 + (rng.next() % 4) as usize]);
                    out.push_str(ws(rng));
                    out.push(':');
                    random_value(rng, depth + 1, out);
                }
                out.push('}');
            }
        }
    }

    #[test]
    fn random_documents_split_invariant() {
        const NOISE: [&str; 8] = ["{", "}", "]", ",", ":", "\"", "\\", "x"];
        let mut rng = XorShift(7);
        let (mut valid, mut broken) = (0, 0);
        for _ in 0..300 {
            let mut doc = String::from("[");
            random_value(&mut rng, 1, &mut doc);
            doc.push(']');
            if indent(&doc).1 {
                valid += 1;
                pretty(&doc);
            }
            // Corrupt one byte position: usually invalid, never a panic.
            let mut at = (rng.next() as usize) % doc.len();
            while !doc.is_char_boundary(at) {
                at -= 1;
            }
            doc.insert_str(at, NOISE[(rng.next() % 8) as usize]);
            if indent(&doc).1 {
                pretty(&doc);
            } else {
                broken += 1;
                invalid(&doc);
            }
        }
        assert_eq!(valid, 300);
        assert!(broken > 100);
    }

    #[test]
    fn million_deep_nesting() {
        const N: usize = 1_000_000;
        let input = format!("{}{}", "[".repeat(N), "]".repeat(N));
        let mut j = JsonIndenter::new();
        let (mut out, mut newlines, mut total) = (String::new(), 0, 0);
        for chunk in input.as_bytes().chunks(4096) {
            j.push(std::str::from_utf8(chunk).unwrap(), &mut out);
            newlines += out.bytes().filter(|&b| b == b'\n').count();
            total += out.len();
            out.clear();
        }
        assert!(j.finish(&mut out));
        // Every level but the innermost `[]` opens and closes on its own line.
        assert_eq!(newlines, 2 * N - 1);
        assert!(total > 2 * N);
    }
}

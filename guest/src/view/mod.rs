//! The view: what the model reads of a stored output.
//!
//! original bytes ─► [`Utf8Decoder`] ─► text ─► [`ViewBuilder`]
//!   ├─ JSON (first non-space char `{`/`[`): [`json::JsonIndenter`], whitespace-only
//!   └─ otherwise: [`ansi::TextCleaner`] (escape codes, `\r` redraws, controls)
//! ─► [`LineSink`]: soft-wraps long lines, numbers them, indexes them and
//!    keeps the preview (head, error and tail lines).
//!
//! Everything streams: memory stays bounded whatever the output's size.

pub mod ansi;
pub mod json;
pub mod lines;

pub use lines::{LINE_INDEX_STRIDE, LineSink, PreviewLine, PreviewLines, WRAP_BYTES, warm_up};

/// Lossy UTF-8 decoding of a byte stream: invalid sequences become U+FFFD
/// (counted), a sequence split across pieces is carried over.
#[derive(Default)]
pub struct Utf8Decoder {
    carry: Vec<u8>,
    /// Invalid sequences replaced so far.
    pub invalid: u64,
}

impl Utf8Decoder {
    pub fn decode(&mut self, bytes: &[u8], out: &mut String) {
        if self.carry.is_empty() {
            self.decode_slice(bytes, out);
        } else {
            let mut joined = std::mem::take(&mut self.carry);
            joined.extend_from_slice(bytes);
            self.decode_slice(&joined, out);
        }
    }

    pub fn finish(&mut self, out: &mut String) {
        if !self.carry.is_empty() {
            self.carry.clear();
            self.invalid += 1;
            out.push('\u{FFFD}');
        }
    }

    fn decode_slice(&mut self, mut bytes: &[u8], out: &mut String) {
        loop {
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    out.push_str(text);
                    return;
                }
                Err(err) => {
                    let valid = err.valid_up_to();
                    // SAFETY-free: from_utf8 vouched for the prefix.
                    out.push_str(std::str::from_utf8(&bytes[..valid]).unwrap_or_default());
                    match err.error_len() {
                        Some(bad) => {
                            out.push('\u{FFFD}');
                            self.invalid += 1;
                            bytes = &bytes[valid + bad..];
                        }
                        None => {
                            self.carry.extend_from_slice(&bytes[valid..]);
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Whether `text` is one JSON object or array (the same test the view uses).
pub fn is_json(text: &str) -> bool {
    if !starts_like_json(text) {
        return false;
    }
    let mut indenter = json::JsonIndenter::new();
    let mut scratch = String::new();
    indenter.push(text, &mut scratch);
    !indenter.failed() && indenter.finish(&mut scratch)
}

/// Whether `text` may be JSON by its start: `{` or `[` after at most
/// [`DECIDE_WITHIN`] bytes of whitespace.
fn starts_like_json(text: &str) -> bool {
    let body = text.trim_start();
    text.len() - body.len() <= DECIDE_WITHIN && matches!(body.chars().next(), Some('{' | '['))
}

/// JSON must start within this many bytes (leading whitespace held before
/// deciding is capped: a gigabyte of blanks is text). Deciding on the first
/// bytes alone keeps the verdict the same however the input is split.
pub const DECIDE_WITHIN: usize = 64 * 1024;

enum Mode {
    Undecided(String),
    Text(ansi::TextCleaner),
    Json(json::JsonIndenter),
    /// JSON that proved invalid: the caller rebuilds the view as text.
    Abandoned,
}

/// Turns decoded text into view text, appended to a [`LineSink`].
pub struct ViewBuilder {
    mode: Mode,
    scratch: String,
}

impl Default for ViewBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ViewBuilder {
    pub fn new() -> Self {
        Self {
            mode: Mode::Undecided(String::new()),
            scratch: String::new(),
        }
    }

    /// A builder that treats the input as text from the start (rebuilds).
    pub fn text_only() -> Self {
        Self {
            mode: Mode::Text(ansi::TextCleaner::new()),
            scratch: String::new(),
        }
    }

    pub fn push(&mut self, text: &str, sink: &mut LineSink) {
        if let Mode::Undecided(held) = &mut self.mode {
            // `held` is all whitespace (anything else decides at once), so
            // only the new piece needs looking at.
            held.push_str(text);
            if text.trim_start().is_empty() && held.len() <= DECIDE_WITHIN {
                return;
            }
            let json = starts_like_json(held);
            let held = std::mem::take(held);
            self.mode = if json {
                Mode::Json(json::JsonIndenter::new())
            } else {
                Mode::Text(ansi::TextCleaner::new())
            };
            self.feed(&held, sink);
            return;
        }
        self.feed(text, sink);
    }

    fn feed(&mut self, text: &str, sink: &mut LineSink) {
        self.scratch.clear();
        match &mut self.mode {
            Mode::Text(cleaner) => cleaner.push(text, &mut self.scratch),
            Mode::Json(indenter) => {
                indenter.push(text, &mut self.scratch);
                if indenter.failed() {
                    self.mode = Mode::Abandoned;
                    return;
                }
            }
            Mode::Undecided(_) | Mode::Abandoned => return,
        }
        sink.push(&self.scratch);
    }

    /// Flush the end of the text. Returns whether the input was JSON:
    /// `Some(true)` valid JSON (view re-indented), `Some(false)` text,
    /// `None` if it looked like JSON but was not — the view written so far is
    /// unusable and must be rebuilt with [`ViewBuilder::text_only`].
    pub fn finish(mut self, sink: &mut LineSink) -> Option<bool> {
        if let Mode::Undecided(held) = &mut self.mode {
            let held = std::mem::take(held);
            self.mode = Mode::Text(ansi::TextCleaner::new());
            self.feed(&held, sink);
        }
        self.scratch.clear();
        let verdict = match &mut self.mode {
            Mode::Text(cleaner) => {
                cleaner.finish(&mut self.scratch);
                Some(false)
            }
            Mode::Json(indenter) => indenter.finish(&mut self.scratch).then_some(true),
            Mode::Abandoned | Mode::Undecided(_) => None,
        };
        if verdict.is_some() {
            sink.push(&self.scratch);
        }
        verdict
    }
}

/// Helpers for the split-invariance tests of the streaming stages.
#[cfg(test)]
pub(crate) mod test_util {
    pub struct XorShift(pub u64);

    impl XorShift {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Splits `s` at random char boundaries (pieces of 1 to 8 bytes and more).
    pub fn random_split<'a>(s: &'a str, rng: &mut XorShift) -> Vec<&'a str> {
        let mut pieces = Vec::new();
        let mut start = 0;
        while start < s.len() {
            let mut end = (start + 1 + (rng.next() % 8) as usize).min(s.len());
            while !s.is_char_boundary(end) {
                end += 1;
            }
            pieces.push(&s[start..end]);
            start = end;
        }
        pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view_of(input: &[u8], piece: usize) -> (String, Option<bool>, u64) {
        let mut dec = Utf8Decoder::default();
        let mut builder = ViewBuilder::new();
        let mut sink = LineSink::new();
        let mut text = String::new();
        for chunk in input.chunks(piece.max(1)) {
            text.clear();
            dec.decode(chunk, &mut text);
            builder.push(&text, &mut sink);
        }
        text.clear();
        dec.finish(&mut text);
        builder.push(&text, &mut sink);
        let verdict = builder.finish(&mut sink);
        sink.finish();
        let view = String::from_utf8(sink.take_output()).unwrap();
        (view, verdict, dec.invalid)
    }

    #[test]
    fn decoder_replaces_invalid_and_carries_split_sequences() {
        let input = "héllo 错误 😀".as_bytes();
        for piece in 1..6 {
            let (view, _, invalid) = view_of(input, piece);
            assert_eq!(view, "héllo 错误 😀");
            assert_eq!(invalid, 0);
        }
        let (view, _, invalid) = view_of(b"ok \xff\xfe end \xe9", 3);
        assert_eq!(view, "ok \u{FFFD}\u{FFFD} end \u{FFFD}");
        assert_eq!(invalid, 3);
    }

    #[test]
    fn json_is_reindented_and_text_is_cleaned() {
        let (view, verdict, _) = view_of(br#"  {"a":[1,2],"b":{}}"#, 4);
        assert_eq!(verdict, Some(true));
        assert_eq!(
            view,
            "  {\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n".trim_start()
        );
        let (view, verdict, _) = view_of(b"\x1b[31merror\x1b[0m: x\r\n10%\r100%\n", 5);
        assert_eq!(verdict, Some(false));
        assert_eq!(view, "error: x\n100%\n");
    }

    #[test]
    fn json_after_long_leading_whitespace_is_decided_alike_in_any_pieces() {
        // Found by fuzzing: whole, this was JSON; in 4 KiB pieces the
        // blanks alone passed the limit first and made it text.
        let mut input = vec![b' '; DECIDE_WITHIN + 4464];
        input.extend_from_slice(br#"{"a":1}"#);
        let whole = view_of(&input, input.len());
        assert_eq!(whole.1, Some(false));
        assert_eq!(view_of(&input, 4096), whole);
        let mut near = vec![b'\n'; DECIDE_WITHIN - 1];
        near.extend_from_slice(br#"{"a":1}"#);
        let whole = view_of(&near, near.len());
        assert_eq!(whole.1, Some(true));
        assert_eq!(view_of(&near, 4096), whole);
    }

    #[test]
    fn json_lookalike_is_reported_for_rebuild() {
        let (_, verdict, _) = view_of(b"[1, 2] and then some prose", 7);
        assert_eq!(verdict, None);
    }
}

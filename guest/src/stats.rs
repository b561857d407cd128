//! Stats of an output as received: bytes of the original, the rest of its
//! (lossily decoded) text.

use crate::bindings::types::OutputStats;
use crate::tokens::{Encoding, TokenCounter};

pub struct StatsCounter {
    encoding: Encoding,
    encoding_exact: bool,
    bytes: u64,
    nul_bytes: u64,
    chars: u64,
    newlines: u64,
    ends_with_newline: bool,
    tokens: TokenCounter,
}

impl StatsCounter {
    pub fn new(encoding: Encoding, encoding_exact: bool) -> Self {
        Self {
            encoding,
            encoding_exact,
            bytes: 0,
            nul_bytes: 0,
            chars: 0,
            newlines: 0,
            ends_with_newline: false,
            tokens: TokenCounter::new(encoding),
        }
    }

    /// Offer exact token counting to helpers `open` gives.
    pub fn count_elsewhere(&mut self, open: crate::tokens::elsewhere::OpenHelpers) {
        self.tokens.count_elsewhere(open);
    }

    pub fn push_raw(&mut self, bytes: &[u8]) {
        self.bytes += bytes.len() as u64;
        self.nul_bytes += bytes.iter().filter(|&&b| b == 0).count() as u64;
    }

    pub fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.chars += text.chars().count() as u64;
        self.newlines += text.bytes().filter(|&b| b == b'\n').count() as u64;
        self.ends_with_newline = text.ends_with('\n');
        self.tokens.push(text);
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn chars(&self) -> u64 {
        self.chars
    }

    /// `count_tokens`: finish the token count (otherwise `tokens` is None).
    pub fn finish(self, invalid_utf8: u64, is_json: bool, count_tokens: bool) -> OutputStats {
        let lines = self.newlines + u64::from(self.chars > 0 && !self.ends_with_newline);
        let (tokens, counted_exactly) = if count_tokens {
            let (n, exact) = self.tokens.finish();
            (Some(n), exact)
        } else {
            (None, true)
        };
        // NULs never occur in text; a quarter of sequences invalid is not text either.
        let binary = self.bytes > 0
            && (self.nul_bytes * 100 >= self.bytes || invalid_utf8 * 4 >= self.chars.max(1));
        OutputStats {
            bytes: self.bytes,
            chars: self.chars,
            lines,
            tokens,
            tokenizer: self.encoding.name().to_string(),
            tokens_exact: self.encoding_exact && counted_exactly,
            is_json,
            avg_line_bytes: self.bytes.checked_div(lines).unwrap_or(0),
            invalid_utf8,
            binary,
        }
    }
}

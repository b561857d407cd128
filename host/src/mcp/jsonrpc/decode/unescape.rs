//! A JSON string's contents decoded a piece at a time, straight from the
//! chunks of the line it is in: runs without escapes are copied whole,
//! pieces end between characters, a lone surrogate is U+FFFD.

/// The decoded bytes of a JSON string's contents, in pieces: runs without
/// escapes are copied whole from the line's chunks.
pub struct Unescape {
    chunks: Vec<bytes::Bytes>,
    /// Where decoding is: a chunk and an offset in it.
    chunk: usize,
    offset: usize,
    piece: usize,
}

impl Unescape {
    /// Decodes `chunks` (the string's contents, without its quotes) in
    /// pieces of about `piece` bytes.
    pub fn new(chunks: Vec<bytes::Bytes>, piece: usize) -> Self {
        Self {
            chunks,
            chunk: 0,
            offset: 0,
            piece: piece.max(1),
        }
    }

    /// The byte `k` places ahead, across chunks.
    fn peek(&self, k: usize) -> Option<u8> {
        let (mut chunk, mut offset) = (self.chunk, self.offset + k);
        while let Some(c) = self.chunks.get(chunk) {
            if offset < c.len() {
                return Some(c[offset]);
            }
            offset -= c.len();
            chunk += 1;
        }
        None
    }

    fn skip(&mut self, mut n: usize) {
        while n > 0 && self.chunk < self.chunks.len() {
            let left = self.chunks[self.chunk].len() - self.offset;
            if n < left {
                self.offset += n;
                return;
            }
            n -= left;
            self.chunk += 1;
            self.offset = 0;
        }
    }

    fn next_byte(&mut self) -> Option<u8> {
        let b = self.peek(0)?;
        self.skip(1);
        Some(b)
    }

    /// After `\u`: the character, a surrogate pair's included (a lone
    /// surrogate is U+FFFD, as elsewhere in the proxy).
    fn unicode(&mut self) -> Result<char, String> {
        let first = self.hex4(0).ok_or("a bad \\u escape")?;
        self.skip(4);
        if !(0xD800..0xE000).contains(&first) {
            return Ok(char::from_u32(first).unwrap_or('\u{fffd}'));
        }
        // A high surrogate: a low one must follow as `\uDC00`–`\uDFFF`.
        let low = (first < 0xDC00 && self.peek(0) == Some(b'\\') && self.peek(1) == Some(b'u'))
            .then(|| self.hex4(2))
            .flatten()
            .filter(|low| (0xDC00..0xE000).contains(low));
        match low {
            Some(low) => {
                self.skip(6);
                let code = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00);
                Ok(char::from_u32(code).unwrap_or('\u{fffd}'))
            }
            None => Ok('\u{fffd}'),
        }
    }

    /// Four hex digits `k` places ahead.
    fn hex4(&self, k: usize) -> Option<u32> {
        (0..4).try_fold(0, |value, i| {
            let digit = (self.peek(k + i)? as char).to_digit(16)?;
            Some(value * 16 + digit)
        })
    }
}

impl Iterator for Unescape {
    type Item = Result<Vec<u8>, String>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut out = Vec::with_capacity(self.piece.min(1 << 20));
        while out.len() < self.piece && self.chunk < self.chunks.len() {
            let chunk = self.chunks[self.chunk].slice(self.offset..);
            if chunk.is_empty() {
                self.chunk += 1;
                self.offset = 0;
                continue;
            }
            let room = self.piece - out.len();
            let run = &chunk[..chunk.len().min(room)];
            let plain = run.iter().position(|b| *b == b'\\').unwrap_or(run.len());
            out.extend_from_slice(&run[..plain]);
            self.skip(plain);
            if plain == run.len() {
                continue;
            }
            self.skip(1);
            let decoded = match self.next_byte() {
                Some(b'"') => '"',
                Some(b'\\') => '\\',
                Some(b'/') => '/',
                Some(b'b') => '\u{8}',
                Some(b'f') => '\u{c}',
                Some(b'n') => '\n',
                Some(b'r') => '\r',
                Some(b't') => '\t',
                Some(b'u') => match self.unicode() {
                    Ok(c) => c,
                    Err(e) => return Some(Err(e)),
                },
                Some(other) => return Some(Err(format!("a bad escape \\{}", other as char))),
                None => return Some(Err("a string ends in a backslash".into())),
            };
            let mut utf8 = [0u8; 4];
            out.extend_from_slice(decoded.encode_utf8(&mut utf8).as_bytes());
        }
        // Pieces end between characters: a character's continuation bytes
        // stay with it.
        while let Some(b) = self.peek(0).filter(|b| b & 0xC0 == 0x80) {
            out.push(b);
            self.skip(1);
        }
        (!out.is_empty()).then_some(Ok(out))
    }
}

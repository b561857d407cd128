//! A JSON-RPC message decoded with its large strings left where they are.
//!
//! serde_json unescapes a string with escapes into a scratch buffer and
//! then copies it into the `Value`: for a 100 MB tool result that is the
//! line, the scratch and the copy at once. Here strings of 1 MiB or more
//! are cut out of the line before serde_json sees it (it parses the small
//! rest, with a placeholder for each) and stay in the line: a stored
//! result streams its text from there into the store (`Deferred::unescape`),
//! and a rewritten message splices the untouched ones back as raw bytes
//! (`Deferred::serialize`). The peak is the line, once.

use serde_json::Value;

use super::chunked::Chunked;

/// Strings at least this long (raw, in the line) are left in the line.
const BIG: usize = 1 << 20;

/// A message: its value, big strings as placeholders, and the line they
/// are in.
pub struct Decoded {
    pub value: Value,
    pub deferred: Deferred,
}

/// The big strings of a message, in its line.
#[derive(Default)]
pub struct Deferred {
    /// `\0<nonce>:`: what starts a placeholder.
    prefix: String,
    /// Each big string literal's byte range in the line, quotes included.
    strings: Vec<(usize, usize)>,
    line: Chunked,
}

impl Decoded {
    /// A value with nothing deferred (a message we made, or got typed).
    pub fn whole(value: Value) -> Self {
        Self {
            value,
            deferred: Deferred::default(),
        }
    }

    /// The value with every big string decoded into it (for a message
    /// whose strings are read, such as a client's arguments).
    pub fn into_value(self) -> Result<Value, String> {
        let Decoded {
            mut value,
            deferred,
        } = self;
        if deferred.strings.is_empty() {
            return Ok(value);
        }
        let mut failed = None;
        replace_placeholders(&mut value, &mut |s| match deferred.index(s) {
            Some(n) => match deferred.text(n) {
                Ok(text) => Some(text),
                Err(e) => {
                    failed = Some(e);
                    None
                }
            },
            None => None,
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(value),
        }
    }
}

impl Deferred {
    /// Which big string `s` stands for, if it is a placeholder.
    pub fn index(&self, s: &str) -> Option<usize> {
        if self.strings.is_empty() {
            return None;
        }
        s.strip_prefix(self.prefix.as_str())?
            .parse()
            .ok()
            .filter(|n| *n < self.strings.len())
    }

    /// The raw literal of big string `n`, quotes included (a slice of the
    /// line: no copy).
    pub fn raw(&self, n: usize) -> Chunked {
        let (start, end) = self.strings[n];
        self.line.slice(start, end)
    }

    /// The text of big string `n`, decoded: pieces of about `piece`
    /// bytes, cut between characters (lone surrogates read as U+FFFD).
    pub fn unescape(&self, n: usize, piece: usize) -> Unescape {
        let (start, end) = self.strings[n];
        Unescape {
            chunks: self.line.slice(start + 1, end - 1).chunks().to_vec(),
            chunk: 0,
            offset: 0,
            piece: piece.max(1),
        }
    }

    /// The text of big string `n`, whole.
    pub fn text(&self, n: usize) -> Result<String, String> {
        let mut text = Vec::new();
        for piece in self.unescape(n, BIG) {
            text.extend_from_slice(&piece?);
        }
        String::from_utf8(text).map_err(|e| format!("invalid UTF-8 in a string: {e}"))
    }

    /// `value` as one line: serialized, with each placeholder replaced by
    /// the raw bytes of its string (slices of the line: no copy of them).
    pub fn serialize(&self, value: &Value, pretty: bool) -> Chunked {
        let text = if pretty {
            serde_json::to_vec_pretty(value)
        } else {
            serde_json::to_vec(value)
        }
        .unwrap_or_default();
        let mut out = Chunked::new();
        if self.strings.is_empty() {
            out.push(text.into());
            return out;
        }
        let text = bytes::Bytes::from(text);
        // A placeholder serializes as `"\u0000<nonce>:<n>"`.
        let marker = format!("\"\\u0000{}", &self.prefix[1..]);
        let mut at = 0;
        let mut from = 0;
        while let Some(found) = find(&text[at..], marker.as_bytes()) {
            let start = at + found;
            let digits = start + marker.len();
            let end = text[digits..]
                .iter()
                .position(|b| *b == b'"')
                .map_or(text.len(), |p| digits + p + 1);
            let n: Option<usize> = std::str::from_utf8(&text[digits..end.saturating_sub(1)])
                .ok()
                .and_then(|d| d.parse().ok())
                .filter(|n| *n < self.strings.len());
            at = end;
            if let Some(n) = n {
                out.push(text.slice(from..start));
                for chunk in self.raw(n).chunks() {
                    out.push(chunk.clone());
                }
                from = end;
            }
        }
        out.push(text.slice(from..));
        out
    }
}

/// Decodes a line: small strings by serde_json, big ones left in the line.
pub fn parse(line: &Chunked) -> Result<Decoded, String> {
    let big = big_strings(line);
    if big.is_empty() {
        let value = serde_json::from_slice(&line.to_bytes()).map_err(|e| e.to_string())?;
        return Ok(Decoded::whole(value));
    }
    // The placeholders cannot collide with the message's own strings: a
    // fresh nonce each time.
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let kept = line.len() - big.iter().map(|(s, e)| e - s).sum::<usize>();
    let mut skeleton = Vec::with_capacity(kept + 64 * big.len());
    let mut at = 0;
    for (n, (start, end)) in big.iter().enumerate() {
        skeleton.extend(line.slice(at, *start).bytes());
        skeleton.extend_from_slice(format!("\"\\u0000{nonce}:{n}\"").as_bytes());
        at = *end;
    }
    skeleton.extend(line.slice(at, line.len()).bytes());
    let value: Value = serde_json::from_slice(&skeleton).map_err(|e| e.to_string())?;
    Ok(Decoded {
        value,
        deferred: Deferred {
            prefix: format!("\0{nonce}:"),
            strings: big,
            line: line.clone(),
        },
    })
}

/// Byte ranges (quotes included) of the string values of `BIG` bytes or
/// more (keys stay with serde_json: a placeholder key would stay one).
fn big_strings(line: &Chunked) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut bytes = line.bytes().enumerate().peekable();
    while let Some((start, b)) = bytes.next() {
        if b != b'"' {
            continue;
        }
        let mut end = None;
        while let Some((i, b)) = bytes.next() {
            match b {
                b'\\' => {
                    bytes.next();
                }
                b'"' => {
                    end = Some(i + 1);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        if end - start < BIG {
            continue;
        }
        while bytes.next_if(|(_, b)| b.is_ascii_whitespace()).is_some() {}
        if bytes.peek().map(|(_, b)| *b) != Some(b':') {
            found.push((start, end));
        }
    }
    found
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Replaces each placeholder string in `value` for which `text` has one.
fn replace_placeholders(value: &mut Value, text: &mut dyn FnMut(&str) -> Option<String>) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) => {
                if let Some(t) = text(s) {
                    *s = t;
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(text: &str, size: usize) -> Chunked {
        let mut c = Chunked::new();
        for part in text.as_bytes().chunks(size) {
            c.push(bytes::Bytes::copy_from_slice(part));
        }
        c
    }

    #[test]
    fn big_strings_decode_as_serde_json_decodes_them_however_the_line_is_cut() {
        let big = "line \\\"quoted\\\" \\u00e9 \\ud83d\\ude00 日本\\n".repeat(BIG / 20);
        let line = format!(
            r#"{{"jsonrpc":"2.0","id":3,"result":{{"content":[{{"type":"text","text":"{big}"}},{{"type":"text","text":"small"}}],"structuredContent":{{"k":"{big}","n":1.5,"{big}" : 1}}}}}}"#
        );
        let theirs: Value = serde_json::from_str(&line).unwrap();
        for size in [1 << 20, 7919, line.len()] {
            let decoded = parse(&chunked(&line, size)).unwrap();
            assert_eq!(decoded.deferred.strings.len(), 2, "values, not keys");
            let text = decoded.value["result"]["content"][0]["text"]
                .as_str()
                .unwrap();
            let n = decoded.deferred.index(text).unwrap();
            // Streamed in small pieces, each whole characters.
            let mut streamed = Vec::new();
            for piece in decoded.deferred.unescape(n, 1000) {
                let piece = piece.unwrap();
                assert!(std::str::from_utf8(&piece).is_ok());
                streamed.extend_from_slice(&piece);
            }
            assert_eq!(
                streamed,
                theirs["result"]["content"][0]["text"]
                    .as_str()
                    .unwrap()
                    .as_bytes()
            );
            // Serialized back with the raw bytes: the same JSON.
            let again = decoded.deferred.serialize(&decoded.value, false).to_bytes();
            assert_eq!(serde_json::from_slice::<Value>(&again).unwrap(), theirs);
            assert_eq!(decoded.into_value().unwrap(), theirs);
        }
    }

    #[test]
    fn bad_escapes_are_errors_and_lone_surrogates_read_as_replacements() {
        let lone = format!(r#"{{"t":"{}\ud83d!"}}"#, "x".repeat(BIG));
        let decoded = parse(&chunked(&lone, 4096)).unwrap();
        let text = decoded.into_value().unwrap()["t"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(text.ends_with("x\u{fffd}!"));
        let broken = format!(r#"{{"t":"{}\q"}}"#, "x".repeat(BIG));
        let decoded = parse(&chunked(&broken, 4096)).unwrap();
        assert!(decoded.into_value().unwrap_err().contains("bad escape"));
        assert!(parse(&chunked("{\"a\": \"unterminated", 3)).is_err());
    }
}

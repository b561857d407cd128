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

mod unescape;

pub use unescape::Unescape;

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
        Unescape::new(self.line.slice(start + 1, end - 1).chunks().to_vec(), piece)
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

//! A JSON-RPC message decoded with its large strings unescaped once,
//! straight from the received line into their final `String`.
//!
//! serde_json unescapes a string with escapes into a scratch buffer and
//! then copies it into the `Value`: for a 100 MB tool result that is the
//! line, the scratch and the copy at once. Here strings of 1 MiB or more
//! are cut out of the line before serde_json sees it (it parses the small
//! rest with placeholders) and decoded here into a buffer of the right
//! size, so the peak is the line plus the text.

use serde_json::Value;

/// Strings at least this long (raw, in the line) are decoded here.
const BIG: usize = 1 << 20;

pub fn parse(line: &[u8]) -> Result<Value, String> {
    let big = big_strings(line);
    if big.is_empty() {
        return serde_json::from_slice(line).map_err(|e| e.to_string());
    }
    // The placeholders cannot collide with the message's own strings: a
    // fresh nonce each time.
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let mut skeleton = Vec::with_capacity(
        line.len() - big.iter().map(|(s, e)| e - s).sum::<usize>() + 64 * big.len(),
    );
    let mut at = 0;
    for (n, (start, end)) in big.iter().enumerate() {
        skeleton.extend_from_slice(&line[at..*start]);
        skeleton.extend_from_slice(format!("\"\\u0000{nonce}:{n}\"").as_bytes());
        at = *end;
    }
    skeleton.extend_from_slice(&line[at..]);
    let mut value: Value = serde_json::from_slice(&skeleton).map_err(|e| e.to_string())?;
    drop(skeleton);
    let mut texts = Vec::with_capacity(big.len());
    for (start, end) in &big {
        texts.push(Some(unescape(&line[start + 1..end - 1])?));
    }
    let prefix = format!("\0{nonce}:");
    replace_placeholders(&mut value, &prefix, &mut texts);
    Ok(value)
}

/// Byte ranges (quotes included) of the string literals of `BIG` bytes or more.
fn big_strings(line: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if line[i] != b'"' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < line.len() && line[i] != b'"' {
            i += if line[i] == b'\\' { 2 } else { 1 };
        }
        let end = (i + 1).min(line.len());
        // Keys stay with serde_json (a placeholder key would stay one).
        let next = line[end..].iter().find(|b| !b.is_ascii_whitespace());
        if end - start >= BIG && i < line.len() && next != Some(&b':') {
            found.push((start, end));
        }
        i = end;
    }
    found
}

fn replace_placeholders(value: &mut Value, prefix: &str, texts: &mut [Option<String>]) {
    match value {
        Value::String(s) if s.starts_with(prefix) => {
            let n: Option<usize> = s[prefix.len()..].parse().ok();
            if let Some(text) = n.and_then(|n| texts.get_mut(n)).and_then(Option::take) {
                *s = text;
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| replace_placeholders(v, prefix, texts)),
        Value::Object(map) => map
            .values_mut()
            .for_each(|v| replace_placeholders(v, prefix, texts)),
        _ => {}
    }
}

/// The text of a JSON string literal's contents (between the quotes).
fn unescape(raw: &[u8]) -> Result<String, String> {
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let run = raw[i..]
            .iter()
            .position(|b| *b == b'\\' || *b < 0x20)
            .map_or(raw.len(), |p| i + p);
        let text = std::str::from_utf8(&raw[i..run])
            .map_err(|e| format!("invalid UTF-8 in a string: {e}"))?;
        out.push_str(text);
        i = run;
        if i == raw.len() {
            break;
        }
        if raw[i] < 0x20 {
            return Err("a control character inside a string".into());
        }
        let escape = *raw.get(i + 1).ok_or("a string ends in a backslash")?;
        i += 2;
        out.push(match escape {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = hex4(raw, i)?;
                i += 4;
                if (0xD800..0xDC00).contains(&first) {
                    if raw.get(i..i + 2) != Some(b"\\u") {
                        return Err("a lone surrogate in a \\u escape".into());
                    }
                    let second = hex4(raw, i + 2)?;
                    i += 6;
                    if !(0xDC00..0xE000).contains(&second) {
                        return Err("a lone surrogate in a \\u escape".into());
                    }
                    let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                    char::from_u32(code).ok_or("a bad \\u escape")?
                } else {
                    char::from_u32(first).ok_or("a lone surrogate in a \\u escape")?
                }
            }
            other => return Err(format!("a bad escape \\{}", other as char)),
        });
    }
    Ok(out)
}

fn hex4(raw: &[u8], at: usize) -> Result<u32, String> {
    let digits = raw.get(at..at + 4).ok_or("a short \\u escape")?;
    let text = std::str::from_utf8(digits).map_err(|_| "a bad \\u escape")?;
    u32::from_str_radix(text, 16).map_err(|_| "a bad \\u escape".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_as_serde_json_decodes_them() {
        let samples = [
            r#"plain"#,
            r#"a\"b\\c\/d\be\ff\ng\rh\ti"#,
            r#"caf\u00e9 \ud83d\ude00 \u0000 日本"#,
            r#"\u20ac\u20AC"#,
        ];
        for raw in samples {
            let ours = unescape(raw.as_bytes()).unwrap();
            let theirs: String = serde_json::from_str(&format!("\"{raw}\"")).unwrap();
            assert_eq!(ours, theirs, "{raw}");
        }
        for bad in [
            r#"\ud83d"#,
            r#"\ud83dx"#,
            r#"\q"#,
            r#"\u12"#,
            "a\nb",
            "end\\",
        ] {
            assert!(unescape(bad.as_bytes()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_message_with_big_strings_parses_as_serde_json_parses_it() {
        let big = "line \\\"quoted\\\" \\u00e9\\n".repeat(BIG / 10);
        let line = format!(
            r#"{{"jsonrpc":"2.0","id":3,"result":{{"content":[{{"type":"text","text":"{big}"}},{{"type":"text","text":"small"}}],"structuredContent":{{"k":"{big}","n":1.5,"{big}" : 1}}}}}}"#
        );
        assert_eq!(big_strings(line.as_bytes()).len(), 2, "values, not keys");
        let ours = parse(line.as_bytes()).unwrap();
        let theirs: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(ours, theirs);
        assert!(parse(b"{\"a\": \"unterminated").is_err());
        let broken = format!(r#"{{"t":"{}\q"}}"#, "x".repeat(BIG));
        assert!(parse(broken.as_bytes()).unwrap_err().contains("bad escape"));
    }
}

//! Reading a JSON-RPC line the way the proxy needs it, including JSON that
//! serde_json refuses but peers write: a lone surrogate escape (`"\ud83d"`,
//! what Python's `json.dumps` and JS `JSON.stringify` write for a string
//! cut inside an emoji), a number past `f64` (`1e999`), nesting deeper
//! than serde_json's 128 levels, a batch (an array of messages). Enough is
//! read to route such a message (its top-level `id` and `method`); it is
//! then relayed as received. The scanner is iterative: no input can make it
//! recurse.

use bytes::Bytes;
use serde_json::Value;

/// What a line holds.
pub enum Parsed {
    /// A message, decoded (a lone surrogate read as U+FFFD: the line is
    /// still relayed as received when the proxy does not change it).
    Message(Value),
    /// An object serde_json cannot decode whole: its `id` and `method`.
    Opaque {
        id: Option<Value>,
        method: Option<String>,
    },
    /// A batch: each member's bytes, in order.
    Batch(Vec<Bytes>),
    /// Not a JSON object or array (a banner, a log line): why.
    NotJson(String),
}

/// Reads one line (without its newline).
pub fn parse(line: &Bytes) -> Parsed {
    let start = skip_ws(line, 0);
    if line.get(start) == Some(&b'[') {
        return match array_items(line, start) {
            Some(items) => Parsed::Batch(
                items
                    .into_iter()
                    .map(|(from, to)| line.slice(from..to))
                    .collect(),
            ),
            None => Parsed::NotJson("an unterminated array".into()),
        };
    }
    let whole = |line: &[u8]| {
        super::decode::parse(&Bytes::copy_from_slice(line).into())
            .and_then(super::decode::Decoded::into_value)
    };
    let error = match super::decode::parse(&line.clone().into())
        .and_then(super::decode::Decoded::into_value)
    {
        Ok(value) if value.is_object() => return Parsed::Message(value),
        Ok(_) => return Parsed::NotJson("JSON, but not an object".into()),
        Err(error) => error,
    };
    if let Some(fixed) = replace_lone_surrogates(line)
        && let Ok(value) = whole(&fixed)
        && value.is_object()
    {
        return Parsed::Message(value);
    }
    match object_members(line) {
        Some(members) if members.complete => Parsed::Opaque {
            id: members.get(b"id").and_then(read_scalar),
            method: members
                .get(b"method")
                .and_then(|raw| serde_json::from_slice::<String>(raw).ok()),
        },
        _ => Parsed::NotJson(error),
    }
}

/// The `id` of an object, read from its first bytes only (the head of a
/// message too long to keep).
pub fn id_in_head(head: &[u8]) -> Option<Value> {
    object_members(head)?.get(b"id").and_then(read_scalar)
}

/// An id (a string or a number, else `null`), kept exact: a number serde_json
/// cannot hold stays out.
fn read_scalar(raw: &[u8]) -> Option<Value> {
    serde_json::from_slice::<Value>(raw)
        .ok()
        .or_else(|| replace_lone_surrogates(raw).and_then(|f| serde_json::from_slice(&f).ok()))
}

/// Top-level members of an object: each key and its value's raw bytes.
pub struct Members<'a> {
    items: Vec<(Vec<u8>, &'a [u8])>,
    /// The object's closing brace was seen.
    pub complete: bool,
}

impl<'a> Members<'a> {
    /// The raw value of the first member named `key` (names compared as
    /// written: ids and methods are plain ASCII).
    pub fn get(&self, key: &[u8]) -> Option<&'a [u8]> {
        self.items.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
}

/// The members of the object starting `bytes`, as far as they go; None if
/// it does not start with an object.
pub fn object_members(bytes: &[u8]) -> Option<Members<'_>> {
    let mut at = skip_ws(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    let mut members = Members {
        items: Vec::new(),
        complete: false,
    };
    loop {
        at = skip_ws(bytes, at);
        match bytes.get(at) {
            Some(b'}') => {
                members.complete = true;
                return Some(members);
            }
            Some(b',') => {
                at += 1;
                continue;
            }
            Some(b'"') => {}
            _ => return Some(members),
        }
        let Some(key_end) = skip_string(bytes, at) else {
            return Some(members);
        };
        let key = bytes[at + 1..key_end - 1].to_vec();
        at = skip_ws(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return Some(members);
        }
        let value_start = skip_ws(bytes, at + 1);
        let Some(value_end) = skip_value(bytes, value_start) else {
            return Some(members);
        };
        members.items.push((key, &bytes[value_start..value_end]));
        at = value_end;
    }
}

/// The byte ranges of an array's items; None unless it is whole.
fn array_items(bytes: &[u8], start: usize) -> Option<Vec<(usize, usize)>> {
    let mut items = Vec::new();
    let mut at = start + 1;
    loop {
        at = skip_ws(bytes, at);
        match bytes.get(at)? {
            b']' => return Some(items),
            b',' => at += 1,
            _ => {
                let end = skip_value(bytes, at)?;
                items.push((at, end));
                at = end;
            }
        }
    }
}

fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    {
        at += 1;
    }
    at
}

/// The end (exclusive) of the string literal at `at`.
fn skip_string(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    loop {
        match bytes.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// The end (exclusive) of the value at `at`: strings skipped whole,
/// brackets counted (not matched by kind: routing needs no more), scalars
/// up to the next delimiter.
fn skip_value(bytes: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    loop {
        match bytes.get(i)? {
            b'"' => i = skip_string(bytes, i)?,
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                i += 1;
            }
            _ if depth == 0 => {
                // A scalar: up to a delimiter.
                while bytes.get(i).is_some_and(|b| {
                    !matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n')
                }) {
                    i += 1;
                }
                // A scalar cut off by the end of the bytes is not whole.
                bytes.get(i)?;
                return (i > at).then_some(i);
            }
            _ => i += 1,
        }
        if depth == 0 {
            return Some(i);
        }
    }
}

/// The line with each lone surrogate escape replaced by `\ufffd`; None when
/// it has none.
fn replace_lone_surrogates(bytes: &[u8]) -> Option<Vec<u8>> {
    let surrogate = |at: usize| -> Option<u32> {
        if bytes.get(at..at + 2)? != b"\\u" {
            return None;
        }
        let hex = std::str::from_utf8(bytes.get(at + 2..at + 6)?).ok()?;
        u32::from_str_radix(hex, 16)
            .ok()
            .filter(|c| (0xD800..0xE000).contains(c))
    };
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(first) = surrogate(i) else {
            i += 2; // any other escape, `\\` included
            continue;
        };
        let paired = first < 0xDC00 && surrogate(i + 6).is_some_and(|c| c >= 0xDC00);
        if paired {
            i += 12;
            continue;
        }
        let out = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
        out.extend_from_slice(&bytes[copied..i]);
        out.extend_from_slice(b"\\ufffd");
        i += 6;
        copied = i;
    }
    let mut out = out?;
    out.extend_from_slice(&bytes[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Parsed {
        parse(&Bytes::copy_from_slice(line.as_bytes()))
    }

    #[test]
    fn what_serde_json_refuses_is_still_routed() {
        // A lone surrogate: decoded, as U+FFFD.
        let Parsed::Message(v) =
            parsed(r#"{"jsonrpc":"2.0","id":4,"result":{"t":"cut \ud83d","u":"\ude00!"}}"#)
        else {
            panic!("decoded")
        };
        assert_eq!(v["result"]["t"], "cut \u{fffd}");
        assert_eq!(v["result"]["u"], "\u{fffd}!");
        // A pair stays a pair; an escaped backslash is not an escape.
        let Parsed::Message(v) = parsed(r#"{"id":1,"t":"\ud83d\ude00 \\ud83d"}"#) else {
            panic!("decoded")
        };
        assert_eq!(v["t"], "\u{1f600} \\ud83d");
        // A number past f64, nesting past 128: id and method still read.
        let deep = format!(
            r#"{{"method":"x/y","id":"a\"b","p":{}1{}}}"#,
            "[".repeat(300),
            "]".repeat(300)
        );
        for line in [
            r#"{"jsonrpc":"2.0","id":7,"result":{"n":1e999}}"#,
            deep.as_str(),
        ] {
            match parsed(line) {
                Parsed::Opaque { id, method } => {
                    assert!(
                        id == Some(Value::from(7)) || id == Some(Value::from("a\"b")),
                        "{line}"
                    );
                    assert!(method.is_none() || method.as_deref() == Some("x/y"));
                }
                _ => panic!("opaque: {line}"),
            }
        }
    }

    #[test]
    fn a_batch_is_split_into_its_members_bytes() {
        let Parsed::Batch(items) =
            parsed(r#" [ {"id":1,"result":{}} ,{"id":2, "result" : [1,2]}]"#)
        else {
            panic!("a batch")
        };
        assert_eq!(
            items,
            [
                &br#"{"id":1,"result":{}}"#[..],
                br#"{"id":2, "result" : [1,2]}"#
            ]
        );
    }

    #[test]
    fn lines_that_are_not_objects_say_so() {
        for line in ["Server listening on stdio", "42", "[1, 2", "{\"id\": 1,"] {
            assert!(matches!(parsed(line), Parsed::NotJson(_)), "{line}");
        }
    }

    #[test]
    fn the_id_is_read_from_a_head_cut_anywhere() {
        let line = br#"{"jsonrpc":"2.0","id":"req-9","result":{"content":[{"text":"aaaa"#;
        for cut in 29..line.len() {
            assert_eq!(
                id_in_head(&line[..cut]),
                Some(Value::from("req-9")),
                "{cut}"
            );
        }
        assert_eq!(id_in_head(&line[..28]), None);
        assert_eq!(id_in_head(br#"{"id":12"#), None, "12 may go on");
    }
}

//! JSON values of a stream read a line at a time: each line is parsed from
//! a slice, several times faster than jaq's byte-by-byte reader, while every
//! line holds whole values (JSON lines). From the first line that does not
//! (a value spread over lines, a syntax error, a line too long to hold),
//! jaq's reader takes over from that line's start, so the values and errors
//! are exactly those of reading everything with it.

use std::collections::VecDeque;
use std::io::{self, BufRead, Cursor, Read};

use jaq_json::Val;

/// A line longer than this is left to jaq's reader, which holds no line.
const MAX_LINE: u64 = 1 << 20;

type Slow<'a> = Box<dyn Iterator<Item = io::Result<Val>> + 'a>;

/// The values of `input`, as `jaq_json::read::read_many` gives them.
pub fn json_values<'a>(input: impl BufRead + 'a) -> impl Iterator<Item = io::Result<Val>> + 'a {
    let mut fast = Some((input, Vec::new()));
    let mut ready = VecDeque::new();
    let mut slow: Option<Slow<'a>> = None;
    std::iter::from_fn(move || {
        loop {
            if let Some(value) = ready.pop_front() {
                return Some(Ok(value));
            }
            if let Some(slow) = slow.as_mut() {
                return slow.next();
            }
            let (input, line) = fast.as_mut()?;
            line.clear();
            let read = input.by_ref().take(MAX_LINE).read_until(b'\n', line);
            match read {
                Ok(0) => return None,
                Ok(n) if n as u64 == MAX_LINE && !line.ends_with(b"\n") => {}
                Ok(_) => {
                    if let Ok(values) = jaq_json::read::parse_many(line).collect() {
                        ready = values;
                        continue;
                    }
                }
                Err(e) => return Some(Err(e)),
            }
            let (input, line) = fast.take()?;
            slow = Some(Box::new(jaq_json::read::read_many(
                Cursor::new(line).chain(input),
            )));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values up to the first error, which ends a reading (jaq's reader
    /// repeats it forever).
    fn shown(values: impl Iterator<Item = io::Result<Val>>) -> Vec<String> {
        let mut shown = Vec::new();
        for value in values {
            match value {
                Ok(v) => shown.push(v.to_string()),
                Err(e) => {
                    shown.push(format!("error {:?}: {e}", e.kind()));
                    break;
                }
            }
        }
        shown
    }

    fn both(text: &str) -> (Vec<String>, Vec<String>) {
        let lines = shown(json_values(text.as_bytes()));
        let whole = shown(jaq_json::read::read_many(text.as_bytes()));
        (lines, whole)
    }

    #[test]
    fn values_and_errors_are_those_of_jaqs_reader() {
        let long = format!(
            "{{\"a\":\"{}\"}}\n{{\"b\":2}}\n",
            "x".repeat(MAX_LINE as usize + 10)
        );
        for text in [
            "{\"a\":1}\n{\"a\":2}\n",
            "{\"a\":1}\n\n  \r\n{\"a\":2}",
            "1 2 3\n[4, 5] {\"six\": 6}\n",
            "# a comment\n{\"a\":1} # another\n",
            "{\"a\":1}\n{\n  \"b\": [1,\n 2]\n}\n{\"c\":3}\n",
            "{\"a\":1} {\"b\":\n2}\n{\"c\":3}\n",
            "{\"a\":1}\n{\"a\":}\n{\"a\":3}\n",
            "{\"a\":1}\n{\"a\":2",
            "",
            "\n\n",
            "\"caf\u{e9}\" \"\\ud83d\\ude00\"\n",
            &long,
        ] {
            let (lines, whole) = both(text);
            assert_eq!(lines, whole, "{text:.80}");
        }
    }
}

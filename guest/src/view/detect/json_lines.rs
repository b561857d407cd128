//! The shape of a JSON Lines output (one JSON object a line: structured
//! logs, `docker inspect`-style dumps, access logs with `escape=json`),
//! gathered line by line while storing, worded as [`crate::view::json_shape`]
//! words an array of objects — `shape: 12000 JSON lines of {ts: string,
//! level: string, msg: string, req_id (11990 of 12000): string}` — so the
//! model knows the fields to ask about.
//!
//! An output is taken as JSON Lines when its first non-blank line starts
//! with `{`; past [`MAX_ODD_LINES`] lines that are not one JSON object (or
//! 1 %) it is off for good (after which a line costs one branch). Each line
//! is parsed by `serde_json` into a visitor that feeds the same bounded
//! [`JsonShape`] a JSON document's re-indenter feeds, allocating nothing
//! per value. A record longer than the view's wrap (a gateway's access log
//! holds its request and response headers) is put back together from its
//! pieces, up to [`MAX_RECORD_BYTES`].

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{Detector, Findings, Line, Totals};
use crate::view::json_shape::{JsonShape, scalar_kind};

/// Lines that are not one JSON object tolerated (a banner, a stray print).
const MAX_ODD_LINES: u64 = 16;
/// Fewer records than this: not worth a summary.
const MIN_RECORDS: u64 = 2;
/// A record the view wrapped is put back together up to this many bytes
/// (an access log's record is a few KB); a longer one counts as odd.
const MAX_RECORD_BYTES: usize = 256 * 1024;

#[derive(Default, PartialEq)]
enum State {
    #[default]
    Start,
    Lines,
    Off,
}

#[derive(Default)]
pub struct JsonLines {
    state: State,
    shape: JsonShape,
    records: u64,
    odd: u64,
    /// The pieces so far of a line the view wrapped.
    pieces: String,
    /// The line being put back together grew past [`MAX_RECORD_BYTES`].
    overlong: bool,
}

impl JsonLines {
    /// One view line (without its newline).
    pub fn push_line(&mut self, line: &str) {
        let line = line.trim();
        match self.state {
            State::Off => return,
            _ if line.is_empty() => return,
            State::Start if !line.starts_with('{') => {
                self.state = State::Off;
                return;
            }
            State::Start => {
                // The records are the items of one array, as in a document.
                self.shape.open(false);
                self.state = State::Lines;
            }
            State::Lines => {}
        }
        let object = line.starts_with('{') && line.ends_with('}');
        let parsed = object && {
            let mut de = serde_json::Deserializer::from_str(line);
            Value(&mut self.shape).deserialize(&mut de).is_ok() && de.end().is_ok()
        };
        if parsed {
            self.records += 1;
        } else {
            self.odd_line();
        }
    }

    /// A line that is not one JSON object (or too long to read as one).
    fn odd_line(&mut self) {
        self.odd += 1;
        if self.odd > MAX_ODD_LINES || self.state == State::Start {
            self.state = State::Off;
        }
    }

    /// The summary line, most detailed first; empty unless the output was
    /// JSON Lines throughout.
    pub fn render(&self) -> Vec<String> {
        if self.state != State::Lines || self.records < MIN_RECORDS || self.odd * 100 > self.records
        {
            return Vec::new();
        }
        let odd = match self.odd {
            0 => String::new(),
            1 => " (1 other line)".to_string(),
            n => format!(" ({n} other lines)"),
        };
        let label = format!("shape: {} JSON lines{odd} of ", self.records);
        self.shape.render_items(&label)
    }
}

impl Detector for JsonLines {
    fn name(&self) -> &'static str {
        "JSON lines"
    }

    fn see(&mut self, line: &Line) {
        // A line's first piece decides at the start, as a whole line would.
        let first = self.pieces.is_empty() && !self.overlong;
        let text = line.text.trim_start();
        if self.state == State::Start && first && !text.is_empty() && !text.starts_with('{') {
            self.state = State::Off;
        }
        if self.state == State::Off {
            return;
        }
        // A long record reaches the view in pieces: its last piece is the
        // one not marked wrapped.
        if line.wrapped || !self.pieces.is_empty() || self.overlong {
            if !self.overlong && self.pieces.len() + line.text.len() <= MAX_RECORD_BYTES {
                self.pieces.push_str(line.text);
            } else {
                self.overlong = true;
                self.pieces = String::new();
            }
            if line.wrapped {
                return;
            }
            let whole = std::mem::take(&mut self.pieces);
            if std::mem::take(&mut self.overlong) {
                self.odd_line();
            } else {
                self.push_line(&whole);
            }
            return;
        }
        self.push_line(line.text);
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        if findings.preview.summary.is_empty() {
            findings.preview.summary = self.render();
        }
    }
}

/// Feeds the shape of one JSON value to a [`JsonShape`].
struct Value<'a>(&'a mut JsonShape);

impl<'de> DeserializeSeed<'de> for Value<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Value<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        self.0.scalar(scalar_kind(b't'));
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        self.0.scalar(scalar_kind(b'0'));
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        self.0.scalar(scalar_kind(b'0'));
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        self.0.scalar(scalar_kind(b'0'));
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        self.0.scalar(scalar_kind(b'"'));
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        self.0.scalar(scalar_kind(b'n'));
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.0.open(false);
        while seq.next_element_seed(Value(self.0))?.is_some() {}
        self.0.close();
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.0.open(true);
        while map.next_key_seed(Key(self.0))?.is_some() {
            map.next_value_seed(Value(self.0))?;
        }
        self.0.close();
        Ok(())
    }
}

/// Feeds an object's key to a [`JsonShape`].
struct Key<'a>(&'a mut JsonShape);

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<(), E> {
        if key.chars().any(char::is_control) {
            // A raw control character would break the preview's line.
            return Err(E::custom("control character in a key"));
        }
        self.0.key_start();
        self.0.key_text(key);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape_of(lines: &[String]) -> Vec<String> {
        let mut j = JsonLines::default();
        for l in lines {
            j.push_line(l);
        }
        j.render()
    }

    #[test]
    fn records_show_their_fields_and_how_many_have_each() {
        let lines: Vec<String> = (0..3000)
            .map(|i| match i {
                1700 => r#"{"level":"fatal","ts":"t","msg":"cannot open WAL"}"#.to_string(),
                _ => {
                    format!(r#"{{"level":"info","ts":"t{i}","msg":"ok","req_id":"r{i}","n":{i}}}"#)
                }
            })
            .collect();
        assert_eq!(
            shape_of(&lines)[0],
            "shape: 3000 JSON lines of {level: string, ts: string, msg: string, \
             req_id (2999 of 3000): string, n (2999 of 3000): number}"
        );
    }

    #[test]
    fn other_text_is_not_json_lines() {
        let log: Vec<String> = (0..100).map(|i| format!("INFO {i} {{\"a\":1}}")).collect();
        assert!(shape_of(&log).is_empty());
        // A pretty-printed document's lines are not records.
        let pretty: Vec<String> = ["{", "  \"a\": 1,", "  \"b\": 2", "}"]
            .iter()
            .cycle()
            .take(400)
            .map(|s| s.to_string())
            .collect();
        assert!(shape_of(&pretty).is_empty());
        // A few stray lines are counted, not fatal.
        let mut mixed: Vec<String> = (0..1000).map(|i| format!(r#"{{"i":{i}}}"#)).collect();
        mixed.insert(500, "Server listening on :3000".to_string());
        assert_eq!(
            shape_of(&mixed)[0],
            "shape: 1000 JSON lines (1 other line) of {i: number}"
        );
    }
}

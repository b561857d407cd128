//! The last stage of the view: lines. The sink soft-wraps long lines,
//! numbers them, indexes them, and shows each one to every detector
//! ([`super::detect`]), which the handle message and the answers are made
//! from.

use super::detect::names::Names;
use super::detect::{self, Detector, Findings, Line, PreviewLines, Totals};
use super::errors::{error_spots, looks_like_error};
use crate::line_index::{LINE_INDEX_STRIDE, WRAP_BYTES};

/// Collects view text into numbered, wrapped, indexed lines.
pub struct LineSink {
    out: Vec<u8>,
    cur: String,
    bytes: u64,
    lines: u64,
    index: Vec<u64>,
    detectors: Vec<Box<dyn Detector>>,
    names: Names,
    /// The JSON view's shape line, set when the document ends.
    json_shape: Vec<String>,
}

impl Default for LineSink {
    fn default() -> Self {
        Self {
            out: Vec::new(),
            cur: String::new(),
            bytes: 0,
            lines: 0,
            index: Vec::new(),
            detectors: detect::all(),
            names: Names::default(),
            json_shape: Vec::new(),
        }
    }
}

impl LineSink {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, text: &str) {
        // One scan of the whole piece finds error-looking spots; lines are
        // checked against these offsets instead of running a regex per line.
        let mut hits = error_spots(text).peekable();
        let mut offset = 0;
        for segment in text.split_inclusive('\n') {
            let start = offset;
            offset += segment.len();
            let (body, ends_line) = match segment.strip_suffix('\n') {
                Some(body) => (body, true),
                None => (segment, false),
            };
            while hits.next_if(|&h| h < start).is_some() {}
            let hit = hits.peek().is_some_and(|&h| h < start + body.len());
            if self.cur.is_empty() && ends_line && body.len() <= WRAP_BYTES {
                self.emit_checked(body, true, Some(hit), false);
                continue;
            }
            self.cur.push_str(body);
            self.wrap();
            if ends_line {
                let line = std::mem::take(&mut self.cur);
                self.emit(&line, true, false);
                self.cur = line;
                self.cur.clear();
            }
        }
    }

    /// Emit a final line that has no newline; the detectors learn the
    /// output ended.
    pub fn finish(&mut self) {
        if !self.cur.is_empty() {
            let line = std::mem::take(&mut self.cur);
            self.emit(&line, false, false);
        }
        for d in &mut self.detectors {
            d.finish();
        }
    }

    /// The shape line of the JSON document this view re-indents.
    pub fn set_json_shape(&mut self, variants: Vec<String>) {
        self.json_shape = variants;
    }

    /// View bytes produced since the last call.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// Hands the view bytes produced since the last call to `write`, then
    /// empties the buffer but keeps it: a store flushes many times, and a
    /// buffer grown afresh each time doubles (old and new held at once).
    pub fn flush_output<E>(&mut self, write: impl FnOnce(&[u8]) -> Result<(), E>) -> Result<(), E> {
        let result = write(&self.out);
        self.out.clear();
        result
    }

    pub fn pending_output(&self) -> usize {
        self.out.len()
    }

    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// View bytes emitted so far (taken or not).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn index(&self) -> &[u64] {
        &self.index
    }

    /// What every detector found: the preview and the record rule.
    pub fn findings(&self) -> Findings {
        let mut findings = Findings::default();
        // The JSON document's shape is the summary; the detectors' come
        // only without one.
        findings.preview.summary = self.json_shape.clone();
        let totals = Totals { lines: self.lines };
        for d in &self.detectors {
            d.contribute(&mut findings, &totals);
        }
        let rare = &mut findings.preview.rare;
        rare.sort_by_key(|l| l.line);
        rare.dedup_by_key(|l| l.line);
        findings
    }

    pub fn preview(&self) -> PreviewLines {
        self.findings().preview
    }

    /// Cut `cur` into lines of at most WRAP_BYTES, preferring to break after
    /// a space or comma in the last quarter of the line. The rest is moved
    /// to the front once, not once per cut (`cur` can be megabytes long).
    fn wrap(&mut self) {
        let cur = std::mem::take(&mut self.cur);
        let mut start = 0;
        while cur.len() - start > WRAP_BYTES {
            let rest = &cur[start..];
            let limit = rest.floor_char_boundary(WRAP_BYTES);
            let bytes = rest.as_bytes();
            let cut = (WRAP_BYTES * 3 / 4..limit)
                .rev()
                .find(|&i| matches!(bytes[i - 1], b' ' | b','))
                .unwrap_or(limit);
            self.emit(&rest[..cut], true, true);
            start += cut;
        }
        self.cur = cur;
        self.cur.drain(..start);
    }

    fn emit(&mut self, line: &str, newline: bool, wrapped: bool) {
        self.emit_checked(line, newline, None, wrapped);
    }

    /// `error_hit`: whether the caller already knows the line has an error
    /// keyword (None: check here). `wrapped`: a piece of a longer line.
    fn emit_checked(&mut self, line: &str, newline: bool, error_hit: Option<bool>, wrapped: bool) {
        let number = self.lines + 1;
        if (number - 1).is_multiple_of(LINE_INDEX_STRIDE) {
            self.index.push(self.bytes);
        }
        self.out.extend_from_slice(line.as_bytes());
        if newline {
            self.out.push(b'\n');
        }
        self.bytes += line.len() as u64 + u64::from(newline);
        self.lines = number;
        let error = match error_hit {
            Some(false) => false,
            _ => looks_like_error(line.as_bytes()),
        };
        self.names.see(number, line);
        let seen = Line {
            number,
            text: line,
            error,
            wrapped,
            names: &self.names,
        };
        for d in &mut self.detectors {
            d.see(&seen);
        }
    }
}

#[cfg(test)]
mod tests;

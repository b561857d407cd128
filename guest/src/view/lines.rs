//! The last stage of the view: lines.

use std::collections::VecDeque;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::columns::Columns;
use super::shapes::{LineShape, ShapeTable};
use crate::tokens::floor_char_boundary;

/// View lines longer than this are soft-wrapped (minified JSON, base64 blobs).
pub const WRAP_BYTES: usize = 2000;
/// The line index records the byte offset of lines 1, 1+STRIDE, 1+2·STRIDE…
pub const LINE_INDEX_STRIDE: u64 = 1024;

const HEAD_LINES: usize = 6;
const TAIL_LINES: usize = 4;
/// Error lines kept (each with the lines of its block): the first ones…
pub const FIRST_ERRORS: usize = 16;
/// …and the last ones.
pub const LAST_ERRORS: usize = 8;
/// An error block: the error line and at most this many continuation lines.
const BLOCK_LINES: usize = 8;
/// A summary line (JSON shape, CSV columns) is stored up to this many
/// bytes; the message clips it further to its budget.
pub const SUMMARY_BYTES: usize = 1024;
/// Preview lines are cut to this many bytes.
const PREVIEW_LINE_BYTES: usize = 240;

/// Lines that look like a failure, wherever they are: what a model most
/// needs and a head+tail cut most often loses.
static ERROR_LINE: LazyLock<regex::bytes::Regex> = LazyLock::new(|| {
    regex::bytes::Regex::new(
        concat!(
            r"(?i-u)\b(?:error|exception|fatal|panic(?:ked)?|traceback|fail(?:ed|ure)?|segmentation fault|abort(?:ed)?",
            // German, French, Spanish, Portuguese (ASCII-folded forms too).
            r"|fehler|fehlgeschlagen|erreur|echec|fallo|erro|falha|excecao)\b",
            // Accented, Russian, Chinese, Japanese, Korean (no ASCII word
            // boundaries in these scripts).
            r"|(?u:échec|falló|exceção|ошибка|ошибки|сбой|错误|錯誤|失败|異常|异常|致命|エラー|例外|失敗|오류|실패|에러)",
            // pytest's assertion detail lines; HTTP 5xx in an access log.
            r#"|(?m:^E {2,}\S)|" 5\d\d \d"#,
        ),
    )
    .expect("static regex")
});

/// A JSON member that only *names* an error field, empty: `"error": null,`.
static EMPTY_ERROR_FIELD: LazyLock<regex::bytes::Regex> = LazyLock::new(|| {
    regex::bytes::Regex::new(
        r#"(?i-u)^\s*"[a-z_]*(?:error|errors|exception|failure|failed)[a-z_]*"\s*:\s*(?:null|\[\s*\]|\{\s*\}|false|0|""|\[|\{)?\s*,?\s*$"#,
    )
    .expect("static regex")
});

fn looks_like_error(line: &[u8]) -> bool {
    ERROR_LINE.is_match(line) && !EMPTY_ERROR_FIELD.is_match(line)
}

/// Lines that continue an error block: pytest `E` lines, indented frames
/// (`  File …`, `    at …`, `\tat …`), rustc's `  --> src/…`, ` |`, `12 | …`,
/// `  = note`, and lines indented by four spaces or a tab.
static CONTINUATION: LazyLock<regex::bytes::Regex> = LazyLock::new(|| {
    regex::bytes::Regex::new(
        r"(?-u)^(?:E\s|\t|    |\s*(?:File |at |--> |\||\d+ *\||= |\^|Caused by))",
    )
    .expect("static regex")
});

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreviewLine {
    pub line: u64,
    pub text: String,
}

/// What the handle message shows of an output, captured while storing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PreviewLines {
    pub head: Vec<PreviewLine>,
    pub errors: Vec<PreviewLine>,
    pub tail: Vec<PreviewLine>,
    /// The first line of each rare shape (see [`super::shapes`]).
    #[serde(default)]
    pub rare: Vec<PreviewLine>,
    /// The commonest line shapes, when most lines share a few.
    #[serde(default)]
    pub common: Vec<LineShape>,
    /// The structure of a JSON or CSV/TSV output in one line (`shape: …`,
    /// `columns (N rows): …`), most detailed first.
    #[serde(default)]
    pub summary: Vec<String>,
}

/// The error block being collected.
#[derive(Default)]
struct Block {
    /// Continuation lines still allowed.
    left: usize,
    /// Started by `Traceback`: the first line that is not a frame ends it
    /// (the exception) and belongs to it.
    traceback: bool,
}

/// Collects view text into numbered, wrapped, indexed lines.
#[derive(Default)]
pub struct LineSink {
    out: Vec<u8>,
    cur: String,
    bytes: u64,
    lines: u64,
    index: Vec<u64>,
    head: Vec<PreviewLine>,
    first_errors: Vec<PreviewLine>,
    last_errors: VecDeque<PreviewLine>,
    tail: VecDeque<PreviewLine>,
    block: Block,
    shapes: ShapeTable,
    columns: Columns,
    /// The JSON view's shape line, set when the document ends.
    json_shape: Vec<String>,
}

impl LineSink {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, text: &str) {
        // One scan of the whole piece finds error-looking spots; lines are
        // checked against these offsets instead of running a regex per line.
        let mut hits = ERROR_LINE
            .find_iter(text.as_bytes())
            .map(|m| m.start())
            .peekable();
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
                self.emit_checked(body, true, Some(hit));
                continue;
            }
            self.cur.push_str(body);
            self.wrap();
            if ends_line {
                let line = std::mem::take(&mut self.cur);
                self.emit(&line, true);
                self.cur = line;
                self.cur.clear();
            }
        }
    }

    /// Emit a final line that has no newline.
    pub fn finish(&mut self) {
        if !self.cur.is_empty() {
            let line = std::mem::take(&mut self.cur);
            self.emit(&line, false);
        }
        self.columns.finish();
    }

    /// The shape line of the JSON document this view re-indents.
    pub fn set_json_shape(&mut self, variants: Vec<String>) {
        self.json_shape = variants;
    }

    /// View bytes produced since the last call.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
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

    pub fn preview(&self) -> PreviewLines {
        let mut errors = self.first_errors.clone();
        errors.extend(self.last_errors.iter().cloned());
        let lines = self.lines;
        let (rare, common) = self
            .shapes
            .rare_lines(|n| n <= HEAD_LINES as u64 || n + TAIL_LINES as u64 > lines);
        PreviewLines {
            head: self.head.clone(),
            errors,
            tail: self.tail.iter().cloned().collect(),
            rare,
            common,
            summary: if self.json_shape.is_empty() {
                self.columns.render()
            } else {
                self.json_shape.clone()
            },
        }
    }

    /// Cut `cur` into lines of at most WRAP_BYTES, preferring to break after
    /// a space or comma in the last quarter of the line. The rest is moved
    /// to the front once, not once per cut (`cur` can be megabytes long).
    fn wrap(&mut self) {
        let cur = std::mem::take(&mut self.cur);
        let mut start = 0;
        while cur.len() - start > WRAP_BYTES {
            let rest = &cur[start..];
            let limit = floor_char_boundary(rest, WRAP_BYTES);
            let bytes = rest.as_bytes();
            let cut = (WRAP_BYTES * 3 / 4..limit)
                .rev()
                .find(|&i| matches!(bytes[i - 1], b' ' | b','))
                .unwrap_or(limit);
            self.columns.off();
            self.emit(&rest[..cut], true);
            start += cut;
        }
        self.cur = cur;
        self.cur.drain(..start);
    }

    fn emit(&mut self, line: &str, newline: bool) {
        self.emit_checked(line, newline, None);
    }

    /// `error_hit`: whether the caller already knows the line has an error
    /// keyword (None: check here).
    fn emit_checked(&mut self, line: &str, newline: bool, error_hit: Option<bool>) {
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

        let capture = || PreviewLine {
            line: number,
            text: clip(line, PREVIEW_LINE_BYTES),
        };
        if self.head.len() < HEAD_LINES {
            self.head.push(capture());
        }
        // Reuse the oldest tail slot's buffer: this runs for every line.
        let mut slot = if self.tail.len() == TAIL_LINES {
            self.tail.pop_front().expect("full")
        } else {
            PreviewLine {
                line: 0,
                text: String::new(),
            }
        };
        slot.line = number;
        slot.text.clear();
        clip_into(line, PREVIEW_LINE_BYTES, &mut slot.text);
        self.tail.push_back(slot);
        self.shapes.push(number, line);
        self.columns.push_line(line);
        let is_error = match error_hit {
            Some(false) => false,
            _ => looks_like_error(line.as_bytes()),
        };
        let mut in_block = false;
        if !is_error && (self.block.left > 0 || self.block.traceback) {
            if CONTINUATION.is_match(line.as_bytes()) {
                if self.block.left > 0 {
                    self.block.left -= 1;
                    in_block = true;
                }
            } else {
                // A traceback's frames end with the exception: keep it
                // even when the frames were too many to keep.
                in_block = self.block.traceback && !line.trim().is_empty();
                self.block = Block::default();
            }
        }
        if is_error {
            self.block = Block {
                left: BLOCK_LINES,
                traceback: line.trim_start().starts_with("Traceback"),
            };
        }
        if is_error || in_block {
            self.keep_error(capture());
        }
    }

    fn keep_error(&mut self, line: PreviewLine) {
        if self.first_errors.len() < FIRST_ERRORS {
            self.first_errors.push(line);
        } else {
            self.last_errors.push_back(line);
            if self.last_errors.len() > LAST_ERRORS {
                self.last_errors.pop_front();
            }
        }
    }
}

/// At most `max` bytes of `line` (on a char boundary), `…` marking a cut.
pub fn clip(line: &str, max: usize) -> String {
    let mut out = String::new();
    clip_into(line, max, &mut out);
    out
}

fn clip_into(line: &str, max: usize, out: &mut String) {
    if line.len() <= max {
        out.push_str(line);
    } else {
        out.push_str(&line[..floor_char_boundary(line, max)]);
        out.push('…');
    }
}

#[cfg(test)]
mod tests;

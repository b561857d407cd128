//! The columns of a CSV/TSV output (or a psql table, `|`-separated),
//! gathered line by line while storing:
//! names, row count and each numeric column's min/max —
//! `columns (12000 rows): id 1–12000, name, amount 0.5–991.25`.
//!
//! It must not fire on prose or logs that happen to hold commas, so an
//! output is taken as a table only when its first line is a header (at least
//! two distinct short names, each starting with a letter or `_`) and the
//! records have the header's field count: past [`MAX_ODD_ROWS`] that do not
//! (or 1 %) it is off for good (after which a line costs one branch). An odd
//! row is counted, not measured: its fields may not line up. Records are split by `csv-core`
//! (quotes, escaped quotes and quoted newlines as the jq mode's `csv` reader
//! sees them); the `csv` crate's line-at-a-time API would allocate a record
//! per row and wants a `Read`, not pieces pushed in.

use csv_core::{ReadFieldResult, Reader, ReaderBuilder};

use super::{Detector, Findings, Line, Totals};
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, SUMMARY_BYTES, clip};
pub use odd_rows::OddField;
use odd_rows::{KINDS, kind_of};

/// Columns whose statistics are kept; the rest are counted.
pub const MAX_COLUMNS: usize = 64;
/// A header name may be at most this long (longer: not a header).
const NAME_BYTES: usize = 64;
/// …and at most this many words.
const NAME_WORDS: usize = 4;
/// Longer fields are not numbers (and are not kept).
const FIELD_BYTES: usize = 64;
/// Min/max are shown as written, up to this many bytes.
const VALUE_BYTES: usize = 24;
/// Fewer data rows than this: not worth a summary.
const MIN_ROWS: u64 = 2;
/// Records with another field count tolerated (the odd row of a table).
const MAX_ODD_ROWS: u64 = 16;

#[derive(PartialEq)]
enum State {
    Start,
    Header,
    Rows,
    Off,
}

struct Column {
    name: String,
    /// Every non-empty value so far parsed as a number.
    numeric: bool,
    values: u64,
    min: (f64, String),
    max: (f64, String),
    /// Rows holding each kind of value, and the line of the first.
    kinds: [u64; KINDS],
    first: [u64; KINDS],
}

pub struct Columns {
    state: State,
    reader: Reader,
    /// `,`, `\t`, or `|` (psql's tables).
    delimiter: u8,
    /// The header's line.
    header_line: u64,
    buf: [u8; FIELD_BYTES],
    filled: usize,
    /// The field being read did not fit in `buf`.
    long: bool,
    /// Fields of the record being read so far, and of the header.
    field: usize,
    width: usize,
    columns: Vec<Column>,
    rows: u64,
    odd: u64,
    /// The current record's values, applied when it proves to have the
    /// header's width (slots reused: no allocation per row).
    pending: Vec<Value>,
    pending_len: usize,
    /// The reader is inside a quoted field that spans lines.
    open: bool,
    /// Kinds of the current record's fields (the first [`MAX_COLUMNS`]).
    pending_kinds: Vec<usize>,
    /// The view line being read, and whether its record was the first
    /// with some column's kind of value (its text is then kept).
    line: u64,
    new_kind: bool,
    samples: Vec<PreviewLine>,
}

/// One field of the current record: a number (and its text) or not.
#[derive(Default)]
struct Value {
    index: usize,
    number: Option<f64>,
    text: String,
}

impl Default for Columns {
    fn default() -> Self {
        Self {
            state: State::Start,
            reader: Reader::new(),
            delimiter: b',',
            header_line: 0,
            buf: [0; FIELD_BYTES],
            filled: 0,
            long: false,
            field: 0,
            width: 0,
            columns: Vec::new(),
            rows: 0,
            odd: 0,
            pending: Vec::new(),
            pending_len: 0,
            open: false,
            pending_kinds: Vec::new(),
            line: 0,
            new_kind: false,
            samples: Vec::new(),
        }
    }
}

impl Columns {
    /// View line `number` (without its newline).
    pub fn push_line(&mut self, number: u64, line: &str) {
        self.line = number;
        self.read_line(line);
        if std::mem::take(&mut self.new_kind) {
            // At most one sample per column and kind: bounded.
            self.samples.push(PreviewLine {
                line: number,
                text: clip(line, PREVIEW_LINE_BYTES),
                keep: None,
            });
        }
    }

    fn read_line(&mut self, line: &str) {
        match self.state {
            State::Off => return,
            State::Start => {
                self.delimiter = if line.contains('\t') {
                    b'\t'
                } else if line.contains(',') {
                    b','
                } else if line.contains('|') {
                    b'|'
                } else {
                    self.state = State::Off;
                    return;
                };
                self.header_line = self.line;
                self.reader = ReaderBuilder::new().delimiter(self.delimiter).build();
                self.state = State::Header;
            }
            State::Header | State::Rows => {}
        }
        if self.delimiter == b'|' && psql_frame(line) {
            return;
        }
        if !self.open && !line.contains('"') {
            // No quoting to undo: split directly (the common case, several
            // times faster than the byte-at-a-time reader).
            self.split(line);
        } else {
            self.feed(line.as_bytes());
            self.feed(b"\n");
            // Inside a quoted field the newline went into the field.
            self.open = self.field > 0 || self.filled > 0 || self.long;
        }
    }

    /// A whole record on one line with no quotes.
    fn split(&mut self, line: &str) {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            return; // as the reader does: blank lines are no records
        }
        for field in line.split(char::from(self.delimiter)) {
            // Measured trimmed: psql pads a header name to its widest cell.
            self.field_value(field, field.trim().len() > FIELD_BYTES);
        }
        self.record_done();
    }

    /// The view was cut into lines that are not the output's (soft wraps).
    pub fn off(&mut self) {
        self.state = State::Off;
    }

    /// End of the output: a record left open (an unclosed quote) is no table.
    pub fn finish(&mut self) {
        if self.state == State::Off || self.state == State::Start {
            return;
        }
        let (result, _, _) = self.reader.read_field(&[], &mut self.buf);
        if result != ReadFieldResult::End || self.state != State::Rows {
            self.state = State::Off;
        }
    }

    fn feed(&mut self, mut input: &[u8]) {
        while self.state != State::Off {
            let (result, read, wrote) = self.reader.read_field(input, &mut self.buf[self.filled..]);
            input = &input[read..];
            self.filled += wrote;
            match result {
                ReadFieldResult::InputEmpty | ReadFieldResult::End => return,
                ReadFieldResult::OutputFull => {
                    self.long = true;
                    self.filled = 0;
                }
                ReadFieldResult::Field { record_end } => {
                    self.field_done();
                    self.filled = 0;
                    self.long = false;
                    if record_end {
                        self.record_done();
                    }
                }
            }
        }
    }

    fn field_done(&mut self) {
        let buf = self.buf;
        let text = String::from_utf8_lossy(&buf[..self.filled]);
        self.field_value(&text, self.long);
    }

    /// `long`: the field was longer than [`FIELD_BYTES`] (`text` is a part).
    fn field_value(&mut self, text: &str, long: bool) {
        let index = self.field;
        self.field += 1;
        let value = text.trim();
        if self.state == State::Header {
            if long || !is_name(value) {
                self.state = State::Off;
            } else if index < MAX_COLUMNS {
                self.columns.push(Column {
                    name: value.to_string(),
                    numeric: true,
                    values: 0,
                    min: (f64::INFINITY, String::new()),
                    max: (f64::NEG_INFINITY, String::new()),
                    kinds: [0; KINDS],
                    first: [0; KINDS],
                });
            }
            return;
        }
        if index < self.columns.len() {
            self.pending_kinds.push(kind_of(value, long));
        }
        if value.is_empty() || !self.columns.get(index).is_some_and(|c| c.numeric) {
            return;
        }
        if self.pending_len == self.pending.len() {
            self.pending.push(Value::default());
        }
        let slot = &mut self.pending[self.pending_len];
        self.pending_len += 1;
        slot.index = index;
        slot.number = number(value).filter(|_| !long);
        slot.text.clear();
        if slot.number.is_some() {
            // Numbers are ASCII: a cut needs no char boundary care.
            slot.text.push_str(&value[..value.len().min(VALUE_BYTES)]);
        }
    }

    /// The record had the header's width: its values count.
    fn apply_pending(&mut self) {
        for (column, &kind) in self.columns.iter_mut().zip(&self.pending_kinds) {
            column.kinds[kind] += 1;
            if column.kinds[kind] == 1 {
                column.first[kind] = self.line;
                self.new_kind = true;
            }
        }
        for slot in &self.pending[..self.pending_len] {
            let column = &mut self.columns[slot.index];
            match slot.number {
                Some(n) => {
                    column.values += 1;
                    // Reuse the buffers: a sorted column (ids, times) has
                    // a new max on every row.
                    if n < column.min.0 {
                        column.min.0 = n;
                        column.min.1.clone_from(&slot.text);
                    }
                    if n > column.max.0 {
                        column.max.0 = n;
                        column.max.1.clone_from(&slot.text);
                    }
                }
                None => column.numeric = false,
            }
        }
    }

    fn record_done(&mut self) {
        let fields = std::mem::take(&mut self.field);
        match self.state {
            State::Header => {
                let names = &self.columns;
                let distinct = names
                    .iter()
                    .enumerate()
                    .all(|(i, c)| names[..i].iter().all(|o| o.name != c.name));
                if fields < 2 || !distinct {
                    self.state = State::Off;
                } else {
                    self.width = fields;
                    self.state = State::Rows;
                }
            }
            State::Rows if fields == self.width => {
                self.rows += 1;
                self.apply_pending();
            }
            State::Rows if self.odd < MAX_ODD_ROWS => self.odd += 1,
            _ => self.state = State::Off,
        }
        self.pending_len = 0;
        self.pending_kinds.clear();
    }

    /// The summary line, most detailed first (with min/max, names only);
    /// empty unless the output was a table throughout.
    pub fn render(&self) -> Vec<String> {
        if self.state != State::Rows || self.rows < MIN_ROWS || self.odd * 100 > self.rows {
            return Vec::new();
        }
        let odd = match self.odd {
            0 => String::new(),
            n => format!(", {n} with another field count"),
        };
        let tab = match self.delimiter {
            b'\t' => ", tab-separated",
            b'|' => ", |-separated",
            _ => "",
        };
        let label = format!("columns ({} rows{odd}{tab}): ", self.rows);
        let more = self.width.saturating_sub(self.columns.len());
        [true, false]
            .into_iter()
            .map(|ranges| {
                let mut line = label.clone();
                for (i, c) in self.columns.iter().enumerate() {
                    if i > 0 {
                        line.push_str(", ");
                    }
                    line.push_str(&c.name);
                    if ranges && c.numeric && c.values > 0 {
                        line.push_str(&format!(" {}–{}", c.min.1, c.max.1));
                    }
                }
                if more > 0 {
                    line.push_str(&format!(", +{more} more"));
                }
                clip(&line, SUMMARY_BYTES)
            })
            .collect()
    }
}

impl Detector for Columns {
    fn name(&self) -> &'static str {
        "columns"
    }

    fn see(&mut self, line: &Line) {
        if line.wrapped {
            self.off();
        }
        self.push_line(line.number, line.text);
    }

    fn finish(&mut self) {
        Columns::finish(self);
    }

    fn contribute(&self, findings: &mut Findings, totals: &Totals) {
        let preview = &mut findings.preview;
        if preview.summary.is_empty() {
            preview.summary = self.render();
        }
        // A table's odd rows (an empty or negative value among thousands)
        // stand out by value, not by shape.
        let odd = self.odd_rows().into_iter();
        preview
            .rare
            .extend(odd.filter(|l| !totals.shown_anyway(l.line)));
        preview.odd_fields = self.odd_fields();
    }
}

/// A header name: short, a few words, starting with a letter or `_`, no
/// control characters (a quoted newline would break the preview), not
/// ending a sentence (log lines start with a date; prose runs long or ends
/// its clauses with `.`, `!`, `?`, `;`, `:`).
fn is_name(value: &str) -> bool {
    value.len() <= NAME_BYTES
        && value
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
        && !value.ends_with(['.', '!', '?', ';', ':'])
        && !value.chars().any(char::is_control)
        && value.split_whitespace().count() <= NAME_WORDS
}

/// A psql table's rule (`----+----`) or its footer (`(12 rows)`): no
/// record.
fn psql_frame(line: &str) -> bool {
    let t = line.trim();
    let rule = t.starts_with("--") && t.bytes().all(|b| matches!(b, b'-' | b'+'));
    let footer = (t.strip_prefix('(').and_then(|t| t.strip_suffix(')')))
        .and_then(|t| t.strip_suffix(" rows").or_else(|| t.strip_suffix(" row")))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    rule || footer
}

/// A plain decimal number (not `inf`, `NaN`, dates or versions).
fn number(value: &str) -> Option<f64> {
    let plain = value
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        && value.bytes().any(|b| b.is_ascii_digit());
    if !plain {
        return None;
    }
    value.parse::<f64>().ok().filter(|n| n.is_finite())
}

mod odd_rows;
#[cfg(test)]
mod tests;

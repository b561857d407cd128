//! "When did the first full GC happen?": the rows where a column the
//! question names changes value. A time series printed as a table —
//! `jstat -gcutil`, `vmstat`, `mongostat`, `sar` — holds a counter or a
//! state per row (`FGC` going `0` → `1`), and the row where it first
//! moves is the answer; no word of the question is on it. Asked when the
//! question speaks of a first or a change ([`asks`]), for a table's
//! column that changes rarely: a gauge changing every row says nothing,
//! and a YAML document's `file:` keys are no series.

use rustc_hash::FxHashMap;

use super::passage::{Passage, read};
use super::search::Query;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::values::fields::{FNV_START, fnv};
use crate::view::detect::values::table::Table;
use crate::view::preview::clip;

/// Words asking for a moment in a series: its first, its last, a change.
/// ("last" is no such word: "last night" sets a time.)
const MOMENT_WORDS: &[&str] = &[
    "first", "change", "changed", "changes", "switch", "switched", "flip", "flipped", "became",
    "turned",
];
/// Columns followed (the question names few).
const MAX_COLUMNS: usize = 8;
/// Field keys remembered as named or not; past this, new ones are not
/// followed.
const MAX_KEYS: usize = 4096;
/// A column must have this many rows for its changes to stand out…
const MIN_ROWS: u64 = 20;
/// …and change at most once per this many rows…
const ROWS_PER_CHANGE: u64 = 10;
/// …and at most this often.
const MAX_CHANGES: u64 = 24;
/// Changes shown per column: the first ones.
const SHOWN: usize = 8;
/// Columns shown.
const MAX_SHOWN_COLUMNS: usize = 2;
/// A shown line is clipped to this many bytes.
const LINE_BYTES: usize = 400;
/// A value is compared up to this many bytes.
const VALUE_BYTES: usize = 48;

/// Whether `question` asks for a moment of a series.
pub fn asks(question: &str) -> bool {
    (super::intent::words(question).iter()).any(|w| MOMENT_WORDS.contains(&w.as_str()))
}

struct Column {
    name: String,
    /// The last line before its first row that was no row: the table's
    /// header (0: none).
    header: u64,
    rows: u64,
    first: String,
    last: String,
    changes: u64,
    /// The rows where it changed, the first [`SHOWN`].
    lines: Vec<u64>,
}

/// The named columns' values, row by row.
#[derive(Default)]
pub struct Changes {
    table: Table,
    /// Field key → its column, or `None` when the question names it not.
    keys: FxHashMap<u64, Option<usize>>,
    /// A column's name, hashed → whether the question names it.
    names_asked: FxHashMap<u64, bool>,
    columns: Vec<Column>,
    /// The last non-blank line that was no table row.
    other: u64,
    /// The cells of the line being read: column, and text's bytes.
    cells: Vec<(usize, std::ops::Range<usize>)>,
}

impl Changes {
    /// Line `n`: its named cells' values, when it is a table's row.
    pub fn push(&mut self, n: u64, line: &str, query: &Query) {
        let Changes {
            table,
            keys,
            names_asked,
            columns,
            other,
            cells,
        } = self;
        // Each cell by its column and where its text is in the line: the
        // table's header is known once the row is read (its first row
        // makes it so).
        cells.clear();
        let row = table.see(line, |cell| {
            // A cell's text is a part of the line.
            let from = (cell.text.as_ptr() as usize).checked_sub(line.as_ptr() as usize);
            if let Some(at) = from.filter(|&at| at + cell.text.len() <= line.len()) {
                cells.push((cell.column, at..at + cell.text.len()));
            }
        });
        if !row {
            if !line.trim().is_empty() {
                *other = n;
            }
            return;
        }
        let names = table.names_hash();
        for (column, text) in cells.iter() {
            let key = fnv(names, &(*column as u64).to_le_bytes());
            let at = match keys.get(&key) {
                Some(at) => *at,
                None if keys.len() < MAX_KEYS => {
                    let name = table.column_name(*column).unwrap_or("");
                    // Many tables share their columns' names: each is
                    // stemmed once.
                    let asked = *(names_asked.entry(fnv(FNV_START, name.as_bytes())))
                        .or_insert_with(|| query.names_key(name));
                    let named = columns.len() < MAX_COLUMNS && asked;
                    let at = named.then(|| {
                        columns.push(Column {
                            name: clip(name, VALUE_BYTES),
                            header: *other,
                            rows: 0,
                            first: String::new(),
                            last: String::new(),
                            changes: 0,
                            lines: Vec::new(),
                        });
                        columns.len() - 1
                    });
                    keys.insert(key, at);
                    at
                }
                None => None,
            };
            let Some(c) = at.map(|at| &mut columns[at]) else {
                continue;
            };
            let value = clip(line.get(text.clone()).unwrap_or("").trim(), VALUE_BYTES);
            c.rows += 1;
            if c.rows == 1 {
                c.first = value.clone();
            } else if value != c.last {
                c.changes += 1;
                if c.lines.len() < SHOWN {
                    c.lines.push(n);
                }
            }
            c.last = value;
        }
    }

    /// The rows where each named column changes, under its header: for
    /// columns that change rarely, at most [`MAX_SHOWN_COLUMNS`], within
    /// `room` bytes; with the changed rows shown.
    pub fn render(&self, doc: &Doc, room: usize) -> Result<(String, Vec<u64>), Failure> {
        let (mut out, mut shown) = (String::new(), Vec::new());
        let rare = |c: &&Column| {
            c.rows >= MIN_ROWS
                && c.changes > 0
                && c.changes <= MAX_CHANGES
                && c.changes * ROWS_PER_CHANGE <= c.rows
        };
        for c in self.columns.iter().filter(rare).take(MAX_SHOWN_COLUMNS) {
            let mut passage = Passage {
                lines: Default::default(),
                terms: Vec::new(),
            };
            for &at in [c.header].iter().filter(|&&h| h > 0).chain(&c.lines) {
                for (n, line) in read(doc, at, at)? {
                    passage.lines.insert(n, clip(&line, LINE_BYTES));
                }
            }
            let more = match c.changes - c.lines.len() as u64 {
                0 => String::new(),
                left => format!(", the first {} shown, {left} more after", c.lines.len()),
            };
            let title = format!(
                "the rows where {} changes value, as the question names it: {} of its {} rows \
                 (from \"{}\" at first{more}), under the table's header",
                c.name, c.changes, c.rows, c.first
            );
            let text = passage.render_titled(&title);
            if out.len() + text.len() <= room {
                out.push_str(&text);
                shown.extend(&c.lines);
            }
        }
        Ok((out, shown))
    }
}

//! "Every …" over rows that must meet two conditions at once — "can log in
//! with a password and has no second factor", "failed, and was not allowed
//! to fail" — is answered over the columns the question names together,
//! not word by word: each row's fields ([`Fields`]: a table's or a CSV's
//! cells, a JSON line's members, logfmt pairs; or all the members of one
//! record of a JSON array) are read while the search reads the view, and
//! the columns with few values (a flag, a state) whose name or values hold
//! the question's words are counted in combination. Every combination is
//! said with its count and whose rows it holds (the values of the column
//! naming them, else the rows themselves when few): the one asked for is
//! read from the table, not guessed from words (`true` and `false` are in
//! every row).

use rustc_hash::FxHashMap;

mod picked;

use picked::{Picked, Written};

use super::passage::read;
use super::search::Query;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{clip_named, element, key_rank};
use crate::view::detect::values::fields::{ALL_PAIRS, Field, Fields, line_key};
use crate::view::preview::clip;

/// A column with more distinct values than this is no condition.
const FEW: usize = 8;
/// Columns read, in the order first met.
const MAX_COLUMNS: usize = 256;
/// Rows kept, and their cells (4 bytes each); past either the count goes
/// on, the rows are not kept.
const MAX_ROWS: usize = 50_000;
const MAX_CELLS: usize = 1 << 19;
/// Rows a table must have for its combinations to tell anything.
const MIN_ROWS: usize = 20;
/// Columns combined, at most: the best named.
const COMBINED: usize = 3;
/// How well a column must be named to be combined: by a related word
/// (0.6), not by a word setting the scene (a tenth).
const MIN_NAMED: f64 = 0.5;
/// A combination of at most this many rows is rare: its rows are listed.
const LISTED: usize = 9;
/// A listed row is cut to this many bytes.
const LINE_BYTES: usize = 200;
/// A cell's value longer than this is text, not a condition.
const VALUE_BYTES: usize = 32;
/// A row's cell that is missing, or one of a column's many values.
const ABSENT: u16 = u16::MAX;
const MANY: u16 = u16::MAX - 1;
/// A column naming the rows keeps this many distinct values (more: many).
const NAMES_KEPT: usize = 4096;
/// A naming value is cut to this many bytes.
const NAME_BYTES: usize = 96;
/// Bytes of values all columns keep, at most (each value is kept twice:
/// in order, and in the index).
const KEPT_BYTES: usize = 4 << 20;
/// Names said for a combination too big to list.
const NAMES_SAID: usize = 24;

/// Where a call's lists of names start, and the call listing them from
/// a later one.
pub(super) struct Paging<'a> {
    skip: usize,
    next: &'a dyn Fn(usize) -> String,
}

impl Paging<'_> {
    /// `  {label} of its rows: a, b, …`: [`NAMES_SAID`] of `names` from
    /// the `skip`-th on, and when more are left, how many and the exact
    /// call listing them.
    pub(super) fn names(&self, label: &str, names: &[String]) -> String {
        let shown: Vec<&str> = (names.iter().skip(self.skip))
            .take(NAMES_SAID)
            .map(String::as_str)
            .collect();
        let listed = match (self.skip, shown.is_empty()) {
            (0, _) => shown.join(", "),
            (skip, true) => format!("all {} listed before", names.len().min(skip)),
            (skip, false) => format!(
                "{}–{} of {}: {}",
                skip + 1,
                skip + shown.len(),
                names.len(),
                shown.join(", ")
            ),
        };
        let left = names.len().saturating_sub(self.skip + shown.len());
        let more = match left {
            0 => String::new(),
            left => format!(
                ", and {left} more: {}",
                (self.next)(self.skip + shown.len())
            ),
        };
        format!("  {label} of its rows: {listed}{more}\n")
    }
}

/// One column: its name and its first [`FEW`] values (more: many), or,
/// for a column naming the rows, up to [`NAMES_KEPT`] of them.
struct Column {
    name: String,
    /// Whether it names its record (`name`, `user`, `id`): the rank of its
    /// key ([`key_rank`]: a title before an id), and how many of the
    /// question's terms its key holds when the question names it too
    /// (`pod_name` for "which pods"; `incident_number` holds two of
    /// "their incident numbers", `incident_key` one).
    naming: Option<(u8, u8)>,
    values: Vec<String>,
    index: FxHashMap<String, u16>,
    many: bool,
    /// Rows holding it.
    rows: usize,
    /// The least indent it is met at: a record's own member before one
    /// of an object inside it (a job's `status`, not its pipeline's).
    indent: usize,
    /// Of a column naming rows, per kept value: whether the question
    /// names it whole ([`Query::names_whole`]): it picks rows.
    picks: Vec<bool>,
}

impl Column {
    /// The index of `value`, kept when the column keeps values and
    /// `room` (bytes all columns may still keep) allows.
    fn index_of(&mut self, value: &str, room: &mut usize) -> u16 {
        if let Some(&i) = self.index.get(value) {
            return i;
        }
        let (kept, bytes) = match self.naming {
            None => (FEW, VALUE_BYTES),
            Some(_) => (NAMES_KEPT, NAME_BYTES),
        };
        // A name too long is kept cut (a URL with its query); a value
        // too long is no condition.
        let clipped;
        let value = match self.naming {
            Some(_) if value.len() > bytes => {
                clipped = clip(value, bytes);
                clipped.as_str()
            }
            _ => value,
        };
        if let Some(&i) = self.index.get(value) {
            return i;
        }
        let long = self.naming.is_none() && value.len() > bytes;
        if self.values.len() >= kept || long || value.len() * 2 > *room {
            self.many = true;
            return MANY;
        }
        *room -= value.len() * 2;
        let i = self.values.len() as u16;
        self.values.push(value.to_string());
        self.index.insert(value.to_string(), i);
        i
    }

    /// Value index `v` as said: a kept value, or what stands for none.
    fn said(&self, v: u16) -> &str {
        match v {
            ABSENT => "(none)",
            MANY => "(other)",
            v => &self.values[v as usize],
        }
    }

    /// A condition: few values, at least two.
    fn few(&self) -> bool {
        !self.many && (2..=FEW).contains(&self.values.len())
    }

    /// A value of it may pick rows: few values, or one (a flag set on some
    /// rows only, Cloudflare's `SecurityAction` `block` or empty).
    fn picking(&self) -> bool {
        !self.many && (1..=FEW).contains(&self.values.len())
    }

    /// Whether it holds one value in every one of the `seen` rows: a
    /// constant of the table, which sets no row apart (Azure's
    /// `"keyType": "Account"` on every storage account).
    fn constant(&self, seen: usize) -> bool {
        !self.many && self.values.len() == 1 && self.rows >= seen
    }

    /// Whether value index `v` picks its rows.
    fn picks(&self, v: u16) -> bool {
        self.picks.get(v as usize).copied().unwrap_or(false)
    }
}

/// Rows' cells, read while the search reads the view.
pub struct Crosstab {
    fields: Fields,
    columns: Vec<Column>,
    /// Per row: its line, and its cells: (column, value index), by column.
    rows: Vec<(u64, Vec<(u16, u16)>)>,
    /// Rows seen, kept or not; cells kept.
    seen: usize,
    cells_kept: usize,
    /// Column indices by key.
    by_key: FxHashMap<u64, usize>,
    /// Bytes of values the columns may still keep.
    room: usize,
    /// The record being read, in an output of multi-line records: its
    /// first line and its cells so far.
    open: Option<(u64, Vec<(usize, u16)>)>,
    /// The cells of the line being read, and of the row being read, as
    /// written.
    line_written: Written,
    row_written: Written,
    /// Rows a value the question names picks, the first [`MAX_PICKED`]
    /// within [`PICKED_BYTES`]; whether more were met.
    picked: Vec<Picked>,
    picked_bytes: usize,
    picked_all: bool,
}

impl Default for Crosstab {
    fn default() -> Self {
        Crosstab {
            fields: Fields::with_pairs(ALL_PAIRS),
            columns: Vec::new(),
            rows: Vec::new(),
            seen: 0,
            cells_kept: 0,
            by_key: FxHashMap::default(),
            room: KEPT_BYTES,
            open: None,
            line_written: Written::default(),
            row_written: Written::default(),
            picked: Vec::new(),
            picked_bytes: 0,
            picked_all: true,
        }
    }
}

impl Crosstab {
    /// Line `n` of the view; `starts`: in an output of multi-line records
    /// (a JSON array's objects), whether the line opens one, else `None`
    /// (a row a line).
    pub fn push(&mut self, n: u64, line: &str, query: &Query, starts: Option<bool>) {
        let Crosstab {
            fields,
            columns,
            by_key,
            room,
            line_written,
            ..
        } = self;
        line_written.clear();
        let mut cells: Vec<(usize, u16)> = Vec::new();
        let indent = line.len() - line.trim_start().len();
        let mut cell = |key: u64, name: &str, value: &str| {
            let at = match by_key.get(&key) {
                Some(&at) => at,
                None if columns.len() < MAX_COLUMNS => {
                    let naming = key_rank(name, None).map(|r| (r, asked_by(query, name)));
                    columns.push(Column {
                        name: clip(name, 48),
                        naming,
                        values: Vec::new(),
                        index: FxHashMap::default(),
                        many: false,
                        rows: 0,
                        indent,
                        picks: Vec::new(),
                    });
                    by_key.insert(key, columns.len() - 1);
                    columns.len() - 1
                }
                None => return,
            };
            // A key met twice in a row: its first (a flow's `source`
            // before its `destination`).
            if cells.iter().any(|&(c, _)| c == at) {
                return;
            }
            let column = &mut columns[at];
            column.indent = column.indent.min(indent);
            let value = value.trim_matches('"');
            let index = column.index_of(value, room);
            if index as usize == column.picks.len() {
                column.picks.push(query.names_whole(value));
            }
            cells.push((at, index));
            line_written.push(at, value);
        };
        // A member whose value is words (a job's `"name": "test:e2e 2/4"`)
        // is no value to the storing, but it may name the row: read first,
        // as the storing's reading of the line keys it.
        let body = line.trim();
        if let Some((key, (name, value))) = line_key(body, indent).zip(text_member(body)) {
            cell(key, name, value);
        }
        fields.split(line, &mut |f: Field| cell(f.key, f.name, f.value));
        match starts {
            None => {
                std::mem::swap(&mut self.line_written, &mut self.row_written);
                self.commit(n, cells);
            }
            Some(starts) => {
                if starts && let Some((first, open)) = self.open.take() {
                    self.commit(first, open);
                }
                let (_, open) = self.open.get_or_insert((n, Vec::new()));
                for (at, index) in cells {
                    if !open.iter().any(|&(c, _)| c == at) {
                        open.push((at, index));
                    }
                }
                let Crosstab {
                    line_written: line,
                    row_written: row,
                    ..
                } = self;
                for &(at, a, b) in &line.cells {
                    if !row.has(at as usize) {
                        row.push(at as usize, &line.text[a..b]);
                    }
                }
            }
        }
    }

    /// The end of the view: the last record is a row too.
    pub fn finish(&mut self) {
        if let Some((first, open)) = self.open.take() {
            self.commit(first, open);
        }
    }

    /// A row, at line `n`: of two fields or more (a lone `key: value` line
    /// is no row of a table).
    fn commit(&mut self, n: u64, cells: Vec<(usize, u16)>) {
        self.pick(n, &cells);
        self.row_written.clear();
        if cells.len() < 2 {
            return;
        }
        self.seen += 1;
        for &(at, _) in &cells {
            self.columns[at].rows += 1;
        }
        if self.rows.len() < MAX_ROWS && self.cells_kept + cells.len() <= MAX_CELLS {
            self.cells_kept += cells.len();
            let mut row: Vec<(u16, u16)> = (cells.iter()).map(|&(at, v)| (at as u16, v)).collect();
            row.sort_unstable();
            self.rows.push((n, row));
        }
    }

    /// The sections, within `budget` bytes: the rows a value the question
    /// names picks, told apart by their other values ([`Self::picked`]);
    /// then every combination of the values of the columns the question
    /// names ([`Self::combinations`]).
    /// A list of names cut at [`NAMES_SAID`] says the exact next call:
    /// `next(k)` lists each from its `k`-th on, and `skip` is where this
    /// call starts.
    pub fn render(
        &self,
        doc: &Doc,
        query: &Query,
        budget: usize,
        skip: usize,
        next: &dyn Fn(usize) -> String,
    ) -> Result<String, Failure> {
        let paging = Paging { skip, next };
        let mut out = self.picked(query, budget, &paging);
        let left = budget.saturating_sub(out.len());
        out.push_str(&self.combinations(doc, query, left, &paging)?);
        Ok(out)
    }

    /// Every combination of the values of the columns the question names,
    /// with its count, and the rows of the rare ones, within `budget`
    /// bytes; empty when fewer than two columns are named.
    fn combinations(
        &self,
        doc: &Doc,
        query: &Query,
        budget: usize,
        paging: &Paging,
    ) -> Result<String, Failure> {
        if self.rows.len() < MIN_ROWS {
            return Ok(String::new());
        }
        let chosen = self.chosen(query);
        if chosen.len() < 2 {
            return Ok(String::new());
        }
        // Rows by combination, in order of first row.
        let mut combos: FxHashMap<Vec<u16>, (usize, Vec<u64>)> = FxHashMap::default();
        let mut order: Vec<Vec<u16>> = Vec::new();
        // The column naming the rows, for a combination too big to list.
        // The best: named by the question (by more of its words first),
        // then by its key's rank, then
        // the record's own (least indented).
        let naming = (self.columns.iter().enumerate())
            .filter(|(_, c)| c.values.len() > 1 && c.rows * 2 >= self.rows.len())
            .filter_map(|(i, c)| {
                (c.naming).map(|(rank, asked)| (std::cmp::Reverse(asked), rank, c.indent, i))
            })
            .min()
            .map(|(.., i)| i);
        let mut names: FxHashMap<Vec<u16>, FxHashMap<u16, usize>> = FxHashMap::default();
        for (n, row) in &self.rows {
            let key: Vec<u16> = (chosen.iter()).map(|&c| cell(row, c)).collect();
            // A row holding none of the columns is another kind of line.
            if key.iter().all(|&v| v == ABSENT) {
                continue;
            }
            let entry = combos.entry(key.clone()).or_insert_with(|| {
                order.push(key.clone());
                (0, Vec::new())
            });
            entry.0 += 1;
            if entry.1.len() < LISTED {
                entry.1.push(*n);
            }
            if let Some(v) = naming.map(|c| cell(row, c)) {
                *names.entry(key).or_default().entry(v).or_default() += 1;
            }
        }
        if combos.len() < 2 {
            return Ok(String::new());
        }
        order.sort_by_key(|k| combos[k].0);
        let columns: Vec<&str> = (chosen.iter())
            .map(|&c| self.columns[c].name.as_str())
            .collect();
        let said = |key: &[u16]| -> String {
            (chosen.iter().zip(key))
                .map(|(&c, &v)| {
                    let col = &self.columns[c];
                    format!("{}={}", col.name, col.said(v))
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let rows_read = match self.seen > self.rows.len() {
            true => format!(" (the first {} of {} rows)", self.rows.len(), self.seen),
            false => String::new(),
        };
        let whose = match naming {
            Some(c) => format!("with the {} of its rows", self.columns[c].name),
            None => format!("its rows listed when {LISTED} or fewer"),
        };
        let mut out = format!(
            "\n[The columns the question names together, {}, over {} rows{rows_read}: each combination of their values with its count, the rarest first, {whose}]\n",
            columns.join(", "),
            self.rows.len(),
        );
        // Every combination's count first, with whose rows they are (the
        // naming column's values); without one, while room is left, the
        // rows of the rare ones, each under its combination.
        let mut parts: Vec<String> = Vec::new();
        let mut used = out.len();
        for key in &order {
            let count = combos[key].0;
            let mut part = format!(
                "{}: {count} row{}\n",
                said(key),
                if count == 1 { "" } else { "s" }
            );
            if let (Some(c), Some(tally)) = (naming, names.get(key)) {
                part.push_str(&self.names_line(c, tally, paging));
            }
            if used + part.len() > budget {
                // The combinations left, by their values and counts only.
                let left = &order[parts.len()..];
                let heads: Vec<String> = (left.iter())
                    .map(|k| format!("{} ({})", said(k), combos[k].0))
                    .collect();
                part = format!(
                    "[… and {} more combinations, their rows not listed: {}; ask for one by its values]\n",
                    left.len(),
                    heads.join("; ")
                );
                if used + part.len() > budget {
                    part = format!(
                        "[… and {} more combinations; ask for one by its values]\n",
                        left.len()
                    );
                }
                // Said even past the budget: a cut answer says so.
                parts.push(part);
                break;
            }
            used += part.len();
            parts.push(part);
        }
        for (part, key) in parts.iter_mut().zip(&order) {
            let (count, lines) = &combos[key];
            if *count > LISTED || naming.is_some() {
                continue;
            }
            for &n in lines {
                let Some((n, text)) = read(doc, n, n)?.into_iter().next() else {
                    continue;
                };
                let line = format!("{n}: {}\n", clip_named(text.trim_end(), None, LINE_BYTES));
                if used + line.len() > budget {
                    break;
                }
                used += line.len();
                part.push_str(&line);
            }
        }
        out.extend(parts);
        Ok(out)
    }

    /// Column `c`'s values among a combination's rows, most rows first.
    fn names_line(&self, c: usize, tally: &FxHashMap<u16, usize>, paging: &Paging) -> String {
        let col = &self.columns[c];
        let mut values: Vec<(&u16, &usize)> = tally.iter().collect();
        values.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let said: Vec<String> = (values.iter())
            .map(|&(&v, &count)| format!("{} {count}", col.said(v)))
            .collect();
        paging.names(&col.name, &said)
    }

    /// The columns to combine: few-valued, in most rows, whose name or
    /// one of whose values holds a question word; the best [`COMBINED`].
    fn chosen(&self, query: &Query) -> Vec<usize> {
        // By the term's weight: the items' noun sets the scene (`job.log`
        // holds "jobs" but says nothing of which failed).
        let held = |text: &str| -> f64 {
            (query.held_in(text).iter()).fold(0.0, |best, &(t, w)| (w * query.weight(t)).max(best))
        };
        let mut scored: Vec<(f64, usize)> = (self.columns.iter().enumerate())
            .filter(|(_, c)| {
                c.naming.is_none() && c.few() && c.rows >= MIN_ROWS.min(self.rows.len() / 2)
            })
            .map(|(i, c)| {
                // A value of a short word is a verb's form as often as a
                // state (`GET` for "getting"): numbers and longer words only.
                let telling = |v: &&String| v.len() >= 4 || v.bytes().all(|b| b.is_ascii_digit());
                let by_value = (c.values.iter().filter(telling))
                    .map(|v| held(v))
                    .fold(0.0, f64::max);
                (held(&c.name).max(by_value), i)
            })
            .filter(|(s, _)| *s >= MIN_NAMED)
            .collect();
        let indent = |i: usize| self.columns[i].indent;
        scored.sort_by(|a, b| {
            (b.0.total_cmp(&a.0))
                .then(indent(a.1).cmp(&indent(b.1)))
                .then(a.1.cmp(&b.1))
        });
        // One column of a name: a record's own (`status`), not an inner
        // object's of the same name (its pipeline's `status`).
        let mut names: Vec<&str> = Vec::new();
        scored.retain(|&(_, i)| {
            let name = self.columns[i].name.as_str();
            let first = !names.contains(&name);
            names.push(name);
            first
        });
        // One column at least named by a question's own word: related
        // words alone name too much to combine.
        if scored.first().is_none_or(|s| s.0 < 1.0) {
            return Vec::new();
        }
        let mut chosen: Vec<usize> = scored.into_iter().take(COMBINED).map(|(_, i)| i).collect();
        chosen.sort_unstable();
        chosen
    }
}

/// The value index of column `c` in `row`, or [`ABSENT`].
fn cell(row: &[(u16, u16)], c: usize) -> u16 {
    match row.binary_search_by_key(&(c as u16), |&(at, _)| at) {
        Ok(i) => row[i].1,
        Err(_) => ABSENT,
    }
}

/// A JSON member whose value is a string: `"name": "test:e2e 2/4",` →
/// (`name`, `test:e2e 2/4`); an XML element's text: `<uri>…</uri>`.
fn text_member(body: &str) -> Option<(&str, &str)> {
    if let Some(element) = element(body) {
        return Some(element);
    }
    let (key, value) = body.strip_prefix('"')?.split_once("\":")?;
    let value = value
        .trim()
        .trim_end_matches(',')
        .strip_prefix('"')?
        .strip_suffix('"')?;
    Some((key, value))
}

/// How many of the question's terms the key `name` holds, when the
/// question names it ([`Query::names_key`]); else 0.
pub(super) fn asked_by(query: &Query, name: &str) -> u8 {
    match query.names_key(name) {
        true => u8::try_from(query.held_in(name).len())
            .unwrap_or(u8::MAX)
            .max(1),
        false => 0,
    }
}

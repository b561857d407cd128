//! Categories that stand out: per field, its values are counted while the
//! field has at most [`MAX_VALUES`] of them (past that it holds free text);
//! a value met at most [`RARE_COUNT`] times, under 2 % of a field met at
//! least [`MIN_FIELD`] times, is rare. The rarest — once or twice, within a
//! named record or a comment that names itself, of a field of at most
//! [`MESSAGE_VALUES`] values — are shown in the handle message like an
//! error; every rare one is a [`Finding`] for the answers.

use rustc_hash::FxHashMap;

use super::fields::{FNV_START, Field, fnv};
use super::{Finding, Listed};
use crate::view::preview::{PreviewLine, clip};

/// Fields counted; later ones are not.
const MAX_FIELDS: usize = 512;
/// Distinct values tracked per field; past this it holds free text. A
/// state column can hold this many (Ceph's fifteen placement group states,
/// `active+clean` to `down`): its rare values answer a question naming one
/// of them…
const MAX_VALUES: usize = 16;
/// …but only a field of this many values shows them in the handle message,
/// unasked: with more, a rare one is as likely a name met once.
const MESSAGE_VALUES: usize = 8;
/// A field must be met this often for one of its values to stand out…
const MIN_FIELD: u64 = 50;
/// …and the value at most this often (and under 2 % of the field) to be
/// rare…
pub const RARE_COUNT: u64 = 9;
/// …and this often to be shown in the handle message.
const ODD_COUNT: u64 = 2;
/// More records with odd values than this: only those odder than the
/// rest are shown (none when all are as odd: they are not of one kind)…
const MAX_ODD_RECORDS: usize = 3;
/// …and of each, at most this many odd values.
const MAX_ODD_PER_RECORD: usize = 4;
/// Lines of a rare value remembered.
const MAX_LINES: usize = 9;
/// A value met twice to this often (and not shown as odd; once, unnamed,
/// is as likely free text) has its lines
/// kept whole, for the message to show them all with their count: the 4
/// pods `Pending` among 3,000 `Running` are the answer to "which ones".
const LISTED_COUNT: u64 = 5;
/// A value is kept up to this many bytes.
const VALUE_BYTES: usize = 48;

struct Value {
    hash: u64,
    count: u64,
    text: String,
    first: PreviewLine,
    names: Vec<PreviewLine>,
    /// A comment names itself (`# aws_x.y will be destroyed`).
    comment: bool,
    lines: Vec<u64>,
    /// The lines after the first, each with the lines naming its record,
    /// while at most [`LISTED_COUNT`].
    more: Vec<(PreviewLine, Vec<PreviewLine>)>,
}

#[derive(Default)]
struct Category {
    name: String,
    count: u64,
    values: Vec<Value>,
    free: bool,
}

#[derive(Default)]
pub struct Categories {
    fields: FxHashMap<u64, Category>,
}

impl Categories {
    /// Counts `field`'s value, on line `number` (trimmed `body`);
    /// `capture` gives the line and its names when the value is new.
    /// Returns whether the field still counts its values (not free text).
    pub fn push(
        &mut self,
        field: Field,
        number: u64,
        body: &str,
        capture: &dyn Fn(&Field) -> (PreviewLine, Vec<PreviewLine>),
    ) -> bool {
        let room = self.fields.len() < MAX_FIELDS;
        let c = match self.fields.get_mut(&field.key) {
            Some(c) => c,
            None if room => self.fields.entry(field.key).or_insert_with(|| Category {
                name: clip(field.name, VALUE_BYTES),
                ..Category::default()
            }),
            None => return false,
        };
        c.count += 1;
        if c.free {
            return false;
        }
        let hash = fnv(FNV_START, field.value.as_bytes());
        let few = c.values.len() <= MESSAGE_VALUES;
        if let Some(v) = c.values.iter_mut().find(|v| v.hash == hash) {
            v.count += 1;
            // A value met often is no longer worth its lines.
            if v.count <= RARE_COUNT && v.lines.len() < MAX_LINES {
                v.lines.push(number);
            }
            // Only the handle message lists them: a field of more values
            // keeps none.
            if v.count <= LISTED_COUNT && few {
                v.more.push(capture(&field));
            }
        } else if c.values.len() < MAX_VALUES {
            let (first, names) = capture(&field);
            c.values.push(Value {
                hash,
                count: 1,
                text: clip(field.value, VALUE_BYTES),
                first,
                names,
                comment: body.starts_with('#'),
                lines: vec![number],
                more: Vec::new(),
            });
        } else {
            c.free = true;
            c.values = Vec::new();
            return false;
        }
        true
    }

    /// The odd lines for the handle message — each value met once or
    /// twice, after the lines naming its record; a few records at most,
    /// each with a few such values (more records: the odder ones, or none
    /// when all are as odd) — then the lines of each value met at most
    /// [`LISTED_COUNT`] times not shown so (the rarest first), and every
    /// rare value as a finding.
    pub fn odd(&self) -> (Vec<PreviewLine>, Vec<Listed>, Vec<Finding>) {
        let mut odd: Vec<(&Category, &Value)> = Vec::new();
        let mut listed: Vec<&Value> = Vec::new();
        let mut found = Vec::new();
        for c in self.fields.values() {
            if c.free || c.count < MIN_FIELD || c.values.len() < 2 {
                continue;
            }
            for v in &c.values {
                if v.count > RARE_COUNT || v.count * 50 > c.count {
                    continue;
                }
                // Only within a named record: a document's own `kind: List`
                // among its items' `kind: Pod` is no record standing out.
                let named = !v.names.is_empty() || v.comment;
                let unasked = c.values.len() <= MESSAGE_VALUES;
                if unasked && v.count <= ODD_COUNT && named {
                    odd.push((c, v));
                } else if unasked && (2..=LISTED_COUNT).contains(&v.count) {
                    listed.push(v);
                }
                found.push(Finding {
                    field: c.name.clone(),
                    kind: "rare".to_string(),
                    value: v.text.clone(),
                    count: v.count,
                    of: c.count,
                    lines: v.lines.clone(),
                    asked_only: !unasked,
                });
            }
        }
        // By record: the line naming it (a comment names itself).
        let record = |v: &Value| v.names.first().map_or(v.first.line, |n| n.line);
        // A record is as odd as its oddest value: the fewer times met, in
        // the field of the fewer values (a flag set on one formula of 78).
        let oddness = |c: &Category, v: &Value| (v.count, c.values.len());
        let mut records: Vec<(u64, (u64, usize))> = Vec::new();
        for (c, v) in &odd {
            let (r, o) = (record(v), oddness(c, v));
            match records.iter_mut().find(|(x, _)| *x == r) {
                Some((_, best)) => *best = (*best).min(o),
                None => records.push((r, o)),
            }
        }
        // More records than shown: those odder than the first left out
        // stand out; as odd as it, none does (the records are not of one
        // kind).
        records.sort_by_key(|&(r, o)| (o, r));
        if records.len() > MAX_ODD_RECORDS {
            let left_out = records[MAX_ODD_RECORDS].1;
            records.retain(|&(_, o)| o < left_out);
            odd.retain(|(_, v)| records.iter().any(|(r, _)| *r == record(v)));
        }
        // The oddest record first, its values together; in a record, words
        // before numbers and times (a time met once says little), then the
        // values of the largest fields: the strongest evidence.
        let rank = |v: &Value| records.iter().position(|(r, _)| *r == record(v));
        let digits = |v: &Value| v.text.bytes().any(|b| b.is_ascii_digit());
        odd.sort_by(|a, b| {
            (rank(a.1).cmp(&rank(b.1)))
                .then(digits(a.1).cmp(&digits(b.1)))
                .then(b.0.count.cmp(&a.0.count))
                .then(a.1.first.line.cmp(&b.1.first.line))
        });
        let mut per_record: Vec<(u64, usize)> = Vec::new();
        let mut lines = Vec::new();
        for (_, v) in odd {
            let r = record(v);
            let shown = match per_record.iter_mut().find(|(x, _)| *x == r) {
                Some((_, n)) => n,
                None => {
                    per_record.push((r, 0));
                    &mut per_record.last_mut().expect("pushed").1
                }
            };
            if *shown < MAX_ODD_PER_RECORD {
                *shown += 1;
                lines.extend(v.names.iter().chain([&v.first]).cloned());
            }
        }
        listed.sort_by_key(|v| (v.count, v.first.line));
        let listed = (listed.into_iter())
            .flat_map(|v| {
                let first = Listed {
                    line: v.first.clone(),
                    names: v.names.clone(),
                };
                let more = (v.more.iter()).map(|(line, names)| Listed {
                    line: line.clone(),
                    names: names.clone(),
                });
                std::iter::once(first).chain(more)
            })
            .collect();
        found.sort_by(|a, b| a.count.cmp(&b.count).then(a.lines.cmp(&b.lines)));
        (lines, listed, found)
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.fields.len()
    }
}

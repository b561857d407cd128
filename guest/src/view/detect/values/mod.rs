//! Values that stand out among records of one kind, by field: a category
//! met once or twice where its field is met many times with a few values
//! ([`categories`]: the pod whose `ready:` is `false`, the advisory whose
//! `"severity":` is `"critical"`, the unit whose ACTIVE column says
//! `failed`, the block that `will be destroyed`), and numbers far above or
//! below all the others in their field ([`numbers`]: the test taking 412 s,
//! the stock of 0). Lines are split into fields by [`fields`] (aligned
//! tables by [`table`]); counts are kept per field in bounded tables while
//! storing. Each line that stands out is kept with the lines naming its
//! record ([`super::names`]), so the handle message shows whose value it is.

mod categories;
pub mod fields;
pub mod numbers;
pub mod table;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::records::{RecordCursor, RecordRule};
use super::{Detector, Findings, Line, Totals};
use crate::view::detect::names::clip_named;
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip};
use categories::Categories;
use fields::{Field, Fields};
use numbers::{Numbers, Shown, number};

/// Numeric fields tracked; later ones are not.
const MAX_NUMERIC: usize = 256;
/// A field's name is kept up to this many bytes.
const NAME_BYTES: usize = 48;
/// Fields whose numbers stand out that are reported, the farthest first.
const MAX_NUMBER_FINDINGS: usize = 4;
/// Lines after a captured number kept: the rest of its log entry (a slow
/// query's text under its `# Query_time:`), shown while they continue its
/// record.
const TRAIL: u64 = 2;
/// Bytes of a field that find it again in its cut line.
const KEEP_PROBE: usize = 16;
/// Captured numbers awaiting their lines after.
const MAX_AWAITING: usize = 16;

/// A value that stands out, for the answers: which field, which value, how
/// rare, and where.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The field's key as written (`time`, `%CPU`, `inventory_quantity`).
    pub field: String,
    /// `largest`, `smallest` or `rare`.
    pub kind: String,
    /// The value as written (the first line's), how many lines hold it (or
    /// how many values stand out), among how many values of the field.
    pub value: String,
    pub count: u64,
    pub of: u64,
    /// The lines holding it (the first few).
    pub lines: Vec<u64>,
    /// For answers that name it only, never the handle message: its field
    /// holds too many values for a rare one to stand out unasked.
    #[serde(default)]
    pub asked_only: bool,
}

/// A line of a value met a few times, with the lines naming its record.
pub struct Listed {
    pub line: PreviewLine,
    pub names: Vec<PreviewLine>,
}

#[derive(Default)]
pub struct Values {
    fields: Fields,
    categories: Categories,
    numbers: FxHashMap<u64, (String, Numbers)>,
    /// Captured numbers (field, line) awaiting the lines after them.
    awaiting: Vec<(u64, u64)>,
}

impl Detector for Values {
    fn name(&self) -> &'static str {
        "values"
    }

    fn see(&mut self, line: &Line) {
        let Values {
            fields,
            categories,
            numbers,
            awaiting,
        } = self;
        let text = line.text;
        awaiting.retain(|&(_, at)| line.number <= at + TRAIL);
        for &(key, at) in awaiting.iter() {
            let Some((_, n)) = numbers.get_mut(&key) else {
                continue;
            };
            for p in n.top.iter_mut().chain(n.bottom.iter_mut()) {
                if let (true, Some(s)) = (p.line == at, &mut p.shown) {
                    s.after.push(PreviewLine {
                        line: line.number,
                        text: clip(text, PREVIEW_LINE_BYTES),
                        keep: None,
                    });
                }
            }
        }
        let body = text.trim_start();
        let indent = text.len() - body.len();
        let body = body.trim_end();
        // A naming line names a record: it is no value of one.
        if body.is_empty() || line.names.last_named() {
            return;
        }
        // The line, cut keeping the field that stands out: a mail log's
        // `status=bounced` comes after a recipient and a relay.
        let capture = |field: &Field| {
            let at = field_start(text, field);
            let cut = clip_named(text, at, PREVIEW_LINE_BYTES);
            // Where the field is in the cut line: the message cuts it again.
            // A JSON line is cut keeping the members naming its record.
            let json = text.trim_start().starts_with('{');
            let keep = at.filter(|_| !json).and_then(|at| {
                let field = &text[at..text.ceil_char_boundary(at + KEEP_PROBE)];
                cut.find(field)
            });
            let shown = PreviewLine {
                line: line.number,
                text: cut,
                keep,
            };
            (shown, line.names.of(indent, line.number))
        };
        let mut live = false;
        let kind = fields.split(text, &mut |field| {
            live |= categories.push(field, line.number, body, &capture);
            let Some(v) = number(field.value) else {
                return;
            };
            live = true;
            let room = numbers.len() < MAX_NUMERIC;
            let (_, n) = match numbers.get_mut(&field.key) {
                Some(e) => e,
                None if room => numbers
                    .entry(field.key)
                    .or_insert_with(|| (clip(field.name, NAME_BYTES), Numbers::default())),
                None => return,
            };
            let shown = n.wants(v).then(|| {
                let (line, names) = capture(&field);
                Shown {
                    text: clip(field.value, NAME_BYTES),
                    line,
                    names,
                    after: Vec::new(),
                }
            });
            if shown.is_some() {
                if awaiting.len() == MAX_AWAITING {
                    awaiting.remove(0);
                }
                awaiting.push((field.key, line.number));
            }
            n.push(v, line.number, shown);
        });
        if let Some(kind) = kind {
            fields.note(kind, live);
        }
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        let (mut lines, listed, mut found) = self.categories.odd();
        // Numbers, the fields whose values are farthest from the others first.
        let mut far: Vec<(f64, Finding, Vec<PreviewLine>)> = Vec::new();
        for (name, n) in self.numbers.values() {
            for (kind, out) in ["largest", "smallest"].into_iter().zip(n.outliers()) {
                let Some(out) = out else {
                    continue;
                };
                let mut shown = Vec::new();
                for p in &out.points {
                    if let Some(s) = &p.shown {
                        shown.extend(s.names.iter().cloned());
                        shown.push(s.line.clone());
                        shown.extend(entry_rest(&s.line, &s.after, findings.records.as_ref()));
                    }
                }
                let first = out.points[0].shown.as_ref();
                far.push((
                    out.far,
                    Finding {
                        asked_only: false,
                        field: name.clone(),
                        kind: kind.to_string(),
                        value: first
                            .map_or_else(|| out.points[0].value.to_string(), |s| s.text.clone()),
                        count: out.points.len() as u64,
                        of: n.count,
                        lines: {
                            let mut lines: Vec<u64> = out.points.iter().map(|p| p.line).collect();
                            lines.sort_unstable();
                            lines
                        },
                    },
                    shown,
                ));
            }
        }
        far.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.lines.cmp(&b.1.lines)));
        for (_, finding, shown) in far.into_iter().take(MAX_NUMBER_FINDINGS) {
            lines.extend(shown);
            found.push(finding);
        }
        // In order of priority (the message takes the first ones), each
        // line once.
        let mut seen = Vec::new();
        lines.retain(|l| {
            let new = !seen.contains(&l.line);
            seen.push(l.line);
            new
        });
        findings.preview.standout = lines;
        let (lines, names) = listed.into_iter().map(|l| (l.line, l.names)).unzip();
        findings.preview.listed = lines;
        findings.preview.listed_names = names;
        findings.preview.values = found;
    }
}

/// The lines of `after` that continue `line`'s log entry (a slow query's
/// text under its `# Query_time:`): up to a blank line, a line of the same
/// kind (the next row, the next member) or one starting a record.
fn entry_rest(
    line: &PreviewLine,
    after: &[PreviewLine],
    rule: Option<&RecordRule>,
) -> Vec<PreviewLine> {
    let kind = fields::line_kind(&line.text);
    let mut cursor = rule.map(RecordCursor::new);
    if let Some(c) = &mut cursor {
        c.starts(&line.text);
    }
    (after.iter())
        .take_while(|l| {
            let starts = cursor.as_mut().is_some_and(|c| c.starts(&l.text));
            !l.text.trim().is_empty() && fields::line_kind(&l.text) != kind && !starts
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests;

/// Where `field` starts on `line` (its key when written just before its
/// value), when its value is a part of the line (a table's column name is
/// not).
fn field_start(line: &str, field: &Field) -> Option<usize> {
    let start = line.as_ptr() as usize;
    let value = (field.value.as_ptr() as usize).checked_sub(start)?;
    // Distinct live strings never overlap: a value inside the line's bytes
    // is a part of it.
    if value + field.value.len() > line.len() || !line.is_char_boundary(value) {
        return None;
    }
    let key = line[..value]
        .rfind(field.name)
        .filter(|&k| value - k <= field.name.len() + 2);
    Some(key.unwrap_or(value))
}

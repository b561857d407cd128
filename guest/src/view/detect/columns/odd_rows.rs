//! The odd rows of a table: a kind of value (empty, negative number,
//! other number, text) met at most twice in a column whose other rows all
//! hold one other kind — the empty email, the negative amount. They stand
//! out by value, not by line shape, so the shape table misses them.

use serde::{Deserialize, Serialize};

use super::{Columns, PreviewLine, number};

/// A column's odd value, for a question that names the column: the row
/// that holds it and the table's header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OddField {
    pub column: String,
    /// `empty`, `negative`, `a number` or `text`.
    pub kind: String,
    pub header: u64,
    pub line: u64,
}

const KIND_NAMES: [&str; KINDS] = ["empty", "negative", "a number", "text"];

/// What a field holds, for the odd row of a column: [`EMPTY`], a negative
/// number, another number, text.
pub(super) const KINDS: usize = 4;
const EMPTY: usize = 0;
const NEGATIVE: usize = 1;
const NUMBER: usize = 2;
const TEXT: usize = 3;
/// A kind of value met at most this often in a column of at least
/// [`MIN_ODD_TABLE`] rows, all others of one other kind, marks an odd row:
/// the empty email, the negative amount, the text among numbers.
const ODD_VALUES: u64 = 2;
const MIN_ODD_TABLE: u64 = 100;
/// More odd rows than this: the table is not uniform; none is shown.
const MAX_ODD_SHOWN: usize = 8;

impl Columns {
    /// The first row of each kind of value that is odd in its column (see
    /// [`ODD_VALUES`]), in line order; empty unless the output was a table
    /// with few odd rows.
    pub fn odd_rows(&self) -> Vec<PreviewLine> {
        let fields = self.odd_fields();
        let mut lines: Vec<u64> = fields.iter().map(|f| f.line).collect();
        lines.sort_unstable();
        lines.dedup();
        self.samples
            .iter()
            .filter(|s| lines.binary_search(&s.line).is_ok())
            .cloned()
            .collect()
    }

    /// Each column's odd values (see [`ODD_VALUES`]), the first row of each;
    /// empty unless the output was a table with few odd rows.
    pub fn odd_fields(&self) -> Vec<OddField> {
        if self.render().is_empty() || self.rows < MIN_ODD_TABLE {
            return Vec::new();
        }
        let mut fields = Vec::new();
        for c in &self.columns {
            let kinds = c.kinds.iter().filter(|&&n| n > 0).count();
            for (kind, name) in KIND_NAMES.iter().enumerate() {
                let n = c.kinds[kind];
                if kinds == 2 && n > 0 && n <= ODD_VALUES && n * 100 < self.rows {
                    fields.push(OddField {
                        column: c.name.clone(),
                        kind: name.to_string(),
                        header: self.header_line,
                        line: c.first[kind],
                    });
                }
            }
        }
        let mut lines: Vec<u64> = fields.iter().map(|f| f.line).collect();
        lines.sort_unstable();
        lines.dedup();
        if lines.len() > MAX_ODD_SHOWN {
            return Vec::new();
        }
        fields
    }
}

pub(super) fn kind_of(value: &str, long: bool) -> usize {
    match number(value).filter(|_| !long) {
        _ if value.is_empty() => EMPTY,
        Some(n) if n < 0.0 => NEGATIVE,
        Some(_) => NUMBER,
        None => TEXT,
    }
}

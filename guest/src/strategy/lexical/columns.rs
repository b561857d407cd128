//! A question that names a table's column (`email`, `price`) is answered
//! first by the rows whose value there is odd — empty, negative, text
//! among numbers — as the storing found them ([`crate::view::detect::columns`]):
//! the rows a word search cannot find, since an empty field holds no word.

use std::collections::BTreeMap;

use super::passage::{Passage, read};
use super::search::LineTerms;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::columns::OddField;

/// For each odd field whose column the question names: the table's header
/// and the row, titled.
pub fn passages(
    doc: &Doc,
    fields: &[OddField],
    hits: &mut LineTerms,
) -> Result<Vec<(String, Passage)>, Failure> {
    let mut out = Vec::new();
    for f in fields.iter().filter(|f| hits.count(&f.column) > 0) {
        let mut lines = BTreeMap::new();
        for at in [f.header, f.line] {
            lines.extend(read(doc, at, at)?);
        }
        let title = format!(
            "the row whose {} is {} (the only such row or one of two), under the table's header",
            f.column, f.kind
        );
        out.push((
            title,
            Passage {
                lines,
                terms: Vec::new(),
            },
        ));
    }
    Ok(out)
}

//! CSV and TSV outputs as jq input: one object per row, keyed by the
//! header, numbers as numbers (exactly as written: jaq keeps decimals).

use jaq_json::Val;

/// Rows read before deciding: a table needs the same width in each.
const MIN_COLUMNS: usize = 2;

/// The rows as objects and the format's name, or None when the output is
/// not a table (one column, ragged rows, no data row, invalid UTF-8).
pub fn rows(bytes: &[u8]) -> Option<(Vec<Val>, &'static str)> {
    let first_line = bytes.split(|b| *b == b'\n').next()?;
    let (delimiter, name) = if first_line.contains(&b'\t') {
        (b'\t', "TSV")
    } else {
        (b',', "CSV")
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(true)
        .flexible(false)
        .from_reader(bytes);
    let header: Vec<Val> = reader
        .headers()
        .ok()?
        .iter()
        .map(|h| Val::from(h.trim().to_string()))
        .collect();
    if header.len() < MIN_COLUMNS {
        return None;
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.ok()?;
        let row: jaq_json::Map = header
            .iter()
            .cloned()
            .zip(record.iter().map(cell))
            .collect();
        rows.push(Val::obj(row));
    }
    (!rows.is_empty()).then_some((rows, name))
}

/// A number when the cell is one as JSON writes it, else the text.
fn cell(text: &str) -> Val {
    let trimmed = text.trim();
    let number = (!trimmed.is_empty() && !matches!(trimmed, "NaN" | "Infinity"))
        .then(|| jaq_json::read::parse_single_num(trimmed.as_bytes()))
        .flatten();
    match number {
        Some(n) => Val::Num(n),
        None => Val::from(text.to_string()),
    }
}

//! CSV and TSV outputs as jq input: one object per row, keyed by the
//! header, numbers as numbers (exactly as written: jaq keeps decimals).
//! Nothing in a row is lost: a column named twice gets a second name (and
//! the answer says so), and TSV has no quoting (a field that starts with a
//! quote is text, not the start of a quoted run across tabs and lines).

use jaq_json::Val;

/// Rows read before deciding: a table needs the same width in each.
const MIN_COLUMNS: usize = 2;

/// A table as jq input: its rows (gathered, or read one at a time).
pub struct Table<R> {
    pub rows: R,
    /// `CSV` or `TSV`.
    pub format: &'static str,
    /// What the answer must say about how the rows were read.
    pub notes: Vec<String>,
}

/// The rows as objects, gathered, or None when the output is not a table
/// (one column, ragged rows, no data row, invalid UTF-8).
pub fn rows(bytes: &[u8]) -> Option<Table<Vec<Val>>> {
    let table = row_stream(bytes)?;
    let rows = table.rows.collect::<Result<Vec<Val>, String>>().ok()?;
    Some(Table {
        rows,
        format: table.format,
        notes: table.notes,
    })
}

/// The rows as objects, read one at a time from `input`, or None when it
/// does not start as a table (its first line chooses the delimiter; the
/// header and the first row must have the same two or more columns). A row
/// of another width later is an error in its place.
pub fn row_stream<'a>(
    mut input: impl std::io::BufRead + 'a,
) -> Option<Table<impl Iterator<Item = Result<Val, String>> + 'a>> {
    let start = input.fill_buf().ok()?;
    let first_line = start.split(|b| *b == b'\n').next()?;
    let (delimiter, format) = if first_line.contains(&b'\t') {
        (b'\t', "TSV")
    } else {
        (b',', "CSV")
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .quoting(delimiter != b'\t')
        .has_headers(true)
        .flexible(false)
        .from_reader(input);
    let names: Vec<String> = reader
        .headers()
        .ok()?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    if names.len() < MIN_COLUMNS {
        return None;
    }
    let (names, notes) = unique(names);
    let header: Vec<Val> = names.into_iter().map(Val::from).collect();
    let mut records = reader.into_records().peekable();
    // A table has a first row that reads.
    if !matches!(records.peek(), Some(Ok(_))) {
        return None;
    }
    let rows = records.map(move |record| {
        let record = record.map_err(|e| format!("a row that does not read: {e}"))?;
        let row: jaq_json::Map = header
            .iter()
            .cloned()
            .zip(record.iter().map(cell))
            .collect();
        Ok(Val::obj(row))
    });
    Some(Table {
        rows,
        format,
        notes,
    })
}

/// Column names made unique (a second `email` is `email_2`), and a note
/// for each renamed one: keyed by name, the later column would otherwise
/// replace the earlier in every row.
fn unique(names: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    let mut notes = Vec::new();
    let mut out = Vec::with_capacity(names.len());
    for (column, name) in names.into_iter().enumerate() {
        let mut unique = name.clone();
        let mut n = 2;
        while !seen.insert(unique.clone()) {
            unique = format!("{name}_{n}");
            n += 1;
        }
        if unique != name {
            notes.push(format!(
                "column {} is also named {name:?}: it is {unique:?} here",
                column + 1
            ));
        }
        out.push(unique);
    }
    (out, notes)
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

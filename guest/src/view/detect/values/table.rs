//! Aligned text tables — `ps aux`, `docker ps`, `kubectl get`, `systemctl
//! list-units`, `kafka-consumer-groups --describe`: a header line of column
//! names, then rows whose cells line up under them (left-aligned under a
//! name's start, or right-aligned under its end). A header is a line of at
//! least three names (at most half of them with a digit: `ldavg-1`), not a
//! `key: value` line, perhaps after a time of day (`sar`'s sections); it
//! holds while the next line lines up with it, and the table ends at the first row that does not (a blank
//! line, a summary). A row's words are given to the column whose name they
//! overlap, else to the column on their left (`Exited (0) 5 minutes ago`
//! is one cell). Positions are counted in chars (`●` marks a failed unit).
//! A CSV/TSV output (its first line a header of names) is a table too: its
//! rows' fields are the cells. So is a `|`-separated table anywhere in an
//! output — psql's, MySQL's and sqlite's boxes, Markdown's — while its
//! rows hold the header's `|`s; its rules (`---+---`, `|---|`) are skipped.

/// Columns of a header kept; more: not a table.
const MAX_COLUMNS: usize = 24;
/// A column name is at most this long.
const NAME_CHARS: usize = 24;
/// Words of a row kept (the rest go to the last column).
const MAX_WORDS: usize = 64;

/// One column: its name and where the name is, in chars.
#[derive(Debug, Clone)]
struct Column {
    name: String,
    start: usize,
    end: usize,
}

/// A cell of a row: the column's index and name, and its text.
pub struct Cell<'a> {
    pub column: usize,
    pub name: &'a str,
    pub text: &'a str,
}

#[derive(Default)]
pub struct Table {
    columns: Vec<Column>,
    /// The header's names, hashed: tables with the same header share
    /// their columns' statistics (one table per consumer group).
    names_hash: u64,
    /// A header seen on the last line, waiting for a row to line up.
    pending: Option<Vec<Column>>,
    active: bool,
    /// Words of the row being split: (start, end) in bytes and in chars.
    words: Vec<(usize, usize, usize, usize)>,
    /// A CSV/TSV table: its delimiter, once its header (the output's first
    /// line) is known; rows have the header's field count.
    delimited: Option<u8>,
    /// A line was seen (the first non-blank one decides a CSV header).
    started: bool,
    /// A `|`-separated table being read: its header's `|` count, and
    /// whether its cells sit between outer `|`s (`| id | name |`).
    piped: Option<(usize, bool)>,
}

impl Table {
    /// Whether a table is being read (its header is known).
    pub fn active(&self) -> bool {
        self.active
    }

    /// The hash of the current header's names.
    pub fn names_hash(&self) -> u64 {
        self.names_hash
    }

    /// The current header's name of column `column`.
    pub fn column_name(&self, column: usize) -> Option<&str> {
        self.columns.get(column).map(|c| c.name.as_str())
    }

    /// One line: a row's cells go to `cell`; a header or a line that is
    /// not a row gives none. Returns whether the line was a row.
    pub fn see<'a>(&'a mut self, line: &'a str, mut cell: impl FnMut(Cell<'a>)) -> bool {
        // The output's first line may be a CSV/TSV header.
        if !self.started && !line.trim().is_empty() {
            self.started = true;
            if let Some((delimiter, columns)) = delimited_header(line) {
                self.names_hash = names_hash(&columns);
                self.columns = columns;
                self.delimited = Some(delimiter);
                return false;
            }
        }
        if let Some(delimiter) = self.delimited {
            let fields = line.split(char::from(delimiter));
            if line.bytes().filter(|&b| b == delimiter).count() + 1 != self.columns.len() {
                return false;
            }
            for (c, text) in fields.enumerate() {
                cell(Cell {
                    column: c,
                    name: &self.columns[c].name,
                    text: text.trim(),
                });
            }
            return true;
        }
        if let Some((pipes, boxed)) = self.piped {
            if rule(line) {
                return false;
            }
            let inner = if boxed { unbox(line) } else { line };
            // As many cells as names (a row boxed unlike its header has not).
            if pipes_in(line) == pipes && inner.split('|').count() == self.columns.len() {
                for (c, text) in inner.split('|').enumerate() {
                    cell(Cell {
                        column: c,
                        name: &self.columns[c].name,
                        text: text.trim(),
                    });
                }
                return true;
            }
            self.piped = None;
        }
        if !self.active
            && line.contains('|')
            && let Some((boxed, columns)) = piped_header(line)
        {
            self.names_hash = names_hash(&columns);
            self.columns = columns;
            self.piped = Some((pipes_in(line), boxed));
            self.pending = None;
            return false;
        }
        if let Some(header) = self.pending.take() {
            self.words(line);
            if lines_up(&header, &self.words, line) {
                self.names_hash = names_hash(&header);
                self.columns = header;
                self.active = true;
            }
        } else if self.active {
            self.words(line);
            if !lines_up(&self.columns, &self.words, line) {
                self.active = false;
            } else if self.repeats_header(line) {
                // The header printed again (`jstat -h20`, `vmstat`): no row.
                return false;
            }
        }
        if !self.active {
            self.pending = header(line);
            return false;
        }
        // `words` holds this line's words: assign them.
        let mut current: Option<(usize, usize, usize)> = None; // column, from, to (bytes)
        for &(bs, be, cs, ce) in &self.words {
            let overlaps = self.columns.iter().position(|c| cs < c.end && c.start < ce);
            let column = overlaps.or_else(|| self.columns.iter().rposition(|c| c.start <= cs));
            let Some(column) = column else {
                continue; // a marker before the first column
            };
            match &mut current {
                Some((c, _, to)) if *c == column => *to = be,
                _ => {
                    if let Some((c, from, to)) = current.take() {
                        cell(Cell {
                            column: c,
                            name: &self.columns[c].name,
                            text: &line[from..to],
                        });
                    }
                    current = Some((column, bs, be));
                }
            }
        }
        if let Some((c, from, to)) = current {
            cell(Cell {
                column: c,
                name: &self.columns[c].name,
                text: &line[from..to],
            });
        }
        true
    }

    /// Whether `line`'s words (split already) are the header's names.
    fn repeats_header(&self, line: &str) -> bool {
        self.words.len() == self.columns.len()
            && (self.words.iter().zip(&self.columns)).all(|(&(s, e, _, _), c)| line[s..e] == c.name)
    }

    /// Splits `line` into words, with byte and char offsets.
    fn words(&mut self, line: &str) {
        self.words.clear();
        let mut start: Option<(usize, usize)> = None;
        for (chars, (b, ch)) in line.char_indices().enumerate() {
            if ch == ' ' || ch == '\t' {
                if let Some((bs, cs)) = start.take() {
                    self.words.push((bs, b, cs, chars));
                }
            } else if start.is_none() {
                if self.words.len() == MAX_WORDS {
                    break;
                }
                start = Some((b, chars));
            }
        }
        if let Some((bs, cs)) = start {
            self.words.push((bs, line.len(), cs, line.chars().count()));
        }
    }
}

/// Bytes of a header line: letters, digits, a space and `%-_/.:+#()` (a
/// table: this runs on every line outside one).
const HEADER_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b' ' | b'%' | b'-' | b'_' | b'/' | b'.' | b':' | b'+' | b'#' | b'(' | b')'
            );
        b += 1;
    }
    table
};

/// The columns of `line` if it may be a header: at least three names of
/// letters (and `%-_/.:+#()`), the first no `key:`, after a `#` mark if
/// any. A name may hold digits
/// after its first letter (`ldavg-1`, `p99`), at most half of them do (more:
/// a row of names and numbers). The first word may be a time of day, as
/// `sar` starts its headers (`00:00:01  runq-sz  ldavg-1`, `12:00:01 AM
/// CPU`): the column of the rows' times, named `time`.
fn header(line: &str) -> Option<Vec<Column>> {
    let b = line.as_bytes();
    // Most lines fail at once: a byte no name holds.
    if !b.iter().all(|&c| HEADER_BYTES[usize::from(c)]) {
        return None;
    }
    let mut columns = Vec::new();
    let mut with_digits = 0;
    let mut at = 0;
    let mut word_at = 0;
    while at < b.len() {
        if b[at] == b' ' {
            at += 1;
            continue;
        }
        let start = at;
        while at < b.len() && b[at] != b' ' {
            at += 1;
        }
        let word = &line[start..at];
        word_at += 1;
        // `# Time  UID  PID …`: a header written as a comment (`pidstat
        // -h`), its names after the mark.
        if word_at == 1 && word == "#" {
            word_at = 0;
            continue;
        }
        if word_at == 1 && clock(word) {
            columns.push(Column {
                name: "time".to_string(),
                start,
                end: at,
            });
            continue;
        }
        if word_at == 2 && columns.len() == 1 && matches!(word, "AM" | "PM") {
            columns[0].end = at;
            continue;
        }
        let named = word.len() <= NAME_CHARS
            && word
                .bytes()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == b'%')
            && word
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"%-_/.:+#()".contains(&c));
        // `Adapter: ISA adapter`: a key and its value, not column names.
        let key = columns.is_empty() && word.ends_with(':');
        if !named || key || columns.len() == MAX_COLUMNS {
            return None;
        }
        with_digits += usize::from(word.bytes().any(|c| c.is_ascii_digit()));
        columns.push(Column {
            name: word.to_string(),
            start,
            end: at,
        });
    }
    let names = columns.len() - usize::from(columns.first().is_some_and(|c| c.name == "time"));
    (names >= 3 && with_digits * 2 <= names).then_some(columns)
}

/// A time of day as a table's first cell: `00:10:01`, `9:05:00`.
fn clock(word: &str) -> bool {
    let parts: Vec<&str> = word.split(':').collect();
    parts.len() == 3
        && parts.iter().enumerate().all(|(i, p)| {
            (1..=2).contains(&p.len())
                && (i == 0 || p.len() == 2)
                && p.bytes().all(|c| c.is_ascii_digit())
        })
}

/// A CSV/TSV header: at least three names (a letter first, at most
/// [`NAME_CHARS`] × 2 bytes: `memory.used [MiB]`), split by commas or tabs.
fn delimited_header(line: &str) -> Option<(u8, Vec<Column>)> {
    let delimiter = if line.contains('\t') { b'\t' } else { b',' };
    let names: Vec<&str> = line.split(char::from(delimiter)).map(str::trim).collect();
    let named = |n: &&str| {
        n.len() <= NAME_CHARS * 2
            && n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && !n.bytes().any(|b| b.is_ascii_control() || b == b'"')
    };
    if names.len() < 3 || names.len() > MAX_COLUMNS || !names.iter().all(named) {
        return None;
    }
    Some((delimiter, split_columns(&names)))
}

/// The columns of a table whose rows are split, not placed: by name.
fn split_columns(names: &[&str]) -> Vec<Column> {
    (names.iter())
        .map(|n| Column {
            name: n.to_string(),
            start: 0,
            end: 0,
        })
        .collect()
}

/// The `|`s of a line.
fn pipes_in(line: &str) -> usize {
    line.bytes().filter(|&b| b == b'|').count()
}

/// A line between outer `|`s, without them (`| 1 | a |` → ` 1 | a `).
fn unbox(line: &str) -> &str {
    let t = line.trim();
    t.strip_prefix('|')
        .and_then(|t| t.strip_suffix('|'))
        .unwrap_or(t)
}

/// A table's rule: dashes, `+`, `|`, `:` and spaces alone (`---+---`,
/// `+----+----+`, `|:--|--:|`).
fn rule(line: &str) -> bool {
    let t = line.trim();
    t.contains("--")
        && t.bytes()
            .all(|b| matches!(b, b'-' | b'+' | b'|' | b':' | b' '))
}

/// A `|`-separated header: at least two names (a letter or `_` first, at
/// most [`NAME_CHARS`] bytes, of letters, digits, spaces and `_-.%()/#`),
/// with or without outer `|`s; whether it had them.
fn piped_header(line: &str) -> Option<(bool, Vec<Column>)> {
    let t = line.trim();
    let boxed = t.starts_with('|') && t.ends_with('|') && t.len() > 1;
    let inner = if boxed { unbox(line) } else { t };
    let named = |n: &str| {
        n.len() <= NAME_CHARS
            && n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b" _-.%()/#".contains(&b))
    };
    // Checked before anything is allocated: this runs on every line
    // holding a `|` while no table is open (a log's `a | b` is no header,
    // its first cell a time).
    let mut cells = 0;
    for name in inner.split('|') {
        cells += 1;
        if cells > MAX_COLUMNS || !named(name.trim()) {
            return None;
        }
    }
    if cells < 2 {
        return None;
    }
    let names: Vec<&str> = inner.split('|').map(str::trim).collect();
    Some((boxed, split_columns(&names)))
}

/// Whether a row's words line up with the columns: a word overlaps most
/// columns' names, and a third of them have a word starting where the name
/// starts or ending where it ends (a wide value pushes the rest of a row
/// right, as `ps` prints it; prose overlaps names but starts nowhere).
/// A row of numbers, one per column, may sit centred under the names
/// (`jstat`'s `   0.00 100.00  27.95`): it needs no word aligned.
fn lines_up(columns: &[Column], words: &[(usize, usize, usize, usize)], line: &str) -> bool {
    if words.len() < 2 {
        return false;
    }
    let (mut overlapped, mut aligned) = (0, 0);
    for c in columns {
        overlapped += usize::from(words.iter().any(|&(_, _, s, e)| s < c.end && c.start < e));
        aligned += usize::from(words.iter().any(|&(_, _, s, e)| s == c.start || e == c.end));
    }
    let numbers = words.len() == columns.len()
        && (words.iter()).all(|&(s, e, _, _)| {
            let w = line[s..e].trim_start_matches('-');
            w.bytes().any(|b| b.is_ascii_digit())
                && w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        });
    overlapped * 3 >= columns.len() * 2 && (aligned * 3 >= columns.len() || numbers)
}

fn names_hash(columns: &[Column]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for c in columns {
        for &b in c.name.as_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        h = (h ^ 0xff).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

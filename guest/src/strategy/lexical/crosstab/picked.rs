//! Rows a value the question names picks: "which hosts still accept TLS
//! 1.0" names testssl's `"id": "TLS1"`, one row of many attributes per
//! host; "which clients did the firewall block" names Cloudflare's
//! `"SecurityAction": "block"`. The rows are told apart by the values of
//! their other columns (`finding`: `offered`, `not offered`) — columns
//! that hold many values over the whole output and few among the rows
//! picked, so the rows are kept as written while the search reads the
//! view.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Crosstab, FEW, NAME_BYTES, Paging, VALUE_BYTES};
use crate::strategy::lexical::search::Query;
use crate::view::preview::clip;

/// Rows picked by a value the question names, kept whole, at most, and
/// the bytes of their cells.
const MAX_PICKED: usize = 4096;
const PICKED_BYTES: usize = 1 << 20;
/// Values the picked rows are told apart by, at most…
const PICKED_COMBINED: usize = 3;
/// …each cut to this many bytes when said.
const PICKED_VALUE_BYTES: usize = 48;

/// A row picked by a value the question names ("TLS 1.0" names testssl's
/// `"id": "TLS1"`: an attribute's name, one row per host): its line and
/// all its cells as written, since its other columns hold many values
/// over the whole table and few among the rows picked.
pub(super) struct Picked {
    pub(super) line: u64,
    pub(super) cells: Vec<(u16, String)>,
}

/// The cells of the row being read, as written: column and value, the
/// values in one buffer.
#[derive(Default)]
pub(super) struct Written {
    pub(super) text: String,
    pub(super) cells: Vec<(u16, usize, usize)>,
}

impl Written {
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.cells.clear();
    }

    pub(super) fn push(&mut self, at: usize, value: &str) {
        let start = self.text.len();
        self.text.push_str(value);
        self.cells.push((at as u16, start, self.text.len()));
    }

    pub(super) fn has(&self, at: usize) -> bool {
        self.cells.iter().any(|&(c, ..)| c as usize == at)
    }

    pub(super) fn owned(&self) -> Vec<(u16, String)> {
        (self.cells.iter())
            .map(|&(c, a, b)| (c, self.text[a..b].to_string()))
            .collect()
    }
}

impl Crosstab {
    /// Keeps the row being committed, at line `n`, when a value of it the
    /// question names picks it, within [`MAX_PICKED`] and [`PICKED_BYTES`].
    pub(super) fn pick(&mut self, n: u64, cells: &[(usize, u16)]) {
        let picks = cells.iter().any(|&(at, v)| self.columns[at].picks(v));
        if picks && cells.len() >= 2 {
            let bytes = self.row_written.text.len() + 8 * self.row_written.cells.len();
            if self.picked.len() < MAX_PICKED && self.picked_bytes + bytes <= PICKED_BYTES {
                self.picked_bytes += bytes;
                self.picked.push(Picked {
                    line: n,
                    cells: self.row_written.owned(),
                });
            } else {
                self.picked_all = false;
            }
        }
    }

    /// The rows a value the question names picks (testssl's rows whose
    /// `id` is `TLS1`, for "TLS 1.0"), by the values of their other
    /// columns that tell them apart (`finding`: `offered`, `not offered`),
    /// the rarest first, each with the values of the column naming them
    /// (a value a row, or nearly: `ip`); empty when no value picks two
    /// rows.
    pub(super) fn picked(&self, query: &Query, budget: usize, paging: &Paging) -> String {
        // The value picking the most rows: one that sets rows apart before
        // a constant of the table; of a column naming the rows (testssl's
        // `id`) first, else of a condition (few values over the whole
        // output: Cloudflare's `SecurityAction` of `block`), never of one
        // of many values (a finding's words).
        let mut tally: FxHashMap<(u16, &str), usize> = FxHashMap::default();
        for row in &self.picked {
            for (c, v) in &row.cells {
                let col = &self.columns[*c as usize];
                // A flow map's start (`{limits:`) is no value.
                let kind = (col.naming.is_some() || col.picking()) && !v.starts_with(['{', '[']);
                if kind && col.index.get(v).is_some_and(|&i| col.picks(i)) {
                    *tally.entry((*c, v.as_str())).or_default() += 1;
                }
            }
        }
        // A value that tells rows apart before a constant of the table,
        // which picks every row (Azure's `"keyType": "Account"` for "which
        // accounts"): that one lists the whole table by its other values.
        let Some((&(by, value), &count)) = (tally.iter()).max_by_key(|&(&(c, v), &n)| {
            let column = &self.columns[c as usize];
            let naming = column.naming.is_some();
            (
                !column.constant(self.seen),
                naming,
                n,
                std::cmp::Reverse((c, v)),
            )
        }) else {
            return String::new();
        };
        if count < 2 {
            return String::new();
        }
        let rows: Vec<&Picked> = (self.picked.iter())
            .filter(|r| r.cells.iter().any(|(c, v)| *c == by && v == value))
            .collect();
        // Each other column's distinct values among the rows, and how
        // many rows hold it, in order first met.
        let mut values: Vec<(u16, FxHashSet<&str>, usize)> = Vec::new();
        for row in &rows {
            for (c, v) in row.cells.iter().filter(|(c, _)| *c != by) {
                let at = match values.iter().position(|(k, ..)| k == c) {
                    Some(at) => at,
                    None => {
                        values.push((*c, FxHashSet::default(), 0));
                        values.len() - 1
                    }
                };
                let (_, seen, present) = &mut values[at];
                *present += 1;
                seen.insert(v.as_str());
            }
        }
        let column = |c: u16| &self.columns[c as usize];
        // The columns the question names by their key. Once per column: it
        // stems the column's name.
        let asked_columns: FxHashSet<u16> = (values.iter())
            .map(|(c, ..)| *c)
            .filter(|&c| query.names_key(&column(c).name))
            .collect();
        let asked = |c: u16| asked_columns.contains(&c);
        // Whether a column's values, said cut as [`Self::picked`] says
        // them, run together: paths all rows share the start of (Azure's
        // `id`, GitLab's `web_url`), cut before they differ.
        let cut = |c: u16, seen: &FxHashSet<&str>| {
            let bytes = if asked(c) {
                NAME_BYTES
            } else {
                PICKED_VALUE_BYTES
            };
            let said: FxHashSet<String> = seen.iter().map(|v| clip(v, bytes)).collect();
            said.len() < seen.len()
        };
        // The column naming the rows: in every row, a value a row — or
        // nearly (a job retried keeps its name), unless the question asks
        // for it by its key and it has few values: then it groups the rows
        // (a file of several findings); one whose key the question names
        // first, then one whose values are told apart as said, the best
        // naming key, a value a row.
        let naming = (values.iter())
            .filter(|(c, seen, present)| {
                let groups = super::asked_by(query, &column(*c).name) > 0 && seen.len() <= FEW;
                *present == rows.len()
                    && (seen.len() == rows.len() || (!groups && seen.len() * 2 > rows.len()))
            })
            .min_by_key(|(c, seen, _)| {
                let col = column(*c);
                (
                    std::cmp::Reverse(super::asked_by(query, &col.name)),
                    cut(*c, seen),
                    col.naming.map_or(u8::MAX, |(rank, _)| rank),
                    seen.len() < rows.len(),
                    *c,
                )
            })
            .map(|(c, ..)| *c);
        // The columns telling the rows apart: two values or more, few,
        // short; those the question names first, whose values may be as
        // long as a name ("which files": a path).
        let longest = |c: u16| if asked(c) { NAME_BYTES } else { VALUE_BYTES };
        let mut apart: Vec<u16> = (values.iter())
            .filter(|(c, seen, _)| {
                // A name, a value a row here (PagerDuty's `incident_key`),
                // groups nothing.
                let id = column(*c).naming.is_some() && seen.len() == rows.len();
                Some(*c) != naming
                    && !id
                    && (2..=FEW).contains(&seen.len())
                    && seen.iter().all(|v| v.len() <= longest(*c))
            })
            .map(|(c, ..)| *c)
            .collect();
        // One column of a name (a member read as words and as a value).
        let mut names: Vec<&str> = Vec::new();
        apart.retain(|&c| {
            let first = !names.contains(&column(c).name.as_str());
            names.push(&column(c).name);
            first
        });
        let named = |c: &u16| query.held_in(&column(*c).name).is_empty();
        apart.sort_by_key(|c| (named(c), *c));
        // A column of names the question asks for by its key ("which
        // files": `File`) tells the rows apart alone: its values are the
        // answer, not a state beside them.
        let names_asked = |c: u16| asked(c) && column(c).naming.is_some();
        if apart.iter().any(|&c| names_asked(c)) {
            apart.retain(|&c| names_asked(c));
        }
        apart.truncate(PICKED_COMBINED);
        apart.sort_unstable();
        let cell = |row: &Picked, c: u16| -> String {
            let v = (row.cells.iter()).find(|(k, _)| *k == c);
            let bytes = if asked(c) {
                NAME_BYTES
            } else {
                PICKED_VALUE_BYTES
            };
            v.map_or("(none)".to_string(), |(_, v)| clip(v, bytes))
        };
        let mut groups: Vec<(Vec<String>, Vec<&Picked>)> = Vec::new();
        for row in &rows {
            let key: Vec<String> = apart.iter().map(|&c| cell(row, c)).collect();
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.push(row),
                None => groups.push((key, vec![row])),
            }
        }
        groups.sort_by_key(|(_, g)| g.len());
        let read = match self.picked_all {
            true => String::new(),
            false => format!(", the first {} rows read", self.picked.len()),
        };
        let whose = match naming {
            Some(c) => format!("with the {} of its rows", column(c).name),
            None => "with the lines of its rows".to_string(),
        };
        let mut out = format!(
            "\n[The rows whose {} is \"{}\", as the question names it: {} rows{read}, by their other values, the rarest first, {whose}]\n",
            column(by).name,
            clip(value, PICKED_VALUE_BYTES),
            rows.len(),
        );
        for (i, (key, group)) in groups.iter().enumerate() {
            let said: Vec<String> = (apart.iter().zip(key))
                .map(|(&c, v)| format!("{}={v}", column(c).name))
                .collect();
            let head = match said.is_empty() {
                true => format!("{} rows\n", group.len()),
                false => format!(
                    "{}: {} row{}\n",
                    said.join(" "),
                    group.len(),
                    if group.len() == 1 { "" } else { "s" }
                ),
            };
            let names: Vec<String> = (group.iter())
                .map(|row| match naming {
                    Some(c) => cell(row, c),
                    None => row.line.to_string(),
                })
                .collect();
            let label = naming.map_or("lines", |c| column(c).name.as_str());
            let part = format!("{head}{}", paging.names(label, &names));
            if out.len() + part.len() > budget {
                // The groups left, by their values and counts only: each
                // is a question of its own ("… whose severity is low").
                let left = groups.len() - i;
                let heads: Vec<String> = (groups[i..].iter())
                    .map(|(key, group)| {
                        let said: Vec<String> = (apart.iter().zip(key))
                            .map(|(&c, v)| format!("{}={v}", column(c).name))
                            .collect();
                        format!("{} ({})", said.join(" "), group.len())
                    })
                    .collect();
                let all = format!(
                    "[… and {left} more groups, their rows not listed: {}; ask for one by its values]\n",
                    heads.join("; ")
                );
                match out.len() + all.len() <= budget {
                    true => out.push_str(&all),
                    false => out.push_str(&format!(
                        "[… and {left} more groups; ask for one by its values]\n"
                    )),
                }
                break;
            }
            out.push_str(&part);
        }
        out
    }
}

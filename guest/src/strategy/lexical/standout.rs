//! The lines of a kind too big to list whose number stands out. Sixty
//! drives' `Reallocated_Sector_Ct` rows are one kind, and 55 of them end in
//! `0`: the five that do not are the answer to "which disks are getting bad
//! sectors". A kind's numbers are followed by position (the first, the
//! second… number of each line); where one value is the usual one — at
//! least three lines in four hold it — and a few lines hold another, those
//! lines stand out. A position of many values (times, ids, sizes) has no
//! usual value and says nothing.

/// Numbers followed per line: the first ones.
const POSITIONS: usize = 16;
/// Distinct values of a position followed; more: it has no usual value.
const VALUES: usize = 12;
/// Lines standing out at most: more are no exception.
pub const MAX_STANDOUT: usize = 9;
/// A kind smaller than this is listed, not summed up.
const MIN_LINES: u64 = 8;
/// A number is compared up to this many bytes.
const NUMBER_BYTES: usize = 24;

/// A line's number and the lines saying whose it is (its record's first
/// line, the line naming it).
pub type Line = (u64, [Option<u64>; 2]);

/// One position's values over a kind's lines.
#[derive(Default)]
struct Position {
    /// Each distinct value, its count and its first lines.
    seen: Vec<(String, u64, Vec<Line>)>,
    /// Lines holding a number there.
    lines: u64,
    /// More than [`VALUES`] distinct values.
    many: bool,
}

/// The numbers of a kind's lines by position, while the search reads the
/// view.
#[derive(Default)]
pub struct Standouts {
    positions: Vec<Position>,
}

impl Standouts {
    /// Line `n` of the kind, `context` saying whose it is.
    pub fn add(&mut self, n: u64, context: [Option<u64>; 2], line: &str) {
        for (i, number) in numbers(line).take(POSITIONS).enumerate() {
            if self.positions.len() <= i {
                self.positions.push(Position::default());
            }
            let p = &mut self.positions[i];
            p.lines += 1;
            if p.many {
                continue;
            }
            if let Some(v) = p.seen.iter_mut().find(|v| v.0 == number) {
                v.1 += 1;
                if v.2.len() <= MAX_STANDOUT {
                    v.2.push((n, context));
                }
            } else if p.seen.len() < VALUES {
                p.seen.push((number.to_string(), 1, vec![(n, context)]));
            } else {
                p.many = true;
                p.seen.clear();
            }
        }
    }

    /// The lines standing out among the kind's `count` lines, in order:
    /// the lines whose number at some position is not the usual one there
    /// (held by three lines in four or more, the position on nine lines in
    /// ten or more). None when no line does, or more than
    /// [`MAX_STANDOUT`].
    pub fn lines(&self, count: u64) -> Option<Vec<Line>> {
        if count < MIN_LINES {
            return None;
        }
        let mut out: Vec<Line> = Vec::new();
        for p in &self.positions {
            if p.many || p.lines * 10 < count * 9 {
                continue;
            }
            let Some(usual) = p.seen.iter().max_by_key(|v| v.1) else {
                continue;
            };
            if usual.1 * 4 < count * 3 || usual.1 == p.lines {
                continue;
            }
            let odd: Vec<Line> = (p.seen.iter())
                .filter(|v| v.0 != usual.0)
                .flat_map(|v| v.2.iter().copied())
                .collect();
            if odd.len() as u64 != p.lines - usual.1 {
                return None;
            }
            out.extend(odd);
        }
        out.sort_unstable_by_key(|l| l.0);
        out.dedup_by_key(|l| l.0);
        (!out.is_empty() && out.len() <= MAX_STANDOUT).then_some(out)
    }
}

/// The numbers of a line: runs of digits (one `.` inside) standing alone
/// as a word or between punctuation — `0`, `98.5`, the parts of
/// `2026-11-27` — not inside a word (`sdb1`, `0x0033`, `v2`).
fn numbers(line: &str) -> impl Iterator<Item = &str> {
    let b = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let start = i;
            if !b[i].is_ascii_digit() || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
                i += 1;
                continue;
            }
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let alone = i == b.len() || !(b[i].is_ascii_alphanumeric() || b[i] == b'_');
            if alone && i - start <= NUMBER_BYTES {
                return Some(&line[start..i]);
            }
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_stands_alone_or_between_punctuation() {
        let row = "  5 Reallocated_Sector_Ct   0x0033   100   098   010    Pre-fail  Always       -       16";
        assert_eq!(
            numbers(row).collect::<Vec<_>>(),
            ["5", "100", "098", "010", "16"]
        );
        assert_eq!(
            numbers("sdb1 v2 2026-11-27 load 98.5%, x=3").collect::<Vec<_>>(),
            ["2026", "11", "27", "98.5", "3"]
        );
    }

    #[test]
    fn the_few_lines_off_a_kinds_usual_value_stand_out() {
        let row = |raw: u32, value: u32| {
            format!(
                "  5 Reallocated_Sector_Ct   0x0033   {value:03}   {value:03}   010    Pre-fail  Always       -       {raw}"
            )
        };
        let mut s = Standouts::default();
        for n in 1..=60u64 {
            let odd = [7, 31, 44].contains(&n);
            s.add(
                n,
                [None; 2],
                &row(
                    if odd { 8 * n as u32 } else { 0 },
                    if n == 31 { 98 } else { 100 },
                ),
            );
        }
        let lines = s
            .lines(60)
            .map(|l| l.iter().map(|l| l.0).collect::<Vec<_>>());
        assert_eq!(lines, Some(vec![7, 31, 44]));

        // Times and sizes: no usual value, nothing stands out.
        let mut s = Standouts::default();
        for n in 1..=60u64 {
            s.add(
                n,
                [None; 2],
                &format!("12:{:02}:{:02} wrote {} bytes", n % 60, n * 7 % 60, n * 977),
            );
        }
        assert_eq!(s.lines(60), None);

        // Too many off the usual value: no exception.
        let mut s = Standouts::default();
        for n in 1..=60u64 {
            s.add(n, [None; 2], &format!("pending {}", u64::from(n % 5 == 0)));
        }
        assert_eq!(s.lines(60), None);
    }
}

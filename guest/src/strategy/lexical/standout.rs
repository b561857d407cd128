//! The lines of a kind too big to list whose number or last word stands
//! out. Sixty drives' `Reallocated_Sector_Ct` rows are one kind, and 55 of
//! them end in `0`: the five that do not are the answer to "which disks
//! are getting bad sectors"; 6,000 scanned files end in `OK` and seven in
//! `FOUND`. A kind's numbers are followed by position (the first, the
//! second… number of each line), and the word its lines end with; where
//! one value is the usual one — at least three lines in four hold it — the
//! lines of a rare other value stand out. A position of many values
//! (times, ids, sizes, paths) has no usual value and says nothing.

use super::record::LineOf;

/// Numbers followed per line: the first ones.
const POSITIONS: usize = 16;
/// Distinct values of a position followed; more: it has no usual value.
const VALUES: usize = 12;
/// Lines standing out at most: more are no exception.
pub const MAX_STANDOUT: usize = 9;
/// A kind smaller than this has no lines standing out (it is listed
/// whole while the answer has room).
const MIN_LINES: u64 = 8;
/// A value is compared up to this many bytes.
const NUMBER_BYTES: usize = 24;

/// One position's values over a kind's lines.
#[derive(Default)]
struct Position {
    /// Each distinct value, its count and its first lines.
    seen: Vec<(String, u64, Vec<LineOf>)>,
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
    /// The word the lines end with (`OK` on 6,000 scanned files, `FOUND`
    /// on seven).
    last: Position,
}

impl Standouts {
    /// Line `n` of the kind, `context` saying whose it is.
    pub fn add(&mut self, n: u64, context: [Option<u64>; 2], line: &str) {
        for (i, number) in numbers(line).take(POSITIONS).enumerate() {
            if self.positions.len() <= i {
                self.positions.push(Position::default());
            }
            self.positions[i].add(number, (n, context));
        }
        if let Some(word) = last_word(line) {
            self.last.add(word, (n, context));
        }
    }

    /// The lines standing out among the kind's `count` lines, in order.
    /// At a position where one value is the usual one (held by three lines
    /// in four or more, the position on nine lines in ten or more): at a
    /// number's, all the lines of other values, if they are few (a
    /// position where a pid or a counter takes a few values many times
    /// says nothing, and is passed over); at the last word's,
    /// the lines of each rare value, the rarest first (`FOUND` before
    /// `Empty file`, both among `OK`). At most [`MAX_STANDOUT`] lines; none
    /// when no line stands out.
    pub fn lines(&self, count: u64) -> Option<Vec<LineOf>> {
        if count < MIN_LINES {
            return None;
        }
        let mut out: Vec<LineOf> = Vec::new();
        for p in &self.positions {
            let Some(usual) = p.usual(count) else {
                continue;
            };
            let odd: Vec<LineOf> = (p.seen.iter())
                .filter(|v| v.0 != usual)
                .flat_map(|v| v.2.iter().copied())
                .collect();
            // More lines off the usual value than were kept: too many to
            // stand out at this position (a pid, a counter), not at others.
            if odd.len() as u64 == p.lines - p.held(usual) {
                out.extend(odd);
            }
        }
        if let Some(usual) = self.last.usual(count) {
            let mut rare: Vec<&(String, u64, Vec<LineOf>)> = (self.last.seen.iter())
                .filter(|v| v.0 != usual && v.1 <= MAX_STANDOUT as u64)
                .collect();
            rare.sort_by_key(|v| v.1);
            for v in rare {
                let new: Vec<LineOf> = (v.2.iter())
                    .filter(|l| !out.iter().any(|o| o.0 == l.0))
                    .copied()
                    .collect();
                if out.len() + new.len() <= MAX_STANDOUT {
                    out.extend(new);
                }
            }
        }
        out.sort_unstable_by_key(|l| l.0);
        out.dedup_by_key(|l| l.0);
        (!out.is_empty() && out.len() <= MAX_STANDOUT).then_some(out)
    }
}

impl Position {
    /// The value at least three of every four of the kind's `count` lines
    /// hold here, when this position is on nine lines in ten or more and
    /// some line holds another.
    fn usual(&self, count: u64) -> Option<&str> {
        if self.many || self.lines * 10 < count * 9 {
            return None;
        }
        let usual = self.seen.iter().max_by_key(|v| v.1)?;
        (usual.1 * 4 >= count * 3 && usual.1 < self.lines).then_some(usual.0.as_str())
    }

    /// Lines holding `value` here.
    fn held(&self, value: &str) -> u64 {
        self.seen.iter().find(|v| v.0 == value).map_or(0, |v| v.1)
    }

    fn add(&mut self, value: &str, line: LineOf) {
        self.lines += 1;
        if self.many {
            return;
        }
        // Compared as kept: its first bytes, cut on a character's
        // boundary (no copy for a value already met: this runs per number
        // of every line of a followed kind).
        let value = &value[..value.floor_char_boundary(NUMBER_BYTES)];
        if let Some(v) = self.seen.iter_mut().find(|v| v.0 == value) {
            v.1 += 1;
            if v.2.len() < MAX_STANDOUT {
                v.2.push(line);
            }
        } else if self.seen.len() < VALUES {
            self.seen.push((value.to_string(), 1, vec![line]));
        } else {
            self.many = true;
            self.seen.clear();
        }
    }
}

/// The word a line ends with (`OK`, `FOUND`, `ERROR`), past trailing
/// punctuation; none when it ends with a number or a path.
fn last_word(line: &str) -> Option<&str> {
    let t = line
        .trim_end()
        .trim_end_matches(['.', ',', ';', ')', ']', '"', '\'']);
    // Past the last character that is no ASCII letter (whatever its
    // width: `é` is two bytes).
    let start = (t.char_indices().rev())
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &t[start..];
    let after_path = t[..start].ends_with(['/', '\\', '-', '_', '.']);
    (word.len() >= 2 && !after_path).then_some(word)
}

/// The numbers of a line: runs of digits (one `.` inside) standing alone
/// as a word or between punctuation — `0`, `98.5`, `(137)` — not inside a
/// word (`sdb1`, `0x0033`, `v2`) nor a date's or a time's part.
fn numbers(line: &str) -> impl Iterator<Item = &str> {
    let b = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let start = i;
            let word_byte = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
            // Inside a word (`sdb1`, `temp_1`, `v1.5`, `python3.11`).
            let inside = i > 0
                && (word_byte(b[i - 1]) || (b[i - 1] == b'.' && i > 1 && word_byte(b[i - 2])));
            if !b[i].is_ascii_digit() || inside {
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
            // A part of a date or a time (`2026-11-27`, `01:37:57`): the
            // hour a few events fall in says nothing.
            let joined = |at: usize, next: usize| {
                matches!(b.get(at), Some(b'-' | b':' | b'/'))
                    && b.get(next).is_some_and(u8::is_ascii_digit)
            };
            let clock = (start >= 2 && joined(start - 1, start - 2))
                || joined(i, i + 1)
                || month_day(&line[..start], &line[i..]);
            // A minus sign after a space or punctuation is the number's:
            // `exit -1` is not `exit 1`.
            let signed =
                start >= 1 && b[start - 1] == b'-' && (start == 1 || !word_byte(b[start - 2]));
            let from = if signed { start - 1 } else { start };
            if alone && !clock && i - start <= NUMBER_BYTES {
                return Some(&line[from..i]);
            }
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
        }
        None
    })
}

/// Whether a number between `before` and `after` is a day beside a
/// month's name: syslog's `Nov 27 01:37:57`, nginx's `[27/Nov/2026:`.
fn month_day(before: &str, after: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let month = |w: &str| w.len() == 3 && MONTHS.iter().any(|m| w.eq_ignore_ascii_case(m));
    // `get`, not slicing: the bytes around may be any text.
    let prev = (before.strip_suffix(' ')).and_then(|p| p.get(p.len().saturating_sub(3)..));
    let next = (after.strip_prefix('/')).and_then(|a| a.get(..3));
    prev.is_some_and(month) || next.is_some_and(month)
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
            numbers("sdb1 v2 2026-11-27T01:37:57 load 98.5%, x=3").collect::<Vec<_>>(),
            ["98.5", "3"]
        );
        assert_eq!(
            numbers("Nov 27 01:37:57 [27/Nov/2026:10:00:01] v1.5 temp_1 exit -1, 4-5")
                .collect::<Vec<_>>(),
            ["-1"]
        );
        // Any text around a number: no cut inside a character.
        assert_eq!(
            numbers("é 7 ü/é 8 -9é").collect::<Vec<_>>(),
            ["7", "8", "-9"]
        );
    }

    #[test]
    fn a_line_ends_with_a_word_not_a_number_or_a_path() {
        assert_eq!(
            last_word("/srv/a/x.exe: Win.Trojan.Agent-1 FOUND"),
            Some("FOUND")
        );
        assert_eq!(last_word("/srv/a/b.docx: OK"), Some("OK"));
        assert_eq!(last_word("wrote 12 bytes."), Some("bytes"));
        assert_eq!(last_word("copied /srv/a/report"), None);
        assert_eq!(last_word("took 12"), None);
        // A word after a wide character, or one ending in it: no cut
        // inside a character.
        assert_eq!(last_word("Fichier analysé OK"), Some("OK"));
        assert_eq!(last_word("état: terminé"), None);
        assert_eq!(last_word("报告 FOUND"), Some("FOUND"));
    }

    #[test]
    fn a_rare_last_word_stands_out_the_rarest_first() {
        let mut s = Standouts::default();
        for n in 1..=400u64 {
            let end = match n {
                77 | 301 => "Win.Trojan.Agent FOUND",
                _ if n % 25 == 0 => "Empty file",
                _ => "OK",
            };
            s.add(
                n,
                [None; 2],
                &format!("/srv/share/f{}.docx: {end}", n * 7919 % 10007),
            );
        }
        // `file` ends 16 lines: more than an exception; `FOUND` ends two.
        let lines = s
            .lines(400)
            .map(|l| l.iter().map(|l| l.0).collect::<Vec<_>>());
        assert_eq!(lines, Some(vec![77, 301]));
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

//! "Which certificates have already run out? It's 27 November 2026": an
//! end date before a date the question gives. Outputs write when a thing
//! stops being valid after a word saying so — keytool's `until:`,
//! openssl's `Not After :`, a JSON `"expiresAt"` — in many date forms
//! (`Fri Oct 29 00:52:49 UTC 2027`, `Dec 27 00:04:22 2025 GMT`,
//! `2026-11-26T16:41:09Z`, `Nov 27, 2026`). No word of the question is on
//! those lines, and their digits match nothing it says: the lines are
//! found by comparing dates, while the search reads the view, and listed
//! with their records (`Alias name: ldaps-dc01`). A question's date
//! without a year ("it's 27 November") takes the output's, once it is all
//! read ([`Lapsed::finish`]).

use super::record::{self, LineOf};
use super::search::Query;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::preview::clip;

/// Lines kept (the first ones, in order); more are counted.
const KEEP: usize = 256;
/// Lines listed in one answer; the next call lists the rest.
const LISTED: usize = 24;
/// A listed line is cut to this many bytes.
const LINE_BYTES: usize = 240;
/// Words before a date that make it an end: `until`, `Not After`,
/// `expires`, `valid_to`, `end`.
const END_WORDS: &[&str] = &[
    "until", "after", "notafter", "to", "end", "ends", "ending", "enddate", "deadline", "due",
];
/// Question words asking for what has ended (their stems' starts).
const ENDED_WORDS: &[&str] = &["expir", "lapse", "overdue", "outdated", "stale"];

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Lines with an end date kept while the question's year is not known yet
/// (the first ones): the dates of later ones are not compared, nor counted
/// in the section's title.
const DATED_KEPT: usize = 4096;

/// The end dates before the question's date, as read.
pub struct Lapsed {
    /// The question's date, as a day number ([`day`]) and as written out;
    /// None until [`Lapsed::finish`] when the question gives no year.
    before: Option<i32>,
    said: String,
    /// The question's month and day, when it gives no year ("It's 27
    /// November"): the year is the output's, from its latest date that is
    /// no end (a certificate's `NotBefore`, a log's time), the first year
    /// in which that day is not before it.
    month_day: Option<(u32, u32)>,
    latest: Option<i32>,
    /// Until then, the lines with an end date: whose each is, its date.
    ends: Vec<(LineOf, i32)>,
    /// Kept lines, each with whose it is: its record's first line and the
    /// nearest line naming it, as the search saw them.
    lines: Vec<LineOf>,
    count: u64,
    /// Lines with an end date at all.
    dated: u64,
}

impl Lapsed {
    /// For a question asking what has ended ("expired", "run out",
    /// "lapsed", "no longer valid") and giving a date: that date.
    pub fn of(question: &str) -> Option<Lapsed> {
        let words = super::intent::words(question);
        let ended = words
            .iter()
            .any(|w| ENDED_WORDS.iter().any(|e| w.starts_with(e)))
            || words.windows(2).any(|p| {
                matches!(
                    (p[0].as_str(), p[1].as_str()),
                    ("run" | "ran" | "runs" | "running", "out") | ("no", "longer")
                )
            });
        if !ended {
            return None;
        }
        let (before, month_day) = match (dates(question).first(), named_dates(question).first()) {
            (Some(&(_, before)), _) => (Some(before), None),
            (None, Some(&(_, None, month, date))) => (None, Some((month, date))),
            _ => return None,
        };
        Some(Lapsed {
            before,
            said: before.map(written).unwrap_or_default(),
            month_day,
            latest: None,
            ends: Vec::new(),
            lines: Vec::new(),
            count: 0,
            dated: 0,
        })
    }

    /// Line `n` of the view, with whose it is (`context`): counted when a
    /// date on it follows an end word; kept when that date is before the
    /// question's.
    pub fn push(&mut self, n: u64, line: &str, context: [Option<u64>; 2]) {
        let mut from = 0;
        let mut end = None;
        for (at, d) in dates(line) {
            let said = (line[from..at].split(|c: char| !c.is_alphanumeric()))
                .filter(|w| !w.is_empty())
                .any(|w| {
                    let w = w.to_ascii_lowercase();
                    END_WORDS.contains(&w.as_str())
                        || w.starts_with("expir")
                        || w.ends_with("after")
                        || w.ends_with("until")
                });
            if said {
                end = Some(end.map_or(d, |e: i32| e.min(d)));
            } else {
                self.latest = Some(self.latest.map_or(d, |l| l.max(d)));
            }
            from = at;
        }
        let Some(end) = end else { return };
        self.dated += 1;
        match self.before {
            Some(before) => self.compare((n, context), end, before),
            None if self.ends.len() < DATED_KEPT => self.ends.push(((n, context), end)),
            None => {}
        }
    }

    fn compare(&mut self, line: LineOf, end: i32, before: i32) {
        if end < before {
            self.count += 1;
            if self.lines.len() < KEEP {
                self.lines.push(line);
            }
        }
    }

    /// After the last line: a question without a year takes the output's
    /// ([`Lapsed::month_day`]) and its end dates are compared now. With no
    /// date in the output but end dates, there is no year to take: the
    /// section says nothing.
    pub fn finish(&mut self) {
        let (Some((month, date)), None) = (self.month_day, self.before) else {
            return;
        };
        let Some(latest) = self.latest else {
            self.dated = 0;
            return;
        };
        let year = latest.div_euclid(372);
        let before = match day(year, month, date) {
            d if d >= latest => d,
            _ => day(year + 1, month, date),
        };
        self.before = Some(before);
        self.said = format!(
            "{} (no year given: the first after the output's latest other date, {})",
            written(before),
            written(latest)
        );
        let compared = self.ends.len() as u64;
        for (line, end) in std::mem::take(&mut self.ends) {
            self.compare(line, end, before);
        }
        // Past the lines kept, the dates were not compared.
        self.dated = compared;
    }

    /// Whether any line has an end date: the section has something to say.
    pub fn found(&self) -> bool {
        self.dated > 0
    }

    /// The section: how many end dates are before the question's date,
    /// the lines from the `skip`-th on with their records, and the call
    /// for the rest.
    pub fn render(
        &self,
        doc: &Doc,
        query: &Query,
        budget: usize,
        skip: usize,
        next: &dyn Fn(usize) -> String,
    ) -> Result<String, Failure> {
        let mut out = format!(
            "\n[End dates (after `until`, `Not After`, `expires`…) before {}, the question's date: {} of {} lines]\n",
            self.said, self.count, self.dated
        );
        let mut shown = 0;
        for &(n, [first, name]) in self.lines.iter().skip(skip).take(LISTED) {
            let whose = record::whose(doc, n, first, name, &[n], Some(query))?;
            let line = super::passage::read(doc, n, n)?.pop().map(|l| l.1);
            let text = format!(
                "{n}: {}{whose}\n",
                clip(line.unwrap_or_default().trim_end(), LINE_BYTES)
            );
            if out.len() + text.len() > budget {
                break;
            }
            out.push_str(&text);
            shown += 1;
        }
        let listed = skip + shown;
        if (listed as u64) < self.count {
            let rest = self.count - listed as u64;
            match listed < self.lines.len() {
                true => out.push_str(&format!("[{rest} more: {}]\n", next(listed))),
                false => out.push_str(&format!(
                    "[{rest} more, past the first {KEEP}: grep the end dates, or narrow the question]\n"
                )),
            }
        }
        Ok(out)
    }
}

/// A day number: later dates are larger (gaps between months are no
/// matter for comparing).
fn day(year: i32, month: u32, date: u32) -> i32 {
    year * 372 + (month as i32 - 1) * 31 + (date as i32 - 1)
}

/// A day number written as `2026-11-27`.
fn written(d: i32) -> String {
    let (year, rest) = (d.div_euclid(372), d.rem_euclid(372));
    format!("{year}-{:02}-{:02}", rest / 31 + 1, rest % 31 + 1)
}

/// The dates in `text`, each with the byte where it starts: ISO
/// (`2026-11-27`, `2026-11-27T10:00Z`) and with a month's name (`Nov 27,
/// 2026`, `27 November 2026`, `Fri Oct 29 00:52:49 UTC 2027`).
pub fn dates(text: &str) -> Vec<(usize, i32)> {
    let mut out = iso_dates(text);
    out.extend(
        named_dates(text)
            .into_iter()
            .filter_map(|(at, year, month, date)| Some((at, day(year?, month, date)))),
    );
    out.sort_unstable();
    out
}

/// The ISO dates in `text` (`2026-11-27`, `2026-11-27T10:00Z`).
fn iso_dates(text: &str) -> Vec<(usize, i32)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    // ISO dates.
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    let mut i = 0;
    while i + 10 <= b.len() {
        let s = &b[i..i + 10];
        let boundary = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if boundary
            && digits(&s[..4])
            && s[4] == b'-'
            && digits(&s[5..7])
            && s[7] == b'-'
            && digits(&s[8..10])
            && b.get(i + 10).is_none_or(|c| !c.is_ascii_digit())
        {
            let num = |r: std::ops::Range<usize>| text[i + r.start..i + r.end].parse::<u32>().ok();
            if let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10))
                && (1..=12).contains(&m)
                && (1..=31).contains(&d)
            {
                out.push((i, day(y as i32, m, d)));
                i += 10;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The dates with a month's name in `text` (`Nov 27, 2026`, `27 November
/// 2026`, `Fri Oct 29 00:52:49 UTC 2027`, and `27 November` with no year),
/// each with the byte where it starts: its year, month and day. The
/// month, a day next to it, a year within the four words after it.
fn named_dates(text: &str) -> Vec<(usize, Option<i32>, u32, u32)> {
    let mut out = Vec::new();
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_alphanumeric() || c == ':', start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    for (k, &(at, w)) in words.iter().enumerate() {
        let lower = w.to_ascii_lowercase();
        let Some(month) = MONTHS
            .iter()
            .position(|m| lower.starts_with(m) && (lower.len() == 3 || full_month(&lower, m)))
        else {
            continue;
        };
        let date_of = |w: &str| {
            (w.len() <= 2)
                .then(|| w.parse::<u32>().ok())
                .flatten()
                .filter(|d| (1..=31).contains(d))
        };
        let before = k.checked_sub(1).and_then(|j| date_of(words[j].1));
        let after = words.get(k + 1).and_then(|x| date_of(x.1));
        let Some(date) = after.or(before) else {
            continue;
        };
        let year = (words[k + 1..].iter().take(4)).find_map(|x| {
            (x.1.len() == 4)
                .then(|| x.1.parse::<i32>().ok())
                .flatten()
                .filter(|y| (1900..=2200).contains(y))
        });
        out.push((at, year, month as u32 + 1, date));
    }
    out
}

/// Whether `word` is month `short`'s full name (`november`, `sept`).
fn full_month(word: &str, short: &str) -> bool {
    const FULL: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let full = FULL[MONTHS.iter().position(|m| *m == short).unwrap_or(0)];
    word == full || (word == "sept" && short == "sep")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_many_forms() {
        let d = |y, m, dd| day(y, m, dd);
        assert_eq!(dates("It's 27 November 2026 today")[0].1, d(2026, 11, 27));
        assert_eq!(dates("on Nov 27, 2026.")[0].1, d(2026, 11, 27));
        let line = "Valid from: Sun Sep 27 00:52:49 UTC 2026 until: Fri Oct 29 00:52:49 UTC 2027";
        let found: Vec<i32> = dates(line).into_iter().map(|x| x.1).collect();
        assert_eq!(found, [d(2026, 9, 27), d(2027, 10, 29)]);
        assert_eq!(
            dates("            Not After : Dec 27 00:04:22 2025 GMT")[0].1,
            d(2025, 12, 27)
        );
        assert_eq!(
            dates(r#"  "expiresAt": "2026-11-26T16:41:09Z","#)[0].1,
            d(2026, 11, 26)
        );
        for none in [
            "SHA1: 27:10:8C",
            "version 2026-1",
            "May the build pass",
            "march 40 2026",
            "→ Nov → 40 ✓ 2026-13-01",
        ] {
            assert!(dates(none).is_empty(), "{none}");
        }
        assert_eq!(written(d(2026, 11, 27)), "2026-11-27");
    }

    #[test]
    fn an_end_date_before_the_questions_is_kept() {
        let mut l =
            Lapsed::of("It's 27 November 2026. Which certificates have run out?").expect("asks");
        let c = [None, None];
        let end_2026 =
            "Valid from: Sun Sep 27 00:52:49 UTC 2025 until: Fri Oct 29 00:52:49 UTC 2026";
        let end_2027 =
            "Valid from: Sun Sep 27 00:52:49 UTC 2026 until: Fri Oct 29 00:52:49 UTC 2027";
        l.push(1, end_2026, c);
        l.push(2, end_2027, c);
        // A start date before it is no end.
        l.push(3, "Creation date: Oct 27, 2020", c);
        l.push(4, r#"  "NotAfter": "2026-11-26T23:59:59Z","#, c);
        let kept: Vec<u64> = l.lines.iter().map(|l| l.0).collect();
        assert_eq!((kept.as_slice(), l.dated), (&[1, 4][..], 3));
        assert!(Lapsed::of("Which certificates expire before 2027-01-01?").is_some());
        assert!(Lapsed::of("Which certificates have run out?").is_none());
        assert!(Lapsed::of("What happened on 27 November 2026?").is_none());
    }

    #[test]
    fn a_question_without_a_year_takes_the_outputs() {
        let c = [None, None];
        let lines = [
            // `openssl s_client -showcerts`: the leaf's dates, then an
            // expired one's `notAfter`.
            "   v:NotBefore: Sep 22 15:13:44 2026 GMT; NotAfter: Dec 21 15:13:43 2026 GMT",
            "notAfter=Nov 19 15:29:45 2026 GMT",
            "   v:NotBefore: Oct 29 19:17:29 2026 GMT; NotAfter: Jan 27 19:17:28 2027 GMT",
        ];
        let question =
            "It's 27 November. Which of our sites hand out a certificate that has already run out?";
        let mut l = Lapsed::of(question).expect("asks");
        for (i, line) in lines.iter().enumerate() {
            l.push(i as u64 + 1, line, c);
        }
        l.finish();
        let kept: Vec<u64> = l.lines.iter().map(|l| l.0).collect();
        assert_eq!((kept.as_slice(), l.count, l.dated), (&[2][..], 1, 3));
        assert_eq!(
            l.said,
            "2026-11-27 (no year given: the first after the output's latest other date, 2026-10-29)"
        );
        // A latest date after the question's day in its year: the next year.
        let mut l = Lapsed::of(question).expect("asks");
        l.push(
            1,
            "   v:NotBefore: Dec 2 10:00:00 2026 GMT; NotAfter: Mar 2 10:00:00 2027 GMT",
            c,
        );
        l.push(2, lines[0], c);
        l.finish();
        assert_eq!((l.before, l.count), (Some(day(2027, 11, 27)), 2));
        // No other date to take a year from: nothing to say.
        let mut l = Lapsed::of(question).expect("asks");
        l.push(1, lines[1], c);
        l.finish();
        assert!(!l.found());
    }
}

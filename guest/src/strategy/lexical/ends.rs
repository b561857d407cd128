//! "When did its last good full backup finish?", "when did the first one
//! fail?": the last (or first) lines holding the most of the question's
//! words. An output in time order (a log, a history) says the first of a
//! kind of event first and the latest last; the best-ranked window is
//! where such lines are densest, often the noisiest stretch, never "the
//! first one" or "the last one". Asked when the question says last, latest
//! or most recent of a thing, not of a time ("last night" sets one), or
//! first or earliest ([`asks`]); shown when two lines or more hold the
//! most.

use std::collections::VecDeque;

use super::passage::read;
use super::search::{LineHits, Query, RELATED_WEIGHT};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::preview::clip;

/// Words asking for the latest of a kind.
const LATEST_WORDS: &[&str] = &["latest", "newest"];
/// Words asking for the first of a kind.
const FIRST_WORDS: &[&str] = &["first", "earliest", "oldest"];
/// Words after "last" that make it a time, not the latest of a thing
/// ("last night", "the last two days"; a number too: "the last 24h").
const TIME_AFTER_LAST: &[&str] = &[
    "night",
    "nights",
    "week",
    "weeks",
    "weekend",
    "month",
    "months",
    "year",
    "years",
    "hour",
    "hours",
    "minute",
    "minutes",
    "day",
    "days",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "few",
    "couple",
    "several",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "twelve",
];
/// Lines shown: the first or last ones holding the most of the question's
/// words.
const SHOWN: usize = 3;
/// A shown line is clipped to this many bytes.
const LINE_BYTES: usize = 480;
/// A word held only as a part of another (`PayrollArchive` for
/// "Payroll") counts this much less: another thing of that name.
const PART: f64 = 0.1;

/// Which end of a kind of line the question asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    First,
    Last,
}

/// The end of a kind of line `question` asks for: the latest of a thing
/// ("the last backup", "the latest deploy", "the most recent run" — not
/// "last night", "the last 24 hours"), else the first ("when did the first
/// one fail", "the earliest error").
pub fn asks(question: &str) -> Option<End> {
    let words = super::intent::words(question);
    let last = words.iter().enumerate().any(|(i, w)| {
        let next = words.get(i + 1).map_or("", String::as_str);
        let timed =
            TIME_AFTER_LAST.contains(&next) || next.starts_with(|c: char| c.is_ascii_digit());
        LATEST_WORDS.contains(&w.as_str())
            || (w == "last" && !timed)
            || (w == "recent" && i > 0 && words[i - 1] == "most")
    });
    let first = || (words.iter()).any(|w| FIRST_WORDS.contains(&w.as_str()));
    if last {
        Some(End::Last)
    } else {
        first().then_some(End::First)
    }
}

/// The first or last lines holding the most of the question's words,
/// while the search reads the view.
pub struct EndLines {
    end: End,
    best: f64,
    lines: VecDeque<u64>,
    /// Lines holding as much as the best.
    count: u64,
}

impl EndLines {
    pub fn new(end: End) -> EndLines {
        EndLines {
            end,
            best: 0.0,
            lines: VecDeque::new(),
            count: 0,
        }
    }

    /// Line `n`, holding `hits`.
    pub fn push(&mut self, n: u64, hits: &LineHits, query: &Query) {
        if !hits.any() {
            return;
        }
        // Over the bits set only: this runs for every line holding a term.
        let weight = |mut bits: u64| -> f64 {
            let mut sum = 0.0;
            while bits != 0 {
                sum += query.weight(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
            sum
        };
        let score = weight(hits.own) + RELATED_WEIGHT * weight(hits.related)
            - PART * weight((hits.own | hits.related) & !hits.whole);
        if score > self.best + 1e-9 {
            self.best = score;
            self.lines.clear();
            self.count = 0;
        }
        if (score - self.best).abs() <= 1e-9 {
            self.count += 1;
            match self.end {
                End::Last if self.lines.len() == SHOWN => {
                    self.lines.pop_front();
                }
                End::First if self.lines.len() == SHOWN => return,
                _ => {}
            }
            self.lines.push_back(n);
        }
    }

    /// The section: the first or last lines holding the most of the
    /// question's words, in line order, within `room` bytes; with the
    /// lines shown.
    /// None when one line alone holds the most: the best window shows it.
    pub fn render(&self, doc: &Doc, room: usize) -> Result<(String, Vec<u64>), Failure> {
        if self.lines.is_empty() || self.count < 2 {
            return Ok((String::new(), Vec::new()));
        }
        let (end, order) = match self.end {
            End::First => ("first", "the earliest first"),
            End::Last => ("last", "the latest last"),
        };
        let mut out = format!(
            "\n[the {end} {} of the {} lines holding the most of the question's words, {order}]\n",
            self.lines.len(),
            self.count
        );
        let mut shown = Vec::new();
        for &at in &self.lines {
            for (n, line) in read(doc, at, at)? {
                let text = format!("{n}: {}\n", clip(&line, LINE_BYTES));
                if out.len() + text.len() > room {
                    return Ok((out, shown));
                }
                out.push_str(&text);
                shown.push(n);
            }
        }
        Ok((out, shown))
    }
}

#[cfg(test)]
mod tests {
    use super::{End, asks};

    #[test]
    fn the_last_of_a_thing_is_asked_not_the_last_of_a_time() {
        for q in [
            "When did its last good full backup finish?",
            "Which is the latest deploy?",
            "Show me the most recent run",
            "Which job ran last?",
            "The first and the last restart?",
        ] {
            assert_eq!(asks(q), Some(End::Last), "{q}");
        }
        for q in [
            "What failed last night?",
            "Which hosts rebooted in the last 24h?",
            "Errors in the last two days",
            "Any timeouts over the last 1.5 hours?",
            "Which recent runs failed?",
        ] {
            assert_eq!(asks(q), None, "{q}");
        }
    }

    #[test]
    fn the_first_of_a_thing_is_asked() {
        for q in [
            "When did the first one fail, and what did their server say?",
            "Which was the earliest error?",
            "What failed first last night?",
        ] {
            assert_eq!(asks(q), Some(End::First), "{q}");
        }
    }
}

//! "When did its last good full backup finish?": the last lines holding
//! the most of the question's words. An output in time order (a log, a
//! history) says the latest of a kind of event last; the best-ranked
//! window is where such lines are densest, often the oldest or the
//! noisiest stretch, never "the last one". Asked when the question says
//! last, latest or most recent of a thing ([`asks`]), not of a time ("last
//! night" sets one); shown when two lines or more hold the most.

use std::collections::VecDeque;

use super::passage::read;
use super::search::{LineHits, Query, RELATED_WEIGHT};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::preview::clip;

/// Words asking for the latest of a kind.
const LATEST_WORDS: &[&str] = &["latest", "newest"];
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
/// Lines shown: the last ones holding the most of the question's words.
const SHOWN: usize = 3;
/// A shown line is clipped to this many bytes.
const LINE_BYTES: usize = 480;
/// A word held only as a part of another (`PayrollArchive` for
/// "Payroll") counts this much less: another thing of that name.
const PART: f64 = 0.1;

/// Whether `question` asks for the latest of a thing: "the last backup",
/// "the latest deploy", "the most recent run" — not "last night", "the
/// last 24 hours".
pub fn asks(question: &str) -> bool {
    let words = super::intent::words(question);
    words.iter().enumerate().any(|(i, w)| {
        let next = words.get(i + 1).map_or("", String::as_str);
        let timed =
            TIME_AFTER_LAST.contains(&next) || next.starts_with(|c: char| c.is_ascii_digit());
        LATEST_WORDS.contains(&w.as_str())
            || (w == "last" && !timed)
            || (w == "recent" && i > 0 && words[i - 1] == "most")
    })
}

/// The last lines holding the most of the question's words, while the
/// search reads the view.
#[derive(Default)]
pub struct Latest {
    best: f64,
    lines: VecDeque<u64>,
    /// Lines holding as much as the best.
    count: u64,
}

impl Latest {
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
            if self.lines.len() == SHOWN {
                self.lines.pop_front();
            }
            self.lines.push_back(n);
        }
    }

    /// The section: the last lines holding the most of the question's
    /// words, the latest last, within `room` bytes; with the lines shown.
    /// None when one line alone holds the most: the best window shows it.
    pub fn render(&self, doc: &Doc, room: usize) -> Result<(String, Vec<u64>), Failure> {
        if self.lines.is_empty() || self.count < 2 {
            return Ok((String::new(), Vec::new()));
        }
        let mut out = format!(
            "\n[the last {} of the {} lines holding the most of the question's words, the latest last]\n",
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
    use super::asks;

    #[test]
    fn the_last_of_a_thing_is_asked_not_the_last_of_a_time() {
        for q in [
            "When did its last good full backup finish?",
            "Which is the latest deploy?",
            "Show me the most recent run",
            "Which job ran last?",
        ] {
            assert!(asks(q), "{q}");
        }
        for q in [
            "What failed last night?",
            "Which hosts rebooted in the last 24h?",
            "Errors in the last two days",
            "Any timeouts over the last 1.5 hours?",
            "Which recent runs failed?",
        ] {
            assert!(!asks(q), "{q}");
        }
    }
}

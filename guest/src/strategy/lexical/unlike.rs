//! The answer to a negation — "which tests did not pass", "which jobs
//! never finished": the lines like those holding the negated word (of the
//! same kind, [`line_kind`], holding the same other words of the
//! question) that do not hold it. A word search ranks the thousand
//! `PASSED` lines first; the five `FAILED` and `ERROR` lines of the same
//! shape are the answer. A field's lines holding no other word of the
//! question — `"status": "RUNNING"` in 635 JSON records — are of one kind
//! by their key: "which instances are not running" gets the five records
//! whose `status` is something else, each with the lines naming it. Other
//! lines holding no other word — a table's rows, a log's entries — are of
//! one kind by their first word's shape ([`line_kind`]): "which claims
//! aren't bound" gets the rows `Pending` among thousands `Bound`.

use rustc_hash::FxHashMap;

use super::passage::read;
use super::record;
use super::search::{LineHits, Query};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::clip_named;
use crate::view::detect::values::fields::{line_key, line_kind};

/// Lines holding the negated word needed for their kind to be the shape
/// the question negates.
const MIN_NEGATED: u64 = 10;
/// Lines without it kept per kind…
const KEPT_LINES: usize = 24;
/// …and listed: more are no exception.
const MAX_UNLIKE: u64 = 24;
/// A listed line is cut to this many bytes.
const LINE_BYTES: usize = 240;
/// Kinds tracked.
const MAX_KINDS: usize = 4096;

#[derive(Default)]
struct Shape {
    /// Lines holding the negated word.
    negated: u64,
    /// Lines without it: how many, and the first ones (with the lines
    /// that may say whose they are, as [`record::whose`] takes them).
    unlike: u64,
    lines: Vec<record::LineOf>,
}

/// Gathers, per kind of line and other words held, the lines with and
/// without the negated word, while the search reads the view.
pub struct Unlike {
    word: String,
    /// The negated word's term bit, and the bits of negation words
    /// (`not`), which say nothing of a line.
    negated_bit: u64,
    ignored: u64,
    shapes: FxHashMap<(u64, u64), Shape>,
}

impl Unlike {
    /// For the negated `word` among the query's `terms`, if it is one.
    pub fn new(word: &str, terms: &[&str]) -> Option<Unlike> {
        let bit = |pred: &dyn Fn(&str) -> bool| -> u64 {
            (terms.iter().enumerate().take(64))
                .filter(|(_, t)| pred(t))
                .fold(0, |b, (i, _)| b | 1 << i)
        };
        let negated_bit = bit(&|t| t == word);
        (negated_bit != 0).then(|| Unlike {
            word: word.to_string(),
            negated_bit,
            ignored: bit(&|t| super::intent::NEGATIONS.contains(&t)),
            shapes: FxHashMap::default(),
        })
    }

    pub fn push(&mut self, n: u64, line: &str, hits: &LineHits, context: [Option<u64>; 2]) {
        let all = hits.own | hits.related;
        let others = all & !self.negated_bit & !self.ignored;
        let kind = if others != 0 {
            line_kind(line)
        } else {
            // A field's line, by its key: `"status": "RUNNING",`, `state=up`;
            // else a table's row or a log's entry, by its kind (the claims
            // `Pending` among 4,000 `Bound`).
            let body = line.trim_start();
            line_key(body.trim_end(), line.len() - body.len()).unwrap_or_else(|| line_kind(line))
        };
        let key = (kind, others);
        if self.shapes.len() >= MAX_KINDS && !self.shapes.contains_key(&key) {
            return;
        }
        let shape = self.shapes.entry(key).or_default();
        if all & self.negated_bit != 0 {
            shape.negated += 1;
        } else {
            shape.unlike += 1;
            if shape.lines.len() < KEPT_LINES {
                shape.lines.push((n, context));
            }
        }
    }

    /// The section: the lines of the commonest shape holding the negated
    /// word that do not hold it; empty when there is no such exception.
    pub fn render(
        &self,
        doc: &Doc,
        budget: usize,
        shown: &mut Vec<u64>,
        query: &Query,
    ) -> Result<String, Failure> {
        let Some(shape) = (self.shapes.values())
            .filter(|s| s.negated >= MIN_NEGATED && (1..=MAX_UNLIKE).contains(&s.unlike))
            .max_by_key(|s| s.negated)
        else {
            return Ok(String::new());
        };
        let mut out = format!(
            "\n[{} {} like the {} holding \"{}\", without it]\n",
            shape.unlike,
            if shape.unlike == 1 { "line" } else { "lines" },
            shape.negated,
            self.word
        );
        let numbers: Vec<u64> = shape.lines.iter().map(|l| l.0).collect();
        for &(n, [first, name]) in &shape.lines {
            let text = read(doc, n, n)?.pop().map(|(_, l)| l).unwrap_or_default();
            let whose = record::whose(doc, n, first, name, &numbers, Some(query))?;
            let l = format!(
                "{n}: {}{whose}\n",
                clip_named(text.trim_end(), None, LINE_BYTES)
            );
            if out.len() + l.len() > budget {
                break;
            }
            out.push_str(&l);
            shown.push(n);
        }
        Ok(out)
    }
}

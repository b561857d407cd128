//! A question with a number in it — "more than 90 % CPU", "longer than 5
//! seconds", "a timeout set to zero" — or asking for an extreme — "the
//! longest", "the slowest" — is answered over a numeric *field*, not by
//! matching the number's digits. While the search reads the view, every
//! line's fields ([`crate::view::detect::values::fields`]: table columns,
//! `key: value` and `key=value` pairs, JSON members, metrics samples, a
//! number in brackets) and the first number after a question word
//! (`timeout(Duration::from_secs(0))`) are gathered, per field and per
//! which question words the line holds. At the end the field the question
//! names is chosen (by its name's words; for a question about a quantity,
//! time for "slow", heat for "overheat", memory for "the most memory", by
//! the quantity's name or its values' unit, [`Quantity`]; else the numbers
//! on the lines holding the question's words) and
//! the records passing the comparison, or the extreme ones, are listed —
//! or the answer says plainly that no field was found and gives a program.

use rustc_hash::FxHashMap;

use super::intent::{Measure, Op, Quantity, TIME, Unit};
use super::record;
use super::search::{LineHits, Query, terms};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::clip_named;
use crate::view::detect::values::Finding;
use crate::view::detect::values::fields::{ALL_PAIRS, Field, Fields};
use crate::view::detect::values::numbers::number;
use crate::view::preview::clip;

/// Fields (each with the question words its lines hold) tracked.
const MAX_FIELDS: usize = 512;
/// Values kept at each end of a field.
const KEEP: usize = 64;
/// Records listed.
const MAX_LISTED: usize = 24;
/// Distinct values that make a field's values a measure, not a code.
const CONTINUOUS: usize = 16;
/// Records listed for an extreme.
const EXTREME_LISTED: usize = 3;
/// Fields listed for an extreme…
const EXTREME_FIELDS: usize = 2;
/// …of at least this many values.
const MIN_EXTREME: u64 = 5;
/// A number this many words after a question word is its value.
const NEAR_WORDS: usize = 3;
/// Listed lines are cut to this many bytes.
const LINE_BYTES: usize = 240;

/// Values of one field on lines holding the same question words.
struct Stat {
    name: String,
    /// How well the name holds the question's words (own 1, related 0.6).
    named: f64,
    /// Its name holds the question's quantity: 2 by a word of it
    /// (`duration`, `temp1`, `%util`), 1 by its sign alone (`%rrqm`).
    kind_named: u8,
    /// A number after a question's word, not a field.
    near: bool,
    own: u64,
    related: u64,
    /// Forms of the question's words on its lines.
    forms: u32,
    /// Distinct values, up to [`CONTINUOUS`]: a field with fewer is a code
    /// (a status, a flag), rarely what a question measures.
    distinct: Vec<f64>,
    count: u64,
    /// Values with the unit of the question's quantity.
    in_unit: u64,
    top: Vec<(f64, u64)>,
    bottom: Vec<(f64, u64)>,
    equal: Vec<u64>,
    equal_count: u64,
    /// Values passing the comparison read in seconds, and in milliseconds.
    passing: [u64; 2],
    /// log2 buckets of the values, for their median.
    buckets: [u32; 96],
}

/// Gathers the fields' numbers while the search reads the view.
pub struct Measures<'q> {
    measure: Measure,
    query: &'q Query,
    /// The quantity the question is about (its words, or its number's
    /// unit): time, heat, memory.
    about: Option<&'static Quantity>,
    fields: Fields,
    /// Per field, over all its lines…
    stats: FxHashMap<u64, Stat>,
    /// …and per field and the question's words its lines hold (for a field
    /// no word names: `value` on the lines about a duration).
    masked: FxHashMap<u64, Stat>,
    /// The question's terms, lowercased: near-word values follow them.
    words: Vec<String>,
    /// Per term: whether it is a word of the quantity.
    kind_terms: u64,
}

impl<'q> Measures<'q> {
    pub fn new(measure: Measure, query: &'q Query, question: &str) -> Self {
        let about = Quantity::of(question, &measure);
        let words: Vec<String> = query.terms().iter().map(|t| t.to_string()).collect();
        let kind_terms = (words.iter().enumerate())
            .filter(|(_, w)| about.is_some_and(|q| q.asked.contains(&w.as_str())))
            .fold(0u64, |m, (i, _)| {
                m | 1u64.checked_shl(i as u32).unwrap_or(0)
            });
        Measures {
            measure,
            query,
            about,
            fields: Fields::with_pairs(ALL_PAIRS),
            stats: FxHashMap::default(),
            masked: FxHashMap::default(),
            words,
            kind_terms,
        }
    }

    /// Line `n` of the view, holding `hits`.
    pub fn push(&mut self, n: u64, line: &str, hits: &LineHits) {
        let Measures {
            fields,
            stats,
            masked,
            query,
            measure,
            about,
            ..
        } = self;
        // (field, name, value, in the quantity's unit, after a word)
        let mut found: Vec<(u64, String, f64, bool, bool)> = Vec::new();
        fields.split(line, &mut |f: Field| {
            if let Some(v) = number(f.value) {
                let in_unit = about.is_some_and(|q| q.measures(f.value));
                found.push((f.key, f.name.to_string(), v, in_unit, false));
            }
        });
        if hits.any() {
            for (i, w) in self.words.iter().enumerate() {
                if (hits.own | hits.related) & (1u64.checked_shl(i as u32).unwrap_or(0)) == 0 {
                    continue;
                }
                if let Some(v) = near(line, w) {
                    let name = format!("the number after \"{w}\"");
                    found.push((u64::MAX - i as u64, name, v, false, true));
                }
            }
            // A duration written alone, no key before it: a GC log's
            // `Pause Young (Mixed) … 2874.613ms`, `done in 4.2s`.
            if about.is_some_and(|q| q.units == TIME.units)
                && let Some(v) = line.split_whitespace().find_map(bare_seconds)
            {
                let first = (hits.own | hits.related).trailing_zeros() as usize;
                let w = self.words.get(first).map_or("", String::as_str);
                let name = format!("the durations on lines matching \"{w}\"");
                found.push((u64::MAX - 64 - first as u64, name, v, true, false));
            }
        }
        let forms = hits.forms.count_ones();
        let about = *about;
        for (key, name, v, in_unit, near) in found {
            let new = |masked: bool| Stat {
                name: clip(&name, 48),
                named: 0.0,
                kind_named: 0,
                near,
                own: if masked { hits.own } else { 0 },
                related: if masked { hits.related } else { 0 },
                forms: if masked { forms } else { 0 },
                distinct: Vec::new(),
                count: 0,
                in_unit: 0,
                top: Vec::new(),
                bottom: Vec::new(),
                equal: Vec::new(),
                equal_count: 0,
                passing: [0; 2],
                buckets: [0; 96],
            };
            if !stats.contains_key(&key) && stats.len() < MAX_FIELDS {
                let mut s = new(false);
                (s.named, s.kind_named) = name_score(query, about, measure, &name);
                stats.insert(key, s);
            }
            if let Some(s) = stats.get_mut(&key) {
                s.add(v, n, in_unit, measure);
            }
            if !hits.any() {
                continue;
            }
            let key = key ^ (hits.forms as u64).rotate_left(13) ^ ((hits.forms >> 64) as u64);
            if !masked.contains_key(&key) && masked.len() < MAX_FIELDS {
                let mut s = new(true);
                s.kind_named = name_score(query, about, measure, &name).1;
                masked.insert(key, s);
            }
            if let Some(s) = masked.get_mut(&key) {
                s.add(v, n, in_unit, measure);
            }
        }
    }

    /// The answer's section for the measure: the records passing it over
    /// the field the question names; `findings` (the storing's numbers that
    /// stand out) when no field is named.
    pub fn render(
        &self,
        doc: &Doc,
        findings: &[Finding],
        budget: usize,
    ) -> Result<String, Failure> {
        let chosen = self.choose();
        let mut out = String::new();
        if chosen.is_empty() {
            return self.no_field(doc, findings, budget);
        }
        match self.measure {
            Measure::Compare { op, value, unit } => {
                // Two fields as likely (a request's duration and its
                // waiting time, both `value`): both are shown.
                let tied = |s: &&&Stat| (rank(s) / 1e5).floor() == (rank(chosen[0]) / 1e5).floor();
                for s in chosen.iter().take(2).filter(tied) {
                    self.compare(doc, s, op, value, unit, budget, &mut out)?;
                }
            }
            Measure::Extreme { largest } => {
                for s in chosen.iter().take(EXTREME_FIELDS) {
                    let ends = if largest { &s.top } else { &s.bottom };
                    let hits: Vec<(f64, u64)> = ends.iter().take(EXTREME_LISTED).copied().collect();
                    out.push_str(&format!(
                        "\n[the {} values of {} ({} values), {}]\n",
                        if largest { "largest" } else { "smallest" },
                        s.name,
                        s.count,
                        if largest {
                            "largest first"
                        } else {
                            "smallest first"
                        }
                    ));
                    let room = budget.saturating_sub(out.len());
                    self.list(doc, &s.name, &hits, EXTREME_LISTED, room, true, &mut out)?;
                }
            }
        }
        Ok(out)
    }

    /// The fields the question names, best first: by their names' words
    /// (its quantity's, for a question about one: a duration's for "slow");
    /// else the numbers right after its words (`timeout: 0`); else, for a
    /// comparison, the numbers on the lines holding the most of its words
    /// (of the quantity, for a question about one); else the fields whose
    /// values carry the quantity's unit (`+99.0°C`), the measures before
    /// the constants, the most extreme first.
    fn choose(&self) -> Vec<&Stat> {
        let about = self.about.is_some();
        let bare = self.about.is_some_and(|q| q.bare);
        let of_kind =
            |s: &&Stat| !about || s.kind_named > 0 || s.in_unit > 0 || (bare && s.named > 0.0);
        // A field of a few values (a summary's count) or of one (a
        // threshold printed on every line) has no extreme.
        let extreme = matches!(self.measure, Measure::Extreme { .. });
        let enough = |s: &&Stat| {
            !s.clock() && (!extreme || (s.count >= MIN_EXTREME && s.distinct.len() > 1))
        };
        let mut named: Vec<&Stat> = (self.stats.values())
            .filter(enough)
            .filter(|s| !s.near && (s.named > 0.0 || (about && s.kind_named > 0)))
            .filter(of_kind)
            .collect();
        if named.is_empty() {
            named = (self.stats.values())
                .filter(|s| s.near && s.named >= 1.0 && !s.clock())
                .collect();
        }
        if named.is_empty() && matches!(self.measure, Measure::Compare { .. }) {
            let kind = self.kind_terms;
            named = (self.masked.values())
                .filter(|s| !s.near && !s.clock())
                .filter(|s| {
                    !about || s.kind_named > 0 || s.in_unit > 0 || (s.own | s.related) & kind != 0
                })
                .collect();
        }
        if named.is_empty() && about {
            let mut measured: Vec<&Stat> = (self.stats.values())
                .filter(enough)
                .filter(|s| !s.near && s.in_unit * 2 > s.count)
                .collect();
            let end = |s: &Stat| match self.measure {
                Measure::Extreme { largest: false } => -s.bottom.first().map_or(0.0, |b| b.0),
                _ => s.top.first().map_or(0.0, |t| t.0),
            };
            // Sizes in bytes carry no unit (`aws s3 ls`, `du -b`): for a
            // comparison in bytes, the whole numbers that reach it.
            if measured.is_empty()
                && let Measure::Compare {
                    unit: Unit::Bytes,
                    value,
                    ..
                } = self.measure
            {
                measured = (self.stats.values())
                    .filter(enough)
                    .filter(|s| !s.near && s.distinct.len() >= CONTINUOUS)
                    .filter(|s| {
                        s.top
                            .first()
                            .is_some_and(|t| t.0 >= value && t.0.fract() == 0.0)
                    })
                    .collect();
            }
            measured.sort_by(|a, b| {
                (b.distinct.len() >= CONTINUOUS)
                    .cmp(&(a.distinct.len() >= CONTINUOUS))
                    .then(end(b).total_cmp(&end(a)))
                    .then(a.name.cmp(&b.name))
            });
            return measured;
        }
        named.sort_by(|a, b| {
            rank(a)
                .total_cmp(&rank(b))
                .reverse()
                .then(a.name.cmp(&b.name))
        });
        named
    }

    /// The records of `s` passing `op value`, after a line saying how many.
    #[allow(clippy::too_many_arguments)]
    fn compare(
        &self,
        doc: &Doc,
        s: &Stat,
        op: Op,
        value: f64,
        unit: Unit,
        budget: usize,
        out: &mut String,
    ) -> Result<(), Failure> {
        let (scale, note) = s.scale(value, unit);
        let x = value / scale;
        let mut hits: Vec<(f64, u64)> = match op {
            Op::Above | Op::AtLeast => (s.top.iter().copied())
                .filter(|&(v, _)| op.holds(v, x))
                .collect(),
            Op::Below | Op::AtMost => (s.bottom.iter().copied())
                .filter(|&(v, _)| op.holds(v, x))
                .collect(),
            Op::Equal => s.equal.iter().map(|&l| (value, l)).collect(),
        };
        let total = match op {
            Op::Equal => s.equal_count,
            _ => s.passing[usize::from(scale != 1.0)],
        }
        .max(hits.len() as u64);
        hits.sort_by_key(|&(_, l)| l);
        out.push_str(&format!(
            "\n[{} {} {}{note}: {total} of {} values]\n",
            s.name,
            op.symbol(),
            fmt_number(x),
            s.count
        ));
        let room = budget.saturating_sub(out.len());
        let shown = self.list(doc, &s.name, &hits, MAX_LISTED, room, false, out)?;
        if (shown as u64) < total {
            out.push_str(&format!(
                "[{} more not shown; jq, on JSON: select(.{} {} {})]\n",
                total - shown as u64,
                s.name.trim_matches('"'),
                op.symbol(),
                fmt_number(x)
            ));
        }
        Ok(())
    }

    /// Lists `hits` (value, line) of the field `name`, each with its
    /// record, within `room`; `extreme`: a few lines, each with its short
    /// record whole. A long line is cut so as to show the field.
    #[allow(clippy::too_many_arguments)]
    fn list(
        &self,
        doc: &Doc,
        name: &str,
        hits: &[(f64, u64)],
        most: usize,
        room: usize,
        extreme: bool,
        out: &mut String,
    ) -> Result<usize, Failure> {
        let start = out.len();
        let mut shown = 0;
        let mut last = 0;
        for &(_, n) in hits.iter().take(most) {
            let mut lines = record::around(doc, n, Some(self.query))?;
            if extreme {
                lines.extend(record::short_head(doc, n)?);
                lines.extend(record::small_object(doc, n)?);
                lines.sort_by_key(|l| l.0);
                lines.dedup_by_key(|l| l.0);
            }
            let mut text = String::new();
            for (m, l) in lines.iter().filter(|(m, _)| *m > last || *m == n) {
                let l = l.trim_end();
                let at = written_at(l, name).filter(|_| *m == n);
                let shown = clip_named(l, at, LINE_BYTES);
                text.push_str(&format!("{m}: {shown}\n"));
            }
            if out.len() - start + text.len() > room {
                break;
            }
            out.push_str(&text);
            last = lines.last().map_or(n, |l| l.0);
            shown += 1;
        }
        Ok(shown)
    }

    /// No field named: the numbers the storing found standing out, for an
    /// extreme; else plainly what to run.
    fn no_field(&self, doc: &Doc, findings: &[Finding], budget: usize) -> Result<String, Failure> {
        let mut out = String::new();
        if let Measure::Extreme { largest } = self.measure {
            let kind = if largest { "largest" } else { "smallest" };
            for f in findings
                .iter()
                .filter(|f| f.kind == kind)
                .take(EXTREME_FIELDS)
            {
                out.push_str(&format!(
                    "\n[the {kind} values of {}, standing out among its {} values]\n",
                    f.field, f.of
                ));
                let hits: Vec<(f64, u64)> = f.lines.iter().map(|&l| (0.0, l)).collect();
                self.list(
                    doc,
                    &f.field,
                    &hits,
                    EXTREME_LISTED,
                    budget.saturating_sub(out.len()),
                    true,
                    &mut out,
                )?;
            }
            if !out.is_empty() {
                return Ok(out);
            }
        }
        let (asks, program) = match self.measure {
            Measure::Compare { op, value, .. } => {
                let (op, x) = (op.symbol(), fmt_number(value));
                (
                    format!("compares numbers ({op} {x})"),
                    format!(".[] | select(.FIELD {op} {x})"),
                )
            }
            Measure::Extreme { largest } => {
                let by = if largest { "max_by" } else { "min_by" };
                let most = if largest { "largest" } else { "smallest" };
                (
                    format!("asks for the {most} number"),
                    format!("{by}(.FIELD)"),
                )
            }
        };
        out.push_str(&format!(
            "\n[The question {asks}, but no field of this output is named by its \
             words: lexical search matches words, not numbers. On JSON, a jq program: \
             `{program}` (mode \"jq\"); on text, read the field's column.]\n"
        ));
        Ok(out)
    }
}

/// A field's rank among those a question may name: its name's words,
/// the quantity's name, a measure's many values, the question's words on
/// its lines, its count.
fn rank(s: &Stat) -> f64 {
    let continuous = s.distinct.len() >= CONTINUOUS;
    s.named * 1e9
        + f64::from(s.kind_named) * 1e8
        + f64::from(u8::from(continuous)) * 1e7
        + f64::from(s.forms) * 1e5
        + (s.count as f64).min(99_999.0)
}

impl Stat {
    fn add(&mut self, v: f64, n: u64, in_unit: bool, measure: &Measure) {
        self.count += 1;
        if self.distinct.len() < CONTINUOUS && !self.distinct.contains(&v) {
            self.distinct.push(v);
        }
        self.in_unit += u64::from(in_unit);
        let bucket = if v > 0.0 {
            (v.log2().floor() as i64 + 48).clamp(0, 95) as usize
        } else {
            0
        };
        self.buckets[bucket] += 1;
        if self.top.len() < KEEP || v > self.top[KEEP - 1].0 {
            let at = self
                .top
                .iter()
                .position(|t| v > t.0)
                .unwrap_or(self.top.len());
            self.top.insert(at, (v, n));
            self.top.truncate(KEEP);
        }
        if self.bottom.len() < KEEP || v < self.bottom[KEEP - 1].0 {
            let at = self
                .bottom
                .iter()
                .position(|t| v < t.0)
                .unwrap_or(self.bottom.len());
            self.bottom.insert(at, (v, n));
            self.bottom.truncate(KEEP);
        }
        if let Measure::Compare { op, value, unit } = *measure {
            if op == Op::Equal && v == value {
                self.equal_count += 1;
                if self.equal.len() < KEEP {
                    self.equal.push(n);
                }
            }
            let ms = if unit == Unit::Seconds { 1e-3 } else { 1.0 };
            for (i, scale) in [1.0, ms].into_iter().enumerate() {
                self.passing[i] += u64::from(op.holds(v, value / scale));
            }
        }
    }

    /// A clock's readings (Unix time in s, ms, µs or ns: `"time":
    /// 1764240000000`), a moment each, not an amount: no duration, size or
    /// count is a billion with less than 1 % between its least and most.
    fn clock(&self) -> bool {
        let (Some(&(max, _)), Some(&(min, _))) = (self.top.first(), self.bottom.first()) else {
            return false;
        };
        min >= 1e9 && max / min < 1.01
    }

    /// How to read the field's numbers against a threshold of `unit`: in
    /// seconds, or in milliseconds when they have no unit and their median
    /// is 50 or more (a duration in ms); and what to say about it.
    fn scale(&self, _value: f64, unit: Unit) -> (f64, String) {
        if unit != Unit::Seconds || self.in_unit > 0 {
            return (1.0, String::new());
        }
        let mut seen = 0;
        let mut median = 0;
        for (i, &c) in self.buckets.iter().enumerate() {
            seen += u64::from(c);
            if seen * 2 >= self.count {
                median = i;
                break;
            }
        }
        let ms_named = self.name.to_ascii_lowercase().contains("ms");
        if ms_named || median >= 48 + 6 {
            (
                1e-3,
                " (read as milliseconds: no unit, and most values are 50 or more)".to_string(),
            )
        } else {
            (1.0, " (read as seconds)".to_string())
        }
    }
}

/// Words of a field's name saying it holds an end of its values, by the
/// end: `Compacted partition maximum bytes` answers "the biggest
/// partition" before its `mean` and `minimum` siblings do.
const END_WORDS: [&[&str]; 2] = [
    &["min", "minimum", "lowest"],
    &["max", "maximum", "peak", "highest"],
];

/// How well a field's name holds the question's words, and how it names
/// the question's quantity ([`Stat::kind_named`]): its best word's
/// weight, and half as much for each other term it holds and for a word
/// of the end an extreme asks for.
fn name_score(query: &Query, about: Option<&Quantity>, measure: &Measure, name: &str) -> (f64, u8) {
    let words = terms(name);
    let held = query.held_in(name);
    let best = held.iter().fold(0.0, |best, h| h.1.max(best));
    let others: f64 = held.iter().map(|h| h.1).sum::<f64>() - best;
    let end = match measure {
        Measure::Extreme { largest } => {
            (words.iter()).any(|w| END_WORDS[usize::from(*largest)].contains(&w.as_str()))
        }
        Measure::Compare { .. } => false,
    };
    let score = if best > 0.0 {
        best + 0.5 * (others + f64::from(u8::from(end)))
    } else {
        0.0
    };
    let kind = match about {
        Some(q) if q.names_by_word(&words) => 2,
        Some(q) if q.names(name, &words) => 1,
        _ => 0,
    };
    (score, kind)
}

/// Where field `name` is written in `line`: `"name":`, `name=`, `name:`.
fn written_at(line: &str, name: &str) -> Option<usize> {
    if name.is_empty() {
        return None;
    }
    [
        format!("\"{name}\":"),
        format!("{name}="),
        format!("{name}:"),
    ]
    .iter()
    .find_map(|written| line.find(written.as_str()))
}

/// The first number at most [`NEAR_WORDS`] words after `word` in `line`
/// (not past a quote): `timeout: 0`, `TIMEOUT_MS = 0`,
/// `timeout(Duration::from_secs(0))`.
fn near(line: &str, word: &str) -> Option<f64> {
    let b = line.as_bytes();
    let w = word.as_bytes();
    let word_byte = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut from = 0;
    while let Some(at) = (from..b.len().saturating_sub(w.len() - 1))
        .find(|&i| b[i..i + w.len()].eq_ignore_ascii_case(w))
    {
        let mut i = at + w.len();
        while i < b.len() && word_byte(b[i]) {
            i += 1;
        }
        let mut words = 0;
        while i < b.len() && words <= NEAR_WORDS {
            if b[i] == b'"' || (b[i] == b'\\' && b.get(i + 1) == Some(&b'"')) {
                break;
            }
            if b[i].is_ascii_digit() {
                let end = (i..b.len())
                    .find(|&j| !(b[j].is_ascii_alphanumeric() || b[j] == b'.'))
                    .unwrap_or(b.len());
                // Not part of a word (`v2`, `utf8`).
                if i == 0 || !word_byte(b[i - 1]) {
                    return number(&line[i..end]);
                }
                i = end;
                continue;
            }
            if word_byte(b[i]) {
                words += 1;
                while i < b.len() && word_byte(b[i]) {
                    i += 1;
                }
                continue;
            }
            i += 1;
        }
        from = at + 1;
    }
    None
}

/// A duration written as one word with its unit, in seconds: `2874.613ms`,
/// `1.9s`, `850us`; not a key's (`Real=0.94s`), a bracketed stamp's
/// (`[13242.919s]`) or one in a word.
fn bare_seconds(word: &str) -> Option<f64> {
    let word = word.trim_end_matches([',', ';', '.']);
    if !word.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let split = word.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let (digits, unit) = word.split_at(split);
    let scale = match unit {
        "s" | "sec" | "secs" => 1.0,
        "ms" => 1e-3,
        "us" | "µs" => 1e-6,
        "ns" => 1e-9,
        _ => return None,
    };
    Some(digits.parse::<f64>().ok()? * scale)
}

fn fmt_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_duration_is_read_in_seconds() {
        assert_eq!(bare_seconds("2874.613ms"), Some(2.874613));
        assert_eq!(bare_seconds("1.5s,"), Some(1.5));
        assert_eq!(bare_seconds("850us"), Some(850e-6));
        for word in [
            "[13242.919s]",
            "Real=0.94s",
            "2142M->896M(4096M)",
            "v2s",
            "5min",
            "s",
        ] {
            assert_eq!(bare_seconds(word), None, "{word}");
        }
    }

    #[test]
    fn a_number_near_a_word() {
        assert_eq!(near("    timeout: 0", "timeout"), Some(0.0));
        assert_eq!(
            near("export const UPSTREAM_TIMEOUT_MS = 0;", "timeout"),
            Some(0.0)
        );
        assert_eq!(
            near("  .timeout(Duration::from_secs(15))", "timeout"),
            Some(15.0)
        );
        assert_eq!(near("c.timeout = d }", "timeout"), None);
        assert_eq!(
            near(
                r#"{"text":"retry after a timeout with backoff\n"},"line_number":57"#,
                "timeout"
            ),
            None
        );
    }
}

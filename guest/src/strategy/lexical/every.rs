//! The answer to "every …", "which …s", "how many", "list all": every line
//! holding the question's words, not the best few windows — one compact line
//! each, grouped by *kind*: the question's terms a line holds and what
//! follows its first matched word (`Exited (137)` is not `Exited (0)`,
//! `"errorCount": 1` not `"errorCount": 0`, `critical section` not
//! `"CRITICAL"`; past [`NUMBERED_KINDS`] numbers after one word, the rest
//! are one kind, `<n>`: a snippet's line numbers are no kinds). With a negated word, its kinds whose value is none come
//! first (`"BackupRetentionPeriod": 0` for "not backed up at all"); then a
//! field whose whole value is a question's word or a related one, not the
//! negated word (`"color": "red"` is a job's state; `"lastFailedBuild": {`
//! is a key every job has); then the rarest kinds among those matching
//! as much, by the terms' weights (one odd line outranks a thousand of
//! one shape matching as many words; the words setting the scene, "after
//! the backup to S3, which files …", count little); a kind met more than
//! [`FULL_KIND`] times shows its first line and how many more; each line
//! comes with its record's first line and the line naming it, and a kind
//! too big to list with the few values its lines' fields take
//! ([`super::spread`]) and its few lines whose number or last word
//! stands out
//! ([`super::standout`]), and, for a question about something that
//! stopped, its values whose series ended while the others go on. A word
//! the question sets apart ("errors, as
//! opposed to warnings") is no item: lines holding it are left out, and
//! the answer says so. An answer that must stop says how many kinds and
//! lines it left out and the exact call for the rest.

use rustc_hash::FxHashMap;

use super::member;
use super::passage::read;
use super::record;
use super::search::{LineHits, Query, RELATED_WEIGHT};
use super::spread::Spread;
use super::standout::Standouts;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::detect::names::{clip_named, clip_named_at};
use crate::view::detect::values::fields::{ALL_PAIRS, Fields};
use crate::view::preview::clip;

/// Kinds tracked; past this, a line's kind is its terms alone.
const MAX_KINDS: usize = 4096;
/// Kinds told apart by a number after their word (`Exited (137)`, `Exited
/// (0)`), at most: past this, the rest are one kind, `<n>`.
const NUMBERED_KINDS: u32 = 8;
/// Lines of a kind remembered.
const KEPT_LINES: usize = 24;
/// A kind met at most this often is listed whole while the answer is
/// shorter than [`SOFT_BYTES`]…
pub const FULL_KIND: u64 = 24;
const SOFT_BYTES: usize = 3000;
/// …and past that, a kind met at most this often.
const FEW_LINES: u64 = 3;
/// Lines of the block under a line of a rare kind shown with it.
const BLOCK_LINES: u64 = 4;
/// A listed line is cut to this many bytes (its naming lines: [`record::whose`])…
const ITEM_BYTES: usize = 220;
/// A JSON line the view wrapped is read back whole over at most this many
/// view lines (of 2000 bytes) on either side of the piece listed.
const JSON_LINE_PIECES: u64 = 32;
/// …but a kind's only line, while the answer is short, to this many: a
/// one-off line is the likeliest answer, and what it says is often at its
/// end (a bounced mail's reason after its recipient, relay and status).
const LONE_BYTES: usize = 640;
/// Kinds whose fields' values are followed ([`Spread`]): the first ones
/// met, which an answer has room for.
const SPREAD_KINDS: usize = 256;
/// Values saying a thing is not there or not done.
const NONE: &[&str] = &[
    "0", "false", "null", "none", "disabled", "off", "no", "never", "[]", "{}",
];
/// A term held as the request's phrase (`New user added` for "a new
/// user") counts this much more: the phrase is what is asked.
const PHRASE: f64 = 0.5;

/// One kind of matching line.
struct Kind {
    own: u64,
    related: u64,
    /// The terms its first line holds as the request's phrase.
    phrases: u64,
    /// The matched word and the one after it, as the first line has them.
    label: String,
    count: u64,
    first: u64,
    last: u64,
    /// The first lines, each with the lines saying whose it is (its
    /// record's first line, the line naming it).
    lines: Vec<record::LineOf>,
    /// Its first line is a field whose whole value is the matched word
    /// (`"color": "red"`, `status=FAILED`): a state, not a word in a key
    /// or a sentence.
    state: bool,
    /// Its first line is a field whose whole value says none
    /// (`"BackupRetentionPeriod": 0`).
    none: bool,
    /// The values its lines' fields take, when few.
    spread: Option<Spread>,
    /// Its lines' numbers, for those standing out.
    standouts: Option<Standouts>,
}

/// Gathers every matching line by kind, while the search reads the view.
pub struct Every {
    kinds: FxHashMap<u64, Kind>,
    /// Lines holding each term (its own word or a related one).
    term_lines: Vec<u64>,
    lines: u64,
    /// The term the question sets apart ("as opposed to warnings",
    /// "rather than"), as a bit: lines holding it are not listed.
    excluded: Option<(u64, String)>,
    /// The term the question negates, as a bit: its kinds whose value is
    /// none come first.
    negated: u64,
    fields: Fields,
    /// Kinds made apart by a number after their word, by their word.
    numbered: FxHashMap<u64, u32>,
}

impl Default for Every {
    fn default() -> Self {
        Every {
            kinds: FxHashMap::default(),
            term_lines: Vec::new(),
            lines: 0,
            excluded: None,
            negated: 0,
            fields: Fields::with_pairs(ALL_PAIRS),
            numbered: FxHashMap::default(),
        }
    }
}

impl Every {
    /// Lists no line holding term `word` (its own word, not a related
    /// one) of the query's `terms`: the question sets it apart.
    pub fn excluding(self, word: &str, terms: &[&str]) -> Every {
        let bit = term_bit(word, terms);
        Every {
            excluded: (bit != 0).then(|| (bit, word.to_string())),
            ..self
        }
    }

    /// Lists first the kinds of lines holding term `word` whose value is
    /// none (`"BackupRetentionPeriod": 0`, `"enabled": false`): the
    /// question negates it ("not backed up at all").
    pub fn negating(self, word: &str, terms: &[&str]) -> Every {
        Every {
            negated: term_bit(word, terms),
            ..self
        }
    }

    /// Line `n` (`hits`: what it holds; `context`: its record's first line
    /// and the line naming it).
    pub fn push(&mut self, n: u64, line: &str, hits: &LineHits, context: [Option<u64>; 2]) {
        self.lines = self.lines.max(n);
        let excluded = self
            .excluded
            .as_ref()
            .is_some_and(|(b, _)| hits.own & b != 0);
        if !hits.any() || excluded {
            return;
        }
        let all = hits.own | hits.related;
        for t in 0..64 {
            if all & (1 << t) != 0 {
                if self.term_lines.len() <= t {
                    self.term_lines.resize(t + 1, 0);
                }
                self.term_lines[t] += 1;
            }
        }
        let (word, mut next) = local(line, &hits.token);
        let mut key = fnv(hits.own);
        key = fnv(key ^ hits.related.rotate_left(17));
        // Past a few numbers after one word, a number that more words follow
        // is each line's own (a code snippet's line number, `"code": "81:
        // …"`): the rest fold into one kind. A number ending its line is a
        // field's value (`"BackupRetentionPeriod": 0,`): it stays apart.
        if !next.is_empty() && next.bytes().all(|b| b.is_ascii_digit()) && !ends_line(line, &next) {
            let exact = hash_text(key, &word, &next);
            let known = self.kinds.contains_key(&exact);
            let made = self
                .numbered
                .entry(hash_text(key, &word, "<n>"))
                .or_insert(0);
            if !known && *made >= NUMBERED_KINDS {
                next = "<n>".to_string();
            } else if !known {
                *made += 1;
            }
        }
        if self.kinds.len() < MAX_KINDS || self.kinds.contains_key(&hash_text(key, &word, &next)) {
            key = hash_text(key, &word, &next);
        }
        let spread = self.kinds.len() < SPREAD_KINDS;
        let kind = self.kinds.entry(key).or_insert_with(|| Kind {
            own: hits.own,
            related: hits.related,
            phrases: hits.phrases,
            label: if next.is_empty() {
                word.clone()
            } else {
                format!("{word} {next}")
            },
            count: 0,
            first: n,
            last: n,
            state: is_state(line, &word),
            none: says_none(line),
            lines: Vec::new(),
            spread: spread.then(Spread::default),
            standouts: spread.then(Standouts::default),
        });
        if let Some(spread) = &mut kind.spread {
            spread.add(&mut self.fields, n, context, line);
        }
        if let Some(standouts) = &mut kind.standouts {
            standouts.add(n, context, line);
        }
        kind.count += 1;
        kind.last = n;
        if kind.lines.len() < KEPT_LINES {
            kind.lines.push((n, context));
        }
    }

    /// Lines holding a question's word.
    pub fn matching(&self) -> u64 {
        self.kinds.values().map(|k| k.count).sum()
    }

    /// The answer's section: the kinds, best first, from the `skip`-th on,
    /// within `budget` bytes; `next` is the call for what is left out.
    pub fn render(
        &self,
        doc: &Doc,
        skip: usize,
        budget: usize,
        next: &dyn Fn(usize) -> String,
        query: &Query,
    ) -> Result<String, Failure> {
        let idf: Vec<f64> = (self.term_lines.iter())
            .map(|&n| (1.0 + self.lines as f64 / n.max(1) as f64).ln())
            .collect();
        let weight = |bits: u64| -> f64 {
            (0..idf.len())
                .filter(|&t| bits & (1 << t) != 0)
                .map(|t| idf[t] * query.weight(t))
                .sum()
        };
        let mut kinds: Vec<(&Kind, f64)> = (self.kinds.values())
            .map(|k| {
                let phrases = PHRASE * weight(k.phrases);
                (
                    k,
                    weight(k.own) + RELATED_WEIGHT * weight(k.related) + phrases,
                )
            })
            .collect();
        // The negated word's kinds whose value is none first; then
        // matching more of the question first; among kinds matching as
        // much, the rarest first.
        let negated = |k: &Kind| (k.own | k.related) & self.negated != 0;
        let none = |k: &Kind| negated(k) && k.none;
        // A state of the word the question negates is what it does not
        // ask for ("did not pass": `"status": "pass"`).
        let state = |k: &Kind| k.state && !negated(k);
        kinds.sort_by(|a, b| {
            let (sa, sb) = ((a.1 * 100.0).round(), (b.1 * 100.0).round());
            none(b.0)
                .cmp(&none(a.0))
                .then(state(b.0).cmp(&state(a.0)))
                .then(sb.total_cmp(&sa))
                .then(a.0.count.cmp(&b.0.count))
                .then(a.0.first.cmp(&b.0.first))
        });
        let total: u64 = self.matching();
        let but = match &self.excluded {
            Some((_, word)) => format!(" but \"{word}\""),
            None => String::new(),
        };
        let mut first = Vec::new();
        if kinds.iter().any(|k| none(k.0)) {
            first.push(
                "kinds whose value is none (0, false, null) of the word the question negates",
            );
        }
        if kinds.iter().any(|k| state(k.0)) {
            first.push("fields whose whole value is a word of the question or a related one");
        }
        let nones = match first.is_empty() {
            true => String::new(),
            false => format!("{} first, then ", first.join(", then ")),
        };
        let mut out = format!(
            "\nEvery line holding them{but}: {total} in {} kinds (the words matched and the word after them), \
             {nones}the rarest first among kinds matching as much; a kind is listed whole up to {FULL_KIND} \
             lines while the answer is short, then only up to {FEW_LINES}, else shown by its first \
             line or its count:\n",
            kinds.len()
        );
        let start = out.len();
        let mut shown = 0;
        for (i, (kind, _)) in kinds.iter().enumerate().skip(skip) {
            // Short so far: kinds whole; then the few-line kinds whole (an
            // odd line is what "every" is about) and the others by count.
            let short = out.len() - start < SOFT_BYTES;
            let text = match (short, kind.count <= FEW_LINES) {
                (true, _) | (_, true) => render_kind(doc, kind, short, query)?,
                (false, false) => format!(
                    "[{} lines with \"{}\": lines {}–{}]\n{}{}{}",
                    kind.count,
                    clip(&kind.label, 60),
                    kind.first,
                    kind.last,
                    kind.spread(),
                    kind.stopped(doc, query, &[])?,
                    kind.standing_out(doc, query, &[])?,
                ),
            };
            if out.len() + text.len() + 160 > budget {
                let (left, lines) = (
                    kinds.len() - i,
                    kinds[i..].iter().map(|k| k.0.count).sum::<u64>(),
                );
                out.push_str(&format!(
                    "[{left} more kinds ({lines} lines) not shown; the rest: {}]\n",
                    next(i)
                ));
                return Ok(out);
            }
            out.push_str(&text);
            shown += 1;
        }
        if shown == 0 && skip > 0 {
            out.push_str("[no more kinds]\n");
        }
        Ok(out)
    }
}

/// One kind: its lines (each with the lines saying whose it is, when they
/// are not among them), or its first line and how many more. `roomy`: the
/// answer is short so far (a kind of up to [`FULL_KIND`] lines is listed
/// whole, else up to [`FEW_LINES`]).
fn render_kind(doc: &Doc, kind: &Kind, roomy: bool, query: &Query) -> Result<String, Failure> {
    let mut out = String::new();
    let whole = kind.count <= if roomy { FULL_KIND } else { FEW_LINES };
    let listed: &[record::LineOf] = if whole { &kind.lines } else { &kind.lines[..1] };
    out.push_str(&format!(
        "[{} {} with \"{}\"]\n",
        kind.count,
        if kind.count == 1 { "line" } else { "lines" },
        clip(&kind.label, 60)
    ));
    let numbers: Vec<u64> = listed.iter().map(|l| l.0).collect();
    // A rare kind's lines come with the block under each (a loss record's
    // stack): what the line is about is often there.
    let block = if roomy && kind.count <= FEW_LINES {
        BLOCK_LINES
    } else {
        0
    };
    let width = if roomy && kind.count == 1 {
        LONE_BYTES
    } else {
        ITEM_BYTES
    };
    for &(n, [first, name]) in listed {
        let text = line(doc, n)?;
        let whose = record::whose(doc, n, first, name, &numbers, Some(query))?;
        let at = member::asked_at(&text, query);
        out.push_str(&format!(
            "{n}: {}{whose}\n",
            clip_named_at(text.trim_end(), at.as_slice(), width)
        ));
        if let Some((m, reason)) = record::reason_after(doc, n)? {
            out.push_str(&format!("{m}: {}\n", clip(&reason, ITEM_BYTES)));
        }
        for (m, text) in record::block_after(doc, n, block)? {
            out.push_str(&format!(
                "{m}: {}\n",
                clip_named(text.trim_end(), None, ITEM_BYTES)
            ));
        }
    }
    if !whole {
        out.push_str(&format!(
            "[… and {} more lines like it, through line {}]\n",
            kind.count - 1,
            kind.last
        ));
        out.push_str(&kind.spread());
        out.push_str(&kind.rare(doc, query, &numbers)?);
        out.push_str(&kind.stopped(doc, query, &numbers)?);
        out.push_str(&kind.standing_out(doc, query, &numbers)?);
    }
    Ok(out)
}

impl Kind {
    /// The few values its lines' fields take, as a line; empty when none.
    fn spread(&self) -> String {
        (self.spread.as_ref())
            .and_then(|s| s.render(self.count))
            .unwrap_or_default()
    }

    /// The lines of its fields' rare values ([`Spread::rare`]), each with
    /// whose it is, those among `listed` aside; empty when none.
    fn rare(&self, doc: &Doc, query: &Query, listed: &[u64]) -> Result<String, Failure> {
        let Some((field, common, count, lines)) =
            (self.spread.as_ref()).and_then(|s| s.rare(self.count))
        else {
            return Ok(String::new());
        };
        titled(doc, query, lines, listed, |n| {
            format!(
                "[its {n} lines whose {} is not \"{common}\" (the value of {count} of its {} lines):]\n",
                clip(field, 40),
                self.count
            )
        })
    }

    /// The last line of each value of its fields that stops while the
    /// others go on ([`Spread::stopped`]), with whose it is, those among
    /// `listed` aside; empty when none.
    fn stopped(&self, doc: &Doc, query: &Query, listed: &[u64]) -> Result<String, Failure> {
        let Some(spread) = self.spread.as_ref().filter(|_| asks_about_stopping(query)) else {
            return Ok(String::new());
        };
        let mut out = String::new();
        for (field, value, (n, [first, name])) in spread.stopped(self.first, self.last) {
            if listed.contains(&n) {
                continue;
            }
            let text = line(doc, n)?;
            let whose = record::whose(doc, n, first, name, &[n], Some(query))?;
            let at = member::asked_at(&text, query);
            out.push_str(&format!(
                "[{} \"{}\" is on none of its lines after line {n}, where the others go on to line {}:]\n{n}: {}{whose}\n",
                clip(field, 40),
                value,
                self.last,
                clip_named_at(text.trim_end(), at.as_slice(), ITEM_BYTES)
            ));
        }
        Ok(out)
    }

    /// Its lines whose number or last word stands out ([`Standouts`]), each with whose
    /// it is, those among `listed` aside; empty when none.
    fn standing_out(&self, doc: &Doc, query: &Query, listed: &[u64]) -> Result<String, Failure> {
        let Some(lines) = (self.standouts.as_ref()).and_then(|s| s.lines(self.count)) else {
            return Ok(String::new());
        };
        titled(doc, query, lines, listed, |n| {
            format!(
                "[{n} of its {} lines stand out, a number or a last word most of its lines do not have there:]\n",
                self.count
            )
        })
    }
}

/// `lines`, those among `listed` aside, under the title `title` makes of
/// their count ([`listed_whose`]); empty when none is left.
fn titled(
    doc: &Doc,
    query: &Query,
    lines: Vec<record::LineOf>,
    listed: &[u64],
    title: impl FnOnce(usize) -> String,
) -> Result<String, Failure> {
    let lines: Vec<_> = (lines.into_iter())
        .filter(|l| !listed.contains(&l.0))
        .collect();
    if lines.is_empty() {
        return Ok(String::new());
    }
    Ok(title(lines.len()) + &listed_whose(doc, query, &lines)?)
}

/// `lines`, each cut keeping what the question asks of it, with whose
/// it is ([`record::whose`]), one a line.
fn listed_whose(doc: &Doc, query: &Query, lines: &[record::LineOf]) -> Result<String, Failure> {
    let numbers: Vec<u64> = lines.iter().map(|l| l.0).collect();
    let mut out = String::new();
    for &(n, [first, name]) in lines {
        let text = line(doc, n)?;
        let whose = record::whose(doc, n, first, name, &numbers, Some(query))?;
        let at = member::asked_at(&text, query);
        out.push_str(&format!(
            "{n}: {}{whose}\n",
            clip_named_at(text.trim_end(), at.as_slice(), ITEM_BYTES)
        ));
    }
    Ok(out)
}

/// Whether the question asks about something that stopped ("quietly
/// stopped getting backups", "no longer reporting", "missing since").
fn asks_about_stopping(query: &Query) -> bool {
    const STOPPING: &[&str] = &[
        "stop", "stopped", "stops", "stopping", "ended", "quit", "missing", "silent", "longer",
        "anymore", "since", "died", "gone",
    ];
    query.terms().iter().any(|t| STOPPING.contains(t))
}

fn line(doc: &Doc, n: u64) -> Result<String, Failure> {
    let text = read(doc, n, n)?.pop().map(|(_, l)| l).unwrap_or_default();
    let wrapped = doc.meta.view.kind != "json" && doc.meta.view.lines > doc.meta.stats.lines;
    if !wrapped {
        return Ok(text);
    }
    Ok(json_line_holding(doc, n)?.unwrap_or(text))
}

/// The whole JSON line that view line `n` is a piece of, when the view
/// wrapped it: its members past the piece (a gateway's `client_ip` after
/// its headers) are its record too. Its first piece opens an object at or
/// before `n` (the nearest first: a wrap may also have cut just before a
/// nested `{`); the pieces from it are joined until they parse. None when
/// no such line holds `n`.
fn json_line_holding(doc: &Doc, n: u64) -> Result<Option<String>, Failure> {
    let from = n.saturating_sub(JSON_LINE_PIECES).max(1);
    let pieces = read(doc, from, n + JSON_LINE_PIECES)?;
    let opening = (pieces.iter().enumerate().rev())
        .filter(|(_, (m, l))| *m <= n && l.trim_start().starts_with('{'));
    for (start, _) in opening {
        let mut whole = String::new();
        for (m, piece) in &pieces[start..] {
            whole.push_str(piece);
            let ends = piece.trim_end().ends_with('}');
            if ends && serde_json::from_str::<serde::de::IgnoredAny>(whole.trim()).is_ok() {
                if *m >= n {
                    return Ok(Some(whole));
                }
                break;
            }
        }
    }
    Ok(None)
}

/// The word holding `token` in `line` (lowercased) and the word after it:
/// a number of up to three digits as it is (an exit code, a status, a
/// count), a longer one or an id as `<n>`.
fn local(line: &str, token: &str) -> (String, String) {
    let b = line.as_bytes();
    let word_byte = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let Some(at) = find_ignore_case(b, token.as_bytes()) else {
        return (token.to_string(), String::new());
    };
    let (mut start, mut end) = (at, at + token.len());
    while start > 0 && word_byte(b[start - 1]) {
        start -= 1;
    }
    while end < b.len() && word_byte(b[end]) {
        end += 1;
    }
    let word = masked(&line[start..end]);
    let mut i = end;
    while i < b.len() && !word_byte(b[i]) {
        i += 1;
    }
    let from = i;
    while i < b.len() && word_byte(b[i]) {
        i += 1;
    }
    (word, masked(&line[from..i]))
}

/// A word lowercased; with a digit, `<n>` unless a number of up to three
/// digits.
fn masked(word: &str) -> String {
    let digits = word.bytes().filter(u8::is_ascii_digit).count();
    if digits == 0 {
        word.chars().take(24).collect::<String>().to_lowercase()
    } else if digits == word.len() && digits <= 3 {
        word.to_string()
    } else {
        "<n>".to_string()
    }
}

/// Whether `number` ends `line` but for quotes, brackets and commas.
fn ends_line(line: &str, number: &str) -> bool {
    let rest = line
        .rfind(number)
        .map_or("", |at| &line[at + number.len()..]);
    (rest.bytes()).all(|b| {
        b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b',' | b';' | b')' | b']' | b'}')
    })
}

fn find_ignore_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The key and the value of a line that is one field: `"color": "red",`,
/// `status: FAILED`, `result=failure` (a simple key of up to 40 bytes).
fn field(line: &str) -> Option<(&str, &str)> {
    let body = line.trim().trim_end_matches(',');
    let at = body.find([':', '='])?;
    let key = body[..at].trim().trim_matches('"');
    let value = body[at + 1..].trim().trim_matches(['"', '\'']);
    let simple = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    (!key.is_empty() && key.len() <= 40 && key.chars().all(simple)).then_some((key, value))
}

/// Whether `line` is one field whose whole value is `word` (lowercased).
fn is_state(line: &str, word: &str) -> bool {
    field(line).is_some_and(|(_, value)| value.eq_ignore_ascii_case(word))
}

/// Whether `line` is one field whose whole value says none (`0`,
/// `false`, `null`, `[]`, `""`, `disabled`…): not `"ratio": 0.9`, nor
/// `database: none  backup: daily`.
fn says_none(line: &str) -> bool {
    field(line).is_some_and(|(_, value)| {
        value.is_empty() || NONE.iter().any(|n| value.eq_ignore_ascii_case(n))
    })
}

/// The bit of term `word` among `terms` (0 when none is it).
fn term_bit(word: &str, terms: &[&str]) -> u64 {
    (terms.iter().take(64).enumerate())
        .filter(|(_, t)| **t == word)
        .fold(0, |b, (i, _)| b | 1 << i)
}

fn fnv(x: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in x.to_le_bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn hash_text(mut h: u64, a: &str, b: &str) -> u64 {
    for &c in a.as_bytes().iter().chain([&0u8]).chain(b.as_bytes()) {
        h = (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_is_the_matched_word_and_the_next() {
        assert_eq!(
            local("abc   Exited (137) 2 hours ago   ci-1", "exited"),
            ("exited".to_string(), "137".to_string())
        );
        assert_eq!(
            local(r#"      "errorCount": 1,"#, "error"),
            ("errorcount".to_string(), "1".to_string())
        );
        assert_eq!(
            local(r#"  "Severity": "CRITICAL","#, "critical"),
            ("critical".to_string(), String::new())
        );
        assert_eq!(
            local("A race in the critical section of x", "critical"),
            ("critical".to_string(), "section".to_string())
        );
        assert_eq!(
            local("id 5f3c9a1b", "id"),
            ("id".to_string(), "<n>".to_string())
        );
    }

    #[test]
    fn a_state_is_a_field_whose_whole_value_is_the_word() {
        assert!(is_state(r#"      "color": "red","#, "red"));
        assert!(is_state("  status: FAILED", "failed"));
        assert!(is_state("result=failure", "failure"));
        assert!(!is_state(
            r#"      "lastFailedBuild": {"#,
            "lastfailedbuild"
        ));
        assert!(!is_state(
            r#"  "description": "3 builds failed.","#,
            "failed"
        ));
        assert!(!is_state("Build stability: failed", "failed"));
        assert!(says_none(r#"      "BackupRetentionPeriod": 0,"#));
        assert!(says_none(
            r#"      "ReadReplicaDBInstanceIdentifiers": [],"#
        ));
        assert!(says_none("  enabled: false"));
        assert!(!says_none(r#"      "ratio": 0.9,"#));
        assert!(!says_none("database: none  backup: daily"));
    }
}

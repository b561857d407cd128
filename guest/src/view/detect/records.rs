//! Where records start: commits of `git log -p`, tests of `go test -v`, log
//! entries with their traces, YAML list items, JSON array elements and
//! object members, terraform blocks. Learned while storing, in bounded
//! tables, as a [`RecordRule`] kept in the sidecar; applied line by line
//! by a [`RecordCursor`] wherever the view is read in order (lexical
//! search, chunking), so answers need no second pass.
//!
//! Two kinds of rule, tried in this order:
//! - *indentation*: the shallowest indent with at least [`MIN_RECORDS`]
//!   lines, most of which open a block (the next line is deeper), passing
//!   over shallower indents that hold only a few flat lines — list
//!   items, array elements, members, blocks. Lines at that indent start
//!   records, deeper lines continue them, closing brackets end them, and a
//!   comment belongs to the line it precedes;
//! - *header*: the first of the output's first lines whose first word's
//!   shape (`commit`, `===`, a timestamp `0a0a0 …`) recurs at its indent at
//!   least [`MIN_RECORDS`] times, or a timestamp starting most lines past a
//!   banner (lines of one shape in a block, printed at each start) —
//!   lines with that word start records,
//!   everything else at that indent or deeper continues them (a trace's
//!   `Caused by:`, a commit's `Author:` and diff).
//!
//! Under either, a line shallower than the record it would continue starts
//! one of its own (a summary after the last block). A first word that is a
//! table's cell (`shop` in a column of namespaces) is no header: its lines
//! are laid out alike (as many fields, a first word of the same class),
//! many are followed by a line laid out as they are (the next row), and
//! the lines so laid out that it does not start are as many as its own
//! (the other namespaces' rows, sorted or not) — unless it is a key
//! (`dn:`), which heads a stanza of keys laid out as it is. A header's line is followed
//! by its record's other lines (`commit` by `Author:`), or it starts
//! nearly every line laid out as it is (a log's timestamp). Every row of a
//! table is its own record.

use std::hash::Hasher;

use rustc_hash::FxHasher;
use serde::{Deserialize, Serialize};

use super::{Detector, Findings, Line, Totals};

/// Fewer records than this: not an output made of records.
pub const MIN_RECORDS: u64 = 8;
/// Indents tracked; deeper lines only continue records.
const MAX_INDENT: usize = 64;
/// A tab counts as this many columns.
const TAB: u32 = 4;
/// First words of at most this many bytes are compared.
const KEY_BYTES: usize = 32;
/// The most first words that may be a header…
const HEADER_CANDIDATES: usize = 16;
/// …taken from this many first lines (a worker's banner or a config dump
/// may come before a log's first timestamp), and this many more that
/// are timestamps.
const CANDIDATE_LINES: usize = 64;
const STAMP_CANDIDATES: usize = 4;
/// Share (%) of an indent's lines that must open a block for the
/// indentation rule.
const MIN_OPEN_PERCENT: u64 = 60;
/// An indent holding less than this share (%) of the lines, not opening
/// blocks, is passed over for a deeper one.
const FEW_PERCENT: u64 = 5;

/// How an output splits into records (see the module header).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordRule {
    /// Records start at lines indented by exactly this many columns…
    pub indent: u32,
    /// …whose first word has this shape; none: any line there.
    pub key: Option<String>,
    /// Records counted while storing.
    pub count: u64,
}

/// A line's indent, text and kind (blank lines have none).
struct LineKey<'a> {
    indent: u32,
    body: &'a str,
    comment: bool,
    closer: bool,
}

impl<'a> LineKey<'a> {
    /// The first word (found only when needed: this runs for every line).
    fn word(&self) -> &'a str {
        let end = (self.body.bytes())
            .position(|b| b == b' ' || b == b'\t')
            .unwrap_or(self.body.len());
        &self.body[..end]
    }
}

fn line_key(line: &str) -> Option<LineKey<'_>> {
    let bytes = line.as_bytes();
    let (mut lead, mut indent) = (0, 0u32);
    while let Some(&b) = bytes.get(lead) {
        match b {
            b' ' => indent = indent.saturating_add(1),
            b'\t' => indent = indent.saturating_add(TAB),
            _ => break,
        }
        lead += 1;
    }
    let body = &line[lead..];
    let (first, second) = match body.as_bytes() {
        [] => return None,
        [a] => (*a, None),
        [a, b, ..] => (*a, Some(*b)),
    };
    if first.is_ascii_whitespace() && body.bytes().all(|b| b.is_ascii_whitespace()) {
        return None;
    }
    Some(LineKey {
        indent,
        body,
        comment: first == b'#' || (first == b'/' && second == Some(b'/')),
        closer: matches!(first, b'}' | b']' | b')') || (first == b'<' && second == Some(b'/')),
    })
}

/// A word of letters, digits and `_`.
fn is_plain(word: &[u8]) -> bool {
    word.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A key (`dn:` of an LDIF entry, `Name:`): a plain word and `:`, shaped
/// as itself — not a severity (`warning:`, `ERROR:`), one shape whatever
/// its level, as a log's lines are one kind.
fn is_key(word: &[u8]) -> bool {
    (word.strip_suffix(b":")).is_some_and(|k| !k.is_empty() && is_plain(k) && !is_severity(k))
}

/// A date's or a clock's shape (`0a0a0…` of `2026-11-26`, `[0a0a0`,
/// `0:0:0a0`): what starts a log's lines.
fn is_time_shape(shape: &str) -> bool {
    let s = shape.trim_start_matches('[');
    s.starts_with("0a0a0") || (s.starts_with('0') && s.contains("0:0"))
}

/// A severity word: a log line's level, not its record's key.
fn is_severity(word: &[u8]) -> bool {
    const LEVELS: &[&str] = &[
        "error", "warning", "warn", "info", "debug", "trace", "note", "notice", "help", "fatal",
        "critical", "crit", "err", "alert", "emerg", "severe", "fine",
    ];
    LEVELS
        .iter()
        .any(|l| l.as_bytes().eq_ignore_ascii_case(word))
}

/// A hash of the shape: what lines are compared by (this runs for every
/// line), built on the stack.
fn shape_hash(word: &str) -> u64 {
    Shape::of(word).hash()
}

/// The hash [`shape_hash`] gives a word of shape `key` (a shape is its
/// own shape's text: hashed as is).
fn key_shape_hash(key: &str) -> u64 {
    hash_bytes(key.as_bytes())
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    h.write(bytes);
    h.finish()
}

/// The shape of a line's first word: a plain word or a key (`dn:`) as it
/// is (digits as `0`), a word with punctuation coarsely — runs of letters and `_./-` as
/// `a`, of digits as `0`, quoted text as `""` — so `2026-11-23T10:00:01Z`
/// and `src/app.ts(3,9):` keep one shape whatever their values. At most
/// [`KEY_BYTES`] and one char.
struct Shape {
    bytes: [u8; KEY_BYTES + 4],
    len: usize,
}

impl Shape {
    fn of(word: &str) -> Shape {
        let mut shape = Shape {
            bytes: [0; KEY_BYTES + 4],
            len: 0,
        };
        // ASCII words (most) are read as bytes, without decoding; a plain
        // one is copied, digit runs as one `0`.
        if word.is_ascii() {
            let bytes = word.as_bytes();
            if !is_key(bytes) && !is_plain(bytes) {
                shape.push_coarse_ascii(bytes);
                return shape;
            }
            let mut digits = false;
            for &b in bytes {
                if shape.len >= KEY_BYTES {
                    break;
                }
                let digit = b.is_ascii_digit();
                if !(digit && digits) {
                    shape.bytes[shape.len] = if digit { b'0' } else { b };
                    shape.len += 1;
                }
                digits = digit;
            }
        } else {
            let plain = word.chars().all(|c| c.is_alphanumeric() || c == '_');
            shape.push_chars(word.chars(), plain);
        }
        shape
    }

    /// [`Self::push_chars`] of an ASCII word with punctuation, quoted text
    /// skipped at once (a JSON line is one long first word).
    fn push_coarse_ascii(&mut self, bytes: &[u8]) {
        let (mut i, mut last) = (0, 0);
        while i < bytes.len() && self.len < KEY_BYTES {
            let b = bytes[i];
            i += 1;
            let class = if b.is_ascii_digit() {
                b'0'
            } else if b.is_ascii_alphabetic() || matches!(b, b'_' | b'.' | b'/' | b'-') {
                b'a'
            } else {
                b
            };
            if !(matches!(class, b'0' | b'a') && last == class) {
                self.bytes[self.len] = class;
                self.len += 1;
                last = class;
            }
            if b == b'"' {
                let Some(close) = bytes[i..].iter().position(|&c| c == b'"') else {
                    break;
                };
                i += close + 1;
                if self.len < KEY_BYTES {
                    self.bytes[self.len] = b'"';
                    self.len += 1;
                    last = b'"';
                }
            }
        }
    }

    fn push_chars(&mut self, chars: impl Iterator<Item = char>, plain: bool) {
        let (mut last, mut quoted) = (None, false);
        for c in chars {
            if self.len >= KEY_BYTES {
                break;
            }
            if quoted {
                if c == '"' {
                    quoted = false;
                    self.push('"');
                    last = Some('"');
                }
                continue;
            }
            let class = if c.is_ascii_digit() {
                '0'
            } else if plain {
                c
            } else if c.is_alphabetic() || matches!(c, '_' | '.' | '/' | '-') {
                'a'
            } else {
                c
            };
            quoted = c == '"';
            // Runs of digits are one `0`; of coarse letters, one `a`.
            let run = class == '0' || (class == 'a' && !plain);
            if !(run && last == Some(class)) {
                self.push(class);
                last = Some(class);
            }
        }
    }

    /// Room is kept for one char past [`KEY_BYTES`].
    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.bytes[self.len] = c as u8;
            self.len += 1;
        } else {
            self.len += c.encode_utf8(&mut self.bytes[self.len..]).len();
        }
    }

    fn hash(&self) -> u64 {
        hash_bytes(&self.bytes[..self.len])
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// Applies a [`RecordRule`] to the view's lines, read in order.
pub struct RecordCursor<'a> {
    rule: &'a RecordRule,
    /// The hash of the rule's key, as lines' first words are hashed.
    key_hash: Option<u64>,
    /// Indent of the line that started the current record.
    head_indent: u32,
    /// The last non-blank line was a comment at this indent.
    after_comment: Option<u32>,
}

impl<'a> RecordCursor<'a> {
    pub fn new(rule: &'a RecordRule) -> Self {
        RecordCursor {
            rule,
            key_hash: rule.key.as_deref().map(key_shape_hash),
            head_indent: u32::MAX,
            after_comment: None,
        }
    }

    /// Whether `line`, the next line of the view, starts a record.
    pub fn starts(&mut self, line: &str) -> bool {
        let Some(k) = line_key(line) else {
            self.after_comment = None;
            return false;
        };
        let attached = self.after_comment == Some(k.indent);
        self.after_comment = k.comment.then_some(k.indent);
        if attached {
            return false;
        }
        let at_level = k.indent == self.rule.indent
            && !k.closer
            && self.key_hash.is_none_or(|key| shape_hash(k.word()) == key);
        let start = k.indent < self.head_indent || at_level;
        if start {
            self.head_indent = k.indent;
        }
        start
    }
}

#[derive(Default, Clone, Copy)]
struct Level {
    lines: u64,
    opens: u64,
}

/// A header candidate: the first word of one of the output's first lines.
struct KeyStat {
    indent: u32,
    count: u64,
    hash: u64,
    key: String,
    /// The layout of its first line, how many of its lines share it, and
    /// how many are followed by a line laid out as they are.
    layout: Layout,
    alike: u64,
    followed_alike: u64,
    /// Its lines that follow one of its own (a banner's lines come in a
    /// block).
    followed_self: u64,
}

/// A line's layout, for telling a table's rows: the class of its first
/// byte (letter, digit or the ASCII symbol) and its fields (whitespace-separated,
/// up to [`MAX_FIELDS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Layout {
    class: u8,
    fields: u8,
}

/// Fields counted per line; more count as this many.
const MAX_FIELDS: usize = 16;

impl Layout {
    fn of(body: &str) -> Layout {
        let first = body.as_bytes().first().copied().unwrap_or(b' ');
        // Any letter, of any script, as `a` (as `line_kind` reads it).
        let class = if first.is_ascii_alphabetic() || first >= 0x80 {
            b'a'
        } else if first.is_ascii_digit() {
            b'0'
        } else {
            first
        };
        let fields = body.split_ascii_whitespace().take(MAX_FIELDS).count() as u8;
        Layout { class, fields }
    }
}

/// Counts, while storing, what the rule is chosen from (bounded tables).
pub struct RecordDetector {
    levels: Vec<Level>,
    /// The distinct (indent, first word) of the first non-blank,
    /// non-comment lines, in order, with how often each recurs: only these
    /// can be a header, so later lines are shaped only at their indents.
    candidates: Vec<KeyStat>,
    /// The last line counted, if a candidate's: the candidate and its
    /// line's indent and layout.
    last_key: Option<(usize, u32, Layout)>,
    /// Lines per (indent, layout) at the candidates' indents (bounded:
    /// at most [`HEADER_CANDIDATES`] indents, a few classes, 17 counts).
    layouts: rustc_hash::FxHashMap<(u32, Layout), u64>,
    /// Non-blank, non-comment lines seen (the first ones are candidates).
    seen: usize,
    /// The last non-blank line: its indent, and whether it may open a block.
    prev: Option<(u32, bool)>,
}

impl Default for RecordDetector {
    fn default() -> Self {
        RecordDetector {
            levels: vec![Level::default(); MAX_INDENT],
            candidates: Vec::new(),
            last_key: None,
            layouts: Default::default(),
            seen: 0,
            prev: None,
        }
    }
}

impl RecordDetector {
    pub fn push(&mut self, line: &str) {
        let Some(k) = line_key(line) else {
            return;
        };
        if let Some((indent, opens)) = self.prev
            && opens
            && k.indent > indent
            && let Some(level) = self.levels.get_mut(indent as usize)
        {
            level.opens += 1;
        }
        let counted = !k.comment && !k.closer;
        self.prev = Some((k.indent, counted));
        if !counted {
            return;
        }
        if let Some(level) = self.levels.get_mut(k.indent as usize) {
            level.lines += 1;
        }
        self.seen += 1;
        let last_key = self.last_key.take();
        let early = self.seen <= CANDIDATE_LINES;
        let at_candidates = self.candidates.iter().any(|c| c.indent == k.indent);
        // Past the first lines, only the candidates' indents are shaped
        // (this runs for every line).
        if !early && !at_candidates {
            return;
        }
        let shape = Shape::of(k.word());
        // A timestamp is a candidate past the others' bound: a config
        // dump of many keys may come first.
        let room = match is_time_shape(shape.as_str()) {
            true => HEADER_CANDIDATES + STAMP_CANDIDATES,
            false => HEADER_CANDIDATES,
        };
        let first = early && self.candidates.len() < room;
        if !first && !at_candidates {
            return;
        }
        let layout = Layout::of(k.body);
        *self.layouts.entry((k.indent, layout)).or_default() += 1;
        if let Some((c, indent, last)) = last_key
            && indent == k.indent
            && last == layout
        {
            self.candidates[c].followed_alike += 1;
        }
        let hash = shape.hash();
        let found =
            (self.candidates.iter_mut()).position(|c| c.indent == k.indent && c.hash == hash);
        match found {
            Some(i) => {
                let c = &mut self.candidates[i];
                c.count += 1;
                c.followed_self += u64::from(last_key.is_some_and(|l| l.0 == i));
                c.alike += u64::from(c.layout == layout);
                self.last_key = Some((i, k.indent, layout));
            }
            None if first => {
                self.last_key = Some((self.candidates.len(), k.indent, layout));
                self.candidates.push(KeyStat {
                    indent: k.indent,
                    count: 1,
                    hash,
                    key: shape.as_str().to_owned(),
                    layout,
                    alike: 1,
                    followed_alike: 0,
                    followed_self: 0,
                });
            }
            None => {}
        }
    }

    /// The rule, if the output is made of records (see the module header).
    pub fn rule(&self) -> Option<RecordRule> {
        let total: u64 = self.levels.iter().map(|l| l.lines).sum();
        for (indent, level) in self.levels.iter().enumerate() {
            if level.lines < MIN_RECORDS {
                continue;
            }
            if level.opens * 100 >= level.lines * MIN_OPEN_PERCENT {
                return Some(RecordRule {
                    indent: indent as u32,
                    key: None,
                    count: level.lines,
                });
            }
            // A few flat lines around the blocks (a plan's preamble and
            // summary) do not make the output flat.
            if level.lines * 100 >= total * FEW_PERCENT {
                break;
            }
        }
        let recurs = |stat: &&KeyStat| stat.count >= MIN_RECORDS;
        let mut stat = self.candidates.iter().find(recurs)?;
        // A banner printed at each start (lines of one shape in a block)
        // yields to a log's timestamp that starts most lines.
        let banner = stat.followed_self * 2 >= stat.count && !is_time_shape(&stat.key);
        let log = (self.candidates.iter().filter(recurs)).find(|s| {
            is_time_shape(&s.key)
                && s.indent <= stat.indent
                && s.count * 2 > total
                && !self.is_a_cell(s)
        });
        if let Some(log) = log.filter(|_| banner) {
            stat = log;
        }
        if self.is_a_cell(stat) {
            return None;
        }
        Some(RecordRule {
            indent: stat.indent,
            key: Some(stat.key.clone()),
            count: stat.count,
        })
    }
}

impl RecordDetector {
    /// Whether a candidate's word is a table's cell, not a header: most of
    /// its lines are laid out alike, half or more are followed by a line
    /// laid out as they are, and other lines laid out so are at least as
    /// many as its own.
    fn is_a_cell(&self, stat: &KeyStat) -> bool {
        // A key (`dn:`) heads a stanza of keys laid out as it is (`a:` is
        // the shape of every severity).
        if stat.key != "a:" && is_key(stat.key.as_bytes()) {
            return false;
        }
        let laid_out = self.layouts.get(&(stat.indent, stat.layout)).copied();
        let others = laid_out.unwrap_or(0).saturating_sub(stat.alike);
        stat.alike * 100 >= stat.count * 80
            && stat.followed_alike * 2 >= stat.count
            && others >= stat.alike
    }
}

impl Detector for RecordDetector {
    fn name(&self) -> &'static str {
        "records"
    }

    fn see(&mut self, line: &Line) {
        self.push(line.text);
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        findings.records = self.rule();
    }
}

#[cfg(test)]
mod tests;

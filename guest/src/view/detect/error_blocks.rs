//! Error blocks, by template: each line that looks like a failure
//! ([`Line::error`]) is counted under its template (its shape: numbers,
//! quoted values and dotted names masked,
//! [`super::shapes::error_template_hash`]) over the whole output, and the
//! first line of each template is kept with the lines continuing it
//! (`  File …`, `    at …`, `  --> src/…`, the next lines of the same
//! source in a prefixed log — `E AndroidRuntime:` under `FATAL EXCEPTION`
//! —, at most [`BLOCK_LINES`]) and a traceback's final exception line. The
//! message shows each template once, with how many lines have it and where
//! the last one is, so one template repeated 1,745 times cannot crowd out
//! the single fatal line: the rarest templates get the slots.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::shapes::error_template_hash;
use super::{Detector, Findings, Line, Totals};
use crate::view::detect::names::clip_named;
use crate::view::errors::{first_error_end, is_continuation};
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip};

/// Lines of error blocks kept for the preview.
pub const MAX_ERROR_LINES: usize = 24;
/// An error block: the error line and at most this many continuation lines.
pub const BLOCK_LINES: usize = 8;
/// Templates tracked: the first ones met…
const FIRST_TEMPLATES: usize = 48;
/// …and the latest ones after them.
const LAST_TEMPLATES: usize = 16;
/// A line introducing an error's explanation is at most this long.
const INTRO_BYTES: usize = 80;
/// A log line's prefix (time, pid, level, tag) is at least this long to
/// tell its source.
const MIN_PREFIX: usize = 12;

/// Names of the records an error template's lines are in, kept per
/// template: a few say which topics lack a leader; more say little.
const MAX_NAMES: usize = 8;

/// An error template met more than once: where its first line is, how
/// many lines have it, and the last one; and whose they are, when they
/// are in named records of a few names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Repeat {
    pub line: u64,
    pub count: u64,
    pub last: u64,
    /// The names of its lines' records (each with its count of lines),
    /// when every line is in a named record and they are at most
    /// [`MAX_NAMES`]; else empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<(String, u64)>,
    /// Else the quoted values its lines differ by (each with its count of
    /// lines: `"shop:1.4"`, `"cart:2.0"`), when every
    /// line has one and they are at most [`MAX_NAMES`]; else empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<(String, u64)>,
}

struct Template {
    count: u64,
    first: u64,
    last: u64,
    /// Whose its lines are ([`Repeat::names`]); None once a line is in no
    /// named record or the names are too many.
    names: Option<Vec<(String, u64)>>,
    /// The quoted values its lines differ by ([`Repeat::values`]).
    values: Option<Vec<(String, u64)>>,
    /// The first line and the lines continuing it, each with its depth.
    block: Vec<(PreviewLine, usize)>,
    /// Its second line and its latest, shown when there is room.
    others: Vec<PreviewLine>,
    /// The line naming its first line's record ([`naming_line`]).
    named: Option<PreviewLine>,
}

/// The error block being collected.
#[derive(Default)]
struct Block {
    /// Continuation lines still allowed (0: none is being collected).
    left: usize,
    /// Started by `Traceback`: the first line that is not a frame ends it
    /// (the exception) and belongs to it.
    traceback: bool,
    /// The template collecting it (a first occurrence), if any.
    template: Option<u64>,
    /// The error line's prefix before its error word, times masked, and
    /// its length as written.
    prefix: String,
    prefix_len: usize,
    /// A blank line was passed (a second one ends the block).
    gap: bool,
}

#[derive(Default)]
pub struct ErrorBlocks {
    templates: FxHashMap<u64, Template>,
    /// Templates in the order met (the first ones stay, the later ones
    /// make room for newer).
    order: Vec<u64>,
    block: Block,
}

impl Detector for ErrorBlocks {
    fn name(&self) -> &'static str {
        "error blocks"
    }

    fn see(&mut self, line: &Line) {
        let text = line.text;
        if line.error {
            self.error_line(line);
            return;
        }
        if self.block.left == 0 && !self.block.traceback {
            return;
        }
        // One blank line inside a block, before what explains the error
        // (pip's `The conflict is caused by:` and its indented lines).
        if text.trim().is_empty() && !self.block.gap && !self.block.traceback {
            self.block.gap = true;
            return;
        }
        let continues = is_continuation(text.as_bytes())
            || introduces(text)
            || same_source(text, &self.block.prefix, self.block.prefix_len);
        let (keep, depth) = if continues {
            if self.block.left > 0 {
                self.block.left -= 1;
                (true, BLOCK_LINES - self.block.left)
            } else {
                (false, 0)
            }
        } else {
            // A traceback's frames end with the exception: keep it even
            // when the frames were too many to keep.
            let exception = self.block.traceback && !text.trim().is_empty();
            let template = self.block.template;
            self.block = Block {
                template,
                ..Block::default()
            };
            (exception, BLOCK_LINES)
        };
        if keep && let Some(t) = self.block.template.and_then(|t| self.templates.get_mut(&t)) {
            t.block.push((capture(line), depth.max(1)));
        }
        if !continues {
            self.block.template = None;
        }
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        // The rarest templates first, then the earliest.
        let mut ts: Vec<&Template> = self.templates.values().collect();
        ts.sort_by_key(|t| (t.count, t.first));
        let mut lines: Vec<PreviewLine> = Vec::new();
        // First lines before the lines continuing them: a new failure says
        // more than a deep frame of an earlier one.
        for t in &ts {
            if lines.len() < MAX_ERROR_LINES {
                lines.push(t.block[0].0.clone());
            }
        }
        for depth in 1..=BLOCK_LINES {
            for t in &ts {
                for (l, d) in &t.block[1..] {
                    if *d == depth && lines.len() < MAX_ERROR_LINES {
                        lines.push(l.clone());
                    }
                }
            }
        }
        // Room left: other lines of the repeated templates (the failure
        // in job 1500 after the one in job 1000).
        for t in &ts {
            for l in &t.others {
                if lines.len() < MAX_ERROR_LINES {
                    lines.push(l.clone());
                }
            }
        }
        lines.sort_by_key(|l| l.line);
        lines.dedup_by_key(|l| l.line);
        // A template met once names its line; a repeated one says whose
        // its lines are by their count ([`Repeat::names`]).
        findings.preview.error_names = (ts.iter())
            .filter(|t| t.count == 1)
            .filter_map(|t| Some((t.first, t.named.clone()?)))
            .filter(|(n, _)| lines.iter().any(|l| l.line == *n))
            .collect();
        findings.preview.errors = lines;
        findings.preview.repeats = (ts.iter())
            .filter(|t| t.count > 1)
            .map(|t| Repeat {
                line: t.first,
                count: t.count,
                last: t.last,
                names: t.names.clone().unwrap_or_default(),
                values: match &t.names {
                    Some(names) if !names.is_empty() => Vec::new(),
                    _ => t.values.clone().unwrap_or_default(),
                },
            })
            .collect();
    }
}

impl ErrorBlocks {
    fn error_line(&mut self, line: &Line) {
        let text = line.text;
        let key = error_template_hash(text);
        let known = self.templates.get_mut(&key);
        let template = match known {
            Some(t) => {
                t.count += 1;
                t.last = line.number;
                t.names = t.names.take().and_then(|names| whose(line, names));
                t.values = t
                    .values
                    .take()
                    .and_then(|values| counted(quoted(line.text), values));
                match t.others.len() {
                    0 | 1 => t.others.push(capture(line)),
                    _ => t.others[1] = capture(line),
                }
                None
            }
            None => {
                if self.order.len() == FIRST_TEMPLATES + LAST_TEMPLATES {
                    let old = self.order.remove(FIRST_TEMPLATES);
                    self.templates.remove(&old);
                }
                self.order.push(key);
                self.templates.insert(
                    key,
                    Template {
                        count: 1,
                        first: line.number,
                        last: line.number,
                        block: vec![(capture(line), 0)],
                        others: Vec::new(),
                        names: whose(line, Vec::new()),
                        values: counted(quoted(line.text), Vec::new()),
                        named: naming_line(line),
                    },
                );
                Some(key)
            }
        };
        let prefix_len = first_error_end(text.as_bytes())
            .map(|end| error_start(text, end))
            .filter(|&at| at >= MIN_PREFIX)
            .unwrap_or(0);
        let prefix = mask_times(&text[..prefix_len]);
        self.block = Block {
            left: BLOCK_LINES,
            traceback: text.trim_start().starts_with("Traceback"),
            template,
            prefix,
            prefix_len,
            gap: false,
        };
    }
}

/// `names` with the name of `line`'s record counted: the value of its
/// nearest naming line (`"topic": "sandbox.loadtest.orders",` names
/// `sandbox.loadtest.orders`). None when it has none, or the names grow
/// past [`MAX_NAMES`].
fn whose(line: &Line, names: Vec<(String, u64)>) -> Option<Vec<(String, u64)>> {
    let indent = line.text.len() - line.text.trim_start().len();
    let named = line.names.of(indent, line.number);
    let name = named.last().filter(|n| n.line < line.number)?;
    counted(Some(name_value(&name.text)), names)
}

/// `counts` with `value` counted; None when there is no value, or the
/// values grow past [`MAX_NAMES`].
fn counted(value: Option<String>, mut counts: Vec<(String, u64)>) -> Option<Vec<(String, u64)>> {
    let value = value?;
    match counts.iter().position(|(v, _)| *v == value) {
        Some(at) => counts[at].1 += 1,
        None if counts.len() < MAX_NAMES => counts.push((value, 1)),
        None => return None,
    }
    Some(counts)
}

/// The first double-quoted value of a line of text (the quotes a template
/// masks), quotes and all, when short (`"registry.acme.io/shop:1.4"` of
/// `Failed to pull image "registry.acme.io/shop:1.4"`); none in a JSON
/// line, whose quotes are its keys'.
fn quoted(text: &str) -> Option<String> {
    let body = text.trim_start();
    if body.starts_with(['{', '[', '"']) {
        return None;
    }
    let mut rest = body;
    // A quoted key (`"shop:1.4": not found`) is the template's, not masked.
    loop {
        let at = rest.find('"')?;
        let inside = &rest[at + 1..];
        let end = inside.find('"')?;
        let (value, after) = (&inside[..end], &inside[end + 1..]);
        if !after.trim_start().starts_with(':') {
            let short = !value.is_empty() && value.len() <= NAME_BYTES;
            return short.then(|| format!("\"{value}\""));
        }
        rest = after;
    }
}

/// The line naming `line`'s record, the nearest, before it, when it says
/// what the line does not (an `hdfs fsck` file's path heads its corrupt
/// block's line, which names it too) and is no bare section heading
/// (`Replicated Blocks:`).
fn naming_line(line: &Line) -> Option<PreviewLine> {
    let indent = line.text.len() - line.text.trim_start().len();
    let named = line.names.of(indent, line.number).pop()?;
    let text = named.text.trim();
    let first = text.split([' ', '\t']).next().unwrap_or(text);
    let said = line.text.contains(name_value(text).as_str())
        || (first.len() >= 8 && line.text.contains(first));
    let heading = text.ends_with(':') && !text.contains(": ");
    (named.line < line.number && !said && !heading).then_some(named)
}

/// The value a naming line gives: after its key (`"topic": "a.b",`,
/// `name: web-1`, `host=db-2`), unquoted; a key that is itself a name
/// (`"https://shop/c/tents": [`) or a line without a key as it is.
fn name_value(text: &str) -> String {
    let t = text.trim();
    let (key, value) = if let Some(quoted) = t.strip_prefix('"')
        && let Some(end) = quoted.find('"')
    {
        let after = quoted[end + 1..].trim_start();
        (&quoted[..end], after.strip_prefix(':').unwrap_or(""))
    } else {
        match t.find([':', '=']) {
            Some(at) if at > 0 && !t[..at].contains(' ') => (&t[..at], &t[at + 1..]),
            _ => (t, ""),
        }
    };
    let value = value.trim().trim_end_matches([',', '{', '[']).trim();
    let value = value.trim_matches('"');
    clip(if value.is_empty() { key } else { value }, NAME_BYTES)
}

/// A record's name is shown up to this many bytes.
const NAME_BYTES: usize = 60;

fn capture(line: &Line) -> PreviewLine {
    PreviewLine {
        line: line.number,
        text: clip_named(line.text, None, PREVIEW_LINE_BYTES),
        keep: None,
    }
}

/// A short line introducing the lines under it (`The conflict is caused
/// by:`, `Caused by:`): a block's explanation follows.
fn introduces(line: &str) -> bool {
    let t = line.trim();
    t.len() <= INTRO_BYTES && t.ends_with(':') && t.contains(' ')
}

/// Where the error word ending at `end` starts.
fn error_start(text: &str, end: usize) -> usize {
    let b = text.as_bytes();
    let mut at = end;
    while at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
        at -= 1;
    }
    at
}

/// `text` with the words holding a time (`10:41:07.123`, `2026-11-23`)
/// masked: the lines of one source differ in their times, not their pid or
/// tag.
fn mask_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        // A separator between digits: `10:41:07.123`, `2026-11-23T10`.
        let b = word.as_bytes();
        let timelike = (1..b.len().saturating_sub(1)).any(|i| {
            matches!(b[i], b':' | b'.' | b'-' | b'T')
                && b[i - 1].is_ascii_digit()
                && b[i + 1].is_ascii_digit()
        });
        if timelike {
            out.push('~');
        } else {
            out.push_str(word);
        }
    }
    out
}

/// Whether `line` starts with the error line's prefix (its source: the
/// same pid, level and tag), times aside; `len`: the prefix as written.
fn same_source(line: &str, prefix: &str, len: usize) -> bool {
    if prefix.is_empty() {
        return false;
    }
    let head = &line[..line.floor_char_boundary(len + 8)];
    mask_times(head).starts_with(prefix)
}

#[cfg(test)]
mod tests;

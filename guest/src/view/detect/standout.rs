//! Values that stand out among records of one kind: the pod whose `ready:`
//! is `false` among hundreds `true`, the advisory whose `"severity":` is
//! `"critical"`, the block that `will be destroyed` among blocks updated in
//! place. Each line is cut into a *template* and a *value* — `key: value`,
//! `"key": value`, `key = value`, an element's last attribute
//! (`href="…/OutOfStock"`), or a comment's last word (`# … will be
//! destroyed`)
//! — and values are counted per template in bounded tables while storing.
//! A value met once or twice where the template is met many times with a
//! few values is odd; its line is kept with the line that names its record
//! (the shallowest `name:`/`"id":` line above it, at its depth or less,
//! not too far above),
//! so the handle message shows which record stands out, like an error.

use rustc_hash::FxHashMap;

use super::{Detector, Findings, Line, Totals};
use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip};

/// Templates counted; later ones are not.
const MAX_TEMPLATES: usize = 512;
/// Distinct values tracked per template; past this it holds free text.
const MAX_VALUES: usize = 8;
/// A template must be met this often for one of its values to be odd…
const MIN_TEMPLATE: u64 = 50;
/// …and the odd value at most this often, and under 2 % of the template.
const ODD_COUNT: u64 = 2;
/// More odd lines than this: the records are not of one kind; none is shown.
const MAX_ODD: usize = 6;
/// Values longer than this are text, not values.
const VALUE_BYTES: usize = 48;
/// Keys longer than this are text, not keys.
const KEY_BYTES: usize = 64;
/// Indents whose naming line is tracked.
const MAX_INDENT: usize = 64;
/// A naming line this many lines above is another record's (a page's
/// `<h1>` above its cards).
const NAME_REACH: u64 = 256;
/// Keys whose line names a record.
pub const NAME_KEYS: &[&str] = &[
    "name", "id", "key", "title", "hostname", "host", "resource", "package", "module", "test",
    "file", "path", "sku",
];

struct Value {
    hash: u64,
    count: u64,
    first: PreviewLine,
    name: Option<PreviewLine>,
    /// A comment names itself (`# aws_x.y will be destroyed`).
    comment: bool,
}

#[derive(Default)]
struct Template {
    count: u64,
    values: Vec<Value>,
    free: bool,
}

#[derive(Default)]
pub struct Standout {
    templates: FxHashMap<u64, Template>,
    /// The last naming line at each indent, cleared when a line two levels
    /// shallower comes (a record's `spec:` keeps its `metadata.name`, the
    /// next list item does not).
    names: Vec<Option<PreviewLine>>,
    /// Indents below this have no naming line (`names` past it is clear).
    named_to: usize,
}

/// Whether `body` (a trimmed line) is a `name: …`-like line, or an HTML
/// heading (`<h3 class="title">Walnut Riser</h3>` names its card).
pub fn names_a_record(body: &str) -> bool {
    // Most lines start with none of the keys' letters: one test rejects them.
    if !matches!(
        body.as_bytes().first(),
        Some(
            b'n' | b'i'
                | b'k'
                | b't'
                | b'h'
                | b'r'
                | b'p'
                | b'm'
                | b'f'
                | b's'
                | b'<'
                | b'-'
                | b'"'
        )
    ) {
        return false;
    }
    let heading = body
        .strip_prefix("<h")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    if heading {
        return true;
    }
    let body = body.trim_start_matches("- ").trim_start_matches('"');
    NAME_KEYS.iter().any(|k| {
        body.strip_prefix(k)
            .is_some_and(|rest| rest.starts_with([':', '=']) || rest.starts_with("\":"))
    })
}

/// FNV-1a, continued from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A line's template (hashed) and value, if it has the shape of one.
fn split(body: &str) -> Option<(u64, &str)> {
    // `key: value`, `"key": value,`, `key = value`, `key=value`.
    if let Some(at) = key_end(body) {
        let key = body[..at].trim_end();
        let value = body[at + 1..]
            .trim()
            .trim_end_matches(',')
            .trim_matches('"');
        if !value.is_empty() && value.len() <= VALUE_BYTES && !value.contains(' ') {
            return Some((fnv(FNV_START, key.as_bytes()), value));
        }
    }
    // An element's last attribute: `<link itemprop="x" href="…">`.
    if body.starts_with('<')
        && let Some(open) = body.rfind("=\"")
        && let Some(len) = body[open + 2..].find('"')
    {
        // The other attributes are the template (`itemprop="availability"`).
        let value = &body[open + 2..open + 2 + len];
        return (value.len() <= VALUE_BYTES * 2)
            .then(|| (fnv(FNV_START, &body.as_bytes()[..open]), value));
    }
    // A comment's last word: `# aws_x.y will be destroyed`.
    if !body.starts_with('#') {
        return None;
    }
    let (rest, last) = body.rsplit_once(' ')?;
    let word = last.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') && last.len() <= 20;
    (word && !last.is_empty()).then(|| (template_hash(rest), last))
}

/// Bytes of a key's word: letters, digits, `_-."+~` (a table: this runs
/// on every line).
const KEY_CHARS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] =
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'"' | b'+' | b'~');
        b += 1;
    }
    table
};

/// Where a line's key ends (its `:` or `=`), when what comes before is a
/// key: letters, digits and `_-."+~`, one word after any leading `-+~` and
/// spaces, at most [`KEY_BYTES`] without trailing spaces. Read only until
/// a byte no key holds: most lines stop within their first words.
fn key_end(body: &str) -> Option<usize> {
    // The key's word has begun; a space has come after it; where the key
    // ends without trailing spaces.
    let (mut word, mut spaced, mut end) = (false, false, 0);
    for (i, &b) in body.as_bytes().iter().enumerate() {
        match b {
            b':' | b'=' => return (end > 0 && end <= KEY_BYTES).then_some(i),
            b' ' => spaced = word,
            b'-' | b'+' | b'~' if !word => end = i + 1,
            _ if KEY_CHARS[usize::from(b)] => {
                if spaced || i >= KEY_BYTES {
                    return None; // a second word, or too long a key
                }
                (word, end) = (true, i + 1);
            }
            _ => return None,
        }
    }
    None
}

/// A hash of `text` with its values masked: words holding a digit, `.`,
/// `_`, `[` or a quote (numbers, ids, names) count as one placeholder.
fn template_hash(text: &str) -> u64 {
    let mut h = FNV_START;
    for word in text.split(' ') {
        let value = word
            .bytes()
            .any(|b| b.is_ascii_digit() || b"._[\"/".contains(&b));
        h = fnv(h, if value { b"\x01" } else { word.as_bytes() });
        h = fnv(h, b" ");
    }
    h
}

impl Standout {
    pub fn push(&mut self, number: u64, line: &str) {
        let body = line.trim_start();
        let indent = (line.len() - body.len()).min(MAX_INDENT - 1);
        let body = body.trim_end();
        if body.is_empty() {
            return;
        }
        if self.names.len() < MAX_INDENT {
            self.names.resize(MAX_INDENT, None);
        }
        let kept = (indent + 3).min(MAX_INDENT);
        if self.named_to > kept {
            self.names[kept..self.named_to].fill(None);
            self.named_to = kept;
        }
        let keep = || PreviewLine {
            line: number,
            text: clip(line, PREVIEW_LINE_BYTES),
        };
        if names_a_record(body) {
            // A list item's content is two columns in (`- name: web`).
            let at = if body.starts_with("- ") {
                indent + 2
            } else {
                indent
            }
            .min(MAX_INDENT - 1);
            self.names[at] = Some(keep());
            self.named_to = self.named_to.max(at + 1);
            return;
        }
        let Some((template, value)) = split(body) else {
            return;
        };
        let room = self.templates.len() < MAX_TEMPLATES;
        let t = match self.templates.get_mut(&template) {
            Some(t) => t,
            None if room => self.templates.entry(template).or_default(),
            None => return,
        };
        t.count += 1;
        if t.free {
            return;
        }
        let hash = fnv(FNV_START, value.as_bytes());
        if let Some(v) = t.values.iter_mut().find(|v| v.hash == hash) {
            v.count += 1;
        } else if t.values.len() < MAX_VALUES {
            let fresh = |n: &&PreviewLine| n.line + NAME_REACH >= number;
            let name = self.names[..=indent].iter().flatten().find(fresh).cloned();
            t.values.push(Value {
                hash,
                count: 1,
                first: keep(),
                name,
                comment: body.starts_with('#'),
            });
        } else {
            t.free = true;
            t.values = Vec::new();
        }
    }

    /// The odd lines, each after the line naming its record, in line order;
    /// empty when there are more than a few.
    pub fn lines(&self) -> Vec<PreviewLine> {
        let mut odd: Vec<&Value> = Vec::new();
        for t in self.templates.values() {
            if t.free || t.count < MIN_TEMPLATE || t.values.len() < 2 {
                continue;
            }
            // Only within a named record: a document's own `kind: List`
            // among its items' `kind: Pod` is no record standing out.
            odd.extend((t.values.iter()).filter(|v| {
                v.count <= ODD_COUNT && v.count * 50 <= t.count && (v.name.is_some() || v.comment)
            }));
        }
        if odd.len() > MAX_ODD {
            return Vec::new();
        }
        let mut lines: Vec<PreviewLine> = (odd.iter())
            .flat_map(|v| v.name.iter().chain([&v.first]))
            .cloned()
            .collect();
        lines.sort_by_key(|l| l.line);
        lines.dedup_by_key(|l| l.line);
        lines
    }
}

impl Detector for Standout {
    fn name(&self) -> &'static str {
        "standout"
    }

    fn see(&mut self, line: &Line) {
        self.push(line.number, line.text);
    }

    fn contribute(&self, findings: &mut Findings, _: &Totals) {
        findings.preview.standout = self.lines();
    }
}

#[cfg(test)]
mod tests;

//! Which lines name a record, tracked line by line so that a line that
//! stands out (an error, an odd value, a number far from the others) can be
//! shown with the line that says whose it is: the `"VulnerabilityID"` of a
//! finding whose `"Severity"` is critical, the `metadata.name` of the pod
//! that is not ready, the `filePath` of a lint result with errors, the
//! directory heading an `ls -l` block.
//!
//! A naming line is a `key: value`-like line whose key is, or ends with, a
//! word of [`NAME_KEYS`] (`name`, `PkgName`, `product_id`, `filePath`), or
//! an HTML heading. They are kept per indent: the first one of a record at
//! its indent (the record starts after the last shallower bracket or list
//! item) and a few
//! after it that name by a name, not an id; cleared when a line two levels
//! shallower comes (a record's `spec:` keeps its
//! `metadata.name`, the next list item does not). Without one, the heading
//! of a blank-separated block (`/srv/app/config:` above its listing, a
//! `## section`) names what follows, near enough.

use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip};

/// Indents whose naming line is tracked.
const MAX_INDENT: usize = 64;
/// A naming line this many lines above is another record's (a page's
/// `<h1>` above its cards).
pub const NAME_REACH: u64 = 256;
/// A block's first line names lines at most this far below it.
const BLOCK_REACH: u64 = 80;
/// Keys longer than this are text, not keys.
const KEY_BYTES: usize = 64;
/// Words of a key that name a record.
pub const NAME_KEYS: &[&str] = &[
    "name", "id", "key", "title", "hostname", "host", "resource", "package", "module", "test",
    "file", "path", "sku", "url", "uid", "uuid",
];

/// Naming lines after a record's first one kept, when they are no id (a
/// variant's `title` and `sku` after its `id`).
const MORE_NAMES: usize = 2;

/// A record's naming lines at one indent: its first, and a few more.
#[derive(Clone)]
struct Slot {
    first: PreviewLine,
    more: Vec<PreviewLine>,
}

#[derive(Default)]
pub struct Names {
    /// The naming lines at each indent.
    slots: Vec<Option<Slot>>,
    /// Indents from this one on hold no naming line.
    named_to: usize,
    /// The last line opening a record at each indent (`{`, `[`, `- item`,
    /// a closing bracket): a record's naming lines deeper than it start
    /// after it (a `spec:` key between a pod's name and its node is no
    /// record's start).
    opened_at: Vec<u64>,
    /// The last heading after a blank line, and whether the last line was
    /// blank.
    block_head: Option<PreviewLine>,
    blank: bool,
    /// One level of indent: the smallest indent seen (2 for YAML and most
    /// JSON, 4 for `kubectl` and the AWS CLI's JSON); 0 until one is.
    level: usize,
}

impl Names {
    /// One view line, in order.
    pub fn see(&mut self, number: u64, line: &str) {
        let body = line.trim_start();
        let indent = (line.len() - body.len()).min(MAX_INDENT - 1);
        let body = body.trim_end();
        if body.is_empty() {
            self.blank = true;
            return;
        }
        // A heading: `/srv/app/config:`, `## Results`, `[section]`.
        if std::mem::take(&mut self.blank)
            && (body.ends_with(':') || body.starts_with('#') || body.starts_with('['))
        {
            self.block_head = Some(keep(number, line));
        }
        if self.slots.len() < MAX_INDENT {
            self.slots.resize(MAX_INDENT, None);
            self.opened_at.resize(MAX_INDENT, 0);
        }
        if indent > 0 && (self.level == 0 || indent < self.level) {
            self.level = indent;
        }
        // A line ends the records two levels deeper than it (a record's
        // `spec:` keeps its `metadata.name`, at any width of indent).
        let kept = (indent + 2 * self.level.max(2) - 1).min(MAX_INDENT);
        if self.named_to > kept {
            self.slots[kept..self.named_to].fill(None);
            self.named_to = kept;
        }
        if names_a_record(body) {
            // A list item's content is two columns in (`- name: web`).
            let at = if body.starts_with("- ") {
                indent + 2
            } else {
                indent
            }
            .min(MAX_INDENT - 1);
            // The first naming line of the record at its indent: the one
            // held stays while no shallower line came since; names that
            // are no id join it.
            let start = self.opened_at[..at].iter().copied().max().unwrap_or(0);
            match &mut self.slots[at] {
                Some(slot) if slot.first.line > start => {
                    if slot.more.len() < MORE_NAMES && !names_by_id(body) {
                        slot.more.push(keep(number, line));
                    }
                }
                held => {
                    *held = Some(Slot {
                        first: keep(number, line),
                        more: Vec::new(),
                    });
                    self.named_to = self.named_to.max(at + 1);
                }
            }
        }
        if opens_a_record(body) {
            self.opened_at[indent] = number;
        }
    }

    /// The lines naming the record of line `number` at `indent` (the line
    /// being seen now): the shallowest naming line within reach and the
    /// nearest one at its indent or above, or else the head of its block.
    pub fn of(&self, indent: usize, number: u64) -> Vec<PreviewLine> {
        let fresh = |s: &&Slot| s.first.line + NAME_REACH >= number && s.first.line < number;
        let upto = (indent + 1).min(self.slots.len());
        let mut named = self.slots[..upto].iter().flatten().filter(fresh);
        let shallowest = named.next();
        let nearest = named.next_back().or(shallowest);
        let mut out: Vec<PreviewLine> = Vec::new();
        for s in shallowest.into_iter().chain(nearest) {
            out.extend([&s.first].into_iter().chain(&s.more).cloned());
        }
        out.sort_by_key(|l| l.line);
        out.dedup_by_key(|l| l.line);
        if out.is_empty()
            && let Some(head) = &self.block_head
            && head.line < number
            && head.line + BLOCK_REACH >= number
        {
            out.push(head.clone());
        }
        out
    }
}

impl Names {
    /// The line number of the nearest line naming the record of line
    /// `number` at `indent` (as [`Self::of`], the nearest only): cheap, for
    /// a caller that reads the line later.
    pub fn nearest(&self, indent: usize, number: u64) -> Option<u64> {
        let upto = (indent + 1).min(self.slots.len());
        let named = (self.slots[..upto].iter().flatten())
            .filter(|s| s.first.line + NAME_REACH >= number && s.first.line < number)
            .map(|s| s.first.line)
            .next_back();
        named.or_else(|| {
            (self.block_head.as_ref())
                .filter(|h| h.line < number && h.line + BLOCK_REACH >= number)
                .map(|h| h.line)
        })
    }
}

fn keep(number: u64, line: &str) -> PreviewLine {
    PreviewLine {
        line: number,
        text: clip(line, PREVIEW_LINE_BYTES),
    }
}

/// Whether `body` (a trimmed line) is a `name: …`-like line (its key is,
/// or ends with, a word of [`NAME_KEYS`]: `name:`, `"PkgName":`,
/// `product_id=`), or an HTML heading (`<h3 class="title">Walnut
/// Riser</h3>` names its card).
pub fn names_a_record(body: &str) -> bool {
    if let Some(rest) = body.strip_prefix("<h") {
        return rest.starts_with(|c: char| c.is_ascii_digit());
    }
    let body = body.strip_prefix("- ").unwrap_or(body);
    let quoted = body.starts_with('"');
    let key = body.trim_start_matches('"');
    let b = key.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    // A key ends within KEY_BYTES + 1 bytes or is none: read no further.
    let Some(end) = b[..b.len().min(KEY_BYTES + 1)]
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')))
    else {
        return false;
    };
    if end == 0 || end > KEY_BYTES {
        return false;
    }
    let rest = &key[end..];
    let separated = if quoted {
        rest.starts_with("\":")
    } else {
        rest.starts_with([':', '='])
    };
    separated && NAME_KEYS.iter().any(|k| ends_with_word(&key[..end], k))
}

/// Whether a line opens (or closes) a record: a bracket, a list item,
/// an element's opening tag.
fn opens_a_record(body: &str) -> bool {
    let b = body.as_bytes();
    // An element's opening tag alone on its line (`<li>`, `<tr class=x>`).
    let tag = b[0] == b'<'
        && b.get(1).is_some_and(u8::is_ascii_alphabetic)
        && body.ends_with('>')
        && !body.contains("</");
    matches!(b[0], b'{' | b'[' | b'}' | b']') || body.starts_with("- ") || tag
}

/// Whether a naming line names by an id (`id`, `product_id`, `PkgID`,
/// `uuid`), not by a name.
pub fn names_by_id(body: &str) -> bool {
    let key = body.trim_start_matches("- ").trim_start_matches('"');
    let end = key
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .unwrap_or(key.len());
    ["id", "uid", "uuid"]
        .iter()
        .any(|w| ends_with_word(&key[..end], w))
}

/// Whether `key` is `word` or ends with it as its last word: after `_`,
/// `-` or `.`, or a camel-case hump (`PkgName`, `VulnerabilityID`,
/// `filePath`), case ignored.
fn ends_with_word(key: &str, word: &str) -> bool {
    let (k, w) = (key.as_bytes(), word.as_bytes());
    if k.len() < w.len() || !k[k.len() - w.len()..].eq_ignore_ascii_case(w) {
        return false;
    }
    let at = k.len() - w.len();
    if at == 0 {
        return true;
    }
    let (before, first) = (k[at - 1], k[at]);
    matches!(before, b'_' | b'-' | b'.')
        || (first.is_ascii_uppercase() && (before.is_ascii_lowercase() || before.is_ascii_digit()))
}

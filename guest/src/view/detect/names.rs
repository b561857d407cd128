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
//! `metadata.name`, the next list item does not), and at a line's own
//! indent after a blank line (the next entry of an LDIF dump). A name inside a part of
//! the record that has closed (a pod's `metadata`, an instance's
//! `Placement`) names it only when no name of a part still open does.
//! A key that is itself a name (a URL, a path, a host: pa11y's
//! `"https://shop/c/tents": [` over that page's issues, Salt's
//! `web-07:` over that minion's states) names every line inside it while
//! it is open, however far below. Without one, the open XML element
//! with a `name` attribute (Robot Framework's `<test name="…">`,
//! indented or not), else the outline heading over an indented line
//! (Junos's `Physical interface: xe-0/0/7` over its readings), else the
//! heading of a blank-separated block (`/srv/app/config:` above its
//! listing, a `## section`) names what follows, near enough.

use std::ops::Range;

use crate::view::preview::{PREVIEW_LINE_BYTES, PreviewLine, clip, clip_keeping};

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
    "name",
    "id",
    "key",
    "title",
    "hostname",
    "host",
    // What runs a service: Consul's `Node`, a Prometheus `instance`.
    "node",
    "instance",
    "server",
    "machine",
    "resource",
    "package",
    "module",
    "test",
    "file",
    "path",
    "sku",
    "url",
    "uri",
    // A cloud resource's own name: Pulumi's `urn`, AWS's `Arn`, `RoleArn`.
    "urn",
    "arn",
    "uid",
    "uuid",
    "summary",
    "subject",
    "identifier",
    // Where messages and rows live: Kafka's and Pub/Sub's `topic`, a
    // RabbitMQ `queue`, a storage `bucket`, a database `table`.
    "topic",
    "queue",
    "bucket",
    "table",
];
/// Words of [`NAME_KEYS`] that name by a title, the best of names.
const TITLE_KEYS: &[&str] = &["name", "title", "summary", "subject"];
/// Words of [`NAME_KEYS`] that name by an id.
const ID_KEYS: &[&str] = &["id", "uid", "uuid", "identifier"];

/// Naming lines after a record's first one kept, when they are no id (a
/// variant's `title` and `sku` after its `id`).
const MORE_NAMES: usize = 2;

/// A record's naming lines at one indent: its best (by [`name_rank`],
/// the first of the best), and a few more.
#[derive(Clone)]
struct Slot {
    first: PreviewLine,
    rank: u8,
    more: Vec<PreviewLine>,
    /// The part of the record holding it has closed (the `},` after a
    /// pod's `metadata`, an instance's `Placement`): it names the record
    /// only when nothing still open does, and a name as good in the next
    /// part replaces it.
    closed: bool,
}

#[derive(Default)]
pub struct Names {
    /// The naming lines at each indent.
    slots: Vec<Option<Slot>>,
    /// Indents from this one on hold no naming line.
    named_to: usize,
    /// The last line opening a record at each indent (`{`, `[`, `- item`,
    /// `}, {`): a record's naming lines deeper than it start after it (a
    /// `spec:` key between a pod's name and its node is no record's start,
    /// nor is the `},` closing its `metadata`: `metadata.name` names the
    /// node, not the `providerID` of its `spec`).
    opened_at: Vec<u64>,
    /// The last line opening an unnamed JSON record at each indent (`{`
    /// alone, an array's next item): past it, the last record's naming
    /// lines name no later line (an HTML element opening after a card's
    /// heading is still the card's, a `},` closing a pod's `metadata`
    /// leaves its name the pod's).
    bracket_at: Vec<u64>,
    /// The last heading after a blank line, and whether the last line was
    /// blank.
    block_head: Option<PreviewLine>,
    blank: bool,
    /// The open outline headings by indent, shallowest first: a line with
    /// deeper lines under it that says what they are about (Junos's
    /// `Physical interface: xe-0/0/7` over its optics readings).
    outline: Vec<(usize, PreviewLine)>,
    /// The last line that was not blank, as seen (its number, indent and
    /// whether it may head an outline): kept until the next one shows
    /// whether it heads deeper lines.
    previous: Option<(u64, usize, bool)>,
    previous_text: String,
    /// The open XML elements by their tags, outermost first, each with its
    /// start tag's line when it has a `name` attribute (Robot Framework's
    /// `<test name="Pay With PayPal As Guest">` over its keywords, a
    /// checkstyle `<file name="…">` over its errors): XML need not be
    /// indented.
    elements: Vec<(String, Option<PreviewLine>)>,
    /// One level of indent: the smallest indent seen (2 for YAML and most
    /// JSON, 4 for `kubectl` and the AWS CLI's JSON); 0 until one is.
    level: usize,
    /// Whether the line seen last names a record.
    last_named: bool,
    /// The key of each open list by its indent (`"Volumes": [`), and the
    /// indents from this one on that hold none.
    lists: Vec<Option<String>>,
    listed_to: usize,
    /// The open blocks under a key that is a name ([`name_key`]), by
    /// indent, shallowest first.
    keyed: Vec<(usize, PreviewLine)>,
}

impl Names {
    /// One view line, in order.
    pub fn see(&mut self, number: u64, line: &str) {
        let body = line.trim_start();
        let indent = (line.len() - body.len()).min(MAX_INDENT - 1);
        let body = body.trim_end();
        self.last_named = false;
        if body.is_empty() {
            self.blank = true;
            return;
        }
        self.see_outline(number, line, indent, body);
        if body.starts_with('<') {
            self.see_elements(number, line, body);
        }
        // A heading: `/srv/app/config:`, `## Results`, `[section]`.
        let after_blank = std::mem::take(&mut self.blank);
        if after_blank && (body.ends_with(':') || body.starts_with('#') || body.starts_with('[')) {
            self.block_head = Some(keep(number, line));
        }
        if self.slots.len() < MAX_INDENT {
            self.slots.resize(MAX_INDENT, None);
            self.opened_at.resize(MAX_INDENT, 0);
            self.bracket_at.resize(MAX_INDENT, 0);
            self.lists.resize(MAX_INDENT, None);
        }
        // A blank line ends the record named at the next line's indent:
        // the entries of an LDIF dump or of `key: value` stanzas, all at
        // indent 0, are told apart by nothing else. Deeper names stay to
        // the rule below (a manifest's `spec:` after a blank line keeps
        // its `metadata.name`).
        if after_blank && indent < self.named_to {
            self.slots[indent] = None;
        }
        // A line at a list's indent or shallower ends it (its `]`, the
        // next key); a line opening one under a key starts it.
        if self.listed_to > indent {
            self.lists[indent..self.listed_to].fill(None);
            self.listed_to = indent;
        }
        // A line at a named block's indent or shallower closes it (its `]`,
        // the next key); a rule of dashes between Salt's states does not.
        if !body.bytes().all(|b| matches!(b, b'-' | b'=' | b'*')) {
            while self.keyed.last().is_some_and(|(at, _)| *at >= indent) {
                self.keyed.pop();
            }
        }
        if name_key(body) {
            self.keyed.push((indent, keep(number, line)));
            // A block under a name is a record of its own: the names
            // inside the block before it were the last record's.
            if self.named_to > indent + 1 {
                self.slots[indent + 1..self.named_to].fill(None);
                self.named_to = indent + 1;
            }
        }
        if let Some(key) = list_key(body) {
            self.lists[indent] = Some(key.to_string());
            self.listed_to = indent + 1;
        }
        if indent > 0 && (self.level == 0 || indent < self.level) {
            self.level = indent;
        }
        if body.starts_with(['}', ']']) {
            let inside = (indent + 1).min(self.named_to);
            (self.slots[inside..self.named_to].iter_mut().flatten()).for_each(|s| s.closed = true);
        }
        // A line ends the records two levels deeper than it (a record's
        // `spec:` keeps its `metadata.name`, at any width of indent).
        let kept = (indent + 2 * self.level.max(2) - 1).min(MAX_INDENT);
        if self.named_to > kept {
            self.slots[kept..self.named_to].fill(None);
            self.named_to = kept;
        }
        // The open list is looked up for naming lines only (this runs for
        // every line).
        let rank = name_rank(body, None).map(|rank| {
            let list = || self.lists[..indent].iter().rev().flatten().next();
            let own = naming_key(body)
                .zip(list())
                .is_some_and(|(k, l)| own_member(k, l));
            if own { 0 } else { rank }
        });
        self.last_named = rank.is_some();
        if let Some(rank) = rank {
            // A list item's content is two columns in (`- name: web`).
            let at = if body.starts_with("- ") {
                indent + 2
            } else {
                indent
            }
            .min(MAX_INDENT - 1);
            // The best naming line of the record at its indent: the one
            // held stays while no shallower line came since, unless this
            // one names it better; names that are no id join it, and one
            // id (a check's `CheckID` beside its `Node` and `Name`).
            let start = self.opened_at[..at].iter().copied().max().unwrap_or(0);
            match &mut self.slots[at] {
                // A closed part's name stays the record's against a worse
                // one (`metadata.name`, not `spec.providerID`); one as good
                // replaces it (the next entry of an object of records,
                // `"pkg-1": {…}`, looks no different from a `"spec": {…}`).
                Some(slot) if slot.first.line > start && slot.closed && slot.rank < rank => {}
                Some(slot) if slot.first.line > start && !slot.closed && slot.rank <= rank => {
                    let id_held = (std::iter::once(&slot.first).chain(&slot.more))
                        .any(|l| names_by_id(l.text.trim()));
                    if slot.more.len() < MORE_NAMES && (!names_by_id(body) || !id_held) {
                        slot.more.push(keep(number, line));
                    }
                }
                Some(slot) if slot.first.line > start && !slot.closed => {
                    let was = std::mem::replace(&mut slot.first, keep(number, line));
                    if slot.more.len() < MORE_NAMES {
                        slot.more.push(was);
                    }
                    slot.rank = rank;
                }
                held => {
                    *held = Some(Slot {
                        first: keep(number, line),
                        rank,
                        more: Vec::new(),
                        closed: false,
                    });
                    self.named_to = self.named_to.max(at + 1);
                }
            }
        }
        if opens_a_record(body) {
            self.opened_at[indent] = number;
            if body.starts_with(['{', '[']) {
                self.bracket_at[indent] = number;
            }
        }
    }

    /// Keeps the outline headings open at line `number` (trimmed `body`
    /// at `indent`): the last line before it, when this one is deeper and
    /// that one may head an outline ([`outline_head`]); the headings as
    /// deep as it or deeper end.
    fn see_outline(&mut self, number: u64, line: &str, indent: usize, body: &str) {
        while self.outline.last().is_some_and(|(at, _)| *at >= indent) {
            self.outline.pop();
        }
        if let Some((at, was, true)) = self.previous
            && was < indent
            && self.outline.len() < MAX_INDENT
        {
            let head = keep(at, &self.previous_text);
            self.outline.push((was, head));
        }
        // A heading is not indented: a summary's ragged indents (` Total
        // blocks:` over `  CORRUPT FILES:`) head nothing.
        let head = indent == 0 && outline_head(body);
        self.previous = Some((number, indent, head));
        self.previous_text.clear();
        // As much as a preview line shows, copied for every line.
        if head {
            let end = line.floor_char_boundary(PREVIEW_LINE_BYTES + 1);
            self.previous_text.push_str(&line[..end]);
        }
    }

    /// Opens and closes the XML elements of `body` (a trimmed line
    /// starting with a tag), line `number`.
    fn see_elements(&mut self, number: u64, line: &str, body: &str) {
        let mut rest = body;
        let mut tags = 0;
        while let Some(at) = rest.find('<') {
            // A line of thousands of tags is markup, not records: its
            // first few are read.
            tags += 1;
            if tags > LINE_TAGS {
                break;
            }
            let Some(end) = rest[at..].find('>') else {
                break;
            };
            let tag = &rest[at + 1..at + end];
            rest = &rest[at + end + 1..];
            if let Some(closed) = tag.strip_prefix('/') {
                if let Some(i) = self.elements.iter().rposition(|(t, _)| t == closed.trim()) {
                    self.elements.truncate(i);
                }
                continue;
            }
            let (name, attributes) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
            let valid = (name.bytes().next()).is_some_and(|b| b.is_ascii_alphabetic())
                && name.len() <= KEY_BYTES
                && (name.bytes())
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':'));
            if !valid || tag.ends_with('/') || VOID_ELEMENTS.contains(&name) {
                continue;
            }
            // Closed on the same line: `<arg>10s</arg>`.
            let closes = |(i, _): (usize, &str)| {
                let after = &rest[i + 2..];
                after.starts_with(name) && after[name.len()..].starts_with('>')
            };
            if rest.match_indices("</").any(closes) {
                continue;
            }
            if self.elements.len() == MAX_ELEMENTS {
                self.elements.remove(0);
            }
            let named = (attributes.starts_with("name=\"") || attributes.contains(" name=\""))
                .then(|| keep(number, line));
            self.elements.push((name.to_string(), named));
        }
    }

    /// The innermost open XML element with a name over line `number`, and
    /// the innermost one whose tag names a record (`<test>`, `<file>`,
    /// `<host>`) when another.
    fn elements_over(&self, number: u64) -> Vec<PreviewLine> {
        let named = (self.elements.iter().rev())
            .filter_map(|(tag, l)| Some((tag, l.as_ref()?)))
            .filter(|(_, l)| l.line < number);
        let mut out: Vec<PreviewLine> = Vec::new();
        if let Some((_, l)) = named.clone().next() {
            out.push(l.clone());
        }
        if let Some((_, l)) = named.clone().find(|(tag, _)| key_rank(tag, None).is_some())
            && out.iter().all(|o| o.line != l.line)
        {
            out.insert(0, l.clone());
        }
        out
    }

    /// The innermost outline heading over line `number` at `indent`,
    /// within [`NAME_REACH`] lines: the last line seen when `number` is
    /// asked before it is seen, else the headings it opened.
    fn outline_over(&self, indent: usize, number: u64) -> Option<PreviewLine> {
        if let Some((at, was, true)) = self.previous
            && was < indent
            && at < number
            && self.outline.last().is_none_or(|(_, l)| l.line != at)
        {
            return Some(keep(at, &self.previous_text));
        }
        (self.outline.iter().rev())
            .find(|(at, l)| *at < indent && l.line < number && l.line + NAME_REACH >= number)
            .map(|(_, l)| l.clone())
    }

    /// Whether the line seen last names a record ([`names_a_record`]),
    /// known without a second look.
    pub fn last_named(&self) -> bool {
        self.last_named
    }

    /// The lines naming the record of line `number` at `indent` (the line
    /// being seen now): the shallowest naming line within reach and the
    /// nearest one at its indent or above, or else the head of its block.
    pub fn of(&self, indent: usize, number: u64) -> Vec<PreviewLine> {
        let mut named = self.naming(indent, number);
        let shallowest = named.next();
        let nearest = named.next_back().or(shallowest);
        let mut out: Vec<PreviewLine> = Vec::new();
        for s in shallowest.into_iter().chain(nearest) {
            out.extend([&s.first].into_iter().chain(&s.more).cloned());
        }
        out.extend(self.keyed_over(indent, number).cloned());
        out.sort_by_key(|l| l.line);
        out.dedup_by_key(|l| l.line);
        if out.is_empty() {
            out = self.elements_over(number);
        }
        if out.is_empty()
            && let Some(head) = (self.outline_over(indent, number)).or_else(|| {
                (self.block_head.as_ref())
                    .filter(|h| h.line < number && h.line + BLOCK_REACH >= number)
                    .cloned()
            })
        {
            out.push(head);
        }
        out
    }
}

impl Names {
    /// The line number of the nearest line naming the record of line
    /// `number` at `indent` (as [`Self::of`], the nearest only): cheap, for
    /// a caller that reads the line later.
    pub fn nearest(&self, indent: usize, number: u64) -> Option<u64> {
        let named = self
            .naming(indent, number)
            .map(|s| s.first.line)
            .next_back();
        let keyed = || self.keyed_over(indent, number).map(|l| l.line);
        let element = || self.elements_over(number).last().map(|l| l.line);
        let outline = || self.outline_over(indent, number).map(|l| l.line);
        named
            .or_else(keyed)
            .or_else(element)
            .or_else(outline)
            .or_else(|| {
                (self.block_head.as_ref())
                    .filter(|h| h.line < number && h.line + BLOCK_REACH >= number)
                    .map(|h| h.line)
            })
    }
}

impl Names {
    /// The slots naming the record of line `number` at `indent`, shallowest
    /// first: a closed part's only when no open part's is as shallow (a
    /// pod's closed `metadata.name` above its open container's `name`; not
    /// an instance's closed `Placement.GroupName` below its `InstanceId`).
    fn naming(&self, indent: usize, number: u64) -> impl DoubleEndedIterator<Item = &Slot> + '_ {
        let upto = (indent + 1).min(self.slots.len());
        let fresh = (self.slots[..upto].iter().enumerate())
            .filter(move |(at, s)| self.fresh(*at, s.as_ref(), number))
            .filter_map(|(at, s)| Some((at, s.as_ref()?)));
        let open_from = (fresh.clone())
            .find(|(_, s)| !s.closed)
            .map_or(usize::MAX, |(at, _)| at);
        fresh
            .filter(move |(at, s)| !s.closed || *at < open_from)
            .map(|(_, s)| s)
    }

    /// The innermost open block under a key that is a name holding line
    /// `number` at `indent`: its key's line.
    fn keyed_over(&self, indent: usize, number: u64) -> Option<&PreviewLine> {
        (self.keyed.iter().rev())
            .find(|(at, l)| *at < indent && l.line < number)
            .map(|(_, l)| l)
    }

    /// Whether `slot`, at indent `at`, names the record of line `number`:
    /// within reach, and of the record still open there (the next
    /// volume's `{` ends the last one's `"KmsKeyId"`).
    fn fresh(&self, at: usize, slot: Option<&Slot>, number: u64) -> bool {
        let Some(s) = slot else {
            return false;
        };
        let start = self.bracket_at[..at].iter().copied().max().unwrap_or(0);
        s.first.line + NAME_REACH >= number && s.first.line < number && s.first.line >= start
    }
}

fn keep(number: u64, line: &str) -> PreviewLine {
    PreviewLine {
        line: number,
        text: clip(line, PREVIEW_LINE_BYTES),
        keep: None,
    }
}

/// Whether `body` (a trimmed line) is a `name: …`-like line (its key is,
/// or ends with, a word of [`NAME_KEYS`]: `name:`, `"PkgName":`,
/// `product_id=`), or an HTML heading (`<h3 class="title">Walnut
/// Riser</h3>` names its card).
pub fn names_a_record(body: &str) -> bool {
    name_rank(body, None).is_some()
}

/// Whether a field keyed `key` names its record (`name`, `hostname`,
/// `key_file`): its values are names, not states.
pub fn names_by_key(key: &str) -> bool {
    key_rank(key, None).is_some()
}

/// The rank of a line naming an id: the worst.
const ID_RANK: u8 = 3;

/// How well `body` (a trimmed line) names its record, best first, in a
/// list under the key `list` (`Volumes`); `None` when it names none:
/// 0. the item's own name or id, named for the list (`"VolumeId"` of an
///    item of `"Volumes"`, not its `"SnapshotId"`), or an HTML heading;
/// 1. a title (`title`, `name`, `summary`, `displayName`);
/// 2. another name (`host`, `url`, `package`, `key`);
/// 3. an id (`id`, `KmsKeyId`).
///
/// A member with no value (`"host": null`, `name: ""`) names nothing, nor
/// one whose value is a flag (`"ExitNode": true`): a state, not a name.
pub fn name_rank(body: &str, list: Option<&str>) -> Option<u8> {
    if let Some(rest) = body.strip_prefix("<h") {
        return rest.starts_with(|c: char| c.is_ascii_digit()).then_some(0);
    }
    let key = naming_key(body)?;
    let value =
        (body.split_once([':', '='])).map(|(_, v)| v.trim().trim_end_matches(',').trim_end());
    if matches!(value, Some("null" | "\"\"" | "''" | "~" | "true" | "false")) {
        return None;
    }
    key_rank(key, list)
}

/// [`name_rank`] of a line whose key is `key`: lower names better (a
/// title before an id), `None` when the key names nothing.
pub fn key_rank(key: &str, list: Option<&str>) -> Option<u8> {
    // The first word of NAME_KEYS it ends with says its kind (`hostname`
    // ends with `name` first: a title); one pass, as this runs for every
    // keyed line.
    let word = *NAME_KEYS.iter().find(|w| ends_with_word(key, w))?;
    if list.is_some_and(|list| own_member(key, list)) {
        return Some(0);
    }
    Some(if TITLE_KEYS.contains(&word) {
        1
    } else if ID_KEYS.contains(&word) {
        ID_RANK
    } else {
        2
    })
}

/// Naming lines or members of a record shown by a name, at most (and one
/// by an id).
const NAMES_SHOWN: usize = 2;

/// A line or member naming a record: how deep in the record it is, how
/// well it names it ([`name_rank`]), where it is, and whether by an id.
pub struct Named {
    pub depth: usize,
    pub rank: u8,
    pub at: usize,
    pub by_id: bool,
}

/// The `at`s of the best of `named`, best first: the best
/// [`NAMES_SHOWN`] by a name and the best one by an id, each the record's
/// own before those of objects inside it (a Jira issue's `key` before its
/// project's `name`), then by rank (a volume's `VolumeId` before its
/// `KmsKeyId`, a title before a URL), then the first.
pub fn best_of(mut named: Vec<Named>) -> Vec<usize> {
    named.sort_unstable_by_key(|n| (n.depth, n.rank, n.at));
    let names = named.iter().filter(|n| !n.by_id).take(NAMES_SHOWN);
    let id = named.iter().find(|n| n.by_id);
    names.chain(id).map(|n| n.at).collect()
}

/// Bytes of a naming member's value kept in a cut line…
const MEMBER_BYTES: usize = 80;
/// …and of the member telling what happened, a sentence.
const TELLING_BYTES: usize = 160;

/// `line` cut to `max` bytes ([`clip_keeping`]) keeping, after its head,
/// the part from byte `at` (a field a listing compared) and, in a JSON
/// object on one line (a JSON lines entry), the [`best_of`] members naming
/// its record, then the one telling what happened ([`telling_member`]):
/// `{"status":"oom","id":"9c1f…"name":"report-renderer-2"…`.
pub fn clip_named(line: &str, at: Option<usize>, max: usize) -> String {
    clip_named_at(line, at.as_slice(), max)
}

/// [`clip_named`] keeping the part from each of `ats`, in order: the
/// field a listing compared, then the member the question names.
pub fn clip_named_at(line: &str, ats: &[usize], max: usize) -> String {
    if line.len() <= max {
        return line.to_string();
    }
    let mut parts: Vec<Range<usize>> = Vec::new();
    let json = line.trim_start().starts_with('{');
    // The field from `at` when a cut at the end would lose it: in JSON to
    // its member's end, in text two fifths of `max` (`took: 1,234 ms`
    // has a comma of its own).
    for &at in ats
        .iter()
        .filter(|&&at| at > max * 3 / 5 && at < line.len())
    {
        let from = line.floor_char_boundary(at);
        let end = (line[from..].find([',', '}', ']']))
            .filter(|_| json)
            .map_or(line.len(), |e| from + e);
        parts.push(from..line.floor_char_boundary(end.min(from + max * 2 / 5)));
    }
    if json {
        // A line cut before is read piece by piece: its parts are whole
        // members, its marks are no JSON.
        let mut members = Vec::new();
        let mut from = 0;
        for piece in line.split('…') {
            members.extend(naming_members(piece).into_iter().map(|mut m| {
                m.span = m.span.start + from..m.span.end + from;
                m
            }));
            from += piece.len() + '…'.len_utf8();
        }
        let best = best_of(
            (members.iter().enumerate())
                .map(|(i, m)| Named {
                    depth: m.depth,
                    rank: m.rank,
                    at: i,
                    by_id: m.by_id,
                })
                .collect(),
        );
        parts.extend(best.into_iter().map(|i| members[i].span.clone()));
        // What happened to it, in words, last: kept when room is left.
        parts.extend(telling_member(line));
    } else if line.trim_start().starts_with('<') {
        // An XML record on one line (a Windows event rendered by
        // `wevtutil`): its message, at the end of hundreds of bytes of
        // ids and flags.
        parts.extend(telling_element(line));
    }
    clip_keeping(line, &parts, max)
}

/// The span of the first element of the XML text `line` whose name ends
/// with a [`TELLING_KEYS`] word and whose text is words (`<Message>The
/// computer has rebooted from a bugcheck…`), from its start tag, cut after
/// [`TELLING_BYTES`] of its text.
fn telling_element(line: &str) -> Option<Range<usize>> {
    let mut from = 0;
    while let Some(i) = line[from..].find('<') {
        let start = from + i;
        from = start + 1;
        let Some(close) = line[from..].find('>') else {
            break;
        };
        let tag = &line[from..from + close];
        let text_at = from + close + 1;
        // A start tag of a name alone: no attributes, no `/`, `?` or `!`.
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let text = &line[text_at..];
        let text = &text[..text.find('<').unwrap_or(text.len())];
        if TELLING_KEYS.iter().any(|w| ends_with_word(tag, w)) && text.trim().contains(' ') {
            let end = line.floor_char_boundary((text_at + text.len()).min(text_at + TELLING_BYTES));
            return Some(start..end);
        }
    }
    None
}

/// A member of a JSON object line naming its record.
struct Member {
    depth: usize,
    rank: u8,
    by_id: bool,
    /// The key's opening quote to the end of its value (cut).
    span: Range<usize>,
}

/// The members of the JSON text `line` whose key names a record (a string
/// or scalar value, not empty; objects and arrays are looked into, not
/// kept).
fn naming_members(line: &str) -> Vec<Member> {
    let mut out = Vec::new();
    scalar_members(line, MEMBER_BYTES, |key, depth, span| {
        if let Some(rank) = key_rank(key, None) {
            out.push(Member {
                depth,
                rank,
                by_id: ID_KEYS.iter().any(|w| ends_with_word(key, w)),
                span,
            });
        }
    });
    out
}

/// The span of the first member of the JSON text `line` that tells what
/// happened to its record in words ([`TELLING_KEYS`]: a journal entry's
/// `"MESSAGE"`), cut after [`TELLING_BYTES`] of its value.
pub fn telling_member(line: &str) -> Option<Range<usize>> {
    let mut found = None;
    scalar_members(line, TELLING_BYTES, |key, _, span| {
        // Words in the value, not `"error": "none"`.
        let value = line[span.clone()].split_once(':').map_or("", |(_, v)| v);
        let text = value.trim_start().contains(' ');
        if found.is_none() && text && TELLING_KEYS.iter().any(|w| ends_with_word(key, w)) {
            found = Some(span);
        }
    });
    found
}

/// Calls `f(key, depth, span)` for each member of the JSON text `line`
/// with a valid key and a scalar value, not empty (`""`, `null`): `span`
/// from the key's opening quote to its value's end, cut after `value_bytes`
/// of the value. Objects and arrays are looked into.
fn scalar_members(line: &str, value_bytes: usize, mut f: impl FnMut(&str, usize, Range<usize>)) {
    let b = line.as_bytes();
    // The end of the string whose opening quote is at `i`: after its
    // closing quote, or the line's end.
    let string_end = |i: usize| {
        let mut j = i + 1;
        while j < b.len() {
            match b[j] {
                b'\\' => j += 2,
                b'"' => return j + 1,
                _ => j += 1,
            }
        }
        b.len()
    };
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        match b[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let end = string_end(i);
                let mut v = end;
                while b.get(v).is_some_and(u8::is_ascii_whitespace) {
                    v += 1;
                }
                if b.get(v) != Some(&b':') {
                    i = end;
                    continue;
                }
                v += 1;
                while b.get(v).is_some_and(u8::is_ascii_whitespace) {
                    v += 1;
                }
                let key = &line[i + 1..end.saturating_sub(1).max(i + 1)];
                let value_end = match b.get(v) {
                    Some(b'"') => Some(string_end(v)),
                    Some(b'{' | b'[') | None => None,
                    Some(_) => Some(
                        (b[v..].iter())
                            .position(|c| matches!(c, b',' | b'}' | b']'))
                            .map_or(b.len(), |p| v + p),
                    ),
                };
                let empty = value_end.is_some_and(|e| matches!(&line[v..e], "\"\"" | "null"));
                if let Some(value_end) = value_end
                    && !empty
                    && valid_key(key)
                {
                    let cut = line.floor_char_boundary(value_end.min(v + value_bytes));
                    f(key, depth, i..cut);
                }
                i = value_end.unwrap_or(v);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// Whether `key` looks like a key, not text: a letter first, then letters,
/// digits and `_-.`, within [`KEY_BYTES`].
fn valid_key(key: &str) -> bool {
    let b = key.as_bytes();
    b.len() <= KEY_BYTES
        && b.first().is_some_and(u8::is_ascii_alphabetic)
        && (b.iter()).all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
}

/// Whether `key` is an item's own name or id in a list under the key
/// `list`: the list's item, then a word of [`NAME_KEYS`] (`VolumeId` in
/// `Volumes`, `VulnerabilityID` in `Vulnerabilities`), case ignored.
fn own_member(key: &str, list: &str) -> bool {
    let (stem, y) = match list.strip_suffix("ies") {
        Some(stem) => (stem, "y"),
        None => (list.strip_suffix('s').unwrap_or(list), ""),
    };
    let item = stem.len() + y.len();
    !stem.is_empty()
        && key.len() > item
        && key.is_char_boundary(item)
        && key[..stem.len()].eq_ignore_ascii_case(stem)
        && key[stem.len()..item].eq_ignore_ascii_case(y)
        && NAME_KEYS
            .iter()
            .any(|k| key[item..].eq_ignore_ascii_case(k))
}

/// The key of a line opening a list under it (`"Volumes": [`,
/// `Instances:` is not told from a map, so only JSON's).
pub fn list_key(body: &str) -> Option<&str> {
    let key = body.strip_suffix('[')?.trim_end().strip_suffix(':')?;
    let key = key.strip_prefix('"')?.strip_suffix('"')?;
    (!key.is_empty() && key.len() <= KEY_BYTES).then_some(key)
}

/// Bytes of a key that is a name, at most (a URL with its path).
const NAME_KEY_BYTES: usize = 512;

/// Whether `body` (a trimmed line) opens a block under a key that is
/// itself a name, not a word of a schema: `"https://shop/c/tents": [`,
/// `"/data/events": {`, `web-07.example.net:`, `shop-web-07:` — a key
/// holding `/`, `:`, `@` or a `.` inside, or two digits, or a typed
/// reference (`Service[pgbouncer]`; not `ipv4`, `results`,
/// `spec.template` is rare enough to pass). Its value may be a YAML tag
/// (`Service[pgbouncer]: !ruby/object:Puppet::Resource::Status`).
pub fn name_key(body: &str) -> bool {
    let key = match body.strip_prefix('"') {
        Some(quoted) => {
            let Some((key, rest)) = quoted.split_once("\":") else {
                return false;
            };
            if !matches!(rest.trim(), "[" | "{") {
                return false;
            }
            key
        }
        None => {
            // A key whose value is a YAML tag opens a block too: Ruby's
            // `File[/etc/hosts]: !ruby/object:Puppet::Resource::Status`.
            let key = match body.strip_suffix(':') {
                Some(key) => key,
                None => match body.split_once(": !") {
                    Some((key, tag)) if !tag.contains(' ') => key,
                    _ => return false,
                },
            };
            if key.contains(": ") || key.starts_with("- ") {
                return false;
            }
            key
        }
    };
    let b = key.as_bytes();
    if b.is_empty() || b.len() > NAME_KEY_BYTES || key.contains(char::is_whitespace) {
        return false;
    }
    let inner_dot = (1..b.len().saturating_sub(1)).any(|i| {
        b[i] == b'.' && b[i - 1].is_ascii_alphanumeric() && b[i + 1].is_ascii_alphanumeric()
    });
    let digits = b.iter().filter(|c| c.is_ascii_digit()).count();
    let numbered = digits >= 2 || (digits == 1 && key.contains(['-', '_']));
    // A typed reference: Puppet's `Service[pgbouncer]`.
    let reference = (key.split_once('[')).is_some_and(|(kind, _)| {
        kind.starts_with(|c: char| c.is_ascii_uppercase()) && key.ends_with(']')
    });
    key.contains(['/', ':', '@']) || inner_dot || numbered || reference
}

/// Tags of one line read for the XML elements it opens and closes.
const LINE_TAGS: usize = 16;
/// Open XML elements tracked, the innermost: deeper nesting than this is
/// markup, not records.
const MAX_ELEMENTS: usize = 64;

/// HTML's elements that have no end tag (`<input name="q">`): they hold
/// nothing.
const VOID_ELEMENTS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Whether `body` (a trimmed line) may head the deeper lines after it as
/// their outline heading: words that say what they are about
/// (`Physical interface: xe-0/0/7`, `GigabitEthernet1/0/3 is up`), not a
/// bracket, a bare `key:` opening a block (YAML's `spec:`, which names
/// nothing), a list item, markup, a comment or a line going on (`,`,
/// `\`, `|`).
fn outline_head(body: &str) -> bool {
    let Some(&last) = body.as_bytes().last() else {
        return false;
    };
    body.as_bytes()[0].is_ascii_alphanumeric()
        && !matches!(
            last,
            b'{' | b'[' | b'(' | b',' | b':' | b'\\' | b'|' | b'>' | b'='
        )
        && !body.starts_with("- ")
}

/// Last words of a key whose value says what happened to its record.
const TELLING_KEYS: &[&str] = &[
    "message",
    "msg",
    "error",
    "detail",
    "details",
    "description",
];

/// Whether `body` (a trimmed line) is a member telling what happened to
/// its record in words: `"message": "… volume is attached to another
/// node"`, `error: disk full` (not an object or a list opening).
pub fn tells_what_happened(body: &str) -> bool {
    let Some(key) = naming_key(body) else {
        return false;
    };
    let value = body.split_once([':', '=']).map_or("", |(_, v)| v.trim());
    let words = value.trim_matches(|c| matches!(c, '"' | ',')).contains(' ');
    words && TELLING_KEYS.iter().any(|w| ends_with_word(key, w))
}

/// The key of a `key: …`-like line, quoted or not, before `:` (`=`
/// unquoted).
pub fn naming_key(body: &str) -> Option<&str> {
    if let Some((tag, _)) = element(body) {
        return Some(tag);
    }
    let body = body.strip_prefix("- ").unwrap_or(body);
    let quoted = body.starts_with('"');
    let key = body.trim_start_matches('"');
    let b = key.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    // A key ends within KEY_BYTES + 1 bytes or is none: read no further.
    let end = b[..b.len().min(KEY_BYTES + 1)]
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')))?;
    if end == 0 || end > KEY_BYTES {
        return None;
    }
    let rest = &key[end..];
    let separated = if quoted {
        rest.starts_with("\":")
    } else {
        rest.starts_with([':', '='])
    };
    separated.then_some(&key[..end])
}

/// An XML element with text alone on its line, `<uri>https://…</uri>`:
/// its tag and its text (no element inside).
pub fn element(body: &str) -> Option<(&str, &str)> {
    let rest = body.strip_prefix('<')?;
    let (tag, rest) = rest.split_once('>')?;
    let valid = (tag.as_bytes().first()).is_some_and(u8::is_ascii_alphabetic)
        && tag.len() <= KEY_BYTES
        && (tag.bytes())
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':'));
    let text = rest
        .strip_suffix('>')?
        .strip_suffix(tag)?
        .strip_suffix("</")?;
    (valid && !text.is_empty() && !text.contains('<')).then_some((tag, text))
}

/// Whether a line opens a record: an opening bracket (`{`, `}, {`), a
/// list item, an element's opening tag. A bracket closing a record's part
/// alone does not: the record goes on.
fn opens_a_record(body: &str) -> bool {
    let b = body.as_bytes();
    // An element's opening tag alone on its line (`<li>`, `<tr class=x>`).
    let tag = b[0] == b'<'
        && b.get(1).is_some_and(u8::is_ascii_alphabetic)
        && body.ends_with('>')
        && !body.contains("</");
    let reopens = matches!(b[0], b'}' | b']') && body.contains(['{', '[']);
    matches!(b[0], b'{' | b'[') || reopens || body.starts_with("- ") || tag
}

/// Whether a naming line names by an id (`id`, `product_id`, `PkgID`,
/// `uuid`), not by a name.
pub fn names_by_id(body: &str) -> bool {
    let key = body.trim_start_matches("- ").trim_start_matches('"');
    let end = key
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .unwrap_or(key.len());
    ID_KEYS.iter().any(|w| ends_with_word(&key[..end], w))
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

#[cfg(test)]
mod tests;

//! "Which containers don't have a memory limit set?": the items of the
//! lists the question's noun names (YAML's `containers:`,
//! `initContainers:`, JSON's `"containers": [`), each read for the member
//! the question names by its path (`resources.limits.memory`: every word
//! of the member in the path's keys). An item lacking it — no such member,
//! or one with no value (`resources: {}`, `memory: null`) — is what is
//! asked, and no line holds it: a word search finds the hundred
//! containers with a limit, never the six without.

use rustc_hash::FxHashMap;

use super::search::Query;
use crate::view::detect::names::key_rank;
use crate::view::preview::clip;

/// Items lacking the member listed, at most.
const LISTED: usize = 200;
/// Keys remembered with the member's words they hold, at most.
const MEMO_KEYS: usize = 4096;
/// Keys of a path kept, at most: deeper members are read as their parent's.
const MAX_DEPTH: usize = 32;
/// An item's name is cut to this many bytes.
const NAME_BYTES: usize = 80;
/// List keys said in the header, at most.
const KEYS_SAID: usize = 4;

/// One item of a list: where it starts, its name, whether it has the
/// member.
struct Item {
    line: u64,
    name: Option<(u8, String)>,
    has: bool,
    /// The indent of its own members (its first member's).
    members: Option<usize>,
}

/// A list being read: its key's indent, its items' indent once met, the
/// item being read and the path of keys within it (indent, key).
struct List {
    key_indent: usize,
    item_indent: Option<usize>,
    item: Option<Item>,
    /// Each key of the path: its indent, as written, and which of the
    /// member's words it holds (a bit each).
    path: Vec<(usize, String, u32)>,
    /// The indent of a member the question names that holds others: a
    /// line under it means the item has it.
    parent: Option<usize>,
}

/// The items of the lists the question's noun names, read line by line.
pub struct Lacking {
    /// The query's term of the items' noun, and of the member's words.
    items_term: usize,
    member_terms: Vec<usize>,
    list: Option<List>,
    /// The list keys met (as written).
    keys: Vec<String>,
    items: usize,
    having: usize,
    lacking: Vec<(u64, Option<String>)>,
    lacking_count: usize,
    /// Items lacking it passed over: the ones an earlier answer listed.
    skip: usize,
    /// The first member the question names, as a path.
    member: Option<String>,
    /// Keys met, with [`Self::member_bits`].
    memo: FxHashMap<String, u32>,
}

impl Lacking {
    /// For a question asking for the `items` lacking a `member` (its
    /// words, [`super::intent::Lacking`]); `None` when the query holds
    /// none of the member's words or not the items' noun.
    pub fn new(asked: &super::intent::Lacking, query: &Query, skip: usize) -> Option<Lacking> {
        let terms = query.terms();
        let term = |w: &str| terms.iter().position(|t| *t == w);
        let items_term = term(&asked.items)?;
        let member_terms: Vec<usize> = asked.member.iter().filter_map(|w| term(w)).collect();
        (!member_terms.is_empty()).then_some(Lacking {
            items_term,
            member_terms,
            list: None,
            keys: Vec::new(),
            items: 0,
            having: 0,
            lacking: Vec::new(),
            lacking_count: 0,
            skip,
            member: None,
            memo: FxHashMap::default(),
        })
    }

    /// Whether a key's words hold term `t` by its own word
    /// ([`Query::held_in`], not a related word's weight).
    fn holds(query: &Query, key: &str, t: usize) -> bool {
        (query.held_in(key).iter()).any(|&(term, weight)| term == t && weight >= 1.0)
    }

    /// Line `n` of the view.
    pub fn push(&mut self, n: u64, line: &str, query: &Query) {
        let body = line.trim();
        if body.is_empty() || body.starts_with('#') || body == "---" {
            return;
        }
        let indent = line.len() - line.trim_start().len();
        // A YAML item (`- name: x`, its key two columns in), or a JSON
        // array's object (`{`).
        let dash_indent = indent;
        let (dash, body, indent) = match body.strip_prefix("- ") {
            Some(rest) => {
                let key = rest.trim_start();
                (true, key, indent + 2 + rest.len() - key.len())
            }
            None if body == "-" => (true, "", indent + 2),
            None => (false, body, indent),
        };
        let item_start = dash || body.starts_with('{');
        // A YAML list's items may stand at its key's indent.
        if let Some(list) = &self.list
            && (dash_indent < list.key_indent || (dash_indent == list.key_indent && !dash))
        {
            self.close_item();
            self.list = None;
        }
        let Some((key, value)) = member(body) else {
            if item_start {
                self.open_item(n, dash_indent);
            }
            return;
        };
        if self.list.is_none() {
            let opens = matches!(value, "" | "[");
            if opens && Self::holds(query, key, self.items_term) {
                if !self.keys.iter().any(|k| k == key) && self.keys.len() < KEYS_SAID {
                    self.keys.push(key.to_string());
                }
                self.list = Some(List {
                    key_indent: indent,
                    item_indent: None,
                    item: None,
                    path: Vec::new(),
                    parent: None,
                });
            }
            return;
        }
        if item_start {
            self.open_item(n, dash_indent);
        }
        let held = self.member_bits(query, key);
        // A flow map's members (`limits: {memory: 1Gi}`), read as lines.
        let inline = match value.starts_with('{') && !empty(value) {
            true => self.flow(query, value, 0),
            false => Vec::new(),
        };
        let Some(list) = &mut self.list else {
            return;
        };
        let Some(item) = &mut list.item else {
            return;
        };
        if list.parent.is_some_and(|p| indent > p) {
            item.has = true;
        }
        list.parent = None;
        list.path.retain(|(i, ..)| *i < indent);
        let members = *item.members.get_or_insert(indent);
        if indent == members
            && let Some(rank) = key_rank(key, None)
            && item.name.as_ref().is_none_or(|(r, _)| rank < *r)
            && !value.is_empty()
        {
            let name = value.trim_end_matches(',').trim_matches('"');
            item.name = Some((rank, clip(name, NAME_BYTES)));
        }
        let all = (1u32 << self.member_terms.len()) - 1;
        let bits = (list.path.iter()).fold(held, |bits, p| bits | p.2);
        let path = || {
            let mut path: Vec<&str> = list.path.iter().map(|(_, k, _)| k.as_str()).collect();
            path.push(key);
            path.join(".")
        };
        if let Some((inner, ..)) = (inline.iter()).find(|(_, b, full)| *full && bits | b == all) {
            self.member
                .get_or_insert_with(|| format!("{}.{inner}", path()));
            item.has = true;
        }
        if bits == all {
            self.member.get_or_insert_with(path);
            match value {
                "" | "{" | "[" => list.parent = Some(indent),
                v if !empty(v) => item.has = true,
                _ => {}
            }
        }
        if matches!(value, "" | "{" | "[") && list.path.len() < MAX_DEPTH {
            list.path.push((indent, key.to_string(), held));
        }
    }

    /// The members of a flow map (`{memory: 1Gi, cpu: "2"}`, JSON's `{…}`
    /// on one line), nested ones by their path (`limits.memory`): each
    /// with the member's words its path holds, and whether it has a value.
    fn flow(&mut self, query: &Query, map: &str, depth: usize) -> Vec<(String, u32, bool)> {
        let mut out = Vec::new();
        let Some(inner) = map
            .trim()
            .strip_prefix('{')
            .and_then(|m| m.strip_suffix('}'))
        else {
            return out;
        };
        if depth >= MAX_DEPTH {
            return out;
        }
        for part in top_level(inner) {
            let Some((key, value)) = part.split_once(':') else {
                continue;
            };
            let key = key.trim().trim_matches(['"', '\'']);
            let value = value.trim();
            if key.is_empty() {
                continue;
            }
            let bits = self.member_bits(query, key);
            out.push((key.to_string(), bits, !value.is_empty() && !empty(value)));
            if value.starts_with('{') {
                for (path, b, full) in self.flow(query, value, depth + 1) {
                    out.push((format!("{key}.{path}"), bits | b, full));
                }
            }
        }
        out
    }

    /// Which of the member's words `key` holds, a bit each; remembered,
    /// as a list's items repeat their keys.
    fn member_bits(&mut self, query: &Query, key: &str) -> u32 {
        if let Some(&bits) = self.memo.get(key) {
            return bits;
        }
        let held = query.held_in(key);
        let own = |t: usize| (held.iter()).any(|&(term, weight)| term == t && weight >= 1.0);
        let bits = (self.member_terms.iter().enumerate())
            .filter(|&(_, &t)| own(t))
            .fold(0u32, |bits, (i, _)| bits | 1 << i);
        if self.memo.len() >= MEMO_KEYS {
            self.memo.clear();
        }
        self.memo.insert(key.to_string(), bits);
        bits
    }

    fn open_item(&mut self, n: u64, indent: usize) {
        // A list inside an item (a container's `ports`) opens none.
        if (self.list.as_ref()).is_none_or(|l| l.item_indent.is_some_and(|i| i != indent)) {
            return;
        }
        self.close_item();
        let Some(list) = &mut self.list else {
            return;
        };
        list.item_indent = Some(indent);
        list.path.clear();
        list.parent = None;
        list.item = Some(Item {
            line: n,
            name: None,
            has: false,
            members: None,
        });
    }

    fn close_item(&mut self) {
        let Some(item) = self.list.as_mut().and_then(|l| l.item.take()) else {
            return;
        };
        self.items += 1;
        if item.has {
            self.having += 1;
        } else {
            self.lacking_count += 1;
            if self.lacking_count > self.skip && self.lacking.len() < LISTED {
                self.lacking.push((item.line, item.name.map(|(_, n)| n)));
            }
        }
    }

    /// The end of the view.
    pub fn finish(&mut self) {
        self.close_item();
        self.list = None;
    }

    /// The section: the items lacking the member, when some item has it
    /// and some do not, past the `skip` an earlier answer listed; within
    /// `budget` bytes, and `next(n)` the call listing from the n-th on.
    pub fn render(&self, noun: &str, budget: usize, next: &dyn Fn(usize) -> String) -> String {
        let Some(member) = &self.member else {
            return String::new();
        };
        if self.having == 0 || self.lacking_count == 0 {
            return String::new();
        }
        let keys: Vec<String> = self.keys.iter().map(|k| format!("\"{k}\"")).collect();
        let mut out = format!(
            "\n[The {noun} (the items under {}): {}; {} have {member}, the member the question names, {} do not:]\n",
            keys.join(", "),
            self.items,
            self.having,
            self.lacking_count,
        );
        if self.skip > 0 {
            out.push_str(&format!("[the first {} listed before]\n", self.skip));
        }
        let more = |shown: usize| {
            let from = self.skip + shown;
            format!(
                "[… and {} more not shown: {}]\n",
                self.lacking_count - from,
                next(from)
            )
        };
        for (i, (line, name)) in self.lacking.iter().enumerate() {
            let text = format!("{line}: {}\n", name.as_deref().unwrap_or("(no name)"));
            if out.len() + text.len() > budget {
                out.push_str(&more(i));
                return out;
            }
            out.push_str(&text);
        }
        if self.lacking_count > self.skip + self.lacking.len() {
            out.push_str(&more(self.lacking.len()));
        }
        out
    }
}

/// A line's member: its key and its value as written (`""` for a parent),
/// YAML's `key: value` or JSON's `"key": value,`.
fn member(body: &str) -> Option<(&str, &str)> {
    let (key, value) = match body.strip_prefix('"') {
        Some(rest) => {
            let (key, value) = rest.split_once("\":")?;
            (key, value)
        }
        None => {
            let at = body
                .find(": ")
                .or_else(|| body.ends_with(':').then(|| body.len() - 1))?;
            (&body[..at], &body[at + 1..])
        }
    };
    let key_ok = !key.is_empty()
        && key.len() <= 64
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.$@/".contains(&b));
    key_ok.then(|| (key, value.trim().trim_end_matches(',').trim_end()))
}

/// The parts of a flow map's inside between its top-level commas (none
/// inside a nested map, list or quoted string).
fn top_level(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quote, mut start) = (Vec::new(), 0usize, None, 0);
    for (i, c) in inner.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '[') => depth += 1,
            (None, '}' | ']') => depth = depth.saturating_sub(1),
            (None, ',') if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
}

/// A value saying nothing is there: `{}`, `[]`, `null`, `~`, `""`.
fn empty(value: &str) -> bool {
    matches!(value, "{}" | "[]" | "null" | "~" | "\"\"" | "''")
}

//! The shape of a JSON document, gathered while it is re-indented: the
//! top-level structure with types and array lengths, and for objects met
//! many times (the items of an array) their keys with how many have each —
//! `shape: array[2500] of {id, name, owner (2490 of 2500)}` — so the model
//! knows the paths to ask about.
//!
//! Memory is bounded whatever the document: at most [`MAX_NODES`] schema
//! nodes (one per distinct path, array items sharing one), [`MAX_DEPTH`]
//! tracked levels and [`KEY_BYTES`] per key; what is past a bound shows as
//! `…`.

use super::preview::{SUMMARY_BYTES, clip};

mod within;

/// Distinct paths tracked (each key of each tracked object is one).
pub const MAX_NODES: usize = 256;
/// Container levels tracked; deeper containers show as `{…}` / `array[…]`.
pub const MAX_DEPTH: usize = 6;
/// A key is kept up to this many bytes.
pub const KEY_BYTES: usize = 40;
/// Rendered variants, from this many levels of detail down to none…
const DETAIL_LEVELS: usize = 4;
/// …and the most open within each of these lengths.
const BUDGETS: [usize; 6] = [SUMMARY_BYTES, 900, 720, 560, 400, 240];

const NULL: u8 = 1;
const BOOL: u8 = 2;
const NUMBER: u8 = 4;
const STRING: u8 = 8;
const ARRAY: u8 = 16;
const OBJECT: u8 = 32;

/// The kind of a scalar value, as the re-indenter sees its first byte.
pub fn scalar_kind(first: u8) -> u8 {
    match first {
        b'"' => STRING,
        b't' | b'f' => BOOL,
        b'n' => NULL,
        _ => NUMBER,
    }
}

/// Everything seen at one path.
#[derive(Default)]
struct Node {
    /// Kinds seen here (a bit set).
    kinds: u8,
    /// Times an object was here: the denominator of key counts.
    objects: u64,
    /// Smallest and largest array length here.
    len_min: u64,
    len_max: u64,
    arrays: u64,
    /// Values seen here (the numerator of the parent's key count).
    count: u64,
    items: Option<u32>,
    keys: Vec<(String, u32)>,
    /// Some keys (or the contents, past [`MAX_DEPTH`]) were not tracked.
    more: bool,
}

/// An open container: its node (None: untracked), elements so far, and
/// where its next key is likely to be (objects repeat their key order).
struct Frame {
    node: Option<u32>,
    object: bool,
    len: u64,
    hint: usize,
}

#[derive(Default)]
pub struct JsonShape {
    nodes: Vec<Node>,
    stack: Vec<Frame>,
    /// Open containers below the tracked depth.
    deep: u64,
    key: String,
    key_cut: bool,
}

impl JsonShape {
    pub fn open(&mut self, object: bool) {
        if self.deep > 0 {
            self.deep += 1;
            return;
        }
        let id = self.place(if object { OBJECT } else { ARRAY });
        if self.stack.len() == MAX_DEPTH {
            if let Some(id) = id {
                self.nodes[id as usize].more = true;
            }
            self.deep = 1;
            return;
        }
        if let Some(id) = id {
            let node = &mut self.nodes[id as usize];
            if object {
                node.objects += 1;
            }
        }
        self.stack.push(Frame {
            node: id,
            object,
            len: 0,
            hint: 0,
        });
    }

    pub fn close(&mut self) {
        if self.deep > 0 {
            self.deep -= 1;
            return;
        }
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if let (Some(id), false) = (frame.node, frame.object) {
            let node = &mut self.nodes[id as usize];
            if node.arrays == 0 || frame.len < node.len_min {
                node.len_min = frame.len;
            }
            node.len_max = node.len_max.max(frame.len);
            node.arrays += 1;
        }
    }

    pub fn key_start(&mut self) {
        self.key.clear();
        self.key_cut = false;
    }

    /// A piece of the key's text as written (escapes included).
    pub fn key_text(&mut self, text: &str) {
        if self.key_cut {
            return;
        }
        let room = KEY_BYTES - self.key.len();
        if text.len() <= room {
            self.key.push_str(text);
        } else {
            self.key.push_str(&text[..text.floor_char_boundary(room)]);
            self.key.push('…');
            self.key_cut = true;
        }
    }

    /// One ASCII byte of the key (escapes, which the indenter steps through).
    pub fn key_byte(&mut self, b: u8) {
        if b.is_ascii() {
            self.key_text(std::str::from_utf8(&[b]).unwrap_or_default());
        }
    }

    pub fn scalar(&mut self, kind: u8) {
        if self.deep == 0 {
            self.place(kind);
        }
    }

    /// The node of the value starting now (recording its kind), or None
    /// when it is not tracked.
    fn place(&mut self, kind: u8) -> Option<u32> {
        let id = match self.stack.last_mut() {
            None if self.nodes.is_empty() => {
                self.nodes.push(Node::default());
                Some(0)
            }
            // A second top-level value: the indenter rejects it anyway.
            None => None,
            Some(Frame { node: None, .. }) => None,
            Some(frame) => {
                let parent = frame.node.expect("matched above") as usize;
                let full = self.nodes.len() >= MAX_NODES;
                let next = self.nodes.len() as u32;
                if !frame.object {
                    frame.len += 1;
                    match self.nodes[parent].items {
                        Some(items) => Some(items),
                        None if full => {
                            self.nodes[parent].more = true;
                            None
                        }
                        None => {
                            self.nodes[parent].items = Some(next);
                            self.nodes.push(Node::default());
                            Some(next)
                        }
                    }
                } else {
                    let node = &mut self.nodes[parent];
                    let found = match node.keys.get(frame.hint) {
                        Some((k, _)) if *k == self.key => Some(frame.hint),
                        _ => node.keys.iter().position(|(k, _)| *k == self.key),
                    };
                    match found {
                        Some(at) => {
                            frame.hint = at + 1;
                            Some(node.keys[at].1)
                        }
                        None if full => {
                            node.more = true;
                            None
                        }
                        None => {
                            node.keys.push((self.key.clone(), next));
                            frame.hint = node.keys.len();
                            self.nodes.push(Node::default());
                            Some(next)
                        }
                    }
                }
            }
        };
        if let Some(id) = id {
            let node = &mut self.nodes[id as usize];
            node.kinds |= kind;
            node.count += 1;
        }
        id
    }

    /// The shape line at decreasing levels of detail (most detailed
    /// first, duplicates dropped), each at most [`SUMMARY_BYTES`];
    /// empty when nothing was seen.
    pub fn render(&self) -> Vec<String> {
        if self.nodes.is_empty() {
            return Vec::new();
        }
        self.variants("shape: ", 0)
    }

    /// The shape of the top-level array's items after `label`, worded as
    /// [`Self::render`] words them (JSON Lines records are fed as the items
    /// of one array that never closes).
    pub fn render_items(&self, label: &str) -> Vec<String> {
        match self.nodes.first().and_then(|root| root.items) {
            Some(items) => self.variants(label, items),
            None => Vec::new(),
        }
    }

    /// The shape line at decreasing lengths: within each of [`BUDGETS`],
    /// the most open (see [`within`]), and at each level of detail (types,
    /// keys, `{…}` by depth) — longest first. When not even the top level
    /// opens within [`SUMMARY_BYTES`] (a map of thousands of keys), the
    /// levels of detail alone, cut to it.
    fn variants(&self, label: &str, id: u32) -> Vec<String> {
        let mut levels: Vec<String> = Vec::new();
        for detail in (0..=DETAIL_LEVELS).rev() {
            let mut line = String::from(label);
            self.render_node(id, detail, &mut line);
            levels.push(line);
        }
        let mut variants: Vec<String> = (BUDGETS.iter())
            .map(|&budget| self.render_within(id, label, budget))
            .collect();
        variants.dedup();
        let closed = variants.len() == 1 && variants[0] == format!("{label}{{…}}");
        if closed {
            let mut cut: Vec<String> = levels.iter().map(|l| clip(l, SUMMARY_BYTES)).collect();
            cut.dedup();
            return cut;
        }
        variants.extend(levels.into_iter().filter(|l| l.len() <= SUMMARY_BYTES));
        variants.sort_by_key(|v| std::cmp::Reverse(v.len()));
        variants.dedup();
        variants
    }

    /// `detail`: object levels still shown; at 1 an object shows its keys
    /// only, at 0 `{…}`.
    pub(super) fn render_node(&self, id: u32, detail: usize, out: &mut String) {
        let node = &self.nodes[id as usize];
        let mut parts = 0;
        let mut sep = |out: &mut String| {
            if parts > 0 {
                out.push('|');
            }
            parts += 1;
        };
        if node.kinds & OBJECT != 0 {
            sep(out);
            self.render_object(id, detail, out);
        }
        if node.kinds & ARRAY != 0 {
            sep(out);
            match (node.arrays, node.len_min == node.len_max) {
                (0, _) => out.push_str("array[…]"),
                (_, true) => out.push_str(&format!("array[{}]", node.len_max)),
                (_, false) => out.push_str(&format!("array[{}–{}]", node.len_min, node.len_max)),
            }
            if let Some(items) = node.items {
                out.push_str(" of ");
                self.render_node(items, detail, out);
            } else if node.more && node.arrays > 0 {
                out.push_str(" of …");
            }
        }
        self.render_scalars(node.kinds, &mut sep, out);
    }

    /// The scalar kinds of a node, each after `sep`.
    fn render_scalars(&self, kinds: u8, sep: &mut impl FnMut(&mut String), out: &mut String) {
        for (bit, name) in [
            (STRING, "string"),
            (NUMBER, "number"),
            (BOOL, "bool"),
            (NULL, "null"),
        ] {
            if kinds & bit != 0 {
                sep(out);
                out.push_str(name);
            }
        }
    }

    fn render_object(&self, id: u32, detail: usize, out: &mut String) {
        let node = &self.nodes[id as usize];
        if node.keys.is_empty() && !node.more {
            out.push_str("{}");
            return;
        }
        if detail == 0 {
            out.push_str("{…}");
            return;
        }
        out.push('{');
        for (i, (key, child)) in node.keys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            push_key(key, out);
            let seen = self.nodes[*child as usize].count;
            if seen < node.objects {
                out.push_str(&format!(" ({seen} of {})", node.objects));
            }
            if detail > 1 {
                out.push_str(": ");
                self.render_node(*child, detail - 1, out);
            }
        }
        if node.more {
            out.push_str(if node.keys.is_empty() { "…" } else { ", …" });
        }
        out.push('}');
    }
}

/// A key as a path segment: bare when plain, quoted as in the JSON when it
/// holds separators or is empty.
fn push_key(key: &str, out: &mut String) {
    let plain = !key.is_empty()
        && !key
            .chars()
            .any(|c| c.is_whitespace() || ",:{}[]()\"|".contains(c));
    if plain {
        out.push_str(key);
    } else {
        out.push('"');
        out.push_str(key);
        out.push('"');
    }
}

/// What the shape tests (`view::json::shape_tests`, above the indenter that
/// feeds a shape) check of the bounds.
#[cfg(test)]
impl JsonShape {
    pub(super) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    pub(super) fn longest_key(&self) -> usize {
        let keys = self.nodes.iter().flat_map(|n| n.keys.iter());
        keys.map(|(k, _)| k.len()).max().unwrap_or(0)
    }
}

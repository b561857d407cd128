//! A request body read in one pass into a small tree of byte spans: only
//! the containers on the paths a dialect names (`messages[*].content[*]`…)
//! get nodes for their members; every other value is one node, its span,
//! skipped without being decoded. So a 300 MB body costs its bytes (held
//! once, in the chunks it arrived in) plus a node per message and block,
//! and a rewritten body is the original with a few spans replaced: what is
//! not replaced goes upstream byte for byte.
//!
//! The parser is iterative (nesting depth costs no stack), strict where it
//! builds nodes and lenient where it skips: a body it cannot read is
//! forwarded unchanged, so the upstream gives the client its own answer.

use bytes::Bytes;
use memchr::memchr2;

use super::Chunked;

/// One step of a path a dialect descends: a member by name, or any member
/// or element.
#[derive(Debug, Clone, Copy)]
pub enum Seg {
    Key(&'static str),
    Any,
}

/// Byte offsets `start..end` in the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn len(&self) -> usize {
        self.end - self.start
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Object,
    Array,
    String,
    /// A number, `true`, `false` or `null`.
    Scalar,
}

const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    span: Span,
    /// The member's key literal (quotes included), for members of objects.
    key: Option<Span>,
    /// Children exist only for containers on a named path.
    expanded: bool,
    first_child: u32,
    next_sibling: u32,
}

/// The most nodes one body may need (a node per message, block, part…):
/// about 100 MB. Past it the body is forwarded unchanged.
const MAX_NODES: usize = 2_000_000;

/// A parsed body: its bytes and the nodes of the named paths.
pub struct Tree {
    src: Chunked,
    nodes: Vec<Node>,
}

/// Why a body was not read (it is then forwarded as it is).
#[derive(Debug)]
pub struct NotJson(pub String);

impl std::fmt::Display for NotJson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Tree {
    /// Reads `src`, expanding the containers on `paths` (each a path from
    /// the root; the root is always expanded).
    pub fn parse(src: Chunked, paths: &[&[Seg]]) -> Result<Tree, NotJson> {
        let nodes = Parser::new(&src, paths).run()?;
        Ok(Tree { src, nodes })
    }

    pub fn root(&self) -> Val<'_> {
        Val { tree: self, at: 0 }
    }

    pub fn into_src(self) -> Chunked {
        self.src
    }

    /// The bytes of `span` (shared, no copy).
    pub fn slice(&self, span: Span) -> Chunked {
        self.src.slice(span.start, span.end)
    }
}

/// A value in a [`Tree`].
#[derive(Clone, Copy)]
pub struct Val<'a> {
    tree: &'a Tree,
    at: u32,
}

impl<'a> Val<'a> {
    fn node(&self) -> &'a Node {
        &self.tree.nodes[self.at as usize]
    }

    pub fn kind(&self) -> Kind {
        self.node().kind
    }

    pub fn span(&self) -> Span {
        self.node().span
    }

    /// The member's key literal, quotes included.
    pub fn key_span(&self) -> Option<Span> {
        self.node().key
    }

    /// The member's key, decoded.
    pub fn key(&self) -> Option<String> {
        decode_small(&self.tree.slice(self.node().key?), 4096)
    }

    /// The raw bytes of this value (no copy).
    pub fn raw(&self) -> Chunked {
        self.tree.slice(self.span())
    }

    /// The bytes between this value and `next`, a later sibling (up to its
    /// key, for a member): the comma and whatever space the client put.
    pub fn gap_to(&self, next: Val<'a>) -> Chunked {
        let start = self.span().end;
        let end = next.key_span().unwrap_or(next.span()).start.max(start);
        self.tree.slice(Span { start, end })
    }

    /// Children of an expanded container (members or elements), in order;
    /// none for anything else.
    pub fn children(&self) -> Children<'a> {
        let node = self.node();
        Children {
            tree: self.tree,
            next: if node.expanded {
                node.first_child
            } else {
                NONE
            },
        }
    }

    /// The last member named `key` of an expanded object.
    pub fn get(&self, key: &str) -> Option<Val<'a>> {
        if self.kind() != Kind::Object {
            return None;
        }
        let mut found = None;
        for child in self.children() {
            if child.key_is(key) {
                found = Some(child);
            }
        }
        found
    }

    fn key_is(&self, key: &str) -> bool {
        let Some(span) = self.node().key else {
            return false;
        };
        // Most keys have no escapes: compare the literal's bytes.
        let raw = self.tree.slice(span);
        if raw.len() == key.len() + 2 && !raw.bytes().any(|b| b == b'\\') {
            return raw.slice(1, raw.len() - 1).bytes().eq(key.bytes());
        }
        decode_small(&raw, 4096).is_some_and(|k| k == key)
    }

    /// A string's text when it is at most `max` bytes in the body.
    pub fn str_upto(&self, max: usize) -> Option<String> {
        (self.kind() == Kind::String && self.span().len() <= max)
            .then(|| decode_small(&self.raw(), max))
            .flatten()
    }

    /// A short string's text (ids, names, types: up to 64 KiB).
    pub fn str(&self) -> Option<String> {
        self.str_upto(64 << 10)
    }

    pub fn is_string(&self) -> bool {
        self.kind() == Kind::String
    }
}

/// Decodes a small JSON literal (a string) from its raw bytes.
fn decode_small(raw: &Chunked, max: usize) -> Option<String> {
    if raw.len() > max + 2 {
        return None;
    }
    serde_json::from_slice(&raw.to_bytes()).ok()
}

pub struct Children<'a> {
    tree: &'a Tree,
    next: u32,
}

impl<'a> Iterator for Children<'a> {
    type Item = Val<'a>;
    fn next(&mut self) -> Option<Val<'a>> {
        if self.next == NONE {
            return None;
        }
        let at = self.next;
        self.next = self.tree.nodes[at as usize].next_sibling;
        Some(Val {
            tree: self.tree,
            at,
        })
    }
}

/// Where the parser is in the body's chunks.
struct Cursor<'a> {
    chunks: &'a [Bytes],
    chunk: usize,
    offset: usize,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&mut self) -> Option<u8> {
        while let Some(c) = self.chunks.get(self.chunk) {
            if self.offset < c.len() {
                return Some(c[self.offset]);
            }
            self.chunk += 1;
            self.offset = 0;
        }
        None
    }

    fn bump(&mut self) {
        self.offset += 1;
        self.pos += 1;
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                return;
            }
            self.bump();
        }
    }

    /// Past a string whose opening quote is at the cursor; whether it had
    /// escapes.
    fn skip_string(&mut self) -> Result<bool, NotJson> {
        self.bump();
        let mut escaped = false;
        loop {
            let Some(chunk) = self.chunks.get(self.chunk) else {
                return Err(NotJson("a string does not end".into()));
            };
            let rest = &chunk[self.offset..];
            match memchr2(b'"', b'\\', rest) {
                Some(i) => {
                    let found = rest[i];
                    self.offset += i + 1;
                    self.pos += i + 1;
                    if found == b'"' {
                        return Ok(escaped);
                    }
                    escaped = true;
                    // The escaped character, whichever chunk it is in.
                    if self.peek().is_none() {
                        return Err(NotJson("a string does not end".into()));
                    }
                    self.bump();
                }
                None => {
                    self.pos += rest.len();
                    self.chunk += 1;
                    self.offset = 0;
                }
            }
        }
    }

    /// Past a number or literal.
    fn skip_scalar(&mut self) -> Result<(), NotJson> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                break;
            }
            if !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.')) {
                return Err(NotJson(format!("unexpected byte at {}", self.pos)));
            }
            self.bump();
        }
        if self.pos == start {
            return Err(NotJson(format!("a value is missing at {}", self.pos)));
        }
        Ok(())
    }

    /// Past a whole container (not expanded): brackets counted, strings
    /// skipped.
    fn skip_container(&mut self) -> Result<(), NotJson> {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    self.skip_string()?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.bump();
        }
        Err(NotJson("the body ends inside a value".into()))
    }
}

/// An expanded container being read.
struct Frame {
    node: u32,
    last_child: u32,
    count: usize,
    /// The path to it, for matching its children's.
    depth: usize,
}

struct Parser<'a> {
    cur: Cursor<'a>,
    paths: &'a [&'a [Seg]],
    src: &'a Chunked,
    nodes: Vec<Node>,
    /// The path segments of the expanded containers (keys decoded).
    path: Vec<PathSeg>,
}

#[derive(Clone)]
enum PathSeg {
    Key(String),
    Index,
}

impl<'a> Parser<'a> {
    fn new(src: &'a Chunked, paths: &'a [&'a [Seg]]) -> Self {
        Self {
            cur: Cursor {
                chunks: src.chunks(),
                chunk: 0,
                offset: 0,
                pos: 0,
            },
            paths,
            src,
            nodes: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Whether the container at `self.path` is on one of the paths.
    fn named(&self) -> bool {
        self.paths.iter().any(|p| {
            p.len() == self.path.len()
                && p.iter().zip(&self.path).all(|(seg, at)| match (seg, at) {
                    (Seg::Any, _) => true,
                    (Seg::Key(k), PathSeg::Key(at)) => k == at,
                    (Seg::Key(_), PathSeg::Index) => false,
                })
        })
    }

    fn push_node(&mut self, node: Node) -> Result<u32, NotJson> {
        if self.nodes.len() >= MAX_NODES {
            return Err(NotJson(format!(
                "more than {MAX_NODES} messages, blocks and parts"
            )));
        }
        self.nodes.push(node);
        Ok((self.nodes.len() - 1) as u32)
    }

    fn run(mut self) -> Result<Vec<Node>, NotJson> {
        self.cur.skip_ws();
        if self.cur.peek() != Some(b'{') && self.cur.peek() != Some(b'[') {
            return Err(NotJson("the body is not a JSON object".into()));
        }
        let mut stack: Vec<Frame> = Vec::new();
        // The root: always expanded.
        let root = self.open(None, &mut stack)?;
        debug_assert_eq!(root, 0);
        while let Some(top) = stack.last() {
            let is_object = self.nodes[top.node as usize].kind == Kind::Object;
            self.cur.skip_ws();
            let close = if is_object { b'}' } else { b']' };
            match self.cur.peek() {
                Some(b) if b == close => {
                    self.cur.bump();
                    let frame = stack.pop().expect("a frame");
                    self.nodes[frame.node as usize].span.end = self.cur.pos;
                    if frame.depth > 0 {
                        self.path.pop();
                    }
                    continue;
                }
                None => return Err(NotJson("the body ends inside a value".into())),
                _ => {}
            }
            let top = stack.last().expect("a frame");
            if top.count > 0 {
                if self.cur.peek() != Some(b',') {
                    return Err(NotJson(format!("a ',' is missing at {}", self.cur.pos)));
                }
                self.cur.bump();
                self.cur.skip_ws();
            }
            let key = if is_object {
                if self.cur.peek() != Some(b'"') {
                    return Err(NotJson(format!("a key is missing at {}", self.cur.pos)));
                }
                let start = self.cur.pos;
                self.cur.skip_string()?;
                let span = Span {
                    start,
                    end: self.cur.pos,
                };
                self.cur.skip_ws();
                if self.cur.peek() != Some(b':') {
                    return Err(NotJson(format!("a ':' is missing at {}", self.cur.pos)));
                }
                self.cur.bump();
                self.cur.skip_ws();
                Some(span)
            } else {
                None
            };
            self.value(key, &mut stack)?;
        }
        self.cur.skip_ws();
        if self.cur.peek().is_some() {
            return Err(NotJson(format!(
                "more after the JSON value at {}",
                self.cur.pos
            )));
        }
        Ok(self.nodes)
    }

    /// A container starts at the cursor: its node, expanded, on the stack.
    fn open(&mut self, key: Option<Span>, stack: &mut Vec<Frame>) -> Result<u32, NotJson> {
        let kind = if self.cur.peek() == Some(b'{') {
            Kind::Object
        } else {
            Kind::Array
        };
        let start = self.cur.pos;
        self.cur.bump();
        let node = self.push_node(Node {
            kind,
            span: Span { start, end: start },
            key,
            expanded: true,
            first_child: NONE,
            next_sibling: NONE,
        })?;
        stack.push(Frame {
            node,
            last_child: NONE,
            count: 0,
            depth: self.path.len(),
        });
        Ok(node)
    }

    /// A member or element of the container on top of the stack.
    fn value(&mut self, key: Option<Span>, stack: &mut Vec<Frame>) -> Result<(), NotJson> {
        let seg = match key {
            Some(span) => PathSeg::Key(
                decode_small(&self.src.slice(span.start, span.end), 4096).unwrap_or_default(),
            ),
            None => PathSeg::Index,
        };
        let start = self.cur.pos;
        let byte = self.cur.peek();
        let (kind, expand) = match byte {
            Some(b'{') | Some(b'[') => {
                self.path.push(seg);
                let named = self.named();
                if !named {
                    self.path.pop();
                }
                let kind = if byte == Some(b'{') {
                    Kind::Object
                } else {
                    Kind::Array
                };
                (kind, named)
            }
            Some(b'"') => (Kind::String, false),
            Some(_) => (Kind::Scalar, false),
            None => return Err(NotJson("the body ends inside a value".into())),
        };
        let node = if expand {
            let parent = stack.len() - 1;
            let node = self.open(key, stack)?;
            // `open` pushed the child's frame; link it under its parent.
            self.link(&mut stack[parent], node);
            return Ok(());
        } else {
            match kind {
                Kind::String => {
                    self.cur.skip_string()?;
                }
                Kind::Scalar => self.cur.skip_scalar()?,
                Kind::Object | Kind::Array => self.cur.skip_container()?,
            }
            self.push_node(Node {
                kind,
                span: Span {
                    start,
                    end: self.cur.pos,
                },
                key,
                expanded: false,
                first_child: NONE,
                next_sibling: NONE,
            })?
        };
        let parent = stack.len() - 1;
        self.link(&mut stack[parent], node);
        Ok(())
    }

    fn link(&mut self, frame: &mut Frame, node: u32) {
        if frame.last_child == NONE {
            self.nodes[frame.node as usize].first_child = node;
        } else {
            self.nodes[frame.last_child as usize].next_sibling = node;
        }
        frame.last_child = node;
        frame.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(text: &str, size: usize) -> Chunked {
        let mut c = Chunked::new();
        for part in text.as_bytes().chunks(size) {
            c.push(Bytes::copy_from_slice(part));
        }
        c
    }

    const PATHS: &[&[Seg]] = &[
        &[Seg::Key("messages")],
        &[Seg::Key("messages"), Seg::Any],
        &[Seg::Key("messages"), Seg::Any, Seg::Key("content")],
    ];

    #[test]
    fn named_paths_get_nodes_and_the_rest_is_spans_however_the_body_is_cut() {
        let body = r#" {"model":"m","tools":[{"a":[1,2,{"b":"]"}]}],"messages":[
            {"role":"user","content":"hi \"there\""},
            {"role":"assistant","content":[{"type":"text","text":"x\\"},{"type":"tool_use","input":{"k":[]}}]}
        ], "n": -1.5e3, "t": true} "#;
        for size in [1, 3, 7, body.len()] {
            let tree = Tree::parse(chunked(body, size), PATHS).unwrap();
            let root = tree.root();
            assert_eq!(root.get("model").unwrap().str().as_deref(), Some("m"));
            let tools = root.get("tools").unwrap();
            assert_eq!(tools.kind(), Kind::Array);
            assert_eq!(tools.children().count(), 0, "not on a path: a span");
            assert_eq!(tools.raw().to_bytes(), r#"[{"a":[1,2,{"b":"]"}]}]"#);
            let messages: Vec<_> = root.get("messages").unwrap().children().collect();
            assert_eq!(messages.len(), 2);
            assert_eq!(
                messages[0].get("content").unwrap().str().as_deref(),
                Some("hi \"there\"")
            );
            let blocks: Vec<_> = messages[1].get("content").unwrap().children().collect();
            assert_eq!(blocks.len(), 2);
            assert_eq!(
                blocks[1].raw().to_bytes(),
                r#"{"type":"tool_use","input":{"k":[]}}"#
            );
            assert_eq!(blocks[1].children().count(), 0);
            assert_eq!(root.get("t").unwrap().kind(), Kind::Scalar);
            assert_eq!(root.get("n").unwrap().raw().to_bytes(), "-1.5e3");
            assert_eq!(messages[0].key_span(), None);
            assert_eq!(
                root.get("messages").unwrap().key().as_deref(),
                Some("messages")
            );
        }
    }

    #[test]
    fn what_is_not_json_is_an_error_not_a_panic() {
        for bad in [
            "",
            "   ",
            "nope",
            "{",
            "{\"a\"",
            "{\"a\":",
            "{\"a\":1,}x",
            "{\"a\":1 \"b\":2}",
            "{\"a\":\"unterminated}",
            "{\"messages\":[{\"content\":[}]}",
            "{\"a\":{\"b\":[1,2}",
            "{\"a\":1}}",
            "{\"a\":1} x",
            "{\"a\":\"\\",
            "{\"a\":@}",
            "[]]",
        ] {
            for size in [1, 2, 64] {
                assert!(
                    Tree::parse(chunked(bad, size), PATHS).is_err(),
                    "{bad:?} should be refused"
                );
            }
        }
        // Deep nesting where nothing is expanded: no recursion.
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(Tree::parse(chunked(&deep, 4096), PATHS).is_ok());
    }
}

//! What several targets share: deterministic split points, the view built
//! the way `store` builds it, a stored output on `MemStorage`, and the
//! obvious (slow) line operations the readers are compared with.

use tool_output_guest::bindings::types::{CallInfo, StoreOutcome, StorePolicy};
use tool_output_guest::storage::MemStorage;
use tool_output_guest::store;
use tool_output_guest::view::{LineSink, PreviewLines, Utf8Decoder, ViewBuilder};

/// xorshift64: split points and choices derived from the input itself, so a
/// run is reproducible from the input file alone.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    /// Seeded from the bytes (FNV-1a), so every input gets its own splits.
    pub fn of(bytes: &[u8]) -> Self {
        let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Rng::new(hash)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// Three ways to cut `len` bytes into pieces: whole, byte by byte, and at
/// random points (pieces of 1 to 16 bytes, now and then much longer).
pub fn splits(len: usize, rng: &mut Rng) -> [Vec<usize>; 3] {
    let whole = vec![len];
    let bytes = (1..=len).collect();
    let mut random = Vec::new();
    let mut at = 0;
    while at < len {
        let step = if rng.below(8) == 0 {
            1 + rng.below(4096)
        } else {
            1 + rng.below(16)
        };
        at = (at + step).min(len);
        random.push(at);
    }
    [whole, bytes, random]
}

/// `bytes` cut at the given end offsets.
pub fn pieces<'a>(bytes: &'a [u8], ends: &[usize]) -> Vec<&'a [u8]> {
    let mut start = 0;
    let mut out = Vec::with_capacity(ends.len());
    for &end in ends {
        out.push(&bytes[start..end]);
        start = end;
    }
    out
}

/// A view built from pieces, and everything the line sink reports about it.
#[derive(Debug, PartialEq)]
pub struct View {
    pub text: String,
    /// The lossily decoded input.
    pub decoded: String,
    /// What the view shows of it: `decoded` without the byte-order marks
    /// that start lines (`bom.rs`'s rule, written again here as the oracle).
    pub content: String,
    pub invalid: u64,
    /// `ViewBuilder::finish`'s verdict before any rebuild.
    pub verdict: Option<bool>,
    pub lines: u64,
    pub bytes: u64,
    pub index: Vec<u64>,
    pub preview: PreviewLines,
}

impl View {
    pub fn is_json(&self) -> bool {
        self.verdict == Some(true)
    }
}

/// `text` without each U+FEFF at the start of a line (the text's start or
/// just after a `\n`); marks in a row at a line start all go.
pub fn without_line_start_marks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at_line_start = true;
    for c in text.chars() {
        if at_line_start && c == '\u{feff}' {
            continue;
        }
        at_line_start = c == '\n';
        out.push(c);
    }
    out
}

/// The view of `input` fed in the given pieces, rebuilt as text when it
/// looked like JSON but was not (what `store` does with the original).
pub fn build_view(input: &[u8], ends: &[usize]) -> View {
    let mut decoder = Utf8Decoder::default();
    let mut builder = ViewBuilder::new();
    let mut sink = LineSink::new();
    let mut decoded = String::new();
    let mut text = String::new();
    for piece in pieces(input, ends) {
        text.clear();
        decoder.decode(piece, &mut text);
        decoded.push_str(&text);
        builder.push(&text, &mut sink);
    }
    text.clear();
    decoder.finish(&mut text);
    decoded.push_str(&text);
    builder.push(&text, &mut sink);
    let verdict = builder.finish(&mut sink);
    sink.finish();
    if verdict.is_none() {
        sink = LineSink::new();
        let mut builder = ViewBuilder::text_only();
        for piece in pieces(decoded.as_bytes(), &char_ends(&decoded, ends)) {
            builder.push(
                std::str::from_utf8(piece).expect("char boundaries"),
                &mut sink,
            );
        }
        builder.finish(&mut sink);
        sink.finish();
    }
    let text = String::from_utf8(sink.take_output()).expect("the view is UTF-8");
    View {
        text,
        content: without_line_start_marks(&decoded),
        decoded,
        invalid: decoder.invalid,
        verdict,
        lines: sink.lines(),
        bytes: sink.bytes(),
        index: sink.index().to_vec(),
        preview: sink.preview(),
    }
}

/// The cut points of `ends` moved onto char boundaries of `text`.
fn char_ends(text: &str, ends: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = ends
        .iter()
        .map(|&e| text.ceil_char_boundary(e.min(text.len())))
        .collect();
    out.push(text.len());
    out.dedup();
    out
}

/// Lines of a view as `read` numbers them: split on `\n`, a final newline
/// ends the last line rather than starting an empty one.
pub fn view_lines(view: &str) -> Vec<&str> {
    if view.is_empty() {
        return Vec::new();
    }
    view.strip_suffix('\n')
        .unwrap_or(view)
        .split('\n')
        .collect()
}

/// A call record for stored outputs.
pub fn call() -> CallInfo {
    CallInfo {
        tool: "fuzz".into(),
        args: "{}".into(),
        model: None,
    }
}

/// A policy that stores anything longer than `max_inline_bytes`.
pub fn policy(max_inline_bytes: u64) -> StorePolicy {
    StorePolicy {
        max_inline_bytes,
        ..tool_output_guest::default_policy()
    }
}

/// Stores `output` (always: as if the caller's reservation failed) and
/// returns its handle.
pub fn store_always(st: &MemStorage, output: &[u8]) -> String {
    let always = StorePolicy {
        reserve_failed: true,
        ..policy(0)
    };
    match store::store(st, call(), output, always) {
        Ok(StoreOutcome::Stored(s)) => s.handle,
        Ok(StoreOutcome::Passthrough(_)) => panic!("a failed reservation passed an output through"),
        Err(e) => panic!("store failed on MemStorage: {e:?}"),
    }
}

/// `read`'s or `tail`'s output as the obvious implementation writes it.
pub fn numbered(lines: &[&str], first: usize, last: usize) -> String {
    (first..=last)
        .map(|n| format!("{n}: {}\n", lines[n - 1]))
        .collect()
}

/// `grep`'s output, computed the slow obvious way: every matching line,
/// `context` lines around it, `--` between groups, `:` on matching lines.
pub fn naive_grep(lines: &[&str], re: &regex::bytes::Regex, context: usize) -> String {
    let hit: Vec<bool> = lines.iter().map(|l| re.is_match(l.as_bytes())).collect();
    let mut shown = vec![false; lines.len()];
    for (i, _) in hit.iter().enumerate().filter(|(_, h)| **h) {
        let last = (i + context).min(lines.len() - 1);
        shown[i.saturating_sub(context)..=last].fill(true);
    }
    let mut out = String::new();
    let mut prev: Option<usize> = None;
    for i in (0..lines.len()).filter(|&i| shown[i]) {
        if prev.is_some_and(|p| i > p + 1) {
            out.push_str("--\n");
        }
        let mark = if hit[i] { ':' } else { '-' };
        out.push_str(&format!("{}{mark} {}\n", i + 1, lines[i]));
        prev = Some(i);
    }
    out
}

/// Lines of a reader's output that are numbered lines (`N: …`, `N- …`),
/// as (number, mark, text); notes and `--` separators are skipped.
pub fn numbered_lines(output: &str) -> Vec<(u64, char, &str)> {
    output
        .split('\n')
        .filter_map(|l| {
            let digits = l.bytes().take_while(u8::is_ascii_digit).count();
            let n = l[..digits].parse().ok()?;
            let mut rest = l[digits..].chars();
            let mark = rest.next().filter(|&c| c == ':' || c == '-')?;
            let text = rest.as_str().strip_prefix(' ')?;
            Some((n, mark, text))
        })
        .collect()
}

/// Invalid sequences `String::from_utf8_lossy` replaces in `bytes`.
/// What the view's decoder must make of `bytes`: `String::from_utf8_lossy`,
/// except that a run of invalid sequences with no valid text between them
/// is one U+FFFD (a U+FFFD that was valid input stays as it is).
pub fn lossy_one_mark_per_run(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut in_run = false;
    for chunk in bytes.utf8_chunks() {
        if !chunk.valid().is_empty() {
            out.push_str(chunk.valid());
            in_run = false;
        }
        if !chunk.invalid().is_empty() && !in_run {
            out.push('\u{FFFD}');
            in_run = true;
        }
    }
    out
}

pub fn invalid_sequences(bytes: &[u8]) -> u64 {
    bytes
        .utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .count() as u64
}

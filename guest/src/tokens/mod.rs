//! Exact token counts for OpenAI encodings, streamed.
//!
//! Counting is tiktoken's: its pre-tokenizer (`pretokenize`), then its
//! byte-pair merge on each piece (`bpe`), over its rank tables embedded in a
//! compact form (`build.rs`) and turned into a lookup map the first time an
//! encoding is used in an instance: a passthrough store builds none, most
//! sessions one. A stream is counted in pieces cut only where the
//! pre-tokenizer is certain to split anyway, so the sum equals the count of
//! the whole text, which also lets the host count some pieces on its other
//! cores ([`elsewhere`]).

mod backtrack;
mod bpe;
pub mod elsewhere;
mod pretokenize;
mod table;

use std::sync::LazyLock;

use bpe::Ranks;
use elsewhere::{Elsewhere, OpenHelpers};
use pretokenize::Pretokenizer;

/// Rank tables written by `build.rs`: per rank, a length byte and the bytes.
pub(crate) static CL100K_TABLE: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/cl100k_base.ranks"));
pub(crate) static O200K_TABLE: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/o200k_base.ranks"));

/// One encoding, ready to count.
pub struct Tokenizer {
    pre: Pretokenizer,
    ranks: Ranks,
}

static CL100K: LazyLock<Tokenizer> = LazyLock::new(|| Tokenizer {
    pre: Pretokenizer::cl100k(),
    ranks: Ranks::from_table(CL100K_TABLE),
});
static O200K: LazyLock<Tokenizer> = LazyLock::new(|| Tokenizer {
    pre: Pretokenizer::o200k(),
    ranks: Ranks::from_table(O200K_TABLE),
});

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Cl100k = 0,
    O200k = 1,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Cl100k => "cl100k_base",
            Encoding::O200k => "o200k_base",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "cl100k_base" | "cl100k" => Some(Encoding::Cl100k),
            "o200k_base" | "o200k" => Some(Encoding::O200k),
            _ => None,
        }
    }

    /// Built on first use in an instance: ~5 ms for cl100k, ~15 ms for
    /// o200k in the component.
    pub fn tokenizer(self) -> &'static Tokenizer {
        match self {
            Encoding::Cl100k => &CL100K,
            Encoding::O200k => &O200K,
        }
    }

    /// Pre-tokenize, then merge each piece, with the counts of short pieces memoized: tool output repeats the same
    /// words, paths and punctuation runs over and over.
    pub fn count(self, text: &str) -> u64 {
        let tokenizer = self.tokenizer();
        PIECE_COUNTS.with_borrow_mut(|caches| {
            let cache = &mut caches[self as usize];
            tokenizer
                .pre
                .split(text)
                .map(|piece| {
                    let bytes = piece.as_bytes();
                    if bytes.len() > MEMO_MAX_PIECE {
                        return tokenizer.ranks.count(bytes) as u64;
                    }
                    if let Some(&n) = cache.get(bytes) {
                        return u64::from(n);
                    }
                    let n = tokenizer.ranks.count(bytes) as u32;
                    if cache.len() < MEMO_MAX_ENTRIES {
                        cache.insert(bytes.into(), n);
                    }
                    u64::from(n)
                })
                .sum()
        })
    }

    /// [`Encoding::count`] of a short text (an estimate piece), memoized
    /// whole: the pieces of a long run repeat (`=` × 100 MB is one piece
    /// over and over).
    fn count_memoized(self, text: &str) -> u64 {
        let key = text.as_bytes();
        let known = PIECE_COUNTS.with_borrow(|caches| caches[self as usize].get(key).copied());
        if let Some(n) = known {
            return u64::from(n);
        }
        let n = self.count(text);
        PIECE_COUNTS.with_borrow_mut(|caches| {
            let cache = &mut caches[self as usize];
            if cache.len() < MEMO_MAX_ENTRIES {
                cache.insert(key.into(), u32::try_from(n).unwrap_or(u32::MAX));
            }
        });
        n
    }
}

/// Pieces up to this many bytes are memoized…
const MEMO_MAX_PIECE: usize = 32;
/// …up to this many distinct ones per encoding.
const MEMO_MAX_ENTRIES: usize = 1 << 16;

type PieceCounts = rustc_hash::FxHashMap<Box<[u8]>, u32>;

thread_local! {
    static PIECE_COUNTS: std::cell::RefCell<[PieceCounts; 2]> = Default::default();
}

/// The encoding for a model id, and whether it is that model's own.
///
/// `openai/gpt-4o` and `gpt-4o` are the same model; any other provider
/// prefix means a non-OpenAI model, counted with cl100k as an estimate.
/// No model at all: cl100k, and the count is exact for cl100k.
pub fn encoding_for_model(model: Option<&str>) -> (Encoding, bool) {
    let Some(model) = model.map(str::trim).filter(|m| !m.is_empty()) else {
        return (Encoding::Cl100k, true);
    };
    let lower = model.to_ascii_lowercase();
    let id = match lower.split_once('/') {
        Some(("openai", rest)) => rest,
        Some(_) => return (Encoding::Cl100k, false),
        None => lower.as_str(),
    };
    const O200K: &[&str] = &[
        "gpt-4o",
        "gpt-4.1",
        "gpt-4.5",
        "gpt-5",
        "o1",
        "o3",
        "o4",
        "chatgpt-4o",
        "gpt-oss",
    ];
    const CL100K: &[&str] = &["gpt-4", "gpt-3.5", "text-embedding-3", "text-embedding-ada"];
    if O200K.iter().any(|p| id.starts_with(p)) {
        (Encoding::O200k, true)
    } else if CL100K.iter().any(|p| id.starts_with(p)) {
        (Encoding::Cl100k, true)
    } else {
        (Encoding::Cl100k, false)
    }
}

/// Pending text is counted once it reaches this size.
const COUNT_AT: usize = 256 * 1024;
/// With no safe cut in this much text (one giant word), count it anyway as
/// an estimate: the rest of that run is counted in [`ESTIMATE_PIECE`]s.
const FORCE_AT: usize = 8 * 1024 * 1024;
/// Pieces a run without a safe cut is counted in, once it is an estimate.
/// BPE is slow on long pieces of some text (a run of `=` costs 20× a run of
/// letters), and splitting every 128 bytes changes the count by at most one
/// token per cut: the estimate is within 1 % for such runs.
const ESTIMATE_PIECE: usize = 128;

/// Counts tokens of a text that arrives in pieces.
pub struct TokenCounter {
    encoding: Encoding,
    pending: String,
    /// Leading bytes of `pending` already searched for a safe cut (none found).
    searched: usize,
    /// `pending` continues a run that was too long to count exactly.
    estimating: bool,
    total: u64,
    exact: bool,
    /// Helpers counting some exact pieces elsewhere.
    elsewhere: Elsewhere,
}

impl TokenCounter {
    pub fn new(encoding: Encoding) -> Self {
        Self {
            encoding,
            pending: String::new(),
            searched: 0,
            estimating: false,
            total: 0,
            exact: true,
            elsewhere: Elsewhere::default(),
        }
    }

    /// Offer pieces to helpers `open` gives (the host's other cores).
    pub fn count_elsewhere(&mut self, open: OpenHelpers) {
        self.elsewhere = Elsewhere::new(open);
    }

    pub fn push(&mut self, text: &str) {
        self.pending.push_str(text);
        if self.pending.len() >= COUNT_AT {
            self.count_safe_prefix();
        }
    }

    /// Total tokens, and false if a run too long to count made it an
    /// estimate (or a helper was lost with pieces it had taken).
    pub fn finish(mut self) -> (u64, bool) {
        let rest = std::mem::take(&mut self.pending);
        self.count(&rest);
        let (elsewhere, whole) = self.elsewhere.total(self.encoding);
        self.total += elsewhere;
        (self.total, self.exact && whole)
    }

    fn count_safe_prefix(&mut self) {
        // Only the bytes not searched yet: a long run is searched once.
        let from = self.searched.max(1);
        let cut = safe_cut(&self.pending, from);
        self.searched = self.pending.len();
        let (cut, forced) = match cut {
            Some(cut) => (cut, false),
            None if self.pending.len() >= FORCE_AT => {
                self.exact = false;
                self.estimating = true;
                (self.pending.len(), true)
            }
            None => return,
        };
        let pending = std::mem::take(&mut self.pending);
        self.count(&pending[..cut]);
        self.estimating = forced; // a safe cut ends the run
        self.pending = pending;
        self.pending.drain(..cut);
        self.searched -= cut;
    }

    /// Count `text`, which ends where the pre-tokenizer always splits (or is
    /// the end of the input, or of a run being estimated).
    fn count(&mut self, text: &str) {
        if !self.estimating {
            if !self.elsewhere.add(self.encoding, text) {
                self.total += self.encoding.count(text);
            }
            return;
        }
        let mut rest = text;
        while !rest.is_empty() {
            let mut end = rest.floor_char_boundary(ESTIMATE_PIECE);
            if end == 0 {
                end = rest.chars().next().map_or(rest.len(), char::len_utf8);
            }
            self.total += self.encoding.count_memoized(&rest[..end]);
            rest = &rest[end..];
        }
    }
}

/// The last byte offset where tiktoken's pre-tokenizer (cl100k and o200k)
/// always splits: right after an ASCII letter and before an ASCII character
/// that is neither alphanumeric nor an apostrophe. Every pre-token that
/// contains a letter ends at the first such character (o200k's optional
/// contraction suffix starts with `'`), and the next pre-token starts there.
/// Only cuts at `from` or later are looked for.
fn safe_cut(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    (from..bytes.len()).rev().find(|&i| {
        let (prev, next) = (bytes[i - 1], bytes[i]);
        prev.is_ascii_alphabetic()
            && next.is_ascii()
            && !next.is_ascii_alphanumeric()
            && next != b'\''
    })
}

#[cfg(test)]
mod tests;

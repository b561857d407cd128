//! Linear-time counting of one long piece: the backtracking encoder of the
//! `bpe` crate 0.2.3 (github/rust-gems, MIT), counting only, re-implemented
//! over the compact rank table (`build.rs`) instead of its prebuilt
//! automata, and built the first time a long piece is counted.
//!
//! The encoder takes the longest token at each position and backs off to
//! shorter prefixes (or pops the previous token) until each adjacent pair is
//! one BPE would have left unmerged (`valid_pair`): the result is exactly
//! tiktoken's merge, in about linear time where the merge's heap is
//! O(n log n) with a cache miss per step. Only the `bpe` crate's
//! longest-prefix automaton is replaced: by a binary search over the tokens
//! in byte order, which costs a sort to build instead of ~0.6 s.

use super::table::RankTable;

const NONE: u32 = u32::MAX;

pub struct Backtrack {
    table: &'static [u8],
    /// Per rank: where its length byte is in `table`.
    starts: Vec<u32>,
    /// Every rank, in the byte order of its token.
    sorted: Vec<u32>,
    /// Per first two bytes: where the tokens starting with them are in
    /// `sorted` (the widest two steps of `longest_prefix`, done once).
    by_two: Vec<(u32, u32)>,
    /// Per byte: its token (byte-level BPE has all 256).
    by_one: [u32; 256],
    /// Per rank: the longest token that is a proper prefix of it, or NONE.
    next_prefix: Vec<u32>,
    /// Per rank: the two tokens BPE merged into it (itself twice for a byte).
    split: Vec<(u32, u32)>,
    /// The longest token's length.
    max_len: usize,
}

impl Backtrack {
    /// The encoder's tables for `ranks` (`bpe`'s `from_dictionary`).
    pub fn new(ranks: &RankTable) -> Self {
        let table = ranks.bytes;
        let mut starts = Vec::with_capacity(ranks.len());
        let mut at = 0usize;
        while at < table.len() {
            starts.push(at as u32);
            at += 1 + usize::from(table[at]);
        }
        let mut this = Self {
            table,
            sorted: (0..starts.len() as u32).collect(),
            starts,
            by_two: vec![(0, 0); 1 << 16],
            by_one: [NONE; 256],
            next_prefix: Vec::new(),
            split: Vec::new(),
            max_len: 0,
        };
        this.sorted
            .sort_unstable_by_key(|&rank| token(table, &this.starts, rank));
        for (at, &rank) in this.sorted.iter().enumerate() {
            match *this.bytes(rank) {
                [byte] => this.by_one[usize::from(byte)] = rank,
                [a, b, ..] => {
                    let range = &mut this.by_two[usize::from(a) << 8 | usize::from(b)];
                    if range.1 == 0 {
                        range.0 = at as u32;
                    }
                    range.1 = at as u32 + 1;
                }
                [] => {}
            }
        }
        // Tokens are short (at most 128 bytes, 7 on average): probing the
        // map is cheaper than `longest_prefix` here.
        this.next_prefix = (0..this.starts.len() as u32)
            .map(|rank| {
                let bytes = this.bytes(rank);
                (1..bytes.len())
                    .rev()
                    .find_map(|len| ranks.rank(&bytes[..len]))
                    .unwrap_or(NONE)
            })
            .collect();
        // Reverse-engineer each token's merge: the longest prefix token whose
        // rest is a token, both older, and a pair BPE would merge.
        this.max_len = (0..this.starts.len() as u32)
            .map(|rank| this.bytes(rank).len())
            .max()
            .unwrap_or(0);
        this.split.reserve(this.starts.len());
        for id in 0..this.starts.len() as u32 {
            let bytes = this.bytes(id);
            let mut left = this.next_prefix[id as usize];
            while left != NONE {
                let rest = &bytes[this.bytes(left).len()..];
                if let Some(right) = ranks.rank(rest)
                    && left < id
                    && right < id
                    && this.valid_pair(ranks, left, right)
                {
                    this.split.push((left, right));
                    break;
                }
                left = this.next_prefix[left as usize];
            }
            if left == NONE {
                this.split.push((id, id));
            }
        }
        this
    }

    fn bytes(&self, rank: u32) -> &'static [u8] {
        token(self.table, &self.starts, rank)
    }

    /// The longest token `text` starts with.
    fn longest_prefix(&self, text: &[u8]) -> Option<u32> {
        let (a, b) = match *text {
            [] => return None,
            [a] => return Some(self.by_one[usize::from(a)]),
            [a, b, ..] => (a, b),
        };
        let mut best = Some(self.by_one[usize::from(a)]);
        let (lo, hi) = self.by_two[usize::from(a) << 8 | usize::from(b)];
        if lo == hi {
            return best;
        }
        // Invariant: the tokens in `sorted[lo..hi]` are those starting with
        // `text[..k]`, the one equal to it (if any) first.
        let (mut lo, mut hi) = (lo as usize, hi as usize);
        for (k, &c) in text.iter().enumerate().skip(2) {
            let first = self.sorted[lo];
            if self.bytes(first).len() == k {
                best = Some(first);
            }
            let range = &self.sorted[lo..hi];
            let below = |rank: &u32| {
                let t = self.bytes(*rank);
                t.len() <= k || t[k] < c
            };
            let from = lo + range.partition_point(below);
            let to = from
                + self.sorted[from..hi]
                    .partition_point(|rank| self.bytes(*rank).get(k) == Some(&c));
            if from == to {
                return best;
            }
            (lo, hi) = (from, to);
        }
        let first = self.sorted[lo];
        if self.bytes(first).len() == text.len() {
            best = Some(first);
        }
        best
    }

    /// Whether BPE, merging `left`'s and `right`'s bytes, leaves them as
    /// these two tokens: no merge across their border comes before the
    /// merges that built them (`bpe`'s `is_valid_token_pair`).
    fn valid_pair(&self, ranks: &RankTable, mut left: u32, mut right: u32) -> bool {
        let mut limit = u32::MAX;
        loop {
            if let Some(combined) = self.merged(ranks, left, right)
                && combined < limit
            {
                return false;
            }
            // Undo the later of the two merges.
            if left > right {
                limit = left;
                left = self.split[left as usize].1;
                if left == limit {
                    limit = right + 1;
                    right = self.split[right as usize].0;
                    if right + 1 == limit {
                        return true;
                    }
                }
            } else {
                limit = right + 1;
                right = self.split[right as usize].0;
                if right + 1 == limit {
                    limit = left;
                    left = self.split[left as usize].1;
                    if left == limit {
                        return true;
                    }
                }
            }
        }
    }

    /// The token BPE merges `left` and `right` into, if any: `bpe`'s
    /// `pair_lookup`, looked up in the rank map instead of a second map
    /// (which would be the largest table, and slower to build).
    fn merged(&self, ranks: &RankTable, left: u32, right: u32) -> Option<u32> {
        let (left_bytes, right_bytes) = (self.bytes(left), self.bytes(right));
        let len = left_bytes.len() + right_bytes.len();
        if len > self.max_len {
            return None;
        }
        let mut both = [0u8; 2 * 255];
        both[..left_bytes.len()].copy_from_slice(left_bytes);
        both[left_bytes.len()..len].copy_from_slice(right_bytes);
        let id = ranks.rank(&both[..len])?;
        // Only if BPE builds that token from exactly these two (and, while
        // the tables are built, already has).
        (self.split.get(id as usize) == Some(&(left, right))).then_some(id)
    }

    /// How many tokens tiktoken encodes `piece` into (`bpe`'s
    /// `BacktrackEncoder`, counting only). `ranks`: the map this was built
    /// with.
    pub fn count(&self, ranks: &RankTable, piece: &[u8]) -> usize {
        let mut tokens: Vec<u32> = Vec::with_capacity(piece.len() / 4);
        // Positions not yet known to be a dead end.
        let mut open = vec![u64::MAX; (piece.len() + 1).div_ceil(64)];
        let is_open = |open: &[u64], at: usize| open[at / 64] & (1 << (at % 64)) != 0;
        let mut pos = 0;
        let mut next = self.longest_prefix(piece);
        while let Some(mut token) = next {
            let last = tokens.last().copied();
            loop {
                let end = pos + self.bytes(token).len();
                if is_open(&open, end)
                    && last.is_none_or(|last| self.valid_pair(ranks, last, token))
                {
                    tokens.push(token);
                    pos = end;
                    next = self.longest_prefix(&piece[end..]);
                    break;
                }
                let shorter = self.next_prefix[token as usize];
                if shorter != NONE {
                    token = shorter;
                    continue;
                }
                // No token from here fits: `pos` is a dead end; retry the
                // previous token shorter.
                open[pos / 64] &= !(1 << (pos % 64));
                tokens.pop();
                pos -= last.map_or(0, |t| self.bytes(t).len());
                next = last;
                break;
            }
        }
        tokens.len()
    }
}

fn token(table: &'static [u8], starts: &[u32], rank: u32) -> &'static [u8] {
    let at = starts[rank as usize] as usize;
    &table[at + 1..at + 1 + usize::from(table[at])]
}

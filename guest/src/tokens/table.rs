//! The rank table of an encoding, token bytes to rank, read from the
//! compact data the build script writes (`build.rs`). Shared by the merge
//! (`bpe`) and the backtracking encoder (`backtrack`), which `bpe` uses.

use rustc_hash::FxHashMap;

pub struct RankTable {
    /// Per rank from 0, a length byte and that many bytes.
    pub(super) bytes: &'static [u8],
    pub(super) map: FxHashMap<&'static [u8], u32>,
}

impl RankTable {
    /// `table`: per rank from 0, a length byte and that many bytes.
    pub fn from_table(table: &'static [u8]) -> Self {
        // Exactly as many places as ranks: a guess from the table's size
        // (one in six bytes) doubled the map's buckets for both encodings,
        // 1.7 MB more for cl100k and 3.4 MB more for o200k in every
        // instance that counts.
        let mut map = FxHashMap::default();
        map.reserve(count(table));
        let (mut at, mut rank) = (0usize, 0u32);
        while at < table.len() {
            let len = usize::from(table[at]);
            map.insert(&table[at + 1..at + 1 + len], rank);
            at += 1 + len;
            rank += 1;
        }
        Self { bytes: table, map }
    }

    /// How many ordinary tokens the encoding has.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn rank(&self, bytes: &[u8]) -> Option<u32> {
        self.map.get(bytes).copied()
    }
}

/// Ranks in `table`.
fn count(table: &[u8]) -> usize {
    let (mut at, mut n) = (0usize, 0usize);
    while at < table.len() {
        at += 1 + usize::from(table[at]);
        n += 1;
    }
    n
}

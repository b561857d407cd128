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
        let mut map = FxHashMap::default();
        map.reserve(table.len() / 6);
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

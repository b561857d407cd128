//! tiktoken's byte-pair merge, counting only, over a rank table built from
//! the compact data the build script writes (`build.rs`).
//!
//! tiktoken merges the lowest-ranked adjacent pair (the leftmost on a tie)
//! until no pair is a token. Short pieces use its quadratic scan; longer
//! ones the `bpe` crate's backtracking encoder (`backtrack`), in about
//! linear time, over tables built the first time a piece past `HEAP_MAX`
//! (one unbroken run) comes. Until then, a heap of candidate pairs makes the
//! same merges in O(n log n): cheaper than building the tables for a piece
//! of a few kilobytes (a base64 line).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

use super::backtrack::Backtrack;
use super::table::RankTable;

pub struct Ranks {
    table: RankTable,
    backtrack: OnceLock<Backtrack>,
}

/// Pieces longer than this take the backtracking encoder, or the heap…
const SCAN_MAX: usize = 64;
/// …up to this length, if its tables are not built yet: building them
/// (~50 ms native, once per instance) costs about what the heap spends on a
/// piece of this size.
pub(super) const HEAP_MAX: usize = 256 * 1024;

impl Ranks {
    /// `table`: per rank from 0, a length byte and that many bytes.
    pub fn from_table(table: &'static [u8]) -> Self {
        Self {
            table: RankTable::from_table(table),
            backtrack: OnceLock::new(),
        }
    }

    /// How many tokens tiktoken encodes `piece` (one pre-token) into.
    pub fn count(&self, piece: &[u8]) -> usize {
        if piece.len() <= 1 {
            return piece.len();
        }
        if self.table.rank(piece).is_some() {
            return 1;
        }
        if piece.len() <= SCAN_MAX {
            self.count_scan(piece)
        } else if let Some(backtrack) = self.backtrack.get() {
            backtrack.count(&self.table, piece)
        } else if piece.len() <= HEAP_MAX {
            self.count_heap(piece)
        } else {
            self.backtrack().count(&self.table, piece)
        }
    }

    fn backtrack(&self) -> &Backtrack {
        self.backtrack.get_or_init(|| Backtrack::new(&self.table))
    }

    /// tiktoken's `_byte_pair_merge`: `parts[i]` starts a part and holds the
    /// rank of it merged with the next part.
    fn count_scan(&self, piece: &[u8]) -> usize {
        let pair_rank = |parts: &[(usize, u32)], i: usize| -> u32 {
            if i + 2 < parts.len() {
                self.table
                    .rank(&piece[parts[i].0..parts[i + 2].0])
                    .unwrap_or(u32::MAX)
            } else {
                u32::MAX
            }
        };
        let mut parts: Vec<(usize, u32)> = (0..=piece.len()).map(|i| (i, u32::MAX)).collect();
        for i in 0..parts.len() - 2 {
            parts[i].1 = pair_rank(&parts, i);
        }
        loop {
            let mut min = (u32::MAX, 0);
            for (i, &(_, rank)) in parts[..parts.len() - 1].iter().enumerate() {
                if rank < min.0 {
                    min = (rank, i);
                }
            }
            if min.0 == u32::MAX {
                break;
            }
            let i = min.1;
            parts.remove(i + 1);
            parts[i].1 = pair_rank(&parts, i);
            if i > 0 {
                parts[i - 1].1 = pair_rank(&parts, i - 1);
            }
        }
        parts.len() - 1
    }

    /// The same merges with a min-heap of `(rank, start, end)` pairs; a pair
    /// is current while `start` begins a part whose successor ends at `end`.
    /// Offsets are u32 (pieces come from a stream counted in bounded
    /// slices), which keeps an 8 MB piece near 14 bytes per byte.
    fn count_heap(&self, piece: &[u8]) -> usize {
        let n = u32::try_from(piece.len()).expect("pieces are far below 4 GiB");
        const NONE: u32 = u32::MAX;
        // end[i]: where the part starting at i ends (NONE once merged away);
        // prev[i]: the start of the part before it.
        let mut end: Vec<u32> = (1..=n).collect();
        let mut prev: Vec<u32> = (0..n).map(|i| i.wrapping_sub(1)).collect();
        let bytes = |from: u32, to: u32| &piece[from as usize..to as usize];
        let mut heap: BinaryHeap<Reverse<(u32, u32, u32)>> = (0..n - 1)
            .filter_map(|i| Some(Reverse((self.table.rank(bytes(i, i + 2))?, i, i + 2))))
            .collect();
        let mut parts = piece.len();
        while let Some(Reverse((_, start, pair_end))) = heap.pop() {
            let mid = end[start as usize];
            if mid == NONE || mid >= n || end[mid as usize] != pair_end {
                continue;
            }
            end[mid as usize] = NONE;
            end[start as usize] = pair_end;
            if pair_end < n {
                prev[pair_end as usize] = start;
            }
            parts -= 1;
            let before = prev[start as usize];
            if before != NONE
                && let Some(rank) = self.table.rank(bytes(before, pair_end))
            {
                heap.push(Reverse((rank, before, pair_end)));
            }
            if pair_end < n {
                let after = end[pair_end as usize];
                if let Some(rank) = self.table.rank(bytes(start, after)) {
                    heap.push(Reverse((rank, start, after)));
                }
            }
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cl100k() -> Ranks {
        Ranks::from_table(crate::tokens::CL100K_TABLE)
    }

    /// A small deterministic generator (no extra dev-dependency).
    fn bytes(seed: &mut u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                alphabet[(*seed % alphabet.len() as u64) as usize]
            })
            .collect()
    }

    #[test]
    fn the_heap_makes_the_same_merges_as_tiktokens_scan() {
        let ranks = cl100k();
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for alphabet in [&b"ab"[..], b"aaab ", b"abcdefghij", b"=-_ \n", b"AZaz09+/"] {
            for len in [2, 3, 7, 40, 65, 300, 1000] {
                for _ in 0..20 {
                    let piece = bytes(&mut seed, len, alphabet);
                    assert_eq!(
                        ranks.count_heap(&piece),
                        ranks.count_scan(&piece),
                        "{:?}",
                        String::from_utf8_lossy(&piece)
                    );
                }
            }
        }
    }

    #[test]
    fn backtracking_makes_the_same_merges_as_tiktokens_scan() {
        for ranks in [cl100k(), Ranks::from_table(crate::tokens::O200K_TABLE)] {
            let backtrack = ranks.backtrack();
            let mut seed = 0x2545_f491_4f6c_dd1d;
            for alphabet in [&b"ab"[..], b"aaab ", b"abcdefghij", b"=-_ \n", b"AZaz09+/"] {
                for len in [1, 2, 3, 7, 40, 65, 300] {
                    for _ in 0..20 {
                        let piece = bytes(&mut seed, len, alphabet);
                        assert_eq!(
                            backtrack.count(&ranks.table, &piece),
                            ranks.count_scan(&piece),
                            "{:?}",
                            String::from_utf8_lossy(&piece)
                        );
                    }
                }
            }
            // Every token is its own encoding.
            for &token in ranks.table.map.keys() {
                assert_eq!(
                    backtrack.count(&ranks.table, token),
                    1,
                    "{:?}",
                    String::from_utf8_lossy(token)
                );
            }
        }
    }

    #[test]
    fn tables_hold_every_ordinary_rank() {
        let ranks = cl100k();
        assert_eq!(ranks.table.map.len(), 100_256);
        let o200k = Ranks::from_table(crate::tokens::O200K_TABLE);
        assert_eq!(o200k.table.map.len(), 199_998);
        // Byte-level BPE: every single byte is a token.
        assert!((0..=255u8).all(|b| ranks.table.rank(&[b]).is_some()));
    }
}

//! Read-ahead for a scan of a handle read by range. Once a call's reads
//! follow one another through an object (a grep, a lexical pass over the
//! view), each fetch also takes the blocks that come next, from 1 MiB up to
//! [`MAX_AHEAD`] blocks as the scan goes on, in requests of
//! [`REQUEST_BLOCKS`] made at once: the scan waits on one round trip per
//! few MiB instead of one per MiB. A read elsewhere starts over, so a call
//! that reads a few lines fetches nothing ahead.

use std::collections::BTreeMap;

/// The most blocks held ahead of a scan (4 MiB).
pub(super) const MAX_AHEAD: u64 = 32;
/// Blocks per ranged GET when several go at once (1 MiB).
pub(super) const REQUEST_BLOCKS: u64 = 8;
/// Reads in a row, each starting where the last ended, before a fetch
/// takes blocks ahead.
const SCAN_AFTER: u32 = 2;

/// One call's scan of one object, and the blocks fetched ahead of it.
#[derive(Default)]
pub(super) struct ReadAhead {
    suffix: String,
    /// The block after the last read's last.
    next: u64,
    /// Reads in a row that continued the one before.
    streak: u32,
    /// Fetched ahead and not read yet, by number.
    blocks: BTreeMap<u64, Vec<u8>>,
}

impl ReadAhead {
    /// A read of blocks `first..=last` of `suffix`'s object: how many
    /// blocks after `last` to fetch with it.
    pub(super) fn plan(&mut self, suffix: &str, first: u64, last: u64) -> u64 {
        let continues = self.suffix == suffix && (first == self.next || first + 1 == self.next);
        if continues {
            self.streak += 1;
        } else {
            self.suffix = suffix.to_string();
            self.streak = 0;
            self.blocks.clear();
        }
        self.next = last + 1;
        self.blocks.retain(|&n, _| n >= first);
        match self.streak.checked_sub(SCAN_AFTER) {
            Some(more) => (REQUEST_BLOCKS << more.min(2)).min(MAX_AHEAD),
            None => 0,
        }
    }

    /// Block `n` of `suffix`'s object, if it was fetched ahead.
    pub(super) fn take(&mut self, suffix: &str, n: u64) -> Option<Vec<u8>> {
        if self.suffix != suffix {
            return None;
        }
        self.blocks.remove(&n)
    }

    /// Whether block `n` of `suffix`'s object waits here.
    pub(super) fn holds(&self, suffix: &str, n: u64) -> bool {
        self.suffix == suffix && self.blocks.contains_key(&n)
    }

    /// Keep block `n`, fetched ahead of the scan.
    pub(super) fn keep(&mut self, n: u64, block: Vec<u8>) {
        if (self.blocks.len() as u64) < MAX_AHEAD {
            self.blocks.insert(n, block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scan_reads_ahead_more_as_it_goes_and_a_jump_starts_over() {
        let mut ahead = ReadAhead::default();
        // 1 MiB reads (8 blocks) one after another through the view.
        let plans: Vec<u64> = (0..6)
            .map(|i| ahead.plan("txt", i * 8, i * 8 + 7))
            .collect();
        assert_eq!(plans, [0, 0, 8, 16, 32, 32]);
        // A read elsewhere: nothing ahead, and what was held goes.
        ahead.keep(48, vec![1]);
        assert_eq!(ahead.plan("txt", 1000, 1007), 0);
        assert!(!ahead.holds("txt", 48));
        // Another file: the scan starts over.
        assert_eq!(ahead.plan("txt", 1008, 1015), 0);
        assert_eq!(ahead.plan("idx", 1016, 1023), 0);
        // A read that starts in the block the last one ended in continues.
        ahead.plan("idx", 1023, 1030);
        assert_eq!(ahead.plan("idx", 1030, 1037), 8);
        ahead.keep(1038, vec![2]);
        assert_eq!(ahead.take("txt", 1038), None);
        assert_eq!(ahead.take("idx", 1038), Some(vec![2]));
    }
}

//! Counting some pieces elsewhere: on the host's other cores (the
//! `counting` import), while the store goes on here.
//!
//! Pieces are cut where the pre-tokenizer always splits, so where each one
//! is counted does not change the sum. Helpers take a piece only when they
//! have room for it: the rest is counted here, which balances the work
//! whatever the host's cores are doing.

use super::Encoding;

/// A tally opened on the host.
pub trait Helpers {
    /// Take `text` to count; false when no helper has room for it now.
    fn add(&mut self, text: &str) -> bool;
    /// Wait for every piece taken: their total, and the pieces a helper
    /// failed to count (to be counted here). None when pieces were lost.
    fn total(self: Box<Self>) -> Option<(u64, Vec<String>)>;
}

/// Opens a tally for an encoding, or none when the host has no core to
/// spare.
pub type OpenHelpers = fn(Encoding) -> Option<Box<dyn Helpers>>;

/// Helpers for one count, opened on its first piece: an output too small
/// to have a piece to hand over opens none.
#[derive(Default)]
pub(super) struct Elsewhere {
    open: Option<OpenHelpers>,
    helpers: Option<Box<dyn Helpers>>,
}

impl Elsewhere {
    pub(super) fn new(open: OpenHelpers) -> Self {
        Self {
            open: Some(open),
            helpers: None,
        }
    }

    /// Hands `text` over; false when it is to be counted here.
    pub(super) fn add(&mut self, encoding: Encoding, text: &str) -> bool {
        if let Some(open) = self.open.take() {
            self.helpers = open(encoding);
        }
        self.helpers.as_mut().is_some_and(|h| h.add(text))
    }

    /// The total of what was handed over, with what came back counted
    /// here; false when pieces were lost (the total is short).
    pub(super) fn total(&mut self, encoding: Encoding) -> (u64, bool) {
        let Some(helpers) = self.helpers.take() else {
            return (0, true);
        };
        match helpers.total() {
            Some((counted, back)) => (
                counted + back.iter().map(|t| encoding.count(t)).sum::<u64>(),
                true,
            ),
            None => (0, false),
        }
    }
}

//! Which query terms a line's token holds: the hot path of the search, run
//! for every token of the output.
//!
//! A token holds a term when it is one of the term's forms, extends a form
//! of four bytes or more by one to three bytes (`timeout` → `timeouts`), or
//! has the same stem (`failed` → `fail`, `copy` → `copi`). Most tokens share
//! no two-byte prefix with any form and are rejected by one bit test; the
//! rest are decided once and remembered (logs repeat their words), in a
//! table cleared when it fills, so memory stays bounded; words with digits
//! (ids) are decided each time.

use rustc_hash::FxHashMap;

use super::query::Query;
use super::stem::Stems;

/// Distinct tokens remembered before the table is cleared.
const MEMO_ENTRIES: usize = 16_384;

pub(super) struct Matcher {
    /// Every term's forms, flattened: form `i` is `forms[i]`.
    forms: Vec<String>,
    /// Bit `b0 << 8 | b1` set when some form starts with bytes b0, b1 —
    /// or shares them with a word of the same stem (`cop` of `copi`).
    pairs: Box<[u64; 1024]>,
    /// First bytes of one-byte forms.
    singles: [u64; 4],
    stems: Stems,
    /// Token → the forms it holds.
    memo: FxHashMap<Box<str>, Box<[u32]>>,
}

impl Matcher {
    pub fn new(query: &Query) -> Self {
        let mut m = Matcher {
            forms: (query.forms.iter().flatten())
                .map(|f| f.text.clone())
                .collect(),
            pairs: Box::new([0; 1024]),
            singles: [0; 4],
            stems: Stems::new(),
            memo: FxHashMap::default(),
        };
        for fs in &query.forms {
            for f in fs {
                match f.text.as_bytes() {
                    [] => {}
                    [b] => m.singles[usize::from(*b) / 64] |= 1 << (b % 64),
                    [b0, b1, ..] => {
                        let pair = usize::from(*b0) << 8 | usize::from(*b1);
                        m.pairs[pair / 64] |= 1 << (pair % 64);
                    }
                }
            }
        }
        m
    }

    /// Calls `hit(form)` for every form `token` (lowercased) holds, forms
    /// numbered as [`Query::forms`] flattened.
    pub fn hits(&mut self, token: &str, mut hit: impl FnMut(u32)) {
        let passes = match token.as_bytes() {
            [] => false,
            [b] => self.singles[usize::from(*b) / 64] & (1 << (b % 64)) != 0,
            [b0, b1, ..] => {
                let pair = usize::from(*b0) << 8 | usize::from(*b1);
                self.pairs[pair / 64] & (1 << (pair % 64)) != 0
            }
        };
        if !passes {
            return;
        }
        // Words with digits are mostly ids, new on every line: decided each
        // time, never remembered (they would only churn the table).
        if token.bytes().any(|b| b.is_ascii_digit()) {
            self.decide(token).iter().for_each(|&f| hit(f));
            return;
        }
        if let Some(known) = self.memo.get(token) {
            known.iter().for_each(|&f| hit(f));
            return;
        }
        let found = self.decide(token);
        found.iter().for_each(|&f| hit(f));
        if self.memo.len() >= MEMO_ENTRIES {
            self.memo.clear();
        }
        self.memo.insert(token.into(), found);
    }

    /// The forms `token` holds.
    fn decide(&self, token: &str) -> Box<[u32]> {
        let mut stem: Option<String> = None;
        let mut holds = |text: &str| {
            token == text
                || extends(token, text)
                || (token.len() >= 3
                    && token.as_bytes()[..2] == text.as_bytes()[..2.min(text.len())]
                    && stem.get_or_insert_with(|| self.stems.of(token).into_owned()) == text)
        };
        (self.forms.iter().enumerate())
            .filter(|(_, text)| holds(text))
            .map(|(i, _)| i as u32)
            .collect()
    }
}

/// Line term `tok` extends form `f` of four bytes or more by one to three
/// bytes (`timeout` → `timeouts`, `timeouted`): kept beside stemming for
/// words the stemmer cuts differently (`failure` → `failur`).
fn extends(tok: &str, f: &str) -> bool {
    f.len() >= 4
        && f.is_ascii()
        && tok.len() > f.len()
        && tok.len() <= f.len() + 3
        && tok.starts_with(f)
}

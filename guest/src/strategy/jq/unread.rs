//! What jq's input could not read, in the answer's words: each value or
//! row that failed ([`Unread`], where and why) and the account of them all
//! ([`Gaps`]), which becomes the answer's first line when it is not of the
//! whole output. Below the readers (`input`, `lines`, `csv`), which all
//! report into it.

use std::cell::RefCell;

use jaq_json::Val;

/// A value or row that could not be read, in the answer's words.
#[derive(Debug)]
pub struct Unread {
    /// Where: `line 3`, `line 2, column 6`, `row 4 (line 5)`.
    pub at: String,
    pub why: String,
    /// Nothing after it can be read.
    pub stops: bool,
}

/// Values or rows in order, an [`Unread`] in the place of each that
/// could not be read.
pub type Items<'a> = Box<dyn Iterator<Item = Result<Val, Unread>> + 'a>;

/// `line 3` or `lines 3–9`, as an [`Unread`] says where.
pub fn lines(first: u64, last: u64) -> String {
    if last > first {
        format!("lines {first}–{last}")
    } else {
        format!("line {first}")
    }
}

/// Values or rows not read, up to this many, are left out; the next one
/// stops the reading (an output this broken is not what jq should read).
const MAX_UNREAD: u64 = 16;
/// The first few are named in the answer; the rest are counted.
const NAMED: usize = 3;

/// What could not be read of the input, for the answer's first line.
pub struct Gaps {
    /// `value` or `row`.
    unit: &'static str,
    left_out: Vec<String>,
    count: u64,
    stop: Option<String>,
}

impl Gaps {
    pub fn new(unit: &'static str) -> Self {
        Self {
            unit,
            left_out: Vec::new(),
            count: 0,
            stop: None,
        }
    }

    /// The values of `items`, each that could not be read recorded in
    /// `gaps`; they end where reading must stop.
    pub fn values<'a>(gaps: &'a RefCell<Self>, items: Items<'a>) -> impl Iterator<Item = Val> + 'a {
        items
            .map_while(|item| match item {
                Ok(value) => Some(Some(value)),
                Err(unread) => gaps.borrow_mut().push(unread).then_some(None),
            })
            .flatten()
    }

    /// Record `unread`; false when reading stops at it.
    fn push(&mut self, unread: Unread) -> bool {
        self.count += 1;
        let said = format!("{}: {}", unread.at, unread.why);
        if unread.stops || self.count >= MAX_UNREAD {
            self.stop = Some(if unread.stops {
                said
            } else {
                format!(
                    "{said} (the {MAX_UNREAD}th {} that could not be read)",
                    self.unit
                )
            });
            return false;
        }
        if self.left_out.len() < NAMED {
            self.left_out.push(said);
        }
        true
    }

    /// The answer's words, or None when everything was read.
    pub fn said(&self) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut parts = Vec::new();
        let skipped = self.count - u64::from(self.stop.is_some());
        if skipped > 0 {
            let more = skipped - self.left_out.len() as u64;
            let more = if more > 0 {
                format!("; {more} more")
            } else {
                String::new()
            };
            let (unit, verb) = if skipped == 1 {
                (self.unit.to_string(), "is")
            } else {
                (format!("{}s", self.unit), "are")
            };
            parts.push(format!(
                "{skipped} {unit} could not be read and {verb} left out ({}{more})",
                self.left_out.join("; ")
            ));
        }
        if let Some(stop) = &self.stop {
            parts.push(format!(
                "reading stopped at {stop}; only the {}s before it were read",
                self.unit
            ));
        }
        Some(format!("NOT THE WHOLE OUTPUT: {}.", parts.join("; ")))
    }
}

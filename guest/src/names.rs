//! Names of the WIT's enums as they appear in answers, sidecars and
//! reports: one home for each, on the generated types themselves.

use crate::bindings::types::{Mode, StoreReason};

impl Mode {
    /// The mode's WIT name (`full-chunked`, `read-grep`, …), as answers
    /// and reports show it.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Auto => "auto",
            Mode::FullChunked => "full-chunked",
            Mode::ReadGrep => "read-grep",
            Mode::Truncate => "truncate",
            Mode::Lexical => "lexical",
            Mode::Jq => "jq",
        }
    }
}

impl StoreReason {
    /// The reason as the sidecar stores it.
    pub fn as_str(self) -> &'static str {
        match self {
            StoreReason::SizeCap => "size_cap",
            StoreReason::TokenBudget => "token_budget",
            StoreReason::ReserveFailed => "reserve_failed",
        }
    }

    /// The reason a sidecar names; an unknown name reads as `size_cap`
    /// (sidecars from before the other reasons existed).
    pub fn from_name(name: &str) -> StoreReason {
        match name {
            "token_budget" => StoreReason::TokenBudget,
            "reserve_failed" => StoreReason::ReserveFailed,
            _ => StoreReason::SizeCap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_store_reason_reads_back_as_itself() {
        for reason in [
            StoreReason::SizeCap,
            StoreReason::TokenBudget,
            StoreReason::ReserveFailed,
        ] {
            assert_eq!(StoreReason::from_name(reason.as_str()), reason);
        }
    }
}

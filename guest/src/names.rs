//! Names of the WIT's enums as they appear in answers, sidecars and
//! reports: one home for each, on the generated types themselves.

use tool_output_wire::contract::{MODE_NAMES, REASON_NAMES};

use crate::bindings::types::{Mode, StoreReason};

impl Mode {
    /// The mode's WIT name (`full-chunked`, `read-grep`, …), as answers
    /// and reports show it.
    pub fn as_str(self) -> &'static str {
        MODE_NAMES[self as usize]
    }
}

impl StoreReason {
    /// The reason as the sidecar stores it.
    pub fn as_str(self) -> &'static str {
        REASON_NAMES[self as usize]
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

    /// The contract's tables follow the WIT's declaration order.
    #[test]
    fn names_are_the_wits_in_declaration_order() {
        let modes = [
            (Mode::Auto, "auto"),
            (Mode::FullChunked, "full-chunked"),
            (Mode::ReadGrep, "read-grep"),
            (Mode::Truncate, "truncate"),
            (Mode::Lexical, "lexical"),
            (Mode::Jq, "jq"),
        ];
        for (mode, name) in modes {
            assert_eq!(mode.as_str(), name);
        }
        assert_eq!(StoreReason::TokenBudget.as_str(), "token_budget");
    }

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

//! Names of the WIT's enums as the CLI's JSON, the event log, answers and
//! logs show them, and the parsing back: one home for each, on the
//! generated types themselves (as the guest's `names.rs`), so modules that
//! need a name depend only on the bindings. Also `Outcome`, what a store
//! returned, with its helpers.

use std::str::FromStr;

use tool_output_wire::contract::{MODE_NAMES, REASON_NAMES};

use crate::bindings::types::{LlmCallKind, Mode, StoreOutcome, StoreReason};

/// The modes a caller may name, in the order help texts list them.
pub const MODES: [Mode; 6] = [
    Mode::Auto,
    Mode::FullChunked,
    Mode::ReadGrep,
    Mode::Truncate,
    Mode::Lexical,
    Mode::Jq,
];

impl Mode {
    /// The mode's WIT name (`full-chunked`, `read-grep`, …).
    pub fn as_str(self) -> &'static str {
        MODE_NAMES[self as usize]
    }
}

/// A name that is not one of the modes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl std::fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown mode {:?}: use auto, full-chunked, read-grep, truncate, lexical or jq",
            self.0
        )
    }
}

impl std::error::Error for UnknownMode {}

impl FromStr for Mode {
    type Err = UnknownMode;

    /// A mode's WIT name, surrounding spaces ignored.
    fn from_str(name: &str) -> Result<Mode, UnknownMode> {
        MODES
            .into_iter()
            .find(|m| m.as_str() == name.trim())
            .ok_or_else(|| UnknownMode(name.to_string()))
    }
}

/// The command line's `--mode` (defined with the WASI command's, in
/// `tool-output-args`).
impl From<tool_output_args::ModeArg> for Mode {
    fn from(arg: tool_output_args::ModeArg) -> Self {
        use tool_output_args::ModeArg;
        match arg {
            ModeArg::Auto => Mode::Auto,
            ModeArg::FullChunked => Mode::FullChunked,
            ModeArg::ReadGrep => Mode::ReadGrep,
            ModeArg::Truncate => Mode::Truncate,
            ModeArg::Lexical => Mode::Lexical,
            ModeArg::Jq => Mode::Jq,
        }
    }
}

impl StoreReason {
    /// The reason as in the reference design and the CLI's JSON.
    pub fn as_str(self) -> &'static str {
        REASON_NAMES[self as usize]
    }
}

impl LlmCallKind {
    /// The kind as the event log records it.
    pub fn as_str(self) -> &'static str {
        match self {
            LlmCallKind::Map => "map",
            LlmCallKind::Reduce => "reduce",
            LlmCallKind::SubAgentTurn => "sub_agent_turn",
        }
    }
}

/// What a store returned: the WIT's `store-outcome` itself.
pub type Outcome = StoreOutcome;

impl StoreOutcome {
    /// What to put in the conversation: the original bytes or the handle message.
    pub fn tool_result<'a>(&'a self, original: &'a [u8]) -> &'a [u8] {
        match self {
            Outcome::Passthrough(_) => original,
            Outcome::Stored(stored) => stored.message.as_bytes(),
        }
    }

    /// The handle of a stored output; None for a passthrough.
    pub fn handle(&self) -> Option<&str> {
        match self {
            Outcome::Passthrough(_) => None,
            Outcome::Stored(stored) => Some(&stored.handle),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_parses_back_from_its_name_spaces_ignored() {
        for mode in MODES {
            assert_eq!(mode.as_str().parse::<Mode>(), Ok(mode));
            assert_eq!(format!(" {} ", mode.as_str()).parse::<Mode>(), Ok(mode));
        }
    }

    #[test]
    fn an_unknown_mode_is_refused_with_the_list_of_modes() {
        let err = "fast".parse::<Mode>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown mode \"fast\": use auto, full-chunked, read-grep, truncate, lexical or jq"
        );
        assert!("Lexical".parse::<Mode>().is_err());
    }

    #[test]
    fn names_are_the_ones_reports_and_logs_use() {
        let reasons = [
            StoreReason::SizeCap,
            StoreReason::TokenBudget,
            StoreReason::ReserveFailed,
        ];
        let names: Vec<_> = reasons.into_iter().map(StoreReason::as_str).collect();
        assert_eq!(names, ["size_cap", "token_budget", "reserve_failed"]);
        let kinds = [
            LlmCallKind::Map,
            LlmCallKind::Reduce,
            LlmCallKind::SubAgentTurn,
        ];
        let names: Vec<_> = kinds.into_iter().map(LlmCallKind::as_str).collect();
        assert_eq!(names, ["map", "reduce", "sub_agent_turn"]);
    }

    #[test]
    fn the_command_lines_mode_names_are_the_wits() {
        use clap::ValueEnum;
        let args = tool_output_args::ModeArg::value_variants();
        assert_eq!(args.len(), MODES.len());
        for arg in args {
            let name = arg.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(Mode::from(*arg).as_str(), name);
        }
    }
}

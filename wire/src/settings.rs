//! The LLM settings both hosts read (the native CLI from its file and
//! environment, the WASI command's adapter from its environment): their
//! ranges and defaults, in one place.

/// The range of every numeric setting: (key in the configuration file,
/// lowest, highest); the environment variable is `TOOL_OUTPUT_` + the key
/// upper-cased, `_secs` dropped. A value outside is an error naming the key
/// and the range: a file from a cloned repository must not be able to make
/// a command hang or run away.
pub const RANGES: &[(&str, u64, u64)] = &[
    ("context_window", 1024, 100_000_000),
    ("max_output_tokens", 16, 10_000_000),
    ("concurrency", 1, 64),
    ("max_chunks", 1, 10_000),
    ("max_llm_calls", 1, 10_000),
    ("overlap_percent", 0, 50),
    ("timeout_secs", 1, 3600),
    ("extract_timeout_secs", 1, 86_400),
    ("retries", 0, 10),
    ("max_response_bytes", 1024, 1 << 30),
];

/// LLM requests in flight at once.
pub const DEFAULT_CONCURRENCY: u32 = 4;
/// One LLM request, body included.
pub const DEFAULT_TIMEOUT_SECS: u64 = 120;
/// Retries of a failed LLM request.
pub const DEFAULT_RETRIES: u32 = 3;

/// `value` if it is within `name`'s range, else the message that says the
/// range. A name without a range is a caller's bug, answered the same way.
pub fn check(name: &str, value: u64) -> Result<u64, String> {
    match RANGES.iter().find(|(n, _, _)| *n == name) {
        Some((_, low, high)) if (*low..=*high).contains(&value) => Ok(value),
        Some((_, low, high)) => Err(format!(
            "{name} must be between {low} and {high}, not {value}"
        )),
        None => Err(format!("{name} has no range")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_range_admits_its_ends_only() {
        for (name, low, high) in super::RANGES {
            assert_eq!(super::check(name, *low), Ok(*low));
            assert_eq!(super::check(name, *high), Ok(*high));
            assert_eq!(
                super::check(name, high + 1),
                Err(format!(
                    "{name} must be between {low} and {high}, not {}",
                    high + 1
                ))
            );
            if *low > 0 {
                assert!(super::check(name, low - 1).is_err());
            }
        }
    }
}

//! Target `report`: the final-report parser, on a model's whole answer.
//!
//! Input: the answer, optionally followed by a NUL byte and a suffix
//! (lossily decoded). The nonce is fixed: seeds carry the real tags.
//!
//! Invariants: a report is non-empty and trimmed, `no_relevant_data`
//! exactly when it starts with NO RELEVANT DATA FOUND, and it never holds
//! text from outside the wrapper: it lies in the answer after an opening tag
//! with this nonce and holds no closing one; leading whitespace or a leading
//! think block without tags changes nothing; and once a closing tag ends
//! the report, nothing appended after the answer changes it.

use std::sync::LazyLock;

use tool_output_guest::report::{ReportError, parse};

pub const NONCE: &str = "0123456789abcdef";

/// Tags of this nonce as `report.rs` documents them: ASCII whitespace
/// after `<` and around `/`, any case; an opening tag may carry attributes.
static OPEN: LazyLock<regex::Regex> = LazyLock::new(|| {
    let re = format!(r"(?i)<{WS}*ai-agent-{NONCE}-final(?:[\t\n\x0C\r /][^<>]*)?>");
    regex::Regex::new(&re).expect("static regex")
});
static CLOSE: LazyLock<regex::Regex> = LazyLock::new(|| {
    let re = format!(r"(?i)<{WS}*/{WS}*ai-agent-{NONCE}-final{WS}*>");
    regex::Regex::new(&re).expect("static regex")
});
const WS: &str = r"[\t\n\x0C\r ]";

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (answer, suffix) = text.split_once('\0').unwrap_or((&text, ""));
    let result = parse(answer, NONCE);
    if let Ok(r) = &result {
        assert!(
            !r.text.is_empty() && r.text.trim() == r.text,
            "not trimmed: {:?}",
            r.text
        );
        let t = r.text.as_bytes();
        let starts = t.len() >= 22 && t[..22].eq_ignore_ascii_case(b"NO RELEVANT DATA FOUND");
        assert_eq!(
            r.no_relevant_data, starts,
            "no_relevant_data of {:?}",
            r.text
        );
        assert!(
            !CLOSE.is_match(&r.text),
            "a closing tag inside the report: {:?}",
            r.text
        );
        // Occurrences may overlap (`match_indices` would skip some).
        let inside = (answer.char_indices())
            .any(|(at, _)| answer[at..].starts_with(&r.text) && OPEN.is_match(&answer[..at]));
        assert!(inside, "report text not after an opening tag: {:?}", r.text);
    } else {
        assert!(matches!(
            result,
            Err(ReportError::Missing | ReportError::Empty)
        ));
    }
    let padded = format!(" \n\t{answer}");
    assert_eq!(
        parse(&padded, NONCE),
        result,
        "leading whitespace changed the result"
    );
    let thought = format!("<think>{}</think>\n{answer}", suffix.replace('<', " "));
    assert_eq!(
        parse(&thought, NONCE),
        result,
        "a leading think block changed the result"
    );
    // Without reasoning blocks the first opening tag starts the report; a
    // closing tag after it ends the report, so appending changes nothing.
    let lower = answer.to_ascii_lowercase();
    let reasoning = ["think", "reasoning"].iter().any(|n| lower.contains(n));
    let closed = OPEN
        .find(answer)
        .is_some_and(|open| CLOSE.is_match(&answer[open.end()..]));
    if !reasoning && closed {
        let longer = format!("{answer}{suffix}");
        assert_eq!(
            parse(&longer, NONCE),
            result,
            "text after the closing tag changed it"
        );
    }
}

//! Facts of the tool-output contract that every side must agree on: the
//! engine (guest), the native host, the WASI adapters and, through a test
//! that pins its copies (`tests/tests/all/contract.rs`), the JS host.

/// Default `store-policy.max-inline-bytes`: outputs larger than this are
/// stored; also the default cap of an extraction's answer.
pub const DEFAULT_MAX_INLINE_BYTES: u64 = 12288;

/// Longest name of a file in a session directory.
pub const MAX_SESSION_FILE_NAME: usize = 128;

/// Whether `name` may name a file in a session directory: flat (no `/`),
/// 1–128 of `A-Z a-z 0-9 . _ -`, not hidden (no leading dot, so never `.`,
/// `..` or the host's own `.last-used`).
pub fn is_session_file_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_SESSION_FILE_NAME
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The `FAILED` form of an extraction's answer: the model learns the call
/// failed and why, in one shape whoever failed it (the engine, or the host
/// for a call that never reached it). `mode` is the mode's WIT name.
pub fn failed_text(tool: &str, handle: &str, mode: &str, error: &str) -> String {
    format!("TOOL_OUTPUT FAILED FOR {tool} WITH HANDLE {handle}, STRATEGY:{mode}:\n\n{error}")
}

/// The suffix of a handle's original bytes, `<handle>.orig`.
pub const ORIGINAL_SUFFIX: &str = "orig";

/// The suffix of a handle's metadata sidecar, `<handle>.meta.json`: written
/// last, so a handle is complete exactly when its sidecar exists.
pub const SIDECAR_SUFFIX: &str = "meta.json";

/// The suffixes of a handle's files (`<handle>.<suffix>`), in the order
/// they are written and copied: the sidecar last.
pub const HANDLE_FILE_SUFFIXES: [&str; 5] = [ORIGINAL_SUFFIX, "txt", "json", "idx", SIDECAR_SUFFIX];

/// The name of `handle`'s sidecar file.
pub fn sidecar_name(handle: &str) -> String {
    format!("{handle}.{SIDECAR_SUFFIX}")
}

/// A lowercase hyphenated UUID: the only shape a stored handle has (the
/// engine's `Handle::parse`, without the whitespace it tolerates from
/// models).
pub fn is_handle(text: &str) -> bool {
    text.len() == 36
        && text.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
        })
}

/// The WIT's `mode` cases by name, in declaration order: `Mode::X as
/// usize` indexes it on every side (guest, host, WASI command).
pub const MODE_NAMES: [&str; 6] = [
    "auto",
    "full-chunked",
    "read-grep",
    "truncate",
    "lexical",
    "jq",
];

/// The WIT's `store-reason` cases as sidecars, the CLI's JSON and `list`
/// name them, in declaration order.
pub const REASON_NAMES: [&str; 3] = ["size_cap", "token_budget", "reserve_failed"];

/// The WIT's `engine-error` cases by name, in declaration order (as the
/// JS host sees them: `err.code`).
pub const ENGINE_ERROR_CASES: [&str; 4] = [
    "invalid-handle",
    "unknown-handle",
    "invalid-argument",
    "storage",
];

/// The WIT's `engine-error` cases as a user reads them, in declaration
/// order ([`ENGINE_ERROR_CASES`]): each side maps its generated case to its
/// index.
pub const ENGINE_ERROR_KINDS: [&str; 4] = [
    "invalid handle",
    "unknown handle",
    "invalid argument",
    "storage error",
];

/// An engine error's text, `<kind>: <detail>`, for the case at `case` in
/// the WIT's declaration order: what the library's `Display`, the native
/// CLI and the WASI command print (the generated `Display` is the debug
/// form).
pub fn engine_error_text(case: usize, detail: &str) -> String {
    format!("{}: {detail}", ENGINE_ERROR_KINDS[case])
}

/// Whether `c` is never shown raw, to a person or a model: control
/// characters (C0, DEL, C1: some terminals read U+009B as the start of an
/// escape sequence) and the characters that reorder or hide text (bidi
/// marks, embeddings, overrides and isolates, line and paragraph
/// separators, zero-width characters, the BOM, interlinear annotations).
/// The one rule both escapers apply: the engine's shown names
/// (`display::shown`) and the command lines' printed text
/// (`tool_output_args::terminal_safe`).
pub fn is_hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table follows `types.wit`'s `engine-error`, case by case: a
    /// case added, removed or moved there fails here until the table (and
    /// the sides indexing it) follow.
    /// The cases of `kind name { … }` in `wit/types.wit`, in order.
    fn wit_cases(kind_and_name: &str) -> Vec<&'static str> {
        let wit = include_str!("../../wit/types.wit");
        let body = wit
            .split(&format!("{kind_and_name} {{"))
            .nth(1)
            .and_then(|rest| rest.split('}').next())
            .unwrap_or_else(|| panic!("types.wit declares {kind_and_name}"));
        body.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .map(|l| l.split('(').next().unwrap().trim_end_matches(','))
            .collect()
    }

    #[test]
    fn mode_and_reason_names_are_the_wits_cases_in_declaration_order() {
        assert_eq!(wit_cases("enum mode"), MODE_NAMES);
        let reasons: Vec<String> = wit_cases("enum store-reason")
            .iter()
            .map(|c| c.replace('-', "_"))
            .collect();
        assert_eq!(reasons, REASON_NAMES);
    }

    #[test]
    fn engine_error_kinds_are_the_wits_cases_in_declaration_order() {
        let cases = wit_cases("variant engine-error");
        assert_eq!(cases, ENGINE_ERROR_CASES);
        assert_eq!(
            ENGINE_ERROR_KINDS,
            [
                "invalid handle",
                "unknown handle",
                "invalid argument",
                "storage error"
            ]
        );
        assert_eq!(
            engine_error_text(1, "0f8fad5b-d9cb-469f-a165-70867728950e"),
            "unknown handle: 0f8fad5b-d9cb-469f-a165-70867728950e"
        );
    }

    #[test]
    fn session_file_names_are_flat_short_and_not_hidden() {
        for good in [
            "a",
            "x.orig",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d.meta.json",
            "A_b-c",
        ] {
            assert!(is_session_file_name(good), "{good}");
        }
        let long = "a".repeat(129);
        for bad in [
            "",
            ".",
            "..",
            ".last-used",
            "a/b",
            "../x",
            "/x",
            "a\0b",
            "é",
            "a b",
            &long,
        ] {
            assert!(!is_session_file_name(bad), "{bad:?}");
        }
        assert!(is_session_file_name(&long[..128]));
    }

    #[test]
    fn the_failed_form_is_exact() {
        assert_eq!(
            failed_text("bash", "h", "auto", "unknown handle"),
            "TOOL_OUTPUT FAILED FOR bash WITH HANDLE h, STRATEGY:auto:\n\nunknown handle"
        );
    }

    #[test]
    fn a_handle_is_a_lowercase_hyphenated_uuid_and_nothing_else() {
        assert!(super::is_handle("0f8fad5b-d9cb-469f-a165-70867728950e"));
        for bad in [
            "0F8FAD5B-D9CB-469F-A165-70867728950E",
            " 0f8fad5b-d9cb-469f-a165-70867728950e",
            "0f8fad5bd9cb469fa16570867728950e",
            "0f8fad5b-d9cb-469f-a165-70867728950e/..",
            "../8fad5b-d9cb-469f-a165-70867728950e",
            "",
        ] {
            assert!(!super::is_handle(bad), "{bad:?}");
        }
    }
}

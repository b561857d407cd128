//! The JS host keeps copies of facts whose one home is
//! `tool_output_wire::contract` (it cannot import Rust): pinned here, so a
//! change on one side fails until the other follows.

use std::path::PathBuf;

use tool_output::runtime::DEFAULT_MAX_INLINE_BYTES;
use tool_output_wire::contract::is_session_file_name;

fn web(path: &str) -> String {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../web")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

#[test]
fn the_js_default_inline_size_is_the_contracts() {
    let default = format!("?? {DEFAULT_MAX_INLINE_BYTES})");
    assert!(
        web("src/index.js").contains(&default),
        "web/src/index.js: {default}"
    );
    let demo = format!("|| {DEFAULT_MAX_INLINE_BYTES},");
    assert!(
        web("demo/demo.js").contains(&demo),
        "web/demo/demo.js: {demo}"
    );
}

#[test]
fn the_js_session_file_name_rule_is_the_contracts() {
    let host = web("src/session-fs.js");
    let line = host
        .lines()
        .find(|l| l.starts_with("const NAME = /"))
        .expect("web/src/session-fs.js defines NAME");
    let pattern = line
        .trim_start_matches("const NAME = /")
        .trim_end_matches(';')
        .trim_end_matches('/');
    let js = regex::Regex::new(pattern).unwrap();
    let mut names: Vec<String> = [
        "",
        ".",
        "..",
        ".last-used",
        "a",
        "a.orig",
        "_x",
        "-x",
        "x.",
        "a/b",
        "a b",
        "é",
        "a\0",
        "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d.meta.json",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    names.extend([127, 128, 129].map(|n| "a".repeat(n)));
    // Every single byte, first and later.
    names.extend((1u8..128).flat_map(|b| [format!("{}", b as char), format!("a{}", b as char)]));
    for name in names {
        assert_eq!(
            js.is_match(&name),
            is_session_file_name(&name),
            "{name:?}: web/src/session-fs.js and the contract disagree"
        );
    }
}

#[test]
fn the_js_archive_format_is_the_hosts() {
    use tool_output::archive::{FORMAT, MAX_MANIFEST_BYTES, VERSION};
    use tool_output_wire::contract::{HANDLE_FILE_SUFFIXES, is_handle};
    let js = web("src/archive.js");
    let has = |line: String| assert!(js.contains(&line), "web/src/archive.js: {line}");
    has(format!("export const FORMAT = '{FORMAT}';"));
    has(format!("export const VERSION = {VERSION};"));
    assert_eq!(MAX_MANIFEST_BYTES, 4 << 20);
    has("const MAX_MANIFEST_BYTES = 4 << 20;".to_string());
    let suffixes: Vec<String> = HANDLE_FILE_SUFFIXES
        .iter()
        .map(|s| format!("'{s}'"))
        .collect();
    has(format!("const SUFFIXES = [{}];", suffixes.join(", ")));
    let line = js
        .lines()
        .find(|l| l.starts_with("const HANDLE = /"))
        .expect("web/src/archive.js defines HANDLE");
    let pattern = line
        .trim_start_matches("const HANDLE = /")
        .trim_end_matches(';')
        .trim_end_matches('/');
    let handle = regex::Regex::new(pattern).unwrap();
    for text in [
        "0f8fad5b-d9cb-469f-a165-70867728950e",
        "0F8FAD5B-D9CB-469F-A165-70867728950E",
        "0f8fad5bd9cb469fa16570867728950e",
        "0f8fad5b-d9cb-469f-a165-70867728950e ",
        "../8fad5b-d9cb-469f-a165-70867728950e",
        "g0000000-0000-0000-0000-000000000000",
    ] {
        assert_eq!(handle.is_match(text), is_handle(text), "{text:?}");
    }
}

#[test]
fn the_js_engine_error_words_are_the_contracts() {
    use tool_output_wire::contract::{ENGINE_ERROR_CASES, ENGINE_ERROR_KINDS};
    let entries: Vec<String> = ENGINE_ERROR_CASES
        .iter()
        .zip(ENGINE_ERROR_KINDS)
        .map(|(case, kind)| format!("'{case}': '{kind}'"))
        .collect();
    let line = format!("const ENGINE_ERROR_KINDS = {{ {} }};", entries.join(", "));
    assert!(
        web("src/index.js").contains(&line),
        "web/src/index.js: {line}"
    );
}

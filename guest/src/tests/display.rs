//! Hostile tool names and args (newlines, escapes, bidi overrides, NULs,
//! 120,000 chars) stored, listed and extracted: every place that shows them
//! shows the same escaped, bounded text.

use crate::bindings::types::{CallInfo, ExtractRequest, Mode, StoreOutcome};
use crate::display::{MAX_ARGS_CHARS, MAX_TOOL_CHARS, hidden};
use crate::storage::MemStorage;

#[test]
fn hostile_tool_names_and_args_are_shown_safely_everywhere() {
    let long = "n".repeat(120_000);
    for tool in [
        "two\nlines",
        "esc\x1b[2Jclear",
        "nul\0",
        "rtl\u{202e}txt.exe",
        &long,
    ] {
        let st = MemStorage::new();
        let args = format!("{{\"q\":\"{tool}\"}}{}", "a".repeat(100_000));
        let call = CallInfo {
            tool: tool.into(),
            args,
            model: None,
        };
        let text = "line\n".repeat(5000);
        let StoreOutcome::Stored(s) =
            crate::store::store(&st, call, text.as_bytes(), crate::default_policy()).unwrap()
        else {
            panic!("not stored")
        };
        let safe = |t: &str| {
            !t.chars().any(|c| hidden(c) && c != '\n') && !t.contains("nn".repeat(300).as_str())
        };
        let info = &crate::doc::list(&st).unwrap()[0];
        assert!(
            safe(&info.tool) && !info.tool.contains('\n'),
            "{:?}",
            info.tool
        );
        assert!(info.tool.chars().count() <= MAX_TOOL_CHARS);
        assert!(info.args.chars().count() <= MAX_ARGS_CHARS);
        let result = crate::extract::extract(
            &st,
            &crate::llm::NoLlm,
            ExtractRequest {
                handle: s.handle.clone(),
                extract: "line".into(),
                mode: Some(Mode::Lexical),
                max_bytes: None,
                max_chunks: None,
                max_llm_calls: None,
                overlap_percent: None,
            },
        );
        let header = result.text.lines().next().unwrap();
        assert!(header.starts_with("ABSTRACT FROM TOOL OUTPUT "), "{header}");
        assert!(header.ends_with(&format!("WITH HANDLE {}, STRATEGY:lexical:", s.handle)));
        assert!(safe(header) && header.len() < 1000, "{header}");
    }
}

//! The one rule for showing caller-supplied text (a tool's name and args)
//! to a model or a person: control and bidi characters escaped, length
//! bounded. Applied when an output is stored and again when a sidecar is
//! loaded (the sidecar is untrusted), so every place that shows a tool name
//! (answer headers, prompts, `list`) shows the same safe text.

/// Longest tool name shown, in chars (before escaping). Real names are a
/// few words; the header line must stay a header.
pub const MAX_TOOL_CHARS: usize = 200;

/// Longest tool arguments shown, in chars (before escaping). Enough for
/// real command lines and queries; the prompts stay small whatever the
/// caller passed.
pub const MAX_ARGS_CHARS: usize = 4000;

/// Room kept for the cut marker `…[N more chars]`.
const MARKER_CHARS: usize = 24;

/// `text` with every control character (C0, DEL, C1), and every character
/// that reorders or hides text (bidi embeddings, overrides and isolates,
/// line and paragraph separators, zero-width joiners and marks, BOM) written
/// as an escape (`\n`, `\r`, `\t`, else `\u{…}`), at most `max` chars in
/// all: a longer result is cut and ends with `…[N more chars]` (N counts
/// chars of `text`). Shown text is shown unchanged, so applying this again
/// (to a loaded sidecar) changes nothing.
pub fn shown(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut out_chars = 0;
    // Where the cut goes if one is needed: (bytes of out, chars of text).
    let mut cut = (0, 0);
    for (taken, c) in text.chars().enumerate() {
        let escaped = match c {
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\t' => "\\t".to_string(),
            c if hidden(c) => format!("\\u{{{:x}}}", u32::from(c)),
            c => c.to_string(),
        };
        let chars = escaped.chars().count();
        if out_chars + chars > max {
            let (bytes, kept) = cut;
            out.truncate(bytes);
            let rest = text.chars().count() - kept;
            out.push_str(&format!("…[{rest} more chars]"));
            return out;
        }
        out.push_str(&escaped);
        out_chars += chars;
        if out_chars <= max.saturating_sub(MARKER_CHARS) {
            cut = (out.len(), taken + 1);
        }
    }
    out
}

/// Whether `c` is shown as an escape (controls, bidi and invisible marks):
/// the contract's one rule, shared with the command lines' printing.
pub(crate) fn hidden(c: char) -> bool {
    tool_output_wire::contract::is_hidden_char(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidi_characters_are_escaped() {
        assert_eq!(shown("a\nb\rc\td", 100), "a\\nb\\rc\\td");
        assert_eq!(
            shown("x\x1b[31my\0z\x7f", 100),
            "x\\u{1b}[31my\\u{0}z\\u{7f}"
        );
        assert_eq!(shown("ab\u{202e}cd\u{2066}", 100), "ab\\u{202e}cd\\u{2066}");
        assert_eq!(shown("\u{9b}\u{85}", 100), "\\u{9b}\\u{85}");
        assert_eq!(shown("grep 错误 😀", 100), "grep 错误 😀");
    }

    #[test]
    fn long_text_is_cut_with_a_count() {
        let long = "é".repeat(120_000);
        let s = shown(&long, MAX_TOOL_CHARS);
        assert_eq!(s, format!("{}…[119824 more chars]", "é".repeat(176)));
        assert!(s.chars().count() <= MAX_TOOL_CHARS);
        let exact = "x".repeat(MAX_TOOL_CHARS);
        assert_eq!(shown(&exact, MAX_TOOL_CHARS), exact);
        let escapes = "\u{202e}".repeat(1000);
        let s = shown(&escapes, MAX_TOOL_CHARS);
        assert!(s.chars().count() <= MAX_TOOL_CHARS, "{s}");
        assert!(s.ends_with("…[978 more chars]"), "{s}");
    }

    #[test]
    fn shown_text_is_shown_unchanged() {
        for text in [
            "a\nb\u{1b}",
            &"\0".repeat(500),
            &"y".repeat(300),
            "\\u{1b} literal",
        ] {
            let once = shown(text, MAX_TOOL_CHARS);
            assert_eq!(shown(&once, MAX_TOOL_CHARS), once);
        }
    }
}

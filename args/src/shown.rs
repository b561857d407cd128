//! Text from a hostile source (an archive's member names, a stored file's
//! tool name, a downstream server's stderr, an error quoting any of them)
//! made safe to print: control characters are shown escaped, never sent
//! to a terminal. One rule (the contract's `is_hidden_char`, which the
//! engine's shown names use too), applied where the CLIs print.

use std::borrow::Cow;

/// `text` with every control character escaped as `\u{1b}`: C0 (tab
/// excepted), DEL, C1 (U+0080–U+009F: some terminals read U+009B as an
/// escape sequence) and the bidirectional overrides that make a line read
/// differently from what it holds.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The contract's rule for what is never shown raw, tab excepted (a
/// printed line may hold one).
fn unsafe_char(c: char) -> bool {
    c != '\t' && tool_output_wire::contract::is_hidden_char(c)
}

/// `text` of several lines, each made [`terminal_safe`]: the line breaks
/// stay (for help and error texts that are ours, with a hostile value in
/// them), every other control character is escaped.
pub fn terminal_safe_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && unsafe_char(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(terminal_safe).collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::{terminal_safe, terminal_safe_lines};

    #[test]
    fn escapes_and_line_breaks_are_shown_never_sent() {
        assert_eq!(terminal_safe("plain\ttext é 日本"), "plain\ttext é 日本");
        assert_eq!(
            terminal_safe("a\u{1b}]0;title\u{7}b\u{1b}[2Jc\nd\re\u{9b}f\u{202e}g"),
            "a\\u{1b}]0;title\\u{7}b\\u{1b}[2Jc\\u{a}d\\u{d}e\\u{9b}f\\u{202e}g"
        );
    }

    #[test]
    fn lines_keep_their_breaks_and_nothing_else() {
        assert_eq!(terminal_safe_lines("a\nb\tc\n"), "a\nb\tc\n");
        assert_eq!(
            terminal_safe_lines("error: '\u{9b}31m\u{202e}x'\r\n\nusage\u{1b}[2J"),
            "error: '\\u{9b}31m\\u{202e}x'\\u{d}\n\nusage\\u{1b}[2J"
        );
        // Invisible characters are shown too (the engine's rule).
        assert_eq!(terminal_safe("a\u{200b}b\u{feff}"), "a\\u{200b}b\\u{feff}");
    }
}

//! Text from a hostile source (an archive's member names, a stored file's
//! tool name, a downstream server's stderr, an error quoting any of them)
//! made safe to print: control characters are shown escaped, never sent
//! to a terminal. One rule, applied where the CLIs print.

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

fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::terminal_safe;

    #[test]
    fn escapes_and_line_breaks_are_shown_never_sent() {
        assert_eq!(terminal_safe("plain\ttext é 日本"), "plain\ttext é 日本");
        assert_eq!(
            terminal_safe("a\u{1b}]0;title\u{7}b\u{1b}[2Jc\nd\re\u{9b}f\u{202e}g"),
            "a\\u{1b}]0;title\\u{7}b\\u{1b}[2Jc\\u{a}d\\u{d}e\\u{9b}f\\u{202e}g"
        );
    }
}

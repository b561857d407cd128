//! The extraction LLM's "final report" wrapper.
//!
//! The model must answer inside `<ai-agent-NONCE-FINAL format="text">`, with
//! a fresh random nonce per extraction, so look-alike tags the model copies
//! from the document can never pass for its answer. Parsing is lenient about
//! the tag's spelling (models vary) but strict about the nonce (that is what
//! makes the tag ours).
//!
//! All scanning is over bytes, and every slice boundary is the position of
//! an ASCII `<` or just past an ASCII `>`, so it is always a char boundary.

/// What a model answers when the document holds nothing relevant.
const NO_DATA: &str = "NO RELEVANT DATA FOUND";

/// Reasoning blocks some models emit before answering.
const REASONING: [&str; 3] = ["think", "thinking", "reasoning"];

/// The opening tag for `nonce`: `<ai-agent-{nonce}-FINAL format="text">`.
pub fn open_tag(nonce: &str) -> String {
    format!(r#"<ai-agent-{nonce}-FINAL format="text">"#)
}

/// The closing tag: `</ai-agent-{nonce}-FINAL>`.
pub fn close_tag(nonce: &str) -> String {
    format!("</ai-agent-{nonce}-FINAL>")
}

/// A nonce from 64 random bits: 16 lowercase hex chars. (The caller supplies
/// the randomness, so this module stays deterministic and testable.)
pub fn nonce_from(bits: u64) -> String {
    format!("{bits:016x}")
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalReport {
    /// The report's content, trimmed.
    pub text: String,
    /// The content starts with NO RELEVANT DATA FOUND (case-insensitive,
    /// after trimming): a valid answer, not a failure.
    pub no_relevant_data: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportError {
    /// No opening tag with this nonce (outside think blocks).
    Missing,
    /// The wrapper is there but holds nothing.
    Empty,
}

/// The final report in `answer`, or why there is none.
///
/// Leading reasoning blocks are skipped; the first opening tag with this
/// nonce after them starts the report, which runs to the first matching
/// closing tag or, since models often omit it, to the end of the answer.
pub fn parse(answer: &str, nonce: &str) -> Result<FinalReport, ReportError> {
    let name = format!("ai-agent-{nonce}-final");
    let b = answer.as_bytes();
    let from = body_start(answer).ok_or(ReportError::Missing)?;
    let (_, open_end) = find_tag(b, from, &name, false).ok_or(ReportError::Missing)?;
    let close = find_tag(b, open_end, &name, true).map_or(b.len(), |(start, _)| start);
    let text = strip_stray_fence(answer[open_end..close].trim());
    if text.is_empty() {
        return Err(ReportError::Empty);
    }
    let t = text.as_bytes();
    let no_relevant_data =
        t.len() >= NO_DATA.len() && t[..NO_DATA.len()].eq_ignore_ascii_case(NO_DATA.as_bytes());
    Ok(FinalReport {
        text: text.to_string(),
        no_relevant_data,
    })
}

/// Where the answer proper starts, past any leading reasoning blocks; `None`
/// when an unclosed block swallows everything (it is all thinking, so any
/// tag in it is a draft, not the answer).
fn body_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut pos = 0;
    loop {
        pos = s.len() - s[pos..].trim_start().len();
        let open = REASONING.iter().find_map(|n| match tag_at(b, pos, n) {
            Some((false, end)) => Some((*n, end)),
            _ => None,
        });
        let Some((name, end)) = open else {
            return Some(pos);
        };
        match find_tag(b, end, name, true) {
            Some((_, close_end)) => pos = close_end,
            // Unclosed: trust only what follows the last closer of any kind
            // (e.g. `<think>…</thinking>`), else there is no answer.
            None => return last_reasoning_close(b, end),
        }
    }
}

/// Just past the last reasoning closer (`</think>` and kin) at or after `from`.
fn last_reasoning_close(b: &[u8], from: usize) -> Option<usize> {
    (from..b.len())
        .rev()
        .filter(|&i| b[i] == b'<')
        .find_map(|i| {
            REASONING.iter().find_map(|n| match tag_at(b, i, n) {
                Some((true, end)) => Some(end),
                _ => None,
            })
        })
}

/// The first tag named `name` of the given kind at or after `from`, as
/// `(start, end)` byte offsets.
fn find_tag(b: &[u8], from: usize, name: &str, closing: bool) -> Option<(usize, usize)> {
    (from..b.len())
        .filter(|&i| b[i] == b'<')
        .find_map(|i| match tag_at(b, i, name) {
            Some((c, end)) if c == closing => Some((i, end)),
            _ => None,
        })
}

/// If a tag named `name` (ASCII case-insensitive) starts at `at`, whether it
/// is a closing tag and the offset just past its `>`.
///
/// Lenient on purpose: whitespace after `<`, around `/`, and before `>`;
/// any attributes on an opening tag (the nonce, not `format="text"`, is what
/// identifies the wrapper, so a missing or misspelt attribute is tolerated).
/// A `<` before the `>` means this was not a tag after all.
fn tag_at(b: &[u8], at: usize, name: &str) -> Option<(bool, usize)> {
    if b.get(at) != Some(&b'<') {
        return None;
    }
    let mut i = skip_ws(b, at + 1);
    let closing = b.get(i) == Some(&b'/');
    if closing {
        i = skip_ws(b, i + 1);
    }
    let n = name.as_bytes();
    if !b.get(i..i + n.len())?.eq_ignore_ascii_case(n) {
        return None;
    }
    i += n.len();
    match *b.get(i)? {
        b'>' => return Some((closing, i + 1)),
        c if c.is_ascii_whitespace() || c == b'/' => {}
        _ => return None, // a longer name, e.g. another nonce or `thinking`
    }
    if closing {
        i = skip_ws(b, i);
        return (b.get(i) == Some(&b'>')).then_some((true, i + 1));
    }
    let rest = &b[i..];
    let gt = rest.iter().position(|&c| c == b'>' || c == b'<')?;
    (rest[gt] == b'>').then_some((false, i + gt + 1))
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// Drops a stray closing code fence that ends the content: a model that
/// wrapped its whole answer in ```` ```xml ```` and omitted the closing tag
/// leaves the fence inside. Only when the last line is exactly a fence and
/// no earlier line opens one (otherwise it closes a code block of the
/// report's own, and is kept).
fn strip_stray_fence(text: &str) -> &str {
    let (head, last) = text.rsplit_once('\n').unwrap_or(("", text));
    let stray = last.trim() == "```" && !head.lines().any(|l| l.trim_start().starts_with("```"));
    if stray { head.trim_end() } else { text }
}

#[cfg(test)]
mod tests;

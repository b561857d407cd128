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
mod tests {
    use super::*;

    const N: &str = "0123456789abcdef";

    fn ok(answer: &str) -> FinalReport {
        parse(answer, N).unwrap_or_else(|e| panic!("{e:?} for {answer:?}"))
    }

    fn wrap(body: &str) -> String {
        format!("{}{body}{}", open_tag(N), close_tag(N))
    }

    #[test]
    fn tags_and_nonce() {
        assert_eq!(open_tag("ab"), r#"<ai-agent-ab-FINAL format="text">"#);
        assert_eq!(close_tag("ab"), "</ai-agent-ab-FINAL>");
        assert_eq!(nonce_from(0), "0000000000000000");
        assert_eq!(nonce_from(0xabc), "0000000000000abc");
        assert_eq!(nonce_from(u64::MAX), "ffffffffffffffff");
        let n = nonce_from(0x0123_4567_89ab_cdef);
        assert_eq!(n, N);
        assert!(n.len() == 16 && n.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')));
    }

    #[test]
    fn well_formed() {
        let r = ok(&format!("Here you go:\n{}\n", wrap("\n  the answer  \n")));
        assert_eq!(r.text, "the answer");
        assert!(!r.no_relevant_data);
    }

    #[test]
    fn missing_close_runs_to_end() {
        assert_eq!(
            ok(&format!("{}\nline 1\nline 2\n\n", open_tag(N))).text,
            "line 1\nline 2"
        );
    }

    #[test]
    fn think_block_with_fake_tag_is_ignored() {
        let a = format!(
            "<think>draft: {}\nwrong</think>\n{}",
            wrap("draft"),
            wrap("real")
        );
        assert_eq!(ok(&a).text, "real");
        let a = format!(
            "  <THINKING>a</thinking><reasoning>{}</Reasoning >{}",
            open_tag(N),
            wrap("real")
        );
        assert_eq!(ok(&a).text, "real");
    }

    #[test]
    fn unclosed_think() {
        let a = format!("<think>I will answer {}", wrap("draft"));
        assert_eq!(parse(&a, N), Err(ReportError::Missing));
        // A mismatched closer still ends the thinking.
        let a = format!("<think>{}</thinking>{}", wrap("draft"), wrap("real"));
        assert_eq!(ok(&a).text, "real");
    }

    #[test]
    fn wrong_nonce_is_missing() {
        let a = wrap("x").replace(N, "fedcba9876543210");
        assert_eq!(parse(&a, N), Err(ReportError::Missing));
        // A nonce that merely starts with ours is not ours either.
        let a = wrap("x").replace(N, &format!("{N}00"));
        assert_eq!(parse(&a, N), Err(ReportError::Missing));
        assert_eq!(parse("just text", N), Err(ReportError::Missing));
        assert_eq!(parse("", N), Err(ReportError::Missing));
    }

    #[test]
    fn first_of_two() {
        assert_eq!(ok(&format!("{}\n{}", wrap("one"), wrap("two"))).text, "one");
    }

    #[test]
    fn no_relevant_data() {
        let r = ok(&wrap(
            "\n no relevant data found. The output only lists file sizes.",
        ));
        assert!(r.no_relevant_data);
        assert!(r.text.starts_with("no relevant data found."));
        assert!(!ok(&wrap("There is NO RELEVANT DATA FOUND here")).no_relevant_data);
    }

    #[test]
    fn empty_wrapper() {
        assert_eq!(parse(&wrap(" \n\t "), N), Err(ReportError::Empty));
        assert_eq!(parse(&open_tag(N), N), Err(ReportError::Empty));
        assert_eq!(
            parse(&format!("{}\n```\n", open_tag(N)), N),
            Err(ReportError::Empty)
        );
    }

    #[test]
    fn lenient_forms() {
        let forms = [
            format!("<ai-agent-{N}-FINAL format='text'>"),
            format!("< ai-agent-{N}-FINAL  format = \"text\" >"),
            format!("<AI-AGENT-{N}-final FORMAT=text>"),
            format!("<ai-agent-{N}-FINAL>"),
            format!("<ai-agent-{N}-FINAL\n  format=\"markdown\">"),
        ];
        for open in forms {
            assert_eq!(
                ok(&format!("{open}x</ai-agent-{N}-FINAL>")).text,
                "x",
                "{open}"
            );
            assert_eq!(
                ok(&format!("{open}x< / AI-Agent-{N}-Final >y")).text,
                "x",
                "{open}"
            );
        }
        // Upper-case hex is the same nonce.
        assert_eq!(ok(&wrap("x").replace(N, &N.to_uppercase())).text, "x");
        // Not tags: the name runs on, or a `<` comes before the `>`.
        assert_eq!(
            parse(&format!("<ai-agent-{N}-FINALS>x"), N),
            Err(ReportError::Missing)
        );
        assert_eq!(
            parse(&format!("<ai-agent-{N}-FINAL a<b>x"), N),
            Err(ReportError::Missing)
        );
    }

    #[test]
    fn content_kept_verbatim() {
        let body = format!(
            "日本語 🦀 a<b && c>d\n<ai-agent-ffff-FINAL format=\"text\">fake</ai-agent-ffff-FINAL>\n\
             </ai-agent-{N}-FINALX> <think>not a think block</think> é"
        );
        assert_eq!(ok(&wrap(&format!("  {body}\n"))).text, body);
    }

    #[test]
    fn fenced_answer() {
        let a = format!("```xml\n{}\n```\n", wrap("\nanswer\n"));
        assert_eq!(ok(&a).text, "answer");
        // No closing tag: the fence closing the wrapper is dropped…
        let a = format!("```xml\n{}\nanswer\n```\n", open_tag(N));
        assert_eq!(ok(&a).text, "answer");
        // …but not one closing a code block of the report's own.
        let a = format!("{}\n```json\n{{}}\n```", open_tag(N));
        assert_eq!(ok(&a).text, "```json\n{}\n```");
    }

    /// xorshift64*: a tiny deterministic generator for the fuzz tests.
    fn rng(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn check(s: &str) {
        if let Ok(r) = parse(s, N) {
            assert!(!r.text.is_empty() && r.text.trim() == r.text);
        }
    }

    #[test]
    fn fuzz_never_panics() {
        let mut st = 0x9E37_79B9_7F4A_7C15;
        // Random bytes, lossily decoded.
        for _ in 0..3000 {
            let len = (rng(&mut st) % 64) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng(&mut st) as u8).collect();
            check(&String::from_utf8_lossy(&bytes));
        }
        // Random sequences of tag fragments and multi-byte chars.
        let open = open_tag(N);
        let close = close_tag(N);
        let parts = [
            "<",
            ">",
            "/",
            " ",
            "\n",
            "<think>",
            "</think>",
            "<thinking",
            "ai-agent-",
            N,
            "-FINAL",
            "format=",
            "'",
            "\"",
            "é",
            "🦀",
            "日",
            "```",
            &open,
            &close,
            "NO RELEVANT",
        ];
        for _ in 0..5000 {
            let s: String = (0..rng(&mut st) % 16)
                .map(|_| parts[(rng(&mut st) % parts.len() as u64) as usize])
                .collect();
            check(&s);
        }
        // Random char-boundary slices of a real answer.
        let real = format!(
            "<think>é{open}🦀</think>\n```xml\n{open}日本 <x> 🦀{close}\n```\n{}",
            wrap("é")
        );
        let cuts: Vec<usize> = real
            .char_indices()
            .map(|(i, _)| i)
            .chain([real.len()])
            .collect();
        for _ in 0..5000 {
            let a = cuts[(rng(&mut st) % cuts.len() as u64) as usize];
            let b = cuts[(rng(&mut st) % cuts.len() as u64) as usize];
            check(&real[a.min(b)..a.max(b)]);
        }
        assert_eq!(ok(&real).text, "日本 <x> 🦀");
    }
}

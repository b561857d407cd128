//! Tests of `report`.

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

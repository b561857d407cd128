//! Tests of `json`.

use super::*;

fn run(pieces: &[&str]) -> (String, bool, bool) {
    let mut j = JsonIndenter::new();
    let mut out = String::new();
    for p in pieces {
        j.push(p, &mut out);
    }
    let failed_early = j.failed();
    let ok = j.finish(&mut out);
    assert_eq!(ok, !j.failed());
    (out, ok, failed_early)
}

use super::super::test_util::{XorShift, random_split};

/// Indents `input` whole, char by char and at random splits; asserts all
/// agree and returns (output, valid).
fn indent(input: &str) -> (String, bool) {
    let whole = run(&[input]);
    let chars: Vec<String> = input.chars().map(String::from).collect();
    let chars: Vec<&str> = chars.iter().map(String::as_str).collect();
    assert_eq!(run(&chars), whole, "char by char: {input:?}");
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d ^ input.len() as u64);
    for _ in 0..50 {
        let pieces = random_split(input, &mut rng);
        assert_eq!(run(&pieces), whole, "split {pieces:?}");
    }
    (whole.0, whole.1)
}

/// Drops JSON whitespace outside strings.
fn strip_ws(s: &str) -> String {
    let (mut in_str, mut escaped) = (false, false);
    let mut out = String::new();
    for c in s.chars() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
        } else if c == '"' {
            in_str = true;
        } else if matches!(c, ' ' | '\t' | '\n' | '\r') {
            continue;
        }
        out.push(c);
    }
    out
}

/// Asserts `input` is valid, only whitespace changed, and the result is
/// a fixed point; returns the output.
fn pretty(input: &str) -> String {
    let (out, ok) = indent(input);
    assert!(ok, "should be valid: {input:?}");
    assert_eq!(strip_ws(&out), strip_ws(input));
    assert_eq!(indent(&out), (out.clone(), true), "not idempotent");
    out
}

fn invalid(input: &str) {
    let (out, ok) = indent(input);
    assert!(!ok, "should be invalid: {input:?}");
    assert_eq!(strip_ws(&out), strip_ws(input), "input lost");
}

#[test]
fn typical_api_response() {
    let input = r#"{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hi"},"finish_reason":null}],"usage":{"prompt_tokens":9,"ok":true}}"#;
    let expected = r#"{
  "id": "chatcmpl-1",
  "object": "chat.completion",
  "choices": [
    {
      "index": 0,
      "message": {
        "role": "assistant",
        "content": "Hi"
      },
      "finish_reason": null
    }
  ],
  "usage": {
    "prompt_tokens": 9,
    "ok": true
  }
}
"#;
    assert_eq!(pretty(input), expected);
    // Already-pretty input comes out identical.
    assert_eq!(pretty(expected), expected);
}

#[test]
fn nested_arrays_of_objects() {
    let input = " [ [ {\"a\" : [1,2]} , { } ] ,[[]],\t[ {\"b\":false}]]\r\n";
    let expected = "[\n  [\n    {\n      \"a\": [\n        1,\n        2\n      ]\n    },\n    {}\n  ],\n  [\n    []\n  ],\n  [\n    {\n      \"b\": false\n    }\n  ]\n]\n";
    assert_eq!(pretty(input), expected);
}

#[test]
fn empty_containers_compact() {
    assert_eq!(pretty("{}"), "{}\n");
    assert_eq!(pretty("[ \n ]"), "[]\n");
    assert_eq!(
        pretty("\n\t {\"a\":{ },\"b\":[\n],\"c\":[{}]}  \n"),
        "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    {}\n  ]\n}\n"
    );
}

#[test]
fn numbers_and_duplicate_keys_byte_exact() {
    let input = r#"{"n":12345678901234567890123456789,"e":1e400,"z":-0.0,"f":1.5E-7,"p":2e+3,"a":1,"a":2,"arr":[0,-1,0.25]}"#;
    let out = pretty(input);
    assert!(out.contains("\"n\": 12345678901234567890123456789,\n"));
    assert!(out.contains(
        "\"e\": 1e400,\n  \"z\": -0.0,\n  \"f\": 1.5E-7,\n  \"p\": 2e+3,\n  \"a\": 1,\n  \"a\": 2,"
    ));
}

#[test]
fn tricky_strings_copied() {
    let input = r#"{"k{,:}":"v,{[]}:","q":"say \"hi\"","bs":"a\\","u":"\u00e9\uD83D\uDE00","esc":"\/\b\f\n\r\t","x":["a\\\"b"]}"#;
    let out = pretty(input);
    assert!(out.contains("\"k{,:}\": \"v,{[]}:\",\n"));
    assert!(out.contains("\"bs\": \"a\\\\\",\n"));
    assert!(out.contains("\"u\": \"\\u00e9\\uD83D\\uDE00\",\n"));
    assert!(out.contains("\"x\": [\n    \"a\\\\\\\"b\"\n  ]\n"));
}

#[test]
fn unicode_in_strings() {
    let out = pretty("{\"名前\":\"日本語 🦀 👨‍👩‍👧 \u{fffd}\",\"list\":[\"é\",\"\u{7f}\"]}");
    assert_eq!(
        out,
        "{\n  \"名前\": \"日本語 🦀 👨‍👩‍👧 \u{fffd}\",\n  \"list\": [\n    \"é\",\n    \"\u{7f}\"\n  ]\n}\n"
    );
}

#[test]
fn indent_depth_capped() {
    let depth = MAX_INDENT_DEPTH + 8;
    let input = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let out = pretty(&input);
    let widest = out.lines().map(|l| l.len()).max().unwrap();
    assert_eq!(widest, 2 * MAX_INDENT_DEPTH + 2); // capped indent + "[]"
    assert!(out.contains(&format!("\n{}[]\n", " ".repeat(2 * MAX_INDENT_DEPTH))));
}

#[test]
fn invalid_documents() {
    for bad in [
        "",
        "   ",
        "[1,]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{\"a\":1",
        "[\"abc",
        "[\"a\nb\"]",
        "[\"a\tb\"]",
        "[1 2]",
        "\"x\"",
        "42",
        "true",
        "{}{}",
        "{} x",
        "[]]",
        "[}",
        "{]",
        "{1:2}",
        "{\"a\"}",
        "[01]",
        "[1.]",
        "[.5]",
        "[-]",
        "[1e]",
        "[1e+]",
        "[+1]",
        "[tru]",
        "[trUe]",
        "[nulll]",
        "[\"\\x\"]",
        "[\"\\u12g4\"]",
        "[\"\\u12\"]",
        "[,1]",
        "{,}",
        "\u{feff}{}",
        "[1]\u{a0}",
        "[é]",
    ] {
        invalid(bad);
    }
}

#[test]
fn failure_known_early_and_rest_copied() {
    let mut j = JsonIndenter::new();
    let mut out = String::new();
    j.push("[1,]", &mut out);
    assert!(j.failed());
    j.push("  rest é {", &mut out);
    assert!(!j.finish(&mut out));
    assert!(out.ends_with("]  rest é {"), "{out:?}");
    let (_, _, early) = run(&["{\"a\":1}"]);
    assert!(!early);
}

#[test]
fn split_invariance_mixed() {
    let mut input = String::from("{\"items\":[");
    for i in 0..30 {
        if i > 0 {
            input.push(',');
        }
        input.push_str(&format!(
                "{{\"id\":{i},\"name\":\"n\\u00e9 \\\"{i}\\\" 🦀\",\"v\":-{i}.5e-3,\"t\":[true,false,null,{{}},[]]}}"
            ));
    }
    input.push_str("],\"end\":\"\\\\\"}\n");
    let out = pretty(&input);
    assert!(out.ends_with("  \"end\": \"\\\\\"\n}\n"));
    // Invalid input is split-invariant too (indent() checks it).
    invalid(&format!("{}, oops", &input[..input.len() - 2]));
}

/// A random valid value with random whitespace.
fn random_value(rng: &mut XorShift, depth: u32, out: &mut String) {
    const ATOMS: [&str; 8] = [
        "0",
        "-1.5e+9",
        "true",
        "null",
        "\"k\"",
        "\"é🦀\\\"\"",
        "\"\\u00e9\"",
        "\"{,:}\"",
    ];
    const WS: [&str; 4] = ["", " ", "\n  ", "\t\r\n"];
    let ws = |rng: &mut XorShift| WS[(rng.next() % 4) as usize];
    let kind = if depth > 3 { 0 } else { rng.next() % 3 };
    let n = rng.next() % 4;
    match kind {
        0 => out.push_str(ATOMS[(rng.next() % 8) as usize]),
        1 => {
            out.push('[');
            for i in 0..n {
                out.push_str(if i > 0 { "," } else { "" });
                out.push_str(ws(rng));
                random_value(rng, depth + 1, out);
            }
            out.push_str(ws(rng));
            out.push(']');
        }
        _ => {
            out.push('{');
            for i in 0..n {
                out.push_str(if i > 0 { "," } else { "" });
                out.push_str(ws(rng));
                out.push_str(ATOMS[4 + (rng.next() % 4) as usize]);
                out.push_str(ws(rng));
                out.push(':');
                random_value(rng, depth + 1, out);
            }
            out.push('}');
        }
    }
}

#[test]
fn random_documents_split_invariant() {
    const NOISE: [&str; 8] = ["{", "}", "]", ",", ":", "\"", "\\", "x"];
    let mut rng = XorShift(7);
    let (mut valid, mut broken) = (0, 0);
    for _ in 0..300 {
        let mut doc = String::from("[");
        random_value(&mut rng, 1, &mut doc);
        doc.push(']');
        if indent(&doc).1 {
            valid += 1;
            pretty(&doc);
        }
        // Corrupt one byte position: usually invalid, never a panic.
        let mut at = (rng.next() as usize) % doc.len();
        while !doc.is_char_boundary(at) {
            at -= 1;
        }
        doc.insert_str(at, NOISE[(rng.next() % 8) as usize]);
        if indent(&doc).1 {
            pretty(&doc);
        } else {
            broken += 1;
            invalid(&doc);
        }
    }
    assert_eq!(valid, 300);
    assert!(broken > 100);
}

#[test]
fn million_deep_nesting() {
    const N: usize = 1_000_000;
    let input = format!("{}{}", "[".repeat(N), "]".repeat(N));
    let mut j = JsonIndenter::new();
    let (mut out, mut newlines, mut total) = (String::new(), 0, 0);
    for chunk in input.as_bytes().chunks(4096) {
        j.push(std::str::from_utf8(chunk).unwrap(), &mut out);
        newlines += out.bytes().filter(|&b| b == b'\n').count();
        total += out.len();
        out.clear();
    }
    assert!(j.finish(&mut out));
    // Every level but the innermost `[]` opens and closes on its own line.
    assert_eq!(newlines, 2 * N - 1);
    assert!(total > 2 * N);
}

/// Flat below a depth: deeper containers on one line, a space after each
/// comma and colon, nothing else changed.
#[test]
fn containers_below_the_flat_depth_are_one_line() {
    let mut out = String::new();
    let mut ind = JsonIndenter::flat(2);
    ind.push(
        r#"{"a":[{"id":1,"tags":["x","y"]},{}],"b":{"c":[]}}"#,
        &mut out,
    );
    assert!(ind.finish(&mut out));
    assert_eq!(
        out,
        "{\n  \"a\": [\n    {\"id\": 1, \"tags\": [\"x\", \"y\"]},\n    {}\n  ],\n  \"b\": {\n    \"c\": []\n  }\n}\n"
    );
}

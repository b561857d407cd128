//! Tests of the view pipeline: decoding, the JSON-or-text decision,
//! re-indenting and cleaning.

use super::*;

fn view_of(input: &[u8], piece: usize) -> (String, Option<bool>, u64) {
    let mut dec = Utf8Decoder::default();
    let mut builder = ViewBuilder::new();
    let mut sink = LineSink::new();
    let mut text = String::new();
    for chunk in input.chunks(piece.max(1)) {
        text.clear();
        dec.decode(chunk, &mut text);
        builder.push(&text, &mut sink);
    }
    text.clear();
    dec.finish(&mut text);
    builder.push(&text, &mut sink);
    let verdict = builder.finish(&mut sink);
    sink.finish();
    let view = String::from_utf8(sink.take_output()).unwrap();
    (view, verdict, dec.invalid)
}

#[test]
fn decoder_replaces_invalid_and_carries_split_sequences() {
    let input = "héllo 错误 😀".as_bytes();
    for piece in 1..6 {
        let (view, _, invalid) = view_of(input, piece);
        assert_eq!(view, "héllo 错误 😀");
        assert_eq!(invalid, 0);
    }
    // A run of invalid sequences is one mark, wherever the pieces split
    // it; each sequence is counted. A valid U+FFFD stays as it is.
    for piece in 1..8 {
        let (view, _, invalid) = view_of(b"ok \xff\xfe end \xe9", piece);
        assert_eq!(view, "ok \u{FFFD} end \u{FFFD}");
        assert_eq!(invalid, 3);
        let (view, _, invalid) = view_of(b"a\xef\xbf\xbd\xff\xe2\x82b", piece);
        assert_eq!(view, "a\u{FFFD}\u{FFFD}b");
        assert_eq!(invalid, 2);
    }
}

#[test]
fn text_view_of_invalid_bytes_stays_within_twice_the_input() {
    // Each invalid byte used to become a 3-byte U+FFFD: 3× the input.
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut random = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng as u8
    };
    let n = 300_000;
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        ("0xff run", vec![0xff; n]),
        ("0xff then a letter", b"\xffa".repeat(n / 2)),
        ("0xff then a newline", b"\xff\n".repeat(n / 2)),
        ("lone continuation bytes", vec![0x80; n]),
        ("truncated 3-byte sequences", b"\xe2\x82".repeat(n / 2)),
        ("random bytes", (0..n).map(|_| random()).collect()),
    ];
    for (what, input) in inputs {
        let (view, _, _) = view_of(&input, 4096);
        // Soft-wrap newlines (one per WRAP_BYTES of a line) come on top.
        let wraps = view.len() / WRAP_BYTES + 1;
        assert!(
            view.len() <= 2 * input.len() + wraps,
            "{what}: view of {} bytes is {} bytes",
            input.len(),
            view.len()
        );
    }
}

#[test]
fn json_is_reindented_and_text_is_cleaned() {
    let (view, verdict, _) = view_of(br#"  {"a":[1,2],"b":{}}"#, 4);
    assert_eq!(verdict, Some(true));
    assert_eq!(
        view,
        "  {\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n".trim_start()
    );
    let (view, verdict, _) = view_of(b"\x1b[31merror\x1b[0m: x\r\n10%\r100%\n", 5);
    assert_eq!(verdict, Some(false));
    assert_eq!(view, "error: x\n100%\n");
}

#[test]
fn json_after_long_leading_whitespace_is_decided_alike_in_any_pieces() {
    // Found by fuzzing: whole, this was JSON; in 4 KiB pieces the
    // blanks alone passed the limit first and made it text.
    let mut input = vec![b' '; DECIDE_WITHIN + 4464];
    input.extend_from_slice(br#"{"a":1}"#);
    let whole = view_of(&input, input.len());
    assert_eq!(whole.1, Some(false));
    assert_eq!(view_of(&input, 4096), whole);
    let mut near = vec![b'\n'; DECIDE_WITHIN - 1];
    near.extend_from_slice(br#"{"a":1}"#);
    let whole = view_of(&near, near.len());
    assert_eq!(whole.1, Some(true));
    assert_eq!(view_of(&near, 4096), whole);
}

#[test]
fn json_lookalike_is_reported_for_rebuild() {
    let (_, verdict, _) = view_of(b"[1, 2] and then some prose", 7);
    assert_eq!(verdict, None);
}

#[test]
fn an_error_line_is_cut_in_the_middle_after_its_error_word() {
    use super::preview::clip_after;
    let line = "[48390] ERROR: could not extend file base/16384/24721.3: No space left on device";
    let word = super::errors::first_error_end(line.as_bytes()).unwrap();
    assert_eq!(word, 13);
    assert_eq!(
        clip_after(line, word, 60),
        "[48390] ERROR: could n…84/24721.3: No space left on device"
    );
    // The error word late in the line: cut at the end, as before.
    let late = format!("{} ERROR: x", "y".repeat(60));
    assert_eq!(clip_after(&late, 64, 40), super::preview::clip(&late, 40));
    assert_eq!(clip_after("short", 0, 40), "short");
}

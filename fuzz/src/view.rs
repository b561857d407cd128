//! Target `view`: the view pipeline (UTF-8 decoder, terminal cleaner, JSON
//! indenter, line sink) on any bytes.
//!
//! Invariants:
//! - split invariance: whole, byte by byte and at random points, the same
//!   view, verdict, counts, line index and preview;
//! - the decoded text is exactly `String::from_utf8_lossy` of the input
//!   with each run of invalid sequences as one U+FFFD
//!   ([`lossy_one_mark_per_run`]), every invalid sequence counted; so the
//!   text view of any input stays within twice its size (plus wraps);
//! - what the view shows is the decoded text without the byte-order marks
//!   that start lines (`bom.rs`), in both kinds;
//! - text: the view is the cleaned text cut into lines of at most
//!   `WRAP_BYTES`, nothing else; cleaning only removes; a line whose escape
//!   sequences are all well-formed keeps all its printable text; and lines
//!   are independent: what is on one line never hides another
//!   ([`Defect::AnsiUnterminated`]);
//! - JSON: valid exactly when `serde_json` says so; only whitespace
//!   outside strings changes (and lines over `WRAP_BYTES` are wrapped); the view stays within twice the input plus
//!   [`JSON_ALLOWANCE`] ([`Defect::JsonBlowup`]);
//! - the line sink's counts, index and preview describe the view it wrote.

use tool_output_guest::view::ansi::TextCleaner;
use tool_output_guest::view::preview::{SUMMARY_BYTES, clip};
use tool_output_guest::view::{DECIDE_WITHIN, LINE_INDEX_STRIDE, LineSink, WRAP_BYTES};

use crate::known::{Defect, check};
use crate::support::{
    Rng, View, build_view, invalid_sequences, lossy_one_mark_per_run, splits, view_lines,
};

/// Bytes a JSON view may have beyond twice the text's: the bound the
/// docs (what-the-model-sees.md) promise (the guest's own constant, not a copy of it).
pub const JSON_ALLOWANCE: usize = tool_output_guest::view::JSON_ALLOWANCE as usize;
/// Longest string escape payload (OSC, DCS, SOS, PM, APC) the
/// printable-text oracle judges. The cleaner's bound
/// (`MAX_STRING_ESCAPE`) is far higher; below it every rule agrees.
const MAX_STRING_PAYLOAD: usize = 256;
/// Longest control sequence or `ESC`-intermediate escape that is
/// well-formed, in bytes after the `ESC` up to its final byte (the `[` and
/// the parameters and intermediates): the cleaner's `MAX_SEQUENCE`, which
/// keeps a longer one as text.
const MAX_SEQUENCE: usize = 256;
/// Preview lines are clipped to this many bytes (as `lines.rs` does).
const PREVIEW_LINE_BYTES: usize = 240;

pub fn run(data: &[u8]) {
    let mut rng = Rng::of(data);
    let [whole, bytes, random] = splits(data.len(), &mut rng);
    let view = build_view(data, &whole);
    for ends in [bytes, random] {
        let other = build_view(data, &ends);
        assert!(other == view, "the view depends on how the input is split");
    }
    assert_eq!(view.decoded, lossy_one_mark_per_run(data), "decoding");
    assert_eq!(view.invalid, invalid_sequences(data), "invalid sequences");
    if serde_verdict(&view.content).is_ok() {
        assert!(
            view.is_json(),
            "serde_json parses this JSON document, the view does not"
        );
    }
    if view.is_json() {
        check_json(&view);
    } else {
        check_text(&view);
    }
    check_sink(&view);
}

/// What a line sink makes of `text`, and its counts.
fn sink_of(text: &str) -> (String, u64, u64, Vec<u64>) {
    let mut sink = LineSink::new();
    sink.push(text);
    sink.finish();
    let out = String::from_utf8(sink.take_output()).expect("UTF-8");
    (out, sink.lines(), sink.bytes(), sink.index().to_vec())
}

fn clean(text: &str) -> String {
    let mut cleaner = TextCleaner::new();
    let mut out = String::new();
    cleaner.push(text, &mut out);
    cleaner.finish(&mut out);
    out
}

fn check_text(view: &View) {
    let cleaned = clean(&view.content);
    assert!(cleaned.len() <= view.content.len(), "cleaning added text");
    // C1 controls other than CSI pass as text (UTF-8 terminals show them).
    assert!(
        !cleaned.contains(|c: char| c.is_ascii_control() && c != '\t' && c != '\n'),
        "a control character survived cleaning"
    );
    assert_eq!(
        sink_of(&cleaned).0,
        view.text,
        "view != lines of the cleaned text"
    );
    // Line by line: each line's own cleaning, and its printable text.
    let mut by_line = String::new();
    for line in view.content.split_inclusive('\n') {
        let alone = clean(line);
        by_line.push_str(&alone);
        let body = line.strip_suffix('\n').unwrap_or(line);
        if let Some(expected) = printable(body) {
            let got = alone.strip_suffix('\n').unwrap_or(&alone);
            assert_eq!(got, expected, "printable text lost from a well-formed line");
        }
    }
    check(Defect::AnsiUnterminated, by_line == cleaned, || {
        "one line's escape sequence hid text of another line".into()
    });
    // Each cleaned line alone: the sink only cuts it, never changes it.
    for line in cleaned.split_inclusive('\n') {
        let (out, ..) = sink_of(line);
        let body = line.strip_suffix('\n').unwrap_or(line);
        if body.len() <= WRAP_BYTES {
            assert_eq!(
                out.strip_suffix('\n').unwrap_or(&out),
                body,
                "a short line changed"
            );
        } else {
            assert_eq!(
                out.replace('\n', ""),
                body.replace('\n', ""),
                "wrapping lost text"
            );
        }
    }
    let wraps = cleaned.len() / (WRAP_BYTES * 3 / 4) + 1;
    assert!(
        view.text.len() <= cleaned.len() + wraps,
        "wrapping added more than newlines"
    );
}

/// The text a reader sees on `line` (no `\n`) when every escape sequence on
/// it is well-formed — CSI and `ESC`-intermediate escapes within
/// [`MAX_SEQUENCE`], OSC ended by BEL or ST, DCS/SOS/PM/APC ended by ST,
/// two-byte escapes (`view/ansi.rs`'s rule) — and it has no other control
/// character than tab. `None` when the line is not judged.
fn printable(line: &str) -> Option<String> {
    let mut out = String::new();
    let mut it = line.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\x1b' => match it.next()? {
                '[' => {
                    let mut held = 1; // the `[`
                    while let Some(c) = it.next_if(|c| ('0'..='?').contains(c)) {
                        held += c.len_utf8();
                    }
                    while let Some(c) = it.next_if(|c| (' '..='/').contains(c)) {
                        held += c.len_utf8();
                    }
                    if held > MAX_SEQUENCE || !('@'..='~').contains(&it.next()?) {
                        return None;
                    }
                }
                s @ (']' | 'P' | 'X' | '^' | '_') => {
                    let mut payload = 0;
                    loop {
                        match it.next()? {
                            '\x07' if s == ']' => break,
                            '\x1b' if it.next()? == '\\' => break,
                            d if d.is_control() => return None,
                            d => payload += d.len_utf8(),
                        }
                        if payload > MAX_STRING_PAYLOAD {
                            return None;
                        }
                    }
                }
                ' '..='/' => {
                    let mut held = 1; // the first intermediate
                    while let Some(c) = it.next_if(|c| (' '..='/').contains(c)) {
                        held += c.len_utf8();
                    }
                    if held > MAX_SEQUENCE || !('0'..='~').contains(&it.next()?) {
                        return None;
                    }
                }
                '0'..='~' => {}
                _ => return None,
            },
            '\t' => out.push('\t'),
            c if c.is_control() => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

fn check_json(view: &View) {
    let text = &view.content;
    if let Err(why) = serde_verdict(text) {
        // RFC 8259 allows what serde_json refuses here: deep nesting, huge
        // numbers, lone surrogates.
        let allowed = ["recursion limit", "number out of range", "surrogate"];
        assert!(
            allowed.iter().any(|a| why.contains(a)),
            "the view called this JSON, serde_json says: {why}"
        );
    }
    assert_eq!(
        without_layout(&view.text),
        without_layout(text),
        "re-indenting changed more than whitespace"
    );
    check(
        Defect::JsonBlowup,
        // Soft-wrap newlines (one per WRAP_BYTES of a line) come on top.
        view.text.len() <= 2 * text.len() + JSON_ALLOWANCE + view.text.len() / WRAP_BYTES + 1,
        || {
            format!(
                "a {}-byte JSON text has a {}-byte view",
                text.len(),
                view.text.len()
            )
        },
    );
}

/// Whether `serde_json` takes `text` as one JSON object or array.
fn serde_verdict(text: &str) -> Result<(), String> {
    let body = text.trim_start();
    if !matches!(body.chars().next(), Some('{' | '[')) {
        return Err("not an object or array".into());
    }
    if text.len() - body.len() > DECIDE_WITHIN {
        return Err("starts after too much whitespace".into());
    }
    serde_json::from_str::<serde_json::Value>(text)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// JSON text without the whitespace between tokens, and without any
/// newline: the line sink wraps a line over `WRAP_BYTES`, strings included,
/// and a JSON document has no raw newline inside a string to lose.
pub fn without_layout(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars().filter(|&c| c != '\n') {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

/// Counts, index and preview against the view text itself.
fn check_sink(view: &View) {
    let text = &view.text;
    let lines = view_lines(text);
    assert_eq!(view.bytes, text.len() as u64, "sink bytes");
    assert_eq!(view.lines, lines.len() as u64, "sink lines");
    assert!(
        lines.iter().all(|l| l.len() <= WRAP_BYTES),
        "a view line is over WRAP_BYTES"
    );
    let mut offsets = Vec::new();
    let mut at = 0u64;
    for (i, l) in lines.iter().enumerate() {
        if (i as u64).is_multiple_of(LINE_INDEX_STRIDE) {
            offsets.push(at);
        }
        at += l.len() as u64 + 1;
    }
    assert_eq!(view.index, offsets, "line index");
    let p = &view.preview;
    let shown = |pl: &tool_output_guest::view::PreviewLine| {
        let n = pl.line as usize;
        assert!(
            n >= 1 && n <= lines.len(),
            "preview line {n} of {}",
            lines.len()
        );
        assert_eq!(
            pl.text,
            clip(lines[n - 1], PREVIEW_LINE_BYTES),
            "preview of line {n}"
        );
        n
    };
    let head: Vec<usize> = p.head.iter().map(shown).collect();
    assert_eq!(
        head,
        (1..=lines.len().min(6)).collect::<Vec<_>>(),
        "preview head"
    );
    let tail: Vec<usize> = p.tail.iter().map(shown).collect();
    let from = lines.len().saturating_sub(4) + 1;
    assert_eq!(
        tail,
        (from..=lines.len()).collect::<Vec<_>>(),
        "preview tail"
    );
    // The structure summary: bounded; a shape exactly for a JSON view.
    for line in &p.summary {
        assert!(
            line.len() <= SUMMARY_BYTES + '…'.len_utf8(),
            "summary over its bound"
        );
        let shape = line.starts_with("shape: ");
        assert!(
            shape == (view.verdict == Some(true)) && (shape || line.starts_with("columns (")),
            "summary kind"
        );
    }
    assert!(
        view.verdict != Some(true) || !p.summary.is_empty(),
        "a JSON view without a shape"
    );
    // An error line may be cut in pieces (the members naming its record
    // kept after its head): each piece is the line's, in order.
    let cut = |pl: &tool_output_guest::view::PreviewLine| {
        let n = pl.line as usize;
        assert!(n >= 1 && n <= lines.len(), "preview line {n}");
        assert!(
            pl.text.len() <= PREVIEW_LINE_BYTES + '…'.len_utf8(),
            "preview of line {n} over its bound"
        );
        if pl.text != lines[n - 1] {
            let mut rest = lines[n - 1];
            for piece in pl.text.split('…').filter(|p| !p.is_empty()) {
                let at = rest.find(piece);
                assert!(
                    at.is_some(),
                    "preview of line {n}: {piece:?} is not the line's"
                );
                rest = &rest[at.unwrap_or(0) + piece.len()..];
            }
        }
        n
    };
    let errors: Vec<usize> = p.errors.iter().map(cut).collect();
    assert!(
        errors.windows(2).all(|w| w[0] < w[1])
            && errors.len() <= tool_output_guest::view::detect::error_blocks::MAX_ERROR_LINES,
        "preview errors: {errors:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_follows_the_sequence_bound() {
        let csi = |params: usize| format!("a\x1b[{}mb", "1".repeat(params));
        assert_eq!(printable(&csi(MAX_SEQUENCE - 1)).as_deref(), Some("ab"));
        // One byte over: the cleaner keeps it as text, so it is not judged.
        assert_eq!(printable(&csi(MAX_SEQUENCE)), None);
        let esc = |n: usize| format!("a\x1b{}Bb", "(".repeat(n));
        assert_eq!(printable(&esc(MAX_SEQUENCE)).as_deref(), Some("ab"));
        assert_eq!(printable(&esc(MAX_SEQUENCE + 1)), None);
    }

    #[test]
    fn printable_strings_end_at_their_terminator() {
        let link = "\x1b]8;;http://x\x1b\\see\x1b]8;;\x07 it";
        assert_eq!(printable(link).as_deref(), Some("see it"));
        assert_eq!(printable("a\x1b]0;title"), None);
        assert_eq!(printable("a\x1bPq#0\x1bXb"), None);
    }

    #[test]
    fn wrapping_inside_a_json_string_is_layout() {
        let long = format!("{{\"k\": \"{}\"}}", "x".repeat(3000));
        let wrapped = format!("{}\n{}", &long[..2000], &long[2000..]);
        assert_eq!(without_layout(&wrapped), without_layout(&long));
        assert_ne!(without_layout("[\"a b\"]"), without_layout("[\"ab\"]"));
    }
}

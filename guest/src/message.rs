//! The handle message: what the model gets instead of an oversized output.
//!
//! Three exact lines from the reference design, then a clearly labelled
//! partial preview (the shape of a JSON or CSV output in one line, head,
//! error blocks, lines of a rare shape and tail lines, numbered as in the
//! view), then one line saying the output is stored. The whole message stays
//! within `max-inline-bytes` and the caller's token budget: the preview
//! shrinks first, then goes, then the closing line.

use crate::bindings::types::StorePolicy;
use crate::meta::Meta;
use crate::tokens::Encoding;
use crate::view::{PreviewLine, PreviewLines, errors::looks_like_error, lines::clip};

/// The preview block never exceeds this, whatever the budget.
pub const PREVIEW_MAX_BYTES: usize = 2048;

const STORED_LINE: &str = "The full output is stored: do not run the tool again; call tool_output \
     with this handle to get any part of it.";

/// How much of the captured preview to show: head, error-block and
/// rare-shape lines, tail, line bytes, summary-line bytes (0: none). Head
/// and tail shrink first: error blocks and rare lines are what a head+tail
/// cut loses. The summary (the shape of a JSON or CSV output) shrinks with
/// them and goes last but one, after them and before the whole preview: for
/// a structured output it tells the model most.
struct Step(usize, usize, usize, usize, usize, usize);

const SHRINK_STEPS: &[Step] = &[
    Step(6, 12, 8, 4, 240, 480),
    Step(4, 12, 8, 3, 200, 400),
    Step(3, 10, 6, 2, 160, 320),
    Step(2, 8, 5, 2, 140, 240),
    Step(2, 6, 4, 1, 120, 200),
    Step(1, 4, 3, 1, 100, 160),
    Step(1, 2, 2, 1, 80, 120),
    Step(1, 1, 1, 1, 80, 100),
    Step(1, 0, 0, 1, 60, 80),
    Step(1, 0, 0, 1, 60, 0),
];

pub fn header(meta: &Meta) -> String {
    format!(
        "Tool output is too large ({} bytes, {} lines, {} tokens).\n\
         Call tool_output(handle = \"{}\", extract = \"what to extract\").\n\
         Provide precise and detailed instructions in `extract` about what you are looking for.\n",
        meta.stats.bytes, meta.stats.lines, meta.stats.tokens, meta.handle
    )
}

pub fn handle_message(meta: &Meta, policy: &StorePolicy) -> String {
    let header = header(meta);
    let fits = |text: &str| {
        text.len() as u64 <= policy.max_inline_bytes
            && policy.remaining_tokens.is_none_or(|left| {
                let encoding =
                    Encoding::from_name(&meta.stats.tokenizer).unwrap_or(Encoding::Cl100k);
                encoding.count(text) <= left
            })
    };
    if policy.preview {
        for step in SHRINK_STEPS {
            let preview = render_preview(&meta.preview, meta.view.lines, step);
            if preview.len() > PREVIEW_MAX_BYTES {
                continue;
            }
            let message = format!("{header}\n{preview}{STORED_LINE}");
            if fits(&message) {
                return message;
            }
        }
    }
    let message = format!("{header}{STORED_LINE}");
    if fits(&message) {
        message
    } else {
        header.trim_end().to_string()
    }
}

/// The preview block alone (also served by `engine.preview`), bounded by `max_bytes`.
pub fn preview_text(meta: &Meta, max_bytes: usize) -> String {
    for step in SHRINK_STEPS {
        let preview = render_preview(&meta.preview, meta.view.lines, step);
        if preview.len() <= max_bytes {
            return preview;
        }
    }
    let note = format!("Partial preview: {} lines stored.\n", meta.view.lines);
    if note.len() <= max_bytes {
        return note;
    }
    // `clip` marks the cut with `…`: keep room for it, or show nothing.
    match max_bytes.checked_sub('…'.len_utf8()) {
        Some(room) => clip(&note, room),
        None => String::new(),
    }
}

/// Lines in view order, with a marker for every gap.
fn render_preview(captured: &PreviewLines, total_lines: u64, step: &Step) -> String {
    let &Step(head, errors, rare, tail, width, summary_width) = step;
    let tail_start = captured.tail.len().saturating_sub(tail);
    let mut shown: Vec<&PreviewLine> = captured.head.iter().take(head).collect();
    shown.extend(&captured.tail[tail_start..]);
    // Errors from the middle first: the head and tail are shown anyway.
    // Lines that look like errors before the lines continuing their
    // blocks: when room is short, the next failure (a Java `Caused by:`,
    // the assertion under a panic) says more than a deeper frame.
    let (starts, rest): (Vec<&PreviewLine>, Vec<&PreviewLine>) = captured
        .errors
        .iter()
        .partition(|l| looks_like_error(l.text.as_bytes()));
    let picked = pick(&mut shown, starts, errors);
    pick(&mut shown, rest, errors - picked);
    let rare_shown = pick(&mut shown, &captured.rare, rare);
    shown.sort_by_key(|l| l.line);
    shown.dedup_by_key(|l| l.line);

    let what = if rare_shown > 0 {
        "head, tail, lines that look like errors, and lines of a rare shape"
    } else {
        "head, tail, and lines that look like errors"
    };
    let mut out = format!(
        "--- partial preview: {} of {} lines ({what}) ---\n",
        shown.len(),
        total_lines
    );
    let summary = summary_line(&captured.summary, summary_width);
    if let Some(summary) = &summary {
        out.push_str(summary);
        out.push('\n');
    }
    // Line templates name what rare lines stand out from, and with nothing
    // rare they are the shape of a log; a JSON or CSV summary says more
    // (its templates would be `  {` and `<n>,<n>`).
    if summary.is_none() {
        for common in &captured.common {
            let like = clip(&common.shape, width);
            out.push_str(&format!("[{} lines like \"{like}\"]\n", common.count));
        }
    }
    let mut next = 1;
    for line in shown {
        if line.line > next {
            out.push_str(&format!("[... {} lines not shown ...]\n", line.line - next));
        }
        out.push_str(&format!("{}: {}\n", line.line, clip(&line.text, width)));
        next = line.line + 1;
    }
    if total_lines >= next {
        out.push_str(&format!(
            "[... {} lines not shown ...]\n",
            total_lines + 1 - next
        ));
    }
    out.push_str("--- end of preview ---\n");
    out
}

/// The most detailed summary variant within `width` bytes, else the least
/// detailed one clipped; None when there is none or no room.
fn summary_line(variants: &[String], width: usize) -> Option<String> {
    if width == 0 {
        return None;
    }
    let line = variants.iter().find(|v| v.len() <= width);
    match line {
        Some(line) => Some(line.clone()),
        None => variants.last().map(|v| clip(v, width)),
    }
}

/// Adds up to `max` lines of `from` not shown yet; returns how many.
fn pick<'a>(
    shown: &mut Vec<&'a PreviewLine>,
    from: impl IntoIterator<Item = &'a PreviewLine>,
    max: usize,
) -> usize {
    let mut picked = 0;
    for line in from {
        if picked == max {
            break;
        }
        if !shown.iter().any(|s| s.line == line.line) {
            shown.push(line);
            picked += 1;
        }
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::types::{CallInfo, StoreOutcome};
    use crate::storage::MemStorage;

    #[test]
    fn preview_text_stays_within_any_cap() {
        // Found by fuzzing: under the smallest preview, the "lines stored"
        // note was clipped to the cap and then got a 3-byte `…` on top.
        let st = MemStorage::new();
        let output = "error: one\nok\n".repeat(2000);
        let call = CallInfo {
            tool: "t".into(),
            args: "{}".into(),
            model: None,
        };
        let policy = crate::default_policy();
        let StoreOutcome::Stored(s) =
            crate::store::store(&st, call, output.as_bytes(), policy).unwrap()
        else {
            panic!("not stored");
        };
        let handle = crate::handle::Handle::parse(&s.handle).unwrap();
        let meta = Meta::load(&st, &handle).unwrap();
        for max in 0..400 {
            let text = preview_text(&meta, max);
            assert!(
                text.len() <= max,
                "cap {max}: {} bytes {text:?}",
                text.len()
            );
        }
        assert!(preview_text(&meta, 30).starts_with("Partial preview: 4000"));
    }

    fn stored(output: &str, max_inline_bytes: u64) -> String {
        let st = MemStorage::new();
        let call = CallInfo {
            tool: "t".into(),
            args: "{}".into(),
            model: None,
        };
        let policy = StorePolicy {
            max_inline_bytes,
            ..crate::default_policy()
        };
        match crate::store::store(&st, call, output.as_bytes(), policy).unwrap() {
            StoreOutcome::Stored(s) => s.message,
            StoreOutcome::Passthrough(_) => panic!("not stored"),
        }
    }

    #[test]
    fn the_shape_line_follows_the_preview_header_and_goes_last_but_one() {
        let records: Vec<String> = (0..3000)
            .map(|i| match i {
                1234 => format!(r#"{{"id":{i},"status":"error: disk full"}}"#),
                _ => format!(r#"{{"id":{i},"status":"ok","owner":"u{i}"}}"#),
            })
            .collect();
        let output = format!("[{}]", records.join(","));
        let full =
            "shape: array[3000] of {id: number, status: string, owner (2999 of 3000): string}";
        let message = stored(&output, 12288);
        let lines: Vec<&str> = message.lines().collect();
        assert!(lines[4].starts_with("--- partial preview: "), "{message}");
        assert_eq!(lines[5], full);
        assert!(message.contains(": \"error: disk full\""));
        let mut shapes_only = 0;
        for max in (400..3000).step_by(10) {
            let message = stored(&output, max);
            assert!(message.len() as u64 <= max, "{max}: {message}");
            if !message.contains("--- partial preview") {
                continue;
            }
            // Errors and head lines go before the shape line does.
            let shape = message
                .lines()
                .find(|l| l.starts_with("shape: array[3000] of {"));
            let error = message.contains("error: disk full");
            assert!(shape.is_some() || !error, "{max}: {message}");
            shapes_only += usize::from(shape.is_some() && !error);
        }
        assert!(shapes_only > 0, "the shape line outlived the error lines");
    }

    #[test]
    fn every_error_line_shows_before_the_frames_of_any_block() {
        // Three failures with nine-line blocks: shown in line order, the
        // first two blocks filled the twelve error slots and hid the third.
        let mut lines: Vec<String> = (0..3000)
            .map(|i| format!("INFO job {i} done in {}ms", i % 97))
            .collect();
        for (n, at) in [(1, 1000), (2, 1500), (3, 2000)] {
            let frames = (0..8).map(|k| format!("    at com.acme.Worker.step{k}(Worker.java:{k})"));
            let block: Vec<String> = std::iter::once(format!("error: failure {n} in job {at}"))
                .chain(frames)
                .collect();
            lines.splice(at..at, block);
        }
        let message = stored(&(lines.join("\n") + "\n"), 12288);
        for n in 1..=3 {
            assert!(
                message.contains(&format!("error: failure {n} in job")),
                "{message}"
            );
        }
        assert!(
            message.contains("    at com.acme.Worker.step0(Worker.java:0)"),
            "{message}"
        );
    }

    #[test]
    fn scalars_have_a_shape_only_inside_a_document() {
        let numbers: Vec<String> = (0..20_000).map(|i| (i * 7).to_string()).collect();
        let message = stored(&format!("[{}]", numbers.join(",")), 4096);
        assert_eq!(
            message.lines().nth(5),
            Some("shape: array[20000] of number")
        );
        // A top-level scalar is viewed as text: no shape is made up for it.
        let message = stored(&format!("\"{}\"", "abc, def ".repeat(20_000)), 4096);
        assert!(
            !message.contains("shape:") && !message.contains("columns ("),
            "{message}"
        );
    }
}

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
use crate::view::{
    PreviewLine, PreviewLines,
    detect::{names::clip_named, shapes::error_template_hash, values::Finding},
    errors::{first_error_end, looks_like_error},
    preview::{clip, clip_after},
};

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

/// A summary line this wide or less fits beside every line of the
/// preview; a wider one ([`WIDE`]) first gives up head and tail lines.
const NARROW: usize = 720;
const WIDE: usize = 900;

const SHRINK_STEPS: &[Step] = &[
    // A wide shape line first, the lines shrinking under it: for JSON it
    // says what the model needs to write a jq program (every key of an
    // item, which the head's lines show few of).
    Step(6, 12, 8, 4, 240, WIDE),
    Step(3, 12, 8, 2, 200, WIDE),
    Step(2, 8, 5, 1, 140, WIDE),
    Step(6, 12, 8, 4, 240, NARROW),
    Step(4, 12, 8, 3, 200, NARROW),
    Step(3, 10, 6, 2, 160, NARROW),
    Step(2, 8, 5, 2, 140, NARROW),
    // One line of head and tail before fewer rare lines: a value met five
    // times, every line of it shown, says more than the second line of
    // the output.
    Step(1, 8, 5, 1, 140, NARROW),
    Step(1, 6, 5, 1, 110, NARROW),
    Step(2, 6, 4, 1, 120, NARROW),
    Step(1, 4, 3, 1, 100, NARROW),
    Step(1, 2, 2, 1, 80, NARROW),
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

/// When the view the model reads has another number of lines than the
/// output (a JSON document re-indented, long lines wrapped), one line
/// saying so: the preview's numbers and every read's are the view's, and
/// the header's count alone would contradict them.
fn view_note(meta: &Meta) -> String {
    if meta.view.lines == meta.stats.lines {
        return String::new();
    }
    let why = if meta.view.kind == "json" {
        "the JSON re-indented"
    } else {
        "long lines wrapped"
    };
    format!(
        "Line numbers refer to its view: {} lines ({why}).\n",
        meta.view.lines
    )
}

pub fn handle_message(meta: &Meta, policy: &StorePolicy) -> String {
    let header = header(meta);
    let note = view_note(meta);
    let fits = |text: &str| {
        text.len() as u64 <= policy.max_inline_bytes
            && policy.remaining_tokens.is_none_or(|left| {
                let encoding =
                    Encoding::from_name(&meta.stats.tokenizer).unwrap_or(Encoding::Cl100k);
                encoding.count(text) <= left
            })
    };
    if policy.preview {
        for step in steps(&meta.preview) {
            let preview = render_preview(&meta.preview, meta.view.lines, step);
            if preview.len() > PREVIEW_MAX_BYTES {
                continue;
            }
            let message = format!("{header}{note}\n{preview}{STORED_LINE}");
            if fits(&message) {
                return message;
            }
        }
    }
    let message = format!("{header}{note}{STORED_LINE}");
    if fits(&message) {
        return message;
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
    for step in steps(&meta.preview) {
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

/// The steps worth trying for `captured`: a wide summary's own steps only
/// when its summary has a variant wider than [`NARROW`] (without one they
/// would only show fewer lines).
fn steps(captured: &PreviewLines) -> impl Iterator<Item = &'static Step> {
    let wide = captured.summary.iter().any(|v| v.len() > NARROW);
    (SHRINK_STEPS.iter().enumerate())
        .filter(move |(i, step)| *i == 0 || step.5 != WIDE || wide)
        .map(|(_, step)| step)
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
    let (mut starts, rest): (Vec<&PreviewLine>, Vec<&PreviewLine>) = captured
        .errors
        .iter()
        .partition(|l| looks_like_error(l.text.as_bytes()));
    // The rarest templates first: one repeated 1,745 times is shown once,
    // with its count, and the single fatal line gets a slot.
    let count = |l: &PreviewLine| {
        (captured.repeats.iter())
            .find(|r| r.line == l.line)
            .map_or(1, |r| r.count)
    };
    starts.sort_by_key(|l| (count(l), l.line));
    // A cause chain's root and the project's frame under it say more than
    // the top of its trace: they come first, the latest chain first, each
    // root once (a test suite's hundred `SocketTimeoutException`s are one
    // cause, and the failure beside them needs a slot).
    let mut seen = Vec::new();
    let roots = (captured.causes.iter().rev())
        .filter(|c| {
            let template = error_template_hash(&c.root.text);
            let new = !seen.contains(&template);
            seen.push(template);
            new
        })
        .flat_map(|c| [Some(&c.root), c.frame.as_ref()])
        .flatten();
    let picked = pick(&mut shown, roots, errors);
    let picked = picked + pick(&mut shown, starts, errors - picked);
    pick(&mut shown, rest, errors - picked);
    // Lines whose value stands out among records, with their record's
    // name, before lines of a rare shape.
    let rare_shown = pick(&mut shown, &captured.standout, rare);
    let rare_shown = rare_shown + pick(&mut shown, &captured.rare, rare - rare_shown);
    // Then a few-times value's lines, each value whole or not at all.
    let whole = pick_whole(&mut shown, captured, rare - rare_shown);
    let rare_shown = rare_shown + whole.iter().map(|v| v.count as usize).sum::<usize>();
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
    // A value met a few times, every line of it shown: its count, so the
    // model knows the list is whole ("4 pods Pending, these").
    for v in whole {
        out.push_str(&format!(
            "[{} is \"{}\" on {} of its {} lines, all shown]\n",
            clip(&v.field, width),
            clip(&v.value, width),
            v.count,
            v.of
        ));
    }
    let mut next = 1;
    for &line in &shown {
        if line.line > next {
            out.push_str(&format!("[... {} lines not shown ...]\n", line.line - next));
        }
        // A failure's words follow its error word: cut the middle after it.
        let text = match first_error_end(line.text.as_bytes()) {
            Some(end) if looks_like_error(line.text.as_bytes()) => {
                clip_after(&line.text, end, width)
            }
            _ => clip_named(&line.text, line.keep, width),
        };
        out.push_str(&format!(
            "{}: {text}{}\n",
            line.line,
            whose(captured, line, &shown, width)
        ));
        if let Some(r) = captured.repeats.iter().find(|r| r.line == line.line) {
            let whose = match r.names.is_empty() {
                true => repeat_values(&r.values),
                false => repeat_names(&r.names),
            };
            out.push_str(&format!(
                "[{} lines like it in all, the last at line {}{whose}]\n",
                r.count, r.last
            ));
        }
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

/// `  ← 1235: <test name="Pay With PayPal As Guest">`: the line naming
/// the record of error line `line`, when it is not shown itself, cut to
/// half of `width`; empty when none is known.
fn whose(
    captured: &PreviewLines,
    line: &PreviewLine,
    shown: &[&PreviewLine],
    width: usize,
) -> String {
    let named = (captured.error_names.iter()).find(|(n, _)| *n == line.line);
    match named {
        Some((_, name)) if !shown.iter().any(|s| s.line == name.line) => {
            format!("  ← {}: {}", name.line, clip(name.text.trim(), width / 2))
        }
        _ => String::new(),
    }
}

/// Bytes of a repeated error's record names ([`repeat_names`]): the
/// message's room is for its lines.
const NAMES_BYTES: usize = 200;

/// `, in "orders.t40" (2), "orders.t41"`: the records a repeated error's
/// lines are in, up to [`NAMES_BYTES`], then how many more; empty when
/// none is known.
pub(crate) fn repeat_names(names: &[(String, u64)]) -> String {
    let quoted: Vec<(String, u64)> = (names.iter())
        .map(|(n, c)| (format!("\"{n}\""), *c))
        .collect();
    listed(", in ", &quoted)
}

/// `, with "shop:1.4", "cart:2.0" (4)`: the quoted values a repeated
/// error's lines differ by, as [`repeat_names`].
fn repeat_values(values: &[(String, u64)]) -> String {
    listed(", with ", values)
}

/// `lead` and each value with its count past one, up to [`NAMES_BYTES`],
/// then how many more; empty for none.
fn listed(lead: &str, values: &[(String, u64)]) -> String {
    let mut out = String::new();
    for (i, (v, c)) in values.iter().enumerate() {
        let value = match c {
            1 => v.clone(),
            c => format!("{v} ({c})"),
        };
        if i > 0 && out.len() + value.len() > NAMES_BYTES {
            out.push_str(&format!(" and {} more", values.len() - i));
            break;
        }
        out.push_str(if i == 0 { lead } else { ", " });
        out.push_str(&value);
    }
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

/// Adds the lines of each value met a few times ([`PreviewLines::listed`])
/// while all of them fit in `max`; returns the values whose lines were added.
fn pick_whole<'a>(
    shown: &mut Vec<&'a PreviewLine>,
    captured: &'a PreviewLines,
    max: usize,
) -> Vec<&'a Finding> {
    let mut picked = 0;
    let mut whole = Vec::new();
    for v in (captured.values.iter()).filter(|v| v.kind == "rare" && !v.asked_only) {
        let listed = (captured.listed.iter().enumerate())
            .filter(|(_, l)| v.lines.contains(&l.line))
            .map(|(i, l)| {
                (
                    l,
                    captured.listed_names.get(i).map_or(&[][..], Vec::as_slice),
                )
            });
        let (lines, names): (Vec<&PreviewLine>, Vec<&[PreviewLine]>) = listed.unzip();
        let not_shown = |l: &&PreviewLine| !shown.iter().any(|s| s.line == l.line);
        let new: Vec<&PreviewLine> = lines.iter().copied().filter(not_shown).collect();
        if lines.len() as u64 != v.count || new.is_empty() || picked + new.len() > max {
            continue;
        }
        // Each line with the lines naming its record, while they fit.
        let mut named: Vec<&PreviewLine> = names.into_iter().flatten().filter(not_shown).collect();
        named.sort_by_key(|l| l.line);
        named.dedup_by_key(|l| l.line);
        if picked + new.len() + named.len() <= max {
            picked += named.len();
            shown.extend(named);
        }
        picked += new.len();
        shown.extend(new);
        whole.push(v);
    }
    whole
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

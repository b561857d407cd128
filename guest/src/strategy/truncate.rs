//! The last-resort strategy: keep the head and the tail of the view, cut
//! the middle once, and say exactly what was cut.

use crate::EngineError;
use crate::bindings::types::LlmCallReport;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::strategy::{Strategy, Task};

/// Mode `truncate`, and the last resort of every chain.
pub struct Truncate;

impl Strategy for Truncate {
    fn answer(&self, task: &Task, _: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        head_tail(task.doc, task.budget).map_err(|e| Failure::strategy(e.message().to_string()))
    }
}

/// Head and tail of the view within `budget` bytes, marker included.
pub fn head_tail(doc: &Doc, budget: usize) -> Result<String, EngineError> {
    let total = doc.view_bytes();
    if total as usize <= budget {
        return Ok(String::from_utf8_lossy(&doc.read_bytes(0, total)?).into_owned());
    }
    // Size the marker for the largest numbers it can show.
    let widest = marker(total, doc.lines());
    let room = budget.saturating_sub(widest.len());
    let head_room = room / 2;
    let tail_room = room - head_room;

    let head_raw = doc.read_bytes(0, head_room as u64)?;
    let head = cut_head(&head_raw);
    let tail_raw = doc.read_bytes(total - tail_room as u64, tail_room as u64)?;
    let tail = cut_tail(&tail_raw);

    // Lines omitted = line breaks in the cut region.
    let head_breaks = head.bytes().filter(|&b| b == b'\n').count() as u64;
    let tail_breaks = tail.bytes().filter(|&b| b == b'\n').count() as u64;
    // The sidecar's count: a hostile one may say 0 lines for a whole view.
    let total_breaks = doc
        .lines()
        .saturating_sub(u64::from(!ends_with_newline(doc)?));
    let omitted_bytes = total - head.len() as u64 - tail.len() as u64;
    let omitted_lines = total_breaks.saturating_sub(head_breaks + tail_breaks);
    Ok(format!(
        "{head}{}{tail}",
        marker(omitted_bytes, omitted_lines)
    ))
}

fn marker(bytes: u64, lines: u64) -> String {
    format!("\n[... {bytes} bytes and {lines} lines omitted ...]\n")
}

fn ends_with_newline(doc: &Doc) -> Result<bool, EngineError> {
    let size = doc.view_bytes();
    Ok(size > 0 && doc.read_bytes(size - 1, 1)? == b"\n")
}

/// The head ends after a newline if one is in its second half, else on a
/// char boundary.
fn cut_head(raw: &[u8]) -> String {
    let text = valid_prefix(raw);
    match text.rfind('\n') {
        Some(nl) if nl + 1 >= text.len() / 2 => text[..=nl].to_string(),
        _ => text.to_string(),
    }
}

/// The tail starts after a newline if one is in its first half, else on a
/// char boundary: the bytes of a char cut at the front are dropped (all of
/// them, even when the tail is shorter than a char).
fn cut_tail(raw: &[u8]) -> String {
    let start = raw
        .iter()
        .position(|&b| is_char_start(b))
        .unwrap_or(raw.len());
    let text = String::from_utf8_lossy(&raw[start..]).into_owned();
    match text.find('\n') {
        Some(nl) if nl < text.len() / 2 => text[nl + 1..].to_string(),
        _ => text,
    }
}

fn is_char_start(b: u8) -> bool {
    (b as i8) >= -0x40
}

/// The longest prefix of `raw` that is whole UTF-8 (the view always is, so
/// only the cut char can be partial).
fn valid_prefix(raw: &[u8]) -> &str {
    match std::str::from_utf8(raw) {
        Ok(text) => text,
        // The valid prefix is whole characters by definition.
        Err(err) => std::str::from_utf8(&raw[..err.valid_up_to()]).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::types::{CallInfo, StoreOutcome};
    use crate::storage::MemStorage;

    fn doc_of<'a>(st: &'a MemStorage, text: &str) -> Doc<'a> {
        let call = CallInfo {
            tool: "t".into(),
            args: "{}".into(),
            model: None,
        };
        let policy = crate::StorePolicy {
            max_inline_bytes: 0,
            ..crate::default_policy()
        };
        let StoreOutcome::Stored(s) =
            crate::store::store(st, call, text.as_bytes(), policy).unwrap()
        else {
            panic!("not stored");
        };
        Doc::open(st, &s.handle).unwrap()
    }

    #[test]
    fn a_sidecar_that_lies_about_lines_cannot_panic() {
        // Found by fuzzing: a sidecar saying 0 lines for a view with no
        // final newline made the omitted-lines count underflow.
        let st = MemStorage::new();
        let doc = doc_of(&st, &"no final newline ".repeat(100));
        let mut meta = doc.meta.clone();
        meta.view.lines = 0;
        meta.commit(&st, &doc.handle).unwrap();
        // Stored files are now checked against each other when opened:
        // the lie is a storage error before truncate sees it.
        match Doc::open(&st, doc.handle.as_str()) {
            Err(crate::EngineError::Storage(message)) => {
                assert!(message.contains(doc.handle.as_str()), "{message}")
            }
            Err(other) => panic!("{other:?}"),
            Ok(doc) => {
                let out = head_tail(&doc, 200).unwrap();
                assert!(out.contains("bytes and 0 lines omitted"), "{out}");
            }
        }
    }

    #[test]
    fn cuts_inside_a_character_keep_the_text_and_the_budget() {
        // Found by fuzzing: a tail cut inside `é` came back as U+FFFD
        // (3 bytes for 1), not text of the view and over the budget.
        let st = MemStorage::new();
        let text = "aé".repeat(40);
        let doc = doc_of(&st, &text);
        let widest = marker(text.len() as u64, 1).len();
        for budget in 0..text.len() + 8 {
            let out = head_tail(&doc, budget).unwrap();
            assert!(!out.contains('\u{FFFD}'), "budget {budget}: {out:?}");
            assert!(out.len() <= budget.max(widest), "budget {budget}: {out:?}");
        }
    }
}

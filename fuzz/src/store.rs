//! Target `store`: `store::store` and the streaming writer on `MemStorage`
//! (the rebuild of a JSON look-alike as text included), then the stored
//! output read back through `Doc`.
//!
//! Invariants:
//! - stored exactly when over the inline cap or the token budget;
//! - stats add up: bytes, chars, lines, invalid sequences and tokens of
//!   the input, whether passed through or stored;
//! - the files: the original byte for byte, the view the pipeline builds,
//!   the line index of that view, the sidecar's counts and preview, no
//!   `.part` file left; the same whatever pieces the writer gets;
//! - the handle message starts with the exact header and fits the cap;
//! - read, tail and grep equal the obvious implementations, and capped
//!   ones stay correct and within the cap ([`crate::reads`]);
//! - `list` shows the handle, `remove` removes every file.

use tool_output_guest::EngineError;
use tool_output_guest::bindings::types::{OutputStats, StoreOutcome, StorePolicy};
use tool_output_guest::doc::{self, Doc};
use tool_output_guest::handle::{FileKind, Handle};
use tool_output_guest::message;
use tool_output_guest::meta::Meta;
use tool_output_guest::storage::{MemStorage, Storage};
use tool_output_guest::store::{self, Writer};
use tool_output_guest::tokens::Encoding;

use crate::reads;
use crate::support::{Rng, View, build_view, call, invalid_sequences, pieces, splits, view_lines};

pub fn run(data: &[u8]) {
    let mut rng = Rng::of(data);
    let view = build_view(data, &[data.len()]);
    let policy = pick_policy(data.len(), &mut rng);
    let st = MemStorage::new();
    let outcome = store::store(&st, call(), data, policy).expect("store on MemStorage");
    let tokens = Encoding::Cl100k.count(&view.decoded);
    let over_budget = policy.remaining_tokens.is_some_and(|left| tokens > left);
    let should_store = data.len() as u64 > policy.max_inline_bytes || over_budget;
    let [_, _, random] = splits(data.len(), &mut rng);
    let streamed = MemStorage::new();
    let mut writer = Writer::new(call(), policy);
    for piece in pieces(data, &random) {
        writer
            .write(&streamed, piece)
            .expect("writer on MemStorage");
    }
    let streamed_outcome = writer.finish(&streamed).expect("writer finish");
    match outcome {
        StoreOutcome::Passthrough(stats) => {
            assert!(!should_store, "passed through over the cap or budget");
            assert!(st.names().is_empty(), "a passthrough left files");
            check_stats(&stats, data, &view, policy.remaining_tokens.map(|_| tokens));
            assert_eq!(
                streamed_outcome,
                StoreOutcome::Passthrough(stats),
                "streamed"
            );
        }
        StoreOutcome::Stored(stored) => {
            assert!(should_store, "stored under the cap and the budget");
            check_stats(&stored.stats, data, &view, Some(tokens));
            let handle = Handle::parse(&stored.handle).expect("a valid handle");
            check_files(&st, &handle, data, &view);
            check_message(&stored.message, &stored.stats, &handle, &policy);
            let StoreOutcome::Stored(other) = streamed_outcome else {
                panic!("the writer passed through what store stored");
            };
            let other_handle = Handle::parse(&other.handle).expect("valid handle");
            assert_eq!(other.stats, stored.stats, "streamed stats");
            check_message(&other.message, &other.stats, &other_handle, &policy);
            // Under a token budget the (random) handle's own tokens may
            // tip the preview in or out; otherwise the messages agree.
            if policy.remaining_tokens.is_none() {
                let same = other.message.replace(&other.handle, &stored.handle);
                assert_eq!(same, stored.message, "streamed message");
            }
            check_files(&streamed, &other_handle, data, &view);
            check_reads(&st, &handle, &view, &mut rng);
        }
    }
}

/// Mostly always stored; now and then a cap around the size, a token
/// budget, or a cap below the handle message's header.
fn pick_policy(len: usize, rng: &mut Rng) -> StorePolicy {
    let max_inline_bytes = match rng.below(8) {
        0 => len as u64,
        1 => (len as u64).saturating_sub(1),
        2 => rng.below(4096) as u64,
        3 => u64::MAX,
        _ => 0,
    };
    let remaining_tokens = (rng.below(4) == 0).then(|| rng.below(len / 2 + 2) as u64);
    StorePolicy {
        max_inline_bytes,
        remaining_tokens,
        ..crate::support::policy(0)
    }
}

fn check_stats(stats: &OutputStats, data: &[u8], view: &View, tokens: Option<u64>) {
    let text = &view.decoded;
    let lines =
        text.matches('\n').count() as u64 + u64::from(!text.is_empty() && !text.ends_with('\n'));
    assert_eq!(stats.bytes, data.len() as u64, "stats.bytes");
    assert_eq!(stats.chars, text.chars().count() as u64, "stats.chars");
    assert_eq!(stats.lines, lines, "stats.lines");
    assert_eq!(
        stats.invalid_utf8,
        invalid_sequences(data),
        "stats.invalid_utf8"
    );
    assert_eq!(stats.is_json, view.is_json(), "stats.is_json");
    assert_eq!(stats.tokens, tokens, "stats.tokens");
    assert_eq!(
        stats.avg_line_bytes,
        stats.bytes.checked_div(lines).unwrap_or(0),
        "avg"
    );
    assert!(stats.tokens_exact, "tokens of a small input are exact");
}

fn check_files(st: &MemStorage, handle: &Handle, data: &[u8], view: &View) {
    let file = |kind| st.get(&handle.file(kind));
    let view_kind = if view.is_json() {
        FileKind::ViewJson
    } else {
        FileKind::ViewText
    };
    let mut want = vec![
        handle.file(FileKind::Original),
        handle.file(view_kind),
        handle.file(FileKind::LineIndex),
        handle.file(FileKind::Meta),
    ];
    want.sort();
    assert_eq!(st.names(), want, "the stored files");
    assert_eq!(file(FileKind::Original).as_deref(), Some(data), "original");
    assert_eq!(
        file(view_kind).as_deref(),
        Some(view.text.as_bytes()),
        "view file"
    );
    let index: Vec<u8> = view.index.iter().flat_map(|o| o.to_le_bytes()).collect();
    assert_eq!(file(FileKind::LineIndex), Some(index), "line index");
    let meta = Meta::load(st, handle).expect("sidecar loads");
    assert_eq!(meta.view.bytes, view.bytes, "meta view bytes");
    assert_eq!(meta.view.lines, view.lines, "meta view lines");
    assert_eq!(meta.view.kind, if view.is_json() { "json" } else { "txt" });
    assert_eq!(meta.preview, view.preview, "meta preview");
}

fn check_message(message: &str, stats: &OutputStats, handle: &Handle, policy: &StorePolicy) {
    let first = format!(
        "Tool output is too large ({} bytes, {} lines, {} tokens).\nCall tool_output(handle = \"{handle}\"",
        stats.bytes,
        stats.lines,
        stats.tokens.unwrap_or(0)
    );
    assert!(
        message.starts_with(&first),
        "handle message header: {message:?}"
    );
    let header = message.split_inclusive('\n').take(3).collect::<String>();
    let fits = message.len() as u64 <= policy.max_inline_bytes;
    assert!(
        fits || message == header.trim_end(),
        "message over the cap: {message:?}"
    );
    if let Some(left) = policy.remaining_tokens {
        let within = Encoding::Cl100k.count(message) <= left;
        assert!(
            within || message == header.trim_end(),
            "message over the token budget"
        );
    }
}

fn check_reads(st: &MemStorage, handle: &Handle, view: &View, rng: &mut Rng) {
    let doc = Doc::open(st, handle.as_str()).expect("open a stored output");
    let lines = view_lines(&view.text);
    assert_eq!(doc.lines(), lines.len() as u64);
    reads::exact(&doc, &lines, rng);
    reads::capped(&doc, &lines, rng, true);
    let max = rng.below(3000);
    let preview = message::preview_text(&doc.meta, max);
    assert!(
        preview.len() <= max,
        "preview of {} bytes over {max}",
        preview.len()
    );
    let listed = doc::list(st).expect("list");
    assert_eq!(listed.len(), 1, "list");
    assert_eq!(listed[0].handle, handle.as_str());
    assert_eq!(listed[0].view_lines, view.lines);
    doc::remove(st, handle.as_str()).expect("remove");
    assert!(st.names().is_empty(), "remove left {:?}", st.names());
    let gone = Doc::open(st, handle.as_str()).err();
    assert!(
        matches!(gone, Some(EngineError::UnknownHandle(_))),
        "{gone:?}"
    );
    assert!(st.list().expect("list").is_empty());
}

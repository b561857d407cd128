//! The handles of a session: `list` (complete ones, a broken one with its
//! problem) and `remove`.

use super::Doc;
use crate::EngineError;
use crate::bindings::types::{HandleInfo, OutputStats, StoreReason};
use crate::handle::{FileKind, Handle};
use crate::storage::Storage;

/// The outputs stored in a session (complete ones: those with metadata).
/// One whose files cannot be served is listed with its problem, so the
/// others stay listed and it can be found and removed.
pub fn list(st: &dyn Storage) -> Result<Vec<HandleInfo>, EngineError> {
    let mut infos = Vec::new();
    for name in st.list()? {
        let Some(handle) = Handle::of_file(&name) else {
            continue;
        };
        if name != handle.file(FileKind::Meta) {
            continue;
        }
        // A handle removed meanwhile is simply not listed.
        match Doc::open(st, handle.as_str()) {
            Ok(doc) => infos.push(doc.meta.info()),
            Err(EngineError::UnknownHandle(_)) => {}
            Err(err) => infos.push(broken(&handle, &err)),
        }
    }
    infos.sort_by(|a, b| {
        a.created_ms
            .cmp(&b.created_ms)
            .then(a.handle.cmp(&b.handle))
    });
    Ok(infos)
}

/// The `list` entry of a handle whose files cannot be served.
fn broken(handle: &Handle, err: &EngineError) -> HandleInfo {
    let problem = match err {
        EngineError::Storage(msg) => msg.clone(),
        other => format!("{other:?}"),
    };
    HandleInfo {
        handle: handle.to_string(),
        tool: String::new(),
        args: String::new(),
        reason: StoreReason::SizeCap,
        stats: OutputStats {
            bytes: 0,
            chars: 0,
            lines: 0,
            tokens: None,
            tokenizer: String::new(),
            tokens_exact: false,
            is_json: false,
            avg_line_bytes: 0,
            invalid_utf8: 0,
            binary: false,
        },
        created_ms: 0,
        view_lines: 0,
        view_bytes: 0,
        problem: Some(problem),
    }
}

/// Forget a stored output: every file of the handle, whatever state it is
/// in (a corrupt sidecar, leftovers of an interrupted store). The metadata
/// goes first, so the handle vanishes at once even if removing the rest
/// fails. A handle with no files at all is unknown.
pub fn remove(st: &dyn Storage, handle: &str) -> Result<(), EngineError> {
    let handle = Handle::parse(handle)?;
    let mut found = false;
    let kinds = [
        FileKind::Meta,
        FileKind::Original,
        FileKind::ViewText,
        FileKind::ViewJson,
        FileKind::LineIndex,
    ];
    let names = kinds
        .iter()
        .flat_map(|&kind| [handle.file(kind), handle.part_file(kind)]);
    for name in names {
        match st.remove(&name) {
            Ok(()) => found = true,
            Err(crate::storage::FsError::NotFound(_)) => {}
            Err(err) => return Err(err.into()),
        }
    }
    if !found {
        return Err(crate::meta::unknown_handle(&handle));
    }
    Ok(())
}

//! The handles of a session: `list` (complete ones, a broken one with its
//! problem) and `remove`.

use super::Doc;
use crate::EngineError;
use crate::bindings::types::{HandleInfo, OutputStats, StoreReason};
use crate::handle::{FileKind, Handle};
use crate::storage::Storage;

/// A stored output, opened; or the handle of one whose files cannot be
/// served, and why.
pub type Opened<'a> = Result<Doc<'a>, (Handle, EngineError)>;

/// The outputs stored in a session (complete ones: those with metadata),
/// opened, oldest first (one that cannot be served first of all). A handle
/// removed meanwhile is left out.
pub fn open_all(st: &dyn Storage) -> Result<Vec<Opened<'_>>, EngineError> {
    let mut all = Vec::new();
    for name in st.list()? {
        let Some(handle) = Handle::of_file(&name) else {
            continue;
        };
        if name != handle.file(FileKind::Meta) {
            continue;
        }
        match Doc::open(st, handle.as_str()) {
            Ok(doc) => all.push(Ok(doc)),
            Err(EngineError::UnknownHandle(_)) => {}
            Err(err) => all.push(Err((handle, err))),
        }
    }
    all.sort_by_cached_key(|o| match o {
        Ok(doc) => (doc.meta.created_ms, doc.handle.to_string()),
        Err((handle, _)) => (0, handle.to_string()),
    });
    Ok(all)
}

/// The outputs stored in a session, as [`open_all`] finds them. One whose
/// files cannot be served is listed with its problem, so the others stay
/// listed and it can be found and removed.
pub fn list(st: &dyn Storage) -> Result<Vec<HandleInfo>, EngineError> {
    Ok((open_all(st)?.iter())
        .map(|o| match o {
            Ok(doc) => doc.meta.info(),
            Err((handle, err)) => broken(handle, err),
        })
        .collect())
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

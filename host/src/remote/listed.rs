//! `list` on a session on a store, reading what it shows and no more: one
//! listing of the session's objects (each with its size), then the sidecar
//! of each handle the directory lacks (a few at once, each kept as a hidden
//! file, as a read by range keeps it, so the next `list` asks only for new
//! ones). The engine's `list` reads sidecars and asks the sizes of the view
//! and the line index; nothing else of a handle is fetched, so the cache
//! stays within its bound however large the session.

use std::collections::{BTreeMap, HashMap};

use futures::StreamExt;
use futures::future::BoxFuture;

use super::ranged::{hidden, read_kept};
use super::sync::get_whole;
use super::{Remote, RemoteError};
use crate::bindings::session_fs::FsError;
use crate::capabilities::session_fs::{RemoteFiles, SessionDir};
use tool_output_wire::contract::{
    HANDLE_FILE_SUFFIXES as SUFFIXES, SIDECAR_SUFFIX as SIDECAR, is_handle, sidecar_name,
};

/// Sidecars fetched at once.
const AT_ONCE: usize = 16;

/// A handle's objects in the store: the size of each, by suffix.
pub(crate) type Sizes = BTreeMap<String, u64>;

/// The handles the session has in the store (those with a sidecar), each
/// with the size of its objects, from one listing.
pub(crate) async fn inventory(remote: &Remote) -> Result<BTreeMap<String, Sizes>, RemoteError> {
    let prefix = remote.store.session_prefix(&remote.session);
    let mut objects = remote.store.store.list(Some(&prefix));
    let mut found: BTreeMap<String, Sizes> = BTreeMap::new();
    while let Some(meta) = objects.next().await {
        let meta = meta.map_err(|e| RemoteError::new(&remote.store, "listing handles", e))?;
        // At the session's level only: `nested/<handle>.txt` is no file of ours.
        if meta.location.parts().count() != prefix.parts().count() + 1 {
            continue;
        }
        let Some((handle, suffix)) = meta.location.filename().and_then(|n| n.split_once('.'))
        else {
            continue;
        };
        if is_handle(handle) && SUFFIXES.contains(&suffix) {
            found
                .entry(handle.to_string())
                .or_default()
                .insert(suffix.to_string(), meta.size);
        }
    }
    found.retain(|_, sizes| sizes.contains_key(SIDECAR));
    Ok(found)
}

/// The sidecar of `handle` as the store has it (`None`: it has not), from
/// what this directory kept of it by range, else fetched (bounded) and
/// kept so.
pub(crate) async fn sidecar(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<Option<Vec<u8>>, RemoteError> {
    let kept = hidden(handle, SIDECAR);
    if let Some(sidecar) = read_kept(dir, &kept) {
        dir.touch_hidden(&kept);
        return Ok(Some(sidecar));
    }
    let Some(sidecar) = get_whole(remote, &sidecar_name(handle)).await? else {
        return Ok(None);
    };
    // A full quota only means asking again next time.
    let _ = dir.install(&kept, &sidecar);
    Ok(Some(sidecar.to_vec()))
}

/// The content hashes `sidecar` (of `handle`) carries; malformed ones are
/// an unacceptable object.
pub(crate) fn hashes_of(
    remote: &Remote,
    handle: &str,
    sidecar: &[u8],
) -> Result<Option<super::content::Hashes>, RemoteError> {
    super::content::hashes_in(sidecar).map_err(|why| {
        RemoteError::io(
            &remote.store,
            format!("fetching {}", sidecar_name(handle)),
            std::io::Error::other(why),
        )
    })
}

/// The handles of `missing` (not in the directory), served to one `list`
/// call; and those whose sidecar the store sent is unacceptable, with why.
/// A store that fails fails the call.
pub(crate) async fn listed(
    remote: &Remote,
    dir: &SessionDir,
    missing: Vec<(String, Sizes)>,
) -> Result<(Listed, Vec<(String, RemoteError)>), RemoteError> {
    let fetched = futures::stream::iter(missing)
        .map(|(handle, sizes)| async move {
            let sidecar = sidecar(remote, dir, &handle).await;
            (handle, sizes, sidecar)
        })
        .buffer_unordered(AT_ONCE);
    futures::pin_mut!(fetched);
    let (mut handles, mut refused) = (HashMap::new(), Vec::new());
    while let Some((handle, sizes, sidecar)) = fetched.next().await {
        match sidecar {
            Ok(Some(sidecar)) => {
                handles.insert(handle, (sidecar, sizes));
            }
            // Removed since the listing: not listed.
            Ok(None) => {}
            Err(err) if !err.is_transport() => refused.push((handle, err)),
            Err(err) => return Err(err),
        }
    }
    refused.sort_by(|a, b| a.0.cmp(&b.0));
    Ok((Listed { handles }, refused))
}

/// What a `list` call reads of the handles the directory lacks.
pub(crate) struct Listed {
    /// By handle: its sidecar and the sizes of its objects.
    handles: HashMap<String, (Vec<u8>, Sizes)>,
}

impl Listed {
    fn find<'a>(&'a self, name: &'a str) -> Option<(&'a (Vec<u8>, Sizes), &'a str)> {
        let (handle, suffix) = name.split_at_checked(36)?;
        let suffix = suffix.strip_prefix('.')?;
        SUFFIXES.contains(&suffix).then_some(())?;
        Some((self.handles.get(handle)?, suffix))
    }
}

impl RemoteFiles for Listed {
    fn serves(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    fn size<'a>(&'a self, name: &'a str) -> BoxFuture<'a, Result<u64, FsError>> {
        Box::pin(async move {
            match self.find(name) {
                Some(((sidecar, _), SIDECAR)) => Ok(sidecar.len() as u64),
                Some(((_, sizes), suffix)) if let Some(size) = sizes.get(suffix) => Ok(*size),
                _ => Err(FsError::NotFound(name.to_string())),
            }
        })
    }

    fn read<'a>(
        &'a self,
        name: &'a str,
        offset: u64,
        len: u64,
    ) -> BoxFuture<'a, Result<Vec<u8>, FsError>> {
        Box::pin(async move {
            match self.find(name) {
                Some(((sidecar, _), SIDECAR)) => {
                    let start = (offset as usize).min(sidecar.len());
                    let end = start.saturating_add(len as usize).min(sidecar.len());
                    Ok(sidecar[start..end].to_vec())
                }
                Some(_) => Err(FsError::Io(format!(
                    "{name} is not fetched for a listing (only sidecars are)"
                ))),
                None => Err(FsError::NotFound(name.to_string())),
            }
        })
    }

    fn names(&self) -> Vec<String> {
        self.handles.keys().map(|h| sidecar_name(h)).collect()
    }
}

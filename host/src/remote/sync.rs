//! Moving one handle between the session directory and the store:
//! publish (after a store), fetch (before a call on a handle not cached),
//! remove, and the handles a session has in the store.

use std::io::{Read, Write};

use futures::StreamExt;
use object_store::{GetResult, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};

use super::{Remote, RemoteError};
use crate::bindings::session_fs::FsError;
use crate::host::session_fs::SessionDir;
// The sidecar is written last and read first: a handle is in the store
// exactly when its sidecar is.
use tool_output_wire::contract::{
    HANDLE_FILE_SUFFIXES as SUFFIXES, SIDECAR_SUFFIX as SIDECAR, is_handle, sidecar_name,
};

/// Files above this go up in parts of this size (S3's minimum part is 5 MiB).
const PART_BYTES: usize = 8 << 20;
/// Parts in flight at once.
const PARTS_IN_FLIGHT: usize = 4;
/// The largest sidecar fetched (they are about 1 KB; one read whole must
/// not let a hostile store fill memory).
pub(super) const MAX_SIDECAR_BYTES: u64 = 1 << 20;

fn local(remote: &Remote, what: String, err: FsError) -> RemoteError {
    let text = match err {
        FsError::NotFound(name) => format!("{name} is missing"),
        FsError::Io(m) | FsError::InvalidName(m) => m,
        other => format!("{other:?}"),
    };
    RemoteError::io(&remote.store, what, std::io::Error::other(text))
}

/// Uploads the files of `handle` from `dir`, the sidecar last; the bytes
/// sent.
pub(crate) async fn publish(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<u64, RemoteError> {
    let mut sent = 0;
    for suffix in SUFFIXES {
        let name = format!("{handle}.{suffix}");
        let what = || format!("publishing {name}");
        let file = match dir.open_for_reading(&name) {
            Ok(file) => file,
            // Not every handle has every kind of file; every one has a sidecar.
            Err(FsError::NotFound(_)) if suffix != SIDECAR => continue,
            Err(err) => return Err(local(remote, what(), err)),
        };
        sent += upload(remote, &name, file).await.map_err(|e| match e {
            Upload::Local(err) => RemoteError::io(&remote.store, what(), err),
            Upload::Store(err) => RemoteError::new(&remote.store, what(), err),
        })?;
    }
    Ok(sent)
}

enum Upload {
    Local(std::io::Error),
    Store(object_store::Error),
}

async fn upload(remote: &Remote, name: &str, mut file: std::fs::File) -> Result<u64, Upload> {
    let location = remote.store.object(&remote.session, name);
    let len = file.metadata().map_err(Upload::Local)?.len();
    let store = &remote.store.store;
    if len <= PART_BYTES as u64 {
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes).map_err(Upload::Local)?;
        let sent = bytes.len() as u64;
        store
            .put(&location, PutPayload::from(bytes))
            .await
            .map_err(Upload::Store)?;
        return Ok(sent);
    }
    let upload = store
        .put_multipart(&location)
        .await
        .map_err(Upload::Store)?;
    let mut parts = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
    let mut buf = vec![0; 1 << 20];
    let mut sent = 0;
    loop {
        let n = match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(err) => {
                let _ = parts.abort().await;
                return Err(Upload::Local(err));
            }
        };
        if let Err(err) = parts.wait_for_capacity(PARTS_IN_FLIGHT).await {
            let _ = parts.abort().await;
            return Err(Upload::Store(err));
        }
        parts.write(&buf[..n]);
        sent += n as u64;
    }
    parts.finish().await.map_err(Upload::Store)?;
    Ok(sent)
}

/// Downloads `handle` into `dir` when the store has it (for `list` and
/// `export`; the calls on one handle read it by range): each file whole,
/// under a hidden name, then renamed into place, the sidecar last, so the
/// engine never sees half a handle. `Ok(false)`: the store does not have
/// it (never published, or removed). Files of a failed fetch are removed.
pub(crate) async fn fetch(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<bool, RemoteError> {
    let sidecar = sidecar_name(handle);
    let Some(meta) = get_whole(remote, &sidecar).await? else {
        return Ok(false);
    };
    dir.remove_stale_fetches();
    let mut installed = Vec::new();
    let result = async {
        for suffix in SUFFIXES.iter().filter(|s| **s != SIDECAR) {
            let name = format!("{handle}.{suffix}");
            if download(remote, dir, &name).await? {
                installed.push(name);
            }
        }
        let what = format!("fetching {sidecar}");
        let (temp, mut file) = dir
            .install_begin(&sidecar, meta.len() as u64)
            .map_err(|e| local(remote, what.clone(), e))?;
        if let Err(err) = file.write_all(&meta) {
            dir.install_abort(&temp);
            return Err(RemoteError::io(&remote.store, what, err));
        }
        dir.install_commit(&temp, &sidecar)
            .map_err(|e| local(remote, what, e))
    }
    .await;
    if result.is_err() {
        for name in &installed {
            let _ = dir.remove(name);
        }
    } else {
        // What earlier calls cached of it by range is now redundant.
        super::forget(dir, handle);
    }
    result.map(|()| true)
}

/// The object of session file `name`; `None` when it does not exist.
async fn get(remote: &Remote, name: &str) -> Result<Option<GetResult>, RemoteError> {
    let location = remote.store.object(&remote.session, name);
    match remote.store.store.get(&location).await {
        Ok(got) => Ok(Some(got)),
        Err(object_store::Error::NotFound { .. }) => Ok(None),
        Err(err) => Err(RemoteError::new(
            &remote.store,
            format!("fetching {name}"),
            err,
        )),
    }
}

/// A sidecar whole; `None` when it does not exist. Bounded while it
/// streams: a body longer than announced (or than a sidecar can be) is
/// refused at the first byte past it, never collected.
pub(super) async fn get_whole(
    remote: &Remote,
    name: &str,
) -> Result<Option<bytes::Bytes>, RemoteError> {
    let what = || format!("fetching {name}");
    let Some(got) = get(remote, name).await? else {
        return Ok(None);
    };
    let refused = |why: String| RemoteError::io(&remote.store, what(), std::io::Error::other(why));
    let announced = got.meta.size;
    if announced > MAX_SIDECAR_BYTES {
        return Err(refused(format!(
            "{announced} bytes, more than a sidecar can be ({MAX_SIDECAR_BYTES})"
        )));
    }
    let mut bytes = Vec::with_capacity(announced as usize);
    let mut stream = got.into_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| RemoteError::new(&remote.store, what(), e))?;
        if (bytes.len() + chunk.len()) as u64 > announced {
            return Err(refused(format!(
                "more than the announced {announced} bytes"
            )));
        }
        bytes.extend_from_slice(&chunk);
    }
    if (bytes.len() as u64) < announced {
        return Err(refused(format!(
            "{} bytes sent of the announced {announced}",
            bytes.len()
        )));
    }
    Ok(Some(bytes.into()))
}

/// One file, streamed to disk; `Ok(false)` when the store has no such file.
async fn download(remote: &Remote, dir: &SessionDir, name: &str) -> Result<bool, RemoteError> {
    let what = || format!("fetching {name}");
    let Some(got) = get(remote, name).await? else {
        return Ok(false);
    };
    let announced = got.meta.size;
    let (temp, mut file) = dir
        .install_begin(name, announced)
        .map_err(|e| local(remote, what(), e))?;
    let mut stream = got.into_stream();
    let mut received = 0;
    while let Some(chunk) = stream.next().await {
        let written = match chunk {
            // A body longer than the object's announced size is refused, not
            // written on (the quota was checked against the announcement).
            Ok(chunk) if received + chunk.len() as u64 > announced => Err(RemoteError::io(
                &remote.store,
                what(),
                std::io::Error::other(format!("more than the announced {announced} bytes")),
            )),
            Ok(chunk) => {
                received += chunk.len() as u64;
                file.write_all(&chunk)
                    .map_err(|e| RemoteError::io(&remote.store, what(), e))
            }
            Err(err) => Err(RemoteError::new(&remote.store, what(), err)),
        };
        if let Err(err) = written {
            dir.install_abort(&temp);
            return Err(err);
        }
    }
    dir.install_commit(&temp, name)
        .map_err(|e| local(remote, what(), e))?;
    Ok(true)
}

/// Deletes `handle` from the store, the sidecar first (it vanishes for
/// every reader at once), then its other files in one batch (partial
/// uploads too); whether the store had the handle (its sidecar).
pub(crate) async fn remove_handle(remote: &Remote, handle: &str) -> Result<bool, RemoteError> {
    let failed = |name: &str, err| RemoteError::new(&remote.store, format!("removing {name}"), err);
    let sidecar = sidecar_name(handle);
    let location = remote.store.object(&remote.session, &sidecar);
    // S3 answers a delete of a missing key with success: ask first.
    let found = match remote.store.store.head(&location).await {
        Ok(_) => true,
        Err(object_store::Error::NotFound { .. }) => false,
        Err(err) => return Err(failed(&sidecar, err)),
    };
    if found {
        match remote.store.store.delete(&location).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            Err(err) => return Err(failed(&sidecar, err)),
        }
    }
    let others: Vec<_> = SUFFIXES
        .iter()
        .filter(|s| **s != SIDECAR)
        .map(|s| {
            Ok(remote
                .store
                .object(&remote.session, &format!("{handle}.{s}")))
        })
        .collect();
    let mut deleted = remote
        .store
        .store
        .delete_stream(futures::stream::iter(others).boxed());
    while let Some(result) = deleted.next().await {
        match result {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
            Err(err) => return Err(failed(handle, err)),
        }
    }
    Ok(found)
}

/// The handles the session has in the store (those with a sidecar).
pub(crate) async fn handles(remote: &Remote) -> Result<Vec<String>, RemoteError> {
    let prefix = remote.store.session_prefix(&remote.session);
    let mut objects = remote.store.store.list(Some(&prefix));
    let mut found = Vec::new();
    while let Some(meta) = objects.next().await {
        let meta = meta.map_err(|e| RemoteError::new(&remote.store, "listing handles", e))?;
        let Some(name) = meta.location.filename() else {
            continue;
        };
        if let Some(handle) = name.strip_suffix(&format!(".{SIDECAR}"))
            && is_handle(handle)
        {
            found.push(handle.to_string());
        }
    }
    Ok(found)
}

//! Moving one handle between the session directory and the store:
//! publish (after a store), fetch (before a call on a handle not cached),
//! remove, and the handles a session has in the store.

use std::io::{Read, Write};

use futures::StreamExt;
use object_store::path::Path as ObjectPath;
use object_store::{
    GetOptions, GetRange, GetResult, ObjectMeta, ObjectStore, ObjectStoreExt, PutPayload,
    WriteMultipart,
};
use sha2::{Digest, Sha256};

use super::content::{self, Hashes};

use super::{Remote, RemoteError};
use crate::bindings::session_fs::FsError;
use crate::capabilities::session_fs::SessionDir;
// The sidecar is written last and read first: a handle is in the store
// exactly when its sidecar is.
use tool_output_wire::contract::{
    HANDLE_FILE_SUFFIXES as SUFFIXES, SIDECAR_SUFFIX as SIDECAR, sidecar_name,
};

/// Files above this go up in parts of this size (S3's minimum part is 5
/// MiB), and come down in ranged GETs of it.
const PART_BYTES: usize = 8 << 20;
/// Parts in flight at once, either way.
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

/// Uploads the files of `handle` from `dir`, the sidecar last, carrying
/// the SHA-256 of every other file ([`super::content`]); the bytes sent.
/// The local sidecar is then the one the store has.
pub(crate) async fn publish(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<u64, RemoteError> {
    let (mut sent, mut hashes) = (0, Hashes::new());
    for suffix in SUFFIXES.iter().filter(|s| **s != SIDECAR) {
        let name = format!("{handle}.{suffix}");
        let what = || format!("publishing {name}");
        let file = match dir.open_for_reading(&name) {
            Ok(file) => file,
            // Not every handle has every kind of file.
            Err(FsError::NotFound(_)) => continue,
            Err(err) => return Err(local(remote, what(), err)),
        };
        let (bytes, sha256) = upload(remote, &name, file).await.map_err(|e| match e {
            Upload::Local(err) => RemoteError::io(&remote.store, what(), err),
            Upload::Store(err) => RemoteError::new(&remote.store, what(), err),
        })?;
        sent += bytes;
        hashes.insert(suffix.to_string(), sha256);
    }
    let sidecar = sidecar_name(handle);
    let what = || format!("publishing {sidecar}");
    let size = dir.size(&sidecar).map_err(|e| local(remote, what(), e))?;
    if size > MAX_SIDECAR_BYTES {
        let err = std::io::Error::other(format!("{size} bytes, more than a sidecar can be"));
        return Err(RemoteError::io(&remote.store, what(), err));
    }
    let kept = dir
        .read(&sidecar, 0, size)
        .map_err(|e| local(remote, what(), e))?;
    let carried = content::with_hashes(&kept, &hashes);
    let bytes = carried.clone().unwrap_or(kept);
    sent += bytes.len() as u64;
    let location = remote.store.object(&remote.session, &sidecar);
    remote
        .store
        .store
        .put(&location, PutPayload::from(bytes))
        .await
        .map_err(|e| RemoteError::new(&remote.store, what(), e))?;
    // The same sidecar here as in the store (an export from either is
    // the same archive); this copy stays complete whatever happens.
    if let Some(carried) = carried {
        let _ = dir.replace(&sidecar, &carried);
    }
    Ok(sent)
}

enum Upload {
    Local(std::io::Error),
    Store(object_store::Error),
}

/// One file uploaded (in parts above [`PART_BYTES`]); the bytes sent and
/// their SHA-256.
async fn upload(
    remote: &Remote,
    name: &str,
    mut file: std::fs::File,
) -> Result<(u64, String), Upload> {
    let location = remote.store.object(&remote.session, name);
    let len = file.metadata().map_err(Upload::Local)?.len();
    let store = &remote.store.store;
    let mut hasher = Sha256::new();
    if len <= PART_BYTES as u64 {
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes).map_err(Upload::Local)?;
        hasher.update(&bytes);
        let sent = bytes.len() as u64;
        store
            .put(&location, PutPayload::from(bytes))
            .await
            .map_err(Upload::Store)?;
        return Ok((sent, content::hex(hasher)));
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
        hasher.update(&buf[..n]);
        parts.write(&buf[..n]);
        sent += n as u64;
    }
    parts.finish().await.map_err(Upload::Store)?;
    Ok((sent, content::hex(hasher)))
}

/// Downloads `handle` into `dir` when the store has it (for `export` and
/// the extractions that read every line; the calls on one handle read it
/// by range): each file in ranged GETs of [`PART_BYTES`], [`PARTS_IN_FLIGHT`]
/// at once (each its own request, with its own timeout and retries),
/// checked against the hashes its sidecar carries, under a hidden name
/// renamed into place, the sidecar last, so the engine never sees half a
/// handle. `Ok(false)`: the store does not have it (never published, or
/// removed). Files of a failed fetch are removed.
pub(crate) async fn fetch(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<bool, RemoteError> {
    let sidecar = sidecar_name(handle);
    let Some(meta) = get_whole(remote, &sidecar).await? else {
        return Ok(false);
    };
    let refused = |why: String| {
        RemoteError::io(
            &remote.store,
            format!("fetching {sidecar}"),
            std::io::Error::other(why),
        )
    };
    let hashes = content::hashes_in(&meta).map_err(refused)?;
    dir.remove_stale_fetches();
    let mut installed = Vec::new();
    let result = async {
        for suffix in SUFFIXES.iter().filter(|s| **s != SIDECAR) {
            let name = format!("{handle}.{suffix}");
            // With hashes, exactly the files they name (an object beside
            // them is none of the handle's); without, whatever is there.
            let want = match &hashes {
                Some(hashes) => match hashes.get(*suffix) {
                    Some(hash) => Some(hash),
                    None => continue,
                },
                None => None,
            };
            // One deleted under its sidecar is missing here too: the
            // engine says the handle is corrupt, and why.
            if download(remote, dir, &name, want).await? {
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

/// One file, fetched in parts and written to disk in order; `Ok(false)`
/// when the store has no such file. `want`: the SHA-256 its sidecar
/// carries (`None`: a sidecar from before hashes were kept).
async fn download(
    remote: &Remote,
    dir: &SessionDir,
    name: &str,
    want: Option<&String>,
) -> Result<bool, RemoteError> {
    let what = || format!("fetching {name}");
    let refused = |why: String| RemoteError::io(&remote.store, what(), std::io::Error::other(why));
    let location = remote.store.object(&remote.session, name);
    let head = match remote.store.store.head(&location).await {
        Ok(head) => head,
        Err(object_store::Error::NotFound { .. }) => return Ok(false),
        Err(err) => return Err(RemoteError::new(&remote.store, what(), err)),
    };
    let size = head.size;
    let (temp, mut file) = dir
        .install_begin(name, size)
        .map_err(|e| local(remote, what(), e))?;
    // Dropped unfinished (a signal, a caller's timeout): nothing is left.
    let mut pending = PendingFetch {
        dir,
        temp: Some(temp),
    };
    let parts = (0..size).step_by(PART_BYTES).map(|start| {
        let end = (start + PART_BYTES as u64).min(size);
        get_part(remote, name, &location, &head, start..end)
    });
    let mut parts = futures::stream::iter(parts).buffered(PARTS_IN_FLIGHT);
    let mut hasher = Sha256::new();
    while let Some(part) = parts.next().await {
        let part = part?;
        hasher.update(&part);
        file.write_all(&part)
            .map_err(|e| RemoteError::io(&remote.store, what(), e))?;
    }
    drop(file);
    let got = content::hex(hasher);
    if let Some(want) = want
        && got != *want
    {
        return Err(refused(format!(
            "the store sent other bytes than were stored (SHA-256 {got}; its sidecar says {want}): \
             not served"
        )));
    }
    let temp = pending.temp.take().expect("not committed yet");
    dir.install_commit(&temp, name)
        .map_err(|e| local(remote, what(), e))?;
    Ok(true)
}

/// A fetch's hidden file, removed unless it was renamed into place.
struct PendingFetch<'a> {
    dir: &'a SessionDir,
    temp: Option<String>,
}

impl Drop for PendingFetch<'_> {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            self.dir.install_abort(&temp);
        }
    }
}

/// Bytes `range` of an object, in one ranged GET: exactly those bytes of
/// the object the store announced (its size and entity tag), else refused.
async fn get_part(
    remote: &Remote,
    name: &str,
    location: &ObjectPath,
    head: &ObjectMeta,
    range: std::ops::Range<u64>,
) -> Result<Vec<u8>, RemoteError> {
    let what = || format!("fetching {name} (bytes {}..{})", range.start, range.end);
    let refused = |why: String| RemoteError::io(&remote.store, what(), std::io::Error::other(why));
    let options = GetOptions {
        range: Some(GetRange::Bounded(range.clone())),
        ..GetOptions::default()
    };
    let got = match remote.store.store.get_opts(location, options).await {
        Ok(got) => got,
        Err(object_store::Error::NotFound { .. }) => {
            return Err(refused("deleted while it was being fetched".into()));
        }
        Err(err) => return Err(RemoteError::new(&remote.store, what(), err)),
    };
    let tags_differ = matches!((&got.meta.e_tag, &head.e_tag), (Some(a), Some(b)) if a != b);
    if got.meta.size != head.size || tags_differ {
        return Err(refused(format!(
            "the object changed in the store ({} bytes, {:?}; {} bytes, {:?} announced), but \
             handles never change",
            got.meta.size, got.meta.e_tag, head.size, head.e_tag
        )));
    }
    let want = range.end - range.start;
    let mut bytes = Vec::with_capacity(want as usize);
    let mut stream = got.into_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| RemoteError::new(&remote.store, what(), e))?;
        if (bytes.len() + chunk.len()) as u64 > want {
            return Err(refused(format!("more than the {want} bytes asked")));
        }
        bytes.extend_from_slice(&chunk);
    }
    if (bytes.len() as u64) != want {
        return Err(refused(format!(
            "{} bytes sent of the {want} asked",
            bytes.len()
        )));
    }
    Ok(bytes)
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

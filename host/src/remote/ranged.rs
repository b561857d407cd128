//! A handle this machine lacks, read from the store by byte ranges: a call
//! fetches what the engine reads of it (the sidecar, the pages of the line
//! index, the view's lines around what was asked) instead of every file
//! whole.
//!
//! Attaching a handle fetches its sidecar (at most [`MAX_SIDECAR_BYTES`];
//! none: the handle is not in the store) and asks the size of each of its
//! other objects (HEAD, concurrently). Both are kept as hidden files in the
//! session directory, the sidecar last, so the next call on the handle asks
//! the store nothing until it reads what is not cached. The engine's reads
//! then fetch the [`BLOCK`]s they touch that the cache lacks, one ranged
//! GET per run of missing blocks, each block kept as a hidden file of its
//! own (written whole or not at all, within the session's quota and the
//! cache's bound; a block the cache cannot keep is still served).
//!
//! A scan reads ahead ([`super::ahead`]): its fetches take the blocks that
//! come next too, in requests made at once.
//!
//! Objects never change once published: a response for an object of
//! another size or entity tag than the store announced, or longer than was
//! asked, is refused, and memory never holds more than one read's blocks,
//! the block the last read ended in (where a scan reads next) and the
//! blocks fetched ahead (at most 4 MiB).
//! A failure of the store itself during a call is kept, and the call fails
//! with it (see [`Ranged::failure`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use futures::future::BoxFuture;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt};
use serde::{Deserialize, Serialize};

use super::ahead::{REQUEST_BLOCKS, ReadAhead};
use super::sync::{MAX_SIDECAR_BYTES, get_whole};
use super::{Remote, RemoteError};
use crate::bindings::session_fs::FsError;
use crate::capabilities::session_fs::{MAX_READ, RemoteFiles, SessionDir};
use tool_output_wire::contract::{
    HANDLE_FILE_SUFFIXES as SUFFIXES, SIDECAR_SUFFIX as SIDECAR, is_handle, sidecar_name,
};

/// The unit fetched and cached: reads are rounded out to whole blocks.
pub(crate) const BLOCK: u64 = 128 << 10;
/// What is cached by range is named `.range-<handle>.<suffix>` (the
/// sidecar), `.range-<handle>.objects` (the sizes) and
/// `.range-<handle>.<suffix>.<block>`.
const PREFIX: &str = ".range-";
const OBJECTS: &str = "objects";

/// One of the handle's objects, as the store announced it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Object {
    size: u64,
    e_tag: Option<String>,
}

/// One handle, readable by range for the calls on it.
pub(crate) struct Ranged {
    remote: Remote,
    dir: SessionDir,
    handle: String,
    sidecar: Vec<u8>,
    /// By suffix; an object the store lacks is not here.
    objects: BTreeMap<String, Object>,
    /// The first failure of the store itself.
    failed: Mutex<Option<RemoteError>>,
    /// The last block a read ended in (suffix, number, bytes): the next
    /// read of a scan starts there, whether or not the cache kept it.
    last: Mutex<Option<(String, u64, Vec<u8>)>>,
    /// The scan this call is making, if any, and what it fetched ahead.
    ahead: Mutex<ReadAhead>,
}

pub(super) fn hidden(handle: &str, what: &str) -> String {
    format!("{PREFIX}{handle}.{what}")
}

fn block_name(handle: &str, suffix: &str, block: u64) -> String {
    format!("{PREFIX}{handle}.{suffix}.{block}")
}

/// The handle a hidden file cached by range belongs to.
pub(crate) fn handle_of(name: &str) -> Option<&str> {
    let rest = name.strip_prefix(PREFIX)?;
    let handle = rest.get(..36)?;
    (is_handle(handle) && rest[36..].starts_with('.')).then_some(handle)
}

/// Everything cached by range of `handle` removed, the sidecar first (a
/// handle fetched whole, or removed); best effort.
pub(crate) fn forget(dir: &SessionDir, handle: &str) {
    let Ok(files) = dir.files() else { return };
    let mut names: Vec<String> = files
        .into_iter()
        .map(|(name, _, _)| name)
        .filter(|name| handle_of(name) == Some(handle))
        .collect();
    names.sort_by_key(|name| !name.ends_with(SIDECAR));
    for name in names {
        dir.remove_hidden(&name);
    }
}

/// `handle` readable by range, or `None` when the store does not have it
/// (its sidecar). Asks the store only when this directory has not kept
/// what an earlier call learned.
pub(crate) async fn attach(
    remote: &Remote,
    dir: &SessionDir,
    handle: &str,
) -> Result<Option<Arc<Ranged>>, RemoteError> {
    let (sidecar_file, objects_file) = (hidden(handle, SIDECAR), hidden(handle, OBJECTS));
    let ranged = |sidecar, objects| {
        Some(Arc::new(Ranged {
            remote: remote.clone(),
            dir: dir.clone(),
            handle: handle.to_string(),
            sidecar,
            objects,
            failed: Mutex::new(None),
            last: Mutex::new(None),
            ahead: Mutex::new(ReadAhead::default()),
        }))
    };
    if let (Some(sidecar), Some(objects)) = (
        read_kept(dir, &sidecar_file),
        read_kept(dir, &objects_file).and_then(|b| serde_json::from_slice(&b).ok()),
    ) {
        dir.touch_hidden(&sidecar_file);
        return Ok(ranged(sidecar, objects));
    }
    let Some(sidecar) = get_whole(remote, &sidecar_name(handle)).await? else {
        return Ok(None);
    };
    let heads = SUFFIXES.iter().filter(|s| **s != SIDECAR).map(|suffix| {
        let name = format!("{handle}.{suffix}");
        async move {
            let location = remote.store.object(&remote.session, &name);
            match remote.store.store.head(&location).await {
                Ok(meta) => Ok(Some((
                    suffix.to_string(),
                    Object {
                        size: meta.size,
                        e_tag: meta.e_tag,
                    },
                ))),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(err) => Err(RemoteError::new(
                    &remote.store,
                    format!("fetching {name}"),
                    err,
                )),
            }
        }
    });
    let mut objects = BTreeMap::new();
    for head in futures::future::join_all(heads).await {
        objects.extend(head?);
    }
    // Kept for the next call, the sidecar last; a full quota only means
    // asking again.
    let json = serde_json::to_vec(&objects).expect("sizes serialize");
    if dir.install(&objects_file, &json).is_ok() {
        let _ = dir.install(&sidecar_file, &sidecar);
    }
    Ok(ranged(sidecar.to_vec(), objects))
}

/// A small hidden file this host wrote, whole.
pub(super) fn read_kept(dir: &SessionDir, name: &str) -> Option<Vec<u8>> {
    let len = dir
        .hidden_len(name)
        .filter(|len| *len <= MAX_SIDECAR_BYTES)?;
    dir.read_hidden(name, 0, len)
        .ok()
        .filter(|b| b.len() as u64 == len)
}

impl Ranged {
    /// The first failure of the store itself in the calls so far, if any.
    pub(crate) fn failure(&self) -> Option<RemoteError> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    fn suffix_of<'n>(&self, name: &'n str) -> Option<&'n str> {
        let suffix = name.strip_prefix(self.handle.as_str())?.strip_prefix('.')?;
        SUFFIXES.contains(&suffix).then_some(suffix)
    }

    /// A failure of the store: kept for the call's answer, and said to
    /// the engine.
    fn failed(&self, err: RemoteError) -> FsError {
        let text = err.to_string();
        let mut kept = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        kept.get_or_insert(err);
        FsError::Io(text)
    }

    /// An object the store sent that is not what it announced.
    fn refused(&self, what: String, why: String) -> FsError {
        let err = RemoteError::io(&self.remote.store, what, std::io::Error::other(why));
        FsError::Io(err.to_string())
    }

    fn size_of(&self, name: &str) -> Result<u64, FsError> {
        match self.dir.size(name) {
            Err(FsError::NotFound(_)) => {}
            local => return local,
        }
        match self.suffix_of(name) {
            Some(SIDECAR) => Ok(self.sidecar.len() as u64),
            Some(suffix) if let Some(object) = self.objects.get(suffix) => Ok(object.size),
            _ => Err(FsError::NotFound(name.to_string())),
        }
    }

    async fn read_by_range(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        // A file this directory has whole (another process fetched it).
        match self.dir.read(name, offset, len) {
            Err(FsError::NotFound(_)) => {}
            local => return local,
        }
        let end = |size: u64| offset.saturating_add(len.min(MAX_READ)).min(size);
        let (suffix, object) = match self.suffix_of(name) {
            Some(SIDECAR) => {
                let size = self.sidecar.len() as u64;
                let start = offset.min(size) as usize;
                return Ok(self.sidecar[start..end(size) as usize].to_vec());
            }
            Some(suffix) if let Some(object) = self.objects.get(suffix) => (suffix, object),
            _ => return Err(FsError::NotFound(name.to_string())),
        };
        let end = end(object.size);
        if offset >= end {
            return Ok(Vec::new());
        }
        let (first, last) = (offset / BLOCK, (end - 1) / BLOCK);
        let (mut blocks, ahead) = {
            let mut held = self.ahead.lock().unwrap_or_else(|e| e.into_inner());
            let ahead = held.plan(suffix, first, last);
            let blocks: Vec<Option<Vec<u8>>> = (first..=last)
                .map(|n| {
                    held.take(suffix, n)
                        .or_else(|| self.cached_block(suffix, object, n))
                })
                .collect();
            // Ahead of the read: the blocks neither held nor cached, up to
            // the first that is, or the object's end.
            let blocks_in = object.size.div_ceil(BLOCK);
            let ahead = (last + 1..(last + 1 + ahead).min(blocks_in))
                .take_while(|&n| !held.holds(suffix, n) && !self.is_cached(suffix, object, n))
                .count() as u64;
            (blocks, ahead)
        };
        let mut i = 0;
        while i < blocks.len() {
            if blocks[i].is_some() {
                i += 1;
                continue;
            }
            let run_end = (i..blocks.len())
                .find(|&k| blocks[k].is_some())
                .unwrap_or(blocks.len());
            let at = first + i as u64;
            let count = (run_end - i) as u64;
            // The run that ends the read takes the blocks ahead with it.
            let extra = if run_end == blocks.len() { ahead } else { 0 };
            let fetched = self
                .fetch_at_once(name, suffix, object, at, count + extra)
                .await?;
            let mut fetched = fetched.into_iter();
            for (k, block) in fetched.by_ref().take(count as usize).enumerate() {
                blocks[i + k] = Some(block);
            }
            let mut held = self.ahead.lock().unwrap_or_else(|e| e.into_inner());
            for (k, block) in fetched.enumerate() {
                held.keep(last + 1 + k as u64, block);
            }
            i = run_end;
        }
        if let Some(Some(block)) = blocks.last() {
            let n = first + blocks.len() as u64 - 1;
            *self.last.lock().unwrap_or_else(|e| e.into_inner()) =
                Some((suffix.to_string(), n, block.clone()));
        }
        let mut out = Vec::with_capacity((end - offset) as usize);
        for (k, block) in blocks.iter().flatten().enumerate() {
            let start = (first + k as u64) * BLOCK;
            let from = offset.saturating_sub(start) as usize;
            let to = (end - start).min(block.len() as u64) as usize;
            out.extend_from_slice(&block[from..to]);
        }
        Ok(out)
    }

    /// Block `n` of an object, if this directory has it whole.
    fn cached_block(&self, suffix: &str, object: &Object, n: u64) -> Option<Vec<u8>> {
        let name = block_name(&self.handle, suffix, n);
        let want = (object.size - n * BLOCK).min(BLOCK);
        if let Some((s, m, block)) = &*self.last.lock().unwrap_or_else(|e| e.into_inner())
            && (s.as_str(), *m) == (suffix, n)
            && block.len() as u64 == want
        {
            return Some(block.clone());
        }
        if !self.is_cached(suffix, object, n) {
            return None;
        }
        self.dir
            .read_hidden(&name, 0, want)
            .ok()
            .filter(|b| b.len() as u64 == want)
    }

    /// Whether this directory has block `n` of an object whole (its size
    /// only: nothing is read).
    fn is_cached(&self, suffix: &str, object: &Object, n: u64) -> bool {
        let want = (object.size - n * BLOCK).min(BLOCK);
        self.dir.hidden_len(&block_name(&self.handle, suffix, n)) == Some(want)
    }

    /// Blocks `first..first + count`, in ranged GETs of up to
    /// [`REQUEST_BLOCKS`] made at once, in order.
    async fn fetch_at_once(
        &self,
        name: &str,
        suffix: &str,
        object: &Object,
        first: u64,
        count: u64,
    ) -> Result<Vec<Vec<u8>>, FsError> {
        if count <= REQUEST_BLOCKS {
            return self.fetch(name, suffix, object, first, count).await;
        }
        let requests = (first..first + count)
            .step_by(REQUEST_BLOCKS as usize)
            .map(|at| {
                self.fetch(
                    name,
                    suffix,
                    object,
                    at,
                    REQUEST_BLOCKS.min(first + count - at),
                )
            });
        let parts = futures::future::try_join_all(requests).await?;
        Ok(parts.into_iter().flatten().collect())
    }

    /// Blocks `first..first + count` of file `name`, in one ranged GET,
    /// each kept in the cache as it is complete.
    async fn fetch(
        &self,
        name: &str,
        suffix: &str,
        object: &Object,
        first: u64,
        count: u64,
    ) -> Result<Vec<Vec<u8>>, FsError> {
        let (start, end) = (first * BLOCK, ((first + count) * BLOCK).min(object.size));
        let what = || format!("fetching {name} (bytes {start}..{end})");
        let location = self.remote.store.object(&self.remote.session, name);
        let options = GetOptions {
            range: Some(GetRange::Bounded(start..end)),
            ..GetOptions::default()
        };
        let got = match self.remote.store.store.get_opts(&location, options).await {
            Ok(got) => got,
            // Deleted under its sidecar: the engine says the handle is broken.
            Err(object_store::Error::NotFound { .. }) => {
                return Err(FsError::NotFound(name.to_string()));
            }
            Err(err) => return Err(self.failed(RemoteError::new(&self.remote.store, what(), err))),
        };
        let tags_differ = matches!((&got.meta.e_tag, &object.e_tag), (Some(a), Some(b)) if a != b);
        if got.meta.size != object.size || tags_differ {
            let why = format!(
                "the object changed in the store ({} bytes, {:?}; {} bytes, {:?} announced), but \
                 handles never change",
                got.meta.size, got.meta.e_tag, object.size, object.e_tag
            );
            return Err(self.refused(what(), why));
        }
        let want = end - start;
        let mut stream = got.into_stream();
        let (mut blocks, mut current, mut received) = (Vec::new(), Vec::new(), 0u64);
        while let Some(chunk) = stream.next().await {
            let chunk = chunk
                .map_err(|err| self.failed(RemoteError::new(&self.remote.store, what(), err)))?;
            if received + chunk.len() as u64 > want {
                return Err(self.refused(what(), format!("more than the {want} bytes asked")));
            }
            received += chunk.len() as u64;
            let mut rest = &chunk[..];
            while !rest.is_empty() {
                let n = first + blocks.len() as u64;
                let block_len = (object.size - n * BLOCK).min(BLOCK) as usize;
                let take = (block_len - current.len()).min(rest.len());
                current.extend_from_slice(&rest[..take]);
                rest = &rest[take..];
                if current.len() == block_len {
                    // Kept while the cache is within its bound (a scan of a
                    // handle larger than the cache keeps its first blocks);
                    // not kept (the bound, a full quota, a full disk):
                    // served all the same.
                    if self.dir.usage() + block_len as u64 <= self.remote.cache_bytes {
                        let _ = self
                            .dir
                            .install(&block_name(&self.handle, suffix, n), &current);
                    }
                    blocks.push(std::mem::take(&mut current));
                }
            }
        }
        if received != want {
            let why = format!("{received} bytes sent of the {want} asked");
            return Err(self.refused(what(), why));
        }
        Ok(blocks)
    }
}

impl RemoteFiles for Ranged {
    fn serves(&self, name: &str) -> bool {
        self.suffix_of(name).is_some()
    }

    fn size<'a>(&'a self, name: &'a str) -> BoxFuture<'a, Result<u64, FsError>> {
        Box::pin(async move { self.size_of(name) })
    }

    fn read<'a>(
        &'a self,
        name: &'a str,
        offset: u64,
        len: u64,
    ) -> BoxFuture<'a, Result<Vec<u8>, FsError>> {
        Box::pin(self.read_by_range(name, offset, len))
    }
}

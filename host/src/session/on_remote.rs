//! A session on an object store (see [`crate::remote`]): attaching the
//! store, a handle this directory lacks read by range during a call on it,
//! handles fetched whole for `list`, `export` and the extractions that read
//! every line, publishing after a store.

use std::sync::Arc;

use wasmtime::Store;

use super::Session;
use crate::bindings::Extractor;
use crate::bindings::types::{HandleInfo, OutputStats, StoreReason};
use crate::capabilities::HostState;
use crate::capabilities::session_fs::RemoteFiles;
use crate::error::{Error, Result};
use crate::names::Outcome;
use crate::remote::{self, Ranged, Remote, RemoteError, RemoteStore};
use tool_output_wire::contract::{is_handle, sidecar_name};

impl Session {
    /// Keep the session on an object store, as `name` (sessions keep their
    /// names: the same name on two roots sharing a store is one session).
    /// Stores publish each handle there; calls on a handle this directory
    /// lacks fetch it first; this directory becomes a cache of at most
    /// `cache_bytes` (default `remote::DEFAULT_CACHE_BYTES`). Set once.
    pub fn set_store(
        &self,
        store: RemoteStore,
        name: &str,
        cache_bytes: Option<u64>,
    ) -> Result<()> {
        crate::roots::check_session_name(name)?;
        let remote = Remote {
            store,
            session: name.to_string(),
            cache_bytes: cache_bytes.unwrap_or(remote::DEFAULT_CACHE_BYTES),
        };
        self.remote
            .set(remote)
            .map_err(|_| Error::Setup(anyhow::anyhow!("the session already has a store")))
    }

    /// The store the session is on, if any.
    pub fn store_url(&self) -> Option<&str> {
        self.remote.get().map(|r| r.store.url())
    }

    /// Removes a handle from this directory only (a store that the object
    /// store refused: it never had it). Best effort.
    pub(crate) fn discard(&self, handle: &str) {
        // The same removal as a store cut short (`UnfinishedHandle`): a
        // complete handle's files, sidecar first; no engine instance needed.
        if is_handle(handle.trim()) {
            self.dir.remove_handle(handle.trim());
        }
    }

    /// What this directory cached of `handle` by range, removed (a
    /// removed handle).
    pub(super) fn forget_ranges(&self, handle: &str) {
        if self.remote.get().is_some() && is_handle(handle.trim()) {
            remote::forget(&self.dir, handle.trim());
        }
    }

    /// With a store: what a `list` call reads of the handles this
    /// directory lacks (their sidecars, and the sizes of their objects:
    /// nothing else is fetched), and the handles whose sidecar the store
    /// sent is unacceptable. A store that fails fails the call.
    pub(super) async fn listing(
        &self,
    ) -> Result<(Option<Arc<dyn RemoteFiles>>, Vec<(String, RemoteError)>)> {
        let Some(remote) = self.remote.get() else {
            return Ok((None, Vec::new()));
        };
        let missing: Vec<_> = remote::inventory(remote)
            .await?
            .into_iter()
            .filter(|(handle, _)| !self.has_locally(handle))
            .collect();
        let (listed, refused) = remote::listed(remote, &self.dir, missing).await?;
        Ok((Some(Arc::new(listed)), refused))
    }

    /// With a store: publish a handle already in this directory (one
    /// imported from an archive); the bytes sent.
    pub async fn publish(&self, handle: &str) -> Result<u64> {
        match self.remote.get() {
            Some(remote) => Ok(remote::publish(remote, &self.dir, handle).await?),
            None => Ok(0),
        }
    }

    /// With a store: `handle` in this directory whole before a call that
    /// reads all of it (an extraction whose strategy reads every line):
    /// fetched in 8 MiB parts, four at a time, rather than the engine's
    /// 1 MiB reads one after another. A handle the store lacks too is left
    /// to the engine, which answers it is unknown.
    pub(super) async fn fetched_whole(&self, handle: &str) -> Result<()> {
        let Some(remote) = self.remote.get() else {
            return Ok(());
        };
        let handle = handle.trim();
        if !is_handle(handle) || self.has_locally(handle) {
            return Ok(());
        }
        if remote::fetch(remote, &self.dir, handle).await? {
            remote::evict(remote, &self.dir, handle).await;
        }
        Ok(())
    }

    /// An engine instance for a call on `handle`. With a store, a handle
    /// this directory lacks is readable by range during the call (the
    /// store asked for its sidecar first: a handle the store lacks too is
    /// left to the engine, which answers it is unknown).
    pub(super) async fn instance_on(
        &self,
        handle: &str,
    ) -> Result<(Store<HostState>, Extractor, Option<Arc<Ranged>>)> {
        let ranged = self.reachable(handle).await?;
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        store.data_mut().remote = ranged.clone().map(|r| r as Arc<dyn RemoteFiles>);
        Ok((store, ex, ranged))
    }

    async fn reachable(&self, handle: &str) -> Result<Option<Arc<Ranged>>> {
        let Some(remote) = self.remote.get() else {
            return Ok(None);
        };
        let handle = handle.trim();
        if !is_handle(handle) {
            return Ok(None);
        }
        if self.has_locally(handle) {
            self.dir.touch(&sidecar_name(handle));
            return Ok(None);
        }
        Ok(remote::attach(remote, &self.dir, handle).await?)
    }

    /// The answer of a call made through [`Session::instance_on`]: a
    /// failure of the store during the call is the call's error (not a
    /// broken handle); the cache is trimmed back to its bound.
    pub(super) async fn settled<T>(
        &self,
        handle: &str,
        ranged: Option<Arc<Ranged>>,
        result: Result<T>,
    ) -> Result<T> {
        let (Some(ranged), Some(remote)) = (ranged, self.remote.get()) else {
            return result;
        };
        if let Some(err) = ranged.failure() {
            return Err(err.into());
        }
        remote::evict(remote, &self.dir, handle.trim()).await;
        result
    }

    /// Whether this directory has `handle` whole (its sidecar, written last).
    pub(super) fn has_locally(&self, handle: &str) -> bool {
        self.dir.size(&sidecar_name(handle)).is_ok()
    }

    /// With a store: publish a stored output. On failure the local handle
    /// is removed (the caller still has its output); files that reached the
    /// store without their sidecar are no handle for any reader.
    pub(super) async fn published(&self, outcome: Outcome) -> Result<Outcome> {
        let (Some(remote), Some(handle)) = (self.remote.get(), outcome.handle()) else {
            return Ok(outcome);
        };
        if let Err(err) = remote::commit(remote, &self.dir, handle).await {
            self.discard(handle);
            return Err(err.into());
        }
        Ok(outcome)
    }

    /// With a store: deletes `handle` there; whether the store had it.
    pub(super) async fn unpublish(&self, handle: &str) -> Result<bool> {
        match self.remote.get() {
            Some(remote) if is_handle(handle.trim()) => {
                Ok(remote::remove_handle(remote, handle.trim()).await?)
            }
            _ => Ok(false),
        }
    }

    /// With a store: the cache back within its bound.
    pub(super) async fn trim_cache(&self) {
        if let Some(remote) = self.remote.get() {
            remote::evict(remote, &self.dir, "").await;
        }
    }
}

/// The `list` entry of a handle the store sent unacceptable objects for
/// (the engine's own shape for a broken handle: only the handle and why).
pub(super) fn broken(handle: String, err: &RemoteError) -> HandleInfo {
    HandleInfo {
        handle,
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
        problem: Some(err.to_string()),
    }
}

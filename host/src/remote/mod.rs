//! Sessions on object storage (S3 and compatible stores, GCS, Azure Blob),
//! through the `object_store` crate.
//!
//! The session directory stays where the engine works; with a store it is a
//! cache in front of it. Layout: `<prefix>/<session>/<handle>.<suffix>`,
//! the same flat names as on disk. A handle is published after the engine
//! stored it, its sidecar last (S3 writes are atomic per object, so a
//! reader that finds the sidecar finds a complete handle). A call on one
//! handle the cache lacks reads it by byte ranges, fetching only what the
//! engine reads (`ranged`); `list` and `export` fetch handles whole
//! (`sync`). The cache is bounded, least recently used handles evicted
//! first (they stay in the store). Handles are immutable once published, so
//! a cached copy, or a cached range, is never stale.

mod ahead;
mod bounded;
mod cache;
mod content;
mod listed;
mod open;
mod ranged;
mod sync;
mod traffic;

use std::sync::Arc;
use std::time::SystemTime;

use futures::{StreamExt, TryStreamExt};
use object_store::ObjectStore;
use object_store::path::Path as ObjectPath;

pub(crate) use cache::evict;
pub(crate) use listed::{Sizes, hashes_of, inventory, listed, sidecar};
pub(crate) use ranged::{Ranged, attach, forget};
pub(crate) use sync::{fetch, publish, remove_handle};
pub use traffic::Traffic;

/// The local cache's default bound, per session.
pub const DEFAULT_CACHE_BYTES: u64 = 1 << 30;

/// An object store and the prefix sessions live under; cheap to clone.
#[derive(Clone)]
pub struct RemoteStore {
    url: Arc<str>,
    store: Arc<dyn ObjectStore>,
    prefix: ObjectPath,
    counters: Arc<traffic::Counters>,
}

/// A failed call on the store: which store, what was being done, why.
#[derive(Debug, thiserror::Error)]
#[error("object store {url}: {what}: {cause}")]
pub struct RemoteError {
    url: Arc<str>,
    what: String,
    cause: String,
    /// The store could not be reached or refused the request (not: what it
    /// sent was unacceptable, or this machine could not keep it).
    transport: bool,
}

impl RemoteError {
    fn new(store: &RemoteStore, what: impl Into<String>, err: object_store::Error) -> Self {
        Self {
            url: store.url.clone(),
            what: what.into(),
            // object_store nests the HTTP status and the server's message
            // several levels down.
            cause: crate::error_line::one_line(&err),
            transport: true,
        }
    }

    pub(crate) fn io(store: &RemoteStore, what: impl Into<String>, err: std::io::Error) -> Self {
        Self {
            url: store.url.clone(),
            what: what.into(),
            cause: err.to_string(),
            transport: false,
        }
    }
}

impl RemoteError {
    /// Whether the store itself failed (unreachable, refused, timed out),
    /// rather than one object being unacceptable (a hostile sidecar, a body
    /// longer than announced) or not fitting here.
    pub fn is_transport(&self) -> bool {
        self.transport
    }
}

impl RemoteStore {
    /// The store at `url` (`s3://bucket/prefix`, `gs://…`, `az://…`), with
    /// credentials and endpoint from the environment as the cloud SDKs read
    /// them (see docs/sessions.md), bounded retries and timeouts. Nothing is
    /// contacted yet.
    pub fn open(url: &str) -> anyhow::Result<Self> {
        Self::open_with(url, &[])
    }

    /// [`RemoteStore::open`] with configuration keys of the scheme's
    /// builder over the environment's, e.g. `("aws_endpoint",
    /// "http://127.0.0.1:9000")`, `("aws_access_key_id", …)`: credentials
    /// from a secret manager rather than the process environment.
    pub fn open_with(url: &str, options: &[(&str, &str)]) -> anyhow::Result<Self> {
        let (inner, prefix) = open::build(url, options)?;
        let counters = Arc::new(traffic::Counters::default());
        let store = Arc::new(traffic::Counted {
            inner,
            counters: counters.clone(),
        });
        Ok(Self {
            url: url.trim_end_matches('/').into(),
            store,
            prefix,
            counters,
        })
    }

    /// The URL it was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The requests made through this store (and its clones) so far, and
    /// their bytes.
    pub fn traffic(&self) -> Traffic {
        self.counters.snapshot()
    }

    fn session_prefix(&self, session: &str) -> ObjectPath {
        self.prefix.clone().join(session)
    }

    fn object(&self, session: &str, name: &str) -> ObjectPath {
        self.session_prefix(session).join(name)
    }

    /// Each session in the store with the time its newest object was
    /// written.
    pub async fn sessions(&self) -> Result<Vec<(String, SystemTime)>, RemoteError> {
        let mut newest: std::collections::BTreeMap<String, SystemTime> = Default::default();
        let depth = self.prefix.parts().count();
        let mut objects = self.store.list(Some(&self.prefix));
        while let Some(meta) = objects.next().await {
            let meta = meta.map_err(|e| RemoteError::new(self, "listing sessions", e))?;
            let Some(session) = meta.location.parts().nth(depth) else {
                continue;
            };
            let at = SystemTime::from(meta.last_modified);
            let entry = newest
                .entry(session.as_ref().to_string())
                .or_insert(SystemTime::UNIX_EPOCH);
            *entry = (*entry).max(at);
        }
        Ok(newest.into_iter().collect())
    }

    /// Delete every object of `session`; how many there were.
    pub async fn remove_session(&self, session: &str) -> Result<usize, RemoteError> {
        let what = || format!("deleting session {session}");
        let locations = self
            .store
            .list(Some(&self.session_prefix(session)))
            .map_ok(|meta| meta.location)
            .boxed();
        let deleted: Vec<_> = self
            .store
            .delete_stream(locations)
            .try_collect()
            .await
            .map_err(|e| RemoteError::new(self, what(), e))?;
        Ok(deleted.len())
    }
}

/// Publishes a stored handle, then trims the cache (never that handle).
pub(crate) async fn commit(
    remote: &Remote,
    dir: &crate::capabilities::session_fs::SessionDir,
    handle: &str,
) -> Result<u64, RemoteError> {
    let sent = publish(remote, dir, handle).await?;
    evict(remote, dir, handle).await;
    Ok(sent)
}

/// A session's place in a store, and the bound on its local cache.
#[derive(Clone)]
pub(crate) struct Remote {
    pub store: RemoteStore,
    pub session: String,
    pub cache_bytes: u64,
}

//! [`OutputWriter`]: a store fed piece by piece (a process's stdout, a
//! stream), one engine instance for the whole output.

use std::sync::Arc;

use wasmtime::Store;
use wasmtime::component::ResourceAny;

use crate::accounting::{Accounts, log_stored};
use crate::accounting::{Event, StoreEvent};
use crate::bindings::Extractor;
use crate::error::{Error, Result};
use crate::host::HostState;
use crate::host::session_fs::UnfinishedHandle;
use crate::names::Outcome;
use crate::remote::{self, Remote};
use crate::runtime::ONE_CALL_MAX;

/// A store in progress: feed it pieces, then [`OutputWriter::finish`].
/// Dropping it unfinished leaves nothing in the session.
pub struct OutputWriter {
    store: Store<HostState>,
    ex: Extractor,
    resource: Option<ResourceAny>,
    tool: String,
    written: u64,
    accounts: Arc<Accounts>,
    remote: Option<Remote>,
}

impl OutputWriter {
    pub(crate) fn new(
        store: Store<HostState>,
        ex: Extractor,
        resource: ResourceAny,
        tool: String,
        accounts: Arc<Accounts>,
        remote: Option<Remote>,
    ) -> Self {
        Self {
            store,
            ex,
            resource: Some(resource),
            tool,
            written: 0,
            accounts,
            remote,
        }
    }

    /// Feed the next piece of the output (any size; split into calls of at
    /// most 4 MiB).
    pub async fn write(&mut self, chunk: &[u8]) -> Result<()> {
        let resource = self.resource.ok_or_else(finished)?;
        for piece in chunk.chunks(ONE_CALL_MAX) {
            self.store.data_mut().restart_clock();
            let result = self
                .ex
                .tool_output_core_engine()
                .output_writer()
                .call_write(&mut self.store, resource, piece)
                .await;
            if let Err(trap) = result {
                // The guest is gone: nothing will finish this output.
                self.resource = None;
                self.store.data_mut().discard_uncommitted();
                return Err(Error::trap(trap));
            }
            result.expect("checked").map_err(|e| {
                self.resource = None;
                Error::Engine(e)
            })?;
            self.written += piece.len() as u64;
        }
        Ok(())
    }

    /// The whole output is in: store it (or pass it through if it is small).
    /// On error nothing is left in the session, except after
    /// [`Error::NotPublished`]: the output is stored here but the session's
    /// object store did not take it; the caller reads it back with
    /// [`crate::Session::original`] to pass it through, then removes it.
    pub async fn finish(mut self) -> Result<Outcome> {
        // Kept until the call returns: dropped mid-call, the writer still
        // discards what was not committed.
        let resource = self.resource.ok_or_else(finished)?;
        self.store.data_mut().restart_clock();
        let outcome = self
            .ex
            .tool_output_core_engine()
            .output_writer()
            .call_finish(&mut self.store, resource)
            .await;
        self.resource = None;
        if !matches!(outcome, Ok(Ok(_))) {
            self.store.data_mut().discard_uncommitted();
        }
        let dir = self.store.data().session.clone();
        let stored = match &outcome {
            Ok(Ok(stored)) => UnfinishedHandle::new(&dir, stored.handle()),
            _ => UnfinishedHandle::new(&dir, None),
        };
        let _ = resource.resource_drop_async(&mut self.store).await;
        let outcome = outcome.map_err(Error::trap)?.map_err(Error::Engine)?;
        if let (Some(remote), Some(handle)) = (&self.remote, outcome.handle()) {
            // Files that reached the store without their sidecar are no
            // handle for any reader; they go with the session.
            if let Err(source) = remote::commit(remote, &dir, handle).await {
                stored.done();
                return Err(Error::NotPublished {
                    handle: handle.to_string(),
                    source,
                });
            }
        }
        stored.done();
        log_stored(&self.tool, &outcome);
        self.accounts.record(Event::Store(StoreEvent::new(
            &self.tool,
            self.written,
            &outcome,
        )));
        Ok(outcome)
    }
}

impl Drop for OutputWriter {
    /// Unfinished: the guest never gets to clean up, so the host does.
    fn drop(&mut self) {
        if self.resource.is_some() {
            self.store.data_mut().discard_uncommitted();
        }
    }
}

fn finished() -> Error {
    Error::Setup(anyhow::anyhow!("this output writer has already finished"))
}

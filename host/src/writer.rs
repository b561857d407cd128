//! [`OutputWriter`]: a store fed piece by piece (a process's stdout, a
//! stream), one engine instance for the whole output. When the store fails
//! it gives back what it took ([`Received`]), so no output is ever lost.

use std::sync::Arc;

use wasmtime::Store;
use wasmtime::component::ResourceAny;

use crate::accounting::{Accounts, log_stored};
use crate::accounting::{Event, StoreEvent};
use crate::bindings::Extractor;
use crate::capabilities::HostState;
use crate::capabilities::session_fs::UnfinishedHandle;
use crate::error::{Error, Received, Result};
use crate::names::Outcome;
use crate::remote::{self, Remote};
use crate::runtime::ONE_CALL_MAX;

/// A store in progress: feed it pieces, then [`OutputWriter::finish`].
/// Dropping it unfinished leaves nothing in the session. When a piece or
/// the finish fails, the error is [`Error::NotStored`], holding what the
/// writer took.
pub struct OutputWriter {
    store: Store<HostState>,
    ex: Extractor,
    resource: Option<ResourceAny>,
    tool: String,
    written: u64,
    accounts: Arc<Accounts>,
    remote: Option<Remote>,
    /// The original as the engine spills it to disk, opened once it is
    /// there: an open file stays readable whatever happens to its name (a
    /// failed store removes it), so what was taken can be given back.
    original: Option<std::fs::File>,
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
            original: None,
        }
    }

    /// Feed the next piece of the output (any size; split into calls of at
    /// most 4 MiB). After an error the writer takes nothing more.
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
            let failed = match result {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(Error::Engine(e)),
                Err(trap) => Some(Error::trap(trap)),
            };
            if let Some(source) = failed {
                // The engine removed what it wrote; a trapped one cannot.
                self.resource = None;
                self.store.data_mut().discard_created();
                return Err(self.not_stored(source));
            }
            self.written += piece.len() as u64;
            self.open_original();
        }
        Ok(())
    }

    /// The whole output is in: store it (or pass it through if it is
    /// small), and publish it when the session is on an object store. On
    /// error nothing is left in the session, and the error is
    /// [`Error::NotStored`] with what was taken.
    pub async fn finish(mut self) -> Result<Outcome> {
        // Kept until the call returns: dropped mid-call, the writer still
        // discards what it created.
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
            self.store.data_mut().discard_created();
        }
        let dir = self.store.data().session.clone();
        let stored = match &outcome {
            Ok(Ok(stored)) => UnfinishedHandle::new(&dir, stored.handle()),
            _ => UnfinishedHandle::new(&dir, None),
        };
        let _ = resource.resource_drop_async(&mut self.store).await;
        let outcome = match outcome {
            Ok(Ok(outcome)) => outcome,
            Ok(Err(e)) => return Err(self.not_stored(Error::Engine(e))),
            Err(trap) => return Err(self.not_stored(Error::trap(trap))),
        };
        if let (Some(remote), Some(handle)) = (&self.remote, outcome.handle()) {
            // Files that reached the store without their sidecar are no
            // handle for any reader; they go with the session. The local
            // copy goes now (`stored` drops): the store never had it.
            if let Err(source) = remote::commit(remote, &dir, handle).await {
                return Err(self.not_stored(Error::Remote(source)));
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

    /// Opens the engine's original once it exists (one look per piece
    /// until then; the list holds at most a handle's few files).
    fn open_original(&mut self) {
        if self.original.is_some() {
            return;
        }
        let state = self.store.data();
        if let Some(name) = state.created_original() {
            self.original = state.session.open_for_reading(name).ok();
        }
    }

    fn not_stored(&mut self, source: Error) -> Error {
        Error::NotStored {
            source: Box::new(source),
            received: Received {
                file: self.original.take(),
                len: self.written,
            },
        }
    }
}

impl Drop for OutputWriter {
    /// Unfinished: the guest never gets to clean up, so the host does.
    fn drop(&mut self) {
        if self.resource.is_some() {
            self.store.data_mut().discard_created();
        }
    }
}

fn finished() -> Error {
    Error::Setup(anyhow::anyhow!("this output writer has already finished"))
}

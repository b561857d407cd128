//! `counting`: a store's token count shared with the host's other cores.
//!
//! A tally hands the pieces the engine gives it to helper tasks. Each
//! helper runs its own instance of the engine and counts with its `counter`
//! export, adding up as it goes. A piece is taken only while a helper has
//! room for it, so the engine counts the rest itself and neither side waits
//! for the other until `total`. Helpers hold places among the runtime's
//! calls (`Limits::concurrent_calls`), so memory stays bounded; a helper
//! that fails gives back the pieces it did not count.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore, mpsc};
use wasmtime::Engine;
use wasmtime::component::Resource;

use crate::bindings::ExtractorPre;
use crate::bindings::counting::{Encoding, Host, HostTally};
use crate::capabilities::{HostState, SessionDir, limited_store, memory_limit};
use crate::tally::{Counted, Tally};

/// Helpers per tally, at most, whatever the number of cores.
const MAX_HELPERS: usize = 7;
/// Pieces waiting for a helper, per helper.
const QUEUED_PER_HELPER: usize = 2;

/// What a runtime needs to start helpers.
pub(crate) struct Helpers {
    engine: Engine,
    pre: ExtractorPre<HostState>,
    /// Memory and guest CPU time each helper instance may use.
    limits: (usize, Duration),
    calls: Arc<Semaphore>,
    /// Helpers a tally may start: the cores beyond the caller's.
    width: usize,
    /// Bytes of text the helpers counted, since the runtime started.
    counted_bytes: AtomicU64,
}

impl Helpers {
    pub(crate) fn new(
        engine: Engine,
        pre: ExtractorPre<HostState>,
        limits: (usize, Duration),
        calls: Arc<Semaphore>,
    ) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self {
            engine,
            pre,
            limits,
            calls,
            width: (cores - 1).min(MAX_HELPERS),
            counted_bytes: AtomicU64::new(0),
        }
    }

    /// Bytes of text the helpers counted, since the runtime started.
    pub(crate) fn counted_bytes(&self) -> u64 {
        self.counted_bytes.load(Ordering::Relaxed)
    }

    /// A tally with as many helpers as there are spare cores and free
    /// places; none when there are neither, or when the caller's executor
    /// is not a multi-threaded tokio runtime (its helpers could only take
    /// turns with the store).
    fn open(self: &Arc<Self>, session: &SessionDir, encoding: Encoding) -> Option<Tally> {
        let tokio = tokio::runtime::Handle::try_current().ok()?;
        if tokio.runtime_flavor() != tokio::runtime::RuntimeFlavor::MultiThread {
            return None;
        }
        let width = self
            .width
            .min(tokio.metrics().num_workers().saturating_sub(1));
        let places: Vec<OwnedSemaphorePermit> = (0..width)
            .map_while(|_| self.calls.clone().try_acquire_owned().ok())
            .collect();
        if places.is_empty() {
            return None;
        }
        let (queue, pieces) = mpsc::channel(places.len() * QUEUED_PER_HELPER);
        let pieces = Arc::new(Mutex::new(pieces));
        let workers = places
            .into_iter()
            .map(|place| {
                let helper = Helper {
                    helpers: self.clone(),
                    session: session.clone(),
                    encoding,
                    pieces: pieces.clone(),
                    _place: place,
                };
                tokio.spawn(helper.run())
            })
            .collect();
        Some(Tally::new(queue, workers))
    }
}

/// One helper task of a tally.
struct Helper {
    helpers: Arc<Helpers>,
    session: SessionDir,
    encoding: Encoding,
    pieces: Arc<Mutex<mpsc::Receiver<String>>>,
    _place: OwnedSemaphorePermit,
}

impl Helper {
    async fn run(self) -> Counted {
        let mut counted = Counted::default();
        let instance = self.instance().await;
        let Ok((mut store, ex)) = instance else {
            self.give_back_all(&mut counted).await;
            return counted;
        };
        loop {
            let piece = self.pieces.lock().await.recv().await;
            let Some(piece) = piece else {
                return counted;
            };
            store.data_mut().restart_clock();
            let result = ex
                .tool_output_core_counter()
                .call_count_tokens(&mut store, self.encoding, &piece)
                .await;
            match result {
                Ok(tokens) => {
                    counted.tokens += tokens;
                    let bytes = piece.len() as u64;
                    self.helpers
                        .counted_bytes
                        .fetch_add(bytes, Ordering::Relaxed);
                }
                Err(trap) => {
                    tracing::warn!(
                        "a token-counting helper failed ({}); the engine counts the rest",
                        crate::Error::trap(trap)
                    );
                    counted.back.push(piece);
                    self.give_back_all(&mut counted).await;
                    return counted;
                }
            }
        }
    }

    /// An instance of its own, on the caller's session (it reads nothing
    /// there: `count-tokens` touches no import).
    async fn instance(
        &self,
    ) -> wasmtime::Result<(wasmtime::Store<HostState>, crate::bindings::Extractor)> {
        let h = &self.helpers;
        let (memory, cpu) = h.limits;
        let state = HostState::new(
            self.session.clone(),
            Arc::new(crate::NoLlm),
            memory_limit(memory),
        );
        let mut store = limited_store(&h.engine, state, cpu);
        let ex = h.pre.instantiate_async(&mut store).await?;
        Ok((store, ex))
    }

    /// This tally takes nothing more; whatever waits goes back uncounted.
    async fn give_back_all(&self, counted: &mut Counted) {
        let mut pieces = self.pieces.lock().await;
        pieces.close();
        while let Ok(piece) = pieces.try_recv() {
            counted.back.push(piece);
        }
    }
}

impl Host for HostState {}

impl HostTally for HostState {
    fn open(&mut self, encoding: Encoding) -> Option<Resource<Tally>> {
        let tally = self.helpers.as_ref()?.open(&self.session, encoding)?;
        self.table.push(tally).ok()
    }

    fn add(&mut self, tally: Resource<Tally>, text: String) -> bool {
        let Ok(tally) = self.table.get(&tally) else {
            return false;
        };
        tally
            .queue
            .as_ref()
            .is_some_and(|queue| queue.try_send(text).is_ok())
    }

    async fn total(&mut self, tally: Resource<Tally>) -> Option<(u64, Vec<String>)> {
        let start = Instant::now();
        let workers = match self.table.get_mut(&tally) {
            Ok(tally) => {
                tally.queue = None;
                std::mem::take(&mut tally.workers)
            }
            Err(_) => Vec::new(),
        };
        let mut total = Some((0, Vec::new()));
        for worker in workers {
            // A helper task that panicked took its pieces with it: the sum
            // is short, and the engine says the count is not exact.
            match (worker.await, total.as_mut()) {
                (Ok(counted), Some((tokens, back))) => {
                    *tokens += counted.tokens;
                    back.extend(counted.back);
                }
                _ => total = None,
            }
        }
        self.add_import_time(start.elapsed());
        total
    }

    fn drop(&mut self, tally: Resource<Tally>) -> wasmtime::Result<()> {
        self.table.delete(tally)?;
        Ok(())
    }
}

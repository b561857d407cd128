//! The capabilities, what the guest gets to touch: the state of one call's
//! store, and the implementations of the imported interfaces (one module
//! each).

pub mod counting;
pub mod llm;
pub mod session_fs;
mod stderr;

use std::sync::Arc;
use std::time::{Duration, Instant};

use wasmtime::component::ResourceTable;
use wasmtime::{Engine, Store, StoreLimits, StoreLimitsBuilder, UpdateDeadline};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use crate::extraction::CallControl;
use crate::llm::LlmEngine;
use session_fs::SessionDir;
use tool_output_wire::contract::ORIGINAL_SUFFIX;

/// Per-call store data.
pub struct HostState {
    wasi: WasiCtx,
    table: ResourceTable,
    pub(crate) session: SessionDir,
    pub(crate) llm: Arc<dyn LlmEngine>,
    pub(crate) limits: StoreLimits,
    /// Deadline and progress of the extraction this call serves.
    pub(crate) control: CallControl,
    /// When the current call entered the guest.
    started: Instant,
    /// Time spent inside imports (waiting on disk or the LLM): not guest time.
    in_imports: Duration,
    /// How far into each file this call has read: the CPU allowance grows
    /// with it ([`READ_ALLOWANCE_PER_MIB`]).
    read_extent: std::collections::HashMap<String, u64>,
    /// The sum of `read_extent`.
    read_bytes: u64,
    /// Guest time when the call last read further, and the allowance that
    /// read earned (at least a second): the rest of the allowance holds only
    /// while reading goes on.
    read_until: Duration,
    last_read_earned: Duration,
    /// Files this instance created (and what they were renamed to): what to
    /// remove if its call is abandoned.
    created: Vec<String>,
    /// Its place among the runtime's concurrent calls.
    pub(crate) place: Option<tokio::sync::OwnedSemaphorePermit>,
    /// The files of the handle this call is on that the directory lacks
    /// (a session on an object store), if any.
    pub(crate) remote: Option<Arc<dyn session_fs::RemoteFiles>>,
    /// Token counting on the other cores (None: this instance is a helper,
    /// or its host offers none).
    pub(crate) helpers: Option<Arc<counting::Helpers>>,
    /// The handles whose `.part` files this instance writes, locked while
    /// it lives: a process killed mid-store leaves them free, and the next
    /// open of the session removes its parts.
    writing: Vec<(String, Option<session_fs::WriterLock>)>,
}

impl HostState {
    /// The state of one engine instance: its session directory, its LLM
    /// and its limits.
    pub fn new(session: SessionDir, llm: Arc<dyn LlmEngine>, limits: StoreLimits) -> Self {
        // Only what the engine needs: random, clocks, stderr (into the log).
        // No preopens, no environment, no network.
        let wasi = WasiCtx::builder().stderr(stderr::GuestStderr).build();
        Self {
            wasi,
            table: ResourceTable::new(),
            session,
            llm,
            limits,
            control: CallControl::default(),
            started: Instant::now(),
            in_imports: Duration::ZERO,
            read_extent: Default::default(),
            read_bytes: 0,
            read_until: Duration::ZERO,
            last_read_earned: Duration::ZERO,
            created: Vec::new(),
            place: None,
            remote: None,
            helpers: None,
            writing: Vec::new(),
        }
    }

    /// Before the engine writes `name`: if it is a handle's `.part`, the
    /// handle is locked for this instance's life.
    pub(crate) fn lock_writer(&mut self, name: &str) {
        let Some(handle) = session_fs::WriterLock::handle_of_part(name) else {
            return;
        };
        if !self.writing.iter().any(|(h, _)| h == handle) {
            let lock = self.session.lock_writer(handle);
            self.writing.push((handle.to_string(), lock));
        }
    }

    pub(crate) fn note_created(&mut self, name: &str) {
        if !self.created.iter().any(|n| n == name) {
            self.created.push(name.to_string());
        }
    }

    /// The original this instance is writing (`<h>.orig.part`), once the
    /// engine has spilled the output to disk.
    pub(crate) fn created_original(&self) -> Option<&str> {
        let part = format!(".{ORIGINAL_SUFFIX}.part");
        self.created
            .iter()
            .map(String::as_str)
            .find(|n| n.ends_with(&part))
    }

    /// `from` (created by this instance) is now `to`.
    pub(crate) fn note_renamed(&mut self, from: &str, to: &str) {
        if self.created.iter().any(|n| n == from) {
            self.note_created(to);
        }
    }

    /// A call was abandoned (trap, dropped writer, a failed store, a
    /// caller's timeout or signal before the call returned): remove every
    /// file this instance created, committed (renamed into place) or not,
    /// then its handles' `.writing-` locks (nothing is left to clean up
    /// after a crash; a writer kept after its failure holds none). Until
    /// its call returns, nobody was told of the handle.
    pub(crate) fn discard_created(&mut self) {
        for name in self.created.drain(..) {
            if self.session.size(&name).is_ok() {
                let _ = self.session.remove(&name);
            }
        }
        self.writing.clear();
    }

    /// CPU time the guest has used in this call so far.
    pub(crate) fn guest_time(&self) -> Duration {
        self.started.elapsed().saturating_sub(self.in_imports)
    }

    pub(crate) fn restart_clock(&mut self) {
        self.started = Instant::now();
        self.in_imports = Duration::ZERO;
        self.read_extent.clear();
        self.read_bytes = 0;
        self.read_until = Duration::ZERO;
        self.last_read_earned = Duration::ZERO;
    }

    /// The call has read `name` up to `end`. Reading a part again adds
    /// nothing, so the allowance stays bounded by the session's size.
    pub(crate) fn note_read(&mut self, name: &str, end: u64) {
        let extent = self.read_extent.entry(name.to_string()).or_default();
        if end > *extent {
            let more = end - *extent;
            self.read_bytes += more;
            *extent = end;
            self.read_until = self.guest_time();
            let mib = u32::try_from(more.div_ceil(1 << 20)).unwrap_or(u32::MAX);
            self.last_read_earned = READ_ALLOWANCE_PER_MIB.saturating_mul(mib);
        }
    }

    /// CPU time the call may use beyond its limit for what it has read: a
    /// pass over a large stored output (jq over gigabytes of JSON lines, a
    /// grep) is not cut short by a limit meant to stop runaway programs.
    /// 1 s per MiB begun, as [`Self::note_read`] counts a read's.
    pub(crate) fn read_allowance(&self) -> Duration {
        READ_ALLOWANCE_PER_MIB.saturating_mul(self.read_mib())
    }

    /// The MiB read, a part of one counting whole.
    fn read_mib(&self) -> u32 {
        u32::try_from(self.read_bytes.div_ceil(1 << 20)).unwrap_or(u32::MAX)
    }

    /// Whether the call is within its CPU time: `cpu_limit` plus the
    /// allowance for what it read, and no more than `cpu_limit` plus what
    /// its last read earned since that read (a program that stops reading
    /// and loops is stopped then, whatever it read before); else why not.
    pub(crate) fn over_cpu_time(&self, cpu_limit: Duration) -> Option<String> {
        let used = self.guest_time();
        let allowance = self.read_allowance();
        let mib = self.read_mib();
        let since_read = used.saturating_sub(self.read_until);
        if self.read_bytes > 0 && since_read > cpu_limit + self.last_read_earned {
            let earned = self.last_read_earned;
            return Some(format!(
                "guest CPU time limit of {cpu_limit:?}, plus {earned:?} for its last read, \
                 exceeded since that read (it read {mib} MiB in all)"
            ));
        }
        if used <= cpu_limit + allowance {
            return None;
        }
        Some(if allowance.is_zero() {
            format!("guest CPU time limit of {cpu_limit:?} exceeded")
        } else {
            format!(
                "guest CPU time limit of {cpu_limit:?}, plus {allowance:?} for the {mib} MiB \
                 read, exceeded"
            )
        })
    }

    pub(crate) fn timed<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let start = Instant::now();
        let result = f(self);
        self.in_imports += start.elapsed();
        result
    }

    pub(crate) fn add_import_time(&mut self, spent: Duration) {
        self.in_imports += spent;
    }
}

/// What an instance's linear memory may grow to.
pub(crate) fn memory_limit(bytes: usize) -> StoreLimits {
    StoreLimitsBuilder::new()
        .memory_size(bytes)
        .instances(64)
        .trap_on_grow_failure(true)
        .build()
}

/// Extra guest CPU time per MiB of stored files a call reads: a few times
/// what the slowest pass (jq over JSON lines, about 5 MB/s on a busy core
/// here) needs.
pub const READ_ALLOWANCE_PER_MIB: Duration = Duration::from_secs(1);

/// A store for one instance, its guest CPU time checked at every epoch
/// ([`HostState::over_cpu_time`]; time spent in imports does not count).
pub(crate) fn limited_store(
    engine: &Engine,
    state: HostState,
    cpu_limit: Duration,
) -> Store<HostState> {
    let mut store = Store::new(engine, state);
    store.limiter(|s| &mut s.limits);
    store.set_epoch_deadline(1);
    store.epoch_deadline_callback(move |ctx| match ctx.data().over_cpu_time(cpu_limit) {
        None => Ok(UpdateDeadline::Yield(1)),
        Some(why) => Err(wasmtime::format_err!("{why}")),
    });
    store
}

impl WasiView for HostState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl crate::bindings::types::Host for HostState {}

/// An instance making a call that writes to the session: dropped before
/// [`AbandonGuard::returned`] (a caller's timeout, a signal), or after a
/// trap, the files its call created and did not commit go.
pub(crate) struct AbandonGuard {
    pub(crate) store: wasmtime::Store<HostState>,
    returned: bool,
}

impl AbandonGuard {
    pub(crate) fn new(store: wasmtime::Store<HostState>) -> Self {
        Self {
            store,
            returned: false,
        }
    }

    /// The call returned without trapping: what it wrote is its own to keep.
    pub(crate) fn returned(mut self) {
        self.returned = true;
    }
}

impl Drop for AbandonGuard {
    fn drop(&mut self) {
        if !self.returned {
            self.store.data_mut().discard_created();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::session_fs::Host;

    #[test]
    fn an_abandoned_call_removes_what_it_created_committed_or_not() {
        let path = std::env::temp_dir().join(format!(
            "tool-output-abandon-{}",
            uuid::Uuid::new_v4().simple()
        ));
        std::fs::create_dir_all(&path).unwrap();
        let dir = cap_std::fs::Dir::open_ambient_dir(&path, cap_std::ambient_authority()).unwrap();
        let session = SessionDir::new(dir, None).unwrap();
        std::fs::write(path.join("other.orig"), b"another call's").unwrap();
        let mut state = HostState::new(session, Arc::new(crate::NoLlm), StoreLimits::default());
        // A store that committed (renamed its parts, wrote its sidecar)
        // and was dropped before its call returned: no one was told of the
        // handle, so none of it may stay.
        state.write("h.orig.part".into(), b"x".to_vec()).unwrap();
        state.rename("h.orig.part".into(), "h.orig".into()).unwrap();
        state.write("h.meta.json".into(), b"{}".to_vec()).unwrap();
        state.discard_created();
        let mut left: Vec<String> = std::fs::read_dir(&path)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["other.orig"]);
        std::fs::remove_dir_all(&path).unwrap();
    }
}

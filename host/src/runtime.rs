//! The library: a [`Runtime`] per process, a [`Session`] per conversation.
//!
//! Every call gets a fresh instance of the engine (microseconds, from a
//! pre-instantiated component), so calls run concurrently and a trap in one
//! cannot poison another. Instances see one session directory and the LLM
//! engine; nothing else.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use wasmtime::component::ResourceAny;
use wasmtime::{Engine, Store, StoreLimitsBuilder, UpdateDeadline};

use crate::accounting::{Event, EventLog, ExtractEvent, SessionStats, StoreEvent};
use crate::bindings::types::{
    CallInfo, ExtractRequest, ExtractResult, GrepOptions, HandleInfo, LineRange, Mode,
    StoreOutcome, StorePolicy,
};
use crate::bindings::{Extractor, ExtractorPre};
use crate::error::{Error, Result};
use crate::extraction::{CallControl, ExtractOptions};
use crate::host::HostState;
use crate::host::session_fs::SessionDir;
use crate::llm::config::{ExtractDefaults, LlmConfig};
use crate::llm::http::HttpLlm;
use crate::llm::{LlmEngine, NoLlm};
use crate::loader::{self, ArtifactSource, ensure_private_dir};
use crate::roots::RunRoot;

/// Default `max-inline-bytes`: outputs above it are stored.
pub const DEFAULT_MAX_INLINE_BYTES: u64 = 12288;
/// Outputs up to this size go to the engine in one call; larger ones stream.
const ONE_CALL_MAX: usize = 4 << 20;
const EPOCH_TICK: Duration = Duration::from_millis(10);

/// Per-call limits on the guest.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Linear memory an instance may grow to.
    pub memory_bytes: usize,
    /// CPU time the guest may use in one call. Time spent waiting in imports
    /// (disk, LLM) does not count.
    pub cpu_time: Duration,
    /// Bytes a session's directory may hold (None: no quota).
    pub session_quota: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            memory_bytes: 2 << 30,
            cpu_time: Duration::from_secs(120),
            session_quota: None,
        }
    }
}

/// How a [`Runtime`] is set up. `Default` needs no LLM and no configuration.
pub struct RuntimeConfig {
    /// Where the compiled component is cached (None: compile in memory
    /// every time). Default: `~/.cache/tool-output/components`.
    pub cache_dir: Option<PathBuf>,
    /// Where the run root of temporary sessions goes. Default: `$TMPDIR`.
    pub temp_dir: PathBuf,
    pub limits: Limits,
    pub llm: Arc<dyn LlmEngine>,
    /// Limits and timeout of every extraction (each call may override).
    pub extract: ExtractDefaults,
    /// Defaults for every store call of every session.
    pub policy: StorePolicy,
}

impl RuntimeConfig {
    /// The defaults, with the LLM and extraction limits of `config`
    /// ([`LlmConfig::load`] reads `tool-output.toml` and the environment).
    pub fn with_llm(config: &LlmConfig) -> Result<Self> {
        let llm: Arc<dyn LlmEngine> = if config.enabled() {
            Arc::new(HttpLlm::new(config.clone()).map_err(|e| Error::Setup(e.into()))?)
        } else {
            Arc::new(NoLlm)
        };
        Ok(Self {
            llm,
            extract: config.extract,
            ..Self::default()
        })
    }
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        Self {
            cache_dir: Some(crate::roots::default_cache_root().join("components")),
            temp_dir: std::env::temp_dir(),
            limits: Limits::default(),
            llm: Arc::new(NoLlm),
            extract: ExtractDefaults::default(),
            policy: default_policy(),
        }
    }
}

pub fn default_policy() -> StorePolicy {
    StorePolicy {
        max_inline_bytes: DEFAULT_MAX_INLINE_BYTES,
        max_inline_chars: None,
        remaining_tokens: None,
        reserve_failed: false,
        preview: true,
    }
}

/// One per process: the engine, the compiled component, the epoch ticker
/// and the run root. Cheap to clone.
#[derive(Clone)]
pub struct Runtime {
    inner: Arc<Inner>,
}

struct Inner {
    engine: Engine,
    pre: ExtractorPre<HostState>,
    limits: Limits,
    llm: Arc<dyn LlmEngine>,
    extract: ExtractDefaults,
    policy: StorePolicy,
    temp_dir: PathBuf,
    run_root: std::sync::OnceLock<std::result::Result<RunRoot, String>>,
    source: ArtifactSource,
    ticker_stop: Arc<AtomicBool>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.ticker_stop.store(true, Ordering::Relaxed);
    }
}

impl Runtime {
    /// Load the component (from the on-disk cache when possible) and start
    /// the epoch ticker. Installs no signal handlers.
    pub async fn new(config: RuntimeConfig) -> Result<Self> {
        let engine = loader::engine()?;
        let loaded = loader::load(&engine, config.cache_dir.as_deref()).await?;
        let ticker_stop = Arc::new(AtomicBool::new(false));
        spawn_epoch_ticker(engine.clone(), ticker_stop.clone());
        Ok(Self {
            inner: Arc::new(Inner {
                engine,
                pre: loaded.pre,
                limits: config.limits,
                llm: config.llm,
                extract: config.extract,
                policy: config.policy,
                temp_dir: config.temp_dir,
                run_root: std::sync::OnceLock::new(),
                source: loaded.source,
                ticker_stop,
            }),
        })
    }

    /// Where the compiled component came from (cache or fresh compile).
    pub fn artifact_source(&self) -> &ArtifactSource {
        &self.inner.source
    }

    /// The interfaces the engine component imports (what it could ask the
    /// host for at all).
    pub fn component_imports(&self) -> Vec<String> {
        let component = self.inner.pre.instance_pre().component();
        component
            .component_type()
            .imports(&self.inner.engine)
            .map(|(name, _)| name.to_string())
            .collect()
    }

    pub fn policy(&self) -> &StorePolicy {
        &self.inner.policy
    }

    /// A temporary session under this process's run root, removed (with
    /// everything stored in it) when the [`Session`] is dropped.
    pub fn session(&self) -> Result<Session> {
        let root = self
            .inner
            .run_root
            .get_or_init(|| RunRoot::create(&self.inner.temp_dir).map_err(|e| format!("{e:#}")));
        let root = root
            .as_ref()
            .map_err(|e| Error::Setup(anyhow::anyhow!("{e}")))?;
        let id = uuid::Uuid::new_v4();
        let path = root.path().join(format!("session-{id}"));
        self.open_dir(&path, true)
    }

    /// A session in a directory the caller manages (the CLI's named
    /// sessions); it is kept when the [`Session`] drops.
    pub fn open_session(&self, dir: &Path) -> Result<Session> {
        self.open_dir(dir, false)
    }

    fn open_dir(&self, path: &Path, temporary: bool) -> Result<Session> {
        // The session directory itself must not be a link to elsewhere
        // (its parent may be: a root under a symlinked home is fine).
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::Setup(anyhow::anyhow!(
                "the session directory {} is a symbolic link; refusing to follow it",
                path.display()
            )));
        }
        ensure_private_dir(path)?;
        let dir = cap_std::fs::Dir::open_ambient_dir(path, cap_std::ambient_authority())
            .map_err(|e| Error::io(format!("opening session directory {}", path.display()), e))?;
        let dir = SessionDir::new(dir, self.inner.limits.session_quota)
            .map_err(|e| Error::io(format!("reading session directory {}", path.display()), e))?;
        Ok(Session {
            runtime: self.clone(),
            path: path.to_path_buf(),
            dir,
            temporary,
            accounts: Arc::new(Accounts::default()),
        })
    }

    async fn instance(&self, dir: &SessionDir) -> Result<(Store<HostState>, Extractor)> {
        let inner = &self.inner;
        let limits = StoreLimitsBuilder::new()
            .memory_size(inner.limits.memory_bytes)
            .instances(64)
            .trap_on_grow_failure(true)
            .build();
        let state = HostState::new(dir.clone(), inner.llm.clone(), limits);
        let mut store = Store::new(&inner.engine, state);
        store.limiter(|s| &mut s.limits);
        let cpu_limit = inner.limits.cpu_time;
        store.set_epoch_deadline(1);
        store.epoch_deadline_callback(move |ctx| {
            if ctx.data().guest_time() > cpu_limit {
                return Err(wasmtime::format_err!(
                    "guest CPU time limit of {cpu_limit:?} exceeded"
                ));
            }
            Ok(UpdateDeadline::Yield(1))
        });
        let extractor = inner
            .pre
            .instantiate_async(&mut store)
            .await
            .map_err(Error::trap)?;
        Ok((store, extractor))
    }
}

fn spawn_epoch_ticker(engine: Engine, stop: Arc<AtomicBool>) {
    std::thread::Builder::new()
        .name("tool-output-epoch".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(EPOCH_TICK);
                engine.increment_epoch();
            }
        })
        .expect("spawning the epoch thread");
}

/// What a store returned: the WIT's `store-outcome` itself.
pub type Outcome = StoreOutcome;

impl StoreOutcome {
    /// What to put in the conversation: the original bytes or the handle message.
    pub fn tool_result<'a>(&'a self, original: &'a [u8]) -> &'a [u8] {
        match self {
            Outcome::Passthrough(_) => original,
            Outcome::Stored(stored) => stored.message.as_bytes(),
        }
    }

    /// The handle of a stored output; None for a passthrough.
    pub fn handle(&self) -> Option<&str> {
        match self {
            Outcome::Passthrough(_) => None,
            Outcome::Stored(stored) => Some(&stored.handle),
        }
    }
}

/// The one log line per stored output (seed 002's `[WRN] Tool '…' output
/// stored for tool_output (size_cap).`, with the handle and sizes as fields).
fn log_stored(tool: &str, outcome: &Outcome) {
    if let Outcome::Stored(s) = outcome {
        let reason = s.reason.as_str();
        tracing::warn!(
            tool,
            handle = %s.handle,
            reason,
            bytes = s.stats.bytes,
            lines = s.stats.lines,
            tokens = s.stats.tokens.unwrap_or(0),
            "Tool '{tool}' output stored for tool_output ({reason})."
        );
    }
}

/// The tool call an output came from.
#[derive(Debug, Clone, Default)]
pub struct ToolCall {
    pub tool: String,
    /// Arguments as JSON text.
    pub args: String,
    /// Model the output is for (picks the tokenizer).
    pub model: Option<String>,
}

impl ToolCall {
    pub fn new(tool: impl Into<String>) -> Self {
        Self {
            tool: tool.into(),
            args: "{}".into(),
            model: None,
        }
    }

    pub fn args(mut self, args: impl Into<String>) -> Self {
        self.args = args.into();
        self
    }

    pub fn model(mut self, model: impl Into<String>) -> Self {
        self.model = Some(model.into());
        self
    }

    fn info(&self) -> CallInfo {
        CallInfo {
            tool: self.tool.clone(),
            args: self.args.clone(),
            model: self.model.clone(),
        }
    }
}

/// One conversation's stored outputs: a directory and the calls on it.
pub struct Session {
    runtime: Runtime,
    path: PathBuf,
    dir: SessionDir,
    temporary: bool,
    accounts: Arc<Accounts>,
}

/// The session's running totals, and where its events go.
#[derive(Default)]
struct Accounts {
    stats: std::sync::Mutex<SessionStats>,
    log: std::sync::OnceLock<EventLog>,
}

impl Accounts {
    fn record(&self, event: Event) {
        self.stats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(&event);
        if let Some(log) = self.log.get() {
            log.append(&event);
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

impl Session {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes the session's files take.
    pub fn usage(&self) -> u64 {
        self.dir.usage()
    }

    /// What this session's stores and extractions added up to so far.
    pub fn stats(&self) -> SessionStats {
        self.accounts
            .stats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Append every store and extraction from now on to `path` as JSON
    /// lines (see [`crate::accounting`]). Set once per session.
    pub fn set_event_log(&self, path: &Path) -> Result<()> {
        let log = EventLog::open(path)
            .map_err(|e| Error::io(format!("opening the event log {}", path.display()), e))?;
        self.accounts
            .log
            .set(log)
            .map_err(|_| Error::Setup(anyhow::anyhow!("the session already has an event log")))
    }

    /// Store a tool output with the runtime's policy.
    pub async fn store(&self, call: &ToolCall, output: &[u8]) -> Result<Outcome> {
        self.store_with(call, output, &self.runtime.inner.policy.clone())
            .await
    }

    /// Store with an explicit policy (token budget, reservation failure…).
    /// On error nothing is left in the session, and the caller still has
    /// its output.
    pub async fn store_with(
        &self,
        call: &ToolCall,
        output: &[u8],
        policy: &StorePolicy,
    ) -> Result<Outcome> {
        if output.len() > ONE_CALL_MAX {
            let mut writer = self.writer_with(call, policy).await?;
            for chunk in output.chunks(ONE_CALL_MAX) {
                writer.write(chunk).await?;
            }
            return writer.finish().await;
        }
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let result = ex
            .tool_output_core_engine()
            .call_store_output(&mut store, &call.info(), output, *policy)
            .await;
        if result.is_err() {
            store.data_mut().discard_uncommitted();
        }
        let outcome = result.map_err(Error::trap)?.map_err(Error::Engine)?;
        log_stored(&call.tool, &outcome);
        self.accounts.record(Event::Store(StoreEvent::new(
            &call.tool,
            output.len() as u64,
            &outcome,
        )));
        Ok(outcome)
    }

    /// Store an output that arrives in pieces (never whole in memory).
    pub async fn writer(&self, call: &ToolCall) -> Result<OutputWriter> {
        self.writer_with(call, &self.runtime.inner.policy.clone())
            .await
    }

    pub async fn writer_with(&self, call: &ToolCall, policy: &StorePolicy) -> Result<OutputWriter> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let resource = ex
            .tool_output_core_engine()
            .output_writer()
            .call_constructor(&mut store, &call.info(), *policy)
            .await
            .map_err(Error::trap)?;
        Ok(OutputWriter {
            store,
            ex,
            resource: Some(resource),
            tool: call.tool.clone(),
            written: 0,
            accounts: self.accounts.clone(),
        })
    }

    /// Answer `tool_output(handle, extract, mode)`: the text for the model
    /// and the report. Never fails for a bad handle or an LLM problem (the
    /// text says so, or a fallback answers); only a trap, or cancellation
    /// through [`Session::extract_with`], is an error.
    pub async fn extract(
        &self,
        handle: &str,
        extract: &str,
        mode: Option<Mode>,
    ) -> Result<ExtractResult> {
        let options = ExtractOptions {
            mode,
            ..ExtractOptions::default()
        };
        self.extract_with(handle, extract, &options).await
    }

    /// [`Session::extract`] with limits, a timeout, cancellation and
    /// progress.
    pub async fn extract_with(
        &self,
        handle: &str,
        extract: &str,
        options: &ExtractOptions,
    ) -> Result<ExtractResult> {
        let inner = &self.runtime.inner;
        let defaults = &inner.extract;
        let req = ExtractRequest {
            handle: handle.to_string(),
            extract: extract.to_string(),
            mode: options.mode,
            max_bytes: Some(options.max_bytes.unwrap_or(inner.policy.max_inline_bytes)),
            max_chunks: Some(options.max_chunks.unwrap_or(defaults.max_chunks)),
            max_llm_calls: Some(options.max_llm_calls.unwrap_or(defaults.max_llm_calls)),
            overlap_percent: Some(options.overlap_percent.unwrap_or(defaults.overlap_percent)),
        };
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        store.data_mut().control = CallControl::new(options, defaults);
        let call = ex.tool_output_core_engine().call_extract(&mut store, &req);
        let result = match &options.cancel {
            // Dropping the call drops its instance and in-flight requests.
            Some(token) => tokio::select! {
                result = call => result,
                () = token.cancelled() => return Err(Error::Cancelled),
            },
            None => call.await,
        }
        .map_err(Error::trap)?;
        self.accounts
            .record(Event::Extract(ExtractEvent::new(handle, &result)));
        Ok(result)
    }

    pub async fn preview(&self, handle: &str) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let max = Some(self.runtime.inner.policy.max_inline_bytes);
        flatten(
            ex.tool_output_core_engine()
                .call_preview(&mut store, handle, max)
                .await,
        )
    }

    pub async fn read(&self, handle: &str, first: u64, last: u64) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let max = Some(self.runtime.inner.policy.max_inline_bytes);
        let range = LineRange { first, last };
        flatten(
            ex.tool_output_core_engine()
                .call_read(&mut store, handle, range, max)
                .await,
        )
    }

    pub async fn grep(&self, handle: &str, pattern: &str, options: GrepOptions) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let max = Some(self.runtime.inner.policy.max_inline_bytes);
        flatten(
            ex.tool_output_core_engine()
                .call_grep(&mut store, handle, pattern, options, max)
                .await,
        )
    }

    pub async fn tail(&self, handle: &str, lines: u32) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let max = Some(self.runtime.inner.policy.max_inline_bytes);
        flatten(
            ex.tool_output_core_engine()
                .call_tail(&mut store, handle, lines, max)
                .await,
        )
    }

    pub async fn list(&self) -> Result<Vec<HandleInfo>> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        flatten(ex.tool_output_core_engine().call_list(&mut store).await)
    }

    pub async fn remove(&self, handle: &str) -> Result<()> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        flatten(
            ex.tool_output_core_engine()
                .call_remove(&mut store, handle)
                .await,
        )
    }

    /// The `tool_output` JSON schema, from the engine.
    pub async fn tool_schema(&self) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        ex.tool_output_core_engine()
            .call_tool_schema(&mut store)
            .await
            .map_err(Error::trap)
    }
}

fn flatten<T>(
    result: wasmtime::Result<std::result::Result<T, crate::bindings::types::EngineError>>,
) -> Result<T> {
    result.map_err(Error::trap)?.map_err(Error::Engine)
}

/// A store in progress: feed it pieces, then [`OutputWriter::finish`].
/// Dropping it unfinished leaves nothing in the session.
pub struct OutputWriter {
    store: Store<HostState>,
    ex: Extractor,
    resource: Option<ResourceAny>,
    tool: String,
    written: u64,
    accounts: Arc<Accounts>,
}

impl OutputWriter {
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
        let _ = resource.resource_drop_async(&mut self.store).await;
        let outcome = outcome.map_err(Error::trap)?.map_err(Error::Engine)?;
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

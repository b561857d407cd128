//! The library: a [`Runtime`] per process, a [`Session`](crate::Session) per conversation.
//!
//! Every call gets a fresh instance of the engine (microseconds, from a
//! pre-instantiated component), so calls run concurrently and a trap in one
//! cannot poison another. Instances see one session directory and the LLM
//! engine; nothing else.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use wasmtime::{Engine, Store};

use crate::bindings::types::StorePolicy;
use crate::bindings::{Extractor, ExtractorPre};
use crate::capabilities::counting::Helpers;
use crate::capabilities::session_fs::SessionDir;
use crate::capabilities::{HostState, limited_store, memory_limit};
use crate::error::{Error, Result};
use crate::llm::config::{ExtractDefaults, LlmConfig};
use crate::llm::http::HttpLlm;
use crate::llm::{LlmEngine, NoLlm};
use crate::loader;
use crate::roots::RunRoot;

/// Default `max-inline-bytes`: outputs above it are stored.
pub use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;
/// Outputs up to this size go to the engine in one call; larger ones stream.
pub(crate) const ONE_CALL_MAX: usize = 4 << 20;

/// Per-call limits on the guest.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Linear memory an instance may grow to.
    pub memory_bytes: usize,
    /// CPU time the guest may use in one call, plus one second per MiB of
    /// stored files the call reads (so a pass over a large output is not
    /// cut short), and never more than this plus what its last read earned
    /// past that read. Time spent waiting in imports (disk, LLM) does not
    /// count.
    pub cpu_time: Duration,
    /// Bytes a session's directory may hold (None: no quota).
    pub session_quota: Option<u64>,
    /// Engine calls running at once in this runtime, at most; more wait
    /// their turn. Each may grow its memory to `memory_bytes`, so this
    /// bounds the runtime's memory. An [`crate::OutputWriter`] holds its
    /// place until it finishes or drops.
    pub concurrent_calls: usize,
}

/// Default [`Limits::concurrent_calls`].
pub const DEFAULT_CONCURRENT_CALLS: usize = 4;

impl Default for Limits {
    fn default() -> Self {
        Self {
            memory_bytes: 2 << 30,
            cpu_time: Duration::from_secs(120),
            session_quota: None,
            concurrent_calls: DEFAULT_CONCURRENT_CALLS,
        }
    }
}

/// How a [`Runtime`] is set up. `Default` needs no LLM and no configuration.
pub struct RuntimeConfig {
    /// Where the run root of temporary sessions goes. Default: `$TMPDIR`.
    pub temp_dir: PathBuf,
    /// Memory, CPU time and disk each call may use.
    pub limits: Limits,
    /// The LLM extractions use ([`NoLlm`]: only the deterministic strategies).
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
            temp_dir: std::env::temp_dir(),
            limits: Limits::default(),
            llm: Arc::new(NoLlm),
            extract: ExtractDefaults::default(),
            policy: default_policy(),
        }
    }
}

/// The store policy the CLI and [`RuntimeConfig::default`] use: store past
/// 12 288 bytes, with a preview.
pub fn default_policy() -> StorePolicy {
    StorePolicy {
        max_inline_bytes: DEFAULT_MAX_INLINE_BYTES,
        max_inline_chars: None,
        remaining_tokens: None,
        reserve_failed: false,
        preview: true,
    }
}

/// Usually one per process: the limits, policy, LLM and run root its
/// sessions share, on the process's one engine and compiled component
/// (`loader::shared`). Cheap to clone.
#[derive(Clone)]
pub struct Runtime {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) engine: Engine,
    pub(crate) pre: ExtractorPre<HostState>,
    pub(crate) limits: Limits,
    pub(crate) llm: Arc<dyn LlmEngine>,
    pub(crate) extract: ExtractDefaults,
    pub(crate) policy: StorePolicy,
    pub(crate) temp_dir: PathBuf,
    pub(crate) run_root: std::sync::OnceLock<std::result::Result<RunRoot, String>>,
    /// One permit per call running (see [`Limits::concurrent_calls`]).
    pub(crate) calls: Arc<tokio::sync::Semaphore>,
    /// Token counting on the other cores, for every store's tally.
    pub(crate) helpers: Arc<Helpers>,
}

impl Runtime {
    /// A runtime on the process's engine (loaded by the first one, see
    /// `loader::shared`). Installs no signal handlers.
    pub async fn new(config: RuntimeConfig) -> Result<Self> {
        let (engine, pre) = loader::shared()?;
        let calls = Arc::new(tokio::sync::Semaphore::new(
            config.limits.concurrent_calls.max(1),
        ));
        let helpers = Arc::new(Helpers::new(
            engine.clone(),
            pre.clone(),
            (config.limits.memory_bytes, config.limits.cpu_time),
            calls.clone(),
        ));
        Ok(Self {
            inner: Arc::new(Inner {
                helpers,
                calls,
                engine,
                pre,
                limits: config.limits,
                llm: config.llm,
                extract: config.extract,
                policy: config.policy,
                temp_dir: config.temp_dir,
                run_root: std::sync::OnceLock::new(),
            }),
        })
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

    /// The store policy of every session of this runtime.
    pub fn policy(&self) -> &StorePolicy {
        &self.inner.policy
    }

    /// Bytes of stored text whose tokens were counted on other cores
    /// (helper instances), since the runtime started: the rest was counted
    /// by the storing call itself.
    pub fn tokens_counted_elsewhere(&self) -> u64 {
        self.inner.helpers.counted_bytes()
    }

    /// The limits every call runs under.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// A fresh instance of the engine on `dir`, with the call limits, once
    /// the runtime has room for one more call (the place is held until the
    /// store drops).
    pub(crate) async fn instance(&self, dir: &SessionDir) -> Result<(Store<HostState>, Extractor)> {
        self.instance_with(dir, true).await
    }

    /// [`Runtime::instance`], whose stores count tokens on other cores
    /// (helper instances) only if `helpers`.
    pub(crate) async fn instance_with(
        &self,
        dir: &SessionDir,
        helpers: bool,
    ) -> Result<(Store<HostState>, Extractor)> {
        let inner = &self.inner;
        let place = inner
            .calls
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| Error::Setup(e.into()))?;
        let limits = memory_limit(inner.limits.memory_bytes);
        let mut state = HostState::new(dir.clone(), inner.llm.clone(), limits);
        state.place = Some(place);
        state.helpers = helpers.then(|| inner.helpers.clone());
        let mut store = limited_store(&inner.engine, state, inner.limits.cpu_time);
        let extractor = inner
            .pre
            .instantiate_async(&mut store)
            .await
            .map_err(Error::trap)?;
        Ok((store, extractor))
    }
}

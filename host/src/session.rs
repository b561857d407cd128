//! A [`Session`]: one conversation's stored outputs, and every call on
//! them (store, extract, read, grep, tail, list, remove), each in a fresh
//! instance of the engine; [`ToolCall`] and [`Outcome`], what goes in and
//! comes out of a store.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::accounting::{Accounts, log_stored};
use crate::accounting::{Event, EventLog, ExtractEvent, SessionStats, StoreEvent};
use crate::bindings::types::{
    CallInfo, EngineError, ExtractRequest, ExtractResult, GrepOptions, HandleInfo, LineRange, Mode,
    SearchRequest, StorePolicy,
};
use crate::capabilities::AbandonGuard;
use crate::capabilities::session_fs::{SessionDir, UnfinishedHandle};
use crate::error::{Error, Result};
use crate::extraction::{CallControl, ExtractOptions};
use crate::names::Outcome;
use crate::private_files::ensure_dir;
use crate::remote::Remote;
use crate::roots::RunRoot;
use crate::runtime::{ONE_CALL_MAX, Runtime};
use crate::writer::OutputWriter;

mod export;
mod notes;
mod on_remote;

/// The tool call an output came from.
#[derive(Debug, Clone, Default)]
pub struct ToolCall {
    /// The tool's name, as the model knows it.
    pub tool: String,
    /// Arguments as JSON text.
    pub args: String,
    /// Model the output is for (picks the tokenizer).
    pub model: Option<String>,
}

impl ToolCall {
    /// A call of `tool`, with no arguments (`{}`) and no model.
    pub fn new(tool: impl Into<String>) -> Self {
        Self {
            tool: tool.into(),
            args: "{}".into(),
            model: None,
        }
    }

    /// The tool's arguments, as JSON text (shown in the handle message and `list`).
    pub fn args(mut self, args: impl Into<String>) -> Self {
        self.args = args.into();
        self
    }

    /// The model the output is for: picks the tokenizer that counts it.
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
    /// The object store the session lives on, if any (the directory is
    /// then its cache).
    remote: OnceLock<Remote>,
}

/// Sessions are opened by the runtime (in this module, so that `runtime`
/// does not depend back on it).
impl Runtime {
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
        ensure_dir(path)?;
        // An import a killed process was committing into it, finished.
        crate::archive::recover(path)
            .map_err(|e| Error::Setup(e.context("finishing an interrupted import")))?;
        let dir = cap_std::fs::Dir::open_ambient_dir(path, cap_std::ambient_authority())
            .map_err(|e| Error::io(format!("opening session directory {}", path.display()), e))?;
        let dir = SessionDir::new(dir, self.inner.limits.session_quota)
            .map_err(|e| Error::io(format!("reading session directory {}", path.display()), e))?;
        Ok(Session::new(
            self.clone(),
            path.to_path_buf(),
            dir,
            temporary,
        ))
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
    pub(crate) fn new(runtime: Runtime, path: PathBuf, dir: SessionDir, temporary: bool) -> Self {
        Self {
            runtime,
            path,
            dir,
            temporary,
            accounts: Arc::new(Accounts::default()),
            remote: OnceLock::new(),
        }
    }

    /// The runtime the session runs on (another session beside it opens
    /// on the same one).
    pub(crate) fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// The session's directory.
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
                if let Err(Error::NotStored { source, .. }) = writer.write(chunk).await {
                    return Err(*source);
                }
            }
            // The caller has its output: the writer's cause is the error,
            // as for an output stored in one call.
            return match writer.finish().await {
                Err(Error::NotStored { source, .. }) => Err(*source),
                result => result,
            };
        }
        let (store, ex) = self.runtime.instance(&self.dir).await?;
        let mut instance = AbandonGuard::new(store);
        let result = ex
            .tool_output_core_engine()
            .call_store_output(&mut instance.store, &call.info(), output, *policy)
            .await;
        if result.is_ok() {
            instance.returned();
        }
        let outcome = result.map_err(Error::trap)?.map_err(Error::Engine)?;
        let stored = UnfinishedHandle::new(&self.dir, outcome.handle());
        let outcome = self.published(outcome).await;
        stored.done();
        let outcome = outcome?;
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

    /// A store fed piece by piece (a process's output as it comes), with an
    /// explicit policy; see [`OutputWriter`].
    pub async fn writer_with(&self, call: &ToolCall, policy: &StorePolicy) -> Result<OutputWriter> {
        self.writer_counting(call, policy, true).await
    }

    /// [`Session::writer_with`], its tokens counted with helper instances
    /// on the other cores only if `helpers`: a caller already holding the
    /// whole output in memory (the gateway) passes false, since a second
    /// instance adds to that peak.
    pub(crate) async fn writer_counting(
        &self,
        call: &ToolCall,
        policy: &StorePolicy,
        helpers: bool,
    ) -> Result<OutputWriter> {
        let (mut store, ex) = self.runtime.instance_with(&self.dir, helpers).await?;
        let resource = ex
            .tool_output_core_engine()
            .output_writer()
            .call_constructor(&mut store, &call.info(), *policy)
            .await
            .map_err(Error::trap)?;
        Ok(OutputWriter::new(
            store,
            ex,
            resource,
            call.tool.clone(),
            self.accounts.clone(),
            self.remote.get().cloned(),
        ))
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
        // Strategies that read every line: the handle fetched whole first
        // (`auto` may read little, with read-grep: by range).
        if matches!(
            options.mode,
            Some(Mode::FullChunked | Mode::Lexical | Mode::Jq)
        ) {
            self.fetched_whole(handle).await?;
        }
        let (mut store, ex, ranged) = self.instance_on(handle).await?;
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
        .map_err(Error::trap);
        let result = self.settled(handle, ranged, result).await?;
        self.accounts
            .record(Event::Extract(ExtractEvent::new(handle, &result)));
        Ok(result)
    }

    /// The partial preview of a stored output (as in its handle message).
    pub async fn preview(&self, handle: &str) -> Result<String> {
        let (mut store, ex, ranged) = self.instance_on(handle).await?;
        let max = Some(self.runtime.inner.policy.max_inline_bytes);
        let result = ex
            .tool_output_core_engine()
            .call_preview(&mut store, handle, max)
            .await;
        self.settled(handle, ranged, flatten(result)).await
    }

    /// Lines `first..=last` of a stored output (1-based, numbered as in the
    /// handle message; `u64::MAX` reads to the end), within the byte cap.
    pub async fn read(&self, handle: &str, first: u64, last: u64) -> Result<String> {
        let max = self.runtime.inner.policy.max_inline_bytes;
        self.read_within(handle, first, last, max).await
    }

    /// [`Session::read`] within `max_bytes` (what the caller's host passes
    /// on whole), ending with where to continue when cut.
    pub async fn read_within(
        &self,
        handle: &str,
        first: u64,
        last: u64,
        max_bytes: u64,
    ) -> Result<String> {
        let (mut store, ex, ranged) = self.instance_on(handle).await?;
        let max = Some(max_bytes);
        let range = LineRange { first, last };
        let result = ex
            .tool_output_core_engine()
            .call_read(&mut store, handle, range, max)
            .await;
        self.settled(handle, ranged, flatten(result)).await
    }

    /// The lines of a stored output matching a regular expression, numbered,
    /// with context; never more than the byte cap, and never a match hidden by
    /// its context.
    pub async fn grep(&self, handle: &str, pattern: &str, options: GrepOptions) -> Result<String> {
        let max = self.runtime.inner.policy.max_inline_bytes;
        self.grep_within(handle, pattern, options, max).await
    }

    /// [`Session::grep`] within `max_bytes`.
    pub async fn grep_within(
        &self,
        handle: &str,
        pattern: &str,
        options: GrepOptions,
        max_bytes: u64,
    ) -> Result<String> {
        let (mut store, ex, ranged) = self.instance_on(handle).await?;
        let max = Some(max_bytes);
        let result = ex
            .tool_output_core_engine()
            .call_grep(&mut store, handle, pattern, options, max)
            .await;
        self.settled(handle, ranged, flatten(result)).await
    }

    /// The last `lines` lines of a stored output.
    pub async fn tail(&self, handle: &str, lines: u32) -> Result<String> {
        let max = self.runtime.inner.policy.max_inline_bytes;
        self.tail_within(handle, lines, max).await
    }

    /// [`Session::tail`] within `max_bytes`.
    pub async fn tail_within(&self, handle: &str, lines: u32, max_bytes: u64) -> Result<String> {
        let (mut store, ex, ranged) = self.instance_on(handle).await?;
        let max = Some(max_bytes);
        let result = ex
            .tool_output_core_engine()
            .call_tail(&mut store, handle, lines, max)
            .await;
        self.settled(handle, ranged, flatten(result)).await
    }

    /// Which of the session's outputs hold the words of `question`, best
    /// first, each with its best lines (`engine.search`), within the byte
    /// cap. `skip` passes over the first results (the next page); `before`
    /// searches only the outputs stored before that handle (where a search
    /// that read its bound stopped). On an object store: the outputs this
    /// directory holds (stored or fetched here), not the store's others.
    pub async fn search(&self, question: &str, skip: u32, before: Option<&str>) -> Result<String> {
        let max = self.runtime.inner.policy.max_inline_bytes;
        self.search_within(question, skip, before, max).await
    }

    /// [`Session::search`] within `max_bytes`.
    pub async fn search_within(
        &self,
        question: &str,
        skip: u32,
        before: Option<&str>,
        max_bytes: u64,
    ) -> Result<String> {
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        let req = SearchRequest {
            question: question.to_string(),
            skip,
            before: before.map(str::to_string),
            max_bytes: Some(max_bytes),
        };
        let result = ex
            .tool_output_core_engine()
            .call_search(&mut store, &req)
            .await;
        flatten(result)
    }

    /// The outputs stored in the session; a broken one has its `problem`.
    /// With a store, the sidecars of the handles this directory lacks are
    /// fetched (nothing else of them: the cache stays within its bound);
    /// one whose sidecar the store sends is unacceptable is listed broken,
    /// first.
    pub async fn list(&self) -> Result<Vec<HandleInfo>> {
        let (listed, refused) = self.listing().await?;
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        store.data_mut().remote = listed;
        let list = flatten(ex.tool_output_core_engine().call_list(&mut store).await);
        self.trim_cache().await;
        let mut all: Vec<HandleInfo> = refused
            .into_iter()
            .map(|(handle, err)| on_remote::broken(handle, &err))
            .collect();
        all.extend(list?);
        Ok(all)
    }

    /// Forget a stored output: all its files, whatever their state (in
    /// the store too, if the session has one).
    pub async fn remove(&self, handle: &str) -> Result<()> {
        let in_store = self.unpublish(handle).await?;
        self.forget_ranges(handle);
        let (mut store, ex) = self.runtime.instance(&self.dir).await?;
        match flatten(
            ex.tool_output_core_engine()
                .call_remove(&mut store, handle)
                .await,
        ) {
            Err(Error::Engine(EngineError::UnknownHandle(_))) if in_store => Ok(()),
            other => other,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuntimeConfig;

    /// A writer told to count alone (the gateway's for a large result)
    /// starts no helper instance, and counts the same tokens as one that
    /// shares the count with the other cores.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_writer_counting_alone_starts_no_helper_and_counts_the_same() {
        let temp = std::env::temp_dir().join(format!("tool-output-alone-{}", std::process::id()));
        let runtime = Runtime::new(RuntimeConfig {
            temp_dir: temp.clone(),
            ..RuntimeConfig::default()
        })
        .await
        .unwrap();
        let session = runtime.session().unwrap();
        let line = "warning: unused variable `ctx` --> src/lib.rs:12:9 请求 处理完成\n";
        let text = line.repeat((3 << 20) / line.len());
        let policy = *runtime.policy();
        let mut tokens = Vec::new();
        for helpers in [false, true] {
            let before = runtime.tokens_counted_elsewhere();
            let mut writer = session
                .writer_counting(&ToolCall::new("t"), &policy, helpers)
                .await
                .unwrap();
            for piece in text.as_bytes().chunks(256 << 10) {
                writer.write(piece).await.unwrap();
            }
            let Outcome::Stored(stored) = writer.finish().await.unwrap() else {
                panic!("3 MiB passed through");
            };
            let elsewhere = runtime.tokens_counted_elsewhere() - before;
            if !helpers {
                assert_eq!(elsewhere, 0, "a helper counted for a writer told not to");
            }
            tokens.push(stored.stats.tokens);
        }
        assert_eq!(tokens[0], tokens[1]);
        let _ = std::fs::remove_dir_all(temp);
    }
}

//! The commands, one module each (as wasmtime's `src/commands`): a clap
//! struct of the command's own options with an `execute` that takes the
//! global ones, resolved once into [`Env`].

pub mod demo;
pub mod doctor;
pub mod extract;
mod feed;
pub mod gateway;
pub mod hook;
pub mod housekeeping;
pub mod readers;
pub mod run;
pub mod schema;
pub mod setup;
pub mod store;
pub mod transfer;

use std::path::PathBuf;

use anyhow::{Result, bail};
use serde_json::{Value, json};

use crate::out;
use tool_output::doctor as doctor_cache;
use tool_output::llm::config::ModelSpec;
use tool_output::sessions;
use tool_output::{LlmConfig, OutputStats, RemoteStore, Runtime, RuntimeConfig, Session};

/// The global options (`--root`, `--session`, `--json`, …), resolved.
pub struct Env {
    pub root: PathBuf,
    pub session_name: String,
    pub json: bool,
    pub config: Option<PathBuf>,
    /// `--store` / `TOOL_OUTPUT_STORE` (the config file's `store` otherwise).
    pub store: Option<String>,
    pub store_cache_mb: Option<u64>,
    /// The store, opened once.
    pub remote: std::sync::OnceLock<Option<(RemoteStore, Option<u64>)>>,
}

impl Env {
    pub fn session_dir(&self) -> PathBuf {
        sessions::session_dir(&self.root, &self.session_name)
    }

    /// Outside the session directory: the engine must not be able to
    /// rewrite its own accounting.
    pub fn event_log(&self) -> PathBuf {
        sessions::events_path(&self.root, &self.session_name)
    }

    /// A runtime without an LLM (every command but extract and demo).
    pub async fn runtime(&self) -> Result<Runtime> {
        self.runtime_with(RuntimeConfig::default()).await
    }

    pub async fn runtime_with(&self, config: RuntimeConfig) -> Result<Runtime> {
        Ok(Runtime::new(config).await?)
    }

    /// The LLM configuration, `--model` winning over everything, with the
    /// doctor's cached verdicts.
    pub fn llm_config(&self, model: Option<&str>) -> Result<LlmConfig> {
        let mut config = LlmConfig::load(self.config.as_deref())?;
        for warning in &config.warnings {
            out::stderr_line(&format!("warning: {warning}"));
        }
        if let Some(model) = model {
            config.models = vec![ModelSpec::parse(model)?];
        }
        config.capabilities = doctor_cache::cache::load(&self.root.join("doctor"), &config);
        Ok(config)
    }

    pub async fn session(&self) -> Result<(Runtime, Session)> {
        let runtime = self.runtime().await?;
        self.open(runtime)
    }

    pub fn open(&self, runtime: Runtime) -> Result<(Runtime, Session)> {
        tool_output::private_files::ensure_dir(&self.root.join("sessions"))?;
        tool_output::private_files::ensure_dir(&self.root.join("events"))?;
        let session = runtime.open_session(&self.session_dir())?;
        sessions::touch_last_used(&self.session_dir());
        session.set_event_log(&self.event_log())?;
        if let Some((store, cache_mb)) = self.remote()? {
            session.set_store(store, &self.session_name, cache_mb.map(|mb| mb << 20))?;
        }
        Ok((runtime, session))
    }

    /// The object store sessions live on, if one is configured: `--store`
    /// (or its variable), else the config file's `store`.
    pub fn remote(&self) -> Result<Option<(RemoteStore, Option<u64>)>> {
        if let Some(opened) = self.remote.get() {
            return Ok(opened.clone());
        }
        let (url, cache_mb) = match &self.store {
            Some(url) => (Some(url.clone()), self.store_cache_mb),
            None => {
                let (url, cache_mb, warnings) = LlmConfig::load_store(self.config.as_deref());
                for warning in warnings {
                    out::stderr_line(&format!("warning: {warning}"));
                }
                (url, self.store_cache_mb.or(cache_mb))
            }
        };
        let opened = match url {
            Some(url) => Some((RemoteStore::open(&url)?, cache_mb)),
            None => None,
        };
        Ok(self.remote.get_or_init(|| opened).clone())
    }

    /// A command on a session that must already exist.
    pub async fn existing_session(&self) -> Result<(Runtime, Session)> {
        self.check_exists()?;
        self.session().await
    }

    pub fn check_exists(&self) -> Result<()> {
        // On a store, the session may be elsewhere: its handles are fetched.
        if !self.session_dir().is_dir() && self.remote()?.is_none() {
            bail!(
                "session {:?} does not exist under {} (store something first)",
                self.session_name,
                self.root.display()
            );
        }
        Ok(())
    }
}

pub fn print_text(env: &Env, text: &str) -> Result<()> {
    if env.json {
        out::json(&json!({ "text": text }))
    } else {
        out::text(text)
    }
}

pub fn stats_json(s: &OutputStats) -> Value {
    json!({
        "bytes": s.bytes, "chars": s.chars, "lines": s.lines, "tokens": s.tokens,
        "tokenizer": s.tokenizer, "tokens_exact": s.tokens_exact, "is_json": s.is_json,
        "avg_line_bytes": s.avg_line_bytes, "invalid_utf8": s.invalid_utf8, "binary": s.binary,
    })
}

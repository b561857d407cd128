//! Where the extraction model comes from: a `tool-output.toml` file and the
//! environment (which wins), resolved into one [`LlmConfig`].
//!
//! The file is found by `--config`, else `TOOL_OUTPUT_CONFIG`, else
//! `./tool-output.toml` when it exists. A file found only because it is in
//! the working directory (a cloned repository, say) may not choose where
//! keys go: its `[openai]` and `[anthropic]` sections are ignored, with a
//! warning. Every key is optional:
//!
//! ```toml
//! model = "openai/gpt-4o-mini"      # the session model (TOOL_OUTPUT_MODEL)
//! models = ["openai/gpt-4o-mini", "anthropic/claude-haiku-4-5"]  # extraction override, in failover order
//! context_window = 128000           # TOOL_OUTPUT_CONTEXT_WINDOW (default: from the model table)
//! max_output_tokens = 4096          # TOOL_OUTPUT_MAX_OUTPUT_TOKENS
//! max_chunks = 1                    # TOOL_OUTPUT_MAX_CHUNKS: what `auto` may send to full-chunked
//! max_llm_calls = 64                # TOOL_OUTPUT_MAX_LLM_CALLS: per extraction
//! overlap_percent = 10              # TOOL_OUTPUT_OVERLAP_PERCENT
//! concurrency = 4                   # TOOL_OUTPUT_CONCURRENCY: requests in flight at once
//! timeout_secs = 120                # TOOL_OUTPUT_TIMEOUT: one HTTP request
//! extract_timeout_secs = 600        # TOOL_OUTPUT_EXTRACT_TIMEOUT: one whole extraction
//! retries = 3                       # TOOL_OUTPUT_RETRIES: on 429, 5xx and timeouts
//! max_response_bytes = 4194304      # a larger answer is refused
//!
//! [openai]                          # any OpenAI-compatible server
//! base_url = "http://127.0.0.1:8080/v1"   # OPENAI_BASE_URL, with /v1
//! api_key_env = "OPENAI_API_KEY"    # the *name* of the variable holding the key
//!
//! [anthropic]
//! base_url = "https://api.anthropic.com"  # ANTHROPIC_BASE_URL, without /v1
//! api_key_env = "ANTHROPIC_API_KEY"
//! ```
//!
//! Model ids: `openai/<id>` and `anthropic/<id>` pick the provider and are
//! stripped; any other id (`meta-llama/Llama-3.1-8B-Instruct`) goes to the
//! OpenAI-compatible endpoint as it is. With no model anywhere, no LLM is
//! called.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use tool_output_wire::settings;

mod file;
mod model;

use file::locate;
pub(crate) use file::read_small_file;
pub use file::{CONFIG_FILE_NAME, FileConfig, MAX_CONFIG_BYTES, ProviderFile};
pub use model::{ModelSpec, Provider};

/// One provider's endpoint. The key is read from the environment when the
/// configuration is loaded and never printed.
#[derive(Clone)]
pub struct Endpoint {
    /// Where requests go: OpenAI's with `/v1`, Anthropic's without
    /// (loading trims a trailing `/`).
    pub base_url: String,
    /// The variable the key came from (for error messages).
    pub api_key_env: String,
    /// The key; None: the variable is unset (no `authorization` header).
    pub api_key: Option<String>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("base_url", &self.base_url)
            .field("api_key_env", &self.api_key_env)
            .field("api_key", &self.api_key.as_ref().map(|_| "<set>"))
            .finish()
    }
}

/// Per-extraction limits the host hands the engine with every request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtractDefaults {
    /// Chunks `auto` may send to `full-chunked` (more: `read-grep`).
    pub max_chunks: u32,
    /// LLM calls one extraction may make.
    pub max_llm_calls: u32,
    /// Share of a chunk repeated at the start of the next, in percent
    /// (0–50).
    pub overlap_percent: u32,
    /// One whole extraction; past it, LLM calls fail as timed out and the
    /// engine falls back to its deterministic strategies.
    pub timeout: Option<Duration>,
}

impl Default for ExtractDefaults {
    fn default() -> Self {
        Self {
            max_chunks: 1,
            max_llm_calls: 64,
            overlap_percent: 10,
            timeout: Some(Duration::from_secs(600)),
        }
    }
}

/// How failed requests are retried: exponential backoff from `base_delay`
/// (with jitter), at most `max_delay` per wait; `Retry-After` is honoured
/// up to `max_delay`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (0: none).
    pub retries: u32,
    /// The first wait; each retry doubles it.
    pub base_delay: Duration,
    /// The longest backoff (before its jitter); a longer `Retry-After`
    /// fails the request instead.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            retries: 3,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
        }
    }
}

/// Everything the LLM side needs, resolved.
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// Extraction models in failover order; empty: no LLM.
    pub models: Vec<ModelSpec>,
    /// Where OpenAI-compatible models are asked.
    pub openai: Endpoint,
    /// Where Anthropic models are asked.
    pub anthropic: Endpoint,
    /// Overrides of the model table, in tokens; None: the table's.
    pub context_window: Option<u32>,
    /// The answer room to ask for, in tokens; None: the table's.
    pub max_output_tokens: Option<u32>,
    /// Requests in flight at once, over all extractions sharing the
    /// engine ([`HttpLlm`](crate::HttpLlm)).
    pub concurrency: u32,
    /// One HTTP request, body included.
    pub request_timeout: Duration,
    /// How failed requests are retried.
    pub retry: RetryPolicy,
    /// A larger answer is refused (a `bad-response` LLM error).
    pub max_response_bytes: u64,
    /// The limits each extraction gets.
    pub extract: ExtractDefaults,
    /// What `tool-output doctor` found, by model name as configured;
    /// a model not in it: unknown.
    pub capabilities: BTreeMap<String, super::Capabilities>,
    /// The file this came from, if any.
    pub source: Option<PathBuf>,
    /// What the user should know about how the configuration was read (a
    /// section of an untrusted file ignored, …): the CLI prints each line on
    /// stderr whatever the log level.
    pub warnings: Vec<String>,
}

/// Why a configuration could not be loaded; nothing was called.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("reading {path}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML, or has a key that is not a setting.
    #[error("{path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The TOML parser's message (line and column included).
        message: String,
    },
    /// A value out of range, a model with no id, a client that could not
    /// be built: the text says which.
    #[error("{0}")]
    Invalid(String),
}

pub use tool_output_wire::settings::RANGES;

/// What is said when no model is configured (the doctor, servers at start).
pub const NO_MODEL: &str = "No model is configured (TOOL_OUTPUT_MODEL, --model or tool-output.toml): \
     extractions use lexical and truncate only.";

/// `[openai] base_url` when neither the file nor `OPENAI_BASE_URL` sets it.
pub const DEFAULT_OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
/// `[anthropic] base_url` likewise (`ANTHROPIC_BASE_URL`).
pub const DEFAULT_ANTHROPIC_BASE_URL: &str = "https://api.anthropic.com";
impl LlmConfig {
    /// From the file (`explicit`, else `TOOL_OUTPUT_CONFIG`, else
    /// `./tool-output.toml` if present) and the process environment.
    pub fn load(explicit: Option<&Path>) -> Result<Self, ConfigError> {
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let (path, trusted) = locate(explicit);
        let mut file = match &path {
            Some(path) => Self::read_file(path)?,
            None => FileConfig::default(),
        };
        let mut warnings = Vec::new();
        if !trusted && (file.openai.take().is_some() | file.anthropic.take().is_some()) {
            warnings.push(format!(
                "ignoring the [openai] and [anthropic] sections of ./{CONFIG_FILE_NAME}: only a \
                 file named by --config or TOOL_OUTPUT_CONFIG may choose endpoints and keys"
            ));
        }
        // Read by `load_store`, which commands without a model use too.
        (file.store, file.store_cache_mb) = (None, None);
        let mut config = Self::resolve(file, &env)?;
        config.source = path;
        config.warnings = warnings;
        Ok(config)
    }

    /// Merge a file with an environment (`env` returns a variable's value):
    /// the environment wins.
    pub fn resolve(
        file: FileConfig,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        let number = |name: &str, from_file: Option<u64>| -> Result<Option<u64>, ConfigError> {
            match env(name) {
                Some(text) => text.trim().parse().map(Some).map_err(|_| {
                    ConfigError::Invalid(format!("{name} must be a whole number, not {text:?}"))
                }),
                None => Ok(from_file),
            }
        };
        let small = |name: &str, from_file: Option<u32>| -> Result<Option<u32>, ConfigError> {
            number(name, from_file.map(u64::from))?
                .map(|n| {
                    u32::try_from(n)
                        .map_err(|_| ConfigError::Invalid(format!("{name} is too large: {n}")))
                })
                .transpose()
        };

        // The environment wins over the file; in each, the extraction list
        // over the session model.
        let names: Vec<String> = env("TOOL_OUTPUT_MODELS")
            .map(|text| text.split(',').map(str::to_string).collect())
            .or_else(|| env("TOOL_OUTPUT_MODEL").map(|m| vec![m]))
            .or_else(|| file.models.clone().filter(|l| !l.is_empty()))
            .or_else(|| file.model.clone().map(|m| vec![m]))
            .unwrap_or_default();
        let models = names
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| ModelSpec::parse(n))
            .collect::<Result<Vec<_>, _>>()?;

        let endpoint = |section: Option<&ProviderFile>,
                        url_var: &str,
                        default_url: &str,
                        default_key_env: &str| {
            let base_url = env(url_var)
                .or_else(|| section.and_then(|s| s.base_url.clone()))
                .unwrap_or_else(|| default_url.to_string());
            let api_key_env = section
                .and_then(|s| s.api_key_env.clone())
                .unwrap_or_else(|| default_key_env.to_string());
            let api_key = env(&api_key_env).map(|k| k.trim().to_string());
            Endpoint {
                base_url: base_url.trim_end_matches('/').to_string(),
                api_key_env,
                api_key,
            }
        };
        let openai = endpoint(
            file.openai.as_ref(),
            "OPENAI_BASE_URL",
            DEFAULT_OPENAI_BASE_URL,
            "OPENAI_API_KEY",
        );
        let anthropic = endpoint(
            file.anthropic.as_ref(),
            "ANTHROPIC_BASE_URL",
            DEFAULT_ANTHROPIC_BASE_URL,
            "ANTHROPIC_API_KEY",
        );

        let defaults = ExtractDefaults::default();
        let extract_timeout = number("TOOL_OUTPUT_EXTRACT_TIMEOUT", file.extract_timeout_secs)?;
        let config = Self {
            models,
            openai,
            anthropic,
            context_window: small("TOOL_OUTPUT_CONTEXT_WINDOW", file.context_window)?,
            max_output_tokens: small("TOOL_OUTPUT_MAX_OUTPUT_TOKENS", file.max_output_tokens)?,
            concurrency: small("TOOL_OUTPUT_CONCURRENCY", file.concurrency)?
                .unwrap_or(settings::DEFAULT_CONCURRENCY),
            request_timeout: Duration::from_secs(
                number("TOOL_OUTPUT_TIMEOUT", file.timeout_secs)?
                    .unwrap_or(settings::DEFAULT_TIMEOUT_SECS),
            ),
            retry: RetryPolicy {
                retries: small("TOOL_OUTPUT_RETRIES", file.retries)?
                    .unwrap_or(settings::DEFAULT_RETRIES),
                ..RetryPolicy::default()
            },
            max_response_bytes: number("TOOL_OUTPUT_MAX_RESPONSE_BYTES", file.max_response_bytes)?
                .unwrap_or(4 << 20),
            extract: ExtractDefaults {
                max_chunks: small("TOOL_OUTPUT_MAX_CHUNKS", file.max_chunks)?
                    .unwrap_or(defaults.max_chunks),
                max_llm_calls: small("TOOL_OUTPUT_MAX_LLM_CALLS", file.max_llm_calls)?
                    .unwrap_or(defaults.max_llm_calls),
                overlap_percent: small("TOOL_OUTPUT_OVERLAP_PERCENT", file.overlap_percent)?
                    .unwrap_or(defaults.overlap_percent),
                // 0 is out of range (validate): only the command line may
                // ask for no limit.
                timeout: match extract_timeout {
                    Some(secs) => Some(Duration::from_secs(secs)),
                    None => defaults.timeout,
                },
            },
            capabilities: BTreeMap::new(),
            source: None,
            warnings: Vec::new(),
        };
        config.validate()?;
        Ok(config)
    }

    /// Every number within its range ([`RANGES`]): a file from a cloned
    /// repository must not be able to make a command hang or run away.
    fn validate(&self) -> Result<(), ConfigError> {
        let check = |name: &str, value: u64| -> Result<(), ConfigError> {
            settings::check(name, value).map(drop).map_err(|message| {
                let hint = if name == "extract_timeout_secs" && value == 0 {
                    " (for no limit at all, pass --timeout 0 on the command line)"
                } else {
                    ""
                };
                ConfigError::Invalid(format!("{message}{hint}"))
            })
        };
        let optional = |name: &str, value: Option<u32>| match value {
            Some(v) => check(name, u64::from(v)),
            None => Ok(()),
        };
        optional("context_window", self.context_window)?;
        optional("max_output_tokens", self.max_output_tokens)?;
        check("concurrency", self.concurrency.into())?;
        check("max_chunks", self.extract.max_chunks.into())?;
        check("max_llm_calls", self.extract.max_llm_calls.into())?;
        check("overlap_percent", self.extract.overlap_percent.into())?;
        check("timeout_secs", self.request_timeout.as_secs())?;
        check(
            "extract_timeout_secs",
            self.extract.timeout.map_or(0, |t| t.as_secs()),
        )?;
        check("retries", self.retry.retries.into())?;
        check("max_response_bytes", self.max_response_bytes)?;
        for endpoint in [&self.openai, &self.anthropic] {
            let url = &endpoint.base_url;
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::Invalid(format!(
                    "base URL {url:?} must start with http:// or https://"
                )));
            }
        }
        Ok(())
    }

    /// Is any model configured?
    pub fn enabled(&self) -> bool {
        !self.models.is_empty()
    }

    /// Which model extractions use, in one line (servers say it at start:
    /// an MCP host may pass them none of the user's variables).
    pub fn in_use(&self) -> String {
        match self.models.first() {
            None => NO_MODEL.to_string(),
            Some(model) => format!(
                "extractions use {} at {} (key from {}: {})",
                model.name,
                self.endpoint(model.provider).base_url,
                self.endpoint(model.provider).api_key_env,
                if self.endpoint(model.provider).api_key.is_some() {
                    "set"
                } else {
                    "unset"
                }
            ),
        }
    }

    /// The endpoint `provider`'s models are asked at.
    pub fn endpoint(&self, provider: Provider) -> &Endpoint {
        match provider {
            Provider::OpenAi => &self.openai,
            Provider::Anthropic => &self.anthropic,
        }
    }
}

#[cfg(test)]
mod tests;

//! The configuration file: where it is, whether it is trusted, its keys,
//! and the lenient read of `store` that commands without a model use.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{ConfigError, LlmConfig};

/// The file's keys (all optional). Unknown keys are an error: a typo must
/// not silently fall back to a default.
// Each field is a TOML key, documented once: in the module header of
// `config` and docs/configuration.md.
#[allow(missing_docs)]
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    pub model: Option<String>,
    pub models: Option<Vec<String>>,
    pub context_window: Option<u32>,
    pub max_output_tokens: Option<u32>,
    pub max_chunks: Option<u32>,
    pub max_llm_calls: Option<u32>,
    pub overlap_percent: Option<u32>,
    pub concurrency: Option<u32>,
    pub timeout_secs: Option<u64>,
    pub extract_timeout_secs: Option<u64>,
    pub retries: Option<u32>,
    pub max_response_bytes: Option<u64>,
    pub openai: Option<ProviderFile>,
    pub anthropic: Option<ProviderFile>,
    /// Sessions on object storage: `s3://bucket/prefix`, `gs://…`, `az://…`
    /// (see [`LlmConfig::load_store`]).
    pub store: Option<String>,
    /// The bound of each session's local cache with a store, in MiB.
    pub store_cache_mb: Option<u64>,
}

/// An `[openai]` or `[anthropic]` section.
#[allow(missing_docs)] // TOML keys, as `FileConfig`'s
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderFile {
    pub base_url: Option<String>,
    pub api_key_env: Option<String>,
}

/// The file looked for in the working directory.
pub const CONFIG_FILE_NAME: &str = "tool-output.toml";

/// The configuration file and whether it may choose endpoints, keys and the
/// store: `explicit`, else `TOOL_OUTPUT_CONFIG` (both trusted), else
/// `./tool-output.toml` if present (not trusted: anyone's checkout has one).
pub(super) fn locate(explicit: Option<&Path>) -> (Option<PathBuf>, bool) {
    let named = explicit.map(Path::to_path_buf).or_else(|| {
        std::env::var("TOOL_OUTPUT_CONFIG")
            .ok()
            .filter(|v| !v.trim().is_empty())
            .map(PathBuf::from)
    });
    match named {
        Some(path) => (Some(path), true),
        None => {
            let local = PathBuf::from(CONFIG_FILE_NAME);
            (local.is_file().then_some(local), false)
        }
    }
}

impl LlmConfig {
    /// Only the file's `store` and `store_cache_mb`, read leniently: a file
    /// that is broken for the LLM settings still names the store, and one
    /// that cannot be read names none (with a warning), so commands that need
    /// no model keep working.
    pub fn load_store(explicit: Option<&Path>) -> (Option<String>, Option<u64>, Vec<String>) {
        let (Some(path), trusted) = locate(explicit) else {
            return (None, None, Vec::new());
        };
        let table = read_small_file(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                text.parse::<toml::Table>()
                    .map_err(|e| e.message().to_string())
            });
        let table = match table {
            Ok(table) => table,
            Err(err) => {
                let warning = format!("no `store` read from {}: {err}", path.display());
                return (None, None, vec![warning]);
            }
        };
        let store = table
            .get("store")
            .and_then(|v| v.as_str())
            .map(String::from);
        let cache_mb = table
            .get("store_cache_mb")
            .and_then(|v| v.as_integer())
            .and_then(|n| u64::try_from(n).ok());
        if store.is_some() && !trusted {
            let warning = format!(
                "ignoring `store` in ./{CONFIG_FILE_NAME}: only a file named by --config or \
                 TOOL_OUTPUT_CONFIG may choose where outputs are sent"
            );
            return (None, cache_mb, vec![warning]);
        }
        (store, cache_mb, Vec::new())
    }

    /// Read and parse `path` (no environment, no checks of the values).
    pub fn read_file(path: &Path) -> Result<FileConfig, ConfigError> {
        let text = read_small_file(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        toml::from_str(&text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })
    }
}

/// A configuration file is small: larger than this, it is not one.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// A configuration file's text: a regular file (a FIFO planted in its
/// place would hang the open) of at most [`MAX_CONFIG_BYTES`], never read
/// past that.
pub(crate) fn read_small_file(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    crate::platform::non_blocking(&mut opts);
    let file = opts.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut text = String::new();
    file.take(MAX_CONFIG_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(std::io::Error::other(format!(
            "over {} KiB: not a configuration file",
            MAX_CONFIG_BYTES >> 10
        )));
    }
    Ok(text)
}

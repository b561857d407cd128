//! The doctor's verdicts, kept so `auto` can use them: one small JSON file
//! per endpoint and model, `<root>/doctor/<key>.json`, where the key hashes
//! the provider, the base URL and the model id (another endpoint serving a
//! model of the same name gets its own verdict). Written atomically into a
//! private directory; read back as untrusted: a file that is not ours, too
//! large, not the expected shape, written for another key, or older than
//! [`TTL`] is ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::llm::Capabilities;
use crate::llm::config::{LlmConfig, ModelSpec, Provider};

/// How long a verdict is trusted: servers get new models and new templates.
pub const TTL: Duration = Duration::from_secs(7 * 24 * 3600);
/// A verdict file is a few hundred bytes; anything larger is not ours.
const MAX_BYTES: u64 = 4096;
/// Clocks differ a little; a verdict from further in the future is bogus.
const CLOCK_SKEW: Duration = Duration::from_secs(300);
const VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    version: u32,
    /// The key it was written under (the file name without `.json`).
    key: String,
    /// The model as configured, for people reading the file.
    model: String,
    checked_at_ms: u64,
    full_chunked: Option<bool>,
    read_grep: Option<bool>,
}

/// The cache key of `spec` at its configured endpoint.
pub fn key(config: &LlmConfig, spec: &ModelSpec) -> String {
    let provider = match spec.provider {
        Provider::OpenAi => "openai",
        Provider::Anthropic => "anthropic",
    };
    let base_url = &config.endpoint(spec.provider).base_url;
    let digest = Sha256::digest(format!(
        "doctor-v{VERSION}\n{provider}\n{base_url}\n{}",
        spec.id
    ));
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The verdict file for `key` (from [`key`]) in the cache directory `dir`.
pub fn path(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("{key}.json"))
}

/// Keep `capabilities` for `spec`; the file written.
pub fn save(
    dir: &Path,
    config: &LlmConfig,
    spec: &ModelSpec,
    capabilities: Capabilities,
) -> anyhow::Result<PathBuf> {
    let key = key(config, spec);
    let entry = Entry {
        version: VERSION,
        key: key.clone(),
        model: spec.name.clone(),
        checked_at_ms: now_ms(),
        full_chunked: capabilities.full_chunked,
        read_grep: capabilities.read_grep,
    };
    let file = path(dir, &key);
    let text = serde_json::to_vec_pretty(&entry)?;
    crate::private_files::write(dir, &file, &text)?;
    Ok(file)
}

/// The verdicts there are for `config`'s models, by model name; a model
/// without a valid, fresh verdict is left out (unknown).
pub fn load(dir: &Path, config: &LlmConfig) -> BTreeMap<String, Capabilities> {
    config
        .models
        .iter()
        .filter_map(|spec| Some((spec.name.clone(), load_one(dir, config, spec)?)))
        .collect()
}

/// The verdict for `spec`, if there is a trustworthy, fresh one.
pub fn load_one(dir: &Path, config: &LlmConfig, spec: &ModelSpec) -> Option<Capabilities> {
    let key = key(config, spec);
    let file = path(dir, &key);
    let entry = read_entry(&file, &key);
    if entry.is_none() && file.exists() {
        tracing::debug!(file = %file.display(), "ignoring an invalid or expired doctor verdict");
    }
    entry
}

fn read_entry(file: &Path, key: &str) -> Option<Capabilities> {
    // Ours, a regular file in a private directory, and small: only then read.
    if !crate::private_files::is_trusted(file) || std::fs::metadata(file).ok()?.len() > MAX_BYTES {
        return None;
    }
    let text = std::fs::read(file).ok()?;
    let entry: Entry = serde_json::from_slice(&text).ok()?;
    let age = now_ms().checked_sub(entry.checked_at_ms);
    let fresh = match age {
        Some(age) => u128::from(age) < TTL.as_millis(),
        None => u128::from(entry.checked_at_ms - now_ms()) < CLOCK_SKEW.as_millis(),
    };
    (entry.version == VERSION && entry.key == key && fresh).then_some(Capabilities {
        full_chunked: entry.full_chunked,
        read_grep: entry.read_grep,
    })
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

// Modes and symbolic links: Unix.
#[cfg(all(test, unix))]
mod tests {
    use std::collections::HashMap;
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn config(base: &str, model: &str) -> LlmConfig {
        let vars = HashMap::from([
            ("TOOL_OUTPUT_MODEL", model.to_string()),
            ("OPENAI_BASE_URL", base.to_string()),
        ]);
        LlmConfig::resolve(Default::default(), &|n| vars.get(n).cloned()).unwrap()
    }

    fn dir() -> PathBuf {
        let dir = std::env::temp_dir()
            .join("tool-output-doctor-cache-test")
            .join(uuid::Uuid::new_v4().simple().to_string());
        crate::private_files::ensure_dir(&dir).unwrap();
        dir
    }

    const SOME: Capabilities = Capabilities {
        full_chunked: Some(false),
        read_grep: Some(true),
    };

    #[test]
    fn a_verdict_is_read_back_for_the_same_endpoint_and_model_only() {
        let dir = dir();
        let c = config("http://127.0.0.1:8080/v1", "smollm2");
        let written = save(&dir, &c, &c.models[0], SOME).unwrap();
        assert_eq!(load(&dir, &c).get("smollm2"), Some(&SOME));
        let other_port = config("http://127.0.0.1:8081/v1", "smollm2");
        assert!(load(&dir, &other_port).is_empty());
        let other_model = config("http://127.0.0.1:8080/v1", "qwen2.5");
        assert!(load(&dir, &other_model).is_empty());
        let mode = std::fs::metadata(&written).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn corrupt_foreign_expired_or_planted_files_are_ignored() {
        let dir = dir();
        let c = config("http://127.0.0.1:8080/v1", "m");
        let spec = &c.models[0];
        let file = save(&dir, &c, spec, SOME).unwrap();
        let good = std::fs::read_to_string(&file).unwrap();
        let rewrite = |text: &str| {
            std::fs::write(&file, text).unwrap();
            load_one(&dir, &c, spec)
        };
        assert_eq!(rewrite(&good), Some(SOME));
        assert_eq!(rewrite("{\"version\": 1, \"key\": "), None, "truncated");
        assert_eq!(
            rewrite(&good.replace("false", "\"no\"")),
            None,
            "wrong type"
        );
        let key = key(&c, spec);
        assert_eq!(
            rewrite(&good.replace(&key, &"0".repeat(32))),
            None,
            "another key"
        );
        let old = now_ms() - TTL.as_millis() as u64 - 1000;
        let entry: serde_json::Value = serde_json::from_str(&good).unwrap();
        let at = entry["checked_at_ms"].as_u64().unwrap();
        let aged = good.replace(&at.to_string(), &old.to_string());
        assert_eq!(rewrite(&aged), None, "expired");
        let future = good.replace(&at.to_string(), &(at + 86_400_000).to_string());
        assert_eq!(rewrite(&future), None, "from the future");
        let padded = good.replace('{', &format!("{{{}", " ".repeat(MAX_BYTES as usize)));
        assert_eq!(rewrite(&padded), None, "too large");
        assert_eq!(rewrite(&good), Some(SOME));
        // Writable by others, or a symlink to somewhere else: not ours.
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert_eq!(load_one(&dir, &c, spec), None, "world-writable");
        std::fs::remove_file(&file).unwrap();
        let elsewhere = dir.join("elsewhere.json");
        std::fs::write(&elsewhere, &good).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &file).unwrap();
        assert_eq!(load_one(&dir, &c, spec), None, "a symlink");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! Turning the embedded component into something ready to instantiate,
//! once per process and, across processes, once per machine.
//!
//! 1. compile it with Cranelift (about 1.5 s release, more in debug builds);
//! 2. cache the compiled artifact in a directory only this user can write,
//!    keyed by sha256(component) and the engine's compatibility hash.
//!    Loading it later takes milliseconds. Deserializing runs native code,
//!    so a file we did not write ourselves is never loaded.
//!
//! It is not pre-initialized (snapshotted after building its tables): a
//! snapshot needs a second compile, which doubled the first run (3.0 s
//! instead of 1.5 s), to save each instance the ~5–15 ms it takes to build
//! the one tokenizer table it uses, if it counts at all.

use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine};

use crate::bindings::{Extractor, ExtractorPre};
use crate::host::HostState;

/// The engine component, built from `guest/` by this crate's build script.
pub static COMPONENT_WASM: &[u8] = include_bytes!(env!("TOOL_OUTPUT_COMPONENT_PATH"));

/// sha256 of the embedded component, hex (computed by the build script).
pub const COMPONENT_SHA256: &str = env!("TOOL_OUTPUT_COMPONENT_SHA256");

/// A compiled engine component, ready to instantiate.
pub struct Loaded {
    /// The wasmtime engine it was compiled for.
    pub engine: Engine,
    /// The component with its imports linked.
    pub pre: ExtractorPre<HostState>,
    /// Where the compiled artifact came from (for diagnostics).
    pub source: ArtifactSource,
}

/// Where a compiled component came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtifactSource {
    /// Loaded from the on-disk cache.
    Cache(PathBuf),
    /// Compiled now (and cached, if the path is set).
    Compiled(Option<PathBuf>),
}

/// The wasmtime engine every component runs on: epoch interruption (the
/// CPU-time limit) and Cranelift at speed.
pub fn engine() -> Result<Engine> {
    let mut config = Config::new();
    config.epoch_interruption(true);
    config.cranelift_opt_level(wasmtime::OptLevel::Speed);
    wt(Engine::new(&config), "creating the wasmtime engine")
}

/// The host's imports for the engine: `session-fs`, `llm` and the WASI
/// the component needs, nothing else.
pub fn linker(engine: &Engine) -> Result<Linker<HostState>> {
    let mut linker = Linker::new(engine);
    // The component imports only random, clocks and stderr of WASI (a test
    // checks its import list); the context gives it no preopens, no
    // environment and no network either way.
    wasmtime_wasi::p2::add_to_linker_async(&mut linker)?;
    Extractor::add_to_linker::<_, HasSelf<_>>(&mut linker, |s| s)?;
    Ok(linker)
}

/// Load (or build and cache) the component for `engine`.
pub async fn load(engine: &Engine, cache_dir: Option<&Path>) -> Result<Loaded> {
    let linker = linker(engine)?;
    let key = cache_key(engine);
    let cached = cache_dir.map(|dir| dir.join(format!("{key}.cwasm")));

    if let Some(path) = cached.as_deref().filter(|p| is_trusted_file(p)) {
        // SAFETY: the file is ours (owner and mode checked) and was written
        // by `precompile_component` of an engine with this compatibility hash.
        match unsafe { Component::deserialize_file(engine, path) } {
            Ok(component) => {
                let pre = ExtractorPre::new(linker.instantiate_pre(&component)?)?;
                return Ok(Loaded {
                    engine: engine.clone(),
                    pre,
                    source: ArtifactSource::Cache(path.to_path_buf()),
                });
            }
            Err(err) => tracing::warn!(
                "ignoring unusable component cache {}: {err:#}",
                path.display()
            ),
        }
    }

    let artifact = wt(
        engine.precompile_component(COMPONENT_WASM),
        "compiling the engine component",
    )?;
    let written = match (cache_dir, cached.as_deref()) {
        (Some(dir), Some(path)) => match write_cache(dir, path, &artifact) {
            Ok(()) => Some(path.to_path_buf()),
            Err(err) => {
                tracing::warn!(
                    "not caching the compiled component in {}: {err:#}",
                    dir.display()
                );
                None
            }
        },
        _ => None,
    };
    // SAFETY: produced just now by this engine.
    let component = unsafe { Component::deserialize(engine, &artifact)? };
    let pre = ExtractorPre::new(linker.instantiate_pre(&component)?)?;
    Ok(Loaded {
        engine: engine.clone(),
        pre,
        source: ArtifactSource::Compiled(written),
    })
}

fn cache_key(engine: &Engine) -> String {
    let mut hasher = DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    // Bump when what is compiled changes other than the component itself
    // (v1: a pre-initialized snapshot).
    "as-built-v2".hash(&mut hasher);
    format!("{}-{:016x}", &COMPONENT_SHA256[..32], hasher.finish())
}

/// Write `path` (in `dir`, made private if new) atomically: a 0600 temporary
/// file in the same directory, synced, then renamed into place.
pub(crate) fn write_cache(dir: &Path, path: &Path, artifact: &[u8]) -> Result<()> {
    ensure_private_dir(dir)?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        uuid::Uuid::new_v4()
    ));
    let mut file = crate::platform::owner_only(fs::OpenOptions::new().write(true).create_new(true))
        .open(&tmp)
        .with_context(|| format!("creating {}", tmp.display()))?;
    file.write_all(artifact)?;
    file.sync_all()?;
    fs::rename(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })?;
    Ok(())
}

/// Create `dir` (and parents) 0700, or check that an existing one is ours
/// and not writable by others.
pub fn ensure_private_dir(dir: &Path) -> Result<()> {
    if !dir.exists() {
        // Created private at once: another process checking it between a
        // creation and a chmod would see it writable by the group.
        crate::platform::create_private_dir(dir)
            .with_context(|| format!("creating {}", dir.display()))?;
    }
    let meta = fs::metadata(dir)?;
    anyhow::ensure!(
        meta.is_dir() && crate::platform::is_private(&meta),
        "{} must be a directory owned by this user and writable by nobody else",
        dir.display()
    );
    Ok(())
}

/// A regular file (not a symlink) owned by this user, writable by nobody
/// else, in a private directory: safe to read back what we wrote.
pub(crate) fn is_trusted_file(path: &Path) -> bool {
    let (Some(dir), Ok(meta)) = (path.parent(), fs::symlink_metadata(path)) else {
        return false;
    };
    meta.is_file() && crate::platform::is_private(&meta) && ensure_private_dir(dir).is_ok()
}

/// wasmtime's own error type into anyhow, with context.
fn wt<T>(result: wasmtime::Result<T>, context: &str) -> Result<T> {
    result.map_err(|e| anyhow::Error::from(e).context(context.to_string()))
}

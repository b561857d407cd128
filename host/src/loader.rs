//! Turning the embedded engine into something ready to instantiate, once
//! per process: the component was compiled ahead of time for this target
//! by the build script (Cranelift, x86-64-v2 on x86_64), so this binary
//! links no compiler and its first run deserializes it in milliseconds
//! instead of compiling for seconds. Deserializing runs native code: the
//! artifact is the one embedded at build time, never a file read at run
//! time. One that does not fit this engine or this CPU is refused with why
//! (there is no compiler to fall back on).
//!
//! It is not pre-initialized (snapshotted after building its tables): to
//! save each instance the ~5–15 ms it takes to build the one tokenizer
//! table it uses, if it counts at all, was not worth a second artifact.

use anyhow::Result;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine};

use crate::bindings::{Extractor, ExtractorPre};
use crate::capabilities::HostState;

/// The same component compiled ahead of time for this target.
static PRECOMPILED: &[u8] = include_bytes!(env!("TOOL_OUTPUT_PRECOMPILED_PATH"));

/// The wasmtime engine every component runs on: epoch interruption (the
/// CPU-time limit). The build script compiles the component with the same
/// configuration; an artifact loads only on an engine configured alike.
pub fn engine() -> Result<Engine> {
    let mut config = Config::new();
    config.epoch_interruption(true);
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

/// The embedded component on `engine`, its imports linked: ready to
/// instantiate.
pub async fn load(engine: &Engine) -> Result<ExtractorPre<HostState>> {
    let linker = linker(engine)?;
    let component = embedded(engine)?;
    Ok(ExtractorPre::new(linker.instantiate_pre(&component)?)?)
}

/// The precompiled component on `engine`, or why it cannot run here.
fn embedded(engine: &Engine) -> Result<Component> {
    // SAFETY: the bytes were produced by `precompile_component` in this
    // crate's build script, with this wasmtime, and embedded at build
    // time; wasmtime checks that they fit this engine and CPU.
    unsafe { Component::deserialize(engine, PRECOMPILED) }.map_err(|e| {
        anyhow::anyhow!(
            "this binary's engine was compiled ahead of time for {} and cannot run on this \
             machine ({e:#}); install the build made for this platform (docs/install.md), or \
             build from source: cargo install --locked tool-output",
            std::env::consts::ARCH
        )
    })
}

/// wasmtime's own error type into anyhow, with context.
fn wt<T>(result: wasmtime::Result<T>, context: &str) -> Result<T> {
    result.map_err(|e| anyhow::Error::from(e).context(context.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_engine_loads_and_an_engine_configured_otherwise_is_told_why_not() {
        assert!(embedded(&engine().unwrap()).is_ok());
        // No epoch interruption: not what it was compiled for.
        let other = Engine::new(&Config::new()).unwrap();
        let err = embedded(&other).unwrap_err().to_string();
        assert!(
            err.starts_with("this binary's engine was compiled ahead of time for ")
                && err.contains("cannot run on this machine")
                && err.contains("cargo install --locked tool-output"),
            "{err}"
        );
    }
}

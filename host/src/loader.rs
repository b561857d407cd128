//! Turning the embedded engine into something ready to instantiate, once
//! per process and shared by every runtime in it ([`shared`]): the
//! component was compiled ahead of time for this target by the build
//! script (Cranelift, x86-64-v2 on x86_64), so this binary
//! links no compiler and its first run deserializes it in milliseconds
//! instead of compiling for seconds. Deserializing runs native code: the
//! artifact is the one embedded at build time, never a file read at run
//! time. One that does not fit this engine or this CPU is refused with why
//! (there is no compiler to fall back on).
//!
//! On x86_64 Linux the artifact runs where it lies in the binary: it is
//! embedded page-aligned, and its code pages are made executable in place
//! ([`InPlace`]), so a process does not copy 12 MB into fresh memory before
//! its first answer (about half of a 1 KB passthrough's time). Anywhere
//! else, or if the system refuses, it is copied as before. In place, it can
//! be loaded only once (wasmtime registers code by its address): one more
//! reason for one engine per process, with one epoch ticker.
//!
//! It is not pre-initialized (snapshotted after building its tables): to
//! save each instance the ~5–15 ms it takes to build the one tokenizer
//! table it uses, if it counts at all, was not worth a second artifact.

use std::ptr::NonNull;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Result;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, CustomCodeMemory, Engine};

use crate::bindings::{Extractor, ExtractorPre};
use crate::capabilities::HostState;

/// Bytes starting on a page boundary (64 KiB covers every page size).
#[repr(C, align(65536))]
struct PageAligned<T: ?Sized>(T);

/// The same component compiled ahead of time for this target.
static PRECOMPILED: &PageAligned<[u8]> =
    &PageAligned(*include_bytes!(env!("TOOL_OUTPUT_PRECOMPILED_PATH")));

/// How often the engine's epoch advances: how soon a call over its CPU
/// time is noticed.
const EPOCH_TICK: Duration = Duration::from_millis(10);

/// The engine and the embedded component on it, its imports linked, ready
/// to instantiate: made by the first caller, with the thread that ticks
/// its epoch for the rest of the process, and shared by every later one.
pub fn shared() -> Result<(Engine, ExtractorPre<HostState>)> {
    static SHARED: Mutex<Option<(Engine, ExtractorPre<HostState>)>> = Mutex::new(None);
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(made) = &*shared {
        return Ok(made.clone());
    }
    let engine = engine()?;
    let component = embedded(&engine, in_place().is_some())?;
    let pre = ExtractorPre::new(linker(&engine)?.instantiate_pre(&component)?)?;
    spawn_epoch_ticker(engine.clone());
    *shared = Some((engine.clone(), pre.clone()));
    Ok((engine, pre))
}

fn spawn_epoch_ticker(engine: Engine) {
    std::thread::Builder::new()
        .name("tool-output-epoch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(EPOCH_TICK);
                engine.increment_epoch();
            }
        })
        .expect("spawning the epoch thread");
}

/// The wasmtime engine the component runs on: epoch interruption (the
/// CPU-time limit). The build script compiles the component with the same
/// configuration; an artifact loads only on an engine configured alike.
fn engine() -> Result<Engine> {
    let mut config = Config::new();
    config.epoch_interruption(true);
    if let Some(memory) = in_place() {
        config.with_custom_code_memory(Some(memory));
    }
    wt(Engine::new(&config), "creating the wasmtime engine")
}

/// Code made executable where it lies, by `mprotect`: the embedded
/// artifact's pages in this binary's read-only data (a private file
/// mapping, never written), or wasmtime's own memory. x86_64 Linux with
/// 4 KiB pages only, the pages the artifact's code is aligned to: there
/// `mprotect` is all wasmtime's own publishing does (aarch64 also needs
/// BTI and an instruction-cache flush); elsewhere (macOS signs code
/// pages, Windows has no `mprotect`) the copy is kept.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
struct InPlace;

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
impl InPlace {
    const PAGE: usize = 4096;

    fn protect(ptr: *const u8, len: usize, prot: libc::c_int) -> wasmtime::Result<()> {
        // SAFETY: wasmtime passes a page-aligned range of code memory it
        // owns or that `embedded` lent it for the process's lifetime.
        match unsafe { libc::mprotect(ptr as *mut libc::c_void, len, prot) } {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error().into()),
        }
    }
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
impl CustomCodeMemory for InPlace {
    fn required_alignment(&self) -> usize {
        Self::PAGE
    }

    fn publish_executable(&self, ptr: *const u8, len: usize) -> wasmtime::Result<()> {
        Self::protect(ptr, len, libc::PROT_READ | libc::PROT_EXEC)
    }

    /// Read-only, never writable: the code is dropped, not patched, and
    /// the binary's own pages must not become writable (a load that failed
    /// after publishing drops its code too).
    fn unpublish_executable(&self, ptr: *const u8, len: usize) -> wasmtime::Result<()> {
        Self::protect(ptr, len, libc::PROT_READ)
    }
}

/// The code memory that runs the artifact in place, where it can.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
fn in_place() -> Option<Arc<dyn CustomCodeMemory>> {
    // SAFETY: sysconf reads a constant of the system.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    let aligned = (PRECOMPILED.0.as_ptr() as usize).is_multiple_of(InPlace::PAGE);
    (page == InPlace::PAGE as libc::c_long && aligned).then(|| Arc::new(InPlace) as _)
}

#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
fn in_place() -> Option<Arc<dyn CustomCodeMemory>> {
    None
}

/// The host's imports for the engine: `session-fs`, `llm` and the WASI
/// the component needs, nothing else.
fn linker(engine: &Engine) -> Result<Linker<HostState>> {
    let mut linker = Linker::new(engine);
    // The component imports only random, clocks and stderr of WASI (a test
    // checks its import list); the context gives it no preopens, no
    // environment and no network either way.
    wasmtime_wasi::p2::add_to_linker_async(&mut linker)?;
    Extractor::add_to_linker::<_, HasSelf<_>>(&mut linker, |s| s)?;
    Ok(linker)
}

/// The precompiled component on `engine`, or why it cannot run here: in
/// place if asked and the engine can run it there, else copied.
fn embedded(engine: &Engine, in_place: bool) -> Result<Component> {
    let bytes: &'static [u8] = &PRECOMPILED.0;
    // SAFETY: the bytes were produced by `precompile_component` in this
    // crate's build script, with this wasmtime, and embedded at build
    // time; wasmtime checks that they fit this engine and CPU. In place,
    // they are static, so they outlive the component, and nothing writes
    // them.
    if in_place {
        match unsafe { Component::deserialize_raw(engine, NonNull::from(bytes)) } {
            Ok(component) => return Ok(component),
            Err(e) => tracing::debug!("the engine runs copied, not in place: {e:#}"),
        }
    }
    let component = unsafe { Component::deserialize(engine, bytes) };
    component.map_err(|e| {
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
        assert!(shared().is_ok());
        // No epoch interruption: not what it was compiled for.
        let other = Engine::new(&Config::new()).unwrap();
        let err = embedded(&other, false).unwrap_err().to_string();
        assert!(
            err.starts_with("this binary's engine was compiled ahead of time for ")
                && err.contains("cannot run on this machine")
                && err.contains("cargo install --locked tool-output"),
            "{err}"
        );
    }

    #[test]
    fn on_linux_the_engine_runs_where_it_lies_in_the_binary() {
        let (_, pre) = shared().unwrap();
        let start = pre.instance_pre().component().image_range().start;
        let in_place = PRECOMPILED.0.as_ptr_range().contains(&start);
        assert_eq!(
            in_place,
            cfg!(all(target_os = "linux", target_arch = "x86_64"))
        );
    }
}

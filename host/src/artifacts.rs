//! The WebAssembly the host embeds, written out for running elsewhere
//! (`tool-output component --out DIR`):
//!
//! - `tool_output.wasm`: the engine component as built, not pre-initialized:
//!   it builds an encoding's token table the first time it counts with it
//!   (5–15 ms), which keeps it a few megabytes where a snapshot with both
//!   tables is 15 MB. The native host runs the same component, compiled ahead
//!   of time (`loader.rs`). It imports `session-fs` and `llm` (plus WASI
//!   clocks, random and stdio), for hosts that provide them: jco in a
//!   browser, or another embedding.
//! - `tool_output_cli.wasm`: a standalone command for the wasmtime CLI,
//!   composed here with wac-graph from
//!   `adapter-caps` (session-fs on `/session`, llm over wasi:http) →
//!   engine → `adapter-cli` (`wasi:cli/run`). It exports `wasi:cli/run` and
//!   the engine interface (for `wasmtime run --invoke`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use wac_graph::types::{ItemKind, Package};
use wac_graph::{CompositionGraph, EncodeOptions, NodeId};

// The three portable components, built by build.rs and embedded
// zstd-compressed: they are only written out, so each binary need not carry
// them at full size (the native host runs the precompiled engine instead).
/// The engine component as built from `guest/`.
static ENGINE_ZST: &[u8] = include_bytes!(env!("TOOL_OUTPUT_COMPONENT_ZST"));
/// The WASI adapter implementing `session-fs` and `llm`.
static ADAPTER_CAPS_ZST: &[u8] = include_bytes!(env!("TOOL_OUTPUT_ADAPTER_CAPS_ZST"));
/// The WASI command line composed around the engine.
static ADAPTER_CLI_ZST: &[u8] = include_bytes!(env!("TOOL_OUTPUT_ADAPTER_CLI_ZST"));

/// One of the embedded components, unpacked.
fn unpacked(name: &str, packed: &[u8]) -> Result<Vec<u8>> {
    zstd::stream::decode_all(packed)
        .with_context(|| format!("unpacking the embedded {name} component (a corrupt binary)"))
}

/// The engine component, portable: what `tool-output component` writes.
pub fn engine_wasm() -> Result<Vec<u8>> {
    unpacked("engine", ENGINE_ZST)
}

/// The engine's file name in `component --out`.
pub const ENGINE_FILE: &str = "tool_output.wasm";
/// The composed command's file name in `component --out`.
pub const COMMAND_FILE: &str = "tool_output_cli.wasm";

/// What [`write_components`] wrote.
#[derive(Debug)]
pub struct Written {
    /// Where the engine went.
    pub engine: PathBuf,
    /// Its size.
    pub engine_bytes: usize,
    /// Where the composed command went.
    pub command: PathBuf,
    /// Its size.
    pub command_bytes: usize,
}

/// Write both components into `dir` (created if missing).
pub async fn write_components(dir: &Path) -> Result<Written> {
    let engine = engine_wasm()?;
    let command = compose_command(&engine)?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let write = |name: &str, bytes: &[u8]| -> Result<PathBuf> {
        let path = dir.join(name);
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
        std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    };
    Ok(Written {
        engine: write(ENGINE_FILE, &engine)?,
        engine_bytes: engine.len(),
        command: write(COMMAND_FILE, &command)?,
        command_bytes: command.len(),
    })
}

/// caps → engine → cli, exporting `wasi:cli/run` and the engine interface.
/// Imports left open (WASI) become the composition's imports.
pub fn compose_command(engine: &[u8]) -> Result<Vec<u8>> {
    let mut graph = CompositionGraph::new();
    let mut register = |name: &str, bytes: &[u8]| -> Result<NodeId> {
        let package = Package::from_bytes(name, None, bytes.to_vec(), graph.types_mut())
            .with_context(|| format!("reading the {name} component"))?;
        let id = graph.register_package(package)?;
        Ok(graph.instantiate(id))
    };
    let caps = register(
        "tool-output:adapter-caps",
        &unpacked("adapter-caps", ADAPTER_CAPS_ZST)?,
    )?;
    let engine = register("tool-output:engine", engine)?;
    let cli = register(
        "tool-output:adapter-cli",
        &unpacked("adapter-cli", ADAPTER_CLI_ZST)?,
    )?;
    for interface in [
        "tool-output:core/session-fs",
        "tool-output:core/llm",
        "tool-output:core/counting",
    ] {
        let name = export_named(&graph, caps, interface)?;
        let export = graph.alias_instance_export(caps, &name)?;
        graph.set_instantiation_argument(engine, &name, export)?;
    }
    let name = export_named(&graph, engine, "tool-output:core/engine")?;
    let engine_export = graph.alias_instance_export(engine, &name)?;
    graph.set_instantiation_argument(cli, &name, engine_export)?;
    graph.export(engine_export, &name)?;
    let run = export_named(&graph, cli, "wasi:cli/run")?;
    let run_export = graph.alias_instance_export(cli, &run)?;
    graph.export(run_export, &run)?;
    graph
        .encode(EncodeOptions::default())
        .context("encoding the composed command component")
}

/// The full (versioned) name of an instance's export `interface`.
fn export_named(graph: &CompositionGraph, instance: NodeId, interface: &str) -> Result<String> {
    let ItemKind::Instance(id) = graph[instance].item_kind() else {
        bail!("not an instance");
    };
    graph.types()[id]
        .exports
        .keys()
        .find(|k| {
            *k == interface
                || k.strip_prefix(interface)
                    .is_some_and(|rest| rest.starts_with('@'))
        })
        .cloned()
        .with_context(|| format!("the component exports no `{interface}`"))
}

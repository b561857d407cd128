//! The integration tests through the real component, in one test binary
//! (as wasmtime's `tests/all`): the host and wasmtime are linked once, not
//! once per file, and the loaded engine is shared by every test.

mod common;

mod component_size;
mod contract;
mod extract;
mod llm;
mod llm_failures;
mod sandbox;
mod store;
mod store_remote;
mod structure;
mod wasmtime_cli;

//! The `tool-output` binary and the library's MCP and `run` paths, tested
//! in one test binary (as wasmtime's `tests/all`): one link, one compiled
//! component cache shared by every test.

mod common;

mod archive;
mod cli;
mod concurrency;
mod doctor;
mod hardening;
mod mcp;
mod nothing_lost;
mod object_store;
mod run;

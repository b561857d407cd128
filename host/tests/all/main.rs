//! The `tool-output` binary and the library's MCP and `run` paths, tested
//! in one test binary (as wasmtime's `tests/all`): one link, one compiled
//! component cache shared by every test. They drive the binary with Unix
//! tools (sh, seq, signals, FIFOs): on Windows the build is checked, not
//! these.
#![cfg(unix)]

mod common;

mod archive;
mod cli;
mod concurrency;
mod doctor;
mod gateway;
mod hardening;
mod hook;
mod hosts;
mod import_crash;
mod mcp;
mod nothing_lost;
mod object_store;
mod run;
mod setup;
mod setup_gateway;

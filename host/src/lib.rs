//! # tool-output
//!
//! Keeps oversized LLM tool outputs out of the context window without
//! losing them. Hand every tool result to [`Session::store`]: small ones pass
//! through untouched, large ones are stored and replaced by a short handle
//! message; the model then calls the `tool_output` tool, which
//! [`Session::handle_tool_call`] answers.
//!
//! ```no_run
//! # async fn demo() -> tool_output::Result<()> {
//! use tool_output::{Runtime, RuntimeConfig, ToolCall};
//!
//! let runtime = Runtime::new(RuntimeConfig::default()).await?;
//! let session = runtime.session()?;
//! let output = std::fs::read("build.log").unwrap();
//! let outcome = session.store(&ToolCall::new("bash").args(r#"{"cmd":"make"}"#), &output).await?;
//! let for_the_model = outcome.tool_result(&output); // original bytes, or the handle message
//! # let _ = for_the_model;
//! // Later, when the model calls tool_output(handle, extract):
//! let answer = session.handle_tool_call(r#"{"handle":"…","extract":"the linker error"}"#).await;
//! # let _ = answer;
//! # Ok(()) }
//! ```
//!
//! The engine is a WebAssembly component (`guest/`) holding all policy; this
//! crate is its runtime: one directory per session (cap-std), LLM calls,
//! limits, and the `tool-output` CLI.
#![warn(missing_docs)]
// `bindings` is generated (the WIT documents its items).

// The library's surface is what docs/library.md describes: the modules and
// re-exports below without `#[doc(hidden)]`. The hidden ones are public
// only for this crate's `tool-output` binary (its commands, `mcp`,
// `doctor`, `setup`), and may change in any release.
pub mod accounting;
pub mod agent;
pub mod archive;
#[doc(hidden)]
pub mod artifacts;
#[allow(missing_docs)]
pub mod bindings;
mod capabilities;
#[doc(hidden)]
pub mod doctor;
pub mod error;
mod error_line;
pub mod extraction;
#[doc(hidden)]
pub mod gateway;
#[doc(hidden)]
pub mod interrupt;
pub mod llm;
mod loader;
#[doc(hidden)]
pub mod mcp;
mod names;
#[doc(hidden)]
pub mod platform;
#[doc(hidden)]
pub mod private_files;
mod remote;
#[doc(hidden)]
pub mod roots;
pub mod runtime;
#[doc(hidden)]
pub mod saved_file;
pub mod session;
#[doc(hidden)]
pub mod sessions;
mod tally;
mod tls;
pub mod writer;

pub use accounting::{Event, SessionStats};
pub use bindings::types::{
    ExtractReport, ExtractResult, FailureKind, GrepOptions, HandleInfo, Mode, OutputStats,
    StorePolicy, StoreReason, StoredOutput,
};
pub use error::{Error, Received, Result};
pub use extraction::{CancellationToken, ExtractOptions, Progress};
pub use llm::config::LlmConfig;
pub use llm::http::HttpLlm;
pub use llm::{LlmEngine, NoLlm};
pub use names::Outcome;
pub use remote::{RemoteError, RemoteStore};
pub use runtime::{Limits, Runtime, RuntimeConfig, default_policy};
pub use session::{Session, ToolCall};
pub use writer::OutputWriter;

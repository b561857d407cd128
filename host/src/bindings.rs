//! The WIT world as Rust, generated once.
//!
//! - `session-fs` imports are plain synchronous functions: short local file
//!   operations on the session directory ([`crate::host::session_fs`]).
//! - `llm` imports are `async`: they wait on HTTP while other calls run
//!   ([`crate::host::llm`]).
//! - exports are called with `*_async`, so guest execution can be
//!   interrupted by epochs and yields to the tokio executor.

wasmtime::component::bindgen!({
    path: "../wit",
    world: "extractor",
    imports: { "tool-output:core/llm": async },
    exports: { default: async },
});

pub use exports::tool_output::core::engine;
pub use tool_output::core::{llm, session_fs, types};

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
    additional_derives: [PartialEq],
});

pub use self::exports::tool_output::core::engine;
pub use self::tool_output::core::{llm, session_fs, types};

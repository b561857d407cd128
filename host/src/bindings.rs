//! The WIT world as Rust, generated once.
//!
//! - `session-fs` imports are plain synchronous functions (short local file
//!   operations on the session directory, `crate::capabilities::session_fs`),
//!   but `read` and `size`, which are `async`: on a handle read by range
//!   from an object store, they wait on the store.
//! - `llm` imports are `async`: they wait on HTTP while other calls run
//!   (`crate::capabilities::llm`).
//! - `counting`'s tally is [`crate::tally::Tally`]; its `total`
//!   is `async`: it waits for the helpers on other cores.
//! - exports are called with `*_async`, so guest execution can be
//!   interrupted by epochs and yields to the tokio executor.

/// One set of options whichever WIT directory is read.
macro_rules! bindings {
    ($wit:literal) => {
        wasmtime::component::bindgen!({
            path: $wit,
            world: "extractor",
            imports: {
                "tool-output:core/llm": async,
                "tool-output:core/session-fs.read": async,
                "tool-output:core/session-fs.size": async,
                "tool-output:core/counting.[method]tally.total": async,
            },
            with: { "tool-output:core/counting.tally": crate::tally::Tally },
            exports: { default: async },
            additional_derives: [PartialEq],
        });
    };
}

// The workspace's contract, or the copy a packaged crate carries beside
// its built components (there is no `../wit` in a crate).
#[cfg(not(tool_output_packaged))]
bindings!("../wit");
#[cfg(tool_output_packaged)]
bindings!("component/wit");

pub use self::exports::tool_output::core::engine;
pub use self::tool_output::core::{counting, llm, session_fs, types};

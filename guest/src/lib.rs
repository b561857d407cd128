//! The tool-output engine: all *policy* for oversized tool outputs.
//!
//! Everything here is plain Rust that also compiles and unit-tests natively;
//! storage and the LLM come in through small traits ([`storage::Storage`],
//! [`llm::Llm`]). `component.rs` is the thin wit-bindgen glue that exports
//! the `engine` interface from wasm.

// The engine is not a published library: its docs are read with
// `cargo doc --document-private-items`, where links to private items resolve.
#![allow(rustdoc::private_intra_doc_links)]

pub mod across;
pub mod bindings;
pub mod bom;
pub mod display;
pub mod doc;
pub mod error;
pub mod extract;
pub mod handle;
pub mod line_index;
pub mod llm;
pub mod message;
pub mod meta;
pub mod names;
pub mod prompts;
pub mod report;
pub mod schema;
pub mod stats;
pub mod storage;
pub mod store;
pub mod strategy;
pub mod tokens;
pub mod view;

#[cfg(target_arch = "wasm32")]
mod component;

#[cfg(test)]
mod tests;

pub use bindings::types::{EngineError, StorePolicy};

pub use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

/// The default store policy: 12288 bytes inline, preview on, no budget.
pub fn default_policy() -> StorePolicy {
    StorePolicy {
        max_inline_bytes: DEFAULT_MAX_INLINE_BYTES,
        max_inline_chars: None,
        remaining_tokens: None,
        reserve_failed: false,
        preview: true,
    }
}

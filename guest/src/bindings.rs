//! The WIT world, generated once. Logic modules use these types directly so
//! there is one definition of every record: the WIT files.

wit_bindgen::generate!({
    path: "../wit",
    world: "extractor",
    additional_derives: [PartialEq],
});

/// The records of `types.wit`.
pub use tool_output::core::types;
/// The imported interfaces.
pub use tool_output::core::{counting, llm as llm_import, session_fs};

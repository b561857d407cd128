//! The view: what the model reads of a stored output.
//!
//! original bytes ─► [`Utf8Decoder`] ─► text ─► [`ViewBuilder`]
//!   ├─ JSON (first non-space char `{`/`[`): [`json::JsonIndenter`], whitespace-only
//!   └─ otherwise: [`ansi::TextCleaner`] (escape codes, `\r` redraws, controls)
//! ─► [`LineSink`]: soft-wraps long lines, numbers them, indexes them and
//!    shows each to the [`detect`]ors, which keep the preview (head, error
//!    blocks, rare-shaped and tail lines, line templates) and the summary
//!    line of a structured output ([`json_shape`] while re-indenting JSON,
//!    the detectors for JSON lines and CSV/TSV tables), where records start
//!    ([`detect::records`]), the roots of cause chains ([`detect::causes`]) and
//!    values that stand out among records ([`detect::values`]); [`errors`] says which lines
//!    look like failures.
//!
//! Everything streams: memory stays bounded whatever the output's size.

pub mod ansi;
mod builder;
mod decode;
pub mod detect;
pub mod errors;
pub mod json;
pub mod json_shape;
pub mod lines;
pub mod preview;
#[cfg(test)]
pub(crate) mod test_util;

// The layout the view is built to, defined with the index reader that checks it.
pub use crate::line_index::{LINE_INDEX_STRIDE, WRAP_BYTES};
pub use builder::{DECIDE_WITHIN, JSON_ALLOWANCE, JSON_GROWTH, ViewBuilder, is_json};
pub use decode::Utf8Decoder;
pub use detect::{Findings, PreviewLines};
pub use lines::LineSink;
pub use preview::PreviewLine;

#[cfg(test)]
mod tests;

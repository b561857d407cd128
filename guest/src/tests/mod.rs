//! End-to-end tests: outputs stored through the real store path, then
//! listed, read or extracted. They live above every module they use, so no
//! module's own tests import a module that sits above it.

mod answers;
mod corpus;
mod corrupt;
mod display;
mod heldout;
mod jq;
mod lexical;
mod message;
mod questions;
mod search;
mod view;

//! Fuzz targets for the engine's policy code (`tool-output-guest`, natively).
//!
//! Each target is a plain `fn(&[u8])` that panics when an invariant breaks
//! (see each module's docs for its input format and invariants). The same
//! functions run three ways:
//! - coverage-guided by libFuzzer, built on stable Rust by `fuzz/run`
//!   (`fuzz/libfuzzer/` is a cargo-fuzz-compatible crate of thin wrappers);
//! - replayed over the committed seed corpora and regression inputs by
//!   `cargo test -p tool-output-fuzz` (`tests/replay.rs`);
//! - by hand: `cargo run -p tool-output-fuzz --release -- <target> <files…>`.
//!
//! Invariants that main still breaks because of defects being fixed
//! elsewhere are listed in [`known`] and only enforced on request.

// The fuzz crate is not a published library: its docs are read with
// `cargo doc --document-private-items`, where links to private items resolve.
#![allow(rustdoc::private_intra_doc_links)]

pub mod chunk;
pub mod known;
pub mod lexical;
pub mod readers;
pub mod reads;
pub mod report;
pub mod store;
pub mod support;
pub mod truncate;
pub mod view;

/// A fuzz target: its name (the corpus directory and libFuzzer binary
/// name) and its entry point.
pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
}

pub const TARGETS: &[Target] = &[
    Target {
        name: "view",
        run: view::run,
    },
    Target {
        name: "store",
        run: store::run,
    },
    Target {
        name: "readers",
        run: readers::run,
    },
    Target {
        name: "truncate",
        run: truncate::run,
    },
    Target {
        name: "chunk",
        run: chunk::run,
    },
    Target {
        name: "lexical",
        run: lexical::run,
    },
    Target {
        name: "report",
        run: report::run,
    },
];

pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

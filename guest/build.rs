//! Writes each encoding's rank table in a compact form for the guest to
//! embed (`tokens::ranks`): for every rank from 0 up, one length byte and the
//! token's bytes. The tokens come from `tiktoken-rs`, the reference the tests
//! count against, so the guest's table is tiktoken's table.
//!
//! About 0.8 MB (cl100k) and 1.6 MB (o200k), against 47 MB for the prebuilt
//! search automata of `bpe-openai`; the guest builds its lookup map from
//! them the first time an encoding is needed.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let encodings = [
        ("cl100k_base", tiktoken_rs::cl100k_base()),
        ("o200k_base", tiktoken_rs::o200k_base()),
    ];
    for (name, bpe) in encodings {
        let bpe = bpe.expect("tiktoken-rs builds its own encodings");
        let mut table = Vec::new();
        let mut rank = 0u32;
        // Ordinary ranks are contiguous from 0; the first gap ends them
        // (special tokens such as <|endoftext|> sit above it and are never
        // counted by `encode_ordinary`).
        while let Ok(bytes) = bpe.decode_bytes(&[rank]) {
            let len = u8::try_from(bytes.len()).expect("tokens are at most 255 bytes");
            assert!(len > 0, "{name}: rank {rank} is empty");
            table.push(len);
            table.extend_from_slice(&bytes);
            rank += 1;
        }
        assert!(rank > 100_000, "{name}: only {rank} ranks");
        std::fs::write(out.join(format!("{name}.ranks")), table).expect("writing OUT_DIR");
    }
}

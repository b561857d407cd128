//! The components `tool-output component` writes stay small enough for a
//! web page to download: the budget of the size table in docs/performance.md. The engine
//! used to be 101 MB (both tokenizer tables snapshotted into its memory).

use std::io::Write;

use crate::common::scratch_dir;

const MB: usize = 1_000_000;

fn gzipped_len(bytes: &[u8]) -> usize {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap().len()
}

#[tokio::test]
async fn written_components_fit_the_size_budget() {
    let written = tool_output::artifacts::write_components(&scratch_dir("size"))
        .await
        .unwrap();
    let engine = std::fs::read(&written.engine).unwrap();
    let command = std::fs::read(&written.command).unwrap();
    assert_eq!(engine.len(), written.engine_bytes);
    let gzipped = gzipped_len(&engine);
    eprintln!(
        "tool_output.wasm {} bytes ({gzipped} gzipped), tool_output_cli.wasm {} bytes",
        engine.len(),
        command.len()
    );
    assert!(engine.len() <= 8 * MB, "engine: {} bytes", engine.len());
    assert!(gzipped <= 3 * MB, "engine gzipped: {gzipped} bytes");
    assert!(command.len() <= 9 * MB, "command: {} bytes", command.len());
}

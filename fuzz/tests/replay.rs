//! Replays the committed seed corpora and regression inputs through every
//! fuzz target: what the fuzzer found stays found, without libFuzzer.
//!
//! `fuzz/regressions/<target>/<name>` are minimised findings; a name that
//! starts with an invariant's name (`known.rs`) is a witness of that class.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use tool_output_fuzz::TARGETS;

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.expect("dir entry").path()).collect();
    files.sort();
    files
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn replay(kind: &str) -> usize {
    let mut count = 0;
    for target in TARGETS {
        for file in files(&root().join(kind).join(target.name)) {
            let data = std::fs::read(&file).expect("read input");
            let run = catch_unwind(AssertUnwindSafe(|| (target.run)(&data)));
            assert!(run.is_ok(), "{} failed on {}", target.name, file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn seed_corpora_pass() {
    let n = replay("corpus");
    assert!(n >= 7 * 5, "only {n} seeds");
    for target in TARGETS {
        let dir = root().join("corpus").join(target.name);
        assert!(!files(&dir).is_empty(), "no seeds for {}", target.name);
    }
}

#[test]
fn regressions_pass() {
    replay("regressions");
}

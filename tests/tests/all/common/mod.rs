//! Shared set-up: runtimes that keep temporary sessions in a directory of
//! the test's own.
#![allow(dead_code)]

pub mod llm;

use std::path::{Path, PathBuf};

use tool_output::{Outcome, Runtime, RuntimeConfig, StoredOutput};

/// A fresh, empty directory for one test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("scratch")
        .join(format!("{name}-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn runtime_with(
    name: &str,
    adjust: impl FnOnce(&mut RuntimeConfig),
) -> (Runtime, PathBuf) {
    let temp = scratch_dir(name);
    let mut config = RuntimeConfig {
        temp_dir: temp.clone(),
        ..RuntimeConfig::default()
    };
    adjust(&mut config);
    (Runtime::new(config).await.expect("runtime starts"), temp)
}

pub async fn runtime(name: &str) -> Runtime {
    runtime_with(name, |_| {}).await.0
}

pub fn stored(outcome: Outcome) -> StoredOutput {
    match outcome {
        Outcome::Stored(s) => s,
        Outcome::Passthrough(stats) => {
            panic!("expected the output to be stored, it passed through: {stats:?}")
        }
    }
}

/// The file of a stored output in the session directory.
pub fn session_file(dir: &Path, handle: &str, suffix: &str) -> Vec<u8> {
    std::fs::read(dir.join(format!("{handle}.{suffix}"))).unwrap()
}

/// A build log with an error buried in the middle.
pub fn build_log(lines: usize) -> String {
    let mut log = String::new();
    for i in 0..lines {
        if i == lines / 2 {
            log.push_str(
                "error[E0433]: failed to resolve: use of undeclared crate or module `tokio`\n",
            );
        } else {
            log.push_str(&format!(
                "   Compiling crate-{i:05} v0.1.{} (registry)\n",
                i % 10
            ));
        }
    }
    log
}

/// Text without its whitespace outside JSON strings (what re-indenting must keep).
pub fn json_without_layout(text: &str) -> String {
    let mut out = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

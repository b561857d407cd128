//! Shared set-up for the tests that drive the real `tool-output` binary: a
//! fresh `--root` per test whose component cache is shared by all of them
//! (compiled once), and a clean environment (no stray config, no model).
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub use tool_output_tests::fixtures::app_log as big_log;

/// A fresh root under the target's temporary directory.
pub fn root(kind: &str) -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = base
        .join(kind)
        .join(uuid::Uuid::new_v4().simple().to_string());
    let cache = base.join("cli-component-cache");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&cache).unwrap();
    std::os::unix::fs::symlink(&cache, dir.join("components")).unwrap();
    dir
}

/// The binary with `--root`, run in the root, with only PATH and HOME set.
pub fn tool_output(root: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
    cmd.arg("--root")
        .arg(root)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", std::env::var_os("HOME").unwrap_or_default())
        .current_dir(root);
    cmd
}

/// Run to the end with `stdin` as input.
pub fn run(root: &Path, args: &[&str], stdin: &[u8]) -> Output {
    run_cmd(tool_output(root, args), stdin)
}

pub fn run_cmd(mut cmd: Command, stdin: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written on a thread: a command that prints as it reads (a
    // passthrough) would otherwise fill its stdout while we still write.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Stdout of a run that must have succeeded.
pub fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Store `log` in the root's default session; its handle.
pub fn store(root: &Path, log: &str) -> String {
    let out = run(root, &["--json", "store", "--tool", "app"], log.as_bytes());
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    json["handle"].as_str().expect("stored").to_string()
}

/// Wait for a child with a generous bound (a hang check, not a timing
/// test); kill it and fail if it does not end.
pub fn wait_at_most(child: &mut std::process::Child, limit: Duration, what: &str) -> Duration {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return start.elapsed();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The names in a directory, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Run to the end with `stdin` as input; also how long it took and its
/// peak resident memory in bytes, its own (`tool_output_tests::peak`: a
/// child of this large test process would otherwise read as large as it).
pub fn run_measured(cmd: Command, stdin: &[u8]) -> (Output, Duration, u64) {
    let report = std::env::temp_dir().join(format!("tool-output-peak-{}", uuid::Uuid::new_v4()));
    let mut child = tool_output_tests::peak::measured(&cmd, &report)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let (peak, took) = tool_output_tests::peak::report(&report);
    let _ = std::fs::remove_file(&report);
    (output, took, peak)
}

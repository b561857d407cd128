//! `tool-output run -- COMMAND…`: the output unchanged when small, the
//! handle message when not, the command's exit code, signals passed on, a
//! closed stdout handled quietly.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn root() -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = base
        .join("run")
        .join(uuid::Uuid::new_v4().simple().to_string());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The component cache shared by all tests (the CLI's default is the
/// user's cache directory).
fn cache() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-component-cache")
}

fn tool_output(root: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
    cmd.arg("--root")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache())
        .args(args)
        .current_dir(root);
    cmd
}

fn run(root: &Path, args: &[&str]) -> Output {
    tool_output(root, args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_small_output_is_printed_unchanged_with_the_command_s_exit_code() {
    let root = root();
    let out = run(
        &root,
        &[
            "run",
            "--",
            "sh",
            "-c",
            "printf 'out 1\\n'; printf 'err 2\\n' >&2; printf 'out 3'; exit 7",
        ],
    );
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "out 1\nerr 2\nout 3",
        "stdout and stderr in order, unchanged"
    );
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    // Bytes, not text: invalid UTF-8 passes through too.
    let out = run(&root, &["run", "--", "printf", "\\377\\376ok"]);
    assert_eq!(out.stdout, b"\xff\xfeok");
    assert_eq!(out.status.code(), Some(0));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_large_output_is_stored_and_its_handle_works_in_the_session() {
    let root = root();
    let script = "for i in $(seq 1 5000); do echo \"line $i ok\"; done; echo 'error: needle at the end' >&2; exit 2";
    let out = run(
        &root,
        &[
            "--session",
            "runs",
            "run",
            "--tool",
            "build",
            "--",
            "sh",
            "-c",
            script,
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stdout).unwrap();
    assert!(
        message.starts_with("Tool output is too large ("),
        "{message}"
    );
    assert!(message.contains("5001 lines"), "{message}");
    assert!(
        message.contains("5001: error: needle at the end"),
        "the preview: {message}"
    );
    let handle = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#)
        .unwrap()
        .captures(&message)
        .unwrap()[1]
        .to_string();
    let grep = run(&root, &["--session", "runs", "grep", &handle, "needle"]);
    assert_eq!(
        String::from_utf8(grep.stdout).unwrap(),
        "5001: error: needle at the end\n"
    );
    let list = run(&root, &["--session", "runs", "--json", "list"]);
    let list: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(list[0]["tool"], "build");
    assert_eq!(
        list[0]["args"],
        r#"{"argv":["sh","-c","for i in $(seq 1 5000); do echo \"line $i ok\"; done; echo 'error: needle at the end' >&2; exit 2"]}"#
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_command_killed_by_a_signal_exits_128_plus_n_and_a_missing_one_is_an_error() {
    let root = root();
    let out = run(
        &root,
        &["run", "--", "sh", "-c", "echo partial; kill -9 $$"],
    );
    assert_eq!(out.status.code(), Some(137));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "partial\n",
        "what it printed is kept"
    );
    let out = run(&root, &["run", "--", "/nonexistent/command"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("tool-output: error: running \"/nonexistent/command\""),
        "{err}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn sigterm_goes_on_to_the_command() {
    let root = root();
    let marker = root.join("started");
    let script = format!(
        "trap 'echo got TERM; exit 5' TERM; touch {}; while :; do sleep 0.1; done",
        marker.display()
    );
    let child = tool_output(&root, &["run", "--", "sh", "-c", &script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if marker.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(marker.exists(), "the command started");
    // SAFETY: signalling the child we started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(5),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "got TERM\n");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    let root = root();
    for lines in ["1000", "5000"] {
        // Passed through, or a handle message: either write finds no reader.
        let mut child = tool_output(&root, &["run", "--", "seq", "1", lines])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // like `| true`
        let out = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8(out.stderr).unwrap(), "", "quiet");
        assert_eq!(out.status.code(), Some(0), "the command's code");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

//! The CLI against hostile conditions, with the real binary: a reader that
//! goes away (`cmd | true`, `cmd | head -1`) ends every command quietly (no
//! panic, no error line, exit 0); signals while a command waits.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Output, Stdio};

use common::*;

/// Run with stdout closed before the command writes anything (`| true`).
fn closed_at_once(root: &std::path::Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = tool_output(root, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Read the first line, then close stdout (`| head -1`).
fn first_line_only(root: &std::path::Path, args: &[&str]) -> (String, Output) {
    let mut child = tool_output(root, args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (line, child.wait_with_output().unwrap())
}

fn assert_quiet(out: &Output, what: &str) {
    let err = stderr(out);
    assert_eq!(err, "", "{what}: stderr");
    assert_eq!(out.status.code(), Some(0), "{what}");
}

#[test]
fn every_command_ends_quietly_on_a_closed_stdout() {
    let root = root("closed-stdout");
    let log = big_log();
    let handle = store(&root, &log);
    // Enough outputs that `list` prints many lines.
    for i in 0..40 {
        let out = run(
            &root,
            &["store", "--tool", &format!("t{i}")],
            log.as_bytes(),
        );
        assert!(out.status.success());
    }
    let small = b"a small output, passed through\n".repeat(20);
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["store", "--tool", "x"], &small),
        (vec!["store", "--tool", "x"], log.as_bytes()),
        (vec!["--json", "store", "--tool", "x"], log.as_bytes()),
        (
            vec!["extract", &handle, "disk quota", "--mode", "lexical"],
            b"",
        ),
        (
            vec!["--json", "extract", &handle, "quota", "--mode", "truncate"],
            b"",
        ),
        (vec!["read", &handle, "--lines", "1:400"], b""),
        (vec!["grep", &handle, "INFO"], b""),
        (vec!["tail", &handle, "-n", "300"], b""),
        (vec!["preview", &handle], b""),
        (vec!["list"], b""),
        (vec!["--json", "list"], b""),
        (vec!["stats"], b""),
        (vec!["schema"], b""),
        (vec!["schema", "--format", "system-prompt"], b""),
        (vec!["gc", "--older-than", "1d"], b""),
    ];
    for (args, input) in &cases {
        let out = closed_at_once(&root, args, input);
        assert_quiet(&out, &format!("{args:?} | true"));
    }
    for args in [
        vec!["list"],
        vec!["--json", "list"],
        vec!["read", &handle, "--lines", "1:400"],
        vec!["grep", &handle, "INFO", "-C", "2"],
        vec!["demo"],
    ] {
        let (line, out) = first_line_only(&root, &args);
        assert!(!line.is_empty(), "{args:?}: a first line");
        assert_quiet(&out, &format!("{args:?} | head -1"));
    }
    // The stores above still happened: a closed stdout loses no output.
    let out = run(&root, &["--json", "list"], b"");
    let list: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1 + 40 + 2);
    std::fs::remove_dir_all(&root).unwrap();
}

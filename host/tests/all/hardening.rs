//! The CLI against hostile conditions, with the real binary: a reader that
//! goes away (`cmd | true`, `cmd | head -1`) ends every command quietly (no
//! panic, no error line, exit 0); a signal while `store` waits on its
//! input stops it within a second, non-zero, leaving nothing behind; and
//! hostile files in and around a session ([`session_files`]).

use std::io::{BufRead, BufReader, Write};
use std::process::{Output, Stdio};

use crate::common::*;

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
        (vec!["reference"], b""),
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

/// Where the input comes from in a signal test.
#[derive(Debug, Clone, Copy)]
enum Source {
    Pipe,
    /// A FIFO named as the FILE argument; `opened`: a writer has opened it.
    Fifo {
        opened: bool,
    },
}

/// `store` waiting on a stalled input gets `signal` after `sent` bytes;
/// `then_eof`: the input ends right after the signal (the producer died of
/// it too). It must exit within a second, non-zero, printing nothing on
/// stdout and leaving nothing in the session.
fn store_interrupted(source: Source, signal: i32, sent: usize, then_eof: bool) {
    let what = format!("{source:?}, signal {signal}, {sent} bytes, eof {then_eof}");
    let root = root("signals");
    let fifo = root.join("input.fifo");
    let mut cmd = tool_output(&root, &["store", "--tool", "t"]);
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut writer: Option<Box<dyn Write>> = None;
    let mut child = match source {
        Source::Pipe => {
            let mut child = cmd.stdin(Stdio::piped()).spawn().unwrap();
            writer = Some(Box::new(child.stdin.take().unwrap()));
            child
        }
        Source::Fifo { opened } => {
            let path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: a valid C string; mkfifo has no other precondition.
            assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
            let child = cmd.arg(&fifo).stdin(Stdio::null()).spawn().unwrap();
            if opened {
                writer = Some(Box::new(
                    std::fs::OpenOptions::new().write(true).open(&fifo).unwrap(),
                ));
            }
            child
        }
    };
    let session = root.join("sessions").join("default");
    // Wait until the command is set up (the session is opened after the
    // signal handlers are installed), then feed it.
    let start = std::time::Instant::now();
    while !session.join(".last-used").exists() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "{what}: never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let line = b"0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ stalled\n";
    let input: Vec<u8> = line.iter().copied().cycle().take(sent).collect();
    if let Some(w) = writer.as_mut() {
        w.write_all(&input).unwrap();
        w.flush().unwrap();
    }
    // Let it take in what was sent (and write its first pieces).
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: kill(2) on our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    if then_eof {
        drop(writer.take());
    }
    let took = wait_at_most(&mut child, std::time::Duration::from_secs(1), &what);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(128 + signal),
        "{what}: {}",
        stderr(&out)
    );
    assert_eq!(out.stdout, b"", "{what}: nothing printed as if complete");
    let signal_name = if signal == libc::SIGINT {
        "SIGINT"
    } else {
        "SIGTERM"
    };
    assert_eq!(
        stderr(&out),
        format!("tool-output: error: interrupted by {signal_name}\n"),
        "{what}"
    );
    assert_eq!(
        names(&session),
        [".last-used"],
        "{what}: leftovers ({took:?})"
    );
    drop(writer);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_signal_stops_a_store_waiting_on_its_input_and_leaves_nothing() {
    let big = 3 * tool_output::runtime::DEFAULT_MAX_INLINE_BYTES as usize;
    for signal in [libc::SIGTERM, libc::SIGINT] {
        for sent in [0, 100, big] {
            store_interrupted(Source::Pipe, signal, sent, false);
            store_interrupted(Source::Fifo { opened: true }, signal, sent, false);
        }
        store_interrupted(Source::Fifo { opened: false }, signal, 0, false);
        // The signal also ended the producer: the input ends, but the
        // store must not complete.
        store_interrupted(Source::Pipe, signal, 100, true);
        store_interrupted(Source::Pipe, signal, big, true);
    }
}

mod session_files;

#[test]
fn a_huge_config_file_is_refused_without_being_read_whole() {
    let root = root("config");
    // 50 MB in the working directory, where ./tool-output.toml is looked for.
    let line = "# padding ".repeat(100) + "\n";
    std::fs::write(root.join("tool-output.toml"), line.repeat(50_000)).unwrap();
    let out = run(&root, &["doctor"], b"");
    assert!(!out.status.success());
    let said = stderr(&out);
    assert!(
        said.contains("over 1024 KiB: not a configuration file"),
        "{said}"
    );
    // Commands that need no model warn and go on.
    let out = run(&root, &["store", "--tool", "t"], b"small\n");
    assert_eq!(out.stdout, b"small\n");
    assert!(stderr(&out).contains("over 1024 KiB"), "{}", stderr(&out));
    std::fs::remove_dir_all(&root).unwrap();
}

//! One named session shared by parallel processes, as agent hosts share
//! one (a proxy, `mcp serve`, hooks, `run`, the CLI): stores, runs, reads,
//! removes and imports at once. No command fails because another process
//! changed other handles, and every output comes back byte for byte.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

use crate::common::{self, run, stderr, stdout};

/// Rounds per worker: enough to meet the others many times (the defect
/// this guards failed about one command in twenty), bounded for CI.
const ROUNDS: usize = 20;

fn session_file(root: &Path, handle: &str, suffix: &str) -> PathBuf {
    root.join("sessions/default")
        .join(format!("{handle}.{suffix}"))
}

/// A command that must have worked, with what it said if not.
fn ok(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: exit {:?}, stderr: {}",
        out.status.code(),
        stderr(out)
    );
    let said = stderr(out);
    assert!(
        !said.contains("panicked") && !said.contains("warning"),
        "{what}: {said}"
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// An output unique to (worker, round), large or small.
fn output(worker: usize, round: usize, large: bool) -> String {
    let lines = if large { 3000 } else { 5 };
    (0..lines)
        .map(|i| format!("worker {worker} round {round} line {i}: é ✓ status=ok\n"))
        .collect()
}

fn handle_in(message: &str) -> String {
    let re = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    re.captures(message).expect("a handle message")[1].to_string()
}

#[test]
fn parallel_commands_on_one_session_lose_nothing() {
    let root = Arc::new(common::root("concurrency"));
    // A handle read throughout, and an archive of another one that is
    // imported again and again (in another session first).
    let kept_log = common::big_log();
    let kept = common::store(&root, &kept_log);
    let kept_lines: Vec<&str> = kept_log.lines().collect();
    let expected_read: String = (100..=110)
        .map(|n| format!("{n}: {}\n", kept_lines[n - 1]))
        .collect();
    let archive = root.join("imported.tar");
    let other = output(99, 0, true);
    let out = run(
        &root,
        &["--session", "other", "store", "--tool", "imp"],
        other.as_bytes(),
    );
    let imported = handle_in(&ok(&out, "store in other"));
    let out = run(
        &root,
        &[
            "--session",
            "other",
            "export",
            "-o",
            archive.to_str().unwrap(),
        ],
        b"",
    );
    ok(&out, "export");

    let mut workers = Vec::new();
    // Storers: large outputs stored, small ones passed through unchanged.
    for worker in 0..3 {
        let root = root.clone();
        workers.push(std::thread::spawn(move || {
            for round in 0..ROUNDS {
                let large = round % 3 != 0;
                let text = output(worker, round, large);
                let out = run(&root, &["store", "--tool", "t"], text.as_bytes());
                let said = ok(&out, "store");
                if large {
                    let handle = handle_in(&said);
                    let kept = std::fs::read(session_file(&root, &handle, "orig")).unwrap();
                    assert_eq!(kept, text.as_bytes(), "stored byte for byte");
                } else {
                    assert_eq!(said, text, "passed through byte for byte");
                }
            }
        }));
    }
    // `run`: one stored, one passed through.
    {
        let root = root.clone();
        workers.push(std::thread::spawn(move || {
            let seq = |n: usize| -> String { (1..=n).map(|i| format!("{i}\n")).collect() };
            for round in 0..ROUNDS {
                let n = if round % 2 == 0 { 5000 } else { 100 };
                let out = run(&root, &["run", "--", "seq", "1", &n.to_string()], b"");
                let said = ok(&out, "run");
                if n == 5000 {
                    let handle = handle_in(&said);
                    let kept = std::fs::read(session_file(&root, &handle, "orig")).unwrap();
                    assert_eq!(kept, seq(n).as_bytes());
                } else {
                    assert_eq!(said, seq(n));
                }
            }
        }));
    }
    // A reader of the handle nobody touches.
    {
        let (root, kept) = (root.clone(), kept.clone());
        workers.push(std::thread::spawn(move || {
            for _ in 0..ROUNDS * 2 {
                let out = run(&root, &["read", &kept, "--lines", "100:110"], b"");
                assert_eq!(ok(&out, "read"), expected_read);
            }
        }));
    }
    // A remover of its own handles, and a lister.
    {
        let root = root.clone();
        workers.push(std::thread::spawn(move || {
            for round in 0..ROUNDS {
                let text = output(7, round, true);
                let out = run(&root, &["store", "--tool", "gone"], text.as_bytes());
                let handle = handle_in(&ok(&out, "store to remove"));
                ok(&run(&root, &["remove", &handle], b""), "remove");
                ok(&run(&root, &["list"], b""), "list");
            }
        }));
    }
    // Two importers of the same archive, replacing.
    for _ in 0..2 {
        let (root, archive) = (root.clone(), archive.clone());
        workers.push(std::thread::spawn(move || {
            for _ in 0..ROUNDS / 2 {
                let out = run(
                    &root,
                    &["import", "--replace", archive.to_str().unwrap()],
                    b"",
                );
                let said = String::from_utf8_lossy(&out.stdout).into_owned();
                assert!(out.status.success(), "import: {}", stderr(&out));
                assert!(
                    said.contains("imported") || said.contains("replaced"),
                    "{said}"
                );
            }
        }));
    }
    for worker in workers {
        worker.join().unwrap();
    }
    // Whatever the order, the imported handle is whole and the same.
    let kept_import = std::fs::read(session_file(&root, &imported, "orig")).unwrap();
    assert_eq!(kept_import, other.as_bytes());
    let list = stdout(&run(&root, &["list"], b""));
    assert!(!list.contains("BROKEN"), "{list}");
    assert!(list.contains(&imported) && list.contains(&kept), "{list}");
    std::fs::remove_dir_all(&*root).unwrap();
}

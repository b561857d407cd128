//! A `store` or `run` that cannot store passes the output through,
//! unchanged, and says so on stderr: a session that cannot be opened, a
//! disk that fills midway (here a file-size limit). And `run`'s own edges:
//! `--json`, a background child that keeps the pipe open, a second signal.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::{self, run_cmd, stderr, tool_output, wait_at_most};

const WARNING: &str = "the output is passed through unchanged";

fn seq(n: usize) -> String {
    (1..=n).map(|i| format!("{i}\n")).collect()
}

/// The output went through whole, with one warning and nothing else.
fn assert_passed_through(out: &Output, expected: &[u8]) {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    assert!(
        out.stdout == expected,
        "the whole output, byte for byte ({} of {} bytes)",
        out.stdout.len(),
        expected.len()
    );
    let said = stderr(out);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 1, "{said}");
    assert!(
        lines[0].starts_with("tool-output: warning: ") && lines[0].ends_with(WARNING),
        "{said}"
    );
}

/// `tool-output ARGS` under `sh` with a file-size limit of about 512 KiB
/// (SIGXFSZ ignored: writes past it fail with EFBIG, as on a full disk).
fn limited(root: &Path, args: &str) -> Command {
    let bin = env!("CARGO_BIN_EXE_tool-output");
    let script = format!(
        "trap '' XFSZ; ulimit -f 1024; exec '{bin}' --root '{}' {args}",
        root.display()
    );
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(script).current_dir(root);
    cmd
}

#[test]
fn a_session_that_cannot_be_opened_costs_no_output() {
    let root = common::root("lost-open");
    std::fs::create_dir_all(root.join("sessions")).unwrap();
    // A file where the session directory should be.
    std::fs::write(root.join("sessions/default"), b"not a directory").unwrap();
    let output = seq(40_000);
    let out = common::run(&root, &["store", "--tool", "t"], output.as_bytes());
    assert_passed_through(&out, output.as_bytes());
    let out = run_cmd(tool_output(&root, &["run", "--", "seq", "1", "40000"]), b"");
    assert_passed_through(&out, output.as_bytes());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_disk_that_fills_midway_costs_no_output() {
    let root = common::root("lost-full");
    // Stored from the first piece on; the limit is met about 512 KiB in.
    let output = seq(600_000);
    let out = run_cmd(limited(&root, "store --tool t"), output.as_bytes());
    assert_passed_through(&out, output.as_bytes());
    let out = run_cmd(limited(&root, "run -- seq 1 600000"), b"");
    assert_passed_through(&out, output.as_bytes());
    // Nothing half-stored is left.
    let left = common::names(&root.join("sessions/default"));
    assert!(left.iter().all(|n| n.starts_with('.')), "{left:?}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn run_json_says_what_happened_and_the_exit_code() {
    let root = common::root("run-json");
    let out = run_cmd(
        tool_output(
            &root,
            &["--json", "run", "--", "sh", "-c", "echo hi; exit 3"],
        ),
        b"",
    );
    assert_eq!(out.status.code(), Some(3));
    let said: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(said["stored"], false);
    assert_eq!(said["message"], "hi\n");
    assert_eq!(said["exit_code"], 3);
    let out = run_cmd(
        tool_output(&root, &["--json", "run", "--", "seq", "1", "20000"]),
        b"",
    );
    let said: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(said["stored"], true);
    assert_eq!(said["stats"]["bytes"], seq(20_000).len());
    assert!(
        said["message"]
            .as_str()
            .unwrap()
            .starts_with("Tool output is too large")
    );
    assert_eq!(said["exit_code"], 0);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_background_child_holding_the_pipe_does_not_hold_run() {
    let root = common::root("run-background");
    let mut child = tool_output(&root, &["run", "--", "sh", "-c", "sleep 60 & echo started"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A hang check: the bound is a second after the command's exit.
    wait_at_most(
        &mut child,
        Duration::from_secs(20),
        "run with a background child",
    );
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"started\n");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_second_signal_kills_a_command_that_ignores_the_first() {
    let root = common::root("run-escalate");
    let marker = root.join("running");
    let script = format!(
        "trap '' TERM; echo ready; touch '{}'; exec sleep 60",
        marker.display()
    );
    let mut child = tool_output(&root, &["run", "--", "sh", "-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command runs (and `run` forwards signals) once the marker is there.
    while !marker.exists() {
        assert!(child.try_wait().unwrap().is_none(), "run ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    let pid = child.id() as i32;
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the command ignores the first"
    );
    unsafe { libc::kill(pid, libc::SIGTERM) };
    wait_at_most(
        &mut child,
        Duration::from_secs(20),
        "run after a second SIGTERM",
    );
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(128 + 9), "{}", stderr(&out));
    assert_eq!(out.stdout, b"ready\n");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_signal_ends_a_passthrough_whose_reader_stopped_reading() {
    let root = common::root("lost-signal");
    std::fs::create_dir_all(root.join("sessions")).unwrap();
    std::fs::write(root.join("sessions/default"), b"not a directory").unwrap();
    let mut child = tool_output(&root, &["store", "--tool", "t"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped()) // never read
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut stdin, seq(600_000).as_bytes());
    });
    // Blocked writing a pipe nobody reads.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none());
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    wait_at_most(&mut child, Duration::from_secs(10), "store after SIGTERM");
    assert_eq!(child.wait().unwrap().code(), Some(143));
    std::fs::remove_dir_all(&root).unwrap();
}

/// Whatever fails before storing — the session's name after `${VAR}`
/// expansion, an option or variable that does not parse, `--args` that is
/// not JSON, a root that is a file — `store` passes its input through and
/// says why; `run` still runs its command and passes its output through.
#[test]
fn whatever_fails_before_storing_costs_no_output() {
    let root = common::root("lost-early");
    let output = seq(40_000);
    let file_root = root.join("a-file");
    std::fs::write(&file_root, b"not a directory").unwrap();
    // (arguments, environment, what the warning names)
    type Case<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>, &'a str);
    let cases: Vec<Case> = vec![
        // Expands to a name with a slash; to nothing; unset.
        (
            vec!["--session", "conv-${ID}"],
            vec![("ID", "a/b")],
            "session name",
        ),
        (vec!["--session", "${ID}"], vec![("ID", "")], "session name"),
        (
            vec!["--session", "conv-${UNSET_HERE}"],
            vec![],
            "UNSET_HERE",
        ),
        (
            vec![],
            vec![("TOOL_OUTPUT_SESSION", "../up")],
            "session name",
        ),
        // A variable or an option that does not parse.
        (vec![], vec![("TOOL_OUTPUT_STORE_CACHE_MB", "lots")], "lots"),
        (vec!["--max-inline-bytes", "lots"], vec![], "lots"),
        (
            vec!["--args", "{not json"],
            vec![],
            "--args must be valid JSON",
        ),
    ];
    for (args, env, why) in &cases {
        for json in [false, true] {
            let mut all: Vec<&str> = Vec::new();
            if json {
                all.push("--json");
            }
            // Options of `store` come after it, global ones anywhere.
            let (globals, own): (Vec<&str>, Vec<&str>) = if args.first() == Some(&"--session") {
                (args.clone(), vec![])
            } else {
                (vec![], args.clone())
            };
            all.extend(globals);
            all.extend(["store", "--tool", "t"]);
            all.extend(own);
            let mut cmd = tool_output(&root, &all);
            cmd.envs(env.iter().copied());
            let out = run_cmd(cmd, output.as_bytes());
            if json {
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{args:?} {env:?}: {}",
                    stderr(&out)
                );
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(v["stored"], false);
                assert_eq!(v["message"].as_str().unwrap(), output, "{args:?} {env:?}");
                assert!(v["warning"].as_str().unwrap().contains(why), "{v}");
            } else {
                assert_passed_through(&out, output.as_bytes());
                assert!(
                    stderr(&out).contains(why),
                    "{args:?} {env:?}: {}",
                    stderr(&out)
                );
            }
        }
    }
    // A required option forgotten: said whole, on one line.
    let out = run_cmd(tool_output(&root, &["store"]), output.as_bytes());
    assert_passed_through(&out, output.as_bytes());
    assert!(
        stderr(&out).contains("the following required arguments were not provided: --tool <TOOL>"),
        "{}",
        stderr(&out)
    );
    // A root that is a file.
    let mut cmd = tool_output(&file_root, &["store", "--tool", "t"]);
    cmd.current_dir(&root);
    let out = run_cmd(cmd, output.as_bytes());
    assert_passed_through(&out, output.as_bytes());
    // `run` with a session name that cannot be: the command runs, its
    // output passes through, its exit code is kept.
    let mut cmd = tool_output(
        &root,
        &[
            "--session",
            "x/${ID}",
            "run",
            "--",
            "sh",
            "-c",
            "seq 1 40000; exit 3",
        ],
    );
    cmd.env("ID", "y");
    let out = run_cmd(cmd, b"");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(out.stdout, output.as_bytes());
    assert!(stderr(&out).contains(WARNING), "{}", stderr(&out));
    std::fs::remove_dir_all(&root).unwrap();
}

/// A store killed mid-way (SIGKILL: no cleanup runs) leaves its `.part`
/// files; they go at the next open of the session, or `gc`, at once — not
/// an hour later — and never a store still running.
#[test]
fn a_killed_store_leaves_no_part_files_past_the_next_open() {
    let root = common::root("lost-parts");
    let dir = root.join("sessions/default");
    let parts = || -> Vec<String> {
        std::fs::read_dir(&dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".part"))
                    .collect()
            })
            .unwrap_or_default()
    };
    // A store whose input never ends: its parts stay while it runs.
    let store_until_parts = || {
        let mut child = tool_output(&root, &["store", "--tool", "t"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let line = seq(10_000);
            while std::io::Write::write_all(&mut input, line.as_bytes()).is_ok() {
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let waited = std::time::Instant::now();
        while parts().is_empty() {
            assert!(
                waited.elapsed() < Duration::from_secs(60),
                "never wrote a part"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        child
    };
    let mut running = store_until_parts();
    // Another command opens the session meanwhile: a live store's parts stay.
    common::stdout(&common::run(&root, &["list"], b""));
    assert!(!parts().is_empty(), "a running store's parts are kept");
    running.kill().unwrap(); // SIGKILL
    running.wait().unwrap();
    assert!(!parts().is_empty(), "left by the killed store");
    common::stdout(&common::run(&root, &["list"], b""));
    assert_eq!(parts(), Vec::<String>::new(), "gone at the next open");
    // And by `gc`, which opens no session of its own.
    let mut killed = store_until_parts();
    killed.kill().unwrap();
    killed.wait().unwrap();
    common::stdout(&common::run(&root, &["gc", "--older-than", "7d"], b""));
    assert_eq!(parts(), Vec::<String>::new(), "gone at gc");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".last-used")
        .collect();
    assert!(left.is_empty(), "nothing of the killed stores: {left:?}");
    std::fs::remove_dir_all(&root).unwrap();
}

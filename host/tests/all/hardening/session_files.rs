//! Hostile things in and around a session directory, through the real CLI:
//! special files in place of stored ones, an untrusted `./tool-output.toml`,
//! a session `gc` cannot remove, a symlinked session, a root that is a file.

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::Duration;

use crate::common::*;

/// Every command here must end within this (a hang check, not a timing test).
const BOUND: Duration = Duration::from_secs(20);

fn run_bounded(root: &Path, args: &[&str], what: &str) -> Output {
    let mut child = tool_output(root, args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_at_most(&mut child, BOUND, what);
    child.wait_with_output().unwrap()
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
}

#[test]
fn a_fifo_in_place_of_a_stored_file_is_an_error_not_a_hang() {
    let log = big_log();
    for file in ["txt", "idx", "meta.json", ".last-used"] {
        let root = root("fifo");
        let victim = store(&root, &log);
        let other = store(&root, &log);
        let session = root.join("sessions").join("default");
        let path = if file.starts_with('.') {
            session.join(file)
        } else {
            session.join(format!("{victim}.{file}"))
        };
        std::fs::remove_file(&path).unwrap();
        mkfifo(&path);
        let commands: Vec<Vec<&str>> = vec![
            vec!["read", &victim, "--lines", "1:5"],
            vec!["grep", &victim, "ERROR"],
            vec!["tail", &victim],
            vec!["preview", &victim],
            vec!["extract", &victim, "disk quota", "--mode", "lexical"],
            vec!["list"],
        ];
        for args in &commands {
            let what = format!("{file} is a FIFO: {args:?}");
            let out = run_bounded(&root, args, &what);
            let err = stderr(&out);
            assert!(!err.contains("panicked"), "{what}: {err}");
            if args[0] == "list" || file == ".last-used" {
                assert!(out.status.success(), "{what}: {err}");
            }
            if file != ".last-used" && args[0] != "list" && args[0] != "extract" {
                assert!(!out.status.success(), "{what}: succeeded");
                assert!(err.contains("not a regular file"), "{what}: {err}");
            }
        }
        // The other output answers as before, and the broken one can go.
        let out = run_bounded(&root, &["read", &other, "--lines", "1:2"], "other");
        assert!(stdout(&out).starts_with("1: "), "{file}");
        let out = run_bounded(&root, &["remove", &victim], "remove");
        assert!(out.status.success(), "{file}: remove: {}", stderr(&out));
        std::fs::remove_dir_all(&root).unwrap();
    }
}

#[test]
fn an_untrusted_config_cannot_hang_extract_or_break_commands_that_need_no_model() {
    let root = root("config");
    let handle = store(&root, &big_log());
    // The file: a retry storm with no deadline.
    std::fs::write(
        root.join("tool-output.toml"),
        "retries = 4000000000\nextract_timeout_secs = 0\nmodel = \"openai/gpt-4o-mini\"\n",
    )
    .unwrap();
    let out = run_bounded(&root, &["extract", &handle, "disk quota"], "auto");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("retries must be between 0 and 10") || err.contains("extract_timeout_secs"),
        "{err}"
    );
    let out = run_bounded(
        &root,
        &["extract", &handle, "disk quota", "--mode", "lexical"],
        "lexical",
    );
    assert!(
        stdout(&out).contains("STRATEGY:lexical"),
        "lexical needs no model"
    );
    assert!(
        stderr(&out).contains("warning: ignoring the LLM configuration"),
        "{}",
        stderr(&out)
    );
    // Malformed and unknown keys: the same.
    for text in ["retries = [", "max_chunkz = 2\n"] {
        std::fs::write(root.join("tool-output.toml"), text).unwrap();
        for mode in ["lexical", "truncate"] {
            let out = run_bounded(&root, &["extract", &handle, "quota", "--mode", mode], mode);
            assert!(out.status.success(), "{text:?} {mode}: {}", stderr(&out));
            assert!(
                stderr(&out).contains("tool-output.toml"),
                "{}",
                stderr(&out)
            );
        }
        let out = run(&root, &["store", "--tool", "t"], big_log().as_bytes());
        assert!(out.status.success(), "store with {text:?}");
        let out = run_bounded(&root, &["list"], "list");
        assert!(out.status.success(), "list with {text:?}");
    }
    // What a working-directory file may not set is said at the default level.
    std::fs::write(
        root.join("tool-output.toml"),
        "[openai]\nbase_url = \"http://127.0.0.1:9/v1\"\n",
    )
    .unwrap();
    let out = run_bounded(&root, &["extract", &handle, "quota"], "ignored section");
    assert!(
        stderr(&out).contains("warning: ignoring the [openai] and [anthropic] sections"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// Makes `dir` impossible to remove: an immutable file inside for root
/// (who ignores permissions), a read-only directory for anyone else.
/// Returns how to undo it, or None when this machine cannot.
fn make_unremovable(dir: &Path) -> Option<Box<dyn FnOnce()>> {
    let file = dir.join("pinned");
    std::fs::write(&file, b"x").unwrap();
    if unsafe { libc::geteuid() } == 0 {
        let ok = std::process::Command::new("chattr")
            .arg("+i")
            .arg(&file)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return None;
        }
        return Some(Box::new(move || {
            let _ = std::process::Command::new("chattr")
                .arg("-i")
                .arg(&file)
                .status();
        }));
    }
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o500)).unwrap();
    let dir = dir.to_path_buf();
    Some(Box::new(move || {
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
    }))
}

#[test]
fn gc_goes_on_past_a_session_it_cannot_remove_and_reports_it_at_the_end() {
    let root = root("gc");
    let names: Vec<String> = (0..10).map(|i| format!("s{i}")).collect();
    for name in &names {
        let out = run(&root, &["--session", name, "store", "--tool", "t"], b"x\n");
        assert!(out.status.success());
    }
    let Some(undo) = make_unremovable(&root.join("sessions").join("s5")) else {
        eprintln!("skipped: cannot make a directory unremovable here");
        return;
    };
    let out = run(&root, &["--json", "gc", "--older-than", "0s"], b"");
    undo();
    assert_eq!(out.status.code(), Some(1), "a failure is not a success");
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the report is printed despite the failure");
    let removed: Vec<&str> = json["removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut want: Vec<&str> = names.iter().map(String::as_str).collect();
    want.retain(|n| *n != "s5");
    assert_eq!(removed, want, "every other session is removed");
    assert_eq!(json["failed"][0]["session"], "s5");
    assert!(
        stderr(&out).contains("could not remove session s5"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_symlinked_session_and_a_root_that_is_a_file_are_refused_at_once() {
    let root = root("links");
    let elsewhere = root.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::create_dir_all(root.join("sessions")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, root.join("sessions").join("linked")).unwrap();
    // Nothing is written through the link; the output is not lost either.
    let out = run(
        &root,
        &["--session", "linked", "store", "--tool", "t"],
        big_log().as_bytes(),
    );
    assert!(out.status.success());
    assert_eq!(out.stdout, big_log().as_bytes(), "passed through");
    assert!(stderr(&out).contains("symbolic link"), "{}", stderr(&out));
    assert!(std::fs::read_dir(&elsewhere).unwrap().next().is_none());
    let out = run(&root, &["--session", "linked", "list"], b"");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("symbolic link"), "{}", stderr(&out));

    let file = root.join("a-file");
    std::fs::write(&file, b"").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tool-output"))
        .arg("--root")
        .arg(&file)
        .arg("list")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is not a directory"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&root).unwrap();
}

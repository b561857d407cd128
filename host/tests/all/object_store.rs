//! Sessions on object storage, against a real S3-compatible server on
//! loopback (moto, signatures checked): two roots sharing a bucket are two
//! machines of one fleet. A handle stored by one answers on the other, byte
//! for byte; a store that fails never loses the output, and nothing hangs.

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use tool_output_tests::s3::{Fault, FaultyStore, S3Server};

use crate::common::{big_log, root, run_cmd, stderr, stdout, tool_output};

/// A client's environment (variable, value).
type Env = Vec<(&'static str, String)>;

/// A server, its clients' environment, and the URL of `prefix` on it;
/// None: skipped (the server is not installed).
fn server_at(prefix: &str) -> Option<(S3Server, Env, String)> {
    let server = S3Server::start()?;
    let (env, url) = (server.env(), server.url(prefix));
    Some((server, env, url))
}

/// The binary on `root` with the server's credentials and `--store url`.
fn on_store(root: &Path, env: &[(&str, String)], url: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut all = vec!["--store", url];
    all.extend_from_slice(args);
    let mut cmd = tool_output(root, &all);
    for (k, v) in env {
        cmd.env(k, v);
    }
    run_cmd(cmd, stdin)
}

fn store_json(out: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(out)).unwrap()
}

/// A JSON output with one odd record.
fn json_output() -> String {
    let items: Vec<String> = (0..3000)
        .map(|i| {
            let status = if i == 1777 { "FAILED" } else { "ok" };
            format!("{{\"id\":{i},\"status\":\"{status}\"}}")
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// What a model would see of `handle`.
const QUESTIONS: [&[&str]; 5] = [
    &["read", "HANDLE", "--lines", "1500:1520"],
    &["grep", "HANDLE", "FAILED|ERROR", "-C", "1"],
    &["tail", "HANDLE", "-n", "7"],
    &["preview", "HANDLE"],
    &["extract", "HANDLE", "which ids failed", "--mode", "lexical"],
];

fn answers(ask: impl Fn(&[&str]) -> Output, handle: &str) -> Vec<String> {
    QUESTIONS
        .iter()
        .map(|q| {
            let args: Vec<&str> = q
                .iter()
                .map(|a| if *a == "HANDLE" { handle } else { a })
                .collect();
            stdout(&ask(&args))
        })
        .collect()
}

#[test]
fn a_handle_stored_on_one_root_answers_on_another() {
    let Some((mut server, env, url)) = server_at("fleet") else {
        return;
    };
    let (a, b, c) = (root("s3"), root("s3"), root("s3"));
    let on = |root: &Path, args: &[&str], stdin: &[u8]| {
        let mut all = vec!["--session", "conv-7"];
        all.extend_from_slice(args);
        on_store(root, &env, &url, &all, stdin)
    };
    let outputs = [big_log(), json_output()];
    let handles: Vec<String> = outputs
        .iter()
        .map(|o| {
            let v = store_json(&on(&a, &["--json", "store", "--tool", "t"], o.as_bytes()));
            v["handle"].as_str().expect("stored").to_string()
        })
        .collect();
    for (handle, output) in handles.iter().zip(&outputs) {
        // B has never seen the session: every answer comes from the store.
        let on_a = answers(|q| on(&a, q, b""), handle);
        let on_b = answers(|q| on(&b, q, b""), handle);
        assert_eq!(on_a, on_b, "{handle}");
        assert!(on_b[1].contains("FAILED") || on_b[1].contains("ERROR"));
        let fetched = std::fs::read(b.join(format!("sessions/conv-7/{handle}.orig"))).unwrap();
        assert_eq!(fetched, output.as_bytes(), "the original, byte for byte");
    }
    // `list` on a third root sees both, as A does.
    let list = |root: &Path| stdout(&on(root, &["list"], b""));
    assert_eq!(list(&c), list(&a));
    assert_eq!(list(&c).lines().count(), 2);

    // Removed on B: gone from the store, every file of it, so a fresh
    // root does not know it.
    // Four files each: the original, its view, the line index, the sidecar.
    let keys = |server: &mut S3Server, handle: &str| server.keys(&format!("fleet/conv-7/{handle}"));
    assert_eq!(keys(&mut server, &handles[0]).len(), 4, "{handles:?}");
    stdout(&on(&b, &["remove", &handles[0]], b""));
    assert_eq!(keys(&mut server, &handles[0]), Vec::<String>::new());
    assert_eq!(
        keys(&mut server, &handles[1]).len(),
        4,
        "the other handle is kept"
    );
    let d = root("s3");
    let answer = failed(&on(
        &d,
        &["extract", &handles[0], "errors", "--mode", "lexical"],
        b"",
    ));
    assert!(
        answer.contains(&format!("no stored output has handle {}", handles[0])),
        "{answer}"
    );
    assert_eq!(list(&d).lines().count(), 1);

    // `close` deletes the session from the store.
    stdout(&on(&b, &["close"], b""));
    assert_eq!(list(&root("s3")), "");
}

#[test]
fn an_export_from_a_store_session_imports_into_a_fresh_root() {
    let Some((server, env, url)) = server_at("exports") else {
        return;
    };
    let (a, b) = (root("s3"), root("s3"));
    let v = store_json(&on_store(
        &a,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        big_log().as_bytes(),
    ));
    let handle = v["handle"].as_str().unwrap().to_string();
    // B exports what it has only in the store.
    let archive = b.join("session.tar");
    let archive_arg = archive.to_str().unwrap();
    stdout(&on_store(
        &b,
        &env,
        &url,
        &["export", "-o", archive_arg],
        b"",
    ));
    // A fresh root with no store at all imports it and answers the same.
    let fresh = root("s3");
    stdout(&run_cmd(tool_output(&fresh, &["import", archive_arg]), b""));
    let local = answers(|q| run_cmd(tool_output(&fresh, q), b""), &handle);
    let remote = answers(|q| on_store(&a, &env, &url, q, b""), &handle);
    assert_eq!(local, remote);
    // And an import into a store session publishes it: a third root reads it.
    let other = server.url("imported");
    stdout(&on_store(
        &fresh,
        &env,
        &other,
        &["--session", "moved", "import", archive_arg],
        b"",
    ));
    let third = root("s3");
    let read = |root: &Path, url: &str, session: &str| {
        let args = ["--session", session, "read", &handle, "--lines", "1:3"];
        stdout(&on_store(root, &env, url, &args, b""))
    };
    assert_eq!(read(&third, &other, "moved"), read(&a, &url, "default"));
}

/// The FAILED form of an extraction (exit 1, the text on stdout).
fn failed(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.starts_with("TOOL_OUTPUT FAILED"), "{text}");
    text
}

/// A store that refuses or fails: `store` passes the original through
/// unchanged with a warning, keeps nothing, and no other root sees a handle.
fn assert_passed_through(out: &Output, output: &[u8], root: &Path) {
    assert!(out.status.success(), "{}", stderr(out));
    assert_eq!(out.stdout, output, "the original, unchanged");
    let said = stderr(out);
    assert!(said.contains("warning: object store s3://"), "{said}");
    assert!(
        said.contains("the output is passed through unchanged"),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
    let dir = root.join("sessions/default");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name())
                .filter(|n| n != ".last-used")
                .collect()
        })
        .unwrap_or_default();
    assert!(left.is_empty(), "nothing kept: {left:?}");
}

#[test]
fn wrong_credentials_pass_the_output_through_and_keep_nothing() {
    let Some(server) = S3Server::start() else {
        return;
    };
    let url = server.url("creds");
    let log = big_log();
    for (key, value) in [
        ("AWS_SECRET_ACCESS_KEY", "not-the-secret".to_string()),
        ("AWS_ACCESS_KEY_ID", "AKIAWRONGWRONGWRONG0".to_string()),
    ] {
        let mut env = server.env();
        env.retain(|(k, _)| *k != key);
        env.push((key, value));
        let a = root("s3");
        let out = on_store(&a, &env, &url, &["store", "--tool", "t"], log.as_bytes());
        assert_passed_through(&out, log.as_bytes(), &a);
        assert!(stderr(&out).contains("403"), "{}", stderr(&out));
    }
    assert_eq!(
        stdout(&on_store(&root("s3"), &server.env(), &url, &["list"], b"")),
        ""
    );
}

#[test]
fn a_store_that_goes_away_fails_clearly_and_comes_back() {
    let Some((mut server, env, url)) = server_at("outage") else {
        return;
    };
    let (a, b) = (root("s3"), root("s3"));
    let log = big_log();
    let v = store_json(&on_store(
        &a,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        log.as_bytes(),
    ));
    let handle = v["handle"].as_str().unwrap().to_string();
    server.stop();
    // A store while it is down: the output, unchanged, and a warning.
    let out = on_store(&a, &env, &url, &["store", "--tool", "t"], log.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, log.as_bytes());
    assert!(
        stderr(&out).contains("Connection refused"),
        "{}",
        stderr(&out)
    );
    // A read on a root that must fetch: a clear error, nothing half-fetched.
    let out = on_store(&b, &env, &url, &["read", &handle, "--lines", "1:2"], b"");
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.starts_with("tool-output: error: object store s3://"),
        "{said}"
    );
    assert!(
        said.contains(&format!("fetching {handle}.meta.json")),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
    // A root that has it cached still answers.
    assert!(
        stdout(&on_store(
            &a,
            &env,
            &url,
            &["read", &handle, "--lines", "1:2"],
            b""
        ))
        .starts_with("1:")
    );
    server.resume();
    let read = stdout(&on_store(
        &b,
        &env,
        &url,
        &["read", &handle, "--lines", "1:2"],
        b"",
    ));
    assert!(read.starts_with("1:"), "{read}");
}

#[test]
fn an_object_deleted_under_a_reader_is_a_clear_answer() {
    let Some((mut server, env, url)) = server_at("deleted") else {
        return;
    };
    let a = root("s3");
    let handles: Vec<String> = (0..2)
        .map(|_| {
            let v = store_json(&on_store(
                &a,
                &env,
                &url,
                &["--json", "store", "--tool", "t"],
                big_log().as_bytes(),
            ));
            v["handle"].as_str().unwrap().to_string()
        })
        .collect();
    // The sidecar gone: the handle is unknown, in the FAILED form.
    server.delete(&format!("deleted/default/{}.meta.json", handles[0]));
    let answer = failed(&on_store(
        &root("s3"),
        &env,
        &url,
        &["extract", &handles[0], "errors", "--mode", "lexical"],
        b"",
    ));
    assert!(answer.contains("no stored output has handle"), "{answer}");
    // The view gone under its sidecar: a broken handle, said plainly.
    server.delete(&format!("deleted/default/{}.txt", handles[1]));
    let b = root("s3");
    let out = on_store(
        &b,
        &env,
        &url,
        &["extract", &handles[1], "errors", "--mode", "lexical"],
        b"",
    );
    let answer = failed(&out);
    assert!(
        answer.contains(&format!(
            "the stored output of handle {} is corrupt: view: file not found",
            handles[1]
        )),
        "{answer}"
    );
}

#[test]
fn a_store_answering_503_or_never_fails_within_bounds() {
    let log = big_log();
    for fault in [Fault::Unavailable, Fault::Stalled] {
        let faulty = FaultyStore::start(fault);
        let env = vec![
            ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLEEXAMPLE00".to_string()),
            ("AWS_SECRET_ACCESS_KEY", "secret".to_string()),
            ("AWS_REGION", "us-east-1".to_string()),
            ("AWS_ENDPOINT_URL", faulty.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".to_string()),
            ("TOOL_OUTPUT_STORE_TIMEOUT", "1s".to_string()),
        ];
        let a = root("s3");
        let started = std::time::Instant::now();
        let out = on_store(
            &a,
            &env,
            "s3://bucket/x",
            &["store", "--tool", "t"],
            log.as_bytes(),
        );
        assert_passed_through(&out, log.as_bytes(), &a);
        // A hang check (retries are bounded: 3 within 15 s), not a timing test.
        assert!(started.elapsed() < Duration::from_secs(60));
        let said = stderr(&out);
        match fault {
            Fault::Unavailable => assert!(said.contains("503"), "{said}"),
            Fault::Stalled => assert!(
                said.contains("timed out") || said.contains("timeout"),
                "{said}"
            ),
        }
        let out = on_store(
            &a,
            &env,
            "s3://bucket/x",
            &[
                "read",
                "00000000-0000-4000-8000-000000000000",
                "--lines",
                "1:2",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("object store s3://bucket/x"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_signal_while_the_store_is_publishing_keeps_nothing() {
    let stalled = FaultyStore::start(Fault::Stalled);
    let a = root("s3");
    let input = a.join("input.log");
    std::fs::write(&input, big_log()).unwrap();
    let mut cmd = tool_output(&a, &["--store", "s3://bucket/x", "store", "--tool", "t"]);
    cmd.envs([
        ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLEEXAMPLE00"),
        ("AWS_SECRET_ACCESS_KEY", "secret"),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ENDPOINT_URL", stalled.endpoint.as_str()),
        ("AWS_ALLOW_HTTP", "true"),
    ])
    .stdin(std::fs::File::open(&input).unwrap())
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().unwrap();
    // The engine has stored the output here (its sidecar is written last):
    // the upload, to a store that never answers, is under way.
    let dir = a.join("sessions/default");
    let stored_here = || {
        std::fs::read_dir(&dir).is_ok_and(|d| {
            d.flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".meta.json"))
        })
    };
    let waited = std::time::Instant::now();
    while !stored_here() {
        assert!(waited.elapsed() < Duration::from_secs(60), "never stored");
        std::thread::sleep(Duration::from_millis(20));
    }
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(128 + libc::SIGTERM),
        "{}",
        stderr(&out)
    );
    assert_eq!(stderr(&out), "tool-output: error: interrupted by SIGTERM\n");
    assert!(out.stdout.is_empty(), "nothing printed");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != ".last-used")
        .collect();
    assert!(left.is_empty(), "nothing kept: {left:?}");
}

#[test]
fn the_cache_stays_within_its_bound_and_every_handle_still_answers() {
    let Some((_server, env, url)) = server_at("bounded") else {
        return;
    };
    let a = root("s3");
    let on = |args: &[&str], stdin: &[u8]| {
        let mut all = vec!["--store-cache-mb", "1"];
        all.extend_from_slice(args);
        on_store(&a, &env, &url, &all, stdin)
    };
    // Each handle takes about 1.4 MB here (original and view).
    let outputs: Vec<String> = (0..3)
        .map(|i| format!("{i}\n{}", big_log().repeat(6)))
        .collect();
    let handles: Vec<String> = outputs
        .iter()
        .map(|o| {
            store_json(&on(&["--json", "store", "--tool", "t"], o.as_bytes()))["handle"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let cached = |h: &str| a.join(format!("sessions/default/{h}.meta.json")).exists();
    // Only the newest is kept; the others were evicted (they are in the store).
    assert!(!cached(&handles[0]) && !cached(&handles[1]) && cached(&handles[2]));
    for (handle, output) in handles.iter().zip(&outputs) {
        let first = stdout(&on(&["read", handle, "--lines", "1:1"], b""));
        assert_eq!(first, format!("1: {}\n", output.lines().next().unwrap()));
        assert!(cached(handle));
    }
}

#[test]
fn only_a_named_config_file_may_choose_the_store() {
    let Some((_server, env, url)) = server_at("configured") else {
        return;
    };
    let config = format!("store = \"{url}\"\n");
    let with_env = |mut cmd: std::process::Command| {
        for (k, v) in &env {
            cmd.env(k, v);
        }
        cmd
    };
    let handle_of = |out: &Output| store_json(out)["handle"].as_str().unwrap().to_string();
    let seen_on_a_fresh_root = |handle: &str| {
        let out = on_store(&root("s3"), &env, &url, &["list"], b"");
        stdout(&out).contains(handle)
    };
    // ./tool-output.toml in the working directory: ignored, said, kept local.
    let a = root("s3");
    std::fs::write(a.join("tool-output.toml"), &config).unwrap();
    let cmd = with_env(tool_output(&a, &["--json", "store", "--tool", "t"]));
    let out = run_cmd(cmd, big_log().as_bytes());
    assert!(
        stderr(&out).contains("warning: ignoring `store` in ./tool-output.toml"),
        "{}",
        stderr(&out)
    );
    assert!(!seen_on_a_fresh_root(&handle_of(&out)));
    // Named by --config: the session is on the store.
    let b = root("s3");
    let file = b.join("trusted.toml");
    std::fs::write(&file, &config).unwrap();
    let args = [
        "--config",
        file.to_str().unwrap(),
        "--json",
        "store",
        "--tool",
        "t",
    ];
    let out = run_cmd(with_env(tool_output(&b, &args)), big_log().as_bytes());
    assert!(seen_on_a_fresh_root(&handle_of(&out)));
}

#[test]
fn gc_removes_store_sessions_with_nothing_new_for_the_period() {
    let Some((_server, env, url)) = server_at("retention") else {
        return;
    };
    let a = root("s3");
    let store_in = |session: &str| {
        let args = ["--session", session, "store", "--tool", "t"];
        stdout(&on_store(&a, &env, &url, &args, big_log().as_bytes()));
    };
    store_in("old");
    std::thread::sleep(Duration::from_millis(2100));
    store_in("new");
    // A root that never used "old" removes it from the store all the same.
    let out = on_store(&root("s3"), &env, &url, &["gc", "--older-than", "2s"], b"");
    assert_eq!(stdout(&out), "removed session old\n");
    let list = |session: &str| {
        let args = ["--session", session, "list"];
        stdout(&on_store(&root("s3"), &env, &url, &args, b""))
    };
    assert_eq!(list("old"), "");
    assert_eq!(list("new").lines().count(), 1);
}

#[test]
fn a_hostile_store_cannot_fill_memory_or_plant_files() {
    let Some((mut server, env, url)) = server_at("hostile") else {
        return;
    };
    let handle = "0f8fad5b-d9cb-469f-a165-70867728950e";
    // A "sidecar" of 2 MiB: refused before it is read into memory.
    server.put(&format!("hostile/default/{handle}.meta.json"), 2 << 20);
    // Names that are no handle's, or not at the session's level: never fetched.
    server.put("hostile/default/evil.meta.json", 10);
    server.put(&format!("hostile/default/nested/{handle}.txt"), 10);
    let b = root("s3");
    let out = on_store(&b, &env, &url, &["read", handle, "--lines", "1:2"], b"");
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.contains(&format!(
            "fetching {handle}.meta.json: 2097152 bytes, more than a sidecar can be"
        )),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
    let dir = b.join("sessions/default");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".last-used")
        .collect();
    assert!(left.is_empty(), "nothing fetched: {left:?}");
}

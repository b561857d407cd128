//! A store that refuses, goes away, loses an object, answers 503 or never,
//! or is hostile; a signal mid-publish: the output is never lost, nothing
//! is kept that the store lacks, nothing hangs.

use super::*;
use crate::common::run_measured;
use tool_output_tests::front::{Front, Misbehaviour};

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

on_every_cloud!(
    a_store_that_goes_away_fails_clearly_and_comes_back,
    an_object_deleted_under_a_reader_is_a_clear_answer,
    a_hostile_store_cannot_fill_memory_or_plant_files,
    a_store_that_sends_more_than_it_announced_is_cut_off_at_once,
);

fn a_store_that_goes_away_fails_clearly_and_comes_back(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "outage") else {
        return;
    };
    let (a, b) = (root(cloud.name()), root(cloud.name()));
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
        said.starts_with(&format!("tool-output: error: object store {url}")),
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

fn an_object_deleted_under_a_reader_is_a_clear_answer(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "deleted") else {
        return;
    };
    let a = root(cloud.name());
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
        &root(cloud.name()),
        &env,
        &url,
        &["extract", &handles[0], "errors", "--mode", "lexical"],
        b"",
    ));
    assert!(answer.contains("no stored output has handle"), "{answer}");
    // The view gone under its sidecar: a broken handle, said plainly.
    server.delete(&format!("deleted/default/{}.txt", handles[1]));
    let b = root(cloud.name());
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

fn a_hostile_store_cannot_fill_memory_or_plant_files(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "hostile") else {
        return;
    };
    let handle = "0f8fad5b-d9cb-469f-a165-70867728950e";
    // A "sidecar" of 2 MiB: refused before it is read into memory.
    server.put(&format!("hostile/default/{handle}.meta.json"), 2 << 20);
    // Names that are no handle's, or not at the session's level: never fetched.
    server.put("hostile/default/evil.meta.json", 10);
    server.put(&format!("hostile/default/nested/{handle}.txt"), 10);
    let b = root(cloud.name());
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

    // `list` goes on past it: a good handle is listed, the planted one is
    // broken, saying why; `export` refuses the session whole.
    let log = big_log();
    let stored = store_json(&on_store(
        &b,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        log.as_bytes(),
    ));
    let good = stored["handle"].as_str().unwrap();
    let c = root(cloud.name());
    let list = stdout(&on_store(&c, &env, &url, &["list"], b""));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert_eq!(
        lines[0],
        format!(
            "{handle}  BROKEN: object store {url}: fetching {handle}.meta.json: 2097152 bytes, more than a sidecar can be (1048576)"
        )
    );
    assert!(lines[1].starts_with(&format!("{good}  t ")), "{list}");
    let archive = c.join("out.tar");
    let out = on_store(
        &c,
        &env,
        &url,
        &["export", "--out", archive.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("more than a sidecar can be"),
        "{}",
        stderr(&out)
    );
}

/// A store that announces a small body (`Content-Length`) and streams a
/// chunked one of 600 MB instead, for a sidecar or a listing page: the
/// read is refused at the first byte past what was announced, in bounded
/// memory, with one clear line.
fn a_store_that_sends_more_than_it_announced_is_cut_off_at_once(cloud: Cloud) {
    let Some((server, env, url)) = server_at(cloud, "lying") else {
        return;
    };
    let log = big_log();
    let stored = store_json(&on_store(
        &root(cloud.name()),
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        log.as_bytes(),
    ));
    let handle = stored["handle"].as_str().unwrap();
    const LIE: u64 = 600 << 20;
    for (how, args) in [
        (
            Misbehaviour::LongSidecar(LIE),
            vec!["read", handle, "--lines", "1:2"],
        ),
        (Misbehaviour::LongSidecar(LIE), vec!["list"]),
        (Misbehaviour::LongListing(LIE), vec!["list"]),
    ] {
        let front = Front::start(&server.endpoint(), how);
        let b = root(cloud.name());
        let mut cmd = tool_output(&b, &[&["--store", &url][..], &args].concat());
        cmd.envs(server.env_at(&front.url()));
        let (out, took, peak) = run_measured(cmd, b"");
        let said = stderr(&out);
        eprintln!(
            "{cloud:?} {how:?} {args:?}: {took:?}, peak {} MB: {said}{}",
            peak >> 20,
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(out.status.code(), Some(1), "{how:?} {args:?}: {said}");
        assert!(
            said.starts_with(&format!("tool-output: error: object store {url}")),
            "{said}"
        );
        assert!(said.contains("more than"), "{how:?} {args:?}: {said}");
        assert!(!said.contains("panicked"), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
        // Without the bound: 1.25 GB, the body collected whole.
        assert!(peak < 200 << 20, "{how:?} {args:?}: peak {} MB", peak >> 20);
        assert!(took < Duration::from_secs(30), "{took:?}");
    }
}

//! The cache bound, who may choose the store, and `gc` of store sessions.

use super::*;

on_every_cloud!(the_cache_stays_within_its_bound_and_every_handle_still_answers);

fn the_cache_stays_within_its_bound_and_every_handle_still_answers(cloud: Cloud) {
    let Some((_server, env, url)) = server_at(cloud, "bounded") else {
        return;
    };
    let a = root(cloud.name());
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
    // Whole (the one stored here), or by range (read since).
    let cached = |h: &str| {
        let dir = a.join("sessions/default");
        dir.join(format!("{h}.meta.json")).exists()
            || dir.join(format!(".range-{h}.meta.json")).exists()
    };
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
    let Some((_server, env, url)) = server_at(Cloud::S3, "configured") else {
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
    let Some((_server, env, url)) = server_at(Cloud::S3, "retention") else {
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
fn a_store_url_that_cannot_be_used_is_one_clear_line() {
    let a = root("s3");
    for (url, said) in [
        (
            "file:///etc",
            "--store \"file:///etc\": Local is not supported; use s3://, gs:// or az:// (or an https URL of one of them)",
        ),
        (
            "s3://",
            "--store \"s3://\": Unable to recognise URL \"s3://\"",
        ),
        // object_store repeats its source's words: said once.
        (
            "az://c/x",
            "--store az://c/x: Generic MicrosoftAzure error: Account must be specified",
        ),
    ] {
        let out = run_cmd(tool_output(&a, &["--store", url, "list"]), b"");
        assert_eq!(out.status.code(), Some(1), "{url}");
        assert_eq!(
            stderr(&out),
            format!("tool-output: error: {said}\n"),
            "{url}"
        );
        assert!(out.stdout.is_empty());
        // A store does not lose the output over it: it passes through.
        let out = run_cmd(
            tool_output(&a, &["--store", url, "store", "--tool", "t"]),
            b"hi\n",
        );
        assert_eq!(out.status.code(), Some(0), "{url}");
        assert_eq!(
            stderr(&out),
            format!("tool-output: warning: {said}; the output is passed through unchanged\n"),
            "{url}"
        );
        assert_eq!(out.stdout, b"hi\n");
    }
}

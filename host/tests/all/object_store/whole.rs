//! Handles read whole from a store: a whole fetch comes in ranged parts
//! (each within the request timeout), and what it assembles is checked
//! against the hashes its sidecar carries.

use super::*;
use crate::common::run_measured;
use tool_output_tests::front::{Front, Misbehaviour};

on_every_cloud!(
    a_whole_fetch_comes_in_parts_each_within_the_request_timeout,
    a_store_that_serves_other_bytes_is_a_storage_error_never_the_output,
);

/// The sidecar of `key` in the store made as published before sidecars
/// carried content hashes; whether it carried them.
fn strip_hashes(server: &mut StoreServer, key: &str) -> bool {
    let mut sidecar: serde_json::Value = serde_json::from_slice(&server.get(key)).unwrap();
    let hashes = sidecar.as_object_mut().unwrap().remove("content_sha256");
    server.put_bytes(key, serde_json::to_vec(&sidecar).unwrap());
    hashes.is_some()
}

fn names_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// An output of about 27 MB behind a store that sends 1.25 MiB/s per
/// connection, with a 16 s request timeout: one GET of an object would take
/// 21 s (and be cut at 16 s, past object_store's 15 s of retries); each
/// 8 MiB part takes 6.4 s, four at once.
fn a_whole_fetch_comes_in_parts_each_within_the_request_timeout(cloud: Cloud) {
    let Some((server, env, url)) = server_at(cloud, "slow") else {
        return;
    };
    let text: String = (1..=350_000u32)
        .map(|i| {
            let word = if i == 300_000 { "FAILED" } else { "ok" };
            format!("line {i:06} status {word} {}\n", "x".repeat(60))
        })
        .collect();
    let a = root(cloud.name());
    let stored = store_json(&on_store(
        &a,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        text.as_bytes(),
    ));
    let handle = stored["handle"].as_str().unwrap();
    let front = Front::start(&server.endpoint(), Misbehaviour::Slow(1_250 << 10));
    let b = root(cloud.name());
    let mut cmd = tool_output(
        &b,
        &[
            "--store",
            &url,
            "extract",
            handle,
            "which line FAILED",
            "--mode",
            "lexical",
        ],
    );
    cmd.envs(server.env_at(&front.url()))
        .env("TOOL_OUTPUT_STORE_TIMEOUT", "16s");
    let (out, took, rss) = run_measured(cmd, b"");
    eprintln!(
        "{cloud:?} whole fetch of {} bytes at 1.25 MiB/s a connection: {took:?}, peak RSS {} MB",
        text.len(),
        rss >> 20
    );
    let answer = stdout(&out);
    assert!(answer.contains("line 300000 status FAILED"), "{answer}");
    assert!(b.join(format!("sessions/default/{handle}.orig")).exists());
}

/// A store that keeps each object's size and entity tag but serves other
/// bytes: what a whole fetch assembles is checked against the hashes the
/// sidecar carries, and a mismatch is a storage error, never the output. A
/// sidecar from before hashes were kept is still read.
fn a_store_that_serves_other_bytes_is_a_storage_error_never_the_output(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "other") else {
        return;
    };
    let a = root(cloud.name());
    let log = big_log();
    let stored = store_json(&on_store(
        &a,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        log.as_bytes(),
    ));
    let handle = stored["handle"].as_str().unwrap().to_string();
    let ask = ["extract", handle.as_str(), "errors", "--mode", "lexical"];
    let front = Front::start(&server.endpoint(), Misbehaviour::OtherBytes(".txt"));
    let b = root(cloud.name());
    let mut cmd = tool_output(&b, &[&["--store", url.as_str()][..], &ask].concat());
    cmd.envs(server.env_at(&front.url()));
    let out = run_cmd(cmd, b"");
    let said = stderr(&out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{said}{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(out.stdout.is_empty(), "nothing served");
    assert!(
        said.starts_with(&format!(
            "tool-output: error: object store {url}: fetching {handle}.txt: the store sent other \
             bytes than were stored (SHA-256 "
        )),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
    let kept = names_in(&b.join("sessions/default"));
    assert!(
        !kept.iter().any(|n| n.starts_with(handle.as_str())),
        "nothing of it kept: {kept:?}"
    );
    // The same handle as published before sidecars carried hashes: read
    // (unchecked), as before.
    assert!(strip_hashes(
        &mut server,
        &format!("other/default/{handle}.meta.json")
    ));
    let expected = stdout(&on_store(&a, &env, &url, &ask, b""));
    let c = root(cloud.name());
    assert_eq!(stdout(&on_store(&c, &env, &url, &ask, b"")), expected);
}

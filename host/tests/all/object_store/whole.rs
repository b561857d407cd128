//! Handles read whole from a store: `list` fetches sidecars only, `export`
//! streams every handle into the archive within the cache's bound, a whole
//! fetch comes in ranged parts (each within the request timeout), and what
//! it assembles is checked against the hashes its sidecar carries.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::*;
use crate::common::run_measured;
use tool_output_tests::front::{Front, Misbehaviour};

on_every_cloud!(
    list_and_export_stay_within_the_cache_bound_and_export_every_handle,
    a_whole_fetch_comes_in_parts_each_within_the_request_timeout,
    a_store_that_serves_other_bytes_is_a_storage_error_never_the_output,
);

/// Bytes the regular files of `dir` hold.
fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .filter_map(|e| e.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

/// The sidecar of `key` in the store made as published before sidecars
/// carried content hashes; whether it carried them.
fn strip_hashes(server: &mut StoreServer, key: &str) -> bool {
    let mut sidecar: serde_json::Value = serde_json::from_slice(&server.get(key)).unwrap();
    let hashes = sidecar.as_object_mut().unwrap().remove("content_sha256");
    server.put_bytes(key, serde_json::to_vec(&sidecar).unwrap());
    hashes.is_some()
}

fn list_and_export_stay_within_the_cache_bound_and_export_every_handle(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "bound") else {
        return;
    };
    let on = |root: &Path, args: &[&str], stdin: &[u8]| {
        let all = [&["--store-cache-mb", "1"], args].concat();
        on_store(root, &env, &url, &all, stdin)
    };
    // About 1.4 MB each (original and view): the session is 4 times the bound.
    let outputs: Vec<String> = (0..4)
        .map(|i| format!("{i}\n{}", big_log().repeat(6)))
        .collect();
    let a = root(cloud.name());
    let handles: Vec<String> = outputs
        .iter()
        .map(|o| {
            store_json(&on(&a, &["--json", "store", "--tool", "t"], o.as_bytes()))["handle"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    // One published before sidecars carried hashes: exported all the same.
    strip_hashes(
        &mut server,
        &format!("bound/default/{}.meta.json", handles[3]),
    );

    let b = root(cloud.name());
    let dir = b.join("sessions/default");
    let (list, peak) = watching(&dir, || on(&b, &["list"], b""));
    assert_eq!(stdout(&list).lines().count(), 4, "{}", stdout(&list));
    // Sidecars only: no handle's files, a few KB, at any moment.
    let cached = names_in(&dir);
    assert!(
        cached.iter().all(|n| n.starts_with('.')),
        "only sidecars kept by range: {cached:?}"
    );
    assert!(peak < 64 << 10, "list took the cache to {peak} bytes");

    // Export, the cache watched meanwhile.
    let archive = b.join("all.tar");
    let mut cmd = tool_output(
        &b,
        &[
            "--store",
            &url,
            "--store-cache-mb",
            "1",
            "export",
            "-o",
            archive.to_str().unwrap(),
        ],
    );
    cmd.envs(env.iter().map(|(k, v)| (*k, v.as_str())));
    let ((out, took, rss), peak) = watching(&dir, || run_measured(cmd, b""));
    eprintln!(
        "{cloud:?} export of 4 handles: {took:?}, peak RSS {} MB, cache peak {peak} bytes",
        rss >> 20
    );
    let said = stdout(&out);
    assert!(
        said.starts_with("exported 4 handles"),
        "{said}{}",
        stderr(&out)
    );
    // The bound (1 MiB), passed by at most the handle being written.
    assert!(
        peak < (1 << 20) + (2 << 20),
        "the cache reached {peak} bytes"
    );
    assert!(dir_bytes(&dir) <= 1 << 20, "{} bytes left", dir_bytes(&dir));

    // Every handle, byte for byte, on a root with no store.
    let fresh = root(cloud.name());
    stdout(&run_cmd(
        tool_output(&fresh, &["import", archive.to_str().unwrap()]),
        b"",
    ));
    for (handle, output) in handles.iter().zip(&outputs) {
        let orig = std::fs::read(fresh.join(format!("sessions/default/{handle}.orig"))).unwrap();
        assert!(orig == output.as_bytes(), "{handle}, byte for byte");
    }
}

/// What `run` returns, and the most bytes `dir` held while it ran
/// (sampled every millisecond).
fn watching<T>(dir: &Path, run: impl FnOnce() -> T) -> (T, u64) {
    let (stop, peak) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicU64::new(0)),
    );
    let watcher = {
        let (stop, peak, dir) = (stop.clone(), peak.clone(), dir.to_path_buf());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                peak.fetch_max(dir_bytes(&dir), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let result = run();
    stop.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    let peak = peak.load(Ordering::Relaxed).max(dir_bytes(dir));
    (result, peak)
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

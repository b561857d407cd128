//! Sessions on object storage, against real servers on loopback, one per
//! cloud ([`tool_output_tests::stores`]: moto for S3, fake-gcs-server for
//! GCS, Azurite for Azure Blob): two roots sharing a bucket are two
//! machines of one fleet. A handle stored by one answers on the other, byte
//! for byte; a store that fails never loses the output, and nothing hangs.
//! The fleet, outage, lost-object, hostile-store and cache tests run
//! against each cloud ([`on_every_cloud`]); those about S3's own
//! credentials and the stand-ins for a store answering 503 or never run
//! against S3.

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use tool_output_tests::s3::{Fault, FaultyStore, S3Server};
use tool_output_tests::stores::{Cloud, Env, StoreServer};

use crate::common::{big_log, root, run_cmd, stderr, stdout, tool_output};

/// `cloud`'s server, its clients' environment, and the URL of `prefix` on
/// it; None: skipped (the server is not installed).
fn server_at(cloud: Cloud, prefix: &str) -> Option<(StoreServer, Env, String)> {
    let server = StoreServer::start(cloud)?;
    let (env, url) = (server.env(), server.url(prefix));
    Some((server, env, url))
}

/// For each `test(cloud: Cloud)`, a module of the same name with one test
/// per cloud: `fleet::a_handle_stored_on_one_root_answers_on_another::gcs`.
macro_rules! on_every_cloud {
    ($($test:ident),* $(,)?) => {
        $(
            mod $test {
                use tool_output_tests::stores::Cloud;

                #[test]
                fn s3() {
                    super::$test(Cloud::S3)
                }

                #[test]
                fn gcs() {
                    super::$test(Cloud::Gcs)
                }

                #[test]
                fn azure() {
                    super::$test(Cloud::Azure)
                }
            }
        )*
    };
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

mod faults;
mod fleet;
mod lifecycle;
mod ranged;
mod whole;

//! Storing through the library on a session whose object store refuses:
//! the caller keeps its output, the session keeps nothing, whether the
//! output went to the engine in one call or in pieces.

use crate::common::*;
use tool_output::{Error, RemoteStore, ToolCall};
use tool_output_tests::s3::{Fault, FaultyStore};

/// Names in the session directory that are not hidden (the engine's own
/// dot-files, e.g. `.last-used`, are not handles).
fn visible_files(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect()
}

/// `s3://bucket/x` on `faulty`, credentials given (not from the environment).
fn store_at(faulty: &FaultyStore) -> RemoteStore {
    RemoteStore::open_with(
        "s3://bucket/x",
        &[
            ("aws_endpoint", faulty.endpoint.as_str()),
            ("aws_allow_http", "true"),
            ("aws_access_key_id", "AKIAEXAMPLEEXAMPLE00"),
            ("aws_secret_access_key", "secret"),
            ("aws_region", "us-east-1"),
        ],
    )
    .unwrap()
}

#[tokio::test]
async fn a_refused_store_keeps_nothing_whatever_the_output_size() {
    let faulty = FaultyStore::start(Fault::Unavailable);
    let runtime = runtime("refused-store").await;
    // 200 KB goes to the engine in one call; 6 MiB through the writer.
    for lines in [4_000, 120_000] {
        let session = runtime.session().unwrap();
        session
            .set_store(store_at(&faulty), "refused", None)
            .unwrap();
        let output = build_log(lines);
        let err = session
            .store(&ToolCall::new("make"), output.as_bytes())
            .await
            .expect_err("the store answers 503");
        let Error::Remote(remote) = &err else {
            panic!(
                "{} bytes: expected Error::Remote, got {err:?}",
                output.len()
            );
        };
        // The 503, or a broken pipe when it answers before the body is in.
        assert!(
            remote
                .to_string()
                .starts_with("object store s3://bucket/x: publishing "),
            "{remote}"
        );
        assert_eq!(
            visible_files(session.path()),
            Vec::<String>::new(),
            "{} bytes: the session keeps nothing",
            output.len()
        );
    }
}

#[tokio::test]
async fn a_store_call_dropped_at_any_point_keeps_nothing() {
    // A store that never answers: the publish waits until the caller gives
    // up; shorter waits give up inside the engine's call.
    let stalled = FaultyStore::start(Fault::Stalled);
    let runtime = runtime("dropped-store").await;
    for lines in [4_000, 120_000] {
        let output = build_log(lines);
        for wait_ms in [5, 40, 150, 600, 3000] {
            let session = runtime.session().unwrap();
            session
                .set_store(store_at(&stalled), "dropped", None)
                .unwrap();
            let call = ToolCall::new("make");
            let wait = std::time::Duration::from_millis(wait_ms);
            let stored = tokio::time::timeout(wait, session.store(&call, output.as_bytes())).await;
            assert!(stored.is_err(), "the store never answers");
            assert_eq!(
                visible_files(session.path()),
                Vec::<String>::new(),
                "{} bytes, dropped after {wait_ms} ms: the session keeps nothing",
                output.len()
            );
        }
    }
}

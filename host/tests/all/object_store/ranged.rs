//! Reads by range: a root that has never seen a handle answers a few
//! lines of it by fetching a small part of it (counted by the store's own
//! [`Traffic`](tool_output::remote::Traffic)), with the answers of the
//! root that stored it; a second read asks the store nothing; `grep`
//! streams the view.

use tool_output::{GrepOptions, RemoteStore, Runtime, RuntimeConfig, ToolCall};

use super::*;

/// A store client of `server`, `url`, its own counters.
fn client(server: &S3Server, url: &str) -> RemoteStore {
    let options = [
        ("aws_access_key_id", server.access_key.as_str()),
        ("aws_secret_access_key", server.secret_key.as_str()),
        ("aws_region", "us-east-1"),
        ("aws_endpoint", server.endpoint.as_str()),
        ("aws_allow_http", "true"),
    ];
    RemoteStore::open_with(url, &options).unwrap()
}

#[test]
fn a_cold_read_of_a_few_lines_fetches_a_small_part_of_the_handle() {
    let Some(server) = S3Server::start() else {
        return;
    };
    let url = server.url("ranged");
    let tokio = tokio::runtime::Runtime::new().unwrap();
    tokio.block_on(async {
        let config = RuntimeConfig {
            ..RuntimeConfig::default()
        };
        let rt = Runtime::new(config).await.unwrap();
        let (a, b) = (root("s3"), root("s3"));
        let (store_a, store_b) = (client(&server, &url), client(&server, &url));
        let writer = rt.open_session(&a.join("s")).unwrap();
        writer.set_store(store_a, "ranged", None).unwrap();
        // About 24 MB of numbered lines, one odd one deep inside.
        let text: String = (1..=300_000u32)
            .map(|i| {
                let word = if i == 250_000 { "FAILED" } else { "ok" };
                format!("line {i:06} status {word} {}\n", "x".repeat(60))
            })
            .collect();
        let stored = writer
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        let handle = stored.handle().unwrap().to_string();

        let reader = rt.open_session(&b.join("s")).unwrap();
        reader.set_store(store_b.clone(), "ranged", None).unwrap();
        let before = store_b.traffic();
        let cold = reader.read(&handle, 200_001, 200_100).await.unwrap();
        let cost = store_b.traffic().since(&before);
        assert_eq!(cold, writer.read(&handle, 200_001, 200_100).await.unwrap());
        assert!(cold.contains("line 200001 ") && cold.contains("line 200100 "));
        // The handle is ~50 MB (original and view); the read needs a page
        // of the index and a block or two of the view.
        assert!(
            cost.bytes_received < 1 << 20,
            "a cold read of 100 lines fetched {cost:?} of a {} byte output",
            text.len()
        );
        assert!(cost.reads <= 12, "{cost:?}");
        // Cached by range: the same read again asks the store nothing.
        let before = store_b.traffic();
        reader.read(&handle, 200_001, 200_100).await.unwrap();
        assert_eq!(store_b.traffic().since(&before).reads, 0);

        // tail and grep, cold on a third root: the same answers.
        let c = root("s3");
        let store_c = client(&server, &url);
        let third = rt.open_session(&c.join("s")).unwrap();
        third.set_store(store_c.clone(), "ranged", None).unwrap();
        assert_eq!(
            third.tail(&handle, 5).await.unwrap(),
            writer.tail(&handle, 5).await.unwrap()
        );
        let tail_cost = store_c.traffic();
        assert!(tail_cost.bytes_received < 1 << 20, "{tail_cost:?}");
        let grep = || GrepOptions {
            context: 1,
            ignore_case: false,
            max_matches: None,
        };
        let found = third.grep(&handle, "FAILED", grep()).await.unwrap();
        assert_eq!(found, writer.grep(&handle, "FAILED", grep()).await.unwrap());
        assert!(
            found.contains("250000: line 250000 status FAILED"),
            "{found}"
        );
        // grep reads the view (and nothing of the original), by range.
        let grep_cost = store_c.traffic().since(&tail_cost);
        assert!(
            grep_cost.bytes_received < text.len() as u64 + (2 << 20),
            "{grep_cost:?}"
        );
        // Nothing of it is in the directory as the handle's own files.
        assert!(!c.join(format!("s/{handle}.orig")).exists());
    });
}

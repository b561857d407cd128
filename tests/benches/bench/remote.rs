//! Sessions on an S3-compatible server on loopback against the local disk,
//! and cold reads by range of a 1 GB handle there.

use super::*;

/// A 10 MB output on the local disk and on an S3-compatible server on
/// loopback (moto, in one run): store; the first read of it on a root that
/// has never seen it (read by range); the next read (cached).
pub(crate) async fn bench_object_store(rt: &Runtime) {
    let Some(server) = tool_output_tests::s3::S3Server::start() else {
        println!("object-store: skipped (run tests/s3/setup.sh)");
        return;
    };
    let options: Vec<(&str, String)> = vec![
        ("aws_access_key_id", server.access_key.clone()),
        ("aws_secret_access_key", server.secret_key.clone()),
        ("aws_region", "us-east-1".into()),
        ("aws_endpoint", server.endpoint.clone()),
        ("aws_allow_http", "true".into()),
    ];
    let options: Vec<(&str, &str)> = options.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let store = RemoteStore::open_with(&server.url("bench"), &options).unwrap();
    let text = mixed_text(10 << 20);
    let scratch = workspace().join("target").join("bench-object-store");
    let _ = std::fs::remove_dir_all(&scratch);
    let session_on = |name: &str, dir: &str, remote: bool| {
        let session = rt.open_session(&scratch.join(dir)).unwrap();
        if remote {
            session.set_store(store.clone(), name, None).unwrap();
        }
        session
    };
    let (mut local, mut on_s3, mut cold, mut warm, mut local_read) =
        (vec![], vec![], vec![], vec![], vec![]);
    for run in 0..5 {
        let disk = session_on("disk", &format!("disk-{run}"), false);
        let t = Instant::now();
        let stored = disk
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        local.push(t.elapsed());
        let handle = stored.handle().unwrap().to_string();
        let t = Instant::now();
        disk.read(&handle, 5000, 5100).await.unwrap();
        local_read.push(t.elapsed());

        let name = format!("s{run}");
        let writer = session_on(&name, &format!("a-{run}"), true);
        let t = Instant::now();
        let stored = writer
            .store(&ToolCall::new("bench"), text.as_bytes())
            .await
            .unwrap();
        on_s3.push(t.elapsed());
        let handle = stored.handle().unwrap().to_string();
        let reader = session_on(&name, &format!("b-{run}"), true);
        let t = Instant::now();
        reader.read(&handle, 5000, 5100).await.unwrap();
        cold.push(t.elapsed());
        let t = Instant::now();
        reader.read(&handle, 5000, 5100).await.unwrap();
        warm.push(t.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (local, on_s3) = (median(local), median(on_s3));
    println!(
        "object store, 10 MB mixed text (medians of 5; moto on loopback): store {:.0} ms on S3 vs {:.0} ms on the local disk ({:.2}x); read 100 lines on a cold cache {:.0} ms (by range), warm {:.1} ms, local disk {:.1} ms",
        ms(on_s3),
        ms(local),
        on_s3.as_secs_f64() / local.as_secs_f64(),
        ms(median(cold)),
        ms(median(warm)),
        ms(median(local_read)),
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

/// A 1 GB output (`TOOL_OUTPUT_BENCH_COLD_MB`, default 1024) stored on a
/// store on loopback (`TOOL_OUTPUT_BENCH_CLOUD`: `s3`, moto, the default;
/// or `gcs`, fake-gcs-server in memory), then read cold by range: 100 lines
/// deep inside it from roots that have never seen it (what the store sent,
/// and how long), the same read warm, and one cold `grep` (the view
/// streamed by range, never held whole). Disk: the handle (about twice the
/// output) on the writer's root until it is published. moto reads a whole
/// object for each ranged GET (its time grows with the object), and keeps
/// objects in memory when `MOTO_S3_DEFAULT_KEY_BUFFER_SIZE` is set large.
pub(crate) async fn bench_object_store_cold(rt: &Runtime) {
    use tool_output_tests::stores::{Cloud, StoreServer};
    let mb: usize = std::env::var("TOOL_OUTPUT_BENCH_COLD_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let cloud = match std::env::var("TOOL_OUTPUT_BENCH_CLOUD").as_deref() {
        Ok("gcs") => Cloud::Gcs,
        _ => Cloud::S3,
    };
    let Some(server) = StoreServer::start(cloud) else {
        println!(
            "object-store-cold: skipped (run tests/{}/setup.sh)",
            cloud.name()
        );
        return;
    };
    // The SDKs' variables as the builders' keys (`AWS_REGION`: `aws_region`).
    let options: Vec<(String, String)> = server
        .env()
        .into_iter()
        .map(|(k, v)| (k.to_lowercase(), v))
        .collect();
    let client = || {
        let options: Vec<(&str, &str)> = options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        RemoteStore::open_with(&server.url("bench-cold"), &options).unwrap()
    };
    let scratch = workspace().join("target").join("bench-object-store-cold");
    let _ = std::fs::remove_dir_all(&scratch);
    // The readers' caches bounded: a cold grep keeps 64 MB of the view.
    let session_on = |dir: &str, store: RemoteStore| {
        let session = rt.open_session(&scratch.join(dir)).unwrap();
        session.set_store(store, "cold", Some(64 << 20)).unwrap();
        session
    };
    let writer_store = client();
    let writer = session_on("writer", writer_store.clone());
    let chunk = mixed_text(1 << 20);
    let t = Instant::now();
    let mut out = writer.writer(&ToolCall::new("bench")).await.unwrap();
    for _ in 0..mb {
        out.write(chunk.as_bytes()).await.unwrap();
    }
    let stored = out.finish().await.unwrap();
    let store_time = t.elapsed();
    let handle = stored.handle().expect("stored").to_string();
    let uploaded = writer_store.traffic().bytes_sent;
    // Published: the writer's copy goes (the readers never see it).
    drop(writer);
    let _ = std::fs::remove_dir_all(scratch.join("writer"));
    let lines = chunk.lines().count() as u64 * mb as u64;
    let first = lines / 2;
    let (mut cold, mut warm, mut received, mut requests) = (vec![], vec![], vec![], vec![]);
    let mut answer = String::new();
    for run in 0..5 {
        let store = client();
        let reader = session_on(&format!("reader-{run}"), store.clone());
        let t = Instant::now();
        answer = reader.read(&handle, first, first + 99).await.unwrap();
        cold.push(t.elapsed());
        let cost = store.traffic();
        received.push(cost.bytes_received);
        requests.push(cost.reads);
        let t = Instant::now();
        reader.read(&handle, first, first + 99).await.unwrap();
        warm.push(t.elapsed());
    }
    assert_eq!(answer.lines().count(), 100, "{answer}");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    received.sort();
    requests.sort();
    println!(
        "object store, {mb} MB mixed text ({lines} lines; {} on loopback): stored in {:.1} s ({:.0} MB uploaded); \
         read 100 lines from line {first} on a cold cache {:.0} ms (median of 5, max {:.0} ms), \
         {:.0} KB received in {} requests (max {:.0} KB); warm {:.1} ms",
        cloud.name(),
        store_time.as_secs_f64(),
        uploaded as f64 / 1e6,
        ms(median(cold.clone())),
        ms(*cold.iter().max().unwrap()),
        received[received.len() / 2] as f64 / 1e3,
        requests[requests.len() / 2],
        *received.last().unwrap() as f64 / 1e3,
        ms(median(warm)),
    );
    let store = client();
    let reader = session_on("grep", store.clone());
    let grep = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(5),
    };
    let t = Instant::now();
    // A pattern no line holds: the whole view is scanned.
    let found = reader
        .grep(&handle, "no line holds this", grep)
        .await
        .unwrap();
    let grep_time = t.elapsed();
    assert!(found.starts_with("No line matches"), "{found}");
    let grep_cost = store.traffic();
    println!(
        "  cold grep of the whole view: {:.1} s, {:.0} MB received in {} requests",
        grep_time.as_secs_f64(),
        grep_cost.bytes_received as f64 / 1e6,
        grep_cost.reads,
    );
    let _ = std::fs::remove_dir_all(&scratch);
    // Its admin client's runtime cannot be dropped on this one's thread.
    tokio::task::block_in_place(|| drop(server));
}

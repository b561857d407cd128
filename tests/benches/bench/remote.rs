//! Sessions on an S3-compatible server on loopback against the local disk.

use super::*;

/// A 10 MB output on the local disk and on an S3-compatible server on
/// loopback (moto, in one run): store; the first read of it on a root that
/// has never seen it (the whole handle fetched); the next read (cached).
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
        "object store, 10 MB mixed text (medians of 5; moto on loopback): store {:.0} ms on S3 vs {:.0} ms on the local disk ({:.2}x); read 100 lines on a cold cache {:.0} ms (the handle fetched whole), warm {:.1} ms, local disk {:.1} ms",
        ms(on_s3),
        ms(local),
        on_s3.as_secs_f64() / local.as_secs_f64(),
        ms(median(cold)),
        ms(median(warm)),
        ms(median(local_read)),
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

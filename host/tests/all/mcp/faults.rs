//! Downstreams that crash, write garbage, hang or are cut off, and signals:
//! a clear error, stored outputs kept readable, nothing left behind.

use super::*;

#[test]
fn a_crashing_downstream_gives_a_clear_error_and_the_stored_outputs_stay_readable() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    let stored = raw.call(1, "error_log", json!({}));
    let handle = handle_in(stored["result"]["content"][0]["text"].as_str().unwrap());
    let crash = raw.call(2, "crash", json!({}));
    let error = crash["error"]["message"].as_str().unwrap();
    assert_eq!(
        error,
        "tool-output proxy: the downstream server exited with status 3 (its last stderr: fault_server: simulated crash)"
    );
    let later = raw.call(3, "small", json!({}));
    assert_eq!(
        later["error"]["message"], crash["error"]["message"],
        "at once, not hung"
    );
    let tail = raw.call(4, "tool_output_tail", json!({"handle": handle, "lines": 1}));
    assert!(
        tail["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("15581: ")
    );
    assert!(raw.close().success());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_hung_downstream_times_out_and_cancellation_reaches_it() {
    if python().is_none() {
        return;
    }
    let root = root();
    let log = root.join("fault.log");
    let mut raw = Raw::start(
        &proxy(&root, &["--timeout", "2"], &fault_server()),
        &[("FAULT_LOG", log.as_os_str())],
    );
    // The client cancels a call: the downstream is told, nobody answers it.
    raw.send(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}"#);
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}"#);
    raw.send(r#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#);
    let first: Value = serde_json::from_str(&raw.line()).unwrap();
    assert_eq!(first["id"], 8, "no answer to 7 first");
    let cancelled = logged(&log)
        .into_iter()
        .find(|m| m["method"] == "notifications/cancelled")
        .expect("forwarded");
    assert_eq!(
        cancelled["params"],
        json!({"requestId": 7, "reason": "user"})
    );
    // A call nobody answers fails after --timeout, and the downstream is told.
    let started = Instant::now();
    let hung = raw.call(9, "slow", json!({}));
    assert!(started.elapsed() >= Duration::from_secs(2));
    assert_eq!(hung["error"]["code"], -32001);
    assert_eq!(
        hung["error"]["message"],
        "tool-output proxy: the downstream server did not answer tools/call within 2 s (see --timeout)"
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(logged(&log).iter().any(|m| m["params"]["requestId"] == 9));
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn closing_stdin_stops_the_downstream_and_removes_the_temporary_session() {
    if python().is_none() {
        return;
    }
    let root = root();
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let log = root.join("fault.log");
    let mut raw = Raw::start(
        &proxy(&root, &[], &fault_server()),
        &[("FAULT_LOG", log.as_os_str()), ("TMPDIR", tmp.as_os_str())],
    );
    let stored = raw.call(1, "error_log", json!({}));
    let handle = handle_in(stored["result"]["content"][0]["text"].as_str().unwrap());
    let run_root = std::fs::read_dir(&tmp)
        .unwrap()
        .next()
        .expect("a run root")
        .unwrap()
        .path();
    let session = std::fs::read_dir(&run_root)
        .unwrap()
        .flatten()
        .find(|e| e.path().is_dir())
        .unwrap()
        .path();
    assert!(
        std::fs::read_dir(&session)
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with(&handle))
    );
    // A hung downstream must not keep the proxy alive either.
    raw.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hang"}}"#);
    std::thread::sleep(Duration::from_millis(300));
    assert!(raw.close().success());
    assert!(!run_root.exists(), "the temporary session is removed");
    let pid = logged(&log)[0]["pid"].as_i64().unwrap() as i32;
    // SAFETY: signal 0 only asks whether the process exists.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    assert!(!alive, "the downstream is stopped");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn sigterm_ends_the_proxy_while_stdin_is_open_and_cleans_up() {
    if python().is_none() {
        return;
    }
    let root = root();
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let log = root.join("fault.log");
    let envs = [("FAULT_LOG", log.as_os_str()), ("TMPDIR", tmp.as_os_str())];
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &envs);
    raw.call(1, "small", json!({}));
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 1, "a run root");
    // SAFETY: signalling the proxy we started.
    unsafe { libc::kill(raw.child.id() as i32, libc::SIGTERM) };
    let status = raw.wait_exit();
    assert_eq!(
        status.code(),
        Some(128 + libc::SIGTERM),
        "128+N, as every command"
    );
    assert_eq!(
        std::fs::read_dir(&tmp).unwrap().count(),
        0,
        "the temporary session is removed"
    );
    let pid = logged(&log)[0]["pid"].as_i64().unwrap() as i32;
    // The downstream was signalled as the proxy exited; on a loaded machine
    // it can take a moment to die, and a dead one may linger as a zombie
    // until its new parent reaps it: both count as stopped.
    let started = Instant::now();
    while process_is_running(pid) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the downstream is stopped"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&root).unwrap();
}

//! The sandbox and the lifecycle: hostile handles, what the component can
//! import, limits, concurrency, quotas and cleanup.
// Symbolic links, modes and run roots as Unix has them.
#![cfg(unix)]

use std::sync::Arc;
use std::time::Duration;

use crate::common::*;
use tool_output::{Error, Limits, Mode, ToolCall};

#[tokio::test]
async fn hostile_handles_never_reach_outside_the_session() {
    let runtime = runtime("traversal").await;
    let session = runtime.session().unwrap();
    let other = runtime.session().unwrap();
    let secret_dir = scratch_dir("secret");
    std::fs::write(secret_dir.join("secret.txt"), "TOP-SECRET").unwrap();

    let theirs = stored(
        other
            .store(&ToolCall::new("t"), build_log(2000).as_bytes())
            .await
            .unwrap(),
    );
    let hostile = [
        "..".to_string(),
        "../secret.txt".to_string(),
        secret_dir.join("secret.txt").display().to_string(),
        "/etc/passwd".to_string(),
        format!("{}\0", theirs.handle),
        format!("../{}", theirs.handle),
        format!("session-x/{}", theirs.handle),
        theirs.handle.to_uppercase(),
        theirs.handle.clone(), // another session's handle
    ];
    for handle in &hostile {
        let r = session
            .extract(handle, "everything", Some(Mode::Truncate))
            .await
            .unwrap();
        assert!(r.failed, "{handle:?}");
        assert!(
            !r.text.contains("TOP-SECRET") && !r.text.contains("root:"),
            "{handle:?}"
        );
        assert!(session.read(handle, 1, 10).await.is_err(), "{handle:?}");
        assert!(session.tail(handle, 10).await.is_err(), "{handle:?}");
        assert!(session.remove(handle).await.is_err(), "{handle:?}");
    }
    // The other session still has its output.
    assert!(
        !other
            .extract(&theirs.handle, "x", Some(Mode::Truncate))
            .await
            .unwrap()
            .failed
    );

    // A symlink planted in the session directory is refused, not followed.
    let planted = uuid::Uuid::new_v4().to_string();
    for suffix in ["meta.json", "txt", "idx", "orig"] {
        std::os::unix::fs::symlink(
            secret_dir.join("secret.txt"),
            session.path().join(format!("{planted}.{suffix}")),
        )
        .unwrap();
    }
    let r = session
        .extract(&planted, "everything", Some(Mode::Truncate))
        .await
        .unwrap();
    assert!(r.failed);
    assert!(!r.text.contains("TOP-SECRET"), "{}", r.text);
    assert!(
        r.text.contains("symbolic links are refused") || r.text.contains("not a regular file"),
        "{}",
        r.text
    );

    // A legitimate handle whose view was swapped for a symlink.
    let mine = stored(
        session
            .store(&ToolCall::new("t"), build_log(2000).as_bytes())
            .await
            .unwrap(),
    );
    let view = session.path().join(format!("{}.txt", mine.handle));
    std::fs::remove_file(&view).unwrap();
    std::os::unix::fs::symlink(secret_dir.join("secret.txt"), &view).unwrap();
    let read = session.read(&mine.handle, 1, 5).await;
    assert!(read.is_err(), "{read:?}");
    assert!(!format!("{read:?}").contains("TOP-SECRET"));
}

#[tokio::test]
async fn the_component_imports_only_what_it_needs() {
    let runtime = runtime("imports").await;
    let imports = runtime.component_imports();
    let allowed = [
        "tool-output:core/types@0.1.0",
        "tool-output:core/session-fs@0.1.0",
        "tool-output:core/llm@0.1.0",
        "tool-output:core/counting@0.1.0",
        "wasi:random/",
        "wasi:clocks/",
        "wasi:cli/stderr",
        "wasi:io/error",
        "wasi:io/streams",
        "wasi:io/poll",
        // wasi-libc's stdio set-up links these; the host gives an empty
        // stdin, a discarding stdout and no terminal.
        "wasi:cli/stdin",
        "wasi:cli/stdout",
        "wasi:cli/exit",
        "wasi:cli/terminal-",
    ];
    for import in &imports {
        assert!(
            allowed.iter().any(|a| import.starts_with(a)),
            "unexpected import {import} in {imports:#?}"
        );
    }
    for needed in [
        "tool-output:core/session-fs@0.1.0",
        "tool-output:core/llm@0.1.0",
        "tool-output:core/counting@0.1.0",
    ] {
        assert!(imports.iter().any(|i| i == needed), "{imports:#?}");
    }
    for forbidden in [
        "wasi:filesystem",
        "wasi:sockets",
        "wasi:http",
        "wasi:cli/environment",
    ] {
        assert!(
            !imports.iter().any(|i| i.starts_with(forbidden)),
            "{forbidden} in {imports:#?}"
        );
    }
}

#[tokio::test]
async fn a_trap_is_a_clear_error_and_the_session_stays_usable() {
    let (runtime, _) = runtime_with("trap", |c| {
        // Far below the seconds the 64 MB store needs; far above what the
        // small calls after it need, even on a loaded machine.
        c.limits = Limits {
            cpu_time: Duration::from_millis(250),
            ..Limits::default()
        };
    })
    .await;
    let session = runtime.session().unwrap();
    let huge = build_log(1_500_000); // ~64 MB: seconds of work
    let err = session
        .store(&ToolCall::new("t"), huge.as_bytes())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Trap(_)), "{err:?}");
    assert!(err.to_string().contains("CPU time limit"), "{err}");
    // Nothing half-written is left, and the next call works.
    let leftovers: Vec<_> = std::fs::read_dir(session.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // The next calls work. On a heavily loaded machine even these small
    // calls can run past 250 ms; that is the limit doing its job, not a
    // poisoned session, so such an attempt is tried again (a poisoned
    // session fails every attempt, and with other errors).
    let mut last = None;
    for _ in 0..3 {
        let attempt = async {
            let s = stored(
                session
                    .store(&ToolCall::new("t"), build_log(500).as_bytes())
                    .await?,
            );
            session.extract(&s.handle, "error", None).await
        }
        .await;
        match attempt {
            Ok(result) => {
                assert!(!result.failed, "{}", result.text);
                return;
            }
            Err(err) => {
                assert!(err.to_string().contains("CPU time limit"), "{err}");
                last = Some(err);
            }
        }
    }
    panic!("three small calls in a row ran out of CPU time: {last:?}");
}

#[tokio::test]
async fn a_full_disk_is_a_clear_error_and_leaves_nothing() {
    let (runtime, _) = runtime_with("quota", |c| {
        c.limits = Limits {
            session_quota: Some(200_000),
            ..Limits::default()
        };
    })
    .await;
    let session = runtime.session().unwrap();
    let err = session
        .store(&ToolCall::new("t"), build_log(20_000).as_bytes())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("quota"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(session.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // Smaller outputs still fit.
    stored(
        session
            .store(&ToolCall::new("t"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_sessions_store_at_once_and_nothing_is_lost() {
    let runtime = runtime("concurrent").await;
    let sessions: Vec<_> = (0..6)
        .map(|_| Arc::new(runtime.session().unwrap()))
        .collect();
    let mut tasks = Vec::new();
    for (si, session) in sessions.iter().enumerate() {
        for k in 0..8 {
            let session = session.clone();
            tasks.push(tokio::spawn(async move {
                let body = format!("session {si} output {k}\n").repeat(1500 + k * 100);
                let s = stored(
                    session
                        .store(&ToolCall::new(format!("tool{k}")), body.as_bytes())
                        .await
                        .unwrap(),
                );
                (si, s.handle, body)
            }));
        }
    }
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    for (si, handle, body) in &results {
        let session = &sessions[*si];
        assert_eq!(
            session_file(session.path(), handle, "orig"),
            body.as_bytes()
        );
    }
    for session in &sessions {
        assert_eq!(session.list().await.unwrap().len(), 8);
    }
}

#[tokio::test]
async fn sessions_and_run_roots_are_cleaned_up() {
    let (runtime, temp) = runtime_with("cleanup", |_| {}).await;
    // A stale run root of a dead process is swept when the first session opens.
    let stale = temp.join("tool-output-0123456789ab");
    std::fs::create_dir_all(stale.join("session-x")).unwrap();
    std::fs::write(stale.join("owner"), "999999999 1").unwrap();

    let session = runtime.session().unwrap();
    let path = session.path().to_path_buf();
    stored(
        session
            .store(&ToolCall::new("t"), build_log(1000).as_bytes())
            .await
            .unwrap(),
    );
    assert!(!stale.exists(), "stale run root removed");
    let root = path.parent().unwrap().to_path_buf();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o700
    );
    drop(session);
    assert!(!path.exists(), "session removed on drop");
    assert!(root.exists());
    drop(runtime);
    assert!(!root.exists(), "run root removed with the runtime");
    assert_eq!(std::fs::read_dir(&temp).unwrap().count(), 0);
}

#[tokio::test]
async fn a_streamed_store_that_fails_gives_back_every_byte_it_took() {
    let (runtime, _) = runtime_with("received", |c| {
        c.limits = Limits {
            session_quota: Some(300_000),
            ..Limits::default()
        };
    })
    .await;
    let session = runtime.session().unwrap();
    let output = build_log(40_000);
    let mut writer = session.writer(&ToolCall::new("t")).await.unwrap();
    let mut taken = Vec::new();
    let mut failed = None;
    for piece in output.as_bytes().chunks(50_000) {
        match writer.write(piece).await {
            Ok(()) => taken.extend_from_slice(piece),
            Err(err) => {
                failed = Some(err);
                break;
            }
        }
    }
    let Some(tool_output::Error::NotStored { source, received }) = failed else {
        panic!("the quota stops the store with NotStored")
    };
    assert!(source.to_string().contains("quota"), "{source}");
    assert_eq!(received.len(), taken.len() as u64);
    // Spilled to disk long before: read back from the engine's copy,
    // though the session keeps nothing of it.
    let mut back = Vec::new();
    std::io::Read::read_to_end(&mut received.into_reader().unwrap(), &mut back).unwrap();
    assert_eq!(back, taken, "every byte taken, byte for byte");
    // Nothing of the output is left, not even the `.writing-<handle>` lock
    // (crash cleanup) of the writer the caller still holds.
    let left: Vec<_> = std::fs::read_dir(session.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    drop(writer);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn engine_calls_past_the_bound_wait_their_turn() {
    let (runtime, _) = runtime_with("bounded", |c| {
        c.limits = Limits {
            concurrent_calls: 1,
            ..Limits::default()
        };
    })
    .await;
    let session = Arc::new(runtime.session().unwrap());
    // A writer holds the one place until it finishes: a store meanwhile
    // waits, then runs.
    let mut writer = session.writer(&ToolCall::new("t")).await.unwrap();
    writer.write(build_log(2000).as_bytes()).await.unwrap();
    let waiting = {
        let session = session.clone();
        tokio::spawn(async move {
            session
                .store(&ToolCall::new("u"), build_log(3000).as_bytes())
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !waiting.is_finished(),
        "the second call waits for the place"
    );
    stored(writer.finish().await.unwrap());
    stored(waiting.await.unwrap().unwrap());
    assert_eq!(session.list().await.unwrap().len(), 2);
}

//! Two roots sharing a bucket are two machines of one fleet: a handle
//! stored on one answers on the other, byte for byte; export and import
//! across stores.

use super::*;

on_every_cloud!(
    a_handle_stored_on_one_root_answers_on_another,
    an_export_from_a_store_session_imports_into_a_fresh_root,
);

fn a_handle_stored_on_one_root_answers_on_another(cloud: Cloud) {
    let Some((mut server, env, url)) = server_at(cloud, "fleet") else {
        return;
    };
    let (a, b, c) = (root(cloud.name()), root(cloud.name()), root(cloud.name()));
    let on = |root: &Path, args: &[&str], stdin: &[u8]| {
        let mut all = vec!["--session", "conv-7"];
        all.extend_from_slice(args);
        on_store(root, &env, &url, &all, stdin)
    };
    let outputs = [big_log(), json_output()];
    let handles: Vec<String> = outputs
        .iter()
        .map(|o| {
            let v = store_json(&on(&a, &["--json", "store", "--tool", "t"], o.as_bytes()));
            v["handle"].as_str().expect("stored").to_string()
        })
        .collect();
    for handle in &handles {
        // B has never seen the session: every answer comes from the store.
        let on_a = answers(|q| on(&a, q, b""), handle);
        let on_b = answers(|q| on(&b, q, b""), handle);
        assert_eq!(on_a, on_b, "{handle}");
        assert!(on_b[1].contains("FAILED") || on_b[1].contains("ERROR"));
        // The lexical extraction reads every line: the handle fetched whole.
        let original = |root: &Path| root.join(format!("sessions/conv-7/{handle}.orig"));
        assert!(original(&b).exists());
        // read, grep, tail and preview read by range: what they needed,
        // never the original.
        let r = root(cloud.name());
        for q in &QUESTIONS[..4] {
            let args: Vec<&str> = q
                .iter()
                .map(|a| if *a == "HANDLE" { handle.as_str() } else { a })
                .collect();
            assert!(on(&r, &args, b"").status.success());
        }
        assert!(!original(&r).exists());
        let view_blocks = std::fs::read_dir(r.join("sessions/conv-7"))
            .unwrap()
            .filter(|e| {
                let name = e.as_ref().unwrap().file_name();
                name.to_string_lossy()
                    .starts_with(&format!(".range-{handle}."))
            })
            .count();
        assert!(view_blocks > 0, "cached by range");
    }
    // `list` on a third root sees both, as A does, from their sidecars
    // alone (nothing else of them is fetched).
    let list = |root: &Path| stdout(&on(root, &["list"], b""));
    assert_eq!(list(&c), list(&a));
    assert_eq!(list(&c).lines().count(), 2);
    for handle in &handles {
        assert!(!c.join(format!("sessions/conv-7/{handle}.orig")).exists());
    }
    // `export` there carries the originals byte for byte.
    let archive = c.join("conv-7.tar");
    stdout(&on(&c, &["export", "-o", archive.to_str().unwrap()], b""));
    let fresh = root(cloud.name());
    let import = ["--session", "conv-7", "import", archive.to_str().unwrap()];
    stdout(&run_cmd(tool_output(&fresh, &import), b""));
    for (handle, output) in handles.iter().zip(&outputs) {
        let fetched = std::fs::read(fresh.join(format!("sessions/conv-7/{handle}.orig"))).unwrap();
        assert_eq!(fetched, output.as_bytes(), "the original, byte for byte");
    }

    // Removed on B: gone from the store, every file of it, so a fresh
    // root does not know it.
    // Four files each: the original, its view, the line index, the sidecar.
    let keys =
        |server: &mut StoreServer, handle: &str| server.keys(&format!("fleet/conv-7/{handle}"));
    assert_eq!(keys(&mut server, &handles[0]).len(), 4, "{handles:?}");
    stdout(&on(&b, &["remove", &handles[0]], b""));
    assert_eq!(keys(&mut server, &handles[0]), Vec::<String>::new());
    assert_eq!(
        keys(&mut server, &handles[1]).len(),
        4,
        "the other handle is kept"
    );
    let d = root(cloud.name());
    let answer = failed(&on(
        &d,
        &["extract", &handles[0], "errors", "--mode", "lexical"],
        b"",
    ));
    assert!(
        answer.contains(&format!("no stored output has handle {}", handles[0])),
        "{answer}"
    );
    assert_eq!(list(&d).lines().count(), 1);

    // `close` deletes the session from the store.
    stdout(&on(&b, &["close"], b""));
    assert_eq!(list(&root(cloud.name())), "");
}

fn an_export_from_a_store_session_imports_into_a_fresh_root(cloud: Cloud) {
    let Some((server, env, url)) = server_at(cloud, "exports") else {
        return;
    };
    let (a, b) = (root(cloud.name()), root(cloud.name()));
    let v = store_json(&on_store(
        &a,
        &env,
        &url,
        &["--json", "store", "--tool", "t"],
        big_log().as_bytes(),
    ));
    let handle = v["handle"].as_str().unwrap().to_string();
    // B exports what it has only in the store.
    let archive = b.join("session.tar");
    let archive_arg = archive.to_str().unwrap();
    stdout(&on_store(
        &b,
        &env,
        &url,
        &["export", "-o", archive_arg],
        b"",
    ));
    // A fresh root with no store at all imports it and answers the same.
    let fresh = root(cloud.name());
    stdout(&run_cmd(tool_output(&fresh, &["import", archive_arg]), b""));
    let local = answers(|q| run_cmd(tool_output(&fresh, q), b""), &handle);
    let remote = answers(|q| on_store(&a, &env, &url, q, b""), &handle);
    assert_eq!(local, remote);
    // And an import into a store session publishes it: a third root reads it.
    let other = server.url("imported");
    stdout(&on_store(
        &fresh,
        &env,
        &other,
        &["--session", "moved", "import", archive_arg],
        b"",
    ));
    let third = root(cloud.name());
    let read = |root: &Path, url: &str, session: &str| {
        let args = ["--session", session, "read", &handle, "--lines", "1:3"];
        stdout(&on_store(root, &env, url, &args, b""))
    };
    assert_eq!(read(&third, &other, "moved"), read(&a, &url, "default"));
}

//! `export` / `import`: handles that outlive their root. An archive made on
//! one root answers on another exactly as before, and a hostile archive is
//! refused whole, leaving the session as it was.

use std::path::Path;

use crate::common::{big_log, names, root, run, stderr, stdout};

/// Store a log and a JSON output in `session` of `root`; their handles.
fn store_two(root: &Path, session: &str) -> Vec<String> {
    let json: String = format!(
        "[{}]",
        (0..3000)
            .map(|i| format!(
                "{{\"id\":{i},\"status\":\"{}\"}}",
                if i == 1777 { "FAILED" } else { "ok" }
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    [big_log(), json]
        .iter()
        .map(|output| {
            let out = run(
                root,
                &["--session", session, "--json", "store", "--tool", "t"],
                output.as_bytes(),
            );
            let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
            value["handle"].as_str().expect("stored").to_string()
        })
        .collect()
}

/// What a model would see of `handle`: read, grep, tail, preview, lexical.
fn answers(root: &Path, session: &str, handle: &str) -> Vec<String> {
    [
        vec!["read", handle, "--lines", "1500:1520"],
        vec!["grep", handle, "FAILED|ERROR", "-C", "1"],
        vec!["tail", handle, "-n", "7"],
        vec!["preview", handle],
        vec!["extract", handle, "which ids failed", "--mode", "lexical"],
    ]
    .into_iter()
    .map(|args| {
        let mut all = vec!["--session", session];
        all.extend(args);
        stdout(&run(root, &all, b""))
    })
    .collect()
}

fn session_dir(root: &Path, session: &str) -> std::path::PathBuf {
    root.join("sessions").join(session)
}

#[test]
fn an_exported_session_answers_the_same_on_another_root() {
    let (a, b) = (root("archive"), root("archive"));
    let handles = store_two(&a, "work");
    for name in ["s.tar", "s.tar.zst"] {
        let archive = a.join(name);
        let said = stdout(&run(
            &a,
            &[
                "--session",
                "work",
                "export",
                "-o",
                archive.to_str().unwrap(),
            ],
            b"",
        ));
        assert!(said.starts_with("exported 2 handles ("), "{said}");
        let bytes = std::fs::read(&archive).unwrap();
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&archive).unwrap().permissions().mode();
        assert_eq!(
            mode & 0o077,
            0,
            "{name}: the archive is private, as its session"
        );
        assert_eq!(
            bytes.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]),
            name.ends_with(".zst")
        );
        let session = format!("resumed-{}", name.len());
        let imported = stdout(&run(
            &b,
            &["--session", &session, "import", archive.to_str().unwrap()],
            b"",
        ));
        for handle in &handles {
            assert!(
                imported.contains(&format!("{handle}  imported")),
                "{imported}"
            );
            assert_eq!(
                answers(&a, "work", handle),
                answers(&b, &session, handle),
                "{name}: {handle}"
            );
            // The original, byte for byte.
            let orig = format!("{handle}.orig");
            assert_eq!(
                std::fs::read(session_dir(&a, "work").join(&orig)).unwrap(),
                std::fs::read(session_dir(&b, &session).join(&orig)).unwrap()
            );
        }
        let list =
            |root: &Path, session: &str| stdout(&run(root, &["--session", session, "list"], b""));
        assert_eq!(list(&a, "work"), list(&b, &session));
    }
}

#[test]
fn export_to_stdout_imports_from_stdin_and_chosen_handles_only() {
    let (a, b) = (root("archive"), root("archive"));
    let handles = store_two(&a, "default");
    let out = run(&a, &["export", "-o", "-", "--handle", &handles[1]], b"");
    let archive = out.stdout.clone();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("exported 1 handle ("),
        "{}",
        stderr(&out)
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&run(&b, &["--json", "import", "-"], &archive))).unwrap();
    assert_eq!(json["handles"], serde_json::json!([handles[1]]));
    assert_eq!(json["replaced"], serde_json::json!([]));
    let listed = stdout(&run(&b, &["list"], b""));
    assert!(
        listed.contains(&handles[1]) && !listed.contains(&handles[0]),
        "{listed}"
    );

    // Again: refused whole, unless asked to replace.
    let again = run(&b, &["import", "-"], &archive);
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("already exists"),
        "{}",
        stderr(&again)
    );
    let replaced = stdout(&run(&b, &["import", "--replace", "-"], &archive));
    assert_eq!(replaced, format!("{}  replaced\n", handles[1]));

    let unknown = run(
        &a,
        &[
            "export",
            "-o",
            "-",
            "--handle",
            "00000000-0000-4000-8000-000000000000",
        ],
        b"",
    );
    assert!(!unknown.status.success());
    assert!(
        stderr(&unknown).contains("is not stored"),
        "{}",
        stderr(&unknown)
    );
    assert!(
        unknown.stdout.is_empty(),
        "nothing written for a failed export"
    );
}

/// An archive's members: name, type and bytes.
type Members = Vec<(String, tar::EntryType, Vec<u8>)>;

fn unpack(archive: &[u8]) -> Members {
    let mut tar = tar::Archive::new(archive);
    tar.entries()
        .unwrap()
        .map(|entry| {
            let mut entry = entry.unwrap();
            let name = String::from_utf8(entry.path_bytes().into_owned()).unwrap();
            let kind = entry.header().entry_type();
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
            (name, kind, bytes)
        })
        .collect()
}

fn pack(members: &Members) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    for (name, kind, bytes) in members {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(*kind);
        header.set_size(bytes.len() as u64);
        header.set_mode(0o600);
        if kind.is_symlink() {
            header.set_link_name("/etc/passwd").unwrap();
        }
        // Names as given: `set_path` refuses `..`, a hostile archive does not.
        let field = &mut header.as_old_mut().name;
        field.fill(0);
        field[..name.len()].copy_from_slice(name.as_bytes());
        header.set_cksum();
        tar.append(&header, bytes.as_slice()).unwrap();
    }
    tar.into_inner().unwrap()
}

fn edit_manifest(members: &mut Members, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut manifest: serde_json::Value = serde_json::from_slice(&members[0].2).unwrap();
    edit(&mut manifest);
    members[0].2 = serde_json::to_vec(&manifest).unwrap();
}

#[test]
fn hostile_archives_are_refused_whole_and_change_nothing() {
    let a = root("archive");
    let handles = store_two(&a, "default");
    let out = run(&a, &["export", "-o", "-"], b"");
    let good = out.stdout.clone();
    let members = unpack(&good);
    let orig = |i: usize| format!("{}.orig", handles[i]);
    let position = |name: &str| members.iter().position(|m| m.0 == name).unwrap();

    let mut cases: Vec<(&str, Vec<u8>, &str)> = Vec::new();
    let mut m = members.clone();
    m.push(("../escape".into(), tar::EntryType::Regular, b"x".to_vec()));
    cases.push(("path traversal", pack(&m), "not in the manifest"));
    let mut m = members.clone();
    m.push((
        "/tmp/absolute".into(),
        tar::EntryType::Regular,
        b"x".to_vec(),
    ));
    cases.push(("absolute path", pack(&m), "not in the manifest"));
    let mut m = members.clone();
    let i = position(&orig(0));
    m[i].1 = tar::EntryType::Symlink;
    m[i].2.clear();
    cases.push(("symlink member", pack(&m), "symbolic link"));
    let mut m = members.clone();
    let i = position(&orig(1));
    m.insert(i + 1, m[i].clone());
    cases.push(("duplicate member", pack(&m), "twice"));
    let mut m = members.clone();
    let i = position(&orig(1));
    m[i].2[10] ^= 1;
    cases.push(("changed bytes", pack(&m), "checksum"));
    let mut m = members.clone();
    let i = position(&orig(1));
    m[i].2.push(b'x');
    cases.push((
        "member longer than the manifest says",
        pack(&m),
        "the manifest says",
    ));
    let mut m = members.clone();
    edit_manifest(&mut m, |v| {
        v["handles"][0]["files"][0]["name"] = "../../x.orig".into()
    });
    cases.push(("manifest names a path", pack(&m), "is not a file of handle"));
    let mut m = members.clone();
    edit_manifest(&mut m, |v| {
        v["handles"][0]["files"][0]["size"] = (1u64 << 50).into()
    });
    cases.push(("manifest claims a petabyte", pack(&m), "limit"));
    let mut m = members.clone();
    edit_manifest(&mut m, |v| v["version"] = 9.into());
    cases.push(("future version", pack(&m), "version 9"));
    let mut m = members.clone();
    m.swap(0, 1);
    cases.push((
        "manifest not first",
        pack(&m),
        "does not start with manifest.json",
    ));
    let mut m = members.clone();
    m.retain(|member| member.0 != orig(1));
    cases.push(("member missing", pack(&m), "missing"));
    cases.push(("truncated", good[..good.len() / 2].to_vec(), "truncated"));
    cases.push((
        "not an archive",
        b"hello, this is text\n".repeat(100),
        "archive",
    ));
    cases.push(("empty", Vec::new(), "empty"));
    let mut zstd = zstd::encode_all(good.as_slice(), 3).unwrap();
    zstd.truncate(zstd.len() - 20);
    cases.push(("truncated zstd", zstd, "truncated"));

    for (what, archive, expected) in cases {
        let b = root("archive");
        // A session with one output already in it: it must stay as it is.
        let existing = crate::common::store(&b, &big_log());
        let dir = session_dir(&b, "default");
        let before = names(&dir);
        let out = run(&b, &["import", "-"], &archive);
        let said = stderr(&out);
        assert!(!out.status.success(), "{what}: imported");
        assert!(said.contains(expected), "{what}: {said}");
        assert!(said.contains("nothing was imported"), "{what}: {said}");
        assert!(!said.contains("panicked"), "{what}: {said}");
        assert_eq!(names(&dir), before, "{what}");
        assert_eq!(
            names(&b.join("sessions")),
            vec!["default"],
            "{what}: staging left behind"
        );
        assert!(
            !b.join("escape").exists() && !Path::new("/tmp/absolute").exists(),
            "{what}"
        );
        stdout(&run(&b, &["read", &existing, "--lines", "1:2"], b""));
    }
}

#[test]
fn a_signal_stops_an_import_waiting_on_its_input_and_leaves_nothing() {
    let a = root("archive");
    store_two(&a, "default");
    let archive = run(&a, &["export", "-o", "-"], b"").stdout;
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let b = root("archive");
        let mut child = crate::common::tool_output(&b, &["--session", "late", "import", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Half the archive, then silence with the pipe still open.
        let mut input = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut input, &archive[..archive.len() / 2]).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        unsafe { libc::kill(child.id() as i32, signal) };
        crate::common::wait_at_most(&mut child, std::time::Duration::from_secs(1), "import");
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(128 + signal), "{}", stderr(&out));
        assert!(stderr(&out).contains("interrupted by"), "{}", stderr(&out));
        let left = names(&b.join("sessions"));
        assert!(left.is_empty(), "signal {signal}: left {left:?}");
        drop(input);
    }
}

#[test]
fn an_export_to_a_closed_stdout_ends_quietly_and_leaves_the_session() {
    let a = root("archive");
    let handles = store_two(&a, "default");
    let mut child = crate::common::tool_output(&a, &["export", "-o", "-"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // `… | true`
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("error"), "{}", stderr(&out));
    let listed = stdout(&run(&a, &["list"], b""));
    assert!(handles.iter().all(|h| listed.contains(h)), "{listed}");
}

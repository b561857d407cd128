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
    // What it is instead, named.
    let mut gzip = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0];
    gzip.extend_from_slice(&good[..600]);
    cases.push((
        "gzip",
        gzip,
        "it is gzip data (decompress it first: gunzip)",
    ));
    cases.push(("bzip2", b"BZh91AY&SY".repeat(60), "it is bzip2 data"));
    cases.push((
        "a short text",
        b"hello".to_vec(),
        "it starts with \"hello\", too short for a tar header",
    ));
    // Terminal escapes in a member's name and in a broken header: shown
    // escaped in every message, never sent to the terminal.
    let mut m = members.clone();
    m.push((
        "\u{1b}]0;pwned\u{7}\u{1b}[2J.orig".into(),
        tar::EntryType::Regular,
        b"x".to_vec(),
    ));
    cases.push((
        "escapes in a name",
        pack(&m),
        "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J.orig",
    ));
    let mut broken = pack(&members[..1].to_vec());
    let second = broken.len() - 1024; // the end blocks follow the manifest
    broken.truncate(second);
    let mut header = [0u8; 512];
    header[..12].copy_from_slice(b"\x1b[31mred.bin");
    header[100..107].copy_from_slice(b"\x1b[2J\x1b[H");
    broken.extend_from_slice(&header);
    broken.extend_from_slice(&[0u8; 1024]);
    cases.push((
        "escapes in a broken header",
        broken,
        "the archive is truncated or corrupt",
    ));

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
        assert!(
            !said.contains('\u{1b}') && !said.contains('\u{7}'),
            "{what}: {said:?}"
        );
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

#[test]
fn a_zstd_archive_that_starts_with_a_skippable_frame_imports() {
    let (a, b) = (root("archive"), root("archive"));
    let handles = store_two(&a, "default");
    let tar = run(&a, &["export", "-o", "-"], b"").stdout;
    // A skippable frame (magic 0x184D2A50, little-endian), then the archive.
    let mut archive = vec![0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4];
    archive.extend(zstd::encode_all(tar.as_slice(), 3).unwrap());
    let said = stdout(&run(&b, &["import", "-"], &archive));
    for handle in &handles {
        assert!(said.contains(&format!("{handle}  imported")), "{said}");
    }
    assert_eq!(
        answers(&a, "default", &handles[0]),
        answers(&b, "default", &handles[0])
    );
}

#[test]
fn an_export_says_which_handles_it_leaves_out_and_why() {
    let a = root("archive");
    let handles = store_two(&a, "default");
    let dir = session_dir(&a, "default");
    // A FIFO planted as one handle's view.
    let view = names(&dir)
        .into_iter()
        .find(|n| n.starts_with(&handles[0]) && n.ends_with(".txt"))
        .unwrap();
    std::fs::remove_file(dir.join(&view)).unwrap();
    let c = std::ffi::CString::new(dir.join(&view).to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let archive = a.join("out.tar");
    let out = run(&a, &["export", "-o", archive.to_str().unwrap()], b"");
    let said = stdout(&out);
    assert!(said.starts_with("exported 1 handle ("), "{said}");
    // The engine's own reason (it reads the view to serve the handle).
    assert_eq!(
        stderr(&out),
        format!(
            "tool-output: warning: {h} is not exported: the stored output of handle {h} is corrupt: view: I/O error: {view} is a FIFO, not a regular file\n",
            h = handles[0]
        )
    );
    // Asked for by name, it is an error, not a silent gap.
    let out = run(&a, &["export", "-o", "-", "--handle", &handles[0]], b"");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("cannot be exported"),
        "{}",
        stderr(&out)
    );
    // A sidecar the engine cannot read: left out with the engine's reason.
    std::fs::write(dir.join(format!("{}.meta.json", handles[1])), b"{garbage").unwrap();
    let out = run(&a, &["export", "-o", archive.to_str().unwrap()], b"");
    assert!(
        stdout(&out).starts_with("exported 0 handles"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains(&format!("warning: {} is not exported: ", handles[1])),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_cancelled_export_stops_within_a_read_and_leaves_no_archive() {
    let base = root("archive");
    let dir = base.join("sessions/s");
    std::fs::create_dir_all(&dir).unwrap();
    let handle = "33333333-3333-4333-8333-333333333333";
    std::fs::write(dir.join(format!("{handle}.meta.json")), b"{}").unwrap();
    // 16 GiB to hash before the first write (sparse: no disk used).
    let orig = std::fs::File::create(dir.join(format!("{handle}.orig"))).unwrap();
    orig.set_len(16 << 30).unwrap();
    let token = tool_output::CancellationToken::new();
    let cancel = token.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        cancel.cancel();
    });
    let archive = base.join("out.tar");
    let options = tool_output::archive::ExportOptions {
        cancel: Some(token),
        ..Default::default()
    };
    let started = std::time::Instant::now();
    let err = tool_output::archive::export_to_path(&dir, &options, &archive).unwrap_err();
    // A hang check: hashing all of it takes many seconds.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(
        format!("{err:#}").contains("the export was cancelled"),
        "{err:#}"
    );
    assert_eq!(
        names(&base)
            .iter()
            .filter(|n| n.contains("out.tar"))
            .count(),
        0
    );
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn a_handle_whose_sidecar_is_a_directory_is_listed_as_such_and_removed() {
    let a = root("archive");
    let handle = crate::common::store(&a, &big_log());
    let sidecar = session_dir(&a, "default").join(format!("{handle}.meta.json"));
    std::fs::remove_file(&sidecar).unwrap();
    std::fs::create_dir_all(sidecar.join("inside")).unwrap();
    std::fs::write(sidecar.join("inside/file"), b"x").unwrap();
    let list = stdout(&run(&a, &["list"], b""));
    assert!(
        list.contains(&format!("{handle}  BROKEN: "))
            && list.contains(&format!(
                "{handle}.meta.json is a directory, not a regular file"
            )),
        "{list}"
    );
    stdout(&run(&a, &["remove", &handle], b""));
    assert!(!sidecar.exists());
    assert_eq!(stdout(&run(&a, &["list"], b"")), "");
    std::fs::remove_dir_all(&a).unwrap();
}

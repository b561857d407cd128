//! Stored files corrupted every way we can think of: every operation
//! gives an answer or a `storage` error naming the handle, never a panic,
//! never a hang.

use crate::EngineError;
use crate::bindings::types::{
    CallInfo, ExtractRequest, GrepOptions, LineRange, Mode, StoreOutcome,
};
use crate::doc::Doc;
use crate::handle::{FileKind, Handle};
use crate::llm::NoLlm;
use crate::storage::{MemStorage, Storage};
use crate::strategy::truncate;
use crate::{extract, store};

/// 5000 lines: five index entries.
fn text() -> String {
    (1..=5000)
        .map(|i| format!("line {i} {}\n", if i % 500 == 0 { "ERROR x" } else { "ok" }))
        .collect()
}

fn stored(st: &MemStorage, text: &str) -> Handle {
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    match store::store(st, call, text.as_bytes(), crate::default_policy()).unwrap() {
        StoreOutcome::Stored(s) => Handle::parse(&s.handle).unwrap(),
        StoreOutcome::Passthrough(_) => panic!("not stored"),
    }
}

fn ok_or_storage<T>(r: Result<T, EngineError>, handle: &Handle) -> Option<String> {
    match r {
        Ok(_) => None,
        Err(EngineError::Storage(msg)) => {
            assert!(
                msg.contains(handle.as_str()),
                "error without the handle: {msg}"
            );
            Some(msg)
        }
        Err(other) => panic!("not a storage error: {other:?}"),
    }
}

/// Runs every read operation; returns the storage errors seen.
fn exercise(st: &MemStorage, handle: &Handle) -> Vec<String> {
    let mut errors = Vec::new();
    match Doc::open(st, handle.as_str()) {
        Err(err) => errors.extend(ok_or_storage::<()>(Err(err), handle)),
        Ok(doc) => {
            let ops: Vec<Result<String, EngineError>> = vec![
                doc.read(LineRange { first: 1, last: 20 }, 4000),
                doc.read(
                    LineRange {
                        first: 2500,
                        last: 2600,
                    },
                    4000,
                ),
                doc.read(
                    LineRange {
                        first: 4990,
                        last: u64::MAX,
                    },
                    4000,
                ),
                doc.tail(30, 4000),
                doc.grep(
                    "ERROR",
                    &GrepOptions {
                        context: 3,
                        ignore_case: false,
                        max_matches: None,
                    },
                    8000,
                ),
                truncate::head_tail(&doc, 3000),
            ];
            for r in ops {
                errors.extend(ok_or_storage(r, handle));
            }
        }
    }
    for mode in [Mode::Lexical, Mode::Truncate, Mode::Auto] {
        let result = extract::extract(
            st,
            &NoLlm,
            ExtractRequest {
                handle: handle.to_string(),
                extract: "the errors".into(),
                mode: Some(mode),
                max_bytes: None,
                max_chunks: None,
                max_llm_calls: None,
                overlap_percent: None,
            },
        );
        assert!(!result.text.contains("panicked"), "{}", result.text);
        if result.failed {
            assert!(result.text.contains(handle.as_str()), "{}", result.text);
            errors.push(result.text);
        }
    }
    errors
}

/// Store the text, apply `corrupt` to its files, and check every operation.
fn check(what: &str, corrupt: impl Fn(&MemStorage, &Handle, &Handle), must_fail: bool) {
    let st = MemStorage::new();
    let handle = stored(&st, &text());
    let other = stored(&st, &"another output, another shape\n".repeat(3000));
    corrupt(&st, &handle, &other);
    let errors = exercise(&st, &handle);
    if must_fail {
        assert!(!errors.is_empty(), "{what}: no error reported");
    }
}

fn get(st: &MemStorage, h: &Handle, kind: FileKind) -> Vec<u8> {
    st.get(&h.file(kind)).unwrap()
}

fn put(st: &MemStorage, h: &Handle, kind: FileKind, data: &[u8]) {
    st.write(&h.file(kind), data).unwrap();
}

fn edit_meta(st: &MemStorage, h: &Handle, edit: impl Fn(&mut serde_json::Value)) {
    let mut meta: serde_json::Value = serde_json::from_slice(&get(st, h, FileKind::Meta)).unwrap();
    edit(&mut meta);
    put(st, h, FileKind::Meta, &serde_json::to_vec(&meta).unwrap());
}

fn index(st: &MemStorage, h: &Handle) -> Vec<u64> {
    get(st, h, FileKind::LineIndex)
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn put_index(st: &MemStorage, h: &Handle, offsets: &[u64]) {
    let raw: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
    put(st, h, FileKind::LineIndex, &raw);
}

#[test]
fn intact_files_give_no_error() {
    check("intact", |_, _, _| {}, false);
    let st = MemStorage::new();
    let h = stored(&st, &text());
    assert!(exercise(&st, &h).is_empty());
}

#[test]
fn corrupt_sidecar_is_a_storage_error() {
    use serde_json::json;
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        (
            "view bytes 1 TB",
            Box::new(|m| m["view"]["bytes"] = json!(1u64 << 40)),
        ),
        (
            "view bytes u64::MAX",
            Box::new(|m| m["view"]["bytes"] = json!(u64::MAX)),
        ),
        (
            "view bytes short",
            Box::new(|m| m["view"]["bytes"] = json!(100)),
        ),
        (
            "view lines huge",
            Box::new(|m| m["view"]["lines"] = json!(u64::MAX)),
        ),
        (
            "view lines few",
            Box::new(|m| m["view"]["lines"] = json!(3)),
        ),
        (
            "view lines zero",
            Box::new(|m| m["view"]["lines"] = json!(0)),
        ),
        (
            "view lines more",
            Box::new(|m| m["view"]["lines"] = json!(6000)),
        ),
        ("view kind", Box::new(|m| m["view"]["kind"] = json!("../x"))),
        (
            "view kind json",
            Box::new(|m| m["view"]["kind"] = json!("json")),
        ),
        (
            "preview line",
            Box::new(|m| m["preview"]["tail"][0]["line"] = json!(u64::MAX)),
        ),
        (
            "preview line zero",
            Box::new(|m| m["preview"]["head"][0]["line"] = json!(0)),
        ),
        ("version", Box::new(|m| m["version"] = json!(99))),
    ];
    for (what, edit) in cases {
        check(what, |st, h, _| edit_meta(st, h, &edit), true);
    }
    let raw = |data: Vec<u8>| {
        move |st: &MemStorage, h: &Handle, _: &Handle| put(st, h, FileKind::Meta, &data)
    };
    check("empty", raw(Vec::new()), true);
    check("garbage", raw(b"\x00\xff{{not json".to_vec()), true);
    check("oversized", raw(vec![b' '; 2 << 20]), true);
    check(
        "truncated",
        |st, h, _| {
            let m = get(st, h, FileKind::Meta);
            put(st, h, FileKind::Meta, &m[..m.len() / 2]);
        },
        true,
    );
    check(
        "another handle's",
        |st, h, o| put(st, h, FileKind::Meta, &get(st, o, FileKind::Meta)),
        true,
    );
}

#[test]
fn corrupt_line_index_is_a_storage_error() {
    type Edit = Box<dyn Fn(&mut Vec<u64>)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("empty", Box::new(|i| i.clear())),
        (
            "one entry short",
            Box::new(|i| {
                i.pop();
            }),
        ),
        ("one entry more", Box::new(|i| i.push(u64::MAX))),
        ("out of range", Box::new(|i| i[2] = 1 << 40)),
        (
            "last out of range",
            Box::new(|i| *i.last_mut().unwrap() = u64::MAX),
        ),
        ("first not 0", Box::new(|i| i[0] = 5)),
        ("decreasing", Box::new(|i| i.swap(1, 2))),
        ("not at a line start", Box::new(|i| i[3] += 1)),
        ("one line late", Box::new(|i| i[2] += 12)),
        ("all zero", Box::new(|i| i.iter_mut().for_each(|o| *o = 0))),
    ];
    for (what, edit) in cases {
        check(
            what,
            |st, h, _| {
                let mut i = index(st, h);
                edit(&mut i);
                put_index(st, h, &i);
            },
            true,
        );
    }
    check(
        "odd size",
        |st, h, _| {
            let mut raw = get(st, h, FileKind::LineIndex);
            raw.push(0);
            put(st, h, FileKind::LineIndex, &raw);
        },
        true,
    );
    check(
        "missing",
        |st, h, _| st.remove(&h.file(FileKind::LineIndex)).unwrap(),
        true,
    );
    check(
        "another handle's",
        |st, h, o| put(st, h, FileKind::LineIndex, &get(st, o, FileKind::LineIndex)),
        true,
    );
}

#[test]
fn corrupt_view_is_a_storage_error() {
    let view = |st: &MemStorage, h: &Handle| get(st, h, FileKind::ViewText);
    check(
        "truncated",
        |st, h, _| put(st, h, FileKind::ViewText, &view(st, h)[..1000]),
        true,
    );
    check(
        "longer",
        |st, h, _| {
            put(
                st,
                h,
                FileKind::ViewText,
                &[view(st, h), b"more\n".to_vec()].concat(),
            )
        },
        true,
    );
    check(
        "missing",
        |st, h, _| st.remove(&h.file(FileKind::ViewText)).unwrap(),
        true,
    );
    check(
        "no newlines, same size",
        |st, h, _| put(st, h, FileKind::ViewText, &vec![b'x'; view(st, h).len()]),
        true,
    );
    check(
        "newlines moved, same size",
        |st, h, _| {
            let mut v = view(st, h);
            let n = v.len();
            v[..n / 2].iter_mut().for_each(|c| *c = b'\n');
            put(st, h, FileKind::ViewText, &v);
        },
        true,
    );
    // Same size, same line starts, other text: not detectable, and fine.
    check(
        "garbage bytes between newlines",
        |st, h, _| {
            let v: Vec<u8> = view(st, h)
                .iter()
                .map(|&c| if c == b'\n' { c } else { 0xff })
                .collect();
            put(st, h, FileKind::ViewText, &v);
        },
        false,
    );
}

#[test]
fn broken_outputs_are_listed_with_their_problem_and_removable() {
    let st = MemStorage::new();
    let good = stored(&st, &text());
    let bad_meta = stored(&st, &text());
    let bad_index = stored(&st, &text());
    put(&st, &bad_meta, FileKind::Meta, b"{\"version\": 1, trunc");
    put(&st, &bad_index, FileKind::LineIndex, b"\x01");
    st.write(&bad_meta.part_file(FileKind::ViewText), b"left over")
        .unwrap();
    let listed = crate::doc::list(&st).unwrap();
    assert_eq!(listed.len(), 3);
    for info in &listed {
        let problem = info.problem.as_deref();
        if info.handle == good.as_str() {
            assert_eq!(problem, None);
            assert_eq!(info.view_lines, 5000);
        } else {
            let problem = problem.expect("marked broken");
            assert!(
                problem.contains(&info.handle) && problem.contains("corrupt"),
                "{problem}"
            );
        }
    }
    for h in [&bad_meta, &bad_index] {
        crate::doc::remove(&st, h.as_str()).unwrap();
        assert!(st.names().iter().all(|n| !n.starts_with(h.as_str())));
        assert!(matches!(
            crate::doc::remove(&st, h.as_str()),
            Err(EngineError::UnknownHandle(_))
        ));
    }
    // Only the leftovers of an interrupted store: removable too.
    let orphan = Handle::new();
    st.write(&orphan.part_file(FileKind::Original), b"x")
        .unwrap();
    crate::doc::remove(&st, orphan.as_str()).unwrap();
    let listed = crate::doc::list(&st).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].handle, good.as_str());
    assert_eq!(st.names().len(), 4);
}

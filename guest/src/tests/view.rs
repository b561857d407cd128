//! The view's size bound on outputs stored through the real store path:
//! JSON that re-indents to many times its size is viewed as text; what a
//! byte-order mark at a line start changes (nothing the view decides).

use crate::bindings::types::{CallInfo, StoreOutcome};
use crate::storage::MemStorage;
use crate::view::{JSON_ALLOWANCE, JSON_GROWTH, WRAP_BYTES};

/// View bytes of `input` stored through the real store path.
fn stored_view_bytes(input: &[u8]) -> u64 {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let outcome = crate::store::store(&st, call, input, crate::default_policy()).unwrap();
    assert!(matches!(outcome, StoreOutcome::Stored(_)));
    crate::doc::list(&st).unwrap()[0].view_bytes
}

#[test]
fn json_view_stays_within_twice_the_input_plus_the_allowance() {
    let n = 300_000;
    let tiny_arrays = format!("[{}[]]", "[],".repeat(n));
    let small_ints = format!(
        "[{}]",
        (0..n)
            .map(|i| format!("[{},{}]", i % 10, i % 7))
            .collect::<Vec<_>>()
            .join(",")
    );
    let deep_objects = format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n));
    let deep_then_wide = format!(
        "{}{}{}",
        "[".repeat(40),
        "0,".repeat(n) + "0",
        "]".repeat(40)
    );
    let inputs: Vec<(&str, String)> = vec![
        ("deep arrays", format!("{}{}", "[".repeat(n), "]".repeat(n))),
        ("tiny arrays", tiny_arrays),
        ("small ints at depth 2", small_ints),
        ("deep objects", deep_objects),
        ("deep then wide", deep_then_wide),
        ("unclosed", "[".repeat(n)),
    ];
    for (what, input) in inputs {
        let view = stored_view_bytes(input.as_bytes());
        let input = input.len() as u64;
        // Soft-wrapping adds a newline per 1500 bytes or more of view.
        let bound = JSON_GROWTH * input + JSON_ALLOWANCE;
        let bound = bound + bound / (WRAP_BYTES as u64 * 3 / 4) + 1;
        assert!(view <= bound, "{what}: view {view} bytes for {input}");
    }
    // Ordinary JSON is still re-indented.
    let records = format!(
        "[{}]",
        (0..2000)
            .map(|i| format!("{{\"id\":{i},\"name\":\"user number {i}\",\"ok\":true}}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let view = stored_view_bytes(records.as_bytes());
    assert!(view > records.len() as u64, "not re-indented");
}

/// What storing `input` in pieces of `piece` bytes decides: JSON or not,
/// the summary line and the view's text.
fn stored_as(input: &str, piece: usize) -> (bool, Vec<String>, String) {
    use crate::bindings::types::{CallInfo, StoreOutcome, StorePolicy};
    let st = crate::storage::MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = StorePolicy {
        max_inline_bytes: 1,
        ..crate::default_policy()
    };
    let mut writer = crate::store::Writer::new(call, policy);
    for chunk in input.as_bytes().chunks(piece) {
        writer.write(&st, chunk).unwrap();
    }
    let StoreOutcome::Stored(stored) = writer.finish(&st).unwrap() else {
        panic!("stored")
    };
    let doc = crate::doc::Doc::open(&st, &stored.handle).unwrap();
    let range = crate::bindings::types::LineRange { first: 1, last: 8 };
    let view = doc.read(range, 4096).unwrap();
    (
        doc.meta.stats.is_json,
        doc.meta.preview.summary.clone(),
        view,
    )
}

#[test]
fn a_byte_order_mark_at_a_line_start_changes_nothing_the_view_decides() {
    // What PowerShell and .NET write, and files joined with `cat`.
    let document = r#"{"items": [{"id": 1}, {"id": 2}]}"#.to_string();
    let lines: String = (0..40)
        .map(|i| format!("{{\"id\":{i},\"level\":\"info\"}}\r\n"))
        .collect();
    let csv: String = std::iter::once("id,name\n".to_string())
        .chain((0..40).map(|i| format!("{i},n{i}\n")))
        .collect();
    for plain in [document, lines, csv] {
        let marked = format!("\u{feff}{plain}");
        let every_line: String = plain
            .split_inclusive('\n')
            .map(|line| format!("\u{feff}{line}"))
            .collect();
        let want = stored_as(&plain, plain.len());
        assert!(!want.1.is_empty(), "{want:?}");
        for input in [&marked, &every_line] {
            for piece in [1, 2, 7, input.len()] {
                assert_eq!(stored_as(input, piece), want, "{piece}: {input:.60}");
            }
        }
        assert_eq!(
            crate::view::is_json(&marked),
            crate::view::is_json(&plain),
            "passthrough's verdict too"
        );
    }
}

/// A document of many tiny objects (`kcat -L -J`'s `{"id":5}`s), whose
/// view re-indented line by line would grow past its bound, is re-indented
/// with its deepest containers on one line each: still a JSON view with its
/// shape line, the records' members on their own lines, within the bound.
#[test]
fn tiny_objects_are_written_flat_below_their_records() {
    let partition = |p: usize| {
        format!(
            "{{\"partition\":{p},\"leader\":{},\"replicas\":[{{\"id\":{}}},{{\"id\":{}}}],\"isrs\":[{{\"id\":1}}]}}",
            p % 9,
            p % 7,
            p % 5
        )
    };
    let topics: Vec<String> = (0..400)
        .map(|t| {
            let parts: Vec<String> = (0..40).map(partition).collect();
            format!(
                "{{\"topic\":\"t{t}\",\"partitions\":[{}]}}",
                parts.join(",")
            )
        })
        .collect();
    let input = format!(
        "{{\"brokers\":[{{\"id\":1}}],\"topics\":[{}]}}",
        topics.join(",")
    );
    let (json, summary, _) = stored_as(&input, 64 * 1024);
    assert!(json, "still JSON");
    assert!(
        summary.iter().any(|l| l.contains("partitions")),
        "{summary:?}"
    );
    let view = stored_view_bytes(input.as_bytes());
    let bound = JSON_GROWTH * input.len() as u64 + JSON_ALLOWANCE;
    assert!(view <= bound, "view {view} bytes for {}", input.len());
    let st = crate::storage::MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let Ok(StoreOutcome::Stored(stored)) =
        crate::store::store(&st, call, input.as_bytes(), crate::default_policy())
    else {
        panic!("stored")
    };
    let doc = crate::doc::Doc::open(&st, &stored.handle).unwrap();
    let range = crate::bindings::types::LineRange { first: 1, last: 16 };
    let text = doc.read(range, 4096).unwrap();
    assert!(text.contains("\n9:       \"topic\": \"t0\",\n"), "{text}");
    assert!(
        text.contains("\"replicas\": [{\"id\": 0}, {\"id\": 0}],"),
        "{text}"
    );
}

//! Tests of `json_shape` through the indenter that feeds it (so they sit
//! under `json`, which uses `json_shape`, not the other way round).

use super::JsonIndenter;
use crate::view::json_shape::{KEY_BYTES, MAX_DEPTH, MAX_NODES};
use crate::view::preview::SUMMARY_BYTES;
use crate::view::test_util::{XorShift, random_split};

/// The shape variants of `doc`, the same whole and in random pieces.
fn shape(doc: &str) -> Vec<String> {
    let run = |pieces: &[&str]| {
        let mut indenter = JsonIndenter::new();
        let mut out = String::new();
        for p in pieces {
            indenter.push(p, &mut out);
        }
        assert!(indenter.finish(&mut out), "invalid: {doc:.80}");
        indenter.shape().render()
    };
    let whole = run(&[doc]);
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..5 {
        assert_eq!(run(&random_split(doc, &mut rng)), whole);
    }
    whole
}

fn records(n: usize) -> String {
    let items: Vec<String> = (0..n)
        .map(|i| match i % 300 {
            7 => format!(r#"{{"id":{i},"status":"ok"}}"#),
            _ => format!(r#"{{"id":{i},"status":"ok","owner":"u{i}"}}"#),
        })
        .collect();
    format!("[{}]", items.join(","))
}

#[test]
fn array_of_objects_names_keys_and_how_many_have_each() {
    let variants = shape(&records(3000));
    assert_eq!(
        variants,
        [
            "shape: array[3000] of {id: number, status: string, owner (2990 of 3000): string}",
            "shape: array[3000] of {id, status, owner (2990 of 3000)}",
            "shape: array[3000] of {…}",
        ]
    );
}

#[test]
fn nested_object_shows_types_at_the_top_and_paths_below() {
    let doc = format!(
        r#"{{"data":{},"total":3000,"next":null,"meta":{{"page":{{"size":50,"tags":["a","b"]}}}}}}"#,
        records(3000)
    );
    let variants = shape(&doc);
    assert_eq!(
        variants[0],
        "shape: {data: array[3000] of {id: number, status: string, owner (2990 of 3000): \
             string}, total: number, next: null, meta: {page: {size: number, tags: array[2] of \
             string}}}"
    );
    assert_eq!(
        variants[2],
        "shape: {data: array[3000] of {id, status, owner (2990 of 3000)}, total: number, \
             next: null, meta: {page}}"
    );
    assert_eq!(variants.last().unwrap(), "shape: {…}");
}

#[test]
fn mixed_types_lengths_and_odd_keys() {
    let doc = r#"[[1,2],[3],{"a b":1,"":"x","k":[]},"s",null,[]]"#;
    assert_eq!(
        shape(doc)[0],
        r#"shape: array[6] of {"a b": number, "": string, k: array[0]}|array[0–2] of number|string|null"#
    );
    assert_eq!(shape("[]")[0], "shape: array[0]");
    assert_eq!(shape("{}")[0], "shape: {}");
}

#[test]
fn deep_and_wide_hostile_json_stays_bounded() {
    let n = 100_000;
    let deep = format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
    let mut indenter = JsonIndenter::new();
    let mut out = String::new();
    indenter.push(&deep, &mut out);
    assert!(indenter.finish(&mut out));
    let shape = indenter.shape();
    assert_eq!(shape.node_count(), MAX_DEPTH + 1);
    // Opened level by level as far as it is tracked.
    assert_eq!(
        shape.render()[0],
        "shape: {a: {a: {a: {a: {a: {a: {…}}}}}}}"
    );
    let mut line = String::new();
    shape.render_node(0, MAX_DEPTH + 2, &mut line);
    assert_eq!(
        line, "{a: {a: {a: {a: {a: {a: {…}}}}}}}",
        "past the tracked depth"
    );

    // A map keyed by id: a new key per member, long keys.
    let wide = format!(
        "{{{}}}",
        (0..n)
            .map(|i| format!(r#""user-{i}-{}":{{"x":{i}}}"#, "k".repeat(i % 100)))
            .collect::<Vec<_>>()
            .join(",")
    );
    let mut indenter = JsonIndenter::new();
    indenter.push(&wide, &mut out);
    assert!(indenter.finish(&mut out));
    let shape = indenter.shape();
    assert_eq!(shape.node_count(), MAX_NODES);
    assert!(shape.longest_key() <= KEY_BYTES + 3);
    let line = &shape.render()[0];
    assert!(line.len() <= SUMMARY_BYTES + 3, "{}", line.len());
    assert!(
        line.starts_with("shape: {user-0-: {x: number}, user-1-k: {x: number}"),
        "{line:.200}"
    );
    assert!(shape.render().last().unwrap() == "shape: {…}");
}

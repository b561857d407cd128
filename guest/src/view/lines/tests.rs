//! Tests of `lines`.

use super::*;
use crate::view::detect::ends::HEAD_LINES;
use crate::view::detect::error_blocks::BLOCK_LINES;

#[test]
fn numbers_wraps_and_indexes_lines() {
    let mut sink = LineSink::new();
    let long = "word ".repeat(1000); // 5000 bytes
    sink.push("first\n");
    sink.push(&long);
    sink.push("\nlast");
    sink.finish();
    let view = String::from_utf8(sink.take_output()).unwrap();
    let lines: Vec<&str> = view.split('\n').collect();
    assert!(lines.iter().all(|l| l.len() <= WRAP_BYTES));
    assert_eq!(lines.first(), Some(&"first"));
    assert_eq!(lines.last(), Some(&"last"));
    assert_eq!(sink.lines() as usize, lines.len());
    assert_eq!(
        view.replace('\n', ""),
        format!("first{}last", long.trim_end_matches('\n'))
    );
    assert_eq!(sink.index(), &[0]);
    assert_eq!(sink.bytes() as usize, view.len());
}

#[test]
fn an_error_brings_its_block_and_a_traceback_its_exception() {
    let mut sink = LineSink::new();
    sink.push("   Compiling a v1\nTraceback (most recent call last):\n");
    for i in 0..12 {
        sink.push(&format!("  File \"m{i}.py\", line {i}, in f\n    f()\n"));
    }
    sink.push("KeyError: 'user'\n   Compiling b v1\nerror: x\n  --> src/a.rs:1:1\nnext\n");
    sink.finish();
    let errors: Vec<String> = sink.preview().errors.into_iter().map(|l| l.text).collect();
    assert_eq!(errors[0], "Traceback (most recent call last):");
    assert_eq!(errors[1], "  File \"m0.py\", line 0, in f");
    assert_eq!(errors.len(), 1 + BLOCK_LINES + 1 + 2, "{errors:?}");
    assert_eq!(errors[BLOCK_LINES + 1], "KeyError: 'user'");
    assert_eq!(errors[BLOCK_LINES + 3], "  --> src/a.rs:1:1");
}

#[test]
fn a_preview_stored_before_the_newer_fields_still_loads() {
    let old = r#"{"head":[{"line":1,"text":"a"}],"errors":[],"tail":[]}"#;
    let p: PreviewLines = serde_json::from_str(old).unwrap();
    assert_eq!(p.head[0].text, "a");
    assert!(p.rare.is_empty() && p.common.is_empty() && p.summary.is_empty());
}

#[test]
fn wraps_cjk_on_char_boundaries() {
    let mut sink = LineSink::new();
    sink.push(&"错误😀".repeat(1000));
    sink.finish();
    let view = String::from_utf8(sink.take_output()).unwrap();
    assert!(
        view.split('\n')
            .all(|l| l.len() <= WRAP_BYTES && !l.is_empty())
    );
}

#[test]
fn preview_keeps_head_tail_and_errors_from_the_middle() {
    let mut sink = LineSink::new();
    for i in 1..=5000 {
        if i == 2500 {
            sink.push("error[E0433]: failed to resolve: use of undeclared crate `tokio`\n");
        } else {
            sink.push(&format!("   Compiling crate{i} v0.1.0\n"));
        }
    }
    sink.finish();
    let p = sink.preview();
    assert_eq!(p.head.len(), HEAD_LINES);
    assert_eq!(p.head[0].line, 1);
    assert_eq!(p.tail.last().unwrap().line, 5000);
    assert_eq!(p.errors.len(), 1);
    assert_eq!(p.errors[0].line, 2500);
    assert_eq!(sink.index().len(), 5);
    let view = sink.take_output();
    let third_stride = sink.index()[2] as usize;
    assert!(view[third_stride..].starts_with(b"   Compiling crate2049 "));
}

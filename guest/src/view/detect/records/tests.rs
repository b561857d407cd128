//! Which rule outputs of several kinds get, and which lines start records.

use super::*;

/// The rule for `text`, and the 1-based lines that start records under it.
fn starts(text: &str) -> (Option<RecordRule>, Vec<usize>) {
    let mut detector = RecordDetector::default();
    text.lines().for_each(|l| detector.push(l));
    let rule = detector.rule();
    let Some(r) = &rule else {
        return (None, Vec::new());
    };
    let mut cursor = RecordCursor::new(r);
    let lines = (text.lines().enumerate())
        .filter(|(_, l)| cursor.starts(l))
        .map(|(i, _)| i + 1)
        .collect();
    (rule, lines)
}

fn shape(word: &str) -> String {
    let shape = Shape::of(word).as_str().to_owned();
    assert_eq!(shape_hash(word), key_shape_hash(&shape), "{word:?}");
    shape
}

#[test]
fn shapes_keep_words_and_coarsen_values() {
    assert_eq!(shape("commit"), "commit");
    assert_eq!(shape("I1123"), "I0");
    assert_eq!(shape("2026-11-23T10:00:01.123Z"), "0a0a0a0:0:0a0a");
    assert_eq!(
        shape("2026-11-24T09:59:59.9Z"),
        shape("2026-11-23T10:00:01.123Z")
    );
    assert_eq!(shape("src/api/client.ts(118,9):"), "a(0,0):");
    assert_eq!(shape("\"lodash\":"), "\"\":");
    assert_eq!(shape("Author:"), "Author:");
    assert_eq!(shape("dn:"), "dn:");
    assert_eq!(shape("warning:"), shape("ERROR:"));
}

#[test]
fn commits_are_records_and_their_diffs_continue_them() {
    let mut log = String::new();
    for i in 0..10 {
        log.push_str(&format!(
            "commit {i:040x}\nAuthor: A <a@x>\nDate:   Mon Nov 23\n\n    Subject {i}\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n ctx\n-old\n+new\n\n"
        ));
    }
    let (rule, lines) = starts(&log);
    assert_eq!(rule.unwrap().key.as_deref(), Some("commit"));
    assert_eq!(lines, (0..10).map(|i| 1 + i * 14).collect::<Vec<_>>());
}

#[test]
fn yaml_list_items_are_records() {
    let mut yaml = String::from("apiVersion: v1\nitems:\n");
    for i in 0..9 {
        yaml.push_str(&format!(
            "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: pod-{i}\n  status:\n    phase: Running\n"
        ));
    }
    yaml.push_str("kind: List\n");
    let (rule, lines) = starts(&yaml);
    assert_eq!(
        rule.unwrap(),
        RecordRule {
            indent: 0,
            key: None,
            count: 12
        }
    );
    let mut want = vec![1, 2];
    want.extend((0..9).map(|i| 3 + i * 6));
    want.push(57);
    assert_eq!(lines, want);
}

#[test]
fn elements_of_a_json_view_are_records() {
    let mut json = String::from("{\n  \"items\": [\n");
    for i in 0..8 {
        json.push_str(&format!(
            "    {{\n      \"name\": \"svc-{i}\",\n      \"ports\": [\n        80\n      ]\n    }},\n"
        ));
    }
    json.push_str("  ],\n  \"kind\": \"List\"\n}\n");
    let (rule, lines) = starts(&json);
    assert_eq!(rule.unwrap().indent, 4);
    let mut want = vec![1];
    want.extend((0..8).map(|i| 3 + i * 6));
    // The array's end is shallower than a record: it starts the tail, and
    // the document's end another.
    want.extend([51, 53]);
    assert_eq!(lines, want);
}

#[test]
fn a_comment_belongs_to_the_block_it_precedes() {
    let mut plan = String::from("Terraform will perform the following actions:\n\n");
    for i in 0..8 {
        plan.push_str(&format!(
            "  # aws_instance.w[{i}] will be created\n  + resource \"aws_instance\" \"w\" {{\n      + ami = \"ami-{i}\"\n    }}\n\n"
        ));
    }
    plan.push_str("Plan: 8 to add, 0 to change, 0 to destroy.\n");
    let (rule, lines) = starts(&plan);
    assert_eq!(rule.unwrap().indent, 2);
    let mut want = vec![1];
    want.extend((0..8).map(|i| 3 + i * 5));
    want.push(43);
    assert_eq!(lines, want);
}

#[test]
fn a_log_entry_holds_its_trace() {
    let mut log = String::new();
    for i in 0..20 {
        log.push_str(&format!(
            "2026-11-23 10:00:{i:02}.000 INFO request {i} served\n"
        ));
        if i == 12 {
            log.push_str("java.lang.IllegalStateException: boom\n\tat com.acme.A.b(A.java:1)\nCaused by: java.io.IOException: gone\n\tat com.acme.C.d(C.java:2)\n");
        }
    }
    let (rule, lines) = starts(&log);
    assert_eq!(rule.unwrap().key.as_deref(), Some("0a0a0"));
    let want: Vec<usize> = (1..=13).chain(18..=24).collect();
    assert_eq!(lines, want);
}

#[test]
fn a_logs_timestamp_past_a_banner_that_recurs_starts_its_records() {
    // A worker prints a 30-line banner at each start, then a line per
    // event: its entries are the records, not the banners.
    let banner: String = (0..30)
        .map(|i| format!("{} ** ---- .> setting{i}: value\n", "-".repeat(1 + i % 3)))
        .collect();
    let mut log = String::new();
    for start in 0..3 {
        log.push_str(&banner);
        for i in 0..200 {
            log.push_str(&format!(
                "[2026-11-26 22:{start:02}:{:02},000: INFO/MainProcess] Task t[{i}] succeeded\n",
                i % 60
            ));
        }
    }
    let (rule, lines) = starts(&log);
    assert_eq!(rule.unwrap().key.as_deref(), Some("[0a0a0"));
    assert_eq!(lines.len(), 3 * 200 + 1, "each entry, and the first banner");
}

#[test]
fn prose_and_short_outputs_have_no_records() {
    let prose = "The river ran past the mill.\nWe had once been young.\n".repeat(3);
    assert_eq!(starts(&prose).0, None);
    assert_eq!(starts("a\nb\nc\n").0, None);
}

#[test]
fn only_the_first_lines_words_are_counted() {
    let mut detector = RecordDetector::default();
    for i in 0..5000 {
        detector.push(&format!(
            "{}word{} rest",
            "x".repeat(i % 40),
            "y".repeat(i % 50)
        ));
    }
    assert!(detector.candidates.len() <= HEADER_CANDIDATES);
}

#[test]
fn a_tables_first_column_is_no_header() {
    // `kubectl get pvc -A`: the namespace repeats in no order; every row
    // is its own record, not a `shop` row and the rows after it.
    let mut table = String::from("NAMESPACE   NAME      STATUS   VOLUME\n");
    for i in 0..60 {
        let ns = ["shop", "ci", "shop", "data", "ci", "ci", "shop"][i * 5 % 7];
        table.push_str(&format!("{ns:<11} claim-{i:<3} Bound    pvc-{i}\n"));
    }
    assert_eq!(starts(&table).0, None);
    // Sorted by namespace, as `kubectl get -A` prints it: the same.
    let mut rows: Vec<&str> = table.lines().skip(1).collect();
    rows.sort();
    let sorted = format!(
        "NAMESPACE   NAME      STATUS   VOLUME\n{}\n",
        rows.join("\n")
    );
    assert_eq!(starts(&sorted).0, None);
    // A log whose entries start with a level word and carry other lines
    // laid out otherwise keeps its header.
    let mut log = String::new();
    for i in 0..20 {
        log.push_str(&format!("ERROR request {i} failed\nCaused by: timeout\n"));
    }
    assert_eq!(starts(&log).0.and_then(|r| r.key), Some("ERROR".into()));
}

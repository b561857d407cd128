//! Error blocks by template: the rare one gets a slot, the repeated one is
//! counted once.

use super::*;
use crate::view::LineSink;

fn preview(text: &str) -> crate::view::PreviewLines {
    let mut sink = LineSink::new();
    sink.push(text);
    sink.finish();
    sink.preview()
}

#[test]
fn a_repeated_template_is_counted_once_and_the_rare_line_gets_its_slot() {
    let mut log = String::new();
    for i in 0..3000 {
        if i == 1700 {
            log.push_str("Nov 23 10:41:07 host app[99]: FATAL: cannot open WAL segment 0001\n");
        } else if i % 2 == 0 {
            log.push_str(&format!(
                "Nov 23 10:41:{:02} host sshd[{}]: error: kex_exchange_identification: Connection reset by peer [preauth]\n",
                i % 60,
                1000 + i
            ));
        } else {
            log.push_str(&format!(
                "Nov 23 10:41:{:02} host cron[7]: job {i} done\n",
                i % 60
            ));
        }
    }
    let p = preview(&log);
    let fatal = p
        .errors
        .iter()
        .find(|l| l.text.contains("FATAL"))
        .expect("the fatal line");
    assert_eq!(fatal.line, 1701);
    // Its first line, and with room to spare its second and its last.
    let sshd: Vec<u64> = (p.errors.iter())
        .filter(|l| l.text.contains("sshd"))
        .map(|l| l.line)
        .collect();
    assert_eq!(sshd, [1, 3, 2999], "{:?}", p.errors);
    assert!(!p.errors.iter().any(|l| l.text.contains("cron")));
    assert_eq!(
        p.repeats,
        [Repeat {
            line: 1,
            count: 1499,
            last: 2999,
            names: Vec::new(),
            values: Vec::new(),
        }]
    );
}

#[test]
fn the_lines_of_the_same_source_continue_a_block() {
    let mut log = String::new();
    for i in 0..200 {
        log.push_str(&format!(
            "11-23 10:00:{:02}.000  1432  1501 D Net: ok {i}\n",
            i % 60
        ));
    }
    log.push_str("11-23 10:54:08.123  8123  8123 E AndroidRuntime: FATAL EXCEPTION: main\n");
    log.push_str(
        "11-23 10:54:08.123  8123  8123 E AndroidRuntime: Process: com.acme.shop, PID: 8123\n",
    );
    log.push_str("11-23 10:54:08.124  8123  8123 E AndroidRuntime: java.lang.IllegalStateException: Fragment not attached\n");
    log.push_str("11-23 10:54:08.125  1432  1501 D Net: ok\n");
    let p = preview(&log);
    let texts: Vec<&str> = p.errors.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts[2].contains("IllegalStateException"));
}

/// pip's resolver: the error, a blank line, a line introducing the
/// explanation and its indented lines are one block; the next paragraph
/// after a second blank line is not.
#[test]
fn an_error_explained_after_one_blank_line_keeps_its_explanation() {
    let mut log = String::new();
    for i in 0..400 {
        log.push_str(&format!(
            "Collecting pkg{i}>=1.{i} (from -r requirements.txt (line {i}))\n"
        ));
    }
    log.push_str(
        "ERROR: Cannot install -r requirements.txt (line 27) and protobuf==3.20.3 because these package versions have conflicting dependencies.\n\
         \n\
         The conflict is caused by:\n    The user requested protobuf==3.20.3\n    grpcio-status 1.62.2 depends on protobuf>=4.21.6\n\
         \n\
         To fix this you could try to:\n1. loosen the range of package versions you've specified\n",
    );
    let kept: Vec<u64> = preview(&log).errors.iter().map(|l| l.line).collect();
    assert_eq!(kept, [401, 403, 404, 405]);
}

/// A repeated error's lines in records of a few names say whose they
/// are: the topics whose partitions have no leader.
#[test]
fn a_repeated_error_says_the_records_it_is_in() {
    let mut doc = String::from("{\n  \"topics\": [\n");
    for t in 0..300 {
        let broken = [40, 41, 150, 299].contains(&t);
        doc.push_str(&format!(
            "    {{\n      \"topic\": \"orders.t{t}\",\n      \"partitions\": [\n        {{\n          \"partition\": 0,\n{}          \"leader\": {}\n        }}\n      ]\n    }}{}\n",
            if broken {
                "          \"error\": \"Broker: Leader not available\",\n"
            } else {
                ""
            },
            if broken { -1 } else { 3 },
            if t == 299 { "" } else { "," }
        ));
        if t == 41 {
            // Twice in the first broken record.
            doc = doc.replacen(
                "          \"partition\": 0,\n          \"error\": \"Broker: Leader not available\",\n          \"leader\": -1\n        }\n      ]\n    },\n",
                "          \"partition\": 0,\n          \"error\": \"Broker: Leader not available\",\n          \"leader\": -1\n        },\n        {\n          \"partition\": 1,\n          \"error\": \"Broker: Leader not available\",\n          \"leader\": -1\n        }\n      ]\n    },\n",
                1,
            );
        }
    }
    doc.push_str("  ]\n}\n");
    let p = preview(&doc);
    let r = p.repeats.first().expect("repeated");
    let names: Vec<(&str, u64)> = r.names.iter().map(|(n, c)| (n.as_str(), *c)).collect();
    assert_eq!(
        names,
        [
            ("orders.t40", 2),
            ("orders.t41", 1),
            ("orders.t150", 1),
            ("orders.t299", 1)
        ]
    );
}

/// A kubelet's pull failures: one template of error lines, each about its
/// own image: the repeat lists the images its lines differ by, with their
/// counts; a JSON line's quotes are its keys', no value.
#[test]
fn a_repeated_error_lists_the_quoted_values_its_lines_differ_by() {
    let mut log = String::new();
    for i in 0..3000 {
        let line = match i {
            400 | 900 | 1500 | 2500 => format!(
                "E1127 kubelet: Failed to pull image \"{}\" (rpc error: not found, attempt {i})",
                match i {
                    400 => "shop:1.4",
                    2500 => "cart:2.0",
                    _ => "search:3.1",
                }
            ),
            _ => format!("I1127 kubelet: Synced pod \"web-{i}\" in 12 ms"),
        };
        log.push_str(&line);
        log.push('\n');
    }
    let p = preview(&log);
    let values: Vec<(&str, u64)> = (p.repeats[0].values.iter())
        .map(|(v, c)| (v.as_str(), *c))
        .collect();
    assert_eq!(
        values,
        [
            ("\"shop:1.4\"", 1),
            ("\"search:3.1\"", 2),
            ("\"cart:2.0\"", 1)
        ]
    );
    assert_eq!(quoted(r#"{"level":"error","msg":"a \"b\" c"}"#), None);
    assert_eq!(
        quoted(r#"E: "x.yaml": parse error near "spec""#).as_deref(),
        Some("\"spec\"")
    );
}

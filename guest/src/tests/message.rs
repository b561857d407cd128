//! The handle message of outputs stored through the real store path: the
//! preview within any cap, the shape line's place, error blocks before
//! frames.

use crate::bindings::types::{CallInfo, StoreOutcome, StorePolicy};
use crate::message::preview_text;
use crate::meta::Meta;
use crate::storage::MemStorage;

#[test]
fn preview_text_stays_within_any_cap() {
    // Found by fuzzing: under the smallest preview, the "lines stored"
    // note was clipped to the cap and then got a 3-byte `…` on top.
    let st = MemStorage::new();
    let output = "error: one\nok\n".repeat(2000);
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = crate::default_policy();
    let StoreOutcome::Stored(s) =
        crate::store::store(&st, call, output.as_bytes(), policy).unwrap()
    else {
        panic!("not stored");
    };
    let handle = crate::handle::Handle::parse(&s.handle).unwrap();
    let meta = Meta::load(&st, &handle).unwrap();
    for max in 0..400 {
        let text = preview_text(&meta, max);
        assert!(
            text.len() <= max,
            "cap {max}: {} bytes {text:?}",
            text.len()
        );
    }
    assert!(preview_text(&meta, 30).starts_with("Partial preview: 4000"));
}

fn stored(output: &str, max_inline_bytes: u64) -> String {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "t".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = StorePolicy {
        max_inline_bytes,
        ..crate::default_policy()
    };
    match crate::store::store(&st, call, output.as_bytes(), policy).unwrap() {
        StoreOutcome::Stored(s) => s.message,
        StoreOutcome::Passthrough(_) => panic!("not stored"),
    }
}

#[test]
fn the_shape_line_follows_the_preview_header_and_goes_last_but_one() {
    let records: Vec<String> = (0..3000)
        .map(|i| match i {
            1234 => format!(r#"{{"id":{i},"status":"error: disk full"}}"#),
            _ => format!(r#"{{"id":{i},"status":"ok","owner":"u{i}"}}"#),
        })
        .collect();
    let output = format!("[{}]", records.join(","));
    let full = "shape: array[3000] of {id: number, status: string, owner (2999 of 3000): string}";
    let message = stored(&output, 12288);
    let lines: Vec<&str> = message.lines().collect();
    // One line of JSON, 15001 in the view: the header's count alone would
    // contradict the preview's numbers.
    assert!(lines[0].contains(" bytes, 1 lines, "), "{message}");
    assert_eq!(
        lines[3],
        "Line numbers refer to its view: 15001 lines (the JSON re-indented)."
    );
    assert!(
        lines[5].starts_with("--- partial preview: 11 of 15001 lines"),
        "{message}"
    );
    assert_eq!(lines[6], full);
    assert!(message.contains(": \"error: disk full\""));
    let mut shapes_only = 0;
    for max in (400..3000).step_by(10) {
        let message = stored(&output, max);
        assert!(message.len() as u64 <= max, "{max}: {message}");
        if !message.contains("--- partial preview") {
            continue;
        }
        // Errors and head lines go before the shape line does.
        let shape = message
            .lines()
            .find(|l| l.starts_with("shape: array[3000] of {"));
        let error = message.contains("error: disk full");
        assert!(shape.is_some() || !error, "{max}: {message}");
        shapes_only += usize::from(shape.is_some() && !error);
    }
    assert!(shapes_only > 0, "the shape line outlived the error lines");
}

/// Records of 26 keys, whose full shape line is wider than the narrow
/// one but not the wide one, and whose failures fill the preview: the head
/// and tail lines give way before the shape line narrows, so that it
/// still names every key for a jq program.
#[test]
fn a_wide_shape_line_outlasts_head_and_tail_lines() {
    let keys: Vec<String> = (0..26)
        .map(|k| format!("attribute_number_{k:02}"))
        .collect();
    let records: Vec<String> = (0..2000)
        .map(|i| {
            let members = keys.iter().map(|k| format!("\"{k}\":\"v\""));
            let status = match i % 400 {
                7 => format!("error: disk {i} full {}", "x".repeat(200)),
                _ => "ok".to_string(),
            };
            let members: Vec<String> = members
                .chain([format!("\"status\":\"{status}\"")])
                .collect();
            format!("{{{}}}", members.join(","))
        })
        .collect();
    let output = format!("[{}]", records.join(","));
    let message = stored(&output, 12288);
    let shape = message.lines().find(|l| l.starts_with("shape: "));
    let shape = shape.unwrap_or_else(|| panic!("{message}"));
    assert!(shape.len() > 720 && shape.len() <= 900, "{shape}");
    assert!(shape.contains("attribute_number_25: string"), "{shape}");
    assert!(message.contains("error: disk 7 full"), "{message}");
    // Fewer head lines than a preview with room for them all shows.
    assert!(!message.contains("\n4: "), "{message}");
}

#[test]
fn every_error_line_shows_before_the_frames_of_any_block() {
    // Three failures with nine-line blocks: shown in line order, the
    // first two blocks filled the twelve error slots and hid the third.
    let mut lines: Vec<String> = (0..3000)
        .map(|i| format!("INFO job {i} done in {}ms", i % 97))
        .collect();
    for (n, at) in [(1, 1000), (2, 1500), (3, 2000)] {
        let frames = (0..8).map(|k| format!("    at com.acme.Worker.step{k}(Worker.java:{k})"));
        let block: Vec<String> = std::iter::once(format!("error: failure {n} in job {at}"))
            .chain(frames)
            .collect();
        lines.splice(at..at, block);
    }
    let message = stored(&(lines.join("\n") + "\n"), 12288);
    for n in 1..=3 {
        assert!(
            message.contains(&format!("error: failure {n} in job")),
            "{message}"
        );
    }
    assert!(
        message.contains("    at com.acme.Worker.step0(Worker.java:0)"),
        "{message}"
    );
}

#[test]
fn scalars_have_a_shape_only_inside_a_document() {
    let numbers: Vec<String> = (0..20_000).map(|i| (i * 7).to_string()).collect();
    let message = stored(&format!("[{}]", numbers.join(",")), 4096);
    assert_eq!(
        message.lines().nth(6),
        Some("shape: array[20000] of number")
    );
    // A top-level scalar is viewed as text: no shape is made up for it.
    let message = stored(&format!("\"{}\"", "abc, def ".repeat(20_000)), 4096);
    assert!(
        !message.contains("shape:") && !message.contains("columns ("),
        "{message}"
    );
}

/// A value met five times in long JSON lines (a secret scanner's
/// `"Verified":true` among 555 `false`): the message gives up the head's
/// second line and the tail's last but one to show all five, with their
/// count.
#[test]
fn a_value_met_five_times_is_shown_whole_before_more_head_and_tail() {
    let mut out = String::new();
    for i in 0..560 {
        let verified = if i % 110 == 61 { "true" } else { "false" };
        out.push_str(&format!(
            r#"{{"SourceMetadata":{{"Data":{{"Git":{{"commit":"{:040x}","file":"src/config/settings_{i}.py","email":"dev{i} <dev{i}@acme.io>","repository":"https://example.test/acme/shop.git","timestamp":"2026-07-12 10:59:33 +0000","line":{i}}}}}}},"SourceID":1,"SourceType":7,"SourceName":"trufflehog - git","DetectorType":2,"DetectorName":"AWS","DetectorDescription":"{}","DecoderName":"PLAIN","Verified":{verified},"VerificationFromCache":false,"Raw":"AKIA{i:016}","RawV2":"AKIA{i:016}:secret","Redacted":"AKIA{i:016}","ExtraData":{{"account":"{i:012}","arn":"arn:aws:iam::{i:012}:user/svc","is_canary":"false","message":"This key is not a canary token.","resource_type":"Access key"}},"StructuredData":null}}"#,
            (i as u128 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) >> 1,
            "A cloud platform's keys, which can be used to read and change its services. ".repeat(3)
        ));
        out.push('\n');
    }
    let message = stored(&out, 4096);
    assert!(
        message.contains("[Verified is \"true\" on 5 of its 560 lines, all shown]"),
        "{message}"
    );
    for line in [62, 172, 282, 392, 502] {
        assert!(
            message.contains(&format!("\n{line}: ")),
            "{line}: {message}"
        );
    }
}

/// ElastiCache's events: a source type met four times among 1,200 events,
/// each line shown with the line naming its event (whose it is), while
/// they fit.
#[test]
fn a_value_met_four_times_is_shown_with_its_records_names() {
    let mut out = String::from("{\n  \"Events\": [\n");
    for i in 0..1200 {
        let (source, kind) = match i % 300 {
            150 => (format!("shop-sessions-{i}"), "replication-group"),
            _ => (format!("shop-cache-0001-{i:03}"), "cache-cluster"),
        };
        out.push_str(&format!(
            "    {{\n      \"SourceIdentifier\": \"{source}\",\n      \"SourceType\": \"{kind}\",\n      \"Message\": \"Snapshot succeeded\"\n    }},\n"
        ));
    }
    out.push_str("  ]\n}\n");
    let message = stored(&out, 4096);
    assert!(
        message.contains("[SourceType is \"replication-group\" on 4 of its 1200 lines, all shown]"),
        "{message}"
    );
    for i in [150, 450, 750, 1050] {
        let at = 3 + 5 * i as u64 + 1;
        let named = format!(
            "\n{at}:       \"SourceIdentifier\": \"shop-sessions-{i}\",\n{}:       \"SourceType\": \"replication-group\",\n",
            at + 1
        );
        assert!(message.contains(&named), "{i}: {message}");
    }
}

/// Robot Framework's `output.xml`, not indented: the one failing test's
/// error line comes with the line naming its test (which the error does
/// not say), on the line's own line.
#[test]
fn a_failure_comes_with_the_line_naming_its_record() {
    let mut out = String::from("<?xml version=\"1.0\"?>\n<robot>\n<suite name=\"E2E\">\n");
    for t in 0..400 {
        let failed = t == 217;
        out.push_str(&format!(
            "<test id=\"s1-t{t}\" name=\"Checkout Case {t}\">\n"
        ));
        for k in 0..6 {
            out.push_str(&format!(
                "<kw name=\"Step {k}\">\n<arg>css:#step-{k}</arg>\n<status status=\"PASS\"/>\n</kw>\n"
            ));
        }
        let status = match failed {
            true => "<msg>ERROR: Element 'id:paypal-button' not visible after 10 seconds.</msg>"
                .to_string(),
            false => format!("<msg>Clicked 'css:#pay-{t}'.</msg>"),
        };
        out.push_str(&format!("{status}\n</test>\n"));
    }
    out.push_str("</suite>\n</robot>\n");
    let at = 3 + 217 * 27 + 1;
    let message = stored(&out, 4096);
    let line = message.lines().find(|l| l.contains("ERROR"));
    let line = line.unwrap_or_else(|| panic!("{message}"));
    assert!(
        line.starts_with(&format!("{}: <msg>ERROR: Element", at + 25))
            && line.ends_with(&format!(
                "  ← {at}: <test id=\"s1-t217\" name=\"Checkout Case 217\">"
            )),
        "{message}"
    );
}

/// A Maven test run: passing tests log `ERROR` lines, one logger per class
/// (150 of them, names without digits), each with a trace of one of three
/// injected exceptions. The one failing test's `<<< FAILURE!` line sits
/// among them: the logged errors are one template, each injected root is
/// shown once, and the failure keeps its slot.
#[test]
fn one_failure_among_errors_logged_by_many_classes_is_shown() {
    let roots = [
        "java.net.SocketTimeoutException: Read timed out (injected by WireMock fault)",
        "java.lang.IllegalStateException: simulated broker outage",
        "org.springframework.dao.DataIntegrityViolationException: could not execute statement",
    ];
    let modules = [
        "common", "pricing", "security", "orders", "search", "billing",
    ];
    let nouns = [
        "Stock", "Sku", "Invoice", "Token", "Price", "Cart", "Coupon",
    ];
    let kinds = ["Builder", "Parser", "Client", "Repository", "Scheduler"];
    let class = |i: usize| {
        format!(
            "com.acme.{}.{}{}",
            modules[i % 6],
            nouns[i / 6 % 7],
            kinds[i / 42 % 5]
        )
    };
    let mut lines = vec!["[INFO] Scanning for projects...".to_string()];
    for i in 0..600 {
        let c = class(i % 210);
        let at = format!("10:{:02}:{:02}.{:03}", i / 60 % 60, i % 60, i * 7 % 1000);
        lines.push(format!("[INFO] Running {c}Test"));
        lines.push(format!("{at} [main] INFO  {c} - started"));
        if i % 4 == 0 {
            lines.push(format!(
                "{at} [main] ERROR {c} - Unexpected failure handling message {i:08x}; sending to DLQ"
            ));
            lines.push(roots[i % 3].to_string());
            lines.push(format!("\tat {c}.handle(X.java:{})", i % 200));
            lines.push("\tat java.base/java.lang.Thread.run(Thread.java:1583)".to_string());
        }
        if i == 333 {
            lines.push("[ERROR] Tests run: 26, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 2.027 s <<< FAILURE! -- in com.acme.pricing.DiscountCalculatorTest".to_string());
            lines.push("[ERROR] com.acme.pricing.DiscountCalculatorTest.appliesLoyaltyDiscountOnce -- Time elapsed: 0.021 s <<< FAILURE!".to_string());
            lines.push(
                "org.opentest4j.AssertionFailedError: expected: <90.00> but was: <81.00>"
                    .to_string(),
            );
        } else {
            lines.push(format!(
                "[INFO] Tests run: {}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 1.{:03} s -- in {c}Test",
                10 + i % 17,
                i % 1000
            ));
        }
    }
    lines.push("[INFO] BUILD FAILURE".to_string());
    let message = stored(&(lines.join("\n") + "\n"), 12288);
    assert!(
        message.contains("appliesLoyaltyDiscountOnce -- Time elapsed: 0.021 s <<< FAILURE!"),
        "{message}"
    );
}

/// A logfmt access log whose one slow request says so past the width of
/// the message's lines: the message keeps the number that stands out in
/// view.
#[test]
fn a_line_whose_number_stands_out_is_cut_keeping_it() {
    let mut out = String::new();
    for i in 0..800u64 {
        let took = if i == 517 { 41_234 } else { 10 + i * 7 % 80 };
        out.push_str(&format!(
            "ts=2026-11-27T03:{:02}:{:02}Z level=info logger=com.example.shop.orders.http.filters.AccessLogFilter caller=src/main/java/com/example/shop/orders/http/filters/AccessLogFilter.java:214 msg=\"request served to an authenticated client\" trace_id={:032x} duration_ms={took} method=GET path=/api/v2/orders/{i}/items user_agent=\"okhttp/4.12.0\" status=200\n",
            i / 60 % 60,
            i % 60,
            (i as u128 + 1) * 0x9e37_79b9_7f4a_7c15
        ));
    }
    for max in [1100, 1500, 4096] {
        let message = stored(&out, max);
        let line = message.lines().find(|l| l.starts_with("518: "));
        assert!(
            line.is_some_and(|l| l.contains("duration_ms=41234")),
            "{max}: {message}"
        );
    }
}

/// A repeated error's line says which records its lines are in, by their
/// names, up to a bound, then how many more.
#[test]
fn a_repeated_error_names_the_records_it_is_in() {
    use crate::message::repeat_names;
    let names = |list: &[(&str, u64)]| -> Vec<(String, u64)> {
        list.iter().map(|(n, c)| (n.to_string(), *c)).collect()
    };
    assert_eq!(
        repeat_names(&names(&[("orders.t40", 2), ("orders.t41", 1)])),
        ", in \"orders.t40\" (2), \"orders.t41\""
    );
    assert_eq!(repeat_names(&[]), "");
    let long: Vec<(String, u64)> = (0..8)
        .map(|i| (format!("ch_3Q7Xy9Nb7xKq2LmT0bUHmL7{i}"), 1))
        .collect();
    let said = repeat_names(&long);
    assert!(said.ends_with("\" and 2 more"), "{said}");
    assert!(said.len() <= 200 + 40, "{said}");
}

/// A repeated error about a quoted thing, in no named record, says which
/// things its lines differ by: the images a kubelet failed to pull.
#[test]
fn a_repeated_error_lists_what_its_lines_differ_by() {
    let mut log = String::new();
    for i in 0..3000 {
        let line = match i % 700 {
            350 => format!(
                "E1127 kubelet: Failed to pull image \"registry/app-{}:1.{}\" (not found)",
                i / 700,
                i % 7
            ),
            _ => format!("I1127 kubelet: Synced pod web-{i} in 12 ms"),
        };
        log.push_str(&line);
        log.push('\n');
    }
    let message = stored(&log, 4096);
    assert!(
        message.contains("[4 lines like it in all, the last at line 2451, with \"registry/app-0:1.0\", \"registry/app-1:1.0\", \"registry/app-2:1.0\", \"registry/app-3:1.0\"]"),
        "{message}"
    );
}

//! Mode `jq` natively, through `extract` as the model calls it: exact
//! answers on JSON, JSON lines and CSV; bounded output; the model's
//! mistakes answered in words.

use crate::bindings::types::{CallInfo, ExtractRequest, Mode, StoreOutcome, StorePolicy};
use crate::storage::MemStorage;

/// Store `output` (always stored: tiny threshold) and run `program` on it.
fn jq(output: &str, program: &str, max_bytes: Option<u64>) -> (bool, String) {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "api".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = StorePolicy {
        max_inline_bytes: 1,
        ..crate::default_policy()
    };
    let StoreOutcome::Stored(stored) =
        crate::store::store(&st, call, output.as_bytes(), policy).unwrap()
    else {
        panic!("stored")
    };
    let result = crate::extract::extract(
        &st,
        &crate::llm::NoLlm,
        ExtractRequest {
            handle: stored.handle.clone(),
            extract: program.into(),
            mode: Some(Mode::Jq),
            max_bytes,
            max_chunks: None,
            max_llm_calls: None,
            overlap_percent: None,
        },
    );
    assert_eq!(result.report.used, Mode::Jq, "{}", result.text);
    let header = format!(
        "ABSTRACT FROM TOOL OUTPUT api WITH HANDLE {}, STRATEGY:jq:\n\n",
        stored.handle
    );
    let body = result
        .text
        .strip_prefix(&header)
        .unwrap_or_else(|| panic!("{}", result.text));
    (result.failed, body.to_string())
}

fn results(body: &str) -> Vec<&str> {
    body.lines().skip(1).collect()
}

#[test]
fn a_json_document_answers_exactly_with_numbers_and_key_order_as_received() {
    let doc = r#"{"items": [{"id": 1, "z": "a", "a": 1.50}, {"id": 2, "z": "b", "a": 12345678901234567890}], "total": 2}"#;
    let (failed, body) = jq(doc, ".items[] | select(.id == 2)", None);
    assert!(!failed);
    assert_eq!(
        body,
        "jq over one JSON document. Results, one per line:\n{\"id\":2,\"z\":\"b\",\"a\":12345678901234567890}\n"
    );
    let (_, body) = jq(doc, ".items[0].a, (.items | length)", None);
    assert_eq!(results(&body), ["1.50", "2"]);
}

#[test]
fn json_lines_and_csv_arrive_as_one_array() {
    let lines: String = (0..300)
        .map(|i| {
            format!(
                "{{\"status\": {}, \"path\": \"/p/{i}\"}}\n",
                if i % 100 == 7 { 500 } else { 200 }
            )
        })
        .collect();
    let (_, body) = jq(
        &lines,
        "map(select(.status == 500)) | length, .[0].path",
        None,
    );
    assert!(
        body.starts_with(
            "jq over 300 JSON values (JSON lines), given to the program as one array."
        ),
        "{body}"
    );
    // `|` binds loosest: the path is of the first failing request.
    assert_eq!(results(&body), ["3", "\"/p/7\""]);

    let csv = "name,qty,price\nbolt,10,0.25\n\"nut, hex\",7,0.10\nwasher,x,3\n";
    let (_, body) = jq(
        csv,
        "(.[] | select(.qty > 8) | .name), ([.[].price] | add)",
        None,
    );
    assert!(body.starts_with("jq over 3 CSV rows"), "{body}");
    // jq orders strings after numbers: "x" > 8.
    assert_eq!(results(&body), ["\"bolt\"", "\"washer\"", "3.35"]);
    let (_, body) = jq(csv, ".[1].name, .[2].qty, .[1].price", None);
    assert_eq!(results(&body), ["\"nut, hex\"", "\"x\"", "0.10"]);

    let tsv = "a\tb\n1\tx y\n2\tz\n";
    let (_, body) = jq(tsv, "map(.a) | add", None);
    assert!(body.starts_with("jq over 2 TSV rows"), "{body}");
    assert_eq!(results(&body), ["3"]);
}

#[test]
fn the_model_s_mistakes_are_answers_it_can_act_on() {
    let doc = r#"{"a": [1, 2, 3]}"#;
    let (failed, body) = jq(doc, ".a | map(. +", None);
    assert!(!failed, "a bad program is the model's input, not a failure");
    assert!(
        body.starts_with("The jq program does not compile: expected"),
        "{body}"
    );
    assert!(body.contains("jq syntax:"), "{body}");
    let (failed, body) = jq(doc, ".a | nosuchfn", None);
    assert!(!failed);
    assert!(
        body.contains("undefined filter `nosuchfn` at character 6"),
        "{body}"
    );
    let (failed, body) = jq(doc, ".a[] | .x", None);
    assert!(!failed);
    assert!(
        body.contains("jq error after 0 results: cannot index"),
        "{body}"
    );
    let (_, body) = jq(doc, ".a[] | select(. > 5)", None);
    assert!(
        body.contains("(no results: the program output nothing)"),
        "{body}"
    );
}

#[test]
fn text_and_broken_json_say_what_to_use_instead() {
    let log = "2024-01-01 INFO started\n2024-01-01 ERROR boom\n";
    let (failed, body) = jq(log, ".", None);
    assert!(!failed);
    assert!(
        body.starts_with(
            "jq needs structured input (JSON, JSON lines, CSV or TSV); this output is text."
        ),
        "{body}"
    );
    let (_, body) = jq("{\"a\": [1, 2,, 3]}", ".", None);
    assert!(
        body.starts_with("The output looks like JSON but does not parse (byte offset"),
        "{body}"
    );
}

#[test]
fn results_stay_within_max_bytes_and_say_how_many_were_not_shown() {
    let doc = format!(
        "[{}]",
        (0..5000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    for max in [300u64, 1000, 4096] {
        let st_text = jq(&doc, ".[]", Some(max)).1;
        assert!(st_text.len() < max as usize, "{max}: {}", st_text.len());
        let shown = results(&st_text)
            .iter()
            .filter(|l| l.parse::<u32>().is_ok())
            .count();
        assert!(shown > 10, "{max}: {st_text}");
        assert!(
            st_text.ends_with(&format!(
                "[{} more results not shown; narrow the program, e.g. select fewer fields or add `| .[0:20]`]\n",
                5000 - shown
            )),
            "{max}: {st_text}"
        );
    }
    // A program that outputs forever is cut by the budget, not run to its end.
    let (_, body) = jq("[1]", "repeat(1)", Some(500));
    assert!(
        body.contains("[at least 100000 more results not shown"),
        "{body}"
    );
    // One result larger than the answer: its start, cut on a character boundary.
    let big = format!("{{\"s\": \"{}\"}}", "é".repeat(10_000));
    let (_, body) = jq(&big, ".s", Some(2000));
    assert!(body.len() < 2000);
    assert!(body.contains("[result 1 cut: "), "{body}");
}

#[test]
fn the_standard_library_works_and_what_is_missing_says_so() {
    let doc = r#"[{"n": "b", "v": 2.25}, {"n": "a", "v": 16}]"#;
    let (_, body) = jq(
        doc,
        "sort_by(.n) | map(.n), (map(.v | sqrt) | add), ([.[].v] | max), (.[0] | to_entries | length), (map(.n | ascii_upcase) | join(\"-\"))",
        None,
    );
    assert_eq!(
        results(&body),
        ["[\"a\",\"b\"]", "5.5", "16", "2", "\"A-B\""]
    );
    // `halt` ends the program, not the engine.
    let (_, body) = jq(doc, ".[0].n, halt, 1", None);
    assert!(
        body.ends_with("\"b\"\njq error after 1 results: the program called halt (exit code 0)\n"),
        "{body}"
    );
    // Nothing reads the host's environment or clock zone: not even defined.
    let (_, body) = jq(doc, "env", None);
    assert!(
        body.starts_with("The jq program does not compile: undefined filter `env`"),
        "{body}"
    );
}

#[test]
fn regular_expressions_follow_jq() {
    let doc = r#"["GET /api/v1/items 200 12ms", "POST /login 500 1.5s", "é=1, é=22"]"#;
    let (_, body) = jq(
        doc,
        r#"(map(select(test(" 5\\d\\d "))) | length), (.[0] | capture("(?<verb>[A-Z]+) (?<path>\\S+)")), (.[2] | [match("é=(\\d+)"; "g") | .offset, .captures[0].string]), (.[1] | sub("\\d+"; "N")), (.[1] | gsub("(?<d>\\d)"; "<\(.d)>")), ([.[0] | scan("\\d+")]), (.[0] | [splits(" +")] | length), (.[0] | test("get"; "i"))"#,
        None,
    );
    assert_eq!(
        results(&body),
        [
            "1",
            r#"{"verb":"GET","path":"/api/v1/items"}"#,
            r#"[0,"1",5,"22"]"#,
            r#""POST /login N 1.5s""#,
            r#""POST /login <5><0><0> <1>.<5>s""#,
            r#"["1","200","12"]"#,
            "4",
            "true"
        ],
        "{body}"
    );
    let (_, body) = jq(doc, r#".[0] | test("(")"#, None);
    assert!(
        body.contains("jq error after 0 results: invalid regex: "),
        "{body}"
    );
    let (_, body) = jq(doc, r#".[0] | test("a"; "q")"#, None);
    assert!(
        body.contains("jq error after 0 results: invalid regex flag: q"),
        "{body}"
    );
}

#[test]
fn a_program_that_forgets_the_gathered_array_is_told_in_one_line() {
    let lines: Vec<String> = (0..20_000)
        .map(|i| format!(r#"{{"level":"info","id":{i},"msg":"request {i} handled"}}"#))
        .collect();
    let (failed, body) = jq(&lines.join("\n"), ".level", None);
    assert!(!failed);
    assert_eq!(
        body.lines().nth(1),
        Some(
            "jq error after 0 results: the 20000 JSON lines arrive as one array: start with `.[]`, e.g. `.[] | .level`, or `map(…)`"
        ),
        "{body}"
    );
    assert!(
        !body.contains("request 0 handled"),
        "no dump of the array: {body}"
    );
    let csv = "id,name\n1,a\n2,b\n";
    let (_, body) = jq(csv, ".[\"name\"]", None);
    assert!(
        body.contains("the 2 CSV rows arrive as one array: start with `.[]`"),
        "{body}"
    );
    // A document keeps jq's own words: there was no gathering.
    let (_, body) = jq(r#"[{"a":1}]"#, ".a", None);
    assert!(
        body.contains("jq error after 0 results: cannot index"),
        "{body}"
    );
}

#[test]
fn a_column_named_twice_and_a_stray_quote_in_tsv_lose_nothing() {
    let csv = "id,email,email\n1,a@x.org,b@y.org\n2,c@x.org,\n";
    let (_, body) = jq(csv, "map(.email_2)", None);
    assert!(
        body.starts_with(
            "jq over 2 CSV rows, given to the program as one array of objects keyed by the header (column 3 is also named \"email\": it is \"email_2\" here)."
        ),
        "{body}"
    );
    assert_eq!(results(&body), [r#"["b@y.org",""]"#]);
    // In TSV a quote is text: the row with it keeps its fields and the
    // rows after it stay rows.
    let tsv = "id\tname\tnote\n1\t\"quoted start\tplain\n2\tb\tc\n3\td\te\n";
    let (_, body) = jq(tsv, "map(.name)", None);
    assert!(body.starts_with("jq over 3 TSV rows"), "{body}");
    assert_eq!(results(&body), [r#"["\"quoted start","b","d"]"#]);
}

/// Store `output`, then run `program` as if jq gathered at most `gather` bytes.
fn jq_gathering(output: &str, program: &str, gather: u64) -> String {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "api".into(),
        args: "{}".into(),
        model: None,
    };
    let policy = StorePolicy {
        max_inline_bytes: 1,
        ..crate::default_policy()
    };
    let StoreOutcome::Stored(stored) =
        crate::store::store(&st, call, output.as_bytes(), policy).unwrap()
    else {
        panic!("stored")
    };
    let doc = crate::doc::Doc::open(&st, &stored.handle).unwrap();
    crate::strategy::jq::run_gathering(&doc, program, 4096, gather).unwrap()
}

#[test]
fn json_lines_and_rows_too_large_to_gather_run_one_value_at_a_time() {
    let lines: String = (0..5000)
        .map(|i| {
            let level = if i % 1000 == 7 { "error" } else { "info" };
            format!("{{\"i\":{i},\"level\":\"{level}\"}}\n")
        })
        .collect();
    let body = jq_gathering(&lines, ".[] | select(.level == \"error\") | .i", 1024);
    assert!(
        body.starts_with("jq over JSON values (JSON lines), read one at a time ("),
        "{body}"
    );
    assert_eq!(results(&body), ["7", "1007", "2007", "3007", "4007"]);
    assert_eq!(results(&jq_gathering(&lines, "length", 1024)), ["5000"]);
    // The same answers as gathered.
    let gathered = jq_gathering(&lines, ".[] | select(.level == \"error\") | .i", 1 << 30);
    assert_eq!(results(&gathered), results(&body));
    // CSV rows likewise.
    let csv: String = std::iter::once("id,state\n".to_string())
        .chain((0..3000).map(|i| format!("{i},{}\n", if i == 2222 { "down" } else { "up" })))
        .collect();
    let body = jq_gathering(&csv, ".[] | select(.state == \"down\") | .id", 1024);
    assert!(
        body.starts_with("jq over CSV rows, read one at a time ("),
        "{body}"
    );
    assert_eq!(results(&body), ["2222"]);
    // A program that needs the whole array, or one document: said why.
    let body = jq_gathering(&lines, "sort_by(.i) | .[0]", 1024);
    assert!(
        body.contains("this program needs the whole array"),
        "{body}"
    );
    assert!(body.contains("`.[] | …`"), "{body}");
    let doc = format!("[{}]", "1,".repeat(3000) + "1");
    let body = jq_gathering(&doc, ".[] | . + 1", 1024);
    assert!(body.contains("it is one JSON document"), "{body}");
}

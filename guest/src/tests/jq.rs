//! Mode `jq` natively, through `extract` as the model calls it: exact
//! answers on JSON, JSON lines and CSV; bounded output; the model's
//! mistakes answered in words.

use crate::bindings::types::{CallInfo, ExtractRequest, Mode, StoreOutcome, StorePolicy};
use crate::storage::MemStorage;

/// Store `output` (always stored: tiny threshold) and run `program` on it.
fn jq(output: &str, program: &str, max_bytes: Option<u64>) -> (bool, String) {
    jq_bytes(output.as_bytes(), program, max_bytes)
}

/// [`jq`] of an output in any bytes.
fn jq_bytes(output: &[u8], program: &str, max_bytes: Option<u64>) -> (bool, String) {
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
    let StoreOutcome::Stored(stored) = crate::store::store(&st, call, output, policy).unwrap()
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
        body.starts_with(
            "The output looks like JSON but cannot be read (line 1, column 13: value expected)"
        ),
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

#[test]
fn a_byte_order_mark_changes_neither_the_kind_nor_the_values() {
    // What PowerShell and .NET write; `cat` of such files has one a line.
    let lines = "{\"id\":1,\"name\":\"a\"}\r\n{\"id\":2,\"name\":\"b, c\"}\r\n";
    let document = r#"{"items": [{"id": 1}, {"id": 2}]}"#;
    let csv = "id,name\n1,a\n2,\"b, c\"\n";
    for (plain, program) in [
        (lines, "map(.id), map(keys)"),
        (document, ".items | map(.id)"),
        (csv, "map(.id), map(keys)"),
    ] {
        let (_, want) = jq(plain, program, None);
        assert!(!want.contains("NOT THE WHOLE OUTPUT"), "{want}");
        let marked = format!("\u{feff}{plain}");
        let every_line: String = plain
            .split_inclusive('\n')
            .map(|line| format!("\u{feff}{line}"))
            .collect();
        for input in [marked, every_line] {
            assert_eq!(jq(&input, program, None).1, want, "{input:?}");
        }
        // UTF-16 (Windows PowerShell's `>`), by its mark: the same values.
        let text = format!("\u{feff}{plain}");
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for (bytes, name) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
            let (_, body) = jq_bytes(&bytes, program, None);
            assert_eq!(results(&body), results(&want), "{body}");
            assert!(
                body.lines()
                    .next()
                    .unwrap()
                    .contains(&format!("(read from {name}). Results")),
                "{body}"
            );
        }
    }
    // Read one at a time too.
    let many: String = (0..3000)
        .map(|i| format!("\u{feff}{{\"i\":{i}}}\r\n"))
        .collect();
    let body = jq_gathering(&many, ".[] | select(.i % 1000 == 7) | .i", 1024);
    assert!(
        body.starts_with("jq over JSON values (JSON lines)"),
        "{body}"
    );
    assert_eq!(results(&body), ["7", "1007", "2007"]);
}

#[test]
fn a_value_nested_too_deep_is_said_and_every_other_value_is_read() {
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let lines = format!("{{\"a\":1}}\n{{\"a\":2}}\n{deep}\n{{\"a\":4}}\n");
    let (failed, body) = jq(&lines, "map(.a)", None);
    assert!(!failed);
    assert_eq!(
        body,
        "jq over 3 JSON values (JSON lines), given to the program as one array. NOT THE WHOLE \
         OUTPUT: 1 value could not be read and is left out (line 3: nested 5000 levels deep, \
         deeper than the 128 jq reads here). Results, one per line:\n[1,2,4]\n"
    );
    // Read one at a time: the results before it are kept, those after it come.
    let body = jq_gathering(&lines, ".[] | .a", 16);
    assert_eq!(results(&body), ["1", "2", "4"], "{body}");
    assert!(
        body.lines().next().unwrap().ends_with(
            "NOT THE WHOLE OUTPUT: 1 value could not be read and is left out (line 3: nested \
             5000 levels deep, deeper than the 128 jq reads here). Results, one per line:"
        ),
        "{body}"
    );
    // One document that deep, objects over lines, one never closed.
    let (_, body) = jq(&deep, ".", None);
    assert!(
        body.starts_with(
            "The output looks like JSON but cannot be read (line 1: nested 5000 levels deep, \
             deeper than the 128 jq reads here)"
        ),
        "{body}"
    );
    let spread = format!(
        "[1]\n{}\n{}\n[3]\n{}",
        "{\"a\":".repeat(200),
        "}".repeat(200),
        "[".repeat(9000)
    );
    let (_, body) = jq(&spread, "length", None);
    assert!(
        body.starts_with(
            "jq over 2 JSON values (JSON lines), given to the program as one array. NOT THE \
             WHOLE OUTPUT: 2 values could not be read and are left out (lines 2–3: nested 200 \
             levels deep, deeper than the 128 jq reads here; line 5: nested 9000 levels deep, \
             deeper than the 128 jq reads here, and the output ends inside it)."
        ),
        "{body}"
    );
}

#[test]
fn a_csv_quote_never_closed_says_where_reading_stopped_and_keeps_the_rows_before() {
    let csv = "id,name\n1,a\n2,b\n3,\"c\n4,d\n5,e\n";
    let (_, body) = jq(csv, "map(.id)", None);
    assert_eq!(
        body,
        "jq over 2 CSV rows, given to the program as one array of objects keyed by the header. \
         NOT THE WHOLE OUTPUT: reading stopped at row 3 (line 4): a quote opened on line 4 is \
         never closed, so the rest of the output (lines 4–6) reads as one unfinished field; only \
         the rows before it were read. Results, one per line:\n[1,2]\n"
    );
    // In the first row, read one at a time, and a row of another width.
    let (_, body) = jq("id,name\n\"1,a\n2,b\n", "length", None);
    assert!(
        body.starts_with("jq over 0 CSV rows")
            && body.contains("reading stopped at row 1 (line 2): a quote opened on line 2"),
        "{body}"
    );
    let many: String = std::iter::once("id,name\n".to_string())
        .chain((0..3000).map(|i| format!("{i},n{i}\n")))
        .chain(["3000,\"open\n3001,x\n".to_string()])
        .collect();
    let body = jq_gathering(&many, ".[] | select(.id >= 2998) | .id", 1024);
    assert_eq!(results(&body), ["2998", "2999"], "{body}");
    assert!(
        body.contains("reading stopped at row 3001 (line 3002): a quote opened on line 3002"),
        "{body}"
    );
    let (_, body) = jq("a,b\n1,2\n3\n4,5\n", "map(.a)", None);
    assert!(
        body.contains(
            "1 row could not be read and is left out (row 2 (line 3): it has 1 field where the \
             header has 2)"
        ),
        "{body}"
    );
    assert_eq!(results(&body), ["[1,4]"]);
}

#[test]
fn json_lines_cut_or_broken_mid_way_keep_what_reads_and_say_what_does_not() {
    let lines = "{\"a\":1}\r\n{\"a\":}\r\n{\"a\":3}\r\n{\"a\":";
    let (_, body) = jq(lines, "map(.a)", None);
    assert_eq!(
        body,
        "jq over 2 JSON values (JSON lines), given to the program as one array. NOT THE WHOLE \
         OUTPUT: 2 values could not be read and are left out (line 2, column 6: value expected; \
         line 4, column 6: the output ends inside this value: it was cut short). Results, one \
         per line:\n[1,3]\n"
    );
    let many = format!(
        "{}{lines}",
        (0..3000)
            .map(|i| format!("{{\"a\":{i}}}\n"))
            .collect::<String>()
    );
    let body = jq_gathering(
        &many,
        ".[] | select(.a < 2 or .a == 3 or .a > 2998) | .a",
        1024,
    );
    assert_eq!(results(&body), ["0", "1", "3", "2999", "1", "3"], "{body}");
    assert!(
        body.contains(
            "(line 3002, column 6: value expected; line 3004, column 6: the output ends inside \
             this value: it was cut short)"
        ),
        "{body}"
    );
    // An output that is mostly not JSON stops being read.
    let log = format!("{{\"a\":1}}\n{}", "not json\n".repeat(40));
    let (_, body) = jq(&log, "length", None);
    assert!(
        body.contains(
            "15 values could not be read and are left out (line 2, column 1: value expected; \
             line 3, column 1: value expected; line 4, column 1: value expected; 12 more); \
             reading stopped at line 17, column 1: value expected (the 16th value that could \
             not be read)"
        ),
        "{body}"
    );
    // NaN, infinities and numbers past f64 are read as written.
    let (_, body) = jq(
        "[NaN, Infinity, -Infinity, 1e999, 123456789012345678901234567890, 0.10]",
        ".[]",
        None,
    );
    assert_eq!(
        results(&body),
        [
            "NaN",
            "Infinity",
            "-Infinity",
            "1e999",
            "123456789012345678901234567890",
            "0.10"
        ]
    );
}

#[test]
fn an_update_over_values_read_one_at_a_time_is_not_called_a_syntax_error() {
    let lines: String = (0..3000).map(|i| format!("{{\"i\":{i}}}\n")).collect();
    for program in [".[] |= .", ".[]|=.i", ".[] += 1", ".[] //= 0"] {
        let body = jq_gathering(&lines, program, 1024);
        assert!(
            body.contains(
                "this program updates each value and gives the whole array back; `.[] | F` \
                 gives each value as F makes it, one at a time"
            ),
            "{program}: {body}"
        );
    }
    // Gathered, it runs.
    assert_eq!(
        results(&jq("{\"i\":1}\n{\"i\":2}\n", ".[] |= .i", None).1),
        ["[1,2]"]
    );
    // `.[] | F` as jaq reads it: any spacing, comments.
    let body = jq_gathering(&lines, ".[]|select(.i == 7) # the seventh\n | .i", 1024);
    assert_eq!(results(&body), ["7"], "{body}");
    // A program that does not compile is told at its place in the program.
    let body = jq_gathering(&lines, ".[] | .i) | (.i", 1024);
    assert!(
        body.starts_with("The jq program does not compile: expected token at character 9"),
        "{body}"
    );
    let body = jq_gathering(&lines, "map(.i)", 1024);
    assert!(
        body.contains("this program needs the whole array"),
        "{body}"
    );
}

#[test]
fn a_result_nested_too_deep_to_write_is_said_not_written() {
    let (_, body) = jq("[1]", "reduce range(100000) as $i (0; [.]), 2", None);
    assert_eq!(
        results(&body),
        [
            "[result 1 not shown: nested deeper than the 128 levels written here]",
            "2"
        ]
    );
    // Past the budget, such results are counted and let go as safely.
    let (_, body) = jq(
        "[1]",
        "range(50) | reduce range(3000) as $i (.; [.])",
        Some(300),
    );
    assert!(body.contains("more results not shown"), "{body}");
}

#[test]
fn a_program_nested_too_deep_is_told_not_run() {
    let interpolated = format!("\"{}.{}\"", "\\(".repeat(3000), ")".repeat(3000));
    for program in [
        format!("{}.{}", "(".repeat(5000), ")".repeat(5000)),
        format!("{}1{}", "[".repeat(5000), "]".repeat(5000)),
        vec!["."; 5000].join(" | "),
        vec!["1"; 5000].join(", "),
        interpolated,
    ] {
        let (failed, body) = jq("[1]", &program, None);
        assert!(!failed);
        assert!(
            body.starts_with("The jq program does not compile: it nests ")
                && body.contains("more than the 64 read here"),
            "{body:.300}"
        );
    }
    // Programs as they are written run: an object of many entries, a
    // pipeline of 25 steps, brackets and strings that hold brackets.
    let object: Vec<String> = (0..200).map(|i| format!("k{i}: .[0]")).collect();
    let (_, body) = jq("[1]", &format!("{{{}}} | length", object.join(", ")), None);
    assert_eq!(results(&body), ["200"]);
    let (_, body) = jq("[1]", &vec![".[0] + 1 | [.]"; 25].join(" | "), None);
    assert_eq!(results(&body), ["[26]"]);
    let (_, body) = jq("[1]", r#"[.[] | "((([[\(. + 1)" | length] # ((("#, None);
    assert_eq!(results(&body), ["[6]"]);
}

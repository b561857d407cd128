//! Which values stand out, and which line names their record.

use super::*;
use crate::view::detect::names::Names;

/// `text` through a [`Values`] detector (with its names).
fn values(text: &str) -> (Values, Findings) {
    let (mut v, mut names) = (Values::default(), Names::default());
    for (i, line) in text.lines().enumerate() {
        let number = i as u64 + 1;
        names.see(number, line);
        v.see(&Line {
            number,
            text: line,
            error: false,
            wrapped: false,
            names: &names,
        });
    }
    let mut found = Findings::default();
    let lines = text.lines().count() as u64;
    v.contribute(&mut found, &Totals { lines });
    (v, found)
}

fn odd(text: &str) -> Vec<String> {
    (values(text).1.preview.standout.into_iter())
        .map(|l| l.text.trim().to_string())
        .collect()
}

/// A YAML list of 120 pods, one not ready, indented by `step` columns.
fn pods(step: usize) -> String {
    let (one, two) = (" ".repeat(step), " ".repeat(2 * step));
    let item = format!("-{}", " ".repeat(step - 1));
    let mut yaml = String::from("items:\n");
    for i in 0..120 {
        let ready = if i == 70 { "false" } else { "true" };
        yaml.push_str(&format!(
            "{item}kind: Pod\n{one}metadata:\n{two}name: web-{i}\n{one}spec:\n{two}containers:\n{two}{item}name: web\n{one}status:\n{two}ready: {ready}\n{two}restarts: 0\n"
        ));
    }
    yaml
}

#[test]
fn the_odd_value_of_a_yaml_list_comes_with_its_records_name() {
    assert_eq!(odd(&pods(2)), ["name: web-70", "ready: false"]);
}

/// The same list indented by four (as `kubectl` and the AWS CLI indent
/// JSON): the record's `spec:` two levels up still keeps its name.
#[test]
fn the_odd_value_of_a_list_indented_by_four_comes_with_its_records_name() {
    assert_eq!(odd(&pods(4)), ["name: web-70", "ready: false"]);
}

#[test]
fn json_members_element_attributes_and_comments_have_values() {
    let mut json = String::new();
    let mut html = String::new();
    let mut plan = String::new();
    for i in 0..100 {
        let severity = if i == 40 {
            "critical"
        } else {
            ["low", "high"][i % 2]
        };
        json.push_str(&format!(
            "    \"pkg-{i}\": {{\n      \"name\": \"pkg-{i}\",\n      \"severity\": \"{severity}\",\n    }},\n"
        ));
        let stock = if i == 7 { "OutOfStock" } else { "InStock" };
        html.push_str(&format!(
            "<li>\n  <h3>Item {i}</h3>\n  <link itemprop=\"availability\" href=\"https://schema.org/{stock}\">\n</li>\n"
        ));
        let action = if i == 9 { "destroyed" } else { "created" };
        plan.push_str(&format!(
            "  # aws_instance.w[\"{i}\"] will be {action}\n  + ami = \"x\"\n"
        ));
    }
    // Its key names it too: `"pkg-40": {`.
    assert_eq!(
        odd(&json),
        [
            "\"pkg-40\": {",
            "\"name\": \"pkg-40\",",
            "\"severity\": \"critical\","
        ]
    );
    assert_eq!(
        odd(&html),
        [
            "<h3>Item 7</h3>",
            "<link itemprop=\"availability\" href=\"https://schema.org/OutOfStock\">"
        ]
    );
    assert_eq!(odd(&plan), ["# aws_instance.w[\"9\"] will be destroyed"]);
}

#[test]
fn a_documents_own_keys_and_far_names_are_not_records() {
    let mut yaml = String::from("items:\n");
    for i in 0..100 {
        yaml.push_str(&format!("- metadata:\n    name: p{i}\n  kind: Pod\n"));
    }
    yaml.push_str("kind: List\n");
    assert_eq!(odd(&yaml), Vec::<String>::new());
}

#[test]
fn free_text_counters_and_many_odd_values_show_nothing() {
    let ids: String = (0..200)
        .map(|i| format!("id_value: {i}\nnote: text {i}\n"))
        .collect();
    assert_eq!(odd(&ids), Vec::<String>::new());
    let many: String = (0..200)
        .map(|i| {
            let v = if i % 40 == 0 {
                format!("odd{i}")
            } else {
                "usual".into()
            };
            format!("a: {v}\nb: {v}\n")
        })
        .collect();
    assert_eq!(odd(&many), Vec::<String>::new());
}

/// `brew info --json=v2`: one formula disabled for good (a flag set once
/// among 78, with its date and reason), four deprecated on dates of their
/// own (a field of five values): more records than shown, the one whose
/// flag is set alone stands out, its values together, words first.
#[test]
fn of_more_odd_records_than_shown_the_oddest_one_is() {
    let mut json = String::from("[\n");
    for i in 0..78 {
        let disabled = i == 40;
        let deprecated = [10, 20, 30, 60].contains(&i);
        let date = |on: bool, d: &str| {
            if on {
                format!("\"{d}\"")
            } else {
                "null".into()
            }
        };
        json.push_str(&format!(
            "  {{\n    \"name\": \"pkg-{i}\",\n    \"deprecated\": {deprecated},\n    \"deprecation_date\": {},\n    \"disabled\": {disabled},\n    \"disable_date\": {},\n    \"disable_reason\": {}\n  }},\n",
            date(deprecated, &format!("2024-0{}-01", i / 10 + 1)),
            date(disabled, "2024-08-01"),
            date(disabled, "unsupported"),
        ));
    }
    json.push_str("]\n");
    assert_eq!(
        odd(&json),
        [
            "\"name\": \"pkg-40\",",
            "\"disabled\": true,",
            "\"disable_reason\": \"unsupported\"",
            "\"disable_date\": \"2024-08-01\",",
        ]
    );
}

#[test]
fn the_tables_are_bounded() {
    let text: String = (0..5000u64)
        .map(|i| format!("key{i}: v{}\n", i % 3))
        .collect();
    assert!(values(&text).0.categories.len() <= 512);
}

#[test]
fn a_value_met_a_few_times_in_a_table_is_listed_whole() {
    let mut table = String::from("NAME        STATUS    RESTARTS\n");
    for i in 0..300 {
        let status = match i {
            40 | 170 | 260 => "Pending",
            90 => "Unknown",
            _ => "Running",
        };
        table.push_str(&format!("web-{i:<6}  {status:<8}  0\n"));
    }
    let listed: Vec<u64> = (values(&table).1.preview.listed.iter())
        .map(|l| l.line)
        .collect();
    // Every Pending row (header is line 1); the value met once is not
    // listed (unnamed, it is as likely free text).
    assert_eq!(listed, [42, 172, 262]);
}

/// A JSON Lines scan (trufflehog's shape): the one member that tells the
/// five findings apart (`"Verified":true`) comes after eight nested ones.
#[test]
fn a_rare_value_late_in_a_json_line_is_found() {
    let mut text = String::new();
    for i in 0..400 {
        let verified = if i % 80 == 17 { "true" } else { "false" };
        text.push_str(&format!(
            r#"{{"SourceMetadata":{{"Data":{{"Git":{{"commit":"{i:040x}","file":"src/f{i}.py","email":"a{i}@x.io","repository":"https://x/r.git","timestamp":"2026-07-12 10:59:33 +0000","line":{i}}}}}}},"SourceID":1,"SourceType":7,"SourceName":"trufflehog - git","DetectorType":2,"DetectorName":"AWS","Verified":{verified},"Raw":"AKIA{i:016}"}}"#
        ));
        text.push('\n');
    }
    let (_, found) = values(&text);
    let rare: Vec<_> = (found.preview.values.iter())
        .filter(|f| f.field == "Verified" && f.kind == "rare")
        .map(|f| (f.value.as_str(), f.count, f.lines.clone()))
        .collect();
    assert_eq!(rare, [("true", 5, vec![18, 98, 178, 258, 338])]);
}

/// A listing's line after its date and time has fields by position (the
/// size of `aws s3 ls`); a log line after its time does not (its level
/// and message are no columns).
#[test]
fn a_dated_listing_has_fields_and_a_dated_log_line_has_none() {
    let fields = |line: &str| {
        let mut found = Vec::new();
        Fields::default().split(line, &mut |f| {
            found.push((f.name.to_string(), f.value.to_string()))
        });
        found
    };
    assert_eq!(
        fields("2026-11-15 03:41:12 48318221004 backups/postgres/shop.dump"),
        [
            ("first word".to_string(), "48318221004".to_string()),
            (
                "second word".to_string(),
                "backups/postgres/shop.dump".to_string()
            ),
            (
                "last word".to_string(),
                "backups/postgres/shop.dump".to_string()
            ),
        ]
    );
    assert_eq!(
        fields("2026-11-15 03:41:12 INFO worker 7 started in 12 ms"),
        []
    );
}

/// `|`-separated tables anywhere in an output — MySQL's box, Markdown's —
/// give each row's cells under their column's name; their rules give
/// none, and a line without the header's `|`s (or with as many but other
/// cells: unboxed under a boxed header) ends the table.
#[test]
fn a_piped_tables_cells_are_its_columns_fields() {
    let text = "mysql> SELECT id, state FROM jobs;\n\
                +----+---------+\n\
                | id | state   |\n\
                +----+---------+\n\
                |  1 | running |\n\
                |  2 | failed  |\n\
                +----+---------+\n\
                2 rows in set (0.00 sec)\n\
                \n\
                | host | cpu % |\n\
                |:-----|------:|\n\
                | db-1 | 93.5 |\n\
                db-2 | 1.0 | x | y\n\
                state: done\n";
    let mut fields = fields::Fields::default();
    let mut got: Vec<(usize, String, String)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut cells = Vec::new();
        fields.split(line, &mut |f| {
            cells.push((f.name.to_string(), f.value.to_string()))
        });
        got.extend(cells.into_iter().map(|(n, v)| (i + 1, n, v)));
    }
    let cell = |l: usize, n: &str, v: &str| (l, n.to_string(), v.to_string());
    // Cells only: other lines' words by position aside.
    let table: Vec<_> = got
        .iter()
        .filter(|g| !g.1.ends_with(" word"))
        .cloned()
        .collect();
    assert_eq!(
        table,
        [
            cell(5, "id", "1"),
            cell(5, "state", "running"),
            cell(6, "id", "2"),
            cell(6, "state", "failed"),
            cell(12, "host", "db-1"),
            cell(12, "cpu %", "93.5"),
            // After the table, a line's own pair: no cell.
            cell(14, "state", "done"),
        ]
    );
}

/// Sizes as tools print them: `GB` is 10⁹ (docker's `4.8GB`, as a
/// question's "5 GB" is read), `G` and `Gi` are 2³⁰ (`ls -h`, Kubernetes).
#[test]
fn sizes_are_read_in_their_own_units() {
    assert_eq!(number("4.8GB"), Some(4.8e9));
    assert_eq!(number("512 MB"), Some(512e6));
    assert_eq!(number("5G"), Some(5.0 * 1024f64.powi(3)));
    assert_eq!(number("14Gi"), Some(14.0 * 1024f64.powi(3)));
    assert_eq!(number("300 MiB"), Some(300.0 * 1024f64.powi(2)));
}

/// Every field of `text`'s lines, read in order: (line, name, value).
fn fields_by_line(text: &str) -> Vec<(usize, String, String)> {
    let mut fields = fields::Fields::default();
    let mut got = Vec::new();
    for (i, line) in text.lines().enumerate() {
        fields.split(line, &mut |f| {
            got.push((i + 1, f.name.to_string(), f.value.to_string()))
        });
    }
    got
}

/// `sar` starts each section's header with a time of day, and names
/// columns with digits (`ldavg-1`): its rows' cells are still under their
/// column's name, the time under `time`; a row of names and numbers is no
/// header.
#[test]
fn a_header_may_start_with_a_time_and_name_columns_with_digits() {
    let text = "00:00:01      runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked\n\
                00:10:01            2       978      3.28      2.20      1.76         1\n\
                14:50:01            9      1179     61.37     38.75     18.72        44\n\
                \n\
                12:00:01 AM     CPU     %user     %system\n\
                12:10:01 AM     all      6.99        3.01\n\
                \n\
                web1 db2 cache3 up\n\
                web2 db3 cache4 up\n";
    let got = fields_by_line(text);
    let has = |l: usize, n: &str, v: &str| got.contains(&(l, n.to_string(), v.to_string()));
    assert!(has(3, "ldavg-1", "61.37"), "{got:?}");
    assert!(has(3, "time", "14:50:01"), "{got:?}");
    assert!(has(3, "blocked", "44"), "{got:?}");
    assert!(has(6, "%user", "6.99"), "{got:?}");
    assert!(has(6, "time", "12:10:01 AM"), "{got:?}");
    // Three of four names with digits: a row, not a header.
    assert!(!got.iter().any(|g| g.0 == 9 && g.1 == "db2"), "{got:?}");
}

/// `jstat` centres its numbers under the names (`S0` over `  0.00`,
/// `FGC` over `    1`), starting and ending nowhere a name does: a row
/// of numbers, one per name, each under its name, is still a row. Prose
/// of as many words is not.
#[test]
fn a_row_of_numbers_centred_under_the_names_is_a_row() {
    let header = "Timestamp         S0     S1     E      O      M     CCS    YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT   ";
    let text = [
        header,
        "         3911.1   0.00   0.00   0.00  68.42  97.38  94.78    609    12.161     1     2.871    52     0.259    15.291",
        header,
        "         the    young  and    old    gens   were   full   again     when    it    paused   for     a      while",
    ]
    .join("\n");
    let got = fields_by_line(&text);
    let has = |l: usize, n: &str, v: &str| got.contains(&(l, n.to_string(), v.to_string()));
    assert!(has(2, "FGC", "1"), "{got:?}");
    assert!(has(2, "FGCT", "2.871"), "{got:?}");
    assert!(has(2, "Timestamp", "3911.1"), "{got:?}");
    assert!(!got.iter().any(|g| g.0 == 4 && g.1 == "FGC"), "{got:?}");
}

/// `pidstat -h` writes its header as a comment (`# Time  UID  PID …`):
/// its names are the columns after the mark.
#[test]
fn a_header_written_as_a_comment_names_its_columns() {
    let text = [
        "# Time        UID       PID    %usr %system  %guest   %wait    %CPU   CPU   kB_rd/s   kB_wr/s kB_ccwr/s iodelay  Command",
        "1795747980    106     85530   11.11   11.00    0.00    1.44   22.11     5      0.00 287104.31      0.00      23  pg_basebackup",
    ]
    .join("\n");
    let got = fields_by_line(&text);
    let has = |l: usize, n: &str, v: &str| got.contains(&(l, n.to_string(), v.to_string()));
    assert!(has(2, "kB_wr/s", "287104.31"), "{got:?}");
    assert!(has(2, "PID", "85530"), "{got:?}");
}

/// A key of up to four words, one of them in parentheses, is a field
/// (nodetool's `Space used (live): 13816037376`); a Java frame's call is
/// none (`at Dao.insert(Dao.java:88)` has no key `at Dao.insert(Dao.java`).
#[test]
fn a_key_may_hold_a_word_in_parentheses_but_no_call() {
    let got = fields_by_line(
        "\t\tCompacted partition maximum bytes: 2874382626\n\t\tSpace used (live): 13816037376\n\
         \tat com.acme.billing.CustomerDao.insert(CustomerDao.java:88)\n",
    );
    let has = |l: usize, n: &str, v: &str| got.contains(&(l, n.to_string(), v.to_string()));
    assert!(
        has(1, "Compacted partition maximum bytes", "2874382626"),
        "{got:?}"
    );
    assert!(has(2, "Space used (live)", "13816037376"), "{got:?}");
    assert!(
        !got.iter().any(|g| g.0 == 3 && g.2.starts_with("88")),
        "{got:?}"
    );
}

/// A key of words, a spaced `=` and a state's name (FRR's `BGP state =
/// Established, up for 05w6d20h`) is a field with that name; a line of
/// `key=value` pairs still gives each pair.
#[test]
fn a_state_after_a_key_of_words_is_its_value() {
    let split = |line: &str| {
        let mut got = Vec::new();
        fields::Fields::default().split(line, &mut |f| {
            got.push((f.name.to_string(), f.value.to_string()))
        });
        got
    };
    let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
    assert_eq!(
        split("  BGP state = Established, up for 05w6d20h"),
        [pair("BGP state", "Established")]
    );
    let pairs =
        split("type=SYSCALL msg=audit(11/27/2026 02:47:13.120:90251) : arch=x86_64 auid=mkovacs");
    assert!(pairs.contains(&pair("auid", "mkovacs")), "{pairs:?}");
    assert!(pairs.contains(&pair("type", "SYSCALL")), "{pairs:?}");
}

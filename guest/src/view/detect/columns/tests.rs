//! Tests of `columns`.

use super::*;

fn columns_of(text: &str) -> Vec<String> {
    let mut c = Columns::default();
    for (i, line) in text.lines().enumerate() {
        c.push_line(i as u64 + 1, line);
    }
    c.finish();
    c.render()
}

#[test]
fn csv_names_columns_rows_and_numeric_ranges() {
    let mut csv = String::from("id,name,amount,created\n");
    for i in 1..=12_000 {
        let amount = if i == 77 {
            "991.25".to_string()
        } else {
            format!("{}.5", i % 900)
        };
        csv.push_str(&format!(
            "{i},\"user, {i}\",{amount},2024-01-{:02}\n",
            i % 28 + 1
        ));
    }
    assert_eq!(
        columns_of(&csv),
        [
            "columns (12000 rows): id 1–12000, name, amount 0.5–991.25, created",
            "columns (12000 rows): id, name, amount, created",
        ]
    );
}

#[test]
fn quoted_fields_and_quoted_newlines_are_read_as_records() {
    let csv = "id,note,n\n1,plain,5\n2,\"quoted, with comma\",7\n3,\"two\nlines\",9\n4,x,1\n";
    assert_eq!(columns_of(csv)[0], "columns (4 rows): id 1–4, note, n 1–9");
}

#[test]
fn an_odd_row_is_counted_not_measured() {
    let mut csv = String::from("id,plan,mrr\n");
    for i in 0..300 {
        csv.push_str(&format!("{i},pro,{}\n", 20 + i % 80));
        if i == 150 {
            csv.push_str("104242,pro,-99999999.00,REFUNDED_TWICE\n");
        }
    }
    assert_eq!(
        columns_of(&csv)[0],
        "columns (300 rows, 1 with another field count): id 0–299, plan, mrr 20–99"
    );
}

#[test]
fn tsv_is_named_and_a_column_with_text_is_not_numeric() {
    let mut tsv = String::from("host\tport\tstatus code\n");
    for i in 0..500 {
        let port = if i == 250 {
            "n/a".to_string()
        } else {
            (8000 + i).to_string()
        };
        tsv.push_str(&format!("web-{i}\t{port}\t{}\n", [200, 404, 503][i % 3]));
    }
    assert_eq!(
        columns_of(&tsv)[0],
        "columns (500 rows, tab-separated): host, port, status code 200–503"
    );
}

#[test]
fn prose_and_logs_with_commas_are_not_tables() {
    let prose = "Well, the build failed, again.\n\
                     We looked at the logs, found nothing, and retried.\n\
                     Then, after lunch, it passed.\n"
        .repeat(50);
    assert_eq!(columns_of(&prose), Vec::<String>::new());
    let varied = "One, two, three, four\nWe tried, and it failed.\nNo commas here at all\n";
    assert_eq!(columns_of(&varied.repeat(50)), Vec::<String>::new());
    let header_then_prose = format!("Hello, world\n{prose}");
    assert_eq!(columns_of(&header_then_prose), Vec::<String>::new());
    // log4j timestamps: one comma a line, but no header.
    let log: String = (0..300)
        .map(|i| {
            format!(
                "2024-05-01 12:00:{:02},{i:03} INFO request {i} done\n",
                i % 60
            )
        })
        .collect();
    assert_eq!(columns_of(&log), Vec::<String>::new());
    // An unclosed quote swallows the rest: no table.
    assert_eq!(columns_of("a,b\n1,2\n3,\"4\n5,6\n"), Vec::<String>::new());
    // A header then rows of another width.
    let wider = format!("a,b\n{}", "1,2,3\n".repeat(40));
    assert_eq!(columns_of(&wider), Vec::<String>::new());
    // A quoted newline in a name would break the summary line.
    assert_eq!(columns_of("\"a\nb\",c\n1,2\n3,4\n"), Vec::<String>::new());
    assert_eq!(
        columns_of("\"a b\",c\n1,2\n3,4\n")[0],
        "columns (2 rows): a b 1–3, c 2–4"
    );
    // A header and one row is not worth a summary.
    assert_eq!(columns_of("a,b\n1,2\n"), Vec::<String>::new());
}

#[test]
fn wide_tables_keep_the_first_columns() {
    let width = MAX_COLUMNS + 6;
    let header: Vec<String> = (0..width).map(|i| format!("c{i}")).collect();
    let row: Vec<String> = (0..width).map(|i| i.to_string()).collect();
    let text = format!(
        "{}\n{}\n{}\n",
        header.join(","),
        row.join(","),
        row.join(",")
    );
    let mut c = Columns::default();
    for (i, line) in text.lines().enumerate() {
        c.push_line(i as u64 + 1, line);
    }
    c.finish();
    assert_eq!(c.columns.len(), MAX_COLUMNS);
    let line = &c.render()[1];
    assert!(line.starts_with("columns (2 rows): c0, c1,"), "{line}");
    assert!(line.ends_with(", c63, +6 more"), "{line}");
}

#[test]
fn a_rare_kind_of_value_marks_the_odd_row() {
    let mut c = Columns::default();
    c.push_line(1, "id,email,amount,status");
    for i in 0..5000u64 {
        let row = match i {
            1200 => format!("{i},,12.50,paid"),
            3100 => format!("{i},u{i}@example.com,-129.90,paid"),
            _ => format!("{i},u{i}@example.com,{}.50,paid", i % 900),
        };
        c.push_line(i + 2, &row);
    }
    c.finish();
    let odd: Vec<(u64, String)> = c.odd_rows().into_iter().map(|l| (l.line, l.text)).collect();
    assert_eq!(
        odd,
        vec![
            (1202, "1200,,12.50,paid".to_string()),
            (3102, "3100,u3100@example.com,-129.90,paid".to_string()),
        ]
    );
    // Values of mixed kinds throughout (a signed column, an optional one)
    // have no odd row.
    let mut mixed = Columns::default();
    mixed.push_line(1, "t,delta,note");
    for i in 0..5000u64 {
        let note = if i % 3 == 0 { "late" } else { "" };
        mixed.push_line(i + 2, &format!("{i},{},{note}", i as i64 % 7 - 3));
    }
    mixed.finish();
    assert_eq!(mixed.odd_rows(), vec![]);
}

#[test]
fn a_psql_table_is_read_by_its_bars_and_its_odd_field_named() {
    let mut table =
        String::from(" id  | email              | plan\n-----+--------------------+------\n");
    for i in 0..300 {
        let email = if i == 123 {
            String::new()
        } else {
            format!("u{i}@example.com")
        };
        table.push_str(&format!(" {:>3} | {email:<18} | pro\n", 100 + i));
    }
    table.push_str("(300 rows)\n");
    let mut c = Columns::default();
    for (i, line) in table.lines().enumerate() {
        c.push_line(i as u64 + 1, line);
    }
    c.finish();
    assert_eq!(
        c.render()[0],
        "columns (300 rows, |-separated): id 100–399, email, plan"
    );
    let fields = c.odd_fields();
    assert_eq!(
        fields,
        [OddField {
            column: "email".into(),
            kind: "empty".into(),
            header: 1,
            line: 126,
        }]
    );
    assert_eq!(c.odd_rows()[0].line, 126);
}

#[test]
fn a_psql_tables_header_padded_to_a_wide_column_is_a_header() {
    let pad = " ".repeat(70);
    let mut table = format!(
        "  calls | total_ms |{pad}query\n--------+----------+{}\n",
        "-".repeat(80)
    );
    for i in 0..50 {
        let query = format!(
            "SELECT id, name FROM t{i} WHERE a = $1 AND b = $2 ORDER BY created_at DESC LIMIT 10"
        );
        table.push_str(&format!(" {:>6} | {:>8}.5 | {query}\n", i * 10, i * 100));
    }
    table.push_str("(50 rows)\n\n");
    assert_eq!(
        columns_of(&table)[0],
        "columns (50 rows, |-separated): calls 0–490, total_ms 0.5–4900.5, query"
    );
}

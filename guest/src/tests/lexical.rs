//! Lexical answers over outputs made of records, stored through the real
//! store path: the record holding a match is shown with its identifying
//! lines, never beside the next record's head, and the question's words no
//! line holds are named once.

mod extremes;
mod moments;
mod picked;
mod ranking;

use crate::bindings::types::{CallInfo, ExtractRequest, StoreOutcome};
use crate::llm::NoLlm;
use crate::storage::MemStorage;

/// The first blank-line-separated section of `body` holding `needle`,
/// else the whole body (for an assert's message to show).
fn section_holding<'a>(body: &'a str, needle: &str) -> &'a str {
    (body.split("\n\n").find(|s| s.contains(needle))).unwrap_or(body)
}

/// The lexical answer's body for `question` over `output`.
fn answer(output: &str, question: &str) -> String {
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "git".into(),
        args: "{}".into(),
        model: None,
    };
    let outcome = crate::store::store(&st, call, output.as_bytes(), crate::default_policy());
    let Ok(StoreOutcome::Stored(stored)) = outcome else {
        panic!("not stored")
    };
    let r = crate::extract::extract(
        &st,
        &NoLlm,
        ExtractRequest {
            handle: stored.handle,
            extract: question.into(),
            mode: None,
            max_bytes: None,
            max_chunks: None,
            max_llm_calls: None,
            overlap_percent: None,
        },
    );
    r.text.split_once("\n\n").unwrap().1.to_string()
}

fn git_log() -> String {
    let mut log = String::new();
    for i in 0..300 {
        let (subject, change) = if i == 150 {
            (
                "Unblock the mirror sync",
                "-  verify_tls: true\n+  verify_tls: false",
            )
        } else {
            ("Tune the pool", "-  size: 4\n+  size: 8")
        };
        log.push_str(&format!(
            "commit {i:040x}\nAuthor: Dev {i} <dev{i}@x.io>\nDate:   Mon Nov 23 10:00:00 2026\n\n    {subject}\n\n\
             diff --git a/c.yaml b/c.yaml\n--- a/c.yaml\n+++ b/c.yaml\n@@ -1,5 +1,5 @@\n mirror:\n   url: https://m\n{change}\n   timeout: 30s\n   retries: 3\n   interval: 15m\n\n"
        ));
    }
    log
}

#[test]
fn a_commit_is_shown_from_its_own_head() {
    let body = answer(&git_log(), "Which commit turned off TLS verification?");
    let head = format!("commit {:040x}", 150);
    let at = body.find(&head).expect(&body);
    let change = body.find("+  verify_tls: false").expect(&body);
    assert!(at < change, "{body}");
    assert!(!body[at + head.len()..change].contains("commit "), "{body}");
    assert!(body[at..change].contains("Author: Dev 150"), "{body}");
    // The passage starts at the commit's first line, numbered as in the view.
    let start = 1 + 150 * 18;
    assert!(body.contains(&format!("\n[lines {start}–")), "{body}");
    assert!(body.contains(&format!("\n{start}: {head}\n")), "{body}");
}

#[test]
fn a_long_record_shows_its_name_and_best_lines_with_gaps_marked() {
    let mut yaml = String::from("apiVersion: v1\nitems:\n");
    for i in 0..120 {
        yaml.push_str("- apiVersion: v1\n  kind: Pod\n  metadata:\n    labels:\n      app: shop\n");
        yaml.push_str(&format!("    name: shop-{i:03}\n  spec:\n"));
        for k in 0..20 {
            yaml.push_str(&format!("    setting{k}: value{k}\n"));
        }
        let reason = if i == 77 {
            "CrashLoopBackOff"
        } else {
            "Completed"
        };
        yaml.push_str(&format!("  status:\n    reason: {reason}\n"));
    }
    let body = answer(&yaml, "which pod is crash-looping?");
    let name = body.find("name: shop-077").expect(&body);
    let reason = body.find("reason: CrashLoopBackOff").expect(&body);
    assert!(name < reason, "{body}");
    assert!(
        body[name..reason].contains(" lines not shown ...]"),
        "{body}"
    );
    assert!(!body[name..reason].contains("- apiVersion"), "{body}");
}

#[test]
fn words_no_line_holds_are_named_once() {
    let body = answer(&git_log(), "which commit changed the zeppelin pool size");
    let note = "No line holds: changed, zeppelin (nor a form or a related word of it); rephrase with \
                the output's own words, or grep.\n";
    assert_eq!(body.matches(note).count(), 1, "{body}");
    assert!(body.starts_with("Lexical search (no LLM) of "), "{body}");
}

#[test]
fn the_root_cause_of_a_trace_comes_first() {
    let mut log = String::new();
    for i in 0..3000 {
        log.push_str(&format!(
            "2026-11-23 10:{:02}:{:02} INFO request {i} served\n",
            i / 60 % 60,
            i % 60
        ));
        if i == 1500 {
            log.push_str("2026-11-23 10:25:00 ERROR registration failed\norg.springframework.dao.DataIntegrityViolationException: could not execute\n\tat org.springframework.jdbc.core.JdbcTemplate.update(JdbcTemplate.java:1005)\nCaused by: org.postgresql.util.PSQLException: ERROR: duplicate key\n\tat org.postgresql.core.v3.QueryExecutorImpl.execute(QueryExecutorImpl.java:368)\n\tat com.acme.billing.CustomerDao.insert(CustomerDao.java:88)\n\t... 44 common frames omitted\n");
        }
    }
    let body = answer(&log, "What is the root cause of the failed registration?");
    let root = "\n[root cause of the trace at lines 1503–1508, then the first frame in the project's code]\n\
                1505: Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key\n\
                [... 1 lines not shown ...]\n\
                1507: \tat com.acme.billing.CustomerDao.insert(CustomerDao.java:88)\n";
    let at = body.find(root).expect(&body);
    assert!(body[..at].ends_with("best first:\n"), "first: {body}");
}

#[test]
fn the_project_s_frames_that_called_the_failing_one_come_with_it() {
    // A Spark job's trace: the failing parse is called by the job's step.
    let mut log = String::new();
    for i in 0..2000 {
        log.push_str(&format!(
            "26/11/27 02:00:{:02} INFO TaskSetManager: Finished task {i}.0\n",
            i % 60
        ));
    }
    log.push_str("org.apache.spark.SparkException: Job aborted due to stage failure: java.lang.NumberFormatException: For input string: \"N/A\"\n\
        \tat java.base/java.lang.Long.parseLong(Long.java:711)\n\
        \tat com.acme.etl.model.Money$.parseCents(Money.scala:31)\n\
        \tat com.acme.etl.EnrichOrders$.$anonfun$enrich$3(EnrichOrders.scala:88)\n\
        \tat scala.collection.Iterator$$anon$9.next(Iterator.scala:584)\n\
        \tat org.apache.spark.scheduler.Task.run(Task.scala:141)\n");
    let body = answer(
        &log,
        "Which step of the job blew up, and what was the error behind it?",
    );
    let root = "\n[root cause of the trace at lines 2001–2006, then the first frames in the project's code]\n\
                2001: org.apache.spark.SparkException: Job aborted due to stage failure: java.lang.NumberFormatException: For input string: \"N/A\"\n\
                [... 1 lines not shown ...]\n\
                2003: \tat com.acme.etl.model.Money$.parseCents(Money.scala:31)\n\
                2004: \tat com.acme.etl.EnrichOrders$.$anonfun$enrich$3(EnrichOrders.scala:88)\n";
    assert!(body.contains(root), "{body}");
}

#[test]
fn a_question_naming_a_column_gets_its_odd_row() {
    let mut table =
        String::from("  id   |       email        | name\n-------+--------------------+-------\n");
    for i in 0..4000 {
        let email = if i == 2500 {
            String::new()
        } else {
            format!("user{i}@example.com")
        };
        table.push_str(&format!(" {:>5} | {email:<18} | Name {i}\n", 10_000 + i));
    }
    let body = answer(&table, "which customer has no email address?");
    let odd = "\n[the row whose email is empty (the only such row or one of two), under the table's header]\n\
               1:   id   |       email        | name\n\
               [... 2501 lines not shown ...]\n\
               2503:  12500 |                    | Name 2500\n";
    assert!(body.contains(odd), "{body}");
}

/// `sensors` every 2 s: no line names the machine's heat, but its values'
/// unit does. The hottest reading comes first with its date, not the
/// `crit` threshold (above it, but the same on every line) nor the zone
/// whose name says `temp` but whose value never changes.
#[test]
fn a_question_about_heat_is_answered_over_the_values_in_degrees() {
    let mut out = String::new();
    for i in 0..400 {
        let t = if i == 250 { 98 } else { 50 + i % 17 };
        out.push_str(&format!(
            "Mon Nov 23 10:{:02}:{:02} UTC 2026\ncoretemp-isa-0000\nAdapter: ISA adapter\n\
             Package id 0:  +{t}.0°C  (high = +80.0°C, crit = +100.0°C)\n\n\
             acpitz-acpi-0\nAdapter: ACPI interface\ntemp1:        +27.8°C  (crit = +105.0°C)\n\n",
            20 + i * 2 / 60,
            i * 2 % 60
        ));
    }
    let a = answer(&out, "Did the machine overheat?");
    let section = a
        .split_once("[the largest values of Package id 0 (400 values), largest first]\n")
        .unwrap_or_else(|| panic!("{a}"))
        .1;
    let hottest = section.find("Package id 0:  +98.0°C").expect(&a);
    assert!(
        section[..hottest].contains("Mon Nov 23 10:28:20 UTC 2026"),
        "{a}"
    );
    assert!(!section[..hottest].contains("Package id 0:"), "{a}");
    assert!(!a.contains("values of temp1"), "{a}");
}

/// `kubectl top pods`: "the most memory" is the largest value of the
/// memory column in Kubernetes' units (`14Gi` over `900Mi`), not of the
/// CPU column beside it.
#[test]
fn the_most_memory_is_read_in_kubernetes_units() {
    let mut out = format!(
        "{:<12}{:<24}{:<13}{}\n",
        "NAMESPACE", "NAME", "CPU(cores)", "MEMORY(bytes)"
    );
    for i in 0..300 {
        let (cpu, mem) = match i {
            120 => (40, "14Gi".to_string()),
            200 => (3900, "300Mi".to_string()),
            _ => (1 + i % 97, format!("{}Mi", 100 + i * 3 % 800)),
        };
        out.push_str(&format!(
            "{:<12}{:<24}{:<13}{}\n",
            "shop",
            format!("api-{i:04}"),
            format!("{cpu}m"),
            mem
        ));
    }
    let a = answer(&out, "Which pod uses the most memory?");
    let section = a
        .split_once("[the largest values of MEMORY(bytes) (")
        .unwrap_or_else(|| panic!("{a}"))
        .1;
    assert!(section.lines().nth(1).unwrap().contains("api-0120"), "{a}");
    assert!(!a.contains("values of CPU(cores)"), "{a}");
}

/// JSON lines whose `time` is the clock (Unix ms, a moment) and whose
/// duration comes last in a long line: the comparison is over the
/// duration, and each listed line is cut so as to show it.
#[test]
fn a_comparison_of_durations_skips_the_clock_and_shows_the_field() {
    let mut out = String::new();
    for i in 0..400u64 {
        let ms = if i == 321 {
            2841.5
        } else {
            (i * 7 % 1500) as f64
        };
        out.push_str(&format!(
            "{{\"time\":{},\"req\":{{\"url\":\"/api/{i}\",\"headers\":{{\"user-agent\":\"{}\"}}}},\"responseTime\":{ms:.1}}}\n",
            1_764_240_000_000u64 + i * 700,
            "Mozilla/5.0 ".repeat(20)
        ));
    }
    let a = answer(&out, "Which requests took longer than 2 seconds?");
    let section = a
        .split_once("[responseTime > 2000")
        .unwrap_or_else(|| panic!("{a}"))
        .1;
    let listed = section.lines().nth(1).unwrap();
    assert!(listed.starts_with("322: {\"time\":"), "{a}");
    assert!(listed.contains("\"url\":\"/api/321\""), "{a}");
    assert!(listed.contains("…\"responseTime\":2841.5}"), "{a}");
    assert!(!a.contains("[time >"), "{a}");
}

/// A negated question over a text table: "which claims aren't bound"
/// gets the rows like the thousands holding `Bound` that do not, though
/// they hold no word of the question and no key.
#[test]
fn a_negation_over_a_table_gets_the_rows_without_the_word() {
    let mut table = String::from("NAMESPACE   NAME          STATUS    VOLUME       CAPACITY\n");
    for i in 0..3000 {
        let ns = ["shop", "ci", "data"][crate::tests::heldout::h(i, 1) as usize % 3];
        if i % 700 == 350 {
            table.push_str(&format!(
                "{ns:<11} claim-{i:<7} Pending                         \n"
            ));
        } else {
            table.push_str(&format!(
                "{ns:<11} claim-{i:<7} Bound     pvc-{i:08x} 10Gi\n"
            ));
        }
    }
    let body = answer(&table, "Which volume claims aren't bound yet?");
    let section = body
        .split("\n\n")
        .find(|s| s.contains("without it]"))
        .unwrap_or_else(|| panic!("no rows without the word:\n{body}"));
    for i in [350, 1050, 1750, 2450] {
        assert!(
            section.contains(&format!("claim-{i} ")),
            "claim-{i}:\n{section}"
        );
    }
    assert!(!section.contains("Bound"), "{section}");
}

/// A rare value's line comes with the member beside it that says what
/// happened: the `reason` of one event among hundreds, with its `message`.
#[test]
fn a_rare_value_comes_with_the_message_beside_it() {
    let mut events = Vec::new();
    for i in 0..400 {
        let (reason, message) = if i == 250 {
            (
                "FailedMount",
                "Unable to attach volume pvc-9: already attached to node-3",
            )
        } else {
            ("Pulled", "Container image already present on machine")
        };
        events.push(format!(
            "    {{\n      \"involvedObject\": {{\n        \"kind\": \"Pod\",\n        \"name\": \"web-{i}\"\n      }},\n      \"message\": \"{message}\",\n      \"metadata\": {{\n        \"name\": \"web-{i}.17f0{i:04}\"\n      }},\n      \"reason\": \"{reason}\",\n      \"type\": \"Normal\"\n    }}"
        ));
    }
    let json = format!("{{\n  \"items\": [\n{}\n  ]\n}}\n", events.join(",\n"));
    let body = answer(&json, "Which pod failed to mount its volume, and why?");
    let section = section_holding(&body, "FailedMount");
    assert!(
        section.contains("already attached to node-3") && section.contains("web-250"),
        "{body}"
    );
}

/// An LDIF dump's entries are blank-separated stanzas of `key: value`
/// lines, all at indent 0: a rare value is shown with its own entry's
/// names, never the entry above's, and with the member the question asks
/// for even when it comes after the value (`sAMAccountName` for
/// "username"); for "every …", each of the field's rare values is.
#[test]
fn an_ldif_entrys_rare_value_comes_with_its_own_names_and_the_member_asked_for() {
    let locked = [30, 80, 130, 180, 230, 280];
    let mut ldif = String::new();
    for i in 0..300 {
        let lockout = match locked.contains(&i) {
            true if i == 180 => "134402432844073196".to_string(),
            true => format!("1344024{i:03}44073196"),
            false => "0".to_string(),
        };
        ldif.push_str(&format!(
            "dn: CN=User {i},OU=Staff,DC=corp,DC=io\ntitle: Role {}\ndisplayName: User {i}\nmemberOf: CN=GG-All-Staff,OU=Groups,DC=corp,DC=io\nuserAccountControl: 512\nbadPwdCount: {}\nlockoutTime: {lockout}\nsAMAccountName: user{i}\nmail: user{i}@corp.io\n\n",
            i % 7,
            i % 3
        ));
    }
    let body = answer(
        &ldif,
        "Which accounts are locked out? I need every username.",
    );
    let section = section_holding(&body, "134402432844073196");
    assert!(
        section.contains("displayName: User 180") && section.contains("sAMAccountName: user180"),
        "{body}"
    );
    // Its own entry's names only.
    let names: Vec<&str> = (section.lines())
        .filter(|l| l.contains("displayName:"))
        .collect();
    assert_eq!(names.len(), 1, "{body}");
    assert!(names[0].ends_with("displayName: User 180"), "{body}");
    for i in locked {
        assert!(
            body.contains(&format!("sAMAccountName: user{i}\n")),
            "user{i}: {body}"
        );
    }
}

/// "Which files …": each listed finding comes with its record's member the
/// question names (`"filename"`, before the line), not only its names
/// (`"test_name"`, after it).
#[test]
fn every_listed_record_shows_the_member_the_question_asks_for() {
    let mut results = Vec::new();
    for i in 0..300 {
        let severity = if i % 60 == 7 {
            "HIGH"
        } else {
            ["LOW", "MEDIUM"][i % 2]
        };
        results.push(format!(
            "    {{\n      \"code\": \"{i} x = {i}\\n\",\n      \"filename\": \"./app/mod_{i}.py\",\n      \"issue_confidence\": \"HIGH\",\n      \"issue_severity\": \"{severity}\",\n      \"issue_text\": \"Check number {i}.\",\n      \"line_number\": {i},\n      \"test_id\": \"B{:03}\",\n      \"test_name\": \"check_{}\"\n    }}",
            100 + i % 40,
            i % 40
        ));
    }
    let json = format!("{{\n  \"results\": [\n{}\n  ]\n}}\n", results.join(",\n"));
    let body = answer(
        &json,
        "Which files have a finding of the top severity, high?",
    );
    for i in [7, 67, 127, 187, 247] {
        assert!(
            body.contains(&format!("\"./app/mod_{i}.py\"")),
            "mod_{i}: {body}"
        );
    }
}

/// "Which containers exited": a kind per exit code while they are few
/// (`Exited (137)` apart from `Exited (0)`); gosec's snippets, a line
/// number after `code` on each, fold past eight numbers into one kind,
/// `code <n>`, instead of a kind a line.
#[test]
fn numbers_after_a_word_tell_kinds_apart_while_few() {
    let mut ps = String::from("CONTAINER ID   IMAGE   STATUS\n");
    for i in 0..400 {
        let code = match i % 100 {
            17 => 137,
            53 => 1,
            _ => 0,
        };
        ps.push_str(&format!(
            "c{i:04}   shop:1.{i}   Exited ({code}) 2 hours ago\n"
        ));
    }
    let body = answer(&ps, "Which containers exited?");
    assert!(body.contains("[4 lines with \"exited 137\"]"), "{body}");
    assert!(body.contains("[4 lines with \"exited 1\"]"), "{body}");
    let mut json = String::from("{\n  \"Issues\": [\n");
    for i in 0..300 {
        json.push_str(&format!(
            "    {{\n      \"rule_id\": \"G304\",\n      \"code\": \"{n}: data, err := os.ReadFile(path)\\n\",\n      \"file\": \"/src/svc{i}/main.go\"\n    }},\n",
            n = 10 + i
        ));
    }
    json.push_str("    {}\n  ]\n}\n");
    let body = answer(&json, "which files read a path in their code");
    let numbered = body.matches(" with \"code ").count();
    assert!(body.contains("with \"code <n>\""), "{body}");
    assert!(numbered <= 9, "{numbered}: {body}");
}

/// `aws s3 ls --recursive`: a date, a time, a size in bytes with no unit
/// and no header, a key. "Bigger than 5 gigs" is a comparison in bytes
/// over the one column of whole numbers reaching it.
#[test]
fn a_size_in_words_is_compared_over_a_listings_byte_counts() {
    let mut listing = String::new();
    let big = [
        (300, 48_318_221_004u64),
        (1200, 7_812_445_120),
        (2100, 6_221_093_887),
    ];
    for i in 0..3000u64 {
        let size = big
            .iter()
            .find(|b| b.0 == i)
            .map_or(1000 + (i * 7919) % 900_000_000, |b| b.1);
        listing.push_str(&format!(
            "2026-11-{:02} {:02}:{:02}:{:02} {size:>11} data/part-{i:05}.parquet\n",
            1 + i % 28,
            i % 24,
            i % 60,
            (i * 7) % 60
        ));
    }
    let body = answer(
        &listing,
        "Which files in this bucket are bigger than 5 gigs?",
    );
    for i in [300, 1200, 2100] {
        assert!(
            body.contains(&format!("data/part-{i:05}.parquet")),
            "{i}: {body}"
        );
    }
    assert!(!body.contains("data/part-00301.parquet"), "{body}");
}

/// valgrind: every line is prefixed `==pid==`; a loss record's stack is
/// indented after the prefix. A rare kind's line comes with it.
#[test]
fn a_rare_lines_block_comes_with_it_under_a_shared_prefix() {
    let mut log = String::from("==4821== Memcheck, a memory error detector\n");
    for i in 0..600 {
        let how = if i == 444 {
            "definitely"
        } else {
            "still reachable"
        };
        let fun = if i == 444 {
            "hdr_dup_value (headers.c:212)".to_string()
        } else {
            format!("pool_grow (pool.c:{i})")
        };
        log.push_str(&format!(
            "==4821== \n==4821== {} bytes in {} blocks are {how} lost in loss record {i} of 600\n==4821==    at 0x4848899: malloc (vg_replace_malloc.c:381)\n==4821==    by 0x{:07X}: {fun}\n==4821==    by 0x4A5C606: start_thread (pthread_create.c:442)\n",
            64 + i,
            1 + i % 9,
            0x40_0000 + i
        ));
    }
    let body = answer(&log, "Which function allocates what is definitely lost?");
    assert!(body.contains("hdr_dup_value (headers.c:212)"), "{body}");
}

/// `df -h`: the share is the `Use%` column, written `93%`; the question's
/// own words ("pods", "volumes") are in the mount paths, with numbers in
/// them. "More than 90% full" is compared over the column that carries
/// `%`, not over the first number after a question word.
#[test]
fn a_percentage_is_compared_over_the_column_that_carries_it() {
    let mut df = String::from("Filesystem       Size  Used Avail Use% Mounted on\n");
    let full = [40, 700, 1300];
    for i in 0..2000u64 {
        let pct = if full.contains(&i) {
            91 + i % 8
        } else {
            i * 37 % 89
        };
        // Aligned as `df` aligns its columns.
        df.push_str(&format!(
            "{:<16} {:>4} {:>5} {:>5} {:>3}% /var/lib/kubelet/pods/{:08x}-91aa/volumes/kubernetes.io~csi/pvc-{i:05}/mount\n",
            format!("/dev/nvme{}n1", i % 30),
            "496G",
            format!("{}G", pct * 5),
            format!("{}G", 496 - pct * 5),
            pct,
            i * 2654435761 % 4294967296
        ));
    }
    let body = answer(
        &df,
        "Which of the pods' persistent volumes on this node are more than 90% full?",
    );
    for i in full {
        assert!(body.contains(&format!("pvc-{i:05}/")), "{i}: {body}");
    }
    assert!(body.contains("Use%"), "{body}");
    assert!(!body.contains("pvc-00041/"), "{body}");
}

/// `smartctl -a` over a shelf of drives: every drive has a
/// `Reallocated_Sector_Ct` row, and the few whose raw count is not the
/// usual `0` are the answer. They are listed, each with its drive's head
/// and the `Serial Number:` line the question asks for.
#[test]
fn the_lines_of_a_big_kind_whose_number_stands_out_come_with_the_member_asked_for() {
    let bad = [6u64, 23, 41];
    let mut out = String::new();
    for d in 0..48u64 {
        out.push_str(&format!(
            "== /dev/sd{d}\nModel Family:     Seagate Exos X18\nSerial Number:    ZL{:06X}\nFirmware Version: SN02\n\n",
            d * 7919 + 4099
        ));
        out.push_str("ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE\n");
        for (id, name) in [
            (1, "Raw_Read_Error_Rate"),
            (5, "Reallocated_Sector_Ct"),
            (9, "Power_On_Hours"),
        ] {
            let raw = match id {
                1 => d * 2654435761 % 100_000_000,
                5 if bad.contains(&d) => 8 * (d + 1),
                5 => 0,
                _ => 20_000 + d * 37,
            };
            out.push_str(&format!(
                "{id:>3} {name:<23} 0x0033   100   100   010    Pre-fail  Always       -       {raw}\n"
            ));
        }
        out.push_str(
            &"Self-test execution status:      (   0) completed without error.\n".repeat(30),
        );
        out.push('\n');
    }
    let body = answer(
        &out,
        "Which of these disks are getting bad sectors? I need their serial numbers.",
    );
    for d in bad {
        assert!(
            body.contains(&format!("ZL{:06X}", d * 7919 + 4099)),
            "{d}: {body}"
        );
    }
    assert!(
        body.contains("stand out, a number or a last word"),
        "{body}"
    );
    // A drive with no reallocated sector is not listed as one.
    let fine = format!("ZL{:06X}", 7 * 7919 + 4099);
    assert!(!body.contains(&fine), "{body}");
}

/// `tailscale status --json`: one peer of two hundred is the exit node
/// the traffic "goes out" through; asked for its address, its record
/// shows the list keyed by addresses (`"TailscaleIPs": [`) with its first
/// item, not only its name.
#[test]
fn a_record_shows_the_first_item_of_a_list_the_question_names() {
    let mut out = String::from("{\n  \"BackendState\": \"Running\",\n  \"Peer\": {\n");
    for i in 0..200u32 {
        let exit = i == 137;
        out.push_str(&format!(
            "    \"nodekey:{i:064x}\": {{\n      \"ID\": \"n{i:04}CNTRL\",\n      \"HostName\": \"host-{i:03}\",\n      \"OS\": \"linux\",\n      \"TailscaleIPs\": [\n        \"100.64.{}.{}\",\n        \"fd7a:115c:a1e0::{i:x}\"\n      ],\n      \"Relay\": \"fra\",\n      \"RxBytes\": {},\n      \"Online\": true,\n      \"ExitNode\": {exit},\n      \"Active\": {}\n    }}{}\n",
            i / 100,
            i % 100 + 1,
            i * 7919 % 100_000,
            i % 3 == 0,
            if i == 199 { "" } else { "," }
        ));
    }
    out.push_str("  }\n}\n");
    let body = answer(
        &out,
        "My laptop's traffic is going out through one of our machines. Which one, and what's its \
         address?",
    );
    assert!(body.contains("\"HostName\": \"host-137\""), "{body}");
    assert!(
        body.contains("\"TailscaleIPs\": [\n") && body.contains("\"100.64.1.38\","),
        "{body}"
    );
}

/// "Not backed up at all": the backup field's kind whose value is none
/// (`"BackupRetentionPeriod": 0`) comes first, ahead of kinds matching
/// more of the question's words.
#[test]
fn a_negated_word_lists_first_its_lines_whose_value_is_none() {
    let off = [9u64, 33];
    let items: Vec<String> = (0..60u64)
        .map(|i| {
            let days = if off.contains(&i) { 0 } else { 1 + i % 30 };
            format!(
                "    {{\n      \"DBInstanceIdentifier\": \"db-{i:02}\",\n      \"BackupRetentionPeriod\": {days},\n      \"PreferredBackupWindow\": \"0{}:00-0{}:30\",\n      \"DBSubnetGroupDescription\": \"Private subnets for databases\",\n      \"Engine\": \"postgres\"\n    }}",
                i % 4,
                i % 4
            )
        })
        .collect();
    let json = format!("{{\n  \"DBInstances\": [\n{}\n  ]\n}}\n", items.join(",\n"));
    let body = answer(
        &json,
        "Are any of our databases not being backed up automatically at all?",
    );
    let every = &body[body.find("Every line").expect(&body)..];
    let first_kind = every.lines().nth(1).unwrap_or_default();
    assert!(first_kind.contains("backupretentionperiod 0"), "{body}");
    for i in off {
        assert!(every.contains(&format!("\"db-{i:02}\"")), "{i}: {body}");
    }
}

/// "Which jobs are broken": the jobs whose `"color"` *is* `red` (a field
/// whose whole value is the word: a state) come before the keys named
/// `lastFailedBuild` and the sentences saying builds failed, which every
/// job has and which match more of the question's words.
#[test]
fn a_field_whose_whole_value_is_the_word_comes_first() {
    let red = [5u64, 27, 48, 70];
    let jobs: Vec<String> = (0..80u64)
        .map(|i| {
            let color = if red.contains(&i) { "red" } else { ["blue", "yellow", "aborted"][i as usize % 3] };
            format!(
                "    {{\n      \"name\": \"job-{i:02}\",\n      \"color\": \"{color}\",\n      \"description\": \"Build stability: {} out of the last 5 builds failed.\",\n      \"lastFailedBuild\": {{\n        \"number\": {},\n        \"url\": \"https://ci.acme.io/job/job-{i:02}/{}/\"\n      }},\n      \"lastBuild\": {{\n        \"number\": {}\n      }}\n    }}",
                i % 4,
                100 + i,
                100 + i,
                140 + i
            )
        })
        .collect();
    let json = format!("{{\n  \"jobs\": [\n{}\n  ]\n}}\n", jobs.join(",\n"));
    let body = answer(
        &json,
        "Which of our jobs are broken, with their last build failing? List them.",
    );
    let every = &body[body.find("Every line").expect(&body)..];
    let first_kind = every.lines().nth(1).unwrap_or_default();
    assert!(first_kind.contains("\"red\""), "{body}");
    for i in red {
        assert!(every.contains(&format!("\"job-{i:02}\"")), "{i}: {body}");
    }
}

/// A record too long to be named by its best lines (a workflow run of 150
/// lines) still shows, beside each listed line, the member the question
/// asks for: "I need links" is the run's `url`, a naming word related to
/// "links", ahead of `workflow_id`, which merely holds a word of it.
#[test]
fn a_long_records_listed_line_shows_the_member_asked_for() {
    let failed = [4u64, 19, 33];
    let runs: Vec<String> = (0..40u64)
        .map(|i| {
            let conclusion = if failed.contains(&i) { "failure" } else { "success" };
            let filler: String = (0..140)
                .map(|k| format!("      \"step_{k}\": \"ok\",\n"))
                .collect();
            format!(
                "    {{\n      \"name\": \"CI\",\n      \"workflow_id\": 4821,\n      \"conclusion\": \"{conclusion}\",\n      \"url\": \"https://ci.acme.io/runs/{}\",\n{filler}      \"run_attempt\": 1\n    }}",
                9000 + i
            )
        })
        .collect();
    let json = format!(
        "{{\n  \"workflow_runs\": [\n{}\n  ]\n}}\n",
        runs.join(",\n")
    );
    let body = answer(&json, "Which workflow runs failed? I need links to them.");
    let every = &body[body.find("Every line").expect(&body)..];
    for i in failed {
        let url = format!("https://ci.acme.io/runs/{}", 9000 + i);
        let listed = every
            .lines()
            .find(|l| l.contains("\"failure\"") && l.contains(&url));
        assert!(listed.is_some(), "{i}: {body}");
    }
}

/// "Which drive was the bottleneck, how close to maxed out": the largest
/// percentage, over the column whose name says what is used up
/// (`%util`), not the first one carrying `%` (`%rrqm`).
#[test]
fn a_resource_at_its_limit_is_the_largest_of_its_utilization_column() {
    let mut out = String::new();
    for t in 0..120u64 {
        // Headers right-aligned over their columns, as iostat prints them.
        out.push_str(&format!(
            "11/27/2026 02:{:02}:{:02} AM\n{:<13} {:>7} {:>9} {:>7} {:>7} {:>7} {:>6}\n",
            t / 60,
            t % 60,
            "Device",
            "r/s",
            "rkB/s",
            "%rrqm",
            "%wrqm",
            "aqu-sz",
            "%util"
        ));
        for d in 0..12u64 {
            let util = if t == 77 && d == 9 {
                99.87
            } else {
                ((t * 31 + d * 17) % 60) as f64 + 0.25
            };
            out.push_str(&format!(
                "{:<13} {:>7.2} {:>9.2} {:>7.2} {:>7.2} {:>7.2} {:>6.2}\n",
                format!("sd{}", (b'a' + d as u8) as char),
                20.0 + (t * d % 50) as f64,
                1000.0 + (t * 7 + d) as f64,
                ((t + d * 3) % 40) as f64 + 50.5,
                ((t * 3 + d) % 35) as f64 + 60.5,
                0.5,
                util
            ));
        }
        out.push('\n');
    }
    let body = answer(
        &out,
        "Which drive was the bottleneck, and how close to completely maxed out did it get?",
    );
    let first = body.find("[the largest values of").expect(&body);
    assert!(
        body[first..].starts_with("[the largest values of %util"),
        "{body}"
    );
    assert!(body.contains("99.87"), "{body}");
}

/// A virus scan of a file share: thousands of paths end in `OK`, a few in
/// `Empty file`, and three in `… FOUND`. The question's words match only
/// the paths, so every kind is thousands of lines; the lines whose last
/// word is rare among them are the answer, and are listed.
#[test]
fn a_big_kinds_lines_ending_in_a_rare_word_are_listed() {
    let found = [811u64, 2450, 3907];
    let mut out = String::new();
    for i in 0..4200u64 {
        let dept = ["finance", "legal", "users/anna", "marketing"][(i % 4) as usize];
        let end = if found.contains(&i) {
            "Win.Trojan.Agent-1092 FOUND".to_string()
        } else if i % 97 == 0 {
            "Empty file".to_string()
        } else {
            "OK".to_string()
        };
        out.push_str(&format!(
            "/srv/share/{dept}/{:02}/Report_{i}.docx: {end}\n",
            i % 13
        ));
    }
    out.push_str("\n----------- SCAN SUMMARY -----------\nInfected files: 3\n");
    let body = answer(
        &out,
        "Did the sweep of the file share find anything? List every file we need to quarantine.",
    );
    for i in found {
        assert!(
            body.contains(&format!("Report_{i}.docx: Win.Trojan")),
            "{i}: {body}"
        );
    }
}

/// "Which tests did not pass": `"status": "pass"` is a state of the word
/// the question negates, so the every-item listing does not put it first
/// as a state.
#[test]
fn a_state_of_the_negated_word_does_not_lead() {
    let failed = [40u64, 177];
    let tests: Vec<String> = (0..300u64)
        .map(|i| {
            let status = if failed.contains(&i) { "fail" } else { "pass" };
            format!("    {{\n      \"name\": \"test_{i:03}\",\n      \"status\": \"{status}\",\n      \"duration\": {}\n    }}", i % 7)
        })
        .collect();
    let json = format!("{{\n  \"tests\": [\n{}\n  ]\n}}\n", tests.join(",\n"));
    let body = answer(&json, "Which tests did not pass?");
    // The answer: the lines like those holding it, without it.
    assert!(
        body.contains("\"status\": \"fail\",  ← 204: \"name\": \"test_040\""),
        "{body}"
    );
    let every = &body[body.find("Every line").expect(&body)..];
    assert!(
        !every
            .lines()
            .next()
            .unwrap_or_default()
            .contains("whole value"),
        "{body}"
    );
}

/// A table whose state column holds a dozen values: a question naming
/// one rare state ("unavailable": `offline`) is answered with the rows of
/// the column's other rare states too (`wedged`, `quarantined`), which no
/// word of the question names.
#[test]
fn a_rare_state_named_comes_with_its_columns_other_rare_states() {
    let odd = [
        (700u64, "offline"),
        (1900, "wedged"),
        (2600, "offline"),
        (3100, "quarantined"),
    ];
    let common = [
        "idle",
        "paused",
        "draining",
        "cordoned",
        "starting",
        "upgrading",
        "stopping",
        "rebalancing",
    ];
    let mut out = String::from("NAME            STATE         NODE\n");
    for i in 0..4000u64 {
        let state = match odd.iter().find(|(at, _)| *at == i) {
            Some((_, s)) => s,
            None if i % 5 == 0 => common[(i / 5 % 8) as usize],
            None => "running",
        };
        out.push_str(&format!("worker-{i:<8}{state:<14}node-{}\n", i % 31));
    }
    let body = answer(
        &out,
        "Which workers are unavailable right now? List every one.",
    );
    for (i, _) in odd {
        assert!(body.contains(&format!("worker-{i} ")), "{i}: {body}");
    }
    assert!(
        body.contains("; with its field's other rare values: "),
        "{body}"
    );
}

/// "Where exactly?" asks for a record's location: the listed finding of
/// a linter's JSON comes with its `Filename`, which follows it in the
/// record's `Pos` object.
#[test]
fn where_is_answered_by_the_records_location() {
    let issue = |i: u64, text: &str| {
        format!(
            "    {{\n      \"FromLinter\": \"staticcheck\",\n      \"Text\": \"{text}\",\n      \"Severity\": \"\",\n      \"SourceLines\": [\n        \"\\tx := y{i}\"\n      ],\n      \"Pos\": {{\n        \"Filename\": \"internal/pkg{}/file{i}.go\",\n        \"Offset\": {},\n        \"Line\": {}\n      }}\n    }}",
            i % 17,
            i * 31,
            i % 400
        )
    };
    let items: Vec<String> = (0..2000u64)
        .map(|i| match i {
            1234 => issue(i, "SA5011: possible nil pointer dereference"),
            _ => issue(
                i,
                &format!("ST1003: should not use underscores in Go names; var x_{i}"),
            ),
        })
        .collect();
    let out = format!("{{\n  \"Issues\": [\n{}\n  ]\n}}\n", items.join(",\n"));
    let body = answer(&out, "Could any of them crash the service? Where exactly?");
    let at = body.find("possible nil pointer dereference").expect(&body);
    let line_end = body[at..].find('\n').map_or(body.len(), |e| at + e);
    assert!(
        body[at..line_end].contains("\"Filename\": \"internal/pkg10/file1234.go\""),
        "{}",
        &body[at..line_end]
    );
}

/// "After the backup to S3, which files don't have the same contents?":
/// the scene (`S3`) and the items' noun (`files`) are on lines of every
/// kind; the kinds told by what is asked (`differ`, related to "same")
/// come first, ahead of `file not in S3 bucket`.
#[test]
fn the_kinds_told_by_what_is_asked_come_before_those_of_the_scene() {
    let mut out = String::new();
    for i in 0..6000u64 {
        let f = format!("share/dept-{}/doc-{i}.pdf", i % 9);
        let line = match i {
            _ if i % 1000 == 321 => format!("ERROR : {f}: md5 differ\n* {f}"),
            _ if i % 700 == 55 => format!("ERROR : {f}: file not in S3 bucket backup\n+ {f}"),
            _ if i % 900 == 77 => format!("ERROR : {f}: file not in Local file system\n- {f}"),
            _ => format!("= {f}"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("NOTICE: S3 bucket backup: 6 differences found\n");
    let body = answer(
        &out,
        "After last night's backup of the share to S3, which files don't have the same contents? List them all.",
    );
    let differ = body.find("md5 differ").expect(&body);
    let not_in = body.find("file not in").expect(&body);
    assert!(differ < not_in, "{body}");
}

/// psql's aligned table (`col | col`, a rule, `(N rows)`), its last
/// header name padded past any cell: "the most time overall" is answered
/// over its `total_ms` column (a time by its unit, a sum by "overall"),
/// not its `mean_ms`.
#[test]
fn a_psql_tables_column_answers_the_largest_number() {
    let pad = " ".repeat(80);
    let mut out = format!(
        "        queryid        |  calls   |  total_ms  |  mean_ms   |{pad}query\n{}\n",
        "----------------------+----------+------------+------------+".to_string()
            + &"-".repeat(90)
    );
    for i in 0..3000u64 {
        let (calls, total) = match i {
            1717 => (412_388, 9_871_234.56),
            _ => (1000 + i * 37 % 9000, (i * 7919 % 200_000) as f64 + 0.25),
        };
        let mean = if i == 2999 {
            2_841_337.2
        } else {
            total / calls as f64
        };
        out.push_str(&format!(
            "  {:>20} | {calls:>8} | {total:>10.2} | {mean:>10.2} | SELECT t{i}.id, t{i}.name FROM t{i} WHERE t{i}.key = $1\n",
            4_000_000_000_000_000u64 + i * 7_777_777,
        ));
    }
    out.push_str("(3000 rows)\n\n");
    let body = answer(
        &out,
        "Which query is the database spending the most time on overall, all its runs added up?",
    );
    let total = body.find("largest values of total_ms").expect(&body);
    assert!(body[total..].contains("9871234.56 |"), "{body}");
    // The column the question names first, ahead of the mean's.
    assert!(
        body.find("largest values of mean_ms")
            .is_none_or(|m| m > total),
        "{body}"
    );
}

/// A JSON lines access log: "throttled" is the status `429` (a related
/// word), and each listed line, cut, keeps the member "endpoints" names
/// (`RequestPath`, by its naming word `path`), late in the line.
#[test]
fn throttled_requests_list_their_endpoints() {
    let paths = [
        "/api/v2/search",
        "/api/v2/cart/items",
        "/api/v2/exports",
        "/api/v2/orders",
    ];
    let mut out = String::new();
    for i in 0..900u64 {
        let status = match i {
            _ if i % 211 == 17 || i % 97 == 5 => 429,
            _ if i % 13 == 0 => 503,
            _ if i % 7 == 0 => 404,
            _ => 200,
        };
        out.push_str(&format!(
            "{{\"ClientAddr\":\"10.1.{a}.{b}:{port}\",\"ClientHost\":\"10.1.{a}.{b}\",\"ClientPort\":\"{port}\",\"ClientUsername\":\"-\",\"DownstreamContentSize\":{size},\"DownstreamStatus\":{status},\"Duration\":{d},\"OriginContentSize\":{size},\"OriginDuration\":{od},\"OriginStatus\":{status},\"Overhead\":{o},\"RequestAddr\":\"api.example.com\",\"RequestContentSize\":0,\"RequestCount\":{n},\"RequestHost\":\"api.example.com\",\"RequestMethod\":\"GET\",\"RequestPath\":\"{path}\",\"RequestPort\":\"-\",\"RequestProtocol\":\"HTTP/2.0\",\"RouterName\":\"shop-api@kubernetescrd\",\"entryPointName\":\"websecure\",\"level\":\"info\",\"msg\":\"\",\"time\":\"2026-11-28T09:{mm:02}:{ss:02}Z\"}}\n",
            a = i % 200,
            b = i % 250,
            port = 20000 + i,
            size = 300 + i * 13 % 9000,
            d = 1_000_000 + i * 7777,
            od = 900_000 + i * 7000,
            o = 100_000 + i * 777,
            n = 50_000 + i,
            path = paths[(i / 211) as usize % 4],
            mm = i / 60 % 60,
            ss = i % 60
        ));
    }
    let body = answer(
        &out,
        "Which API endpoints were people getting throttled on? List each one.",
    );
    for i in (0..900u64).filter(|i| i % 211 == 17) {
        let listed = body
            .lines()
            .find(|l| l.starts_with(&format!("{}: ", i + 1)));
        let path = paths[(i / 211) as usize % 4];
        assert!(
            listed.is_some_and(|l| l.contains(&format!("\"RequestPath\":\"{path}\""))),
            "line {}: {body}",
            i + 1
        );
    }
}

/// "Which machine is it on?" names a record's `Node` (a naming word
/// related to "machine"): the broken check is shown with it.
#[test]
fn which_machine_shows_the_records_node() {
    let check = |i: u64, status: &str| {
        format!(
            "  {{\n    \"Node\": \"ip-10-2-{}-{}\",\n    \"CheckID\": \"service:orders-{i}\",\n    \"Name\": \"Service 'orders' check\",\n    \"Status\": \"{status}\",\n    \"Notes\": \"\",\n    \"Output\": \"HTTP GET http://10.2.0.{}:8080/healthz: 200 OK\",\n    \"ServiceID\": \"orders-{i}\",\n    \"ServiceName\": \"orders\",\n    \"ModifyIndex\": {}\n  }}",
            i % 40,
            i % 250,
            i % 250,
            1000 + i
        )
    };
    let items: Vec<String> = (0..1500u64)
        .map(|i| match i {
            977 => check(i, "critical"),
            _ if i % 97 == 3 => check(i, "warning"),
            _ => check(i, "passing"),
        })
        .collect();
    let out = format!("[\n{}\n]\n", items.join(",\n"));
    let body = answer(
        &out,
        "Is any service instance broken? Which machine is it on?",
    );
    let at = body.find("\"Status\": \"critical\"").expect(&body);
    assert!(
        body[at.saturating_sub(400)..].contains("\"Node\": \"ip-10-2-17-227\""),
        "{body}"
    );
}

/// A mail log where one message bounced among hundreds sent and deferred:
/// the one line of its kind is listed whole enough to show the reason the
/// other server gave, at its end; a kind of many lines is cut as before.
#[test]
fn a_kinds_only_line_is_listed_with_its_end() {
    let mut log = String::new();
    for i in 0..600u64 {
        let (to, dsn, status) = match i {
            311 => (
                "m.weber@kanzlei.example".to_string(),
                "5.1.10",
                "bounced (host mx.kanzlei.example[192.0.2.7] said: 550 5.1.10 RecipientNotFound; Recipient not found by SMTP address lookup (in reply to RCPT TO command))",
            ),
            _ if i % 9 == 0 => (
                format!("user{i}@bauer.example"),
                "4.7.1",
                "deferred (host mail.bauer.example[192.0.2.9] said: 450 4.7.1 Greylisted, please try again later (in reply to RCPT TO command))",
            ),
            _ => (
                format!("user{i}@web.example"),
                "2.0.0",
                "sent (250 2.0.0 Ok: queued as 4F1C3A2B07)",
            ),
        };
        log.push_str(&format!(
            "Nov 27 03:{:02}:{:02} mx1 postfix/smtp[{}]: {:010X}: to=<{to}>, relay=mx.mail.example[192.0.2.{}]:25, delay=1.4, delays=0.07/0.01/0.62/0.7, dsn={dsn}, status={status}\n",
            i / 60 % 60,
            i % 60,
            20000 + i,
            0x4F1C3A2B07 + i,
            i % 250
        ));
    }
    let body = answer(
        &log,
        "Did any mail we sent get turned down by the other side's server, not just delayed? \
         Who was it addressed to, and what did their server say?",
    );
    let bounced = body.lines().find(|l| l.starts_with("312: "));
    assert!(
        bounced.is_some_and(|l| l.contains("RecipientNotFound")),
        "{body}"
    );
    let deferred = body.lines().find(|l| l.contains("status=deferred"));
    assert!(
        deferred.is_some_and(|l| !l.contains("RCPT TO command")),
        "{body}"
    );
}

/// Zeek's `conn.log` as JSON lines: its first member, `ts`, is written
/// with three to six decimals, and every line is still one kind of record,
/// so "more than a gigabyte" (10⁹ bytes, said with an article) is compared
/// over all of their `orig_bytes`.
#[test]
fn a_size_said_with_an_article_is_compared_over_every_json_line() {
    let big = [
        (41, 4_102_998_630u64),
        (300, 1_240_551_907),
        (777, 1_030_000_000),
    ];
    let mut log = String::new();
    for i in 0..900u64 {
        let bytes = big
            .iter()
            .find(|b| b.0 == i)
            .map_or(200 + i * 7919 % 900_000_000, |b| b.1);
        // `1795762807.751` and `1795765937.189001`, as Zeek writes them.
        let ts = if i % 2 == 0 {
            format!("{}.{:03}", 1_795_762_807 + i * 13, i % 1000)
        } else {
            format!("{}.{:06}", 1_795_762_807 + i * 13, i * 1001 % 1_000_000)
        };
        log.push_str(&format!(
            "{{\"ts\":{ts},\"uid\":\"C{i:017}\",\"id.orig_h\":\"10.20.{}.{}\",\"id.resp_h\":\"52.95.{}.{}\",\"id.resp_p\":443,\"proto\":\"tcp\",\"orig_bytes\":{bytes},\"resp_bytes\":{},\"local_orig\":true}}\n",
            i % 10,
            i % 250,
            i % 7,
            i % 200,
            i * 31 % 90_000
        ));
    }
    let body = answer(
        &log,
        "Which of our hosts pushed more than a gigabyte out in one connection?",
    );
    for (i, _) in big {
        assert!(
            body.lines().any(|l| l.starts_with(&format!("{}: ", i + 1))),
            "{i}: {body}"
        );
    }
    assert!(
        body.contains("[orig_bytes > 1000000000: 3 of 900 values]"),
        "{body}"
    );
}

/// An SBOM of 300 Java libraries: "log4j-core", named as written, is
/// found whole before the libraries holding only its parts
/// (`spring-security-core`, `log4j-api`, `log4j-to-slf4j`).
#[test]
fn a_name_spelled_with_a_hyphen_is_found_whole_first() {
    let mut names: Vec<String> = (0..300)
        .map(|i| match i % 6 {
            0 => format!("spring-security-core-{i}"),
            1 => format!("spring-core-{i}"),
            2 => format!("jackson-core-{i}"),
            3 => format!("commons-lang-{i}"),
            _ => format!("security-utils-{i}"),
        })
        .collect();
    names[40] = "log4j-api".into();
    names[41] = "log4j-to-slf4j".into();
    names[230] = "log4j-core".into();
    let mut sbom = String::from("{\n  \"artifacts\": [\n");
    for (i, name) in names.iter().enumerate() {
        sbom.push_str(&format!(
            "    {{\n      \"id\": \"{i:016x}\",\n      \"name\": \"{name}\",\n      \"version\": \"2.{}.1\",\n      \"type\": \"java-archive\",\n      \"metadata\": {{\n        \"virtualPath\": \"/opt/app/lib/{name}.jar\"\n      }}\n    }}{}\n",
            i % 20,
            if i + 1 < names.len() { "," } else { "" }
        ));
    }
    sbom.push_str("  ]\n}\n");
    let body = answer(
        &sbom,
        "Security wants to know whether this image ships log4j-core anywhere. Which version and which file?",
    );
    let first = body.lines().find(|l| l.contains("\"name\""));
    assert!(
        first.is_some_and(|l| l.contains("\"log4j-core\"")),
        "{body}"
    );
}

#[test]
fn a_section_found_first_leaves_the_windows_room_for_more_than_one() {
    // A rare `level` the question names ("error") is a section; the
    // timeouts it asks about are six windows of their own, far apart.
    let mut out = String::new();
    for i in 0..3000 {
        let level = if i == 1500 { "error" } else { "info" };
        let msg = if i % 500 == 250 {
            format!(
                "payment gateway timed out after 30 s for checkout order=ORD-{i} {}",
                "while reserving stock and charging the card; ".repeat(5)
            )
        } else {
            format!("request served path=/api/items/{i} status=200")
        };
        out.push_str(&format!(
            "ts=2026-11-27T10:{:02}:{:02}Z level={level} msg=\"{msg}\"\n",
            i / 60 % 60,
            i % 60
        ));
    }
    let body = answer(
        &out,
        "Our checkout timed out with an error for some orders: which order, and after how long?",
    );
    assert!(body.contains("level=error"), "{body}");
    let shown = (0..6)
        .filter(|k| body.contains(&format!("ORD-{}", 250 + k * 500)))
        .count();
    assert!(shown >= 5, "{shown} of 6 timeouts shown:\n{body}");
}

#[test]
fn a_json_records_rare_flag_comes_with_the_member_the_question_names() {
    // A charge as Stripe lists it, 150 lines long: the member asked for
    // (`amount`) deep in the record, far from its head and its flag.
    let filler = |i: usize, from: usize| -> String {
        (from..from + 70)
            .map(|k| format!("      \"metadata_{k}\": \"value {}\",\n", i * k))
            .collect()
    };
    let charges: Vec<String> = (0..120)
        .map(|i| {
            format!(
                "    {{\n      \"id\": \"ch_{i:04}\",\n      \"currency\": \"eur\",\n{}      \"amount\": {},\n{}      \"description\": \"Order #{}\",\n      \"disputed\": {},\n      \"paid\": true\n    }}",
                filler(i, 0),
                1000 + i * 7,
                filler(i, 70),
                104000 + i,
                i == 77
            )
        })
        .collect();
    let out = format!(
        "{{\n  \"object\": \"list\",\n  \"data\": [\n{}\n  ]\n}}\n",
        charges.join(",\n")
    );
    let body = answer(
        &out,
        "Was any payment disputed? Which one, and what was its amount?",
    );
    let section = section_holding(&body, "\"disputed\": true");
    assert!(section.contains("\"id\": \"ch_0077\""), "{body}");
    assert!(section.contains("\"amount\": 1539"), "{body}");
}

#[test]
fn every_row_meeting_two_conditions_is_counted_over_the_columns_named() {
    // A credential report: who logs in with a password and no MFA is a
    // combination of two columns, each `true` or `false` in every row.
    let mut out = String::from(
        "user,arn,password_enabled,password_last_used,mfa_active,access_key_1_active\n",
    );
    for i in 0..400 {
        let (password, mfa) = match i {
            37 | 211 | 350 => (true, false),
            _ if i % 3 == 0 => (false, false),
            _ => (true, true),
        };
        out.push_str(&format!(
            "user{i:03},arn:aws:iam::123456789012:user/user{i:03},{password},2026-11-{:02}T10:00:00+00:00,{mfa},{}\n",
            1 + i % 28,
            i % 2 == 0
        ));
    }
    let body = answer(
        &out,
        "Which people can sign in with just a password and no second factor? Every user name.",
    );
    let section = section_holding(&body, "The columns the question names together");
    assert!(
        section.contains("password_enabled=true mfa_active=false: 3 rows"),
        "{body}"
    );
    for user in ["user037", "user211", "user350"] {
        assert!(section.contains(user), "{user} not shown:\n{body}");
    }
    // Every combination is counted, the common ones too.
    assert!(
        section.contains("password_enabled=true mfa_active=true: 263 rows"),
        "{body}"
    );
    assert!(
        section.contains("password_enabled=false mfa_active=false: 134 rows"),
        "{body}"
    );
}

#[test]
fn a_wide_tables_rows_are_kept_within_a_cell_budget() {
    // JSON lines of 60 members: the rows kept for combining stop at half
    // a million cells, and the section says how many of all it counted.
    let extra: Vec<String> = (0..57).map(|c| format!("\"c{c}\":{}", c % 10)).collect();
    let extra = extra.join(",");
    let mut out = String::new();
    for i in 0..10_000 {
        out.push_str(&format!(
            "{{\"user\":\"user{i}\",\"password_enabled\":{},\"mfa_active\":{},{extra}}}\n",
            i % 2 == 0,
            i % 3 == 0
        ));
    }
    let body = answer(
        &out,
        "Which users sign in with a password and no MFA? Every user.",
    );
    let section = section_holding(&body, "The columns the question names together");
    assert!(
        section.contains(" over 8738 rows (the first 8738 of 10000 rows):"),
        "{body}"
    );
}

#[test]
fn a_big_combination_says_whose_rows_it_holds() {
    // Flow logs, a JSON object a line: the drops by policy are 40 rows,
    // too many to list, so the pods they come from are counted.
    let mut out = String::new();
    for i in 0..600 {
        let (verdict, reason) = match i % 15 {
            0 => ("DROPPED", Some("POLICY_DENIED")),
            7 => ("DROPPED", Some("CT_MAP_INSERTION_FAILED")),
            _ => ("FORWARDED", None),
        };
        let pod = match (verdict, i % 4) {
            ("DROPPED", 0) => "etl-runner-7kzpt".to_string(),
            ("DROPPED", _) => format!("indexer-{}", i % 7),
            _ => format!("web-{}", i % 5),
        };
        let reason = reason
            .map(|r| format!(",\"drop_reason_desc\":\"{r}\""))
            .unwrap_or_default();
        out.push_str(&format!(
            "{{\"time\":\"2026-11-27T09:{:02}:{:02}Z\",\"verdict\":\"{verdict}\",\"source\":{{\"namespace\":\"shop\",\"pod_name\":\"{pod}\"}},\"destination\":{{\"pod_name\":\"db-0\"}}{reason},\"Type\":\"L3_L4\"}}\n",
            i / 60,
            i % 60
        ));
    }
    let body = answer(
        &out,
        "Which pods had connections blocked by our network policies? List every pod.",
    );
    let section = section_holding(&body, "The columns the question names together");
    let denied = (section.lines())
        .skip_while(|l| !l.contains("drop_reason_desc=POLICY_DENIED"))
        .nth(1)
        .unwrap_or_default();
    assert!(denied.starts_with("  pod_name of its rows: "), "{body}");
    let pods: Vec<String> = (0..600)
        .filter(|i| i % 15 == 0 && i % 4 != 0)
        .map(|i| format!("indexer-{}", i % 7))
        .chain(["etl-runner-7kzpt".to_string()])
        .collect();
    for pod in &pods {
        assert!(
            denied.contains(&format!("{pod} ")),
            "{pod} not named:\n{body}"
        );
    }
    // The source's pod, not the destination's.
    assert!(!denied.contains("db-0"), "{body}");
}

/// A rendered chart: Deployments whose containers (and init containers)
/// set their resources, but for `lacking`'s, which set a CPU limit only
/// or none at all; sizes and quotas elsewhere say "memory" and "limit".
fn rendered_chart(lacking: &[usize]) -> String {
    let mut out = String::from(
        "---\n# Source: shop/templates/quota.yaml\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: shop\nspec:\n  hard:\n    limits.memory: 320Gi\n",
    );
    for i in 0..60 {
        let resources = match (lacking.contains(&i), i % 2) {
            (true, 0) => "          resources:\n            limits:\n              cpu: 500m\n".to_string(),
            (true, _) => "          resources: {}\n".to_string(),
            _ => "          resources:\n            limits:\n              cpu: 500m\n              memory: 512Mi\n            requests:\n              memory: 256Mi\n".to_string(),
        };
        out.push_str(&format!(
            "---\n# Source: shop/charts/svc{i}/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: svc{i}\nspec:\n  template:\n    spec:\n      initContainers:\n        - name: svc{i}-migrate\n          image: \"registry.example.com/svc{i}:1.0\"\n          resources:\n            limits:\n              memory: 128Mi\n      containers:\n        - name: svc{i}\n          image: \"registry.example.com/svc{i}:1.0\"\n          ports:\n            - name: http\n              containerPort: 8080\n          env:\n            - name: JAVA_TOOL_OPTIONS\n              value: \"-XX:MaxRAMPercentage=75.0\"\n{resources}      volumes:\n        - name: tmp\n          emptyDir:\n            sizeLimit: 64Mi\n"
        ));
    }
    out
}

#[test]
fn the_items_lacking_a_member_the_question_names_are_listed() {
    let body = answer(
        &rendered_chart(&[7, 22, 41]),
        "Which containers don't have a memory limit set? List every one.",
    );
    let section = section_holding(&body, "[The containers (the items under");
    let lines: Vec<&str> = section.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "[The containers (the items under \"initContainers\", \"containers\"): 120; 117 have resources.limits.memory, the member the question names, 3 do not:]",
            "264: svc7",
            "769: svc22",
            "1412: svc41",
        ],
        "{body}"
    );
}

#[test]
fn items_lacking_a_member_past_the_listed_ones_come_with_the_next_call() {
    let mut out = String::from("spec:\n  containers:\n");
    for i in 0..3000 {
        out.push_str(&format!("    - name: c{i}\n      image: app:{i}\n"));
        if i % 7 != 0 {
            out.push_str("      resources:\n        limits:\n          memory: 1Gi\n");
        }
    }
    let question = "Which containers don't have a memory limit? Every one.";
    let body = answer(&out, question);
    let section = section_holding(&body, "[The containers (the items under");
    assert!(
        section.contains(": 3000; 2571 have resources.limits.memory"),
        "{body}"
    );
    let last = section.lines().last().unwrap_or_default();
    let listed = section
        .lines()
        .filter(|l| l.ends_with(|c: char| c.is_ascii_digit()))
        .count();
    let more = format!(
        "[… and {} more not shown: tool_output(handle = \"",
        429 - listed
    );
    let call = format!("\", extract = \"{question} [skip {listed}]\", mode = \"lexical\")]");
    assert!(last.starts_with(&more) && last.ends_with(&call), "{body}");
    // The next call lists from there.
    let body = answer(&out, &format!("{question} [skip {listed}]"));
    let section = section_holding(&body, "[The containers (the items under");
    let first = format!("c{}", listed * 7);
    assert!(
        section.contains(&format!("[the first {listed} listed before]\n")),
        "{body}"
    );
    assert!(
        section
            .lines()
            .nth(2)
            .is_some_and(|l| l.ends_with(&format!(": {first}"))),
        "{body}"
    );
}

#[test]
fn hostile_structures_keep_the_new_sections_bounded() {
    // Items nested a thousand deep, a member a megabyte long, and rows a
    // value picks whose cells are huge: each section stays in the answer.
    let mut out = String::from("containers:\n");
    for i in 0..400 {
        out.push_str(&format!("- name: c{i}\n"));
        if i == 3 {
            for d in 0..1000 {
                out.push_str(&format!("{}k{d}:\n", "  ".repeat(d + 1)));
            }
        }
        if i == 5 {
            out.push_str(&format!("  note: {}\n", "x".repeat(1 << 20)));
        }
        if i % 9 != 0 {
            out.push_str("  resources:\n    limits:\n      memory: 1Gi\n");
        }
    }
    let body = answer(&out, "Which containers have no memory limit? Every one.");
    assert!(
        body.len() <= crate::DEFAULT_MAX_INLINE_BYTES as usize,
        "{}",
        body.len()
    );
    assert!(!body.contains(&"x".repeat(4096)), "a huge cell shown whole");
    let mut rows = String::from("id,host,state,detail\n");
    for h in 0..3000 {
        let detail = "y".repeat(if h % 100 == 0 { 100_000 } else { 40 });
        rows.push_str(&format!(
            "TLS1,host{h},{},{detail}\n",
            ["offered", "not offered"][h % 2]
        ));
    }
    let body = answer(&rows, "Which hosts still accept TLS 1.0? Every host.");
    assert!(
        body.len() <= crate::DEFAULT_MAX_INLINE_BYTES as usize,
        "{}",
        body.len()
    );
    assert!(!body.contains(&"y".repeat(4096)), "a huge cell shown whole");
}

#[test]
fn an_items_name_is_its_own_member_however_far_in() {
    // YAML items written `-   image: x`: their members four columns in,
    // the name not first.
    let mut out = String::from("containers:\n");
    for i in 0..500 {
        out.push_str(&format!("-   image: app:{i}\n    name: c{i}\n"));
        if i != 77 {
            out.push_str("    resources:\n        limits:\n            memory: 1Gi\n");
        }
    }
    let body = answer(&out, "Which containers have no memory limit? Every one.");
    let section = section_holding(&body, "[The containers (the items under");
    assert!(section.ends_with(": c77"), "{body}");
}

#[test]
fn a_member_written_in_a_flow_map_is_had() {
    // Charts write small maps inline: `limits: {memory: 1Gi}`, a JSON
    // object on one line; a map with other members only lacks it.
    let mut out = String::from("containers:\n");
    for i in 0..300 {
        let resources = match i % 100 {
            5 => "    resources: {limits: {cpu: 500m}}\n".to_string(),
            9 => "    resources: {}\n".to_string(),
            _ if i % 3 == 0 => {
                "    resources:\n      limits: {memory: 1Gi, cpu: \"1\"}\n".to_string()
            }
            _ if i % 3 == 1 => "    resources: {\"limits\": {\"memory\": \"512Mi\"}}\n".to_string(),
            _ => "    resources:\n      limits:\n        memory: 256Mi\n".to_string(),
        };
        out.push_str(&format!("- name: c{i}\n  image: app:{i}\n{resources}"));
    }
    let body = answer(&out, "Which containers have no memory limit? Every one.");
    let section = section_holding(&body, "[The containers (the items under");
    assert!(section.contains("300; 294 have "), "{body}");
    let listed: Vec<&str> = (section.lines().skip(1))
        .filter_map(|l| l.split_once(": ").map(|(_, name)| name))
        .collect();
    assert_eq!(
        listed,
        ["c5", "c9", "c105", "c109", "c205", "c209"],
        "{body}"
    );
    assert!(!body.contains("{limits:\""), "{body}");
}

#[test]
fn items_of_a_json_array_lacking_a_member_are_listed() {
    // The same question of JSON: `kubectl get deploy -o json`'s shape.
    let items: Vec<String> = (0..80)
        .map(|i| {
            let resources = if i == 33 || i == 61 {
                "{}".to_string()
            } else {
                "{\n                  \"limits\": {\n                    \"memory\": \"512Mi\"\n                  }\n                }".to_string()
            };
            format!(
                "    {{\n      \"metadata\": {{\n        \"name\": \"svc{i}\"\n      }},\n      \"spec\": {{\n        \"template\": {{\n          \"spec\": {{\n            \"containers\": [\n              {{\n                \"name\": \"app{i}\",\n                \"image\": \"registry.example.com/app{i}:1.0\",\n                \"resources\": {resources}\n              }}\n            ]\n          }}\n        }}\n      }}\n    }}"
            )
        })
        .collect();
    let out = format!("{{\n  \"items\": [\n{}\n  ]\n}}\n", items.join(",\n"));
    let body = answer(&out, "Which containers have no memory limit? Every one.");
    let section = section_holding(&body, "[The containers (the items under");
    assert!(
        section.contains(
            "80; 78 have resources.limits.memory, the member the question names, 2 do not:]\n"
        ),
        "{body}"
    );
    assert!(section.contains("737: app33\n1349: app61"), "{body}");
}

#[test]
fn an_xml_reports_elements_are_members_and_its_records_rows() {
    // A web scanner's XML report: an alert per finding, its pages in
    // `<uri>` elements (long, with their query), its risk as a code.
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<OWASPZAPReport version=\"2.15.0\">\n\t<site name=\"https://shop.example\">\n\t\t<alerts>\n",
    );
    for i in 0..60 {
        let risk = match i {
            4 | 31 => 3,
            _ => i % 3,
        };
        out.push_str(&format!(
            "\t\t\t<alertitem>\n\t\t\t\t<pluginid>{}</pluginid>\n\t\t\t\t<name>Finding {i}</name>\n\t\t\t\t<riskcode>{risk}</riskcode>\n\t\t\t\t<confidencedesc>{}</confidencedesc>\n\t\t\t\t<desc>&lt;p&gt;A description of finding {i}, long enough to be text.&lt;/p&gt;</desc>\n\t\t\t\t<instances>\n\t\t\t\t\t<instance>\n\t\t\t\t\t\t<uri>https://shop.example/page{i}?q=%3CscrIpt%3Ealert%281%29%3B%3C%2FscRipt%3E%3Ch1%3E&amp;sort=price+AND+1%3D1</uri>\n\t\t\t\t\t\t<method>GET</method>\n\t\t\t\t\t</instance>\n\t\t\t\t</instances>\n\t\t\t</alertitem>\n",
            10000 + i,
            ["High", "Medium", "Low"][i % 3]
        ));
    }
    out.push_str("\t\t</alerts>\n\t</site>\n</OWASPZAPReport>\n");
    let body = answer(&out, "Which pages have a high-risk finding? Every one.");
    // `riskcode` holds "risk"; its rarest value first, each line with
    // its alert's name and page.
    let every = &body[body.find("Every line holding them").expect(&body)..];
    assert!(
        every.contains("\n[2 lines with \"riskcode 3\"]\n"),
        "{body}"
    );
    for (n, i) in [(60, 4), (411, 31)] {
        let listed = format!(
            "{n}: \t\t\t\t<riskcode>3</riskcode>  ← {}: <name>Finding {i}</name>; {}: <uri>https://shop.example/page{i}?q=",
            n - 1,
            n + 5
        );
        assert!(every.contains(&listed), "{listed}\n{body}");
    }
    // Its alerts are rows: their risk and confidence counted together,
    // with their pages (a long one cut, not dropped).
    let section = section_holding(&body, "The columns the question names together");
    let high = (section.lines())
        .skip_while(|l| !l.starts_with("riskcode=3 confidencedesc=Medium: 2 rows"))
        .nth(1)
        .unwrap_or_default();
    assert!(
        high.starts_with("  uri of its rows: https://shop.example/page4?q="),
        "{body}"
    );
    assert!(
        high.contains("&amp;sort=price+A… 1, https://shop.example/page31?q="),
        "{body}"
    );
}

/// A TLS scanner's findings, one object per host and check, as testssl's
/// `--jsonfile` writes them: the check's name in `id`, the host in `ip`.
fn tls_findings() -> String {
    let mut items: Vec<String> = Vec::new();
    for h in 0..16 {
        let host = format!("host{h:02}.example.net/192.0.2.{h}");
        let old = [3, 8, 13].contains(&h);
        for (id, finding) in [
            ("SSLv3", "not offered"),
            (
                "TLS1",
                if old {
                    "offered (deprecated)"
                } else {
                    "not offered"
                },
            ),
            (
                "TLS1_1",
                if h % 2 == 0 {
                    "offered (deprecated)"
                } else {
                    "not offered"
                },
            ),
            ("TLS1_2", "offered"),
            ("cipher-tls1_xc014", "TLSv1 ECDHE-RSA-AES256-SHA"),
            ("banner_server", "nginx"),
        ] {
            let severity = if finding.starts_with("offered (") {
                "LOW"
            } else {
                "INFO"
            };
            items.push(format!(
                "  {{\n    \"id\": \"{id}\",\n    \"ip\": \"{host}\",\n    \"port\": \"443\",\n    \"severity\": \"{severity}\",\n    \"finding\": \"{finding}\"\n  }}"
            ));
        }
    }
    format!("[\n{}\n]\n", items.join(",\n"))
}

#[test]
fn a_joined_spelling_is_never_said_missing() {
    let mut out = String::from("NAME READY STATUS RESTARTS AGE\n");
    for i in 0..3000 {
        out.push_str(&format!("web-{i} 1/1 Running {} 3d\n", i % 5));
    }
    let body = answer(&out, "Which pods restarted 3 times?");
    assert!(body.contains(", restarted3."), "searched for: {body}");
    let said = |l: &&str| l.starts_with("No line holds") && l.contains("restarted3");
    assert!(!body.lines().any(|l| said(&l)), "{body}");
}

#[test]
fn rows_a_named_value_picks_are_told_apart_by_their_other_values() {
    let body = answer(
        &tls_findings(),
        "Which of our servers still accept TLS 1.0? List every host.",
    );
    let section = section_holding(&body, "The rows whose id is \"TLS1\"");
    let expected = "[The rows whose id is \"TLS1\", as the question names it: 16 rows, by their other values, the rarest first, with the ip of its rows]\n\
                    severity=LOW finding=offered (deprecated): 3 rows\n\
                    \x20 ip of its rows: host03.example.net/192.0.2.3, host08.example.net/192.0.2.8, host13.example.net/192.0.2.13\n\
                    severity=INFO finding=not offered: 13 rows\n";
    assert!(section.starts_with(expected), "{body}");
    // "TLS 1.2" is no "TLS 1.0": its rows are `TLS1_2`'s.
    let body = answer(&tls_findings(), "Which hosts offer TLS 1.2? Every host.");
    assert!(body.contains("The rows whose id is \"TLS1_2\""), "{body}");
    assert!(!body.contains("The rows whose id is \"TLS1\""), "{body}");
}

#[test]
fn rows_a_named_condition_picks_are_listed_by_their_values() {
    // A CDN's request log: the firewall's action is a condition of few
    // values (`""`, `block`, `managedChallenge`, `log`); the question
    // names one of them, not its key.
    let blocked = ["45.148.10.174", "185.220.101.34", "2a0b:f4c2:2::1d"];
    let mut out = String::new();
    for i in 0..600 {
        let (ip, action) = match i % 50 {
            7 => (blocked[(i / 50) % 3].to_string(), "block"),
            9 => (format!("103.145.13.{}", i % 250), "managedChallenge"),
            11 => (format!("91.92.247.{}", i % 250), "log"),
            _ => (format!("84.15.{}.{}", i / 250, i % 250), ""),
        };
        // The blocked clients try one path.
        let path = match action {
            "block" => "/login".to_string(),
            _ => format!("/c/{}", i % 7),
        };
        out.push_str(&format!(
            "{{\"ClientIP\":\"{ip}\",\"ClientRequestPath\":\"{path}\",\"EdgeResponseStatus\":200,\"RayID\":\"{:016x}\",\"SecurityAction\":\"{action}\"}}\n",
            i * 7919
        ));
    }
    let body = answer(
        &out,
        "Which IP addresses did the firewall block this morning? List every one.",
    );
    let section = section_holding(&body, "The rows whose SecurityAction is \"block\"");
    assert!(
        section.starts_with("[The rows whose SecurityAction is \"block\", as the question names it: 12 rows, by their other values"),
        "{body}"
    );
    for ip in blocked {
        let group = format!("ClientIP={ip}: 4 rows\n");
        assert!(section.contains(&group), "{ip}: {body}");
    }
    assert!(!section.contains("103.145.13."), "{body}");
}

#[test]
fn picked_names_past_the_listed_ones_come_with_the_next_call() {
    // 60 clients blocked from one path: 24 named, then the exact call
    // naming the rest, which names them.
    let mut out = String::new();
    for i in 0..900 {
        let (ip, action) = match i % 15 {
            4 => (format!("45.148.10.{}", i / 15), "block"),
            9 => (format!("91.92.247.{}", i / 15), "log"),
            _ => (format!("84.15.{}.{}", i / 250, i % 250), ""),
        };
        out.push_str(&format!(
            "{{\"ClientIP\":\"{ip}\",\"ClientRequestPath\":\"/c/{}\",\"RayID\":\"{:016x}\",\"SecurityAction\":\"{action}\"}}\n",
            i % 3,
            i * 7919
        ));
    }
    let question = "Which IP addresses did the firewall block? Every one.";
    let body = answer(&out, question);
    let section = section_holding(&body, "The rows whose SecurityAction is \"block\"");
    let names = (section.lines())
        .find(|l| l.starts_with("  ClientIP of its rows: "))
        .unwrap_or_else(|| panic!("{body}"));
    assert!(names.contains("45.148.10.0, 45.148.10.1, "), "{body}");
    assert!(
        names.contains(", and 36 more: tool_output(handle = \""),
        "{body}"
    );
    assert!(
        names.ends_with(&format!(
            "extract = \"{question} [skip 24]\", mode = \"lexical\")"
        )),
        "{body}"
    );
    let next = answer(&out, &format!("{question} [skip 24]"));
    let section = section_holding(&next, "The rows whose SecurityAction is \"block\"");
    assert!(
        section.contains("  ClientIP of its rows: 25–48 of 60: 45.148.10.24, "),
        "{next}"
    );
}

#[test]
fn a_long_records_rare_term_shows_beside_its_common_ones() {
    // Security findings, 30 lines each, some of one type: the one that
    // answers holds "instance" on six lines and "pool" on one, after them.
    let findings: Vec<String> = (0..120)
        .map(|i| {
            let (title, kind, domain) = match i {
                77 => (
                    "Bitcoin-related domain name queried by EC2 instance i-0c7e2f19a84d3b615.",
                    "CryptoCurrency:EC2/BitcoinTool.B!DNS",
                    "pool.supportxmr.com",
                ),
                // Sample findings of the same type, to other domains.
                i if i % 20 == 3 => (
                    "[SAMPLE] Bitcoin-related domain name queried by EC2 instance.",
                    "CryptoCurrency:EC2/BitcoinTool.B!DNS",
                    "",
                ),
                _ => (
                    "Unprotected port on EC2 instance is being probed.",
                    "Recon:EC2/PortProbeUnprotectedPort",
                    "",
                ),
            };
            // Each finding's own domain: none stands out.
            let domain = match domain {
                "" => format!("host{i}.example.com"),
                d => d.to_string(),
            };
            let filler: String = (0..12)
                .map(|k| format!("          \"Tag{k}\": \"value-{}\",\n", (i * 31 + k) % 97))
                .collect();
            format!(
                "    {{\n      \"Id\": \"{:032x}\",\n      \"Title\": \"{title}\",\n      \"Resource\": {{\n        \"InstanceDetails\": {{\n          \"InstanceId\": \"i-{:017x}\",\n          \"InstanceType\": \"c6i.large\",\n          \"InstanceState\": \"running\",\n          \"IamInstanceProfile\": \"arn:aws:iam::4182:instance-profile/ci\",\n{filler}          \"ImageId\": \"ami-0a7a5ef526f47a843\"\n        }}\n      }},\n      \"Service\": {{\n        \"Action\": {{\n          \"DnsRequestAction\": {{\n            \"Domain\": \"{domain}\"\n          }}\n        }},\n        \"Count\": {}\n      }},\n      \"Type\": \"{kind}\"\n    }}",
                i * 7919,
                i * 104729,
                i % 13 + 1
            )
        })
        .collect();
    let out = format!("{{\n  \"Findings\": [\n{}\n  ]\n}}\n", findings.join(",\n"));
    let body = answer(
        &out,
        "Is one of our servers mining cryptocurrency? Which instance, and which pool is it talking to?",
    );
    assert!(
        body.contains("\"Domain\": \"pool.supportxmr.com\""),
        "{body}"
    );
}

#[test]
fn a_long_record_shows_the_time_a_question_asks_for() {
    // Activity-log events, 40 lines each: the one deleting the production
    // vault has its time far from the lines the question's words are on.
    let events: Vec<String> = (0..150)
        .map(|i| {
            // Vaults are deleted often; only one in production.
            let op = if i % 10 == 7 { "delete" } else { "write" };
            let env = if i == 97 { "prod" } else { "test" };
            let claims: String = (0..24)
                .map(|k| format!("      \"claim{k}\": \"v{}\",\n", (i * 17 + k) % 89))
                .collect();
            format!(
                "  {{\n    \"authorization\": {{\n      \"action\": \"Microsoft.KeyVault/vaults/{op}\",\n      \"scope\": \"/rg-payments-{env}/vaults/kv-payments-{env}\"\n    }},\n    \"caller\": \"user{i}@example.com\",\n    \"claims\": {{\n{claims}      \"ver\": \"1.0\"\n    }},\n    \"eventTimestamp\": \"2026-11-{:02}T{:02}:41:09Z\",\n    \"level\": \"Informational\",\n    \"operationName\": \"Microsoft.KeyVault/vaults/{op}\",\n    \"resourceId\": \"/rg-payments-{env}/vaults/kv-payments-{env}\"\n  }}",
                i % 28 + 1,
                i % 24
            )
        })
        .collect();
    let out = format!("[\n{}\n]\n", events.join(",\n"));
    let question =
        "Our production payments key vault has vanished. Who got rid of it, and at what time?";
    let body = answer(&out, question);
    let at = body
        .find("\"caller\": \"user97@example.com\"")
        .expect(&body);
    assert!(
        body[at..].contains("\"eventTimestamp\": \"2026-11-14T01:41:09Z\""),
        "{body}"
    );
    // Asked without a time, the record shows no time line.
    let body = answer(
        &out,
        "Our production payments key vault has vanished. Who got rid of it?",
    );
    assert!(
        !body.contains("\"eventTimestamp\": \"2026-11-14T01:41:09Z\""),
        "{body}"
    );
}

#[test]
fn the_longest_bare_duration_is_found_by_a_related_word() {
    // A GC log: each pause's duration ends its line, with no key; uptime
    // stamps in brackets and `Real=` times are not pauses.
    let mut out = String::new();
    for i in 0..400u64 {
        let ms = if i == 277 {
            2874.613
        } else {
            (i * 37 % 400) as f64 + 0.5
        };
        out.push_str(&format!(
            "[{}.{:03}s][info][gc] GC({i}) Pause Young (Normal) (G1 Evacuation Pause) 2306M->1704M(4096M) {ms:.3}ms\n[{}.{:03}s][info][gc,cpu] GC({i}) User=0.15s Sys=0.00s Real=0.02s\n",
            i * 90,
            i % 1000,
            i * 90,
            i % 1000
        ));
    }
    let body = answer(&out, "What was the longest time the JVM froze, and when?");
    let at = body
        .find("the largest values of the durations")
        .expect(&body);
    assert!(
        body[at..].contains(
            "GC(277) Pause Young (Normal) (G1 Evacuation Pause) 2306M->1704M(4096M) 2874.613ms"
        ),
        "{body}"
    );
}

#[test]
fn a_line_in_a_map_keyed_by_names_is_named_by_its_key() {
    // `npm ls --json`: packages keyed by name, each with `dependencies`;
    // a few pull in `request`, some deep in the tree.
    let package = |name: &str, deps: &str, indent: usize| {
        let pad = " ".repeat(indent);
        format!(
            "{pad}\"{name}\": {{\n{pad}  \"version\": \"1.0.0\",\n{pad}  \"resolved\": \"https://registry.example/{name}/-/{name}-1.0.0.tgz\",\n{pad}  \"dependencies\": {{\n{deps}{pad}  }}\n{pad}}},\n"
        )
    };
    let mut top = String::new();
    for i in 0..300 {
        let leaf = |n: &str, indent| package(n, "", indent);
        let deps = match i {
            40 => leaf("request", 8),
            170 => package("webdriver-manager", &leaf("request", 12), 8),
            _ => leaf(["ms", "qs", "ws"][i % 3], 8) + &leaf(["debug", "chalk"][i % 2], 8),
        };
        // Names without digits: no key here names its block by its shape.
        const A: [&str; 20] = [
            "amber", "brisk", "cedar", "dune", "ember", "fjord", "grove", "heron", "iris", "jade",
            "kelp", "lark", "moss", "nova", "onyx", "pine", "quill", "reed", "sage", "tide",
        ];
        const B: [&str; 15] = [
            "core", "kit", "lib", "util", "js", "fs", "io", "ui", "db", "api", "cli", "log", "map",
            "net", "orm",
        ];
        top.push_str(&package(&format!("{}-{}", A[i % 20], B[i / 20]), &deps, 4));
    }
    let out = format!("{{\n  \"name\": \"shop\",\n  \"dependencies\": {{\n{top}  }}\n}}\n");
    let body = answer(
        &out,
        "Which packages pull in the deprecated `request` library? I need all of them.",
    );
    let lines: Vec<&str> = body
        .lines()
        .filter(|l| l.contains("\"request\": {"))
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("← ") && l.contains("\"amber-lib\": {")),
        "{body}"
    );
    assert!(
        lines.iter().any(|l| l.contains("\"webdriver-manager\": {")),
        "{body}"
    );
    // Never the key every package repeats.
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("← ") && l.ends_with("\"dependencies\": {")),
        "{body}"
    );
}

#[test]
fn end_dates_before_the_questions_date_are_listed_with_their_names() {
    // `keytool -list -v`: 300 entries, 40 of them ended before the date the
    // question gives; no line holds a word of the question but "alias".
    let months = ["Jan", "Mar", "May", "Jul", "Sep", "Nov"];
    let mut out = String::from("Keystore type: PKCS12\n\nYour keystore contains 300 entries\n\n");
    for i in 0..300 {
        let year = if i % 7 == 3 && i < 280 { 2025 } else { 2027 };
        let month = months[i % 6];
        out.push_str(&format!(
            "Alias name: svc-{i}-edge\nCreation date: {month} 12, 2024\nEntry type: trustedCertEntry\n\nOwner: CN=svc-{i}\nIssuer: CN=Corp CA\nSerial number: {i:x}\nValid from: Mon {month} 12 10:00:00 UTC 2024 until: Tue {month} 12 10:00:00 UTC {year}\nCertificate fingerprints:\n\t SHA1: 27:10:{i:02X}\n\n*******************************************\n\n"
        ));
    }
    let question = "It's 27 November 2026 today. Which certificates have already run out? Give me every alias.";
    let body = answer(&out, question);
    assert!(
        body.contains("[End dates (after `until`, `Not After`, `expires`…) before 2026-11-27, the question's date: 40 of 300 lines]"),
        "{body}"
    );
    assert!(
        body.contains("until: Tue Jul 12 10:00:00 UTC 2025  ← 44: Alias name: svc-3-edge"),
        "{body}"
    );
    assert!(!body.contains("Alias name: svc-8-edge"), "{body}");
    // Cut at 24, with the call for the rest, which lists them.
    assert!(body.contains("[16 more: tool_output(handle = "), "{body}");
    let next = answer(&out, &format!("{question} [skip 24]"));
    assert!(next.contains("Alias name: svc-269-edge"), "{next}");
    assert!(!next.contains("Alias name: svc-3-edge\n"), "{next}");
}

#[test]
fn picked_groups_past_the_budget_are_said_by_their_values() {
    // Blocked clients by country, edge and method: not every group's
    // names fit; the groups left are said by their values and counts.
    let countries = ["DE", "FR", "NL"];
    let colos = ["FRA", "AMS"];
    let mut out = String::new();
    for i in 0..3600 {
        let action = if i % 10 == 3 { "block" } else { "" };
        out.push_str(&format!(
            "{{\"ClientIP\":\"2001:db8:{:x}::{:x}\",\"ClientCountry\":\"{}\",\"EdgeColo\":\"{}\",\"Method\":\"{}\",\"RayID\":\"{:016x}\",\"SecurityAction\":\"{action}\"}}\n",
            i % 7,
            i * 31,
            countries[(i / 10) % 3],
            colos[(i / 30) % 2],
            ["GET", "POST"][(i / 60) % 2],
            i * 7919
        ));
    }
    let body = answer(
        &out,
        "Which IP addresses did the firewall block? Every one.",
    );
    let section = section_holding(&body, "The rows whose SecurityAction is \"block\"");
    let cut = (section.lines())
        .find(|l| l.starts_with("[… and "))
        .unwrap_or_else(|| panic!("{body}"));
    assert!(
        cut.contains(" more groups, their rows not listed: ClientCountry="),
        "{body}"
    );
    assert!(cut.ends_with("); ask for one by its values]"), "{cut}");
    assert!(
        cut.starts_with("[… and 7 more groups, their rows not listed: ClientCountry=NL EdgeColo=AMS Method=GET (30); "),
        "{cut}"
    );
}

#[test]
fn a_csv_row_a_named_value_picks_keeps_its_cells() {
    // One row a line: the picked rows' cells are read as written.
    let mut out = String::from("id,host,state,checked_at\n");
    for h in 0..400 {
        for id in ["php7", "php8", "nginx1"] {
            let state = match (id, h) {
                ("php7", 4 | 13 | 122 | 311) => "installed",
                _ => "absent",
            };
            out.push_str(&format!("{id},web{h:03},{state},2026-11-27T10:00:00Z\n"));
        }
    }
    let body = answer(
        &out,
        "Which web servers still have PHP 7 installed? Every one.",
    );
    let section = section_holding(&body, "The rows whose id is \"php7\"");
    assert!(
        section.contains(
            "state=installed: 4 rows\n  host of its rows: web004, web013, web122, web311\n"
        ),
        "{body}"
    );
}

#[test]
fn a_json_arrays_records_are_rows_by_their_own_members() {
    // A CI API's jobs, one pretty-printed object each: the job's own
    // `status` (after its pipeline's, deeper), its `name` of words.
    let jobs: Vec<String> = (0..400)
        .map(|i| {
            let status = match i {
                7 | 31 => "failed",
                12 => "canceled",
                _ => "success",
            };
            let allowed = i % 10 == 7 && i != 7;
            format!(
                "  {{\n    \"id\": {},\n    \"pipeline\": {{\n      \"id\": 88213,\n      \"status\": \"failed\"\n    }},\n    \"allow_failure\": {allowed},\n    \"name\": \"test:e2e {}/400\",\n    \"stage\": \"test\",\n    \"web_url\": \"https://gitlab.example.com/shop/platform/-/jobs/{}\",\n    \"status\": \"{status}\"\n  }}",
                7412000 + i,
                i + 1,
                7412000 + i
            )
        })
        .collect();
    let out = format!("[\n{}\n]\n", jobs.join(",\n"));
    let body = answer(
        &out,
        "Which jobs made the pipeline fail? Jobs allowed to fail don't count. Every one.",
    );
    let section = section_holding(&body, "The columns the question names together");
    let failed = (section.lines())
        .skip_while(|l| !l.contains("allow_failure=false status=failed: 2 rows"))
        .nth(1)
        .unwrap_or_default();
    assert!(failed.contains("test:e2e 8/400 1"), "{body}");
    assert!(failed.contains("test:e2e 32/400 1"), "{body}");
    assert!(
        section.contains("allow_failure=false status=success: "),
        "{body}"
    );
}

#[test]
fn a_pool_that_ran_out_is_found_by_what_the_server_says() {
    // dhcpd's leases: a pool that "ran out" says `no free leases`; the
    // turned-away devices are the few values after `from`.
    let macs = [
        "b8:27:eb:b7:cd:9d",
        "3c:22:fb:47:fc:b3",
        "f0:18:98:26:f3:71",
    ];
    let mut out = String::new();
    for i in 0..3000u32 {
        let mac = format!("8c:85:90:{:02x}:{:02x}:{:02x}", i % 251, i % 241, i % 239);
        let ip = format!("10.20.{}.{}", 10 + i % 3 * 10, i % 250);
        let t = format!("Nov 27 {:02}:{:02}:{:02}", 7 + i / 360, i / 6 % 60, i % 60);
        out.push_str(&match i % 500 {
            17..=22 => format!(
                "{t} dhcp01 dhcpd[1187]: DHCPDISCOVER from {} via 10.20.30.1: network 10.20.30.0/24: no free leases\n",
                macs[(i % 3) as usize]
            ),
            _ => format!(
                "{t} dhcp01 dhcpd[1187]: DHCPREQUEST for {ip} from {mac} via 10.20.10.1\n{t} dhcp01 dhcpd[1187]: DHCPACK on {ip} to {mac} via 10.20.10.1\n"
            ),
        });
    }
    let body = answer(
        &out,
        "Some phones couldn't get onto the network because the DHCP server ran out of addresses. Which devices were turned away? List every MAC.",
    );
    let kind = section_holding(&body, "no free leases");
    for mac in macs {
        assert!(kind.contains(&format!("\"{mac}\" 12")), "{mac}: {body}");
    }
    // The phrase's word is a guess: never said missing.
    let unsaid = body
        .lines()
        .find(|l| l.starts_with("No line holds"))
        .unwrap_or("");
    assert!(!unsaid.contains("depleted"), "{body}");
}

#[test]
fn a_windows_error_comes_with_its_message_and_a_file_left_behind_is_a_failure() {
    // A robocopy log: errors retried, one given up on; a file named
    // `Failed_…` is no failure.
    let mut out = String::from("   ROBOCOPY     ::     Robust File Copy for Windows\n");
    for i in 0..1500u64 {
        out.push_str(&format!(
            "\t    New File  \t\t   {}.1 m\t2026/11/{:02} 10:14:47\t\\\\fs01\\Projekte\\P{i}\\{}.pdf\n",
            i % 9,
            i % 28 + 1,
            if i % 100 == 7 { "Failed_Pruefbericht" } else { "Plan" }
        ));
        if i % 400 == 33 {
            out.push_str(&format!(
                "2026/11/26 22:0{}:55 ERROR 32 (0x00000020) Copying File \\\\fs01\\Projekte\\P{i}\\GR_{i}.dwg\nThe process cannot access the file because it is being used by another process.\nWaiting 10 seconds... Retrying...\n",
                i / 400
            ));
        }
        if i == 900 {
            for _ in 0..3 {
                out.push_str("2026/11/26 22:06:04 ERROR 5 (0x00000005) Copying File \\\\fs01\\Personal\\Gehaltsrunde_2027_final.xlsx\nAccess is denied.\nWaiting 10 seconds... Retrying...\n");
            }
            out.push_str("ERROR: RETRY LIMIT EXCEEDED.\n");
        }
    }
    let question = "Last night's sync to the new file server: did everything make it across? If some file got left behind, which one, and what stopped it?";
    let body = answer(&out, question);
    let at = body.find("ERROR 5 (0x00000005) Copying File").expect(&body);
    assert!(
        body[at..].starts_with(
            "ERROR 5 (0x00000005) Copying File \\\\fs01\\Personal\\Gehaltsrunde_2027_final.xlsx\n"
        ),
        "{body}"
    );
    assert!(body.contains(": Access is denied.\n"), "{body}");
    assert!(!body.contains("Failed_Pruefbericht"), "{body}");
}

#[test]
fn the_rare_states_of_a_field_are_listed_with_whose_they_are() {
    // `show bgp neighbors`: most sessions Established, a few not.
    let mut out = String::new();
    for i in 0..300u64 {
        let state = match i {
            17 | 140 => "Active",
            77 => "Idle",
            201 => "Connect",
            _ => "Established, up for 05w6d20h",
        };
        out.push_str(&format!(
            "BGP neighbor is 198.51.100.{}, remote AS {}, local AS 64700, external link\n  Hostname: edge{i}\n  BGP version 4, remote router ID 10.0.{i}.1\n  BGP state = {state}\n  Last read 00:00:0{}, Last write 00:00:0{}\n  Route-Server Client\n\n",
            i % 250,
            64512 + i,
            i % 10,
            i % 7
        ));
    }
    let body = answer(
        &out,
        "Which BGP sessions are down right now? I need every neighbour address.",
    );
    assert!(body.contains("[its 4 lines whose BGP state is not \"Established\" (the value of 296 of its 300 lines):]"), "{body}");
    for (state, ip) in [
        ("Active", "edge17\n"),
        ("Idle", "edge77\n"),
        ("Active", "edge140\n"),
        ("Connect", "edge201\n"),
    ] {
        let at = body.find(&format!("BGP state = {state}  ← ")).expect(&body);
        assert!(body[at..].contains(ip), "{ip}: {body}");
    }
}

#[test]
fn a_windows_crash_is_found_by_its_bugcheck_and_shown_by_its_message() {
    // `wevtutil qe System /f:RenderedXml`: an event a line, its message
    // after a kilobyte of ids and flags; Windows calls its crash a bugcheck.
    let event = |id: u32, source: &str, data: &str, message: &str| {
        format!(
            "<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><Provider Name='{source}' \
             Guid='{{555908d1-a6d7-4695-8e1e-26931d2012f4}}' EventSourceName='{source}'/><EventID>{id}</EventID>\
             <Version>0</Version><Level>4</Level><Task>0</Task><Opcode>0</Opcode><Keywords>0x8080000000000000</Keywords>\
             <TimeCreated SystemTime='2026-11-24T02:15:41.8807311Z'/><EventRecordID>8{id}</EventRecordID>\
             <Correlation/><Execution ProcessID='0' ThreadID='0'/><Channel>System</Channel>\
             <Computer>FS02.corp.example.com</Computer><Security/></System><EventData>{data}</EventData>\
             <RenderingInfo Culture='en-US'><Message>{message}</Message><Level>Information</Level>\
             </RenderingInfo></Event>\n"
        )
    };
    let mut out = String::new();
    for i in 0..400u32 {
        out.push_str(&event(
            7036,
            "Service Control Manager",
            &format!("<Data Name='param1'>Service {i}</Data><Data Name='param2'>running</Data>"),
            &format!("The Service {i} service entered the running state."),
        ));
        if i == 300 {
            out.push_str(&event(
                1001,
                "BugCheck",
                "<Data Name='param1'>0x000000d1 (0x0000000000000000, 0x0000000000000002)</Data>",
                "The computer has rebooted from a bugcheck.  The bugcheck was: 0x000000d1 \
                 (0x0000000000000000, 0x0000000000000002). A dump was saved in: C:\\Windows\\MEMORY.DMP.",
            ));
        }
    }
    let body = answer(
        &out,
        "Our file server went down by itself last night. What crash code did Windows record for it?",
    );
    assert!(
        body.contains(
            "…<Message>The computer has rebooted from a bugcheck.  The bugcheck was: 0x000000d1"
        ),
        "{body}"
    );
    // "crash" is looked up as `bugcheck`: no line lacks it.
    let lacking = body
        .lines()
        .find(|l| l.starts_with("No line holds"))
        .unwrap_or("");
    assert!(!lacking.contains("crash"), "{body}");
}

#[test]
fn a_record_too_long_to_read_whole_is_named_by_its_first_lines() {
    // SARIF (CodeQL): each result's file comes before its long
    // `codeFlows`, past the lines a record is read for its names.
    let location = |uri: &str, line: usize| {
        serde_json::json!({"physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%", "index": line % 40},
            "region": {"startLine": line, "startColumn": 5, "endColumn": 40}}})
    };
    let results: Vec<serde_json::Value> = (0..60)
        .map(|i| {
            let rule = if i % 11 == 4 { "js/sql-injection" } else { "js/unused-local-variable" };
            let uri = format!("src/module{i}/file{i}.ts");
            let steps: Vec<serde_json::Value> = (0..9)
                .map(|k| serde_json::json!({"location": location(&uri, i * 10 + k), "message": {"text": format!("step {k}")}}))
                .collect();
            serde_json::json!({
                "ruleId": rule, "ruleIndex": i % 7, "rule": {"id": rule, "index": i % 7},
                "message": {"text": format!("This query depends on a user-provided value ({i}).")},
                "locations": [location(&uri, i * 10)],
                "partialFingerprints": {"primaryLocationLineHash": format!("{:016x}:1", i * 7919)},
                "codeFlows": [{"threadFlows": [{"locations": steps}]}]})
        })
        .collect();
    let out =
        serde_json::to_string_pretty(&serde_json::json!({"runs": [{"results": results}]})).unwrap();
    let body = answer(
        &out,
        "Which source files does the scan say are open to SQL injection? I need every file.",
    );
    for i in [4, 15, 26, 37, 48, 59] {
        assert!(
            body.contains(&format!("src/module{i}/file{i}.ts")),
            "{i}: {body}"
        );
    }
}

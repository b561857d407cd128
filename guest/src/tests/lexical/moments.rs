//! Lexical answers that no word of the question is on: the row of a time
//! series where a counter first moves ("when did the first full GC
//! happen?"), the first and the last of a kind of line ("when did the
//! first one fail?"), a connection to a well-known port asked for by its service
//! ("who tried to SSH out?"), a file a configuration tool put back.

use super::{answer, section_holding};

/// `jstat -gcutil -t -h100`: values centred under their names, the
/// header printed again every 100 rows, the full-GC count `FGC` rising
/// twice among 300 rows.
fn jstat() -> String {
    let header = "Timestamp         S0     S1     E      O      M     CCS    YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT   \n";
    let mut out = String::new();
    for i in 0..300u32 {
        if i % 100 == 0 {
            out.push_str(header);
        }
        let (fgc, fgct) = match i {
            0..170 => (0, 0.0),
            170..250 => (1, 2.871),
            _ => (2, 6.273),
        };
        out.push_str(&format!(
            "{:>15.1} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6} {:>9.3} {:>5} {:>9.3} {:>5} {:>9.3} {:>9.3}\n",
            412.6 + f64::from(i),
            0.0,
            100.0,
            f64::from(i * 37 % 97),
            17.9 + f64::from(i) / 10.0,
            97.39,
            94.78,
            183 + i,
            1.184 + f64::from(i) / 100.0,
            fgc,
            fgct,
            4 + i / 3,
            0.021,
            1.205 + f64::from(i) / 100.0 + fgct,
        ));
    }
    out
}

#[test]
fn the_row_where_a_counter_first_moves_answers_when_it_first_happened() {
    let out = jstat();
    let body = answer(
        &out,
        "How long after the JVM started did the first full GC happen, and how long did it stop \
         the application?",
    );
    let section = section_holding(&body, "[the rows where FGC changes value");
    assert!(
        section.contains(
            "[the rows where FGC changes value, as the question names it: 2 of its 300 rows \
             (from \"0\" at first), under the table's header]\n1: Timestamp"
        ),
        "{body}"
    );
    // Row 170 (line 173, after two headers) is the first with `FGC` 1:
    // its uptime and pause. The headers printed again are no change.
    let first = out.lines().nth(172).unwrap();
    assert!(
        first.contains("582.6") && first.contains("2.871"),
        "{first}"
    );
    assert!(section.contains(&format!("173: {first}")), "{body}");
    // A gauge changing every row is no moment: `E` is not listed.
    let body = answer(&out, "When did E first change?");
    assert!(!body.contains("[the rows where E changes"), "{body}");
}

/// A mail log: deliveries to `example-law.de` go through until line 301,
/// then every queue run defers them, among noisier failures of others.
fn mail_log() -> String {
    let mut out = String::new();
    for i in 0..600u32 {
        let (h, m, s) = (8 + i / 60, i % 60, i * 7 % 60);
        let to = if i % 3 == 0 {
            "s.kraus@example-law.de"
        } else {
            "ops@example.org"
        };
        let line = if i % 3 == 0 && i >= 300 {
            format!(
                "2026-11-26 {h:02}:{m:02}:{s:02} 1xW{i:04}-00D1cO-7L == {to} R=dnslookup T=remote_smtp defer (-45): SMTP error from remote mail server: 452 4.3.1 Insufficient system storage\n"
            )
        } else if i % 3 == 1 {
            format!(
                "2026-11-26 {h:02}:{m:02}:{s:02} dovecot_login authenticator failed for (User) [45.24.{}.19]: 535 Incorrect authentication data\n",
                i % 250
            )
        } else {
            format!(
                "2026-11-26 {h:02}:{m:02}:{s:02} 1xW{i:04}-00D1cO-7L => {to} R=dnslookup T=remote_smtp C=\"250 OK\"\n"
            )
        };
        out.push_str(&line);
    }
    out
}

#[test]
fn the_first_lines_of_a_kind_answer_when_it_first_happened() {
    let out = mail_log();
    let body = answer(
        &out,
        "When did mail to example-law first fail, and what did their server say?",
    );
    let section = section_holding(&body, "[the first 3 of the");
    assert!(
        section.starts_with(
            "[the first 3 of the 100 lines holding the most of the question's words, the earliest first]\n301: 2026-11-26 13:00:00 1xW0300"
        ),
        "{body}"
    );
    assert!(
        section.contains("\n304: ") && section.contains("\n307: "),
        "{body}"
    );
}

#[test]
fn a_connection_to_a_well_known_port_is_found_by_its_service() {
    let mut out = String::new();
    let ssh = [
        (400, "10.20.1.40"),
        (1300, "10.20.6.131"),
        (2100, "10.20.5.29"),
    ];
    for i in 0..3000u32 {
        let t = 1_795_678_206 + i * 13;
        match ssh.iter().find(|(at, _)| *at == i) {
            Some((_, client)) => out.push_str(&format!(
                "{t}.824      0 {client} TCP_DENIED/403 3938 CONNECT 198.51.100.{}:22 - HIER_NONE/- text/html\n",
                i % 250
            )),
            None => out.push_str(&format!(
                "{t}.106  {} 10.20.{}.{} TCP_TUNNEL/200 {} CONNECT slack.com:443 z.walter HIER_DIRECT/3.65.102.105 -\n",
                i * 7 % 40_000,
                i % 7,
                i % 250,
                i * 977 % 3_000_000
            )),
        }
    }
    let body = answer(
        &out,
        "Somebody has been trying to SSH out through our proxy. Which machines tried it? Every one.",
    );
    for (_, client) in ssh {
        assert!(
            body.contains(&format!(" {client} TCP_DENIED/403")),
            "{client}: {body}"
        );
    }
}

#[test]
fn a_file_a_configuration_tool_put_back_is_its_corrective_change() {
    let mut out =
        String::from("--- !ruby/object:Puppet::Transaction::Report\nresource_statuses:\n");
    for i in 0..300u32 {
        let (title, corrective) = match i {
            171 => ("/etc/postgresql/14/main/pg_hba.conf".to_string(), true),
            _ => (format!("/etc/app/conf.d/part{i}.conf"), false),
        };
        out.push_str(&format!(
            "  File[{title}]: !ruby/object:Puppet::Resource::Status\n    resource: File[{title}]\n    \
             line: {}\n    change_count: {}\n    title: {title}\n    skipped: false\n    failed: false\n    \
             corrective_change: {corrective}\n",
            i * 3 % 200,
            u8::from(corrective)
        ));
    }
    let body = answer(
        &out,
        "Somebody edited a file by hand, and last night's Puppet run put it back. Which file was it?",
    );
    let section = section_holding(&body, "corrective_change: true");
    assert!(
        section.contains("/etc/postgresql/14/main/pg_hba.conf"),
        "{body}"
    );
}

/// A SQL Server error log: nightly full backups of `Payroll` and of
/// `PayrollArchive`, log backups every half hour between. The latest full
/// backup of `Payroll` is the answer to "its last full backup", not the
/// densest stretch of backup lines, nor `PayrollArchive`'s.
#[test]
fn the_last_line_of_a_kind_answers_when_the_last_one_happened() {
    let mut out = String::new();
    for day in 20..27u32 {
        for half in 0..48u32 {
            let t = format!("2026-11-{day} {:02}:{:02}:05.10", half / 2, half % 2 * 30);
            if half == 2 {
                for db in ["Payroll", "PayrollArchive"] {
                    out.push_str(&format!(
                        "{t} Backup      Database backed up. Database: {db}, pages dumped: {}, number of dump devices: 1, device information: (FILE=1, TYPE=DISK: {{'\\\\backup01\\sql\\{db}\\FULL\\{db}_FULL_202611{day}.bak'}}).\n",
                        1_848_059 + day * 977
                    ));
                }
            }
            for db in ["HR", "Payroll", "Finance"] {
                out.push_str(&format!(
                    "{t} Backup      Log was backed up. Database: {db}, number of dump devices: 1, device information: (FILE=1, TYPE=DISK: {{'\\\\backup01\\sql\\{db}\\LOG\\{db}_LOG_202611{day}_{half}.trn'}}).\n"
                ));
            }
        }
    }
    let body = answer(
        &out,
        "The Payroll database got corrupted. When did its last full backup finish, and which file is it?",
    );
    assert!(body.contains("[the last 3 of the"), "{body}");
    let section = section_holding(&body, "[the last 3 of the");
    assert!(section.contains("Payroll_FULL_20261126.bak"), "{body}");
    assert!(
        !section.contains("PayrollArchive_FULL_20261126.bak"),
        "{body}"
    );
    // "Last night" sets a time: no such section.
    let body = answer(&out, "Which log backups of Payroll ran last night?");
    assert!(!body.contains("[the last 3 of the"), "{body}");
}

/// A PBX log: 40 desk phones, each registering, calls between them, and
/// seven going unreachable during the day; four of those come back. Asked
/// which are offline and have not come back: the three still unreachable,
/// in one section, and none of the four that came back.
#[test]
fn the_things_still_in_the_state_asked_are_those_whose_last_message_says_it() {
    let mut out = String::new();
    let went = [2230, 1042, 3108, 1131, 2215, 1007, 3301];
    let back = [1131, 2215, 1007, 3301];
    let time = |i: u32| {
        format!(
            "[Nov 27 {:02}:{:02}:{:02}]",
            6 + i / 3600,
            i / 60 % 60,
            i % 60
        )
    };
    for i in 0..6000u32 {
        let t = time(i * 3);
        let phone = 1000 + (i * 7) % 40;
        let line = match i {
            i if i % 600 == 100 => {
                let p = went[(i / 600) as usize % went.len()];
                format!(
                    "{t} VERBOSE[4190] res_pjsip/pjsip_configuration.c: Endpoint {p} is now Unreachable"
                )
            }
            i if i % 600 == 400 && (i / 600) as usize % went.len() >= 3 => {
                let p = went[(i / 600) as usize % went.len()];
                assert!(back.contains(&p));
                format!(
                    "{t} VERBOSE[4190] res_pjsip/pjsip_configuration.c: Endpoint {p} is now Reachable"
                )
            }
            _ => format!(
                "{t} VERBOSE[31042][C-00000b9e] pbx.c: Executing [{phone}@internal:1] Dial(\"PJSIP/{phone}\", \"PJSIP/{phone},25,tT\") in new stack"
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    let body = answer(
        &out,
        "Which desk phones are offline right now and haven't come back? Give me every extension.",
    );
    let section = section_holding(&body, "still so");
    assert!(
        section.starts_with("[3 things whose last message says a word of the question, still so (4 others said another state later)]"),
        "{body}"
    );
    for p in [2230, 1042, 3108] {
        assert!(
            section.contains(&format!("Endpoint {p} is now Unreachable")),
            "{p}: {body}"
        );
    }
    for p in back {
        assert!(!section.contains(&format!("Endpoint {p} ")), "{p}: {body}");
    }
}

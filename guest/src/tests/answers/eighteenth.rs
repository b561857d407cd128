//! An EIGHTEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before
//! being measured, and measured unread at dea0c59. Measure it, never
//! tune on it.
//!
//! One fact: `mongostat --discover` of an order database's replica set
//! over an afternoon (the member that became primary after the old one
//! dropped away, and when, among a secondary in maintenance that was
//! recovering for eight minutes, the old primary's rollback when it came
//! back, a read spike that filled the queues and a hidden analytics
//! member), `wevtutil qe System /f:RenderedXml` of a Windows file server
//! over seventeen days (when it crashed and the bugcheck code, among two
//! planned restarts for updates and maintenance, services that
//! "terminated unexpectedly", corrected hardware errors, retried disk
//! I/O and a daily uptime), Tomcat's `catalina.out` over three nightly
//! redeploys (the web application that did not start and the setting it
//! lacked, among the leak warnings every undeploy prints, scanners'
//! unparsable requests, declined payments, client aborts and the shop's
//! 404s from the missing application), `bq ls -j --format=prettyjson`
//! of an analytics project (the query that billed the most bytes and who
//! ran it, among a query refused by the bytes-billed limit that would
//! have scanned more, loads of more bytes that bill nothing, the same
//! query answered from the cache, dbt's nightly full refresh and
//! Looker's dashboards).
//! Every item: `openssl s_client -showcerts` over a company's hosts (the
//! hosts whose certificate has run out, among internal hosts whose CA is
//! not trusted, devices with self-signed certificates, a certificate due
//! in two days, chains that carry an expired cross-signed root and still
//! verify, and a host named for expiry), `pvesh get /cluster/resources`
//! of a Proxmox cluster after a node died (the guests HA gave up on,
//! among guests recovered on other nodes, guests still in recovery,
//! guests without HA left on the dead node, stopped guests, templates
//! and a container named for errors), CodeQL's SARIF of a shop backend
//! (the files with an SQL injection, among cross-site scripting, path
//! and log injection, request forgery, routes without rate limits that
//! reach the database, an incomplete escape in a file named for SQL and
//! hundreds of quality findings), `pm2 jlist` of a Node application
//! server (the apps PM2 gave up restarting, among apps stopped on
//! purpose, one-shot jobs that finished, an app waiting out its restart
//! backoff, apps restarted hundreds of times for memory and an app named
//! for errors).
//!
//! Every expected jq result was checked with the real jq.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, letters, range, thousands, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        mongostat_new_primary(),
        wevtutil_crash(),
        catalina_app_not_started(),
        bq_biggest_query(),
        openssl_expired_certificates(),
        pvesh_ha_errors(),
        codeql_sql_injection(),
        pm2_errored_apps(),
    ]
}

/// `0.xx` of the hash of `i`: a fraction in [0, 1).
fn frac(i: usize, salt: u64) -> f64 {
    (h(i, salt) % 10_000) as f64 / 10_000.0
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// An object's keys sorted at every level, as Python's `json.dumps(…,
/// sort_keys=True)` and Perl's canonical JSON write them.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<(String, Value)> = m.into_iter().collect();
            keys.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(keys.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// A byte rate as mongostat prints it (`512b`, `45.6k`, `12.3m`).
fn mongo_bits(b: u64) -> String {
    if b < 1_000 {
        format!("{b}b")
    } else if b < 1_000_000 {
        format!("{:.1}k", b as f64 / 1_000.0)
    } else {
        format!("{:.1}m", b as f64 / 1_000_000.0)
    }
}

/// An operation count as mongostat prints it: the member's own, then
/// `*` and the replicated ones when it has none of its own.
fn mongo_ops(own: u64, repl: u64) -> String {
    match (own, repl) {
        (0, 0) => "*0".to_string(),
        (0, r) => format!("*{r}"),
        (o, 0) => o.to_string(),
        (o, r) => format!("{o}|{r}"),
    }
}

/// What a member of the mongostat case is in one sample.
#[derive(Clone, Copy, PartialEq)]
enum Member {
    Primary,
    Secondary,
    Recovering,
    Unreachable,
}

/// `mongostat --host rs-orders/mongo-01.prod.internal:27017 --discover
/// -u monitor --authenticationDatabase admin 5` (mongostat 100.10, a
/// sample every five seconds, the header every tenth sample, a blank
/// line before each sample as `--discover` prints them) of a shop's
/// order database, replica set `rs-orders`, over an afternoon: three
/// data-bearing members and a hidden analytics member, each with its
/// inserts, queries, updates, deletes, getmores and commands (a
/// secondary's replicated ones starred), cache, checkpoints, memory,
/// queues, active clients, network, connections and state. From 13:41
/// to 13:49 `mongo-02` is in maintenance (`REC`); from 13:52 a report's
/// reads fill the primary's queues and its cache. At 14:07:26 the
/// primary `mongo-01` has hundreds of writes queued, then stops
/// answering (`no data received`); two samples have no primary, then
/// at 14:07:41 `mongo-03` is `PRI` and the clients reconnect to it.
/// `mongo-01` comes back at 14:11 through a rollback (`REC`) and stays
/// a secondary.
fn mongostat_new_primary() -> Case {
    let hosts = [
        "mongo-01.prod.internal:27017",
        "mongo-02.prod.internal:27017",
        "mongo-03.prod.internal:27017",
        "mongo-04-analytics.prod.internal:27017",
    ];
    let head = [
        "host", "insert", "query", "update", "delete", "getmore", "command", "dirty", "used",
        "flushes", "vsize", "res", "qrw", "arw", "net_in", "net_out", "conn", "set", "repl",
        "time",
    ];
    let at = |hh: u64, mm: u64, ss: u64| hh * 3600 + mm * 60 + ss;
    let start = at(13, 20, 1);
    let lost = at(14, 7, 31);
    let elected = at(14, 7, 41);
    let back = at(14, 11, 1);
    let caught_up = at(14, 12, 21);
    let maintenance = at(13, 41, 6)..at(13, 49, 36);
    let spike = at(13, 52, 1)..at(13, 56, 31);
    let mut out = String::new();
    let mut b = 0usize;
    loop {
        let t = start + b as u64 * 5;
        if out.len() > 700_000 && t > at(14, 30, 0) {
            break;
        }
        let role = |m: usize| -> Member {
            match m {
                0 if t < lost => Member::Primary,
                0 if t < back => Member::Unreachable,
                0 if t < caught_up => Member::Recovering,
                1 if maintenance.contains(&t) => Member::Recovering,
                2 if t >= elected => Member::Primary,
                _ => Member::Secondary,
            }
        };
        // The primary's writes this second, which the secondaries apply.
        let has_primary = (0..4).any(|m| role(m) == Member::Primary);
        let j = b * 8;
        let first_new = t == elected;
        let stalling = t + 5 == lost;
        let (ins, upd, del) = if !has_primary {
            (0, 0, 0)
        } else if first_new {
            (612, 388, 21)
        } else if stalling {
            (3, 1, 0)
        } else {
            (
                40 + h(j, 1101) % 160,
                90 + h(j, 1102) % 300,
                h(j, 1103) % 18,
            )
        };
        let checkpoint = (t / 5).is_multiple_of(12);
        let mut rows: Vec<Vec<String>> = Vec::new();
        for (m, host) in hosts.iter().enumerate() {
            let k = j + m;
            let r = role(m);
            let time = format!(
                "Nov 27 {}.{:03}",
                clock(t),
                100 + m * 4 + (h(k, 1104) % 30) as usize
            );
            let mut cells: Vec<String> = vec![host.to_string()];
            match r {
                Member::Unreachable => {
                    cells.push("no data received".to_string());
                    rows.push(cells);
                    continue;
                }
                Member::Primary => {
                    let in_spike = spike.contains(&t) && m == 0;
                    let query = if first_new {
                        1_410
                    } else if stalling {
                        90
                    } else if in_spike {
                        2_100 + h(k, 1105) % 900
                    } else {
                        350 + h(k, 1106) % 900
                    };
                    let (qrw, arw) = if stalling {
                        ("0|212".to_string(), "1|128".to_string())
                    } else if first_new {
                        ("0|0".to_string(), "9|21".to_string())
                    } else if in_spike {
                        (
                            format!("{}|0", 14 + h(k, 1107) % 47),
                            format!("128|{}", h(k, 1108) % 3),
                        )
                    } else {
                        (
                            "0|0".to_string(),
                            format!("{}|{}", 1 + h(k, 1109) % 4, h(k, 1110) % 3),
                        )
                    };
                    let conn = if first_new {
                        1_188
                    } else if stalling {
                        1_612
                    } else if m == 2 && t < elected + 120 {
                        900 - (t - elected) * 4
                    } else {
                        380 + h(k, 1111) % 80
                    };
                    cells.extend([
                        mongo_ops(ins, 0),
                        mongo_ops(query, 0),
                        mongo_ops(upd, 0),
                        mongo_ops(del, 0),
                        (30 + h(k, 1112) % 60).to_string(),
                        format!(
                            "{}|0",
                            500 + h(k, 1113) % 700 + if first_new { 1_700 } else { 0 }
                        ),
                        format!(
                            "{:.1}%",
                            if in_spike {
                                6.0 + frac(k, 1114) * 3.0
                            } else {
                                1.0 + frac(k, 1114) * 3.5
                            }
                        ),
                        format!(
                            "{:.1}%",
                            if in_spike {
                                88.0 + frac(k, 1115) * 6.0
                            } else {
                                79.5 + frac(k, 1115) * 0.6
                            }
                        ),
                        u64::from(checkpoint).to_string(),
                        "15.4G".to_string(),
                        format!("{:.1}G", 11.1 + frac(k, 1116) * 0.2),
                        qrw,
                        arw,
                        mongo_bits(1_200_000 + h(k, 1117) % 600_000),
                        mongo_bits(14_000_000 + h(k, 1118) % 9_000_000),
                        conn.to_string(),
                        "rs-orders".to_string(),
                        "PRI".to_string(),
                        time,
                    ]);
                }
                Member::Secondary | Member::Recovering => {
                    let rec = r == Member::Recovering;
                    let hidden = m == 3;
                    let applying =
                        has_primary && !rec && !(m == 0 && t < caught_up + 30 && t >= back);
                    let (i2, u2, d2) = if applying {
                        (ins + h(k, 1119) % 3, upd + h(k, 1120) % 4, del)
                    } else {
                        (0, 0, 0)
                    };
                    let query = if rec {
                        0
                    } else if hidden {
                        150 + h(k, 1121) % 600
                    } else {
                        20 + h(k, 1122) % 60
                    };
                    cells.extend([
                        mongo_ops(0, i2),
                        mongo_ops(query, 0),
                        mongo_ops(0, u2),
                        mongo_ops(0, d2),
                        if rec {
                            "0".to_string()
                        } else {
                            (2 + h(k, 1123) % if hidden { 40 } else { 6 }).to_string()
                        },
                        format!("{}|{}", 40 + h(k, 1124) % 60, h(k, 1125) % 3),
                        format!("{:.1}%", 0.3 + frac(k, 1126) * 1.5),
                        format!("{:.1}%", 79.8 + frac(k, 1127) * 0.4),
                        u64::from(checkpoint).to_string(),
                        if hidden { "9.8G" } else { "15.1G" }.to_string(),
                        format!(
                            "{:.1}G",
                            if hidden { 7.2 } else { 11.0 } + frac(k, 1128) * 0.2
                        ),
                        "0|0".to_string(),
                        format!(
                            "{}|0",
                            h(k, 1129) % 2 + u64::from(hidden) * (h(k, 1130) % 6)
                        ),
                        mongo_bits(if applying {
                            1_800_000 + h(k, 1131) % 700_000
                        } else {
                            600 + h(k, 1131) % 900
                        }),
                        mongo_bits(if hidden {
                            4_000_000 + h(k, 1132) % 6_000_000
                        } else {
                            280_000 + h(k, 1132) % 90_000
                        }),
                        if rec {
                            (9 + h(k, 1133) % 6).to_string()
                        } else if hidden {
                            (25 + h(k, 1133) % 15).to_string()
                        } else {
                            (60 + h(k, 1133) % 30).to_string()
                        },
                        "rs-orders".to_string(),
                        if rec { "REC" } else { "SEC" }.to_string(),
                        time,
                    ]);
                }
            }
            rows.push(cells);
        }
        // The grid: every column as wide as its widest cell, the header
        // included, right-aligned, one space between.
        let mut widths: Vec<usize> = head.iter().map(|c| c.len()).collect();
        for row in &rows {
            if row.len() == head.len() {
                for (c, cell) in row.iter().enumerate() {
                    widths[c] = widths[c].max(cell.len());
                }
            } else {
                widths[0] = widths[0].max(row[0].len());
            }
        }
        let line = |cells: &[String]| -> String {
            if cells.len() == head.len() {
                cells
                    .iter()
                    .enumerate()
                    .map(|(c, s)| format!("{s:>w$}", w = widths[c]))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                format!("{:>w$} {}", cells[0], cells[1], w = widths[0])
            }
        };
        out.push('\n');
        if b.is_multiple_of(10) {
            let names: Vec<String> = head.iter().map(|s| s.to_string()).collect();
            out.push_str(&line(&names));
            out.push('\n');
        }
        for row in &rows {
            out.push_str(&line(row));
            out.push('\n');
        }
        b += 1;
    }
    assert_eq!(whole(&out, "14:07:41"), 3);
    assert_eq!(out.matches(" PRI ").count(), b - 2);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "mongostat --discover of a replica set, the new primary",
        out,
        "Around two this afternoon the order service threw write errors for a few seconds. Going by this mongostat output, did the database switch over to another primary? Which server is the primary now, and from what time?",
        &["mongo-03.prod.internal:27017", "14:07:41"],
    )
}

/// `&`, `<` and `>` escaped, as an event's XML writes text.
fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One event of the Windows System log case.
struct WinEvent {
    /// Seconds since the epoch (UTC) and the 100 ns ticks after them.
    t: u64,
    ticks: u64,
    provider: &'static str,
    guid: Option<&'static str>,
    source: Option<&'static str>,
    id: u64,
    qualifiers: Option<u64>,
    version: u64,
    level: u64,
    task: u64,
    opcode: u64,
    keywords: &'static str,
    pid: u64,
    tid: u64,
    user: Option<&'static str>,
    /// The inner XML of `<EventData>`.
    data: String,
    message: String,
    task_name: &'static str,
    opcode_name: &'static str,
    /// The keywords' names; none for a classic event.
    keyword_names: &'static [&'static str],
}

/// `2026-11-24T02:14:58.5000000Z`: an event's time as Windows writes it.
fn win_time(t: u64, ticks: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}T{}.{ticks:07}Z", clock(t % 86_400))
}

/// An event as `wevtutil qe … /f:RenderedXml` prints it: the system
/// part, the event data, the rendering (message, level, task, opcode,
/// keywords) in en-US.
fn win_event(e: &WinEvent, record: u64) -> String {
    let mut s = format!(
        "<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><Provider Name='{}'",
        e.provider
    );
    if let Some(g) = e.guid {
        s.push_str(&format!(" Guid='{g}'"));
    }
    if let Some(src) = e.source {
        s.push_str(&format!(" EventSourceName='{src}'"));
    }
    s.push_str("/><EventID");
    if let Some(q) = e.qualifiers {
        s.push_str(&format!(" Qualifiers='{q}'"));
    }
    s.push_str(&format!(
        ">{}</EventID><Version>{}</Version><Level>{}</Level><Task>{}</Task><Opcode>{}</Opcode><Keywords>{}</Keywords><TimeCreated SystemTime='{}'/><EventRecordID>{record}</EventRecordID><Correlation/><Execution ProcessID='{}' ThreadID='{}'/><Channel>System</Channel><Computer>FS02.corp.nordwind.de</Computer>",
        e.id,
        e.version,
        e.level,
        e.task,
        e.opcode,
        e.keywords,
        win_time(e.t, e.ticks),
        e.pid,
        e.tid
    ));
    match e.user {
        Some(u) => s.push_str(&format!("<Security UserID='{u}'/>")),
        None => s.push_str("<Security/>"),
    }
    let level = match e.level {
        1 => "Critical",
        2 => "Error",
        3 => "Warning",
        _ => "Information",
    };
    let classic = e.keyword_names.is_empty();
    let keywords = if classic {
        "<Keyword>Classic</Keyword>".to_string()
    } else {
        e.keyword_names
            .iter()
            .map(|k| format!("<Keyword>{k}</Keyword>"))
            .collect()
    };
    s.push_str(&format!(
        "</System><EventData>{}</EventData><RenderingInfo Culture='en-US'><Message>{}</Message><Level>{level}</Level><Task>{}</Task><Opcode>{}</Opcode><Channel>{}</Channel><Provider>{}</Provider><Keywords>{keywords}</Keywords></RenderingInfo></Event>",
        e.data,
        xml_text(&e.message),
        e.task_name,
        e.opcode_name,
        if classic { "" } else { "System" },
        if classic { "" } else { e.provider },
    ));
    s
}

/// A service's short name and state as Service Control Manager's events
/// carry it: UTF-16 in hex, `wuauserv/4`.
fn scm_binary(short: &str, state: u64) -> String {
    let mut s = String::new();
    for c in format!("{short}/{state}").encode_utf16() {
        s.push_str(&format!("{:02X}{:02X}", c & 0xff, c >> 8));
    }
    s.push_str("0000");
    s
}

const SCM: &str = "Service Control Manager";
const SCM_GUID: &str = "{555908d1-a6d7-4695-8e1e-26931d2012f4}";
const KERNEL_GENERAL: &str = "Microsoft-Windows-Kernel-General";
const KERNEL_GENERAL_GUID: &str = "{a68ca8b7-004f-d7b6-a698-07e2de0f1f5d}";

/// A classic event of Service Control Manager, EventLog, User32 or the
/// like: no task, no opcode, the classic keyword.
#[allow(clippy::too_many_arguments)]
fn classic_event(
    t: u64,
    k: usize,
    provider: &'static str,
    guid: Option<&'static str>,
    id: u64,
    qualifiers: u64,
    level: u64,
    keywords: &'static str,
    pid: u64,
    user: Option<&'static str>,
    data: String,
    message: String,
) -> WinEvent {
    WinEvent {
        t,
        ticks: h(k, 1201) % 10_000_000,
        provider,
        guid,
        source: guid.map(|_| provider),
        id,
        qualifiers: Some(qualifiers),
        version: 0,
        level,
        task: 0,
        opcode: 0,
        keywords,
        pid,
        tid: 400 + h(k, 1202) % 9_000,
        user,
        data,
        message,
        task_name: "",
        opcode_name: "",
        keyword_names: &[],
    }
}

/// A service entering a state (7036).
fn scm_state(t: u64, k: usize, name: &str, short: &str, running: bool) -> WinEvent {
    let state = if running { "running" } else { "stopped" };
    classic_event(
        t,
        k,
        SCM,
        Some(SCM_GUID),
        7036,
        16384,
        4,
        "0x8080000000000000",
        716,
        None,
        format!(
            "<Data Name='param1'>{name}</Data><Data Name='param2'>{state}</Data><Binary>{}</Binary>",
            scm_binary(short, if running { 4 } else { 1 })
        ),
        format!("The {name} service entered the {state} state."),
    )
}

/// A manifest-based event of the Kernel-General provider (12 booted, 13
/// shutting down, 16 a hive's access history cleared).
fn kernel_general(t: u64, k: usize, id: u64, data: String, message: String) -> WinEvent {
    WinEvent {
        t,
        ticks: h(k, 1203) % 10_000_000,
        provider: KERNEL_GENERAL,
        guid: Some(KERNEL_GENERAL_GUID),
        source: None,
        id,
        qualifiers: None,
        version: if id == 16 { 1 } else { 2 },
        level: 4,
        task: if id == 16 { 6 } else { 1 },
        opcode: 0,
        keywords: if id == 16 {
            "0x8000000000000000"
        } else {
            "0x8000000000000080"
        },
        pid: 4,
        tid: 8 + h(k, 1204) % 200,
        user: Some("S-1-5-18"),
        data,
        message,
        task_name: "",
        opcode_name: "Info",
        keyword_names: &[],
    }
}

/// `‎2026‎-‎11‎-‎24T02:14:58.500000000Z`, as Kernel-General's messages
/// write a time, with its left-to-right marks.
fn lrm_time(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!(
        "\u{200e}{y}\u{200e}-\u{200e}{m:02}\u{200e}-\u{200e}{d:02}T{}.500000000Z",
        clock(t % 86_400)
    )
}

/// A clean shutdown: who asked for it and why (1074), the kernel's
/// transition (109), the OS going down (13) and the event log stopping
/// (6006).
#[allow(clippy::too_many_arguments)]
fn win_shutdown(
    ev: &mut Vec<WinEvent>,
    t: u64,
    k: usize,
    process: &str,
    user: &'static str,
    reason: &str,
    code: &str,
    comment: &str,
) {
    ev.push(classic_event(
        t,
        k,
        "User32",
        None,
        1074,
        32768,
        4,
        "0x8080000000000000",
        1_148,
        Some(if user.starts_with("NT AUTHORITY") { "S-1-5-18" } else { "S-1-5-21-3623811015-3361044348-30300820-1013" }),
        format!(
            "<Data Name='param1'>{process} (FS02)</Data><Data Name='param2'>FS02</Data><Data Name='param3'>{reason}</Data><Data Name='param4'>{code}</Data><Data Name='param5'>restart</Data><Data Name='param6'>{comment}</Data><Data Name='param7'>{user}</Data>"
        ),
        format!(
            "The process {process} (FS02) has initiated the restart of computer FS02 on behalf of user {user} for the following reason: {reason}\n Reason Code: {code}\n Shutdown Type: restart\n Comment: {comment}"
        ),
    ));
    ev.push(WinEvent {
        t: t + 6,
        ticks: h(k, 1205) % 10_000_000,
        provider: "Microsoft-Windows-Kernel-Power",
        guid: Some("{331c3b3a-2005-44c2-ac5e-77220c37d6b4}"),
        source: None,
        id: 109,
        qualifiers: None,
        version: 0,
        level: 4,
        task: 0,
        opcode: 0,
        keywords: "0x8000000000000404",
        pid: 4,
        tid: 212,
        user: Some("S-1-5-18"),
        data: "<Data Name='ShutdownActionType'>5</Data><Data Name='ShutdownEventCode'>0</Data><Data Name='ShutdownReason'>1</Data>".into(),
        message: "The kernel power manager has initiated a shutdown transition.\n\nShutdown Reason: Kernel API".into(),
        task_name: "",
        opcode_name: "Info",
        keyword_names: &[],
    });
    ev.push(kernel_general(
        t + 19,
        k + 1,
        13,
        format!(
            "<Data Name='StopTime'>{}</Data>",
            win_time(t + 19, 5_000_000)
        ),
        format!(
            "The operating system is shutting down at system time {}.",
            lrm_time(t + 19)
        ),
    ));
    ev.push(classic_event(
        t + 18,
        k + 2,
        "EventLog",
        None,
        6006,
        32768,
        4,
        "0x80000000000000",
        0,
        None,
        "<Binary>FFFFFFFF</Binary>".into(),
        "The Event log service was stopped.".into(),
    ));
}

/// A boot: the OS started (12), the version (6009), the event log
/// started (6005), file system filters loaded, services started, the
/// time service synchronising.
fn win_boot(ev: &mut Vec<WinEvent>, t: u64, k: usize) {
    ev.push(kernel_general(
        t,
        k,
        12,
        format!(
            "<Data Name='MajorVersion'>10</Data><Data Name='MinorVersion'>0</Data><Data Name='BuildVersion'>20348</Data><Data Name='QfeVersion'>2849</Data><Data Name='ServiceVersion'>0</Data><Data Name='BootMode'>0</Data><Data Name='StartTime'>{}</Data>",
            win_time(t, 5_000_000)
        ),
        format!("The operating system started at system time {}.", lrm_time(t)),
    ));
    for (n, f) in ["FileInfo", "WdFilter", "bindflt", "wcifs", "Dedup"]
        .iter()
        .enumerate()
    {
        ev.push(WinEvent {
            t: t + 2,
            ticks: h(k + n, 1206) % 10_000_000,
            provider: "Microsoft-Windows-FilterManager",
            guid: Some("{f3c5e28e-63f6-49c7-a204-e48a1bc4b09d}"),
            source: None,
            id: 6,
            qualifiers: None,
            version: 0,
            level: 4,
            task: 0,
            opcode: 0,
            keywords: "0x8000000000000000",
            pid: 4,
            tid: 64,
            user: Some("S-1-5-18"),
            data: format!("<Data Name='FinalStatus'>0x0</Data><Data Name='DeviceVersionMajor'>10</Data><Data Name='DeviceVersionMinor'>0</Data><Data Name='DeviceNameLength'>{}</Data><Data Name='DeviceName'>{f}</Data><Data Name='DeviceTime'>2026-10-14T06:12:09.0000000Z</Data>", f.len()),
            message: format!("File System Filter '{f}' (Version 10.0, \u{200e}2026\u{200e}-\u{200e}10\u{200e}-\u{200e}14T06:12:09.000000000Z) successfully loaded and registered with Filter Manager."),
            task_name: "",
            opcode_name: "Info",
            keyword_names: &[],
        });
    }
    ev.push(classic_event(
        t + 9,
        k + 1,
        "EventLog",
        None,
        6009,
        32768,
        4,
        "0x80000000000000",
        0,
        None,
        "<Data>10.00.</Data><Data>20348</Data><Data></Data><Data>Multiprocessor Free</Data><Data>0</Data><Binary></Binary>".into(),
        "Microsoft (R) Windows (R) 10.00. 20348  Multiprocessor Free.".into(),
    ));
    ev.push(classic_event(
        t + 9,
        k + 2,
        "EventLog",
        None,
        6005,
        32768,
        4,
        "0x80000000000000",
        0,
        None,
        "<Binary>E807010004000000010009000C000B002E003400</Binary>".into(),
        "The Event log service was started.".into(),
    ));
    for (n, (name, short)) in [
        ("Windows Update", "wuauserv"),
        ("Background Intelligent Transfer Service", "BITS"),
        ("Veeam Installer Service", "VeeamDeploySvc"),
        ("Volume Shadow Copy", "VSS"),
        ("Data Deduplication Service", "ddpsvc"),
        ("Windows Error Reporting Service", "WerSvc"),
        ("Network Setup Service", "NetSetupSvc"),
        ("Device Setup Manager", "DsmSvc"),
    ]
    .iter()
    .enumerate()
    {
        ev.push(scm_state(
            t + 14 + n as u64 * 3,
            k + 10 + n,
            name,
            short,
            true,
        ));
    }
    ev.push(WinEvent {
        t: t + 41,
        ticks: h(k, 1207) % 10_000_000,
        provider: "Microsoft-Windows-Time-Service",
        guid: Some("{06EDCFEB-0FD0-4E53-ACCA-A6F8BBF81BCB}"),
        source: None,
        id: 35,
        qualifiers: None,
        version: 0,
        level: 4,
        task: 0,
        opcode: 0,
        keywords: "0x8000000000000000",
        pid: 1_308,
        tid: 1_412,
        user: Some("S-1-5-19"),
        data: "<Data Name='TimeSource'>DC01.corp.nordwind.de (ntp.d|0.0.0.0:123-&gt;10.10.0.11:123)</Data><Data Name='TimeSourceRefId'>0xB0A0A0A</Data><Data Name='CurrentStratumNumber'>4</Data>".into(),
        message: "The time service is now synchronizing the system time with the time source DC01.corp.nordwind.de (ntp.d|0.0.0.0:123->10.10.0.11:123) with reference id 184158218. Current local stratum number is 4.".into(),
        task_name: "",
        opcode_name: "Info",
        keyword_names: &[],
    });
}

/// `wevtutil qe System /q:"*[System[TimeCreated[timediff(@SystemTime)
/// <= 1504800000]]]" /f:RenderedXml` on `FS02`, a Windows Server 2022
/// file server, oldest first, each event its XML on one line (lines a
/// message breaks go on): seventeen days of Group Policy refreshes,
/// services starting and stopping (Windows Update, BITS, the shadow
/// copies some mornings and Veeam's backup at 22:00), DCOM
/// permission warnings, hives' access histories, the time service and a
/// daily uptime. Patch night (11 Nov) and a NIC firmware update (19 Nov)
/// restart it cleanly (1074, 109, 13, 6006, then 12, 6009, 6005);
/// Veeam's installer service and the print spooler "terminated
/// unexpectedly"; corrected PCIe errors of the NIC and a retried disk
/// I/O now and then. On 24 Nov at 3:12:44 AM it stops without a word;
/// at boot the event log reports the previous shutdown unexpected
/// (6008), Kernel-Power that it rebooted without cleanly shutting down
/// (41, bugcheck 209) and WER the bugcheck `0x000000d1`.
fn wevtutil_crash() -> Case {
    let cet = 3600u64;
    // Local midnight of 10 Nov, in UTC.
    let base = DAY - 17 * 86_400 - cet;
    let local = |d: u64, hh: u64, mm: u64, ss: u64| base + d * 86_400 + hh * 3600 + mm * 60 + ss;
    let patch = local(1, 3, 8, 12);
    let maint = local(9, 19, 31, 40);
    let crash = local(14, 3, 12, 44);
    let crash_boot = local(14, 3, 14, 58);
    let end = local(17, 9, 4, 0);
    // (down from, up at)
    let downs = [
        (patch, patch + 201),
        (maint, maint + 312),
        (crash, crash_boot),
    ];
    let up = |t: u64| !downs.iter().any(|(a, b)| (*a..*b).contains(&t));
    let mut ev: Vec<WinEvent> = Vec::new();
    let services = [
        ("Windows Update", "wuauserv"),
        ("Background Intelligent Transfer Service", "BITS"),
        ("Windows Modules Installer", "TrustedInstaller"),
        (
            "WinHTTP Web Proxy Auto-Discovery Service",
            "WinHttpAutoProxySvc",
        ),
        ("Microsoft Update Health Service", "uhssvc"),
        ("Software Protection", "sppsvc"),
        ("Update Orchestrator Service", "UsoSvc"),
        ("Windows Error Reporting Service", "WerSvc"),
        ("Device Setup Manager", "DsmSvc"),
        ("Windows Installer", "msiserver"),
        ("Application Information", "Appinfo"),
        ("Delivery Optimization", "DoSvc"),
    ];
    let hives = [
        "\\??\\C:\\Windows\\ServiceProfiles\\NetworkService\\NTUSER.DAT",
        "\\??\\C:\\Windows\\ServiceProfiles\\LocalService\\NTUSER.DAT",
        "\\??\\C:\\Windows\\System32\\config\\systemprofile\\AppData\\Local\\Microsoft\\Windows\\UsrClass.dat",
        "\\??\\C:\\Users\\svc-veeam\\ntuser.dat",
        "\\SystemRoot\\System32\\Config\\DRIVERS",
    ];
    let mut k = 0usize;
    let hours = (end - base) / 3600;
    for hr in 0..hours {
        let t0 = base + hr * 3600;
        let lh = hr % 24;
        let i = hr as usize;
        let at = |salt: u64| t0 + h(i, salt) % 3_540;
        if h(i, 1210) % 100 < 34 {
            let t = at(1211);
            let changed = h(i, 1212).is_multiple_of(19);
            k += 1;
            ev.push(WinEvent {
                t,
                ticks: h(k, 1213) % 10_000_000,
                provider: "Microsoft-Windows-GroupPolicy",
                guid: Some("{aea1b4fa-97d1-45f2-a64c-4d69fffd92c9}"),
                source: None,
                id: if changed { 1502 } else { 1500 },
                qualifiers: None,
                version: 0,
                level: 4,
                task: 0,
                opcode: 0,
                keywords: "0x8000000000000000",
                pid: 1_560,
                tid: 3_000 + h(k, 1214) % 6_000,
                user: Some("S-1-5-18"),
                data: format!(
                    "<Data Name='SupportInfo1'>1</Data><Data Name='SupportInfo2'>{}</Data><Data Name='ProcessingMode'>0</Data><Data Name='ProcessingTimeInMilliseconds'>{}</Data><Data Name='DCName'>\\\\DC0{}.corp.nordwind.de</Data>{}",
                    if changed { 5008 } else { 5005 },
                    400 + h(k, 1215) % 2_400,
                    1 + h(k, 1216) % 2,
                    if changed { "<Data Name='NumberOfGroupPolicyObjects'>7</Data>" } else { "" }
                ),
                message: if changed {
                    "The Group Policy settings for the computer were processed successfully. New settings from 7 Group Policy objects were detected and applied.".into()
                } else {
                    "The Group Policy settings for the computer were processed successfully. There were no changes detected since the last successful processing of Group Policy.".into()
                },
                task_name: "",
                opcode_name: "Info",
                keyword_names: &[],
            });
        }
        let pairs = match h(i, 1217) % 10 {
            0 | 1 => 1,
            _ => 0,
        };
        for p in 0..pairs {
            let (name, short) = services[(h(i * 3 + p, 1218) % services.len() as u64) as usize];
            let t = at(1219 + p as u64);
            k += 2;
            ev.push(scm_state(t, k, name, short, true));
            ev.push(scm_state(
                t + 60 + h(k, 1220) % 240,
                k + 1,
                name,
                short,
                false,
            ));
        }
        if lh == 22 || (lh == 7 && h(i, 1242).is_multiple_of(2)) {
            let t = t0 + 2 + h(i, 1221) % 30;
            let long = if lh == 22 {
                1_800 + h(i, 1222) % 1_200
            } else {
                95 + h(i, 1222) % 90
            };
            for (n, (name, short)) in [
                ("Volume Shadow Copy", "VSS"),
                ("Microsoft Software Shadow Copy Provider", "swprv"),
            ]
            .iter()
            .enumerate()
            {
                k += 2;
                ev.push(scm_state(t + n as u64, k, name, short, true));
                ev.push(scm_state(t + long + n as u64, k + 1, name, short, false));
            }
        }
        if h(i, 1223) % 100 < 12 {
            k += 1;
            let (clsid, appid, user, sid) = pick3(i);
            ev.push(WinEvent {
                t: at(1224),
                ticks: h(k, 1225) % 10_000_000,
                provider: "Microsoft-Windows-DistributedCOM",
                guid: Some("{1B562E86-B7AA-4131-BADC-B6F3A001407E}"),
                source: Some("DCOM"),
                id: 10016,
                qualifiers: Some(0),
                version: 0,
                level: 3,
                task: 0,
                opcode: 0,
                keywords: "0x8080000000000000",
                pid: 944,
                tid: 2_000 + h(k, 1226) % 8_000,
                user: Some(sid),
                data: format!(
                    "<Data Name='param1'>application-specific</Data><Data Name='param2'>Local</Data><Data Name='param3'>Activation</Data><Data Name='param4'>{clsid}</Data><Data Name='param5'>{appid}</Data><Data Name='param6'>{}</Data><Data Name='param7'>{}</Data><Data Name='param8'>{sid}</Data><Data Name='param9'>LocalHost (Using LRPC)</Data><Data Name='param10'>Unavailable</Data><Data Name='param11'>Unavailable</Data>",
                    user.split('\\').next().unwrap(),
                    user.split('\\').nth(1).unwrap()
                ),
                message: format!(
                    "The application-specific permission settings do not grant Local Activation permission for the COM Server application with CLSID \n{clsid}\n and APPID \n{appid}\n to the user {user} SID ({sid}) from address LocalHost (Using LRPC) running in the application container Unavailable SID (Unavailable). This security permission can be modified using the Component Services administrative tool."
                ),
                task_name: "",
                opcode_name: "",
                keyword_names: &[],
            });
        }
        if h(i, 1227) % 100 < 10 {
            k += 1;
            let hive = pick(&hives, i, 1228);
            let keys = 5 + h(i, 1229) % 140;
            let pages = 1 + h(i, 1230) % 30;
            ev.push(kernel_general(
                at(1231),
                k,
                16,
                format!(
                    "<Data Name='HiveNameLength'>{}</Data><Data Name='HiveName'>{hive}</Data><Data Name='KeysUpdated'>{keys}</Data><Data Name='DirtyPages'>{pages}</Data>",
                    hive.len()
                ),
                format!("The access history in hive {hive} was cleared updating {keys} keys and creating {pages} modified pages."),
            ));
        }
        if lh == 4 || lh == 16 {
            k += 1;
            ev.push(WinEvent {
                t: at(1232),
                ticks: h(k, 1233) % 10_000_000,
                provider: "Microsoft-Windows-Time-Service",
                guid: Some("{06EDCFEB-0FD0-4E53-ACCA-A6F8BBF81BCB}"),
                source: None,
                id: 37,
                qualifiers: None,
                version: 0,
                level: 4,
                task: 0,
                opcode: 0,
                keywords: "0x8000000000000000",
                pid: 1_308,
                tid: 1_412,
                user: Some("S-1-5-19"),
                data: "<Data Name='TimeSource'>DC01.corp.nordwind.de (ntp.d|0.0.0.0:123-&gt;10.10.0.11:123)</Data>".into(),
                message: "The time provider NtpClient is currently receiving valid time data from DC01.corp.nordwind.de (ntp.d|0.0.0.0:123->10.10.0.11:123).".into(),
                task_name: "",
                opcode_name: "Info",
                keyword_names: &[],
            });
        }
        if lh == 12 {
            k += 1;
            let t = t0 + 1;
            let booted = downs
                .iter()
                .map(|d| d.1)
                .filter(|b| *b < t)
                .max()
                .unwrap_or(base - 16 * 86_400);
            ev.push(classic_event(
                t,
                k,
                "EventLog",
                None,
                6013,
                32768,
                4,
                "0x80000000000000",
                0,
                None,
                format!(
                    "<Data></Data><Data></Data><Data></Data><Data></Data><Data>{}</Data><Data>60</Data><Data>-60 W. Europe Standard Time</Data><Binary>31002E0031000000300000005700</Binary>",
                    t - booted
                ),
                format!("The system uptime is {} seconds.", t - booted),
            ));
        }
        if h(i, 1234) % 100 < 4 {
            k += 1;
            ev.push(classic_event(
                at(1235),
                k,
                "Service Control Manager",
                Some(SCM_GUID),
                7040,
                16384,
                4,
                "0x8080000000000000",
                716,
                Some("S-1-5-18"),
                "<Data Name='param1'>Background Intelligent Transfer Service</Data><Data Name='param2'>demand start</Data><Data Name='param3'>auto start</Data><Data Name='param4'>BITS</Data>".into(),
                "The start type of the Background Intelligent Transfer Service service was changed from demand start to auto start.".into(),
            ));
        }
    }
    // Corrected PCIe errors of the NIC, two the night of the crash.
    let whea = [
        local(2, 14, 3, 11),
        local(6, 9, 47, 30),
        local(11, 1, 22, 5),
        local(14, 2, 41, 17),
        local(14, 3, 5, 52),
        local(16, 16, 12, 40),
    ];
    for (n, t) in whea.iter().enumerate() {
        ev.push(WinEvent {
            t: *t,
            ticks: h(n, 1236) % 10_000_000,
            provider: "Microsoft-Windows-WHEA-Logger",
            guid: Some("{c26c4f3c-3f66-4e99-8f8a-39405cfed220}"),
            source: None,
            id: 17,
            qualifiers: None,
            version: 0,
            level: 3,
            task: 0,
            opcode: 0,
            keywords: "0x8000000000000000",
            pid: 4,
            tid: 10_312,
            user: Some("S-1-5-19"),
            data: "<Data Name='ErrorSource'>4</Data><Data Name='ErrorType'>0</Data><Data Name='Length'>904</Data><Data Name='PrimaryBusNumber'>0x3b</Data><Data Name='PrimaryDeviceNumber'>0x0</Data><Data Name='PrimaryFunctionNumber'>0x1</Data><Data Name='PrimaryVendorID'>0x14e4</Data><Data Name='PrimaryDeviceID'>0x16d7</Data>".into(),
            message: "A corrected hardware error has occurred.\n\nComponent: PCI Express Endpoint\nError Source: Advanced Error Reporting (PCI Express)\n\nPrimary Bus:Device:Function: 0x3B:0x0:0x1\nSecondary Bus:Device:Function: 0x0:0x0:0x0\nPrimary Device Name:PCI\\VEN_14E4&DEV_16D7&SUBSYS_140214E4&REV_01\nSecondary Device Name:".into(),
            task_name: "",
            opcode_name: "Info",
            keyword_names: &[],
        });
    }
    for (n, t) in [
        local(3, 22, 14, 9),
        local(8, 23, 2, 51),
        local(13, 22, 31, 2),
        local(15, 1, 4, 33),
    ]
    .iter()
    .enumerate()
    {
        let lba = format!("0x{:x}", 0x3_8a7f_0000u64 + h(n, 1237) % 0xffff_ff00);
        ev.push(classic_event(
            *t,
            n,
            "disk",
            None,
            153,
            32772,
            3,
            "0x80000000000000",
            4,
            None,
            format!("<Data>\\Device\\Harddisk2\\DR2</Data><Data>{lba}</Data><Data>2</Data><Data>\\Device\\00000046</Data><Binary>0F01040004002C0000000000990000800000000000000000</Binary>"),
            format!("The IO operation at logical block address {lba} for Disk 2 (PDO name: \\Device\\00000046) was retried."),
        ));
    }
    // Services that died and were restarted.
    ev.push(classic_event(
        local(5, 22, 41, 7),
        1,
        SCM,
        Some(SCM_GUID),
        7031,
        49152,
        2,
        "0x8080000000000000",
        716,
        None,
        format!("<Data Name='param1'>Veeam Installer Service</Data><Data Name='param2'>1</Data><Data Name='param3'>60000</Data><Data Name='param4'>1</Data><Data Name='param5'>Restart the service</Data><Binary>{}</Binary>", scm_binary("VeeamDeploySvc", 0)),
        "The Veeam Installer Service service terminated unexpectedly.  It has done this 1 time(s).  The following corrective action will be taken in 60000 milliseconds: Restart the service.".into(),
    ));
    ev.push(classic_event(
        local(12, 22, 38, 51),
        2,
        SCM,
        Some(SCM_GUID),
        7031,
        49152,
        2,
        "0x8080000000000000",
        716,
        None,
        format!("<Data Name='param1'>Veeam Installer Service</Data><Data Name='param2'>1</Data><Data Name='param3'>60000</Data><Data Name='param4'>1</Data><Data Name='param5'>Restart the service</Data><Binary>{}</Binary>", scm_binary("VeeamDeploySvc", 0)),
        "The Veeam Installer Service service terminated unexpectedly.  It has done this 1 time(s).  The following corrective action will be taken in 60000 milliseconds: Restart the service.".into(),
    ));
    ev.push(classic_event(
        local(7, 10, 3, 26),
        3,
        SCM,
        Some(SCM_GUID),
        7034,
        49152,
        2,
        "0x8080000000000000",
        716,
        None,
        format!("<Data Name='param1'>Print Spooler</Data><Data Name='param2'>1</Data><Binary>{}</Binary>", scm_binary("Spooler", 0)),
        "The Print Spooler service terminated unexpectedly.  It has done this 1 time(s).".into(),
    ));
    // Patch night: the cumulative update, then the restart it asks for.
    for (n, (title, kb)) in [
        ("2026-11 Cumulative Update for Microsoft server operating system version 21H2 for x64-based Systems", "KB5046616"),
        ("2026-11 Cumulative Update for .NET Framework 3.5, 4.8 and 4.8.1 for Microsoft server operating system version 21H2 for x64", "KB5046540"),
        ("Security Intelligence Update for Microsoft Defender Antivirus", "KB2267602 (Version 1.421.1043.0) - Current Channel (Broad)"),
    ]
    .iter()
    .enumerate()
    {
        for (id, what) in [(43, "Installation Started: Windows has started installing the following update"), (19, "Installation Successful: Windows successfully installed the following update")] {
            let t = patch - 1_500 + n as u64 * 400 + if id == 19 { 280 } else { 0 };
            ev.push(WinEvent {
                t,
                ticks: h(n, 1238) % 10_000_000,
                provider: "Microsoft-Windows-WindowsUpdateClient",
                guid: Some("{945a8954-c147-4acd-923f-40c45405a658}"),
                source: None,
                id,
                qualifiers: None,
                version: 1,
                level: 4,
                task: 1,
                opcode: if id == 19 { 13 } else { 12 },
                keywords: "0x8000000000004010",
                pid: 5_432,
                tid: 6_120,
                user: Some("S-1-5-18"),
                data: format!("<Data Name='updateTitle'>{title} ({kb})</Data><Data Name='updateGuid'>{{{}}}</Data><Data Name='updateRevisionNumber'>1</Data><Data Name='serviceGuid'>{{7971f918-a847-4430-9279-4a52d1efe18d}}</Data>", uuid(n, 1239)),
                message: format!("{what}: {title} ({kb})"),
                task_name: "Windows Update Agent",
                opcode_name: if id == 19 { "Installation" } else { "Start" },
                keyword_names: &["Installation", "Success"],
            });
        }
    }
    win_shutdown(
        &mut ev,
        patch,
        10,
        "C:\\Windows\\System32\\MoUsoCoreWorker.exe",
        "NT AUTHORITY\\SYSTEM",
        "Operating System: Service pack (Planned)",
        "0x80020010",
        "",
    );
    win_boot(&mut ev, patch + 201, 20);
    win_shutdown(
        &mut ev,
        maint,
        30,
        "C:\\Windows\\system32\\shutdown.exe",
        "CORP\\adm-jmeyer",
        "Hardware: Maintenance (Planned)",
        "0x80010001",
        "NIC firmware update bnxt 227.0.131 (CHG-4471)",
    );
    win_boot(&mut ev, maint + 312, 40);
    // The crash: nothing until the boot, then the reports.
    win_boot(&mut ev, crash_boot, 50);
    ev.push(classic_event(
        crash_boot + 10,
        60,
        "EventLog",
        None,
        6008,
        32768,
        2,
        "0x80000000000000",
        0,
        None,
        "<Data>3:12:44 AM</Data><Data>\u{200e}11/\u{200e}24/\u{200e}2026</Data><Data></Data><Data></Data><Data>31843</Data><Data></Data><Data>N/A</Data><Binary>EA070B000200180003000C002C00B302EA070B000200180002000C002C00B3026009000080510100000000000000000000000000000000</Binary>".into(),
        "The previous system shutdown at 3:12:44 AM on \u{200e}11/\u{200e}24/\u{200e}2026 was unexpected.".into(),
    ));
    ev.push(WinEvent {
        t: crash_boot + 13,
        ticks: 1_212_707,
        provider: "Microsoft-Windows-Kernel-Power",
        guid: Some("{331c3b3a-2005-44c2-ac5e-77220c37d6b4}"),
        source: None,
        id: 41,
        qualifiers: None,
        version: 9,
        level: 1,
        task: 63,
        opcode: 0,
        keywords: "0x8000400000000002",
        pid: 4,
        tid: 8,
        user: Some("S-1-5-18"),
        data: "<Data Name='BugcheckCode'>209</Data><Data Name='BugcheckParameter1'>0x0</Data><Data Name='BugcheckParameter2'>0x2</Data><Data Name='BugcheckParameter3'>0x0</Data><Data Name='BugcheckParameter4'>0xfffff8063c21a4f7</Data><Data Name='SleepInProgress'>0</Data><Data Name='PowerButtonTimestamp'>0</Data><Data Name='BootAppStatus'>0</Data><Data Name='Checkpoint'>0</Data><Data Name='ConnectedStandbyInProgress'>false</Data><Data Name='SystemSleepTransitionsToOn'>0</Data><Data Name='CsEntryScenarioInstanceId'>0</Data><Data Name='BugcheckInfoFromEFI'>true</Data><Data Name='CheckpointStatus'>0</Data><Data Name='CsEntryScenarioInstanceIdV2'>0</Data><Data Name='LongPowerButtonPressDetected'>false</Data>".into(),
        message: "The system has rebooted without cleanly shutting down first. This error could be caused if the system stopped responding, crashed, or lost power unexpectedly.".into(),
        task_name: "(63)",
        opcode_name: "Info",
        keyword_names: &["(70368744177664)", "(2)"],
    });
    let report = uuid(7, 1240);
    ev.push(WinEvent {
        t: crash_boot + 43,
        ticks: 8_807_311,
        provider: "Microsoft-Windows-WER-SystemErrorReporting",
        guid: Some("{ABCE23E7-DE45-4366-8631-84FA6C525952}"),
        source: Some("BugCheck"),
        id: 1001,
        qualifiers: Some(16384),
        version: 0,
        level: 2,
        task: 0,
        opcode: 0,
        keywords: "0x80000000000000",
        pid: 0,
        tid: 0,
        user: None,
        data: format!("<Data Name='param1'>0x000000d1 (0x0000000000000000, 0x0000000000000002, 0x0000000000000000, 0xfffff8063c21a4f7)</Data><Data Name='param2'>C:\\Windows\\MEMORY.DMP</Data><Data Name='param3'>{report}</Data>"),
        message: format!("The computer has rebooted from a bugcheck.  The bugcheck was: 0x000000d1 (0x0000000000000000, 0x0000000000000002, 0x0000000000000000, 0xfffff8063c21a4f7). A dump was saved in: C:\\Windows\\MEMORY.DMP. Report Id: {report}."),
        task_name: "",
        opcode_name: "",
        keyword_names: &[],
    });
    ev.retain(|e| up(e.t) || e.id == 1074 || e.id == 109 || e.id == 13 || e.id == 6006);
    ev.sort_by_key(|e| (e.t, e.ticks));
    let mut out = String::new();
    for (n, e) in ev.iter().enumerate() {
        out.push_str(&win_event(e, 81_234 + n as u64));
        out.push('\n');
    }
    assert_eq!(whole(&out, "3:12:44 AM"), 2);
    assert_eq!(whole(&out, "0x000000d1"), 2);
    assert_eq!(out.matches("<EventID>41</EventID>").count(), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "wevtutil System log of a file server, when it crashed and why",
        out,
        "Our file server FS02 restarted by itself one night earlier this week, and nobody here did it. When exactly did it go down, and what crash code did Windows record for it?",
        &["3:12:44 AM", "0x000000d1"],
    )
}

/// A DCOM 10016 warning's CLSID, APPID, user and SID.
fn pick3(i: usize) -> (&'static str, &'static str, &'static str, &'static str) {
    let all = [
        (
            "{2593F8B9-4EAF-457C-B68A-50F6B8EA6B54}",
            "{15C20B67-12E7-4BB6-92BB-7AFF07997402}",
            "NT AUTHORITY\\SYSTEM",
            "S-1-5-18",
        ),
        (
            "{C2F03A33-21F5-47FA-B4BB-156362A2F239}",
            "{316CDED5-E4AE-4B15-9113-7055D84DCC97}",
            "NT AUTHORITY\\LOCAL SERVICE",
            "S-1-5-19",
        ),
        (
            "{D63B10C5-BB46-4990-A94F-E40B9D520160}",
            "{9CA88EE3-ACB7-47C8-AFC4-AB702511C276}",
            "CORP\\svc-veeam",
            "S-1-5-21-3623811015-3361044348-30300820-2207",
        ),
    ];
    all[(h(i, 1241) % 3) as usize]
}

/// `27-Nov-2026 06:00:31.118`: a time as Tomcat's JULI formatter writes
/// it (`t` local seconds since the epoch).
fn juli_time(t: u64, ms: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!(
        "{d:02}-{}-{y} {}.{ms:03}",
        MONTHS[m as usize - 1],
        clock(t % 86_400)
    )
}

/// A line of Tomcat's own log.
fn juli(t: u64, ms: u64, level: &str, thread: &str, source: &str, msg: &str) -> String {
    format!("{} {level} [{thread}] {source} {msg}\n", juli_time(t, ms))
}

/// A line of a Spring Boot 3.3 application's console log, as it lands
/// in `catalina.out`: time with its offset, level, PID, application,
/// thread (its last 15 characters), logger (padded to 40).
#[allow(clippy::too_many_arguments)]
fn spring_line(
    t: u64,
    ms: u64,
    level: &str,
    pid: u64,
    app: &str,
    thread: &str,
    logger: &str,
    msg: &str,
) -> String {
    let (y, m, d) = civil(t / 86_400);
    let th: String = if thread.len() > 15 {
        thread[thread.len() - 15..].to_string()
    } else {
        thread.to_string()
    };
    format!(
        "{y}-{m:02}-{d:02}T{}.{ms:03}+01:00 {level:>5} {pid} --- [{app}] [{th:>15}] {logger:<40} : {msg}\n",
        clock(t % 86_400)
    )
}

/// The next millisecond of a second a burst of lines shares: a few
/// after the last, never past the second.
fn bump(m: &mut u64, k: usize) -> u64 {
    *m = (*m + 3 + h(k, 1399) % 40).min(999);
    *m
}

/// The frames of a stack, each as a log prints it (`\tat …`).
fn frames(prefix: &str, fs: &[&str]) -> String {
    fs.iter().map(|f| format!("{prefix}at {f}\n")).collect()
}

const SPRING_BANNER: &str = "\n  .   ____          _            __ _ _\n /\\\\ / ___'_ __ _ _(_)_ __  __ _ \\ \\ \\ \\\n( ( )\\___ | '_ | '_| | '_ \\/ _` | \\ \\ \\ \\\n \\\\/  ___)| |_)| | | | | || (_| |  ) ) ) )\n  '  |____| .__|_| |_|_| |_\\__, | / / / /\n =========|_|==============|___/=/_/_/_/\n\n :: Spring Boot ::                (v3.3.5)\n\n";

/// `/opt/tomcat/logs/catalina.out` of `web-03`, one Tomcat 10.1 running
/// a shop's five Spring Boot applications as WARs (`admin`, `api`,
/// `billing`, `reports`, `shop`), from the redeploy at 06:00 on 25 Nov
/// to 27 Nov mid-morning: each night the shutdown (every application's
/// JDBC driver and threads reported as a possible memory leak), the
/// start (the version listener, each WAR deployed with its banner,
/// Hibernate and Hikari, the times), then the day (orders placed,
/// payments declined, partners' stock queries, reports, invoices, the
/// nightly SEPA export and dunning run, client aborts and a scanner's
/// TLS handshake on the plain HTTP port). On 27 Nov the new billing
/// release needs `BILLING_SEPA_CREDITOR_ID`, which the server does not
/// set: the context fails, Tomcat logs `SEVERE` and `Error deploying web
/// application archive […/billing.war]`; the shop then gets 404s from
/// the invoice service all morning.
fn catalina_app_not_started() -> Case {
    let apps = [
        ("admin", "Admin", "4.2.1", "d.n.admin"),
        ("api", "PartnerApi", "2.7.0", "d.n.api"),
        ("billing", "Billing", "2.9.0", "d.n.billing"),
        ("reports", "Reports", "1.14.3", "d.n.reports"),
        ("shop", "Shop", "4.18.0", "d.n.shop"),
    ];
    let day = |d: u64| DAY - (2 - d) * 86_400;
    let mut out = String::new();
    let ms = |k: usize| h(k, 1301) % 1000;
    let mut k = 0usize;
    let leak_threads = |app: &str| -> Vec<&'static str> {
        match app {
            "shop" | "api" => vec!["HikariPool-1 housekeeper", "lettuce-timer-3-1"],
            "reports" => vec!["HikariPool-1 housekeeper", "pool-2-thread-1"],
            _ => vec!["HikariPool-1 housekeeper"],
        }
    };
    let park = [
        "java.base@17.0.13/jdk.internal.misc.Unsafe.park(Native Method)",
        "java.base@17.0.13/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)",
        "java.base@17.0.13/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos(AbstractQueuedSynchronizer.java:1847)",
        "java.base@17.0.13/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:1182)",
        "java.base@17.0.13/java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take(ScheduledThreadPoolExecutor.java:899)",
        "java.base@17.0.13/java.util.concurrent.ThreadPoolExecutor.getTask(ThreadPoolExecutor.java:1070)",
        "java.base@17.0.13/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1130)",
        "java.base@17.0.13/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:642)",
        "java.base@17.0.13/java.lang.Thread.run(Thread.java:840)",
    ];
    let spring_frames = [
        "org.springframework.beans.factory.annotation.AutowiredAnnotationBeanPostProcessor.postProcessProperties(AutowiredAnnotationBeanPostProcessor.java:515) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.populateBean(AbstractAutowireCapableBeanFactory.java:1439) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.doCreateBean(AbstractAutowireCapableBeanFactory.java:599) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.createBean(AbstractAutowireCapableBeanFactory.java:522) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractBeanFactory.lambda$doGetBean$0(AbstractBeanFactory.java:337) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.DefaultSingletonBeanRegistry.getSingleton(DefaultSingletonBeanRegistry.java:234) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractBeanFactory.doGetBean(AbstractBeanFactory.java:335) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractBeanFactory.getBean(AbstractBeanFactory.java:200) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.DefaultListableBeanFactory.preInstantiateSingletons(DefaultListableBeanFactory.java:975) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.context.support.AbstractApplicationContext.finishBeanFactoryInitialization(AbstractApplicationContext.java:971) ~[spring-context-6.1.14.jar:6.1.14]",
        "org.springframework.context.support.AbstractApplicationContext.refresh(AbstractApplicationContext.java:625) ~[spring-context-6.1.14.jar:6.1.14]",
        "org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext.refresh(ServletWebServerApplicationContext.java:146) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.SpringApplication.refresh(SpringApplication.java:754) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.SpringApplication.refreshContext(SpringApplication.java:456) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.SpringApplication.run(SpringApplication.java:335) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.web.servlet.support.SpringBootServletInitializer.run(SpringBootServletInitializer.java:174) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.web.servlet.support.SpringBootServletInitializer.createRootApplicationContext(SpringBootServletInitializer.java:154) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.boot.web.servlet.support.SpringBootServletInitializer.onStartup(SpringBootServletInitializer.java:96) ~[spring-boot-3.3.5.jar:3.3.5]",
        "org.springframework.web.SpringServletContainerInitializer.onStartup(SpringServletContainerInitializer.java:171) ~[spring-web-6.1.14.jar:6.1.14]",
        "org.apache.catalina.core.StandardContext.startInternal(StandardContext.java:4430) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:164) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.core.ContainerBase.addChildInternal(ContainerBase.java:683) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.core.ContainerBase.addChild(ContainerBase.java:658) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.core.StandardHost.addChild(StandardHost.java:662) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.startup.HostConfig.deployWAR(HostConfig.java:1002) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.startup.HostConfig$DeployWar.run(HostConfig.java:1943) ~[catalina.jar:10.1.33]",
        "java.base/java.util.concurrent.Executors$RunnableAdapter.call(Executors.java:539) ~[na:na]",
        "java.base/java.util.concurrent.FutureTask.run(FutureTask.java:264) ~[na:na]",
        "org.apache.tomcat.util.threads.InlineExecutorService.execute(InlineExecutorService.java:75) ~[tomcat-util.jar:10.1.33]",
        "java.base/java.util.concurrent.AbstractExecutorService.submit(AbstractExecutorService.java:123) ~[na:na]",
        "org.apache.catalina.startup.HostConfig.deployWARs(HostConfig.java:814) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.startup.HostConfig.deployApps(HostConfig.java:442) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.startup.HostConfig.start(HostConfig.java:1584) ~[catalina.jar:10.1.33]",
        "org.apache.catalina.startup.HostConfig.lifecycleEvent(HostConfig.java:312) ~[catalina.jar:10.1.33]",
    ];
    let placeholder_frames = [
        "org.springframework.util.PropertyPlaceholderHelper.parseStringValue(PropertyPlaceholderHelper.java:180) ~[spring-core-6.1.14.jar:6.1.14]",
        "org.springframework.util.PropertyPlaceholderHelper.replacePlaceholders(PropertyPlaceholderHelper.java:126) ~[spring-core-6.1.14.jar:6.1.14]",
        "org.springframework.core.env.AbstractPropertyResolver.doResolvePlaceholders(AbstractPropertyResolver.java:239) ~[spring-core-6.1.14.jar:6.1.14]",
        "org.springframework.core.env.AbstractPropertyResolver.resolveRequiredPlaceholders(AbstractPropertyResolver.java:210) ~[spring-core-6.1.14.jar:6.1.14]",
        "org.springframework.context.support.PropertySourcesPlaceholderConfigurer.lambda$processProperties$0(PropertySourcesPlaceholderConfigurer.java:200) ~[spring-context-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.AbstractBeanFactory.resolveEmbeddedValue(AbstractBeanFactory.java:964) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.DefaultListableBeanFactory.doResolveDependency(DefaultListableBeanFactory.java:1374) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.support.DefaultListableBeanFactory.resolveDependency(DefaultListableBeanFactory.java:1353) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.annotation.AutowiredAnnotationBeanPostProcessor$AutowiredFieldElement.resolveFieldValue(AutowiredAnnotationBeanPostProcessor.java:785) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.annotation.AutowiredAnnotationBeanPostProcessor$AutowiredFieldElement.inject(AutowiredAnnotationBeanPostProcessor.java:768) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.annotation.InjectionMetadata.inject(InjectionMetadata.java:145) ~[spring-beans-6.1.14.jar:6.1.14]",
        "org.springframework.beans.factory.annotation.AutowiredAnnotationBeanPostProcessor.postProcessProperties(AutowiredAnnotationBeanPostProcessor.java:509) ~[spring-beans-6.1.14.jar:6.1.14]",
    ];
    let tomcat_frames = [
        "org.apache.catalina.util.LifecycleBase.handleSubClassException(LifecycleBase.java:419)",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:186)",
        "org.apache.catalina.core.ContainerBase.addChildInternal(ContainerBase.java:683)",
        "org.apache.catalina.core.ContainerBase.addChild(ContainerBase.java:658)",
        "org.apache.catalina.core.StandardHost.addChild(StandardHost.java:662)",
        "org.apache.catalina.startup.HostConfig.deployWAR(HostConfig.java:1002)",
        "org.apache.catalina.startup.HostConfig$DeployWar.run(HostConfig.java:1943)",
        "java.base/java.util.concurrent.Executors$RunnableAdapter.call(Executors.java:539)",
        "java.base/java.util.concurrent.FutureTask.run(FutureTask.java:264)",
        "org.apache.tomcat.util.threads.InlineExecutorService.execute(InlineExecutorService.java:75)",
        "java.base/java.util.concurrent.AbstractExecutorService.submit(AbstractExecutorService.java:123)",
        "org.apache.catalina.startup.HostConfig.deployWARs(HostConfig.java:814)",
        "org.apache.catalina.startup.HostConfig.deployApps(HostConfig.java:442)",
        "org.apache.catalina.startup.HostConfig.start(HostConfig.java:1584)",
        "org.apache.catalina.startup.HostConfig.lifecycleEvent(HostConfig.java:312)",
        "org.apache.catalina.util.LifecycleBase.fireLifecycleEvent(LifecycleBase.java:114)",
        "org.apache.catalina.util.LifecycleBase.setStateInternal(LifecycleBase.java:402)",
        "org.apache.catalina.util.LifecycleBase.setState(LifecycleBase.java:349)",
        "org.apache.catalina.core.ContainerBase.startInternal(ContainerBase.java:813)",
        "org.apache.catalina.core.StandardHost.startInternal(StandardHost.java:772)",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:164)",
        "org.apache.catalina.core.ContainerBase$StartChild.call(ContainerBase.java:1203)",
        "org.apache.catalina.core.ContainerBase$StartChild.call(ContainerBase.java:1193)",
        "java.base/java.util.concurrent.FutureTask.run(FutureTask.java:264)",
        "org.apache.tomcat.util.threads.InlineExecutorService.execute(InlineExecutorService.java:75)",
        "java.base/java.util.concurrent.AbstractExecutorService.submit(AbstractExecutorService.java:145)",
        "org.apache.catalina.core.ContainerBase.startInternal(ContainerBase.java:749)",
        "org.apache.catalina.core.StandardEngine.startInternal(StandardEngine.java:203)",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:164)",
        "org.apache.catalina.core.StandardService.startInternal(StandardService.java:412)",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:164)",
        "org.apache.catalina.core.StandardServer.startInternal(StandardServer.java:870)",
        "org.apache.catalina.util.LifecycleBase.start(LifecycleBase.java:164)",
        "org.apache.catalina.startup.Catalina.start(Catalina.java:761)",
        "java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
        "java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)",
        "java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)",
        "java.base/java.lang.reflect.Method.invoke(Method.java:569)",
        "org.apache.catalina.startup.Bootstrap.start(Bootstrap.java:345)",
        "org.apache.catalina.startup.Bootstrap.main(Bootstrap.java:473)",
    ];
    let missing = "Could not resolve placeholder 'BILLING_SEPA_CREDITOR_ID' in value \"${BILLING_SEPA_CREDITOR_ID}\"";
    let bean = "Error creating bean with name 'sepaExportService': Injection of autowired dependencies failed";
    // (day, pid, whether billing fails)
    let runs = [(0u64, 2_417u64, false), (1, 2_388, false), (2, 2_451, true)];
    let mut last_pid = 2_390u64;
    for (d, pid, broken) in runs {
        let d0 = day(d);
        // The shutdown of the run before.
        let mut t = d0 + 5 * 3600 + 59 * 60 + 58;
        let mut m = 300 + h(k, 1397) % 200;
        out.push_str(&juli(t, bump(&mut m, k), "INFO", "main", "org.apache.catalina.core.StandardServer.await", "A valid shutdown command was received via the shutdown port. Stopping the Server instance."));
        out.push_str(&juli(
            t,
            bump(&mut m, k + 1),
            "INFO",
            "main",
            "org.apache.coyote.AbstractProtocol.pause",
            "Pausing ProtocolHandler [\"http-nio-8080\"]",
        ));
        out.push_str(&juli(
            t,
            bump(&mut m, k + 2),
            "INFO",
            "main",
            "org.apache.catalina.core.StandardService.stopInternal",
            "Stopping service [Catalina]",
        ));
        for (app, _, _, _) in &apps {
            k += 5;
            t += 1;
            m = h(k, 1398) % 120;
            out.push_str(&spring_line(
                t,
                bump(&mut m, k),
                "INFO",
                last_pid,
                app,
                "main",
                "j.LocalContainerEntityManagerFactoryBean",
                "Closing JPA EntityManagerFactory for persistence unit 'default'",
            ));
            out.push_str(&spring_line(
                t,
                bump(&mut m, k + 1),
                "INFO",
                last_pid,
                app,
                "main",
                "com.zaxxer.hikari.HikariDataSource",
                "HikariPool-1 - Shutdown initiated...",
            ));
            out.push_str(&spring_line(
                t,
                bump(&mut m, k + 2),
                "INFO",
                last_pid,
                app,
                "main",
                "com.zaxxer.hikari.HikariDataSource",
                "HikariPool-1 - Shutdown completed.",
            ));
            out.push_str(&juli(t, bump(&mut m, k + 3), "WARNING", "main", "org.apache.catalina.loader.WebappClassLoaderBase.clearReferencesJdbc", &format!("The web application [{app}] registered the JDBC driver [org.postgresql.Driver] but failed to unregister it when the web application was stopped. To prevent a memory leak, the JDBC Driver has been forcibly unregistered.")));
            for th in leak_threads(app) {
                out.push_str(&juli(t, bump(&mut m, k + 4), "WARNING", "main", "org.apache.catalina.loader.WebappClassLoaderBase.clearReferencesThreads", &format!("The web application [{app}] appears to have started a thread named [{th}] but has failed to stop it. This is very likely to create a memory leak. Stack trace of thread:")));
                for f in &park {
                    out.push_str(&format!(" {f}\n"));
                }
            }
        }
        t += 1;
        m = h(k, 1398) % 120;
        out.push_str(&juli(
            t,
            bump(&mut m, k),
            "INFO",
            "main",
            "org.apache.coyote.AbstractProtocol.stop",
            "Stopping ProtocolHandler [\"http-nio-8080\"]",
        ));
        out.push_str(&juli(
            t,
            bump(&mut m, k + 1),
            "INFO",
            "main",
            "org.apache.coyote.AbstractProtocol.destroy",
            "Destroying ProtocolHandler [\"http-nio-8080\"]",
        ));
        // The start.
        t = d0 + 6 * 3600 + 31;
        m = 640;
        let version = [
            "Server version name:   Apache Tomcat/10.1.33".to_string(),
            "Server built:          Oct 30 2026 14:12:41 UTC".to_string(),
            "Server version number: 10.1.33.0".to_string(),
            "OS Name:               Linux".to_string(),
            "OS Version:            6.8.0-48-generic".to_string(),
            "Architecture:          amd64".to_string(),
            "Java Home:             /usr/lib/jvm/java-17-openjdk-amd64".to_string(),
            "JVM Version:           17.0.13+11-Ubuntu-2ubuntu124.04".to_string(),
            "JVM Vendor:            Ubuntu".to_string(),
            "CATALINA_BASE:         /opt/tomcat".to_string(),
            "CATALINA_HOME:         /opt/tomcat".to_string(),
        ];
        for (n, v) in version.iter().enumerate() {
            out.push_str(&juli(
                t,
                118 + n as u64,
                "INFO",
                "main",
                "org.apache.catalina.startup.VersionLoggerListener.log",
                v,
            ));
        }
        for arg in [
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED",
            "-Djava.util.logging.config.file=/opt/tomcat/conf/logging.properties",
            "-Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager",
            "-Xms4g",
            "-Xmx4g",
            "-XX:+UseG1GC",
            "-Dspring.profiles.active=prod",
            "-Djdk.tls.ephemeralDHKeySize=2048",
            "-Djava.protocol.handler.pkgs=org.apache.catalina.webresources",
            "-Dorg.apache.catalina.security.SecurityListener.UMASK=0027",
            "-Dcatalina.base=/opt/tomcat",
            "-Dcatalina.home=/opt/tomcat",
            "-Djava.io.tmpdir=/opt/tomcat/temp",
        ] {
            out.push_str(&juli(
                t,
                131,
                "INFO",
                "main",
                "org.apache.catalina.startup.VersionLoggerListener.log",
                &format!("Command line argument: {arg}"),
            ));
        }
        out.push_str(&juli(t, 140, "INFO", "main", "org.apache.catalina.core.AprLifecycleListener.lifecycleEvent", "The Apache Tomcat Native library which allows using OpenSSL was not found on the java.library.path: [/usr/java/packages/lib:/usr/lib/x86_64-linux-gnu/jni:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu:/usr/lib/jni:/lib:/usr/lib]"));
        out.push_str(&juli(
            t,
            512,
            "INFO",
            "main",
            "org.apache.coyote.AbstractProtocol.init",
            "Initializing ProtocolHandler [\"http-nio-8080\"]",
        ));
        out.push_str(&juli(
            t,
            561,
            "INFO",
            "main",
            "org.apache.catalina.startup.Catalina.load",
            &format!(
                "Server initialization in [{}] milliseconds",
                700 + h(k, 1302) % 300
            ),
        ));
        out.push_str(&juli(
            t,
            602,
            "INFO",
            "main",
            "org.apache.catalina.core.StandardService.startInternal",
            "Starting service [Catalina]",
        ));
        out.push_str(&juli(
            t,
            603,
            "INFO",
            "main",
            "org.apache.catalina.core.StandardEngine.startInternal",
            "Starting Servlet engine: [Apache Tomcat/10.1.33]",
        ));
        for (app, class, ver, pkg) in &apps {
            k += 20;
            let began = t;
            out.push_str(&juli(
                t,
                bump(&mut m, k),
                "INFO",
                "main",
                "org.apache.catalina.startup.HostConfig.deployWAR",
                &format!("Deploying web application archive [/opt/tomcat/webapps/{app}.war]"),
            ));
            t += 3;
            m = h(k, 1398) % 120;
            out.push_str(&juli(t, bump(&mut m, k + 1), "INFO", "main", "org.apache.jasper.servlet.TldScanner.scanJars", "At least one JAR was scanned for TLDs yet contained no TLDs. Enable debug logging for this logger for a complete list of JARs that were scanned but no TLDs were found in them. Skipping unneeded JARs during scanning can improve startup time and JSP compilation time."));
            out.push_str(SPRING_BANNER);
            let main_logger = format!("{pkg}.{class}Application");
            let sl = |t: u64, ms: u64, level: &str, logger: &str, msg: &str| {
                spring_line(t, ms, level, pid, app, "main", logger, msg)
            };
            out.push_str(&sl(t, bump(&mut m, k + 1), "INFO", &main_logger, &format!("Starting {class}Application v{ver} using Java 17.0.13 with PID {pid} (/opt/tomcat/webapps/{app}/WEB-INF/classes started by tomcat in /opt/tomcat)")));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 2),
                "INFO",
                &main_logger,
                "The following 1 profile is active: \"prod\"",
            ));
            t += 2;
            m = h(k, 1398) % 120;
            out.push_str(&sl(
                t,
                bump(&mut m, k + 3),
                "INFO",
                ".s.d.r.c.RepositoryConfigurationDelegate",
                "Bootstrapping Spring Data JPA repositories in DEFAULT mode.",
            ));
            out.push_str(&sl(t, bump(&mut m, k + 4), "INFO", ".s.d.r.c.RepositoryConfigurationDelegate", &format!("Finished Spring Data repository scanning in {} ms. Found {} JPA repository interfaces.", 90 + h(k, 1304) % 300, 4 + h(k, 1305) % 40)));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 5),
                "INFO",
                "w.s.c.ServletWebServerApplicationContext",
                &format!(
                    "Root WebApplicationContext: initialization completed in {} ms",
                    1_500 + h(k, 1306) % 3_000
                ),
            ));
            t += 1;
            m = h(k, 1398) % 120;
            out.push_str(&sl(
                t,
                bump(&mut m, k + 6),
                "INFO",
                "o.hibernate.jpa.internal.util.LogHelper",
                "HHH000204: Processing PersistenceUnitInfo [name: default]",
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 7),
                "INFO",
                "org.hibernate.Version",
                "HHH000412: Hibernate ORM core version 6.5.3.Final",
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 8),
                "INFO",
                "o.h.c.internal.RegionFactoryInitiator",
                "HHH000026: Second-level cache disabled",
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 9),
                "INFO",
                "o.s.o.j.p.SpringPersistenceUnitInfo",
                "No LoadTimeWeaver setup: ignoring JPA class transformer",
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 10),
                "INFO",
                "com.zaxxer.hikari.HikariDataSource",
                "HikariPool-1 - Starting...",
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 11),
                "INFO",
                "com.zaxxer.hikari.pool.HikariPool",
                &format!(
                    "HikariPool-1 - Added connection org.postgresql.jdbc.PgConnection@{}",
                    hex(k, 1307, 8)
                ),
            ));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 12),
                "INFO",
                "com.zaxxer.hikari.HikariDataSource",
                "HikariPool-1 - Start completed.",
            ));
            t += 2;
            m = h(k, 1398) % 120;
            out.push_str(&sl(t, bump(&mut m, k + 13), "INFO", "o.h.e.t.j.p.i.JtaPlatformInitiator", "HHH000489: No JTA platform available (set 'hibernate.transaction.jta.platform' to enable JTA platform integration)"));
            out.push_str(&sl(
                t,
                bump(&mut m, k + 14),
                "INFO",
                "j.LocalContainerEntityManagerFactoryBean",
                "Initialized JPA EntityManagerFactory for persistence unit 'default'",
            ));
            if *app == "billing" && broken {
                t += 1;
                m = h(k, 1398) % 120;
                out.push_str(&sl(t, bump(&mut m, k + 15), "WARN", "ConfigServletWebServerApplicationContext", &format!("Exception encountered during context initialization - cancelling refresh attempt: org.springframework.beans.factory.BeanCreationException: {bean}")));
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 16),
                    "INFO",
                    "j.LocalContainerEntityManagerFactoryBean",
                    "Closing JPA EntityManagerFactory for persistence unit 'default'",
                ));
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 17),
                    "INFO",
                    "com.zaxxer.hikari.HikariDataSource",
                    "HikariPool-1 - Shutdown initiated...",
                ));
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 18),
                    "INFO",
                    "com.zaxxer.hikari.HikariDataSource",
                    "HikariPool-1 - Shutdown completed.",
                ));
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 19),
                    "INFO",
                    ".s.b.a.l.ConditionEvaluationReportLogger",
                    "",
                ));
                out.push_str("\nError starting ApplicationContext. To display the condition evaluation report re-run your application with 'debug' enabled.\n");
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 20),
                    "ERROR",
                    "o.s.boot.SpringApplication",
                    "Application run failed",
                ));
                out.push_str(&format!(
                    "\norg.springframework.beans.factory.BeanCreationException: {bean}\n"
                ));
                out.push_str(&frames("\t", &spring_frames));
                out.push_str(&format!("\tat org.apache.catalina.core.ContainerBase$StartChild.call(ContainerBase.java:1203) ~[catalina.jar:10.1.33]\n\tat java.base/java.lang.Thread.run(Thread.java:840) ~[na:na]\nCaused by: java.lang.IllegalArgumentException: {missing}\n"));
                out.push_str(&frames("\t", &placeholder_frames));
                out.push_str("\t... 62 common frames omitted\n\n");
                out.push_str(&juli(
                    t,
                    bump(&mut m, k + 21),
                    "SEVERE",
                    "main",
                    "org.apache.catalina.core.ContainerBase.addChildInternal",
                    "ContainerBase.addChild: start: ",
                ));
                out.push_str("\torg.apache.catalina.LifecycleException: Failed to start component [StandardEngine[Catalina].StandardHost[localhost].StandardContext[/billing]]\n");
                out.push_str(&frames("\t\t", &tomcat_frames));
                out.push_str(&format!(
                    "\tCaused by: org.springframework.beans.factory.BeanCreationException: {bean}\n"
                ));
                out.push_str(&frames("\t\t", &spring_frames[..6]));
                out.push_str("\t\t... 47 more\n");
                out.push_str(&format!(
                    "\tCaused by: java.lang.IllegalArgumentException: {missing}\n"
                ));
                out.push_str(&frames("\t\t", &placeholder_frames[..8]));
                out.push_str("\t\t... 62 more\n");
                out.push_str(&juli(
                    t,
                    bump(&mut m, k + 22),
                    "SEVERE",
                    "main",
                    "org.apache.catalina.startup.HostConfig.deployWAR",
                    "Error deploying web application archive [/opt/tomcat/webapps/billing.war]",
                ));
                out.push_str("\tjava.lang.IllegalStateException: Error starting child\n");
                out.push_str(&frames("\t\t", &tomcat_frames[2..]));
                out.push_str("\tCaused by: org.apache.catalina.LifecycleException: Failed to start component [StandardEngine[Catalina].StandardHost[localhost].StandardContext[/billing]]\n");
                out.push_str(&frames("\t\t", &tomcat_frames[..3]));
                out.push_str("\t\t... 37 more\n");
            } else {
                if *app != "api" {
                    out.push_str(&sl(t, bump(&mut m, k + 15), "WARN", "JpaBaseConfiguration$JpaWebConfiguration", "spring.jpa.open-in-view is enabled by default. Therefore, database queries may be performed during view rendering. Explicitly configure spring.jpa.open-in-view to disable this warning"));
                }
                t += 1;
                m = h(k, 1398) % 120;
                out.push_str(&sl(
                    t,
                    bump(&mut m, k + 16),
                    "INFO",
                    "o.s.b.a.e.web.EndpointLinksResolver",
                    "Exposing 3 endpoints beneath base path '/actuator'",
                ));
                out.push_str(&sl(t, bump(&mut m, k + 17), "INFO", &main_logger, &format!("Started {class}Application in {}.{:03} seconds (process running for {}.{:03})", t - began, h(k, 1308) % 1000, t - d0 - 6 * 3600 + 7, h(k, 1309) % 1000)));
            }
            out.push_str(&juli(t, bump(&mut m, k + 2), "INFO", "main", "org.apache.catalina.startup.HostConfig.deployWAR", &format!("Deployment of web application archive [/opt/tomcat/webapps/{app}.war] has finished in [{}] ms", thousands((t - began) * 1000 + h(k, 1310) % 1000))));
        }
        for dir in ["ROOT", "manager"] {
            out.push_str(&juli(
                t,
                bump(&mut m, k + 3),
                "INFO",
                "main",
                "org.apache.catalina.startup.HostConfig.deployDirectory",
                &format!("Deploying web application directory [/opt/tomcat/webapps/{dir}]"),
            ));
            out.push_str(&juli(t, bump(&mut m, k + 4), "INFO", "main", "org.apache.catalina.startup.HostConfig.deployDirectory", &format!("Deployment of web application directory [/opt/tomcat/webapps/{dir}] has finished in [{}] ms", 30 + h(k, 1311) % 90)));
        }
        out.push_str(&juli(
            t,
            bump(&mut m, k + 5),
            "INFO",
            "main",
            "org.apache.coyote.AbstractProtocol.start",
            "Starting ProtocolHandler [\"http-nio-8080\"]",
        ));
        out.push_str(&juli(
            t,
            bump(&mut m, k + 6),
            "INFO",
            "main",
            "org.apache.catalina.startup.Catalina.start",
            &format!(
                "Server startup in [{}] milliseconds",
                (t - d0 - 6 * 3600 - 31) * 1000 + h(k, 1312) % 1000
            ),
        ));
        // The day, to the next night's shutdown (or mid-morning).
        let stop = if broken {
            d0 + 9 * 3600 + 41 * 60
        } else {
            d0 + 86_400 + 5 * 3600 + 59 * 60 + 50
        };
        let mut scanned = false;
        let mut exported = false;
        let mut order = 1_048_000 + d * 1_400;
        while t < stop {
            k += 1;
            t += 20 + h(k, 1313) % 70;
            let hour = t % 86_400 / 3600;
            let quiet = !(7..23).contains(&hour);
            if quiet && !h(k, 1314).is_multiple_of(4) {
                continue;
            }
            let exec = format!("http-nio-8080-exec-{}", 1 + h(k, 1315) % 40);
            let line = match h(k, 1316) % 100 {
                0..=34 => {
                    order += 1;
                    spring_line(
                        t,
                        ms(k),
                        "INFO",
                        pid,
                        "shop",
                        &exec,
                        "d.n.shop.checkout.CheckoutService",
                        &format!(
                            "Order {order} placed: {} items, total {}.{:02} EUR, payment {}",
                            1 + h(k, 1317) % 6,
                            20 + h(k, 1318) % 400,
                            h(k, 1319) % 100,
                            pick(&["card", "paypal", "klarna", "sepa", "invoice"], k, 1320)
                        ),
                    )
                }
                35..=41 => spring_line(
                    t,
                    ms(k),
                    "WARN",
                    pid,
                    "shop",
                    &exec,
                    "d.n.shop.payment.PaymentService",
                    &format!(
                        "Payment declined for order {}: {}",
                        order + 1,
                        pick(
                            &[
                                "insufficient_funds",
                                "card_declined",
                                "expired_card",
                                "3ds_failed",
                                "do_not_honor"
                            ],
                            k,
                            1321
                        )
                    ),
                ),
                42..=51 => spring_line(
                    t,
                    ms(k),
                    "INFO",
                    pid,
                    "shop",
                    &exec,
                    "d.n.shop.cart.CartService",
                    &format!(
                        "Cart {} merged after login (customer {})",
                        uuid(k, 1322),
                        300_000 + h(k, 1323) % 90_000
                    ),
                ),
                52..=53 => spring_line(
                    t,
                    ms(k),
                    "WARN",
                    pid,
                    "shop",
                    &exec,
                    ".m.m.a.ExceptionHandlerExceptionResolver",
                    "Resolved [org.apache.catalina.connector.ClientAbortException: java.io.IOException: Broken pipe]",
                ),
                54..=66 => spring_line(
                    t,
                    ms(k),
                    "INFO",
                    pid,
                    "api",
                    &exec,
                    "d.n.api.stock.StockController",
                    &format!(
                        "Stock query for {} SKUs by partner {} in {} ms",
                        1 + h(k, 1324) % 500,
                        pick(&["idealo", "otto", "zalando", "amazon", "check24"], k, 1325),
                        4 + h(k, 1326) % 300
                    ),
                ),
                67..=68 => spring_line(
                    t,
                    ms(k),
                    "WARN",
                    pid,
                    "api",
                    &exec,
                    "d.n.api.partner.RateLimiter",
                    &format!(
                        "Partner {} throttled: {} requests in the last minute (limit 600)",
                        pick(&["idealo", "check24"], k, 1327),
                        601 + h(k, 1328) % 300
                    ),
                ),
                69..=73 => spring_line(
                    t,
                    ms(k),
                    "INFO",
                    pid,
                    "admin",
                    &exec,
                    "d.n.admin.security.LoginListener",
                    &format!(
                        "Admin login {} from 10.20.{}.{}",
                        pick(
                            &["k.brandt", "s.wolff", "m.yilmaz", "support-3", "j.haas"],
                            k,
                            1329
                        ),
                        h(k, 1330) % 8,
                        10 + h(k, 1331) % 200
                    ),
                ),
                74..=79 => {
                    let inv = 118_000 + d * 900 + h(k, 1332) % 900;
                    if broken && t > d0 + 6 * 3600 + 60 {
                        spring_line(
                            t,
                            ms(k),
                            "WARN",
                            pid,
                            "shop",
                            &exec,
                            "d.n.shop.invoice.InvoiceLinkClient",
                            &format!(
                                "Invoice service answered 404 for order {order} (GET http://localhost:8080/billing/api/invoices/by-order/{order})"
                            ),
                        )
                    } else {
                        spring_line(
                            t,
                            ms(k),
                            "INFO",
                            pid,
                            "billing",
                            &exec,
                            "d.n.billing.invoice.InvoiceService",
                            &format!("Invoice RE-2026-{inv} created for order {order}"),
                        )
                    }
                }
                80..=83 => spring_line(
                    t,
                    ms(k),
                    "INFO",
                    pid,
                    "reports",
                    "scheduling-1",
                    "d.n.reports.ReportScheduler",
                    &format!(
                        "Report '{}' generated in {}.{} s ({} rows)",
                        pick(
                            &[
                                "daily-sales",
                                "returns-by-reason",
                                "stock-aging",
                                "marketplace-fees"
                            ],
                            k,
                            1333
                        ),
                        1 + h(k, 1334) % 20,
                        h(k, 1335) % 10,
                        thousands(100 + h(k, 1336) % 40_000)
                    ),
                ),
                84..=86 => spring_line(
                    t,
                    ms(k),
                    "INFO",
                    pid,
                    "shop",
                    &exec,
                    "d.n.shop.search.SearchController",
                    &format!(
                        "Slow search '{}' took {} ms",
                        pick(
                            &[
                                "zelt 2 personen",
                                "daunenjacke",
                                "wanderschuhe 43",
                                "stirnlampe"
                            ],
                            k,
                            1337
                        ),
                        1_000 + h(k, 1338) % 2_500
                    ),
                ),
                _ => spring_line(
                    t,
                    ms(k),
                    "DEBUG",
                    pid,
                    "shop",
                    "lettuce-nioEventLoop-4-1",
                    "i.l.core.protocol.ConnectionWatchdog",
                    "Reconnecting, last destination was redis-01.int.nordwind.de/10.20.4.21:6379",
                ),
            };
            out.push_str(&line);
            if !scanned && hour == 3 {
                scanned = true;
                out.push_str(&juli(
                    t,
                    ms(k + 1),
                    "INFO",
                    &exec,
                    "org.apache.coyote.http11.Http11Processor.service",
                    "Error parsing HTTP request header",
                ));
                out.push_str(" Note: further occurrences of HTTP request parsing errors will be logged at DEBUG level.\n\tjava.lang.IllegalArgumentException: Invalid character found in method name [0x160x030x010x020x000x010x000x01fc0x030x03...]. HTTP method names must be tokens\n");
                out.push_str(&frames("\t\t", &[
                    "org.apache.coyote.http11.Http11InputBuffer.parseRequestLine(Http11InputBuffer.java:407)",
                    "org.apache.coyote.http11.Http11Processor.service(Http11Processor.java:264)",
                    "org.apache.coyote.AbstractProcessorLight.process(AbstractProcessorLight.java:63)",
                    "org.apache.coyote.AbstractProtocol$ConnectionHandler.process(AbstractProtocol.java:905)",
                    "org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun(NioEndpoint.java:1741)",
                    "org.apache.tomcat.util.net.SocketProcessorBase.run(SocketProcessorBase.java:52)",
                    "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1190)",
                    "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:659)",
                    "org.apache.tomcat.util.threads.TaskThread$WrappingRunnable.run(TaskThread.java:63)",
                    "java.base/java.lang.Thread.run(Thread.java:840)",
                ]));
            }
            if hour == 2 && !exported {
                exported = true;
                out.push_str(&spring_line(
                    t + 1,
                    ms(k + 2),
                    "INFO",
                    pid,
                    "billing",
                    "scheduling-1",
                    "d.n.billing.sepa.SepaExportService",
                    &format!(
                        "SEPA direct debit export for {}: {} mandates, file SEPA-DD-{}.xml written",
                        &datetime(t)[..10],
                        300 + h(k, 1340) % 200,
                        &datetime(t)[..10]
                    ),
                ));
                out.push_str(&spring_line(
                    t + 2,
                    ms(k + 3),
                    "INFO",
                    pid,
                    "billing",
                    "scheduling-1",
                    "d.n.billing.dunning.DunningJob",
                    &format!(
                        "Dunning run: {} reminders (level 1: {}, level 2: {}, level 3: {})",
                        30 + h(k, 1341) % 20,
                        20 + h(k, 1342) % 10,
                        4 + h(k, 1343) % 5,
                        1 + h(k, 1344) % 3
                    ),
                ));
            }
        }
        last_pid = pid;
    }
    assert_eq!(whole(&out, "BILLING_SEPA_CREDITOR_ID"), 4);
    assert_eq!(
        out.matches("Error deploying web application archive")
            .count(),
        1
    );
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "Tomcat catalina.out, the web app that did not start",
        out,
        "Since this morning's restart the invoice pages of our shop just give 404s. Going by Tomcat's log, which web application didn't come up, and what exactly stopped it?",
        &[
            "billing.war",
            "Could not resolve placeholder 'BILLING_SEPA_CREDITOR_ID'",
        ],
    )
}

/// What a job of the BigQuery case did.
enum BqWork {
    Query {
        sql: String,
        bytes: u64,
        cached: bool,
        statement: &'static str,
        /// The table it writes, or none (an anonymous result table).
        dest: Option<(String, String)>,
        /// `(reason, message)` of a job that failed.
        error: Option<(&'static str, String)>,
        labels: Vec<(&'static str, String)>,
    },
    Load {
        uris: Vec<String>,
        table: (String, String),
        bytes: u64,
        files: u64,
        rows: u64,
    },
    Extract {
        table: (String, String),
        uri: String,
        bytes: u64,
        files: u64,
    },
}

/// One job of the BigQuery case.
struct BqJob {
    id: String,
    user: String,
    /// Milliseconds since the epoch it was created, and how long it ran.
    created: u64,
    took: u64,
    work: BqWork,
}

/// What BigQuery bills of `bytes` scanned: whole megabytes, ten at least.
fn bq_billed(bytes: u64) -> u64 {
    if bytes == 0 {
        0
    } else {
        bytes.div_ceil(1_048_576).max(10) * 1_048_576
    }
}

/// A job as `bq ls -j --format=prettyjson` prints it (the jobs.list
/// resource, keys sorted).
fn bq_job_json(j: &BqJob, k: usize) -> Value {
    let project = "nordwind-analytics";
    let principal = if j.user.ends_with(".gserviceaccount.com") {
        format!("serviceAccount:{}", j.user)
    } else {
        format!("user:{}", j.user)
    };
    let created = j.created + h(k, 1408) % 997;
    let start = created + 40 + h(k, 1401) % 300;
    let end = start + j.took;
    let table = |d: &str, t: &str| json!({"datasetId": d, "projectId": project, "tableId": t});
    let (configuration, mut statistics, status) = match &j.work {
        BqWork::Query {
            sql,
            bytes,
            cached,
            statement,
            dest,
            error,
            labels,
        } => {
            let dest_table = match dest {
                Some((d, t)) => table(d, t),
                None => table(
                    &format!("_{}", hex(k, 1402, 40)),
                    &format!("anon{}", hex(k, 1403, 40)),
                ),
            };
            let mut query = json!({
                "destinationTable": dest_table,
                "priority": "INTERACTIVE",
                "query": sql,
                "useLegacySql": false
            });
            if dest.is_some() {
                query["writeDisposition"] = json!(if *statement == "MERGE" {
                    "WRITE_APPEND"
                } else {
                    "WRITE_TRUNCATE"
                });
            }
            let mut conf = json!({"jobType": "QUERY", "query": query});
            if !labels.is_empty() {
                let mut m = Map::new();
                for (key, v) in labels {
                    m.insert(key.to_string(), json!(v));
                }
                conf["labels"] = Value::Object(m);
            }
            let billed = if *cached || error.is_some() {
                0
            } else {
                bq_billed(*bytes)
            };
            let processed = if *cached || error.is_some() {
                0
            } else {
                *bytes
            };
            let slot = if processed == 0 {
                0
            } else {
                processed / 2_000_000 + h(k, 1404) % 90_000
            };
            let mut q = json!({
                "cacheHit": cached,
                "statementType": statement,
                "totalBytesBilled": billed.to_string(),
                "totalBytesProcessed": processed.to_string()
            });
            if processed > 0 {
                q["billingTier"] = json!(1);
                q["totalSlotMs"] = json!(slot.to_string());
                q["totalPartitionsProcessed"] = json!((1 + h(k, 1405) % 400).to_string());
            }
            let mut stats = json!({"query": q, "totalBytesProcessed": processed.to_string()});
            if processed > 0 {
                stats["totalSlotMs"] = json!(slot.to_string());
            }
            let status = match error {
                Some((reason, message)) => json!({
                    "errorResult": {"message": message, "reason": reason},
                    "errors": [{"message": message, "reason": reason}],
                    "state": "DONE"
                }),
                None => json!({"state": "DONE"}),
            };
            (conf, stats, status)
        }
        BqWork::Load {
            uris,
            table: (d, t),
            bytes,
            files,
            rows,
        } => (
            json!({
                "jobType": "LOAD",
                "load": {
                    "destinationTable": table(d, t),
                    "sourceFormat": "PARQUET",
                    "sourceUris": uris,
                    "writeDisposition": "WRITE_APPEND"
                }
            }),
            json!({
                "load": {
                    "badRecords": "0",
                    "inputFileBytes": bytes.to_string(),
                    "inputFiles": files.to_string(),
                    "outputBytes": (bytes / 100 * 131).to_string(),
                    "outputRows": rows.to_string()
                },
                "totalSlotMs": (bytes / 9_000_000 + h(k, 1406) % 5_000).to_string()
            }),
            json!({"state": "DONE"}),
        ),
        BqWork::Extract {
            table: (d, t),
            uri,
            bytes,
            files,
        } => (
            json!({
                "extract": {
                    "destinationFormat": "PARQUET",
                    "destinationUri": uri,
                    "destinationUris": [uri],
                    "sourceTable": table(d, t)
                },
                "jobType": "EXTRACT"
            }),
            json!({
                "extract": {
                    "destinationUriFileCounts": [files.to_string()],
                    "inputBytes": bytes.to_string()
                },
                "totalSlotMs": (bytes / 20_000_000 + h(k, 1407) % 3_000).to_string()
            }),
            json!({"state": "DONE"}),
        ),
    };
    statistics["creationTime"] = json!(created.to_string());
    statistics["startTime"] = json!(start.to_string());
    statistics["endTime"] = json!(end.to_string());
    sorted(json!({
        "configuration": configuration,
        "id": format!("{project}:EU.{}", j.id),
        "jobReference": {"jobId": j.id, "location": "EU", "projectId": project},
        "kind": "bigquery#job",
        "principal_subject": principal,
        "state": "DONE",
        "statistics": statistics,
        "status": status,
        "user_email": j.user
    }))
}

/// `bq ls -j -a -n 1000 --format=prettyjson nordwind-analytics` (bq
/// 2.1, two-space JSON with sorted keys, newest first) of an outdoor
/// shop's analytics project over 26 November and the morning after:
/// Looker's dashboard queries (some answered from the cache), dbt's
/// nightly models (merges and table rebuilds, a full refresh of
/// `fct_sessions` of 3.1 TiB), Airflow's hourly loads of clickstream
/// Parquet files and a backfill load of 24 TiB (loads bill nothing),
/// scheduled queries, nightly exports, analysts' ad-hoc queries. At
/// 11:05 `l.nguyen` runs a query the project's bytes-billed limit
/// refuses (it would have needed 27 TiB), then the same with a date
/// filter. At 15:42 `t.richter` runs `SELECT *` over the raw clickstream
/// without a partition filter: 19.5 TiB billed, the most of any job; at
/// 15:58 the same query comes from the cache.
fn bq_biggest_query() -> Case {
    let day0 = (DAY - 86_400) * 1000;
    let at =
        |d: u64, hh: u64, mm: u64, ss: u64| day0 + (d * 86_400 + hh * 3600 + mm * 60 + ss) * 1000;
    let looker = "looker-sa@nordwind-analytics.iam.gserviceaccount.com";
    let dbt = "dbt-runner@nordwind-analytics.iam.gserviceaccount.com";
    let airflow = "airflow@nordwind-analytics.iam.gserviceaccount.com";
    let scheduler = "scheduled-reports@nordwind-analytics.iam.gserviceaccount.com";
    let analysts = [
        "a.schmidt@nordwind.de",
        "j.kramer@nordwind.de",
        "l.nguyen@nordwind.de",
        "m.oezdemir@nordwind.de",
        "s.petersen@nordwind.de",
        "t.richter@nordwind.de",
    ];
    let console_id = |k: usize| format!("bquxjob_{}_{}", hex(k, 1410, 8), hex(k, 1411, 11));
    let mut jobs: Vec<BqJob> = Vec::new();
    let mut k = 0usize;
    let explores = [
        ("orders", "marts.fct_orders", "order_date", "revenue_eur"),
        ("sessions", "marts.fct_sessions", "session_date", "sessions"),
        ("returns", "marts.fct_returns", "return_date", "refund_eur"),
        (
            "stock",
            "marts.fct_stock_daily",
            "stock_date",
            "units_on_hand",
        ),
        (
            "marketing",
            "marts.fct_campaign_spend",
            "spend_date",
            "spend_eur",
        ),
        (
            "products",
            "marts.dim_products",
            "first_sold_date",
            "variants",
        ),
    ];
    // Looker, every few minutes in office hours.
    for d in 0..2u64 {
        let mut t = at(d, 5, 0, 0);
        let until = if d == 0 {
            at(0, 18, 30, 0)
        } else {
            at(1, 8, 40, 0)
        };
        while t < until {
            k += 1;
            t += (150 + h(k, 1412) % 420) * 1000;
            let (view, table, date, measure) =
                explores[(h(k, 1413) % explores.len() as u64) as usize];
            let days = [7, 14, 28, 30, 90, 365][(h(k, 1414) % 6) as usize];
            let dim = pick(
                &[
                    "channel",
                    "country",
                    "category",
                    "brand",
                    "device_type",
                    "warehouse",
                ],
                k,
                1415,
            );
            let sql = format!(
                "-- Looker Query Context '{{\"user_id\":{},\"history_slug\":\"{}\",\"instance_slug\":\"{}\"}}'\nSELECT\n    {view}.{dim}  AS {view}_{dim},\n    {view}.{date}  AS {view}_{date},\n    COALESCE(SUM({view}.{measure} ), 0) AS {view}_total_{measure}\nFROM `nordwind-analytics.{table}`  AS {view}\nWHERE ((( {view}.{date}  ) >= ((DATE_ADD(CURRENT_DATE('Europe/Berlin'), INTERVAL -{} DAY))) AND ( {view}.{date}  ) < ((DATE_ADD(DATE_ADD(CURRENT_DATE('Europe/Berlin'), INTERVAL -{} DAY), INTERVAL {days} DAY)))))\nGROUP BY\n    1,\n    2\nORDER BY\n    2 DESC\nLIMIT 5000",
                10 + h(k, 1416) % 90,
                hex(k, 1417, 32),
                hex(k, 1418, 32),
                days - 1,
                days - 1
            );
            let cached = h(k, 1419) % 100 < 30;
            jobs.push(BqJob {
                id: format!("job_{}", letters(k, 1420, 28)),
                user: looker.into(),
                created: t,
                took: 400 + h(k, 1421) % 9_000,
                work: BqWork::Query {
                    sql,
                    bytes: if cached {
                        0
                    } else {
                        range(k, 1422, 40_000_000, 60_000_000_000)
                    },
                    cached,
                    statement: "SELECT",
                    dest: None,
                    error: None,
                    labels: vec![("looker-context-instance_slug", hex(k, 1418, 32))],
                },
            });
        }
    }
    // dbt, every night at 03:00.
    let models = [
        ("staging", "stg_orders", 40.0),
        ("staging", "stg_order_lines", 90.0),
        ("staging", "stg_customers", 12.0),
        ("staging", "stg_products", 2.0),
        ("staging", "stg_stock_movements", 60.0),
        ("staging", "stg_returns", 8.0),
        ("staging", "stg_campaigns", 1.0),
        ("staging", "stg_clickstream_events", 880.0),
        ("intermediate", "int_order_margins", 70.0),
        ("intermediate", "int_customer_orders", 55.0),
        ("intermediate", "int_sessions_sessionized", 610.0),
        ("intermediate", "int_attribution_touchpoints", 240.0),
        ("marts", "fct_orders", 110.0),
        ("marts", "fct_order_lines", 150.0),
        ("marts", "fct_returns", 20.0),
        ("marts", "fct_stock_daily", 45.0),
        ("marts", "fct_campaign_spend", 3.0),
        ("marts", "fct_sessions", 0.0),
        ("marts", "dim_customers", 25.0),
        ("marts", "dim_products", 4.0),
        ("marts", "dim_dates", 0.01),
        ("marts", "rpt_daily_kpis", 30.0),
        ("marts", "rpt_cohorts", 160.0),
        ("marts", "rpt_marketplace_fees", 6.0),
    ];
    for d in 0..2u64 {
        let invocation = uuid(d as usize, 1423);
        let mut t = at(d, 3, 0, 12);
        for (n, (schema, model, gb)) in models.iter().enumerate() {
            k += 1;
            t += (20 + h(k, 1424) % 200) * 1000;
            let full_refresh = *model == "fct_sessions" && d == 0;
            let incremental = model.starts_with("fct_") || model.starts_with("stg_clickstream");
            let bytes = if full_refresh {
                3_398_046_511_104
            } else if *model == "fct_sessions" {
                61_000_000_000 + h(k, 1425) % 9_000_000_000
            } else {
                (gb * 1e9 * (0.9 + frac(k, 1426) * 0.2)) as u64
            };
            let (statement, sql) = if incremental && !full_refresh {
                (
                    "MERGE",
                    format!(
                        "/* {{\"app\": \"dbt\", \"dbt_version\": \"1.8.7\", \"profile_name\": \"nordwind\", \"target_name\": \"prod\", \"node_id\": \"model.nordwind.{model}\"}} */\nmerge into `nordwind-analytics`.`{schema}`.`{model}` as DBT_INTERNAL_DEST\n        using (\n        select * from `nordwind-analytics`.`{schema}`.`{model}__dbt_tmp`\n        ) as DBT_INTERNAL_SOURCE\n        on (\n                    DBT_INTERNAL_SOURCE.{}_id = DBT_INTERNAL_DEST.{}_id\n                )\n\n    when matched then update set\n        {}\n\n    when not matched then insert\n        ({})\n    values\n        ({})",
                        model
                            .trim_start_matches("fct_")
                            .trim_start_matches("stg_")
                            .trim_end_matches('s'),
                        model
                            .trim_start_matches("fct_")
                            .trim_start_matches("stg_")
                            .trim_end_matches('s'),
                        (0..6)
                            .map(|c| format!("`col_{c}` = DBT_INTERNAL_SOURCE.`col_{c}`"))
                            .collect::<Vec<_>>()
                            .join(","),
                        (0..6)
                            .map(|c| format!("`col_{c}`"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        (0..6)
                            .map(|c| format!("`col_{c}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            } else {
                (
                    "CREATE_TABLE_AS_SELECT",
                    format!(
                        "/* {{\"app\": \"dbt\", \"dbt_version\": \"1.8.7\", \"profile_name\": \"nordwind\", \"target_name\": \"prod\", \"node_id\": \"model.nordwind.{model}\"}} */\n\n  \n    \n\n    create or replace table `nordwind-analytics`.`{schema}`.`{model}`\n      \n    partition by date_trunc(created_at, day)\n    cluster by customer_id\n\n    OPTIONS()\n    as (\n      with source as (\n    select * from `nordwind-analytics`.`{}`.`{}`\n)\nselect * from source\n    );\n  ",
                        if *schema == "staging" {
                            "raw"
                        } else {
                            "intermediate"
                        },
                        model.replace("fct_", "int_").replace("dim_", "stg_")
                    ),
                )
            };
            jobs.push(BqJob {
                id: uuid(k, 1427),
                user: dbt.into(),
                created: t,
                took: 3_000 + bytes / 150_000_000 + h(k, 1428) % 20_000,
                work: BqWork::Query {
                    sql,
                    bytes,
                    cached: false,
                    statement,
                    dest: Some((schema.to_string(), model.to_string())),
                    error: None,
                    labels: vec![
                        ("dbt_invocation_id", invocation.clone()),
                        ("dbt_model", n.to_string()),
                    ],
                },
            });
        }
    }
    // Airflow's hourly clickstream loads, and one backfill.
    for hr in 0..33u64 {
        k += 1;
        let t = day0 + hr * 3_600_000 + (310 + h(k, 1429) % 200) * 1000;
        let d = datetime(t / 1000 - 3600);
        jobs.push(BqJob {
            id: format!(
                "airflow_clickstream_hourly_load_events_{}_{}",
                d.replace(['-', ':'], "_").to_lowercase(),
                hex(k, 1430, 32)
            ),
            user: airflow.into(),
            created: t,
            took: 20_000 + h(k, 1431) % 90_000,
            work: BqWork::Load {
                uris: vec![format!(
                    "gs://nordwind-raw/clickstream/dt={}/hour={}/*.parquet",
                    &d[..10],
                    &d[11..13]
                )],
                table: ("raw_clickstream".into(), "events".into()),
                bytes: range(k, 1432, 38_000_000_000, 84_000_000_000),
                files: 40 + h(k, 1433) % 60,
                rows: range(k, 1434, 90_000_000, 210_000_000),
            },
        });
    }
    k += 1;
    jobs.push(BqJob {
        id: format!(
            "airflow_clickstream_backfill_load_archive_2025_{}",
            hex(k, 1435, 32)
        ),
        user: airflow.into(),
        created: at(0, 1, 12, 40),
        took: 5_112_000,
        work: BqWork::Load {
            uris: vec!["gs://nordwind-archive/clickstream/year=2025/*.parquet".into()],
            table: ("raw_clickstream".into(), "events_2025".into()),
            bytes: 26_388_279_066_624,
            files: 87_412,
            rows: 61_874_112_907,
        },
    });
    // Exports and scheduled queries.
    for d in 0..2u64 {
        for (n, (tbl, gb)) in [
            ("fct_orders", 210u64),
            ("fct_order_lines", 380),
            ("dim_customers", 41),
        ]
        .iter()
        .enumerate()
        {
            k += 1;
            jobs.push(BqJob {
                id: format!("bqjob_r{}_{}_1", hex(k, 1436, 16), hex(k, 1437, 15)),
                user: airflow.into(),
                created: at(d, 4, 30 + n as u64 * 4, 9),
                took: 60_000 + h(k, 1438) % 200_000,
                work: BqWork::Extract {
                    table: ("marts".into(), tbl.to_string()),
                    uri: format!(
                        "gs://nordwind-exports/{tbl}/{}/part-*.parquet",
                        &datetime((day0 / 1000) + d * 86_400)[..10]
                    ),
                    bytes: gb * 1_000_000_000 + h(k, 1439) % 1_000_000_000,
                    files: 30 + h(k, 1440) % 400,
                },
            });
        }
        for (n, (name, gb)) in [
            ("weekly_cohort_snapshot", 1_410u64),
            ("marketplace_fee_recon", 260),
            ("search_terms_top1000", 540),
        ]
        .iter()
        .enumerate()
        {
            k += 1;
            jobs.push(BqJob {
                id: format!("scheduled_query_{}", uuid(k, 1441)),
                user: scheduler.into(),
                created: at(d, 5, n as u64 * 10, 0),
                took: 40_000 + h(k, 1442) % 300_000,
                work: BqWork::Query {
                    sql: format!("-- scheduled query: {name}\nINSERT INTO `nordwind-analytics.reporting.{name}`\nSELECT CURRENT_DATE('Europe/Berlin') AS snapshot_date, t.*\nFROM `nordwind-analytics.marts.rpt_{}` AS t", name.split('_').next().unwrap()),
                    bytes: gb * 1_000_000_000 + h(k, 1443) % 9_000_000_000,
                    cached: false,
                    statement: "INSERT",
                    dest: None,
                    error: None,
                    labels: vec![("data_source_id", "scheduled_query".into())],
                },
            });
        }
    }
    // Analysts in the console.
    let adhoc = [
        "SELECT channel, COUNT(*) AS orders, SUM(revenue_eur) AS revenue\nFROM `nordwind-analytics.marts.fct_orders`\nWHERE order_date BETWEEN '2026-11-01' AND '2026-11-25'\nGROUP BY channel\nORDER BY revenue DESC",
        "SELECT sku, SUM(quantity) AS units\nFROM `nordwind-analytics.marts.fct_order_lines`\nWHERE order_date >= DATE_SUB(CURRENT_DATE(), INTERVAL 30 DAY)\nGROUP BY sku\nORDER BY units DESC\nLIMIT 100",
        "SELECT return_reason, COUNT(*) AS n\nFROM `nordwind-analytics.marts.fct_returns`\nWHERE return_date >= '2026-10-01'\nGROUP BY 1\nORDER BY 2 DESC",
        "SELECT device_type, COUNT(DISTINCT session_id) AS sessions, COUNTIF(converted) AS conversions\nFROM `nordwind-analytics.marts.fct_sessions`\nWHERE session_date = '2026-11-25'\nGROUP BY 1",
        "SELECT *\nFROM `nordwind-analytics.marts.dim_products`\nWHERE brand = 'Fjellwerk'\nLIMIT 1000",
        "SELECT campaign_id, SUM(spend_eur) AS spend, SUM(attributed_revenue_eur) AS revenue\nFROM `nordwind-analytics.intermediate.int_attribution_touchpoints`\nWHERE touch_date >= '2026-11-01'\nGROUP BY 1\nORDER BY spend DESC",
        "SELECT warehouse, stock_date, SUM(units_on_hand) AS units\nFROM `nordwind-analytics.marts.fct_stock_daily`\nWHERE stock_date >= '2026-11-20'\nGROUP BY 1, 2",
        "SELECT customer_id, COUNT(*) AS orders\nFROM `nordwind-analytics.marts.fct_orders`\nGROUP BY 1\nHAVING orders > 20\nORDER BY orders DESC",
    ];
    let planted_sql = "SELECT *\nFROM `nordwind-analytics.raw_clickstream.events`\nWHERE event_name = 'add_to_cart'\n  AND JSON_VALUE(event_params, '$.item_id') = 'TENT-ALP2-GRN'\nORDER BY event_timestamp DESC";
    let planted_id = console_id(9_001);
    let blocked_sql = "SELECT user_pseudo_id, event_timestamp, event_name, page_location\nFROM `nordwind-analytics.raw_clickstream.events`\nWHERE page_location LIKE '%/checkout/%'";
    for d in 0..2u64 {
        let mut t = at(d, 7, 40, 0);
        let until = if d == 0 {
            at(0, 17, 30, 0)
        } else {
            at(1, 8, 35, 0)
        };
        while t < until {
            k += 1;
            t += (240 + h(k, 1444) % 600) * 1000;
            let user = pick(&analysts, k, 1445);
            let sql = pick(&adhoc, k, 1446);
            let cached = h(k, 1447) % 100 < 12;
            jobs.push(BqJob {
                id: console_id(k),
                user: user.into(),
                created: t,
                took: 900 + h(k, 1448) % 40_000,
                work: BqWork::Query {
                    sql: sql.into(),
                    bytes: if cached {
                        0
                    } else {
                        range(k, 1449, 90_000_000, 640_000_000_000)
                    },
                    cached,
                    statement: "SELECT",
                    dest: None,
                    error: None,
                    labels: vec![],
                },
            });
        }
    }
    jobs.push(BqJob {
        id: console_id(9_002),
        user: "l.nguyen@nordwind.de".into(),
        created: at(0, 11, 5, 31),
        took: 612,
        work: BqWork::Query {
            sql: blocked_sql.into(),
            bytes: 0,
            cached: false,
            statement: "SELECT",
            dest: None,
            error: Some(("bytesBilledLimitExceeded", "Query exceeded limit for bytes billed: 10995116277760. 29686813949952 or higher required.".into())),
            labels: vec![],
        },
    });
    jobs.push(BqJob {
        id: console_id(9_003),
        user: "l.nguyen@nordwind.de".into(),
        created: at(0, 11, 12, 4),
        took: 41_877,
        work: BqWork::Query {
            sql: format!("{blocked_sql}\n  AND DATE(TIMESTAMP_MICROS(event_timestamp)) BETWEEN '2026-11-20' AND '2026-11-25'"),
            bytes: 412_316_860_416,
            cached: false,
            statement: "SELECT",
            dest: None,
            error: None,
            labels: vec![],
        },
    });
    jobs.push(BqJob {
        id: planted_id.clone(),
        user: "t.richter@nordwind.de".into(),
        created: at(0, 15, 42, 17),
        took: 371_209,
        work: BqWork::Query {
            sql: planted_sql.into(),
            bytes: 21_473_812_471_808,
            cached: false,
            statement: "SELECT",
            dest: None,
            error: None,
            labels: vec![],
        },
    });
    jobs.push(BqJob {
        id: console_id(9_004),
        user: "t.richter@nordwind.de".into(),
        created: at(0, 15, 58, 3),
        took: 211,
        work: BqWork::Query {
            sql: planted_sql.into(),
            bytes: 0,
            cached: true,
            statement: "SELECT",
            dest: None,
            error: None,
            labels: vec![],
        },
    });
    jobs.sort_by_key(|j| std::cmp::Reverse(j.created));
    let arr: Vec<Value> = jobs
        .iter()
        .enumerate()
        .map(|(n, j)| bq_job_json(j, n))
        .collect();
    let billed = |v: &Value| -> u64 {
        v["statistics"]["query"]["totalBytesBilled"]
            .as_str()
            .map_or(0, |s| s.parse().unwrap())
    };
    let top = arr.iter().max_by_key(|v| billed(v)).unwrap();
    assert_eq!(top["jobReference"]["jobId"], json!(planted_id));
    let ids: BTreeSet<&str> = arr
        .iter()
        .map(|v| v["jobReference"]["jobId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), arr.len());
    let out = pretty(&Value::Array(arr.clone()), b"  ") + "\n";
    assert_eq!(whole(&out, &planted_id), 2);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "bq ls -j of an analytics project, the query that billed the most",
        out,
        "Our BigQuery bill for yesterday is way higher than usual. Which single query chewed through the most data, and who ran it?",
        &[planted_id.as_str(), "t.richter@nordwind.de"],
    )
    .with_jq(
        "max_by(.statistics.query.totalBytesBilled // \"0\" | tonumber) | .jobReference.jobId + \" \" + .user_email",
        vec![jq_string(&format!("{planted_id} t.richter@nordwind.de"))],
    )
}

/// `Nov  9 07:41:09 2026 GMT`: a time as OpenSSL prints a validity.
fn ossl_date(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!(
        "{} {d:>2} {} {y} GMT",
        MONTHS[m as usize - 1],
        clock(t % 86_400)
    )
}

/// Seconds since the epoch of a date (UTC).
fn epoch(y: u64, m: u64, d: u64, s: u64) -> u64 {
    let mut lo = 0u64;
    let mut hi = 40_000u64;
    while lo < hi {
        let mid = (lo + hi) / 2;
        if civil(mid) < (y, m, d) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo * 86_400 + s
}

/// `n` characters of base64, fixed by the hash of `k`.
fn b64(k: usize, salt: u64, n: usize) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..n)
        .map(|j| A[(h(k * 4099 + j, salt) % 64) as usize] as char)
        .collect()
}

/// A PEM certificate of about `len` base64 characters.
fn pem(k: usize, salt: u64, len: usize) -> String {
    let body = format!(
        "MII{}{}=",
        pick(&["F", "G", "E", "D"], k, salt + 1),
        b64(k, salt, len - 5)
    );
    let mut s = String::from("-----BEGIN CERTIFICATE-----\n");
    for c in body.as_bytes().chunks(64) {
        s.push_str(std::str::from_utf8(c).unwrap());
        s.push('\n');
    }
    s.push_str("-----END CERTIFICATE-----\n");
    s
}

/// A session ticket as OpenSSL dumps it: offset, sixteen bytes in hex,
/// their printable characters.
fn ticket_dump(k: usize, len: usize) -> String {
    let bytes: Vec<u8> = (0..len)
        .map(|j| (h(k * 977 + j, 1501) % 256) as u8)
        .collect();
    let mut s = String::new();
    for (row, chunk) in bytes.chunks(16).enumerate() {
        let mut hexs = String::new();
        for (j, b) in chunk.iter().enumerate() {
            hexs.push_str(&format!("{b:02x}"));
            hexs.push(if j == 7 && chunk.len() > 8 { '-' } else { ' ' });
        }
        let text: String = chunk
            .iter()
            .map(|&b| {
                if (0x20..0x7f).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        s.push_str(&format!("    {:04x} - {hexs:<49} {text}\n", row * 16));
    }
    s
}

/// Who signed a host's certificate in the openssl case.
#[derive(Clone, Copy, PartialEq)]
enum Issuer {
    LetsEncrypt,
    LetsEncryptEc,
    Sectigo,
    /// The company's own CA, the issuing CA sent along.
    Internal,
    /// The company's own CA, the leaf alone.
    InternalLeaf,
    /// A device's own certificate.
    SelfSigned(&'static str),
    Refused,
    Silent,
}

/// One host of the openssl case: its name, issuer, certificate end,
/// whether its chain carries the old cross-signed root, and TLS 1.3.
struct TlsHost {
    name: &'static str,
    issuer: Issuer,
    not_after: u64,
    cross: bool,
    tls13: bool,
}

/// `echo | openssl s_client -connect {host}:443 -servername {host}
/// -showcerts` of one host (OpenSSL 3.0.13): the verification callbacks,
/// the chain with every certificate, the server certificate, the
/// handshake and session, and the session tickets of TLS 1.3.
fn s_client(k: usize, host: &TlsHost, now: u64) -> String {
    let name = host.name;
    let mut o = format!("=== {name}\n");
    match host.issuer {
        Issuer::Refused => {
            let tag = format!("40{}0000", hex(k, 1502, 10).to_uppercase());
            o.push_str(&format!("{tag}:error:8000006F:system library:BIO_connect:Connection refused:../crypto/bio/bio_sock2.c:114:calling connect()\n{tag}:error:10000067:BIO routines:BIO_connect:connect error:../crypto/bio/bio_sock2.c:116:\nconnect:errno=111\n"));
            return o;
        }
        Issuer::Silent => return o,
        _ => {}
    }
    o.push_str("CONNECTED(00000003)\n");
    let isrg = "C = US, O = Internet Security Research Group, CN = ISRG Root X1";
    let usertrust = "C = US, ST = New Jersey, L = Jersey City, O = The USERTRUST Network, CN = USERTrust RSA Certification Authority";
    let sectigo = "C = GB, ST = Greater Manchester, L = Salford, O = Sectigo Limited, CN = Sectigo RSA Domain Validation Secure Server CA";
    let issuing = "DC = de, DC = nordwind, CN = Nordwind Issuing CA 01";
    let root = "DC = de, DC = nordwind, CN = Nordwind Root CA";
    let le = match host.issuer {
        Issuer::LetsEncryptEc => format!(
            "C = US, O = Let's Encrypt, CN = {}",
            pick(&["E5", "E6"], k, 1503)
        ),
        _ => format!(
            "C = US, O = Let's Encrypt, CN = {}",
            pick(&["R10", "R11"], k, 1504)
        ),
    };
    let leaf = match host.issuer {
        Issuer::Internal | Issuer::InternalLeaf => {
            format!("C = DE, L = Hamburg, O = Nordwind Outdoor GmbH, CN = {name}")
        }
        Issuer::SelfSigned(s) => format!("{s}, CN = {name}"),
        _ => format!("CN = {name}"),
    };
    let expired = host.not_after < now;
    let lifetime = match host.issuer {
        Issuer::LetsEncrypt | Issuer::LetsEncryptEc => 90 * 86_400 - 1,
        Issuer::Sectigo => 365 * 86_400 - 1,
        Issuer::SelfSigned(_) => 15 * 365 * 86_400,
        _ => 2 * 365 * 86_400,
    };
    let not_before = host.not_after - lifetime;
    // (subject, issuer, key, signature, not before, not after)
    let ec = host.issuer == Issuer::LetsEncryptEc;
    let mut chain: Vec<(String, String, String, String, String, String)> = Vec::new();
    let leaf_issuer = match host.issuer {
        Issuer::LetsEncrypt | Issuer::LetsEncryptEc => le.clone(),
        Issuer::Sectigo => sectigo.to_string(),
        Issuer::Internal | Issuer::InternalLeaf => issuing.to_string(),
        _ => leaf.clone(),
    };
    chain.push((
        leaf.clone(),
        leaf_issuer.clone(),
        if ec {
            "id-ecPublicKey, 256".into()
        } else {
            "rsaEncryption, 2048".into()
        },
        if ec {
            "ecdsa-with-SHA384".into()
        } else {
            "RSA-SHA256".into()
        },
        ossl_date(not_before),
        ossl_date(host.not_after),
    ));
    match host.issuer {
        Issuer::LetsEncrypt | Issuer::LetsEncryptEc => {
            chain.push((
                le.clone(),
                isrg.into(),
                if ec {
                    "id-ecPublicKey, 384".into()
                } else {
                    "rsaEncryption, 2048".into()
                },
                "RSA-SHA256".into(),
                "Mar 13 00:00:00 2024 GMT".into(),
                "Mar 12 23:59:59 2027 GMT".into(),
            ));
            if host.cross {
                chain.push((
                    isrg.into(),
                    "O = Digital Signature Trust Co., CN = DST Root CA X3".into(),
                    "rsaEncryption, 4096".into(),
                    "RSA-SHA256".into(),
                    "Jan 20 19:14:03 2021 GMT".into(),
                    "Sep 30 18:14:03 2024 GMT".into(),
                ));
            }
        }
        Issuer::Sectigo => chain.push((
            sectigo.into(),
            usertrust.into(),
            "rsaEncryption, 2048".into(),
            "RSA-SHA384".into(),
            "Nov  2 00:00:00 2018 GMT".into(),
            "Dec 31 23:59:59 2030 GMT".into(),
        )),
        Issuer::Internal => chain.push((
            issuing.into(),
            root.into(),
            "rsaEncryption, 4096".into(),
            "RSA-SHA256".into(),
            "Mar  4 09:12:00 2024 GMT".into(),
            "Mar  4 09:22:00 2032 GMT".into(),
        )),
        _ => {}
    }
    // The verification callbacks.
    let depth0 = |o: &mut String| o.push_str(&format!("depth=0 {leaf}\n"));
    let (code, reason) = match host.issuer {
        Issuer::LetsEncrypt | Issuer::LetsEncryptEc | Issuer::Sectigo => {
            let (top, mid) = if host.issuer == Issuer::Sectigo {
                (usertrust, sectigo.to_string())
            } else {
                (isrg, le.clone())
            };
            o.push_str(&format!(
                "depth=2 {top}\nverify return:1\ndepth=1 {mid}\nverify return:1\n"
            ));
            depth0(&mut o);
            if expired {
                let na = ossl_date(host.not_after);
                o.push_str(&format!(
                    "verify error:num=10:certificate has expired\nnotAfter={na}\nverify return:1\n"
                ));
                depth0(&mut o);
                o.push_str(&format!("notAfter={na}\nverify return:1\n"));
                (10, "certificate has expired")
            } else {
                o.push_str("verify return:1\n");
                (0, "ok")
            }
        }
        Issuer::Internal => {
            o.push_str(&format!("depth=1 {issuing}\nverify error:num=20:unable to get local issuer certificate\nverify return:1\n"));
            depth0(&mut o);
            o.push_str("verify return:1\n");
            (20, "unable to get local issuer certificate")
        }
        Issuer::InternalLeaf => {
            depth0(&mut o);
            o.push_str(
                "verify error:num=20:unable to get local issuer certificate\nverify return:1\n",
            );
            depth0(&mut o);
            o.push_str(
                "verify error:num=21:unable to verify the first certificate\nverify return:1\n",
            );
            depth0(&mut o);
            o.push_str("verify return:1\n");
            (21, "unable to verify the first certificate")
        }
        _ => {
            depth0(&mut o);
            o.push_str("verify error:num=18:self-signed certificate\nverify return:1\n");
            depth0(&mut o);
            o.push_str("verify return:1\n");
            (18, "self-signed certificate")
        }
    };
    o.push_str("---\nCertificate chain\n");
    let mut read = 0usize;
    for (n, (s, i, key, sig, nb, na)) in chain.iter().enumerate() {
        let len = if n == 0 {
            1_700 + (h(k, 1505) % 500) as usize
        } else {
            1_860 + n * 120
        };
        let p = pem(k * 8 + n, 1506 + n as u64, len);
        read += len * 3 / 4;
        o.push_str(&format!(
            " {n} s:{s}\n   i:{i}\n   a:PKEY: {key} (bit); sigalg: {sig}\n   v:NotBefore: {nb}; NotAfter: {na}\n{p}"
        ));
    }
    let tls13 = host.tls13;
    let rsa_pss = !ec && tls13;
    o.push_str(&format!(
        "---\nServer certificate\nsubject={leaf}\nissuer={leaf_issuer}\n---\nNo client certificate CA names sent\nPeer signing digest: SHA{}\nPeer signature type: {}\nServer Temp Key: X25519, 253 bits\n---\nSSL handshake has read {} bytes and written {} bytes\n{}\n---\n",
        if ec { 384 } else { 256 },
        if ec { "ECDSA" } else if rsa_pss { "RSA-PSS" } else { "RSA" },
        read + 1_300 + (h(k, 1507) % 400) as usize,
        if tls13 { 390 + h(k, 1508) % 20 } else { 440 + h(k, 1508) % 30 },
        if code == 0 { "Verification: OK".to_string() } else { format!("Verification error: {reason}") },
    ));
    let started = now - 3_000 + k as u64 * 31;
    let session = |o: &mut String, j: usize, proto: &str, cipher: &str| {
        o.push_str(&format!(
            "SSL-Session:\n    Protocol  : {proto}\n    Cipher    : {cipher}\n    Session-ID: {}\n    Session-ID-ctx: \n    {}: {}\n    PSK identity: None\n    PSK identity hint: None\n    SRP username: None\n    TLS session ticket lifetime hint: {} (seconds)\n    TLS session ticket:\n{}    Start Time: {started}\n    Timeout   : 7200 (sec)\n    Verify return code: {code} ({reason})\n    Extended master secret: {}\n",
            hex(k * 4 + j, 1509, 64).to_uppercase(),
            if proto == "TLSv1.3" { "Resumption PSK" } else { "Master-Key" },
            hex(k * 4 + j, 1510, 96).to_uppercase(),
            if proto == "TLSv1.3" { 7_200 } else { 300 },
            ticket_dump(k * 4 + j, if proto == "TLSv1.3" { 192 } else { 160 }),
            if proto == "TLSv1.3" { "no" } else { "yes" },
        ));
        if proto == "TLSv1.3" {
            o.push_str("    Max Early Data: 0\n");
        }
    };
    if tls13 {
        let cipher = if h(k, 1511).is_multiple_of(3) {
            "TLS_AES_128_GCM_SHA256"
        } else {
            "TLS_AES_256_GCM_SHA384"
        };
        o.push_str(&format!(
            "New, TLSv1.3, Cipher is {cipher}\nServer public key is {} bit\nSecure Renegotiation IS NOT supported\nCompression: NONE\nExpansion: NONE\nNo ALPN negotiated\nEarly data was not sent\nVerify return code: {code} ({reason})\n---\n",
            if ec { 256 } else { 2048 }
        ));
        for j in 0..2 {
            o.push_str("---\nPost-Handshake New Session Ticket arrived:\n");
            session(&mut o, j, "TLSv1.3", cipher);
            o.push_str("---\nread R BLOCK\n");
        }
    } else {
        let cipher = if ec {
            "ECDHE-ECDSA-AES256-GCM-SHA384"
        } else {
            "ECDHE-RSA-AES256-GCM-SHA384"
        };
        o.push_str(&format!(
            "New, TLSv1.2, Cipher is {cipher}\nServer public key is {} bit\nSecure Renegotiation IS supported\nCompression: NONE\nExpansion: NONE\nNo ALPN negotiated\n",
            if ec { 256 } else { 2048 }
        ));
        session(&mut o, 0, "TLSv1.2", cipher);
        o.push_str("---\n");
    }
    o.push_str("DONE\n");
    o
}

/// `for h in $(cat tls-hosts.txt); do echo "=== $h"; echo | openssl
/// s_client -connect $h:443 -servername $h -showcerts 2>&1; done` over
/// some ninety hosts of an outdoor retailer, run on 27 Nov 2026: public
/// sites with Let's Encrypt (RSA and ECDSA) or Sectigo certificates,
/// three of them still sending the cross-signed ISRG root whose DST
/// signature ran out in 2024 (they verify), a VPN whose certificate
/// runs out in two days; internal services of the company's own CA
/// (not in this trust store: error 20, or 21 for leaves sent alone), one
/// of them `cert-expiry.int.nordwind.de`; iLOs, printers, UPSs and PDUs
/// with self-signed certificates (error 18); a host refusing the
/// connection and one not answering. Six hosts serve a certificate that
/// has run out (error 10), one of them since yesterday.
fn openssl_expired_certificates() -> Case {
    let now = DAY + 9 * 3600 + 12 * 60;
    let le = |m: u64, d: u64| epoch(2026, m, d, 21_600 + h((m * 31 + d) as usize, 1520) % 60_000);
    let soon = |days: u64, k: usize| now + days * 86_400 + h(k, 1521) % 80_000;
    use Issuer::*;
    let mut hosts: Vec<TlsHost> = Vec::new();
    let mut add = |name: &'static str, issuer: Issuer, not_after: u64, cross: bool, tls13: bool| {
        hosts.push(TlsHost {
            name,
            issuer,
            not_after,
            cross,
            tls13,
        })
    };
    let public = [
        "nordwind.de",
        "www.nordwind.de",
        "shop.nordwind.de",
        "api.nordwind.de",
        "cdn.nordwind.de",
        "img.nordwind.de",
        "static.nordwind.de",
        "blog.nordwind.de",
        "help.nordwind.de",
        "careers.nordwind.de",
        "newsletter.nordwind.de",
        "track.nordwind.de",
        "returns.nordwind.de",
        "outlet.nordwind.de",
        "gutscheine.nordwind.de",
        "events.nordwind.de",
        "presse.nordwind.de",
        "haendler.nordwind.de",
        "sso.nordwind.de",
        "login.nordwind.de",
        "assets.nordwind.de",
        "media.nordwind.de",
        "search.nordwind.de",
        "reviews.nordwind.de",
    ];
    for (n, name) in public.iter().enumerate() {
        let issuer = if n % 3 == 1 {
            LetsEncryptEc
        } else {
            LetsEncrypt
        };
        add(
            name,
            issuer,
            soon(20 + h(n, 1522) % 65, n),
            *name == "newsletter.nordwind.de" || *name == "blog.nordwind.de",
            n % 5 != 3,
        );
        match *name {
            "careers.nordwind.de" => add(
                "b2b.nordwind.de",
                Sectigo,
                epoch(2026, 11, 2, 86_399),
                false,
                false,
            ),
            "track.nordwind.de" => add("status.nordwind.de", LetsEncrypt, le(11, 26), false, true),
            "gutscheine.nordwind.de" => add(
                "legacy-shop.nordwind.de",
                LetsEncrypt,
                le(11, 19),
                false,
                false,
            ),
            "login.nordwind.de" => add(
                "partner-api.nordwind.de",
                Sectigo,
                epoch(2026, 10, 14, 86_399),
                false,
                true,
            ),
            _ => {}
        }
    }
    for (n, name) in [
        "mail.nordwind.de",
        "autodiscover.nordwind.de",
        "remote.nordwind.de",
        "edi.nordwind.de",
    ]
    .iter()
    .enumerate()
    {
        add(
            name,
            Sectigo,
            soon(60 + n as u64 * 40, 100 + n),
            false,
            n % 2 == 0,
        );
    }
    add("vpn.nordwind.de", Sectigo, soon(2, 200), false, true);
    for (n, name) in [
        "shop.nordwind.at",
        "www.nordwind.at",
        "shop.nordwind.ch",
        "www.nordwind.ch",
        "shop.nordwind.nl",
        "www.nordwind.nl",
        "shop.nordwind.dk",
    ]
    .iter()
    .enumerate()
    {
        add(
            name,
            if n % 2 == 0 {
                LetsEncrypt
            } else {
                LetsEncryptEc
            },
            soon(15 + h(n, 1523) % 70, 300 + n),
            *name == "shop.nordwind.ch",
            true,
        );
        if n == 1 {
            add(
                "webshop-at.nordwind.at",
                LetsEncrypt,
                le(11, 22),
                false,
                true,
            );
        }
    }
    for (n, name) in [
        "www.nordwind-logistik.de",
        "tracking.nordwind-logistik.de",
        "portal.nordwind-logistik.de",
        "api.nordwind-logistik.de",
    ]
    .iter()
    .enumerate()
    {
        add(
            name,
            LetsEncrypt,
            soon(30 + h(n, 1524) % 50, 400 + n),
            false,
            n != 2,
        );
        if n == 1 {
            add(
                "mail.nordwind-logistik.de",
                LetsEncryptEc,
                le(11, 8),
                false,
                true,
            );
        }
    }
    add("test-shop.nordwind.de", Refused, 0, false, false);
    let internal = [
        "jenkins.int.nordwind.de",
        "gitlab.int.nordwind.de",
        "grafana.int.nordwind.de",
        "wiki.int.nordwind.de",
        "nexus.int.nordwind.de",
        "vault.int.nordwind.de",
        "cert-expiry.int.nordwind.de",
        "erp.int.nordwind.de",
        "kibana.int.nordwind.de",
        "sonar.int.nordwind.de",
        "jira.int.nordwind.de",
        "argocd.int.nordwind.de",
        "harbor.int.nordwind.de",
        "keycloak.int.nordwind.de",
        "pgadmin.int.nordwind.de",
        "rabbitmq.int.nordwind.de",
        "prometheus.int.nordwind.de",
        "alertmanager.int.nordwind.de",
        "minio.int.nordwind.de",
        "unifi.int.nordwind.de",
    ];
    for (n, name) in internal.iter().enumerate() {
        add(
            name,
            if n >= 16 { InternalLeaf } else { Internal },
            soon(90 + h(n, 1525) % 500, 500 + n),
            false,
            n % 4 != 2,
        );
    }
    add("old-intranet.nordwind.de", Refused, 0, false, false);
    let devices: [(&'static str, &'static str); 11] = [
        (
            "ilo-r12-03.mgmt.nordwind.de",
            "C = US, ST = Texas, L = Houston, O = Hewlett Packard Enterprise, OU = ISS",
        ),
        (
            "ilo-r12-04.mgmt.nordwind.de",
            "C = US, ST = Texas, L = Houston, O = Hewlett Packard Enterprise, OU = ISS",
        ),
        (
            "ilo-r14-01.mgmt.nordwind.de",
            "C = US, ST = Texas, L = Houston, O = Hewlett Packard Enterprise, OU = ISS",
        ),
        (
            "idrac-r15-02.mgmt.nordwind.de",
            "C = US, ST = Texas, L = Round Rock, O = Dell Inc., OU = Remote Access Group",
        ),
        (
            "printer-og2-west.mgmt.nordwind.de",
            "O = KYOCERA Document Solutions Inc.",
        ),
        (
            "printer-eg-empfang.mgmt.nordwind.de",
            "O = KYOCERA Document Solutions Inc.",
        ),
        (
            "ups-dc1-a.mgmt.nordwind.de",
            "C = US, O = Eaton Corporation, OU = Power Quality",
        ),
        ("pdu-r12-a.mgmt.nordwind.de", "C = US, O = Raritan"),
        (
            "nas-backup-01.mgmt.nordwind.de",
            "C = TW, L = Taipei, O = Synology Inc.",
        ),
        (
            "esxi-07.mgmt.nordwind.de",
            "C = US, ST = California, L = Palo Alto, O = VMware Installer",
        ),
        ("switch-core-01.mgmt.nordwind.de", "O = Aruba Networks"),
    ];
    for (n, (name, subject)) in devices.iter().enumerate() {
        add(
            name,
            SelfSigned(subject),
            epoch(
                2034 + (n as u64 % 5),
                1 + n as u64 % 12,
                1 + n as u64,
                40_000,
            ),
            false,
            n % 3 == 0,
        );
    }
    add("ftp.nordwind.de", Silent, 0, false, false);
    let mut out = String::new();
    let mut items: Vec<String> = Vec::new();
    for (k, host) in hosts.iter().enumerate() {
        out.push_str(&s_client(k, host, now));
        let has_cert = !matches!(host.issuer, Refused | Silent);
        if has_cert && host.not_after < now {
            items.push(host.name.to_string());
        }
    }
    let names: Vec<String> = hosts.iter().map(|h| h.name.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 6);
    assert_eq!(
        out.matches("verify error:num=10:certificate has expired")
            .count(),
        6
    );
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "openssl s_client -showcerts over our hosts, expired certificates",
        out,
        "I ran openssl against every host on our list this morning (it's 27 November). Which of our sites are handing out a certificate that has already run out? I need the full list of hosts.",
        items,
    )
}

/// `value` as Perl's JSON module writes it with `pretty` and
/// `canonical` (three-space indents, `"key" : value`, keys sorted), as
/// `pvesh … --output-format json-pretty` prints it.
fn perl_pretty(v: &Value, depth: usize, out: &mut String) {
    let pad = |d: usize| "   ".repeat(d);
    match v {
        Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return;
            }
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            out.push_str("{\n");
            for (n, key) in keys.iter().enumerate() {
                out.push_str(&format!(
                    "{}{} : ",
                    pad(depth + 1),
                    Value::String(key.to_string())
                ));
                perl_pretty(&m[*key], depth + 1, out);
                out.push_str(if n + 1 < keys.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(depth));
            out.push('}');
        }
        Value::Array(a) => {
            if a.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push_str("[\n");
            for (n, x) in a.iter().enumerate() {
                out.push_str(&pad(depth + 1));
                perl_pretty(x, depth + 1, out);
                out.push_str(if n + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(depth));
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// `pvesh get /cluster/resources --output-format json-pretty` on a
/// twelve-node Proxmox VE 8.2 cluster the morning after `pve-07` died
/// at 02:14: some 900 guests (VMs and containers of infrastructure,
/// web, databases, Kubernetes, CI, logging, office services and
/// development) by id, with their node, state, load, memory, disks,
/// traffic, uptime, tags, pools, locks of running backups and snapshots
/// and, for those HA manages, their HA state; then the nodes, storages
/// and SDN zones. HA recovered most of `pve-07`'s guests on other nodes
/// (running since about 02:16, `started`); two are still in `recovery`
/// (their group allows no other node that is up); the guests HA does
/// not manage stay on `pve-07` as `unknown`; elsewhere guests are
/// stopped on purpose, HA's `stopped`, `ignored` and `disabled`,
/// templates, and a container `error-pages-01`. Six guests HA could
/// not start on their new node: `error`, stopped.
fn pvesh_ha_errors() -> Case {
    let now = DAY + 8 * 3600 + 55 * 60;
    let died = DAY + 2 * 3600 + 14 * 60;
    let nodes: Vec<String> = (1..=12).map(|n| format!("pve-{n:02}")).collect();
    // (first vmid, role, count, container, pool, tags)
    let roles: [(u64, &str, usize, bool, &str, &str); 30] = [
        (100, "dns", 4, true, "infra", "infra"),
        (110, "ntp", 2, true, "infra", "infra"),
        (120, "proxy", 6, false, "infra", "infra;prod"),
        (130, "bastion", 2, false, "infra", "infra"),
        (140, "ldap", 3, false, "infra", "infra;prod"),
        (150, "mon", 8, false, "infra", "monitoring"),
        (170, "error-pages", 2, true, "infra", "web"),
        (200, "web", 40, false, "shop", "prod;web"),
        (260, "app", 60, false, "shop", "prod;app"),
        (330, "api", 30, false, "shop", "prod;api"),
        (400, "pg", 24, false, "db", "prod;db"),
        (430, "erp-db", 4, false, "db", "prod;db;erp"),
        (440, "redis", 12, false, "db", "prod;cache"),
        (460, "mongo", 9, false, "db", "prod;db"),
        (500, "k8s-cp", 6, false, "k8s", "k8s"),
        (510, "k8s-worker", 120, false, "k8s", "k8s"),
        (700, "ci-runner", 60, false, "ci", "ci"),
        (770, "gitlab-runner", 24, false, "ci", "ci"),
        (800, "build-win", 12, false, "ci", "ci;windows"),
        (820, "elk-data", 18, false, "logging", "logging"),
        (840, "elk-master", 3, false, "logging", "logging"),
        (850, "logstash", 8, false, "logging", "logging"),
        (900, "fileserver-cifs", 4, false, "office", "office"),
        (910, "print", 3, false, "office", "office;windows"),
        (920, "rds", 16, false, "office", "office;windows"),
        (940, "vpn-gw", 4, false, "office", "office"),
        (1000, "dev", 160, true, "dev", "dev"),
        (1200, "test", 140, false, "dev", "test"),
        (1400, "staging", 90, false, "dev", "staging"),
        (9000, "tmpl", 8, false, "", ""),
    ];
    let planted = [
        "erp-db-02",
        "gitlab-runner-07",
        "elk-data-03",
        "vpn-gw-02",
        "fileserver-cifs-01",
        "build-win-04",
    ];
    let recovering = ["ldap-03", "mon-05"];
    let templates = [
        "tmpl-debian12",
        "tmpl-ubuntu2404",
        "tmpl-rocky9",
        "tmpl-win2022",
        "tmpl-win11",
        "tmpl-alpine320",
        "tmpl-k8s-node",
        "tmpl-ci-runner",
    ];
    let mut guests: Vec<Value> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (first, role, count, ct, pool, tags) in roles {
        for n in 0..count {
            let vmid = first + n as u64;
            let k = vmid as usize;
            let name = if role == "tmpl" {
                templates.get(n).expect("a template").to_string()
            } else {
                format!("{role}-{:02}", n + 1)
            };
            names.push(name.clone());
            let template = role == "tmpl";
            let is_planted = planted.contains(&name.as_str());
            let is_recovering = recovering.contains(&name.as_str());
            let mut node = if is_planted || is_recovering {
                6
            } else {
                (h(k, 1601) % 12) as usize
            };
            let ha = is_planted
                || is_recovering
                || (!template && tags.contains("prod") && h(k, 1602) % 100 < 70)
                || (!template && !tags.contains("prod") && h(k, 1602) % 100 < 25);
            let mut status = if template || (!tags.contains("prod") && h(k, 1603) % 100 < 14) {
                "stopped"
            } else {
                "running"
            };
            let mut hastate: Option<&str> = ha.then_some(if status == "stopped" {
                "stopped"
            } else {
                "started"
            });
            if ha && h(k, 1604) % 100 < 2 {
                hastate = Some(if h(k, 1605).is_multiple_of(2) {
                    "ignored"
                } else {
                    "disabled"
                });
            }
            let mut unknown = false;
            let mut uptime = range(k, 1606, 86_400, 80 * 86_400);
            if node == 6 {
                if is_planted {
                    node = 7 + (h(k, 1607) % 5) as usize;
                    status = "stopped";
                    hastate = Some("error");
                    uptime = 0;
                    items.push(name.clone());
                } else if is_recovering {
                    unknown = true;
                    hastate = Some("recovery");
                } else if hastate == Some("started") {
                    node = [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11][(h(k, 1608) % 11) as usize];
                    uptime = now - died - 110 - h(k, 1609) % 300;
                } else {
                    unknown = true;
                }
            }
            let maxcpu = [1u64, 2, 2, 4, 4, 8, 16][(h(k, 1610) % 7) as usize];
            let maxmem: u64 =
                [1u64, 2, 4, 8, 8, 16, 32, 64][(h(k, 1611) % 8) as usize] * 1_073_741_824;
            let maxdisk: u64 =
                [8u64, 16, 32, 50, 100, 200, 500][(h(k, 1612) % 7) as usize] * 1_073_741_824;
            let ty = if ct { "lxc" } else { "qemu" };
            let mut g = Map::new();
            g.insert("id".into(), json!(format!("{ty}/{vmid}")));
            g.insert("maxcpu".into(), json!(maxcpu));
            g.insert("maxdisk".into(), json!(maxdisk));
            g.insert("maxmem".into(), json!(maxmem));
            g.insert("name".into(), json!(name));
            g.insert("node".into(), json!(nodes[node]));
            g.insert("template".into(), json!(u64::from(template)));
            g.insert("type".into(), json!(ty));
            g.insert("vmid".into(), json!(vmid));
            if !tags.is_empty() {
                g.insert("tags".into(), json!(tags));
            }
            if !pool.is_empty() {
                g.insert("pool".into(), json!(pool));
            }
            if let Some(s) = hastate {
                g.insert("hastate".into(), json!(s));
            }
            if unknown {
                g.insert("status".into(), json!("unknown"));
            } else {
                let running = status == "running";
                g.insert("status".into(), json!(status));
                g.insert("uptime".into(), json!(if running { uptime } else { 0 }));
                g.insert(
                    "cpu".into(),
                    json!(if running {
                        (h(k, 1613) % 4_000_000) as f64 / 10_000_000.0
                    } else {
                        0.0
                    }),
                );
                g.insert(
                    "mem".into(),
                    json!(if running {
                        maxmem / 100 * (20 + h(k, 1614) % 70)
                    } else {
                        0
                    }),
                );
                g.insert(
                    "disk".into(),
                    json!(if ct {
                        maxdisk / 100 * (10 + h(k, 1615) % 80)
                    } else {
                        0
                    }),
                );
                g.insert(
                    "diskread".into(),
                    json!(if running {
                        h(k, 1616) % 900_000_000_000
                    } else {
                        0
                    }),
                );
                g.insert(
                    "diskwrite".into(),
                    json!(if running {
                        h(k, 1617) % 1_400_000_000_000
                    } else {
                        0
                    }),
                );
                g.insert(
                    "netin".into(),
                    json!(if running {
                        h(k, 1618) % 600_000_000_000
                    } else {
                        0
                    }),
                );
                g.insert(
                    "netout".into(),
                    json!(if running {
                        h(k, 1619) % 900_000_000_000
                    } else {
                        0
                    }),
                );
                if running && h(k, 1620) % 100 < 3 {
                    g.insert(
                        "lock".into(),
                        json!(if h(k, 1621).is_multiple_of(4) {
                            "snapshot"
                        } else {
                            "backup"
                        }),
                    );
                }
            }
            guests.push(Value::Object(g));
        }
    }
    let mut all = guests;
    for (n, node) in nodes.iter().enumerate() {
        let mut g = Map::new();
        g.insert("id".into(), json!(format!("node/{node}")));
        g.insert("level".into(), json!(""));
        g.insert("maxcpu".into(), json!(64));
        g.insert("maxdisk".into(), json!(100_861_726_720u64));
        g.insert("maxmem".into(), json!(540_776_722_432u64));
        g.insert("node".into(), json!(node));
        g.insert("type".into(), json!("node"));
        if n == 6 {
            g.insert("status".into(), json!("offline"));
        } else {
            g.insert("cgroup-mode".into(), json!(2));
            g.insert(
                "cpu".into(),
                json!((h(n, 1622) % 6_000_000) as f64 / 10_000_000.0),
            );
            g.insert(
                "disk".into(),
                json!(9_000_000_000u64 + h(n, 1623) % 6_000_000_000),
            );
            g.insert(
                "mem".into(),
                json!(200_000_000_000u64 + h(n, 1624) % 250_000_000_000),
            );
            g.insert("status".into(), json!("online"));
            g.insert(
                "uptime".into(),
                json!(range(n, 1625, 20 * 86_400, 90 * 86_400)),
            );
        }
        all.push(Value::Object(g));
    }
    for (n, node) in nodes.iter().enumerate() {
        for (storage, plugin, content, shared, size) in [
            (
                "local",
                "dir",
                "iso,vztmpl,backup",
                0u64,
                100_861_726_720u64,
            ),
            (
                "local-lvm",
                "lvmthin",
                "rootdir,images",
                0,
                3_795_015_266_304,
            ),
            ("ceph-vm", "rbd", "images,rootdir", 1, 188_978_561_024_000),
            (
                "cephfs",
                "cephfs",
                "iso,vztmpl,backup,snippets",
                1,
                62_989_990_821_888,
            ),
            ("pbs-nordwind", "pbs", "backup", 1, 219_902_325_555_200),
        ] {
            let mut g = Map::new();
            g.insert("content".into(), json!(content));
            g.insert("id".into(), json!(format!("storage/{node}/{storage}")));
            g.insert("node".into(), json!(node));
            g.insert("plugintype".into(), json!(plugin));
            g.insert("shared".into(), json!(shared));
            g.insert("storage".into(), json!(storage));
            g.insert("type".into(), json!("storage"));
            if n == 6 {
                g.insert("status".into(), json!("unknown"));
            } else {
                g.insert(
                    "disk".into(),
                    json!(size / 100 * (20 + h(n * 7 + storage.len(), 1626) % 60)),
                );
                g.insert("maxdisk".into(), json!(size));
                g.insert("status".into(), json!("available"));
            }
            all.push(Value::Object(g));
        }
        let mut g = Map::new();
        g.insert("id".into(), json!(format!("sdn/{node}/localnetwork")));
        g.insert("node".into(), json!(node));
        g.insert("sdn".into(), json!("localnetwork"));
        g.insert(
            "status".into(),
            json!(if n == 6 { "unknown" } else { "ok" }),
        );
        g.insert("type".into(), json!("sdn"));
        all.push(Value::Object(g));
    }
    let mut out = String::new();
    perl_pretty(&Value::Array(all.clone()), 0, &mut out);
    out.push('\n');
    let _: Value = serde_json::from_str(&out).expect("valid JSON");
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 6);
    let errors: Vec<&Value> = all.iter().filter(|g| g["hastate"] == "error").collect();
    assert_eq!(errors.len(), 6);
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "pvesh get /cluster/resources, guests HA gave up on",
        out,
        "One of our Proxmox hosts died overnight and HA was supposed to bring its VMs back up on the other hosts. Which ones did it give up on, so they're just sitting there not running? Not the ones it's still moving, and not the ones that were never under HA. I need every one by name.",
        items,
    )
    .with_jq(".[] | select(.hastate == \"error\") | .name", expected)
}

/// `value` as Jackson's default pretty printer writes it, as CodeQL
/// writes SARIF: objects one member a line (`"key" : value`, two-space
/// indents by object depth), arrays on the line they open (`[ {`, `}, {`,
/// `} ]`), empty ones `[ ]` and `{ }`.
fn jackson(v: &Value, depth: usize, out: &mut String) {
    match v {
        Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{ }");
                return;
            }
            out.push_str("{\n");
            for (n, (key, x)) in m.iter().enumerate() {
                out.push_str(&"  ".repeat(depth + 1));
                out.push_str(&format!("{} : ", Value::String(key.clone())));
                jackson(x, depth + 1, out);
                if n + 1 < m.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&"  ".repeat(depth));
            out.push('}');
        }
        Value::Array(a) => {
            if a.is_empty() {
                out.push_str("[ ]");
                return;
            }
            out.push_str("[ ");
            for (n, x) in a.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                jackson(x, depth, out);
            }
            out.push_str(" ]");
        }
        other => out.push_str(&other.to_string()),
    }
}

/// A rule of the CodeQL case: id, name, description, kind, severity,
/// precision, security severity (or none) and tags.
type QlRule = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [&'static str],
);

/// `codeql database analyze db javascript-security-and-quality.qls
/// --format=sarif-latest --output=shop-backend.sarif` (CodeQL 2.19.3, its
/// SARIF as Jackson pretty-prints it) of a shop's NestJS backend and its
/// legacy scripts: the rules of the suite that ran, the query packs,
/// an extraction notification for each of some 250 files, the artifacts,
/// then the results, rule by rule: hundreds of unused variables, useless
/// assignments, trivial conditionals and superfluous arguments; log
/// injection, routes without rate limiting that "perform a database
/// access", reflected XSS, path injection, request forgery, ReDoS, stack
/// traces exposed, clear-text logging, an incomplete escape of quotes in
/// `src/utils/sql-escape.ts`, an unused variable in a test named for SQL
/// injection. Seven SQL injections (path problems, each with its flow
/// from a request to the query) in six files.
fn codeql_sql_injection() -> Case {
    let modules = [
        "orders",
        "catalog",
        "checkout",
        "customers",
        "inventory",
        "reports",
        "shipping",
        "payments",
        "returns",
        "loyalty",
        "search",
        "vouchers",
        "reviews",
        "newsletter",
        "marketplace",
    ];
    let mut files: Vec<String> = vec![
        "src/main.ts".into(),
        "src/app.module.ts".into(),
        "src/config/configuration.ts".into(),
        "src/config/database.config.ts".into(),
        "src/common/guards/roles.guard.ts".into(),
        "src/common/interceptors/logging.interceptor.ts".into(),
        "src/common/filters/http-exception.filter.ts".into(),
        "src/common/pipes/validation.pipe.ts".into(),
        "src/db/raw-query.helper.ts".into(),
        "src/db/knex.provider.ts".into(),
        "src/utils/sql-escape.ts".into(),
        "src/utils/slugify.ts".into(),
        "src/utils/money.ts".into(),
        "src/utils/dates.ts".into(),
        "src/utils/hostname.ts".into(),
    ];
    for m in modules {
        for f in [
            format!("src/modules/{m}/{m}.controller.ts"),
            format!("src/modules/{m}/{m}.service.ts"),
            format!("src/modules/{m}/{m}.repository.ts"),
            format!("src/modules/{m}/{m}.module.ts"),
            format!("src/modules/{m}/{m}.mapper.ts"),
            format!("src/modules/{m}/dto/create-{m}.dto.ts"),
            format!("src/modules/{m}/dto/update-{m}.dto.ts"),
            format!("src/modules/{m}/{m}.events.ts"),
            format!("test/modules/{m}/{m}.service.spec.ts"),
            format!("test/modules/{m}/{m}.controller.spec.ts"),
        ] {
            files.push(f);
        }
    }
    for f in [
        "src/modules/reports/sales-report.service.ts",
        "src/modules/reports/stock-report.service.ts",
        "src/modules/search/product-search.repository.ts",
        "src/modules/search/suggest.service.ts",
        "src/modules/inventory/stock-adjustment.repository.ts",
        "src/modules/inventory/stock-adjustment.controller.ts",
        "src/admin/customers/customer-export.controller.ts",
        "src/admin/customers/customer-admin.service.ts",
        "src/admin/orders/order-admin.controller.ts",
        "src/admin/users/admin-users.controller.ts",
        "src/admin/audit/audit-log.service.ts",
        "src/legacy/voucher-lookup.js",
        "src/legacy/export-csv.js",
        "src/legacy/image-proxy.js",
        "src/legacy/old-checkout-callback.js",
        "src/legacy/newsletter-import.js",
        "scripts/seed-database.js",
        "scripts/migrate-images.js",
        "scripts/rebuild-search-index.js",
        "test/security/sql-injection.spec.ts",
        "test/security/xss.spec.ts",
        "test/e2e/checkout.e2e-spec.ts",
        "test/e2e/orders.e2e-spec.ts",
    ] {
        files.push(f.to_string());
    }
    let file_index = |f: &str| files.iter().position(|x| x == f).unwrap();
    let rules: [QlRule; 19] = [
        (
            "js/clear-text-logging",
            "Clear-text logging of sensitive information",
            "Logging sensitive information without encryption or hashing can expose it to an attacker.",
            "path-problem",
            "error",
            "high",
            Some("7.5"),
            &[
                "security",
                "external/cwe/cwe-312",
                "external/cwe/cwe-359",
                "external/cwe/cwe-532",
            ],
        ),
        (
            "js/incomplete-sanitization",
            "Incomplete string escaping or encoding",
            "A string transformer that does not replace or escape all occurrences of a meta-character may be ineffective.",
            "problem",
            "warning",
            "high",
            Some("7.8"),
            &[
                "correctness",
                "security",
                "external/cwe/cwe-020",
                "external/cwe/cwe-080",
                "external/cwe/cwe-116",
            ],
        ),
        (
            "js/log-injection",
            "Log injection",
            "Building log entries from user-controlled sources is vulnerable to insertion of forged log entries by a malicious user.",
            "path-problem",
            "error",
            "medium",
            Some("7.8"),
            &["security", "external/cwe/cwe-117"],
        ),
        (
            "js/missing-rate-limiting",
            "Missing rate limiting",
            "An HTTP request handler that performs expensive operations without restricting the rate at which operations can be carried out is vulnerable to denial-of-service attacks.",
            "problem",
            "warning",
            "high",
            Some("7.5"),
            &[
                "security",
                "external/cwe/cwe-770",
                "external/cwe/cwe-307",
                "external/cwe/cwe-400",
            ],
        ),
        (
            "js/path-injection",
            "Uncontrolled data used in path expression",
            "Accessing paths influenced by users can allow an attacker to access unexpected resources.",
            "path-problem",
            "error",
            "high",
            Some("7.5"),
            &[
                "security",
                "external/cwe/cwe-022",
                "external/cwe/cwe-023",
                "external/cwe/cwe-036",
                "external/cwe/cwe-073",
                "external/cwe/cwe-099",
            ],
        ),
        (
            "js/polynomial-redos",
            "Polynomial regular expression used on uncontrolled data",
            "A regular expression that can require polynomial time to match may be vulnerable to denial-of-service attacks.",
            "path-problem",
            "warning",
            "high",
            Some("7.5"),
            &[
                "security",
                "external/cwe/cwe-1333",
                "external/cwe/cwe-730",
                "external/cwe/cwe-400",
            ],
        ),
        (
            "js/reflected-xss",
            "Reflected cross-site scripting",
            "Writing user input directly to an HTTP response allows for a cross-site scripting vulnerability.",
            "path-problem",
            "error",
            "high",
            Some("6.1"),
            &["security", "external/cwe/cwe-079", "external/cwe/cwe-116"],
        ),
        (
            "js/regex/missing-regexp-anchor",
            "Missing regular expression anchor",
            "Regular expressions without anchors can be vulnerable to bypassing.",
            "problem",
            "warning",
            "medium",
            Some("7.8"),
            &["correctness", "security", "external/cwe/cwe-020"],
        ),
        (
            "js/request-forgery",
            "Server-side request forgery",
            "Making a network request with user-controlled data in the URL allows for request forgery attacks.",
            "path-problem",
            "error",
            "medium",
            Some("9.1"),
            &["security", "external/cwe/cwe-918"],
        ),
        (
            "js/sql-injection",
            "Database query built from user-controlled sources",
            "Building a database query from user-controlled sources is vulnerable to insertion of malicious code by the user.",
            "path-problem",
            "error",
            "high",
            Some("8.8"),
            &[
                "security",
                "external/cwe/cwe-089",
                "external/cwe/cwe-090",
                "external/cwe/cwe-943",
            ],
        ),
        (
            "js/stack-trace-exposure",
            "Information exposure through a stack trace",
            "Propagating stack trace information to an external user can unintentionally reveal implementation details that are useful to an attacker for developing a subsequent exploit.",
            "path-problem",
            "warning",
            "very-high",
            Some("5.4"),
            &["security", "external/cwe/cwe-209", "external/cwe/cwe-497"],
        ),
        (
            "js/superfluous-trailing-arguments",
            "Superfluous trailing arguments",
            "A function is invoked with extra trailing arguments that are ignored.",
            "problem",
            "warning",
            "very-high",
            None,
            &[
                "maintainability",
                "correctness",
                "language-features",
                "external/cwe/cwe-685",
            ],
        ),
        (
            "js/trivial-conditional",
            "Useless conditional",
            "If a conditional expression always evaluates to true or always evaluates to false, this suggests incomplete code or a logic error.",
            "problem",
            "warning",
            "very-high",
            None,
            &[
                "maintainability",
                "correctness",
                "external/cwe/cwe-570",
                "external/cwe/cwe-571",
            ],
        ),
        (
            "js/unneeded-defensive-code",
            "Unneeded defensive code",
            "Defensive code can prevent unforeseen circumstances from causing problems, but it is sometimes unneeded.",
            "problem",
            "recommendation",
            "very-high",
            None,
            &[
                "correctness",
                "external/cwe/cwe-570",
                "external/cwe/cwe-571",
            ],
        ),
        (
            "js/unused-local-variable",
            "Unused variable, import, function or class",
            "Unused variables, imports, functions or classes may be a symptom of a bug and should be examined carefully.",
            "problem",
            "recommendation",
            "very-high",
            None,
            &["maintainability"],
        ),
        (
            "js/useless-assignment-to-local",
            "Useless assignment to local variable",
            "An assignment to a local variable that is not used later on, or whose value is always overwritten, has no effect.",
            "problem",
            "warning",
            "very-high",
            None,
            &["maintainability", "external/cwe/cwe-563"],
        ),
        (
            "js/code-injection",
            "Code injection",
            "Interpreting unsanitized user input as code allows a malicious user arbitrary code execution.",
            "path-problem",
            "error",
            "high",
            Some("9.3"),
            &[
                "security",
                "external/cwe/cwe-094",
                "external/cwe/cwe-095",
                "external/cwe/cwe-079",
                "external/cwe/cwe-116",
            ],
        ),
        (
            "js/command-line-injection",
            "Uncontrolled command line",
            "Using externally controlled strings in a command line may allow a malicious user to change the meaning of the command.",
            "path-problem",
            "error",
            "high",
            Some("9.8"),
            &[
                "correctness",
                "security",
                "external/cwe/cwe-078",
                "external/cwe/cwe-088",
            ],
        ),
        (
            "js/xss-through-dom",
            "DOM text reinterpreted as HTML",
            "Reinterpreting text from the DOM as HTML can lead to a cross-site scripting vulnerability.",
            "path-problem",
            "warning",
            "high",
            Some("6.1"),
            &["security", "external/cwe/cwe-079", "external/cwe/cwe-116"],
        ),
    ];
    let no_results: [(&str, &str); 24] = [
        ("js/bad-tag-filter", "Bad HTML filtering regexp"),
        (
            "js/biased-cryptographic-random",
            "Creating biased random numbers from a cryptographically secure source",
        ),
        (
            "js/client-exposed-cookie",
            "Sensitive server cookie exposed to the client",
        ),
        (
            "js/cors-misconfiguration-for-credentials",
            "CORS misconfiguration for credentials transfer",
        ),
        (
            "js/disabling-certificate-validation",
            "Disabling certificate validation",
        ),
        ("js/double-escaping", "Double escaping or unescaping"),
        ("js/hardcoded-credentials", "Hard-coded credentials"),
        (
            "js/incomplete-hostname-regexp",
            "Incomplete regular expression for hostnames",
        ),
        (
            "js/incomplete-url-substring-sanitization",
            "Incomplete URL substring sanitization",
        ),
        ("js/insecure-randomness", "Insecure randomness"),
        (
            "js/insufficient-password-hash",
            "Use of password hash with insufficient computational effort",
        ),
        (
            "js/jwt-missing-verification",
            "JWT missing secret or public key verification",
        ),
        (
            "js/prototype-polluting-assignment",
            "Prototype-polluting assignment",
        ),
        ("js/redos", "Inefficient regular expression"),
        ("js/regex-injection", "Regular expression injection"),
        (
            "js/server-side-unvalidated-url-redirection",
            "Server-side URL redirect",
        ),
        (
            "js/shell-command-constructed-from-input",
            "Unsafe shell command constructed from library input",
        ),
        ("js/stored-xss", "Stored cross-site scripting"),
        (
            "js/tainted-format-string",
            "Use of externally-controlled format string",
        ),
        (
            "js/unsafe-deserialization",
            "Deserialization of user-controlled data",
        ),
        (
            "js/weak-cryptographic-algorithm",
            "Use of a broken or weak cryptographic algorithm",
        ),
        ("js/xxe", "XML external entity expansion"),
        (
            "js/zipslip",
            "Arbitrary file access during archive extraction (\"Zip Slip\")",
        ),
        ("js/missing-await", "Missing await"),
    ];
    let mut rule_list: Vec<Value> = Vec::new();
    for (id, name, desc, kind, sev, precision, sec, tags) in rules.iter() {
        let mut props = json!({
            "tags": tags,
            "description": desc,
            "id": id,
            "kind": kind,
            "name": name,
            "precision": precision,
            "problem.severity": sev
        });
        if let Some(s) = sec {
            props["security-severity"] = json!(s);
        }
        rule_list.push(json!({
            "id": id,
            "name": id,
            "shortDescription": {"text": name},
            "fullDescription": {"text": desc},
            "defaultConfiguration": {"enabled": true, "level": match *sev { "recommendation" => "note", s => s }},
            "properties": props
        }));
    }
    for (id, name) in no_results {
        rule_list.push(json!({
            "id": id,
            "name": id,
            "shortDescription": {"text": name},
            "fullDescription": {"text": format!("{name}.")},
            "defaultConfiguration": {"enabled": true, "level": "error"},
            "properties": {"tags": ["security"], "description": format!("{name}."), "id": id, "kind": "problem", "name": name, "precision": "high", "problem.severity": "error", "security-severity": "7.5"}
        }));
    }
    let rule_ids: Vec<&str> = rule_list
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let loc = |f: &str, line: u64, col: u64, end: u64| -> Value {
        json!({
            "physicalLocation": {
                "artifactLocation": {"uri": f, "uriBaseId": "%SRCROOT%", "index": file_index(f)},
                "region": {"startLine": line, "startColumn": col, "endColumn": end}
            }
        })
    };
    // (rule, file, line, message, flow steps)
    let mut found: Vec<(&str, String, u64, String, Vec<&str>)> = Vec::new();
    let sql_sites: [(&str, u64, &[&str]); 7] = [
        (
            "src/modules/orders/orders.repository.ts",
            88,
            &[
                "req.query.sort",
                "sort",
                "`SELECT * FROM orders WHERE customer_id = $1 ORDER BY ${sort}`",
            ],
        ),
        (
            "src/modules/orders/orders.repository.ts",
            141,
            &[
                "req.query.status",
                "status",
                "filters.status",
                "`... AND status IN (${filters.status})`",
            ],
        ),
        (
            "src/modules/reports/sales-report.service.ts",
            57,
            &[
                "req.body.groupBy",
                "dto.groupBy",
                "groupBy",
                "`... GROUP BY ${groupBy}`",
            ],
        ),
        (
            "src/modules/search/product-search.repository.ts",
            203,
            &["req.query.q", "q", "`... WHERE name ILIKE '%${q}%'`"],
        ),
        (
            "src/admin/customers/customer-export.controller.ts",
            44,
            &["req.query.where", "where", "knex.raw(where)"],
        ),
        (
            "src/legacy/voucher-lookup.js",
            19,
            &[
                "req.params.code",
                "code",
                "\"SELECT * FROM vouchers WHERE code = '\" + code + \"'\"",
            ],
        ),
        (
            "src/modules/inventory/stock-adjustment.repository.ts",
            112,
            &[
                "req.body.warehouse",
                "adjustment.warehouse",
                "`UPDATE stock SET qty = qty + $1 WHERE warehouse = '${adjustment.warehouse}'`",
            ],
        ),
    ];
    let items: Vec<String> = {
        let mut s: Vec<String> = sql_sites.iter().map(|x| x.0.to_string()).collect();
        s.dedup();
        s
    };
    let code_files: Vec<&String> = files
        .iter()
        .filter(|f| f.starts_with("src/") || f.starts_with("scripts/"))
        .collect();
    let routes: Vec<&String> = files
        .iter()
        .filter(|f| f.ends_with(".controller.ts") && f.starts_with("src/"))
        .collect();
    let mut k = 0usize;
    let mut next = |salt: u64| {
        k += 1;
        h(k, salt)
    };
    for r in rules.iter() {
        let rule: &'static str = r.0;
        match rule {
            "js/clear-text-logging" => {
                for f in [
                    "src/modules/customers/customers.service.ts",
                    "src/admin/users/admin-users.controller.ts",
                    "scripts/seed-database.js",
                ] {
                    found.push((rule, f.into(), 30 + next(1701) % 200, "This logs sensitive data returned by [an access to password](1) as clear text.".into(), vec!["dto.password", "password", "`created user ${email} with password ${password}`"]));
                }
            }
            "js/incomplete-sanitization" => {
                found.push((
                    rule,
                    "src/utils/sql-escape.ts".into(),
                    7,
                    "This replaces only the first occurrence of \"'\".".into(),
                    vec![],
                ));
                found.push((
                    rule,
                    "src/legacy/export-csv.js".into(),
                    33,
                    "This replaces only the first occurrence of '\"'.".into(),
                    vec![],
                ));
                found.push((
                    rule,
                    "src/utils/slugify.ts".into(),
                    12,
                    "This does not escape backslash characters in the input.".into(),
                    vec![],
                ));
            }
            "js/log-injection" => {
                for _ in 0..14 {
                    let f = routes[(next(1702) % routes.len() as u64) as usize].to_string();
                    found.push((
                        rule,
                        f,
                        20 + next(1703) % 180,
                        "Log entry depends on a [user-provided value](1).".into(),
                        vec![
                            "req.query",
                            "req.query.page",
                            "`list requested page ${page}`",
                        ],
                    ));
                }
            }
            "js/missing-rate-limiting" => {
                for _ in 0..28 {
                    let f = routes[(next(1704) % routes.len() as u64) as usize].to_string();
                    found.push((rule, f, 15 + next(1705) % 160, pick(&["This route handler performs [a database access](1), but is not rate-limited.", "This route handler performs [a file system access](1), but is not rate-limited.", "This route handler performs [authorization](1), but is not rate-limited."], next(1706) as usize, 1706).to_string(), vec![]));
                }
            }
            "js/path-injection" => {
                for f in [
                    "src/legacy/image-proxy.js",
                    "src/modules/reports/reports.controller.ts",
                    "scripts/migrate-images.js",
                ] {
                    found.push((
                        rule,
                        f.into(),
                        25 + next(1707) % 90,
                        "This path depends on a [user-provided value](1).".into(),
                        vec!["req.query.file", "file", "path.join(REPORT_DIR, file)"],
                    ));
                }
            }
            "js/polynomial-redos" => {
                for f in [
                    "src/modules/search/suggest.service.ts",
                    "src/utils/hostname.ts",
                    "src/modules/newsletter/newsletter.controller.ts",
                ] {
                    found.push((rule, f.into(), 10 + next(1708) % 60, "This [regular expression](1) that depends on [a user-provided value](2) may run slow on strings with many repetitions of ' '.".into(), vec!["req.body.email", "email", "email.replace(/\\s+$/, '')"]));
                }
            }
            "js/reflected-xss" => {
                for f in [
                    "src/legacy/old-checkout-callback.js",
                    "src/modules/search/search.controller.ts",
                    "src/legacy/image-proxy.js",
                    "src/modules/newsletter/newsletter.controller.ts",
                ] {
                    found.push((
                        rule,
                        f.into(),
                        18 + next(1709) % 70,
                        "Cross-site scripting vulnerability due to a [user-provided value](1)."
                            .into(),
                        vec!["req.query.q", "q", "res.send(`<p>No results for ${q}</p>`)"],
                    ));
                }
            }
            "js/regex/missing-regexp-anchor" => {
                for f in ["src/utils/hostname.ts", "src/common/guards/roles.guard.ts"] {
                    found.push((rule, f.into(), 5 + next(1710) % 40, "This hostname pattern may match any domain name, as it is missing a '$' or '/' anchor.".into(), vec![]));
                }
            }
            "js/request-forgery" => {
                for f in [
                    "src/legacy/image-proxy.js",
                    "src/modules/marketplace/marketplace.service.ts",
                ] {
                    found.push((
                        rule,
                        f.into(),
                        40 + next(1711) % 50,
                        "The [URL](1) of this request depends on a [user-provided value](2)."
                            .into(),
                        vec!["req.query.url", "url", "axios.get(url)"],
                    ));
                }
            }
            "js/sql-injection" => {
                for (f, line, steps) in &sql_sites {
                    found.push((
                        rule,
                        f.to_string(),
                        *line,
                        "This query string depends on a [user-provided value](1).".into(),
                        steps.to_vec(),
                    ));
                }
            }
            "js/stack-trace-exposure" => {
                for f in [
                    "src/common/filters/http-exception.filter.ts",
                    "src/legacy/old-checkout-callback.js",
                    "src/legacy/voucher-lookup.js",
                    "src/legacy/newsletter-import.js",
                    "src/main.ts",
                ] {
                    found.push((rule, f.into(), 12 + next(1712) % 50, "This information exposed to the user depends on [stack trace information](1).".into(), vec!["err", "err.stack", "res.status(500).send(err.stack)"]));
                }
            }
            "js/superfluous-trailing-arguments" => {
                for _ in 0..25 {
                    let f = code_files[(next(1713) % code_files.len() as u64) as usize].to_string();
                    let func = pick(
                        &[
                            "formatMoney",
                            "toSlug",
                            "parseDate",
                            "mapOrder",
                            "buildQuery",
                            "emit",
                        ],
                        next(1714) as usize,
                        1714,
                    );
                    found.push((
                        rule,
                        f,
                        8 + next(1715) % 300,
                        format!("Superfluous argument passed to [function {func}](1)."),
                        vec![],
                    ));
                }
            }
            "js/trivial-conditional" => {
                for _ in 0..40 {
                    let f = code_files[(next(1716) % code_files.len() as u64) as usize].to_string();
                    let var = pick(
                        &["order", "customer", "result", "options", "rows", "item"],
                        next(1717) as usize,
                        1717,
                    );
                    found.push((
                        rule,
                        f,
                        8 + next(1718) % 300,
                        format!("This use of variable '{var}' always evaluates to true."),
                        vec![],
                    ));
                }
            }
            "js/unneeded-defensive-code" => {
                for _ in 0..30 {
                    let f = code_files[(next(1719) % code_files.len() as u64) as usize].to_string();
                    found.push((
                        rule,
                        f,
                        8 + next(1720) % 300,
                        "This guard always evaluates to true.".into(),
                        vec![],
                    ));
                }
            }
            "js/unused-local-variable" => {
                for _ in 0..300 {
                    let f = files[(next(1721) % files.len() as u64) as usize].clone();
                    let var = pick(
                        &[
                            "result",
                            "err",
                            "tmp",
                            "i18n",
                            "logger",
                            "moment",
                            "dto",
                            "response",
                            "Injectable",
                            "Repository",
                            "In",
                            "Not",
                            "Like",
                            "rows",
                            "count",
                            "sqlInjectionPayloads",
                        ],
                        next(1722) as usize,
                        1722,
                    );
                    let var = if var == "sqlInjectionPayloads" && !f.starts_with("test/security") {
                        "payload"
                    } else {
                        var
                    };
                    let what = if var.chars().next().unwrap().is_uppercase() {
                        "import"
                    } else {
                        "variable"
                    };
                    found.push((
                        rule,
                        f,
                        1 + next(1723) % 250,
                        format!("Unused {what} {var}."),
                        vec![],
                    ));
                }
                found.push((
                    rule,
                    "test/security/sql-injection.spec.ts".into(),
                    14,
                    "Unused variable sqlInjectionPayloads.".into(),
                    vec![],
                ));
            }
            "js/useless-assignment-to-local" => {
                for _ in 0..90 {
                    let f = code_files[(next(1724) % code_files.len() as u64) as usize].to_string();
                    let var = pick(
                        &["total", "query", "offset", "status", "price", "page"],
                        next(1725) as usize,
                        1725,
                    );
                    found.push((
                        rule,
                        f,
                        8 + next(1726) % 300,
                        format!("The value assigned to {var} here is unused."),
                        vec![],
                    ));
                }
            }
            _ => {}
        }
    }
    let mut results: Vec<Value> = Vec::new();
    for (n, (rule, f, line, msg, steps)) in found.iter().enumerate() {
        let col = 5 + h(n, 1727) % 30;
        let end = col + 10 + h(n, 1728) % 60;
        let index = rule_ids.iter().position(|r| r == rule).unwrap();
        let mut r = json!({
            "ruleId": rule,
            "ruleIndex": index,
            "rule": {"id": rule, "index": index},
            "message": {"text": msg},
            "locations": [loc(f, *line, col, end)],
            "partialFingerprints": {
                "primaryLocationLineHash": format!("{}:1", hex(n, 1729, 16)),
                "primaryLocationStartColumnFingerprint": (col - 1).to_string()
            }
        });
        if !steps.is_empty() {
            let first = line.saturating_sub(3 * steps.len() as u64).max(1);
            let flow: Vec<Value> = steps
                .iter()
                .enumerate()
                .map(|(s, text)| {
                    let mut l = loc(
                        f,
                        first + s as u64 * 3,
                        9 + s as u64,
                        9 + s as u64 + text.len() as u64,
                    );
                    l["message"] = json!({"text": text});
                    json!({"location": l})
                })
                .collect();
            r["codeFlows"] = json!([{"threadFlows": [{"locations": flow}]}]);
            let mut rel = loc(f, first, 9, 9 + steps[0].len() as u64);
            rel["id"] = json!(1);
            rel["message"] = json!({"text": msg.split('[').nth(1).and_then(|s| s.split(']').next()).unwrap_or("user-provided value")});
            r["relatedLocations"] = json!([rel]);
        }
        results.push(r);
    }
    let notifications: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(n, f)| {
            json!({
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": f, "uriBaseId": "%SRCROOT%", "index": n}}}],
                "message": {"text": ""},
                "level": "none",
                "descriptor": {"id": "js/diagnostics/successfully-extracted-files", "index": 0},
                "properties": {"formattedMessage": {"text": ""}}
            })
        })
        .collect();
    let artifacts: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(n, f)| json!({"location": {"uri": f, "uriBaseId": "%SRCROOT%", "index": n}}))
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "CodeQL",
                    "organization": "GitHub",
                    "semanticVersion": "2.19.3",
                    "notifications": [
                        {"id": "js/diagnostics/successfully-extracted-files", "name": "js/diagnostics/successfully-extracted-files", "shortDescription": {"text": "Extracted files"}, "fullDescription": {"text": "Lists all files in the source code directory that were extracted."}, "defaultConfiguration": {"enabled": true}, "properties": {"tags": ["successfully-extracted-files"], "description": "Lists all files in the source code directory that were extracted.", "id": "js/diagnostics/successfully-extracted-files", "kind": "diagnostic", "name": "Extracted files"}},
                        {"id": "js/diagnostics/extraction-errors", "name": "js/diagnostics/extraction-errors", "shortDescription": {"text": "Extraction errors"}, "fullDescription": {"text": "List all extraction errors for files in the source code directory."}, "defaultConfiguration": {"enabled": true}, "properties": {"description": "List all extraction errors for files in the source code directory.", "id": "js/diagnostics/extraction-errors", "kind": "diagnostic", "name": "Extraction errors"}}
                    ],
                    "rules": rule_list
                },
                "extensions": [
                    {"name": "codeql/javascript-queries", "semanticVersion": "1.2.3+cf8f5cd1a5bd6f51c2c3cbf6f9b1c8dd44b7fc2d", "locations": [
                        {"uri": "file:///opt/hostedtoolcache/CodeQL/2.19.3/x64/codeql/qlpacks/codeql/javascript-queries/1.2.3/", "description": {"text": "The QL pack root directory."}, "properties": {"tags": ["CodeQL/LocalPackRoot"]}},
                        {"uri": "file:///opt/hostedtoolcache/CodeQL/2.19.3/x64/codeql/qlpacks/codeql/javascript-queries/1.2.3/qlpack.yml", "description": {"text": "The QL pack definition file."}, "properties": {"tags": ["CodeQL/LocalPackDefinitionFile"]}}
                    ]},
                    {"name": "codeql/javascript-all", "semanticVersion": "2.1.0+cf8f5cd1a5bd6f51c2c3cbf6f9b1c8dd44b7fc2d", "locations": [
                        {"uri": "file:///opt/hostedtoolcache/CodeQL/2.19.3/x64/codeql/qlpacks/codeql/javascript-all/2.1.0/", "description": {"text": "The QL pack root directory."}, "properties": {"tags": ["CodeQL/LocalPackRoot"]}}
                    ]}
                ]
            },
            "invocations": [{"toolExecutionNotifications": notifications, "executionSuccessful": true}],
            "artifacts": artifacts,
            "results": results,
            "automationDetails": {"id": "/language:javascript-typescript/"},
            "columnKind": "utf16CodeUnits",
            "properties": {"semmle.formatSpecifier": "sarif-latest"}
        }]
    });
    let mut out = String::new();
    jackson(&doc, 0, &mut out);
    out.push('\n');
    let parsed: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(parsed, doc);
    for s in &items {
        assert!(!named_elsewhere(s, &files), "{s}");
    }
    assert_eq!(items.len(), 6);
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected: Vec<String> = items
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|s| jq_string(s))
        .collect();
    Case::items(
        "CodeQL SARIF of a shop backend, files with SQL injection",
        out,
        "The CodeQL scan of our shop backend just finished. Which source files does it say are open to SQL injection? I need every file so we can fix them before the release.",
        items,
    )
    .with_jq(
        "[.runs[].results[] | select(.ruleId == \"js/sql-injection\") | .locations[0].physicalLocation.artifactLocation.uri] | unique | .[]",
        expected,
    )
}

/// How a process of the pm2 case is doing.
#[derive(Clone, Copy, PartialEq)]
enum Pm2State {
    Online,
    /// Restarted this many times for memory or crashes, and running.
    Restarted(u64),
    /// Stopped by hand, or a cron job done for the day.
    Stopped,
    /// Crashing, waiting out the exponential backoff before the next try.
    Backoff,
    Launching,
    /// Crashed too often in a row: PM2 gave up.
    Errored,
}

/// `pm2 jlist` (PM2 5.4.2, its one line of JSON) on `app-02`, a shop's
/// Node application server run by `deploy`: some fifty processes of
/// thirty apps from the ecosystem file, clustered web apps and APIs and
/// forked workers, each with its whole `pm2_env` (the daemon's
/// environment twice, once inside `env` and once flattened, the app's
/// settings, git versioning, @pm2/io's metrics and actions), restart
/// counts and state. The storefront and the image resizer restart for
/// memory hundreds of times and run; a legacy importer is stopped by
/// hand; cron jobs (sitemap, feeds, GeoIP) are stopped until their next
/// run; the stock sync is crashing and waiting out its restart backoff;
/// a search proxy instance is launching; `error-tracker-relay` runs
/// fine. Six apps crashed on start until PM2 gave up: `errored`.
fn pm2_errored_apps() -> Case {
    let now = (DAY + 9 * 3600 + 3 * 60) * 1000;
    let created = (DAY - 19 * 86_400 + 7 * 3600) * 1000;
    use Pm2State::*;
    // (name, script, instances, port, state)
    let apps: [(&str, &str, usize, u64, Pm2State); 31] = [
        ("storefront", "dist/server.js", 8, 3000, Restarted(214)),
        ("api-gateway", "dist/main.js", 6, 3100, Online),
        ("checkout-api", "dist/main.js", 2, 3200, Online),
        ("search-proxy", "dist/index.js", 2, 3300, Online),
        ("admin-ui", "server/index.js", 2, 3400, Online),
        ("loyalty-api", "dist/main.js", 2, 3500, Online),
        ("reviews-api", "dist/main.js", 2, 3600, Online),
        ("recommendations-api", "dist/main.js", 1, 3700, Online),
        ("image-resizer", "dist/worker.js", 1, 3800, Restarted(612)),
        ("order-events-consumer", "dist/consumer.js", 1, 0, Errored),
        ("email-worker", "dist/worker.js", 1, 0, Online),
        ("sms-worker", "dist/worker.js", 1, 0, Online),
        ("webhook-dispatcher", "dist/worker.js", 1, 0, Restarted(3)),
        ("pdf-renderer", "dist/server.js", 1, 3210, Errored),
        ("sitemap-generator", "bin/generate.js", 1, 0, Stopped),
        ("legacy-importer", "import.js", 1, 0, Stopped),
        ("feed-export-amazon", "bin/export.js", 1, 0, Online),
        ("feed-export-idealo", "bin/export.js", 1, 0, Stopped),
        ("price-sync", "dist/sync.js", 1, 0, Errored),
        ("stock-sync", "dist/sync.js", 1, 0, Backoff),
        ("carrier-tracking-poller", "dist/poller.js", 1, 0, Errored),
        ("invoice-numbering", "dist/main.js", 1, 3900, Errored),
        ("payment-webhooks", "dist/main.js", 1, 4000, Online),
        ("returns-portal", "dist/server.js", 1, 4100, Online),
        ("returns-label-worker", "dist/worker.js", 1, 0, Errored),
        ("error-tracker-relay", "index.js", 1, 4200, Online),
        ("cache-warmer", "dist/warm.js", 1, 0, Restarted(41)),
        ("newsletter-scheduler", "dist/scheduler.js", 1, 0, Online),
        ("geoip-updater", "bin/update.js", 1, 0, Stopped),
        ("queue-dashboard", "server.js", 1, 4300, Online),
        ("pm2-logrotate", "app.js", 1, 0, Online),
    ];
    let ls_colors = "rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:bd=40;33;01:cd=40;33;01:or=40;31;01:mi=00:su=37;41:sg=30;43:ca=00:tw=30;42:ow=34;42:st=37;44:ex=01;32:*.tar=01;31:*.tgz=01;31:*.arc=01;31:*.arj=01;31:*.taz=01;31:*.lha=01;31:*.lz4=01;31:*.lzh=01;31:*.lzma=01;31:*.tlz=01;31:*.txz=01;31:*.tzo=01;31:*.t7z=01;31:*.zip=01;31:*.z=01;31:*.dz=01;31:*.gz=01;31:*.lrz=01;31:*.lz=01;31:*.lzo=01;31:*.xz=01;31:*.zst=01;31:*.tzst=01;31:*.bz2=01;31:*.bz=01;31:*.tbz=01;31:*.tbz2=01;31:*.tz=01;31:*.deb=01;31:*.rpm=01;31:*.jar=01;31:*.war=01;31:*.ear=01;31:*.sar=01;31:*.rar=01;31:*.alz=01;31:*.ace=01;31:*.zoo=01;31:*.cpio=01;31:*.7z=01;31:*.rz=01;31:*.cab=01;31:*.wim=01;31:*.swm=01;31:*.dwm=01;31:*.esd=01;31:*.avif=01;35:*.jpg=01;35:*.jpeg=01;35:*.mjpg=01;35:*.mjpeg=01;35:*.gif=01;35:*.bmp=01;35:*.pbm=01;35:*.pgm=01;35:*.ppm=01;35:*.tga=01;35:*.xbm=01;35:*.xpm=01;35:*.tif=01;35:*.tiff=01;35:*.png=01;35:*.svg=01;35:*.svgz=01;35:*.mng=01;35:*.pcx=01;35:*.mov=01;35:*.mpg=01;35:*.mpeg=01;35:*.m2v=01;35:*.mkv=01;35:*.webm=01;35:*.webp=01;35:*.ogm=01;35:*.mp4=01;35:*.m4v=01;35:*.mp4v=01;35:*.vob=01;35:*.qt=01;35:*.nuv=01;35:*.wmv=01;35:*.asf=01;35:*.rm=01;35:*.rmvb=01;35:*.flc=01;35:*.avi=01;35:*.fli=01;35:*.flv=01;35:*.gl=01;35:*.dl=01;35:*.xcf=01;35:*.xwd=01;35:*.yuv=01;35:*.cgm=01;35:*.emf=01;35:*.ogv=01;35:*.ogx=01;35:*.aac=00;36:*.au=00;36:*.flac=00;36:*.m4a=00;36:*.mid=00;36:*.midi=00;36:*.mka=00;36:*.mp3=00;36:*.mpc=00;36:*.ogg=00;36:*.ra=00;36:*.wav=00;36:*.oga=00;36:*.opus=00;36:*.spx=00;36:*.xspf=00;36:*~=00;90:*#=00;90:*.bak=00;90:*.old=00;90:*.orig=00;90:*.part=00;90:*.rej=00;90:*.swp=00;90:*.tmp=00;90:*.dpkg-dist=00;90:*.dpkg-old=00;90:*.ucf-dist=00;90:*.ucf-new=00;90:*.ucf-old=00;90:*.rpmnew=00;90:*.rpmorig=00;90:*.rpmsave=00;90:";
    let daemon_env: Vec<(&str, String)> = vec![
        ("SHELL", "/bin/bash".into()),
        ("PWD", "/home/deploy".into()),
        ("LOGNAME", "deploy".into()),
        ("XDG_SESSION_TYPE", "tty".into()),
        ("MOTD_SHOWN", "pam".into()),
        ("HOME", "/home/deploy".into()),
        ("LANG", "C.UTF-8".into()),
        ("LS_COLORS", ls_colors.into()),
        ("SSH_CONNECTION", "10.20.1.14 51822 10.20.6.12 22".into()),
        ("LESSCLOSE", "/usr/bin/lesspipe %s %s".into()),
        ("XDG_SESSION_CLASS", "user".into()),
        ("TERM", "xterm-256color".into()),
        ("LESSOPEN", "| /usr/bin/lesspipe %s".into()),
        ("USER", "deploy".into()),
        ("SHLVL", "1".into()),
        ("XDG_SESSION_ID", "1187".into()),
        ("XDG_RUNTIME_DIR", "/run/user/1001".into()),
        ("SSH_CLIENT", "10.20.1.14 51822 22".into()),
        ("XDG_DATA_DIRS", "/usr/local/share:/usr/share:/var/lib/snapd/desktop".into()),
        ("PATH", "/home/deploy/.nvm/versions/node/v20.18.0/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games:/usr/local/games:/snap/bin".into()),
        ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1001/bus".into()),
        ("NVM_DIR", "/home/deploy/.nvm".into()),
        ("NVM_BIN", "/home/deploy/.nvm/versions/node/v20.18.0/bin".into()),
        ("NVM_INC", "/home/deploy/.nvm/versions/node/v20.18.0/include/node".into()),
        ("SSH_TTY", "/dev/pts/0".into()),
        ("_", "/home/deploy/.nvm/versions/node/v20.18.0/bin/pm2".into()),
        ("PM2_USAGE", "CLI".into()),
        ("PM2_HOME", "/home/deploy/.pm2".into()),
        ("NODE_ENV", "production".into()),
        ("TZ", "Europe/Berlin".into()),
    ];
    let mut arr: Vec<Value> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut pm_id = 0usize;
    for (a, (name, script, instances, port, state)) in apps.iter().enumerate() {
        let cluster = *instances > 1;
        let module = *name == "pm2-logrotate";
        let cwd = if module {
            "/home/deploy/.pm2/modules/pm2-logrotate/node_modules/pm2-logrotate".to_string()
        } else {
            format!("/srv/{name}/current")
        };
        let upper = name.to_uppercase().replace('-', "_");
        let mut app_env: Vec<(String, Value)> = vec![
            ("NODE_ENV".into(), json!("production")),
            (
                "LOG_LEVEL".into(),
                json!(if *name == "error-tracker-relay" {
                    "warn"
                } else {
                    "info"
                }),
            ),
            (
                "SENTRY_DSN".into(),
                json!(format!(
                    "https://{}@o41872.ingest.sentry.io/{}",
                    hex(a, 1801, 32),
                    4_500_000 + a
                )),
            ),
            (
                "REDIS_URL".into(),
                json!("redis://redis-01.int.nordwind.de:6379/2"),
            ),
            (
                "DATABASE_URL".into(),
                json!(format!(
                    "postgres://{}:********@pg-01.int.nordwind.de:5432/shop",
                    name.replace('-', "_")
                )),
            ),
            (
                "AMQP_URL".into(),
                json!("amqp://shop:********@rabbitmq.int.nordwind.de:5672/shop"),
            ),
            ("OTEL_SERVICE_NAME".into(), json!(name)),
            (
                "OTEL_EXPORTER_OTLP_ENDPOINT".into(),
                json!("http://otel-collector.int.nordwind.de:4318"),
            ),
            (
                format!("{upper}_CONCURRENCY"),
                json!((2 + h(a, 1802) % 14).to_string()),
            ),
        ];
        if *port > 0 {
            app_env.push(("PORT".into(), json!(port.to_string())));
        }
        for n in 0..*instances {
            let k = a * 16 + n;
            let mut env = Map::new();
            for (key, v) in &daemon_env {
                env.insert(key.to_string(), json!(v));
            }
            for (key, v) in &app_env {
                env.insert(key.clone(), v.clone());
            }
            env.insert("unique_id".into(), json!(uuid(k, 1803)));
            let st = if *name == "search-proxy" && n == 1 {
                Launching
            } else {
                *state
            };
            let (status, restarts, unstable, exit) = match st {
                Online => ("online", h(k, 1804) % 3, 0, 0),
                Restarted(r) => ("online", r + h(k, 1805) % 30, 0, 0),
                Stopped => ("stopped", 0, 0, 0),
                Backoff => ("waiting restart", 9, 0, 1),
                Launching => ("launching", 4, 0, 1),
                Errored => ("errored", 16, 16, 1),
            };
            let running = matches!(st, Online | Restarted(_) | Launching);
            let uptime = match st {
                Errored => now - range(k, 1806, 3 * 3600, 6 * 3600) * 1000,
                Stopped => now - range(k, 1807, 4 * 3600, 8 * 3600) * 1000,
                Launching => now - 900,
                Backoff => now - 12_000,
                Restarted(_) => now - range(k, 1808, 60, 4 * 3600) * 1000,
                Online => now - range(k, 1809, 2 * 86_400, 19 * 86_400) * 1000,
            };
            let mut e = Map::new();
            let mut put = |key: &str, v: Value| {
                e.insert(key.to_string(), v);
            };
            put("kill_retry_time", json!(100));
            put("windowsHide", json!(true));
            put("username", json!("deploy"));
            put("treekill", json!(true));
            put("automation", json!(true));
            put("pmx", json!(true));
            put("instance_var", json!("NODE_APP_INSTANCE"));
            put("watch", json!(false));
            put(
                "autorestart",
                json!(!matches!(
                    *name,
                    "sitemap-generator"
                        | "feed-export-idealo"
                        | "feed-export-amazon"
                        | "geoip-updater"
                )),
            );
            put("vizion", json!(true));
            put("merge_logs", json!(true));
            put("env", Value::Object(env.clone()));
            put("namespace", json!("default"));
            put("filter_env", json!([]));
            put("name", json!(name));
            put(
                "node_args",
                json!(if *name == "storefront" {
                    json!(["--max-old-space-size=1536"])
                } else {
                    json!([])
                }),
            );
            put("pm_exec_path", json!(format!("{cwd}/{script}")));
            put("pm_cwd", json!(cwd));
            put("exec_interpreter", json!("node"));
            put(
                "exec_mode",
                json!(if cluster { "cluster_mode" } else { "fork_mode" }),
            );
            put("instances", json!(instances));
            if matches!(*name, "storefront" | "image-resizer") {
                put(
                    "max_memory_restart",
                    json!(if *name == "storefront" {
                        1_610_612_736u64
                    } else {
                        805_306_368
                    }),
                );
            }
            if matches!(
                *name,
                "sitemap-generator" | "feed-export-idealo" | "feed-export-amazon" | "geoip-updater"
            ) {
                put(
                    "cron_restart",
                    json!(pick(&["0 4 * * *", "15 */2 * * *", "30 5 * * 1"], a, 1810)),
                );
            }
            if matches!(
                *name,
                "stock-sync" | "price-sync" | "carrier-tracking-poller"
            ) {
                put("exp_backoff_restart_delay", json!(100));
                put(
                    "prev_restart_delay",
                    json!(if st == Backoff { 25_600 } else { 0 }),
                );
            }
            put(
                "pm_out_log_path",
                json!(format!("/home/deploy/.pm2/logs/{name}-out.log")),
            );
            put(
                "pm_err_log_path",
                json!(format!("/home/deploy/.pm2/logs/{name}-error.log")),
            );
            put(
                "pm_pid_path",
                json!(format!("/home/deploy/.pm2/pids/{name}-{pm_id}.pid")),
            );
            put("km_link", json!(false));
            put("vizion_running", json!(false));
            put("NODE_APP_INSTANCE", json!(n));
            for (key, v) in &env {
                put(key, v.clone());
            }
            put("status", json!(status));
            put("pm_uptime", json!(uptime));
            put(
                "axm_actions",
                if running {
                    json!([
                        {"action_name": "km:heapdump", "action_type": "internal", "arity": 2},
                        {"action_name": "km:cpu:profiling:start", "action_type": "internal", "arity": 2},
                        {"action_name": "km:cpu:profiling:stop", "action_type": "internal", "arity": 1},
                        {"action_name": "km:heap:sampling:start", "action_type": "internal", "arity": 2},
                        {"action_name": "km:heap:sampling:stop", "action_type": "internal", "arity": 1}
                    ])
                } else {
                    json!([])
                },
            );
            put(
                "axm_monitor",
                if running {
                    json!({
                        "Used Heap Size": {"value": format!("{:.2}", 40.0 + frac(k, 1811) * 300.0), "type": "internal/v8/heap/used", "unit": "MiB", "historic": true},
                        "Heap Usage": {"value": (frac(k, 1812) * 9_000.0).round() / 100.0, "type": "internal/v8/heap/usage", "unit": "%", "historic": true},
                        "Heap Size": {"value": format!("{:.2}", 90.0 + frac(k, 1813) * 400.0), "type": "internal/v8/heap/total", "unit": "MiB", "historic": true},
                        "Event Loop Latency p95": {"value": format!("{:.2}", 1.0 + frac(k, 1814) * 20.0), "type": "internal/libuv/latency/p95", "unit": "ms", "historic": true},
                        "Event Loop Latency": {"value": format!("{:.2}", 0.2 + frac(k, 1815) * 3.0), "type": "internal/libuv/latency/p50", "unit": "ms", "historic": true},
                        "Active handles": {"value": 4 + h(k, 1816) % 60, "type": "internal/libuv/handles", "historic": true},
                        "Active requests": {"value": h(k, 1817) % 4, "type": "internal/libuv/requests", "historic": true},
                        "HTTP": {"value": format!("{:.1}", frac(k, 1818) * 900.0), "type": "internal/http/builtin/reqs", "unit": "req/min", "historic": true},
                        "HTTP Mean Latency": {"value": (4 + h(k, 1819) % 90).to_string(), "type": "internal/http/builtin/latency/p50", "unit": "ms", "historic": true},
                        "HTTP P95 Latency": {"value": (30 + h(k, 1820) % 600).to_string(), "type": "internal/http/builtin/latency/p95", "unit": "ms", "historic": true}
                    })
                } else {
                    json!({})
                },
            );
            put(
                "axm_options",
                json!({
                    "error": true, "heapdump": true, "feature.profiler.heapsnapshot": false,
                    "feature.profiler.heapsampling": true, "feature.profiler.cpu_js": true,
                    "latency": true, "catchExceptions": true, "profiling": true,
                    "metrics": {"http": true, "runtime": true, "eventLoop": true, "gc": true, "v8": true},
                    "standalone": false, "module_conf": {},
                    "apm": {"version": "5.0.2", "type": "node"},
                    "module_name": name, "module_version": "5.4.2"
                }),
            );
            put("axm_dynamic", json!({}));
            put("created_at", json!(created + a as u64 * 1_400));
            put("pm_id", json!(pm_id));
            put("restart_time", json!(restarts));
            put("unstable_restarts", json!(unstable));
            put("_pm2_version", json!("5.4.2"));
            put(
                "version",
                json!(format!(
                    "{}.{}.{}",
                    1 + a % 5,
                    h(a, 1821) % 20,
                    h(a, 1822) % 10
                )),
            );
            put(
                "versioning",
                if module {
                    Value::Null
                } else {
                    json!({
                        "type": "git",
                        "url": format!("git@gitlab.int.nordwind.de:shop/{name}.git"),
                        "revision": hex(a, 1823, 40),
                        "comment": pick(&["Merge branch 'release/2026-11-26' into 'main'", "fix: retry on 503 from upstream", "chore(deps): bump undici to 6.21.0", "feat: per-warehouse cut-off times"], a, 1824),
                        "unstaged": false,
                        "branch": "main",
                        "remotes": ["origin"],
                        "remote": "origin",
                        "branch_exists_on_remote": true,
                        "ahead": false,
                        "next_rev": null,
                        "prev_rev": hex(a, 1825, 40),
                        "update_time": format!("{}.{:03}Z", datetime(created / 1000 + 86_400 * 18 + a as u64 * 60), h(a, 1826) % 1000),
                        "repo_path": cwd
                    })
                },
            );
            put("node_version", json!("20.18.0"));
            if !running {
                put("exit_code", json!(exit));
            }
            if module {
                put("pmx_module", json!(true));
            }
            let pid = if running {
                30_000 + h(k, 1827) % 30_000
            } else {
                0
            };
            arr.push(json!({
                "pid": pid,
                "name": name,
                "pm2_env": Value::Object(e),
                "pm_id": pm_id,
                "monit": {
                    "memory": if running { 60_000_000 + h(k, 1828) % 900_000_000 } else { 0 },
                    "cpu": if running { (h(k, 1829) % 300) as f64 / 10.0 } else { 0.0 }
                }
            }));
            pm_id += 1;
        }
        if *state == Errored {
            items.push(name.to_string());
        }
    }
    let out = serde_json::to_string(&arr).unwrap() + "\n";
    let names: Vec<String> = apps.iter().map(|a| a.0.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 6);
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected: Vec<String> = items
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|s| jq_string(s))
        .collect();
    Case::items(
        "pm2 jlist of an app server, apps PM2 gave up on",
        out,
        "Which of our Node services on the app server has PM2 given up on? I mean the ones it stopped trying to restart after they kept crashing, not the ones we switched off ourselves or ones it's still retrying. List every service.",
        items,
    )
    .with_jq(
        "[.[] | select(.pm2_env.status == \"errored\") | .name] | unique | .[]",
        expected,
    )
}

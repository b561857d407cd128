//! A TWENTIETH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before
//! being measured, and measured unread at 4a72015. Measure it, never
//! tune on it.
//!
//! One fact: SQL Server's `ERRORLOG` of an HR and finance server over a
//! week (when the last full backup of a database that is now corrupt
//! finished, and its file, among that night's failed backup of it, the
//! backups of `PayrollArchive` and `Payroll_Staging` after it, its
//! differential and log backups since, the checksum errors and a report
//! login naming `Payroll_Old`), `aws ce get-cost-and-usage` by service
//! and usage type (the day the NAT gateways' data charges spiked, and
//! what they came to, among a smaller spike of theirs, the NAT gateways'
//! hours, us-east-1's NAT traffic, a larger CloudFront spike, EC2's
//! traffic out and the support fee on the 1st), IIS's W3C log of an HR
//! portal over a day (who downloaded the payroll export late at night
//! and from where, among the payroll team's exports in the day, an
//! employee refused it at 22:10, a scan's 401s on the same page, the
//! directory sync's nightly employee export and payslip downloads),
//! `nodetool tablestats` of a Cassandra node (the table with the biggest
//! partition and its size, among the largest table, the largest mean
//! partition, a table reading 100,001 tombstones a slice, the same
//! tables in fourteen tenants' keyspaces and the system keyspaces).
//! Every item: BIND's `named.log` of an internal DNS server over two
//! weeks, query logging off (the machines refused a zone transfer,
//! among the secondaries' signed IXFRs and AXFRs, desks' dynamic updates
//! refused, guests refused recursion, lame servers and rate limiting),
//! Wazuh's `alerts.json` of a day (the servers that got a new local
//! user, among new groups alone, users changed and deleted, `/etc/passwd`
//! and `/etc/shadow` changed, signups posting to `/users/new` and
//! thousands of logins), `gitleaks detect` over a repository's history
//! (the files that held a private key, among a runbook on rotating
//! private keys, a properties file naming the JWT private key's place,
//! files beside the keys and hundreds of generic API keys), `pd incident
//! list --json` of two days (the incidents open that nobody
//! acknowledged, among open ones acknowledged, hundreds resolved, titles
//! of alarms "triggered" and alert counts of "triggered" alerts).
//!
//! The jq program of the JSON-lines output (Wazuh) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected jq result
//! was checked with the real jq (`jq -s` for that one).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, iso};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        sqlserver_last_full_backup(),
        cost_explorer_nat_spike(),
        iis_payroll_export(),
        nodetool_biggest_partition(),
        bind_zone_transfers(),
        wazuh_new_users(),
        gitleaks_private_keys(),
        pagerduty_unacknowledged(),
    ]
}

/// Seconds since the epoch of `d` days after 27 Nov 2026 (before it when
/// negative), at midnight.
fn day(d: i64) -> u64 {
    (DAY as i64 + d * 86_400) as u64
}

/// Where the SQL Server's backups go.
const SQL_SHARE: &str = r"\\backup01\sql\SQLPROD01";

/// `2026-11-26 01:07:12.55`: a time as SQL Server's error log writes it
/// (the server's local time), from hundredths of a second.
fn sql_stamp(cs: u64) -> String {
    format!("{}.{:02}", datetime(cs / 100).replace('T', " "), cs % 100)
}

/// `20261126_010004`: a time as Ola Hallengren's backup jobs name files.
fn ola_stamp(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}{m:02}{d:02}_{}", clock(t % 86_400).replace(':', ""))
}

/// A database of the SQL Server case, in the order the maintenance jobs
/// take them (system databases first, then by name).
struct SqlDb {
    name: &'static str,
    id: u64,
    created: &'static str,
    pages: u64,
    /// Minutes between log backups (0: simple recovery, none).
    log_every: u64,
}

/// The log sequence number of database `id` at `t`, as the backup
/// messages write it: rising with time.
fn sql_lsn(id: u64, t: u64) -> String {
    let x = t - (DAY - 60 * 86_400);
    format!(
        "{}:{}:1",
        380_000 + id * 7_919 + x / 1_700,
        (x % 1_700) * 31 + 1 + h(id as usize, 3001) % 20
    )
}

/// `E:\MSSQL16.MSSQLSERVER\MSSQL\ERRORLOG` of `SQLPROD01`, the HR and
/// finance SQL Server 2022 of a company, from its restart after patches
/// on 20 Nov to 27 Nov, 10:05 (local time): the startup, Ola
/// Hallengren's nightly full backups of every database at 01:00 (one
/// "Database backed up" each), differential backups at 13:00 and log
/// backups every half hour or hour of the databases in full recovery,
/// the nightly `DBCC CHECKDB`, failed logins (an application's old `sa`
/// password, a report subscription naming `Payroll_Old`, a vulnerability
/// scan, untrusted domains) and long I/O during backups. On 27 Nov the
/// full backup of `Payroll` fails (the share went away) while
/// `PayrollArchive`'s and `Payroll_Staging`'s after it succeed; at 09:31
/// reads of Payroll hit checksum errors and a `CHECKDB` finds 14. The
/// last full backup of Payroll that finished is the one of 26 Nov.
fn sqlserver_last_full_backup() -> Case {
    let dbs = [
        SqlDb {
            name: "master",
            id: 1,
            created: "2003/04/08(09:13:36)",
            pages: 1_412,
            log_every: 0,
        },
        SqlDb {
            name: "model",
            id: 3,
            created: "2003/04/08(09:13:36)",
            pages: 602,
            log_every: 0,
        },
        SqlDb {
            name: "msdb",
            id: 4,
            created: "2022/10/08(06:31:57)",
            pages: 31_882,
            log_every: 0,
        },
        SqlDb {
            name: "DWH_Stage",
            id: 15,
            created: "2021/06/02(11:40:18)",
            pages: 2_120_449,
            log_every: 0,
        },
        SqlDb {
            name: "Finance",
            id: 11,
            created: "2018/01/09(16:05:44)",
            pages: 1_404_117,
            log_every: 30,
        },
        SqlDb {
            name: "HR",
            id: 10,
            created: "2018/01/09(15:58:02)",
            pages: 611_402,
            log_every: 30,
        },
        SqlDb {
            name: "Intranet",
            id: 14,
            created: "2020/02/17(08:12:55)",
            pages: 41_233,
            log_every: 0,
        },
        SqlDb {
            name: "Payroll",
            id: 7,
            created: "2019/03/14(09:22:51)",
            pages: 1_843_211,
            log_every: 30,
        },
        SqlDb {
            name: "PayrollArchive",
            id: 8,
            created: "2019/03/14(09:40:07)",
            pages: 2_412_006,
            log_every: 0,
        },
        SqlDb {
            name: "Payroll_Staging",
            id: 9,
            created: "2023/05/22(13:17:29)",
            pages: 1_201_554,
            log_every: 0,
        },
        SqlDb {
            name: "Recruiting",
            id: 13,
            created: "2020/09/01(10:02:33)",
            pages: 98_311,
            log_every: 60,
        },
        SqlDb {
            name: "ReportServer",
            id: 5,
            created: "2018/01/08(17:44:10)",
            pages: 22_881,
            log_every: 0,
        },
        SqlDb {
            name: "ReportServerTempDB",
            id: 6,
            created: "2018/01/08(17:44:12)",
            pages: 1_120,
            log_every: 0,
        },
        SqlDb {
            name: "SSISDB",
            id: 16,
            created: "2021/11/30(09:51:06)",
            pages: 88_412,
            log_every: 0,
        },
        SqlDb {
            name: "Timesheets",
            id: 12,
            created: "2019/08/26(14:20:41)",
            pages: 402_887,
            log_every: 60,
        },
        SqlDb {
            name: "Travel",
            id: 17,
            created: "2024/02/12(12:08:19)",
            pages: 51_220,
            log_every: 60,
        },
    ];
    let user_db = |d: &SqlDb| !["master", "model", "msdb"].contains(&d.name);
    // (hundredths of a second, source, text)
    let mut ev: Vec<(u64, String, String)> = Vec::new();
    let start = day(-7) + 3 * 3_600 + 12 * 60 + 44;
    let end = day(0) + 10 * 3_600 + 5 * 60;
    let info = "This is an informational message only. No user action is required.";
    // The startup.
    let mut boot: Vec<(&str, String)> = vec![
        (
            "Server",
            "Microsoft SQL Server 2022 (RTM-CU15) (KB5041321) - 16.0.4145.4 (X64) \n\tJul 22 2024 19:42:30 \n\tCopyright (C) 2022 Microsoft Corporation\n\tStandard Edition (64-bit) on Windows Server 2022 Standard 10.0 <X64> (Build 20348: ) (Hypervisor)\n".into(),
        ),
        ("Server", "UTC adjustment: 1:00".into()),
        ("Server", "(c) Microsoft Corporation.".into()),
        ("Server", "All rights reserved.".into()),
        ("Server", "Server process ID is 4312.".into()),
        (
            "Server",
            "System Manufacturer: 'VMware, Inc.', System Model: 'VMware7,1'.".into(),
        ),
        ("Server", "Authentication mode is MIXED.".into()),
        (
            "Server",
            r"Logging SQL Server messages in file 'E:\MSSQL16.MSSQLSERVER\MSSQL\Log\ERRORLOG'.".into(),
        ),
        (
            "Server",
            r"The service account is 'CORP\svc-sqlprod01'. This is an informational message; no user action is required.".into(),
        ),
        (
            "Server",
            "Registry startup parameters: \n\t -d E:\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA\\master.mdf\n\t -e E:\\MSSQL16.MSSQLSERVER\\MSSQL\\Log\\ERRORLOG\n\t -l E:\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA\\mastlog.ldf".into(),
        ),
        (
            "Server",
            "Command Line Startup Parameters:\n\t -s \"MSSQLSERVER\"".into(),
        ),
        (
            "Server",
            "SQL Server detected 2 sockets with 8 cores per socket and 8 logical processors per socket, 16 total logical processors; using 16 logical processors based on SQL Server licensing. This is an informational message; no user action is required.".into(),
        ),
        (
            "Server",
            format!("SQL Server is starting at normal priority base (=7). {info}"),
        ),
        (
            "Server",
            "Detected 131071 MB of RAM. This is an informational message; no user action is required.".into(),
        ),
        ("Server", "Using conventional memory in the memory manager.".into()),
        ("Server", "Page exclusion bitmap is enabled.".into()),
        (
            "Server",
            "Buffer Pool: Allocating 33554432 bytes for 24117248 hashPages.".into(),
        ),
        (
            "Server",
            "Default collation: Latin1_General_CI_AS (us_english 1033)".into(),
        ),
        (
            "Server",
            "Buffer pool extension is already disabled. No action is necessary.".into(),
        ),
        (
            "Server",
            "Query Store settings initialized with enabled = 1, ".into(),
        ),
        (
            "Server",
            "The maximum number of dedicated administrator connections for this instance is '1'".into(),
        ),
        (
            "Server",
            "This instance of SQL Server last reported using a process ID of 3988 at 11/20/2026 3:09:12 AM (local) 11/20/2026 2:09:12 AM (UTC). This is an informational message only; no user action is required.".into(),
        ),
        (
            "Server",
            "Node configuration: node 0: CPU mask: 0x00000000000000ff:0 Active CPU mask: 0x00000000000000ff:0. This message provides a description of the NUMA configuration for this computer. This is an informational message only. No user action is required.".into(),
        ),
        (
            "Server",
            "Node configuration: node 1: CPU mask: 0x000000000000ff00:0 Active CPU mask: 0x000000000000ff00:0. This message provides a description of the NUMA configuration for this computer. This is an informational message only. No user action is required.".into(),
        ),
        (
            "Server",
            "Using dynamic lock allocation.  Initial allocation of 2500 Lock blocks and 5000 Lock Owner blocks per node.  This is an informational message only.  No user action is required.".into(),
        ),
        ("Server", "In-Memory OLTP initialized on standard machine.".into()),
        (
            "Server",
            "[INFO] Created Extended Events session 'hkenginexesession'".into(),
        ),
        (
            "Server",
            format!("Database Instant File Initialization: enabled. For security and performance considerations see the topic 'Database Instant File Initialization' in SQL Server Books Online. {info}"),
        ),
        (
            "Server",
            "Total Log Writer threads: 2, Node CPUs: 8, Nodes: 2, Log Writer threads per CPU socket: 1, Total CPU sockets: 2. This is an informational message only; no user action is required.".into(),
        ),
        ("Server", "Software Usage Metrics is disabled.".into()),
        ("spid9s", "Starting up database 'master'.".into()),
        ("spid9s", "Resource governor reconfiguration succeeded.".into()),
        (
            "spid9s",
            "SQL Server Audit is starting the audits. This is an informational message. No user action is required.".into(),
        ),
        (
            "spid9s",
            "SQL Server Audit has started the audits. This is an informational message. No user action is required.".into(),
        ),
        ("spid9s", "Starting up database 'msdb'.".into()),
        ("spid9s", "Starting up database 'mssqlsystemresource'.".into()),
        (
            "spid9s",
            format!("The resource database build version is 16.00.4145. {info}"),
        ),
        ("spid9s", "Starting up database 'model'.".into()),
        ("spid9s", "Clearing tempdb database.".into()),
        ("Server", "CLR version v4.0.30319 loaded.".into()),
        (
            "Server",
            "Server is listening on [ 'any' <ipv6> 1433] accept sockets 1.".into(),
        ),
        (
            "Server",
            "Server is listening on [ 'any' <ipv4> 1433] accept sockets 1.".into(),
        ),
        (
            "Server",
            r"Server local connection provider is ready to accept connection on [ \\.\pipe\SQLLocal\MSSQLSERVER ].".into(),
        ),
        (
            "Server",
            r"Server named pipe provider is ready to accept connection on [ \\.\pipe\sql\query ].".into(),
        ),
        (
            "Server",
            "SQL Server is now ready for client connections. This is an informational message; no user action is required.".into(),
        ),
        (
            "Server",
            "The SQL Server Network Interface library successfully registered the Service Principal Name (SPN) [ MSSQLSvc/SQLPROD01.corp.nordwind.de:1433 ] for the SQL Server service.".into(),
        ),
    ];
    for d in dbs.iter().filter(|d| user_db(d)) {
        boot.push(("spid35s", format!("Starting up database '{}'.", d.name)));
    }
    for (n, d) in dbs.iter().filter(|d| user_db(d)).enumerate() {
        boot.push((
            "spid35s",
            format!(
                "Parallel redo is started for database '{}' with worker pool size [8].",
                d.name
            ),
        ));
        boot.push((
            "spid35s",
            format!(
                "Recovery completed for database {} (database ID {}) in {} second(s) (analysis {} ms, redo {} ms, undo {} ms [system undo 0 ms, regular undo {} ms].) {info}",
                d.name,
                d.id,
                1 + h(n, 3002) % 3,
                3 + h(n, 3003) % 40,
                h(n, 3004) % 900,
                h(n, 3005) % 30,
                h(n, 3006) % 10
            ),
        ));
        boot.push((
            "spid35s",
            format!(
                "Parallel redo is shutdown for database '{}' with worker pool size [8].",
                d.name
            ),
        ));
    }
    boot.extend([
        ("spid9s", "Starting up database 'tempdb'.".to_string()),
        ("spid9s", "The tempdb database has 8 data file(s).".into()),
        (
            "spid22s",
            "The Service Broker endpoint is in disabled or stopped state.".into(),
        ),
        (
            "spid22s",
            "The Database Mirroring endpoint is in disabled or stopped state.".into(),
        ),
        ("spid22s", "Service Broker manager has started.".into()),
        ("spid9s", format!("Recovery is complete. {info}")),
        (
            "spid61",
            format!("Attempting to load library 'xpstar.dll' into memory. {info}"),
        ),
        (
            "spid61",
            "Using 'xpstar.dll' version '2022.160.4145' to execute extended stored procedure 'xp_instance_regread'. This is an informational message only; no user action is required.".into(),
        ),
    ]);
    for (n, (src, text)) in boot.into_iter().enumerate() {
        ev.push((start * 100 + 31 + n as u64 * 9, src.to_string(), text));
    }
    let mut k = 0usize;
    let spid = |k: usize| format!("spid{}", 52 + h(k, 3007) % 70);
    // The nightly full backups; the one of Payroll on the 26th is the
    // answer, the one on the 27th fails.
    let mut planted: Option<(String, String)> = None;
    for d in -6i64..=0 {
        let mut cur = day(d) + 3_600 + 2;
        for db in dbs.iter() {
            k += 1;
            let pages = db.pages + db.pages * (d + 7) as u64 / 400 + h(k, 3008) % 900;
            let secs = pages * 8_192 / ((30 + h(k, 3009) % 16) * 1_048_576) + 1;
            let file = format!("SQLPROD01_{}_FULL_{}.bak", db.name, ola_stamp(cur));
            let path = format!(r"{SQL_SHARE}\{}\FULL\{file}", db.name);
            if db.name == "DWH_Stage" && (d == -5 || d == -2) {
                ev.push((
                    (cur + secs / 2) * 100 + h(k, 3010) % 100,
                    spid(k),
                    format!(
                        "SQL Server has encountered {} occurrence(s) of I/O requests taking longer than 15 seconds to complete on file [F:\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA\\DWH_Stage.mdf] in database id 15.  The OS file handle is 0x0000000000000D24.  The offset of the latest long I/O is: 0x{:014x}.  The duration of the long I/O is: {} ms.",
                        2 + h(k, 3011) % 6,
                        h(k, 3012) % 0x1_0000_0000_0000,
                        15_000 + h(k, 3013) % 9_000
                    ),
                ));
            }
            if db.name == "Payroll" && d == 0 {
                let t = cur + 183;
                let s = spid(k);
                ev.push((
                    t * 100 + 41,
                    s.clone(),
                    "Error: 18210, Severity: 16, State: 1.".into(),
                ));
                ev.push((
                    t * 100 + 41,
                    s,
                    format!("BackupIoRequest::ReportIoError: write failure on backup device '{path}'. Operating system error 64(The specified network name is no longer available.)."),
                ));
                ev.push((
                    t * 100 + 42,
                    "Backup".into(),
                    "Error: 3041, Severity: 16, State: 1.".into(),
                ));
                ev.push((
                    t * 100 + 42,
                    "Backup".into(),
                    "BACKUP failed to complete the command BACKUP DATABASE Payroll. Check the backup application log for detailed messages.".into(),
                ));
                cur = t + 3;
                continue;
            }
            let done = cur + secs;
            ev.push((
                done * 100 + h(k, 3014) % 100,
                "Backup".into(),
                format!(
                    "Database backed up. Database: {}, creation date(time): {}, pages dumped: {pages}, first LSN: {}, last LSN: {}, number of dump devices: 1, device information: (FILE=1, TYPE=DISK: {{'{path}'}}). {info}",
                    db.name,
                    db.created,
                    sql_lsn(db.id, cur),
                    sql_lsn(db.id, done)
                ),
            ));
            if db.name == "Payroll" && d == -1 {
                planted = Some((file.clone(), datetime(done).replace('T', " ")));
            }
            cur = done + 1 + h(k, 3015) % 3;
        }
    }
    // Differential backups at 13:00 of the databases in full recovery.
    for d in -7i64..=-1 {
        let mut cur = day(d) + 13 * 3_600 + 3;
        for db in dbs.iter().filter(|d| d.log_every > 0) {
            k += 1;
            let pages = db.pages / 40 + h(k, 3016) % (db.pages / 30);
            let done = cur + 2 + pages / 4_000;
            let full_at = day(d) + 3_600 + 600;
            ev.push((
                done * 100 + h(k, 3017) % 100,
                "Backup".into(),
                format!(
                    "Database differential changes were backed up. Database: {}, creation date(time): {}, pages dumped: {pages}, first LSN: {}, last LSN: {}, full backup LSN: {}, number of dump devices: 1, device information: (FILE=1, TYPE=DISK: {{'{SQL_SHARE}\\{}\\DIFF\\SQLPROD01_{}_DIFF_{}.bak'}}). {info}",
                    db.name,
                    db.created,
                    sql_lsn(db.id, cur),
                    sql_lsn(db.id, done),
                    sql_lsn(db.id, full_at),
                    db.name,
                    db.name,
                    ola_stamp(cur)
                ),
            ));
            cur = done + 1;
        }
    }
    // Log backups, every half hour or hour.
    let mut prev: Vec<u64> = vec![start; dbs.len()];
    let mut slot = start - start % 1_800 + 1_800;
    while slot < end {
        let mut cur = slot + 2;
        for (i, db) in dbs.iter().enumerate() {
            if db.log_every == 0 || !(slot / 60).is_multiple_of(db.log_every) {
                continue;
            }
            k += 1;
            let done = cur + 1 + h(k, 3018) % 4;
            ev.push((
                done * 100 + h(k, 3019) % 100,
                "Backup".into(),
                format!(
                    "Log was backed up. Database: {}, creation date(time): {}, first LSN: {}, last LSN: {}, number of dump devices: 1, device information: (FILE=1, TYPE=DISK: {{'{SQL_SHARE}\\{}\\LOG\\SQLPROD01_{}_LOG_{}.trn'}}). {info}",
                    db.name,
                    db.created,
                    sql_lsn(db.id, prev[i]),
                    sql_lsn(db.id, done),
                    db.name,
                    db.name,
                    ola_stamp(cur)
                ),
            ));
            prev[i] = done;
            cur = done + 1;
        }
        slot += 1_800;
    }
    // The nightly integrity checks at 23:00.
    let checkdb = |db: &SqlDb, t: u64, secs: u64, who: &str, found: u64, k: usize| -> String {
        format!(
            "DBCC CHECKDB ({}) WITH {}no_infomsgs executed by {who} found {found} errors and repaired 0 errors. Elapsed time: 0 hours {} minutes {} seconds.  Internal database snapshot has split point LSN = {:08x}:{:08x}:0001 and first LSN = {:08x}:{:08x}:0001.",
            db.name,
            if found > 0 { "all_errormsgs, " } else { "" },
            secs / 60,
            secs % 60,
            0x5_d000 + db.id * 0x113 + (t - day(-30)) / 86_400,
            h(k, 3020) % 0x4000,
            0x5_d000 + db.id * 0x113 + (t - day(-30)) / 86_400,
            (h(k, 3020) % 0x4000).saturating_sub(h(k, 3021) % 8)
        )
    };
    for d in -7i64..=-1 {
        let mut cur = day(d) + 23 * 3_600 + 5;
        for db in dbs.iter().filter(|d| user_db(d)) {
            k += 1;
            let secs = db.pages / 4_200 + 3 + h(k, 3022) % 20;
            let done = cur + secs;
            ev.push((
                done * 100 + h(k, 3023) % 100,
                spid(k),
                checkdb(db, done, secs, r"CORP\svc-sqlagent", 0, k),
            ));
            cur = done + 2;
        }
    }
    // The process id, every midnight.
    for d in -6i64..=0 {
        ev.push((
            day(d) * 100 + 7 + h(d as usize, 3024) % 80,
            "Server".into(),
            "This instance of SQL Server has been using a process ID of 4312 since 11/20/2026 3:12:44 AM (local) 11/20/2026 2:12:44 AM (UTC). This is an informational message only; no user action is required.".into(),
        ));
    }
    // Failed logins.
    let failed =
        |t: u64, k: usize, state: u64, reason: String, ev: &mut Vec<(u64, String, String)>| {
            ev.push((
                t * 100 + h(k, 3025) % 90,
                "Logon".into(),
                format!("Error: 18456, Severity: 14, State: {state}."),
            ));
            ev.push((t * 100 + h(k, 3025) % 90, "Logon".into(), reason));
        };
    // An application still on the old `sa` password after a rotation.
    let mut t = day(-5) + 14 * 3_600 + 5 * 60;
    while t < day(-5) + 16 * 3_600 + 50 * 60 {
        k += 1;
        failed(
            t,
            k,
            8,
            "Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: 10.50.3.18]".into(),
            &mut ev,
        );
        t += 240 + h(k, 3026) % 120;
    }
    // A report subscription naming a database that is gone.
    for d in -6i64..=0 {
        for r in 0..3u64 {
            k += 1;
            failed(
                day(d) + 6 * 3_600 + 4 + r * 31,
                k,
                38,
                r"Login failed for user 'CORP\svc-reporting'. Reason: Failed to open the explicitly specified database 'Payroll_Old'. [CLIENT: 10.40.2.15]".into(),
                &mut ev,
            );
        }
    }
    // The vulnerability scan on Tuesday night.
    let scan = day(-3) + 2 * 3_600 + 11 * 60;
    for (n, user) in [
        "sa", "sa", "admin", "sa", "root", "test", "sa", "probe", "sa", "dbadmin", "sa", "guest",
        "sa", "backup", "sa",
    ]
    .iter()
    .enumerate()
    {
        k += 1;
        let (state, reason) = if *user == "sa" {
            (8, "Password did not match that for the login provided.")
        } else {
            (5, "Could not find a login matching the name provided.")
        };
        failed(
            scan + n as u64 * 3,
            k,
            state,
            format!("Login failed for user '{user}'. Reason: {reason} [CLIENT: 10.40.0.9]"),
            &mut ev,
        );
    }
    // Laptops outside the domain.
    for n in 0..9u64 {
        k += 1;
        let t = day(-6 + (n % 7) as i64) + 8 * 3_600 + h(k, 3027) % (9 * 3_600);
        let client = format!("10.50.22.{}", 30 + h(k, 3028) % 40);
        ev.push((
            t * 100 + 11,
            "Logon".into(),
            "Error: 17806, Severity: 20, State: 14.".into(),
        ));
        ev.push((
            t * 100 + 11,
            "Logon".into(),
            format!("SSPI handshake failed with error code 0x8009030c, state 14 while establishing a connection with integrated security; the connection has been closed. Reason: AcceptSecurityContext failed. The operating system error code indicates the cause of failure. The logon attempt failed   [CLIENT: {client}]"),
        ));
        ev.push((
            t * 100 + 12,
            "Logon".into(),
            "Error: 18452, Severity: 14, State: 1.".into(),
        ));
        ev.push((
            t * 100 + 12,
            "Logon".into(),
            format!("Login failed. The login is from an untrusted domain and cannot be used with Integrated authentication. [CLIENT: {client}]"),
        ));
    }
    for n in 0..5u64 {
        k += 1;
        failed(
            day(-6 + (n * 2) as i64 % 7) + 9 * 3_600 + h(k, 3029) % (8 * 3_600),
            k,
            5,
            r"Login failed for user 'CORP\k.wolf'. Reason: Could not find a login matching the name provided. [CLIENT: 10.50.14.61]".into(),
            &mut ev,
        );
    }
    // A setting changed.
    ev.push((
        (day(-4) + 16 * 3_600 + 12 * 60 + 9) * 100 + 55,
        "spid57".into(),
        "Configuration option 'max server memory (MB)' changed from 118000 to 112000. Run the RECONFIGURE statement to install.".into(),
    ));
    // This morning: checksum errors reading Payroll, and a check.
    for (n, (hh, mm, ss, page)) in [
        (9u64, 31u64, 17u64, 4_412_871u64),
        (9, 33, 40, 4_412_873),
        (9, 40, 2, 5_120_004),
    ]
    .iter()
    .enumerate()
    {
        let t = day(0) + hh * 3_600 + mm * 60 + ss;
        let s = format!("spid{}", 84 + n * 3);
        ev.push((
            t * 100 + 42,
            s.clone(),
            "Error: 824, Severity: 24, State: 2.".into(),
        ));
        ev.push((
            t * 100 + 42,
            s,
            format!(
                "SQL Server detected a logical consistency-based I/O error: incorrect checksum (expected: 0x{:08x}; actual: 0x{:08x}). It occurred during a read of page (1:{page}) in database ID 7 at offset 0x{:014x} in file 'D:\\MSSQL16.MSSQLSERVER\\MSSQL\\DATA\\Payroll.mdf'.  Additional messages in the SQL Server error log or operating system error log may provide more detail. This is a severe error condition that threatens database integrity and must be corrected immediately. Complete a full database consistency check (DBCC CHECKDB). This error can be caused by many factors; for more information, see SQL Server Books Online.",
                h(n, 3030) % 0x1_0000_0000,
                h(n, 3031) % 0x1_0000_0000,
                page * 8_192
            ),
        ));
    }
    let payroll = dbs.iter().find(|d| d.name == "Payroll").unwrap();
    let done = day(0) + 9 * 3_600 + 52 * 60 + 8;
    ev.push((
        done * 100 + 19,
        "spid91".into(),
        checkdb(payroll, done, 418, r"CORP\dba-mkoch", 14, 7),
    ));
    ev.push((
        (day(0) + 10 * 3_600 + 2 * 60 + 40) * 100 + 3,
        "spid91".into(),
        "Setting database option SINGLE_USER to ON for database 'Payroll'.".into(),
    ));
    ev.retain(|e| e.0 / 100 <= end);
    ev.sort_by_key(|e| e.0);
    let mut out = String::new();
    for (cs, src, text) in &ev {
        out.push_str(&format!("{} {src:<12}{text}\n", sql_stamp(*cs)));
    }
    let (file, finished) = planted.unwrap();
    assert_eq!(whole(&out, &file), 1);
    assert_eq!(whole(&out, &finished), 1, "{finished}");
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "SQL Server ERRORLOG, the last full backup of a corrupted database",
        out,
        "The Payroll database got corrupted this morning and we have to restore it. When did its last good full backup finish, and which backup file is it?",
        &[file.as_str(), finished.as_str()],
    )
}

/// `1873.2291046`: an amount in hundred-millionths of a dollar as Cost
/// Explorer writes it.
fn ce_amount(e8: u64) -> String {
    if e8 == 0 {
        return "0".into();
    }
    let s = format!("{}.{:08}", e8 / 100_000_000, e8 % 100_000_000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `aws ce get-cost-and-usage --time-period
/// Start=2026-11-01,End=2026-11-27 --granularity DAILY --metrics
/// UnblendedCost --group-by Type=DIMENSION,Key=SERVICE
/// Type=DIMENSION,Key=USAGE_TYPE` of a shop's account (AWS CLI 2, four
/// spaces): a day's cost of every service and usage type, for 26 days,
/// most in Frankfurt (`EUC1-`), a little in us-east-1. The NAT gateways'
/// data processing (`EUC1-NatGateway-Bytes`, under "EC2 - Other") costs
/// some 40–70 dollars a day, 387 on 12 Nov and 1873 on 19 Nov, when a
/// job pulled its data from S3 through them; cross-zone traffic rises
/// with it. Bigger items elsewhere: Business support and Route 53's zones
/// on the 1st, CloudFront's traffic on the 24th (larger than the NAT
/// spike), EC2's traffic out on the 8th, the Savings Plan every day, and
/// the NAT gateways' hours and us-east-1's NAT traffic, steady.
fn cost_explorer_nat_spike() -> Case {
    const EC2: &str = "Amazon Elastic Compute Cloud - Compute";
    const OTHER: &str = "EC2 - Other";
    // (service, usage type, dollars a day, jitter in percent, only on
    // the first of the month)
    let rows: [(&str, &str, f64, u64, bool); 66] = [
        (EC2, "EUC1-BoxUsage:m6i.xlarge", 66.2, 4, false),
        (EC2, "EUC1-BoxUsage:m6i.2xlarge", 110.6, 3, false),
        (EC2, "EUC1-BoxUsage:c6i.4xlarge", 151.3, 6, false),
        (EC2, "EUC1-BoxUsage:r6i.2xlarge", 129.9, 2, false),
        (EC2, "EUC1-BoxUsage:t3.medium", 12.1, 1, false),
        (EC2, "EUC1-BoxUsage:t3.large", 18.4, 1, false),
        (EC2, "EUC1-SpotUsage:c6i.2xlarge", 35.2, 40, false),
        (EC2, "EUC1-SpotUsage:m6i.4xlarge", 28.7, 45, false),
        (EC2, "BoxUsage:t3.micro", 0.25, 1, false),
        (OTHER, "EUC1-EBS:VolumeUsage.gp3", 48.3, 2, false),
        (OTHER, "EUC1-EBS:VolumeUsage.gp2", 6.1, 1, false),
        (OTHER, "EUC1-EBS:VolumeP-IOPS.gp3", 4.2, 3, false),
        (OTHER, "EUC1-EBS:VolumeP-Throughput.gp3", 3.3, 3, false),
        (OTHER, "EUC1-EBS:SnapshotUsage", 22.4, 5, false),
        (OTHER, "EUC1-NatGateway-Hours", 3.74, 0, false),
        (OTHER, "EUC1-NatGateway-Bytes", 55.0, 25, false),
        (OTHER, "EUC1-DataTransfer-Regional-Bytes", 18.2, 20, false),
        (OTHER, "EUC1-DataTransfer-Out-Bytes", 9.3, 30, false),
        (OTHER, "EUC1-DataTransfer-In-Bytes", 0.0, 0, false),
        (OTHER, "EUC1-ElasticIP:IdleAddress", 0.12, 0, false),
        (OTHER, "NatGateway-Hours", 1.08, 0, false),
        (OTHER, "NatGateway-Bytes", 0.8, 50, false),
        (
            "Amazon Virtual Private Cloud",
            "EUC1-PublicIPv4:InUseAddress",
            4.8,
            2,
            false,
        ),
        (
            "Amazon Virtual Private Cloud",
            "EUC1-PublicIPv4:IdleAddress",
            0.36,
            0,
            false,
        ),
        (
            "Amazon Virtual Private Cloud",
            "EUC1-VpcEndpoint-Hours",
            2.64,
            0,
            false,
        ),
        (
            "Amazon Virtual Private Cloud",
            "EUC1-VpcEndpoint-Bytes",
            0.9,
            30,
            false,
        ),
        (
            "Amazon Relational Database Service",
            "EUC1-InstanceUsage:db.r6g.2xl",
            25.7,
            0,
            false,
        ),
        (
            "Amazon Relational Database Service",
            "EUC1-Multi-AZUsage:db.r6g.2xl",
            51.4,
            0,
            false,
        ),
        (
            "Amazon Relational Database Service",
            "EUC1-Multi-AZUsage:db.t4g.large",
            5.1,
            0,
            false,
        ),
        (
            "Amazon Relational Database Service",
            "EUC1-RDS:Multi-AZ-GP3-Storage",
            11.2,
            1,
            false,
        ),
        (
            "Amazon Relational Database Service",
            "EUC1-RDS:ChargedBackupUsage",
            3.3,
            6,
            false,
        ),
        (
            "Amazon Simple Storage Service",
            "EUC1-TimedStorage-ByteHrs",
            31.0,
            2,
            false,
        ),
        (
            "Amazon Simple Storage Service",
            "EUC1-TimedStorage-INT-FA-ByteHrs",
            8.2,
            2,
            false,
        ),
        (
            "Amazon Simple Storage Service",
            "EUC1-Requests-Tier1",
            4.2,
            25,
            false,
        ),
        (
            "Amazon Simple Storage Service",
            "EUC1-Requests-Tier2",
            1.6,
            25,
            false,
        ),
        (
            "Amazon Simple Storage Service",
            "EUC1-DataTransfer-Out-Bytes",
            2.1,
            30,
            false,
        ),
        (
            "Amazon CloudFront",
            "EU-DataTransfer-Out-Bytes",
            38.0,
            25,
            false,
        ),
        (
            "Amazon CloudFront",
            "EU-Requests-Tier2-HTTPS",
            6.1,
            20,
            false,
        ),
        (
            "Amazon CloudFront",
            "US-DataTransfer-Out-Bytes",
            4.0,
            30,
            false,
        ),
        (
            "Amazon Elastic Load Balancing",
            "EUC1-LoadBalancerUsage",
            3.24,
            0,
            false,
        ),
        (
            "Amazon Elastic Load Balancing",
            "EUC1-LCUUsage",
            7.5,
            20,
            false,
        ),
        (
            "Amazon Elastic Container Service for Kubernetes",
            "EUC1-AmazonEKS-Hours:perCluster",
            7.2,
            0,
            false,
        ),
        (
            "Amazon ElastiCache",
            "EUC1-NodeUsage:cache.r6g.large",
            14.7,
            0,
            false,
        ),
        (
            "AmazonCloudWatch",
            "EUC1-CW:MetricMonitorUsage",
            9.1,
            2,
            false,
        ),
        (
            "AmazonCloudWatch",
            "EUC1-DataProcessing-Bytes",
            21.0,
            15,
            false,
        ),
        (
            "AmazonCloudWatch",
            "EUC1-TimedStorage-ByteHrs",
            2.3,
            2,
            false,
        ),
        ("AmazonCloudWatch", "EUC1-CW:Requests", 1.1, 20, false),
        (
            "AmazonCloudWatch",
            "EUC1-CW:AlarmMonitorUsage",
            0.8,
            0,
            false,
        ),
        ("AWS Lambda", "EUC1-Lambda-GB-Second", 3.9, 20, false),
        ("AWS Lambda", "EUC1-Request", 0.6, 20, false),
        (
            "Amazon Simple Queue Service",
            "EUC1-Requests-RBP",
            0.8,
            25,
            false,
        ),
        ("Amazon DynamoDB", "EUC1-ReadRequestUnits", 1.2, 20, false),
        ("Amazon DynamoDB", "EUC1-WriteRequestUnits", 2.4, 20, false),
        (
            "Amazon DynamoDB",
            "EUC1-TimedStorage-ByteHrs",
            0.5,
            1,
            false,
        ),
        ("AWS Key Management Service", "EUC1-KMS-Keys", 1.3, 0, false),
        (
            "AWS Key Management Service",
            "EUC1-KMS-Requests",
            0.7,
            20,
            false,
        ),
        ("Amazon Route 53", "HostedZone", 7.5, 0, true),
        ("Amazon Route 53", "DNS-Queries", 0.9, 15, false),
        ("AWS Backup", "EUC1-WarmStorage-ByteHrs-EBS", 6.2, 2, false),
        (
            "Amazon GuardDuty",
            "EUC1-PaidS3DataEventsAnalyzed",
            1.9,
            20,
            false,
        ),
        (
            "Amazon GuardDuty",
            "EUC1-PaidEventsAnalyzed",
            0.8,
            20,
            false,
        ),
        ("AWS WAF", "EUC1-RequestV2-Tier1", 1.4, 25, false),
        (
            "AWS Secrets Manager",
            "EUC1-AWSSecretsManager-Secrets",
            1.1,
            0,
            false,
        ),
        (
            "Amazon Elastic Container Registry",
            "EUC1-TimedStorage-ByteHrs",
            0.9,
            1,
            false,
        ),
        ("AWS Support (Business)", "Dollar", 1_426.11, 0, true),
        (
            "Savings Plans for AWS Compute usage",
            "ComputeSP:1yrNoUpfront",
            96.36,
            0,
            false,
        ),
    ];
    let mut sorted: Vec<usize> = (0..rows.len()).collect();
    sorted.sort_by_key(|&r| (rows[r].0, rows[r].1));
    let spike_day = 19u64;
    let planted = "1873.2291046";
    let mut results: Vec<Value> = Vec::new();
    let mut nat_days: Vec<(String, f64)> = Vec::new();
    for d in 1..=26u64 {
        let date = |d: u64| format!("2026-11-{d:02}");
        let mut groups: Vec<Value> = Vec::new();
        for &r in &sorted {
            let (service, usage, dollars, jitter, first_only) = rows[r];
            let k = d as usize * 100 + r;
            if first_only && d != 1 {
                continue;
            }
            if usage.contains("SpotUsage") && h(k, 3101).is_multiple_of(6) {
                continue;
            }
            let base = (dollars * 100_000_000.0) as u64;
            let spread = base / 100 * jitter;
            let mut e8 = if spread == 0 {
                base + h(k, 3102) % 1_000
            } else {
                base - spread + h(k, 3103) % (2 * spread + 1)
            };
            if dollars == 0.0 {
                e8 = 0;
            }
            let amount = match (usage, d) {
                ("EUC1-NatGateway-Bytes", 19) => planted.to_string(),
                ("EUC1-NatGateway-Bytes", 12) => "387.4410813".to_string(),
                ("EUC1-DataTransfer-Regional-Bytes", 19) => "142.0583311".to_string(),
                ("EU-DataTransfer-Out-Bytes", 24) => "2409.8174402".to_string(),
                ("EUC1-DataTransfer-Out-Bytes", 8) if service == OTHER => "611.2903146".to_string(),
                _ => ce_amount(e8),
            };
            if usage.ends_with("NatGateway-Bytes") {
                nat_days.push((date(d), amount.parse().unwrap()));
            }
            groups.push(json!({
                "Keys": [service, usage],
                "Metrics": {"UnblendedCost": {"Amount": amount, "Unit": "USD"}}
            }));
        }
        results.push(json!({
            "TimePeriod": {"Start": date(d), "End": date(d + 1)},
            "Total": {},
            "Groups": groups,
            "Estimated": true
        }));
    }
    let doc = json!({
        "GroupDefinitions": [
            {"Type": "DIMENSION", "Key": "SERVICE"},
            {"Type": "DIMENSION", "Key": "USAGE_TYPE"}
        ],
        "ResultsByTime": results,
        "DimensionValueAttributes": []
    });
    let out = pretty(&doc, b"    ") + "\n";
    let top = nat_days
        .iter()
        .max_by(|a, b| a.1.partial_cmp(&b.1).unwrap())
        .unwrap();
    assert_eq!(top.0, format!("2026-11-{spike_day}"));
    assert_eq!(whole(&out, planted), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "aws ce get-cost-and-usage by service and usage type, the NAT spike",
        out,
        "Finance says our AWS bill jumped this month and blames the NAT gateway. On which day did the NAT gateway's data charges spike, and how much did they come to that day?",
        &["2026-11-19", planted],
    )
    .with_jq(
        "[.ResultsByTime[] | .TimePeriod.Start as $d | .Groups[] | select(.Keys[1] | endswith(\"NatGateway-Bytes\")) | [$d, .Metrics.UnblendedCost.Amount]] | max_by(.[1] | tonumber) | .[]",
        vec![jq_string("2026-11-19"), jq_string(planted)],
    )
}

/// One request of the IIS case.
struct IisReq {
    /// Seconds into the day (UTC).
    t: u64,
    method: &'static str,
    stem: String,
    query: String,
    user: String,
    ip: String,
    ua: &'static str,
    referer: String,
    status: u64,
    sub: u64,
    win32: u64,
    sc_bytes: u64,
    cs_bytes: u64,
    taken: u64,
}

impl IisReq {
    /// The request as a W3C line of the case's fields.
    fn line(&self) -> String {
        let dash = |s: &str| {
            if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }
        };
        format!(
            "2026-11-26 {} 10.40.1.21 {} {} {} 443 {} {} {} {} {} {} {} {} {} {}",
            clock(self.t),
            self.method,
            self.stem,
            dash(&self.query),
            dash(&self.user),
            self.ip,
            self.ua,
            dash(&self.referer),
            self.status,
            self.sub,
            self.win32,
            self.sc_bytes,
            self.cs_bytes,
            self.taken
        )
    }
}

const EDGE: &str = "Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64)+AppleWebKit/537.36+(KHTML,+like+Gecko)+Chrome/131.0.0.0+Safari/537.36+Edg/131.0.0.0";
const CHROME: &str = "Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64)+AppleWebKit/537.36+(KHTML,+like+Gecko)+Chrome/131.0.0.0+Safari/537.36";
const FIREFOX: &str =
    "Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64;+rv:133.0)+Gecko/20100101+Firefox/133.0";

/// A browser's or client's requests to the HR portal, in order.
struct IisSession {
    reqs: Vec<IisReq>,
    user: String,
    ip: String,
    ua: &'static str,
    t: u64,
    k: usize,
}

impl IisSession {
    fn new(user: &str, ip: &str, ua: &'static str, t: u64, k: usize) -> IisSession {
        IisSession {
            reqs: Vec::new(),
            user: user.to_string(),
            ip: ip.to_string(),
            ua,
            t,
            k,
        }
    }

    /// One request `after` seconds after the last, as the user.
    #[allow(clippy::too_many_arguments)]
    fn get(
        &mut self,
        after: u64,
        method: &'static str,
        stem: &str,
        query: &str,
        referer: &str,
        status: u64,
        sc_bytes: u64,
    ) {
        self.k += 1;
        self.t += after;
        let k = self.k;
        self.reqs.push(IisReq {
            t: self.t,
            method,
            stem: stem.to_string(),
            query: query.to_string(),
            user: if status == 401 {
                String::new()
            } else {
                self.user.clone()
            },
            ip: self.ip.clone(),
            ua: self.ua,
            referer: referer.to_string(),
            status,
            sub: 0,
            win32: 0,
            sc_bytes,
            cs_bytes: 380 + h(k, 3201) % 700 + if method == "POST" { 400 } else { 0 },
            taken: 3 + h(k, 3202) % 60 + sc_bytes / 2_000,
        });
    }

    /// Windows authentication's handshake on a new connection: the
    /// anonymous request and the NTLM challenge, both 401.
    fn handshake(&mut self, after: u64, stem: &str, query: &str) {
        for (sub, win32) in [(2, 5), (1, 2_148_074_254)] {
            self.get(0, "GET", stem, query, "", 401, 6_038 + sub * 41);
            let r = self.reqs.last_mut().unwrap();
            r.sub = sub;
            r.win32 = win32;
            r.taken = 1 + h(self.k, 3203) % 3;
        }
        self.t += after;
    }

    /// The portal's start: the handshake, the redirect, the dashboard
    /// and its assets.
    fn open(&mut self) {
        self.handshake(0, "/hr/", "");
        self.get(0, "GET", "/hr/", "", "", 302, 412);
        let home = "https://hr.corp.nordwind.de/hr/dashboard";
        self.get(
            1,
            "GET",
            "/hr/dashboard",
            "",
            "",
            200,
            18_000 + h(self.k, 3204) % 6_000,
        );
        for (asset, size) in [
            ("/hr/css/site.min.css", 48_211),
            ("/hr/js/vendor.min.js", 412_877),
            ("/hr/js/app.min.js", 88_104),
            ("/hr/img/logo.svg", 6_120),
        ] {
            let cached = !h(self.k, 3205).is_multiple_of(4);
            let (status, bytes) = if cached { (304, 211) } else { (200, size) };
            self.get(0, "GET", asset, "", home, status, bytes);
        }
        self.get(
            1,
            "GET",
            "/hr/api/notifications",
            "count=5",
            home,
            200,
            1_204 + h(self.k, 3206) % 900,
        );
    }
}

/// `u_ex261126.log` of `HRWEB01`, the HR portal's IIS 10 (W3C format,
/// UTC, Windows authentication, `sc-bytes` and `cs-bytes` logged): some
/// 110 employees' sessions during the day (the NTLM handshake's two 401s,
/// the dashboard, leave, payslips they download, timesheets, the
/// directory), the payroll team's exports of the payroll in the morning
/// and afternoon, the monitoring's health check every two minutes, the
/// header again after a restart at 03:14, a vulnerability scan at 02:00
/// (401s and 404s, the export among them), the directory sync's nightly
/// employee export, an employee refused the payroll export (403) at
/// 22:10 and two colleagues reading their payslips in the evening. At
/// 23:41 `CORP\adm-tbrandt`, an admin account seen nowhere else, signs
/// in from 10.50.44.17 and downloads the full payroll export twice.
fn iis_payroll_export() -> Case {
    let surnames = [
        "mueller",
        "schmidt",
        "schneider",
        "fischer",
        "weber",
        "meyer",
        "wagner",
        "becker",
        "schulz",
        "hoffmann",
        "schaefer",
        "bauer",
        "richter",
        "klein",
        "wolf",
        "schroeder",
        "zimmermann",
        "braun",
        "krueger",
        "hofmann",
        "lange",
        "schmitt",
        "werner",
        "krause",
        "meier",
        "lehmann",
        "schmid",
        "schulze",
        "maier",
        "koehler",
        "herrmann",
        "walter",
        "kaiser",
        "fuchs",
        "peters",
        "lang",
        "scholz",
        "moeller",
        "weiss",
        "jung",
    ];
    let mut users: Vec<String> = Vec::new();
    let mut k = 0usize;
    while users.len() < 110 {
        k += 1;
        let first = (b'a' + (h(k, 3210) % 26) as u8) as char;
        let u = format!("{first}.{}", pick(&surnames, k, 3211));
        if !users.contains(&u) {
            users.push(u);
        }
    }
    let payroll_team = ["j.koch", "s.yilmaz", "c.albrecht"];
    let referer = |p: &str| format!("https://hr.corp.nordwind.de{p}");
    let mut sessions: Vec<IisSession> = Vec::new();
    let all: Vec<String> = users
        .iter()
        .cloned()
        .chain(payroll_team.iter().map(|s| s.to_string()))
        .collect();
    for (n, u) in all.iter().enumerate() {
        let ip = format!("10.50.{}.{}", 10 + h(n, 3212) % 30, 20 + h(n, 3213) % 200);
        let visits = 1 + u64::from(h(n, 3214).is_multiple_of(3));
        for v in 0..visits {
            k += 1;
            let t = 6 * 3_600 + v * 4 * 3_600 + h(k, 3215) % (6 * 3_600);
            let ua = if h(n, 3216).is_multiple_of(3) {
                CHROME
            } else {
                EDGE
            };
            let mut s = IisSession::new(&format!("CORP\\{u}"), &ip, ua, t, k * 40);
            s.open();
            let actions = 2 + h(k, 3217) % 6;
            for a in 0..actions {
                let kk = k * 10 + a as usize;
                let wait = 8 + h(kk, 3218) % 200;
                match h(kk, 3219) % 7 {
                    0 => {
                        s.get(
                            wait,
                            "GET",
                            "/hr/leave",
                            "",
                            &referer("/hr/dashboard"),
                            200,
                            21_400,
                        );
                        s.get(
                            1,
                            "GET",
                            "/hr/api/leave/balance",
                            "employee=me",
                            &referer("/hr/leave"),
                            200,
                            640,
                        );
                        if h(kk, 3220).is_multiple_of(3) {
                            s.get(
                                40 + h(kk, 3221) % 90,
                                "POST",
                                "/hr/api/leave/requests",
                                "",
                                &referer("/hr/leave"),
                                201,
                                388,
                            );
                        }
                    }
                    1 => {
                        s.get(
                            wait,
                            "GET",
                            "/hr/payslips",
                            "",
                            &referer("/hr/dashboard"),
                            200,
                            15_880,
                        );
                        let month = pick(&["2026-10", "2026-09", "2026-10", "2026-08"], kk, 3222);
                        s.get(
                            4 + h(kk, 3223) % 20,
                            "GET",
                            &format!("/hr/payslips/{month}/download"),
                            "",
                            &referer("/hr/payslips"),
                            200,
                            84_000 + h(kk, 3224) % 20_000,
                        );
                    }
                    2 => {
                        s.get(
                            wait,
                            "GET",
                            "/hr/timesheets/2026-W48",
                            "",
                            &referer("/hr/dashboard"),
                            200,
                            26_300,
                        );
                        s.get(
                            30 + h(kk, 3225) % 200,
                            "POST",
                            "/hr/api/timesheets/2026-W48/entries",
                            "",
                            &referer("/hr/timesheets/2026-W48"),
                            200,
                            512,
                        );
                    }
                    3 => {
                        let q = format!("q={}", pick(&surnames, kk, 3226));
                        s.get(
                            wait,
                            "GET",
                            "/hr/directory",
                            &q,
                            &referer("/hr/dashboard"),
                            200,
                            9_800 + h(kk, 3227) % 4_000,
                        );
                        s.get(
                            3,
                            "GET",
                            &format!("/hr/employees/{}", 10_000 + h(kk, 3228) % 2_400),
                            "",
                            &referer("/hr/directory"),
                            200,
                            12_400,
                        );
                    }
                    4 => s.get(
                        wait,
                        "GET",
                        "/hr/api/notifications",
                        "count=5",
                        &referer("/hr/dashboard"),
                        200,
                        1_204,
                    ),
                    5 => {
                        s.get(
                            wait,
                            "GET",
                            "/hr/documents",
                            "",
                            &referer("/hr/dashboard"),
                            200,
                            14_020,
                        );
                        s.get(
                            5,
                            "GET",
                            &format!("/hr/documents/{}/download", 5_000 + h(kk, 3229) % 900),
                            "",
                            &referer("/hr/documents"),
                            200,
                            210_000 + h(kk, 3230) % 400_000,
                        );
                    }
                    _ => s.get(
                        wait,
                        "GET",
                        "/hr/dashboard",
                        "",
                        &referer("/hr/leave"),
                        200,
                        19_200,
                    ),
                }
            }
            if payroll_team.contains(&u.as_str()) {
                s.get(
                    20,
                    "GET",
                    "/hr/payroll",
                    "",
                    &referer("/hr/dashboard"),
                    200,
                    31_200,
                );
                s.get(
                    6,
                    "GET",
                    "/hr/payroll/runs/2026-11",
                    "",
                    &referer("/hr/payroll"),
                    200,
                    58_400,
                );
                let query = match (u.as_str(), v) {
                    ("j.koch", 0) => "period=2026-11&format=xlsx&scope=all",
                    ("s.yilmaz", _) => "period=2026-11&format=csv&scope=dept-4100",
                    ("c.albrecht", 0) => "period=2026-10&format=xlsx&scope=all",
                    _ => "period=2026-11&format=pdf&scope=summary",
                };
                s.get(
                    40,
                    "GET",
                    "/hr/payroll/export",
                    query,
                    &referer("/hr/payroll/runs/2026-11"),
                    200,
                    2_400_000 + h(k, 3231) % 7_000_000,
                );
            }
            sessions.push(s);
        }
    }
    // Two colleagues in the evening.
    for (u, ip, t) in [
        ("l.hartmann", "10.60.4.51", 19 * 3_600 + 612),
        ("m.vogel", "10.60.4.88", 20 * 3_600 + 1_422),
    ] {
        k += 1;
        let mut s = IisSession::new(&format!("CORP\\{u}"), ip, EDGE, t, k * 40);
        s.open();
        s.get(
            14,
            "GET",
            "/hr/payslips",
            "",
            &referer("/hr/dashboard"),
            200,
            15_880,
        );
        s.get(
            9,
            "GET",
            "/hr/payslips/2026-10/download",
            "",
            &referer("/hr/payslips"),
            200,
            91_220,
        );
        sessions.push(s);
    }
    // Refused the export at 22:10.
    k += 1;
    let mut s = IisSession::new(
        r"CORP\p.neumann",
        "10.60.4.23",
        CHROME,
        22 * 3_600 + 10 * 60 + 4,
        k * 40,
    );
    s.open();
    s.get(
        12,
        "GET",
        "/hr/payroll",
        "",
        &referer("/hr/dashboard"),
        403,
        1_233,
    );
    s.get(
        20,
        "GET",
        "/hr/payroll/export",
        "period=2026-11&format=xlsx&scope=all",
        &referer("/hr/dashboard"),
        403,
        1_233,
    );
    sessions.push(s);
    // The directory sync's employee export at 03:30.
    k += 1;
    let mut s = IisSession::new(
        r"CORP\svc-hrsync",
        "10.40.7.12",
        "python-requests/2.32.3",
        3 * 3_600 + 30 * 60 + 1,
        k * 40,
    );
    s.handshake(
        0,
        "/hr/api/employees/export",
        "since=2026-11-25T03:30:00Z&format=json",
    );
    s.get(
        0,
        "GET",
        "/hr/api/employees/export",
        "since=2026-11-25T03:30:00Z&format=json",
        "",
        200,
        18_422_117,
    );
    s.reqs.last_mut().unwrap().taken = 14_220;
    sessions.push(s);
    // The vulnerability scan at 02:00.
    k += 1;
    let nessus = "Mozilla/5.0+(X11;+Linux+x86_64)+AppleWebKit/537.36+(KHTML,+like+Gecko)+Chrome/120.0.0.0+Safari/537.36+Nessus";
    let mut s = IisSession::new("-", "10.40.0.9", nessus, 2 * 3_600 + 4, k * 40);
    let probes = [
        "/",
        "/hr/",
        "/hr/payroll",
        "/hr/payroll/export",
        "/hr/admin",
        "/hr/api/employees",
        "/.env",
        "/web.config",
        "/hr/web.config",
        "/iisstart.htm",
        "/aspnet_client/",
        "/hr/api/users",
        "/hr/login.aspx",
        "/hr/elmah.axd",
        "/hr/trace.axd",
        "/backup.zip",
        "/hr/payroll/export.xlsx",
        "/server-status",
        "/.git/config",
        "/wp-login.php",
    ];
    for round in 0..4u64 {
        for (n, p) in probes.iter().enumerate() {
            let protected = p.starts_with("/hr/") && !p.contains('.') && !p.ends_with(".aspx");
            let (status, sub, win32) = if protected {
                (401, 2, 5)
            } else if *p == "/" || *p == "/iisstart.htm" {
                (200, 0, 0)
            } else {
                (404, 0, 2)
            };
            s.get(
                1 + h(n + round as usize * 50, 3232) % 3,
                "GET",
                p,
                "",
                "",
                status,
                1_245,
            );
            let r = s.reqs.last_mut().unwrap();
            r.user = String::new();
            (r.sub, r.win32) = (sub, win32);
        }
    }
    sessions.push(s);
    // The planted one, late at night.
    let (admin, admin_ip) = (r"CORP\adm-tbrandt", "10.50.44.17");
    let mut s = IisSession::new(admin, admin_ip, FIREFOX, 23 * 3_600 + 41 * 60 + 2, 99_000);
    s.open();
    s.get(
        131,
        "GET",
        "/hr/payroll",
        "",
        &referer("/hr/dashboard"),
        200,
        31_200,
    );
    s.get(
        18,
        "GET",
        "/hr/payroll/runs/2026-11",
        "",
        &referer("/hr/payroll"),
        200,
        58_400,
    );
    s.get(
        29,
        "GET",
        "/hr/payroll/export",
        "period=2026-11&format=xlsx&scope=all",
        &referer("/hr/payroll/runs/2026-11"),
        200,
        9_412_273,
    );
    s.get(
        155,
        "GET",
        "/hr/payroll/export",
        "period=2026-10&format=xlsx&scope=all",
        &referer("/hr/payroll/runs/2026-11"),
        200,
        9_388_004,
    );
    let planted_lines = s.reqs.len();
    sessions.push(s);
    // The monitoring.
    let mut reqs: Vec<IisReq> = Vec::new();
    let mut t = 1;
    while t < 86_400 {
        k += 1;
        reqs.push(IisReq {
            t,
            method: "GET",
            stem: "/hr/health".into(),
            query: String::new(),
            user: String::new(),
            ip: "10.40.9.5".into(),
            ua: "Zabbix",
            referer: String::new(),
            status: if (3 * 3_600 + 14 * 60..3 * 3_600 + 15 * 60).contains(&t) {
                503
            } else {
                200
            },
            sub: 0,
            win32: 0,
            sc_bytes: 312,
            cs_bytes: 141,
            taken: 1 + h(k, 3233) % 9,
        });
        t += 120;
    }
    for s in sessions {
        reqs.extend(s.reqs.into_iter().filter(|r| r.t < 86_400));
    }
    reqs.sort_by_key(|r| r.t);
    let header = |t: u64| {
        format!(
            "#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n#Date: 2026-11-26 {}\n#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status sc-bytes cs-bytes time-taken\n",
            clock(t)
        )
    };
    let restart = 3 * 3_600 + 14 * 60 + 22;
    let mut out = header(1);
    let mut restarted = false;
    for r in &reqs {
        if !restarted && r.t >= restart {
            out.push_str(&header(restart));
            restarted = true;
        }
        out.push_str(&r.line());
        out.push('\n');
    }
    let user = "adm-tbrandt";
    // The handshake's two 401s carry no user.
    assert_eq!(whole(&out, user), planted_lines - 2);
    assert_eq!(whole(&out, admin_ip), planted_lines);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "IIS W3C log of an HR portal, who pulled the payroll export at night",
        out,
        "Someone downloaded the full payroll export from the HR portal late last night, way outside working hours. Which account was it, and from which IP address?",
        &[user, admin_ip],
    )
}

/// The bucket bounds of Cassandra's `EstimatedHistogram`, where the
/// partition sizes `nodetool tablestats` prints fall.
fn cassandra_buckets() -> Vec<u64> {
    let mut v = vec![1u64];
    let mut last = 1u64;
    for _ in 1..149 {
        let mut next = (last as f64 * 1.2).round() as u64;
        if next == last {
            next += 1;
        }
        v.push(next);
        last = next;
    }
    v
}

/// `12.345GiB`: bytes as nodetool's repair lines write them.
fn cass_size(bytes: u64) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64 / 1_024.0;
    let mut u = 0;
    while v >= 1_024.0 && u < units.len() - 1 {
        v /= 1_024.0;
        u += 1;
    }
    format!("{v:.3}{}", units[u])
}

/// One table's figures in the nodetool case.
struct CassTable {
    name: &'static str,
    sstables: u64,
    live: u64,
    snapshots: u64,
    partitions: u64,
    min_bucket: usize,
    max_bucket: usize,
    mean: u64,
    reads: u64,
    writes: u64,
    read_micros: u64,
    write_micros: u64,
    tombstones_avg: f64,
    tombstones_max: u64,
    cells_avg: f64,
    cells_max: u64,
    dropped: u64,
    repaired: f64,
    leveled: bool,
}

/// `nodetool tablestats` of `cass-prod-04`, a node of an IoT platform's
/// Cassandra 4.1 cluster: the system keyspaces, one keyspace per tenant
/// (fourteen, the same nineteen tables each: devices, telemetry, alerts,
/// commands, rules, audit) and the shared `iot_platform`, some 320
/// tables. `iot_platform.events_by_tenant`, partitioned by tenant and
/// day, has a partition of 2.7 GB; the next largest is 668 MB. Among
/// them: the largest table (a tenant's raw telemetry, 1.9 TB, its
/// partitions small), firmware images with the largest mean partition,
/// an audit log reading 100,001 tombstones a slice, dropped mutations and
/// snapshots.
fn nodetool_biggest_partition() -> Case {
    let buckets = cassandra_buckets();
    let bucket_at = |v: u64| buckets.iter().position(|&b| b >= v).unwrap();
    let tenants = [
        "tenant_stadtwerke_kiel",
        "tenant_hafenbetrieb_hh",
        "tenant_netzwerk_sued",
        "tenant_agrar_nord",
        "tenant_logistik_west",
        "tenant_bahnservice",
        "tenant_klinikum_ost",
        "tenant_windpark_see",
        "tenant_wasserwerk_mitte",
        "tenant_parkhaus_city",
        "tenant_kuehlkette",
        "tenant_solar_sued",
        "tenant_aufzug_service",
        "tenant_gebaeude_tech",
    ];
    // (table, size in MB for a tenant of weight 1, typical partition in
    // bytes, leveled compaction)
    let tenant_tables: [(&str, u64, u64, bool); 19] = [
        ("devices", 120, 1_200, true),
        ("device_events", 42_000, 180_000, false),
        ("device_state", 900, 2_400, true),
        ("alerts_by_device", 3_100, 24_000, false),
        ("alerts_by_day", 2_600, 900_000, false),
        ("users", 12, 900, true),
        ("user_sessions", 340, 600, false),
        ("firmware_versions", 4, 3_000, true),
        ("telemetry_raw", 160_000, 420_000, false),
        ("telemetry_hourly", 21_000, 96_000, false),
        ("telemetry_daily", 2_900, 14_000, false),
        ("commands", 1_400, 8_000, false),
        ("command_results", 2_200, 9_500, false),
        ("geofences", 30, 40_000, true),
        ("audit_log", 5_400, 60_000, false),
        ("notifications", 1_800, 5_000, false),
        ("api_keys", 1, 700, true),
        ("rules", 8, 4_000, true),
        ("rule_evaluations", 9_800, 30_000, false),
    ];
    let platform_tables: [(&str, u64, u64, bool); 9] = [
        ("tenants", 2, 2_000, true),
        ("tenant_settings", 6, 14_000, true),
        ("events_by_tenant", 410_000, 11_000_000, false),
        ("firmware_images", 88_000, 61_000_000, false),
        ("firmware_rollouts", 140, 20_000, true),
        ("billing_usage_daily", 3_800, 120_000, false),
        ("api_tokens", 3, 800, true),
        ("schema_migrations", 1, 400, true),
        ("storage_reports", 60, 50_000, false),
    ];
    let system: [(&str, &[&str]); 5] = [
        (
            "system_auth",
            &[
                "network_permissions",
                "resource_role_permissons_index",
                "role_members",
                "role_permissions",
                "roles",
            ],
        ),
        (
            "system_schema",
            &[
                "aggregates",
                "columns",
                "dropped_columns",
                "functions",
                "indexes",
                "keyspaces",
                "tables",
                "triggers",
                "types",
                "views",
            ],
        ),
        (
            "system",
            &[
                "IndexInfo",
                "available_ranges",
                "available_ranges_v2",
                "batches",
                "built_views",
                "compaction_history",
                "local",
                "paxos",
                "peer_events",
                "peer_events_v2",
                "peers",
                "peers_v2",
                "prepared_statements",
                "repairs",
                "size_estimates",
                "sstable_activity",
                "table_estimates",
                "top_partitions",
                "transferred_ranges",
                "transferred_ranges_v2",
                "view_builds_in_progress",
            ],
        ),
        (
            "system_distributed",
            &[
                "parent_repair_history",
                "partition_denylist",
                "repair_history",
                "view_build_status",
            ],
        ),
        ("system_traces", &["events", "sessions"]),
    ];
    let mk = |_ks: &str,
              name: &'static str,
              mb: u64,
              typical: u64,
              leveled: bool,
              k: usize|
     -> CassTable {
        let live = mb * 1_048_576 / 100 * (60 + h(k, 3301) % 80);
        let partitions = (live * 3 / typical.max(1)).max(if live > 0 { 1 } else { 0 });
        let max_bucket = bucket_at(typical * (3 + h(k, 3302) % 30)).min(bucket_at(380_000_000));
        let writes = if mb > 0 {
            h(k, 3303) % (mb * 900 + 1) + mb * 40
        } else {
            0
        };
        CassTable {
            name,
            sstables: if live == 0 {
                0
            } else if leveled {
                3 + h(k, 3304) % 20
            } else {
                4 + h(k, 3304) % 14
            },
            live,
            snapshots: 0,
            partitions,
            min_bucket: bucket_at(typical / 40 + 20),
            max_bucket,
            mean: if live == 0 {
                0
            } else {
                typical / 2 + h(k, 3305) % (typical / 2 + 1)
            },
            reads: if mb > 0 {
                h(k, 3306) % (mb * 300 + 10)
            } else {
                h(k, 3306) % 40
            },
            writes,
            read_micros: 180 + h(k, 3307) % 2_400,
            write_micros: 14 + h(k, 3308) % 60,
            tombstones_avg: 1.0,
            tombstones_max: 1 + h(k, 3309) % 3,
            cells_avg: 1.0 + (h(k, 3310) % 40) as f64 / 10.0,
            cells_max: 1 + h(k, 3311) % 60,
            dropped: 0,
            repaired: if mb > 100 {
                (h(k, 3312) % 1_000) as f64 / 10.0
            } else {
                100.0
            },
            leveled,
        }
    };
    let mut keyspaces: Vec<(String, Vec<CassTable>)> = Vec::new();
    let mut k = 0usize;
    let add_system = |ks: &str,
                      names: &[&'static str],
                      keyspaces: &mut Vec<(String, Vec<CassTable>)>,
                      k: &mut usize| {
        let mut tables = Vec::new();
        for name in names {
            *k += 1;
            let mb = match *name {
                "compaction_history"
                | "size_estimates"
                | "table_estimates"
                | "repair_history"
                | "parent_repair_history"
                | "sstable_activity" => 1 + h(*k, 3313) % 40,
                "paxos"
                | "batches"
                | "IndexInfo"
                | "built_views"
                | "view_builds_in_progress"
                | "available_ranges"
                | "transferred_ranges"
                | "partition_denylist"
                | "network_permissions"
                | "aggregates"
                | "functions"
                | "triggers"
                | "types"
                | "views"
                | "indexes" => 0,
                _ => 1,
            };
            tables.push(mk(ks, name, mb, 2_000, false, *k));
        }
        keyspaces.push((ks.to_string(), tables));
    };
    add_system(system[0].0, system[0].1, &mut keyspaces, &mut k);
    add_system(system[1].0, system[1].1, &mut keyspaces, &mut k);
    for (n, tenant) in tenants.iter().enumerate() {
        if n == 6 {
            let mut tables = Vec::new();
            for (name, mb, typical, leveled) in platform_tables {
                k += 1;
                let mut t = mk("iot_platform", name, mb, typical, leveled, k);
                match name {
                    "events_by_tenant" => {
                        t.max_bucket = bucket_at(2_800_000_000);
                        t.partitions = 109_412;
                        t.mean = 11_204_187;
                        t.read_micros = 48_211;
                    }
                    "firmware_images" => {
                        t.max_bucket = bucket_at(100_000_000);
                        t.mean = 61_214_119;
                        t.partitions = 4_211;
                    }
                    _ => {}
                }
                tables.push(t);
            }
            keyspaces.push(("iot_platform".to_string(), tables));
            add_system(system[2].0, system[2].1, &mut keyspaces, &mut k);
        }
        if n == 10 {
            add_system(system[3].0, system[3].1, &mut keyspaces, &mut k);
        }
        let weight = 1 + h(n, 3314) % 4;
        let mut tables = Vec::new();
        for (name, mb, typical, leveled) in tenant_tables {
            k += 1;
            let mut t = mk(tenant, name, mb * weight, typical, leveled, k);
            match (*tenant, name) {
                ("tenant_netzwerk_sued", "telemetry_raw") => {
                    t.live = 2_089_412_771_843;
                    t.partitions = 48_120_411;
                    t.max_bucket = bucket_at(150_000_000);
                }
                ("tenant_hafenbetrieb_hh", "device_events") => {
                    t.max_bucket = bucket_at(600_000_000)
                }
                ("tenant_klinikum_ost", "audit_log") => {
                    t.tombstones_avg = 48_211.3;
                    t.tombstones_max = 100_001;
                    t.read_micros = 912_044;
                }
                ("tenant_windpark_see", "telemetry_hourly") => t.dropped = 1_412,
                ("tenant_agrar_nord", "device_events") => t.snapshots = 88_412_900_113,
                _ => {}
            }
            tables.push(t);
        }
        keyspaces.push((tenant.to_string(), tables));
    }
    add_system(system[4].0, system[4].1, &mut keyspaces, &mut k);
    let total: usize = keyspaces.iter().map(|(_, t)| t.len()).sum();
    let mut out = format!("Total number of tables: {total}\n----------------\n");
    let latency = |micros: u64, count: u64| {
        if count == 0 {
            "NaN ms".to_string()
        } else {
            format!("{}.{:03} ms", micros / 1_000, micros % 1_000)
        }
    };
    let mut sizes: Vec<(String, u64)> = Vec::new();
    for (ks, tables) in &keyspaces {
        let reads: u64 = tables.iter().map(|t| t.reads).sum();
        let writes: u64 = tables.iter().map(|t| t.writes).sum();
        let rl = (tables.iter().map(|t| t.read_micros * t.reads))
            .sum::<u64>()
            .checked_div(reads)
            .unwrap_or(0);
        let wl = (tables.iter().map(|t| t.write_micros * t.writes))
            .sum::<u64>()
            .checked_div(writes)
            .unwrap_or(0);
        out.push_str(&format!(
            "Keyspace : {ks}\n\tRead Count: {reads}\n\tRead Latency: {}\n\tWrite Count: {writes}\n\tWrite Latency: {}\n\tPending Flushes: 0\n",
            latency(rl, reads),
            latency(wl, writes)
        ));
        for (n, t) in tables.iter().enumerate() {
            let kk = n * 1_000 + t.live as usize % 997;
            let empty = t.live == 0;
            let memtable_cells = if t.writes == 0 {
                0
            } else {
                (h(kk, 3320) % 90_000).min(t.writes / 20)
            };
            let bloom = t.partitions / 6 + if empty { 0 } else { 16 };
            let max_bytes = if empty { 0 } else { buckets[t.max_bucket] };
            sizes.push((format!("{ks}.{}", t.name), max_bytes));
            out.push_str(&format!("\t\tTable: {}\n", t.name));
            out.push_str(&format!(
                "\t\tSSTable count: {}\n\t\tOld SSTable count: 0\n",
                t.sstables
            ));
            if t.leveled {
                let l1 = t.sstables.min(10);
                out.push_str(&format!(
                    "\t\tSSTables in each level: [{}, {l1}, {}, 0, 0, 0, 0, 0, 0]\n",
                    u64::from(t.sstables > 0),
                    t.sstables.saturating_sub(l1 + 1)
                ));
            }
            out.push_str(&format!(
                "\t\tSpace used (live): {}\n\t\tSpace used (total): {}\n\t\tSpace used by snapshots (total): {}\n",
                t.live, t.live, t.snapshots
            ));
            out.push_str(&format!(
                "\t\tOff heap memory used (total): {}\n\t\tSSTable Compression Ratio: {}\n",
                bloom + t.partitions / 40 + t.live / 4_000,
                if empty {
                    "-1.0".to_string()
                } else {
                    format!("0.{:05}", 18_000 + h(kk, 3321) % 30_000)
                }
            ));
            out.push_str(&format!(
                "\t\tNumber of partitions (estimate): {}\n\t\tMemtable cell count: {memtable_cells}\n\t\tMemtable data size: {}\n\t\tMemtable off heap memory used: 0\n\t\tMemtable switch count: {}\n\t\tSpeculative retries: {}\n",
                t.partitions,
                memtable_cells * (40 + h(kk, 3322) % 200),
                if t.writes == 0 { 0 } else { 2 + h(kk, 3323) % 900 },
                h(kk, 3324) % 3 * u64::from(t.reads > 1_000)
            ));
            out.push_str(&format!(
                "\t\tLocal read count: {}\n\t\tLocal read latency: {}\n\t\tLocal write count: {}\n\t\tLocal write latency: {}\n\t\tLocal read/write ratio: {}\n\t\tPending flushes: 0\n",
                t.reads,
                latency(t.read_micros, t.reads),
                t.writes,
                latency(t.write_micros, t.writes),
                if t.writes == 0 { "0.00000".to_string() } else { format!("{:.5}", t.reads as f64 / t.writes as f64) }
            ));
            let repaired = (t.live as f64 * t.repaired / 100.0) as u64;
            out.push_str(&format!(
                "\t\tPercent repaired: {:.1}\n\t\tBytes repaired: {}\n\t\tBytes unrepaired: {}\n\t\tBytes pending repair: 0.000KiB\n",
                if empty { 100.0 } else { t.repaired },
                cass_size(repaired * 3),
                cass_size((t.live - repaired) * 3)
            ));
            out.push_str(&format!(
                "\t\tBloom filter false positives: {}\n\t\tBloom filter false ratio: 0.{:05}\n\t\tBloom filter space used: {}\n\t\tBloom filter off heap memory used: {}\n\t\tIndex summary off heap memory used: {}\n\t\tCompression metadata off heap memory used: {}\n",
                h(kk, 3325) % 40 * u64::from(!empty),
                h(kk, 3326) % 30 * u64::from(!empty),
                bloom + 8 * u64::from(!empty),
                bloom,
                t.partitions / 40,
                t.live / 4_000
            ));
            out.push_str(&format!(
                "\t\tCompacted partition minimum bytes: {}\n\t\tCompacted partition maximum bytes: {max_bytes}\n\t\tCompacted partition mean bytes: {}\n",
                if empty { 0 } else { buckets[t.min_bucket] },
                t.mean
            ));
            out.push_str(&format!(
                "\t\tAverage live cells per slice (last five minutes): {:.1}\n\t\tMaximum live cells per slice (last five minutes): {}\n\t\tAverage tombstones per slice (last five minutes): {:.1}\n\t\tMaximum tombstones per slice (last five minutes): {}\n\t\tDropped Mutations: {}\n\t\tDroppable tombstone ratio: 0.{:05}\n\n",
                if t.reads == 0 { f64::NAN } else { t.cells_avg },
                if t.reads == 0 { 0 } else { t.cells_max },
                if t.reads == 0 { f64::NAN } else { t.tombstones_avg },
                if t.reads == 0 { 0 } else { t.tombstones_max },
                t.dropped,
                h(kk, 3327) % 4_000 * u64::from(!empty)
            ));
        }
        out.push_str("----------------\n");
    }
    sizes.sort_by_key(|s| std::cmp::Reverse(s.1));
    assert_eq!(sizes[0].0, "iot_platform.events_by_tenant");
    assert!(
        sizes[0].1 > 2_700_000_000 && sizes[1].1 < 700_000_000,
        "{sizes:?}"
    );
    let biggest = sizes[0].1.to_string();
    assert_eq!(whole(&out, &biggest), 1);
    assert_eq!(whole(&out, "events_by_tenant"), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "nodetool tablestats of a Cassandra node, the biggest partition",
        out,
        "Reads on one of our Cassandra tables keep timing out and I suspect a monster partition. Which table has the biggest partition, and how big does it get?",
        &["events_by_tenant", biggest.as_str()],
    )
}

/// `26-Nov-2026 10:12:03.123`: a time as BIND's log writes it, from
/// milliseconds since the epoch.
fn bind_time(ms: u64) -> String {
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let t = ms / 1_000;
    let (y, m, d) = civil(t / 86_400);
    format!(
        "{d:02}-{}-{y} {}.{:03}",
        months[m as usize - 1],
        clock(t % 86_400),
        ms % 1_000
    )
}

/// A client's handle as BIND's log names it (`client @0x7f3a2c0b1d48`).
fn bind_client(k: usize) -> String {
    format!("client @0x7f3a{}", hex(k, 3401, 8))
}

/// `/var/log/named/named.log` of `ns1.corp.nordwind.de`, the internal
/// primary of a company's zones (BIND 9.18, `print-category`,
/// `print-severity`, query logging off), from 14 Nov to 27 Nov 09:30:
/// the Windows desks' dynamic updates refused (they register through the
/// DHCP server, whose updates are applied and raise the serial), notifies
/// and the two secondaries' signed IXFRs (and AXFRs after a restart),
/// guest Wi-Fi clients refused recursion, lame servers, format errors,
/// DNSSEC validation failures, rate limiting, logrotate's daily reopen
/// and a restart after the zone files were edited.
/// Five desks and servers try a zone transfer and are refused (`zone
/// transfer '…' denied`), once to three times each, of three zones.
fn bind_zone_transfers() -> Case {
    let zones = ["corp.nordwind.de", "nordwind.de", "20.10.in-addr.arpa"];
    let from = day(-13) * 1_000;
    let to = (day(0) + 9 * 3_600 + 30 * 60) * 1_000;
    let mut ev: Vec<(u64, String)> = Vec::new();
    let desk = |k: usize| format!("10.20.{}.{}", 1 + h(k, 3402) % 14, 10 + h(k, 3403) % 240);
    let guest = |k: usize| format!("10.99.{}.{}", h(k, 3404) % 8, 2 + h(k, 3405) % 250);
    let port = |k: usize| 1_024 + h(k, 3406) % 64_000;
    let outside = |k: usize| {
        format!(
            "{}.{}.{}.{}",
            pick(
                &["185", "193", "62", "91", "151", "198", "203", "45"],
                k,
                3407
            ),
            h(k, 3408) % 256,
            h(k, 3409) % 256,
            1 + h(k, 3410) % 254
        )
    };
    let sites = [
        "www.youtube.com",
        "graph.facebook.com",
        "www.google.com",
        "i.instagram.com",
        "api.spotify.com",
        "www.netflix.com",
        "play.googleapis.com",
        "mtalk.google.com",
        "www.tiktok.com",
        "web.whatsapp.com",
        "time.apple.com",
        "connectivitycheck.gstatic.com",
        "push.apple.com",
        "www.bild.de",
        "www.spiegel.de",
        "teams.microsoft.com",
    ];
    let lame = [
        ("cdn77-ssl.net", "ns1.cdn77-ssl.net"),
        ("adnxs-simple.com", "adnxs-simple.com"),
        ("ip-api-check.net", "ip-api-check.net"),
        ("metrics-collector.io", "metrics-collector.io"),
        ("paket-verfolgung.example", "paket-verfolgung.example"),
    ];
    let mut k = 0usize;
    // Desks trying to register their own names, refused: most of the
    // volume.
    let mut t = from;
    while t < to {
        k += 1;
        t += 40_000 + h(k, 3411) % 1_400_000;
        let zone = if h(k, 3412).is_multiple_of(5) {
            zones[2]
        } else {
            zones[0]
        };
        ev.push((
            t,
            format!(
                "update-security: error: {} {}#{}: update '{zone}/IN' denied",
                bind_client(k),
                desk(k),
                port(k)
            ),
        ));
    }
    // A restart on the 20th.
    let restart = (day(-7) + 5 * 3_600 + 2 * 60 + 11) * 1_000;
    let boot = [
        "general: notice: exiting",
        "general: info: shutting down: flushing changes",
        "general: notice: stopping command channel on 127.0.0.1#953",
        "general: notice: starting BIND 9.18.28-1~deb12u2-Debian (Extended Support Version) <id:>",
        "general: notice: running on Linux x86_64 6.1.0-27-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)",
        "general: notice: built with  '--build=x86_64-linux-gnu' '--prefix=/usr' '--sysconfdir=/etc/bind' '--with-openssl=/usr' '--enable-threads'",
        "general: notice: running as: named -f -u bind",
        "general: info: loading configuration from '/etc/bind/named.conf'",
        "network: info: listening on IPv4 interface lo, 127.0.0.1#53",
        "network: info: listening on IPv4 interface ens192, 10.20.0.53#53",
        "general: info: managed-keys-zone: loaded serial 41",
        "general: info: zone corp.nordwind.de/IN: loaded serial SERIAL0",
        "general: info: zone nordwind.de/IN: loaded serial SERIAL1",
        "general: info: zone 20.10.in-addr.arpa/IN: loaded serial SERIAL2",
        "general: notice: all zones loaded",
        "general: notice: running",
    ];
    // The DHCP server's updates, applied; each raises the serial, and
    // the secondaries follow.
    let mut t = from;
    let mut serials = [2_026_111_301u64, 2_026_110_402, 2_026_111_101];
    let mut restarted = false;
    while t < to {
        k += 1;
        t += 600_000 + h(k, 3413) % 10_800_000;
        if !restarted && t > restart {
            // The zone files edited and the server restarted: the
            // secondaries take every zone again.
            restarted = true;
            for s in serials.iter_mut() {
                *s += 1;
            }
            for (n, l) in boot.iter().enumerate() {
                let mut l = l.to_string();
                for (z, s) in serials.iter().enumerate() {
                    l = l.replace(&format!("SERIAL{z}"), &s.to_string());
                }
                ev.push((restart + n as u64 * 41, l));
            }
            for (z, zone) in zones.iter().enumerate() {
                let s = serials[z];
                ev.push((
                    restart + 1_200 + z as u64 * 10,
                    format!("notify: info: zone {zone}/IN: sending notifies (serial {s})"),
                ));
                let records = 240 + h(z, 3427) % 900;
                for (n, sec) in ["10.20.0.54", "10.20.0.55"].iter().enumerate() {
                    k += 1;
                    let at = restart + 1_300 + z as u64 * 90 + n as u64 * 31;
                    let c = bind_client(k);
                    let p = port(k);
                    ev.push((at, format!("xfer-out: info: {c} {sec}#{p}/key ns-xfer ({zone}): transfer of '{zone}/IN': AXFR started: TSIG ns-xfer (serial {s})")));
                    ev.push((
                        at + 4,
                        format!(
                            "xfer-out: info: {c} {sec}#{p}/key ns-xfer ({zone}): transfer of '{zone}/IN': AXFR ended: 1 messages, {records} records, {} bytes, 0.002 secs ({}000 bytes/sec) (serial {s})",
                            records * 41,
                            records * 41 / 2
                        ),
                    ));
                }
            }
        }
        let host = format!("ws-{:04}", h(k, 3414) % 1_400);
        let ip = desk(k);
        let (z, rr) = if h(k, 3415).is_multiple_of(3) {
            let oct: Vec<&str> = ip.split('.').collect();
            (
                2usize,
                format!(
                    "'{}.{}.20.10.in-addr.arpa' PTR {host}.corp.nordwind.de.",
                    oct[3], oct[2]
                ),
            )
        } else {
            (0usize, format!("'{host}.corp.nordwind.de' A {ip}"))
        };
        let verb = if h(k, 3416).is_multiple_of(4) {
            "deleting rrset at"
        } else {
            "adding an RR at"
        };
        let rr = if verb == "adding an RR at" {
            rr
        } else {
            rr.split(' ').take(2).collect::<Vec<_>>().join(" ")
        };
        ev.push((
            t,
            format!(
                "update: info: {} 10.20.0.20#{}/key dhcp-ddns: updating zone '{}/IN': {verb} {rr}",
                bind_client(k),
                port(k),
                zones[z]
            ),
        ));
        serials[z] += 1;
        ev.push((
            t + 2_004,
            format!(
                "notify: info: zone {}/IN: sending notifies (serial {})",
                zones[z], serials[z]
            ),
        ));
        for (n, sec) in ["10.20.0.54", "10.20.0.55"].iter().enumerate() {
            let at = t + 2_050 + n as u64 * 37 + h(k, 3417) % 30;
            let c = bind_client(k * 3 + n);
            let p = port(k * 3 + n);
            let records = 3 + h(k, 3418) % 6;
            let bytes = 180 + records * 44;
            ev.push((
                at,
                format!(
                    "xfer-out: info: {c} {sec}#{p}/key ns-xfer ({zone}): transfer of '{zone}/IN': IXFR started: TSIG ns-xfer (serial {s})",
                    zone = zones[z],
                    s = serials[z]
                ),
            ));
            ev.push((
                at + 1,
                format!(
                    "xfer-out: info: {c} {sec}#{p}/key ns-xfer ({zone}): transfer of '{zone}/IN': IXFR ended: 1 messages, {records} records, {bytes} bytes, 0.001 secs ({bytes}000 bytes/sec) (serial {s})",
                    zone = zones[z],
                    s = serials[z]
                ),
            ));
        }
    }
    // Guests refused recursion.
    let mut t = from;
    while t < to {
        k += 1;
        t += 120_000 + h(k, 3419) % 3_800_000;
        let site = pick(&sites, k, 3420);
        let qtype = pick(&["A", "AAAA", "A", "HTTPS"], k, 3421);
        ev.push((
            t,
            format!(
                "security: info: {} {}#{} ({site}): query (cache) '{site}/{qtype}/IN' denied (allow-recursion did not match)",
                bind_client(k),
                guest(k),
                port(k)
            ),
        ));
    }
    // Lame servers, format errors, DNSSEC failures, rate limiting.
    let mut t = from;
    while t < to {
        k += 1;
        t += 400_000 + h(k, 3422) % 6_000_000;
        let (domain, ns) = lame[(h(k, 3423) % lame.len() as u64) as usize];
        let name = format!(
            "{}.{domain}",
            pick(&["www", "api", "static", "cdn", "track", "img"], k, 3424)
        );
        let line = match h(k, 3425) % 6 {
            0 | 1 => format!(
                "lame-servers: info: lame server resolving '{name}' (in '{domain}'?): {}#53",
                outside(k)
            ),
            2 => format!(
                "resolver: info: DNS format error from {}#53 resolving {name}/AAAA for {} {}#{}: reply has no answer",
                outside(k),
                bind_client(k),
                desk(k),
                port(k)
            ),
            3 => format!("dnssec: info: validating {domain}/DNSKEY: no valid signature found"),
            4 => format!(
                "lame-servers: info: broken trust chain resolving '{name}/A/IN': {}#53",
                outside(k)
            ),
            _ => format!(
                "rate-limit: info: {} {}#{} ({ns}): rate limit drop NXDOMAIN response to {}.0/24 for {ns} IN A ({})",
                bind_client(k),
                guest(k),
                port(k),
                guest(k).rsplit_once('.').unwrap().0,
                hex(k, 3426, 8)
            ),
        };
        ev.push((t, line));
    }
    // Daily: the log's reopening by logrotate.
    for d in -13i64..=0 {
        ev.push((
            (day(d) + 6 * 3_600 + 25 * 60 + 2) * 1_000 + 118,
            "general: info: received control channel command 'reopen'".into(),
        ));
    }
    // The planted attempts: (desk, zone, day, seconds into it, tries).
    let tries: [(&str, &str, i64, u64, u64); 5] = [
        (
            "10.20.9.44",
            "corp.nordwind.de",
            -10,
            14 * 3_600 + 22 * 60 + 5,
            2,
        ),
        (
            "10.20.12.201",
            "nordwind.de",
            -8,
            10 * 3_600 + 3 * 60 + 41,
            1,
        ),
        (
            "10.20.3.15",
            "20.10.in-addr.arpa",
            -5,
            16 * 3_600 + 47 * 60 + 12,
            1,
        ),
        (
            "10.30.1.8",
            "corp.nordwind.de",
            -3,
            2 * 3_600 + 13 * 60 + 50,
            3,
        ),
        (
            "10.20.7.66",
            "corp.nordwind.de",
            -1,
            11 * 3_600 + 58 * 60 + 20,
            1,
        ),
    ];
    for (n, (ip, zone, d, s, times)) in tries.iter().enumerate() {
        for r in 0..*times {
            k += 1;
            ev.push((
                (day(*d) + s + r * 36) * 1_000 + h(k, 3428) % 1_000,
                format!(
                    "security: error: {} {ip}#{} ({zone}): zone transfer '{zone}/IN' denied",
                    bind_client(k),
                    port(k)
                ),
            ));
        }
        // The same machines' own updates, refused as every desk's.
        for r in 0..2u64 {
            k += 1;
            ev.push((
                (day(-12 + n as i64 * 2 + r as i64) + 8 * 3_600 + h(k, 3429) % 30_000) * 1_000,
                format!(
                    "update-security: error: {} {ip}#{}: update 'corp.nordwind.de/IN' denied",
                    bind_client(k),
                    port(k)
                ),
            ));
        }
    }
    ev.sort_by_key(|e| e.0);
    let mut out = String::new();
    for (ms, line) in &ev {
        out.push_str(&bind_time(*ms));
        out.push(' ');
        out.push_str(line);
        out.push('\n');
    }
    let items: Vec<String> = tries.iter().map(|t| t.0.to_string()).collect();
    let mut clients: BTreeSet<String> = BTreeSet::new();
    for line in out.lines() {
        if let Some(at) = line.find(" 10.") {
            let ip = line[at + 1..].split(['#', ' ']).next().unwrap();
            clients.insert(ip.to_string());
        }
    }
    let clients: Vec<String> = clients.into_iter().collect();
    for s in &items {
        assert!(clients.contains(s), "{s}");
        assert!(!named_elsewhere(s, &clients), "{s}");
    }
    assert_eq!(out.matches(": zone transfer '").count(), 8);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "BIND named.log of an internal DNS server, machines refused a zone transfer",
        out,
        "Our IDS flagged somebody trying to pull a complete copy of our internal DNS zones. Going by the DNS server's log, which machines tried it? I need every one of them.",
        items,
    )
}

/// `2026-11-26T14:03:11.482+0000`: a time as Wazuh's alerts write it,
/// from milliseconds since the epoch.
fn wazuh_time(ms: u64) -> String {
    format!("{}.{:03}+0000", datetime(ms / 1_000), ms % 1_000)
}

/// `Nov 26 14:03:11`: a time as syslog writes it.
fn syslog_time(t: u64) -> String {
    let (_, _, d) = civil(t / 86_400);
    format!("Nov {d:2} {}", clock(t % 86_400))
}

/// A Wazuh rule as an alert carries it, with the compliance mappings
/// the rule's groups bring.
fn wazuh_rule(level: u64, description: &str, id: &str, fired: u64, groups: &[&str]) -> Value {
    let mut r = Map::new();
    r.insert("level".into(), json!(level));
    r.insert("description".into(), json!(description));
    r.insert("id".into(), json!(id));
    r.insert("firedtimes".into(), json!(fired));
    r.insert("mail".into(), json!(level >= 12));
    r.insert("groups".into(), json!(groups));
    let auth = groups.iter().any(|g| g.starts_with("authentication"));
    let account = groups.contains(&"adduser");
    let integrity = groups.contains(&"syscheck");
    if auth || account {
        r.insert(
            "pci_dss".into(),
            json!(if account {
                vec!["10.2.7", "10.2.5", "8.1.2"]
            } else {
                vec!["10.2.5"]
            }),
        );
        r.insert(
            "gpg13".into(),
            json!(if account {
                vec!["4.13"]
            } else {
                vec!["7.8", "7.9"]
            }),
        );
        r.insert("gdpr".into(), json!(["IV_32.2"]));
        r.insert("hipaa".into(), json!(["164.312.b"]));
        r.insert(
            "nist_800_53".into(),
            json!(if account {
                vec!["AU.14", "AC.7", "AC.2", "IA.4"]
            } else {
                vec!["AU.14", "AC.7"]
            }),
        );
        r.insert("tsc".into(), json!(["CC6.8", "CC7.2", "CC7.3"]));
    } else if integrity {
        r.insert("pci_dss".into(), json!(["11.5"]));
        r.insert("gpg13".into(), json!(["4.11"]));
        r.insert("gdpr".into(), json!(["II_5.1.f"]));
        r.insert("hipaa".into(), json!(["164.312.c.1", "164.312.c.2"]));
        r.insert("nist_800_53".into(), json!(["SI.7"]));
        r.insert(
            "tsc".into(),
            json!(["PI1.4", "PI1.5", "CC6.1", "CC6.8", "CC7.2", "CC7.3"]),
        );
    }
    Value::Object(r)
}

/// `/var/ossec/logs/alerts/alerts.json` of a company's Wazuh 4.9
/// manager for 26 Nov (UTC), one compact JSON alert a line, from some 40
/// agents (web servers, databases, Kubernetes nodes, CI runners,
/// bastions, mail, VPN, LDAP): SSH logins by key and their PAM sessions,
/// sudo, password guessing on the bastions, file integrity changes
/// (`/etc/passwd`, `/etc/group` and `/etc/shadow` among them), files
/// added, packages installed, listening ports, rootcheck's usual false
/// positive, web servers' 400s (signups posting to `/users/new`). Five
/// servers get a new local user (`useradd`, rule 5902, after its group,
/// rule 5901); others get only a new group (`groupadd docker`), a user
/// changed (`usermod`) or deleted (`userdel`).
fn wazuh_new_users() -> Case {
    let mut agents: Vec<(String, String, String)> = Vec::new();
    let groups: [(&str, usize, &str); 10] = [
        ("web", 8, "10.20.10"),
        ("db", 4, "10.20.20"),
        ("k8s-node", 12, "10.20.30"),
        ("ci-runner", 6, "10.20.40"),
        ("bastion", 2, "10.20.50"),
        ("mail", 1, "10.20.60"),
        ("vpn", 1, "10.20.61"),
        ("ldap", 2, "10.20.62"),
        ("backup", 1, "10.20.63"),
        ("monitor", 1, "10.20.64"),
    ];
    for (prefix, n, net) in groups {
        for i in 1..=n {
            let id = format!("{:03}", agents.len() + 1);
            agents.push((id, format!("{prefix}-{i:02}"), format!("{net}.{}", 10 + i)));
        }
    }
    let agent = |name: &str| agents.iter().position(|a| a.1 == name).unwrap();
    let planted: [(&str, &str, u64, u64); 5] = [
        ("db-03", "pgbackup", 1_004, 9 * 3_600 + 12 * 60 + 41),
        ("ci-runner-05", "buildbot", 1_012, 11 * 3_600 + 40 * 60 + 3),
        ("bastion-02", "support", 1_031, 15 * 3_600 + 2 * 60 + 55),
        ("web-06", "tmpadmin", 1_005, 17 * 3_600 + 27 * 60 + 18),
        ("k8s-node-09", "debug", 1_001, 21 * 3_600 + 5 * 60 + 7),
    ];
    let people = [
        "deploy",
        "ansible",
        "m.fischer",
        "s.weber",
        "t.becker",
        "a.wolf",
        "j.klein",
    ];
    let files = [
        "/etc/hosts",
        "/etc/resolv.conf",
        "/etc/ssh/sshd_config",
        "/etc/sudoers.d/90-cloud-init-users",
        "/etc/nginx/nginx.conf",
        "/etc/crontab",
        "/usr/bin/containerd",
        "/usr/sbin/nginx",
        "/etc/systemd/system/node-exporter.service",
        "/etc/apt/sources.list.d/docker.list",
        "/etc/passwd",
        "/etc/group",
        "/etc/shadow",
    ];
    let base = day(-1);
    // (milliseconds, agent, kind, detail)
    let mut plan: Vec<(u64, usize, u64, usize)> = Vec::new();
    for k in 0..600usize {
        let a = (h(k, 3501) % agents.len() as u64) as usize;
        let ms = base * 1_000 + h(k, 3502) % 86_400_000;
        plan.push((ms, a, h(k, 3503) % 100, k));
    }
    plan.sort();
    let mut fired: BTreeMap<(usize, String), u64> = BTreeMap::new();
    let mut offset = 4_811_203u64;
    let mut alerts: Vec<Value> = Vec::new();
    let mut emit = |ms: u64,
                    a: usize,
                    rule: (u64, &str, &str, &[&str]),
                    full_log: String,
                    decoder: Value,
                    data: Option<Value>,
                    location: &str,
                    extra: Option<(&str, Value)>,
                    alerts: &mut Vec<Value>| {
        let (id, name, ip) = &agents[a];
        let n = fired.entry((a, rule.2.to_string())).or_insert(0);
        *n += 1;
        offset += full_log.len() as u64 + 700 + h(alerts.len(), 3504) % 300;
        let mut v = Map::new();
        v.insert("timestamp".into(), json!(wazuh_time(ms)));
        v.insert(
            "rule".into(),
            wazuh_rule(rule.0, rule.1, rule.2, *n, rule.3),
        );
        v.insert("agent".into(), json!({"id": id, "name": name, "ip": ip}));
        v.insert("manager".into(), json!({"name": "wazuh-manager-01"}));
        v.insert("id".into(), json!(format!("{}.{offset}", ms / 1_000)));
        v.insert("full_log".into(), json!(full_log));
        if let Some((key, value)) = extra {
            v.insert(key.into(), value);
        }
        if decoder != Value::Null {
            v.insert("decoder".into(), decoder);
        }
        if let Some(d) = data {
            v.insert("data".into(), d);
        }
        v.insert("location".into(), json!(location));
        alerts.push(Value::Object(v));
    };
    let syslog = |program: &str, t: u64, host: &str| -> Value {
        json!({"program_name": program, "timestamp": syslog_time(t), "hostname": host})
    };
    let mut events: Vec<(u64, usize, u64, usize)> = plan;
    // The account changes, planted and not.
    for (n, (host, _, _, s)) in planted.iter().enumerate() {
        events.push(((base + s) * 1_000 + 212, agent(host), 1_000 + n as u64, 0));
    }
    for (n, (host, s)) in [
        ("ci-runner-02", 8 * 3_600 + 51 * 60 + 9),
        ("ci-runner-03", 8 * 3_600 + 53 * 60 + 40),
        ("k8s-node-04", 13 * 3_600 + 19 * 60 + 22),
    ]
    .iter()
    .enumerate()
    {
        events.push(((base + s) * 1_000 + 77, agent(host), 2_000, n));
    }
    for (n, (host, s)) in [
        ("web-02", 10 * 3_600 + 4 * 60 + 30),
        ("db-01", 14 * 3_600 + 33 * 60 + 1),
        ("ci-runner-02", 8 * 3_600 + 51 * 60 + 12),
    ]
    .iter()
    .enumerate()
    {
        events.push(((base + s) * 1_000 + 401, agent(host), 3_000, n));
    }
    events.push((
        (base + 16 * 3_600 + 8 * 60 + 44) * 1_000 + 5,
        agent("ldap-01"),
        4_000,
        0,
    ));
    events.sort();
    for (ms, a, kind, k) in events {
        let host = agents[a].1.clone();
        let t = ms / 1_000;
        let pid = 1_000 + h(k, 3505) % 900_000;
        let person = pick(&people, k, 3506);
        let is = |p: &str| host.starts_with(p);
        match kind {
            1_000..=1_999 => {
                let (_, user, uid, _) = planted[(kind - 1_000) as usize];
                emit(
                    ms,
                    a,
                    (8, "New group added to the system.", "5901", &["syslog", "adduser"]),
                    format!("{} {host} useradd[{pid}]: new group: name={user}, GID={uid}", syslog_time(t)),
                    json!({"name": "useradd"}),
                    Some(json!({"dstuser": user, "gid": uid.to_string()})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("useradd", t, &host))),
                    &mut alerts,
                );
                emit(
                    ms + 3,
                    a,
                    (8, "New user added to the system.", "5902", &["syslog", "adduser"]),
                    format!(
                        "{} {host} useradd[{pid}]: new user: name={user}, UID={uid}, GID={uid}, home=/home/{user}, shell=/bin/bash, from=/dev/pts/{}",
                        syslog_time(t),
                        h(k + kind as usize, 3507) % 4
                    ),
                    json!({"name": "useradd"}),
                    Some(json!({"dstuser": user, "uid": uid.to_string(), "gid": uid.to_string(), "home": format!("/home/{user}"), "shell": "/bin/bash"})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("useradd", t, &host))),
                    &mut alerts,
                );
            }
            2_000 => emit(
                ms,
                a,
                (8, "New group added to the system.", "5901", &["syslog", "adduser"]),
                format!("{} {host} groupadd[{pid}]: new group: name=docker, GID=998", syslog_time(t)),
                json!({"name": "groupadd"}),
                Some(json!({"dstuser": "docker", "gid": "998"})),
                "/var/log/auth.log",
                Some(("predecoder", syslog("groupadd", t, &host))),
                &mut alerts,
            ),
            3_000 => {
                let line = match k {
                    0 => format!("usermod[{pid}]: change user 'deploy' shell from '/bin/sh' to '/bin/bash'"),
                    1 => format!("usermod[{pid}]: change user 'postgres' password"),
                    _ => format!("usermod[{pid}]: add 'gitlab-runner' to group 'docker'"),
                };
                emit(
                    ms,
                    a,
                    (8, "Information from the user was changed.", "5904", &["syslog", "adduser"]),
                    format!("{} {host} {line}", syslog_time(t)),
                    json!({"name": "usermod"}),
                    None,
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("usermod", t, &host))),
                    &mut alerts,
                );
            }
            4_000 => emit(
                ms,
                a,
                (8, "Group (or user) deleted from the system.", "5903", &["syslog", "adduser"]),
                format!("{} {host} userdel[{pid}]: delete user 'j.neumann'", syslog_time(t)),
                json!({"name": "userdel"}),
                Some(json!({"dstuser": "j.neumann"})),
                "/var/log/auth.log",
                Some(("predecoder", syslog("userdel", t, &host))),
                &mut alerts,
            ),
            r if r < 24 => {
                let from = if is("bastion") { format!("198.51.100.{}", 10 + h(k, 3508) % 40) } else { agents[agent("bastion-01")].2.clone() };
                let port = 30_000 + h(k, 3509) % 30_000;
                emit(
                    ms,
                    a,
                    (3, "sshd: authentication success.", "5715", &["syslog", "sshd", "authentication_success"]),
                    format!(
                        "{} {host} sshd[{pid}]: Accepted publickey for {person} from {from} port {port} ssh2: ED25519 SHA256:{}",
                        syslog_time(t),
                        &hex(k, 3510, 43)
                    ),
                    json!({"parent": "sshd", "name": "sshd"}),
                    Some(json!({"srcip": from, "srcport": port.to_string(), "dstuser": person})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("sshd", t, &host))),
                    &mut alerts,
                );
                emit(
                    ms + 9,
                    a,
                    (3, "PAM: Login session opened.", "5501", &["pam", "syslog", "authentication_success"]),
                    format!(
                        "{} {host} sshd[{pid}]: pam_unix(sshd:session): session opened for user {person}(uid={}) by (uid=0)",
                        syslog_time(t),
                        1_000 + h(k, 3511) % 30
                    ),
                    json!({"name": "pam"}),
                    Some(json!({"dstuser": person})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("sshd", t, &host))),
                    &mut alerts,
                );
            }
            r if r < 34 => emit(
                ms,
                a,
                (3, "PAM: Login session closed.", "5502", &["pam", "syslog"]),
                format!("{} {host} sshd[{pid}]: pam_unix(sshd:session): session closed for user {person}", syslog_time(t)),
                json!({"name": "pam"}),
                Some(json!({"dstuser": person})),
                "/var/log/auth.log",
                Some(("predecoder", syslog("sshd", t, &host))),
                &mut alerts,
            ),
            r if r < 46 => {
                let command = pick(
                    &[
                        "/usr/bin/systemctl restart nginx",
                        "/usr/bin/apt-get upgrade -y",
                        "/usr/bin/journalctl -u kubelet --since today",
                        "/usr/bin/docker ps -a",
                        "/usr/bin/tail -n 200 /var/log/syslog",
                        "/usr/sbin/reboot",
                        "/usr/bin/crictl ps",
                    ],
                    k,
                    3512,
                );
                emit(
                    ms,
                    a,
                    (3, "Successful sudo to ROOT executed.", "5402", &["syslog", "sudo"]),
                    format!(
                        "{} {host} sudo: {person:>8} : TTY=pts/{} ; PWD=/home/{person} ; USER=root ; COMMAND={command}",
                        syslog_time(t),
                        h(k, 3513) % 4
                    ),
                    json!({"parent": "sudo", "name": "sudo"}),
                    Some(json!({"srcuser": person, "dstuser": "root", "tty": format!("pts/{}", h(k, 3513) % 4), "pwd": format!("/home/{person}"), "command": command})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("sudo", t, &host))),
                    &mut alerts,
                );
            }
            r if r < 62 => {
                let b = if h(k, 3514).is_multiple_of(2) { "bastion-01" } else { "bastion-02" };
                let a = agent(b);
                let src = format!("{}.{}.{}.{}", pick(&["45", "185", "193", "92", "218"], k, 3515), h(k, 3516) % 256, h(k, 3517) % 256, 1 + h(k, 3518) % 254);
                let port = 30_000 + h(k, 3519) % 30_000;
                let user = pick(&["root", "admin", "ubuntu", "oracle", "test", "user", "postgres", "git"], k, 3520);
                let (rule, line) = if user == "root" || user == "ubuntu" {
                    (
                        (5, "sshd: authentication failed.", "5760", &["syslog", "sshd", "authentication_failed"][..]),
                        format!("Failed password for {user} from {src} port {port} ssh2"),
                    )
                } else {
                    (
                        (5, "sshd: Attempt to login using a non-existent user", "5710", &["syslog", "sshd", "authentication_failed", "invalid_login"][..]),
                        format!("Invalid user {user} from {src} port {port}"),
                    )
                };
                emit(
                    ms,
                    a,
                    rule,
                    format!("{} {b} sshd[{pid}]: {line}", syslog_time(t)),
                    json!({"parent": "sshd", "name": "sshd"}),
                    Some(json!({"srcip": src, "srcport": port.to_string(), "srcuser": user})),
                    "/var/log/auth.log",
                    Some(("predecoder", syslog("sshd", t, b))),
                    &mut alerts,
                );
            }
            r if r < 76 => {
                let path = pick(&files, k, 3521);
                let size = 200 + h(k, 3522) % 9_000;
                let grown = size + 1 + h(k, 3523) % 80;
                let (md5a, md5b) = (hex(k, 3524, 32), hex(k, 3525, 32));
                let (sha1a, sha1b) = (hex(k, 3526, 40), hex(k, 3527, 40));
                let (sha2a, sha2b) = (hex(k, 3528, 64), hex(k, 3529, 64));
                let perm = if path == "/etc/shadow" { "rw-r-----" } else if path.starts_with("/usr/") { "rwxr-xr-x" } else { "rw-r--r--" };
                emit(
                    ms,
                    a,
                    (7, "Integrity checksum changed.", "550", &["ossec", "syscheck", "syscheck_entry_modified", "syscheck_file"]),
                    format!(
                        "File '{path}' modified\nMode: scheduled\nChanged attributes: size,mtime,md5,sha1,sha256\nSize changed from '{size}' to '{grown}'\nOld modification time was: '{}', now it is '{}'\nOld md5sum was: '{md5a}'\nNew md5sum is : '{md5b}'\nOld sha1sum was: '{sha1a}'\nNew sha1sum is : '{sha1b}'\nOld sha256sum was: '{sha2a}'\nNew sha256sum is : '{sha2b}'\n",
                        t - 86_400 * (1 + h(k, 3530) % 200),
                        t - h(k, 3531) % 3_000
                    ),
                    json!({"name": "syscheck_integrity_changed"}),
                    None,
                    "syscheck",
                    Some((
                        "syscheck",
                        json!({
                            "path": path,
                            "mode": "scheduled",
                            "size_before": size.to_string(),
                            "size_after": grown.to_string(),
                            "perm_after": perm,
                            "uid_after": "0",
                            "gid_after": if path == "/etc/shadow" { "42" } else { "0" },
                            "md5_before": md5a,
                            "md5_after": md5b,
                            "sha1_before": sha1a,
                            "sha1_after": sha1b,
                            "sha256_before": sha2a,
                            "sha256_after": sha2b,
                            "uname_after": "root",
                            "gname_after": if path == "/etc/shadow" { "shadow" } else { "root" },
                            "mtime_before": iso(t - 86_400 * (1 + h(k, 3530) % 200)),
                            "mtime_after": iso(t - h(k, 3531) % 3_000),
                            "inode_after": 1_000_000 + h(k, 3532) % 8_000_000,
                            "changed_attributes": ["size", "mtime", "md5", "sha1", "sha256"],
                            "event": "modified"
                        }),
                    )),
                    &mut alerts,
                );
            }
            r if r < 82 => {
                let path = pick(
                    &[
                        "/etc/cron.d/certbot",
                        "/usr/local/bin/kubectl",
                        "/etc/systemd/system/backup-agent.timer",
                        "/etc/apt/trusted.gpg.d/grafana.gpg",
                        "/usr/local/bin/helm",
                        "/etc/ssl/certs/corp-root-ca.pem",
                    ],
                    k,
                    3533,
                );
                emit(
                    ms,
                    a,
                    (5, "File added to the system.", "554", &["ossec", "syscheck", "syscheck_entry_added", "syscheck_file"]),
                    format!("File '{path}' added\nMode: scheduled\n"),
                    json!({"name": "syscheck_new_entry"}),
                    None,
                    "syscheck",
                    Some((
                        "syscheck",
                        json!({"path": path, "mode": "scheduled", "size_after": (900 + h(k, 3534) % 90_000_000).to_string(), "perm_after": "rwxr-xr-x", "uid_after": "0", "gid_after": "0", "md5_after": hex(k, 3535, 32), "sha1_after": hex(k, 3536, 40), "sha256_after": hex(k, 3537, 64), "uname_after": "root", "gname_after": "root", "mtime_after": iso(t - 40), "inode_after": 2_000_000 + h(k, 3538) % 8_000_000, "event": "added"}),
                    )),
                    &mut alerts,
                );
            }
            r if r < 88 => {
                let (pkg, ver) = pick(
                    &[
                        "linux-image-6.1.0-28-amd64 6.1.119-1",
                        "openssl 3.0.15-1~deb12u1",
                        "libssl3 3.0.15-1~deb12u1",
                        "containerd.io 1.7.24-1",
                        "docker-ce 5:27.3.1-1~debian.12~bookworm",
                        "nginx 1.26.2-1~bookworm",
                        "postgresql-15 15.10-0+deb12u1",
                    ],
                    k,
                    3539,
                )
                .split_once(' ')
                .unwrap();
                emit(
                    ms,
                    a,
                    (7, "New dpkg (Debian Package) installed.", "2902", &["syslog", "dpkg", "config_changed"]),
                    format!("{} status installed {pkg}:amd64 {ver}", datetime(t).replace('T', " ")),
                    json!({"name": "dpkg-decoder"}),
                    Some(json!({"package": pkg, "arch": "amd64", "version": ver})),
                    "/var/log/dpkg.log",
                    None,
                    &mut alerts,
                );
            }
            r if r < 92 => {
                let a = agent(&format!("web-{:02}", 1 + h(k, 3540) % 8));
                let path = pick(&["/api/v1/users/new", "/signup/new-user", "/api/v1/users/new", "/api/v1/cart/items"], k, 3541);
                let src = format!("{}.{}.{}.{}", pick(&["84", "91", "178", "31"], k, 3542), h(k, 3543) % 256, h(k, 3544) % 256, 1 + h(k, 3545) % 254);
                emit(
                    ms,
                    a,
                    (5, "Web server 400 error code.", "31101", &["web", "accesslog", "attack"]),
                    format!(
                        "{src} - - [26/Nov/2026:{} +0000] \"POST {path} HTTP/1.1\" 400 {} \"https://shop.nordwind.de/signup\" \"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1\"",
                        clock(t % 86_400),
                        90 + h(k, 3546) % 200
                    ),
                    json!({"name": "web-accesslog"}),
                    Some(json!({"protocol": "POST", "srcip": src, "id": "400", "url": path})),
                    "/var/log/nginx/access.log",
                    None,
                    &mut alerts,
                );
            }
            r if r < 97 => emit(
                ms,
                a,
                (7, "Listened ports status (netstat) changed (new port opened or closed).", "533", &["ossec"]),
                format!(
                    "ossec: output: 'netstat listening ports':\ntcp 0.0.0.0:22 0.0.0.0:* 812/sshd\ntcp 0.0.0.0:9100 0.0.0.0:* 1204/node_exporter\ntcp 127.0.0.1:{} 0.0.0.0:* {}/containerd",
                    30_000 + h(k, 3547) % 30_000,
                    900 + h(k, 3548) % 9_000
                ),
                Value::Null,
                None,
                "netstat listening ports",
                Some(("previous_output", json!("ossec: output: 'netstat listening ports':\ntcp 0.0.0.0:22 0.0.0.0:* 812/sshd\ntcp 0.0.0.0:9100 0.0.0.0:* 1204/node_exporter"))),
                &mut alerts,
            ),
            _ => emit(
                ms,
                a,
                (7, "Host-based anomaly detection event (rootcheck).", "510", &["ossec", "rootcheck"]),
                "Trojaned version of file '/usr/bin/diff' detected. Signature used: 'bash|^/bin/sh|file\\.h|proc\\.h|/dev/[^n]|^/bin/.*sh' (Generic).".into(),
                Value::Null,
                Some(json!({"title": "Trojaned version of file detected.", "file": "/usr/bin/diff"})),
                "rootcheck",
                None,
                &mut alerts,
            ),
        }
    }
    let mut out = String::new();
    for v in &alerts {
        out.push_str(&serde_json::to_string(v).unwrap());
        out.push('\n');
    }
    let names: Vec<String> = agents.iter().map(|a| a.1.clone()).collect();
    let items: Vec<String> = planted.iter().map(|p| p.0.to_string()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    let new_users: BTreeSet<String> = alerts
        .iter()
        .filter(|v| v["rule"]["id"] == "5902")
        .map(|v| v["agent"]["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(new_users, items.iter().cloned().collect::<BTreeSet<_>>());
    let expected: Vec<String> = new_users.iter().map(|s| jq_string(s)).collect();
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "Wazuh alerts.json of a day, servers that got a new local user",
        out,
        "Did anybody create new local user accounts on our servers yesterday? Going by the Wazuh alerts, which servers got a new user? I need every one of them.",
        items,
    )
    .with_jq(
        "[.[] | select(.rule.id == \"5902\") | .agent.name] | unique | .[]",
        expected,
    )
}

/// A rule of gitleaks' default configuration: id, description, how a
/// redacted match reads (`{}` the secret's place).
const GITLEAKS_RULES: [(&str, &str, &str); 9] = [
    (
        "generic-api-key",
        "Detected a Generic API Key, potentially exposing access to various services and sensitive operations.",
        "",
    ),
    (
        "aws-access-token",
        "Identified a pattern that may indicate AWS credentials, risking unauthorized cloud resource access and data breaches on AWS platforms.",
        "REDACTED",
    ),
    (
        "slack-webhook-url",
        "Discovered a Slack Webhook, which could lead to unauthorized message posting and data leakage in Slack channels.",
        "REDACTED",
    ),
    (
        "stripe-access-token",
        "Found a Stripe Access Token, posing a risk to payment processing services and sensitive financial data.",
        "REDACTED",
    ),
    (
        "jwt",
        "Uncovered a JSON Web Token, which may lead to unauthorized access to web applications and sensitive user data.",
        "REDACTED",
    ),
    (
        "github-pat",
        "Uncovered a GitHub Personal Access Token, potentially leading to unauthorized repository access and sensitive content exposure.",
        "REDACTED",
    ),
    (
        "gcp-api-key",
        "Uncovered a GCP API key, which could lead to unauthorized access to Google Cloud services and data breaches.",
        "REDACTED",
    ),
    (
        "curl-auth-header",
        "Discovered a potential authorization token provided in a curl command header, which could compromise the curl accessed resource.",
        "curl -H \"Authorization: Bearer REDACTED\"",
    ),
    (
        "private-key",
        "Identified a Private Key, which may compromise cryptographic security and sensitive data encryption.",
        "REDACTED",
    ),
];

/// `gitleaks detect --source . --redact --report-format json
/// --report-path -` over the whole history of `nordwind/shop-platform`
/// (gitleaks 8.21, its default rules, one-space indents as it writes
/// them): some 650 findings, most generic API keys in fixtures, examples
/// and configuration, then AWS keys, Slack webhooks, Stripe test keys,
/// tokens and curl commands with a bearer token. Five files hold a
/// private key (`private-key`, its match redacted whole), some found in
/// more than one commit; among the rest: a runbook on rotating private
/// keys, a properties file naming where the JWT private key lives, and
/// files beside the keys with findings of other rules.
fn gitleaks_private_keys() -> Case {
    let keys: [(&str, u64, u64); 5] = [
        ("deploy/ansible/roles/app/files/deploy_id_rsa", 27, 2),
        (
            "services/payment-gateway/src/test/resources/certs/client-key.pem",
            28,
            1,
        ),
        ("infra/terraform/bastion/keys/bastion_ed25519", 7, 3),
        ("docker/nginx/ssl/shop.nordwind.de.key", 28, 1),
        ("tools/legacy/sftp-export/id_ecdsa", 5, 2),
    ];
    let generic_files = [
        "services/checkout/src/main/resources/application-dev.yml",
        "services/checkout/src/test/resources/application-test.yml",
        "services/payment-gateway/src/test/resources/application-test.yml",
        "services/payment-gateway/src/main/resources/application-local.yml",
        "services/catalog/config/settings.dev.json",
        "services/search/config/elastic.local.yml",
        "services/auth/src/main/resources/jwt/private-key-location.properties",
        "services/notifications/.env.example",
        "frontend/shop-web/.env.development",
        "frontend/shop-web/src/config/analytics.ts",
        "frontend/shop-web/cypress/fixtures/payment-intent.json",
        "frontend/admin/src/environments/environment.ts",
        "mobile/app/src/main/res/values/keys.xml",
        "docs/runbooks/rotate-private-keys.md",
        "docs/integrations/klarna.md",
        "docs/integrations/dhl-api.md",
        "deploy/ansible/group_vars/staging.yml",
        "deploy/ansible/roles/app/templates/app.env.j2",
        "deploy/helm/shop/values-dev.yaml",
        "infra/terraform/modules/monitoring/grafana.tf",
        "scripts/seed/seed-products.py",
        "scripts/dev/smoke-test.sh",
        "tests/e2e/fixtures/stripe-webhook.json",
        "tests/load/k6/checkout.js",
    ];
    let other_files = [
        (
            "aws-access-token",
            "infra/terraform/environments/dev/provider.tf",
        ),
        ("aws-access-token", "scripts/backup/s3-sync.sh"),
        (
            "aws-access-token",
            "deploy/ansible/roles/app/files/aws-credentials",
        ),
        (
            "slack-webhook-url",
            "deploy/ansible/roles/monitoring/templates/alertmanager.yml.j2",
        ),
        ("slack-webhook-url", "scripts/ci/notify-release.sh"),
        (
            "stripe-access-token",
            "services/payment-gateway/src/test/resources/stripe-fixtures.json",
        ),
        (
            "stripe-access-token",
            "frontend/shop-web/cypress/fixtures/payment-intent.json",
        ),
        ("jwt", "tests/e2e/fixtures/session.json"),
        ("jwt", "services/auth/src/test/resources/tokens/expired.jwt"),
        ("github-pat", "scripts/ci/mirror-repos.sh"),
        ("gcp-api-key", "frontend/shop-web/src/config/maps.ts"),
        ("curl-auth-header", "docs/integrations/dhl-api.md"),
        ("curl-auth-header", "infra/terraform/bastion/README.md"),
    ];
    let authors = [
        ("Anna Schmidt", "anna.schmidt@nordwind.de"),
        ("Ben Keller", "ben.keller@nordwind.de"),
        ("Clara Wagner", "clara.wagner@nordwind.de"),
        ("David Hoffmann", "david.hoffmann@nordwind.de"),
        ("Elif Yilmaz", "elif.yilmaz@nordwind.de"),
        ("Felix Braun", "felix.braun@nordwind.de"),
        ("Greta Lange", "greta.lange@nordwind.de"),
        ("Hannes Krause", "hannes.krause@nordwind.de"),
        (
            "dependabot[bot]",
            "49699333+dependabot[bot]@users.noreply.github.com",
        ),
        ("Jonas Richter", "jonas.richter@nordwind.de"),
    ];
    let messages = [
        "fix: checkout total rounding for vouchers",
        "chore: bump spring-boot to 3.3.5",
        "feat(payment): add Klarna pay later",
        "test: fixtures for webhook retries",
        "ci: cache gradle between jobs",
        "wip",
        "refactor(search): move client config to yaml",
        "docs: runbook for the nightly export",
        "feat(admin): bulk price update",
        "chore: local dev setup",
        "fix(auth): refresh token expiry",
        "deploy: staging values",
        "Merge branch 'main' into feature/klarna",
        "infra: bastion host for the new VPC",
        "legacy sftp export for the ERP",
        "nginx: TLS for shop.nordwind.de",
    ];
    // (file, rule, start line, end line, start column, end column)
    let mut found: Vec<(String, usize, u64, u64, u64, u64)> = Vec::new();
    let mut k = 0usize;
    while found.len() < 560 {
        k += 1;
        let f = pick(&generic_files, k, 3601);
        let line = 1 + h(k, 3602) % 140;
        let col = 3 + h(k, 3603) % 30;
        found.push((
            f.to_string(),
            0,
            line,
            line,
            col,
            col + 20 + h(k, 3604) % 40,
        ));
    }
    for (n, (rule, f)) in other_files.iter().enumerate() {
        let r = GITLEAKS_RULES.iter().position(|x| x.0 == *rule).unwrap();
        for _ in 0..(2 + h(n, 3605) % 6) {
            k += 1;
            let line = 1 + h(k, 3606) % 90;
            let col = 1 + h(k, 3607) % 30;
            found.push((
                f.to_string(),
                r,
                line,
                line,
                col,
                col + 20 + h(k, 3608) % 60,
            ));
        }
    }
    let pk = GITLEAKS_RULES.len() - 1;
    for (f, lines, commits) in keys.iter() {
        for _ in 0..*commits {
            found.push((f.to_string(), pk, 1, *lines, 1, 25 + h(k, 3609) % 12));
            k += 1;
        }
    }
    // In the order git's history gives them, newest first.
    let mut dated: Vec<(u64, usize)> = (0..found.len())
        .map(|i| (day(-1_100) + h(i, 3610) % (1_100 * 86_400), i))
        .collect();
    dated.sort_by_key(|d| std::cmp::Reverse(d.0));
    let mut arr: Vec<Value> = Vec::new();
    for (n, (t, i)) in dated.iter().enumerate() {
        let (file, r, start, end, c0, c1) = &found[*i];
        let (rule, description, redacted) = GITLEAKS_RULES[*r];
        // One commit for findings of about the same day.
        let commit = hex(*t as usize / 20_000, 3611, 40);
        let (author, email) =
            authors[(h(*t as usize / 20_000, 3612) % authors.len() as u64) as usize];
        let message = pick(&messages, *t as usize / 20_000, 3613);
        let matched = if *r == 0 {
            pick(
                &[
                    "api_key: \"REDACTED\"",
                    "API_KEY=REDACTED",
                    "\"apiKey\": \"REDACTED\"",
                    "secret_key = 'REDACTED'",
                    "client_secret: REDACTED",
                    "token=REDACTED",
                    "\"accessToken\": \"REDACTED\"",
                ],
                n,
                3614,
            )
            .to_string()
        } else {
            redacted.to_string()
        };
        let entropy = if *r == pk {
            5.9 + (h(n, 3615) % 2_000_000) as f64 / 10_000_000.0
        } else {
            3.1 + (h(n, 3616) % 18_000_000) as f64 / 10_000_000.0
        };
        arr.push(json!({
            "Description": description,
            "StartLine": start,
            "EndLine": end,
            "StartColumn": c0,
            "EndColumn": c1,
            "Match": matched,
            "Secret": "REDACTED",
            "File": file,
            "SymlinkFile": "",
            "Commit": commit,
            "Entropy": (entropy * 1e7).round() / 1e7,
            "Author": author,
            "Email": email,
            "Date": iso(*t),
            "Message": message,
            "Tags": [],
            "RuleID": rule,
            "Fingerprint": format!("{commit}:{file}:{rule}:{start}")
        }));
    }
    let out = pretty(&Value::Array(arr), b" ") + "\n";
    let items: Vec<String> = keys.iter().map(|k| k.0.to_string()).collect();
    let mut all_files: Vec<String> = generic_files.iter().map(|s| s.to_string()).collect();
    all_files.extend(other_files.iter().map(|s| s.1.to_string()));
    all_files.extend(items.iter().cloned());
    for s in &items {
        assert!(!named_elsewhere(s, &all_files), "{s}");
    }
    let expected: Vec<String> = items
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|s| jq_string(s))
        .collect();
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "gitleaks detect JSON report of a repository's history, files with a private key",
        out,
        "Has anyone ever committed a private key to our repo? The secret scan over the whole history is done; which files had one? I need all of them.",
        items,
    )
    .with_jq(
        "[.[] | select(.RuleID == \"private-key\") | .File] | unique | .[]",
        expected,
    )
}

/// A PagerDuty object id: `P` and six capitals or digits.
fn pd_id(k: usize, salt: u64, lead: char, len: usize) -> String {
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut s = lead.to_string();
    for i in 0..len {
        s.push(abc[(h(k * 31 + i, salt) % abc.len() as u64) as usize] as char);
    }
    s
}

/// A reference to a PagerDuty object as the API nests them.
fn pd_ref(kind: &str, id: &str, summary: &str, path: &str, html: Option<String>) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), json!(id));
    m.insert("type".into(), json!(format!("{kind}_reference")));
    m.insert("summary".into(), json!(summary));
    m.insert(
        "self".into(),
        json!(format!("https://api.pagerduty.com/{path}/{id}")),
    );
    m.insert("html_url".into(), json!(html));
    Value::Object(m)
}

/// `pd incident list --statuses triggered,acknowledged,resolved --since
/// 2026-11-25T09:40:00Z --json` of a shop's PagerDuty account (the API's
/// incidents, two-space indents): some 250 incidents of two days across
/// a dozen services (payments, checkout, search, the database, Kafka,
/// Kubernetes, the CDN, workers, mail, Keycloak, the data pipeline),
/// most resolved (by their monitoring or by a person), eight open and
/// acknowledged by the on-call engineer, six open and acknowledged by
/// nobody. Titles name "triggered" alarms, and the alert counts count
/// alerts "triggered" whatever the incident's state.
fn pagerduty_unacknowledged() -> Case {
    let services = [
        ("Payments API", "Payments On-Call", "Payments"),
        ("Checkout Web", "Platform On-Call", "Shop"),
        ("Search Service", "Platform On-Call", "Shop"),
        ("Postgres Primary (shop-db)", "Platform On-Call", "Platform"),
        ("Kafka Cluster", "Platform On-Call", "Platform"),
        ("Kubernetes prod-eu", "Platform On-Call", "Platform"),
        ("CDN / Edge", "Platform On-Call", "Platform"),
        ("Order Worker", "Payments On-Call", "Payments"),
        ("Inventory Sync", "Data On-Call", "Data"),
        ("Email Delivery", "Platform On-Call", "Shop"),
        ("Auth (Keycloak)", "Platform On-Call", "Platform"),
        ("Data Pipeline", "Data On-Call", "Data"),
    ];
    let titles: [&[&str]; 12] = [
        &[
            "High 5xx rate on payments-api ({n}% over 5m)",
            "payments-api p99 latency above 2s",
            "Stripe webhook failures above threshold",
            "PSP timeout rate {n}% (adyen)",
        ],
        &[
            "Synthetic check failed: checkout flow (fra1)",
            "[FIRING:1] KubePodCrashLooping prod-eu (checkout-web-{h})",
            "checkout-web error budget burn rate {n}x",
        ],
        &[
            "search-api p95 latency above 800ms",
            "Elasticsearch cluster health YELLOW (search-prod)",
            "[FIRING:1] KubeDeploymentReplicasMismatch prod-eu (search-api)",
        ],
        &[
            "Postgres replication lag above 60s on shop-db-replica-{n}",
            "Disk usage {n}% on shop-db-01",
            "Too many connections on shop-db-01 ({n} of 500)",
            "CloudWatch alarm triggered: shop-db-01 CPUUtilization > 90",
        ],
        &[
            "Consumer lag above 50k on orders.events (order-worker)",
            "Under-replicated partitions on kafka-broker-{n}",
            "Disk usage {n}% on kafka-broker-3",
        ],
        &[
            "[FIRING:1] KubeNodeNotReady prod-eu (ip-10-20-30-{n}.eu-central-1.compute.internal)",
            "[FIRING:2] KubePersistentVolumeFillingUp prod-eu",
            "[FIRING:1] KubeJobFailed prod-eu (cronjob/sitemap-{h})",
        ],
        &[
            "Origin 5xx rate above 2% on shop.nordwind.de",
            "Certificate for api.nordwind.de expires in {n} days",
        ],
        &[
            "order-worker queue depth above 10000",
            "CloudWatch alarm triggered: order-worker-dlq ApproximateNumberOfMessagesVisible > 0",
        ],
        &[
            "Inventory sync stale for {n} minutes",
            "ERP import failed: stock_levels_{h}.csv",
        ],
        &[
            "Bounce rate above {n}% (transactional)",
            "SMTP relay queue above 5000",
        ],
        &[
            "Keycloak login failure rate above {n}%",
            "[FIRING:1] KubePodCrashLooping prod-eu (keycloak-{h})",
        ],
        &[
            "Airflow DAG failed: nightly_revenue_rollup",
            "dbt run failed: {n} models errored",
            "Data freshness SLA missed: orders_daily",
        ],
    ];
    let users = [
        "Jana Vogt",
        "Lukas Brandt",
        "Miriam Kaya",
        "Oliver Stein",
        "Paula Hahn",
        "Tim Roth",
        "Sven Albers",
        "Nina Busch",
    ];
    let user_ids: Vec<String> = (0..users.len()).map(|u| pd_id(u, 3701, 'P', 6)).collect();
    let service_ids: Vec<String> = (0..services.len())
        .map(|s| pd_id(s, 3702, 'P', 6))
        .collect();
    let policy_id = |name: &str| pd_id(name.len(), 3703, 'P', 6);
    let team_id = |name: &str| pd_id(name.len() * 7, 3704, 'P', 6);
    let web = "https://nordwind.pagerduty.com";
    let now = day(0) + 9 * 3_600 + 41 * 60;
    let since = now - 48 * 3_600;
    let mut created: Vec<u64> = (0..250usize)
        .map(|i| since + h(i, 3705) % (48 * 3_600 - 600))
        .collect();
    created.sort_unstable();
    // The open ones: the last day's, some acknowledged, six not.
    let recent: Vec<usize> = (0..created.len())
        .filter(|&i| created[i] > now - 20 * 3_600)
        .collect();
    let mut open: BTreeMap<usize, bool> = BTreeMap::new();
    let mut n = 0;
    while open.len() < 14 {
        n += 1;
        let i = recent[(h(n, 3706) % recent.len() as u64) as usize];
        let acked = open.values().filter(|&&a| a).count() < 8 && !h(n, 3707).is_multiple_of(3);
        let acked = acked || open.values().filter(|&&a| !a).count() >= 6;
        open.entry(i).or_insert(acked);
    }
    let mut arr: Vec<Value> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut numbers: Vec<String> = Vec::new();
    for (i, &t) in created.iter().enumerate() {
        let s = (h(i, 3708) % services.len() as u64) as usize;
        let (service, policy, team) = services[s];
        let number = 48_102 + i as u64;
        numbers.push(number.to_string());
        let title = pick(titles[s], i, 3709)
            .replace("{n}", &(2 + h(i, 3710) % 97).to_string())
            .replace("{h}", &hex(i, 3711, 5));
        let id = pd_id(i, 3712, 'Q', 13);
        let status = match open.get(&i) {
            Some(true) => "acknowledged",
            Some(false) => "triggered",
            None => "resolved",
        };
        let alerts = 1 + h(i, 3713) % 3 * u64::from(h(i, 3714).is_multiple_of(4));
        let urgency = if s == 8 || s == 9 || h(i, 3715).is_multiple_of(7) {
            "low"
        } else {
            "high"
        };
        let u = (h(t as usize / 43_200, 3716) % users.len() as u64) as usize;
        let user = pd_ref(
            "user",
            &user_ids[u],
            users[u],
            "users",
            Some(format!("{web}/users/{}", user_ids[u])),
        );
        let service_ref = pd_ref(
            "service",
            &service_ids[s],
            service,
            "services",
            Some(format!("{web}/service-directory/{}", service_ids[s])),
        );
        let ack_at = t + 60 + h(i, 3717) % 600;
        let resolved_at = t + 120 + h(i, 3718) % 7_200;
        let by_person = h(i, 3719).is_multiple_of(3);
        let (changed_at, changed_by) = match status {
            "resolved" => (
                resolved_at,
                if by_person {
                    user.clone()
                } else {
                    service_ref.clone()
                },
            ),
            "acknowledged" => (ack_at, user.clone()),
            _ => (t, service_ref.clone()),
        };
        let assignments = if status == "resolved" {
            json!([])
        } else {
            json!([{"at": iso(t), "assignee": user.clone()}])
        };
        let acknowledgements = if status == "acknowledged" {
            json!([{"at": iso(ack_at), "acknowledger": user.clone()}])
        } else {
            json!([])
        };
        let pending = match status {
            "triggered" => json!([{"type": "escalate", "at": iso(t + 30 * 60)}]),
            "acknowledged" => json!([{"type": "unacknowledge", "at": iso(ack_at + 4 * 3_600)}]),
            _ => json!([]),
        };
        let open_alerts = if status == "resolved" { 0 } else { alerts };
        let priority = if h(i, 3720).is_multiple_of(3) {
            let p = 1 + h(i, 3721) % 4;
            let color = ["a8171c", "eb6016", "f9b406", "c6c6c6"][(p - 1) as usize];
            json!({
                "id": pd_id(p as usize, 3722, 'P', 6),
                "type": "priority",
                "summary": format!("P{p}"),
                "self": format!("https://api.pagerduty.com/priorities/{}", pd_id(p as usize, 3722, 'P', 6)),
                "html_url": null,
                "account_id": "PNW1X2Y",
                "color": color,
                "created_at": "2023-04-12T08:14:55Z",
                "description": "",
                "name": format!("P{p}"),
                "order": 4_096 / p,
                "schema_version": 0,
                "updated_at": "2023-04-12T08:14:55Z"
            })
        } else {
            Value::Null
        };
        let mut m = Map::new();
        m.insert("incident_number".into(), json!(number));
        m.insert("title".into(), json!(title));
        m.insert("description".into(), json!(title));
        m.insert("created_at".into(), json!(iso(t)));
        m.insert("updated_at".into(), json!(iso(changed_at.max(t + 2))));
        m.insert("status".into(), json!(status));
        m.insert("incident_key".into(), json!(hex(i, 3723, 32)));
        m.insert("service".into(), service_ref.clone());
        m.insert("assignments".into(), assignments);
        m.insert("assigned_via".into(), json!("escalation_policy"));
        m.insert("last_status_change_at".into(), json!(iso(changed_at)));
        m.insert(
            "resolved_at".into(),
            if status == "resolved" {
                json!(iso(resolved_at))
            } else {
                Value::Null
            },
        );
        m.insert(
            "first_trigger_log_entry".into(),
            json!({
                "id": pd_id(i, 3724, 'R', 25),
                "type": "trigger_log_entry_reference",
                "summary": "Triggered through the API.",
                "self": format!("https://api.pagerduty.com/log_entries/{}", pd_id(i, 3724, 'R', 25)),
                "html_url": format!("{web}/incidents/{id}/log_entries/{}", pd_id(i, 3724, 'R', 25))
            }),
        );
        m.insert(
            "alert_counts".into(),
            json!({"all": alerts, "triggered": open_alerts, "resolved": alerts - open_alerts}),
        );
        m.insert("is_mergeable".into(), json!(true));
        m.insert(
            "escalation_policy".into(),
            pd_ref(
                "escalation_policy",
                &policy_id(policy),
                policy,
                "escalation_policies",
                Some(format!("{web}/escalation_policies/{}", policy_id(policy))),
            ),
        );
        m.insert(
            "teams".into(),
            json!([pd_ref(
                "team",
                &team_id(team),
                team,
                "teams",
                Some(format!("{web}/teams/{}", team_id(team)))
            )]),
        );
        m.insert("pending_actions".into(), pending);
        m.insert("acknowledgements".into(), acknowledgements);
        m.insert("basic_alert_grouping".into(), Value::Null);
        m.insert("alert_grouping".into(), Value::Null);
        m.insert("last_status_change_by".into(), changed_by);
        m.insert("priority".into(), priority);
        m.insert("incidents_responders".into(), json!([]));
        m.insert("responder_requests".into(), json!([]));
        m.insert("subscriber_requests".into(), json!([]));
        m.insert("urgency".into(), json!(urgency));
        m.insert("id".into(), json!(id));
        m.insert("type".into(), json!("incident"));
        m.insert("summary".into(), json!(format!("[#{number}] {title}")));
        m.insert(
            "self".into(),
            json!(format!("https://api.pagerduty.com/incidents/{id}")),
        );
        m.insert("html_url".into(), json!(format!("{web}/incidents/{id}")));
        arr.push(Value::Object(m));
        if status == "triggered" {
            items.push(number.to_string());
        }
    }
    let out = pretty(&Value::Array(arr), b"  ") + "\n";
    assert_eq!(items.len(), 6, "{items:?}");
    for s in &items {
        assert_eq!(whole(&out, s), 2, "{s}");
        assert!(!named_elsewhere(s, &numbers), "{s}");
    }
    let expected: Vec<String> = items.clone();
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "pd incident list --json, open incidents nobody acknowledged",
        out,
        "Which of our PagerDuty incidents are still open with nobody having acknowledged them yet? Give me all of their incident numbers.",
        items,
    )
    .with_jq(
        ".[] | select(.status == \"triggered\") | .incident_number",
        expected,
    )
}

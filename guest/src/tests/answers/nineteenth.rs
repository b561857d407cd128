//! A NINETEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before
//! being measured, and measured unread at 1863be9. Measure it, never
//! tune on it.
//!
//! One fact: `mysqladmin --verbose processlist` of a shop's database
//! while checkout hangs (the connection whose long report query holds the
//! orders table, and whose it is, among a migration's `ALTER TABLE`
//! waiting for the table's lock, hundreds of the shop's queries queued
//! behind it, one of them killed, a longer archive job on look-alike
//! tables and idle connections older than any of them), `jstat -gcutil
//! -t` of a checkout service over an hour and a half (when the first full
//! collection came and how long it stopped the JVM, among a young pause
//! of almost a second, concurrent cycles, later full collections and an
//! old generation near its top for minutes), Puppet's
//! `last_run_report.yaml` of a database server (the file someone had
//! edited by hand that the run put back, and what they had added, among
//! intended changes with diffs of their own, a package upgrade, a
//! service that failed to start and a resource skipped for it), `velero
//! backup get -o json` (the newest backup of one namespace that finished
//! cleanly before a bad migration, among a partly failed one after it, a
//! manual backup failed by a server restart, a clean one after the
//! migration and the nightly backup of every namespace).
//! Every item: Squid's `access.log` over a working day (the machines
//! that tried to tunnel SSH out through the proxy, among thousands of
//! authentication challenges, blocked sites, tunnels refused to mail and
//! remote-desktop ports and OpenSSH packages downloaded by servers),
//! `mypy -O json` of a shop's code base (the stub packages its hints say
//! to install, among libraries without stubs, internal packages not
//! found and thousands of other errors), `tflint --recursive --format
//! json` of an infrastructure repository (the files that launch servers
//! on an old instance generation, among old database and cache node
//! types, an invalid instance type and a module named for the audit of
//! old generations), `doctl compute droplet list -o json` (the production
//! droplets switched off, one of them not named for production, among
//! staging and development droplets switched off, a production droplet
//! being created and a scheduler named for powering off).
//!
//! The jq program of the JSON-lines output (mypy) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected jq result
//! was checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, h, hex, iso, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        mysqladmin_blocking_query(),
        jstat_first_full_gc(),
        puppet_reverted_file(),
        velero_last_clean_backup(),
        squid_ssh_tunnels(),
        mypy_stub_packages(),
        tflint_old_instance_types(),
        doctl_production_off(),
    ]
}

/// One connection of the processlist case.
struct Conn {
    /// Where it sorts among the connections (its id's order).
    key: u64,
    /// Fixed ids keep theirs (the event scheduler, the replicas' dumps).
    id: Option<u64>,
    planted: bool,
    user: &'static str,
    host: String,
    db: &'static str,
    command: &'static str,
    time: u64,
    state: &'static str,
    info: String,
}

/// A query of the shop on the orders table, as the application sends
/// it (values inlined).
fn orders_query(k: usize) -> String {
    let id = 7_310_000 + h(k, 1911) % 90_000;
    match h(k, 1912) % 5 {
        0 => format!(
            "SELECT id, status, total_cents, currency, created_at FROM orders WHERE customer_id = {} ORDER BY created_at DESC LIMIT 20",
            100_000 + h(k, 1913) % 900_000
        ),
        1 => format!(
            "INSERT INTO orders (customer_id, cart_id, status, total_cents, currency, shipping_address_id, created_at, updated_at) VALUES ({}, {}, 'pending', {}, 'EUR', {}, NOW(), NOW())",
            100_000 + h(k, 1913) % 900_000,
            20_000_000 + h(k, 1914) % 9_000_000,
            990 + h(k, 1915) % 40_000,
            400_000 + h(k, 1916) % 500_000
        ),
        2 => format!(
            "UPDATE orders SET status = 'paid', paid_at = NOW(), updated_at = NOW() WHERE id = {id} AND status = 'pending'"
        ),
        3 => format!(
            "SELECT o.id, o.status, oi.sku, oi.quantity, oi.unit_price_cents FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.id = {id}"
        ),
        _ => format!(
            "UPDATE orders SET fulfilment_status = 'picked', updated_at = NOW() WHERE id IN ({id}, {}, {})",
            id + 1 + h(k, 1917) % 40,
            id + 41 + h(k, 1918) % 40
        ),
    }
}

/// A query of the shop on anything but the orders table.
fn shop_query(k: usize) -> String {
    match h(k, 1921) % 5 {
        0 => format!(
            "SELECT p.id, p.sku, p.name, p.price_cents, s.quantity FROM products p JOIN stock s ON s.product_id = p.id WHERE p.category_id = {} AND p.active = 1 ORDER BY p.position LIMIT 48",
            10 + h(k, 1922) % 400
        ),
        1 => format!(
            "SELECT id, customer_id, currency, updated_at FROM carts WHERE session_id = '{}' LIMIT 1",
            hex(k, 1923, 32)
        ),
        2 => format!(
            "UPDATE sessions SET last_seen_at = NOW() WHERE id = '{}'",
            hex(k, 1924, 32)
        ),
        3 => format!(
            "INSERT INTO cart_items (cart_id, product_id, quantity, added_at) VALUES ({}, {}, {}, NOW()) ON DUPLICATE KEY UPDATE quantity = quantity + VALUES(quantity)",
            20_000_000 + h(k, 1925) % 9_000_000,
            1_000 + h(k, 1926) % 60_000,
            1 + h(k, 1927) % 3
        ),
        _ => format!(
            "SELECT id, first_name, last_name, status, locale FROM customers WHERE id = {}",
            100_000 + h(k, 1928) % 900_000
        ),
    }
}

/// `rows` as mysqladmin prints a result: a rule, the header, a rule,
/// every row and a rule; each cell left-aligned, one space before it and
/// at least one after, a column as wide as its widest cell or name.
fn mysql_grid(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = head.iter().map(|c| c.len()).collect();
    for r in rows {
        for (c, s) in r.iter().enumerate() {
            widths[c] = widths[c].max(s.len());
        }
    }
    let rule: String = std::iter::once("+".to_string())
        .chain(widths.iter().map(|w| format!("{}+", "-".repeat(w + 2))))
        .collect();
    let line = |cells: &[String]| -> String {
        let mut s = "|".to_string();
        for (c, v) in cells.iter().enumerate() {
            s.push_str(&format!(" {v:<w$}|", w = widths[c] + 1));
        }
        s
    };
    let mut out = format!("{rule}\n");
    out.push_str(&line(
        &head.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    ));
    out.push('\n');
    out.push_str(&rule);
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

/// `mysqladmin -u root -p --verbose processlist` on `db-shop-01`, the
/// primary of a shop's MySQL 8.0 (its `SHOW FULL PROCESSLIST`), twenty
/// minutes into a checkout outage: the event scheduler, two replicas'
/// binlog dumps, 24 application servers' pools of 30 connections and the
/// queue workers' pools, most idle, some busy on products, carts and
/// sessions, and some 230 queued on the orders table `Waiting for table
/// metadata lock` for up to 1190 seconds, one of them `Killed`. A
/// deploy's `ALTER TABLE orders` has waited for the lock for 1198
/// seconds; Metabase's monthly revenue report has been `executing` on
/// orders for 2461 seconds and holds it. An ETL job has been `executing`
/// longer still, on `orders_archive` tables; idle Metabase and ETL
/// connections are older than all of it.
fn mysqladmin_blocking_query() -> Case {
    let mut conns: Vec<Conn> = Vec::new();
    let idle = |key: u64, user: &'static str, host: String, db: &'static str, time: u64| Conn {
        key,
        id: None,
        planted: false,
        user,
        host,
        db,
        command: "Sleep",
        time,
        state: "",
        info: String::new(),
    };
    let busy_states = [
        "executing",
        "Sending to client",
        "statistics",
        "starting",
        "checking permissions",
        "waiting for handler commit",
        "updating",
    ];
    let mut k = 0usize;
    // The application servers' pools and the queue workers' pools.
    for (user, net, servers, per, waiting) in [
        ("shop_app", "10.30.2", 24usize, 30usize, 26u64),
        ("shop_worker", "10.30.3", 12, 12, 40),
    ] {
        for a in 0..servers {
            for _ in 0..per {
                k += 1;
                let host = format!("{net}.{}:{}", 11 + a, 32_768 + h(k, 1931) % 28_000);
                let r = h(k, 1932) % 100;
                let key = h(k, 1933);
                if r < waiting {
                    conns.push(Conn {
                        key,
                        id: None,
                        planted: false,
                        user,
                        host,
                        db: "shop",
                        command: "Query",
                        time: h(k, 1934) % 1_191,
                        state: "Waiting for table metadata lock",
                        info: orders_query(k),
                    });
                } else if r < waiting + 9 {
                    conns.push(Conn {
                        key,
                        id: None,
                        planted: false,
                        user,
                        host,
                        db: "shop",
                        command: "Query",
                        time: h(k, 1935) % 2,
                        state: pick(&busy_states, k, 1936),
                        info: shop_query(k),
                    });
                } else {
                    conns.push(idle(key, user, host, "shop", h(k, 1937) % 95));
                }
            }
        }
    }
    // Metabase's pool: idle for long, and the report.
    for n in 0..8 {
        k += 1;
        conns.push(idle(
            h(k, 1938),
            "metabase",
            format!("10.30.7.40:{}", 40_000 + h(k, 1939) % 20_000),
            "shop",
            2_600 + h(k, 1940) % 9_000 + n,
        ));
    }
    conns.push(Conn {
        key: h(1, 1941) % (u64::MAX / 3),
        id: None,
        planted: true,
        user: "metabase",
        host: "10.30.7.40:38814".into(),
        db: "shop",
        command: "Query",
        time: 2_461,
        state: "executing",
        info: "SELECT DATE_FORMAT(o.created_at, '%Y-%m') AS month, c.country_code, COUNT(DISTINCT o.id) AS orders, SUM(oi.quantity * oi.unit_price_cents) / 100 AS revenue FROM orders o JOIN order_items oi ON oi.order_id = o.id JOIN customers c ON c.id = o.customer_id WHERE o.created_at >= '2021-01-01' GROUP BY month, c.country_code ORDER BY month, revenue DESC".into(),
    });
    // The ETL job on the archive, longer than the report, and its idle
    // connections.
    conns.push(Conn {
        key: h(2, 1941) % (u64::MAX / 4),
        id: None,
        planted: false,
        user: "etl",
        host: "10.30.7.41:51120".into(),
        db: "shop",
        command: "Query",
        time: 3_874,
        state: "executing",
        info: "INSERT INTO orders_archive SELECT * FROM orders_archive_staging WHERE batch_id = 20261127 AND checksum_ok = 1".into(),
    });
    for n in 0..3 {
        k += 1;
        conns.push(idle(
            h(k, 1942),
            "etl",
            format!("10.30.7.41:{}", 50_000 + h(k, 1943) % 9_000),
            "shop",
            8_100 + h(k, 1944) % 4_000 + n,
        ));
    }
    // The deploy's migration, waiting for the lock the report holds.
    conns.push(Conn {
        key: u64::MAX / 2 + h(3, 1941) % (u64::MAX / 8),
        id: None,
        planted: false,
        user: "deploy",
        host: "10.30.5.21:51872".into(),
        db: "shop",
        command: "Query",
        time: 1_198,
        state: "Waiting for table metadata lock",
        info: "ALTER TABLE orders ADD COLUMN fulfilment_center_id INT UNSIGNED NULL AFTER warehouse_id, ALGORITHM=INPLACE, LOCK=NONE".into(),
    });
    // A queued query someone killed, still waiting to notice.
    k += 1;
    conns.push(Conn {
        key: h(k, 1945),
        id: None,
        planted: false,
        user: "shop_app",
        host: format!("10.30.2.17:{}", 32_768 + h(k, 1946) % 28_000),
        db: "shop",
        command: "Killed",
        time: 1_033,
        state: "Waiting for table metadata lock",
        info: "UPDATE orders SET status = 'cancelled', cancelled_at = NOW(), updated_at = NOW() WHERE id = 7391142 AND status = 'pending'".into(),
    });
    // The exporter's connections.
    for n in 0..3u64 {
        k += 1;
        conns.push(Conn {
            key: h(k, 1947),
            id: None,
            planted: false,
            user: "exporter",
            host: format!("10.30.8.5:{}", 41_000 + h(k, 1948) % 9_000),
            db: "",
            command: if n == 0 { "Query" } else { "Sleep" },
            time: n * 4,
            state: if n == 0 { "executing" } else { "" },
            info: if n == 0 {
                "SELECT SCHEMA_NAME, DIGEST_TEXT, COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_statements_summary_by_digest ORDER BY SUM_TIMER_WAIT DESC LIMIT 250".into()
            } else {
                String::new()
            },
        });
    }
    conns.push(Conn {
        key: 0,
        id: Some(5),
        planted: false,
        user: "event_scheduler",
        host: "localhost".into(),
        db: "",
        command: "Daemon",
        time: 1_204_811,
        state: "Waiting on empty queue",
        info: String::new(),
    });
    for (n, ip) in ["10.30.1.12", "10.30.1.13"].iter().enumerate() {
        conns.push(Conn {
            key: 1 + n as u64,
            id: Some(21 + n as u64),
            planted: false,
            user: "repl",
            host: format!("{ip}:{}", 40_112 + n * 3_119),
            db: "",
            command: "Binlog Dump GTID",
            time: 1_204_698 - n as u64 * 41,
            state: "Source has sent all binlog to replica; waiting for more updates",
            info: String::new(),
        });
    }
    conns.push(Conn {
        key: u64::MAX,
        id: None,
        planted: false,
        user: "root",
        host: "localhost".into(),
        db: "",
        command: "Query",
        time: 0,
        state: "init",
        info: "show full processlist".into(),
    });
    conns.sort_by_key(|c| c.key);
    let mut next = 3_291_407u64;
    let mut planted_id = 0;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (n, c) in conns.iter().enumerate() {
        let id = match c.id {
            Some(id) => id,
            None => {
                next += 1 + h(n, 1949) % 37;
                next
            }
        };
        if c.planted {
            planted_id = id;
        }
        rows.push(vec![
            id.to_string(),
            c.user.to_string(),
            c.host.clone(),
            c.db.to_string(),
            c.command.to_string(),
            c.time.to_string(),
            c.state.to_string(),
            c.info.clone(),
        ]);
    }
    let out = mysql_grid(
        &[
            "Id", "User", "Host", "db", "Command", "Time", "State", "Info",
        ],
        &rows,
    );
    let id = planted_id.to_string();
    assert_eq!(whole(&out, &id), 1);
    assert_eq!(whole(&out, "2461"), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "mysqladmin processlist during a hang, the query holding the table",
        out,
        "Checkout has been hanging for about twenty minutes and every query on the orders table just sits there. What is actually holding that table up? Give me the connection so I can kill it, and tell me whose it is.",
        &[id.as_str(), "metabase"],
    )
}

/// Hundredths of a percent as jstat prints them (`97.31`).
fn pct(v: u64) -> String {
    format!("{}.{:02}", v / 100, v % 100)
}

/// Milliseconds as jstat prints seconds (`1.184`).
fn secs(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// `jstat -gcutil -t 28417 1s` of `checkout-service` (Java 17, G1, a
/// 4 GiB heap) from 412.6 seconds after the JVM started, 5300 samples:
/// survivors as G1 reports them, eden filling and emptying with a young
/// collection every few seconds, the old generation climbing from 17.9 %
/// with a leak, concurrent cycles (two pauses each) once it passes 45 %
/// and mixed collections that win a little back. At 2242.0 a young
/// collection runs out of to-space and takes 0.912 s. The old
/// generation passes 99 % minutes before the first full collection, at
/// 3911.1, which takes 2.871 s and leaves it at 68.42 %; two more come
/// later (3.402 s and 3.917 s), closer together.
fn jstat_first_full_gc() -> Case {
    let mut out = String::from(
        "Timestamp         S0     S1     E      O      M     CCS    YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT   \n",
    );
    let samples = 5_300usize;
    // The full collections: sample, pause, where the old generation ends.
    let fulls = [
        (3_490usize, 2_871u64, 6_842u64),
        (4_552, 3_402, 7_318),
        (5_091, 3_917, 7_755),
    ];
    let to_space = 1_825usize;
    // Where the old generation heads between collections, in hundredths
    // of a percent: from `from` at sample `a` to `to` at sample `b`.
    let target = |s: usize| -> u64 {
        let seg = |a: usize, b: usize, from: u64, to: u64| -> u64 {
            from + (to - from) * (s - a) as u64 / (b - a) as u64
        };
        if s < 3_200 {
            seg(0, 3_200, 1_790, 9_910)
        } else if s < fulls[0].0 {
            seg(3_200, fulls[0].0, 9_910, 9_968)
        } else if s < fulls[1].0 {
            seg(fulls[0].0, fulls[1].0, fulls[0].2, 9_957)
        } else if s < fulls[2].0 {
            seg(fulls[1].0, fulls[2].0, fulls[1].2, 9_961)
        } else {
            seg(fulls[2].0, samples, fulls[2].2, 9_420)
        }
    };
    let (mut s1, mut e, mut o) = (10_000u64, 1_200u64, 1_790u64);
    let (mut ygc, mut ygct, mut fgc, mut fgct, mut cgc, mut cgct) =
        (183u64, 1_184u64, 0u64, 0u64, 4u64, 21u64);
    let (mut last_cycle, mut mixed) = (0usize, 0u32);
    let mut first_full = String::new();
    for s in 0..samples {
        let tenths = 4_126 + s as u64 * 10 + s as u64 / 41;
        let ts = format!("{}.{}", tenths / 10, tenths % 10);
        let full = fulls.iter().find(|f| f.0 == s);
        if let Some(&(_, pause, after)) = full {
            fgc += 1;
            fgct += pause;
            o = after;
            e = 0;
            s1 = 0;
            if fgc == 1 {
                first_full = ts.clone();
            }
        } else {
            e += 600 + h(s, 1951) % 1_300;
            if s == to_space {
                e = e.max(10_000);
            }
            if e >= 10_000 {
                ygc += 1;
                ygct += if s == to_space {
                    912
                } else {
                    9 + h(s, 1952) % 30
                };
                e = h(s, 1953) % 900;
                s1 = 10_000;
                let goal = target(s);
                let jitter = h(s, 1954) % 40;
                if mixed > 0 {
                    mixed -= 1;
                    o = o
                        .saturating_sub(60 + h(s, 1955) % 140)
                        .max(goal.saturating_sub(400));
                } else if goal + jitter > o {
                    o = (goal + jitter).min(9_990);
                }
            }
            if o >= 4_500 && s - last_cycle > 95 && full.is_none() && h(s, 1956).is_multiple_of(7) {
                cgc += 2;
                cgct += 4 + h(s, 1957) % 12;
                last_cycle = s;
                mixed = 3 + (h(s, 1958) % 4) as u32;
            }
        }
        let m = 9_731 + h(s / 600, 1959) % 20;
        let ccs = 9_462 + h(s / 600, 1960) % 30;
        out.push_str(&format!(
            "{:>15} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9} {:>5} {:>9} {:>5} {:>9} {:>9}\n",
            ts,
            pct(0),
            pct(s1),
            pct(e.min(10_000)),
            pct(o),
            pct(m),
            pct(ccs),
            ygc,
            secs(ygct),
            fgc,
            secs(fgct),
            cgc,
            secs(cgct),
            secs(ygct + fgct + cgct)
        ));
    }
    assert_eq!(whole(&out, &first_full), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "jstat -gcutil -t of a checkout service, the first full GC",
        out,
        "Our checkout service froze for a few seconds some time after this morning's deploy, and I suspect a full GC. Going by this jstat output, how long after the JVM started did the first full GC happen, and how long did it stop the application?",
        &[first_full.as_str(), "2.871"],
    )
}

/// `s` as Psych writes a string scalar: plain when YAML would read it
/// back as the same string, single-quoted when not, double-quoted with
/// escapes when it spans lines.
fn yaml_str(s: &str) -> String {
    if s.contains('\n') || s.contains('\t') {
        let mut q = String::from("\"");
        for c in s.chars() {
            match c {
                '\n' => q.push_str("\\n"),
                '\t' => q.push_str("\\t"),
                '"' => q.push_str("\\\""),
                '\\' => q.push_str("\\\\"),
                c => q.push(c),
            }
        }
        q.push('"');
        return q;
    }
    let special = s.is_empty()
        || s.starts_with(|c: char| "{}[]'\"&*!|>%@`#,?:- ".contains(c))
        || s.ends_with(' ')
        || s.contains(": ")
        || s.contains(" #")
        || s.parse::<f64>().is_ok()
        || ["true", "false", "yes", "no", "on", "off", "null", "~"].contains(&s);
    if special {
        format!("'{}'", s.replace('\'', "''"))
    } else {
        s.to_string()
    }
}

/// `2026-11-27 03:14:07.552183000 +00:00`: a time as Psych writes it.
fn ruby_time(t: u64, nanos: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02} {}.{nanos:09} +00:00", clock(t % 86_400))
}

/// A change Puppet made to a property of a resource.
struct PuppetEvent {
    property: &'static str,
    previous: String,
    desired: String,
    message: String,
    name: &'static str,
    status: &'static str,
    corrective: bool,
}

/// A resource of the catalog and what the run did to it.
struct PuppetResource {
    rtype: &'static str,
    title: String,
    class: &'static str,
    manifest: &'static str,
    line: u64,
    provider: Option<&'static str>,
    events: Vec<PuppetEvent>,
    failed: bool,
    failed_to_restart: bool,
    skipped: bool,
}

impl PuppetResource {
    fn new(
        rtype: &'static str,
        title: String,
        class: &'static str,
        manifest: &'static str,
        line: u64,
        provider: Option<&'static str>,
    ) -> PuppetResource {
        PuppetResource {
            rtype,
            title,
            class,
            manifest,
            line,
            provider,
            events: Vec::new(),
            failed: false,
            failed_to_restart: false,
            skipped: false,
        }
    }

    fn name(&self) -> String {
        format!("{}[{}]", self.rtype, self.title)
    }

    /// `/Stage[main]/Class/Type[title]`, as a log's source names it.
    fn path(&self) -> String {
        format!("/Stage[main]/{}/{}", self.class, self.name())
    }
}

/// A tag set as Psych writes Puppet's `TagSet`.
fn tag_set(tags: &[String], indent: &str) -> String {
    let mut s = "!ruby/object:Puppet::Util::TagSet\n".to_string();
    s.push_str(&format!("{indent}hash:\n"));
    for t in tags {
        s.push_str(&format!("{indent}  {}: true\n", yaml_str(t)));
    }
    s
}

/// The tags Puppet gives a resource: its type, the class's name and
/// every part of it, `class`.
fn puppet_tags(r: &PuppetResource) -> Vec<String> {
    let class = r.class.to_lowercase();
    let mut tags = vec![r.rtype.to_lowercase(), "class".to_string(), class.clone()];
    for part in class.split("::") {
        if !tags.iter().any(|t| t == part) {
            tags.push(part.to_string());
        }
    }
    tags
}

/// One log line of the report.
fn puppet_log(
    level: &str,
    tags: &[String],
    message: &str,
    source: &str,
    t: u64,
    nanos: u64,
    at: Option<(&str, u64)>,
) -> String {
    let mut s = format!(
        "- !ruby/object:Puppet::Util::Log\n  level: :{level}\n  tags: {}  message: {}\n  source: {}\n  time: {}\n",
        tag_set(tags, "    "),
        yaml_str(message),
        yaml_str(source),
        ruby_time(t, nanos)
    );
    if let Some((file, line)) = at {
        s.push_str(&format!("  file: {file}\n  line: {line}\n"));
    }
    s
}

/// A file's checksum as Puppet's events show it.
fn sha(k: usize, salt: u64) -> String {
    format!("{{sha256}}{}", hex(k, salt, 64))
}

/// `/opt/puppetlabs/puppet/cache/state/last_run_report.yaml` of
/// `db-01.prod.nordwind.de` after the 03:14 run of 27 Nov (Puppet 8.10,
/// `show_diff` on): the metrics, the logs and the status of some 430
/// resources (users and their keys, sysctls, packages, monitoring
/// plugins, PostgreSQL's configuration, roles and grants, PgBouncer,
/// firewall rules, cron jobs). The release changed the tuning
/// configuration's `work_mem`, PgBouncer's pool size, the motd and a
/// sysctl and upgraded `postgresql-14`, each with its diff or change;
/// PgBouncer then failed to start and its userlist reload was skipped.
/// The one corrective change: `pg_hba.conf`, where someone had added a
/// `trust` line for `10.30.9.0/24`, which the run took out again.
fn puppet_reverted_file() -> Case {
    const USERS_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/base/users.pp";
    const SYSCTL_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/base/sysctl.pp";
    const PACKAGES_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/base/packages.pp";
    const NRPE_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/monitoring/nrpe.pp";
    const PG_CONFIG_PP: &str = "/etc/puppetlabs/code/environments/production/modules/postgresql/manifests/server/config.pp";
    const PG_HBA_PP: &str =
        "/etc/puppetlabs/code/environments/production/modules/concat/manifests/init.pp";
    const PG_TUNING_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/db/tuning.pp";
    const PG_INSTALL_PP: &str = "/etc/puppetlabs/code/environments/production/modules/postgresql/manifests/server/install.pp";
    const PG_SERVICE_PP: &str = "/etc/puppetlabs/code/environments/production/modules/postgresql/manifests/server/service.pp";
    const PG_GRANT_PP: &str =
        "/etc/puppetlabs/code/environments/production/modules/postgresql/manifests/server/grant.pp";
    const PGBOUNCER_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/db/pgbouncer.pp";
    const FIREWALL_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/base/firewall.pp";
    const CRON_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/db/cron.pp";
    const MOTD_PP: &str =
        "/etc/puppetlabs/code/environments/production/site/profile/manifests/base/motd.pp";
    let hba = "/etc/postgresql/14/main/pg_hba.conf";
    let mut res: Vec<PuppetResource> = Vec::new();
    let users = [
        "a.schmidt",
        "b.keller",
        "c.wagner",
        "d.hoffmann",
        "e.becker",
        "f.schulz",
        "g.richter",
        "h.klein",
        "i.wolf",
        "j.neumann",
        "k.schwarz",
        "l.zimmermann",
        "m.braun",
        "n.krueger",
        "o.hofmann",
        "p.hartmann",
        "q.lange",
        "r.schmitt",
        "s.werner",
        "t.krause",
        "u.meier",
        "v.lehmann",
        "w.koehler",
        "x.herrmann",
        "y.koenig",
        "z.walter",
        "deploy",
        "backup",
        "nagios",
        "ansible",
        "svc-metabase",
        "svc-etl",
        "j.fischer",
        "k.weber",
        "m.mueller",
        "s.meyer",
    ];
    for (n, u) in users.iter().enumerate() {
        let l = 20 + (n as u64 % 3);
        res.push(PuppetResource::new(
            "Group",
            u.to_string(),
            "Profile::Base::Users",
            USERS_PP,
            l,
            Some("groupadd"),
        ));
        res.push(PuppetResource::new(
            "User",
            u.to_string(),
            "Profile::Base::Users",
            USERS_PP,
            l + 6,
            Some("useradd"),
        ));
        res.push(PuppetResource::new(
            "File",
            format!("/home/{u}"),
            "Profile::Base::Users",
            USERS_PP,
            l + 19,
            Some("posix"),
        ));
        res.push(PuppetResource::new(
            "File",
            format!("/home/{u}/.ssh"),
            "Profile::Base::Users",
            USERS_PP,
            l + 26,
            Some("posix"),
        ));
        res.push(PuppetResource::new(
            "Ssh_authorized_key",
            format!("{u}@nordwind"),
            "Profile::Base::Users",
            USERS_PP,
            l + 33,
            Some("parsed"),
        ));
    }
    let sysctls = [
        "vm.swappiness",
        "vm.overcommit_memory",
        "vm.dirty_ratio",
        "vm.dirty_background_ratio",
        "vm.min_free_kbytes",
        "vm.nr_hugepages",
        "vm.zone_reclaim_mode",
        "kernel.shmmax",
        "kernel.shmall",
        "kernel.sem",
        "kernel.sched_migration_cost_ns",
        "kernel.numa_balancing",
        "net.core.somaxconn",
        "net.core.netdev_max_backlog",
        "net.ipv4.tcp_max_syn_backlog",
        "net.ipv4.tcp_keepalive_time",
        "net.ipv4.tcp_keepalive_intvl",
        "net.ipv4.tcp_keepalive_probes",
        "net.ipv4.ip_local_port_range",
        "net.ipv4.tcp_fin_timeout",
        "net.ipv4.tcp_tw_reuse",
        "net.ipv4.conf.all.rp_filter",
        "fs.file-max",
        "fs.aio-max-nr",
    ];
    for (n, s) in sysctls.iter().enumerate() {
        let mut r = PuppetResource::new(
            "Sysctl",
            s.to_string(),
            "Profile::Base::Sysctl",
            SYSCTL_PP,
            14 + n as u64 * 4,
            Some("augeas"),
        );
        if *s == "vm.dirty_background_ratio" {
            r.events.push(PuppetEvent {
                property: "value",
                previous: "10".into(),
                desired: "5".into(),
                message: "value changed '10' to '5'".into(),
                name: "value_changed",
                status: "success",
                corrective: false,
            });
        }
        res.push(r);
    }
    let packages = [
        "postgresql-client-14",
        "postgresql-contrib-14",
        "postgresql-14-repack",
        "postgresql-14-pg-stat-kcache",
        "pgbouncer",
        "pgbackrest",
        "barman-cli",
        "python3-psycopg2",
        "htop",
        "iotop",
        "sysstat",
        "atop",
        "tmux",
        "vim",
        "curl",
        "jq",
        "rsync",
        "lsof",
        "strace",
        "tcpdump",
        "dstat",
        "nagios-plugins-contrib",
        "monitoring-plugins-basic",
        "nagios-nrpe-server",
        "prometheus-node-exporter",
        "prometheus-postgres-exporter",
        "chrony",
        "unattended-upgrades",
        "apt-transport-https",
        "ca-certificates",
        "gnupg",
        "lvm2",
        "xfsprogs",
        "nvme-cli",
        "smartmontools",
        "ipmitool",
        "ethtool",
        "net-tools",
        "dnsutils",
        "bash-completion",
        "logrotate",
        "rsyslog",
        "auditd",
        "fail2ban",
        "needrestart",
        "debsums",
        "acl",
        "bzip2",
        "zstd",
        "pigz",
        "mbuffer",
        "pv",
        "git",
        "ncdu",
        "mtr-tiny",
    ];
    for (n, p) in packages.iter().enumerate() {
        res.push(PuppetResource::new(
            "Package",
            p.to_string(),
            "Profile::Base::Packages",
            PACKAGES_PP,
            9 + n as u64,
            Some("apt"),
        ));
    }
    let checks = [
        "check_pg_replication",
        "check_pg_connections",
        "check_pg_locks",
        "check_pg_bloat",
        "check_pg_wal_size",
        "check_pg_backup_age",
        "check_pgbouncer_pools",
        "check_disk_io",
        "check_mem",
        "check_load",
        "check_swap",
        "check_ntp_offset",
        "check_raid",
        "check_smart",
        "check_ipmi_sensors",
        "check_fs_ro",
        "check_inodes",
        "check_conntrack",
        "check_open_files",
        "check_cron_age",
        "check_puppet_age",
        "check_apt",
        "check_reboot_required",
        "check_systemd",
        "check_journal_errors",
        "check_logrotate",
        "check_certificates",
        "check_bonding",
        "check_multipath",
        "check_lvm_thin",
    ];
    for (n, c) in checks.iter().enumerate() {
        res.push(PuppetResource::new(
            "File",
            format!("/usr/lib/nagios/plugins/{c}"),
            "Profile::Monitoring::Nrpe",
            NRPE_PP,
            31,
            Some("posix"),
        ));
        res.push(PuppetResource::new(
            "File",
            format!("/etc/nagios/nrpe.d/{c}.cfg"),
            "Profile::Monitoring::Nrpe",
            NRPE_PP,
            38 + n as u64 % 2,
            Some("posix"),
        ));
    }
    // PostgreSQL itself.
    let mut pkg = PuppetResource::new(
        "Package",
        "postgresql-14".into(),
        "Postgresql::Server::Install",
        PG_INSTALL_PP,
        24,
        Some("apt"),
    );
    pkg.events.push(PuppetEvent {
        property: "ensure",
        previous: "14.12-1.pgdg22.04+1".into(),
        desired: "14.13-1.pgdg22.04+1".into(),
        message: "ensure changed '14.12-1.pgdg22.04+1' to '14.13-1.pgdg22.04+1'".into(),
        name: "ensure_changed",
        status: "success",
        corrective: false,
    });
    res.push(pkg);
    for (f, l) in [
        ("/etc/postgresql/14/main/postgresql.conf", 61),
        ("/etc/postgresql/14/main/pg_ident.conf", 88),
        ("/etc/postgresql/14/main/conf.d", 102),
        ("/etc/postgresql/14/main/environment", 117),
    ] {
        res.push(PuppetResource::new(
            "File",
            f.into(),
            "Postgresql::Server::Config",
            PG_CONFIG_PP,
            l,
            Some("posix"),
        ));
    }
    res.push(PuppetResource::new(
        "Concat_file",
        hba.into(),
        "Postgresql::Server::Config",
        PG_HBA_PP,
        118,
        None,
    ));
    let (hba_old, hba_new) = (sha(1, 1961), sha(2, 1961));
    let mut hba_file = PuppetResource::new(
        "File",
        hba.into(),
        "Postgresql::Server::Config",
        PG_HBA_PP,
        125,
        Some("posix"),
    );
    hba_file.events.push(PuppetEvent {
        property: "content",
        message: format!("content changed '{hba_old}' to '{hba_new}'"),
        previous: hba_old.clone(),
        desired: hba_new.clone(),
        name: "content_changed",
        status: "success",
        corrective: true,
    });
    let hba_index = res.len();
    res.push(hba_file);
    let (tune_old, tune_new) = (sha(3, 1961), sha(4, 1961));
    let mut tuning = PuppetResource::new(
        "File",
        "/etc/postgresql/14/main/conf.d/90-tuning.conf".into(),
        "Profile::Db::Tuning",
        PG_TUNING_PP,
        17,
        Some("posix"),
    );
    tuning.events.push(PuppetEvent {
        property: "content",
        message: format!("content changed '{tune_old}' to '{tune_new}'"),
        previous: tune_old.clone(),
        desired: tune_new.clone(),
        name: "content_changed",
        status: "success",
        corrective: false,
    });
    let tuning_index = res.len();
    res.push(tuning);
    let mut reload = PuppetResource::new(
        "Exec",
        "postgresql_reload".into(),
        "Postgresql::Server::Service",
        PG_SERVICE_PP,
        44,
        Some("posix"),
    );
    reload.events.push(PuppetEvent {
        property: "",
        previous: String::new(),
        desired: String::new(),
        message: "Triggered 'refresh' from 2 events".into(),
        name: "refresh",
        status: "success",
        corrective: false,
    });
    let reload_index = res.len();
    res.push(reload);
    res.push(PuppetResource::new(
        "Service",
        "postgresqld".into(),
        "Postgresql::Server::Service",
        PG_SERVICE_PP,
        31,
        Some("systemd"),
    ));
    // Roles, databases and grants: one `Postgresql_psql` each.
    let roles = [
        "shop_app",
        "shop_worker",
        "metabase",
        "etl",
        "exporter",
        "repl",
        "deploy",
        "readonly",
        "reporting",
        "backup",
    ];
    for (n, r) in roles.iter().enumerate() {
        res.push(PuppetResource::new(
            "Postgresql_psql",
            format!("CREATE ROLE {r} ENCRYPTED PASSWORD ****"),
            "Profile::Db::Roles",
            PG_GRANT_PP,
            141 + n as u64 % 2,
            Some("ruby"),
        ));
    }
    let tables = [
        "orders",
        "order_items",
        "customers",
        "carts",
        "cart_items",
        "products",
        "stock",
        "sessions",
        "payments",
        "shipments",
        "invoices",
        "vouchers",
    ];
    let grants: [(&str, &[&str]); 4] = [
        ("shop_app", &["SELECT", "INSERT", "UPDATE", "DELETE"]),
        ("shop_worker", &["SELECT", "UPDATE"]),
        ("metabase", &["SELECT"]),
        ("etl", &["SELECT"]),
    ];
    for (role, privs) in grants.iter() {
        for t in tables.iter() {
            res.push(PuppetResource::new(
                "Postgresql_psql",
                format!(
                    "grant:{role}_{t}: GRANT {} ON TABLE \"{t}\" TO \"{role}\"",
                    privs.join(",")
                ),
                "Profile::Db::Grants",
                PG_GRANT_PP,
                176,
                Some("ruby"),
            ));
        }
    }
    // PgBouncer: its new pool size, a start that fails, a reload skipped.
    let (bouncer_old, bouncer_new) = (sha(5, 1961), sha(6, 1961));
    let mut ini = PuppetResource::new(
        "File",
        "/etc/pgbouncer/pgbouncer.ini".into(),
        "Profile::Db::Pgbouncer",
        PGBOUNCER_PP,
        22,
        Some("posix"),
    );
    ini.events.push(PuppetEvent {
        property: "content",
        message: format!("content changed '{bouncer_old}' to '{bouncer_new}'"),
        previous: bouncer_old.clone(),
        desired: bouncer_new.clone(),
        name: "content_changed",
        status: "success",
        corrective: false,
    });
    let ini_index = res.len();
    res.push(ini);
    res.push(PuppetResource::new(
        "File",
        "/etc/pgbouncer/userlist.txt".into(),
        "Profile::Db::Pgbouncer",
        PGBOUNCER_PP,
        31,
        Some("posix"),
    ));
    let mut bouncer = PuppetResource::new(
        "Service",
        "pgbouncer".into(),
        "Profile::Db::Pgbouncer",
        PGBOUNCER_PP,
        40,
        Some("systemd"),
    );
    bouncer.failed = true;
    bouncer.events.push(PuppetEvent {
        property: "ensure",
        previous: "stopped".into(),
        desired: "running".into(),
        message: "change from 'stopped' to 'running' failed: Systemd start for pgbouncer failed!\njournalctl log for pgbouncer:\nNov 27 03:14:09 db-01 pgbouncer[3121]: FATAL unrecognized parameter in section [pgbouncer]: default_pool_sizes\nNov 27 03:14:09 db-01 systemd[1]: pgbouncer.service: Main process exited, code=exited, status=1/FAILURE\nNov 27 03:14:09 db-01 systemd[1]: pgbouncer.service: Failed with result 'exit-code'.".into(),
        name: "service_started",
        status: "failure",
        corrective: false,
    });
    let bouncer_index = res.len();
    res.push(bouncer);
    let mut skipped = PuppetResource::new(
        "Exec",
        "pgbouncer-reload-userlist".into(),
        "Profile::Db::Pgbouncer",
        PGBOUNCER_PP,
        48,
        None,
    );
    skipped.skipped = true;
    let skipped_index = res.len();
    res.push(skipped);
    // Firewall rules, cron jobs, the motd.
    let rules = [
        "001 accept all icmp",
        "002 accept related established",
        "003 accept loopback",
        "100 allow ssh from bastion",
        "110 allow postgres from app",
        "111 allow postgres from workers",
        "112 allow postgres from metabase",
        "113 allow postgres from etl",
        "114 allow postgres from replicas",
        "120 allow pgbouncer from app",
        "121 allow pgbouncer from workers",
        "130 allow node exporter from prometheus",
        "131 allow postgres exporter from prometheus",
        "140 allow nrpe from icinga",
        "150 allow pgbackrest from backup",
    ];
    for (n, r) in rules.iter().enumerate() {
        res.push(PuppetResource::new(
            "Firewall",
            r.to_string(),
            "Profile::Base::Firewall",
            FIREWALL_PP,
            12 + n as u64 * 7,
            Some("iptables"),
        ));
        res.push(PuppetResource::new(
            "Firewall",
            format!("{r} v6"),
            "Profile::Base::Firewall",
            FIREWALL_PP,
            12 + n as u64 * 7,
            Some("ip6tables"),
        ));
    }
    for (n, c) in [
        "pg_repack-nightly",
        "pgbackrest-full-sunday",
        "pgbackrest-diff-daily",
        "pgbackrest-expire",
        "vacuumdb-analyze-weekly",
        "pg_stat_statements-reset",
        "logrotate-postgresql",
        "puppet-report-cleanup",
        "sessions-purge",
        "carts-abandoned-purge",
        "orders-archive-move",
        "metabase-cache-warm",
    ]
    .iter()
    .enumerate()
    {
        res.push(PuppetResource::new(
            "Cron",
            c.to_string(),
            "Profile::Db::Cron",
            CRON_PP,
            9 + n as u64 * 8,
            Some("crontab"),
        ));
    }
    let (motd_old, motd_new) = (sha(7, 1961), sha(8, 1961));
    let mut motd = PuppetResource::new(
        "File",
        "/etc/motd".into(),
        "Profile::Base::Motd",
        MOTD_PP,
        8,
        Some("posix"),
    );
    motd.events.push(PuppetEvent {
        property: "content",
        message: format!("content changed '{motd_old}' to '{motd_new}'"),
        previous: motd_old.clone(),
        desired: motd_new.clone(),
        name: "content_changed",
        status: "success",
        corrective: false,
    });
    res.push(motd);

    // The run: one resource after another from 03:14:05.
    let start = DAY + 3 * 3_600 + 14 * 60 + 1;
    let mut t_ms = (start + 4) * 1_000;
    let mut times: Vec<(u64, u64)> = Vec::new();
    for (n, _) in res.iter().enumerate() {
        t_ms += 4 + h(n, 1962) % 90;
        times.push((
            t_ms / 1_000,
            (t_ms % 1_000) * 1_000_000 + h(n, 1963) % 990_000,
        ));
    }
    // The logs.
    let mut logs = String::new();
    let general = |level: &str, msg: &str, t: u64, k: usize| -> String {
        puppet_log(
            level,
            &[level.to_string()],
            msg,
            "Puppet",
            t,
            h(k, 1964) % 1_000_000_000,
            None,
        )
    };
    logs.push_str(&general("info", "Using environment 'production'", start, 1));
    logs.push_str(&general("info", "Retrieving pluginfacts", start, 2));
    logs.push_str(&general("info", "Retrieving plugin", start + 1, 3));
    logs.push_str(&general("info", "Loading facts", start + 1, 4));
    logs.push_str(&general(
        "info",
        "Caching catalog for db-01.prod.nordwind.de",
        start + 3,
        5,
    ));
    logs.push_str(&general(
        "info",
        "Applying configuration version 'production-7c1e2f9a3b'",
        start + 4,
        6,
    ));
    let diff = |path: &str, k: usize, at: u64, hunk: &str, body: &str| -> String {
        format!(
            "\n--- {path}\t2026-11-{} 16:42:09.187422871 +0000\n+++ /tmp/puppet-file20261127-2214-{}\t2026-11-27 {}.548112011 +0000\n{hunk}\n{body}",
            if k == 1 { "26" } else { "12" },
            hex(k, 1965, 7),
            clock(at % 86_400)
        )
    };
    for (index, body, hunk) in [
        (
            hba_index,
            " host    shop            shop_app        10.30.2.0/24            scram-sha-256\n host    shop            shop_worker     10.30.3.0/24            scram-sha-256\n host    shop            metabase        10.30.7.40/32           scram-sha-256\n-host    all             postgres        10.30.9.0/24            trust\n host    shop            etl             10.30.7.41/32           scram-sha-256\n host    replication     repl            10.30.1.0/24            scram-sha-256\n host    all             exporter        10.30.8.5/32            scram-sha-256\n",
            "@@ -97,7 +97,6 @@",
        ),
        (
            tuning_index,
            " shared_buffers = '16GB'\n effective_cache_size = '48GB'\n maintenance_work_mem = '2GB'\n-work_mem = '32MB'\n+work_mem = '64MB'\n random_page_cost = 1.1\n effective_io_concurrency = 200\n",
            "@@ -4,7 +4,7 @@",
        ),
        (
            ini_index,
            " max_client_conn = 2000\n pool_mode = transaction\n-default_pool_size = 40\n+default_pool_sizes = 60\n reserve_pool_size = 10\n server_idle_timeout = 300\n",
            "@@ -11,6 +11,6 @@",
        ),
    ] {
        let r = &res[index];
        let (t, nanos) = times[index];
        let tags = puppet_tags(r);
        let source = format!("{}/content", r.path());
        let at = Some((r.manifest, r.line));
        let k = if index == hba_index { 1 } else { 2 + index };
        logs.push_str(&puppet_log(
            "info",
            &tags,
            &format!("Computing checksum on file {}", r.title),
            &r.path(),
            t,
            nanos,
            at,
        ));
        logs.push_str(&puppet_log(
            "info",
            &tags,
            &format!(
                "Filebucketed {} to puppet with sum {}",
                r.title,
                &r.events[0].previous[8..]
            ),
            &r.path(),
            t,
            nanos + 1_000,
            at,
        ));
        logs.push_str(&puppet_log(
            "notice",
            &tags,
            &diff(&r.title, k, t, hunk, body),
            &source,
            t,
            nanos + 2_000,
            at,
        ));
        logs.push_str(&puppet_log(
            "notice",
            &tags,
            &r.events[0].message,
            &source,
            t,
            nanos + 3_000,
            at,
        ));
        if index != ini_index {
            logs.push_str(&puppet_log(
                "info",
                &tags,
                "Scheduling refresh of Exec[postgresql_reload]",
                &r.path(),
                t,
                nanos + 4_000,
                at,
            ));
        } else {
            logs.push_str(&puppet_log(
                "info",
                &tags,
                "Scheduling refresh of Service[pgbouncer]",
                &r.path(),
                t,
                nanos + 4_000,
                at,
            ));
        }
    }
    for (index, level, prop) in [
        (reload_index, "notice", ""),
        (bouncer_index, "err", "/ensure"),
    ] {
        let r = &res[index];
        let (t, nanos) = times[index];
        logs.push_str(&puppet_log(
            level,
            &puppet_tags(r),
            &r.events[0].message,
            &format!("{}{prop}", r.path()),
            t,
            nanos,
            Some((r.manifest, r.line)),
        ));
    }
    {
        let r = &res[skipped_index];
        let (t, nanos) = times[skipped_index];
        logs.push_str(&puppet_log(
            "warning",
            &puppet_tags(r),
            "Skipping because of failed dependencies",
            &r.path(),
            t,
            nanos,
            Some((r.manifest, r.line)),
        ));
    }
    for (n, r) in res.iter().enumerate() {
        if (r.rtype == "Package" || r.rtype == "Sysctl" || r.title == "/etc/motd")
            && !r.events.is_empty()
        {
            let (t, nanos) = times[n];
            logs.push_str(&puppet_log(
                "notice",
                &puppet_tags(r),
                &r.events[0].message,
                &format!("{}/{}", r.path(), r.events[0].property),
                t,
                nanos,
                Some((r.manifest, r.line)),
            ));
        }
    }
    let end = times.last().unwrap().0 + 2;
    logs.push_str(&general(
        "notice",
        "Applied catalog in 41.37 seconds",
        end,
        7,
    ));

    // The resources' statuses.
    let mut statuses = String::new();
    let (
        mut changed,
        mut out_of_sync,
        mut failed_n,
        mut skipped_n,
        mut corrective_n,
        mut events_ok,
        mut events_failed,
    ) = (0, 0, 0, 0, 0, 0, 0);
    for (n, r) in res.iter().enumerate() {
        let (t, nanos) = times[n];
        let corrective = r.events.iter().any(|e| e.corrective);
        let count = r.events.len();
        let is_changed = count > 0 && !r.failed;
        changed += usize::from(is_changed);
        out_of_sync += usize::from(count > 0);
        failed_n += usize::from(r.failed);
        skipped_n += usize::from(r.skipped);
        corrective_n += usize::from(corrective);
        let name = r.name();
        statuses.push_str(&format!(
            "  {}: !ruby/object:Puppet::Resource::Status\n",
            yaml_str(&name)
        ));
        statuses.push_str(&format!("    resource: {}\n", yaml_str(&name)));
        statuses.push_str(&format!("    file: {}\n    line: {}\n", r.manifest, r.line));
        statuses.push_str(&format!(
            "    evaluation_time: 0.{:09}\n",
            300_000 + h(n, 1966) % 90_000_000
        ));
        statuses.push_str(&format!(
            "    change_count: {}\n    out_of_sync_count: {}\n",
            if is_changed { count } else { 0 },
            count
        ));
        statuses.push_str(&format!("    tags: {}", tag_set(&puppet_tags(r), "      ")));
        statuses.push_str(&format!("    time: {}\n", ruby_time(t, nanos)));
        if r.events.is_empty() {
            statuses.push_str("    events: []\n");
        } else {
            statuses.push_str("    events:\n");
            for (j, e) in r.events.iter().enumerate() {
                if e.status == "success" {
                    events_ok += 1;
                } else {
                    events_failed += 1;
                }
                let v = |s: &str| {
                    if s.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", yaml_str(s))
                    }
                };
                statuses.push_str("    - !ruby/object:Puppet::Transaction::Event\n");
                statuses.push_str("      audited: false\n");
                statuses.push_str(&format!("      property:{}\n", v(e.property)));
                statuses.push_str(&format!("      previous_value:{}\n", v(&e.previous)));
                statuses.push_str(&format!("      desired_value:{}\n", v(&e.desired)));
                statuses.push_str("      historical_value: \n");
                statuses.push_str(&format!("      message: {}\n", yaml_str(&e.message)));
                statuses.push_str(&format!("      name: :{}\n", e.name));
                statuses.push_str(&format!("      status: {}\n", e.status));
                statuses.push_str(&format!(
                    "      time: {}\n",
                    ruby_time(t, nanos + 1_000 * (j as u64 + 1))
                ));
                statuses.push_str("      redacted: \n");
                statuses.push_str(&format!("      corrective_change: {}\n", e.corrective));
            }
        }
        statuses.push_str(&format!(
            "    out_of_sync: {}\n    changed: {}\n    resource_type: {}\n    title: {}\n    skipped: {}\n    failed: {}\n    failed_to_restart: {}\n",
            count > 0,
            is_changed,
            r.rtype,
            yaml_str(&r.title),
            r.skipped,
            r.failed,
            r.failed_to_restart
        ));
        statuses.push_str(&format!(
            "    containment_path:\n    - Stage[main]\n    - {}\n    - {}\n",
            r.class,
            yaml_str(&name)
        ));
        statuses.push_str(&format!("    corrective_change: {corrective}\n"));
        if let Some(p) = r.provider {
            statuses.push_str(&format!("    provider_used: {p}\n"));
        }
    }
    let total = res.len();
    let metric = |name: &str, label: &str, values: &[(&str, &str, String)]| -> String {
        let mut s = format!(
            "  {name}: !ruby/object:Puppet::Util::Metric\n    name: {name}\n    label: {label}\n    values:\n"
        );
        for (a, b, v) in values {
            s.push_str(&format!("    - - {a}\n      - {b}\n      - {v}\n"));
        }
        s
    };
    let mut out = String::from("--- !ruby/object:Puppet::Transaction::Report\nmetrics:\n");
    out.push_str(&metric(
        "resources",
        "Resources",
        &[
            ("total", "Total", total.to_string()),
            ("skipped", "Skipped", skipped_n.to_string()),
            ("failed", "Failed", failed_n.to_string()),
            ("failed_to_restart", "Failed to restart", "0".into()),
            ("restarted", "Restarted", "1".into()),
            ("changed", "Changed", changed.to_string()),
            ("out_of_sync", "Out of sync", out_of_sync.to_string()),
            ("scheduled", "Scheduled", "0".into()),
            (
                "corrective_change",
                "Corrective change",
                corrective_n.to_string(),
            ),
        ],
    ));
    let mut time_values: Vec<(&str, &str, String)> = Vec::new();
    for (n, (k, label)) in [
        ("concat_file", "Concat file"),
        ("cron", "Cron"),
        ("exec", "Exec"),
        ("file", "File"),
        ("firewall", "Firewall"),
        ("group", "Group"),
        ("package", "Package"),
        ("postgresql_psql", "Postgresql psql"),
        ("service", "Service"),
        ("ssh_authorized_key", "Ssh authorized key"),
        ("sysctl", "Sysctl"),
        ("user", "User"),
        ("config_retrieval", "Config retrieval"),
        ("convert_catalog", "Convert catalog"),
        ("fact_generation", "Fact generation"),
        ("node_retrieval", "Node retrieval"),
        ("plugin_sync", "Plugin sync"),
        ("transaction_evaluation", "Transaction evaluation"),
        ("catalog_application", "Catalog application"),
        ("total", "Total"),
    ]
    .iter()
    .enumerate()
    {
        let v = match *k {
            "catalog_application" => "41.370118244".to_string(),
            "total" => "49.126402733".to_string(),
            _ => format!("{}.{:09}", h(n, 1967) % 5, h(n, 1968) % 1_000_000_000),
        };
        time_values.push((k, label, v));
    }
    out.push_str(&metric("time", "Time", &time_values));
    out.push_str(&metric(
        "changes",
        "Changes",
        &[("total", "Total", changed.to_string())],
    ));
    out.push_str(&metric(
        "events",
        "Events",
        &[
            ("failure", "Failure", events_failed.to_string()),
            ("success", "Success", events_ok.to_string()),
            ("total", "Total", (events_ok + events_failed).to_string()),
        ],
    ));
    out.push_str("logs:\n");
    out.push_str(&logs);
    out.push_str("resource_statuses:\n");
    out.push_str(&statuses);
    out.push_str(&format!(
        "host: db-01.prod.nordwind.de\ntime: {}\nkind: apply\nreport_format: 12\npuppet_version: 8.10.0\nconfiguration_version: production-7c1e2f9a3b\ntransaction_uuid: {}\ncode_id: \njob_id: \ncatalog_uuid: {}\ncached_catalog_status: not_used\nserver_used: puppet.nordwind.de:8140\nenvironment: production\nstatus: failed\nnoop: false\nnoop_pending: false\ncorrective_change: true\nmaster_used: puppet.nordwind.de:8140\ntransaction_completed: true\n",
        ruby_time(start, 918_273_645),
        uuid(1, 1969),
        uuid(2, 1969)
    ));
    assert_eq!(corrective_n, 1);
    assert_eq!(whole(&out, "10.30.9.0/24"), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "Puppet last_run_report.yaml of a database server, the file put back",
        out,
        "Somebody edited a config file by hand on db-01, and last night's Puppet run put it back the way Puppet wants it. Which file was it, and what had they added to it?",
        &[hba, "10.30.9.0/24"],
    )
}

/// One backup of the velero case.
struct VeleroBackup {
    name: String,
    schedule: Option<String>,
    namespaces: Vec<&'static str>,
    ttl_hours: u64,
    start: u64,
    seconds: u64,
    phase: &'static str,
    errors: u64,
    warnings: u64,
    items: u64,
    snapshots: u64,
    failure: Option<&'static str>,
}

/// A backup as `velero backup get -o json` prints it (the API's object,
/// its fields in the Go structs' order, empty ones left out).
fn velero_json(b: &VeleroBackup, k: usize) -> Value {
    let mut labels = Map::new();
    if let Some(s) = &b.schedule {
        labels.insert("velero.io/schedule-name".into(), json!(s));
    }
    labels.insert("velero.io/storage-location".into(), json!("default"));
    let created = b.start;
    let done = b.start + b.seconds;
    let mut label_fields = Map::new();
    label_fields.insert(".".into(), json!({}));
    for l in labels.keys() {
        label_fields.insert(format!("f:{l}"), json!({}));
    }
    let metadata = json!({
        "name": b.name,
        "namespace": "velero",
        "uid": uuid(k, 1971),
        "resourceVersion": (48_000_000 + h(k, 1972) % 900_000).to_string(),
        "generation": if b.phase == "Completed" || b.phase == "PartiallyFailed" { 7 } else { 4 },
        "creationTimestamp": iso(created),
        "labels": labels,
        "annotations": {
            "velero.io/resource-timeout": "10m0s",
            "velero.io/source-cluster-k8s-gitversion": "v1.29.8",
            "velero.io/source-cluster-k8s-major-version": "1",
            "velero.io/source-cluster-k8s-minor-version": "29"
        },
        "managedFields": [
            {
                "manager": "velero-server",
                "operation": "Update",
                "apiVersion": "velero.io/v1",
                "time": iso(done),
                "fieldsType": "FieldsV1",
                "fieldsV1": {
                    "f:metadata": {
                        "f:annotations": {
                            ".": {},
                            "f:velero.io/resource-timeout": {},
                            "f:velero.io/source-cluster-k8s-gitversion": {},
                            "f:velero.io/source-cluster-k8s-major-version": {},
                            "f:velero.io/source-cluster-k8s-minor-version": {}
                        },
                        "f:labels": label_fields
                    },
                    "f:spec": {
                        ".": {},
                        "f:csiSnapshotTimeout": {},
                        "f:defaultVolumesToFsBackup": {},
                        "f:hooks": {},
                        "f:includedNamespaces": {},
                        "f:itemOperationTimeout": {},
                        "f:metadata": {},
                        "f:snapshotMoveData": {},
                        "f:storageLocation": {},
                        "f:ttl": {},
                        "f:volumeSnapshotLocations": {}
                    },
                    "f:status": {
                        ".": {},
                        "f:completionTimestamp": {},
                        "f:expiration": {},
                        "f:formatVersion": {},
                        "f:phase": {},
                        "f:progress": {
                            ".": {},
                            "f:itemsBackedUp": {},
                            "f:totalItems": {}
                        },
                        "f:startTimestamp": {},
                        "f:version": {}
                    }
                }
            }
        ]
    });
    let spec = json!({
        "metadata": {},
        "includedNamespaces": b.namespaces,
        "ttl": format!("{}h0m0s", b.ttl_hours),
        "hooks": {},
        "storageLocation": "default",
        "volumeSnapshotLocations": ["default"],
        "defaultVolumesToFsBackup": false,
        "csiSnapshotTimeout": "10m0s",
        "itemOperationTimeout": "4h0m0s",
        "snapshotMoveData": true
    });
    let mut status = Map::new();
    status.insert("version".into(), json!(1));
    status.insert("formatVersion".into(), json!("1.1.0"));
    status.insert(
        "expiration".into(),
        json!(iso(created + b.ttl_hours * 3_600)),
    );
    status.insert("phase".into(), json!(b.phase));
    status.insert("startTimestamp".into(), json!(iso(b.start)));
    if b.phase != "Failed" {
        status.insert("completionTimestamp".into(), json!(iso(done)));
    }
    if let Some(f) = b.failure {
        status.insert("failureReason".into(), json!(f));
    }
    if b.warnings > 0 {
        status.insert("warnings".into(), json!(b.warnings));
    }
    if b.errors > 0 {
        status.insert("errors".into(), json!(b.errors));
    }
    let backed_up = if b.phase == "Failed" {
        b.items * (20 + h(k, 1973) % 50) / 100
    } else {
        b.items
    };
    status.insert(
        "progress".into(),
        json!({"totalItems": b.items, "itemsBackedUp": backed_up}),
    );
    if b.snapshots > 0 {
        let done_snaps = if b.phase == "Failed" {
            0
        } else {
            b.snapshots - u64::from(b.errors > 0 && b.snapshots > 1)
        };
        status.insert("csiVolumeSnapshotsAttempted".into(), json!(b.snapshots));
        if done_snaps > 0 {
            status.insert("csiVolumeSnapshotsCompleted".into(), json!(done_snaps));
        }
        status.insert("backupItemOperationsAttempted".into(), json!(b.snapshots));
        if done_snaps > 0 {
            status.insert("backupItemOperationsCompleted".into(), json!(done_snaps));
        }
        if b.snapshots > done_snaps {
            status.insert(
                "backupItemOperationsFailed".into(),
                json!(b.snapshots - done_snaps),
            );
        }
    }
    status.insert("hookStatus".into(), json!({}));
    json!({"metadata": metadata, "spec": spec, "status": Value::Object(status)})
}

/// `velero backup get -o json` of a shop's cluster on the morning of 27
/// Nov (Velero 1.14, CSI snapshots moved to the bucket): the
/// `BackupList` the API returns, items by name, two-space indents. Every
/// namespace has a daily schedule kept ten days, `billing` one every four
/// hours kept a week, and `full-nightly` takes every namespace at 01:00;
/// a few backups partly failed (a volume's snapshot timed out) and a few
/// failed. Billing's migration went wrong at 14:05 on 26 Nov: its 12:00
/// backup partly failed, the pipeline's manual `billing-pre-migration`
/// at 13:58 failed when the Velero server restarted, its 08:00 backup is
/// the newest one before it that completed, and its 16:00 one completed
/// after.
fn velero_last_clean_backup() -> Case {
    let namespaces = [
        "shop",
        "catalog",
        "checkout",
        "payments",
        "search",
        "auth",
        "media",
        "crm",
        "analytics",
        "warehouse",
        "notifications",
        "keycloak",
        "gitlab",
        "monitoring",
    ];
    let now = DAY + 9 * 3_600 + 41 * 60;
    let stamp = |t: u64| -> String {
        let (y, m, d) = civil(t / 86_400);
        let c = clock(t % 86_400).replace(':', "");
        format!("{y}{m:02}{d:02}{c}")
    };
    let mut backups: Vec<VeleroBackup> = Vec::new();
    let mut k = 0usize;
    for (n, ns) in namespaces.iter().enumerate() {
        let schedule = format!("{ns}-daily");
        for day in 0..10u64 {
            k += 1;
            let start = DAY - (9 - day) * 86_400 + 2 * 3_600 + n as u64 * 10 * 60 + h(k, 1974) % 9;
            if start > now {
                continue;
            }
            let r = h(k, 1975) % 100;
            let (phase, errors, failure) = if r < 6 {
                ("PartiallyFailed", 1 + h(k, 1976) % 3, None)
            } else if r < 8 {
                (
                    "Failed",
                    0,
                    Some(
                        "found a backup with status \"InProgress\" during the server starting, mark it as \"Failed\"",
                    ),
                )
            } else {
                ("Completed", 0, None)
            };
            backups.push(VeleroBackup {
                name: format!("{schedule}-{}", stamp(start)),
                schedule: Some(schedule.clone()),
                namespaces: vec![ns],
                ttl_hours: 240,
                start,
                seconds: 40 + h(k, 1977) % 900,
                phase,
                errors,
                warnings: h(k, 1978) % 4,
                items: 120 + h(n, 1979) % 1_400 + h(k, 1980) % 30,
                snapshots: h(n, 1981) % 5,
                failure,
            });
        }
    }
    // Every namespace at 01:00.
    for day in 0..10u64 {
        k += 1;
        let start = DAY - (9 - day) * 86_400 + 3_600 + h(k, 1982) % 40;
        backups.push(VeleroBackup {
            name: format!("full-nightly-{}", stamp(start)),
            schedule: Some("full-nightly".to_string()),
            namespaces: vec!["*"],
            ttl_hours: 240,
            start,
            seconds: 2_400 + h(k, 1983) % 1_800,
            phase: if h(k, 1984).is_multiple_of(9) {
                "PartiallyFailed"
            } else {
                "Completed"
            },
            errors: if h(k, 1984).is_multiple_of(9) { 2 } else { 0 },
            warnings: 8 + h(k, 1985) % 20,
            items: 14_800 + h(k, 1986) % 900,
            snapshots: 31,
            failure: None,
        });
    }
    // Billing every four hours, a week.
    let migration = DAY - 86_400 + 14 * 3_600 + 5 * 60;
    let mut planted = String::new();
    for slot in 0..(7 * 6 + 3) {
        k += 1;
        let start = DAY - 7 * 86_400 + slot as u64 * 4 * 3_600 + 3 + h(k, 1987) % 6;
        if start > now {
            break;
        }
        let mut phase = if h(k, 1988) % 100 < 8 {
            "PartiallyFailed"
        } else {
            "Completed"
        };
        let name = format!("billing-4h-{}", stamp(start));
        if start < migration && start + 4 * 3_600 > migration {
            // The 12:00 backup: partly failed.
            phase = "PartiallyFailed";
        } else if start < migration && start + 8 * 3_600 > migration {
            phase = "Completed";
            planted = name.clone();
        } else if start > migration && start < migration + 4 * 3_600 {
            phase = "Completed";
        }
        backups.push(VeleroBackup {
            name,
            schedule: Some("billing-4h".to_string()),
            namespaces: vec!["billing"],
            ttl_hours: 168,
            start,
            seconds: 70 + h(k, 1989) % 80,
            phase,
            errors: if phase == "PartiallyFailed" { 1 } else { 0 },
            warnings: h(k, 1990) % 2,
            items: 212 + h(k, 1991) % 6,
            snapshots: 2,
            failure: None,
        });
    }
    // Backups made by hand.
    for (name, ns, start, phase, failure) in [
        (
            "billing-pre-migration-20261126",
            "billing",
            migration - 7 * 60,
            "Failed",
            Some(
                "found a backup with status \"InProgress\" during the server starting, mark it as \"Failed\"",
            ),
        ),
        (
            "gitlab-before-upgrade-17-5",
            "gitlab",
            DAY - 4 * 86_400 + 18 * 3_600 + 1_212,
            "Completed",
            None,
        ),
        (
            "keycloak-before-realm-import",
            "keycloak",
            DAY - 2 * 86_400 + 10 * 3_600 + 433,
            "Completed",
            None,
        ),
    ] {
        k += 1;
        backups.push(VeleroBackup {
            name: name.to_string(),
            schedule: None,
            namespaces: vec![ns],
            ttl_hours: 720,
            start,
            seconds: 95 + h(k, 1992) % 300,
            phase,
            errors: 0,
            warnings: 0,
            items: 200 + h(k, 1993) % 900,
            snapshots: 2,
            failure,
        });
    }
    backups.sort_by(|a, b| a.name.cmp(&b.name));
    let items: Vec<Value> = backups
        .iter()
        .enumerate()
        .map(|(n, b)| velero_json(b, n))
        .collect();
    let doc = json!({
        "kind": "BackupList",
        "apiVersion": "velero.io/v1",
        "metadata": {"resourceVersion": "48912277"},
        "items": items
    });
    let out = pretty(&doc, b"  ") + "\n";
    // The planted answer, found the way the question asks.
    let cutoff = iso(migration);
    let best = backups
        .iter()
        .filter(|b| b.namespaces == ["billing"] && b.phase == "Completed" && iso(b.start) < cutoff)
        .max_by_key(|b| b.start)
        .unwrap();
    assert_eq!(best.name, planted);
    assert!(planted.starts_with("billing-4h-20261126080"), "{planted}");
    assert_eq!(whole(&out, &planted), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "velero backup get -o json, the last clean backup before a migration",
        out,
        "Yesterday's billing migration went wrong at 14:05 (UTC) and corrupted invoices. Which backup of the billing namespace should I restore: the most recent one from before 14:05 that finished without any errors? I need its name.",
        &[planted.as_str()],
    )
    .with_jq(
        "[.items[] | select(.spec.includedNamespaces == [\"billing\"] and .status.phase == \"Completed\" and .status.startTimestamp < \"2026-11-26T14:05:00Z\")] | max_by(.status.startTimestamp) | .metadata.name",
        vec![jq_string(&planted)],
    )
}

/// `1795680061.118`: a time as Squid's native log writes it.
fn squid_time(ms: u64) -> String {
    format!("{}.{:03}", ms / 1_000, ms % 1_000)
}

/// One line of Squid's native `access.log` format (`%ts.%03tu %6tr %>a
/// %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt`).
#[allow(clippy::too_many_arguments)]
fn squid_line(
    ms: u64,
    elapsed: u64,
    client: &str,
    code: &str,
    bytes: u64,
    method: &str,
    url: &str,
    user: &str,
    hier: &str,
    mime: &str,
) -> String {
    format!(
        "{} {elapsed:>6} {client} {code} {bytes} {method} {url} {user} {hier} {mime}\n",
        squid_time(ms)
    )
}

/// `/var/log/squid/access.log` of `proxy-01`, the office's explicit
/// proxy (Squid 6.6, Negotiate/NTLM authentication, the default
/// `Safe_ports`/`SSL_ports` rules), for 26 Nov from 07:30 to 18:00 UTC:
/// some 300 desks and a few servers; tunnels to Microsoft 365, Google,
/// Slack and the like, plain HTTP to update and certificate servers,
/// cache hits, the `407` every connection's first request gets, sites
/// the category list blocks (`TCP_DENIED/403`, on 443 as well), upstream
/// failures. Five desks try `CONNECT` to port 22 of outside hosts, one
/// to four times each, and are refused; a printer's scan-to-mail tries
/// port 25 and a desk port 3389, refused the same way; the servers
/// download OpenSSH packages over plain HTTP.
fn squid_ssh_tunnels() -> Case {
    let users = [
        "a.schmidt",
        "b.keller",
        "c.wagner",
        "d.hoffmann",
        "e.becker",
        "f.schulz",
        "g.richter",
        "h.klein",
        "i.wolf",
        "j.neumann",
        "k.schwarz",
        "l.zimmermann",
        "m.braun",
        "n.krueger",
        "o.hofmann",
        "p.hartmann",
        "q.lange",
        "r.schmitt",
        "s.werner",
        "t.krause",
        "u.meier",
        "v.lehmann",
        "w.koehler",
        "x.herrmann",
        "y.koenig",
        "z.walter",
        "j.fischer",
        "k.weber",
        "m.mueller",
        "s.meyer",
    ];
    let mut desks: Vec<String> = Vec::new();
    for net in 1..=6u64 {
        for host in 0..52u64 {
            desks.push(format!(
                "10.20.{net}.{}",
                11 + host * 4 + h((net * 100 + host) as usize, 2001) % 4
            ));
        }
    }
    let servers = [
        "10.20.90.11",
        "10.20.90.12",
        "10.20.90.14",
        "10.20.90.21",
        "10.20.90.22",
    ];
    let tunnels = [
        ("outlook.office365.com:443", "52.97.146.178"),
        ("teams.microsoft.com:443", "52.113.194.132"),
        ("login.microsoftonline.com:443", "20.190.159.68"),
        ("nordwind.sharepoint.com:443", "13.107.136.10"),
        ("www.google.com:443", "142.250.185.68"),
        ("fonts.gstatic.com:443", "142.250.186.35"),
        ("slack.com:443", "3.65.102.105"),
        ("wss-primary.slack.com:443", "3.120.118.44"),
        ("github.com:443", "140.82.121.4"),
        ("api.github.com:443", "140.82.121.6"),
        ("www.heise.de:443", "193.99.144.85"),
        ("www.spiegel.de:443", "128.65.210.8"),
        ("app.hubspot.com:443", "104.16.118.116"),
        ("nordwind.atlassian.net:443", "104.192.142.19"),
        ("api.stripe.com:443", "34.200.47.89"),
        ("www.dhl.de:443", "23.48.233.72"),
        ("cdn.jsdelivr.net:443", "151.101.1.229"),
        ("update.googleapis.com:443", "142.250.186.67"),
        ("zoom.us:443", "170.114.52.2"),
        ("www.linkedin.com:443", "13.107.42.14"),
    ];
    let plain = [
        (
            "http://ctldl.windowsupdate.com/msdownload/update/v3/static/trustedr/en/authrootstl.cab",
            "23.37.143.22",
            "application/vnd.ms-cab-compressed",
        ),
        (
            "http://ocsp.digicert.com/MFEwTzBNMEswSTAJBgUrDgMCGgUABBSAUQYBMq2awn1Rh6Doh%2FsBYgFV7gQUA95QNVbRTLtm8KPiGxvDl7I90VUCEAJ0LqoXyo4hxxe7H%2Fz9DKA%3D",
            "93.184.220.29",
            "application/ocsp-response",
        ),
        (
            "http://crl3.digicert.com/DigiCertGlobalRootG2.crl",
            "93.184.220.29",
            "application/pkix-crl",
        ),
        (
            "http://r11.o.lencr.org/",
            "23.62.46.153",
            "application/ocsp-response",
        ),
        (
            "http://www.msftconnecttest.com/connecttest.txt",
            "13.107.4.52",
            "text/plain",
        ),
        (
            "http://detectportal.firefox.com/canonical.html",
            "34.107.221.82",
            "text/html",
        ),
        (
            "http://download.windowsupdate.com/c/msdownload/update/software/defu/2026/11/am_delta_patch_1.421.1043.0_c4a1f2e8.exe",
            "23.37.143.18",
            "application/octet-stream",
        ),
    ];
    let apt = [
        "http://deb.debian.org/debian/dists/bookworm-updates/InRelease",
        "http://security.debian.org/debian-security/dists/bookworm-security/InRelease",
        "http://deb.debian.org/debian/pool/main/c/curl/libcurl4_7.88.1-10+deb12u8_amd64.deb",
        "http://deb.debian.org/debian/pool/main/o/openssl/libssl3_3.0.15-1~deb12u1_amd64.deb",
        "http://apt.postgresql.org/pub/repos/apt/dists/bookworm-pgdg/InRelease",
    ];
    let blocked = [
        "CONNECT www.tiktok.com:443",
        "CONNECT mega.nz:443",
        "CONNECT pastebin.com:443",
        "CONNECT www.bet365.com:443",
        "GET http://ads.doubleclick.net/pagead/id",
        "CONNECT torrentgalaxy.to:443",
        "GET http://www.casino-online-spielen.de/",
    ];
    // The desks that try SSH out: (desk, where, how many times).
    let ssh: Vec<(String, &str, usize)> = [
        (61usize, "203.0.113.77:22", 3usize),
        (212, "vps.ruby-mountain.net:22", 1),
        (7, "198.51.100.23:22", 4),
        (258, "git.hetzner-box.de:22", 2),
        (290, "185.199.110.42:22", 2),
    ]
    .iter()
    .map(|&(d, to, n)| (desks[d].clone(), to, n))
    .collect();
    // Other ports refused the same way: a printer's mail, a desk's RDP.
    let other: Vec<(String, &str, usize)> = vec![
        ("10.20.6.250".to_string(), "mail.gmx.net:25", 6),
        (desks[140].clone(), "91.198.174.192:3389", 2),
    ];
    let start = (DAY - 86_400 + 7 * 3_600 + 30 * 60) * 1_000;
    let lines = 5_200usize;
    let step = (10 * 3_600 + 30 * 60) * 1_000 / lines as u64;
    // Where the planted lines go: a line index each.
    let mut planted: Vec<(usize, &str, &str)> = Vec::new();
    for (n, (d, to, times)) in ssh.iter().chain(other.iter()).enumerate() {
        for j in 0..*times {
            let at = 200 + (h(n * 10 + j, 2002) % (lines as u64 - 400)) as usize;
            planted.push((at, d, to));
        }
    }
    let mut out = String::new();
    let user_of = |c: &str| -> &str {
        let x: usize = c.bytes().map(|b| b as usize).sum();
        users[x % users.len()]
    };
    for i in 0..lines {
        let ms = start + i as u64 * step + h(i, 2003) % step;
        for (_, d, to) in planted.iter().filter(|p| p.0 == i) {
            out.push_str(&squid_line(
                ms,
                0,
                d,
                "TCP_DENIED/403",
                3_931 + h(i, 2004) % 40,
                "CONNECT",
                to,
                "-",
                "HIER_NONE/-",
                "text/html",
            ));
        }
        let r = h(i, 2005) % 1_000;
        let desk = desks[(h(i, 2006) % desks.len() as u64) as usize].as_str();
        let user = user_of(desk);
        if r < 430 {
            let (host, ip) = tunnels[(h(i, 2007) % tunnels.len() as u64) as usize];
            out.push_str(&squid_line(
                ms,
                150 + h(i, 2008) % 120_000,
                desk,
                "TCP_TUNNEL/200",
                2_000 + h(i, 2009) % 3_800_000,
                "CONNECT",
                host,
                user,
                &format!("HIER_DIRECT/{ip}"),
                "-",
            ));
        } else if r < 560 {
            let (host, _) = tunnels[(h(i, 2010) % tunnels.len() as u64) as usize];
            out.push_str(&squid_line(
                ms,
                0,
                desk,
                "TCP_DENIED/407",
                4_153 + h(i, 2011) % 30,
                "CONNECT",
                host,
                "-",
                "HIER_NONE/-",
                "text/html",
            ));
        } else if r < 820 {
            let (url, ip, mime) = plain[(h(i, 2012) % plain.len() as u64) as usize];
            let code = pick(
                &[
                    "TCP_MISS/200",
                    "TCP_HIT/200",
                    "TCP_MEM_HIT/200",
                    "TCP_REFRESH_UNMODIFIED/200",
                    "TCP_MISS/304",
                ],
                i,
                2013,
            );
            let hier = if code.contains("HIT") {
                "HIER_NONE/-".to_string()
            } else {
                format!("HIER_DIRECT/{ip}")
            };
            let method = if mime == "application/ocsp-response" && url.ends_with('/') {
                "POST"
            } else {
                "GET"
            };
            let elapsed = if code.contains("HIT") {
                h(i, 2014) % 4
            } else {
                20 + h(i, 2014) % 900
            };
            out.push_str(&squid_line(
                ms,
                elapsed,
                desk,
                code,
                300 + h(i, 2015) % 60_000,
                method,
                url,
                user,
                &hier,
                mime,
            ));
        } else if r < 900 {
            let server = pick(&servers, i, 2016);
            let url = pick(&apt, i, 2017);
            out.push_str(&squid_line(
                ms,
                20 + h(i, 2018) % 700,
                server,
                "TCP_MISS/200",
                1_200 + h(i, 2019) % 1_600_000,
                "GET",
                url,
                "-",
                "HIER_DIRECT/151.101.66.132",
                "application/octet-stream",
            ));
        } else if r < 950 {
            let what = pick(&blocked, i, 2020);
            let (method, url) = what.split_once(' ').unwrap();
            out.push_str(&squid_line(
                ms,
                0,
                desk,
                "TCP_DENIED/403",
                3_940 + h(i, 2021) % 60,
                method,
                url,
                user,
                "HIER_NONE/-",
                "text/html",
            ));
        } else if r < 975 {
            let (host, _) = tunnels[(h(i, 2022) % tunnels.len() as u64) as usize];
            out.push_str(&squid_line(
                ms,
                60_000 + h(i, 2023) % 2_000,
                desk,
                "NONE_NONE/503",
                0,
                "CONNECT",
                host,
                user,
                "HIER_NONE/-",
                "-",
            ));
        } else if r < 990 {
            let server = pick(&servers, i, 2024);
            let url = if h(i, 2025).is_multiple_of(2) {
                "http://deb.debian.org/debian-security/pool/updates/main/o/openssh/openssh-client_9.2p1-2+deb12u4_amd64.deb"
            } else {
                "http://security.debian.org/debian-security/pool/updates/main/o/openssh/openssh-server_9.2p1-2+deb12u4_amd64.deb"
            };
            out.push_str(&squid_line(
                ms,
                80 + h(i, 2026) % 400,
                server,
                "TCP_MISS/200",
                480_000 + h(i, 2027) % 500_000,
                "GET",
                url,
                "-",
                "HIER_DIRECT/151.101.66.132",
                "application/vnd.debian.binary-package",
            ));
        } else {
            out.push_str(&squid_line(
                ms,
                3 + h(i, 2028) % 40,
                desk,
                "TCP_MISS/404",
                512,
                "GET",
                "http://wpad.nordwind.de/wpad.dat",
                user,
                "HIER_DIRECT/10.20.0.5",
                "text/html",
            ));
        }
    }
    let items: Vec<String> = ssh.iter().map(|s| s.0.clone()).collect();
    let mut clients: Vec<String> = desks.clone();
    clients.extend(servers.iter().map(|s| s.to_string()));
    clients.push(other[0].0.clone());
    for s in &items {
        assert!(!named_elsewhere(s, &clients), "{s}");
    }
    assert_eq!(out.matches(":22 - HIER_NONE").count(), 12);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "squid access.log of an office proxy, machines trying SSH out",
        out,
        "Security thinks somebody has been trying to SSH out to the internet through our office web proxy. Going by yesterday's proxy log, which machines tried it? I need every one of them.",
        items,
    )
}

/// One error (or note) of the mypy case.
struct MypyError {
    line: u64,
    column: u64,
    message: String,
    hint: Option<String>,
    code: &'static str,
}

/// `mypy -O json src/` (mypy 1.13, `disallow_untyped_defs` on) of a
/// shop's Python back end of some 330 modules: thousands of errors of a
/// code base half annotated (missing annotations, untyped calls,
/// optional values used unchecked, `Any` returned, attributes that do
/// not exist), each a JSON line. Modules import `requests`, `yaml`,
/// `dateutil.parser`, `pytz`, `markdown` and `toml` without their stub
/// packages installed: every import is an error, and the first of each
/// library carries the hint to install its stubs (mypy gives each note
/// once). Others import `kafka`, `celery` and `boto3`, installed but
/// without stubs or a `py.typed` marker (nothing to install), or the
/// internal `nordwind_sdk` and `legacy_pricing`, not found at all.
fn mypy_stub_packages() -> Case {
    // (module, stub package, share of modules importing it, modules that
    // import it whatever the share)
    let stubbed: [(&str, &str, u64, &[usize]); 6] = [
        ("requests", "types-requests", 28, &[]),
        ("yaml", "types-PyYAML", 9, &[]),
        (
            "dateutil.parser",
            "types-python-dateutil",
            0,
            &[908, 1_013, 1_014],
        ),
        ("pytz", "types-pytz", 0, &[1_407, 1_911]),
        ("markdown", "types-Markdown", 0, &[1_902]),
        ("toml", "types-toml", 0, &[2_105, 2_206]),
    ];
    let untyped = [("kafka", 5u64), ("celery", 7), ("boto3", 6)];
    let missing = [("nordwind_sdk", 4u64), ("legacy_pricing", 2)];
    let packages = [
        "api",
        "api/v1",
        "api/v2",
        "orders",
        "payments",
        "catalog",
        "search",
        "customers",
        "carts",
        "shipping",
        "invoices",
        "vouchers",
        "reports",
        "workers",
        "integrations/erp",
        "integrations/dhl",
        "integrations/stripe",
        "integrations/klarna",
        "notifications",
        "admin",
        "common",
        "common/db",
        "common/cache",
    ];
    let stems = [
        "views",
        "models",
        "services",
        "serializers",
        "tasks",
        "utils",
        "handlers",
        "repository",
        "schemas",
        "client",
        "forms",
        "signals",
        "permissions",
        "filters",
        "validators",
    ];
    let classes = [
        "Order", "Customer", "Cart", "Invoice", "Shipment", "Payment", "Voucher", "Product",
    ];
    let attrs = [
        "id",
        "status",
        "total",
        "email",
        "items",
        "currency",
        "created_at",
        "address",
    ];
    let funcs = [
        "send_mail",
        "publish_event",
        "format_price",
        "load_customer",
        "render_invoice",
        "enqueue_job",
        "fetch_rates",
        "normalize_address",
        "build_payload",
        "track",
    ];
    let doc = "See https://mypy.readthedocs.io/en/stable/running_mypy.html#missing-imports";
    let mut shown_notes: BTreeSet<String> = BTreeSet::new();
    let mut once = |note: String, hints: &mut Vec<String>| {
        if shown_notes.insert(note.clone()) {
            hints.push(note);
        }
    };
    let mut out = String::new();
    let mut items: Vec<String> = Vec::new();
    let mut k = 0usize;
    let mut n_files = 0usize;
    for (p, pkg) in packages.iter().enumerate() {
        for (s, stem) in stems.iter().enumerate() {
            let f = p * 100 + s;
            if h(f, 2031) % 100 < 6 {
                continue;
            }
            n_files += 1;
            let file = format!("src/shop/{pkg}/{stem}.py");
            let mut errors: Vec<MypyError> = Vec::new();
            // The imports, at the top.
            let mut line = 1 + h(f, 2032) % 4;
            for (n, (lib, stub, share, forced)) in stubbed.iter().enumerate() {
                if h(f, 2033 + n as u64) % 100 < *share || forced.contains(&f) {
                    line += 1 + h(f, 2040) % 3;
                    let mut hints = Vec::new();
                    once(
                        format!("Hint: \"python3 -m pip install {stub}\""),
                        &mut hints,
                    );
                    once(
                        "(or run \"mypy --install-types\" to install all missing stub packages)"
                            .to_string(),
                        &mut hints,
                    );
                    once(doc.to_string(), &mut hints);
                    if hints.iter().any(|n| n.contains(stub)) {
                        items.push(stub.to_string());
                    }
                    errors.push(MypyError {
                        line,
                        column: 0,
                        message: format!("Library stubs not installed for \"{lib}\""),
                        hint: (!hints.is_empty()).then(|| hints.join("\n")),
                        code: "import-untyped",
                    });
                }
            }
            for (lib, share) in untyped.iter() {
                if h(f, 2050 + *share) % 100 < *share {
                    line += 1 + h(f, 2041) % 3;
                    let mut hints = Vec::new();
                    once(doc.to_string(), &mut hints);
                    errors.push(MypyError {
                        line,
                        column: 0,
                        message: format!("Skipping analyzing \"{lib}\": module is installed, but missing library stubs or py.typed marker"),
                        hint: (!hints.is_empty()).then(|| hints.join("\n")),
                        code: "import-untyped",
                    });
                }
            }
            for (lib, share) in missing.iter() {
                if h(f, 2060 + *share) % 100 < *share {
                    line += 1 + h(f, 2042) % 3;
                    let mut hints = Vec::new();
                    once(doc.to_string(), &mut hints);
                    errors.push(MypyError {
                        line,
                        column: 0,
                        message: format!(
                            "Cannot find implementation or library stub for module named \"{lib}\""
                        ),
                        hint: (!hints.is_empty()).then(|| hints.join("\n")),
                        code: "import-not-found",
                    });
                }
            }
            // The body's errors.
            let count = 2 + h(f, 2043) % 16;
            line += 8;
            for _ in 0..count {
                k += 1;
                line += 1 + h(k, 2044) % 40;
                let class = pick(&classes, k, 2045);
                let attr = pick(&attrs, k, 2046);
                let func = pick(&funcs, k, 2047);
                let (message, hint, code) = match h(k, 2048) % 11 {
                    0 | 1 => (
                        "Function is missing a return type annotation".to_string(),
                        h(k, 2049).is_multiple_of(2).then(|| {
                            "Use \"-> None\" if function does not return a value".to_string()
                        }),
                        "no-untyped-def",
                    ),
                    2 => (
                        "Function is missing a type annotation for one or more arguments"
                            .to_string(),
                        None,
                        "no-untyped-def",
                    ),
                    3 => (
                        format!("Call to untyped function \"{func}\" in typed context"),
                        None,
                        "no-untyped-call",
                    ),
                    4 => (
                        format!("Item \"None\" of \"{class} | None\" has no attribute \"{attr}\""),
                        None,
                        "union-attr",
                    ),
                    5 => (
                        format!(
                            "Argument 1 to \"{func}\" has incompatible type \"str | None\"; expected \"str\""
                        ),
                        None,
                        "arg-type",
                    ),
                    6 => (
                        format!(
                            "Incompatible return value type (got \"dict[str, Any]\", expected \"{class}\")"
                        ),
                        None,
                        "return-value",
                    ),
                    7 => (
                        format!(
                            "Need type annotation for \"{attr}\" (hint: \"{attr}: list[<type>] = ...\")"
                        ),
                        None,
                        "var-annotated",
                    ),
                    8 => (
                        "Returning Any from function declared to return \"Decimal\"".to_string(),
                        None,
                        "no-any-return",
                    ),
                    9 => (
                        format!("\"{class}\" has no attribute \"legacy_{attr}\""),
                        None,
                        "attr-defined",
                    ),
                    _ => (
                        "Unused \"type: ignore\" comment".to_string(),
                        None,
                        "unused-ignore",
                    ),
                };
                errors.push(MypyError {
                    line,
                    column: 4 + h(k, 2050) % 40,
                    message,
                    hint,
                    code,
                });
            }
            for e in &errors {
                let v = json!({
                    "file": file,
                    "line": e.line,
                    "column": e.column,
                    "message": e.message,
                    "hint": e.hint,
                    "code": e.code,
                    "severity": "error"
                });
                // Python's `json.dumps`: `", "` and `": "` between.
                out.push_str(&python_json(&v));
                out.push('\n');
            }
        }
    }
    assert!(n_files > 300, "{n_files}");
    let expected: Vec<String> = items
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|s| jq_string(s))
        .collect();
    assert_eq!(items.len(), 6, "{items:?}");
    for s in &items {
        assert_eq!(whole(&out, s), 1, "{s}");
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "mypy -O json of a shop backend, stub packages to install",
        out,
        "mypy keeps complaining that type information is missing for some third-party libraries. Which stub packages do I need to pip install to fix that? Give me the full list.",
        items,
    )
    .with_jq(
        "[.[] | select(.code == \"import-untyped\") | .hint // empty | scan(\"install (types-[A-Za-z0-9._-]+)\")[0]] | unique | .[]",
        expected,
    )
}

/// `v` as Python's `json.dumps` writes it: one line, `", "` between
/// items and `": "` after keys, non-ASCII escaped.
fn python_json(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", python_json(&json!(k)), python_json(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(python_json).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::String(s) => {
            let mut q = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => q.push_str("\\\""),
                    '\\' => q.push_str("\\\\"),
                    '\n' => q.push_str("\\n"),
                    '\t' => q.push_str("\\t"),
                    c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                        q.push_str(&format!("\\u{:04x}", c as u32))
                    }
                    c => q.push(c),
                }
            }
            q.push('"');
            q
        }
        other => other.to_string(),
    }
}

/// `tflint --recursive --format json` of `nordwind/infrastructure`
/// (TFLint 0.53, the Terraform ruleset 0.10 and the AWS ruleset 0.36):
/// its one line of JSON, the issues sorted by file and line. Some 180
/// files of environments and modules, each with the Terraform ruleset's
/// findings (undocumented and untyped variables, unused declarations,
/// deprecated interpolation and indexes, unpinned module sources,
/// naming) and missing cost tags. Five files put EC2 instances on a
/// previous-generation type (`aws_instance_previous_type`); among them
/// are an RDS instance and an ElastiCache cluster of old types, an
/// invalid instance type, and a module `previous-gen-audit` with only
/// the usual findings.
fn tflint_old_instance_types() -> Case {
    let dirs = [
        "environments/prod/shop",
        "environments/prod/checkout",
        "environments/prod/search",
        "environments/prod/network",
        "environments/prod/bastion",
        "environments/prod/reporting",
        "environments/prod/cache",
        "environments/prod/dns",
        "environments/staging/shop",
        "environments/staging/checkout",
        "environments/staging/ci-runners",
        "environments/staging/jenkins",
        "environments/staging/network",
        "environments/dev/sandbox",
        "environments/dev/network",
        "modules/vpc",
        "modules/eks-cluster",
        "modules/eks-nodegroup",
        "modules/rds-postgres",
        "modules/rds-reporting",
        "modules/elasticache-redis",
        "modules/alb",
        "modules/s3-bucket",
        "modules/iam-roles",
        "modules/legacy-batch",
        "modules/vpn-gateway",
        "modules/cloudfront",
        "modules/route53-zone",
        "modules/sqs-queue",
        "modules/lambda-function",
        "modules/previous-gen-audit",
        "modules/kms-key",
        "modules/ecr-repository",
        "modules/waf",
        "modules/opensearch",
    ];
    let files = [
        "main.tf",
        "variables.tf",
        "outputs.tf",
        "versions.tf",
        "locals.tf",
        "data.tf",
    ];
    let link_tf = |rule: &str| {
        format!(
            "https://github.com/terraform-linters/tflint-ruleset-terraform/blob/v0.10.0/docs/rules/{rule}.md"
        )
    };
    let link_aws = |rule: &str| {
        format!(
            "https://github.com/terraform-linters/tflint-ruleset-aws/blob/v0.36.0/docs/rules/{rule}.md"
        )
    };
    let vars = [
        "vpc_id",
        "subnet_ids",
        "instance_count",
        "ami_id",
        "key_name",
        "environment",
        "tags",
        "cidr_block",
        "allowed_cidrs",
        "domain_name",
        "bucket_name",
        "retention_days",
        "min_size",
        "max_size",
        "desired_capacity",
        "engine_version",
        "node_type",
        "zone_id",
        "kms_key_arn",
    ];
    // The planted files: (dir, file, type).
    let old_ec2 = [
        ("environments/prod/bastion", "instance.tf", "t2.medium"),
        ("modules/legacy-batch", "workers.tf", "m4.2xlarge"),
        ("environments/staging/jenkins", "agents.tf", "c4.xlarge"),
        ("modules/vpn-gateway", "instance.tf", "t2.small"),
        ("environments/prod/reporting", "etl.tf", "r4.large"),
    ];
    let mut all_files: Vec<String> = Vec::new();
    for (d, dir) in dirs.iter().enumerate() {
        for (f, file) in files.iter().enumerate() {
            if f >= 3 && h(d * 10 + f, 2071).is_multiple_of(3) {
                continue;
            }
            all_files.push(format!("{dir}/{file}"));
        }
    }
    for (dir, file, _) in old_ec2.iter() {
        all_files.push(format!("{dir}/{file}"));
    }
    for extra in [
        "modules/rds-reporting/instance.tf",
        "environments/prod/cache/redis.tf",
        "environments/staging/ci-runners/runners.tf",
    ] {
        all_files.push(extra.to_string());
    }
    all_files.sort();
    all_files.dedup();
    let mut issues: Vec<Value> = Vec::new();
    let mut k = 0usize;
    let issue = |rule: &str,
                 severity: &str,
                 link: String,
                 message: String,
                 file: &str,
                 line: u64,
                 col: u64,
                 end_col: u64|
     -> Value {
        json!({
            "rule": {"name": rule, "severity": severity, "link": link},
            "message": message,
            "range": {
                "filename": file,
                "start": {"line": line, "column": col},
                "end": {"line": line, "column": end_col}
            },
            "callers": []
        })
    };
    let mut items: Vec<String> = Vec::new();
    for file in &all_files {
        let mut found: Vec<(u64, Value)> = Vec::new();
        let n = 3 + h(
            file.len() * 31 + file.as_bytes()[file.len() / 2] as usize,
            2072,
        ) % 14;
        for j in 0..n {
            k += 1;
            let line = 1 + h(k, 2073) % 180;
            let var = pick(&vars, k, 2074);
            let v = match (file.ends_with("variables.tf"), h(k, 2075) % 9) {
                (true, 0..=3) => issue(
                    "terraform_documented_variables",
                    "notice",
                    link_tf("terraform_documented_variables"),
                    format!("`{var}` variable has no description"),
                    file,
                    line,
                    1,
                    13 + var.len() as u64,
                ),
                (true, 4..=5) => issue(
                    "terraform_typed_variables",
                    "warning",
                    link_tf("terraform_typed_variables"),
                    format!("`{var}` variable has no type"),
                    file,
                    line,
                    1,
                    13 + var.len() as u64,
                ),
                (_, 0..=1) => issue(
                    "terraform_unused_declarations",
                    "warning",
                    link_tf("terraform_unused_declarations"),
                    format!("variable \"{var}\" is declared but not used"),
                    file,
                    line,
                    1,
                    13 + var.len() as u64,
                ),
                (_, 2..=3) => issue(
                    "terraform_deprecated_interpolation",
                    "warning",
                    link_tf("terraform_deprecated_interpolation"),
                    "Interpolation-only expressions are deprecated in Terraform v0.12.14"
                        .to_string(),
                    file,
                    line,
                    15,
                    24 + var.len() as u64,
                ),
                (_, 4) => issue(
                    "terraform_deprecated_index",
                    "warning",
                    link_tf("terraform_deprecated_index"),
                    "List items should be accessed using square brackets".to_string(),
                    file,
                    line,
                    22,
                    24,
                ),
                (_, 5) => issue(
                    "terraform_naming_convention",
                    "notice",
                    link_tf("terraform_naming_convention"),
                    format!(
                        "resource name `{}{}` must match the following format: snake_case",
                        var.replace('_', ""),
                        ["Main", "Primary", "WebServer", "Default"][j as usize % 4]
                    ),
                    file,
                    line,
                    1,
                    40,
                ),
                (_, 6) => issue(
                    "terraform_module_pinned_source",
                    "warning",
                    link_tf("terraform_module_pinned_source"),
                    format!(
                        "Module source \"git::https://gitlab.nordwind.de/infra/tf-modules.git//{}\" is not pinned",
                        var.replace('_', "-")
                    ),
                    file,
                    line,
                    12,
                    70,
                ),
                (_, 7) => issue(
                    "aws_resource_missing_tags",
                    "notice",
                    link_aws("aws_resource_missing_tags"),
                    "The resource is missing the following tags: \"CostCenter\", \"Owner\"."
                        .to_string(),
                    file,
                    line,
                    10,
                    19,
                ),
                _ => issue(
                    "terraform_required_providers",
                    "warning",
                    link_tf("terraform_required_providers"),
                    "Missing version constraint for provider \"aws\" in `required_providers`"
                        .to_string(),
                    file,
                    line,
                    1,
                    25,
                ),
            };
            found.push((line, v));
        }
        if let Some((_, _, ty)) = old_ec2.iter().find(|(d, f, _)| *file == format!("{d}/{f}")) {
            let line = 14 + h(file.len(), 2076) % 40;
            found.push((
                line,
                issue(
                    "aws_instance_previous_type",
                    "warning",
                    link_aws("aws_instance_previous_type"),
                    format!("\"{ty}\" is previous generation instance type."),
                    file,
                    line,
                    19,
                    21 + ty.len() as u64,
                ),
            ));
            items.push(file.clone());
        }
        match file.as_str() {
            "modules/rds-reporting/instance.tf" => {
                found.push((
                    23,
                    issue(
                        "aws_db_instance_previous_type",
                        "warning",
                        link_aws("aws_db_instance_previous_type"),
                        "\"db.m4.large\" is previous generation instance type.".to_string(),
                        file,
                        23,
                        20,
                        33,
                    ),
                ));
            }
            "environments/prod/cache/redis.tf" => {
                found.push((
                    17,
                    issue(
                        "aws_elasticache_cluster_previous_type",
                        "warning",
                        link_aws("aws_elasticache_cluster_previous_type"),
                        "\"cache.m3.medium\" is previous generation node type.".to_string(),
                        file,
                        17,
                        19,
                        36,
                    ),
                ));
            }
            "environments/staging/ci-runners/runners.tf" => {
                found.push((
                    31,
                    issue(
                        "aws_instance_invalid_type",
                        "error",
                        link_aws("aws_instance_invalid_type"),
                        "\"c5.xxlarge\" is an invalid value as instance_type".to_string(),
                        file,
                        31,
                        19,
                        31,
                    ),
                ));
            }
            _ => {}
        }
        found.sort_by_key(|(line, _)| *line);
        issues.extend(found.into_iter().map(|(_, v)| v));
    }
    let doc = json!({"issues": issues, "errors": []});
    let out = serde_json::to_string(&doc).unwrap() + "\n";
    let expected: Vec<String> = items
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|s| jq_string(s))
        .collect();
    for s in &items {
        assert!(!named_elsewhere(s, &all_files), "{s}");
    }
    assert_eq!(items.len(), 5);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "tflint --recursive --format json, files on old EC2 instance types",
        out,
        "We're trying to get off old EC2 instance generations like t2 and m4. Which of our Terraform files still launch servers on one of those older types? I need every file.",
        items,
    )
    .with_jq(
        "[.issues[] | select(.rule.name == \"aws_instance_previous_type\") | .range.filename] | unique | .[]",
        expected,
    )
}

/// The sizes a region offers, as the API lists them.
const DO_SIZES: [&str; 44] = [
    "s-1vcpu-512mb-10gb",
    "s-1vcpu-1gb",
    "s-1vcpu-1gb-amd",
    "s-1vcpu-1gb-intel",
    "s-1vcpu-2gb",
    "s-1vcpu-2gb-amd",
    "s-1vcpu-2gb-intel",
    "s-2vcpu-2gb",
    "s-2vcpu-2gb-amd",
    "s-2vcpu-2gb-intel",
    "s-2vcpu-4gb",
    "s-2vcpu-4gb-amd",
    "s-2vcpu-4gb-intel",
    "s-2vcpu-8gb-amd",
    "c-2",
    "c2-2vcpu-4gb",
    "s-2vcpu-8gb-160gb-intel",
    "s-4vcpu-8gb",
    "s-4vcpu-8gb-amd",
    "s-4vcpu-8gb-intel",
    "g-2vcpu-8gb",
    "gd-2vcpu-8gb",
    "s-4vcpu-16gb-amd",
    "m-2vcpu-16gb",
    "c-4",
    "c2-4vcpu-8gb",
    "s-8vcpu-16gb",
    "s-8vcpu-16gb-amd",
    "s-8vcpu-16gb-intel",
    "m3-2vcpu-16gb",
    "g-4vcpu-16gb",
    "so-2vcpu-16gb",
    "m6-2vcpu-16gb",
    "gd-4vcpu-16gb",
    "so1_5-2vcpu-16gb",
    "m-4vcpu-32gb",
    "c-8",
    "c2-8vcpu-16gb",
    "s-8vcpu-32gb-amd",
    "m3-4vcpu-32gb",
    "g-8vcpu-32gb",
    "so-4vcpu-32gb",
    "m6-4vcpu-32gb",
    "gd-8vcpu-32gb",
];

/// A droplet's size: slug, memory (MB), vCPUs, disk (GB), monthly and
/// hourly price, transfer (TB), description.
type DoSize = (&'static str, u64, u64, u64, u64, f64, f64, &'static str);

/// The sizes the case's droplets have.
const DO_SIZE_SPECS: [DoSize; 6] = [
    ("s-1vcpu-2gb", 2_048, 1, 50, 12, 0.01786, 2.0, "Basic"),
    ("s-2vcpu-4gb", 4_096, 2, 80, 24, 0.03571, 4.0, "Basic"),
    ("s-4vcpu-8gb", 8_192, 4, 160, 48, 0.07143, 5.0, "Basic"),
    (
        "g-2vcpu-8gb",
        8_192,
        2,
        25,
        63,
        0.09375,
        4.0,
        "General Purpose",
    ),
    ("c-4", 8_192, 4, 50, 84, 0.125, 5.0, "CPU-Optimized"),
    (
        "m-2vcpu-16gb",
        16_384,
        2,
        50,
        84,
        0.125,
        4.0,
        "Memory-Optimized",
    ),
];

/// `doctl compute droplet list -o json` of a shop's team (doctl 1.115):
/// godo's droplets with doctl's two-space indents, by id. Some 130
/// droplets in `fra1` and `ams3` of production, staging and development
/// (their tags say which), most `active`, each with its region's sizes,
/// its image, size, networks and backups. Six production droplets are
/// `off`, one of them named `legacy-ftp-01` and one `shop-cron-01`;
/// staging and development droplets are off in the evening; a
/// production droplet is `new` (being created), another locked for a
/// resize, and `prod-poweroff-scheduler` is active.
fn doctl_production_off() -> Case {
    let regions = [("fra1", "Frankfurt 1"), ("ams3", "Amsterdam 3")];
    let roles: [(&str, &str); 14] = [
        ("web", "team:shop"),
        ("api", "team:shop"),
        ("worker", "team:shop"),
        ("search", "team:search"),
        ("redis", "team:platform"),
        ("mq", "team:platform"),
        ("pdf-render", "team:billing"),
        ("mail-relay", "team:platform"),
        ("monitor", "team:platform"),
        ("log", "team:platform"),
        ("vpn", "team:platform"),
        ("bastion", "team:platform"),
        ("img-resize", "team:shop"),
        ("feed-export", "team:catalog"),
    ];
    // (name, role's tag, environment, status)
    let mut plan: Vec<(String, &str, &str, &str)> = Vec::new();
    for (env, prefix, per) in [
        ("production", "prod", 6u64),
        ("staging", "stg", 3),
        ("development", "dev", 2),
    ] {
        for (r, (role, team)) in roles.iter().enumerate() {
            let base = if env == "production" { 3 } else { 1 };
            let count = base + h(r, 2081) % per + u64::from(env == "production" && r < 3) * 4;
            for n in 1..=count {
                let k = plan.len();
                let status = match env {
                    "production" => "active",
                    _ if h(k, 2082) % 100 < 35 => "off",
                    _ => "active",
                };
                plan.push((format!("{prefix}-{role}-{n:02}"), team, env, status));
            }
        }
    }
    let off = [
        "prod-search-03",
        "prod-worker-07",
        "prod-mq-02",
        "prod-pdf-render-02",
    ];
    for p in plan.iter_mut() {
        if off.contains(&p.0.as_str()) {
            p.3 = "off";
        }
    }
    for o in off {
        assert!(plan.iter().any(|p| p.0 == o), "{o}");
    }
    plan.push(("legacy-ftp-01".into(), "team:platform", "production", "off"));
    plan.push(("shop-cron-01".into(), "team:shop", "production", "off"));
    plan.push((
        "prod-poweroff-scheduler".into(),
        "team:platform",
        "production",
        "active",
    ));
    plan.push(("stg-ftp-01".into(), "team:platform", "staging", "off"));
    plan.push(("prod-web-20".into(), "team:shop", "production", "new"));
    // Mixed by creation, as the API lists them (by id).
    let mut order: Vec<usize> = (0..plan.len()).collect();
    order.sort_by_key(|&i| h(i, 2083));
    let mut arr: Vec<Value> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut id = 318_204_117u64;
    for (k, &i) in order.iter().enumerate() {
        let (name, team, env, status) = &plan[i];
        id += 1_000 + h(k, 2084) % 900_000;
        let (region, region_name) = regions[(h(i, 2085) % 2) as usize];
        let (slug, memory, vcpus, disk, monthly, hourly, transfer, description) =
            DO_SIZE_SPECS[(h(i, 2086) % DO_SIZE_SPECS.len() as u64) as usize];
        let created = DAY - 20 * 86_400 - h(i, 2087) % (700 * 86_400);
        let backups = *env == "production" && name.as_str() != "prod-poweroff-scheduler";
        let public_ip = format!(
            "{}.{}.{}.{}",
            [164u64, 138, 46, 167, 188][(h(i, 2088) % 5) as usize],
            68 + h(i, 2089) % 180,
            h(i, 2090) % 256,
            2 + h(i, 2091) % 250
        );
        let private_ip = format!("10.114.{}.{}", h(i, 2092) % 16, 2 + h(i, 2093) % 250);
        let mut d = Map::new();
        d.insert("id".into(), json!(id));
        d.insert("name".into(), json!(name));
        d.insert("memory".into(), json!(memory));
        d.insert("vcpus".into(), json!(vcpus));
        d.insert("disk".into(), json!(disk));
        d.insert(
            "region".into(),
            json!({
                "slug": region,
                "name": region_name,
                "sizes": DO_SIZES.to_vec(),
                "available": true,
                "features": ["backups", "ipv6", "metadata", "install_agent", "storage", "image_transfer"]
            }),
        );
        d.insert(
            "image".into(),
            json!({
                "id": 160_245_123 + h(i, 2094) % 3,
                "name": "22.04 (LTS) x64",
                "type": "base",
                "distribution": "Ubuntu",
                "slug": "ubuntu-22-04-x64",
                "public": true,
                "regions": ["ams3", "fra1", "lon1", "nyc1", "nyc3", "sfo3", "sgp1", "tor1", "blr1", "syd1"],
                "min_disk_size": 7,
                "size_gigabytes": 2.36,
                "created_at": "2024-07-23T18:01:07Z",
                "description": "Ubuntu 22.04 (LTS) x64",
                "status": "available"
            }),
        );
        d.insert(
            "size".into(),
            json!({
                "slug": slug,
                "memory": memory,
                "vcpus": vcpus,
                "disk": disk,
                "price_monthly": monthly,
                "price_hourly": hourly,
                "regions": ["ams3", "blr1", "fra1", "lon1", "nyc1", "nyc3", "sfo2", "sfo3", "sgp1", "syd1", "tor1"],
                "available": true,
                "transfer": transfer,
                "description": description
            }),
        );
        d.insert("size_slug".into(), json!(slug));
        if backups {
            let ids: Vec<u64> = (0..4)
                .map(|b| 170_000_000 + h(i * 4 + b, 2095) % 9_000_000)
                .collect();
            d.insert("backup_ids".into(), json!(ids));
            let w = DAY + (h(i, 2096) % 6) * 4 * 3_600;
            d.insert(
                "next_backup_window".into(),
                json!({"start": iso(w), "end": iso(w + 4 * 3_600)}),
            );
        }
        let mut features = vec!["monitoring", "droplet_agent", "private_networking"];
        if backups {
            features.insert(0, "backups");
        }
        d.insert("features".into(), json!(features));
        if *status == "new" || (name == "prod-api-04") {
            d.insert("locked".into(), json!(true));
        }
        d.insert("status".into(), json!(status));
        let mut v4 = vec![
            json!({"ip_address": private_ip, "netmask": "255.255.240.0", "gateway": "10.114.0.1", "type": "private"}),
        ];
        if *status != "new" {
            v4.insert(
                0,
                json!({"ip_address": public_ip, "netmask": "255.255.240.0", "gateway": format!("{}.1", public_ip.rsplit_once('.').unwrap().0), "type": "public"}),
            );
        }
        d.insert("networks".into(), json!({"v4": v4}));
        d.insert("created_at".into(), json!(iso(created)));
        d.insert(
            "tags".into(),
            json!([
                format!("env:{env}"),
                team.to_string(),
                format!("role:{}", name.split('-').nth(1).unwrap_or("misc"))
            ]),
        );
        d.insert("volume_ids".into(), json!([]));
        d.insert(
            "vpc_uuid".into(),
            json!(uuid(
                usize::from(*env == "production") + 2 * usize::from(*env == "staging"),
                2097
            )),
        );
        arr.push(Value::Object(d));
        if *env == "production" && *status == "off" {
            items.push(name.clone());
        }
    }
    let out = pretty(&Value::Array(arr), b"  ") + "\n";
    let names: Vec<String> = plan.iter().map(|p| p.0.clone()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 6, "{items:?}");
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "doctl compute droplet list -o json, production droplets switched off",
        out,
        "Some of our production droplets on DigitalOcean seem to be switched off. Which ones? I need every one by name; staging and dev boxes being off in the evening is normal.",
        items,
    )
    .with_jq(
        ".[] | select(.status == \"off\" and any(.tags[]?; . == \"env:production\")) | .name",
        expected,
    )
}

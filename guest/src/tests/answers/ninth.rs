//! A NINTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measure it, never tune on
//! it.
//!
//! One fact: HAProxy's syslog on a Saturday night (the web server it took
//! out of rotation, and the reason its health check gave, among thousands
//! of 5xx requests and other servers whose checks failed once or twice
//! and recovered), Consul's `/v1/health/state/any?pretty` (the one
//! service instance whose check is critical, and its node, among warning
//! checks, Nagios-style outputs that say `WARNING` and notes about paging
//! when critical), `pg_stat_statements` through `psql`, ordered by calls
//! (the query with the most total time, not the most calls nor the
//! slowest single run), `gcloud logging read --format=json` of Cloud Run
//! (the service whose container was killed for memory, among thousands of
//! application errors, containers that exited by themselves, a cache that
//! hit its own memory limit and a look-alike service).
//! Every item: Prometheus Alertmanager's `/api/v2/alerts` through `jq .`
//! (the instances of critical alerts firing and not muted, among silenced
//! and inhibited critical ones and warnings that mention critical
//! thresholds), Traefik's JSON access log (the endpoints clients were
//! throttled on, status 429 only, among 4xx and 5xx of every kind and an
//! endpoint named for rate limits), `tcpdump -nn` on a database host (the
//! clients whose connections to Postgres were refused, among sessions
//! reset after they were established and refusals on the Redis port), a
//! JMeter results CSV (the steps with a response over 5 seconds, among
//! steps just under it, failed samples and a step named for slowness).
//!
//! The jq program of the JSON-lines output (Traefik) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected result was
//! checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, h, hex, letters, millis, range, uuid};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        haproxy_server_down(),
        consul_critical_check(),
        pg_stat_statements_top(),
        gcloud_run_oom(),
        alertmanager_critical(),
        traefik_throttled(),
        tcpdump_refused(),
        jmeter_slow_steps(),
    ]
}

/// RFC 3339 in UTC with nanoseconds of `ms` milliseconds after midnight of
/// 27 Nov 2026 (the next days follow): `2026-11-27T03:12:45.123456789Z`.
fn rfc3339(ms: u64, nanos: u64) -> String {
    let day = 27 + ms / 86_400_000;
    format!(
        "2026-11-{day:02}T{}.{:03}{:06}Z",
        clock(ms / 1000),
        ms % 1000,
        nanos % 1_000_000
    )
}

/// The same with milliseconds: `2026-11-27T03:12:45.123Z`.
fn rfc3339_ms(ms: u64) -> String {
    let day = 27 + ms / 86_400_000;
    format!("2026-11-{day:02}T{}.{:03}Z", clock(ms / 1000), ms % 1000)
}

/// HAProxy's syslog (2.8, `option httplog`, through rsyslog) on the load
/// balancer of a web shop over a Saturday night: a line per request
/// (client, accept date, frontend, backend/server, timers, status, bytes,
/// termination state, connection counts, request line), with 5xx of every
/// kind (`SH--`, `sH--` timeouts, 500s the servers answer); now and then a
/// server's health check fails once or twice and succeeds again
/// (`app-03`, `app-17`, `app-11`, `api-04`). `app-07` fails three checks
/// in a row for a Layer4 timeout and is marked DOWN; it serves nothing
/// after that.
fn haproxy_server_down() -> Case {
    let app: Vec<String> = (1..=18).map(|k| format!("app-{k:02}")).collect();
    let api: Vec<String> = (1..=6).map(|k| format!("api-{k:02}")).collect();
    let stat: Vec<String> = (1..=4).map(|k| format!("static-{k:02}")).collect();
    let paths_app = [
        "/",
        "/c/shoes",
        "/c/jackets?page=2",
        "/p/trail-runner-gtx-9481",
        "/p/down-parka-2210",
        "/cart",
        "/checkout",
        "/checkout/payment",
        "/account/orders",
        "/search?q=wool+socks",
        "/search?q=rain+jacket",
    ];
    let paths_api = [
        "/api/v1/cart",
        "/api/v1/cart/items",
        "/api/v1/stock?sku=48213",
        "/api/v1/recommendations",
        "/api/v1/session",
        "/api/v1/prices",
    ];
    let paths_static = [
        "/static/js/app.9f3c1e.js",
        "/static/css/main.41ab.css",
        "/img/p/9481/1200.webp",
        "/img/p/2210/600.webp",
        "/fonts/inter-var.woff2",
    ];
    let base: u64 = 22 * 3600 * 1000; // Sat 28 Nov, 22:00
    let mut out = String::new();
    let mut down_at = usize::MAX;
    let mut i = 0usize;
    let check = |srv: &str, reason: &str, ok: bool, status: &str, dur: u64| {
        if ok {
            format!(
                "Health check for server {srv} succeeded, reason: Layer7 check passed, code: 200, check duration: {dur}ms, status: {status} UP."
            )
        } else {
            format!(
                "Health check for server {srv} failed, reason: {reason}, check duration: {dur}ms, status: {status} UP."
            )
        }
    };
    while out.len() < 600_000 {
        let t = base + millis(i, 190);
        let s = t / 1000;
        let stamp = format!("Nov 28 {}", clock(s));
        let prefix = format!("{stamp} lb-01 haproxy[2143]: ");
        // Server events at fixed lines.
        let event = match i {
            400 => Some(check(
                "be_app/app-03",
                "Layer7 wrong status, code: 500, info: \"Internal Server Error\"",
                false,
                "2/3",
                14,
            )),
            405 => Some(check("be_app/app-03", "", true, "3/3", 3)),
            900 => Some(check("be_app/app-17", "Layer7 timeout", false, "2/3", 2001)),
            903 => Some(check("be_app/app-17", "Layer7 timeout", false, "1/3", 2001)),
            908 => Some(check("be_app/app-17", "", true, "2/3", 4)),
            911 => Some(check("be_app/app-17", "", true, "3/3", 3)),
            1480 => Some(check("be_app/app-07", "Layer4 timeout", false, "2/3", 2001)),
            1490 => Some(check("be_app/app-07", "Layer4 timeout", false, "1/3", 2001)),
            1500 => {
                down_at = i;
                Some("Server be_app/app-07 is DOWN, reason: Layer4 timeout, check duration: 2001ms. 17 active and 0 backup servers left. 4 sessions active, 0 requeued, 0 remaining in queue.".to_string())
            }
            1900 => Some(check(
                "be_api/api-04",
                "Layer4 connection problem, info: \"Connection refused\"",
                false,
                "2/3",
                0,
            )),
            1904 => Some(check("be_api/api-04", "", true, "3/3", 5)),
            2300 => Some(check(
                "be_app/app-11",
                "Layer7 wrong status, code: 503, info: \"Service Unavailable\"",
                false,
                "2/3",
                9,
            )),
            2302 => Some(check("be_app/app-11", "", true, "3/3", 4)),
            2700 => Some(check(
                "be_app/app-03",
                "Layer6 invalid response, info: \"SSL handshake failure\"",
                false,
                "2/3",
                31,
            )),
            2701 => Some(check("be_app/app-03", "", true, "3/3", 6)),
            _ => None,
        };
        if let Some(e) = event {
            out.push_str(&format!("{prefix}{e}\n"));
        }
        let kind = h(i, 501) % 10;
        let (backend, server, path) = if kind < 5 {
            let mut srv = app[(h(i, 502) % 18) as usize].clone();
            if i >= down_at && srv == "app-07" {
                srv = "app-08".into();
            }
            ("be_app", srv, pick(&paths_app, i, 503))
        } else if kind < 8 {
            (
                "be_api",
                api[(h(i, 504) % 6) as usize].clone(),
                pick(&paths_api, i, 505),
            )
        } else {
            (
                "be_static",
                stat[(h(i, 506) % 4) as usize].clone(),
                pick(&paths_static, i, 507),
            )
        };
        let method = if path.starts_with("/api/v1/cart/items") && h(i, 508).is_multiple_of(2) {
            "POST"
        } else {
            "GET"
        };
        let roll = h(i, 509) % 1000;
        let tr = range(i, 510, 3, 420);
        let (status, tr_s, tt, flags, bytes) = if roll < 12 {
            (504, "-1".to_string(), 30_001 + h(i, 511) % 40, "sH--", 194)
        } else if roll < 30 {
            (502, "-1".to_string(), range(i, 512, 2, 900), "SH--", 209)
        } else if roll < 55 {
            (500, tr.to_string(), tr + 2, "----", 1_412)
        } else if roll < 90 {
            (404, tr.to_string(), tr + 1, "----", 5_231)
        } else if roll < 150 {
            (304, tr.to_string(), tr + 1, "----", 187)
        } else {
            (
                200,
                tr.to_string(),
                tr + 2,
                "----",
                range(i, 513, 300, 98_000),
            )
        };
        let (a, b) = (h(i, 514) % 223 + 1, h(i, 515) % 254 + 1);
        let fe = 600 + h(i, 516) % 400;
        out.push_str(&format!(
            "{prefix}{a}.{}.{}.{b}:{} [28/Nov/2026:{}.{:03}] fe_https~ {backend}/{server} 0/0/{}/{tr_s}/{tt} {status} {bytes} - - {flags} {fe}/{}/{}/{}/0 0/0 \"{method} {path} HTTP/1.1\"\n",
            h(i, 517) % 256,
            h(i, 518) % 256,
            1024 + h(i, 519) % 64_000,
            clock(s),
            t % 1000,
            h(i, 520) % 3,
            fe - 2,
            10 + h(i, 521) % 60,
            h(i, 522) % 8
        ));
        i += 1;
    }
    assert!(down_at < usize::MAX);
    Case::fact(
        "HAProxy syslog, the server taken out of rotation",
        out,
        "Saturday night one of the web servers behind our load balancer stopped getting any traffic. Which one was it, and what did the load balancer say was wrong with it?",
        &["app-07", "Layer4 timeout"],
    )
}

/// `curl -s 'http://127.0.0.1:8500/v1/health/state/any?pretty'` (Consul
/// 1.17) of a datacenter of 110 nodes: every node's `serfHealth` and the
/// checks of its six to eight service instances, in the order of node
/// and check ID, four-space indents as Consul prints them. About one in
/// forty checks is in `warning` (HTTP 429s, Nagios-style scripts that say
/// `WARNING - /var 91% full`); passing checks' outputs mention
/// `critical_queue` and their notes say when they page. One check is
/// `critical`: `ledger-writer-2` on `ip-10-2-31-118`, its port refusing.
fn consul_critical_check() -> Case {
    let services: [(&str, u64, &str); 12] = [
        ("payments-api", 8080, "http"),
        ("ledger-writer", 9400, "http"),
        ("ledger-reader", 9401, "http"),
        ("orders", 8081, "http"),
        ("inventory", 8082, "http"),
        ("notifications", 8090, "http"),
        ("search-indexer", 9200, "tcp"),
        ("session-store", 6379, "tcp"),
        ("node-exporter", 9100, "http"),
        ("disk-usage", 0, "script"),
        ("gateway", 8443, "http"),
        ("fraud-scorer", 8500, "grpc"),
    ];
    let mut checks: Vec<Value> = Vec::new();
    let mut planted = false;
    let mut index = 0u64;
    for n in 0..110usize {
        let ip = if n == 73 {
            "10.2.31.118".to_string()
        } else {
            format!("10.2.{}.{}", 10 + n / 6, 20 + h(n, 531) % 200)
        };
        let node = format!("ip-{}", ip.replace('.', "-"));
        let create = 10_000 + n as u64 * 37;
        checks.push(json!({
            "Node": node,
            "CheckID": "serfHealth",
            "Name": "Serf Health Status",
            "Status": "passing",
            "Notes": "",
            "Output": "Agent alive and reachable",
            "ServiceID": "",
            "ServiceName": "",
            "ServiceTags": [],
            "Type": "",
            "Interval": "",
            "Timeout": "",
            "ExposedPort": 0,
            "Definition": {},
            "CreateIndex": create,
            "ModifyIndex": create
        }));
        let count = 6 + h(n, 532) % 3;
        let mut mine: Vec<(String, usize)> = (0..count as usize)
            .map(|k| {
                let s = ((h(n * 16 + k, 533) % 12) as usize, k);
                (format!("{}-{}", services[s.0].0, 1 + (n * 3 + k) % 14), s.0)
            })
            .collect();
        if n == 73 {
            mine[1] = ("ledger-writer-2".into(), 1);
        }
        mine.sort();
        mine.dedup_by(|a, b| a.0 == b.0);
        for (sid, s) in mine {
            index += 1;
            let i = n * 16 + index as usize;
            let (name, port, kind) = services[s];
            let roll = h(i, 534) % 40;
            let critical = n == 73 && sid == "ledger-writer-2";
            planted |= critical;
            let (status, output) = if critical {
                (
                    "critical",
                    format!(
                        "Get \"http://{ip}:{port}/healthz\": dial tcp {ip}:{port}: connect: connection refused"
                    ),
                )
            } else {
                match kind {
                    "http" if roll == 0 => (
                        "warning",
                        format!(
                            "HTTP GET http://{ip}:{port}/healthz: 429 Too Many Requests Output: {{\"status\":\"DEGRADED\",\"reason\":\"rate limited by upstream\"}}"
                        ),
                    ),
                    "http" => (
                        "passing",
                        format!(
                            "HTTP GET http://{ip}:{port}/healthz: 200 OK Output: {{\"status\":\"UP\",\"checks\":{{\"db\":\"ok\",\"critical_queue\":\"ok\",\"lag_ms\":{}}}}}",
                            h(i, 535) % 90
                        ),
                    ),
                    "tcp" => ("passing", format!("TCP connect {ip}:{port}: Success")),
                    "grpc" => ("passing", format!("gRPC check {ip}:{port}: success")),
                    _ => {
                        let pct = if roll < 2 {
                            88 + h(i, 536) % 8
                        } else {
                            20 + h(i, 536) % 55
                        };
                        if pct >= 85 {
                            (
                                "warning",
                                format!("WARNING - /var {pct}% full (critical at 95%)\n"),
                            )
                        } else {
                            ("passing", format!("OK - /var {pct}% full\n"))
                        }
                    }
                }
            };
            let check_id = format!("service:{sid}");
            let (interval, timeout) = if kind == "script" {
                ("60s", "10s")
            } else {
                ("10s", "5s")
            };
            let notes = if h(i, 537).is_multiple_of(3) {
                "Pages on-call if critical for 5m"
            } else {
                ""
            };
            let modify = create + 200 + h(i, 538) % 90_000;
            checks.push(json!({
                "Node": node,
                "CheckID": check_id,
                "Name": format!("Service '{name}' check"),
                "Status": status,
                "Notes": notes,
                "Output": output,
                "ServiceID": sid,
                "ServiceName": name,
                "ServiceTags": [pick(&["v2", "v3", "blue", "green"], i, 539), kind, format!("az-{}", pick(&["a", "b", "c"], i, 540))],
                "Type": kind,
                "Interval": interval,
                "Timeout": timeout,
                "ExposedPort": 0,
                "Definition": {},
                "CreateIndex": create + 3,
                "ModifyIndex": modify
            }));
        }
    }
    assert!(planted);
    Case::fact(
        "Consul health API, the one critical check",
        pretty(&Value::Array(checks), b"    ") + "\n",
        "Dumped the Consul health of the whole datacenter. Is any service instance actually broken right now? Which instance and which machine is it on?",
        &["ledger-writer-2", "ip-10-2-31-118"],
    )
    .with_jq(
        ".[] | select(.Status == \"critical\") | .ServiceID + \" on \" + .Node",
        vec![jq_string("ledger-writer-2 on ip-10-2-31-118")],
    )
}

/// `psql -c "SELECT queryid, calls, round(total_exec_time::numeric, 2) AS
/// total_ms, round(mean_exec_time::numeric, 2) AS mean_ms, rows, query
/// FROM pg_stat_statements ORDER BY calls DESC"` on a shop's primary
/// (PostgreSQL 16), aligned as psql prints it. The busiest statements by
/// calls (`BEGIN`, session lookups) come first; one-off maintenance
/// (`COPY … TO stdout`, `CREATE INDEX CONCURRENTLY`) has the biggest mean.
/// The lookup of a customer's orders by e-mail has the most total time by
/// far, with a fraction of the top statements' calls.
fn pg_stat_statements_top() -> Case {
    let tables = [
        "orders",
        "order_items",
        "customers",
        "carts",
        "cart_items",
        "products",
        "variants",
        "stock_levels",
        "payments",
        "refunds",
        "shipments",
        "sessions",
        "coupons",
        "reviews",
        "wishlists",
        "addresses",
        "audit_log",
        "price_rules",
        "categories",
        "events",
    ];
    let cols = [
        "id",
        "status",
        "created_at",
        "updated_at",
        "customer_id",
        "sku",
        "quantity",
        "total_cents",
        "currency",
        "country",
        "email",
        "token",
        "expires_at",
        "state",
    ];
    // (queryid, calls, total ms, mean ms, rows, query)
    let mut rows: Vec<(i64, u64, f64, f64, u64, String)> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut i = 0usize;
    while rows.len() < 2_800 {
        i += 1;
        let t = pick(&tables, i, 541);
        let c1 = pick(&cols, i, 542);
        let c2 = pick(&cols, i, 543);
        let q = match h(i, 544) % 7 {
            0 => format!(
                "SELECT {c1}, {c2}, id FROM {t} WHERE {c1} = $1 AND {c2} > $2 ORDER BY id LIMIT $3"
            ),
            1 => format!("UPDATE {t} SET {c2} = $1, updated_at = now() WHERE id = $2"),
            2 => format!(
                "INSERT INTO {t} ({c1}, {c2}, created_at) VALUES ($1, $2, now()) RETURNING id"
            ),
            3 => format!("SELECT count(*) FROM {t} WHERE {c1} = $1 AND created_at >= $2"),
            4 => format!("DELETE FROM {t} WHERE {c2} < $1 AND {c1} = $2"),
            5 => format!(
                "SELECT t.* FROM {t} t JOIN {} u ON u.id = t.{c1} WHERE u.{c2} = ANY($1) ORDER BY t.created_at DESC LIMIT $2",
                pick(&tables, i, 545)
            ),
            _ => format!(
                "SELECT id, {c1} FROM {t} WHERE {c2} IN ($1, $2, $3, $4, $5, $6, $7, $8) /* {}:{} */",
                pick(&["shop-web", "shop-api", "worker", "admin"], i, 546),
                pick(&["list", "show", "export", "sync"], i, 547)
            ),
        };
        if !seen.insert(q.clone()) {
            continue;
        }
        // Calls spread over six decades, most small.
        let decade = h(i, 548) % 100;
        let calls = match decade {
            0..=40 => range(i, 549, 1, 900),
            41..=75 => range(i, 549, 900, 40_000),
            76..=94 => range(i, 549, 40_000, 400_000),
            _ => range(i, 549, 400_000, 2_400_000),
        };
        let mean = (range(i, 550, 2, 2_400) as f64) / 100.0;
        let mean = if calls > 400_000 { mean / 4.0 } else { mean };
        let total = calls as f64 * mean;
        // Nothing else comes near the planted total.
        let total = total.min(5_800_000.0 + (h(i, 551) % 100_000) as f64);
        rows.push((
            h(i, 552) as i64,
            calls,
            total,
            total / calls as f64,
            calls * (1 + h(i, 553) % 3),
            q,
        ));
    }
    let specials: [(u64, f64, u64, &str); 8] = [
        (41_220_318, 1_862_114.07, 0, "BEGIN"),
        (41_220_290, 1_412_877.51, 0, "COMMIT"),
        (
            38_117_044,
            5_104_338.92,
            38_117_044,
            "SELECT s.customer_id, s.expires_at FROM sessions s WHERE s.token = $1",
        ),
        (
            12_600_512,
            4_991_730.66,
            12_600_512,
            "SELECT c.id, c.email, c.name FROM customers c WHERE c.email = $1",
        ),
        (
            1,
            2_841_337.20,
            81_442_907,
            "COPY public.events (id, kind, payload, created_at) TO stdout",
        ),
        (
            2,
            2_204_119.85,
            0,
            "CREATE INDEX CONCURRENTLY idx_order_items_sku ON public.order_items USING btree (sku)",
        ),
        (3, 1_733_004.41, 0, "VACUUM (ANALYZE) public.audit_log"),
        (
            412_388,
            9_871_234.56,
            6_034_711,
            "SELECT o.id, o.status, o.total_cents, o.created_at FROM orders o WHERE o.customer_email = $1 ORDER BY o.created_at DESC LIMIT $2",
        ),
    ];
    for (k, (calls, total, n, q)) in specials.iter().enumerate() {
        rows.push((
            h(k, 554) as i64,
            *calls,
            *total,
            total / *calls as f64,
            *n,
            q.to_string(),
        ));
    }
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|(id, calls, total, mean, n, q)| {
            [
                id.to_string(),
                calls.to_string(),
                format!("{total:.2}"),
                format!("{mean:.2}"),
                n.to_string(),
                q.clone(),
            ]
        })
        .collect();
    let heads = ["queryid", "calls", "total_ms", "mean_ms", "rows", "query"];
    let mut w = heads.map(str::len);
    for c in &cells {
        for k in 0..5 {
            w[k] = w[k].max(c[k].len());
        }
    }
    let wq = cells.iter().map(|c| c[5].len()).max().unwrap_or(5);
    let centre = |s: &str, width: usize| {
        let pad = width - s.len();
        format!("{}{s}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
    };
    let mut out = String::new();
    let head: Vec<String> = (0..5).map(|k| centre(heads[k], w[k])).collect();
    out.push_str(&format!(
        " {} | {}\n",
        head.join(" | "),
        centre("query", wq).trim_end()
    ));
    let rule: Vec<String> = (0..5).map(|k| "-".repeat(w[k] + 2)).collect();
    out.push_str(&format!("{}+{}\n", rule.join("+"), "-".repeat(wq + 2)));
    for c in &cells {
        let nums: Vec<String> = (0..5)
            .map(|k| format!("{:>width$}", c[k], width = w[k]))
            .collect();
        out.push_str(&format!(" {} | {}\n", nums.join(" | "), c[5]));
    }
    out.push_str(&format!("({} rows)\n\n", cells.len()));
    Case::fact(
        "pg_stat_statements, the query with the most total time",
        out,
        "Which query is our Postgres database spending the most time on overall, all its runs added up? How much time is that?",
        &["o.customer_email = $1", "9871234.56"],
    )
}

/// `gcloud logging read 'resource.type="cloud_run_revision" AND
/// severity>=WARNING' --freshness=1d --format=json` of a shop's Cloud Run
/// project, newest first, keys sorted and two-space indents as gcloud
/// prints them: request logs of 4xx and 5xx (some aborted for lack of an
/// instance), application errors on stderr (Python tracebacks, Node
/// errors), containers that called `exit(1)` themselves, a session cache
/// that reached its own memory limit and evicts keys, and a look-alike
/// service `invoice-render`. Once, the system log says
/// `invoice-renderer` went over its memory limit.
fn gcloud_run_oom() -> Case {
    let services = [
        "checkout",
        "catalog",
        "invoice-render",
        "invoice-renderer",
        "session-cache",
        "search",
        "mailer",
        "webhooks",
    ];
    let apps = [
        "Traceback (most recent call last):\n  File \"/app/main.py\", line 211, in handle\n    order = repo.load(order_id)\n  File \"/app/repo.py\", line 88, in load\n    raise NotFound(order_id)\nrepo.NotFound: order not found",
        "ERROR:root:payment provider returned 502 Bad Gateway, will retry (attempt 2/5)",
        "Error: connect ETIMEDOUT 10.8.0.3:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)",
        "UnhandledPromiseRejection: FetchError: request to https://api.pdf-fonts.example/v1 failed, reason: socket hang up",
        "WARNING:sqlalchemy.pool.impl.QueuePool:Connection pool is full, discarding connection",
        "psycopg2.OperationalError: server closed the connection unexpectedly",
    ];
    let project = "acme-shop-prod";
    let mut entries: Vec<Value> = Vec::new();
    let mut planted = false;
    let mut i = 0usize;
    let mut bytes = 0usize;
    while bytes < 560_000 {
        let svc = pick(&services, i, 561);
        let rev = format!("{svc}-{:05}-{}", 10 + h(i, 562) % 40, letters(i, 563, 3));
        let ms = 2 * 86_400_000 - millis(i, 95_000);
        let ts = rfc3339(ms, h(i, 564));
        let rts = rfc3339(ms + 40 + h(i, 565) % 900, h(i, 566));
        let resource = json!({
            "labels": {
                "configuration_name": svc,
                "location": "europe-west1",
                "project_id": project,
                "revision_name": rev,
                "service_name": svc
            },
            "type": "cloud_run_revision"
        });
        let labels = json!({"instanceId": format!("00{}", hex(i, 567, 62))});
        let roll = h(i, 568) % 100;
        let entry = if i == 217 {
            planted = true;
            json!({
                "insertId": format!("{}", hex(i, 569, 12)),
                "labels": labels,
                "logName": format!("projects/{project}/logs/run.googleapis.com%2Fvarlog%2Fsystem"),
                "receiveTimestamp": rts,
                "resource": {
                    "labels": {
                        "configuration_name": "invoice-renderer",
                        "location": "europe-west1",
                        "project_id": project,
                        "revision_name": "invoice-renderer-00031-kog",
                        "service_name": "invoice-renderer"
                    },
                    "type": "cloud_run_revision"
                },
                "severity": "ERROR",
                "textPayload": "Memory limit of 1024 MiB exceeded with 1043 MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits",
                "timestamp": ts
            })
        } else if roll < 45 {
            let status = pick(&["500", "503", "502", "404", "429", "401", "504"], i, 570);
            let status: u64 = status.parse().unwrap();
            let mut e = json!({
                "httpRequest": {
                    "latency": format!("{}.{:06}s", h(i, 571) % 4, h(i, 572) % 1_000_000),
                    "protocol": "HTTP/1.1",
                    "remoteIp": format!("{}.{}.{}.{}", 1 + h(i, 573) % 220, h(i, 574) % 256, h(i, 575) % 256, 1 + h(i, 576) % 254),
                    "requestMethod": pick(&["GET", "POST"], i, 577),
                    "requestSize": (300 + h(i, 578) % 2_000).to_string(),
                    "requestUrl": format!("https://{svc}-x3k2q7wlia-ew.a.run.app/{}", pick(&["v1/orders", "v1/render", "healthz", "v1/items?page=3", "hooks/stripe"], i, 579)),
                    "responseSize": (100 + h(i, 580) % 9_000).to_string(),
                    "serverIp": format!("216.239.{}.53", 32 + h(i, 581) % 6),
                    "status": status,
                    "userAgent": pick(&["Go-http-client/2.0", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "python-requests/2.32.3"], i, 582)
                },
                "insertId": hex(i, 583, 14),
                "labels": labels,
                "logName": format!("projects/{project}/logs/run.googleapis.com%2Frequests"),
                "receiveTimestamp": rts,
                "resource": resource,
                "severity": if status >= 500 { "ERROR" } else { "WARNING" },
                "spanId": h(i, 584).to_string(),
                "timestamp": ts,
                "trace": format!("projects/{project}/traces/{}", hex(i, 585, 32)),
                "traceSampled": h(i, 586).is_multiple_of(2)
            });
            if status == 429 {
                e["textPayload"] = json!(
                    "The request was aborted because there was no available instance. Additional troubleshooting documentation can be found at: https://cloud.google.com/run/docs/troubleshooting#abort-request"
                );
            }
            e
        } else if roll < 90 {
            let text = if svc == "session-cache" && roll < 55 {
                format!(
                    "WARN cache memory limit reached (256 MiB), evicted {} keys",
                    100 + h(i, 587) % 4_000
                )
            } else {
                pick(&apps, i, 588).to_string()
            };
            json!({
                "insertId": hex(i, 589, 14),
                "labels": labels,
                "logName": format!("projects/{project}/logs/run.googleapis.com%2Fstderr"),
                "receiveTimestamp": rts,
                "resource": resource,
                "severity": if text.starts_with("WARN") { "WARNING" } else { "ERROR" },
                "textPayload": text,
                "timestamp": ts
            })
        } else if roll < 95 {
            json!({
                "insertId": hex(i, 590, 14),
                "labels": labels,
                "logName": format!("projects/{project}/logs/run.googleapis.com%2Fvarlog%2Fsystem"),
                "receiveTimestamp": rts,
                "resource": resource,
                "severity": "WARNING",
                "textPayload": "Container called exit(1).",
                "timestamp": ts
            })
        } else {
            json!({
                "insertId": hex(i, 591, 14),
                "jsonPayload": {
                    "component": pick(&["worker", "http", "scheduler"], i, 592),
                    "error": pick(&["deadline exceeded", "upstream reset", "invalid signature on webhook"], i, 593),
                    "message": "request failed",
                    "retry": h(i, 594).is_multiple_of(2)
                },
                "labels": labels,
                "logName": format!("projects/{project}/logs/run.googleapis.com%2Fstdout"),
                "receiveTimestamp": rts,
                "resource": resource,
                "severity": "ERROR",
                "timestamp": ts
            })
        };
        bytes += entry.to_string().len() + 200;
        entries.push(entry);
        i += 1;
    }
    assert!(planted);
    Case::fact(
        "gcloud logging read, the Cloud Run service killed for memory",
        pretty(&Value::Array(entries), b"  ") + "\n",
        "One of our Cloud Run services had its container killed during the night. Which service was it, and what killed it?",
        &["invoice-renderer", "Memory limit of 1024 MiB exceeded"],
    )
    .with_jq(
        ".[] | select(.textPayload // \"\" | startswith(\"Memory limit\")) | .resource.labels.service_name",
        vec![jq_string("invoice-renderer")],
    )
}

/// `curl -s http://alertmanager:9093/api/v2/alerts | jq .` of a company's
/// Alertmanager (0.27): about 430 alerts in its order, two-space indents.
/// Most are warnings; critical ones are silenced during maintenance or
/// inhibited by a cluster-wide alert; warnings' descriptions speak of
/// critical thresholds. Six critical alerts fire, neither silenced nor
/// inhibited: their instances are the answer.
fn alertmanager_critical() -> Case {
    let rules: [(&str, &str, &str, &str); 10] = [
        (
            "NodeFilesystemAlmostFull",
            "9100",
            "Filesystem on {i} is over 85% full",
            "will reach the critical threshold (95%) within 6h at the current rate",
        ),
        (
            "NodeHighCPU",
            "9100",
            "CPU on {i} above 90% for 15m",
            "sustained load; page escalates to critical after 1h",
        ),
        (
            "PostgresReplicationLag",
            "9187",
            "Replica {i} is lagging",
            "replication lag above 30s",
        ),
        (
            "PostgresDown",
            "9187",
            "Postgres on {i} is down",
            "pg_up == 0 for 2m",
        ),
        (
            "KafkaUnderReplicatedPartitions",
            "9308",
            "Under-replicated partitions on {i}",
            "partitions without a full ISR set",
        ),
        (
            "KafkaBrokerDown",
            "9308",
            "Kafka broker {i} is unreachable",
            "no scrape for 3m",
        ),
        (
            "RedisMemoryHigh",
            "9121",
            "Redis {i} memory above 90%",
            "evictions may start; critical at 98%",
        ),
        (
            "HTTPErrorBudgetBurn",
            "9113",
            "Error budget burning on {i}",
            "5xx ratio above SLO for 1h",
        ),
        (
            "CertificateExpiringSoon",
            "9115",
            "TLS certificate on {i} expires in 10 days",
            "renew before it turns critical at 3 days",
        ),
        (
            "NodeDown",
            "9100",
            "Node {i} is not responding",
            "up == 0 for 5m",
        ),
    ];
    let hosts = [
        "pg-main",
        "pg-replica",
        "kafka",
        "redis",
        "web",
        "api",
        "worker",
        "edge",
        "ci",
        "vault",
    ];
    let planted: [(usize, &str, &str); 6] = [
        (37, "PostgresDown", "pg-main-02:9187"),
        (96, "KafkaBrokerDown", "kafka-05:9308"),
        (171, "NodeDown", "worker-19:9100"),
        (244, "PostgresReplicationLag", "pg-replica-03:9187"),
        (318, "HTTPErrorBudgetBurn", "edge-04:9113"),
        (389, "RedisMemoryHigh", "redis-11:9121"),
    ];
    let silence = uuid(1, 601);
    let mut alerts: Vec<Value> = Vec::new();
    for i in 0..430usize {
        let plant = planted.iter().find(|p| p.0 == i);
        let (rule, instance) = match plant {
            Some(p) => (rules.iter().find(|r| r.0 == p.1).unwrap(), p.2.to_string()),
            None => {
                let r = &rules[(h(i, 602) % 10) as usize];
                let host = match r.1 {
                    "9187" => pick(&["pg-main", "pg-replica"], i, 603),
                    "9308" => "kafka",
                    "9121" => "redis",
                    "9113" => pick(&["edge", "web", "api"], i, 603),
                    _ => pick(&hosts, i, 603),
                };
                let mut inst = format!("{host}-{:02}:{}", 1 + h(i, 604) % 24, r.1);
                if planted.iter().any(|p| p.2 == inst) {
                    inst = format!("{host}-{:02}:{}", 31 + h(i, 604) % 24, r.1);
                }
                (r, inst)
            }
        };
        // Critical only where planted, or muted one way or another.
        let roll = h(i, 605) % 100;
        let (severity, state, silenced, inhibited) = if plant.is_some() {
            ("critical", "active", vec![], vec![])
        } else if roll < 10 {
            ("critical", "suppressed", vec![silence.clone()], vec![])
        } else if roll < 18 {
            ("critical", "suppressed", vec![], vec![hex(i, 606, 16)])
        } else {
            ("warning", "active", vec![], vec![])
        };
        let start = 20 * 3600 * 1000 + millis(i, 60_000);
        let host = instance.split(':').next().unwrap().to_string();
        let summary = rule.2.replace("{i}", &host);
        let receiver = if severity == "critical" {
            "pagerduty-oncall"
        } else {
            "slack-alerts"
        };
        let team = if host.starts_with("pg") {
            "data"
        } else if host.starts_with("kafka") {
            "streaming"
        } else {
            "platform"
        };
        alerts.push(json!({
            "annotations": {
                "description": format!("{}: {}", host, rule.3),
                "runbook_url": format!("https://runbooks.acme.internal/alerts/{}", rule.0),
                "summary": summary
            },
            "endsAt": rfc3339_ms(start + 4 * 3600 * 1000),
            "fingerprint": hex(i, 607, 16),
            "receivers": [{"name": receiver}],
            "startsAt": rfc3339_ms(start),
            "status": {
                "inhibitedBy": inhibited,
                "silencedBy": silenced,
                "state": state
            },
            "updatedAt": rfc3339_ms(start + 3 * 3600 * 1000 + h(i, 609) % 60_000),
            "generatorURL": format!("http://prometheus-0.monitoring:9090/graph?g0.expr={}&g0.tab=1", rule.0),
            "labels": {
                "alertname": rule.0,
                "cluster": pick(&["prod-eu1", "prod-eu2"], i, 610),
                "instance": instance,
                "job": pick(&["node", "postgres", "kafka", "redis", "blackbox"], i, 611),
                "prometheus": "monitoring/k8s",
                "severity": severity,
                "team": team
            }
        }));
    }
    let items: Vec<String> = planted.iter().map(|p| p.2.to_string()).collect();
    // The planted instances name no other alert's instance.
    for a in &alerts {
        let inst = a["labels"]["instance"].as_str().unwrap();
        let crit = a["status"]["state"] == "active" && a["labels"]["severity"] == "critical";
        assert_eq!(crit, items.iter().any(|s| s == inst), "{inst}");
    }
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Alertmanager API, critical alerts nobody muted",
        pretty(&Value::Array(alerts), b"  ") + "\n",
        "Which of our critical alerts are going off right now without anyone having muted them? Give me every machine involved.",
        items,
    )
    .with_jq(
        ".[] | select(.labels.severity == \"critical\" and .status.state == \"active\") | .labels.instance",
        expected,
    )
}

/// Traefik's JSON access log (v3.1, one line a request, keys sorted as
/// its logger prints them) at a shop's edge: `ServiceURL` as the URL
/// structure it marshals, durations in nanoseconds. 4xx and 5xx of every
/// kind (401s, 404s, 502s and 503s from the backends, 504s); an endpoint
/// named `/api/v2/rate-limits` answers 200. The rate-limit middleware
/// rejects requests on five endpoints with 429 (no service, no origin).
fn traefik_throttled() -> Case {
    let paths = [
        "/api/v2/products",
        "/api/v2/products/details",
        "/api/v2/cart",
        "/api/v2/searches/saved",
        "/api/v2/rate-limits",
        "/api/v2/account/profile",
        "/api/v2/orders",
        "/api/v2/export-jobs",
        "/api/v2/reviews",
        "/api/v2/stores/nearby",
        "/healthz",
    ];
    let throttled: [(usize, &str); 5] = [
        (64, "/api/v2/search"),
        (187, "/api/v2/auth/token"),
        (305, "/api/v2/exports"),
        (431, "/api/v2/giftcards/redeem"),
        (552, "/api/v2/cart/items"),
    ];
    let mut out = String::new();
    let mut i = 0usize;
    while out.len() < 700_000 {
        let ms = 9 * 3600 * 1000 + millis(i, 330);
        let start = rfc3339(ms, h(i, 621));
        let plant = throttled.iter().find(|t| t.0 == i || t.0 + 40 == i);
        let path = match plant {
            Some(t) => t.1.to_string(),
            None => pick(&paths, i, 622).to_string(),
        };
        let client = format!(
            "{}.{}.{}.{}",
            1 + h(i, 623) % 220,
            h(i, 624) % 256,
            h(i, 625) % 256,
            1 + h(i, 626) % 254
        );
        let port = 1024 + h(i, 627) % 64_000;
        let method = if path.contains("token") || path.contains("redeem") || path.ends_with("items")
        {
            "POST"
        } else {
            pick(&["GET", "GET", "GET", "POST"], i, 628)
        };
        let svc = if path.starts_with("/api/v2/cart") || path.starts_with("/api/v2/orders") {
            "shop-cart"
        } else if path.starts_with("/api/v2/auth") || path.starts_with("/api/v2/account") {
            "shop-identity"
        } else {
            "shop-api"
        };
        let mut r = serde_json::Map::new();
        let mut put = |k: &str, v: Value| {
            r.insert(k.to_string(), v);
        };
        put("ClientAddr", json!(format!("{client}:{port}")));
        put("ClientHost", json!(client));
        put("ClientPort", json!(port.to_string()));
        put("ClientUsername", json!("-"));
        let overhead = 40_000 + h(i, 629) % 400_000;
        if plant.is_some() {
            put("DownstreamContentSize", json!(17));
            put("DownstreamStatus", json!(429));
            put("Duration", json!(overhead));
            put("OriginContentSize", json!(0));
            put("OriginDuration", json!(0));
            put("OriginStatus", json!(0));
            put("Overhead", json!(overhead));
        } else {
            let roll = h(i, 630) % 100;
            let status = match roll {
                0..=4 => 401,
                5..=11 => 404,
                12..=14 => 502,
                15..=17 => 503,
                18..=19 => 504,
                20..=23 => 400,
                _ => 200,
            };
            let origin = if status == 504 {
                30_000_000_000
            } else {
                range(i, 631, 2_000_000, 900_000_000)
            };
            let size = if status == 200 {
                range(i, 632, 80, 48_000)
            } else {
                21 + h(i, 633) % 120
            };
            put("DownstreamContentSize", json!(size));
            put("DownstreamStatus", json!(status));
            put("Duration", json!(origin + overhead));
            put("OriginContentSize", json!(size));
            put("OriginDuration", json!(origin));
            put("OriginStatus", json!(status));
            put("Overhead", json!(overhead));
        }
        put("RequestAddr", json!("api.acme-shop.eu"));
        put(
            "RequestContentSize",
            json!(if method == "POST" {
                120 + h(i, 634) % 900
            } else {
                0
            }),
        );
        put("RequestCount", json!(i + 1));
        put("RequestHost", json!("api.acme-shop.eu"));
        put("RequestMethod", json!(method));
        put("RequestPath", json!(path));
        put("RequestPort", json!("-"));
        put("RequestProtocol", json!("HTTP/2.0"));
        put("RequestScheme", json!("https"));
        put("RetryAttempts", json!(0));
        put("RouterName", json!(format!("{svc}@kubernetescrd")));
        if plant.is_none() {
            let addr = format!("10.42.{}.{}:8080", h(i, 635) % 8, 2 + h(i, 636) % 250);
            put("ServiceAddr", json!(addr));
            put(
                "ServiceName",
                json!(format!("shop-{svc}-8080@kubernetescrd")),
            );
            put(
                "ServiceURL",
                json!({"Scheme": "http", "Opaque": "", "User": null, "Host": addr, "Path": "", "RawPath": "", "OmitHost": false, "ForceQuery": false, "RawQuery": "", "Fragment": "", "RawFragment": ""}),
            );
        }
        put(
            "StartLocal",
            json!(rfc3339(ms + 3_600_000, h(i, 621)).replace('Z', "+01:00")),
        );
        put("StartUTC", json!(start));
        put("TLSCipher", json!("TLS_AES_128_GCM_SHA256"));
        put("TLSVersion", json!("1.3"));
        put("entryPointName", json!("websecure"));
        put("level", json!("info"));
        put("msg", json!(""));
        put(
            "time",
            json!(format!("2026-11-27T{}+01:00", clock(ms / 1000 + 3600))),
        );
        out.push_str(&Value::Object(r).to_string());
        out.push('\n');
        i += 1;
    }
    assert!(i > 600, "{i} requests");
    let set: BTreeSet<String> = throttled.iter().map(|t| t.1.to_string()).collect();
    let expected = set.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Traefik JSON access log, endpoints throttled",
        out,
        "Which of our API endpoints were people getting throttled on this morning? List each one.",
        throttled.iter().map(|t| t.1.to_string()).collect(),
    )
    .with_jq(
        "[.[] | select(.DownstreamStatus == 429) | .RequestPath] | unique | .[]",
        expected,
    )
}

/// `tcpdump -nn -i eth0 'tcp port 5432 or tcp port 6379 or udp port 53'`
/// on the database host 10.0.1.20 after its firewall's allow list was
/// changed: clients' sessions (handshake, queries, replies, FIN), DNS
/// lookups, Redis on 10.0.1.20.6379 refusing a few clients (the Redis
/// server was down), some sessions reset after they were established
/// (idle sessions killed, clients resetting). Five clients' SYNs to 5432
/// (each tried twice) are answered with RST: refused.
fn tcpdump_refused() -> Case {
    let db = "10.0.1.20";
    let refused: [(usize, &str); 5] = [
        (30, "10.0.7.41"),
        (95, "10.0.3.88"),
        (150, "10.0.9.15"),
        (205, "10.0.5.203"),
        (250, "10.0.7.42"),
    ];
    let mut out = String::from(
        "tcpdump: verbose output suppressed, use -v[v]... for full protocol decode\nlistening on eth0, link-type EN10MB (Ethernet), snapshot length 262144 bytes\n",
    );
    let mut t: u64 = (14 * 3600) * 1_000_000;
    let mut packets = 0u64;
    let mut c = 0usize;
    while out.len() < 560_000 {
        let mut line = |t: &mut u64, text: String| {
            *t += 50 + h(packets as usize, 641) % 4_000;
            let s = *t / 1_000_000;
            out.push_str(&format!("{}.{:06} IP {text}\n", clock(s), *t % 1_000_000));
            packets += 1;
        };
        let plant = refused.iter().find(|r| r.0 == c || r.0 + 3 == c);
        let client = match plant {
            Some(r) => r.1.to_string(),
            None => format!("10.0.{}.{}", 2 + h(c, 642) % 4, 10 + h(c, 643) % 60),
        };
        let cport = 32_768 + h(c, 644) % 28_000;
        let seq = h(c, 645) % 4_000_000_000;
        let ts = h(c, 646) % 4_000_000_000;
        let roll = h(c, 647) % 100;
        let redis = plant.is_none() && roll < 25;
        let sport = if redis { 6379 } else { 5432 };
        if roll >= 90 && plant.is_none() {
            let id = h(c, 648) % 65_536;
            line(
                &mut t,
                format!("{client}.{cport} > 10.0.0.2.53: {id}+ A? pg-primary.db.internal. (41)"),
            );
            line(
                &mut t,
                format!("10.0.0.2.53 > {client}.{cport}: {id}* 1/0/0 A {db} (57)"),
            );
            c += 1;
            continue;
        }
        let syn = format!(
            "{client}.{cport} > {db}.{sport}: Flags [S], seq {seq}, win 64240, options [mss 1460,sackOK,TS val {ts} ecr 0,nop,wscale 7], length 0"
        );
        line(&mut t, syn);
        if plant.is_some() || (redis && roll < 3) {
            line(
                &mut t,
                format!(
                    "{db}.{sport} > {client}.{cport}: Flags [R.], seq 0, ack {}, win 0, length 0",
                    seq + 1
                ),
            );
            c += 1;
            continue;
        }
        let sseq = h(c, 649) % 4_000_000_000;
        line(
            &mut t,
            format!(
                "{db}.{sport} > {client}.{cport}: Flags [S.], seq {sseq}, ack {}, win 65160, options [mss 1460,sackOK,TS val {} ecr {ts},nop,wscale 7], length 0",
                seq + 1,
                ts / 3
            ),
        );
        line(
            &mut t,
            format!(
                "{client}.{cport} > {db}.{sport}: Flags [.], ack 1, win 502, options [nop,nop,TS val {} ecr {}], length 0",
                ts + 1,
                ts / 3
            ),
        );
        let (mut a, mut b) = (1u64, 1u64);
        for k in 0..(2 + h(c, 650) % 4) {
            let q = 40 + h(c * 8 + k as usize, 651) % 300;
            let r = 20 + h(c * 8 + k as usize, 652) % 1_400;
            line(
                &mut t,
                format!(
                    "{client}.{cport} > {db}.{sport}: Flags [P.], seq {a}:{}, ack {b}, win 502, options [nop,nop,TS val {} ecr {}], length {q}",
                    a + q,
                    ts + 2 + k,
                    ts / 3 + k
                ),
            );
            a += q;
            line(
                &mut t,
                format!(
                    "{db}.{sport} > {client}.{cport}: Flags [P.], seq {b}:{}, ack {a}, win 509, options [nop,nop,TS val {} ecr {}], length {r}",
                    b + r,
                    ts / 3 + 1 + k,
                    ts + 2 + k
                ),
            );
            b += r;
        }
        if roll.is_multiple_of(11) {
            // Killed while idle, or reset by the client: after the session.
            if roll.is_multiple_of(2) {
                line(
                    &mut t,
                    format!(
                        "{db}.{sport} > {client}.{cport}: Flags [R.], seq {b}, ack {a}, win 509, length 0"
                    ),
                );
            } else {
                line(
                    &mut t,
                    format!(
                        "{client}.{cport} > {db}.{sport}: Flags [R.], seq {a}, ack {b}, win 502, length 0"
                    ),
                );
            }
        } else {
            line(
                &mut t,
                format!(
                    "{client}.{cport} > {db}.{sport}: Flags [F.], seq {a}, ack {b}, win 502, options [nop,nop,TS val {} ecr {}], length 0",
                    ts + 9,
                    ts / 3 + 8
                ),
            );
            line(
                &mut t,
                format!(
                    "{db}.{sport} > {client}.{cport}: Flags [F.], seq {b}, ack {}, win 509, options [nop,nop,TS val {} ecr {}], length 0",
                    a + 1,
                    ts / 3 + 9,
                    ts + 9
                ),
            );
            line(
                &mut t,
                format!(
                    "{client}.{cport} > {db}.{sport}: Flags [.], ack {}, win 502, options [nop,nop,TS val {} ecr {}], length 0",
                    b + 1,
                    ts + 10,
                    ts / 3 + 9
                ),
            );
        }
        c += 1;
    }
    assert!(c > 260, "{c} connections");
    out.push_str(&format!(
        "^C\n{packets} packets captured\n{} packets received by filter\n0 packets dropped by kernel\n",
        packets + 37
    ));
    Case::items(
        "tcpdump, clients refused by Postgres",
        out,
        "From this packet capture on the database box: which machines tried to open a connection to Postgres and got turned away? List all of them.",
        refused.iter().map(|r| r.1.to_string()).collect(),
    )
}

/// A JMeter results file (`jmeter -n -t shop.jmx -l results.csv`, JMeter
/// 5.6, the default CSV columns) of a 40-minute load test of a web shop
/// with 60 threads: a sample a line, times in ms. Failures (500s, an
/// assertion, connection resets) are fast; `02 Home - Hero Banner` comes
/// close to 5 s without passing it; a step named `15 Slow Lane - Static
/// Assets` is quick. Four steps have at least one response over 5 s.
fn jmeter_slow_steps() -> Case {
    let labels = [
        "01 Home - Landing",
        "02 Home - Hero Banner",
        "03 Browse - Category",
        "04 Browse - Product Page",
        "05 Search - Facets",
        "06 Cart - Add Item",
        "07 Checkout - Apply Voucher",
        "08 Checkout - Shipping Options",
        "09 Payment - 3DS Redirect",
        "10 Payment - Confirm",
        "11 Account - Order History",
        "12 Account - Login",
        "13 Search - Suggest",
        "14 Browse - Reviews",
        "15 Slow Lane - Static Assets",
    ];
    let slow: [(usize, &str); 4] = [
        (310, "07 Checkout - Apply Voucher"),
        (1_120, "11 Account - Order History"),
        (1_740, "05 Search - Facets"),
        (2_390, "09 Payment - 3DS Redirect"),
    ];
    let mut out = String::from(
        "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n",
    );
    let start: u64 = (DAY + 13 * 3600) * 1000;
    let mut i = 0usize;
    while out.len() < 430_000 {
        let plant = slow.iter().find(|s| s.0 == i);
        let label = match plant {
            Some(s) => s.1,
            None => pick(&labels, i, 661),
        };
        let n = labels.iter().position(|l| *l == label).unwrap();
        let mut elapsed = range(i, 662, 40, 1_900);
        if plant.is_some() {
            elapsed = range(i, 663, 5_200, 11_800);
        } else if label == "02 Home - Hero Banner" && h(i, 664).is_multiple_of(9) {
            elapsed = range(i, 665, 4_600, 4_990);
        } else if label == "15 Slow Lane - Static Assets" {
            elapsed = range(i, 666, 3, 60);
        }
        let roll = h(i, 667) % 200;
        let (code, msg, ok, fail) = if plant.is_some() {
            ("200", "OK", "true", "")
        } else if roll < 4 {
            ("500", "Internal Server Error", "false", "")
        } else if roll < 6 {
            (
                "200",
                "OK",
                "false",
                "Test failed: text expected to contain /Order confirmed/",
            )
        } else if roll < 8 {
            (
                "Non HTTP response code: org.apache.http.NoHttpResponseException",
                "Non HTTP response message: shop.example.com:443 failed to respond",
                "false",
                "",
            )
        } else {
            ("200", "OK", "true", "")
        };
        if ok == "false" {
            elapsed = elapsed.min(900);
        }
        let thread = 1 + h(i, 668) % 60;
        let latency = elapsed.saturating_sub(h(i, 669) % 30);
        let url = format!(
            "https://shop.example.com/{}",
            match n {
                0 | 1 => "".to_string(),
                2 | 3 | 13 => format!("p/{}", 1000 + h(i, 670) % 9000),
                4 | 12 => "search?q=rain+jacket".to_string(),
                14 => format!("static/img/{}.webp", h(i, 671) % 500),
                _ => format!("step/{}", n + 1),
            }
        );
        out.push_str(&format!(
            "{},{elapsed},{label},{code},{msg},Shoppers 1-{thread},text,{ok},{fail},{},{},60,60,{url},{latency},0,{}\n",
            start + millis(i, 950),
            if ok == "true" { range(i, 672, 900, 88_000) } else { 2_113 },
            range(i, 673, 300, 1_400),
            if h(i, 674).is_multiple_of(10) { range(i, 675, 20, 140) } else { 0 }
        ));
        i += 1;
    }
    assert!(i > 2_400, "{i} samples");
    Case::items(
        "JMeter results CSV, steps with a response over 5 s",
        out,
        "In the load test results, which steps of the shopping journey ever took longer than five seconds to come back? Name every one.",
        slow.iter().map(|s| s.1.to_string()).collect(),
    )
}

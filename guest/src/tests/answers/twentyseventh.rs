//! A TWENTY-SEVENTH HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at 842aa17 and at
//! eff4c3f; its misses read since, for their classes.
//!
//! One fact: `heroku logs --tail` of a shop's API app over an afternoon
//! (which dyno Heroku stopped for using far too much memory, and when,
//! among the same worker's warnings over its quota for half an hour, a
//! web dyno over its quota whose own worker killer stepped in, a
//! one-off console over its quota, the daily cycling, a deploy's
//! restarts and Postgres and Redis metrics that speak of memory),
//! `pt-query-digest` of a shop database's slow log of a day (which query
//! waited longest for locks in total, and how long, among the query that
//! took the most time, a named lock that waits in its execution time, a
//! cleanup with the longest single lock wait, `SELECT … FOR UPDATE` and
//! another update of the same table, and a monitoring query over the
//! lock waits), `hcloud server list -o json` of a company's Hetzner
//! Cloud project (the server left to boot into the rescue system and its
//! address, among servers labelled for disaster recovery, a server
//! switched off, one locked and one with an ISO inserted), Teleport's
//! audit log as JSON lines over a week (who got onto the payments
//! database server as root at the weekend, and when, among root
//! sessions on its staging twin and on web servers, other logins to the
//! same server, a refused root login there, Ansible's commands as root
//! and database sessions to the payments database).
//! Every item: `/var/log/lynis.log` of a web server's nightly audit (the
//! warnings, among fifty suggestions, results that name the same
//! subjects and hundreds of hardening lines), strongSwan's charon in the
//! syslog of a head office's VPN gateway overnight (the branches still
//! cut off in the morning, among branches that dropped and came back,
//! retransmits answered in time, a branch that tore its tunnel down and
//! built it again and hundreds of rekeys), Polaris's `audit --format
//! json` of a cluster (the workloads with a privileged container, among
//! containers allowed to escalate privileges or run as root, pods on the
//! host's network and a workload named for privileged access), pylint's
//! `--output-format=json` of a shop backend (the modules that cannot be
//! imported, among unused, reimported and misordered imports, imports
//! outside the top level, names missing from a module and cyclic
//! imports).
//!
//! The jq program of the JSON-lines output (Teleport) reads the records
//! as one array, as the fourth set's do. Every expected jq result was
//! checked with the real jq (`jq -s` for that one).

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, h, hex, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        heroku_memory_kill(),
        pt_query_digest_lock_wait(),
        hcloud_rescue_left_on(),
        teleport_root_on_payments(),
        lynis_warnings(),
        charon_branches_down(),
        polaris_privileged(),
        pylint_unresolved_imports(),
    ]
}

/// `2026-11-27` of `t` seconds since the epoch.
fn ymd(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}")
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Nov 27 01:12:44` of `t` seconds since the epoch, as syslog writes it.
fn syslog_time(t: u64) -> String {
    let (_, m, d) = civil(t / 86_400);
    format!("{} {d:2} {}", MONTHS[(m - 1) as usize], clock(t % 86_400))
}

/// Asserts `at`, where the answer stands, lies in the output's middle
/// half.
fn in_middle(out: &str, at: usize) {
    assert!(
        at > out.len() / 4 && at < out.len() * 3 / 4,
        "{at} of {}",
        out.len()
    );
}

// ------------------------------------------------------------------ Heroku

/// `2026-11-26T14:02:11.512394+00:00`: a time as `heroku logs` prints it,
/// of `us` microseconds since the epoch.
fn heroku_time(us: u64) -> String {
    let t = us / 1_000_000;
    format!(
        "{}T{}.{:06}+00:00",
        ymd(t),
        clock(t % 86_400),
        us % 1_000_000
    )
}

/// A visitor's public address.
fn visitor_ip(i: usize, salt: u64) -> String {
    let first = [
        84u64, 91, 93, 178, 185, 188, 2, 31, 37, 46, 62, 77, 79, 80, 87, 95, 109, 176, 212, 217,
    ];
    format!(
        "{}.{}.{}.{}",
        first[(h(i, salt) % first.len() as u64) as usize],
        h(i, salt + 1) % 256,
        h(i, salt + 2) % 256,
        1 + h(i, salt + 3) % 254
    )
}

/// The status line Rails prints for `code`.
fn rails_status(code: u64) -> &'static str {
    match code {
        200 => "200 OK",
        201 => "201 Created",
        204 => "204 No Content",
        304 => "304 Not Modified",
        404 => "404 Not Found",
        _ => "422 Unprocessable Entity",
    }
}

/// One dyno's restart, as Heroku logs it: stopped with SIGTERM and
/// started again, from `us`.
fn heroku_restart(
    ev: &mut Vec<(u64, String, String)>,
    us: u64,
    dyno: &str,
    why: &str,
    command: &str,
) {
    let src = format!("heroku[{dyno}]");
    ev.push((us, src.clone(), why.to_string()));
    ev.push((
        us + 4_112,
        src.clone(),
        "State changed from up to starting".into(),
    ));
    ev.push((
        us + 2_817_551,
        src.clone(),
        "Stopping all processes with SIGTERM".into(),
    ));
    if dyno.starts_with("web") {
        let app = format!("app[{dyno}]");
        ev.push((
            us + 2_901_004,
            app.clone(),
            "[4] - Gracefully stopping, waiting for requests to finish".into(),
        ));
        ev.push((us + 3_112_870, app.clone(), "[4] - Goodbye!".into()));
    } else {
        ev.push((
            us + 2_899_312,
            format!("app[{dyno}]"),
            "pid=4 tid=1wq8 INFO: Shutting down".into(),
        ));
        ev.push((
            us + 3_402_118,
            format!("app[{dyno}]"),
            "pid=4 tid=1wq8 INFO: Bye!".into(),
        ));
    }
    ev.push((
        us + 3_614_422,
        src.clone(),
        "Process exited with status 0".into(),
    ));
    ev.push((
        us + 9_207_316,
        src.clone(),
        format!("Starting process with command `{command}`"),
    ));
    ev.push((
        us + 11_930_774,
        src,
        "State changed from starting to up".into(),
    ));
}

/// `heroku logs --tail -a kaffeekontor-api` left running over an
/// afternoon (12:00–18:00 UTC) of a coffee shop's API: the router's
/// line for each request, Rails's lines for some, Sidekiq's jobs on two
/// worker dynos, Postgres and Redis metrics every minute and a half.
/// From 15:08 a product feed import swells `worker.2`: over its 1 GB
/// quota from 15:21 (R14, every half minute), and at 15:47:09 past twice
/// the quota, when Heroku kills it (R15, SIGKILL, status 137): the
/// answer. Decoys: `web.3` over its quota at one o'clock until Puma's
/// worker killer stops one of its workers, a one-off console over its
/// quota, `worker.1` briefly over its quota, the daily cycling of
/// `web.1` and `worker.1` (SIGTERM), a deploy restarting every dyno,
/// request timeouts, and metrics that speak of memory.
fn heroku_memory_kill() -> Case {
    let day = DAY / 86_400 - 1;
    let at = |hh: u64, mm: u64, ss: u64| (day * 86_400 + hh * 3_600 + mm * 60 + ss) * 1_000_000;
    let (start, end) = (at(12, 0, 0), at(18, 0, 0));
    let kill = at(15, 47, 9);
    let quiet = |us: u64| us / 1_000_000 == kill / 1_000_000;
    let mut ev: Vec<(u64, String, String)> = Vec::new();
    let host = "api.kaffeekontor.de";
    let cats = [
        "espresso",
        "filter",
        "decaf",
        "single-origin",
        "equipment",
        "grinders",
        "gift-cards",
        "tea",
    ];
    let terms = [
        "ethiopia",
        "crema",
        "v60",
        "aeropress",
        "kenia",
        "bohnen",
        "milchkaennchen",
        "entkalker",
    ];
    // The router's requests, and Rails's lines for one in three.
    for i in 0..1_050usize {
        let us = start + h(i, 9801) % (end - start);
        if quiet(us) || quiet(us.saturating_sub(1_000_000)) {
            continue;
        }
        let sku = format!("KK-{:05}", 10_000 + h(i, 9802) % 9_000);
        let n = 1 + h(i, 9803) % 12;
        let (method, path, ok) = match h(i, 9804) % 14 {
            0..=2 => (
                "GET",
                format!(
                    "/api/v2/products?category={}&page={n}",
                    pick(&cats, i, 9805)
                ),
                200,
            ),
            3..=5 => ("GET", format!("/api/v2/products/{sku}"), 200),
            6 => ("GET", "/api/v2/cart".to_string(), 200),
            7 => ("POST", "/api/v2/cart/items".to_string(), 201),
            8 => (
                "DELETE",
                format!("/api/v2/cart/items/{}", 300_000 + h(i, 9806) % 90_000),
                204,
            ),
            9 => (
                "GET",
                format!("/api/v2/search?q={}", pick(&terms, i, 9807)),
                200,
            ),
            10 => ("POST", "/api/v2/checkout".to_string(), 201),
            11 => (
                "GET",
                format!("/api/v2/orders/KK{}", 2_600_000 + h(i, 9808) % 90_000),
                200,
            ),
            12 => (
                "GET",
                format!("/api/v2/stores/{n}/availability?sku={sku}"),
                200,
            ),
            _ => ("GET", "/health".to_string(), 200),
        };
        let status = match h(i, 9809) % 40 {
            0 if method == "GET" => 404,
            1 if method == "POST" => 422,
            2 if method == "GET" => 304,
            _ => ok,
        };
        let service = if path == "/health" {
            1 + h(i, 9810) % 4
        } else {
            8 + h(i, 9810) % 700
        };
        let bytes = match status {
            204 | 304 => 0,
            _ => 180 + h(i, 9811) % 24_000,
        };
        let dyno = 1 + h(i, 9812) % 3;
        let rid = uuid(i, 9813);
        let ip = visitor_ip(i, 9814);
        ev.push((
            us,
            "heroku[router]".into(),
            format!(
                "at=info method={method} path=\"{path}\" host={host} request_id={rid} fwd=\"{ip}\" dyno=web.{dyno} connect={}ms service={service}ms status={status} bytes={bytes} protocol=https",
                h(i, 9815) % 2
            ),
        ));
        if h(i, 9816).is_multiple_of(3) && path != "/health" {
            let t0 = us.saturating_sub(service * 1_000 + 1_200);
            let secs = t0 / 1_000_000;
            ev.push((
                t0,
                format!("app[web.{dyno}]"),
                format!(
                    "[{rid}] Started {method} \"{path}\" for {ip} at {} {} +0000",
                    ymd(secs),
                    clock(secs % 86_400)
                ),
            ));
            let ar = h(i, 9817) % (service * 7 / 10 + 1);
            ev.push((
                us.saturating_sub(900),
                format!("app[web.{dyno}]"),
                format!(
                    "[{rid}] Completed {} in {}ms (Views: {}.{}ms | ActiveRecord: {ar}.{}ms | Allocations: {})",
                    rails_status(status),
                    service.saturating_sub(2),
                    h(i, 9818) % 9,
                    h(i, 9819) % 10,
                    h(i, 9820) % 10,
                    2_000 + h(i, 9821) % 60_000
                ),
            ));
        }
    }
    // Checkout timeouts at half past two.
    for k in 0..6usize {
        let us = at(14, 31, 0) + h(k, 9822) % 780_000_000;
        ev.push((
            us,
            "heroku[router]".into(),
            format!(
                "at=error code=H12 desc=\"Request timeout\" method=POST path=\"/api/v2/checkout\" host={host} request_id={} fwd=\"{}\" dyno=web.{} connect=0ms service=30000ms status=503 bytes=0 protocol=https",
                uuid(k, 9823),
                visitor_ip(k, 9824),
                1 + h(k, 9825) % 3
            ),
        ));
    }
    // Sidekiq's jobs on both workers.
    let jobs = [
        ("SyncStockJob", 0.2, 4.0),
        ("SendOrderConfirmationJob", 0.3, 2.5),
        ("GenerateInvoicePdfJob", 1.1, 9.0),
        ("RecalculateCartPricesJob", 0.1, 1.2),
        ("PushShipmentToDhlJob", 0.4, 6.0),
        ("ExpireAbandonedCartsJob", 2.0, 30.0),
        ("UpdateSearchIndexJob", 0.5, 12.0),
    ];
    for i in 0..340usize {
        let us = start + h(i, 9830) % (end - start);
        let w = 1 + h(i, 9831) % 2;
        // worker.2 is down for a moment after the kill.
        if (w == 2 && (kill - 4_000_000..kill + 30_000_000).contains(&us)) || quiet(us) {
            continue;
        }
        let (class, lo, hi) = jobs[(h(i, 9832) % jobs.len() as u64) as usize];
        let elapsed = lo + (h(i, 9833) % 1_000) as f64 / 1_000.0 * (hi - lo);
        let end_us = us + (elapsed * 1e6) as u64;
        if quiet(end_us) || (w == 2 && (kill - 4_000_000..kill + 30_000_000).contains(&end_us)) {
            continue;
        }
        let tid = letters(i, 9834, 4);
        let jid = hex(i, 9835, 24);
        let src = format!("app[worker.{w}]");
        ev.push((
            us,
            src.clone(),
            format!("pid=4 tid={tid} class={class} jid={jid} INFO: start"),
        ));
        if h(i, 9836).is_multiple_of(29) {
            ev.push((
                end_us,
                src.clone(),
                format!("pid=4 tid={tid} class={class} jid={jid} elapsed={elapsed:.3} INFO: fail"),
            ));
            ev.push((
                end_us + 310,
                src,
                format!("pid=4 tid={tid} class={class} jid={jid} WARN: Faraday::TimeoutError: Net::ReadTimeout with #<TCPSocket:(closed)>"),
            ));
        } else {
            ev.push((
                end_us,
                src,
                format!("pid=4 tid={tid} class={class} jid={jid} elapsed={elapsed:.3} INFO: done"),
            ));
        }
    }
    // The feed import that swells worker.2; it never finishes.
    ev.push((
        at(15, 8, 44) + 120_331,
        "app[worker.2]".into(),
        "pid=4 tid=2bq4 class=ImportProductFeedJob jid=6c1f0e93a4b27d58e1f2a7c3 INFO: start".into(),
    ));
    for (k, supplier) in ["rioverde", "kaffa-import", "baristapro"]
        .iter()
        .enumerate()
    {
        ev.push((
            at(15, 9 + 6 * k as u64, 12) + 55_120,
            "app[worker.2]".into(),
            format!("pid=4 tid=2bq4 class=ImportProductFeedJob jid=6c1f0e93a4b27d58e1f2a7c3 INFO: feed {supplier}: parsed {} items", 18_000 + 9_000 * k),
        ));
    }
    // Postgres and Redis metrics every minute and a half.
    let mut k = 0usize;
    let mut us = start + 41_000_000;
    while us < end {
        if !quiet(us) {
            ev.push((
                us,
                "app[heroku-postgres]".into(),
                format!(
                    "source=DATABASE addon=postgresql-curved-41233 sample#current_transaction={} sample#db_size={}bytes sample#tables=62 sample#active-connections={} sample#waiting-connections=0 sample#index-cache-hit-rate=0.99{:03} sample#table-cache-hit-rate=0.99{:03} sample#load-avg-1m=0.{:02} sample#load-avg-5m=0.{:02} sample#load-avg-15m=0.{:02} sample#read-iops={}.{} sample#write-iops={}.{} sample#tmp-disk-used=543633408 sample#tmp-disk-available=72435159040 sample#memory-total=16070676kB sample#memory-free={}kB sample#memory-cached={}kB sample#memory-postgres={}kB sample#wal-percentage-used=0.0{}",
                    98_120_000 + k as u64 * 311 + h(k, 9840) % 300,
                    18_451_237_891 + k as u64 * 40_960,
                    14 + h(k, 9841) % 20,
                    600 + h(k, 9842) % 399,
                    300 + h(k, 9843) % 699,
                    10 + h(k, 9844) % 60,
                    10 + h(k, 9845) % 40,
                    10 + h(k, 9846) % 30,
                    h(k, 9847) % 4,
                    h(k, 9848) % 10,
                    8 + h(k, 9849) % 30,
                    h(k, 9850) % 10,
                    2_000_000 + h(k, 9851) % 400_000,
                    12_400_000 + h(k, 9852) % 300_000,
                    300_000 + h(k, 9853) % 40_000,
                    700 + h(k, 9854) % 99
                ),
            ));
        }
        let r = us + 7_000_000 + h(k, 9855) % 9_000_000;
        if !quiet(r) {
            ev.push((
                r,
                "app[heroku-redis]".into(),
                format!(
                    "source=REDIS addon=redis-shaped-08211 sample#active-connections={} sample#load-avg-1m=0.0{} sample#load-avg-5m=0.0{} sample#load-avg-15m=0.0{} sample#read-iops=0 sample#write-iops=0.{} sample#memory-total=16070676kB sample#memory-free={}kB sample#memory-cached={}kB sample#memory-redis={}bytes sample#hit-rate=0.9{:04} sample#evicted-keys=0",
                    10 + h(k, 9856) % 8,
                    h(k, 9857) % 9,
                    h(k, 9858) % 9,
                    h(k, 9859) % 9,
                    h(k, 9860) % 9,
                    13_400_000 + h(k, 9861) % 80_000,
                    1_200_000 + h(k, 9862) % 9_000,
                    48_000_000 + h(k, 9863) % 900_000,
                    h(k, 9864) % 10_000
                ),
            ));
        }
        k += 1;
        us += 88_000_000 + h(k, 9865) % 4_000_000;
    }
    // Memory over the quota: R14 pairs every half minute or so.
    let r14 = |ev: &mut Vec<(u64, String, String)>,
               dyno: &str,
               from: u64,
               to: u64,
               quota: u64,
               mb: (u64, u64),
               salt: u64| {
        let mut us = from;
        let mut k = 0usize;
        let steps = (to - from) / 35_000_000 + 1;
        while us < to {
            let m = mb.0 + (mb.1 - mb.0) * k as u64 / steps + h(k, salt) % 9;
            let src = format!("heroku[{dyno}]");
            ev.push((
                us,
                src.clone(),
                format!(
                    "Process running mem={m}M({}.{}%)",
                    m * 100 / quota,
                    m * 1_000 / quota % 10
                ),
            ));
            ev.push((us + 1_204, src, "Error R14 (Memory quota exceeded)".into()));
            k += 1;
            us += 24_000_000 + h(k, salt + 1) % 22_000_000;
        }
    };
    r14(
        &mut ev,
        "web.3",
        at(13, 5, 17) + 4_312,
        at(13, 21, 30),
        1_024,
        (1_031, 1_072),
        9870,
    );
    r14(
        &mut ev,
        "worker.2",
        at(15, 21, 37) + 81_220,
        at(15, 46, 50),
        1_024,
        (1_030, 2_031),
        9872,
    );
    r14(
        &mut ev,
        "worker.1",
        at(16, 40, 3) + 612_004,
        at(16, 42, 0),
        1_024,
        (1_027, 1_040),
        9874,
    );
    r14(
        &mut ev,
        "run.3141",
        at(14, 26, 41) + 7_741,
        at(14, 28, 0),
        512,
        (531, 544),
        9876,
    );
    ev.push((
        at(13, 21, 34) + 418_302,
        "app[web.3]".into(),
        "[4] PumaWorkerKiller: Out of memory. 4 workers consuming total: 1071.4 mb out of max: 1024.0 mb. Sending TERM to pid 212 consuming 289.3 mb.".into(),
    ));
    ev.push((
        at(13, 21, 36) + 902_114,
        "app[web.3]".into(),
        "[4] - Worker 2 (PID: 344) booted in 0.01s, phase: 0".into(),
    ));
    // A one-off console.
    ev.push((
        at(14, 10, 2) + 88_410,
        "app[api]".into(),
        "Starting process with command `bin/rails console` by user jan.peters@kaffeekontor.de"
            .into(),
    ));
    ev.push((
        at(14, 10, 9) + 4_018,
        "heroku[run.3141]".into(),
        "State changed from starting to up".into(),
    ));
    ev.push((
        at(14, 10, 9) + 9_771,
        "heroku[run.3141]".into(),
        "Awaiting client".into(),
    ));
    ev.push((
        at(14, 10, 10) + 120_044,
        "heroku[run.3141]".into(),
        "Starting process with command `bin/rails console`".into(),
    ));
    ev.push((
        at(14, 41, 55) + 313_100,
        "heroku[run.3141]".into(),
        "Process exited with status 0".into(),
    ));
    ev.push((
        at(14, 41, 55) + 401_882,
        "heroku[run.3141]".into(),
        "State changed from up to complete".into(),
    ));
    // The kill.
    for (k, text) in [
        "Process running mem=2113M(206.3%)",
        "Error R15 (Memory quota vastly exceeded)",
        "Stopping process with SIGKILL",
        "Process exited with status 137",
        "State changed from up to crashed",
    ]
    .iter()
    .enumerate()
    {
        ev.push((
            kill + 211_034 + k as u64 * 97_311,
            "heroku[worker.2]".into(),
            text.to_string(),
        ));
    }
    ev.push((
        kill + 2_301_512,
        "heroku[worker.2]".into(),
        "State changed from crashed to starting".into(),
    ));
    ev.push((
        kill + 9_880_102,
        "heroku[worker.2]".into(),
        "Starting process with command `bundle exec sidekiq -C config/sidekiq.yml`".into(),
    ));
    ev.push((
        kill + 11_412_377,
        "heroku[worker.2]".into(),
        "State changed from starting to up".into(),
    ));
    ev.push((kill + 13_004_918, "app[worker.2]".into(), "pid=4 tid=1wq8 INFO: Booting Sidekiq 7.2.4 with Sidekiq::RedisConnection::RedisClientAdapter options {:url=>\"rediss://:REDACTED@ec2-34-241-77-12.eu-west-1.compute.amazonaws.com:11190\"}".into()));
    ev.push((kill + 13_090_240, "app[worker.2]".into(), "pid=4 tid=1wq8 INFO: Running in ruby 3.3.5 (2024-09-03 revision ef084cc8f4) +YJIT [x86_64-linux]".into()));
    ev.push((
        kill + 13_093_114,
        "app[worker.2]".into(),
        "pid=4 tid=1wq8 INFO: Starting processing, hit Ctrl-C to stop".into(),
    ));
    // The daily cycling and the afternoon's deploy.
    heroku_restart(
        &mut ev,
        at(13, 44, 12) + 331_004,
        "web.1",
        "Cycling",
        "bundle exec puma -C config/puma.rb",
    );
    heroku_restart(
        &mut ev,
        at(16, 12, 40) + 71_919,
        "worker.1",
        "Cycling",
        "bundle exec sidekiq -C config/sidekiq.yml",
    );
    ev.push((
        at(17, 1, 48) + 204_110,
        "app[api]".into(),
        "Build started by user lena.vogt@kaffeekontor.de".into(),
    ));
    ev.push((
        at(17, 3, 30) + 611_402,
        "app[api]".into(),
        "Release v813 created by user lena.vogt@kaffeekontor.de".into(),
    ));
    ev.push((
        at(17, 3, 30) + 700_918,
        "app[api]".into(),
        "Deploy 4e1b2c9a by user lena.vogt@kaffeekontor.de".into(),
    ));
    ev.push((
        at(17, 3, 31) + 9_114,
        "heroku[release.9214]".into(),
        "Starting process with command `bin/rails db:migrate`".into(),
    ));
    ev.push((
        at(17, 3, 38) + 12_880,
        "heroku[release.9214]".into(),
        "State changed from starting to up".into(),
    ));
    ev.push((
        at(17, 3, 51) + 402_117,
        "heroku[release.9214]".into(),
        "Process exited with status 0".into(),
    ));
    ev.push((
        at(17, 3, 51) + 498_004,
        "heroku[release.9214]".into(),
        "State changed from up to complete".into(),
    ));
    for (k, dyno) in ["web.1", "web.2", "web.3", "worker.1", "worker.2"]
        .iter()
        .enumerate()
    {
        let command = if dyno.starts_with("web") {
            "bundle exec puma -C config/puma.rb"
        } else {
            "bundle exec sidekiq -C config/sidekiq.yml"
        };
        heroku_restart(
            &mut ev,
            at(17, 3, 53) + k as u64 * 1_204_331,
            dyno,
            "Restarting",
            command,
        );
    }
    ev.sort_by_key(|e| e.0);
    let out: String = (ev.iter())
        .map(|(us, src, text)| format!("{} {src}: {text}\n", heroku_time(*us)))
        .collect();
    let when = format!("{}T15:47:09", ymd(day * 86_400));
    assert_eq!(when, "2026-11-26T15:47:09");
    assert_eq!(whole(&out, &when), 5);
    assert_eq!(out.matches("Error R15").count(), 1);
    assert_eq!(out.matches("SIGKILL").count(), 1);
    in_middle(&out, out.find("Error R15").unwrap());
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "heroku logs of an API app, the dyno Heroku killed for memory and when",
        out,
        "Yesterday afternoon Heroku shut down one of our dynos because it was eating far too much RAM. Which dyno was it, and at what time exactly did Heroku pull the plug on it?",
        &["worker.2", "2026-11-26T15:47:09"],
    )
}

// -------------------------------------------------------- pt-query-digest

/// pt's `micro_t`: 12us, 34ms, 2917s.
fn pt_time(t: f64) -> String {
    if t <= 0.0 {
        "0".into()
    } else if t < 0.000_999_5 {
        format!("{}us", ((t * 1e6).round() as u64).max(1))
    } else if t < 0.999_5 {
        format!("{}ms", (t * 1e3).round() as u64)
    } else {
        format!("{}s", t.round() as u64)
    }
}

/// pt's `shorten`: 43210 as 43.21k (counts by 1,000, bytes by 1,024).
fn pt_short(n: f64, base: f64) -> String {
    let units = ["", "k", "M", "G", "T"];
    let (mut x, mut u) = (n, 0);
    while x >= base && u < units.len() - 1 {
        x /= base;
        u += 1;
    }
    if u == 0 && x.fract() == 0.0 {
        format!("{}", x as u64)
    } else {
        format!("{x:.2}{}", units[u])
    }
}

/// One query class of the digest.
struct PtClass {
    id: String,
    sql: String,
    item: String,
    tables: Vec<String>,
    count: u64,
    exec: f64,
    exec_max: f64,
    lock: f64,
    lock_max: f64,
    sent: f64,
    examined: f64,
    affected: f64,
    bytes: f64,
    user: &'static str,
    hosts: &'static str,
    byte: u64,
}

/// min, max, avg, 95%, stddev and median of a class's attribute, its
/// total spread over `count` events, the largest `max`.
fn pt_spread(total: f64, count: u64, max: f64, k: usize, salt: u64) -> [f64; 6] {
    let avg = total / count as f64;
    if count == 1 {
        return [total, total, total, total, 0.0, total];
    }
    let s = 0.2 + (h(k, salt) % 1_000) as f64 / 600.0;
    let max = max.max(avg);
    [
        avg * 0.07,
        max,
        avg,
        (avg * (1.0 + s * 1.5)).min(max),
        avg * s,
        avg * (1.0 - s * 0.25).max(0.1),
    ]
}

/// The attribute lines of one class: `# Exec time     45   2874s …`.
fn pt_attr(out: &mut String, name: &str, pct: f64, vals: [f64; 7], fmt: &dyn Fn(f64) -> String) {
    out.push_str(&format!("# {name:<12} {:>3.0}", pct.floor()));
    for v in vals {
        out.push_str(&format!(" {:>7}", fmt(v)));
    }
    out.push('\n');
}

/// A digest line padded with underscores, as pt writes its headers.
fn pt_header(s: &str) -> String {
    let pad = 74usize.saturating_sub(s.len() + 1);
    if pad == 0 {
        format!("{s}\n")
    } else {
        format!("{s} {}\n", "_".repeat(pad))
    }
}

/// `pt-query-digest --limit 100%:400 /var/lib/mysql/db-shop-01-slow.log.1`
/// over a day of a shop database's slow log (`long_query_time = 0.01`):
/// some 300 query classes of the shop's Rails app, reports and
/// monitoring. The stock reservation update (`UPDATE stock_reservations
/// SET quantity = quantity + 1 …`) waited 2917 s for locks in all, the
/// most of any class, ranked lower by its response time: its ID and
/// that total are the answer. Decoys: the class with the most response
/// time, a `GET_LOCK` that waits in its execution time, a session
/// cleanup with the longest single lock wait, `SELECT … FOR UPDATE` of
/// orders with the second most lock time, another update of the same
/// table, and PMM's query over the lock waits.
fn pt_query_digest_lock_wait() -> Case {
    let tables = [
        "orders",
        "order_items",
        "customers",
        "products",
        "product_variants",
        "carts",
        "cart_items",
        "payments",
        "shipments",
        "vouchers",
        "reviews",
        "categories",
        "product_categories",
        "price_rules",
        "addresses",
        "audit_events",
        "search_terms",
        "wishlists",
        "newsletter_subscriptions",
        "invoices",
        "refunds",
        "warehouses",
        "store_availabilities",
        "loyalty_points",
        "gift_cards",
    ];
    let statuses = [
        "pending",
        "paid",
        "shipped",
        "cancelled",
        "refunded",
        "open",
    ];
    let fks = [
        "customer_id",
        "order_id",
        "product_id",
        "store_id",
        "cart_id",
    ];
    let app_hosts = "10.0.3.21 (NN/27%), 10.0.3.22 (NN/26%)... 2 more";
    let mut classes: Vec<PtClass> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut i = 0usize;
    while classes.len() < 292 {
        i += 1;
        let t = tables[(h(i, 9901) % tables.len() as u64) as usize];
        let t2 = tables[(h(i, 9902) % tables.len() as u64) as usize];
        let kind = h(i, 9903) % 8;
        let fk = pick(&fks, i, 9904);
        let st = pick(&statuses, i, 9905);
        let key = match kind {
            1 => format!("{kind} {t} {fk}"),
            2 => format!("{kind} {t} {st}"),
            5 => format!("{kind} {t} {t2}"),
            _ => format!("{kind} {t}"),
        };
        if seen.contains(&key) || (kind == 5 && t == t2) || t == "stock_reservations" {
            continue;
        }
        seen.push(key);
        let n = 1 + h(i, 9906) % 900_000;
        let stamp = format!(
            "2026-11-26 {}.{:06}",
            clock(h(i, 9907) % 86_400),
            h(i, 9908) % 1_000_000
        );
        let (sql, item, tabs) = match kind {
            0 => (
                format!("SELECT `{t}`.* FROM `{t}` WHERE `{t}`.`id` = {n} LIMIT 1"),
                format!("SELECT {t}"),
                vec![t],
            ),
            1 => (
                format!(
                    "SELECT `{t}`.* FROM `{t}` WHERE `{t}`.`{fk}` = {n} ORDER BY `{t}`.`created_at` DESC LIMIT 20"
                ),
                format!("SELECT {t}"),
                vec![t],
            ),
            2 => (
                format!("SELECT COUNT(*) FROM `{t}` WHERE `{t}`.`status` = '{st}'"),
                format!("SELECT {t}"),
                vec![t],
            ),
            3 => (
                format!("UPDATE `{t}` SET `{t}`.`updated_at` = '{stamp}' WHERE `{t}`.`id` = {n}"),
                format!("UPDATE {t}"),
                vec![t],
            ),
            4 => (
                format!(
                    "INSERT INTO `{t}` (`{fk}`, `status`, `created_at`, `updated_at`) VALUES ({n}, '{st}', '{stamp}', '{stamp}')"
                ),
                format!("INSERT {t}"),
                vec![t],
            ),
            5 => (
                format!(
                    "SELECT `{t}`.* FROM `{t}` INNER JOIN `{t2}` ON `{t2}`.`id` = `{t}`.`{fk}` WHERE `{t2}`.`customer_id` = {n}"
                ),
                format!("SELECT {t} {t2}"),
                vec![t, t2],
            ),
            6 => (
                format!("DELETE FROM `{t}` WHERE `{t}`.`id` = {n}"),
                format!("DELETE {t}"),
                vec![t],
            ),
            _ => (
                format!(
                    "SELECT `{t}`.`id`, `{t}`.`status`, `{t}`.`created_at` FROM `{t}` WHERE `{t}`.`created_at` >= '2026-11-{:02} 00:00:00' AND `{t}`.`status` IN ('paid', 'shipped') ORDER BY `{t}`.`id` LIMIT 500",
                    1 + h(i, 9909) % 25
                ),
                format!("SELECT {t}"),
                vec![t],
            ),
        };
        // The first few classes are the day's heaviest.
        let heavy = classes.len() < 7;
        let u = (h(i, 9910) % 10_000) as f64 / 10_000.0;
        let count = if heavy {
            30_000 + h(i, 9911) % 30_000
        } else {
            10f64.powf(1.3 + 3.2 * u) as u64
        };
        let avg = if heavy {
            0.09 + (h(i, 9912) % 1_000) as f64 / 8_000.0
        } else {
            10f64.powf(-2.0 + 1.4 * (h(i, 9912) % 1_000) as f64 / 1_000.0)
        };
        let lock_avg = 10f64.powf(-5.3 + 1.1 * (h(i, 9913) % 1_000) as f64 / 1_000.0);
        let examined = match kind {
            0 | 3 | 6 => 1.0,
            4 => 0.0,
            2 | 7 => 2_000.0 + (h(i, 9914) % 400_000) as f64,
            _ => 20.0 + (h(i, 9914) % 3_000) as f64,
        };
        let sent = match kind {
            0 | 2 => 1.0,
            3 | 4 | 6 => 0.0,
            1 => 1.0 + (h(i, 9915) % 20) as f64,
            _ => (h(i, 9915) % 500) as f64,
        };
        let affected = if matches!(kind, 3 | 4 | 6) { 1.0 } else { 0.0 };
        classes.push(PtClass {
            id: hex(i, 9916, 32).to_uppercase(),
            sql,
            item,
            tables: tabs.iter().map(|s| s.to_string()).collect(),
            count,
            exec: count as f64 * avg,
            exec_max: avg * (8.0 + (h(i, 9917) % 200) as f64),
            lock: count as f64 * lock_avg,
            lock_max: lock_avg * (20.0 + (h(i, 9918) % 400) as f64),
            sent,
            examined,
            affected,
            bytes: 70.0 + sent * 180.0,
            user: "shop_app",
            hosts: app_hosts,
            byte: h(i, 9919) % 1_900_000_000,
        });
    }
    let special = |id: u64,
                   sql: &str,
                   item: &str,
                   tabs: &[&str],
                   count: u64,
                   exec: (f64, f64),
                   lock: (f64, f64),
                   rows: (f64, f64, f64),
                   user: &'static str,
                   hosts: &'static str| PtClass {
        id: hex(id as usize, 9920, 32).to_uppercase(),
        sql: sql.to_string(),
        item: item.to_string(),
        tables: tabs.iter().map(|s| s.to_string()).collect(),
        count,
        exec: exec.0,
        exec_max: exec.1,
        lock: lock.0,
        lock_max: lock.1,
        sent: rows.0,
        examined: rows.1,
        affected: rows.2,
        bytes: 70.0 + rows.0 * 180.0,
        user,
        hosts,
        byte: h(id as usize, 9921) % 1_900_000_000,
    };
    let answer = special(
        1,
        "UPDATE `stock_reservations` SET `quantity` = `quantity` + 1, `updated_at` = '2026-11-26 11:42:07.318204' WHERE `stock_reservations`.`sku_id` = 88213 AND `stock_reservations`.`warehouse_id` = 3",
        "UPDATE stock_reservations",
        &["stock_reservations"],
        48_213,
        (3_310.62, 10.41),
        (2_917.38, 9.82),
        (0.0, 1.0, 1.0),
        "shop_app",
        app_hosts,
    );
    let answer_id = format!("0x{}", answer.id);
    classes.push(answer);
    classes.push(special(
        2,
        "SELECT `products`.* FROM `products` INNER JOIN `product_variants` ON `product_variants`.`product_id` = `products`.`id` WHERE `products`.`published` = 1 AND (`products`.`name` LIKE '%kenia%' OR `products`.`description` LIKE '%kenia%') ORDER BY `products`.`popularity` DESC LIMIT 48 OFFSET 0",
        "SELECT products product_variants",
        &["products", "product_variants"],
        61_234,
        (12_412.28, 58.12),
        (1.91, 0.004),
        (31.0, 48_112.0, 0.0),
        "shop_app",
        app_hosts,
    ));
    classes.push(special(
        3,
        "SELECT GET_LOCK('stock_sync_warehouse_3', 30)",
        "SELECT",
        &[],
        3_120,
        (1_812.41, 30.0),
        (0.0, 0.0),
        (1.0, 0.0, 0.0),
        "shop_app",
        app_hosts,
    ));
    classes.push(special(
        4,
        "DELETE FROM `sessions` WHERE `sessions`.`updated_at` < '2026-11-12 03:00:00' LIMIT 10000",
        "DELETE sessions",
        &["sessions"],
        288,
        (402.73, 51.34),
        (388.12, 51.02),
        (0.0, 10_000.0, 9_412.0),
        "shop_app",
        "10.0.3.31",
    ));
    classes.push(special(
        5,
        "SELECT `orders`.* FROM `orders` WHERE `orders`.`id` = 2614402 LIMIT 1 FOR UPDATE",
        "SELECT orders",
        &["orders"],
        38_110,
        (1_490.22, 8.31),
        (1_204.61, 7.93),
        (1.0, 1.0, 0.0),
        "shop_app",
        app_hosts,
    ));
    classes.push(special(
        6,
        "UPDATE `stock_reservations` SET `released_at` = '2026-11-26 16:20:41.771902', `quantity` = 0 WHERE `stock_reservations`.`cart_id` = 5512094",
        "UPDATE stock_reservations",
        &["stock_reservations"],
        9_120,
        (260.14, 3.91),
        (212.44, 3.62),
        (0.0, 3.0, 2.0),
        "shop_app",
        app_hosts,
    ));
    classes.push(special(
        7,
        "SELECT r.trx_id AS waiting_trx_id, r.trx_mysql_thread_id AS waiting_thread, r.trx_query AS waiting_query, b.trx_id AS blocking_trx_id, b.trx_mysql_thread_id AS blocking_thread, b.trx_query AS blocking_query FROM performance_schema.data_lock_waits w INNER JOIN information_schema.innodb_trx b ON b.trx_id = w.blocking_engine_transaction_id INNER JOIN information_schema.innodb_trx r ON r.trx_id = w.requesting_engine_transaction_id",
        "SELECT performance_schema.data_lock_waits information_schema.innodb_trx",
        &["performance_schema.data_lock_waits", "information_schema.innodb_trx"],
        1_440,
        (21.17, 0.41),
        (0.03, 0.0002),
        (0.4, 12.0, 0.0),
        "pmm",
        "10.0.4.8",
    ));
    classes.push(special(
        8,
        "SELECT DATE(`orders`.`created_at`) AS day, `orders`.`channel`, COUNT(*) AS orders, SUM(`orders`.`total_cents`) AS revenue FROM `orders` INNER JOIN `order_items` ON `order_items`.`order_id` = `orders`.`id` WHERE `orders`.`created_at` >= '2026-01-01 00:00:00' GROUP BY DATE(`orders`.`created_at`), `orders`.`channel`",
        "SELECT orders order_items",
        &["orders", "order_items"],
        24,
        (1_412.07, 97.3),
        (0.002, 0.0002),
        (660.0, 2_731_004.0, 0.0),
        "reporting_ro",
        "10.0.4.12",
    ));
    classes.sort_by(|a, b| b.exec.partial_cmp(&a.exec).unwrap());
    let top_lock = (classes.iter())
        .max_by(|a, b| a.lock.partial_cmp(&b.lock).unwrap())
        .unwrap();
    assert_eq!(format!("0x{}", top_lock.id), answer_id);
    let rank = classes
        .iter()
        .position(|c| format!("0x{}", c.id) == answer_id)
        .unwrap()
        + 1;
    assert!(rank >= 6, "rank {rank}");
    // The whole day's figures.
    let total = |f: &dyn Fn(&PtClass) -> f64| classes.iter().map(f).sum::<f64>();
    let count: u64 = classes.iter().map(|c| c.count).sum();
    let exec = total(&|c| c.exec);
    let lock = total(&|c| c.lock);
    let sent = total(&|c| c.sent * c.count as f64);
    let examined = total(&|c| c.examined * c.count as f64);
    let affected = total(&|c| c.affected * c.count as f64);
    let bytes = total(&|c| c.bytes * c.count as f64);
    let qsize = total(&|c| (c.sql.len() * c.count as usize) as f64);
    let mut out = String::new();
    out.push_str("\n# 1832.4s user time, 9.8s system time, 312.45M rss, 398.12M vsz\n");
    out.push_str("# Current date: Fri Nov 27 08:02:19 2026\n# Hostname: db-shop-01\n# Files: /var/lib/mysql/db-shop-01-slow.log.1\n");
    out.push_str(&pt_header(&format!(
        "# Overall: {} total, {} unique, {:.2} QPS, {:.2}x concurrency",
        pt_short(count as f64, 1_000.0),
        classes.len(),
        count as f64 / 86_400.0,
        exec / 86_400.0
    )));
    out.push_str("# Time range: 2026-11-26T00:00:01 to 2026-11-26T23:59:59\n");
    out.push_str("# Attribute          total     min     max     avg     95%  stddev  median\n");
    out.push_str("# ============     ======= ======= ======= ======= ======= ======= =======\n");
    let overall = |out: &mut String,
                   name: &str,
                   t: f64,
                   (min, max): (f64, f64),
                   fmt: &dyn Fn(f64) -> String| {
        let s = pt_spread(t, count, max, name.len(), 9922);
        out.push_str(&format!(
            "# {name:<16} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
            fmt(t),
            fmt(min),
            fmt(s[1]),
            fmt(s[2]),
            fmt(s[3]),
            fmt(s[4] * 8.0),
            fmt(s[5] * 0.2)
        ));
    };
    let rows = |v: f64| pt_short((v * 100.0).round() / 100.0, 1_000.0);
    let size = |v: f64| pt_short((v * 100.0).round() / 100.0, 1_024.0);
    overall(&mut out, "Exec time", exec, (0.010, 97.3), &pt_time);
    overall(&mut out, "Lock time", lock, (0.0, 51.02), &pt_time);
    overall(&mut out, "Rows sent", sent, (0.0, 48_831.0), &rows);
    overall(
        &mut out,
        "Rows examine",
        examined,
        (0.0, 2_731_004.0),
        &rows,
    );
    overall(&mut out, "Rows affecte", affected, (0.0, 10_000.0), &rows);
    overall(&mut out, "Bytes sent", bytes, (11.0, 12_928_331.0), &size);
    overall(&mut out, "Query size", qsize, (38.0, 65_004.0), &size);
    out.push_str("\n# Profile\n");
    out.push_str(
        "# Rank Query ID                           Response time    Calls  R/Call V/M   Item\n",
    );
    out.push_str("# ==== ================================== ================ ====== ======= ===== ==================\n");
    for (r, c) in classes.iter().enumerate() {
        out.push_str(&format!(
            "# {:>4} 0x{} {:>10.4} {:>4.1}% {:>6} {:>7.4} {:>5.2} {}\n",
            r + 1,
            c.id,
            c.exec,
            c.exec * 100.0 / exec,
            c.count,
            c.exec / c.count as f64,
            (h(r, 9923) % 300) as f64 / 100.0,
            c.item
        ));
    }
    for (r, c) in classes.iter().enumerate() {
        out.push('\n');
        out.push_str(&pt_header(&format!(
            "# Query {}: {:.2} QPS, {:.2}x concurrency, ID 0x{} at byte {}",
            r + 1,
            c.count as f64 / 86_400.0,
            c.exec / 86_400.0,
            c.id,
            c.byte
        )));
        out.push_str("# This item is included in the report because it matches --limit.\n");
        out.push_str(&format!(
            "# Scores: V/M = {:.2}\n",
            (h(r, 9923) % 300) as f64 / 100.0
        ));
        let first = h(r, 9924) % 3_600;
        let last = 86_399 - h(r, 9925) % 3_600;
        if c.count == 1 {
            out.push_str(&format!(
                "# Time range: all events occurred at 2026-11-26T{}\n",
                clock(first)
            ));
        } else {
            out.push_str(&format!(
                "# Time range: 2026-11-26T{} to 2026-11-26T{}\n",
                clock(first),
                clock(last)
            ));
        }
        out.push_str(
            "# Attribute    pct   total     min     max     avg     95%  stddev  median\n",
        );
        out.push_str(
            "# ============ === ======= ======= ======= ======= ======= ======= =======\n",
        );
        out.push_str(&format!(
            "# {:<12} {:>3.0} {:>7}\n",
            "Count",
            (c.count as f64 * 100.0 / count as f64).floor(),
            c.count
        ));
        let with_total = |t: f64, s: [f64; 6]| [t, s[0], s[1], s[2], s[3], s[4], s[5]];
        let e = pt_spread(c.exec, c.count, c.exec_max, r, 9926);
        pt_attr(
            &mut out,
            "Exec time",
            c.exec * 100.0 / exec,
            with_total(c.exec, e),
            &pt_time,
        );
        let mut l = pt_spread(c.lock, c.count, c.lock_max, r, 9927);
        for (x, y) in l.iter_mut().zip(e) {
            *x = x.min(y);
        }
        pt_attr(
            &mut out,
            "Lock time",
            c.lock * 100.0 / lock,
            with_total(c.lock, l),
            &pt_time,
        );
        let rowline = |out: &mut String, name: &str, avg: f64, all: f64| {
            let t = avg * c.count as f64;
            let v = if avg == 0.0 {
                [0.0; 7]
            } else {
                let s = pt_spread(t, c.count, avg * 3.0, r, 9928);
                with_total(
                    t,
                    [0.0, s[1].round(), s[2], s[3].round(), s[4], s[5].round()],
                )
            };
            pt_attr(out, name, t * 100.0 / all, v, &rows);
        };
        rowline(&mut out, "Rows sent", c.sent, sent);
        rowline(&mut out, "Rows examine", c.examined, examined);
        rowline(&mut out, "Rows affecte", c.affected, affected);
        let b = pt_spread(c.bytes * c.count as f64, c.count, c.bytes * 1.4, r, 9929);
        pt_attr(
            &mut out,
            "Bytes sent",
            c.bytes * c.count as f64 * 100.0 / bytes,
            with_total(c.bytes * c.count as f64, b.map(|x| x.round())),
            &size,
        );
        let q = c.sql.len() as f64;
        pt_attr(
            &mut out,
            "Query size",
            q * c.count as f64 * 100.0 / qsize,
            [q * c.count as f64, q, q, q, q, 0.0, q],
            &size,
        );
        out.push_str("# String:\n# Databases    shop\n");
        let hosts = if c.hosts.contains("NN") {
            let a = c.count * 27 / 100;
            c.hosts.replacen("NN", &a.to_string(), 1).replacen(
                "NN",
                &(c.count * 26 / 100).to_string(),
                1,
            )
        } else {
            c.hosts.to_string()
        };
        out.push_str(&format!(
            "# Hosts        {hosts}\n# Users        {}\n",
            c.user
        ));
        out.push_str("# Query_time distribution\n");
        let avg = c.exec / c.count as f64;
        let centre = ((avg / 1e-6).log10().floor() as i64).clamp(0, 7);
        for (b, label) in [
            "  1us", " 10us", "100us", "  1ms", " 10ms", "100ms", "   1s", " 10s+",
        ]
        .iter()
        .enumerate()
        {
            let d = b as i64 - centre;
            let n = match d {
                0 => 64,
                1 => 6 + h(r * 8 + b, 9930) % 30,
                -1 => h(r * 8 + b, 9930) % 22,
                2 => h(r * 8 + b, 9930) % 4,
                _ => 0,
            };
            if n == 0 {
                out.push_str(&format!("# {label}\n"));
            } else {
                out.push_str(&format!("# {label}  {}\n", "#".repeat(n as usize)));
            }
        }
        if !c.tables.is_empty() {
            out.push_str("# Tables\n");
            for t in &c.tables {
                let (db, name) = t.split_once('.').unwrap_or(("shop", t));
                out.push_str(&format!(
                    "#    SHOW TABLE STATUS FROM `{db}` LIKE '{name}'\\G\n#    SHOW CREATE TABLE `{db}`.`{name}`\\G\n"
                ));
            }
        }
        if c.sql.starts_with("SELECT") {
            out.push_str(&format!("# EXPLAIN /*!50100 PARTITIONS*/\n{}\\G\n", c.sql));
        } else if c.sql.starts_with("INSERT") {
            out.push_str(&format!("{}\\G\n", c.sql));
        } else {
            let (table, rest) = if let Some(rest) = c.sql.strip_prefix("UPDATE ") {
                let (t, r) = rest.split_once(" SET ").unwrap();
                (t.to_string(), r.to_string())
            } else {
                let rest = c.sql.strip_prefix("DELETE FROM ").unwrap();
                let (t, r) = rest.split_once(" WHERE ").unwrap();
                (t.to_string(), format!("* WHERE {r}"))
            };
            let converted = match rest.split_once(" WHERE ") {
                Some((set, cond)) => format!("select  {set} from {table} where  {cond}"),
                None => format!("select  {rest} from {table}"),
            };
            out.push_str(&format!(
                "{}\\G\n# Converted for EXPLAIN\n# EXPLAIN /*!50100 PARTITIONS*/\n{converted}\\G\n",
                c.sql
            ));
        }
    }
    let total_lock = "2917s";
    assert_eq!(whole(&out, total_lock), 1);
    assert_eq!(whole(&out, &answer_id), 2);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "pt-query-digest of a day's slow log, the query that waited longest for locks",
        out,
        "Checkout kept freezing yesterday and I suspect queries stuck behind each other's row locks. From this slow log digest, which query spent the most time altogether waiting to get its locks? I need its ID and how much waiting that added up to.",
        &[&answer_id, total_lock],
    )
}

// ------------------------------------------------------------------ hcloud

/// A Hetzner Cloud server type: id, name, description, cores, memory
/// (GB), disk (GB), CPU, architecture, monthly net price in euros.
type HType = (
    u64,
    &'static str,
    &'static str,
    u64,
    f64,
    u64,
    &'static str,
    &'static str,
    f64,
);

const HTYPES: [HType; 10] = [
    (104, "cx22", "CX22", 2, 4.0, 40, "shared", "x86", 3.79),
    (105, "cx32", "CX32", 4, 8.0, 80, "shared", "x86", 6.80),
    (106, "cx42", "CX42", 8, 16.0, 160, "shared", "x86", 16.40),
    (107, "cx52", "CX52", 16, 32.0, 320, "shared", "x86", 32.40),
    (24, "cpx31", "CPX 31", 4, 8.0, 160, "shared", "x86", 15.59),
    (25, "cpx41", "CPX 41", 8, 16.0, 240, "shared", "x86", 28.09),
    (
        96,
        "ccx23",
        "CCX23 Dedicated CPU",
        4,
        16.0,
        160,
        "dedicated",
        "x86",
        28.09,
    ),
    (
        97,
        "ccx33",
        "CCX33 Dedicated CPU",
        8,
        32.0,
        240,
        "dedicated",
        "x86",
        56.09,
    ),
    (93, "cax21", "CAX21", 4, 8.0, 80, "shared", "arm", 6.49),
    (94, "cax31", "CAX31", 8, 16.0, 160, "shared", "arm", 12.49),
];

/// A price as Hetzner's API writes it: net with ten decimals, gross
/// (19 % VAT) with sixteen.
fn hprice(net: f64) -> Value {
    json!({"net": format!("{net:.10}"), "gross": format!("{:.4}000000000000", net * 1.19)})
}

fn hcloud_server_type(t: &HType) -> Value {
    let prices: Vec<Value> = ["fsn1", "nbg1", "hel1"]
        .iter()
        .map(|loc| {
            json!({
                "location": loc,
                "price_hourly": hprice(((t.8 / 632.0) * 10_000.0).round() / 10_000.0),
                "price_monthly": hprice(t.8),
                "included_traffic": 21_990_232_555_520u64,
                "price_per_tb_traffic": hprice(1.0)
            })
        })
        .collect();
    json!({
        "id": t.0,
        "name": t.1,
        "description": t.2,
        "cores": t.3,
        "memory": t.4 as u64,
        "disk": t.5,
        "deprecated": false,
        "prices": prices,
        "storage_type": "local",
        "cpu_type": t.6,
        "architecture": t.7,
        "deprecation": null
    })
}

fn hcloud_datacenter(loc: &str) -> Value {
    let (id, name, desc, lid, city, country, lat, lon) = match loc {
        "fsn1" => (
            4,
            "fsn1-dc14",
            "Falkenstein 1 virtual DC 14",
            1,
            "Falkenstein",
            "DE",
            50.47612,
            12.370071,
        ),
        "nbg1" => (
            2,
            "nbg1-dc3",
            "Nuremberg 1 virtual DC 3",
            2,
            "Nuremberg",
            "DE",
            49.452102,
            11.076665,
        ),
        _ => (
            3,
            "hel1-dc2",
            "Helsinki 1 virtual DC 2",
            3,
            "Helsinki",
            "FI",
            60.169855,
            24.938379,
        ),
    };
    let supported: Vec<u64> = vec![
        1, 3, 5, 7, 9, 22, 23, 24, 25, 26, 45, 93, 94, 95, 96, 97, 98, 99, 100, 101, 104, 105, 106,
        107,
    ];
    let available: Vec<u64> = supported.iter().copied().filter(|t| *t != 45).collect();
    json!({
        "id": id,
        "name": name,
        "description": desc,
        "location": {
            "id": lid,
            "name": loc,
            "description": format!("{} DC Park 1", city),
            "country": country,
            "city": city,
            "latitude": lat,
            "longitude": lon,
            "network_zone": "eu-central"
        },
        "server_types": {
            "supported": supported,
            "available": available,
            "available_for_migration": available
        }
    })
}

fn hcloud_image(i: usize, arch: &str) -> Value {
    let (id, name, desc, flavor, version) = match (h(i, 9951) % 3, arch) {
        (_, "arm") => (
            103_908_070u64,
            "ubuntu-24.04",
            "Ubuntu 24.04",
            "ubuntu",
            "24.04",
        ),
        (0, _) => (114_690_389, "debian-12", "Debian 12", "debian", "12"),
        _ => (
            161_547_269,
            "ubuntu-24.04",
            "Ubuntu 24.04",
            "ubuntu",
            "24.04",
        ),
    };
    json!({
        "id": id,
        "type": "system",
        "status": "available",
        "name": name,
        "description": desc,
        "image_size": null,
        "disk_size": 5,
        "created": "2024-04-25T13:26:27+00:00",
        "created_from": null,
        "bound_to": null,
        "os_flavor": flavor,
        "os_version": version,
        "rapid_deploy": true,
        "protection": {"delete": false},
        "deprecated": null,
        "labels": {},
        "deleted": null,
        "architecture": arch
    })
}

/// A server's public IPv4 address in location `loc`.
fn hetzner_ip(i: usize, loc: &str) -> String {
    let nets: &[(u64, u64)] = match loc {
        "hel1" => &[(65, 21), (65, 108), (95, 216), (135, 181)],
        _ => &[
            (49, 12),
            (78, 46),
            (116, 203),
            (128, 140),
            (159, 69),
            (167, 235),
            (168, 119),
        ],
    };
    let (a, b) = nets[(h(i, 9952) % nets.len() as u64) as usize];
    format!("{a}.{b}.{}.{}", h(i, 9953) % 256, 2 + h(i, 9954) % 250)
}

/// One server of `hcloud server list -o json`, in the API's key order.
#[allow(clippy::too_many_arguments)]
fn hcloud_server(
    i: usize,
    name: &str,
    t: &HType,
    loc: &str,
    labels: Value,
    status: &str,
    rescue: bool,
    locked: bool,
    iso: Value,
) -> Value {
    let ip = hetzner_ip(i, loc);
    let rev: Vec<&str> = ip.split('.').rev().collect();
    let v6 = format!(
        "2a01:4f{}:c01{}:{:x}::/64",
        if loc == "hel1" { "9" } else { "8" },
        h(i, 9955) % 10,
        0x1000 + h(i, 9956) % 0xefff
    );
    let created = DAY - 86_400 * (3 + h(i, 9957) % 900) + h(i, 9958) % 86_400;
    let backups = h(i, 9959).is_multiple_of(3);
    let mut s = Map::new();
    s.insert("id".into(), json!(40_000_000 + h(i, 9960) % 20_000_000));
    s.insert("name".into(), json!(name));
    s.insert("status".into(), json!(status));
    s.insert(
        "created".into(),
        json!(format!(
            "{}T{}+00:00",
            ymd(created),
            clock(created % 86_400)
        )),
    );
    s.insert(
        "public_net".into(),
        json!({
            "ipv4": {
                "id": 60_000_000 + h(i, 9961) % 20_000_000,
                "ip": ip,
                "blocked": false,
                "dns_ptr": format!("static.{}.clients.your-server.de", rev.join("."))
            },
            "ipv6": {
                "id": 60_000_000 + h(i, 9962) % 20_000_000,
                "ip": v6,
                "blocked": false,
                "dns_ptr": []
            },
            "floating_ips": [],
            "firewalls": [{"id": 1_204_311 + h(i, 9963) % 3, "status": "applied"}]
        }),
    );
    s.insert(
        "private_net".into(),
        json!([{
            "network": 3_912_044,
            "ip": format!("10.10.{}.{}", 1 + h(i, 9964) % 3, 2 + i % 250),
            "alias_ips": [],
            "mac_address": format!("86:00:00:{:02x}:{:02x}:{:02x}", h(i, 9965) % 256, h(i, 9966) % 256, h(i, 9967) % 256)
        }]),
    );
    s.insert("server_type".into(), hcloud_server_type(t));
    s.insert("included_traffic".into(), json!(21_990_232_555_520u64));
    s.insert(
        "outgoing_traffic".into(),
        json!(h(i, 9968) % 900_000_000_000),
    );
    s.insert("ingoing_traffic".into(), json!(h(i, 9969) % 90_000_000_000));
    s.insert(
        "backup_window".into(),
        if backups { json!("22-02") } else { Value::Null },
    );
    s.insert("rescue_enabled".into(), json!(rescue));
    s.insert("iso".into(), iso);
    s.insert("locked".into(), json!(locked));
    s.insert("datacenter".into(), hcloud_datacenter(loc));
    s.insert("image".into(), hcloud_image(i, t.7));
    s.insert(
        "protection".into(),
        json!({"delete": labels.get("env") == Some(&json!("prod")), "rebuild": labels.get("env") == Some(&json!("prod"))}),
    );
    s.insert("labels".into(), labels);
    s.insert("volumes".into(), json!([]));
    s.insert("primary_disk_size".into(), json!(t.5));
    s.insert("placement_group".into(), Value::Null);
    s.insert("load_balancers".into(), json!([]));
    Value::Object(s)
}

/// `hcloud server list -o json` of a software company's Hetzner Cloud
/// project: some 100 servers (web, API, Kubernetes, databases, CI
/// runners, a disaster-recovery site in Helsinki). `db-replica-nbg1-2`
/// was left to boot into the rescue system (`rescue_enabled: true`): its
/// name and public IPv4 address are the answer. Decoys: servers
/// labelled `role: disaster-recovery` and `restore-tested`, a staging
/// server switched off, a server locked while an image is taken, a
/// Windows build server with an ISO inserted, and the other replica.
fn hcloud_rescue_left_on() -> Case {
    let groups: [(&str, usize, usize, &str, &str); 16] = [
        ("web-fsn1", 8, 4, "fsn1", "web"),
        ("api-fsn1", 6, 5, "fsn1", "api"),
        ("api-nbg1", 4, 5, "nbg1", "api"),
        ("k8s-cp-nbg1", 3, 1, "nbg1", "k8s-control-plane"),
        ("k8s-worker-fsn1", 18, 7, "fsn1", "k8s-worker"),
        ("k8s-worker-nbg1", 16, 7, "nbg1", "k8s-worker"),
        ("ci-runner-hel1", 10, 9, "hel1", "ci-runner"),
        ("logs-fsn1", 3, 2, "fsn1", "logging"),
        ("monitoring-fsn1", 2, 1, "fsn1", "monitoring"),
        ("redis-fsn1", 3, 6, "fsn1", "redis"),
        ("kafka-nbg1", 3, 7, "nbg1", "kafka"),
        ("staging-app-fsn1", 6, 0, "fsn1", "staging"),
        ("dr-app-hel1", 4, 5, "hel1", "disaster-recovery"),
        ("dr-db-hel1", 2, 7, "hel1", "disaster-recovery"),
        ("backup-hel1", 3, 3, "hel1", "backup"),
        ("bastion-fsn1", 2, 0, "fsn1", "bastion"),
    ];
    let mut servers: Vec<Value> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut i = 0usize;
    let mut add = |servers: &mut Vec<Value>,
                   names: &mut Vec<String>,
                   name: String,
                   t: usize,
                   loc: &str,
                   role: &str,
                   extra: &[(&str, &str)],
                   status: &str,
                   rescue: bool,
                   locked: bool,
                   iso: Value| {
        let env = if role == "staging" { "staging" } else { "prod" };
        let mut labels = Map::new();
        labels.insert("env".into(), json!(env));
        labels.insert("role".into(), json!(role));
        labels.insert(
            "team".into(),
            json!(if role.starts_with("k8s") || role == "ci-runner" {
                "platform"
            } else {
                "ops"
            }),
        );
        for (k, v) in extra {
            labels.insert(k.to_string(), json!(v));
        }
        servers.push(hcloud_server(
            i,
            &name,
            &HTYPES[t],
            loc,
            Value::Object(labels),
            status,
            rescue,
            locked,
            iso,
        ));
        names.push(name);
        i += 1;
    };
    for (prefix, n, t, loc, role) in groups {
        for k in 1..=n {
            let name = format!("{prefix}-{k:02}");
            let extra: Vec<(&str, &str)> = match role {
                "disaster-recovery" => {
                    vec![("restore-tested", "2026-10-28"), ("failover", "manual")]
                }
                "backup" => vec![("restore-tested", "2026-11-19")],
                _ => vec![],
            };
            let status = if prefix == "staging-app-fsn1" && k == 4 {
                "off"
            } else {
                "running"
            };
            let locked = prefix == "logs-fsn1" && k == 3;
            add(
                &mut servers,
                &mut names,
                name,
                t,
                loc,
                role,
                &extra,
                status,
                false,
                locked,
                Value::Null,
            );
        }
        if prefix == "k8s-worker-fsn1" {
            // The production databases, after the first Kubernetes workers.
            add(
                &mut servers,
                &mut names,
                "db-main-fsn1-1".into(),
                7,
                "fsn1",
                "postgres-primary",
                &[("pg-cluster", "main")],
                "running",
                false,
                false,
                Value::Null,
            );
            add(
                &mut servers,
                &mut names,
                "db-replica-nbg1-1".into(),
                7,
                "nbg1",
                "postgres-replica",
                &[("pg-cluster", "main")],
                "running",
                false,
                false,
                Value::Null,
            );
            add(
                &mut servers,
                &mut names,
                "db-replica-nbg1-2".into(),
                7,
                "nbg1",
                "postgres-replica",
                &[("pg-cluster", "main")],
                "running",
                true,
                false,
                Value::Null,
            );
            add(
                &mut servers,
                &mut names,
                "win-build-fsn1".into(),
                5,
                "fsn1",
                "windows-build",
                &[],
                "running",
                false,
                false,
                json!({
                    "id": 104_312,
                    "name": "virtio-win-0.1.262.iso",
                    "description": "virtio-win-0.1.262",
                    "type": "public",
                    "deprecation": null,
                    "architecture": "x86"
                }),
            );
        }
    }
    let doc = Value::Array(servers);
    let out = pretty(&doc, b"  ") + "\n";
    let hits: Vec<&Value> = (doc.as_array().unwrap().iter())
        .filter(|s| s["rescue_enabled"] == true)
        .collect();
    assert_eq!(hits.len(), 1);
    let name = hits[0]["name"].as_str().unwrap().to_string();
    let ip = hits[0]["public_net"]["ipv4"]["ip"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(whole(&out, &ip), 1);
    assert_eq!(whole(&out, &name), 1);
    assert!(!named_elsewhere(&name, &names));
    in_middle(&out, out.find(&name).unwrap());
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    let expected = vec![jq_string(&name), jq_string(&ip)];
    Case::fact(
        "hcloud server list -o json, the server left to boot into rescue",
        out,
        "I think someone left one of our Hetzner Cloud machines set to start into Hetzner's recovery system instead of its own disk. Which server is it, and what's its public IPv4 address?",
        &[name.as_str(), ip.as_str()],
    )
    .with_jq(".[] | select(.rescue_enabled) | .name, .public_net.ipv4.ip", expected)
}

// ---------------------------------------------------------------- Teleport

/// `2026-11-21T23:41:07.412Z` of `ms` milliseconds since the epoch.
fn tp_time(ms: u64) -> String {
    let t = ms / 1_000;
    format!("{}T{}.{:03}Z", ymd(t), clock(t % 86_400), ms % 1_000)
}

/// The people of a payments company and their Teleport role.
const TP_USERS: [(&str, &str); 12] = [
    ("a.schulz@zahlwerk.io", "sre"),
    ("b.yilmaz@zahlwerk.io", "developer"),
    ("c.meyer@zahlwerk.io", "developer"),
    ("d.krause@zahlwerk.io", "dba"),
    ("e.novak@zahlwerk.io", "sre"),
    ("f.rossi@zahlwerk.io", "developer"),
    ("g.hansen@zahlwerk.io", "dba"),
    ("h.tanaka@zahlwerk.io", "developer"),
    ("j.brandt@zahlwerk.io", "developer"),
    ("k.osei@zahlwerk.io", "sre"),
    ("l.fischer@zahlwerk.io", "analyst"),
    ("m.weiss@zahlwerk.io", "developer"),
];

/// The nodes: host name, role, environment.
const TP_NODES: [(&str, &str, &str); 24] = [
    ("web-01", "web", "prod"),
    ("web-02", "web", "prod"),
    ("web-03", "web", "prod"),
    ("web-04", "web", "prod"),
    ("api-01", "api", "prod"),
    ("api-02", "api", "prod"),
    ("api-03", "api", "prod"),
    ("api-04", "api", "prod"),
    ("worker-01", "worker", "prod"),
    ("worker-02", "worker", "prod"),
    ("worker-03", "worker", "prod"),
    ("db-payments-01", "postgres", "prod"),
    ("db-payments-02", "postgres-replica", "prod"),
    ("db-ledger-01", "postgres", "prod"),
    ("redis-01", "redis", "prod"),
    ("kafka-01", "kafka", "prod"),
    ("kafka-02", "kafka", "prod"),
    ("kafka-03", "kafka", "prod"),
    ("monitoring-01", "monitoring", "tools"),
    ("jenkins-01", "ci", "tools"),
    ("db-payments-staging-01", "postgres", "staging"),
    ("web-staging-01", "web", "staging"),
    ("api-staging-01", "api", "staging"),
    ("worker-staging-01", "worker", "staging"),
];

/// The audit log being written: its events, each with its time.
struct TpLog {
    events: Vec<(u64, Value)>,
    n: usize,
}

impl TpLog {
    /// The fields every event starts with.
    fn meta(&mut self, event: &str, code: &str, ms: u64, ei: u64) -> Map<String, Value> {
        self.n += 1;
        let mut m = Map::new();
        m.insert("ei".into(), json!(ei));
        m.insert("event".into(), json!(event));
        m.insert("uid".into(), json!(uuid(self.n, 9981)));
        m.insert("code".into(), json!(code));
        m.insert("time".into(), json!(tp_time(ms)));
        m.insert("cluster_name".into(), json!("zahlwerk-prod"));
        m
    }

    fn push(&mut self, ms: u64, m: Map<String, Value>) {
        self.events.push((ms, Value::Object(m)));
    }

    /// A person's login with the identity provider and the certificate
    /// tsh gets.
    fn login(&mut self, ms: u64, user: &str, role: &str, from: &str) {
        let mut m = self.meta("user.login", "T1000I", ms, 0);
        m.insert("user".into(), json!(user));
        m.insert("required_private_key_policy".into(), json!("none"));
        m.insert("success".into(), json!(true));
        m.insert("method".into(), json!("saml"));
        m.insert(
            "attributes".into(),
            json!({"email": [user], "groups": [format!("zahlwerk-{role}"), "zahlwerk-all"]}),
        );
        m.insert("addr.remote".into(), json!(from));
        m.insert("user_agent".into(), json!("tsh/16.4.6"));
        self.push(ms, m);
        let logins: Vec<&str> = match role {
            "sre" => vec!["ubuntu", "root"],
            "dba" => vec!["postgres", "ubuntu", "root"],
            _ => vec!["ubuntu"],
        };
        let mut m = self.meta("cert.create", "TC000I", ms + 212, 0);
        m.insert("cert_type".into(), json!("user"));
        m.insert(
            "identity".into(),
            json!({
                "user": user,
                "roles": [role, "access"],
                "logins": logins,
                "expires": tp_time(ms + 12 * 3_600_000),
                "route_to_cluster": "zahlwerk-prod",
                "teleport_cluster": "zahlwerk-prod",
                "client_ip": from.split(':').next().unwrap(),
                "prev_identity_expires": "0001-01-01T00:00:00Z",
                "private_key_policy": "none"
            }),
        );
        self.push(ms + 212, m);
    }

    /// The server fields of node `k`.
    fn server(&self, m: &mut Map<String, Value>, k: usize) {
        let (host, role, env) = TP_NODES[k];
        m.insert("namespace".into(), json!("default"));
        m.insert("server_id".into(), json!(uuid(k, 9982)));
        m.insert("server_hostname".into(), json!(host));
        m.insert(
            "server_addr".into(),
            json!(format!("10.20.{}.{}:3022", 1 + k / 8, 11 + k)),
        );
        m.insert("server_labels".into(), json!({"env": env, "role": role}));
    }

    /// An interactive session: its start and its end.
    fn session(&mut self, start: u64, minutes: u64, user: &str, login: &str, k: usize, from: &str) {
        let sid = uuid(self.n, 9983);
        let common = |log: &Self, m: &mut Map<String, Value>| {
            m.insert("user".into(), json!(user));
            m.insert("login".into(), json!(login));
            m.insert("user_kind".into(), json!(1));
            m.insert("sid".into(), json!(sid));
            m.insert("private_key_policy".into(), json!("none"));
            log.server(m, k);
        };
        let mut m = self.meta("session.start", "T2000I", start, 0);
        common(self, &mut m);
        m.insert(
            "addr.local".into(),
            json!(format!("10.20.{}.{}:3022", 1 + k / 8, 11 + k)),
        );
        m.insert("addr.remote".into(), json!(from));
        m.insert("proto".into(), json!("ssh"));
        m.insert(
            "size".into(),
            json!(format!(
                "{}:{}",
                120 + h(self.n, 9984) % 120,
                30 + h(self.n, 9985) % 40
            )),
        );
        m.insert("initial_command".into(), json!([""]));
        m.insert("session_recording".into(), json!("node"));
        self.push(start, m);
        let stop = start + minutes * 60_000 + h(self.n, 9986) % 60_000;
        let mut m = self.meta(
            "session.end",
            "T2004I",
            stop + 31,
            1 + h(self.n, 9987) % 900,
        );
        common(self, &mut m);
        m.insert("proto".into(), json!("ssh"));
        m.insert("participants".into(), json!([user]));
        m.insert("enhanced_recording".into(), json!(false));
        m.insert("interactive".into(), json!(true));
        m.insert("session_start".into(), json!(tp_time(start - 23)));
        m.insert("session_stop".into(), json!(tp_time(stop)));
        m.insert("initial_command".into(), json!([""]));
        m.insert("session_recording".into(), json!("node"));
        self.push(stop + 31, m);
    }

    /// A command Ansible runs over SSH.
    fn exec(&mut self, ms: u64, k: usize, command: &str) {
        let mut m = self.meta("exec", "T3002I", ms, 0);
        m.insert("user".into(), json!("bot-ansible"));
        m.insert("login".into(), json!("root"));
        m.insert("user_kind".into(), json!(2));
        m.insert("sid".into(), json!(uuid(self.n, 9988)));
        m.insert("private_key_policy".into(), json!("none"));
        self.server(&mut m, k);
        m.insert(
            "addr.local".into(),
            json!(format!("10.20.{}.{}:3022", 1 + k / 8, 11 + k)),
        );
        m.insert(
            "addr.remote".into(),
            json!(format!("10.20.9.4:{}", 40_000 + h(self.n, 9989) % 20_000)),
        );
        m.insert("proto".into(), json!("ssh"));
        m.insert("command".into(), json!(command));
        m.insert("exitCode".into(), json!("0"));
        self.push(ms, m);
    }

    /// A database session through Teleport's database access: start,
    /// queries and end.
    fn db_session(&mut self, start: u64, user: &str, db_user: &str, queries: &[&str]) {
        let sid = uuid(self.n, 9990);
        let fields = |m: &mut Map<String, Value>| {
            m.insert("user".into(), json!(user));
            m.insert("user_kind".into(), json!(1));
            m.insert("sid".into(), json!(sid));
            m.insert("private_key_policy".into(), json!("none"));
            m.insert("server_id".into(), json!(uuid(99, 9982)));
            m.insert("server_version".into(), json!("16.4.6"));
            m.insert("db_service".into(), json!("payments-pg"));
            m.insert("db_protocol".into(), json!("postgres"));
            m.insert("db_uri".into(), json!("db-payments-02.internal:5432"));
            m.insert("db_name".into(), json!("payments"));
            m.insert("db_user".into(), json!(db_user));
        };
        let mut m = self.meta("db.session.start", "TDB00I", start, 0);
        fields(&mut m);
        m.insert("addr.remote".into(), json!("85.214.33.17:52114"));
        m.insert("success".into(), json!(true));
        m.insert("db_origin".into(), json!("config"));
        m.insert("db_type".into(), json!("self-hosted"));
        m.insert("db_roles".into(), json!(["analyst-readonly"]));
        self.push(start, m);
        let mut t = start;
        for (q, query) in queries.iter().enumerate() {
            t += 20_000 + h(self.n, 9991) % 400_000;
            let mut m = self.meta("db.session.query", "TDB02I", t, 1 + q as u64);
            fields(&mut m);
            m.insert("db_query".into(), json!(query));
            m.insert("db_query_parameters".into(), Value::Null);
            m.insert("success".into(), json!(true));
            self.push(t, m);
        }
        t += 60_000 + h(self.n, 9992) % 600_000;
        let mut m = self.meta("db.session.end", "TDB01I", t, 1 + queries.len() as u64);
        fields(&mut m);
        self.push(t, m);
    }
}

/// The Teleport auth server's audit log of a payments company over a
/// week (Wednesday 18 to Tuesday 24 November), one JSON event a line:
/// logins, certificates, SSH sessions, Ansible's nightly commands,
/// database sessions. On Saturday night at 23:41:07 `d.krause` opened
/// a session as `root` on `db-payments-01`: who and when are the
/// answer. Decoys: root sessions on the staging database and web
/// servers, the DBAs' weekday sessions on the same server as `postgres`
/// and `ubuntu`, a colleague's refused root login there on Sunday night,
/// Ansible's nightly commands as root on every server and database
/// sessions to the payments database.
fn teleport_root_on_payments() -> Case {
    let day0 = DAY / 86_400 - 9;
    let ms = |d: u64, hh: u64, mm: u64, ss: u64| {
        ((day0 + d) * 86_400 + hh * 3_600 + mm * 60 + ss) * 1_000
    };
    let mut log = TpLog {
        events: Vec::new(),
        n: 0,
    };
    let office = |i: usize| format!("85.214.33.17:{}", 49_152 + h(i, 9993) % 16_000);
    let home = |i: usize| {
        format!(
            "91.64.{}.{}:{}",
            h(i, 9994) % 256,
            1 + h(i, 9995) % 254,
            49_152 + h(i, 9996) % 16_000
        )
    };
    let payments = TP_NODES
        .iter()
        .position(|n| n.0 == "db-payments-01")
        .unwrap();
    let mut i = 0usize;
    for d in 0..7u64 {
        if d == 3 || d == 4 {
            continue;
        }
        for (user, role) in TP_USERS.iter() {
            i += 1;
            if h(i, 9997) % 100 < 12 {
                continue;
            }
            let from = if h(i, 9998).is_multiple_of(4) {
                home(i)
            } else {
                office(i)
            };
            let mut t = ms(d, 7, 20, 0) + h(i, 9999) % (2 * 3_600_000);
            log.login(t, user, role, &from);
            if *role == "analyst" {
                log.db_session(
                    t + 600_000,
                    user,
                    "readonly",
                    &[
                        "SELECT date_trunc('day', created_at) AS day, count(*) FROM payments WHERE created_at >= now() - interval '7 days' GROUP BY 1 ORDER BY 1",
                        "SELECT status, count(*) FROM payouts WHERE created_at >= current_date GROUP BY status",
                        "SELECT merchant_id, sum(amount_cents) FROM payments WHERE status = 'settled' AND created_at >= current_date - 1 GROUP BY merchant_id ORDER BY 2 DESC LIMIT 20",
                    ],
                );
                continue;
            }
            let sessions = 1 + h(i, 10_000) % 4;
            for _ in 0..sessions {
                i += 1;
                t += 900_000 + h(i, 10_001) % (90 * 60_000);
                let (k, login) = match *role {
                    "dba" => {
                        let k = [payments, 12, 13, 20][(h(i, 10_002) % 4) as usize];
                        (
                            k,
                            if h(i, 10_003).is_multiple_of(3) {
                                "ubuntu"
                            } else {
                                "postgres"
                            },
                        )
                    }
                    "sre" => {
                        let k = (h(i, 10_002) % TP_NODES.len() as u64) as usize;
                        let root_ok = !TP_NODES[k].0.starts_with("db-payments-0");
                        (
                            k,
                            if root_ok && h(i, 10_003).is_multiple_of(4) {
                                "root"
                            } else {
                                "ubuntu"
                            },
                        )
                    }
                    _ => {
                        let dev = [0usize, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 21, 22, 23];
                        (dev[(h(i, 10_002) % dev.len() as u64) as usize], "ubuntu")
                    }
                };
                log.session(t, 3 + h(i, 10_004) % 80, user, login, k, &from);
            }
        }
        // Ansible at two in the morning, on every production server.
        for (k, node) in TP_NODES.iter().enumerate() {
            if node.2 == "staging" {
                continue;
            }
            let t = ms(d, 2, 0, 5) + k as u64 * 41_000 + h(k + d as usize * 40, 10_005) % 30_000;
            let tmp = format!(
                "/root/.ansible/tmp/ansible-tmp-{}.{}-{}-{}",
                (day0 + d) * 86_400 + 7_200 + k as u64 * 41,
                h(k, 10_006) % 1_000_000,
                4_000 + h(k, 10_007) % 9_000,
                h(k, 10_008) % 300_000_000_000_000
            );
            log.exec(
                t,
                k,
                &format!("/bin/sh -c '/usr/bin/python3 {tmp}/AnsiballZ_setup.py && sleep 0'"),
            );
            log.exec(
                t + 6_200,
                k,
                &format!("/bin/sh -c '/usr/bin/python3 {tmp}/AnsiballZ_apt.py && sleep 0'"),
            );
            log.exec(
                t + 9_800,
                k,
                &format!("/bin/sh -c '/usr/bin/python3 {tmp}/AnsiballZ_stat.py && sleep 0'"),
            );
        }
    }
    // The weekend: on call, and the night that matters.
    let web03 = 2;
    let staging_db = 20;
    log.login(
        ms(3, 10, 14, 22) + 512,
        "a.schulz@zahlwerk.io",
        "sre",
        &home(501),
    );
    log.session(
        ms(3, 10, 15, 40) + 118,
        22,
        "a.schulz@zahlwerk.io",
        "ubuntu",
        5,
        &home(501),
    );
    log.session(
        ms(3, 14, 2, 11) + 907,
        48,
        "a.schulz@zahlwerk.io",
        "root",
        staging_db,
        &home(501),
    );
    log.login(
        ms(3, 16, 18, 3) + 77,
        "l.fischer@zahlwerk.io",
        "analyst",
        &home(502),
    );
    log.db_session(
        ms(3, 16, 20, 44) + 300,
        "l.fischer@zahlwerk.io",
        "readonly",
        &["SELECT count(*) FROM payments WHERE created_at >= current_date"],
    );
    log.login(
        ms(3, 23, 40, 31) + 603,
        "d.krause@zahlwerk.io",
        "dba",
        &home(503),
    );
    let answer_ms = ms(3, 23, 41, 7) + 412;
    log.session(
        answer_ms,
        46,
        "d.krause@zahlwerk.io",
        "root",
        payments,
        &home(503),
    );
    let mut m = log.meta("auth", "T3007W", ms(4, 2, 13, 52) + 140, 0);
    m.insert("user".into(), json!("j.brandt@zahlwerk.io"));
    m.insert("login".into(), json!("root"));
    m.insert("user_kind".into(), json!(1));
    m.insert("addr.local".into(), json!("10.20.2.22:3022"));
    m.insert("addr.remote".into(), json!(home(504)));
    m.insert("proto".into(), json!("ssh"));
    m.insert("success".into(), json!(false));
    m.insert("error".into(), json!("ssh: principal \"root\" not in the set of valid principals for given certificate: [\"ubuntu\" \"-teleport-internal-join\"]"));
    log.push(ms(4, 2, 13, 52) + 140, m);
    log.login(
        ms(4, 9, 38, 12) + 4,
        "e.novak@zahlwerk.io",
        "sre",
        &home(505),
    );
    log.session(
        ms(4, 9, 40, 2) + 330,
        17,
        "e.novak@zahlwerk.io",
        "root",
        web03,
        &home(505),
    );
    log.login(
        ms(4, 11, 2, 40) + 81,
        "g.hansen@zahlwerk.io",
        "dba",
        &home(506),
    );
    log.session(
        ms(4, 11, 5, 9) + 615,
        31,
        "g.hansen@zahlwerk.io",
        "postgres",
        payments,
        &home(506),
    );
    log.events.sort_by_key(|e| e.0);
    let out: String = (log.events.iter())
        .map(|(_, v)| serde_json::to_string(v).expect("serializes") + "\n")
        .collect();
    let when = tp_time(answer_ms);
    assert_eq!(when, "2026-11-21T23:41:07.412Z");
    let second = &when[..19];
    assert_eq!(whole(&out, second), 2);
    let starts: Vec<&(u64, Value)> = (log.events.iter())
        .filter(|(_, v)| {
            v["event"] == "session.start"
                && v["login"] == "root"
                && v["server_hostname"] == "db-payments-01"
        })
        .collect();
    assert_eq!(starts.len(), 1);
    assert_eq!(starts[0].1["time"], json!(when));
    in_middle(&out, out.find(&when).unwrap());
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "Teleport audit log as JSON lines, who was root on the payments database server at the weekend",
        out,
        "Over the weekend somebody got onto our payments database server as the root user through Teleport. Who was it, and when did they get on?",
        &["d.krause@zahlwerk.io", second],
    )
    .with_jq(
        ".[] | select(.event == \"session.start\" and .login == \"root\" and .server_hostname == \"db-payments-01\") | .user, .time",
        vec![jq_string("d.krause@zahlwerk.io"), jq_string(&when)],
    )
}

// ------------------------------------------------------------------- Lynis

/// `/var/log/lynis.log` being written: its lines, the clock and the
/// hardening points so far.
struct LynisLog {
    out: String,
    t: u64,
    n: usize,
    points: u64,
    max: u64,
}

impl LynisLog {
    fn line(&mut self, text: &str) {
        self.n += 1;
        if h(self.n, 10_101).is_multiple_of(9) {
            self.t += 1;
        }
        self.out.push_str(&format!(
            "{} {} {text}\n",
            ymd(self.t),
            clock(self.t % 86_400)
        ));
    }

    fn section(&mut self, name: &str) {
        let bar = "===---------------------------------------------------------------===";
        self.line(bar);
        self.line(&format!("Action: Performing tests from category: {name}"));
        self.line(bar);
    }

    fn test(&mut self, id: &str, desc: &str) {
        self.line("===---------------------------------------------------------------===");
        self.line(&format!("Performing test ID {id} ({desc})"));
    }

    fn skip(&mut self, id: &str, desc: &str, reason: &str) {
        self.line("===---------------------------------------------------------------===");
        self.line(&format!("Skipped test {id} ({desc})"));
        self.line(&format!("Reason to skip: {reason}"));
    }

    fn harden(&mut self, got: u64, of: u64) {
        self.points += got;
        self.max += of;
        let kind = if got == of { "maximum" } else { "partial" };
        let text = format!(
            "Hardening: assigned {kind} number of hardening points ({got} of {of}). Currently having {} points (out of {})",
            self.points, self.max
        );
        self.line(&text);
    }

    fn suggestion(&mut self, text: &str, id: &str, details: &str) {
        self.line(&format!(
            "Suggestion: {text} [test:{id}] [details:{details}] [solution:-]"
        ));
    }

    fn warning(&mut self, text: &str, id: &str, details: &str) {
        self.line(&format!(
            "Warning: {text} [test:{id}] [details:{details}] [solution:-]"
        ));
    }
}

/// Binaries Lynis knows, with its description of each.
const LYNIS_BINARIES: &[(&str, &str)] = &[
    ("awk", "string tool"),
    ("base64", "encoding tool"),
    ("blkid", "block device tool"),
    ("cat", "file tool"),
    ("chkconfig", "service tool"),
    ("chronyc", "time tool"),
    ("crontab", "scheduler"),
    ("curl", "download tool"),
    ("cut", "string tool"),
    ("dig", "network tool"),
    ("dmidecode", "hardware tool"),
    ("dpkg", "package manager"),
    ("du", "file tool"),
    ("egrep", "string tool"),
    ("file", "file type tool"),
    ("find", "file tool"),
    ("getent", "user tool"),
    ("git", "version control"),
    ("gpg", "crypto tool"),
    ("grep", "string tool"),
    ("groupadd", "user tool"),
    ("gzip", "compression tool"),
    ("head", "string tool"),
    ("hostname", "network tool"),
    ("id", "user tool"),
    ("ifconfig", "network tool"),
    ("ip", "network tool"),
    ("iptables", "firewall"),
    ("ip6tables", "firewall"),
    ("journalctl", "systemd tool"),
    ("jq", "json tool"),
    ("kill", "process tool"),
    ("last", "user tool"),
    ("lastlog", "user tool"),
    ("ldd", "library tool"),
    ("locate", "file tool"),
    ("logrotate", "log tool"),
    ("ls", "file tool"),
    ("lsblk", "block device tool"),
    ("lsmod", "kernel tool"),
    ("lsof", "process tool"),
    ("mount", "file system tool"),
    ("netstat", "network tool"),
    ("nginx", "web server"),
    ("nft", "firewall"),
    ("nproc", "system tool"),
    ("openssl", "crypto tool"),
    ("passwd", "user tool"),
    ("perl", "script interpreter"),
    ("php", "script interpreter"),
    ("pgrep", "process tool"),
    ("ping", "network tool"),
    ("postconf", "mail tool"),
    ("postfix", "mail server"),
    ("ps", "process tool"),
    ("pwck", "user tool"),
    ("python3", "script interpreter"),
    ("readlink", "file tool"),
    ("redis-server", "database"),
    ("rpm", "package manager"),
    ("rsync", "file tool"),
    ("rsyslogd", "logging daemon"),
    ("runlevel", "system tool"),
    ("sed", "string tool"),
    ("sha256sum", "hash tool"),
    ("sort", "string tool"),
    ("ss", "network tool"),
    ("ssh", "remote tool"),
    ("ssh-keyscan", "remote tool"),
    ("sshd", "ssh daemon"),
    ("stat", "file tool"),
    ("strings", "binary tool"),
    ("sudo", "privilege tool"),
    ("sysctl", "kernel tool"),
    ("systemctl", "systemd tool"),
    ("systemd-analyze", "systemd tool"),
    ("tail", "string tool"),
    ("timedatectl", "time tool"),
    ("tr", "string tool"),
    ("uname", "system tool"),
    ("uniq", "string tool"),
    ("useradd", "user tool"),
    ("wc", "string tool"),
    ("wget", "download tool"),
    ("who", "user tool"),
    ("xargs", "string tool"),
    ("yum", "package manager"),
    ("zgrep", "string tool"),
];

/// Stems of the unit files of a Debian 12 server.
const UNIT_STEMS: &[&str] = &[
    "accounts-daemon",
    "apparmor",
    "apt-daily",
    "apt-daily-upgrade",
    "autovt@",
    "blk-availability",
    "certbot",
    "chrony",
    "cloud-config",
    "cloud-final",
    "cloud-init",
    "cloud-init-local",
    "console-getty",
    "console-setup",
    "container-getty@",
    "cron",
    "dbus",
    "dbus-org.freedesktop.hostname1",
    "debug-shell",
    "dm-event",
    "dpkg-db-backup",
    "e2scrub@",
    "e2scrub_all",
    "e2scrub_reap",
    "emergency",
    "fstrim",
    "getty-static",
    "getty@",
    "grub-common",
    "ifup@",
    "ifupdown-pre",
    "initrd-cleanup",
    "initrd-fs",
    "initrd-parse-etc",
    "initrd-switch-root",
    "keyboard-setup",
    "kmod",
    "kmod-static-nodes",
    "logrotate",
    "lvm2-lvmpolld",
    "lvm2-monitor",
    "man-db",
    "modprobe@",
    "networking",
    "nginx",
    "nftables",
    "php8.2-fpm",
    "phpsessionclean",
    "postfix",
    "postfix@",
    "procps",
    "qemu-guest-agent",
    "quotaon",
    "rc-local",
    "redis-server",
    "rescue",
    "rsync",
    "rsyslog",
    "serial-getty@",
    "ssh",
    "sshd",
    "sudo",
    "syslog",
    "systemd-ask-password-console",
    "systemd-ask-password-wall",
    "systemd-backlight@",
    "systemd-binfmt",
    "systemd-boot-system-token",
    "systemd-firstboot",
    "systemd-fsck-root",
    "systemd-fsck@",
    "systemd-fsckd",
    "systemd-halt",
    "systemd-hostnamed",
    "systemd-hwdb-update",
    "systemd-initctl",
    "systemd-journal-flush",
    "systemd-journald",
    "systemd-journald@",
    "systemd-localed",
    "systemd-logind",
    "systemd-machine-id-commit",
    "systemd-modules-load",
    "systemd-networkd",
    "systemd-networkd-wait-online",
    "systemd-pcrphase",
    "systemd-poweroff",
    "systemd-pstore",
    "systemd-quotacheck",
    "systemd-random-seed",
    "systemd-reboot",
    "systemd-remount-fs",
    "systemd-resolved",
    "systemd-rfkill",
    "systemd-sysctl",
    "systemd-sysext",
    "systemd-sysusers",
    "systemd-time-wait-sync",
    "systemd-timedated",
    "systemd-timesyncd",
    "systemd-tmpfiles-clean",
    "systemd-tmpfiles-setup",
    "systemd-tmpfiles-setup-dev",
    "systemd-udev-settle",
    "systemd-udev-trigger",
    "systemd-udevd",
    "systemd-update-done",
    "systemd-update-utmp",
    "systemd-update-utmp-runlevel",
    "systemd-user-sessions",
    "unattended-upgrades",
    "user-runtime-dir@",
    "user@",
    "x11-common",
];

/// Lines of Debian's PAM files.
const PAM_LINES: &[&str] = &[
    "auth\t[success=1 default=ignore]\tpam_unix.so nullok",
    "auth\trequisite\t\t\tpam_deny.so",
    "auth\trequired\t\t\tpam_permit.so",
    "account\t[success=1 new_authtok_reqd=done default=ignore]\tpam_unix.so",
    "account\trequisite\t\t\tpam_deny.so",
    "password\t[success=1 default=ignore]\tpam_unix.so obscure yescrypt",
    "session\t[default=1]\t\t\tpam_permit.so",
    "session\trequired\tpam_unix.so",
    "session optional\tpam_systemd.so",
    "session    required     pam_env.so readenv=1 user_readenv=0",
    "session    required     pam_limits.so",
    "session    optional     pam_motd.so  motd=/run/motd.dynamic",
    "session    optional     pam_mail.so standard noenv",
    "@include common-auth",
    "@include common-account",
    "@include common-session",
];

/// Lynis's include files.
const LYNIS_INCLUDES: &[&str] = &[
    "binaries",
    "consts",
    "functions",
    "helper_audit_dockerfile",
    "helper_configure",
    "helper_generate",
    "helper_show",
    "helper_system_remote",
    "helper_update",
    "osdetection",
    "parameters",
    "profiles",
    "report",
    "tests_accounting",
    "tests_authentication",
    "tests_banners",
    "tests_boot_services",
    "tests_containers",
    "tests_crypto",
    "tests_databases",
    "tests_dns",
    "tests_file_integrity",
    "tests_file_permissions",
    "tests_filesystems",
    "tests_firewalls",
    "tests_hardening",
    "tests_homedirs",
    "tests_insecure_services",
    "tests_kernel",
    "tests_kernel_hardening",
    "tests_ldap",
    "tests_logging",
    "tests_mac_frameworks",
    "tests_mail_messaging",
    "tests_malware",
    "tests_memory_processes",
    "tests_nameservices",
    "tests_networking",
    "tests_php",
    "tests_ports_packages",
    "tests_printers_spoolers",
    "tests_scheduling",
    "tests_shells",
    "tests_snmp",
    "tests_squid",
    "tests_ssh",
    "tests_storage",
    "tests_storage_nfs",
    "tests_system_integrity",
    "tests_time",
    "tests_tooling",
    "tests_usb",
    "tests_virtualization",
    "tests_webservers",
    "tool_tips",
];

/// Libraries of a Debian 12 server.
const LIB_PKGS: &[&str] = &[
    "libacl1",
    "libapparmor1",
    "libargon2-1",
    "libattr1",
    "libaudit1",
    "libaudit-common",
    "libblkid1",
    "libbpf1",
    "libbrotli1",
    "libbsd0",
    "libbz2-1.0",
    "libc-l10n",
    "libcap-ng0",
    "libcap2",
    "libcap2-bin",
    "libcbor0.8",
    "libcom-err2",
    "libcrypt1",
    "libcryptsetup12",
    "libdb5.3",
    "libdbus-1-3",
    "libdebconfclient0",
    "libdevmapper1.02.1",
    "libedit2",
    "libelf1",
    "libestr0",
    "libevent-core-2.1-7",
    "libfastjson4",
    "libfdisk1",
    "libffi8",
    "libfido2-1",
    "libfreetype6",
    "libfribidi0",
    "libfstrm0",
    "libgcc-s1",
    "libgcrypt20",
    "libgd3",
    "libgdbm-compat4",
    "libgdbm6",
    "libglib2.0-0",
    "libgmp10",
    "libgpg-error0",
    "libgpm2",
    "libgssapi-krb5-2",
    "libhogweed6",
    "libidn2-0",
    "libip4tc2",
    "libip6tc2",
    "libjansson4",
    "libjbig0",
    "libjemalloc2",
    "libjpeg62-turbo",
    "libjson-c5",
    "libk5crypto3",
    "libkeyutils1",
    "libkmod2",
    "libkrb5-3",
    "libkrb5support0",
    "liblerc4",
    "liblmdb0",
    "liblognorm5",
    "liblz4-1",
    "liblzf1",
    "libmagic-mgc",
    "libmagic1",
    "libmaxminddb0",
    "libmd0",
    "libmnl0",
    "libmount1",
    "libncursesw6",
    "libnetfilter-conntrack3",
    "libnettle8",
    "libnfnetlink0",
    "libnftables1",
    "libnftnl11",
    "libnsl2",
    "libnss-systemd",
    "libonig5",
    "libp11-kit0",
    "libpam-systemd",
    "libpcap0.8",
    "libperl5.36",
    "libpng16-16",
    "libpopt0",
    "libprocps8",
    "libproc2-0",
    "libprotobuf-c1",
    "libpsl5",
    "libpython3-stdlib",
    "libpython3.11-minimal",
    "libpython3.11-stdlib",
    "libreadline8",
    "librtmp1",
    "libsasl2-2",
    "libsasl2-modules-db",
    "libseccomp2",
    "libselinux1",
    "libsemanage2",
    "libsepol2",
    "libsmartcols1",
    "libsodium23",
    "libss2",
    "libssh2-1",
    "libstdc++6",
    "libtasn1-6",
    "libtext-iconv-perl",
    "libtinfo6",
    "libtirpc3",
    "libuchardet0",
    "libunistring2",
    "libuuid1",
    "libuv1",
    "libwebp7",
    "libx11-6",
    "libxau6",
    "libxcb1",
    "libxdmcp6",
    "libxpm4",
    "libxtables12",
    "libxxhash0",
    "libyaml-0-2",
    "libzip4",
];

/// Packages of a Debian 12 web server (with their versions, from a
/// fixed hash).
const DEB_PKGS: &[&str] = &[
    "adduser",
    "apparmor",
    "apt",
    "apt-listchanges",
    "apt-utils",
    "base-files",
    "base-passwd",
    "bash",
    "bash-completion",
    "bind9-dnsutils",
    "bind9-host",
    "bind9-libs",
    "bsdextrautils",
    "bsdutils",
    "bzip2",
    "ca-certificates",
    "certbot",
    "chrony",
    "cloud-guest-utils",
    "cloud-init",
    "console-setup",
    "coreutils",
    "cpio",
    "cron",
    "cron-daemon-common",
    "curl",
    "dash",
    "dbus",
    "dbus-bin",
    "dbus-daemon",
    "debconf",
    "debian-archive-keyring",
    "debianutils",
    "diffutils",
    "dmidecode",
    "dmsetup",
    "dpkg",
    "e2fsprogs",
    "ethtool",
    "fdisk",
    "file",
    "findutils",
    "fontconfig-config",
    "fonts-dejavu-core",
    "gcc-12-base",
    "gettext-base",
    "git",
    "git-man",
    "gnupg",
    "gpg",
    "gpgv",
    "grep",
    "groff-base",
    "grub-common",
    "grub-efi-amd64",
    "gzip",
    "hostname",
    "htop",
    "ifupdown",
    "init",
    "init-system-helpers",
    "initramfs-tools",
    "iproute2",
    "iptables",
    "iputils-ping",
    "isc-dhcp-client",
    "jq",
    "kmod",
    "less",
    "libapt-pkg6.0",
    "libc-bin",
    "libc6",
    "libcurl4",
    "libexpat1",
    "libgnutls30",
    "libicu72",
    "libjq1",
    "libldap-2.5-0",
    "liblzma5",
    "libmariadb3",
    "libnghttp2-14",
    "libpam-modules",
    "libpam-runtime",
    "libpcre2-8-0",
    "libpq5",
    "libpython3.11",
    "libsqlite3-0",
    "libssl3",
    "libsystemd0",
    "libtiff6",
    "libudev1",
    "libxml2",
    "libxslt1.1",
    "libzstd1",
    "linux-image-6.1.0-27-amd64",
    "linux-image-6.1.0-28-amd64",
    "linux-image-amd64",
    "locales",
    "login",
    "logrotate",
    "lsb-release",
    "lsof",
    "lynis",
    "man-db",
    "mariadb-client",
    "mawk",
    "mount",
    "nano",
    "ncurses-base",
    "netbase",
    "netcat-openbsd",
    "nginx",
    "nginx-common",
    "openssh-client",
    "openssh-server",
    "openssh-sftp-server",
    "openssl",
    "passwd",
    "perl",
    "perl-base",
    "php8.2-cli",
    "php8.2-common",
    "php8.2-curl",
    "php8.2-fpm",
    "php8.2-gd",
    "php8.2-intl",
    "php8.2-mbstring",
    "php8.2-mysql",
    "php8.2-opcache",
    "php8.2-readline",
    "php8.2-xml",
    "php8.2-zip",
    "postfix",
    "procps",
    "python3",
    "python3-certbot",
    "python3-certbot-nginx",
    "python3.11",
    "qemu-guest-agent",
    "readline-common",
    "redis-tools",
    "rsync",
    "rsyslog",
    "sed",
    "sensible-utils",
    "sudo",
    "systemd",
    "systemd-sysv",
    "systemd-timesyncd",
    "tar",
    "tzdata",
    "unattended-upgrades",
    "unzip",
    "util-linux",
    "vim",
    "vim-common",
    "wget",
    "xz-utils",
    "zlib1g",
];

/// `lynis audit system --cronjob` of a shop's web server (Debian 12,
/// nginx, PHP-FPM, Postfix for its mail), its `/var/log/lynis.log`: the
/// tests of every category with their results, the packages, sysctl
/// keys and file permissions it reads, some fifty suggestions and the
/// hardening points after each test. Seven warnings, each the answer's
/// item: no password for single-user mode, a reboot needed, a name
/// server that does not answer and too few that do, vulnerable
/// packages, the SMTP banner, and iptables without rules. Decoys: the
/// suggestions that go with those warnings (update the packages, a
/// backup name server, hide the mail name), results that name the same
/// subjects, the vulnerable packages named one by one, and skipped
/// tests.
fn lynis_warnings() -> Case {
    let start = DAY + 3 * 3_600 + 10 * 60 + 2;
    let mut log = LynisLog {
        out: String::new(),
        t: start,
        n: 0,
        points: 0,
        max: 0,
    };
    log.line("Starting Lynis 3.1.2 with PID 48213, build date 2024-10-29");
    log.line("====");
    log.line("### Copyright 2007-2024 - Michael Boelen, CISOfy - https://cisofy.com ###");
    for (k, v) in [
        ("Program version:", "3.1.2"),
        ("Operating system:", "Linux"),
        ("Operating system name:", "Debian"),
        ("Operating system version:", "12"),
        ("Kernel version:", "6.1.0"),
        ("Kernel version (full):", "6.1.0-27-amd64"),
        ("Hardware platform:", "x86_64"),
        ("-----------------------------------------------------", ""),
        ("Hostname:", "web-shop-02"),
        ("-----------------------------------------------------", ""),
        ("Profiles:", "/etc/lynis/default.prf"),
        ("-----------------------------------------------------", ""),
        ("Log file:", "/var/log/lynis.log"),
        ("Report file:", "/var/log/lynis-report.dat"),
        ("Report version:", "1.0"),
        ("Plugin directory:", "/etc/lynis/plugins"),
        ("-----------------------------------------------------", ""),
        ("Test category:", "all"),
        ("Test group:", "all"),
        ("-----------------------------------------------------", ""),
    ] {
        if v.is_empty() {
            log.line(k);
        } else {
            log.line(&format!("{k:<27}{v}"));
        }
    }
    log.line("Info: perform active scanning, as --cronjob was used (quick mode)");
    log.line("Reading profile/configuration /etc/lynis/default.prf");
    for (k, v) in [
        ("colors", "yes"),
        ("error-on-warnings", "no"),
        ("log-tests-incorrect-os", "yes"),
        ("quick", "yes"),
        ("refresh-repositories", "yes"),
        ("show-report-solution", "yes"),
        ("skip-plugins", "no"),
        ("test-scan-mode", "normal"),
        ("upload-server", ""),
    ] {
        log.line(&format!("Profile option set: {k} (with value {v})"));
    }
    for inc in LYNIS_INCLUDES {
        log.line(&format!(
            "Checking permissions of /usr/share/lynis/include/{inc}"
        ));
        log.line("File permissions are OK");
    }
    // System tools and boot.
    log.section("System tools");
    for dir in [
        "/usr/local/sbin",
        "/usr/local/bin",
        "/usr/sbin",
        "/usr/bin",
        "/sbin",
        "/bin",
        "/usr/libexec",
    ] {
        log.line(&format!("Directory: {dir}"));
        for (k, (tool, kind)) in LYNIS_BINARIES.iter().enumerate() {
            let home = match k % 5 {
                0 | 1 => "/usr/bin",
                2 => "/usr/sbin",
                3 => "/bin",
                _ => "/sbin",
            };
            if home == dir {
                log.line(&format!(
                    "  Found known binary: {tool} ({kind}) - {dir}/{tool}"
                ));
            }
        }
    }
    // Plugins, phase 1: every systemd unit file and every PAM line.
    log.line("Info: starting plugins (phase 1)");
    log.line("Plugin: systemd, phase 1");
    let kinds = [
        "service", "service", "service", "socket", "timer", "target", "path", "mount",
    ];
    for (k, stem) in UNIT_STEMS.iter().enumerate() {
        for (j, kind) in kinds.iter().enumerate() {
            if !h(k * 8 + j, 10_114).is_multiple_of(2) && j != 0 {
                continue;
            }
            let state = pick(
                &[
                    "enabled",
                    "static",
                    "static",
                    "disabled",
                    "indirect",
                    "generated",
                    "masked",
                ],
                k * 8 + j,
                10_115,
            );
            log.line(&format!(
                "Plugin systemd: found unit file /lib/systemd/system/{stem}.{kind} (state: {state})"
            ));
        }
    }
    log.line("Plugin: pam, phase 1");
    for f in [
        "chfn",
        "chpasswd",
        "chsh",
        "common-account",
        "common-auth",
        "common-password",
        "common-session",
        "common-session-noninteractive",
        "cron",
        "login",
        "newusers",
        "other",
        "passwd",
        "runuser",
        "runuser-l",
        "sshd",
        "su",
        "su-l",
        "sudo",
        "sudo-i",
        "systemd-user",
        "php8.2-fpm",
    ] {
        log.line(&format!("Plugin pam: checking file /etc/pam.d/{f}"));
        for (j, l) in PAM_LINES.iter().enumerate() {
            if !h(f.len() * 31 + j, 10_116).is_multiple_of(5) {
                log.line(&format!("Plugin pam: found line: {l}"));
            }
        }
    }
    log.line("Plugin: pam, phase 1 finished");
    log.section("Boot and services");
    log.test("BOOT-5104", "Determine service manager");
    log.line("Result: found service manager systemd");
    log.test("BOOT-5109", "Check for Linux boot loader");
    log.line("Result: found GRUB2 boot loader (/boot/grub/grub.cfg)");
    log.test("BOOT-5122", "Check for GRUB boot password");
    log.line("Test: checking for password entries in /boot/grub/grub.cfg");
    log.line("Result: no password set for GRUB");
    log.suggestion(
        "Set a password on GRUB boot loader to prevent altering boot configuration (e.g. boot in single user mode without password)",
        "BOOT-5122",
        "-",
    );
    log.harden(0, 2);
    log.test("BOOT-5177", "Check for Linux boot and running services");
    let units = [
        "chrony",
        "cron",
        "dbus",
        "getty@tty1",
        "nginx",
        "php8.2-fpm",
        "postfix@-",
        "qemu-guest-agent",
        "rsyslog",
        "ssh",
        "systemd-journald",
        "systemd-logind",
        "systemd-networkd",
        "systemd-udevd",
        "unattended-upgrades",
        "redis-server",
    ];
    for u in units {
        log.line(&format!("Found running service: {u}.service"));
    }
    log.test("BOOT-5184", "Check permissions for boot files/scripts");
    for rc in 0..7usize {
        for (k, script) in [
            "apparmor",
            "chrony",
            "cron",
            "dbus",
            "hwclock.sh",
            "kmod",
            "networking",
            "nginx",
            "php8.2-fpm",
            "postfix",
            "procps",
            "qemu-guest-agent",
            "redis-server",
            "rsync",
            "rsyslog",
            "ssh",
            "sudo",
            "udev",
            "unattended-upgrades",
            "keyboard-setup.sh",
        ]
        .iter()
        .enumerate()
        {
            let start = !matches!(rc, 0 | 1 | 6);
            let order = 1 + h(k, 10_117) % 4;
            let link = format!(
                "/etc/rc{rc}.d/{}0{order}{script}",
                if start { "S" } else { "K" }
            );
            log.line(&format!("Test: checking file {link}"));
            log.line(&format!(
                "Result: file {link} is a symlink to ../init.d/{script}, permissions OK"
            ));
        }
    }
    log.test("BOOT-5264", "Run systemd-analyze security");
    for (k, u) in units.iter().enumerate() {
        let score = 2.0 + (h(k, 10_102) % 78) as f64 / 10.0;
        let level = if score >= 9.0 {
            "UNSAFE"
        } else if score >= 7.0 {
            "EXPOSED"
        } else if score >= 5.0 {
            "MEDIUM"
        } else {
            "OK"
        };
        log.line(&format!(
            "Result: for {u}.service found exposure level {level} (score {score:.1})"
        ));
    }
    log.suggestion(
        "Consider hardening system services",
        "BOOT-5264",
        "Run '/usr/bin/systemd-analyze security SERVICE' for each service",
    );
    // Kernel: modules, sysctl, core dumps, reboot.
    log.section("Kernel");
    log.test("KRNL-5677", "Check CPU options and support");
    log.line("Result: found NX/PAE support");
    log.test("KRNL-5723", "Determining Linux kernel loaded modules");
    let modules = [
        "ip_tables",
        "x_tables",
        "iptable_filter",
        "iptable_nat",
        "nf_conntrack",
        "nf_defrag_ipv4",
        "nf_defrag_ipv6",
        "nf_nat",
        "xt_conntrack",
        "xt_MASQUERADE",
        "bridge",
        "stp",
        "llc",
        "overlay",
        "virtio_net",
        "virtio_blk",
        "virtio_scsi",
        "virtio_balloon",
        "virtio_pci",
        "net_failover",
        "failover",
        "crc32c_intel",
        "aesni_intel",
        "crypto_simd",
        "cryptd",
        "ghash_clmulni_intel",
        "sha512_ssse3",
        "ext4",
        "jbd2",
        "mbcache",
        "crc16",
        "efi_pstore",
        "configfs",
        "dm_mod",
        "loop",
        "sg",
        "serio_raw",
        "button",
        "evdev",
        "qemu_fw_cfg",
    ];
    for m in modules {
        log.line(&format!("Loaded module: {m}"));
    }
    log.test("KRNL-5820", "Checking core dumps configuration");
    log.line("Test: Checking presence systemd-coredump");
    log.line("Result: file /etc/systemd/coredump.conf does not exist");
    log.line("Test: Checking presence /etc/security/limits.conf");
    log.line("Result: core dumps (soft and hard) are not explicitly disabled");
    log.suggestion(
        "If not required, consider explicit disabling of core dump in /etc/security/limits.conf file",
        "KRNL-5820",
        "-",
    );
    log.harden(1, 3);
    log.test(
        "KRNL-5830",
        "Checking if system is running on the latest installed kernel",
    );
    log.line("Test: Checking presence /var/run/reboot-required");
    log.line("Result: /var/run/reboot-required exists");
    log.line("Result: found linux-image-6.1.0-28-amd64 in /var/run/reboot-required.pkgs");
    log.line("Result: running kernel 6.1.0-27-amd64 is older than the installed 6.1.0-28-amd64");
    log.warning("Reboot of system is most likely needed", "KRNL-5830", "-");
    log.harden(0, 5);
    // Memory, processes, users.
    log.section("Memory and Processes");
    log.test("PROC-3602", "Checking /proc/meminfo for memory details");
    log.line("Result: found 8126412 kB of memory");
    log.test("PROC-3612", "Check dead or zombie processes");
    log.line("Result: no zombie processes found");
    log.test("PROC-3614", "Check heavy IO waiting based processes");
    log.line("Result: No processes were waiting for IO requests to be handled first");
    log.test("PROC-3802", "Check presence of prelink tooling");
    log.line("Result: prelink package is NOT installed");
    log.harden(3, 3);
    log.section("Users, Groups and Authentication");
    log.test("AUTH-9208", "Check for non-unique accounts in /etc/passwd");
    let accounts = [
        ("root", 0),
        ("daemon", 1),
        ("bin", 2),
        ("sys", 3),
        ("sync", 4),
        ("games", 5),
        ("man", 6),
        ("lp", 7),
        ("mail", 8),
        ("news", 9),
        ("uucp", 10),
        ("proxy", 13),
        ("www-data", 33),
        ("backup", 34),
        ("list", 38),
        ("irc", 39),
        ("_apt", 42),
        ("nobody", 65534),
        ("systemd-network", 998),
        ("systemd-timesync", 997),
        ("messagebus", 100),
        ("sshd", 101),
        ("postfix", 102),
        ("_chrony", 103),
        ("redis", 104),
        ("debian", 1000),
        ("deploy", 1001),
        ("monitor", 1002),
        ("m.brandt", 1003),
        ("s.ozturk", 1004),
    ];
    for (a, uid) in accounts {
        log.line(&format!("Found user {a} with UID {uid}"));
    }
    log.line("Result: all accounts found in /etc/passwd are unique");
    log.harden(2, 2);
    log.test("AUTH-9228", "Check password file consistency with pwck");
    log.line("Result: pwck check didn't find any problems");
    log.test("AUTH-9230", "Check password hashing rounds");
    log.line("Result: SHA_CRYPT_MIN_ROUNDS and SHA_CRYPT_MAX_ROUNDS not set in /etc/login.defs");
    log.suggestion(
        "Configure password hashing rounds in /etc/login.defs",
        "AUTH-9230",
        "-",
    );
    log.harden(0, 2);
    log.test(
        "AUTH-9252",
        "Check ownership and permissions for sudo configuration files",
    );
    for f in [
        "/etc/sudoers",
        "/etc/sudoers.d/90-cloud-init-users",
        "/etc/sudoers.d/deploy",
        "/etc/sudoers.d/README",
    ] {
        log.line(&format!("Test: checking file {f}"));
        log.line(&format!(
            "Result: file {f} ownership OK and permissions 440 OK"
        ));
    }
    log.test(
        "AUTH-9262",
        "Checking presence password strength testing tools (PAM)",
    );
    log.line("Result: pam_cracklib.so NOT found (minimum password strength)");
    log.line("Result: pam_passwdqc.so NOT found (minimum password strength)");
    log.line("Result: pam_pwquality.so NOT found (minimum password strength)");
    log.suggestion(
        "Install a PAM module for password strength testing like pam_cracklib or pam_passwdqc",
        "AUTH-9262",
        "-",
    );
    log.harden(0, 3);
    log.test(
        "AUTH-9282",
        "Checking password protected account without expire date",
    );
    log.line("Result: found one or more accounts without expire date set");
    log.suggestion(
        "When possible set expire dates for all password protected accounts",
        "AUTH-9282",
        "-",
    );
    log.test("AUTH-9286", "Checking user password aging");
    log.line("Result: password minimum age is not configured");
    log.line("Result: password aging limits are not configured");
    log.suggestion(
        "Configure minimum password age in /etc/login.defs",
        "AUTH-9286",
        "-",
    );
    log.suggestion(
        "Configure maximum password age in /etc/login.defs",
        "AUTH-9286",
        "-",
    );
    log.harden(0, 2);
    log.test(
        "AUTH-9308",
        "Check for password protection on single user mode",
    );
    log.line("Test: checking rescue.service and emergency.service for sulogin");
    log.line("Result: rescue.service runs systemd-sulogin-shell, checking root password");
    log.line(
        "Result: root account is locked (password field '*'), sulogin will not ask for a password",
    );
    log.warning("No password set for single mode", "AUTH-9308", "-");
    log.harden(0, 3);
    log.test("AUTH-9328", "Default umask values");
    log.line("Result: found umask 022 in /etc/login.defs, which could be more strict");
    log.suggestion(
        "Default umask in /etc/login.defs could be more strict like 027",
        "AUTH-9328",
        "-",
    );
    log.harden(1, 2);
    // File systems and storage.
    log.section("File systems");
    log.test("FILE-6310", "Checking /tmp, /home and /var directory");
    for mp in ["/tmp", "/home", "/var"] {
        log.line(&format!("Result: {mp} is not a separated partition"));
    }
    log.suggestion(
        "To decrease the impact of a full /home file system, place /home on a separate partition",
        "FILE-6310",
        "-",
    );
    log.suggestion(
        "To decrease the impact of a full /tmp file system, place /tmp on a separate partition",
        "FILE-6310",
        "-",
    );
    log.harden(9, 10);
    log.test("FILE-6374", "Linux mount options");
    for (mp, opts) in [
        ("/", "rw,relatime,discard,errors=remount-ro"),
        (
            "/boot/efi",
            "rw,relatime,fmask=0077,dmask=0077,codepage=437,iocharset=ascii,shortname=mixed,utf8,errors=remount-ro",
        ),
        ("/dev/shm", "rw,nosuid,nodev,inode64"),
        (
            "/run",
            "rw,nosuid,nodev,noexec,relatime,size=812644k,mode=755,inode64",
        ),
        (
            "/sys/fs/cgroup",
            "rw,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot",
        ),
    ] {
        log.line(&format!(
            "Test: checking mount point {mp} (options: {opts})"
        ));
        log.line(&format!(
            "Result: mount point {mp} has options that can be hardened"
        ));
    }
    log.section("USB Devices");
    log.test("USB-1000", "Check if USB storage is disabled");
    log.line("Result: usb-storage driver is not explicitly disabled");
    log.suggestion(
        "Disable drivers like USB storage when not used, to prevent unauthorized storage or data theft",
        "USB-1000",
        "-",
    );
    log.harden(2, 3);
    log.section("Storage");
    log.test("STRG-1846", "Check if firewire storage is disabled");
    log.suggestion(
        "Disable drivers like firewire storage when not used, to prevent unauthorized storage or data theft",
        "STRG-1846",
        "-",
    );
    log.harden(2, 3);
    // Name services: the resolvers.
    log.section("Name services");
    log.test("NAME-4028", "Check domain name");
    log.line("Result: no domain name found in /etc/resolv.conf or hostname");
    log.suggestion(
        "Check DNS configuration for the dns domain name",
        "NAME-4028",
        "-",
    );
    log.test(
        "NAME-4404",
        "Check /etc/hosts contains an entry for this server name",
    );
    log.line("Result: Found entry for web-shop-02 in /etc/hosts");
    log.section("Networking");
    log.test("NETW-2704", "Basic nameserver configuration tests");
    log.line("Test: Checking nameserver entries in /etc/resolv.conf");
    for ns in ["10.20.0.2", "10.20.0.3"] {
        log.line(&format!("Found nameserver: {ns}"));
        log.line(&format!(
            "Test: querying {ns} for A record of cisofy.com (timeout 2s)"
        ));
    }
    log.line("Result: answer from 10.20.0.3 in 4 ms");
    log.line("Result: no answer from 10.20.0.2 within 2 seconds");
    log.warning("Nameserver 10.20.0.2 does not respond", "NETW-2704", "-");
    log.test("NETW-2705", "Check availability two nameservers");
    log.line("Result: found 1 responsive nameserver, expected at least 2");
    log.warning("Couldn't find 2 responsive nameservers", "NETW-2705", "-");
    log.suggestion(
        "Check your resolv.conf file and fill in a backup nameserver if possible",
        "NETW-2705",
        "-",
    );
    log.harden(0, 2);
    log.test("NETW-3001", "Find available network interfaces");
    for i in ["lo", "eth0", "eth1", "docker0"] {
        log.line(&format!("Found network interface: {i}"));
    }
    log.test("NETW-3012", "Check listening ports");
    for (addr, proto, prog) in [
        ("0.0.0.0:22", "tcp", "sshd"),
        ("0.0.0.0:80", "tcp", "nginx"),
        ("0.0.0.0:443", "tcp", "nginx"),
        ("127.0.0.1:25", "tcp", "master"),
        ("127.0.0.1:6379", "tcp", "redis-server"),
        ("127.0.0.1:9000", "tcp", "php-fpm8.2"),
        ("127.0.0.1:323", "udp", "chronyd"),
        ("[::]:22", "tcp6", "sshd"),
        ("[::]:80", "tcp6", "nginx"),
        ("[::]:443", "tcp6", "nginx"),
    ] {
        log.line(&format!("Found listening info: {addr}|{proto}|{prog}|"));
    }
    log.test("NETW-3032", "Checking for ARP monitoring software");
    log.suggestion(
        "Consider running ARP monitoring software (arpwatch,arpon)",
        "NETW-3032",
        "-",
    );
    log.harden(0, 1);
    // Packages.
    log.section("Ports and packages");
    log.test("PKGS-7345", "Querying dpkg");
    log.line("Test: Querying dpkg -l to get package list");
    let suffixes = [
        "", "-common", "-data", "-bin", "-doc", "-dev", "-utils", "-base", "-tools", "-l10n",
    ];
    let mut pk = 0usize;
    for p in LIB_PKGS {
        pk += 1;
        log.line(&format!(
            "Found package: {p} (version: {}.{}.{}-{})",
            1 + h(pk, 10_104) % 9,
            h(pk, 10_105) % 30,
            h(pk, 10_106) % 12,
            1 + h(pk, 10_107) % 4
        ));
    }
    for (round, s) in suffixes.iter().enumerate() {
        for (k, p) in DEB_PKGS.iter().enumerate() {
            if round > 0 && !h(k * 7 + round, 10_103).is_multiple_of(2) {
                continue;
            }
            if round > 0 && (p.starts_with("lib") || p.contains("linux-image")) {
                continue;
            }
            pk += 1;
            log.line(&format!(
                "Found package: {p}{s} (version: {}.{}.{}-{}+deb12u{})",
                1 + h(pk, 10_104) % 9,
                h(pk, 10_105) % 30,
                h(pk, 10_106) % 12,
                1 + h(pk, 10_107) % 4,
                1 + h(pk, 10_108) % 6
            ));
        }
    }
    log.test("PKGS-7346", "Search unpurged packages on system");
    for p in [
        "linux-image-6.1.0-21-amd64",
        "linux-image-6.1.0-23-amd64",
        "php8.1-fpm",
        "apache2-bin",
    ] {
        log.line(&format!("Found unpurged package: {p}"));
    }
    log.suggestion(
        "Purge old/removed packages (4 found) with aptitude purge or dpkg --purge command. This will cleanup old configuration files, cron jobs and startup scripts.",
        "PKGS-7346",
        "-",
    );
    log.test("PKGS-7370", "Checking for debsums utility");
    log.suggestion(
        "Install debsums utility for the verification of packages with known good database.",
        "PKGS-7370",
        "-",
    );
    log.test("PKGS-7390", "Check Ubuntu database consistency");
    log.line("Result: package database is consistent");
    log.test("PKGS-7392", "Check for Debian/Ubuntu security updates");
    log.line("Test: Checking if /usr/lib/update-notifier/apt-check exists");
    log.line("Result: apt-check not found, using apt-get -s upgrade on the security channel");
    for p in [
        "libxml2",
        "openssl",
        "libssl3",
        "php8.2-common",
        "php8.2-fpm",
        "nginx",
        "nginx-common",
    ] {
        log.line(&format!("Found vulnerable package: {p}"));
    }
    log.warning("Found one or more vulnerable packages.", "PKGS-7392", "-");
    log.suggestion(
        "Update your system with apt-get update, apt-get upgrade, apt-get dist-upgrade and/or unattended-upgrades",
        "PKGS-7392",
        "-",
    );
    log.harden(1, 25);
    log.test("PKGS-7394", "Check for Ubuntu updates");
    log.suggestion(
        "Install package apt-show-versions for patch management purposes",
        "PKGS-7394",
        "-",
    );
    log.test(
        "PKGS-7420",
        "Detect toolkit to automatically download and apply upgrades",
    );
    log.line("Result: found unattended-upgrades (/usr/bin/unattended-upgrades)");
    log.harden(5, 5);
    // Mail: the banner.
    log.section("Software: e-mail and messaging");
    log.test("MAIL-8802", "Check Exim status");
    log.line("Result: no Exim process found");
    log.test("MAIL-8814", "Check postfix process status");
    log.line("Result: found running postfix process");
    log.test("MAIL-8816", "Check Postfix configuration");
    log.line("Result: found /etc/postfix/main.cf");
    log.test("MAIL-8817", "Check Postfix configuration errors");
    log.line("Result: postfix check found no problems");
    log.test("MAIL-8818", "Postfix banner");
    log.line("Test: Checking smtpd_banner in postfix configuration");
    log.line("Result: smtpd_banner = $myhostname ESMTP $mail_name (Debian/GNU)");
    log.warning(
        "Found some information disclosure in SMTP banner (OS or software name)",
        "MAIL-8818",
        "-",
    );
    log.suggestion(
        "You are advised to hide the mail_name (option: smtpd_banner) from your postfix configuration. Use postconf -e or change your main.cf file (/etc/postfix/main.cf)",
        "MAIL-8818",
        "-",
    );
    log.harden(0, 2);
    // Firewalls.
    log.section("Software: firewalls");
    log.test("FIRE-4502", "Check iptables kernel module");
    log.line("Result: Found iptables in loaded kernel modules");
    log.test("FIRE-4512", "Check iptables for empty ruleset");
    log.line("Test: Checking iptables -L -n output");
    log.line("Result: iptables filter table has 0 rules (policy ACCEPT on INPUT, FORWARD, OUTPUT)");
    log.warning(
        "iptables module(s) loaded, but no rules active",
        "FIRE-4512",
        "-",
    );
    log.harden(0, 5);
    log.test("FIRE-4513", "Check iptables for unused rules");
    log.line("Result: no rules found to check");
    log.test("FIRE-4586", "Check firewall logging");
    log.line("Result: no firewall logging configured");
    // Web server: nginx settings.
    log.section("Software: webserver");
    log.test("HTTP-6622", "Checking Apache presence");
    log.line("Result: Apache not found");
    log.test("HTTP-6632", "Determining all available Apache modules");
    log.skip(
        "HTTP-6632",
        "Determining all available Apache modules",
        "Required test prerequisite not found or not met",
    );
    log.test("HTTP-6702", "Check nginx process");
    log.line("Result: found running nginx process(es)");
    log.test("HTTP-6704", "Check nginx configuration file");
    log.line("Result: found nginx configuration file /etc/nginx/nginx.conf");
    log.test(
        "HTTP-6706",
        "Check for additional nginx configuration files",
    );
    let vhosts = [
        "shop.example-kaffee.de",
        "admin.example-kaffee.de",
        "static.example-kaffee.de",
        "api.example-kaffee.de",
        "old.example-kaffee.de",
    ];
    for v in vhosts {
        log.line(&format!(
            "Found nginx includes: /etc/nginx/sites-enabled/{v}.conf"
        ));
    }
    let settings = [
        "listen 443 ssl http2",
        "listen [::]:443 ssl http2",
        "ssl_protocols TLSv1.2 TLSv1.3",
        "ssl_prefer_server_ciphers off",
        "ssl_session_cache shared:SSL:10m",
        "ssl_session_timeout 1d",
        "client_max_body_size 64m",
        "server_tokens off",
        "gzip on",
        "gzip_types text/css application/javascript application/json",
        "fastcgi_pass 127.0.0.1:9000",
        "fastcgi_read_timeout 120",
        "add_header Strict-Transport-Security max-age=31536000",
        "add_header X-Frame-Options SAMEORIGIN",
        "access_log /var/log/nginx/access.log",
        "error_log /var/log/nginx/error.log warn",
        "root /var/www/shop/public",
        "index index.php",
        "try_files $uri $uri/ /index.php?$query_string",
        "location ~ \\.php$",
        "expires 30d",
        "keepalive_timeout 65",
        "sendfile on",
        "tcp_nopush on",
    ];
    for (k, v) in vhosts.iter().enumerate() {
        for (j, s) in settings.iter().enumerate() {
            if h(k * 40 + j, 10_109).is_multiple_of(4) {
                continue;
            }
            log.line(&format!(
                "Found nginx setting: {s} (file: /etc/nginx/sites-enabled/{v}.conf)"
            ));
        }
    }
    log.test("HTTP-6710", "Check nginx SSL configuration settings");
    log.line("Result: found one or more virtual hosts without ssl (old.example-kaffee.de)");
    log.suggestion(
        "Add HTTPS to nginx virtual hosts for enhanced protection of sensitive data and privacy",
        "HTTP-6710",
        "-",
    );
    log.harden(2, 3);
    log.test("HTTP-6712", "Check nginx access logging");
    log.line("Result: found 5 access log files, all are available");
    log.test("HTTP-6720", "Check Nginx log files");
    log.line("Result: found 5 error log files, all are available");
    // SSH: one suggestion per weak option.
    log.section("SSH Support");
    log.test("SSH-7402", "Check for running SSH daemon");
    log.line("Result: found running SSH daemon (sshd)");
    log.test("SSH-7404", "Check SSH daemon file location");
    log.line("Result: found /etc/ssh/sshd_config");
    log.test("SSH-7408", "Check SSH specific defined options");
    let ssh = [
        ("AllowTcpForwarding", "YES", "NO", true),
        ("ClientAliveCountMax", "3", "2", true),
        ("ClientAliveInterval", "300", "300", false),
        ("Compression", "NO", "(DELAYED|NO)", false),
        ("FingerprintHash", "SHA256", "SHA256", false),
        ("GatewayPorts", "NO", "NO", false),
        ("IgnoreRhosts", "YES", "YES", false),
        ("LoginGraceTime", "120", "120", false),
        ("LogLevel", "INFO", "VERBOSE", true),
        ("MaxAuthTries", "6", "3", true),
        ("MaxSessions", "10", "2", true),
        (
            "PermitRootLogin",
            "NO",
            "(FORCED-COMMANDS-ONLY|NO|PROHIBIT-PASSWORD|WITHOUT-PASSWORD)",
            false,
        ),
        ("PermitUserEnvironment", "NO", "NO", false),
        ("PermitTunnel", "NO", "NO", false),
        ("Port", "22", "", true),
        ("PrintLastLog", "YES", "YES", false),
        ("StrictModes", "YES", "YES", false),
        ("TCPKeepAlive", "YES", "NO", true),
        ("UseDNS", "NO", "NO", false),
        ("X11Forwarding", "YES", "NO", true),
        ("AllowAgentForwarding", "YES", "NO", true),
    ];
    for (opt, real, want, weak) in ssh {
        log.line(&format!(
            "Test: Checking {opt} in /tmp/lynis.{}",
            hex(opt.len(), 10_110, 10)
        ));
        log.line(&format!("Result: Option {opt} found"));
        log.line(&format!("Result: Option {opt} value is {real}"));
        if weak {
            log.line(&format!(
                "Result: OpenSSH option {opt} is in a weak configuration state and should be fixed"
            ));
            log.suggestion(
                "Consider hardening SSH configuration",
                "SSH-7408",
                &format!("{opt} (set {real} to {want})"),
            );
            log.harden(0, 3);
        } else {
            log.line(&format!(
                "Result: OpenSSH option {opt} is configured very well"
            ));
            log.harden(3, 3);
        }
    }
    // Databases, PHP, logging and the rest.
    log.section("Databases");
    log.test("DBS-1804", "Checking active MySQL process");
    log.line("Result: MySQL process not active");
    log.test("DBS-1860", "Checking active Redis processes");
    log.line("Result: found redis-server process");
    log.test("DBS-1882", "Redis configuration file");
    log.line("Result: found configuration file (/etc/redis/redis.conf)");
    log.test("DBS-1884", "Redis: requirepass");
    log.line("Result: found 'requirepass' in configuration file");
    log.harden(3, 3);
    log.test("DBS-1886", "Redis: rename of CONFIG command");
    log.line("Result: did not find 'rename-command CONFIG' in configuration file");
    log.harden(0, 3);
    log.test("DBS-1888", "Redis: bind on localhost");
    log.line("Result: found bind on localhost");
    log.harden(3, 3);
    log.section("PHP");
    log.test("PHP-2211", "Check php.ini presence");
    for f in ["/etc/php/8.2/cli/php.ini", "/etc/php/8.2/fpm/php.ini"] {
        log.line(&format!("Found file: {f}"));
    }
    for (opt, val, ok) in [
        ("allow_url_fopen", "On", false),
        ("allow_url_include", "Off", true),
        ("expose_php", "Off", true),
        ("enable_dl", "Off", true),
        (
            "disable_functions",
            "pcntl_alarm,pcntl_fork,pcntl_waitpid",
            true,
        ),
        ("register_globals", "(not set)", true),
    ] {
        log.line(&format!("Test: checking {opt} in /etc/php/8.2/fpm/php.ini"));
        log.line(&format!("Result: {opt} is {val}"));
        log.harden(if ok { 1 } else { 0 }, 1);
    }
    log.suggestion(
        "Change the allow_url_fopen line to: allow_url_fopen = Off, to disable downloads via PHP",
        "PHP-2376",
        "-",
    );
    log.section("Logging and files");
    log.test("LOGG-2130", "Check for running syslog daemon");
    log.line("Result: Found a logging daemon (rsyslog)");
    log.test("LOGG-2154", "Checking syslog configuration file");
    log.line("Result: no remote logging host configured");
    log.suggestion(
        "Enable logging to an external logging host for archiving purposes and additional protection",
        "LOGG-2154",
        "-",
    );
    log.test("LOGG-2190", "Checking for deleted files in use");
    for f in [
        "/tmp/#2621514 (deleted)",
        "/var/log/nginx/access.log.1 (deleted)",
        "/memfd:doublemapper (deleted)",
    ] {
        log.line(&format!("Found deleted file: {f}"));
    }
    log.suggestion(
        "Check what deleted files are still in use and why.",
        "LOGG-2190",
        "-",
    );
    log.section("Banners and identification");
    log.test("BANN-7126", "Check issue banner file contents");
    log.suggestion(
        "Add a legal banner to /etc/issue, to warn unauthorized users",
        "BANN-7126",
        "-",
    );
    log.harden(0, 1);
    log.test("BANN-7130", "Check issue.net banner file contents");
    log.suggestion(
        "Add legal banner to /etc/issue.net, to warn unauthorized users",
        "BANN-7130",
        "-",
    );
    log.harden(0, 1);
    log.section("Accounting");
    log.test(
        "ACCT-9622",
        "Check for available Linux accounting information",
    );
    log.suggestion("Enable process accounting", "ACCT-9622", "-");
    log.test("ACCT-9626", "Check for sysstat accounting data");
    log.suggestion(
        "Enable sysstat to collect accounting (no results)",
        "ACCT-9626",
        "-",
    );
    log.test("ACCT-9628", "Check for auditd");
    log.suggestion(
        "Enable auditd to collect audit information",
        "ACCT-9628",
        "-",
    );
    log.section("Cryptography");
    log.test("CRYP-7902", "Check expire date of SSL certificates");
    for (k, v) in vhosts.iter().enumerate() {
        log.line(&format!(
            "Result: certificate /etc/letsencrypt/live/{v}/cert.pem is valid, expires in {} days",
            3 + h(k, 10_111) % 80
        ));
    }
    log.suggestion(
        "Check available certificates for expiration",
        "CRYP-7902",
        "-",
    );
    log.section("Software: file integrity");
    log.test("FINT-4350", "File integrity software installed");
    log.suggestion(
        "Install a file integrity tool to monitor changes to critical and sensitive files",
        "FINT-4350",
        "-",
    );
    log.harden(0, 5);
    log.section("Software: System tooling");
    log.test("TOOL-5002", "Checking for automation tools");
    log.suggestion(
        "Determine if automation tools are present for system management",
        "TOOL-5002",
        "-",
    );
    log.section("Software: Malware");
    log.test("HRDN-7230", "Check for malware scanner");
    log.line("Result: no malware scanner found");
    log.suggestion(
        "Harden the system by installing at least one malware scanner, to perform periodic file system scans",
        "HRDN-7230",
        "-",
    );
    log.harden(1, 3);
    // File permissions, one file at a time.
    log.section("File Permissions");
    log.test("FILE-7524", "Perform file permissions check");
    let files = [
        ("/boot/grub/grub.cfg", "600", "444"),
        ("/etc/crontab", "600", "644"),
        ("/etc/cron.d", "700", "755"),
        ("/etc/cron.daily", "700", "755"),
        ("/etc/cron.hourly", "700", "755"),
        ("/etc/cron.weekly", "700", "755"),
        ("/etc/cron.monthly", "700", "755"),
        ("/etc/group", "644", "644"),
        ("/etc/group-", "644", "644"),
        ("/etc/hosts.allow", "644", "644"),
        ("/etc/hosts.deny", "644", "644"),
        ("/etc/issue", "644", "644"),
        ("/etc/issue.net", "644", "644"),
        ("/etc/lilo.conf", "600", "-"),
        ("/etc/motd", "644", "644"),
        ("/etc/passwd", "644", "644"),
        ("/etc/passwd-", "644", "644"),
        ("/etc/ssh/sshd_config", "600", "644"),
        ("/etc/hosts.equiv", "600", "-"),
        ("/root/.ssh", "700", "700"),
        ("/etc/at.allow", "600", "-"),
        ("/etc/at.deny", "600", "640"),
        ("/etc/cups/cupsd.conf", "600", "-"),
        ("/etc/sudoers", "440", "440"),
    ];
    let mut loose = 0;
    for (f, want, real) in files {
        log.line(&format!("Test: checking file/directory {f}"));
        if real == "-" {
            log.line(&format!("Result: file {f} does not exist"));
        } else if real == want {
            log.line(&format!(
                "Result: file {f} has correct permissions ({real})"
            ));
            log.harden(3, 3);
        } else {
            loose += 1;
            log.line(&format!(
                "Result: file {f} permissions could be more strict (expected {want}, found {real})"
            ));
            log.harden(1, 3);
        }
    }
    log.suggestion(
        "Consider restricting file permissions",
        "FILE-7524",
        &format!("See screen output or log file ({loose} files)"),
    );
    log.section("Home directories");
    log.test(
        "HOME-9304",
        "Check if users' home directories permissions are 750 or more restrictive",
    );
    for (a, uid) in accounts {
        if (1000..65534).contains(&uid) {
            log.line(&format!(
                "Result: home directory /home/{a} permissions 755, could be more strict"
            ));
        }
    }
    log.suggestion(
        "Double check the permissions of home directories as some might be not strict enough.",
        "HOME-9304",
        "-",
    );
    // Kernel hardening: the sysctl keys.
    log.section("Kernel Hardening");
    log.test("KRNL-6000", "Check sysctl key pairs in scan profile");
    let keys = [
        ("dev.tty.ldisc_autoload", 0, 1),
        ("fs.protected_fifos", 2, 1),
        ("fs.protected_hardlinks", 1, 1),
        ("fs.protected_regular", 2, 2),
        ("fs.protected_symlinks", 1, 1),
        ("fs.suid_dumpable", 0, 0),
        ("kernel.core_uses_pid", 1, 0),
        ("kernel.ctrl-alt-del", 0, 0),
        ("kernel.dmesg_restrict", 1, 1),
        ("kernel.kptr_restrict", 2, 0),
        ("kernel.modules_disabled", 1, 0),
        ("kernel.perf_event_paranoid", 3, 3),
        ("kernel.randomize_va_space", 2, 2),
        ("kernel.sysrq", 0, 438),
        ("kernel.unprivileged_bpf_disabled", 1, 2),
        ("kernel.yama.ptrace_scope", 1, 0),
        ("net.core.bpf_jit_harden", 2, 0),
        ("net.ipv4.conf.all.accept_redirects", 0, 1),
        ("net.ipv4.conf.all.accept_source_route", 0, 0),
        ("net.ipv4.conf.all.bootp_relay", 0, 0),
        ("net.ipv4.conf.all.forwarding", 0, 1),
        ("net.ipv4.conf.all.log_martians", 1, 0),
        ("net.ipv4.conf.all.mc_forwarding", 0, 0),
        ("net.ipv4.conf.all.proxy_arp", 0, 0),
        ("net.ipv4.conf.all.rp_filter", 1, 2),
        ("net.ipv4.conf.all.send_redirects", 0, 1),
        ("net.ipv4.conf.default.accept_redirects", 0, 1),
        ("net.ipv4.conf.default.accept_source_route", 0, 1),
        ("net.ipv4.conf.default.log_martians", 1, 0),
        ("net.ipv4.icmp_echo_ignore_broadcasts", 1, 1),
        ("net.ipv4.icmp_ignore_bogus_error_responses", 1, 1),
        ("net.ipv4.tcp_syncookies", 1, 1),
        ("net.ipv4.tcp_timestamps", 0, 1),
        ("net.ipv6.conf.all.accept_redirects", 0, 1),
        ("net.ipv6.conf.all.accept_source_route", 0, 0),
        ("net.ipv6.conf.default.accept_redirects", 0, 1),
        ("net.ipv6.conf.default.accept_source_route", 0, 0),
    ];
    let mut differ = Vec::new();
    for (k, want, real) in keys {
        if want == real {
            log.line(&format!(
                "Result: sysctl key {k} contains equal expected and current value ({want})"
            ));
            log.harden(1, 1);
        } else {
            differ.push(format!("{k} (exp: {want})"));
            log.line(&format!(
                "Result: sysctl key {k} has a different value than expected in scan profile. Expected={want}, Real={real}"
            ));
            log.harden(0, 1);
        }
    }
    log.suggestion(
        "One or more sysctl values differ from the scan profile and could be tweaked",
        "KRNL-6000",
        &differ[..3].join(", "),
    );
    log.section("Hardening");
    log.test("HRDN-7220", "Check if one or more compilers are installed");
    log.test("HRDN-7222", "Check compiler permissions");
    log.line("Result: found compiler /usr/bin/as with permissions 755");
    log.suggestion(
        "Harden compilers like restricting access to root user only",
        "HRDN-7222",
        "-",
    );
    log.section("Custom tests");
    log.test("DEB-0280", "Checking libpam-tmpdir");
    log.suggestion(
        "Install libpam-tmpdir to set $TMP and $TMPDIR for PAM sessions",
        "DEB-0280",
        "-",
    );
    log.test("DEB-0810", "Checking apt-listbugs");
    log.suggestion(
        "Install apt-listbugs to display a list of critical bugs prior to each APT installation.",
        "DEB-0810",
        "-",
    );
    log.test("DEB-0831", "Checking needrestart");
    log.suggestion(
        "Install needrestart, alternatively to debian-goodies, so that you can run needrestart after upgrades to determine which daemons are using old versions of libraries and need restarting.",
        "DEB-0831",
        "-",
    );
    log.test("DEB-0880", "Checking for fail2ban");
    log.suggestion(
        "Install fail2ban to automatically ban hosts that commit multiple authentication errors.",
        "DEB-0880",
        "-",
    );
    // The tests skipped for this system, in bulk.
    let skipped = [
        (
            "AUTH",
            "Check for LDAP configuration",
            "No LDAP client found",
        ),
        (
            "BOOT",
            "Check for FreeBSD boot loader",
            "Incorrect guest OS (FreeBSD only)",
        ),
        (
            "FILE",
            "Checking ZFS file systems",
            "Required test prerequisite not found or not met",
        ),
        (
            "HTTP",
            "Checking Apache modules",
            "Required test prerequisite not found or not met",
        ),
        (
            "KRNL",
            "Checking Solaris load average",
            "Incorrect guest OS (Solaris only)",
        ),
        (
            "MACF",
            "Check SELinux configuration",
            "Required test prerequisite not found or not met",
        ),
        (
            "NAME",
            "Check BIND configuration",
            "Required test prerequisite not found or not met",
        ),
        (
            "PKGS",
            "Check for FreeBSD packages",
            "Incorrect guest OS (FreeBSD only)",
        ),
        (
            "SNMP",
            "Check for SNMP configuration",
            "Required test prerequisite not found or not met",
        ),
        (
            "SQD",
            "Check Squid ACLs",
            "Required test prerequisite not found or not met",
        ),
        (
            "STRG",
            "Check NFS exports",
            "Required test prerequisite not found or not met",
        ),
        (
            "TIME",
            "Check OpenNTPD configuration",
            "Required test prerequisite not found or not met",
        ),
        (
            "VIRT",
            "Check for Xen guests",
            "Required test prerequisite not found or not met",
        ),
        (
            "CONT",
            "Check Docker file permissions",
            "Required test prerequisite not found or not met",
        ),
        (
            "LDAP",
            "Check OpenLDAP slapd configuration",
            "Required test prerequisite not found or not met",
        ),
        (
            "DBS",
            "Check PostgreSQL settings",
            "Required test prerequisite not found or not met",
        ),
    ];
    for k in 0..520usize {
        let (cat, desc, reason) = skipped[(h(k, 10_112) % skipped.len() as u64) as usize];
        log.skip(
            &format!("{cat}-{}", 1000 + h(k, 10_113) % 9000),
            desc,
            reason,
        );
    }
    log.line("================================================================================");
    log.line("Tests performed:     281");
    log.line("Total tests:         474");
    log.line("Active plugins:      2");
    log.line("Total plugins:       2");
    log.line("================================================================================");
    let index = log.points * 100 / log.max;
    log.line(&format!(
        "Hardening index : [{index}] [{:<20}]",
        "#".repeat((index / 5) as usize)
    ));
    log.line("================================================================================");
    log.line("Lynis 3.1.2");
    log.line("Auditing, system hardening, and compliance for UNIX-based systems");
    log.line("================================================================================");
    log.line("Program ended successfully");
    log.line("================================================================================");
    let out = log.out;
    let items: Vec<String> = [
        "No password set for single mode",
        "Reboot of system is most likely needed",
        "Nameserver 10.20.0.2 does not respond",
        "Couldn't find 2 responsive nameservers",
        "Found one or more vulnerable packages",
        "Found some information disclosure in SMTP banner",
        "iptables module(s) loaded, but no rules active",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for it in &items {
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    assert_eq!(out.matches(" Warning: ").count(), 7);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "lynis.log of a web server's nightly audit, the warnings",
        out,
        "Lynis audited our web shop server last night. Forget the long list of nice-to-have tips, which actual problems did it raise? Give me every one of them.",
        items,
    )
}

// --------------------------------------------------------------- strongSwan

/// The head office's public address and identity.
const HQ_IP: &str = "195.37.210.14";
const HQ_ID: &str = "vpn.hq.spedition-harms.de";

/// One branch's tunnel as charon knows it.
struct Tunnel {
    name: String,
    peer: String,
    subnet: String,
    reqid: usize,
    ike: u64,
    child: u64,
    msg: u64,
}

/// charon's lines being written, and its counters.
struct Charon {
    lines: Vec<(u64, String)>,
    n: usize,
    ike: u64,
    child: u64,
}

impl Charon {
    /// One line at `ms` (milliseconds since the epoch), with the IKE_SA's
    /// name and number when it has one.
    fn log(&mut self, ms: u64, thread: u64, kind: &str, sa: Option<(&str, u64)>, text: &str) {
        self.n += 1;
        let prefix = match sa {
            Some((name, id)) => format!("<{name}|{id}> "),
            None => String::new(),
        };
        let line = format!(
            "{} vpn-hq-01 charon: {thread:02}[{kind}] {prefix}{text}\n",
            syslog_time(ms / 1_000)
        );
        self.lines.push((ms, line));
    }

    fn thread(&self, salt: u64) -> u64 {
        1 + h(self.n, salt) % 16
    }

    fn spi(&self, salt: u64) -> String {
        format!("c{}", hex(self.n, salt, 7))
    }

    /// A dead peer check the branch answers.
    fn dpd(&mut self, ms: u64, t: &mut Tunnel, retransmits: u64) {
        let (a, b) = (self.thread(10_201), self.thread(10_202));
        let sa = Some((t.name.as_str(), t.ike));
        self.log(ms, a, "IKE", sa, "sending DPD request");
        self.log(
            ms,
            a,
            "ENC",
            sa,
            &format!("generating INFORMATIONAL request {} [ ]", t.msg),
        );
        let send = format!(
            "sending packet: from {HQ_IP}[4500] to {}[4500] (80 bytes)",
            t.peer
        );
        self.log(ms, a, "NET", sa, &send);
        let mut at = ms;
        let mut wait = 4_000.0;
        for r in 1..=retransmits {
            at += wait as u64;
            wait *= 1.8;
            let c = self.thread(10_203);
            self.log(
                at,
                c,
                "IKE",
                sa,
                &format!("retransmit {r} of request with message ID {}", t.msg),
            );
            self.log(at, c, "NET", sa, &send);
        }
        let back = at + 18 + h(self.n, 10_204) % 60;
        self.log(
            back,
            b,
            "NET",
            sa,
            &format!(
                "received packet: from {}[4500] to {HQ_IP}[4500] (80 bytes)",
                t.peer
            ),
        );
        self.log(
            back,
            b,
            "ENC",
            sa,
            &format!("parsed INFORMATIONAL response {} [ ]", t.msg),
        );
        t.msg += 1;
    }

    /// The CHILD_SA's rekeying, which HQ starts.
    fn rekey(&mut self, ms: u64, t: &mut Tunnel) {
        let (a, b, c) = (
            self.thread(10_205),
            self.thread(10_206),
            self.thread(10_207),
        );
        let old_in = self.spi(10_208);
        self.log(
            ms,
            a,
            "KNL",
            None,
            &format!("creating rekey job for CHILD_SA ESP/0x{old_in}/{HQ_IP}"),
        );
        self.child += 1;
        let new = self.child;
        let sa = Some((t.name.as_str(), t.ike));
        let ts = format!("TS 10.0.0.0/16 === {}", t.subnet);
        self.log(
            ms,
            a,
            "IKE",
            sa,
            &format!(
                "establishing CHILD_SA {}{{{new}}} reqid {}",
                t.name, t.reqid
            ),
        );
        self.log(
            ms,
            a,
            "ENC",
            sa,
            &format!(
                "generating CREATE_CHILD_SA request {} [ N(REKEY_SA) SA No KE TSi TSr ]",
                t.msg
            ),
        );
        self.log(
            ms,
            a,
            "NET",
            sa,
            &format!(
                "sending packet: from {HQ_IP}[4500] to {}[4500] (352 bytes)",
                t.peer
            ),
        );
        let back = ms + 30 + h(self.n, 10_209) % 90;
        self.log(
            back,
            b,
            "NET",
            sa,
            &format!(
                "received packet: from {}[4500] to {HQ_IP}[4500] (336 bytes)",
                t.peer
            ),
        );
        self.log(
            back,
            b,
            "ENC",
            sa,
            &format!(
                "parsed CREATE_CHILD_SA response {} [ SA No KE TSi TSr ]",
                t.msg
            ),
        );
        let (si, so) = (self.spi(10_210), self.spi(10_211));
        self.log(
            back,
            b,
            "IKE",
            sa,
            &format!(
                "inbound CHILD_SA {}{{{new}}} established with SPIs {si}_i {so}_o and {ts}",
                t.name
            ),
        );
        self.log(
            back,
            b,
            "IKE",
            sa,
            &format!(
                "outbound CHILD_SA {}{{{new}}} established with SPIs {si}_i {so}_o and {ts}",
                t.name
            ),
        );
        self.log(back, b, "IKE", sa, &format!(
            "closing CHILD_SA {}{{{}}} with SPIs {old_in}_i ({} bytes) {}_o ({} bytes) and {ts}",
            t.name,
            t.child,
            h(self.n, 10_212) % 90_000_000,
            self.spi(10_213),
            h(self.n, 10_214) % 40_000_000
        ));
        self.log(
            back,
            b,
            "IKE",
            sa,
            &format!("sending DELETE for ESP CHILD_SA with SPI {old_in}"),
        );
        t.msg += 1;
        self.log(
            back,
            b,
            "ENC",
            sa,
            &format!("generating INFORMATIONAL request {} [ D ]", t.msg),
        );
        self.log(
            back,
            b,
            "NET",
            sa,
            &format!(
                "sending packet: from {HQ_IP}[4500] to {}[4500] (80 bytes)",
                t.peer
            ),
        );
        let done = back + 25 + h(self.n, 10_215) % 80;
        self.log(
            done,
            c,
            "NET",
            sa,
            &format!(
                "received packet: from {}[4500] to {HQ_IP}[4500] (80 bytes)",
                t.peer
            ),
        );
        self.log(
            done,
            c,
            "ENC",
            sa,
            &format!("parsed INFORMATIONAL response {} [ D ]", t.msg),
        );
        self.log(done, c, "IKE", sa, "CHILD_SA closed");
        t.msg += 1;
        t.child = new;
    }

    /// A request nobody answers: five retransmits and giving up, from
    /// `ms`; returns when charon gives up.
    fn unanswered(&mut self, ms: u64, t: &Tunnel, msg: u64, bytes: u64, port: u64) -> u64 {
        let sa = Some((t.name.as_str(), t.ike));
        let send = format!(
            "sending packet: from {HQ_IP}[{port}] to {}[{port}] ({bytes} bytes)",
            t.peer
        );
        let mut at = ms;
        let mut wait = 4_000.0;
        for r in 1..=5 {
            at += wait as u64;
            wait *= 1.8;
            let c = self.thread(10_216);
            self.log(
                at,
                c,
                "IKE",
                sa,
                &format!("retransmit {r} of request with message ID {msg}"),
            );
            self.log(at, c, "NET", sa, &send);
        }
        at += wait as u64;
        let c = self.thread(10_217);
        self.log(at, c, "IKE", sa, "giving up after 5 retransmits");
        at
    }

    /// One try at a new IKE_SA: `answered` whether the branch answers
    /// (then it is established), `auth_fails` whether it refuses our
    /// key; returns when the try ended.
    fn initiate(
        &mut self,
        ms: u64,
        t: &mut Tunnel,
        tries: u64,
        answered: bool,
        auth_fails: bool,
    ) -> u64 {
        self.ike += 1;
        t.ike = self.ike;
        let a = self.thread(10_218);
        let mut at = ms;
        for k in 1..=tries {
            let sa = Some((t.name.as_str(), t.ike));
            if k > 1 {
                self.log(
                    at,
                    a,
                    "IKE",
                    sa,
                    &format!("peer not responding, trying again ({k}/{tries})"),
                );
            }
            self.log(
                at,
                a,
                "IKE",
                sa,
                &format!("initiating IKE_SA {}[{}] to {}", t.name, t.ike, t.peer),
            );
            self.log(at, a, "ENC", sa, "generating IKE_SA_INIT request 0 [ SA KE No N(NATD_S_IP) N(NATD_D_IP) N(FRAG_SUP) N(HASH_ALG) N(REDIR_SUP) ]");
            self.log(
                at,
                a,
                "NET",
                sa,
                &format!(
                    "sending packet: from {HQ_IP}[500] to {}[500] (464 bytes)",
                    t.peer
                ),
            );
            if answered {
                return self.handshake(at, t, auth_fails);
            }
            at = self.unanswered(at, t, 0, 464, 500);
        }
        let sa = Some((t.name.as_str(), t.ike));
        let c = self.thread(10_219);
        self.log(
            at,
            c,
            "IKE",
            sa,
            "establishing IKE_SA failed, peer not responding",
        );
        at
    }

    /// The rest of a handshake the branch answers.
    fn handshake(&mut self, ms: u64, t: &mut Tunnel, auth_fails: bool) -> u64 {
        let (b, c) = (self.thread(10_220), self.thread(10_221));
        let sa = Some((t.name.as_str(), t.ike));
        let peer_id = format!("{}.vpn.spedition-harms.de", t.name);
        let at = ms + 40 + h(self.n, 10_222) % 120;
        self.log(
            at,
            b,
            "NET",
            sa,
            &format!(
                "received packet: from {}[500] to {HQ_IP}[500] (472 bytes)",
                t.peer
            ),
        );
        self.log(at, b, "ENC", sa, "parsed IKE_SA_INIT response 0 [ SA KE No N(NATD_S_IP) N(NATD_D_IP) N(FRAG_SUP) N(HASH_ALG) N(CHDLESS_SUP) N(MULT_AUTH) ]");
        self.log(
            at,
            b,
            "CFG",
            sa,
            "selected proposal: IKE:AES_GCM_16_256/PRF_HMAC_SHA2_384/ECP_384",
        );
        self.log(
            at,
            b,
            "IKE",
            sa,
            &format!("authentication of '{HQ_ID}' (myself) with pre-shared key"),
        );
        self.child += 1;
        self.log(
            at,
            b,
            "IKE",
            sa,
            &format!(
                "establishing CHILD_SA {}{{{}}} reqid {}",
                t.name, self.child, t.reqid
            ),
        );
        self.log(at, b, "ENC", sa, "generating IKE_AUTH request 1 [ IDi N(INIT_CONTACT) IDr AUTH SA TSi TSr N(MOBIKE_SUP) N(NO_ADD_ADDR) N(MULT_AUTH) N(EAP_ONLY) N(MSG_ID_SYN_SUP) ]");
        self.log(
            at,
            b,
            "NET",
            sa,
            &format!(
                "sending packet: from {HQ_IP}[4500] to {}[4500] (288 bytes)",
                t.peer
            ),
        );
        let at = at + 50 + h(self.n, 10_223) % 150;
        self.log(
            at,
            c,
            "NET",
            sa,
            &format!(
                "received packet: from {}[4500] to {HQ_IP}[4500] (240 bytes)",
                t.peer
            ),
        );
        if auth_fails {
            self.log(
                at,
                c,
                "ENC",
                sa,
                "parsed IKE_AUTH response 1 [ N(AUTH_FAILED) ]",
            );
            self.log(
                at,
                c,
                "IKE",
                sa,
                "received AUTHENTICATION_FAILED notify error",
            );
            return at;
        }
        self.log(at, c, "ENC", sa, "parsed IKE_AUTH response 1 [ IDr AUTH SA TSi TSr N(AUTH_LFT) N(MOBIKE_SUP) N(ADD_4_ADDR) ]");
        self.log(
            at,
            c,
            "IKE",
            sa,
            &format!("authentication of '{peer_id}' with pre-shared key successful"),
        );
        self.log(
            at,
            c,
            "IKE",
            sa,
            &format!(
                "IKE_SA {}[{}] established between {HQ_IP}[{HQ_ID}]...{}[{peer_id}]",
                t.name, t.ike, t.peer
            ),
        );
        self.log(
            at,
            c,
            "IKE",
            sa,
            &format!(
                "scheduling reauthentication in {}s",
                10_000 + h(self.n, 10_224) % 800
            ),
        );
        self.log(
            at,
            c,
            "IKE",
            sa,
            &format!(
                "maximum IKE_SA lifetime {}s",
                10_900 + h(self.n, 10_225) % 800
            ),
        );
        self.log(
            at,
            c,
            "CFG",
            sa,
            "selected proposal: ESP:AES_GCM_16_256/NO_EXT_SEQ",
        );
        let (si, so) = (self.spi(10_226), self.spi(10_227));
        self.log(
            at,
            c,
            "IKE",
            sa,
            &format!(
                "CHILD_SA {}{{{}}} established with SPIs {si}_i {so}_o and TS 10.0.0.0/16 === {}",
                t.name, self.child, t.subnet
            ),
        );
        t.child = self.child;
        t.msg = 2;
        at
    }

    /// Traffic for a branch whose tunnel is down: the kernel asks charon
    /// to bring it up.
    fn acquire(&mut self, ms: u64, t: &Tunnel) {
        let a = self.thread(10_228);
        self.log(ms, a, "KNL", None, &format!(
            "creating acquire job for policy 10.0.{}.{}/32[tcp/{}] === {}/32[tcp/445] with reqid {{{}}}",
            1 + h(self.n, 10_229) % 20,
            10 + h(self.n, 10_230) % 200,
            49_152 + h(self.n, 10_231) % 16_000,
            t.subnet.replace(".0/24", &format!(".{}", 20 + h(self.n, 10_232) % 60)),
            t.reqid
        ));
    }
}

/// Syslog of the head office's VPN gateway (strongSwan 5.9, charon with
/// `ike_name = yes`) overnight, 22:00 to 07:30: thirty branches' tunnels,
/// their dead peer checks and rekeying. From 01:12 a carrier's outage
/// drops nine branches: charon gives up on them after five retransmits
/// and retries; five come back during the night, four never answer
/// again; and at 03:20 the Jena branch's new router tears its tunnel
/// down and then refuses the key. The four and Jena are the answer's
/// items. Decoys: the five branches that came back (their last lines
/// say the tunnel is established), checks answered after a retransmit
/// or two, Dresden's router that rebuilt its tunnel itself, and the
/// rekeying of every tunnel all night.
fn charon_branches_down() -> Case {
    let cities = [
        "kiel",
        "luebeck",
        "rostock",
        "schwerin",
        "bremen",
        "oldenburg",
        "osnabrueck",
        "muenster",
        "bielefeld",
        "dortmund",
        "essen",
        "duisburg",
        "koeln",
        "bonn",
        "aachen",
        "koblenz",
        "mainz",
        "wiesbaden",
        "darmstadt",
        "mannheim",
        "karlsruhe",
        "stuttgart",
        "ulm",
        "augsburg",
        "regensburg",
        "nuernberg",
        "erfurt",
        "jena",
        "dresden",
        "potsdam",
    ];
    let down = ["rostock", "bielefeld", "koblenz", "ulm"];
    let back = [
        ("kiel", 161),
        ("essen", 207),
        ("mainz", 122),
        ("augsburg", 284),
        ("erfurt", 333),
    ];
    let night = DAY - 86_400 + 22 * 3_600;
    let ms = |hh: u64, mm: u64, ss: u64| {
        let base = if hh >= 22 {
            night - 22 * 3_600
        } else {
            night + 2 * 3_600
        };
        (base + hh * 3_600 + mm * 60 + ss) * 1_000
    };
    let (start, end) = (ms(22, 0, 0), ms(7, 30, 0));
    let mut ch = Charon {
        lines: Vec::new(),
        n: 0,
        ike: 1_700,
        child: 4_100,
    };
    let mut tunnels: Vec<Tunnel> = (cities.iter().enumerate())
        .map(|(k, c)| Tunnel {
            name: format!("br-{c}"),
            peer: format!(
                "{}.{}.{}.{}",
                pick(&["87", "91", "84", "79", "93", "217"], k, 10_240),
                h(k, 10_241) % 256,
                h(k, 10_242) % 256,
                2 + h(k, 10_243) % 250
            ),
            subnet: format!("10.{}.0.0/24", 41 + k),
            reqid: k + 1,
            ike: 1_660 + k as u64,
            child: 4_060 + k as u64,
            msg: 20 + h(k, 10_244) % 400,
        })
        .collect();
    for (k, t) in tunnels.iter_mut().enumerate() {
        let city = &cities[k];
        let outage = (down.contains(city) || back.iter().any(|b| b.0 == *city))
            .then(|| ms(1, 12, 0) + h(k, 10_245) % 780_000);
        let jena_drop = (*city == "jena").then(|| ms(3, 20, 41) + 512);
        let cut = outage.or(jena_drop).unwrap_or(end);
        // Before the outage: checks and rekeying.
        let mut next_dpd = start + h(k, 10_246) % 2_400_000;
        let mut next_rekey = start + h(k, 10_247) % 6_000_000;
        let mut j = 0usize;
        let mut until = |ch: &mut Charon,
                         t: &mut Tunnel,
                         stop: u64,
                         next_dpd: &mut u64,
                         next_rekey: &mut u64| {
            loop {
                j += 1;
                let next = (*next_dpd).min(*next_rekey);
                if next >= stop {
                    break;
                }
                if *next_dpd <= *next_rekey {
                    let blip = if h(k * 97 + j, 10_248).is_multiple_of(23) {
                        1 + h(j, 10_249) % 2
                    } else {
                        0
                    };
                    ch.dpd(*next_dpd, t, blip);
                    *next_dpd += 2_400_000 + h(k * 97 + j, 10_250) % 1_200_000;
                } else {
                    ch.rekey(*next_rekey, t);
                    *next_rekey += 6_300_000 + h(k * 97 + j, 10_251) % 1_200_000;
                }
            }
        };
        until(&mut ch, t, cut, &mut next_dpd, &mut next_rekey);
        if let Some(at) = outage {
            // The check nobody answers, and the restart that fails.
            let a = ch.thread(10_252);
            let sa = Some((t.name.as_str(), t.ike));
            ch.log(at, a, "IKE", sa, "sending DPD request");
            ch.log(
                at,
                a,
                "ENC",
                sa,
                &format!("generating INFORMATIONAL request {} [ ]", t.msg),
            );
            ch.log(
                at,
                a,
                "NET",
                sa,
                &format!(
                    "sending packet: from {HQ_IP}[4500] to {}[4500] (80 bytes)",
                    t.peer
                ),
            );
            let gave_up = ch.unanswered(at, t, t.msg, 80, 4500);
            let sa = Some((t.name.as_str(), t.ike));
            ch.log(
                gave_up,
                a,
                "IKE",
                sa,
                &format!("restarting CHILD_SA {}", t.name),
            );
            let mut at = ch.initiate(gave_up + 2, t, 3, false, false);
            let recovers = back
                .iter()
                .find(|b| b.0 == *city)
                .map(|b| ms(1, 12, 0) + b.1 * 60_000);
            loop {
                at += 1_200_000 + h(k * 31 + ch.n, 10_253) % 1_200_000;
                if at >= end {
                    break;
                }
                ch.acquire(at, t);
                if recovers.is_some_and(|r| at >= r) {
                    let up = ch.initiate(at + 1, t, 1, true, false);
                    let mut next_dpd = up + 2_400_000;
                    let mut next_rekey = up + 6_300_000;
                    until(&mut ch, t, end, &mut next_dpd, &mut next_rekey);
                    break;
                }
                at = ch.initiate(at + 1, t, 1, false, false);
            }
        }
        if let Some(at) = jena_drop {
            let a = ch.thread(10_254);
            let sa = Some((t.name.as_str(), t.ike));
            ch.log(
                at,
                a,
                "NET",
                sa,
                &format!(
                    "received packet: from {}[4500] to {HQ_IP}[4500] (80 bytes)",
                    t.peer
                ),
            );
            ch.log(
                at,
                a,
                "ENC",
                sa,
                &format!(
                    "parsed INFORMATIONAL request {} [ D ]",
                    7 + h(k, 10_255) % 50
                ),
            );
            ch.log(
                at,
                a,
                "IKE",
                sa,
                &format!("received DELETE for IKE_SA {}[{}]", t.name, t.ike),
            );
            ch.log(at, a, "IKE", sa, &format!(
                "deleting IKE_SA {}[{}] between {HQ_IP}[{HQ_ID}]...{}[{}.vpn.spedition-harms.de]",
                t.name, t.ike, t.peer, t.name
            ));
            ch.log(at, a, "IKE", sa, "IKE_SA deleted");
            let mut at = at;
            loop {
                at += 900_000 + h(ch.n, 10_256) % 900_000;
                if at >= end {
                    break;
                }
                ch.acquire(at, t);
                at = ch.initiate(at + 1, t, 1, true, true);
            }
        }
    }
    // Dresden's router rebuilds its own tunnel at ten past four.
    let dresden = tunnels.iter_mut().find(|t| t.name == "br-dresden").unwrap();
    let at = ms(4, 10, 2) + 214;
    let old = dresden.ike;
    let a = ch.thread(10_257);
    let sa = Some(("br-dresden", old));
    ch.log(
        at,
        a,
        "NET",
        sa,
        &format!(
            "received packet: from {}[4500] to {HQ_IP}[4500] (80 bytes)",
            dresden.peer
        ),
    );
    ch.log(at, a, "ENC", sa, "parsed INFORMATIONAL request 112 [ D ]");
    ch.log(
        at,
        a,
        "IKE",
        sa,
        &format!("received DELETE for IKE_SA br-dresden[{old}]"),
    );
    ch.log(at, a, "IKE", sa, &format!(
        "deleting IKE_SA br-dresden[{old}] between {HQ_IP}[{HQ_ID}]...{}[br-dresden.vpn.spedition-harms.de]",
        dresden.peer
    ));
    ch.log(at, a, "IKE", sa, "IKE_SA deleted");
    ch.ike += 1;
    let new = ch.ike;
    let at = at + 31_402;
    let b = ch.thread(10_258);
    let anon = Some(("(unnamed)", new));
    ch.log(
        at,
        b,
        "NET",
        None,
        &format!(
            "received packet: from {}[500] to {HQ_IP}[500] (464 bytes)",
            dresden.peer
        ),
    );
    ch.log(at, b, "ENC", anon, "parsed IKE_SA_INIT request 0 [ SA KE No N(NATD_S_IP) N(NATD_D_IP) N(FRAG_SUP) N(HASH_ALG) N(REDIR_SUP) ]");
    ch.log(
        at,
        b,
        "IKE",
        anon,
        &format!("{} is initiating an IKE_SA", dresden.peer),
    );
    ch.log(
        at,
        b,
        "CFG",
        anon,
        "selected proposal: IKE:AES_GCM_16_256/PRF_HMAC_SHA2_384/ECP_384",
    );
    ch.log(at, b, "ENC", anon, "generating IKE_SA_INIT response 0 [ SA KE No N(NATD_S_IP) N(NATD_D_IP) N(FRAG_SUP) N(HASH_ALG) N(CHDLESS_SUP) N(MULT_AUTH) ]");
    ch.log(
        at,
        b,
        "NET",
        anon,
        &format!(
            "sending packet: from {HQ_IP}[500] to {}[500] (472 bytes)",
            dresden.peer
        ),
    );
    let at = at + 88;
    ch.log(
        at,
        b,
        "NET",
        anon,
        &format!(
            "received packet: from {}[4500] to {HQ_IP}[4500] (288 bytes)",
            dresden.peer
        ),
    );
    ch.log(at, b, "ENC", anon, "parsed IKE_AUTH request 1 [ IDi N(INIT_CONTACT) IDr AUTH SA TSi TSr N(MOBIKE_SUP) N(NO_ADD_ADDR) N(MULT_AUTH) N(EAP_ONLY) N(MSG_ID_SYN_SUP) ]");
    ch.log(at, b, "CFG", anon, &format!("looking for peer configs matching {HQ_IP}[{HQ_ID}]...{}[br-dresden.vpn.spedition-harms.de]", dresden.peer));
    ch.log(at, b, "CFG", anon, "selected peer config 'br-dresden'");
    let sa = Some(("br-dresden", new));
    ch.log(
        at,
        b,
        "IKE",
        sa,
        "authentication of 'br-dresden.vpn.spedition-harms.de' with pre-shared key successful",
    );
    ch.log(
        at,
        b,
        "IKE",
        sa,
        &format!("authentication of '{HQ_ID}' (myself) with pre-shared key"),
    );
    ch.log(at, b, "IKE", sa, &format!(
        "IKE_SA br-dresden[{new}] established between {HQ_IP}[{HQ_ID}]...{}[br-dresden.vpn.spedition-harms.de]",
        dresden.peer
    ));
    ch.child += 1;
    ch.log(
        at,
        b,
        "IKE",
        sa,
        &format!(
            "CHILD_SA br-dresden{{{}}} established with SPIs {}_i {}_o and TS 10.0.0.0/16 === {}",
            ch.child,
            ch.spi(10_259),
            ch.spi(10_260),
            dresden.subnet
        ),
    );
    ch.log(at, b, "ENC", sa, "generating IKE_AUTH response 1 [ IDr AUTH SA TSi TSr N(AUTH_LFT) N(MOBIKE_SUP) N(ADD_4_ADDR) ]");
    ch.log(
        at,
        b,
        "NET",
        sa,
        &format!(
            "sending packet: from {HQ_IP}[4500] to {}[4500] (240 bytes)",
            dresden.peer
        ),
    );
    ch.lines.sort_by_key(|l| l.0);
    let out: String = ch.lines.iter().map(|l| l.1.as_str()).collect();
    // charon numbers its SAs as it makes them: renumber in the log's order.
    let renumber = |out: &str, re: &str, first: u64| {
        let re = regex::Regex::new(re).unwrap();
        let mut seen: Vec<String> = Vec::new();
        re.replace_all(out, |c: &regex::Captures| {
            let old = c[2].to_string();
            let at = match seen.iter().position(|s| *s == old) {
                Some(at) => at,
                None => {
                    seen.push(old);
                    seen.len() - 1
                }
            };
            format!("{}{}{}", &c[1], first + at as u64, &c[3])
        })
        .into_owned()
    };
    let out = renumber(&out, r"(\||br-[a-z]+\[)(1[7-9]\d\d)(>|\])", 1_700);
    let out = renumber(&out, r"(br-[a-z]+\{)(4[1-9]\d\d)(\})", 4_100);
    let names: Vec<String> = tunnels.iter().map(|t| t.name.clone()).collect();
    let mut items: Vec<String> = down.iter().map(|c| format!("br-{c}")).collect();
    items.push("br-jena".into());
    // Each item's last line says it failed; each branch that came back
    // ends established or checked.
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        let last = out
            .lines()
            .rev()
            .find(|l| l.contains(&format!("<{it}|")))
            .unwrap();
        assert!(
            last.contains("peer not responding") || last.contains("AUTHENTICATION_FAILED"),
            "{last}"
        );
    }
    for (c, _) in back {
        let t = format!("<br-{c}|");
        let last = out.lines().rev().find(|l| l.contains(&t)).unwrap();
        assert!(
            !last.contains("not responding") && !last.contains("giving up"),
            "{last}"
        );
        assert!(out.contains(&format!("IKE_SA br-{c}[")) && out.contains("established between"));
    }
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "strongSwan charon syslog of a VPN gateway overnight, the branches still cut off",
        out,
        "Several of our branch offices lost their VPN connection to head office during the night. Which branches still have no tunnel up this morning? I need all of them.",
        items,
    )
}

// ----------------------------------------------------------------- Polaris

/// One check's result, as Polaris writes it.
fn pol_check(id: &str, ok: bool, sev: &str, cat: &str, pass: &str, fail: &str) -> Value {
    json!({
        "ID": id,
        "Message": if ok { pass } else { fail },
        "Details": null,
        "Success": ok,
        "Severity": sev,
        "Category": cat
    })
}

/// A result set: Go writes a map's keys sorted.
fn pol_set(mut checks: Vec<Value>) -> Value {
    checks.sort_by(|a, b| a["ID"].as_str().cmp(&b["ID"].as_str()));
    let mut m = Map::new();
    for c in checks {
        m.insert(c["ID"].as_str().unwrap().to_string(), c);
    }
    Value::Object(m)
}

/// What one container does, for its checks.
struct PolContainer {
    name: String,
    privileged: bool,
    host_port: bool,
    caps: bool,
}

/// One container's checks; `k` fixes the rest by hash.
fn pol_container(c: &PolContainer, k: usize) -> Value {
    let ok = |salt: u64, pct: u64| h(k, salt) % 100 >= pct;
    let escalation = !c.privileged && ok(10_301, 40);
    let root = !c.privileged && ok(10_302, 35);
    let checks = vec![
        pol_check(
            "cpuLimitsMissing",
            ok(10_303, 50),
            "warning",
            "Efficiency",
            "CPU limits are set",
            "CPU limits should be set",
        ),
        pol_check(
            "cpuRequestsMissing",
            ok(10_304, 10),
            "warning",
            "Efficiency",
            "CPU requests are set",
            "CPU requests should be set",
        ),
        pol_check(
            "dangerousCapabilities",
            !c.caps,
            "danger",
            "Security",
            "Container does not have any dangerous capabilities",
            "Container should not have dangerous capabilities",
        ),
        pol_check(
            "hostPortSet",
            !c.host_port,
            "warning",
            "Security",
            "Host port is not configured",
            "Host port should not be configured",
        ),
        pol_check(
            "insecureCapabilities",
            !c.caps && ok(10_305, 15),
            "warning",
            "Security",
            "Container does not have any insecure capabilities",
            "Container should not have insecure capabilities",
        ),
        pol_check(
            "linuxHardening",
            !c.privileged && ok(10_306, 50),
            "warning",
            "Security",
            "One of AppArmor, Seccomp, SELinux, or dropping Linux Capabilities are used to restrict containers using unwanted privileges",
            "Use one of AppArmor, Seccomp, SELinux, or dropping Linux Capabilities to restrict containers using unwanted privileges",
        ),
        pol_check(
            "livenessProbeMissing",
            ok(10_307, 25),
            "warning",
            "Reliability",
            "Liveness probe is configured",
            "Liveness probe should be configured",
        ),
        pol_check(
            "memoryLimitsMissing",
            ok(10_308, 15),
            "warning",
            "Efficiency",
            "Memory limits are set",
            "Memory limits should be set",
        ),
        pol_check(
            "memoryRequestsMissing",
            ok(10_309, 10),
            "warning",
            "Efficiency",
            "Memory requests are set",
            "Memory requests should be set",
        ),
        pol_check(
            "notReadOnlyRootFilesystem",
            !c.privileged && ok(10_310, 60),
            "warning",
            "Security",
            "Filesystem is read only",
            "Filesystem should be read only",
        ),
        pol_check(
            "privilegeEscalationAllowed",
            escalation,
            "danger",
            "Security",
            "Privilege escalation not allowed",
            "Privilege escalation should not be allowed",
        ),
        pol_check(
            "pullPolicyNotAlways",
            ok(10_311, 70),
            "warning",
            "Reliability",
            "Image pull policy is \"Always\"",
            "Image pull policy should be \"Always\"",
        ),
        pol_check(
            "readinessProbeMissing",
            ok(10_312, 20),
            "warning",
            "Reliability",
            "Readiness probe is configured",
            "Readiness probe should be configured",
        ),
        pol_check(
            "runAsPrivileged",
            !c.privileged,
            "danger",
            "Security",
            "Not running as privileged",
            "Should not be running as privileged",
        ),
        pol_check(
            "runAsRootAllowed",
            root,
            "warning",
            "Security",
            "Is not allowed to run as root",
            "Should not be allowed to run as root",
        ),
        pol_check(
            "sensitiveContainerEnvVar",
            ok(10_313, 10),
            "danger",
            "Security",
            "The container does not set potentially sensitive environment variables",
            "The container sets potentially sensitive environment variables",
        ),
        pol_check(
            "tagNotSpecified",
            ok(10_314, 3),
            "danger",
            "Reliability",
            "Image tag is specified",
            "Image tag should be specified",
        ),
    ];
    json!({"Name": c.name, "Results": pol_set(checks)})
}

/// `polaris audit --format json` of a shop's production cluster (EKS):
/// some eighty-five workloads in thirteen namespaces, each with its
/// controller's, pod's and containers' checks. Five workloads run a
/// container privileged (`runAsPrivileged` failed): the answer's items.
/// Decoys: containers allowed to escalate privileges or run as root
/// (hundreds), pods on the host's network and PID namespace, a CNI
/// agent with dangerous capabilities, other containers of the same
/// workloads that are not privileged, and `pam-privileged-access`, named
/// for privileged access.
fn polaris_privileged() -> Case {
    // namespace, name, kind, containers (a leading `!` marks a
    // privileged one), pod on the host's network and PID namespace.
    let workloads: Vec<(&str, &str, &str, Vec<&str>, bool)> = vec![
        (
            "argocd",
            "argocd-application-controller",
            "StatefulSet",
            vec!["application-controller"],
            false,
        ),
        (
            "argocd",
            "argocd-applicationset-controller",
            "Deployment",
            vec!["applicationset-controller"],
            false,
        ),
        (
            "argocd",
            "argocd-dex-server",
            "Deployment",
            vec!["dex"],
            false,
        ),
        (
            "argocd",
            "argocd-notifications-controller",
            "Deployment",
            vec!["notifications-controller"],
            false,
        ),
        ("argocd", "argocd-redis", "Deployment", vec!["redis"], false),
        (
            "argocd",
            "argocd-repo-server",
            "Deployment",
            vec!["repo-server"],
            false,
        ),
        (
            "argocd",
            "argocd-server",
            "Deployment",
            vec!["server"],
            false,
        ),
        (
            "cert-manager",
            "cert-manager",
            "Deployment",
            vec!["cert-manager-controller"],
            false,
        ),
        (
            "cert-manager",
            "cert-manager-cainjector",
            "Deployment",
            vec!["cert-manager-cainjector"],
            false,
        ),
        (
            "cert-manager",
            "cert-manager-webhook",
            "Deployment",
            vec!["cert-manager-webhook"],
            false,
        ),
        (
            "ci",
            "dind-build-agent",
            "StatefulSet",
            vec!["!dind", "runner-helper"],
            false,
        ),
        (
            "ci",
            "gitlab-runner",
            "Deployment",
            vec!["gitlab-runner"],
            false,
        ),
        (
            "ci",
            "buildkit-cache",
            "StatefulSet",
            vec!["registry"],
            false,
        ),
        (
            "data",
            "postgres-operator",
            "Deployment",
            vec!["postgres-operator"],
            false,
        ),
        (
            "data",
            "rabbitmq",
            "StatefulSet",
            vec!["rabbitmq", "metrics"],
            false,
        ),
        (
            "data",
            "redis-cache",
            "StatefulSet",
            vec!["redis", "redis-exporter"],
            false,
        ),
        (
            "data",
            "redis-sessions",
            "StatefulSet",
            vec!["redis", "redis-exporter"],
            false,
        ),
        (
            "data",
            "pgbouncer",
            "Deployment",
            vec!["pgbouncer", "pgbouncer-exporter"],
            false,
        ),
        ("data", "db-backup", "CronJob", vec!["pg-dump"], false),
        (
            "ingress-nginx",
            "ingress-nginx-controller",
            "DaemonSet",
            vec!["controller"],
            true,
        ),
        (
            "integrations",
            "dhl-label-service",
            "Deployment",
            vec!["dhl-label-service"],
            false,
        ),
        (
            "integrations",
            "edi-translator",
            "Deployment",
            vec!["edi-translator"],
            false,
        ),
        (
            "integrations",
            "erp-connector",
            "Deployment",
            vec!["erp-connector", "otel-collector"],
            false,
        ),
        (
            "integrations",
            "sftp-ingest",
            "Deployment",
            vec!["!sftp", "ingest-watcher"],
            false,
        ),
        (
            "integrations",
            "webhook-relay",
            "Deployment",
            vec!["webhook-relay"],
            false,
        ),
        (
            "integrations",
            "supplier-feed-import",
            "CronJob",
            vec!["feed-import"],
            false,
        ),
        (
            "kube-system",
            "aws-load-balancer-controller",
            "Deployment",
            vec!["aws-load-balancer-controller"],
            false,
        ),
        (
            "kube-system",
            "aws-node",
            "DaemonSet",
            vec!["aws-node", "aws-eks-nodeagent"],
            true,
        ),
        (
            "kube-system",
            "cluster-autoscaler",
            "Deployment",
            vec!["cluster-autoscaler"],
            false,
        ),
        (
            "kube-system",
            "coredns",
            "Deployment",
            vec!["coredns"],
            false,
        ),
        (
            "kube-system",
            "ebs-csi-controller",
            "Deployment",
            vec![
                "ebs-plugin",
                "csi-provisioner",
                "csi-attacher",
                "csi-resizer",
                "liveness-probe",
            ],
            false,
        ),
        (
            "kube-system",
            "ebs-csi-node",
            "DaemonSet",
            vec!["!ebs-plugin", "node-driver-registrar", "liveness-probe"],
            false,
        ),
        (
            "kube-system",
            "metrics-server",
            "Deployment",
            vec!["metrics-server"],
            false,
        ),
        (
            "logging",
            "fluent-bit",
            "DaemonSet",
            vec!["fluent-bit"],
            false,
        ),
        ("logging", "loki", "StatefulSet", vec!["loki"], false),
        (
            "logging",
            "loki-gateway",
            "Deployment",
            vec!["nginx"],
            false,
        ),
        (
            "monitoring",
            "alertmanager",
            "StatefulSet",
            vec!["alertmanager", "config-reloader"],
            false,
        ),
        (
            "monitoring",
            "blackbox-exporter",
            "Deployment",
            vec!["blackbox-exporter"],
            false,
        ),
        (
            "monitoring",
            "grafana",
            "Deployment",
            vec!["grafana", "grafana-sc-dashboard"],
            false,
        ),
        (
            "monitoring",
            "kube-state-metrics",
            "Deployment",
            vec!["kube-state-metrics"],
            false,
        ),
        (
            "monitoring",
            "node-exporter",
            "DaemonSet",
            vec!["node-exporter"],
            true,
        ),
        (
            "monitoring",
            "prometheus",
            "StatefulSet",
            vec!["prometheus", "config-reloader", "thanos-sidecar"],
            false,
        ),
        (
            "monitoring",
            "prometheus-operator",
            "Deployment",
            vec!["prometheus-operator"],
            false,
        ),
        (
            "platform",
            "external-dns",
            "Deployment",
            vec!["external-dns"],
            false,
        ),
        (
            "platform",
            "external-secrets",
            "Deployment",
            vec!["external-secrets"],
            false,
        ),
        (
            "platform",
            "external-secrets-webhook",
            "Deployment",
            vec!["webhook"],
            false,
        ),
        (
            "platform",
            "net-debug-toolbox",
            "Deployment",
            vec!["!toolbox"],
            false,
        ),
        (
            "platform",
            "reloader",
            "Deployment",
            vec!["reloader"],
            false,
        ),
        (
            "platform",
            "sealed-secrets-controller",
            "Deployment",
            vec!["sealed-secrets-controller"],
            false,
        ),
        (
            "security",
            "pam-privileged-access",
            "Deployment",
            vec!["pam-gateway", "session-recorder"],
            false,
        ),
        (
            "security",
            "trivy-operator",
            "Deployment",
            vec!["trivy-operator"],
            false,
        ),
        (
            "security",
            "vault",
            "StatefulSet",
            vec!["vault", "vault-agent"],
            false,
        ),
        (
            "security",
            "vault-agent-injector",
            "Deployment",
            vec!["sidecar-injector"],
            false,
        ),
        (
            "shop",
            "cart",
            "Deployment",
            vec!["cart", "otel-collector"],
            false,
        ),
        (
            "shop",
            "catalog",
            "Deployment",
            vec!["catalog", "otel-collector"],
            false,
        ),
        (
            "shop",
            "checkout",
            "Deployment",
            vec!["checkout", "otel-collector"],
            false,
        ),
        (
            "shop",
            "customer-accounts",
            "Deployment",
            vec!["customer-accounts"],
            false,
        ),
        (
            "shop",
            "image-resizer",
            "Deployment",
            vec!["image-resizer"],
            false,
        ),
        (
            "shop",
            "inventory-sync",
            "Deployment",
            vec!["inventory-sync"],
            false,
        ),
        ("shop", "loyalty", "Deployment", vec!["loyalty"], false),
        (
            "shop",
            "newsletter-worker",
            "Deployment",
            vec!["newsletter-worker"],
            false,
        ),
        (
            "shop",
            "order-events-consumer",
            "Deployment",
            vec!["order-events-consumer"],
            false,
        ),
        (
            "shop",
            "payment-webhooks",
            "Deployment",
            vec!["payment-webhooks", "otel-collector"],
            false,
        ),
        (
            "shop",
            "pdf-renderer",
            "Deployment",
            vec!["!chromium", "renderer-api"],
            false,
        ),
        (
            "shop",
            "pricing-engine",
            "Deployment",
            vec!["pricing-engine"],
            false,
        ),
        (
            "shop",
            "recommendations",
            "Deployment",
            vec!["recommendations"],
            false,
        ),
        ("shop", "reviews", "Deployment", vec!["reviews"], false),
        (
            "shop",
            "search-api",
            "Deployment",
            vec!["search-api", "otel-collector"],
            false,
        ),
        (
            "shop",
            "storefront",
            "Deployment",
            vec!["storefront", "otel-collector"],
            false,
        ),
        ("shop", "wishlist", "Deployment", vec!["wishlist"], false),
        (
            "shop",
            "abandoned-cart-cleanup",
            "CronJob",
            vec!["cleanup"],
            false,
        ),
        (
            "shop",
            "sitemap-generator",
            "CronJob",
            vec!["sitemap"],
            false,
        ),
        (
            "shop",
            "invoice-mailer",
            "CronJob",
            vec!["invoice-mailer"],
            false,
        ),
        (
            "shop",
            "cache-warmer",
            "CronJob",
            vec!["cache-warmer"],
            false,
        ),
        ("staging-shop", "cart", "Deployment", vec!["cart"], false),
        (
            "staging-shop",
            "catalog",
            "Deployment",
            vec!["catalog"],
            false,
        ),
        (
            "staging-shop",
            "checkout",
            "Deployment",
            vec!["checkout"],
            false,
        ),
        (
            "staging-shop",
            "customer-accounts",
            "Deployment",
            vec!["customer-accounts"],
            false,
        ),
        (
            "staging-shop",
            "image-resizer",
            "Deployment",
            vec!["image-resizer"],
            false,
        ),
        (
            "staging-shop",
            "inventory-sync",
            "Deployment",
            vec!["inventory-sync"],
            false,
        ),
        (
            "staging-shop",
            "payment-webhooks",
            "Deployment",
            vec!["payment-webhooks"],
            false,
        ),
        (
            "staging-shop",
            "pricing-engine",
            "Deployment",
            vec!["pricing-engine"],
            false,
        ),
        (
            "staging-shop",
            "search-api",
            "Deployment",
            vec!["search-api"],
            false,
        ),
        (
            "staging-shop",
            "storefront",
            "Deployment",
            vec!["storefront"],
            false,
        ),
        (
            "staging-shop",
            "abandoned-cart-cleanup",
            "CronJob",
            vec!["cleanup"],
            false,
        ),
    ];
    let mut results: Vec<Value> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut ck = 0usize;
    for (w, (ns, name, kind, containers, host)) in workloads.iter().enumerate() {
        let mut ctl = Vec::new();
        if *kind == "Deployment" {
            let replicas = !h(w, 10_320).is_multiple_of(4) || ns.starts_with("shop");
            ctl.push(pol_check(
                "deploymentMissingReplicas",
                replicas,
                "warning",
                "Reliability",
                "Multiple replicas are scheduled",
                "Only one replica is scheduled",
            ));
        }
        if *kind != "CronJob" {
            ctl.push(pol_check(
                "missingPodDisruptionBudget",
                h(w, 10_321).is_multiple_of(2),
                "ignore",
                "Reliability",
                "Has a PodDisruptionBudget",
                "Should have a PodDisruptionBudget",
            ));
        }
        let pod = vec![
            pol_check(
                "automountServiceAccountToken",
                h(w, 10_322) % 100 >= 60,
                "warning",
                "Security",
                "The ServiceAccount will not be automounted",
                "The ServiceAccount will be automounted",
            ),
            pol_check(
                "hostIPCSet",
                true,
                "danger",
                "Security",
                "Host IPC is not configured",
                "Host IPC should not be configured",
            ),
            pol_check(
                "hostNetworkSet",
                !host,
                "danger",
                "Security",
                "Host network is not configured",
                "Host network should not be configured",
            ),
            pol_check(
                "hostPIDSet",
                !(*host && *name == "node-exporter"),
                "danger",
                "Security",
                "Host PID is not configured",
                "Host PID should not be configured",
            ),
            pol_check(
                "priorityClassNotSet",
                ns.starts_with("kube-system"),
                "ignore",
                "Reliability",
                "Priority class has been set",
                "Priority class should be set",
            ),
            pol_check(
                "topologySpreadConstraint",
                h(w, 10_323) % 100 >= 70,
                "warning",
                "Reliability",
                "Pod has a valid topology spread constraint",
                "Pod should be configured with a valid topology spread constraint",
            ),
        ];
        let cres: Vec<Value> = (containers.iter())
            .map(|c| {
                ck += 1;
                let privileged = c.starts_with('!');
                let cname = c.trim_start_matches('!').to_string();
                pol_container(
                    &PolContainer {
                        caps: *name == "aws-node" && cname == "aws-node",
                        host_port: *name == "ingress-nginx-controller",
                        name: cname,
                        privileged,
                    },
                    ck,
                )
            })
            .collect();
        let created = DAY - 86_400 * (5 + h(w, 10_324) % 500) + h(w, 10_325) % 86_400;
        results.push(json!({
            "Name": name,
            "Namespace": ns,
            "Kind": kind,
            "Results": pol_set(ctl),
            "PodResult": {
                "Name": "",
                "Results": pol_set(pod),
                "ContainerResults": cres
            },
            "CreatedTime": format!("{}T{}Z", ymd(created), clock(created % 86_400))
        }));
        names.push(name.to_string());
        names.extend(
            containers
                .iter()
                .map(|c| c.trim_start_matches('!').to_string()),
        );
    }
    let doc = json!({
        "PolarisOutputVersion": "1.0",
        "AuditTime": "2026-11-27T08:12:44Z",
        "SourceType": "Cluster",
        "SourceName": "",
        "DisplayName": "arn:aws:eks:eu-central-1:412907835114:cluster/shop-prod",
        "ClusterInfo": {
            "Version": "1.30+",
            "Nodes": 14,
            "Pods": 412,
            "Namespaces": 17,
            "Controllers": results.len()
        },
        "Results": results,
        "Score": 71
    });
    let out = pretty(&doc, b"  ") + "\n";
    let items: Vec<String> = [
        "dind-build-agent",
        "sftp-ingest",
        "ebs-csi-node",
        "net-debug-toolbox",
        "pdf-renderer",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let expected: Vec<String> = (doc["Results"].as_array().unwrap().iter())
        .filter(|r| {
            (r["PodResult"]["ContainerResults"]
                .as_array()
                .unwrap()
                .iter())
            .any(|c| c["Results"]["runAsPrivileged"]["Success"] == false)
        })
        .map(|r| jq_string(r["Name"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    for it in &items {
        assert!(expected.contains(&jq_string(it)), "{it}");
        assert!(!named_elsewhere(it, &names), "{it}");
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "polaris audit --format json of a cluster, the workloads with a privileged container",
        out,
        "Security asked which of our Kubernetes workloads run a container with full root access to the node itself, the privileged mode. Going by this Polaris audit, which workloads are they? List all of them.",
        items,
    )
    .with_jq(
        ".Results[] | select(any(.PodResult.ContainerResults[]; .Results.runAsPrivileged.Success == false)) | .Name",
        expected,
    )
}

// ------------------------------------------------------------------ pylint

/// One pylint message as `--output-format=json` writes it.
#[allow(clippy::too_many_arguments)]
fn pylint_msg(
    kind: &str,
    module: &str,
    obj: &str,
    line: u64,
    column: u64,
    end: Option<(u64, u64)>,
    path: &str,
    symbol: &str,
    message: &str,
    id: &str,
) -> Value {
    json!({
        "type": kind,
        "module": module,
        "obj": obj,
        "line": line,
        "column": column,
        "endLine": end.map(|e| e.0),
        "endColumn": end.map(|e| e.1),
        "path": path,
        "symbol": symbol,
        "message": message,
        "message-id": id
    })
}

/// `pylint shop --output-format=json` of a Django shop backend: some
/// 1,700 messages over two hundred modules (docstrings, long lines,
/// names, arguments, broad exceptions, imports of every sort). Six
/// modules the code imports cannot be found (`import-error`, two of them
/// in two files each): the answer's items. Decoys: unused, reimported,
/// misordered and ungrouped imports, imports outside the top level,
/// names missing from a module that does exist, and cyclic imports.
fn pylint_unresolved_imports() -> Case {
    let packages = [
        "orders",
        "payments",
        "catalog",
        "customers",
        "shipping",
        "inventory",
        "api",
        "admin_tools",
        "reports",
        "utils",
        "tasks",
        "integrations",
        "search",
        "vouchers",
        "notifications",
        "settings",
    ];
    let modules = [
        "__init__",
        "models",
        "views",
        "serializers",
        "services",
        "tasks",
        "admin",
        "urls",
        "forms",
        "signals",
        "selectors",
        "exceptions",
        "constants",
        "tests/test_models",
        "tests/test_views",
        "tests/test_services",
    ];
    // The imports that cannot be resolved: path, line, module.
    let missing: [(&str, u64, &str); 8] = [
        ("shop/integrations/erp.py", 9, "shop.legacy.soap_client"),
        ("shop/orders/services.py", 14, "xhtml2pdf"),
        ("shop/payments/giropay_views.py", 6, "shop.payments.giropay"),
        ("shop/payments/paypal.py", 5, "paypalrestsdk"),
        ("shop/payments/tasks.py", 11, "paypalrestsdk"),
        ("shop/reports/invoices.py", 8, "xhtml2pdf"),
        (
            "shop/settings/base.py",
            17,
            "raven.contrib.django.raven_compat",
        ),
        ("shop/utils/storage.py", 4, "boto.s3.connection"),
    ];
    let mut paths: Vec<String> = Vec::new();
    for (p, pkg) in packages.iter().enumerate() {
        for (m, module) in modules.iter().enumerate() {
            if h(p * 20 + m, 10_401) % 100 < 22 && *module != "__init__" {
                continue;
            }
            paths.push(format!("shop/{pkg}/{module}.py"));
        }
    }
    for (path, _, _) in missing {
        if !paths.iter().any(|p| p == path) {
            paths.push(path.to_string());
        }
    }
    paths.sort();
    let std_mods = [
        "json",
        "datetime",
        "logging",
        "os",
        "re",
        "decimal",
        "uuid",
        "typing",
        "collections",
        "itertools",
    ];
    let third = [
        "requests",
        "django.db",
        "celery",
        "rest_framework",
        "stripe",
        "redis",
        "boto3",
        "pydantic",
    ];
    let classes = [
        "Order",
        "OrderItem",
        "Payment",
        "Customer",
        "Shipment",
        "Voucher",
        "Product",
        "StockLevel",
        "Invoice",
        "Cart",
    ];
    let funcs = [
        "create_order",
        "refund",
        "sync_stock",
        "send_confirmation",
        "calculate_total",
        "apply_voucher",
        "export_csv",
        "get_queryset",
        "validate",
        "handle",
    ];
    let mut all: Vec<Value> = Vec::new();
    for (f, path) in paths.iter().enumerate() {
        let module = path
            .trim_end_matches(".py")
            .replace('/', ".")
            .trim_end_matches(".__init__")
            .to_string();
        let mut msgs: Vec<(u64, Value)> = Vec::new();
        let n = 3 + h(f, 10_402) % 11;
        for k in 0..n as usize {
            let s = f * 50 + k;
            let line = 1 + h(s, 10_403) % 400;
            let cls = pick(&classes, s, 10_404);
            let func = pick(&funcs, s, 10_405);
            let obj = format!("{cls}.{func}");
            let m = match h(s, 10_406) % 22 {
                0 => pylint_msg(
                    "convention",
                    &module,
                    "",
                    1,
                    0,
                    None,
                    path,
                    "missing-module-docstring",
                    "Missing module docstring",
                    "C0114",
                ),
                1 | 2 => pylint_msg(
                    "convention",
                    &module,
                    cls,
                    line,
                    0,
                    Some((line, 6 + cls.len() as u64)),
                    path,
                    "missing-class-docstring",
                    "Missing class docstring",
                    "C0115",
                ),
                3..=5 => pylint_msg(
                    "convention",
                    &module,
                    &obj,
                    line,
                    4,
                    Some((line, 8 + func.len() as u64)),
                    path,
                    "missing-function-docstring",
                    "Missing function or method docstring",
                    "C0116",
                ),
                6 | 7 => pylint_msg(
                    "convention",
                    &module,
                    "",
                    line,
                    0,
                    None,
                    path,
                    "line-too-long",
                    &format!("Line too long ({}/100)", 101 + h(s, 10_407) % 60),
                    "C0301",
                ),
                8 => pylint_msg(
                    "convention",
                    &module,
                    &obj,
                    line,
                    8,
                    Some((line, 10)),
                    path,
                    "invalid-name",
                    &format!(
                        "Variable name \"{}\" doesn't conform to snake_case naming style",
                        pick(&["df", "qs", "OrderTotal", "tmpList", "X"], s, 10_408)
                    ),
                    "C0103",
                ),
                9 => pylint_msg(
                    "warning",
                    &module,
                    &obj,
                    line,
                    4,
                    Some((line, 19)),
                    path,
                    "broad-exception-caught",
                    "Catching too general exception Exception",
                    "W0718",
                ),
                10 => pylint_msg(
                    "warning",
                    &module,
                    &obj,
                    line,
                    4 + h(s, 10_409) % 30,
                    Some((line, 40)),
                    path,
                    "unused-argument",
                    &format!(
                        "Unused argument '{}'",
                        pick(
                            &["request", "args", "kwargs", "sender", "instance", "created"],
                            s,
                            10_410
                        )
                    ),
                    "W0613",
                ),
                11 => pylint_msg(
                    "refactor",
                    &module,
                    &obj,
                    line,
                    4,
                    Some((line, 8 + func.len() as u64)),
                    path,
                    "too-many-arguments",
                    &format!("Too many arguments ({}/5)", 6 + h(s, 10_411) % 5),
                    "R0913",
                ),
                12 => pylint_msg(
                    "refactor",
                    &module,
                    &obj,
                    line,
                    4,
                    Some((line, 8 + func.len() as u64)),
                    path,
                    "too-many-locals",
                    &format!("Too many local variables ({}/15)", 16 + h(s, 10_412) % 10),
                    "R0914",
                ),
                13 => pylint_msg(
                    "warning",
                    &module,
                    &obj,
                    line,
                    8,
                    Some((line, 60)),
                    path,
                    "logging-fstring-interpolation",
                    "Use lazy % formatting in logging functions",
                    "W1203",
                ),
                14 => pylint_msg(
                    "warning",
                    &module,
                    "",
                    1 + h(s, 10_413) % 12,
                    0,
                    Some((1 + h(s, 10_413) % 12, 20)),
                    path,
                    "unused-import",
                    &match h(s, 10_414) % 2 {
                        0 => format!("Unused import {}", pick(&std_mods, s, 10_415)),
                        _ => format!(
                            "Unused {cls} imported from shop.{}.models",
                            pick(&packages, s, 10_416)
                        ),
                    },
                    "W0611",
                ),
                15 => pylint_msg(
                    "convention",
                    &module,
                    "",
                    2 + h(s, 10_417) % 12,
                    0,
                    Some((2 + h(s, 10_417) % 12, 11)),
                    path,
                    "wrong-import-order",
                    &format!(
                        "standard import \"{}\" should be placed before third party import \"{}\"",
                        pick(&std_mods, s, 10_418),
                        pick(&third, s, 10_419)
                    ),
                    "C0411",
                ),
                16 => pylint_msg(
                    "convention",
                    &module,
                    &obj,
                    line,
                    8,
                    Some((line, 50)),
                    path,
                    "import-outside-toplevel",
                    &format!(
                        "Import outside toplevel (shop.{}.{})",
                        pick(&packages, s, 10_420),
                        pick(&["tasks", "services", "selectors"], s, 10_421)
                    ),
                    "C0415",
                ),
                17 => pylint_msg(
                    "warning",
                    &module,
                    &obj,
                    line,
                    8,
                    Some((line, 19)),
                    path,
                    "reimported",
                    &format!(
                        "Reimport '{}' (imported line {})",
                        pick(&std_mods, s, 10_422),
                        2 + h(s, 10_423) % 10
                    ),
                    "W0404",
                ),
                18 => pylint_msg(
                    "convention",
                    &module,
                    "",
                    3 + h(s, 10_424) % 10,
                    0,
                    Some((3 + h(s, 10_424) % 10, 40)),
                    path,
                    "ungrouped-imports",
                    "Imports from package django are not grouped",
                    "C0412",
                ),
                19 => pylint_msg(
                    "refactor",
                    &module,
                    &obj,
                    line,
                    8,
                    Some((line + 4, 30)),
                    path,
                    "no-else-return",
                    "Unnecessary \"else\" after \"return\", remove the \"else\" and de-indent the code inside it",
                    "R1705",
                ),
                20 => pylint_msg(
                    "error",
                    &module,
                    &obj,
                    line,
                    15,
                    Some((line, 35)),
                    path,
                    "no-member",
                    &format!(
                        "Instance of '{cls}' has no '{}' member",
                        pick(&["totl", "shiped_at", "custmer", "is_actve"], s, 10_425)
                    ),
                    "E1101",
                ),
                _ => pylint_msg(
                    "refactor",
                    &module,
                    cls,
                    line,
                    0,
                    Some((line, 6 + cls.len() as u64)),
                    path,
                    "too-few-public-methods",
                    "Too few public methods (1/2)",
                    "R0903",
                ),
            };
            msgs.push((m["line"].as_u64().unwrap(), m));
        }
        for (p, line, m) in missing {
            if p == path {
                msgs.push((
                    line,
                    pylint_msg(
                        "error",
                        &module,
                        "",
                        line,
                        0,
                        Some((line, 13 + m.len() as u64)),
                        path,
                        "import-error",
                        &format!("Unable to import '{m}'"),
                        "E0401",
                    ),
                ));
            }
        }
        if path == "shop/catalog/selectors.py" {
            msgs.push((
                3,
                pylint_msg(
                    "error",
                    &module,
                    "",
                    3,
                    0,
                    Some((3, 28)),
                    path,
                    "no-name-in-module",
                    "No name 'Decimal128' in module 'bson'",
                    "E0611",
                ),
            ));
        }
        if path == "shop/notifications/models.py" {
            msgs.push((
                5,
                pylint_msg(
                    "error",
                    &module,
                    "",
                    5,
                    0,
                    Some((5, 66)),
                    path,
                    "no-name-in-module",
                    "No name 'ugettext_lazy' in module 'django.utils.translation'",
                    "E0611",
                ),
            ));
        }
        if path.ends_with("orders/models.py") || path.ends_with("payments/models.py") {
            msgs.push((
                1,
                pylint_msg(
                    "refactor",
                    &module,
                    "",
                    1,
                    0,
                    None,
                    path,
                    "cyclic-import",
                    "Cyclic import (shop.orders.models -> shop.payments.models)",
                    "R0401",
                ),
            ));
        }
        msgs.sort_by_key(|m| m.0);
        all.extend(msgs.into_iter().map(|m| m.1));
    }
    let doc = Value::Array(all);
    let out = pretty(&doc, b"    ") + "\n";
    let items: Vec<String> = [
        "paypalrestsdk",
        "shop.legacy.soap_client",
        "xhtml2pdf",
        "raven.contrib.django.raven_compat",
        "shop.payments.giropay",
        "boto.s3.connection",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for it in &items {
        let n = missing.iter().filter(|m| m.2 == it).count();
        assert_eq!(whole(&out, &format!("'{it}'")), n, "{it}");
    }
    let expected: Vec<String> = (doc.as_array().unwrap().iter())
        .filter(|m| m["symbol"] == "import-error")
        .map(|m| jq_string(m["message"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 8);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "pylint --output-format=json of a shop backend, the modules that cannot be imported",
        out,
        "Pylint went over our shop backend. Which packages or modules does our code pull in that can't be found at all, so the code would crash on startup? List every one of them.",
        items,
    )
    .with_jq(".[] | select(.symbol == \"import-error\") | .message", expected)
}

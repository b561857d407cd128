//! A FOURTEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before any
//! change and measured unread at deb92b2 and 28d7cb6; its misses read
//! since, for their classes (not its lines).
//!
//! One fact: `salt '*' state.apply` of a shop's fleet the night a release
//! rolls out (the minion that did not take it and why: apt out of space
//! for its archive cache, among the four states that fail only because
//! their requisite failed, a worker whose install found dpkg locked and
//! succeeded on its second attempt, a WAL space check skipped by its
//! `unless`, a cron pruning `failed_jobs` and changes on every other
//! minion), `pg_restore -v -j 4` of a production dump into staging (the
//! table whose data did not load and why, an invalid UTF-8 byte, among
//! some 400 grants to a role staging lacks, one of them on the same
//! table, the comment on `plpgsql`, and tables named `failed_jobs`,
//! `import_errors`, `sync_errors` and `supplier_invoices_archive`), the
//! syslog of an office's Cisco switches over a day (the switch and port
//! BPDU Guard shut off and nothing brought back, among a port BPDU Guard
//! shut that an admin re-opened, ports err-disabled for link flaps and a
//! port-security violation that the switch recovered, ports an admin
//! shut, desks' links going down at lunch and in the evening, failed
//! 802.1X sessions and a core switch's CDP complaints), `aws guardduty
//! get-findings` (the instance mining cryptocurrency and its pool, among
//! the sample findings of every type on `i-99999999`, a honeypot's
//! mining finding archived, abused domains queried by CI runners, an
//! instance named `crypto-payments-api`, probes and brute force).
//! Every item: `pa11y-ci --json` over a shop (the pages with an image
//! that has no `alt` at all, among long-description warnings on every
//! product image, decorative images ignored by assistive technology,
//! alt text that repeats a link's text, icon links with no content and a
//! guide named for alternatives), Cloudflare's Logpush `http_requests`
//! (the client addresses the firewall blocked, one over IPv6, among
//! managed challenges answered with a 403 page, some from the blocked
//! clients' neighbours, rules that only log or skip, and the origin's
//! own 403s), `hdfs fsck -files -blocks -locations` after two DataNodes
//! died (the files with a block no live replica is left of, among
//! hundreds of under-replicated blocks, some down to one replica,
//! single-replica staging files, `_SUCCESS` markers and directories named
//! for corrupt records and missing deliveries), `aws backup
//! list-backup-jobs` over three nights (the resources whose backup failed
//! last night and was not made since, among failures on earlier nights
//! backed up since, a failure re-run green by hand, jobs still running,
//! Windows VSS errors of backups that completed and hosts named for
//! failover).
//!
//! The jq program of the JSON-lines output (Cloudflare) reads the records
//! as one array (`.[]`), as the fourth set's do; every expected jq result
//! was checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, datetime, h, hex, range, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        salt_failed_minion(),
        pg_restore_failed_table(),
        switch_port_err_disabled(),
        guardduty_crypto_miner(),
        pa11y_images_without_alt(),
        cloudflare_blocked_ips(),
        hdfs_fsck_corrupt_files(),
        aws_backup_failed_resources(),
    ]
}

/// One state of a minion's run in the Salt case.
struct SaltState {
    id: String,
    func: &'static str,
    name: String,
    result: &'static str,
    comment: String,
    /// Microseconds.
    dur: u64,
    /// The lines under `Changes:`, indented four spaces a level.
    changes: Vec<String>,
}

/// A state that changed nothing.
fn salt_ok(id: &str, func: &'static str, name: &str, comment: &str, dur: u64) -> SaltState {
    SaltState {
        id: id.to_string(),
        func,
        name: name.to_string(),
        result: "True",
        comment: comment.to_string(),
        dur,
        changes: Vec::new(),
    }
}

/// A state's block as Salt's `highstate` outputter prints it (no colour):
/// a comment's further lines, and the changes, indented under the labels.
fn salt_block(s: &SaltState, started: u64) -> String {
    let mut out = String::from("----------\n");
    out.push_str(&format!(
        "          ID: {}\n    Function: {}\n",
        s.id, s.func
    ));
    if s.name != s.id {
        out.push_str(&format!("        Name: {}\n", s.name));
    }
    out.push_str(&format!("      Result: {}\n", s.result));
    let mut lines = s.comment.split('\n');
    out.push_str(&format!("     Comment: {}\n", lines.next().unwrap_or("")));
    for l in lines {
        out.push_str(&format!("              {l}\n"));
    }
    out.push_str(&format!(
        "     Started: {}.{:06}\n    Duration: {}.{:03} ms\n     Changes:   \n",
        clock(started / 1_000_000),
        started % 1_000_000,
        s.dur / 1000,
        s.dur % 1000
    ));
    if !s.changes.is_empty() {
        out.push_str("              ----------\n");
        for c in &s.changes {
            out.push_str(&format!("              {c}\n"));
        }
    }
    out
}

/// `pkg.installed`'s changes for packages installed or upgraded.
fn salt_pkg_changes(pkgs: &[(&str, &str, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for (k, (name, new, old)) in pkgs.iter().enumerate() {
        if k > 0 {
            out.push("----------".to_string());
        }
        out.push(format!("{name}:"));
        out.push("    ----------".to_string());
        out.push("    new:".to_string());
        out.push(format!("        {new}"));
        out.push("    old:".to_string());
        if !old.is_empty() {
            out.push(format!("        {old}"));
        }
    }
    out
}

/// `sudo salt '*' state.apply` on a shop's Salt master (3006, Debian 12
/// minions) the night a release rolls out: every minion's states in the
/// `highstate` outputter's full form, minions in the order they return,
/// then each one's summary. Web servers install a new PHP extension,
/// take a changed pool config and restart PHP-FPM; API servers pull a
/// new revision; workers restart their queues (a cron prunes
/// `failed_jobs`), and on `shop-worker-05` the package install first
/// finds dpkg locked by unattended-upgrades and succeeds on its second
/// attempt; database servers skip a WAL space check whose `unless` holds;
/// every minion keeps a cron `apt-get clean`. On `shop-web-07` the
/// install stops with apt's "not enough free space" in its archive
/// cache, and the four states that need it fail as their requisite
/// failed; `ERROR: Minions returned with non-zero exit code` ends it.
fn salt_failed_minion() -> Case {
    let planted = "shop-web-07";
    let mut minions: Vec<(String, &str)> = Vec::new();
    for k in 1..=16 {
        minions.push((format!("shop-web-{k:02}"), "web"));
    }
    for k in 1..=10 {
        minions.push((format!("shop-api-{k:02}"), "api"));
    }
    for k in 1..=10 {
        minions.push((format!("shop-worker-{k:02}"), "worker"));
    }
    for k in 1..=3 {
        minions.push((format!("pg-{k:02}"), "db"));
    }
    for k in 1..=3 {
        minions.push((format!("redis-{k:02}"), "cache"));
    }
    for k in 1..=3 {
        minions.push((format!("search-{k:02}"), "search"));
    }
    minions.push(("lb-01".into(), "lb"));
    minions.push(("lb-02".into(), "lb"));
    minions.push(("mon-01".into(), "mon"));
    // The order they return in: by a hash, the planted one mid-way.
    minions.sort_by_key(|(m, _)| {
        h(
            m.len() * 31 + m.bytes().map(usize::from).sum::<usize>(),
            5001,
        )
    });
    let at = minions.iter().position(|m| m.0 == planted).unwrap();
    let p = minions.remove(at);
    let mid = minions.len() * 3 / 5;
    minions.insert(mid, p);
    let repo = "deb [signed-by=/etc/apt/keyrings/nordwind.gpg] https://apt.nordwind.internal/debian bookworm main";
    let deploy_key = "AAAAC3NzaC1lZDI1NTE5AAAAIHq8m2Zk4Yw1Lr3oT0b7pQe9vXc5sN2dJ6fU1aGhK8Wt";
    let installed = "All specified packages are already installed";
    let mut out = String::new();
    let mut failed_total = 0;
    for (m, (minion, role)) in minions.iter().enumerate() {
        let n = |k: usize| m * 97 + k;
        let quick =
            |k: usize, lo: u64, hi: u64| range(n(k), 5002, lo, hi) * 1000 + h(n(k), 5003) % 1000;
        let file_ok = |path: &str, k: usize| {
            salt_ok(
                path,
                "file.managed",
                path,
                &format!("File {path} is in the correct state"),
                quick(k, 8, 60),
            )
        };
        let pkg_ok =
            |id: &str, k: usize| salt_ok(id, "pkg.installed", id, installed, quick(k, 18, 95));
        let svc_ok = |id: &str, name: &str, k: usize| {
            salt_ok(
                id,
                "service.running",
                name,
                &format!("The service {name} is already running"),
                quick(k, 15, 70),
            )
        };
        let mut states: Vec<SaltState> = vec![
            salt_ok(
                "nordwind-repo",
                "pkgrepo.managed",
                repo,
                &format!("Package repo '{repo}' already configured"),
                quick(1, 30, 140),
            ),
            salt_ok(
                "base-packages",
                "pkg.installed",
                "base-packages",
                installed,
                quick(2, 40, 160),
            ),
            salt_ok(
                "Europe/Berlin",
                "timezone.system",
                "Europe/Berlin",
                "Timezone Europe/Berlin already set, UTC already set to UTC",
                quick(3, 5, 30),
            ),
            pkg_ok("chrony", 4),
            file_ok("/etc/chrony/chrony.conf", 5),
            svc_ok("chrony-service", "chrony", 6),
            salt_ok(
                "deploy",
                "user.present",
                "deploy",
                "User deploy is present and up to date",
                quick(7, 6, 40),
            ),
            salt_ok(
                "deploy-ssh-key",
                "ssh_auth.present",
                &format!("ssh-ed25519 {deploy_key} deploy@ci"),
                &format!("The authorized host key {deploy_key} is already present for user deploy"),
                quick(8, 4, 25),
            ),
            file_ok("/etc/ssh/sshd_config", 9),
            svc_ok("sshd", "ssh", 10),
            pkg_ok("fail2ban", 11),
            file_ok("/etc/fail2ban/jail.d/sshd.local", 12),
            svc_ok("fail2ban-service", "fail2ban", 13),
            pkg_ok("prometheus-node-exporter", 14),
            file_ok("/etc/default/prometheus-node-exporter", 15),
            svc_ok("node-exporter-service", "prometheus-node-exporter", 16),
            salt_ok(
                "vm.swappiness",
                "sysctl.present",
                "vm.swappiness",
                "Sysctl value vm.swappiness = 10 is already set",
                quick(17, 4, 20),
            ),
            pkg_ok("unattended-upgrades", 18),
            file_ok("/etc/apt/apt.conf.d/50unattended-upgrades", 19),
            salt_ok(
                "clean-apt-cache",
                "cron.present",
                "apt-get clean",
                "Cron apt-get clean already present",
                quick(20, 5, 30),
            ),
            file_ok("/etc/logrotate.d/nordwind", 21),
            salt_ok(
                "shop-db-host",
                "host.present",
                "shop-db.nordwind.internal",
                "Host shop-db.nordwind.internal (10.20.3.10) already present",
                quick(22, 3, 15),
            ),
        ];
        let fails = minion == planted;
        match *role {
            "web" => {
                states.push(pkg_ok("nginx", 30));
                states.push(file_ok("/etc/nginx/nginx.conf", 31));
                states.push(file_ok("/etc/nginx/sites-available/shop.conf", 32));
                states.push(salt_ok(
                    "/etc/nginx/sites-enabled/shop.conf",
                    "file.symlink",
                    "/etc/nginx/sites-enabled/shop.conf",
                    "Symlink /etc/nginx/sites-enabled/shop.conf is present and owned by root:root",
                    quick(33, 3, 12),
                ));
                states.push(svc_ok("nginx-service", "nginx", 34));
                let requisite = "One or more requisite failed: php.fpm.php-fpm-packages";
                let failed = |id: &str, func: &'static str, name: &str| SaltState {
                    id: id.to_string(),
                    func,
                    name: name.to_string(),
                    result: "False",
                    comment: requisite.to_string(),
                    dur: 0,
                    changes: Vec::new(),
                };
                if fails {
                    states.push(SaltState {
                        id: "php-fpm-packages".into(),
                        func: "pkg.installed",
                        name: "php-fpm-packages".into(),
                        result: "False",
                        comment: format!(
                            "Problem encountered installing package(s). Additional info follows:\n\nerrors:\n    - Running scope as unit: run-r{}.scope\n      E: You don't have enough free space in /var/cache/apt/archives/.",
                            hex(m, 5004, 32)
                        ),
                        dur: 2_412_338,
                        changes: Vec::new(),
                    });
                    let pool = "/etc/php/8.2/fpm/pool.d/shop.conf";
                    states.push(failed(pool, "file.managed", pool));
                    let ini = "/etc/php/8.2/mods-available/imagick-limits.ini";
                    states.push(failed(ini, "file.managed", ini));
                    states.push(failed("php8.2-fpm", "service.running", "php8.2-fpm"));
                    states.push(failed(
                        "/srv/shop/current",
                        "file.symlink",
                        "/srv/shop/current",
                    ));
                    failed_total += 4;
                } else {
                    let mut pkgs = SaltState {
                        id: "php-fpm-packages".into(),
                        func: "pkg.installed",
                        name: "php-fpm-packages".into(),
                        result: "True",
                        comment: "The following packages were installed/updated: php8.2-imagick, imagemagick-6-common, libmagickcore-6.q16-6, libmagickwand-6.q16-6\nThe following packages were already installed: php8.2-fpm, php8.2-intl, php8.2-mbstring, php8.2-redis, php8.2-pgsql".into(),
                        dur: range(n(35), 5005, 14_000, 41_000) * 1000 + h(n(35), 5006) % 1000,
                        changes: salt_pkg_changes(&[
                            ("imagemagick-6-common", "8:6.9.11.60+dfsg-1.6+deb12u2", ""),
                            ("libmagickcore-6.q16-6", "8:6.9.11.60+dfsg-1.6+deb12u2", ""),
                            ("libmagickwand-6.q16-6", "8:6.9.11.60+dfsg-1.6+deb12u2", ""),
                            ("php8.2-imagick", "3.7.0-4+deb12u1", ""),
                        ]),
                    };
                    if h(m, 5007).is_multiple_of(3) {
                        pkgs.comment = pkgs
                            .comment
                            .replace("php8.2-imagick, ", "php8.2-imagick, php8.2-opcache, ");
                        pkgs.changes.extend(salt_pkg_changes(&[(
                            "php8.2-opcache",
                            "8.2.26-1~deb12u1",
                            "8.2.24-1~deb12u1",
                        )]));
                        pkgs.changes
                            .insert(pkgs.changes.len() - 6, "----------".into());
                    }
                    states.push(pkgs);
                    let pool = "/etc/php/8.2/fpm/pool.d/shop.conf";
                    let mut st = salt_ok(
                        pool,
                        "file.managed",
                        pool,
                        &format!("File {pool} updated"),
                        quick(36, 20, 70),
                    );
                    st.changes = vec![
                        "diff:".into(),
                        "    --- ".into(),
                        "    +++ ".into(),
                        "    @@ -18,7 +18,7 @@".into(),
                        "     pm = dynamic".into(),
                        "    -pm.max_children = 40".into(),
                        "    +pm.max_children = 48".into(),
                        "     pm.start_servers = 8".into(),
                        "     pm.min_spare_servers = 4".into(),
                        "     pm.max_spare_servers = 12".into(),
                    ];
                    states.push(st);
                    let ini = "/etc/php/8.2/mods-available/imagick-limits.ini";
                    let mut st = salt_ok(
                        ini,
                        "file.managed",
                        ini,
                        &format!("File {ini} updated"),
                        quick(37, 15, 50),
                    );
                    st.changes = vec![
                        "diff:".into(),
                        "    New file".into(),
                        "mode:".into(),
                        "    0644".into(),
                    ];
                    states.push(st);
                    let mut st = salt_ok(
                        "php8.2-fpm",
                        "service.running",
                        "php8.2-fpm",
                        "Service restarted",
                        quick(38, 300, 1900),
                    );
                    st.changes = vec!["php8.2-fpm:".into(), "    True".into()];
                    states.push(st);
                    let mut st = salt_ok(
                        "/srv/shop/current",
                        "file.symlink",
                        "/srv/shop/current",
                        "Created new symlink /srv/shop/current -> /srv/shop/releases/2026.11.27-1",
                        quick(39, 3, 14),
                    );
                    st.changes = vec!["new:".into(), "    /srv/shop/current".into()];
                    states.push(st);
                }
                let rel = "/srv/shop/releases/2026.11.27-1";
                let mut st = salt_ok(
                    "shop-release",
                    "archive.extracted",
                    rel,
                    &format!(
                        "https://artifacts.nordwind.internal/shop/shop-2026.11.27-1.tar.gz extracted to {rel}/"
                    ),
                    quick(40, 2_400, 9_800),
                );
                st.changes = vec![
                    "directories_created:".into(),
                    format!("    - {rel}/"),
                    "extracted_files:".into(),
                    "    - app".into(),
                    "    - bootstrap".into(),
                    "    - config".into(),
                    "    - public".into(),
                    "    - resources".into(),
                    "    - routes".into(),
                    "    - vendor".into(),
                ];
                // The release is unpacked before the symlink switches.
                let at = states.len() - 5;
                states.insert(at, st);
            }
            "api" => {
                states.push(pkg_ok("python3-venv", 30));
                states.push(salt_ok(
                    "/srv/api/venv",
                    "virtualenv.managed",
                    "/srv/api/venv",
                    "virtualenv exists",
                    quick(31, 400, 1_600),
                ));
                let old = hex(m, 5008, 40);
                let mut st = salt_ok(
                    "shop-api-release",
                    "git.latest",
                    "git@git.nordwind.internal:shop/api.git",
                    "Repository git@git.nordwind.internal:shop/api.git updated",
                    quick(32, 1_800, 6_500),
                );
                st.changes = vec![
                    "revision:".into(),
                    "    ----------".into(),
                    "    new:".into(),
                    "        9d41c0e7b2a85f3361de0b7c4f18a2e95c07d3b1".into(),
                    "    old:".into(),
                    format!("        {old}"),
                ];
                states.push(st);
                states.push(file_ok("/etc/systemd/system/shop-api.service", 33));
                let mut st = salt_ok(
                    "shop-api",
                    "service.running",
                    "shop-api",
                    "Service restarted",
                    quick(34, 600, 2_400),
                );
                st.changes = vec!["shop-api:".into(), "    True".into()];
                states.push(st);
            }
            "worker" => {
                let retried = minion == "shop-worker-05";
                let mut st = salt_ok(
                    "worker-packages",
                    "pkg.installed",
                    "worker-packages",
                    installed,
                    quick(30, 30, 120),
                );
                if retried {
                    st.comment = "Attempt 1: Returned a result of \"False\", with the following comment: \"Problem encountered installing package(s). Additional info follows:\n\nerrors:\n    - E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2381 (unattended-upgr)\n      E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?\"\nThe following packages were installed/updated: php8.2-imagick, imagemagick-6-common".into();
                    st.dur = 64_118_204;
                    st.changes = salt_pkg_changes(&[
                        ("imagemagick-6-common", "8:6.9.11.60+dfsg-1.6+deb12u2", ""),
                        ("php8.2-imagick", "3.7.0-4+deb12u1", ""),
                    ]);
                } else {
                    st.comment = "The following packages were installed/updated: php8.2-imagick, imagemagick-6-common".into();
                    st.dur = range(n(30), 5009, 9_000, 30_000) * 1000 + h(n(30), 5010) % 1000;
                    st.changes = salt_pkg_changes(&[
                        ("imagemagick-6-common", "8:6.9.11.60+dfsg-1.6+deb12u2", ""),
                        ("php8.2-imagick", "3.7.0-4+deb12u1", ""),
                    ]);
                }
                states.push(st);
                states.push(file_ok("/etc/supervisor/conf.d/queue-workers.conf", 31));
                states.push(svc_ok("supervisor", "supervisor", 32));
                states.push(salt_ok(
                    "prune-failed-jobs",
                    "cron.present",
                    "php /srv/shop/current/artisan queue:prune-failed --hours=168",
                    "Cron php /srv/shop/current/artisan queue:prune-failed --hours=168 already present",
                    quick(33, 5, 25),
                ));
                let mut st = salt_ok(
                    "queue-restart",
                    "cmd.run",
                    "php /srv/shop/current/artisan queue:restart",
                    "Command \"php /srv/shop/current/artisan queue:restart\" run",
                    quick(34, 300, 900),
                );
                st.changes = vec![
                    "pid:".into(),
                    format!("    {}", 20_000 + h(m, 5011) % 40_000),
                    "retcode:".into(),
                    "    0".into(),
                    "stderr:".into(),
                    "stdout:".into(),
                    "    Broadcasting queue restart signal.".into(),
                ];
                states.push(st);
            }
            "db" => {
                states.push(pkg_ok("postgresql-16", 30));
                states.push(file_ok("/etc/postgresql/16/main/postgresql.conf", 31));
                states.push(file_ok("/etc/postgresql/16/main/pg_hba.conf", 32));
                states.push(svc_ok("postgresql-service", "postgresql", 33));
                states.push(pkg_ok("pgbackrest", 34));
                states.push(file_ok("/etc/pgbackrest/pgbackrest.conf", 35));
                states.push(salt_ok(
                    "wal-space-check",
                    "cmd.run",
                    "/usr/local/bin/check-free-space --path /var/lib/postgresql --warn 80 --crit 90",
                    "unless condition is true",
                    quick(36, 40, 160),
                ));
            }
            "cache" => {
                states.push(pkg_ok("redis-server", 30));
                states.push(file_ok("/etc/redis/redis.conf", 31));
                states.push(svc_ok("redis-server-service", "redis-server", 32));
            }
            "search" => {
                states.push(pkg_ok("opensearch", 30));
                states.push(file_ok("/etc/opensearch/opensearch.yml", 31));
                states.push(file_ok("/etc/opensearch/jvm.options.d/heap.options", 32));
                states.push(svc_ok("opensearch-service", "opensearch", 33));
            }
            "lb" => {
                states.push(pkg_ok("haproxy", 30));
                states.push(file_ok("/etc/haproxy/haproxy.cfg", 31));
                states.push(svc_ok("haproxy-service", "haproxy", 32));
            }
            _ => {
                states.push(pkg_ok("prometheus", 30));
                states.push(file_ok("/etc/prometheus/prometheus.yml", 31));
                states.push(file_ok("/etc/prometheus/rules/disk.rules.yml", 32));
                states.push(svc_ok("prometheus-service", "prometheus", 33));
                states.push(pkg_ok("grafana", 34));
                states.push(svc_ok("grafana-server", "grafana-server", 35));
            }
        }
        out.push_str(&format!("{minion}:\n"));
        let mut t = (2 * 3600 + 3) * 1_000_000 + h(m, 5012) % 4_000_000;
        let start = t;
        let (mut ok, mut changed, mut bad) = (0, 0, 0);
        for s in &states {
            out.push_str(&salt_block(s, t));
            t += s.dur + 200 + h(t as usize, 5013) % 3_000;
            if s.result == "True" {
                ok += 1;
                changed += usize::from(!s.changes.is_empty());
            } else {
                bad += 1;
            }
        }
        let total = t - start;
        let summary = format!("Summary for {minion}");
        out.push_str(&format!(
            "\n{summary}\n{}\nSucceeded: {ok}{}\nFailed:    {bad:>2}\n{}\nTotal states run:     {}\nTotal run time: {:>7} s\n",
            "-".repeat(13),
            if changed > 0 { format!(" (changed={changed})") } else { String::new() },
            "-".repeat(13),
            states.len(),
            format!("{}.{:03}", total / 1_000_000, total / 1000 % 1000)
        ));
    }
    out.push_str("ERROR: Minions returned with non-zero exit code\n");
    assert_eq!(failed_total, 4);
    assert_eq!(out.matches("Result: False").count(), 5);
    assert_eq!(out.matches("enough free space").count(), 1);
    Case::fact(
        "salt state.apply, the minion whose release broke",
        out,
        "Last night's Salt run rolled the new shop release out to every server, and one of them didn't take it. Which server was it, and what actually went wrong there?",
        &[
            planted,
            "You don't have enough free space in /var/cache/apt/archives/",
        ],
    )
}

/// One table of the pg_restore case: schema, name, and the tables its
/// foreign keys point at.
struct PgTable {
    schema: String,
    name: String,
    refs: Vec<String>,
    indexes: Vec<String>,
}

/// `categories` → `category`, `orders` → `order`: a table's row.
fn singular(table: &str) -> String {
    match table.strip_suffix("ies") {
        Some(stem) => format!("{stem}y"),
        None => table.trim_end_matches('s').to_string(),
    }
}

/// `pg_restore -v -j 4 -d shop_staging /backups/shop-2026-11-26.dump` of a
/// shop's production dump (PostgreSQL 16) into a fresh staging cluster:
/// the schema created one object at a time, then the parallel loop's
/// four workers launching, processing and finishing data, sequences,
/// constraints and indexes interleaved, then the ACLs. The reporting
/// role `bi_reader` does not exist in staging, so every grant to it
/// fails (on `public.supplier_invoices` too), as does the comment on
/// `plpgsql`; tables are named `failed_jobs`, `import_errors`,
/// `sync_errors` and `supplier_invoices_archive`. The data of
/// `supplier_invoices` stops at a Latin-1 byte: `COPY failed … invalid
/// byte sequence for encoding "UTF8"`.
fn pg_restore_failed_table() -> Case {
    let public: [(&str, &[&str]); 42] = [
        ("customers", &[]),
        ("customer_addresses", &["customers"]),
        ("categories", &[]),
        ("products", &[]),
        ("product_variants", &["products"]),
        ("product_images", &["products"]),
        ("product_categories", &["products", "categories"]),
        ("warehouses", &[]),
        ("stock_levels", &["product_variants", "warehouses"]),
        ("suppliers", &[]),
        ("supplier_contacts", &["suppliers"]),
        ("supplier_invoices", &["suppliers"]),
        ("supplier_invoices_archive", &["suppliers"]),
        ("purchase_orders", &["suppliers", "warehouses"]),
        (
            "purchase_order_items",
            &["purchase_orders", "product_variants"],
        ),
        ("orders", &["customers"]),
        ("order_items", &["orders", "product_variants"]),
        ("order_status_history", &["orders"]),
        ("payments", &["orders"]),
        ("refunds", &["payments"]),
        ("shipments", &["orders", "warehouses"]),
        ("shipment_items", &["shipments", "order_items"]),
        ("coupons", &[]),
        ("coupon_redemptions", &["coupons", "orders"]),
        ("carts", &["customers"]),
        ("cart_items", &["carts", "product_variants"]),
        ("sessions", &[]),
        ("jobs", &[]),
        ("failed_jobs", &[]),
        ("import_runs", &[]),
        ("import_errors", &["import_runs"]),
        ("audit_log", &[]),
        ("newsletter_subscribers", &[]),
        ("reviews", &["products", "customers"]),
        ("wishlists", &["customers"]),
        ("wishlist_items", &["wishlists", "product_variants"]),
        ("price_rules", &[]),
        ("tax_rates", &[]),
        ("migrations", &[]),
        ("password_resets", &[]),
        ("personal_access_tokens", &[]),
        ("webhook_deliveries", &[]),
    ];
    let seller_tables: [(&str, &[&str]); 14] = [
        ("listings", &[]),
        ("listing_images", &["listings"]),
        ("offers", &["listings"]),
        ("invoices", &[]),
        ("invoice_lines", &["invoices", "offers"]),
        ("payouts", &[]),
        ("payout_items", &["payouts", "invoices"]),
        ("messages", &[]),
        ("returns", &["invoices"]),
        ("return_items", &["returns", "invoice_lines"]),
        ("settings", &[]),
        ("api_tokens", &[]),
        ("sync_log", &[]),
        ("sync_errors", &["sync_log"]),
    ];
    let sellers = [
        "alpenwelt",
        "bergsport_huber",
        "campingkoenig",
        "deichlaeufer",
        "eisvogel_outdoor",
        "fjellwerk",
        "gipfelstuermer",
        "hafenkante",
        "isarfloss",
        "jurahoehe",
        "kuestenwind",
        "lodenfrey_outlet",
        "moorland",
        "nordkap_shop",
        "ostseeperle",
        "pfadfinder_bedarf",
        "quellwasser",
        "rheinufer",
        "schwarzwald_trail",
        "tannenzapf",
        "uferweg",
        "voralpen",
        "watt_und_wind",
        "zugspitz_sport",
    ];
    let index_cols = [
        "created_at",
        "updated_at",
        "status",
        "sku",
        "email",
        "external_id",
        "customer_id",
    ];
    let mut tables: Vec<PgTable> = Vec::new();
    let mut k = 0usize;
    let mut mk = |schema: &str, name: &str, refs: &[&str]| {
        k += 1;
        let mut indexes = Vec::new();
        for j in 0..(h(k, 5101) % 3) as usize {
            let c = pick(&index_cols, k * 3 + j, 5102);
            let ix = format!("{name}_{c}_idx");
            if !indexes.contains(&ix) {
                indexes.push(ix);
            }
        }
        for r in refs {
            let col = format!("{}_id", singular(r));
            indexes.push(format!("{name}_{col}_idx"));
        }
        PgTable {
            schema: schema.to_string(),
            name: name.to_string(),
            refs: refs.iter().map(|r| r.to_string()).collect(),
            indexes,
        }
    };
    for (name, refs) in &public {
        tables.push(mk("public", name, refs));
    }
    for s in &sellers {
        for (name, refs) in &seller_tables {
            tables.push(mk(&format!("seller_{s}"), name, refs));
        }
    }
    let mut out = String::from("pg_restore: connecting to database for restore\n");
    let mut line = |s: String| {
        out.push_str("pg_restore: ");
        out.push_str(&s);
        out.push('\n');
    };
    let mut errors = 0usize;
    line("creating SCHEMA \"public\"".into());
    for s in &sellers {
        line(format!("creating SCHEMA \"seller_{s}\""));
    }
    for ext in ["pg_stat_statements", "pg_trgm", "pgcrypto", "plpgsql"] {
        if ext != "plpgsql" {
            line(format!("creating EXTENSION \"{ext}\""));
        }
        line(format!("creating COMMENT \"EXTENSION {ext}\""));
        if ext == "plpgsql" {
            line("error: could not execute query: ERROR:  must be owner of extension plpgsql\nCommand was: COMMENT ON EXTENSION plpgsql IS 'PL/pgSQL procedural language';".into());
            errors += 1;
        }
    }
    for ty in [
        "order_status",
        "payment_state",
        "shipment_state",
        "currency_code",
    ] {
        line(format!("creating TYPE \"public.{ty}\""));
    }
    for f in [
        "touch_updated_at()",
        "next_invoice_number(text)",
        "sku_normalize(text)",
        "order_total(bigint)",
    ] {
        line(format!("creating FUNCTION \"public.{f}\""));
    }
    for t in &tables {
        let q = format!("{}.{}", t.schema, t.name);
        line(format!("creating TABLE \"{q}\""));
        line(format!("creating SEQUENCE \"{q}_id_seq\""));
        line(format!("creating SEQUENCE OWNED BY \"{q}_id_seq\""));
        line(format!("creating DEFAULT \"{q} id\""));
    }
    for v in ["order_totals_daily", "stock_overview", "supplier_balance"] {
        line(format!("creating VIEW \"public.{v}\""));
    }
    // The parallel loop: data, then sequences, keys, indexes, foreign keys.
    // (dump id, kind, tag, the line a worker prints)
    let mut items: Vec<(u64, String, String, String, usize)> = Vec::new();
    let mut id = 4_100u64;
    for (ti, t) in tables.iter().enumerate() {
        id += 1;
        items.push((
            id,
            "TABLE DATA".into(),
            t.name.clone(),
            format!("processing data for table \"{}.{}\"", t.schema, t.name),
            ti,
        ));
    }
    for (ti, t) in tables.iter().enumerate() {
        id += 1;
        let s = format!("{}_id_seq", t.name);
        items.push((
            id,
            "SEQUENCE SET".into(),
            s.clone(),
            format!("executing SEQUENCE SET {s}"),
            ti,
        ));
    }
    for (ti, t) in tables.iter().enumerate() {
        id += 1;
        let c = format!("{}_pkey", t.name);
        items.push((
            id,
            "CONSTRAINT".into(),
            c.clone(),
            format!("creating CONSTRAINT \"{}.{} {c}\"", t.schema, t.name),
            ti,
        ));
    }
    for (ti, t) in tables.iter().enumerate() {
        for ix in &t.indexes {
            id += 1;
            items.push((
                id,
                "INDEX".into(),
                ix.clone(),
                format!("creating INDEX \"{}.{ix}\"", t.schema),
                ti,
            ));
        }
    }
    for (ti, t) in tables.iter().enumerate() {
        for r in &t.refs {
            id += 1;
            let c = format!("{}_{}_id_fkey", t.name, singular(r));
            items.push((
                id,
                "FK CONSTRAINT".into(),
                format!("{} {c}", t.name),
                format!("creating FK CONSTRAINT \"{}.{} {c}\"", t.schema, t.name),
                ti,
            ));
        }
    }
    line("entering main parallel loop".into());
    let mut running: Vec<usize> = Vec::new();
    let mut next = 0usize;
    let mut step = 0usize;
    let mut planted = 0usize;
    while next < items.len() || !running.is_empty() {
        step += 1;
        if next < items.len() && running.len() < 4 {
            let it = &items[next];
            line(format!("launching item {} {} {}", it.0, it.1, it.2));
            line(it.3.clone());
            running.push(next);
            next += 1;
            if running.len() < 4 || !h(step, 5103).is_multiple_of(3) {
                continue;
            }
        }
        let k = (h(step, 5104) % running.len() as u64) as usize;
        let done = running.swap_remove(k);
        let it = &items[done];
        let t = &tables[it.4];
        if it.1 == "TABLE DATA" && t.schema == "public" && t.name == "supplier_invoices" {
            line("error: COPY failed for table \"supplier_invoices\": ERROR:  invalid byte sequence for encoding \"UTF8\": 0xe9 0x20 0x4d\nCONTEXT:  COPY supplier_invoices, line 48113".into());
            errors += 1;
            planted += 1;
        }
        line(format!("finished item {} {} {}", it.0, it.1, it.2));
    }
    line("finished main parallel loop".into());
    line("creating ACL \"SCHEMA public\"".into());
    for s in &sellers {
        line(format!("creating ACL \"SCHEMA seller_{s}\""));
        line(format!(
            "error: could not execute query: ERROR:  role \"bi_reader\" does not exist\nCommand was: GRANT USAGE ON SCHEMA seller_{s} TO bi_reader;"
        ));
        errors += 1;
    }
    for t in &tables {
        line(format!("creating ACL \"{}.TABLE {}\"", t.schema, t.name));
        if ![
            "sessions",
            "password_resets",
            "personal_access_tokens",
            "api_tokens",
        ]
        .contains(&t.name.as_str())
        {
            line(format!(
                "error: could not execute query: ERROR:  role \"bi_reader\" does not exist\nCommand was: GRANT SELECT ON TABLE {}.{} TO bi_reader;",
                t.schema, t.name
            ));
            errors += 1;
        }
    }
    for v in ["order_totals_daily", "stock_overview", "supplier_balance"] {
        line(format!("creating ACL \"public.TABLE {v}\""));
        line(format!(
            "error: could not execute query: ERROR:  role \"bi_reader\" does not exist\nCommand was: GRANT SELECT ON TABLE public.{v} TO bi_reader;"
        ));
        errors += 1;
    }
    line(format!("warning: errors ignored on restore: {errors}"));
    assert_eq!(planted, 1);
    assert_eq!(out.matches("COPY failed").count(), 1);
    Case::fact(
        "pg_restore -v, the table whose data did not load",
        out,
        "We restored last night's production backup into the staging database. Did all the data actually make it in? If some table came up empty, which one, and what stopped it?",
        &[
            "supplier_invoices",
            "invalid byte sequence for encoding \"UTF8\"",
        ],
    )
}

/// A MAC address as IOS writes it: `a4bb.6d12.9f01`.
fn cisco_mac(i: usize, salt: u64) -> String {
    let x = hex(i, salt, 12);
    format!("{}.{}.{}", &x[..4], &x[4..8], &x[8..])
}

/// The syslog of an office's Cisco switches (IOS XE 17, Catalyst 9200
/// and 9300, stacks of two on each floor's `-b`) as the central rsyslog
/// writes it, one file for all of them, over a Friday from 06:00 to
/// 19:30: desks' ports coming up in the morning with 802.1X and MAB
/// sessions (some failing first), PCs sleeping at lunch and going home,
/// phones drawing PoE, Oxidized logging in every hour to back the configs
/// up, a core switch's CDP complaining about a native VLAN and
/// hosts flapping between ports. Three ports are err-disabled and come
/// back: one for link flaps and one for a port-security violation
/// (recovered by the switch after 300 s), one for BPDU Guard (an admin
/// shuts and re-opens it twenty minutes later); an admin shuts unused
/// ports on the fourth floor. In the afternoon BPDU Guard err-disables
/// `Gi2/0/41` on `sw-fl3-b`, and nothing brings it back.
fn switch_port_err_disabled() -> Case {
    let switches: [(&str, usize); 14] = [
        ("sw-fl1-a", 1),
        ("sw-fl1-b", 2),
        ("sw-fl1-c", 1),
        ("sw-fl2-a", 1),
        ("sw-fl2-b", 2),
        ("sw-fl2-c", 1),
        ("sw-fl3-a", 1),
        ("sw-fl3-b", 2),
        ("sw-fl3-c", 1),
        ("sw-fl4-a", 1),
        ("sw-fl4-b", 2),
        ("sw-fl4-c", 1),
        ("sw-core-1", 1),
        ("sw-core-2", 1),
    ];
    let sw = |name: &str| switches.iter().position(|s| s.0 == name).unwrap();
    // Ports the story uses: no desk events on them (nor on any stack's
    // second `2/0/41`).
    let special: [(&str, usize, usize); 8] = [
        ("sw-fl3-b", 2, 41),
        ("sw-fl1-c", 1, 30),
        ("sw-fl2-a", 1, 5),
        ("sw-fl2-c", 1, 19),
        ("sw-fl4-a", 1, 43),
        ("sw-fl4-a", 1, 44),
        ("sw-fl4-a", 1, 45),
        ("sw-fl4-a", 1, 46),
    ];
    // (milliseconds after midnight, switch, message)
    let mut ev: Vec<(u64, usize, String)> = Vec::new();
    let link = |ev: &mut Vec<(u64, usize, String)>, t: u64, s: usize, port: &str, up: bool| {
        let state = if up { "up" } else { "down" };
        ev.push((
            t,
            s,
            format!("%LINK-3-UPDOWN: Interface GigabitEthernet{port}, changed state to {state}"),
        ));
        ev.push((
            t + if up { 1_000 + t % 900 } else { 1 + t % 40 },
            s,
            format!("%LINEPROTO-5-UPDOWN: Line protocol on Interface GigabitEthernet{port}, changed state to {state}"),
        ));
    };
    let auth = |ev: &mut Vec<(u64, usize, String)>,
                t: u64,
                s: usize,
                port: &str,
                mac: &str,
                i: usize| {
        let sid = format!("0A14{:04X}{}", 11 + s, hex(i, 5201, 16).to_uppercase());
        let ifc = format!("Gi{port}");
        let mut t = t + 2_000 + h(i, 5202) % 3_000;
        ev.push((t, s, format!("%AUTHMGR-5-START: Starting 'dot1x' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
        let roll = h(i, 5203) % 100;
        if roll < 12 {
            // No supplicant: dot1x times out, MAB takes over (a printer, a dock).
            t += 30_000 + h(i, 5204) % 1_000;
            ev.push((t, s, format!("%DOT1X-5-FAIL: Authentication failed for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            ev.push((t + 1, s, format!("%AUTHMGR-7-RESULT: Authentication result 'no-response' from 'dot1x' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            ev.push((t + 3, s, format!("%AUTHMGR-7-FAILOVER: Failing over from 'dot1x' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            ev.push((t + 5, s, format!("%AUTHMGR-5-START: Starting 'mab' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            t += 400 + h(i, 5205) % 600;
            ev.push((t, s, format!("%MAB-5-SUCCESS: Authentication successful for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            ev.push((t + 1, s, format!("%AUTHMGR-7-RESULT: Authentication result 'success' from 'mab' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
        } else {
            if roll < 20 {
                // A wrong password first, then the right one.
                t += 1_500 + h(i, 5206) % 4_000;
                ev.push((t, s, format!("%DOT1X-5-FAIL: Authentication failed for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
                ev.push((t + 1, s, format!("%AUTHMGR-7-RESULT: Authentication result 'fail' from 'dot1x' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
                t += 8_000 + h(i, 5207) % 20_000;
            }
            t += 300 + h(i, 5208) % 900;
            ev.push((t, s, format!("%DOT1X-5-SUCCESS: Authentication successful for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
            ev.push((t + 1, s, format!("%AUTHMGR-7-RESULT: Authentication result 'success' from 'dot1x' for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
        }
        ev.push((t + 40 + h(i, 5209) % 200, s, format!("%AUTHMGR-5-SUCCESS: Authorization succeeded for client ({mac}) on Interface {ifc} AuditSessionID {sid}")));
    };
    let hour = 3_600_000u64;
    let min = 60_000u64;
    // Desks: up in the morning, maybe asleep at lunch, down in the evening.
    let mut i = 0usize;
    for (s, (name, members)) in switches.iter().enumerate() {
        if name.starts_with("sw-core") {
            continue;
        }
        let mut used: BTreeSet<(usize, usize)> = BTreeSet::new();
        for d in 0..(18 * members) {
            i += 1;
            let member = 1 + d % members;
            let port = 1 + (h(i, 5210) % 47) as usize;
            if special
                .iter()
                .any(|p| p.0 == *name && p.1 == member && p.2 == port)
                || (member, port) == (2, 41)
                || !used.insert((member, port))
            {
                continue;
            }
            let p = format!("{member}/0/{port}");
            let mac = cisco_mac(i, 5211);
            if h(i, 5212).is_multiple_of(5) {
                // A phone on the port: PoE first.
                let t = 6 * hour + 20 * min + h(i, 5213) % (40 * min);
                ev.push((
                    t,
                    s,
                    format!("%ILPOWER-7-DETECT: Interface Gi{p}: Power Device detected: IEEE PD"),
                ));
                ev.push((
                    t + 210,
                    s,
                    format!("%ILPOWER-5-POWER_GRANTED: Interface Gi{p}: Power granted"),
                ));
                link(&mut ev, t + 2_900, s, &p, true);
                auth(&mut ev, t + 2_900, s, &p, &cisco_mac(i, 5214), i * 3 + 1);
            }
            let up = 7 * hour + 5 * min + h(i, 5215) % (160 * min);
            link(&mut ev, up, s, &p, true);
            auth(&mut ev, up, s, &p, &mac, i * 3);
            if h(i, 5216) % 10 < 4 {
                let sleep = 12 * hour + h(i, 5217) % (90 * min);
                link(&mut ev, sleep, s, &p, false);
                let wake = sleep + 20 * min + h(i, 5218) % (50 * min);
                link(&mut ev, wake, s, &p, true);
                auth(&mut ev, wake, s, &p, &mac, i * 3 + 2);
            }
            let down = 15 * hour + 50 * min + h(i, 5219) % (200 * min);
            link(&mut ev, down, s, &p, false);
        }
    }
    // Oxidized backs every switch's config up every hour.
    for (s, _) in switches.iter().enumerate() {
        for q in 0..14u64 {
            let t = 6 * hour
                + q * hour
                + 20_000
                + s as u64 * 7_000
                + h(q as usize * 16 + s, 5220) % 3_000;
            let tty = 2 + h(q as usize * 16 + s, 5221) % 3;
            ev.push((t, s, "%SSH-5-SSH2_SESSION: SSH2 Session request from 10.20.5.30 (tty = 0) using crypto cipher 'aes256-ctr', hmac 'hmac-sha2-256' Succeeded".into()));
            ev.push((t + 180, s, "%SSH-5-SSH2_USERAUTH: User 'oxidized' authentication for SSH2 Session from 10.20.5.30 (tty = 0) using crypto cipher 'aes256-ctr', hmac 'hmac-sha2-256' Succeeded".into()));
            ev.push((t + 190, s, format!("%SEC_LOGIN-5-LOGIN_SUCCESS: Login Success [user: oxidized] [Source: 10.20.5.30] [localport: 22] at {} CET Fri Nov 27 2026", clock((t + 190) / 1000))));
            ev.push((
                t + 2_400 + h(q as usize, 5222) % 900,
                s,
                format!("%SYS-6-LOGOUT: User oxidized has exited tty session {tty}(10.20.5.30)"),
            ));
        }
    }
    // The core: a native VLAN mismatch every two minutes, MAC flaps now
    // and then.
    let core2 = sw("sw-core-2");
    for k in 0..405u64 {
        let t = 6 * hour + k * 2 * min + 11_000 + h(k as usize, 5223) % 400;
        ev.push((t, core2, "%CDP-4-NATIVE_VLAN_MISMATCH: Native VLAN mismatch discovered on TenGigabitEthernet1/1/4 (1), with sw-fl4-c TenGigabitEthernet1/1/1 (99).".into()));
        if h(k as usize, 5224).is_multiple_of(9) {
            let vlan = pick(&["120", "130", "200"], k as usize, 5225);
            ev.push((
                t + 20_000,
                sw("sw-core-1"),
                format!("%SW_MATM-4-MACFLAP_NOTIF: Host {} in vlan {vlan} is flapping between port Te1/1/{} and port Po1", cisco_mac(k as usize, 5226), 1 + h(k as usize, 5227) % 4),
            ));
        }
    }
    // Link flaps on sw-fl2-a Gi1/0/5: err-disabled, recovered after 300 s.
    let fl2a = sw("sw-fl2-a");
    let mut t = 10 * hour + 41 * min + 3_118;
    for _ in 0..5 {
        link(&mut ev, t, fl2a, "1/0/5", false);
        link(&mut ev, t + 1_700, fl2a, "1/0/5", true);
        t += 3_900;
    }
    ev.push((t, fl2a, "%PM-4-ERR_DISABLE: link-flap error detected on Gi1/0/5, putting Gi1/0/5 in err-disable state".into()));
    link(&mut ev, t + 2, fl2a, "1/0/5", false);
    ev.push((
        t + 300_000,
        fl2a,
        "%PM-4-ERR_RECOVER: Attempting to recover from link-flap err-disable state on Gi1/0/5"
            .into(),
    ));
    link(&mut ev, t + 303_200, fl2a, "1/0/5", true);
    // A port-security violation on sw-fl2-c Gi1/0/19, recovered after 300 s.
    let fl2c = sw("sw-fl2-c");
    let t = 9 * hour + 12 * min + 40_551;
    ev.push((t, fl2c, "%PORT_SECURITY-2-PSECURE_VIOLATION: Security violation occurred, caused by MAC address 3c52.82a1.7e04 on port GigabitEthernet1/0/19.".into()));
    ev.push((t + 3, fl2c, "%PM-4-ERR_DISABLE: psecure-violation error detected on Gi1/0/19, putting Gi1/0/19 in err-disable state".into()));
    link(&mut ev, t + 5, fl2c, "1/0/19", false);
    ev.push((t + 300_004, fl2c, "%PM-4-ERR_RECOVER: Attempting to recover from psecure-violation err-disable state on Gi1/0/19".into()));
    link(&mut ev, t + 303_100, fl2c, "1/0/19", true);
    // BPDU Guard on sw-fl1-c Gi1/0/30; an admin bounces the port.
    let fl1c = sw("sw-fl1-c");
    let t = 11 * hour + 2 * min + 14_207;
    ev.push((t, fl1c, "%SPANTREE-2-BLOCK_BPDUGUARD: Received BPDU on port Gi1/0/30 with BPDU Guard enabled. Disabling port.".into()));
    ev.push((t + 1, fl1c, "%PM-4-ERR_DISABLE: bpduguard error detected on Gi1/0/30, putting Gi1/0/30 in err-disable state".into()));
    link(&mut ev, t + 3, fl1c, "1/0/30", false);
    let t = 11 * hour + 24 * min + 2_630;
    ev.push((t, fl1c, "%SSH-5-SSH2_USERAUTH: User 'm.keller' authentication for SSH2 Session from 10.20.5.14 (tty = 0) using crypto cipher 'aes256-ctr', hmac 'hmac-sha2-256' Succeeded".into()));
    ev.push((t + 12, fl1c, "%SEC_LOGIN-5-LOGIN_SUCCESS: Login Success [user: m.keller] [Source: 10.20.5.14] [localport: 22] at 11:24:02 CET Fri Nov 27 2026".into()));
    ev.push((
        t + 41_000,
        fl1c,
        "%LINK-5-CHANGED: Interface GigabitEthernet1/0/30, changed state to administratively down"
            .into(),
    ));
    link(&mut ev, t + 49_300, fl1c, "1/0/30", true);
    ev.push((
        t + 52_000,
        fl1c,
        "%SYS-5-CONFIG_I: Configured from console by m.keller on vty0 (10.20.5.14)".into(),
    ));
    ev.push((
        t + 95_000,
        fl1c,
        "%SYS-6-LOGOUT: User m.keller has exited tty session 1(10.20.5.14)".into(),
    ));
    // Unused ports shut on sw-fl4-a.
    let fl4a = sw("sw-fl4-a");
    let t = 9 * hour + 5 * min + 9_400;
    ev.push((t, fl4a, "%SEC_LOGIN-5-LOGIN_SUCCESS: Login Success [user: j.brandt] [Source: 10.20.5.22] [localport: 22] at 09:05:09 CET Fri Nov 27 2026".into()));
    for (k, port) in (43..=46).enumerate() {
        ev.push((t + 30_000 + k as u64 * 300, fl4a, format!("%LINK-5-CHANGED: Interface GigabitEthernet1/0/{port}, changed state to administratively down")));
    }
    ev.push((
        t + 34_000,
        fl4a,
        "%SYS-5-CONFIG_I: Configured from console by j.brandt on vty0 (10.20.5.22)".into(),
    ));
    // The planted port: up in the morning (a meeting room, no 802.1X),
    // err-disabled by BPDU Guard in the afternoon, never back.
    let fl3b = sw("sw-fl3-b");
    link(&mut ev, 8 * hour + 51 * min + 7_312, fl3b, "2/0/41", true);
    let t = 14 * hour + 17 * min + 52_318;
    link(&mut ev, t - 61_000, fl3b, "2/0/41", false);
    link(&mut ev, t - 58_700, fl3b, "2/0/41", true);
    ev.push((t, fl3b, "%SPANTREE-2-BLOCK_BPDUGUARD: Received BPDU on port Gi2/0/41 with BPDU Guard enabled. Disabling port.".into()));
    ev.push((t + 1, fl3b, "%PM-4-ERR_DISABLE: bpduguard error detected on Gi2/0/41, putting Gi2/0/41 in err-disable state".into()));
    link(&mut ev, t + 3, fl3b, "2/0/41", false);
    ev.retain(|e| e.0 < 19 * hour + 30 * min);
    ev.sort_by_key(|e| (e.0, e.1));
    let mut seq: Vec<u64> = (0..switches.len())
        .map(|s| 3_000 + h(s, 5228) % 9_000)
        .collect();
    let mut out = String::new();
    for (t, s, msg) in &ev {
        seq[*s] += 1;
        let hms = clock(t / 1000);
        out.push_str(&format!(
            "Nov 27 {hms} {} {}: Nov 27 {hms}.{:03} CET: {msg}\n",
            switches[*s].0,
            seq[*s],
            t % 1000
        ));
    }
    assert_eq!(out.matches("Gi2/0/41").count(), 3);
    assert_eq!(out.matches("err-disable state on").count(), 2);
    Case::fact(
        "Cisco switches' syslog, the port shut off and left off",
        out,
        "Someone's network socket at their desk went dead this afternoon and still isn't working. Going by the switch logs, which switch turned a port off by itself and never turned it back on? Which port, and why did it do that?",
        &["sw-fl3-b", "Gi2/0/41", "bpduguard"],
    )
}

/// `2026-11-27T03:12:45.123Z` of `ms` milliseconds after 27 Nov 2026,
/// 00:00 UTC (negative: before).
fn iso_ms(ms: i64) -> String {
    let t = (DAY as i64 * 1000 + ms) as u64;
    format!("{}.{:03}Z", datetime(t / 1000), t % 1000)
}

/// The remote end GuardDuty describes: an address and where it is.
fn gd_remote(i: usize, salt: u64) -> Value {
    let places = [
        (
            "Shanghai",
            "China",
            31.2222,
            121.4581,
            "4134",
            "CHINANET-BACKBONE",
            "China Telecom",
        ),
        (
            "Amsterdam",
            "Netherlands",
            52.3759,
            4.8975,
            "14061",
            "DIGITALOCEAN-ASN",
            "DigitalOcean, LLC",
        ),
        (
            "Moscow",
            "Russia",
            55.7522,
            37.6156,
            "49505",
            "OOO Network of data-centers Selectel",
            "Selectel",
        ),
        (
            "Sao Paulo",
            "Brazil",
            -23.5475,
            -46.6361,
            "28573",
            "Claro NXT Telecomunicacoes Ltda",
            "Claro",
        ),
        (
            "Hanoi",
            "Vietnam",
            21.0245,
            105.8412,
            "7552",
            "Viettel Group",
            "Viettel Group",
        ),
        (
            "Frankfurt am Main",
            "Germany",
            50.1155,
            8.6842,
            "51167",
            "Contabo GmbH",
            "Contabo GmbH",
        ),
        (
            "Seoul",
            "South Korea",
            37.566,
            126.9784,
            "4766",
            "Korea Telecom",
            "Korea Telecom",
        ),
        (
            "Ashburn",
            "United States",
            39.0437,
            -77.4875,
            "14618",
            "AMAZON-AES",
            "Amazon.com",
        ),
    ];
    let p = places[(h(i, salt) % places.len() as u64) as usize];
    json!({
        "City": {"CityName": p.0},
        "Country": {"CountryName": p.1},
        "GeoLocation": {"Lat": p.2, "Lon": p.3},
        "IpAddressV4": format!("{}.{}.{}.{}", 1 + h(i, salt + 1) % 222, h(i, salt + 2) % 256, h(i, salt + 3) % 256, 1 + h(i, salt + 4) % 254),
        "Organization": {"Asn": p.4, "AsnOrg": p.5, "Isp": p.6, "Org": p.6}
    })
}

/// `aws guardduty get-findings --detector-id … --finding-ids $(aws
/// guardduty list-findings … --sort-criteria
/// AttributeName=updatedAt,OrderBy=DESC --query FindingIds --output
/// text)` (AWS CLI v2, four-space JSON) of a shop's production account
/// in eu-central-1: some 170 findings, newest first. Mostly ports probed
/// and SSH brute-forced on public instances, root credentials used for
/// billing, S3 logging switched off, domains of ill repute queried by
/// the CI runners; the sample findings someone generated months ago (one
/// of every type, on `i-99999999`, crypto mining among them); a
/// honeypot's mining finding, archived. One live finding, five days old:
/// the build runner `ci-runner-07` (`i-0c7e2f19a84d3b615`) querying the
/// Monero pool `pool.supportxmr.com`.
fn guardduty_crypto_miner() -> Case {
    let account = "418273309651";
    let region = "eu-central-1";
    let detector = hex(1, 5301, 32);
    let instances: Vec<(String, String, &str, &str)> = [
        ("web-public-01", "t3.large"),
        ("web-public-02", "t3.large"),
        ("web-public-03", "t3.large"),
        ("bastion-01", "t3.micro"),
        ("sftp-partners", "t3.small"),
        ("mail-relay-01", "t3.small"),
        ("vpn-gw-01", "c6i.large"),
        ("ci-runner-01", "c6i.2xlarge"),
        ("ci-runner-02", "c6i.2xlarge"),
        ("ci-runner-03", "c6i.2xlarge"),
        ("ci-runner-04", "c6i.2xlarge"),
        ("ci-runner-05", "c6i.2xlarge"),
        ("ci-runner-06", "c6i.2xlarge"),
        ("ci-runner-07", "c6i.2xlarge"),
        ("crypto-payments-api", "m6i.large"),
        ("research-honeypot-01", "t3.small"),
    ]
    .iter()
    .enumerate()
    .map(|(k, (name, ty))| {
        let id = if *name == "ci-runner-07" {
            "i-0c7e2f19a84d3b615".to_string()
        } else {
            format!("i-0{}", hex(k, 5302, 16))
        };
        (
            id,
            name.to_string(),
            *ty,
            pick(
                &["eu-central-1a", "eu-central-1b", "eu-central-1c"],
                k,
                5303,
            ),
        )
    })
    .collect();
    let instance = |k: usize, tags: Value| -> Value {
        let (id, name, ty, az) = &instances[k];
        let ip = format!("10.40.{}.{}", 1 + h(k, 5304) % 30, 10 + h(k, 5305) % 200);
        let public = name.starts_with("web")
            || name.starts_with("bastion")
            || name.starts_with("sftp")
            || name.starts_with("mail")
            || name.starts_with("vpn")
            || name.starts_with("research");
        let pub_ip = format!(
            "3.{}.{}.{}",
            64 + h(k, 5306) % 60,
            h(k, 5307) % 256,
            1 + h(k, 5308) % 254
        );
        let sg = format!("sg-0{}", hex(k, 5309, 16));
        let mut tags_all = vec![json!({"Key": "Name", "Value": name})];
        if let Value::Array(t) = tags {
            tags_all.extend(t);
        }
        json!({
            "InstanceDetails": {
                "AvailabilityZone": az,
                "IamInstanceProfile": {
                    "Arn": format!("arn:aws:iam::{account}:instance-profile/{}", if name.starts_with("ci-") { "ci-runner" } else { "ec2-default" }),
                    "Id": format!("AIPA{}", hex(k, 5310, 16).to_uppercase())
                },
                "ImageDescription": if name.starts_with("ci-") { "GitLab runner image 2026.10, Ubuntu 24.04" } else { "Canonical, Ubuntu, 24.04 LTS, amd64 noble image build on 2026-10-02" },
                "ImageId": format!("ami-0{}", hex(k % 3, 5311, 16)),
                "InstanceId": id,
                "InstanceState": "running",
                "InstanceType": ty,
                "OutpostArn": null,
                "LaunchTime": iso_ms(-((1 + h(k, 5312) % 60) as i64) * 86_400_000 - (h(k, 5313) % 86_400_000) as i64),
                "NetworkInterfaces": [{
                    "Ipv6Addresses": [],
                    "NetworkInterfaceId": format!("eni-0{}", hex(k, 5314, 16)),
                    "PrivateDnsName": format!("ip-{}.{region}.compute.internal", ip.replace('.', "-")),
                    "PrivateIpAddress": ip,
                    "PrivateIpAddresses": [{"PrivateDnsName": format!("ip-{}.{region}.compute.internal", ip.replace('.', "-")), "PrivateIpAddress": ip}],
                    "PublicDnsName": if public { format!("ec2-{}.{region}.compute.amazonaws.com", pub_ip.replace('.', "-")) } else { String::new() },
                    "PublicIp": if public { pub_ip.clone() } else { String::new() },
                    "SecurityGroups": [{"GroupId": sg, "GroupName": format!("{}-sg", name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-'))}],
                    "SubnetId": format!("subnet-0{}", hex(k % 4, 5315, 16)),
                    "VpcId": "vpc-0b3f9a1c27d84e650"
                }],
                "ProductCodes": [],
                "Tags": tags_all
            },
            "ResourceType": "Instance"
        })
    };
    // (type, severity, resource, action, role, title, description, archived, sample, count)
    struct Finding {
        ty: String,
        sev: f64,
        resource: Value,
        action: Value,
        role: &'static str,
        title: String,
        desc: String,
        archived: bool,
        sample: bool,
        count: u64,
        age_ms: i64,
    }
    let mut fs: Vec<Finding> = Vec::new();
    let std_tags = |k: usize| json!([{"Key": "env", "Value": "prod"}, {"Key": "team", "Value": pick(&["platform", "shop", "devex"], k, 5316)}]);
    for i in 0..150usize {
        let roll = h(i, 5317) % 100;
        let age = -((h(i, 5318) % (20 * 86_400_000)) as i64);
        if roll < 40 {
            let k = [0usize, 1, 2, 3, 4, 5, 6, 15][(h(i, 5319) % 8) as usize];
            let port = pick(&["22", "3389", "21", "445", "5432", "8080"], i, 5320);
            let pname = match port {
                "22" => "SSH",
                "3389" => "RDP",
                "21" => "FTP",
                "445" => "SMB",
                "5432" => "PostgreSQL",
                _ => "Unknown",
            };
            let id = &instances[k].0;
            fs.push(Finding {
                ty: "Recon:EC2/PortProbeUnprotectedPort".into(),
                sev: 2.0,
                resource: instance(k, std_tags(k)),
                action: json!({"ActionType": "PORT_PROBE", "PortProbeAction": {"Blocked": false, "PortProbeDetails": [{"LocalPortDetails": {"Port": port.parse::<u64>().unwrap(), "PortName": pname}, "LocalIpDetails": {"IpAddressV4": format!("10.40.{}.{}", 1 + h(k, 5304) % 30, 10 + h(k, 5305) % 200)}, "RemoteIpDetails": gd_remote(i, 5321)}]}}),
                role: "TARGET",
                title: format!("Unprotected port on EC2 instance {id} is being probed."),
                desc: format!("EC2 instance {id} has an unprotected port which is being probed by a known malicious host."),
                archived: false,
                sample: false,
                count: 1 + h(i, 5322) % 900,
                age_ms: age,
            });
        } else if roll < 65 {
            let k = [0usize, 1, 2, 3, 4, 15][(h(i, 5323) % 6) as usize];
            let remote = gd_remote(i, 5324);
            let rip = remote["IpAddressV4"].as_str().unwrap().to_string();
            let id = &instances[k].0;
            fs.push(Finding {
                ty: "UnauthorizedAccess:EC2/SSHBruteForce".into(),
                sev: 2.0,
                resource: instance(k, std_tags(k)),
                action: json!({"ActionType": "NETWORK_CONNECTION", "NetworkConnectionAction": {"Blocked": false, "ConnectionDirection": "INBOUND", "LocalPortDetails": {"Port": 22, "PortName": "SSH"}, "Protocol": "TCP", "LocalIpDetails": {"IpAddressV4": format!("10.40.{}.{}", 1 + h(k, 5304) % 30, 10 + h(k, 5305) % 200)}, "RemoteIpDetails": remote, "RemotePortDetails": {"Port": 32_768 + h(i, 5325) % 28_000, "PortName": "Unknown"}}}),
                role: "TARGET",
                title: format!("{rip} is performing SSH brute force attacks against {id}."),
                desc: format!("{rip} is performing SSH brute force attacks against {id}. Brute force attacks are used to gain unauthorized access to your instance by guessing the SSH password."),
                archived: false,
                sample: false,
                count: 20 + h(i, 5326) % 4_000,
                age_ms: age,
            });
        } else if roll < 75 {
            let api = pick(
                &[
                    "GetCostAndUsage",
                    "DescribeBudgets",
                    "GetAccountSummary",
                    "ListMFADevices",
                ],
                i,
                5327,
            );
            fs.push(Finding {
                ty: "Policy:IAMUser/RootCredentialUsage".into(),
                sev: 2.0,
                resource: json!({"AccessKeyDetails": {"AccessKeyId": format!("ASIA{}", hex(i, 5328, 16).to_uppercase()), "PrincipalId": account, "UserName": "Root", "UserType": "Root"}, "ResourceType": "AccessKey"}),
                action: json!({"ActionType": "AWS_API_CALL", "AwsApiCallAction": {"Api": api, "CallerType": "Remote IP", "ServiceName": "ce.amazonaws.com", "RemoteIpDetails": gd_remote(i, 5329)}}),
                role: "TARGET",
                title: format!("API {api} was invoked using root credentials."),
                desc: format!("API {api} was invoked using root credentials from IP address {}.", gd_remote(i, 5329)["IpAddressV4"].as_str().unwrap()),
                archived: false,
                sample: false,
                count: 1 + h(i, 5330) % 12,
                age_ms: age,
            });
        } else if roll < 82 {
            let bucket = pick(
                &[
                    "nordwind-shop-assets",
                    "nordwind-invoices-prod",
                    "nordwind-ci-cache",
                    "nordwind-logs-archive",
                ],
                i,
                5331,
            );
            fs.push(Finding {
                ty: "Stealth:S3/ServerAccessLoggingDisabled".into(),
                sev: 2.0,
                resource: json!({"S3BucketDetails": [{"Arn": format!("arn:aws:s3:::{bucket}"), "Name": bucket, "Type": "Destination", "CreatedAt": iso_ms(-400 * 86_400_000), "Owner": {"Id": hex(i, 5332, 64)}, "Tags": [], "DefaultServerSideEncryption": {"EncryptionType": "AES256"}}], "ResourceType": "S3Bucket"}),
                action: json!({"ActionType": "AWS_API_CALL", "AwsApiCallAction": {"Api": "PutBucketLogging", "CallerType": "Remote IP", "ServiceName": "s3.amazonaws.com", "RemoteIpDetails": gd_remote(i, 5333)}}),
                role: "TARGET",
                title: format!("Amazon S3 server access logging was disabled for S3 bucket {bucket}."),
                desc: format!("Amazon S3 server access logging was disabled for S3 bucket {bucket} by an IAM entity."),
                archived: false,
                sample: false,
                count: 1,
                age_ms: age,
            });
        } else {
            let k = 7 + (h(i, 5334) % 6) as usize;
            let domain = pick(
                &[
                    "tunnel.ngrok-free.app",
                    "paste.ee",
                    "transfer.sh",
                    "raw.githubusercontent-cdn.xyz",
                ],
                i,
                5335,
            );
            let id = &instances[k].0;
            fs.push(Finding {
                ty: "Impact:EC2/AbusedDomainRequest.Reputation".into(),
                sev: 5.0,
                resource: instance(k, std_tags(k)),
                action: json!({"ActionType": "DNS_REQUEST", "DnsRequestAction": {"Domain": domain, "Protocol": "UDP", "Blocked": false}}),
                role: "ACTOR",
                title: format!("EC2 instance {id} is querying a domain name that is commonly abused."),
                desc: format!("EC2 instance {id} is querying {domain}, a domain name commonly associated with abuse."),
                archived: false,
                sample: false,
                count: 1 + h(i, 5336) % 60,
                age_ms: age,
            });
        }
    }
    // The sample findings, one of each type, months ago.
    let sample_types: [(&str, f64, &str); 20] = [
        ("Backdoor:EC2/C&CActivity.B!DNS", 8.0, "DNS_REQUEST"),
        (
            "Backdoor:EC2/DenialOfService.Tcp",
            8.0,
            "NETWORK_CONNECTION",
        ),
        ("Backdoor:EC2/Spambot", 5.0, "NETWORK_CONNECTION"),
        ("Behavior:EC2/NetworkPortUnusual", 5.0, "NETWORK_CONNECTION"),
        (
            "Behavior:EC2/TrafficVolumeUnusual",
            5.0,
            "NETWORK_CONNECTION",
        ),
        (
            "CryptoCurrency:EC2/BitcoinTool.B",
            5.0,
            "NETWORK_CONNECTION",
        ),
        ("CryptoCurrency:EC2/BitcoinTool.B!DNS", 5.0, "DNS_REQUEST"),
        ("Impact:EC2/WinRMBruteForce", 8.0, "NETWORK_CONNECTION"),
        ("Recon:EC2/Portscan", 5.0, "NETWORK_CONNECTION"),
        ("Trojan:EC2/BlackholeTraffic", 5.0, "NETWORK_CONNECTION"),
        ("Trojan:EC2/DNSDataExfiltration", 8.0, "DNS_REQUEST"),
        ("Trojan:EC2/DropPoint!DNS", 5.0, "DNS_REQUEST"),
        (
            "UnauthorizedAccess:EC2/MaliciousIPCaller.Custom",
            5.0,
            "NETWORK_CONNECTION",
        ),
        (
            "UnauthorizedAccess:EC2/MetadataDNSRebind",
            8.0,
            "DNS_REQUEST",
        ),
        (
            "UnauthorizedAccess:EC2/RDPBruteForce",
            2.0,
            "NETWORK_CONNECTION",
        ),
        (
            "UnauthorizedAccess:EC2/TorClient",
            8.0,
            "NETWORK_CONNECTION",
        ),
        ("UnauthorizedAccess:EC2/TorRelay", 8.0, "NETWORK_CONNECTION"),
        (
            "Impact:EC2/BitcoinDomainRequest.Reputation",
            8.0,
            "DNS_REQUEST",
        ),
        ("Impact:EC2/PortSweep", 8.0, "NETWORK_CONNECTION"),
        (
            "DefenseEvasion:EC2/UnusualDNSResolver",
            5.0,
            "NETWORK_CONNECTION",
        ),
    ];
    for (k, (ty, sev, kind)) in sample_types.iter().enumerate() {
        let action = if *kind == "DNS_REQUEST" {
            json!({"ActionType": kind, "DnsRequestAction": {"Domain": "GeneratedFindingDomainName", "Protocol": "UDP", "Blocked": false}})
        } else {
            json!({"ActionType": kind, "NetworkConnectionAction": {"Blocked": false, "ConnectionDirection": "OUTBOUND", "LocalPortDetails": {"Port": 39677, "PortName": "Unknown"}, "Protocol": "TCP", "LocalIpDetails": {"IpAddressV4": "10.0.0.23"}, "RemoteIpDetails": {"City": {"CityName": "GeneratedFindingCityName"}, "Country": {"CountryName": "GeneratedFindingCountryName"}, "GeoLocation": {"Lat": 0, "Lon": 0}, "IpAddressV4": "198.51.100.0", "Organization": {"Asn": "-1", "AsnOrg": "GeneratedFindingASNOrg", "Isp": "GeneratedFindingISP", "Org": "GeneratedFindingORG"}}, "RemotePortDetails": {"Port": 80, "PortName": "HTTP"}}})
        };
        fs.push(Finding {
            ty: ty.to_string(),
            sev: *sev,
            resource: json!({
                "InstanceDetails": {
                    "AvailabilityZone": "GeneratedFindingInstanceAvailabilityZone",
                    "IamInstanceProfile": {"Arn": format!("arn:aws:iam::{account}:example/instance/profile"), "Id": "GeneratedFindingInstanceProfileId"},
                    "ImageDescription": "GeneratedFindingInstaceImageDescription",
                    "ImageId": "ami-99999999",
                    "InstanceId": "i-99999999",
                    "InstanceState": "running",
                    "InstanceType": "m3.xlarge",
                    "OutpostArn": "arn:aws:outposts:us-west-2:123456789000:outpost/op-0fbc006e9abbc73c3",
                    "LaunchTime": "2016-08-02T02:05:06.000Z",
                    "NetworkInterfaces": [{"Ipv6Addresses": [], "NetworkInterfaceId": "eni-abcdef00", "PrivateDnsName": "GeneratedFindingPrivateDnsName", "PrivateIpAddress": "10.0.0.1", "PrivateIpAddresses": [{"PrivateDnsName": "GeneratedFindingPrivateName", "PrivateIpAddress": "10.0.0.1"}], "PublicDnsName": "GeneratedFindingPublicDNSName", "PublicIp": "198.51.100.0", "SecurityGroups": [{"GroupId": "GeneratedFindingSecurityId", "GroupName": "GeneratedFindingSecurityGroupName"}], "SubnetId": "GeneratedFindingSubnetId", "VpcId": "GeneratedFindingVPCId"}],
                    "ProductCodes": [{"Code": "GeneratedFindingProductCodeId", "ProductType": "GeneratedFindingProductCodeType"}],
                    "Tags": [{"Key": "GeneratedFindingInstaceTag1", "Value": "GeneratedFindingInstaceValue1"}, {"Key": "GeneratedFindingInstaceTag2", "Value": "GeneratedFindingInstaceTagValue2"}]
                },
                "ResourceType": "Instance"
            }),
            action,
            role: "ACTOR",
            title: format!("[SAMPLE] {} finding for EC2 instance i-99999999.", ty),
            desc: format!("This is a sample finding of type {ty}, generated for EC2 instance i-99999999."),
            archived: false,
            sample: true,
            count: 1,
            age_ms: -(160 * 86_400_000) - k as i64 * 1_000,
        });
    }
    // The honeypot's mining, reviewed and archived.
    let honey = instances
        .iter()
        .position(|x| x.1 == "research-honeypot-01")
        .unwrap();
    fs.push(Finding {
        ty: "CryptoCurrency:EC2/BitcoinTool.B!DNS".into(),
        sev: 8.0,
        resource: instance(honey, json!([{"Key": "env", "Value": "research"}, {"Key": "purpose", "Value": "honeypot"}])),
        action: json!({"ActionType": "DNS_REQUEST", "DnsRequestAction": {"Domain": "xmr.2miners.com", "Protocol": "UDP", "Blocked": false}}),
        role: "ACTOR",
        title: format!("Bitcoin-related domain name queried by EC2 instance {}.", instances[honey].0),
        desc: format!("EC2 instance {} is querying a domain name that is associated with Bitcoin-related activity.", instances[honey].0),
        archived: true,
        sample: false,
        count: 77,
        age_ms: -9 * 86_400_000 - 3_141_592,
    });
    // The planted finding.
    let runner = instances
        .iter()
        .position(|x| x.1 == "ci-runner-07")
        .unwrap();
    fs.push(Finding {
        ty: "CryptoCurrency:EC2/BitcoinTool.B!DNS".into(),
        sev: 8.0,
        resource: instance(runner, std_tags(runner)),
        action: json!({"ActionType": "DNS_REQUEST", "DnsRequestAction": {"Domain": "pool.supportxmr.com", "Protocol": "UDP", "Blocked": false}}),
        role: "ACTOR",
        title: "Bitcoin-related domain name queried by EC2 instance i-0c7e2f19a84d3b615.".into(),
        desc: "EC2 instance i-0c7e2f19a84d3b615 is querying a domain name that is associated with Bitcoin-related activity.".into(),
        archived: false,
        sample: false,
        count: 1_843,
        age_ms: -(5 * 86_400_000 + 7 * 3_600_000 + 1_271_004),
    });
    fs.sort_by_key(|f| -f.age_ms);
    let findings: Vec<Value> = fs
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let id = hex(k, 5337, 32);
            let first = f.age_ms - (h(k, 5338) % (3 * 86_400_000)) as i64;
            json!({
                "AccountId": account,
                "Arn": format!("arn:aws:guardduty:{region}:{account}:detector/{detector}/finding/{id}"),
                "CreatedAt": iso_ms(first + 300_000),
                "Description": f.desc,
                "Id": id,
                "Partition": "aws",
                "Region": region,
                "Resource": f.resource,
                "SchemaVersion": "2.0",
                "Service": {
                    "Action": f.action,
                    "Archived": f.archived,
                    "Count": f.count,
                    "DetectorId": detector,
                    "EventFirstSeen": iso_ms(first),
                    "EventLastSeen": iso_ms(f.age_ms),
                    "ResourceRole": f.role,
                    "ServiceName": "guardduty",
                    "AdditionalInfo": {
                        "Value": if f.sample { "{\"sample\":true}".to_string() } else { "{}".to_string() },
                        "Type": "default"
                    }
                },
                "Severity": f.sev,
                "Title": f.title,
                "Type": f.ty,
                "UpdatedAt": iso_ms(f.age_ms + 120_000)
            })
        })
        .collect();
    let out = pretty(&json!({"Findings": findings}), b"    ") + "\n";
    assert_eq!(out.matches("pool.supportxmr.com").count(), 1);
    Case::fact(
        "GuardDuty get-findings, the instance mining crypto",
        out,
        "Is one of our EC2 servers being used to mine cryptocurrency? Which instance is it, and which mining pool is it talking to?",
        &["i-0c7e2f19a84d3b615", "pool.supportxmr.com"],
    )
    .with_jq(
        ".Findings[] | select((.Type | startswith(\"CryptoCurrency\")) and (.Service.Archived | not) and (.Service.AdditionalInfo.Value | contains(\"sample\") | not)) | .Resource.InstanceDetails.InstanceId + \" \" + .Service.Action.DnsRequestAction.Domain",
        vec![jq_string("i-0c7e2f19a84d3b615 pool.supportxmr.com")],
    )
}

/// One issue as pa11y reports it with the HTML_CodeSniffer runner.
fn pa11y_issue(code: &str, kind: &str, message: &str, context: &str, selector: &str) -> Value {
    let type_code = match kind {
        "error" => 1,
        "warning" => 2,
        _ => 3,
    };
    json!({
        "code": code,
        "type": kind,
        "typeCode": type_code,
        "message": message,
        "context": context,
        "selector": selector,
        "runner": "htmlcs",
        "runnerExtras": {}
    })
}

/// `pa11y-ci --json --sitemap https://www.nordwind-outdoor.de/sitemap.xml
/// | jq .` (pa11y-ci 3.1, HTML_CodeSniffer, WCAG2AA, warnings included)
/// over a shop's 82 pages: each page's issues in the order found.
/// Contrast errors of old prices and badges on most pages, icon links
/// with no content, a newsletter field without a label, an unnamed map
/// iframe; on every page with product images the warning to make sure
/// a long text alternative exists (`G73,G74`), decorative images with an
/// empty `alt` ignored by assistive technology (`H67.2`), and on some,
/// linked images whose alt text repeats the link's text (`H2.EG3`);
/// a guide named `alternativen-zu-daunen`. On six pages an `<img>` has no
/// `alt` at all: `H37`.
fn pa11y_images_without_alt() -> Case {
    let base = "https://www.nordwind-outdoor.de";
    let products = [
        "trail-runner-gtx-9481",
        "daunenparka-nordlys-2210",
        "softshell-brenta-3318",
        "wanderhose-karwendel-5520",
        "rucksack-gipfel-32-4471",
        "schlafsack-polar-minus10-6602",
        "isomatte-comfort-plus-1193",
        "stirnlampe-lux-400-8840",
        "merino-shirt-skadi-2275",
        "regenjacke-tempest-3.1-9902",
        "trekkingstock-alu-pro-1145",
        "fleecejacke-bora-7781",
        "kinderjacke-flocke-3301",
        "wanderschuh-alpin-mid-6654",
        "trinkflasche-steel-1l-0421",
        "handschuh-icegrip-5530",
    ];
    let mut pages: Vec<String> = [
        "/",
        "/damen",
        "/herren",
        "/kinder",
        "/sale",
        "/neu",
        "/marken",
        "/c/jacken",
        "/c/hosen",
        "/c/schuhe",
        "/c/rucksaecke",
        "/c/schlafsaecke",
        "/c/isomatten",
        "/c/lampen",
        "/c/zubehoer",
        "/c/kinderbekleidung",
        "/c/wanderstoecke",
        "/c/handschuhe",
        "/c/merino",
        "/c/regenbekleidung",
        "/marken/fjellwerk",
        "/marken/nordlys",
        "/marken/bora-outdoor",
        "/marken/karwendel",
        "/ratgeber",
        "/ratgeber/alternativen-zu-daunen",
        "/ratgeber/schichtprinzip",
        "/ratgeber/schuhgroesse-finden",
        "/ratgeber/zelt-aufbauen",
        "/ratgeber/merino-pflege",
        "/filialen",
        "/filialen/hamburg",
        "/filialen/berlin",
        "/filialen/koeln",
        "/konto/anmelden",
        "/konto/registrieren",
        "/warenkorb",
        "/kasse",
        "/versand",
        "/rueckgabe",
        "/kontakt",
        "/newsletter",
        "/impressum",
        "/datenschutz",
        "/agb",
        "/karriere",
        "/presse",
        "/gutscheine",
        "/service/reparatur",
        "/service/verleih",
        "/blog",
        "/blog/skitour-im-januar",
        "/blog/fjell-wochenende",
        "/blog/nachhaltigkeit-2026",
        "/sale/jacken",
        "/sale/schuhe",
        "/c/jacken?page=2",
        "/c/schuhe?page=2",
        "/suche?q=regenjacke",
        "/suche?q=daunen",
    ]
    .iter()
    .map(|p| format!("{base}{p}"))
    .collect();
    for p in &products {
        pages.push(format!("{base}/p/{p}"));
    }
    let planted: [(&str, &str, &str); 6] = [
        (
            "/c/zelte",
            "/media/cms/zelte-banner-2026.webp",
            "html > body > main > section.hero > img",
        ),
        (
            "/p/trekkingzelt-fjord-3-7712",
            "/media/p/7712/detail-apsis.webp",
            "#gallery > ul > li:nth-child(4) > img",
        ),
        (
            "/ratgeber/alpencross-bildergalerie",
            "/media/blog/alpencross/etappe-3.jpg",
            "#content > figure:nth-child(7) > img",
        ),
        (
            "/filialen/muenchen",
            "/media/filialen/muenchen-eingang.jpg",
            "html > body > main > div.store > img",
        ),
        (
            "/marken/gipfelwerk",
            "/media/marken/gipfelwerk-logo.png",
            "html > body > main > header > img",
        ),
        (
            "/sale/winterschlussverkauf",
            "/media/cms/wsv-teaser-rabatt.webp",
            "#teaser-grid > a:nth-child(2) > div > img",
        ),
    ];
    let spots = [7usize, 19, 33, 48, 61, 72];
    for (k, p) in planted.iter().enumerate() {
        pages.insert(spots[k], format!("{base}{}", p.0));
    }
    let contrast = |i: usize| {
        let opts = [
            (
                "<span class=\"price price--old\">129,95 €</span>",
                "3.54",
                "#767676",
            ),
            (
                "<span class=\"badge badge--new\">Neu</span>",
                "2.91",
                "#0a6b47",
            ),
            (
                "<a href=\"/versand\" class=\"usp__link\">Kostenloser Versand ab 50 €</a>",
                "4.12",
                "#6b6b6b",
            ),
            (
                "<p class=\"footer__legal\">* Alle Preise inkl. MwSt.</p>",
                "3.98",
                "#707070",
            ),
            (
                "<button class=\"chip\">Größe wählen</button>",
                "2.47",
                "#5c5c5c",
            ),
        ];
        let (ctx, ratio, fix) = opts[(h(i, 5401) % opts.len() as u64) as usize];
        pa11y_issue(
            "WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.Fail",
            "error",
            &format!(
                "This element has insufficient contrast at this conformance level. Expected a contrast ratio of at least 4.5:1, but text in this element has a contrast ratio of {ratio}:1. Recommendation:  change text colour to {fix}."
            ),
            ctx,
            &format!(
                "html > body > main > div:nth-child({}) > {}",
                2 + h(i, 5402) % 9,
                ctx[1..].split([' ', '>']).next().unwrap_or("span")
            ),
        )
    };
    let mut results = serde_json::Map::new();
    let (mut passes, mut total) = (0, 0);
    let mut items: Vec<String> = Vec::new();
    for (pi, url) in pages.iter().enumerate() {
        let path = &url[base.len()..];
        let mut issues: Vec<Value> = Vec::new();
        let i = pi * 41;
        let legal = [
            "/impressum",
            "/datenschutz",
            "/agb",
            "/versand",
            "/rueckgabe",
        ]
        .contains(&path);
        if !legal {
            for k in 0..(1 + h(i, 5404) % 5) as usize {
                issues.push(contrast(i + k));
            }
        }
        if let Some(p) = planted.iter().find(|p| p.0 == path) {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_1.1_1_1.H37",
                "error",
                "Img element missing an alt attribute. Use the alt attribute to specify a short text alternative.",
                &format!("<img src=\"{}\" class=\"{}\" loading=\"lazy\" width=\"1200\" height=\"800\">", p.1, pick(&["hero__img", "gallery__img", "figure__img", "teaser__img"], pi, 5405)),
                p.2,
            ));
            items.push(url.clone());
        }
        let has_products = path.starts_with("/c/")
            || path.starts_with("/p/")
            || path.starts_with("/sale")
            || path.starts_with("/marken")
            || path == "/"
            || path.starts_with("/suche")
            || path.starts_with("/blog/")
            || path.starts_with("/ratgeber/");
        if has_products {
            for k in 0..(2 + h(i, 5406) % 6) as usize {
                let img = if path.starts_with("/p/") {
                    let id = path.rsplit('-').next().unwrap_or("0").to_string();
                    format!("/media/p/{id}/{}.webp", 600 + 200 * (k % 3))
                } else {
                    format!("/media/p/{}/600.webp", 1000 + h(i + k, 5407) % 9000)
                };
                issues.push(pa11y_issue(
                    "WCAG2AA.Principle1.Guideline1_1.1_1_1.G73,G74",
                    "warning",
                    "If this image cannot be fully described in a short text alternative, ensure a long text alternative is also available, such as in the body text or through a link.",
                    &format!("<img src=\"{img}\" alt=\"{}\" loading=\"lazy\">", pick(&["Trail Runner GTX in Blau, seitlich", "Daunenparka Nordlys, Vorderansicht", "Rucksack Gipfel 32 mit Regenhülle", "Model trägt Softshell Brenta am Berg", "Schlafsack Polar im Zelt"], i + k, 5408)),
                    &format!("#product-grid > li:nth-child({}) > a > img", 1 + k),
                ));
            }
        }
        if h(i, 5409) % 10 < 6 {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_1.1_1_1.H67.2",
                "warning",
                "Img element is marked so that it is ignored by Assistive Technology.",
                "<img src=\"/media/ui/divider-mountains.svg\" alt=\"\" role=\"presentation\">",
                "html > body > footer > div.footer__deco > img",
            ));
        }
        if has_products && h(i, 5410) % 10 < 3 {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_1.1_1_1.H2.EG3",
                "error",
                "Img element inside a link must not use alt text that duplicates the content of the link.",
                "<a href=\"/marken/fjellwerk\"><img src=\"/media/marken/fjellwerk.svg\" alt=\"Fjellwerk\"> Fjellwerk</a>",
                "#brand-strip > li:nth-child(3) > a",
            ));
        }
        for (k, net) in ["instagram", "facebook", "youtube"].iter().enumerate() {
            if h(i + k, 5411) % 10 < 7 {
                issues.push(pa11y_issue(
                    "WCAG2AA.Principle4.Guideline4_1.4_1_2.H91.A.NoContent",
                    "error",
                    "Anchor element found with a valid href attribute, but no link content has been supplied.",
                    &format!("<a href=\"https://www.{net}.com/nordwindoutdoor\" class=\"social__link social__link--{net}\"></a>"),
                    &format!("html > body > footer > ul.social > li:nth-child({}) > a", k + 1),
                ));
            }
        }
        if h(i, 5412) % 10 < 8 {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_3.1_3_1.F68",
                "error",
                "This form field should be labelled in some way. Use the label element (either with a \"for\" attribute or wrapped around the form field), or \"title\", \"aria-label\" or \"aria-labelledby\" attributes as appropriate.",
                "<input type=\"email\" name=\"newsletter_email\" placeholder=\"Deine E-Mail-Adresse\" class=\"newsletter__input\">",
                "#newsletter-form > input",
            ));
        }
        if path.starts_with("/filialen/") || path == "/kontakt" {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle2.Guideline2_4.2_4_1.H64.1",
                "error",
                "Iframe element requires a non-empty title attribute that identifies the frame.",
                "<iframe src=\"https://www.google.com/maps/embed?pb=!1m18!1m12\" width=\"600\" height=\"450\" loading=\"lazy\"></iframe>",
                "html > body > main > div.store__map > iframe",
            ));
        }
        if h(i, 5413) % 10 < 4 {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_3.1_3_1.H42",
                "warning",
                "Heading markup should be used if this content is intended as a heading.",
                "<p class=\"teaser__title\"><strong>Winterzeit ist Fjellzeit</strong></p>",
                "#teaser-grid > a:nth-child(1) > p",
            ));
        }
        if h(i, 5414) % 10 < 5 {
            issues.push(pa11y_issue(
                "WCAG2AA.Principle1.Guideline1_3.1_3_1.H49.I",
                "warning",
                "Semantic markup should be used to mark emphasised or special text so that it can be programmatically determined.",
                "<i class=\"icon icon-truck\"></i>",
                "html > body > header > div.usp > i",
            ));
        }
        // The order pa11y finds them in: shuffled by a hash, but stable.
        let mut keyed: Vec<(u64, Value)> = issues
            .into_iter()
            .enumerate()
            .map(|(k, v)| (h(i * 100 + k, 5415), v))
            .collect();
        keyed.sort_by_key(|x| x.0);
        let issues: Vec<Value> = keyed.into_iter().map(|x| x.1).collect();
        if issues.is_empty() {
            passes += 1;
        }
        total += issues.len();
        results.insert(url.clone(), Value::Array(issues));
    }
    let doc = json!({"total": pages.len(), "passes": passes, "errors": total, "results": results});
    let out = pretty(&doc, b"  ") + "\n";
    for s in &items {
        assert!(!named_elsewhere(s, &pages), "{s}");
    }
    assert_eq!(items.len(), 6);
    assert_eq!(out.matches(".H37\"").count(), 6);
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "pa11y-ci JSON, pages with images lacking alt text",
        out,
        "Our accessibility scan ran over the whole shop. On which pages are there pictures with no alt text at all, so a screen reader can't say what they show? List every page.",
        items,
    )
    .with_jq(
        ".results | to_entries[] | select(any(.value[]; .code | endswith(\".H37\"))) | .key",
        expected,
    )
}

/// A client the Cloudflare case blocks: its first request, address,
/// path, user agent, rule id, rule, source, country and ASN.
type Blocked<'a> = (
    usize,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    u64,
);

/// Cloudflare's `http_requests` dataset as a Logpush job writes it to a
/// bucket (one JSON object a line, the fields chosen in the dashboard in
/// its alphabetical order, RFC 3339 times), a shop's zone over a
/// morning, the files concatenated: visitors from everywhere, cache hits
/// and misses, the origin's 404s, 500s and its own 403s on account pages
/// for expired sessions; uptime checks a custom rule lets skip the rest;
/// managed challenges for logins from outside Europe and bad bot scores
/// (answered with a 403 challenge page, some from the same networks as
/// the blocked ones); the managed ruleset logging SQL-injection scores
/// without acting; a help page about blocked cards. Six clients are
/// blocked, by custom rules or the managed ruleset (one over IPv6).
fn cloudflare_blocked_ips() -> Case {
    let zone = "nordwind-outdoor.de";
    let paths = [
        "/",
        "/c/jacken",
        "/c/schuhe",
        "/p/trail-runner-gtx-9481",
        "/p/daunenparka-nordlys-2210",
        "/warenkorb",
        "/kasse",
        "/api/v1/cart",
        "/api/v1/stock?sku=48213",
        "/suche?q=regenjacke",
        "/konto/anmelden",
        "/konto/bestellungen",
        "/hilfe/karte-gesperrt",
        "/static/js/app.9f3c1e.js",
        "/static/css/main.41ab.css",
        "/media/p/9481/600.webp",
        "/media/p/2210/1200.webp",
        "/robots.txt",
        "/sitemap.xml",
    ];
    let agents = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ];
    let colos = ["FRA", "HAM", "DUS", "MUC", "BER", "AMS", "VIE", "ZRH"];
    // (first line, address, path, user agent, rule id, rule, source, country, ASN)
    let blocked: [Blocked; 6] = [
        (
            57,
            "45.148.10.174",
            "/wp-login.php",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:109.0) Gecko/20100101 Firefox/115.0",
            "a41f7c2e9b0d4b3f8e21c6d5f0a97b18",
            "Block WordPress probes",
            "firewallCustom",
            "NL",
            48090,
        ),
        (
            163,
            "185.220.101.34",
            "/api/v1/stock?sku=48213",
            "python-requests/2.32.3",
            "6c0e2b91d7a54f0e9b3a8d12e4f7c605",
            "Block stock scrapers",
            "firewallCustom",
            "DE",
            60729,
        ),
        (
            262,
            "103.145.13.90",
            "/.env",
            "Go-http-client/1.1",
            "5de3b7f1c9a84e6d8f2b0a71c3e9d402",
            "Cloudflare Managed Ruleset: Information Disclosure - Env File",
            "firewallManaged",
            "ID",
            137409,
        ),
        (
            371,
            "2a0b:f4c2:2::1d",
            "/kasse?redirect=..%2F..%2Fetc%2Fpasswd",
            "curl/8.4.0",
            "e1c2a9b4d07f4b5c93a8e6f2d1b07c44",
            "Cloudflare Managed Ruleset: Path Traversal",
            "firewallManaged",
            "US",
            399_629,
        ),
        (
            488,
            "91.92.247.18",
            "/konto/anmelden",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36",
            "b93e07d4a2c1486f9e5d3a0b7c8f2e16",
            "Block credential stuffing list",
            "firewallCustom",
            "BG",
            394_711,
        ),
        (
            611,
            "196.251.70.7",
            "/api/v1/cart",
            "python-httpx/0.27.0",
            "6c0e2b91d7a54f0e9b3a8d12e4f7c605",
            "Block stock scrapers",
            "firewallCustom",
            "ZA",
            328_608,
        ),
    ];
    let mut out = String::new();
    let mut ips: BTreeSet<String> = BTreeSet::new();
    let mut i = 0usize;
    let start_ms = 6 * 3_600_000u64;
    while out.len() < 640_000 {
        let ms = start_ms + i as u64 * 19_000 + h(i, 5501) % 18_000;
        let plant = blocked
            .iter()
            .find(|b| i >= b.0 && i < b.0 + 40 && (i - b.0).is_multiple_of(9));
        let roll = h(i, 5502) % 1000;
        let mut r = serde_json::Map::new();
        let mut put = |k: &str, v: Value| {
            r.insert(k.to_string(), v);
        };
        let (ip, country, asn, path, ua);
        let (action, rule_id, rule, source, status, origin_status, cache, bot);
        if let Some(b) = plant {
            ip = b.1.to_string();
            country = b.7.to_string();
            asn = b.8;
            path = if b.1 == "45.148.10.174" && (i - b.0) % 2 == 1 {
                "/xmlrpc.php".to_string()
            } else {
                b.2.to_string()
            };
            ua = b.3.to_string();
            action = "block";
            rule_id = b.4.to_string();
            rule = b.5.to_string();
            source = b.6;
            status = 403;
            origin_status = 0;
            cache = "unknown";
            bot = 1 + h(i, 5503) % 15;
        } else {
            let eu = roll % 10 < 8;
            let mut addr = if eu {
                format!(
                    "{}.{}.{}.{}",
                    pick(
                        &[
                            "84", "87", "91", "93", "95", "178", "185", "212", "217", "46", "79",
                            "89"
                        ],
                        i,
                        5504
                    ),
                    h(i, 5505) % 256,
                    h(i, 5506) % 256,
                    1 + h(i, 5507) % 254
                )
            } else {
                format!(
                    "{}.{}.{}.{}",
                    pick(
                        &["103", "45", "196", "23", "104", "160", "181", "201"],
                        i,
                        5508
                    ),
                    h(i, 5509) % 256,
                    h(i, 5510) % 256,
                    1 + h(i, 5511) % 254
                )
            };
            if roll < 15 {
                // A neighbour of a blocked client, only challenged.
                addr = pick(
                    &[
                        "185.220.101.35",
                        "185.220.101.47",
                        "45.148.10.175",
                        "91.92.247.21",
                        "103.145.13.91",
                    ],
                    i,
                    5512,
                )
                .to_string();
            }
            country = if eu {
                pick(&["DE", "DE", "DE", "AT", "CH", "NL", "DK", "PL"], i, 5513).to_string()
            } else {
                pick(&["US", "BR", "IN", "VN", "ZA", "ID", "SG"], i, 5514).to_string()
            };
            asn = [3320u64, 3209, 6805, 8881, 6830, 24940, 16509, 14061][(h(i, 5515) % 8) as usize];
            ip = addr;
            path = pick(&paths, i, 5516).to_string();
            ua = pick(&agents, i, 5517).to_string();
            if roll < 15
                || (roll < 90 && !eu && path == "/konto/anmelden")
                || (90..130).contains(&roll)
            {
                action = "managedChallenge";
                if roll < 15 || (90..110).contains(&roll) {
                    rule_id = "0d3f8e2a6c1b4d79a5e0c3b8f7a21d66".into();
                    rule = "Challenge bad bot scores".into();
                } else {
                    rule_id = "77a0c4e1b9d2483f8c6e5a3d1f0b2e98".into();
                    rule = "Challenge logins from outside Europe".into();
                }
                source = "firewallCustom";
                status = 403;
                origin_status = 0;
                cache = "unknown";
                bot = 2 + h(i, 5518) % 28;
            } else if (130..160).contains(&roll) {
                action = "skip";
                rule_id = "3b9e1f6d0a2c4e87b5d3c1a0f9e8d7c6".into();
                rule = "Allow uptime checks".into();
                source = "firewallCustom";
                status = 200;
                origin_status = 200;
                cache = "dynamic";
                bot = 1;
            } else if (160..185).contains(&roll) {
                action = "log";
                rule_id = "f2a7c3e9d1b04a6e8c5b3d2a1e0f9c87".into();
                rule = "Log SQLi attack score below 40".into();
                source = "firewallManaged";
                status = 200;
                origin_status = 200;
                cache = "dynamic";
                bot = 30 + h(i, 5519) % 60;
            } else {
                action = "";
                rule_id = String::new();
                rule = String::new();
                source = "";
                let o = h(i, 5520) % 100;
                let st = if path == "/konto/bestellungen" && o < 40 {
                    403
                } else if o < 4 {
                    404
                } else if o < 6 {
                    500
                } else if o < 8 {
                    304
                } else {
                    200
                };
                status = st;
                origin_status = st;
                cache = if path.starts_with("/static") || path.starts_with("/media") {
                    pick(&["hit", "hit", "hit", "miss", "revalidated"], i, 5521)
                } else {
                    "dynamic"
                };
                bot = 30 + h(i, 5522) % 70;
            }
        }
        ips.insert(ip.clone());
        let bytes = if status == 403 && origin_status == 0 {
            4_200 + h(i, 5523) % 2_000
        } else {
            range(i, 5524, 400, 180_000)
        };
        let method = if path.starts_with("/api/v1/cart")
            || (path == "/konto/anmelden" && h(i, 5525).is_multiple_of(2))
        {
            "POST"
        } else {
            "GET"
        };
        let rpath = path.split('?').next().unwrap_or("/").to_string();
        put("BotScore", json!(bot));
        put(
            "BotScoreSrc",
            json!(if bot == 1 && action == "block" {
                "Heuristics"
            } else {
                "Machine Learning"
            }),
        );
        put("CacheCacheStatus", json!(cache));
        put("ClientASN", json!(asn));
        put("ClientCountry", json!(country.to_lowercase()));
        put(
            "ClientDeviceType",
            json!(if ua.contains("iPhone") || ua.contains("Android") {
                "mobile"
            } else {
                "desktop"
            }),
        );
        put("ClientIP", json!(ip));
        put("ClientRequestHost", json!(format!("www.{zone}")));
        put("ClientRequestMethod", json!(method));
        put("ClientRequestPath", json!(rpath));
        put(
            "ClientRequestProtocol",
            json!(pick(&["HTTP/2", "HTTP/2", "HTTP/3", "HTTP/1.1"], i, 5526)),
        );
        put(
            "ClientRequestReferer",
            json!(if h(i, 5527).is_multiple_of(3) {
                format!("https://www.{zone}/")
            } else {
                String::new()
            }),
        );
        put("ClientRequestURI", json!(path));
        put("ClientRequestUserAgent", json!(ua));
        put("ClientSSLProtocol", json!("TLSv1.3"));
        put("EdgeColoCode", json!(pick(&colos, i, 5528)));
        put(
            "EdgeEndTimestamp",
            json!(format!(
                "{}Z",
                datetime(DAY + (ms + 20 + h(i, 5529) % 600) / 1000)
            )),
        );
        put("EdgeResponseBytes", json!(bytes));
        put("EdgeResponseStatus", json!(status));
        put(
            "EdgeStartTimestamp",
            json!(format!("{}Z", datetime(DAY + ms / 1000))),
        );
        put(
            "OriginResponseDurationMs",
            json!(if origin_status == 0 || cache == "hit" {
                0
            } else {
                12 + h(i, 5530) % 900
            }),
        );
        put("OriginResponseStatus", json!(origin_status));
        put("RayID", json!(hex(i, 5531, 16)));
        put("SecurityAction", json!(action));
        put(
            "SecurityActions",
            json!(if action.is_empty() {
                vec![]
            } else {
                vec![action]
            }),
        );
        put("SecurityRuleDescription", json!(rule));
        put("SecurityRuleID", json!(rule_id));
        put(
            "SecuritySources",
            json!(if source.is_empty() {
                vec![]
            } else {
                vec![source]
            }),
        );
        put(
            "WAFAttackScore",
            json!(if action == "block" && source == "firewallManaged" {
                3 + h(i, 5532) % 10
            } else {
                60 + h(i, 5533) % 39
            }),
        );
        put("ZoneName", json!(zone));
        out.push_str(&Value::Object(r).to_string());
        out.push('\n');
        i += 1;
    }
    let items: Vec<String> = blocked.iter().map(|b| b.1.to_string()).collect();
    let all: Vec<String> = ips.into_iter().collect();
    for s in &items {
        assert!(!named_elsewhere(s, &all), "{s}");
        assert!(
            out.matches(&format!("\"ClientIP\":\"{s}\"")).count() >= 4,
            "{s}"
        );
    }
    assert_eq!(
        out.matches("\"SecurityAction\":\"block\"").count(),
        out.lines()
            .filter(|l| items
                .iter()
                .any(|s| l.contains(&format!("\"ClientIP\":\"{s}\""))))
            .count()
    );
    let set: BTreeSet<&String> = items.iter().collect();
    let expected = set.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Cloudflare Logpush http_requests, clients the firewall blocked",
        out,
        "Which IP addresses did Cloudflare's firewall flat-out block from our shop this morning? List every one of them.",
        items,
    )
    .with_jq(
        "[.[] | select(.SecurityAction == \"block\") | .ClientIP] | unique | .[]",
        expected,
    )
}

/// `hdfs fsck /data -files -blocks -locations` (Hadoop 3.3) of a data
/// lake the morning after two of its 24 DataNodes died: every directory,
/// every file with its blocks and where their replicas live, a blank line
/// after each. Re-replication is under way, so about one file in twelve
/// has blocks under-replicated (two live replicas, some only one);
/// staging files keep one replica by design; jobs' `_SUCCESS` markers
/// hold no blocks; there are a `quarantine/corrupt-records` directory and
/// a `missing-deliveries` report, both healthy. Six files have a block
/// with no live replica at all: `CORRUPT blockpool …`, `MISSING 1 blocks
/// …`, the block `MISSING!`; the summary counts them.
fn hdfs_fsck_corrupt_files() -> Case {
    let pool = "BP-1473321082-10.30.0.10-1650011234567";
    let nodes: Vec<(String, String)> = (11..35)
        .filter(|n| *n != 19 && *n != 27)
        .map(|n| (format!("10.30.1.{n}"), uuid(n, 5601)))
        .collect();
    let datasets: [(&str, u64); 9] = [
        ("events", 6),
        ("orders", 3),
        ("clicks", 8),
        ("inventory", 2),
        ("ml/features", 4),
        ("reports/missing-deliveries", 1),
        ("reports/daily-revenue", 1),
        ("quarantine/corrupt-records", 1),
        ("tmp/staging", 3),
    ];
    let planted: [(&str, u64, u64); 6] = [
        ("events", 4, 2),
        ("clicks", 11, 5),
        ("orders", 19, 1),
        ("ml/features", 7, 0),
        ("events", 16, 3),
        ("clicks", 21, 7),
    ];
    let mut out = String::from(
        "Connecting to namenode via http://nn1.dwh.nordwind.internal:9870/fsck?ugi=hdfs&files=1&blocks=1&locations=1&path=%2Fdata\nFSCK started by hdfs (auth:SIMPLE) from /10.30.0.5 for path /data at Fri Nov 27 09:12:44 CET 2026\n\n/data <dir>\n",
    );
    let mut blk = 1_073_741_825u64;
    let (mut files, mut dirs, mut blocks, mut size) = (0u64, 1u64, 0u64, 0u64);
    let (mut under, mut missing, mut missing_size, mut missing_replicas, mut repl_sum) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut items: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut made: BTreeSet<String> = BTreeSet::new();
    let mut i = 0usize;
    for (ds, parts) in &datasets {
        let mut dir = String::from("/data");
        for seg in ds.split('/') {
            dir = format!("{dir}/{seg}");
            if made.insert(dir.clone()) {
                out.push_str(&format!("{dir} <dir>\n"));
                dirs += 1;
            }
        }
        for day in 1..=22u64 {
            let d = format!("{dir}/dt=2026-11-{day:02}");
            out.push_str(&format!("{d} <dir>\n"));
            dirs += 1;
            let staging = ds.starts_with("tmp");
            let replication = if staging { 1 } else { 3 };
            let n = parts + h(day as usize * 31 + i, 5602) % 2;
            for p in 0..=n {
                i += 1;
                let last = p == n;
                let path = if last && !staging {
                    format!("{d}/_SUCCESS")
                } else {
                    format!("{d}/part-{p:05}-{}-c000.snappy.parquet", uuid(i, 5603))
                };
                files += 1;
                if last && !staging {
                    out.push_str(&format!(
                        "{path} 0 bytes, replicated: replication=3, 0 block(s):  OK\n\n"
                    ));
                    continue;
                }
                names.push(path.clone());
                let nblocks = 1 + h(i, 5604) % 3;
                let tail = 1_048_576 * (8 + h(i, 5605) % 120);
                let bytes = (nblocks - 1) * 134_217_728 + tail;
                size += bytes;
                let lost = planted
                    .iter()
                    .find(|x| x.0 == *ds && x.1 == day && x.2 == p);
                let lost_block = lost.map(|_| nblocks - 1);
                // Under-replicated: a replica was on a dead node.
                let short = !staging && lost.is_none() && h(i, 5606).is_multiple_of(12);
                let short_block = h(i, 5607) % nblocks;
                let live_of = |b: u64| -> u64 {
                    if Some(b) == lost_block {
                        0
                    } else if short && b == short_block {
                        if h(i, 5608).is_multiple_of(5) { 1 } else { 2 }
                    } else {
                        replication
                    }
                };
                let first = blk;
                let mut head = format!(
                    "{path} {bytes} bytes, replicated: replication={replication}, {nblocks} block(s): "
                );
                if lost.is_some() {
                    let b = first + nblocks - 1;
                    let len = tail;
                    head.push_str(&format!("\n{path}: CORRUPT blockpool {pool} block blk_{b}\n\n{path}: MISSING 1 blocks of total size {len} B."));
                    items.push(path.clone());
                    missing += 1;
                    missing_size += len;
                    missing_replicas += replication;
                } else if short {
                    let b = first + short_block;
                    let live = live_of(short_block);
                    head.push_str(&format!(" Under replicated {pool}:blk_{b}_{}. Target Replicas is {replication} but found {live} live replica(s), 0 decommissioned replica(s), 0 decommissioning replica(s).", b - 1_073_740_000 + h(i, 5609) % 50));
                    under += 1;
                    missing_replicas += replication - live;
                } else {
                    head.push_str(" OK");
                }
                out.push_str(&head);
                out.push('\n');
                for b in 0..nblocks {
                    let id = first + b;
                    let len = if b == nblocks - 1 { tail } else { 134_217_728 };
                    let stamp = id - 1_073_740_000 + h(i, 5609) % 50;
                    let live = live_of(b);
                    blocks += 1;
                    repl_sum += live;
                    if live == 0 {
                        out.push_str(&format!(
                            "{b}. {pool}:blk_{id}_{stamp} len={len} MISSING!\n"
                        ));
                        continue;
                    }
                    let locs: Vec<String> = (0..live)
                        .map(|r| {
                            let nd = &nodes
                                [((h(id as usize, 5610) + r * 7) % nodes.len() as u64) as usize];
                            format!("DatanodeInfoWithStorage[{}:9866,DS-{},DISK]", nd.0, nd.1)
                        })
                        .collect();
                    out.push_str(&format!(
                        "{b}. {pool}:blk_{id}_{stamp} len={len} Live_repl={live}  [{}]\n",
                        locs.join(", ")
                    ));
                }
                out.push('\n');
                blk += nblocks + h(i, 5611) % 3;
            }
        }
    }
    let pct = |a: u64, b: u64| format!("{:.2} %", a as f64 * 100.0 / b as f64);
    out.push_str(&format!(
        "\nStatus: CORRUPT\n Number of data-nodes:\t{}\n Number of racks:\t\t3\n Total dirs:\t\t\t{dirs}\n Total symlinks:\t\t0\n\nReplicated Blocks:\n Total size:\t{size} B\n Total files:\t{files}\n Total blocks (validated):\t{blocks} (avg. block size {} B)\n  ********************************\n  UNDER MIN REPL'D BLOCKS:\t{missing} ({})\n  MINIMAL BLOCK REPLICATION:\t1\n  CORRUPT FILES:\t{missing}\n  MISSING BLOCKS:\t{missing}\n  MISSING SIZE:\t\t{missing_size} B\n  ********************************\n Minimally replicated blocks:\t{} ({})\n Over-replicated blocks:\t0 (0.0 %)\n Under-replicated blocks:\t{under} ({})\n Mis-replicated blocks:\t\t0 (0.0 %)\n Default replication factor:\t3\n Average block replication:\t{:.7}\n Missing blocks:\t\t{missing}\n Corrupt blocks:\t\t0\n Missing replicas:\t\t{missing_replicas} ({})\n Blocks queued for replication:\t{under}\n\nErasure Coded Block Groups:\n Total size:\t0 B\n Total files:\t0\n Total block groups (validated):\t0\n Minimally erasure-coded block groups:\t0\n Over-erasure-coded block groups:\t0\n Under-erasure-coded block groups:\t0\n Unsatisfactory placement block groups:\t0\n Average block group size:\t0.0\n Missing block groups:\t\t0\n Corrupt block groups:\t\t0\n Missing internal blocks:\t0\n Blocks queued for replication:\t0\nFSCK ended at Fri Nov 27 09:13:58 CET 2026 in 74211 milliseconds\n\n\nThe filesystem under path '/data' is CORRUPT\n",
        nodes.len(),
        size / blocks.max(1),
        pct(missing, blocks),
        blocks - missing,
        pct(blocks - missing, blocks),
        pct(under, blocks),
        repl_sum as f64 / blocks as f64,
        pct(missing_replicas, repl_sum + missing_replicas),
    ));
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    assert_eq!(items.len(), 6);
    assert_eq!(out.matches("MISSING!").count(), 6);
    Case::items(
        "hdfs fsck -files -blocks -locations, files that lost data",
        out,
        "Two of our Hadoop data nodes died overnight. From this check of the data lake, which files have actually lost data for good, not just a copy or two? I need every file so we can re-run the jobs that wrote them.",
        items,
    )
}

/// `2026-11-27T01:00:04.512000+01:00` of `s` seconds after 27 Nov 2026,
/// 00:00 CET (negative: before), with microseconds: how AWS CLI v2 prints
/// a time in the local zone.
fn cli_time(s: i64, micros: u64) -> String {
    format!(
        "{}.{:06}+01:00",
        datetime((DAY as i64 + s) as u64),
        micros % 1_000_000
    )
}

/// `aws backup list-backup-jobs --by-created-after 2026-11-24` (AWS CLI
/// v2, four-space JSON) of a company's AWS Backup over three nights,
/// newest first: the nightly plan's jobs for some 90 resources (RDS and
/// Aurora, EBS volumes, EC2 instances, EFS, DynamoDB tables, S3 buckets
/// and an FSx share), hourly jobs of the busiest databases and tables
/// since yesterday, big file systems still `RUNNING` in the morning.
/// Failures on the earlier nights whose resources were backed up since;
/// a job that failed last night and was re-run by hand in the morning,
/// green; Windows instances whose VSS step failed but whose backups
/// completed; instances named for failover. Five resources' backups
/// failed last night and have not been made since.
fn aws_backup_failed_resources() -> Case {
    let account = "418273309651";
    let region = "eu-central-1";
    // (name, type, ARN tail)
    let mut res: Vec<(String, &str, String)> = Vec::new();
    let dbs = [
        "orders-prod",
        "catalog-prod",
        "customers-prod",
        "ledger-prod",
        "inventory-prod",
        "pricing-prod",
        "search-sync-prod",
        "cms-prod",
        "keycloak-prod",
        "metabase-prod",
        "warehouse-scanner-db",
        "returns-prod",
        "loyalty-prod",
        "vouchers-prod",
        "erp-bridge-prod",
        "reporting-prod",
    ];
    for d in dbs {
        res.push((
            d.to_string(),
            "RDS",
            format!("arn:aws:rds:{region}:{account}:db:{d}"),
        ));
    }
    for c in ["checkout-aurora", "events-aurora", "analytics-aurora"] {
        res.push((
            c.to_string(),
            "Aurora",
            format!("arn:aws:rds:{region}:{account}:cluster:{c}"),
        ));
    }
    let hosts = [
        "bastion-01",
        "sftp-partners",
        "mail-relay-01",
        "vpn-gw-01",
        "failover-proxy-01",
        "failover-proxy-02",
        "jump-host-legacy",
        "build-cache-01",
        "gitlab-prod",
        "nexus-prod",
        "jenkins-legacy",
        "ad-dc-01",
        "ad-dc-02",
        "rds-gateway-win",
        "print-server-win",
        "fileserver-win-01",
        "backup-orchestrator",
        "monitoring-01",
        "grafana-prod",
        "license-server",
        "erp-app-01",
        "erp-app-02",
        "edi-gateway",
        "ldap-proxy",
    ];
    for (k, n) in hosts.iter().enumerate() {
        res.push((
            n.to_string(),
            "EC2",
            format!(
                "arn:aws:ec2:{region}:{account}:instance/i-0{}",
                hex(k, 5701, 16)
            ),
        ));
    }
    for k in 0..40usize {
        let n = format!(
            "{}-data-{:02}",
            pick(
                &[
                    "gitlab",
                    "nexus",
                    "jenkins",
                    "erp",
                    "edi",
                    "elastic",
                    "kafka",
                    "zookeeper"
                ],
                k,
                5702
            ),
            1 + k % 6
        );
        if res.iter().any(|r| r.0 == n) {
            continue;
        }
        res.push((
            n,
            "EBS",
            format!(
                "arn:aws:ec2:{region}:{account}:volume/vol-0{}",
                hex(k, 5703, 16)
            ),
        ));
    }
    for f in [
        "shared-home",
        "media-uploads",
        "ml-datasets",
        "ci-artifacts",
        "wiki-attachments",
    ] {
        res.push((
            f.to_string(),
            "EFS",
            format!(
                "arn:aws:elasticfilesystem:{region}:{account}:file-system/fs-0{}",
                hex(f.len(), 5704, 16)
            ),
        ));
    }
    let tables = [
        "sessions-table",
        "carts",
        "feature-flags",
        "idempotency-keys",
        "rate-limits",
        "webhook-events",
        "price-cache",
        "user-preferences",
        "search-history",
        "notifications",
    ];
    for t in tables {
        res.push((
            t.to_string(),
            "DynamoDB",
            format!("arn:aws:dynamodb:{region}:{account}:table/{t}"),
        ));
    }
    let buckets = [
        "nordwind-invoices-prod",
        "nordwind-shop-assets",
        "crm-attachments",
        "nordwind-contracts",
        "nordwind-hr-docs",
        "nordwind-exports",
        "nordwind-logs-archive",
        "nordwind-edi-inbox",
    ];
    for b in buckets {
        res.push((b.to_string(), "S3", format!("arn:aws:s3:::{b}")));
    }
    res.push((
        "payroll-fileshare".into(),
        "FSx",
        format!(
            "arn:aws:fsx:{region}:{account}:file-system/fs-0{}",
            hex(77, 5705, 17)
        ),
    ));
    // Failed last night, not made since: (name, status message, category).
    let planted: [(&str, &str, &str); 5] = [
        (
            "warehouse-scanner-db",
            "The DB instance warehouse-scanner-db is not in a valid state for a backup (stopped).",
            "INVALID_PARAMETERS",
        ),
        (
            "crm-attachments",
            "Unable to back up bucket crm-attachments because versioning is not enabled on it.",
            "INVALID_PARAMETERS",
        ),
        (
            "jump-host-legacy",
            "Insufficient privileges to perform this action: the role AWSBackupDefaultServiceRole is not authorized to perform ec2:CreateImage on this resource.",
            "ACCESS_DENIED",
        ),
        (
            "sessions-table",
            "Access denied: AWS Backup is not allowed to use KMS key arn:aws:kms:eu-central-1:418273309651:key/5e1c0b7a-2f4d-4c6e-9a8b-3d2f1e0c9b7a to back up table sessions-table.",
            "ACCESS_DENIED",
        ),
        (
            "payroll-fileshare",
            "An internal error occurred while creating the backup of file system. The file system is in MISCONFIGURED state.",
            "UNKNOWN",
        ),
    ];
    // Failed on an earlier night (or last night, re-run green this morning).
    let recovered: [(&str, i64); 4] = [
        ("ledger-prod", -2),
        ("gitlab-data-03", -1),
        ("nordwind-hr-docs", -2),
        ("carts", 0),
    ];
    let plan = uuid(1, 5706);
    let plan_hourly = uuid(2, 5707);
    let mut jobs: Vec<(i64, Value)> = Vec::new();
    let mut n = 0usize;
    let mut job = |name: &str,
                   ty: &str,
                   arn: &str,
                   created: i64,
                   state: &str,
                   msg: &str,
                   category: &str,
                   hourly: bool,
                   manual: bool,
                   n: &mut usize| {
        *n += 1;
        let k = *n;
        let id = uuid(k, 5708).to_uppercase();
        let vault = if hourly {
            "prod-hourly"
        } else if ty == "S3" {
            "prod-s3"
        } else {
            "prod-daily"
        };
        let took = match ty {
            "EFS" | "FSx" => 1_800 + h(k, 5709) % 14_000,
            "EBS" | "EC2" => 300 + h(k, 5710) % 3_000,
            _ => 120 + h(k, 5711) % 1_500,
        } as i64;
        let size = if state == "COMPLETED" || state == "RUNNING" {
            match ty {
                "EFS" | "FSx" => 50_000_000_000 + h(k, 5712) % 900_000_000_000,
                "S3" => 1_000_000_000 + h(k, 5713) % 300_000_000_000,
                "DynamoDB" => 10_000_000 + h(k, 5714) % 9_000_000_000,
                _ => 8_000_000_000 + h(k, 5715) % 500_000_000_000,
            }
        } else {
            0
        };
        let rp = match ty {
            "RDS" | "Aurora" => format!(
                "arn:aws:rds:{region}:{account}:{}snapshot:awsbackup:job-{}",
                if ty == "Aurora" { "cluster-" } else { "" },
                id.to_lowercase()
            ),
            "EC2" => format!("arn:aws:ec2:{region}::image/ami-0{}", hex(k, 5716, 16)),
            "EBS" => format!("arn:aws:ec2:{region}::snapshot/snap-0{}", hex(k, 5717, 16)),
            _ => format!(
                "arn:aws:backup:{region}:{account}:recovery-point:{}",
                uuid(k, 5718)
            ),
        };
        let mut j = serde_json::Map::new();
        let mut put = |key: &str, v: Value| {
            j.insert(key.to_string(), v);
        };
        put("AccountId", json!(account));
        put("BackupJobId", json!(id));
        put("BackupVaultName", json!(vault));
        put(
            "BackupVaultArn",
            json!(format!(
                "arn:aws:backup:{region}:{account}:backup-vault:{vault}"
            )),
        );
        if state != "FAILED" {
            put("RecoveryPointArn", json!(rp));
        }
        put("ResourceArn", json!(arn));
        put("CreationDate", json!(cli_time(created, h(k, 5719))));
        if state == "COMPLETED" || state == "FAILED" {
            put(
                "CompletionDate",
                json!(cli_time(
                    created
                        + if state == "FAILED" {
                            40 + took / 20
                        } else {
                            took
                        },
                    h(k, 5720)
                )),
            );
        }
        put("State", json!(state));
        if !msg.is_empty() {
            put("StatusMessage", json!(msg));
        }
        put(
            "PercentDone",
            json!(match state {
                "COMPLETED" => "100.0".to_string(),
                "RUNNING" => format!("{}.0", 20 + h(k, 5721) % 70),
                _ => "0.0".to_string(),
            }),
        );
        put("BackupSizeInBytes", json!(size));
        put(
            "IamRoleArn",
            json!(format!(
                "arn:aws:iam::{account}:role/service-role/AWSBackupDefaultServiceRole"
            )),
        );
        if manual {
            put("CreatedBy", json!({}));
        } else {
            let p = if hourly { &plan_hourly } else { &plan };
            put(
                "CreatedBy",
                json!({
                    "BackupPlanId": p,
                    "BackupPlanArn": format!("arn:aws:backup:{region}:{account}:backup-plan:{p}"),
                    "BackupPlanVersion": if hourly { "ZTBkN2Q5YjctYjQ1Ny00ZGE3LTk2NWQtNDE4NmFkMDc1ZGVi" } else { "NjBkMWY1YWQtZjc1Ni00NzFhLWE4MmQtMzU1ZDJjYTNlNzRi" },
                    "BackupRuleId": if hourly { "4b2d8a1e-7c3f-4e9a-b6d0-1f2e3a4b5c6d" } else { "9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5" }
                }),
            );
        }
        put("StartBy", json!(cli_time(created + 8 * 3_600, 0)));
        put("ResourceType", json!(ty));
        put(
            "BytesTransferred",
            json!(if state == "RUNNING" { size / 2 } else { 0 }),
        );
        if ty == "EC2" {
            put(
                "BackupOptions",
                json!({"WindowsVSS": if name.contains("win") || name.starts_with("ad-dc") { "enabled" } else { "disabled" }}),
            );
            put(
                "BackupType",
                json!(if name.contains("win") || name.starts_with("ad-dc") {
                    "WindowsVSS"
                } else {
                    ""
                }),
            );
        }
        put("IsParent", json!(false));
        put("ResourceName", json!(name));
        put("InitiationDate", json!(cli_time(created - 30, h(k, 5722))));
        put("MessageCategory", json!(category));
        jobs.push((created, Value::Object(j)));
    };
    for night in [-2i64, -1, 0] {
        for (ri, (name, ty, arn)) in res.iter().enumerate() {
            let created = night * 86_400 + 3_600 + (ri as i64) * 17 + (h(ri, 5723) % 600) as i64;
            let p = planted.iter().find(|p| p.0 == name);
            let rec = recovered.iter().find(|r| r.0 == name && r.1 == night);
            if let (Some(p), 0) = (p, night) {
                job(
                    name, ty, arn, created, "FAILED", p.1, p.2, false, false, &mut n,
                );
            } else if rec.is_some() {
                let msg = match *ty {
                    "RDS" => format!("The DB instance {name} is not in a valid state for a backup (modifying)."),
                    "EBS" => "Backup job failed because the snapshot limit for the volume was reached. Delete old snapshots and retry.".to_string(),
                    "S3" => format!("Unable to back up bucket {name}: the bucket policy denies access to AWS Backup."),
                    _ => format!("Backup of table {name} failed: the table was being restored (RESTORING)."),
                };
                job(
                    name, ty, arn, created, "FAILED", &msg, "UNKNOWN", false, false, &mut n,
                );
                if night == 0 {
                    // Re-run by hand in the morning.
                    job(
                        name,
                        ty,
                        arn,
                        8 * 3_600 + 1_207,
                        "COMPLETED",
                        "",
                        "SUCCESS",
                        false,
                        true,
                        &mut n,
                    );
                }
            } else if night == 0 && (*ty == "EFS" || *ty == "FSx") && h(ri, 5724).is_multiple_of(2)
            {
                job(
                    name, ty, arn, created, "RUNNING", "", "SUCCESS", false, false, &mut n,
                );
            } else if *ty == "EC2"
                && (name.contains("win") || name.starts_with("ad-dc"))
                && h(ri * 3 + night.unsigned_abs() as usize, 5725).is_multiple_of(3)
            {
                job(
                    name,
                    ty,
                    arn,
                    created,
                    "COMPLETED",
                    "Windows VSS Backup Job Error encountered, trying for regular backup",
                    "SUCCESS",
                    false,
                    false,
                    &mut n,
                );
            } else {
                job(
                    name,
                    ty,
                    arn,
                    created,
                    "COMPLETED",
                    "",
                    "SUCCESS",
                    false,
                    false,
                    &mut n,
                );
            }
        }
    }
    // Hourly backups of the busiest tables and databases.
    for (ri, (name, ty, arn)) in res.iter().enumerate() {
        if ![
            "orders-prod",
            "ledger-prod",
            "checkout-aurora",
            "carts",
            "idempotency-keys",
            "customers-prod",
        ]
        .contains(&name.as_str())
        {
            continue;
        }
        for hr in 24..(2 * 24 + 9) {
            let created = -2 * 86_400 + hr * 3_600 + 1_800 + (ri as i64) * 3;
            job(
                name,
                ty,
                arn,
                created,
                "COMPLETED",
                "",
                "SUCCESS",
                true,
                false,
                &mut n,
            );
        }
    }
    jobs.sort_by_key(|j| -j.0);
    let doc = json!({"BackupJobs": jobs.into_iter().map(|j| j.1).collect::<Vec<_>>()});
    let out = pretty(&doc, b"    ") + "\n";
    let items: Vec<String> = planted.iter().map(|p| p.0.to_string()).collect();
    let names: Vec<String> = res.iter().map(|r| r.0.clone()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    let mut by_arn: Vec<(String, String)> = planted
        .iter()
        .map(|p| {
            let r = res.iter().find(|r| r.0 == p.0).unwrap();
            (r.2.clone(), r.0.clone())
        })
        .collect();
    by_arn.sort();
    let expected = by_arn.iter().map(|(_, n)| jq_string(n)).collect();
    Case::items(
        "aws backup list-backup-jobs, resources not backed up last night",
        out,
        "Did last night's AWS backups fail for anything? I need every resource that still has no backup from last night.",
        items,
    )
    .with_jq(
        "[.BackupJobs[] | select(.CreationDate >= \"2026-11-27\")] | group_by(.ResourceArn) | map(select(any(.[]; .State == \"FAILED\") and all(.[]; .State != \"COMPLETED\"))) | .[] | .[0].ResourceName",
        expected,
    )
}

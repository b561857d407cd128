//! A TWENTY-FIRST HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at 3b63bcc.
//! Measure it, never tune on it.
//!
//! One fact: the log of a nightly backup script running `pg_dump -Fc
//! -v` over 26 databases (the table that could not be dumped in the end
//! and what the server said, a TOAST value missing, among a dump that
//! timed out on a lock and went through on its retry, a dropped
//! database's FATAL, tenants' `toast_notifications` and `failed_jobs`
//! tables and thousands of tables dumped), Fluent Bit's own log on a
//! Kubernetes node overnight (when it gave up on a chunk and which one,
//! a warning, among hundreds of 429s, timeouts and broken connections
//! logged as errors, chunks retried five times that got through, the
//! input paused for memory, rotations and S3 uploads), `iperf3 -J` to a
//! DR site (the second whose combined throughput was lowest and what it
//! was, among a stream stalled at zero while the other took the line, a
//! burst of 1,843 retransmits at full speed and the seconds around the
//! worst one), `kcadm.sh get events` of a staff realm (who removed
//! their authenticator and from which address, among new staff setting
//! one up, a mistyped password just before, password resets, a
//! credential-stuffing run and a service account named for OTP).
//! Every item: Asterisk's `full` log of an office PBX over a Friday (the
//! desk phones offline at the end, among a floor's phones that dropped
//! at lunch and came back, two more that came back later, a trunk that
//! dropped at dawn and scanners refused all day), `nextcloud.log` of a
//! day (the users whose uploads failed for want of space, among
//! activity mails bounced by full mailboxes, uploads failed on a
//! deadlock or a lock, failed logins by the thousand and PHP warnings),
//! `nuclei -jsonl` of an external scan (the sites that serve their
//! `.git/config`, among a Laravel `.env` rated high, an SVN working
//! copy, a `phpinfo()` page, a GitLab and a mirror host named for git),
//! `pdsh … multipath -ll | dshbak` over the servers after a storage
//! incident (the LUNs with no path left, among every map of a rack
//! that lost fabric B, a map down to one path, a map whose standby
//! group failed whole and a healthy archive LUN of a newer array).
//!
//! The jq programs of the JSON-lines outputs (Nextcloud, nuclei) read
//! the records as one array (`.[]`), as the fourth set's do; every
//! expected jq result was checked with the real jq (`jq -s` for those).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        pg_dump_broken_table(),
        fluent_bit_lost_chunk(),
        iperf3_worst_second(),
        keycloak_two_factor_off(),
        asterisk_phones_offline(),
        nextcloud_out_of_space(),
        nuclei_git_exposed(),
        multipath_no_path_left(),
    ]
}

/// Seconds since the epoch of `d` days after 27 Nov 2026 (before it when
/// negative), at midnight.
fn day(d: i64) -> u64 {
    (DAY as i64 + d * 86_400) as u64
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `lo..=hi`, fixed by the hash of `i`.
fn within(i: usize, salt: u64, lo: u64, hi: u64) -> u64 {
    lo + h(i, salt) % (hi - lo + 1)
}

/// What `pg_dump -v` (PostgreSQL 16) prints while it reads a database's
/// catalogue, before it dumps any data.
const PG_DUMP_READING: [&str; 49] = [
    "last built-in OID is 16383",
    "reading extensions",
    "identifying extension members",
    "reading schemas",
    "reading user-defined tables",
    "reading user-defined functions",
    "reading user-defined types",
    "reading procedural languages",
    "reading user-defined aggregate functions",
    "reading user-defined operators",
    "reading user-defined access methods",
    "reading user-defined operator classes",
    "reading user-defined operator families",
    "reading user-defined text search parsers",
    "reading user-defined text search templates",
    "reading user-defined text search dictionaries",
    "reading user-defined text search configurations",
    "reading user-defined foreign-data wrappers",
    "reading user-defined foreign servers",
    "reading default privileges",
    "reading user-defined collations",
    "reading user-defined conversions",
    "reading type casts",
    "reading transforms",
    "reading table inheritance information",
    "reading event triggers",
    "finding extension tables",
    "finding inheritance relationships",
    "reading column info for interesting tables",
    "flagging inherited columns in subtables",
    "reading partitioning data",
    "reading indexes",
    "flagging indexes in partitioned tables",
    "reading extended statistics",
    "reading constraints",
    "reading triggers",
    "reading rewrite rules",
    "reading policies",
    "reading row-level security policies",
    "reading publications",
    "reading publication membership of tables",
    "reading publication membership of schemas",
    "reading subscriptions",
    "reading large objects",
    "reading dependency data",
    "saving encoding = UTF8",
    "saving standard_conforming_strings = on",
    "saving search_path = ",
    "saving database definition",
];

/// The tables of every tenant's schema of the shop platform.
const TENANT_TABLES: [&str; 35] = [
    "audit_log",
    "cart_items",
    "carts",
    "categories",
    "coupon_redemptions",
    "coupons",
    "customer_addresses",
    "customers",
    "email_outbox",
    "failed_jobs",
    "gift_cards",
    "inventory_levels",
    "invoice_lines",
    "invoices",
    "jobs",
    "loyalty_points",
    "order_items",
    "orders",
    "payments",
    "price_lists",
    "product_images",
    "product_variants",
    "products",
    "refunds",
    "return_items",
    "returns",
    "reviews",
    "settings",
    "shipment_events",
    "shipments",
    "tax_rates",
    "toast_notifications",
    "webhook_deliveries",
    "webhooks",
    "wishlists",
];

/// How one run of pg_dump over a database ends.
enum DumpRun {
    Done,
    /// The database is gone.
    NoDatabase,
    /// `--lock-wait-timeout` ran out on this table.
    LockTimeout(String),
    /// Reading this table's data failed: a damaged TOAST value.
    Toast(String),
}

/// The log of `pg-nightly`, a cron script on `pg-main-02` that runs
/// `pg_dump -Fc -Z 6 -v` over each database named in its configuration
/// (26 of them: the accounts, billing, Grafana, Keycloak, Metabase and
/// Unleash databases, a reporting database, sixteen shards of the shop
/// platform with eight to ten tenant schemas of 35 tables each, and
/// `shop_legacy`, dropped the week before), retries a failed dump once
/// after 60 seconds, then uploads the dumps and prunes old ones; each
/// `pg_dump`'s stderr goes straight into the log. The first dump of
/// shard 03 times out waiting for a lock (a migration holds a tenant's
/// `carts`) and its retry succeeds; `shop_legacy` fails twice with a
/// FATAL; shard 07 fails twice on the same tenant's `invoice_lines`, a
/// TOAST value missing. Every tenant has a `toast_notifications` table
/// and a `failed_jobs` table.
fn pg_dump_broken_table() -> Case {
    let mut tenant_tables: Vec<&str> = TENANT_TABLES.to_vec();
    tenant_tables.sort_unstable();
    let public = |names: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = names.iter().map(|n| format!("public.{n}")).collect();
        v.sort_unstable();
        v
    };
    let mut dbs: Vec<(String, Vec<String>)> = vec![
        (
            "accounts".into(),
            public(&[
                "api_keys",
                "ar_internal_metadata",
                "audit_events",
                "invitations",
                "memberships",
                "oauth_clients",
                "oauth_tokens",
                "organizations",
                "password_resets",
                "schema_migrations",
                "sessions",
                "user_emails",
                "users",
            ]),
        ),
        (
            "billing".into(),
            public(&[
                "charges",
                "credit_notes",
                "dunning_attempts",
                "invoice_items",
                "invoices",
                "payment_methods",
                "plans",
                "refunds",
                "schema_migrations",
                "subscription_items",
                "subscriptions",
                "tax_ids",
                "usage_records",
                "webhook_events",
            ]),
        ),
        (
            "catalog_search".into(),
            public(&[
                "boosts",
                "index_runs",
                "query_log",
                "query_log_2026_09",
                "query_log_2026_10",
                "query_log_2026_11",
                "schema_migrations",
                "stopwords",
                "synonyms",
            ]),
        ),
        (
            "grafana".into(),
            public(&[
                "alert",
                "alert_configuration",
                "alert_configuration_history",
                "alert_image",
                "alert_instance",
                "alert_notification",
                "alert_notification_state",
                "alert_rule",
                "alert_rule_tag",
                "alert_rule_version",
                "annotation",
                "annotation_tag",
                "api_key",
                "builtin_role",
                "cache_data",
                "correlation",
                "dashboard",
                "dashboard_acl",
                "dashboard_provisioning",
                "dashboard_public",
                "dashboard_snapshot",
                "dashboard_tag",
                "dashboard_version",
                "data_keys",
                "data_source",
                "entity_event",
                "file",
                "file_meta",
                "folder",
                "kv_store",
                "library_element",
                "library_element_connection",
                "login_attempt",
                "migration_log",
                "ngalert_configuration",
                "org",
                "org_user",
                "permission",
                "playlist",
                "playlist_item",
                "plugin_setting",
                "preferences",
                "provenance_type",
                "query_history",
                "query_history_star",
                "quota",
                "role",
                "secrets",
                "seed_assignment",
                "server_lock",
                "session",
                "short_url",
                "star",
                "tag",
                "team",
                "team_member",
                "team_role",
                "temp_user",
                "test_data",
                "user",
                "user_auth",
                "user_auth_token",
                "user_role",
            ]),
        ),
        (
            "keycloak".into(),
            public(&[
                "admin_event_entity",
                "associated_policy",
                "authentication_execution",
                "authentication_flow",
                "authenticator_config",
                "authenticator_config_entry",
                "broker_link",
                "client",
                "client_attributes",
                "client_auth_flow_bindings",
                "client_scope",
                "client_scope_attributes",
                "client_scope_client",
                "client_scope_role_mapping",
                "component",
                "component_config",
                "composite_role",
                "credential",
                "databasechangelog",
                "databasechangeloglock",
                "default_client_scope",
                "event_entity",
                "fed_user_attribute",
                "federated_identity",
                "group_attribute",
                "group_role_mapping",
                "identity_provider",
                "identity_provider_config",
                "identity_provider_mapper",
                "keycloak_group",
                "keycloak_role",
                "migration_model",
                "offline_client_session",
                "offline_user_session",
                "policy_config",
                "protocol_mapper",
                "protocol_mapper_config",
                "realm",
                "realm_attribute",
                "realm_default_groups",
                "realm_enabled_event_types",
                "realm_events_listeners",
                "realm_required_credential",
                "realm_smtp_config",
                "realm_supported_locales",
                "redirect_uris",
                "required_action_config",
                "required_action_provider",
                "resource_server",
                "role_attribute",
                "scope_mapping",
                "user_attribute",
                "user_consent",
                "user_entity",
                "user_group_membership",
                "user_required_action",
                "user_role_mapping",
                "web_origins",
            ]),
        ),
        (
            "metabase".into(),
            public(&[
                "activity",
                "card_label",
                "collection",
                "core_session",
                "core_user",
                "databasechangelog",
                "databasechangeloglock",
                "metabase_database",
                "metabase_field",
                "metabase_fieldvalues",
                "metabase_table",
                "permissions",
                "permissions_group",
                "permissions_group_membership",
                "query_execution",
                "report_card",
                "report_dashboard",
                "report_dashboardcard",
                "revision",
                "setting",
                "task_history",
                "view_log",
            ]),
        ),
        (
            "outbox_relay".into(),
            public(&[
                "dead_letters",
                "outbox_events",
                "relay_offsets",
                "schema_migrations",
            ]),
        ),
        ("reporting".into(), {
            let mut v: Vec<String> = [
                "marts.daily_sales",
                "marts.customer_ltv",
                "marts.tenant_revenue",
                "marts.refund_rates",
                "marts.cohorts_monthly",
                "marts.inventory_turnover",
                "staging.stg_orders",
                "staging.stg_payments",
                "staging.stg_customers",
                "staging.stg_refunds",
                "public.dbt_runs",
                "public.schema_migrations",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            v.sort_unstable();
            v
        }),
        ("shop_legacy".into(), Vec::new()),
    ];
    // The shards: tenant schemas numbered across the platform.
    let mut next = 7usize;
    let mut planted_schema = String::new();
    let mut lock_schema = String::new();
    for s in 1..=16usize {
        let mut tables = public(&[
            "ar_internal_metadata",
            "schema_migrations",
            "tenant_domains",
            "tenants",
        ]);
        let n = 8 + h(s, 4101) % 3;
        for k in 0..n as usize {
            let schema = format!("tenant_{next:04}");
            if s == 7 && k == 2 {
                planted_schema = schema.clone();
            }
            if s == 3 && k == 5 {
                lock_schema = schema.clone();
            }
            for t in &tenant_tables {
                tables.push(format!("{schema}.{t}"));
            }
            next += 1 + (h(next, 4102) % 7) as usize;
        }
        dbs.push((format!("shop_shard_{s:02}"), tables));
    }
    dbs.push((
        "unleash".into(),
        public(&[
            "api_tokens",
            "client_applications",
            "client_instances",
            "environments",
            "events",
            "feature_environments",
            "feature_strategies",
            "features",
            "migrations",
            "projects",
            "role_user",
            "roles",
            "segments",
            "settings",
            "strategies",
            "users",
        ]),
    ));
    let planted = format!("{planted_schema}.invoice_lines");
    let locked = format!("{lock_schema}.carts");
    let toast_error = "ERROR:  missing chunk number 0 for toast value 1894402 in pg_toast_2891144";
    let n_dbs = dbs.len();
    let stamp = |t: u64| format!("{}+01:00 pg-nightly[412877]:", datetime(t));
    let mut out = String::new();
    let mut t = day(0) + 3_600 + 1;
    let target = "/backup/pg/2026-11-27";
    out.push_str(&format!(
        "{} starting: {n_dbs} databases from /etc/pg-nightly/databases.conf on pg-main-02 (PostgreSQL 16.4), target {target}\n",
        stamp(t)
    ));
    out.push_str(&format!(
        "{} free space on /backup: 1.9T of 7.3T\n",
        stamp(t)
    ));
    let mut done: Vec<String> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    let mut total_mb = 0u64;
    for (k, (db, tables)) in dbs.iter().enumerate() {
        let tag = format!("[{}/{n_dbs}] {db}:", k + 1);
        let mut runs: Vec<DumpRun> = Vec::new();
        if db == "shop_legacy" {
            runs.push(DumpRun::NoDatabase);
            runs.push(DumpRun::NoDatabase);
        } else if db == "shop_shard_03" {
            runs.push(DumpRun::LockTimeout(locked.clone()));
            runs.push(DumpRun::Done);
        } else if db == "shop_shard_07" {
            runs.push(DumpRun::Toast(planted.clone()));
            runs.push(DumpRun::Toast(planted.clone()));
        } else {
            runs.push(DumpRun::Done);
        }
        let attempts = runs.len();
        for (a, run) in runs.iter().enumerate() {
            out.push_str(&format!(
                "{} {tag} pg_dump -Fc -Z 6 -v --lock-wait-timeout=120s -f {target}/{db}.dump {db}\n",
                stamp(t)
            ));
            let began = t;
            match run {
                DumpRun::NoDatabase => {
                    out.push_str(&format!(
                        "pg_dump: error: connection to server on socket \"/var/run/postgresql/.s.PGSQL.5432\" failed: FATAL:  database \"{db}\" does not exist\n"
                    ));
                }
                DumpRun::LockTimeout(table) => {
                    for r in &PG_DUMP_READING[..5] {
                        out.push_str(&format!("pg_dump: {r}\n"));
                    }
                    t += 121;
                    out.push_str(
                        "pg_dump: error: query failed: ERROR:  canceling statement due to lock timeout\n",
                    );
                    out.push_str(&format!(
                        "pg_dump: detail: Query was: LOCK TABLE {table} IN ACCESS SHARE MODE\n"
                    ));
                }
                DumpRun::Done | DumpRun::Toast(_) => {
                    for r in PG_DUMP_READING {
                        out.push_str(&format!("pg_dump: {r}\n"));
                    }
                    t += 2 + tables.len() as u64 / 40;
                    for (i, table) in tables.iter().enumerate() {
                        out.push_str(&format!("pg_dump: dumping contents of table \"{table}\"\n"));
                        let busy = [
                            "orders",
                            "audit_log",
                            "order_items",
                            "shipment_events",
                            "events",
                            "query_log_2026_11",
                            "dashboard_version",
                            "event_entity",
                        ];
                        let name = table.rsplit('.').next().unwrap();
                        t += if busy.contains(&name) {
                            within(i * 31 + k, 4103, 3, 30)
                        } else {
                            within(i * 31 + k, 4104, 0, 2)
                        };
                        if let DumpRun::Toast(bad) = run
                            && table == bad
                        {
                            let (schema, rel) = bad.split_once('.').unwrap();
                            let _ = schema;
                            out.push_str(&format!(
                                "pg_dump: error: Dumping the contents of table \"{rel}\" failed: PQgetResult() failed.\n"
                            ));
                            out.push_str(&format!(
                                "pg_dump: detail: Error message from server: {toast_error}\n"
                            ));
                            out.push_str(&format!(
                                "pg_dump: detail: Command was: COPY {bad} (id, invoice_id, line_no, sku, description, quantity, unit_price_cents, discount_cents, tax_rate, created_at, updated_at) TO stdout;\n"
                            ));
                            break;
                        }
                    }
                }
            }
            let took = t - began;
            let ok = matches!(run, DumpRun::Done);
            if ok {
                let mb = 40 + h(k, 4105) % 4_800 + tables.len() as u64 * 9;
                total_mb += mb;
                let size = if mb >= 1_024 {
                    format!("{:.1}G", mb as f64 / 1_024.0)
                } else {
                    format!("{mb}M")
                };
                out.push_str(&format!("{} {tag} ok, {size} in {took}s\n", stamp(t)));
                done.push(db.clone());
            } else if a + 1 < attempts {
                out.push_str(&format!(
                    "{} {tag} pg_dump exited with status 1 after {took}s; retrying in 60s (attempt {} of {attempts})\n",
                    stamp(t),
                    a + 2
                ));
                t += 60;
            } else {
                out.push_str(&format!(
                    "{} {tag} FAILED after {attempts} attempts, removing partial {target}/{db}.dump\n",
                    stamp(t)
                ));
                failed.push(db.clone());
            }
            t += 1;
        }
    }
    out.push_str(&format!(
        "{} finished: {} of {n_dbs} databases dumped, {} failed ({}), {:.1}G in {}h{:02}m\n",
        stamp(t),
        done.len(),
        failed.len(),
        failed.join(" "),
        total_mb as f64 / 1_024.0,
        (t - day(0) - 3_600) / 3_600,
        (t - day(0) - 3_600) / 60 % 60
    ));
    out.push_str(&format!(
        "{} uploading to s3://nordwind-pg-backups/pg-main-02/2026-11-27/\n",
        stamp(t)
    ));
    for db in &done {
        out.push_str(&format!(
            "upload: ../2026-11-27/{db}.dump to s3://nordwind-pg-backups/pg-main-02/2026-11-27/{db}.dump\n"
        ));
    }
    t += 1_400 + h(1, 4106) % 600;
    out.push_str(&format!("{} pruning dumps older than 14 days\n", stamp(t)));
    for db in dbs.iter().map(|d| &d.0) {
        if db != "shop_legacy" {
            out.push_str(&format!("removed '/backup/pg/2026-11-12/{db}.dump'\n"));
        }
    }
    out.push_str("removed directory '/backup/pg/2026-11-12'\n");
    out.push_str(&format!("{} exit status 1\n", stamp(t + 2)));
    assert_eq!(whole(&out, &planted), 4);
    assert_eq!(whole(&out, toast_error), 2);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "pg_dump -v of a nightly backup script, the table that could not be dumped",
        out,
        "Last night's Postgres backup job on pg-main-02 says it didn't fully succeed. Which table could it not back up in the end, and what exactly did the database complain about?",
        &[&planted, "missing chunk number 0 for toast value 1894402"],
    )
}

/// `n` characters of the alphabet Kubernetes draws the random parts of
/// generated names from, fixed by the hash of `i`.
fn k8s_chars(i: usize, salt: u64, n: usize) -> String {
    let abc = b"bcdfghjklmnpqrstvwxz2456789";
    (0..n)
        .map(|k| abc[(h(i * 17 + k, salt) % abc.len() as u64) as usize] as char)
        .collect()
}

/// `[2026/11/27 02:41:33]`: a time as Fluent Bit's log writes it.
fn fb_stamp(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("[{y}/{m:02}/{d:02} {}]", clock(t % 86_400))
}

/// Lines of a log with their times, put in order at the end (lines of
/// one time keep the order they were added in).
struct Timeline {
    lines: Vec<(u64, u64, String)>,
    n: u64,
}

impl Timeline {
    fn new() -> Timeline {
        Timeline {
            lines: Vec::new(),
            n: 0,
        }
    }

    fn at(&mut self, t: u64, text: String) {
        self.lines.push((t, self.n, text));
        self.n += 1;
    }

    fn text(mut self) -> String {
        self.lines.sort_by_key(|l| (l.0, l.1));
        let mut out = String::new();
        for (_, _, l) in self.lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

/// A container whose log the Fluent Bit case tails.
struct Tailed {
    ns: &'static str,
    pod: String,
    container: &'static str,
    id: String,
    inode: u64,
    watch: u64,
}

impl Tailed {
    fn path(&self) -> String {
        format!(
            "/var/log/containers/{}_{}_{}-{}.log",
            self.pod, self.ns, self.container, self.id
        )
    }
}

/// Why one flush of a chunk to Elasticsearch failed, as the lines before
/// the engine's `failed to flush chunk` say.
fn es_failure(k: usize, t: u64, overload: bool, log: &mut Timeline) {
    let s = fb_stamp(t);
    let r = h(k, 4201) % 10;
    if overload && r < 7 {
        let bytes = 510_027_366 + h(k, 4202) % 900_000;
        let op = 2_000_000 + h(k, 4203) % 6_000_000;
        let reason = format!(
            "rejected execution of coordinating operation [coordinating_and_primary_bytes={bytes}, replica_bytes=0, all_bytes={bytes}, coordinating_operation_bytes={op}, max_coordinating_and_primary_bytes=510027366]"
        );
        log.at(
            t,
            format!(
                "{s} [error] [output:es:es.0] HTTP status=429 URI=/_bulk, response:\n{{\"error\":{{\"root_cause\":[{{\"type\":\"es_rejected_execution_exception\",\"reason\":\"{reason}\"}}],\"type\":\"es_rejected_execution_exception\",\"reason\":\"{reason}\"}},\"status\":429}}\n"
            ),
        );
    } else if r < 8 {
        log.at(
            t,
            format!(
                "{s} [error] [upstream] connection #{} to tcp://10.100.41.12:9200 timed out after 10 seconds (connection timeout)",
                40 + h(k, 4204) % 90
            ),
        );
    } else if r < 9 {
        log.at(
            t,
            format!(
                "{s} [error] [http_client] broken connection to es-logs-es-http.logging.svc:9200 ?"
            ),
        );
    } else {
        log.at(
            t,
            format!(
                "{s} [error] [output:es:es.0] HTTP status=503 URI=/_bulk, response:\n{{\"error\":{{\"root_cause\":[{{\"type\":\"unavailable_shards_exception\",\"reason\":\"[logs-shop-2026.11.27][{}] primary shard is not active Timeout: [1m], request: [BulkShardRequest [[logs-shop-2026.11.27][{}]] containing [{}] requests]\"}}],\"type\":\"unavailable_shards_exception\",\"reason\":\"[logs-shop-2026.11.27][{}] primary shard is not active\"}},\"status\":503}}\n",
                h(k, 4205) % 6,
                h(k, 4205) % 6,
                100 + h(k, 4206) % 900,
                h(k, 4205) % 6
            ),
        );
    }
}

/// A chunk's flushes: it fails once per delay in `retries` (each
/// failure followed by its retry), then succeeds, or, when `lost`, fails
/// once more and is dropped.
#[allow(clippy::too_many_arguments)]
fn fb_chunk(
    k: usize,
    t0: u64,
    task: u64,
    route: &str,
    retries: &[u64],
    lost: bool,
    overload: bool,
    log: &mut Timeline,
) -> (String, u64) {
    let chunk = format!(
        "1-{}.{:09}.flb",
        t0 - 1 - h(k, 4210) % 4,
        h(k, 4211) % 1_000_000_000
    );
    let mut t = t0;
    for (n, delay) in retries.iter().enumerate() {
        if route.contains("es.0") {
            es_failure(k * 11 + n, t, overload, log);
        } else {
            log.at(
                t,
                format!(
                    "{} [error] [output:s3:s3.1] PutObject request failed",
                    fb_stamp(t)
                ),
            );
        }
        log.at(
            t,
            format!(
                "{} [ warn] [engine] failed to flush chunk '{chunk}', retry in {delay} seconds: task_id={task}, {route}",
                fb_stamp(t)
            ),
        );
        t += delay;
    }
    if lost {
        es_failure(k * 11 + 9, t, overload, log);
        let short = route.split(" (out_id").next().unwrap();
        log.at(
            t,
            format!(
                "{} [ warn] [engine] chunk '{chunk}' cannot be retried: task_id={task}, {short}",
                fb_stamp(t)
            ),
        );
    } else {
        log.at(
            t,
            format!(
                "{} [ info] [engine] flush chunk '{chunk}' succeeded at retry {}: task_id={task}, {route}",
                fb_stamp(t),
                retries.len()
            ),
        );
    }
    (chunk, t)
}

/// The log of the Fluent Bit pod (3.1.9) of one Kubernetes node
/// (`ip-10-40-3-117`), from its start at 18:00 to 09:30 the next
/// morning: it tails the node's container logs into Elasticsearch
/// (`es.0`, `Retry_Limit 5`) and the journal into S3 (`s3.1`). Pods
/// start and stop (cron jobs every quarter hour), logs rotate, uploads
/// to S3 succeed every ten minutes, and now and then a bulk request to
/// Elasticsearch fails and its retry succeeds; from 01:50 to 03:10 the
/// cluster is overloaded: hundreds of 429s, timeouts, chunks retried up
/// to five times that get through in the end, the tail input paused
/// for its memory limit. One chunk fails its sixth attempt at 02:41:33
/// and is dropped ("cannot be retried", a warning, among `[error]`s).
fn fluent_bit_lost_chunk() -> Case {
    let start = day(-1) + 18 * 3_600 + 3;
    let end = day(0) + 9 * 3_600 + 30 * 60;
    let mut log = Timeline::new();
    let s0 = fb_stamp(start);
    let mut head = String::from(
        "Fluent Bit v3.1.9\n* Copyright (C) 2015-2024 The Fluent Bit Authors\n* Fluent Bit is a CNCF sub-project under the umbrella of Fluentd\n* https://fluentbit.io\n\n",
    );
    head.push_str(
        "______ _                  _    ______ _ _           _____  __  \n|  ___| |                | |   | ___ (_) |         |____ |/  | \n| |_  | |_   _  ___ _ __ | |_  | |_/ /_| |_  __   __   / /`| | \n|  _| | | | | |/ _ \\ '_ \\| __| | ___ \\ | __| \\ \\ / /   \\ \\ | | \n| |   | | |_| |  __/ | | | |_  | |_/ / | |_   \\ V /.___/ /_| |_\n\\_|   |_|\\__,_|\\___|_| |_|\\__| \\____/|_|\\__|   \\_/ \\____(_)___/\n\n",
    );
    for l in [
        "[ info] [fluent bit] version=3.1.9, commit=431fa79ae2, pid=1",
        "[ info] [storage] ver=1.5.2, type=memory+filesystem, sync=normal, checksum=off, max_chunks_up=128",
        "[ info] [storage] backlog input plugin: storage_backlog.2",
        "[ info] [cmetrics] version=0.9.5",
        "[ info] [ctraces ] version=0.5.6",
        "[ info] [input:tail:tail.0] initializing",
        "[ info] [input:tail:tail.0] storage_strategy='filesystem' (memory + filesystem)",
        "[ info] [input:tail:tail.0] multiline core started",
        "[ info] [input:systemd:systemd.1] initializing",
        "[ info] [input:systemd:systemd.1] storage_strategy='filesystem' (memory + filesystem)",
        "[ info] [input:storage_backlog:storage_backlog.2] initializing",
        "[ info] [input:storage_backlog:storage_backlog.2] storage_strategy='memory' (memory only)",
        "[ info] [input:storage_backlog:storage_backlog.2] queue memory limit: 47.7M",
        "[ info] [filter:kubernetes:kubernetes.0] https=1 host=kubernetes.default.svc port=443",
        "[ info] [filter:kubernetes:kubernetes.0]  token updated",
        "[ info] [filter:kubernetes:kubernetes.0] local POD info OK",
        "[ info] [filter:kubernetes:kubernetes.0] testing connectivity with API server...",
        "[ info] [filter:kubernetes:kubernetes.0] connectivity OK",
        "[ info] [output:es:es.0] worker #0 started",
        "[ info] [output:es:es.0] worker #1 started",
        "[ info] [output:s3:s3.1] Using upload size 50000000 bytes",
        "[ info] [output:s3:s3.1] worker #0 started",
        "[ info] [http_server] listen iface=0.0.0.0 tcp_port=2020",
        "[ info] [sp] stream processor started",
    ] {
        head.push_str(&format!("{s0} {l}\n"));
    }
    // The node's long-running containers.
    let long: [(&str, &str, &str); 24] = [
        ("shop", "checkout-api", "checkout-api"),
        ("shop", "cart-api", "cart-api"),
        ("shop", "catalog-api", "catalog-api"),
        ("shop", "search-api", "search-api"),
        ("shop", "storefront-web", "storefront"),
        ("shop", "recommendations", "recommendations"),
        ("shop", "mailer", "mailer"),
        ("shop", "order-events-consumer", "consumer"),
        ("shop", "inventory-sync", "inventory-sync"),
        ("payments", "payments-api", "payments-api"),
        ("payments", "payments-worker", "worker"),
        ("payments", "fraud-scoring", "scorer"),
        ("ingress-nginx", "ingress-nginx-controller", "controller"),
        ("kube-system", "kube-proxy", "kube-proxy"),
        ("kube-system", "aws-node", "aws-node"),
        ("kube-system", "ebs-csi-node", "ebs-plugin"),
        ("kube-system", "ebs-csi-node", "node-driver-registrar"),
        ("kube-system", "coredns", "coredns"),
        ("monitoring", "node-exporter", "node-exporter"),
        ("monitoring", "kube-state-metrics", "kube-state-metrics"),
        ("monitoring", "prometheus-agent", "prometheus"),
        ("cert-manager", "cert-manager", "cert-manager"),
        ("logging", "fluent-bit", "fluent-bit"),
        ("shop", "session-store-redis", "redis"),
    ];
    let mut watch = 1u64;
    let mut inode = 1_181_693u64;
    let pod_name = |base: &str, k: usize| -> String {
        let daemon = [
            "kube-proxy",
            "aws-node",
            "ebs-csi-node",
            "node-exporter",
            "fluent-bit",
        ];
        if daemon.contains(&base) {
            format!("{base}-{}", k8s_chars(k, 4220, 5))
        } else {
            format!(
                "{base}-{}-{}",
                k8s_chars(k, 4221, 10),
                k8s_chars(k, 4222, 5)
            )
        }
    };
    let mut tailed: Vec<Tailed> = Vec::new();
    for (k, (ns, base, container)) in long.iter().enumerate() {
        let first = long.iter().position(|l| l.1 == *base).unwrap();
        let pod = pod_name(base, first);
        inode += 1 + h(k, 4223) % 4_000;
        let c = Tailed {
            ns,
            pod,
            container,
            id: hex(k, 4224, 64),
            inode,
            watch,
        };
        watch += 1;
        head.push_str(&format!(
            "{s0} [ info] [input:tail:tail.0] inotify_fs_add(): inode={} watch_fd={} name={}\n",
            c.inode,
            c.watch,
            c.path()
        ));
        tailed.push(c);
    }
    head.push_str(&format!(
        "{s0} [ info] [input:storage_backlog:storage_backlog.2] register tail.0/1-{}.{:09}.flb\n",
        start - 412,
        h(1, 4225) % 1_000_000_000
    ));
    // Cron jobs every quarter hour: a pod that runs a few minutes.
    let crons: [(&str, &str, u64); 3] = [
        ("feed-export", "export", 15),
        ("cart-reminders", "reminders", 30),
        ("search-reindex-delta", "reindex", 60),
    ];
    let mut k = 0usize;
    let mut t = start + 60 - start % 60;
    while t < end {
        let minute = t / 60;
        for (c, (base, container, every)) in crons.iter().enumerate() {
            if minute % every == (c as u64 * 5) % every {
                k += 1;
                inode += 1 + h(k, 4226) % 9_000;
                let pod = format!("{base}-{}-{}", minute, k8s_chars(k, 4227, 5));
                let p = Tailed {
                    ns: "batch",
                    pod,
                    container,
                    id: hex(k, 4228, 64),
                    inode,
                    watch,
                };
                watch += 1;
                let up = t + 2 + h(k, 4229) % 4;
                log.at(
                    up,
                    format!(
                        "{} [ info] [input:tail:tail.0] inotify_fs_add(): inode={} watch_fd={} name={}",
                        fb_stamp(up),
                        p.inode,
                        p.watch,
                        p.path()
                    ),
                );
                let gone = up + 70 + h(k, 4230) % 400;
                log.at(
                    gone,
                    format!(
                        "{} [ info] [input:tail:tail.0] inode={} file has been deleted: {}",
                        fb_stamp(gone),
                        p.inode,
                        p.path()
                    ),
                );
                log.at(
                    gone,
                    format!(
                        "{} [ info] [input:tail:tail.0] inotify_fs_remove(): inode={} watch_fd={}",
                        fb_stamp(gone),
                        p.inode,
                        p.watch
                    ),
                );
            }
        }
        if minute % 10 == 4 {
            let up = t + 12 + h(minute as usize, 4231) % 20;
            let (y, m, d) = civil(up / 86_400);
            let hh = up % 86_400 / 3_600;
            let mm = up % 3_600 / 60;
            log.at(
                up,
                format!(
                    "{} [ info] [output:s3:s3.1] Successfully uploaded object /nordwind-node-journal/ip-10-40-3-117/{y}/{m:02}/{d:02}/{hh:02}/{mm:02}/{:02}-object{}",
                    fb_stamp(up),
                    up % 60,
                    letters(minute as usize, 4232, 8)
                ),
            );
        }
        t += 60;
    }
    // Rotations of the busy logs, and buffer complaints.
    let mut t = start + 300;
    let mut r = 0usize;
    while t < end {
        r += 1;
        let busy = [0usize, 1, 2, 4, 9, 12, 10];
        let c = &mut tailed[busy[h(r, 4233) as usize % busy.len()]];
        let old = c.path();
        let (y, m, d) = civil(t / 86_400);
        let rotated = format!(
            "/var/log/pods/{}_{}_{}/{}/0.log.{y}{m:02}{d:02}-{}",
            c.ns,
            c.pod,
            uuid(r, 4234),
            c.container,
            clock(t % 86_400).replace(':', "")
        );
        log.at(
            t,
            format!(
                "{} [ info] [input:tail:tail.0] inode={} handle rotation(): {old} => {rotated}",
                fb_stamp(t),
                c.inode
            ),
        );
        let later = t + 4 + h(r, 4235) % 20;
        log.at(
            later,
            format!(
                "{} [ info] [input:tail:tail.0] inotify_fs_remove(): inode={} watch_fd={}",
                fb_stamp(later),
                c.inode,
                c.watch
            ),
        );
        inode += 1 + h(r, 4236) % 3_000;
        c.inode = inode;
        c.watch = watch;
        watch += 1;
        log.at(
            t,
            format!(
                "{} [ info] [input:tail:tail.0] inotify_fs_add(): inode={} watch_fd={} name={old}",
                fb_stamp(t),
                c.inode,
                c.watch
            ),
        );
        t += 400 + h(r, 4237) % 1_200;
    }
    let mut t = start + 40;
    let mut b = 0usize;
    while t < end {
        b += 1;
        match h(b, 4238) % 5 {
            0 | 1 => log.at(
                t,
                format!(
                    "{} [ warn] [http_client] cannot increase buffer: current=512000 requested={} max=512000",
                    fb_stamp(t),
                    512_000 + 32_768 * (1 + h(b, 4239) % 4)
                ),
            ),
            2 => log.at(
                t,
                format!(
                    "{} [ warn] [input:tail:tail.0] file={} have long lines. Skipping long lines.",
                    fb_stamp(t),
                    tailed[[4usize, 12, 5][h(b, 4240) as usize % 3]].path()
                ),
            ),
            3 => log.at(
                t,
                format!(
                    "{} [ info] [filter:kubernetes:kubernetes.0]  token updated",
                    fb_stamp(t)
                ),
            ),
            _ => log.at(
                t,
                format!(
                    "{} [ warn] [net] getaddrinfo(host='es-logs-es-http.logging.svc', err=12): Timeout while contacting DNS servers",
                    fb_stamp(t)
                ),
            ),
        }
        t += 45 + h(b, 4241) % 220;
    }
    // Flushes that fail: now and then through the evening and morning,
    // often from 01:50 to 03:10.
    let es = "input=tail.0 > output=es.0 (out_id=0)";
    let s3 = "input=systemd.1 > output=s3.1 (out_id=1)";
    let busy_from = day(0) + 3_600 + 50 * 60;
    let busy_to = day(0) + 2 * 3_600 + 58 * 60;
    let planted_at = day(0) + 2 * 3_600 + 38 * 60 + 15;
    let mut t = start + 200;
    let mut c = 0usize;
    let mut planted_chunk = String::new();
    let mut lost_at = 0;
    let mut paused = false;
    while t < end {
        c += 1;
        let overload = (busy_from..busy_to).contains(&t);
        let task = match h(c, 4242) % 24 {
            7 => 24,
            n => n,
        };
        if t >= planted_at && planted_chunk.is_empty() {
            let (chunk, at) = fb_chunk(
                c,
                planted_at,
                7,
                es,
                &[9, 17, 28, 51, 93],
                true,
                true,
                &mut log,
            );
            planted_chunk = chunk;
            lost_at = at;
            c += 1;
        }
        let tries = if overload {
            1 + h(c, 4243) % 5
        } else {
            1 + u64::from(h(c, 4244).is_multiple_of(7))
        };
        let mut delays = Vec::new();
        for n in 0..tries {
            delays.push(5 + h(c * 7 + n as usize, 4245) % (6 << n));
        }
        let route = if !overload && h(c, 4246).is_multiple_of(6) {
            s3
        } else {
            es
        };
        fb_chunk(c, t, task, route, &delays, false, overload, &mut log);
        if overload && !paused && h(c, 4247).is_multiple_of(5) {
            log.at(
                t,
                format!(
                    "{} [ warn] [input] tail.0 paused (mem buf overlimit)",
                    fb_stamp(t)
                ),
            );
            paused = true;
        } else if paused && h(c, 4248).is_multiple_of(2) {
            log.at(
                t + 3,
                format!(
                    "{} [ info] [input] tail.0 resume (mem buf overlimit)",
                    fb_stamp(t + 3)
                ),
            );
            paused = false;
        }
        t += if overload {
            8 + h(c, 4249) % 16
        } else {
            300 + h(c, 4250) % 1_800
        };
    }
    let mut out = head;
    out.push_str(&log.text());
    let lost = fb_stamp(lost_at);
    let when = &lost[1..lost.len() - 1];
    assert_eq!(when, "2026/11/27 02:41:33");
    assert_eq!(out.matches("cannot be retried").count(), 1);
    assert_eq!(whole(&out, &planted_chunk), 6);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "Fluent Bit log of a node overnight, the chunk it gave up on",
        out,
        "Did the log shipper on that node end up throwing away any logs last night instead of getting them into Elasticsearch? If so, when did it give up, and on which batch?",
        &["2026/11/27 02:41:33", &planted_chunk],
    )
}

/// `d` as C's `printf("%1.{prec}g")` writes it.
fn c_g(d: f64, prec: usize) -> String {
    if d == 0.0 {
        return "0".into();
    }
    let trim = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    let sci = format!("{:.*e}", prec - 1, d);
    let (mant, exp) = sci.split_once('e').unwrap();
    let exp: i32 = exp.parse().unwrap();
    if exp < -4 || exp >= prec as i32 {
        format!(
            "{}e{}{:02}",
            trim(mant.to_string()),
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    } else {
        trim(format!("{:.*}", (prec as i32 - 1 - exp) as usize, d))
    }
}

/// A number as cJSON (which iperf3 bundles) prints it: a whole number
/// as an integer, else with 15 significant digits if they read back as
/// the same double, else with 17.
fn cjson_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    let d = n.as_f64().unwrap();
    if d.fract() == 0.0 && d.abs() <= i32::MAX as f64 {
        return format!("{}", d as i64);
    }
    let s = c_g(d, 15);
    let back: f64 = s.parse().unwrap();
    if (back - d).abs() <= back.abs().max(d.abs()) * f64::EPSILON {
        s
    } else {
        c_g(d, 17)
    }
}

/// `v` as cJSON's `cJSON_Print` formats it: tabs, `"key":<TAB>value`,
/// arrays on one line with `, ` between elements.
fn cjson(v: &Value, depth: &mut usize, out: &mut String) {
    match v {
        Value::Object(m) => {
            out.push('{');
            *depth += 1;
            out.push('\n');
            let n = m.len();
            for (i, (k, x)) in m.iter().enumerate() {
                for _ in 0..*depth {
                    out.push('\t');
                }
                out.push_str(&serde_json::to_string(k).unwrap());
                out.push_str(":\t");
                cjson(x, depth, out);
                if i + 1 < n {
                    out.push(',');
                }
                out.push('\n');
            }
            for _ in 0..*depth - 1 {
                out.push('\t');
            }
            out.push('}');
            *depth -= 1;
        }
        Value::Array(a) => {
            out.push('[');
            *depth += 1;
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                cjson(x, depth, out);
            }
            out.push(']');
            *depth -= 1;
        }
        Value::Number(n) => out.push_str(&cjson_number(n)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        Value::String(s) => out.push_str(&serde_json::to_string(s).unwrap()),
    }
}

/// `f` as a JSON number (whole numbers included as doubles).
fn num(f: f64) -> Value {
    Value::Number(serde_json::Number::from_f64(f).unwrap())
}

/// `iperf3 -c 10.80.0.40 -P 2 -t 720 -J` from the backup gateway of the
/// head office to the DR site over the 1 Gbit/s WAN line, run by cron at
/// 02:30 (iperf 3.16, cJSON's tab-indented print): 720 one-second
/// intervals of two streams, near 940 Mbit/s together. From 381 s to
/// 405 s the line falters (retransmits, a collapsed window, rtt up to
/// 180 ms) and the sum falls to a few Mbit/s, lowest at one interval;
/// at 212 s one stream retransmits 1,843 segments at full speed, and at
/// 530 s one stream stalls for a second (0 bits per second) while the
/// other takes the whole line, so that no sum is low there.
fn iperf3_worst_second() -> Case {
    let secs = 720usize;
    // Interval ends, microseconds past the second, and the doubles
    // iperf3 computes from them.
    let ends: Vec<String> = (0..secs)
        .map(|k| {
            format!(
                "{}.{:06}",
                k + 1,
                30 + h(k, 4301) % 160 + (k as u64 % 7) * 3
            )
        })
        .collect();
    let endf: Vec<f64> = ends.iter().map(|s| s.parse().unwrap()).collect();
    let blk = 131_072u64;
    let mut intervals = Vec::new();
    let mut sums: Vec<(usize, u64, f64)> = Vec::new();
    let mut totals = [0u64; 2];
    let mut retr_total = [0u64; 2];
    let mut max_cwnd = [0u64; 2];
    let mut max_rtt = [0u64; 2];
    let mut min_rtt = [u64::MAX; 2];
    let mut rtt_sum = [0u64; 2];
    let worst = 394usize;
    for k in 0..secs {
        let start = if k == 0 { 0.0 } else { endf[k - 1] };
        let seconds = ((endf[k] - start) as f32) as f64;
        let falter = (381..=405).contains(&k);
        let mut streams = Vec::new();
        let mut sum_bytes = 0u64;
        let mut sum_retr = 0u64;
        for s in 0..2usize {
            let i = k * 2 + s;
            let blocks = if k == worst {
                1
            } else if falter {
                let depth = (k as i64 - 394).unsigned_abs();
                3 + depth * 2 + h(i, 4302) % (4 + depth * 6)
            } else if k == 530 {
                if s == 0 { 0 } else { 893 }
            } else if k == 531 {
                if s == 0 { 120 } else { 771 }
            } else {
                430 + h(i, 4303) % 36
            };
            let bytes = blocks * blk;
            let retr = if falter {
                40 + h(i, 4304) % 380
            } else if k == 212 && s == 1 {
                1_843
            } else if h(i, 4305).is_multiple_of(9) {
                1 + h(i, 4306) % 40
            } else {
                0
            };
            let cwnd = if falter {
                14_480 + h(i, 4307) % 60_000
            } else {
                1_200_000 + h(i, 4308) % 2_300_000
            };
            let rtt = if falter {
                40_000 + h(i, 4309) % 140_000
            } else {
                11_000 + h(i, 4310) % 2_200
            };
            let rttvar = rtt / 12 + h(i, 4311) % 400;
            let bps = bytes as f64 * 8.0 / seconds;
            totals[s] += bytes;
            retr_total[s] += retr;
            max_cwnd[s] = max_cwnd[s].max(cwnd);
            max_rtt[s] = max_rtt[s].max(rtt);
            min_rtt[s] = min_rtt[s].min(rtt);
            rtt_sum[s] += rtt;
            sum_bytes += bytes;
            sum_retr += retr;
            streams.push(json!({
                "socket": 5 + s,
                "start": num(start),
                "end": num(endf[k]),
                "seconds": num(seconds),
                "bytes": bytes,
                "bits_per_second": num(bps),
                "retransmits": retr,
                "snd_cwnd": cwnd,
                "snd_wnd": 3_145_728,
                "rtt": rtt,
                "rttvar": rttvar,
                "pmtu": 1500,
                "omitted": false,
                "sender": true
            }));
        }
        let sum_bps = sum_bytes as f64 * 8.0 / seconds;
        sums.push((k, sum_bytes, sum_bps));
        intervals.push(json!({
            "streams": streams,
            "sum": {
                "start": num(start),
                "end": num(endf[k]),
                "seconds": num(seconds),
                "bytes": sum_bytes,
                "bits_per_second": num(sum_bps),
                "retransmits": sum_retr,
                "omitted": false,
                "sender": true
            }
        }));
    }
    let span = endf[secs - 1];
    let mut end_streams = Vec::new();
    for s in 0..2usize {
        let recv = totals[s] - blk * (2 + s as u64);
        end_streams.push(json!({
            "sender": {
                "socket": 5 + s,
                "start": 0,
                "end": num(span),
                "seconds": num(span),
                "bytes": totals[s],
                "bits_per_second": num(totals[s] as f64 * 8.0 / span),
                "retransmits": retr_total[s],
                "max_snd_cwnd": max_cwnd[s],
                "max_snd_wnd": 3_145_728,
                "max_rtt": max_rtt[s],
                "min_rtt": min_rtt[s],
                "mean_rtt": rtt_sum[s] / secs as u64,
                "sender": true
            },
            "receiver": {
                "socket": 5 + s,
                "start": 0,
                "end": num(span + 0.011_402),
                "seconds": num(span),
                "bytes": recv,
                "bits_per_second": num(recv as f64 * 8.0 / (span + 0.011_402)),
                "sender": true
            }
        }));
    }
    let total: u64 = totals.iter().sum();
    let retr: u64 = retr_total.iter().sum();
    let received = total - blk * 5;
    let t0 = day(0) + 2 * 3_600 + 30 * 60 + 1;
    let doc = json!({
        "start": {
            "connected": [
                {"socket": 5, "local_host": "10.20.0.15", "local_port": 48_214, "remote_host": "10.80.0.40", "remote_port": 5201},
                {"socket": 6, "local_host": "10.20.0.15", "local_port": 48_216, "remote_host": "10.80.0.40", "remote_port": 5201}
            ],
            "version": "iperf 3.16",
            "system_info": "Linux backup-gw-01 6.1.0-26-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-10-07) x86_64",
            "timestamp": {"time": "Fri, 27 Nov 2026 02:30:01 GMT", "timesecs": t0},
            "connecting_to": {"host": "10.80.0.40", "port": 5201},
            "cookie": "qk4vz7m3xw5hjd2rgnt6byaepc1lsofu2i7y",
            "tcp_mss_default": 1448,
            "target_bitrate": 0,
            "fq_rate": 0,
            "sock_bufsize": 0,
            "sndbuf_actual": 16_384,
            "rcvbuf_actual": 131_072,
            "test_start": {
                "protocol": "TCP",
                "num_streams": 2,
                "blksize": 131_072,
                "omit": 0,
                "duration": secs,
                "bytes": 0,
                "blocks": 0,
                "reverse": 0,
                "tos": 0,
                "target_bitrate": 0,
                "bidir": 0,
                "fqrate": 0,
                "interval_target": 0
            }
        },
        "intervals": intervals,
        "end": {
            "streams": end_streams,
            "sum_sent": {
                "start": 0,
                "end": num(span),
                "seconds": num(span),
                "bytes": total,
                "bits_per_second": num(total as f64 * 8.0 / span),
                "retransmits": retr,
                "sender": true
            },
            "sum_received": {
                "start": 0,
                "end": num(span + 0.011_402),
                "seconds": num(span + 0.011_402),
                "bytes": received,
                "bits_per_second": num(received as f64 * 8.0 / (span + 0.011_402)),
                "sender": true
            },
            "cpu_utilization_percent": {
                "host_total": num(7.412_338_194_016_113),
                "host_user": num(0.284_140_513_312_561_5),
                "host_system": num(7.128_198_722_404_386),
                "remote_total": num(11.902_877_416_352_29),
                "remote_user": num(0.597_165_276_451_913_1),
                "remote_system": num(11.305_713_512_913_82)
            },
            "sender_tcp_congestion": "cubic",
            "receiver_tcp_congestion": "cubic"
        }
    });
    let mut out = String::new();
    cjson(&doc, &mut 0, &mut out);
    out.push('\n');
    let low = sums
        .iter()
        .min_by(|a, b| a.2.partial_cmp(&b.2).unwrap())
        .unwrap();
    assert_eq!(low.0, worst);
    assert_eq!(sums.iter().filter(|s| s.1 == low.1).count(), 1);
    let start = cjson_number(&serde_json::Number::from_f64(endf[worst - 1]).unwrap());
    let bps = cjson_number(&serde_json::Number::from_f64(low.2).unwrap());
    assert_eq!(whole(&out, &bps), 1, "{bps}");
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "iperf3 -J to the DR site, the worst second",
        out,
        "We ran a 12-minute iperf3 test from the backup gateway to the DR site overnight. In which one-second stretch was the combined throughput at its worst, and how low did it get?",
        &[&start, &bps],
    )
    .with_jq(
        ".intervals | min_by(.sum.bits_per_second) | .sum | .start, .bits_per_second",
        vec![
            format!("{}", start.parse::<f64>().unwrap()),
            format!("{}", bps.parse::<f64>().unwrap()),
        ],
    )
}

/// `v` as Jackson's default pretty printer writes it (Keycloak's admin
/// CLI prints its answers so): `"key" : value`, two spaces a level of
/// objects, arrays inline as `[ a, b ]`, empty ones as `{ }` and `[ ]`.
fn jackson(v: &Value, nest: usize, out: &mut String) {
    match v {
        Value::Object(m) if m.is_empty() => out.push_str("{ }"),
        Value::Object(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('\n');
                out.push_str(&"  ".repeat(nest + 1));
                out.push_str(&serde_json::to_string(k).unwrap());
                out.push_str(" : ");
                jackson(x, nest + 1, out);
            }
            out.push('\n');
            out.push_str(&"  ".repeat(nest));
            out.push('}');
        }
        Value::Array(a) if a.is_empty() => out.push_str("[ ]"),
        Value::Array(a) => {
            out.push_str("[ ");
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                jackson(x, nest, out);
            }
            out.push_str(" ]");
        }
        other => out.push_str(&other.to_string()),
    }
}

const SURNAMES: [&str; 64] = [
    "berger",
    "schneider",
    "fischer",
    "weber",
    "meyer",
    "wagner",
    "becker",
    "schulz",
    "hoffmann",
    "koch",
    "richter",
    "klein",
    "wolf",
    "schroeder",
    "neumann",
    "schwarz",
    "zimmermann",
    "braun",
    "krueger",
    "hofmann",
    "hartmann",
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
    "koenig",
    "walter",
    "mayer",
    "huber",
    "kaiser",
    "fuchs",
    "peters",
    "lang",
    "scholz",
    "moeller",
    "weiss",
    "jung",
    "hahn",
    "vogel",
    "friedrich",
    "keller",
    "guenther",
    "frank",
    "berg",
    "kowalczyk",
    "nowak",
    "yilmaz",
    "demir",
    "sahin",
    "popescu",
    "novak",
    "horvat",
    "rossi",
    "jansen",
    "de.vries",
    "olsen",
    "lindqvist",
];

/// Usernames `j.berger`, unique, fixed by the hash of `salt`.
fn staff(n: usize, salt: u64) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < n {
        let initial = (b'a' + (h(i, salt) % 26) as u8) as char;
        let name = format!("{initial}.{}", SURNAMES[(h(i, salt + 1) % 64) as usize]);
        if seen.insert(name.clone()) {
            out.push(name);
        }
        i += 1;
    }
    out
}

/// One event of Keycloak's login events, as the admin REST API returns
/// it (fields left out when empty).
#[allow(clippy::too_many_arguments)]
fn kc_event(
    ms: u64,
    kind: &str,
    client: &str,
    user: Option<&str>,
    session: Option<&str>,
    ip: &str,
    error: Option<&str>,
    details: Value,
) -> (u64, Value) {
    let mut m = Map::new();
    m.insert("time".into(), json!(ms));
    m.insert("type".into(), json!(kind));
    m.insert(
        "realmId".into(),
        json!("6f1c2a9e-4b7d-4c35-9a0e-8d2f5b1e7c43"),
    );
    m.insert("clientId".into(), json!(client));
    if let Some(u) = user {
        m.insert("userId".into(), json!(u));
    }
    if let Some(s) = session {
        m.insert("sessionId".into(), json!(s));
    }
    m.insert("ipAddress".into(), json!(ip));
    if let Some(e) = error {
        m.insert("error".into(), json!(e));
    }
    m.insert("details".into(), details);
    (ms, Value::Object(m))
}

/// `kcadm.sh get events -r nordwind --offset 0 --limit 2000` the next
/// morning (Keycloak 22, its login events of 26 Nov, newest first, as
/// the admin CLI prints them): some 200 staff signing in to the
/// intranet, GitLab, Grafana, Nextcloud, Jira and the HR portal, tokens
/// exchanged and refreshed, mistyped passwords, password resets, new
/// staff setting up their authenticator app, a credential-stuffing run
/// against the VPN portal (`user_not_found`), and service accounts
/// (one of them `otp-compliance-report`, the two-factor audit) signing
/// in every quarter of an hour. Over lunch, one employee, from home,
/// mistypes, signs in to the account console and removes their
/// authenticator (`REMOVE_TOTP`), the day's only one.
fn keycloak_two_factor_off() -> Case {
    let planted_user = "t.hartmann";
    let planted_ip = "91.64.208.133";
    let mut users = staff(165, 4401);
    if !users.iter().any(|u| u == planted_user) {
        users[97] = planted_user.to_string();
    }
    let ids: Vec<String> = (0..users.len()).map(|i| uuid(i, 4402)).collect();
    let clients: [(&str, &str, bool); 7] = [
        (
            "intranet",
            "https://intranet.nordwind.de/oauth2/callback",
            true,
        ),
        (
            "gitlab",
            "https://gitlab.nordwind.de/users/auth/openid_connect/callback",
            true,
        ),
        (
            "grafana",
            "https://grafana.nordwind.de/login/generic_oauth",
            true,
        ),
        (
            "nextcloud",
            "https://cloud.nordwind.de/apps/user_oidc/code",
            true,
        ),
        (
            "jira",
            "https://jira.nordwind.de/plugins/servlet/oidc/callback",
            true,
        ),
        ("hr-portal", "https://hr.nordwind.de/auth/callback", true),
        (
            "account-console",
            "https://sso.nordwind.de/realms/nordwind/account/#/security/signingin",
            false,
        ),
    ];
    let base = day(-1) * 1_000;
    let mut events: Vec<(u64, Value)> = Vec::new();
    let ip_of = |u: usize, k: usize| -> String {
        match h(u * 3 + k, 4403) % 10 {
            0..=5 => format!("10.10.{}.{}", 20 + u % 40, 10 + h(u, 4404) % 230),
            6 | 7 => format!(
                "10.8.{}.{}",
                h(u * 5 + k, 4405) % 4,
                2 + h(u * 7 + k, 4406) % 250
            ),
            _ => format!(
                "{}.{}.{}.{}",
                [84, 91, 93, 109, 178, 217][(h(u, 4407) % 6) as usize],
                h(u, 4408) % 250 + 2,
                h(u, 4409) % 250 + 2,
                h(u, 4410) % 250 + 2
            ),
        }
    };
    let login = |ms: u64,
                 client: (&str, &str, bool),
                 u: usize,
                 name: &str,
                 ip: &str,
                 k: usize,
                 events: &mut Vec<(u64, Value)>| {
        let session = uuid(k, 4411);
        events.push(kc_event(
            ms,
            "LOGIN",
            client.0,
            Some(&ids[u]),
            Some(&session),
            ip,
            None,
            json!({
                "auth_method": "openid-connect",
                "auth_type": "code",
                "response_type": "code",
                "redirect_uri": client.1,
                "consent": "no_consent_required",
                "code_id": session,
                "response_mode": if client.2 { "query" } else { "fragment" },
                "username": name
            }),
        ));
        let mut d = Map::new();
        d.insert("token_id".into(), json!(uuid(k, 4412)));
        d.insert("grant_type".into(), json!("authorization_code"));
        d.insert("refresh_token_type".into(), json!("Refresh"));
        d.insert("scope".into(), json!("openid profile email"));
        d.insert("refresh_token_id".into(), json!(uuid(k, 4413)));
        d.insert("code_id".into(), json!(session));
        if client.2 {
            d.insert("client_auth_method".into(), json!("client-secret"));
        }
        events.push(kc_event(
            ms + 180 + h(k, 4414) % 400,
            "CODE_TO_TOKEN",
            client.0,
            Some(&ids[u]),
            Some(&session),
            if client.2 { "10.10.5.40" } else { ip },
            None,
            Value::Object(d),
        ));
        session
    };
    let mut k = 0usize;
    for (u, name) in users.iter().enumerate() {
        if name == planted_user {
            continue;
        }
        // The working day: first sign-in, then one to three more apps.
        let first = (7 * 3_600 + 30 * 60 + h(u, 4415) % (3 * 3_600)) * 1_000 + h(u, 4416) % 1_000;
        let apps = 1 + h(u, 4417) % 3;
        let mut t = first;
        for a in 0..apps {
            k += 1;
            let client = clients[(h(u * 7 + a as usize, 4418) % 6) as usize];
            let ip = ip_of(u, a as usize);
            if h(k, 4419).is_multiple_of(17) {
                events.push(kc_event(
                    base + t - 9_000 - h(k, 4420) % 20_000,
                    "LOGIN_ERROR",
                    client.0,
                    Some(&ids[u]),
                    None,
                    &ip,
                    Some("invalid_user_credentials"),
                    json!({
                        "auth_method": "openid-connect",
                        "auth_type": "code",
                        "redirect_uri": client.1,
                        "code_id": uuid(k, 4421),
                        "username": name
                    }),
                ));
            }
            let session = login(base + t, client, u, name, &ip, k, &mut events);
            let refreshes = h(k, 4422) % 3;
            let mut r = t;
            for n in 0..refreshes {
                r += (20 + h(k * 5 + n as usize, 4423) % 90) * 60_000;
                events.push(kc_event(
                    base + r,
                    "REFRESH_TOKEN",
                    client.0,
                    Some(&ids[u]),
                    Some(&session),
                    "10.10.5.40",
                    None,
                    json!({
                        "token_id": uuid(k * 5 + n as usize, 4424),
                        "grant_type": "refresh_token",
                        "refresh_token_type": "Refresh",
                        "scope": "openid profile email",
                        "refresh_token_id": uuid(k * 5 + n as usize, 4425),
                        "updated_refresh_token_id": uuid(k * 5 + n as usize, 4426),
                        "client_auth_method": "client-secret"
                    }),
                ));
            }
            if h(k, 4427).is_multiple_of(5) {
                let out_at = t + (4 * 3_600 + h(k, 4428) % (5 * 3_600)) * 1_000;
                events.push(kc_event(
                    base + out_at,
                    "LOGOUT",
                    client.0,
                    Some(&ids[u]),
                    Some(&session),
                    &ip,
                    None,
                    json!({"redirect_uri": client.1.rsplit_once('/').unwrap().0}),
                ));
            }
            t += (5 + h(k, 4429) % 240) * 60_000 + h(k, 4430) % 1_000;
        }
        // Password resets and new staff's authenticators.
        if h(u, 4431).is_multiple_of(29) {
            k += 1;
            let at = base + (9 * 3_600 + h(u, 4432) % (8 * 3_600)) * 1_000;
            let ip = ip_of(u, 5);
            events.push(kc_event(
                at,
                "SEND_RESET_PASSWORD",
                "intranet",
                Some(&ids[u]),
                None,
                &ip,
                None,
                json!({
                    "auth_method": "openid-connect",
                    "auth_type": "code",
                    "redirect_uri": clients[0].1,
                    "code_id": uuid(k, 4433),
                    "email": format!("{name}@nordwind.de"),
                    "username": name
                }),
            ));
            events.push(kc_event(
                at + (3 + h(u, 4434) % 20) * 60_000,
                "UPDATE_PASSWORD",
                "intranet",
                Some(&ids[u]),
                None,
                &ip,
                None,
                json!({
                    "auth_method": "openid-connect",
                    "custom_required_action": "UPDATE_PASSWORD",
                    "redirect_uri": clients[0].1,
                    "code_id": uuid(k, 4433),
                    "username": name
                }),
            ));
        }
        if h(u, 4435).is_multiple_of(41) {
            k += 1;
            let at = base + first - 40_000 - h(u, 4436) % 30_000;
            events.push(kc_event(
                at,
                "UPDATE_TOTP",
                "intranet",
                Some(&ids[u]),
                None,
                &ip_of(u, 0),
                None,
                json!({
                    "auth_method": "openid-connect",
                    "custom_required_action": "CONFIGURE_TOTP",
                    "redirect_uri": clients[0].1,
                    "code_id": uuid(k, 4437),
                    "username": name
                }),
            ));
        }
    }
    // Service accounts every quarter of an hour, all day.
    let services: [(&str, &str, u64); 3] = [
        ("otp-compliance-report", "10.10.5.21", 15),
        ("hr-sync", "10.10.5.33", 30),
        ("ci-deployer", "10.10.6.12", 20),
    ];
    for (s, (client, ip, every)) in services.iter().enumerate() {
        let mut t = (s as u64 * 97 + 3) * 1_000;
        let sa = uuid(s, 4438);
        let mut n = 0usize;
        while t < 86_400_000 {
            n += 1;
            events.push(kc_event(
                base + t,
                "CLIENT_LOGIN",
                client,
                Some(&sa),
                None,
                ip,
                None,
                json!({
                    "token_id": uuid(n * 5 + s, 4439),
                    "grant_type": "client_credentials",
                    "scope": "profile email",
                    "client_auth_method": "client-secret",
                    "username": format!("service-account-{client}")
                }),
            ));
            t += every * 60_000 + h(n * 5 + s, 4440) % 2_000;
        }
    }
    // A credential-stuffing run against the VPN portal in the evening.
    let guesses = [
        "admin",
        "administrator",
        "info",
        "test",
        "vpn",
        "support",
        "office",
        "user",
        "backup",
        "scanner",
        "j.smith",
        "m.mueller",
        "buchhaltung",
        "service",
    ];
    let mut t = (19 * 3_600 + 12 * 60) * 1_000;
    for g in 0..160usize {
        let ip = format!(
            "{}.{}.{}.{}",
            [45, 185, 194, 193][g % 4],
            h(g / 8, 4441) % 250 + 2,
            h(g / 8, 4442) % 250 + 2,
            h(g / 8, 4443) % 250 + 2
        );
        events.push(kc_event(
            base + t,
            "LOGIN_ERROR",
            "vpn-portal",
            None,
            None,
            &ip,
            Some("user_not_found"),
            json!({
                "auth_method": "openid-connect",
                "auth_type": "code",
                "redirect_uri": "https://vpn.nordwind.de/oidc/callback",
                "code_id": uuid(g, 4444),
                "username": pick(&guesses, g, 4445)
            }),
        ));
        t += 4_000 + h(g, 4446) % 50_000;
    }
    // The one who turned their second factor off, over lunch, from home.
    let u = users.iter().position(|n| n == planted_user).unwrap();
    let at = (11 * 3_600 + 26 * 60 + 58) * 1_000 + 412;
    events.push(kc_event(
        base + at,
        "LOGIN_ERROR",
        "account-console",
        Some(&ids[u]),
        None,
        planted_ip,
        Some("invalid_user_credentials"),
        json!({
            "auth_method": "openid-connect",
            "auth_type": "code",
            "redirect_uri": clients[6].1,
            "code_id": uuid(9_001, 4447),
            "username": planted_user
        }),
    ));
    let session = login(
        base + at + 22_180,
        clients[6],
        u,
        planted_user,
        planted_ip,
        9_002,
        &mut events,
    );
    events.push(kc_event(
        base + at + 49_037,
        "REMOVE_TOTP",
        "account-console",
        Some(&ids[u]),
        Some(&session),
        planted_ip,
        None,
        json!({"credential_type": "otp", "username": planted_user}),
    ));
    events.sort_by_key(|e| std::cmp::Reverse(e.0));
    let arr = Value::Array(events.into_iter().map(|e| e.1).collect());
    let mut out = String::new();
    jackson(&arr, 0, &mut out);
    out.push('\n');
    assert_eq!(out.matches("\"REMOVE_TOTP\"").count(), 1);
    assert_eq!(whole(&out, planted_ip), 4);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "kcadm.sh get events of a staff realm, who turned off two-factor",
        out,
        "Did anyone switch off their two-factor authentication on our SSO yesterday? Who was it, and which IP address did they do it from?",
        &[planted_user, planted_ip],
    )
    .with_jq(
        ".[] | select(.type == \"REMOVE_TOTP\") | .details.username, .ipAddress",
        vec![jq_string(planted_user), jq_string(planted_ip)],
    )
}

/// `[Nov 27 09:14:02]`: a time as Asterisk's `full` log writes it.
fn ast_stamp(t: u64) -> String {
    let (_, m, d) = civil(t / 86_400);
    format!(
        "[{} {:>2} {}]",
        MONTHS[m as usize - 1],
        d,
        clock(t % 86_400)
    )
}

/// The Asterisk case's log under construction: its channels and calls
/// numbered as Asterisk numbers them.
struct Pbx {
    log: Timeline,
    chan: u64,
    call: u64,
    tid: u64,
}

impl Pbx {
    fn channel(&mut self, name: &str) -> String {
        self.chan += 1;
        format!("PJSIP/{name}-{:08x}", self.chan)
    }

    fn line(&mut self, t: u64, level: &str, thread: u64, call: Option<&str>, text: String) {
        let c = call.map_or(String::new(), |c| format!("[{c}]"));
        self.log
            .at(t, format!("{} {level}[{thread}]{c} {text}", ast_stamp(t)));
    }

    fn new_call(&mut self) -> (String, u64) {
        self.call += 1;
        self.tid += 1 + self.call % 3;
        (format!("C-{:08x}", 0x9d0 + self.call), self.tid)
    }

    #[allow(clippy::too_many_arguments)]
    fn bridge(&mut self, t: u64, tid: u64, call: &str, a: &str, b: &str, secs: u64, k: usize) {
        let id = uuid(k, 4501);
        self.line(
            t,
            "VERBOSE",
            tid + 1,
            Some(call),
            format!("bridge_channel.c: Channel {b} joined 'simple_bridge' basic-bridge <{id}>"),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            Some(call),
            format!("bridge_channel.c: Channel {a} joined 'simple_bridge' basic-bridge <{id}>"),
        );
        let (first, second) = if h(k, 4502).is_multiple_of(2) {
            (a, b)
        } else {
            (b, a)
        };
        self.line(
            t + secs,
            "VERBOSE",
            tid,
            Some(call),
            format!("bridge_channel.c: Channel {first} left 'simple_bridge' basic-bridge <{id}>"),
        );
        self.line(
            t + secs,
            "VERBOSE",
            tid + 1,
            Some(call),
            format!("bridge_channel.c: Channel {second} left 'simple_bridge' basic-bridge <{id}>"),
        );
    }

    /// A call from one extension to another; `absent` when the callee's
    /// phone is offline.
    fn internal(&mut self, t: u64, from: &str, to: &str, absent: bool, k: usize) {
        let (call, tid) = self.new_call();
        let a = self.channel(from);
        let c = Some(call.as_str());
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{to}@internal:1] NoOp(\"{a}\", \"Internal call {from} -> {to}\") in new stack"),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{to}@internal:2] Dial(\"{a}\", \"PJSIP/{to},25,tT\") in new stack"),
        );
        let mut end = t;
        let mut voicemail = absent;
        if absent {
            self.line(
                t,
                "WARNING",
                tid,
                c,
                "app_dial.c: Unable to create channel of type 'PJSIP' (cause 20 - Subscriber absent)".into(),
            );
            self.line(
                t,
                "VERBOSE",
                tid,
                c,
                "app_dial.c: Everyone is busy/congested at this time (1:0/0/1)".into(),
            );
        } else {
            let b = self.channel(to);
            self.line(
                t,
                "VERBOSE",
                tid,
                c,
                format!("app_dial.c: Called PJSIP/{to}"),
            );
            self.line(t, "VERBOSE", tid, c, format!("app_dial.c: {b} is ringing"));
            if h(k, 4503).is_multiple_of(4) {
                end = t + 25;
                self.line(
                    end,
                    "VERBOSE",
                    tid,
                    c,
                    "app_dial.c: Nobody picked up in 25000 ms".into(),
                );
                voicemail = true;
            } else {
                let ring = 2 + h(k, 4504) % 14;
                self.line(
                    t + ring,
                    "VERBOSE",
                    tid,
                    c,
                    format!("app_dial.c: {b} answered {a}"),
                );
                let secs = 8 + h(k, 4505) % 420;
                self.bridge(t + ring, tid, &call, &a, &b, secs, k);
                end = t + ring + secs;
                self.line(
                    end,
                    "VERBOSE",
                    tid,
                    c,
                    format!("pbx.c: Spawn extension (internal, {to}, 2) exited non-zero on '{a}'"),
                );
            }
        }
        if voicemail {
            self.line(
                end,
                "VERBOSE",
                tid,
                c,
                format!("pbx.c: Executing [{to}@internal:3] VoiceMail(\"{a}\", \"{to}@default,u\") in new stack"),
            );
            self.line(
                end,
                "VERBOSE",
                tid,
                c,
                format!("file.c: <{a}> Playing 'vm-intro.gsm' (language 'de')"),
            );
            let left = end + 4 + h(k, 4506) % 50;
            self.line(
                left,
                "VERBOSE",
                tid,
                c,
                format!("pbx.c: Spawn extension (internal, {to}, 3) exited non-zero on '{a}'"),
            );
        }
    }

    /// A customer's call into a queue, answered by `agent`.
    fn inbound(&mut self, t: u64, queue: &str, did: &str, agent: &str, k: usize) {
        let (call, tid) = self.new_call();
        let a = self.channel("sipgate");
        let c = Some(call.as_str());
        let caller = format!(
            "+49{}{}",
            [151, 160, 170, 171, 176, 30, 40, 89, 221, 711][(h(k, 4507) % 10) as usize],
            1_000_000 + h(k, 4508) % 8_999_999
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{did}@from-sipgate:1] NoOp(\"{a}\", \"Inbound {caller} for {queue}\") in new stack"),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{did}@from-sipgate:2] Answer(\"{a}\", \"\") in new stack"),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{did}@from-sipgate:3] Queue(\"{a}\", \"{queue},t,,,300\") in new stack"),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("res_musiconhold.c: Started music on hold, class 'default', on channel '{a}'"),
        );
        let wait = 3 + h(k, 4509) % 140;
        let b = self.channel(agent);
        self.line(
            t + wait,
            "VERBOSE",
            tid,
            c,
            format!("app_queue.c: Called PJSIP/{agent}"),
        );
        self.line(
            t + wait,
            "VERBOSE",
            tid,
            c,
            format!("app_queue.c: {b} is ringing"),
        );
        let ring = 2 + h(k, 4510) % 9;
        let at = t + wait + ring;
        self.line(
            at,
            "VERBOSE",
            tid,
            c,
            format!("app_queue.c: {b} answered {a}"),
        );
        self.line(
            at,
            "VERBOSE",
            tid,
            c,
            format!("res_musiconhold.c: Stopped music on hold on {a}"),
        );
        let secs = 30 + h(k, 4511) % 600;
        self.bridge(at, tid, &call, &a, &b, secs, k);
        self.line(
            at + secs,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Spawn extension (from-sipgate, {did}, 3) exited non-zero on '{a}'"),
        );
    }

    /// A call out through the trunk.
    fn outbound(&mut self, t: u64, from: &str, k: usize) {
        let (call, tid) = self.new_call();
        let a = self.channel(from);
        let c = Some(call.as_str());
        let number = format!(
            "0{}{}",
            [30, 40, 89, 221, 69, 711, 151, 176, 172][(h(k, 4512) % 9) as usize],
            2_000_000 + h(k, 4513) % 7_999_999
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{number}@internal:1] Set(\"{a}\", \"CALLERID(num)=4930868780{}\") in new stack", &from[2..]),
        );
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Executing [{number}@internal:2] Dial(\"{a}\", \"PJSIP/{number}@sipgate,60,T\") in new stack"),
        );
        let b = self.channel("sipgate");
        self.line(
            t,
            "VERBOSE",
            tid,
            c,
            format!("app_dial.c: Called PJSIP/{number}@sipgate"),
        );
        self.line(
            t + 1,
            "VERBOSE",
            tid,
            c,
            format!("app_dial.c: {b} is making progress passing it to {a}"),
        );
        if h(k, 4514).is_multiple_of(6) {
            self.line(
                t + 31,
                "VERBOSE",
                tid,
                c,
                format!("app_dial.c: {b} is busy"),
            );
            self.line(
                t + 31,
                "VERBOSE",
                tid,
                c,
                format!("pbx.c: Auto fallthrough, channel '{a}' status is 'BUSY'"),
            );
            return;
        }
        let ring = 4 + h(k, 4515) % 20;
        self.line(
            t + ring,
            "VERBOSE",
            tid,
            c,
            format!("app_dial.c: {b} answered {a}"),
        );
        let secs = 15 + h(k, 4516) % 900;
        self.bridge(t + ring, tid, &call, &a, &b, secs, k);
        self.line(
            t + ring + secs,
            "VERBOSE",
            tid,
            c,
            format!("pbx.c: Spawn extension (internal, {number}, 2) exited non-zero on '{a}'"),
        );
    }

    fn state(&mut self, t: u64, ext: &str, ip: &str, up: bool, k: usize) {
        let uri = format!("sip:{ext}@{ip}:5060");
        if up {
            self.line(
                t,
                "VERBOSE",
                4190,
                None,
                format!(
                    "res_pjsip/pjsip_options.c: Contact {ext}/{uri} is now Reachable.  RTT: {}.{:03} msec",
                    1 + h(k, 4517) % 9,
                    h(k, 4518) % 1_000
                ),
            );
            self.line(
                t,
                "VERBOSE",
                4190,
                None,
                format!("res_pjsip/pjsip_configuration.c: Endpoint {ext} is now Reachable"),
            );
        } else {
            self.line(
                t,
                "VERBOSE",
                4190,
                None,
                format!("res_pjsip/pjsip_options.c: Contact {ext}/{uri} is now Unreachable.  RTT: 0.000 msec"),
            );
            self.line(
                t,
                "VERBOSE",
                4190,
                None,
                format!("res_pjsip/pjsip_configuration.c: Endpoint {ext} is now Unreachable"),
            );
        }
    }
}

/// Asterisk 20's `/var/log/asterisk/full` of an office PBX (PJSIP, some
/// 180 desk phones, a SIP trunk to sipgate) on a Friday from midnight to
/// 17:45: internal calls, customers queued for sales and support, calls
/// out through the trunk, voicemail, scanners' REGISTERs and INVITEs
/// refused all day, the trunk unreachable for two minutes at dawn. A
/// floor's PoE switch restarts at lunch and 24 phones drop and come
/// back; two phones drop and come back later; five phones drop for good
/// (one of them had dropped and come back in the morning, one was among
/// the lunch restart's), and calls to them find the subscriber absent.
fn asterisk_phones_offline() -> Case {
    let depts: [(u64, u64, u64); 7] = [
        (1001, 48, 11),
        (1101, 36, 12),
        (1201, 18, 13),
        (2001, 24, 21),
        (2201, 32, 22),
        (3001, 8, 31),
        (3101, 12, 32),
    ];
    let mut exts: Vec<(String, String)> = Vec::new();
    for (first, n, vlan) in depts {
        for i in 0..n {
            exts.push((
                (first + i).to_string(),
                format!(
                    "10.20.{vlan}.{}",
                    20 + i * 2 + h(i as usize, 4520 + vlan) % 2
                ),
            ));
        }
    }
    let ip = |e: &str, exts: &[(String, String)]| -> String {
        exts.iter().find(|x| x.0 == e).unwrap().1.clone()
    };
    let d0 = day(0);
    let hm = |hh: u64, mm: u64, ss: u64| d0 + hh * 3_600 + mm * 60 + ss;
    // Outages: (extension, down, back).
    let mut outages: Vec<(String, u64, Option<u64>)> = vec![
        ("1131".into(), hm(8, 40, 12), Some(hm(8, 44, 3))),
        ("2230".into(), hm(9, 3, 17), None),
        ("1042".into(), hm(10, 14, 41), None),
        ("1043".into(), hm(11, 5, 20), Some(hm(11, 9, 48))),
        ("2215".into(), hm(13, 2, 9), None),
        ("1120".into(), hm(14, 20, 5), Some(hm(14, 58, 31))),
        ("3108".into(), hm(15, 47, 52), None),
        ("1131".into(), hm(16, 20, 33), None),
    ];
    for e in 2201..=2224u64 {
        outages.push((
            e.to_string(),
            hm(12, 31, 7) + h(e as usize, 4521) % 3,
            Some(hm(12, 34, 20) + h(e as usize, 4522) % 110),
        ));
    }
    let items: Vec<String> = ["2230", "1042", "2215", "3108", "1131"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let offline = |e: &str, t: u64| {
        outages
            .iter()
            .any(|o| o.0 == e && o.1 <= t && o.2.is_none_or(|b| t < b))
    };
    let mut pbx = Pbx {
        log: Timeline::new(),
        chan: 0x3a0,
        call: 0,
        tid: 30_118,
    };
    for (n, (e, down, back)) in outages.iter().enumerate() {
        let at = ip(e, &exts);
        pbx.state(*down, e, &at, false, n);
        if let Some(b) = back {
            pbx.state(*b, e, &at, true, n + 100);
        }
    }
    // The trunk at dawn.
    let trunk_down = hm(6, 12, 40);
    pbx.line(
        trunk_down,
        "WARNING",
        4193,
        None,
        "res_pjsip_outbound_registration.c: No response received from 'sip:sipconnect.sipgate.de' on registration attempt to 'sip:2419873e0@sipconnect.sipgate.de', retrying in '60'".into(),
    );
    pbx.line(
        trunk_down,
        "VERBOSE",
        4190,
        None,
        "res_pjsip/pjsip_options.c: Contact sipgate/sip:sipconnect.sipgate.de is now Unreachable.  RTT: 0.000 msec".into(),
    );
    pbx.line(
        trunk_down,
        "VERBOSE",
        4190,
        None,
        "res_pjsip/pjsip_configuration.c: Endpoint sipgate is now Unreachable".into(),
    );
    pbx.line(
        trunk_down + 60,
        "WARNING",
        4193,
        None,
        "res_pjsip_outbound_registration.c: No response received from 'sip:sipconnect.sipgate.de' on registration attempt to 'sip:2419873e0@sipconnect.sipgate.de', retrying in '60'".into(),
    );
    pbx.line(
        trunk_down + 121,
        "VERBOSE",
        4190,
        None,
        "res_pjsip/pjsip_options.c: Contact sipgate/sip:sipconnect.sipgate.de is now Reachable.  RTT: 18.204 msec".into(),
    );
    pbx.line(
        trunk_down + 121,
        "VERBOSE",
        4190,
        None,
        "res_pjsip/pjsip_configuration.c: Endpoint sipgate is now Reachable".into(),
    );
    // Scanners, all day.
    let probes = [
        "100", "1000", "101", "admin", "200", "9999", "1234", "test", "sip", "2000", "555",
    ];
    let mut t = d0 + 41;
    let mut s = 0usize;
    while t < hm(17, 45, 0) {
        s += 1;
        let src = format!(
            "{}.{}.{}.{}",
            [45, 77, 92, 185, 193, 194, 212][(h(s / 30, 4530) % 7) as usize],
            h(s / 30, 4531) % 250 + 2,
            h(s / 30, 4532) % 250 + 2,
            h(s / 30, 4533) % 250 + 2
        );
        let port = 5_060 + h(s, 4534) % 40;
        let callid = h(s, 4535) % 4_000_000_000;
        let u = pick(&probes, s, 4536);
        let text = match h(s, 4537) % 6 {
            0..=2 => format!(
                "res_pjsip/pjsip_distributor.c: Request 'REGISTER' from '\"{u}\" <sip:{u}@{src}>' failed for '{src}:{port}' (callid: {callid}) - No matching endpoint found"
            ),
            3 | 4 => format!(
                "res_pjsip/pjsip_distributor.c: Request 'INVITE' from '<sip:{u}@{src}>' failed for '{src}:{port}' (callid: {callid}) - No matching endpoint found"
            ),
            _ => {
                let e = ["1001", "1002", "1003", "2001", "3001"][(h(s, 4538) % 5) as usize];
                format!(
                    "res_pjsip/pjsip_distributor.c: Request 'REGISTER' from '<sip:{e}@pbx.nordwind.de>' failed for '{src}:{port}' (callid: {}) - Failed to authenticate",
                    hex(s, 4539, 32)
                )
            }
        };
        pbx.line(t, "NOTICE", 4195 + h(s, 4540) % 4, None, text);
        let night = t < hm(6, 0, 0) || t > hm(19, 0, 0);
        t += if (s / 40) % 7 == 3 {
            1 + h(s, 4541) % 6
        } else if night {
            20 + h(s, 4542) % 160
        } else {
            60 + h(s, 4543) % 400
        };
    }
    // The working day's calls.
    let mut t = hm(7, 28, 0);
    let mut k = 0usize;
    let agents = |q: &str| -> (u64, u64) {
        match q {
            "support" => (1101, 1136),
            _ => (1001, 1048),
        }
    };
    while t < hm(17, 40, 0) {
        k += 1;
        let from = &exts[(h(k, 4550) % exts.len() as u64) as usize].0.clone();
        if offline(from, t) || (items.contains(from) && !h(k, 4551).is_multiple_of(3)) {
            t += 5;
            continue;
        }
        match h(k, 4552) % 20 {
            0..=8 => {
                let to = exts[(h(k, 4553) % exts.len() as u64) as usize].0.clone();
                if &to != from {
                    if items.contains(&to) && h(k, 4554).is_multiple_of(2) {
                        t += 3;
                        continue;
                    }
                    let absent = offline(&to, t);
                    pbx.internal(t, from, &to, absent, k);
                }
            }
            9..=14 => {
                let queue = if h(k, 4555).is_multiple_of(3) {
                    "sales"
                } else {
                    "support"
                };
                let did = if queue == "sales" {
                    "4930868780100"
                } else {
                    "4930868780200"
                };
                let (lo, hi) = agents(queue);
                let mut agent = lo + h(k, 4556) % (hi - lo + 1);
                while offline(&agent.to_string(), t) || items.contains(&agent.to_string()) {
                    agent = if agent == hi { lo } else { agent + 1 };
                }
                pbx.inbound(t, queue, did, &agent.to_string(), k);
            }
            _ => pbx.outbound(t, from, k),
        }
        let busy = (9 * 3_600..12 * 3_600).contains(&(t - d0))
            || (13 * 3_600 + 1_800..16 * 3_600).contains(&(t - d0));
        t += if busy {
            25 + h(k, 4557) % 70
        } else {
            50 + h(k, 4558) % 150
        };
    }
    let out = pbx.log.text();
    for it in &items {
        let down = format!("Endpoint {it} is now Unreachable");
        let up = format!("Endpoint {it} is now Reachable");
        let last_down = out.rfind(&down).unwrap();
        assert!(out.rfind(&up).is_none_or(|u| u < last_down), "{it}");
        assert!(!named_elsewhere(it, &items), "{it}");
    }
    // No other phone is down at the end.
    let mut last: std::collections::BTreeMap<&str, bool> = Default::default();
    for l in out.lines() {
        if let Some(rest) = l.split("pjsip_configuration.c: Endpoint ").nth(1) {
            let (e, state) = rest.split_once(" is now ").unwrap();
            last.insert(e, state == "Reachable");
        }
    }
    let down: Vec<String> = last
        .iter()
        .filter(|(_, up)| !**up)
        .map(|(e, _)| e.to_string())
        .collect();
    let mut want = items.clone();
    want.sort();
    assert_eq!(down, want);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "Asterisk full log of an office PBX, desk phones still offline",
        out,
        "Which desk phones are offline on the phone system right now and haven't come back? Give me every extension.",
        items,
    )
}

/// A stack frame of a Nextcloud exception as its log writes it.
fn nc_frame(file: &str, line: u64, function: &str, class: &str) -> Value {
    let mut m = Map::new();
    m.insert("file".into(), json!(format!("/var/www/nextcloud/{file}")));
    m.insert("line".into(), json!(line));
    m.insert("function".into(), json!(function));
    if !class.is_empty() {
        m.insert("class".into(), json!(class));
        m.insert("type".into(), json!("->"));
    }
    Value::Object(m)
}

/// An exception of a Nextcloud log line.
fn nc_exception(class: &str, message: &str, file: &str, line: u64, trace: Vec<Value>) -> Value {
    json!({
        "Exception": class,
        "Message": message,
        "Code": 0,
        "Trace": trace,
        "File": format!("/var/www/nextcloud/{file}"),
        "Line": line,
        "message": message,
        "exception": {},
        "CustomMessage": message
    })
}

/// The frames of a WebDAV request, below the plugin that failed.
fn nc_dav_trace(top: Vec<Value>) -> Vec<Value> {
    let mut t = top;
    t.push(nc_frame(
        "3rdparty/sabre/event/lib/WildcardEmitterTrait.php",
        89,
        "{closure}",
        "Sabre\\DAV\\Server",
    ));
    t.push(nc_frame(
        "3rdparty/sabre/dav/lib/DAV/Server.php",
        472,
        "emit",
        "Sabre\\DAV\\Server",
    ));
    t.push(nc_frame(
        "3rdparty/sabre/dav/lib/DAV/Server.php",
        253,
        "invokeMethod",
        "Sabre\\DAV\\Server",
    ));
    t.push(nc_frame(
        "apps/dav/lib/Server.php",
        373,
        "start",
        "Sabre\\DAV\\Server",
    ));
    t.push(nc_frame(
        "apps/dav/appinfo/v2/remote.php",
        21,
        "exec",
        "OCA\\DAV\\Server",
    ));
    t.push(nc_frame("remote.php", 145, "require_once", ""));
    t
}

/// One line of `nextcloud.log`.
#[allow(clippy::too_many_arguments)]
fn nc_line(
    k: usize,
    t: u64,
    level: u64,
    ip: &str,
    user: &str,
    app: &str,
    method: &str,
    url: &str,
    message: &str,
    agent: &str,
    exception: Option<Value>,
) -> String {
    let mut m = Map::new();
    let req: String = hex(k, 4601, 20)
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if h(k * 20 + i, 4602).is_multiple_of(2) {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    m.insert("reqId".into(), json!(req));
    m.insert("level".into(), json!(level));
    m.insert("time".into(), json!(format!("{}+00:00", datetime(t))));
    m.insert("remoteAddr".into(), json!(ip));
    m.insert("user".into(), json!(user));
    m.insert("app".into(), json!(app));
    m.insert("method".into(), json!(method));
    m.insert("url".into(), json!(url));
    m.insert("message".into(), json!(message));
    m.insert("userAgent".into(), json!(agent));
    m.insert("version".into(), json!("29.0.8.1"));
    match exception {
        Some(e) => {
            m.insert("exception".into(), e);
            m.insert("id".into(), json!(hex(k, 4603, 13)));
        }
        None => {
            m.insert("data".into(), json!({"app": app}));
        }
    }
    serde_json::to_string(&Value::Object(m)).unwrap()
}

/// `nextcloud.log` of a company's Nextcloud 29 over one day (log level
/// 2, one JSON object a line): thousands of failed logins (password
/// guessing from outside, typos, sync clients with an old password),
/// trusted-domain errors, PHP warnings of the LDAP backend, Collabora
/// timeouts, activity mails bounced by full mailboxes ("Mailbox quota
/// exceeded"), locked files, uploads failed on a database deadlock, and
/// six users whose uploads failed because they are out of space
/// (`InsufficientStorage`, "Insufficient space in …", some retried by
/// their sync clients many times).
fn nextcloud_out_of_space() -> Case {
    let users = staff(160, 4610);
    let full: Vec<String> = [7usize, 23, 58, 91, 117, 144]
        .iter()
        .map(|&i| users[i].clone())
        .collect();
    let agents = [
        "Mozilla/5.0 (Windows) mirall/3.14.3stable-Win64 (build 20241107) (Nextcloud, windows-10.0.22631 ClientArchitecture: x86_64 OsArchitecture: x86_64)",
        "Mozilla/5.0 (Macintosh) mirall/3.14.3 (build 20241107) (Nextcloud, osx-23.6.0 ClientArchitecture: arm64 OsArchitecture: arm64)",
        "Mozilla/5.0 (Android) Nextcloud-android/3.30.4",
        "Mozilla/5.0 (iOS) Nextcloud-iOS/5.5.4",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ];
    let folders = [
        "Documents",
        "Scans",
        "Projekte",
        "Fotos",
        "Angebote",
        "Rechnungen",
        "Vertrieb",
        "Marketing/Kampagnen",
        "Personal",
        "Desktop",
    ];
    let exts = ["pdf", "docx", "xlsx", "jpg", "pptx", "zip", "mp4", "png"];
    let stems = [
        "Angebot",
        "Scan",
        "IMG",
        "Praesentation_Q4",
        "Reisekosten",
        "Projektplan",
        "Messestand",
        "Protokoll",
        "Vertrag",
        "Rechnung",
        "Export",
        "Backup_Outlook",
    ];
    let d0 = day(-1);
    let mut log = Timeline::new();
    let mut k = 0usize;
    let ext_ip = |i: usize| {
        format!(
            "{}.{}.{}.{}",
            [31, 46, 79, 84, 87, 91, 109, 141, 185, 212][(h(i, 4611) % 10) as usize],
            h(i, 4612) % 250 + 2,
            h(i, 4613) % 250 + 2,
            h(i, 4614) % 250 + 2
        )
    };
    // Failed logins: guessing from outside in waves, typos by day.
    let guesses = [
        "admin",
        "administrator",
        "test",
        "nextcloud",
        "root",
        "info",
        "user",
        "backup",
        "guest",
        "office",
    ];
    let mut t = d0 + 17;
    while t < d0 + 86_400 {
        k += 1;
        let outside = !h(k, 4615).is_multiple_of(3);
        let (name, ip, agent) = if outside {
            (
                pick(&guesses, k, 4616).to_string(),
                ext_ip(k / 25),
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36",
            )
        } else {
            let u = (h(k, 4617) % users.len() as u64) as usize;
            (
                users[u].clone(),
                format!("10.10.{}.{}", 20 + u % 40, 10 + h(u, 4618) % 230),
                pick(&agents, u, 4619),
            )
        };
        let dav = !outside && h(k, 4620).is_multiple_of(3);
        let (method, url, agent) = if dav {
            (
                "PROPFIND",
                format!("/remote.php/dav/files/{name}/"),
                agents[(h(k, 4621) % 2) as usize],
            )
        } else {
            ("POST", "/login".to_string(), agent)
        };
        log.at(
            t,
            nc_line(
                k,
                t,
                2,
                &ip,
                "--",
                "core",
                method,
                &url,
                &format!("Login failed: '{name}' (Remote IP: '{ip}')"),
                agent,
                None,
            ),
        );
        let hour = (t - d0) / 3_600;
        t += if outside && (k / 25).is_multiple_of(3) {
            2 + h(k, 4622) % 9
        } else if (7..19).contains(&hour) {
            20 + h(k, 4623) % 110
        } else {
            40 + h(k, 4624) % 240
        };
    }
    // Everything else, spread over the day.
    let mut t = d0 + 300;
    let mut planted = 0;
    while t < d0 + 86_400 {
        k += 1;
        let u = (h(k, 4625) % users.len() as u64) as usize;
        let name = users[u].clone();
        let ip = format!("10.10.{}.{}", 20 + u % 40, 10 + h(u, 4618) % 230);
        let folder = pick(&folders, k, 4626);
        let file = format!(
            "{}_{}.{}",
            pick(&stems, k, 4627),
            100 + h(k, 4628) % 9_900,
            pick(&exts, k, 4629)
        );
        let hour = (t - d0) / 3_600;
        match h(k, 4630) % 12 {
            0 | 1 => log.at(
                t,
                nc_line(
                    k,
                    t,
                    2,
                    &ext_ip(k),
                    "--",
                    "core",
                    "GET",
                    "/",
                    &format!(
                        "Trusted domain error. \"{}\" tried to access using \"{}\" as host.",
                        ext_ip(k),
                        ["cloud.nordwind.de.", "188.40.112.17", "nordwind-cloud.de", "localhost"][(h(k, 4631) % 4) as usize]
                    ),
                    "Mozilla/5.0 zgrab/0.x",
                    None,
                ),
            ),
            2..=4 => log.at(
                t,
                nc_line(
                    k,
                    t,
                    3,
                    &ip,
                    &name,
                    "PHP",
                    "PROPFIND",
                    &format!("/remote.php/dav/files/{name}/{folder}"),
                    &format!(
                        "Undefined array key \"{}\" at /var/www/nextcloud/apps/user_ldap/lib/Access.php#{}",
                        ["displayname", "mail", "memberof", "jpegphoto"][(h(k, 4632) % 4) as usize],
                        [1112, 1187, 2043][(h(k, 4633) % 3) as usize]
                    ),
                    agents[(h(k, 4634) % 2) as usize],
                    None,
                ),
            ),
            5 => {
                let msg = "Failed to fetch the Collabora capabilities endpoint: cURL error 28: Operation timed out after 5001 milliseconds with 0 bytes received (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://office.nordwind.de/hosting/capabilities";
                log.at(
                    t,
                    nc_line(
                        k,
                        t,
                        3,
                        &ip,
                        &name,
                        "richdocuments",
                        "GET",
                        &format!("/apps/files/?dir=/{folder}"),
                        msg,
                        pick(&agents[4..], k, 4635),
                        Some(nc_exception(
                            "GuzzleHttp\\Exception\\ConnectException",
                            "cURL error 28: Operation timed out after 5001 milliseconds with 0 bytes received (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://office.nordwind.de/hosting/capabilities",
                            "3rdparty/guzzlehttp/guzzle/src/Handler/CurlFactory.php",
                            275,
                            vec![
                                nc_frame("3rdparty/guzzlehttp/guzzle/src/Handler/CurlFactory.php", 205, "createRejection", "GuzzleHttp\\Handler\\CurlFactory"),
                                nc_frame("3rdparty/guzzlehttp/guzzle/src/Handler/CurlHandler.php", 47, "finish", "GuzzleHttp\\Handler\\CurlFactory"),
                                nc_frame("lib/private/Http/Client/Client.php", 232, "request", "GuzzleHttp\\Client"),
                                nc_frame("apps/richdocuments/lib/Service/CapabilitiesService.php", 156, "get", "OC\\Http\\Client\\Client"),
                                nc_frame("apps/richdocuments/lib/Service/CapabilitiesService.php", 62, "refetch", "OCA\\Richdocuments\\Service\\CapabilitiesService"),
                            ],
                        )),
                    ),
                );
            }
            6 if (1..7).contains(&hour) => {
                // The nightly activity mails; some mailboxes are full.
                let mailbox = users[(h(k, 4636) % 12 * 11 + 5) as usize].clone();
                let m = format!(
                    "Expected response code \"250/251/252\" but got code \"552\", with message \"552 5.2.2 <{mailbox}@nordwind.de>: Recipient address rejected: Mailbox quota exceeded\"."
                );
                log.at(
                    t,
                    nc_line(
                        k,
                        t,
                        3,
                        "",
                        "--",
                        "activity",
                        "",
                        "--",
                        &format!("Failed sending activity email to user \"{mailbox}\""),
                        "--",
                        Some(nc_exception(
                            "Symfony\\Component\\Mailer\\Exception\\UnexpectedResponseException",
                            &m,
                            "3rdparty/symfony/mailer/Transport/Smtp/SmtpTransport.php",
                            342,
                            vec![
                                nc_frame("3rdparty/symfony/mailer/Transport/Smtp/SmtpTransport.php", 195, "assertResponseCode", "Symfony\\Component\\Mailer\\Transport\\Smtp\\SmtpTransport"),
                                nc_frame("3rdparty/symfony/mailer/Transport/AbstractTransport.php", 69, "doSend", "Symfony\\Component\\Mailer\\Transport\\Smtp\\SmtpTransport"),
                                nc_frame("lib/private/Mail/Mailer.php", 223, "send", "Symfony\\Component\\Mailer\\Mailer"),
                                nc_frame("apps/activity/lib/MailQueueHandler.php", 561, "send", "OC\\Mail\\Mailer"),
                                nc_frame("apps/activity/lib/BackgroundJob/EmailNotification.php", 75, "sendEmails", "OCA\\Activity\\MailQueueHandler"),
                            ],
                        )),
                    ),
                );
            }
            7 => {
                let path = format!("files/{}/{folder}/{file}", hex(u, 4637, 32));
                log.at(
                    t,
                    nc_line(
                        k,
                        t,
                        3,
                        &ip,
                        &name,
                        "webdav",
                        "PUT",
                        &format!("/remote.php/dav/files/{name}/{folder}/{file}"),
                        &format!("\"{path}\" is locked, existing lock on file: 3 shared locks"),
                        agents[(h(k, 4638) % 2) as usize],
                        Some(nc_exception(
                            "OCP\\Lock\\LockedException",
                            &format!("\"{path}\" is locked, existing lock on file: 3 shared locks"),
                            "lib/private/Lock/DBLockingProvider.php",
                            218,
                            nc_dav_trace(vec![
                                nc_frame("lib/private/Files/Storage/Common.php", 742, "acquireLock", "OC\\Lock\\DBLockingProvider"),
                                nc_frame("apps/dav/lib/Connector/Sabre/File.php", 157, "acquireLock", "OC\\Files\\Storage\\Common"),
                                nc_frame("apps/dav/lib/Connector/Sabre/Directory.php", 155, "put", "OCA\\DAV\\Connector\\Sabre\\File"),
                            ]),
                        )),
                    ),
                );
            }
            8 if h(k, 4639).is_multiple_of(3) => {
                let m = "An exception occurred while executing a query: SQLSTATE[40001]: Serialization failure: 1213 Deadlock found when trying to get lock; try restarting transaction";
                log.at(
                    t,
                    nc_line(
                        k,
                        t,
                        4,
                        &ip,
                        &name,
                        "webdav",
                        "PUT",
                        &format!("/remote.php/dav/files/{name}/{folder}/{file}"),
                        m,
                        agents[(h(k, 4640) % 2) as usize],
                        Some(nc_exception(
                            "OC\\DB\\Exceptions\\DbalException",
                            m,
                            "lib/private/DB/Exceptions/DbalException.php",
                            54,
                            nc_dav_trace(vec![
                                nc_frame("lib/private/DB/QueryBuilder/QueryBuilder.php", 281, "wrap", "OC\\DB\\Exceptions\\DbalException"),
                                nc_frame("lib/private/Files/Cache/Cache.php", 334, "executeStatement", "OC\\DB\\QueryBuilder\\QueryBuilder"),
                                nc_frame("lib/private/Files/Cache/Updater.php", 129, "update", "OC\\Files\\Cache\\Cache"),
                                nc_frame("apps/dav/lib/Connector/Sabre/File.php", 338, "update", "OC\\Files\\Cache\\Updater"),
                            ]),
                        )),
                    ),
                );
            }
            _ => {
                let m = format!(
                    "No user with uid \"{}\" found in LDAP, skipping",
                    ["scanner-3og", "konferenz-raum-2", "azubi.2019", "praktikant1"][(h(k, 4641) % 4) as usize]
                );
                log.at(
                    t,
                    nc_line(k, t, 2, "", "--", "user_ldap", "", "--", &m, "--", None),
                );
            }
        }
        // The uploads refused for want of space, through the day.
        if planted < full.len() && hour >= 8 + 2 * planted as u64 {
            let who = &full[planted];
            let w = users.iter().position(|x| x == who).unwrap();
            let ip = format!("10.10.{}.{}", 20 + w % 40, 10 + h(w, 4618) % 230);
            let agent = agents[planted % 4];
            let tries = 1 + h(planted, 4642) % 4;
            for r in 0..tries {
                k += 1;
                let at = t + 7 + r * (60 + h(k, 4643) % 240);
                let folder = pick(&folders, k, 4644);
                let file = format!(
                    "{}_{}.{}",
                    pick(&stems, k, 4645),
                    100 + h(k, 4646) % 9_900,
                    pick(&exts, k, 4647)
                );
                let need = 2_000_000 + h(k, 4648) % 400_000_000;
                let free = h(k, 4649) % (need / 3);
                let m = format!(
                    "Insufficient space in /{folder}/{file}, {need} required, {free} available"
                );
                log.at(
                    at,
                    nc_line(
                        k,
                        at,
                        4,
                        &ip,
                        who,
                        "webdav",
                        "PUT",
                        &format!("/remote.php/dav/files/{who}/{folder}/{file}"),
                        &m,
                        agent,
                        Some(nc_exception(
                            "Sabre\\DAV\\Exception\\InsufficientStorage",
                            &m,
                            "apps/dav/lib/Connector/Sabre/QuotaPlugin.php",
                            254,
                            nc_dav_trace(vec![
                                nc_frame(
                                    "apps/dav/lib/Connector/Sabre/QuotaPlugin.php",
                                    204,
                                    "checkQuota",
                                    "OCA\\DAV\\Connector\\Sabre\\QuotaPlugin",
                                ),
                                nc_frame(
                                    "3rdparty/sabre/dav/lib/DAV/Server.php",
                                    1099,
                                    "beforeWriteContent",
                                    "OCA\\DAV\\Connector\\Sabre\\QuotaPlugin",
                                ),
                            ]),
                        )),
                    ),
                );
            }
            planted += 1;
        }
        t += 90 + h(k, 4650) % 500;
    }
    assert_eq!(planted, full.len());
    let out = log.text();
    let refused: BTreeSet<String> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| {
            v["message"]
                .as_str()
                .unwrap()
                .starts_with("Insufficient space")
        })
        .map(|v| v["user"].as_str().unwrap().to_string())
        .collect();
    let mut items = full.clone();
    items.sort();
    assert_eq!(refused.iter().cloned().collect::<Vec<_>>(), items);
    for s in &items {
        assert!(!named_elsewhere(s, &users), "{s}");
    }
    let expected: Vec<String> = items.iter().map(|s| jq_string(s)).collect();
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "nextcloud.log of a day, users whose uploads failed for lack of space",
        out,
        "Which of our Nextcloud users couldn't save files yesterday because they've run out of storage space? I need all of them.",
        full,
    )
    .with_jq(
        "[.[] | select(.message | startswith(\"Insufficient space\")) | .user] | unique | .[]",
        expected,
    )
}

/// A nuclei template: id, path, name, authors, tags, description,
/// references, severity, (CWE, CVSS vector, score) and its protocol.
type NucleiTemplate = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
    &'static str,
    Option<(&'static str, &'static str, f64)>,
    &'static str,
);

const NUCLEI: [NucleiTemplate; 24] = [
    (
        "ssl-dns-names",
        "ssl/ssl-dns-names.yaml",
        "SSL DNS Names",
        &["pdteam"],
        &["ssl", "tls"],
        "Extract the Subject Alternative Name (SAN) from the target's certificate. SAN facilitates the usage of additional hostnames with the same certificate.",
        &[],
        "info",
        None,
        "ssl",
    ),
    (
        "ssl-issuer",
        "ssl/ssl-issuer.yaml",
        "Detect SSL Certificate Issuer",
        &["lingtren"],
        &["ssl", "tls"],
        "Extract the issuer's organization from the target's certificate. Issuers are entities which sign and distribute certificates.",
        &[],
        "info",
        None,
        "ssl",
    ),
    (
        "tls-version",
        "ssl/tls-version.yaml",
        "TLS Version - Detect",
        &["pdteam", "pussycat0x"],
        &["ssl", "tls"],
        "TLS version detection is a security process used to determine the version of the Transport Layer Security (TLS) protocol used by a computer or server.\nIt helps ensure secure communication between computers or servers by identifying the TLS version being used and making sure it is the latest version.\n",
        &[],
        "info",
        None,
        "ssl",
    ),
    (
        "weak-cipher-suites",
        "ssl/weak-cipher-suites.yaml",
        "Weak Cipher Suites Detection",
        &["pussycat0x"],
        &["ssl", "tls", "misconfig"],
        "A weak cipher is defined as an encryption/decryption algorithm that uses a key of insufficient length. Using an insufficient length for a key in an encryption/decryption algorithm opens up the possibility (or probability) that the encryption scheme could be broken.",
        &[
            "https://www.acunetix.com/vulnerabilities/web/tls-ssl-weak-cipher-suites/",
            "http://ciphersuite.info",
        ],
        "low",
        None,
        "ssl",
    ),
    (
        "deprecated-tls",
        "ssl/deprecated-tls.yaml",
        "Deprecated TLS Detection (TLS 1.1 or SSLv3)",
        &["righettod", "forgedhallpass"],
        &["ssl", "tls"],
        "Both TLS 1.1 and SSLv3 are deprecated in favor of stronger encryption.\n",
        &["https://ssl-config.mozilla.org/#config=intermediate"],
        "info",
        None,
        "ssl",
    ),
    (
        "self-signed-ssl",
        "ssl/self-signed-ssl.yaml",
        "Self Signed SSL Certificate",
        &["righettod", "DhiyaneshDk"],
        &["ssl", "tls", "self-signed"],
        "Ensure that the application does not use a self-signed SSL/TLS certificate",
        &["https://www.rapid7.com/db/vulnerabilities/ssl-self-signed-certificate/"],
        "low",
        None,
        "ssl",
    ),
    (
        "cname-fingerprint",
        "dns/cname-fingerprint.yaml",
        "CNAME Fingerprint",
        &["pdteam"],
        &["dns", "cname"],
        "A CNAME DNS record was discovered.",
        &[
            "https://www.theregister.com/2021/02/24/dns_cname_tracking/",
            "https://www.ionos.com/digitalguide/hosting/technical-matters/cname-record/",
        ],
        "info",
        None,
        "dns",
    ),
    (
        "caa-fingerprint",
        "dns/caa-fingerprint.yaml",
        "CAA Fingerprint",
        &["pdteam"],
        &["dns", "caa"],
        "A CAA record was discovered. A CAA record is used to specify which certificate authorities (CAs) are allowed to issue certificates for a domain.",
        &["https://support.dnsimple.com/articles/caa-record/#whats-a-caa-record"],
        "info",
        None,
        "dns",
    ),
    (
        "dmarc-detect",
        "dns/dmarc-detect.yaml",
        "DNS DMARC - Detect",
        &["juliosmelo"],
        &["dns", "dmarc"],
        "DMARCs were detected.\n",
        &["https://dmarc.org/"],
        "info",
        None,
        "dns",
    ),
    (
        "mx-fingerprint",
        "dns/mx-fingerprint.yaml",
        "MX Record - Detection",
        &["pdteam"],
        &["dns", "mx"],
        "An MX record was detected. MX records direct emails to a mail exchange server.",
        &["https://www.cloudflare.com/learning/dns/dns-records/dns-mx-record/"],
        "info",
        None,
        "dns",
    ),
    (
        "spf-record-detect",
        "dns/spf-record-detect.yaml",
        "SPF Record - Detection",
        &["rxerium"],
        &["dns", "spf"],
        "An SPF TXT record was detected",
        &["https://www.mimecast.com/content/how-to-create-an-spf-txt-record"],
        "info",
        None,
        "dns",
    ),
    (
        "txt-fingerprint",
        "dns/txt-fingerprint.yaml",
        "DNS TXT Record Detected",
        &["pdteam"],
        &["dns", "txt"],
        "A DNS TXT record was detected. The TXT record lets a domain admin leave notes on a DNS server.",
        &[
            "https://www.netspi.com/blog/technical/network-penetration-testing/analyzing-dns-txt-records-to-fingerprint-service-providers/",
        ],
        "info",
        None,
        "dns",
    ),
    (
        "tech-detect",
        "http/technologies/tech-detect.yaml",
        "Wappalyzer Technology Detection",
        &["hakluke"],
        &["tech"],
        "",
        &[],
        "info",
        None,
        "http",
    ),
    (
        "http-missing-security-headers",
        "http/misconfiguration/http-missing-security-headers.yaml",
        "HTTP Missing Security Headers",
        &[
            "socketz",
            "geeknik",
            "g4l1t0",
            "convisoappsec",
            "kurohost",
            "dawid-czarnecki",
            "forgedhallpass",
            "jub0bs",
        ],
        &["misconfig", "headers", "generic"],
        "This template searches for missing HTTP security headers. The impact of these missing headers can vary.\n",
        &[],
        "info",
        None,
        "http",
    ),
    (
        "waf-detect",
        "http/technologies/waf-detect.yaml",
        "WAF Detection",
        &["dwisiswant0", "lu4nx"],
        &["waf", "tech", "misc"],
        "A web application firewall was detected.",
        &["https://github.com/ekultek/whatwaf"],
        "info",
        None,
        "http",
    ),
    (
        "options-method",
        "http/miscellaneous/options-method.yaml",
        "Allowed Options Method",
        &["pdteam"],
        &["misc", "generic"],
        "",
        &[],
        "info",
        None,
        "http",
    ),
    (
        "robots-txt-endpoint",
        "http/miscellaneous/robots-txt-endpoint.yaml",
        "robots.txt endpoint - Detect",
        &["CodeBlack"],
        &["misc", "generic"],
        "",
        &["https://developers.google.com/search/docs/crawling-indexing/robots/intro"],
        "info",
        None,
        "http",
    ),
    (
        "git-config",
        "http/exposures/configs/git-config.yaml",
        "Git Configuration - Detect",
        &["pdteam", "pikpikcu", "shape", "DhiyaneshDK"],
        &["config", "git", "exposure"],
        "Git configuration was detected via the pattern /.git/config and log file on passed URLs.",
        &[],
        "medium",
        Some((
            "cwe-200",
            "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
            5.3,
        )),
        "http",
    ),
    (
        "laravel-env",
        "http/exposures/configs/laravel-env.yaml",
        "Laravel - Sensitive Information Disclosure",
        &[
            "pxmme1337",
            "dwisiswant0",
            "geeknik",
            "emenalf",
            "DhiyaneshDK",
        ],
        &["config", "exposure", "laravel"],
        "A Laravel .env file was discovered, which stores sensitive information like database credentials and tokens. It should not be publicly accessible.",
        &["https://laravel.com/docs/master/configuration#environment-configuration"],
        "high",
        Some((
            "cwe-200",
            "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
            7.5,
        )),
        "http",
    ),
    (
        "svn-wc-db",
        "http/exposures/files/svn-wc-db.yaml",
        "SVN wc.db File Exposure",
        &["Hardik-Solanki", "R12W4N"],
        &["msf", "exposure", "svn", "config", "files"],
        "SVN wc.db file is exposed.",
        &[
            "https://github.com/rapid7/metasploit-framework/blob/master/modules/auxiliary/scanner/http/svn_wcdb_scanner.rb",
        ],
        "medium",
        Some((
            "cwe-538",
            "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
            5.3,
        )),
        "http",
    ),
    (
        "gitlab-detect",
        "http/technologies/gitlab-detect.yaml",
        "GitLab - Detect",
        &["ehsahil", "dhiyaneshDK"],
        &["panel", "gitlab", "tech"],
        "GitLab was detected.",
        &[],
        "info",
        None,
        "http",
    ),
    (
        "phpinfo-files",
        "http/exposures/configs/phpinfo-files.yaml",
        "PHPInfo Page - Detect",
        &["pdteam", "daffainfo", "meme-lord", "dhiyaneshdk", "wabafet"],
        &["config", "exposure", "phpinfo"],
        "PHPInfo page was detected. The output of the phpinfo() command can reveal detailed system information.",
        &[],
        "low",
        Some((
            "cwe-200",
            "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
            5.3,
        )),
        "http",
    ),
    (
        "openssh-detect",
        "network/detection/openssh-detect.yaml",
        "OpenSSH Service - Detect",
        &["r3dg33k", "daffainfo", "iamthefrogy"],
        &["seclists", "network", "ssh", "openssh", "detect"],
        "OpenSSH service was detected.\n",
        &["https://nvd.nist.gov/vuln/detail/CVE-2008-3844"],
        "info",
        None,
        "tcp",
    ),
    (
        "CVE-2023-48795",
        "javascript/cves/2023/CVE-2023-48795.yaml",
        "OpenSSH Terrapin Attack - Detection",
        &["pussycat0x"],
        &["cve", "cve2023", "ssh", "vuln", "javascript"],
        "The SSH transport protocol with certain OpenSSH extensions, found in OpenSSH before 9.6 and other products, allows remote attackers to bypass integrity checks such that some packets are omitted (from the extension negotiation message), and a client and server may consequently end up with a connection for which some security features have been downgraded or disabled, aka a Terrapin attack.\n",
        &[
            "https://terrapin-attack.com/",
            "https://nvd.nist.gov/vuln/detail/CVE-2023-48795",
        ],
        "medium",
        Some((
            "cwe-354",
            "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N",
            5.9,
        )),
        "javascript",
    ),
];

/// One finding of nuclei as `-jsonl` writes it.
#[allow(clippy::too_many_arguments)]
fn nuclei_line(
    id: &str,
    matcher: Option<&str>,
    host: &str,
    ip: &str,
    path: &str,
    extracted: &[String],
    ms: u64,
    k: usize,
) -> String {
    let tpl = NUCLEI.iter().find(|t| t.0 == id).unwrap();
    let mut info = Map::new();
    info.insert("name".into(), json!(tpl.2));
    info.insert("author".into(), json!(tpl.3));
    info.insert("tags".into(), json!(tpl.4));
    if !tpl.5.is_empty() {
        info.insert("description".into(), json!(tpl.5));
    }
    if !tpl.6.is_empty() {
        info.insert("reference".into(), json!(tpl.6));
    }
    info.insert("severity".into(), json!(tpl.7));
    let max = match tpl.9 {
        "ssl" if id == "tls-version" || id == "weak-cipher-suites" => 4,
        "http" if id == "tech-detect" => 2,
        _ => 1,
    };
    let mut meta = Map::new();
    if id == "CVE-2023-48795" {
        meta.insert("verified".into(), json!(true));
        meta.insert("shodan-query".into(), json!("product:\"OpenSSH\""));
    }
    meta.insert("max-request".into(), json!(max));
    info.insert("metadata".into(), Value::Object(meta));
    if let Some((cwe, vector, score)) = tpl.8 {
        let cve = if id.starts_with("CVE-") {
            json!([id.to_lowercase()])
        } else {
            Value::Null
        };
        info.insert(
            "classification".into(),
            json!({"cve-id": cve, "cwe-id": [cwe], "cvss-metrics": vector, "cvss-score": score}),
        );
    }
    let mut m = Map::new();
    m.insert("template".into(), json!(tpl.1));
    m.insert(
        "template-url".into(),
        json!(format!("https://cloud.projectdiscovery.io/public/{id}")),
    );
    m.insert("template-id".into(), json!(id));
    m.insert(
        "template-path".into(),
        json!(format!("/home/scanner/nuclei-templates/{}", tpl.1)),
    );
    m.insert("info".into(), Value::Object(info));
    if let Some(name) = matcher {
        m.insert("matcher-name".into(), json!(name));
    }
    let kind = tpl.9;
    m.insert("type".into(), json!(kind));
    m.insert("host".into(), json!(host));
    match kind {
        "http" => {
            let url = format!("https://{host}");
            let at = format!("{url}{path}");
            m.insert("port".into(), json!("443"));
            m.insert("scheme".into(), json!("https"));
            m.insert("url".into(), json!(url));
            m.insert("path".into(), json!(path));
            m.insert("matched-at".into(), json!(at.clone()));
            if !extracted.is_empty() {
                m.insert("extracted-results".into(), json!(extracted));
            }
            m.insert("ip".into(), json!(ip));
            m.insert("timestamp".into(), json!(nuclei_time(ms)));
            m.insert(
                "curl-command".into(),
                json!(format!(
                    "curl -X 'GET' -d '' -H 'Accept: */*' -H 'Accept-Language: en' -H 'User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{}.0.0.0 Safari/537.36' '{at}'",
                    118 + h(k, 4701) % 10
                )),
            );
        }
        "dns" => {
            m.insert("matched-at".into(), json!(host));
            if !extracted.is_empty() {
                m.insert("extracted-results".into(), json!(extracted));
            }
            m.insert("timestamp".into(), json!(nuclei_time(ms)));
        }
        _ => {
            let port = if kind == "ssl" { "443" } else { "22" };
            m.insert("port".into(), json!(port));
            m.insert("matched-at".into(), json!(format!("{host}:{port}")));
            if !extracted.is_empty() {
                m.insert("extracted-results".into(), json!(extracted));
            }
            m.insert("ip".into(), json!(ip));
            m.insert("timestamp".into(), json!(nuclei_time(ms)));
        }
    }
    m.insert("matcher-status".into(), json!(true));
    serde_json::to_string(&Value::Object(m)).unwrap()
}

/// `2026-11-27T02:14:09.123456789+01:00` of `ms` milliseconds since the
/// epoch, in local time (UTC+1).
fn nuclei_time(ms: u64) -> String {
    let t = ms / 1_000 + 3_600;
    format!(
        "{}.{:03}{:06}+01:00",
        datetime(t),
        ms % 1_000,
        h(ms as usize, 4702) % 1_000_000
    )
}

/// `nuclei -l hosts.txt -jsonl -or -o -` of a company's weekly external
/// scan (nuclei 3.3, templates 10.1): some 70 internet-facing hosts on
/// five domains; DNS records of the apex domains, CNAMEs, certificate
/// names, issuers and TLS versions, weak ciphers, self-signed and
/// deprecated TLS on old hosts, technologies, WAFs, missing security
/// headers by the hundred, OpenSSH and Terrapin on the SSH hosts. Five
/// sites serve their `/.git/config` (`git-config`, medium); among the
/// rest: a Laravel `.env` (high), an SVN working copy, a `phpinfo()`
/// page, a GitLab on `git.…`, a mirror host named for git and robots
/// files.
fn nuclei_git_exposed() -> Case {
    let subs = [
        "www",
        "shop",
        "api",
        "cdn",
        "static",
        "img",
        "blog",
        "mail",
        "webmail",
        "vpn",
        "sso",
        "status",
        "docs",
        "support",
        "help",
        "b2b-api",
        "partner",
        "events",
        "careers",
        "news",
        "presse",
        "media",
        "downloads",
        "assets",
        "checkout",
        "payments",
        "tracking",
        "returns",
        "survey",
        "newsletter",
        "archiv",
        "git",
        "git-mirror",
        "grafana",
        "monitor",
        "test-shop",
        "preview",
        "legacy",
        "m",
        "app",
    ];
    let domains = [
        "nordwind.de",
        "nordwind-shop.de",
        "nordwind-partner.de",
        "nordwind.at",
        "nordwind.ch",
    ];
    let items: Vec<String> = [
        "intranet-legacy.nordwind.de",
        "staging-shop.nordwind.de",
        "b2b.nordwind-partner.de",
        "jobs.nordwind.de",
        "kampagne2019.nordwind.de",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut hosts: Vec<String> = Vec::new();
    for (i, s) in subs.iter().enumerate() {
        hosts.push(format!("{s}.{}", domains[if i < 36 { 0 } else { i % 5 }]));
    }
    for (i, d) in domains.iter().enumerate().skip(1) {
        for s in ["www", "shop", "api"].iter().take(1 + i % 3) {
            let hname = format!("{s}.{d}");
            if !hosts.contains(&hname) {
                hosts.push(hname);
            }
        }
    }
    for s in ["b2b", "portal"] {
        hosts.push(format!("{s}.nordwind-partner.de"));
    }
    for x in &items {
        if !hosts.contains(x) {
            hosts.push(x.clone());
        }
    }
    for (i, s) in [
        "fotowettbewerb",
        "sommer2021",
        "black-friday",
        "adventskalender",
        "gewinnspiel",
    ]
    .iter()
    .enumerate()
    {
        hosts.push(format!("{s}.{}", domains[i % 2]));
    }
    hosts.sort_by_key(|x| {
        h(
            x.len() * 31 + x.as_bytes()[0] as usize * 7 + x.as_bytes()[1] as usize,
            4703,
        )
    });
    for x in &items {
        assert!(!named_elsewhere(x, &hosts), "{x}");
    }
    let ip_of = |i: usize| -> String {
        match h(i, 4704) % 4 {
            0 => format!("104.21.{}.{}", h(i, 4705) % 90, h(i, 4706) % 250 + 2),
            1 => format!("172.67.{}.{}", h(i, 4707) % 200, h(i, 4708) % 250 + 2),
            2 => format!("88.198.{}.{}", h(i, 4709) % 250, h(i, 4710) % 250 + 2),
            _ => format!(
                "185.{}.{}.{}",
                10 + h(i, 4711) % 200,
                h(i, 4712) % 250,
                h(i, 4713) % 250 + 2
            ),
        }
    };
    let mut lines: Vec<String> = Vec::new();
    let mut ms = (day(-1) + 23 * 3_600 + 2 * 60) * 1_000 + 411;
    let mut k = 0usize;
    let tick = |k: usize, ms: &mut u64| {
        *ms += 40 + h(k, 4714) % 2_500;
        *ms
    };
    // DNS first, then the certificates, then HTTP and SSH.
    for d in domains {
        for (id, ex) in [
            ("caa-fingerprint", vec!["letsencrypt.org".to_string(), "sectigo.com".into()]),
            ("dmarc-detect", vec!["\"v=DMARC1; p=quarantine; rua=mailto:dmarc@nordwind.de; pct=100\"".to_string()]),
            ("mx-fingerprint", vec![format!("10 mx01.{d}."), format!("20 mx02.{d}.")]),
            ("spf-record-detect", vec!["\"v=spf1 include:spf.protection.outlook.com include:_spf.mailjet.com ip4:88.198.41.0/24 -all\"".to_string()]),
            ("txt-fingerprint", vec![format!("\"google-site-verification={}\"", hex(d.len(), 4715, 43)), "\"MS=ms48213977\"".into()]),
        ] {
            k += 1;
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(id, None, d, "", "", &ex, at, k));
        }
    }
    for (i, host) in hosts.iter().enumerate() {
        if h(i, 4716).is_multiple_of(2) {
            k += 1;
            let target = if h(i, 4717).is_multiple_of(3) {
                format!("{}.cdn.cloudflare.net", host)
            } else {
                format!(
                    "nordwind-{}.azurewebsites.net",
                    host.split('.').next().unwrap()
                )
            };
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(
                "cname-fingerprint",
                None,
                host,
                "",
                "",
                &[target],
                at,
                k,
            ));
        }
    }
    for (i, host) in hosts.iter().enumerate() {
        let ip = ip_of(i);
        let old = h(i, 4718).is_multiple_of(6);
        let apex = host.split_once('.').unwrap().1;
        k += 1;
        let at = tick(k, &mut ms);
        lines.push(nuclei_line(
            "ssl-dns-names",
            None,
            host,
            &ip,
            "",
            &[host.clone(), format!("*.{apex}")],
            at,
            k,
        ));
        k += 1;
        let at = tick(k, &mut ms);
        let issuer = if old && h(i, 4719).is_multiple_of(2) {
            "nordwind-ca"
        } else {
            ["Let's Encrypt", "Sectigo Limited", "Google Trust Services"][(h(i, 4720) % 3) as usize]
        };
        if issuer == "nordwind-ca" {
            lines.push(nuclei_line(
                "self-signed-ssl",
                None,
                host,
                &ip,
                "",
                &[],
                at,
                k,
            ));
            k += 1;
        }
        lines.push(nuclei_line(
            "ssl-issuer",
            None,
            host,
            &ip,
            "",
            &[issuer.to_string()],
            at + 3,
            k,
        ));
        for v in if old {
            vec!["tls10", "tls11", "tls12"]
        } else {
            vec!["tls12", "tls13"]
        } {
            k += 1;
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(
                "tls-version",
                None,
                host,
                &ip,
                "",
                &[v.to_string()],
                at,
                k,
            ));
        }
        if old {
            k += 1;
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(
                "deprecated-tls",
                Some("tls_1.1"),
                host,
                &ip,
                "",
                &["tls11".to_string()],
                at,
                k,
            ));
            k += 1;
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(
                "weak-cipher-suites",
                Some("tls-1.0"),
                host,
                &ip,
                "",
                &["[tls10 TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA]".to_string()],
                at,
                k,
            ));
        }
    }
    let headers = [
        "strict-transport-security",
        "content-security-policy",
        "permissions-policy",
        "x-frame-options",
        "x-content-type-options",
        "referrer-policy",
        "cross-origin-embedder-policy",
        "cross-origin-opener-policy",
        "cross-origin-resource-policy",
        "clear-site-data",
        "x-permitted-cross-domain-policies",
    ];
    let techs = [
        "nginx",
        "apache-http-server",
        "php",
        "wordpress",
        "laravel",
        "varnish",
        "cloudflare",
        "hsts",
        "jquery",
        "bootstrap",
        "magento",
        "typo3-cms",
        "react",
        "next.js",
        "hubspot",
    ];
    // The HTTP templates run host by host, each host's findings a few
    // seconds apart; the exposures come out among them.
    for (i, host) in hosts.iter().enumerate() {
        let ip = ip_of(i);
        let mut found: Vec<(&str, Option<String>, String, Vec<String>)> = Vec::new();
        for n in 0..(1 + h(i, 4721) % 3) {
            found.push((
                "tech-detect",
                Some(pick(&techs, i * 3 + n as usize, 4722).to_string()),
                String::new(),
                vec![],
            ));
        }
        let missing = 2 + h(i, 4723) % 6;
        for n in 0..missing {
            found.push((
                "http-missing-security-headers",
                Some(headers[((h(i, 4724) + n) % 11) as usize].to_string()),
                String::new(),
                vec![],
            ));
        }
        if h(i, 4725).is_multiple_of(3) {
            found.push((
                "waf-detect",
                Some(["cloudflare", "nginxgeneric", "aws"][(h(i, 4726) % 3) as usize].to_string()),
                "/".into(),
                vec![],
            ));
        }
        if h(i, 4727).is_multiple_of(4) {
            found.push((
                "options-method",
                None,
                String::new(),
                vec!["GET,HEAD,POST,OPTIONS".to_string()],
            ));
        }
        if h(i, 4728) % 4 == 1 {
            found.push(("robots-txt-endpoint", None, "/robots.txt".into(), vec![]));
        }
        match host.as_str() {
            "events.nordwind.de" => found.push(("laravel-env", None, "/.env".into(), vec![])),
            "archiv.nordwind.de" => found.push(("svn-wc-db", None, "/.svn/wc.db".into(), vec![])),
            "git.nordwind.de" => found.push((
                "gitlab-detect",
                None,
                "/users/sign_in".into(),
                vec!["17.5.2".to_string()],
            )),
            "legacy.nordwind-partner.de" => found.push((
                "phpinfo-files",
                None,
                "/phpinfo.php".into(),
                vec!["7.2.34".to_string()],
            )),
            _ => {}
        }
        if items.contains(host) {
            let at = (h(i, 4729) % found.len() as u64) as usize;
            found.insert(at, ("git-config", None, "/.git/config".into(), vec![]));
        }
        for (id, matcher, path, ex) in found {
            k += 1;
            let at = tick(k, &mut ms);
            let path = if path.is_empty() { String::new() } else { path };
            lines.push(nuclei_line(
                id,
                matcher.as_deref(),
                host,
                &ip,
                &path,
                &ex,
                at,
                k,
            ));
        }
    }
    for (i, host) in hosts.iter().enumerate() {
        if h(i, 4730).is_multiple_of(5) || host.starts_with("git") || host.starts_with("sso") {
            let ip = ip_of(i);
            k += 1;
            let at = tick(k, &mut ms);
            let banner = [
                "SSH-2.0-OpenSSH_8.4p1 Debian-5+deb11u3",
                "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3",
                "SSH-2.0-OpenSSH_7.9p1 Debian-10+deb10u4",
            ][(h(i, 4731) % 3) as usize];
            lines.push(nuclei_line(
                "openssh-detect",
                None,
                host,
                &ip,
                "",
                &[banner.to_string()],
                at,
                k,
            ));
            k += 1;
            let at = tick(k, &mut ms);
            lines.push(nuclei_line(
                "CVE-2023-48795",
                None,
                host,
                &ip,
                "",
                &["Vulnerable to Terrapin".to_string()],
                at,
                k,
            ));
        }
    }
    let out = lines.join("\n") + "\n";
    let exposed: BTreeSet<String> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["template-id"] == "git-config")
        .map(|v| v["host"].as_str().unwrap().to_string())
        .collect();
    let mut sorted = items.clone();
    sorted.sort();
    assert_eq!(exposed.iter().cloned().collect::<Vec<_>>(), sorted);
    let expected: Vec<String> = sorted.iter().map(|s| jq_string(s)).collect();
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "nuclei -jsonl of an external scan, sites exposing their git repository",
        out,
        "From last night's external scan: which of our websites let anyone download their .git folder? List every one of them.",
        items,
    )
    .with_jq(
        "[.[] | select(.[\"template-id\"] == \"git-config\") | .host] | unique | .[]",
        expected,
    )
}

/// A storage array of the multipath case: vendor and product, features,
/// hardware handler, path groups, paths a group, path selector, the
/// WWID's prefix.
struct San {
    model: &'static str,
    features: &'static str,
    hwhandler: &'static str,
    groups: usize,
    per_group: usize,
    selector: &'static str,
    prefix: &'static str,
}

const PURE: San = San {
    model: "PURE,FlashArray",
    features: "0",
    hwhandler: "1 alua",
    groups: 1,
    per_group: 8,
    selector: "service-time 0",
    prefix: "3624a9370",
};
const NETAPP: San = San {
    model: "NETAPP,LUN C-Mode",
    features: "3 queue_if_no_path pg_init_retries 50",
    hwhandler: "1 alua",
    groups: 2,
    per_group: 2,
    selector: "service-time 0",
    prefix: "3600a0980",
};
const TPAR: San = San {
    model: "3PARdata,VV",
    features: "1 queue_if_no_path",
    hwhandler: "1 alua",
    groups: 1,
    per_group: 4,
    selector: "round-robin 0",
    prefix: "360002ac0",
};
const MSA: San = San {
    model: "HPE,MSA 2050 SAN",
    features: "1 queue_if_no_path",
    hwhandler: "1 alua",
    groups: 2,
    per_group: 2,
    selector: "service-time 0",
    prefix: "3600c0ff0",
};
const MSA2: San = San {
    model: "HPE,MSA 2060 SAN",
    features: "1 queue_if_no_path",
    hwhandler: "1 alua",
    groups: 2,
    per_group: 2,
    selector: "service-time 0",
    prefix: "3600c0ff0",
};
const DGC: San = San {
    model: "DGC,VRAID",
    features: "2 queue_if_no_path retain_attached_hw_handler",
    hwhandler: "1 alua",
    groups: 2,
    per_group: 2,
    selector: "service-time 0",
    prefix: "36006016",
};

/// The name Linux gives the `n`th SCSI disk (0: `sda`).
fn sd_name(n: usize) -> String {
    let mut s = Vec::new();
    let mut x = n + 1;
    while x > 0 {
        x -= 1;
        s.push(b'a' + (x % 26) as u8);
        x /= 26;
    }
    s.reverse();
    format!("sd{}", String::from_utf8(s).unwrap())
}

/// The `major:minor` of the `n`th SCSI disk.
fn sd_devt(n: usize) -> String {
    let majors = [
        8, 65, 66, 67, 68, 69, 70, 71, 128, 129, 130, 131, 132, 133, 134, 135,
    ];
    format!("{}:{}", majors[n / 16], (n % 16) * 16)
}

/// `pdsh -w … multipath -ll | dshbak` over a company's servers the
/// morning after a storage incident: Oracle database servers on a
/// NetApp (ASM disks, two path groups of two), Kubernetes storage
/// nodes and PostgreSQL and file servers on a Pure FlashArray (eight
/// or four paths), SAP HANA on a 3PAR, backup media servers on a VNX,
/// and archive LUNs of three servers on an old MSA 2050. Fabric B went
/// down in one rack: half the paths of every map there failed, one
/// map has a single path left, one map's whole standby group failed.
/// The MSA 2050 lost both controllers: its five LUNs have no path left
/// (every path failed, prio 0); an MSA 2060's archive LUN of another
/// server is fine.
fn multipath_no_path_left() -> Case {
    // (host, alias prefix, [(array, volume names)])
    type Layout = Vec<(String, String, Vec<(&'static San, Vec<String>)>)>;
    let mut layout: Layout = Vec::new();
    let names = |stem: &str, n: usize| -> Vec<String> {
        (1..=n).map(|i| format!("{stem}{i:02}")).collect()
    };
    for n in 1..=20usize {
        let mut asm = names("asm_data", 12 + n % 5);
        asm.extend(names("asm_fra", 4));
        asm.extend(names("asm_redo", 2));
        asm.extend(names("asm_ocr", 3));
        let mut arrays = vec![(&NETAPP, asm)];
        if n == 7 {
            arrays.push((&MSA, names("arch", 2)));
        }
        if n == 12 {
            arrays.push((&MSA2, names("arch", 1)));
        }
        layout.push((format!("ora-db{n:02}"), format!("ora{n:02}"), arrays));
    }
    for n in 1..=8usize {
        layout.push((
            format!("k8s-stor{n:02}"),
            format!("k8s{n:02}"),
            vec![(&PURE, names("vol", 18 + n % 4))],
        ));
    }
    for n in 1..=8usize {
        let mut v = names("data", 2);
        v.extend(names("wal", 1));
        v.extend(names("backup", 1));
        layout.push((
            format!("pg-db{n:02}"),
            format!("pg{n:02}"),
            vec![(&NETAPP, v)],
        ));
    }
    for n in 1..=6usize {
        let mut v = names("home", 3);
        v.extend(names("projects", 4 + n % 3));
        let mut arrays = vec![(&PURE, v)];
        if n == 3 {
            arrays.push((&MSA, names("cold", 2)));
        }
        layout.push((format!("fs-nfs{n:02}"), format!("nfs{n:02}"), arrays));
    }
    for n in 1..=4usize {
        let mut v = names("data", 4);
        v.extend(names("log", 2));
        v.extend(names("shared", 1));
        v.extend(names("backup", 1));
        layout.push((
            format!("sap-hana{n:02}"),
            format!("hana{n:02}"),
            vec![(&TPAR, v)],
        ));
    }
    for n in 1..=3usize {
        let mut arrays = vec![(&DGC, names("vtl", 10))];
        if n == 2 {
            arrays.push((&MSA, names("cold", 1)));
        }
        layout.push((format!("backup-media{n:02}"), format!("bkp{n:02}"), arrays));
    }
    let fabric_b_down = [
        "ora-db05",
        "ora-db06",
        "ora-db08",
        "ora-db09",
        "k8s-stor03",
        "pg-db04",
    ];
    let mut out = String::new();
    let mut items = Vec::new();
    let mut aliases = Vec::new();
    for (hi, (host, stem, arrays)) in layout.iter().enumerate() {
        out.push_str(&format!("----------------\n{host}\n----------------\n"));
        if host.starts_with("k8s") {
            for w in ["udev", "sysfs", "sgio"] {
                out.push_str(&format!(
                    "Nov 27 07:12:{:02} | sda: failed to get {w} uid: {}\n",
                    10 + hi,
                    if w == "sgio" {
                        "No such file or directory"
                    } else {
                        "Invalid argument"
                    }
                ));
            }
        }
        // Every path, in the order the HBAs found them: (hba, target, lun).
        let mut maps: Vec<(&San, String, u64)> = Vec::new();
        let mut lun = 0u64;
        for (san, vols) in arrays {
            for v in vols {
                maps.push((san, format!("{stem}_{v}"), lun));
                lun += 1;
            }
        }
        let mut scan: Vec<(u64, u64, u64)> = Vec::new();
        for (san, _, l) in &maps {
            let targets = (san.groups * san.per_group / 2) as u64;
            for hba in 1..=2 {
                for tg in 0..targets {
                    scan.push((hba, tg, *l));
                }
            }
        }
        scan.sort_unstable();
        let dev = |p: (u64, u64, u64)| scan.iter().position(|x| *x == p).unwrap() + 1;
        for (m, (san, alias, l)) in maps.iter().enumerate() {
            let wwid = format!(
                "{}{}",
                san.prefix,
                hex(hi * 100 + m, 4801, 33 - san.prefix.len())
            );
            let dead = san.model == MSA.model;
            let mut size = ["500G", "1.0T", "2.0T", "250G", "100G", "4.0T"]
                [(h(hi * 100 + m, 4802) % 6) as usize];
            if alias.contains("redo") || alias.contains("ocr") || alias.contains("wal") {
                size = ["20G", "50G", "10G"][(h(hi * 100 + m, 4803) % 3) as usize];
            }
            out.push_str(&format!("{alias} ({wwid}) dm-{} {}\n", 3 + m, san.model));
            out.push_str(&format!(
                "size={size} features='{}' hwhandler='{}' wp=rw\n",
                san.features, san.hwhandler
            ));
            // The paths of each group: (hcil, dev, devt, failed).
            let targets = (san.groups * san.per_group / 2) as u64;
            let mut groups: Vec<Vec<(String, String, String, bool)>> = vec![Vec::new(); san.groups];
            for hba in 1..=2u64 {
                for tg in 0..targets {
                    let g = if san.groups == 2 {
                        (tg % 2) as usize
                    } else {
                        0
                    };
                    let n = dev((hba, tg, *l));
                    let mut failed = dead || (hba == 2 && fabric_b_down.contains(&host.as_str()));
                    if alias == "pg04_wal01" && hba == 1 && tg == 1 {
                        failed = true;
                    }
                    if alias == "ora03_asm_fra02" && g == 1 {
                        failed = true;
                    }
                    groups[g].push((format!("{hba}:0:{tg}:{l}"), sd_name(n), sd_devt(n), failed));
                }
            }
            let all: Vec<&(String, String, String, bool)> = groups.iter().flatten().collect();
            let w0 = all.iter().map(|p| p.0.len()).max().unwrap();
            let w1 = all.iter().map(|p| p.1.len()).max().unwrap();
            let w2 = all.iter().map(|p| p.2.len()).max().unwrap();
            let mixed = all.iter().any(|p| p.3) && all.iter().any(|p| !p.3);
            for (g, paths) in groups.iter().enumerate() {
                let last_group = g + 1 == groups.len();
                let prio = if dead {
                    0
                } else if g == 0 {
                    50
                } else {
                    10
                };
                let status = if dead || g > 0 { "enabled" } else { "active" };
                out.push_str(&format!(
                    "{}-+- policy='{}' prio={prio} status={status}\n",
                    if last_group { '`' } else { '|' },
                    san.selector
                ));
                for (i, (hcil, d, devt, failed)) in paths.iter().enumerate() {
                    let lead = if last_group { "  " } else { "| " };
                    let branch = if i + 1 == paths.len() { "`-" } else { "|-" };
                    let (dm, chk) = if *failed {
                        ("failed", "faulty")
                    } else {
                        ("active", if mixed { "ready " } else { "ready" })
                    };
                    out.push_str(&format!(
                        "{lead}{branch} {hcil:<w0$} {d:<w1$} {devt:<w2$} {dm} {chk} running\n"
                    ));
                }
            }
            if dead {
                items.push(alias.clone());
            }
            aliases.push(alias.clone());
        }
    }
    assert_eq!(items.len(), 5, "{items:?}");
    for s in &items {
        assert!(!named_elsewhere(s, &aliases), "{s}");
        assert_eq!(whole(&out, s), 1);
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "pdsh multipath -ll over the servers after a storage incident, LUNs with no path left",
        out,
        "After last night's storage incident, which SAN volumes on our servers have lost every single path to the storage, so nothing can reach them at all? I need every one of them.",
        items,
    )
}

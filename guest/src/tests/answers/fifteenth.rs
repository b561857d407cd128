//! A FIFTEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before
//! being measured, and measured unread at deb92b2, bed565d and 28d7cb6;
//! its misses read since, for their classes (not its lines).
//!
//! One fact: AWS VPC Flow Logs of a database subnet's interfaces, the
//! default version-2 records (the one address from the internet whose
//! connection to Postgres was accepted, among thousands of scanners
//! rejected on 5432, 22 and 3389, a neighbouring address of the same
//! network rejected, the office's address let in on SSH, the database's
//! own replies and the application servers' accepted sessions), `aws
//! lambda list-functions` (the one function still on an end-of-life
//! runtime, among current Python, Node, Java, .NET and Ruby runtimes, a
//! checker named for the old runtime, descriptions that say a function
//! was migrated off it and a compatibility layer named for it), `docker
//! compose config` of a large development stack (the database service
//! published on every interface of the host, among databases published
//! on 127.0.0.1 only, databases only exposed to the stack's network,
//! web services behind Traefik and a docs service named for exposing
//! databases), `aws ecs describe-tasks` of stopped tasks (the checkout
//! task the load balancer's health checks stopped, among the same
//! service's tasks replaced by deployments, a search task that failed
//! its container health check, cron tasks whose container exited 1 or
//! 137, tasks stopped by users and by maintenance).
//! Every item: `kubectl get hpa -A -o json` (the autoscalers held at
//! their maximum, among autoscalers one replica under it, autoscalers
//! held at their minimum, targets far above their goal that still have
//! room, and an autoscaler named for its maximum), a Nessus scan's CSV
//! export (the hosts with SMB version 1 enabled, among hundreds without
//! SMB signing required, the dialects every Windows host supports and
//! synopses that mention version 1 of other protocols), `aws ssm
//! describe-instance-information` (the instances whose agent stopped
//! checking in, among terminated instances gone inactive, agents not at
//! the latest version and a host named for lost-and-found), ISC dhcpd's
//! syslog over a working day (the devices refused an address because
//! the guest pool ran out, among a full day of discover, offer, request
//! and acknowledge, requests from the wrong network refused, declined
//! and abandoned addresses, the failover peer's pool balancing and a
//! printer named for leases).
//!
//! Every expected jq result was checked with the real jq.

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, datetime, h, hex, range};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        vpc_flow_postgres_from_outside(),
        lambda_end_of_life_runtime(),
        compose_database_published(),
        ecs_task_stopped_by_health_checks(),
        hpa_at_maximum(),
        nessus_smb_v1_hosts(),
        ssm_agents_not_checking_in(),
        dhcpd_no_free_leases(),
    ]
}

/// A public address of the hash of `i`, never in private ranges nor in
/// the planted ones.
fn public_ip(i: usize, salt: u64) -> String {
    let firsts = [
        45u64, 61, 80, 89, 91, 103, 104, 112, 116, 139, 141, 159, 162, 167, 179, 193, 194, 212, 217,
    ];
    format!(
        "{}.{}.{}.{}",
        firsts[(h(i, salt) % firsts.len() as u64) as usize],
        range(i, salt + 1, 1, 254),
        range(i, salt + 2, 0, 255),
        range(i, salt + 3, 1, 254)
    )
}

/// AWS VPC Flow Logs, default format (version 2), as `aws s3 cp …
/// - | zcat` prints an hour's files of a database subnet's interfaces:
/// the header line, then one record a line. The database's interface
/// has a public address by mistake, so the internet's scanners reach it
/// and the security group rejects them on 5432, 22 and 3389; the
/// application servers' sessions to 5432 are accepted, the office's
/// address is let in on SSH, NODATA records of idle interfaces. One
/// outside address, `185.220.101.47`, is accepted on 5432 (and the
/// database's replies to it); its neighbour `185.220.101.46` is rejected.
fn vpc_flow_postgres_from_outside() -> Case {
    let account = "481516234200";
    let db_eni = "eni-0a71c3d9e2f4b5061";
    let enis = [
        db_eni,
        "eni-03b2e8f1c7a9d4e52",
        "eni-0f4c6d8a1b3e5f709",
        "eni-0c9e1a7b5d3f2e814",
    ];
    let db = "10.40.20.15";
    let apps = ["10.40.1.21", "10.40.1.37", "10.40.2.12", "10.40.2.44"];
    let mut out = String::from(
        "version account-id interface-id srcaddr dstaddr srcport dstport protocol packets bytes start end action log-status\n",
    );
    let start0 = DAY + 7 * 3600;
    let mut i = 0usize;
    let planted_at = 2630;
    while out.len() < 520_000 {
        i += 1;
        let t = start0 + (i as u64) * 3600 / 4600;
        let end = t + range(i, 7101, 20, 60);
        let kind = h(i, 7102) % 100;
        if i == planted_at {
            out.push_str(&format!(
                "2 {account} {db_eni} 185.220.101.47 {db} 51234 5432 6 1840 2211840 {t} {end} ACCEPT OK\n"
            ));
            out.push_str(&format!(
                "2 {account} {db_eni} {db} 185.220.101.47 5432 51234 6 2967 31244807 {t} {end} ACCEPT OK\n"
            ));
            continue;
        }
        if i == planted_at - 700 || i == planted_at + 410 {
            out.push_str(&format!(
                "2 {account} {db_eni} 185.220.101.46 {db} {} 5432 6 1 44 {t} {end} REJECT OK\n",
                range(i, 7103, 32768, 60999)
            ));
            continue;
        }
        let line = if kind < 34 {
            let app = pick(&apps, i, 7104);
            let sport = range(i, 7105, 32768, 60999);
            let pk = range(i, 7106, 4, 900);
            if h(i, 7107).is_multiple_of(2) {
                format!(
                    "2 {account} {db_eni} {app} {db} {sport} 5432 6 {pk} {} {t} {end} ACCEPT OK",
                    pk * range(i, 7108, 60, 900)
                )
            } else {
                format!(
                    "2 {account} {db_eni} {db} {app} 5432 {sport} 6 {pk} {} {t} {end} ACCEPT OK",
                    pk * range(i, 7108, 60, 1400)
                )
            }
        } else if kind < 70 {
            let port =
                ["5432", "5432", "22", "3389", "5432", "23", "1433"][(h(i, 7109) % 7) as usize];
            format!(
                "2 {account} {db_eni} {} {db} {} {port} 6 1 {} {t} {end} REJECT OK",
                public_ip(i, 7110),
                range(i, 7111, 1024, 65000),
                [40, 44, 60][(h(i, 7112) % 3) as usize]
            )
        } else if kind < 74 {
            let sport = range(i, 7113, 50000, 60999);
            if h(i, 7114).is_multiple_of(2) {
                format!(
                    "2 {account} {db_eni} 198.51.100.23 {db} {sport} 22 6 {} {} {t} {end} ACCEPT OK",
                    range(i, 7115, 20, 300),
                    range(i, 7116, 4000, 90000)
                )
            } else {
                format!(
                    "2 {account} {db_eni} {db} 198.51.100.23 22 {sport} 6 {} {} {t} {end} ACCEPT OK",
                    range(i, 7115, 20, 300),
                    range(i, 7116, 4000, 190000)
                )
            }
        } else if kind < 94 {
            let eni = pick(&enis[1..], i, 7117);
            let src = pick(&apps, i, 7118);
            let dst = ["10.40.20.31", "10.40.20.32", "10.40.21.9"][(h(i, 7119) % 3) as usize];
            let port = ["6379", "9200", "443", "5672"][(h(i, 7120) % 4) as usize];
            format!(
                "2 {account} {eni} {src} {dst} {} {port} 6 {} {} {t} {end} ACCEPT OK",
                range(i, 7121, 32768, 60999),
                range(i, 7122, 2, 400),
                range(i, 7123, 120, 400_000)
            )
        } else if kind < 97 {
            format!(
                "2 {account} {} 10.40.20.{} 169.254.169.123 123 123 17 1 76 {t} {end} ACCEPT OK",
                pick(&enis, i, 7124),
                range(i, 7125, 30, 40)
            )
        } else {
            format!(
                "2 {account} {} - - - - - - - {t} {end} - NODATA",
                pick(&enis[1..], i, 7126)
            )
        };
        out.push_str(&line);
        out.push('\n');
    }
    assert_eq!(out.matches("185.220.101.47").count(), 2);
    Case::fact(
        "VPC Flow Logs, the outside address let in to Postgres",
        out,
        "We just noticed our database server had a public IP. Did anybody from the internet actually manage to connect to Postgres on it, or was everything blocked? If someone got in, what's their address?",
        &["185.220.101.47"],
    )
}

/// `aws lambda list-functions` (AWS CLI v2, every page, four-space
/// indent) of an account with some 400 functions on current runtimes;
/// some descriptions say a function was migrated off Python 3.8, a
/// layer is named `python38-compat`, a checker `py38-runtime-audit`
/// runs on Python 3.13. One function, `invoice-pdf-render`, still runs
/// on `python3.8`.
fn lambda_end_of_life_runtime() -> Case {
    let runtimes = [
        ("python3.13", "python"),
        ("python3.12", "python"),
        ("nodejs22.x", "node"),
        ("nodejs22.x", "node"),
        ("java21", "java"),
        ("dotnet8", "dotnet"),
        ("ruby3.3", "ruby"),
        ("provided.al2023", "go"),
    ];
    let teams = [
        "orders", "billing", "catalog", "search", "identity", "shipping", "reports", "media",
        "notify", "pricing",
    ];
    let verbs = [
        "sync",
        "export",
        "ingest",
        "resize",
        "notify",
        "reconcile",
        "cleanup",
        "webhook",
        "scheduler",
        "enricher",
        "audit",
        "thumbnail",
        "indexer",
        "router",
    ];
    let account = "481516234200";
    let region = "eu-central-1";
    let mut fns = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    let mut i = 0usize;
    while fns.len() < 400 {
        i += 1;
        let planted = fns.len() == 277;
        let audit = fns.len() == 91;
        let name = if planted {
            "invoice-pdf-render".to_string()
        } else if audit {
            "py38-runtime-audit".to_string()
        } else {
            format!(
                "{}-{}-{}",
                pick(&teams, i, 7201),
                pick(&verbs, i, 7202),
                ["prod", "staging", "dev", "qa"][(h(i, 7203) % 4) as usize]
            )
        };
        if !names.insert(name.clone()) {
            continue;
        }
        let (runtime, lang) = if planted {
            ("python3.8", "python")
        } else if audit {
            ("python3.13", "python")
        } else {
            runtimes[(h(i, 7204) % runtimes.len() as u64) as usize]
        };
        let handler = match lang {
            "python" => "app.handler",
            "node" => "index.handler",
            "java" => "com.nordwind.Handler::handleRequest",
            "dotnet" => "Nordwind.Functions::Nordwind.Functions.Function::FunctionHandler",
            "ruby" => "function.handler",
            _ => "bootstrap",
        };
        let description = if planted {
            "Renders invoice PDFs from the billing queue".to_string()
        } else if audit {
            "Weekly report of functions on runtimes past end of support".to_string()
        } else if lang == "python" && h(i, 7205).is_multiple_of(6) {
            "Migrated from python3.8 in 2025; see PLAT-1182".to_string()
        } else {
            format!(
                "{} {} for the {} team",
                pick(&verbs, i, 7202),
                "job",
                pick(&teams, i, 7201)
            )
        };
        let mut layers = Vec::new();
        if lang == "python" && h(i, 7206).is_multiple_of(4) {
            layers.push(json!({"Arn": format!("arn:aws:lambda:{region}:{account}:layer:python38-compat:{}", range(i, 7207, 3, 9)), "CodeSize": range(i, 7208, 100_000, 900_000)}));
        }
        if h(i, 7209).is_multiple_of(2) || planted {
            layers.push(json!({"Arn": format!("arn:aws:lambda:{region}:580247275435:layer:LambdaInsightsExtension:{}", 53), "CodeSize": 11_964_021}));
        }
        let mut env = serde_json::Map::new();
        env.insert(
            "LOG_LEVEL".into(),
            json!(["info", "warn", "debug"][(h(i, 7210) % 3) as usize]),
        );
        env.insert("POWERTOOLS_SERVICE_NAME".into(), json!(name.clone()));
        env.insert(
            "TABLE_NAME".into(),
            json!(format!("{}-{}", pick(&teams, i, 7201), hex(i, 7211, 6))),
        );
        let mem = [128u64, 256, 512, 1024, 1769, 3008][(h(i, 7212) % 6) as usize];
        let t = DAY - range(i, 7213, 86_400, 400 * 86_400);
        let f = json!({
            "FunctionName": name,
            "FunctionArn": format!("arn:aws:lambda:{region}:{account}:function:{name}"),
            "Runtime": runtime,
            "Role": format!("arn:aws:iam::{account}:role/lambda-{name}-role"),
            "Handler": handler,
            "CodeSize": range(i, 7214, 2_000, 48_000_000),
            "Description": description,
            "Timeout": ([3u64, 10, 30, 60, 300, 900][(h(i, 7215) % 6) as usize]),
            "MemorySize": mem,
            "LastModified": format!("{}.{:03}+0000", datetime(t), h(i, 7216) % 1000),
            "CodeSha256": format!("{}=", hex(i, 7217, 43)),
            "Version": "$LATEST",
            "VpcConfig": {
                "SubnetIds": [format!("subnet-0{}", hex(i, 7218, 16)), format!("subnet-0{}", hex(i, 7219, 16))],
                "SecurityGroupIds": [format!("sg-0{}", hex(i, 7220, 16))],
                "VpcId": "vpc-0b1d2e3f4a5c6d7e8",
                "Ipv6AllowedForDualStack": false
            },
            "Environment": {"Variables": Value::Object(env)},
            "TracingConfig": {"Mode": if h(i, 7221).is_multiple_of(3) { "Active" } else { "PassThrough" }},
            "RevisionId": super::super::heldout::uuid(i, 7222),
            "Layers": layers,
            "PackageType": "Zip",
            "Architectures": [(if h(i, 7223).is_multiple_of(2) { "arm64" } else { "x86_64" })],
            "EphemeralStorage": {"Size": 512},
            "SnapStart": {"ApplyOn": "None", "OptimizationStatus": "Off"},
            "LoggingConfig": {"LogFormat": "Text", "LogGroup": format!("/aws/lambda/{name}")}
        });
        fns.push(f);
    }
    let out = pretty(&json!({"Functions": fns}), b"    ") + "\n";
    assert_eq!(out.matches("\"python3.8\"").count(), 1);
    Case::fact(
        "aws lambda list-functions, the function on an end-of-life runtime",
        out,
        "AWS keeps warning us that one of our Lambda functions is on a runtime that's no longer supported. Which function is it, and what runtime is it on?",
        &["invoice-pdf-render", "python3.8"],
    )
    .with_jq(
        ".Functions[] | select(.Runtime == \"python3.8\") | .FunctionName",
        vec![jq_string("invoice-pdf-render")],
    )
}

/// `docker compose config` of a development stack of some 300 services
/// (the canonical YAML compose prints: services in name order, long
/// environment maps, Traefik labels, health checks, ports as mappings).
/// Most databases are only exposed to the stack's network; the main
/// Postgres and Redis are published on `127.0.0.1`; a `db-exposer-docs`
/// service serves documentation on 8088 behind Traefik. `reporting-db`
/// publishes Postgres on 5433 on every interface.
fn compose_database_published() -> Case {
    let groups = [
        "orders", "billing", "catalog", "search", "identity", "shipping", "reports", "media",
        "notify", "pricing", "cart", "reviews", "loyalty", "returns", "stock", "ads", "auth",
        "bff", "cms", "crm", "erp", "faq", "geo", "hr", "iot", "kyc", "ml", "ops", "pim", "tax",
    ];
    let roles = [
        ("api", "node:22-alpine"),
        ("worker", "python:3.13-slim"),
        ("web", "nginx:1.27-alpine"),
        ("cache", "redis:7.4-alpine"),
        ("db", "postgres:16.4"),
        ("mq", "rabbitmq:3.13-management"),
        ("mongo", "mongo:7.0"),
        ("mysql", "mysql:8.4"),
        ("scheduler", "python:3.13-slim"),
        ("admin", "node:22-alpine"),
    ];
    struct Svc {
        name: String,
        image: String,
        ports: Vec<(Option<&'static str>, u64, u64)>,
        expose: Vec<u64>,
        traefik: Option<u64>,
        i: usize,
    }
    let mut svcs = Vec::new();
    for (g, grp) in groups.iter().enumerate() {
        for (r, (role, image)) in roles.iter().enumerate() {
            let i = g * 10 + r;
            let name = format!("{grp}-{role}");
            let port = match *role {
                "cache" => 6379,
                "db" => 5432,
                "mq" => 5672,
                "mongo" => 27017,
                "mysql" => 3306,
                _ => 8000 + (i as u64 % 50),
            };
            let datastore = matches!(*role, "cache" | "db" | "mq" | "mongo" | "mysql");
            let mut s = Svc {
                name,
                image: image.to_string(),
                ports: Vec::new(),
                expose: Vec::new(),
                traefik: None,
                i,
            };
            if datastore {
                s.expose.push(port);
            } else if matches!(*role, "api" | "web" | "admin") {
                s.traefik = Some(port);
            }
            svcs.push(s);
        }
    }
    svcs.push(Svc {
        name: "postgres".into(),
        image: "postgres:16.4".into(),
        ports: vec![(Some("127.0.0.1"), 5432, 15432)],
        expose: vec![],
        traefik: None,
        i: 900,
    });
    svcs.push(Svc {
        name: "redis".into(),
        image: "redis:7.4-alpine".into(),
        ports: vec![(Some("127.0.0.1"), 6379, 16379)],
        expose: vec![],
        traefik: None,
        i: 901,
    });
    svcs.push(Svc {
        name: "reporting-db".into(),
        image: "postgres:16.4".into(),
        ports: vec![(None, 5432, 5433)],
        expose: vec![],
        traefik: None,
        i: 902,
    });
    svcs.push(Svc {
        name: "db-exposer-docs".into(),
        image: "nginx:1.27-alpine".into(),
        ports: vec![],
        expose: vec![],
        traefik: Some(8088),
        i: 903,
    });
    svcs.push(Svc {
        name: "traefik".into(),
        image: "traefik:v3.2".into(),
        ports: vec![
            (None, 80, 80),
            (None, 443, 443),
            (Some("127.0.0.1"), 8080, 8080),
        ],
        expose: vec![],
        traefik: None,
        i: 904,
    });
    svcs.push(Svc {
        name: "mailpit".into(),
        image: "axllent/mailpit:v1.21".into(),
        ports: vec![
            (Some("127.0.0.1"), 8025, 8025),
            (Some("127.0.0.1"), 1025, 1025),
        ],
        expose: vec![],
        traefik: None,
        i: 905,
    });
    svcs.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from("name: nordwind-dev\nservices:\n");
    for s in &svcs {
        let i = s.i;
        out.push_str(&format!("  {}:\n", s.name));
        let pg = s.image.starts_with("postgres");
        let db_like = pg
            || s.image.starts_with("mysql")
            || s.image.starts_with("mongo")
            || s.image.starts_with("redis")
            || s.image.starts_with("rabbitmq");
        if !db_like && s.name != "traefik" && s.name != "mailpit" {
            out.push_str(&format!(
                "    build:\n      context: /home/dev/nordwind/services/{}\n      dockerfile: Dockerfile\n      args:\n        NODE_ENV: development\n        PIP_INDEX_URL: https://pypi.nordwind.internal/simple\n",
                s.name
            ));
        }
        if !db_like && s.name != "traefik" && s.name != "mailpit" {
            out.push_str(
                "    depends_on:\n      postgres:\n        condition: service_healthy\n        required: true\n      redis:\n        condition: service_started\n        required: true\n",
            );
        }
        out.push_str("    environment:\n");
        let mut env: Vec<(String, String)> = Vec::new();
        if pg {
            env.push(("POSTGRES_DB".into(), s.name.replace('-', "_")));
            env.push(("POSTGRES_PASSWORD".into(), "devpassword".into()));
            env.push(("POSTGRES_USER".into(), "nordwind".into()));
            env.push(("PGDATA".into(), "/var/lib/postgresql/data/pgdata".into()));
        } else if db_like {
            env.push(("TZ".into(), "Europe/Berlin".into()));
            env.push(("MYSQL_ROOT_PASSWORD".into(), "devpassword".into()));
        } else {
            for k in 0..20usize {
                let key = [
                    "DATABASE_URL",
                    "REDIS_URL",
                    "AMQP_URL",
                    "LOG_LEVEL",
                    "OTEL_EXPORTER_OTLP_ENDPOINT",
                    "SENTRY_DSN",
                    "FEATURE_FLAGS_URL",
                    "S3_ENDPOINT",
                    "S3_BUCKET",
                    "SMTP_HOST",
                    "SMTP_PORT",
                    "SESSION_SECRET",
                    "JAEGER_AGENT_HOST",
                    "CORS_ORIGINS",
                    "CACHE_TTL",
                    "HTTP_TIMEOUT",
                    "WORKER_CONCURRENCY",
                    "PAYMENT_API_URL",
                    "SEARCH_URL",
                    "OAUTH_ISSUER",
                ][k];
                let v = match key {
                    "DATABASE_URL" => format!(
                        "postgres://nordwind:devpassword@postgres:5432/{}",
                        s.name.replace('-', "_")
                    ),
                    "REDIS_URL" => "redis://redis:6379/0".into(),
                    "AMQP_URL" => "amqp://guest:guest@orders-mq:5672/".into(),
                    "LOG_LEVEL" => "debug".into(),
                    "OTEL_EXPORTER_OTLP_ENDPOINT" => "http://otel-collector:4318".into(),
                    "SENTRY_DSN" => format!(
                        "https://{}@sentry.nordwind.internal/{}",
                        hex(i, 7301, 32),
                        10 + i
                    ),
                    "FEATURE_FLAGS_URL" => "http://flags-api:8000".into(),
                    "S3_ENDPOINT" => "http://minio:9000".into(),
                    "S3_BUCKET" => format!("{}-dev", s.name),
                    "SMTP_HOST" => "mailpit".into(),
                    "SMTP_PORT" => "1025".into(),
                    "JAEGER_AGENT_HOST" => "jaeger".into(),
                    "CORS_ORIGINS" => "https://*.nordwind.localhost,http://localhost:3000".into(),
                    "CACHE_TTL" => "300".into(),
                    "HTTP_TIMEOUT" => "30s".into(),
                    "WORKER_CONCURRENCY" => "4".into(),
                    "PAYMENT_API_URL" => "http://payments-mock:8000/v2".into(),
                    "SEARCH_URL" => "http://opensearch:9200".into(),
                    "OAUTH_ISSUER" => "http://auth-api.nordwind.localhost/realms/dev".into(),
                    _ => hex(i, 7302, 48),
                };
                env.push((key.into(), v));
            }
        }
        env.sort();
        for (k, v) in &env {
            out.push_str(&format!("      {k}: {v}\n"));
        }
        if !s.expose.is_empty() {
            out.push_str("    expose:\n");
            for p in &s.expose {
                out.push_str(&format!("      - \"{p}\"\n"));
            }
        }
        out.push_str("    healthcheck:\n");
        let test = if pg {
            "      - CMD-SHELL\n      - pg_isready -U nordwind\n".to_string()
        } else if db_like {
            "      - CMD\n      - sh\n      - -c\n      - echo ping\n".to_string()
        } else {
            format!(
                "      - CMD\n      - wget\n      - -qO-\n      - http://localhost:{}/healthz\n",
                s.traefik.unwrap_or(8000)
            )
        };
        out.push_str(&format!("      test:\n{test}      timeout: 5s\n      interval: 10s\n      retries: 5\n      start_period: 20s\n"));
        out.push_str(&format!("    image: {}\n", s.image));
        if let Some(p) = s.traefik {
            out.push_str(&format!(
                "    labels:\n      traefik.enable: \"true\"\n      traefik.http.routers.{n}.entrypoints: websecure\n      traefik.http.routers.{n}.rule: Host(`{n}.nordwind.localhost`)\n      traefik.http.routers.{n}.tls: \"true\"\n      traefik.http.services.{n}.loadbalancer.server.port: \"{p}\"\n",
                n = s.name
            ));
        }
        out.push_str("    networks:\n      default: null\n");
        if !s.ports.is_empty() {
            out.push_str("    ports:\n");
            for (ip, target, published) in &s.ports {
                out.push_str("      - mode: ingress\n");
                if let Some(ip) = ip {
                    out.push_str(&format!("        host_ip: {ip}\n"));
                }
                out.push_str(&format!(
                    "        target: {target}\n        published: \"{published}\"\n        protocol: tcp\n"
                ));
            }
        }
        out.push_str("    restart: unless-stopped\n");
        if db_like {
            out.push_str(&format!(
                "    volumes:\n      - type: volume\n        source: {}-data\n        target: /var/lib/data\n        volume: {{}}\n",
                s.name
            ));
        } else {
            out.push_str(&format!(
                "    volumes:\n      - type: bind\n        source: /home/dev/nordwind/services/{n}/src\n        target: /app/src\n        bind:\n          create_host_path: true\n",
                n = s.name
            ));
        }
    }
    out.push_str("networks:\n  default:\n    name: nordwind-dev_default\nvolumes:\n");
    for s in &svcs {
        if s.image.starts_with("postgres")
            || s.image.starts_with("mysql")
            || s.image.starts_with("mongo")
            || s.image.starts_with("redis")
            || s.image.starts_with("rabbitmq")
        {
            out.push_str(&format!(
                "  {n}-data:\n    name: nordwind-dev_{n}-data\n",
                n = s.name
            ));
        }
    }
    assert_eq!(out.matches("published: \"5433\"").count(), 1);
    Case::fact(
        "docker compose config, the database open on every interface",
        out,
        "A colleague says one of the databases in our dev compose setup can be reached by anyone on the office network, not just from the laptop itself. Which service is that, and on what port?",
        &["reporting-db", "5433"],
    )
}

/// `aws ecs describe-tasks --cluster shop-prod --tasks …` of the last
/// stopped tasks (AWS CLI v2, four-space indent): deployments of
/// `checkout-api` and other services replacing their tasks, a search
/// task that failed its container health check, cron tasks whose
/// container exited 1 or was killed (137), tasks stopped by users and by
/// maintenance. One `checkout-api` task was stopped because it failed
/// the load balancer's health checks.
fn ecs_task_stopped_by_health_checks() -> Case {
    let account = "481516234200";
    let region = "eu-central-1";
    let cluster = format!("arn:aws:ecs:{region}:{account}:cluster/shop-prod");
    let services = [
        "checkout-api",
        "checkout-api",
        "catalog-api",
        "search-api",
        "cart-api",
        "identity-api",
        "orders-worker",
    ];
    let crons = ["nightly-export", "sitemap-build", "price-import"];
    let planted_id = "7e3f0a9c2d4b4e1f8a6c5b0d9e2f1a37";
    let planted_at = 71;
    let search_at = 38;
    let mut tasks = Vec::new();
    for k in 0..100usize {
        let i = k + 1;
        let id = if k == planted_at {
            planted_id.to_string()
        } else {
            hex(i, 7401, 32)
        };
        let cron = h(i, 7402).is_multiple_of(5) && k != planted_at && k != search_at;
        let group = if k == planted_at {
            "service:checkout-api".to_string()
        } else if k == search_at {
            "service:search-api".to_string()
        } else if cron {
            format!("family:{}", pick(&crons, i, 7403))
        } else {
            format!("service:{}", pick(&services, i, 7404))
        };
        let family = group.split(':').nth(1).unwrap().to_string();
        let stopped = DAY + 6 * 3600 + (k as u64) * 60 + h(i, 7405) % 50;
        let (stop_code, reason, exit, creason): (&str, String, Option<u64>, Option<&str>) = if k
            == planted_at
        {
            (
                "ServiceSchedulerInitiated",
                format!(
                    "Task failed ELB health checks in (target-group arn:aws:elasticloadbalancing:{region}:{account}:targetgroup/checkout-api-tg/4f1c2a7e9b3d6e80)"
                ),
                Some(143),
                None,
            )
        } else if k == search_at {
            (
                "ServiceSchedulerInitiated",
                "Task failed container health checks".to_string(),
                Some(137),
                None,
            )
        } else if cron {
            match h(i, 7406) % 4 {
                0 => (
                    "EssentialContainerExited",
                    "Essential container in task exited".into(),
                    Some(1),
                    None,
                ),
                1 => (
                    "EssentialContainerExited",
                    "Essential container in task exited".into(),
                    Some(137),
                    Some("OutOfMemoryError: Container killed due to memory usage"),
                ),
                _ => (
                    "EssentialContainerExited",
                    "Essential container in task exited".into(),
                    Some(0),
                    None,
                ),
            }
        } else {
            match h(i, 7407) % 10 {
                    0 => ("UserInitiated", "Task stopped by user".into(), Some(143), None),
                    1 => ("ServiceSchedulerInitiated", "ECS is performing maintenance on the underlying infrastructure hosting the task".into(), Some(143), None),
                    _ => ("ServiceSchedulerInitiated", format!("Scaling activity initiated by (deployment ecs-svc/{})", range(i, 7408, 1_000_000_000_000_000_000, 9_999_999_999_999_999_999)), Some(0), None),
                }
        };
        let task_arn = format!("arn:aws:ecs:{region}:{account}:task/shop-prod/{id}");
        let ip = format!("10.40.{}.{}", range(i, 7409, 1, 3), range(i, 7410, 10, 250));
        let mut container = json!({
            "containerArn": format!("arn:aws:ecs:{region}:{account}:container/shop-prod/{id}/{}", super::super::heldout::uuid(i, 7411)),
            "taskArn": task_arn,
            "name": family,
            "image": format!("{account}.dkr.ecr.{region}.amazonaws.com/{family}:{}", hex(i, 7412, 7)),
            "imageDigest": format!("sha256:{}", hex(i, 7413, 64)),
            "runtimeId": format!("{id}-{}", range(i, 7414, 1_000_000_000, 4_000_000_000)),
            "lastStatus": "STOPPED",
            "networkBindings": [],
            "networkInterfaces": [{"attachmentId": super::super::heldout::uuid(i, 7415), "privateIpv4Address": ip}],
            "healthStatus": (if k == search_at { "UNHEALTHY" } else { "UNKNOWN" }),
            "cpu": "0",
            "memory": "2048"
        });
        if let Some(e) = exit {
            container["exitCode"] = json!(e);
        }
        if let Some(r) = creason {
            container["reason"] = json!(r);
        }
        let log_router = json!({
            "containerArn": format!("arn:aws:ecs:{region}:{account}:container/shop-prod/{id}/{}", super::super::heldout::uuid(i, 7416)),
            "taskArn": task_arn,
            "name": "log-router",
            "image": "public.ecr.aws/aws-observability/aws-for-fluent-bit:2.32.4",
            "lastStatus": "STOPPED",
            "exitCode": 0,
            "networkBindings": [],
            "networkInterfaces": [{"attachmentId": super::super::heldout::uuid(i, 7415), "privateIpv4Address": ip}],
            "healthStatus": "UNKNOWN",
            "cpu": "0",
            "memoryReservation": "50"
        });
        let created = stopped - range(i, 7417, 3600, 5 * 86_400);
        let t = |s: u64| format!("{}.{:03}000+01:00", datetime(s + 3600), h(i, 7418) % 1000);
        tasks.push(json!({
            "attachments": [{
                "id": super::super::heldout::uuid(i, 7415),
                "type": "ElasticNetworkInterface",
                "status": "DELETED",
                "details": [
                    {"name": "subnetId", "value": format!("subnet-0{}", hex(i % 3, 7419, 16))},
                    {"name": "networkInterfaceId", "value": format!("eni-0{}", hex(i, 7420, 16))},
                    {"name": "macAddress", "value": format!("0a:{}:{}:{}:{}:{}", hex(i, 7421, 2), hex(i, 7422, 2), hex(i, 7423, 2), hex(i, 7424, 2), hex(i, 7425, 2))},
                    {"name": "privateDnsName", "value": format!("ip-{}.{region}.compute.internal", ip.replace('.', "-"))},
                    {"name": "privateIPv4Address", "value": ip}
                ]
            }],
            "attributes": [{"name": "ecs.cpu-architecture", "value": "x86_64"}],
            "availabilityZone": format!("{region}{}", ["a", "b", "c"][i % 3]),
            "clusterArn": cluster,
            "connectivity": "CONNECTED",
            "connectivityAt": t(created + 8),
            "containers": [container, log_router],
            "cpu": "1024",
            "createdAt": t(created),
            "desiredStatus": "STOPPED",
            "enableExecuteCommand": false,
            "executionStoppedAt": t(stopped - 20),
            "group": group,
            "healthStatus": (if k == search_at { "UNHEALTHY" } else { "UNKNOWN" }),
            "lastStatus": "STOPPED",
            "launchType": "FARGATE",
            "memory": "2048",
            "overrides": {"containerOverrides": [{"name": family}, {"name": "log-router"}], "inferenceAcceleratorOverrides": []},
            "platformVersion": "1.4.0",
            "platformFamily": "Linux",
            "pullStartedAt": t(created + 12),
            "pullStoppedAt": t(created + 31),
            "startedAt": t(created + 44),
            "startedBy": (if cron { "events-rule/nightly-jobs".to_string() } else { format!("ecs-svc/{}", range(i, 7426, 1_000_000_000_000_000_000, 9_999_999_999_999_999_999)) }),
            "stopCode": stop_code,
            "stoppedAt": t(stopped),
            "stoppedReason": reason,
            "stoppingAt": t(stopped - 35),
            "tags": [],
            "taskArn": task_arn,
            "taskDefinitionArn": format!("arn:aws:ecs:{region}:{account}:task-definition/{family}:{}", range(i, 7427, 40, 180)),
            "version": 6,
            "ephemeralStorage": {"sizeInGiB": 20},
            "fargateEphemeralStorage": {"sizeInGiB": 20}
        }));
    }
    let out = pretty(&json!({"tasks": tasks, "failures": []}), b"    ") + "\n";
    assert_eq!(out.matches("ELB health checks").count(), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "aws ecs describe-tasks, the task the load balancer's checks stopped",
        out,
        "We weren't deploying this morning, but one of the checkout containers got restarted anyway and customers saw errors. Which task was it and why did ECS stop it?",
        &[planted_id, "failed ELB health checks"],
    )
    .with_jq(
        ".tasks[] | select(.stoppedReason | test(\"ELB health\")) | .taskArn",
        vec![jq_string(&format!(
            "arn:aws:ecs:{region}:{account}:task/shop-prod/{planted_id}"
        ))],
    )
}

/// `kubectl get hpa -A -o json` (autoscaling/v2, four-space indent) of a
/// shared cluster: some 150 autoscalers over CPU and memory. Most scale
/// within their range; some sit at their minimum (`ScalingLimited`
/// `TooFewReplicas`); some run far above their CPU goal one replica
/// under their maximum; one is named `max-throughput-batch`. Seven are
/// held at their maximum (`TooManyReplicas`).
fn hpa_at_maximum() -> Case {
    let teams = [
        "orders", "billing", "catalog", "search", "identity", "shipping", "reports", "media",
        "notify", "pricing", "cart",
    ];
    let apps = [
        "api", "worker", "web", "consumer", "grpc", "gateway", "renderer", "indexer", "exporter",
        "webhook",
    ];
    let planted = [9usize, 31, 54, 77, 99, 118, 140];
    let planted_apps = [
        "checkout",
        "pdp-renderer",
        "image-proxy",
        "price-engine",
        "ws-gateway",
        "feed-builder",
        "recommender",
    ];
    let mut items_out = Vec::new();
    let mut hpas = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut i = 0usize;
    while hpas.len() < 150 {
        i += 1;
        let k = hpas.len();
        let ns = format!(
            "{}-{}",
            pick(&teams, i, 7501),
            ["prod", "staging", "dev", "qa"][(h(i, 7502) % 4) as usize]
        );
        let name = if k == 65 {
            "max-throughput-batch".to_string()
        } else if let Some(p) = planted.iter().position(|&x| x == k) {
            format!("{}-{}", pick(&teams, i, 7501), planted_apps[p])
        } else {
            format!("{}-{}", pick(&teams, i, 7501), pick(&apps, i, 7503))
        };
        if !seen.insert(format!("{ns}/{name}")) {
            continue;
        }
        let at_max = planted.contains(&k);
        let min = [1u64, 2, 2, 3, 3, 4][(h(i, 7504) % 6) as usize];
        let max = min + [3u64, 5, 8, 10, 17, 27][(h(i, 7505) % 6) as usize];
        let mode = if at_max { 0 } else { 1 + h(i, 7506) % 10 };
        let (current, util, limited) = match mode {
            0 => (
                max,
                range(i, 7507, 140, 260),
                (
                    "True",
                    "TooManyReplicas",
                    "the desired replica count is more than the maximum replica count",
                ),
            ),
            1 | 2 => (
                min,
                range(i, 7507, 4, 30),
                (
                    "True",
                    "TooFewReplicas",
                    "the desired replica count is less than the minimum replica count",
                ),
            ),
            3 => (
                max - 1,
                range(i, 7507, 150, 240),
                (
                    "False",
                    "DesiredWithinRange",
                    "the desired count is within the acceptable range",
                ),
            ),
            _ => (
                range(i, 7508, min, max - 1),
                range(i, 7507, 40, 95),
                (
                    "False",
                    "DesiredWithinRange",
                    "the desired count is within the acceptable range",
                ),
            ),
        };
        if at_max {
            items_out.push(name.clone());
        }
        let created = DAY - range(i, 7509, 86_400, 700 * 86_400);
        let last = DAY + 9 * 3600 - range(i, 7510, 60, 86_400);
        let ts = |s: u64| format!("{}Z", datetime(s));
        hpas.push(json!({
            "apiVersion": "autoscaling/v2",
            "kind": "HorizontalPodAutoscaler",
            "metadata": {
                "annotations": {"meta.helm.sh/release-name": name, "meta.helm.sh/release-namespace": ns},
                "creationTimestamp": ts(created),
                "labels": {"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": name},
                "name": name,
                "namespace": ns,
                "resourceVersion": range(i, 7511, 10_000_000, 99_999_999).to_string(),
                "uid": super::super::heldout::uuid(i, 7512)
            },
            "spec": {
                "behavior": {
                    "scaleDown": {"policies": [{"periodSeconds": 60, "type": "Percent", "value": 100}], "selectPolicy": "Max", "stabilizationWindowSeconds": 300},
                    "scaleUp": {"policies": [{"periodSeconds": 15, "type": "Pods", "value": 4}, {"periodSeconds": 15, "type": "Percent", "value": 100}], "selectPolicy": "Max", "stabilizationWindowSeconds": 0}
                },
                "maxReplicas": max,
                "metrics": [
                    {"resource": {"name": "cpu", "target": {"averageUtilization": 70, "type": "Utilization"}}, "type": "Resource"},
                    {"resource": {"name": "memory", "target": {"averageUtilization": 80, "type": "Utilization"}}, "type": "Resource"}
                ],
                "minReplicas": min,
                "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name}
            },
            "status": {
                "conditions": [
                    {"lastTransitionTime": ts(created + 120), "message": "recommended size matches current size", "reason": "ReadyForNewScale", "status": "True", "type": "AbleToScale"},
                    {"lastTransitionTime": ts(created + 180), "message": "the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)", "reason": "ValidMetricFound", "status": "True", "type": "ScalingActive"},
                    {"lastTransitionTime": ts(last), "message": limited.2, "reason": limited.1, "status": limited.0, "type": "ScalingLimited"}
                ],
                "currentMetrics": [
                    {"resource": {"current": {"averageUtilization": util, "averageValue": format!("{}m", util * 5)}, "name": "cpu"}, "type": "Resource"},
                    {"resource": {"current": {"averageUtilization": range(i, 7513, 20, 75), "averageValue": format!("{}Mi", range(i, 7514, 90, 900))}, "name": "memory"}, "type": "Resource"}
                ],
                "currentReplicas": current,
                "desiredReplicas": current,
                "lastScaleTime": ts(last)
            }
        }));
    }
    let out = pretty(
        &json!({"apiVersion": "v1", "items": hpas, "kind": "List", "metadata": {"resourceVersion": ""}}),
        b"    ",
    ) + "\n";
    assert_eq!(out.matches("TooManyReplicas").count(), 7);
    assert_eq!(items_out.len(), 7);
    let expected = items_out.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "kubectl get hpa -A -o json, autoscalers held at their maximum",
        out,
        "Which of our autoscalers have run out of headroom, i.e. they want more pods but aren't allowed to add any? Give me all of them.",
        items_out,
    )
    .with_jq(
        ".items[] | select(any(.status.conditions[]; .type == \"ScalingLimited\" and .reason == \"TooManyReplicas\")) | .metadata.name",
        expected,
    )
}

/// A CSV field as Nessus writes it: always quoted, quotes doubled.
fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// A Nessus (10.8) scan's CSV export of an office and server network
/// (every field quoted, descriptions over several lines): SMB signing
/// not required on most Windows hosts, the dialects each supports
/// (`SMBv2`/`SMBv3`), SSL and TLS findings whose synopses speak of
/// protocol version 1 of other things (TLS 1.0/1.1, SNMP v1), open ports
/// and OS detection. Six hosts have SMB version 1 enabled (plugin 96982).
fn nessus_smb_v1_hosts() -> Case {
    let mut hosts: Vec<String> = Vec::new();
    for n in 0..130usize {
        hosts.push(format!(
            "10.20.{}.{}",
            [4, 5, 8, 12][n % 4],
            11 + (n * 7) % 230
        ));
    }
    hosts.sort();
    hosts.dedup();
    let smb1 = [3usize, 22, 47, 70, 98, 121];
    let items: Vec<String> = smb1.iter().map(|&k| hosts[k].clone()).collect();
    let mut out = String::from(
        "\"Plugin ID\",\"CVE\",\"CVSS v2.0 Base Score\",\"Risk\",\"Host\",\"Protocol\",\"Port\",\"Name\",\"Synopsis\",\"Description\",\"Solution\",\"See Also\",\"Plugin Output\"\n",
    );
    let row = |cols: [&str; 13]| -> String {
        cols.iter().map(|c| q(c)).collect::<Vec<_>>().join(",") + "\n"
    };
    for (k, host) in hosts.iter().enumerate() {
        let windows = !h(k, 7601).is_multiple_of(4) || smb1.contains(&k);
        out.push_str(&row(["19506", "", "", "None", host, "tcp", "0", "Nessus Scan Information", "This plugin displays information about the Nessus scan.", "This plugin displays, for each tested host, information about the scan itself :\n\n  - The version of the plugin set.\n  - The type of scanner (Nessus or Nessus Home).\n  - The version of the Nessus Engine.\n  - The port scanner(s) used.\n  - The port range scanned.\n  - The ping round trip time \n  - Whether credentialed or third-party patch management     checks are possible.\n  - The date of the scan.\n  - The duration of the scan.\n  - The number of hosts scanned in parallel.\n  - The number of checks done in parallel.", "n/a", "", &format!("Information about this scan : \n\nNessus version : 10.8.3\nPlugin feed version : 202611262214\nScanner edition used : Nessus\nScan type : Normal\nScan name : Office and servers weekly\nScan policy used : Basic Network Scan\nScanner IP : 10.20.0.5\nPort scanner(s) : nessus_syn_scanner \nPort range : default\nPing RTT : {}.{:03} ms\nThorough tests : no\nExperimental tests : no\nScan duration : {} sec\n", range(k, 7602, 0, 9), h(k, 7603) % 1000, range(k, 7604, 300, 1900))]));
        if windows {
            let dialects = if smb1.contains(&k) {
                "SMBv1\n  SMBv2\n  SMBv3"
            } else {
                "SMBv2\n  SMBv3"
            };
            out.push_str(&row(["11011", "", "", "None", host, "tcp", "445", "Microsoft Windows SMB Service Detection", "A file / print sharing service is listening on the remote host.", "The remote service understands the CIFS (Common Internet File System) or Server Message Block (SMB) protocol, used to provide shared access to files, printers, etc between nodes on a network.", "n/a", "", "\nA CIFS server is running on this port.\n"]));
            out.push_str(&row(["100871", "", "", "None", host, "tcp", "445", "Microsoft Windows SMB Versions Supported (remote check)", "It was possible to obtain information about the version of SMB running on the remote host.", "Nessus was able to obtain the version of SMB running on the remote host by sending an SMB_COM_NEGOTIATE request.\n\nNote that this plugin is a remote check and does not work on agents.", "n/a", "", &format!("\nThe remote host supports the following versions of SMB :\n  {dialects}\n")]));
            if !h(k, 7605).is_multiple_of(5) || smb1.contains(&k) {
                out.push_str(&row(["57608", "", "5.0", "Medium", host, "tcp", "445", "SMB Signing not required", "Signing is not required on the remote SMB server.", "Signing is not required on the remote SMB server. An unauthenticated, remote attacker can exploit this to conduct man-in-the-middle attacks against the SMB server.", "Enforce message signing in the host's configuration. On Windows, this is found in the policy setting 'Microsoft network server: Digitally sign communications (always)'. On Samba, the setting is called 'server signing'. See the 'see also' links for further details.", "https://support.microsoft.com/en-us/help/887429/overview-of-server-message-block-signing\nhttp://www.nessus.org/u?df39b8b3\nhttp://technet.microsoft.com/en-us/library/cc731957.aspx", ""]));
            }
            if smb1.contains(&k) {
                out.push_str(&row(["96982", "", "", "None", host, "tcp", "445", "Server Message Block (SMB) Protocol Version 1 Enabled (uncredentialed check)", "The remote Windows host supports the SMBv1 protocol.", "The remote Windows host supports Server Message Block Protocol version 1 (SMBv1). Microsoft recommends that users discontinue the use of SMBv1 due to the lack of security features that were included in later SMB versions. Additionally, the Shadow Brokers group reportedly has an exploit that affects SMB; however, it is unknown if this exploit affects SMBv1 or another version. In response to this, US-CERT recommends that users disable SMBv1 per SMB best practices to mitigate these potential issues.", "Disable SMBv1 according to the vendor instructions in Microsoft knowledge base article KB2696547. Additionally, block SMB directly by blocking TCP port 445 on all network boundary devices. For SMB over the NetBIOS API, block TCP ports 137 / 139 and UDP ports 137 / 138 on all network boundary devices.", "https://www.nessus.org/u?8dcab5e4\nhttps://www.nessus.org/u?234f8ef8\nhttp://www.nessus.org/u?4c7e0cf3", "\nThe remote host supports SMBv1.\n"]));
            }
            out.push_str(&row(["10150", "", "", "None", host, "udp", "137", "Windows NetBIOS / SMB Remote Host Information Disclosure", "It was possible to obtain the network name of the remote host.", "The remote host is listening on UDP port 137 or TCP port 445, and replies to NetBIOS nbtscan or SMB requests.\n\nNote that this plugin gathers information to be used in other plugins, but does not itself generate a report.", "n/a", "", &format!("The following 3 NetBIOS names have been gathered :\n\n WS{:05}          = Computer name\n NORDWIND               = Workgroup / Domain name\n WS{:05}          = File Server Service\n\nThe remote host has the following MAC address on its adapter :\n\n  {}:{}:{}:{}:{}:{}", k * 37 % 99_999, k * 37 % 99_999, "00", "15", "5d", hex(k, 7606, 2), hex(k, 7607, 2), hex(k, 7608, 2))]));
            out.push_str(&row(["3389", "", "", "None", host, "tcp", "3389", "Microsoft Windows Remote Desktop Protocol Server Man-in-the-Middle Weakness", "It may be possible to get access to the remote host.", "The remote version of the Remote Desktop Protocol Server (Terminal Service) is vulnerable to a man-in-the-middle (MiTM) attack.", "- Force the use of SSL as a transport layer for this service if supported, or/and\n- Select the 'Allow connections only from computers running Remote Desktop with Network Level Authentication' setting if it is available.", "http://www.oxid.it/downloads/rdp-gbu.pdf", ""]));
        } else {
            out.push_str(&row(["10267", "", "", "None", host, "tcp", "22", "SSH Server Type and Version Information", "An SSH server is listening on this port.", "It is possible to obtain information about the remote SSH server by sending an empty authentication request.", "n/a", "", "\nSSH version : SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5\nSSH supported authentication : publickey\n"]));
            if h(k, 7609).is_multiple_of(3) {
                out.push_str(&row(["76474", "", "5.0", "Medium", host, "udp", "161", "SNMP 'GETBULK' Reflection DDoS", "The remote SNMP daemon can be abused in a DDoS attack.", "The remote SNMP daemon is responding with a large amount of data to a 'GETBULK' request with a larger than normal value for 'max-repetitions'. Version 1 and version 2c of the SNMP protocol are affected.", "Disable the SNMP service on the remote host if you do not use it. Otherwise, restrict and monitor access to this service.", "https://www.nessus.org/u?8fa74aa3", "\nNessus was able to determine the SNMP daemon answers with a large amount of data.\n"]));
            }
        }
        if !h(k, 7610).is_multiple_of(3) {
            out.push_str(&row(["104743", "", "6.1", "Medium", host, "tcp", "443", "TLS Version 1.0 Protocol Detection", "The remote service encrypts traffic using an older version of TLS.", "The remote service accepts connections encrypted using TLS 1.0. TLS 1.0 has a number of cryptographic design flaws. Modern implementations of TLS 1.0 mitigate these problems, but newer versions of TLS like 1.2 and 1.3 are designed against these flaws and should be used whenever possible.\n\nAs of March 31, 2020, Endpoints that aren't enabled for TLS 1.2 and higher will no longer function properly with major web browsers and major vendors.\n\nPCI DSS v3.2 requires that TLS 1.0 be disabled entirely by June 30, 2018, except for POS POI terminals (and the SSL/TLS termination points to which they connect) that can be verified as not being susceptible to any known exploits.", "Enable support for TLS 1.2 and 1.3, and disable support for TLS 1.0.", "https://tools.ietf.org/html/draft-ietf-tls-oldversions-deprecate-00", "\nTLSv1 is enabled and the server supports at least one cipher.\n"]));
            out.push_str(&row(["51192", "", "6.4", "Medium", host, "tcp", "443", "SSL Certificate Cannot Be Trusted", "The SSL certificate for this service cannot be trusted.", "The server's X.509 certificate cannot be trusted. This situation can occur in three different ways, in which the chain of trust can be broken, as stated below :\n\n  - First, the top of the certificate chain sent by the     server might not be descended from a known public     certificate authority.\n\n  - Second, the certificate chain may contain a certificate     that is not valid at the time of the scan.\n\n  - Third, the certificate chain may contain a signature     that either didn't match the certificate's information     or could not be verified.", "Purchase or generate a proper SSL certificate for this service.", "https://www.itu.int/rec/T-REC-X.509/en\nhttps://en.wikipedia.org/wiki/X.509", &format!("\nThe following certificate was at the top of the certificate\nchain sent by the remote host, but it is signed by an unknown\ncertificate authority :\n\n|-Subject : CN=ws{:05}.nordwind.local\n|-Issuer  : CN=NORDWIND-CA\n", k * 37 % 99_999)]));
        }
        out.push_str(&row(["11219", "", "", "None", host, "tcp", if windows { "135" } else { "22" }, "Nessus SYN scanner", "It is possible to determine which TCP ports are open.", "This plugin is a SYN 'half-open' port scanner. It shall be reasonably quick even against a firewalled target.\n\nNote that SYN scans are less intrusive than TCP (full connect) scans against broken services, but they might cause problems for less robust firewalls and also leave unclosed connections on the remote target, if the network is loaded.", "Protect your target with an IP filter.", "", &format!("Port {} was found to be open", if windows { 135 } else { 22 })]));
    }
    assert_eq!(out.matches("\"96982\"").count(), 6);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "Nessus CSV export, hosts with SMB version 1 enabled",
        out,
        "Security wants the old SMB1 protocol gone from the network. According to this Nessus export, which machines still have it switched on? List every IP.",
        items,
    )
}

/// `aws ssm describe-instance-information` (AWS CLI v2, four-space
/// indent, every page) of some 880 managed instances: agents online at
/// the latest version or one behind, instances terminated weeks ago
/// gone `Inactive`, a server named `lostfound-web01`. Six agents show
/// `ConnectionLost`.
fn ssm_agents_not_checking_in() -> Case {
    let planted = [41usize, 188, 350, 512, 640, 777];
    let mut list = Vec::new();
    let mut items = Vec::new();
    for k in 0..880usize {
        let i = k + 1;
        let id = format!("i-0{}", hex(i, 7701, 16));
        let lost = planted.contains(&k);
        let inactive = !lost && h(i, 7702).is_multiple_of(19);
        let windows = h(i, 7703).is_multiple_of(6);
        let ip = format!(
            "10.{}.{}.{}",
            [40, 41, 42][i % 3],
            range(i, 7704, 0, 31),
            range(i, 7705, 4, 250)
        );
        let name = if k == 400 {
            "lostfound-web01".to_string()
        } else if windows {
            format!("EC2AMAZ-{}", hex(i, 7706, 7).to_uppercase())
        } else {
            format!("ip-{}.eu-central-1.compute.internal", ip.replace('.', "-"))
        };
        if lost {
            items.push(id.clone());
        }
        let ping = if lost {
            "ConnectionLost"
        } else if inactive {
            "Inactive"
        } else {
            "Online"
        };
        let latest = !h(i, 7707).is_multiple_of(4);
        let agent = if windows {
            if latest { "3.3.1142.0" } else { "3.3.987.0" }
        } else if latest {
            "3.3.1142.0"
        } else {
            "3.3.1079.0"
        };
        let seen = if lost {
            DAY + 9 * 3600 - range(i, 7708, 2 * 3600, 30 * 3600)
        } else if inactive {
            DAY - range(i, 7708, 10 * 86_400, 60 * 86_400)
        } else {
            DAY + 9 * 3600 - range(i, 7708, 10, 290)
        };
        let t = |s: u64| format!("{}.{:03}000+01:00", datetime(s + 3600), h(i, 7709) % 1000);
        let mut rec = json!({
            "InstanceId": id,
            "PingStatus": ping,
            "LastPingDateTime": t(seen),
            "AgentVersion": agent,
            "IsLatestVersion": latest,
            "PlatformType": (if windows { "Windows" } else { "Linux" }),
            "PlatformName": (if windows { "Microsoft Windows Server 2022 Datacenter" } else { "Amazon Linux" }),
            "PlatformVersion": (if windows { "10.0.20348" } else { "2023" }),
            "ResourceType": "EC2Instance",
            "IPAddress": ip,
            "ComputerName": name,
            "AssociationStatus": (if h(i, 7710).is_multiple_of(9) { "Failed" } else { "Success" }),
            "LastAssociationExecutionDate": t(seen - range(i, 7711, 60, 3600)),
            "LastSuccessfulAssociationExecutionDate": t(seen - range(i, 7712, 3600, 86_400)),
            "AssociationOverview": {
                "DetailedStatus": (if h(i, 7710).is_multiple_of(9) { "Failed" } else { "Success" }),
                "InstanceAssociationStatusAggregatedCount": {"Success": range(i, 7713, 2, 5)}
            },
            "SourceId": id,
            "SourceType": "AWS::EC2::Instance"
        });
        if inactive {
            rec.as_object_mut().unwrap().remove("AssociationOverview");
        }
        list.push(rec);
    }
    let out = pretty(&json!({"InstanceInformationList": list}), b"    ") + "\n";
    assert_eq!(out.matches("ConnectionLost").count(), 6);
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "aws ssm describe-instance-information, agents that stopped checking in",
        out,
        "Session Manager won't open a shell on some of our servers because their agent has gone quiet. Which instances is that? I need every instance ID.",
        items,
    )
    .with_jq(
        ".InstanceInformationList[] | select(.PingStatus == \"ConnectionLost\") | .InstanceId",
        expected,
    )
}

/// A MAC address of the hash of `i`.
fn mac(i: usize, salt: u64) -> String {
    let ouis = [
        "3c:22:fb", "a4:83:e7", "f0:18:98", "dc:a6:32", "00:1e:c2", "8c:85:90", "b8:27:eb",
    ];
    format!(
        "{}:{}:{}:{}",
        ouis[(h(i, salt) % ouis.len() as u64) as usize],
        hex(i, salt + 1, 2),
        hex(i, salt + 2, 2),
        hex(i, salt + 3, 2)
    )
}

/// ISC dhcpd's lines in `/var/log/syslog` of the office's DHCP server
/// over a working day, failover pair `dhcp01`/`dhcp02`: discover, offer,
/// request and acknowledge for the staff, voice and guest networks,
/// informs from Windows hosts, laptops asking for their home network's
/// address refused (`wrong network`, `DHCPNAK`), an address declined and
/// abandoned, pool balancing with the peer, and a printer named
/// `lease-printer-2og`. In the afternoon the guest pool ran dry: six
/// devices got `no free leases`, some more than once.
fn dhcpd_no_free_leases() -> Case {
    let nets = [
        ("10.20.10.1", "10.20.10", "10.20.10.0/23"),
        ("10.20.20.1", "10.20.20", "10.20.20.0/24"),
        ("10.20.30.1", "10.20.30", "10.20.30.0/24"),
    ];
    let planted: Vec<String> = (0..6).map(|k| mac(9000 + k, 7801)).collect();
    let mut out = String::new();
    let mut i = 0usize;
    let start = 7 * 3600u64;
    while out.len() < 560_000 {
        i += 1;
        let s = start + (i as u64) * 11 * 3600 / 2900;
        let (mon, day) = ("Nov", 27);
        let stamp = format!("{mon} {day} {}", clock(s));
        let pid = 1187;
        let host = if h(i, 7802).is_multiple_of(9) {
            "dhcp02"
        } else {
            "dhcp01"
        };
        let p = format!("{stamp} {host} dhcpd[{pid}]:");
        let guest_full = (14 * 3600..16 * 3600 + 1800).contains(&s);
        if guest_full && h(i, 7803).is_multiple_of(14) {
            let m = &planted[(h(i, 7804) % 6) as usize];
            out.push_str(&format!(
                "{p} DHCPDISCOVER from {m} via 10.20.30.1: network 10.20.30.0/24: no free leases\n"
            ));
            continue;
        }
        let kind = h(i, 7805) % 100;
        let (gw, pre, _) = nets[(h(i, 7806) % 3) as usize];
        let m = mac(i % 700, 7807);
        let ip = format!("{pre}.{}", range(i % 700, 7808, 20, 250));
        let name = if i % 700 == 123 {
            "lease-printer-2og".to_string()
        } else {
            format!(
                "{}{:04}",
                ["NB-", "WS-", "iPhone-", "Galaxy-S23-"][(h(i % 700, 7809) % 4) as usize],
                i % 700
            )
        };
        if kind < 20 {
            out.push_str(&format!("{p} DHCPDISCOVER from {m} ({name}) via {gw}\n"));
            out.push_str(&format!("{p} DHCPOFFER on {ip} to {m} ({name}) via {gw}\n"));
        } else if kind < 78 {
            out.push_str(&format!(
                "{p} DHCPREQUEST for {ip} from {m} ({name}) via {gw}\n"
            ));
            out.push_str(&format!("{p} DHCPACK on {ip} to {m} ({name}) via {gw}\n"));
        } else if kind < 86 {
            out.push_str(&format!("{p} DHCPINFORM from {ip} via {gw}\n"));
            out.push_str(&format!("{p} DHCPACK to {ip} ({m}) via {gw}\n"));
        } else if kind < 90 {
            let home = format!("192.168.{}.{}", range(i, 7810, 0, 2), range(i, 7811, 2, 60));
            out.push_str(&format!(
                "{p} DHCPREQUEST for {home} from {m} ({name}) via {gw}: wrong network.\n"
            ));
            out.push_str(&format!("{p} DHCPNAK on {home} to {m} via {gw}\n"));
        } else if kind == 90 {
            out.push_str(&format!(
                "{p} DHCPDECLINE of {ip} from {m} ({name}) via {gw}: abandoned\n"
            ));
            out.push_str(&format!("{p} Abandoning IP address {ip}: declined.\n"));
        } else if kind < 94 {
            out.push_str(&format!(
                "{p} balancing pool {:x} {}  total {}  free {}  backup {}  lts {}  max-own (+/-){}\n",
                0x55d4_1a2b_3c00u64 + (h(i, 7812) % 3) * 0x90,
                ["10.20.10.0/23", "10.20.20.0/24", "10.20.30.0/24"][(h(i, 7812) % 3) as usize],
                [460, 230, 230][(h(i, 7812) % 3) as usize],
                range(i, 7813, 40, 120),
                range(i, 7814, 40, 120),
                range(i, 7815, 0, 8),
                [46, 23, 23][(h(i, 7812) % 3) as usize]
            ));
            out.push_str(&format!(
                "{p} balanced pool {:x} {}  total {}  free {}  backup {}  lts 0  max-misbal {}\n",
                0x55d4_1a2b_3c00u64 + (h(i, 7812) % 3) * 0x90,
                ["10.20.10.0/23", "10.20.20.0/24", "10.20.30.0/24"][(h(i, 7812) % 3) as usize],
                [460, 230, 230][(h(i, 7812) % 3) as usize],
                range(i, 7813, 40, 120),
                range(i, 7814, 40, 120),
                [69, 34, 34][(h(i, 7812) % 3) as usize]
            ));
        } else {
            out.push_str(&format!(
                "{p} DHCPRELEASE of {ip} from {m} ({name}) via {gw} (found)\n"
            ));
        }
    }
    for m in &planted {
        assert!(
            out.contains(&format!("from {m} via 10.20.30.1: network")),
            "{m}"
        );
    }
    assert!(out.len() < 1_000_000);
    Case::items(
        "ISC dhcpd syslog, devices the guest pool ran out for",
        out,
        "This afternoon some visitors' phones and laptops couldn't get onto the guest network because the DHCP server had run out of addresses. Which devices were turned away? List every MAC address.",
        planted,
    )
}

//! A THIRD HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code, before the next change, and never run against it while
//! being written: eight outputs of tools no other test uses, each with a
//! question in a user's words and the answer its generator planted. Its
//! figure says whether the answers hold for outputs nobody shaped the code
//! to; measure it, never tune on it.
//!
//! One fact: `pip install -r requirements.txt` (the pin that conflicts,
//! after a backtracking storm with timeout warnings), `valgrind
//! --leak-check=full --show-leak-kinds=all` (the one real leak among 1,300
//! loss records, under uninitialised-value errors), `aws cloudformation
//! describe-stack-events` (what made the last deploy roll back, under an
//! older failed deploy and "cancelled" failures), `npx playwright test
//! --reporter=json` (the test that really fails, not the flaky ones whose
//! first attempt timed out the same way).
//! Every item: `bandit -r -f json` (files with a top-severity finding, among
//! hundreds rated high confidence), `trufflehog git --json` (secrets still
//! live, among verification errors), `aws s3 ls --recursive --summarize`
//! (objects over 5 GB, sizes in bytes), `sacct` (jobs killed for memory, a
//! state cut to `OUT_OF_ME+`, among `FAILED` ones).

use serde_json::{Map, Value, json};

use super::super::heldout::{h, thousands};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        pip_resolver_conflict(),
        valgrind_definite_leak(),
        cloudformation_rollback(),
        playwright_failing_test(),
        bandit_high_severity(),
        trufflehog_verified(),
        s3_large_objects(),
        sacct_out_of_memory(),
    ]
}

/// `pip install -r requirements.txt` (pip 24) of a 260-line requirements
/// file: a `Collecting` line and a metadata line per requirement and per
/// new dependency, then a backtracking storm over 1,800 `boto3`/`botocore`
/// versions with `INFO` lines and read-timeout `WARNING`s (decoys), and at
/// the very end the one conflict: the user's `protobuf` pin against what
/// `grpcio-status` (pulled in by `google-cloud-pubsub`, line 27) needs.
fn pip_resolver_conflict() -> Case {
    let pinned = [
        "numpy",
        "pandas",
        "scipy",
        "requests",
        "urllib3",
        "pydantic",
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "celery",
        "redis",
        "psycopg2-binary",
        "attrs",
        "click",
        "jinja2",
        "pyyaml",
        "orjson",
        "httpx",
        "structlog",
        "sentry-sdk",
        "tenacity",
        "python-dateutil",
        "pytz",
        "cryptography",
        "pyjwt",
    ];
    let deps = [
        "six",
        "idna",
        "certifi",
        "charset-normalizer",
        "typing-extensions",
        "annotated-types",
        "pydantic-core",
        "sniffio",
        "anyio",
        "h11",
        "packaging",
        "wrapt",
        "cffi",
        "pycparser",
        "jmespath",
        "s3transfer",
        "cachetools",
        "rsa",
        "pyasn1",
        "pyasn1-modules",
        "google-auth",
        "googleapis-common-protos",
        "proto-plus",
        "frozenlist",
        "multidict",
        "yarl",
        "aiosignal",
        "kombu",
        "vine",
        "billiard",
        "amqp",
        "tzdata",
        "greenlet",
        "mako",
        "itsdangerous",
        "werkzeug",
        "blinker",
        "markdown-it-py",
        "mdurl",
        "rich",
        "pygments",
    ];
    let words = [
        "billing", "ledger", "catalog", "events", "auth", "search", "mailer", "geo", "pricing",
        "fx", "tax", "audit", "feature", "flags", "schema", "rpc", "metrics", "tracing", "jobs",
        "storage",
    ];
    let binary = [
        "numpy",
        "pandas",
        "scipy",
        "orjson",
        "cryptography",
        "psycopg2-binary",
        "pydantic-core",
        "greenlet",
        "cffi",
        "multidict",
        "frozenlist",
        "yarl",
        "wrapt",
    ];
    let wheel = |name: &str, ver: &str, i: usize| -> String {
        let tag = if binary.contains(&name) {
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64"
        } else {
            "py3-none-any"
        };
        format!(
            "{}-{ver}-{tag}.whl.metadata ({}.{} kB)",
            name.replace('-', "_"),
            1 + h(i, 20) % 40,
            h(i, 21) % 10
        )
    };
    let mut out = String::from(
        "Looking in indexes: https://pypi.org/simple, https://pypi.acme.internal/simple\n",
    );
    let mut seen: Vec<&str> = Vec::new();
    for r in 0..260usize {
        let l = r + 1;
        let (name, spec, ver) = match l {
            14 => (
                "boto3".to_string(),
                ">=1.26".to_string(),
                "1.35.71".to_string(),
            ),
            27 => (
                "google-cloud-pubsub".to_string(),
                "==2.21.1".to_string(),
                "2.21.1".to_string(),
            ),
            41 => (
                "protobuf".to_string(),
                "==3.20.3".to_string(),
                "3.20.3".to_string(),
            ),
            _ => {
                let name = if r < pinned.len() {
                    pinned[r].to_string()
                } else {
                    format!(
                        "acme-{}-{}",
                        words[r % 20],
                        words[(r / 20 + r % 20 + 1) % 20]
                    )
                };
                let ver = format!("{}.{}.{}", 1 + h(r, 3) % 4, h(r, 4) % 30, h(r, 5) % 12);
                (name, format!("=={ver}"), ver)
            }
        };
        out.push_str(&format!(
            "Collecting {name}{spec} (from -r requirements.txt (line {l}))\n  {} {}\n",
            if h(r, 6).is_multiple_of(3) {
                "Using cached"
            } else {
                "Downloading"
            },
            wheel(&name, &ver, r)
        ));
        let extra: Vec<(&str, String)> = if l == 27 {
            vec![
                ("grpcio-status", ">=1.33.2".to_string()),
                (
                    "google-api-core[grpc]",
                    "!=2.0.*,!=2.1.*,!=2.2.*,!=2.3.0,<3.0.0dev,>=1.34.0".to_string(),
                ),
                ("grpc-google-iam-v1", "<1.0.0dev,>=0.12.4".to_string()),
            ]
        } else {
            (0..(h(r, 7) % 3) as usize)
                .map(|k| {
                    (
                        pick(&deps, r * 3 + k, 8),
                        format!(">={}.{}", 1 + h(r * 3 + k, 9) % 3, h(r * 3 + k, 10) % 20),
                    )
                })
                .collect()
        };
        for (k, (dep, dspec)) in extra.into_iter().enumerate() {
            if seen.contains(&dep) {
                continue;
            }
            seen.push(dep);
            let dver = match dep {
                "grpcio-status" => "1.62.2".to_string(),
                "google-api-core[grpc]" => "2.19.1".to_string(),
                _ => format!(
                    "{}.{}.{}",
                    1 + h(r * 3 + k, 11) % 3,
                    h(r * 3 + k, 12) % 20,
                    h(r * 3 + k, 13) % 9
                ),
            };
            let dist = dep.split('[').next().unwrap_or(dep);
            out.push_str(&format!(
                "Collecting {dep}{dspec} (from {name}{spec}->-r requirements.txt (line {l}))\n  Downloading {}\n",
                wheel(dist, &dver, 1000 + r * 3 + k)
            ));
        }
    }
    out.push_str("INFO: pip is looking at multiple versions of boto3 to determine which version is compatible with other requirements. This could take a while.\n");
    for k in 0..1800usize {
        let (m, p) = (35 - k / 180, 179 - k % 180);
        if k % 300 == 150 {
            out.push_str("INFO: pip is still looking at multiple versions of boto3 to determine which version is compatible with other requirements. This could take a while.\n");
        }
        if k == 600 {
            out.push_str("INFO: This is taking longer than usual. You might need to provide the dependency resolver with stricter constraints to reduce runtime. See https://pip.pypa.io/warnings/backtracking for guidance. If you want to abort this run, press Ctrl + C.\n");
        }
        out.push_str(&format!(
            "  Downloading boto3-1.{m}.{p}-py3-none-any.whl.metadata (6.7 kB)\nCollecting botocore<1.{}.0,>=1.{m}.{p} (from boto3>=1.26->-r requirements.txt (line 14))\n",
            m + 1
        ));
        if h(k, 14).is_multiple_of(140) {
            out.push_str(&format!(
                "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out. (read timeout=15)\")': /packages/{:02x}/{:02x}/{:016x}{:016x}/botocore-1.{m}.{p}-py3-none-any.whl.metadata\n",
                h(k, 15) % 256,
                h(k, 16) % 256,
                h(k, 17),
                h(k, 18)
            ));
        }
        out.push_str(&format!(
            "  Downloading botocore-1.{m}.{p}-py3-none-any.whl.metadata (5.7 kB)\n"
        ));
    }
    out.push_str(
        "ERROR: Cannot install -r requirements.txt (line 27) and protobuf==3.20.3 because these package versions have conflicting dependencies.\n\n\
         The conflict is caused by:\n    \
         The user requested protobuf==3.20.3\n    \
         google-cloud-pubsub 2.21.1 depends on protobuf!=4.21.0, !=4.21.1, !=4.21.2, !=4.21.3, !=4.21.4, !=4.21.5, <5.0.0dev and >=3.19.5\n    \
         grpcio-status 1.62.2 depends on protobuf>=4.21.6\n\n\
         To fix this you could try to:\n\
         1. loosen the range of package versions you've specified\n\
         2. remove package versions to allow pip to attempt to solve the dependency conflict\n\n\
         ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts\n",
    );
    Case::fact(
        "pip install -r requirements.txt, one conflicting pin",
        out,
        "Why won't our requirements install? What is clashing with what?",
        &[
            "protobuf==3.20.3",
            "grpcio-status 1.62.2 depends on protobuf>=4.21.6",
        ],
    )
}

/// `valgrind --leak-check=full --show-leak-kinds=all ./build/bin/ingestd
/// …`: four "uninitialised value" errors in libcrypto during the run
/// (decoys, more error-like), then 1,300 loss records sorted by size, all
/// "still reachable" but two "possibly lost" thread stacks and one
/// "definitely lost" record (1,187) allocated by `hdr_dup_value` at
/// `headers.c:212`, two frames under `malloc`.
fn valgrind_definite_leak() -> Case {
    let p = "==48213==";
    let vg = "/usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so";
    let libev = "/usr/lib/x86_64-linux-gnu/libev.so.4.0.0";
    let (records, planted, possibly) = (1300u64, 1187u64, [302u64, 845]);
    let allocs = [
        ("malloc", 0x4846828u64),
        ("calloc", 0x484D953),
        ("realloc", 0x484DCD3),
    ];
    let frames = [
        ("xmalloc", "util.c"),
        ("strbuf_grow", "strbuf.c"),
        ("cfg_intern_string", "config.c"),
        ("route_table_insert", "routes.c"),
        ("metrics_register", "metrics.c"),
        ("schema_load_field", "schema.c"),
        ("hashmap_resize", "hashmap.c"),
        ("lru_cache_put", "cache.c"),
        ("topic_registry_add", "topics.c"),
        ("codec_init_tables", "codec.c"),
        ("tls_ctx_load_certs", "tls.c"),
        ("log_sink_open", "log.c"),
        ("plugin_load", "plugins.c"),
        ("geoip_open_db", "geoip.c"),
    ];
    let mut out = format!(
        "{p} Memcheck, a memory error detector\n\
         {p} Copyright (C) 2002-2022, and GNU GPL'd, by Julian Seward et al.\n\
         {p} Using Valgrind-3.22.0 and LibVEX; rerun with -h for copyright info\n\
         {p} Command: ./build/bin/ingestd --config conf/replay.toml --replay traces/2026-11-26.bin\n\
         {p} \n"
    );
    let uninit = [
        (3u64, "EVP_DecryptUpdate", "tls_read_record (tls.c:301)"),
        (4, "EVP_DecryptFinal_ex", "tls_read_record (tls.c:319)"),
        (2, "EVP_CipherInit_ex", "tls_session_resume (tls.c:122)"),
        (3, "EVP_DigestUpdate", "tls_verify_mac (tls.c:355)"),
    ];
    for k in 0..40usize {
        out.push_str(&format!(
            "2026-11-27T08:{:02}:{:02}.{:03}Z INFO  replay: {} frames, {} dropped, {} ms behind\n",
            k / 2,
            (k * 29) % 60,
            h(k, 1) % 1000,
            (k + 1) * 25_000,
            h(k, 2) % 3,
            h(k, 3) % 40
        ));
        if k % 10 == 3 {
            let (_, sym, caller) = uninit[k / 10];
            out.push_str(&format!(
                "{p} Conditional jump or move depends on uninitialised value(s)\n\
                 {p}    at 0x{:X}: ??? (in /usr/lib/x86_64-linux-gnu/libcrypto.so.3)\n\
                 {p}    by 0x{:X}: {sym} (in /usr/lib/x86_64-linux-gnu/libcrypto.so.3)\n\
                 {p}    by 0x{:X}: {caller}\n\
                 {p}    by 0x1190B7: conn_on_readable (conn.c:188)\n\
                 {p}    by 0x4A2F5C1: ev_invoke_pending (in {libev})\n\
                 {p}    by 0x4A33D87: ev_run (in {libev})\n\
                 {p}    by 0x10F8E2: main (main.c:211)\n\
                 {p} \n",
                0x4C3A000 + h(k, 4) % 0xfff,
                0x4C3B000 + h(k, 5) % 0xfff,
                0x11E000 + h(k, 6) % 0xfff
            ));
        }
    }
    out.push_str("2026-11-27T08:20:02.114Z INFO  replay: done, shutting down\n");
    let mut body = String::new();
    let (mut def, mut pos, mut reach) = ((0u64, 0u64), (0u64, 0u64), (0u64, 0u64));
    for k in 1..=records {
        let ku = k as usize;
        let bytes = 8 * (2 + k * k / 180);
        let blocks = 1 + h(ku, 7) % (bytes / 16).max(1);
        let kind = if k == planted {
            def = (def.0 + bytes, def.1 + blocks);
            "definitely lost"
        } else if possibly.contains(&k) {
            pos = (pos.0 + bytes, pos.1 + blocks);
            "possibly lost"
        } else {
            reach = (reach.0 + bytes, reach.1 + blocks);
            "still reachable"
        };
        body.push_str(&format!(
            "{p} {} bytes in {} blocks are {kind} in loss record {} of {}\n",
            thousands(bytes),
            thousands(blocks),
            thousands(k),
            thousands(records)
        ));
        if k == planted {
            for f in [
                format!("at 0x4846828: malloc (in {vg})"),
                "by 0x11C4F2: hdr_dup_value (headers.c:212)".to_string(),
                "by 0x11C8A0: parse_header_line (headers.c:274)".to_string(),
                "by 0x11D311: http_parse_request (http.c:530)".to_string(),
                "by 0x1190B7: conn_on_readable (conn.c:188)".to_string(),
                format!("by 0x4A2F5C1: ev_invoke_pending (in {libev})"),
                format!("by 0x4A33D87: ev_run (in {libev})"),
                "by 0x10F8E2: main (main.c:211)".to_string(),
            ] {
                body.push_str(&format!("{p}    {f}\n"));
            }
        } else if possibly.contains(&k) {
            body.push_str(&format!(
                "{p}    at 0x484D953: calloc (in {vg})\n\
                 {p}    by 0x40145AB: calloc (rtld-malloc.h:44)\n\
                 {p}    by 0x40145AB: allocate_dtv (dl-tls.c:370)\n\
                 {p}    by 0x40145AB: _dl_allocate_tls (dl-tls.c:629)\n\
                 {p}    by 0x4A5C606: allocate_stack (allocatestack.c:429)\n\
                 {p}    by 0x4A5C606: pthread_create@@GLIBC_2.34 (pthread_create.c:655)\n\
                 {p}    by 0x11A0C3: worker_pool_start (pool.c:77)\n\
                 {p}    by 0x10F8E2: main (main.c:143)\n"
            ));
        } else {
            let (a, addr) = allocs[(h(ku, 8) % 3) as usize];
            body.push_str(&format!("{p}    at 0x{addr:X}: {a} (in {vg})\n"));
            for d in 0..(2 + h(ku, 9) % 3) as usize {
                let j = ku * 5 + d;
                let (f, file) = frames[(h(j, 10) % frames.len() as u64) as usize];
                body.push_str(&format!(
                    "{p}    by 0x{:X}: {f} ({file}:{})\n",
                    0x110000 + h(j, 11) % 0x20000,
                    20 + h(j, 12) % 600
                ));
            }
            body.push_str(&format!(
                "{p}    by 0x10F8E2: main (main.c:{})\n",
                120 + h(ku, 13) % 90
            ));
        }
        body.push_str(&format!("{p} \n"));
    }
    let (in_use, in_blocks) = (def.0 + pos.0 + reach.0, def.1 + pos.1 + reach.1);
    let allocs_total = 1_204_889u64;
    out.push_str(&format!(
        "{p} \n\
         {p} HEAP SUMMARY:\n\
         {p}     in use at exit: {} bytes in {} blocks\n\
         {p}   total heap usage: {} allocs, {} frees, 912,334,001 bytes allocated\n\
         {p} \n",
        thousands(in_use),
        thousands(in_blocks),
        thousands(allocs_total),
        thousands(allocs_total - in_blocks)
    ));
    out.push_str(&body);
    let errors: u64 = uninit.iter().map(|u| u.0).sum::<u64>() + 3;
    out.push_str(&format!(
        "{p} LEAK SUMMARY:\n\
         {p}    definitely lost: {} bytes in {} blocks\n\
         {p}    indirectly lost: 0 bytes in 0 blocks\n\
         {p}      possibly lost: {} bytes in {} blocks\n\
         {p}    still reachable: {} bytes in {} blocks\n\
         {p}         suppressed: 0 bytes in 0 blocks\n\
         {p} \n\
         {p} Use --track-origins=yes to see where uninitialised values come from\n\
         {p} For lists of detected and suppressed errors, rerun with: -s\n\
         {p} ERROR SUMMARY: {errors} errors from 7 contexts (suppressed: 0 from 0)\n",
        thousands(def.0),
        thousands(def.1),
        thousands(pos.0),
        thousands(pos.1),
        thousands(reach.0),
        thousands(reach.1)
    ));
    Case::fact(
        "valgrind --leak-check=full, one definite leak",
        out,
        "Is the daemon really leaking memory anywhere? Which function allocates what gets lost?",
        &["hdr_dup_value", "headers.c:212"],
    )
}

const CFN_STACK: &str = "arn:aws:cloudformation:eu-west-1:123456789012:stack/shop-prod/6b1f2e80-9c3d-11ef-8a41-0a7c3e5d9f21";

const CFN_APPS: [&str; 8] = [
    "Orders",
    "Cart",
    "Catalog",
    "Search",
    "Payments",
    "Mailer",
    "Auth",
    "Inventory",
];

const CFN_KINDS: [(&str, &str); 14] = [
    ("Function", "AWS::Lambda::Function"),
    ("FunctionRole", "AWS::IAM::Role"),
    ("LogGroup", "AWS::Logs::LogGroup"),
    ("Queue", "AWS::SQS::Queue"),
    ("DeadLetterQueue", "AWS::SQS::Queue"),
    ("ErrorsAlarm", "AWS::CloudWatch::Alarm"),
    ("TargetGroup", "AWS::ElasticLoadBalancingV2::TargetGroup"),
    ("Service", "AWS::ECS::Service"),
    ("TaskDefinition", "AWS::ECS::TaskDefinition"),
    ("Table", "AWS::DynamoDB::Table"),
    (
        "ScalingPolicy",
        "AWS::ApplicationAutoScaling::ScalingPolicy",
    ),
    ("ListenerRule", "AWS::ElasticLoadBalancingV2::ListenerRule"),
    ("SecurityGroup", "AWS::EC2::SecurityGroup"),
    ("Dashboard", "AWS::CloudWatch::Dashboard"),
];

/// Resource `r` of the stack: its logical id, physical id, type and the
/// properties CloudFormation echoes (a JSON string) on its in-progress events.
fn cfn_resource(r: usize) -> (String, String, &'static str, String) {
    let app = CFN_APPS[r / CFN_KINDS.len()];
    let (kind, rtype) = CFN_KINDS[r % CFN_KINDS.len()];
    let lower = app.to_lowercase();
    let logical = format!("{app}{kind}");
    let suffix = format!("{:012X}", h(r, 40) % (1 << 48));
    let physical = match kind {
        "Function" => format!("shop-prod-{lower}-handler"),
        "LogGroup" => format!("/aws/lambda/shop-prod-{lower}-handler"),
        "Queue" => {
            format!("https://sqs.eu-west-1.amazonaws.com/123456789012/shop-prod-{lower}-queue")
        }
        "DeadLetterQueue" => {
            format!("https://sqs.eu-west-1.amazonaws.com/123456789012/shop-prod-{lower}-dlq")
        }
        "TargetGroup" => format!(
            "arn:aws:elasticloadbalancing:eu-west-1:123456789012:targetgroup/shop-prod-{lower}-tg/{:016x}",
            h(r, 41)
        ),
        "Service" => {
            format!("arn:aws:ecs:eu-west-1:123456789012:service/shop-prod/shop-prod-{lower}")
        }
        "TaskDefinition" => format!(
            "arn:aws:ecs:eu-west-1:123456789012:task-definition/shop-prod-{lower}:{}",
            40 + h(r, 42) % 60
        ),
        "Table" => format!("shop-prod-{lower}"),
        _ => format!("shop-prod-{logical}-{suffix}"),
    };
    let props = match kind {
        "Function" => json!({
            "FunctionName": format!("shop-prod-{lower}-handler"),
            "MemorySize": "512",
            "Runtime": "python3.12",
            "Timeout": "30",
            "Handler": "app.handler",
            "Role": format!("arn:aws:iam::123456789012:role/shop-prod-{app}FunctionRole-{suffix}"),
            "Code": {"S3Bucket": "acme-cfn-artifacts-eu-west-1", "S3Key": format!("shop/{:016x}{:016x}.zip", h(r, 43), h(r, 44))},
            "Environment": {"Variables": {"LOG_LEVEL": "INFO", "TABLE_NAME": format!("shop-prod-{lower}")}}
        }),
        "Service" => json!({
            "Cluster": "shop-prod",
            "DesiredCount": "3",
            "LaunchType": "FARGATE",
            "TaskDefinition": format!("arn:aws:ecs:eu-west-1:123456789012:task-definition/shop-prod-{lower}"),
            "DeploymentConfiguration": {"DeploymentCircuitBreaker": {"Enable": "true", "Rollback": "true"}, "MaximumPercent": "200", "MinimumHealthyPercent": "100"}
        }),
        _ => json!({
            "Tags": [{"Value": "shop", "Key": "app"}, {"Value": "prod", "Key": "env"}, {"Value": lower, "Key": "component"}]
        }),
    };
    (logical, physical, rtype, props.to_string())
}

/// The events of one stack, oldest first, with their clock.
struct CfnEvents {
    list: Vec<Value>,
    n: usize,
    secs: u64,
}

impl CfnEvents {
    fn add(
        &mut self,
        logical: &str,
        physical: &str,
        rtype: &str,
        status: &str,
        reason: Option<&str>,
        props: Option<&str>,
    ) {
        let n = self.n;
        self.n += 1;
        self.secs += 1 + h(n, 48) % 6;
        let s = self.secs;
        let (d, hh, mm, ss, ms) = (
            1 + s / 86_400,
            s / 3600 % 24,
            s / 60 % 60,
            s % 60,
            h(n, 49) % 1000,
        );
        let time = format!("2026-11-{d:02}T{hh:02}:{mm:02}:{ss:02}");
        let event_id = if rtype == "AWS::CloudFormation::Stack" {
            format!(
                "{:08x}-{:04x}-11ef-{:04x}-{:012x}",
                h(n, 50) as u32,
                h(n, 51) % 0x10000,
                0x8000 + h(n, 52) % 0x4000,
                h(n, 53) % (1 << 48)
            )
        } else {
            format!("{logical}-{status}-{time}.{ms:03}Z")
        };
        let mut m = Map::new();
        m.insert("StackId".into(), json!(CFN_STACK));
        m.insert("EventId".into(), json!(event_id));
        m.insert("StackName".into(), json!("shop-prod"));
        m.insert("LogicalResourceId".into(), json!(logical));
        m.insert("PhysicalResourceId".into(), json!(physical));
        m.insert("ResourceType".into(), json!(rtype));
        m.insert(
            "Timestamp".into(),
            json!(format!("{time}.{ms:03}000+00:00")),
        );
        m.insert("ResourceStatus".into(), json!(status));
        if let Some(r) = reason {
            m.insert("ResourceStatusReason".into(), json!(r));
        }
        if let Some(p) = props {
            m.insert("ResourceProperties".into(), json!(p));
        }
        self.list.push(Value::Object(m));
    }

    fn stack(&mut self, status: &str, reason: Option<&str>) {
        self.add(
            "shop-prod",
            CFN_STACK,
            "AWS::CloudFormation::Stack",
            status,
            reason,
            None,
        );
    }
}

/// `aws cloudformation describe-stack-events --stack-name shop-prod`
/// (newest first, 4-space JSON): ten deploys of a 112-resource stack, each
/// updating about 28 resources. The sixth rolled back (an ECS circuit
/// breaker, `UPDATE_FAILED`: a decoy, older). The last one adds three
/// resources; the DB subnet group fails with the real reason, the other two
/// are `CREATE_FAILED` with "Resource creation cancelled", and the stack's
/// rollback reason lists all three.
fn cloudformation_rollback() -> Case {
    let resources: Vec<_> = (0..CFN_APPS.len() * CFN_KINDS.len())
        .map(cfn_resource)
        .collect();
    let payments_service = 4 * CFN_KINDS.len() + 7;
    let new = [
        (
            "OrdersDbSubnetGroup",
            "AWS::RDS::DBSubnetGroup",
            String::new(),
            "{\"DBSubnetGroupDescription\":\"orders database\",\"SubnetIds\":[\"subnet-0a1b2c3d4e5f60718\"],\"Tags\":[{\"Value\":\"shop\",\"Key\":\"app\"}]}",
        ),
        (
            "OrdersDbParameterGroup",
            "AWS::RDS::DBParameterGroup",
            "shop-prod-ordersdbparametergroup-1x9k2m4q7w3e".to_string(),
            "{\"Family\":\"postgres16\",\"Description\":\"orders database\",\"Parameters\":{\"log_min_duration_statement\":\"250\",\"rds.force_ssl\":\"1\"}}",
        ),
        (
            "OrdersDbSecret",
            "AWS::SecretsManager::Secret",
            "arn:aws:secretsmanager:eu-west-1:123456789012:secret:shop-prod/orders-db-Xk29Qa"
                .to_string(),
            "{\"Name\":\"shop-prod/orders-db\",\"GenerateSecretString\":{\"SecretStringTemplate\":\"{\\\"username\\\":\\\"orders\\\"}\",\"GenerateStringKey\":\"password\",\"ExcludePunctuation\":\"true\"}}",
        ),
    ];
    let real_reason = "Resource handler returned message: \"The DB subnet group doesn't meet Availability Zone (AZ) coverage requirement. Current AZ coverage: eu-west-1a. Add subnets to cover at least 2 AZs. (Service: Rds, Status Code: 400, Request ID: 9d4e7c1a-2b3f-4a5e-8c6d-0f1e2a3b4c5d)\" (RequestToken: 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f, HandlerErrorCode: InvalidRequest)";
    let mut e = CfnEvents {
        list: Vec::new(),
        n: 0,
        secs: 0,
    };
    for d in 0..10usize {
        e.secs = (3 + 2 * d as u64) * 86_400 + 9 * 3600 + h(d, 54) % 3600;
        e.stack("UPDATE_IN_PROGRESS", Some("User Initiated"));
        let chosen: Vec<usize> = (0..resources.len())
            .filter(|&r| r != payments_service && h(r, 60 + d as u64).is_multiple_of(4))
            .collect();
        let update = |e: &mut CfnEvents, rs: &[usize]| {
            for &r in rs {
                let (l, p, t, props) = &resources[r];
                e.add(l, p, t, "UPDATE_IN_PROGRESS", None, Some(props.as_str()));
                e.add(l, p, t, "UPDATE_COMPLETE", None, None);
            }
        };
        update(&mut e, &chosen);
        if d == 5 {
            let (l, p, t, props) = &resources[payments_service];
            e.add(l, p, t, "UPDATE_IN_PROGRESS", None, Some(props.as_str()));
            e.add(
                l,
                p,
                t,
                "UPDATE_FAILED",
                Some("Resource handler returned message: \"Error occurred during operation 'ECS Deployment Circuit Breaker was triggered'.\" (RequestToken: 3b9d2c41-7e5a-4f08-b6c1-9a2e4d7f0c13, HandlerErrorCode: GeneralServiceException)"),
                None,
            );
            e.stack(
                "UPDATE_ROLLBACK_IN_PROGRESS",
                Some("The following resource(s) failed to update: [PaymentsService]. "),
            );
            let mut back = chosen.clone();
            back.push(payments_service);
            update(&mut e, &back);
            e.stack("UPDATE_ROLLBACK_COMPLETE_CLEANUP_IN_PROGRESS", None);
            e.stack("UPDATE_ROLLBACK_COMPLETE", None);
        } else if d == 9 {
            for (l, t, _, props) in &new {
                e.add(l, "", t, "CREATE_IN_PROGRESS", None, Some(*props));
            }
            for (l, t, p, props) in &new[1..] {
                e.add(
                    l,
                    p,
                    t,
                    "CREATE_IN_PROGRESS",
                    Some("Resource creation Initiated"),
                    Some(*props),
                );
            }
            let (l, t, p, props) = &new[0];
            e.add(l, p, t, "CREATE_FAILED", Some(real_reason), Some(*props));
            for (l, t, p, props) in &new[1..] {
                e.add(
                    l,
                    p,
                    t,
                    "CREATE_FAILED",
                    Some("Resource creation cancelled"),
                    Some(*props),
                );
            }
            e.stack(
                "UPDATE_ROLLBACK_IN_PROGRESS",
                Some("The following resource(s) failed to create: [OrdersDbParameterGroup, OrdersDbSecret, OrdersDbSubnetGroup]. "),
            );
            update(&mut e, &chosen);
            e.stack("UPDATE_ROLLBACK_COMPLETE_CLEANUP_IN_PROGRESS", None);
            for (l, t, p, _) in &new {
                e.add(l, p, t, "DELETE_IN_PROGRESS", None, None);
                e.add(l, p, t, "DELETE_COMPLETE", None, None);
            }
            e.stack("UPDATE_ROLLBACK_COMPLETE", None);
        } else {
            e.stack("UPDATE_COMPLETE_CLEANUP_IN_PROGRESS", None);
            e.stack("UPDATE_COMPLETE", None);
        }
    }
    e.list.reverse();
    let out = json!({ "StackEvents": e.list });
    Case::fact(
        "aws cloudformation describe-stack-events, the last deploy rolled back",
        pretty(&out, b"    ") + "\n",
        "Why did my last deploy of the stack get rolled back? Which resource broke it?",
        &["OrdersDbSubnetGroup", "Add subnets to cover at least 2 AZs"],
    )
    .with_jq(
        ".StackEvents[] | select(.ResourceStatus == \"CREATE_FAILED\" and .ResourceStatusReason != \"Resource creation cancelled\") | .LogicalResourceId",
        vec![jq_string("OrdersDbSubnetGroup")],
    )
}

/// `HH:MM:SS.mmmZ` of `ms` after 10:00 on the day of the Playwright run.
fn pw_time(ms: u64) -> String {
    format!(
        "2026-11-27T{:02}:{:02}:{:02}.{:03}Z",
        10 + ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

/// The error of an action that timed out waiting for `locator`, as
/// Playwright's JSON reporter writes it (ANSI codes kept).
fn pw_error(root: &str, file: &str, line: u64, locator: &str) -> Value {
    let col = 22 + locator.len() as u64;
    let message = format!(
        "Error: locator.click: Test timeout of 30000ms exceeded.\nCall log:\n\u{1b}[2m  - waiting for {locator}\u{1b}[22m\n"
    );
    let at = format!("{root}/e2e/{file}");
    let gutter = " ".repeat(line.to_string().len());
    json!({
        "message": message,
        "stack": format!("{message}\n    at {at}:{line}:{col}"),
        "location": {"file": at, "column": col, "line": line},
        "snippet": format!(
            "  {} |     await page.waitForLoadState('networkidle');\n> {line} |     await page.{locator}.click();\n  {gutter} |{}^\n  {} |     await expect(page).toHaveURL(/confirmation/);",
            line - 1,
            " ".repeat(col as usize),
            line + 1
        )
    })
}

/// One attempt of one test in one project.
fn pw_result(
    worker: u64,
    status: &str,
    duration: u64,
    retry: usize,
    start: String,
    error: Option<Value>,
    attachments: Value,
) -> Value {
    let mut m = Map::new();
    m.insert("workerIndex".into(), json!(worker));
    m.insert("parallelIndex".into(), json!(worker % 4));
    m.insert("status".into(), json!(status));
    m.insert("duration".into(), json!(duration));
    if let Some(e) = &error {
        m.insert("error".into(), e.clone());
    }
    let errors: Vec<Value> = (error.iter())
        .map(|e| {
            json!({
                "location": e["location"].clone(),
                "message": format!("{}\n\n{}", e["stack"].as_str().unwrap_or(""), e["snippet"].as_str().unwrap_or(""))
            })
        })
        .collect();
    m.insert("errors".into(), json!(errors));
    m.insert("stdout".into(), json!([]));
    m.insert("stderr".into(), json!([]));
    m.insert("retry".into(), json!(retry));
    m.insert("startTime".into(), json!(start));
    m.insert("annotations".into(), json!([]));
    m.insert("attachments".into(), attachments);
    if let Some(e) = &error {
        m.insert("errorLocation".into(), e["location"].clone());
    }
    Value::Object(m)
}

/// `npx playwright test --reporter=json` (2-space JSON): 45 spec files,
/// 222 tests in each of chromium, firefox and webkit, retries 2. Six tests
/// are flaky (their first attempt failed with the same "Test timeout …
/// waiting for" error, a decoy; spec `ok` stays true), some skipped; one
/// fails in webkit on all three attempts, waiting for the gift card button.
fn playwright_failing_test() -> Case {
    let root = "/builds/acme/shop-web";
    let areas = [
        "account", "cart", "catalog", "checkout", "search", "wishlist", "orders", "auth", "admin",
    ];
    let variants = ["basics", "edge-cases", "guest", "logged-in", "mobile"];
    let verbs = [
        "shows",
        "updates",
        "removes",
        "validates",
        "keeps",
        "sorts",
        "filters",
        "renders",
        "saves",
        "restores",
        "paginates",
        "hides",
    ];
    let objects = [
        "the cart badge",
        "saved addresses",
        "the order history",
        "a discount code",
        "the size picker",
        "product reviews",
        "the delivery slot",
        "recently viewed items",
        "the currency switcher",
        "the newsletter form",
        "stock warnings",
        "the search suggestions",
        "the mini basket",
        "a saved card",
        "the invoice download",
    ];
    let projects = ["chromium", "firefox", "webkit"];
    let (fail_file, fail_spec) = (21usize, 2usize);
    let title = "applies a gift card at checkout";
    let locator = "getByRole('button', { name: 'Apply gift card' })";
    let flaky = [
        (
            3usize,
            1usize,
            2usize,
            "getByRole('link', { name: 'Wishlist' })",
        ),
        (9, 0, 1, "getByRole('button', { name: 'Add to cart' })"),
        (16, 3, 0, "getByLabel('Postcode')"),
        (28, 1, 2, "getByRole('button', { name: 'Apply discount' })"),
        (36, 2, 1, "getByText('Load more')"),
        (41, 0, 2, "getByRole('tab', { name: 'Reviews' })"),
    ];
    let mut clock = 118u64;
    let (mut expected, mut skipped, mut flakies) = (0u64, 0u64, 0u64);
    let mut suites = Vec::new();
    for f in 0..45usize {
        let (file, describe) = if f == fail_file {
            (
                "checkout/gift-card.spec.ts".to_string(),
                "gift cards".to_string(),
            )
        } else {
            (
                format!("{}/{}.spec.ts", areas[f % 9], variants[f / 9]),
                format!("{} ({})", areas[f % 9], variants[f / 9]),
            )
        };
        let mut specs = Vec::new();
        for s in 0..(4 + h(f, 2) % 3) as usize {
            let failing = f == fail_file && s == fail_spec;
            let spec_title = if failing {
                title.to_string()
            } else {
                format!(
                    "{} {}",
                    verbs[(f + s) % verbs.len()],
                    objects[(f * 7 + s * 3) % objects.len()]
                )
            };
            let line = 8 + 14 * s as u64;
            let skip = !failing && h(f * 10 + s, 5).is_multiple_of(40);
            let slug = format!(
                "{}-{}",
                file.trim_end_matches(".spec.ts").replace('/', "-"),
                spec_title.replace(' ', "-")
            );
            let mut tests = Vec::new();
            for (pi, project) in projects.iter().enumerate() {
                let worker = h(f * 100 + s * 10 + pi, 6) % 4;
                let flaky_here =
                    (flaky.iter()).find(|(ff, ss, pp, _)| *ff == f && *ss == s && *pp == pi);
                let shots = |retry: usize| {
                    let dir = format!(
                        "{root}/test-results/{slug}-{project}{}",
                        if retry > 0 {
                            format!("-retry{retry}")
                        } else {
                            String::new()
                        }
                    );
                    json!([
                        {"name": "screenshot", "contentType": "image/png", "path": format!("{dir}/test-failed-1.png")},
                        {"name": "trace", "contentType": "application/zip", "path": format!("{dir}/trace.zip")}
                    ])
                };
                let mut results = Vec::new();
                let status = if skip {
                    skipped += 1;
                    results.push(pw_result(
                        worker,
                        "skipped",
                        0,
                        0,
                        pw_time(clock),
                        None,
                        json!([]),
                    ));
                    "skipped"
                } else if failing && pi == 2 {
                    for retry in 0..3 {
                        let err = pw_error(root, &file, line + 4, locator);
                        results.push(pw_result(
                            worker + 4 * retry as u64,
                            "failed",
                            30_000 + h(retry, 7) % 400,
                            retry,
                            pw_time(clock),
                            Some(err),
                            shots(retry),
                        ));
                        clock += 31_000;
                    }
                    "unexpected"
                } else if let Some((_, _, _, other)) = flaky_here {
                    flakies += 1;
                    let err = pw_error(root, &file, line + 3, other);
                    results.push(pw_result(
                        worker,
                        "failed",
                        30_000 + h(f, 8) % 400,
                        0,
                        pw_time(clock),
                        Some(err),
                        shots(0),
                    ));
                    clock += 30_500;
                    results.push(pw_result(
                        worker + 4,
                        "passed",
                        2_000 + h(f, 9) % 3000,
                        1,
                        pw_time(clock),
                        None,
                        json!([]),
                    ));
                    "flaky"
                } else {
                    expected += 1;
                    let duration = 800 + h(f * 100 + s * 10 + pi, 10) % 6000;
                    results.push(pw_result(
                        worker,
                        "passed",
                        duration,
                        0,
                        pw_time(clock),
                        None,
                        json!([]),
                    ));
                    clock += duration / 4;
                    "expected"
                };
                let annotations = if skip {
                    json!([{"type": "skip", "description": "payment sandbox is down on CI, see SHOP-2214"}])
                } else {
                    json!([])
                };
                let expected_status = if skip { "skipped" } else { "passed" };
                tests.push(json!({
                    "timeout": 30000,
                    "annotations": annotations,
                    "expectedStatus": expected_status,
                    "projectId": project,
                    "projectName": project,
                    "results": results,
                    "status": status
                }));
            }
            let ok = !failing;
            specs.push(json!({
                "title": spec_title,
                "ok": ok,
                "tags": [],
                "tests": tests,
                "id": format!("{:016x}{:04x}-{:016x}{:04x}", h(f, 11), f, h(f * 10 + s, 12), s),
                "file": file,
                "line": line,
                "column": 7
            }));
        }
        suites.push(json!({
            "title": file,
            "file": file,
            "column": 0,
            "line": 0,
            "specs": [],
            "suites": [{
                "title": describe,
                "file": file,
                "line": 6,
                "column": 6,
                "specs": specs
            }]
        }));
    }
    let project = |name: &str| {
        json!({
            "outputDir": format!("{root}/test-results"),
            "repeatEach": 1,
            "retries": 2,
            "metadata": {"actualWorkers": 4},
            "id": name,
            "name": name,
            "testDir": format!("{root}/e2e"),
            "testIgnore": [],
            "testMatch": ["**/*.@(spec|test).?(c|m)[jt]s?(x)"],
            "timeout": 30000
        })
    };
    let out = json!({
        "config": {
            "configFile": format!("{root}/playwright.config.ts"),
            "rootDir": format!("{root}/e2e"),
            "forbidOnly": true,
            "fullyParallel": true,
            "globalSetup": null,
            "globalTeardown": null,
            "globalTimeout": 0,
            "grep": {},
            "grepInvert": null,
            "maxFailures": 0,
            "metadata": {"actualWorkers": 4},
            "preserveOutput": "always",
            "reporter": [["json", null]],
            "reportSlowTests": {"max": 5, "threshold": 300000},
            "quiet": false,
            "projects": [project("chromium"), project("firefox"), project("webkit")],
            "shard": null,
            "updateSnapshots": "missing",
            "updateSourceMethod": "patch",
            "version": "1.49.1",
            "workers": 4,
            "webServer": null
        },
        "suites": suites,
        "errors": [],
        "stats": {
            "startTime": "2026-11-27T10:00:00.118Z",
            "duration": clock as f64 + 0.375,
            "expected": expected,
            "skipped": skipped,
            "unexpected": 1,
            "flaky": flakies
        }
    });
    Case::fact(
        "playwright test --reporter=json, one test failing",
        pretty(&out, b"  ") + "\n",
        "Which end-to-end test is genuinely broken (not just flaky), and what is it stuck waiting for?",
        &[title, locator],
    )
    .with_jq(
        ".suites[].suites[].specs[] | select(.ok == false) | .title",
        vec![jq_string(title)],
    )
}

/// One bandit check, as its JSON report names it.
struct BanditTest {
    id: &'static str,
    name: &'static str,
    severity: &'static str,
    confidence: &'static str,
    text: &'static str,
    cwe: u64,
    info: &'static str,
    code: &'static str,
}

#[allow(clippy::too_many_arguments)]
const fn bt(
    id: &'static str,
    name: &'static str,
    severity: &'static str,
    confidence: &'static str,
    text: &'static str,
    cwe: u64,
    info: &'static str,
    code: &'static str,
) -> BanditTest {
    BanditTest {
        id,
        name,
        severity,
        confidence,
        text,
        cwe,
        info,
        code,
    }
}

/// `bandit -r shop -f json` (Python's `json.dumps(sort_keys=True,
/// indent=2)`): 420 files in `metrics`, about 480 findings, nearly all
/// `LOW` or `MEDIUM` severity and hundreds of them `HIGH` confidence (a
/// decoy word); five files each have one `HIGH` severity finding.
fn bandit_high_severity() -> Case {
    let low = [
        bt(
            "B101",
            "assert_used",
            "LOW",
            "HIGH",
            "Use of assert detected. The enclosed code will be removed when compiling to optimised byte code.",
            703,
            "plugins/b101_assert_used.html",
            "    assert order is not None, \"order missing\"",
        ),
        bt(
            "B110",
            "try_except_pass",
            "LOW",
            "HIGH",
            "Try, Except, Pass detected.",
            703,
            "plugins/b110_try_except_pass.html",
            "    except Exception:",
        ),
        bt(
            "B311",
            "blacklist",
            "LOW",
            "HIGH",
            "Standard pseudo-random generators are not suitable for security/cryptographic purposes.",
            330,
            "blacklists/blacklist_calls.html#b311-random",
            "    jitter = random.uniform(0, 0.5)",
        ),
        bt(
            "B404",
            "blacklist",
            "LOW",
            "HIGH",
            "Consider possible security implications associated with the subprocess module.",
            78,
            "blacklists/blacklist_imports.html#b404-import-subprocess",
            "import subprocess",
        ),
        bt(
            "B603",
            "subprocess_without_shell_equals_true",
            "LOW",
            "HIGH",
            "subprocess call - check for execution of untrusted input.",
            78,
            "plugins/b603_subprocess_without_shell_equals_true.html",
            "    subprocess.run([\"pg_dump\", \"--format=custom\", dsn], check=True)",
        ),
        bt(
            "B105",
            "hardcoded_password_string",
            "LOW",
            "MEDIUM",
            "Possible hardcoded password: 'changeme'",
            259,
            "plugins/b105_hardcoded_password_string.html",
            "    password = \"changeme\"",
        ),
        bt(
            "B608",
            "hardcoded_sql_expressions",
            "MEDIUM",
            "LOW",
            "Possible SQL injection vector through string-based query construction.",
            89,
            "plugins/b608_hardcoded_sql_expressions.html",
            "    cur.execute(f\"SELECT * FROM orders WHERE status = '{status}'\")",
        ),
        bt(
            "B113",
            "request_without_timeout",
            "MEDIUM",
            "LOW",
            "Call to requests without timeout",
            400,
            "plugins/b113_request_without_timeout.html",
            "    resp = requests.get(url, headers=headers)",
        ),
        bt(
            "B301",
            "blacklist",
            "MEDIUM",
            "HIGH",
            "Pickle and modules that wrap it can be unsafe when used to deserialize untrusted data, possible security issue.",
            502,
            "blacklists/blacklist_calls.html#b301-pickle",
            "    return pickle.loads(blob)",
        ),
        bt(
            "B506",
            "yaml_load",
            "MEDIUM",
            "HIGH",
            "Use of unsafe yaml load. Allows instantiation of arbitrary objects. Consider yaml.safe_load().",
            20,
            "plugins/b506_yaml_load.html",
            "    cfg = yaml.load(fh, Loader=yaml.Loader)",
        ),
        bt(
            "B108",
            "hardcoded_tmp_directory",
            "MEDIUM",
            "MEDIUM",
            "Probable insecure usage of temp file/directory.",
            377,
            "plugins/b108_hardcoded_tmp_directory.html",
            "    path = \"/tmp/shop-export.csv\"",
        ),
        bt(
            "B104",
            "hardcoded_bind_all_interfaces",
            "MEDIUM",
            "MEDIUM",
            "Possible binding to all interfaces.",
            605,
            "plugins/b104_hardcoded_bind_all_interfaces.html",
            "    host = \"0.0.0.0\"",
        ),
        bt(
            "B604",
            "any_other_function_with_shell_equals_true",
            "MEDIUM",
            "LOW",
            "Function call with shell=True parameter identified, possible security issue.",
            78,
            "plugins/b604_any_other_function_with_shell_equals_true.html",
            "    run_cmd(cmd, shell=True)",
        ),
    ];
    let high = [
        bt(
            "B602",
            "subprocess_popen_with_shell_equals_true",
            "HIGH",
            "HIGH",
            "subprocess call with shell=True identified, security issue.",
            78,
            "plugins/b602_subprocess_popen_with_shell_equals_true.html",
            "    proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE)",
        ),
        bt(
            "B324",
            "hashlib",
            "HIGH",
            "HIGH",
            "Use of weak MD5 hash for security. Consider usedforsecurity=False",
            327,
            "plugins/b324_hashlib.html",
            "    digest = hashlib.md5(token.encode()).hexdigest()",
        ),
        bt(
            "B501",
            "request_with_no_cert_validation",
            "HIGH",
            "HIGH",
            "Call to requests with verify=False disabling SSL certificate checks, security issue.",
            295,
            "plugins/b501_request_with_no_cert_validation.html",
            "    resp = requests.post(url, json=payload, verify=False, timeout=10)",
        ),
        bt(
            "B201",
            "flask_debug_true",
            "HIGH",
            "MEDIUM",
            "A Flask app appears to be run with debug=True, which exposes the Werkzeug debugger and allows the execution of arbitrary code.",
            94,
            "plugins/b201_flask_debug_true.html",
            "    app.run(debug=True)",
        ),
        bt(
            "B605",
            "start_process_with_a_shell",
            "HIGH",
            "HIGH",
            "Starting a process with a shell, possible injection detected, security issue.",
            78,
            "plugins/b605_start_process_with_a_shell.html",
            "    os.system(f\"convert {src} -resize 800x {dst}\")",
        ),
    ];
    let context = [
        "    log.debug(\"processing %s\", item_id)",
        "",
        "    return result",
        "    data = payload.get(\"items\", [])",
        "    # TODO: move to settings",
        "    for row in rows:",
        "    conn = get_connection()",
    ];
    let pkgs = [
        "api",
        "billing",
        "catalog",
        "checkout",
        "core",
        "inventory",
        "notifications",
        "payments",
        "search",
        "users",
        "workers",
        "admin",
        "reports",
        "integrations",
    ];
    let mods = [
        "views",
        "models",
        "serializers",
        "tasks",
        "utils",
        "services",
        "forms",
        "signals",
        "admin",
        "urls",
        "handlers",
        "clients",
        "schemas",
        "permissions",
        "filters",
        "validators",
        "exporters",
        "importers",
        "cache",
        "hooks",
        "migrations_helpers",
        "settings_loader",
        "cli",
        "webhooks",
        "storage",
        "pagination",
        "throttling",
        "middleware",
        "backends",
        "feeds",
    ];
    let mut files: Vec<String> = (0..pkgs.len() * mods.len())
        .map(|i| {
            format!(
                "./shop/{}/{}.py",
                pkgs[i / mods.len()],
                mods[i % mods.len()]
            )
        })
        .collect();
    files.sort();
    let level = |s: &str| match s {
        "HIGH" => 0,
        "LOW" => 1,
        "MEDIUM" => 2,
        _ => 3,
    };
    let high_at = [37usize, 118, 205, 290, 377];
    let mut results = Vec::new();
    let mut metrics = Map::new();
    let mut totals = [0u64; 8];
    let mut loc_total = 0;
    let mut items = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let mut found: Vec<(u64, &BanditTest)> = Vec::new();
        let n = [0usize, 0, 1, 1, 2, 3][(h(i, 1) % 6) as usize];
        for k in 0..n {
            let t = &low[(h(i * 4 + k, 2) % low.len() as u64) as usize];
            found.push((4 + k as u64 * 60 + h(i * 4 + k, 3) % 50, t));
        }
        if let Some(j) = high_at.iter().position(|&x| x == i) {
            found.push((70 + h(i, 4) % 100, &high[j]));
            items.push(file.clone());
        }
        found.sort_by_key(|x| x.0);
        let mut counts = [0u64; 8];
        for (line, t) in &found {
            counts[level(t.confidence)] += 1;
            counts[4 + level(t.severity)] += 1;
            let code = format!(
                "{} {}\n{line} {}\n{} {}\n",
                line - 1,
                pick(&context, i * 7 + *line as usize, 5),
                t.code,
                line + 1,
                pick(&context, i * 7 + *line as usize, 6)
            );
            let indent = (t.code.len() - t.code.trim_start().len()) as u64;
            results.push(json!({
                "code": code,
                "col_offset": indent,
                "end_col_offset": t.code.len(),
                "filename": file,
                "issue_confidence": t.confidence,
                "issue_cwe": {"id": t.cwe, "link": format!("https://cwe.mitre.org/data/definitions/{}.html", t.cwe)},
                "issue_severity": t.severity,
                "issue_text": t.text,
                "line_number": line,
                "line_range": [line],
                "more_info": format!("https://bandit.readthedocs.io/en/1.7.10/{}", t.info),
                "test_id": t.id,
                "test_name": t.name
            }));
        }
        let loc = 40 + h(i, 5) % 900;
        loc_total += loc;
        for (t, c) in totals.iter_mut().zip(counts) {
            *t += c;
        }
        metrics.insert(
            file.clone(),
            json!({
                "CONFIDENCE.HIGH": counts[0],
                "CONFIDENCE.LOW": counts[1],
                "CONFIDENCE.MEDIUM": counts[2],
                "CONFIDENCE.UNDEFINED": counts[3],
                "SEVERITY.HIGH": counts[4],
                "SEVERITY.LOW": counts[5],
                "SEVERITY.MEDIUM": counts[6],
                "SEVERITY.UNDEFINED": counts[7],
                "loc": loc,
                "nosec": 0,
                "skipped_tests": 0
            }),
        );
    }
    metrics.insert(
        "_totals".into(),
        json!({
            "CONFIDENCE.HIGH": totals[0],
            "CONFIDENCE.LOW": totals[1],
            "CONFIDENCE.MEDIUM": totals[2],
            "CONFIDENCE.UNDEFINED": totals[3],
            "SEVERITY.HIGH": totals[4],
            "SEVERITY.LOW": totals[5],
            "SEVERITY.MEDIUM": totals[6],
            "SEVERITY.UNDEFINED": totals[7],
            "loc": loc_total,
            "nosec": 0,
            "skipped_tests": 0
        }),
    );
    let out = json!({
        "errors": [],
        "generated_at": "2026-11-27T10:14:51Z",
        "metrics": metrics,
        "results": results
    });
    let expected = items.iter().map(|f| jq_string(f)).collect();
    Case::items(
        "bandit -f json, five files with a high-severity finding",
        pretty(&out, b"  ") + "\n",
        "Which files have the most serious kind of security problem, the top severity ones?",
        items,
    )
    .with_jq(
        ".results[] | select(.issue_severity == \"HIGH\") | .filename",
        expected,
    )
}

/// `n` characters of `alphabet`, fixed by the hash of `i`.
fn token(i: usize, salt: u64, n: usize, alphabet: &str) -> String {
    let a = alphabet.as_bytes();
    (0..n)
        .map(|k| a[(h(i * 64 + k, salt) % a.len() as u64) as usize] as char)
        .collect()
}

/// `trufflehog git file://. --json` (one finding a line, Go's
/// `json.Marshal`, so `<` is `\u003c`): 560 findings in a repository's
/// history, nearly all unverified (fixtures, examples, rotated keys), some
/// with a `VerificationError` (decoys, more error-like); five verified,
/// each in a file no other finding names, `Verified` 350–600 bytes into
/// its line.
fn trufflehog_verified() -> Case {
    let detectors = [
        (
            2u32,
            "AWS",
            "AWS (Amazon Web Services) is a comprehensive cloud computing platform offering a wide range of on-demand services like computing power, database storage, content delivery, and other functionality. AWS API keys can be used to access and modify these services.",
        ),
        (
            8,
            "Github",
            "GitHub is a web-based platform used for version control and collaborative software development. GitHub tokens can be used to access and modify repositories and other resources.",
        ),
        (
            4,
            "Slack",
            "Slack is a messaging platform for team communication. Slack tokens can be used to access and modify messages, channels, and other resources.",
        ),
        (
            17,
            "Stripe",
            "Stripe is a payment processing platform. Stripe API keys can be used to interact with Stripe's services for processing payments, managing subscriptions, and more.",
        ),
        (
            20,
            "SendGrid",
            "SendGrid is a cloud-based email delivery service. SendGrid API keys can be used to send emails and access account data.",
        ),
        (
            1004,
            "URI",
            "This detector identifies URLs with embedded credentials, which can be used to access web resources without explicit user interaction.",
        ),
        (
            1003,
            "PrivateKey",
            "Private keys are used for securely connecting and authenticating to various systems and services. Exposure of private keys can lead to unauthorized access and data breaches.",
        ),
    ];
    let verified = [
        (61usize, 0usize, "scripts/backfill_invoices.py"),
        (170, 1, "infra/ci/runner-bootstrap.sh"),
        (288, 3, "services/billing/config/production.yml"),
        (402, 4, "notebooks/churn-analysis.ipynb"),
        (517, 2, "ops/alerts/notify_oncall.py"),
    ];
    let pool = [
        "tests/fixtures/aws/credentials.ini",
        "tests/fixtures/github/token.txt",
        "docs/examples/stripe-webhook.md",
        ".env.example",
        "deploy/helm/values-staging.yaml",
        "services/mailer/.env.test",
        "frontend/src/config/dev.ts",
        "scripts/seed_dev_db.sh",
        "infra/terraform/modules/vpc/README.md",
        "tests/integration/test_payments.py",
        "tests/unit/test_auth_tokens.py",
        "docker-compose.override.yml",
        "notebooks/scratch/explore-2024.ipynb",
        "ops/runbooks/rotate-keys.md",
        "services/search/settings_local.py",
        "config/secrets.sample.yaml",
        "tests/fixtures/ssh/id_ed25519",
        "docs/adr/0007-secrets.md",
        "infra/ci/.env.ci.example",
    ];
    let authors = [
        ("Dana Ortiz", "dana.ortiz"),
        ("Wei Zhang", "wei.zhang"),
        ("Priya Raman", "priya.raman"),
        ("Tom Becker", "tom.becker"),
        ("Ana Lima", "ana.lima"),
        ("Jonas Berg", "jonas.berg"),
    ];
    let verr = [
        "unexpected HTTP response status 503",
        "dial tcp: lookup api.stripe.com: i/o timeout",
        "Post https://slack.com/api/auth.test: context deadline exceeded",
    ];
    let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut out = String::new();
    let mut items = Vec::new();
    for i in 0..560usize {
        let planted = verified.iter().find(|(at, _, _)| *at == i);
        let (d, file, is_verified) = match planted {
            Some((_, d, file)) => {
                items.push(file.to_string());
                (*d, *file, true)
            }
            None => (
                (h(i, 1) % detectors.len() as u64) as usize,
                pick(&pool, i, 2),
                false,
            ),
        };
        let (kind, name, desc) = detectors[d];
        let commit = format!("{:016x}{:016x}{:08x}", h(i, 3), h(i, 4), h(i, 5) as u32);
        let (author, user) = authors[(h(i, 6) % authors.len() as u64) as usize];
        let email = format!("{author} \\u003c{user}@acme.io\\u003e");
        let ts = format!(
            "2026-{:02}-{:02} {:02}:{:02}:{:02} +0000",
            1 + i * 11 / 560,
            1 + h(i, 7) % 28,
            h(i, 8) % 24,
            h(i, 9) % 60,
            h(i, 10) % 60
        );
        let ln = 1 + h(i, 11) % 300;
        let decoder = if h(i, 12).is_multiple_of(9) {
            "BASE64"
        } else {
            "PLAIN"
        };
        let (raw, raw2, redacted, extra) = match name {
            "AWS" => {
                let id = format!("AKIA{}", token(i, 13, 16, upper));
                let acct = format!("{:012}", h(i, 14) % 1_000_000_000_000);
                let arn = if is_verified {
                    format!("\"arn\":\"arn:aws:iam::{acct}:user/svc-backfill\",")
                } else {
                    String::new()
                };
                (
                    id.clone(),
                    format!("{id}:{}", token(i, 15, 40, alnum)),
                    id,
                    format!(
                        "{{\"account\":\"{acct}\",{arn}\"is_canary\":\"false\",\"message\":\"This key is not a canary token.\",\"resource_type\":\"Access key\"}}"
                    ),
                )
            }
            "Github" => (
                format!("ghp_{}", token(i, 16, 36, alnum)),
                String::new(),
                String::new(),
                if is_verified {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/github/\",\"scopes\":\"repo, workflow, admin:org\",\"username\":\"acme-deploy-bot\",\"version\":\"1\"}".to_string()
                } else {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/github/\",\"version\":\"1\"}".to_string()
                },
            ),
            "Slack" => (
                format!(
                    "xoxb-{}-{}-{}",
                    1000000000 + h(i, 17) % 9000000000,
                    1000000000000 + h(i, 18) % 9000000000000,
                    token(i, 19, 24, alnum)
                ),
                String::new(),
                String::new(),
                if is_verified {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/slack/\",\"team\":\"acme-eng\"}".to_string()
                } else {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/slack/\"}"
                        .to_string()
                },
            ),
            "Stripe" => (
                format!(
                    "sk_{}_{}",
                    if is_verified || h(i, 20).is_multiple_of(2) {
                        "live"
                    } else {
                        "test"
                    },
                    token(i, 21, 24, alnum)
                ),
                String::new(),
                String::new(),
                "null".to_string(),
            ),
            "SendGrid" => (
                format!("SG.{}.{}", token(i, 22, 22, alnum), token(i, 23, 43, alnum)),
                String::new(),
                String::new(),
                if is_verified {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/sendgrid/\",\"scopes\":\"mail.send, templates.read\"}".to_string()
                } else {
                    "{\"rotation_guide\":\"https://howtorotate.com/docs/tutorials/sendgrid/\"}"
                        .to_string()
                },
            ),
            "URI" => {
                let host = format!("db-{}.internal.acme.io", h(i, 24) % 9);
                let uri = format!(
                    "postgres://app:{}@{host}:5432/shop",
                    token(i, 25, 16, alnum)
                );
                (
                    uri.clone(),
                    uri,
                    format!("postgres://app:********@{host}:5432/shop"),
                    "null".to_string(),
                )
            }
            _ => (
                format!(
                    "-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW{}\\n-----END OPENSSH PRIVATE KEY-----\\n",
                    token(i, 26, 64, alnum)
                ),
                String::new(),
                String::new(),
                "null".to_string(),
            ),
        };
        let verified_json = if is_verified { "true" } else { "false" };
        let verification_error = if !is_verified && d < 5 && h(i, 27).is_multiple_of(29) {
            format!(
                ",\"VerificationError\":\"{}\"",
                verr[(h(i, 28) % 3) as usize]
            )
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{{\"SourceMetadata\":{{\"Data\":{{\"Git\":{{\"commit\":\"{commit}\",\"file\":\"{file}\",\"email\":\"{email}\",\"repository\":\"https://github.com/acme/shop.git\",\"timestamp\":\"{ts}\",\"line\":{ln}}}}}}},\"SourceID\":1,\"SourceType\":7,\"SourceName\":\"trufflehog - git\",\"DetectorType\":{kind},\"DetectorName\":\"{name}\",\"DetectorDescription\":\"{desc}\",\"DecoderName\":\"{decoder}\",\"Verified\":{verified_json}{verification_error},\"VerificationFromCache\":false,\"Raw\":\"{raw}\",\"RawV2\":\"{raw2}\",\"Redacted\":\"{redacted}\",\"ExtraData\":{extra},\"StructuredData\":null}}\n"
        ));
    }
    let expected = items.iter().map(|f| jq_string(f)).collect();
    Case::items(
        "trufflehog --json, five verified secrets",
        out,
        "Which of these leaked credentials still actually work? I need the files they're in.",
        items,
    )
    .with_jq(
        ".[] | select(.Verified == true) | .SourceMetadata.Data.Git.file",
        expected,
    )
}

/// `aws s3 ls s3://acme-data-lake --recursive --summarize`: about 3,800
/// objects (Parquet parts, ALB logs, exports, Redis backups, Athena
/// results) of 200 bytes to 1.9 GB, sorted by key, sizes in bytes; six of
/// them over 5 GB (6.2–48.9 billion bytes), none an error.
fn s3_large_objects() -> Case {
    let big: [(&str, u64, &str); 6] = [
        (
            "backups/postgres/shop-prod-2026-11-15T0300Z.dump",
            48_318_221_004,
            "2026-11-15 03:41:12",
        ),
        (
            "backups/postgres/shop-prod-2026-11-22T0300Z.dump",
            48_907_113_562,
            "2026-11-22 03:44:57",
        ),
        (
            "exports/warehouse/orders_full_20261101.csv.gz",
            7_812_445_120,
            "2026-11-01 06:12:09",
        ),
        (
            "ml/models/recsys/v42/checkpoint-final.pt",
            12_004_871_233,
            "2026-11-18 22:07:31",
        ),
        (
            "raw/clickstream/2026/11/15/firehose-backfill-recovered.json.gz",
            6_221_093_887,
            "2026-11-16 11:30:02",
        ),
        (
            "tmp/athena-results/2f9c1e0b-7d4a-4e51-9b3a-6c0f8e2d1a77.csv",
            21_776_001_350,
            "2026-11-24 15:52:44",
        ),
    ];
    let mut objs: Vec<(String, u64, String)> = Vec::new();
    for i in 0..3800usize {
        let day = 1 + i % 27;
        let (key, lo, hi) = match h(i, 1) % 10 {
            0..=3 => (
                format!(
                    "raw/events/2026/11/{day:02}/part-{i:05}-{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}-c000.snappy.parquet",
                    h(i, 2) as u32,
                    h(i, 3) % 0x10000,
                    h(i, 4) % 0x1000,
                    h(i, 5) % 0x1000,
                    h(i, 6) % (1 << 48)
                ),
                20_000_000,
                900_000_000,
            ),
            4 | 5 => (
                format!(
                    "curated/orders/dt=2026-11-{day:02}/part-{i:05}-{:016x}.zstd.parquet",
                    h(i, 7)
                ),
                5_000_000,
                400_000_000,
            ),
            6..=8 => (
                format!(
                    "logs/alb/AWSLogs/123456789012/elasticloadbalancing/eu-west-1/2026/11/{day:02}/123456789012_elasticloadbalancing_eu-west-1_app.shop-prod-alb.{:016x}_202611{day:02}T{:02}{:02}Z_10.20.{}.{}_{:08x}.log.gz",
                    h(i, 8),
                    i / 27 % 24,
                    h(i, 9) % 12 * 5,
                    h(i, 10) % 4,
                    2 + h(i, 11) % 250,
                    h(i, 12) as u32
                ),
                10_000,
                3_000_000,
            ),
            _ => match h(i, 13) % 3 {
                0 => (
                    format!("exports/finance/ledger_202611{day:02}_{i:04}.csv.gz"),
                    1_000,
                    90_000_000,
                ),
                1 => (
                    format!("backups/redis/shop-cache-202611{day:02}-{i:04}.rdb"),
                    50_000_000,
                    1_900_000_000,
                ),
                _ => (
                    format!(
                        "tmp/athena-results/{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}.csv",
                        h(i, 14) as u32,
                        h(i, 15) % 0x10000,
                        h(i, 16) % 0x1000,
                        0x8000 + h(i, 17) % 0x4000,
                        h(i, 18) % (1 << 48)
                    ),
                    200,
                    1_500_000_000,
                ),
            },
        };
        let size = lo + h(i, 19) % (hi - lo);
        let date = format!(
            "2026-11-{day:02} {:02}:{:02}:{:02}",
            h(i, 20) % 24,
            h(i, 21) % 60,
            h(i, 22) % 60
        );
        objs.push((key, size, date));
    }
    for (key, size, date) in big {
        objs.push((key.to_string(), size, date.to_string()));
    }
    objs.sort();
    let mut out = String::new();
    let mut total = 0u64;
    for (key, size, date) in &objs {
        total += size;
        out.push_str(&format!("{date} {size:>10} {key}\n"));
    }
    out.push_str(&format!(
        "\nTotal Objects: {}\n   Total Size: {total}\n",
        objs.len()
    ));
    Case::items(
        "aws s3 ls --recursive, six objects over 5 GB",
        out,
        "Which files in this bucket are bigger than 5 gigs?",
        big.iter().map(|b| b.0.to_string()).collect(),
    )
}

/// `D-HH:MM:SS` or `HH:MM:SS`, as Slurm prints an elapsed time.
fn elapsed(s: u64) -> String {
    let (d, hh, mm, ss) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d}-{hh:02}:{mm:02}:{ss:02}")
    } else {
        format!("{hh:02}:{mm:02}:{ss:02}")
    }
}

/// `sacct -a -S 2026-11-20 --format=JobID,JobName%24,User,Partition,
/// AllocCPUS,Elapsed,MaxRSS,State,ExitCode`: 1,800 jobs with their
/// `.batch`, `.extern` (and MPI `.0`) steps, fixed-width columns that cut
/// long values with `+`. Most `COMPLETED`; `FAILED`, `TIMEOUT`,
/// `CANCELLED+` and `NODE_FAIL` ones are decoys; six jobs ran out of
/// memory, shown as `OUT_OF_ME+` with exit code `0:125`.
fn sacct_out_of_memory() -> Case {
    let oom = [211usize, 530, 877, 1104, 1420, 1690];
    let users = [
        "akumar",
        "bchen",
        "cdiaz",
        "dnovak",
        "eokafor",
        "fmuller",
        "gsato",
        "hlarsen",
        "iivanova",
        "jpatel",
        "kwong",
        "lrossi",
        "mgarcia",
        "nsingh",
        "oadeyemi",
        "pkowalski",
    ];
    let names = [
        "train_resnet50",
        "preprocess_shard",
        "blast_batch",
        "gromacs_eq",
        "vasp_relax",
        "jupyter",
        "snakemake",
        "nf-core_rnaseq",
        "cellranger_count",
        "alphafold_msa",
        "wrf_forecast",
        "bwa_mem_align",
        "star_index",
        "mcmc_chain",
        "xgb_tune",
        "lammps_nvt",
    ];
    let mpi = [
        ("gromacs_eq", "gmx_mpi"),
        ("vasp_relax", "vasp_std"),
        ("lammps_nvt", "lmp"),
        ("wrf_forecast", "wrf.exe"),
    ];
    let fit = |s: &str, w: usize| -> String {
        if s.len() > w {
            format!("{}+", &s[..w - 1])
        } else {
            s.to_string()
        }
    };
    let row = |id: &str,
               name: &str,
               user: &str,
               part: &str,
               cpus: &str,
               el: &str,
               rss: &str,
               st: &str,
               ec: &str|
     -> String {
        format!(
            "{:<12} {:>24} {:>9} {:>10} {:>10} {:>10} {:>10} {:>10} {:>8} \n",
            fit(id, 12),
            fit(name, 24),
            fit(user, 9),
            fit(part, 10),
            cpus,
            el,
            rss,
            fit(st, 10),
            ec
        )
    };
    let mut out = row(
        "JobID",
        "JobName",
        "User",
        "Partition",
        "AllocCPUS",
        "Elapsed",
        "MaxRSS",
        "State",
        "ExitCode",
    );
    out.push_str(&format!(
        "{} {} {} {} {} {} {} {} {} \n",
        "-".repeat(12),
        "-".repeat(24),
        "-".repeat(9),
        "-".repeat(10),
        "-".repeat(10),
        "-".repeat(10),
        "-".repeat(10),
        "-".repeat(10),
        "-".repeat(8)
    ));
    let mut items = Vec::new();
    for i in 0..1800usize {
        let id = (5_102_000 + i * 3 + (h(i, 1) % 3) as usize).to_string();
        let base = pick(&names, i, 2);
        let name = format!("{base}_{}", h(i, 3) % 100);
        let user = pick(&users, i, 4);
        let part = if base.starts_with("train") || base.starts_with("alphafold") {
            "gpu"
        } else if h(i, 5).is_multiple_of(7) {
            "bigmem"
        } else {
            "cpu"
        };
        let cpus = [1u64, 2, 4, 8, 16, 32, 64][(h(i, 6) % 7) as usize].to_string();
        let el = elapsed(30 + h(i, 7) % (2 * 86_400));
        let (state, step_state, code, step_code) = if oom.contains(&i) {
            items.push(id.clone());
            ("OUT_OF_MEMORY", "OUT_OF_MEMORY", "0:125", "0:125")
        } else if i >= 1780 {
            if i % 2 == 0 {
                ("RUNNING", "RUNNING", "0:0", "0:0")
            } else {
                ("PENDING", "", "0:0", "")
            }
        } else {
            match h(i, 8) % 100 {
                0..=79 => ("COMPLETED", "COMPLETED", "0:0", "0:0"),
                80..=88 => ("FAILED", "FAILED", "1:0", "1:0"),
                89..=92 => ("TIMEOUT", "CANCELLED", "0:0", "0:15"),
                93..=97 => ("CANCELLED by 41231", "CANCELLED", "0:15", "0:15"),
                _ => ("NODE_FAIL", "FAILED", "1:0", "1:0"),
            }
        };
        if state == "PENDING" {
            out.push_str(&row(
                &id, &name, user, part, &cpus, "00:00:00", "", state, code,
            ));
            continue;
        }
        out.push_str(&row(&id, &name, user, part, &cpus, &el, "", state, code));
        let running = state == "RUNNING";
        let rss = |salt: u64, lo: u64, hi: u64| {
            if running {
                String::new()
            } else {
                format!("{}K", lo + h(i, salt) % (hi - lo))
            }
        };
        let batch_rss = if state == "OUT_OF_MEMORY" {
            format!("{}K", 63_900_000 + h(i, 9) % 90_000)
        } else {
            rss(10, 2_000, 60_000_000)
        };
        out.push_str(&row(
            &format!("{id}.batch"),
            "batch",
            "",
            "",
            &cpus,
            &el,
            &batch_rss,
            step_state,
            step_code,
        ));
        out.push_str(&row(
            &format!("{id}.extern"),
            "extern",
            "",
            "",
            &cpus,
            &el,
            &rss(11, 90, 900),
            if running { "RUNNING" } else { "COMPLETED" },
            "0:0",
        ));
        if let Some((_, exe)) = mpi.iter().find(|(n, _)| *n == base) {
            out.push_str(&row(
                &format!("{id}.0"),
                exe,
                "",
                "",
                &cpus,
                &el,
                &rss(12, 10_000, 30_000_000),
                step_state,
                step_code,
            ));
        }
    }
    Case::items(
        "sacct, six jobs out of memory",
        out,
        "Which jobs since the 20th got killed for running out of memory?",
        items,
    )
}

//! A SECOND HELD-OUT SET of issue 30, written after the answer code was
//! changed for classes the first held-out set ([`unseen`]) had missed:
//! that set's misses were read to find their classes (each fixed with a
//! tuning case of its own written first), so its figure is no longer of
//! outputs nobody looked at. These eight were written before the next
//! change and never tuned on: their figure says whether the classes hold.
//! Measured so (lexical 3 of 8, recall 0.50), two of its misses were then
//! read for their classes (a node named in its closed `metadata`, a
//! negation over a text table): since then it is a read set too, and the
//! third set ([`third`]) holds the unseen figure.
//!
//! [`third`]: super::third
//!
//! One fact: `kubectl get events -A -o json` (the pod that cannot mount
//! its volume), `terraform plan -json` (what the plan destroys),
//! `journalctl -o json` (the one critical entry and its unit), `go test
//! -json` (the failing test and why).
//! Every item: `npm audit --json` (packages with a high severity),
//! `kubectl get nodes -o json` (nodes not ready, among conditions that
//! are "False" on every node), `kubectl get pvc -A` (claims not bound), a
//! PostgreSQL log (statements slower than 2 s, in ms).
//!
//! [`unseen`]: super::unseen

use serde_json::{Value, json};

use super::super::heldout::h;
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        kubectl_events_failed_mount(),
        terraform_plan_destroy(),
        journal_critical(),
        go_test_failure(),
        npm_audit_high(),
        nodes_not_ready(),
        pvc_pending(),
        postgres_slow_statements(),
    ]
}

/// `kubectl get events -A -o json`: 700 events of pods being scheduled,
/// pulled, created and started, some `BackOff` warnings (decoys more
/// error-like), one `FailedMount` of a pod whose name is in its
/// `involvedObject`, 20 lines into the event.
fn kubectl_events_failed_mount() -> Case {
    let reasons = [
        (
            "Normal",
            "Scheduled",
            "Successfully assigned {ns}/{pod} to node-{n}",
        ),
        (
            "Normal",
            "Pulled",
            "Container image \"registry.acme.io/{app}:1.{n}\" already present on machine",
        ),
        ("Normal", "Created", "Created container {app}"),
        ("Normal", "Started", "Started container {app}"),
    ];
    let apps = [
        "checkout", "cart", "search", "catalog", "payments", "mailer",
    ];
    let planted = 433;
    let mut items = Vec::new();
    for i in 0..700 {
        let app = pick(&apps, i, 1);
        let ns = if i % 3 == 0 { "shop" } else { "platform" };
        let pod = format!(
            "{app}-{:x}-{:05x}",
            0x5d00 + h(i / 4, 2) % 0xff,
            h(i / 4, 3) % 0xfffff
        );
        let (kind, reason, message) = if i == planted {
            (
                "Warning",
                "FailedMount",
                "MountVolume.SetUp failed for volume \"invoices-pvc\" : rpc error: code = Internal desc = volume is attached to another node".to_string(),
            )
        } else if i % 37 == 11 {
            (
                "Warning",
                "BackOff",
                format!("Back-off restarting failed container {app} in pod {pod}_{ns}"),
            )
        } else {
            let (k, r, m) = reasons[i % 4];
            (
                k,
                r,
                m.replace("{ns}", ns)
                    .replace("{pod}", &pod)
                    .replace("{n}", &(h(i, 4) % 12).to_string())
                    .replace("{app}", app),
            )
        };
        let pod = if i == planted {
            "billing-7f9c6d-x2k4q".to_string()
        } else {
            pod
        };
        let ns = if i == planted { "finance" } else { ns };
        let t = format!("2026-11-27T09:{:02}:{:02}Z", i / 60 % 60, i % 60);
        items.push(json!({
            "apiVersion": "v1",
            "count": 1 + h(i, 5) % 3,
            "eventTime": null,
            "firstTimestamp": t,
            "involvedObject": {
                "apiVersion": "v1",
                "fieldPath": format!("spec.containers{{{}}}", pod.split('-').next().unwrap_or("")),
                "kind": "Pod",
                "name": pod,
                "namespace": ns,
                "resourceVersion": (81_000_000 + h(i, 6) % 1_000_000).to_string(),
                "uid": format!("{:08x}-1c2d-4e5f-8a9b-{:012x}", h(i, 7) as u32, h(i, 8) % (1 << 48))
            },
            "kind": "Event",
            "lastTimestamp": t,
            "message": message,
            "metadata": {
                "creationTimestamp": t,
                "name": format!("{pod}.{:x}", 0x17f0_0000_0000_0000u64 + h(i, 9) % (1 << 40)),
                "namespace": ns,
                "resourceVersion": (81_000_000 + h(i, 10) % 1_000_000).to_string(),
                "uid": format!("{:08x}-9e8d-4c7b-a6f5-{:012x}", h(i, 11) as u32, h(i, 12) % (1 << 48))
            },
            "reason": reason,
            "reportingComponent": if reason == "Scheduled" { "default-scheduler" } else { "kubelet" },
            "reportingInstance": format!("node-{}", h(i, 4) % 12),
            "source": {"component": "kubelet", "host": format!("node-{}", h(i, 4) % 12)},
            "type": kind
        }));
    }
    let out = json!({"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}});
    Case::fact(
        "kubectl get events -A -o json, one pod cannot mount its volume",
        pretty(&out, b"    ") + "\n",
        "Which pod is stuck because its volume won't mount, and why?",
        &["billing-7f9c6d-x2k4q", "volume is attached to another node"],
    )
    .with_jq(
        ".items[] | select(.reason == \"FailedMount\") | .involvedObject.name",
        vec![jq_string("billing-7f9c6d-x2k4q")],
    )
}

/// `terraform plan -json` (one JSON object a line, as Terraform streams
/// it): 900 `planned_change` and `resource_drift` lines, nearly all
/// `update` or `create`, one `delete` of the database, its address 200
/// bytes into its line.
fn terraform_plan_destroy() -> Case {
    let kinds = [
        "aws_security_group_rule",
        "aws_iam_role_policy",
        "aws_route53_record",
        "aws_s3_bucket_policy",
        "aws_lambda_function",
    ];
    let planted = 612;
    let mut out = String::from(
        "{\"@level\":\"info\",\"@message\":\"Terraform 1.9.8\",\"@module\":\"terraform.ui\",\"@timestamp\":\"2026-11-27T10:00:00.000000Z\",\"terraform\":\"1.9.8\",\"type\":\"version\",\"ui\":\"1.2\"}\n",
    );
    for i in 0..1400 {
        let (kind, name, action) = if i == planted {
            ("aws_db_instance", "orders_primary".to_string(), "delete")
        } else {
            (
                pick(&kinds, i, 1),
                format!(
                    "{}_{}",
                    pick(&["api", "web", "batch", "edge"], i, 2),
                    i % 97
                ),
                if i % 5 == 0 { "create" } else { "update" },
            )
        };
        let module = if i == planted {
            "data"
        } else {
            pick(&["network", "data", "compute"], i, 3)
        };
        let addr = format!("module.{module}.{kind}.{name}");
        let verb = match action {
            "delete" => "Plan to delete",
            "create" => "Plan to create",
            _ => "Plan to update",
        };
        out.push_str(&format!(
            "{{\"@level\":\"info\",\"@message\":\"{addr}: {verb}\",\"@module\":\"terraform.ui\",\"@timestamp\":\"2026-11-27T10:00:{:02}.{:06}Z\",\"change\":{{\"resource\":{{\"addr\":\"{addr}\",\"module\":\"module.{}\",\"resource\":\"{kind}.{name}\",\"implied_provider\":\"aws\",\"resource_type\":\"{kind}\",\"resource_name\":\"{name}\",\"resource_key\":null}},\"action\":\"{action}\"{}}},\"type\":\"planned_change\"}}\n",
            i / 30 % 60,
            h(i, 4) % 1_000_000,
            addr.split('.').nth(1).unwrap_or(""),
            if action == "delete" { ",\"reason\":\"delete_because_no_resource_config\"" } else { "" },
        ));
    }
    out.push_str("{\"@level\":\"info\",\"@message\":\"Plan: 280 to add, 1119 to change, 1 to destroy.\",\"@module\":\"terraform.ui\",\"@timestamp\":\"2026-11-27T10:00:59.000000Z\",\"changes\":{\"add\":280,\"change\":1119,\"import\":0,\"remove\":1,\"operation\":\"plan\"},\"type\":\"change_summary\"}\n");
    Case::fact(
        "terraform plan -json, one resource destroyed",
        out,
        "What is this plan going to destroy?",
        &["module.data.aws_db_instance.orders_primary"],
    )
    .with_jq(
        ".[] | select(.type == \"planned_change\" and .change.action == \"delete\") | .change.resource.addr",
        vec![jq_string("module.data.aws_db_instance.orders_primary")],
    )
}

/// `journalctl -o json` (one entry a line, 600–800 bytes of trusted
/// fields first): thousands of PRIORITY 6 entries, some 4 (warnings), one
/// 2 (critical) whose unit and message are past the first 400 bytes.
fn journal_critical() -> Case {
    let units = [
        ("nginx.service", "nginx"),
        ("sshd.service", "sshd"),
        ("cron.service", "CRON"),
        ("docker.service", "dockerd"),
    ];
    let planted = 877;
    let mut out = String::new();
    for i in 0..1150 {
        let (unit, ident, prio, msg) = if i == planted {
            (
                "postgresql@16-main.service",
                "postgres",
                2,
                "PANIC:  could not write to file \\\"pg_wal/xlogtemp.1841\\\": No space left on device"
                    .to_string(),
            )
        } else {
            let (u, id) = units[(h(i, 1) % 4) as usize];
            let warn = h(i, 2).is_multiple_of(25);
            (
                u,
                id,
                if warn { 4 } else { 6 },
                if warn {
                    format!("worker {} took longer than expected to respond", i % 9)
                } else {
                    format!("session {} handled in {} ms", i, h(i, 3) % 90)
                },
            )
        };
        let usec = 1_764_230_400_000_000u64 + i as u64 * 2_000_003;
        out.push_str(&format!(
            "{{\"__CURSOR\":\"s=8f1c2d3e4b5a69788796a5b4c3d2e1f0;i={:x};b=4c9b7a65e3d2c1b0a9f8e7d6c5b4a392;m={:x};t={:x};x={:016x}\",\"__REALTIME_TIMESTAMP\":\"{usec}\",\"__MONOTONIC_TIMESTAMP\":\"{}\",\"__SEQNUM\":\"{}\",\"_BOOT_ID\":\"4c9b7a65e3d2c1b0a9f8e7d6c5b4a392\",\"_MACHINE_ID\":\"0b1c2d3e4f5a69788796a5b4c3d2e1f0\",\"_HOSTNAME\":\"db-01\",\"_TRANSPORT\":\"stdout\",\"_UID\":\"{}\",\"_GID\":\"{}\",\"_CAP_EFFECTIVE\":\"0\",\"_SELINUX_CONTEXT\":\"unconfined\\n\",\"_STREAM_ID\":\"{:032x}\",\"PRIORITY\":\"{prio}\",\"SYSLOG_FACILITY\":\"3\",\"SYSLOG_IDENTIFIER\":\"{ident}\",\"_PID\":\"{}\",\"_COMM\":\"{ident}\",\"_EXE\":\"/usr/sbin/{ident}\",\"_SYSTEMD_CGROUP\":\"/system.slice/{unit}\",\"_SYSTEMD_UNIT\":\"{unit}\",\"_SYSTEMD_SLICE\":\"system.slice\",\"_SYSTEMD_INVOCATION_ID\":\"{:032x}\",\"MESSAGE\":\"{msg}\"}}\n",
            0x1a2b3c + i, usec, usec, h(i, 15), usec - 1_764_230_000_000_000, 9_000_000 + i,
            if ident == "postgres" { 112 } else { 0 }, if ident == "postgres" { 120 } else { 0 },
            h(i, 4) as u128 * 7919, 1000 + h(i, 5) % 30000, h(i, 6) as u128 * 104_729,
        ));
    }
    Case::fact(
        "journalctl -o json, one critical entry",
        out,
        "Did anything critical happen? Which service and what was it?",
        &["postgresql@16-main.service", "No space left on device"],
    )
    .with_jq(
        ".[] | select(.PRIORITY == \"2\") | ._SYSTEMD_UNIT",
        vec![jq_string("postgresql@16-main.service")],
    )
}

/// `go test -json ./...` (test2json events, one a line): 20 packages of
/// passing tests with their output lines, one test failing with its
/// message in an `output` event eight lines before its `fail` event.
fn go_test_failure() -> Case {
    let pkgs = [
        "api", "cart", "catalog", "checkout", "auth", "search", "mail", "payments", "store",
        "config",
    ];
    let mut out = String::new();
    let mut failing = String::new();
    let mut t = 0;
    let mut ts = |out: &mut String, s: String| {
        t += 1;
        let stamp = format!(
            "2026-11-27T11:{:02}:{:02}.{:06}+01:00",
            t / 6000 % 60,
            t / 100 % 60,
            (t * 7919) % 1_000_000
        );
        out.push_str(&s.replace("{T}", &stamp));
        out.push('\n');
    };
    for p in 0..20 {
        let pkg = format!(
            "github.com/acme/shop/internal/{}{}",
            pkgs[p % 10],
            if p >= 10 {
                format!("/v{}", p / 10 + 1)
            } else {
                String::new()
            }
        );
        for k in 0..55 {
            let test = format!(
                "Test{}{}",
                pick(
                    &["Handle", "Parse", "Validate", "Render", "Apply"],
                    p * 100 + k,
                    1
                ),
                pick(
                    &["Order", "Cart", "Token", "Price", "Address", "Query"],
                    p * 100 + k,
                    2
                )
            ) + &format!("_{k}");
            let fail = p == 17 && k == 31;
            ts(
                &mut out,
                format!(
                    "{{\"Time\":\"{{T}}\",\"Action\":\"run\",\"Package\":\"{pkg}\",\"Test\":\"{test}\"}}"
                ),
            );
            ts(
                &mut out,
                format!(
                    "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Output\":\"=== RUN   {test}\\n\"}}"
                ),
            );
            if fail {
                failing = test.clone();
                for line in [
                    format!(
                        "    {}_test.go:88: request: POST /v1/orders/ORD-55120/refund",
                        pkgs[p % 10]
                    ),
                    format!(
                        "    {}_test.go:91: expected status 200, got 409 (refund already pending)",
                        pkgs[p % 10]
                    ),
                ] {
                    ts(
                        &mut out,
                        format!(
                            "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Output\":\"{line}\\n\"}}"
                        ),
                    );
                }
                ts(
                    &mut out,
                    format!(
                        "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Output\":\"--- FAIL: {test} (0.04s)\\n\"}}"
                    ),
                );
                ts(
                    &mut out,
                    format!(
                        "{{\"Time\":\"{{T}}\",\"Action\":\"fail\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Elapsed\":0.04}}"
                    ),
                );
            } else {
                ts(
                    &mut out,
                    format!(
                        "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Output\":\"    fixtures.go:{}: loaded {} rows\\n\"}}",
                        20 + k % 9,
                        h(p * 100 + k, 3) % 400
                    ),
                );
                ts(
                    &mut out,
                    format!(
                        "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Output\":\"--- PASS: {test} (0.0{}s)\\n\"}}",
                        k % 10
                    ),
                );
                ts(
                    &mut out,
                    format!(
                        "{{\"Time\":\"{{T}}\",\"Action\":\"pass\",\"Package\":\"{pkg}\",\"Test\":\"{test}\",\"Elapsed\":0.0{}}}",
                        k % 10
                    ),
                );
            }
        }
        let failed = p == 17;
        ts(
            &mut out,
            format!(
                "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Output\":\"{}\\n\"}}",
                if failed { "FAIL" } else { "PASS" }
            ),
        );
        ts(
            &mut out,
            format!(
                "{{\"Time\":\"{{T}}\",\"Action\":\"output\",\"Package\":\"{pkg}\",\"Output\":\"{}\\t{pkg}\\t0.{}s\\n\"}}",
                if failed { "FAIL" } else { "ok  " },
                100 + p * 7
            ),
        );
        ts(
            &mut out,
            format!(
                "{{\"Time\":\"{{T}}\",\"Action\":\"{}\",\"Package\":\"{pkg}\",\"Elapsed\":0.{}}}",
                if failed { "fail" } else { "pass" },
                100 + p * 7
            ),
        );
    }
    Case::fact(
        "go test -json, one failing test",
        out,
        "Which test failed and what went wrong?",
        &[failing.as_str(), "expected status 200, got 409"],
    )
    .with_jq(
        ".[] | select(.Action == \"fail\" and .Test != null) | .Test",
        vec![jq_string(&failing)],
    )
}

/// `npm audit --json` (v7+) of a monorepo: packages as members of
/// `vulnerabilities` (an object keyed by name, no array), 326 of them
/// `moderate` or `low`,
/// four `high`, each with its advisories in `via`.
fn npm_audit_high() -> Case {
    let high = [31, 118, 204, 287];
    let mut vulns = serde_json::Map::new();
    let mut items = Vec::new();
    for i in 0..4000 {
        let name = format!(
            "{}{}",
            pick(
                &[
                    "lodash", "semver", "minimist", "qs", "ws", "tar", "glob", "debug", "ms",
                    "ajv", "yargs", "chalk"
                ],
                i,
                1
            ),
            if i >= 12 {
                format!(
                    "-{}",
                    pick(
                        &["parser", "utils", "core", "plugin", "cli", "compat"],
                        i,
                        2
                    )
                ) + &format!("{}", i / 72)
            } else {
                String::new()
            }
        );
        if vulns.contains_key(&name) {
            continue;
        }
        let severity = if high.contains(&vulns.len()) {
            items.push(name.clone());
            "high"
        } else if h(i, 3).is_multiple_of(3) {
            "low"
        } else {
            "moderate"
        };
        let advisories: Vec<Value> = (0..1 + h(i, 4) % 3)
            .map(|k| json!({
                "source": 1_090_000 + h(i, 5 + k) % 9999,
                "name": name,
                "dependency": name,
                "title": pick(&["Prototype Pollution", "Regular Expression Denial of Service", "Uncontrolled resource consumption", "Improper input validation"], i + k as usize, 6),
                "url": format!("https://github.com/advisories/GHSA-{:04x}-{:04x}-{:04x}", h(i, 7 + k) % 0xffff, h(i, 8 + k) % 0xffff, h(i, 9 + k) % 0xffff),
                "severity": severity,
                "cwe": [format!("CWE-{}", 400 + h(i, 10) % 900)],
                "cvss": {"score": if severity == "high" { 7.5 } else { 5.3 }, "vectorString": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L"},
                "range": format!("<{}.{}.{}", 1 + h(i, 11) % 9, h(i, 12) % 20, h(i, 13) % 10)
            }))
            .collect();
        vulns.insert(
            name.clone(),
            json!({
                "name": name,
                "severity": severity,
                "isDirect": h(i, 14).is_multiple_of(4),
                "via": advisories,
                "effects": [],
                "range": format!("<{}.{}.{}", 1 + h(i, 11) % 9, h(i, 12) % 20, h(i, 13) % 10),
                "nodes": [format!("node_modules/{name}")],
                "fixAvailable": true
            }),
        );
        if vulns.len() == 330 {
            break;
        }
    }
    let count = |sev: &str| vulns.values().filter(|v| v["severity"] == sev).count();
    let (low, moderate) = (count("low"), count("moderate"));
    let out = json!({
        "auditReportVersion": 2,
        "vulnerabilities": vulns,
        "metadata": {"vulnerabilities": {"info": 0, "low": low, "moderate": moderate, "high": 4, "critical": 0, "total": low + moderate + 4}, "dependencies": {"prod": 812, "dev": 1403, "optional": 61, "peer": 12, "peerOptional": 0, "total": 2231}}
    });
    let expected = items.iter().map(|n| jq_string(n)).collect();
    let text = pretty(&out, b"  ") + "\n";
    Case::items(
        "npm audit --json, four high-severity packages",
        text,
        "Which packages have high severity vulnerabilities?",
        items,
    )
    .with_jq(
        ".vulnerabilities | to_entries[] | select(.value.severity == \"high\") | .key",
        expected,
    )
}

/// `kubectl get nodes -o json`: 90 nodes, each with five conditions of
/// which four are `"False"` when healthy (no memory pressure …); five
/// nodes whose `Ready` condition is `"False"` or `"Unknown"`.
fn nodes_not_ready() -> Case {
    let bad = [
        (12, "False"),
        (30, "Unknown"),
        (47, "False"),
        (66, "Unknown"),
        (81, "False"),
    ];
    let mut items = Vec::new();
    let mut nodes = Vec::new();
    for i in 0..90 {
        let name = format!(
            "ip-10-{}-{}-{}.eu-west-1.compute.internal",
            20 + i % 3,
            h(i, 1) % 256,
            2 + h(i, 2) % 250
        );
        let ready = bad
            .iter()
            .find(|(at, _)| *at == i)
            .map_or("True", |(_, s)| *s);
        if ready != "True" {
            items.push(name.clone());
        }
        let cond = |t: &str, status: &str, reason: &str, msg: &str| {
            json!({
                "lastHeartbeatTime": "2026-11-27T12:01:44Z",
                "lastTransitionTime": "2026-11-20T08:12:03Z",
                "message": msg,
                "reason": reason,
                "status": status,
                "type": t
            })
        };
        let (rr, rm) = match ready {
            "True" => ("KubeletReady", "kubelet is posting ready status"),
            "False" => (
                "KubeletNotReady",
                "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady",
            ),
            _ => ("NodeStatusUnknown", "Kubelet stopped posting node status."),
        };
        nodes.push(json!({
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "annotations": {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"},
                "creationTimestamp": "2026-11-01T10:00:00Z",
                "labels": {
                    "beta.kubernetes.io/arch": "amd64",
                    "kubernetes.io/hostname": name,
                    "node.kubernetes.io/instance-type": pick(&["m6i.xlarge", "c6i.2xlarge", "r6i.large"], i, 3),
                    "topology.kubernetes.io/zone": pick(&["eu-west-1a", "eu-west-1b", "eu-west-1c"], i, 4)
                },
                "name": name,
                "resourceVersion": (90_000_000 + h(i, 5) % 1_000_000).to_string(),
                "uid": format!("{:08x}-0a1b-4c2d-8e3f-{:012x}", h(i, 6) as u32, h(i, 7) % (1 << 48))
            },
            "spec": {"providerID": format!("aws:///eu-west-1a/i-0{:016x}", h(i, 8) % (1 << 60))},
            "status": {
                "addresses": [{"address": name.clone(), "type": "Hostname"}],
                "allocatable": {"cpu": "3920m", "memory": "15147672Ki", "pods": "58"},
                "capacity": {"cpu": "4", "memory": "16130712Ki", "pods": "58"},
                "conditions": [
                    cond("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                    cond("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                    cond("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                    cond("Ready", ready, rr, rm)
                ],
                "images": (0..12).map(|k| json!({"names": [format!("registry.acme.io/{}@sha256:{:064x}", pick(&["checkout", "cart", "search", "catalog", "mailer"], i + k, 9), h(i + k, 10) as u128 * 7_919_000_011), format!("registry.acme.io/{}:1.{}", pick(&["checkout", "cart", "search", "catalog", "mailer"], i + k, 9), k)], "sizeBytes": 40_000_000 + h(i + k, 11) % 400_000_000})).collect::<Vec<_>>(),
                "nodeInfo": {"architecture": "amd64", "containerRuntimeVersion": "containerd://1.7.22", "kernelVersion": "6.1.112-124.190.amzn2023.x86_64", "kubeletVersion": "v1.31.2-eks-94953ac", "osImage": "Amazon Linux 2023.6.20241111"}
            }
        }));
    }
    let expected = items.iter().map(|n| jq_string(n)).collect();
    Case::items(
        "kubectl get nodes -o json, five nodes not ready",
        pretty(&json!({"apiVersion": "v1", "items": nodes, "kind": "List", "metadata": {"resourceVersion": ""}}), b"    ") + "\n",
        "Which nodes are not ready?",
        items,
    )
    .with_jq(
        ".items[] | select(any(.status.conditions[]; .type == \"Ready\" and .status != \"True\")) | .metadata.name",
        expected,
    )
}

/// `kubectl get pvc -A` (a table): 4,000 claims `Bound`, five `Pending`
/// (no volume, no capacity); the question asks for them by a negation.
fn pvc_pending() -> Case {
    let pending = [410, 1333, 2048, 2990, 3561];
    let mut out = String::from(
        "NAMESPACE      NAME                                   STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE\n",
    );
    let mut items = Vec::new();
    for i in 0..4000 {
        let ns = pick(&["shop", "platform", "data", "monitoring", "ci"], i, 1);
        let name = format!(
            "{}-{}-{}",
            pick(&["data", "cache", "logs", "wal", "uploads"], i, 2),
            pick(&["postgres", "redis", "kafka", "minio", "es"], i, 3),
            i
        );
        if pending.contains(&i) {
            items.push(name.clone());
            out.push_str(&format!("{ns:<14} {name:<38} Pending                                                                             gp3            <unset>                 {}m\n", 3 + i % 50));
        } else {
            out.push_str(&format!("{ns:<14} {name:<38} Bound     pvc-{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}   {:<10} RWO            gp3            <unset>                 {}d\n", h(i, 4) as u32, h(i, 5) % 0xffff, h(i, 6) % 0xfff, h(i, 7) % 0xfff, h(i, 8) % (1 << 48), pick(&["10Gi", "20Gi", "50Gi", "100Gi"], i, 9), 1 + h(i, 10) % 300));
        }
    }
    Case::items(
        "kubectl get pvc -A, five claims pending",
        out,
        "Which persistent volume claims aren't bound yet?",
        items,
    )
}

/// A PostgreSQL log with `log_min_duration_statement = 250`: thousands of
/// `duration: … ms  statement: …` lines of 250–1,900 ms, checkpoints and
/// connection lines between them; four statements over 2 s (2,004–9,870
/// ms), and `ERROR` lines (decoys more error-like).
fn postgres_slow_statements() -> Case {
    let slow = [
        (700, 2004.118, "tbl_invoice_lines"),
        (1900, 9870.502, "tbl_order_audit"),
        (3100, 3310.27, "tbl_stock_moves"),
        (4400, 2731.9, "tbl_price_history"),
    ];
    let mut out = String::new();
    let mut items = Vec::new();
    for i in 0..5200 {
        let t = format!(
            "2026-11-27 13:{:02}:{:02}.{:03} UTC",
            i / 90 % 60,
            i / 2 % 60,
            h(i, 1) % 1000
        );
        let pid = 40000 + h(i / 7, 2) % 9000;
        let planted = slow.iter().find(|(at, _, _)| *at == i);
        if let Some((_, ms, table)) = planted {
            items.push(table.to_string());
            out.push_str(&format!("{t} [{pid}] app@shop LOG:  duration: {ms:.3} ms  statement: SELECT count(*) FROM {table} WHERE created_at >= now() - interval '90 days'\n"));
        } else if i % 173 == 40 {
            out.push_str(&format!("{t} [{pid}] app@shop ERROR:  duplicate key value violates unique constraint \"carts_session_id_key\"\n{t} [{pid}] app@shop DETAIL:  Key (session_id)=({:x}) already exists.\n", h(i, 3)));
        } else if i % 251 == 100 {
            out.push_str(&format!("{t} [31] LOG:  checkpoint complete: wrote {} buffers ({:.1}%); 0 WAL file(s) added, 0 removed, 3 recycled; write=26.9 s, sync=0.004 s, total=27.011 s\n", h(i, 4) % 9000, (h(i, 4) % 90) as f64 / 10.0));
        } else {
            let ms = 250.0 + (h(i, 5) % 1650) as f64 + (h(i, 6) % 1000) as f64 / 1000.0;
            out.push_str(&format!("{t} [{pid}] app@shop LOG:  duration: {ms:.3} ms  statement: SELECT * FROM {} WHERE id = ${} LIMIT {}\n", pick(&["carts", "orders", "products", "sessions", "customers"], i, 7), 1 + i % 3, 10 + i % 40));
        }
    }
    Case::items(
        "PostgreSQL log, four statements over 2 s",
        out,
        "Which queries took more than two seconds?",
        items,
    )
}

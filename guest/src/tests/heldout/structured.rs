//! Held-out structured outputs: kubectl JSON, JSON access logs, JSON Lines,
//! CSV, TSV and YAML, each with one record that matters.

use super::super::corpus::flood;
use super::{Needle, h, hms};
use serde_json::{Value, json};

pub(super) fn needles() -> Vec<Needle> {
    vec![
        kubectl_crashloop(),
        nginx_json_504(),
        json_lines_fatal(),
        csv_negative_amount(),
        tsv_empty_email(),
        yaml_odd_key(),
    ]
}

/// `kubectl get pods -o json` (4-space indent, as kubectl prints it) where
/// one pod is in `CrashLoopBackOff`.
fn kubectl_crashloop() -> Needle {
    let pod = |i: usize| -> Value {
        let name = format!("api-7d9f8b6c5d-{:05x}", h(i, 70) % 0xF_FFFF);
        let started = format!("2026-11-2{}T{}Z", 1 + i % 2, &hms(i, 3000)[..8]);
        let (ready, restarts, state) = if i == 217 {
            (
                false,
                41,
                json!({"waiting": {
                    "message": format!("back-off 5m0s restarting failed container=api pod={name}_prod"),
                    "reason": "CrashLoopBackOff"}}),
            )
        } else {
            (true, 0, json!({"running": {"startedAt": started}}))
        };
        json!({
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {
                "creationTimestamp": started,
                "generateName": "api-7d9f8b6c5d-",
                "labels": {"app": "api", "pod-template-hash": "7d9f8b6c5d"},
                "name": name,
                "namespace": "prod",
                "resourceVersion": (h(i, 71) % 90_000_000).to_string(),
                "uid": format!("{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}", h(i, 72) as u32, h(i, 73) as u16, h(i, 74) % 0xFFF, h(i, 75) % 0xFFF, h(i, 76) % 0xFFFF_FFFF_FFFF)
            },
            "spec": {
                "containers": [{
                    "image": "registry.acme.io/api:1.42.7",
                    "imagePullPolicy": "IfNotPresent",
                    "name": "api",
                    "ports": [{"containerPort": 8080, "protocol": "TCP"}],
                    "resources": {"limits": {"memory": "512Mi"}, "requests": {"cpu": "250m", "memory": "256Mi"}}
                }],
                "nodeName": format!("node-{:02}", h(i, 77) % 40),
                "restartPolicy": "Always"
            },
            "status": {
                "containerStatuses": [{
                    "containerID": format!("containerd://{:016x}{:016x}", h(i, 78), h(i, 79)),
                    "image": "registry.acme.io/api:1.42.7",
                    "name": "api",
                    "ready": ready,
                    "restartCount": restarts,
                    "started": ready,
                    "state": state
                }],
                "hostIP": format!("10.0.{}.{}", h(i, 80) % 8, h(i, 81) % 250),
                "phase": "Running",
                "podIP": format!("10.42.{}.{}", h(i, 82) % 64, h(i, 83) % 250),
                "qosClass": "Burstable",
                "startTime": started
            }
        })
    };
    let list = json!({
        "apiVersion": "v1",
        "items": (0..400).map(pod).collect::<Vec<_>>(),
        "kind": "List",
        "metadata": {"resourceVersion": ""}
    });
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    serde::Serialize::serialize(&list, &mut ser).unwrap();
    Needle {
        name: "kubectl pods JSON, one CrashLoopBackOff",
        output: String::from_utf8(out).unwrap() + "\n",
        must_show: vec!["CrashLoopBackOff"],
    }
}

/// nginx `log_format ... escape=json`: one JSON object a line, one 504.
fn nginx_json_504() -> Needle {
    let line = |i: usize, status: &str, rt: String| {
        format!(
            "{{\"time_local\":\"23/Nov/2026:{} +0000\",\"remote_addr\":\"10.0.{}.{}\",\"request\":\"{} /api/v1/{}/{} HTTP/1.1\",\"status\":\"{status}\",\"body_bytes_sent\":\"{}\",\"request_time\":\"{rt}\",\"upstream_response_time\":\"{rt}\",\"http_user_agent\":\"okhttp/4.12.0\"}}",
            &hms(i, 80)[..8],
            h(i, 84) % 8,
            h(i, 85) % 250,
            ["GET", "GET", "GET", "POST"][i % 4],
            ["items", "carts", "users"][h(i, 86) as usize % 3],
            h(i, 87) % 90_000,
            h(i, 88) % 9000
        )
    };
    let output = flood(
        |i| {
            let status = ["200", "200", "200", "201", "304", "404"][h(i, 89) as usize % 6];
            line(i, status, format!("0.{:03}", h(i, 90) % 300))
        },
        &line(5_000, "504", "60.001".into()),
        0.5,
    );
    Needle {
        name: "nginx JSON access log, one 504",
        output,
        must_show: vec!["\"status\":\"504\""],
    }
}

/// A zap-style JSON Lines service log where one line is `"level":"fatal"`;
/// a few `warn` lines carry a transient `"error"` among the `info` ones.
fn json_lines_fatal() -> Needle {
    let output = flood(
        |i| {
            let ts = format!("2026-11-23T{}Z", hms(i, 30));
            if i % 1500 == 700 {
                return format!(
                    "{{\"level\":\"warn\",\"ts\":\"{ts}\",\"caller\":\"upstream/client.go:131\",\"msg\":\"retrying upstream\",\"attempt\":1,\"error\":\"dial tcp 10.0.3.17:8080: i/o timeout\"}}"
                );
            }
            format!(
                "{{\"level\":\"info\",\"ts\":\"{ts}\",\"caller\":\"server/handler.go:{}\",\"msg\":\"request served\",\"req_id\":\"{:016x}\",\"method\":\"GET\",\"path\":\"/v1/items/{}\",\"status\":200,\"dur_ms\":{}}}",
                80 + h(i, 91) % 20,
                h(i, 92),
                h(i, 93) % 90_000,
                h(i, 94) % 400
            )
        },
        "{\"level\":\"fatal\",\"ts\":\"2026-11-23T10:41:07.882Z\",\"caller\":\"wal/open.go:41\",\"msg\":\"cannot open WAL: permission denied\",\"path\":\"/var/lib/shipd/wal/000042.log\"}",
        0.5,
    );
    Needle {
        name: "JSON Lines, one fatal",
        output,
        must_show: vec!["cannot open WAL: permission denied"],
    }
}

/// An orders export where one row has a negative amount.
fn csv_negative_amount() -> Needle {
    let row = |i: usize, amount: String| {
        format!(
            "ORD-2026-{:07},CUS-{:05},2026-11-{:02}T{}Z,EUR,{amount},{},{}",
            i,
            h(i, 95) % 100_000,
            1 + i % 23,
            &hms(i, 700)[..8],
            ["paid", "paid", "paid", "shipped", "refunded"][h(i, 96) as usize % 5],
            ["DE", "FR", "NL", "IT", "ES"][h(i, 97) as usize % 5]
        )
    };
    let output = "order_id,customer_id,created_at,currency,amount,status,country\n".to_string()
        + &flood(
            |i| row(i, format!("{}.{:02}", 5 + h(i, 98) % 900, h(i, 99) % 100)),
            &row(48_213_000, "-129.90".into()),
            0.5,
        );
    Needle {
        name: "CSV, one negative amount",
        output,
        must_show: vec!["ORD-2026-48213000"],
    }
}

/// A users export (TSV) where one row lacks its email.
fn tsv_empty_email() -> Needle {
    let row = |i: usize, email: String| {
        format!(
            "u_{:07}\t{email}\t{}\t2026-{:02}-{:02}\t{}",
            i,
            ["free", "pro", "team"][h(i, 100) as usize % 3],
            1 + i % 11,
            1 + i % 28,
            ["DE", "FR", "US", "JP", "BR"][h(i, 101) as usize % 5]
        )
    };
    let output = "user_id\temail\tplan\tsignup_date\tcountry\n".to_string()
        + &flood(
            |i| {
                row(
                    i,
                    format!(
                        "{}.{}{}@example.com",
                        ["anna", "li", "omar", "sven"][i % 4],
                        ["k", "m", "t"][i % 3],
                        h(i, 102) % 1000
                    ),
                )
            },
            &row(4_821_300, String::new()),
            0.5,
        );
    Needle {
        name: "TSV, one empty email",
        output,
        must_show: vec!["u_4821300"],
    }
}

/// A YAML list of accounts where one has a `superuser` key.
fn yaml_odd_key() -> Needle {
    let output = "accounts:\n".to_string()
        + &flood(
            |i| {
                format!(
                    "  - id: {}\n    name: svc-{:05}\n    email: svc{:05}@acme.io\n    role: {}\n    created: 2026-{:02}-{:02}T{}Z\n    quota_mb: {}",
                    10_000 + i,
                    h(i, 103) % 100_000,
                    h(i, 103) % 100_000,
                    ["viewer", "editor", "viewer", "admin"][h(i, 104) as usize % 4],
                    1 + i % 11,
                    1 + i % 28,
                    &hms(i, 900)[..8],
                    256 << (h(i, 105) % 4)
                )
            },
            "  - id: 4242\n    name: svc-legacy\n    email: legacy@acme.io\n    role: viewer\n    superuser: true\n    created: 2019-03-02T08:00:00Z\n    quota_mb: 0",
            0.5,
        );
    Needle {
        name: "YAML accounts, one odd key",
        output,
        must_show: vec!["superuser: true"],
    }
}

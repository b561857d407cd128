//! Held-out outputs with no needle: a clean frontend build, documentation
//! prose, a Python module, an all-`info` JSON Lines log with empty `error`
//! fields and a metrics CSV with an `errors` column of zeros. Their handle
//! messages must show head and tail only.

use super::super::corpus::flood;
use super::{h, hms};

pub(super) fn outputs() -> Vec<(&'static str, String)> {
    vec![
        ("clean npm ci + webpack build", webpack()),
        ("markdown documentation", markdown()),
        ("python module source", python()),
        ("JSON Lines, all info, error: null", json_lines()),
        ("metrics CSV, errors column", metrics_csv()),
    ]
}

fn webpack() -> String {
    "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.\n\nadded 1423 packages, and audited 1424 packages in 32s\n\n211 packages are looking for funding\n  run `npm fund` for details\n\nfound 0 vulnerabilities\n\n> shop-web@3.4.1 build\n> webpack --mode production\n\n".to_string()
        + &flood(
            |i| match i % 3 {
                0 => format!(
                    "asset js/chunk-{:04}.{:08x}.js {}.{} KiB [emitted] [minimized] (name: chunk-{:04})",
                    i / 3,
                    h(i, 1) as u32,
                    1 + h(i, 2) % 90,
                    h(i, 3) % 10,
                    i / 3
                ),
                1 => format!(
                    "./src/components/{}{:04}.vue {}.{:02} KiB [built] [code generated]",
                    ["Widget", "Panel", "Table", "Form"][i % 4],
                    i / 3,
                    h(i, 4) % 20,
                    h(i, 5) % 100
                ),
                _ => format!(
                    "  modules by path ./src/views/{}/ {} KiB {} modules",
                    ["cart", "checkout", "account", "search"][i % 4],
                    h(i, 6) % 400,
                    1 + h(i, 7) % 40
                ),
            },
            "",
            0.0,
        )
        + "webpack 5.89.0 compiled successfully in 41233 ms\n"
}

fn markdown() -> String {
    let sentences = [
        "The scheduler assigns each job to the least loaded worker in its pool.",
        "Workers report their load every five seconds over the control channel.",
        "If a worker misses three reports, its jobs are moved to other workers.",
        "The function returns an error when the key is missing from the table.",
        "Configuration is read once at start-up; send SIGHUP to reload it.",
        "Retries use exponential backoff with jitter, capped at thirty seconds.",
        "See the section on error handling for how failures reach the caller.",
        "Each shard keeps its own write-ahead log and snapshot directory.",
    ];
    flood(
        |i| {
            if i % 12 == 0 {
                format!(
                    "\n## {} {}\n",
                    ["Scheduling", "Storage", "Operations", "Recovery"][i / 12 % 4],
                    i / 12
                )
            } else {
                let a = sentences[h(i, 8) as usize % sentences.len()];
                let b = sentences[h(i, 9) as usize % sentences.len()];
                format!(
                    "{a} {b} Shard {} holds about {} keys.",
                    i % 64,
                    h(i, 10) % 10_000
                )
            }
        },
        "",
        0.0,
    )
}

fn python() -> String {
    "\"\"\"Shard placement and rebalancing.\"\"\"\n\nimport logging\n\nlog = logging.getLogger(__name__)\n\n".to_string()
        + &flood(
            |i| {
                format!(
                    "def place_{i}(ring, key, replicas={}):\n    \"\"\"Place `key` on {} replicas of `ring`.\"\"\"\n    if replicas < 1:\n        raise ValueError(f\"replicas must be positive, got {{replicas}}\")\n    try:\n        node = ring.lookup(key)\n    except KeyError:\n        log.error(\"no node for key %s\", key)\n        return None\n    return node.take(replicas)\n",
                    1 + i % 5,
                    1 + i % 5
                )
            },
            "",
            0.0,
        )
}

fn json_lines() -> String {
    flood(
        |i| {
            format!(
                "{{\"level\":\"info\",\"ts\":\"2026-11-23T{}Z\",\"msg\":\"job finished\",\"job_id\":\"{:016x}\",\"attempt\":1,\"error\":null,\"errors\":[],\"dur_ms\":{}}}",
                hms(i, 40),
                h(i, 11),
                h(i, 12) % 5000
            )
        },
        "",
        0.0,
    )
}

fn metrics_csv() -> String {
    "ts,host,requests,errors,p50_ms,p99_ms\n".to_string()
        + &flood(
            |i| {
                format!(
                    "2026-11-23T{}Z,web-{:02},{},0,{},{}",
                    &hms(i, 10_000)[..8],
                    i % 12,
                    1000 + h(i, 13) % 9000,
                    5 + h(i, 14) % 20,
                    80 + h(i, 15) % 200
                )
            },
            "",
            0.0,
        )
}

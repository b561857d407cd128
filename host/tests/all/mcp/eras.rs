//! Both MCP eras, end to end, with the official Python SDK client pinned to
//! each revision (2025-06-18 and 2025-11-25 with `initialize`, 2026-07-28
//! stateless, and `auto`, the SDK's default, which probes `server/discover`
//! first): `mcp serve`, and the proxy in front of a server that speaks both
//! eras, one that speaks only the stateless one, and one that speaks only
//! the handshake one. In every pairing the client's own validation passes
//! (2026-07-28 results must say `resultType`, cacheable ones `ttlMs` and
//! `cacheScope`) and the model gets what it needs: a large result stored, its
//! handle answered by `tool_output`, the paging tools, the search across
//! outputs and resources.

use super::*;

/// The revisions the client is pinned to, and what it ends up speaking
/// with a server of both eras.
const ERAS: &[(&str, &str)] = &[
    ("2025-06-18", "2025-06-18"),
    ("2025-11-25", "2025-11-25"),
    ("2026-07-28", "2026-07-28"),
    ("auto", "2026-07-28"),
];

fn era_server(modern_only: bool) -> (Vec<String>, Vec<(&'static str, &'static str)>) {
    let python = workspace().join("target/mcp-venv/bin/python");
    let server = vec![
        python.display().to_string(),
        mcp_dir().join("era_server.py").display().to_string(),
    ];
    let env = if modern_only {
        vec![("MODERN_ONLY", "1")]
    } else {
        vec![]
    };
    (server, env)
}

/// The server's command under `env` (the client passes its environment on).
fn with_env(
    envs: &[(&'static str, &'static str)],
    era: &'static str,
) -> Vec<(&'static str, &'static str)> {
    let mut all = envs.to_vec();
    all.push(("MCP_ERA", era));
    all
}

/// The steps every pairing runs, and what each must show.
fn steps(big_tool: &str, big_args: Value) -> Value {
    json!([
        {"op": "list_tools"},
        {"op": "call", "name": big_tool, "args": big_args},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "which needle failed?", "mode": "lexical"}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": "$handle", "pattern": "ERROR"}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": "$handle", "lines": 1}},
        {"op": "list_resources"},
        {"op": "read_resource", "uri": "tool-output://$handle"},
        {"op": "call", "name": "tool_output_search", "args": {"question": "which needle failed?"}},
    ])
}

/// Every step answered, none refused by the client's validation, the
/// needle found through our tools. `handle`: the output read, else the one
/// step 1 stored.
fn assert_served(report: &Value, speaks: &str, handle: Option<&str>, what: &str) {
    assert_eq!(
        report["initialize"]["protocolVersion"], speaks,
        "{what}: {}",
        report["initialize"]
    );
    let results = report["results"].as_array().unwrap();
    for (i, result) in results.iter().enumerate() {
        assert!(result.get("error").is_none(), "{what}: step {i}: {result}");
    }
    let tools = results[0]["tools"].as_array().unwrap();
    // Our tools say how large their answers get (Claude Code reads it).
    let ours = tools.iter().find(|t| t["name"] == "tool_output");
    assert!(ours.is_some(), "{what}: {tools:?}");
    assert_eq!(
        ours.unwrap()["_meta"]["anthropic/maxResultSizeChars"],
        12288,
        "{what}"
    );
    let first = text(&results[1], 0);
    let handle = match handle {
        Some(handle) => handle.to_string(),
        None => {
            assert!(
                first.contains("Tool output is too large ("),
                "{what}: {first}"
            );
            handle_in(first)
        }
    };
    let answer = text(&results[2], 0);
    assert!(
        answer.starts_with("ABSTRACT FROM TOOL OUTPUT ") && answer.contains("needle-era"),
        "{what}: {answer}"
    );
    assert!(text(&results[3], 0).contains("ERROR needle-era"), "{what}");
    assert!(!text(&results[4], 0).is_empty(), "{what}");
    let listed = results[5]["resources"].as_array().unwrap();
    let uri = format!("tool-output://{handle}");
    assert!(listed.iter().any(|r| r["uri"] == uri), "{what}: {listed:?}");
    let page = results[6]["contents"][0]["text"].as_str().unwrap();
    assert!(
        page.starts_with("1: 2026-11-23T10:00:00 INFO"),
        "{what}: {page}"
    );
    // Across the session: the output that holds the needle, by handle.
    let found = text(&results[7], 0);
    assert!(
        found.starts_with("SEARCH OF THE STORED OUTPUTS FOR \"which needle failed?\":")
            && found.contains(&format!("\n1. {handle} · "))
            && found.contains("ERROR needle-era"),
        "{what}: {found}"
    );
}

#[test]
fn mcp_serve_answers_clients_of_every_era() {
    let Some(python) = python() else { return };
    let root = root();
    // A proxy stores the output in a named session; serve answers from it.
    let (server, env) = era_server(false);
    for (era, speaks) in ERAS {
        let session = format!("eras-{}", era.replace('-', ""));
        let stored = client(
            &python,
            json!([{"op": "call", "name": "big", "args": {"mb": 1, "needle": "needle-era"}}]),
            &proxy(&root, &["--session", &session], &server),
            &with_env(&env, era),
        );
        let handle = handle_in(text(&stored["results"][0], 0));
        let served = serve(&root, &session);
        let steps = json!([
            {"op": "list_tools"},
            {"op": "call", "name": "tool_output_read", "args": {"handle": handle, "from_line": 1, "to_line": 1}},
            {"op": "call", "name": "tool_output", "args": {"handle": handle, "extract": "which needle failed?", "mode": "lexical"}},
            {"op": "call", "name": "tool_output_grep", "args": {"handle": handle, "pattern": "ERROR"}},
            {"op": "call", "name": "tool_output_tail", "args": {"handle": handle, "lines": 1}},
            {"op": "list_resources"},
            {"op": "read_resource", "uri": format!("tool-output://{handle}")},
            {"op": "call", "name": "tool_output_search", "args": {"question": "which needle failed?"}},
        ]);
        let report = client(&python, steps, &served, &[("MCP_ERA", era)]);
        let what = format!("serve, client {era}");
        assert_served(&report, speaks, Some(&handle), &what);
        assert!(text(&report["results"][1], 0).starts_with("1: "), "{what}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_proxy_serves_clients_of_every_era_before_a_server_of_both() {
    let Some(python) = python() else { return };
    let root = root();
    let (server, env) = era_server(false);
    for (era, speaks) in ERAS {
        let report = client(
            &python,
            steps("big", json!({"mb": 1, "needle": "needle-era"})),
            &proxy(&root, &[], &server),
            &with_env(&env, era),
        );
        assert_served(&report, speaks, None, &format!("proxy, client {era}"));
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_proxy_serves_stateless_clients_before_a_server_of_that_era_only() {
    let Some(python) = python() else { return };
    let root = root();
    let (server, env) = era_server(true);
    for era in ["2026-07-28", "auto"] {
        let report = client(
            &python,
            steps("big", json!({"mb": 1, "needle": "needle-era"})),
            &proxy(&root, &[], &server),
            &with_env(&env, era),
        );
        assert_served(
            &report,
            "2026-07-28",
            None,
            &format!("modern-only, client {era}"),
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_proxy_serves_every_client_before_a_server_of_the_handshake_era_only() {
    let Some(python) = python() else { return };
    let root = root();
    // The scripted server knows no `server/discover`: `auto` falls back.
    for era in ["2025-06-18", "2025-11-25", "auto"] {
        let report = client(
            &python,
            steps("big", json!({"mb": 1, "needle": "needle-era"})),
            &proxy(&root, &[], &fault_server()),
            &[("MCP_ERA", era)],
        );
        let speaks = if era == "auto" { "2025-11-25" } else { era };
        assert_served(
            &report,
            speaks,
            None,
            &format!("handshake-only, client {era}"),
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

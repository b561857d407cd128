//! What the proxy does to results, checked byte for byte with a raw
//! JSON-RPC client: small ones and images unchanged, every oversized part
//! stored, thresholds, a 50 MB result.

use super::*;

#[test]
fn small_results_and_images_pass_through_byte_for_byte() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut direct = Raw::start(&fault_server(), &[]);
    let mut proxied = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    for (id, tool) in [(1, "raw"), (2, "image"), (3, "small")] {
        let call =
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool}})
                .to_string();
        direct.send(&call);
        proxied.send(&call);
        let (d, p) = (direct.answer(id), proxied.answer(id));
        assert_eq!(p, d, "{tool}");
        if tool == "raw" {
            assert!(
                p.contains(r#""priority":0.50}"#)
                    && p.contains(r#""text":"caf\u00e9 \ud83d\ude00 ok""#),
                "{p}"
            );
        }
        if tool == "image" {
            assert!(p.len() > 2_000_000);
        }
    }
    direct.close();
    proxied.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn every_oversized_part_is_stored_and_says_which_part_it_was() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let tools: Value = serde_json::from_str(&raw.answer(1)).unwrap();
    assert!(tools["result"]["tools"][0].get("outputSchema").is_none());

    let result = &raw.call(2, "multi", json!({}))["result"];
    let content = result["content"].as_array().unwrap();
    let kinds: Vec<&str> = content
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "text",
            "text",
            "resource_link",
            "text",
            "resource_link",
            "image",
            "text",
            "resource_link"
        ]
    );
    assert_eq!(
        content[0]["text"], "summary: 1 MB follows",
        "a small part stays"
    );
    let part = |i: usize| content[i]["text"].as_str().unwrap();
    assert!(part(1).starts_with("Part content[1] (text) of this result is stored:\nTool output is too large (1000023 bytes"), "{}", part(1));
    assert!(part(3).starts_with("Part content[2] (resource file:///var/log/app.log) of this result is stored:\nTool output is too large ("), "{}", part(3));
    assert_eq!(
        content[5],
        json!({"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"})
    );
    assert!(part(6).starts_with(
        "Part structuredContent (JSON) of this result is stored:\nTool output is too large ("
    ));
    assert!(result.get("structuredContent").is_none());
    // Each handle holds its part: the JSON one has the rows.
    let json_handle = handle_in(part(6));
    let found = raw.call(
        3,
        "tool_output_grep",
        json!({"handle": json_handle, "pattern": "\"id\": 19999"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("\"id\": 19999"),
        "{found}"
    );
    let text_handle = handle_in(part(1));
    let found = raw.call(
        4,
        "tool_output_grep",
        json!({"handle": text_handle, "pattern": "needle-in-multi"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("ERROR needle-in-multi")
    );

    // This server has no resources: the proxy lists the stored outputs and
    // serves the links, a page at a time.
    raw.send(r#"{"jsonrpc":"2.0","id":40,"method":"resources/list"}"#);
    let listed: Value = serde_json::from_str(&raw.answer(40)).unwrap();
    let uris: Vec<&str> = listed["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris.len(), 3, "{uris:?}");
    assert!(uris.contains(&format!("tool-output://{text_handle}").as_str()));
    let needle_line = found["result"]["content"][0]["text"].as_str().unwrap();
    let needle_line = needle_line.split(':').next().unwrap().to_string();
    let link = content[2]["uri"].as_str().unwrap();
    raw.send(
        &json!({"jsonrpc": "2.0", "id": 41, "method": "resources/read",
        "params": {"uri": format!("{link}?from={needle_line}")}})
        .to_string(),
    );
    let page: Value = serde_json::from_str(&raw.answer(41)).unwrap();
    let page = page["result"]["contents"][0]["text"].as_str().unwrap();
    let expected = format!("{needle_line}: 2026-11-23T10:00:00 ERROR needle-in-multi\n");
    assert!(page.starts_with(&expected), "{page}");
    raw.send(r#"{"jsonrpc":"2.0","id":42,"method":"resources/read","params":{"uri":"tool-output://../../etc/passwd"}}"#);
    let refused: Value = serde_json::from_str(&raw.answer(42)).unwrap();
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid handle"),
        "{refused}"
    );

    // An error log is exactly what must not be cut: stored, still an error.
    let error = &raw.call(5, "error_log", json!({}))["result"];
    assert_eq!(error["isError"], true);
    let message = error["content"][0]["text"].as_str().unwrap();
    assert!(
        message.starts_with("Tool output is too large ("),
        "one part: no label: {message}"
    );
    let answer = raw.call(
        6,
        "tool_output",
        json!({"handle": handle_in(message), "extract": "FATAL linker killed", "mode": "lexical"}),
    );
    assert!(
        answer["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("FATAL: the linker was killed (signal 9)")
    );
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn thresholds_are_set_globally_and_per_tool_from_flags_or_a_file() {
    if python().is_none() {
        return;
    }
    let root = root();
    let limits = root.join("limits.toml");
    std::fs::write(
        &limits,
        "max_inline_bytes = 4\n[tools.error_log]\nmax_inline_bytes = 2000000\n",
    )
    .unwrap();
    let flags = [
        "--limits",
        limits.to_str().unwrap(),
        "--tool-limit",
        "image=100",
    ];
    let mut raw = Raw::start(&proxy(&root, &flags, &fault_server()), &[]);
    let small = raw.call(1, "small", json!({}));
    let message = small["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.contains(&format!("handle = \"{}\"", handle_in(message))),
        "12 bytes > 4: stored"
    );
    let error = raw.call(2, "error_log", json!({}));
    assert!(
        error["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .len()
            > 1_000_000,
        "its own limit: kept"
    );
    let image = raw.call(3, "image", json!({}));
    assert_eq!(
        image["result"]["content"][0]["type"], "image",
        "images are never stored"
    );
    raw.close();

    let bad = Command::new(bin())
        .arg("--root")
        .arg(&root)
        .args(["mcp", "proxy", "--tool-limit", "nonumber", "--", "true"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--tool-limit takes TOOL=BYTES"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_fifty_megabyte_result_is_stored_and_searchable() {
    if python().is_none() {
        return;
    }
    let root = root();
    let mut raw = Raw::start(&proxy(&root, &[], &fault_server()), &[]);
    let result = raw.call(1, "big", json!({"mb": 50, "needle": "needle-50mb-c0ffee"}));
    let message = result["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.starts_with("Tool output is too large (50000"),
        "{message}"
    );
    let found = raw.call(
        2,
        "tool_output_grep",
        json!({"handle": handle_in(message), "pattern": "needle-50mb"}),
    );
    assert!(
        found["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("ERROR needle-50mb-c0ffee")
    );
    raw.close();
    std::fs::remove_dir_all(&root).unwrap();
}

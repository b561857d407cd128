//! The official Python and TypeScript SDK clients through the proxy, in
//! front of the real filesystem and everything servers.

use super::*;

#[test]
fn the_filesystem_server_behind_the_proxy_stores_a_large_file_and_answers_about_it() {
    let Some(python) = python() else { return };
    let root = root();
    let files = root.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let big = big_log(&files).display().to_string();
    let small = files.join("small.txt");
    std::fs::write(&small, "hello, small file\n").unwrap();
    let small = small.display().to_string();
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "read_text_file", "args": {"path": big}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "the needle database error"}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": "$handle", "pattern": "needle-[0-9a-f]+"}},
        {"op": "call", "name": "tool_output_read", "args": {"handle": "$handle", "from_line": 12346, "to_line": 12347}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": "$handle", "lines": 1}},
        {"op": "read_resource", "uri": "$uri"},
        {"op": "call", "name": "read_text_file", "args": {"path": small}},
        {"op": "call", "name": "tool_output_read", "args": {"handle": "$handle", "from_line": "x"}},
    ]);
    let report = client(
        &python,
        steps.clone(),
        &proxy(&root, &[], &filesystem_server(&files)),
        &[],
    );
    let r = report["results"].as_array().unwrap();

    // Downstream tools, then ours; tool_output's schema is the engine's.
    let names: Vec<&str> = r[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"read_text_file"), "{names:?}");
    assert_eq!(
        &names[names.len() - 5..],
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail",
            "tool_output_search"
        ]
    );
    let schema = Command::new(bin())
        .args(["--root"])
        .arg(&root)
        .arg("schema")
        .output()
        .unwrap();
    let schema: Value = serde_json::from_slice(&schema.stdout).unwrap();
    let ours = &r[0]["tools"][names.len() - 5];
    assert_eq!(
        ours["inputSchema"], schema,
        "the engine's schema, mode enum included"
    );

    // The large file: the handle message and a link to the stored output.
    // The server sends the file twice (as text and as structuredContent
    // `{"content": text}`): it is stored once, and the message says so.
    let stored = &r[1];
    let message = text(stored, 0);
    assert!(
        message.starts_with(
            "This result's text, which its structuredContent repeats, is stored once:\nTool output is too large ("
        ),
        "{message}"
    );
    assert!(message.contains("20000 lines"), "{message}");
    assert!(
        message.contains("12346: line 12345: ERROR needle-7f3a"),
        "the preview shows the error line: {message}"
    );
    let handle = handle_in(message);
    assert_eq!(stored["content"][1]["type"], "resource_link");
    assert_eq!(
        stored["content"][1]["uri"],
        format!("tool-output://{handle}")
    );
    assert_eq!(
        stored["content"].as_array().unwrap().len(),
        2,
        "one message, one link"
    );
    assert!(stored.get("structuredContent").is_none());

    // tool_output answers from the whole output (lexical: no LLM configured).
    let abstract_ = text(&r[2], 0);
    assert!(
        abstract_.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "{abstract_}"
    );
    assert!(abstract_.contains("12346: line 12345: ERROR needle-7f3a database connection refused"));
    // The paging tools are exact.
    assert_eq!(
        text(&r[3], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n"
    );
    assert_eq!(
        text(&r[4], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n12347: line 12346: INFO request handled in 27 ms\n"
    );
    assert_eq!(
        text(&r[5], 0),
        "20000: line 19999: INFO request handled in 17 ms\n"
    );
    // The resource is the view, a page at a time.
    let page = r[6]["contents"][0]["text"].as_str().unwrap();
    assert!(
        page.starts_with("1: line 0: INFO request handled in 0 ms\n2: line 1:"),
        "{page}"
    );
    assert!(page.len() <= 12288, "one page");
    // A small result is what the server itself gives.
    let direct = client(&python, steps, &filesystem_server(&files), &[]);
    assert_eq!(r[7], direct["results"][7], "small results pass through");
    assert_eq!(text(&r[7], 0), "hello, small file\n");
    // A bad argument is a tool error the model can read.
    assert_eq!(r[8]["isError"], true);
    assert!(
        text(&r[8], 0).starts_with("tool_output_read: invalid type"),
        "{}",
        r[8]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_typescript_sdk_client_gets_the_same_through_the_proxy() {
    if python().is_none() {
        return;
    }
    let root = root();
    let files = root.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let big = big_log(&files).display().to_string();
    let small = files.join("small.txt");
    std::fs::write(&small, "hello, small file\n").unwrap();
    let small = small.display().to_string();
    let steps = json!([
        {"op": "list_tools"},
        {"op": "call", "name": "read_text_file", "args": {"path": big}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "the needle database error", "mode": "lexical"}},
        {"op": "call", "name": "tool_output_grep", "args": {"handle": "$handle", "pattern": "needle-[0-9a-f]+"}},
        {"op": "read_resource", "uri": "$uri"},
        {"op": "call", "name": "read_text_file", "args": {"path": small}},
        {"op": "call", "name": "tool_output_tail", "args": {"handle": "00000000-0000-4000-8000-000000000000", "lines": 1}},
        {"op": "call", "name": "tool_output_search", "args": {"question": "the needle database error"}},
    ]);
    let report = ts_client(&steps, &proxy(&root, &[], &filesystem_server(&files)));
    let r = report["results"].as_array().unwrap();
    assert!(
        report["initialize"]["capabilities"]["resources"].is_object(),
        "ours added: {}",
        report["initialize"]
    );
    let names: Vec<&str> = r[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"read_text_file"), "{names:?}");
    assert_eq!(
        &names[names.len() - 5..],
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail",
            "tool_output_search"
        ]
    );
    let message = text(&r[1], 0);
    assert!(
        message.starts_with(
            "This result's text, which its structuredContent repeats, is stored once:\nTool output is too large ("
        ),
        "{message}"
    );
    let handle = handle_in(message);
    assert_eq!(r[1]["content"][1]["uri"], format!("tool-output://{handle}"));
    assert!(
        text(&r[2], 0).starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "{}",
        r[2]
    );
    assert!(text(&r[2], 0).contains("ERROR needle-7f3a database connection refused"));
    assert_eq!(
        text(&r[3], 0),
        "12346: line 12345: ERROR needle-7f3a database connection refused\n"
    );
    let page = r[4]["contents"][0]["text"].as_str().unwrap();
    assert!(
        page.starts_with("1: line 0: INFO request handled in 0 ms\n"),
        "{page}"
    );
    // Across the proxy's session: the stored file, by handle, and its line.
    let found = text(&r[7], 0);
    assert!(
        found.contains(&format!("\n1. {handle} · read_text_file · "))
            && found.contains(
                "\n   12346: line 12345: ERROR needle-7f3a database connection refused\n"
            ),
        "{found}"
    );
    // A small result is exactly what the server gives this client directly.
    let direct = ts_client(&steps, &filesystem_server(&files));
    assert_eq!(r[5], direct["results"][5], "small results pass through");
    assert_eq!(text(&r[5], 0), "hello, small file\n");
    // An unknown handle is a tool error the model can read, not a protocol error.
    assert_eq!(r[6]["isError"], true, "{}", r[6]);
    assert!(
        text(&r[6], 0).contains("00000000-0000-4000-8000-000000000000"),
        "{}",
        r[6]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn everything_else_passes_through_as_the_server_gives_it() {
    let Some(python) = python() else { return };
    let root = root();
    let steps = json!([
        {"op": "ping"},
        {"op": "list_prompts"},
        {"op": "get_prompt", "name": "args-prompt", "args": {"city": "Lyon"}},
        {"op": "list_resources"},
        {"op": "read_resource", "uri": "demo://resource/static/document/features.md"},
        {"op": "list_resource_templates"},
        {"op": "complete", "ref": {"type": "ref/prompt", "name": "completable-prompt"}, "argument": {"name": "department", "value": "En"}},
        {"op": "set_level", "level": "debug"},
        {"op": "call", "name": "get-sum", "args": {"a": 2, "b": 40}},
        {"op": "call", "name": "get-tiny-image"},
        {"op": "call", "name": "get-structured-content", "args": {"location": "New York"}},
        {"op": "call", "name": "trigger-long-running-operation", "args": {"duration": 1, "steps": 3}, "progress": true},
        {"op": "call", "name": "no-such-tool"},
        {"op": "list_tools"},
    ]);
    let direct = client(&python, steps.clone(), &everything_server(), &[]);
    let proxied = client(
        &python,
        steps,
        &proxy(&root, &[], &everything_server()),
        &[],
    );
    let (d, p) = (
        direct["results"].as_array().unwrap(),
        proxied["results"].as_array().unwrap(),
    );
    for i in 0..13 {
        assert_eq!(p[i], d[i], "step {i}");
    }
    assert_eq!(
        proxied["progress"], direct["progress"],
        "progress notifications"
    );
    assert_eq!(proxied["progress"].as_array().unwrap().len(), 3);
    // The server's capabilities, ours added (it already has tools and
    // resources; the mark a proxy in front of this one defers to); its
    // instructions, ours appended.
    let (di, pi) = (&direct["initialize"], &proxied["initialize"]);
    let mut expected = di["capabilities"].clone();
    expected["experimental"] = json!({"tool-output/proxy": {"version": env!("CARGO_PKG_VERSION")}});
    assert_eq!(pi["capabilities"], expected);
    assert_eq!(pi["serverInfo"], di["serverInfo"]);
    let instructions = pi["instructions"].as_str().unwrap();
    assert!(instructions.starts_with(di["instructions"].as_str().unwrap()));
    assert!(instructions.ends_with(tool_output::agent::SYSTEM_PROMPT));
    // Its tools, without output schemas (a stored result drops the
    // structuredContent they promise), then ours.
    let theirs = d[13]["tools"].as_array().unwrap();
    let listed = p[13]["tools"].as_array().unwrap();
    assert_eq!(listed.len(), theirs.len() + 5);
    for (mine, their) in listed.iter().zip(theirs) {
        let mut their = their.clone();
        their.as_object_mut().unwrap().remove("outputSchema");
        assert_eq!(mine, &their);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

//! The MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`, pinned in
//! tests/hosts/package.json) as a client of the proxy: it lists our tools
//! with their annotations, and a call returns a handle message that a
//! second run, through the same named session, answers about.

use super::*;

/// `inspector --cli ARGS… -- SERVER…`, in a network namespace with nothing
/// in it when possible; its stdout parsed as JSON.
fn inspector(scratch: &Scratch, args: &[&str], server: &[String]) -> Value {
    let inspector = installed("inspector").unwrap();
    let mut cmd = if can_isolate() {
        let mut cmd = Command::new("unshare");
        cmd.arg("-n").arg(&inspector);
        cmd
    } else {
        Command::new(&inspector)
    };
    cmd.arg("--cli")
        .args(args)
        .arg("--")
        .args(server)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .current_dir(scratch.project())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "inspector {args:?}: exit {}\nstdout: {stdout}\nstderr: {stderr}",
        out.status
    );
    serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("inspector {args:?}: {e}\nstdout: {stdout}\nstderr: {stderr}"))
}

#[test]
fn the_mcp_inspector_lists_our_tools_read_only_and_gets_a_handle_message() {
    if installed("inspector").is_none() {
        return;
    }
    let scratch = Scratch::new("inspector");
    let big = write_big_log(&scratch.project());
    // A named session: each inspector run is a proxy of its own.
    let proxy = scratch.filesystem_proxy(&["--session", "inspected"]);

    let listed = inspector(&scratch, &["--method", "tools/list"], &proxy);
    let tools = listed["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"read_text_file"), "{names:?}");
    assert_eq!(
        &names[names.len() - 5..],
        [
            "tool_output",
            "tool_output_read",
            "tool_output_grep",
            "tool_output_tail",
            "tool_output_search"
        ],
        "the server's tools, then our five"
    );
    for tool in &tools[tools.len() - 5..] {
        let title = tool["title"].as_str().unwrap_or_default();
        assert!(!title.is_empty(), "{tool}");
        assert_eq!(
            tool["annotations"],
            json!({"title": title, "readOnlyHint": true, "destructiveHint": false,
                   "idempotentHint": true, "openWorldHint": false}),
            "{tool}"
        );
    }
    assert_eq!(
        tools[names.len() - 5]["title"],
        "Extract from a stored tool output"
    );
    assert_eq!(
        tools[names.len() - 5]["inputSchema"]["required"],
        json!(["handle", "extract"])
    );

    let called = inspector(
        &scratch,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "read_text_file",
            "--tool-arg",
            &format!("path={}", big.display()),
        ],
        &proxy,
    );
    let message = called["content"][0]["text"].as_str().unwrap();
    assert!(
        message.starts_with(
            "This result's text, which its structuredContent repeats, is stored once:\n\
             Tool output is too large ("
        ),
        "{message}"
    );
    assert!(message.contains(&format!("12346: {NEEDLE}")), "{message}");
    let handle = handle_in(message).unwrap();
    assert_eq!(called["content"][1]["type"], "resource_link", "{called}");
    assert_eq!(
        called["content"][1]["uri"],
        format!("tool-output://{handle}")
    );

    let answered = inspector(
        &scratch,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "tool_output",
            "--tool-arg",
            &format!("handle={handle}"),
            &format!("extract={EXTRACT}"),
        ],
        &proxy,
    );
    let answer = answered["content"][0]["text"].as_str().unwrap();
    assert!(
        answer.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "{answer}"
    );
    assert!(answer.contains(&format!("12346: {NEEDLE}")), "{answer}");
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

//! What every host test asserts of the model's three turns: the tool's
//! result as a handle message, then `tool_output`'s answer.

use serde_json::json;

use super::{EXTRACT, NEEDLE, Run};

/// The handle in a handle message.
pub fn handle_in(text: &str) -> Option<String> {
    let re = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    re.captures(text).map(|c| c[1].to_string())
}

/// What the MCP tests assert of the model's three turns, whatever the host:
/// turn 1 calls the server's tool, turn 2 gets the handle message (its
/// first line exact, the needle in the preview) and calls `tool_output`
/// (the host's name for it) with that handle, turn 3 gets the lexical
/// answer with the needle line. Returns the handle message and the answer as
/// the model saw them, for the host's own checks.
pub fn assert_mcp_turns(
    run: &Run,
    server_tool: &str,
    our_tool: &str,
    file_bytes: usize,
) -> (String, String) {
    let [first, second, third] = run.three_turns();
    // Turn 1: the model is offered the server's tool and our five.
    let tools: Vec<&str> = first["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let prefix = our_tool.strip_suffix("tool_output").unwrap();
    for ours in [
        "tool_output",
        "tool_output_read",
        "tool_output_grep",
        "tool_output_tail",
        "tool_output_search",
    ] {
        run.check(
            tools.contains(&format!("{prefix}{ours}").as_str()),
            &format!("the model is offered {prefix}{ours}: {tools:?}"),
        );
    }
    run.check(
        first["reply"][1] == server_tool,
        &format!("turn 1 calls {server_tool}"),
    );
    // Turn 2: the handle message.
    let message = second["tool_result"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let first_line = regex::Regex::new(
        r"(?m)^Tool output is too large \(([0-9]+) bytes, ([0-9]+) lines, ([0-9]+) tokens\)\.$",
    )
    .unwrap();
    let sizes = first_line.captures(&message);
    run.check(sizes.is_some(), "the handle message's first line");
    let sizes = sizes.unwrap();
    run.check(
        sizes[1] == file_bytes.to_string() && &sizes[2] == "20000",
        "the handle message counts the whole file's bytes and lines",
    );
    let handle = handle_in(&message);
    run.check(handle.is_some(), "a handle in the handle message");
    let handle = handle.unwrap();
    run.check(
        message.contains(&format!(
            "Call tool_output(handle = \"{handle}\", extract = \"what to extract\").\n"
        )),
        "the handle message says how to call tool_output",
    );
    run.check(
        message.contains(&format!("12346: {NEEDLE}")),
        "the preview shows the needle line with its line number",
    );
    run.check(
        message.contains("The full output is stored: do not run the tool again"),
        "the handle message's last line",
    );
    run.check(
        second["reply"] == json!(["tool", our_tool, {"handle": handle, "extract": EXTRACT}]),
        &format!("turn 2 calls {our_tool} with the handle"),
    );
    // Turn 3: the answer from the whole output.
    let answer = third["tool_result"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    run.check(
        answer.contains(&format!(
            "ABSTRACT FROM TOOL OUTPUT {} WITH HANDLE {handle}, STRATEGY:lexical:",
            "read_text_file"
        )),
        "turn 3 gets the lexical answer's first line",
    );
    run.check(
        answer.contains(&format!("12346: {NEEDLE}")),
        "the answer holds the needle line",
    );
    run.check(
        third["reply"] == json!(["text", "DONE"]),
        "turn 3 ends the run",
    );
    (message, answer)
}

/// What the shell tests assert of the model's three turns: turn 1 runs the
/// command with the host's shell tool, turn 2 gets our handle message (its
/// first line exact, the needle in the preview) and calls `tool_output` of
/// `mcp serve` with that handle, turn 3 gets the lexical answer with the
/// needle line. Returns the handle message and the answer as the model saw
/// them.
pub fn assert_shell_turns(
    run: &Run,
    shell_tool: &str,
    our_tool: &str,
    stored_as: &str,
) -> (String, String) {
    let [first, second, third] = run.three_turns();
    run.check(
        first["reply"][1] == shell_tool,
        &format!("turn 1 runs the command with {shell_tool}"),
    );
    let message = second["tool_result"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let first_line = regex::Regex::new(
        r"(?m)^Tool output is too large \([0-9]+ bytes, [0-9]+ lines, [0-9]+ tokens\)\.$",
    )
    .unwrap();
    run.check(
        first_line.is_match(&message),
        "the handle message's first line",
    );
    run.check(
        message.contains(&format!("12346: {NEEDLE}")),
        "the preview shows the needle line with its line number",
    );
    let handle = handle_in(&message).unwrap_or_default();
    run.check(
        second["reply"] == json!(["tool", our_tool, {"handle": handle, "extract": EXTRACT}]),
        &format!("turn 2 calls {our_tool} of mcp serve with the handle"),
    );
    let answer = third["tool_result"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    run.check(
        answer.contains(&format!(
            "ABSTRACT FROM TOOL OUTPUT {stored_as} WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "mcp serve answers from the session the hook stored into",
    );
    run.check(
        answer.contains(&format!("12346: {NEEDLE}")),
        "the answer holds the needle line",
    );
    run.check(
        third["reply"] == json!(["text", "DONE"]),
        "turn 3 ends the run",
    );
    (message, answer)
}

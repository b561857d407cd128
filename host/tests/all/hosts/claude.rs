//! Claude Code (`@anthropic-ai/claude-code`, pinned in tests/hosts/package.json)
//! headless (`claude -p`) against the scripted model, speaking Anthropic
//! Messages over SSE.

use super::*;

/// `claude -p` with a fresh HOME, the model at the loopback address, and
/// every call home off: telemetry, error reports, updates, retries.
fn claude(scratch: &Scratch, model: &Model, args: &[&str]) -> Option<Command> {
    let claude = installed("claude")?;
    let mut cmd = model.command(&claude);
    cmd.args([
        "-p",
        "Read the file and tell me what failed.",
        "--output-format",
        "json",
    ])
    .args(args)
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("ANTHROPIC_BASE_URL", model.url())
    .env("ANTHROPIC_API_KEY", "sk-ant-scripted")
    .env("CLAUDE_CODE_MAX_RETRIES", "1")
    .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
    .env("DISABLE_AUTOUPDATER", "1")
    .env("DISABLE_TELEMETRY", "1")
    .env("DISABLE_ERROR_REPORTING", "1")
    // MCP tools are offered directly, not behind ToolSearch.
    .env("ENABLE_TOOL_SEARCH", "false")
    // An MCP server's start-up may take this long (a loaded machine).
    .env("MCP_TIMEOUT", "120000")
    .current_dir(scratch.project());
    Some(cmd)
}

#[test]
fn claude_code_gets_the_handle_message_from_the_proxy_and_the_answer_from_tool_output() {
    if installed("claude").is_none() {
        return;
    }
    let scratch = Scratch::new("claude-mcp");
    let big = write_big_log(&scratch.project());
    let bytes = std::fs::metadata(&big).unwrap().len() as usize;
    let model = Model::start(&scratch, read_big_log_script(&big));
    let proxy = scratch.filesystem_proxy(&[]);
    let config = scratch.dir.join("mcp.json");
    std::fs::write(
        &config,
        json!({"mcpServers": {"files": {"type": "stdio", "command": proxy[0], "args": proxy[1..]}}})
            .to_string(),
    )
    .unwrap();
    let cmd = claude(
        &scratch,
        &model,
        &[
            "--mcp-config",
            config.to_str().unwrap(),
            "--strict-mcp-config",
            // Claude Code asks before any MCP tool, read-only or not.
            "--allowedTools",
            "mcp__files__read_text_file,mcp__files__tool_output",
        ],
    )
    .unwrap();
    let run = Run::of(cmd, &model, &scratch, "claude -p, MCP through the proxy");

    let (message, answer) = assert_mcp_turns(
        &run,
        "mcp__files__read_text_file",
        "mcp__files__tool_output",
        bytes,
    );
    // Claude Code gives the model the proxy's text block as it is.
    run.check(
        message.starts_with(
            "This result's text, which its structuredContent repeats, is stored once:\n\
             Tool output is too large (",
        ),
        "the model gets the handle message first",
    );
    let handle = handle_in(&message).unwrap();
    run.check(
        message.ends_with(&format!(
            "\n[Resource link: read_text_file output {handle}] tool-output://{handle} (The \
             whole stored output of read_text_file ({bytes} bytes), a page at a time.)"
        )),
        "Claude Code shows the resource link after the message",
    );
    run.check(
        answer.starts_with("ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE "),
        "the model gets the answer as it is",
    );
    // The final answer is the script's.
    let result: Value = serde_json::from_str(run.stdout.trim()).unwrap_or_default();
    run.check(
        result["result"] == "DONE",
        "claude's result is the model's last text",
    );
    run.check(
        result["permission_denials"] == json!([]),
        "no tool was refused",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn claude_codes_bash_output_becomes_a_handle_message_that_mcp_serve_answers() {
    if installed("claude").is_none() {
        return;
    }
    let scratch = Scratch::new("claude-bash");
    let big = write_big_log(&scratch.project());
    let bytes = std::fs::metadata(&big).unwrap().len() as usize;
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    // The user's files as `setup` writes them: the PostToolUse hook on Bash
    // and `mcp serve` on the conversation's session.
    setup_write(&scratch, "claude-code", &[]);
    let mut cmd = claude(
        &scratch,
        &model,
        // Claude Code asks before any MCP tool, read-only or not: setup says
        // to allow the server, as the user does here.
        &["--allowedTools", "Bash,mcp__tool-output"],
    )
    .unwrap();
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "claude -p, Bash with the hook");

    let (message, answer) =
        assert_shell_turns(&run, "Bash", "mcp__tool-output__tool_output", "Bash");
    // Our handle message of the whole output, not Claude Code's own
    // <persisted-output> preview, and nothing around it.
    run.check(
        message.starts_with(&format!(
            "Tool output is too large ({bytes} bytes, 20000 lines, "
        )),
        "the model gets the handle message of the whole output",
    );
    run.check(
        !message.contains("persisted-output"),
        "not Claude Code's preview",
    );
    run.check(
        answer.starts_with("ABSTRACT FROM TOOL OUTPUT Bash WITH HANDLE "),
        "the model gets the answer as it is",
    );
    let result: Value = serde_json::from_str(run.stdout.trim()).unwrap_or_default();
    run.check(
        result["result"] == "DONE",
        "claude's result is the model's last text",
    );
    let session = format!(
        "claude-{}",
        result["session_id"].as_str().unwrap_or_default()
    );
    run.check(
        scratch.root().join("sessions").join(&session).is_dir(),
        &format!("the output is stored in session {session}"),
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

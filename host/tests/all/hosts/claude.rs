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

/// A command that fails after printing `lines` lines of 12 bytes
/// with the needle line in the middle: 2.4 MB for 200 000.
fn failing_command(lines: u32) -> String {
    format!(
        "seq -f 'row %07g' 1 {half}; echo '{NEEDLE}'; seq -f 'row %07g' {next} {lines}; exit 3",
        half = lines / 2,
        next = lines / 2 + 1,
    )
}

#[test]
fn claude_codes_failing_command_gets_the_handle_message_after_its_cut() {
    if installed("claude").is_none() {
        return;
    }
    let scratch = Scratch::new("claude-failure");
    let model = Model::start(
        &scratch,
        json!({"shell": failing_command(200_000), "extract": EXTRACT}),
    );
    // As `setup` writes it: PostToolUse and PostToolUseFailure on Bash, and
    // the shell prefix that keeps a failing command's whole output.
    setup_write(&scratch, "claude-code", &[]);
    let mut cmd = claude(
        &scratch,
        &model,
        &["--allowedTools", "Bash,mcp__tool-output"],
    )
    .unwrap();
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "claude -p, a failing Bash command");

    let [_, second, third] = run.three_turns();
    // The model got Claude Code's own cut (10 000 characters, the needle
    // not in it) as the result, then our handle message after it.
    let shown = second["tool_result"].as_str().unwrap_or_default();
    run.check(
        shown.starts_with("Exit code 3\nrow 0000001\n"),
        "Claude Code's own result",
    );
    run.check(
        !shown.contains(NEEDLE),
        "the needle is not in Claude Code's cut",
    );
    let context = second["context_after"].as_str().unwrap_or_default();
    run.check(
        context.contains(
            "The command failed, and the output above is only part of what it printed; \
             tool-output stored all of it:\nTool output is too large (",
        ),
        "the handle message follows, as the failure hook's context",
    );
    run.check(
        context.contains("(2400058 bytes, 200001 lines"),
        "it counts the whole output",
    );
    run.check(context.contains(NEEDLE), "its preview shows the needle");
    let handle = handle_in(context).unwrap_or_default();
    run.check(
        second["reply"] == json!(["tool", "mcp__tool-output__tool_output", {"handle": handle, "extract": EXTRACT}]),
        "turn 2 calls tool_output with that handle",
    );
    let answer = third["tool_result"].as_str().unwrap_or_default();
    run.check(
        answer.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT Bash WITH HANDLE {handle}, STRATEGY:lexical:"
        )),
        "mcp serve answers from the session the hook stored into",
    );
    run.check(answer.contains(NEEDLE), "the answer holds the needle line");
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn claude_code_continued_still_finds_its_handles() {
    if installed("claude").is_none() {
        return;
    }
    let scratch = Scratch::new("claude-continue");
    write_big_log(&scratch.project());
    setup_write(&scratch, "claude-code", &[]);
    let script = json!({"shell": "cat big.log", "extract": EXTRACT});
    // A first conversation, ended.
    let first = Model::start_named(&scratch, "first", script.clone());
    let mut cmd = claude(
        &scratch,
        &first,
        &["--allowedTools", "Bash,mcp__tool-output"],
    )
    .unwrap();
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &first, &scratch, "claude -p");
    assert_shell_turns(&run, "Bash", "mcp__tool-output__tool_output", "Bash");
    let id = serde_json::from_str::<Value>(run.stdout.trim()).unwrap_or_default()["session_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    // `--continue` it: Claude Code starts its MCP server under a new
    // session id, while the conversation (and its hook) keeps the first.
    let second = Model::start_named(&scratch, "second", script);
    let mut cmd = claude(
        &scratch,
        &second,
        &["--continue", "--allowedTools", "Bash,mcp__tool-output"],
    )
    .unwrap();
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &second, &scratch, "claude -p --continue");
    // (Claude Code may ask the first turn again when it resumes.)
    let turns = run.turns();
    let message = turns
        .iter()
        .find_map(|t| {
            t["tool_result"]
                .as_str()
                .filter(|r| r.starts_with("Tool output is too large ("))
        })
        .unwrap_or_default();
    let handle = handle_in(message).unwrap_or_default();
    let last = turns.last().unwrap();
    run.check(
        last["tool_result"].as_str().is_some_and(|a| {
            a.starts_with(&format!(
                "ABSTRACT FROM TOOL OUTPUT Bash WITH HANDLE {handle}, STRATEGY:lexical:"
            )) && a.contains(NEEDLE)
        }),
        "mcp serve answers the continued conversation's handle",
    );
    run.check(last["reply"] == json!(["text", "DONE"]), "the run ends");
    let sessions: Vec<String> = std::fs::read_dir(scratch.root().join("sessions"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    run.check(
        sessions.iter().any(|s| s == &format!("claude-{id}")),
        &format!("the hook stored into the conversation's session: {sessions:?}"),
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

/// The repository's Claude Code marketplace and plugin.
const PLUGIN_FILES: &[&str] = &[
    ".claude-plugin/marketplace.json",
    "plugins/claude-code/.claude-plugin/plugin.json",
    "plugins/claude-code/.mcp.json",
    "plugins/claude-code/hooks/hooks.json",
];

/// `claude ARGS…` (not a conversation) with the test's HOME.
fn claude_cli(scratch: &Scratch, args: &[&str]) -> std::process::Output {
    let claude = installed("claude").unwrap();
    Command::new(claude)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .current_dir(scratch.project())
        .output()
        .unwrap()
}

#[test]
fn claude_code_installs_our_plugin_from_its_marketplace_and_runs_it() {
    if installed("claude").is_none() {
        return;
    }
    let scratch = Scratch::new("claude-plugin");
    let market = scratch.dir.join("market");
    package_files(&market, PLUGIN_FILES);
    for target in [
        market.join(".claude-plugin/marketplace.json"),
        market.join("plugins/claude-code"),
    ] {
        let out = claude_cli(
            &scratch,
            &["plugin", "validate", &target.display().to_string()],
        );
        assert!(
            out.status.success(),
            "claude plugin validate {}: {}{}",
            target.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Installed as a user installs it: the marketplace, then the plugin.
    for args in [
        &[
            "plugin",
            "marketplace",
            "add",
            &market.display().to_string(),
        ][..],
        &["plugin", "install", "tool-output@tool-output"],
    ] {
        let out = claude_cli(&scratch, args);
        assert!(
            out.status.success(),
            "claude {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = claude_cli(&scratch, &["plugin", "details", "tool-output@tool-output"]);
    let details = String::from_utf8_lossy(&out.stdout);
    assert!(
        details.contains("Hooks (2)  PostToolUse, PostToolUseFailure")
            && details.contains("MCP servers (1)  tool-output"),
        "{details}"
    );
    // A conversation: the plugin's hook stores the Bash output, its MCP
    // server answers (the pinned npx runs this build, offline).
    write_big_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let mut cmd = claude(
        &scratch,
        &model,
        &["--allowedTools", "Bash,mcp__plugin_tool-output_tool-output"],
    )
    .unwrap();
    with_test_root(&mut cmd, &scratch);
    cmd.env("PATH", path_with(&npx_standing_in(&scratch)));
    let run = Run::of(cmd, &model, &scratch, "claude -p with the plugin");
    let tool = run.turns()[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|t| t.ends_with("tool-output__tool_output"))
        .unwrap_or("no tool_output offered")
        .to_string();
    let (_, answer) = assert_shell_turns(&run, "Bash", &tool, "Bash");
    run.check(
        answer.contains(NEEDLE),
        "the plugin's server answers from the plugin's hook's store",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

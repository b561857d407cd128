//! Gemini CLI (`@google/gemini-cli`, pinned in tests/hosts/package.json)
//! headless (`gemini -p`) against the scripted model, speaking Gemini's
//! streamGenerateContent over SSE. Gemini names an MCP server's tools
//! `mcp_<server>_<tool>` and wraps their results in `<untrusted_context>`.

use super::*;

/// `gemini -p` with a fresh HOME whose settings.json selects an API key,
/// turns off telemetry, usage statistics, updates and retries, and trusts
/// the folder; `more` is merged in.
fn gemini(scratch: &Scratch, model: &Model, more: Value) -> Option<Command> {
    let gemini = installed("gemini")?;
    let mut settings = json!({
        "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": false}},
        "privacy": {"usageStatisticsEnabled": false},
        "telemetry": {"enabled": false},
        "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false, "maxAttempts": 1},
    });
    for (key, value) in more.as_object().unwrap() {
        settings[key] = value.clone();
    }
    let dir = scratch.home().join(".gemini");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), settings.to_string()).unwrap();
    let mut cmd = model.command(&gemini);
    cmd.args([
        "-p",
        "Read the file and tell me what failed.",
        "--output-format",
        "json",
        "--approval-mode",
        "yolo",
        // A pinned model: no routing request first.
        "-m",
        "gemini-2.5-flash",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("GEMINI_API_KEY", "scripted")
    .env("GOOGLE_GEMINI_BASE_URL", model.url())
    .env("GEMINI_CLI_NO_RELAUNCH", "true")
    .current_dir(scratch.project());
    Some(cmd)
}

#[test]
fn gemini_cli_gets_the_handle_message_from_the_proxy_and_the_answer_from_tool_output() {
    if installed("gemini").is_none() {
        return;
    }
    let scratch = Scratch::new("gemini-mcp");
    let big = write_big_log(&scratch.project());
    let bytes = std::fs::metadata(&big).unwrap().len() as usize;
    let model = Model::start(&scratch, read_big_log_script(&big));
    let proxy = scratch.filesystem_proxy(&[]);
    let files = json!({"mcpServers": {"files": {
        "command": proxy[0], "args": proxy[1..], "trust": true, "timeout": 120000}}});
    let cmd = gemini(&scratch, &model, files).unwrap();
    let run = Run::of(cmd, &model, &scratch, "gemini -p, MCP through the proxy");

    let (message, answer) = assert_mcp_turns(
        &run,
        "mcp_files_read_text_file",
        "mcp_files_tool_output",
        bytes,
    );
    // Gemini CLI wraps an MCP result's text in <untrusted_context> and shows
    // the resource link after it.
    let handle = handle_in(&message).unwrap();
    run.check(
        message.starts_with(
            "<untrusted_context>\nThis result's text, which its structuredContent repeats, is \
             stored once:\nTool output is too large (",
        ),
        "the model gets the handle message in Gemini's wrapper",
    );
    run.check(
        message.ends_with(&format!(
            "\n</untrusted_context>\nResource Link: read_text_file output {handle} at \
             tool-output://{handle}"
        )),
        "then the link to the stored output",
    );
    run.check(
        answer.starts_with(&format!(
            "<untrusted_context>\nABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, \
             STRATEGY:lexical:\n"
        )),
        "the model gets the answer in Gemini's wrapper",
    );
    let result: Value = serde_json::from_str(run.stdout.trim()).unwrap_or_default();
    run.check(
        result["response"] == "DONE",
        "gemini's response is the model's last text",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn gemini_clis_shell_output_becomes_a_handle_message_that_mcp_serve_answers() {
    if installed("gemini").is_none() {
        return;
    }
    let scratch = Scratch::new("gemini-shell");
    write_big_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let mut cmd = gemini(&scratch, &model, json!({})).unwrap();
    // settings.json as `setup` merges into it: AfterTool on run_shell_command
    // runs `tool-output hook gemini-cli`, which stores the whole output in
    // session `gemini` and has the host give the model the handle message
    // instead; `mcp serve` opens that session.
    setup_write(&scratch, "gemini-cli", &[]);
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "gemini -p, its shell with the hook");

    let (message, answer) = assert_shell_turns(
        &run,
        "run_shell_command",
        "mcp_tool-output_tool_output",
        "run_shell_command",
    );
    // The hook's answer is a denial, which Gemini CLI shows the model as an
    // error: it says first that nothing failed.
    let [_, second, _] = run.three_turns();
    run.check(
        second["tool_result_raw"]["error"]
            .as_str()
            .is_some_and(|e| {
                e.starts_with(
                    "Not an error: the command ran, and its output was too large to show; \
                 tool-output stored it.\nTool output is too large (",
                )
            }),
        "the model gets the handle message as the denial's reason",
    );
    run.check(
        !message.contains("Output too large"),
        "not Gemini CLI's own cut",
    );
    run.check(
        answer.starts_with(
            "<untrusted_context>\nABSTRACT FROM TOOL OUTPUT run_shell_command WITH HANDLE ",
        ),
        "the answer in Gemini's wrapper",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn gemini_cli_installs_our_extension_and_runs_it() {
    let Some(gemini_cli) = installed("gemini") else {
        return;
    };
    let scratch = Scratch::new("gemini-extension");
    // The extension's files as the repository holds them (what `gemini
    // extensions install <repository>` fetches).
    let extension = scratch.dir.join("extension");
    package_files(&extension, &["gemini-extension.json", "hooks/hooks.json"]);
    write_big_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let mut cmd = gemini(&scratch, &model, json!({})).unwrap();
    for args in [
        &["extensions", "validate", &extension.display().to_string()][..],
        &[
            "extensions",
            "install",
            &extension.display().to_string(),
            "--consent",
        ],
    ] {
        let out = Command::new(&gemini_cli)
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", scratch.home())
            .env("GEMINI_CLI_NO_RELAUNCH", "true")
            .current_dir(scratch.project())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "gemini {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    with_test_root(&mut cmd, &scratch);
    cmd.env("PATH", path_with(&npx_standing_in(&scratch)));
    let run = Run::of(cmd, &model, &scratch, "gemini -p with the extension");
    let (_, answer) = assert_shell_turns(
        &run,
        "run_shell_command",
        "mcp_tool-output_tool_output",
        "run_shell_command",
    );
    run.check(
        answer.contains(NEEDLE),
        "the extension's server answers from its hook's store",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

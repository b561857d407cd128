//! The hosts through `tool-output gateway`, as `setup HOST --gateway --write`
//! configures them: the host talks to the gateway, the gateway to the
//! scripted model. The host's own shell prints 2 MB with one planted line;
//! the model's next request holds our handle message of the whole output
//! (not the 2 MB, not the host's own cut), and the planted line reaches the
//! model through `tool_output` (`mcp serve` on the gateway's session).

use std::io::BufRead;
use std::process::Child;

use super::*;

/// A log of 50 000 lines (about 2 MB) with [`NEEDLE`] on line 12346.
fn write_2mb_log(dir: &Path) -> (PathBuf, usize) {
    write_2mb_log_planted(dir, 12345)
}

/// A log of 50 000 lines (about 2 MB) with [`NEEDLE`] at index `at`.
fn write_2mb_log_planted(dir: &Path, at: usize) -> (PathBuf, usize) {
    let mut log = String::new();
    for i in 0..50_000 {
        if i == at {
            log.push_str(NEEDLE);
        } else {
            log.push_str(&format!("line {i}: INFO request handled in {} ms", i % 97));
        }
        log.push('\n');
    }
    let path = dir.join("big.log");
    std::fs::write(&path, &log).unwrap();
    (path, log.len())
}

/// `tool-output gateway` in front of the model (in its network namespace),
/// with the test's HOME: where the hosts save the outputs they cut.
struct Gateway {
    child: Child,
    url: String,
    log: PathBuf,
}

impl Gateway {
    fn start(scratch: &Scratch, model: &Model) -> Gateway {
        let log = scratch.dir.join("gateway.log");
        let args = scratch.tool_output(&[
            "gateway",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &model.url(),
        ]);
        let mut child = model
            .command(Path::new(&args[0]))
            .args(&args[1..])
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", scratch.home())
            .env("TOOL_OUTPUT_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "the gateway did not start: {line:?}\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            })
            .to_string();
        Gateway { child, url, log }
    }

    /// Its log has no panic.
    fn check(&self, run: &Run) {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        run.check(
            !log.contains("panicked"),
            &format!("the gateway's log: {log}"),
        );
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `tool-output setup HOST --gateway URL --write` into the test's HOME.
fn setup_gateway(scratch: &Scratch, host: &str, url: &str, envs: &[(&str, PathBuf)]) {
    let out = Command::new(bin())
        .args(["setup", host, "--gateway", url, "--write"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .envs(envs.iter().map(|(k, v)| (k, v)))
        .current_dir(scratch.project())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "setup {host} --gateway --write: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The second turn's tool result is our handle message of `bytes` bytes
/// (None: whatever the host sent), with the planted line in its preview;
/// the third gets it through `tool_output`. Returns the handle message.
fn assert_output_stored(
    run: &Run,
    bytes: Option<usize>,
    our_tool: &str,
    stored_as: &str,
) -> String {
    let [first, second, third] = run.three_turns();
    run.check(
        first["kind"] == "turn",
        "the host's first turn reached the model",
    );
    let message = second["tool_result"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    run.check(
        message.len() < 20_000,
        &format!(
            "the model got a short result ({} bytes), not the 2 MB",
            message.len()
        ),
    );
    if let Some(bytes) = bytes {
        // The whole output, and whatever the host put around it.
        let counted = regex::Regex::new(r"^Tool output is too large \((\d+) bytes")
            .unwrap()
            .captures(&message)
            .and_then(|c| c[1].parse::<usize>().ok())
            .unwrap_or(0);
        run.check(
            (bytes..bytes + 1000).contains(&counted),
            &format!("the handle message counts the whole output ({bytes} bytes): {counted}"),
        );
    }
    run.check(
        message.starts_with("Tool output is too large ("),
        "the model gets our handle message",
    );
    run.check(
        message.contains(NEEDLE),
        "the preview shows the planted line",
    );
    let handle = handle_in(&message).unwrap_or_default();
    run.check(
        second["reply"] == json!(["tool", our_tool, {"handle": handle, "extract": EXTRACT}]),
        &format!("turn 2 calls {our_tool} with the handle"),
    );
    let answer = third["tool_result"].as_str().unwrap_or_default();
    run.check(
        answer.contains(&format!(
            "ABSTRACT FROM TOOL OUTPUT {stored_as} WITH HANDLE {handle}, STRATEGY:"
        )),
        "tool_output answers from the gateway's session",
    );
    run.check(
        answer.contains(NEEDLE),
        "the planted line reaches the model",
    );
    run.check(
        third["reply"] == json!(["text", "DONE"]),
        "turn 3 ends the run",
    );
    message
}

#[test]
fn claude_code_through_the_gateway_gets_the_whole_bash_output_stored() {
    let Some(claude) = installed("claude") else {
        return;
    };
    let scratch = Scratch::new("claude-gateway");
    let (_, bytes) = write_2mb_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let gateway = Gateway::start(&scratch, &model);
    setup_gateway(&scratch, "claude-code", &gateway.url, &[]);
    let mut cmd = model.command(&claude);
    cmd.args([
        "-p",
        "Read the file and tell me what failed.",
        "--output-format",
        "json",
        "--allowedTools",
        "Bash,mcp__tool-output",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("ANTHROPIC_API_KEY", "sk-ant-scripted")
    .env("CLAUDE_CODE_MAX_RETRIES", "1")
    .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
    .env("DISABLE_AUTOUPDATER", "1")
    .env("DISABLE_TELEMETRY", "1")
    .env("DISABLE_ERROR_REPORTING", "1")
    .env("ENABLE_TOOL_SEARCH", "false")
    .env("MCP_TIMEOUT", "120000")
    .current_dir(scratch.project());
    // The base URL is the one `setup` wrote into settings.json.
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "claude -p through the gateway");

    let message = assert_output_stored(&run, Some(bytes), "mcp__tool-output__tool_output", "Bash");
    run.check(
        !message.contains("persisted-output"),
        "not Claude Code's own preview: the file it saved, stored whole",
    );
    run.check(
        message.starts_with(&format!(
            "Tool output is too large ({bytes} bytes, 50000 lines, "
        )),
        "exactly the bytes and lines of the command's output",
    );
    gateway.check(&run);
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn codex_through_the_gateway_gets_its_cut_of_the_shell_output_stored() {
    let Some(codex) = installed("codex") else {
        return;
    };
    let scratch = Scratch::new("codex-gateway");
    // Codex's exec tool cuts a command's output (its head and tail: 10 000
    // tokens unless the call asks for more, within tool_output_token_limit,
    // which `setup` raised from 10 KB) before any request is made, and keeps
    // no file: the gateway stores what Codex sends. The planted line is in
    // the tail Codex keeps.
    let (_, _) = write_2mb_log_planted(&scratch.project(), 49_990);
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let gateway = Gateway::start(&scratch, &model);
    let codex_home = scratch.home().join(".codex");
    std::fs::create_dir_all(&codex_home).unwrap();
    std::fs::write(
        codex_home.join("config.toml"),
        "model = \"scripted-model\"\ncheck_for_update_on_startup = false\n\n\
         [analytics]\nenabled = false\n\n[otel]\nexporter = \"none\"\n",
    )
    .unwrap();
    setup_gateway(
        &scratch,
        "codex",
        &gateway.url,
        &[("CODEX_HOME", codex_home.clone())],
    );
    let mut cmd = model.command(&codex);
    cmd.args([
        "exec",
        "--skip-git-repo-check",
        "--json",
        "--dangerously-bypass-approvals-and-sandbox",
        "--disable",
        "plugins",
        "Read the file and tell me what failed.",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("CODEX_HOME", &codex_home)
    .env("OPENAI_API_KEY", "sk-scripted")
    .current_dir(scratch.project());
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "codex exec through the gateway");

    let message = assert_output_stored(&run, None, "tool_output", "exec_command");
    run.check(
        message.contains("tokens truncated"),
        "what Codex sent: its own cut of the output",
    );
    gateway.check(&run);
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn gemini_cli_through_the_gateway_gets_the_whole_shell_output_stored() {
    let Some(gemini) = installed("gemini") else {
        return;
    };
    let scratch = Scratch::new("gemini-gateway");
    let (_, bytes) = write_2mb_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let gateway = Gateway::start(&scratch, &model);
    let dir = scratch.home().join(".gemini");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("settings.json"),
        json!({
            "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": false}},
            "privacy": {"usageStatisticsEnabled": false},
            "telemetry": {"enabled": false},
            "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false, "maxAttempts": 1},
        })
        .to_string(),
    )
    .unwrap();
    setup_gateway(&scratch, "gemini-cli", &gateway.url, &[]);
    let mut cmd = model.command(&gemini);
    cmd.args([
        "-p",
        "Read the file and tell me what failed.",
        "--output-format",
        "json",
        "--approval-mode",
        "yolo",
        "-m",
        "gemini-2.5-flash",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("GEMINI_API_KEY", "scripted")
    // What `setup` says to export: Gemini CLI has no setting for it.
    .env("GOOGLE_GEMINI_BASE_URL", &gateway.url)
    .env("GEMINI_CLI_NO_RELAUNCH", "true")
    .current_dir(scratch.project());
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "gemini -p through the gateway");

    let message = assert_output_stored(
        &run,
        Some(bytes),
        "mcp_tool-output_tool_output",
        "run_shell_command",
    );
    run.check(
        !message.contains("For full output see"),
        "not Gemini CLI's own cut: the file it saved, stored whole",
    );
    gateway.check(&run);
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn opencode_through_the_gateway_gets_the_whole_bash_output_stored() {
    let Some(opencode) = installed("opencode") else {
        return;
    };
    let scratch = Scratch::new("opencode-gateway");
    let (_, bytes) = write_2mb_log(&scratch.project());
    // opencode (1.18.33) sometimes keeps only the start of a command's
    // output when the command ends at once: of a bare `cat`, it saved
    // 240,704 of the 2,083,746 bytes in one run of three here, and none
    // of five with a second's wait after it. The gateway stores the file
    // opencode saved and cannot undo that loss: the wait keeps this test
    // about the gateway, not opencode's pipe.
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log; sleep 1", "extract": EXTRACT}),
    );
    let gateway = Gateway::start(&scratch, &model);
    setup_gateway(&scratch, "opencode", &gateway.url, &[]);
    let mut cmd = model.command(&opencode);
    cmd.args([
        "run",
        "--model",
        "anthropic/claude-sonnet-4-5",
        "Read the file and tell me what failed.",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("ANTHROPIC_API_KEY", "sk-ant-scripted")
    // Nothing from the network: no model catalogue, update, share or
    // language-server download.
    .env("OPENCODE_DISABLE_MODELS_FETCH", "1")
    .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
    .env("OPENCODE_DISABLE_SHARE", "1")
    .env("OPENCODE_DISABLE_LSP_DOWNLOAD", "1")
    .current_dir(scratch.project());
    // The base URL is the one `setup` wrote into opencode.jsonc.
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "opencode run through the gateway");

    let message = assert_output_stored(&run, Some(bytes), "tool-output_tool_output", "bash");
    run.check(
        message.starts_with(&format!(
            "Tool output is too large ({bytes} bytes, 50000 lines, "
        )),
        "not opencode's own cut: the file it saved, stored whole",
    );
    gateway.check(&run);
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn claude_codes_full_chunked_extraction_runs_on_the_conversations_model_through_the_gateway() {
    let Some(claude) = installed("claude") else {
        return;
    };
    let scratch = Scratch::new("claude-gateway-llm");
    let (_, _) = write_2mb_log(&scratch.project());
    // No model is configured for tool-output: `mcp serve` asks the gateway,
    // which sends the extraction's requests to the upstream with the
    // conversation's key and model; the scripted model refuses any request
    // without that key.
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT, "mode": "full-chunked",
               "key": "sk-ant-scripted"}),
    );
    let gateway = Gateway::start(&scratch, &model);
    setup_gateway(&scratch, "claude-code", &gateway.url, &[]);
    let mut cmd = model.command(&claude);
    cmd.args([
        "-p",
        "Read the file and tell me what failed.",
        "--output-format",
        "json",
        "--allowedTools",
        "Bash,mcp__tool-output",
        "--model",
        "claude-sonnet-4-5",
    ])
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("ANTHROPIC_API_KEY", "sk-ant-scripted")
    .env("CLAUDE_CODE_MAX_RETRIES", "1")
    .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
    .env("DISABLE_AUTOUPDATER", "1")
    .env("DISABLE_TELEMETRY", "1")
    .env("DISABLE_ERROR_REPORTING", "1")
    .env("ENABLE_TOOL_SEARCH", "false")
    .env("MCP_TIMEOUT", "120000")
    .current_dir(scratch.project());
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(
        cmd,
        &model,
        &scratch,
        "claude -p, full-chunked on the conversation's model",
    );

    let [_, second, third] = run.three_turns();
    let handle = handle_in(second["tool_result"].as_str().unwrap_or_default()).unwrap_or_default();
    run.check(
        second["reply"][2]["mode"] == "full-chunked",
        "turn 2 asks for full-chunked",
    );
    let answer = third["tool_result"].as_str().unwrap_or_default();
    run.check(
        answer.starts_with(&format!(
            "ABSTRACT FROM TOOL OUTPUT Bash WITH HANDLE {handle}, STRATEGY:full-chunked:"
        )),
        "the answer is full-chunked's, not a fallback's",
    );
    run.check(answer.contains(NEEDLE), "the model found the planted line");
    let extractions: Vec<&Value> = run
        .requests
        .iter()
        .filter(|r| r["kind"] == "extraction")
        .collect();
    run.check(
        !extractions.is_empty(),
        "the extraction's requests reached the upstream",
    );
    run.check(
        extractions
            .iter()
            .all(|r| r["model"] == "claude-sonnet-4-5"),
        "on the conversation's model",
    );
    run.check(
        !run.requests.iter().any(|r| r["kind"] == "refused"),
        "every request carried the client's key (the model checks it)",
    );
    // Counted: the session's stats and the doctor's view.
    let stats = Command::new(bin())
        .args(["--root"])
        .arg(scratch.root())
        .args(["--session", "gateway", "--json", "stats"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap_or_default();
    run.check(
        stats["llm_calls"].as_u64().unwrap_or(0) as usize == extractions.len(),
        &format!("stats counts the lent calls: {stats}"),
    );
    let doctor = Command::new(bin())
        .args(["--root"])
        .arg(scratch.root())
        .args(["doctor"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .output()
        .unwrap();
    let doctor = String::from_utf8_lossy(&doctor.stdout);
    run.check(
        doctor.contains(&format!(
            "session gateway at {}: running; lent anthropic claude-sonnet-4-5 for {} calls",
            gateway.url,
            extractions.len()
        )),
        &format!("doctor shows the gateway and its lent calls: {doctor}"),
    );
    let log = std::fs::read_to_string(&gateway.log).unwrap_or_default();
    run.check(
        !log.contains("sk-ant-scripted"),
        "the key is not in the gateway's log",
    );
    gateway.check(&run);
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

//! Codex (`@openai/codex`, pinned in tests/hosts/package.json) headless
//! (`codex exec`) against the scripted model, speaking OpenAI Responses over
//! SSE. Codex offers an MCP server's tools in a namespace (`mcp__files`)
//! under their own names.

use super::*;

/// `codex exec` with a fresh HOME and CODEX_HOME whose config.toml points at
/// the scripted model (no retries, no analytics, no update check), then
/// `more` (TOML).
fn codex(scratch: &Scratch, model: &Model, more: &str, args: &[&str]) -> Option<Command> {
    codex_in(scratch, model, more, args, Sandbox::Bypassed)
}

/// How `codex exec` runs commands.
#[derive(PartialEq)]
enum Sandbox {
    /// `--dangerously-bypass-approvals-and-sandbox`.
    Bypassed,
    /// Plain `codex exec`: approval policy never, a read-only sandbox.
    Default,
}

fn codex_in(
    scratch: &Scratch,
    model: &Model,
    more: &str,
    args: &[&str],
    sandbox: Sandbox,
) -> Option<Command> {
    let codex = installed("codex")?;
    let codex_home = scratch.home().join(".codex");
    std::fs::create_dir_all(&codex_home).unwrap();
    let config = format!(
        r#"model = "scripted-model"
model_provider = "scripted"
check_for_update_on_startup = false

[model_providers.scripted]
name = "scripted"
base_url = "{url}/v1"
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[otel]
exporter = "none"
{more}"#,
        url = model.url(),
    );
    std::fs::write(codex_home.join("config.toml"), config).unwrap();
    let mut cmd = model.command(&codex);
    cmd.args(["exec", "--skip-git-repo-check", "--json"]);
    if sandbox == Sandbox::Bypassed {
        cmd.arg("--dangerously-bypass-approvals-and-sandbox");
    }
    cmd.args([
        // The curated-plugins sync would look up a code host every run.
        "--disable",
        "plugins",
    ])
    .args(args)
    .arg("Read the file and tell me what failed.")
    .env_clear()
    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
    .env("HOME", scratch.home())
    .env("CODEX_HOME", &codex_home)
    .env("SCRIPTED_API_KEY", "sk-scripted")
    .current_dir(scratch.project());
    Some(cmd)
}

#[test]
fn codex_gets_the_handle_message_from_the_proxy_and_the_answer_from_tool_output() {
    if installed("codex").is_none() {
        return;
    }
    let scratch = Scratch::new("codex-mcp");
    let big = write_big_log(&scratch.project());
    let bytes = std::fs::metadata(&big).unwrap().len() as usize;
    let model = Model::start(&scratch, read_big_log_script(&big));
    let proxy: Vec<Value> = scratch
        .filesystem_proxy(&[])
        .into_iter()
        .map(Value::from)
        .collect();
    let server = format!(
        r#"
[mcp_servers.files]
command = {command}
args = {args}
# Codex starts the first turn only once a required server is up; with
# startup_readiness = "catalog" alone it waits about a second for the tools,
# and a slow start (a loaded machine) sends the first turn without them.
required = true
startup_readiness = "catalog"
startup_timeout_sec = 120
"#,
        command = proxy[0],
        args = Value::from(proxy[1..].to_vec()),
    );
    let cmd = codex(&scratch, &model, &server, &[]).unwrap();
    let run = Run::of(cmd, &model, &scratch, "codex exec, MCP through the proxy");

    let (message, _answer) = assert_mcp_turns(&run, "read_text_file", "tool_output", bytes);
    let [first, second, third] = run.three_turns();
    run.check(
        first["body"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["type"] == "namespace" && t["name"] == "mcp__files"),
        "the proxy's tools come in the namespace mcp__files",
    );
    // Codex gives an MCP result as input_text parts: its own timing line,
    // then the result's content (the resource link as its JSON).
    let handle = handle_in(&message).unwrap();
    let parts = &second["tool_result_raw"];
    run.check(
        parts[0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Wall time: ") && t.ends_with(" seconds\nOutput:")),
        "Codex's own line first",
    );
    run.check(
        parts[1]["text"].as_str().is_some_and(|t| {
            t.starts_with(
                "This result's text, which its structuredContent repeats, is stored once:\n\
                 Tool output is too large (",
            )
        }),
        "then the handle message as the proxy wrote it",
    );
    let link: Value =
        serde_json::from_str(parts[2]["text"].as_str().unwrap_or_default()).unwrap_or_default();
    run.check(
        link["type"] == "resource_link" && link["uri"] == format!("tool-output://{handle}"),
        "then the link to the stored output",
    );
    run.check(
        third["tool_result_raw"][1]["text"]
            .as_str()
            .is_some_and(|t| {
                t.starts_with(&format!(
                "ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:\n"
            ))
            }),
        "the answer as tool_output wrote it",
    );
    // The last event is the model's last text.
    run.check(
        run.stdout
            .contains(r#""type":"agent_message","text":"DONE""#),
        "codex's last message is the model's",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn codexs_shell_output_becomes_a_handle_message_that_mcp_serve_answers() {
    if installed("codex").is_none() {
        return;
    }
    let scratch = Scratch::new("codex-shell");
    let big = write_big_log(&scratch.project());
    let bytes = std::fs::metadata(&big).unwrap().len() as usize;
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    let mut cmd = codex(
        &scratch,
        &model,
        "",
        // Hooks from the user's files run only once trusted.
        &["--dangerously-bypass-hook-trust"],
    )
    .unwrap();
    // config.toml as `setup` merges into it: PreToolUse on Bash runs
    // `tool-output hook codex`, which wraps the command in `tool-output
    // --session codex run`, and `mcp serve` opens that session (Codex passes
    // it TOOL_OUTPUT_ROOT, named in env_vars).
    setup_write(
        &scratch,
        "codex",
        &[("CODEX_HOME", scratch.home().join(".codex"))],
    );
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(cmd, &model, &scratch, "codex exec, its shell with the hook");

    let (message, answer) = assert_shell_turns(&run, "exec_command", "tool_output", "Bash");
    run.check(
        message.contains(&format!(
            "\nTool output is too large ({bytes} bytes, 20000 lines, "
        )),
        "the handle message counts the command's whole output",
    );
    // Codex's own lines, then the handle message `tool-output run` printed.
    run.check(
        message.contains("\nProcess exited with code 0\n")
            && message.contains("\nOutput:\nTool output is too large ("),
        "the model gets the handle message as the command's output",
    );
    run.check(
        !message.contains("Warning: truncated output"),
        "Codex did not cut the output",
    );
    run.check(
        answer.contains("\nABSTRACT FROM TOOL OUTPUT Bash WITH HANDLE "),
        "the answer is the MCP result's text",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn plain_codex_exec_runs_commands_as_it_would_have_in_its_read_only_sandbox() {
    if installed("codex").is_none() {
        return;
    }
    let scratch = Scratch::new("codex-read-only");
    write_big_log(&scratch.project());
    let model = Model::start(
        &scratch,
        json!({"shell": "cat big.log", "extract": EXTRACT}),
    );
    // Plain `codex exec` says bypassPermissions, but its sandbox is
    // read-only: `run` could not store there, so the hook leaves the
    // command alone and Codex gives the model its own cut.
    let mut cmd = codex_in(
        &scratch,
        &model,
        "",
        &["--dangerously-bypass-hook-trust"],
        Sandbox::Default,
    )
    .unwrap();
    setup_write(
        &scratch,
        "codex",
        &[("CODEX_HOME", scratch.home().join(".codex"))],
    );
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(
        cmd,
        &model,
        &scratch,
        "codex exec, read-only, with the hook",
    );
    let turns = run.turns();
    run.check(turns.len() == 2, "the command, then the end (no handle)");
    let result = turns[1]["tool_result"].as_str().unwrap_or_default();
    run.check(
        result.contains("Process exited with code 0") && result.contains("line 0: INFO"),
        "the command ran, as Codex runs it",
    );
    run.check(
        !result.contains("tool-output"),
        "nothing of ours: no wrapper, no warning that it could not store",
    );
    run.check(
        turns[1]["reply"] == json!(["text", "NO HANDLE IN THE TOOL RESULT"]),
        "the model got Codex's own output",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

#[test]
fn codex_applies_a_patch_given_as_a_shell_command_with_the_hook_on() {
    if installed("codex").is_none() {
        return;
    }
    let scratch = Scratch::new("codex-apply-patch");
    let patch = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: hello.txt\n+hello from the patch\n*** End Patch\nEOF\n";
    let model = Model::start(&scratch, json!({"shell": patch, "extract": EXTRACT}));
    let mut cmd = codex(&scratch, &model, "", &["--dangerously-bypass-hook-trust"]).unwrap();
    setup_write(
        &scratch,
        "codex",
        &[("CODEX_HOME", scratch.home().join(".codex"))],
    );
    with_test_root(&mut cmd, &scratch);
    let run = Run::of(
        cmd,
        &model,
        &scratch,
        "codex exec, apply_patch, with the hook",
    );
    run.check(
        std::fs::read_to_string(scratch.project().join("hello.txt")).unwrap_or_default()
            == "hello from the patch\n",
        "Codex applied the patch itself",
    );
    std::fs::remove_dir_all(&scratch.dir).unwrap();
}

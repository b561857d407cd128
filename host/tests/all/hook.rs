//! `tool-output hook HOST` driven as the hosts drive it: their recorded
//! hook JSON (tests/fixtures/hooks, outputs of the size each case needs put
//! in) on stdin, the exact answer on stdout. Whatever goes wrong, the hook
//! exits 0 with nothing on stdout (the host's output stands) and one line
//! on stderr. The commands the Codex hook rewrites are run with `sh -c`
//! beside the originals: same output, same exit code.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::common;

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hooks")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A home for the host (its `.claude/projects`) and a root for our sessions.
struct Place {
    root: PathBuf,
    home: PathBuf,
}

impl Place {
    fn new() -> Place {
        let root = common::root("hook");
        let home = root.join("home");
        std::fs::create_dir_all(home.join(".claude/projects/p/s/tool-results")).unwrap();
        Place { root, home }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("TOOL_OUTPUT_ROOT", &self.root)
            .current_dir(&self.root);
        cmd
    }

    fn hook(&self, host: &str, input: &[u8]) -> Output {
        common::run_cmd(self.command(&["hook", host]), input)
    }

    /// The last lines of `handle`, which must be listed in `session`.
    fn stored(&self, session: &str, handle: &str) -> String {
        let out = common::run_cmd(self.command(&["--session", session, "--json", "list"]), b"");
        let list: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
        assert!(
            list.as_array()
                .unwrap()
                .iter()
                .any(|h| h["handle"] == handle),
            "{handle} in {session}: {list}"
        );
        let out = common::run_cmd(
            self.command(&["--session", session, "tail", handle, "-n", "3"]),
            b"",
        );
        common::stdout(&out)
    }
}

fn handle_of(message: &str) -> String {
    let re = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    re.captures(message).expect("a handle")[1].to_string()
}

fn numbers(n: u32) -> String {
    (1..=n).map(|i| format!("{i}\n")).collect()
}

/// Nothing on stdout, exit 0, and `stderr_lines` lines on stderr.
fn left_alone(out: &Output, stderr_lines: usize) {
    assert!(out.status.success(), "exit {:?}", out.status.code());
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = common::stderr(out);
    assert_eq!(stderr.lines().count(), stderr_lines, "stderr: {stderr}");
}

fn claude_post(place: &Place, stdout: &str, persisted: Option<&Path>) -> Value {
    let mut input = fixture("claude_hook_stdin_PostToolUse.json");
    input["transcript_path"] = json!(place.home.join(".claude/projects/p/s.jsonl"));
    let response = input["tool_response"].as_object_mut().unwrap();
    response.insert("stdout".into(), json!(stdout));
    match persisted {
        Some(path) => {
            response.insert("persistedOutputPath".into(), json!(path));
        }
        None => {
            response.remove("persistedOutputPath");
            response.remove("persistedOutputSize");
        }
    }
    input
}

#[test]
fn claude_code_replaces_a_large_output_with_its_handle_message() {
    let place = Place::new();
    let full = numbers(100_000);
    let file = place.home.join(".claude/projects/p/s/tool-results/b1.txt");
    std::fs::write(&file, &full).unwrap();
    // Claude Code cut stdout at 30 000 characters; the file has it all.
    let input = claude_post(&place, &full[..30_000], Some(&file));
    let out = place.hook("claude-code", input.to_string().as_bytes());
    let answer: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
    let message = answer["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        answer,
        json!({"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
            "stdout": message, "stderr": "", "interrupted": false, "isImage": false,
            "noOutputExpected": false}}}),
    );
    assert!(
        message.starts_with("Tool output is too large (588895 bytes, 100000 lines"),
        "{message}"
    );
    // The session `mcp serve --session claude-${CLAUDE_CODE_SESSION_ID}` opens.
    let session = "claude-0ab32248-35fa-47b9-8bde-2cd393717c42";
    let tail = place.stored(session, &handle_of(&message));
    assert!(tail.ends_with("100000: 100000\n"), "{tail}");
    let out = common::run_cmd(
        {
            let mut cmd = place.command(&["--session", "claude-${CLAUDE_CODE_SESSION_ID}", "list"]);
            cmd.env(
                "CLAUDE_CODE_SESSION_ID",
                "0ab32248-35fa-47b9-8bde-2cd393717c42",
            );
            cmd
        },
        b"",
    );
    assert!(common::stdout(&out).contains(&handle_of(&message)));
}

#[test]
fn claude_code_stores_stdout_and_stderr_without_a_persisted_file() {
    let place = Place::new();
    let mut input = claude_post(&place, &numbers(5000), None);
    input["tool_response"]["stderr"] = json!("error: the last line\n");
    let out = place.hook("claude-code", input.to_string().as_bytes());
    let answer: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
    let message = answer["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
        .as_str()
        .unwrap();
    let tail = place.stored(
        "claude-0ab32248-35fa-47b9-8bde-2cd393717c42",
        &handle_of(message),
    );
    assert!(
        tail.ends_with("5000: 5000\n5001: error: the last line\n"),
        "{tail}"
    );
}

#[test]
fn claude_code_leaves_small_outputs_and_other_tools_alone() {
    let place = Place::new();
    let input = claude_post(&place, "hello\n", None);
    left_alone(&place.hook("claude-code", input.to_string().as_bytes()), 0);
    // VS Code runs Claude Code's hooks for every tool, whatever the matcher.
    let mut other = claude_post(&place, &numbers(5000), None);
    other["tool_name"] = json!("Read");
    left_alone(&place.hook("claude-code", other.to_string().as_bytes()), 0);
    let camel = json!({"hookEventName": "PostToolUse", "sessionId": "x", "tool_name": "runTerminalCommand"});
    left_alone(&place.hook("claude-code", camel.to_string().as_bytes()), 0);
    // A PreToolUse sent to the PostToolUse hook.
    let pre = fixture("claude_hook_stdin_PreToolUse.json");
    left_alone(&place.hook("claude-code", pre.to_string().as_bytes()), 0);
}

#[test]
fn hostile_input_leaves_the_output_as_it_is() {
    let place = Place::new();
    for garbage in [
        &b"not json"[..],
        b"[1, 2]",
        b"\xff\xfe{",
        b"",
        &[b'['; 100_000],
    ] {
        left_alone(&place.hook("claude-code", garbage), 1);
    }
    // Over the 64 MiB the hook reads.
    let mut huge = claude_post(&place, "", None);
    huge["tool_response"]["stdout"] = json!("x".repeat(65 << 20));
    let out = place.hook("claude-code", huge.to_string().as_bytes());
    left_alone(&out, 1);
    assert!(common::stderr(&out).contains("over 64 MiB"));
    // A session id that is no session name.
    let mut bad = claude_post(&place, &numbers(5000), None);
    bad["session_id"] = json!("../../etc");
    left_alone(&place.hook("claude-code", bad.to_string().as_bytes()), 1);
}

#[test]
fn persisted_paths_are_read_only_as_regular_files_under_claudes_projects() {
    let place = Place::new();
    let projects = place.home.join(".claude/projects/p/s/tool-results");
    // A FIFO where Claude Code keeps outputs: never opened for reading (it would block).
    let fifo = projects.join("fifo.txt");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Outside Claude Code's directory, directly and through a link.
    let outside = place.root.join("secret.txt");
    std::fs::write(&outside, numbers(5000)).unwrap();
    let link = projects.join("link.txt");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let dir = projects.join("dir.txt");
    std::fs::create_dir(&dir).unwrap();
    for (path, says) in [
        (fifo.as_path(), "not a regular file"),
        (Path::new("/etc/passwd"), "is not under"),
        (outside.as_path(), "is not under"),
        (link.as_path(), "is not under"),
        (dir.as_path(), "not a regular file"),
        (Path::new("relative/out.txt"), "not an absolute path"),
        (&projects.join("missing.txt"), "missing.txt"),
    ] {
        let input = claude_post(&place, &numbers(5000), Some(path));
        let mut child = place
            .command(&["hook", "claude-code"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.to_string().as_bytes())
            .unwrap();
        common::wait_at_most(&mut child, Duration::from_secs(60), "the hook");
        let out = child.wait_with_output().unwrap();
        left_alone(&out, 1);
        assert!(
            common::stderr(&out).contains(says),
            "{path:?}: {}",
            common::stderr(&out)
        );
    }
}

#[test]
fn gemini_cli_replaces_a_large_output_with_its_handle_message() {
    let place = Place::new();
    let mut input = fixture("gemini_hook_stdin_AfterTool.json");
    let output = format!("Output: {}Process Group PGID: 4242", numbers(100_000));
    input["tool_response"]["llmContent"] = json!(format!(
        "<untrusted_context>\n{output}\n</untrusted_context>"
    ));
    let out = place.hook("gemini-cli", input.to_string().as_bytes());
    let answer: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
    let reason = answer["reason"].as_str().unwrap().to_string();
    assert_eq!(answer, json!({"decision": "deny", "reason": reason}));
    let message = reason
        .strip_prefix("Not an error: the command ran, and its output was too large to show; tool-output stored it.\n")
        .expect("says it is no error");
    let expected = format!(
        "Tool output is too large ({} bytes, 100001 lines",
        output.len()
    );
    assert!(message.starts_with(&expected), "{message}");
    let tail = place.stored("gemini", &handle_of(message));
    assert!(
        tail.ends_with("100001: Process Group PGID: 4242\n"),
        "{tail}"
    );
    // Small outputs, and BeforeTool, are not ours.
    input["tool_response"]["llmContent"] =
        json!("<untrusted_context>\nOutput: hi\n</untrusted_context>");
    left_alone(&place.hook("gemini-cli", input.to_string().as_bytes()), 0);
    let before = fixture("gemini_hook_stdin_BeforeTool.json");
    left_alone(&place.hook("gemini-cli", before.to_string().as_bytes()), 0);
}

fn codex_pre(command: &str, mode: &str) -> Value {
    let mut input = fixture("codex_hook_stdin_PreToolUse.json");
    input["tool_input"]["command"] = json!(command);
    input["permission_mode"] = json!(mode);
    input
}

/// Codex's transcript under the place's CODEX_HOME, its turn's sandbox
/// `policy` (and `profile`, its permission profile) as Codex 0.169.0
/// writes them; the hook input pointing at it.
fn codex_in_sandbox(place: &Place, command: &str, policy: Value, profile: Value) -> Value {
    let sessions = place.home.join(".codex/sessions/2026/11/27");
    std::fs::create_dir_all(&sessions).unwrap();
    let transcript = sessions.join(format!("rollout-{}.jsonl", uuid::Uuid::new_v4()));
    let lines = [
        json!({"timestamp": "2026-11-27T13:06:51.321Z", "type": "session_meta", "payload": {"id": "x"}}),
        json!({"timestamp": "2026-11-27T13:06:51.322Z", "type": "turn_context", "payload": {
            "cwd": "/nowhere/project", "approval_policy": "never", "permission_profile": profile,
            "sandbox_policy": policy, "model": "scripted-model"}}),
        json!({"timestamp": "2026-11-27T13:06:51.400Z", "type": "response_item", "payload": {"type": "message"}}),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&transcript, text).unwrap();
    let mut input = codex_pre(command, "bypassPermissions");
    input["transcript_path"] = json!(transcript);
    input
}

/// A turn run without Codex's sandbox (`--dangerously-bypass-approvals-and-sandbox`).
fn codex_unsandboxed(place: &Place, command: &str) -> Value {
    codex_in_sandbox(
        place,
        command,
        json!({"type": "danger-full-access"}),
        json!({"type": "disabled"}),
    )
}

/// The command the Codex hook rewrites `command` into (None: left alone).
fn codex_rewrite(place: &Place, command: &str) -> Option<String> {
    codex_answer(place, codex_unsandboxed(place, command))
}

/// The command the Codex hook rewrites `input`'s into (None: left alone).
fn codex_answer(place: &Place, input: Value) -> Option<String> {
    let out = place.hook("codex", input.to_string().as_bytes());
    let stdout = common::stdout(&out);
    if stdout.is_empty() {
        return None;
    }
    let answer: Value = serde_json::from_str(&stdout).unwrap();
    let rewritten = answer["hookSpecificOutput"]["updatedInput"]["command"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        answer,
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
            "permissionDecisionReason": "tool-output: run under `tool-output run`, which stores a large output",
            "updatedInput": {"command": rewritten}}})
    );
    Some(rewritten)
}

fn sh(place: &Place, command: &str) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(command)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &place.home)
        .env("TOOL_OUTPUT_ROOT", &place.root)
        .env("LC_ALL", "C.UTF-8")
        .current_dir(&place.root);
    common::run_cmd(cmd, b"")
}

#[test]
fn codex_commands_run_under_run_exactly_as_they_would_have() {
    let place = Place::new();
    for command in [
        "echo hello",
        "echo \"it's\"; echo 'say \"hi\"'",
        "printf '%s\\n' \"$(echo a'b)\" `echo back`",
        "echo $HOME; echo ${HOME}x; echo '$HOME'",
        "for i in 1 2 3; do\n  echo line $i\ndone",
        "echo ünïcødé ✓ 日本",
        "echo a\\\\b 'c\\d' \"e\\\\f\"",
        "cat <<'EOF'\n$HOME `x` 'q' \"d\" & ; |\nEOF",
        "cat <<EOF\nhome is $HOME\nEOF",
        "echo out; echo err >&2; exit 3",
        "false || echo recovered",
        "x='a b'; set -- $x; echo $#",
        "echo '\\'\\''",
        "echo -n no newline",
        "trap 'echo trapped' EXIT; echo body",
        "echo \"$0\" | grep -c sh",
    ] {
        let rewritten =
            codex_rewrite(&place, command).unwrap_or_else(|| panic!("not wrapped: {command:?}"));
        let original = sh(&place, command);
        let wrapped = sh(&place, &rewritten);
        // `run` gives stdout and stderr as one stream, in order.
        let mut expected = original.stdout.clone();
        expected.extend_from_slice(&original.stderr);
        if original.stderr.is_empty() {
            assert_eq!(
                wrapped.stdout, original.stdout,
                "{command:?} as {rewritten:?}"
            );
        } else {
            let mut got = wrapped.stdout.clone();
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "{command:?}");
        }
        assert_eq!(wrapped.status.code(), original.status.code(), "{command:?}");
    }
}

#[test]
fn codex_large_outputs_come_back_as_handle_messages() {
    let place = Place::new();
    let rewritten = codex_rewrite(&place, "seq 1 100000").unwrap();
    let out = sh(&place, &rewritten);
    let message = common::stdout(&out);
    assert!(
        message.starts_with("Tool output is too large (588895 bytes"),
        "{message}"
    );
    let tail = place.stored("codex", &handle_of(&message));
    assert!(tail.ends_with("100000: 100000\n"));
}

#[test]
fn codex_commands_that_must_not_be_wrapped_are_left_alone() {
    let place = Place::new();
    // Only when Codex runs commands without asking: otherwise "allow" would approve them.
    for mode in ["default", "acceptEdits", "plan", "dontAsk"] {
        let mut input = codex_unsandboxed(&place, "make");
        input["permission_mode"] = json!(mode);
        left_alone(&place.hook("codex", input.to_string().as_bytes()), 0);
    }
    let exe = env!("CARGO_BIN_EXE_tool-output");
    for command in [
        "npm run dev &",
        "nohup ./server",
        "vim notes.txt",
        "python3",
        "tail -f app.log",
        "docker run -it ubuntu bash",
        "git add -p",
        &format!("'{exe}' run -- make"),
        "tool-output run -- make",
        "",
        // Codex applies a patch given as a shell command itself.
        "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch\nEOF",
        "cd sub && apply_patch <<'PATCH'\n*** Begin Patch\n*** End Patch\nPATCH",
    ] {
        assert_eq!(codex_rewrite(&place, command), None, "{command:?}");
    }
    // A rewritten command is not rewritten again.
    let once = codex_rewrite(&place, "make").unwrap();
    assert_eq!(codex_rewrite(&place, &once), None);
}

#[test]
fn session_names_expand_variables() {
    let place = Place::new();
    let out = common::run_cmd(
        place.command(&["--session", "claude-${NOT_SET_HERE}", "list"]),
        b"",
    );
    assert!(!out.status.success());
    assert!(
        common::stderr(&out).contains("NOT_SET_HERE is not set"),
        "{}",
        common::stderr(&out)
    );
    let mut cmd = place.command(&[
        "--session",
        "claude-${ID}",
        "--json",
        "store",
        "--tool",
        "t",
    ]);
    cmd.env("ID", "abc");
    let out = common::run_cmd(cmd, numbers(5000).as_bytes());
    common::stdout(&out);
    assert!(place.root.join("sessions/claude-abc").is_dir());
    let mut cmd = place.command(&["--session", "x-${ID}", "list"]);
    cmd.env("ID", "../up");
    assert!(!common::run_cmd(cmd, b"").status.success());
}

#[test]
fn opencode_plugin_stores_bash_outputs() {
    if Command::new("node").arg("--version").output().is_err() {
        eprintln!("node is not installed: the opencode plugin test is skipped");
        return;
    }
    let place = Place::new();
    let exe = env!("CARGO_BIN_EXE_tool-output");
    common::stdout(&common::run_cmd(
        place.command(&["setup", "opencode", "--write", "--command", exe]),
        b"",
    ));
    let plugin = place.home.join(".config/opencode/plugins/tool-output.js");
    let full = place.root.join("tool_full");
    std::fs::write(&full, numbers(100_000)).unwrap();
    let recorded = fixture("opencode_plugin_after.json");
    let long_command: String = format!(
        "cat <<'EOF'\n{}EOF",
        (0..12_000)
            .map(|i| format!("\"quoted\" line {i}\n"))
            .collect::<String>()
    );
    assert!(long_command.len() > 200_000);
    let driver = place.root.join("driver.mjs");
    std::fs::write(
        &driver,
        format!(
            "import {{ ToolOutput }} from {plugin};\n\
             const hooks = await ToolOutput({{}});\n\
             const cases = {cases};\n\
             for (const [input, output] of cases) {{\n\
               await hooks['tool.execute.after'](input, output);\n\
               console.log(JSON.stringify(output.output));\n\
             }}\n",
            plugin = serde_json::to_string(&format!("file://{}", plugin.display())).unwrap(),
            cases = json!([
                // opencode cut the output and kept it whole in a file.
                [recorded["input"], {
                    "title": "seq", "output": "...output truncated...",
                    "metadata": {"truncated": true, "outputPath": full, "exit": 0}
                }],
                // Small: left as it is.
                [recorded["input"], {"title": "echo", "output": "hi\n", "metadata": {"truncated": false}}],
                // Another tool.
                [{"tool": "read", "sessionID": "s", "callID": "c"}, {"output": numbers(5000), "metadata": {}}],
                // A 200 KB command (a here-document): its arguments would be
                // one argument of `store` over 128 KiB (E2BIG).
                [{"tool": "bash", "sessionID": "s", "callID": "c2", "args": {"command": long_command}}, {
                    "title": "cat", "output": "...output truncated...",
                    "metadata": {"truncated": true, "outputPath": full, "exit": 0}
                }],
            ]),
        ),
    )
    .unwrap();
    let mut node = Command::new("node");
    node.arg(&driver)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &place.home)
        .env("TOOL_OUTPUT_ROOT", &place.root);
    let out = common::run_cmd(node, b"");
    let lines: Vec<String> = common::stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<String>(l).unwrap())
        .collect();
    assert!(
        lines[0].starts_with("Tool output is too large (588895 bytes"),
        "{}",
        lines[0]
    );
    let tail = place.stored("opencode", &handle_of(&lines[0]));
    assert!(tail.ends_with("100000: 100000\n"));
    assert_eq!(lines[1], "hi\n");
    assert_eq!(lines[2], numbers(5000));
    assert!(
        lines[3].starts_with("Tool output is too large (588895 bytes"),
        "{}",
        lines[3]
    );
}

#[test]
fn codex_commands_are_wrapped_only_where_codexs_sandbox_lets_run_store() {
    let place = Place::new();
    let root = place.root.display().to_string();
    let read_only_profile = json!({"type": "managed", "file_system": {"type": "restricted", "entries": [
        {"path": {"type": "special", "value": {"kind": "root"}}, "access": "read"}]}, "network": "restricted"});
    let workspace = |writable: &str| {
        json!({"type": "managed", "file_system": {"type": "restricted", "entries": [
            {"path": {"type": "special", "value": {"kind": "root"}}, "access": "read"},
            {"path": {"type": "path", "path": writable}, "access": "write"},
            {"path": {"type": "path", "path": format!("{writable}/.git")}, "access": "read"},
            {"path": {"type": "special", "value": {"kind": "slash_tmp"}}, "access": "write"}]}})
    };
    let workspace_policy = json!({"type": "workspace-write", "network_access": false,
        "exclude_tmpdir_env_var": false, "exclude_slash_tmp": false});
    // Plain `codex exec`: read-only, so `run` could not store; left alone, and said why.
    let input = codex_in_sandbox(
        &place,
        "seq 1 100000",
        json!({"type": "read-only"}),
        read_only_profile,
    );
    let out = place.hook("codex", input.to_string().as_bytes());
    left_alone(&out, 1);
    assert!(
        common::stderr(&out).contains("read-only"),
        "{}",
        common::stderr(&out)
    );
    // Workspace-write on another directory: the root is not writable (nor
    // /tmp and $TMPDIR, which may hold this checkout and its scratch root).
    let elsewhere_policy = json!({"type": "workspace-write", "network_access": false,
        "exclude_tmpdir_env_var": true, "exclude_slash_tmp": true});
    let mut elsewhere = workspace("/nowhere/project");
    let entries = elsewhere["file_system"]["entries"].as_array_mut().unwrap();
    entries.retain(|e| e["path"]["value"]["kind"] != "slash_tmp");
    let input = codex_in_sandbox(&place, "seq 1 100000", elsewhere_policy.clone(), elsewhere);
    let out = place.hook("codex", input.to_string().as_bytes());
    left_alone(&out, 1);
    assert!(
        common::stderr(&out).contains("writable_roots"),
        "{}",
        common::stderr(&out)
    );
    // The root inside a writable root, but under a read-only part of it.
    let input = codex_in_sandbox(
        &place,
        "seq 1 100000",
        workspace_policy.clone(),
        json!({"type": "managed",
        "file_system": {"type": "restricted", "entries": [
            {"path": {"type": "path", "path": place.root.parent().unwrap()}, "access": "write"},
            {"path": {"type": "path", "path": root}, "access": "read"}]}}),
    );
    left_alone(&place.hook("codex", input.to_string().as_bytes()), 1);
    // The root writable: wrapped, and the command stores.
    let input = codex_in_sandbox(
        &place,
        "seq 1 100000",
        workspace_policy.clone(),
        workspace(&root),
    );
    let rewritten = codex_answer(&place, input).expect("wrapped in a writable sandbox");
    let message = common::stdout(&sh(&place, &rewritten));
    assert!(
        message.starts_with("Tool output is too large (588895 bytes"),
        "{message}"
    );
    // Without a profile, the policy's own fields say it.
    let mut policy = workspace_policy.clone();
    policy["writable_roots"] = json!([root]);
    assert!(
        codex_answer(
            &place,
            codex_in_sandbox(&place, "make", policy, Value::Null)
        )
        .is_some()
    );
    // (Not /tmp either: it may hold the scratch root.)
    assert!(
        codex_answer(
            &place,
            codex_in_sandbox(&place, "make", elsewhere_policy, Value::Null)
        )
        .is_none()
    );
    // A transcript that cannot be read, or is not Codex's: left alone, and said why.
    for path in [
        json!("/nonexistent/rollout.jsonl"),
        json!(place.root.join("elsewhere.jsonl")),
        Value::Null,
    ] {
        std::fs::write(place.root.join("elsewhere.jsonl"), "{}").unwrap();
        let mut input = codex_unsandboxed(&place, "make");
        input["transcript_path"] = path.clone();
        let out = place.hook("codex", input.to_string().as_bytes());
        left_alone(&out, 1);
        assert!(
            common::stderr(&out).contains("could not tell"),
            "{path}: {}",
            common::stderr(&out)
        );
    }
}

#[test]
fn codex_never_makes_a_command_longer_than_a_shell_argument_may_be() {
    let place = Place::new();
    // A 112 KB here-document full of quotes: 196 KB once quoted, past the
    // 128 KiB one argument may take (E2BIG). Left alone, said why.
    let body: String = (0..7000).map(|i| format!("it's line '{i}'\n")).collect();
    let heredoc = format!("cat <<'EOF' > notes.txt\n{body}EOF\nwc -l notes.txt");
    assert!(heredoc.len() > 100_000 && heredoc.len() < 131_072);
    let out = place.hook(
        "codex",
        codex_unsandboxed(&place, &heredoc).to_string().as_bytes(),
    );
    left_alone(&out, 1);
    assert!(
        common::stderr(&out).contains("one shell argument"),
        "{}",
        common::stderr(&out)
    );
    // The same size without quotes fits, and runs as it would have.
    let plain = heredoc.replace('\'', "").replace("<<EOF", "<<'EOF'");
    let rewritten = codex_rewrite(&place, &plain).expect("wrapped");
    assert!(rewritten.len() < 131_072);
    let out = sh(&place, &rewritten);
    assert_eq!(common::stdout(&out), "7000 notes.txt\n");
    // A call with more than its command is not rewritten.
    let mut input = codex_unsandboxed(&place, "make");
    input["tool_input"]["workdir"] = json!("/tmp");
    left_alone(&place.hook("codex", input.to_string().as_bytes()), 1);
}

/// `tool-output hook HOST` run with `args` before the host's name and
/// `vars` in its environment, `input` on stdin, stdout `to`.
fn hook_with(
    place: &Place,
    args: &[&str],
    vars: &[(&str, &str)],
    input: &[u8],
    to: Stdio,
) -> Output {
    let mut cmd = place.command(args);
    cmd.envs(vars.iter().copied());
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(to)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(input);
    common::wait_at_most(&mut child, Duration::from_secs(120), "the hook");
    child.wait_with_output().unwrap()
}

#[test]
fn a_hook_never_blocks_its_host_whatever_goes_wrong() {
    let place = Place::new();
    let claude = claude_post(&place, &numbers(5000), None).to_string();
    let codex = codex_unsandboxed(&place, "seq 1 100000").to_string();
    let gemini = {
        let mut input = fixture("gemini_hook_stdin_AfterTool.json");
        input["tool_response"]["llmContent"] = json!(numbers(5000));
        input.to_string()
    };
    let file = place.root.join("a-file");
    std::fs::write(&file, "").unwrap();
    let file = file.display().to_string();
    // Each way a hook's command line, environment or work can fail.
    type Case<'a> = (&'a str, Vec<&'a str>, Vec<(&'a str, &'a str)>);
    let cases: Vec<Case> = vec![
        (
            "a bad value in the environment",
            vec!["hook", "HOST"],
            vec![("TOOL_OUTPUT_STORE_CACHE_MB", "lots")],
        ),
        (
            "an unknown option",
            vec!["hook", "HOST", "--no-such-option"],
            vec![],
        ),
        (
            "a bad option value",
            vec!["hook", "HOST", "--max-inline-bytes", "many"],
            vec![],
        ),
        (
            "a global option's bad value",
            vec!["--store-cache-mb", "-1", "hook", "HOST"],
            vec![],
        ),
        ("an unknown host", vec!["hook", "vim"], vec![]),
        ("no host", vec!["hook"], vec![]),
        (
            "a session variable that is not set",
            vec!["hook", "HOST"],
            vec![("TOOL_OUTPUT_SESSION", "x-${NOT_SET_ANYWHERE}")],
        ),
        (
            "a root that is a file",
            vec!["hook", "HOST"],
            vec![("TOOL_OUTPUT_ROOT", file.as_str())],
        ),
        (
            "a store that cannot be",
            vec!["hook", "HOST"],
            vec![("TOOL_OUTPUT_STORE", "ftp://nowhere/x")],
        ),
        (
            "a panic",
            vec!["hook", "HOST"],
            vec![("TOOL_OUTPUT_DEBUG_PANIC", "hook")],
        ),
    ];
    for (host, input) in [
        ("claude-code", &claude),
        ("codex", &codex),
        ("gemini-cli", &gemini),
    ] {
        for (what, args, vars) in &cases {
            // Codex's hook stores nothing itself (`run` does, and passes
            // the output through when it cannot).
            if host == "codex" && *what == "a store that cannot be" {
                continue;
            }
            let args: Vec<&str> = args
                .iter()
                .map(|a| if *a == "HOST" { host } else { a })
                .collect();
            let out = hook_with(&place, &args, vars, input.as_bytes(), Stdio::piped());
            assert_eq!(
                out.status.code(),
                Some(0),
                "{host}, {what}: {}",
                common::stderr(&out)
            );
            assert!(
                out.stdout.is_empty(),
                "{host}, {what}: {}",
                String::from_utf8_lossy(&out.stdout)
            );
            let stderr = common::stderr(&out);
            assert_eq!(stderr.lines().count(), 1, "{host}, {what}: {stderr}");
            assert!(!stderr.contains("panicked"), "{host}, {what}: {stderr}");
        }
        // A full disk where the answer goes: exit 0 all the same.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = hook_with(
            &place,
            &["hook", host],
            &[],
            input.as_bytes(),
            Stdio::from(full),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{host}, /dev/full: {}",
            common::stderr(&out)
        );
        assert!(
            common::stderr(&out).lines().count() <= 1,
            "{}",
            common::stderr(&out)
        );
    }
    // Not a hook: the same bad value is an error.
    let out = hook_with(
        &place,
        &["list"],
        &[("TOOL_OUTPUT_STORE_CACHE_MB", "lots")],
        b"",
        Stdio::piped(),
    );
    assert_eq!(out.status.code(), Some(2));
    let out = hook_with(
        &place,
        &["--session", "hook", "list", "--bogus"],
        &[],
        b"",
        Stdio::piped(),
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "a session named hook is no hook"
    );
}

/// Run `line` as Claude Code's shell prefix runs it: stdout and stderr one
/// regular file (Claude Code's output file), in the place's root. The exit
/// code and what the file holds.
fn claude_shell(place: &Place, line: &str) -> (Option<i32>, Vec<u8>) {
    let output = place
        .root
        .join(format!("task-{}.output", uuid::Uuid::new_v4()));
    let file = std::fs::File::create(&output).unwrap();
    let status = place
        .command(&["claude-code-shell", line])
        .env("SHELL", "/bin/bash")
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    (status.code(), std::fs::read(&output).unwrap())
}

#[test]
fn claude_codes_failed_commands_keep_their_whole_output_for_the_failure_hook() {
    let place = Place::new();
    let planted = "PLANTED-LINE-XYZ: the one line that says why";
    let line = format!("seq 1 200000; echo '{planted}' >&2; seq 1 100; exit 3");
    let (code, written) = claude_shell(&place, &line);
    // The command ran as bash runs it: same output, same exit code.
    let bash = Command::new("bash").arg("-c").arg(&line).output().unwrap();
    assert_eq!(code, Some(3));
    let mut got = written.clone();
    got.sort();
    let mut all = bash.stdout.clone();
    all.extend(&bash.stderr);
    all.sort();
    assert_eq!(got, all);
    // Claude Code's failure hook: the first 10 000 characters it showed.
    let mut input = fixture("claude_hook_stdin_PostToolUseFailure.json");
    let shown = String::from_utf8_lossy(&written[..10_000]).into_owned();
    input["error"] = json!(format!(
        "Exit code 3\n{shown}\n\n... [20012 characters truncated] ...\n\n"
    ));
    input["tool_input"]["command"] = json!(line);
    let out = place.hook("claude-code", input.to_string().as_bytes());
    let answer: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        answer["hookSpecificOutput"]["hookEventName"],
        "PostToolUseFailure"
    );
    let message = context
        .strip_prefix("The command failed, and the output above is only part of what it printed; tool-output stored all of it:\n")
        .expect("says what it is");
    assert!(
        message.starts_with(&format!(
            "Tool output is too large ({} bytes",
            written.len()
        )),
        "{message}"
    );
    // The whole output, the planted line in it, in the conversation's session.
    let session = "claude-7ce72fd2-7a48-4d66-b65c-92719e4d5f4a";
    let handle = handle_of(message);
    place.stored(session, &handle);
    let grep = common::run_cmd(
        place.command(&["--session", session, "grep", &handle, "PLANTED"]),
        b"",
    );
    assert!(common::stdout(&grep).contains(planted));
    // Taken once: the spool is empty again.
    let spool = place.root.join("spool/claude-code");
    assert_eq!(std::fs::read_dir(&spool).unwrap().count(), 0);
    left_alone(&place.hook("claude-code", input.to_string().as_bytes()), 0);
    // A command that succeeds, or prints little, leaves nothing to take.
    let (code, _) = claude_shell(&place, "seq 1 200000");
    assert_eq!(code, Some(0));
    let (code, small) = claude_shell(&place, "echo small; exit 4");
    assert_eq!((code, small), (Some(4), b"small\n".to_vec()));
    assert_eq!(std::fs::read_dir(&spool).unwrap().count(), 0);
    // Another failed command's output is not taken for this one.
    claude_shell(&place, "yes other | head -c 100000; exit 3");
    left_alone(&place.hook("claude-code", input.to_string().as_bytes()), 0);
    // stdout not a file (a hook's pipe): the command runs, its output passes.
    let out = common::run_cmd(
        place.command(&["claude-code-shell", "echo piped; exit 5"]),
        b"",
    );
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(out.stdout, b"piped\n");
}

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

/// The command the Codex hook rewrites `command` into (None: left alone).
fn codex_rewrite(place: &Place, command: &str) -> Option<String> {
    let out = place.hook(
        "codex",
        codex_pre(command, "bypassPermissions")
            .to_string()
            .as_bytes(),
    );
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
        left_alone(
            &place.hook("codex", codex_pre("make", mode).to_string().as_bytes()),
            0,
        );
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
}

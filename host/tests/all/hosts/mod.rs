//! Real agent hosts, installed as users install them (pinned npm packages in
//! `tests/hosts/node_modules`), run headless against a scripted model on
//! 127.0.0.1 (`tests/hosts/model.py`), with `tool-output` in their MCP
//! configuration: each test asserts what the model received at each step.
//! The MCP Inspector CLI drives the proxy as one more client.
//!
//! Needs `tests/hosts/setup.sh` (and `tests/mcp/setup.sh` for the real
//! servers); without them the tests say they are skipped, unless
//! TOOL_OUTPUT_REQUIRE_HOSTS=1 (CI), which makes that a failure. Each host
//! runs in a network namespace of its own that has only loopback, shared
//! with the model (when `unshare -n` works: root); telemetry, updates and
//! retries are off by environment in any case.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod claude;
mod codex;
mod gemini;
mod inspector;

/// How long a host run may take before it counts as hung (runs take 1–10 s).
const HANG: Duration = Duration::from_secs(240);

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn hosts_dir() -> PathBuf {
    workspace().join("tests/hosts")
}

fn bin() -> String {
    env!("CARGO_BIN_EXE_tool-output").to_string()
}

/// The installed command `name` of tests/hosts/node_modules/.bin, or None
/// (skip) when setup.sh has not run.
fn installed(name: &str) -> Option<PathBuf> {
    let path = hosts_dir().join("node_modules/.bin").join(name);
    let servers = workspace().join("tests/mcp/node_modules/.bin/mcp-server-filesystem");
    if path.is_file() && servers.is_file() {
        return Some(path);
    }
    if std::env::var("TOOL_OUTPUT_REQUIRE_HOSTS").is_ok_and(|v| v == "1") {
        panic!(
            "TOOL_OUTPUT_REQUIRE_HOSTS=1 but {name} is not installed: run tests/hosts/setup.sh \
             and tests/mcp/setup.sh"
        );
    }
    eprintln!("skipped: {name} is not installed (run tests/hosts/setup.sh and tests/mcp/setup.sh)");
    None
}

/// A test's own directories: HOME, the project directory the host runs in
/// (which the filesystem server serves: hosts give it as the client's root),
/// the tool-output root.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(host: &str) -> Scratch {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("hosts")
            .join(format!("{host}-{}", uuid::Uuid::new_v4().simple()));
        for sub in ["home", "project", "root"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        Scratch { dir }
    }

    fn home(&self) -> PathBuf {
        self.dir.join("home")
    }

    fn project(&self) -> PathBuf {
        self.dir.join("project")
    }

    fn root(&self) -> PathBuf {
        self.dir.join("root")
    }

    /// `tool-output --root … --cache-dir … ARGS…` as a command line.
    fn tool_output(&self, args: &[&str]) -> Vec<String> {
        warm_component();
        let mut cmd = vec![
            bin(),
            "--root".into(),
            self.root().display().to_string(),
            "--cache-dir".into(),
            cache().display().to_string(),
        ];
        cmd.extend(args.iter().map(|a| a.to_string()));
        cmd
    }

    /// The official filesystem server, serving the project directory.
    fn filesystem_server(&self) -> Vec<String> {
        vec![
            workspace()
                .join("tests/mcp/node_modules/.bin/mcp-server-filesystem")
                .display()
                .to_string(),
            self.project().display().to_string(),
        ]
    }

    /// `tool-output GLOBAL… mcp proxy -- <the filesystem server>`.
    fn filesystem_proxy(&self, global: &[&str]) -> Vec<String> {
        let mut args = global.to_vec();
        args.extend(["mcp", "proxy", "--"]);
        let mut cmd = self.tool_output(&args);
        cmd.extend(self.filesystem_server());
        cmd
    }
}

/// The component cache the other tests share.
fn cache() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-component-cache")
}

/// Compile the component into the shared cache before a host starts a
/// proxy, so a proxy's start never races a host's MCP start-up timeout.
fn warm_component() {
    static WARM: OnceLock<()> = OnceLock::new();
    WARM.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hosts/warm");
        std::fs::create_dir_all(&root).unwrap();
        let out = Command::new(bin())
            .arg("--root")
            .arg(&root)
            .arg("--cache-dir")
            .arg(cache())
            .arg("schema")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    });
}

/// A log with one needle line in the middle: 20000 lines, about 780 KB.
const NEEDLE: &str = "line 12345: ERROR needle-7f3a database connection refused";

fn write_big_log(dir: &Path) -> PathBuf {
    let mut log = String::new();
    for i in 0..20000 {
        if i == 12345 {
            log.push_str(NEEDLE);
            log.push('\n');
        } else {
            log.push_str(&format!(
                "line {i}: INFO request handled in {} ms\n",
                i % 97
            ));
        }
    }
    let path = dir.join("big.log");
    std::fs::write(&path, log).unwrap();
    path
}

/// Whether this process may make network namespaces (`unshare -n`, root).
fn can_isolate() -> bool {
    static CAN: OnceLock<bool> = OnceLock::new();
    *CAN.get_or_init(|| {
        let ok = Command::new("unshare")
            .args(["-n", "ip", "link", "set", "lo", "up"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!(
                "note: no network namespace (unshare -n needs root and ip): the hosts run \
                 with telemetry, updates and retries off by environment only"
            );
        }
        ok
    })
}

/// The scripted model (`tests/hosts/model.py`), in a network namespace of
/// its own when possible; hosts run in that namespace too.
struct Model {
    child: Child,
    addr: String,
    log: PathBuf,
    isolated: bool,
}

impl Model {
    fn start(scratch: &Scratch, script: Value) -> Model {
        let script_path = scratch.dir.join("script.json");
        std::fs::write(&script_path, script.to_string()).unwrap();
        let log = scratch.dir.join("model.jsonl");
        let model = hosts_dir().join("model.py");
        let isolated = can_isolate();
        let mut cmd = if isolated {
            let mut cmd = Command::new("unshare");
            cmd.args([
                "-n",
                "sh",
                "-c",
                r#"ip link set lo up && exec python3 "$@""#,
                "sh",
            ]);
            cmd
        } else {
            Command::new("python3")
        };
        let mut child = cmd
            .arg(&model)
            .arg(&script_path)
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(scratch.dir.join("model.stderr")).unwrap())
            .spawn()
            .unwrap();
        let mut first = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.take().unwrap()),
            &mut first,
        )
        .unwrap();
        assert!(
            first.starts_with("127.0.0.1:"),
            "the model did not start: {first:?}, {}",
            std::fs::read_to_string(scratch.dir.join("model.stderr")).unwrap_or_default()
        );
        Model {
            child,
            addr: first.trim().to_string(),
            log,
            isolated,
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A command that runs `program` in the model's network namespace.
    fn command(&self, program: &Path) -> Command {
        if self.isolated {
            let mut cmd = Command::new("nsenter");
            cmd.arg(format!("--net=/proc/{}/ns/net", self.child.id()))
                .arg("--")
                .arg(program);
            cmd
        } else {
            Command::new(program)
        }
    }

    /// Every request the model got, in order.
    fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A finished host run, with what to show when an assertion fails.
struct Run {
    stdout: String,
    stderr: String,
    requests: Vec<Value>,
    log: PathBuf,
    took: Duration,
}

impl Run {
    /// Run `cmd` (stdin closed, output to files) to its end within [`HANG`].
    fn of(mut cmd: Command, model: &Model, scratch: &Scratch, what: &str) -> Run {
        let stdout_path = scratch.dir.join("host.stdout");
        let stderr_path = scratch.dir.join("host.stderr");
        let start = Instant::now();
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout_path).unwrap())
            .stderr(std::fs::File::create(&stderr_path).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > HANG {
                let _ = child.kill();
                let _ = child.wait();
                let run = Run::read(&stdout_path, &stderr_path, model, start.elapsed());
                panic!("{what}: still running after {HANG:?}\n{}", run.context());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let run = Run::read(&stdout_path, &stderr_path, model, start.elapsed());
        let net = if model.isolated {
            "in a loopback-only network namespace"
        } else {
            "on the machine's network"
        };
        eprintln!("{what}: {:.1} s, {net}", run.took.as_secs_f64());
        assert!(status.success(), "{what}: exit {status}\n{}", run.context());
        run
    }

    fn read(stdout: &Path, stderr: &Path, model: &Model, took: Duration) -> Run {
        Run {
            stdout: std::fs::read_to_string(stdout).unwrap_or_default(),
            stderr: std::fs::read_to_string(stderr).unwrap_or_default(),
            requests: model.requests(),
            log: model.log.clone(),
            took,
        }
    }

    fn turns(&self) -> Vec<&Value> {
        self.requests
            .iter()
            .filter(|r| r["kind"] == "turn")
            .collect()
    }

    /// The host's output and the model's requests, shortened, for a failure.
    fn context(&self) -> String {
        let mut out = format!(
            "--- host stdout (last 3000 bytes)\n{}\n--- host stderr (last 3000 bytes)\n{}\n\
             --- the model's requests (full log: {})\n",
            tail(&self.stdout, 3000),
            tail(&self.stderr, 3000),
            self.log.display()
        );
        for r in &self.requests {
            let result = r["tool_result"].as_str().map(|t| head(t, 1500));
            out.push_str(&format!(
                "#{} {} {} turn {} tools {}\n  tool result: {:?}\n  reply: {}\n",
                r["n"],
                r["kind"],
                r["path"].as_str().unwrap_or_default(),
                r["turn"],
                r["tools"],
                result,
                r["reply"]
            ));
        }
        out
    }

    /// The three conversation turns, each with the tool result the model
    /// got and the reply it made, checked against the script.
    fn three_turns(&self) -> [&Value; 3] {
        let turns = self.turns();
        assert_eq!(turns.len(), 3, "three turns\n{}", self.context());
        for (i, turn) in turns.iter().enumerate() {
            assert_eq!(turn["turn"], i, "turn {i}\n{}", self.context());
        }
        [turns[0], turns[1], turns[2]]
    }

    /// Assert, with the run's context on failure.
    #[track_caller]
    fn check(&self, ok: bool, what: &str) {
        assert!(ok, "{what}\n{}", self.context());
    }
}

fn tail(s: &str, n: usize) -> &str {
    let mut start = s.len().saturating_sub(n);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

fn head(s: &str, n: usize) -> &str {
    let mut end = n.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The handle in a handle message.
fn handle_in(text: &str) -> Option<String> {
    let re = regex::Regex::new(r#"handle = "([0-9a-f-]{36})""#).unwrap();
    re.captures(text).map(|c| c[1].to_string())
}

/// What the MCP tests assert of the model's three turns, whatever the host:
/// turn 1 calls the server's tool, turn 2 gets the handle message (its
/// first line exact, the needle in the preview) and calls `tool_output`
/// (the host's name for it) with that handle, turn 3 gets the lexical
/// answer with the needle line. Returns the handle message and the answer as
/// the model saw them, for the host's own checks.
fn assert_mcp_turns(
    run: &Run,
    server_tool: &str,
    our_tool: &str,
    file_bytes: usize,
) -> (String, String) {
    let [first, second, third] = run.three_turns();
    // Turn 1: the model is offered the server's tool and our four.
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

/// What the model asks `tool_output` to extract.
const EXTRACT: &str = "the database error with the needle";

/// The script of the MCP tests: read the big log through the proxy.
fn read_big_log_script(path: &Path) -> Value {
    json!({
        "call": "read_text_file",
        "args": {"path": path.display().to_string()},
        "extract": EXTRACT,
    })
}

/// What the shell tests assert of the model's three turns: turn 1 runs the
/// command with the host's shell tool, turn 2 gets our handle message (its
/// first line exact, the needle in the preview) and calls `tool_output` of
/// `mcp serve` with that handle, turn 3 gets the lexical answer with the
/// needle line. Returns the handle message and the answer as the model saw
/// them.
fn assert_shell_turns(
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

/// A host command whose hooks and servers use the test's root and the
/// shared component cache.
fn with_test_root(cmd: &mut Command, scratch: &Scratch) {
    warm_component();
    cmd.env("TOOL_OUTPUT_ROOT", scratch.root())
        .env("TOOL_OUTPUT_CACHE_DIR", cache());
}

/// `tool-output setup HOST --write`, as a user runs it, into the test's
/// HOME: it merges our MCP entry (`mcp serve` on the host's session) and
/// the shell hook into the host's own files, beside what the test wrote.
fn setup_write(scratch: &Scratch, host: &str, envs: &[(&str, PathBuf)]) {
    let out = Command::new(bin())
        .args(["setup", host, "--write"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", scratch.home())
        .envs(envs.iter().map(|(k, v)| (k, v)))
        .current_dir(scratch.project())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "setup {host} --write: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

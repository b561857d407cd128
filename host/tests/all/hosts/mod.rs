//! Real agent hosts, installed as users install them (pinned npm packages in
//! `tests/hosts/node_modules`), run headless against a scripted model on
//! 127.0.0.1 (`tests/hosts/model.py`), with `tool-output` in their MCP
//! configuration: each test asserts what the model received at each step.
//! The MCP Inspector CLI drives the proxy as one more client.
//!
//! Needs `tests/hosts/setup.sh` (and `tests/mcp/setup.sh` for the real
//! servers); without them the tests say they are skipped, unless
//! TOOL_OUTPUT_REQUIRE_HOSTS=1 (CI), which makes that a failure. Each host
//! runs in a network namespace that has only loopback, shared with the
//! model (when `unshare -n` works: root); telemetry, updates and retries are
//! off by each host's own variables and settings in any case.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};

mod model;
mod run;
mod turns;

mod claude;
mod codex;
mod gateway;
mod gemini;
mod inspector;

use model::{Model, can_isolate};
use run::Run;
use turns::{assert_mcp_turns, assert_shell_turns, handle_in};

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
    if !servers.is_file() {
        tool_output_tests::suite::missing("mcp", "the MCP test servers");
    }
    tool_output_tests::suite::missing("hosts", name);
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

/// A log with one needle line in the middle: 20000 lines, 826 836 bytes.
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

/// The files of the host's own package of tool-output, as the repository
/// holds them (what a user's install fetches), copied into `dir`.
fn package_files(dir: &Path, files: &[&str]) {
    for file in files {
        let to = dir.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(workspace().join(file), &to).unwrap();
    }
}

/// A directory with an `npx` that runs this build for `npx -y
/// tool-output@VERSION ARGS…` (the packages' pinned command), as the
/// published package would, without the network.
fn npx_standing_in(scratch: &Scratch) -> PathBuf {
    let dir = scratch.dir.join("npx-bin");
    std::fs::create_dir_all(&dir).unwrap();
    let npx = dir.join("npx");
    std::fs::write(
        &npx,
        format!(
            "#!/bin/sh\n[ \"$1\" = -y ] && shift\ncase \"$1\" in tool-output@{v}) shift ;; *) echo \"npx: not the pinned tool-output@{v}: $*\" >&2; exit 1 ;; esac\nexec '{bin}' \"$@\"\n",
            v = env!("CARGO_PKG_VERSION"),
            bin = bin()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&npx, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// PATH with `dir` first.
fn path_with(dir: &Path) -> std::ffi::OsString {
    let system = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&system)))
        .unwrap()
}

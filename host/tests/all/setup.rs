//! `tool-output setup HOST --write` into a temporary HOME holding each
//! host's config as users have it (comments where the format allows them,
//! other servers, unrelated keys): our entry is added and nothing else
//! changes (the original is what remains when the insertions are taken
//! out), the backup holds the original bytes, the result parses as the
//! host parses it, a second run changes nothing, permissions are kept; a
//! different entry of ours is refused (`--force` replaces it) and a file
//! that does not parse is refused, its snippet printed and nothing written.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;

const TOOL_OUTPUT: &str = "/opt/bin/tool-output";

fn home() -> PathBuf {
    let home = common::root("setup").join("home");
    std::fs::create_dir_all(&home).unwrap();
    home
}

fn setup(home: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
    cmd.arg("setup")
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .current_dir(home);
    common::run_cmd(cmd, b"")
}

/// Whether `original` is `result` with some characters taken out: nothing
/// of it was changed or removed.
fn only_insertions(original: &str, result: &str) -> bool {
    let mut rest = result.chars();
    original.chars().all(|c| rest.by_ref().any(|r| r == c))
}

fn backups(path: &Path) -> Vec<PathBuf> {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut found: Vec<PathBuf> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("{name}.bak-"))
        })
        .collect();
    found.sort();
    found
}

/// How each host parses its file.
#[derive(Clone, Copy, PartialEq)]
enum Parse {
    Json,
    Jsonc,
    Toml,
    Yaml,
}

fn parse(how: Parse, text: &str) -> Value {
    match how {
        Parse::Json => serde_json::from_str(text).expect("strict JSON"),
        Parse::Jsonc => jsonc_parser::cst::CstRootNode::parse(text, &Default::default())
            .expect("JSONC")
            .to_serde_value()
            .unwrap(),
        Parse::Toml => toml::from_str(text).expect("TOML"),
        Parse::Yaml => {
            let docs = yaml_rust2::YamlLoader::load_from_str(text).expect("YAML");
            yaml_value(&docs[0])
        }
    }
}

fn yaml_value(yaml: &yaml_rust2::Yaml) -> Value {
    use yaml_rust2::Yaml;
    match yaml {
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Integer(i) => Value::from(*i),
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Array(a) => Value::Array(a.iter().map(yaml_value).collect()),
        Yaml::Hash(h) => Value::Object(
            h.iter()
                .map(|(k, v)| (k.as_str().unwrap().to_string(), yaml_value(v)))
                .collect(),
        ),
        _ => Value::Null,
    }
}

/// One host's case: its file under HOME, as users have it.
struct Case {
    host: &'static str,
    file: &'static str,
    parse: Parse,
    /// The JSON pointer of our entry.
    entry: &'static str,
    original: &'static str,
    /// Other files setup writes for this host (hook, plugin), and the
    /// pointer of what goes in them.
    also: &'static [(&'static str, &'static str)],
}

const CASES: &[Case] = &[
    Case {
        host: "claude-code",
        file: ".claude.json",
        parse: Parse::Json,
        entry: "/mcpServers/tool-output",
        original: "{\n  \"numStartups\": 12,\n  \"oauthAccount\": {\"emailAddress\": \"me@example.com\"},\n  \"mcpServers\": {\n    \"filesystem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/tmp\"]}\n  },\n  \"projects\": {\"/work\": {\"allowedTools\": []}}\n}\n",
        also: &[(".claude/settings.json", "/hooks/PostToolUse/0")],
    },
    Case {
        host: "codex",
        file: ".codex/config.toml",
        parse: Parse::Toml,
        entry: "/mcp_servers/tool-output",
        original: "# Codex\nmodel = \"gpt-5\" # the model\napproval_policy = \"never\"\n\n[mcp_servers.filesystem]\ncommand = \"npx\"\nargs = [\"-y\", \"@modelcontextprotocol/server-filesystem\"] # where\n\n[profiles.fast]\nmodel = \"gpt-5-mini\"\n",
        also: &[],
    },
    Case {
        host: "gemini-cli",
        file: ".gemini/settings.json",
        parse: Parse::Jsonc,
        entry: "/mcpServers/tool-output",
        original: "{\n  // mine\n  \"theme\": \"Dracula\",\n  \"mcpServers\": {\n    \"github\": { \"command\": \"gh-mcp\" } // a comment\n  },\n  /* hooks of my own */\n  \"hooks\": { \"AfterTool\": [ { \"matcher\": \"write_file\", \"hooks\": [ { \"type\": \"command\", \"command\": \"fmt\" } ] } ] }\n}\n",
        also: &[],
    },
    Case {
        host: "cursor",
        file: ".cursor/mcp.json",
        parse: Parse::Jsonc,
        entry: "/mcpServers/tool-output",
        original: "{\n\t\"mcpServers\": {\n\t\t// the browser\n\t\t\"playwright\": {\"command\": \"npx\", \"args\": [\"@playwright/mcp\"]}\n\t}\n}",
        also: &[],
    },
    Case {
        host: "vscode",
        file: ".config/Code/User/mcp.json",
        parse: Parse::Jsonc,
        entry: "/servers/toolOutput",
        original: "{\r\n  // VS Code\r\n  \"inputs\": [],\r\n  \"servers\": {\r\n    \"github\": {\"type\": \"http\", \"url\": \"https://example.com/mcp\"}\r\n  }\r\n}\r\n",
        also: &[],
    },
    Case {
        host: "opencode",
        file: ".config/opencode/opencode.json",
        parse: Parse::Jsonc,
        entry: "/mcp/tool-output",
        original: "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  // models\n  \"model\": \"anthropic/claude-sonnet-4-5\",\n  \"permission\": {\"bash\": \"ask\"}\n}\n",
        also: &[],
    },
    Case {
        host: "goose",
        file: ".config/goose/config.yaml",
        parse: Parse::Yaml,
        entry: "/extensions/tool-output",
        original: "# goose\nGOOSE_PROVIDER: openai\nextensions:\n  developer:\n    enabled: true\n    type: builtin\n    name: developer  # the shell\n    timeout: 300\n\n  memory:\n    enabled: false\n    type: builtin\n    name: memory\nGOOSE_MODEL: gpt-4o\n",
        also: &[],
    },
    Case {
        host: "zed",
        file: ".config/zed/settings.json",
        parse: Parse::Jsonc,
        entry: "/context_servers/tool-output",
        original: "// Zed settings\n//\n// For information on how to configure Zed, see the Zed\n// documentation: https://zed.dev/docs/configuring-zed\n{\n  \"ui_font_size\": 16,\n  \"buffer_font_size\": 15,\n  \"theme\": {\"mode\": \"system\", \"light\": \"One Light\", \"dark\": \"One Dark\"},\n}\n",
        also: &[],
    },
    Case {
        host: "claude-desktop",
        file: ".config/Claude/claude_desktop_config.json",
        parse: Parse::Json,
        entry: "/mcpServers/tool-output",
        original: "{\"preferences\":{\"quickEntryShortcut\":\"off\"},\"mcpServers\":{}}",
        also: &[],
    },
];

#[test]
fn every_host_gets_our_entry_and_keeps_everything_else() {
    for case in CASES {
        let home = home();
        let path = home.join(case.file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, case.original).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();

        let out = setup(&home, &[case.host, "--write", "--command", TOOL_OUTPUT]);
        let said = common::stdout(&out);
        let result = std::fs::read_to_string(&path).unwrap();
        assert_ne!(result, case.original, "{}", case.host);
        assert!(
            only_insertions(case.original, &result),
            "{}: changed what was there:\n{result}",
            case.host
        );
        let before = parse(case.parse, case.original);
        let after = parse(case.parse, &result);
        let entry = after
            .pointer(case.entry)
            .unwrap_or_else(|| panic!("{}: no entry in\n{result}", case.host));
        assert!(
            entry.to_string().contains(TOOL_OUTPUT),
            "{}: {entry}",
            case.host
        );
        assert!(
            entry.to_string().contains("\"serve\""),
            "{}: {entry}",
            case.host
        );
        // Everything that was there still is.
        let mut without = after.clone();
        let (parent, name) = case.entry.rsplit_once('/').unwrap();
        without
            .pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .remove(name);
        if let Some(hooks) = without.get_mut("hooks") {
            if before.get("hooks").is_none() {
                without.as_object_mut().unwrap().remove("hooks");
            } else {
                for (_, groups) in hooks.as_object_mut().unwrap() {
                    groups
                        .as_array_mut()
                        .unwrap()
                        .retain(|g| !g.to_string().contains(TOOL_OUTPUT));
                }
                without["hooks"]
                    .as_object_mut()
                    .unwrap()
                    .retain(|_, g| !g.as_array().unwrap().is_empty());
            }
        }
        if case.parse != Parse::Yaml && before.pointer(parent).is_none() {
            without.as_object_mut().unwrap().remove(&parent[1..]);
        }
        assert_eq!(without, before, "{}", case.host);
        // Line endings and final newline kept.
        if case.original.contains("\r\n") {
            assert!(
                !result.replace("\r\n", "").contains('\n'),
                "{}: LF in a CRLF file",
                case.host
            );
        }
        assert_eq!(
            result.ends_with('\n'),
            case.original.ends_with('\n'),
            "{}",
            case.host
        );
        // The backup is the original, and permissions are kept.
        let saved = backups(&path);
        assert_eq!(saved.len(), 1, "{}", case.host);
        assert_eq!(std::fs::read_to_string(&saved[0]).unwrap(), case.original);
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640,
            "{}",
            case.host
        );
        assert!(said.contains("added"), "{}: {said}", case.host);
        for (file, pointer) in case.also {
            let text = std::fs::read_to_string(home.join(file)).unwrap();
            let value: Value = serde_json::from_str(&text).unwrap();
            assert!(
                value.pointer(pointer).unwrap().to_string().contains("hook"),
                "{}",
                case.host
            );
        }

        // Again: nothing changes.
        let out = setup(&home, &[case.host, "--write", "--command", TOOL_OUTPUT]);
        assert!(
            common::stdout(&out).contains("already configured"),
            "{}",
            case.host
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            result,
            "{}",
            case.host
        );
        assert_eq!(backups(&path).len(), 1, "{}", case.host);
    }
}

/// The file setup creates when there is none (opencode's own choice: `.jsonc`).
fn created(home: &Path, case: &Case) -> PathBuf {
    match case.host {
        "opencode" => home.join(".config/opencode/opencode.jsonc"),
        _ => home.join(case.file),
    }
}

#[test]
fn a_different_entry_is_refused_and_force_replaces_it() {
    for case in CASES.iter().filter(|c| c.host != "goose") {
        let home = home();
        let path = created(&home, case);
        let out = setup(
            &home,
            &[case.host, "--write", "--command", "/old/tool-output"],
        );
        common::stdout(&out);
        let old = std::fs::read_to_string(&path).unwrap();
        let out = setup(&home, &[case.host, "--write", "--command", TOOL_OUTPUT]);
        assert_eq!(out.status.code(), Some(1), "{}", case.host);
        let stderr = common::stderr(&out);
        assert!(
            stderr.contains("differs from ours") && stderr.contains("/old/tool-output"),
            "{}: {stderr}",
            case.host
        );
        assert!(stderr.contains("nothing was written"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), old);
        assert!(backups(&path).is_empty(), "{}", case.host);

        let out = setup(
            &home,
            &[case.host, "--write", "--force", "--command", TOOL_OUTPUT],
        );
        common::stdout(&out);
        let new = std::fs::read_to_string(&path).unwrap();
        let value = parse(case.parse, &new);
        let entry = value.pointer(case.entry).unwrap().to_string();
        assert!(
            entry.contains(TOOL_OUTPUT) && !entry.contains("/old/"),
            "{}: {new}",
            case.host
        );
        assert!(
            !new.contains("/old/tool-output"),
            "{}: the old hook stays:\n{new}",
            case.host
        );
        assert_eq!(std::fs::read_to_string(&backups(&path)[0]).unwrap(), old);
    }
}

#[test]
fn goose_force_replaces_the_entry_lines_only() {
    let home = home();
    let path = home.join(".config/goose/config.yaml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let original = "extensions:\n  tool-output:\n    enabled: false\n    cmd: old\n    args: []\n  # a comment\n  developer:\n    enabled: true\n";
    std::fs::write(&path, original).unwrap();
    let out = setup(&home, &["goose", "--write", "--command", TOOL_OUTPUT]);
    assert_eq!(out.status.code(), Some(1));
    let out = setup(
        &home,
        &["goose", "--write", "--force", "--command", TOOL_OUTPUT],
    );
    common::stdout(&out);
    let new = std::fs::read_to_string(&path).unwrap();
    assert!(
        new.ends_with("  # a comment\n  developer:\n    enabled: true\n"),
        "{new}"
    );
    let value = parse(Parse::Yaml, &new);
    assert_eq!(value["extensions"]["tool-output"]["cmd"], TOOL_OUTPUT);
    assert_eq!(value["extensions"]["developer"]["enabled"], true);
}

#[test]
fn an_unparsable_file_is_refused_with_the_snippet() {
    for case in CASES {
        let home = home();
        let path = home.join(case.file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let broken = match case.parse {
            Parse::Json => "{\"mcpServers\": {} // a comment is not JSON\n}",
            Parse::Jsonc => "{\"mcpServers\": {\n",
            Parse::Toml => "[mcp_servers\ncommand = 1\n",
            Parse::Yaml => "extensions:\n  a: [1, 2\n\tb: c\n",
        };
        std::fs::write(&path, broken).unwrap();
        let out = setup(&home, &[case.host, "--write", "--command", TOOL_OUTPUT]);
        assert_eq!(out.status.code(), Some(1), "{}", case.host);
        assert!(common::stderr(&out).contains("refused"), "{}", case.host);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(TOOL_OUTPUT) && stdout.contains("serve"),
            "{}: {stdout}",
            case.host
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
        assert!(backups(&path).is_empty());
    }
}

#[test]
fn missing_files_are_created_with_our_entry_alone() {
    for case in CASES {
        let home = home();
        let out = setup(&home, &[case.host, "--write", "--command", TOOL_OUTPUT]);
        let said = common::stdout(&out);
        assert!(
            said.contains("is ") && said.contains("installed?"),
            "{}: {said}",
            case.host
        );
        let path = if case.host == "opencode" {
            home.join(".config/opencode/opencode.jsonc")
        } else {
            home.join(case.file)
        };
        let value = parse(case.parse, &std::fs::read_to_string(&path).unwrap());
        assert!(value.pointer(case.entry).is_some(), "{}", case.host);
    }
    // opencode's plugin comes along, its command filled in.
    let home = home();
    common::stdout(&setup(
        &home,
        &["opencode", "--write", "--command", TOOL_OUTPUT],
    ));
    let plugin =
        std::fs::read_to_string(home.join(".config/opencode/plugins/tool-output.js")).unwrap();
    assert!(plugin.contains(&format!("const TOOL_OUTPUT = [\"{TOOL_OUTPUT}\"];")));
    assert!(plugin.contains("const SESSION = \"opencode\";"));
}

#[test]
fn printing_writes_nothing() {
    let home = home();
    let out = setup(&home, &["claude-code"]);
    let said = common::stdout(&out);
    assert!(
        said.contains("\"claude-${CLAUDE_CODE_SESSION_ID}\""),
        "{said}"
    );
    assert!(said.contains("hook claude-code"));
    assert!(std::fs::read_dir(&home).unwrap().next().is_none());
}

#[test]
fn project_scope_and_wrapped_servers() {
    let home = home();
    let out = setup(&home, &["claude-code", "--project", "--write"]);
    common::stdout(&out);
    let mcp: Value =
        serde_json::from_str(&std::fs::read_to_string(home.join(".mcp.json")).unwrap()).unwrap();
    assert_eq!(mcp["mcpServers"]["tool-output"]["command"], "tool-output");
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(home.join(".claude/settings.json")).unwrap())
            .unwrap();
    assert_eq!(
        settings["hooks"]["PostToolUse"][0]["hooks"][0]["command"],
        "tool-output hook claude-code"
    );

    let out = setup(
        &home,
        &[
            "codex",
            "--write",
            "--command",
            TOOL_OUTPUT,
            "--wrap",
            "fs",
            "--",
            "npx",
            "-y",
            "@modelcontextprotocol/server-filesystem",
            "/tmp",
        ],
    );
    common::stdout(&out);
    let config: Value =
        toml::from_str(&std::fs::read_to_string(home.join(".codex/config.toml")).unwrap()).unwrap();
    let args: Vec<&str> = config["mcp_servers"]["fs"]["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(
        args,
        [
            "--session",
            "codex",
            "mcp",
            "proxy",
            "--",
            "npx",
            "-y",
            "@modelcontextprotocol/server-filesystem",
            "/tmp"
        ]
    );
    assert!(
        config.get("hooks").is_none(),
        "a wrapped server brings no hook"
    );

    let out = setup(
        &home,
        &["gemini-cli", "--wrap", "my_fs", "--", "npx", "server"],
    );
    assert!(!out.status.success());
    assert!(common::stderr(&out).contains("Gemini CLI splits"));
    let out = setup(&home, &["goose", "--project"]);
    assert!(!out.status.success());
}

#[test]
fn a_linked_config_is_written_where_it_points() {
    let home = home();
    let real = home.join("dotfiles/settings.json");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    std::fs::create_dir_all(home.join(".gemini")).unwrap();
    std::fs::write(&real, "{\"theme\": \"x\"}\n").unwrap();
    let link = home.join(".gemini/settings.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    common::stdout(&setup(
        &home,
        &["gemini-cli", "--write", "--command", TOOL_OUTPUT],
    ));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("tool-output")
    );
}

/// docs/hosts.md's configuration snippets are what `setup` prints (written
/// by scripts/hosts-doc.sh, never by hand).
#[test]
fn docs_hosts_md_shows_what_setup_prints() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/hosts-doc.sh");
    let out = Command::new(script)
        .arg(env!("CARGO_BIN_EXE_tool-output"))
        .arg("--check")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `setup` run as an ordinary user (nobody) when the tests run as root,
/// whose permissions a read-only directory does not stop; None when that
/// cannot be done here.
fn setup_as_user(home: &Path, args: &[&str]) -> Option<Output> {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let mut cmd = if root {
        let works = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
            .status()
            .is_ok_and(|s| s.success());
        if !works {
            eprintln!("skipped: setpriv cannot run a command as nobody here");
            return None;
        }
        let mut cmd = Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_tool-output"));
        cmd
    } else {
        Command::new(env!("CARGO_BIN_EXE_tool-output"))
    };
    cmd.arg("setup")
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .current_dir(home);
    Some(common::run_cmd(cmd, b""))
}

/// Hand `path` (and what is in it) to nobody, when we are root.
fn give_to_user(path: &Path) {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        assert!(
            Command::new("chown")
                .args(["-R", "65534:65534"])
                .arg(path)
                .status()
                .unwrap()
                .success()
        );
    }
}

/// Every file in `dir` and below, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                all.push((path.clone(), std::fs::read(&path).unwrap_or_default()));
            }
        }
    }
    all.sort();
    all
}

#[test]
fn files_are_written_all_or_none() {
    let home = home();
    let original = "{\"numStartups\": 3}\n";
    std::fs::write(home.join(".claude.json"), original).unwrap();
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    std::fs::write(home.join(".claude/settings.json"), "{}\n").unwrap();
    give_to_user(&home);
    // ~/.claude read-only: its settings.json cannot be written.
    std::fs::set_permissions(home.join(".claude"), std::fs::Permissions::from_mode(0o555)).unwrap();
    let (uid_root, before) = (unsafe { libc::geteuid() } == 0, snapshot(&home));
    if uid_root {
        // Owned by root again, so that nobody cannot write it.
        Command::new("chown")
            .arg("0:0")
            .arg(home.join(".claude"))
            .status()
            .unwrap();
    }
    let Some(out) = setup_as_user(&home, &["claude-code", "--write", "--command", TOOL_OUTPUT])
    else {
        return;
    };
    assert_eq!(out.status.code(), Some(1), "{}", common::stderr(&out));
    assert!(
        common::stderr(&out).contains("nothing was written"),
        "{}",
        common::stderr(&out)
    );
    // Not one file changed, no backup or temporary file left.
    assert_eq!(snapshot(&home), before);
    std::fs::set_permissions(home.join(".claude"), std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn concurrent_writes_keep_every_entry() {
    let home = home();
    std::fs::create_dir_all(home.join(".codex")).unwrap();
    std::fs::write(home.join(".codex/config.toml"), "model = \"gpt-5\"\n").unwrap();
    let runs: Vec<_> = (0..8)
        .map(|n| {
            let home = home.clone();
            std::thread::spawn(move || {
                let name = format!("fs{n}");
                setup(
                    &home,
                    &[
                        "codex",
                        "--write",
                        "--command",
                        TOOL_OUTPUT,
                        "--wrap",
                        &name,
                        "--",
                        "server",
                        &name,
                    ],
                )
            })
        })
        .collect();
    for run in runs {
        let out = run.join().unwrap();
        assert!(common::stdout(&out).contains("added mcp_servers.fs"));
    }
    let config: Value =
        toml::from_str(&std::fs::read_to_string(home.join(".codex/config.toml")).unwrap()).unwrap();
    for n in 0..8 {
        assert!(
            config["mcp_servers"].get(format!("fs{n}")).is_some(),
            "fs{n} was reported added and is gone: {config}"
        );
    }
    assert_eq!(config["model"], "gpt-5");
}

#[test]
fn a_config_that_is_not_a_regular_file_is_refused_at_once() {
    let home = home();
    let fifo = home.join(".claude.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
    cmd.args(["setup", "claude-code", "--write", "--command", TOOL_OUTPUT])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &home)
        .current_dir(&home)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let took = common::wait_at_most(&mut child, std::time::Duration::from_secs(30), "setup");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        common::stderr(&out).contains("FIFO"),
        "{}",
        common::stderr(&out)
    );
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    assert!(!home.join(".claude/settings.json").exists());
}

#[test]
fn a_byte_order_mark_is_kept_where_the_host_reads_one_and_refused_where_not() {
    let home = home();
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    let settings = home.join(".claude/settings.json");
    std::fs::write(&settings, "\u{feff}{\n  \"model\": \"opus\"\n}\n").unwrap();
    common::stdout(&setup(
        &home,
        &["claude-code", "--write", "--command", TOOL_OUTPUT],
    ));
    let text = std::fs::read_to_string(&settings).unwrap();
    let body = text.strip_prefix('\u{feff}').expect("the mark is kept");
    let value: Value = serde_json::from_str(body).unwrap();
    assert_eq!(value["model"], "opus");
    assert!(
        value["hooks"]["PostToolUse"][0]
            .to_string()
            .contains("hook claude-code")
    );

    // Gemini CLI reads its settings with JSON.parse: a mark, or a trailing
    // comma, and it ignores the whole file. Refused, said why.
    let gemini = home.join(".gemini/settings.json");
    std::fs::create_dir_all(gemini.parent().unwrap()).unwrap();
    for (text, says) in [
        ("\u{feff}{\"theme\": \"x\"}\n", "byte-order mark"),
        ("{\"theme\": \"x\",}\n", "trailing commas are not"),
        (
            "{\"mcpServers\": {\"a\": {\"command\": \"a\"},},}\n",
            "trailing commas are not",
        ),
    ] {
        std::fs::write(&gemini, text).unwrap();
        let out = setup(&home, &["gemini-cli", "--write", "--command", TOOL_OUTPUT]);
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        assert!(
            common::stderr(&out).contains(says),
            "{text:?}: {}",
            common::stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&gemini).unwrap(), text);
    }
    // Comments it does read.
    std::fs::write(&gemini, "{\n  // mine\n  \"theme\": \"x\" /* dark */\n}\n").unwrap();
    common::stdout(&setup(
        &home,
        &["gemini-cli", "--write", "--command", TOOL_OUTPUT],
    ));
}

#[test]
fn force_keeps_the_users_hooks_that_share_a_group_with_ours() {
    let home = home();
    let settings = home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    let original = serde_json::json!({"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "my-formatter --check"},
        {"type": "command", "command": "/old/tool-output hook claude-code", "timeout": 60}]}]}});
    std::fs::write(&settings, original.to_string()).unwrap();
    let out = setup(&home, &["claude-code", "--write", "--command", TOOL_OUTPUT]);
    assert_eq!(out.status.code(), Some(1));
    common::stdout(&setup(
        &home,
        &[
            "claude-code",
            "--write",
            "--force",
            "--command",
            TOOL_OUTPUT,
        ],
    ));
    let value: Value = serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    let groups = value["hooks"]["PostToolUse"].as_array().unwrap();
    let all = value["hooks"]["PostToolUse"].to_string();
    assert!(
        all.contains("my-formatter --check"),
        "the user's hook is kept: {all}"
    );
    assert!(!all.contains("/old/tool-output"), "{all}");
    assert_eq!(groups.len(), 2, "{all}");
    assert_eq!(
        groups[0]["hooks"],
        serde_json::json!([{"type": "command", "command": "my-formatter --check"}])
    );
    assert!(
        groups[1]
            .to_string()
            .contains(&format!("{TOOL_OUTPUT} hook claude-code"))
    );
}

#[test]
fn hooks_the_host_will_not_run_are_warned_of() {
    let home = home();
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    std::fs::write(
        home.join(".claude/settings.json"),
        "{\"disableAllHooks\": true}",
    )
    .unwrap();
    let out = setup(&home, &["claude-code", "--write", "--command", TOOL_OUTPUT]);
    common::stdout(&out);
    assert!(
        common::stderr(&out).contains("disableAllHooks"),
        "{}",
        common::stderr(&out)
    );
    std::fs::create_dir_all(home.join(".gemini")).unwrap();
    std::fs::write(
        home.join(".gemini/settings.json"),
        "{\"hooksConfig\": {\"enabled\": false}}",
    )
    .unwrap();
    let out = setup(&home, &["gemini-cli", "--write", "--command", TOOL_OUTPUT]);
    common::stdout(&out);
    assert!(
        common::stderr(&out).contains("hooksConfig.enabled"),
        "{}",
        common::stderr(&out)
    );
    // Nothing to warn of: nothing said.
    let out = setup(
        &self::home(),
        &["gemini-cli", "--write", "--command", TOOL_OUTPUT],
    );
    common::stdout(&out);
    assert!(
        !common::stderr(&out).contains("warning"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn remove_takes_out_exactly_what_setup_put_in() {
    for case in CASES {
        let home = home();
        let path = home.join(case.file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, case.original).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        // Files the user had beside ours stay as they are.
        let before = snapshot(&home);
        common::stdout(&setup(
            &home,
            &[case.host, "--write", "--command", TOOL_OUTPUT],
        ));
        let out = setup(&home, &[case.host, "--remove"]);
        let said = common::stdout(&out);
        assert!(said.contains("removed"), "{}: {said}", case.host);
        let result = std::fs::read_to_string(&path).unwrap();
        // The same value: a container our entry emptied goes with it (an
        // empty `mcpServers: {}` the user had too).
        assert_eq!(
            without_empty(parse(case.parse, &result)),
            without_empty(parse(case.parse, case.original)),
            "{}: {result}",
            case.host
        );
        // The same text, comments and all; only where a line broke may differ.
        let squeezed = |t: &str| t.split_whitespace().collect::<String>();
        if !case.original.contains("{}") {
            assert_eq!(
                squeezed(&result),
                squeezed(case.original),
                "{}:\n{result}",
                case.host
            );
        }
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640,
            "{}",
            case.host
        );
        // A backup of what --remove found, beside the one --write made.
        assert_eq!(backups(&path).len(), 2, "{}", case.host);
        for (file, _) in &before {
            assert!(file.exists(), "{}: {}", case.host, file.display());
        }
        // The files setup created hold nothing of ours; its own files are gone.
        for (file, bytes) in snapshot(&home) {
            let text = String::from_utf8_lossy(&bytes);
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            if name.contains(".bak-") {
                continue;
            }
            assert!(
                !text.contains(TOOL_OUTPUT),
                "{}: {} still has ours:\n{text}",
                case.host,
                file.display()
            );
        }
        // Again: nothing of ours there.
        let said = common::stdout(&setup(&home, &[case.host, "--remove"]));
        assert!(said.contains("nothing of ours"), "{}: {said}", case.host);
    }
    // The user's own shell prefix and hooks are theirs.
    let home = self::home();
    let settings = home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    let theirs = serde_json::json!({"env": {"CLAUDE_CODE_SHELL_PREFIX": "/usr/local/bin/audit"},
        "hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "fmt"},
            {"type": "command", "command": "/x/tool-output hook claude-code"}]}]}});
    std::fs::write(&settings, theirs.to_string()).unwrap();
    common::stdout(&setup(&home, &["claude-code", "--remove"]));
    let value: Value = serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"env": {"CLAUDE_CODE_SHELL_PREFIX": "/usr/local/bin/audit"},
            "hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "fmt"}]}]}})
    );
}

/// `value` without its empty objects and arrays.
fn without_empty(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, without_empty(v)))
                .filter(|(_, v)| {
                    !matches!(v, Value::Object(m) if m.is_empty())
                        && !matches!(v, Value::Array(a) if a.is_empty())
                })
                .collect(),
        ),
        other => other,
    }
}

/// `setup claude-code` run by `exe` with `path` as PATH; what it printed
/// and the MCP entry it wrote.
fn setup_from(exe: &Path, path: &std::ffi::OsStr) -> (String, Value) {
    let home = home();
    let mut cmd = Command::new(exe);
    cmd.args(["setup", "claude-code", "--write"])
        .env_clear()
        .env("PATH", path)
        .env("HOME", &home)
        .current_dir(&home);
    let said = common::stdout(&common::run_cmd(cmd, b""));
    let config: Value =
        serde_json::from_str(&std::fs::read_to_string(home.join(".claude.json")).unwrap()).unwrap();
    (said, config["mcpServers"]["tool-output"].clone())
}

#[test]
fn the_command_written_outlives_a_package_runners_cache() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_tool-output"));
    let version = env!("CARGO_PKG_VERSION");
    let base = common::root("setup-command");
    let system = std::env::var_os("PATH").unwrap_or_default();
    // Run from uv's and npx's caches (hard links of this binary there).
    for (cache, program, args) in [
        (
            ".cache/uv/archive-v0/Ab1/bin",
            "uvx",
            vec![format!("tool-output@{version}")],
        ),
        (
            ".npm/_npx/9f8e/node_modules/@tool-output/cli-linux-x64/bin",
            "npx",
            vec!["-y".into(), format!("tool-output@{version}")],
        ),
    ] {
        let dir = base.join(cache);
        std::fs::create_dir_all(&dir).unwrap();
        let cached = dir.join("tool-output");
        std::fs::hard_link(&exe, &cached).unwrap();
        let (said, entry) = setup_from(&cached, &system);
        assert_eq!(entry["command"], program, "{entry}");
        let mut want: Vec<Value> = args.iter().map(|a| Value::from(a.as_str())).collect();
        want.extend(["--session", "claude-${CLAUDE_CODE_SESSION_ID}"].map(Value::from));
        assert_eq!(
            entry["args"].as_array().unwrap()[..want.len()],
            want[..],
            "{entry}"
        );
        assert!(
            said.contains(&format!("the command: {program} ")) && said.contains("cache"),
            "{said}"
        );
    }
    // On PATH (a link to this binary, as package managers install): that
    // path, not where the link leads (a versioned directory).
    let bin = base.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(&exe, bin.join("tool-output")).unwrap();
    let path =
        std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(&system)))
            .unwrap();
    let (said, entry) = setup_from(&exe, &path);
    assert_eq!(
        entry["command"],
        bin.join("tool-output").display().to_string()
    );
    assert!(said.contains("on your PATH"), "{said}");
    // Neither: this binary's own path.
    let (said, entry) = setup_from(&exe, &system);
    assert_eq!(
        entry["command"],
        exe.canonicalize().unwrap().display().to_string()
    );
    assert!(said.contains("the command: "), "{said}");
}

#[test]
fn the_repositorys_plugin_and_extension_are_what_setup_writes() {
    // The packages pin this version and hold the hosts' facts as `setup`
    // writes them: `tool-output setup HOST --package .` regenerates them.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for host in ["claude-code", "gemini-cli"] {
        let dir = home();
        let out = setup(&dir, &[host, "--package", &dir.display().to_string()]);
        for line in common::stdout(&out).lines() {
            let written = PathBuf::from(line.strip_suffix(": written").unwrap());
            let relative = written.strip_prefix(&dir).unwrap();
            assert_eq!(
                std::fs::read_to_string(workspace.join(relative)).unwrap_or_default(),
                std::fs::read_to_string(&written).unwrap(),
                "{} is not what `tool-output setup {host} --package .` writes: run it",
                relative.display()
            );
        }
    }
    let out = setup(&home(), &["cursor", "--package", "x"]);
    assert!(!out.status.success());
}

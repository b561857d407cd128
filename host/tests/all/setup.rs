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
        original: "{\n  // mine\n  \"theme\": \"Dracula\",\n  \"mcpServers\": {\n    \"github\": { \"command\": \"gh-mcp\", }, // trailing comma\n  },\n  /* hooks of my own */\n  \"hooks\": { \"AfterTool\": [ { \"matcher\": \"write_file\", \"hooks\": [ { \"type\": \"command\", \"command\": \"fmt\" } ] } ] }\n}\n",
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
    assert!(plugin.contains(&format!("const TOOL_OUTPUT = \"{TOOL_OUTPUT}\";")));
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

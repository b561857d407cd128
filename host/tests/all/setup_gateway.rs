//! `tool-output setup HOST --gateway [URL] --write`: the base URL in the
//! host's own files beside what is there, `mcp serve` on the gateway's
//! session, no shell hook; `--remove` takes them out; a host it does not
//! know is refused.

use std::path::Path;
use std::process::Command;

use crate::common;

fn setup(home: &Path, args: &[&str]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tool-output"));
    cmd.arg("setup")
        .args(args)
        .args(["--command", "/opt/bin/tool-output"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .current_dir(home);
    common::run_cmd(cmd, b"")
}

#[test]
fn each_host_gets_the_gateways_url_and_mcp_serve_on_its_session() {
    let home = common::root("setup-gateway").join("home");
    std::fs::create_dir_all(home.join(".codex")).unwrap();
    let codex = home.join(".codex/config.toml");
    let before = "# my settings\nmodel = \"gpt-5\"  # the default\n\n[profiles.fast]\nmodel = \"gpt-5-mini\"\n";
    std::fs::write(&codex, before).unwrap();
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    std::fs::write(
        home.join(".claude/settings.json"),
        "{\n  \"env\": {\"FOO\": \"1\"},\n  \"permissions\": {\"allow\": [\"Bash\"]}\n}\n",
    )
    .unwrap();
    for host in ["codex", "claude-code", "gemini-cli", "opencode"] {
        let out = setup(
            &home,
            &[host, "--gateway", "http://127.0.0.1:9999", "--write"],
        );
        let stdout = common::stdout(&out);
        assert!(stdout.contains("Start the gateway first"), "{stdout}");
    }
    let text = std::fs::read_to_string(&codex).unwrap();
    assert!(
        text.starts_with("# my settings\nmodel = \"gpt-5\"  # the default\n"),
        "{text}"
    );
    let value: toml::Value = toml::from_str(&text).unwrap();
    assert_eq!(
        value["model_provider"].as_str(),
        Some("tool-output-gateway")
    );
    let provider = &value["model_providers"]["tool-output-gateway"];
    assert_eq!(
        provider["base_url"].as_str(),
        Some("http://127.0.0.1:9999/v1")
    );
    assert_eq!(provider["wire_api"].as_str(), Some("responses"));
    assert_eq!(provider["supports_websockets"].as_bool(), Some(false));
    assert_eq!(
        value["profiles"]["fast"]["model"].as_str(),
        Some("gpt-5-mini")
    );
    let serve = value["mcp_servers"]["tool-output"]["args"]
        .as_array()
        .unwrap();
    assert_eq!(
        serve[..2],
        [toml::Value::from("--session"), "gateway".into()]
    );
    assert!(
        value.get("hooks").is_none(),
        "no shell hook with the gateway"
    );

    let claude: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(home.join(".claude/settings.json")).unwrap())
            .unwrap();
    assert_eq!(claude["env"]["ANTHROPIC_BASE_URL"], "http://127.0.0.1:9999");
    assert_eq!(claude["env"]["FOO"], "1");
    assert!(claude.get("hooks").is_none());
    let mcp: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(home.join(".claude.json")).unwrap()).unwrap();
    assert_eq!(mcp["mcpServers"]["tool-output"]["args"][1], "gateway");

    let opencode = std::fs::read_to_string(home.join(".config/opencode/opencode.jsonc")).unwrap();
    assert!(
        opencode.contains("\"baseURL\": \"http://127.0.0.1:9999/v1\""),
        "{opencode}"
    );
    assert!(
        !home
            .join(".config/opencode/plugins/tool-output.js")
            .exists()
    );

    // A second run changes nothing.
    let out = setup(
        &home,
        &["codex", "--gateway", "http://127.0.0.1:9999", "--write"],
    );
    assert!(common::stdout(&out).contains("already configured"));
    // --remove takes out what --gateway put there, and only that.
    let out = setup(
        &home,
        &["codex", "--gateway", "http://127.0.0.1:9999", "--remove"],
    );
    assert!(out.status.success(), "{}", common::stderr(&out));
    let value: toml::Value = toml::from_str(&std::fs::read_to_string(&codex).unwrap()).unwrap();
    assert!(value.get("model_provider").is_none(), "{value:?}");
    assert!(value.get("tool_output_token_limit").is_none(), "{value:?}");
    assert!(value.get("mcp_servers").is_none(), "{value:?}");
    assert_eq!(value["model"].as_str(), Some("gpt-5"));
    assert_eq!(
        value["profiles"]["fast"]["model"].as_str(),
        Some("gpt-5-mini")
    );
    // A host with no gateway setting.
    let out = setup(&home, &["cursor", "--gateway", "--write"]);
    assert!(!out.status.success());
    assert!(common::stderr(&out).contains("point any other client"));
}

//! The `tool-output` command line: the names and formats scripts rely on.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(uuid::Uuid::new_v4().simple().to_string());
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run the CLI with a shared component cache (compiled once for all tests).
fn run(root: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    run_env(root, args, stdin, &[])
}

/// [`run`] with environment variables, in the root (no stray config file).
fn run_env(root: &Path, args: &[&str], stdin: Option<&[u8]>, vars: &[(&str, &str)]) -> Output {
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-component-cache");
    std::fs::create_dir_all(root).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tool-output"))
        .arg("--root")
        .arg(root)
        .arg("--cache-dir")
        .arg(cache)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", std::env::var_os("HOME").unwrap_or_default())
        .envs(vars.iter().copied())
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

use tool_output_tests::fixtures::app_log as big_log;

#[test]
fn the_engine_comes_compiled_in_the_binary_and_nothing_is_compiled_or_cached_at_run_time() {
    // A fresh root and a fresh HOME: what a new machine, container or CI
    // job has. The old compile cache's flag is still accepted, unused.
    let cache = root().join("cache");
    let home = root().join("home");
    let r = root();
    let out = Command::new(env!("CARGO_BIN_EXE_tool-output"))
        .arg("--root")
        .arg(&r)
        .args(["store", "--tool", "t"])
        .env("TOOL_OUTPUT_CACHE_DIR", &cache)
        .env("HOME", &home)
        .env_remove("XDG_CACHE_HOME")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    stdout(&out);
    assert!(!cache.exists(), "nothing cached in --cache-dir");
    assert!(
        !home.join(".cache/tool-output/components").exists(),
        "nothing cached under HOME"
    );
    assert!(
        !r.join("components").exists(),
        "nothing cached under --root"
    );
}

#[test]
fn store_passes_small_output_through_byte_for_byte() {
    let root = root();
    let input = b"small \xff\xfe not utf-8\r\n\x1b[31mred\x1b[0m\n";
    let out = run(&root, &["store", "--tool", "cat"], Some(input));
    assert!(out.status.success());
    assert_eq!(out.stdout, input);
}

#[test]
fn store_extract_read_grep_tail_list_close() {
    let root = root();
    let log = big_log();
    let out = run(
        &root,
        &[
            "--json",
            "store",
            "--tool",
            "tail",
            "--args",
            r#"{"f":"db.log"}"#,
        ],
        Some(log.as_bytes()),
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["stored"], true);
    assert_eq!(json["reason"], "size_cap");
    assert_eq!(json["stats"]["bytes"], log.len());
    assert_eq!(json["stats"]["lines"], 4000);
    assert!(json["stats"]["tokens"].as_u64().unwrap() > 0);
    let handle = json["handle"].as_str().unwrap().to_string();
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .starts_with("Tool output is too large (")
    );

    // Without --json: the handle message itself.
    let text = stdout(&run(
        &root,
        &["store", "--tool", "tail"],
        Some(log.as_bytes()),
    ));
    assert!(text.starts_with("Tool output is too large ("));

    let text = stdout(&run(
        &root,
        &[
            "extract",
            &handle,
            "disk quota exceeded",
            "--mode",
            "lexical",
        ],
        None,
    ));
    assert!(text.starts_with(&format!(
        "ABSTRACT FROM TOOL OUTPUT tail WITH HANDLE {handle}, STRATEGY:lexical:\n\n"
    )));
    assert!(text.contains("2001: FATAL: disk quota exceeded"));

    assert_eq!(
        stdout(&run(
            &root,
            &["read", &handle, "--lines", "2001:2001"],
            None
        )),
        "2001: FATAL: disk quota exceeded while writing /var/lib/db\n"
    );
    let grep = stdout(&run(
        &root,
        &["grep", &handle, "fatal", "-i", "-C", "1"],
        None,
    ));
    assert_eq!(
        grep,
        "2000- INFO request 1999 served in 59 ms\n2001: FATAL: disk quota exceeded while writing /var/lib/db\n2002- INFO request 2001 served in 61 ms\n"
    );
    assert_eq!(
        stdout(&run(&root, &["tail", &handle, "-n", "1"], None)),
        "4000: INFO request 3999 served in 22 ms\n"
    );
    assert!(stdout(&run(&root, &["preview", &handle], None)).contains("2001: FATAL"));
    // Across the session: both stores of the log, each with its line.
    let found = stdout(&run(
        &root,
        &["search", "which run hit the disk quota?"],
        None,
    ));
    assert!(
        found.starts_with(
            "SEARCH OF THE STORED OUTPUTS FOR \"which run hit the disk quota?\":\n\n\
             Outputs holding its words (run, hit, disk, quota): 2 of 2 searched, best first:\n"
        ),
        "{found}"
    );
    assert!(
        found.contains(&format!(
            ". {handle} · tail · {{\"f\":\"db.log\"}} · 4000 lines\n"
        )) && found
            .matches("\n   2001: FATAL: disk quota exceeded while writing /var/lib/db\n")
            .count()
            == 2,
        "{found}"
    );
    let page = stdout(&run(&root, &["search", "disk quota", "--skip", "1"], None));
    assert!(page.contains("\n2. ") && !page.contains("\n1. "), "{page}");

    let list: serde_json::Value =
        serde_json::from_str(&stdout(&run(&root, &["--json", "list"], None))).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 2);

    // Another session does not see the handle.
    let out = run(
        &root,
        &["--session", "other", "store", "--tool", "x"],
        Some(log.as_bytes()),
    );
    assert!(out.status.success());
    let out = run(
        &root,
        &["--session", "other", "extract", &handle, "x"],
        None,
    );
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with("TOOL_OUTPUT FAILED FOR unknown WITH HANDLE")
    );

    assert!(run(&root, &["close"], None).status.success());
    assert!(!root.join("sessions/default").exists());
}

#[test]
fn errors_are_one_line_and_a_nonzero_exit() {
    let root = root();
    let cases: &[&[&str]] = &[
        &["read", "not-a-handle", "--lines", "1:2"],
        &["--session", "../escape", "list"],
        // (`store --args '{not json'` passes its input through instead:
        // nothing_lost::whatever_fails_before_storing_costs_no_output.)
        &["store", "--tool", "x", "/no/such/file"],
        &["search", "quota", "--before", "../not-a-handle"],
        &[
            "read",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d",
            "--lines",
            "x",
        ],
    ];
    for args in cases {
        let out = run(&root, args, Some(b"some output"));
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("tool-output: error: "), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{err}"
        );
    }
}

#[test]
fn schema_and_gc() {
    let root = root();
    let schema: serde_json::Value =
        serde_json::from_str(&stdout(&run(&root, &["schema"], None))).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["handle", "extract"]));
    let openai: serde_json::Value = serde_json::from_str(&stdout(&run(
        &root,
        &["schema", "--format", "openai"],
        None,
    )))
    .unwrap();
    assert_eq!(openai["function"]["name"], "tool_output");

    assert!(
        run(
            &root,
            &["--session", "old", "store", "--tool", "x"],
            Some(big_log().as_bytes())
        )
        .status
        .success()
    );
    let kept = stdout(&run(&root, &["gc", "--older-than", "1h"], None));
    assert!(kept.is_empty());
    assert!(root.join("sessions/old").exists());
    let removed = stdout(&run(&root, &["gc", "--older-than", "0s"], None));
    assert_eq!(removed, "removed session old\n");
    assert!(!root.join("sessions/old").exists());
}

/// The LLM path end to end: a config file naming the key's variable, an
/// extraction with progress on stderr and the report in JSON, then `stats`.
#[test]
fn extract_with_a_configured_llm_reports_progress_and_accounts() {
    use tool_output_tests::llm_server::{Reply, Scripted, ScriptedServer, openai_text};
    use tool_output_tests::script::{final_report, nonce};

    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(ScriptedServer::start(|req| {
        let answer = final_report(&nonce(req), "FATAL at line 2001: disk quota exceeded");
        Scripted::now(Reply::Json(openai_text(&answer, 1200, 25)))
    }));
    let root = root();
    let config = root.join("llm.toml");
    std::fs::write(
        &config,
        format!(
            "model = \"openai/gpt-4o-mini\"\n[openai]\nbase_url = \"{}/v1\"\napi_key_env = \"MY_LLM_KEY\"\n",
            server.base_url()
        ),
    )
    .unwrap();
    let log = big_log();
    let out = stdout(&run(
        &root,
        &["--json", "store", "--tool", "app"],
        Some(log.as_bytes()),
    ));
    let stored: serde_json::Value = serde_json::from_str(&out).unwrap();
    let handle = stored["handle"].as_str().unwrap().to_string();

    let config_arg = config.to_str().unwrap();
    let vars = [("MY_LLM_KEY", "sk-from-file-var")];
    let args = [
        "--config",
        config_arg,
        "--json",
        "extract",
        &handle,
        "why did it stop?",
    ];
    let out = run_env(&root, &args, None, &vars);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["text"],
        format!(
            "ABSTRACT FROM TOOL OUTPUT app WITH HANDLE {handle}, STRATEGY:full-chunked:\n\n\
             FATAL at line 2001: disk quota exceeded"
        )
    );
    let report = &json["report"];
    assert_eq!(report["used"], "full-chunked");
    assert_eq!(report["llm_calls"][0]["kind"], "map");
    assert_eq!(report["llm_calls"][0]["input_tokens"], 1200);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "tool-output: map 1/1 done\n"
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(
        requests[0].header("authorization"),
        Some("Bearer sk-from-file-var")
    );
    assert_eq!(requests[0].body["model"], "gpt-4o-mini");

    let stats: serde_json::Value =
        serde_json::from_str(&stdout(&run(&root, &["--json", "stats"], None))).unwrap();
    assert_eq!(stats["stores"], 1);
    assert_eq!(stats["extractions"], 1);
    assert_eq!(stats["llm_calls"], 1);
    assert_eq!(stats["input_tokens"], 1200);
    assert_eq!(stats["strategies"]["full-chunked"], 1);
    assert!(stats["bytes_kept_out"].as_u64().unwrap() > 100_000);
    let text = stdout(&run(&root, &["stats"], None));
    assert!(
        text.contains("LLM calls       1 (0 failed), 1200 tokens in, 25 out"),
        "{text}"
    );

    // No model anywhere: the same extraction is lexical, with no request.
    let out = stdout(&run(&root, &["extract", &handle, "disk quota"], None));
    assert!(out.contains("STRATEGY:lexical:"), "{out}");
    assert_eq!(server.request_count(), 1);
    // A broken config file is a clear one-line error.
    std::fs::write(&config, "max_chunkz = 3\n").unwrap();
    let out = run_env(&root, &args, None, &vars);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("tool-output: error: ") && err.contains("max_chunkz"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn a_corrupt_sidecar_is_listed_as_broken_and_removable() {
    let root = root();
    let log = big_log();
    let store = || {
        let out = run(
            &root,
            &["--json", "store", "--tool", "t"],
            Some(log.as_bytes()),
        );
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        json["handle"].as_str().unwrap().to_string()
    };
    let (good, bad) = (store(), store());
    let session = root.join("sessions/default");
    std::fs::write(session.join(format!("{bad}.meta.json")), b"{\"version\":1,").unwrap();
    std::fs::write(session.join(format!("{bad}.txt.part")), b"left over").unwrap();

    let text = stdout(&run(&root, &["list"], None));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_by_key(|l| !l.starts_with(&good));
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with(&format!("{good}  t ")), "{text}");
    assert!(
        lines[1].starts_with(&format!(
            "{bad}  BROKEN: the metadata of handle {bad} is corrupt"
        )),
        "{text}"
    );
    let list: serde_json::Value =
        serde_json::from_str(&stdout(&run(&root, &["--json", "list"], None))).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    for entry in list {
        let broken = entry["handle"] == bad.as_str();
        assert_eq!(entry["problem"].is_string(), broken, "{entry}");
        assert_eq!(entry["problem"].is_null(), !broken, "{entry}");
    }

    assert!(run(&root, &["remove", &bad], None).status.success());
    let left: Vec<String> = std::fs::read_dir(&session)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&bad))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let text = stdout(&run(&root, &["list"], None));
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(!run(&root, &["remove", &bad], None).status.success());
}

/// docs/cli-reference.md is what `tool-output reference` writes from the
/// argument definitions: a new option or a changed help text shows here.
/// `TOOL_OUTPUT_UPDATE_DOCS=1` rewrites the file.
#[test]
fn the_command_line_reference_is_current() {
    let out = Command::new(env!("CARGO_BIN_EXE_tool-output"))
        .arg("reference")
        .output()
        .unwrap();
    let written = stdout(&out);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/cli-reference.md");
    if std::env::var_os("TOOL_OUTPUT_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &written).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == written,
        "docs/cli-reference.md is not current: run \
         `TOOL_OUTPUT_UPDATE_DOCS=1 cargo test --workspace --test all -- cli::the_command_line_reference_is_current`"
    );
}

/// Whether `text` holds a character a terminal would act on: C0 and C1
/// controls (tab and newline aside), DEL, bidi overrides and isolates.
fn has_raw_control(text: &str) -> bool {
    text.chars().any(|c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

#[test]
fn clap_errors_and_help_never_send_a_raw_escape() {
    let root = root();
    let hostile = "x\u{1b}[2J\u{9b}31m\u{202e}evil\u{7}";
    let flag = format!("--{hostile}");
    type Case<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);
    let cases: Vec<Case> = vec![
        // An unknown argument, quoted back.
        (vec!["list", &flag], vec![]),
        (vec![hostile], vec![]),
        // A bad value, from the command line and from the environment.
        (vec!["tail", "h", "-n", hostile], vec![]),
        (vec!["list"], vec![("TOOL_OUTPUT_STORE_CACHE_MB", hostile)]),
        (vec!["extract", "h", "x", "--mode", hostile], vec![]),
        // Help shows the environment's values.
        (vec!["--help"], vec![("TOOL_OUTPUT_ROOT", hostile)]),
        (
            vec!["store", "--help"],
            vec![("TOOL_OUTPUT_MODEL", hostile)],
        ),
    ];
    for (args, vars) in cases {
        let out = run_env(&root, &args, None, &vars);
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(!has_raw_control(&stdout), "{args:?}: {stdout:?}");
        assert!(!has_raw_control(&stderr), "{args:?}: {stderr:?}");
        let said = format!("{stdout}{stderr}");
        assert!(said.contains("\\u{9b}31m\\u{202e}evil"), "{args:?}: {said}");
        if args.contains(&"--help") {
            assert_eq!(out.status.code(), Some(0));
        } else {
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        }
    }
}

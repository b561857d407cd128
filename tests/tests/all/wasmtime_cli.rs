//! The composed command component under the real wasmtime CLI: the same
//! text as the native CLI, an LLM extraction over wasi:http against the
//! scripted loopback server, and `--invoke` on the engine's exports.
//!
//! Needs `wasmtime` (48.x): `tests/wasmtime/setup.sh` installs the prebuilt
//! release; `scripts/test` runs it and sets `TOOL_OUTPUT_REQUIRE_WASMTIME=1`,
//! so there a missing binary fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::{runtime, scratch_dir, stored};
use tool_output::{Mode, ToolCall};
use tool_output_tests::llm_server::{Reply, Scripted, ScriptedServer, openai_text};
use tool_output_tests::script::{final_report, nonce};

fn wasmtime() -> Option<PathBuf> {
    let candidates = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        // Where tests/wasmtime/setup.sh links it, and where `cargo install` puts it.
        .chain([Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/tools/bin")])
        .chain(std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo/bin")));
    for dir in candidates {
        let path = dir.join("wasmtime");
        if path.is_file() {
            return Some(path);
        }
    }
    tool_output_tests::suite::missing("wasmtime", "the wasmtime CLI");
    None
}

/// Run wasmtime off the async runtime: the scripted LLM server answers on
/// it while the command waits.
async fn run(wasmtime: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let (wasmtime, stdin) = (wasmtime.to_path_buf(), stdin.to_vec());
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let mut child = Command::new(wasmtime)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("wasmtime runs");
        child.stdin.take().unwrap().write_all(&stdin).unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The names a component imports at its top level (those of the components
/// and modules nested in it are theirs). Read with wasmparser, not compiled:
/// no compiler is linked into the tests, as none is into the shipped host.
fn top_level_imports(component: &[u8]) -> Vec<String> {
    use wasmparser::{Parser, Payload};
    let mut depth = 0usize;
    let mut imports = Vec::new();
    for payload in Parser::new(0).parse_all(component) {
        match payload.unwrap() {
            Payload::ModuleSection { .. } | Payload::ComponentSection { .. } => depth += 1,
            Payload::End(_) => depth = depth.saturating_sub(1),
            Payload::ComponentImportSection(section) if depth == 0 => imports.extend(
                section
                    .into_iter()
                    .map(|i| i.unwrap().name.name.to_string()),
            ),
            _ => {}
        }
    }
    imports
}

/// Handles differ between sessions; everything else must not.
fn without_handles(text: &str) -> String {
    let re =
        regex::Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").unwrap();
    re.replace_all(text, "<handle>").into_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_composed_command_runs_under_the_wasmtime_cli() {
    let Some(wasmtime) = wasmtime() else { return };
    let out_dir = scratch_dir("components");
    let written = tool_output::artifacts::write_components(&out_dir)
        .await
        .unwrap();
    let cli = written.command.to_str().unwrap().to_string();

    // The composition needs nothing but WASI: the adapters hold the
    // session directory and the network.
    let imports = top_level_imports(&std::fs::read(&written.command).unwrap());
    assert!(
        imports
            .iter()
            .all(|i| i.starts_with("wasi:") || i.starts_with("tool-output:core/types@")),
        "{imports:?}"
    );
    assert!(
        imports
            .iter()
            .any(|i| i.starts_with("wasi:http/outgoing-handler"))
    );

    // The same text as the native library, handles aside.
    let log = tool_output_tests::fixtures::app_log();
    let session = scratch_dir("wasmtime-session");
    let dir = format!("{}::/session", session.display());
    let message = stdout(
        &run(
            &wasmtime,
            &[
                "run", "-S", "http", "--dir", &dir, &cli, "store", "--tool", "app",
            ],
            log.as_bytes(),
        )
        .await,
    );
    let native_rt = runtime("wasmtime-native").await;
    let native = native_rt.session().unwrap();
    let s = stored(
        native
            .store(&ToolCall::new("app"), log.as_bytes())
            .await
            .unwrap(),
    );
    assert_eq!(
        without_handles(&message),
        without_handles(&format!("{}\n", s.message))
    );
    let handle = regex::Regex::new(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")
        .unwrap()
        .find(&message)
        .unwrap()
        .as_str()
        .to_string();
    let answer = stdout(
        &run(
            &wasmtime,
            &[
                "run",
                "-S",
                "http",
                "--dir",
                &dir,
                &cli,
                "extract",
                &handle,
                "disk quota",
                "--mode",
                "lexical",
            ],
            b"",
        )
        .await,
    );
    let native_answer = native
        .extract(&s.handle, "disk quota", Some(Mode::Lexical))
        .await
        .unwrap()
        .text;
    assert_eq!(
        without_handles(&answer),
        without_handles(&format!("{native_answer}\n"))
    );
    let tail = stdout(
        &run(
            &wasmtime,
            &[
                "run", "-S", "http", "--dir", &dir, &cli, "tail", &handle, "-n", "1",
            ],
            b"",
        )
        .await,
    );
    assert_eq!(tail, "4000: INFO request 3999 served in 22 ms\n");
    let found = stdout(
        &run(
            &wasmtime,
            &[
                "run",
                "-S",
                "http",
                "--dir",
                &dir,
                &cli,
                "search",
                "disk quota",
            ],
            b"",
        )
        .await,
    );
    let native_found = native.search("disk quota", 0, None).await.unwrap();
    assert!(
        found.contains("\n   2001: FATAL: disk quota exceeded"),
        "{found}"
    );
    // Printed as it is: the answer ends with its own newline.
    assert_eq!(without_handles(&found), without_handles(&native_found));

    // The engine's errors read as the native library's (one table,
    // wire::contract), each case by its own kind.
    let unknown = "0f8fad5b-d9cb-469f-a165-70867728950e";
    let errors = [
        (
            vec!["tail", "nope"],
            "invalid handle: ",
            native.tail("nope", 1).await,
        ),
        (
            vec!["tail", unknown],
            "unknown handle: ",
            native.tail(unknown, 1).await,
        ),
        (
            vec!["grep", handle.as_str(), "("],
            "invalid argument: ",
            native
                .grep(
                    &s.handle,
                    "(",
                    tool_output::GrepOptions {
                        context: 0,
                        ignore_case: false,
                        max_matches: None,
                    },
                )
                .await,
        ),
    ];
    for (args, kind, native_result) in errors {
        let mut argv = vec!["run", "-S", "http", "--dir", &dir, &cli];
        argv.extend(args);
        let out = run(&wasmtime, &argv, b"").await;
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        let native_text = native_result.unwrap_err().to_string();
        assert!(!out.status.success(), "{said}");
        assert!(native_text.starts_with(kind), "{native_text}");
        assert_eq!(
            without_handles(&said),
            // On one line, as the native CLI prints it.
            without_handles(&format!(
                "tool-output: error: {}\n",
                native_text.replace('\n', " ")
            ))
        );
    }

    // An LLM extraction over wasi:http, configured by --env.
    let server = ScriptedServer::start(|req| {
        let answer = final_report(&nonce(req), "FATAL at line 2001: disk quota exceeded");
        Scripted::now(Reply::Json(openai_text(&answer, 1200, 25)))
    })
    .await;
    let base = format!("OPENAI_BASE_URL={}/v1", server.base_url());
    let answer = stdout(
        &run(
            &wasmtime,
            &[
                "run",
                "-S",
                "http",
                "--dir",
                &dir,
                "--env",
                "TOOL_OUTPUT_MODEL=openai/gpt-4o-mini",
                "--env",
                &base,
                "--env",
                "OPENAI_API_KEY=sk-wasi",
                &cli,
                "extract",
                &handle,
                "why did it stop?",
            ],
            b"",
        )
        .await,
    );
    assert_eq!(
        answer,
        format!(
            "ABSTRACT FROM TOOL OUTPUT app WITH HANDLE {handle}, STRATEGY:full-chunked:\n\n\
             FATAL at line 2001: disk quota exceeded\n"
        )
    );
    // A setting out of its range is refused before any request, as by the
    // native CLI (one table of ranges: tool_output_wire::settings).
    let refused = run(
        &wasmtime,
        &[
            "run",
            "-S",
            "http",
            "--dir",
            &dir,
            "--env",
            "TOOL_OUTPUT_MODEL=openai/gpt-4o-mini",
            "--env",
            &base,
            "--env",
            "TOOL_OUTPUT_RETRIES=4000000000",
            &cli,
            "extract",
            &handle,
            "why did it stop?",
            "--mode",
            "full-chunked",
        ],
        b"",
    )
    .await;
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&refused.stdout),
        String::from_utf8_lossy(&refused.stderr)
    );
    assert!(
        said.contains("TOOL_OUTPUT_RETRIES: retries must be between 0 and 10, not 4000000000"),
        "{said}"
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/v1/chat/completions");
    assert_eq!(requests[0].header("authorization"), Some("Bearer sk-wasi"));
    assert_eq!(requests[0].body["model"], "gpt-4o-mini");

    // --invoke on the engine's exports, WAVE in and out.
    let schema = stdout(
        &run(
            &wasmtime,
            &["run", "-S", "http", "--invoke", "tool-schema()", &cli],
            b"",
        )
        .await,
    );
    assert!(
        schema.starts_with('"') && schema.contains("handle"),
        "{schema}"
    );
    let preview = stdout(
        &run(
            &wasmtime,
            &[
                "run",
                "-S",
                "http",
                "--dir",
                &dir,
                "--invoke",
                &format!("preview(\"{handle}\", some(2000))"),
                &cli,
            ],
            b"",
        )
        .await,
    );
    assert!(preview.starts_with("ok(\""), "{preview}");
    let extract = stdout(&run(
        &wasmtime,
        &[
            "run",
            "-S",
            "http",
            "--dir",
            &dir,
            "--invoke",
            &format!(
                "extract({{handle: \"{handle}\", extract: \"disk quota\", mode: some(lexical)}})"
            ),
            &cli,
        ],
        b"",
    ).await);
    assert!(
        extract.contains("failed: false") && extract.contains("disk quota exceeded"),
        "{extract}"
    );
}

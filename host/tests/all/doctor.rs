//! `tool-output doctor` against scripted models on loopback (and a closed
//! port), then `extract --mode auto` with the verdict it kept.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tool_output_tests::fixtures::app_log;
use tool_output_tests::llm_server::{
    Recorded, Reply, Scripted, ScriptedServer, openai_text, openai_tool_calls,
};
use tool_output_tests::script::{final_report, last_user_text, nonce, tool_results};

/// How a scripted model behaves.
#[derive(Clone, Copy)]
enum Model {
    /// Answers map calls in the format; greps, then answers, as a sub-agent.
    Good,
    /// Answers everything in prose: never the format, never a tool call.
    Prose,
    /// Answers in the format but never calls a tool (so it cannot know).
    NoTools,
}

fn serve(model: Model) -> impl Fn(&Recorded) -> Scripted {
    move |req| {
        if req.path.ends_with("/models") {
            let list = json!({"object": "list", "data": [{"id": "test-model", "object": "model"}]});
            return Scripted::now(Reply::Json(list));
        }
        let sub_agent = req.body["tools"].as_array().is_some_and(|t| !t.is_empty());
        let text = match (model, sub_agent) {
            (Model::Prose, _) => "There is an error in the log, I believe.".to_string(),
            (Model::NoTools, true) => final_report(&nonce(req), "NO RELEVANT DATA FOUND"),
            (_, false) => final_report(&nonce(req), &code_in(&last_user_text(req))),
            (Model::Good, true) => {
                let results = tool_results(req);
                if results.is_empty() {
                    let text = req.system_and_user_text();
                    let at = text.find("Handle/filename: ").unwrap() + 17;
                    let args = json!({"file": &text[at..at + 36], "pattern": "ERROR"}).to_string();
                    let calls = [("call_1", "Grep", args.as_str())];
                    return Scripted::now(Reply::Json(openai_tool_calls(&calls, 10, 5)));
                }
                final_report(&nonce(req), &code_in(&results[0].1))
            }
        };
        Scripted::now(Reply::Json(openai_text(&text, 10, 5)))
    }
}

/// "incident code X" as found in `text`, or a guess without one.
fn code_in(text: &str) -> String {
    match text.find("incident code ") {
        Some(at) => text[at..]
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
        None => "no code seen".into(),
    }
}

fn root() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("doctor")
        .join(uuid_like());
    std::fs::create_dir_all(&dir).unwrap();
    // One compiled component for all CLI tests.
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-component-cache");
    std::fs::create_dir_all(&cache).unwrap();
    std::os::unix::fs::symlink(&cache, dir.join("components")).unwrap();
    dir
}

fn uuid_like() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{}-{nanos}", std::process::id())
}

/// The CLI with only the given environment, in `root`.
fn run(root: &Path, args: &[&str], stdin: &[u8], vars: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tool-output"))
        .arg("--root")
        .arg(root)
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
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn endpoint(base: &str, model: &'static str) -> Vec<(&'static str, String)> {
    vec![
        ("TOOL_OUTPUT_MODEL", model.to_string()),
        ("OPENAI_BASE_URL", format!("{base}/v1")),
        ("OPENAI_API_KEY", "sk-test".to_string()),
    ]
}

fn vars<'a>(list: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    list.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// Store `output` in `root`'s default session; the handle.
fn store(root: &Path, output: &str) -> String {
    let args = [
        "--json",
        "store",
        "--tool",
        "app",
        "--max-inline-bytes",
        "100",
    ];
    let out = run(root, &args, output.as_bytes(), &[]);
    json_of(&out)["handle"].as_str().unwrap().to_string()
}

/// `extract --mode auto --json` with `env`; its report.
fn auto(root: &Path, handle: &str, env: &[(&'static str, String)]) -> Value {
    let args = ["--json", "extract", handle, "the FATAL line"];
    let out = run(root, &args, b"", &vars(env));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_of(&out)["report"].clone()
}

fn modes(found: &Value) -> Vec<(String, Value)> {
    ["full-chunked", "read-grep", "lexical", "truncate"]
        .iter()
        .map(|m| {
            (
                m.to_string(),
                found["models"][0]["modes"][m]["works"].clone(),
            )
        })
        .collect()
}

fn works(list: [Value; 4]) -> Vec<(String, Value)> {
    ["full-chunked", "read-grep", "lexical", "truncate"]
        .iter()
        .map(|m| m.to_string())
        .zip(list)
        .collect()
}

#[test]
fn a_good_model_manages_every_mode() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(ScriptedServer::start(serve(Model::Good)));
    let root = root();
    let env = endpoint(&server.base_url(), "test-model");
    let out = run(&root, &["--json", "doctor"], b"", &vars(&env));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found = json_of(&out);
    assert_eq!(found["usable"], true);
    let model = &found["models"][0];
    assert_eq!(model["reachable"], true);
    assert_eq!(model["listed"], true);
    assert_eq!(model["in_model_table"], false);
    assert_eq!(model["context_window"], 8192);
    let t = Value::Bool(true);
    assert_eq!(modes(&found), works([t.clone(), t.clone(), t.clone(), t]));
    assert!(Path::new(model["verdict_file"].as_str().unwrap()).is_file());
    let paths: Vec<String> = server.requests().iter().map(|r| r.path.clone()).collect();
    assert_eq!(paths[0], "/v1/models");
    assert_eq!(
        paths.len(),
        4,
        "the listing, one map call, two sub-agent turns"
    );

    // In plain words.
    let out = run(&root, &["doctor"], b"", &vars(&env));
    let text = String::from_utf8(out.stdout).unwrap();
    let port = server.base_url().rsplit(':').next().unwrap().to_string();
    assert!(
        text.starts_with(&format!(
            "test-model at http://127.0.0.1:{port}/v1\n  \
             endpoint        reachable; lists 1 model, test-model among them\n  \
             model           not in the model table: safe defaults are assumed\n  \
             context window  8192 tokens (default), answers up to 2048\n  \
             {:16}set TOOL_OUTPUT_CONTEXT_WINDOW to the server's context size\n  \
             full-chunked    works: answered in the final-report format, with the needle (1 LLM call)\n  \
             read-grep       works: found the needle with native tool calls (2 LLM calls)\n  \
             lexical         works: no LLM needed\n  \
             truncate        works: no LLM needed\n\
             Usable: full-chunked, read-grep, lexical, truncate will work.\n",
            ""
        )),
        "{text}"
    );
}

#[test]
fn a_model_that_never_follows_the_format_is_unusable_and_auto_stays_lexical() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(ScriptedServer::start(serve(Model::Prose)));
    let root = root();
    let env = endpoint(&server.base_url(), "test-model");
    let out = run(&root, &["--json", "doctor"], b"", &vars(&env));
    assert_eq!(out.status.code(), Some(1), "no LLM mode works");
    let found = json_of(&out);
    assert_eq!(found["usable"], false);
    let (f, t) = (Value::Bool(false), Value::Bool(true));
    assert_eq!(modes(&found), works([f.clone(), f, t.clone(), t]));
    let model = &found["models"][0];
    assert_eq!(
        model["modes"]["full-chunked"]["detail"],
        "the map call for chunk 1 answered without the final-report wrapper"
    );
    assert_eq!(
        model["modes"]["read-grep"]["detail"],
        "the sub-agent neither called Read or Grep nor answered in the final-report wrapper \
         (turns 1 and 2, the second after a reminder)"
    );

    // A small output: auto would map it; with the verdict, no LLM call.
    let handle = store(&root, &app_log()[..3000]);
    let before = server.request_count();
    let report = auto(&root, &handle, &env);
    assert_eq!(report["used"], "lexical");
    assert_eq!(report["fallbacks"], json!([]));
    assert_eq!(server.request_count(), before);
    // Another model of that endpoint has no verdict: auto maps.
    let other = endpoint(&server.base_url(), "test-model-2");
    let report = auto(&root, &handle, &other);
    assert_eq!(report["requested"], "auto");
    assert_eq!(report["fallbacks"][0]["from"], "full-chunked");
    assert_eq!(report["fallbacks"][0]["kind"], "strategy");
    assert!(server.request_count() > before);
}

#[test]
fn a_model_that_never_calls_tools_keeps_full_chunked_and_auto_skips_read_grep() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(ScriptedServer::start(serve(Model::NoTools)));
    let root = root();
    let env = endpoint(&server.base_url(), "test-model");
    let out = run(&root, &["--json", "doctor"], b"", &vars(&env));
    assert!(out.status.success(), "full-chunked works");
    let found = json_of(&out);
    let (f, t) = (Value::Bool(false), Value::Bool(true));
    assert_eq!(modes(&found), works([t.clone(), f, t.clone(), t]));
    let detail = found["models"][0]["modes"]["read-grep"]["detail"]
        .as_str()
        .unwrap();
    assert!(
        detail.starts_with("answered in the final-report format but without the incident code"),
        "{detail}"
    );

    // Too large for one chunk: auto would send it to read-grep.
    let handle = store(&root, &app_log());
    let before = server.request_count();
    let report = auto(&root, &handle, &env);
    assert_eq!(report["used"], "lexical");
    assert_eq!(server.request_count(), before, "no sub-agent turn");
    let other = endpoint(&server.base_url(), "test-model-2");
    assert_eq!(auto(&root, &handle, &other)["used"], "read-grep");
}

#[test]
fn a_refused_port_is_unusable_at_once_and_nothing_is_kept() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let root = root();
    let mut env = endpoint(&format!("http://127.0.0.1:{port}"), "test-model");
    // Retried with backoff, this would take minutes.
    env.push(("TOOL_OUTPUT_RETRIES", "10".into()));
    let started = Instant::now();
    let out = run(&root, &["--json", "doctor"], b"", &vars(&env));
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(1));
    let found = json_of(&out);
    let model = &found["models"][0];
    assert_eq!(model["reachable"], false);
    let detail = format!(
        "unreachable: no connection to 127.0.0.1:{port}: Connection refused (os error 111)"
    );
    assert_eq!(model["endpoint_detail"], detail.as_str());
    assert_eq!(
        model["modes"]["full-chunked"],
        json!({"works": null, "detail": format!("not checked: {detail}")})
    );
    assert!(
        !root.join("doctor").exists(),
        "no verdict for an endpoint that is down"
    );
    assert!(took < Duration::from_secs(10), "took {took:?}");

    let out = run(&root, &["doctor"], b"", &vars(&env));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(
            "Not usable: the endpoint cannot be used; extractions will answer with lexical and \
             truncate.\n"
        ),
        "{text}"
    );
}

#[test]
fn no_model_configured_is_said_plainly() {
    let root = root();
    let out = run(&root, &["doctor"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "No model is configured (TOOL_OUTPUT_MODEL, --model or tool-output.toml): extractions \
         use lexical and truncate only.\n"
    );
}

#[test]
fn a_hostile_config_is_shown_never_sent_to_the_terminal() {
    let root = root();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // ./tool-output.toml names a model with escapes in it.
    std::fs::write(
        root.join("tool-output.toml"),
        format!(
            "models = [\"openai/gpt\\u001b]0;owned\\u0007\\u001b[2J\\u009b31m\\u202eevil\"]\n\n[openai]\nbase_url = \"http://127.0.0.1:{port}/v1\"\n"
        ),
    )
    .unwrap();
    for args in [&["doctor"][..], &["--json", "doctor"]] {
        let out = run(&root, args, b"", &[("OPENAI_API_KEY", "sk-test")]);
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let raw = said.chars().any(|c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        });
        assert!(!raw, "{args:?}: {said:?}");
        assert!(said.contains("evil"), "{args:?}: {said}");
    }
    // The JSON still says the same name.
    let out = run(
        &root,
        &["--json", "doctor"],
        b"",
        &[("OPENAI_API_KEY", "sk-test")],
    );
    let found = json_of(&out);
    assert!(
        found["models"][0]["model"]
            .as_str()
            .unwrap()
            .ends_with("gpt\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m\u{202e}evil"),
        "{found}"
    );
}

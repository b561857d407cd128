//! LLM runtimes against the scripted server, and reading what an
//! extraction reports.

use std::collections::HashMap;
use std::time::Duration;

use tool_output::llm::config::FileConfig;
use tool_output::{FailureKind, LlmConfig, Mode, Runtime, ToolCall};
use tool_output_tests::llm_server::{Recorded, Scripted, ScriptedServer};

use super::{build_log, runtime_with, stored};

pub const CONTEXT: u32 = 3000;
pub const ANSWER: u32 = 400;

/// A runtime whose LLM is `model` on `server`, configured the way a user
/// does it (environment variables), with fast retries.
pub async fn llm_runtime(
    name: &str,
    server: &ScriptedServer,
    model: &str,
    adjust: impl FnOnce(&mut LlmConfig),
) -> Runtime {
    llm_runtime_at(name, &server.base_url(), model, adjust).await
}

/// [`llm_runtime`] with the endpoint at `base` (`http://host:port`).
pub async fn llm_runtime_at(
    name: &str,
    base: &str,
    model: &str,
    adjust: impl FnOnce(&mut LlmConfig),
) -> Runtime {
    let base = base.to_string();
    let vars: HashMap<&str, String> = HashMap::from([
        ("TOOL_OUTPUT_MODEL", model.to_string()),
        ("OPENAI_BASE_URL", format!("{base}/v1")),
        ("OPENAI_API_KEY", "sk-test".to_string()),
        ("ANTHROPIC_BASE_URL", base.clone()),
        ("ANTHROPIC_API_KEY", "ak-test".to_string()),
        ("TOOL_OUTPUT_CONTEXT_WINDOW", CONTEXT.to_string()),
        ("TOOL_OUTPUT_MAX_OUTPUT_TOKENS", ANSWER.to_string()),
    ]);
    let mut config = LlmConfig::resolve(FileConfig::default(), &|n| vars.get(n).cloned())
        .expect("valid configuration");
    config.retry.base_delay = Duration::from_millis(5);
    adjust(&mut config);
    let with_llm = tool_output::RuntimeConfig::with_llm(&config).expect("LLM configured");
    runtime_with(name, |c| {
        c.llm = with_llm.llm;
        c.extract = with_llm.extract;
    })
    .await
    .0
}

/// Extract once in `mode` against a server scripted by `script`; the result
/// and the server's requests.
pub async fn one_extraction(
    name: &str,
    mode: Mode,
    adjust: impl FnOnce(&mut LlmConfig),
    script: impl Fn(&Recorded) -> Scripted + Send + Sync + 'static,
) -> (
    tool_output::ExtractResult,
    ScriptedServer,
    tool_output::Session,
    String,
) {
    let server = ScriptedServer::start(script).await;
    // A window that takes the whole output in one chunk: one map call.
    let runtime = llm_runtime(name, &server, "test-model", |c| {
        c.context_window = Some(16000);
        adjust(c);
    })
    .await;
    let session = runtime.session().unwrap();
    let s = stored(
        session
            .store(&ToolCall::new("cargo"), build_log(300).as_bytes())
            .await
            .unwrap(),
    );
    let r = session
        .extract(&s.handle, "the tokio error", Some(mode))
        .await
        .unwrap();
    (r, server, session, s.handle)
}

pub fn warning(r: &tool_output::ExtractResult) -> &str {
    r.text.split_once("\n\n").unwrap().1.lines().next().unwrap()
}

pub fn steps(r: &tool_output::ExtractResult) -> Vec<(Mode, Mode, FailureKind)> {
    let fallbacks = r.report.fallbacks.iter();
    fallbacks.map(|f| (f.from, f.to, f.kind)).collect()
}

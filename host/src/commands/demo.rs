//! `tool-output demo`: realistic large outputs, stored and queried: with
//! the deterministic strategies when no LLM is configured (the default),
//! else `auto` uses the configured model.

use std::process::ExitCode;

use anyhow::Result;

use super::Env;
use crate::out;
use tool_output::{GrepOptions, Mode, Outcome, Runtime, RuntimeConfig, ToolCall};

#[derive(clap::Args)]
pub struct DemoArgs {
    /// Model to use, e.g. openai/gpt-4o-mini (default: TOOL_OUTPUT_MODEL, else the config file).
    #[arg(long)]
    model: Option<String>,
}

impl DemoArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let llm = env.llm_config(self.model.as_deref())?;
        let runtime = env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?;
        let name = llm.models.first().map(|m| m.name.as_str());
        run(&runtime, name).await?;
        Ok(ExitCode::SUCCESS)
    }
}

/// A `cargo build` log: thousands of coloured lines, one error in the middle.
pub fn build_log() -> String {
    let mut log = String::new();
    for i in 0..6000 {
        if i == 3127 {
            log.push_str(
                "\x1b[1m\x1b[31merror[E0433]\x1b[0m\x1b[1m: failed to resolve: use of undeclared crate or module `tokio`\x1b[0m\n\
                 \x1b[1m\x1b[34m  --> \x1b[0msrc/net/server.rs:42:5\n\
                 \x1b[1m\x1b[34m   |\x1b[0m\n\
                 \x1b[1m\x1b[34m42 |\x1b[0m     tokio::spawn(async move {\n\
                 \x1b[1m\x1b[34m   |\x1b[0m     \x1b[1m\x1b[31m^^^^^\x1b[0m use of undeclared crate or module `tokio`\n",
            );
        } else if i % 97 == 13 {
            log.push_str(&format!(
                "\x1b[1m\x1b[33mwarning\x1b[0m: unused variable: `ctx{i}`\n  --> src/mod{i}.rs:{}:9\n",
                i % 300 + 1
            ));
        } else {
            log.push_str(&format!(
                "\x1b[1m\x1b[32m   Compiling\x1b[0m crate-{i:04} v0.{}.{} (registry)\n",
                i % 9,
                i % 17
            ));
        }
        if i % 500 == 0 {
            log.push_str(
                "Building [=====>          ] 812/2000\rBuilding [=========>      ] 1300/2000\n",
            );
        }
    }
    log.push_str(
        "\x1b[1m\x1b[31merror\x1b[0m: could not compile `server` (lib) due to 1 previous error\n",
    );
    log
}

/// An API response: one line of minified JSON, 2500 records, one failure.
pub fn api_json() -> String {
    let mut items = Vec::new();
    for i in 0..2500u64 {
        let (status, error) = if i == 1701 {
            (
                "failed",
                "\"connection reset by peer while reading response headers\"",
            )
        } else {
            ("ok", "null")
        };
        items.push(format!(
            "{{\"id\":{},\"name\":\"job-{i:05}\",\"status\":\"{status}\",\"latency_ms\":{},\"error\":{error},\"tags\":[\"batch\",\"region-{}\"]}}",
            9_007_199_254_740_993u64 + i,
            (i * 37) % 900 + 12,
            i % 4
        ));
    }
    format!("{{\"total\":2500,\"items\":[{}]}}", items.join(","))
}

pub async fn run(runtime: &Runtime, model: Option<&str>) -> Result<()> {
    let session = runtime.session()?;
    let (with, how) = match model {
        Some(model) => (format!("with {model}"), "auto"),
        None => ("without an LLM".to_string(), "auto: lexical, no LLM"),
    };
    out::line(&format!(
        "tool-output demo: two large tool outputs, stored and queried {with}.\n"
    ))?;

    let log = build_log();
    let call = ToolCall::new("bash").args(r#"{"command":"cargo build --color=always"}"#);
    let outcome = session.store(&call, log.as_bytes()).await?;
    let handle = show_store("1. A cargo build log", &outcome)?;
    show(
        &format!("Model asks ({how}): \"which crate or module failed to resolve, and where?\""),
        &session
            .extract(
                &handle,
                "which crate or module failed to resolve, and where?",
                None,
            )
            .await?
            .text,
    )?;
    show(
        "Model asks (grep): error lines with 2 lines of context",
        &session
            .grep(
                &handle,
                r"^error",
                GrepOptions {
                    context: 2,
                    ignore_case: false,
                    max_matches: Some(5),
                },
            )
            .await?,
    )?;
    show(
        "Model asks (tail): the last 3 lines",
        &session.tail(&handle, 3).await?,
    )?;
    let cut = session
        .extract(&handle, "show the build", Some(Mode::Truncate))
        .await?
        .text;
    show(
        "Model asks (truncate): head and tail, one marked cut",
        &first_lines(&cut, 12),
    )?;

    let json = api_json();
    let call = ToolCall::new("http_get").args(r#"{"url":"https://api.example.com/jobs"}"#);
    let outcome = session.store(&call, json.as_bytes()).await?;
    let handle = show_store("2. A minified JSON API response (one line)", &outcome)?;
    show(
        &format!("Model asks ({how}): \"which job has status failed, and what was the error?\""),
        &first_lines(
            &session
                .extract(
                    &handle,
                    "which job has status failed, and what was the error?",
                    None,
                )
                .await?
                .text,
            30,
        ),
    )?;
    out::line(
        "Everything above came from the stored outputs; they are removed when this demo exits.",
    )?;
    if model.is_none() {
        out::line(
            "With an LLM configured (TOOL_OUTPUT_MODEL, see docs/configuration.md), `auto` uses it instead \
             of the lexical search.",
        )?;
    }
    Ok(())
}

fn show_store(title: &str, outcome: &Outcome) -> Result<String> {
    let Outcome::Stored(stored) = outcome else {
        anyhow::bail!("the demo output was small enough to pass through");
    };
    out::line(&format!(
        "=== {title}: {} bytes, stored ({}) ===\n\
         The model gets this instead of the output:\n\n{}\n",
        stored.stats.bytes,
        stored.reason.as_str(),
        indent(&stored.message)
    ))?;
    Ok(stored.handle.clone())
}

fn show(title: &str, text: &str) -> Result<()> {
    out::line(&format!("--- {title}\n{}\n", indent(text)))
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  │ {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn first_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= n {
        return text.to_string();
    }
    format!(
        "{}\n[… {} more lines]",
        lines[..n].join("\n"),
        lines.len() - n
    )
}

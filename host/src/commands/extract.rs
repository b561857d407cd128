//! `extract`: answer a `tool_output` call as the model would get it, with
//! the report on request.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use serde_json::json;

use super::Env;
use crate::out;
use tool_output::accounting::ExtractEvent;
use tool_output::{ExtractOptions, Mode, RuntimeConfig};

#[derive(clap::Args)]
pub struct ExtractArgs {
    #[command(flatten)]
    call: tool_output_args::ExtractArgs,
    /// Extraction model, e.g. openai/gpt-4o-mini or anthropic/claude-haiku-4-5
    /// (default: TOOL_OUTPUT_MODEL, else the config file; none: no LLM).
    #[arg(long)]
    model: Option<String>,
    /// Chunks `auto` may send to full-chunked.
    #[arg(long)]
    max_chunks: Option<u32>,
    /// LLM calls this extraction may make.
    #[arg(long)]
    max_llm_calls: Option<u32>,
    /// Chunk overlap, 0-50 %.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=50))]
    overlap_percent: Option<u32>,
    /// Seconds the whole extraction may take (then it falls back to lexical
    /// search); 0: no limit.
    #[arg(long)]
    timeout: Option<u64>,
}

impl ExtractArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let Self {
            call,
            model,
            max_chunks,
            max_llm_calls,
            overlap_percent,
            timeout,
        } = self;
        let tool_output_args::ExtractArgs {
            handle,
            instructions,
            mode,
        } = call;
        let mode = Mode::from(mode);
        env.check_exists()?;
        let runtime = if matches!(mode, Mode::Lexical | Mode::Truncate | Mode::Jq) {
            // No LLM needed: a broken configuration is a warning.
            match env.llm_config(model.as_deref()) {
                Ok(llm) => env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?,
                Err(e) => {
                    out::stderr_line(&format!(
                        "warning: ignoring the LLM configuration ({e:#}); \
                         mode {} needs none",
                        mode.as_str()
                    ));
                    env.runtime().await?
                }
            }
        } else {
            let llm = env.llm_config(model.as_deref())?;
            env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?
        };
        let (_rt, session) = env.open(runtime)?;
        let options = ExtractOptions {
            mode: Some(mode),
            max_chunks,
            max_llm_calls,
            overlap_percent,
            // 0: no limit, asked for explicitly (a deadline past what
            // the clock holds is none).
            timeout: timeout.map(|secs| match secs {
                0 => Duration::MAX,
                secs => Duration::from_secs(secs),
            }),
            ..ExtractOptions::default()
        }
        .progress(|p| out::stderr_line(&p.to_string()));
        let result = session
            .extract_with(&handle, &instructions, &options)
            .await?;
        if env.json {
            out::json(&json!({
                "failed": result.failed,
                "text": result.text,
                "report": serde_json::to_value(ExtractEvent::new(&handle, &result))?,
            }))?;
        } else {
            out::line(&result.text)?;
        }
        Ok(if result.failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        })
    }
}

//! What to give a model and where the WebAssembly runs elsewhere: `schema`
//! (the tool definition) and `component` (the .wasm files).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::ValueEnum;
use serde_json::json;

use super::Env;
use crate::out;
use tool_output::agent;

#[derive(clap::Args)]
pub struct SchemaArgs {
    #[arg(long, value_enum, default_value = "json-schema")]
    format: SchemaFormat,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SchemaFormat {
    JsonSchema,
    Openai,
    Anthropic,
    SystemPrompt,
}

impl SchemaArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let format = self.format;
        let runtime = env.runtime().await?;
        let session = runtime.session()?;
        let schema = session.tool_schema().await?;
        match format {
            SchemaFormat::JsonSchema => out::line(&schema)?,
            SchemaFormat::Openai => out::json(&agent::openai_tool(&schema))?,
            SchemaFormat::Anthropic => out::json(&agent::anthropic_tool(&schema))?,
            SchemaFormat::SystemPrompt => out::line(agent::SYSTEM_PROMPT)?,
        }
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct ComponentArgs {
    /// Directory to write them into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

impl ComponentArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let out = self.out;
        let written = tool_output::artifacts::write_components(&out).await?;
        if env.json {
            out::json(&json!({
                "engine": written.engine, "engine_bytes": written.engine_bytes,
                "command": written.command, "command_bytes": written.command_bytes,
            }))?;
        } else {
            out::line(&format!(
                "{} ({} bytes)\n{} ({} bytes)",
                written.engine.display(),
                written.engine_bytes,
                written.command.display(),
                written.command_bytes
            ))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

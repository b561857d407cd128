//! `doctor`: is the configured LLM usable, and for which modes? The verdict
//! is kept under --root for `extract --mode auto`.

use std::process::ExitCode;

use anyhow::Result;

use super::Env;
use crate::out;
use tool_output::doctor;

#[derive(clap::Args)]
pub struct DoctorArgs {
    /// Model to check, e.g. openai/gpt-4o-mini (default: TOOL_OUTPUT_MODEL, else the config file).
    #[arg(long)]
    model: Option<String>,
}

impl DoctorArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let model = self.model;
        let llm = env.llm_config(model.as_deref())?;
        let options = doctor::DoctorOptions {
            verdicts: Some(env.root.join("doctor")),
        };
        let found = doctor::examine(&llm, &options).await?;
        // What the MCP sessions' clients said of sampling (noted by
        // `mcp serve` and `mcp proxy` when no model is configured).
        let clients = doctor::clients::seen(&env.root, None);
        // The gateways that lend the conversations' model (their lend files).
        let gateways = doctor::gateways::seen(&env.root);
        if env.json {
            let mut value = serde_json::to_value(&found)?;
            value["mcp_clients"] = serde_json::to_value(&clients)?;
            value["gateways"] = serde_json::to_value(&gateways)?;
            out::json(&value)?;
        } else {
            let mut text = found.to_string();
            if !clients.is_empty() {
                text.push('\n');
                text.push_str(&doctor::clients::describe(&clients));
            }
            if !gateways.is_empty() {
                text.push('\n');
                text.push_str(&doctor::gateways::describe(&gateways));
            }
            // The model's name and the endpoint's answers come from a
            // config file and a server: shown, never sent to the terminal.
            out::say(&text)?;
        }
        Ok(if found.usable {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    }
}

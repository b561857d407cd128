//! `tool-output gateway`: the model-API gateway on the named session
//! (`gateway` unless `--session` says otherwise), so `mcp serve` on the
//! same session answers the handles it stores and, through the lend file
//! the gateway leaves under the root, extracts with the conversation's own
//! model. Says where it listens on stdout (one line, for scripts), the rest
//! on stderr.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;

use super::Env;
use crate::out;
use tool_output::RuntimeConfig;
use tool_output::gateway::GatewayArgs;
use tool_output::llm::borrowed::{BorrowedLlm, lend_file};

pub async fn execute(env: &Env, args: GatewayArgs) -> Result<ExitCode> {
    // Before the engine loads (seconds): a refused option fails at once.
    args.check()?;
    let lending = args.lending()?;
    let llm = env.llm_config(None)?;
    // A model configured for tool-output is used; else the conversation's.
    let config = if llm.enabled() {
        out::stderr_line(&llm.in_use());
        RuntimeConfig::with_llm(&llm)?
    } else {
        RuntimeConfig {
            llm: Arc::new(BorrowedLlm::new(lending.clone())),
            ..RuntimeConfig::default()
        }
    };
    let runtime = env.runtime_with(config).await?;
    let (_runtime, session) = env.open(runtime)?;
    let session_name = env.session_name.clone();
    let upstream = args.upstream.clone();
    let lend = (!llm.enabled()).then(|| lend_file(&env.root, &session_name));
    args.execute(session, lending, lend, |addr| {
        let _ = out::text(&format!("listening on http://{addr}"));
        out::stderr_line(&format!(
            "gateway on session {session_name}; upstream: {}; extractions: {}",
            upstream.as_deref().unwrap_or("each API's provider"),
            if llm.enabled() {
                "the configured model"
            } else {
                "the conversation's own model"
            }
        ));
    })
    .await?;
    Ok(ExitCode::SUCCESS)
}

//! `tool-output gateway`: the model-API gateway on the named session
//! (`gateway` unless `--session` says otherwise), so `mcp serve` on the
//! same session answers the handles it stores. Says where it listens on
//! stdout (one line, for scripts), the rest on stderr.

use std::process::ExitCode;

use anyhow::Result;

use super::Env;
use crate::out;
use tool_output::gateway::GatewayArgs;

pub async fn execute(env: &Env, args: GatewayArgs) -> Result<ExitCode> {
    // Before the engine loads (seconds): a refused option fails at once.
    args.check()?;
    let (_runtime, session) = env.session().await?;
    let session_name = env.session_name.clone();
    let upstream = args.upstream.clone();
    args.execute(session, |addr| {
        let _ = out::text(&format!("listening on http://{addr}"));
        out::stderr_line(&format!(
            "gateway on session {session_name}; upstream: {}",
            upstream.as_deref().unwrap_or("each API's provider")
        ));
    })
    .await?;
    Ok(ExitCode::SUCCESS)
}

//! MCP: `tool-output mcp proxy` stands in for any MCP server and stores its
//! oversized tool results; `tool-output mcp serve` offers the same tools
//! over a session that something else stores into. Both speak MCP on stdio
//! and answer from a [`Session`]; the policy stays in the engine.

// The library's MCP API is the command ([`McpArgs`]); the pieces behind it
// are private.
mod downstream;
mod era;
mod fit;
pub(crate) mod jsonrpc;
pub(crate) mod limits;
mod proxy;
mod rewrite;
mod serve;
mod store_result;
pub(crate) mod tools;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, bail};

use crate::doctor::clients::ClientLog;
use crate::llm::sampling::SamplingLlm;
use crate::runtime::Runtime;
use crate::session::Session;

/// One line on stderr (an MCP host's log of the server), for the model
/// the answers will come from.
fn notice(text: &str) {
    eprintln!("tool-output: {}", tool_output_args::terminal_safe(text));
}

/// Whether `client` (its name and version) lends its model (no provider
/// is configured): said once per session, and noted for `doctor`. A
/// client of the stateless era (2026-07-28 on) is not asked: that revision
/// deprecates sampling and allows it only inside a multi-round-trip
/// request; the deterministic strategies answer (docs/mcp.md says why).
fn say_sampling(offered: bool, stateless: bool, client: &str, log: Option<&ClientLog>) {
    notice(match (offered, stateless) {
        (true, false) => "the MCP client offers sampling: tool_output asks the client's own model",
        (true, true) => {
            "the MCP client offers sampling under MCP 2026-07-28, which deprecates it: tool_output \
             answers with lexical search (configure a model to extract with one)"
        }
        (false, _) => {
            "the MCP client does not offer sampling: tool_output answers with lexical search"
        }
    });
    if let Some(log) = log {
        log.note(client, offered, stateless);
    }
}

pub use limits::LimitArgs;
use limits::Limits;

/// `tool-output mcp`: its arguments, and [`McpArgs::execute`] to run it.
#[derive(Debug, clap::Args)]
pub struct McpArgs {
    /// `proxy` or `serve`.
    #[command(subcommand)]
    pub command: McpCommand,
    /// Engine calls (stores, our tools' answers) running at once; more wait their turn. Each
    /// may use up to 2 GiB of engine memory.
    #[arg(long, global = true, value_name = "N", default_value_t = crate::runtime::DEFAULT_CONCURRENT_CALLS)]
    pub max_calls: usize,
    /// CPU seconds one call of our tools may use, plus 1 s per MiB of the stored output it
    /// reads while it goes on reading (a jq program that never ends is stopped this long, plus
    /// 1 s per MiB of that read, after its last read, with an answer that says so); shorter
    /// than the library's 120 s: the model is waiting.
    #[arg(long, global = true, value_name = "SECS", default_value_t = 30)]
    pub call_cpu_secs: u64,
    /// Where to note whether the client offers sampling, for `doctor`
    /// (the CLI sets it; not an option).
    #[arg(skip)]
    pub clients: Option<ClientLog>,
}

/// The two ways to offer the tools over MCP.
#[derive(Debug, clap::Subcommand)]
pub enum McpCommand {
    /// Stand in for an MCP server: start it, relay everything, store its oversized tool results.
    ///
    /// In a host's MCP configuration, put `tool-output mcp proxy --` before the server's
    /// command. Its tools gain tool_output, tool_output_read, tool_output_grep and
    /// tool_output_tail. The session is temporary (removed at exit) unless --session names one.
    Proxy(ProxyArgs),
    /// Serve tool_output and the paging tools over a named session (no downstream server).
    Serve(ServeArgs),
}

/// `tool-output mcp serve`'s arguments.
#[derive(Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// Also answer for handles stored in the sessions named like this (a prefix and `*`, e.g.
    /// `claude-*`): a host whose conversation id changes under a running server (Claude Code's
    /// `/clear`, `--continue`) stores into a session this server did not open.
    #[arg(long, value_name = "PATTERN")]
    pub handles_from: Option<String>,
}

/// `tool-output mcp proxy`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ProxyArgs {
    /// When a tool's result is stored: the size caps, per tool or for all.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The downstream server's streamable-HTTP endpoint, instead of a command.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    pub url: Option<String>,
    /// Seconds a downstream request may go without an answer or a progress notification (0: no limit).
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    pub timeout: u64,
    /// Largest message accepted from the client or the downstream server.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 30)]
    pub max_message_bytes: usize,
    /// The downstream server's command and its arguments (`--` before it is optional; the
    /// first word that is not one of these options starts it).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "COMMAND"
    )]
    pub command: Vec<String>,
}

impl McpArgs {
    /// Whether the command needs a named session even when none was given.
    pub fn needs_named_session(&self) -> bool {
        matches!(self.command, McpCommand::Serve(_))
    }

    /// The runtime limits these options set.
    pub fn apply(&self, limits: &mut crate::runtime::Limits) {
        limits.concurrent_calls = self.max_calls.max(1);
        limits.cpu_time = Duration::from_secs(self.call_cpu_secs.max(1));
    }

    /// Run on stdio until the client closes stdin. `sampling`: the
    /// runtime's engine when no provider is configured, to lend the
    /// client's model to if it offers sampling.
    pub async fn execute(
        self,
        runtime: &Runtime,
        session: Session,
        sampling: Option<Arc<SamplingLlm>>,
    ) -> Result<()> {
        let max_bytes = runtime.policy().max_inline_bytes;
        let tools = tools::Tools::new(Arc::new(session), max_bytes).await?;
        match self.command {
            McpCommand::Serve(args) => {
                let tools = match &args.handles_from {
                    Some(pattern) => tools.with_family(tools::Family::new(pattern)?),
                    None => tools,
                };
                serve::Server::new(tools, sampling, self.clients)
                    .run()
                    .await
            }
            McpCommand::Proxy(args) => {
                let limits = Limits::from_args(&args.limits)?;
                let downstream = match (&args.url, args.command.is_empty()) {
                    (Some(url), _) => downstream::Downstream::connect(url)?,
                    (None, false) => {
                        downstream::Downstream::spawn(&args.command, args.max_message_bytes)?
                    }
                    (None, true) => bail!(
                        "say which server to stand in for: `tool-output mcp proxy -- COMMAND [ARGS…]` or --url URL"
                    ),
                };
                let options = proxy::ProxyOptions {
                    limits,
                    timeout: (args.timeout > 0).then(|| Duration::from_secs(args.timeout)),
                    max_message_bytes: args.max_message_bytes,
                    stores: runtime.limits().concurrent_calls,
                    sampling,
                    clients: self.clients,
                };
                proxy::run(tools, downstream, options).await;
                Ok(())
            }
        }
    }
}

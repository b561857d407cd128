//! `tool-output gateway`: a model-API gateway on loopback, the one seam
//! every agent host and framework shares (each lets its user set the model
//! API's base URL). It forwards each request to the provider (or
//! `--upstream`) with the client's own headers and credentials, and on the
//! way stores every tool result the engine finds oversized, putting its
//! handle message in its place — the same bytes on every later turn, so
//! the provider's prompt cache keeps hitting. Everything else passes byte
//! for byte. Beside the MCP proxy, `run` and the hooks, it is one more
//! front over the same engine and sessions: the policy stays in the engine.
//!
//! - `listen`: the HTTP server, who may use it, one request's way;
//! - `body`: request bodies held once, decoded when compressed;
//! - `json`: a body read into byte spans, to rewrite a few of them;
//! - `dialect`: the APIs, one file each (Anthropic, OpenAI Chat and
//!   Responses, Gemini);
//! - `rewrite` and `index`: results stored once, replaced the same way
//!   every turn; `saved`: the whole of an output a host cut, from its file;
//! - `upstream`: forwarding, and the answer relayed back;
//! - `tools`: `--tools`, our tools offered and answered by the gateway;
//! - `lend`: the conversations' model and credentials, lent to extractions.

mod answer;
mod body;
mod dialect;
mod index;
mod json;
mod lend;
mod listen;
mod rewrite;
mod saved;
mod tools;
mod upstream;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, bail};

use crate::mcp::LimitArgs;
pub(crate) use crate::mcp::jsonrpc::chunked::Chunked;
pub(crate) use crate::mcp::jsonrpc::decode::Unescape;
use crate::mcp::limits::Limits;
use crate::session::Session;
pub use lend::Lending;

/// `tool-output gateway`'s options.
#[derive(Debug, clap::Args)]
pub struct GatewayArgs {
    /// The address to listen on. Anything but loopback needs --token.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8787")]
    pub listen: SocketAddr,
    /// Where every request goes (a provider, LiteLLM, OpenRouter, a company gateway):
    /// its path prefix, then the request's path. Default: the provider of the request's
    /// API (api.anthropic.com, api.openai.com, generativelanguage.googleapis.com).
    #[arg(long, value_name = "URL", env = "TOOL_OUTPUT_GATEWAY_UPSTREAM")]
    pub upstream: Option<String>,
    /// A secret every request must carry (header `X-Tool-Output-Token`, or the base URL's
    /// path prefix `/t/TOKEN`); required to listen beyond loopback.
    #[arg(
        long,
        value_name = "TOKEN",
        env = "TOOL_OUTPUT_GATEWAY_TOKEN",
        hide_env_values = true
    )]
    pub token: Option<String>,
    /// The largest request body, compressed or decoded, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub max_body_mb: usize,
    /// Seconds the upstream may take to start answering.
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub upstream_timeout: u64,
    /// Seconds either side may pause inside a request's or an answer's body.
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    pub idle_timeout: u64,
    /// Requests handled at once; more wait for a place.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_requests: usize,
    /// Offer tool_output and its paging tools to the model in every request that has tools,
    /// and answer their calls in the gateway: for clients without MCP (agent frameworks, the
    /// SDKs). Anthropic Messages, OpenAI Chat Completions and Responses, and Gemini.
    #[arg(long)]
    pub tools: bool,
    /// The model extractions (full-chunked, read-grep) run on, of the same provider and with
    /// the same credentials as the conversation that asked [default: the conversation's own
    /// model]. Used when no model is configured for tool-output.
    #[arg(long, value_name = "MODEL")]
    pub extract_model: Option<String>,
    /// When a tool's result is stored: the size caps, per tool or for all.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// What every request shares.
pub(crate) struct Gateway {
    pub rewriter: rewrite::Rewriter,
    pub upstream: Arc<upstream::Upstream>,
    /// The conversations' credentials, lent to extractions.
    pub lending: Arc<lend::Lending>,
    pub token: Option<String>,
    /// Listening on loopback: requests must name a loopback host (no DNS
    /// rebinding from a web page).
    pub loopback: bool,
    pub max_body: usize,
    pub idle: Duration,
    pub requests: tokio::sync::Semaphore,
    /// `--tools`: our tools, answered here.
    pub tools: Option<tools::Ours>,
}

impl GatewayArgs {
    /// Checks the options that need nothing else (before the engine loads).
    pub fn check(&self) -> Result<()> {
        if !self.listen.ip().is_loopback() && self.token.as_deref().unwrap_or("").is_empty() {
            bail!(
                "--listen {} is not a loopback address: give --token (or TOOL_OUTPUT_GATEWAY_TOKEN) so \
                 that only your clients can use the gateway",
                self.listen
            );
        }
        if self.token.as_deref().is_some_and(|t| t.len() < 16) {
            bail!("--token must be at least 16 characters");
        }
        if self.max_body_mb == 0 || self.max_requests == 0 {
            bail!("--max-body-mb and --max-requests must be at least 1");
        }
        Ok(())
    }

    /// The conversations' model and credentials, lent to extractions: the
    /// runtime's LLM when no model is configured
    /// ([`crate::llm::borrowed::BorrowedLlm`] over it).
    pub fn lending(&self) -> Result<Arc<Lending>> {
        let upstream = upstream::Upstream::new(
            self.upstream.as_deref(),
            Duration::from_secs(self.upstream_timeout.max(1)),
            Duration::from_secs(self.idle_timeout.max(1)),
        )?;
        Ok(Arc::new(lend::Lending::new(
            Arc::new(upstream),
            self.extract_model.clone(),
        )))
    }

    /// Serves until the process is stopped. `lending` is what
    /// [`GatewayArgs::lending`] gave (the runtime may use it), `lend_file`
    /// where `mcp serve` on the session finds the gateway; `ready` gets
    /// the address listened on (the port, when it was 0).
    pub async fn execute(
        self,
        session: Session,
        lending: Arc<Lending>,
        lend_file: Option<PathBuf>,
        ready: impl FnOnce(SocketAddr),
    ) -> Result<()> {
        self.check()?;
        let max_inline = crate::runtime::DEFAULT_MAX_INLINE_BYTES;
        let limits = Limits::from_args(&self.limits)?;
        let session = Arc::new(session);
        let ours = match self.tools {
            true => Some(tools::Ours::new(session.clone(), max_inline).await?),
            false => None,
        };
        let gateway = Arc::new(Gateway {
            rewriter: rewrite::Rewriter {
                session,
                limits,
                index: index::Index::default(),
                dirs: saved::Dirs::from_env(),
            },
            upstream: lending.upstream().clone(),
            lending: lending.clone(),
            token: self.token.filter(|t| !t.is_empty()),
            loopback: self.listen.ip().is_loopback(),
            max_body: self.max_body_mb.saturating_mul(1 << 20),
            idle: Duration::from_secs(self.idle_timeout.max(1)),
            requests: tokio::sync::Semaphore::new(self.max_requests),
            tools: ours,
        });
        let listener = tokio::net::TcpListener::bind(self.listen)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", self.listen))?;
        let addr = listener.local_addr()?;
        if let Some(path) = lend_file {
            // `mcp serve` on the session comes over loopback.
            let host = if addr.ip().is_unspecified() {
                "127.0.0.1".to_string()
            } else {
                addr.ip().to_string()
            };
            let url = match addr {
                SocketAddr::V6(_) if !addr.ip().is_unspecified() => {
                    format!("http://[{host}]:{}", addr.port())
                }
                _ => format!("http://{host}:{}", addr.port()),
            };
            lending
                .write_file(path, url)
                .map_err(|e| anyhow::anyhow!("writing the gateway's lend file: {e:#}"))?;
        }
        // Removed however serving ends (a signal drops this future).
        let _forget = Forget(lending);
        ready(addr);
        listen::serve(listener, gateway).await
    }
}

/// Removes the lend file when dropped.
struct Forget(Arc<Lending>);

impl Drop for Forget {
    fn drop(&mut self) {
        self.0.forget_file();
    }
}

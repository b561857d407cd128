//! Command-line contract (scripts depend on these names): global `--root`,
//! `--session`, `--json`, `--config`, `--store`; commands store, extract, preview,
//! read, grep, tail, list, remove, stats, close, gc, export, import, schema,
//! component, run, mcp (proxy, serve), gateway, demo, doctor. Each command's options
//! and work are in `commands/`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Parser, Subcommand};

use crate::commands::{self, Env};
use crate::out;
use std::sync::Arc;

use tool_output::RuntimeConfig;
use tool_output::interrupt::{self, Interrupted};
use tool_output::llm::borrowed::{BorrowedLlm, RemoteLender};
use tool_output::llm::sampling::SamplingLlm;
use tool_output::roots::{check_session_name, default_cache_root, expand_session_name};

#[derive(Parser)]
#[command(
    name = "tool-output",
    // The engine's hash too: two binaries of one version may embed two engines.
    version = concat!(
        env!("CARGO_PKG_VERSION"),
        " (engine sha256:",
        env!("TOOL_OUTPUT_COMPONENT_SHA256"),
        ")"
    ),
    about = "Keep oversized tool outputs out of an LLM's context window without losing them.",
    long_about = "Keep oversized tool outputs out of an LLM's context window without losing them.\n\n\
        `store` prints a small output unchanged, or stores a large one and prints the handle \
        message a model should get instead. The other commands answer what a model asks of a \
        handle. Named sessions persist under --root until `close` or `gc`."
)]
struct Cli {
    /// Directory for sessions and the doctor's verdicts.
    #[arg(long, global = true, env = "TOOL_OUTPUT_ROOT", value_name = "DIR")]
    root: Option<PathBuf>,
    /// Directory for the compiled component, one per user whatever the --root
    /// [default: ~/.cache/tool-output/components].
    #[arg(long, global = true, env = "TOOL_OUTPUT_CACHE_DIR", value_name = "DIR")]
    cache_dir: Option<PathBuf>,
    /// Session name (handles are valid only in the session that stored them) [default: default;
    /// `mcp proxy`: a temporary session]. `${VAR}` is replaced by that environment variable
    /// (`claude-${CLAUDE_CODE_SESSION_ID}`); an unset one is an error.
    #[arg(long, global = true, env = "TOOL_OUTPUT_SESSION")]
    session: Option<String>,
    /// Keep sessions on an object store: s3://bucket/prefix (or gs://, az://). Credentials and
    /// endpoint come from the environment as the cloud SDKs read them (AWS_ACCESS_KEY_ID,
    /// AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL, AWS_ALLOW_HTTP…); sessions under
    /// --root become caches. Also the config key `store`.
    #[arg(long, global = true, env = "TOOL_OUTPUT_STORE", value_name = "URL")]
    store: Option<String>,
    /// With --store: the bound of each session's local cache, in MiB [default: 1024]. Also the
    /// config key `store_cache_mb`.
    #[arg(
        long,
        global = true,
        env = "TOOL_OUTPUT_STORE_CACHE_MB",
        value_name = "MIB"
    )]
    store_cache_mb: Option<u64>,
    /// Print machine-readable JSON.
    #[arg(long, global = true)]
    json: bool,
    /// LLM configuration file (default: $TOOL_OUTPUT_CONFIG, else ./tool-output.toml if present).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Store a tool output (from FILE or stdin); print it unchanged if it is small, else the handle message.
    Store(commands::store::StoreArgs),
    /// Answer a tool_output call: print exactly the text the model would get.
    ///
    /// LLM progress goes to stderr; --json prints the text and the full report.
    Extract(commands::extract::ExtractArgs),
    /// The partial preview of a stored output.
    Preview(commands::readers::PreviewArgs),
    /// Lines of a stored output (numbers as in the handle message).
    Read(commands::readers::ReadArgs),
    /// Lines matching a regular expression.
    Grep(commands::readers::GrepArgs),
    /// The last lines of a stored output.
    Tail(commands::readers::TailArgs),
    /// The outputs stored in the session.
    List,
    /// Forget one stored output.
    Remove(commands::housekeeping::RemoveArgs),
    /// What the session's stores and extractions added up to (LLM calls, tokens, bytes kept out).
    Stats,
    /// Delete the session and everything stored in it.
    Close,
    /// Delete sessions not used for a while.
    Gc(commands::housekeeping::GcArgs),
    /// Write the session's handles into one archive (tar, or tar.zst) that `import` restores on
    /// any machine: same handles, byte-identical outputs, same line numbers.
    Export(commands::transfer::ExportArgs),
    /// Restore an archive written by `export` into the session (created if missing). The archive
    /// is checked whole against its manifest before anything is added: all or nothing.
    Import(commands::transfer::ImportArgs),
    /// The tool_output tool definition to give a model.
    Schema(commands::schema::SchemaArgs),
    /// Write the WebAssembly this binary runs: tool_output.wasm (the engine) and
    /// tool_output_cli.wasm (a standalone command for the wasmtime CLI).
    Component(commands::schema::ComponentArgs),
    /// Run a command; print its output (stdout and stderr) unchanged if small, else store it and
    /// print the handle message. Exits with the command's exit code.
    Run(commands::run::RunArgs),
    /// MCP servers for agent hosts: `mcp proxy -- COMMAND…` wraps any MCP server, `mcp serve`
    /// serves a session.
    Mcp(tool_output::mcp::McpArgs),
    /// Check the configured LLM and say which modes will work with it.
    ///
    /// Reachable? Key accepted? Model listed and in the model table? Context window? Then one tiny
    /// full-chunked and one tiny read-grep extraction run through the engine: does the model
    /// answer in the required format, does it make native tool calls? The verdict is kept under
    /// --root for 7 days and `extract --mode auto` passes over a mode the model does not manage.
    /// Exits 1 when no LLM mode works (no model, unreachable endpoint, refused key, or a model
    /// that manages neither); --json for scripts.
    Doctor(commands::doctor::DoctorArgs),
    /// Store generated large outputs and extract from them (uses an LLM only if one is configured).
    Demo(commands::demo::DemoArgs),
    /// The command an agent host's shell hook runs: the host's hook JSON on stdin, its answer on
    /// stdout (a large output replaced by its handle message, or the command run under `run`).
    ///
    /// Never breaks the host's tool: on any problem it prints nothing (the output stands) and says
    /// why in one line on stderr. `tool-output setup HOST` writes the hook into the host's config.
    Hook(commands::hook::HookArgs),
    /// A model-API gateway on loopback: point a host's or SDK's base URL at it; it forwards
    /// each request to the provider with the client's own credentials, its oversized tool
    /// results stored and replaced by their handle messages (the same bytes every turn).
    ///
    /// Speaks Anthropic Messages, OpenAI Chat Completions and Responses, and Gemini, streaming
    /// or not. Session `gateway` unless --session names another: `mcp serve` on it answers the
    /// handles. See docs/gateway.md.
    Gateway(tool_output::gateway::GatewayArgs),
    /// Configure an agent host: our MCP entry (`mcp serve` on the host's session) and its shell
    /// hook, in the host's own config file and format.
    ///
    /// Prints what it would merge; --write merges it (a backup first, comments and everything else
    /// kept; a file it cannot parse or a different entry of that name is refused, and nothing is
    /// written). --wrap NAME -- COMMAND… adds a proxy in front of a server instead.
    Setup(commands::setup::SetupArgs),
}

pub async fn main() -> ExitCode {
    let cli = Cli::parse();
    // `run` passes signals on to its command instead of stopping at once.
    let passes_signals = matches!(cli.command, Command::Run(_));
    let work = run(cli);
    if passes_signals {
        return report(work.await);
    }
    // Dropping the command's future (and with it the runtime) is the
    // cleanup: an unfinished store leaves nothing (its writer discards what
    // it wrote), temporary sessions are removed on drop.
    let result = tokio::select! {
        result = work => result,
        signal = interrupt::wait() => Err(Interrupted(signal).into()),
    };
    report(result)
}

fn report(result: Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        // `… | head -1`: the reader has what it wanted.
        Err(err) if out::is_stdout_closed(&err) => ExitCode::SUCCESS,
        Err(err) => {
            out::stderr_line(&format!(
                "error: {}",
                tool_output::error::one_line(err.as_ref())
            ));
            match err.downcast_ref::<Interrupted>() {
                Some(Interrupted(signal)) => ExitCode::from(signal.exit_code()),
                None => ExitCode::FAILURE,
            }
        }
    }
}

async fn run(cli: Cli) -> Result<ExitCode> {
    let named = cli.session.is_some();
    let session_name = match cli.session {
        Some(name) => expand_session_name(&name)?,
        // The session `setup HOST --gateway` points `mcp serve` at.
        None if matches!(cli.command, Command::Gateway(_)) => "gateway".to_string(),
        None => "default".to_string(),
    };
    check_session_name(&session_name)?;
    let env = Env {
        root: cli.root.clone().unwrap_or_else(default_cache_root),
        cache_dir: cli
            .cache_dir
            .clone()
            .unwrap_or_else(|| default_cache_root().join("components")),
        session_name,
        json: cli.json,
        config: cli.config.clone(),
        store: cli.store.clone().filter(|s| !s.trim().is_empty()),
        store_cache_mb: cli.store_cache_mb,
        remote: Default::default(),
    };
    // Before anything is compiled (seconds): a root that cannot be one
    // fails at once.
    if env.root.exists() && !env.root.is_dir() {
        bail!("--root {} is not a directory", env.root.display());
    }
    match cli.command {
        Command::Store(args) => args.execute(&env).await,
        Command::Extract(args) => args.execute(&env).await,
        Command::Preview(args) => args.execute(&env).await,
        Command::Read(args) => args.execute(&env).await,
        Command::Grep(args) => args.execute(&env).await,
        Command::Tail(args) => args.execute(&env).await,
        Command::List => commands::housekeeping::list(&env).await,
        Command::Remove(args) => args.execute(&env).await,
        Command::Stats => commands::housekeeping::stats(&env),
        Command::Close => commands::housekeeping::close(&env).await,
        Command::Gc(args) => args.execute(&env).await,
        Command::Export(args) => args.execute(&env).await,
        Command::Import(args) => args.execute(&env).await,
        Command::Schema(args) => args.execute(&env).await,
        Command::Component(args) => args.execute(&env).await,
        Command::Run(args) => args.execute(&env).await,
        Command::Mcp(mut args) => {
            let llm = env.llm_config(None)?;
            // MCP hosts pass servers few variables (Codex a dozen): say
            // which model answers, or that none does.
            if llm.enabled() {
                out::stderr_line(&llm.in_use());
            } else {
                out::stderr_line(&format!(
                    "{} Over MCP, tool_output asks the client's own model when the client offers sampling.",
                    llm.in_use()
                ));
            }
            let mut config = RuntimeConfig::with_llm(&llm)?;
            // No provider, and `tool-output gateway` serves this session:
            // the conversation's own model, lent by the gateway.
            let lender = (!llm.enabled() && named)
                .then(|| RemoteLender::find(&env.root, &env.session_name))
                .flatten();
            let lent = lender.is_some();
            if let Some(lender) = lender {
                out::stderr_line(&format!(
                    "tool-output gateway serves session {}: tool_output extracts with the conversation's own model",
                    env.session_name
                ));
                config.llm = Arc::new(BorrowedLlm::new(Arc::new(lender)));
            }
            // No provider: the client's own model, if it offers sampling.
            let sampling = (!llm.enabled() && !lent).then(|| Arc::new(SamplingLlm::new(&llm)));
            if let Some(sampling) = &sampling {
                config.llm = sampling.clone();
            }
            args.apply(&mut config.limits);
            let runtime = env.runtime_with(config).await?;
            let session = if named || args.needs_named_session() {
                env.open(runtime.clone())?.1
            } else {
                runtime.session()?
            };
            if sampling.is_some() {
                // For `doctor`: whether this session's client lends its model.
                let name = session.path().file_name().unwrap_or_default();
                args.clients = Some(tool_output::doctor::clients::ClientLog::under(
                    &env.root,
                    &name.to_string_lossy(),
                ));
            }
            args.execute(&runtime, session, sampling).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Doctor(args) => args.execute(&env).await,
        Command::Demo(args) => args.execute(&env).await,
        Command::Hook(args) => args.execute(&env).await,
        Command::Setup(args) => args.execute(&env).await,
        Command::Gateway(args) => commands::gateway::execute(&env, args).await,
    }
}

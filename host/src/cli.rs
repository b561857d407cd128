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
    /// No longer used: the engine is compiled ahead of time into this binary (accepted so
    /// that configurations and scripts that pass it keep working).
    #[arg(
        long = "cache-dir",
        global = true,
        env = "TOOL_OUTPUT_CACHE_DIR",
        value_name = "DIR",
        hide = true
    )]
    _cache_dir: Option<PathBuf>,
    /// Session name (handles are valid only in the session that stored them) [default: default;
    /// `mcp proxy`: a temporary session; `gateway`: gateway]. `${VAR}` is replaced by that environment variable
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
    /// Which stored outputs hold a question's words, best first, with their best lines.
    Search(commands::readers::SearchArgs),
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
    /// Print the command-line reference in Markdown (docs/cli-reference.md is this output).
    #[command(hide = true)]
    Reference,
}

/// `--session` (else `default`), its `${VAR}`s replaced, checked.
fn session_name(given: Option<&str>, default: &str) -> Result<String> {
    let name = match given {
        Some(name) => expand_session_name(name)?,
        None => default.to_string(),
    };
    check_session_name(&name)?;
    Ok(name)
}

/// Whether this process is `tool-output hook …` (set once, first thing).
static HOOK_MODE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn set_hook_mode(on: bool) {
    HOOK_MODE.store(on, std::sync::atomic::Ordering::Relaxed);
}

pub fn hook_mode() -> bool {
    HOOK_MODE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Whether `args` (the whole command line) run `tool-output hook`: its
/// first word that is neither a global option nor an option's value is
/// `hook`. Decided before clap parses, so that a parse error of a hook's
/// command line or environment is still a hook's failure.
pub fn is_hook(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    use clap::CommandFactory;
    let command = Cli::command();
    let takes_value = |name: &str| {
        command
            .get_arguments()
            .any(|arg| arg.get_long() == Some(name) && arg.get_action().takes_values())
    };
    let mut args = args.into_iter().skip(1);
    while let Some(arg) = args.next() {
        let Some(arg) = arg.to_str() else {
            return false;
        };
        if arg == "--" {
            return false;
        }
        if let Some(long) = arg.strip_prefix("--") {
            if !long.contains('=') && takes_value(long) {
                args.next();
            }
            continue;
        }
        if arg.starts_with('-') {
            continue;
        }
        return arg == "hook";
    }
    false
}

/// The end of a command that failed: `line` on stderr (one line, made
/// terminal-safe) and `code`; for a hook, exit 0 whatever happened, so the
/// host's own output stands and nothing is blocked.
pub fn failed(code: ExitCode, line: &str) -> ExitCode {
    if hook_mode() {
        out::stderr_line(&format!(
            "hook: {}; the tool's output is left as it is",
            line.trim_start_matches("error: ")
        ));
        return ExitCode::SUCCESS;
    }
    out::stderr_line(&format!("error: {line}"));
    code
}

/// clap's own message (a bad argument, a bad value from the environment,
/// or help and version), printed as clap would but with every control
/// character escaped: it quotes the command line and the environment, and
/// either may be hostile. A hook's is one line, and exit 0.
fn argument_error(err: clap::Error) -> ExitCode {
    let text = err.render().to_string();
    let code = u8::try_from(err.exit_code()).unwrap_or(2);
    let informational = !err.use_stderr();
    if hook_mode() && !informational {
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return failed(ExitCode::from(code), first);
    }
    let safe = tool_output_args::terminal_safe_lines(&text);
    if informational {
        let _ = out::text(&safe);
    } else {
        use std::io::Write;
        let mut stderr = std::io::stderr().lock();
        let _ = stderr.write_all(safe.as_bytes());
        if !safe.ends_with('\n') {
            let _ = stderr.write_all(b"\n");
        }
    }
    ExitCode::from(code)
}

pub async fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return unparsed(err).await,
    };
    if matches!(cli.command, Command::Reference) {
        use clap::CommandFactory;
        // Through out::stdout, as every command: a closed stdout is not a panic.
        let written = out::stdout(crate::reference::markdown(&Cli::command()).as_bytes());
        return report(written.map(|()| ExitCode::SUCCESS));
    }
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
            let code = match err.downcast_ref::<Interrupted>() {
                Some(Interrupted(signal)) => ExitCode::from(signal.exit_code()),
                None => ExitCode::FAILURE,
            };
            failed(code, &tool_output::error::one_line(err.as_ref()))
        }
    }
}

async fn run(cli: Cli) -> Result<ExitCode> {
    let named = cli.session.is_some();
    // The session `setup HOST --gateway` points `mcp serve` at.
    let default_session = match cli.command {
        Command::Gateway(_) => "gateway",
        _ => "default",
    };
    let session_name = match session_name(cli.session.as_deref(), default_session) {
        Ok(name) => name,
        // `store` and `run` never cost the output: it passes through, and
        // why is said.
        Err(why) => {
            return match cli.command {
                Command::Store(args) => args.pass_through(why, cli.json).await,
                Command::Run(args) => args.run_in(Err(&why), cli.json).await,
                _ => Err(why),
            };
        }
    };
    let env = Env {
        root: cli.root.clone().unwrap_or_else(default_cache_root),
        session_name,
        json: cli.json,
        config: cli.config.clone(),
        store: cli.store.clone().filter(|s| !s.trim().is_empty()),
        store_cache_mb: cli.store_cache_mb,
        remote: Default::default(),
    };
    // Before anything is compiled (seconds): a root that cannot be one
    // fails at once (`store` and `run` pass the output through when they
    // cannot open the session in it).
    let passes_output = matches!(cli.command, Command::Store(_) | Command::Run(_));
    if env.root.exists() && !env.root.is_dir() && !passes_output {
        bail!("--root {} is not a directory", env.root.display());
    }
    match cli.command {
        Command::Store(args) => args.execute(&env).await,
        Command::Extract(args) => args.execute(&env).await,
        Command::Preview(args) => args.execute(&env).await,
        Command::Read(args) => args.execute(&env).await,
        Command::Grep(args) => args.execute(&env).await,
        Command::Tail(args) => args.execute(&env).await,
        Command::Search(args) => args.execute(&env).await,
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
        Command::Reference => unreachable!("answered before a session is named"),
    }
}

/// The command line did not parse. `store` still passes its input through
/// (a bad option or variable must not cost the output piped into it), and
/// says why; anything else is clap's answer.
async fn unparsed(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let shown = matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    // A hook's command line is a hook's failure, never a store's.
    let store = (!shown && !hook_mode()).then(store_invocation).flatten();
    let Some((file, json)) = store else {
        return argument_error(err);
    };
    // Clap's first paragraph, on one line ("… not provided:\n  --tool <TOOL>").
    let text = err.render().to_string();
    let why = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let why = why.trim_start_matches("error: ");
    let args = commands::store::StoreArgs::for_passthrough(file);
    report(args.pass_through(anyhow::anyhow!("{why}"), json).await)
}

/// When the command line that failed to parse is a `store`: its input
/// file (None: stdin) and whether `--json` was given, as far as a lenient
/// parse can tell.
fn store_invocation() -> Option<(Option<PathBuf>, bool)> {
    use clap::CommandFactory;
    let lenient = Cli::command().ignore_errors(true);
    let matches = lenient.try_get_matches_from(std::env::args_os()).ok()?;
    // Lenient: what did not parse is absent, not an error.
    let json = matches
        .try_get_one::<bool>("json")
        .ok()
        .flatten()
        .copied()
        .unwrap_or(false);
    let (name, store) = matches.subcommand()?;
    if name != "store" {
        return None;
    }
    let file = store.try_get_one::<PathBuf>("file").ok().flatten().cloned();
    Some((file, json))
}

//! Command-line contract (scripts depend on these names): global `--root`,
//! `--session`, `--json`, `--config`; commands store, extract, preview,
//! read, grep, tail, list, remove, stats, close, gc, export, import, schema,
//! component, run, mcp (proxy, serve), demo, doctor.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{Value, json};

use crate::out;
use tool_output::accounting::ExtractEvent;
use tool_output::agent::{self, parse_mode};
use tool_output::doctor;
use tool_output::interrupt::{self, Interrupted};
use tool_output::llm::config::ModelSpec;
use tool_output::roots::{check_session_name, default_cache_root};
use tool_output::runtime::reason_name;
use tool_output::sessions;
use tool_output::{
    ExtractOptions, GrepOptions, LlmConfig, Outcome, OutputStats, Runtime, RuntimeConfig, Session,
    SessionStats, ToolCall, default_policy,
};

#[derive(Parser)]
#[command(
    name = "tool-output",
    version,
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
    /// `mcp proxy`: a temporary session].
    #[arg(long, global = true, env = "TOOL_OUTPUT_SESSION")]
    session: Option<String>,
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
    Store {
        /// Name of the tool that produced the output.
        #[arg(long)]
        tool: String,
        /// The tool's arguments as JSON.
        #[arg(long, default_value = "{}")]
        args: String,
        /// Store outputs larger than this many bytes.
        #[arg(long, default_value_t = tool_output::runtime::DEFAULT_MAX_INLINE_BYTES)]
        max_inline_bytes: u64,
        /// Also store outputs with more characters than this.
        #[arg(long)]
        max_inline_chars: Option<u64>,
        /// Tokens left in the model's context: larger outputs are stored.
        #[arg(long)]
        remaining_tokens: Option<u64>,
        /// The caller could not reserve context for this output: store it.
        #[arg(long)]
        reserve_failed: bool,
        /// Leave the partial preview out of the handle message.
        #[arg(long)]
        no_preview: bool,
        /// Model the output is for (picks the tokenizer), e.g. openai/gpt-4o.
        #[arg(long, env = "TOOL_OUTPUT_MODEL")]
        model: Option<String>,
        /// File to store; `-` or nothing for stdin.
        file: Option<PathBuf>,
    },
    /// Answer a tool_output call: print exactly the text the model would get.
    ///
    /// LLM progress goes to stderr; --json prints the text and the full report.
    Extract {
        handle: String,
        instructions: String,
        #[arg(long, value_enum, default_value = "auto")]
        mode: ModeArg,
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
    },
    /// The partial preview of a stored output.
    Preview { handle: String },
    /// Lines of a stored output (numbers as in the handle message).
    Read {
        handle: String,
        /// Line range A:B (1-based, inclusive); A: reads to the end.
        #[arg(long, value_name = "A:B")]
        lines: String,
    },
    /// Lines matching a regular expression.
    Grep {
        handle: String,
        pattern: String,
        /// Lines of context around each match.
        #[arg(short = 'C', long, default_value_t = 0)]
        context: u32,
        #[arg(short = 'i', long)]
        ignore_case: bool,
        #[arg(long)]
        max_matches: Option<u32>,
    },
    /// The last lines of a stored output.
    Tail {
        handle: String,
        #[arg(short = 'n', long, default_value_t = 20)]
        lines: u32,
    },
    /// The outputs stored in the session.
    List,
    /// Forget one stored output.
    Remove { handle: String },
    /// What the session's stores and extractions added up to (LLM calls, tokens, bytes kept out).
    Stats,
    /// Delete the session and everything stored in it.
    Close,
    /// Delete sessions not used for a while.
    Gc {
        /// Age, e.g. 30m, 12h, 7d.
        #[arg(long, default_value = "7d", value_parser = parse_age)]
        older_than: Duration,
    },
    /// Write the session's handles into one archive (tar, or tar.zst) that `import` restores on
    /// any machine: same handles, byte-identical outputs, same line numbers.
    Export(crate::transfer::ExportArgs),
    /// Restore an archive written by `export` into the session (created if missing). The archive
    /// is checked whole against its manifest before anything is added: all or nothing.
    Import(crate::transfer::ImportArgs),
    /// The tool_output tool definition to give a model.
    Schema {
        #[arg(long, value_enum, default_value = "json-schema")]
        format: SchemaFormat,
    },
    /// Write the WebAssembly this binary runs: tool_output.wasm (the engine) and
    /// tool_output_cli.wasm (a standalone command for the wasmtime CLI).
    Component {
        /// Directory to write them into (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Run a command; print its output (stdout and stderr) unchanged if small, else store it and
    /// print the handle message. Exits with the command's exit code.
    Run(crate::run::RunArgs),
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
    Doctor {
        /// Model to check, e.g. openai/gpt-4o-mini (default: TOOL_OUTPUT_MODEL, else the config file).
        #[arg(long)]
        model: Option<String>,
    },
    /// Store generated large outputs and extract from them (uses an LLM only if one is configured).
    Demo {
        /// Model to use, e.g. openai/gpt-4o-mini (default: TOOL_OUTPUT_MODEL, else the config file).
        #[arg(long)]
        model: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Auto,
    FullChunked,
    ReadGrep,
    Truncate,
    Lexical,
    /// The extract is a jq program (JSON, JSON lines, CSV/TSV).
    Jq,
}

#[derive(Clone, Copy, ValueEnum)]
enum SchemaFormat {
    JsonSchema,
    Openai,
    Anthropic,
    SystemPrompt,
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
            let message = format!("{err:#}").replace('\n', " ");
            out::stderr_line(&format!("error: {message}"));
            match err.downcast_ref::<Interrupted>() {
                Some(Interrupted(signal)) => ExitCode::from(signal.exit_code()),
                None => ExitCode::FAILURE,
            }
        }
    }
}

struct Env {
    root: PathBuf,
    /// The compiled-component cache (not under `root`: one per user).
    cache_dir: PathBuf,
    session_name: String,
    json: bool,
    config: Option<PathBuf>,
}

impl Env {
    fn session_dir(&self) -> PathBuf {
        sessions::session_dir(&self.root, &self.session_name)
    }

    /// Outside the session directory: the engine must not be able to
    /// rewrite its own accounting.
    fn event_log(&self) -> PathBuf {
        sessions::events_path(&self.root, &self.session_name)
    }

    /// A runtime without an LLM (every command but extract and demo).
    async fn runtime(&self) -> Result<Runtime> {
        self.runtime_with(RuntimeConfig::default()).await
    }

    async fn runtime_with(&self, config: RuntimeConfig) -> Result<Runtime> {
        let config = RuntimeConfig {
            cache_dir: Some(self.cache_dir.clone()),
            ..config
        };
        Ok(Runtime::new(config).await?)
    }

    /// The LLM configuration, `--model` winning over everything, with the
    /// doctor's cached verdicts.
    fn llm_config(&self, model: Option<&str>) -> Result<LlmConfig> {
        let mut config = LlmConfig::load(self.config.as_deref())?;
        for warning in &config.warnings {
            out::stderr_line(&format!("tool-output: warning: {warning}"));
        }
        if let Some(model) = model {
            config.models = vec![ModelSpec::parse(model)?];
        }
        config.capabilities = doctor::cache::load(&self.root.join("doctor"), &config);
        Ok(config)
    }

    async fn session(&self) -> Result<(Runtime, Session)> {
        let runtime = self.runtime().await?;
        self.open(runtime)
    }

    fn open(&self, runtime: Runtime) -> Result<(Runtime, Session)> {
        tool_output::loader::ensure_private_dir(&self.root.join("sessions"))?;
        tool_output::loader::ensure_private_dir(&self.root.join("events"))?;
        let session = runtime.open_session(&self.session_dir())?;
        sessions::touch_last_used(&self.session_dir());
        session.set_event_log(&self.event_log())?;
        Ok((runtime, session))
    }

    /// A command on a session that must already exist.
    async fn existing_session(&self) -> Result<(Runtime, Session)> {
        self.check_exists()?;
        self.session().await
    }

    fn check_exists(&self) -> Result<()> {
        if !self.session_dir().is_dir() {
            bail!(
                "session {:?} does not exist under {} (store something first)",
                self.session_name,
                self.root.display()
            );
        }
        Ok(())
    }
}

async fn run(cli: Cli) -> Result<ExitCode> {
    let named = cli.session.is_some();
    let session_name = cli.session.unwrap_or_else(|| "default".to_string());
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
    };
    // Before anything is compiled (seconds): a root that cannot be one
    // fails at once.
    if env.root.exists() && !env.root.is_dir() {
        bail!("--root {} is not a directory", env.root.display());
    }
    match cli.command {
        Command::Store {
            tool,
            args,
            max_inline_bytes,
            max_inline_chars,
            remaining_tokens,
            reserve_failed,
            no_preview,
            model,
            file,
        } => {
            serde_json::from_str::<Value>(&args).context("--args must be valid JSON")?;
            let mut policy = default_policy();
            policy.max_inline_bytes = max_inline_bytes;
            policy.max_inline_chars = max_inline_chars;
            policy.remaining_tokens = remaining_tokens;
            policy.reserve_failed = reserve_failed;
            policy.preview = !no_preview;
            let mut call = ToolCall::new(tool).args(args);
            call.model = model;
            store(&env, &call, &policy, file.as_deref()).await
        }
        Command::Extract {
            handle,
            instructions,
            mode,
            model,
            max_chunks,
            max_llm_calls,
            overlap_percent,
            timeout,
        } => {
            env.check_exists()?;
            let runtime = if matches!(mode, ModeArg::Lexical | ModeArg::Truncate | ModeArg::Jq) {
                // No LLM needed: a broken configuration is a warning.
                match env.llm_config(model.as_deref()) {
                    Ok(llm) => env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?,
                    Err(e) => {
                        out::stderr_line(&format!(
                            "tool-output: warning: ignoring the LLM configuration ({e:#}); \
                             mode {} needs none",
                            mode_arg_name(mode)
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
                mode: parse_mode(mode_arg_name(mode)),
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
        Command::Preview { handle } => {
            let (_rt, session) = env.existing_session().await?;
            print_text(&env, &session.preview(&handle).await?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Read { handle, lines } => {
            let (first, last) = parse_range(&lines)?;
            let (_rt, session) = env.existing_session().await?;
            print_text(&env, &session.read(&handle, first, last).await?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Grep {
            handle,
            pattern,
            context,
            ignore_case,
            max_matches,
        } => {
            let (_rt, session) = env.existing_session().await?;
            let options = GrepOptions {
                context,
                ignore_case,
                max_matches,
            };
            print_text(&env, &session.grep(&handle, &pattern, options).await?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Tail { handle, lines } => {
            let (_rt, session) = env.existing_session().await?;
            print_text(&env, &session.tail(&handle, lines).await?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::List => {
            if !env.session_dir().is_dir() {
                if env.json {
                    out::json(&json!([]))?;
                }
                return Ok(ExitCode::SUCCESS);
            }
            let (_rt, session) = env.session().await?;
            let infos = session.list().await?;
            if env.json {
                let list: Vec<Value> = infos
                    .iter()
                    .map(|i| {
                        json!({
                            "handle": i.handle, "tool": i.tool, "args": i.args,
                            "reason": reason_name(i.reason), "created_ms": i.created_ms,
                            "view_lines": i.view_lines, "view_bytes": i.view_bytes,
                            "stats": stats_json(&i.stats), "problem": i.problem,
                        })
                    })
                    .collect();
                out::json(&Value::Array(list))?;
            } else {
                for i in infos {
                    if let Some(problem) = &i.problem {
                        out::line(&format!("{}  BROKEN: {problem}", i.handle))?;
                        continue;
                    }
                    out::line(&format!(
                        "{}  {:<20} {:>10} bytes {:>8} lines {:>9} tokens  {}",
                        i.handle,
                        i.tool,
                        i.stats.bytes,
                        i.stats.lines,
                        i.stats.tokens.unwrap_or(0),
                        reason_name(i.reason)
                    ))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Remove { handle } => {
            let (_rt, session) = env.existing_session().await?;
            session.remove(&handle).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats => {
            env.check_exists()?;
            let (stats, skipped) = match SessionStats::from_log(&env.event_log()) {
                Ok(read) => read,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => (SessionStats::default(), 0),
                Err(e) => return Err(e).context("reading the session's event log"),
            };
            print_stats(&env, &stats, skipped)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Close => {
            let dir = env.session_dir();
            if dir.is_dir() {
                std::fs::remove_dir_all(&dir)
                    .with_context(|| format!("removing {}", dir.display()))?;
            }
            let _ = std::fs::remove_file(env.event_log());
            Ok(ExitCode::SUCCESS)
        }
        Command::Gc { older_than } => {
            let report = sessions::gc(&env.root, older_than);
            if env.json {
                let failed: Vec<_> = report
                    .failed
                    .iter()
                    .map(|(session, error)| json!({ "session": session, "error": error }))
                    .collect();
                out::json(&json!({ "removed": report.removed, "failed": failed }))?;
            } else {
                for name in &report.removed {
                    out::line(&format!("removed session {name}"))?;
                }
            }
            // Every failure, at the end: one that could not be removed does
            // not stop the others.
            for (session, error) in &report.failed {
                eprintln!("tool-output: gc: could not remove session {session}: {error}");
            }
            Ok(if report.failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Export(args) => {
            crate::transfer::export(&env.root, &env.session_name, env.json, args)
        }
        Command::Import(args) => {
            crate::transfer::import(&env.root, &env.session_name, env.json, args)
        }
        Command::Schema { format } => {
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
        Command::Component { out } => {
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
        Command::Run(args) => {
            let (_rt, session) = env.session().await?;
            args.execute(&session).await
        }
        Command::Mcp(args) => {
            let llm = env.llm_config(None)?;
            let runtime = env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?;
            let session = if named || args.needs_named_session() {
                env.open(runtime.clone())?.1
            } else {
                runtime.session()?
            };
            args.execute(&runtime, session).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Doctor { model } => {
            let llm = env.llm_config(model.as_deref())?;
            let options = doctor::DoctorOptions {
                component_cache: Some(env.cache_dir.clone()),
                verdicts: Some(env.root.join("doctor")),
            };
            let found = doctor::examine(&llm, &options).await?;
            if env.json {
                out::json(&serde_json::to_value(&found)?)?;
            } else {
                out::text(&found.to_string())?;
            }
            Ok(if found.usable {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Demo { model } => {
            let llm = env.llm_config(model.as_deref())?;
            let runtime = env.runtime_with(RuntimeConfig::with_llm(&llm)?).await?;
            let name = llm.models.first().map(|m| m.name.as_str());
            crate::demo::run(&runtime, name).await?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

async fn store(
    env: &Env,
    call: &ToolCall,
    policy: &tool_output::StorePolicy,
    file: Option<&Path>,
) -> Result<ExitCode> {
    let (_rt, session) = env.session().await?;
    let file = file.filter(|p| *p != Path::new("-"));
    let mut input = crate::input::Input::spawn(file.map(Path::to_path_buf))?;
    // Stream into the engine; keep the first bytes in case it passes through.
    let mut writer = session.writer_with(call, policy).await?;
    let keep = policy.max_inline_bytes as usize + 1;
    let mut held = Vec::new();
    while let Some(piece) = input.next().await? {
        if held.len() < keep {
            held.extend_from_slice(&piece[..piece.len().min(keep - held.len())]);
        }
        writer.write(&piece).await?;
    }
    let outcome = writer.finish().await?;
    // A signal that came with the end of the input (it often ends the
    // producer too) is still a failure, and its handle is not kept.
    if let Err(interrupted) = interrupt::check() {
        if let Some(handle) = outcome.handle() {
            let _ = session.remove(handle).await;
        }
        return Err(interrupted.into());
    }
    match (&outcome, env.json) {
        (Outcome::Passthrough(stats), true) => out::json(&json!({
            "stored": false, "handle": null, "reason": null,
            "message": String::from_utf8_lossy(&held), "stats": stats_json(stats),
        }))?,
        (Outcome::Stored(s), true) => out::json(&json!({
            "stored": true, "handle": s.handle, "reason": reason_name(s.reason),
            "message": s.message, "stats": stats_json(&s.stats),
        }))?,
        (Outcome::Passthrough(_), false) => out::stdout(&held)?,
        (Outcome::Stored(s), false) => out::line(&s.message)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(env: &Env, text: &str) -> Result<()> {
    if env.json {
        out::json(&json!({ "text": text }))
    } else {
        out::text(text)
    }
}

pub fn stats_json(s: &OutputStats) -> Value {
    json!({
        "bytes": s.bytes, "chars": s.chars, "lines": s.lines, "tokens": s.tokens,
        "tokenizer": s.tokenizer, "tokens_exact": s.tokens_exact, "is_json": s.is_json,
        "avg_line_bytes": s.avg_line_bytes, "invalid_utf8": s.invalid_utf8, "binary": s.binary,
    })
}

fn print_stats(env: &Env, s: &SessionStats, skipped: usize) -> Result<()> {
    if env.json {
        let mut value = serde_json::to_value(s)?;
        value["bytes_kept_out"] = json!(s.bytes_kept_out());
        value["unreadable_log_lines"] = json!(skipped);
        return out::json(&value);
    }
    let strategies: Vec<String> = s
        .strategies
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    out::line(&format!(
        "stores          {} ({} stored, {} passed through)\n\
         bytes           {} in, {} stored, {} kept out of the context\n\
         extractions     {} ({} failed, {} with a fallback){}\n\
         LLM calls       {} ({} failed), {} tokens in, {} out, {} ms summed latency",
        s.stores,
        s.stored,
        s.passed_through,
        s.bytes_in,
        s.bytes_stored,
        s.bytes_kept_out(),
        s.extractions,
        s.extractions_failed,
        s.extractions_with_fallback,
        if strategies.is_empty() {
            String::new()
        } else {
            format!(": {}", strategies.join(", "))
        },
        s.llm_calls,
        s.llm_errors,
        s.input_tokens,
        s.output_tokens,
        s.llm_latency_ms,
    ))?;
    if skipped > 0 {
        out::line(&format!(
            "({skipped} unreadable lines in the event log were skipped)"
        ))?;
    }
    Ok(())
}

fn mode_arg_name(mode: ModeArg) -> &'static str {
    match mode {
        ModeArg::Auto => "auto",
        ModeArg::FullChunked => "full-chunked",
        ModeArg::ReadGrep => "read-grep",
        ModeArg::Truncate => "truncate",
        ModeArg::Lexical => "lexical",
        ModeArg::Jq => "jq",
    }
}

fn parse_range(text: &str) -> Result<(u64, u64)> {
    let (a, b) = text
        .split_once(':')
        .with_context(|| format!("--lines takes A:B (e.g. 100:140), not {text:?}"))?;
    let first: u64 = a
        .trim()
        .parse()
        .with_context(|| format!("bad first line {a:?}"))?;
    let last: u64 = if b.trim().is_empty() {
        u64::MAX
    } else {
        b.trim()
            .parse()
            .with_context(|| format!("bad last line {b:?}"))?
    };
    Ok((first, last))
}

fn parse_age(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (num, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let n: u64 = num
        .parse()
        .map_err(|_| format!("bad age {text:?}: use e.g. 30m, 12h, 7d"))?;
    let secs = match unit {
        "s" => n,
        "m" => n * 60,
        "h" | "" => n * 3600,
        "d" => n * 86400,
        _ => return Err(format!("bad age unit in {text:?}: use s, m, h or d")),
    };
    Ok(Duration::from_secs(secs))
}

//! The `tool-output` command line as a WASI command: what the native CLI
//! prints, for the session directory preopened as `/session`.
//!
//! ```sh
//! wasmtime run -S http --dir ./session::/session tool_output_cli.wasm store --tool make < build.log
//! wasmtime run -S http --dir ./session::/session --env TOOL_OUTPUT_MODEL --env OPENAI_BASE_URL \
//!     tool_output_cli.wasm extract <handle> "the failing test"
//! ```
//!
//! `fn main` gives the component its `wasi:cli/run` export; the engine is an
//! import, satisfied by composition.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tool_output_args::{self as shared, CallArgs, ModeArg, PolicyArgs};

wit_bindgen::generate!({
    path: "../../wit",
    world: "adapter-cli",
});

use tool_output::core::engine::{self, OutputWriter};
use tool_output::core::types::{
    CallInfo, EngineError, ExtractRequest, GrepOptions, LineRange, Mode, SearchRequest,
    StoreOutcome, StorePolicy, StoreReason,
};

/// The readers' byte cap (as the native CLI's default).
const MAX_BYTES: u64 = tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

#[derive(Parser)]
#[command(
    name = "tool-output",
    about = "Keep oversized tool outputs out of an LLM's context window (WASI command; the \
             session is the directory preopened as /session)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The native CLI's commands on one session, with its arguments (one
/// definition: `tool-output-args`).
#[derive(Subcommand)]
enum Command {
    /// Store a tool output from stdin; print it unchanged if small, else the handle message.
    Store {
        #[command(flatten)]
        call: CallArgs,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// Answer a tool_output call: print exactly the text the model would get.
    Extract(shared::ExtractArgs),
    /// The partial preview of a stored output.
    Preview(shared::HandleArgs),
    /// Lines of a stored output (numbers as in the handle message).
    Read(shared::ReadArgs),
    /// Lines matching a regular expression.
    Grep(shared::GrepArgs),
    /// The last lines of a stored output.
    Tail(shared::TailArgs),
    /// Which stored outputs hold a question's words, best first, with their best lines.
    Search(shared::SearchArgs),
    /// The outputs stored in the session.
    List,
    /// Forget one stored output.
    Remove(shared::HandleArgs),
    /// The tool_output tool definition to give a model.
    Schema,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(message) => {
            let message = message.replace('\n', " ");
            eprintln!("tool-output: error: {}", shared::terminal_safe(&message));
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let max = Some(MAX_BYTES);
    let text = match cli.command {
        Command::Store { call, policy } => return store(call, policy),
        Command::Extract(shared::ExtractArgs {
            handle,
            instructions,
            mode,
        }) => {
            let result = engine::extract(&ExtractRequest {
                handle,
                extract: instructions,
                mode: Some(match mode {
                    ModeArg::Auto => Mode::Auto,
                    ModeArg::FullChunked => Mode::FullChunked,
                    ModeArg::ReadGrep => Mode::ReadGrep,
                    ModeArg::Truncate => Mode::Truncate,
                    ModeArg::Lexical => Mode::Lexical,
                    ModeArg::Jq => Mode::Jq,
                }),
                max_bytes: max,
                max_chunks: None,
                max_llm_calls: None,
                overlap_percent: None,
            });
            print_line(&result.text);
            return Ok(if result.failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            });
        }
        Command::Preview(a) => engine::preview(&a.handle, max).map_err(describe)?,
        Command::Read(a) => {
            let (first, last) = a.range()?;
            engine::read(&a.handle, LineRange { first, last }, max).map_err(describe)?
        }
        Command::Grep(a) => {
            let options = GrepOptions {
                context: a.context,
                ignore_case: a.ignore_case,
                max_matches: a.max_matches,
            };
            engine::grep(&a.handle, &a.pattern, options, max).map_err(describe)?
        }
        Command::Tail(a) => engine::tail(&a.handle, a.lines, max).map_err(describe)?,
        Command::Search(a) => engine::search(&SearchRequest {
            question: a.question,
            skip: a.skip,
            before: a.before,
            max_bytes: max,
        })
        .map_err(describe)?,
        Command::List => {
            for i in engine::list().map_err(describe)? {
                let stats = (i.stats.bytes, i.stats.lines, i.stats.tokens);
                match &i.problem {
                    Some(problem) => println!("{}", shared::broken_list_line(&i.handle, problem)),
                    None => println!(
                        "{}",
                        shared::list_line(&i.handle, &i.tool, stats, reason_name(i.reason))
                    ),
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        Command::Remove(a) => {
            engine::remove(&a.handle).map_err(describe)?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Schema => {
            print_line(&engine::tool_schema());
            return Ok(ExitCode::SUCCESS);
        }
    };
    // As the native CLI: the text, and a newline only if it lacks one.
    if text.is_empty() || text.ends_with('\n') {
        print_raw(&text);
    } else {
        print_line(&text);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_raw(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// A closed stdout (`| head`) ends the output quietly, as it does for the
/// native CLI's readers; it is not an error worth a trap.
fn print_line(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}

/// Stream stdin into the engine; print the original bytes if it passes
/// through, else the handle message.
fn store(call: CallArgs, policy: PolicyArgs) -> Result<ExitCode, String> {
    let max_inline_bytes = policy.max_inline_bytes;
    let call = CallInfo {
        tool: call.tool,
        args: call.args,
        model: call.model,
    };
    let policy = StorePolicy {
        max_inline_bytes,
        max_inline_chars: policy.max_inline_chars,
        remaining_tokens: policy.remaining_tokens,
        reserve_failed: policy.reserve_failed,
        preview: !policy.no_preview,
    };
    let writer = OutputWriter::new(&call, policy);
    let keep = max_inline_bytes as usize + 1;
    let mut held = Vec::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut stdin = std::io::stdin().lock();
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("reading the output to store: {e}")),
        };
        if held.len() < keep {
            held.extend_from_slice(&buf[..n.min(keep - held.len())]);
        }
        writer.write(&buf[..n]).map_err(describe)?;
    }
    match writer.finish().map_err(describe)? {
        StoreOutcome::Passthrough(_) => {
            let mut out = std::io::stdout().lock();
            out.write_all(&held).map_err(|e| e.to_string())?;
            out.flush().map_err(|e| e.to_string())?;
        }
        StoreOutcome::Stored(s) => print_line(&s.message),
    }
    Ok(ExitCode::SUCCESS)
}

/// As the native library words them (the contract's table, indexed by the
/// WIT's declaration order).
fn describe(err: EngineError) -> String {
    let (case, detail) = match err {
        EngineError::InvalidHandle(m) => (0, m),
        EngineError::UnknownHandle(m) => (1, m),
        EngineError::InvalidArgument(m) => (2, m),
        EngineError::Storage(m) => (3, m),
    };
    tool_output_wire::contract::engine_error_text(case, &detail)
}

fn reason_name(reason: StoreReason) -> &'static str {
    tool_output_wire::contract::REASON_NAMES[reason as usize]
}

//! The `tool-output` command-line tool. See `cli.rs` for the commands.

mod cli;
mod commands;
mod input;
mod out;
mod reference;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Claude Code's shell prefix runs every Bash command through here:
    // nothing else is set up for it (see `commands::hook::spool`).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args
        .get(1)
        .is_some_and(|a| a == commands::hook::spool::SHELL_ARG)
    {
        return commands::hook::spool::shell(&args[2..]);
    }
    // Before anything can fail: `tool-output hook` never blocks its host,
    // so every way out of it is exit 0 (see `cli::failed`).
    cli::set_hook_mode(cli::is_hook(args));
    // Errors are one line on stderr, never a panic message with a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        out::stderr_line(&format!("internal error{at}: {message}"));
        if cli::hook_mode() {
            // Nothing more reaches stdout: the host's original output stands.
            std::process::exit(0);
        }
    }));
    // From here on SIGINT and SIGTERM stop a command cleanly.
    if let Err(err) = tool_output::interrupt::install() {
        return cli::failed(ExitCode::FAILURE, &format!("cannot handle signals: {err}"));
    }
    let filter = tracing_subscriber::EnvFilter::try_from_env("TOOL_OUTPUT_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false)
        .without_time()
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => {
            return cli::failed(
                ExitCode::FAILURE,
                &format!("cannot start the async runtime: {err}"),
            );
        }
    };
    let code = runtime.block_on(cli::main());
    // A write to a stdout nobody reads, left on tokio's blocking pool by a
    // command a signal ended, must not keep the process alive.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

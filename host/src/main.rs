//! The `tool-output` command-line tool. See `cli.rs` for the commands.

mod cli;
mod commands;
mod input;
mod out;
mod reference;

use std::process::ExitCode;

fn main() -> ExitCode {
    // First: from here on SIGINT and SIGTERM stop a command cleanly.
    if let Err(err) = tool_output::interrupt::install() {
        eprintln!("tool-output: error: cannot handle signals: {err}");
        return ExitCode::FAILURE;
    }
    // Errors are one line on stderr, never a panic message with a backtrace.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("tool-output: internal error: {info}");
    }));
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
            eprintln!("tool-output: error: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(cli::main());
    // A write to a stdout nobody reads, left on tokio's blocking pool by a
    // command a signal ended, must not keep the process alive.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

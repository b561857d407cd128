//! A child process's own peak memory and time. Linux folds the peak of the
//! process that spawns a child into the child's `ru_maxrss` (at `exec`,
//! from the memory it replaces; std spawns with `vfork`, sharing the
//! parent's), so a child of a large test or bench process reads as large as
//! its parent. Here the child is started by a small Python process that
//! forks, so what is folded in is Python's few megabytes, and that parent
//! times the child and reads its usage as it reaps it.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Forks, execs argv[2:] with SIGPIPE at its default (Python ignores it, and
/// an ignored signal stays ignored across exec), reaps it, writes "peak
/// bytes, wall seconds" to argv[1] and ends as the child ended.
const PARENT: &str = r#"
import os, signal, sys, time
report, argv = sys.argv[1], sys.argv[2:]
start = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.execvp(argv[0], argv)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
took = time.monotonic() - start
with open(report, "w") as f:
    f.write(f"{usage.ru_maxrss * 1024} {took}")
if os.WIFSIGNALED(status):
    sig = os.WTERMSIG(status)
    signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
sys.exit(os.waitstatus_to_exitcode(status))
"#;

/// `cmd` run under the measuring parent, which writes its report to
/// `report`: the same program, arguments, environment and directory.
pub fn measured(cmd: &Command, report: &Path) -> Command {
    let mut wrapped = Command::new("python3");
    wrapped
        .arg("-c")
        .arg(PARENT)
        .arg(report)
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => wrapped.env(key, value),
            None => wrapped.env_remove(key),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        wrapped.current_dir(dir);
    }
    wrapped
}

/// The child's peak resident memory in bytes and its wall time, from the
/// report a [`measured`] command wrote.
pub fn report(report: &Path) -> (u64, Duration) {
    let text = std::fs::read_to_string(report).unwrap_or_else(|e| {
        panic!("the measuring parent wrote no report ({e}): is python3 on PATH?")
    });
    let mut parts = text.split_whitespace();
    let peak = parts.next().and_then(|p| p.parse().ok());
    let took = parts.next().and_then(|t| t.parse::<f64>().ok());
    match (peak, took) {
        (Some(peak), Some(took)) => (peak, Duration::from_secs_f64(took)),
        _ => panic!("the measuring parent's report is not \"bytes seconds\": {text:?}"),
    }
}

//! `export` and `import`: a session's handles as one archive
//! (`tool_output::archive`), so they outlive this process and this machine.
//!
//! A signal stops either at its next read or write (an import within 50 ms
//! even while its input is silent; an export within one read of a file),
//! and the library's cleanup (the unrenamed `.part` archive, the staging
//! directory) runs as the error unwinds.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::json;

use super::Env;
use crate::input::InputReader;
use crate::out;
use tool_output::archive::{self, ExportOptions, ImportOptions};
use tool_output::interrupt::{self, Interrupted};
use tool_output::private_files::ensure_dir;
use tool_output::sessions;

#[derive(Args)]
pub struct ExportArgs {
    /// Archive to write: a tar file, zstd-compressed if its name ends in
    /// `.zst` or `.tzst` (or with --zstd); `-` for standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: PathBuf,
    /// Export only this handle (repeat for more); default: every handle of the session.
    #[arg(long = "handle", value_name = "HANDLE")]
    handles: Vec<String>,
    /// Compress with zstd whatever the file name.
    #[arg(long)]
    zstd: bool,
}

#[derive(Args)]
pub struct ImportArgs {
    /// Archive written by `export` (tar or tar.zst, told apart by content); `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replace handles the session already has (default: refuse the whole import).
    #[arg(long)]
    replace: bool,
}

impl ExportArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        env.check_exists()?;
        let (_rt, session) = env.session().await?;
        // What the engine cannot serve (a garbage sidecar) would import
        // just as broken: left out, and said. On a store, a handle whose
        // objects the store sends are unacceptable is listed so too, but
        // fails the export (below): it is not this session's to skip.
        let refused_by_store = |problem: &str| {
            session
                .store_url()
                .is_some_and(|url| problem.starts_with(&format!("object store {url}: ")))
        };
        let (refused, broken): (Vec<_>, Vec<_>) = session
            .list()
            .await?
            .into_iter()
            .filter_map(|info| Some((info.handle, info.problem?)))
            .partition(|(_, problem)| refused_by_store(problem));
        if let Some((handle, problem)) = refused.into_iter().next() {
            bail!("handle {handle} cannot be exported: {problem}");
        }
        export(&session, &env.session_name, env.json, self, broken).await
    }
}

impl ImportArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let handles = import(&env.root, &env.session_name, env.json, self)?;
        if env.remote()?.is_some() {
            let (_rt, session) = env.session().await?;
            for handle in &handles {
                session.publish(handle).await.with_context(|| {
                    format!(
                        "{handle} was imported into this machine's cache but not into the store"
                    )
                })?;
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

async fn export(
    from: &tool_output::Session,
    session: &str,
    json_out: bool,
    args: ExportArgs,
    broken: Vec<(String, String)>,
) -> Result<ExitCode> {
    let dir = from.path().to_path_buf();
    let to_stdout = args.out.as_os_str() == "-";
    let options = ExportOptions {
        session: session.to_string(),
        handles: (!args.handles.is_empty()).then_some(args.handles),
        zstd: args.zstd || archive::wants_zstd(&args.out),
        // Hashing gigabytes comes before the first write.
        cancel: Some(interrupt::token()),
        exclude: broken,
    };
    let summary = if to_stdout {
        let mut stdout = io::stdout().lock();
        let summary = from
            .export(&options, Interruptible(&mut stdout))
            .await
            .map_err(anyhow::Error::from);
        // `… | head -c N`: the reader has what it wanted, as for every command.
        summary.map_err(|err| {
            if closed_pipe(&err) {
                out::StdoutClosed.into()
            } else {
                interrupted_or(err)
            }
        })?
    } else {
        from.export_to_path(&options, &args.out, Interruptible)
            .await
            .map_err(|e| interrupted_or(e.into()))?
    };
    sessions::touch_last_used(&dir);
    for (handle, why) in &summary.skipped {
        out::stderr_line(&format!("warning: {handle} is not exported: {why}"));
    }
    let manifest = &summary.manifest;
    let handles: Vec<&str> = manifest.handles.iter().map(|h| h.handle.as_str()).collect();
    let bytes = manifest.total_bytes();
    // With the archive on stdout, the summary goes to stderr.
    let said = format!(
        "exported {} handle{} ({bytes} bytes) from session {session} to {}",
        handles.len(),
        if handles.len() == 1 { "" } else { "s" },
        if to_stdout {
            "standard output".to_string()
        } else {
            args.out.display().to_string()
        }
    );
    if to_stdout {
        out::stderr_line(&said);
    } else if json_out {
        let skipped: Vec<_> = summary
            .skipped
            .iter()
            .map(|(handle, why)| json!({"handle": handle, "why": why}))
            .collect();
        out::json(&json!({
            "session": session, "file": args.out, "handles": handles, "bytes": bytes,
            "skipped": skipped,
        }))?;
    } else {
        out::say(&said)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The handles imported.
fn import(root: &Path, session: &str, json_out: bool, args: ImportArgs) -> Result<Vec<String>> {
    ensure_dir(&root.join("sessions"))?;
    let dir = sessions::session_dir(root, session);
    let options = ImportOptions {
        replace: args.replace,
        ..ImportOptions::default()
    };
    // Read on a thread of its own: a silent stdin or FIFO cannot keep a
    // signal from stopping the import (and removing what it staged).
    let input = InputReader::spawn((args.file.as_os_str() != "-").then(|| args.file.clone()))?;
    let summary = archive::import(input, &dir, &options)
        .map_err(interrupted_or)
        .with_context(|| format!("importing {} (nothing was imported)", args.file.display()))?;
    sessions::touch_last_used(&dir);
    let handles: Vec<&str> = summary
        .manifest
        .handles
        .iter()
        .map(|h| h.handle.as_str())
        .collect();
    if json_out {
        out::json(&json!({
            "session": session, "handles": handles, "replaced": summary.replaced,
            "bytes": summary.manifest.total_bytes(),
        }))?;
    } else {
        for handle in &handles {
            let replaced = summary.replaced.iter().any(|r| r == handle);
            out::line(&format!(
                "{handle}  {}",
                if replaced { "replaced" } else { "imported" }
            ))?;
        }
        out::stderr_line(&format!(
            "imported {} handle{} into session {session}",
            handles.len(),
            if handles.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(handles.into_iter().map(String::from).collect())
}

/// A writer that fails at its next write once SIGINT or SIGTERM came.
struct Interruptible<W>(W);

impl<W: Write> Write for Interruptible<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        interrupt::check().map_err(io::Error::other)?;
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

fn closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The error, as `Interrupted` if a signal caused it (for the exit code).
fn interrupted_or(err: anyhow::Error) -> anyhow::Error {
    match interrupt::received() {
        Some(signal) => Interrupted(signal).into(),
        None => err,
    }
}

//! The session's housekeeping: `list`, `remove`, `stats`, `close`, `gc`.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use super::{Env, stats_json};
use crate::out;
use tool_output::SessionStats;
use tool_output::sessions;

/// `list`: the outputs stored in the session, a broken one with its problem.
pub async fn list(env: &Env) -> Result<ExitCode> {
    if !env.session_dir().is_dir() && env.remote()?.is_none() {
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
                    "reason": i.reason.as_str(), "created_ms": i.created_ms,
                    "view_lines": i.view_lines, "view_bytes": i.view_bytes,
                    "stats": stats_json(&i.stats), "problem": i.problem,
                })
            })
            .collect();
        out::json(&Value::Array(list))?;
    } else {
        for i in infos {
            let stats = (i.stats.bytes, i.stats.lines, i.stats.tokens);
            out::line(&match &i.problem {
                Some(problem) => tool_output_args::broken_list_line(&i.handle, problem),
                None => tool_output_args::list_line(&i.handle, &i.tool, stats, i.reason.as_str()),
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct RemoveArgs {
    #[command(flatten)]
    args: tool_output_args::HandleArgs,
}

impl RemoveArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        session.remove(&self.args.handle).await?;
        Ok(ExitCode::SUCCESS)
    }
}

/// `stats`: the session's event log, rolled up.
pub fn stats(env: &Env) -> Result<ExitCode> {
    env.check_exists()?;
    let (stats, skipped) = match SessionStats::from_log(&env.event_log()) {
        Ok(read) => read,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (SessionStats::default(), 0),
        Err(e) => return Err(e).context("reading the session's event log"),
    };
    print_stats(env, &stats, skipped)?;
    Ok(ExitCode::SUCCESS)
}

/// `close`: the session and its event log, gone.
pub async fn close(env: &Env) -> Result<ExitCode> {
    // The store first: a session that could not be deleted there is kept
    // here too, so `close` can be run again.
    if let Some((store, _)) = env.remote()? {
        store.remove_session(&env.session_name).await?;
    }
    let dir = env.session_dir();
    if dir.is_dir() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("removing {}", dir.display()))?;
    }
    let _ = std::fs::remove_file(env.event_log());
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct GcArgs {
    /// Age, e.g. 30m, 12h, 7d.
    #[arg(long, default_value = "7d", value_parser = parse_age)]
    older_than: Duration,
}

impl GcArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let older_than = self.older_than;
        let mut report = sessions::gc(&env.root, older_than);
        if let Some((store, _)) = env.remote()? {
            let now = std::time::SystemTime::now();
            for (session, newest) in store.sessions().await? {
                if now.duration_since(newest).unwrap_or_default() < older_than {
                    continue;
                }
                match store.remove_session(&session).await {
                    Ok(_) if report.removed.contains(&session) => {}
                    Ok(_) => report.removed.push(session),
                    Err(err) => report.failed.push((session, err.to_string())),
                }
            }
        }
        if env.json {
            let failed: Vec<_> = report
                .failed
                .iter()
                .map(|(session, error)| json!({ "session": session, "error": error }))
                .collect();
            out::json(&json!({ "removed": report.removed, "failed": failed }))?;
        } else {
            for name in &report.removed {
                let name = tool_output_args::terminal_safe(name);
                out::line(&format!("removed session {name}"))?;
            }
        }
        // Every failure, at the end: one that could not be removed does
        // not stop the others.
        for (session, error) in &report.failed {
            out::stderr_line(&format!("gc: could not remove session {session}: {error}"));
        }
        Ok(if report.failed.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    }
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

//! The direct reads of a stored output: `preview`, `read`, `grep`, `tail`
//! (numbers as in the handle message).

use std::process::ExitCode;

use anyhow::{Context, Result};

use super::{Env, print_text};
use tool_output::GrepOptions;

#[derive(clap::Args)]
pub struct PreviewArgs {
    handle: String,
}

impl PreviewArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        print_text(env, &session.preview(&self.handle).await?)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct ReadArgs {
    handle: String,
    /// Line range A:B (1-based, inclusive); A: reads to the end.
    #[arg(long, value_name = "A:B")]
    lines: String,
}

impl ReadArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (first, last) = parse_range(&self.lines)?;
        let (_rt, session) = env.existing_session().await?;
        print_text(env, &session.read(&self.handle, first, last).await?)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct GrepArgs {
    handle: String,
    pattern: String,
    /// Lines of context around each match.
    #[arg(short = 'C', long, default_value_t = 0)]
    context: u32,
    #[arg(short = 'i', long)]
    ignore_case: bool,
    #[arg(long)]
    max_matches: Option<u32>,
}

impl GrepArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        let options = GrepOptions {
            context: self.context,
            ignore_case: self.ignore_case,
            max_matches: self.max_matches,
        };
        let text = session.grep(&self.handle, &self.pattern, options).await?;
        print_text(env, &text)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct TailArgs {
    handle: String,
    #[arg(short = 'n', long, default_value_t = 20)]
    lines: u32,
}

impl TailArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        print_text(env, &session.tail(&self.handle, self.lines).await?)?;
        Ok(ExitCode::SUCCESS)
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

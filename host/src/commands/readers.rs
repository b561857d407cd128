//! The direct reads of a stored output: `preview`, `read`, `grep`, `tail`
//! (numbers as in the handle message), and `search` across the session's.

use std::process::ExitCode;

use anyhow::Result;

use super::{Env, print_text};
use tool_output::GrepOptions;
use tool_output_args as shared;

#[derive(clap::Args)]
pub struct PreviewArgs {
    #[command(flatten)]
    args: shared::HandleArgs,
}

impl PreviewArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        print_text(env, &session.preview(&self.args.handle).await?)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct ReadArgs {
    #[command(flatten)]
    args: shared::ReadArgs,
}

impl ReadArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (first, last) = self.args.range().map_err(anyhow::Error::msg)?;
        let (_rt, session) = env.existing_session().await?;
        print_text(env, &session.read(&self.args.handle, first, last).await?)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct GrepArgs {
    #[command(flatten)]
    args: shared::GrepArgs,
}

impl GrepArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        let a = self.args;
        let options = GrepOptions {
            context: a.context,
            ignore_case: a.ignore_case,
            max_matches: a.max_matches,
        };
        let text = session.grep(&a.handle, &a.pattern, options).await?;
        print_text(env, &text)?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct TailArgs {
    #[command(flatten)]
    args: shared::TailArgs,
}

impl TailArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        print_text(
            env,
            &session.tail(&self.args.handle, self.args.lines).await?,
        )?;
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(clap::Args)]
pub struct SearchArgs {
    #[command(flatten)]
    args: shared::SearchArgs,
}

impl SearchArgs {
    pub async fn execute(self, env: &Env) -> Result<ExitCode> {
        let (_rt, session) = env.existing_session().await?;
        let a = self.args;
        let text = session
            .search(&a.question, a.skip, a.before.as_deref())
            .await?;
        print_text(env, &text)?;
        Ok(ExitCode::SUCCESS)
    }
}

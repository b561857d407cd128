//! `tool-output setup HOST`: the host's own config, in the host's own
//! format and file. By default it prints what it would merge; `--write`
//! merges it: our MCP entry (`mcp serve` on the host's session) and, where
//! the host has one, the shell hook (opencode: a plugin file; Claude Code:
//! also its shell prefix). `--wrap NAME -- CMD…` adds an entry running
//! `tool-output mcp proxy` in front of a server instead, on the same
//! session. `--remove` takes out exactly what `setup` adds. `--gateway
//! [URL]` points the host's model requests at `tool-output gateway`
//! instead of writing the shell hook (see `gateway`).
//!
//! What is there is kept: each file is parsed as its host parses it and
//! edited losslessly (JSON/JSONC through a syntax tree, TOML through
//! toml_edit, YAML by a checked text insertion), never re-serialized whole;
//! the edited text must parse to the old value with our change alone. It
//! refuses rather than guesses: a file the host would not read, or an entry
//! of that name that differs from ours (without `--force`), and then writes
//! nothing at all and prints the snippet to add by hand. The files are
//! written all or none, under a lock, each after a backup
//! `FILE.bak-<time>` (see `write`), keeping permissions, line endings, the
//! final newline and a byte-order mark.

mod command;
mod gateway;
pub mod hosts;
mod json;
mod package;
mod plan;
mod toml;
mod write;
mod yaml;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use serde_json::Value;

use super::Env;
use crate::out;
use hosts::{Dirs, FilePlan, Format, Host, Launch, WholeFile};
use plan::{Action, Decision};

#[derive(clap::Args)]
pub struct SetupArgs {
    /// The agent host to configure.
    #[arg(value_enum)]
    host: Host,
    /// Merge into the host's config files (without it: print what would be merged).
    #[arg(long)]
    write: bool,
    /// Take out of the host's config files what `setup` puts there (our entry, our hooks, our
    /// files), keeping everything else; a backup of each file first.
    #[arg(long, conflicts_with_all = ["write", "force"])]
    remove: bool,
    /// The project's files (in the current directory) instead of the user's.
    #[arg(long)]
    project: bool,
    /// Replace an entry of ours that differs (it is shown, and backed up with the file).
    #[arg(long)]
    force: bool,
    /// Add an entry NAME running `tool-output mcp proxy` in front of the server given after
    /// `--`, on the host's session, instead of our own entry and hook (with --remove: remove it).
    #[arg(long, value_name = "NAME")]
    wrap: Option<String>,
    /// Send the host's model requests through `tool-output gateway` at URL [default:
    /// http://127.0.0.1:8787]: its base URL, and `mcp serve` on the gateway's session, instead
    /// of the shell hook (claude-code, codex, gemini-cli, opencode; with --remove: take them out).
    #[arg(long, value_name = "URL", num_args = 0..=1, default_missing_value = gateway::DEFAULT_URL, conflicts_with = "wrap")]
    gateway: Option<String>,
    /// The tool-output command the files run [default: `tool-output` on PATH when it is this
    /// binary; from a uvx or npx cache, `uvx tool-output@VERSION` or `npx -y
    /// tool-output@VERSION`; else this binary's path; with --project, `tool-output`].
    #[arg(long, value_name = "COMMAND")]
    command: Option<String>,
    /// Write the host's own package of tool-output into DIR instead (Claude Code: a plugin
    /// marketplace; Gemini CLI: an extension), running a pinned `npx -y tool-output@VERSION`.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["write", "remove", "wrap", "project", "command", "gateway"])]
    package: Option<PathBuf>,
    /// With --wrap: the server's command and arguments.
    #[arg(last = true, value_name = "SERVER")]
    server: Vec<String>,
}

/// The files of one run and what goes in each.
struct Plan {
    files: Vec<FilePlan>,
    whole: Vec<WholeFile>,
}

/// One file, decided.
enum Outcome {
    /// To be written or removed.
    Change {
        original: Option<String>,
        /// None: the file is removed.
        edited: Option<String>,
        places: Vec<String>,
        executable: bool,
    },
    /// Nothing to do (already configured, or nothing of ours there).
    Nothing,
    Refused(String),
}

impl SetupArgs {
    pub async fn execute(self, _env: &Env) -> Result<ExitCode> {
        if !self.server.is_empty() && self.wrap.is_none() {
            bail!("a server command is given: say its name with --wrap NAME");
        }
        if self.wrap.is_some() && self.server.is_empty() && !self.remove {
            bail!("--wrap NAME needs the server's command after `--`");
        }
        if let Some(dir) = &self.package {
            let mut said = String::new();
            for path in package::write(self.host, dir)? {
                said.push_str(&format!("{}: written\n", path.display()));
            }
            out::say(&said)?;
            return Ok(ExitCode::SUCCESS);
        }
        let dirs = Dirs::from_env()?;
        let (launch, why) = self.launch()?;
        let plan = self.plan(&dirs, &launch)?;
        let scope = if self.project { "project" } else { "user" };
        if !self.write && !self.remove {
            let mut text = format!(
                "# {}, {scope} scope: `tool-output setup {}{} --write{}` merges this:\n",
                self.host.title(),
                host_arg(self.host),
                match &self.gateway {
                    Some(url) if url == gateway::DEFAULT_URL => " --gateway".to_string(),
                    Some(url) => format!(" --gateway {url}"),
                    None => String::new(),
                },
                if self.project { " --project" } else { "" }
            );
            text.push_str(&format!("# the command: {} ({why})\n", launch.shell_line()));
            for file in &plan.files {
                text.push_str(&snippet_text(file)?);
            }
            for whole in &plan.whole {
                text.push_str(&format!("\n# {}\n{}", whole.path.display(), whole.content));
                if !whole.content.ends_with('\n') {
                    text.push('\n');
                }
            }
            for note in self.notes() {
                text.push_str(&format!("\n# {note}\n"));
            }
            out::say(&text)?;
            self.warn_hooks_disabled(&dirs);
            return Ok(ExitCode::SUCCESS);
        }
        let targets: Vec<PathBuf> = plan
            .files
            .iter()
            .map(|f| write::target(&f.path))
            .chain(plan.whole.iter().map(|w| write::target(&w.path)))
            .collect();
        // Everything read and decided under the lock, before anything is
        // written: all or nothing.
        let _locks = write::lock(&targets)?;
        let mut decided: Vec<(PathBuf, PathBuf, Outcome)> = Vec::new();
        for (file, target) in plan.files.iter().zip(&targets) {
            let outcome = decide(file, self.force, self.remove);
            decided.push((file.path.clone(), target.clone(), outcome));
        }
        for (whole, target) in plan.whole.iter().zip(&targets[plan.files.len()..]) {
            let outcome = decide_whole(whole, self.force, self.remove);
            decided.push((whole.path.clone(), target.clone(), outcome));
        }
        let mut refused = false;
        for (path, _, outcome) in &decided {
            if let Outcome::Refused(why) = outcome {
                refused = true;
                out::stderr_line(&format!("refused: {}: {why}", path.display()));
                if let Some(file) = plan.files.iter().find(|f| &f.path == path)
                    && !self.remove
                {
                    out::say(&format!(
                        "# to add by hand to {}:{}",
                        path.display(),
                        snippet_text(file)?
                    ))?;
                }
            }
        }
        if refused {
            out::stderr_line("nothing was written");
            return Ok(ExitCode::FAILURE);
        }
        let pending: Vec<write::Pending> = decided
            .iter()
            .filter_map(|(_, target, outcome)| match outcome {
                Outcome::Change {
                    original,
                    edited,
                    executable,
                    ..
                } => Some(write::Pending {
                    path: target.clone(),
                    original: original.clone(),
                    text: edited.clone(),
                    executable: *executable,
                }),
                _ => None,
            })
            .collect();
        let done = match write::commit(&pending) {
            Ok(done) => done,
            Err(err) => {
                out::stderr_line(&format!(
                    "error: {}; nothing was written",
                    tool_output::error::one_line(err.as_ref())
                ));
                return Ok(ExitCode::FAILURE);
            }
        };
        let mut done = done.into_iter();
        let mut said = String::new();
        if !self.remove {
            said.push_str(&format!("the command: {} ({why})\n", launch.shell_line()));
        }
        for (path, _, outcome) in decided {
            said.push_str(&self.report(&path, outcome, &mut done));
            said.push('\n');
        }
        if !self.remove {
            for note in self.notes() {
                said.push_str(&note);
                said.push('\n');
            }
        }
        out::say(&said)?;
        if !self.remove {
            self.warn_hooks_disabled(&dirs);
        }
        Ok(ExitCode::SUCCESS)
    }

    /// What happened to one file, in a line.
    fn report(
        &self,
        path: &std::path::Path,
        outcome: Outcome,
        done: &mut impl Iterator<Item = write::Done>,
    ) -> String {
        let Outcome::Change {
            original,
            edited,
            places,
            ..
        } = outcome
        else {
            return if self.remove {
                format!("{}: nothing of ours there", path.display())
            } else {
                format!("{}: already configured", path.display())
            };
        };
        let Some(done) = done.next() else {
            return format!("{}: written", path.display());
        };
        let backup = done
            .backup
            .map(|b| format!(" (backup: {})", b.display()))
            .unwrap_or_default();
        let what = match (&original, &edited) {
            (_, None) => "removed".to_string(),
            (Some(_), Some(_)) if self.remove => format!("removed {}", places.join(", ")),
            (Some(_), Some(_)) if places.is_empty() => "replaced".to_string(),
            (Some(_), Some(_)) => format!("added {}", places.join(", ")),
            (None, Some(_)) if places.is_empty() => "written".to_string(),
            (None, Some(_)) => format!("created with {}", places.join(", ")),
        };
        let warning = match done.created_dirs.first() {
            Some(dir) => format!(
                " ({} did not exist: is {} installed?)",
                dir.display(),
                self.host.title()
            ),
            None => String::new(),
        };
        format!("{}: {what}{backup}{warning}", path.display())
    }

    /// What to tell the user after the files.
    fn notes(&self) -> Vec<String> {
        match &self.gateway {
            Some(url) => gateway::notes(self.host, url),
            None => self.host.notes().iter().map(|n| n.to_string()).collect(),
        }
    }

    /// Warnings (stderr) when the host would not run our hooks.
    fn warn_hooks_disabled(&self, dirs: &Dirs) {
        // No hook with --wrap or --gateway.
        if self.wrap.is_some() || self.gateway.is_some() {
            return;
        }
        for warning in self.host.hooks_disabled(dirs) {
            out::stderr_line(&format!("warning: {warning}"));
        }
    }

    /// The command the files run, and why that one.
    fn launch(&self) -> Result<(Launch, String)> {
        Ok(match &self.command {
            Some(command) => {
                let path = std::path::Path::new(command);
                // A path (maybe with spaces) is one program; else words.
                let launch = if path.is_file() || !command.contains(char::is_whitespace) {
                    Launch::program(command.clone())
                } else {
                    let mut words = command.split_whitespace().map(str::to_string);
                    Launch {
                        program: words.next().unwrap_or_default(),
                        args: words.collect(),
                    }
                };
                (launch, "given with --command".into())
            }
            None if self.project => (
                Launch::program("tool-output"),
                "project files are shared: the name, found on each user's PATH".into(),
            ),
            None => command::stable()?,
        })
    }

    /// The files and what goes in each.
    fn plan(&self, dirs: &Dirs, launch: &Launch) -> Result<Plan> {
        let host = self.host;
        let (path, format, container) = host.mcp_file(dirs, self.project)?;
        if let Some(name) = &self.wrap {
            host.check_name(name)?;
            let mut args = vec![
                "--session".to_string(),
                host.session().to_string(),
                "mcp".into(),
                "proxy".into(),
                "--".into(),
            ];
            args.extend(windows_shim(&self.server));
            let entry = host.entry(name, launch, &args, false);
            return Ok(Plan {
                files: vec![FilePlan {
                    path,
                    format,
                    changes: vec![plan::Change::member(container, name, entry)],
                }],
                whole: vec![],
            });
        }
        let name = host.entry_name();
        let serve_args = match self.gateway {
            Some(_) => gateway::serve_args(),
            None => host.serve_args(),
        };
        let entry = host.entry(name, launch, &serve_args, true);
        let mut files = vec![FilePlan {
            path,
            format,
            changes: vec![plan::Change::member(container, name, entry)],
        }];
        if let Some(url) = &self.gateway {
            // The gateway stores what the hook would: no hook, no plugin,
            // no shell prefix.
            for more in gateway::files(host, dirs, self.project, url)? {
                match files.iter_mut().find(|f| f.path == more.path) {
                    Some(same) => same.changes.extend(more.changes),
                    None => files.push(more),
                }
            }
            return Ok(Plan {
                files,
                whole: vec![],
            });
        }
        if let Some(hook) = host.hook(dirs, self.project, launch) {
            match files.iter_mut().find(|f| f.path == hook.path) {
                Some(same) => same.changes.extend(hook.changes),
                None => files.push(hook),
            }
        }
        Ok(Plan {
            files,
            whole: host.whole_files(dirs, self.project, launch),
        })
    }
}

/// The host as `setup` names it.
fn host_arg(host: Host) -> String {
    use clap::ValueEnum;
    host.to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// On Windows, `npx` and its kind are `.cmd` scripts that a program cannot
/// start by name: `cmd /c` starts them.
fn windows_shim(server: &[String]) -> Vec<String> {
    let shims = ["npx", "npm", "pnpm", "yarn", "bunx"];
    match server.first() {
        Some(first)
            if tool_output::platform::OS == tool_output::platform::Os::Windows
                && shims.contains(&first.as_str()) =>
        {
            ["cmd", "/c"]
                .iter()
                .map(|s| s.to_string())
                .chain(server.iter().cloned())
                .collect()
        }
        _ => server.to_vec(),
    }
}

fn parse(format: Format, text: &str) -> Result<Value> {
    match format {
        Format::Json => json::parse(text, json::Dialect::Strict),
        Format::GeminiJson => json::parse(text, json::Dialect::Comments),
        Format::Jsonc => json::parse(text, json::Dialect::Jsonc),
        Format::Toml => toml::parse(text),
        Format::Yaml => yaml::parse(text),
    }
}

fn edit(format: Format, text: &str, actions: &[Action]) -> Result<String> {
    match format {
        Format::Json => json::apply(text, json::Dialect::Strict, actions),
        Format::GeminiJson => json::apply(text, json::Dialect::Comments, actions),
        Format::Jsonc => json::apply(text, json::Dialect::Jsonc, actions),
        Format::Toml => toml::apply(text, actions),
        Format::Yaml => yaml::apply(text, actions),
    }
}

/// What a file would become with our changes alone, after its path.
fn snippet_text(file: &FilePlan) -> Result<String> {
    let mut value = parse(file.format, "")?;
    let mut actions: Vec<Action> = Vec::new();
    for change in &file.changes {
        if let Decision::Do(more) = plan::decide(&value, change, false) {
            value = plan::expected(&value, &more);
            actions.extend(more);
        }
    }
    Ok(format!(
        "\n# {}\n{}",
        file.path.display(),
        write::keep_layout("", edit(file.format, "", &actions)?)
    ))
}

fn decide(file: &FilePlan, force: bool, remove: bool) -> Outcome {
    match try_decide(file, force, remove) {
        Ok(outcome) => outcome,
        Err(err) => Outcome::Refused(tool_output::error::one_line(err.as_ref())),
    }
}

/// The UTF-8 byte-order mark some editors put first.
const BOM: char = '\u{feff}';

fn try_decide(file: &FilePlan, force: bool, remove: bool) -> Result<Outcome> {
    let original = write::read(&write::target(&file.path))?;
    let whole = original.clone().unwrap_or_default();
    // A byte-order mark is kept as it is, where the host reads one.
    let (bom, text) = match whole.strip_prefix(BOM) {
        Some(rest) if file.format.allows_bom() => (true, rest.to_string()),
        Some(_) => bail!(
            "the file starts with a byte-order mark, which the host does not read (it would \
             ignore the whole file): save it as UTF-8 without one"
        ),
        None => (false, whole.clone()),
    };
    let value = parse(file.format, &text)?;
    let mut actions = Vec::new();
    let mut places = Vec::new();
    // One change after another, each against what the ones before made.
    let mut wanted = value.clone();
    for change in &file.changes {
        let decision = if remove {
            plan::decide_removal(&wanted, change, file.format != Format::Yaml)
        } else {
            plan::decide(&wanted, change, force)
        };
        match decision {
            Decision::Do(more) => {
                wanted = plan::expected(&wanted, &more);
                actions.extend(more);
                places.push(change.place());
            }
            Decision::Nothing => {}
            Decision::Conflict { theirs } => {
                return Ok(Outcome::Refused(format!(
                    "{} is already there and differs from ours (--force replaces it)\n  theirs: {}\n  ours:   {}",
                    change.place(),
                    theirs,
                    change.value()
                )));
            }
            Decision::Refuse(why) => return Ok(Outcome::Refused(why)),
        }
    }
    if actions.is_empty() {
        return Ok(Outcome::Nothing);
    }
    let mut edited = write::keep_layout(&text, edit(file.format, &text, &actions)?);
    match parse(file.format, &edited) {
        Ok(got) if got == wanted => {}
        _ => bail!("changing our entry would change something else in the file"),
    }
    if bom {
        edited.insert(0, BOM);
    }
    Ok(Outcome::Change {
        original,
        edited: Some(edited),
        places,
        executable: false,
    })
}

fn decide_whole(file: &WholeFile, force: bool, remove: bool) -> Outcome {
    let found = match write::read(&write::target(&file.path)) {
        Ok(found) => found,
        Err(err) => return Outcome::Refused(tool_output::error::one_line(err.as_ref())),
    };
    let ours = |text: &str| text.lines().take(2).any(|l| l == file.header);
    match found {
        None if remove => Outcome::Nothing,
        Some(text) if remove && ours(&text) => Outcome::Change {
            original: Some(text),
            edited: None,
            places: vec![],
            executable: false,
        },
        Some(_) if remove => Outcome::Nothing,
        None => Outcome::Change {
            original: None,
            edited: Some(file.content.clone()),
            places: vec![],
            executable: file.executable,
        },
        Some(text) if text == file.content => Outcome::Nothing,
        Some(text) if force => Outcome::Change {
            original: Some(text),
            edited: Some(file.content.clone()),
            places: vec![],
            executable: file.executable,
        },
        Some(_) => Outcome::Refused("a different file is there (--force replaces it)".into()),
    }
}

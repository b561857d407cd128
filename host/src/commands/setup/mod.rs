//! `tool-output setup HOST`: the host's own config, in the host's own
//! format and file. By default it prints what it would merge; `--write`
//! merges it: our MCP entry (`mcp serve` on the host's session) and, where
//! the host has one, the shell hook (opencode: a plugin file). `--wrap NAME
//! -- CMD…` adds an entry running `tool-output mcp proxy` in front of a
//! server instead, on the same session.
//!
//! What is there is kept: each file is parsed losslessly and our entry
//! inserted (JSON/JSONC through a syntax tree, TOML through toml_edit, YAML
//! by a checked text insertion), never re-serialized whole; the edited text
//! must parse to the old value plus our entry. It refuses rather than
//! guesses: a file it cannot parse, or an entry of that name that differs
//! from ours (without `--force`), and then writes nothing at all and prints
//! the snippet to add by hand. Before writing: a backup `FILE.bak-<time>`,
//! then an atomic replace that keeps permissions, line endings and the
//! final newline.

mod gateway;
mod hosts;
mod json;
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
use hosts::{Dirs, FilePlan, Format, Host, WholeFile};
use plan::{Action, Decision};

#[derive(clap::Args)]
pub struct SetupArgs {
    /// The agent host to configure.
    #[arg(value_enum)]
    host: Host,
    /// Merge into the host's config files (without it: print what would be merged).
    #[arg(long)]
    write: bool,
    /// The project's files (in the current directory) instead of the user's.
    #[arg(long)]
    project: bool,
    /// Replace an entry of ours that differs (it is shown, and backed up with the file).
    #[arg(long)]
    force: bool,
    /// Add an entry NAME running `tool-output mcp proxy` in front of the server given after
    /// `--`, on the host's session, instead of our own entry and hook.
    #[arg(long, value_name = "NAME", requires = "server")]
    wrap: Option<String>,
    /// Send the host's model requests through `tool-output gateway` at URL [default:
    /// http://127.0.0.1:8787]: its base URL, and `mcp serve` on the gateway's session, instead
    /// of the shell hook (claude-code, codex, gemini-cli, opencode).
    #[arg(long, value_name = "URL", num_args = 0..=1, default_missing_value = gateway::DEFAULT_URL, conflicts_with = "wrap")]
    gateway: Option<String>,
    /// The tool-output command the files run [default: this binary's absolute path; with
    /// --project, `tool-output` (project files are shared)].
    #[arg(long, value_name = "COMMAND")]
    command: Option<String>,
    /// With --wrap: the server's command and arguments.
    #[arg(last = true, value_name = "SERVER")]
    server: Vec<String>,
}

/// One file, decided.
enum Outcome {
    /// To be written (`original` None: a new file).
    Edit {
        original: Option<String>,
        edited: String,
        places: Vec<String>,
    },
    AlreadyThere,
    Refused(String),
}

impl SetupArgs {
    pub async fn execute(self, _env: &Env) -> Result<ExitCode> {
        if !self.server.is_empty() && self.wrap.is_none() {
            bail!("a server command is given: say its name with --wrap NAME");
        }
        let dirs = Dirs::from_env()?;
        let (files, plugin) = self.plans(&dirs)?;
        let scope = if self.project { "project" } else { "user" };
        if !self.write {
            out::line(&format!(
                "# {}, {scope} scope: `tool-output setup {}{} --write{}` merges this:",
                self.host.title(),
                host_arg(self.host),
                match &self.gateway {
                    Some(url) if url == gateway::DEFAULT_URL => " --gateway".to_string(),
                    Some(url) => format!(" --gateway {url}"),
                    None => String::new(),
                },
                if self.project { " --project" } else { "" }
            ))?;
            for file in &files {
                print_snippet(file)?;
            }
            if let Some(plugin) = &plugin {
                out::line(&format!("\n# {}", plugin.path.display()))?;
                out::text(&plugin.content)?;
            }
            for note in self.notes() {
                out::line(&format!("\n# {note}"))?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        // Everything decided before anything is written: all or nothing.
        let decided: Vec<(&FilePlan, Outcome)> = files
            .iter()
            .map(|file| (file, decide(file, self.force)))
            .collect();
        let plugin_outcome = plugin.as_ref().map(|p| decide_whole(p, self.force));
        let mut refused = false;
        for (file, outcome) in &decided {
            if let Outcome::Refused(why) = outcome {
                refused = true;
                out::stderr_line(&format!("refused: {}: {why}", file.path.display()));
                out::line(&format!("# to add by hand to {}:", file.path.display()))?;
                print_snippet(file)?;
            }
        }
        if let (Some(plugin), Some(Outcome::Refused(why))) = (&plugin, &plugin_outcome) {
            refused = true;
            out::stderr_line(&format!("refused: {}: {why}", plugin.path.display()));
        }
        if refused {
            out::stderr_line("nothing was written");
            return Ok(ExitCode::FAILURE);
        }
        let mut whole = Vec::new();
        if let (Some(plugin), Some(outcome)) = (&plugin, plugin_outcome) {
            whole.push((plugin.path.clone(), outcome));
        }
        let all = decided
            .into_iter()
            .map(|(file, outcome)| (file.path.clone(), outcome))
            .chain(whole);
        for (path, outcome) in all {
            out::line(&apply(&path, outcome, self.host)?)?;
        }
        for note in self.notes() {
            out::line(&note)?;
        }
        Ok(ExitCode::SUCCESS)
    }

    fn notes(&self) -> Vec<String> {
        match &self.gateway {
            Some(url) => gateway::notes(self.host, url),
            None => self.host.notes().iter().map(|n| n.to_string()).collect(),
        }
    }

    /// The files and what goes in each.
    fn plans(&self, dirs: &Dirs) -> Result<(Vec<FilePlan>, Option<WholeFile>)> {
        let host = self.host;
        let command = match &self.command {
            Some(command) => command.clone(),
            None if self.project => "tool-output".to_string(),
            None => std::env::current_exe()?
                .canonicalize()?
                .to_string_lossy()
                .into_owned(),
        };
        let (path, format, container) = host.mcp_file(dirs, self.project)?;
        let session = match self.gateway {
            Some(_) => gateway::SESSION.to_string(),
            None => host.session().to_string(),
        };
        let mut files = Vec::new();
        if let Some(name) = &self.wrap {
            host.check_name(name)?;
            let mut args = vec![
                "--session".to_string(),
                session,
                "mcp".into(),
                "proxy".into(),
                "--".into(),
            ];
            args.extend(windows_shim(&self.server));
            let entry = host.entry(name, &command, &args, false);
            files.push(FilePlan {
                path,
                format,
                changes: vec![plan::Change::member(container, name, entry)],
            });
            return Ok((files, None));
        }
        let name = host.entry_name();
        let args = vec![
            "--session".to_string(),
            session,
            "mcp".into(),
            "serve".into(),
        ];
        let entry = host.entry(name, &command, &args, true);
        files.push(FilePlan {
            path,
            format,
            changes: vec![plan::Change::member(container, name, entry)],
        });
        if let Some(url) = &self.gateway {
            // The gateway stores what the hook would: no hook, no plugin.
            for more in gateway::files(host, dirs, self.project, url)? {
                match files.iter_mut().find(|f| f.path == more.path) {
                    Some(same) => same.changes.extend(more.changes),
                    None => files.push(more),
                }
            }
            return Ok((files, None));
        }
        if let Some(hook) = host.hook(dirs, self.project, &shell_word(&command)) {
            match files.iter_mut().find(|f| f.path == hook.path) {
                Some(same) => same.changes.extend(hook.changes),
                None => files.push(hook),
            }
        }
        Ok((files, host.plugin(dirs, self.project, &command)))
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

/// `command` as the first word of a hook's shell line.
fn shell_word(command: &str) -> String {
    if command
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+:\\".contains(c))
    {
        return command.to_string();
    }
    let escaped: String = command
        .chars()
        .flat_map(|c| match c {
            '"' | '\\' | '$' | '`' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    format!("\"{escaped}\"")
}

fn parse(format: Format, text: &str) -> Result<Value> {
    match format {
        Format::Json => json::parse(text, true),
        Format::Jsonc => json::parse(text, false),
        Format::Toml => toml::parse(text),
        Format::Yaml => yaml::parse(text),
    }
}

fn edit(format: Format, text: &str, actions: &[Action]) -> Result<String> {
    match format {
        Format::Json => json::apply(text, true, actions),
        Format::Jsonc => json::apply(text, false, actions),
        Format::Toml => toml::apply(text, actions),
        Format::Yaml => yaml::apply(text, actions),
    }
}

/// What a file would become with our changes alone.
fn snippet(file: &FilePlan) -> Result<String> {
    let empty = parse(file.format, "")?;
    let actions: Vec<Action> = file
        .changes
        .iter()
        .filter_map(|change| match plan::decide(&empty, change, false) {
            Decision::Do(action) => Some(action),
            _ => None,
        })
        .collect();
    Ok(write::keep_layout("", edit(file.format, "", &actions)?))
}

fn print_snippet(file: &FilePlan) -> Result<()> {
    out::line(&format!("\n# {}", file.path.display()))?;
    out::text(&snippet(file)?)
}

fn decide(file: &FilePlan, force: bool) -> Outcome {
    match try_decide(file, force) {
        Ok(outcome) => outcome,
        Err(err) => Outcome::Refused(tool_output::error::one_line(err.as_ref())),
    }
}

fn try_decide(file: &FilePlan, force: bool) -> Result<Outcome> {
    let original = write::read(&write::target(&file.path))?;
    let text = original.clone().unwrap_or_default();
    let value = parse(file.format, &text)?;
    let mut actions = Vec::new();
    let mut places = Vec::new();
    for change in &file.changes {
        match plan::decide(&value, change, force) {
            Decision::Do(action) => {
                actions.push(action);
                places.push(change.place());
            }
            Decision::AlreadyThere => {}
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
        return Ok(Outcome::AlreadyThere);
    }
    let edited = write::keep_layout(&text, edit(file.format, &text, &actions)?);
    let wanted = plan::expected(&value, &actions);
    match parse(file.format, &edited) {
        Ok(got) if got == wanted => {}
        _ => bail!("inserting our entry would change something else in the file"),
    }
    Ok(Outcome::Edit {
        original,
        edited,
        places,
    })
}

fn decide_whole(file: &WholeFile, force: bool) -> Outcome {
    match write::read(&write::target(&file.path)) {
        Ok(None) => Outcome::Edit {
            original: None,
            edited: file.content.clone(),
            places: vec![],
        },
        Ok(Some(text)) if text == file.content => Outcome::AlreadyThere,
        Ok(Some(text)) if force => Outcome::Edit {
            original: Some(text),
            edited: file.content.clone(),
            places: vec![],
        },
        Ok(Some(_)) => Outcome::Refused("a different file is there (--force replaces it)".into()),
        Err(err) => Outcome::Refused(tool_output::error::one_line(err.as_ref())),
    }
}

/// Write one decided file; what happened, in a line.
fn apply(path: &std::path::Path, outcome: Outcome, host: Host) -> Result<String> {
    let target = write::target(path);
    match outcome {
        Outcome::AlreadyThere => Ok(format!("{}: already configured", path.display())),
        Outcome::Refused(why) => bail!("{}: {why}", path.display()),
        Outcome::Edit {
            original: Some(original),
            edited,
            places,
        } => {
            let backup = write::backup(&target, &original)?;
            write::replace(&target, &edited, Some(&original))?;
            let what = if places.is_empty() {
                "replaced".to_string()
            } else {
                format!("added {}", places.join(", "))
            };
            Ok(format!(
                "{}: {what} (backup: {})",
                path.display(),
                backup.display()
            ))
        }
        Outcome::Edit {
            original: None,
            edited,
            places,
        } => {
            let dir = target.parent().map(PathBuf::from).unwrap_or_default();
            let missing_dir = !dir.as_os_str().is_empty() && !dir.exists();
            if missing_dir {
                std::fs::create_dir_all(&dir)?;
            }
            write::replace(&target, &edited, None)?;
            let what = if places.is_empty() {
                "written".to_string()
            } else {
                format!("created with {}", places.join(", "))
            };
            let warning = if missing_dir {
                format!(
                    " ({} did not exist: is {} installed?)",
                    dir.display(),
                    host.title()
                )
            } else {
                String::new()
            };
            Ok(format!("{}: {what}{warning}", path.display()))
        }
    }
}

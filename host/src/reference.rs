//! The command-line reference (docs/cli-reference.md), written from the
//! argument definitions themselves, so the doc cannot drift from `--help`:
//! `tool-output reference` prints it, and a test checks the file against it
//! (`TOOL_OUTPUT_UPDATE_DOCS=1` rewrites it), as uv generates its own.

use std::fmt::Write;

use clap::{Arg, Command};

/// The whole reference, in Markdown.
pub fn markdown(cli: &Command) -> String {
    let mut out = String::from(
        "# Command-line reference\n\n\
         Written from `tool-output`'s own argument definitions by `tool-output reference` (a test \
         checks that this file is current); [the command line](cli.md) says how the commands \
         fit together.\n",
    );
    let globals: Vec<&Arg> = cli
        .get_arguments()
        .filter(|a| a.is_global_set() && !a.is_hide_set())
        .collect();
    out.push_str("\n## Global options\n\nThey go before or after the command.\n\n");
    for arg in &globals {
        option(&mut out, arg);
    }
    for sub in cli.get_subcommands().filter(|c| !c.is_hide_set()) {
        command(&mut out, sub, &["tool-output"]);
    }
    out
}

fn command(out: &mut String, cmd: &Command, parents: &[&str]) {
    let mut path = parents.to_vec();
    path.push(cmd.get_name());
    let _ = write!(out, "\n## {}\n\n", path.join(" "));
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        let _ = writeln!(out, "{about}\n");
    }
    let mut usage = cmd.clone().bin_name(path.join(" "));
    let usage = usage.render_usage().to_string();
    let usage = usage.trim_start_matches("Usage: ");
    let _ = writeln!(out, "```\n{usage}\n```\n");
    let args: Vec<&Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !a.is_global_set())
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    for arg in args {
        option(out, arg);
    }
    for sub in cmd.get_subcommands().filter(|c| !c.is_hide_set()) {
        command(out, sub, &path);
    }
}

/// One argument: its name and value, its help, its default, its variable.
fn option(out: &mut String, arg: &Arg) {
    let value = arg
        .get_value_names()
        .map(|names| names.join(" "))
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let takes_value = arg.get_action().takes_values();
    let name = match (arg.get_long(), arg.get_short()) {
        (Some(long), Some(short)) if takes_value => format!("-{short}, --{long} {value}"),
        (Some(long), Some(short)) => format!("-{short}, --{long}"),
        (Some(long), None) if takes_value => format!("--{long} {value}"),
        (Some(long), None) => format!("--{long}"),
        (None, Some(short)) => format!("-{short}"),
        (None, None) => value,
    };
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string().replace('\n', " "))
        .unwrap_or_default();
    let _ = write!(out, "- `{name}`");
    if !help.is_empty() {
        let _ = write!(out, ": {help}");
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && takes_value {
        let _ = write!(out, " [default: {}]", defaults.join(", "));
    }
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !choices.is_empty() && takes_value {
        let _ = write!(out, " [one of: {}]", choices.join(", "));
    }
    if let Some(var) = arg.get_env() {
        let _ = write!(out, " [env: {}]", var.to_string_lossy());
    }
    out.push('\n');
}

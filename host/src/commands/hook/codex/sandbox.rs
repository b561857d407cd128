//! Whether Codex's sandbox lets a command write our session: read from the
//! turn's `turn_context` in Codex's transcript (the hook's
//! `transcript_path`, a JSON-lines file under `$CODEX_HOME/sessions`),
//! whose `sandbox_policy` and `permission_profile` say what commands may
//! write. Plain `codex exec` runs read-only; `-s workspace-write` lets
//! commands write the project, `/tmp` and `$TMPDIR` (and the
//! `sandbox_workspace_write.writable_roots` of config.toml); bypassing the
//! sandbox lets them write anywhere. Anything the hook cannot read or does
//! not recognise counts as "cannot write": the command is then left alone.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Component, Path, PathBuf};

use serde_json::Value;

use super::super::keep::{self, Source};
use super::super::text;
use crate::commands::setup::hosts;

/// How much of the transcript's end is read to find the turn's context
/// (it is written at the start of each turn; a turn's own items follow).
const TAIL: u64 = 8 << 20;

/// Ok when commands may write `root`; else why not, in words for the user.
pub fn lets_write(input: &Value, root: &Path) -> Result<(), String> {
    let context = turn_context(input).map_err(|why| {
        format!("could not tell what Codex's sandbox lets commands write ({why})")
    })?;
    let target = resolved(&root.join("sessions"));
    let policy = context
        .pointer("/sandbox_policy/type")
        .and_then(Value::as_str)
        .unwrap_or("");
    match policy {
        "danger-full-access" => return Ok(()),
        "read-only" => {
            return Err(format!(
                "Codex's sandbox is read-only, so `tool-output run` could not store the output \
                 under {} (run codex with -s workspace-write and that directory in \
                 sandbox_workspace_write.writable_roots, or without its sandbox)",
                root.display()
            ));
        }
        _ => {}
    }
    let writable = match context.pointer("/permission_profile") {
        Some(profile) if profile["type"] == "disabled" => true,
        Some(profile) => match profile
            .pointer("/file_system/entries")
            .and_then(Value::as_array)
        {
            Some(entries) => entries_allow(entries, &target),
            None => policy_allows(&context, &target),
        },
        None => policy_allows(&context, &target),
    };
    if writable {
        Ok(())
    } else {
        Err(format!(
            "Codex's sandbox ({}) does not let commands write {}, so `tool-output run` could not \
             store the output (add it to sandbox_workspace_write.writable_roots in config.toml)",
            if policy.is_empty() { "unknown" } else { policy },
            root.display()
        ))
    }
}

/// The last `turn_context` payload of the hook's transcript.
fn turn_context(input: &Value) -> Result<Value, String> {
    let path = text(input, "transcript_path").ok_or("the hook's input has no transcript_path")?;
    let dirs = hosts::Dirs::from_env().map_err(|e| e.to_string())?;
    let sessions = hosts::codex_home(&dirs).join("sessions");
    let Source::File(mut file, len) =
        keep::checked_file(path, &sessions).map_err(|e| format!("{e:#}"))?
    else {
        return Err("the transcript is not a file".into());
    };
    let start = len.saturating_sub(TAIL);
    file.seek(SeekFrom::Start(start))
        .map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(len - start)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&bytes);
    for line in text.lines().rev() {
        if !line.contains("\"turn_context\"") {
            continue;
        }
        let Ok(entry) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if entry["type"] == "turn_context" && entry["payload"].is_object() {
            return Ok(entry["payload"].clone());
        }
    }
    Err("no turn_context in its transcript".into())
}

/// Codex's permission entries: the most specific entry over `target`
/// decides (a `.git` read-only inside a writable project).
fn entries_allow(entries: &[Value], target: &Path) -> bool {
    let mut best: Option<(usize, bool)> = None;
    for entry in entries {
        let Some(path) = entry_path(&entry["path"]) else {
            continue;
        };
        let path = resolved(&path);
        if !target.starts_with(&path) {
            continue;
        }
        let depth = path.components().count();
        let write = entry["access"] == "write";
        if best.is_none_or(|(d, _)| depth >= d) {
            best = Some((depth, write));
        }
    }
    best.is_some_and(|(_, write)| write)
}

/// The directory an entry names.
fn entry_path(path: &Value) -> Option<PathBuf> {
    match path["type"].as_str()? {
        "path" => path["path"].as_str().map(PathBuf::from),
        "special" => match path.pointer("/value/kind")?.as_str()? {
            "root" => Some(PathBuf::from("/")),
            "slash_tmp" => Some(PathBuf::from("/tmp")),
            "tmpdir" => std::env::var_os("TMPDIR")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from),
            _ => None,
        },
        _ => None,
    }
}

/// Without a permission profile: `workspace-write`'s fields.
fn policy_allows(context: &Value, target: &Path) -> bool {
    let policy = &context["sandbox_policy"];
    if policy["type"] != "workspace-write" {
        return false;
    }
    let mut roots: Vec<PathBuf> = policy["writable_roots"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_str().map(PathBuf::from))
        .collect();
    if let Some(cwd) = context["cwd"].as_str() {
        roots.push(PathBuf::from(cwd));
    }
    if policy["exclude_slash_tmp"] != true {
        roots.push(PathBuf::from("/tmp"));
    }
    if policy["exclude_tmpdir_env_var"] != true
        && let Some(tmp) = std::env::var_os("TMPDIR").filter(|v| !v.is_empty())
    {
        roots.push(PathBuf::from(tmp));
    }
    roots.iter().any(|root| target.starts_with(resolved(root)))
}

/// `path` with links resolved as far as it exists (the rest appended), and
/// `.`/`..` taken out: what the sandbox compares.
fn resolved(path: &Path) -> PathBuf {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut out = real;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return out;
        }
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                existing = parent.to_path_buf();
            }
            _ => break,
        }
    }
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_most_specific_entry_decides() {
        let entries = json!([
            {"path": {"type": "special", "value": {"kind": "root"}}, "access": "read"},
            {"path": {"type": "path", "path": "/work/p"}, "access": "write"},
            {"path": {"type": "path", "path": "/work/p/.git"}, "access": "read"},
            {"path": {"type": "special", "value": {"kind": "slash_tmp"}}, "access": "write"},
        ]);
        let entries = entries.as_array().unwrap();
        let allows = |p: &str| entries_allow(entries, Path::new(p));
        assert!(allows("/work/p/x/sessions"));
        assert!(!allows("/work/p/.git/sessions"));
        assert!(!allows("/home/me/.cache/tool-output/sessions"));
        assert!(!allows("/work/pq"));
    }
}

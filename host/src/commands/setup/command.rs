//! Which command the host's files run to start tool-output: one that still
//! works after this process is gone. The binary running `setup` may sit in
//! a package runner's cache (`uvx`, `npx`), which is cleaned: a hook left
//! pointing there fails on every call (Gemini CLI then replaces every
//! shell output with the error). So: the `tool-output` on `PATH` when it is
//! this binary (its path as found there, which an upgrade keeps); else, from
//! a runner's cache, that runner pinned to this version
//! (`uvx tool-output@X.Y.Z`, `npx -y tool-output@X.Y.Z`); else this
//! binary's own path. `setup` says which and why.

use std::path::{Component, Path, PathBuf};

use anyhow::Result;

use super::hosts::Launch;

/// This binary's version: what a pinned runner command asks for.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The command, and a few words on why it is that one.
pub fn stable() -> Result<(Launch, String)> {
    let exe = std::env::current_exe()?;
    let real = exe.canonicalize()?;
    if let Some(found) = on_path("tool-output").filter(|found| is_us(found, &real)) {
        return Ok((
            Launch::program(found.to_string_lossy()),
            "tool-output on your PATH".into(),
        ));
    }
    match runner_cache(&real) {
        Some(Runner::Uv) => Ok((
            Launch {
                program: "uvx".into(),
                args: vec![format!("tool-output@{VERSION}")],
            },
            format!(
                "this binary runs from uv's cache ({}), which uv may clean",
                real.display()
            ),
        )),
        Some(Runner::Npm) => Ok((
            Launch {
                program: "npx".into(),
                args: vec!["-y".into(), format!("tool-output@{VERSION}")],
            },
            format!(
                "this binary runs from npx's cache ({}), which npm may clean",
                real.display()
            ),
        )),
        None => Ok((
            Launch::program(real.to_string_lossy()),
            "this binary (not on your PATH)".into(),
        )),
    }
}

/// The first `name` on `PATH` that is an executable file.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let names: Vec<String> = if cfg!(windows) {
        vec![
            format!("{name}.exe"),
            format!("{name}.cmd"),
            name.to_string(),
        ]
    } else {
        vec![name.to_string()]
    };
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Whether `found` on PATH starts this binary: it is this file, or npm's
/// launcher of the package this binary came with (the same `node_modules`).
fn is_us(found: &Path, real: &Path) -> bool {
    let Ok(found) = found.canonicalize() else {
        return false;
    };
    if found == real {
        return true;
    }
    let modules = |p: &Path| -> Option<PathBuf> {
        p.ancestors()
            .find(|a| a.file_name().is_some_and(|n| n == "node_modules"))
            .map(Path::to_path_buf)
    };
    matches!((modules(&found), modules(real)), (Some(a), Some(b)) if a == b)
        && runner_cache(real).is_none()
}

/// Package runners whose caches hold a binary for a while.
#[derive(Debug, PartialEq, Eq)]
enum Runner {
    /// uv (`uvx`), and pipx's `run` cache.
    Uv,
    /// npm (`npx`), pnpm's `dlx`, bun's `bunx`.
    Npm,
}

/// The runner whose cache `path` is in, if any.
fn runner_cache(path: &Path) -> Option<Runner> {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().to_lowercase()),
            _ => None,
        })
        .collect();
    let has = |f: &dyn Fn(&str) -> bool| parts.iter().any(|p| f(p));
    if has(&|p| p == "_npx") || has(&|p| p.starts_with("dlx-")) || has(&|p| p.starts_with("bunx-"))
    {
        return Some(Runner::Npm);
    }
    let in_uv = parts.windows(2).any(|w| {
        (w[0] == "uv" || w[0] == ".uv") && (w[1].starts_with("archive-v") || w[1] == "cache")
    });
    let in_pipx_cache = parts.windows(2).any(|w| w[0] == "pipx" && w[1] == ".cache");
    if in_uv || in_pipx_cache || has(&|p| p.starts_with("archive-v") && p.len() <= 12) {
        return Some(Runner::Uv);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_are_recognised() {
        for (path, runner) in [
            (
                "/home/me/.cache/uv/archive-v0/AbC/bin/tool-output",
                Some(Runner::Uv),
            ),
            (
                "/home/me/.npm/_npx/1f2e/node_modules/@tool-output/cli-linux-x64/bin/tool-output",
                Some(Runner::Npm),
            ),
            (
                "/Users/me/Library/Caches/uv/archive-v0/x/bin/tool-output",
                Some(Runner::Uv),
            ),
            ("/home/me/.cargo/bin/tool-output", None),
            (
                "/usr/local/lib/node_modules/@tool-output/cli-linux-x64/bin/tool-output",
                None,
            ),
            (
                "/home/me/.local/share/uv/tools/tool-output/bin/tool-output",
                None,
            ),
        ] {
            assert_eq!(runner_cache(Path::new(path)), runner, "{path}");
        }
    }
}

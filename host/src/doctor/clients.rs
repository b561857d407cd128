//! Which MCP clients lent their model: `mcp serve` and `mcp proxy`, when no
//! provider is configured, note per session whether the client that
//! connected offers sampling; `doctor` reads the notes back, so a user can
//! see whether a given host session answers with the client's model or
//! with lexical search. One small JSON file per session,
//! `<root>/doctor/clients/<hash of the session name>.json`, written
//! atomically into a private directory and read back as untrusted (see
//! [`super::cache`]): a file not ours, too large or of another shape is
//! passed over.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A note is a few hundred bytes; anything larger is not ours.
const MAX_BYTES: u64 = 4096;
/// Notes kept (the oldest go) and read back at most.
const MAX_NOTES: usize = 256;
/// A client's name and version are cut to this many characters.
const MAX_NAME_CHARS: usize = 80;

/// Where the notes of the sessions under one root go, and this session's name.
#[derive(Debug, Clone)]
pub struct ClientLog {
    /// `<root>/doctor/clients`.
    pub dir: PathBuf,
    /// The session the MCP server answers from.
    pub session: String,
}

/// What one session's client said at its `initialize`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientSeen {
    /// The session the MCP server answered from.
    pub session: String,
    /// The client's `clientInfo`: name and version, as it gave them.
    pub client: String,
    /// Whether it declared the `sampling` capability.
    pub sampling: bool,
    /// It spoke MCP 2026-07-28 or later, where sampling is deprecated and
    /// not asked for (older notes lack it: false).
    #[serde(default)]
    pub stateless: bool,
    /// When, in milliseconds since the Unix epoch.
    pub seen_at_ms: u64,
}

impl ClientLog {
    /// The log under `root` for `session`.
    pub fn under(root: &Path, session: &str) -> Self {
        Self {
            dir: root.join("doctor").join("clients"),
            session: session.to_string(),
        }
    }

    /// Notes that `client` connected to this session, offering sampling or
    /// not, in the stateless era (2026-07-28 on) or not. A note that cannot
    /// be written is only logged: serving goes on.
    pub fn note(&self, client: &str, sampling: bool, stateless: bool) {
        let seen = ClientSeen {
            session: self.session.clone(),
            client: client.chars().take(MAX_NAME_CHARS).collect(),
            sampling,
            stateless,
            seen_at_ms: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
        };
        let digest = Sha256::digest(self.session.as_bytes());
        let name: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        let file = self.dir.join(format!("{name}.json"));
        let written = serde_json::to_vec_pretty(&seen)
            .map_err(anyhow::Error::from)
            .and_then(|text| crate::private_files::write(&self.dir, &file, &text));
        if let Err(err) = written {
            tracing::warn!(
                "not noting the MCP client in {}: {err:#}",
                self.dir.display()
            );
        }
        self.prune();
    }

    /// Keeps the newest [`MAX_NOTES`] notes: every proxy with no named
    /// session notes a session of its own.
    fn prune(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let mut notes: Vec<(SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .collect();
        if notes.len() <= MAX_NOTES {
            return;
        }
        notes.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
        for (_, old) in &notes[MAX_NOTES..] {
            let _ = std::fs::remove_file(old);
        }
    }
}

/// The notes under `root`, newest first: those of `session` only when given.
pub fn seen(root: &Path, session: Option<&str>) -> Vec<ClientSeen> {
    let dir = root.join("doctor").join("clients");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut notes: Vec<ClientSeen> = entries
        .filter_map(Result::ok)
        .take(MAX_NOTES * 2)
        .filter_map(|entry| read_note(&entry.path()))
        .filter(|note| session.is_none_or(|s| note.session == s))
        .collect();
    notes.sort_by_key(|note| std::cmp::Reverse(note.seen_at_ms));
    notes.truncate(MAX_NOTES);
    notes
}

/// Notes shown in words at most (`--json` gives them all).
const SHOWN: usize = 8;

/// The notes in words, for `doctor`: one line per session, newest first.
pub fn describe(notes: &[ClientSeen]) -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let mut out = String::from(
        "MCP clients (with no model configured, tool_output asks the client's own model when it \
         offers sampling):\n",
    );
    for note in notes.iter().take(SHOWN) {
        let client = if note.client.is_empty() {
            "a client with no name"
        } else {
            &note.client
        };
        let answers = match (note.sampling, note.stateless) {
            (true, false) => "offers sampling: its model answers",
            (true, true) => {
                "offers sampling under MCP 2026-07-28, which deprecates it: lexical search answers"
            }
            (false, _) => "does not offer sampling: lexical search answers",
        };
        out.push_str(&tool_output_args::terminal_safe(&format!(
            "  session {}: {client} {answers} ({})",
            note.session,
            ago(now.saturating_sub(note.seen_at_ms))
        )));
        out.push('\n');
    }
    if notes.len() > SHOWN {
        out.push_str(&format!(
            "  … and {} older (--json lists them)\n",
            notes.len() - SHOWN
        ));
    }
    out
}

/// `3 min ago`, `5 h ago`, `2 days ago`.
fn ago(ms: u64) -> String {
    let minutes = ms / 60_000;
    match minutes {
        0 => "just now".into(),
        1..120 => format!("{minutes} min ago"),
        120..2880 => format!("{} h ago", minutes / 60),
        _ => format!("{} days ago", minutes / 1440),
    }
}

fn read_note(file: &Path) -> Option<ClientSeen> {
    // Ours, a regular file in a private directory, and small: only then read.
    if file.extension()? != "json"
        || !crate::private_files::is_trusted(file)
        || std::fs::metadata(file).ok()?.len() > MAX_BYTES
    {
        return None;
    }
    serde_json::from_slice(&std::fs::read(file).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory removed when the test ends, passed or not.
    struct Scratch(PathBuf);

    impl Scratch {
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn a_note_is_read_back_per_session_newest_first_and_hostile_files_are_passed_over() {
        let root = std::env::temp_dir().join(format!(
            "tool-output-clients-{}",
            uuid::Uuid::new_v4().simple()
        ));
        let root = Scratch(root);
        ClientLog::under(root.path(), "claude-1").note("claude-code 2.1.331", false, false);
        std::thread::sleep(std::time::Duration::from_millis(5));
        ClientLog::under(root.path(), "vscode").note("Visual Studio Code 1.107", true, false);
        let dir = root.path().join("doctor").join("clients");
        std::fs::write(dir.join("planted.json"), "{\"session\": 1}").unwrap();
        std::fs::write(dir.join("big.json"), vec![b' '; 8192]).unwrap();
        let all = seen(root.path(), None);
        let sessions: Vec<(&str, bool)> = all
            .iter()
            .map(|n| (n.session.as_str(), n.sampling))
            .collect();
        assert_eq!(sessions, [("vscode", true), ("claude-1", false)]);
        let one = seen(root.path(), Some("claude-1"));
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].client, "claude-code 2.1.331");
        // The same session noted again: one note, the latest.
        ClientLog::under(root.path(), "claude-1").note("claude-code 2.1.332", true, false);
        let one = seen(root.path(), Some("claude-1"));
        assert_eq!((one.len(), one[0].sampling), (1, true));
        assert!(seen(root.path(), Some("nobody")).is_empty());
        let words = describe(&seen(root.path(), None));
        assert!(
            words.contains("  session claude-1: claude-code 2.1.332 offers sampling: its model answers (just now)\n"),
            "{words}"
        );
        assert!(
            words.contains("  session vscode: Visual Studio Code 1.107 offers sampling"),
            "{words}"
        );
    }
}

//! Outputs a host cut before the model saw them, read whole from the file
//! the host saved them to: Claude Code's `<persisted-output>` (its Bash
//! past 30 000 characters, MCP results past its caps), Gemini CLI's
//! truncated and masked outputs, opencode's cut outputs. The gateway then
//! stores the whole output, not the host's preview.
//!
//! The text is from the request, so the path is hostile: it is read only
//! when the text has the host's exact marker, the path is inside the
//! directory that host saves outputs to (links resolved), and the file is
//! regular (never a FIFO or a device, opened without blocking) and at most
//! 1 GiB. Anything else leaves the result as it was received.
//!
//! A host may send its cut before its file is all written (once, on a
//! fresh machine under load, the gateway stored exactly the first 256 KiB
//! of opencode's 2 MB file: most likely read mid-write): a file is read
//! once it has been left alone for [`SETTLE`], waiting [`SETTLE_MAX`] at
//! most.

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use super::Chunked;

/// Texts longer than this are no host's cut (Gemini CLI's, the largest,
/// keeps 40 000 characters).
pub const MAX_MARKED: usize = 256 << 10;

/// A host's way of saying where the whole output is.
struct Marker {
    host: &'static str,
    /// The text must start with this ("" for anywhere).
    starts: &'static str,
    /// What precedes the path, which runs to the end of its line.
    before_path: &'static [&'static str],
    /// Where under the host's directory its saved outputs are.
    under: fn(&Dirs) -> Option<PathBuf>,
    /// A part the path must have (the host's outputs folder).
    within: &'static str,
}

const MARKERS: &[Marker] = &[
    Marker {
        host: "Claude Code",
        starts: "<persisted-output>",
        before_path: &["Full output saved to: ", " were saved to: "],
        under: |d| d.claude.as_ref().map(|c| c.join("projects")),
        within: "/tool-results/",
    },
    Marker {
        host: "Gemini CLI",
        starts: "",
        before_path: &["For full output see: ", "Full output available at: "],
        under: |d| d.home.as_ref().map(|h| h.join(".gemini").join("tmp")),
        within: "/tool-outputs/",
    },
    Marker {
        host: "opencode",
        starts: "",
        before_path: &["Full output saved to: "],
        under: |d| {
            d.data
                .as_ref()
                .map(|h| h.join("opencode").join("tool-output"))
        },
        within: "/tool-output/",
    },
];

/// The directories hosts save outputs under, from the gateway's
/// environment (it runs as the user the hosts run as).
#[derive(Debug, Clone, Default)]
pub struct Dirs {
    pub home: Option<PathBuf>,
    /// `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
    pub claude: Option<PathBuf>,
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    pub data: Option<PathBuf>,
}

impl Dirs {
    pub fn from_env() -> Self {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let home = var("HOME").or_else(|| var("USERPROFILE"));
        Self {
            claude: var("CLAUDE_CONFIG_DIR").or_else(|| home.as_ref().map(|h| h.join(".claude"))),
            data: var("XDG_DATA_HOME").or_else(|| home.as_ref().map(|h| h.join(".local/share"))),
            home,
        }
    }

    /// The file a host says holds the whole of `text`, if `text` is one of
    /// their cuts: (host, path).
    pub fn saved_file(&self, text: &str) -> Option<(&'static str, PathBuf, PathBuf)> {
        for marker in MARKERS {
            if !text.starts_with(marker.starts) {
                continue;
            }
            let Some(path) = marker
                .before_path
                .iter()
                .find_map(|before| path_after(text, before))
            else {
                continue;
            };
            if !path.contains(marker.within) {
                continue;
            }
            if let Some(root) = (marker.under)(self) {
                return Some((marker.host, PathBuf::from(path), root));
            }
        }
        None
    }
}

/// Whether a result's raw JSON literal (its bytes as the client sent them,
/// in pieces) may be a host's cut: it holds the words before one of the
/// hosts' paths. Those words need no JSON escape, so they are in the raw
/// bytes as written; checking them there spares decoding every result of
/// every turn (a client escaping plain letters as `\u0046` only costs the
/// file: what it sent is stored). A word split across two pieces is found.
pub fn may_name_a_file(raw: &Chunked) -> bool {
    let words = || MARKERS.iter().flat_map(|m| m.before_path.iter());
    let longest = words().map(|w| w.len()).max().unwrap_or(0);
    let found = |bytes: &[u8]| words().any(|w| memchr::memmem::find(bytes, w.as_bytes()).is_some());
    let mut tail: Vec<u8> = Vec::new();
    for chunk in raw.chunks() {
        if !tail.is_empty() {
            tail.extend_from_slice(&chunk[..chunk.len().min(longest)]);
            if found(&tail) {
                return true;
            }
        }
        if found(chunk) {
            return true;
        }
        tail.clear();
        tail.extend_from_slice(&chunk[chunk.len().saturating_sub(longest)..]);
    }
    false
}

/// The rest of the line after `before`, trimmed.
fn path_after<'a>(text: &'a str, before: &str) -> Option<&'a str> {
    let at = text.find(before)? + before.len();
    let line = text[at..].lines().next()?.trim();
    (!line.is_empty()).then_some(line)
}

pub use crate::saved_file::{MAX_FILE, open_checked};

/// A saved file last written this long ago is whole…
pub const SETTLE: Duration = Duration::from_millis(200);
/// …and one still written to is read after this long anyway.
pub const SETTLE_MAX: Duration = Duration::from_secs(3);

/// Waits until `file` (opened by [`open_checked`], `len` bytes then) was
/// last modified [`SETTLE`] ago (at once for a file written before), at
/// most [`SETTLE_MAX`]; returns its length then. A file that cannot be
/// looked at keeps the length it was opened with.
pub async fn settled(file: &std::fs::File, len: u64) -> u64 {
    let start = Instant::now();
    loop {
        let Ok(meta) = file.metadata() else {
            return len;
        };
        let Ok(modified) = meta.modified() else {
            return meta.len();
        };
        // A time ahead of the clock counts as now.
        let age = SystemTime::now()
            .duration_since(modified)
            .unwrap_or_default();
        let left = SETTLE_MAX.saturating_sub(start.elapsed());
        if age >= SETTLE || left.is_zero() {
            return meta.len();
        }
        tokio::time::sleep((SETTLE - age).min(left)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn each_hosts_marker_names_its_file_and_only_there() {
        let dirs = Dirs {
            home: Some("/home/u".into()),
            claude: Some("/home/u/.claude".into()),
            data: Some("/home/u/.local/share".into()),
        };
        let claude = "<persisted-output>\nOutput too large (1.9MB). Full output saved to: /home/u/.claude/projects/p/s/tool-results/toolu_1.txt\n\nPreview (first 2KB):\nx\n</persisted-output>";
        let (host, path, root) = dirs.saved_file(claude).unwrap();
        assert_eq!(host, "Claude Code");
        assert_eq!(
            path,
            Path::new("/home/u/.claude/projects/p/s/tool-results/toolu_1.txt")
        );
        assert_eq!(root, Path::new("/home/u/.claude/projects"));
        // The same words not at the start of Claude Code's wrapper: no.
        assert!(dirs.saved_file(&format!("cat log\n{claude}")).is_none());
        let gemini = "Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /home/u/.gemini/tmp/abc/tool-outputs/session-1/run_shell_command_1.txt\nhead";
        assert_eq!(dirs.saved_file(gemini).unwrap().0, "Gemini CLI");
        let opencode = "...output truncated...\n\nFull output saved to: /home/u/.local/share/opencode/tool-output/tool_01J\n\ntail";
        assert_eq!(dirs.saved_file(opencode).unwrap().0, "opencode");
        // A path outside the host's outputs folder is not taken.
        assert!(
            dirs.saved_file("Full output saved to: /etc/passwd")
                .is_none()
        );
        assert!(dirs.saved_file("plain output").is_none());
    }

    #[test]
    fn a_cut_is_told_from_its_raw_bytes_however_they_are_pieced() {
        let raw = br#""...truncated...\n\nFull output saved to: /home/u/.local/share/opencode/tool-output/t1\n""#;
        for cut in 1..raw.len() {
            let mut pieces = Chunked::new();
            pieces.push(bytes::Bytes::copy_from_slice(&raw[..cut]));
            pieces.push(bytes::Bytes::copy_from_slice(&raw[cut..]));
            assert!(may_name_a_file(&pieces), "cut at {cut}");
        }
        let plain = Chunked::from_bytes(bytes::Bytes::from_static(
            br#""line 1: INFO request handled in 3 ms\nFull output: none""#,
        ));
        assert!(!may_name_a_file(&plain));
    }

    /// A file still being written is read whole: the wait lasts until its
    /// writer has left it alone (writes 20 ms apart, well within
    /// [`SETTLE`]); one that claims to be written in the future is read
    /// after [`SETTLE_MAX`], not never.
    #[tokio::test]
    async fn a_file_still_written_is_waited_for_within_a_bound() {
        let dir = std::env::temp_dir().join(format!("gw-settle-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        std::fs::write(&path, vec![b'x'; 1 << 18]).unwrap();
        let writer = {
            let path = path.clone();
            std::thread::spawn(move || {
                use std::io::Write;
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .unwrap();
                for _ in 0..7 {
                    std::thread::sleep(Duration::from_millis(20));
                    f.write_all(&[b'y'; 1 << 18]).unwrap();
                }
            })
        };
        let (file, len) = open_checked(&path, &dir).unwrap();
        assert_eq!(settled(&file, len).await, 8 << 18);
        writer.join().unwrap();
        let ahead = SystemTime::now() + Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(ahead)
            .unwrap();
        let start = Instant::now();
        assert_eq!(settled(&file, 0).await, 8 << 18);
        assert!(start.elapsed() >= SETTLE_MAX);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_inside_the_hosts_directory_are_opened() {
        let dir = std::env::temp_dir().join(format!("gw-saved-{}", uuid::Uuid::new_v4().simple()));
        let inside = dir.join("projects/p/tool-results");
        std::fs::create_dir_all(&inside).unwrap();
        std::fs::write(inside.join("ok.txt"), "whole output").unwrap();
        std::fs::write(dir.join("secret.txt"), "not the host's").unwrap();
        std::os::unix::fs::symlink(dir.join("secret.txt"), inside.join("link.txt")).unwrap();
        let allowed = dir.join("projects");
        let (_, len) = open_checked(&inside.join("ok.txt"), &allowed).unwrap();
        assert_eq!(len, 12);
        assert!(open_checked(&inside.join("link.txt"), &allowed).is_err());
        assert!(open_checked(&inside.join("../../../secret.txt"), &allowed).is_err());
        assert!(open_checked(&inside.join("missing.txt"), &allowed).is_err());
        assert!(open_checked(&inside, &allowed).is_err(), "a directory");
        assert!(open_checked(Path::new("relative.txt"), &allowed).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

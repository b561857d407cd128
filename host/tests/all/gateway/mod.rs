//! `tool-output gateway` as users run it (the real binary), between a
//! client (reqwest here, the official SDKs and real hosts elsewhere) and a
//! scripted upstream that records every request byte for byte.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use crate::common;

mod faults;
mod gemini;
mod mixed;
mod passthrough;
mod rewrite;
mod sdk;
mod upstream;

pub use upstream::{Answer, Seen, Upstream};

/// A running gateway; killed when dropped.
pub struct Gateway {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    pub root: PathBuf,
}

impl Gateway {
    /// `tool-output --root R gateway --listen 127.0.0.1:0 --upstream URL ARGS…`.
    pub fn start(upstream: &str, args: &[&str]) -> Gateway {
        let root = common::root("gateway");
        Self::start_in(&root, upstream, args)
    }

    pub fn start_in(root: &Path, upstream: &str, args: &[&str]) -> Gateway {
        let mut all = vec!["gateway", "--listen", "127.0.0.1:0", "--upstream", upstream];
        all.extend(args);
        let log = std::fs::File::create(root.join("gateway.log")).unwrap();
        let mut child = common::tool_output(root, &all)
            .env("TOOL_OUTPUT_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "the gateway did not start: {line:?}\n{}",
                    std::fs::read_to_string(root.join("gateway.log")).unwrap_or_default()
                )
            })
            .to_string();
        Gateway {
            child,
            url,
            root: root.to_path_buf(),
        }
    }

    /// What the gateway wrote on stderr so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.root.join("gateway.log")).unwrap_or_default()
    }

    /// `tool-output --root R --session gateway ARGS…`: its stdout.
    pub fn cli(&self, args: &[&str]) -> String {
        let mut all = vec!["--session", "gateway"];
        all.extend(args);
        common::stdout(&common::run(&self.root, &all, b""))
    }

    /// The handles stored in the gateway's session.
    pub fn handles(&self) -> Vec<String> {
        let list: serde_json::Value =
            serde_json::from_str(&self.cli(&["--json", "list"])).unwrap_or_default();
        list.as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| h["handle"].as_str().map(str::to_string))
            .collect()
    }

    /// The gateway's log has no panic and nothing of `secrets`.
    pub fn check_log(&self, secrets: &[&str]) {
        let log = self.log();
        assert!(!log.contains("panicked"), "{log}");
        for secret in secrets {
            assert!(!log.contains(secret), "the log shows a credential: {log}");
        }
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that keeps no connection between tests.
pub fn client() -> reqwest::Client {
    // reqwest is built without a TLS provider: the process picks one.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().no_proxy().build().unwrap()
}

/// A tool output of about `bytes` bytes: numbered log lines with `needle`
/// in the middle.
pub fn big_output(bytes: usize, needle: &str) -> String {
    let mut out = String::with_capacity(bytes + 100);
    let mut i = 0;
    while out.len() < bytes {
        if i == 5000 {
            out.push_str(needle);
            out.push('\n');
        }
        out.push_str(&format!(
            "line {i}: INFO request handled in {} ms\n",
            i % 97
        ));
        i += 1;
    }
    out
}

/// The byte range of the array that is member `key` of a JSON body.
pub fn history_bytes<'a>(body: &'a [u8], key: &str) -> &'a [u8] {
    let needle = format!("\"{key}\":");
    let start = body
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .map(|p| p + needle.len())
        .unwrap_or(0);
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, b) in body[start..].iter().enumerate() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (false, _, b'"') => in_string = true,
            (false, _, b'[' | b'{') => depth += 1,
            (false, _, b']' | b'}') => {
                depth -= 1;
                if depth == 0 {
                    return &body[start..start + i + 1];
                }
            }
            _ => {}
        }
    }
    &body[start..]
}

//! A host's run to its end (a hang check, not a timing), and what to show
//! when an assertion about it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{Model, Scratch};

/// How long a host run may take before it counts as hung (runs take 1–10 s).
const HANG: Duration = Duration::from_secs(240);

/// A finished host run, with what to show when an assertion fails.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub requests: Vec<Value>,
    pub log: PathBuf,
    pub took: Duration,
}

impl Run {
    /// Run `cmd` (stdin closed, output to files) to its end within [`HANG`].
    pub fn of(mut cmd: Command, model: &Model, scratch: &Scratch, what: &str) -> Run {
        let stdout_path = scratch.dir.join("host.stdout");
        let stderr_path = scratch.dir.join("host.stderr");
        let start = Instant::now();
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout_path).unwrap())
            .stderr(std::fs::File::create(&stderr_path).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > HANG {
                let _ = child.kill();
                let _ = child.wait();
                let run = Run::read(&stdout_path, &stderr_path, model, start.elapsed());
                panic!("{what}: still running after {HANG:?}\n{}", run.context());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let run = Run::read(&stdout_path, &stderr_path, model, start.elapsed());
        let net = if model.isolated {
            "in a loopback-only network namespace"
        } else {
            "on the machine's network"
        };
        eprintln!("{what}: {:.1} s, {net}", run.took.as_secs_f64());
        assert!(status.success(), "{what}: exit {status}\n{}", run.context());
        run
    }

    fn read(stdout: &Path, stderr: &Path, model: &Model, took: Duration) -> Run {
        Run {
            stdout: std::fs::read_to_string(stdout).unwrap_or_default(),
            stderr: std::fs::read_to_string(stderr).unwrap_or_default(),
            requests: model.requests(),
            log: model.log.clone(),
            took,
        }
    }

    pub fn turns(&self) -> Vec<&Value> {
        self.requests
            .iter()
            .filter(|r| r["kind"] == "turn")
            .collect()
    }

    /// The host's output and the model's requests, shortened, for a failure.
    pub fn context(&self) -> String {
        let mut out = format!(
            "--- host stdout (last 3000 bytes)\n{}\n--- host stderr (last 3000 bytes)\n{}\n\
             --- the model's requests (full log: {})\n",
            tail(&self.stdout, 3000),
            tail(&self.stderr, 3000),
            self.log.display()
        );
        for r in &self.requests {
            let result = r["tool_result"].as_str().map(|t| head(t, 1500));
            out.push_str(&format!(
                "#{} {} {} turn {} tools {}\n  tool result: {:?}\n  reply: {}\n",
                r["n"],
                r["kind"],
                r["path"].as_str().unwrap_or_default(),
                r["turn"],
                r["tools"],
                result,
                r["reply"]
            ));
        }
        out
    }

    /// The three conversation turns, each with the tool result the model
    /// got and the reply it made, checked against the script.
    pub fn three_turns(&self) -> [&Value; 3] {
        let turns = self.turns();
        assert_eq!(turns.len(), 3, "three turns\n{}", self.context());
        for (i, turn) in turns.iter().enumerate() {
            assert_eq!(turn["turn"], i, "turn {i}\n{}", self.context());
        }
        [turns[0], turns[1], turns[2]]
    }

    /// Assert, with the run's context on failure.
    #[track_caller]
    pub fn check(&self, ok: bool, what: &str) {
        assert!(ok, "{what}\n{}", self.context());
    }
}

fn tail(s: &str, n: usize) -> &str {
    let mut start = s.len().saturating_sub(n);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

fn head(s: &str, n: usize) -> &str {
    let mut end = n.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

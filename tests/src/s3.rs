//! A real S3-compatible server on loopback for the object-store tests and
//! benchmarks: moto's server (`tests/s3/server.py`, installed by
//! `tests/s3/setup.sh`), with signatures checked; and stand-ins for a store
//! that answers 503 to everything or never answers at all.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The venv's Python, or None (skip) when `tests/s3/setup.sh` has not run;
/// with `TOOL_OUTPUT_REQUIRE_S3=1` (CI) a missing server is a failure.
pub fn python() -> Option<PathBuf> {
    let python = workspace().join("target/s3-venv/bin/python");
    if python.is_file() {
        return Some(python);
    }
    crate::suite::missing("s3", "the S3 test server");
    None
}

/// A running server; stopped when dropped.
pub struct S3Server {
    child: Child,
    commands: ChildStdin,
    answers: BufReader<ChildStdout>,
    pub endpoint: String,
    pub access_key: String,
    pub secret_key: String,
    pub bucket: String,
}

impl S3Server {
    /// Starts one (a few seconds: moto's import), or None to skip.
    pub fn start() -> Option<Self> {
        let python = python()?;
        let mut child = Command::new(python)
            .arg(workspace().join("tests/s3/server.py"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting tests/s3/server.py");
        let commands = child.stdin.take().unwrap();
        let mut answers = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        answers.read_line(&mut line).unwrap();
        let info: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("tests/s3/server.py said {line:?}: {e}"));
        let field = |k: &str| info[k].as_str().unwrap().to_string();
        Some(Self {
            endpoint: field("endpoint"),
            access_key: field("access_key"),
            secret_key: field("secret_key"),
            bucket: field("bucket"),
            child,
            commands,
            answers,
        })
    }

    /// The environment a client of this server needs (the AWS SDKs' names).
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("AWS_ACCESS_KEY_ID", self.access_key.clone()),
            ("AWS_SECRET_ACCESS_KEY", self.secret_key.clone()),
            ("AWS_REGION", "us-east-1".into()),
            ("AWS_ENDPOINT_URL", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".into()),
        ]
    }

    /// `s3://<bucket>/<prefix>`.
    pub fn url(&self, prefix: &str) -> String {
        format!("s3://{}/{prefix}", self.bucket)
    }

    /// The keys under `prefix` in the bucket, as the server lists them.
    pub fn keys(&mut self, prefix: &str) -> Vec<String> {
        let answer = self.ask(&format!("keys {prefix}"));
        let mut words = answer.split_whitespace().map(str::to_string);
        assert_eq!(
            words.next().as_deref(),
            Some("ok"),
            "tests/s3/server.py: {answer}"
        );
        words.collect()
    }

    fn command(&mut self, line: &str) {
        let answer = self.ask(line);
        assert_eq!(answer.trim(), "ok", "tests/s3/server.py: {line}");
    }

    fn ask(&mut self, line: &str) -> String {
        writeln!(self.commands, "{line}").unwrap();
        let mut answer = String::new();
        self.answers.read_line(&mut answer).unwrap();
        answer
    }

    /// Deletes an object behind every client's back.
    pub fn delete(&mut self, key: &str) {
        self.command(&format!("delete {key}"));
    }

    /// Writes an object of `len` bytes `x` behind every client's back.
    pub fn put(&mut self, key: &str, len: usize) {
        self.command(&format!("put {key} {len}"));
    }

    /// Stops serving (connections are refused) …
    pub fn stop(&mut self) {
        self.command("stop");
    }

    /// … and serves again, same port, same objects.
    pub fn resume(&mut self) {
        self.command("start");
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a [`FaultyStore`] treats each request.
#[derive(Clone, Copy)]
pub enum Fault {
    /// `503 Service Unavailable`, whatever was asked.
    Unavailable,
    /// Reads the request and never answers.
    Stalled,
}

/// An endpoint on loopback that fails every request one way; stops when
/// dropped.
pub struct FaultyStore {
    pub endpoint: String,
    stop: Arc<AtomicBool>,
}

impl FaultyStore {
    pub fn start(fault: Fault) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        listener.set_nonblocking(true).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            while !stopped.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((conn, _)) => {
                        if let Some(conn) = serve(conn, fault) {
                            held.push(conn);
                        }
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Self { endpoint, stop }
    }
}

/// Answers one connection; a stalled one is returned to be held open.
fn serve(mut conn: TcpStream, fault: Fault) -> Option<TcpStream> {
    conn.set_nonblocking(false).ok()?;
    conn.set_read_timeout(Some(Duration::from_millis(500)))
        .ok()?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && conn.read(&mut byte).ok()? == 1 {
        head.push(byte[0]);
    }
    match fault {
        Fault::Stalled => Some(conn),
        Fault::Unavailable => {
            let body = "<Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>";
            let _ = write!(
                conn,
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/xml\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = conn.shutdown(Shutdown::Both);
            None
        }
    }
}

impl Drop for FaultyStore {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

//! The server the proxy stands in for: a child process speaking MCP on
//! stdio (started in its own process group, stopped with it), or a
//! streamable-HTTP endpoint through rmcp's client transport. Either way
//! the proxy sees messages in and out; what ends the downstream ends up as
//! one [`FromDownstream::Gone`] with the reason.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use bytes::Bytes;
use futures::StreamExt;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

mod http;
use tokio_util::codec::FramedRead;

use super::framing::{Frame, LineCodec, write_lines};

/// Lines of the child's stderr quoted when it dies.
const STDERR_TAIL: usize = 5;

pub enum FromDownstream {
    /// A JSON message, with its bytes as received when there are any.
    Message(Option<Bytes>, Value),
    /// It broke the protocol or went away; nothing more will come.
    Gone(String),
}

pub use super::framing::Outgoing;

pub struct Downstream {
    pub tx: mpsc::UnboundedSender<Outgoing>,
    pub rx: mpsc::Receiver<FromDownstream>,
    child: Option<ChildGroup>,
}

impl Downstream {
    /// Start `command` with its stdin and stdout as the MCP connection;
    /// its stderr goes to ours.
    pub fn spawn(command: &[String], max_message_bytes: usize) -> Result<Self> {
        let (program, args) = command
            .split_first()
            .context("no downstream command after --")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            // Its own group: npx and friends start grandchildren, and a
            // terminal's ^C is ours to pass on.
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting the downstream server {program:?}"))?;
        let group = ChildGroup {
            pid: child.id().context("the downstream exited at once")? as i32,
        };
        let (stdin, stdout, stderr) = (
            child.stdin.take().context("downstream stdin")?,
            child.stdout.take().context("downstream stdout")?,
            child.stderr.take().context("downstream stderr")?,
        );
        let (out_tx, out_rx) = mpsc::unbounded_channel();
        let (in_tx, in_rx) = mpsc::channel(64);
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        tokio::spawn(write_lines(stdin, out_rx));
        let stderr = tokio::spawn(copy_stderr(stderr, tail.clone()));
        let stderr = Stderr { task: stderr, tail };
        tokio::spawn(read_messages(
            child,
            stdout,
            in_tx,
            stderr,
            max_message_bytes,
        ));
        Ok(Self {
            tx: out_tx,
            rx: in_rx,
            child: Some(group),
        })
    }

    /// Speak streamable HTTP to `url` (rmcp's client transport).
    pub fn connect(url: &str) -> Result<Self> {
        crate::tls::use_ring();
        let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.to_string());
        let (out_tx, out_rx) = mpsc::unbounded_channel();
        let (in_tx, in_rx) = mpsc::channel(64);
        tokio::spawn(http::relay(transport, out_rx, in_tx));
        Ok(Self {
            tx: out_tx,
            rx: in_rx,
            child: None,
        })
    }

    /// End it: close its stdin and give it a moment, then signal its group.
    pub async fn shutdown(mut self) {
        drop(self.tx);
        let Some(group) = self.child.take() else {
            return;
        };
        let gone = async {
            while let Some(message) = self.rx.recv().await {
                if matches!(message, FromDownstream::Gone(_)) {
                    break;
                }
            }
        };
        if tokio::time::timeout(Duration::from_secs(2), gone)
            .await
            .is_err()
        {
            group.signal(libc::SIGTERM);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        drop(group);
    }
}

/// The downstream's process group; killed when dropped (a signal to the
/// proxy, a panic) so no grandchild outlives it.
struct ChildGroup {
    pid: i32,
}

impl ChildGroup {
    fn signal(&self, signal: i32) {
        // SAFETY: kill(2) with a negative pid signals the process group we
        // created; it has no memory effects.
        unsafe {
            libc::kill(-self.pid, signal);
        }
    }
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        self.signal(libc::SIGKILL);
    }
}

async fn copy_stderr(stderr: tokio::process::ChildStderr, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut lines = tokio::io::BufReader::new(stderr).lines();
    let mut ours = tokio::io::stderr();
    while let Ok(Some(line)) = lines.next_line().await {
        let _ = ours.write_all(format!("{line}\n").as_bytes()).await;
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.len() == STDERR_TAIL {
            tail.pop_front();
        }
        tail.push_back(line.chars().take(300).collect());
    }
}

/// The task copying the child's stderr, and the last lines it saw.
struct Stderr {
    task: tokio::task::JoinHandle<()>,
    tail: Arc<Mutex<VecDeque<String>>>,
}

async fn read_messages(
    mut child: Child,
    stdout: tokio::process::ChildStdout,
    tx: mpsc::Sender<FromDownstream>,
    stderr: Stderr,
    max_message_bytes: usize,
) {
    let mut frames = FramedRead::with_capacity(stdout, LineCodec::new(max_message_bytes), 64 << 10);
    let broken = loop {
        match frames.next().await {
            Some(Ok(Frame::Line(line))) => match super::decode::parse(&line) {
                Ok(value) if value.is_object() => {
                    if tx
                        .send(FromDownstream::Message(Some(line), value))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                Ok(_) | Err(_) => {
                    break Some(format!(
                        "sent a line that is not a JSON-RPC message: {}",
                        quote(&line)
                    ));
                }
            },
            Some(Ok(Frame::TooLong(n))) => {
                break Some(format!(
                    "sent a message of over {n} bytes (the limit is {max_message_bytes}; see --max-message-bytes)"
                ));
            }
            Some(Err(e)) => break Some(format!("could not be read: {e}")),
            None => break None,
        }
    };
    let reason = match broken {
        Some(reason) => {
            let _ = child.start_kill();
            format!("the downstream server {reason}; it was stopped")
        }
        None => {
            let status = tokio::time::timeout(Duration::from_secs(1), child.wait()).await;
            let status = match status {
                Ok(Ok(status)) => describe_exit(status),
                _ => "closed its output".to_string(),
            };
            // Its last words may still be in the pipe.
            let _ = tokio::time::timeout(Duration::from_secs(1), stderr.task).await;
            let tail = stderr.tail.lock().unwrap_or_else(|e| e.into_inner());
            let last = tail.iter().cloned().collect::<Vec<_>>().join(" | ");
            if last.is_empty() {
                format!("the downstream server {status}")
            } else {
                format!("the downstream server {status} (its last stderr: {last})")
            }
        }
    };
    let _ = tx.send(FromDownstream::Gone(reason)).await;
}

fn describe_exit(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        _ => "exited".to_string(),
    }
}

/// The start of a bad line, printable.
fn quote(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(&line[..line.len().min(120)]);
    let text: String = text.chars().filter(|c| !c.is_control()).collect();
    if line.len() > 120 {
        format!("{text:?}…")
    } else {
        format!("{text:?}")
    }
}

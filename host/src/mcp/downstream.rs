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
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

mod http;

use super::jsonrpc::chunked::Chunked;
use super::jsonrpc::decode::{self, Decoded};
use super::jsonrpc::framing::{Frame, LineReader};
use super::jsonrpc::lenient::{self, Parsed};
use super::jsonrpc::queue::{self, write_lines};
use crate::platform;

/// Lines of the child's stderr quoted when it dies.
const STDERR_TAIL: usize = 5;
/// A stderr line is relayed in pieces of at most this many bytes: one with
/// no end never grows the proxy's memory.
const STDERR_PIECE: u64 = 8 << 10;
/// Parsed messages waiting for the proxy's loop: few, as each may be large.
const WAITING_MESSAGES: usize = 2;

pub enum FromDownstream {
    /// A JSON message, with its bytes as received when there are any (its
    /// big strings still in them: `decode`).
    Message(Option<Chunked>, Decoded),
    /// A message serde_json cannot decode whole (see `lenient`), relayed
    /// as received: its id.
    Opaque { raw: Bytes, id: Option<Value> },
    /// A message over the size limit, dropped: its id, if its first bytes
    /// showed it, and its size.
    Dropped { id: Option<Value>, len: usize },
    /// It went away; nothing more will come.
    Gone(String),
}

pub struct Downstream {
    /// Lines to the server (bounded: a server that does not read slows
    /// the client).
    pub tx: queue::Sender,
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
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true);
        // Its own group: npx and friends start grandchildren, and a
        // terminal's ^C is ours to pass on.
        let mut child = platform::own_process_group(&mut command)
            .spawn()
            .with_context(|| format!("starting the downstream server {program:?}"))?;
        let group = ChildGroup {
            pid: child.id().context("the downstream exited at once")?,
        };
        let (stdin, stdout, stderr) = (
            child.stdin.take().context("downstream stdin")?,
            child.stdout.take().context("downstream stdout")?,
            child.stderr.take().context("downstream stderr")?,
        );
        let (out_tx, out_rx) = queue::queue();
        let (in_tx, in_rx) = mpsc::channel(WAITING_MESSAGES);
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
        let (out_tx, out_rx) = queue::queue();
        let (in_tx, in_rx) = mpsc::channel(WAITING_MESSAGES);
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
            platform::terminate_group(group.pid);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        drop(group);
    }
}

/// The downstream's process group; killed when dropped (a signal to the
/// proxy, a panic) so no grandchild outlives it.
struct ChildGroup {
    pid: u32,
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        platform::kill_group(self.pid);
    }
}

/// Relays the child's stderr to ours, a line at a time (pieces of a line
/// with no end), whatever its bytes: invalid UTF-8 is shown replaced and
/// control characters escaped. Reading never stops before the child's end
/// (a server whose stderr is not read dies on its next write), even when
/// our own stderr is closed.
async fn copy_stderr(stderr: tokio::process::ChildStderr, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut reader = tokio::io::BufReader::new(stderr);
    let mut ours = tokio::io::stderr();
    let mut piece = Vec::new();
    loop {
        piece.clear();
        match (&mut reader)
            .take(STDERR_PIECE)
            .read_until(b'\n', &mut piece)
            .await
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&piece);
        let text = text.trim_end_matches(['\n', '\r']);
        let shown = tool_output_args::terminal_safe(text);
        let _ = ours.write_all(format!("{shown}\n").as_bytes()).await;
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.len() == STDERR_TAIL {
            tail.pop_front();
        }
        tail.push_back(shown.chars().take(300).collect());
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
    let mut frames = LineReader::new(stdout, max_message_bytes);
    let broken = loop {
        let message = match frames.next().await {
            Ok(Some(Frame::Line(line))) => line,
            Ok(Some(Frame::TooLong { len, head })) => {
                let id = lenient::id_in_head(&head);
                if tx.send(FromDownstream::Dropped { id, len }).await.is_err() {
                    return;
                }
                continue;
            }
            Err(e) => break Some(format!("could not be read: {e}")),
            Ok(None) => break None,
        };
        for message in messages(message) {
            if tx.send(message).await.is_err() {
                return;
            }
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
                Ok(Ok(status)) => platform::describe_exit(status),
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

/// The messages of one line: one, a batch's members, or none (a line that
/// is not JSON-RPC, such as a banner, is logged and passed over: one bad
/// line never stops the server).
fn messages(line: Chunked) -> Vec<FromDownstream> {
    // The common case, whatever the size: one object, its big strings left
    // in the line (`decode`). The rest is read as a contiguous line.
    if let Ok(decoded) = decode::parse(&line)
        && decoded.value.is_object()
    {
        return vec![FromDownstream::Message(Some(line), decoded)];
    }
    let line = line.to_bytes();
    match lenient::parse(&line) {
        Parsed::Message(value) => {
            vec![FromDownstream::Message(
                Some(line.into()),
                Decoded::whole(value),
            )]
        }
        Parsed::Opaque { id, .. } => vec![FromDownstream::Opaque { raw: line, id }],
        Parsed::Batch(members) => members
            .into_iter()
            .flat_map(|member| match lenient::parse(&member) {
                Parsed::Batch(_) | Parsed::NotJson(_) => {
                    ignored(&member, "a batch member that is not a message");
                    Vec::new()
                }
                _ => messages(member.into()),
            })
            .collect(),
        Parsed::NotJson(why) => {
            ignored(&line, &why);
            Vec::new()
        }
    }
}

fn ignored(line: &[u8], why: &str) {
    tracing::error!(
        "the downstream server wrote a line that is not a JSON-RPC message ({why}), passed over: {}",
        quote(line)
    );
}

/// The start of a bad line, printable.
fn quote(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(&line[..line.len().min(120)]);
    if line.len() > 120 {
        format!("{text:?}…")
    } else {
        format!("{text:?}")
    }
}

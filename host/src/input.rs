//! The bytes `store` reads (stdin or a file), read on a thread of their own
//! so that a stalled producer never blocks the async task: a signal stops
//! the command at once even while stdin, a FIFO or a device is silent.
//!
//! A plain thread, not tokio's blocking pool, whose threads the runtime
//! waits for at exit; this one is abandoned in its blocked `read` (or
//! `open`: a FIFO without a writer) when the process ends. [`Input`] hands
//! the pieces to async code, [`InputReader`] to synchronous code (`import`).

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use anyhow::{Context, Result};
use tokio::sync::mpsc;

use tool_output::interrupt;

const PIECE: usize = 1 << 20;

/// Pieces of the input, in order.
pub struct Input {
    rx: mpsc::Receiver<Result<Vec<u8>>>,
}

impl Input {
    /// Start reading `file` (None: stdin).
    pub fn spawn(file: Option<PathBuf>) -> Result<Self> {
        Self::spawn_from(move || open(file))
    }

    /// Start reading `reader` (a command's output pipe).
    pub fn of(reader: impl Read + Send + 'static) -> Result<Self> {
        Self::spawn_from(move || Ok(Box::new(reader)))
    }

    fn spawn_from(source: impl FnOnce() -> Result<Box<dyn Read>> + Send + 'static) -> Result<Self> {
        // Two pieces in flight: the reader stays just ahead of the engine.
        let (tx, rx) = mpsc::channel(2);
        spawn_reader(source, move |piece| tx.blocking_send(piece).is_ok())?;
        Ok(Self { rx })
    }

    /// The next piece; None at the end of the input.
    pub async fn next(&mut self) -> Result<Option<Vec<u8>>> {
        self.rx.recv().await.transpose()
    }
}

/// The input as a `Read` for synchronous code: a read fails with the
/// signal's error within 50 ms of SIGINT or SIGTERM, even while the producer
/// is silent.
pub struct InputReader {
    rx: std_mpsc::Receiver<Result<Vec<u8>>>,
    piece: Vec<u8>,
    at: usize,
}

impl InputReader {
    /// Start reading `file` (None: stdin).
    pub fn spawn(file: Option<PathBuf>) -> Result<Self> {
        let (tx, rx) = std_mpsc::sync_channel(2);
        spawn_reader(move || open(file), move |piece| tx.send(piece).is_ok())?;
        Ok(Self {
            rx,
            piece: Vec::new(),
            at: 0,
        })
    }
}

impl Read for InputReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.piece.len() {
            interrupt::check().map_err(io::Error::other)?;
            match self.rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(piece)) => (self.piece, self.at) = (piece, 0),
                Ok(Err(err)) => return Err(io::Error::other(format!("{err:#}"))),
                Err(std_mpsc::RecvTimeoutError::Timeout) => {}
                Err(std_mpsc::RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = buf.len().min(self.piece.len() - self.at);
        buf[..n].copy_from_slice(&self.piece[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// `file`, or stdin.
fn open(file: Option<PathBuf>) -> Result<Box<dyn Read>> {
    Ok(match file {
        None => Box::new(std::io::stdin()),
        Some(path) => Box::new(
            std::fs::File::open(&path).with_context(|| format!("opening {}", path.display()))?,
        ),
    })
}

/// Opens the source on a thread of its own and reads it there, giving
/// each piece to `send` until it says the receiver is gone.
fn spawn_reader(
    source: impl FnOnce() -> Result<Box<dyn Read>> + Send + 'static,
    send: impl Fn(Result<Vec<u8>>) -> bool + Send + 'static,
) -> Result<()> {
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || read_all(source, send))
        .context("starting the input reader")?;
    Ok(())
}

fn read_all(
    source: impl FnOnce() -> Result<Box<dyn Read>>,
    send: impl Fn(Result<Vec<u8>>) -> bool,
) {
    let mut input = match source() {
        Ok(input) => input,
        Err(err) => {
            send(Err(err));
            return;
        }
    };
    loop {
        let mut buf = vec![0u8; PIECE];
        let piece = match input.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                buf.truncate(n);
                Ok(buf)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => Err(anyhow::Error::new(e).context("reading the output to store")),
        };
        let failed = piece.is_err();
        // The receiver is gone when the command stopped: nothing to do.
        if !send(piece) || failed {
            return;
        }
    }
}

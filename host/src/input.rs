//! The bytes `store` reads (stdin or a file), read on a thread of their own
//! so that a stalled producer never blocks the async task: a signal stops
//! the command at once even while stdin, a FIFO or a device is silent.
//!
//! A plain thread, not tokio's blocking pool, whose threads the runtime
//! waits for at exit; this one is abandoned in its blocked `read` (or
//! `open`: a FIFO without a writer) when the process ends.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{Context, Result};
use tokio::sync::mpsc;

const PIECE: usize = 1 << 20;

/// Pieces of the input, in order.
pub struct Input {
    rx: mpsc::Receiver<Result<Vec<u8>>>,
}

impl Input {
    /// Start reading `file` (None: stdin).
    pub fn spawn(file: Option<PathBuf>) -> Result<Self> {
        // Two pieces in flight: the reader stays just ahead of the engine.
        let (tx, rx) = mpsc::channel(2);
        std::thread::Builder::new()
            .name("input".into())
            .spawn(move || read_all(file, &tx))
            .context("starting the input reader")?;
        Ok(Self { rx })
    }

    /// The next piece; None at the end of the input.
    pub async fn next(&mut self) -> Result<Option<Vec<u8>>> {
        self.rx.recv().await.transpose()
    }
}

fn read_all(file: Option<PathBuf>, tx: &mpsc::Sender<Result<Vec<u8>>>) {
    let mut input: Box<dyn Read> = match file {
        None => Box::new(std::io::stdin()),
        Some(path) => match std::fs::File::open(&path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                let err = anyhow::Error::new(e).context(format!("opening {}", path.display()));
                let _ = tx.blocking_send(Err(err));
                return;
            }
        },
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
        if tx.blocking_send(piece).is_err() || failed {
            return;
        }
    }
}

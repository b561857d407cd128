//! The proxy's outgoing lines, bounded by bytes: a sender waits while the
//! queue holds [`QUEUE_BYTES`] (a larger message waits until it is empty),
//! so a peer that does not read slows the one that writes instead of
//! filling memory. The writer task drains it onto the peer's pipe.

use std::sync::Arc;

use bytes::Bytes;
use serde_json::Value;

use super::chunked::Chunked;
use tokio::io::{AsyncWrite, AsyncWriteExt, BufWriter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

/// Bytes one direction may hold before senders wait.
pub const QUEUE_BYTES: usize = 8 << 20;

/// One line on its way, holding its room in the queue.
struct Line {
    bytes: Chunked,
    _room: OwnedSemaphorePermit,
}

/// The sending side (cheap to clone).
#[derive(Clone)]
pub struct Sender {
    tx: mpsc::UnboundedSender<Line>,
    room: Arc<Semaphore>,
}

/// The receiving side, for [`write_lines`] (or a transport).
pub struct Receiver {
    rx: mpsc::UnboundedReceiver<Line>,
}

/// The peer stopped reading: the line was not queued.
#[derive(Debug)]
pub struct Closed;

pub fn queue() -> (Sender, Receiver) {
    let (tx, rx) = mpsc::unbounded_channel();
    let room = Arc::new(Semaphore::new(QUEUE_BYTES));
    (Sender { tx, room }, Receiver { rx })
}

impl Sender {
    /// Queue `bytes` as one line, waiting for room.
    pub async fn send(&self, bytes: impl Into<Chunked>) -> Result<(), Closed> {
        let bytes = bytes.into();
        let need = bytes.len().clamp(1, QUEUE_BYTES) as u32;
        let room = self
            .room
            .clone()
            .acquire_many_owned(need)
            .await
            .map_err(|_| Closed)?;
        self.tx
            .send(Line { bytes, _room: room })
            .map_err(|_| Closed)
    }

    /// Queue `bytes` if there is room now; gives them back if not.
    pub fn try_send(&self, bytes: Chunked) -> Result<(), Option<Chunked>> {
        let need = bytes.len().clamp(1, QUEUE_BYTES) as u32;
        let Ok(room) = self.room.clone().try_acquire_many_owned(need) else {
            return Err(Some(bytes));
        };
        self.tx.send(Line { bytes, _room: room }).map_err(|_| None)
    }

    /// Waits until the queue has room for at least one more byte (the
    /// room is not kept: a reader waits here before taking more work).
    pub async fn room(&self) {
        let _ = self.room.acquire().await;
    }

    /// A value we made, as one line.
    pub async fn send_value(&self, value: &Value) -> Result<(), Closed> {
        self.send(to_line(value)).await
    }
}

/// `value` as the bytes of one line.
pub fn to_line(value: &Value) -> Bytes {
    // Serializing a `Value` cannot fail (its keys are strings).
    Bytes::from(serde_json::to_vec(value).unwrap_or_default())
}

impl Receiver {
    /// The next line (whole: for a transport that takes one buffer);
    /// None when every sender is gone.
    pub async fn recv(&mut self) -> Option<Bytes> {
        self.rx.recv().await.map(|line| line.bytes.to_bytes())
    }
}

/// Write each line and a newline until every sender is gone or the peer
/// stops reading (then the caller sees this task end). A line's room in
/// the queue is given back once it is written.
pub async fn write_lines<W: AsyncWrite + Unpin>(writer: W, mut rx: Receiver) {
    let mut out = BufWriter::new(writer);
    while let Some(line) = rx.rx.recv().await {
        let written = async {
            for chunk in line.bytes.chunks() {
                out.write_all(chunk).await?;
            }
            out.write_all(b"\n").await?;
            // Flush when nothing else is queued: one write per burst.
            if rx.rx.is_empty() {
                out.flush().await?;
            }
            Ok::<(), std::io::Error>(())
        };
        if written.await.is_err() {
            return;
        }
        drop(line);
    }
    let _ = out.flush().await;
}

/// Lines the main loop could not queue at once: sent in order before
/// anything else, and while there are any the loop reads no more from the
/// side that would add to them.
pub struct Outbox {
    pub sender: Sender,
    waiting: std::collections::VecDeque<Chunked>,
}

impl Outbox {
    pub fn new(sender: Sender) -> Self {
        Self {
            sender,
            waiting: Default::default(),
        }
    }

    /// Queue a line now, or keep it to send in order.
    pub fn push(&mut self, bytes: impl Into<Chunked>) {
        let bytes = bytes.into();
        if !self.waiting.is_empty() {
            return self.waiting.push_back(bytes);
        }
        // Gone (`None`): the peer reads no more, the line goes nowhere.
        if let Err(Some(bytes)) = self.sender.try_send(bytes) {
            self.waiting.push_back(bytes);
        }
    }

    pub fn push_value(&mut self, value: &Value) {
        self.push(to_line(value));
    }

    /// Lines are waiting for room.
    pub fn is_full(&self) -> bool {
        !self.waiting.is_empty()
    }

    /// Send what waits, in order (the peer being gone drops it).
    pub async fn flush(&mut self) {
        // Taken off only once queued: dropped mid-way (the loop's select
        // chose another branch), nothing is lost.
        while let Some(bytes) = self.waiting.front().cloned() {
            if self.sender.send(bytes).await.is_err() {
                self.waiting.clear();
                return;
            }
            self.waiting.pop_front();
        }
    }
}

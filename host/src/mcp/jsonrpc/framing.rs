//! Newline-delimited JSON-RPC framing (the MCP stdio transport) that keeps
//! each message's raw bytes, so the proxy forwards what it does not change
//! byte for byte (`queue` writes them out).
//!
//! rmcp's `JsonRpcMessageCodec` decodes straight into typed messages and
//! ends the stream at the first unparsable line; the proxy needs the raw
//! line and must survive a peer's bad line, so it frames here and parses
//! with serde_json itself. A line is read into fixed 1 MiB buffers and kept
//! as their chunks (`Chunked`): a 500 MB message is never copied, and never
//! held twice while a buffer grows.

use bytes::{Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite};

use super::chunked::Chunked;

pub type StdinReader = Box<dyn AsyncRead + Send + Unpin>;
pub type StdoutWriter = Box<dyn AsyncWrite + Send + Unpin>;

/// Our stdin and stdout, for a server on stdio. Pipes (what MCP hosts
/// give) are used without tokio's blocking threads, which would keep the
/// process alive after a signal until the client writes or closes stdin;
/// anything else (a terminal, a file) takes tokio's stdio.
#[cfg(unix)]
pub fn stdio() -> (StdinReader, StdoutWriter) {
    use std::os::fd::AsFd;
    use tokio::net::unix::pipe;
    let input = std::io::stdin().as_fd().try_clone_to_owned();
    let input: StdinReader = match input.and_then(pipe::Receiver::from_owned_fd) {
        Ok(pipe) => Box::new(pipe),
        Err(_) => Box::new(tokio::io::stdin()),
    };
    let output = std::io::stdout().as_fd().try_clone_to_owned();
    let output: StdoutWriter = match output.and_then(pipe::Sender::from_owned_fd) {
        Ok(pipe) => Box::new(pipe),
        Err(_) => Box::new(tokio::io::stdout()),
    };
    (input, output)
}

/// Elsewhere, tokio's stdio.
#[cfg(not(unix))]
pub fn stdio() -> (StdinReader, StdoutWriter) {
    (Box::new(tokio::io::stdin()), Box::new(tokio::io::stdout()))
}

/// Reads are made into buffers of this size, whose bytes become the
/// lines' chunks.
const READ_BUFFER: usize = 1 << 20;

/// What is kept of a line too long to keep: enough to find its `id`.
const HEAD_BYTES: usize = 4096;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One frame read from a peer.
#[derive(Debug)]
pub enum Frame {
    /// A line without its `\n` (and `\r`, and a leading byte order mark,
    /// which JSON forbids a sender to add and lets a reader ignore).
    Line(Chunked),
    /// A line longer than the limit, discarded: its length and first bytes.
    TooLong { len: usize, head: Bytes },
}

/// Whether a line, by its first bytes, is one to hold to a smaller limit.
pub type HeadTest = std::sync::Arc<dyn Fn(&[u8]) -> bool + Send + Sync>;

/// Newline-delimited lines of a peer, each at most `max` bytes.
pub struct LineReader<R> {
    reader: R,
    max: usize,
    /// A smaller limit for the lines whose head passes the test (the
    /// client's answers to our sampling requests: a sample far over its
    /// `maxTokens` is refused before it is held).
    small: Option<(usize, HeadTest)>,
    /// Whether the current line was tested and is held to `small`.
    line_small: Option<bool>,
    /// Bytes read and not yet part of a line.
    pending: BytesMut,
    /// The line so far.
    line: Chunked,
    /// Bytes of an over-long line dropped so far (0: not dropping).
    dropped: usize,
    /// The first bytes of the over-long line being dropped.
    head: Vec<u8>,
    ended: bool,
}

impl<R: AsyncRead + Unpin> LineReader<R> {
    pub fn new(reader: R, max: usize) -> Self {
        Self {
            reader,
            max,
            small: None,
            line_small: None,
            pending: BytesMut::new(),
            line: Chunked::new(),
            dropped: 0,
            head: Vec::new(),
            ended: false,
        }
    }

    /// Lines whose first bytes pass `test` may hold at most `limit` bytes.
    pub fn with_small_lines(mut self, limit: usize, test: HeadTest) -> Self {
        self.small = Some((limit, test));
        self
    }

    /// The most the current line may hold, once it holds `len` bytes with
    /// `bytes` to come: the small limit is asked only past it.
    fn limit(&mut self, len: usize, bytes: &[u8]) -> usize {
        let Some((small, test)) = &self.small else {
            return self.max;
        };
        if len + bytes.len() <= *small {
            return self.max;
        }
        let held = *self.line_small.get_or_insert_with(|| {
            let mut head = self.line.head(HEAD_BYTES);
            let room = HEAD_BYTES.saturating_sub(head.len());
            head.extend_from_slice(&bytes[..bytes.len().min(room)]);
            test(&head)
        });
        if held {
            (*small).min(self.max)
        } else {
            self.max
        }
    }

    /// The next frame; None at the end. Cancel-safe: dropped while
    /// waiting for bytes, nothing read is lost (every change to the state
    /// is made before or after the one await, never across it).
    pub async fn next(&mut self) -> std::io::Result<Option<Frame>> {
        loop {
            if let Some(frame) = self.take_frame() {
                return Ok(Some(frame));
            }
            if self.ended {
                return Ok(self.take_last());
            }
            if self.pending.capacity() == self.pending.len() {
                // Full: its bytes join the line as one chunk (no copy), and
                // reading goes on in a fresh buffer.
                let full =
                    std::mem::replace(&mut self.pending, BytesMut::with_capacity(READ_BUFFER));
                self.add(full.freeze());
            }
            if self.reader.read_buf(&mut self.pending).await? == 0 {
                self.ended = true;
            }
        }
    }

    /// A whole line from what is pending, if a newline is there.
    fn take_frame(&mut self) -> Option<Frame> {
        loop {
            let newline = self.pending.iter().position(|b| *b == b'\n')?;
            let piece = self.pending.split_to(newline + 1).freeze();
            self.add(piece.slice(..newline));
            match self.finish_line() {
                Some(frame) => return Some(frame),
                None => continue, // a blank line
            }
        }
    }

    /// The rest at the end of the input: a last line without its newline.
    fn take_last(&mut self) -> Option<Frame> {
        let rest = std::mem::take(&mut self.pending).freeze();
        self.add(rest);
        self.finish_line()
    }

    /// Bytes of the current line (dropped past the limit, but for a head).
    fn add(&mut self, bytes: Bytes) {
        let max = if self.dropped > 0 {
            0
        } else {
            self.limit(self.line.len(), &bytes)
        };
        if self.dropped > 0 || self.line.len() + bytes.len() > max {
            if self.dropped == 0 {
                self.head = self.line.head(HEAD_BYTES);
                self.dropped = self.line.len();
                self.line = Chunked::new();
            }
            let room = HEAD_BYTES.saturating_sub(self.head.len());
            self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
            self.dropped += bytes.len();
        } else {
            self.line.push(bytes);
        }
    }

    /// Ends the current line: its frame, or None for a blank one.
    fn finish_line(&mut self) -> Option<Frame> {
        self.line_small = None;
        if self.dropped > 0 {
            let len = std::mem::take(&mut self.dropped);
            let head = Bytes::from(std::mem::take(&mut self.head));
            return Some(Frame::TooLong { len, head });
        }
        let mut line = std::mem::take(&mut self.line);
        if line.head(BOM.len()) == BOM {
            line.drop_front(BOM.len());
        }
        if !line.is_empty() && line.slice(line.len() - 1, line.len()).to_bytes()[..] == *b"\r" {
            line.drop_back(1);
        }
        if line.bytes().all(|b| b.is_ascii_whitespace()) {
            return None;
        }
        Some(Frame::Line(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frames of `input` fed `step` bytes at a time: they must not
    /// depend on how reads split it.
    fn frames(input: &[u8], max: usize, step: usize) -> Vec<String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (mut tx, rx) = tokio::io::duplex(step.max(1));
            let input = input.to_vec();
            let writer = tokio::spawn(async move {
                use tokio::io::AsyncWriteExt;
                for piece in input.chunks(step.max(1)) {
                    tx.write_all(piece).await.unwrap();
                }
            });
            let mut reader = LineReader::new(rx, max);
            let mut out = Vec::new();
            while let Some(frame) = reader.next().await.unwrap() {
                out.push(match frame {
                    Frame::Line(line) => String::from_utf8(line.to_bytes().to_vec()).unwrap(),
                    Frame::TooLong { len, head } => {
                        format!("<too long: {len}, {}>", String::from_utf8_lossy(&head))
                    }
                });
            }
            writer.await.unwrap();
            out
        })
    }

    #[test]
    fn lines_are_split_and_kept_exactly() {
        for step in [1, 3, 1000] {
            assert_eq!(
                frames(b"{\"a\":1}\r\n\n  \n{\"b\": 2.50}\n{\"c\":3}", 100, step),
                ["{\"a\":1}", "{\"b\": 2.50}", "{\"c\":3}"]
            );
        }
    }

    #[test]
    fn an_over_long_line_is_skipped_and_reading_goes_on() {
        for step in [1, 5, 1000] {
            assert_eq!(
                frames(b"{\"a\":1}\n0123456789abcdef\n{\"b\":2}\n", 8, step),
                ["{\"a\":1}", "<too long: 16, 0123456789abcdef>", "{\"b\":2}"]
            );
        }
    }

    #[test]
    fn lines_whose_head_passes_the_test_are_held_to_the_small_limit() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let sample = format!("{{\"id\":\"ours-1\",\"result\":\"{}\"}}", "x".repeat(5000));
        let theirs = format!("{{\"id\":7,\"result\":\"{}\"}}", "y".repeat(5000));
        let input = format!("{sample}\n{theirs}\n{{\"id\":\"ours-2\"}}\n");
        for step in [1, 7, 4096] {
            let frames = runtime.block_on(async {
                let (mut tx, rx) = tokio::io::duplex(step);
                let input = input.clone().into_bytes();
                let writer = tokio::spawn(async move {
                    use tokio::io::AsyncWriteExt;
                    for piece in input.chunks(step) {
                        tx.write_all(piece).await.unwrap();
                    }
                });
                let test: HeadTest =
                    std::sync::Arc::new(|head: &[u8]| head.starts_with(b"{\"id\":\"ours-"));
                let mut reader = LineReader::new(rx, 1 << 20).with_small_lines(1000, test);
                let mut out = Vec::new();
                while let Some(frame) = reader.next().await.unwrap() {
                    out.push(match frame {
                        Frame::Line(line) => format!("line {}", line.len()),
                        Frame::TooLong { len, .. } => format!("too long {len}"),
                    });
                }
                writer.await.unwrap();
                out
            });
            assert_eq!(
                frames,
                [
                    format!("too long {}", sample.len()),
                    format!("line {}", theirs.len()),
                    "line 15".to_string()
                ],
                "step {step}"
            );
        }
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_message() {
        assert_eq!(
            frames(b"\xEF\xBB\xBF{\"a\":1}\n\xEF\xBB\xBF{\"b\":2}", 100, 2),
            ["{\"a\":1}", "{\"b\":2}"]
        );
    }

    #[test]
    fn a_line_longer_than_a_read_buffer_is_kept_in_chunks_without_copies() {
        let big = "x".repeat(3 * READ_BUFFER + 17);
        let input = format!("{big}\n{{}}\n");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut reader = LineReader::new(input.as_bytes(), 1 << 30);
            let Some(Frame::Line(line)) = reader.next().await.unwrap() else {
                panic!("a line")
            };
            assert_eq!(line.len(), big.len());
            assert!(line.chunks().len() >= 3, "{} chunks", line.chunks().len());
            assert!(line.chunks().iter().all(|c| c.len() <= READ_BUFFER));
            let Some(Frame::Line(next)) = reader.next().await.unwrap() else {
                panic!("the next line")
            };
            assert_eq!(next.to_bytes(), "{}");
        });
    }
}

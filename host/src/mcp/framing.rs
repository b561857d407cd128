//! Newline-delimited JSON-RPC framing (the MCP stdio transport) that keeps
//! each message's raw bytes, so the proxy forwards what it does not change
//! byte for byte (`queue` writes them out).
//!
//! rmcp's `JsonRpcMessageCodec` decodes straight into typed messages and
//! ends the stream at the first unparsable line; the proxy needs the raw
//! line and must survive a peer's bad line, so it frames here and parses
//! with serde_json itself.

use bytes::{Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_util::codec::Decoder;

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

/// A buffer that grew past this for one huge message is not kept for the
/// next ones (its memory goes back when the message is dropped).
const KEEP_CAPACITY: usize = 4 << 20;

/// What is kept of a line too long to keep: enough to find its `id`.
const HEAD_BYTES: usize = 4096;

/// One frame read from a peer.
#[derive(Debug)]
pub enum Frame {
    /// A line without its `\n` (and `\r`, and a leading byte order mark,
    /// which JSON forbids a sender to add and lets a reader ignore).
    Line(Bytes),
    /// A line longer than the limit, discarded: its length and first bytes.
    TooLong { len: usize, head: Bytes },
}

pub struct LineCodec {
    max: usize,
    /// Where the search for `\n` resumes.
    searched: usize,
    /// Bytes of an over-long line discarded so far (0: not discarding).
    discarding: usize,
    /// The first bytes of the over-long line being discarded.
    head: BytesMut,
}

impl LineCodec {
    pub fn new(max_bytes: usize) -> Self {
        Self {
            max: max_bytes,
            searched: 0,
            discarding: 0,
            head: BytesMut::new(),
        }
    }

    /// An over-long line ends: what is known of it.
    fn too_long(&mut self, len: usize) -> Frame {
        self.discarding = 0;
        Frame::TooLong {
            len,
            head: std::mem::take(&mut self.head).freeze(),
        }
    }

    /// Keeps the first bytes of a line being discarded.
    fn keep_head(&mut self, bytes: &[u8]) {
        let room = HEAD_BYTES.saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Decoder for LineCodec {
    type Item = Frame;
    type Error = std::io::Error;

    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, Self::Error> {
        loop {
            let newline = buf[self.searched..].iter().position(|b| *b == b'\n');
            match newline {
                Some(offset) if self.discarding > 0 => {
                    self.keep_head(&buf[..self.searched + offset]);
                    let len = self.discarding + offset;
                    let _ = buf.split_to(self.searched + offset + 1);
                    self.searched = 0;
                    return Ok(Some(self.too_long(len)));
                }
                Some(offset) if self.searched + offset > self.max => {
                    let len = self.searched + offset;
                    self.keep_head(&buf[..len]);
                    let _ = buf.split_to(len + 1);
                    self.searched = 0;
                    return Ok(Some(self.too_long(len)));
                }
                Some(offset) => {
                    let end = self.searched + offset;
                    self.searched = 0;
                    let mut line = buf.split_to(end + 1);
                    line.truncate(end);
                    if line.last() == Some(&b'\r') {
                        line.truncate(end - 1);
                    }
                    if line.starts_with(BOM) {
                        let _ = line.split_to(BOM.len());
                    }
                    if buf.capacity() > KEEP_CAPACITY {
                        // The rest still shares the huge allocation: copy it
                        // out so the allocation dies with `line`.
                        *buf = BytesMut::from(&buf[..]);
                    }
                    if line.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    return Ok(Some(Frame::Line(line.freeze())));
                }
                None if self.discarding > 0 || buf.len() > self.max => {
                    self.keep_head(buf);
                    self.discarding += buf.len();
                    buf.clear();
                    self.searched = 0;
                    return Ok(None);
                }
                None => {
                    self.searched = buf.len();
                    return Ok(None);
                }
            }
        }
    }

    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, Self::Error> {
        if let Some(frame) = self.decode(buf)? {
            return Ok(Some(frame));
        }
        if self.discarding > 0 {
            let len = self.discarding;
            return Ok(Some(self.too_long(len)));
        }
        // A last message without its newline still counts.
        self.searched = 0;
        let mut line = buf.split();
        if line.starts_with(BOM) {
            let _ = line.split_to(BOM.len());
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        Ok(Some(Frame::Line(line.freeze())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8], max: usize) -> Vec<String> {
        let mut codec = LineCodec::new(max);
        let mut buf = BytesMut::new();
        let mut out = Vec::new();
        // Byte by byte: frames must not depend on how reads split the input.
        for b in input {
            buf.extend_from_slice(&[*b]);
            while let Some(f) = codec.decode(&mut buf).unwrap() {
                out.push(f);
            }
        }
        while let Some(f) = codec.decode_eof(&mut buf).unwrap() {
            out.push(f);
        }
        out.into_iter()
            .map(|f| match f {
                Frame::Line(b) => String::from_utf8(b.to_vec()).unwrap(),
                Frame::TooLong { len, head } => {
                    format!("<too long: {len}, {}>", String::from_utf8_lossy(&head))
                }
            })
            .collect()
    }

    #[test]
    fn lines_are_split_and_kept_exactly() {
        assert_eq!(
            frames(b"{\"a\":1}\r\n\n  \n{\"b\": 2.50}\n{\"c\":3}", 100),
            ["{\"a\":1}", "{\"b\": 2.50}", "{\"c\":3}"]
        );
    }

    #[test]
    fn an_over_long_line_is_skipped_and_reading_goes_on() {
        assert_eq!(
            frames(b"{\"a\":1}\n0123456789abcdef\n{\"b\":2}\n", 8),
            ["{\"a\":1}", "<too long: 16, 0123456789abcdef>", "{\"b\":2}"]
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_message() {
        assert_eq!(
            frames(b"\xEF\xBB\xBF{\"a\":1}\n\xEF\xBB\xBF{\"b\":2}", 100),
            ["{\"a\":1}", "{\"b\":2}"]
        );
    }
}

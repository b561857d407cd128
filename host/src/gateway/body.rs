//! A request body read whole but held once: copied into fixed 1 MiB
//! buffers as it arrives (a growing buffer would be copied, and doubled,
//! on the way), bounded by the gateway's limit, and decoded when the client
//! compressed it (`Content-Encoding: gzip`, `deflate`, `zstd`: Claude Code
//! gzips large bodies, Codex may send zstd). What goes upstream is the
//! decoded body, sent as identity.

use std::io::Read;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http_body_util::BodyExt;
use hyper::body::Incoming;

use super::Chunked;

/// Size of the buffers a body is kept in.
const BUFFER: usize = 1 << 20;
/// The first one: most bodies fit.
const FIRST: usize = 64 << 10;

/// Why a body was not read.
#[derive(Debug)]
pub enum BodyError {
    /// Over the limit (compressed or decoded).
    TooLarge(usize),
    /// An encoding the gateway does not decode.
    Encoding(String),
    /// The compressed bytes do not decode.
    Corrupt(String),
    /// The client stopped sending, or went away.
    Client(String),
}

impl std::fmt::Display for BodyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BodyError::TooLarge(limit) => write!(
                f,
                "the request body is over the gateway's limit of {} MiB (--max-body-mb)",
                limit >> 20
            ),
            BodyError::Encoding(e) => write!(
                f,
                "the gateway cannot decode a request body in Content-Encoding {e:?} (it decodes gzip, deflate and zstd)"
            ),
            BodyError::Corrupt(e) => write!(f, "the compressed request body does not decode: {e}"),
            BodyError::Client(e) => write!(f, "the client stopped sending its request: {e}"),
        }
    }
}

/// Fills fixed buffers; each full one becomes a chunk.
struct Filler {
    out: Chunked,
    current: BytesMut,
    limit: usize,
}

impl Filler {
    fn new(limit: usize) -> Self {
        Self {
            out: Chunked::new(),
            current: BytesMut::new(),
            limit,
        }
    }

    fn push(&mut self, mut data: &[u8]) -> Result<(), BodyError> {
        if self.out.len() + self.current.len() + data.len() > self.limit {
            return Err(BodyError::TooLarge(self.limit));
        }
        while !data.is_empty() {
            if self.current.capacity() == self.current.len() {
                // Small bodies (most) take a small buffer.
                let size = if self.out.is_empty() { FIRST } else { BUFFER };
                self.flush();
                self.current = BytesMut::with_capacity(size);
            }
            let room = self.current.capacity() - self.current.len();
            let n = room.min(data.len());
            self.current.extend_from_slice(&data[..n]);
            data = &data[n..];
        }
        Ok(())
    }

    fn flush(&mut self) {
        let full = std::mem::take(&mut self.current);
        self.out.push(full.freeze());
    }

    fn finish(mut self) -> Chunked {
        self.flush();
        self.out
    }
}

/// The body, as sent, within `limit` bytes; `idle`: the longest the
/// client may pause.
pub async fn read(mut body: Incoming, limit: usize, idle: Duration) -> Result<Chunked, BodyError> {
    let mut filler = Filler::new(limit);
    loop {
        let frame = match tokio::time::timeout(idle, body.frame()).await {
            Err(_) => {
                return Err(BodyError::Client(format!(
                    "nothing came for {} s",
                    idle.as_secs()
                )));
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => return Err(BodyError::Client(e.to_string())),
            Ok(Some(Ok(frame))) => frame,
        };
        if let Ok(data) = frame.into_data() {
            filler.push(&data)?;
        }
    }
    Ok(filler.finish())
}

/// The body decoded per `encoding` (the Content-Encoding header), within
/// `limit` decoded bytes. Runs on a blocking thread: decoding hundreds of
/// MB takes a while.
pub async fn decode(body: Chunked, encoding: &str, limit: usize) -> Result<Chunked, BodyError> {
    let encoding = encoding.trim().to_ascii_lowercase();
    if encoding.is_empty() || encoding == "identity" {
        return Ok(body);
    }
    if !matches!(encoding.as_str(), "gzip" | "x-gzip" | "deflate" | "zstd") {
        return Err(BodyError::Encoding(encoding));
    }
    tokio::task::spawn_blocking(move || {
        let input = ChunkReader::new(body);
        match encoding.as_str() {
            "gzip" | "x-gzip" => inflate(flate2::read::MultiGzDecoder::new(input), limit),
            "deflate" => inflate(flate2::read::ZlibDecoder::new(input), limit),
            _ => match zstd::stream::read::Decoder::new(input) {
                Ok(decoder) => inflate(decoder, limit),
                Err(e) => Err(BodyError::Corrupt(e.to_string())),
            },
        }
    })
    .await
    .map_err(|e| BodyError::Corrupt(e.to_string()))?
}

fn inflate(mut decoder: impl Read, limit: usize) -> Result<Chunked, BodyError> {
    let mut filler = Filler::new(limit);
    let mut buf = vec![0u8; 64 << 10];
    loop {
        match decoder.read(&mut buf) {
            Ok(0) => return Ok(filler.finish()),
            Ok(n) => filler.push(&buf[..n])?,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(BodyError::Corrupt(e.to_string())),
        }
    }
}

/// `Read` over a body's chunks.
struct ChunkReader {
    chunks: std::vec::IntoIter<Bytes>,
    current: Bytes,
}

impl ChunkReader {
    fn new(body: Chunked) -> Self {
        Self {
            chunks: body.chunks().to_vec().into_iter(),
            current: Bytes::new(),
        }
    }
}

impl Read for ChunkReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.next() {
                Some(next) => self.current = next,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current = self.current.slice(n..);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn one(bytes: &[u8]) -> Chunked {
        Chunked::from_bytes(Bytes::copy_from_slice(bytes))
    }

    #[tokio::test]
    async fn gzip_deflate_and_zstd_decode_within_the_limit() {
        let text = "{\"a\":\"".to_string() + &"x".repeat(3 << 20) + "\"}";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        let gz = gz.finish().unwrap();
        let mut zl = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        zl.write_all(text.as_bytes()).unwrap();
        let zl = zl.finish().unwrap();
        let zs = zstd::stream::encode_all(text.as_bytes(), 1).unwrap();
        for (encoding, bytes) in [("gzip", &gz), ("deflate", &zl), ("zstd", &zs)] {
            let decoded = decode(one(bytes), encoding, 8 << 20).await.unwrap();
            assert_eq!(decoded.to_bytes(), text.as_bytes(), "{encoding}");
            assert!(decoded.chunks().iter().all(|c| c.len() <= BUFFER));
            // A bomb: refused at the limit, not held.
            assert!(matches!(
                decode(one(bytes), encoding, 1 << 20).await,
                Err(BodyError::TooLarge(_))
            ));
        }
        assert!(matches!(
            decode(one(b"not gzip"), "gzip", 1 << 20).await,
            Err(BodyError::Corrupt(_))
        ));
        assert!(matches!(
            decode(one(b"x"), "br", 1 << 20).await,
            Err(BodyError::Encoding(_))
        ));
        assert_eq!(
            decode(one(b"x"), "identity", 1).await.unwrap().to_bytes(),
            "x"
        );
    }
}

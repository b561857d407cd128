//! A line too large to keep in one buffer: its bytes as a list of chunks
//! (the read buffers it arrived in, see `framing`).
//! A growing contiguous buffer is copied on each doubling, so for an
//! instant it holds twice the line; chunks never move, so a 500 MB tool
//! result costs the proxy about 500 MB, and slicing one is free.

use bytes::{Bytes, BytesMut};

/// Bytes in chunks, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunked {
    chunks: Vec<Bytes>,
    len: usize,
}

impl Chunked {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn from_bytes(bytes: Bytes) -> Self {
        let mut chunked = Self::new();
        chunked.push(bytes);
        chunked
    }

    pub fn push(&mut self, bytes: Bytes) {
        if !bytes.is_empty() {
            self.len += bytes.len();
            self.chunks.push(bytes);
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn chunks(&self) -> &[Bytes] {
        &self.chunks
    }

    /// One buffer: free when there is one chunk, a copy otherwise (for
    /// small lines only).
    pub fn to_bytes(&self) -> Bytes {
        match self.chunks.as_slice() {
            [] => Bytes::new(),
            [one] => one.clone(),
            many => {
                let mut all = BytesMut::with_capacity(self.len);
                for chunk in many {
                    all.extend_from_slice(chunk);
                }
                all.freeze()
            }
        }
    }

    /// Bytes `start..end`, sharing the chunks (no copy).
    pub fn slice(&self, start: usize, end: usize) -> Chunked {
        let mut out = Chunked::new();
        let mut at = 0;
        for chunk in &self.chunks {
            let (from, to) = (at, at + chunk.len());
            at = to;
            if to <= start {
                continue;
            }
            if from >= end {
                break;
            }
            out.push(chunk.slice(start.max(from) - from..end.min(to) - from));
        }
        out
    }

    /// Each byte with its offset, chunk by chunk (for scanners).
    pub fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.chunks.iter().flat_map(|c| c.iter().copied())
    }

    /// The first `n` bytes (a copy of at most `n`).
    pub fn head(&self, n: usize) -> Vec<u8> {
        self.bytes().take(n).collect()
    }

    /// Byte-for-byte equality of two pieces, without copying either.
    pub fn same_bytes(&self, other: &Chunked) -> bool {
        self.len == other.len && self.bytes().eq(other.bytes())
    }

    /// Drops `n` bytes from the front (a byte order mark).
    pub fn drop_front(&mut self, n: usize) {
        *self = self.slice(n.min(self.len), self.len);
    }

    /// Drops `n` bytes from the end (a `\r`).
    pub fn drop_back(&mut self, n: usize) {
        *self = self.slice(0, self.len - n.min(self.len));
    }
}

impl From<Bytes> for Chunked {
    fn from(bytes: Bytes) -> Self {
        Chunked::from_bytes(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(parts: &[&str]) -> Chunked {
        let mut c = Chunked::new();
        for p in parts {
            c.push(Bytes::copy_from_slice(p.as_bytes()));
        }
        c
    }

    #[test]
    fn slices_cross_chunks_and_compare_by_bytes() {
        let c = chunked(&["abc", "", "defg", "hi"]);
        assert_eq!(c.len(), 9);
        assert_eq!(c.slice(2, 7).to_bytes(), "cdefg");
        assert_eq!(c.slice(0, 9).chunks().len(), 3);
        assert!(c.slice(1, 4).same_bytes(&chunked(&["b", "cd"])));
        assert!(!c.slice(1, 4).same_bytes(&chunked(&["bcx"])));
        let mut d = c.clone();
        d.drop_front(3);
        d.drop_back(1);
        assert_eq!(d.to_bytes(), "defgh");
        assert_eq!(c.head(4), b"abcd");
    }
}

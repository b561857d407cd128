//! Byte-order marks: what they say and where they are not content.
//!
//! PowerShell and .NET start what they write with a UTF-8 byte-order mark
//! (U+FEFF, bytes `EF BB BF`), and files joined with `cat` carry one at the
//! start of each. It marks the encoding, it is not text: left in place it
//! makes `{"a":1}` text, JSON lines CSV rows and the first column of a CSV
//! `\u{feff}id`. One rule here, used by the view and by jq's input: a UTF-8
//! mark at the start of a line (the output's start, or just after a `\n`) is
//! dropped. Line numbers stay those of the output; a mark inside a line is
//! kept (JSON strings cannot span lines, so none is ever taken from one).
//!
//! A UTF-16 mark (`FF FE`, `FE FF`) at the output's start says the bytes are
//! UTF-16 (Windows PowerShell's `>`): [`Utf8Reader`] gives jq their UTF-8.

use std::io::{self, BufRead, Read};

/// The UTF-8 encoding of U+FEFF.
pub const UTF8_BOM: &[u8; 3] = b"\xEF\xBB\xBF";

/// Drops UTF-8 byte-order marks at line starts from input fed in pieces
/// split anywhere (a mark split across pieces is recognised).
pub struct LineStartBoms {
    at_line_start: bool,
    /// Bytes of a mark matched so far at a line start, not yet given out.
    matched: usize,
}

impl Default for LineStartBoms {
    fn default() -> Self {
        Self {
            at_line_start: true,
            matched: 0,
        }
    }
}

impl LineStartBoms {
    /// `piece` without the marks that start lines, appended to `out`.
    pub fn push(&mut self, piece: &[u8], out: &mut Vec<u8>) {
        if self.matched == 0 && !piece.contains(&UTF8_BOM[0]) {
            // No mark can start here: one copy, no byte-by-byte work.
            out.extend_from_slice(piece);
            if let Some(&last) = piece.last() {
                self.at_line_start = last == b'\n';
            }
            return;
        }
        for &b in piece {
            if self.at_line_start || self.matched > 0 {
                if b == UTF8_BOM[self.matched] {
                    self.matched += 1;
                    if self.matched == UTF8_BOM.len() {
                        // Still at the line's start: a second mark goes too.
                        self.matched = 0;
                    }
                    continue;
                }
                out.extend_from_slice(&UTF8_BOM[..self.matched]);
                self.matched = 0;
            }
            out.push(b);
            self.at_line_start = b == b'\n';
        }
    }

    /// The end of the input: a partial mark held back is content after all.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(&UTF8_BOM[..self.matched]);
        self.matched = 0;
    }

    /// [`push`](Self::push) for text in pieces of whole characters: `text`
    /// itself when it holds no mark (the common case copies nothing), else
    /// the text without the marks that start lines, in `scratch`.
    pub fn strip<'t>(&mut self, text: &'t str, scratch: &'t mut String) -> &'t str {
        if !text.contains('\u{feff}') {
            if let Some(&last) = text.as_bytes().last() {
                self.at_line_start = last == b'\n';
            }
            return text;
        }
        let mut bytes = Vec::with_capacity(text.len());
        self.push(text.as_bytes(), &mut bytes);
        // Whole characters in, whole characters removed: still UTF-8.
        *scratch = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        scratch
    }
}

/// The encoding a byte-order mark at the output's start says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8, with or without a mark.
    Utf8,
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    /// The encoding of an output starting with `start` (its first bytes),
    /// and how many bytes its mark takes.
    pub fn sniff(start: &[u8]) -> (Self, usize) {
        match start {
            [0xFF, 0xFE, ..] => (Self::Utf16Le, 2),
            [0xFE, 0xFF, ..] => (Self::Utf16Be, 2),
            _ => (Self::Utf8, 0),
        }
    }

    /// How an answer names it, when it is not plain UTF-8.
    pub fn named(self) -> Option<&'static str> {
        match self {
            Self::Utf8 => None,
            Self::Utf16Le => Some("UTF-16LE"),
            Self::Utf16Be => Some("UTF-16BE"),
        }
    }
}

/// An output's bytes as UTF-8 without line-start marks: UTF-16 is
/// transcoded (an unpaired surrogate or a half unit at the end is an
/// `InvalidData` error at its byte offset, after the text before it).
pub struct Utf8Reader<R> {
    inner: R,
    encoding: Encoding,
    boms: LineStartBoms,
    raw: Vec<u8>,
    /// Transcoded text not yet read, from `at`.
    out: Vec<u8>,
    at: usize,
    /// UTF-16: a byte of a unit, and a high surrogate, carried over.
    odd: Option<u8>,
    high: Option<u16>,
    /// Bytes of `inner` consumed (mark included), for error offsets.
    offset: u64,
    /// An error to give once the text before it is read.
    error: Option<io::Error>,
    eof: bool,
}

/// Bytes read from the inner reader at a time.
const RAW_PIECE: usize = 256 << 10;

impl<R: Read> Utf8Reader<R> {
    /// `inner` from the output's start: `encoding` and the `skip` bytes of
    /// its mark, as [`Encoding::sniff`] said.
    pub fn new(mut inner: R, encoding: Encoding, skip: usize) -> io::Result<Self> {
        let mut mark = [0u8; 2];
        inner.read_exact(&mut mark[..skip])?;
        Ok(Self {
            inner,
            encoding,
            boms: LineStartBoms::default(),
            raw: vec![0; RAW_PIECE],
            out: Vec::new(),
            at: 0,
            odd: None,
            high: None,
            offset: skip as u64,
            error: None,
            eof: false,
        })
    }

    /// Read and transcode the next piece into `out` (empty at the end).
    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.at = 0;
        while self.out.is_empty() && !self.eof && self.error.is_none() {
            let n = self.inner.read(&mut self.raw)?;
            if n == 0 {
                self.eof = true;
                if self.odd.is_some() || self.high.is_some() {
                    self.error = Some(invalid(
                        self.offset,
                        "the output ends in the middle of a UTF-16 character",
                    ));
                }
            } else if self.encoding == Encoding::Utf8 {
                self.boms.push(&self.raw[..n], &mut self.out);
            } else {
                let mut text = Vec::with_capacity(n * 3 / 2);
                self.utf16(n, &mut text);
                self.boms.push(&text, &mut self.out);
            }
            self.offset += n as u64;
            if self.eof {
                self.boms.finish(&mut self.out);
            }
        }
        Ok(())
    }

    /// `raw[..n]`, UTF-16 code units, as UTF-8 appended to `text`.
    fn utf16(&mut self, n: usize, text: &mut Vec<u8>) {
        let mut bytes = self.raw[..n].iter().copied().enumerate();
        while let Some((i, b)) = bytes.next() {
            // Where this unit starts in the output (its first byte may
            // have come with the previous piece).
            let start = (self.offset + i as u64).saturating_sub(u64::from(self.odd.is_some()));
            let pair = match self.odd.take() {
                Some(first) => [first, b],
                None => match bytes.next() {
                    Some((_, second)) => [b, second],
                    None => {
                        self.odd = Some(b);
                        break;
                    }
                },
            };
            let unit = match self.encoding {
                Encoding::Utf16Be => u16::from_be_bytes(pair),
                _ => u16::from_le_bytes(pair),
            };
            let decoded = match (self.high.take(), unit) {
                (None, 0xD800..=0xDBFF) => {
                    self.high = Some(unit);
                    continue;
                }
                (Some(high), 0xDC00..=0xDFFF) => char::decode_utf16([high, unit]).next(),
                // A high surrogate not followed by a low one: the error is its.
                (Some(_), _) => {
                    self.fail(start.saturating_sub(2));
                    return;
                }
                (None, _) => char::decode_utf16([unit]).next(),
            };
            match decoded {
                Some(Ok(c)) => text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                _ => {
                    self.fail(start);
                    return;
                }
            }
        }
    }

    fn fail(&mut self, at: u64) {
        self.error = Some(invalid(at, "not valid UTF-16 (an unpaired surrogate)"));
        self.eof = true;
    }
}

fn invalid(offset: u64, why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("byte {offset}: {why}"))
}

impl<R: Read> Read for Utf8Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Utf8Reader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.out.len() {
            self.refill()?;
            if self.out.is_empty()
                && let Some(error) = self.error.take()
            {
                return Err(error);
            }
        }
        Ok(&self.out[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stripped(pieces: &[&[u8]]) -> Vec<u8> {
        let mut boms = LineStartBoms::default();
        let mut out = Vec::new();
        for piece in pieces {
            boms.push(piece, &mut out);
        }
        boms.finish(&mut out);
        out
    }

    #[test]
    fn marks_at_line_starts_go_wherever_the_pieces_split() {
        let input =
            "\u{feff}{\"a\":1}\r\n\u{feff}{\"a\":\"x\u{feff}\"}\n\u{feff}\u{feff}3\n\u{feff}";
        let want = "{\"a\":1}\r\n{\"a\":\"x\u{feff}\"}\n3\n";
        let bytes = input.as_bytes();
        for size in 1..8 {
            let pieces: Vec<&[u8]> = bytes.chunks(size).collect();
            assert_eq!(
                String::from_utf8(stripped(&pieces)).unwrap(),
                want,
                "{size}"
            );
        }
        // A partial mark is content; so is a mark after other text.
        assert_eq!(stripped(&[b"\xEF\xBB", b"x"]), b"\xEF\xBBx");
        assert_eq!(stripped(&[b"\xEF\xBB"]), b"\xEF\xBB");
        assert_eq!(stripped(&[b" \xEF\xBB\xBFx"]), b" \xEF\xBB\xBFx");
        let mut boms = LineStartBoms::default();
        let mut scratch = String::new();
        assert_eq!(boms.strip("\u{feff}a\n", &mut scratch), "a\n");
        assert_eq!(boms.strip("b", &mut scratch), "b");
        assert_eq!(boms.strip("\u{feff}c", &mut scratch), "\u{feff}c");
    }

    fn read_all(bytes: &[u8]) -> Result<String, String> {
        let (encoding, skip) = Encoding::sniff(bytes);
        let mut reader = Utf8Reader::new(bytes, encoding, skip).unwrap();
        let mut out = Vec::new();
        match reader.read_to_end(&mut out) {
            Ok(_) => Ok(String::from_utf8(out).unwrap()),
            Err(e) => Err(format!("{} after {:?}", e, String::from_utf8_lossy(&out))),
        }
    }

    #[test]
    fn utf16_is_read_as_utf8_and_what_is_not_utf16_is_an_error_at_its_place() {
        let text = "\u{feff}{\"é\":\"😀\"}\n\u{feff}[1]\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(read_all(&le).unwrap(), "{\"é\":\"😀\"}\n[1]\n");
        assert_eq!(read_all(&be).unwrap(), "{\"é\":\"😀\"}\n[1]\n");
        let mut lone = le.clone();
        lone.extend_from_slice(&0xD800u16.to_le_bytes());
        lone.extend_from_slice(b"x\0");
        let mut low = le.clone();
        low.extend_from_slice(&0xDC00u16.to_le_bytes());
        assert!(
            read_all(&low)
                .unwrap_err()
                .starts_with(&format!("byte {}: not valid", le.len()))
        );
        let err = read_all(&lone).unwrap_err();
        assert!(
            err.starts_with(&format!("byte {}: not valid UTF-16", le.len())),
            "{err}"
        );
        assert!(
            err.ends_with(r#"[1]\n""#),
            "the text before it is read: {err}"
        );
        let mut half = le.clone();
        half.push(b'x');
        assert!(read_all(&half).unwrap_err().contains("ends in the middle"));
        assert_eq!(read_all(b"\xEF\xBB\xBFplain").unwrap(), "plain");
    }
}

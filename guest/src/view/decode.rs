//! Bytes to text: lossy UTF-8 decoding that streams.

/// Lossy UTF-8 decoding of a byte stream: each run of invalid sequences
/// becomes one U+FFFD (every sequence is counted), a sequence split across
/// pieces is carried over. One mark per run, not per byte, keeps the view
/// of binary data within 2× the original (a 3-byte mark per byte was 3×).
#[derive(Default)]
pub struct Utf8Decoder {
    carry: Vec<u8>,
    /// Invalid sequences replaced so far.
    pub invalid: u64,
    /// The last thing decoded was an invalid sequence (its mark is out).
    in_invalid_run: bool,
}

impl Utf8Decoder {
    pub fn decode(&mut self, bytes: &[u8], out: &mut String) {
        if self.carry.is_empty() {
            self.decode_slice(bytes, out);
        } else {
            let mut joined = std::mem::take(&mut self.carry);
            joined.extend_from_slice(bytes);
            self.decode_slice(&joined, out);
        }
    }

    pub fn finish(&mut self, out: &mut String) {
        if !self.carry.is_empty() {
            self.carry.clear();
            self.mark_invalid(out);
        }
    }

    fn mark_invalid(&mut self, out: &mut String) {
        self.invalid += 1;
        if !self.in_invalid_run {
            out.push('\u{FFFD}');
            self.in_invalid_run = true;
        }
    }

    fn push_valid(&mut self, text: &str, out: &mut String) {
        if !text.is_empty() {
            out.push_str(text);
            self.in_invalid_run = false;
        }
    }

    fn decode_slice(&mut self, mut bytes: &[u8], out: &mut String) {
        loop {
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    self.push_valid(text, out);
                    return;
                }
                Err(err) => {
                    let valid = err.valid_up_to();
                    // SAFETY-free: from_utf8 vouched for the prefix.
                    self.push_valid(
                        std::str::from_utf8(&bytes[..valid]).unwrap_or_default(),
                        out,
                    );
                    match err.error_len() {
                        Some(bad) => {
                            self.mark_invalid(out);
                            bytes = &bytes[valid + bad..];
                        }
                        None => {
                            self.carry.extend_from_slice(&bytes[valid..]);
                            return;
                        }
                    }
                }
            }
        }
    }
}

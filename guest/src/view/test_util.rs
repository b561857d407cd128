//! Helpers for the split-invariance tests of the streaming stages.

pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Splits `s` at random char boundaries (pieces of 1 to 8 bytes and more).
pub fn random_split<'a>(s: &'a str, rng: &mut XorShift) -> Vec<&'a str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < s.len() {
        let mut end = (start + 1 + (rng.next() % 8) as usize).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        pieces.push(&s[start..end]);
        start = end;
    }
    pieces
}

//! tiktoken's pre-tokenizer for cl100k and o200k, without look-around.
//!
//! tiktoken splits text with a regex before BPE; its patterns use a negative
//! look-ahead (`\s+(?!\S)`), which `regex-automata` lacks. The patterns and
//! the rewrite below are those of `bpe-openai` 0.3 (MIT), whose pre-tokenizer
//! is private to its prebuilt 47 MB tables: `\s+\s` stands for the
//! look-ahead, and its last character is given back to the next piece.

use regex_automata::meta::Regex;
use regex_automata::{Anchored, Input};

pub struct Pretokenizer {
    regex: Regex,
    /// Per pattern: whether its match ends in one look-ahead character.
    lookahead: &'static [bool],
}

const LOOKAHEAD: &[bool] = &[false, true, false];

impl Pretokenizer {
    pub fn cl100k() -> Self {
        let main = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+$";
        Self::new(main)
    }

    pub fn o200k() -> Self {
        let main = [
            "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
            "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
            "\\p{N}{1,3}",
            " ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
            "\\s*[\\r\\n]+",
            "\\s+$",
        ]
        .join("|");
        Self::new(&main)
    }

    fn new(main: &str) -> Self {
        let regex = Regex::new_many(&[main, "\\s+\\s", "\\s+"])
            .expect("the pre-tokenizer patterns are valid");
        Self {
            regex,
            lookahead: LOOKAHEAD,
        }
    }

    /// The pieces of `text`, in order; together they are exactly `text`.
    pub fn split<'a>(&'a self, text: &'a str) -> Pieces<'a> {
        Pieces {
            pre: self,
            text,
            at: 0,
        }
    }
}

pub struct Pieces<'a> {
    pre: &'a Pretokenizer,
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = &self.text[self.at..];
        let found = self
            .pre
            .regex
            .find(Input::new(rest).anchored(Anchored::Yes))?;
        let mut end = found.end();
        if self.pre.lookahead[found.pattern().as_usize()] {
            // `\s+\s` matches at least two characters: dropping the last
            // leaves a non-empty piece.
            let last = rest[..end].chars().next_back().map_or(0, char::len_utf8);
            end -= last;
        }
        if end == 0 {
            return None;
        }
        let piece = &rest[..end];
        self.at += end;
        Some(piece)
    }
}

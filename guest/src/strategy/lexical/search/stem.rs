//! Inflections folded to one stem (`looping` → `loop`, `failed` → `fail`,
//! `verification` → `verif`) by the Snowball stemmers: English for Latin
//! letters, Russian for Cyrillic. Other words (numbers, ids, scripts without
//! spaces) are their own stem.

use std::borrow::Cow;

use rust_stemmers::{Algorithm, Stemmer};

pub(super) struct Stems {
    english: Stemmer,
    russian: Stemmer,
}

impl Stems {
    pub fn new() -> Self {
        Stems {
            english: Stemmer::create(Algorithm::English),
            russian: Stemmer::create(Algorithm::Russian),
        }
    }

    /// The stem of a lowercased word.
    pub fn of<'a>(&self, word: &'a str) -> Cow<'a, str> {
        if word.len() < 3 {
            return Cow::Borrowed(word);
        }
        if word.bytes().all(|b| b.is_ascii_lowercase()) {
            return self.english.stem(word);
        }
        if word.chars().all(|c| ('а'..='я').contains(&c) || c == 'ё') {
            return self.russian.stem(word);
        }
        Cow::Borrowed(word)
    }
}

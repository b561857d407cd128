//! Which query terms a line's token holds: the rule, in one place
//! ([`holds`], public as [`Query::held_by`]), and the hot path that applies
//! it to every token of the output ([`Matcher`]).
//!
//! A token holds a term when its stem is one of the term's forms
//! (`failed` → `fail`, `copy` → `copi`), or extends a form of four bytes or more by one to three bytes
//! (`timeout` → `timeouts`). The forms are the term's own stem and its
//! related words ([`super::concepts`]). Most tokens share no two-byte
//! prefix with any form and are rejected by one bit test; the rest are
//! decided once and remembered (logs repeat their words), in a table
//! cleared when it fills, so memory stays bounded; words with digits (ids)
//! are decided each time.

use rustc_hash::FxHashMap;

use super::query::Query;
use super::stem::Stems;
use crate::view::detect::names::NAME_KEYS;

/// Distinct tokens remembered before the table is cleared.
const MEMO_ENTRIES: usize = 16_384;

/// What a term held through a related word counts for, of its own word's.
pub const RELATED_WEIGHT: f64 = 0.6;

/// One way a line's token holds a query term (see [`Query::held_by`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// The term, as an index into [`Query::terms`].
    pub term: usize,
    /// Through one of the term's related words (`disk` for `storage`),
    /// which counts for less than the term's own word.
    pub related: bool,
    /// Only as a longer word (`timeouts` for `timeout`): one way, a
    /// question's word finds its longer forms, not the reverse.
    pub longer: bool,
    /// Through a failure word standing in for the question's: no hit where
    /// the token is only in a path ([`super::only_in_paths`]).
    pub stand_in: bool,
}

impl Query {
    /// Every way the lowercased token `token` of a line holds a term of
    /// this query, in the order of the terms' forms: what the scorer
    /// counts for that token.
    pub fn held_by(&self, token: &str) -> Vec<Held> {
        let stems = Stems::new();
        let mut stem = None;
        let mut out = Vec::new();
        for (term, forms) in self.forms.iter().enumerate() {
            // A term's own stem (or spellings) first, then its related words.
            for form in forms {
                if let Some(longer) = holds(token, &form.text, &mut stem, &stems) {
                    let related = form.tenths < 10;
                    out.push(Held {
                        term,
                        related,
                        longer,
                        stand_in: self.stands_in(term, form),
                    });
                }
            }
        }
        out
    }

    /// The terms the words of `text` hold, each once with the weight of
    /// its best form there (its own word 1, a related one
    /// [`RELATED_WEIGHT`]): how well a field's name or value names what
    /// the question asks.
    pub fn held_in(&self, text: &str) -> Vec<(usize, f64)> {
        let mut out: Vec<(usize, f64)> = Vec::new();
        for w in super::terms(text) {
            for h in self.held_by(&w) {
                let weight = if h.related { RELATED_WEIGHT } else { 1.0 };
                match out.iter_mut().find(|(t, _)| *t == h.term) {
                    Some(seen) => seen.1 = seen.1.max(weight),
                    None => out.push((h.term, weight)),
                }
            }
        }
        out
    }

    /// Whether the question names `value` whole, by its own words: each
    /// word of it is a term's own word or spelling, as written (`TLS1` for
    /// "TLS 1.0", not `TLS1_2`, nor `tls_config` for "TLS"), and not one it
    /// denies (`acknowledged` for "nobody having acknowledged").
    pub fn names_whole(&self, value: &str) -> bool {
        let mut words = 0;
        let mut all = true;
        let denied = |t: usize| self.denied.contains(&self.forms[t][0].text);
        super::terms::for_each_term(value, &mut String::new(), |w, part| {
            if !part {
                words += 1;
                all &= (self.held_by(w).iter()).any(|h| !h.related && !h.longer && !denied(h.term));
            }
        });
        words > 0 && all
    }

    /// Whether a record's key names what the question asks about: one of
    /// its words (`issue_severity`, `filePath`: split at `_`, `-`, `.` and
    /// lower-to-upper case) is a term's own word (not a longer word:
    /// `hostel` is not "hosts"), or the key is a term's stem of four bytes
    /// or more joined to a naming word (`filename` for "files",
    /// `hostname` for "hosts"), or a naming word (`url`, `path`, `id`…)
    /// related to one (`html_url` for "links"): the member an answer's
    /// record shows.
    pub fn names_key(&self, key: &str) -> bool {
        let lower = key.to_ascii_lowercase();
        let compound = (self.forms.iter()).any(|f| {
            let stem = f[0].text.as_str();
            stem.len() >= 4
                && (lower.strip_prefix(stem)).is_some_and(|rest| KEY_SUFFIXES.contains(&rest))
        });
        compound
            || self.names_by_naming_word(key)
            || key_words(key).any(|w| (self.held_by(&w).iter()).any(|h| !h.related && !h.longer))
    }

    /// Whether a naming word of the key (`url`, `id`, `name`, `path`…) is
    /// a word related to a term: `html_url` for "I need links" — or, for
    /// "where", a word of a location (`Filename`, `path`, `line`), for
    /// "when", of a time (`time`, `created_at`), for "who", of an actor
    /// (`caller`, `userIdentity`); or the whole key is
    /// (`sAMAccountName` for "username"). Such a
    /// member is what the question asks to be shown, ahead of one merely
    /// holding a term (`workflow_id` for "workflow runs"). So is a word
    /// naming a record ([`NAME_KEYS`]) related to a term: `Node` for
    /// "which machine".
    pub fn names_by_naming_word(&self, key: &str) -> bool {
        let related = |w: &str| (self.held_by(w).iter()).any(|h| h.related && !h.longer);
        let naming = |w: &str| KEY_SUFFIXES.contains(&w) || NAME_KEYS.contains(&w);
        // A naming key that is itself a word related to a term: Active
        // Directory's `sAMAccountName` for "every username".
        let whole =
            key_words(key).last().is_some_and(|w| naming(&w)) && related(&key.to_ascii_lowercase());
        whole
            || key_words(key).any(|w| {
                (self.where_asked && LOCATION_WORDS.contains(&w.as_str()))
                    || (self.when_asked && TIME_WORDS.contains(&w.as_str()))
                    || (self.who_asked && ACTOR_WORDS.contains(&w.as_str()))
                    || (naming(&w) && related(&w))
            })
    }
}

/// Words of a key holding where a thing is: what "where" asks for.
const LOCATION_WORDS: &[&str] = &[
    "file", "filename", "filepath", "path", "location", "pos", "position", "line", "lineno",
];

/// Words of a key holding when a thing happened: what "when" asks for.
const TIME_WORDS: &[&str] = &[
    "time",
    "timestamp",
    "date",
    "datetime",
    "ts",
    "at",
    "created",
    "started",
    "finished",
    "ended",
    "updated",
    "completed",
    "when",
];

/// Words of a key holding who did a thing: what "who" asks for (Azure's
/// `caller`, CloudTrail's `userIdentity`, `principalId`, `created_by`).
const ACTOR_WORDS: &[&str] = &[
    "caller",
    "user",
    "username",
    "principal",
    "actor",
    "author",
    "owner",
    "initiator",
    "initiated",
    "identity",
    "invoker",
    "requester",
    "operator",
    "upn",
    "by",
];

/// Words a key joins to what it names, unseparated (`filename`, `userid`).
const KEY_SUFFIXES: &[&str] = &[
    "name", "path", "id", "key", "url", "uri", "ip", "ips", "addr", "address", "type",
];

/// The words of a key, lowercased: split at non-alphanumeric bytes and
/// where a lower-case letter meets an upper-case one.
fn key_words(key: &str) -> impl Iterator<Item = String> + '_ {
    let mut words: Vec<String> = vec![String::new()];
    let mut prev_lower = false;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            words.push(String::new());
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            words.push(String::new());
        }
        prev_lower = c.is_lowercase();
        words
            .last_mut()
            .expect("one word at least")
            .extend(c.to_lowercase());
    }
    words.into_iter().filter(|w| !w.is_empty())
}

/// Whether `token` holds `form` (a stem): `Some(false)` when it is its
/// stem, `Some(true)` only as a longer word, `None` not at all. `stem`
/// caches the token's stem across the forms it is compared with. A token
/// that merely spells a stem (`univers`, the stem of `university`) does not
/// hold it unless it stems to it: so holding is mutual between two words.
fn holds(token: &str, form: &str, stem: &mut Option<String>, stems: &Stems) -> Option<bool> {
    if stem.get_or_insert_with(|| stems.of(token).into_owned()) == form {
        Some(false)
    } else if extends(token, form) {
        Some(true)
    } else {
        None
    }
}

/// Line term `tok` extends form `f` of four bytes or more by one to three
/// bytes (`timeout` → `timeouts`, `timeouted`): kept beside stemming for
/// words the stemmer cuts differently (`failure` → `failur`); or by a
/// word a key joins to it unseparated ([`COMPOUND_TAILS`]: ZAP's
/// `riskdesc` for "risk").
fn extends(tok: &str, f: &str) -> bool {
    f.len() >= 4
        && f.is_ascii()
        && tok.len() > f.len()
        && tok.starts_with(f)
        && (tok.len() <= f.len() + 3 || COMPOUND_TAILS.contains(&&tok[f.len()..]))
}

/// Words a key joins to the word it is of (`riskdesc`, `errorcode`,
/// `loglevel`), besides [`KEY_SUFFIXES`]' shorter ones.
const COMPOUND_TAILS: &[&str] = &[
    "name", "path", "desc", "code", "level", "count", "status", "state", "time", "date", "type",
    "list", "info",
];

pub(super) struct Matcher {
    /// Every term's forms, flattened: form `i` is `forms[i]`.
    forms: Vec<String>,
    /// Bit `b0 << 8 | b1` set when some form starts with bytes b0, b1 — a
    /// token sharing no form's first two bytes holds none (stemming keeps
    /// a word's first two bytes).
    pairs: Box<[u64; 1024]>,
    /// Bytes of one-byte forms: a token starting with one may stem to it
    /// (`oing` → `o`), whatever its second byte.
    singles: [u64; 4],
    stems: Stems,
    /// Token → the forms it holds.
    memo: FxHashMap<Box<str>, Box<[u32]>>,
    /// The forms held as written ([`Self::verbatim_hits`]).
    verbatim: Vec<u32>,
}

impl Matcher {
    pub fn new(query: &Query) -> Self {
        let mut m = Matcher {
            forms: (query.forms.iter().flatten())
                .map(|f| f.text.clone())
                .collect(),
            pairs: Box::new([0; 1024]),
            singles: [0; 4],
            stems: Stems::new(),
            memo: FxHashMap::default(),
            verbatim: (query.forms.iter().flatten().enumerate())
                .filter(|(_, f)| f.verbatim)
                .map(|(i, _)| i as u32)
                .collect(),
        };
        for fs in &query.forms {
            for f in fs {
                match f.text.as_bytes() {
                    [] => {}
                    [b] => m.singles[usize::from(*b) / 64] |= 1 << (b % 64),
                    [b0, b1, ..] => {
                        let pair = usize::from(*b0) << 8 | usize::from(*b1);
                        m.pairs[pair / 64] |= 1 << (pair % 64);
                    }
                }
            }
        }
        m
    }

    /// Calls `hit(form)` for every form `token` (lowercased) holds, forms
    /// numbered as [`Query::forms`] flattened.
    pub fn hits(&mut self, token: &str, mut hit: impl FnMut(u32)) {
        let single = |b: u8| self.singles[usize::from(b) / 64] & (1 << (b % 64)) != 0;
        let passes = match token.as_bytes() {
            [] => false,
            [b] => single(*b),
            [b0, b1, ..] => {
                let pair = usize::from(*b0) << 8 | usize::from(*b1);
                self.pairs[pair / 64] & (1 << (pair % 64)) != 0 || single(*b0)
            }
        };
        if !passes {
            return;
        }
        // Words with digits are mostly ids, new on every line: decided each
        // time, never remembered (they would only churn the table).
        if token.bytes().any(|b| b.is_ascii_digit()) {
            self.decide(token).iter().for_each(|&f| hit(f));
            return;
        }
        if let Some(known) = self.memo.get(token) {
            known.iter().for_each(|&f| hit(f));
            return;
        }
        let found = self.decide(token);
        found.iter().for_each(|&f| hit(f));
        if self.memo.len() >= MEMO_ENTRIES {
            self.memo.clear();
        }
        self.memo.insert(token.into(), found);
    }

    /// Calls `hit(form, text)` for every form held as written that `line`
    /// holds, in any case, between word boundaries: a line, not a token,
    /// holds `log4j-core` (in `log4j-core-2.14.1.jar`, not `mylog4j-core`;
    /// `web-1`, not `web-10`).
    pub fn verbatim_hits(&self, line: &str, mut hit: impl FnMut(u32, &str)) {
        let line = line.as_bytes();
        let word = |i: usize| {
            line.get(i)
                .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
        };
        for &f in &self.verbatim {
            let text = &self.forms[f as usize];
            let (name, n) = (text.as_bytes(), text.len());
            // Only where its first byte is, in either case (most lines: nowhere).
            let first = name[0];
            let mut at = memchr::memchr2_iter(first, first.to_ascii_uppercase(), line);
            let held = at.any(|i| {
                line.get(i..i + n)
                    .is_some_and(|w| w.eq_ignore_ascii_case(name))
                    && !word(i + n)
                    && !(i > 0 && word(i - 1))
            });
            if held {
                hit(f, text);
            }
        }
    }

    /// The forms `token` holds. A form whose first two bytes (its only
    /// byte, for a one-byte form) do not start the token is not stemmed
    /// for (see `pairs`).
    fn decide(&self, token: &str) -> Box<[u32]> {
        let mut stem = None;
        let prefix = &token.as_bytes()[..2.min(token.len())];
        (self.forms.iter().enumerate())
            .filter(|(_, form)| {
                let near = prefix.starts_with(&form.as_bytes()[..2.min(form.len())]);
                near && holds(token, form, &mut stem, &self.stems).is_some()
            })
            .map(|(i, _)| i as u32)
            .collect()
    }
}

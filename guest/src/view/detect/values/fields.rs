//! How a line splits into fields — a key and its value — for the values
//! that stand out ([`super`]): a row of an aligned table ([`Table`]: each
//! cell under its column's name), a whole `key: value` line (YAML, JSON
//! re-indented), the pairs inside a line (`key=value`, `key="value"`,
//! `"key":value`, `Key: value`: logfmt, XML attributes, JSON lines, slow-query
//! logs), a metrics sample (`name{labels} value`), a number closing a line
//! in brackets (`<0.000123>`), a comment's last word, and, in a line with
//! none of these, its first words and last by position (`ls -l`). A field is told apart by its key and the kind of line it is on
//! (the first word's shape, the indent), so a `time` attribute of test
//! cases is not mixed with the suites' totals.

use super::table::Table;
use crate::view::detect::names::element;

/// Values longer than this are text, not values.
const VALUE_BYTES: usize = 48;
/// …but a quoted attribute may be a URL.
const QUOTED_BYTES: usize = 96;
/// Keys longer than this are text, not keys.
pub const KEY_BYTES: usize = 64;
/// Pairs read from one line while storing (for speed)…
const MAX_PAIRS: usize = 8;
/// …but from a JSON object a line, and for a question's measure: a
/// request's `duration` may be the ninth member of its JSON line.
pub const ALL_PAIRS: usize = 64;
/// Words of a line without keys kept by position…
const MAX_POSITIONS: usize = 2;
/// …in lines of at most this many words (more: prose).
const MAX_WORDS: usize = 16;

/// One field of a line.
#[derive(Debug, Clone, Copy)]
pub struct Field<'a> {
    /// Which field: its key and the kind of line, hashed.
    pub key: u64,
    /// The key as written.
    pub name: &'a str,
    pub value: &'a str,
}

/// Kinds of line remembered, for skipping those whose fields say nothing…
const MAX_KINDS: usize = 1024;
/// …after this many lines of the kind gave none that does.
const LIFELESS: u32 = 64;

/// Splits lines into fields; remembers an aligned table's header, and
/// the kinds of line whose fields say nothing (a log's plain lines, free
/// text): those are read once, cheaply, past their first lines.
pub struct Fields {
    table: Table,
    /// Per kind of line: lines seen whose fields said nothing, or
    /// `u32::MAX` once one's did.
    lifeless: rustc_hash::FxHashMap<u64, u32>,
    /// Pairs read from one line.
    max_pairs: usize,
}

impl Default for Fields {
    fn default() -> Self {
        Fields::with_pairs(MAX_PAIRS)
    }
}

impl Fields {
    /// Reading up to `max_pairs` pairs of a line.
    pub fn with_pairs(max_pairs: usize) -> Fields {
        Fields {
            table: Table::default(),
            lifeless: Default::default(),
            max_pairs,
        }
    }

    /// Calls `f` with each field of `line`; returns the line's kind when
    /// its fields were found by kind (see [`Self::note`]).
    pub fn split<'a>(&'a mut self, line: &'a str, f: &mut dyn FnMut(Field<'a>)) -> Option<u64> {
        let table = &mut self.table;
        let names = table.names_hash();
        let mut row = false;
        table.see(line, |cell| {
            row = true;
            f(Field {
                key: fnv(names, &(cell.column as u64).to_le_bytes()),
                name: cell.name,
                value: cell.text,
            });
        });
        if row {
            return None;
        }
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let body = body.trim_end();
        if body.is_empty() {
            return None;
        }
        if let Some(field) = whole_line(body, indent) {
            f(field);
            return None;
        }
        let kind = kind_of(body, indent);
        let seen = self.lifeless.get(&kind).copied().unwrap_or(0);
        if (LIFELESS..u32::MAX).contains(&seen) {
            return None;
        }
        let mut any = false;
        let mut found = |field| {
            any = true;
            f(field);
        };
        if let Some(field) = sample(body, kind) {
            found(field);
        }
        // A JSON object a line (JSON Lines) is read whole: its telling
        // member (`"Verified": true`) may come after eight nested ones.
        let json = body.starts_with('{') && body.ends_with('}');
        let max_pairs = if json { ALL_PAIRS } else { self.max_pairs };
        pairs(body, kind, max_pairs, &mut found);
        if let Some(field) = closing_number(body, kind) {
            found(field);
        }
        if let Some(field) = comment_word(body) {
            found(field);
        }
        if !any {
            positions(body, f);
        }
        Some(kind)
    }

    /// Whether the fields of a line of `kind` said anything (a category
    /// still counted, a number): a kind whose lines' never do is skipped.
    pub fn note(&mut self, kind: u64, live: bool) {
        if self.lifeless.len() >= MAX_KINDS && !self.lifeless.contains_key(&kind) {
            return;
        }
        let seen = self.lifeless.entry(kind).or_insert(0);
        // Once live, always live; lifeless counts stop short of that mark.
        *seen = if live || *seen == u32::MAX {
            u32::MAX
        } else {
            (*seen + 1).min(u32::MAX - 1)
        };
    }
}

/// FNV-1a, continued from `h`.
pub fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The coarse kind of `line`, for telling a log entry's next lines from
/// the next entry: its indent and its first word with letters as `a` and
/// digits as `0` (runs as one), quoted text as `""` — rows of a table, the
/// members of a JSON object, entries of a log are each of one kind.
pub fn line_kind(line: &str) -> u64 {
    let body = line.trim_start();
    let mut h = fnv(FNV_START, &((line.len() - body.len()) as u64).to_le_bytes());
    let (mut last, mut quoted) = (0u8, false);
    for &b in body.as_bytes().iter().take(32) {
        if b == b' ' {
            break;
        }
        if quoted {
            quoted = b != b'"';
            if !quoted {
                h = fnv(h, b"\"");
            }
            continue;
        }
        quoted = b == b'"';
        let class = if b.is_ascii_alphabetic() || b >= 0x80 {
            b'a'
        } else if b.is_ascii_digit() {
            b'0'
        } else {
            b
        };
        if !(matches!(class, b'a' | b'0') && class == last) {
            h = fnv(h, &[class]);
        }
        last = class;
    }
    h
}

/// The kind of a line: its indent and its first word's shape (letters as
/// they are, digit runs as one `0`, quoted text as `""`), hashed. A JSON
/// object's line is one kind whatever its first member (Zeek's `"ts"` is
/// written with three to six decimals): its members' keys tell its fields
/// apart.
fn kind_of(body: &str, indent: usize) -> u64 {
    let mut h = fnv(FNV_START, &(indent as u64).to_le_bytes());
    let (mut digits, mut quoted, mut n) = (false, false, 0);
    let object = body.starts_with('{');
    for &b in body.as_bytes() {
        if b == b' ' || n >= 24 || (object && !quoted && b == b':') {
            break;
        }
        n += 1;
        if quoted {
            quoted = b != b'"';
            continue;
        }
        quoted = b == b'"';
        let d = b.is_ascii_digit();
        if !(d && digits) {
            h = fnv(h, &[if d { b'0' } else { b }]);
        }
        digits = d;
    }
    h
}

/// Bytes of a key: letters, digits, `_-."+~` (a table: this runs on
/// every line).
const KEY_CHARS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric()
            || matches!(c, b'_' | b'-' | b'.' | b'"' | b'+' | b'~' | b'(' | b')');
        b += 1;
    }
    table
};

/// Where a line's key ends (its `:` or `=`), when what comes before is a
/// key: letters, digits and `_-."+~()`, one word after any leading `-+~` and
/// spaces, at most [`KEY_BYTES`] without trailing spaces. Read only until
/// a byte no key holds: most lines stop within their first words.
fn key_end(body: &str) -> Option<usize> {
    key_words(body).and_then(|(at, words)| (words == 1).then_some(at))
}

/// Words a key may have before a number ([`whole_line`]): nodetool's
/// `Compacted partition maximum bytes: 2874382626`, `Number of partitions
/// (estimate): 690801`.
const KEY_WORDS: usize = 4;

/// Where a key of up to [`KEY_WORDS`] words ends (its `:` or `=`), and
/// how many words it has.
fn key_words(body: &str) -> Option<(usize, usize)> {
    let (mut word, mut spaced, mut end, mut seen) = (false, false, 0, 0);
    for (i, &b) in body.as_bytes().iter().enumerate() {
        match b {
            b':' | b'=' => return (end > 0 && end <= KEY_BYTES).then_some((i, seen)),
            b' ' => spaced = word,
            b'-' | b'+' | b'~' if !word => end = i + 1,
            // A word in parentheses (`Space used (live):`), not a call
            // (`at Dao.insert(Dao.java:88)`).
            b'(' if word && !spaced => return None,
            b')' if !matches!(body.as_bytes().get(i + 1), Some(b' ' | b':' | b'=')) => {
                return None;
            }
            _ if KEY_CHARS[usize::from(b)] => {
                if spaced {
                    (spaced, word) = (false, false);
                }
                if !word {
                    seen += 1;
                }
                if seen > KEY_WORDS || i >= KEY_BYTES {
                    return None; // a word too many, or too long a key
                }
                (word, end) = (true, i + 1);
            }
            _ => return None,
        }
    }
    None
}

/// A whole `key: value` line: `ready: false`, `"severity": "critical",`,
/// `key = value`; or a key of up to [`KEY_WORDS`] words, then an unquoted
/// number and words about it: `Package id 0:  +61.0°C  (high = +80.0°C)`,
/// `Tasks: 121 total` (the number is the value), or `=` and a word and
/// words about it: `BGP state = Established, up for 05w6d20h`.
fn whole_line(body: &str, indent: usize) -> Option<Field<'_>> {
    // An XML element's text is its value: `<riskcode>3</riskcode>`.
    if let Some((tag, text)) = element(body) {
        return (text.len() <= VALUE_BYTES).then(|| Field {
            key: key_hash(tag, indent),
            name: tag,
            value: text,
        });
    }
    let (at, words) = key_words(body)?;
    let rest = body[at + 1..].trim();
    let whole = rest.trim_end_matches(',').trim_matches('"');
    let value = if words == 1 && !whole.contains(' ') {
        whole
    } else {
        let first = rest.split_whitespace().next()?;
        let number = !first.starts_with('"') && super::numbers::number(first).is_some();
        // `BGP state = Established, up for 05w6d20h`: a state's name after
        // a key of words and `=` (FRR, IOS, ethtool), then what it says.
        // A one-word key (`type=SYSCALL msg=…`) begins a line of pairs.
        let state = words > 1
            && body[..at].ends_with(' ')
            && body.as_bytes()[at] == b'='
            && first
                .trim_end_matches([',', ';'])
                .bytes()
                .all(|c| c.is_ascii_alphabetic());
        (number || state).then_some(first.trim_end_matches([',', ';']))?
    };
    let name = body[..at].trim_end();
    if value.is_empty() || value.len() > VALUE_BYTES {
        return None;
    }
    Some(Field {
        key: key_hash(name, indent),
        name: name.trim_matches(|c| matches!(c, '"' | '-' | '+' | '~' | ' ')),
        value,
    })
}

/// Which field a `key: value` line is, whatever its value (a long one, or
/// words): its key at its indent, as [`whole_line`] keys it.
pub fn line_key(body: &str, indent: usize) -> Option<u64> {
    if let Some((tag, _)) = element(body) {
        return Some(key_hash(tag, indent));
    }
    Some(key_hash(body[..key_end(body)?].trim_end(), indent))
}

fn key_hash(name: &str, indent: usize) -> u64 {
    fnv(
        fnv(FNV_START, &(indent as u64).to_le_bytes()),
        name.as_bytes(),
    )
}

/// A metrics sample: `name{labels} value [timestamp]` or `name value`.
fn sample(body: &str, kind: u64) -> Option<Field<'_>> {
    let b = body.as_bytes();
    let first = *b.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let name_end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b':'))
        .unwrap_or(b.len());
    let rest = match b.get(name_end) {
        Some(b'{') => {
            let close = body[name_end..].find("} ")? + name_end;
            &body[close + 2..]
        }
        Some(b' ') => &body[name_end + 1..],
        _ => return None,
    };
    let value = rest.split(' ').next()?;
    let numeric = value
        .bytes()
        .all(|c| c.is_ascii_digit() || b".-+eE".contains(&c))
        && value.bytes().any(|c| c.is_ascii_digit());
    if !numeric {
        return None;
    }
    let tail_ok = rest[value.len()..]
        .trim()
        .bytes()
        .all(|c| c.is_ascii_digit() || c == b' ');
    tail_ok.then(|| Field {
        key: fnv(kind, &body.as_bytes()[..name_end]),
        name: &body[..name_end],
        value,
    })
}

/// The pairs inside a line: `key=value`, `key="value"`, `"key":value`,
/// `"key": value`, `Key: value`.
fn pairs<'a>(body: &'a str, kind: u64, max_pairs: usize, f: &mut dyn FnMut(Field<'a>)) {
    let b = body.as_bytes();
    let mut found = 0;
    let mut i = 0;
    while i < b.len() && found < max_pairs {
        // The next separator, found fast (lines run long).
        let Some(at) = memchr::memchr2(b'=', b':', &b[i..]) else {
            break;
        };
        i += at;
        let sep = b[i];
        if sep == b':' && i == 0 {
            i += 1;
            continue;
        }
        // The key before the separator: a word, maybe quoted.
        let mut k_end = i;
        let quoted_key = k_end > 0 && b[k_end - 1] == b'"';
        if quoted_key {
            k_end -= 1;
        }
        let mut k_start = k_end;
        while k_start > 0
            && (b[k_start - 1].is_ascii_alphanumeric()
                || matches!(b[k_start - 1], b'_' | b'-' | b'.'))
        {
            k_start -= 1;
        }
        let key_ok = k_end > k_start
            && k_end - k_start <= KEY_BYTES
            && b[k_start].is_ascii_alphabetic()
            && (!quoted_key || (k_start > 0 && b[k_start - 1] == b'"'));
        // `Key: value` needs the space; `a:b` (a time, a URL) is no pair.
        let mut v_start = i + 1;
        if sep == b':' {
            if !quoted_key {
                if b.get(v_start) != Some(&b' ') {
                    i += 1;
                    continue;
                }
                v_start += 1;
            } else if b.get(v_start) == Some(&b' ') {
                v_start += 1;
            }
        }
        if !key_ok || v_start >= b.len() {
            i += 1;
            continue;
        }
        let (value, next) = if b[v_start] == b'"' {
            match memchr::memchr(b'"', &b[v_start + 1..]) {
                Some(len) if len <= QUOTED_BYTES => {
                    (&body[v_start + 1..v_start + 1 + len], v_start + len + 2)
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
        } else {
            let len = b[v_start..]
                .iter()
                .position(|c| matches!(c, b' ' | b',' | b'}' | b']' | b';' | b')' | b'&' | b'"'))
                .unwrap_or(b.len() - v_start);
            (&body[v_start..v_start + len], v_start + len)
        };
        if !value.is_empty() && value.len() <= QUOTED_BYTES {
            found += 1;
            f(Field {
                key: fnv(kind, &b[k_start..k_end]),
                name: &body[k_start..k_end],
                value,
            });
        }
        i = next.max(i + 1);
    }
}

/// A number closing a line in brackets: strace's `<0.000123>`.
fn closing_number(body: &str, kind: u64) -> Option<Field<'_>> {
    let close = *body.as_bytes().last()?;
    let open = match close {
        b'>' => '<',
        b')' => '(',
        b']' => '[',
        _ => return None,
    };
    let at = body.rfind(open)?;
    let inner = &body[at + 1..body.len() - 1];
    let numeric = !inner.is_empty()
        && inner.len() <= 24
        && inner.bytes().next().is_some_and(|c| c.is_ascii_digit())
        && !inner.contains(' ');
    numeric.then(|| Field {
        key: fnv(kind, &[open as u8, close]),
        name: &body[at..at + 1],
        value: inner,
    })
}

/// A line of words with no keys, as `ls -l` prints them: its first two
/// words and its last, by position among lines of as many words — when it
/// starts with a code (a log line starts with its time, prose with a word),
/// or with a date and time and then a number (`aws s3 ls`: the object's
/// size), those two words aside.
fn positions<'a>(body: &'a str, f: &mut dyn FnMut(Field<'a>)) -> bool {
    let (dated, rest) = dated_number(body).map_or((false, body), |rest| (true, rest));
    // A code (`-rw-r--r--`, `PASS`), not a time nor a word of prose.
    let first = rest.split(' ').next().unwrap_or("");
    let code = first.bytes().any(|b| !b.is_ascii_alphabetic())
        || first.bytes().all(|b| !b.is_ascii_lowercase());
    if (!dated && body.as_bytes()[0].is_ascii_digit()) || !code {
        return false;
    }
    let body = rest;
    let mut words: [&str; MAX_POSITIONS] = [""; MAX_POSITIONS];
    let mut n = 0;
    let mut last = "";
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        if n < MAX_POSITIONS {
            words[n] = word;
        }
        n += 1;
        last = word;
        if n > MAX_WORDS {
            return false;
        }
    }
    if !((if dated { 2 } else { 4 })..=MAX_WORDS).contains(&n) {
        return false;
    }
    let kind = fnv(FNV_START, &[b'#', n as u8, u8::from(dated)]);
    for (at, word) in [(0u8, words[0]), (1, words[1]), (u8::MAX, last)] {
        f(Field {
            key: fnv(kind, &[at]),
            name: match at {
                0 => "first word",
                1 => "second word",
                _ => "last word",
            },
            value: word,
        });
    }
    true
}

/// What follows a line's leading date and time (`2026-11-15 03:41:12`)
/// when it starts with a whole number: a listing's size or count, not a
/// log's message (which starts with a level or a name).
fn dated_number(body: &str) -> Option<&str> {
    let mut words = body.splitn(3, ' ');
    let (date, time, rest) = (words.next()?, words.next()?, words.next()?);
    let digits_with = |w: &str, sep: u8| {
        w.len() >= 8
            && w.bytes().all(|b| b.is_ascii_digit() || b == sep)
            && w.bytes().filter(|&b| b == sep).count() == 2
    };
    let rest = rest.trim_start();
    let number = rest.split(' ').next()?;
    let whole = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
    (digits_with(date, b'-') && digits_with(time, b':') && whole).then_some(rest)
}

/// A comment's last word: `# aws_x.y will be destroyed`.
fn comment_word(body: &str) -> Option<Field<'_>> {
    if !body.starts_with('#') {
        return None;
    }
    let (rest, last) = body.rsplit_once(' ')?;
    let word = last.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') && last.len() <= 20;
    (word && !last.is_empty()).then(|| Field {
        key: template_hash(rest),
        name: rest,
        value: last,
    })
}

/// A hash of `text` with its values masked: words holding a digit, `.`,
/// `_`, `[` or a quote (numbers, ids, names) count as one placeholder.
fn template_hash(text: &str) -> u64 {
    let mut h = FNV_START;
    for word in text.split(' ') {
        let value = word
            .bytes()
            .any(|b| b.is_ascii_digit() || b"._[\"/".contains(&b));
        h = fnv(h, if value { b"\x01" } else { word.as_bytes() });
        h = fnv(h, b" ");
    }
    h
}

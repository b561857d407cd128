//! The tokenizer shared by queries and lines: word runs, snake_case parts,
//! bigrams of scripts written without spaces, and the service a host's
//! well-known port names (`203.0.113.7:22` holds `ssh`).

/// Terms of a query or a line, lowercased, in order, duplicates kept.
///
/// Word runs (letters, digits, `_`, any alphabet with spaces) are kept whole
/// and, when they contain `_` or change case inside (`CrashLoopBackOff`),
/// also split into their parts (`foo_bar` → `foo_bar`, `foo`, `bar`): a query
/// for `tokio` must find `tokio_util`, one for `crash loop` must find
/// `CrashLoopBackOff`. Paths, dotted names and kebab-case split on `/`, `.`
/// and `-` anyway. Runs of scripts written without spaces (CJK
/// ideographs, kana, Hangul, Thai, Lao, Myanmar, Khmer) have no word
/// boundaries to find, so they yield overlapping bigrams (a lone character
/// yields itself). Punctuation, symbols and emoji separate terms. A
/// well-known port after a host (`10.0.0.5:3389`, `git.example.org:22`)
/// also yields its service's name as a part ([`service`]): a question
/// about SSH finds `CONNECT 203.0.113.7:22`, which holds no word of it.
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_term(text, &mut String::new(), |t, _| out.push(t.to_owned()));
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Class {
    Sep,
    Word,
    Spaceless,
}

fn class(c: char) -> Class {
    if c.is_ascii() {
        return if c.is_ascii_alphanumeric() || c == '_' {
            Class::Word
        } else {
            Class::Sep
        };
    }
    let u = c as u32;
    // South-east Asian scripts: whole block, since their combining vowel and
    // tone marks are not all `Alphabetic` but are part of the word.
    if matches!(u, 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF) {
        return Class::Spaceless;
    }
    let cjk = matches!(u,
        0x1100..=0x11FF | 0x3040..=0x30FF | 0x3130..=0x318F | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7FF
        | 0xF900..=0xFAFF | 0xFF66..=0xFF9F | 0x20000..=0x3FFFF);
    match (cjk, c.is_alphanumeric()) {
        (true, true) => Class::Spaceless, // excludes punctuation such as `・`
        (false, true) => Class::Word,
        _ => Class::Sep,
    }
}

/// The tokenizer behind [`terms`]: calls `emit(term, is_part)` per term,
/// lowercasing word runs into the reused `buf` so the per-line hot path
/// allocates nothing.
pub(super) fn for_each_term(text: &str, buf: &mut String, emit: impl FnMut(&str, bool)) {
    for_each_term_in_clauses(text, buf, emit, || {});
}

/// [`for_each_term`], calling `clause_ends` at each byte that ends a
/// clause: `,` `;` `=` `|`, a quote, a bracket, a `.` before a space
/// ([`super::denial`]: a negation denies up to its clause's end). In the
/// same pass as the words: this runs for every line.
pub(super) fn for_each_term_in_clauses(
    text: &str,
    buf: &mut String,
    mut emit: impl FnMut(&str, bool),
    mut clause_ends: impl FnMut(),
) {
    let ends_clause = |bytes: &[u8], i: usize| match bytes[i] {
        b',' | b';' | b'=' | b'|' | b'"' | b'(' | b')' | b'[' | b']' | b'{' | b'}' => true,
        b'.' => bytes.get(i + 1).is_some_and(u8::is_ascii_whitespace),
        _ => false,
    };
    if text.is_ascii() {
        // Fast path for the common case: plain bytes, no char decoding.
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            if i > start {
                word(&text[start..i], buf, &mut emit);
                // Most words follow no `:`: one byte tells, here.
                if start > 0
                    && bytes[start - 1] == b':'
                    && let Some(name) = service(text, start, i)
                {
                    emit(name, true);
                }
            }
            if i < bytes.len() && ends_clause(bytes, i) {
                clause_ends();
            }
            i += 1;
        }
        return;
    }
    let mut iter = text.char_indices().peekable();
    while let Some((start, c)) = iter.next() {
        let kind = class(c);
        if kind == Class::Sep {
            if c.is_ascii() && ends_clause(text.as_bytes(), start) {
                clause_ends();
            }
            continue;
        }
        let mut end = start + c.len_utf8();
        let mut prev = start;
        while let Some((i, d)) = iter.next_if(|&(_, d)| class(d) == kind) {
            end = i + d.len_utf8();
            if kind == Class::Spaceless {
                emit(&text[prev..end], false);
            }
            prev = i;
        }
        match kind {
            Class::Word => {
                word(&text[start..end], buf, &mut emit);
                if let Some(name) = service(text, start, end) {
                    emit(name, true);
                }
            }
            _ if prev == start => emit(&text[start..end], false), // a lone character
            _ => {}
        }
    }
}

/// Services by their well-known ports, as people name them.
const SERVICES: &[(&str, &str)] = &[
    ("21", "ftp"),
    ("22", "ssh"),
    ("23", "telnet"),
    ("25", "smtp"),
    ("53", "dns"),
    ("80", "http"),
    ("110", "pop3"),
    ("143", "imap"),
    ("389", "ldap"),
    ("443", "https"),
    ("445", "smb"),
    ("465", "smtp"),
    ("587", "smtp"),
    ("636", "ldaps"),
    ("993", "imap"),
    ("1433", "mssql"),
    ("1521", "oracle"),
    ("3306", "mysql"),
    ("3389", "rdp"),
    ("5432", "postgres"),
    ("5900", "vnc"),
    ("6379", "redis"),
    ("9200", "elasticsearch"),
    ("11211", "memcached"),
    ("27017", "mongodb"),
];

/// The service named by the word run `text[start..end]` when it is a
/// well-known port after a host: `:` before it, and before that an
/// address or a host name with a dot (`10.0.0.5`, `git.example.org`,
/// `[::1]`) or `localhost`, with no `:` or `.` and a digit after it. A
/// time (`03:14:22`, `2026-11-27T03:14`) has no dotted host, so its
/// minutes are no port.
fn service(text: &str, start: usize, end: usize) -> Option<&'static str> {
    let b = text.as_bytes();
    // Most words follow no `:`: one byte tells (this runs on every word).
    let colon = start.checked_sub(1)?;
    if b[colon] != b':' || b.get(end) == Some(&b':') {
        return None;
    }
    let name = SERVICES
        .iter()
        .find(|(port, _)| *port == &text[start..end])?
        .1;
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if colon > 0 && b[colon - 1] == b']' {
        return Some(name);
    }
    let host_start = b[..colon]
        .iter()
        .rposition(|&c| !(c.is_ascii_alphanumeric() || c == b'.' || c == b'-' || c == b'_'))
        .map_or(0, |at| at + 1);
    let host = &text[host_start..colon];
    let dotted = host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host.bytes().any(|c| c.is_ascii_alphanumeric());
    // A source file and its line (`(Foo.java:80)`, `server.py:22`,
    // `/app/main.go:53`) is no host and port.
    let source = (host.rsplit('.').next()).is_some_and(|ext| {
        SOURCE_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(ext))
    });
    ((dotted && !source) || host.eq_ignore_ascii_case("localhost")).then_some(name)
}

/// Extensions of source files, whose `name.ext:line` is no `host:port`
/// (not those that are countries' domains too: `.rs`, `.pl`, `.sh`).
const SOURCE_EXTENSIONS: &[&str] = &[
    "java", "kt", "scala", "groovy", "go", "py", "rb", "js", "mjs", "ts", "tsx", "jsx", "c", "cpp",
    "h", "hpp", "cs", "php", "swift", "ex", "exs", "erl", "lua",
];

/// Emits a word run lowercased, then its parts when it has several:
/// snake_case and camelCase pieces (`restartCount` → `restartcount`,
/// `restart`, `count`; `HTTPServer` → … `http`, `server`), so a question's
/// plain words find the identifiers that hold them.
fn word(run: &str, buf: &mut String, emit: &mut impl FnMut(&str, bool)) {
    if run.starts_with('_') && run.bytes().all(|b| b == b'_') {
        return;
    }
    buf.clear();
    if run.is_ascii() {
        buf.push_str(run);
        buf.make_ascii_lowercase();
    } else {
        buf.extend(run.chars().map(fold_width).flat_map(char::to_lowercase));
    }
    emit(buf, false);
    if !has_parts(run) {
        return;
    }
    let mut piece = String::new();
    let mut offset = 0;
    // snake_case alone (the common case) has no case change to look for.
    let camel = !run.is_ascii() || run.bytes().any(|b| b.is_ascii_uppercase());
    for segment in run.split('_') {
        let mut start = 0;
        let cuts = camel_boundaries(segment).filter(|_| camel);
        for at in cuts.chain([segment.len()]) {
            if at > start {
                if run.is_ascii() {
                    // Same offsets in the lowercased copy: no allocation.
                    emit(&buf[offset + start..offset + at], true);
                } else {
                    // Lowercasing can change byte lengths: lowercase the piece.
                    piece.clear();
                    let chars = segment[start..at].chars().map(fold_width);
                    piece.extend(chars.flat_map(char::to_lowercase));
                    emit(&piece, true);
                }
            }
            start = at;
        }
        offset += segment.len() + 1;
    }
}

/// Fullwidth forms (`ＥＲＲＯＲ１`, common in CJK text) as ASCII: the word
/// and its parts alike.
fn fold_width(c: char) -> char {
    match c as u32 {
        u @ (0xFF10..=0xFF19 | 0xFF21..=0xFF3A | 0xFF3F | 0xFF41..=0xFF5A) => {
            char::from_u32(u - 0xFEE0).unwrap_or(c)
        }
        _ => c,
    }
}

/// Whether `run` has parts: a `_`, or a case change inside (`camelCase`).
fn has_parts(run: &str) -> bool {
    let b = run.as_bytes();
    // Fast path, one pass: most words have no `_` and no capital after the
    // first letter.
    if run.is_ascii() {
        return b[1..].iter().any(|&c| c == b'_' || c.is_ascii_uppercase())
            && (run.contains('_') || camel_boundaries(run).next().is_some());
    }
    run.contains('_') || camel_boundaries(run).next().is_some()
}

/// Byte offsets where a camelCase word's pieces start (after the first):
/// before an upper-case letter that follows a lower-case letter or digit,
/// and before the last capital of a run followed by a lower-case letter
/// (`HTTPServer` → `HTTP|Server`).
fn camel_boundaries(word: &str) -> impl Iterator<Item = usize> + '_ {
    let mut chars = word.char_indices().peekable();
    let mut prev = chars.next().map(|(_, c)| c);
    std::iter::from_fn(move || {
        while let Some((at, c)) = chars.next() {
            let before = prev.replace(c)?;
            let next = chars.peek().map(|&(_, n)| n);
            // An acronym's plural (`TailscaleIPs`, `URLs`) is one word.
            let plural = &word[at + c.len_utf8()..] == "s";
            let boundary = c.is_uppercase()
                && (before.is_lowercase()
                    || before.is_numeric()
                    || (before.is_uppercase() && next.is_some_and(char::is_lowercase) && !plural));
            if boundary {
                return Some(at);
            }
        }
        None
    })
}

//! Which member of a record the question names, from its key: by a
//! naming word related to a term (`html_url` for "links", `Filename` for
//! "where", `eventTimestamp` for "at what time") or by a term. One home
//! for the rule, used by what shows a line's record ([`super::record`])
//! and a long record's passage ([`super::passage`]).

use super::search::Query;
use crate::view::detect::names::naming_key;

/// Members a question names by naming words shown of one record, at most:
/// "who … and at what time" names two.
pub(super) const NAMED_MEMBERS: usize = 2;
/// A label (`Serial Number:`) is this long at most.
const LABEL_BYTES: usize = 32;

/// How the question names the member on line `body` keyed `key`:
/// `Some(true)` by a naming word related to a term (`html_url` for
/// "links", `Filename` for "where"), `Some(false)` by a term, `None` not
/// at all — nor an opener's key (`"Pos": {`, YAML's `pos:`), whose
/// members follow.
pub(super) fn named_by(asked: &Query, body: &str, key: &str) -> Option<bool> {
    if body.ends_with(['{', '[', ':']) {
        return None;
    }
    named_by_key(asked, key)
}

/// Whether line `text` is a member the question names by a naming word
/// (`eventTimestamp` for "at what time", `html_url` for "links"): what a
/// long record shows beside its matching lines.
pub(super) fn names_member(asked: &Query, text: &str) -> bool {
    let body = text.trim();
    (naming_key(body).or_else(|| label(body)))
        .is_some_and(|key| named_by(asked, body, key) == Some(true))
}

/// Whether `body` opens a list (`"TailscaleIPs": [`) whose key the
/// question names by a naming word (an address for "what's its
/// address"): its first item is the member to show.
pub(super) fn names_list(asked: &Query, body: &str, key: &str) -> bool {
    body.ends_with('[') && named_by_key(asked, key) == Some(true)
}

/// Whether the member on line `body` holds a path to a file (`"component":
/// "shop:src/main/java/…/OrderDao.java"`) and the question asks for files
/// by that word: the member to show when no key is named so (a scanner
/// that keys its file `component`, `location`, `target`).
pub(super) fn holds_asked_file(asked: &Query, body: &str) -> bool {
    asked.asks_for_files() && naming_key(body).is_some() && value_is_file_path(body)
}

/// Whether a member's value (after its key) is one path to a file: a `/`
/// or `\`, no space, and a last part with an extension of 1–5 letters or
/// digits.
fn value_is_file_path(body: &str) -> bool {
    let Some((_, value)) = body.split_once(':') else {
        return false;
    };
    let value = value.trim().trim_end_matches(',').trim_matches('"');
    let last = value.rsplit(['/', '\\']).next().unwrap_or_default();
    let extension = last.rsplit_once('.');
    value.contains(['/', '\\'])
        && !value.contains(char::is_whitespace)
        && extension.is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// [`named_by`] for a key whose value is known to be no opener.
fn named_by_key(asked: &Query, key: &str) -> Option<bool> {
    (asked.names_key(key)).then(|| asked.names_by_naming_word(key))
}

/// Where the member the question names starts in a JSON object on one
/// line (a JSON lines entry): `"RequestPath":` for "which endpoints", a
/// member named by its naming word before one holding a term, then the
/// one holding most of the question's words; kept when the line is cut.
pub fn asked_at(line: &str, asked: &Query) -> Option<usize> {
    if !line.trim_start().starts_with('{') {
        return None;
    }
    // The best named member so far: by a naming word before by a term,
    // then holding more of the question's words (`client_ip` over a
    // nested `ip` for "from what IP address did the client come"), then
    // the first.
    let mut best: Option<((bool, usize), usize)> = None;
    let mut from = 0;
    while let Some(i) = line[from..].find("\":") {
        let end = from + i;
        from = end + 2;
        let Some(start) = line[..end].rfind('"') else {
            continue;
        };
        let key = &line[start + 1..end];
        let keyed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.');
        let opener = line[from..].trim_start().starts_with(['{', '[']);
        if key.is_empty() || key.len() > LABEL_BYTES || !key.bytes().all(keyed) || opener {
            continue;
        }
        if let Some(naming) = named_by_key(asked, key) {
            let rank = (naming, asked.held_in(key).len());
            if best.is_none_or(|(r, _)| rank > r) {
                best = Some((rank, start));
            }
        }
    }
    best.map(|(_, start)| start)
}

/// The label of a `Serial Number:    ZL2P76SG` line: words before a colon,
/// at most [`LABEL_BYTES`].
pub(super) fn label(body: &str) -> Option<&str> {
    let (label, _) = body.split_once(':')?;
    let words = |c: char| c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-');
    (label.len() <= LABEL_BYTES
        && label.starts_with(|c: char| c.is_ascii_alphabetic())
        && label.chars().all(words))
    .then_some(label.trim_end())
}

//! "Which phones are offline and haven't come back?": the things whose
//! last word in the output is the state asked for. A log says a state
//! change as a message ending in the state (`Endpoint 2230 is now
//! Unreachable`, `service nginx: stopped`); the same message with another
//! last word later (`Endpoint 2230 is now Reachable`) says the thing left
//! that state. Every line whose message ends in a word of the question
//! opens its thing, keyed by the message up to that word; a later line
//! whose message starts with that key and ends otherwise closes it. What is
//! open at the end is still so. Asked when the question says still,
//! remain, currently, right now, or come back ([`asks`]).

use rustc_hash::FxHashMap;

use super::passage::read;
use super::search::{LineHits, LineTerms, Query};
use crate::doc::Doc;
use crate::llm::Failure;
use crate::view::preview::clip;

/// Things tracked at most: memory stays bounded whatever the output.
const MAX_THINGS: usize = 4096;
/// A message's key is at least this long (`is now` names nothing)…
const MIN_KEY: usize = 8;
/// …and at most this long (the end of a longer one is kept).
const MAX_KEY: usize = 160;
/// Bytes of a key's start that index it.
const INDEX_BYTES: usize = 8;
/// A shown line is clipped to this many bytes.
const LINE_BYTES: usize = 240;

/// Whether `question` asks what is still in a state: "still down", "what
/// remains", "currently offline", "right now", "haven't come back",
/// "not recovered".
pub fn asks(question: &str) -> bool {
    let words = super::intent::words(question);
    let w = |i: usize| words.get(i).map_or("", String::as_str);
    (0..words.len()).any(|i| {
        matches!(
            w(i),
            "still" | "remain" | "remains" | "remaining" | "currently" | "recovered"
        ) || (w(i) == "right" && w(i + 1) == "now")
            || (matches!(w(i), "come" | "came" | "coming") && w(i + 1) == "back")
    })
}

/// A thing's state, as its last line said it.
struct Thing {
    /// The line that said it.
    line: u64,
    /// Said in a word of the question.
    asked: bool,
}

/// The things whose last message ends in a word of the question, while
/// the search reads the view.
pub struct Still {
    things: FxHashMap<String, Thing>,
    /// Keys by their first [`INDEX_BYTES`].
    index: FxHashMap<String, Vec<String>>,
    /// Things that left the asked state.
    left: u64,
    /// Which of the question's terms a word holds.
    terms: LineTerms,
    /// The current line's messages.
    spans: Vec<(usize, usize)>,
}

impl Still {
    pub fn new(query: &Query) -> Self {
        Still {
            things: FxHashMap::default(),
            index: FxHashMap::default(),
            left: 0,
            terms: LineTerms::new(query),
            spans: Vec::new(),
        }
    }

    /// Line `n`, holding `hits`.
    pub fn push(&mut self, n: u64, line: &str, hits: &LineHits) {
        let mut spans = std::mem::take(&mut self.spans);
        messages(line, &mut spans);
        for &(start, end) in &spans {
            let message = &line[start..end];
            // A known thing's message: the state it says now.
            if let Some(keys) = message.get(..INDEX_BYTES).and_then(|p| self.index.get(p)) {
                let key = (keys.iter())
                    .filter(|k| message.starts_with(k.as_str()) && message.len() > k.len())
                    .max_by_key(|k| k.len())
                    .cloned();
                if let Some(key) = key {
                    let state = last_word(&message[key.len()..]).to_ascii_lowercase();
                    let asked = hits.any() && self.holds(&state);
                    if let Some(thing) = self.things.get_mut(&key) {
                        if thing.asked && !asked {
                            self.left += 1;
                        }
                        *thing = Thing { line: n, asked };
                    }
                    continue;
                }
            }
            if !hits.any() || self.things.len() >= MAX_THINGS {
                continue;
            }
            // A new thing: its message ends in a word of the question.
            let word = last_word(message);
            let key = message[..message.len() - word.len()].trim_end();
            if key.len() < MIN_KEY
                || key.len() > MAX_KEY
                || !key.bytes().any(|b| b.is_ascii_alphabetic())
                || !self.holds(word)
            {
                continue;
            }
            let key = format!("{key} ");
            let Some(start) = key.get(..INDEX_BYTES) else {
                continue;
            };
            (self.index.entry(start.to_string()).or_default()).push(key.clone());
            self.things.insert(
                key,
                Thing {
                    line: n,
                    asked: true,
                },
            );
        }
        self.spans = spans;
    }

    /// Whether `word` holds a term of the question (the search's own
    /// matching, which remembers the words it has decided).
    fn holds(&mut self, word: &str) -> bool {
        !word.is_empty() && self.terms.count(word) > 0
    }

    /// The section: the lines of the things still in the asked state, in
    /// line order, within `room` bytes; with the lines shown. Empty when
    /// none left it (nothing tells them apart from a plain search).
    pub fn render(&self, doc: &Doc, room: usize) -> Result<(String, Vec<u64>), Failure> {
        let mut still: Vec<u64> = (self.things.values())
            .filter(|t| t.asked)
            .map(|t| t.line)
            .collect();
        if self.left == 0 || still.is_empty() {
            return Ok((String::new(), Vec::new()));
        }
        still.sort_unstable();
        let mut out = format!(
            "\n[{} things whose last message says a word of the question, still so ({} others said another state later)]\n",
            still.len(),
            self.left
        );
        let mut shown = Vec::new();
        for &at in &still {
            for (n, line) in read(doc, at, at)? {
                let text = format!("{n}: {}\n", clip(line.trim_end(), LINE_BYTES));
                if out.len() + text.len() > room {
                    out.push_str(&format!("[{} more not shown]\n", still.len() - shown.len()));
                    return Ok((out, shown));
                }
                out.push_str(&text);
                shown.push(n);
            }
        }
        Ok((out, shown))
    }
}

/// The messages of `line`, as byte ranges: the text after each `: `, `] `
/// or `. ` up to the next one, trimmed of spaces and closing punctuation.
/// One pass over the line's spaces: this runs for every line.
fn messages(line: &str, out: &mut Vec<(usize, usize)>) {
    out.clear();
    let b = line.as_bytes();
    let cuts = memchr::memchr_iter(b' ', b)
        .filter(|&i| i > 0 && matches!(b[i - 1], b':' | b']' | b'.'))
        .map(|i| i + 1);
    let mut start = None;
    // The line's end, as if a separator followed it.
    for cut in cuts.chain([b.len() + 2]) {
        if let Some(from) = start {
            let text = &line[from..(cut - 2).max(from)];
            let trimmed = text.trim_end_matches(|c: char| c.is_whitespace() || ".,;!)".contains(c));
            let lead = text.len() - text.trim_start().len();
            if trimmed.len() > lead {
                out.push((from + lead, from + trimmed.len()));
            }
        }
        start = Some(cut);
    }
}

/// The last word of `text` (letters, digits, `_` and `-`).
fn last_word(text: &str) -> &str {
    let at = text
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| {
            i + text[i..].chars().next().map_or(1, char::len_utf8)
        });
    &text[at..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_is_asked_by_still_remain_right_now_and_come_back() {
        for q in [
            "Which hosts are still down?",
            "Which desk phones are offline right now and haven't come back?",
            "which services have not recovered",
            "What remains unreachable?",
        ] {
            assert!(asks(q), "{q}");
        }
        for q in [
            "Which hosts went down?",
            "When did it come up?",
            "now what?",
        ] {
            assert!(!asks(q), "{q}");
        }
    }

    #[test]
    fn a_message_is_the_text_after_a_prefix_up_to_the_next() {
        let line = "[Nov 27 09:03:17] VERBOSE[4190] res_pjsip/pjsip_options.c: Contact 2230/sip:2230@10.20.22.78:5060 is now Unreachable.  RTT: 0.000 msec";
        let mut spans = Vec::new();
        messages(line, &mut spans);
        let found: Vec<&str> = spans.iter().map(|&(a, b)| &line[a..b]).collect();
        assert!(
            found.contains(&"Contact 2230/sip:2230@10.20.22.78:5060 is now Unreachable"),
            "{found:?}"
        );
        assert_eq!(last_word("Endpoint 2230 is now Unreachable"), "Unreachable");
        let line =
            "[Nov 27 09:03:17] res_pjsip/pjsip_configuration.c: Endpoint 2230 is now Unreachable";
        messages(line, &mut spans);
        let last = spans.last().map(|&(a, b)| &line[a..b]);
        assert_eq!(last, Some("Endpoint 2230 is now Unreachable"));
    }
}

//! Search across a session's stored outputs (`engine.search`): which of
//! them hold a question's words, best first, each with its best lines.
//!
//! An agent that ran forty commands asks "which of them mentioned
//! `E_QUOTA`?" without knowing a handle. Each output's view is streamed
//! once, newest first, through the `lexical` mode's matcher (stems and
//! related words: [`LineTerms`]); what is kept of an output is a few counts
//! and its best lines, so memory does not grow with the bytes read, and a
//! call reads at most [`SCAN_BYTES`], so its time is bounded too. A term's
//! weight is the question's weight of it times its rarity across the
//! outputs searched (a word every output holds tells none apart), and an
//! output ranks by the weight of the terms it holds plus that of the terms
//! its best line holds together.

use crate::EngineError;
use crate::bindings::types::SearchRequest;
use crate::display;
use crate::doc::{Doc, Opened};
use crate::handle::{Handle, shorten};
use crate::storage::Storage;
use crate::strategy::lexical::question_query;
use crate::strategy::lexical::search::{LineTerms, PART_WEIGHT, Query};
use tool_output_wire::contract::DEFAULT_MAX_INLINE_BYTES;

/// View bytes one call reads at most: about a second of matching.
pub const SCAN_BYTES: u64 = 64 << 20;
/// Best lines kept of an output while reading (ranked again once the
/// terms' rarity is known), and shown of it.
const KEPT_LINES: usize = 4;
const SHOWN_LINES: usize = 2;
/// Bytes of a shown line, around its first hit.
const LINE_BYTES: usize = 200;
/// Chars of a tool's arguments shown.
const ARGS_CHARS: usize = 80;
/// Bytes of a question: it is quoted whole in the calls that go on.
const MAX_QUESTION_BYTES: usize = 2000;
/// Chars of the question repeated in the answer's first line.
const QUESTION_CHARS: usize = 200;
/// Room kept for the closing notes, besides the question quoted in them.
const NOTES_RESERVE: usize = 600;

/// One output, read: what ranking and showing it needs.
struct Found {
    handle: String,
    tool: String,
    args: String,
    view_lines: u64,
    /// Lines holding each term.
    lines_with: Vec<u64>,
    /// The best lines (number, terms held as bits, text), by the question's
    /// weights; ties to the earlier.
    best: Vec<(u64, u64, String)>,
    /// Lines read, when the byte bound stopped the read inside the output.
    cut_at: Option<u64>,
    score: f64,
}

/// The answer to `req` over the outputs of `st`.
pub fn search(st: &dyn Storage, req: &SearchRequest) -> Result<String, EngineError> {
    search_within(st, req, SCAN_BYTES)
}

/// [`search`], reading at most `scan_bytes` of views.
pub fn search_within(
    st: &dyn Storage,
    req: &SearchRequest,
    scan_bytes: u64,
) -> Result<String, EngineError> {
    let max_bytes = req.max_bytes.unwrap_or(DEFAULT_MAX_INLINE_BYTES) as usize;
    if req.question.len() > MAX_QUESTION_BYTES {
        return Err(EngineError::InvalidArgument(format!(
            "the question is {} bytes; ask in at most {MAX_QUESTION_BYTES}: the words to look for",
            req.question.len()
        )));
    }
    // Shown shortened and with its control characters escaped (it is the
    // caller's text: no escape reaches a terminal); quoted whole in the
    // calls that go on, so they search for the same words.
    let question = display::shown(req.question.trim(), QUESTION_CHARS);
    let quoted = serde_json::to_string(req.question.trim()).unwrap_or_default();
    let query = question_query(&unframed(&req.question)).ok_or_else(|| {
        EngineError::InvalidArgument(
            "the question has no words to search for: give the words the outputs would hold"
                .to_string(),
        )
    })?;
    let named = named(&query);
    let mut outputs = crate::doc::open_all(st)?;
    outputs.reverse(); // newest first
    let handle_of = |o: &Opened| match o {
        Ok(doc) => doc.handle.to_string(),
        Err((handle, _)) => handle.to_string(),
    };
    if let Some(before) = &req.before {
        let before = Handle::parse(before)?;
        let at = (outputs.iter().position(|o| handle_of(o) == before.as_str()))
            .ok_or_else(|| EngineError::UnknownHandle(before.to_string()))?;
        outputs.drain(..=at);
    }
    let mut found = Vec::new();
    let (mut searched, mut unreadable, mut budget) = (0, 0, scan_bytes);
    // Where the read stopped: the last output searched.
    let mut stopped_at = None;
    for (i, output) in outputs.iter().enumerate() {
        let Ok(doc) = output else {
            unreadable += 1;
            continue;
        };
        if budget == 0 {
            break;
        }
        match read(doc, &query, &mut budget) {
            Ok(one) => {
                searched += 1;
                stopped_at = Some(i);
                // Parts of an identifier alone (`e`, `quota` of
                // `E_QUOTA`) are not the question's words.
                if named.iter().any(|&t| one.lines_with[t] > 0) {
                    found.push(one);
                }
            }
            Err(_) => unreadable += 1,
        }
    }
    let left = stopped_at.map_or(0, |i| outputs[i + 1..].iter().filter(|o| o.is_ok()).count());
    let last_searched = stopped_at.map(|i| handle_of(&outputs[i]));
    rank(&mut found, &query, searched);
    let mut out = Answer::new(max_bytes, NOTES_RESERVE + 3 * quoted.len());
    let terms = query.terms();
    let shown_terms: Vec<&str> = named.iter().map(|&t| terms[t]).collect();
    out.push(&format!(
        "SEARCH OF THE STORED OUTPUTS FOR \"{question}\":\n\n"
    ));
    if searched == 0 {
        out.push("The session has no stored output to search.\n");
    } else if found.is_empty() {
        out.push(&format!(
            "No output holds its words ({}): {searched} searched.\n",
            shown_terms.join(", ")
        ));
    } else {
        out.push(&format!(
            "Outputs holding its words ({}): {} of {searched} searched, best first:\n",
            shown_terms.join(", "),
            found.len()
        ));
    }
    let skip = req.skip as usize;
    let mut shown = 0;
    for (rank, one) in found.iter().enumerate().skip(skip) {
        if !out.fits(&entry(rank + 1, one, &query)) {
            break;
        }
        shown += 1;
    }
    let mut notes = Vec::new();
    let missing: Vec<&str> = (named.iter())
        .filter(|&&t| found.iter().all(|f| f.lines_with[t] == 0))
        .map(|&t| terms[t])
        .collect();
    if !missing.is_empty() && !found.is_empty() {
        notes.push(format!("No output searched holds: {}.", missing.join(", ")));
    }
    let rest = found.len().saturating_sub(skip + shown);
    if rest > 0 {
        notes.push(format!(
            "[{rest} more outputs, ranked lower, not shown: tool_output_search(question = {quoted}, skip = {})]",
            skip + shown
        ));
    }
    if let Some(cut) = found.iter().find_map(|f| f.cut_at.map(|at| (f, at))) {
        let (f, at) = cut;
        notes.push(format!(
            "[{} was searched up to line {at} of {}: tool_output(handle = \"{}\", extract = {quoted}) searches all of it]",
            f.handle, f.view_lines, f.handle
        ));
    }
    if left > 0 {
        let oldest = last_searched.as_deref().unwrap_or_default();
        notes.push(format!(
            "[{left} older outputs not searched (a call reads at most {}): tool_output_search(question = {quoted}, before = \"{oldest}\")]",
            bytes(scan_bytes)
        ));
    }
    if unreadable > 0 {
        notes.push(format!(
            "[{unreadable} outputs could not be read and were skipped: `tool-output list` says why]"
        ));
    }
    if let Some(best) = found.get(skip).filter(|_| shown > 0) {
        notes.push(format!(
            "Next: tool_output(handle = \"{}\", extract = {quoted}) answers from one output.",
            best.handle
        ));
    }
    Ok(out.finish(&notes))
}

/// Words that ask whether an output holds something, not what it holds:
/// "which of the commands I ran mentioned …", "did any output print …".
const FRAMING: &[&str] = &[
    "command",
    "commands",
    "contain",
    "contained",
    "containing",
    "contains",
    "include",
    "included",
    "includes",
    "including",
    "mention",
    "mentioned",
    "mentioning",
    "mentions",
    "output",
    "outputs",
    "print",
    "printed",
    "printing",
    "prints",
    "ran",
    "result",
    "results",
    "said",
    "say",
    "says",
    "show",
    "showed",
    "shown",
    "shows",
    "them",
    "tool",
    "tools",
];

/// `question` without its [`FRAMING`] words, unless nothing else is left.
fn unframed(question: &str) -> String {
    let kept: Vec<&str> = (question.split_whitespace())
        .filter(|w| {
            let word = w.trim_matches(|c: char| !c.is_alphanumeric());
            !FRAMING.contains(&word.to_lowercase().as_str())
        })
        .collect();
    let any_word = kept.iter().any(|w| w.chars().any(char::is_alphanumeric));
    if any_word {
        kept.join(" ")
    } else {
        question.to_string()
    }
}

/// The terms an answer names: the question's own words, not the parts
/// of an identifier (`quota` of `E_QUOTA`) or a guess at a spelling. All
/// of them when it has none of those.
fn named(query: &Query) -> Vec<usize> {
    let own: Vec<usize> = (0..query.terms().len())
        .filter(|&t| query.weight(t) > PART_WEIGHT && !query.is_guessed(t))
        .collect();
    if own.is_empty() {
        (0..query.terms().len()).collect()
    } else {
        own
    }
}

/// Reads `doc` within `budget` bytes: the lines holding each term and the
/// best lines.
fn read(doc: &Doc, query: &Query, budget: &mut u64) -> Result<Found, EngineError> {
    let terms = query.terms().len();
    let mut matcher = LineTerms::new(query);
    let mut lines_with = vec![0u64; terms];
    let mut best: Vec<(f64, u64, u64, String)> = Vec::new();
    let mut reader = doc.lines_from(1);
    let mut cut_at = None;
    'blocks: while let Some(block) = reader.next_block() {
        for (n, line) in block.lines() {
            let bytes = line.len() as u64 + 1;
            if bytes > *budget {
                *budget = 0;
                cut_at = Some(n.saturating_sub(1));
                break 'blocks;
            }
            *budget -= bytes;
            let held = matcher.mask(&line);
            if held == 0 {
                continue;
            }
            let mut weight = 0.0;
            for (t, with) in lines_with.iter_mut().enumerate() {
                if held & 1 << t != 0 {
                    *with += 1;
                    weight += query.weight(t);
                }
            }
            let weakest = best.last().map(|b| b.0);
            if best.len() < KEPT_LINES || weakest.is_some_and(|w| weight > w) {
                let at = best.partition_point(|b| b.0 >= weight);
                best.insert(at, (weight, n, held, line.into_owned()));
                best.truncate(KEPT_LINES);
            }
        }
    }
    reader.error()?;
    Ok(Found {
        handle: doc.handle.to_string(),
        tool: doc.meta.tool.clone(),
        args: doc.meta.args.clone(),
        view_lines: doc.lines(),
        lines_with,
        best: best.into_iter().map(|(_, n, h, l)| (n, h, l)).collect(),
        cut_at,
        score: 0.0,
    })
}

/// Scores and orders `found` (newest first on ties: their order in).
fn rank(found: &mut [Found], query: &Query, searched: usize) {
    let terms = query.terms().len();
    let weight: Vec<f64> = (0..terms)
        .map(|t| {
            let holding = found.iter().filter(|f| f.lines_with[t] > 0).count();
            let rarity = (1.0 + searched as f64 / holding.max(1) as f64).ln();
            query.weight(t) * rarity
        })
        .collect();
    let of = |bits: u64| -> f64 {
        (0..terms.min(64))
            .filter(|t| bits & 1 << t != 0)
            .map(|t| weight[t])
            .sum()
    };
    for one in found.iter_mut() {
        one.best
            .sort_by(|a, b| of(b.1).total_cmp(&of(a.1)).then(a.0.cmp(&b.0)));
        let held = (one.lines_with.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .fold(0u64, |bits, (t, _)| bits | 1 << t.min(63));
        one.score = of(held) + one.best.first().map_or(0.0, |b| of(b.1));
    }
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// One output's entry: its rank, handle and call, the lines holding each
/// term, and its best lines.
fn entry(rank: usize, one: &Found, query: &Query) -> String {
    let mut text = format!("\n{rank}. {} · {}", one.handle, one.tool);
    if !one.args.is_empty() && one.args != "{}" {
        text.push_str(&format!(" · {}", shorten(&one.args, ARGS_CHARS)));
    }
    text.push_str(&format!(" · {} lines\n", one.view_lines));
    let terms = query.terms();
    let counts: Vec<String> = (named(query).into_iter())
        .filter(|&t| one.lines_with[t] > 0)
        .map(|t| format!("{} in {}", terms[t], lines(one.lines_with[t])))
        .collect();
    text.push_str(&format!("   {}\n", counts.join(", ")));
    for (n, held, line) in one.best.iter().take(SHOWN_LINES) {
        text.push_str(&format!("   {n}: {}\n", around_hit(line, *held, query)));
    }
    text
}

/// `n` bytes in the largest unit that keeps them whole-ish.
fn bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 20 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

fn lines(n: u64) -> String {
    if n == 1 {
        "1 line".to_string()
    } else {
        format!("{n} lines")
    }
}

/// At most [`LINE_BYTES`] of `line`, from a little before the first place
/// it spells a term it holds (`…` marking each cut).
fn around_hit(line: &str, held: u64, query: &Query) -> String {
    if line.len() <= LINE_BYTES {
        return line.to_string();
    }
    let lower = line.to_lowercase();
    let at = (query.terms().iter().enumerate())
        .filter(|&(t, _)| t < 64 && held & 1 << t != 0)
        .filter_map(|(_, term)| {
            let stem = &term[..term.floor_char_boundary(5)];
            lower.find(stem)
        })
        .min()
        .filter(|_| lower.len() == line.len())
        .unwrap_or(0);
    let from = line.floor_char_boundary(at.saturating_sub(60));
    let to = line.floor_char_boundary(from + LINE_BYTES);
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.push_str(&line[from..to]);
    if to < line.len() {
        out.push('…');
    }
    out
}

/// The answer, kept within its bytes with room for its closing notes.
struct Answer {
    text: String,
    max: usize,
    reserve: usize,
}

impl Answer {
    fn new(max: usize, reserve: usize) -> Self {
        Answer {
            text: String::new(),
            max,
            reserve,
        }
    }

    fn push(&mut self, part: &str) {
        self.text.push_str(part);
    }

    /// Adds `part` if it fits with room for the notes.
    fn fits(&mut self, part: &str) -> bool {
        let fits = self.text.len() + part.len() + self.reserve <= self.max;
        if fits {
            self.text.push_str(part);
        }
        fits
    }

    /// The text with `notes`, each on its line, as many as fit.
    fn finish(mut self, notes: &[String]) -> String {
        if !notes.is_empty() {
            self.text.push('\n');
        }
        for note in notes {
            if self.text.len() + note.len() + 1 > self.max {
                break;
            }
            self.text.push_str(note);
            self.text.push('\n');
        }
        let end = self.text.floor_char_boundary(self.max);
        self.text.truncate(end);
        self.text
    }
}

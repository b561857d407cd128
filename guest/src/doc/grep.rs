//! grep over a view: blocks of whole lines scanned in order, line numbers
//! counted only where a match needs one (from the nearest known point: the
//! last match or the line index), context read around each match.

use super::bounded::{Bounded, capped_note};
use super::reader::SCAN_BLOCK;
use super::{Doc, count_newlines};
use crate::EngineError;
use crate::bindings::types::GrepOptions;
use crate::line_index::{LINE_INDEX_STRIDE, corrupt};

pub const DEFAULT_MAX_MATCHES: u32 = 100;
/// A grep pattern may compile to at most this much (hostile patterns).
const REGEX_SIZE_LIMIT: usize = 1 << 20;

impl Doc<'_> {
    pub fn grep(
        &self,
        pattern: &str,
        opts: &GrepOptions,
        max_bytes: usize,
    ) -> Result<String, EngineError> {
        // Bytes regex: no UTF-8 validation of the blocks. Multi-line: `^`
        // and `$` anchor at line boundaries.
        let re = regex::bytes::RegexBuilder::new(pattern)
            .case_insensitive(opts.ignore_case)
            .multi_line(true)
            .size_limit(REGEX_SIZE_LIMIT)
            .build()
            .map_err(|e| EngineError::InvalidArgument(format!("invalid regex {pattern:?}: {e}")))?;
        let max_matches = opts.max_matches.unwrap_or(DEFAULT_MAX_MATCHES);
        if max_matches == 0 {
            return Err(EngineError::InvalidArgument(
                "max-matches must be at least 1 (it is how many matching lines to show)".into(),
            ));
        }
        let context = u64::from(opts.context);
        let mut out = Bounded::new(max_bytes);
        let mut matches = 0u32;
        let mut stopped: Option<String> = None;
        let total = self.view_bytes();
        let mut offset = 0u64;
        // Where line counting last stopped: (absolute offset, line there).
        let mut counted = (0u64, 1u64);
        'blocks: while offset < total {
            // Blocks of whole lines, each read from the first unconsumed
            // byte: nothing is carried over or copied twice.
            let block = self.read_bytes(offset, SCAN_BLOCK.min(total - offset))?;
            if block.is_empty() {
                break;
            }
            let end = if offset + block.len() as u64 >= total {
                block.len()
            } else {
                block
                    .iter()
                    .rposition(|&c| c == b'\n')
                    .map_or(block.len(), |nl| nl + 1)
            };
            let b = &block[..end];
            let mut shown_to = 0usize; // end of the last line handled in this block
            for m in re.find_iter(b) {
                if m.start() < shown_to {
                    continue; // another match on a line already shown
                }
                if m.start() == b.len() && b.ends_with(b"\n") {
                    // An empty match (`^`, `^$`) after the block's final
                    // newline: that is the next block's first line, or no
                    // line at all at the end of the view.
                    break;
                }
                let start = line_start(b, m.start());
                let line_end = line_end(b, start);
                shown_to = line_end + 1;
                if matches == max_matches {
                    stopped = Some(format!(
                        "[stopped after {max_matches} matching lines; narrow the pattern or read a line range]"
                    ));
                    break 'blocks;
                }
                matches += 1;
                // Line numbers only where needed: from the nearest known
                // point (the last match or the line index).
                let abs = offset + start as u64;
                let n = self.line_at(abs, &mut counted, b, offset)?;
                let line = String::from_utf8_lossy(&b[start..line_end]);
                // The match's own line comes first: its context before it
                // shrinks (farthest lines first) to leave room for it.
                let first = n.saturating_sub(context).max(1);
                let before = if first < n {
                    self.context_lines(&re, first, n - 1)?
                } else {
                    Vec::new()
                };
                let before = out.unshown(before);
                let shown_already = out.shows(n);
                let mut skip = 0;
                while skip < before.len() && !out.fits(&before[skip..], n, &line) {
                    skip += 1;
                }
                if !shown_already && !out.fits(&[], n, &line) {
                    stopped = Some(capped_note(max_bytes, n));
                    break 'blocks;
                }
                for (k, mark, text) in &before[skip..] {
                    out.push_line(*k, *mark, text);
                }
                out.push_line(n, ':', &line);
                if context > 0 && n < self.lines() {
                    let last = (n + context).min(self.lines());
                    for (k, mark, text) in self.context_lines(&re, n + 1, last)? {
                        if !out.push_line(k, mark, &text) {
                            stopped = Some(capped_note(max_bytes, k));
                            break 'blocks;
                        }
                    }
                }
            }
            offset += end as u64;
        }
        if let Some(note) = stopped {
            out.note(&note);
        }
        if matches == 0 {
            let mut said = format!(
                "No line matches {pattern:?}{} in {} lines.",
                if opts.ignore_case {
                    " (ignoring case)"
                } else {
                    ""
                },
                self.lines()
            );
            // Within the cap, however small, cut on a character boundary.
            let mut end = said.len().min(max_bytes);
            while !said.is_char_boundary(end) {
                end -= 1;
            }
            said.truncate(end);
            return Ok(said);
        }
        Ok(out.finish())
    }

    /// The line number at absolute view offset `abs` (a line start),
    /// counting from the nearer of `counted` and the line index. `b` is the
    /// block that starts at `block_offset` and holds `abs`.
    fn line_at(
        &self,
        abs: u64,
        counted: &mut (u64, u64),
        b: &[u8],
        block_offset: u64,
    ) -> Result<u64, EngineError> {
        let slot = self.index.slot_at(abs)?;
        let (mut from, mut line) = match self.index_entry(slot)? {
            Some(o) => (o, slot as u64 * LINE_INDEX_STRIDE + 1),
            None => (0, 1),
        };
        if from > abs {
            // Pages of the index that disagree with each other.
            return Err(corrupt(
                &self.handle,
                &format!("line index entry {slot} ({from}) is past a line at {abs}"),
            ));
        }
        if counted.0 <= abs && counted.0 > from {
            (from, line) = *counted;
        }
        if from < block_offset {
            line += count_newlines(&self.read_bytes(from, block_offset - from)?);
            from = block_offset;
        }
        line += count_newlines(&b[(from - block_offset) as usize..(abs - block_offset) as usize]);
        *counted = (abs, line);
        Ok(line)
    }

    /// Context lines `first..=last` (a line that matches too is marked `:`).
    /// Lines `first..=last`, numbered and marked (`:` a match, `-` context).
    fn context_lines(
        &self,
        re: &regex::bytes::Regex,
        first: u64,
        last: u64,
    ) -> Result<Vec<(u64, char, String)>, EngineError> {
        let mut lines = Vec::new();
        let mut reader = self.lines_from(first);
        while let Some((n, line)) = reader.next_line() {
            if n > last {
                break;
            }
            let mark = if re.is_match(line.as_bytes()) {
                ':'
            } else {
                '-'
            };
            lines.push((n, mark, line));
        }
        reader.error()?;
        Ok(lines)
    }
}

/// Start of the line holding byte `i`.
fn line_start(b: &[u8], i: usize) -> usize {
    b[..i]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |nl| nl + 1)
}

/// End (the newline, or the end of the block) of the line starting at `i`.
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |nl| i + nl)
}

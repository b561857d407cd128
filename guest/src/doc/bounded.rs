//! Output that never exceeds its byte budget: numbered lines, `--` between
//! runs, and room kept for a closing note.

pub(super) fn capped_note(max_bytes: usize, line: u64) -> String {
    format!(
        "[output capped at {max_bytes} bytes at line {line}; narrow the pattern or lower the context]"
    )
}

/// Room kept for a closing note.
pub(super) const NOTE_RESERVE: usize = 160;

pub(super) fn line_len(n: u64, line: &str) -> usize {
    n.to_string().len() + 3 + line.len()
}

/// Output that never exceeds its byte budget (a note included).
pub(super) struct Bounded {
    text: String,
    max: usize,
    /// The last line pushed: a gap before the next one gets a `--` line.
    last: Option<u64>,
}

impl Bounded {
    pub(super) fn new(max: usize) -> Self {
        Bounded {
            text: String::new(),
            max,
            last: None,
        }
    }

    /// False (and nothing added) when the line would not fit with a note after it.
    pub(super) fn push_line(&mut self, n: u64, mark: char, line: &str) -> bool {
        if self.last.is_some_and(|last| n <= last) {
            return true; // already shown (as context)
        }
        if self.text.len() + line_len(n, line) + NOTE_RESERVE > self.max {
            return false;
        }
        if self.last.is_some_and(|last| n > last + 1) {
            self.text.push_str("--\n");
        }
        self.last = Some(n);
        self.text.push_str(&format!("{n}{mark} {line}\n"));
        true
    }

    /// Whether line `n` is already in the output (as a previous match's context).
    pub(super) fn shows(&self, n: u64) -> bool {
        self.last.is_some_and(|last| n <= last)
    }

    /// The lines not shown yet (context already shown stays where it is).
    pub(super) fn unshown(&self, lines: Vec<(u64, char, String)>) -> Vec<(u64, char, String)> {
        lines
            .into_iter()
            .filter(|(n, ..)| !self.shows(*n))
            .collect()
    }

    /// Whether `context` (consecutive lines just before line `n`) and line
    /// `n` fit together with a note after them.
    pub(super) fn fits(&self, context: &[(u64, char, String)], n: u64, line: &str) -> bool {
        let context_bytes: usize = context.iter().map(|(k, _, l)| line_len(*k, l)).sum();
        // A `--` separator before the first new line at most.
        self.text.len() + 3 + context_bytes + line_len(n, line) + NOTE_RESERVE <= self.max
    }

    pub(super) fn note(&mut self, note: &str) {
        if self.text.len() + note.len() < self.max {
            self.text.push_str(note);
            self.text.push('\n');
        }
    }

    pub(super) fn finish(self) -> String {
        self.text
    }
}

//! Named invariants: a violation panics with `[name] what`, so a finding
//! says which rule it broke. Each name is a class of defect once found and
//! fixed (the regressions under `regressions/<target>/<name>-…` are its
//! witnesses, replayed on every test run); all are enforced.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defect {
    /// `view/ansi.rs`: an OSC/DCS string left open swallows every later
    /// line (the rule: a string ends at its terminator, at a newline, or
    /// after a bounded length).
    AnsiUnterminated,
    /// `view/json.rs`: deep nesting makes the view many times the input.
    JsonBlowup,
    /// `doc.rs`: grep with context shows context lines of a match whose own
    /// line did not fit the byte cap; tail of one long line shows nothing
    /// and says nothing.
    CappedOutput,
    /// `doc.rs`/`meta.rs`: a corrupt line index or sidecar panics, or
    /// serves lines under the wrong numbers.
    CorruptFiles,
    /// `doc.rs`: a grep pattern that matches the empty string (`^`, `^$`)
    /// also matches after the view's final newline and shows a line one
    /// past the last.
    GrepPhantomLine,
}

impl Defect {
    pub fn name(self) -> &'static str {
        match self {
            Defect::AnsiUnterminated => "ansi-unterminated",
            Defect::JsonBlowup => "json-blowup",
            Defect::CappedOutput => "capped-output",
            Defect::CorruptFiles => "corrupt-files",
            Defect::GrepPhantomLine => "grep-phantom-line",
        }
    }
}

/// Panics, naming `defect`'s invariant, unless `ok`.
#[track_caller]
pub fn check(defect: Defect, ok: bool, what: impl FnOnce() -> String) {
    if !ok {
        panic!("[{}] {}", defect.name(), what());
    }
}

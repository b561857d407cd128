//! Invariants that main still breaks, because of defects being fixed on
//! other branches. Each is checked, but a violation only fails the run when
//! the defect is not listed in [`KNOWN`] or is enforced anyway with
//! `TOOL_OUTPUT_FUZZ_ENFORCE=all` (or a comma-separated list of names).
//!
//! When a fix merges: run `TOOL_OUTPUT_FUZZ_ENFORCE=all cargo test -p
//! tool-output-fuzz -- --include-ignored`; once its regressions pass, delete
//! the defect from [`KNOWN`]. Everything else is always enforced.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::OnceLock;

thread_local! {
    /// Set by [`enforcing`]: a defect enforced on this thread.
    static ENFORCE: Cell<Option<Defect>> = const { Cell::new(None) };
    /// Where the last panic under [`tolerate_panic`] happened.
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f` with `defect`'s invariant enforced on this thread (for tests
/// that ask whether a known defect is fixed yet).
pub fn enforcing<R>(defect: Defect, f: impl FnOnce() -> R) -> R {
    let before = ENFORCE.replace(Some(defect));
    let result = f();
    ENFORCE.set(before);
    result
}

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
    pub const ALL: [Defect; 5] = [
        Defect::AnsiUnterminated,
        Defect::JsonBlowup,
        Defect::CappedOutput,
        Defect::CorruptFiles,
        Defect::GrepPhantomLine,
    ];

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

/// The defects main has today (see each one's doc).
pub const KNOWN: &[Defect] = &[];

fn enforced_by_env() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        std::env::var("TOOL_OUTPUT_FUZZ_ENFORCE")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    })
}

/// Whether a violation of `defect`'s invariant fails the run.
pub fn enforced(defect: Defect) -> bool {
    !KNOWN.contains(&defect)
        || ENFORCE.get() == Some(defect)
        || enforced_by_env()
            .iter()
            .any(|n| n == "all" || n == defect.name())
}

/// Asserts `ok` unless `defect` is known and not enforced.
#[track_caller]
pub fn check(defect: Defect, ok: bool, what: impl FnOnce() -> String) {
    if !ok && enforced(defect) {
        panic!("[{}] {}", defect.name(), what());
    }
}

/// Runs `f`. A panic in one of the source files named in `files` (path
/// suffixes, e.g. `src/doc.rs`) is `defect`'s known failure: `None`, unless
/// the defect is enforced. Any other panic goes on (a finding).
///
/// libFuzzer's panic hook aborts before unwinding, so the hook is swapped
/// for one that records where the panic happened, and put back after.
pub fn tolerate_panic<R>(defect: Defect, files: &[&str], f: impl FnOnce() -> R) -> Option<R> {
    if enforced(defect) {
        return Some(f());
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| l.file().to_string())
            .unwrap_or_default();
        PANIC_AT.set(at);
    }));
    let result = catch_unwind(AssertUnwindSafe(f));
    drop(std::panic::take_hook());
    std::panic::set_hook(previous);
    match result {
        Ok(value) => Some(value),
        Err(payload) => {
            let at = PANIC_AT.take();
            if files.iter().any(|f| at.ends_with(f)) {
                return None;
            }
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            eprintln!("panicked at {at}: {message}");
            resume_unwind(payload)
        }
    }
}

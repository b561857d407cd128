//! Questions a new user asks of other tools' outputs when no LLM is
//! configured (issue 24): kubectl YAML, `git log -p`, a terraform plan, `go
//! test -v`, scraped HTML, `npm audit --json`, a Java log with a nested
//! trace, a psql table, `tsc`, a Russian PostgreSQL log with CRLF,
//! PowerShell errors, a log whose only "error" words are harmless — and, in
//! [`unseen`], outputs of the same classes in other formats, written before
//! any tuning and measured only at the end.
//!
//! Each output is generated (ids, times and sizes from a fixed hash), is
//! 350 KB–1 MB, and comes with a question phrased as a user would, the line
//! that matters and the facts that answer it. The tests print, per output,
//! whether the handle message shows the line and whether one lexical call
//! with the question shows the facts, and the figures `N of M`.

mod listings;
mod logs;
mod records;
mod unseen;

use crate::bindings::types::{CallInfo, ExtractRequest, StoreOutcome};
use crate::llm::NoLlm;
use crate::storage::MemStorage;

use super::corpus::MIN_BYTES;

/// One output, the question asked of it, and what answers it.
pub(super) struct Case {
    pub name: &'static str,
    pub output: String,
    /// As a user would ask it, in the user's words (not the output's).
    pub question: &'static str,
    /// The line that matters: the handle message should show it.
    pub line: &'static str,
    /// What answers the question: one lexical call should show them all…
    pub facts: Vec<&'static str>,
    /// …with none of these between the first fact and the last (a
    /// misleading neighbour: the next commit's `commit ` line).
    pub not_between: Vec<&'static str>,
}

/// The lines `line(0)`, `line(1)`, … until they pass `bytes`.
pub(super) fn lines_until(bytes: usize, line: impl Fn(usize) -> String) -> Vec<String> {
    let (mut out, mut size, mut i) = (Vec::new(), 0, 0);
    while size < bytes {
        let l = line(i);
        size += l.len() + 1;
        out.push(l);
        i += 1;
    }
    out
}

/// What the handle message and one lexical call showed of one case.
struct Outcome {
    message: bool,
    lexical: bool,
    answer: String,
    handle_message: String,
}

/// Whether `text` holds every fact, with none of `not_between` between
/// the end of the first fact shown and the start of the last.
fn shows_facts(text: &str, facts: &[&str], not_between: &[&str]) -> bool {
    let mut spans = Vec::new();
    for fact in facts {
        match text.find(fact) {
            Some(at) => spans.push((at, at + fact.len())),
            None => return false,
        }
    }
    spans.sort_unstable();
    let (Some(first), Some(last)) = (spans.first(), spans.last()) else {
        return true;
    };
    let between = text.get(first.1..last.0).unwrap_or("");
    !not_between.iter().any(|n| between.contains(n))
}

fn run(case: &Case) -> Outcome {
    assert!(
        (MIN_BYTES..=1_000_000).contains(&case.output.len()),
        "{}: {} bytes",
        case.name,
        case.output.len()
    );
    let st = MemStorage::new();
    let call = CallInfo {
        tool: "bash".into(),
        args: "{}".into(),
        model: None,
    };
    let outcome = crate::store::store(&st, call, case.output.as_bytes(), crate::default_policy());
    let Ok(StoreOutcome::Stored(stored)) = outcome else {
        panic!("{}: not stored", case.name)
    };
    let result = crate::extract::extract(
        &st,
        &NoLlm,
        ExtractRequest {
            handle: stored.handle.clone(),
            extract: case.question.into(),
            mode: None,
            max_bytes: None,
            max_chunks: None,
            max_llm_calls: None,
            overlap_percent: None,
        },
    );
    assert!(!result.failed, "{}: {}", case.name, result.text);
    Outcome {
        message: stored.message.contains(case.line),
        lexical: shows_facts(&result.text, &case.facts, &case.not_between),
        answer: result.text,
        handle_message: stored.message,
    }
}

/// Prints a table and the figures; returns (message, lexical, either).
/// `QUESTIONS_SHOW=1` prints every message and answer, not only misses.
fn measure(what: &str, cases: &[Case]) -> (usize, usize, usize) {
    let (mut message, mut lexical, mut either) = (0, 0, 0);
    let mut shown = Vec::new();
    println!("{:<40} {:<8} {:<8}", "output", "message", "lexical");
    for case in cases {
        let o = run(case);
        message += usize::from(o.message);
        lexical += usize::from(o.lexical);
        either += usize::from(o.message || o.lexical);
        let yes = |b: bool| if b { "yes" } else { "NO" };
        println!(
            "{:<40} {:<8} {:<8}",
            case.name,
            yes(o.message),
            yes(o.lexical)
        );
        if !(o.message && o.lexical) || std::env::var_os("QUESTIONS_SHOW").is_some() {
            shown.push(format!(
                "== {} — {:?}\n-- message (needs {:?}):\n{}\n-- lexical (needs {:?}):\n{}",
                case.name, case.question, case.line, o.handle_message, case.facts, o.answer
            ));
        }
    }
    let n = cases.len();
    println!(
        "{what}: handle message {message} of {n}, one lexical call {lexical} of {n}, \
         either {either} of {n}"
    );
    if std::env::var_os("QUESTIONS_DETAIL").is_some() {
        for s in &shown {
            println!("{s}");
        }
    }
    (message, lexical, either)
}

/// Each figure at least its floor.
fn at_least(got: (usize, usize, usize), floor: (usize, usize, usize)) -> bool {
    got.0 >= floor.0 && got.1 >= floor.1 && got.2 >= floor.2
}

fn tuning() -> Vec<Case> {
    let mut all = records::cases();
    all.extend(listings::cases());
    all.extend(logs::cases());
    all
}

#[test]
fn questions_on_other_tools_outputs_are_answered() {
    let cases = tuning();
    assert!(cases.len() >= 12);
    let figures = measure("tuning set", &cases);
    // The figures reached so far: floors, so they cannot silently regress.
    assert!(at_least(figures, (10, 12, 12)), "{figures:?}");
}

#[test]
fn questions_on_unseen_outputs_are_answered() {
    let cases = unseen::cases();
    assert!(cases.len() >= 6);
    let figures = measure("unseen set", &cases);
    assert!(at_least(figures, (7, 6, 7)), "{figures:?}");
}

#[test]
fn facts_must_all_show_without_a_misleading_neighbour_between() {
    let text = "commit aaa\nAuthor: X\n+ tls off\ncommit bbb\n";
    assert!(shows_facts(text, &["commit aaa", "tls off"], &["commit "]));
    assert!(shows_facts(text, &["tls off", "commit aaa"], &["commit "]));
    let wrong = "commit aaa\ncommit bbb\n+ tls off\n";
    assert!(!shows_facts(
        wrong,
        &["commit aaa", "tls off"],
        &["commit "]
    ));
    assert!(!shows_facts(text, &["missing"], &[]));
}

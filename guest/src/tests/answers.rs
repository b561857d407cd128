//! The measure of issue 30: do the handle message and one `lexical` call
//! answer a new user's question about an output of a tool no other test
//! uses, and does a jq program written from the handle message's shape line
//! answer exactly? Written before any answer code changed, so the figures
//! are those of outputs nobody tuned to.
//!
//! Sets of "one fact" cases (every fact string must be shown) and "every
//! item" cases (the answer is a set of 3–9 items scattered through the
//! output, each named by one string), half of each: [`tuning`], the set
//! the answer code may be tuned on (sixteen, and more for the classes of
//! later misses), [`unseen`], the held-out set of sixteen it must not be
//! tuned on (its misses were read once for their classes, so it is no
//! longer quite unseen), [`fresh`], eight more held out, written after
//! that reading and before the next change (read since, for two
//! classes), [`third`], a third held-out set of eight written by
//! someone who did not read the answer code (its misses read since, for
//! four classes), [`fourth`], eight more written the same way for
//! eight other tools, and [`fifth`], a fifth set written the same way for
//! eight tools no other set uses (the misses of both read since, for
//! their classes, after [`fifth`] was measured unread), and [`sixth`], a
//! sixth set written the same way for eight more tools (measured unread
//! over two stops, its misses read since), [`seventh`], a seventh set
//! written the same way for eight more tools (measured unread, its misses
//! read since), [`eighth`], an eighth set written the same way for
//! eight more tools (measured unread, its misses read since),
//! [`ninth`], a ninth set written the same way for eight more tools
//! (measured unread, its misses read since), [`tenth`], a tenth set
//! written the same way for eight more tools (measured unread, its misses
//! read since),
//! [`eleventh`], an eleventh set written the same way for eight more
//! tools (measured unread, its misses read since), [`twelfth`], a twelfth
//! set written the same way for eight more tools (measured unread, its
//! misses read since), [`thirteenth`], a thirteenth set written the
//! same way for eight more tools (measured unread, its misses read
//! since), [`fourteenth`], a fourteenth set written the same way for
//! eight more tools (measured unread, its misses read since),
//! [`fifteenth`], a fifteenth set written the same way for eight more
//! tools (measured unread, its misses read since), [`sixteenth`], a
//! sixteenth set written the same way for eight more tools (measured
//! unread, its misses read since), [`seventeenth`], a seventeenth set
//! written the same way for eight more tools (measured unread, its misses
//! read since), [`eighteenth`], an eighteenth
//! set written the same way for eight more tools (measured unread, its
//! misses read since),
//! [`nineteenth`], a nineteenth set written the same way for eight more
//! tools (measured unread, its misses read since), [`twentieth`], a
//! twentieth set written the same way for eight more tools (measured
//! unread, its misses read since), [`twentyfirst`], a twenty-first set
//! written the same way for eight more tools (measured unread, its misses
//! read since), [`twentysecond`], a twenty-second set written the same way
//! for eight more tools (measured unread, its misses read since),
//! [`twentythird`], a
//! twenty-third set written the same way for eight more tools (measured
//! unread, its misses read since), [`twentyfourth`], a twenty-fourth set
//! written the same way for eight more tools (measured unread, its misses
//! read since), [`twentyfifth`], a twenty-fifth set written the same
//! way for eight more tools (measured unread, its misses read since),
//! [`twentysixth`], a twenty-sixth set written the same way for eight
//! more tools (measured unread, its misses read since), and
//! [`twentyseventh`], a twenty-seventh set written the same way for
//! eight more tools (measured unread, its misses read since). Every
//! output is generated (ids, times and sizes from a fixed hash), 350 KB–1
//! MB, in the
//! format the real tool prints; its generator plants the answer and so
//! knows it, without asking the engine.
//!
//! Per case the test prints whether the handle message shows the answer,
//! whether one lexical call with the question does (and its recall of the
//! items), the answer's size, whether its first window holds the answer,
//! the message's size, and for JSON outputs whether the jq program answers
//! exactly and whether the shape line names every key it uses. Then the
//! figures of each set, asserted against floors: what today's code
//! achieves, raised as the code improves. `ANSWERS_DETAIL=1` prints each
//! miss's message and answer; `ANSWERS_DUMP=dir` writes every output there
//! (to check the expected jq results with the real jq). One set alone:
//! `cargo test -p tool-output-guest --lib tests::answers::tuning --
//! --nocapture` (or `tests::answers::unseen`, `tests::answers::fresh`,
//! `tests::answers::third`, `tests::answers::fourth`,
//! `tests::answers::fifth`, `tests::answers::sixth`,
//! `tests::answers::seventh`, `tests::answers::eighth`,
//! `tests::answers::ninth`, `tests::answers::tenth`,
//! `tests::answers::eleventh`, `tests::answers::twelfth`,
//! `tests::answers::thirteenth`, `tests::answers::fourteenth`,
//! `tests::answers::fifteenth`, `tests::answers::sixteenth`,
//! `tests::answers::seventeenth`, `tests::answers::eighteenth`,
//! `tests::answers::nineteenth`, `tests::answers::twentieth`,
//! `tests::answers::twentyfirst`, `tests::answers::twentysecond`,
//! `tests::answers::twentythird`, `tests::answers::twentyfourth`,
//! `tests::answers::twentyfifth`, `tests::answers::twentysixth`,
//! `tests::answers::twentyseventh`).

mod eighteenth;
mod eighth;
mod eleventh;
mod fifteenth;
mod fifth;
mod fourteenth;
mod fourth;
mod fresh;
mod nineteenth;
mod ninth;
mod seventeenth;
mod seventh;
mod sixteenth;
mod sixth;
mod tenth;
mod third;
mod thirteenth;
mod tuning;
mod twelfth;
mod twentieth;
mod twentyfifth;
mod twentyfirst;
mod twentyfourth;
mod twentysecond;
mod twentyseventh;
mod twentysixth;
mod twentythird;
mod unseen;

use crate::bindings::types::{CallInfo, ExtractRequest, Mode, StoreOutcome};
use crate::llm::NoLlm;
use crate::storage::MemStorage;

use super::corpus::MIN_BYTES;

/// What answers a case's question, as the generator planted it.
pub(super) enum Answer {
    /// One fact: every string must be shown.
    Facts(Vec<String>),
    /// Every item: each string names one item of the answer's set.
    Items(Vec<String>),
}

/// A jq program a model would write from the handle message's shape line,
/// and its exact results, one compact JSON value a line.
pub(super) struct Jq {
    pub program: &'static str,
    pub expected: Vec<String>,
}

/// One output, the question a user asks of it, and its answer.
pub(super) struct Case {
    /// The tool and what the case is about.
    pub name: &'static str,
    pub output: String,
    /// In the user's words, not the output's.
    pub question: &'static str,
    pub answer: Answer,
    pub jq: Option<Jq>,
}

impl Case {
    pub fn fact(
        name: &'static str,
        output: String,
        question: &'static str,
        facts: &[&str],
    ) -> Case {
        Case {
            name,
            output,
            question,
            answer: Answer::Facts(facts.iter().map(|s| s.to_string()).collect()),
            jq: None,
        }
    }

    pub fn items(
        name: &'static str,
        output: String,
        question: &'static str,
        items: Vec<String>,
    ) -> Case {
        assert!(
            (3..=9).contains(&items.len()),
            "{name}: {} items",
            items.len()
        );
        Case {
            name,
            output,
            question,
            answer: Answer::Items(items),
            jq: None,
        }
    }

    pub fn with_jq(mut self, program: &'static str, expected: Vec<String>) -> Case {
        self.jq = Some(Jq { program, expected });
        self
    }

    fn wanted(&self) -> &[String] {
        match &self.answer {
            Answer::Facts(f) => f,
            Answer::Items(i) => i,
        }
    }

    fn every_item(&self) -> bool {
        matches!(self.answer, Answer::Items(_))
    }
}

/// A JSON string as jq prints it.
/// `xs[h(i, salt) % len]`: a generator's pick, fixed by its hash.
pub(super) fn pick<'a>(xs: &[&'a str], i: usize, salt: u64) -> &'a str {
    xs[(super::heldout::h(i, salt) % xs.len() as u64) as usize]
}

pub(super) fn jq_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// `value` indented by `indent` per level, `"key": value`, as Go's
/// `json.MarshalIndent`, Python's `json.dumps(indent=…)` and most CLIs
/// print it.
pub(super) fn pretty(value: &serde_json::Value, indent: &[u8]) -> String {
    use serde::Serialize;
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    value.serialize(&mut ser).expect("serializes");
    String::from_utf8(out).expect("utf-8")
}

fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// How many times `w` stands whole in `text` (no word character on
/// either side).
pub(super) fn whole(text: &str, w: &str) -> usize {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let t = text.as_bytes();
    let (first, last) = (w.as_bytes()[0], w.as_bytes()[w.len() - 1]);
    let mut n = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find(w) {
        let s = from + at;
        let e = s + w.len();
        let before = !word(first) || s == 0 || !word(t[s - 1]);
        let after = !word(last) || e == t.len() || !word(t[e]);
        if before && after {
            n += 1;
        }
        from = s + 1;
    }
    n
}

/// Whether any of `others` (not `item` itself) shows `item`.
pub(super) fn named_elsewhere(item: &str, others: &[String]) -> bool {
    others.iter().any(|o| o != item && shows(o, item))
}

/// Whether `text` holds `s` as a whole: where `s` starts (ends) with a
/// word character, the one before (after) it is not one, so `web-12` is
/// not found in `web-123` nor `7.912` in `17.9121`.
pub(super) fn shows(text: &str, s: &str) -> bool {
    let (t, w) = (text.as_bytes(), s.as_bytes());
    let (Some(&first), Some(&last)) = (w.first(), w.last()) else {
        return true;
    };
    let mut from = 0;
    while let Some(at) = text[from..].find(s) {
        let start = from + at;
        let end = start + w.len();
        let before_ok = !word_byte(first) || start == 0 || !word_byte(t[start - 1]);
        let after_ok = !word_byte(last) || end == t.len() || !word_byte(t[end]);
        if before_ok && after_ok {
            return true;
        }
        from = start + text[start..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// The keys a jq program reads: `.key`, `."key"`, `["key"]`; string
/// literals elsewhere (values compared, regexes) and `$variables` are not
/// keys.
pub(super) fn program_keys(program: &str) -> Vec<String> {
    let b = program.as_bytes();
    let mut keys: Vec<String> = Vec::new();
    let push = |k: String, keys: &mut Vec<String>| {
        if !k.is_empty() && !keys.contains(&k) {
            keys.push(k);
        }
    };
    // The end of the string literal opening at `i` (the index past it),
    // and its contents.
    let string_at = |i: usize| -> (usize, String) {
        let mut j = i + 1;
        let mut s = String::new();
        while j < b.len() && b[j] != b'"' {
            if b[j] == b'\\' && j + 1 < b.len() {
                j += 1;
            }
            s.push(b[j] as char);
            j += 1;
        }
        (j + 1, s)
    };
    let ident_at = |i: usize| -> (usize, String) {
        let mut j = i;
        while j < b.len() && word_byte(b[j]) {
            j += 1;
        }
        (j, program[i..j].to_string())
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_at(i).0,
            b'$' => i = ident_at(i + 1).0,
            b'.' if i + 1 < b.len() && (b[i + 1].is_ascii_alphabetic() || b[i + 1] == b'_') => {
                let (end, k) = ident_at(i + 1);
                push(k, &mut keys);
                i = end;
            }
            b'.' if i + 1 < b.len() && b[i + 1] == b'"' => {
                let (end, k) = string_at(i + 1);
                push(k, &mut keys);
                i = end;
            }
            b'[' if i + 1 < b.len() && b[i + 1] == b'"' => {
                let (end, k) = string_at(i + 1);
                push(k, &mut keys);
                i = end;
            }
            _ => i += 1,
        }
    }
    keys
}

/// The first window of a lexical answer's body: the text up to its second
/// window marker (a line `[…]` that is not a `[... N lines not shown ...]`
/// gap), or all of it.
fn first_window(body: &str) -> &str {
    let mut markers = 0;
    let mut at = 0;
    for line in body.split_inclusive('\n') {
        let l = line.trim_end();
        if l.starts_with('[') && l.ends_with(']') && !l.starts_with("[... ") {
            markers += 1;
            if markers == 2 {
                return &body[..at];
            }
        }
        at += line.len();
    }
    body
}

/// What one case's jq program gave.
struct JqOutcome {
    right: bool,
    keys: Vec<String>,
    /// The program's keys the shape line does not name.
    missing: Vec<String>,
    text: String,
}

/// What the handle message and one lexical call showed of one case.
struct Outcome {
    in_message: Vec<bool>,
    in_answer: Vec<bool>,
    first_window: bool,
    answer_bytes: usize,
    message_bytes: usize,
    message: String,
    answer: String,
    jq: Option<JqOutcome>,
}

impl Outcome {
    fn message_found(&self) -> bool {
        self.in_message.iter().all(|&b| b)
    }
    fn lexical_found(&self) -> bool {
        self.in_answer.iter().all(|&b| b)
    }
    fn both_found(&self) -> bool {
        (self.in_message.iter().zip(&self.in_answer)).all(|(&m, &a)| m || a)
    }
    fn recall(found: &[bool]) -> f64 {
        found.iter().filter(|&&b| b).count() as f64 / found.len() as f64
    }
}

fn request(handle: &str, extract: &str, mode: Option<Mode>) -> ExtractRequest {
    ExtractRequest {
        handle: handle.to_string(),
        extract: extract.to_string(),
        mode,
        max_bytes: None,
        max_chunks: None,
        max_llm_calls: None,
        overlap_percent: None,
    }
}

/// The whole view of a stored output, its lines joined.
fn view_text(st: &MemStorage, handle: &str) -> String {
    let doc = crate::doc::Doc::open(st, handle).expect("opens");
    let mut reader = doc.lines_from(1);
    let mut out = String::new();
    while let Some((_, line)) = reader.next_line() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn run(case: &Case) -> Outcome {
    assert!(
        (MIN_BYTES..=1_000_000).contains(&case.output.len()),
        "{}: {} bytes",
        case.name,
        case.output.len()
    );
    if let Some(dir) = std::env::var_os("ANSWERS_DUMP") {
        let file: String = (case.name.chars())
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        std::fs::write(std::path::Path::new(&dir).join(file), &case.output).expect("dump");
    }
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
    // The corpus's own check: every answer string is in the view, as the
    // model would read it (JSON re-indented), so a miss is the engine's.
    let view = view_text(&st, &stored.handle);
    for s in case.wanted() {
        assert!(shows(&view, s), "{}: {s:?} is not in the view", case.name);
    }
    let result = crate::extract::extract(&st, &NoLlm, request(&stored.handle, case.question, None));
    assert!(!result.failed, "{}: {}", case.name, result.text);
    let body = (result.text.split_once("\n\n")).map_or("", |(_, b)| b);
    let first = first_window(body);
    let jq = case.jq.as_ref().map(|jq| {
        let r = crate::extract::extract(
            &st,
            &NoLlm,
            request(&stored.handle, jq.program, Some(Mode::Jq)),
        );
        assert_eq!(r.report.used, Mode::Jq, "{}: {}", case.name, r.text);
        let body = (r.text.split_once("\n\n")).map_or("", |(_, b)| b);
        let got: Vec<&str> = body.lines().skip(1).collect();
        let shape: Vec<&str> = (stored.message.lines())
            .filter(|l| l.starts_with("shape:") || l.starts_with("columns"))
            .collect();
        let keys = program_keys(jq.program);
        let missing = (keys.iter())
            .filter(|k| !shape.iter().any(|l| shows(l, k)))
            .cloned()
            .collect();
        JqOutcome {
            right: !r.failed && got == jq.expected,
            keys,
            missing,
            text: body.to_string(),
        }
    });
    Outcome {
        in_message: (case.wanted().iter())
            .map(|s| shows(&stored.message, s))
            .collect(),
        in_answer: case.wanted().iter().map(|s| shows(body, s)).collect(),
        first_window: case.wanted().iter().any(|s| shows(first, s)),
        answer_bytes: result.text.len(),
        message_bytes: stored.message.len(),
        message: stored.message,
        answer: result.text,
        jq,
    }
}

/// The figures of one set.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Figures {
    cases: usize,
    /// Cases whose handle message shows the answer.
    message: usize,
    /// Cases one lexical call with the question answers.
    lexical: usize,
    /// Cases the message and that call answer together.
    both: usize,
    /// Mean recall of items over the every-item cases.
    recall_message: f64,
    recall_lexical: f64,
    recall_both: f64,
    /// Cases whose answer's first window holds a fact or an item.
    first_window: usize,
    /// Median size of the right lexical answers.
    median_right_bytes: usize,
    largest_message: usize,
    jq_cases: usize,
    jq_right: usize,
    /// JSON cases whose shape line names every key the program uses.
    jq_keys_shown: usize,
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "NO" }
}

/// Runs every case; prints a table, the figures and (`ANSWERS_DETAIL=1`)
/// each miss's message and answer.
fn measure(what: &str, cases: &[Case]) -> Figures {
    println!(
        "{:<46} {:<5} {:<4} {:<4} {:<4} {:>6} {:<5} {:>6} {:>6} {:<4} {:<6}",
        "case", "kind", "msg", "lex", "both", "recall", "first", "answer", "msg B", "jq", "keys"
    );
    let mut f = Figures {
        cases: cases.len(),
        message: 0,
        lexical: 0,
        both: 0,
        recall_message: 0.0,
        recall_lexical: 0.0,
        recall_both: 0.0,
        first_window: 0,
        median_right_bytes: 0,
        largest_message: 0,
        jq_cases: 0,
        jq_right: 0,
        jq_keys_shown: 0,
    };
    let (mut items_cases, mut right_bytes, mut detail) = (0, Vec::new(), Vec::new());
    for case in cases {
        let o = run(case);
        f.message += usize::from(o.message_found());
        f.lexical += usize::from(o.lexical_found());
        f.both += usize::from(o.both_found());
        f.first_window += usize::from(o.first_window);
        f.largest_message = f.largest_message.max(o.message_bytes);
        if o.lexical_found() {
            right_bytes.push(o.answer_bytes);
        }
        let recall = if case.every_item() {
            items_cases += 1;
            let both: Vec<bool> = (o.in_message.iter().zip(&o.in_answer))
                .map(|(&m, &a)| m || a)
                .collect();
            f.recall_message += Outcome::recall(&o.in_message);
            f.recall_lexical += Outcome::recall(&o.in_answer);
            f.recall_both += Outcome::recall(&both);
            let n = o.in_answer.len();
            let k = o.in_answer.iter().filter(|&&b| b).count();
            format!("{k}/{n}")
        } else {
            "-".to_string()
        };
        let (jq, keys) = match &o.jq {
            Some(j) => {
                f.jq_cases += 1;
                f.jq_right += usize::from(j.right);
                f.jq_keys_shown += usize::from(j.missing.is_empty());
                (
                    yes(j.right),
                    format!("{}/{}", j.keys.len() - j.missing.len(), j.keys.len()),
                )
            }
            None => ("-", "-".to_string()),
        };
        println!(
            "{:<46} {:<5} {:<4} {:<4} {:<4} {:>6} {:<5} {:>6} {:>6} {:<4} {:<6}",
            case.name,
            if case.every_item() { "items" } else { "fact" },
            yes(o.message_found()),
            yes(o.lexical_found()),
            yes(o.both_found()),
            recall,
            yes(o.first_window),
            o.answer_bytes,
            o.message_bytes,
            jq,
            keys
        );
        let jq_miss =
            o.jq.as_ref()
                .is_some_and(|j| !j.right || !j.missing.is_empty());
        if !(o.message_found() && o.lexical_found()) || jq_miss {
            let missing = |found: &[bool]| -> Vec<&String> {
                (case.wanted().iter().zip(found))
                    .filter(|(_, f)| !**f)
                    .map(|(s, _)| s)
                    .collect()
            };
            let mut d = format!(
                "== {} — {:?}\n-- message ({} bytes; not shown: {:?}):\n{}\n-- lexical ({} bytes; not shown: {:?}):\n{}",
                case.name,
                case.question,
                o.message_bytes,
                missing(&o.in_message),
                o.message,
                o.answer_bytes,
                missing(&o.in_answer),
                o.answer
            );
            if let (Some(j), Some(case_jq)) = (&o.jq, &case.jq) {
                d.push_str(&format!(
                    "\n-- jq {} (keys not in the shape line: {:?}; expected {:?}):\n{}",
                    case_jq.program, j.missing, case_jq.expected, j.text
                ));
            }
            detail.push(d);
        }
    }
    let items = items_cases.max(1) as f64;
    f.recall_message /= items;
    f.recall_lexical /= items;
    f.recall_both /= items;
    right_bytes.sort_unstable();
    f.median_right_bytes = right_bytes.get(right_bytes.len() / 2).copied().unwrap_or(0);
    let n = f.cases;
    println!(
        "{what}: handle message {} of {n}, one lexical call {} of {n}, message plus one lexical call {} of {n}; \
         mean recall of items: message {:.2}, lexical {:.2}, both {:.2}; first window holds the answer {} of {n}; \
         median right-answer bytes {} ({} right); largest message {} bytes; jq right {} of {}, \
         shape line names every key {} of {}",
        f.message,
        f.lexical,
        f.both,
        f.recall_message,
        f.recall_lexical,
        f.recall_both,
        f.first_window,
        f.median_right_bytes,
        right_bytes.len(),
        f.largest_message,
        f.jq_right,
        f.jq_cases,
        f.jq_keys_shown,
        f.jq_cases
    );
    if std::env::var_os("ANSWERS_DETAIL").is_some() {
        for d in &detail {
            println!("{d}");
        }
    }
    f
}

/// The shape every set keeps: at least `n` cases, half of each kind, at
/// least four JSON outputs with a jq program.
fn check_set(cases: &[Case], n: usize) {
    let items = cases.iter().filter(|c| c.every_item()).count();
    assert!(cases.len() >= n, "{} cases", cases.len());
    assert!(
        items >= n / 2 && cases.len() - items >= n / 2,
        "{items} every-item cases"
    );
    assert!(cases.iter().filter(|c| c.jq.is_some()).count() >= 4);
    let mut names: Vec<&str> = cases.iter().map(|c| c.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), cases.len(), "names are unique");
}

/// Lower bounds: each figure at least its floor (counts; recalls to two
/// decimals).
struct Floors {
    message: usize,
    lexical: usize,
    both: usize,
    recall_lexical: f64,
    recall_both: f64,
    jq_right: usize,
    jq_keys_shown: usize,
}

/// A set's figures, once its shape is checked (at least `n` cases).
fn measured(label: &str, cases: &[Case], n: usize) -> Figures {
    check_set(cases, n);
    measure(label, cases)
}

fn assert_floors(f: &Figures, floor: &Floors) {
    let ok = f.message >= floor.message
        && f.lexical >= floor.lexical
        && f.both >= floor.both
        && f.recall_lexical + 0.005 >= floor.recall_lexical
        && f.recall_both + 0.005 >= floor.recall_both
        && f.jq_right >= floor.jq_right
        && f.jq_keys_shown >= floor.jq_keys_shown;
    assert!(ok, "below the floors: {f:?}");
}

#[test]
fn tuning_set_answers() {
    let figures = measured("tuning set", &tuning::cases(), 16);
    // What the code achieves today: floors, raised as the code improves
    // (when the set was written, before issue 30's changes: 3, 2, 4).
    assert_floors(
        &figures,
        &Floors {
            message: 15,
            lexical: 29,
            both: 29,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 11,
            jq_keys_shown: 11,
        },
    );
}

/// The held-out set: measured, never tuned on (its misses were read for
/// their classes once, see [`fresh`]).
#[test]
fn unseen_set_answers() {
    let figures = measured("unseen set", &unseen::cases(), 16);
    assert_floors(
        &figures,
        &Floors {
            message: 7,
            lexical: 15,
            both: 16,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 6,
            jq_keys_shown: 6,
        },
    );
}

#[test]
fn the_harness_reads_answers_as_a_model_would() {
    assert!(shows("pod web-12 restarted", "web-12"));
    assert!(!shows("pod web-123 restarted", "web-12"));
    assert!(!shows("value 17.9121", "7.912"));
    assert!(shows("} 7.912 1763", "7.912"));
    assert!(shows(
        "\"inventory_quantity\": 0,",
        "\"inventory_quantity\": 0"
    ));
    assert!(!shows(
        "\"inventory_quantity\": 05",
        "\"inventory_quantity\": 0"
    ));
    assert_eq!(
        program_keys(
            r#".Results[].Vulnerabilities[]? | select(.Severity == "CRITICAL") | .VulnerabilityID"#
        ),
        ["Results", "Vulnerabilities", "Severity", "VulnerabilityID"]
    );
    assert_eq!(
        program_keys(
            r#".[] | select(.type == "match" and (.data.lines.text | test("\\b0\\b"))) | .data["path"].text, $x, 0.99"#
        ),
        ["type", "data", "lines", "text", "path"]
    );
    let body = "Lexical search …\n\n[root cause]\n12: a\n[... 3 lines not shown ...]\n16: b\n\n[lines 1–4, matches: x]\n1: c\n";
    assert_eq!(
        first_window(body),
        "Lexical search …\n\n[root cause]\n12: a\n[... 3 lines not shown ...]\n16: b\n\n"
    );
    assert_eq!(first_window("NO RELEVANT DATA"), "NO RELEVANT DATA");
}

/// The second held-out set ([`fresh`]): written after the first one's
/// misses were read, measured, never tuned on.
#[test]
fn fresh_set_answers() {
    let figures = measured("fresh set", &fresh::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 6,
            both: 6,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 6,
            jq_keys_shown: 5,
        },
    );
}

/// The third held-out set ([`third`]): written without reading the answer
/// code; its misses read once, for their classes.
#[test]
fn third_set_answers() {
    let figures = measured("third set", &third::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 6,
            both: 6,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 2,
        },
    );
}

/// The fourth held-out set ([`fourth`]): written without reading the
/// answer code; its misses read once, for their classes.
#[test]
fn fourth_set_answers() {
    let figures = measured("fourth set", &fourth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 7,
            both: 7,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The fifth held-out set ([`fifth`]): written without reading the answer
/// code; measured unread (2, 4 of 8, recall 0.40), then its misses read
/// for their classes.
#[test]
fn fifth_set_answers() {
    let figures = measured("fifth set", &fifth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 6,
            both: 6,
            recall_lexical: 0.90,
            recall_both: 0.95,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The sixth held-out set ([`sixth`]): written without reading the answer
/// code; measured unread over two stops (2, 3 and 4 of 8, recall 0.35),
/// then its misses read for their classes.
#[test]
fn sixth_set_answers() {
    let figures = measured("sixth set", &sixth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 7,
            both: 7,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 1,
        },
    );
}

/// The seventh held-out set ([`seventh`]): written without reading the
/// answer code; measured unread (0, 1 of 8, recall 0.10, before and after
/// the sixth set's classes were fixed), then its misses read for their
/// classes. Recall 0.60 → 0.55 since a kind's values are read from 32
/// fields, not 8: Suricata's kinds say their user agents and source
/// addresses instead of their timestamps, and in the longer answer the
/// lone alert naming `10.20.9.54` is cut before its `dest_ip`.
#[test]
fn seventh_set_answers() {
    let figures = measured("seventh set", &seventh::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 4,
            both: 5,
            recall_lexical: 0.55,
            recall_both: 0.55,
            jq_right: 4,
            jq_keys_shown: 1,
        },
    );
}

/// The eighth held-out set ([`eighth`]): written without reading the
/// answer code; measured unread at 0, 3 and 3 of 8 (recall 0.33 and
/// 0.50), its misses read since for their classes (the floors: what the
/// code achieves now).
#[test]
fn eighth_set_answers() {
    let figures = measured("eighth set", &eighth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 6,
            both: 6,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 2,
        },
    );
}

/// The ninth held-out set ([`ninth`]): written without reading the answer
/// code; measured unread at 1, 2 and 2 of 8 (recall 0.25 and 0.25), its
/// misses read since for their classes (the floors: what the code
/// achieves now).
#[test]
fn ninth_set_answers() {
    let figures = measured("ninth set", &ninth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 6,
            both: 6,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The tenth held-out set ([`tenth`]): written without reading the answer
/// code and measured unread (0, 3 and 3 of 8, recall 0.50 and 0.55; jq
/// right 4 of 4, the shape line naming every key 4 of 4); its misses read
/// since, and their classes fixed (a kind's only line listed to its end,
/// a part that "died" failed, "more than a gigabyte", a JSON line's kind
/// whatever its first value, a name spelled with `-` found whole): 0, 7
/// and 7 of 8, recall 0.75.
#[test]
fn tenth_set_answers() {
    let figures = measured("tenth set", &tenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 7,
            both: 7,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The eleventh held-out set ([`eleventh`]): written without reading the
/// answer code and measured unread (1, 2 and 3 of 8, recall 0.59 and
/// 0.59); its misses read since, its floors what the code now achieves:
/// 2, 5 and 5 of 8, recall 0.80 and 0.80; jq right 4 of 4, the shape line
/// naming every key 4 of 4.
#[test]
fn eleventh_set_answers() {
    let figures = measured("eleventh set", &eleventh::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 5,
            both: 5,
            recall_lexical: 0.80,
            recall_both: 0.80,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The twelfth held-out set ([`twelfth`]): written without reading the
/// answer code; measured unread (1, 2 and 2 of 8, recall 0.22 and 0.22;
/// jq right 4 of 4, the shape line naming every key 3 of 4), its misses
/// read since for their classes (floors: what the code achieves now; the
/// Stripe charges' widest shape line gives way to the disputed charge's
/// lines, 4 to 3 keys shown).
#[test]
fn twelfth_set_answers() {
    let figures = measured("twelfth set", &twelfth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 6,
            both: 6,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The thirteenth held-out set ([`thirteenth`]): written without reading
/// the answer code; measured unread (when it was written: 0, 1 and 1 of
/// 8, recall 0.04 and 0.08; at deb92b2: 0, 1 and 1, recall 0.17), then
/// its misses read and their classes fixed; jq right 4 of 4, the shape
/// line naming every key 3 of 4; its floors: what the code achieves now.
#[test]
fn thirteenth_set_answers() {
    let figures = measured("thirteenth set", &thirteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 7,
            both: 7,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The fourteenth held-out set ([`fourteenth`]): written without reading
/// the answer code; measured unread over one stop (when it was written, at
/// deb92b2: 1, 3 and 3 of 8, recall 0.46 and 0.46; at 28d7cb6 the same),
/// then its misses read and their classes fixed; jq right 4 of 4, the
/// shape line naming every key 3 of 4; its floors: what the code achieves
/// now.
#[test]
fn fourteenth_set_answers() {
    let figures = measured("fourteenth set", &fourteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 3,
            lexical: 7,
            both: 8,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The fifteenth held-out set ([`fifteenth`]): written without reading
/// the answer code; measured unread over one stop (at deb92b2: 0, 3 and 3
/// of 8, recall 0.50 and 0.50; at bed565d and 28d7cb6: 1, 4 and 4 of 8,
/// recall 0.50 and 0.50), then its misses read and their classes fixed;
/// jq right 4 of 4, the shape line naming every key 4 of 4; its floors:
/// what the code achieves now.
#[test]
fn fifteenth_set_answers() {
    let figures = measured("fifteenth set", &fifteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 7,
            both: 7,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The sixteenth held-out set ([`sixteenth`]): written without reading
/// the answer code; measured unread (at 28d7cb6: 1, 1 and 2 of 8, recall
/// 0.08; after that stop's changes, still unread: 1, 1 and 2, recall
/// 0.13), then its misses read for their classes; jq right 4 of 4, the
/// shape line naming every key 3 of 4.
#[test]
fn sixteenth_set_answers() {
    let figures = measured("sixteenth set", &sixteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 2,
            lexical: 8,
            both: 8,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The seventeenth held-out set ([`seventeenth`]): written without
/// reading the answer code; measured, never tuned on (unread, at
/// f8bf279: 0, 3 and 3 of 8, recall 0.58 and 0.58; after the sixteenth
/// set's classes were fixed, still unread: 0, 4 and 4, recall 0.62; jq
/// right 4 of 4, the shape line naming every key 1 of 4; its misses read
/// since, for their classes: 1, 8 and 8, recall 1.00, keys 2 of 4; its
/// floors: what the code achieves now).
#[test]
fn seventeenth_set_answers() {
    let figures = measured("seventeenth set", &seventeenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 8,
            both: 8,
            recall_lexical: 1.00,
            recall_both: 1.00,
            jq_right: 4,
            jq_keys_shown: 2,
        },
    );
}

/// The eighteenth held-out set ([`eighteenth`]): written without
/// reading the answer code; measured, never tuned on while unread (at
/// dea0c59, midway through the sixteenth set's classes: 0, 3 and 4 of 8,
/// recall 0.83 and 0.83, the same after the rest of them and after the
/// seventeenth set's; jq right 4 of 4, the shape line naming every key 1
/// of 4). Read in the stop after (0, 7 and 7 of 8, recall 1.00 and 1.00:
/// a Windows crash is a bugcheck, an XML event cut keeps its message, a
/// question's date without a year takes the output's, "what stopped it"
/// asks for a cause, and a record too long to read whole is named by its
/// first lines); its floors: what the code achieves.
#[test]
fn eighteenth_set_answers() {
    let figures = measured("eighteenth set", &eighteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 7,
            both: 7,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 2,
        },
    );
}

/// The nineteenth held-out set ([`nineteenth`]): written without
/// reading the answer code, measured unread over three stops (at
/// 1863be9 and after: 1, 4 and 5 of 8, recall 0.75 and 0.75; jq right 4
/// of 4, the shape line naming every key 3 of 4), then read and its
/// classes fixed: 1, 6 and 6, recall 1.00 (its floors: what the code
/// achieves).
#[test]
fn nineteenth_set_answers() {
    let figures = measured("nineteenth set", &nineteenth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 6,
            both: 6,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The twentieth held-out set ([`twentieth`]): written without reading
/// the answer code, measured unread over two stops (at 4a72015 and
/// after: 0, 2 and 2 of 8, recall 0.60 and 0.60; jq right 4 of 4, the
/// shape line naming every key 3 of 4), then read and its classes fixed:
/// 0, 7 and 7, recall 1.00 (its floors: what the code achieves).
#[test]
fn twentieth_set_answers() {
    let figures = measured("twentieth set", &twentieth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 7,
            both: 7,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The twenty-first held-out set ([`twentyfirst`]): written without
/// reading the answer code; measured unread at 3b63bcc (0, 2 and 2 of 8,
/// recall 0.46 and 0.46; jq right 4 of 4, the shape line naming every key
/// 3 of 4), its misses read since; its floors: what the code achieves.
#[test]
fn twentyfirst_set_answers() {
    let figures = measured("twentyfirst set", &twentyfirst::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 6,
            both: 6,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The twenty-second held-out set ([`twentysecond`]): written without
/// reading the answer code; measured unread at 4a782dd and again at the
/// end of the next stop's work (0, 2 and 2 of 8, recall 0.29 and 0.29; jq
/// right 4 of 4, the shape line naming every key 4 of 4), its misses read
/// since; its floors: what the code achieves.
#[test]
fn twentysecond_set_answers() {
    let figures = measured("twentysecond set", &twentysecond::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 6,
            both: 6,
            recall_lexical: 0.54,
            recall_both: 0.54,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The twenty-third held-out set ([`twentythird`]): written without
/// reading the answer code; measured unread at 22efe84 and again at the
/// end of the next stop's work (1, 4 and 4 of 8, recall 0.50 and 0.50; jq
/// right 4 of 4, the shape line naming every key 4 of 4), its misses read
/// since; its floors: what the code achieves.
#[test]
fn twentythird_set_answers() {
    let figures = measured("twentythird set", &twentythird::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 6,
            both: 6,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 4,
        },
    );
}

/// The twenty-fourth held-out set ([`twentyfourth`]): written without
/// reading the answer code; measured unread at 808774c and at c88dabe
/// (0, 2 and 2 of 8, recall 0.40 and 0.40; jq right 4 of 4, the shape line
/// naming every key 3 of 4), its misses read since; its floors: what the
/// code achieves.
#[test]
fn twentyfourth_set_answers() {
    let figures = measured("twentyfourth set", &twentyfourth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 1,
            lexical: 5,
            both: 5,
            recall_lexical: 0.75,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The twenty-fifth held-out set ([`twentyfifth`]): written without
/// reading the answer code; measured unread at c88dabe and at 53ad362
/// alike (1, 5 and 5 of 8, recall 0.70 and 0.70; jq right 4 of 4, the
/// shape line naming every key 3 of 4), its misses read since; its
/// floors: what the code achieves.
#[test]
fn twentyfifth_set_answers() {
    let figures = measured("twentyfifth set", &twentyfifth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 3,
            lexical: 6,
            both: 7,
            recall_lexical: 0.95,
            recall_both: 0.95,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The twenty-sixth held-out set ([`twentysixth`]): written without
/// reading the answer code; measured, never tuned on (unread, at e9e79c7:
/// 0, 3 and 3 of 8, recall 0.60; jq right 4 of 4, the shape line naming
/// every key 3 of 4), then read for its misses' classes at the next stop
/// (FortiGate's `srcip`, past a dozen fields: 4 of 8, recall 0.85; az's
/// `"minimumTlsVersion": "TLS1_0"` picking its rows before a value every
/// account holds: 5 of 8, recall 1.00; pacman's `downgraded linux` for
/// "went back to an older kernel", in the window around the rare
/// `pacman -U` a section showed: 6 of 8); its floors: what the code
/// achieves.
#[test]
fn twentysixth_set_answers() {
    let figures = measured("twentysixth set", &twentysixth::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 6,
            both: 6,
            recall_lexical: 1.0,
            recall_both: 1.0,
            jq_right: 4,
            jq_keys_shown: 3,
        },
    );
}

/// The twenty-seventh held-out set ([`twentyseventh`]): written without
/// reading the answer code; measured unread at 842aa17 (0, 3 and 3 of 8,
/// recall 0.35 and 0.40; jq right 4 of 4, the shape line naming every
/// key 2 of 4) and at eff4c3f (the same but recall 0.45 and 0.50), then
/// read for its misses' classes (an audit's "problems" are Lynis's
/// `Warning:` lines; a "recovery system" is Hetzner's `rescue_enabled`: 5
/// of 8, recall 0.70 and 0.75); its floors: what the code achieves.
#[test]
fn twentyseventh_set_answers() {
    let figures = measured("twentyseventh set", &twentyseventh::cases(), 8);
    assert_floors(
        &figures,
        &Floors {
            message: 0,
            lexical: 5,
            both: 5,
            recall_lexical: 0.70,
            recall_both: 0.75,
            jq_right: 4,
            jq_keys_shown: 2,
        },
    );
}

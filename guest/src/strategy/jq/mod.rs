//! Mode `jq`: a jq program run over the stored output by jaq, inside the
//! sandbox. Exact answers from structured outputs, no LLM.
//!
//! The input is the original bytes (numbers and key order as received):
//! - one JSON document: `.` is that document;
//! - several JSON values (JSON lines, concatenated JSON) or CSV/TSV rows
//!   (objects keyed by the header, numbers as numbers): `.` is the array of
//!   them, as with `jq -s`, so counting and grouping need no `inputs`.
//!
//! Everything the model can get wrong (a program that does not parse, a
//! runtime error, text that is not structured) is a success text it can act
//! on: it is the model's input, not a system failure. A program that never
//! ends is stopped by the call's CPU limit (the host's), one that outputs
//! forever by the answer's budget.
//!
//! The answer is presented as exact, so whatever keeps it from being exact
//! is said in its first line: values or rows of the output that could not
//! be read ([`unread::Gaps`]), results too deeply nested to show.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Exn, Vars, data};
use jaq_json::Val;

mod csv;
mod input;
mod lines;
mod natives;
mod stream;
mod unread;

use std::cell::RefCell;

use input::Values;
use lines::MAX_DEPTH;
use unread::Gaps;

use crate::bindings::types::LlmCallReport;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::strategy::{Strategy, Task};

/// Outputs up to this size are read whole for jq (the instance's memory is
/// bounded; jaq's values take several times their JSON text). Larger ones
/// get an answer pointing to grep and lexical.
pub const MAX_JQ_INPUT: u64 = 64 << 20;
/// Results counted past the budget to say how many were not shown; a
/// program that outputs forever is not run to its end.
const MAX_COUNTED: usize = 100_000;
/// Bytes kept free for the closing note (results not shown, an error).
const NOTE_ROOM: usize = 120;
/// What the answer says when the program needs fixing.
const SYNTAX_HINT: &str = "jq syntax: `.key`, `.[0]`, `.[]`, `select(cond)`, `map(f)`, \
    `length`, `keys`, `group_by(.k)`, `{a: .x}`, `[.[] | f]`; pipe with `|`.";

/// What the program runs over, for the answer's first line and its hints.
struct Shape {
    /// `one JSON document`, `20000 JSON values (JSON lines), …`.
    said: String,
    /// Several values or rows gathered into one array: what they are
    /// (`20000 JSON lines`), to say when a program treats the array as one.
    gathered: Option<String>,
}

/// Mode `jq`: `extract` is the program.
pub struct Jq;

impl Strategy for Jq {
    fn answer(&self, task: &Task, _: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        run(task.doc, task.extract, task.budget)
            .map_err(|e| Failure::strategy(e.message().to_string()))
    }
}

/// Run `program` over the output of `doc`; the answer body, within `budget`
/// bytes. Err only when storage fails.
pub fn run(doc: &Doc, program: &str, budget: usize) -> Result<String, crate::EngineError> {
    run_gathering(doc, program, budget, MAX_JQ_INPUT)
}

/// [`run`], gathering outputs of up to `gather` bytes (tests pass a small one).
pub(crate) fn run_gathering(
    doc: &Doc,
    program: &str,
    budget: usize,
    gather: u64,
) -> Result<String, crate::EngineError> {
    let size = doc.meta.stats.bytes;
    if size > gather {
        return stream::streamed(doc, program, budget, gather);
    }
    let filter = match compile(program) {
        Ok(filter) => filter,
        Err(message) => return Ok(fit(does_not_compile(&message, program), budget)),
    };
    let (values, source) = input::open(doc)?;
    let gaps = RefCell::new(Gaps::new("value"));
    let said = |what: String| match source.encoding {
        Some(encoding) => format!("{what} (read from {encoding})"),
        None => what,
    };
    let (input, shape) = match values {
        Values::One(value) => (
            value,
            Shape {
                said: said("one JSON document".into()),
                gathered: None,
            },
        ),
        Values::Json(items) => {
            let values: Vec<Val> = Gaps::values(&gaps, items).collect();
            let n = values.len();
            (
                values.into_iter().collect(),
                Shape {
                    said: said(format!(
                        "{n} JSON values (JSON lines), given to the program as one array"
                    )),
                    gathered: Some(format!("the {n} JSON lines")),
                },
            )
        }
        Values::Rows {
            rows,
            format,
            notes,
        } => {
            *gaps.borrow_mut() = Gaps::new("row");
            let rows: Vec<Val> = Gaps::values(&gaps, rows).collect();
            let n = rows.len();
            let mut what = format!(
                "{n} {format} rows, given to the program as one array of objects keyed by the header"
            );
            if !notes.is_empty() {
                what.push_str(&format!(" ({})", notes.join("; ")));
            }
            (
                rows.into_iter().collect(),
                Shape {
                    said: said(what),
                    gathered: Some(format!("the {n} {format} rows")),
                },
            )
        }
        Values::Empty => return answer(&source, "The output is empty: jq has no input.", budget),
        Values::BrokenJson(unread) => {
            let why = format!(
                "The output looks like JSON but cannot be read ({}: {}), so jq cannot run on \
                 it. Use mode \"lexical\" or grep instead.",
                unread.at, unread.why
            );
            return answer(&source, &why, budget);
        }
        Values::Text => {
            let why = "jq needs structured input (JSON, JSON lines, CSV or TSV); this output \
                       is text. Use mode \"lexical\" to search it, or grep.";
            return answer(&source, why, budget);
        }
    };
    if let Some(failure) = source.failure() {
        return Err(failure);
    }
    let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
    let results = filter
        .id
        .run((ctx, input))
        .map(|r| r.map_err(exception_text));
    Ok(render(results, &shape, &gaps, program, budget))
}

/// An answer in words about the input, unless reading it failed.
fn answer(source: &input::Source, text: &str, budget: usize) -> Result<String, crate::EngineError> {
    match source.failure() {
        Some(failure) => Err(failure),
        None => Ok(fit(text.to_string(), budget)),
    }
}

/// What the answer says of a program that does not compile.
fn does_not_compile(message: &str, program: &str) -> String {
    format!(
        "The jq program does not compile: {message}\nProgram: {}\n{SYNTAX_HINT}",
        one_line(program)
    )
}

type Filter = jaq_core::compile::Filter<jaq_core::Native<data::JustLut<Val>>>;

/// Deepest a program may nest, as [`nesting`] counts. Natively (release,
/// a 512 KiB stack, the wasm stack's size) jaq took 180 nested parentheses
/// and a chain of 220 `|`; wasm frames are larger.
const MAX_PROGRAM_NESTING: usize = 64;

/// How deeply jaq will nest `program`, found without recursion (jaq's
/// lexer and parser recurse): along the deepest path, each bracket level
/// plus the chain of terms within it — its `|` steps, and the most other
/// operators (`,` `+` `//` `and`…) in one step: `a | b | c` and
/// `[a, b, c]` are nested terms to jaq; an object's commas only separate
/// its entries. An upper bound: operators of one step are all counted.
fn nesting(program: &str) -> usize {
    /// A bracket level, or a string (whose `\(…)` are levels again).
    enum Frame {
        Code(Level),
        Str,
    }
    let code = |close| {
        Frame::Code(Level {
            close,
            steps: 0,
            step_ops: 0,
            most_ops: 0,
        })
    };
    let mut frames = vec![code(' ')];
    let (mut total, mut deepest) = (1usize, 1usize);
    let mut chars = program.chars().peekable();
    while let Some(c) = chars.next() {
        let levels = frames.len();
        match (frames.last_mut(), c) {
            (Some(Frame::Str), '\\') => {
                if chars.next_if_eq(&'(').is_some() {
                    frames.push(code(')'));
                    total += 1;
                } else {
                    chars.next();
                }
            }
            (Some(Frame::Str), '"') => {
                frames.pop();
            }
            (Some(Frame::Str), _) => {}
            (_, '#') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            (_, '"') => frames.push(Frame::Str),
            (_, '(') => {
                frames.push(code(')'));
                total += 1;
            }
            (_, '[') => {
                frames.push(code(']'));
                total += 1;
            }
            (_, '{') => {
                frames.push(code('}'));
                total += 1;
            }
            (_, ')' | ']' | '}') if levels > 1 => {
                if let Some(Frame::Code(level)) = frames.pop() {
                    total -= level.weight();
                }
            }
            (Some(Frame::Code(level)), _) => {
                let operator = if c == ',' {
                    (level.close != '}').then_some(",".to_string())
                } else if OPERATOR_CHARS.contains(c) {
                    let mut run = c.to_string();
                    while let Some(next) = chars.next_if(|&n| OPERATOR_CHARS.contains(n)) {
                        run.push(next);
                    }
                    Some(run)
                } else if c.is_ascii_alphabetic() {
                    let mut word = c.to_string();
                    while let Some(next) = chars.next_if(|&n| n.is_ascii_alphanumeric() || n == '_')
                    {
                        word.push(next);
                    }
                    matches!(word.as_str(), "and" | "or").then_some(word)
                } else {
                    None
                };
                if let Some(operator) = operator {
                    let before = level.weight();
                    if operator == "|" {
                        level.steps += 1;
                        level.most_ops = level.most_ops.max(level.step_ops);
                        level.step_ops = 0;
                    } else {
                        level.step_ops += 1;
                    }
                    total = total + level.weight() - before;
                }
            }
            (None, _) => {}
        }
        deepest = deepest.max(total);
    }
    deepest
}

/// Characters of jq's symbolic operators (`|`, `|=`, `//`, `==`, `+`…).
const OPERATOR_CHARS: &str = "|=!<>+-*/%";

/// A bracket level of a program, for [`nesting`].
struct Level {
    /// The character that closes it (`' '` for the program itself).
    close: char,
    /// `|` steps so far, operators in the current step, the most in one.
    steps: usize,
    step_ops: usize,
    most_ops: usize,
}

impl Level {
    fn weight(&self) -> usize {
        1 + self.steps + self.step_ops.max(self.most_ops)
    }
}

/// Parse and compile with jq's standard library; the errors in words.
fn compile(program: &str) -> Result<Filter, String> {
    let nests = nesting(program);
    if nests > MAX_PROGRAM_NESTING {
        return Err(format!(
            "it nests {nests} levels deep (brackets, and chains of `|`, `,` or other operators \
             within them), more than the {MAX_PROGRAM_NESTING} read here (jaq reads, compiles \
             and runs a program recursively, and the stack is small): fewer nested brackets, \
             shorter chains"
        ));
    }
    let defs = jaq_core::defs()
        .chain(jaq_std::defs())
        .chain(jaq_json::defs());
    let funs = jaq_core::funs()
        .chain(jaq_std::base_funs())
        .chain(natives::funs())
        .chain(jaq_json::funs());
    let loader = Loader::new(defs);
    let arena = Arena::default();
    let at = |s: &str| {
        // Errors point into the program text: the offset of the slice.
        let offset = (s.as_ptr() as usize).wrapping_sub(program.as_ptr() as usize);
        if offset <= program.len() {
            format!("at character {}", program[..offset].chars().count() + 1)
        } else {
            String::from("in the program")
        }
    };
    let modules = loader
        .load(
            &arena,
            File {
                code: program,
                path: (),
            },
        )
        .map_err(|errors| {
            let mut said = Vec::new();
            for (_, error) in errors {
                match error {
                    jaq_core::load::Error::Io(items) => {
                        said.extend(items.into_iter().map(|(s, e)| format!("{e} ({})", at(s))))
                    }
                    jaq_core::load::Error::Lex(items) => said.extend(
                        items
                            .into_iter()
                            .map(|(expect, s)| format!("expected {} {}", expect.as_str(), at(s))),
                    ),
                    jaq_core::load::Error::Parse(items) => said.extend(
                        items
                            .into_iter()
                            .map(|(expect, s)| format!("expected {} {}", expect.as_str(), at(s))),
                    ),
                }
            }
            said.join("; ")
        })?;
    Compiler::default()
        .with_funs(funs)
        .compile(modules)
        .map_err(|errors| {
            errors
                .into_iter()
                .flat_map(|(_, items)| items)
                .map(|(name, undefined)| {
                    format!("undefined {} `{name}` {}", undefined.as_str(), at(name))
                })
                .collect::<Vec<_>>()
                .join("; ")
        })
}

/// What an uncaught exception says. Not jaq's `unwrap_valr`: it ends the
/// process on `halt`, which here would be the engine.
fn exception_text(exn: Exn<'_, Val>) -> String {
    match exn.get_err() {
        Ok(error) => {
            // A string error (`error("…")`, ours) reads better unquoted.
            let text = error.to_string();
            serde_json::from_str::<String>(&text).unwrap_or(text)
        }
        Err(exn) => match exn.get_halt() {
            Ok(code) => format!("the program called halt (exit code {code})"),
            Err(_) => "the program ended with an uncaught exception".into(),
        },
    }
}

/// The results, one compact JSON value per line, within `budget` bytes,
/// under a first line saying what they are of (and, read once the results
/// are, what of the input could not be read).
fn render(
    results: impl Iterator<Item = Result<Val, String>>,
    shape: &Shape,
    gaps: &RefCell<Gaps>,
    program: &str,
    budget: usize,
) -> String {
    let head_now = head(shape, &gaps.borrow());
    let mut body = String::new();
    let mut shown = 0usize;
    let mut hidden = 0usize;
    let mut error = None;
    let mut cut = false;
    for result in results {
        match result {
            Ok(value) => {
                if cut {
                    hidden += 1;
                    flat_drop(value);
                    if hidden >= MAX_COUNTED {
                        break;
                    }
                    continue;
                }
                let line = result_line(value, shown + 1);
                // Room kept for the closing note.
                if head_now.len() + body.len() + line.len() + NOTE_ROOM <= budget {
                    body.push_str(&line);
                    shown += 1;
                } else {
                    if shown == 0 {
                        // One result larger than the answer: its start.
                        let room = budget.saturating_sub(head_now.len() + body.len() + NOTE_ROOM);
                        let end = line.floor_char_boundary(room);
                        body.push_str(&line[..end]);
                        body.push_str(&format!(
                            "\n[result 1 cut: {} of its {} bytes shown]\n",
                            end,
                            line.len() - 1
                        ));
                        shown = 1;
                    } else {
                        hidden = 1;
                    }
                    cut = true;
                }
            }
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    // What could not be read is known now: its words may take the room of
    // the last results shown.
    let head = head(shape, &gaps.borrow());
    loop {
        let mut notes = String::new();
        if shown == 0 && hidden == 0 && error.is_none() {
            notes.push_str("(no results: the program output nothing)\n");
        }
        if hidden > 0 {
            let more = if hidden >= MAX_COUNTED {
                "at least "
            } else {
                ""
            };
            notes.push_str(&format!(
                "[{more}{hidden} more results not shown; narrow the program, e.g. select fewer fields or add `| .[0:20]`]\n"
            ));
        }
        if let Some(error) = &error {
            notes.push_str(&error_line(error, shown, shape, program));
        }
        let fits = head.len() + body.len() + notes.len() <= budget;
        let last = body[..body.len().saturating_sub(1)].rfind('\n');
        match last {
            Some(end) if !fits && shown > 1 => {
                body.truncate(end + 1);
                shown -= 1;
                hidden += 1;
            }
            _ => return fit(head + &body + &notes, budget),
        }
    }
}

/// The answer's first line.
fn head(shape: &Shape, gaps: &Gaps) -> String {
    match gaps.said() {
        Some(gaps) => format!("jq over {}. {gaps} Results, one per line:\n", shape.said),
        None => format!("jq over {}. Results, one per line:\n", shape.said),
    }
}

/// Result `n` as a line: compact JSON, or a note when it is nested too
/// deep to write (writing, like parsing, recurses once per level).
fn result_line(value: Val, n: usize) -> String {
    if deeper_than(&value, MAX_DEPTH) {
        flat_drop(value);
        return format!(
            "[result {n} not shown: nested deeper than the {MAX_DEPTH} levels written here]\n"
        );
    }
    format!("{value}\n")
}

/// Whether `value` nests more than `levels` arrays or objects, found
/// without recursion.
fn deeper_than(value: &Val, levels: usize) -> bool {
    let mut stack = vec![(value, 0usize)];
    while let Some((value, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Val>> = match value {
            Val::Arr(items) => Box::new(items.iter()),
            Val::Obj(map) => Box::new(map.iter().flat_map(|(k, v)| [k, v])),
            _ => continue,
        };
        if depth + 1 > levels {
            return true;
        }
        stack.extend(children.map(|child| (child, depth + 1)));
    }
    false
}

/// Drop `value` without recursion: dropping a deeply nested value the
/// usual way recurses once per level.
fn flat_drop(value: Val) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Val::Arr(items) => {
                if let Ok(items) = std::rc::Rc::try_unwrap(items) {
                    stack.extend(items);
                }
            }
            Val::Obj(map) => {
                if let Ok(map) = std::rc::Rc::try_unwrap(map) {
                    stack.extend(map.into_iter().flat_map(|(k, v)| [k, v]));
                }
            }
            _ => {}
        }
    }
}

/// The program's error in one line. A program that indexes or iterates
/// the array that gathered values became, as if it were one of them, is
/// told so instead of being shown the array's start.
fn error_line(error: &str, shown: usize, shape: &Shape, program: &str) -> String {
    let on_the_array = ["cannot index [", "cannot use [", "cannot iterate over ["]
        .iter()
        .any(|start| error.starts_with(start));
    match &shape.gathered {
        Some(gathered) if on_the_array => format!(
            "jq error after {shown} results: {gathered} arrive as one array: start with `.[]`, \
             e.g. `.[] | {}`, or `map(…)`\n",
            one_line(program)
        ),
        _ => format!("jq error after {shown} results: {}\n", one_line(error)),
    }
}

/// `text` within `budget` bytes, cut at a character boundary.
fn fit(mut text: String, budget: usize) -> String {
    if text.len() > budget {
        let end = text.floor_char_boundary(budget);
        text.truncate(end);
    }
    text
}

/// Program text quoted on one line, bounded.
fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let end = flat.floor_char_boundary(300);
    flat[..end].to_string()
}

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

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Exn, Vars, data};
use jaq_json::Val;

mod csv;
mod lines;
mod natives;
mod stream;

use crate::bindings::types::LlmCallReport;
use crate::doc::Doc;
use crate::handle::FileKind;
use crate::llm::Failure;
use crate::storage::READ_BLOCK;
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

/// The structured input, or why there is none.
enum Input {
    /// One JSON document, or the slurped array of a stream.
    Value(Val, Shape),
    /// Not structured: the answer to give, in words.
    Unusable(String),
}

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
        return Ok(stream::streamed(doc, program, budget, gather));
    }
    let filter = match compile(program) {
        Ok(filter) => filter,
        Err(message) => {
            return Ok(fit(
                format!(
                    "The jq program does not compile: {message}\nProgram: {}\n{SYNTAX_HINT}",
                    one_line(program)
                ),
                budget,
            ));
        }
    };
    let bytes = read_original(doc, size)?;
    let (input, shape) = match input(&bytes) {
        Input::Value(value, shape) => (value, shape),
        Input::Unusable(why) => return Ok(fit(why, budget)),
    };
    drop(bytes);
    let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
    let results = filter
        .id
        .run((ctx, input))
        .map(|r| r.map_err(exception_text));
    Ok(render(results, &shape, program, budget))
}

type Filter = jaq_core::compile::Filter<jaq_core::Native<data::JustLut<Val>>>;

/// Parse and compile with jq's standard library; the errors in words.
fn compile(program: &str) -> Result<Filter, String> {
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

fn read_original(doc: &Doc, size: u64) -> Result<Vec<u8>, crate::EngineError> {
    let st = doc.storage();
    let name = doc.handle.file(FileKind::Original);
    let mut out = Vec::new();
    while (out.len() as u64) < size {
        let want = (size - out.len() as u64).min(READ_BLOCK);
        let block = st.read(&name, out.len() as u64, want)?;
        if block.is_empty() {
            break;
        }
        out.extend_from_slice(&block);
    }
    Ok(out)
}

/// The output as jq input: JSON (one document or a stream), else CSV/TSV.
fn input(bytes: &[u8]) -> Input {
    let mut values = Vec::new();
    let mut error = None;
    for value in jaq_json::read::parse_many(bytes) {
        match value {
            Ok(value) => values.push(value),
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    match (error, values.len()) {
        (None, 0) => Input::Unusable("The output is empty: jq has no input.".into()),
        (None, 1) => Input::Value(
            values.pop().expect("one value"),
            Shape {
                said: "one JSON document".into(),
                gathered: None,
            },
        ),
        (None, n) => Input::Value(
            values.into_iter().collect(),
            Shape {
                said: format!("{n} JSON values (JSON lines), given to the program as one array"),
                gathered: Some(format!("the {n} JSON lines")),
            },
        ),
        (Some(error), _) if matches!(first, Some(b'{' | b'[')) => Input::Unusable(format!(
            "The output looks like JSON but does not parse ({error}), so jq cannot run on it. \
             Use mode \"lexical\" or grep instead."
        )),
        (Some(_), _) => match csv::rows(bytes) {
            Some(table) => {
                let n = table.rows.len();
                let format = table.format;
                let mut said = format!(
                    "{n} {format} rows, given to the program as one array of objects keyed by the header"
                );
                if !table.notes.is_empty() {
                    said.push_str(&format!(" ({})", table.notes.join("; ")));
                }
                Input::Value(
                    table.rows.into_iter().collect(),
                    Shape {
                        said,
                        gathered: Some(format!("the {n} {format} rows")),
                    },
                )
            }
            None => Input::Unusable(
                "jq needs structured input (JSON, JSON lines, CSV or TSV); this output is text. \
                 Use mode \"lexical\" to search it, or grep."
                    .into(),
            ),
        },
    }
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

/// The results, one compact JSON value per line, within `budget` bytes.
fn render(
    results: impl Iterator<Item = Result<Val, String>>,
    shape: &Shape,
    program: &str,
    budget: usize,
) -> String {
    let mut body = format!("jq over {}. Results, one per line:\n", shape.said);
    let mut shown = 0usize;
    let mut hidden = 0usize;
    let mut error = None;
    let mut cut = false;
    for result in results {
        match result {
            Ok(value) => {
                if cut {
                    hidden += 1;
                    if hidden >= MAX_COUNTED {
                        break;
                    }
                    continue;
                }
                let line = format!("{value}\n");
                // Room kept for the closing note.
                if body.len() + line.len() + NOTE_ROOM <= budget {
                    body.push_str(&line);
                    shown += 1;
                } else {
                    if shown == 0 {
                        // One result larger than the answer: its start.
                        let room = budget.saturating_sub(body.len() + NOTE_ROOM);
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
    if shown == 0 && hidden == 0 && error.is_none() {
        body.push_str("(no results: the program output nothing)\n");
    }
    if hidden > 0 {
        let more = if hidden >= MAX_COUNTED {
            "at least "
        } else {
            ""
        };
        body.push_str(&format!(
            "[{more}{hidden} more results not shown; narrow the program, e.g. select fewer fields or add `| .[0:20]`]\n"
        ));
    }
    if let Some(error) = error {
        body.push_str(&error_line(&error, shown, shape, program));
    }
    fit(body, budget)
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

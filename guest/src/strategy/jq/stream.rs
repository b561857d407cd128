//! jq over an output too large to gather: JSON lines (any stream of JSON
//! values) and CSV/TSV rows read one value at a time, for programs that
//! treat each value on its own — `.[] | F` (F run on each), `.[]`, and
//! `length` (the values counted). Memory stays that of one value whatever
//! the output's size; a program that needs the whole array (`sort_by`,
//! `group_by`, `.[0]`, `map(…)`, `.[] |= F`) keeps the bound on gathering,
//! and the answer says which forms run on any size.
//!
//! The form is read from jaq's own tokens of the whole program, which has
//! compiled first: `.[] |= F` is an update, not `.[]` piped into `= F`.

use std::cell::RefCell;

use jaq_core::load::lex::{Lexer, Tok, Token};
use jaq_core::{Ctx, Vars, data};
use jaq_json::Val;

use super::input::{self, Values};
use super::unread::Gaps;
use super::{Shape, compile, does_not_compile, exception_text, fit, render};
use crate::doc::Doc;

/// What a program does with the gathered array, when it runs value by value.
#[derive(Debug, PartialEq, Eq)]
pub enum PerValue<'a> {
    /// `.[] | F` (or `.[]`: F is `.`): F on each value, results in order.
    Each(&'a str),
    /// `length`: how many values there are.
    Length,
}

/// The per-value form of `program`, if it has one. `|` binds loosest in jq,
/// so `.[] | REST` runs all of REST on each element, whatever REST holds.
pub fn per_value(program: &str) -> Option<PerValue<'_>> {
    let tokens = Lexer::new(program).lex().ok()?;
    match &tokens[..] {
        [Token("length", Tok::Word)] => Some(PerValue::Length),
        [dot, iterate] if iterates(dot, iterate) => Some(PerValue::Each(".")),
        [dot, iterate, Token("|", Tok::Sym), rest @ ..] if iterates(dot, iterate) => {
            let first = rest.first()?;
            let at = first.0.as_ptr() as usize - program.as_ptr() as usize;
            Some(PerValue::Each(program[at..].trim_end()))
        }
        _ => None,
    }
}

/// `.` then `[]` (a block holding only its closing bracket): iterating
/// the input.
fn iterates(dot: &Token<&str>, iterate: &Token<&str>) -> bool {
    matches!(dot, Token(".", Tok::Sym))
        && iterate.0.starts_with('[')
        && matches!(&iterate.1, Tok::Block(inner) if matches!(&inner[..], [Token("]", Tok::Sym)]))
}

/// `.[] |= F`, `.[] += 1`…: an update of each value, which gives the whole
/// array back.
fn updates_each(program: &str) -> bool {
    let Ok(tokens) = Lexer::new(program).lex() else {
        return false;
    };
    matches!(&tokens[..], [dot, iterate, Token(op, Tok::Sym), ..]
        if iterates(dot, iterate) && op.ends_with('=') && !matches!(*op, "==" | "!=" | "<=" | ">="))
}

/// An output too large to gather: run value by value if the program's
/// form allows it (`stream`), else say which forms do. Err only when
/// storage fails.
pub(super) fn streamed(
    doc: &Doc,
    program: &str,
    budget: usize,
    gather: u64,
) -> Result<String, crate::EngineError> {
    let size = doc.meta.stats.bytes;
    let too_large = |why: &str| {
        Ok(fit(
            format!(
                "The output is {size} bytes: jq gathers outputs of up to {gather} bytes into \
                 one array here, and {why}. On JSON lines and CSV rows of any size, programs of the \
                 form `.[] | …` (run on each value) and `length` run one value at a time. Else use \
                 tool_output with mode \"lexical\" (or grep) to find the part you need."
            ),
            budget,
        ))
    };
    // The whole program first: its errors are the model's to fix, at the
    // places it wrote them.
    if let Err(message) = compile(program) {
        return Ok(fit(does_not_compile(&message, program), budget));
    }
    let Some(form) = per_value(program) else {
        if updates_each(program) {
            return too_large(
                "this program updates each value and gives the whole array back; \
                 `.[] | F` gives each value as F makes it, one at a time",
            );
        }
        return too_large("this program needs the whole array");
    };
    let each = match form {
        PerValue::Each(each) => each,
        PerValue::Length => ".",
    };
    let Ok(filter) = compile(each) else {
        return too_large("this program needs the whole array");
    };
    let (values, source) = input::open(doc)?;
    let encoding = source
        .encoding
        .map(|e| format!(", from {e}"))
        .unwrap_or_default();
    let (items, unit, said) = match values {
        Values::Json(items) => (
            items,
            "value",
            format!("JSON values (JSON lines), read one at a time ({size} bytes{encoding})"),
        ),
        Values::Rows {
            rows,
            format,
            notes,
        } => {
            let mut said = format!("{format} rows, read one at a time ({size} bytes{encoding})");
            if !notes.is_empty() {
                said.push_str(&format!(" ({})", notes.join("; ")));
            }
            (rows, "row", said)
        }
        not_a_stream => {
            let why = match not_a_stream {
                Values::One(_) => "it is one JSON document".to_string(),
                Values::Empty => "it is empty".to_string(),
                Values::BrokenJson(unread) => format!(
                    "its first JSON value cannot be read ({}: {})",
                    unread.at, unread.why
                ),
                _ => "it is text, not JSON lines or CSV".to_string(),
            };
            return match source.failure() {
                Some(failure) => Err(failure),
                None => too_large(&why),
            };
        }
    };
    let shape = Shape {
        said,
        gathered: None,
    };
    let gaps = RefCell::new(Gaps::new(unit));
    let values = Gaps::values(&gaps, items);
    let answer = if form == PerValue::Length {
        let count = values.count();
        render(
            std::iter::once(Ok(Val::from(count as isize))),
            &shape,
            &gaps,
            program,
            budget,
        )
    } else {
        let results = values.flat_map(|value| {
            let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
            filter
                .id
                .run((ctx, value))
                .map(|r| r.map_err(exception_text))
        });
        render(results, &shape, &gaps, program, budget)
    };
    match source.failure() {
        Some(failure) => Err(failure),
        None => Ok(answer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_value_forms_are_recognised_and_others_are_not() {
        assert_eq!(per_value(" .[] "), Some(PerValue::Each(".")));
        assert_eq!(
            per_value(".[] | select(.level == \"error\") | .msg"),
            Some(PerValue::Each("select(.level == \"error\") | .msg"))
        );
        assert_eq!(per_value("length"), Some(PerValue::Length));
        // jaq's tokens, not text: spacing and comments as jaq reads them.
        assert_eq!(per_value(".[]|.a"), Some(PerValue::Each(".a")));
        assert_eq!(
            per_value(". [ ] # each\n | .a # its a\n"),
            Some(PerValue::Each(".a # its a"))
        );
        assert!(updates_each(".[] |= ."));
        assert!(updates_each(".[]//=1"));
        assert!(!updates_each(".[] == 1"));
        for whole in [
            ".[0]",
            "map(.a)",
            ".[] as $x | $x",
            "[.[] | .a] | length",
            ".[]?",
            "sort_by(.a)",
            ".[] |= .",
            ".[]|=.a",
            ".[] += 1",
            ".[] // 1",
            ". [] | .a) | (.b",
        ] {
            assert_eq!(per_value(whole), None, "{whole}");
        }
    }
}

//! The `lexical` strategy: the answer built from one read of the view,
//! no LLM. The question is read for what it asks ([`intent`]) and its words
//! ([`search::Query`], less a comparison's words and number); the view is
//! streamed once into the BM25 search ([`search`]) and, as the question
//! asks, into the gathering of every matching line by kind ([`every`]) and
//! of the numbers of the fields it names ([`measure`]). The answer shows,
//! in order: the values the storing found standing out that the question
//! names ([`findings`]) and a table's odd rows in the columns it names
//! ([`columns`]); the rows where a table's column it names changes, for
//! "the first …" ([`changes`]), and the first or last lines holding the
//! most of its words, for "the first …" or "the last …" ([`ends`]), and the things whose last
//! message is in the state asked, for "still …" ([`still`]); the records passing its
//! comparison, or its extreme ones; every matching line by kind, for
//! "every …" questions; else the best-matching windows, best first
//! ([`windows`]), each with its record
//! ([`passage`], [`record`]) and the innermost causes of the traces they
//! fall in ([`innermost`]).

mod changes;
mod columns;
mod crosstab;
mod ends;
mod every;
mod findings;
mod innermost;
mod intent;
mod lacking;
mod lapsed;
mod measure;
mod member;
mod passage;
mod record;
pub mod search;
mod spread;
mod standout;
mod still;
mod unlike;
mod windows;

use crate::bindings::types::LlmCallReport;
use crate::doc::Doc;
use crate::llm::Failure;
use crate::strategy::{Strategy, Task};
use crate::view::detect::names::Names;
use crate::view::detect::records::RecordCursor;
use changes::Changes;
use crosstab::Crosstab;
use ends::EndLines;
use every::Every;
use intent::Intent;
use lacking::Lacking;
use lapsed::Lapsed;
use measure::Measures;
use search::{LineTerms, Query, Scorer};
use still::Still;
use unlike::Unlike;

/// Windows the lexical strategy ranks before fitting them into the budget.
const LEXICAL_WINDOWS: usize = 24;
/// Share of the budget the findings the question names may take.
const FINDINGS_SHARE: usize = 3;
/// A word setting the scene ([`Intent::setting`]) weighs this much of
/// one asked for: "which files … don't have the same contents" is told
/// by `differ`, not by `file not in S3`.
const SETTING: f64 = 0.1;
/// Bytes the windows may take after sections that answer, at least (and
/// up to half the room the sections left: a section can be wrong, and
/// one window is then too little to find the answer by).
const WINDOWS_AFTER_SECTIONS: usize = 1500;

/// Mode `lexical`: the search, no LLM.
pub struct Lexical;

impl Strategy for Lexical {
    fn answer(&self, task: &Task, _: &mut Vec<LlmCallReport>) -> Result<String, Failure> {
        answer(
            task.doc,
            task.extract,
            &task.doc.handle.to_string(),
            task.budget,
        )
    }
}

/// The words `question` is searched for, as [`Intent`] reads it: what it
/// asks, less its framing ("which of them mentioned"), its scene-setting
/// words weighed less. None when it has no word to search for.
pub fn question_query(question: &str) -> Option<Query> {
    query_of(question, &Intent::of(question))
}

fn query_of(question: &str, intent: &Intent) -> Option<Query> {
    let searched = intent.search_text(question);
    let mut query = Query::parse(&searched).or_else(|| Query::parse(question))?;
    query.lessen(&intent.setting, SETTING);
    if intent.where_asked {
        query.asking_where();
    }
    if intent.when_asked {
        query.asking_when();
    }
    if intent.who_asked {
        query.asking_who();
    }
    Some(query)
}

/// The answer's body for `extract` within `budget` bytes.
fn answer(doc: &Doc, extract: &str, handle: &str, budget: usize) -> Result<String, Failure> {
    let (question, skip) = intent::paging(extract);
    let intent = Intent::of(question);
    let query = query_of(question, &intent)
        .ok_or_else(|| Failure::strategy("the extract text has no words to search for"))?;
    let terms = query.terms().join(", ");
    let rule = doc.meta.records.as_ref();
    let mut cursor = rule.map(RecordCursor::new);
    let mut scorer = Scorer::new(&query, LEXICAL_WINDOWS);
    // A word the question sets apart is no item of it.
    let mut every = intent.every.then(|| {
        let (terms, every) = (query.terms(), Every::default());
        let every = match intent.apart.as_deref() {
            Some(word) => every.excluding(word, &terms),
            None => every,
        };
        // A word set apart is left out, not negated: "failed rather than
        // timed out" asks for no `"timeout": 0`.
        match intent
            .negated
            .as_deref()
            .filter(|w| intent.apart.as_deref() != Some(*w))
        {
            Some(word) => every.negating(word, &terms),
            None => every,
        }
    });
    let mut measures = (intent.measure.clone()).map(|m| Measures::new(m, &query, question));
    let mut crosstab = intent.every.then(Crosstab::default);
    let mut lacking = (intent.lacking.as_ref()).and_then(|l| Lacking::new(l, &query, skip));
    let mut unlike = (intent.negated.as_deref()).and_then(|w| Unlike::new(w, &query.terms()));
    let mut lapsed = Lapsed::of(question);
    let mut changes = changes::asks(question).then(Changes::default);
    let mut ends = ends::asks(question).map(EndLines::new);
    let mut still = still::asks(question).then(|| Still::new(&query));
    // The lines naming records, for saying whose a listed line is.
    let mut names = (every.is_some() || unlike.is_some() || lapsed.is_some()).then(Names::default);
    let mut reader = doc.lines_from(1);
    // The first line of the record being read (records with a header,
    // `commit …`, `Nmap scan report for …`: it says whose a line is).
    let mut record_first = 0;
    while let Some(block) = reader.next_block() {
        for (n, line) in block.lines() {
            match &mut cursor {
                Some(records) => {
                    let starts = records.starts(&line);
                    if starts {
                        record_first = n;
                    }
                    scorer.push_record_line(n, &line, starts)
                }
                None => scorer.push_line(n, &line),
            }
            let hits = scorer.line_hits();
            // Whose the line is: its record's first line, the nearest line
            // naming one (for a line that may be listed).
            let mut context = [None, None];
            if let Some(names) = &mut names {
                names.see(n, &line);
                if hits.any() || unlike.is_some() || lapsed.is_some() {
                    let indent = line.len() - line.trim_start().len();
                    let first = (record_first > 0 && record_first != n).then_some(record_first);
                    context = [first, names.nearest(indent, n)];
                }
            }
            if let Some(every) = &mut every {
                let context = if hits.any() { context } else { [None, None] };
                every.push(n, &line, hits, context);
            }
            if let Some(m) = &mut measures {
                m.push(n, &line, hits);
            }
            if let Some(c) = &mut crosstab {
                c.push(
                    n,
                    &line,
                    &query,
                    cursor.is_some().then_some(record_first == n),
                );
            }
            if let Some(u) = &mut unlike {
                u.push(n, &line, hits, context);
            }
            if let Some(l) = &mut lacking {
                l.push(n, &line, &query);
            }
            if let Some(l) = &mut lapsed {
                l.push(n, &line, context);
            }
            if let Some(c) = &mut changes {
                c.push(n, &line, &query);
            }
            if let Some(l) = &mut ends {
                l.push(n, hits, &query);
            }
            if let Some(s) = &mut still {
                s.push(n, &line, hits);
            }
        }
    }
    reader
        .error()
        .map_err(|e| Failure::strategy(e.message().to_string()))?;
    let ranked = scorer.finish();
    if let Some(c) = &mut crosstab {
        c.finish();
    }
    if let Some(l) = &mut lacking {
        l.finish();
    }
    if let Some(l) = &mut lapsed {
        l.finish();
    }
    let values = &doc.meta.preview.values;
    let named = findings::named(&query, values, every.is_some());
    let odd_rows = columns::passages(
        doc,
        &doc.meta.preview.odd_fields,
        &mut LineTerms::new(&query),
    )?;
    let matching = every.as_ref().is_some_and(|e| e.matching() > 0);
    let preview = &doc.meta.preview;
    let why_failed = innermost::asks_why_failed(question)
        && preview.causes.is_empty()
        && !preview.errors.is_empty();
    let lapsed = lapsed.filter(Lapsed::found);
    let (moments, moment_lines) = match &changes {
        Some(c) => c.render(doc, budget / FINDINGS_SHARE)?,
        None => Default::default(),
    };
    let (end, end_lines) = match &ends {
        Some(l) => l.render(doc, budget / FINDINGS_SHARE)?,
        None => Default::default(),
    };
    let (so, so_lines) = match &still {
        Some(s) => s.render(doc, budget / FINDINGS_SHARE)?,
        None => Default::default(),
    };
    let found = !named.is_empty()
        || !odd_rows.is_empty()
        || why_failed
        || lapsed.is_some()
        || !moments.is_empty()
        || !end.is_empty()
        || !so.is_empty();
    if ranked.windows.is_empty() && !found && measures.is_none() && !matching {
        return Ok(format!(
            "NO RELEVANT DATA FOUND\nSearched all {} lines of the output (no LLM: lexical search) for \
             the terms: {terms}. None of them occurs. Try other words, or mode \"truncate\" to see \
             the head and tail.",
            doc.lines()
        ));
    }
    let mut body = format!(
        "Lexical search (no LLM) of {} lines for: {terms}.",
        doc.lines()
    );
    let sections = found || measures.is_some() || matching;
    body.push_str(if sections {
        "\n"
    } else {
        " The best-matching lines, best first:\n"
    });
    // A negation's own word ("not") is no word to look for.
    let unmatched: Vec<String> = (ranked.unmatched.iter())
        .filter(|w| unlike.is_none() || !intent::NEGATIONS.contains(&w.as_str()))
        .cloned()
        .collect();
    body.push_str(&unmatched_note(&unmatched));
    // What the storing found standing out that the question names: values
    // by field, a table's odd rows in the columns it names.
    let mut shown: Vec<u64> = Vec::new();
    if why_failed {
        let room = budget / FINDINGS_SHARE;
        body.push_str(&innermost::error_lines(&preview.errors, room, &mut shown));
    }
    if let Some(u) = &unlike {
        body.push_str(&u.render(doc, budget / FINDINGS_SHARE, &mut shown, &query)?);
    }
    if !named.is_empty() {
        let room = budget / FINDINGS_SHARE;
        body.push_str(&findings::render(
            doc,
            &query,
            &named,
            values,
            every.is_some(),
            room,
            &mut shown,
        )?);
    }
    for (title, rows) in &odd_rows {
        let text = rows.render_titled(title);
        if body.len() + text.len() <= budget {
            body.push_str(&text);
            shown.extend(rows.lines.keys());
        }
    }
    for (text, lines) in [(moments, moment_lines), (end, end_lines), (so, so_lines)] {
        if body.len() + text.len() <= budget {
            body.push_str(&text);
            shown.extend(lines);
        }
    }
    if let Some(m) = &measures {
        let room = budget.saturating_sub(body.len());
        body.push_str(&m.render(doc, values, room)?);
    }
    // The call listing a section's items from the `skip`-th on.
    let next = |skip: usize| {
        format!(
            "tool_output(handle = \"{handle}\", extract = \"{} [skip {skip}]\", mode = \"lexical\")",
            question.replace('"', "'")
        )
    };
    if let Some(l) = &lapsed {
        body.push_str(&l.render(doc, &query, budget / FINDINGS_SHARE, skip, &next)?);
    }
    if let (Some(l), Some(asked)) = (&lacking, &intent.lacking) {
        body.push_str(&l.render(&asked.items, budget / FINDINGS_SHARE, &next));
    }
    if let Some(c) = &crosstab {
        body.push_str(&c.render(doc, &query, budget / FINDINGS_SHARE, skip, &next)?);
    }
    if let Some(every) = every.as_ref().filter(|_| matching) {
        let room = budget.saturating_sub(body.len());
        body.push_str(&every.render(doc, skip, room, &next, &query)?);
        return Ok(body);
    }
    // After sections that answer, the best windows only: context, not a
    // second answer.
    let after = sections.then_some(shown.as_slice());
    let budget = if sections {
        let left = budget.saturating_sub(body.len());
        budget.min(body.len() + WINDOWS_AFTER_SECTIONS.max(left / 2))
    } else {
        budget
    };
    windows::render(doc, question, &query, &ranked, &mut body, budget, after)?;
    Ok(body)
}

/// The request's words no line holds, said once: the model should
/// rephrase them in the output's words, or grep.
fn unmatched_note(unmatched: &[String]) -> String {
    if unmatched.is_empty() {
        return String::new();
    }
    format!(
        "No line holds: {} (nor a form or a related word of it); rephrase with the output's own \
         words, or grep.\n",
        unmatched.join(", ")
    )
}

//! Gemini (`…/models/M:generateContent`, `:streamGenerateContent`,
//! `:countTokens`; Gemini CLI, the Google GenAI SDKs): a `functionResponse`
//! part in a user turn answers a `functionCall` part of the model's turn
//! (by `id` when it has one, else by name). Its `response` is any JSON
//! object: the output's own string field (`output`, `error`…) takes the
//! handle message, or, when it has none, the object becomes
//! `{"output": message}`. `id`, `name`, `parts` and `thoughtSignature`s stay.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{Calls, Dialect, Found, MAX_ARGS, Replacement, Text, json_of, str_of};
use crate::gateway::json::{Kind, Seg, Val};

pub struct Gemini;

/// Where a request's results are, under its `contents`.
const UNDER_CONTENTS: &[&[Seg]] = &[
    &[],
    &[Seg::Any],
    &[Seg::Any, Seg::Key("parts")],
    &[Seg::Any, Seg::Key("parts"), Seg::Any],
    &[
        Seg::Any,
        Seg::Key("parts"),
        Seg::Any,
        Seg::Key("functionCall"),
    ],
    &[
        Seg::Any,
        Seg::Key("parts"),
        Seg::Any,
        Seg::Key("functionResponse"),
    ],
    &[
        Seg::Any,
        Seg::Key("parts"),
        Seg::Any,
        Seg::Key("functionResponse"),
        Seg::Key("response"),
    ],
];

/// `contents` at the top, or (countTokens) inside `generateContentRequest`.
const PREFIXES: &[&[Seg]] = &[
    &[Seg::Key("contents")],
    &[Seg::Key("generateContentRequest"), Seg::Key("contents")],
];

/// The fields a tool's output is usually in, in the order they are tried.
const OUTPUT_FIELDS: &[&str] = &["output", "error", "result", "content", "text", "stdout"];

impl Dialect for Gemini {
    fn name(&self) -> &'static str {
        "gemini"
    }

    fn default_upstream(&self) -> &'static str {
        "https://generativelanguage.googleapis.com"
    }

    fn paths(&self) -> &'static [&'static [Seg]] {
        static ALL: std::sync::OnceLock<Vec<&'static [Seg]>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let mut all: Vec<&'static [Seg]> = vec![&[Seg::Key("generateContentRequest")]];
            for prefix in PREFIXES {
                for rest in UNDER_CONTENTS {
                    let path: Vec<Seg> = prefix.iter().chain(rest.iter()).copied().collect();
                    all.push(Vec::leak(path));
                }
            }
            all
        })
    }

    fn results(&self, root: Val<'_>) -> Vec<Found> {
        let contents = root.get("contents").or_else(|| {
            root.get("generateContentRequest")
                .and_then(|r| r.get("contents"))
        });
        let mut calls = Calls::default();
        let mut found = Vec::new();
        for (c, content) in contents.into_iter().flat_map(|c| c.children()).enumerate() {
            for (p, part) in content
                .get("parts")
                .into_iter()
                .flat_map(|p| p.children())
                .enumerate()
            {
                if let Some(call) = part.get("functionCall") {
                    let name = str_of(call, "name");
                    let args = json_of(call, "args", MAX_ARGS);
                    // By id when there is one; by name always (a response
                    // without an id is paired by name).
                    let id = str_of(call, "id");
                    if !id.is_empty() {
                        calls.add(id, name.clone(), args.clone());
                    }
                    calls.add(format!("name:{name}"), name, args);
                }
                if let Some(response) = part.get("functionResponse") {
                    found.extend(result(response, &calls, c, p));
                }
            }
        }
        found
    }

    fn error(&self, status: StatusCode, message: &str) -> Value {
        let name = match status.as_u16() {
            400 => "INVALID_ARGUMENT",
            401 => "UNAUTHENTICATED",
            403 => "PERMISSION_DENIED",
            404 => "NOT_FOUND",
            413 => "INVALID_ARGUMENT",
            429 => "RESOURCE_EXHAUSTED",
            504 => "DEADLINE_EXCEEDED",
            _ => "UNAVAILABLE",
        };
        json!({"error": {"code": status.as_u16(), "message": message, "status": name}})
    }
}

fn result(response: Val<'_>, calls: &Calls, c: usize, p: usize) -> Option<Found> {
    let name = str_of(response, "name");
    let id = str_of(response, "id");
    let (tool, args) = if id.is_empty() {
        calls.of(&format!("name:{name}"))
    } else {
        calls.of(&id)
    };
    let tool = if name.is_empty() { tool } else { name.clone() };
    // No id: the part's place in the conversation tells calls apart.
    let call_id = if id.is_empty() {
        format!("{name}#{c}#{p}")
    } else {
        id
    };
    let value = response.get("response")?;
    if value.kind() != Kind::Object {
        return None;
    }
    let field = OUTPUT_FIELDS
        .iter()
        .find_map(|key| value.get(key).filter(|f| f.is_string()));
    let (texts, replace, with) = match field {
        Some(field) => (
            vec![Text::Literal(field.span())],
            field.span(),
            Replacement::String,
        ),
        None => (
            vec![Text::Json(value.span())],
            value.span(),
            Replacement::Object { key: "output" },
        ),
    };
    Some(Found {
        call_id,
        tool,
        args,
        texts,
        replace,
        with,
    })
}

//! Gemini (`…/models/M:generateContent`, `:streamGenerateContent`,
//! `:countTokens`; Gemini CLI, the Google GenAI SDKs): a `functionResponse`
//! part in a user turn answers a `functionCall` part of the model's turn
//! (by `id` when it has one, else by name). Its `response` is any JSON
//! object: the output's own string field (`output`, `error`…) takes the
//! handle message, or, when it has none, the object becomes
//! `{"output": message}`. `id`, `name`, `parts` and `thoughtSignature`s stay.
//!
//! With `--tools` ([`Looping`]), our tools are one more entry of `tools`
//! (`{"functionDeclarations": […]}`); a stream is asked for in the path
//! (`:streamGenerateContent`, SSE with `alt=sse`, else one JSON array), so
//! the gateway's rounds go to `:generateContent`. Gemini's calls usually
//! have no `id`: a turn is known again by its first call's name and
//! arguments.

use hyper::StatusCode;
use serde_json::{Value, json};

use super::{
    Call, Calls, Dialect, Found, Looping, MAX_ARGS, Mixed, OurTool, Replacement, Text, json_of,
    sse_event, str_of,
};
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
            let mut all: Vec<&'static [Seg]> = vec![
                &[Seg::Key("generateContentRequest")],
                &[Seg::Key("tools")],
                &[Seg::Key("tools"), Seg::Any],
                &[
                    Seg::Key("tools"),
                    Seg::Any,
                    Seg::Key("functionDeclarations"),
                ],
                &[
                    Seg::Key("tools"),
                    Seg::Any,
                    Seg::Key("functionDeclarations"),
                    Seg::Any,
                ],
            ];
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

    fn looping(&self) -> Option<&dyn Looping> {
        Some(self)
    }
}

/// The answer's first candidate's parts.
fn answer_parts(answer: &Value) -> impl Iterator<Item = &Value> {
    answer["candidates"][0]["content"]["parts"]
        .as_array()
        .into_iter()
        .flatten()
}

/// A call's key: its id, else its name and arguments (keys sorted, so a
/// client that reorders them still names the same turn).
fn call_key(id: &str, name: &str, args: &Value) -> String {
    if id.is_empty() {
        format!("call:{name}:{}", sorted(args))
    } else {
        format!("call:{id}")
    }
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sorted(&map[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// `functionResponse` parts answering `results`.
fn response_parts(results: &[(Call, String)]) -> Vec<Value> {
    results
        .iter()
        .map(|(call, text)| {
            let mut response = json!({"name": call.name, "response": {"output": text}});
            if !call.id.is_empty() {
                super::set(&mut response, "id", json!(call.id));
            }
            json!({"functionResponse": response})
        })
        .collect()
}

impl Looping for Gemini {
    fn history(&self) -> &'static str {
        "contents"
    }

    fn tool_def(&self, tool: &OurTool) -> Value {
        // Full JSON Schema (`parameters` takes only an OpenAPI subset).
        json!({"name": tool.name, "description": tool.description, "parametersJsonSchema": tool.schema})
    }

    fn tools_entry(&self, defs: &[String]) -> String {
        format!("{{\"functionDeclarations\":[{}]}}", defs.join(","))
    }

    fn parts(&self) -> &'static str {
        "parts"
    }

    fn streams(&self, path: &str, _: Val<'_>) -> bool {
        path.ends_with(":streamGenerateContent")
    }

    fn whole(&self, path_and_query: &str) -> String {
        let (path, query) = path_and_query
            .split_once('?')
            .unwrap_or((path_and_query, ""));
        let path = match path.strip_suffix(":streamGenerateContent") {
            Some(model) => format!("{model}:generateContent"),
            None => path.to_string(),
        };
        let query: Vec<&str> = query
            .split('&')
            .filter(|p| !p.is_empty() && *p != "alt=sse")
            .collect();
        if query.is_empty() {
            path
        } else {
            format!("{path}?{}", query.join("&"))
        }
    }

    fn offered(&self, root: Val<'_>) -> Vec<String> {
        root.get("tools")
            .into_iter()
            .flat_map(|t| t.children())
            .filter_map(|t| t.get("functionDeclarations"))
            .flat_map(|d| d.children())
            .map(|d| str_of(d, "name"))
            .collect()
    }

    fn calls(&self, answer: &Value) -> Vec<Call> {
        answer_parts(answer)
            .filter_map(|p| p.get("functionCall"))
            .map(|c| Call {
                id: c["id"].as_str().unwrap_or_default().into(),
                name: c["name"].as_str().unwrap_or_default().into(),
                args: c.get("args").unwrap_or(&json!({})).to_string(),
            })
            .collect()
    }

    fn turn(&self, answer: &Value) -> Vec<Value> {
        // Parts as they came, `thoughtSignature`s with them: Gemini wants
        // them back with the calls they came with.
        let content = &answer["candidates"][0]["content"];
        let mut turn = content.clone();
        if turn.is_object() && turn.get("role").is_none() {
            super::set(&mut turn, "role", json!("model"));
        }
        vec![turn]
    }

    fn answers(&self, results: &[(Call, String)]) -> Vec<Value> {
        vec![json!({"role": "user", "parts": response_parts(results)})]
    }

    fn strip(&self, answer: &mut Value, ours: &dyn Fn(&str) -> bool) {
        let Some(candidates) = answer["candidates"].as_array_mut() else {
            return;
        };
        for candidate in candidates {
            if let Some(parts) = candidate["content"]["parts"].as_array_mut() {
                parts.retain(|p| {
                    !p.get("functionCall")
                        .is_some_and(|c| ours(c["name"].as_str().unwrap_or_default()))
                });
            }
        }
    }

    fn mixed(&self, answer: &Value, _: &[Call], results: &[(Call, String)]) -> Mixed {
        // Every call of a turn is answered in the one user turn after it:
        // ours go first among the client's.
        Mixed {
            replace: self.turn(answer),
            after: vec![],
            into_next: response_parts(results),
        }
    }

    fn answer_key(&self, answer: &Value) -> Option<String> {
        if let Some(call) = answer_parts(answer).find_map(|p| p.get("functionCall")) {
            return Some(call_key(
                call["id"].as_str().unwrap_or_default(),
                call["name"].as_str().unwrap_or_default(),
                call.get("args").unwrap_or(&json!({})),
            ));
        }
        let text: Vec<&str> = answer_parts(answer)
            .filter(|p| p["thought"] != true)
            .filter_map(|p| p["text"].as_str())
            .collect();
        (!text.is_empty()).then(|| super::text_key(&text.join("\n")))
    }

    fn item_key(&self, item: Val<'_>) -> Option<String> {
        if str_of(item, "role") != "model" {
            return None;
        }
        let parts: Vec<Val<'_>> = item.get("parts")?.children().collect();
        if let Some(call) = parts.iter().find_map(|p| p.get("functionCall")) {
            let args = call
                .get("args")
                .filter(|a| a.span().len() <= MAX_ARGS)
                .and_then(|a| serde_json::from_slice::<Value>(&a.raw().to_bytes()).ok())
                .unwrap_or_else(|| json!({}));
            return Some(call_key(&str_of(call, "id"), &str_of(call, "name"), &args));
        }
        let text: Vec<String> = parts
            .iter()
            .filter(|p| {
                !p.get("thought")
                    .is_some_and(|t| t.raw().bytes().eq(*b"true"))
            })
            .filter_map(|p| p.get("text").and_then(|t| t.str_upto(MAX_ARGS)))
            .collect();
        (!text.is_empty()).then(|| super::text_key(&text.join("\n")))
    }

    fn render_sse(&self, answer: &Value, _: Val<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        sse_event(&mut out, None, answer);
        out
    }

    fn render_stream(
        &self,
        answer: &Value,
        request: Val<'_>,
        path_and_query: &str,
    ) -> (&'static str, Vec<u8>) {
        let sse = path_and_query
            .split_once('?')
            .is_some_and(|(_, query)| query.split('&').any(|p| p == "alt=sse"));
        if sse {
            ("text/event-stream", self.render_sse(answer, request))
        } else {
            // Without `alt=sse` a stream is one JSON array of answers.
            let mut out = b"[".to_vec();
            out.extend_from_slice(&serde_json::to_vec(answer).unwrap_or_default());
            out.push(b']');
            ("application/json", out)
        }
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

//! The model APIs the gateway speaks, each in one file behind [`Dialect`]:
//! where a request's tool results are, what their calls were, how a stored
//! result's handle message takes its place, and what an error looks like to
//! that API's clients. [`route`] picks one from the request's path.

use hyper::StatusCode;
use serde_json::Value;

use super::json::{Seg, Span, Tree, Val};

mod anthropic;
mod chat;
mod gemini;
mod responses;

pub use anthropic::Anthropic;
pub use chat::Chat;
pub use gemini::Gemini;
pub use responses::Responses;

/// One model API.
pub trait Dialect: Send + Sync {
    /// Its name, in logs and in the keys of stored results.
    fn name(&self) -> &'static str;

    /// The provider's own address, when `--upstream` names none.
    fn default_upstream(&self) -> &'static str;

    /// The containers [`Dialect::results`] reads (others stay spans).
    fn paths(&self) -> &'static [&'static [Seg]];

    /// The tool results in a request body, in order.
    fn results(&self, root: Val<'_>) -> Vec<Found>;

    /// A text part holding `message`, for a result whose content is a list
    /// of parts (`{"type":"text","text":…}` and the like).
    fn text_part(&self, message: &str) -> Value {
        serde_json::json!({"type": "text", "text": message})
    }

    /// An error body this API's clients understand.
    fn error(&self, status: StatusCode, message: &str) -> Value;

    /// How our tools are answered in this API (`--tools`), if they are.
    fn looping(&self) -> Option<&dyn Looping> {
        None
    }
}

/// A tool result found in a request.
#[derive(Debug)]
pub struct Found {
    /// The call's id as the API pairs it (`tool_use_id`, `call_id`…).
    pub call_id: String,
    /// The tool's name, from its call earlier in the request, or "unknown".
    pub tool: String,
    /// The call's arguments as JSON text ("{}" when unknown).
    pub args: String,
    /// What the output is made of, in order (several: joined by newlines).
    pub texts: Vec<Text>,
    /// The value the handle message replaces.
    pub replace: Span,
    /// How it does.
    pub with: Replacement,
}

/// A piece of a tool's output in the body.
#[derive(Debug, Clone, Copy)]
pub enum Text {
    /// A JSON string literal: its decoded text.
    Literal(Span),
    /// Any JSON value: its bytes as they are (an object of results).
    Json(Span),
}

impl Text {
    pub fn span(&self) -> Span {
        match self {
            Text::Literal(s) | Text::Json(s) => *s,
        }
    }
}

/// How the handle message takes the place of [`Found::replace`].
#[derive(Debug)]
pub enum Replacement {
    /// The value becomes the message, a JSON string.
    String,
    /// A list of parts becomes the message as one text part ([`Dialect::text_part`],
    /// with `carried` members of the last text part copied onto it, such as a
    /// `cache_control` marker), followed by the `kept` parts (images, files) as
    /// they were.
    Parts {
        carried: Vec<(Span, Span)>,
        kept: Vec<Span>,
    },
    /// The value becomes `{KEY: message}`.
    Object { key: &'static str },
}

/// What serves a request's path.
pub enum Route {
    /// A request whose tool results are rewritten (messages, count_tokens…).
    Rewrite(&'static dyn Dialect),
    /// Anything else of a known API: forwarded as it is.
    Other(&'static dyn Dialect),
}

impl Route {
    pub fn dialect(&self) -> &'static dyn Dialect {
        match self {
            Route::Rewrite(d) | Route::Other(d) => *d,
        }
    }
}

pub static ANTHROPIC: Anthropic = Anthropic;
pub static CHAT: Chat = Chat;
pub static RESPONSES: Responses = Responses;
pub static GEMINI: Gemini = Gemini;

/// The API a request speaks, from its path (the query is not part of
/// `path`), and for paths no API names alone, from its headers; None:
/// nothing the gateway knows.
pub fn route(path: &str, headers: &hyper::HeaderMap) -> Option<Route> {
    if path.ends_with("/messages") || path.ends_with("/messages/count_tokens") {
        return Some(Route::Rewrite(&ANTHROPIC));
    }
    if path.ends_with("/chat/completions") {
        return Some(Route::Rewrite(&CHAT));
    }
    if path.ends_with("/responses")
        || path.ends_with("/responses/input_tokens")
        || path.ends_with("/responses/compact")
    {
        return Some(Route::Rewrite(&RESPONSES));
    }
    if let Some((_, method)) = path.rsplit_once(':')
        && path.contains("/models/")
        && matches!(
            method,
            "generateContent" | "streamGenerateContent" | "countTokens"
        )
    {
        return Some(Route::Rewrite(&GEMINI));
    }
    // Other endpoints of the same APIs (model lists, files, a stored
    // response): forwarded, to the upstream of the API they belong to.
    if headers.contains_key("anthropic-version") || headers.contains_key("x-api-key") {
        return Some(Route::Other(&ANTHROPIC));
    }
    if headers.contains_key("x-goog-api-key")
        || path.starts_with("/v1beta/")
        || path.starts_with("/v1alpha/")
        || path.starts_with("/upload/")
    {
        return Some(Route::Other(&GEMINI));
    }
    if path.starts_with("/v1/") || path.contains("/responses/") {
        return Some(Route::Other(&RESPONSES));
    }
    None
}

/// Calls seen earlier in a request: id → (tool name, arguments as JSON).
#[derive(Default)]
pub struct Calls(std::collections::HashMap<String, (String, String)>);

impl Calls {
    pub fn add(&mut self, id: String, tool: String, args: String) {
        self.0.insert(id, (tool, args));
    }

    /// The call's tool and arguments, or "unknown" and "{}".
    pub fn of(&self, id: &str) -> (String, String) {
        self.0
            .get(id)
            .cloned()
            .unwrap_or_else(|| ("unknown".into(), "{}".into()))
    }
}

/// A result's content: a string, or a list of parts whose text parts
/// (`types`) are the output and the others (images, files) are kept,
/// with the members of the last text part but `type` and `text` carried
/// onto the message. None for a list with no text part, or a part that is
/// not an object.
pub fn content(value: Val<'_>, types: &[&str]) -> Option<(Vec<Text>, Replacement)> {
    if value.is_string() {
        return Some((vec![Text::Literal(value.span())], Replacement::String));
    }
    let list = value;
    let mut texts = Vec::new();
    let mut kept = Vec::new();
    let mut carried = Vec::new();
    for part in list.children() {
        let kind = part.get("type").and_then(|t| t.str());
        let text = part.get("text").filter(|t| t.is_string());
        match (kind, text) {
            (Some(kind), Some(text)) if types.contains(&kind.as_str()) => {
                texts.push(Text::Literal(text.span()));
                carried = part
                    .children()
                    .filter(|m| !matches!(m.key().as_deref(), Some("type") | Some("text")))
                    .filter_map(|m| Some((m.key_span()?, m.span())))
                    .collect();
            }
            _ if part.kind() == super::json::Kind::Object => kept.push(part.span()),
            _ => return None,
        }
    }
    (!texts.is_empty()).then_some((texts, Replacement::Parts { carried, kept }))
}

/// A short string member of `v`, or "".
pub fn str_of(v: Val<'_>, key: &str) -> String {
    v.get(key).and_then(|s| s.str()).unwrap_or_default()
}

/// The JSON text of a member (its bytes as they are), or "{}".
pub fn json_of(v: Val<'_>, key: &str, max: usize) -> String {
    v.get(key)
        .filter(|a| a.span().len() <= max)
        .and_then(|a| String::from_utf8(a.raw().to_bytes().to_vec()).ok())
        .unwrap_or_else(|| "{}".into())
}

/// Arguments longer than this are not copied into a handle's metadata.
pub const MAX_ARGS: usize = 64 << 10;

/// Parses `body` for `dialect`.
pub fn parse(
    dialect: &dyn Dialect,
    body: super::Chunked,
) -> Result<Tree, (super::json::NotJson, super::Chunked)> {
    // The tree owns the body; a failure gives it back by re-slicing (the
    // chunks are shared, nothing is copied).
    let copy = body.clone();
    Tree::parse(body, dialect.paths()).map_err(|e| (e, copy))
}

/// A tool the gateway answers itself (`--tools`): ours.
#[derive(Debug, Clone)]
pub struct OurTool {
    pub name: String,
    pub description: String,
    /// Its arguments' JSON Schema.
    pub schema: Value,
}

/// A tool call in an upstream's answer.
#[derive(Debug, Clone)]
pub struct Call {
    pub id: String,
    pub name: String,
    /// The arguments, as JSON text.
    pub args: String,
}

/// Where the results of our calls go back into a later request, when the
/// turn that made them also called the client's tools (a mixed turn).
pub struct Mixed {
    /// The turn as the upstream made it, in place of the one the client got.
    pub replace: Vec<Value>,
    /// Items right after it (Chat: our `role: "tool"` messages; Responses:
    /// our calls and their outputs).
    pub after: Vec<Value>,
    /// Parts put first in the next message (Anthropic: our `tool_result`
    /// blocks, beside the client's).
    pub into_next: Vec<Value>,
}

/// An API the gateway can answer our tools in (`--tools`): it offers them
/// to the model, answers their calls and calls the upstream again, and the
/// client gets the model's turn once it needs nothing of ours.
pub trait Looping: Sync {
    /// The request's history: `messages` or `input`.
    fn history(&self) -> &'static str;

    /// One of our tools in this API's shape.
    fn tool_def(&self, tool: &OurTool) -> Value;

    /// Our definitions ([`Looping::tool_def`]'s JSON texts) as what is
    /// appended to a request's `tools`: the definitions themselves, or the
    /// one entry that holds them (Gemini).
    fn tools_entry(&self, defs: &[String]) -> String {
        defs.join(",")
    }

    /// The member of a history item that holds its parts, where
    /// [`Mixed::into_next`] goes.
    fn parts(&self) -> &'static str {
        "content"
    }

    /// Whether the client asked for a stream: `"stream": true` in the body
    /// (`path`: the request's, for an API that asks there).
    fn streams(&self, _path: &str, root: Val<'_>) -> bool {
        root.get("stream")
            .is_some_and(|s| s.raw().bytes().eq(*b"true"))
    }

    /// The path and query of a request that asks for the whole answer, for
    /// one that may ask for a stream in its path (Gemini); others ask in
    /// their body ([`crate::gateway::tools`] turns `stream` off there).
    fn whole(&self, path_and_query: &str) -> String {
        path_and_query.to_string()
    }

    /// The names of the tools a request offers (its `tools`).
    fn offered(&self, root: Val<'_>) -> Vec<String>;

    /// The tool calls of an answer (non-streaming JSON), in order.
    fn calls(&self, answer: &Value) -> Vec<Call>;

    /// The answer's turn as history items (the assistant's message).
    fn turn(&self, answer: &Value) -> Vec<Value>;

    /// History items answering `results` (call, text).
    fn answers(&self, results: &[(Call, String)]) -> Vec<Value>;

    /// The answer without the calls `ours` says are ours.
    fn strip(&self, answer: &mut Value, ours: &dyn Fn(&str) -> bool);

    /// A mixed turn: how the original goes back (`answer` as the upstream
    /// made it, `results` of our calls).
    fn mixed(&self, answer: &Value, ours: &[Call], results: &[(Call, String)]) -> Mixed;

    /// What identifies the client-visible turn of an answer…
    fn answer_key(&self, answer: &Value) -> Option<String>;

    /// …and the same turn as a history item of a later request.
    fn item_key(&self, item: Val<'_>) -> Option<String>;

    /// The answer as this API's SSE stream (`request`: what the client asked,
    /// for its stream options).
    fn render_sse(&self, answer: &Value, request: Val<'_>) -> Vec<u8>;

    /// The answer as the stream the client asked for: its content type and
    /// body (`path_and_query`: how it asked, for an API that asks there).
    fn render_stream(
        &self,
        answer: &Value,
        request: Val<'_>,
        _path_and_query: &str,
    ) -> (&'static str, Vec<u8>) {
        ("text/event-stream", self.render_sse(answer, request))
    }
}

/// `text:` and a hash of a turn's text, for turns without a call id.
pub fn text_key(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(text.as_bytes());
    let mut key = String::from("text:");
    for b in &hash[..16] {
        key.push_str(&format!("{b:02x}"));
    }
    key
}

/// One SSE event: `event: NAME` (when named) and its JSON data.
pub fn sse_event(out: &mut Vec<u8>, event: Option<&str>, data: &Value) {
    if let Some(event) = event {
        out.extend_from_slice(b"event: ");
        out.extend_from_slice(event.as_bytes());
        out.push(b'\n');
    }
    out.extend_from_slice(b"data: ");
    out.extend_from_slice(&serde_json::to_vec(data).unwrap_or_default());
    out.extend_from_slice(b"\n\n");
}

/// Sets `key` of `value` when it is an object (an upstream's answer may put
/// anything where an object belongs: never a panic).
pub fn set(value: &mut Value, key: &str, to: Value) {
    if let Some(map) = value.as_object_mut() {
        map.insert(key.to_string(), to);
    }
}

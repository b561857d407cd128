//! `--tools`: for clients without MCP (agent frameworks, the SDKs), the
//! gateway offers `tool_output` and its paging tools itself and answers
//! their calls. Each upstream turn is read whole (streaming off upstream);
//! while the model calls only our tools, their answers go back to it in a
//! new round; the first turn that needs nothing of ours (or also calls the
//! client's tools) goes to the client, streamed in its API's own events when
//! it asked for a stream. The exchanges the client did not see are noted
//! ([`ledger`]) and spliced back into its later requests ([`edit`]).
//!
//! Anthropic Messages, OpenAI Chat Completions and Responses, and Gemini
//! `generateContent` (its stream asked for in the path).

mod edit;
pub mod ledger;

use std::sync::Arc;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{HeaderMap, Method, Response, StatusCode};
use serde_json::Value;

use super::Chunked;
use super::answer::{Out, error};
use super::dialect::{Call, Dialect, Looping, OurTool};
use crate::mcp::tools::Tools;
use crate::session::Session;

/// Rounds of our tools in one client turn; past it the turn goes to the
/// client, our last calls answered with a note.
const MAX_ROUNDS: usize = 8;

/// The largest upstream answer read whole.
const MAX_ANSWER: usize = 64 << 20;

/// Our tools, answered by the gateway.
pub struct Ours {
    tools: Tools,
    defs: Vec<OurTool>,
}

impl Ours {
    pub async fn new(session: Arc<Session>, max_bytes: u64) -> crate::Result<Self> {
        let tools = Tools::new(session, max_bytes).await?;
        let defs = tools
            .definitions()
            .into_iter()
            .map(|t| OurTool {
                name: t.name.to_string(),
                description: t.description.map(|d| d.to_string()).unwrap_or_default(),
                schema: Value::Object((*t.input_schema).clone()),
            })
            .collect();
        Ok(Self { tools, defs })
    }

    fn names(&self) -> Vec<String> {
        self.defs.iter().map(|d| d.name.clone()).collect()
    }

    fn is_ours(&self, name: &str) -> bool {
        self.defs.iter().any(|d| d.name == name)
    }

    /// The definitions in `looping`'s API, as one JSON text (the same bytes
    /// every time).
    fn defs_json(&self, looping: &dyn Looping) -> String {
        let defs: Vec<String> = self
            .defs
            .iter()
            .map(|d| looping.tool_def(d).to_string())
            .collect();
        looping.tools_entry(&defs)
    }

    /// The text answering a call of ours (errors are text the model reads).
    async fn answer(&self, call: &Call) -> String {
        let args = match serde_json::from_str::<Value>(&call.args) {
            Ok(Value::Object(args)) => args,
            _ => {
                return format!(
                    "{}: the arguments are not a JSON object: {}",
                    call.name,
                    call.args.chars().take(200).collect::<String>()
                );
            }
        };
        let cancel = crate::CancellationToken::new();
        match self.tools.call(&call.name, args, cancel, None).await {
            Ok(result) => result
                .content
                .iter()
                .filter_map(|c| c.as_text().map(|t| t.text.clone()))
                .collect::<Vec<_>>()
                .join("\n"),
            Err(err) => format!("{}: {err}", call.name),
        }
    }
}

/// One request of a client turn, with our tools (see the module docs).
pub struct Turn<'a> {
    pub gateway: &'a super::Gateway,
    pub ours: &'a Ours,
    pub dialect: &'static dyn Dialect,
    pub looping: &'a dyn Looping,
    pub conversation: &'a str,
    pub method: Method,
    pub path_and_query: &'a str,
    pub headers: &'a HeaderMap,
}

impl Turn<'_> {
    /// The ledger's exchanges spliced back, and our tools offered: the body
    /// to send, and whether our tools are in it (else it is forwarded as
    /// any other request).
    pub fn prepare(&self, body: Chunked) -> (Chunked, bool) {
        let session = &self.gateway.rewriter.session;
        let api = self.dialect.name();
        let paths = self.dialect.paths();
        let looping = self.looping;
        let conversation = self.conversation;
        let body = edit::edited(body, paths, |root| {
            let previous = root
                .get("previous_response_id")
                .and_then(|p| p.str())
                .and_then(|id| ledger::get(session, api, conversation, &format!("resp:{id}")));
            edit::splice_ledger(root, looping, previous, &|key| {
                ledger::get(session, api, conversation, key)
            })
        })
        .unwrap_or_else(|body| body);
        let defs = self.ours.defs_json(looping);
        let names = self.ours.names();
        let mut offered = false;
        let body = edit::edited(body, paths, |root| {
            match edit::add_tools(root, looping, &defs, &names) {
                Some(add) => {
                    offered = true;
                    let mut edits = vec![add];
                    edits.extend(edit::stream_off(root));
                    edits
                }
                None => vec![],
            }
        })
        .unwrap_or_else(|body| body);
        (body, offered)
    }

    /// Rounds until the model's turn needs nothing of ours; that turn, as
    /// the client asked for it.
    pub async fn run(
        &self,
        mut body: Chunked,
        client_stream: bool,
        request: Chunked,
    ) -> Response<Out> {
        let paths = self.dialect.paths();
        let mut hidden: Vec<String> = Vec::new();
        let whole = self.looping.whole(self.path_and_query);
        for round in 0.. {
            let url = match self.gateway.upstream.url(self.dialect, &whole) {
                Ok(url) => url,
                Err(err) => return error(self.dialect, err.status(), &err.to_string()),
            };
            let response = match self
                .gateway
                .upstream
                .send_reading(self.method.clone(), url, self.headers, body.clone())
                .await
            {
                Ok(response) => response,
                Err(err) => return error(self.dialect, err.status(), &err.to_string()),
            };
            let status = response.status();
            let headers = response.headers().clone();
            let bytes = match read_capped(response, MAX_ANSWER).await {
                Ok(bytes) => bytes,
                Err(why) => return error(self.dialect, StatusCode::BAD_GATEWAY, &why),
            };
            let answer: Option<Value> = serde_json::from_slice(&bytes).ok();
            let Some(mut answer) = answer.filter(|a| a.is_object() && status.is_success()) else {
                // An error, or not JSON: the client gets it as it is.
                return raw(status, &headers, bytes);
            };
            let calls = self.looping.calls(&answer);
            let (ours, theirs): (Vec<Call>, Vec<Call>) =
                calls.into_iter().partition(|c| self.ours.is_ours(&c.name));
            if ours.is_empty() {
                return self.finish(answer, hidden, None, client_stream, &headers, &request);
            }
            let mut results = Vec::new();
            let last = round + 1 >= MAX_ROUNDS;
            for call in &ours {
                let text = if last && theirs.is_empty() {
                    format!(
                        "{}: not answered: the gateway answers at most {MAX_ROUNDS} rounds of its \
                         tools in one turn",
                        call.name
                    )
                } else {
                    self.ours.answer(call).await
                };
                results.push((call.clone(), text));
            }
            tracing::info!(
                api = self.dialect.name(),
                round,
                calls = ours.len(),
                "gateway: answered the model's calls of our tools"
            );
            if theirs.is_empty() && !last {
                let items: Vec<String> = self
                    .looping
                    .turn(&answer)
                    .iter()
                    .chain(&self.looping.answers(&results))
                    .map(Value::to_string)
                    .collect();
                body = match edit::edited(body, paths, |root| {
                    edit::append(root, self.looping, &items)
                }) {
                    Ok(next) => next,
                    Err(_) => {
                        return error(
                            self.dialect,
                            StatusCode::BAD_GATEWAY,
                            "tool-output gateway: the request could not be continued",
                        );
                    }
                };
                hidden.extend(items);
                continue;
            }
            // A turn that also calls the client's tools (or the last round):
            // the client gets it without our calls.
            let mixed = self.looping.mixed(&answer, &ours, &results);
            self.looping
                .strip(&mut answer, &|name| self.ours.is_ours(name));
            return self.finish(
                answer,
                hidden,
                Some(mixed),
                client_stream,
                &headers,
                &request,
            );
        }
        unreachable!("the loop returns")
    }

    fn finish(
        &self,
        answer: Value,
        hidden: Vec<String>,
        mixed: Option<super::dialect::Mixed>,
        client_stream: bool,
        headers: &HeaderMap,
        request: &Chunked,
    ) -> Response<Out> {
        let session = &self.gateway.rewriter.session;
        let api = self.dialect.name();
        let texts = |items: Vec<Value>| items.iter().map(Value::to_string).collect::<Vec<_>>();
        let mut entry = ledger::Entry {
            before: hidden,
            ..Default::default()
        };
        if let Some(mixed) = mixed {
            entry.replace = texts(mixed.replace);
            entry.after = texts(mixed.after.clone());
            entry.into_next = texts(mixed.into_next);
            // A client that continues this answer on the server sends only
            // its own results: ours go first.
            if let Some(id) = answer["id"].as_str() {
                let prepend = mixed
                    .after
                    .iter()
                    .filter(|i| i["type"] == "function_call_output")
                    .map(Value::to_string)
                    .collect::<Vec<_>>();
                if !prepend.is_empty() {
                    let continued = ledger::Entry {
                        prepend,
                        ..Default::default()
                    };
                    ledger::put(
                        session,
                        api,
                        self.conversation,
                        &format!("resp:{id}"),
                        &continued,
                    );
                }
            }
        }
        if !entry.is_empty() {
            match self.looping.answer_key(&answer) {
                Some(key) => ledger::put(session, api, self.conversation, &key, &entry),
                None => tracing::warn!(
                    "gateway: a turn with nothing to know it by again: the client's next request \
                     goes up without the exchanges it did not see"
                ),
            }
        }
        let (content_type, body) = if client_stream {
            match super::json::Tree::parse(request.clone(), self.dialect.paths()) {
                Ok(tree) => self
                    .looping
                    .render_stream(&answer, tree.root(), self.path_and_query),
                Err(_) => ("text/event-stream", Vec::new()),
            }
        } else {
            (
                "application/json",
                serde_json::to_vec(&answer).unwrap_or_default(),
            )
        };
        let mut response = Response::new(
            Full::new(Bytes::from(body))
                .map_err(|never| match never {})
                .boxed_unsync(),
        );
        for (name, value) in headers {
            let skip = matches!(
                name.as_str(),
                "content-length" | "content-type" | "content-encoding"
            ) || !super::upstream::returned(name);
            if !skip {
                response.headers_mut().append(name.clone(), value.clone());
            }
        }
        response.headers_mut().insert(
            hyper::header::CONTENT_TYPE,
            content_type.parse().expect("a header value"),
        );
        response
    }
}

/// An upstream answer's body, whole, at most `max` bytes.
async fn read_capped(mut response: reqwest::Response, max: usize) -> Result<Bytes, String> {
    let mut out = bytes::BytesMut::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if out.len() + chunk.len() > max {
                    return Err(format!(
                        "tool-output gateway: the upstream's answer is over {} MiB",
                        max >> 20
                    ));
                }
                out.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok(out.freeze()),
            Err(err) => {
                return Err(format!(
                    "tool-output gateway: the upstream's answer broke off: {}",
                    err.without_url()
                ));
            }
        }
    }
}

fn raw(status: StatusCode, headers: &HeaderMap, body: Bytes) -> Response<Out> {
    let mut response = Response::new(
        Full::new(body)
            .map_err(|never| match never {})
            .boxed_unsync(),
    );
    *response.status_mut() = status;
    for (name, value) in headers {
        if super::upstream::returned(name) && name != "content-length" {
            response.headers_mut().append(name.clone(), value.clone());
        }
    }
    response
}

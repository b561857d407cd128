//! What tool-output offers over MCP, for `mcp serve` and `mcp proxy` alike:
//! `tool_output` (the engine's schema, answered by the engine), three
//! exact paging tools on a handle (`tool_output_read`, `_grep`, `_tail`)
//! and `tool_output_search` across the session's outputs, plus each stored
//! output as a resource `tool-output://<handle>`, read a page at a time.
//! Every answer comes from the [`Session`]; nothing here
//! decides policy.
//!
//! `mcp serve` may also answer for a family of sessions ([`Family`]): a
//! handle its own session lacks is looked up in the sessions beside it
//! whose names share a prefix, the host's other conversations.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rmcp::model::{
    CallToolResult, ContentBlock, ErrorData, JsonObject, ReadResourceResult, Resource,
    ResourceContents, Tool, ToolAnnotations,
};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::fit;
use crate::agent::{self, TOOL_NAME};
use crate::error::Error;
use crate::extraction::{CancellationToken, ExtractOptions};
use crate::session::Session;
use crate::{GrepOptions, HandleInfo};
use tool_output_wire::contract::{is_handle, sidecar_name};

pub const READ: &str = "tool_output_read";
pub const GREP: &str = "tool_output_grep";
pub const TAIL: &str = "tool_output_tail";
pub const SEARCH: &str = "tool_output_search";
pub const URI_SCHEME: &str = "tool-output://";

/// Told as a long extraction goes: (steps done, what finished).
pub type Notify = Arc<dyn Fn(u32, String) + Send + Sync>;

/// The MCP face of one session.
#[derive(Clone)]
pub struct Tools {
    session: Arc<Session>,
    schema: Arc<JsonObject>,
    /// What one answer may take (the runtime's `max_inline_bytes`).
    max_bytes: u64,
    /// What one answer may take for the client served: `max_bytes`, or
    /// less where its host cuts smaller (`fit`).
    answer_bytes: Arc<AtomicU64>,
    /// Where else a handle is looked for (`mcp serve --handles-from`).
    family: Option<Arc<Family>>,
}

/// The sessions beside ours whose names start with `prefix`: a host's
/// other conversations. Claude Code starts a new session id at `/clear`
/// and `--continue` while its MCP server keeps the one it started with, so
/// its hook stores into a session `mcp serve` did not open; handles are
/// unique, so the one session that has a handle is the one to answer from.
/// Local sessions only (a session on an object store answers for itself).
pub struct Family {
    prefix: String,
    /// Sessions opened so far, by directory.
    opened: std::sync::Mutex<HashMap<PathBuf, Arc<Session>>>,
}

impl Family {
    /// `pattern` is a session name with a trailing `*` (`claude-*`).
    pub fn new(pattern: &str) -> anyhow::Result<Family> {
        let Some(prefix) = pattern.strip_suffix('*') else {
            anyhow::bail!(
                "--handles-from {pattern:?}: give a session name prefix ending in `*`, e.g. claude-*"
            );
        };
        if prefix.is_empty() || prefix.contains('*') {
            anyhow::bail!(
                "--handles-from {pattern:?}: give a session name prefix ending in `*`, e.g. claude-*"
            );
        }
        crate::roots::check_session_name(&format!("{prefix}x"))
            .map_err(|e| anyhow::anyhow!("--handles-from {pattern:?}: {e}"))?;
        Ok(Family {
            prefix: prefix.to_string(),
            opened: Default::default(),
        })
    }
}

impl Family {
    /// Whether the session `name` is one of the family.
    fn holds(&self, name: &str) -> bool {
        name.starts_with(&self.prefix) && crate::roots::check_session_name(name).is_ok()
    }
}

impl Tools {
    /// The `tool_output` schema comes from the engine (its mode enum included).
    pub async fn new(session: Arc<Session>, max_bytes: u64) -> crate::Result<Self> {
        let schema: JsonObject = serde_json::from_str(&session.tool_schema().await?)
            .map_err(|e| Error::Setup(anyhow::anyhow!("the engine's tool schema: {e}")))?;
        Ok(Self {
            session,
            schema: Arc::new(schema),
            max_bytes,
            answer_bytes: Arc::new(AtomicU64::new(max_bytes)),
            family: None,
        })
    }

    /// The client is `client` (its `clientInfo.name`): answers from now
    /// on fit what its host passes on whole.
    pub fn fit_to(&self, client: &str) {
        let bytes = fit::answer_bytes(client, self.max_bytes);
        self.answer_bytes.store(bytes, Ordering::Relaxed);
    }

    fn answer_room(&self) -> u64 {
        self.answer_bytes.load(Ordering::Relaxed)
    }

    /// Answer for a handle of the session's [`Family`] too.
    pub fn with_family(mut self, family: Family) -> Self {
        self.family = Some(Arc::new(family));
        self
    }

    pub fn session(&self) -> &Arc<Session> {
        &self.session
    }

    /// The session that has `handle`: ours, else (with a family) the
    /// sibling that holds its sidecar, else ours (which answers that it
    /// has no such handle).
    fn session_for(&self, handle: &str) -> Arc<Session> {
        let own = &self.session;
        let Some(family) = &self.family else {
            return own.clone();
        };
        let handle = handle.trim();
        let sidecar = sidecar_name(handle);
        let has = |dir: &std::path::Path| {
            std::fs::symlink_metadata(dir.join(&sidecar)).is_ok_and(|m| m.is_file())
        };
        if !is_handle(handle) || own.store_url().is_some() || has(own.path()) {
            return own.clone();
        }
        let Some(sessions) = own.path().parent() else {
            return own.clone();
        };
        let Ok(entries) = std::fs::read_dir(sessions) else {
            return own.clone();
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let dir = entry.path();
            if !family.holds(name) || dir == own.path() || !has(&dir) {
                continue;
            }
            if let Some(session) = self.sibling(family, name, dir) {
                return session;
            }
        }
        own.clone()
    }

    /// The session a search across outputs reads: ours, else (with a
    /// family) the one written last, the host's live conversation (Claude
    /// Code's after `/clear`, whose hook stores into a new session).
    fn live_session(&self) -> Arc<Session> {
        let own = &self.session;
        let Some(family) = &self.family else {
            return own.clone();
        };
        let written = |dir: &std::path::Path| {
            (std::fs::symlink_metadata(dir).ok())
                .filter(|m| m.is_dir())
                .and_then(|m| m.modified().ok())
        };
        let (Some(sessions), None) = (own.path().parent(), own.store_url()) else {
            return own.clone();
        };
        let Ok(entries) = std::fs::read_dir(sessions) else {
            return own.clone();
        };
        let mut newest = (written(own.path()), None);
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let dir = entry.path();
            let when = written(&dir);
            if family.holds(name) && dir != own.path() && when > newest.0 {
                newest = (when, Some((name.to_string(), dir)));
            }
        }
        (newest.1)
            .and_then(|(name, dir)| self.sibling(family, &name, dir))
            .unwrap_or_else(|| own.clone())
    }

    /// The family's session `name` in `dir`, opened once. None for a
    /// directory that is a link or cannot be opened.
    fn sibling(&self, family: &Family, name: &str, dir: PathBuf) -> Option<Arc<Session>> {
        let mut opened = family.opened.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(session) = opened.get(&dir) {
            return Some(session.clone());
        }
        let session = self.session.runtime().open_session(&dir).ok()?;
        if let Some(root) = dir.parent().and_then(|sessions| sessions.parent()) {
            let _ = session.set_event_log(&crate::sessions::events_path(root, name));
        }
        let session = Arc::new(session);
        opened.insert(dir, session.clone());
        Some(session)
    }

    pub fn is_ours(name: &str) -> bool {
        matches!(name, TOOL_NAME | READ | GREP | TAIL | SEARCH)
    }

    /// The five tools, annotated as what they are: they read stored
    /// outputs and change nothing, so hosts that auto-approve read-only
    /// tools (Codex with `approval_policy = "never"`) let the model call them.
    pub fn definitions(&self) -> Vec<Tool> {
        let max = self.max_bytes;
        let mut meta = rmcp::model::MetaObject::default();
        meta.0.insert(
            fit::MAX_RESULT_SIZE_META.into(),
            fit::declared_max_chars(max).into(),
        );
        let tools = vec![
            Tool::new(TOOL_NAME, agent::TOOL_DESCRIPTION, self.schema.clone()),
            Tool::new(
                READ,
                format!(
                    "Read lines of a stored tool output exactly, by number (1-based, inclusive; \
                     the numbers of the handle message, grep and tail). Answers over {max} bytes \
                     end with a note saying from which line to continue."
                ),
                schema(
                    serde_json::json!({
                        "handle": {"type": "string", "description": "The handle from the tool result."},
                        "from_line": {"type": "integer", "minimum": 1},
                        "to_line": {"type": "integer", "minimum": 1, "description": "Default: to the end (as far as fits)."}
                    }),
                    &["handle", "from_line"],
                ),
            ),
            Tool::new(
                GREP,
                "Lines of a stored tool output matching a regular expression (Rust regex \
                 syntax), numbered; context lines are marked `<n>-`.",
                schema(
                    serde_json::json!({
                        "handle": {"type": "string"},
                        "pattern": {"type": "string", "minLength": 1},
                        "context": {"type": "integer", "minimum": 0, "maximum": 50, "description": "Lines before and after each match. Default 0."},
                        "ignore_case": {"type": "boolean"},
                        "max_matches": {"type": "integer", "minimum": 1, "description": "Default 100."}
                    }),
                    &["handle", "pattern"],
                ),
            ),
            Tool::new(
                TAIL,
                "The last lines of a stored tool output, numbered.",
                schema(
                    serde_json::json!({
                        "handle": {"type": "string"},
                        "lines": {"type": "integer", "minimum": 1, "description": "Default 20."}
                    }),
                    &["handle"],
                ),
            ),
            Tool::new(
                SEARCH,
                "Which stored tool outputs of this session hold the words of a question (\"which \
                 commands mentioned E_QUOTA?\"), best first: each output's handle, the tool \
                 that made it, and its best-matching lines, numbered. For when you do not \
                 know which handle to ask; then call tool_output on the one it names.",
                schema(
                    serde_json::json!({
                        "question": {"type": "string", "minLength": 1, "maxLength": 2000, "description": "What to look for, in your own words or the output's (an error code, a name, a message)."},
                        "skip": {"type": "integer", "minimum": 0, "description": "Pass over the first N results: the next page of an answer that says it was cut. Default 0."},
                        "before": {"type": "string", "description": "A handle: search only the outputs stored before it (an answer that stopped early names it)."}
                    }),
                    &["question"],
                ),
            ),
        ];
        let titles = [
            "Extract from a stored tool output",
            "Read lines of a stored tool output",
            "Grep a stored tool output",
            "Tail a stored tool output",
            "Search the stored tool outputs",
        ];
        tools
            .into_iter()
            .zip(titles)
            .map(|(mut tool, title)| {
                tool.meta = Some(meta.clone());
                tool.with_title(title).with_annotations(
                    ToolAnnotations::with_title(title)
                        .read_only(true)
                        .destructive(false)
                        .idempotent(true)
                        .open_world(false),
                )
            })
            .collect()
    }

    /// Answer a call of one of [`Tools::definitions`]. A bad handle or
    /// argument is a tool error the model reads; cancellation is `Err`.
    pub async fn call(
        &self,
        name: &str,
        args: JsonObject,
        cancel: CancellationToken,
        notify: Option<Notify>,
    ) -> Result<CallToolResult, Error> {
        let room = self.answer_room();
        let answer = match name {
            TOOL_NAME => return self.extract(args, cancel, notify).await,
            READ => match parse::<ReadArgs>(name, args) {
                Ok(a) => {
                    let last = a.to_line.unwrap_or(u64::MAX);
                    let session = self.session_for(&a.handle);
                    session
                        .read_within(&a.handle, a.from_line, last, room)
                        .await
                }
                Err(why) => return Ok(tool_error(why)),
            },
            GREP => match parse::<GrepArgs>(name, args) {
                Ok(a) => {
                    let options = GrepOptions {
                        context: a.context.unwrap_or(0),
                        ignore_case: a.ignore_case.unwrap_or(false),
                        max_matches: a.max_matches,
                    };
                    let session = self.session_for(&a.handle);
                    session
                        .grep_within(&a.handle, &a.pattern, options, room)
                        .await
                }
                Err(why) => return Ok(tool_error(why)),
            },
            TAIL => match parse::<TailArgs>(name, args) {
                Ok(a) => {
                    let lines = a.lines.unwrap_or(20);
                    let session = self.session_for(&a.handle);
                    session.tail_within(&a.handle, lines, room).await
                }
                Err(why) => return Ok(tool_error(why)),
            },
            SEARCH => match parse::<SearchArgs>(name, args) {
                Ok(a) => {
                    let (skip, before) = (a.skip.unwrap_or(0), a.before.as_deref());
                    (self.live_session())
                        .search_within(&a.question, skip, before, room)
                        .await
                }
                Err(why) => return Ok(tool_error(why)),
            },
            other => return Ok(tool_error(format!("tool-output has no tool {other:?}"))),
        };
        Ok(match answer {
            Ok(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
            Err(Error::Engine(e)) => tool_error(e.message()),
            Err(Error::Trap(why)) => stopped(name, &why),
            Err(other) => return Err(other),
        })
    }

    async fn extract(
        &self,
        args: JsonObject,
        cancel: CancellationToken,
        notify: Option<Notify>,
    ) -> Result<CallToolResult, Error> {
        let raw = serde_json::Value::Object(args).to_string();
        let call = match agent::parse_call(&raw) {
            Ok(call) => call,
            // The engine words a bad call; an empty handle reaches it as such.
            Err(why) => return Ok(tool_error(format!("tool_output: {why}"))),
        };
        let mut options = ExtractOptions::default().cancel(cancel);
        options.mode = call.mode;
        options.max_bytes = Some(self.answer_room());
        if let Some(notify) = notify {
            let done = AtomicU32::new(0);
            options = options.progress(move |p| {
                notify(done.fetch_add(1, Ordering::Relaxed) + 1, p.to_string());
            });
        }
        let session = self.session_for(&call.handle);
        let result = match session
            .extract_with(&call.handle, &call.extract, &options)
            .await
        {
            Ok(result) => result,
            Err(Error::Trap(why)) => return Ok(stopped(TOOL_NAME, &why)),
            Err(other) => return Err(other),
        };
        let mut answer = CallToolResult::success(vec![ContentBlock::text(result.text)]);
        answer.is_error = Some(result.failed);
        Ok(answer)
    }

    /// The stored outputs, as resources.
    pub async fn resources(&self) -> crate::Result<Vec<Resource>> {
        Ok(self.session.list().await?.iter().map(resource).collect())
    }

    /// `tool-output://<handle>` is the view from line 1;
    /// `tool-output://<handle>?from=N` from line N. Each page is as much as
    /// the engine's `read` gives, ending with where to continue.
    pub async fn read_resource(&self, uri: &str) -> Result<ReadResourceResult, ErrorData> {
        let (handle, from) = parse_uri(uri).ok_or_else(|| {
            ErrorData::invalid_params(format!("not a tool-output URI: {uri}"), None)
        })?;
        match self
            .session_for(handle)
            .read_within(handle, from, u64::MAX, self.answer_room())
            .await
        {
            Ok(text) => Ok(ReadResourceResult::new(vec![ResourceContents::text(
                text, uri,
            )])),
            Err(Error::Engine(e)) => Err(ErrorData::resource_not_found(e.message(), None)),
            Err(other) => Err(ErrorData::internal_error(other.to_string(), None)),
        }
    }
}

pub fn resource_uri(handle: &str) -> String {
    format!("{URI_SCHEME}{handle}")
}

fn parse_uri(uri: &str) -> Option<(&str, u64)> {
    let rest = uri.strip_prefix(URI_SCHEME)?;
    let (handle, from) = match rest.split_once('?') {
        None => (rest, 1),
        Some((handle, query)) => (handle, query.strip_prefix("from=")?.parse().ok()?),
    };
    Some((handle, from.max(1)))
}

/// A `resource_link` block to a stored output (for the proxy's results).
pub fn resource_link(handle: &str, tool: &str, bytes: u64) -> ContentBlock {
    let mut link = Resource::new(resource_uri(handle), format!("{tool} output {handle}"))
        .with_description(format!(
            "The whole stored output of {tool} ({bytes} bytes), a page at a time."
        ))
        .with_mime_type("text/plain");
    link.size = Some(bytes);
    ContentBlock::ResourceLink(link)
}

fn resource(info: &HandleInfo) -> Resource {
    let mut r = Resource::new(
        resource_uri(&info.handle),
        format!("{} output {}", info.tool, info.handle),
    )
    .with_description(format!(
        "{} {} ({} bytes, {} lines)",
        info.tool, info.args, info.stats.bytes, info.stats.lines
    ))
    .with_mime_type("text/plain");
    r.size = Some(info.stats.bytes);
    r
}

/// A call the engine stopped (its CPU or memory limit): an answer the
/// model can act on, not a protocol error.
fn stopped(tool: &str, why: &str) -> CallToolResult {
    tool_error(format!(
        "{tool}: the call was stopped ({why}). Ask for less: in mode jq a program that \
         selects early (`.items[] | select(…)`) or reads a part (`.[0:100]`); else mode \
         lexical, or tool_output_grep with a narrower pattern."
    ))
}

pub fn tool_error(text: impl Into<String>) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(text.into())]);
    result.is_error = Some(true);
    result
}

fn schema(properties: serde_json::Value, required: &[&str]) -> Arc<JsonObject> {
    let value = serde_json::json!({
        "type": "object",
        "additionalProperties": false,
        "required": required,
        "properties": properties,
    });
    match value {
        serde_json::Value::Object(map) => Arc::new(map),
        _ => unreachable!("built as an object"),
    }
}

fn parse<T: DeserializeOwned>(tool: &str, args: JsonObject) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::Object(args)).map_err(|e| format!("{tool}: {e}"))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadArgs {
    handle: String,
    from_line: u64,
    to_line: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrepArgs {
    handle: String,
    pattern: String,
    context: Option<u32>,
    ignore_case: Option<bool>,
    max_matches: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TailArgs {
    handle: String,
    lines: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArgs {
    question: String,
    skip: Option<u32>,
    before: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::parse_uri;

    #[test]
    fn resource_uris_name_a_handle_and_a_first_line() {
        assert_eq!(parse_uri("tool-output://abc"), Some(("abc", 1)));
        assert_eq!(parse_uri("tool-output://abc?from=40"), Some(("abc", 40)));
        assert_eq!(parse_uri("tool-output://abc?from=0"), Some(("abc", 1)));
        assert_eq!(parse_uri("tool-output://abc?to=4"), None);
        assert_eq!(parse_uri("file:///etc/passwd"), None);
    }
}

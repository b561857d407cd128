//! A request's tool results, stored where the engine says so and replaced
//! by their handle messages; everything else in the body kept byte for
//! byte. Each result is decided once per conversation ([`super::index`]):
//! later turns get the same bytes back without a store.
//!
//! A result is streamed into the session's writer from the body it is in
//! (decoded a piece at a time): never held a second time. One the engine
//! cannot store is left as it is (nothing is lost), and decided again on
//! the next turn.

use std::sync::Arc;

use serde_json::Value;

use super::dialect::{Dialect, Found, Replacement, Text};
use super::index::{Entry, Index, key};
use super::json::{Span, Tree};
use super::saved::{self, Dirs};
use super::{Chunked, Unescape};
use crate::mcp::limits::Limits;
use crate::session::Session;
use crate::{Outcome, StorePolicy, ToolCall};

/// Pieces of a large text fed to the store at a time. Each piece is held
/// several times over while it is stored (here, and in the engine's memory
/// as bytes, as text and in its view), so smaller pieces lower the peak;
/// 256 KiB is the engine's own counting step (`COUNT_AT`).
const PIECE: usize = 256 << 10;

/// Results from this size on count their tokens in the storing instance
/// alone, with no helper instance on another core: the body holding them
/// is then most of the gateway's peak, which a helper and the pieces queued
/// for it would raise by ~4.5 MiB (4% at 107 MB). Smaller ones keep the
/// helper, which makes their store ~1.5x faster on an idle machine
/// (docs/performance.md).
const COUNT_ALONE_FROM: usize = 32 << 20;

/// What the gateway stores with.
pub struct Rewriter {
    pub session: Arc<Session>,
    pub limits: Limits,
    pub index: Index,
    /// Where hosts save the outputs they cut.
    pub dirs: Dirs,
}

/// A request after [`Rewriter::rewrite`].
pub struct Rewritten {
    pub body: Chunked,
    /// Results stored by this request.
    pub stored: usize,
    /// Results replaced by a message an earlier request stored.
    pub reused: usize,
    /// The request's model (the body's `model`, or Gemini's path's).
    pub model: Option<String>,
}

impl Rewriter {
    /// `body` with each oversized tool result replaced; `conversation`
    /// keys the results (see [`super::index`]), `model` picks the tokenizer
    /// that counts them.
    pub async fn rewrite(
        &self,
        dialect: &dyn Dialect,
        conversation: &str,
        model: Option<&str>,
        body: Chunked,
    ) -> Rewritten {
        let tree = match super::dialect::parse(dialect, body) {
            Ok(tree) => tree,
            Err((why, body)) => {
                tracing::debug!(
                    "gateway: a {} body that is not JSON as expected ({why}): forwarded as it is",
                    dialect.name()
                );
                return Rewritten {
                    body,
                    stored: 0,
                    reused: 0,
                    model: model.map(str::to_string),
                };
            }
        };
        let model = model
            .map(str::to_string)
            .or_else(|| tree.root().get("model").and_then(|m| m.str()));
        let mut replacements = Vec::new();
        let (mut stored, mut reused) = (0, 0);
        for found in dialect.results(tree.root()) {
            let Some((entry, fresh)) = self
                .decide(&tree, dialect, conversation, model.as_deref(), &found)
                .await
            else {
                continue;
            };
            if let Entry::Stored { message, .. } = entry {
                if fresh {
                    stored += 1;
                } else {
                    reused += 1;
                }
                replacements.push((found.replace, replacement(&tree, dialect, &found, &message)));
            }
        }
        let body = splice(tree.into_src(), replacements);
        Rewritten {
            body,
            stored,
            reused,
            model,
        }
    }

    /// The entry for one result (and whether this request made it); None
    /// when it passes without the engine or could not be stored.
    async fn decide(
        &self,
        tree: &Tree,
        dialect: &dyn Dialect,
        conversation: &str,
        model: Option<&str>,
        found: &Found,
    ) -> Option<(Entry, bool)> {
        let policy = self.limits.policy_for(&found.tool);
        let pieces: Vec<Chunked> = found.texts.iter().map(|t| tree.slice(t.span())).collect();
        // The decoded text is never longer than its literal (less its
        // quotes): under the byte cap, and with no other cap, the engine
        // would let it pass (as the hooks decide before asking it).
        let upper = pieces
            .iter()
            .map(|p| p.len().saturating_sub(2))
            .sum::<usize>()
            + pieces.len().saturating_sub(1);
        // A host's cut is short: its whole output is in the file it names.
        let marked = upper <= saved::MAX_MARKED && pieces.iter().any(saved::may_name_a_file);
        let saved = marked
            .then(|| self.saved_file(&found.texts, &pieces))
            .flatten();
        if saved.is_none() && bytes_only(&policy) && upper as u64 <= policy.max_inline_bytes {
            return None;
        }
        let key = key(dialect.name(), conversation, &found.call_id, &pieces);
        let _held = self.index.lock(&key).await;
        if let Some(entry) = self.index.get(&self.session, &key) {
            return Some((entry, false));
        }
        let mut call = ToolCall::new(found.tool.as_str()).args(found.args.as_str());
        if let Some(model) = model {
            call = call.model(model);
        }
        let from_file = match saved {
            // The host may still be writing it: read once it is left alone.
            Some((host, path, root)) => match saved::open_checked(&path, &root) {
                Ok((file, len)) => match saved::settled(&file, len).await {
                    len if len <= saved::MAX_FILE => Some((file, len)),
                    len => {
                        tracing::warn!(
                            "gateway: {host} saved the whole output, but it grew to {len} bytes, \
                             over the {} MiB the gateway reads; the part it sent is stored",
                            saved::MAX_FILE >> 20
                        );
                        None
                    }
                },
                Err(err) => {
                    tracing::warn!(
                        "gateway: {host} saved the whole output, but the gateway does not read it \
                         ({err:#}); the part it sent is stored"
                    );
                    None
                }
            },
            None => None,
        };
        let stored = match from_file {
            Some(file) => self.store_file(&call, &policy, file).await,
            None => self.store(&call, &policy, &found.texts, &pieces).await,
        };
        let outcome = match stored {
            Ok(outcome) => outcome,
            Err(err) => {
                tracing::error!(
                    tool = found.tool.as_str(),
                    "gateway: could not store a tool result ({err}); it is forwarded as it is"
                );
                return None;
            }
        };
        let entry = match outcome {
            Outcome::Stored(stored) => Entry::Stored {
                handle: stored.handle,
                message: stored.message,
            },
            Outcome::Passthrough(_) => Entry::Passthrough { passthrough: true },
        };
        self.index.put(&self.session, &key, &entry);
        Some((entry, true))
    }

    /// The file a host saved the whole of this result to, if the result is
    /// one of their cuts: (host, file, the host's directory).
    fn saved_file(
        &self,
        texts: &[Text],
        pieces: &[Chunked],
    ) -> Option<(&'static str, std::path::PathBuf, std::path::PathBuf)> {
        let mut text = String::new();
        for (t, raw) in texts.iter().zip(pieces) {
            let Text::Literal(_) = t else { return None };
            let piece: String = serde_json::from_slice(&raw.to_bytes()).ok()?;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&piece);
        }
        self.dirs.saved_file(&text)
    }

    /// Streams a host's saved file into the session's writer.
    async fn store_file(
        &self,
        call: &ToolCall,
        policy: &StorePolicy,
        (file, len): (std::fs::File, u64),
    ) -> crate::Result<Outcome> {
        use tokio::io::AsyncReadExt;
        let mut writer = self.session.writer_with(call, policy).await?;
        let mut file = tokio::fs::File::from_std(file).take(len);
        let mut buf = vec![0u8; PIECE];
        loop {
            let n = file
                .read(&mut buf)
                .await
                .map_err(|e| crate::Error::io("reading a host's saved output", e))?;
            if n == 0 {
                break;
            }
            writer.write(&buf[..n]).await?;
        }
        writer.finish().await
    }

    /// Streams the result's text into the session's writer.
    async fn store(
        &self,
        call: &ToolCall,
        policy: &StorePolicy,
        texts: &[Text],
        pieces: &[Chunked],
    ) -> crate::Result<Outcome> {
        let size: usize = pieces.iter().map(Chunked::len).sum();
        let helpers = size < COUNT_ALONE_FROM;
        let mut writer = self.session.writer_counting(call, policy, helpers).await?;
        for (n, (text, raw)) in texts.iter().zip(pieces).enumerate() {
            if n > 0 {
                writer.write(b"\n").await?;
            }
            match text {
                Text::Literal(_) => {
                    let inner = raw.slice(1, raw.len().saturating_sub(1).max(1));
                    for piece in Unescape::new(inner.chunks().to_vec(), PIECE) {
                        let piece = piece.map_err(|e| crate::Error::Setup(anyhow::anyhow!(e)))?;
                        writer.write(&piece).await?;
                    }
                }
                Text::Json(_) => {
                    for chunk in raw.chunks() {
                        writer.write(chunk).await?;
                    }
                }
            }
        }
        writer.finish().await
    }
}

/// Whether only the byte cap can make the engine store.
fn bytes_only(policy: &StorePolicy) -> bool {
    policy.max_inline_chars.is_none() && policy.remaining_tokens.is_none() && !policy.reserve_failed
}

/// The bytes that take the place of `found.replace`.
fn replacement(tree: &Tree, dialect: &dyn Dialect, found: &Found, message: &str) -> Chunked {
    let mut out = Chunked::new();
    match &found.with {
        Replacement::String => out.push(json_bytes(&Value::String(message.into()))),
        Replacement::Object { key } => {
            let mut object = serde_json::Map::new();
            object.insert((*key).into(), Value::String(message.into()));
            out.push(json_bytes(&Value::Object(object)));
        }
        Replacement::Parts { carried, kept } => {
            let part = json_bytes(&dialect.text_part(message));
            out.push(bytes::Bytes::from_static(b"["));
            // The part without its closing brace, then the carried
            // members as they were sent (a `cache_control` marker).
            out.push(part.slice(..part.len() - 1));
            for (key, value) in carried {
                out.push(bytes::Bytes::from_static(b","));
                append(&mut out, &tree.slice(*key));
                out.push(bytes::Bytes::from_static(b":"));
                append(&mut out, &tree.slice(*value));
            }
            out.push(bytes::Bytes::from_static(b"}"));
            for span in kept {
                out.push(bytes::Bytes::from_static(b","));
                append(&mut out, &tree.slice(*span));
            }
            out.push(bytes::Bytes::from_static(b"]"));
        }
    }
    out
}

fn json_bytes(value: &Value) -> bytes::Bytes {
    serde_json::to_vec(value).unwrap_or_default().into()
}

fn append(out: &mut Chunked, piece: &Chunked) {
    for chunk in piece.chunks() {
        out.push(chunk.clone());
    }
}

/// `src` with each span replaced (spans in order, not overlapping).
pub fn splice(src: Chunked, mut replacements: Vec<(Span, Chunked)>) -> Chunked {
    if replacements.is_empty() {
        return src;
    }
    replacements.sort_by_key(|(span, _)| span.start);
    let mut out = Chunked::new();
    let mut at = 0;
    for (span, bytes) in replacements {
        if span.start < at {
            continue;
        }
        append(&mut out, &src.slice(at, span.start));
        append(&mut out, &bytes);
        at = span.end;
    }
    append(&mut out, &src.slice(at, src.len()));
    out
}

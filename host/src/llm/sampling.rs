//! The MCP client's own model as the extraction model, with no key and no
//! provider: each request of an extraction becomes a `sampling/createMessage`
//! request to the client (the `Sampler` the MCP server attaches once the
//! client said it offers sampling). Until then, or for a client that does
//! not offer it, this engine is "not configured" and extractions answer
//! with the deterministic strategies, as with no model at all.
//!
//! Sampling carries text (tool calls in sampling are newer than most
//! clients): `full-chunked` runs through it; `read-grep`, which needs native
//! tool calls, is marked unmanaged so `auto` does not route to it.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::config::LlmConfig;
use super::{BoxFuture, LlmEngine, LlmError, ModelProfile, Request, Response, Role, Usage};

/// Sends one `sampling/createMessage` to the client: its params, its result.
pub trait Sampler: Send + Sync {
    /// The client's `result`, or why there is none.
    fn create_message(&self, params: Value) -> BoxFuture<'_, Result<Value, SamplingError>>;
}

/// Why a client gave no sample.
#[derive(Debug, Clone)]
pub enum SamplingError {
    /// It answered with an error (the user declined, it has no model…).
    Declined(String),
    /// The connection to it ended.
    Gone,
    /// Its answer cannot be used (not decodable, or too long).
    Unusable(String),
}

/// The extraction engine over a client's sampling (see the module docs).
pub struct SamplingLlm {
    sampler: RwLock<Option<Arc<dyn Sampler>>>,
    profile: ModelProfile,
    /// How long one sample may take (`timeout_secs`, as one HTTP request
    /// to a provider): a client that never answers ends the request then.
    timeout: Duration,
}

/// Bytes a sample may take per token asked for (a token is some 4 bytes of
/// English, up to 6 of CJK), plus a margin: one far past it is refused.
const BYTES_PER_TOKEN: usize = 16;
const MARGIN_BYTES: usize = 4096;

/// What is known of a model behind a client: nothing. A window most models
/// a client lends have, an answer room an extraction needs, a tokenizer
/// that is not theirs (budgets keep a margin), one request at a time (a
/// client may ask its user about each).
const CONTEXT_WINDOW: u32 = 100_000;
const MAX_OUTPUT_TOKENS: u32 = 4_096;

impl SamplingLlm {
    /// Not attached yet; the window and answer room follow `config`'s
    /// overrides when it has them (`TOOL_OUTPUT_CONTEXT_WINDOW`…).
    pub fn new(config: &LlmConfig) -> Self {
        let context_window = config.context_window.unwrap_or(CONTEXT_WINDOW);
        Self {
            sampler: RwLock::new(None),
            profile: ModelProfile {
                model: "mcp-client-sampling".into(),
                context_window,
                max_output_tokens: config
                    .max_output_tokens
                    .unwrap_or(MAX_OUTPUT_TOKENS)
                    .min(context_window / 2),
                tokenizer: "cl100k_base".into(),
                tokenizer_exact: false,
                concurrency: 1,
                manages_full_chunked: None,
                manages_read_grep: Some(false),
            },
            timeout: config.request_timeout,
        }
    }

    /// From now on requests go to `sampler` (the client offered sampling).
    pub fn attach(&self, sampler: Arc<dyn Sampler>) {
        *self.sampler.write().unwrap_or_else(|e| e.into_inner()) = Some(sampler);
    }

    /// Whether a client's sampling is attached.
    pub fn is_attached(&self) -> bool {
        self.sampler
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    fn sampler(&self) -> Option<Arc<dyn Sampler>> {
        self.sampler
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl LlmEngine for SamplingLlm {
    fn model_info(&self, _: Option<&str>) -> Result<ModelProfile, LlmError> {
        match self.sampler() {
            Some(_) => Ok(self.profile.clone()),
            None => Err(LlmError::NotConfigured),
        }
    }

    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>> {
        Box::pin(async move {
            let sampler = self.sampler().ok_or(LlmError::NotConfigured)?;
            let params = create_message_params(&req)?;
            let started = Instant::now();
            let asked = sampler.create_message(params);
            let secs = self.timeout.as_secs();
            let result = tokio::time::timeout(self.timeout, asked)
                .await
                .map_err(|_| {
                    LlmError::Unavailable(format!(
                        "the MCP client did not answer a sampling request within {secs} s \
                         (timeout_secs, TOOL_OUTPUT_TIMEOUT)"
                    ))
                })?
                .map_err(|e| match e {
                    // The engine then makes no further LLM call and answers
                    // with lexical search, saying why.
                    SamplingError::Declined(why) => {
                        LlmError::Unavailable(format!("the MCP client declined sampling: {why}"))
                    }
                    SamplingError::Gone => {
                        LlmError::Unavailable("the MCP client went away".to_string())
                    }
                    SamplingError::Unusable(why) => LlmError::Unavailable(format!(
                        "the MCP client's sample cannot be used: {why}"
                    )),
                })?;
            response(&result, req.max_output_tokens, started)
        })
    }
}

/// A request as `sampling/createMessage` params: the system messages as
/// the system prompt, the others as text messages.
fn create_message_params(req: &Request) -> Result<Value, LlmError> {
    let mut system = Vec::new();
    let mut messages = Vec::new();
    for message in &req.messages {
        let role = match message.role {
            Role::System => {
                system.push(message.content.as_str());
                continue;
            }
            Role::User => "user",
            Role::Assistant if message.tool_calls.is_empty() => "assistant",
            Role::Assistant | Role::Tool => {
                return Err(LlmError::BadRequest(
                    "tool calls cannot go through the client's sampling".into(),
                ));
            }
        };
        messages.push(json!({"role": role, "content": {"type": "text", "text": message.content}}));
    }
    let mut params = json!({
        "messages": messages,
        "maxTokens": req.max_output_tokens,
        "includeContext": "none",
        // An extraction reads carefully; it need not be quick.
        "modelPreferences": {"intelligencePriority": 0.8, "speedPriority": 0.2},
    });
    if !system.is_empty() {
        params["systemPrompt"] = Value::String(system.join("\n\n"));
    }
    Ok(params)
}

/// A `CreateMessageResult` as the engine's answer: its text blocks (one
/// block, or an array of them), the model that answered, whether it
/// stopped at the token limit.
fn response(result: &Value, max_tokens: u32, started: Instant) -> Result<Response, LlmError> {
    let blocks = match result.get("content") {
        Some(Value::Array(blocks)) => blocks.iter().collect(),
        Some(block) => vec![block],
        None => Vec::new(),
    };
    let text: Vec<&str> = blocks
        .iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .collect();
    if text.is_empty() {
        return Err(LlmError::BadResponse(
            "the client's sample holds no text".into(),
        ));
    }
    let bytes: usize = text.iter().map(|t| t.len()).sum();
    let most = max_tokens as usize * BYTES_PER_TOKEN + MARGIN_BYTES;
    if bytes > most {
        return Err(LlmError::Unavailable(format!(
            "the MCP client's sample is {bytes} bytes, far over the {max_tokens} tokens asked for"
        )));
    }
    Ok(Response {
        text: text.concat(),
        tool_calls: Vec::new(),
        // Clients do not say what a sample cost.
        usage: Usage {
            input_tokens: 0,
            output_tokens: 0,
        },
        model: result
            .get("model")
            .and_then(Value::as_str)
            .unwrap_or("unknown")
            .to_string(),
        latency_ms: started.elapsed().as_millis() as u64,
        truncated: result.get("stopReason").and_then(Value::as_str) == Some("maxTokens"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::types::LlmCallKind;
    use crate::llm::{Message, ToolChoice};

    fn message(role: Role, content: &str) -> Message {
        Message {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }

    #[test]
    fn a_request_becomes_create_message_params_and_a_sample_an_answer() {
        let req = Request {
            messages: vec![
                message(Role::System, "You extract."),
                message(Role::User, "chunk 1 of 1: …"),
            ],
            tools: Vec::new(),
            tool_choice: ToolChoice::None,
            max_output_tokens: 2048,
            model: None,
            kind: LlmCallKind::Map,
            chunk: Some(0),
        };
        assert_eq!(
            create_message_params(&req).unwrap(),
            json!({
                "messages": [{"role": "user", "content": {"type": "text", "text": "chunk 1 of 1: …"}}],
                "maxTokens": 2048,
                "includeContext": "none",
                "modelPreferences": {"intelligencePriority": 0.8, "speedPriority": 0.2},
                "systemPrompt": "You extract.",
            })
        );
        let sample = json!({"role": "assistant", "model": "claude-x", "stopReason": "maxTokens",
            "content": [{"type": "text", "text": "a"}, {"type": "image", "data": ""}, {"type": "text", "text": "b"}]});
        let answer = response(&sample, 4096, Instant::now()).unwrap();
        assert_eq!(
            (
                answer.text.as_str(),
                answer.model.as_str(),
                answer.truncated
            ),
            ("ab", "claude-x", true)
        );
        assert!(response(&json!({"content": {"type": "image"}}), 4096, Instant::now()).is_err());
    }

    #[test]
    fn a_sample_far_over_its_max_tokens_is_refused_not_used() {
        let sample = |bytes: usize| json!({"content": {"type": "text", "text": "x".repeat(bytes)}});
        assert!(response(&sample(100 * 16 + 4096), 100, Instant::now()).is_ok());
        match response(&sample(100 * 16 + 4097), 100, Instant::now()) {
            Err(LlmError::Unavailable(why)) => assert_eq!(
                why,
                "the MCP client's sample is 5697 bytes, far over the 100 tokens asked for"
            ),
            other => panic!("{other:?}"),
        }
    }
}

//! What goes over the wire to an LLM provider, independent of who sends it:
//! the native host (reqwest) and the WASI adapter (wasi:http) both build
//! their requests and read the answers here.
//!
//! - [`openai`], Chat Completions (OpenAI, vLLM, llama.cpp, Ollama, LM
//!   Studio, OpenRouter);
//! - [`anthropic`], Messages;
//! - [`gemini`], Gemini's `generateContent`;
//! - [`models`], context windows, answer sizes and tokenizers by model name;
//! - [`contract`], the facts the engine, the hosts and the adapters share
//!   (the default inline size, the session file-name rule, the FAILED form).
//!
//! The types mirror the `llm` interface of `wit/llm.wit`; each side converts
//! its generated bindings into them.

pub mod anthropic;
pub mod contract;
pub mod gemini;
pub mod models;
pub mod openai;
pub mod settings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    System,
    User,
    Assistant,
    Tool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    /// JSON text, exactly as the model produced it.
    pub arguments: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: Role,
    pub content: String,
    pub tool_calls: Vec<ToolCall>,
    pub tool_call_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    /// JSON Schema as text.
    pub parameters: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolChoice {
    Auto,
    /// Answer in text; the tools are still sent.
    None,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub messages: Vec<Message>,
    pub tools: Vec<ToolDefinition>,
    pub tool_choice: ToolChoice,
    pub max_output_tokens: u32,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
}

/// The parts of an answer the engine uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub tool_calls: Vec<ToolCall>,
    pub usage: Usage,
    pub model: Option<String>,
    /// Stopped at the answer-token limit.
    pub truncated: bool,
}

/// A [`Request`] from generated bindings of the `llm` interface. The native
/// host (wasmtime) and the WASI adapter (wit-bindgen) generate different
/// Rust types of the same shape; `Role` and `ToolChoice` name the caller's
/// enums, which must be in scope.
///
/// ```ignore
/// let wire = tool_output_wire::from_bindings!(&req, Role, ToolChoice);
/// ```
#[macro_export]
macro_rules! from_bindings {
    ($req:expr, $role:ident, $choice:ident) => {{
        let req = $req;
        $crate::Request {
            messages: req
                .messages
                .iter()
                .map(|m| $crate::Message {
                    role: match m.role {
                        $role::System => $crate::Role::System,
                        $role::User => $crate::Role::User,
                        $role::Assistant => $crate::Role::Assistant,
                        $role::Tool => $crate::Role::Tool,
                    },
                    content: m.content.clone(),
                    tool_calls: m
                        .tool_calls
                        .iter()
                        .map(|c| $crate::ToolCall {
                            id: c.id.clone(),
                            name: c.name.clone(),
                            arguments: c.arguments.clone(),
                        })
                        .collect(),
                    tool_call_id: m.tool_call_id.clone(),
                })
                .collect(),
            tools: req
                .tools
                .iter()
                .map(|t| $crate::ToolDefinition {
                    name: t.name.clone(),
                    description: t.description.clone(),
                    parameters: t.parameters.clone(),
                })
                .collect(),
            tool_choice: match req.tool_choice {
                $choice::Auto => $crate::ToolChoice::Auto,
                $choice::None => $crate::ToolChoice::None,
            },
            max_output_tokens: req.max_output_tokens,
        }
    }};
}

/// A token count in a provider's `usage` object (0 when absent).
fn count_at(usage: Option<&serde_json::Value>, key: &str) -> u64 {
    usage
        .and_then(|u| u.get(key))
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0)
}

/// A call's arguments as the object Anthropic's `tool_use.input` and
/// Gemini's `functionCall.args` must be; arguments that are not one (the
/// model wrote broken JSON) are passed as `{}` — the guest already saw the
/// original text and answered it with an error result.
fn arguments_object(arguments: &str) -> serde_json::Value {
    match serde_json::from_str::<serde_json::Value>(arguments) {
        Ok(v @ serde_json::Value::Object(_)) => v,
        _ => serde_json::json!({}),
    }
}

/// An error object's `message`, after its `qualifier` member when it has
/// one (Anthropic's `type`, Gemini's `status`): `RESOURCE_EXHAUSTED: quota`.
fn qualified_message(error: &serde_json::Value, qualifier: &str) -> Option<String> {
    let message = error.get("message").and_then(serde_json::Value::as_str)?;
    Some(
        match error.get(qualifier).and_then(serde_json::Value::as_str) {
            Some(q) => format!("{q}: {message}"),
            None => message.to_string(),
        },
    )
}

/// A message of the engine's conversation, for the formats' tests.
#[cfg(test)]
fn message(role: Role, content: &str, calls: Vec<ToolCall>, id: Option<&str>) -> Message {
    Message {
        role,
        content: content.into(),
        tool_calls: calls,
        tool_call_id: id.map(str::to_string),
    }
}

/// The provider's error message of an error body, any format.
pub fn error_message(body: &serde_json::Value) -> Option<String> {
    anthropic::error_message(body)
        .or_else(|| gemini::error_message(body))
        .or_else(|| openai::error_message(body))
}

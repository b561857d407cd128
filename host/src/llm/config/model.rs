//! A configured model: its provider (from the name's prefix) and the id
//! the provider gets.

use tool_output_wire::models::{self, ModelDefaults};

use super::ConfigError;

/// The wire protocol a model is spoken to in, and so its endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// Chat Completions: OpenAI, vLLM, llama.cpp, Ollama, LM Studio, OpenRouter…
    OpenAi,
    /// Anthropic Messages.
    Anthropic,
}

/// A model as configured (`anthropic/claude-sonnet-4-5`) and as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelSpec {
    /// From the name's prefix: `anthropic/` is Anthropic, anything else
    /// the OpenAI-compatible endpoint.
    pub provider: Provider,
    /// The id the provider gets (`claude-sonnet-4-5`).
    pub id: String,
    /// As configured, for reports and logs.
    pub name: String,
}

impl ModelSpec {
    /// A model name as configured; an error only for a name with no id
    /// (`openai/`).
    pub fn parse(name: &str) -> Result<Self, ConfigError> {
        let name = name.trim();
        let (provider, id) = if let Some(id) = name.strip_prefix("openai/") {
            (Provider::OpenAi, id)
        } else if let Some(id) = name.strip_prefix("anthropic/") {
            (Provider::Anthropic, id)
        } else {
            (Provider::OpenAi, name)
        };
        if id.is_empty() {
            return Err(ConfigError::Invalid(format!("model {name:?} has no id")));
        }
        Ok(Self {
            provider,
            id: id.to_string(),
            name: name.to_string(),
        })
    }

    /// The model table's entry for its id (safe defaults if unknown).
    pub fn defaults(&self) -> ModelDefaults {
        models::defaults(&self.id)
    }
}

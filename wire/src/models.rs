//! What is known about models by name: context window, largest answer, and
//! the tokenizer to budget with. Unknown models get safe, small defaults;
//! `context_window` and `max_output_tokens` in the configuration override.

/// Defaults for one model family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelDefaults {
    pub context_window: u32,
    /// The most tokens the model may answer with.
    pub max_output_tokens: u32,
    /// `o200k_base` or `cl100k_base`.
    pub tokenizer: &'static str,
    /// The tokenizer is the model's own (OpenAI models): budgets are exact.
    pub tokenizer_exact: bool,
    /// Spends answer tokens on hidden reasoning: give it a larger answer room.
    pub reasoning: bool,
}

/// Answer room an extraction asks for by default: final reports are short,
/// and every token reserved for the answer is one less for the chunk.
pub const EXTRACTION_ANSWER_TOKENS: u32 = 4096;
/// The same for reasoning models, whose hidden thinking counts as output.
pub const REASONING_ANSWER_TOKENS: u32 = 16384;

impl ModelDefaults {
    /// The answer room an extraction asks for: `configured` if set, else
    /// the model's limit within [`EXTRACTION_ANSWER_TOKENS`] (or
    /// [`REASONING_ANSWER_TOKENS`]); never more than half of `window`, which
    /// the chunk needs.
    pub fn answer_tokens(&self, window: u32, configured: Option<u32>) -> u32 {
        let room = if self.reasoning {
            REASONING_ANSWER_TOKENS
        } else {
            EXTRACTION_ANSWER_TOKENS
        };
        configured
            .unwrap_or(self.max_output_tokens.min(room))
            .min(window / 2)
            .max(1)
    }
}

/// For a model nobody told us about (a local llama.cpp default is 4096 or
/// 8192 tokens): small enough not to overflow, large enough to be useful.
pub const UNKNOWN: ModelDefaults = ModelDefaults {
    context_window: 8192,
    max_output_tokens: 2048,
    tokenizer: "cl100k_base",
    tokenizer_exact: false,
    reasoning: false,
};

const fn openai(window: u32, out: u32, tokenizer: &'static str, reasoning: bool) -> ModelDefaults {
    ModelDefaults {
        context_window: window,
        max_output_tokens: out,
        tokenizer,
        tokenizer_exact: true,
        reasoning,
    }
}

const fn other(window: u32, out: u32) -> ModelDefaults {
    ModelDefaults {
        context_window: window,
        max_output_tokens: out,
        tokenizer: "cl100k_base",
        tokenizer_exact: false,
        reasoning: false,
    }
}

/// Longest matching prefix wins, so order does not matter; matched on the
/// lowercase id after any `vendor/` path (OpenRouter-style ids).
const TABLE: &[(&str, ModelDefaults)] = &[
    ("gpt-5", openai(400_000, 128_000, "o200k_base", true)),
    ("gpt-4.1", openai(1_047_576, 32_768, "o200k_base", false)),
    ("gpt-4o", openai(128_000, 16_384, "o200k_base", false)),
    ("chatgpt-4o", openai(128_000, 16_384, "o200k_base", false)),
    ("gpt-oss", openai(131_072, 32_768, "o200k_base", true)),
    ("o1", openai(200_000, 100_000, "o200k_base", true)),
    ("o3", openai(200_000, 100_000, "o200k_base", true)),
    ("o4", openai(200_000, 100_000, "o200k_base", true)),
    ("gpt-4-turbo", openai(128_000, 4_096, "cl100k_base", false)),
    ("gpt-4-1106", openai(128_000, 4_096, "cl100k_base", false)),
    ("gpt-4-0125", openai(128_000, 4_096, "cl100k_base", false)),
    ("gpt-4", openai(8_192, 4_096, "cl100k_base", false)),
    ("gpt-3.5-turbo", openai(16_385, 4_096, "cl100k_base", false)),
    ("claude-opus-4", other(200_000, 32_000)),
    ("claude-sonnet-4", other(200_000, 64_000)),
    ("claude-haiku-4", other(200_000, 64_000)),
    ("claude-3-7", other(200_000, 64_000)),
    ("claude-3-5", other(200_000, 8_192)),
    ("claude-3", other(200_000, 4_096)),
    ("gemini", other(1_048_576, 8_192)),
    ("llama-3.1", other(131_072, 4_096)),
    ("llama-3.2", other(131_072, 4_096)),
    ("llama-3.3", other(131_072, 4_096)),
    ("llama3.1", other(131_072, 4_096)),
    ("llama3.2", other(131_072, 4_096)),
    ("llama3.3", other(131_072, 4_096)),
    ("qwen2.5", other(32_768, 8_192)),
    ("qwen3", other(32_768, 8_192)),
    ("mistral", other(32_768, 4_096)),
    ("mixtral", other(32_768, 4_096)),
    ("deepseek", other(65_536, 8_192)),
];

/// Defaults for a model id as sent to its provider (`gpt-4o`,
/// `claude-sonnet-4-5`, `meta-llama/Llama-3.1-8B-Instruct`).
pub fn defaults(id: &str) -> ModelDefaults {
    let lower = id.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    TABLE
        .iter()
        .filter(|(prefix, _)| name.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map_or(UNKNOWN, |(_, d)| *d)
}

/// A model as an endpoint lists it (`GET /models`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    /// The context window, when the server says: `context_length`
    /// (OpenRouter, LM Studio), `max_model_len` (vLLM) or `context_window`.
    pub context_window: Option<u32>,
}

/// The models of a listing, either provider: `{"data": [{"id": …}, …]}`.
pub fn parse_listing(body: &serde_json::Value) -> Result<Vec<Listed>, String> {
    let data = body
        .get("data")
        .and_then(serde_json::Value::as_array)
        .ok_or("the model listing has no `data` array")?;
    Ok(data
        .iter()
        .filter_map(|m| {
            let id = m.get("id")?.as_str()?.to_string();
            let context_window = ["context_length", "max_model_len", "context_window"]
                .iter()
                .find_map(|k| m.get(*k)?.as_u64())
                .and_then(|n| u32::try_from(n).ok());
            Some(Listed { id, context_window })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_of_every_kind_of_server() {
        let vllm = serde_json::json!({"object": "list", "data": [
            {"id": "Qwen/Qwen2.5-7B-Instruct", "object": "model", "max_model_len": 32768},
            {"id": "other", "context_length": 1e30},
            {"no-id": true}
        ]});
        assert_eq!(
            parse_listing(&vllm).unwrap(),
            [
                Listed {
                    id: "Qwen/Qwen2.5-7B-Instruct".into(),
                    context_window: Some(32768)
                },
                Listed {
                    id: "other".into(),
                    context_window: None
                }
            ]
        );
        let anthropic = serde_json::json!({"data": [{"type": "model", "id": "claude-haiku-4-5"}], "has_more": false});
        assert_eq!(parse_listing(&anthropic).unwrap()[0].id, "claude-haiku-4-5");
        assert!(parse_listing(&serde_json::json!({"models": []})).is_err());
    }

    #[test]
    fn longest_prefix_wins_and_unknown_is_safe() {
        assert_eq!(defaults("gpt-4o-mini").context_window, 128_000);
        assert_eq!(defaults("gpt-4o-mini").tokenizer, "o200k_base");
        assert_eq!(defaults("gpt-4").context_window, 8_192);
        assert_eq!(defaults("gpt-4-turbo-2024-04-09").context_window, 128_000);
        assert_eq!(defaults("gpt-4.1-nano").context_window, 1_047_576);
        assert!(defaults("o3-mini").reasoning);
        assert!(!defaults("claude-sonnet-4-5").tokenizer_exact);
        assert_eq!(defaults("claude-opus-4-1").max_output_tokens, 32_000);
        assert_eq!(
            defaults("meta-llama/Llama-3.1-8B-Instruct").context_window,
            131_072
        );
        assert_eq!(defaults("my-local-model"), UNKNOWN);
    }
}

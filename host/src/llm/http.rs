//! [`HttpLlm`]: the engine that talks to providers over HTTP.
//!
//! Per request: a timeout (body included), a response-size cap, and
//! retries with exponential backoff on 429, 5xx, connections dropped
//! mid-answer and timeouts, honouring `Retry-After` / `retry-after-ms`. No
//! connection at all (refused, unknown host, unreachable, TLS refused) is
//! not retried: nothing is listening there now, and waiting seconds per
//! retry would only delay the fallback. Across requests: a process-wide
//! bound on requests in flight. Across models: the extraction list is a
//! failover order, tried when one is rate-limited, unavailable or timing
//! out. This file picks the model and builds the request; `send` puts it
//! on the wire (attempts, retries, caps, error texts).

mod send;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use tool_output_wire::models::{self, Listed};
use tool_output_wire::{Answer, anthropic, openai};

use super::config::{ConfigError, LlmConfig, ModelSpec, Provider};
use super::retry::Attempt;
use super::{
    BoxFuture, Capabilities, LlmEngine, LlmError, ModelProfile, Request, Response, Role, ToolChoice,
};

/// The [`LlmEngine`] over HTTP: OpenAI-compatible chat
/// completions and Anthropic messages, with retries and per-model
/// concurrency, as configured by [`LlmConfig`].
pub struct HttpLlm {
    client: reqwest::Client,
    config: LlmConfig,
    targets: Vec<Target>,
    in_flight: Arc<Semaphore>,
}

struct Target {
    spec: ModelSpec,
    profile: ModelProfile,
}

impl HttpLlm {
    /// An engine for `config`'s models.
    pub fn new(config: LlmConfig) -> Result<Self, ConfigError> {
        crate::tls::use_ring();
        let client = reqwest::Client::builder()
            .user_agent(concat!("tool-output/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(Duration::from_secs(10).min(config.request_timeout))
            .build()
            .map_err(|e| ConfigError::Invalid(format!("building the HTTP client: {e}")))?;
        let targets = config
            .models
            .iter()
            .map(|spec| Target {
                profile: profile(&config, spec),
                spec: spec.clone(),
            })
            .collect();
        Ok(Self {
            client,
            in_flight: Arc::new(Semaphore::new(config.concurrency as usize)),
            config,
            targets,
        })
    }

    fn target(&self, model: &str) -> Result<&Target, LlmError> {
        self.targets
            .iter()
            .find(|t| t.spec.name == model || t.spec.id == model)
            .ok_or_else(|| LlmError::BadRequest(format!("model {model:?} is not configured")))
    }

    async fn complete_with(&self, target: &Target, req: &Request) -> Result<Answer, LlmError> {
        let req = &tool_output_wire::from_bindings!(req, Role, ToolChoice);
        let spec = &target.spec;
        let endpoint = self.config.endpoint(spec.provider);
        let headers = self.headers(spec)?;
        let (url, body) = match spec.provider {
            Provider::OpenAi => {
                // OpenAI itself wants `max_completion_tokens`; compatible
                // servers know `max_tokens`.
                let official = spec.name.starts_with("openai/")
                    || endpoint.base_url.contains("://api.openai.com");
                (
                    format!("{}/chat/completions", endpoint.base_url),
                    openai::request_body(&spec.id, req, official),
                )
            }
            Provider::Anthropic => (
                format!("{}/v1/messages", endpoint.base_url),
                anthropic::request_body(&spec.id, req),
            ),
        };
        let body = serde_json::to_vec(&body).expect("request bodies serialize");
        let answer = self.post(&url, &headers, body).await?;
        let parsed = match spec.provider {
            Provider::OpenAi => openai::parse_response(&answer),
            Provider::Anthropic => anthropic::parse_response(&answer),
        };
        parsed.map_err(LlmError::BadResponse)
    }

    /// The provider's authentication headers for `spec`.
    fn headers(&self, spec: &ModelSpec) -> Result<Vec<(&'static str, String)>, LlmError> {
        let endpoint = self.config.endpoint(spec.provider);
        Ok(match (spec.provider, &endpoint.api_key) {
            (Provider::OpenAi, None) => Vec::new(),
            (Provider::OpenAi, Some(key)) => vec![("authorization", format!("Bearer {key}"))],
            (Provider::Anthropic, None) => {
                return Err(LlmError::Auth(format!(
                    "{} is not set",
                    endpoint.api_key_env
                )));
            }
            (Provider::Anthropic, Some(key)) => vec![
                ("x-api-key", key.clone()),
                ("anthropic-version", anthropic::VERSION.to_string()),
            ],
        })
    }

    /// What `spec`'s endpoint says about its models (`GET /models`), in one
    /// attempt. An error: no answer at all (no connection, timed out) or
    /// the key refused.
    pub async fn list_models(&self, spec: &ModelSpec) -> Result<Listing, LlmError> {
        let endpoint = self.config.endpoint(spec.provider);
        let url = match spec.provider {
            Provider::OpenAi => format!("{}/models", endpoint.base_url),
            // The default page is 20 models; 1000 is the most it gives.
            Provider::Anthropic => format!("{}/v1/models?limit=1000", endpoint.base_url),
        };
        let headers = self.headers(spec)?;
        let sent = tokio::time::timeout(
            self.config.request_timeout,
            self.send_once(reqwest::Method::GET, &url, &headers, None),
        )
        .await
        .unwrap_or(Err(Attempt::retry(LlmError::Timeout, None)));
        match sent {
            Ok(body) => Ok(models::parse_listing(&body).map_or_else(
                |e| Listing::Failed(LlmError::BadResponse(e)),
                Listing::Models,
            )),
            Err(Attempt {
                status: Some(404 | 405 | 501),
                ..
            }) => Ok(Listing::NotOffered),
            Err(Attempt {
                error: error @ LlmError::Auth(_),
                ..
            })
            | Err(Attempt {
                error,
                status: None,
                ..
            }) => Err(error),
            Err(failed) => Ok(Listing::Failed(failed.error)),
        }
    }
}

impl LlmEngine for HttpLlm {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError> {
        match model {
            // Only models the user configured: the engine is not trusted
            // to spend on others.
            Some(name) => self.target(name).map(|t| t.profile.clone()),
            None => {
                let first = self.targets.first().ok_or(LlmError::NotConfigured)?;
                // Budgets must hold whichever model of the list answers.
                let mut p = first.profile.clone();
                for t in &self.targets[1..] {
                    p.context_window = p.context_window.min(t.profile.context_window);
                    p.max_output_tokens = p.max_output_tokens.min(t.profile.max_output_tokens);
                    p.tokenizer_exact &=
                        t.profile.tokenizer == p.tokenizer && t.profile.tokenizer_exact;
                }
                let known = Capabilities::common(self.targets.iter().map(|t| Capabilities {
                    full_chunked: t.profile.manages_full_chunked,
                    read_grep: t.profile.manages_read_grep,
                }));
                p.manages_full_chunked = known.full_chunked;
                p.manages_read_grep = known.read_grep;
                Ok(p)
            }
        }
    }

    fn complete(&self, req: Request) -> BoxFuture<'_, Result<Response, LlmError>> {
        Box::pin(async move {
            let start = Instant::now();
            let targets: Vec<&Target> = match &req.model {
                Some(name) => vec![self.target(name)?],
                None => self.targets.iter().collect(),
            };
            let mut last = LlmError::NotConfigured;
            for target in targets {
                match self.complete_with(target, &req).await {
                    Ok(answer) => {
                        return Ok(Response {
                            text: answer.text,
                            tool_calls: answer
                                .tool_calls
                                .into_iter()
                                .map(|c| super::ToolCall {
                                    id: c.id,
                                    name: c.name,
                                    arguments: c.arguments,
                                })
                                .collect(),
                            usage: super::Usage {
                                input_tokens: answer.usage.input_tokens,
                                output_tokens: answer.usage.output_tokens,
                            },
                            model: answer.model.unwrap_or_else(|| target.spec.id.clone()),
                            latency_ms: start.elapsed().as_millis() as u64,
                            truncated: answer.truncated,
                        });
                    }
                    // Worth trying the next model of the list (a missing or
                    // refused key included: the next may be another provider).
                    Err(
                        e @ (LlmError::RateLimited(_)
                        | LlmError::Unavailable(_)
                        | LlmError::Timeout
                        | LlmError::Auth(_)),
                    ) => {
                        tracing::warn!(model = %target.spec.name, error = %e.message(), "LLM failed after retries");
                        last = e;
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(last)
        })
    }
}

/// A model's profile: the table's defaults under the configuration's
/// overrides, the answer room kept to what an extraction needs.
fn profile(config: &LlmConfig, spec: &ModelSpec) -> ModelProfile {
    let d = spec.defaults();
    let context_window = config.context_window.unwrap_or(d.context_window);
    let max_output_tokens = d.answer_tokens(context_window, config.max_output_tokens);
    let known = config
        .capabilities
        .get(&spec.name)
        .copied()
        .unwrap_or_default();
    ModelProfile {
        model: spec.name.clone(),
        context_window,
        max_output_tokens,
        tokenizer: d.tokenizer.to_string(),
        tokenizer_exact: d.tokenizer_exact,
        concurrency: config.concurrency,
        manages_full_chunked: known.full_chunked,
        manages_read_grep: known.read_grep,
    }
}

/// What an endpoint answered to `GET /models`.
#[derive(Debug)]
pub enum Listing {
    /// The models it lists.
    Models(Vec<Listed>),
    /// It offers no listing (404, 405, 501).
    NotOffered,
    /// Another error status, or a listing that could not be read.
    Failed(LlmError),
}

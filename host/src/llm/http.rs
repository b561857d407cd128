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
//! out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::Semaphore;

use tool_output_wire::models::{self, Listed};
use tool_output_wire::{Answer, anthropic, openai};

use super::config::{ConfigError, LlmConfig, ModelSpec, Provider};
use super::retry::{Attempt, backoff, retry_after};
use super::{
    BoxFuture, Capabilities, LlmEngine, LlmError, ModelProfile, Request, Response, Role, ToolChoice,
};

/// An error body is quoted in messages up to this many bytes.
const QUOTED_ERROR_BYTES: usize = 300;
/// Of an error answer, only this much is read (whatever the response cap).
const ERROR_BODY_BYTES: u64 = 8 << 10;

/// The [`LlmEngine`](crate::LlmEngine) over HTTP: OpenAI-compatible chat
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

    /// POST with retries; the parsed JSON of a 2xx answer.
    async fn post(
        &self,
        url: &str,
        headers: &[(&str, String)],
        body: Vec<u8>,
    ) -> Result<Value, LlmError> {
        let policy = self.config.retry;
        let mut attempt = 0u32;
        loop {
            let outcome = {
                let _permit = self.in_flight.acquire().await.expect("never closed");
                tokio::time::timeout(
                    self.config.request_timeout,
                    self.send_once(reqwest::Method::POST, url, headers, Some(body.clone())),
                )
                .await
                .unwrap_or_else(|_| Err(Attempt::retry(LlmError::Timeout, None)))
            };
            let failed = match outcome {
                Ok(value) => return Ok(value),
                Err(failed) if !failed.retryable || attempt >= policy.retries => {
                    return Err(failed.error);
                }
                Err(failed) => failed,
            };
            let wait = match failed.retry_after {
                // Longer than we are willing to wait: the caller decides.
                Some(after) if after > policy.max_delay => return Err(failed.error),
                Some(after) => after,
                None => backoff(policy.base_delay, policy.max_delay, attempt),
            };
            tracing::debug!(url, attempt, ?wait, error = %failed.error.message(), "retrying LLM request");
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    async fn send_once(
        &self,
        method: reqwest::Method,
        url: &str,
        headers: &[(&str, String)],
        body: Option<Vec<u8>>,
    ) -> Result<Value, Attempt> {
        let mut request = self.client.request(method, url);
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body);
        }
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let mut response = request.send().await.map_err(|e| {
            if e.is_builder() {
                // Not the server's fault (e.g. a key that is not a valid header).
                return Attempt::fatal(LlmError::BadRequest(describe(e)));
            }
            if e.is_connect() {
                // No connection at all: fail fast (see the module header).
                return Attempt::fatal(LlmError::Unavailable(no_connection(e)));
            }
            let error = if e.is_timeout() {
                LlmError::Timeout
            } else {
                LlmError::Unavailable(describe(e))
            };
            Attempt::retry(error, None)
        })?;
        let status = response.status();
        let retry_after = retry_after(response.headers());
        let cap = if status.is_success() {
            self.config.max_response_bytes
        } else {
            ERROR_BODY_BYTES
        };
        let mut bytes = Vec::new();
        let mut cut = response.content_length().is_some_and(|n| n > cap);
        while !cut {
            let chunk = response.chunk().await.map_err(|e| {
                Attempt::retry(
                    LlmError::Unavailable(format!("reading the answer: {}", describe(e))),
                    None,
                )
            })?;
            let Some(chunk) = chunk else { break };
            cut = (bytes.len() + chunk.len()) as u64 > cap;
            let room = (cap as usize).saturating_sub(bytes.len()).min(chunk.len());
            bytes.extend_from_slice(&chunk[..room]);
        }
        if status.is_success() {
            if cut {
                return Err(Attempt::fatal(too_large(cap)));
            }
            return serde_json::from_slice(&bytes).map_err(|e| {
                Attempt::fatal(LlmError::BadResponse(format!(
                    "the answer is not JSON: {e}"
                )))
            });
        }
        let message = format!("HTTP {}: {}", status.as_u16(), error_text(&bytes));
        Err(Attempt::from_status(status.as_u16(), message, retry_after))
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

fn too_large(cap: u64) -> LlmError {
    LlmError::BadResponse(format!("the answer is larger than the cap of {cap} bytes"))
}

/// The provider's error message, else the start of the body; short either
/// way (it ends up in answers and logs).
fn error_text(body: &[u8]) -> String {
    let text = match serde_json::from_slice::<Value>(body) {
        Ok(value) => tool_output_wire::error_message(&value),
        Err(_) => None,
    }
    .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    let end = text.floor_char_boundary(QUOTED_ERROR_BYTES.min(text.len()));
    text[..end].trim().to_string()
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

/// A failed connection, in a user's terms: where to (host and port only:
/// a URL may carry credentials) and the innermost cause ("Connection
/// refused", "failed to lookup address information").
fn no_connection(err: reqwest::Error) -> String {
    let place = err
        .url()
        .and_then(|u| Some(format!("{}:{}", u.host_str()?, u.port_or_known_default()?)))
        .unwrap_or_else(|| "the endpoint".into());
    let mut cause: &dyn std::error::Error = &err;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    format!("no connection to {place}: {cause}")
}

/// reqwest's error with its causes (it hides "connection refused" inside),
/// without the URL.
fn describe(err: reqwest::Error) -> String {
    let err = err.without_url();
    let mut text = err.to_string();
    let mut source = std::error::Error::source(&err);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_text_prefers_the_providers_message() {
        assert_eq!(
            error_text(br#"{"error":{"message":"bad key","type":"invalid_request_error"}}"#),
            "bad key"
        );
        assert_eq!(
            error_text(
                br#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
            ),
            "overloaded_error: Overloaded"
        );
        assert_eq!(error_text(b"<html>502</html>"), "<html>502</html>");
    }
}

//! `llm` over `wasi:http`: OpenAI-compatible Chat Completions only (the
//! native host also speaks Anthropic). Configured by the environment the
//! runtime passes (`wasmtime run --env NAME`), with the native CLI's names:
//! `TOOL_OUTPUT_MODEL` (none: no LLM), `OPENAI_BASE_URL` (with `/v1`),
//! `OPENAI_API_KEY`, `TOOL_OUTPUT_CONTEXT_WINDOW`,
//! `TOOL_OUTPUT_MAX_OUTPUT_TOKENS`, `TOOL_OUTPUT_CONCURRENCY`,
//! `TOOL_OUTPUT_TIMEOUT` (seconds), `TOOL_OUTPUT_RETRIES`.

use std::time::Instant;

use tool_output_wire::{self as wire, models, openai, settings};

use crate::Caps;
use crate::exports::tool_output::core::llm::{
    Guest, LlmError, ModelProfile, Request, Response, Role, ToolCall, ToolChoice, Usage,
};
use crate::http::{self, Endpoint, Failure, Pending, Reply};

const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
const MAX_RESPONSE_BYTES: u64 = 4 << 20;
const ERROR_BODY_BYTES: usize = 300;

struct Config {
    model: String,
    /// The model id as configured was `openai/…`: OpenAI's own field names.
    official: bool,
    endpoint: Endpoint,
    key: Option<String>,
    profile: ModelProfile,
    timeout_ms: u64,
    retries: u32,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The variable of setting `key` (see `settings::RANGES`), within its range.
fn number(key: &str) -> Result<Option<u64>, LlmError> {
    let name = format!(
        "TOOL_OUTPUT_{}",
        key.trim_end_matches("_secs").to_ascii_uppercase()
    );
    var(&name)
        .map(|v| {
            let n = v.trim().parse().map_err(|_| {
                LlmError::BadRequest(format!("{name} must be a whole number, not {v:?}"))
            })?;
            settings::check(key, n).map_err(|m| LlmError::BadRequest(format!("{name}: {m}")))
        })
        .transpose()
}

fn config() -> Result<Config, LlmError> {
    let name = var("TOOL_OUTPUT_MODEL").ok_or(LlmError::NotConfigured)?;
    if name.starts_with("anthropic/") {
        return Err(LlmError::BadRequest(
            "the WASI adapter speaks OpenAI-compatible Chat Completions only; \
             use the native host for anthropic/ models"
                .into(),
        ));
    }
    let official = name.starts_with("openai/");
    let model = name.strip_prefix("openai/").unwrap_or(&name).to_string();
    let base = var("OPENAI_BASE_URL").unwrap_or_else(|| DEFAULT_BASE_URL.into());
    let endpoint = Endpoint::parse(&base).map_err(LlmError::BadRequest)?;
    let table = models::defaults(&model);
    let window = number("context_window")?.map_or(table.context_window, |n| n as u32);
    let configured = number("max_output_tokens")?.map(|n| n as u32);
    let answer = table.answer_tokens(window, configured);
    Ok(Config {
        official: official || base.contains("://api.openai.com"),
        endpoint,
        key: var("OPENAI_API_KEY").map(|k| k.trim().to_string()),
        profile: ModelProfile {
            model: name.clone(),
            context_window: window,
            max_output_tokens: answer,
            tokenizer: table.tokenizer.into(),
            tokenizer_exact: table.tokenizer_exact,
            concurrency: number("concurrency")?.map_or(settings::DEFAULT_CONCURRENCY, |n| n as u32),
            // `tool-output doctor`'s verdicts live with the native CLI.
            manages_full_chunked: None,
            manages_read_grep: None,
        },
        model,
        timeout_ms: number("timeout_secs")?
            .unwrap_or(settings::DEFAULT_TIMEOUT_SECS)
            .saturating_mul(1000),
        retries: number("retries")?.map_or(settings::DEFAULT_RETRIES, |n| n as u32),
    })
}

impl Guest for Caps {
    fn model_info(model: Option<String>) -> Result<ModelProfile, LlmError> {
        let config = config()?;
        match model {
            Some(m) if m != config.profile.model && m != config.model => Err(LlmError::BadRequest(
                format!("model {m:?} is not configured"),
            )),
            _ => Ok(config.profile),
        }
    }

    fn complete(req: Request) -> Result<Response, LlmError> {
        let config = config()?;
        let started = Instant::now();
        let mut attempt = 0;
        loop {
            let result = send(&config, &req).and_then(|p| receive(&config, p, started));
            match result {
                Err((error, retry_after)) if attempt < config.retries && retryable(&error) => {
                    let wait = retry_after.unwrap_or(500u64 << attempt.min(6)).min(30_000);
                    sleep_ms(wait);
                    attempt += 1;
                }
                other => return other.map_err(|(e, _)| e),
            }
        }
    }

    /// Up to `concurrency` requests in flight at once; each result is then
    /// retried on its own if it failed in a way worth retrying.
    fn complete_batch(reqs: Vec<Request>) -> Vec<Result<Response, LlmError>> {
        let config = match config() {
            Ok(c) => c,
            Err(e) => return reqs.iter().map(|_| Err(e.clone())).collect(),
        };
        let started = Instant::now();
        let width = config.profile.concurrency as usize;
        let mut results: Vec<Option<Attempt<Response>>> = (0..reqs.len()).map(|_| None).collect();
        let mut queue = 0..reqs.len();
        let mut running: Vec<(usize, Pending)> = Vec::new();
        loop {
            while running.len() < width {
                let Some(i) = queue.next() else { break };
                match send(&config, &reqs[i]) {
                    Ok(pending) => running.push((i, pending)),
                    Err(e) => results[i] = Some(Err(e)),
                }
            }
            if running.is_empty() {
                break;
            }
            let pollables: Vec<_> = running.iter().map(|(_, p)| p.pollable()).collect();
            let ready = wasip2::io::poll::poll(&pollables.iter().collect::<Vec<_>>());
            drop(pollables);
            let first = ready.first().copied().unwrap_or(0) as usize;
            let (i, pending) = running.remove(first);
            results[i] = Some(receive(&config, pending, started));
        }
        results
            .into_iter()
            .zip(reqs)
            .map(|(result, req)| match result.expect("every request ran") {
                Err((e, _)) if retryable(&e) && config.retries > 0 => Self::complete(req),
                other => other.map_err(|(e, _)| e),
            })
            .collect()
    }
}

type Attempt<T> = Result<T, (LlmError, Option<u64>)>;

fn send(config: &Config, req: &Request) -> Attempt<Pending> {
    let body = openai::request_body(
        &config.model,
        &wire::from_bindings!(req, Role, ToolChoice),
        config.official,
    );
    let body = serde_json::to_vec(&body).expect("request bodies serialize");
    let mut headers = Vec::new();
    if let Some(key) = &config.key {
        headers.push(("authorization", format!("Bearer {key}")));
    }
    http::start(
        &config.endpoint,
        "/chat/completions",
        &headers,
        &body,
        config.timeout_ms,
    )
    .map_err(|f| (failure(f), None))
}

fn receive(config: &Config, pending: Pending, started: Instant) -> Attempt<Response> {
    let Reply {
        status,
        retry_after_ms,
        body,
    } = http::finish(pending, MAX_RESPONSE_BYTES).map_err(|f| (failure(f), None))?;
    if !(200..300).contains(&status) {
        return Err((status_error(status, &body, retry_after_ms), retry_after_ms));
    }
    let json: serde_json::Value = serde_json::from_slice(&body).map_err(|e| {
        (
            LlmError::BadResponse(format!("the answer is not JSON: {e}")),
            None,
        )
    })?;
    let answer = openai::parse_response(&json).map_err(|e| (LlmError::BadResponse(e), None))?;
    Ok(Response {
        text: answer.text,
        tool_calls: answer
            .tool_calls
            .into_iter()
            .map(|c| ToolCall {
                id: c.id,
                name: c.name,
                arguments: c.arguments,
            })
            .collect(),
        usage: Usage {
            input_tokens: answer.usage.input_tokens,
            output_tokens: answer.usage.output_tokens,
        },
        model: answer.model.unwrap_or_else(|| config.model.clone()),
        latency_ms: started.elapsed().as_millis() as u64,
        truncated: answer.truncated,
    })
}

fn status_error(status: u16, body: &[u8], retry_after_ms: Option<u64>) -> LlmError {
    let text = serde_json::from_slice(body)
        .ok()
        .and_then(|v| wire::error_message(&v))
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    let end = text.floor_char_boundary(ERROR_BODY_BYTES.min(text.len()));
    let message = format!("HTTP {status}: {}", text[..end].trim());
    match status {
        401 | 403 => LlmError::Auth(message),
        408 => LlmError::Timeout,
        429 => LlmError::RateLimited(retry_after_ms),
        500..=599 => LlmError::Unavailable(message),
        _ => LlmError::BadRequest(message),
    }
}

fn failure(f: Failure) -> LlmError {
    match f {
        Failure::Timeout => LlmError::Timeout,
        Failure::TooLarge(cap) => {
            LlmError::BadResponse(format!("the answer is larger than the cap of {cap} bytes"))
        }
        Failure::Other(m) => LlmError::Unavailable(m),
    }
}

fn retryable(e: &LlmError) -> bool {
    matches!(
        e,
        LlmError::RateLimited(_) | LlmError::Unavailable(_) | LlmError::Timeout
    )
}

fn sleep_ms(ms: u64) {
    wasip2::clocks::monotonic_clock::subscribe_duration(ms.saturating_mul(1_000_000)).block();
}

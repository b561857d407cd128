//! One request on the wire: a POST with retries and backoff, one attempt
//! with its caps (timeout, response size), and how a failure reads.

use serde_json::Value;

use super::HttpLlm;
use crate::llm::LlmError;
use crate::llm::retry::{Attempt, backoff, retry_after};

/// An error body is quoted in messages up to this many bytes.
const QUOTED_ERROR_BYTES: usize = 300;
/// Of an error answer, only this much is read (whatever the response cap).
const ERROR_BODY_BYTES: u64 = 8 << 10;

impl HttpLlm {
    /// POST with retries; the parsed JSON of a 2xx answer.
    pub(super) async fn post(
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

    /// One attempt: its failure says whether a retry may help.
    pub(super) async fn send_once(
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

//! The upstream side: where a request goes (the `--upstream` URL, or the
//! provider's own address by API; never anything the request names), with
//! the client's own headers and credentials; and its answer relayed back as
//! it comes, status, headers and body byte for byte, a stall bounded by the
//! idle timeout. Dropping the relayed body (the client went away) drops the
//! upstream call.
//!
//! Credentials pass through and are never logged: errors name the upstream
//! by scheme and host only (a Gemini key may be in the query).

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, SizeHint};
use hyper::header::{HeaderMap, HeaderName};
use hyper::{Method, StatusCode};
use tokio::time::{Instant, Sleep};

use super::Chunked;
use super::dialect::Dialect;

/// Headers of one hop only, never forwarded either way.
const HOP_BY_HOP: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// The header a client proves it may use a gateway that is not on
/// loopback with (`--token`); never forwarded.
pub const TOKEN_HEADER: &str = "x-tool-output-token";

/// Where requests go, and how long they may take.
pub struct Upstream {
    client: reqwest::Client,
    /// `--upstream`: every API's requests go there.
    fixed: Option<url::Url>,
    /// Until the upstream's answer starts.
    pub answer_timeout: Duration,
    /// Between two pieces of the upstream's answer.
    pub idle_timeout: Duration,
}

/// Why a request got no answer from the upstream.
#[derive(Debug)]
pub enum UpstreamError {
    /// The request's path cannot be sent anywhere safely.
    BadPath(String),
    Unreachable(String),
    Timeout(Duration),
}

impl UpstreamError {
    pub fn status(&self) -> StatusCode {
        match self {
            UpstreamError::BadPath(_) => StatusCode::BAD_REQUEST,
            UpstreamError::Unreachable(_) => StatusCode::BAD_GATEWAY,
            UpstreamError::Timeout(_) => StatusCode::GATEWAY_TIMEOUT,
        }
    }
}

impl std::fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UpstreamError::BadPath(why) => write!(f, "tool-output gateway: {why}"),
            UpstreamError::Unreachable(why) => write!(f, "tool-output gateway: {why}"),
            UpstreamError::Timeout(after) => write!(
                f,
                "tool-output gateway: the upstream did not start answering within {} s (--upstream-timeout)",
                after.as_secs()
            ),
        }
    }
}

impl Upstream {
    pub fn new(
        fixed: Option<&str>,
        answer_timeout: Duration,
        idle_timeout: Duration,
    ) -> anyhow::Result<Self> {
        crate::tls::use_ring();
        let fixed = match fixed {
            Some(url) => Some(check_upstream(url)?),
            None => None,
        };
        let client = reqwest::Client::builder()
            // A redirect would send the client's credentials wherever the
            // upstream says: the client gets it as it is instead.
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(Duration::from_secs(30))
            .pool_idle_timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| anyhow::anyhow!("building the HTTP client: {e}"))?;
        Ok(Self {
            client,
            fixed,
            answer_timeout,
            idle_timeout,
        })
    }

    /// The upstream URL for a request's path and query: the base's path
    /// prefix, then the request's path. A path that could climb out of the
    /// prefix is refused.
    pub fn url(
        &self,
        dialect: &dyn Dialect,
        path_and_query: &str,
    ) -> Result<url::Url, UpstreamError> {
        let (path, _) = path_and_query
            .split_once('?')
            .unwrap_or((path_and_query, ""));
        if !path.starts_with('/')
            || path.starts_with("//")
            || path.split('/').any(|s| {
                let s = s.to_ascii_lowercase();
                s == ".." || s == "." || s.contains("%2e") || s.contains("%2f") || s.contains('\\')
            })
        {
            return Err(UpstreamError::BadPath(format!(
                "the request path {:?} is not one the gateway forwards",
                tool_output_args::terminal_safe(&path.chars().take(200).collect::<String>())
            )));
        }
        let base = match &self.fixed {
            Some(url) => url.as_str().trim_end_matches('/').to_string(),
            None => dialect.default_upstream().to_string(),
        };
        let url = url::Url::parse(&format!("{base}{path_and_query}"))
            .map_err(|e| UpstreamError::BadPath(format!("the upstream URL does not parse: {e}")))?;
        Ok(url)
    }

    /// Sends the request: the client's headers (less those of one hop, its
    /// `Host`, its `Content-Length` and `Content-Encoding`: the body is
    /// sent decoded, its length as it now is).
    pub async fn send(
        &self,
        method: Method,
        url: url::Url,
        headers: &HeaderMap,
        body: Chunked,
    ) -> Result<reqwest::Response, UpstreamError> {
        self.send_with(method, url, headers, body, false).await
    }

    /// [`Upstream::send`] for an answer the gateway reads: asked for
    /// uncompressed.
    pub async fn send_reading(
        &self,
        method: Method,
        url: url::Url,
        headers: &HeaderMap,
        body: Chunked,
    ) -> Result<reqwest::Response, UpstreamError> {
        self.send_with(method, url, headers, body, true).await
    }

    async fn send_with(
        &self,
        method: Method,
        url: url::Url,
        headers: &HeaderMap,
        body: Chunked,
        identity: bool,
    ) -> Result<reqwest::Response, UpstreamError> {
        let origin = origin(&url);
        let mut out = HeaderMap::new();
        for (name, value) in headers {
            if forwarded(name) {
                out.append(name.clone(), value.clone());
            }
        }
        if identity {
            out.insert(
                hyper::header::ACCEPT_ENCODING,
                hyper::header::HeaderValue::from_static("identity"),
            );
        }
        if !body.is_empty() || method == Method::POST || method == Method::PUT {
            out.insert(hyper::header::CONTENT_LENGTH, body.len().into());
        }
        let request = self
            .client
            .request(method, url)
            .headers(out)
            .body(reqwest::Body::wrap(ChunkedBody::new(body)));
        match tokio::time::timeout(self.answer_timeout, request.send()).await {
            Err(_) => Err(UpstreamError::Timeout(self.answer_timeout)),
            Ok(Err(e)) => Err(UpstreamError::Unreachable(format!(
                "the upstream {origin} could not be reached: {}",
                one_line(&e.without_url())
            ))),
            Ok(Ok(response)) => Ok(response),
        }
    }
}

/// Whether a client's header goes upstream.
fn forwarded(name: &HeaderName) -> bool {
    let name = name.as_str();
    !(HOP_BY_HOP.contains(&name)
        || matches!(
            name,
            "host" | "content-length" | "content-encoding" | "expect" | TOKEN_HEADER
        ))
}

/// Whether an upstream's header comes back to the client.
pub fn returned(name: &HeaderName) -> bool {
    !HOP_BY_HOP.contains(&name.as_str())
}

/// `scheme://host[:port]` of a URL: what errors and logs may show.
pub fn origin(url: &url::Url) -> String {
    let mut origin = format!("{}://{}", url.scheme(), url.host_str().unwrap_or("?"));
    if let Some(port) = url.port() {
        origin.push_str(&format!(":{port}"));
    }
    origin
}

/// `--upstream`: an http(s) URL with no credentials, query or fragment.
fn check_upstream(text: &str) -> anyhow::Result<url::Url> {
    let url = url::Url::parse(text.trim())
        .map_err(|e| anyhow::anyhow!("--upstream {text:?} is not a URL: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        anyhow::bail!("--upstream must be an http:// or https:// URL with a host, not {text:?}");
    }
    if !url.username().is_empty() || url.password().is_some() {
        anyhow::bail!(
            "--upstream must not hold credentials: the clients' own headers carry theirs"
        );
    }
    if url.query().is_some() || url.fragment().is_some() {
        anyhow::bail!("--upstream takes no query or fragment: give the base URL alone");
    }
    Ok(url)
}

fn one_line(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text.replace('\n', " ")
}

/// A request body from a [`Chunked`]: its chunks in order, its exact size
/// known (so it goes with a `Content-Length`).
pub struct ChunkedBody {
    chunks: std::collections::VecDeque<Bytes>,
    left: u64,
}

impl ChunkedBody {
    pub fn new(body: Chunked) -> Self {
        Self {
            left: body.len() as u64,
            chunks: body.chunks().iter().cloned().collect(),
        }
    }
}

impl Body for ChunkedBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        match self.chunks.pop_front() {
            Some(chunk) => {
                self.left -= chunk.len() as u64;
                Poll::Ready(Some(Ok(Frame::data(chunk))))
            }
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.chunks.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}

/// The upstream's answer relayed as it comes; ends with an error (the
/// connection to the client is cut) when nothing comes for the idle time.
pub struct Relay {
    inner: http_body_util::combinators::UnsyncBoxBody<Bytes, BoxError>,
    idle: Duration,
    timer: Pin<Box<Sleep>>,
}

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl Relay {
    pub fn new(body: reqwest::Body, idle: Duration) -> Self {
        Self {
            inner: body
                .map_err(|e| -> BoxError { Box::new(e.without_url()) })
                .boxed_unsync(),
            idle,
            timer: Box::pin(tokio::time::sleep(idle)),
        }
    }
}

impl Body for Relay {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        match Pin::new(&mut self.inner).poll_frame(cx) {
            Poll::Ready(frame) => {
                let idle = self.idle;
                self.timer.as_mut().reset(Instant::now() + idle);
                Poll::Ready(frame)
            }
            Poll::Pending => match self.timer.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Some(Err(format!(
                    "the upstream sent nothing for {} s (--idle-timeout)",
                    self.idle.as_secs()
                )
                .into()))),
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::dialect::{ANTHROPIC, GEMINI};

    #[test]
    fn the_upstream_is_the_configured_one_whatever_the_path() {
        let up = Upstream::new(
            Some("https://openrouter.ai/api"),
            Duration::from_secs(1),
            Duration::from_secs(1),
        )
        .unwrap();
        assert_eq!(
            up.url(&ANTHROPIC, "/v1/messages?beta=true")
                .unwrap()
                .as_str(),
            "https://openrouter.ai/api/v1/messages?beta=true"
        );
        for bad in [
            "//evil.example/x",
            "/../x",
            "/v1/%2e%2e/x",
            "/v1/%2E%2E/x",
            "/a/./b",
            "/a%2fb",
            "x",
            "/a\\..\\b",
        ] {
            assert!(up.url(&ANTHROPIC, bad).is_err(), "{bad}");
        }
        // An '@' or a host in the path stays in the path.
        let url = up.url(&ANTHROPIC, "/@evil.example/x").unwrap();
        assert_eq!(url.host_str(), Some("openrouter.ai"));
        let default = Upstream::new(None, Duration::from_secs(1), Duration::from_secs(1)).unwrap();
        assert_eq!(
            default
                .url(&GEMINI, "/v1beta/models/m:generateContent?key=K")
                .unwrap()
                .host_str(),
            Some("generativelanguage.googleapis.com")
        );
        for bad in [
            "ftp://x",
            "https://user:pw@x",
            "https://x/?a=1",
            "not a url",
            "https://x/#f",
        ] {
            assert!(
                Upstream::new(Some(bad), Duration::ZERO, Duration::ZERO).is_err(),
                "{bad}"
            );
        }
    }
}

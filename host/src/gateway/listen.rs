//! The HTTP server and one request's way through it: who may use the
//! gateway (loopback clients naming a loopback host; anyone else only with
//! the token), which API the path speaks, the body read within the limits,
//! its tool results rewritten, the request forwarded and the answer
//! relayed. Whatever goes wrong, the client gets an answer in its API's
//! own error format, never a dropped connection without a word, and never
//! a panic.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::header::HeaderValue;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};

use super::Gateway;
use super::answer::{Out, error, json_response, plain_error};
use super::body::{self, BodyError};
use super::dialect::{self, Dialect, Looping, Route};
use super::upstream::{self, Relay, TOKEN_HEADER};
use crate::llm::LlmError;
use crate::llm::borrowed::{LEND_PATH, Lender, SECRET_HEADER, error_json};

/// The longest a client may take to send its request's headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(30);

/// Headers that name the conversation a request belongs to (Claude Code,
/// Codex, opencode), in the order they are looked for.
const CONVERSATION_HEADERS: &[&str] = &[
    "x-claude-code-session-id",
    "session_id",
    "x-session-id",
    "x-session-affinity",
];

pub async fn serve(listener: tokio::net::TcpListener, gateway: Arc<Gateway>) -> anyhow::Result<()> {
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(err) => {
                // Out of file descriptors and the like: wait, go on.
                tracing::warn!("gateway: accepting a connection failed: {err}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let gateway = gateway.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let gateway = gateway.clone();
                async move { Ok::<_, Infallible>(handle(&gateway, req).await) }
            });
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                // A client that goes away while its request is answered
                // ends the connection: the upstream call is dropped.
                .half_close(false)
                .serve_connection(TokioIo::new(stream), service);
            if let Err(err) = conn.await {
                tracing::debug!("gateway: a connection ended: {err}");
            }
        });
    }
}

async fn handle(gateway: &Gateway, req: Request<Incoming>) -> Response<Out> {
    let started = Instant::now();
    let (parts, body) = req.into_parts();
    let mut path_and_query = parts
        .uri
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    if parts.uri.path() == LEND_PATH {
        return lend(gateway, &parts.headers, body).await;
    }
    if let Some(refused) = refuse(gateway, &parts.headers, &mut path_and_query) {
        return refused;
    }
    let path = path_and_query
        .split_once('?')
        .map_or(path_and_query.as_str(), |(p, _)| p)
        .to_string();
    let Some(route) = dialect::route(&path, &parts.headers) else {
        return plain_error(
            StatusCode::NOT_FOUND,
            &format!(
                "tool-output gateway: no model API is served at {}: point the client's base URL at \
                 the gateway (Anthropic Messages, OpenAI Chat Completions or Responses, Gemini)",
                tool_output_args::terminal_safe(&path.chars().take(200).collect::<String>())
            ),
        );
    };
    let dialect = route.dialect();
    if parts.headers.contains_key(hyper::header::UPGRADE) {
        // Codex and opencode try a WebSocket first and fall back to HTTP
        // on a plain refusal (a 5xx would be retried).
        return error(
            dialect,
            StatusCode::BAD_REQUEST,
            "tool-output gateway: WebSocket is not supported here; use HTTP (Codex: supports_websockets = false)",
        );
    }
    let Ok(_permit) = gateway.requests.acquire().await else {
        return error(
            dialect,
            StatusCode::SERVICE_UNAVAILABLE,
            "tool-output gateway: shutting down",
        );
    };
    let encoding = parts
        .headers
        .get(hyper::header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = match body::read(body, gateway.max_body, gateway.idle).await {
        Ok(body) => body,
        Err(err) => return body_error(dialect, err),
    };
    let body = match body::decode(body, &encoding, gateway.max_body).await {
        Ok(body) => body,
        Err(err) => return body_error(dialect, err),
    };
    let conversation = conversation(&parts.headers);
    let (body, stored, reused) = match route {
        Route::Rewrite(dialect) if parts.method == Method::POST => {
            let model = model_in_path(&path);
            let rewritten = gateway
                .rewriter
                .rewrite(dialect, &conversation, model.as_deref(), body)
                .await;
            gateway
                .lending
                .saw(dialect, &parts.headers, rewritten.model.as_deref());
            (rewritten.body, rewritten.stored, rewritten.reused)
        }
        _ => (body, 0, 0),
    };
    // `--tools`: our tools offered and answered here.
    let looping = match (&route, &gateway.tools) {
        (Route::Rewrite(dialect), Some(ours)) if parts.method == Method::POST => {
            dialect.looping().map(|looping| (ours, looping))
        }
        _ => None,
    };
    let body = match looping {
        Some((ours, looping)) => {
            let turn = super::tools::Turn {
                gateway,
                ours,
                dialect,
                looping,
                conversation: &conversation,
                method: parts.method.clone(),
                path_and_query: &path_and_query,
                headers: &parts.headers,
            };
            let client_stream = streams(dialect, looping, &path, &body);
            let (prepared, offered) = turn.prepare(body.clone());
            if offered {
                let response = turn.run(prepared, client_stream, body).await;
                tracing::info!(
                    api = dialect.name(),
                    path = %path,
                    status = response.status().as_u16(),
                    stored,
                    reused,
                    ms = started.elapsed().as_millis() as u64,
                    "gateway: answered with our tools"
                );
                return response;
            }
            prepared
        }
        None => body,
    };
    let url = match gateway.upstream.url(dialect, &path_and_query) {
        Ok(url) => url,
        Err(err) => return error(dialect, err.status(), &err.to_string()),
    };
    let response = match gateway
        .upstream
        .send(parts.method.clone(), url, &parts.headers, body)
        .await
    {
        Ok(response) => response,
        Err(err) => {
            tracing::warn!(api = dialect.name(), "{err}");
            return error(dialect, err.status(), &err.to_string());
        }
    };
    tracing::info!(
        api = dialect.name(),
        method = %parts.method,
        path = %path,
        status = response.status().as_u16(),
        stored,
        reused,
        ms = started.elapsed().as_millis() as u64,
        "gateway: forwarded"
    );
    relay(response, gateway.upstream.idle_timeout)
}

/// An extraction's request from `mcp serve` on the session: answered with
/// the conversation's model when it carries this run's secret.
async fn lend(gateway: &Gateway, headers: &hyper::HeaderMap, body: Incoming) -> Response<Out> {
    let given = headers.get(SECRET_HEADER).map(HeaderValue::as_bytes);
    if !given.is_some_and(|g| same(g, gateway.lending.secret.as_bytes())) {
        return plain_error(
            StatusCode::UNAUTHORIZED,
            "tool-output gateway: lend requests need this run's secret",
        );
    }
    let request = match body::read(body, 64 << 20, gateway.idle).await {
        Ok(body) => serde_json::from_slice::<serde_json::Value>(&body.to_bytes()).ok(),
        Err(_) => None,
    };
    let Some(request) = request else {
        return json_response(
            StatusCode::BAD_REQUEST,
            &error_json(&LlmError::BadRequest(
                "a lend request that is not JSON".into(),
            )),
        );
    };
    match gateway.lending.lend(request).await {
        Ok(answer) => json_response(StatusCode::OK, &answer),
        Err(err) => {
            tracing::warn!("gateway: a lent call failed: {}", err.message());
            json_response(StatusCode::BAD_GATEWAY, &error_json(&err))
        }
    }
}

/// The upstream's answer as it comes: status, headers (less those of one
/// hop) and body, unchanged.
fn relay(response: reqwest::Response, idle: Duration) -> Response<Out> {
    let response: hyper::Response<reqwest::Body> = response.into();
    let (parts, body) = response.into_parts();
    let mut out = Response::new(Relay::new(body, idle).boxed_unsync());
    *out.status_mut() = parts.status;
    *out.version_mut() = hyper::Version::HTTP_11;
    for (name, value) in &parts.headers {
        if upstream::returned(name) {
            out.headers_mut().append(name.clone(), value.clone());
        }
    }
    out
}

/// Refuses a request that may not use the gateway: the wrong host on
/// loopback, or a missing token. Strips the token's path prefix.
fn refuse(
    gateway: &Gateway,
    headers: &hyper::HeaderMap,
    path_and_query: &mut String,
) -> Option<Response<Out>> {
    if gateway.loopback && gateway.token.is_none() {
        let host = headers
            .get(hyper::header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !is_loopback_host(host) {
            return Some(plain_error(
                StatusCode::FORBIDDEN,
                "tool-output gateway: requests must name a loopback host (127.0.0.1, localhost, [::1])",
            ));
        }
    }
    let token = gateway.token.as_deref()?;
    let prefix = format!("/t/{token}");
    if let Some(head) = path_and_query.get(..prefix.len())
        && same(head.as_bytes(), prefix.as_bytes())
    {
        let rest = &path_and_query[prefix.len()..];
        if rest.starts_with('/') {
            *path_and_query = rest.to_string();
            return None;
        }
    }
    let given = headers.get(TOKEN_HEADER).map(HeaderValue::as_bytes);
    if given.is_some_and(|g| same(g, token.as_bytes())) {
        return None;
    }
    Some(plain_error(
        StatusCode::UNAUTHORIZED,
        "tool-output gateway: this gateway needs its token (header X-Tool-Output-Token, or the base URL's prefix /t/TOKEN)",
    ))
}

/// Compares without leaking where two secrets differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or("", |(h, _)| h),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The conversation a request belongs to, when its client names it.
fn conversation(headers: &hyper::HeaderMap) -> String {
    CONVERSATION_HEADERS
        .iter()
        .find_map(|name| headers.get(*name)?.to_str().ok())
        .map(|v| v.chars().take(200).collect())
        .unwrap_or_default()
}

/// Whether the client asked for a stream ([`Looping::streams`]).
fn streams(
    dialect: &dyn Dialect,
    looping: &dyn Looping,
    path: &str,
    body: &super::Chunked,
) -> bool {
    super::json::Tree::parse(body.clone(), dialect.paths())
        .is_ok_and(|tree| looping.streams(path, tree.root()))
}

/// Gemini names the model in the path: `…/models/M:generateContent`.
fn model_in_path(path: &str) -> Option<String> {
    let (_, rest) = path.rsplit_once("/models/")?;
    let (model, _) = rest.split_once(':')?;
    Some(model.to_string())
}

fn body_error(dialect: &dyn Dialect, err: BodyError) -> Response<Out> {
    let status = match err {
        BodyError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        BodyError::Encoding(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        BodyError::Corrupt(_) | BodyError::Client(_) => StatusCode::BAD_REQUEST,
    };
    error(dialect, status, &format!("tool-output gateway: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_only() {
        for ok in [
            "127.0.0.1:8787",
            "localhost",
            "LOCALHOST:1",
            "[::1]:80",
            "127.1.2.3",
        ] {
            assert!(is_loopback_host(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8787",
            "10.0.0.1:80",
            "",
            "[::2]:1",
            "localhost.evil",
        ] {
            assert!(!is_loopback_host(bad), "{bad}");
        }
        assert_eq!(
            model_in_path("/v1beta/models/gemini-2.5-pro:streamGenerateContent").as_deref(),
            Some("gemini-2.5-pro")
        );
    }
}

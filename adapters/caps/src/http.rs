//! Blocking POSTs over `wasi:http/outgoing-handler` (the runtime must grant
//! it: `wasmtime run -S http`). Requests can be started together and
//! finished as they complete, for `complete-batch`.

use wasip2::http::outgoing_handler::{self, FutureIncomingResponse};
use wasip2::http::types::{
    Fields, IncomingBody, Method, OutgoingBody, OutgoingRequest, RequestOptions, Scheme,
};
use wasip2::io::streams::StreamError;

/// Where requests go: from a base URL such as `http://127.0.0.1:8080/v1`.
#[derive(Debug, Clone)]
pub struct Endpoint {
    scheme: Scheme,
    authority: String,
    base_path: String,
}

impl Endpoint {
    pub fn parse(url: &str) -> Result<Self, String> {
        let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
            (Scheme::Https, rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            (Scheme::Http, rest)
        } else {
            return Err(format!(
                "base URL {url:?} must start with http:// or https://"
            ));
        };
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        if authority.is_empty() {
            return Err(format!("base URL {url:?} has no host"));
        }
        Ok(Self {
            scheme,
            authority: authority.to_string(),
            base_path: format!("/{}", path.trim_end_matches('/')).replace("//", "/"),
        })
    }
}

/// An answer: status and body (at most the cap).
pub struct Reply {
    pub status: u16,
    pub retry_after_ms: Option<u64>,
    pub body: Vec<u8>,
}

pub enum Failure {
    Timeout,
    Other(String),
    TooLarge(u64),
}

/// A request under way.
pub struct Pending(FutureIncomingResponse);

impl Pending {
    pub fn pollable(&self) -> wasip2::io::poll::Pollable {
        self.0.subscribe()
    }
}

/// Send a JSON POST to `endpoint` + `path`; the answer is collected by
/// [`finish`].
pub fn start(
    endpoint: &Endpoint,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
    timeout_ms: u64,
) -> Result<Pending, Failure> {
    let mut fields: Vec<(String, Vec<u8>)> = headers
        .iter()
        .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
        .collect();
    fields.push(("content-type".into(), b"application/json".to_vec()));
    // Without a length the body goes out chunked, which some servers drop.
    fields.push(("content-length".into(), body.len().to_string().into_bytes()));
    let fields = Fields::from_list(&fields).map_err(|e| other(format!("headers: {e:?}")))?;
    let request = OutgoingRequest::new(fields);
    let set = |ok: Result<(), ()>, what: &str| ok.map_err(|()| other(format!("invalid {what}")));
    set(request.set_method(&Method::Post), "method")?;
    set(request.set_scheme(Some(&endpoint.scheme)), "scheme")?;
    set(
        request.set_authority(Some(&endpoint.authority)),
        "authority",
    )?;
    let full_path = format!("{}{path}", endpoint.base_path.trim_end_matches('/'));
    set(request.set_path_with_query(Some(&full_path)), "path")?;
    let outgoing = request
        .body()
        .map_err(|()| other("body already taken".into()))?;
    let options = RequestOptions::new();
    let ns = timeout_ms.saturating_mul(1_000_000);
    let _ = options.set_connect_timeout(Some(ns));
    let _ = options.set_first_byte_timeout(Some(ns));
    let _ = options.set_between_bytes_timeout(Some(ns));
    // Send first, then stream the body: the body's pipe is bounded, so
    // writing a large body before the request is under way blocks forever.
    let pending = outgoing_handler::handle(request, Some(options))
        .map(Pending)
        .map_err(|e| other(format!("{e:?}")))?;
    {
        let stream = outgoing.write().map_err(|()| other("body stream".into()))?;
        // blocking-write-and-flush takes at most 4096 bytes a call.
        for chunk in body.chunks(4096) {
            stream
                .blocking_write_and_flush(chunk)
                .map_err(|e| other(format!("sending the request: {e:?}")))?;
        }
    }
    OutgoingBody::finish(outgoing, None).map_err(|e| other(format!("{e:?}")))?;
    Ok(pending)
}

/// Wait for the answer and read its body, at most `cap` bytes.
pub fn finish(pending: Pending, cap: u64) -> Result<Reply, Failure> {
    let response = loop {
        match pending.0.get() {
            Some(result) => {
                break result
                    .map_err(|()| other("response already taken".into()))?
                    .map_err(|e| match e {
                        wasip2::http::types::ErrorCode::ConnectionReadTimeout
                        | wasip2::http::types::ErrorCode::ConnectionTimeout
                        | wasip2::http::types::ErrorCode::HttpResponseTimeout => Failure::Timeout,
                        e => other(format!("{e:?}")),
                    })?;
            }
            None => pending.0.subscribe().block(),
        }
    };
    let status = response.status();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .first()
            .and_then(|v| std::str::from_utf8(v).ok().map(str::to_string))
    };
    let retry_after_ms = header("retry-after-ms")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .or_else(|| {
            header("retry-after")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(|s| s.saturating_mul(1000))
        });
    let incoming = response
        .consume()
        .map_err(|()| other("response body taken".into()))?;
    let mut body = Vec::new();
    {
        let stream = incoming
            .stream()
            .map_err(|()| other("response stream".into()))?;
        loop {
            match stream.blocking_read(64 << 10) {
                Ok(bytes) => {
                    if (body.len() + bytes.len()) as u64 > cap {
                        return Err(Failure::TooLarge(cap));
                    }
                    body.extend_from_slice(&bytes);
                }
                Err(StreamError::Closed) => break,
                Err(StreamError::LastOperationFailed(e)) => {
                    return Err(other(format!(
                        "reading the answer: {}",
                        e.to_debug_string()
                    )));
                }
            }
        }
    }
    let _ = IncomingBody::finish(incoming);
    Ok(Reply {
        status,
        retry_after_ms,
        body,
    })
}

fn other(message: String) -> Failure {
    Failure::Other(message)
}

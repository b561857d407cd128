//! A scripted model API on 127.0.0.1 for the gateway's tests: it records
//! every request exactly as it arrived (method, path and query, headers,
//! body bytes) and answers what the test's script says: a body, an SSE
//! stream sent piece by piece, nothing at all (noting when the gateway
//! gives up on it), or a flood.

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;

/// One request as the upstream got it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: String,
    pub path_and_query: String,
    /// Lowercase names, in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// What the upstream answers.
pub enum Answer {
    Full {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// `text/event-stream`, each piece after its pause.
    Sse(Vec<(Duration, Vec<u8>)>),
    /// Never answers; counts in [`Upstream::abandoned`] once the gateway
    /// drops the call.
    Hang,
    /// `bytes` of `x` as fast as the gateway takes them.
    Flood(usize),
}

impl Answer {
    pub fn json(status: u16, body: &serde_json::Value) -> Answer {
        Answer::Full {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: serde_json::to_vec(body).unwrap(),
        }
    }
}

type Script = dyn Fn(&Seen) -> Answer + Send + Sync;

struct State {
    script: Box<Script>,
    seen: Mutex<Vec<Seen>>,
    abandoned: AtomicUsize,
}

pub struct Upstream {
    pub url: String,
    state: Arc<State>,
    task: tokio::task::JoinHandle<()>,
}

/// Counts a dropped answer (the gateway went away).
struct Abandoned(Arc<State>);

impl Drop for Abandoned {
    fn drop(&mut self) {
        self.0.abandoned.fetch_add(1, Ordering::SeqCst);
    }
}

impl Upstream {
    pub async fn start(script: impl Fn(&Seen) -> Answer + Send + Sync + 'static) -> Upstream {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let state = Arc::new(State {
            script: Box::new(script),
            seen: Mutex::new(Vec::new()),
            abandoned: AtomicUsize::new(0),
        });
        let shared = state.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let state = shared.clone();
                tokio::spawn(async move {
                    let service = service_fn(move |req| {
                        let state = state.clone();
                        async move { Ok::<_, Infallible>(answer(state, req).await) }
                    });
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        Upstream { url, state, task }
    }

    /// Every request so far, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.state.seen.lock().unwrap().clone()
    }

    /// Calls the gateway dropped while they hung.
    pub fn abandoned(&self) -> usize {
        self.state.abandoned.load(Ordering::SeqCst)
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        self.task.abort();
    }
}

type Out = http_body_util::combinators::BoxBody<Bytes, Infallible>;

async fn answer(state: Arc<State>, req: Request<Incoming>) -> Response<Out> {
    let (parts, body) = req.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let seen = Seen {
        method: parts.method.to_string(),
        path_and_query: parts
            .uri
            .path_and_query()
            .map_or("/".into(), |p| p.to_string()),
        headers: parts
            .headers
            .iter()
            .map(|(n, v)| {
                (
                    n.as_str().to_string(),
                    String::from_utf8_lossy(v.as_bytes()).into(),
                )
            })
            .collect(),
        body: body.to_vec(),
    };
    let answer = (state.script)(&seen);
    state.seen.lock().unwrap().push(seen);
    match answer {
        Answer::Full {
            status,
            headers,
            body,
        } => {
            let mut response = Response::new(http_body_util::Full::new(Bytes::from(body)).boxed());
            *response.status_mut() = status.try_into().unwrap();
            for (name, value) in headers {
                response.headers_mut().append(
                    hyper::header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                    value.parse().unwrap(),
                );
            }
            response
        }
        Answer::Sse(pieces) => {
            let stream = futures::stream::unfold(pieces.into_iter(), |mut pieces| async move {
                let (pause, piece) = pieces.next()?;
                tokio::time::sleep(pause).await;
                Some((Ok::<_, Infallible>(Frame::data(Bytes::from(piece))), pieces))
            });
            let mut response = Response::new(StreamBody::new(stream).boxed());
            response
                .headers_mut()
                .insert("content-type", "text/event-stream".parse().unwrap());
            response
        }
        Answer::Hang => {
            let _abandoned = Abandoned(state.clone());
            std::future::pending::<()>().await;
            unreachable!()
        }
        Answer::Flood(bytes) => {
            let piece = Bytes::from(vec![b'x'; 1 << 16]);
            let count = bytes.div_ceil(1 << 16);
            let stream = futures::stream::iter(
                (0..count).map(move |_| Ok::<_, Infallible>(Frame::data(piece.clone()))),
            );
            Response::new(StreamBody::new(stream).boxed())
        }
    }
}

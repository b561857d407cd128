//! Every response a store sends is bounded while it streams, whoever reads
//! it (our reads, or `object_store` collecting a listing page or an error
//! message): a store that announces a `Content-Length` and then streams
//! more (a chunked body of 600 MB behind "1000 bytes") is cut off as soon as
//! it passes what it announced, before the excess is held anywhere.
//!
//! - A success with a length: at most that many bytes, else an error.
//! - A success without one (a listing page; `object_store` refuses an
//!   object's body that has no length): at most [`MAX_UNANNOUNCED`].
//! - A failure: its first [`MAX_ERROR_BODY`] bytes, enough for the message.

use std::pin::Pin;
use std::task::{Context, Poll};

use async_trait::async_trait;
use bytes::Bytes;
use http::header::CONTENT_LENGTH;
use http_body::{Body, Frame, SizeHint};
use object_store::ClientOptions;
use object_store::client::{
    HttpClient, HttpConnector, HttpError, HttpErrorKind, HttpRequest, HttpResponse,
    HttpResponseBody, HttpService, ReqwestConnector,
};

/// The most a success without a length may send (a listing page of 1,000
/// keys is a few hundred KB).
pub(super) const MAX_UNANNOUNCED: u64 = 16 << 20;
/// What is kept of a failure's body.
pub(super) const MAX_ERROR_BODY: usize = 64 << 10;

/// Connects as `object_store` does (reqwest, the client options), every
/// response bounded.
#[derive(Debug, Default)]
pub(super) struct BoundedConnector;

impl HttpConnector for BoundedConnector {
    fn connect(&self, options: &ClientOptions) -> object_store::Result<HttpClient> {
        let inner = ReqwestConnector::default().connect(options)?;
        Ok(HttpClient::new(Bounded { inner }))
    }
}

#[derive(Debug)]
struct Bounded {
    inner: HttpClient,
}

#[async_trait]
impl HttpService for Bounded {
    async fn call(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let (parts, body) = self.inner.execute(request).await?.into_parts();
        let announced = parts
            .headers
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let limit = match (parts.status.is_success(), announced) {
            (false, _) => Limit::Cut(MAX_ERROR_BODY),
            (true, Some(len)) => Limit::Announced(len),
            (true, None) => Limit::Unannounced,
        };
        let body = BoundedBody {
            inner: body,
            taken: 0,
            limit,
            ended: false,
        };
        Ok(HttpResponse::from_parts(parts, HttpResponseBody::new(body)))
    }
}

#[derive(Clone, Copy)]
enum Limit {
    /// A success that said its length: no byte past it.
    Announced(u64),
    /// A success that did not.
    Unannounced,
    /// A failure: cut (not refused) after this many bytes, so its status
    /// and the start of its message still reach the caller.
    Cut(usize),
}

struct BoundedBody {
    inner: HttpResponseBody,
    taken: u64,
    limit: Limit,
    ended: bool,
}

fn too_long(why: String) -> HttpError {
    HttpError::new(HttpErrorKind::Decode, std::io::Error::other(why))
}

impl Body for BoundedBody {
    type Data = Bytes;
    type Error = HttpError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, HttpError>>> {
        if self.ended {
            return Poll::Ready(None);
        }
        let frame = match Pin::new(&mut self.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => frame,
            other => return other,
        };
        let Some(data) = frame.data_ref() else {
            return Poll::Ready(Some(Ok(frame)));
        };
        let len = data.len() as u64;
        let taken = self.taken + len;
        match self.limit {
            Limit::Announced(announced) if taken > announced => {
                self.ended = true;
                Poll::Ready(Some(Err(too_long(format!(
                    "the store sent more than the {announced} bytes it announced (Content-Length)"
                )))))
            }
            Limit::Unannounced if taken > MAX_UNANNOUNCED => {
                self.ended = true;
                Poll::Ready(Some(Err(too_long(format!(
                    "the store sent more than {MAX_UNANNOUNCED} bytes without announcing a length"
                )))))
            }
            Limit::Cut(most) if taken >= most as u64 => {
                self.ended = true;
                let keep = most.saturating_sub(self.taken as usize).min(data.len());
                let cut = data.slice(..keep);
                self.taken += keep as u64;
                Poll::Ready(Some(Ok(Frame::data(cut))))
            }
            _ => {
                self.taken = taken;
                Poll::Ready(Some(Ok(frame)))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.ended || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        // Never more than the bound: a collector sizes its buffer by this.
        let mut hint = self.inner.size_hint();
        let most = match self.limit {
            Limit::Announced(n) => n,
            Limit::Unannounced => MAX_UNANNOUNCED,
            Limit::Cut(n) => n as u64,
        };
        let upper = hint.upper().map_or(most, |u| u.min(most));
        if hint.lower() > upper {
            hint = SizeHint::new();
        }
        hint.set_upper(upper);
        hint
    }
}

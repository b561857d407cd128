//! What the gateway answers with of its own (the body type every answer
//! has, and an error in the client's API's format), for the server
//! (`listen`) and the `--tools` loop (`tools`) alike.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::HeaderValue;
use hyper::{Response, StatusCode};

use super::dialect::Dialect;
use super::upstream::BoxError;

/// What the gateway answers with.
pub type Out = http_body_util::combinators::UnsyncBoxBody<Bytes, BoxError>;

/// An error in the API's own format.
pub fn error(dialect: &dyn Dialect, status: StatusCode, message: &str) -> Response<Out> {
    json_response(status, &dialect.error(status, message))
}

/// An error for a request of no known API.
pub fn plain_error(status: StatusCode, message: &str) -> Response<Out> {
    json_response(status, &serde_json::json!({"error": {"message": message}}))
}

pub fn json_response(status: StatusCode, value: &serde_json::Value) -> Response<Out> {
    let body = Full::new(Bytes::from(serde_json::to_vec(value).unwrap_or_default()))
        .map_err(|never| match never {})
        .boxed_unsync();
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

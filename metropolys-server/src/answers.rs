//! HTTP answers: a protocol type as JSON, or an error with its status.

use crate::protocol::ProtoError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error response.
pub(crate) fn error(e: ProtoError) -> Response {
    let status = StatusCode::from_u16(e.code.status()).unwrap_or(StatusCode::BAD_REQUEST);
    let mut r = (status, e.to_http()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// A protocol answer as JSON.
pub(crate) fn answer<T: Serialize>(status: StatusCode, v: &T) -> Response {
    let mut r = (status, serde_json::to_string(v).unwrap_or_default()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

pub(crate) fn answer_or_error<T: Serialize>(
    status: StatusCode,
    r: Result<T, ProtoError>,
) -> Response {
    match r {
        Ok(v) => answer(status, &v),
        Err(e) => error(e),
    }
}

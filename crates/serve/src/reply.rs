//! Responses: JSON bodies, and the errors every route answers alike
//! (`{"error": "..."}` with a 4xx status, or 503 with `Retry-After`).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// `value` as a JSON body with `status`.
pub(crate) fn json(status: StatusCode, value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => {
            (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
        }
        // Every value served is plain data that serialises; say so if not.
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format_args!("the answer does not serialise: {e}")),
    }
}

/// The body of an error: what is wrong, in one sentence.
#[derive(Serialize)]
struct ErrorBody {
    error: String,
}

/// `{"error": message}` with `status`.
pub(crate) fn error(status: StatusCode, message: impl std::fmt::Display) -> Response {
    json(status, &ErrorBody { error: message.to_string() })
}

/// 503: every worker busy and the queue full; try again in a second.
pub(crate) fn busy(queue: usize) -> Response {
    let mut response = error(
        StatusCode::SERVICE_UNAVAILABLE,
        format_args!("every worker is busy and {queue} requests are waiting: try again shortly"),
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// The fallback of paths no route has.
pub(crate) async fn no_such_path() -> Response {
    error(StatusCode::NOT_FOUND, "no such path: the API is GET /v1/tables, POST /v1/solve and POST /v1/solve/batch")
}

/// The fallback of a path's other methods.
pub(crate) async fn wrong_method() -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        "wrong method: GET /, GET /v1/tables, POST /v1/solve and POST /v1/solve/batch",
    )
}

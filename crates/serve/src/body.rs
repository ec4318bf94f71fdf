//! A request's body, read within the server's limit: a `Content-Length`
//! past it is refused (413) before a byte of the body is read, and a body
//! without one is read no further than the limit.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::Response;

use crate::Shared;
use crate::reply::error;

/// A body within the limit.
pub(crate) struct Body(pub Bytes);

impl<B: Send + Sync> FromRequest<Arc<Shared<B>>> for Body {
    type Rejection = Response;

    async fn from_request(request: Request, shared: &Arc<Shared<B>>) -> Result<Self, Response> {
        let limit = shared.settings.max_body;
        let too_large = || error(StatusCode::PAYLOAD_TOO_LARGE, format_args!("a body of at most {limit} bytes"));
        let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > limit as u64) {
            return Err(too_large());
        }
        match Bytes::from_request(request, shared).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(too_large()),
            Err(rejection) => Err(error(StatusCode::BAD_REQUEST, format_args!("the body: {}", rejection.body_text()))),
        }
    }
}

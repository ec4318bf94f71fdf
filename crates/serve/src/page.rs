//! The page at `/`: HTML, CSS and a script compiled into the binary (no
//! file to install, nothing fetched from elsewhere), which asks the API
//! and draws the answers.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// The page.
const INDEX: &str = include_str!("page/index.html");
/// Its script.
const SCRIPT: &str = include_str!("page/page.js");
/// Its style.
const STYLE: &str = include_str!("page/page.css");

/// What the page may load: its own script and style, and the API.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

/// `text` with its content type and the page's policy.
fn file(text: &'static str, content_type: &'static str) -> Response {
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY)),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    (headers, text).into_response()
}

/// `GET /`.
pub(crate) async fn index() -> Response {
    file(INDEX, "text/html; charset=utf-8")
}

/// `GET /page.js`.
pub(crate) async fn script() -> Response {
    file(SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /page.css`.
pub(crate) async fn style() -> Response {
    file(STYLE, "text/css; charset=utf-8")
}

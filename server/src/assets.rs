//! The page's files, compiled into the binary: it works offline and needs no build step.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every file of the page: its name and type, and its text.
pub(crate) const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/game.js"),
    ),
    (
        "panels.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/panels.js"),
    ),
    (
        "engine.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/engine.js"),
    ),
    (
        "worker.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/worker.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../web/favicon.svg"),
    ),
];

/// The file `name` of the page, or a 404 naming the page's address.
pub(crate) fn page(name: &str) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, text)) => {
            let mut response = (*text).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            // The files change with the binary only; revalidate so a new one shows at once.
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        None => (
            StatusCode::NOT_FOUND,
            format!("no file `{name}` here: the page is at /"),
        )
            .into_response(),
    }
}

//! The routes: the page's files, `GET /api` (what there is), `POST /api/NAME` (one request of
//! [`kaidoku_api::service::REQUESTS`], JSON in and out), and `POST /api/generate`, whose
//! answer streams: one JSON line of progress about twice a second, then the answer.

use crate::State;
use crate::assets;
use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, Request, State as Shared};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use kaidoku_api::service::{GenerateRequest, Progress, REQUESTS, read_request, to_json};
use kaidoku_api::{ApiError, ErrorKind};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::OwnedSemaphorePermit;

pub(crate) fn router(state: Arc<State>) -> Router {
    // The body limit of the service, plus room for the JSON around it.
    let body_limit = state.service.limits().max_request_bytes + 4096;
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route(
            "/{file}",
            get(|Path(file): Path<String>| async move { assets::page(&file) }),
        )
        .route("/api", get(list))
        .route("/api/configs", get(configs).post(configs))
        .route("/api/generate", post(generate))
        .route("/api/{name}", post(request))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state),
            local_only,
        ))
        .with_state(state)
}

/// Only requests addressed to this server by a local name: a page of another site that makes
/// its own name point at 127.0.0.1 (DNS rebinding) is refused.
async fn local_only(Shared(state): Shared<Arc<State>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let port = state.port;
    let local = [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    if local.iter().any(|l| l == host) {
        next.run(request).await
    } else {
        (
            StatusCode::FORBIDDEN,
            format!("this server answers requests to 127.0.0.1:{port} only"),
        )
            .into_response()
    }
}

/// `GET /api`: the requests there are.
async fn list() -> Response {
    json_response(
        StatusCode::OK,
        serde_json::json!({
            "kaidoku": kaidoku_api::service::VERSION,
            "requests": REQUESTS,
            "docs": "docs/api.md in the source: one request and answer of each",
        })
        .to_string(),
    )
}

/// `GET /api/configs`, the same as `POST /api/configs`.
async fn configs(Shared(state): Shared<Arc<State>>) -> Response {
    match to_json(&state.service.configs()) {
        Ok(json) => json_response(StatusCode::OK, json),
        Err(error) => error_response(&error),
    }
}

/// `POST /api/NAME`: one request, worked on in a turn of the pool.
async fn request(
    Shared(state): Shared<Arc<State>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if let Err(response) = json_body(&headers) {
        return response;
    }
    let permit = match turn(&state).await {
        Ok(permit) => permit,
        Err(response) => return response,
    };
    let work = state.work;
    let worker = Arc::clone(&state);
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        worker.service.handle(&name, &body, &mut |_| {})
    });
    match tokio::time::timeout(work, job).await {
        Ok(Ok(Ok(json))) => json_response(StatusCode::OK, json),
        Ok(Ok(Err(error))) => error_response(&error),
        Ok(Err(_)) => error_response(&ApiError::new(
            ErrorKind::Failed,
            "the request failed inside the engine (a panic); please report the puzzle",
        )),
        Err(_) => error_response(&timed_out(work)),
    }
}

/// `POST /api/generate`: checked first (a bad request is a 4xx), then the search streams
/// `{"progress": …}` lines and ends with `{"answer": …}` (or `{"error": …}`).
async fn generate(Shared(state): Shared<Arc<State>>, headers: HeaderMap, body: String) -> Response {
    if let Err(response) = json_body(&headers) {
        return response;
    }
    let plan = read_request::<GenerateRequest>(&body)
        .and_then(|request| state.service.plan_generate(request));
    let plan = match plan {
        Ok(plan) => plan,
        Err(error) => return error_response(&error),
    };
    let permit = match turn(&state).await {
        Ok(permit) => permit,
        Err(response) => return response,
    };
    let (sender, receiver) = tokio::sync::mpsc::channel::<String>(8);
    let latest: Arc<Mutex<Option<Progress>>> = Arc::new(Mutex::new(None));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // The search reports only when a puzzle comes; the ticker says how far it is meanwhile.
    {
        let (sender, latest, done) = (sender.clone(), Arc::clone(&latest), Arc::clone(&done));
        let start = std::time::Instant::now();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(500));
            loop {
                tick.tick().await;
                if done.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                let progress = latest.lock().map(|p| *p).unwrap_or(None).map(|p| Progress {
                    seconds: start.elapsed().as_secs_f64(),
                    ..p
                });
                let line = serde_json::json!({
                    "progress": progress,
                    "seconds": start.elapsed().as_secs_f64(),
                });
                if sender.send(format!("{line}\n")).await.is_err() {
                    break;
                }
            }
        });
    }
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let answer = plan.run(&mut |progress| {
            if let Ok(mut latest) = latest.lock() {
                *latest = Some(progress);
            }
        });
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        let line = match to_json(&answer) {
            Ok(json) => format!("{{\"answer\":{json}}}\n"),
            Err(error) => format!("{{\"error\":{}}}\n", error_json(&error)),
        };
        let _ = sender.blocking_send(line);
    });
    let stream = tokio_stream::wrappers::ReceiverStream::new(receiver);
    let body = Body::from_stream(tokio_stream::StreamExt::map(stream, |line| {
        Ok::<_, std::convert::Infallible>(line)
    }));
    let mut response = Response::new(body);
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    response
}

/// Requests carry JSON: a cross-site form cannot send that without the browser asking first
/// (and this server never says yes).
#[allow(clippy::result_large_err)]
fn json_body(headers: &HeaderMap) -> Result<(), Response> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json {
        Ok(())
    } else {
        Err(error_response(&ApiError::new(
            ErrorKind::BadInput,
            "requests are JSON: send `Content-Type: application/json`",
        ))
        .map_status(StatusCode::UNSUPPORTED_MEDIA_TYPE))
    }
}

/// A turn of the worker pool, waited for a while; a server that stays busy says so.
#[allow(clippy::result_large_err)]
async fn turn(state: &Arc<State>) -> Result<OwnedSemaphorePermit, Response> {
    let turns = Arc::clone(&state.turns);
    match tokio::time::timeout(state.wait, turns.acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(error_response(&ApiError::new(
            ErrorKind::Timeout,
            format!(
                "the server is busy: every worker has been taken for {} s; try again",
                state.wait.as_secs()
            ),
        ))),
    }
}

fn timed_out(work: Duration) -> ApiError {
    ApiError::new(
        ErrorKind::Timeout,
        format!(
            "the request took longer than {} s and was given up",
            work.as_secs_f64() / 2.0
        ),
    )
}

fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::BadInput => StatusCode::BAD_REQUEST,
        ErrorKind::Unsolvable => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Failed => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

fn error_json(error: &ApiError) -> String {
    serde_json::to_string(error).unwrap_or_else(|_| format!("{:?}", error.message))
}

fn error_response(error: &ApiError) -> Response {
    json_response(
        status_of(error.kind),
        format!("{{\"error\":{}}}", error_json(error)),
    )
}

fn json_response(status: StatusCode, json: String) -> Response {
    let mut response = (status, json).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

trait MapStatus {
    fn map_status(self, status: StatusCode) -> Response;
}

impl MapStatus for Response {
    fn map_status(mut self, status: StatusCode) -> Response {
        *self.status_mut() = status;
        self
    }
}

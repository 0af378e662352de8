//! `kaidoku serve`: a local HTTP server with the play page and its JSON API. The page (HTML,
//! CSS and JavaScript, no build step) ships inside the binary and works offline; every API
//! request is answered by [`kaidoku_api::Service`], the same calls as the CLI, on a bounded
//! pool of worker threads with a time limit, so that one request cannot take the server.
//!
//! The server listens on 127.0.0.1 only and answers only requests addressed to it by a local
//! name (a page elsewhere cannot reach it through a DNS name of its own); configs sent to it
//! never load plugins nor read files.

mod assets;
mod routes;

use kaidoku_api::{Limits, Service};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// The page's files and their sizes in bytes: everything its first load fetches.
pub fn page_files() -> impl Iterator<Item = (&'static str, usize)> {
    assets::FILES
        .iter()
        .map(|(name, _, text)| (*name, text.len()))
}

/// The page's files, each with its content type and its text: with `kaidoku.wasm` (the
/// kaidoku-wasm crate built for `wasm32-unknown-unknown`) beside them, a static site that
/// plays without a server (docs/wasm.md).
pub fn page_texts() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    assets::FILES.iter().copied()
}

/// How to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The port; 0 takes a free one (the address is printed).
    pub port: u16,
    /// Open the page in the default browser once listening.
    pub open: bool,
    /// Requests worked on at once (others wait for a turn, then are refused as busy).
    pub workers: usize,
    /// The longest one request may work, in seconds (a `generate` request: its own time
    /// limit, at most the service's, plus this).
    pub request_seconds: f64,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            port: 8080,
            open: false,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            request_seconds: 30.0,
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The port is taken.
    #[error(
        "port {port} is in use (another `kaidoku serve`?): pass `--port N` for another, or \
         `--port 0` for any free one"
    )]
    PortInUse {
        /// The port asked for.
        port: u16,
    },
    /// Another I/O failure (no permission for a low port, no network stack).
    #[error("cannot serve on 127.0.0.1:{port}: {source}")]
    Io {
        /// The port asked for.
        port: u16,
        /// What failed.
        source: std::io::Error,
    },
}

/// The shared state of the handlers.
pub(crate) struct State {
    pub service: Service,
    /// Turns of work: one permit per request being worked on.
    pub turns: Arc<tokio::sync::Semaphore>,
    /// How long a request may wait for a turn.
    pub wait: Duration,
    /// How long a request may work.
    pub work: Duration,
    /// The port, for the `Host` check.
    pub port: u16,
}

/// A listening server, before it serves: its address is known (`--port 0`).
pub struct Server {
    listener: TcpListener,
    state: Arc<State>,
}

impl Server {
    /// Bind 127.0.0.1 on `options.port`.
    pub async fn bind(options: &ServeOptions) -> Result<Server, ServeError> {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
        let listener = TcpListener::bind(address).await.map_err(|source| {
            if source.kind() == std::io::ErrorKind::AddrInUse {
                ServeError::PortInUse { port: options.port }
            } else {
                ServeError::Io {
                    port: options.port,
                    source,
                }
            }
        })?;
        let port = listener
            .local_addr()
            .map_err(|source| ServeError::Io {
                port: options.port,
                source,
            })?
            .port();
        let state = state(options, port);
        Ok(Server { listener, state })
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.state.port)
    }

    /// Serve until `shutdown` completes; requests under way are finished first.
    pub async fn serve(self, shutdown: impl Future<Output = ()> + Send + 'static) {
        let app = routes::router(self.state);
        // An accept error (out of file descriptors) is retried by axum; serve returns only
        // at shutdown.
        let _ = axum::serve(self.listener, app)
            .with_graceful_shutdown(shutdown)
            .await;
    }
}

/// The shared state of a server on `port`.
fn state(options: &ServeOptions, port: u16) -> Arc<State> {
    let work = Duration::from_secs_f64(options.request_seconds.max(1.0));
    let limits = Limits {
        generate_threads: options.workers.clamp(1, 4),
        max_work: Some(work),
        ..Limits::default()
    };
    Arc::new(State {
        service: Service::new(kaidoku_api::ConfigSource::untrusted(), limits),
        turns: Arc::new(tokio::sync::Semaphore::new(options.workers.max(1))),
        wait: Duration::from_secs(10),
        // The engine stops at `work` between techniques; past twice that the answer is not
        // waited for (one technique's search that runs on).
        work: work * 2,
        port,
    })
}

/// The routes of a server on `options.port`, without a listener (for tests: requests
/// addressed to `127.0.0.1:PORT` are answered).
pub fn router(options: &ServeOptions) -> axum::Router {
    routes::router(state(options, options.port))
}

/// Run the server until Ctrl-C (or SIGTERM): prints where the page is, opens it if asked.
pub fn run(options: &ServeOptions) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|source| ServeError::Io {
            port: options.port,
            source,
        })?;
    runtime.block_on(async {
        let server = Server::bind(options).await?;
        let url = server.url();
        eprintln!("kaidoku serve: the page is at {url} (Ctrl-C stops the server)");
        if options.open && webbrowser::open(&url).is_err() {
            eprintln!("kaidoku serve: could not open a browser; open {url} yourself");
        }
        server.serve(stop_signal()).await;
        eprintln!("kaidoku serve: stopped");
        Ok(())
    })
}

/// Ctrl-C, or SIGTERM where there is one.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

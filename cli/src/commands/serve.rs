//! `kaidoku serve`: the play page and its JSON API on 127.0.0.1 (see `kaidoku_server`).

use anyhow::{Result, bail};
use std::process::ExitCode;

pub fn run(port: u16, open: bool, workers: usize, request_seconds: f64) -> Result<ExitCode> {
    if !(request_seconds.is_finite() && request_seconds >= 1.0) {
        bail!("--request-seconds must be a number of seconds, at least 1");
    }
    // The techniques answer the requests: keep them linked.
    kaidoku_techniques::link();
    let mut options = kaidoku_server::ServeOptions {
        port,
        open,
        request_seconds,
        ..Default::default()
    };
    if workers > 0 {
        options.workers = workers;
    }
    kaidoku_server::run(&options)?;
    Ok(ExitCode::SUCCESS)
}

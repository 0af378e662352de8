//! Kaidoku as a service: what a player, a page or a script asks of the engine — read a
//! position and check it, its candidates, a hint in three levels, the steps available, a step
//! applied, a whole solve (with pictures), a rating, a solution count, the canonical form, new
//! puzzles, the configs — typed with serde and answered by the same calls everywhere: the
//! `kaidoku` CLI, the play page's server (`kaidoku serve`) and the bindings.
//!
//! ```
//! use kaidoku_api::{Service, service::HintRequest};
//!
//! let service = Service::untrusted();
//! let hint = service.hint(HintRequest {
//!     puzzle: "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
//!         .into(),
//!     level: 2,
//!     config: None,
//! })?;
//! assert_eq!(hint.text, "Look for a Hidden Single (ER 1.2) in b1.");
//! # Ok::<(), kaidoku_api::ApiError>(())
//! ```

#![warn(missing_docs)]

pub mod batch;
mod clock;
pub mod configs;
pub mod diagnose;
mod error;
pub mod hint;
pub mod lines;
pub mod position;
pub mod rating;
pub mod service;
pub mod solvers;

pub use configs::ConfigSource;
pub use error::{ApiError, ApiResult, ErrorKind};
pub use service::{Limits, Service};
pub use solvers::Solvers;

//! The clock: std's, except in a browser's WebAssembly (`wasm32-unknown-unknown`), where std
//! has none and the page lends its own (`env.kaidoku_now`: milliseconds, as `Date.now()`).
//! Only `generate`'s time limit and drawn seed read it.

#[cfg(not(target_family = "wasm"))]
pub use std::time::Instant;

/// Nanoseconds since 1970, for a seed drawn when a request gives none.
#[cfg(not(target_family = "wasm"))]
pub fn unix_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(target_family = "wasm")]
mod page {
    use std::time::Duration;

    unsafe extern "C" {
        /// The page's clock: milliseconds since 1970.
        fn kaidoku_now() -> f64;
    }

    fn now_ms() -> f64 {
        // SAFETY: the page's function takes nothing and returns a number.
        unsafe { kaidoku_now() }
    }

    /// A moment by the page's clock, in milliseconds.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            Instant(now_ms())
        }

        /// How long since this moment.
        pub fn elapsed(&self) -> Duration {
            Duration::from_secs_f64(((now_ms() - self.0) / 1000.0).max(0.0))
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, duration: Duration) -> Instant {
            Instant(self.0 + duration.as_secs_f64() * 1000.0)
        }
    }

    /// Nanoseconds since 1970, for a seed drawn when a request gives none.
    pub fn unix_nanos() -> u64 {
        (now_ms() * 1e6) as u64
    }
}

#[cfg(target_family = "wasm")]
pub use page::{Instant, unix_nanos};

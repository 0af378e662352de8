//! A time limit on the solving work of the current thread. A server or a binding that must
//! answer within a time runs the work under [`within`]; the solve loop and the step searches
//! look at the clock between techniques and stop with `SolveError::TimeLimit` once it has
//! passed, so the work ends soon after (one technique's search at most). Without a deadline
//! nothing reads the clock (so the engine runs where there is none, as in a browser's
//! WebAssembly).

use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Run `work` with solving on this thread stopped at `deadline` (an earlier deadline already
/// set stays); the deadline before is back afterwards, also if `work` panics.
pub fn within<T>(deadline: Instant, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Instant>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
        }
    }
    let before = DEADLINE.with(Cell::get);
    let _restore = Restore(before);
    let deadline = before.map_or(deadline, |b| b.min(deadline));
    DEADLINE.with(|d| d.set(Some(deadline)));
    work()
}

/// Whether this thread's deadline has passed (false without one).
pub fn passed() -> bool {
    DEADLINE
        .with(Cell::get)
        .is_some_and(|d| Instant::now() >= d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_deadline_holds_inside_and_is_gone_after() {
        assert!(!passed());
        let past = Instant::now() - Duration::from_millis(1);
        within(past, || {
            assert!(passed());
            // A later deadline inside does not lift the earlier one.
            within(Instant::now() + Duration::from_secs(60), || {
                assert!(passed())
            });
        });
        assert!(!passed());
    }
}

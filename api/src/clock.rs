//! Where the server reads the time. The domain never reads a clock: the service reads this one
//! and passes "now" down, so tests can run a real server on a clock they set and advance.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Unix seconds from the system clock (the default), or from a [`ManualClock`].
#[derive(Clone, Debug, Default)]
pub struct Clock(Source);

#[derive(Clone, Debug, Default)]
enum Source {
    #[default]
    System,
    Manual(ManualClock),
    /// A manual clock that clients may read and move (`TEST_CLOCK=true`).
    Test(ManualClock),
}

impl Clock {
    pub fn system() -> Self {
        Self(Source::System)
    }

    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        match &self.0 {
            Source::System => chrono::Utc::now().timestamp(),
            Source::Manual(manual) | Source::Test(manual) => manual.now(),
        }
    }

    /// A manual clock starting at the system time that clients may read and move through the
    /// test-clock routes: for automated testers (`TEST_CLOCK=true`).
    pub fn test() -> Self {
        Self(Source::Test(ManualClock::starting_at(
            chrono::Utc::now().timestamp(),
        )))
    }

    /// This clock with the test-clock routes open, when it is a manual clock.
    #[must_use]
    pub fn with_test_routes(self) -> Self {
        match self.0 {
            Source::Manual(manual) => Self(Source::Test(manual)),
            other => Self(other),
        }
    }

    /// The clock the test-clock routes move; `None` (and the routes answer 404) unless the
    /// server runs with `TEST_CLOCK=true`.
    pub fn test_handle(&self) -> Option<&ManualClock> {
        match &self.0 {
            Source::Test(manual) => Some(manual),
            _ => None,
        }
    }
}

impl From<ManualClock> for Clock {
    fn from(manual: ManualClock) -> Self {
        Self(Source::Manual(manual))
    }
}

/// Milliseconds since the Unix epoch by the system clock, whatever clock the games run on: what
/// leases and claims between server processes are timed with (they measure how long a process
/// may have died, which a test's manual game clock does not).
pub fn wall_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A clock that moves only when told. Clones share one time, so several servers (on one
/// database) and the test driving them all read the same "now".
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn starting_at(now: i64) -> Self {
        Self(Arc::new(AtomicI64::new(now)))
    }

    pub fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }

    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }

    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_its_clones_share_the_time() {
        let manual = ManualClock::starting_at(1_000);
        let clock = Clock::from(manual.clone());
        assert_eq!(clock.now(), 1_000);
        assert_eq!(clock.now(), 1_000);

        manual.advance(15);
        assert_eq!(clock.clone().now(), 1_015);

        manual.set(2_000);
        assert_eq!(clock.now(), 2_000);
    }

    #[test]
    fn the_default_clock_is_the_system_clock() {
        let before = chrono::Utc::now().timestamp();
        let now = Clock::default().now();
        let after = chrono::Utc::now().timestamp();
        assert!(
            (before..=after).contains(&now),
            "{before} <= {now} <= {after}"
        );
    }
}

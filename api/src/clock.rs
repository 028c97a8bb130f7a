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
}

impl Clock {
    pub fn system() -> Self {
        Self(Source::System)
    }

    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        match &self.0 {
            Source::System => chrono::Utc::now().timestamp(),
            Source::Manual(manual) => manual.now(),
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

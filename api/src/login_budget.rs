//! Password guesses against one account, from any number of addresses: the per-address rate
//! alone let five addresses try 150 passwords on one account in six seconds.
//!
//! Each account name (by its canonical form, so `Alice` and `ａｌｉｃｅ` share a budget) may
//! fail [`FREE_FAILURES`] times in a row without delay; after that each further attempt waits
//! for a delay that starts at [`FIRST_DELAY_SECS`] and doubles with each failure, up to
//! [`MAX_DELAY_SECS`]. An attempt during the delay is refused (429 with `Retry-After`) before
//! any hashing and does not lengthen the delay, so the owner is never locked out for good:
//! once the delay has passed, the right password gets in, and a success clears the record.
//!
//! An attempt is charged as a failure when it starts, and refunded if it ends other than in a
//! wrong password: concurrent guesses cannot all pass while the first is still hashing. Time
//! is the server's clock (whole seconds), so tests drive it. The record is per process; with
//! several processes each keeps its own, so the figures are per process (see
//! docs/decisions.md).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::error::ApiError;

/// Failures in a row that cost nothing.
pub const FREE_FAILURES: u32 = 5;
/// The delay after the first failure beyond the free ones.
pub const FIRST_DELAY_SECS: i64 = 1;
/// The longest delay between two attempts on one account.
pub const MAX_DELAY_SECS: i64 = 300;

/// Names are forgotten after this long without an attempt (well past the longest delay), and
/// at most this many are kept, so the map stays bounded whatever names are tried.
const IDLE: Duration = Duration::from_secs(3_600);
const CAPACITY: u64 = 100_000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Record {
    failures: u32,
    /// Server seconds before which no attempt is made.
    not_before: i64,
}

impl Record {
    /// The delay that follows the `failures`-th failure in a row.
    fn delay_after(failures: u32) -> i64 {
        let Some(beyond) = failures.checked_sub(FREE_FAILURES + 1) else {
            return 0;
        };
        let doubled = 1_i64.checked_shl(beyond.min(32)).unwrap_or(i64::MAX);
        FIRST_DELAY_SECS.saturating_mul(doubled).min(MAX_DELAY_SECS)
    }
}

pub struct LoginBudget {
    records: moka::sync::Cache<String, Arc<Mutex<Record>>>,
}

impl Default for LoginBudget {
    fn default() -> Self {
        Self {
            records: moka::sync::Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_idle(IDLE)
                .build(),
        }
    }
}

/// One attempt under way on one name: settle it with the attempt's outcome.
#[must_use = "settle the attempt with its outcome"]
pub struct Attempt {
    record: Arc<Mutex<Record>>,
}

impl LoginBudget {
    /// Before the password of `username` (as typed) is hashed: refused with `rate_limited` while the name's delay runs;
    /// else the attempt is charged as a failure until [`Attempt::settle`] says otherwise.
    pub fn begin(&self, username: &str, now: i64) -> Result<Attempt, ApiError> {
        let record = self
            .records
            .get_with(crate::service::canonical_username(username), Arc::default);
        {
            let mut state = record.lock().unwrap_or_else(PoisonError::into_inner);
            if now < state.not_before {
                return Err(ApiError::RateLimited {
                    retry_after_secs: u64::try_from(state.not_before - now).unwrap_or(1),
                });
            }
            state.failures = state.failures.saturating_add(1);
            state.not_before = now.saturating_add(Record::delay_after(state.failures));
        }
        Ok(Attempt { record })
    }
}

impl Attempt {
    /// After the password check: a success clears the name's record; a wrong password stays
    /// charged; anything else (no hashing slot, the database down) is refunded.
    pub fn settle<T>(self, outcome: Result<T, ApiError>) -> Result<T, ApiError> {
        let mut state = self.record.lock().unwrap_or_else(PoisonError::into_inner);
        match &outcome {
            Ok(_) => *state = Record::default(),
            Err(ApiError::Unauthorized(_)) => {}
            Err(_) => state.failures = state.failures.saturating_sub(1),
        }
        outcome
    }

    /// The same for a check whose answer is a yes or no (`DELETE /v1/me`).
    pub fn settle_check(self, matched: Result<bool, ApiError>) -> Result<bool, ApiError> {
        let outcome = match matched {
            Ok(true) => Ok(true),
            Ok(false) => Err(ApiError::Unauthorized("wrong password")),
            Err(error) => Err(error),
        };
        match self.settle(outcome) {
            Ok(_) => Ok(true),
            Err(ApiError::Unauthorized(_)) => Ok(false),
            Err(error) => Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fail(budget: &LoginBudget, name: &str, now: i64) -> Result<(), ApiError> {
        budget
            .begin(name, now)?
            .settle::<()>(Err(ApiError::Unauthorized("wrong")))
            .or(Ok(()))
    }

    fn retry_after(result: Result<(), ApiError>) -> Option<u64> {
        match result {
            Err(ApiError::RateLimited { retry_after_secs }) => Some(retry_after_secs),
            _ => None,
        }
    }

    #[test]
    fn delays_start_after_the_free_failures_double_and_stop_at_the_cap() {
        let delays: Vec<i64> = (1..=20).map(Record::delay_after).collect();
        assert_eq!(&delays[..5], &[0, 0, 0, 0, 0]);
        assert_eq!(&delays[5..10], &[1, 2, 4, 8, 16]);
        assert!(delays.iter().all(|delay| *delay <= MAX_DELAY_SECS));
        assert_eq!(delays[19], MAX_DELAY_SECS);
        assert_eq!(Record::delay_after(u32::MAX), MAX_DELAY_SECS);
    }

    #[test]
    fn a_guesser_waits_longer_each_time_and_the_owner_gets_in_after_the_delay() {
        let budget = LoginBudget::default();
        let mut now = 1_000;
        for _ in 0..FREE_FAILURES + 3 {
            let mut result = fail(&budget, "alice", now);
            while let Some(wait) = retry_after(result) {
                now += i64::try_from(wait).unwrap_or(1);
                result = fail(&budget, "alice", now);
            }
        }
        // Eight failures: the last delay is 4 s; a try now is refused, without lengthening it.
        assert_eq!(retry_after(fail(&budget, "alice", now)), Some(4));
        assert_eq!(retry_after(fail(&budget, "alice", now + 3)), Some(1));
        // Another name is not affected.
        assert!(budget.begin("bob", now).is_ok());
        // The owner, after the delay: in, and the record is clear.
        let attempt = budget
            .begin("alice", now + 4)
            .map_err(|_| ())
            .unwrap_or_else(|()| {
                panic!("the delay has passed");
            });
        assert!(attempt.settle(Ok(())).is_ok());
        for _ in 0..FREE_FAILURES {
            assert!(fail(&budget, "alice", now + 4).is_ok());
        }
    }

    #[test]
    fn concurrent_attempts_are_charged_before_they_are_hashed() {
        let budget = LoginBudget::default();
        let attempts: Vec<_> = (0..FREE_FAILURES + 1)
            .map(|_| budget.begin("alice", 0))
            .collect();
        assert!(attempts.iter().all(Result::is_ok));
        // The seventh, while the others still hash, already waits.
        assert!(budget.begin("alice", 0).is_err());
    }

    #[test]
    fn an_attempt_that_failed_for_another_reason_is_refunded() {
        let budget = LoginBudget::default();
        for _ in 0..FREE_FAILURES + 5 {
            let attempt = budget.begin("alice", 0).map_err(|_| ());
            let Ok(attempt) = attempt else {
                panic!("refunded attempts never start a delay");
            };
            let _ = attempt.settle::<()>(Err(ApiError::Overloaded {
                retry_after_secs: 1,
            }));
        }
    }
}

//! Pauses between retries of a failing bot seat: doubling from a short first pause up to a
//! ceiling, each drawn between half and the whole of its step so that the seats that failed
//! together (a database restart) do not all retry together.

use std::time::Duration;

use rand::RngExt;

const FIRST: Duration = Duration::from_millis(100);
const MOST: Duration = Duration::from_secs(5);

#[derive(Debug, Default)]
pub struct Backoff {
    failures: u32,
}

impl Backoff {
    /// The pause before the next try, after one more failure.
    pub fn next_pause(&mut self) -> Duration {
        let step = FIRST
            .saturating_mul(2_u32.saturating_pow(self.failures))
            .min(MOST);
        self.failures = self.failures.saturating_add(1);
        step.mul_f64(rand::rng().random_range(0.5..=1.0))
    }

    /// After a step that succeeded: the next failure pauses briefly again.
    pub fn reset(&mut self) {
        self.failures = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_the_ceiling_and_start_over_after_a_success() {
        let mut backoff = Backoff::default();
        let pauses: Vec<Duration> = (0..10).map(|_| backoff.next_pause()).collect();
        assert!(pauses[0] >= FIRST / 2 && pauses[0] <= FIRST);
        assert!(pauses[3] >= FIRST * 4 && pauses[3] <= FIRST * 8);
        assert!(pauses.iter().all(|pause| *pause <= MOST));
        assert!(pauses[9] >= MOST / 2);
        backoff.reset();
        assert!(backoff.next_pause() <= FIRST);
    }
}

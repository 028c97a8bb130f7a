//! When a failed message is tried again. The delays after the 1st, 2nd, … failed attempt:
//! 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h — ten attempts over about 3 days and
//! 4 hours. Each delay is spread by up to ±10 % so that an endpoint coming back is not hit by
//! every queued message at once. After the tenth failure the message is given up and the
//! endpoint disabled: it has failed for more than three days.

/// Seconds to wait after the n-th failed attempt (index n - 1).
pub const DELAYS: [i64; 9] = [
    5,
    5 * 60,
    30 * 60,
    2 * 3600,
    5 * 3600,
    10 * 3600,
    14 * 3600,
    20 * 3600,
    24 * 3600,
];

/// When to try again after `attempts` attempts (the one just made included) failed at `now`,
/// or `None` to give up. `jitter` in [-1, 1] spreads the delay by up to ±10 %.
pub fn next_attempt(attempts: i32, now: i64, jitter: f64) -> Option<i64> {
    let index = usize::try_from(attempts).ok()?.checked_sub(1)?;
    let delay = *DELAYS.get(index)?;
    // Whole seconds: the delays are far below where an f64 loses precision.
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let spread = (delay as f64 * 0.1 * jitter.clamp(-1.0, 1.0)).round() as i64;
    Some(now + delay + spread)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_spans_more_than_three_days_and_then_gives_up() {
        let total: i64 = DELAYS.iter().sum();
        assert!(total > 3 * 24 * 3600, "{total}");
        let mut at = 0;
        for attempt in 1..=9 {
            at = next_attempt(attempt, at, 0.0).unwrap_or(i64::MIN);
        }
        assert_eq!(at, total);
        assert_eq!(next_attempt(10, at, 0.0), None);
        assert_eq!(next_attempt(0, 0, 0.0), None);
    }

    #[test]
    fn jitter_stays_within_ten_percent() {
        assert_eq!(next_attempt(2, 0, 1.0), Some(330));
        assert_eq!(next_attempt(2, 0, -1.0), Some(270));
        assert_eq!(next_attempt(2, 0, 7.0), Some(330), "clamped");
        assert_eq!(next_attempt(1, 100, 1.0), Some(106));
    }
}

//! Latency samples, the measured window, and their summary.

use std::time::{Duration, Instant};

/// The measured part of a run: requests that complete inside it count, the others (warm-up,
/// and the tail of requests still running at its end) do not.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub start: Instant,
    pub end: Instant,
}

impl Window {
    /// Starts after `warmup` from now and lasts `length`.
    pub fn after(warmup: Duration, length: Duration) -> Window {
        let start = Instant::now() + warmup;
        Window {
            start,
            end: start + length,
        }
    }

    pub fn contains(&self, at: Instant) -> bool {
        at >= self.start && at <= self.end
    }

    pub fn is_over(&self) -> bool {
        Instant::now() >= self.end
    }

    pub fn seconds(&self) -> f64 {
        self.end.duration_since(self.start).as_secs_f64()
    }
}

/// Latencies in microseconds of the requests (or transactions) that completed in the window.
#[derive(Clone, Debug, Default)]
pub struct Samples(Vec<u32>);

impl Samples {
    pub fn record(&mut self, window: &Window, latency: Duration) {
        if window.contains(Instant::now()) {
            self.0
                .push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
        }
    }

    /// Records regardless of any window (for runs that count every sample).
    pub fn push(&mut self, latency: Duration) {
        self.0
            .push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
    }

    pub fn merge(&mut self, other: Samples) {
        self.0.extend(other.0);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn summary(&self, seconds: f64) -> Summary {
        let mut sorted = self.0.clone();
        sorted.sort_unstable();
        let at = |quantile: f64| -> f64 {
            if sorted.is_empty() {
                return f64::NAN;
            }
            // The nearest-rank percentile: the smallest sample with at least this share at or
            // below it.
            let rank = (quantile * sorted.len() as f64).ceil() as usize;
            f64::from(sorted[rank.clamp(1, sorted.len()) - 1]) / 1000.0
        };
        Summary {
            count: sorted.len(),
            rate: sorted.len() as f64 / seconds.max(1e-9),
            p50_ms: at(0.50),
            p95_ms: at(0.95),
            p99_ms: at(0.99),
        }
    }
}

/// Throughput and latency percentiles (milliseconds) of one measured cell.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub count: usize,
    pub rate: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
}

impl Summary {
    pub fn tail_ratio(&self) -> f64 {
        self.p99_ms / self.p50_ms
    }
}

/// What went wrong in a run. `conflicts` are the expected 409s of a lost race; `deferred` are
/// 429/503 answers with `Retry-After` (the server shedding load as designed); `status_5xx`
/// counts every 5xx answer, deferred 503s included.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub status_5xx: u64,
    pub server_errors: u64,
    pub other_errors: u64,
    pub transport_errors: u64,
    pub conflicts: u64,
    pub deferred: u64,
    pub not_modified: u64,
}

impl Tally {
    pub fn add(&mut self, other: &Tally) {
        self.status_5xx += other.status_5xx;
        self.server_errors += other.server_errors;
        self.other_errors += other.other_errors;
        self.transport_errors += other.transport_errors;
        self.conflicts += other.conflicts;
        self.deferred += other.deferred;
        self.not_modified += other.not_modified;
    }

    /// Everything that is neither a success nor an expected answer.
    pub fn errors(&self) -> u64 {
        self.server_errors + self.other_errors + self.transport_errors
    }

    /// Counts an answer that is not the success the caller wanted.
    pub fn count_failure(&mut self, status: u16, retry_after: bool) {
        if status >= 500 {
            self.status_5xx += 1;
        }
        match status {
            409 => self.conflicts += 1,
            429 | 503 if retry_after => self.deferred += 1,
            500..=599 => self.server_errors += 1,
            _ => self.other_errors += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut samples = Samples::default();
        for ms in 1..=100u64 {
            samples.push(Duration::from_millis(ms));
        }
        let summary = samples.summary(2.0);
        assert_eq!(summary.count, 100);
        assert_eq!(summary.rate, 50.0);
        assert_eq!(
            (summary.p50_ms, summary.p95_ms, summary.p99_ms),
            (50.0, 95.0, 99.0)
        );
    }

    #[test]
    fn a_deferred_503_is_still_a_5xx() {
        let mut tally = Tally::default();
        tally.count_failure(503, true);
        tally.count_failure(500, false);
        tally.count_failure(429, true);
        tally.count_failure(409, false);
        assert_eq!(
            (
                tally.status_5xx,
                tally.server_errors,
                tally.deferred,
                tally.conflicts
            ),
            (2, 1, 2, 1)
        );
        assert_eq!(tally.errors(), 1);
    }

    #[test]
    fn no_samples_give_no_percentiles() {
        assert!(Samples::default().summary(1.0).p50_ms.is_nan());
    }
}

//! Deadlines pass while nobody is looking: a background task expires them.

use std::time::Duration;

use crate::service::{GameService, blocking, now};

/// Every `period`, expires the passed deadlines of all games. Several server processes may run
/// it against one database: each expiry is a compare-and-swap on the game's version, so an
/// expiry is applied once whoever gets there first.
pub async fn run(service: GameService, period: Duration) {
    let mut interval = tokio::time::interval(period);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let service = service.clone();
        match blocking(move || service.tick(now())).await {
            Ok(0) => {}
            Ok(advanced) => tracing::debug!(advanced, "deadlines expired"),
            Err(error) => tracing::warn!(code = error.code(), "deadline tick failed"),
        }
    }
}

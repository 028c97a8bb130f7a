//! Deadlines pass while nobody is looking: a background task expires them.

use std::time::Duration;

use tokio::sync::watch;

use crate::service::{GameService, blocking};

/// Starts the tick on the current runtime.
pub fn spawn(service: GameService, period: Duration) -> TickPasses {
    let (passes, watcher) = watch::channel(0);
    tokio::spawn(run(service, period, passes));
    TickPasses(watcher)
}

/// Every `period`, expires the deadlines passed by the service's clock in all games. Several
/// server processes may run it against one database: each expiry is a compare-and-swap on the
/// game's version, so an expiry is applied once whoever gets there first. Each finished pass
/// is counted in `passes`.
async fn run(service: GameService, period: Duration, passes: watch::Sender<u64>) {
    let mut interval = tokio::time::interval(period);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let service = service.clone();
        match blocking(move || service.tick(service.now())).await {
            Ok(0) => {}
            Ok(advanced) => tracing::debug!(advanced, "deadlines expired"),
            Err(error) => tracing::warn!(code = error.code(), "deadline tick failed"),
        }
        passes.send_modify(|count| *count += 1);
    }
}

/// Watches the tick's finished passes, so a caller that changed something (tests advance a
/// manual clock) can wait until a whole pass has run after the change.
#[derive(Clone, Debug)]
pub struct TickPasses(watch::Receiver<u64>);

impl TickPasses {
    /// Waits until a pass that began after this call has finished; `false` if the tick stopped.
    pub async fn next_full_pass(&mut self) -> bool {
        // A pass running now may have read the clock before the caller's change: the one after
        // it began after this call.
        let seen = *self.0.borrow_and_update();
        self.0.wait_for(|count| *count >= seen + 2).await.is_ok()
    }
}

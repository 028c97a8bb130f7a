//! Deadlines pass while nobody is looking: a background task expires them, and now and then
//! drops what has outlived its use (idempotency keys after 24 h, idle rate-limit entries).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::clock::wall_millis;
use crate::limits::Limits;
use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;

/// How often the housekeeping runs, at most.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(60);

/// How long a pass's claim on the due games it expires keeps other processes off them: far
/// longer than a pass takes, short enough that the games of a process that died mid-pass are
/// taken up again soon.
const CLAIM_FOR_MILLIS: i64 = 30_000;

/// Starts the tick on the current runtime; it runs until `stop` is triggered.
pub fn spawn(
    service: GameService,
    limits: Arc<Limits>,
    period: Duration,
    stop: ShutdownSignal,
) -> (TickPasses, tokio::task::JoinHandle<()>) {
    let (passes, watcher) = watch::channel(0);
    let advanced = Arc::new(AtomicU64::new(0));
    let task = tokio::spawn(run(
        service,
        limits,
        period,
        (passes, Arc::clone(&advanced)),
        stop,
    ));
    (
        TickPasses {
            passes: watcher,
            advanced,
        },
        task,
    )
}

/// Every `period`, expires the deadlines passed by the service's clock in all games, until
/// `stop` is triggered; a pass in progress then finishes first. Several server processes may
/// run it against one database: each pass claims the due games it expires, so no two processes
/// expire the same game (and each expiry is a compare-and-swap on the game's version besides).
/// Each finished pass is counted in `passes`, each game it brought up to date in `advanced`.
async fn run(
    service: GameService,
    limits: Arc<Limits>,
    period: Duration,
    (passes, advanced): (watch::Sender<u64>, Arc<AtomicU64>),
    mut stop: ShutdownSignal,
) {
    let mut interval = tokio::time::interval(period);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_housekeeping: Option<Instant> = None;
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            _ = stop.triggered() => break,
        }
        let deadlines = service.clone();
        let pass = blocking(move || {
            let now_ms = wall_millis();
            deadlines.tick(deadlines.now(), now_ms, now_ms + CLAIM_FOR_MILLIS)
        });
        match pass.await {
            Ok(0) => {}
            Ok(games) => {
                advanced.fetch_add(u64::try_from(games).unwrap_or(0), Ordering::Relaxed);
                tracing::debug!(games, "deadlines expired");
            }
            Err(error) => tracing::warn!(code = error.code(), %error, "deadline tick failed"),
        }
        if last_housekeeping.is_none_or(|at| at.elapsed() >= HOUSEKEEPING_EVERY) {
            last_housekeeping = Some(Instant::now());
            limits.forget_idle();
            let keys = service.clone();
            match blocking(move || keys.purge_idempotency_keys(keys.now())).await {
                Ok(0) => {}
                Ok(purged) => tracing::debug!(purged, "expired idempotency keys purged"),
                Err(error) => tracing::warn!(%error, "purging idempotency keys failed"),
            }
        }
        passes.send_modify(|count| *count += 1);
    }
    tracing::info!("background tick stopped");
}

/// Watches the tick's finished passes, so a caller that changed something (tests advance a
/// manual clock) can wait until a whole pass has run after the change.
#[derive(Clone, Debug)]
pub struct TickPasses {
    passes: watch::Receiver<u64>,
    advanced: Arc<AtomicU64>,
}

impl TickPasses {
    /// Waits until a pass that began after this call has finished; `false` if the tick stopped.
    pub async fn next_full_pass(&mut self) -> bool {
        // A pass running now may have read the clock before the caller's change: the one after
        // it began after this call.
        let seen = *self.passes.borrow_and_update();
        self.passes
            .wait_for(|count| *count >= seen + 2)
            .await
            .is_ok()
    }

    /// How many games this process's tick has brought up to date since it started.
    pub fn games_advanced(&self) -> u64 {
        self.advanced.load(Ordering::Relaxed)
    }
}

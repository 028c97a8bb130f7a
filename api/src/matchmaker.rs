//! The matcher: a background task that, every few hundred milliseconds, turns waiting
//! quick-match tickets into started games (see `GameService::match_tickets`). Ticket ages are
//! read on the game clock, so a test can advance a manual clock past a ticket's bot wait.
//!
//! Every process runs it; on PostgreSQL a pass holds an advisory lock, so one process matches
//! at a time, and each ticket is closed only if it still waits, so none is matched twice.

use std::time::Duration;

use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;

/// How often a pass runs: a ticket whose bot wait is over waits at most this much longer.
pub const MATCH_EVERY: Duration = Duration::from_millis(200);

/// Starts the matcher on the current runtime; it runs until `stop` is triggered.
pub fn spawn(service: GameService, stop: ShutdownSignal) -> tokio::task::JoinHandle<()> {
    tokio::spawn(run(service, stop))
}

async fn run(service: GameService, mut stop: ShutdownSignal) {
    let mut interval = tokio::time::interval(MATCH_EVERY);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            _ = stop.triggered() => break,
        }
        let matcher = service.clone();
        match blocking(move || matcher.match_tickets(matcher.now())).await {
            Ok(pass) => {
                if !pass.matched.is_empty() || pass.expired > 0 || pass.lost > 0 {
                    tracing::debug!(
                        games = pass.matched.len(),
                        expired = pass.expired,
                        lost = pass.lost,
                        "matcher pass"
                    );
                }
            }
            Err(error) => tracing::warn!(code = error.code(), %error, "matcher pass failed"),
        }
    }
    tracing::info!("matcher stopped");
}

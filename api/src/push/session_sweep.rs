//! Ends the streams of sessions that another process ended: every half second, one query asks
//! which of the sessions with streams open here have ended (see `service::session_liveness`).
//! Nothing is read while no stream is open.

use crate::service::session_liveness::SWEEP_EVERY;
use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;

pub fn spawn(service: GameService, mut stop: ShutdownSignal) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(SWEEP_EVERY);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = interval.tick() => {}
                () = stop.triggered() => return,
            }
            if service.session_liveness().watched().is_empty() {
                continue;
            }
            let sweeper = service.clone();
            if let Err(error) = blocking(move || sweeper.sweep_ended_sessions()).await {
                tracing::warn!(code = error.code(), %error, "the session sweep failed");
            }
        }
    });
}

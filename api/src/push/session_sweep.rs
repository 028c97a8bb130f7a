//! Learns of sessions another process ended: twice per reading's lifetime, one query asks which
//! of the sessions in use here (by requests or by open streams) have ended; those are refused
//! and their streams end, the others' readings are renewed (see `service::session_liveness`).
//! Nothing is read while no session is in use.

use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;

pub fn spawn(service: GameService, mut stop: ShutdownSignal) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(service.session_liveness().sweep_every());
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = interval.tick() => {}
                () = stop.triggered() => return,
            }
            if service.session_liveness().idle() {
                continue;
            }
            let sweeper = service.clone();
            if let Err(error) = blocking(move || sweeper.sweep_ended_sessions()).await {
                tracing::warn!(code = error.code(), %error, "the session sweep failed");
            }
        }
    });
}

//! Graceful shutdown: one signal that every long-running part of the server listens to.
//!
//! On SIGTERM (or SIGINT) the server stops accepting connections, lets the requests in flight
//! finish within the configured timeout, and tells its background work to stop. A move is
//! acknowledged only after its transaction committed, so none that was acknowledged can be
//! lost by stopping. Anything else that lives longer than a request (an event stream, say)
//! subscribes here and ends itself with a hint to reconnect when the signal comes.

use tokio_util::sync::CancellationToken;

/// The trigger, held by whoever decides that the server stops: one cancellation token, of
/// which every background task holds a child.
#[derive(Clone, Debug, Default)]
pub struct Shutdown {
    token: CancellationToken,
}

/// What a background task holds to learn that it should stop.
#[derive(Clone, Debug)]
pub struct ShutdownSignal {
    token: CancellationToken,
}

impl Shutdown {
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts the shutdown; calling it again does nothing.
    pub fn trigger(&self) {
        self.token.cancel();
    }

    pub fn subscribe(&self) -> ShutdownSignal {
        ShutdownSignal {
            token: self.token.child_token(),
        }
    }
}

impl ShutdownSignal {
    pub fn is_triggered(&self) -> bool {
        self.token.is_cancelled()
    }

    /// Resolves once the shutdown has started (at once if it already has).
    pub async fn triggered(&mut self) {
        self.token.cancelled().await;
    }

    /// The token itself, for a task that hands children of it on.
    pub fn token(&self) -> &CancellationToken {
        &self.token
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C).
pub async fn terminate_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM; only Ctrl-C stops the server");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_subscriber_learns_of_the_shutdown() {
        let shutdown = Shutdown::new();
        let mut early = shutdown.subscribe();
        assert!(!early.is_triggered());
        shutdown.trigger();
        let mut late = shutdown.subscribe();
        let waited = tokio::time::timeout(std::time::Duration::from_secs(1), async {
            early.triggered().await;
            late.triggered().await;
        })
        .await;
        assert!(waited.is_ok());
        assert!(late.is_triggered());
    }
}

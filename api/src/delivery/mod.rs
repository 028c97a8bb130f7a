//! The webhook worker: claims due rows of the outbox, signs each message (Standard Webhooks),
//! sends it, and records the attempt. The row is the truth: the feed and a local wake-up only
//! shorten the wait, and a periodic look finds whatever they missed (another process's
//! commits on SQLite-free deployments, a retry coming due on the game clock).
//!
//! Several processes on PostgreSQL share the work: a claim is a lease on the row (wall-clock
//! milliseconds, taken with `FOR UPDATE SKIP LOCKED`), and an attempt is recorded only while
//! its lease is held, so no attempt is made twice. The lease outlasts the send's timeout by far.

pub mod guard;
pub mod schedule;
mod sender;
pub mod signing;

use std::sync::Arc;
use std::time::Duration;

use persistence::{Attempt, AttemptResult, ClaimedDelivery};
use tokio::sync::Notify;

use crate::clock::wall_millis;
use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;
use sender::{Sender, Sent};

/// How long a claim holds a row: far beyond the send's 10 s timeout.
const LEASE_MILLIS: i64 = 60_000;
/// Rows taken per claim.
const CLAIM_LIMIT: i64 = 32;
/// Messages out at once to one endpoint (over every process sharing the database).
pub const IN_FLIGHT_PER_ENDPOINT: i64 = 4;
/// The longest wait between two looks at the outbox.
const POLL_EVERY: Duration = Duration::from_millis(500);

/// Webhook settings, from the environment.
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// `WEBHOOK_ALLOW_PRIVATE=true`: `http` URLs and private, loopback and link-local targets are
    /// allowed (tests; receivers on the same private network). Off by default.
    pub allow_private: bool,
    /// Endpoints one account may register.
    pub max_endpoints_per_account: i64,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        Self {
            allow_private: false,
            max_endpoints_per_account: 10,
        }
    }
}

/// What request handlers hold: the settings, and a way to wake this process's worker.
#[derive(Clone, Debug)]
pub struct Deliveries {
    settings: WebhookSettings,
    wake: Arc<Notify>,
}

impl Deliveries {
    pub fn settings(&self) -> &WebhookSettings {
        &self.settings
    }

    /// Asks the worker to look at the outbox now (after a test ping or a redelivery).
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// Starts this process's worker; it runs until `stop` is triggered.
pub fn spawn(
    service: GameService,
    settings: WebhookSettings,
    stop: ShutdownSignal,
) -> std::io::Result<Deliveries> {
    let sender = Sender::new(settings.allow_private).map_err(std::io::Error::other)?;
    let deliveries = Deliveries {
        settings,
        wake: Arc::new(Notify::new()),
    };
    let worker = Worker {
        service,
        sender: Arc::new(sender),
        holder: Arc::from(uuid::Uuid::new_v4().simple().to_string()),
    };
    tokio::spawn(worker.run(deliveries.wake.clone(), stop));
    Ok(deliveries)
}

#[derive(Clone)]
struct Worker {
    service: GameService,
    sender: Arc<Sender>,
    holder: Arc<str>,
}

impl Worker {
    async fn run(self, wake: Arc<Notify>, mut stop: ShutdownSignal) {
        let mut changes = self.service.hub().feed().subscribe();
        loop {
            match self.claim().await {
                Ok(claimed) => {
                    for delivery in claimed {
                        tokio::spawn(self.clone().attempt(delivery));
                    }
                }
                Err(error) => {
                    tracing::warn!(code = error.code(), "webhook deliveries cannot be claimed");
                }
            }
            tokio::select! {
                () = tokio::time::sleep(POLL_EVERY) => {}
                () = wake.notified() => {}
                // A commit may have written notices. A feed gone for good (never while the
                // hub lives) must not turn this into a busy loop: the poll is left then.
                changed = changes.recv() => {
                    if matches!(changed, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                        tokio::time::sleep(POLL_EVERY).await;
                    }
                }
                () = stop.triggered() => return,
            }
        }
    }

    async fn claim(&self) -> Result<Vec<ClaimedDelivery>, crate::error::ApiError> {
        let (service, holder) = (self.service.clone(), self.holder.clone());
        blocking(move || {
            let now_ms = wall_millis();
            Ok(service.database().claim_deliveries(
                service.now(),
                now_ms,
                &holder,
                now_ms + LEASE_MILLIS,
                IN_FLIGHT_PER_ENDPOINT,
                CLAIM_LIMIT,
            )?)
        })
        .await
    }

    /// Sends one claimed delivery and records how it went.
    async fn attempt(self, claimed: ClaimedDelivery) {
        let timestamp = self.service.now();
        let sent = self.sender.send(&claimed, timestamp).await;
        let attempts = claimed.delivery.attempts + 1;
        let now = self.service.now();
        let (status_code, error, result) = match sent {
            Sent::Status(code) if (200..300).contains(&code) => {
                (Some(code), None, AttemptResult::Delivered)
            }
            Sent::Status(410) => (Some(410), None, AttemptResult::Gone),
            Sent::Status(code) => (
                Some(code),
                Some(format!("the receiver answered {code}")),
                retry(attempts, now),
            ),
            Sent::Failed(reason) => (None, Some(reason), retry(attempts, now)),
        };
        let attempt = Attempt {
            now,
            status_code: status_code.map(i32::from),
            error,
            result,
        };
        let (delivery, endpoint) = (claimed.delivery.id, claimed.delivery.endpoint);
        let service = self.service.clone();
        let holder = self.holder.clone();
        let recorded = blocking(move || {
            Ok(service
                .database()
                .finish_attempt(delivery, endpoint, &holder, &attempt)?)
        })
        .await;
        match recorded {
            Ok(Some(Some(account))) => {
                tracing::info!(%endpoint, "a webhook endpoint was disabled");
                self.service.hub().webhook_disabled(account, endpoint);
            }
            Ok(Some(None)) => {}
            Ok(None) => tracing::warn!(%delivery, "a webhook lease ran out during its attempt"),
            Err(error) => {
                tracing::warn!(code = error.code(), %delivery, "a webhook attempt was not recorded");
            }
        }
    }
}

fn retry(attempts: i32, now: i64) -> AttemptResult {
    let jitter = rand::random::<f64>() * 2.0 - 1.0;
    schedule::next_attempt(attempts, now, jitter)
        .map_or(AttemptResult::GiveUp, AttemptResult::RetryAt)
}

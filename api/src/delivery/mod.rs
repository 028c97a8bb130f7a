//! The webhook worker: turns new notices (the outbox, written by the commits) into delivery rows,
//! claims the due rows, signs each message (Standard Webhooks), sends it, and records the
//! attempt. The rows are the truth: the feed and a local wake-up only
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

use persistence::{Attempt, AttemptResult, ClaimedDelivery, OutboxTurn};
use tokio::sync::Notify;

use crate::clock::wall_millis;
use crate::service::{GameService, blocking};
use crate::shutdown::ShutdownSignal;
use sender::{Sender, Sent};

/// How long a claim holds a row: far beyond the send's 10 s timeout.
const LEASE_MILLIS: i64 = 60_000;
/// Rows taken per claim at most: as many as may be in flight to 64 endpoints, so that under
/// load one turn claims what is due instead of a run of turns back to back (each a write).
const CLAIM_LIMIT: i64 = 256;
/// Messages out at once to one endpoint (over every process sharing the database).
pub const IN_FLIGHT_PER_ENDPOINT: i64 = 4;
/// The longest wait between two looks at the outbox.
const POLL_EVERY: Duration = Duration::from_millis(500);
/// After a commit wakes the worker, how long it waits for more before it looks: under load
/// one claim then serves the notices of many commits instead of a claim per commit, each a
/// write transaction beside the moves'. On SQLite a turn holds the one writer the moves wait
/// for, so it gathers for longer: in run 11's webhook cell 100 ms kept 91% of the moves
/// (median of 5 runs) where 50 ms kept 84% (of 9), for a `your_turn` p50 of ~72 ms instead
/// of ~39 ms. PostgreSQL's turns do not hold the moves up, and there 100 ms only added
/// latency.
const GATHER_FOR: Duration = Duration::from_millis(50);
const GATHER_FOR_SQLITE: Duration = Duration::from_millis(100);
/// Finished attempts recorded in one turn at most.
const RECORD_BATCH: usize = 256;

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
    holder: Arc<str>,
    settings: WebhookSettings,
    stop: ShutdownSignal,
) -> std::io::Result<Deliveries> {
    let sender = Sender::new(settings.allow_private).map_err(std::io::Error::other)?;
    let deliveries = Deliveries {
        settings,
        wake: Arc::new(Notify::new()),
    };
    let (finished, ended) = tokio::sync::mpsc::unbounded_channel();
    let worker = Worker {
        service,
        sender: Arc::new(sender),
        holder,
        finished,
    };
    tokio::spawn(worker.run(deliveries.wake.clone(), ended, stop));
    Ok(deliveries)
}

/// A finished attempt waiting to be recorded: the delivery, its endpoint, the outcome.
type Finished = (uuid::Uuid, uuid::Uuid, Attempt);

#[derive(Clone)]
struct Worker {
    service: GameService,
    sender: Arc<Sender>,
    holder: Arc<str>,
    /// Where each attempt goes once it has ended, to be recorded at the next turn.
    finished: tokio::sync::mpsc::UnboundedSender<Finished>,
}

impl Worker {
    /// Takes turns at the outbox: each records the attempts that ended since the last and
    /// claims what is due, in one transaction. A turn follows a commit (after gathering more
    /// for [`GATHER_FOR`], or [`GATHER_FOR_SQLITE`]), an attempt that ended (likewise: its
    /// endpoint has room again), a wake-up (a ping, a redelivery), a full claim (at once), or
    /// [`POLL_EVERY`].
    async fn run(
        self,
        wake: Arc<Notify>,
        mut ended: tokio::sync::mpsc::UnboundedReceiver<Finished>,
        mut stop: ShutdownSignal,
    ) {
        use tokio::sync::broadcast::error::{RecvError, TryRecvError};
        let mut changes = self.service.hub().feed().subscribe();
        let mut finished: Vec<Finished> = Vec::new();
        let gather_for = match self.service.database().backend() {
            persistence::Backend::Sqlite => GATHER_FOR_SQLITE,
            persistence::Backend::Postgres => GATHER_FOR,
        };
        loop {
            while finished.len() < RECORD_BATCH {
                match ended.try_recv() {
                    Ok(attempt) => finished.push(attempt),
                    Err(_) => break,
                }
            }
            let full = self.turn(&mut finished).await;
            // A full claim may have left due rows behind, a full queueing notices: look again
            // at once.
            if full {
                continue;
            }
            tokio::select! {
                () = tokio::time::sleep(POLL_EVERY) => {}
                () = wake.notified() => {}
                // A commit may have written notices. A feed gone for good (never while the
                // hub lives) must not turn this into a busy loop: the poll is left then.
                changed = changes.recv() => {
                    if matches!(changed, Err(RecvError::Closed)) {
                        tokio::time::sleep(POLL_EVERY).await;
                    } else {
                        tokio::time::sleep(gather_for).await;
                        while !matches!(
                            changes.try_recv(),
                            Err(TryRecvError::Empty | TryRecvError::Closed)
                        ) {}
                    }
                }
                // Never `None`: this worker holds a sender.
                attempt = ended.recv() => {
                    finished.extend(attempt);
                    tokio::time::sleep(gather_for).await;
                }
                () = stop.triggered() => return,
            }
        }
    }

    /// One turn: records `finished` (emptied once recorded; kept for the next turn if the
    /// transaction failed), queues new notices and starts an attempt of each delivery claimed.
    /// Whether the claim was full or notices were left to queue.
    async fn turn(&self, finished: &mut Vec<Finished>) -> bool {
        let batch = std::mem::take(finished);
        let (service, holder) = (self.service.clone(), self.holder.clone());
        let done = blocking(move || {
            let now_ms = wall_millis();
            let turn = OutboxTurn {
                holder: &holder,
                finished: &batch,
                now: service.now(),
                now_ms,
                until: now_ms + LEASE_MILLIS,
                per_endpoint: IN_FLIGHT_PER_ENDPOINT,
                limit: CLAIM_LIMIT,
            };
            let done = service.database().outbox_turn(&turn);
            Ok((batch, done))
        })
        .await;
        let (batch, done) = match done {
            Ok((batch, Ok(done))) => (batch, done),
            Ok((batch, Err(error))) => {
                let error = crate::error::ApiError::from(error);
                tracing::warn!(code = error.code(), "the webhook outbox cannot be read");
                *finished = batch;
                return false;
            }
            Err(error) => {
                // The attempts are not recorded: their leases run out and they are sent again.
                tracing::warn!(code = error.code(), "the webhook outbox cannot be read");
                return false;
            }
        };
        for ((delivery, endpoint, _), outcome) in batch.iter().zip(done.recorded) {
            match outcome {
                Some(Some(account)) => {
                    tracing::info!(%endpoint, "a webhook endpoint was disabled");
                    self.service.hub().webhook_disabled(account, *endpoint);
                }
                Some(None) => {}
                None => tracing::warn!(%delivery, "a webhook lease ran out during its attempt"),
            }
        }
        let full =
            done.more_to_queue || done.claimed.len() >= usize::try_from(CLAIM_LIMIT).unwrap_or(0);
        for delivery in done.claimed {
            tokio::spawn(self.clone().attempt(delivery));
        }
        full
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
        // Gone only with the worker, at shutdown: the lease then runs out and another
        // process (or the next start) sends the message again, under the same id.
        let _ = self.finished.send((delivery, endpoint, attempt));
    }
}

fn retry(attempts: i32, now: i64) -> AttemptResult {
    let jitter = rand::random::<f64>() * 2.0 - 1.0;
    schedule::next_attempt(attempts, now, jitter)
        .map_or(AttemptResult::GiveUp, AttemptResult::RetryAt)
}

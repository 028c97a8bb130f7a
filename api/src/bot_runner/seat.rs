//! One bot seat of one game, played until the game is over, by the one process that holds the
//! seat's lease. Any failure (the database unavailable, a pool timeout, a game that cannot be
//! read) is retried after a growing pause; the seat is given up only when the game is over or
//! another process holds its lease.

use std::sync::Arc;
use std::time::Duration;

use bots::Bot;
use domain::Seat;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio::sync::Semaphore;
use uuid::Uuid;

use super::backoff::Backoff;
use super::pacing;
use super::stats::BotStats;
use crate::clock::wall_millis;
use crate::error::ApiError;
use crate::service::{BotTurn, GameService, blocking};
use crate::shutdown::ShutdownSignal;

/// How long a lease keeps other processes off a seat after its last renewal: a process that
/// died loses its seats this long after its last renewal.
const LEASE_MILLIS: i64 = 30_000;
/// How often a holder renews its lease: well within [`LEASE_MILLIS`], so that a renewal delayed
/// by a slow database still comes in time.
const RENEW_EVERY: Duration = Duration::from_secs(10);

/// What a seat's task shares with the others of its process.
#[derive(Clone)]
pub struct Context {
    pub service: GameService,
    /// Names this process in the leases it holds.
    pub holder: Arc<str>,
    pub slots: Arc<Semaphore>,
    pub stats: Arc<BotStats>,
    /// When the process stops, each seat gives its lease up, so that another process takes the
    /// seat over at its next scan rather than when the lease runs out.
    pub stop: ShutdownSignal,
}

/// Why a seat's task ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// The game is over or gone.
    Over,
    /// Another process holds the seat's lease.
    PlayedElsewhere,
    /// The process is stopping.
    Stopping,
}

/// The lease on one seat, as this process last renewed it.
struct Lease {
    game: Uuid,
    seat: Seat,
    renewed: Option<tokio::time::Instant>,
}

impl Lease {
    /// Takes or renews the lease when due; `false` when another process holds it.
    async fn keep(&mut self, context: &Context) -> Result<bool, ApiError> {
        if self.renewed.is_some_and(|at| at.elapsed() < RENEW_EVERY) {
            return Ok(true);
        }
        let (service, holder) = (context.service.clone(), Arc::clone(&context.holder));
        let (game, seat) = (self.game, self.seat);
        let started = tokio::time::Instant::now();
        let held = blocking(move || {
            let now = wall_millis();
            Ok(service
                .database()
                .lease_bot_seat(game, seat, &holder, now, now + LEASE_MILLIS)?)
        })
        .await?;
        self.renewed = held.then_some(started);
        Ok(held)
    }

    /// Gives the seat up, so another process may take it at once (best effort: an unreleased
    /// lease runs out by itself).
    async fn release(self, context: &Context) {
        let (service, holder) = (context.service.clone(), Arc::clone(&context.holder));
        let (game, seat) = (self.game, self.seat);
        let released =
            blocking(move || Ok(service.database().release_bot_seat(game, seat, &holder)?)).await;
        if let Err(error) = released {
            tracing::debug!(%game, %seat, code = error.code(), "a bot seat's lease was not released");
        }
    }
}

/// What one step of the seat's loop came to.
enum Step {
    /// Go on at once.
    Next,
    /// Nothing to do until the game changes (or the recheck comes).
    Wait,
    Ended(Ended),
}

/// Plays the bot in `seat` while this process holds its lease. The bot is handed its seat's
/// view only.
pub async fn play(context: Context, game: Uuid, seat: Seat, bot: Bot) -> Ended {
    let hub = context.service.hub().clone();
    let mut watch = hub.feed().watch(game);
    // Deadlines pass without a wake-up, and the lease must be renewed in time.
    let recheck = hub.settings().keep_alive.min(RENEW_EVERY);
    let mut lease = Lease {
        game,
        seat,
        renewed: None,
    };
    // The bot's own randomness, never the game's seed.
    let mut rng = Some(StdRng::from_rng(&mut rand::rng()));
    let mut backoff = Backoff::default();
    let mut stop = context.stop.clone();
    loop {
        if stop.is_triggered() {
            lease.release(&context).await;
            return Ended::Stopping;
        }
        let pause = match step(&context, &mut lease, game, seat, bot, &mut rng).await {
            Ok(Step::Next) => {
                backoff.reset();
                continue;
            }
            Ok(Step::Wait) => {
                backoff.reset();
                tokio::select! {
                    () = watch.changed() => {}
                    () = tokio::time::sleep(recheck) => {}
                    () = stop.triggered() => {}
                }
                continue;
            }
            Ok(Step::Ended(ended)) => {
                if matches!(ended, Ended::Over | Ended::Stopping) {
                    lease.release(&context).await;
                }
                return ended;
            }
            Err(error) => {
                context.stats.failed();
                let pause = backoff.next_pause();
                tracing::warn!(
                    %game, %seat, code = error.code(), %error, ?pause,
                    "a bot seat failed; it tries again after a pause"
                );
                pause
            }
        };
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = stop.triggered() => {}
        }
    }
}

/// One step: keep the lease, read the seat's turn, and decide and commit if it must act.
async fn step(
    context: &Context,
    lease: &mut Lease,
    game: Uuid,
    seat: Seat,
    bot: Bot,
    rng: &mut Option<StdRng>,
) -> Result<Step, ApiError> {
    if !lease.keep(context).await? {
        return Ok(Step::Ended(Ended::PlayedElsewhere));
    }
    let reader = context.service.clone();
    let turn = blocking(move || reader.bot_turn(game, seat, reader.now())).await?;
    let decision = match turn {
        BotTurn::Over => return Ok(Step::Ended(Ended::Over)),
        BotTurn::Wait => return Ok(Step::Wait),
        BotTurn::Decide(decision) => *decision,
    };
    let version = decision.version;
    let Some(generator) = rng.take() else {
        return Ok(Step::Ended(Ended::Stopping));
    };
    let Some(decided) = pacing::decide(bot, decision, seat, generator, &context.slots).await else {
        return Ok(Step::Ended(Ended::Stopping));
    };
    *rng = Some(decided.rng);
    let mv = match decided.mv {
        Ok(mv) => mv,
        Err(error) => {
            // The rules gave the seat nothing the bot could play: wait for a change.
            tracing::warn!(%game, %seat, %error, "a bot had no move; it waits for a change");
            return Ok(Step::Wait);
        }
    };
    let writer = context.service.clone();
    match blocking(move || writer.submit_bot_move(game, seat, version, mv, writer.now())).await {
        Ok(()) => {
            context.stats.moved();
            Ok(Step::Next)
        }
        // Another writer, or a deadline, got there first: read again.
        Err(ApiError::Conflict { .. }) => {
            context.stats.lost_race();
            Ok(Step::Next)
        }
        Err(error) => Err(error),
    }
}

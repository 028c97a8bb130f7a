//! Server-side bots: a task per bot seat that, woken by the feed, reads its seat's view and
//! legal moves, decides off the request path, and commits through the same service path as
//! people (version check, events, feed).
//!
//! With several processes on one database, each bot seat is played by the one process that
//! holds its lease ([`seat`]); a process that dies stops renewing its leases and another takes
//! the seats over. Seats are found when their game starts (the feed), and by a periodic scan of
//! the seats of active games that nobody plays, which also picks up a seat whose process died
//! or whose wake-up was lost. A failing seat retries with a growing pause; it never stops for
//! good while its game goes on.

mod backoff;
pub mod pacing;
mod seat;
mod stats;

pub use stats::BotStats;

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use bots::{Bot, Level};
use domain::Seat;
use tokio::sync::{Semaphore, broadcast, mpsc};
use uuid::Uuid;

use crate::error::ApiError;
use crate::push::feed::FeedMessage;
use crate::service::{GameService, blocking};
use seat::Context;

/// How often the seats nobody plays are looked for.
const SCAN_EVERY: Duration = Duration::from_secs(5);
/// The most seats one scan takes up.
const SCAN_LIMIT: i64 = 1_000;

/// Refuses a level that does not exist (422). Every level plays every game kind.
pub fn check_level(level: &str) -> Result<(), ApiError> {
    match Level::from_id(level) {
        Some(_) => Ok(()),
        None => Err(ApiError::Unprocessable {
            code: "unknown_bot_level",
            detail: format!(
                "`{level}` is not a bot level; levels: {}",
                Level::ALL
                    .iter()
                    .map(|level| level.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            option: None,
        }),
    }
}

/// Decisions searched at once: one per core at most, so bots never take every core from the
/// requests of the people playing.
fn decision_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
}

/// Starts this process's bots on the current runtime; they run until `stop` is triggered.
/// The returned counters say what they did.
pub fn spawn(
    service: GameService,
    holder: Arc<str>,
    stop: crate::shutdown::ShutdownSignal,
) -> Arc<BotStats> {
    let stats = Arc::new(BotStats::default());
    let context = Context {
        service,
        holder,
        slots: Arc::new(Semaphore::new(decision_slots())),
        stats: Arc::clone(&stats),
        stop: stop.clone(),
    };
    tokio::spawn(supervise(context, stop));
    stats
}

/// Runs the bots of this process: those of the games that start, and every seat the periodic
/// scan finds unplayed. Lives as long as the feed, or until the server shuts down.
async fn supervise(context: Context, mut stop: crate::shutdown::ShutdownSignal) {
    let mut changes = context.service.hub().feed().subscribe();
    let (finished, mut finishing) = mpsc::unbounded_channel();
    let mut running = Running {
        seats: HashSet::new(),
        finished,
    };
    let mut scan = tokio::time::interval(SCAN_EVERY);
    scan.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = stop.triggered() => {
                // Each seat's task gives its lease up and ends; a decision under way is dropped.
                context.slots.close();
                return;
            }
            _ = scan.tick() => scan_unplayed(&context, &mut running).await,
            // Seats handed to bots in games already in play (a deleted account's).
            () = context.service.bot_seats_added().notified() => scan.reset_immediately(),
            change = changes.recv() => match change {
                // Bots play from the start of play, which is at version 0.
                Ok(FeedMessage::Changed { game, version: 0 }) => {
                    start_game_bots(&context, game, &mut running).await;
                }
                Ok(FeedMessage::Changed { .. }) => {}
                Ok(FeedMessage::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    scan.reset_immediately();
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            Some(done) = finishing.recv() => {
                running.seats.remove(&done);
            }
        }
    }
}

/// The bot seats this process plays now, and where their tasks say they stopped.
struct Running {
    seats: HashSet<(Uuid, Seat)>,
    finished: mpsc::UnboundedSender<(Uuid, Seat)>,
}

impl Running {
    /// Starts a task for the seat unless one runs already; it plays if it gets the lease.
    fn start(&mut self, context: &Context, game: Uuid, seat: Seat, level: &str) {
        let Some(level) = Level::from_id(level) else {
            tracing::warn!(%game, %seat, level, "a bot of no known level");
            return;
        };
        if !self.seats.insert((game, seat)) {
            return;
        }
        let (context, done) = (context.clone(), self.finished.clone());
        tokio::spawn(async move {
            let ended = seat::play(context, game, seat, Bot::new(level)).await;
            tracing::debug!(%game, %seat, ?ended, "a bot seat's task ended");
            let _ = done.send((game, seat));
        });
    }
}

/// Starts the bots of a game that has just started.
async fn start_game_bots(context: &Context, game: Uuid, running: &mut Running) {
    let reader = context.service.clone();
    let Ok(record) = blocking(move || Ok(reader.database().game(game)?)).await else {
        // The scan finds its seats later.
        return;
    };
    if record.status != persistence::GameStatus::Active {
        return;
    }
    for bot in &record.bots {
        running.start(context, game, bot.seat, &bot.level);
    }
}

/// Starts the seats of active games that no live process plays.
async fn scan_unplayed(context: &Context, running: &mut Running) {
    let reader = context.service.clone();
    let found = blocking(move || {
        let now = crate::clock::wall_millis();
        Ok(reader.database().unplayed_bot_seats(now, SCAN_LIMIT)?)
    })
    .await;
    match found {
        Ok(seats) => {
            for unplayed in seats {
                running.start(context, unplayed.game, unplayed.seat, &unplayed.level);
            }
        }
        Err(error) => {
            tracing::warn!(code = error.code(), %error, "cannot look for unplayed bot seats")
        }
    }
}

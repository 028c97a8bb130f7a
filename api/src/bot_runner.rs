//! Server-side bots: a task per bot seat that, woken by the feed, reads its seat's view and
//! legal moves, decides off the request path, and commits through the same service path as
//! people (version check, events, feed). Every process runs the bots of the games it hears of;
//! the version check lets exactly one of two processes' identical decisions through.

use std::collections::HashSet;
use std::sync::Arc;

use bots::{Bot, Level};
use domain::Seat;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio::sync::{Semaphore, broadcast, mpsc};
use uuid::Uuid;

use crate::error::ApiError;
use crate::push::feed::FeedMessage;
use crate::service::{BotTurn, GameService, blocking};

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

/// Runs the bots of this process: those of the active games now, and of every game that
/// starts later. Lives as long as the feed, or until the server shuts down.
pub async fn supervise(service: GameService, mut stop: crate::shutdown::ShutdownSignal) {
    let mut changes = service.hub().feed().subscribe();
    let (finished, mut finishing) = mpsc::unbounded_channel();
    let mut running = Running {
        seats: HashSet::new(),
        finished,
        slots: Arc::new(Semaphore::new(decision_slots())),
    };
    let mut scan = true;
    loop {
        let games = if scan {
            let service = service.clone();
            blocking(move || Ok(service.database().active_games_with_bots()?))
                .await
                .unwrap_or_else(|error| {
                    tracing::warn!(code = error.code(), "cannot list the games with bots");
                    Vec::new()
                })
        } else {
            Vec::new()
        };
        for game in games {
            start_bots(&service, game, &mut running).await;
        }
        scan = false;
        tokio::select! {
            () = stop.triggered() => return,
            change = changes.recv() => match change {
                // Bots play from the start of play, which is at version 0.
                Ok(FeedMessage::Changed { game, version: 0 }) => {
                    start_bots(&service, game, &mut running).await;
                }
                Ok(FeedMessage::Changed { .. }) => {}
                Ok(FeedMessage::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    scan = true;
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
    slots: Arc<Semaphore>,
}

async fn start_bots(service: &GameService, game: Uuid, running: &mut Running) {
    let reader = service.clone();
    let Ok(record) = blocking(move || Ok(reader.database().game(game)?)).await else {
        return;
    };
    if record.status != persistence::GameStatus::Active {
        return;
    }
    for bot in &record.bots {
        let Some(level) = Level::from_id(&bot.level) else {
            tracing::warn!(%game, seat = %bot.seat, level = %bot.level, "a bot of no known level");
            continue;
        };
        if running.seats.insert((game, bot.seat)) {
            let (service, done) = (service.clone(), running.finished.clone());
            let (seat, slots) = (bot.seat, Arc::clone(&running.slots));
            tokio::spawn(async move {
                play(service, game, seat, Bot::new(level), slots).await;
                let _ = done.send((game, seat));
            });
        }
    }
}

/// One bot seat of one game, until the game is over. The bot is handed its seat's view only.
async fn play(service: GameService, game: Uuid, seat: Seat, bot: Bot, slots: Arc<Semaphore>) {
    let hub = service.hub().clone();
    let mut watch = hub.feed().watch(game);
    let recheck = hub.settings().keep_alive;
    // The bot's own randomness, never the game's seed.
    let mut rng = StdRng::from_rng(&mut rand::rng());
    loop {
        let reader = service.clone();
        let turn = match blocking(move || reader.bot_turn(game, seat, reader.now())).await {
            Ok(turn) => turn,
            Err(error) => {
                tracing::warn!(%game, %seat, code = error.code(), "a bot stopped");
                return;
            }
        };
        match turn {
            BotTurn::Over => return,
            BotTurn::Wait => {
                tokio::select! {
                    () = watch.changed() => {}
                    // Deadlines pass without a wake-up; the re-read expires them.
                    () = tokio::time::sleep(recheck) => {}
                }
            }
            BotTurn::Decide(decision) => {
                let version = decision.version;
                let Ok(_slot) = slots.acquire().await else {
                    return;
                };
                // Searching takes CPU time: off the async workers.
                let decided = tokio::task::spawn_blocking(move || {
                    let mv = bot.decide(&decision.view, seat, &mut rng);
                    (rng, mv)
                })
                .await;
                let Ok((back, mv)) = decided else { return };
                rng = back;
                let mv = match mv {
                    Ok(mv) => mv,
                    Err(error) => {
                        tracing::warn!(%game, %seat, %error, "a bot had no move; it waits for a change");
                        watch.changed().await;
                        continue;
                    }
                };
                let writer = service.clone();
                match blocking(move || {
                    writer.submit_bot_move(game, seat, version, mv, writer.now())
                })
                .await
                {
                    // Another process's bot, or a deadline, got there first: read again.
                    Ok(()) | Err(ApiError::Conflict { .. }) => {}
                    Err(error) => {
                        tracing::warn!(%game, %seat, code = error.code(), "a bot's move failed");
                        return;
                    }
                }
            }
        }
    }
}

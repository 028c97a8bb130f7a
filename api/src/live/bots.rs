//! Server-side bots: a task per bot seat that, woken by the feed, reads its seat's view and
//! legal moves, decides off the request path, and commits through the same service path as
//! people (version check, events, feed). Every process runs the bots of the games it hears of;
//! the version check lets exactly one of two processes' identical decisions through.

use std::collections::HashSet;

use domain::{AnyLegalMoves, AnyMove, AnyView, GameKind, Seat};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

use super::feed::FeedMessage;
use crate::error::ApiError;
use crate::service::{BotTurn, GameService, blocking};

/// A computer player for one seat. It decides from what its seat may see: its view and its
/// legal moves, never the game's state.
pub trait Decide: Send {
    fn decide(&mut self, seat: Seat, view: &AnyView, legal: &AnyLegalMoves) -> Option<AnyMove>;
}

/// The levels a bot seat may be given, with the game kinds each can play.
fn plays(level: &str, kind: GameKind) -> Option<bool> {
    match level {
        // Tribute's legal moves are a description, not a list to draw from.
        "random" => Some(kind != GameKind::Tribute),
        _ => None,
    }
}

/// Refuses a level that does not exist, or cannot play `kind` (422).
pub fn check_level(level: &str, kind: GameKind) -> Result<(), ApiError> {
    match plays(level, kind) {
        Some(true) => Ok(()),
        Some(false) => Err(ApiError::Unprocessable {
            code: "bot_unsupported",
            detail: format!("a `{level}` bot cannot play {} yet", kind.id()),
            option: None,
        }),
        None => Err(ApiError::Unprocessable {
            code: "unknown_bot_level",
            detail: format!("`{level}` is not a bot level; levels: random"),
            option: None,
        }),
    }
}

fn decider(_level: &str) -> Box<dyn Decide> {
    Box::new(Uniform(StdRng::from_rng(&mut rand::rng())))
}

/// Uniform over the legal moves, with its own randomness (never the game's).
struct Uniform(StdRng);

impl Uniform {
    fn pick<M: Clone>(&mut self, moves: &[M]) -> Option<M> {
        (!moves.is_empty()).then(|| moves[self.0.random_range(0..moves.len())].clone())
    }
}

impl Decide for Uniform {
    fn decide(&mut self, _seat: Seat, _view: &AnyView, legal: &AnyLegalMoves) -> Option<AnyMove> {
        match legal {
            AnyLegalMoves::TradeOrDuel(moves) => self.pick(moves).map(AnyMove::TradeOrDuel),
            AnyLegalMoves::Intrigue(moves) => self.pick(moves).map(AnyMove::Intrigue),
            AnyLegalMoves::TrickyTribes(moves) => self.pick(moves).map(AnyMove::TrickyTribes),
            AnyLegalMoves::Tribute(_) => None,
        }
    }
}

/// Runs the bots of this process: those of the active games now, and of every game that
/// starts later. Lives as long as the feed, or until the server shuts down.
pub async fn supervise(service: GameService, mut stop: crate::shutdown::ShutdownSignal) {
    let mut changes = service.hub().feed().subscribe();
    let (finished, mut finishing) = mpsc::unbounded_channel();
    let mut running = Running {
        seats: HashSet::new(),
        finished,
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
        if running.seats.insert((game, bot.seat)) {
            let (service, done) = (service.clone(), running.finished.clone());
            let (seat, decider) = (bot.seat, decider(&bot.level));
            tokio::spawn(async move {
                play(service, game, seat, decider).await;
                let _ = done.send((game, seat));
            });
        }
    }
}

/// One bot seat of one game, until the game is over.
async fn play(service: GameService, game: Uuid, seat: Seat, mut decider: Box<dyn Decide>) {
    let hub = service.hub().clone();
    let mut watch = hub.feed().watch(game);
    let recheck = hub.settings().keep_alive;
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
                // Searching takes CPU time: off the async workers.
                let decided = tokio::task::spawn_blocking(move || {
                    let mv = decider.decide(seat, &decision.view, &decision.legal);
                    (decider, mv)
                })
                .await;
                let Ok((back, mv)) = decided else { return };
                decider = back;
                let Some(mv) = mv else {
                    tracing::warn!(%game, %seat, "a bot had no move; it waits for the deadline");
                    watch.changed().await;
                    continue;
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

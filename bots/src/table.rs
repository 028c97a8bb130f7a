//! A referee for tests and benchmarks: it holds one game, asks the seat to act for its move,
//! showing it only that seat's own view, and applies the move through the game's normal
//! `apply`, which refuses an illegal one. The server plays bots the same way.

use domain::{
    Actor, AnyGame, AnyMove, AnyView, GameKind, OptionMap, Outcome, Seat, Seed, SetupError, Viewer,
};

use crate::BotError;

/// Why a game could not be played to its end.
#[derive(Debug)]
pub enum TableError {
    Setup(SetupError),
    /// The seat to act made no move.
    NoMove(Seat, BotError),
    /// The seat's move was refused: it was not legal.
    Refused(Seat, String),
    /// The game did not end within the bound on moves, or waited for nobody.
    Stuck,
}

/// Upper bound on the moves of one game; every game ends long before.
const MAX_MOVES: usize = 100_000;

/// Plays a game of `kind` from `seed` to its end. `decide` is asked for each move, with the
/// seat to act and that seat's view; in a simultaneous decision the lowest waiting seat goes
/// first. No deadline passes: every seat always moves.
pub fn play(
    kind: GameKind,
    players: i64,
    options: &OptionMap,
    seed: &Seed,
    mut decide: impl FnMut(Seat, &AnyView) -> Result<AnyMove, BotError>,
) -> Result<Outcome, TableError> {
    let mut now = 0;
    let (mut game, _) =
        AnyGame::create(kind, players, options, seed, None, now).map_err(TableError::Setup)?;
    for _ in 0..MAX_MOVES {
        if let Some(outcome) = game.outcome() {
            return Ok(outcome);
        }
        now += 1;
        let seat = game.to_act().first().copied().ok_or(TableError::Stuck)?;
        let mv = decide(seat, &game.view(Viewer::Seat(seat)))
            .map_err(|error| TableError::NoMove(seat, error))?;
        game.apply(Actor::Seat(seat), mv, now)
            .map_err(|error| TableError::Refused(seat, error.to_string()))?;
    }
    Err(TableError::Stuck)
}

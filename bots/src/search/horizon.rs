//! Where a rollout may stop before the game ends, and what the position is worth there.
//!
//! A Tricky Tribes game runs for as many rounds as it takes a unit to reach the target score,
//! and every round is dealt afresh, so a rollout stops when the round it started in is scored
//! and the bot's unit is judged by its place in the cumulative scores. Every other game is
//! short enough to play to its end.

use domain::{AnyGame, Seat};

use super::playout::standing_reward;

#[derive(Clone, Copy, Debug)]
pub(super) enum Horizon {
    /// Play to the end of the game.
    GameEnd,
    /// Stop once this round is over.
    RoundEnd(u32),
}

impl Horizon {
    pub fn of(game: &AnyGame) -> Self {
        match game {
            AnyGame::TrickyTribes(game) => Horizon::RoundEnd(game.round()),
            _ => Horizon::GameEnd,
        }
    }

    /// Whether a rollout from here on can stop.
    pub fn reached(self, game: &AnyGame) -> bool {
        match (self, game) {
            (Horizon::RoundEnd(round), AnyGame::TrickyTribes(game)) => game.round() > round,
            _ => false,
        }
    }

    /// What an unfinished game at the horizon is worth to `seat`: the place of its unit in the
    /// cumulative scores, as if the game ended now.
    pub fn value(self, game: &AnyGame, seat: Seat) -> Option<f64> {
        let AnyGame::TrickyTribes(game) = game else {
            return None;
        };
        let units = game.scores();
        let own = units.iter().find(|unit| unit.seats.contains(&seat))?;
        let ahead = units.iter().filter(|unit| unit.score > own.score).count();
        Some(standing_reward(units.len(), ahead + 1, ahead == 0))
    }
}

//! The bot: a level and its budget, deciding from one seat's view.

use domain::{AnyGame, AnyMove, AnyView, SampleError, Seat};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::search::{self, SearchConfig, SearchStats};

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A move drawn uniformly among the legal moves.
    Random,
    /// Information Set Monte Carlo Tree Search over deals sampled from the seat's view.
    Search,
}

impl Level {
    pub const ALL: &'static [Level] = &[Level::Random, Level::Search];

    /// The name clients use.
    pub fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Search => "search",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|level| level.id() == id)
    }
}

/// Why a bot made no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The view was not built for the seat (another seat's, or a spectator's).
    NotOwnView,
    /// The seat has no pending decision (or the game is over).
    NothingToDecide,
    /// No state could be dealt from the view (a view this version of the rules did not build).
    Unsampleable(SampleError),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::NotOwnView => write!(f, "the view is not the seat's own"),
            BotError::NothingToDecide => write!(f, "the seat has nothing to decide"),
            BotError::Unsampleable(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for BotError {}

/// A computer player. Holds no state between decisions: one value serves any seat and game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bot {
    level: Level,
    /// A `search` budget other than the calibrated one of the view's kind.
    search: Option<SearchConfig>,
}

impl Bot {
    /// A bot of `level` with the calibrated budget (see `docs/bots.md`).
    pub fn new(level: Level) -> Self {
        Self {
            level,
            search: None,
        }
    }

    /// A `search` bot with the budget and tuning of `config`, whatever the game kind.
    pub fn with_search(config: SearchConfig) -> Self {
        Self {
            level: Level::Search,
            search: Some(config),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The move `seat` makes now, decided from its own `view`, with randomness from `rng`.
    ///
    /// With the same view, the same `rng` state and no time cap, the decision repeats exactly.
    pub fn decide<R: Rng + ?Sized>(
        &self,
        view: &AnyView,
        seat: Seat,
        rng: &mut R,
    ) -> Result<AnyMove, BotError> {
        self.decide_with_stats(view, seat, rng).map(|(mv, _)| mv)
    }

    /// [`Bot::decide`], with what the decision cost (all zero for a `random` bot).
    pub fn decide_with_stats<R: Rng + ?Sized>(
        &self,
        view: &AnyView,
        seat: Seat,
        rng: &mut R,
    ) -> Result<(AnyMove, SearchStats), BotError> {
        if view.viewer() != Some(seat) {
            return Err(BotError::NotOwnView);
        }
        // One generator type inside, whatever the caller's.
        let mut rng = ChaCha8Rng::from_rng(rng);
        // The seat's legal moves depend only on what it sees, so any deal from its view has
        // the real ones.
        let deal =
            AnyGame::sample_from_view(view, seat, &mut rng).map_err(BotError::Unsampleable)?;
        if !deal.to_act().contains(&seat) {
            return Err(BotError::NothingToDecide);
        }
        let legal = deal.legal_moves(seat);
        match self.level {
            Level::Random => legal
                .random(&mut rng)
                .map(|mv| (mv, SearchStats::default()))
                .ok_or(BotError::NothingToDecide),
            Level::Search => {
                let config = self
                    .search
                    .unwrap_or_else(|| SearchConfig::for_kind(view.kind()));
                search::decide(&config, view, seat, deal, &legal, &mut rng)
                    .ok_or(BotError::NothingToDecide)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Level;

    #[test]
    fn levels_are_named_by_their_ids() {
        for level in Level::ALL {
            assert_eq!(Level::from_id(level.id()), Some(*level));
        }
        assert_eq!(Level::from_id("grandmaster"), None);
    }
}

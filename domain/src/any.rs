//! Dynamic dispatch over the concrete games, as stored and served.

use serde::{Deserialize, Serialize};

use crate::games::trade_or_duel as tod;
use crate::{
    Actor, Game, GameKind, IllegalMove, Input, OptionMap, Outcome, Seat, Seed, SetupError,
    Timestamp, Viewer,
};

/// Any game, tagged by kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "state", rename_all = "snake_case")]
pub enum AnyGame {
    TradeOrDuel(tod::TradeOrDuel),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "move", rename_all = "snake_case")]
pub enum AnyMove {
    TradeOrDuel(tod::Move),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "setup", rename_all = "snake_case")]
pub enum AnySetup {
    TradeOrDuel(tod::Setup),
}

#[derive(Clone, Debug)]
pub enum AnyView {
    TradeOrDuel(tod::View),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "event", rename_all = "snake_case")]
pub enum AnyEvent {
    TradeOrDuel(tod::Event),
}

#[derive(Clone, Debug)]
pub enum AnyEventView {
    TradeOrDuel(tod::EventView),
}

#[derive(Clone, Debug)]
pub enum AnyLegalMoves {
    TradeOrDuel(Vec<tod::Move>),
}

fn kind_mismatch() -> IllegalMove {
    IllegalMove::new("malformed", "the move belongs to another game")
}

impl AnyGame {
    /// Validates options for a new game without setting it up.
    pub fn check_options(
        kind: GameKind,
        players: i64,
        options: &OptionMap,
    ) -> Result<(), SetupError> {
        match kind {
            GameKind::TradeOrDuel => tod::TradeOrDuel::parse_options(players, options).map(drop),
        }
    }

    /// Sets a game up from its options and seed, or from an explicit setup.
    pub fn create(
        kind: GameKind,
        players: i64,
        options: &OptionMap,
        seed: &Seed,
        setup: Option<AnySetup>,
        now: Timestamp,
    ) -> Result<(Self, Vec<AnyEvent>), SetupError> {
        match kind {
            GameKind::TradeOrDuel => {
                let options = tod::TradeOrDuel::parse_options(players, options)?;
                let setup = setup.map(|AnySetup::TradeOrDuel(setup)| setup);
                let (game, events) = tod::TradeOrDuel::new(options, seed.rng(), setup, now)?;
                Ok((
                    AnyGame::TradeOrDuel(game),
                    events.into_iter().map(AnyEvent::TradeOrDuel).collect(),
                ))
            }
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::TradeOrDuel(_) => GameKind::TradeOrDuel,
        }
    }

    pub fn players(&self) -> usize {
        match self {
            AnyGame::TradeOrDuel(game) => game.players(),
        }
    }

    pub fn to_act(&self) -> Vec<Seat> {
        match self {
            AnyGame::TradeOrDuel(game) => game.to_act(),
        }
    }

    pub fn deadline(&self) -> Option<Timestamp> {
        match self {
            AnyGame::TradeOrDuel(game) => game.deadline(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGame::TradeOrDuel(game) => game.outcome(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn legal_moves(&self, seat: Seat) -> AnyLegalMoves {
        match self {
            AnyGame::TradeOrDuel(game) => AnyLegalMoves::TradeOrDuel(game.legal_moves(seat)),
        }
    }

    pub fn view(&self, viewer: Viewer) -> AnyView {
        match self {
            AnyGame::TradeOrDuel(game) => AnyView::TradeOrDuel(game.view(viewer)),
        }
    }

    pub fn event_view(&self, event: &AnyEvent, viewer: Viewer) -> Option<AnyEventView> {
        match (self, event) {
            (AnyGame::TradeOrDuel(game), AnyEvent::TradeOrDuel(event)) => game
                .event_view(event, viewer)
                .map(AnyEventView::TradeOrDuel),
        }
    }

    pub fn apply(
        &mut self,
        actor: Actor,
        mv: AnyMove,
        now: Timestamp,
    ) -> Result<Vec<AnyEvent>, IllegalMove> {
        match (self, mv) {
            (AnyGame::TradeOrDuel(game), AnyMove::TradeOrDuel(mv)) => Ok(game
                .apply(actor, mv, now)?
                .into_iter()
                .map(AnyEvent::TradeOrDuel)
                .collect()),
            #[expect(unreachable_patterns, reason = "more games join this enum")]
            _ => Err(kind_mismatch()),
        }
    }

    pub fn expire(&mut self, now: Timestamp) -> Result<Vec<AnyEvent>, IllegalMove> {
        match self {
            AnyGame::TradeOrDuel(game) => Ok(game
                .expire(now)?
                .into_iter()
                .map(AnyEvent::TradeOrDuel)
                .collect()),
        }
    }

    /// Applies one logged input.
    pub fn apply_input(
        &mut self,
        input: &Input<AnyMove>,
        now: Timestamp,
    ) -> Result<Vec<AnyEvent>, IllegalMove> {
        match input {
            Input::Move { seat, mv } => self.apply(Actor::Seat(*seat), mv.clone(), now),
            Input::Expire => self.expire(now),
        }
    }

    /// The shared deadline mechanism: expires every passed deadline at `now`, returning one
    /// batch of events per expiry (each is logged as an [`Input::Expire`]).
    pub fn advance(&mut self, now: Timestamp) -> Vec<Vec<AnyEvent>> {
        match self {
            AnyGame::TradeOrDuel(game) => crate::advance(game, now)
                .into_iter()
                .map(|batch| batch.into_iter().map(AnyEvent::TradeOrDuel).collect())
                .collect(),
        }
    }
}

//! Moves as seats submit them, the legal ones, and the defaults for missed deadlines.

use serde::{Deserialize, Serialize};

use super::state::{Phase, TradeOrDuel};
use super::terms::Action;
use crate::Seat;

/// A move in its wire shape. Values are raw on purpose: out-of-range ones are rule errors
/// (`invalid_target`, `invalid_action`, `invalid_count`, `invalid_card`), not parse errors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Move {
    Declare { target: i64, action: String },
    Answer { count: i64 },
    ChooseCards { cards: Vec<i64> },
}

impl Move {
    pub(super) fn declare(target: Seat, action: Action) -> Self {
        Move::Declare {
            target: i64::from(target.0),
            action: action.id().to_owned(),
        }
    }
}

impl TradeOrDuel {
    pub(super) fn legal_moves_of(&self, seat: Seat) -> Vec<Move> {
        if !self.pending().contains(&seat) {
            return Vec::new();
        }
        match &self.phase {
            Phase::Declaration => self
                .survivors()
                .into_iter()
                .filter(|target| *target != seat)
                .flat_map(|target| {
                    [Action::Trade, Action::Duel].map(|action| Move::declare(target, action))
                })
                .collect(),
            Phase::Answer { .. } => vec![Move::Answer { count: 1 }, Move::Answer { count: 2 }],
            // A pending card step always asks for exactly one card.
            Phase::Cards(_) => self
                .hand(seat)
                .iter()
                .map(|card| Move::ChooseCards {
                    cards: vec![i64::from(*card)],
                })
                .collect(),
            Phase::Over(_) => Vec::new(),
        }
    }

    pub(super) fn default_move_of(&self, seat: Seat) -> Option<Move> {
        if !self.pending().contains(&seat) {
            return None;
        }
        match &self.phase {
            Phase::Declaration => self
                .next_survivor_after(seat)
                .map(|target| Move::declare(target, Action::Duel)),
            Phase::Answer { .. } => Some(Move::Answer { count: 1 }),
            Phase::Cards(_) => self.hand(seat).first().map(|card| Move::ChooseCards {
                cards: vec![i64::from(*card)],
            }),
            Phase::Over(_) => None,
        }
    }
}

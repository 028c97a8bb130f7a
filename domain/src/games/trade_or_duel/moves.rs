//! Moves as seats submit them, the legal ones, and the defaults for missed deadlines.

use serde::{Deserialize, Serialize};

use super::state::{Phase, TradeOrDuel};
use super::terms::Action;
use crate::Seat;

// Values are raw on purpose: out-of-range ones are rule errors (`invalid_target`,
// `invalid_action`, `invalid_count`, `invalid_card`), not parse errors.
/// A move of Trade or Duel. Out-of-range values are refused by the rules (422), not the parser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelMove))]
pub enum Move {
    /// The active player starts an interaction with another survivor.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelDeclare"))]
    Declare {
        /// The target's seat.
        target: i64,
        /// `trade` or `duel`.
        action: String,
    },
    /// The target chooses the count.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelAnswer"))]
    Answer {
        /// One (1) or Two (2).
        count: i64,
    },
    /// A party commits its card(s), secretly.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelChooseCards"))]
    ChooseCards {
        /// Exactly `count` distinct cards from the party's own hand.
        cards: Vec<i64>,
    },
}

/// Every legal move of the caller, each exactly as it can be posted back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelLegalMoves))]
pub struct LegalMoves(pub Vec<Move>);

crate::choices::listed_choices!(LegalMoves, Move);

impl std::ops::Deref for LegalMoves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
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
    pub(super) fn legal_moves_of(&self, seat: Seat) -> LegalMoves {
        LegalMoves(self.listed_moves(seat))
    }

    fn listed_moves(&self, seat: Seat) -> Vec<Move> {
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

//! The vocabulary shared by the state, the log and the views.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A card, identified by its value 1..18.
pub type Card = u8;

/// The number of distinct cards in the game.
pub const DECK_SIZE: Card = 18;

/// What the active player declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelAction))]
pub enum Action {
    Trade,
    Duel,
}

impl Action {
    pub fn id(self) -> &'static str {
        match self {
            Action::Trade => "trade",
            Action::Duel => "duel",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "trade" => Some(Action::Trade),
            "duel" => Some(Action::Duel),
            _ => None,
        }
    }
}

/// How the count was set: answered by the target, forced by a one-card hand, or defaulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelCountHow))]
pub enum CountHow {
    Answered,
    Forced,
    Default,
}

/// How a party's cards were committed: chosen, forced (whole hand) or defaulted (lowest card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelCommitHow))]
pub enum CommitHow {
    Chosen,
    Forced,
    Default,
}

/// Who won a duel (`tie` only in a Duel 2 with equal sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelDuelOutcome))]
pub enum DuelOutcome {
    ActiveWon,
    TargetWon,
    Tie,
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelPhase))]
pub enum PhaseName {
    AwaitingDeclaration,
    AwaitingAnswer,
    AwaitingCards,
    GameOver,
}

/// A revealed hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelSeatHand))]
pub struct SeatHand {
    /// The holder's seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The cards, ascending.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub cards: Vec<Card>,
    /// The sum of the cards.
    pub total: u32,
}

/// The hands laid open by a comparison at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelComparison))]
pub struct Comparison {
    /// The round that ended with this comparison.
    pub round: u32,
    /// Every survivor's hand and total, by seat.
    pub hands: Vec<SeatHand>,
    /// Two or more survivors shared the lowest total, so an extra round followed.
    pub lowest_tied: bool,
}

/// Where a player stands at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Standing {
    Survivor { hand_total: u32 },
    Eliminated { elimination_index: u32 },
}

/// One line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    pub seat: Seat,
    /// Competition place: 1 + the number of players strictly ahead.
    pub place: u8,
    pub standing: Standing,
}

/// The result of a finished game, public to everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// `None` when no survivor remains.
    pub winner: Option<Seat>,
    /// Every player, by place then seat.
    pub ranking: Vec<Placing>,
    /// Every survivor's final hand, by seat.
    pub final_hands: Vec<SeatHand>,
    /// The cards that were never dealt, ascending.
    pub set_aside: Vec<Card>,
}

pub fn total(cards: &[Card]) -> u32 {
    cards.iter().map(|card| u32::from(*card)).sum()
}

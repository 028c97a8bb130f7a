//! What becomes public when a phase closes: selections, turn records and the result.

use serde::{Deserialize, Serialize};

use super::terms::{PlayRecord, SEATS, Value};
use crate::{Seat, Timestamp};

/// A seat's selection as revealed when the Selection phase closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSelectionRecord))]
pub struct SelectionRecord {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The ten cards, ascending.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub cards: Vec<Value>,
    /// Doubles bought.
    pub doubles: u32,
    /// The engine made this selection because the seat missed the deadline.
    pub nmr: bool,
}

/// A seat's orders as used in a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSeatOrders))]
pub struct SeatOrders {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// Against the lower opponent first.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<PlayRecord>))]
    pub plays: [PlayRecord; 2],
    /// Doubles played.
    pub doubles: u32,
    /// The engine made these orders because the seat missed the deadline.
    pub nmr: bool,
}

/// One match: the value `seats[0]` played against `seats[1]` and vice versa.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeMatch))]
pub struct MatchRecord {
    /// The two seats, lower first.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub seats: [Seat; 2],
    /// The values they played against each other, in the order of `seats`.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub values: [Value; 2],
    /// The seat with the higher value; null for a tie.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub winner: Option<Seat>,
}

// `multiplier` is `2^D` for the `D` doubles played this turn by all seats together.
/// The public record of a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeTurnRecord))]
pub struct TurnRecord {
    /// The turn number, 1..5.
    pub turn: u8,
    /// When the turn closed (Unix seconds).
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub closed_at: Timestamp,
    /// Seats 0, 1, 2 in order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<SeatOrders>))]
    pub orders: [SeatOrders; SEATS],
    /// The stake of every match: 2 to the power of the doubles played this turn.
    pub multiplier: i64,
    /// Matches (0,1), (0,2), (1,2) in that order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<MatchRecord>))]
    pub matches: [MatchRecord; SEATS],
    /// Score changes of seats 0, 1, 2.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub deltas: [i64; SEATS],
    /// Scores of seats 0, 1, 2 after the turn.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub scores_after: [i64; SEATS],
}

// Ranks are competition ranks: 1 + the number of seats with a strictly higher score.
/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeResult))]
pub struct GameResult {
    /// Final scores of seats 0, 1, 2 (they add up to 0).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub final_scores: [i64; SEATS],
    /// Competition ranks of seats 0, 1, 2 (1 is best; ties share a rank).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub ranks: [u8; SEATS],
    /// Every seat of rank 1.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub winners: Vec<Seat>,
}

impl GameResult {
    pub fn from_scores(final_scores: [i64; SEATS]) -> Self {
        let ranks = final_scores.map(|score| {
            let higher = final_scores.iter().filter(|other| **other > score).count();
            u8::try_from(higher + 1).unwrap_or(u8::MAX)
        });
        let winners = (0u8..)
            .zip(ranks)
            .filter(|(_, rank)| *rank == 1)
            .map(|(seat, _)| Seat(seat))
            .collect();
        Self {
            final_scores,
            ranks,
            winners,
        }
    }
}

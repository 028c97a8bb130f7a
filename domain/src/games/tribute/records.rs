//! What becomes public when a phase closes: selections, turn records and the result.

use serde::{Deserialize, Serialize};

use super::terms::{PlayRecord, SEATS, Value};
use crate::{Seat, Timestamp};

/// A seat's selection as revealed when the Selection phase closes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectionRecord {
    pub seat: Seat,
    /// Sorted ascending.
    pub cards: Vec<Value>,
    /// Doubles bought.
    pub doubles: u32,
    /// The engine made this selection because the seat missed the deadline.
    pub nmr: bool,
}

/// A seat's orders as used in a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatOrders {
    pub seat: Seat,
    /// Against the lower opponent first.
    pub plays: [PlayRecord; 2],
    pub doubles: u32,
    pub nmr: bool,
}

/// One match of a turn: the value seat `seats[0]` played against `seats[1]` and vice versa.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub seats: [Seat; 2],
    pub values: [Value; 2],
    /// `None` for a tie.
    pub winner: Option<Seat>,
}

/// The public record of one resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub turn: u8,
    pub closed_at: Timestamp,
    /// Seats 0, 1, 2 in order.
    pub orders: [SeatOrders; SEATS],
    /// `2^D` for the `D` doubles played this turn by all seats together.
    pub multiplier: i64,
    /// Matches (0,1), (0,2), (1,2) in that order.
    pub matches: [MatchRecord; SEATS],
    pub deltas: [i64; SEATS],
    pub scores_after: [i64; SEATS],
}

/// The fixed result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub final_scores: [i64; SEATS],
    /// Competition ranking: 1 + the number of seats with a strictly higher score.
    pub ranks: [u8; SEATS],
    /// Every seat of rank 1; a tie for the top score shares the win.
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

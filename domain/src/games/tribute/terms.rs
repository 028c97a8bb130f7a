//! The vocabulary shared by the state, the log and the views.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A card value, 0..=9. In the standard game a card is just its value.
pub type Value = u8;

/// The highest card value.
pub const MAX_VALUE: Value = 9;
/// Tribute is always played by exactly three seats.
pub const SEATS: usize = 3;
/// Cards in a selection, and values each seat plays over the game.
pub const CARDS: usize = 10;
/// Turns in a game.
pub const TURNS: u8 = 5;

/// The three seats in order.
pub fn all_seats() -> [Seat; SEATS] {
    [Seat(0), Seat(1), Seat(2)]
}

/// The seat's two opponents, lower seat number first: `[L(s), H(s)]`.
pub fn opponents(seat: Seat) -> [Seat; 2] {
    match seat.0 {
        0 => [Seat(1), Seat(2)],
        1 => [Seat(0), Seat(2)],
        _ => [Seat(0), Seat(1)],
    }
}

/// Values a seat still has to play at the start of `turn`, counting that turn (`P = 12 − 2n`).
pub fn plays_left(turn: u8) -> i64 {
    12 - 2 * i64::from(turn)
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Standard game only: every seat chooses its ten cards and buys doubles.
    Selection,
    /// Turn 1..=5: every seat submits orders.
    Turn(u8),
    Finished,
}

impl Phase {
    pub fn turn(self) -> Option<u8> {
        match self {
            Phase::Turn(turn) => Some(turn),
            _ => None,
        }
    }

    /// The kind of phase, without the turn number.
    pub fn name(self) -> PhaseName {
        match self {
            Phase::Selection => PhaseName::Selection,
            Phase::Turn(_) => PhaseName::Turn,
            Phase::Finished => PhaseName::Finished,
        }
    }
}

/// The kind of phase; during a turn the turn number is given beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributePhase))]
pub enum PhaseName {
    /// Standard game only: every seat chooses its ten cards and buys doubles.
    Selection,
    /// One of turns 1..5: every seat submits orders.
    Turn,
    /// Turn 5 has been resolved; the result is fixed.
    Finished,
}

/// A selection: ten cards and the doubles bought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSelection))]
pub struct Selection {
    /// The ten cards, ascending.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub cards: Vec<Value>,
    /// Doubles bought.
    pub doubles: u32,
}

/// Validated orders of one seat, relative to that seat's opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// The value played against the lower opponent `L(s)`.
    pub lower: Value,
    /// The value played against the higher opponent `H(s)`.
    pub higher: Value,
    pub doubles: u32,
}

impl Orders {
    /// The two plays of `seat`, listed against the lower opponent first.
    pub fn plays(&self, seat: Seat) -> [PlayRecord; 2] {
        let [low, high] = opponents(seat);
        [
            PlayRecord {
                opponent: low,
                value: self.lower,
            },
            PlayRecord {
                opponent: high,
                value: self.higher,
            },
        ]
    }

    /// The value `seat` plays against `opponent` (which must be one of its opponents).
    pub fn against(&self, seat: Seat, opponent: Seat) -> Value {
        if opponents(seat)[0] == opponent {
            self.lower
        } else {
            self.higher
        }
    }

    /// `x + y + double_cost × d`: what the orders take from a Blind seat's remaining total.
    pub fn charge(&self, double_cost: i64) -> i64 {
        i64::from(self.lower) + i64::from(self.higher) + double_cost * i64::from(self.doubles)
    }
}

/// One value played against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributePlayRecord))]
pub struct PlayRecord {
    /// The opponent's seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub opponent: Seat,
    /// The value played, 0..9.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub value: Value,
}

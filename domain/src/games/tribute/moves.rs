//! Moves as clients send them. Every value the rules check with an error code stays a raw
//! integer here, so those checks run in `apply` in the rules' order.

use serde::{Deserialize, Serialize};

/// A move of Tribute. Out-of-range values are refused by the rules (422), not the parser; a
/// negative `doubles` or a missing required field is malformed (400).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeMove))]
pub enum Move {
    /// Standard game, Selection phase: choose ten cards and buy doubles.
    #[cfg_attr(feature = "openapi", schema(title = "TributeSelect"))]
    Select {
        /// Ten values 0..9 in any order, adding up to `card_total − double_cost × doubles`.
        cards: Vec<i64>,
        /// Doubles bought, 0..max_doubles (0 when specials are off). Default 0.
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = i64, minimum = 0, default = 0))]
        doubles: DoubleCount,
    },
    /// Any turn: one value against each opponent, plus the doubles played this turn.
    #[cfg_attr(feature = "openapi", schema(title = "TributeOrders"))]
    Orders {
        /// The current turn number (1..5).
        turn: i64,
        /// Exactly two plays, one against each opponent, in any order.
        plays: Vec<Play>,
        /// Doubles played this turn, at most the seat's doubles left. Default 0.
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = i64, minimum = 0, default = 0))]
        doubles: DoubleCount,
    },
}

/// One value played against one opponent, as submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributePlay))]
pub struct Play {
    /// The opponent's seat.
    pub opponent: i64,
    /// The value, 0..9.
    pub value: i64,
}

/// A number of doubles. A negative count is a shape error (`malformed`), so it cannot be built.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(try_from = "i64", into = "i64")]
pub struct DoubleCount(i64);

impl DoubleCount {
    pub const ZERO: DoubleCount = DoubleCount(0);

    pub fn new(count: i64) -> Option<Self> {
        (count >= 0).then_some(Self(count))
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

impl From<u32> for DoubleCount {
    fn from(count: u32) -> Self {
        Self(i64::from(count))
    }
}

impl TryFrom<i64> for DoubleCount {
    type Error = String;

    fn try_from(count: i64) -> Result<Self, Self::Error> {
        Self::new(count).ok_or_else(|| "`doubles` must not be negative".to_owned())
    }
}

impl From<DoubleCount> for i64 {
    fn from(count: DoubleCount) -> Self {
        count.0
    }
}

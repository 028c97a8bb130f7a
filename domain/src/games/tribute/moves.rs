//! Moves as clients send them. Every value the rules check with an error code stays a raw
//! integer here, so those checks run in `apply` in the rules' order.

use serde::{Deserialize, Serialize};

/// A move of Tribute, as the JSON shapes of the rules file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Move {
    /// Standard game, Selection phase: ten cards in any order and the doubles bought.
    Select {
        cards: Vec<i64>,
        #[serde(default)]
        doubles: DoubleCount,
    },
    /// Any turn: one value against each opponent and the doubles played this turn.
    Orders {
        turn: i64,
        plays: Vec<Play>,
        #[serde(default)]
        doubles: DoubleCount,
    },
}

/// One entry of `plays`: the value played against `opponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub opponent: i64,
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

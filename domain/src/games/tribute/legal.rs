//! The legal moves of one seat, as a description a client can build a legal move from.

use serde::Serialize;

use super::state::Tribute;
use super::terms::{CARDS, MAX_VALUE, Phase, Value, opponents};
use crate::Seat;

// During an open phase a seat may submit (or resubmit) any time.
/// What a seat may submit now (a description where a list would be too long).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeLegalMoves))]
pub enum LegalMoves {
    /// Nothing to decide: the game is over.
    #[cfg_attr(feature = "openapi", schema(title = "TributeLegalMovesNothing"))]
    Nothing,
    /// A `select` move: `card_count` values in `min_value..max_value` adding up to the total
    /// listed for the doubles bought.
    #[cfg_attr(feature = "openapi", schema(title = "TributeLegalMovesSelect"))]
    Select {
        /// Always 10.
        #[cfg_attr(feature = "openapi", schema(value_type = u32))]
        card_count: usize,
        /// Always 0.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        min_value: Value,
        /// Always 9.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        max_value: Value,
        /// The legal numbers of doubles and the card total each requires.
        totals: Vec<SelectTotal>,
    },
    /// An `orders` move for `turn`, one play against each of `opponents`.
    #[cfg_attr(feature = "openapi", schema(title = "TributeLegalMovesOrders"))]
    Orders {
        /// The current turn number.
        turn: u8,
        /// The seat's opponents, lower first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        opponents: [Seat; 2],
        /// Which values and doubles the orders may use.
        values: OrderValues,
    },
}

/// The required card total for one number of doubles bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSelectTotal))]
pub struct SelectTotal {
    /// Doubles bought.
    pub doubles: u32,
    /// What the ten cards must add up to.
    pub total: i64,
}

/// Which values and doubles orders may use.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeOrderValues))]
pub enum OrderValues {
    /// Standard: two values from the hand (two copies for equal values), and 0..doubles_left
    /// doubles.
    #[cfg_attr(feature = "openapi", schema(title = "TributeOrderValuesHand"))]
    Hand {
        /// The cards not yet played, ascending.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        hand: Vec<Value>,
        /// The most doubles the orders may play.
        doubles_left: u32,
    },
    /// Blind: two values 0..9 whose sum lies in the range listed for the doubles played.
    #[cfg_attr(feature = "openapi", schema(title = "TributeOrderValuesBlind"))]
    Blind {
        /// The remaining total `R`.
        remaining: i64,
        /// Values still to play, counting this turn.
        plays_left: i64,
        /// What each double adds to the charge.
        double_cost: i64,
        /// Smallest allowed charge `x + y + double_cost × doubles`.
        charge_min: i64,
        /// Largest allowed charge.
        charge_max: i64,
        /// Allowed sums per number of doubles; counts not listed are illegal.
        sums: Vec<BlindSums>,
    },
}

/// Blind: the allowed sums of the two values when playing a given number of doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeBlindSums))]
pub struct BlindSums {
    /// Doubles played (only feasible counts are listed).
    pub doubles: u32,
    /// Smallest allowed `x + y`.
    pub min_sum: i64,
    /// Largest allowed `x + y`.
    pub max_sum: i64,
}

impl Tribute {
    pub(super) fn legal(&self, seat: Seat) -> LegalMoves {
        if seat.index() >= super::terms::SEATS {
            return LegalMoves::Nothing;
        }
        match self.phase {
            Phase::Selection => self.legal_select(),
            Phase::Turn(turn) => LegalMoves::Orders {
                turn,
                opponents: opponents(seat),
                values: self.order_values(seat),
            },
            Phase::Finished => LegalMoves::Nothing,
        }
    }

    fn usable_doubles(&self, limit: u32) -> u32 {
        if self.options.specials() { limit } else { 0 }
    }

    fn legal_select(&self) -> LegalMoves {
        let cost = self.options.double_cost();
        let totals = (0..=self.usable_doubles(self.options.max_doubles()))
            .map(|doubles| SelectTotal {
                doubles,
                total: self.options.card_total() - cost * i64::from(doubles),
            })
            .filter(|choice| choice.total >= 0)
            .collect();
        LegalMoves::Select {
            card_count: CARDS,
            min_value: 0,
            max_value: MAX_VALUE,
            totals,
        }
    }

    fn order_values(&self, seat: Seat) -> OrderValues {
        let i = seat.index();
        let doubles_left = self.usable_doubles(self.doubles_left[i]);
        if !self.options.blind() {
            return OrderValues::Hand {
                hand: self.hands[i].clone(),
                doubles_left,
            };
        }
        let cost = self.options.double_cost();
        let (charge_min, charge_max) = self.charge_range(seat);
        let max_pair = 2 * i64::from(MAX_VALUE);
        let sums = (0..=doubles_left)
            .map(|doubles| {
                let paid = cost * i64::from(doubles);
                BlindSums {
                    doubles,
                    min_sum: (charge_min - paid).max(0),
                    max_sum: (charge_max - paid).min(max_pair),
                }
            })
            .filter(|sums| sums.min_sum <= sums.max_sum)
            .collect();
        OrderValues::Blind {
            remaining: self.remaining[i],
            plays_left: self.plays_left(),
            double_cost: cost,
            charge_min,
            charge_max,
            sums,
        }
    }
}

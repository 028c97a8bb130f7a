//! The legal moves of one seat, as a description a client can build a legal move from.

use super::state::Tribute;
use super::terms::{CARDS, MAX_VALUE, Phase, Value, opponents};
use crate::Seat;

/// What `seat` may submit now. During an open phase a seat may submit (or resubmit) any time.
#[derive(Clone, Debug, PartialEq)]
pub enum LegalMoves {
    /// Nothing to decide: the game is over, or the seat is not in the game.
    Nothing,
    /// A `select` move: `card_count` values in `min_value..=max_value` adding up to the total
    /// listed for the number of doubles bought. Only the listed doubles counts are legal.
    Select {
        card_count: usize,
        min_value: Value,
        max_value: Value,
        totals: Vec<SelectTotal>,
    },
    /// An `orders` move for `turn`: one play against each of `opponents`.
    Orders {
        turn: u8,
        /// `[L(s), H(s)]`.
        opponents: [Seat; 2],
        values: OrderValues,
    },
}

/// The required card total for one number of doubles bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectTotal {
    pub doubles: u32,
    pub total: i64,
}

/// Which values and doubles the orders may use.
#[derive(Clone, Debug, PartialEq)]
pub enum OrderValues {
    /// Standard: two values from the hand (two copies for equal values), with any number of
    /// doubles from 0 to `doubles_left`.
    Hand { hand: Vec<Value>, doubles_left: u32 },
    /// Blind: two values in `0..=9` whose sum lies in the range listed for the doubles played.
    /// The charge `x + y + double_cost × d` must lie in `charge_min..=charge_max`.
    Blind {
        remaining: i64,
        plays_left: i64,
        double_cost: i64,
        charge_min: i64,
        charge_max: i64,
        sums: Vec<BlindSums>,
    },
}

/// Blind: the allowed sums `x + y` when playing `doubles` doubles (only feasible counts are listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlindSums {
    pub doubles: u32,
    pub min_sum: i64,
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

//! Concrete moves from the legal-move description: every distinct orders move, and a move drawn
//! uniformly among all distinct legal moves (selections included, which are too many to list).

use std::sync::OnceLock;

use rand_chacha::rand_core::Rng;

use super::check::holds;
use super::legal::{LegalMoves, OrderValues, SelectTotal};
use super::moves::{DoubleCount, Move, Play};
use super::terms::{CARDS, MAX_VALUE, Value};
use crate::choices::pick;
use crate::rng::below;
use crate::{MoveChoices, Seat};

impl LegalMoves {
    /// Every distinct legal `orders` move (values against each opponent and doubles), with the
    /// lower opponent's play first. Empty outside a turn.
    pub fn orders(&self) -> Vec<Move> {
        let LegalMoves::Orders {
            turn,
            opponents,
            values,
        } = self
        else {
            return Vec::new();
        };
        let order =
            |x: Value, y: Value, doubles: u32| orders_move(*turn, *opponents, x, y, doubles);
        let mut moves = Vec::new();
        match values {
            OrderValues::Hand { hand, doubles_left } => {
                let mut distinct = hand.clone();
                distinct.dedup();
                for &x in &distinct {
                    for &y in &distinct {
                        if holds(hand, x, y) {
                            moves.extend((0..=*doubles_left).map(|d| order(x, y, d)));
                        }
                    }
                }
            }
            OrderValues::Blind { sums, .. } => {
                for range in sums {
                    for x in 0..=MAX_VALUE {
                        for y in 0..=MAX_VALUE {
                            let sum = i64::from(x) + i64::from(y);
                            if (range.min_sum..=range.max_sum).contains(&sum) {
                                moves.push(order(x, y, range.doubles));
                            }
                        }
                    }
                }
            }
        }
        moves
    }
}

impl MoveChoices for LegalMoves {
    type Move = Move;

    /// The orders; a selection's choices are too many to list.
    fn list(&self) -> Option<Vec<Move>> {
        match self {
            LegalMoves::Select { .. } => None,
            _ => Some(self.orders()),
        }
    }

    /// A legal move drawn uniformly among all distinct legal moves; `None` when there is none.
    fn random(&self, rng: &mut impl Rng) -> Option<Move> {
        match self {
            LegalMoves::Nothing => None,
            LegalMoves::Select { totals, .. } => random_selection(totals, rng),
            LegalMoves::Orders { .. } => pick(&self.orders(), rng),
        }
    }
}

fn orders_move(turn: u8, opponents: [Seat; 2], x: Value, y: Value, doubles: u32) -> Move {
    Move::Orders {
        turn: i64::from(turn),
        plays: vec![
            Play {
                opponent: i64::from(opponents[0].0),
                value: i64::from(x),
            },
            Play {
                opponent: i64::from(opponents[1].0),
                value: i64::from(y),
            },
        ],
        doubles: DoubleCount::from(doubles),
    }
}

/// `ways[v][k][s]`: how many multisets of `k` values from `v..=9` add up to `s`.
struct Ways(Vec<Vec<Vec<u64>>>);

const MAX_SUM: usize = CARDS * MAX_VALUE as usize;

impl Ways {
    /// Built once: the table is small but a rollout draws selections often.
    fn get() -> &'static Ways {
        static WAYS: OnceLock<Ways> = OnceLock::new();
        WAYS.get_or_init(Ways::new)
    }

    fn new() -> Self {
        let values = usize::from(MAX_VALUE) + 1;
        let mut ways = vec![vec![vec![0u64; MAX_SUM + 1]; CARDS + 1]; values + 1];
        ways[values][0][0] = 1;
        for v in (0..values).rev() {
            for k in 0..=CARDS {
                for s in 0..=MAX_SUM {
                    ways[v][k][s] = (0..=k)
                        .take_while(|c| c * v <= s)
                        .map(|c| ways[v + 1][k - c][s - c * v])
                        .sum();
                }
            }
        }
        Self(ways)
    }

    fn count(&self, value: usize, cards: usize, sum: usize) -> u64 {
        self.0
            .get(value)
            .and_then(|by_cards| by_cards.get(cards))
            .and_then(|by_sum| by_sum.get(sum))
            .copied()
            .unwrap_or(0)
    }
}

/// A uniform choice among every (ten-card multiset, doubles bought) pair the totals allow.
fn random_selection(totals: &[SelectTotal], rng: &mut impl Rng) -> Option<Move> {
    let ways = Ways::get();
    let weight = |choice: &SelectTotal| {
        usize::try_from(choice.total).map_or(0, |sum| ways.count(0, CARDS, sum))
    };
    let all: u64 = totals.iter().map(weight).sum();
    let mut ticket = uniform_u64(rng, all)?;
    let choice = totals.iter().find(|choice| {
        let w = weight(choice);
        if ticket < w {
            true
        } else {
            ticket -= w;
            false
        }
    })?;
    // Walk the values upwards, choosing how many copies of each, weighted by completions.
    let mut cards = Vec::with_capacity(CARDS);
    let mut left = CARDS;
    let mut sum = usize::try_from(choice.total).ok()?;
    for v in 0..=usize::from(MAX_VALUE) {
        let ticket = uniform_u64(rng, ways.count(v, left, sum))?;
        let copies = copies_for(ways, v, left, sum, ticket)?;
        cards.extend(std::iter::repeat_n(i64::try_from(v).ok()?, copies));
        left -= copies;
        sum -= copies * v;
    }
    Some(Move::Select {
        cards,
        doubles: DoubleCount::from(choice.doubles),
    })
}

/// How many copies of `value` the `ticket`-th completion (of `left` cards adding up to `sum`
/// from `value..=9`) holds.
fn copies_for(
    ways: &Ways,
    value: usize,
    left: usize,
    sum: usize,
    mut ticket: u64,
) -> Option<usize> {
    for copies in (0..=left).take_while(|copies| copies * value <= sum) {
        let w = ways.count(value + 1, left - copies, sum - copies * value);
        if ticket < w {
            return Some(copies);
        }
        ticket -= w;
    }
    None
}

/// A uniform integer in `0..bound`, or `None` for an empty range.
fn uniform_u64(rng: &mut impl Rng, bound: u64) -> Option<u64> {
    if bound == 0 {
        return None;
    }
    if let Ok(small) = u32::try_from(bound) {
        return Some(u64::from(below(rng, small)));
    }
    let zone = u64::MAX - (u64::MAX - bound + 1) % bound;
    loop {
        let value = rng.next_u64();
        if value <= zone {
            return Some(value % bound);
        }
    }
}

//! Random moves and random games for the property and hiding tests.

use super::*;
use crate::GameRng;

pub(super) fn rng(name: &str, n: u64) -> GameRng {
    crate::Seed::new(format!("{name}-{n}")).unwrap().rng()
}

pub(super) fn pick(rng: &mut GameRng, bound: i64) -> i64 {
    i64::from(rng.below(u32::try_from(bound.max(1)).unwrap()))
}

pub(super) fn chance(rng: &mut GameRng, percent: u32) -> bool {
    rng.below(100) < percent
}

/// Options for a random game of every variant.
pub(super) fn random_options(rng: &mut GameRng) -> String {
    let blind = chance(rng, 50);
    let specials = match rng.below(3) {
        0 => String::new(),
        1 => r#", "specials": true"#.to_owned(),
        _ => r#", "specials": false"#.to_owned(),
    };
    let deadline = if chance(rng, 70) {
        format!(r#", "deadline_secs": {}"#, 1 + pick(rng, 100))
    } else {
        String::new()
    };
    format!(
        r#"{{"blind": {blind}, "card_total": {}, "double_cost": {}, "max_doubles": {}{specials}{deadline}}}"#,
        pick(rng, 91),
        pick(rng, 11),
        1 + pick(rng, 5),
    )
}

/// Ten values in 0..=9 adding up to `total` (0..=90), in random order.
fn cards_summing_to(rng: &mut GameRng, total: i64) -> Vec<i64> {
    let mut cards = vec![0i64; 10];
    let mut left = total;
    while left > 0 {
        let slot = usize::try_from(pick(rng, 10)).unwrap();
        if cards[slot] < 9 {
            cards[slot] += 1;
            left -= 1;
        }
    }
    cards
}

/// A legal move for `seat`, built only from its `legal_moves` description.
pub(super) fn random_legal(game: &Tribute, index: u8, rng: &mut GameRng) -> Option<Move> {
    match game.legal_moves(Seat(index)) {
        LegalMoves::Nothing => None,
        LegalMoves::Select { totals, .. } => {
            let choice = totals[usize::try_from(pick(rng, totals.len() as i64)).unwrap()];
            let cards = cards_summing_to(rng, choice.total);
            Some(select(&cards, i64::from(choice.doubles)))
        }
        LegalMoves::Orders {
            turn,
            opponents,
            values,
        } => {
            let (x, y, doubles) = match values {
                OrderValues::Hand { hand, doubles_left } => {
                    let a = usize::try_from(pick(rng, hand.len() as i64)).unwrap();
                    let mut b = usize::try_from(pick(rng, hand.len() as i64 - 1)).unwrap();
                    if b >= a {
                        b += 1;
                    }
                    let doubles = pick(rng, i64::from(doubles_left) + 1);
                    (i64::from(hand[a]), i64::from(hand[b]), doubles)
                }
                OrderValues::Blind { sums, .. } => {
                    let choice = sums[usize::try_from(pick(rng, sums.len() as i64)).unwrap()];
                    let sum = choice.min_sum + pick(rng, choice.max_sum - choice.min_sum + 1);
                    let low = (sum - 9).max(0);
                    let x = low + pick(rng, sum.min(9) - low + 1);
                    (x, sum - x, i64::from(choice.doubles))
                }
            };
            let mut plays = vec![
                (i64::from(opponents[0].0), x),
                (i64::from(opponents[1].0), y),
            ];
            if chance(rng, 50) {
                plays.reverse();
            }
            Some(raw_orders(i64::from(turn), &plays, doubles))
        }
    }
}

/// Any well-formed move, mostly illegal.
pub(super) fn random_any(rng: &mut GameRng) -> Move {
    let doubles = pick(rng, 4);
    if chance(rng, 30) {
        let count = 9 + pick(rng, 3);
        let cards: Vec<i64> = (0..count).map(|_| pick(rng, 12) - 1).collect();
        select(&cards, doubles)
    } else {
        let count = pick(rng, 4);
        let plays: Vec<(i64, i64)> = (0..count)
            .map(|_| (pick(rng, 5) - 1, pick(rng, 12) - 1))
            .collect();
        raw_orders(pick(rng, 7), &plays, doubles)
    }
}

pub(super) fn random_actor(rng: &mut GameRng) -> Actor {
    match rng.below(7) {
        0 => Actor::Outsider,
        1 => Actor::Seat(Seat(3)),
        other => Actor::Seat(Seat(u8::try_from(other % 3).unwrap())),
    }
}

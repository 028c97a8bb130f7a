//! The submissions the engine makes for a seat that missed a deadline ("NMR").

use super::state::Tribute;
use super::terms::{CARDS, MAX_VALUE, Orders, Phase, Selection, Value};
use crate::Seat;

/// `T mod 10` cards of `T div 10 + 1`, the rest `T div 10`, and no doubles.
pub(super) fn default_selection(card_total: i64) -> Selection {
    let q = Value::try_from(card_total.clamp(0, 90) / 10).unwrap_or(0);
    let r = usize::try_from(card_total.clamp(0, 90) % 10).unwrap_or(0);
    let mut cards = vec![q; CARDS - r];
    cards.extend(std::iter::repeat_n(q.saturating_add(1), r));
    Selection { cards, doubles: 0 }
}

/// The orders that repeat the previous turn's orders as closely as possible.
pub(super) fn default_orders(game: &Tribute, seat: Seat) -> Orders {
    let i = seat.index();
    let blind = game.options.blind();
    let (target_low, target_high, previous_doubles) = match game.turns.last() {
        Some(record) => {
            let orders = &record.orders[i];
            let [low, high] = orders.plays;
            (low.value, high.value, orders.doubles)
        }
        None => {
            let available = if blind {
                game.remaining[i]
            } else {
                game.hands[i].iter().map(|card| i64::from(*card)).sum()
            };
            let target = Value::try_from(available / 10).unwrap_or(MAX_VALUE);
            (target, target, 0)
        }
    };
    let cost = game.options.double_cost();
    let mut doubles = previous_doubles.min(game.doubles_left[i]);
    if blind {
        while doubles > 0 && cost * i64::from(doubles) > game.remaining[i] {
            doubles -= 1;
        }
    }
    let candidates = candidates(game, seat, cost * i64::from(doubles));
    let key = |(x, y): &(Value, Value)| {
        let dx = x.abs_diff(target_low);
        let dy = y.abs_diff(target_high);
        let changed = u8::from(*x != target_low) + u8::from(*y != target_high);
        (dx + dy, changed, dx, *x, *y)
    };
    // The candidate set is never empty (rules: "Missed deadlines"); the fallback is unreachable.
    let (lower, higher) = candidates.into_iter().min_by_key(key).unwrap_or((0, 0));
    Orders {
        lower,
        higher,
        doubles,
    }
}

/// Every pair `(x against L, y against H)` the seat may play, given what its doubles cost.
fn candidates(game: &Tribute, seat: Seat, doubles_cost: i64) -> Vec<(Value, Value)> {
    let values = 0..=MAX_VALUE;
    let pairs = values
        .clone()
        .flat_map(|x| values.clone().map(move |y| (x, y)));
    if game.options.blind() {
        let r2 = game.remaining[seat.index()] - doubles_cost;
        let after = match game.phase {
            Phase::Turn(turn) => super::terms::plays_left(turn) - 2,
            _ => 0,
        };
        let low = (r2 - 9 * after).max(0);
        pairs
            .filter(|(x, y)| (low..=r2).contains(&(i64::from(*x) + i64::from(*y))))
            .collect()
    } else {
        let hand = &game.hands[seat.index()];
        pairs
            .filter(|(x, y)| super::check::holds(hand, *x, *y))
            .collect()
    }
}

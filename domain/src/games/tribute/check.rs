//! The checks of `select` and `orders`, in the rules' order. They only read the state.

use super::moves::{DoubleCount, Play};
use super::state::Tribute;
use super::terms::{CARDS, MAX_VALUE, Orders, Phase, Selection, Value, opponents};
use crate::{Actor, IllegalMove, Seat};

pub(super) fn seat_of(actor: Actor) -> Result<Seat, IllegalMove> {
    actor
        .seat()
        .filter(|seat| seat.index() < super::terms::SEATS)
        .ok_or_else(|| IllegalMove::new("not_a_player", "only the three seated players can move"))
}

fn value(raw: i64) -> Result<Value, IllegalMove> {
    Value::try_from(raw)
        .ok()
        .filter(|value| *value <= MAX_VALUE)
        .ok_or_else(|| IllegalMove::new("value_out_of_range", "values must be from 0 to 9"))
}

fn specials_allowed(game: &Tribute, doubles: DoubleCount) -> Result<(), IllegalMove> {
    if doubles.get() == 0 || game.options.specials() {
        Ok(())
    } else {
        Err(IllegalMove::new(
            "specials_disabled",
            "doubles are not used in this game",
        ))
    }
}

fn at_most(doubles: DoubleCount, limit: u32, detail: &str) -> Result<u32, IllegalMove> {
    u32::try_from(doubles.get())
        .ok()
        .filter(|count| *count <= limit)
        .ok_or_else(|| IllegalMove::new("too_many_doubles", format!("{detail} {limit}")))
}

pub(super) fn select(
    game: &Tribute,
    cards: &[i64],
    doubles: DoubleCount,
) -> Result<Selection, IllegalMove> {
    if game.phase != Phase::Selection {
        return Err(IllegalMove::new(
            "wrong_phase",
            "selections are only accepted in the Selection phase of the standard game",
        ));
    }
    if cards.len() != CARDS {
        return Err(IllegalMove::new(
            "wrong_card_count",
            "a selection has exactly 10 cards",
        ));
    }
    let mut values = cards
        .iter()
        .map(|card| value(*card))
        .collect::<Result<Vec<_>, _>>()?;
    specials_allowed(game, doubles)?;
    let bought = at_most(
        doubles,
        game.options.max_doubles(),
        "a seat may buy at most",
    )?;
    let required = game.options.card_total() - game.options.double_cost() * i64::from(bought);
    let sum: i64 = values.iter().map(|value| i64::from(*value)).sum();
    if sum != required {
        return Err(IllegalMove::new(
            "wrong_total",
            format!("the cards add up to {sum}, but must add up to {required}"),
        ));
    }
    values.sort_unstable();
    Ok(Selection {
        cards: values,
        doubles: bought,
    })
}

pub(super) fn orders(
    game: &Tribute,
    seat: Seat,
    turn: i64,
    plays: &[Play],
    doubles: DoubleCount,
) -> Result<Orders, IllegalMove> {
    let Phase::Turn(current) = game.phase else {
        return Err(IllegalMove::new(
            "wrong_phase",
            "orders are only accepted during a turn",
        ));
    };
    if turn != i64::from(current) {
        return Err(IllegalMove::new(
            "wrong_turn",
            format!("orders are accepted for turn {current} only"),
        ));
    }
    let [low, high] = opponents(seat);
    let against = |opponent: Seat| {
        plays
            .iter()
            .filter(|play| play.opponent == i64::from(opponent.0))
            .count()
    };
    let (Some(x), Some(y)) = (
        plays.iter().find(|play| play.opponent == i64::from(low.0)),
        plays.iter().find(|play| play.opponent == i64::from(high.0)),
    ) else {
        return Err(bad_opponents());
    };
    if plays.len() != 2 || against(low) != 1 || against(high) != 1 {
        return Err(bad_opponents());
    }
    let lower = value(x.value)?;
    let higher = value(y.value)?;
    specials_allowed(game, doubles)?;
    let doubles = at_most(
        doubles,
        game.doubles_left[seat.index()],
        "doubles left to play:",
    )?;
    let orders = Orders {
        lower,
        higher,
        doubles,
    };
    if game.options.blind() {
        blind_total(game, seat, &orders)?;
    } else if !holds(&game.hands[seat.index()], lower, higher) {
        return Err(IllegalMove::new(
            "card_not_in_hand",
            "the hand does not hold those values",
        ));
    }
    Ok(orders)
}

fn bad_opponents() -> IllegalMove {
    IllegalMove::new(
        "bad_opponents",
        "orders need exactly two plays, one against each opponent",
    )
}

/// Whether `hand` holds the multiset `{x, y}`.
pub(super) fn holds(hand: &[Value], x: Value, y: Value) -> bool {
    let count = |value: Value| hand.iter().filter(|card| **card == value).count();
    if x == y {
        count(x) >= 2
    } else {
        count(x) >= 1 && count(y) >= 1
    }
}

fn blind_total(game: &Tribute, seat: Seat, orders: &Orders) -> Result<(), IllegalMove> {
    let charge = orders.charge(game.options.double_cost());
    let (low, high) = game.charge_range(seat);
    if charge > high {
        return Err(IllegalMove::new(
            "total_exceeded",
            format!("the charge {charge} exceeds the remaining total {high}"),
        ));
    }
    if charge < low {
        return Err(IllegalMove::new(
            "total_unreachable",
            format!("the charge must be at least {low} to keep the total reachable"),
        ));
    }
    Ok(())
}

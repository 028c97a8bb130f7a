//! Tests: every worked example of the rules file, property checks and information hiding.

mod choices;
mod examples_blind;
mod examples_errors;
mod examples_nmr;
mod examples_standard;
mod hiding;
mod options;
mod properties;
mod random;

use super::*;
use crate::{Actor, Game, OptionMap, Seat, Seed, Timestamp, Viewer};

/// Options from a JSON object, for three players.
pub(super) fn options(json: &str) -> Options {
    parse_options(3, &option_map(json)).unwrap()
}

pub(super) fn option_map(json: &str) -> OptionMap {
    serde_json::from_str(json).unwrap()
}

pub(super) fn new_game(json: &str, now: Timestamp) -> Tribute {
    let rng = Seed::new("tribute-tests").unwrap().rng();
    Tribute::new(options(json), rng, None, now).unwrap().0
}

pub(super) fn select(cards: &[i64], doubles: i64) -> Move {
    Move::Select {
        cards: cards.to_vec(),
        doubles: DoubleCount::new(doubles).unwrap(),
    }
}

/// Orders of `seat`: `x` against its lower opponent, `y` against its higher one.
pub(super) fn orders(turn: i64, seat: u8, x: i64, y: i64, doubles: i64) -> Move {
    let [low, high] = terms::opponents(Seat(seat));
    raw_orders(
        turn,
        &[(i64::from(low.0), x), (i64::from(high.0), y)],
        doubles,
    )
}

pub(super) fn raw_orders(turn: i64, plays: &[(i64, i64)], doubles: i64) -> Move {
    Move::Orders {
        turn,
        plays: plays
            .iter()
            .map(|(opponent, value)| Play {
                opponent: *opponent,
                value: *value,
            })
            .collect(),
        doubles: DoubleCount::new(doubles).unwrap(),
    }
}

pub(super) fn seat(index: u8) -> Actor {
    Actor::Seat(Seat(index))
}

/// Applies a move that must be accepted, after the server's `advance`.
pub(super) fn ok(game: &mut Tribute, actor: Actor, mv: Move, now: Timestamp) -> Vec<Event> {
    crate::advance(game, now);
    game.apply(actor, mv, now).unwrap()
}

/// Applies a move that must be refused, after the server's `advance`; checks nothing changed.
pub(super) fn refused(game: &mut Tribute, actor: Actor, mv: Move, now: Timestamp) -> &'static str {
    crate::advance(game, now);
    let before = game.clone();
    let error = game.apply(actor, mv, now).unwrap_err();
    assert_eq!(*game, before, "a refused move changed the state");
    error.code
}

/// `(x against L, y against H, doubles, nmr)` of `seat` in a resolved turn record.
pub(super) fn used(record: &TurnRecord, seat: usize) -> (u8, u8, u32, bool) {
    let orders = &record.orders[seat];
    (
        orders.plays[0].value,
        orders.plays[1].value,
        orders.doubles,
        orders.nmr,
    )
}

pub(super) fn winners(record: &TurnRecord) -> Vec<Option<u8>> {
    record
        .matches
        .iter()
        .map(|m| m.winner.map(|seat| seat.0))
        .collect()
}

/// `(x against L, y against H, doubles)` of seats 0, 1, 2 in one turn.
pub(super) type TurnPlays = [(i64, i64, i64); 3];

/// Turns 3–5 of E14, each submitted in full.
pub(super) const E14_TURNS: [(i64, TurnPlays); 3] = [
    (3, [(8, 0, 0), (7, 6, 1), (9, 9, 1)]),
    (4, [(5, 2, 0), (4, 2, 0), (0, 0, 0)]),
    (5, [(4, 0, 0), (0, 5, 0), (9, 4, 0)]),
];

/// Game G after the Selection phase (state G1).
pub(super) fn game_g1() -> Tribute {
    let mut game = new_game(r#"{"card_total": 50, "deadline_secs": 86400}"#, 0);
    ok(
        &mut game,
        seat(0),
        select(&[0, 0, 2, 4, 5, 6, 7, 8, 9, 9], 0),
        10,
    );
    ok(
        &mut game,
        seat(1),
        select(&[0, 1, 2, 4, 5, 5, 6, 7, 8, 9], 1),
        20,
    );
    ok(
        &mut game,
        seat(2),
        select(&[0, 0, 0, 0, 4, 4, 9, 9, 9, 9], 2),
        30,
    );
    game
}

/// Game G after E1 (Turn 2, nothing submitted).
pub(super) fn game_after_e1() -> Tribute {
    let mut game = game_g1();
    ok(&mut game, seat(0), orders(1, 0, 7, 9, 0), 100);
    ok(&mut game, seat(1), orders(1, 1, 5, 8, 0), 200);
    ok(&mut game, seat(2), orders(1, 2, 4, 0, 0), 300);
    game
}

/// Game G after E9 (Turn 3, nothing submitted).
pub(super) fn game_after_e9() -> Tribute {
    let mut game = game_after_e1();
    ok(&mut game, seat(1), orders(2, 1, 9, 1, 0), 1000);
    ok(&mut game, seat(2), orders(2, 2, 9, 0, 1), 2000);
    crate::advance(&mut game, 86_700);
    game
}

/// Resolves one turn from G1 with all three orders submitted.
pub(super) fn turn_from_g1(plays: TurnPlays) -> (Tribute, TurnRecord) {
    let mut game = game_g1();
    for (index, (x, y, d)) in (0u8..).zip(plays) {
        ok(
            &mut game,
            seat(index),
            orders(1, index, x, y, d),
            100 + i64::from(index),
        );
    }
    let record = game.turns.last().unwrap().clone();
    (game, record)
}

//! Worked example E8: illegal moves, each refused with its code and no change of state.

use super::examples::{e3_moves, e5_game, e7_after_step_2};
use super::support::*;
use crate::games::trade_or_duel::TradeOrDuel;
use crate::{Actor, Game, OptionValue};

fn after_trade_declared() -> TradeOrDuel {
    let mut game = deal_a();
    play(&mut game, 0, declare(1, "trade"));
    game
}

fn e6_after_step_1() -> TradeOrDuel {
    let mut game = deal_a();
    e3_moves(&mut game);
    play(&mut game, 1, declare(0, "duel"));
    game
}

fn duel_one_answered() -> TradeOrDuel {
    let mut game = deal_a();
    play(&mut game, 0, declare(1, "duel"));
    play(&mut game, 1, answer(1));
    game
}

fn duel_one_p0_committed() -> TradeOrDuel {
    let mut game = duel_one_answered();
    play(&mut game, 0, choose(&[4]));
    game
}

fn e12_finished() -> TradeOrDuel {
    let (mut game, _) = e5_game();
    play(&mut game, 3, declare(0, "duel"));
    play(&mut game, 0, answer(2));
    game
}

#[test]
fn trade_or_duel_e8_illegal_moves() {
    let seat = |s: u8| Actor::Seat(p(s));
    let none = Actor::Outsider;
    let rows: Vec<(
        &str,
        TradeOrDuel,
        Actor,
        crate::games::trade_or_duel::Move,
        &str,
    )> = vec![
        (
            "a",
            deal_a(),
            seat(1),
            declare(0, "duel"),
            "not_your_decision",
        ),
        ("b", deal_a(), seat(0), declare(0, "duel"), "target_is_self"),
        ("c", deal_a(), seat(0), declare(4, "duel"), "invalid_target"),
        ("d", deal_a(), seat(0), declare(1, "swap"), "invalid_action"),
        ("e", deal_a(), seat(0), answer(1), "wrong_phase"),
        ("f", deal_a(), none, declare(1, "duel"), "not_a_player"),
        (
            "g",
            e7_after_step_2(),
            seat(3),
            declare(0, "trade"),
            "target_eliminated",
        ),
        (
            "h",
            e7_after_step_2(),
            seat(0),
            answer(1),
            "player_eliminated",
        ),
        (
            "i",
            after_trade_declared(),
            seat(2),
            answer(1),
            "not_your_decision",
        ),
        (
            "j",
            after_trade_declared(),
            seat(0),
            answer(2),
            "not_your_decision",
        ),
        (
            "k",
            after_trade_declared(),
            seat(1),
            answer(3),
            "invalid_count",
        ),
        ("l", e6_after_step_1(), seat(0), answer(2), "wrong_phase"),
        (
            "m",
            duel_one_answered(),
            seat(2),
            choose(&[1]),
            "not_your_decision",
        ),
        (
            "n",
            duel_one_answered(),
            seat(0),
            choose(&[19]),
            "invalid_card",
        ),
        (
            "o",
            duel_one_answered(),
            seat(0),
            choose(&[4, 4]),
            "duplicate_card",
        ),
        (
            "p",
            duel_one_answered(),
            seat(0),
            choose(&[4, 15]),
            "wrong_card_count",
        ),
        (
            "q",
            duel_one_answered(),
            seat(0),
            choose(&[]),
            "wrong_card_count",
        ),
        (
            "r",
            duel_one_answered(),
            seat(0),
            choose(&[7]),
            "card_not_in_hand",
        ),
        (
            "s",
            duel_one_answered(),
            seat(0),
            declare(2, "duel"),
            "wrong_phase",
        ),
        (
            "t",
            duel_one_p0_committed(),
            seat(0),
            choose(&[15]),
            "already_committed",
        ),
        (
            "u",
            e12_finished(),
            seat(3),
            declare(1, "duel"),
            "game_over",
        ),
        ("v", e12_finished(), none, answer(1), "game_over"),
    ];
    for (row, game, actor, mv, code) in rows {
        assert_eq!(refused(&game, actor, mv), code, "row {row}");
    }

    // w: no deadline option.
    let mut game = deal_a();
    let before = game.clone();
    assert_eq!(
        game.expire(NOW + 100_000).map_err(|e| e.code),
        Err("no_deadline"),
        "row w"
    );
    assert_eq!(game, before);

    // x: the deadline has not passed.
    let (mut game, _) = create(&DEAL_A, 0, &[("deadline_secs", OptionValue::Int(60))], 1000);
    let before = game.clone();
    assert_eq!(
        game.expire(1030).map_err(|e| e.code),
        Err("deadline_not_reached"),
        "row x"
    );
    assert_eq!(game, before);

    let mut game = e12_finished();
    assert_eq!(game.expire(NOW).map_err(|e| e.code), Err("game_over"));
}

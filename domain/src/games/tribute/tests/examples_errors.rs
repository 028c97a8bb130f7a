//! E7: illegal moves, each checked from its own starting state; and the option errors.

use super::*;

fn from_g1(actor: Actor, mv: Move) -> &'static str {
    refused(&mut game_g1(), actor, mv, 100)
}

fn at_creation(actor: Actor, mv: Move) -> &'static str {
    let mut game = new_game(r#"{"card_total": 50, "deadline_secs": 86400}"#, 0);
    refused(&mut game, actor, mv, 5)
}

#[test]
fn tribute_e7_illegal_orders_from_g1() {
    assert_eq!(
        from_g1(Actor::Outsider, orders(1, 0, 7, 9, 0)),
        "not_a_player"
    );
    assert_eq!(
        from_g1(seat(0), select(&[0, 0, 2, 4, 5, 6, 7, 8, 9, 9], 0)),
        "wrong_phase"
    );
    assert_eq!(from_g1(seat(0), orders(2, 0, 3, 9, 0)), "wrong_turn");
    assert_eq!(
        from_g1(seat(0), raw_orders(1, &[(1, 7)], 0)),
        "bad_opponents"
    );
    assert_eq!(
        from_g1(seat(0), raw_orders(1, &[(0, 10), (1, 9)], 0)),
        "bad_opponents"
    );
    assert_eq!(
        from_g1(seat(0), raw_orders(1, &[(1, 7), (1, 9)], 0)),
        "bad_opponents"
    );
    assert_eq!(
        from_g1(seat(0), raw_orders(1, &[(1, 7), (2, 9), (1, 5)], 0)),
        "bad_opponents"
    );
    assert_eq!(
        from_g1(seat(0), orders(1, 0, 10, 9, 0)),
        "value_out_of_range"
    );
    assert_eq!(
        from_g1(seat(0), orders(1, 0, -1, 9, 0)),
        "value_out_of_range"
    );
    assert_eq!(
        from_g1(seat(0), orders(1, 0, 10, 9, 1)),
        "value_out_of_range"
    );
    assert_eq!(from_g1(seat(0), orders(1, 0, 7, 9, 1)), "too_many_doubles");
    assert_eq!(from_g1(seat(2), orders(1, 2, 9, 9, 3)), "too_many_doubles");
    assert_eq!(from_g1(seat(0), orders(1, 0, 3, 9, 0)), "card_not_in_hand");
    assert_eq!(from_g1(seat(0), orders(1, 0, 8, 8, 0)), "card_not_in_hand");
}

#[test]
fn tribute_e7o_two_nines_accepted_and_shown_as_submitted() {
    let mut game = game_g1();
    ok(&mut game, seat(0), orders(1, 0, 9, 9, 0), 100);
    assert!(game.view(Viewer::Spectator).seats[0].submitted);
    assert!(game.view(Viewer::Seat(Seat(1))).seats[0].submitted);
    assert_eq!(game.to_act(), vec![Seat(1), Seat(2)]);
}

#[test]
fn tribute_e7p_negative_doubles_is_malformed() {
    let json = r#"{"type":"orders","turn":1,"plays":[{"opponent":1,"value":7},{"opponent":2,"value":9}],"doubles":-1}"#;
    assert!(serde_json::from_str::<Move>(json).is_err());
    let malformed = [
        r#"{"type":"orders","turn":1,"plays":[{"opponent":1,"value":7}],"doubles":9223372036854775808}"#,
        r#"{"type":"orders","turn":1,"plays":[{"opponent":1,"value":99999999999999999999}]}"#,
        r#"{"type":"orders","plays":[]}"#,
        r#"{"type":"orders","turn":"1","plays":[]}"#,
        r#"{"type":"pass"}"#,
        r#"{"type":"select","cards":[1.5]}"#,
        r#"{"cards":[1,2]}"#,
        r#"[1,2,3]"#,
    ];
    for json in malformed {
        assert!(serde_json::from_str::<Move>(json).is_err(), "{json}");
    }
    // Out-of-range values still parse: the rules check them.
    let parsed: Move =
        serde_json::from_str(r#"{"type":"orders","turn":-7,"plays":[{"opponent":5,"value":-3}]}"#)
            .unwrap();
    assert_eq!(parsed, raw_orders(-7, &[(5, -3)], 0));
    let parsed: Move =
        serde_json::from_str(r#"{"type":"select","cards":[0,0,2,4,5,6,7,8,9,9]}"#).unwrap();
    assert_eq!(parsed, select(&[0, 0, 2, 4, 5, 6, 7, 8, 9, 9], 0));
}

#[test]
fn tribute_e7q_e7r_after_e1() {
    let mut game = game_after_e1();
    assert_eq!(
        refused(&mut game, seat(0), orders(2, 0, 7, 9, 0), 400),
        "card_not_in_hand"
    );
    assert_eq!(
        refused(&mut game, seat(0), orders(1, 0, 6, 9, 0), 400),
        "wrong_turn"
    );
}

#[test]
fn tribute_e7s_to_x_selection_errors() {
    assert_eq!(
        at_creation(seat(1), select(&[0, 1, 2, 4, 5, 5, 6, 7, 8, 9], 0)),
        "wrong_total"
    );
    assert_eq!(
        at_creation(seat(2), select(&[0, 0, 0, 0, 4, 4, 9, 9, 9, 9], 1)),
        "wrong_total"
    );
    assert_eq!(
        at_creation(seat(0), select(&[0, 0, 2, 4, 5, 6, 7, 8, 9], 0)),
        "wrong_card_count"
    );
    assert_eq!(
        at_creation(seat(0), select(&[0, 0, 2, 4, 5, 6, 7, 8, 9, 10], 0)),
        "value_out_of_range"
    );
    assert_eq!(
        at_creation(seat(2), select(&[0, 0, 0, 0, 0, 4, 4, 9, 9, 9], 3)),
        "too_many_doubles"
    );
    assert_eq!(at_creation(seat(0), orders(1, 0, 7, 9, 0)), "wrong_phase");
}

#[test]
fn tribute_e7y_e7z_specials_disabled() {
    let fives = [5; 10];
    let mut game = new_game(r#"{"specials": false}"#, 0);
    assert_eq!(
        refused(&mut game, seat(0), select(&fives, 1), 1),
        "specials_disabled"
    );
    for index in 0..3 {
        ok(&mut game, seat(index), select(&fives, 0), 2);
    }
    assert_eq!(
        refused(&mut game, seat(0), orders(1, 0, 5, 5, 1), 3),
        "specials_disabled"
    );
}

#[test]
fn tribute_e7aa_finished_game_refuses_orders() {
    let mut game = game_after_e9();
    for (turn, plays) in E14_TURNS {
        for (index, (x, y, d)) in (0u8..).zip(plays) {
            ok(&mut game, seat(index), orders(turn, index, x, y, d), 90_000);
        }
    }
    for mv in [
        orders(5, 0, 4, 0, 0),
        orders(6, 0, 0, 0, 0),
        orders(1, 0, 99, 99, 9),
    ] {
        assert_eq!(refused(&mut game, seat(0), mv, 90_001), "wrong_phase");
    }
    assert_eq!(
        refused(&mut game, Actor::Outsider, orders(5, 0, 4, 0, 0), 90_001),
        "not_a_player"
    );
}

#[test]
fn tribute_e7bb_e7cc_option_errors() {
    let error = parse_options(3, &option_map(r#"{"card_total": 91}"#)).unwrap_err();
    assert_eq!(
        (error.code, error.option.as_deref()),
        ("invalid_option", Some("card_total"))
    );
    let error = parse_options(3, &option_map(r#"{"rounds": 6}"#)).unwrap_err();
    assert_eq!(
        (error.code, error.option.as_deref()),
        ("unknown_option", Some("rounds"))
    );
}

//! E20 and E22: refused moves and option checks; plus the move shapes on the wire.

use super::*;
use crate::SetupError;

fn e20_game() -> TrickyTribes {
    let mut game = at_trick(
        options(r#"{"players":4}"#),
        1,
        &["2C 3C", "5C 5S", "6S 7S", "4D 9C KS"],
        "",
        seat(2),
        1,
    );
    lead(&mut game, 2, "6S", Face::Open);
    game
}

fn parse(json: &str) -> Move {
    serde_json::from_str(json).unwrap()
}

#[test]
fn tricky_tribes_e20_illegal_moves() {
    let mut game = e20_game();
    let before = game.clone();
    let cases: [(Actor, &str, &str); 7] = [
        (Actor::Seat(Seat(3)), r#"{"type":"bid"}"#, "unknown_move"),
        (
            Actor::Outsider,
            r#"{"type":"respond","card":"4D"}"#,
            "not_a_player",
        ),
        (
            Actor::Seat(Seat(3)),
            r#"{"type":"exchange_pass"}"#,
            "wrong_phase",
        ),
        (
            Actor::Seat(Seat(0)),
            r#"{"type":"respond","card":"KH"}"#,
            "not_your_turn",
        ),
        (
            Actor::Seat(Seat(3)),
            r#"{"type":"lead","card":"4D","face":"open"}"#,
            "wrong_move_type",
        ),
        (
            Actor::Seat(Seat(3)),
            r#"{"type":"respond","card":"QX"}"#,
            "invalid_card",
        ),
        (
            Actor::Seat(Seat(3)),
            r#"{"type":"respond","card":"KH"}"#,
            "card_not_in_hand",
        ),
    ];
    for (actor, json, code) in cases {
        let refused = game.apply(actor, parse(json), NOW).unwrap_err();
        assert_eq!(refused.code, code, "{json}");
        assert!(!refused.detail.contains("KS") && !refused.detail.contains("9C"));
        assert_eq!(game, before, "{json} changed the state");
    }
    game.apply(
        Actor::Seat(Seat(3)),
        parse(r#"{"type":"respond","card":"9C"}"#),
        NOW,
    )
    .unwrap();
    assert_eq!(game.to_act(), vec![Seat(0)]);
}

#[test]
fn tricky_tribes_e20_remaining_codes() {
    // invalid_face: a leader sending "up" (and a missing face).
    let mut game = at_trick(
        options(r#"{"players":4}"#),
        1,
        &["", "", "4D"],
        "",
        seat(2),
        1,
    );
    for json in [
        r#"{"type":"lead","card":"4D","face":"up"}"#,
        r#"{"type":"lead","card":"4D"}"#,
    ] {
        assert_eq!(code_of(submit(&mut game, 2, parse(json))), "invalid_face");
    }
    // The card is checked before the face, the hand after both.
    let both_bad = parse(r#"{"type":"lead","card":"ZZ","face":"up"}"#);
    assert_eq!(code_of(submit(&mut game, 2, both_bad)), "invalid_card");
    let not_held = parse(r#"{"type":"lead","card":"2H","face":"up"}"#);
    assert_eq!(code_of(submit(&mut game, 2, not_held)), "invalid_face");
    let missing = parse(r#"{"type":"respond"}"#);
    assert_eq!(code_of(submit(&mut game, 2, missing)), "wrong_move_type");
    assert_eq!(
        code_of(submit(
            &mut game,
            2,
            parse(r#"{"type":"lead","face":"open"}"#)
        )),
        "invalid_card"
    );

    // Cards of the other deck variant are never in a hand.
    let mut cut = at_trick(
        options(r#"{"players":3}"#),
        0,
        &["4H", "", ""],
        "",
        seat(0),
        1,
    );
    for code in ["2H", "X2"] {
        let mv = Move::Lead {
            card: Some(code.to_owned()),
            face: Some("open".to_owned()),
        };
        assert_eq!(code_of(submit(&mut cut, 0, mv)), "card_not_in_hand");
    }

    // stock_empty is defensive: only a state no valid options produce shows it.
    let opts = options(r#"{"players":4}"#);
    let deck = arrange(&opts, 0, &[], "");
    let mut game = game_at_round(opts, 1, deck);
    let dumped = std::mem::take(&mut game.stock);
    game.discard.extend(dumped);
    assert_eq!(
        code_of(submit(&mut game, 1, Move::ExchangeDraw)),
        "stock_empty"
    );
    let card = game.hands[1][0];
    assert_eq!(
        code_of(submit(&mut game, 1, Move::exchange_discard(card))),
        "stock_empty"
    );
    assert_eq!(game.legal_moves(Seat(1)).0, vec![Move::ExchangePass]);

    // Trim: not_your_turn once trimmed; trim moves outside the trim are wrong_phase.
    let opts = options(r#"{"players":6}"#);
    let deck = arrange(&opts, 0, &[], "");
    let mut game = game_at_round(opts, 1, deck);
    let card = game.hands[1][0];
    submit(&mut game, 1, Move::trim_discard(card)).unwrap();
    let card = game.hands[1][0];
    assert_eq!(
        code_of(submit(&mut game, 1, Move::trim_discard(card))),
        "not_your_turn"
    );
    assert_eq!(
        code_of(submit(&mut game, 1, Move::ExchangePass)),
        "wrong_phase"
    );
    assert_eq!(
        code_of(submit(&mut game, 1, Move::respond(card))),
        "wrong_phase"
    );
    assert_eq!(
        code_of(submit(&mut game, 7, Move::respond(card))),
        "not_a_player"
    );
}

#[test]
fn tricky_tribes_e20_move_shapes() {
    assert_eq!(
        parse(r#"{"type":"exchange_pass","extra":1}"#),
        Move::ExchangePass
    );
    assert_eq!(parse(r#"{"type":"bid"}"#), Move::Unknown);
    assert_eq!(
        parse(r#"{"type":"lead","card":"10H","face":"closed"}"#),
        Move::lead(c("10H"), Face::Closed)
    );
    assert_eq!(
        serde_json::to_string(&Move::respond(c("X1"))).unwrap(),
        r#"{"type":"respond","card":"X1"}"#
    );
    assert_eq!(
        serde_json::to_string(&Move::ExchangeDraw).unwrap(),
        r#"{"type":"exchange_draw"}"#
    );
    // Only a body that is not an object fails to parse; every value is checked by the rules.
    for json in [
        r#"{"type":0}"#,
        r#"{"type":null}"#,
        r#"{"card":"4D"}"#,
        r#"{}"#,
    ] {
        assert_eq!(parse(json), Move::Unknown, "{json}");
    }
    assert_eq!(
        parse(r#"{"type":"respond","card":5}"#),
        Move::Respond { card: None }
    );
    assert_eq!(
        parse(r#"{"type":"lead","card":"4D","face":true}"#),
        Move::Lead {
            card: Some("4D".into()),
            face: None
        }
    );
    assert_eq!(
        parse(r#"{"type":"exchange_pass","card":[1]}"#),
        Move::ExchangePass
    );
    for json in ["[]", "5", r#""lead""#, "null"] {
        assert!(serde_json::from_str::<Move>(json).is_err(), "{json}");
    }
    for mv in [
        Move::ExchangePass,
        Move::lead(c("X2"), Face::Open),
        Move::trim_discard(c("2C")),
        Move::Unknown,
    ] {
        let text = serde_json::to_string(&mv).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), mv);
    }
}

fn option_error(json: &str) -> SetupError {
    let map = option_map(json);
    let players = match map.get("players") {
        Some(OptionValue::Int(n)) => *n,
        _ => 0,
    };
    TrickyTribes::parse_options(players, &map).unwrap_err()
}

#[test]
fn tricky_tribes_e22_option_validation() {
    for (json, code) in [
        (r#"{"players":2,"dummy":false}"#, "dummy_required"),
        (r#"{"players":4,"cut_deck":true}"#, "cut_deck_not_allowed"),
        (r#"{"players":4,"hand_size":10}"#, "invalid_hand_size"),
        (r#"{"players":4,"jokers":3}"#, "invalid_jokers"),
        (r#"{"players":3,"teams":[[0,2]]}"#, "teams_not_allowed"),
        (r#"{"players":6,"teams":[[0,2,4]]}"#, "invalid_teams"),
        (
            r#"{"players":6,"teams":[[0,1],[3,4]]}"#,
            "teammates_adjacent",
        ),
        (
            r#"{"players":5,"end_condition":"fixed_rounds"}"#,
            "rounds_required",
        ),
    ] {
        let error = option_error(json);
        assert_eq!(error.code, code, "{json}");
        assert!(error.option.is_some(), "{json} names no option");
    }
    let o = options(r#"{"players":3,"dummy":true,"hand_size":10}"#);
    assert!(o.cut_deck() && o.dummy() && o.hand_size() == 10);
    assert_eq!(
        o.end_condition(),
        super::super::EndCondition::TargetScore(15)
    );
    let o = options(r#"{"players":5,"teams":[[0,2],[1,3]]}"#);
    assert_eq!(o.units()[2], vec![Seat(4)]);
    assert_eq!(
        o.end_condition(),
        super::super::EndCondition::TargetScore(30)
    );
    let o = options(r#"{"players":6,"teams":[[0,2,4],[1,3,5]]}"#);
    assert_eq!(
        o.end_condition(),
        super::super::EndCondition::TargetScore(50)
    );
}

#[test]
fn tricky_tribes_option_check_order() {
    for (json, code, option) in [
        (
            r#"{"players":4,"colour":1,"jokers":9}"#,
            "unknown_option",
            "colour",
        ),
        (r#"{"players":7}"#, "invalid_players", "players"),
        (
            r#"{"players":4,"jokers":9,"cut_deck":true}"#,
            "invalid_jokers",
            "jokers",
        ),
        (
            r#"{"players":3,"cut_deck":1}"#,
            "invalid_cut_deck",
            "cut_deck",
        ),
        (
            r#"{"players":6,"hand_size":9}"#,
            "invalid_hand_size",
            "hand_size",
        ),
        (r#"{"players":3,"dummy":"yes"}"#, "invalid_dummy", "dummy"),
        (
            r#"{"players":4,"dummy":true}"#,
            "dummy_not_allowed",
            "dummy",
        ),
        (r#"{"players":4,"teams":[[0,4]]}"#, "invalid_teams", "teams"),
        (
            r#"{"players":4,"teams":[[0,2],[2,1]]}"#,
            "invalid_teams",
            "teams",
        ),
        (
            r#"{"players":4,"teams":"nonsense"}"#,
            "invalid_teams",
            "teams",
        ),
        (
            r#"{"players":5,"teams":[[0,2,4]]}"#,
            "invalid_teams",
            "teams",
        ),
        (
            r#"{"players":4,"teams":[[0,1]],"end_condition":"x"}"#,
            "teammates_adjacent",
            "teams",
        ),
        (
            r#"{"players":4,"end_condition":"x"}"#,
            "invalid_end_condition",
            "end_condition",
        ),
        (
            r#"{"players":4,"target_score":0}"#,
            "invalid_target_score",
            "target_score",
        ),
        (
            r#"{"players":4,"end_condition":"fixed_rounds","target_score":5,"rounds":2}"#,
            "target_score_not_applicable",
            "target_score",
        ),
        (
            r#"{"players":4,"end_condition":"fixed_rounds","rounds":101}"#,
            "invalid_rounds",
            "rounds",
        ),
        (
            r#"{"players":4,"rounds":3}"#,
            "rounds_not_applicable",
            "rounds",
        ),
        (
            r#"{"players":4,"deadline_secs":5}"#,
            "invalid_deadline",
            "deadline_secs",
        ),
    ] {
        let error = option_error(json);
        assert_eq!(
            (error.code, error.option.as_deref()),
            (code, Some(option)),
            "{json}"
        );
    }
    // Absent or null keys take their defaults.
    let o =
        options(r#"{"players":4,"jokers":null,"teams":null,"rounds":null,"deadline_secs":null}"#);
    assert_eq!(o.jokers(), 0);
    assert!(!o.cut_deck() && !o.dummy() && o.hand_size() == 9);
    let o = options(r#"{"players":6}"#);
    assert_eq!(o.hand_size(), 8);
    let o =
        options(r#"{"players":4,"end_condition":"fixed_rounds","rounds":2,"deadline_secs":60}"#);
    assert_eq!(
        o.end_condition(),
        super::super::EndCondition::FixedRounds(2)
    );
    assert_eq!(o.deadline_secs(), Some(60));
    let info = super::super::kind_info();
    assert_eq!((info.min_players, info.max_players), (2, 6));
    assert_eq!(info.options.len(), 9);
}

#[test]
fn tricky_tribes_setup_checks() {
    let opts = options(r#"{"players":2}"#);
    let mut deck = arrange(&opts, 0, &[], "");
    let good = Setup {
        decks: vec![deck.clone()],
    };
    assert!(
        TrickyTribes::new(opts.clone(), Seed::new("s").unwrap().rng(), Some(good), NOW).is_ok()
    );
    deck[0] = "2H".to_owned();
    for bad in [deck.clone(), vec!["nope".to_owned()], Vec::new()] {
        let setup = Setup { decks: vec![bad] };
        let error = TrickyTribes::new(
            opts.clone(),
            Seed::new("s").unwrap().rng(),
            Some(setup),
            NOW,
        )
        .unwrap_err();
        assert_eq!(error.code, "invalid_setup");
    }
}

//! Options, kind info, the move wire shape and the deadline errors.

use super::*;
use crate::OptionValue;

fn option_error(players: i64, json: &str) -> (&'static str, Option<String>) {
    let error = parse_options(players, &option_map(json)).unwrap_err();
    (error.code, error.option)
}

#[test]
fn defaults_follow_the_rules_table() {
    let standard = options("{}");
    assert_eq!(standard.card_total(), 50);
    assert!(!standard.blind());
    assert!(standard.specials());
    assert_eq!(standard.double_cost(), 3);
    assert_eq!(standard.max_doubles(), 2);
    assert_eq!(standard.deadline_secs(), None);
    assert!(!options(r#"{"blind": true}"#).specials());
    assert!(options(r#"{"blind": true, "specials": true}"#).specials());
    assert!(!options(r#"{"specials": false}"#).specials());
    let edges = options(
        r#"{"card_total": 90, "double_cost": 10, "max_doubles": 5, "deadline_secs": 2592000}"#,
    );
    assert_eq!(edges.deadline_secs(), Some(2_592_000));
    assert_eq!(
        options(r#"{"card_total": 0, "deadline_secs": null}"#).card_total(),
        0
    );
}

#[test]
fn option_errors_name_the_option_in_order() {
    let invalid = |key: &str| ("invalid_option", Some(key.to_owned()));
    assert_eq!(
        option_error(3, r#"{"card_total": -1}"#),
        invalid("card_total")
    );
    assert_eq!(
        option_error(3, r#"{"card_total": "50"}"#),
        invalid("card_total")
    );
    assert_eq!(
        option_error(3, r#"{"card_total": 50.5}"#),
        invalid("card_total")
    );
    assert_eq!(option_error(3, r#"{"blind": 1}"#), invalid("blind"));
    assert_eq!(
        option_error(3, r#"{"specials": null}"#),
        invalid("specials")
    );
    assert_eq!(
        option_error(3, r#"{"double_cost": 11}"#),
        invalid("double_cost")
    );
    assert_eq!(
        option_error(3, r#"{"specials": false, "max_doubles": 0}"#),
        invalid("max_doubles")
    );
    assert_eq!(
        option_error(3, r#"{"deadline_secs": 0}"#),
        invalid("deadline_secs")
    );
    assert_eq!(
        option_error(3, r#"{"deadline_secs": 2592001}"#),
        invalid("deadline_secs")
    );
    assert_eq!(
        option_error(3, r#"{"card_total": 91, "max_doubles": 9}"#),
        invalid("card_total")
    );
    assert_eq!(
        option_error(3, r#"{"players": 3}"#),
        ("unknown_option", Some("players".to_owned()))
    );
    for players in [0, 2, 4, -3] {
        assert_eq!(
            option_error(players, "{}"),
            ("invalid_players", Some("players".to_owned()))
        );
    }
    assert_eq!(
        option_error(4, r#"{"x": 1}"#),
        ("unknown_option", Some("x".to_owned()))
    );
    assert_eq!(
        option_error(2, r#"{"card_total": 91}"#).0,
        "invalid_players"
    );
}

#[test]
fn kind_info_lists_every_option() {
    let info = kind_info();
    assert_eq!(info.kind, crate::GameKind::Tribute);
    assert_eq!((info.min_players, info.max_players), (3, 3));
    let keys: Vec<_> = info.options.iter().map(|o| o.key).collect();
    assert_eq!(
        keys,
        [
            "card_total",
            "blind",
            "specials",
            "double_cost",
            "max_doubles",
            "deadline_secs"
        ]
    );
    assert_eq!(info.options[0].default, OptionValue::Int(50));
    assert_eq!(info.options[5].default, OptionValue::Null);
    // Every advertised default is accepted as an explicit value.
    for option in &info.options {
        let mut map = OptionMap::default();
        map.0.insert(option.key.to_owned(), option.default.clone());
        assert!(parse_options(3, &map).is_ok(), "{}", option.key);
    }
}

#[test]
fn moves_travel_as_the_rules_json_shapes() {
    let mv = orders(1, 0, 7, 9, 0);
    assert_eq!(
        serde_json::to_value(&mv).unwrap(),
        serde_json::json!({"type": "orders", "turn": 1,
            "plays": [{"opponent": 1, "value": 7}, {"opponent": 2, "value": 9}], "doubles": 0})
    );
    let mv = select(&[0, 0, 2, 4, 5, 6, 7, 8, 9, 9], 2);
    assert_eq!(
        serde_json::to_value(&mv).unwrap(),
        serde_json::json!({"type": "select", "cards": [0, 0, 2, 4, 5, 6, 7, 8, 9, 9], "doubles": 2})
    );
    let back: Move = serde_json::from_value(serde_json::to_value(&mv).unwrap()).unwrap();
    assert_eq!(back, mv);
}

#[test]
fn setup_is_empty_and_accepted() {
    let rng = crate::Seed::new("tribute-tests").unwrap().rng();
    let (game, events) = Tribute::new(options("{}"), rng, Some(Setup {}), 7).unwrap();
    assert_eq!(game, new_game("{}", 7));
    assert_eq!(
        events,
        vec![Event::PhaseStarted {
            phase: Phase::Selection,
            started_at: 7,
            deadline_at: None
        }]
    );
    assert_eq!(serde_json::to_string(&Setup {}).unwrap(), "{}");
    assert_eq!(game.players(), 3);
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1), Seat(2)]);
}

#[test]
fn expire_refuses_when_nothing_is_due() {
    let mut game = new_game("{}", 0);
    assert_eq!(game.expire(1_000_000).unwrap_err().code, "no_deadline");
    let mut game2 = new_game(r#"{"deadline_secs": 50}"#, 0);
    assert_eq!(game2.expire(49).unwrap_err().code, "deadline_not_reached");
    let events = game2.expire(5_000).unwrap();
    // One phase per call, closed at the deadline itself.
    assert!(matches!(
        events[0],
        Event::SelectionClosed { closed_at: 50, .. }
    ));
    assert_eq!(game2.started_at(), Some(50));
    assert_eq!(crate::advance(&mut game2, 5_000).len(), 5);
    assert_eq!(game2.phase(), Phase::Finished);
    assert_eq!(game2.expire(5_000).unwrap_err().code, "game_over");
    assert_eq!(game2.result().unwrap().final_scores, [0, 0, 0]);
    assert_eq!(game2.result().unwrap().winners.len(), 3);
}

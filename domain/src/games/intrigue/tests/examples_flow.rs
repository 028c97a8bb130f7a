//! Worked examples of turns, deadlines and validation, plus options and setup.

use super::*;
use crate::games::intrigue::{Setup, kind_info, parse_options};
use crate::{OptionMap, OptionValue};
use Face::Down;
use Pos::A;

fn with_deadline() -> Harness {
    Harness::with_options(Options::with(5, 3, Some(60), Some(Seat(0))))
}

#[test]
fn intrigue_e19_a_missed_deadline_plays_the_first_card_face_down_on_a() {
    let mut h = with_deadline();
    h.acting(2).hand(2, &["spy", "guilds"]).fill();
    h.t().decision_since = 100;
    assert_eq!(h.game.deadline(), Some(160));
    assert_eq!(
        h.game.default_move(seat(2)),
        Some(mv(
            r#"{"type":"play_face_down","card":"spy","character":"A"}"#
        ))
    );
    assert_eq!(h.game.default_move(seat(1)), None);
    assert_eq!(h.game.expire(159).unwrap_err().code, "deadline_not_reached");
    let events = h.game.expire(175).unwrap();
    assert_eq!(events[0], Event::DeadlineMissed { seat: seat(2) });
    assert_eq!(stack_cards(h.table(), A), [(card("spy"), seat(2), Down)]);
    assert_eq!(h.table().hands[1], cards(&["guilds"]));
    assert_eq!(h.table().to_act, seat(3));
    // The next decision's time runs from the missed deadline.
    assert_eq!(h.game.deadline(), Some(220));
}

#[test]
fn intrigue_e19_b_missed_deadline_during_an_oracle_discard() {
    let mut h = with_deadline();
    h.hand(1, &["feud", "public_support_1", "guilds", "lies"])
        .fill();
    h.t().resolving = Some(card("oracle"));
    assert_eq!(
        h.game.default_move(seat(1)),
        Some(mv(r#"{"type":"discard","card":"feud"}"#))
    );
    h.game.expire(60).unwrap();
    assert_eq!(h.table().discard, cards(&["feud", "oracle"]));
    assert_eq!(h.table().to_act, seat(2));
}

#[test]
fn expire_refuses_without_a_deadline_or_after_the_end() {
    let mut h = Harness::s();
    h.fill();
    assert_eq!(h.game.expire(1_000_000).unwrap_err().code, "no_deadline");
    h.t().phase = crate::games::intrigue::state::Phase::GameOver;
    assert_eq!(h.game.expire(1_000_000).unwrap_err().code, "game_over");
}

#[test]
fn intrigue_e21_taking_tokens() {
    let mut h = Harness::s();
    h.hold(2, &["a_plus3"]).acting(3).fill();
    assert_eq!(
        h.code(3, r#"{"type":"take_token","token":"a_plus3"}"#),
        "token_not_available"
    );
    h.play(3, r#"{"type":"take_token","token":"a_plus1"}"#)
        .unwrap();
    assert_eq!(h.table().holder(token("a_plus1")), Some(seat(3)));
    assert_eq!(h.table().to_act, seat(1));
}

#[test]
fn intrigue_e22_validation_order() {
    let mut h = Harness::s();
    h.hand(1, &["spy", "public_support_1"]).fill();
    h.t().unplayed_favors[0] = vec![A, Pos::C];
    let cases = [
        (2, r#"{"type":"play_action","card":"spy"}"#, "not_your_turn"),
        (
            1,
            r#"{"type":"play_action","card":"spy"}"#,
            "bad_parameters",
        ),
        (
            1,
            r#"{"type":"play_action","card":"public_support_1","character":"A"}"#,
            "wrong_card_type",
        ),
        (
            1,
            r#"{"type":"play_face_down","card":"spy","character":"D"}"#,
            "malformed_move",
        ),
        (
            1,
            r#"{"type":"play_action","card":"oracle"}"#,
            "card_not_in_hand",
        ),
        (
            1,
            r#"{"type":"play_favor","color":"B"}"#,
            "favor_already_played",
        ),
        (
            1,
            r#"{"type":"discard","card":"spy"}"#,
            "no_decision_pending",
        ),
    ];
    for (player, json, code) in cases {
        assert_eq!(h.code(player, json), code, "{json}");
    }
    let outsider = check(
        h.table(),
        Actor::Outsider,
        &mv(r#"{"type":"play_favor","color":"A"}"#),
    );
    assert_eq!(outsider.unwrap_err().code, "not_a_player");
}

#[test]
fn checks_before_the_value_domains_come_first() {
    let mut h = Harness::s();
    h.hand(1, &["spy", "public_support_1"]).fill();
    // not_your_turn precedes malformed_move.
    assert_eq!(
        h.code(2, r#"{"type":"take_token","token":"z_plus9"}"#),
        "not_your_turn"
    );
    assert_eq!(
        h.code(1, r#"{"type":"take_token","token":"z_plus9"}"#),
        "malformed_move"
    );
    // An unused parameter with a bad value is still malformed.
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"spy","character":"A","pair":"xy"}"#
        ),
        "malformed_move"
    );
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"spy","character":"A","pair":"ab"}"#
        ),
        "bad_parameters"
    );
    h.t().phase = crate::games::intrigue::state::Phase::GameOver;
    assert_eq!(
        h.code(1, r#"{"type":"play_favor","color":"A"}"#),
        "game_over"
    );
}

fn options(pairs: &[(&str, OptionValue)]) -> OptionMap {
    OptionMap(
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), value.clone()))
            .collect(),
    )
}

#[test]
fn options_are_checked_and_name_the_option() {
    let ok = parse_options(3, &OptionMap::default()).unwrap();
    assert_eq!(ok, Options::default());
    assert_eq!(
        (
            ok.hand_size(),
            ok.rounds(),
            ok.starting_points(),
            ok.deadline_secs()
        ),
        (5, 3, 3, None)
    );
    let err = parse_options(4, &OptionMap::default()).unwrap_err();
    assert_eq!(
        (err.code, err.option.as_deref()),
        ("invalid_players", Some("players"))
    );
    let err = parse_options(3, &options(&[("colour", OptionValue::Int(1))])).unwrap_err();
    assert_eq!(
        (err.code, err.option.as_deref()),
        ("unknown_option", Some("colour"))
    );
    let bad = [
        ("hand_size", OptionValue::Int(8)),
        ("hand_size", OptionValue::Int(2)),
        ("rounds", OptionValue::Int(0)),
        ("rounds", OptionValue::Str("3".to_owned())),
        ("starting_points", OptionValue::Int(21)),
        ("deadline_secs", OptionValue::Int(9)),
        ("deadline_secs", OptionValue::Number(10.5)),
        ("first_player", OptionValue::Int(0)),
        ("first_player", OptionValue::Int(4)),
    ];
    for (key, value) in bad {
        let err = parse_options(3, &options(&[(key, value)])).unwrap_err();
        assert_eq!(
            (err.code, err.option.as_deref()),
            ("invalid_option", Some(key))
        );
    }
    let set = parse_options(
        3,
        &options(&[
            ("hand_size", OptionValue::Int(7)),
            ("rounds", OptionValue::Int(10)),
            ("starting_points", OptionValue::Int(20)),
            ("deadline_secs", OptionValue::Int(86_400)),
            ("first_player", OptionValue::Int(3)),
        ]),
    )
    .unwrap();
    assert_eq!(set.first_player(), Some(Seat(2)));
    assert_eq!(set.deadline_secs(), Some(86_400));
    let info = kind_info();
    assert_eq!((info.min_players, info.max_players), (3, 3));
    assert_eq!(info.options.len(), 5);
}

fn setup() -> Setup {
    Setup {
        deck: Card::ALL.to_vec(),
        characters: [Character::Prophet, Character::Duke, Character::Princess],
    }
}

#[test]
fn an_explicit_setup_fixes_deck_and_characters() {
    let options = Options::with(5, 3, None, Some(Seat(1)));
    let (game, events) = Intrigue::new(options, rng(), Some(setup()), 0).unwrap();
    let t = &game.table;
    assert_eq!(
        t.character_at,
        [Character::Prophet, Character::Duke, Character::Princess]
    );
    assert_eq!(t.unused, [Character::Bishop]);
    assert_eq!(t.to_act, Seat(1));
    assert_eq!(t.hands[1], Card::ALL[0..5].to_vec());
    assert_eq!(t.hands[2], Card::ALL[5..10].to_vec());
    assert_eq!(t.hands[0], Card::ALL[10..15].to_vec());
    assert_eq!(t.deck, Card::ALL[15..].to_vec());
    assert_eq!(events.len(), 2);
    let mut short = setup();
    short.deck.pop();
    let mut twice = setup();
    twice.deck[0] = Card::Spy;
    let mut same = setup();
    same.characters[2] = Character::Duke;
    for bad in [short, twice, same] {
        let err = Intrigue::new(Options::default(), rng(), Some(bad), 0).unwrap_err();
        assert_eq!(err.code, "invalid_setup");
    }
}

#[test]
fn the_round_1_example_of_the_round_start() {
    let (game, _) = Intrigue::new(Options::default(), rng(), None, 0).unwrap();
    let t = &game.table;
    assert_eq!(placed(t).len(), 24);
    assert_eq!(t.deck.len(), 9);
    assert!(t.hands.iter().all(|hand| hand.len() == 5));
    assert_eq!(t.to_act, t.first_player);
}

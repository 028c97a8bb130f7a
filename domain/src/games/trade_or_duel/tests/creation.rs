//! Option checks, explicit and random setups, and the kind's description.

use super::support::*;
use crate::games::trade_or_duel::{
    Event, FirstPlayer, Setup, TradeOrDuel, kind_info, parse_options,
};
use crate::{Game, GameKind, OptionValue, Seat, Seed, SetupError, Viewer};

fn option_error(players: i64, pairs: &[(&str, OptionValue)]) -> (&'static str, Option<String>) {
    match parse_options(players, &options(pairs)) {
        Ok(parsed) => panic!("accepted: {parsed:?}"),
        Err(SetupError { code, option, .. }) => (code, option),
    }
}

fn named(code: &'static str, option: &str) -> (&'static str, Option<String>) {
    (code, Some(option.to_owned()))
}

#[test]
fn trade_or_duel_options_default_and_accept_the_allowed_values() {
    let parsed = match parse_options(4, &options(&[])) {
        Ok(parsed) => parsed,
        Err(error) => panic!("{error}"),
    };
    assert_eq!(parsed.players(), 4);
    assert_eq!(parsed.turns_each(), 3);
    assert_eq!(parsed.first_player(), FirstPlayer::Random);
    assert_eq!(parsed.deadline_secs(), None);

    let pairs = [
        ("players", OptionValue::Int(9)),
        ("turns_each", OptionValue::Int(10)),
        ("first_player", OptionValue::Int(8)),
        ("deadline_secs", OptionValue::Int(86_400)),
    ];
    let parsed = match parse_options(9, &options(&pairs)) {
        Ok(parsed) => parsed,
        Err(error) => panic!("{error}"),
    };
    assert_eq!(parsed.turns_each(), 10);
    assert_eq!(parsed.first_player(), FirstPlayer::Seat(Seat(8)));
    assert_eq!(parsed.deadline_secs(), Some(86_400));

    let pairs = [
        ("first_player", OptionValue::Str("random".to_owned())),
        ("deadline_secs", OptionValue::Null),
        ("turns_each", OptionValue::Int(1)),
    ];
    assert!(parse_options(4, &options(&pairs)).is_ok());
    assert!(parse_options(4, &options(&[("deadline_secs", OptionValue::Int(10))])).is_ok());
}

#[test]
fn trade_or_duel_option_errors_come_in_the_rules_order() {
    let bad_all = [
        ("colour", OptionValue::Str("red".to_owned())),
        ("turns_each", OptionValue::Int(0)),
        ("first_player", OptionValue::Int(7)),
        ("deadline_secs", OptionValue::Int(5)),
    ];
    assert_eq!(option_error(3, &bad_all), named("unknown_option", "colour"));
    assert_eq!(
        option_error(3, &bad_all[1..]),
        named("invalid_players", "players")
    );
    assert_eq!(
        option_error(4, &bad_all[1..]),
        named("invalid_turns_each", "turns_each")
    );
    assert_eq!(
        option_error(4, &bad_all[2..]),
        named("invalid_first_player", "first_player")
    );
    assert_eq!(
        option_error(4, &bad_all[3..]),
        named("invalid_deadline", "deadline_secs")
    );
}

#[test]
fn trade_or_duel_option_values_out_of_range_are_refused() {
    for players in [-1, 0, 3, 10, 256] {
        assert_eq!(
            option_error(players, &[]),
            named("invalid_players", "players")
        );
    }
    assert_eq!(
        option_error(5, &[("players", OptionValue::Int(6))]),
        named("invalid_players", "players")
    );
    for value in [
        OptionValue::Int(0),
        OptionValue::Int(11),
        OptionValue::Str("3".to_owned()),
        OptionValue::Number(2.5),
        OptionValue::Null,
    ] {
        assert_eq!(
            option_error(4, &[("turns_each", value)]),
            named("invalid_turns_each", "turns_each")
        );
    }
    for value in [
        OptionValue::Int(4),
        OptionValue::Int(-1),
        OptionValue::Str("first".to_owned()),
        OptionValue::Bool(true),
        OptionValue::Null,
        OptionValue::Other,
    ] {
        assert_eq!(
            option_error(4, &[("first_player", value)]),
            named("invalid_first_player", "first_player")
        );
    }
    for value in [
        OptionValue::Int(9),
        OptionValue::Int(86_401),
        OptionValue::Str("60".to_owned()),
        OptionValue::Number(60.5),
    ] {
        assert_eq!(
            option_error(4, &[("deadline_secs", value)]),
            named("invalid_deadline", "deadline_secs")
        );
    }
}

fn setup_error(hands: Vec<Vec<i64>>, first_player: i64) -> &'static str {
    let options = match parse_options(4, &options(&[])) {
        Ok(options) => options,
        Err(error) => panic!("{error}"),
    };
    let setup = Setup {
        hands,
        first_player,
    };
    match TradeOrDuel::new(options, Seed::from_bytes([1; 32]).rng(), Some(setup), NOW) {
        Ok(_) => panic!("setup accepted"),
        Err(error) => error.code,
    }
}

#[test]
fn trade_or_duel_invalid_setups_are_refused() {
    let good: Vec<Vec<i64>> = DEAL_A.iter().map(|hand| hand.to_vec()).collect();
    let mut three_seats = good.clone();
    three_seats.pop();
    let mut five_seats = good.clone();
    five_seats.push(vec![2, 3]);
    let mut three_cards = good.clone();
    three_cards[0].push(2);
    let mut one_card = good.clone();
    one_card[1].pop();
    let mut zero = good.clone();
    zero[2][0] = 0;
    let mut nineteen = good.clone();
    nineteen[2][0] = 19;
    let mut twice = good.clone();
    twice[3][0] = 4;
    let mut same_hand = good.clone();
    same_hand[3] = vec![5, 5];
    for hands in [
        three_seats,
        five_seats,
        three_cards,
        one_card,
        zero,
        nineteen,
        twice,
        same_hand,
    ] {
        assert_eq!(setup_error(hands, 0), "invalid_setup");
    }
    assert_eq!(setup_error(good.clone(), 4), "invalid_setup");
    assert_eq!(setup_error(good, -1), "invalid_setup");
}

#[test]
fn trade_or_duel_explicit_setup_overrides_the_first_player_option() {
    let (game, events) = create(&DEAL_A, 2, &[("first_player", OptionValue::Int(1))], NOW);
    assert_eq!(
        events,
        vec![Event::TurnStarted {
            round: 1,
            extra: false,
            seat: p(2)
        }]
    );
    assert_declaring(&game, 2, 1);
    assert_eq!(game.set_aside, SA_A.to_vec());
    assert_eq!(game.view(Viewer::Spectator).set_aside_count, 10);
}

fn random_game(players: i64, first_player: OptionValue, seed: u8) -> TradeOrDuel {
    let parsed = parse_options(players, &options(&[("first_player", first_player)]));
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(error) => panic!("{error}"),
    };
    match TradeOrDuel::new(parsed, Seed::from_bytes([seed; 32]).rng(), None, NOW) {
        Ok((game, _)) => game,
        Err(error) => panic!("{error}"),
    }
}

#[test]
fn trade_or_duel_random_setup_deals_two_cards_each_then_draws_the_first_player() {
    let random = || OptionValue::Str("random".to_owned());
    let mut first_players = std::collections::BTreeSet::new();
    for players in 4..=9u8 {
        for seed in 0..20 {
            let game = random_game(i64::from(players), random(), seed);
            assert!(game.hands.iter().all(|hand| hand.len() == 2));
            let mut all: Vec<u8> = game.hands.iter().flatten().copied().collect();
            all.extend_from_slice(&game.set_aside);
            all.sort_unstable();
            assert_eq!(all, (1..=18).collect::<Vec<u8>>());
            assert_eq!(game.set_aside.len(), 18 - 2 * usize::from(players));
            assert!(game.first_player.0 < players);
            first_players.insert(game.first_player);
            assert_eq!(game, random_game(i64::from(players), random(), seed));
            // The draw comes after the shuffle: a fixed first player leaves the same deal.
            let fixed = random_game(i64::from(players), OptionValue::Int(0), seed);
            assert_eq!(fixed.hands, game.hands);
            assert_eq!(fixed.first_player, Seat(0));
        }
    }
    assert!(
        first_players.len() > 4,
        "the first player is drawn, not fixed"
    );
}

#[test]
fn trade_or_duel_kind_info_describes_every_option() {
    let info = kind_info();
    assert_eq!(info.kind, GameKind::TradeOrDuel);
    assert_eq!(info.name, "Trade or Duel");
    assert_eq!((info.min_players, info.max_players), (4, 9));
    let keys: Vec<&str> = info.options.iter().map(|option| option.key).collect();
    assert_eq!(keys, vec!["turns_each", "first_player", "deadline_secs"]);
    assert_eq!(info.options[0].default, OptionValue::Int(3));
    assert_eq!(
        info.options[1].default,
        OptionValue::Str("random".to_owned())
    );
    assert_eq!(info.options[2].default, OptionValue::Null);
    assert!(
        info.options
            .iter()
            .all(|option| !option.description.is_empty())
    );
    assert_eq!(GameKind::TradeOrDuel.info(), info);
}

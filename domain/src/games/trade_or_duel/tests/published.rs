//! Simultaneous card choices are secret submissions, and rule D6 holds in what is published
//! once the game is over: the move log and the seed.

use super::support::*;
use crate::games::trade_or_duel::{Move, TradeOrDuel};
use crate::{AnyGame, AnyMove, Game, Input, Seat, Viewer};

const SEATS: [Viewer; 5] = [
    Viewer::Seat(Seat(0)),
    Viewer::Seat(Seat(1)),
    Viewer::Seat(Seat(2)),
    Viewer::Seat(Seat(3)),
    Viewer::Spectator,
];

#[test]
fn the_first_of_two_card_choices_is_a_secret_submission() {
    // E1: P0 trades one card with P1; both choose.
    let mut game = deal_a();
    play(&mut game, 0, declare(1, "trade"));
    assert!(
        !game.is_secret_submission(p(1), &answer(1)),
        "one seat answers"
    );
    play(&mut game, 1, answer(1));
    assert!(game.is_secret_submission(p(1), &choose(&[7])));
    assert!(game.is_secret_submission(p(0), &choose(&[15])));
    assert!(
        !game.is_secret_submission(p(2), &choose(&[1])),
        "not a party"
    );
    play(&mut game, 1, choose(&[7]));
    assert!(
        !game.is_secret_submission(p(0), &choose(&[15])),
        "the second choice resolves the trade"
    );
}

#[test]
fn a_choice_against_a_forced_card_is_not_secret() {
    // E6 step 1: P0's only card is forced, P1 alone chooses, and that resolves the duel.
    let mut game = deal_a();
    play(&mut game, 0, declare(3, "duel"));
    play(&mut game, 3, answer(1));
    play(&mut game, 0, choose(&[4]));
    play(&mut game, 3, choose(&[5]));
    play(&mut game, 1, declare(0, "duel"));
    assert_eq!(game.to_act(), vec![p(1)]);
    assert!(!game.is_secret_submission(p(1), &choose(&[7])));
}

/// E1 (a trade between P0 and P1), then a duel of one card between P1 and P3: each input with
/// the state it was made in. Inputs 2 and 3 are the trade's card choices.
fn trade_then_duel() -> Vec<(TradeOrDuel, u8, Move)> {
    let mut game = deal_a();
    let inputs = [
        (0, declare(1, "trade")),
        (1, answer(1)),
        (1, choose(&[7])),
        (0, choose(&[15])),
        (1, declare(3, "duel")),
        (3, answer(1)),
        (1, choose(&[10])),
        (3, choose(&[12])),
    ];
    let mut states = Vec::new();
    for (seat, mv) in inputs {
        states.push((game.clone(), seat, mv.clone()));
        play(&mut game, seat, mv);
    }
    states
}

#[test]
fn trade_choices_in_the_published_log_are_shown_only_to_the_two_parties() {
    for (index, (before, seat, mv)) in trade_then_duel().into_iter().enumerate() {
        let trade_choice = index == 2 || index == 3;
        for viewer in SEATS {
            let party = matches!(viewer, Viewer::Seat(Seat(0 | 1)));
            assert_eq!(
                before.logged_move_visible(p(seat), &mv, viewer),
                !trade_choice || party,
                "input {index}, P{seat} {mv:?}, to {viewer:?}"
            );
        }
    }
}

#[test]
fn the_seed_is_shown_only_to_a_party_of_every_trade() {
    let mut game = deal_a();
    for viewer in SEATS {
        assert!(game.seed_visible(viewer), "no trade yet: {viewer:?}");
    }
    for (seat, mv) in [
        (0, declare(1, "trade")),
        (1, answer(1)),
        (1, choose(&[7])),
        (0, choose(&[15])),
    ] {
        play(&mut game, seat, mv);
    }
    let shown: Vec<bool> = SEATS.iter().map(|v| game.seed_visible(*v)).collect();
    assert_eq!(shown, [true, true, false, false, false]);
    // A second trade with other parties: nobody was a party to both.
    play(&mut game, 1, declare(2, "trade"));
    play(&mut game, 2, answer(2));
    let shown: Vec<bool> = SEATS.iter().map(|v| game.seed_visible(*v)).collect();
    assert_eq!(shown, [false, true, false, false, false]);
    play(&mut game, 2, declare(3, "trade"));
    play(&mut game, 3, answer(2));
    assert!(SEATS.iter().all(|viewer| !game.seed_visible(*viewer)));
}

#[test]
fn the_published_log_visibility_replays_the_game() {
    let (start, _) = create(&DEAL_A, 0, &[], NOW);
    let inputs: Vec<Input<AnyMove>> = trade_then_duel()
        .into_iter()
        .map(|(_, seat, mv)| Input::Move {
            seat: p(seat),
            mv: AnyMove::TradeOrDuel(mv),
        })
        .collect();
    let visibility = |viewer| {
        AnyGame::TradeOrDuel(Box::new(start.clone()))
            .published_log_visibility(inputs.iter().map(|input| (input, NOW)), viewer)
            .unwrap_or_else(|error| panic!("the log does not replay: {error}"))
    };
    let all = vec![true; 8];
    let onlooker = vec![true, true, false, false, true, true, true, true];
    assert_eq!(visibility(Viewer::Seat(Seat(0))), all);
    assert_eq!(visibility(Viewer::Seat(Seat(1))), all);
    assert_eq!(visibility(Viewer::Seat(Seat(3))), onlooker);
    assert_eq!(visibility(Viewer::Spectator), onlooker);
    // A log that does not replay is an error, not a guess.
    let bad = [Input::Move {
        seat: p(2),
        mv: AnyMove::TradeOrDuel(declare(1, "duel")),
    }];
    let replayed = AnyGame::TradeOrDuel(Box::new(start))
        .published_log_visibility(bad.iter().map(|input| (input, NOW)), Viewer::Spectator);
    assert_eq!(replayed.map_err(|e| e.code), Err("not_your_decision"));
}

//! Worked examples of Blind Tribute: E12 and E13.

use super::*;

fn charge(game: &Tribute, index: usize) -> (i64, i64) {
    let view = game.view(Viewer::Spectator);
    let range = view.seats[index].blind.clone().unwrap().charge.unwrap();
    (range.min, range.max)
}

fn play_turn(game: &mut Tribute, turn: i64, plays: TurnPlays, now: Timestamp) {
    for (index, (x, y, d)) in (0u8..).zip(plays) {
        ok(game, seat(index), orders(turn, index, x, y, d), now);
    }
}

#[test]
fn tribute_e12_blind_game_with_feasibility_and_nmr() {
    let mut game = new_game(
        r#"{"blind": true, "card_total": 50, "deadline_secs": 100}"#,
        0,
    );
    assert!(!game.options().specials());
    assert_eq!(game.phase(), Phase::Turn(1));
    assert_eq!(game.deadline(), Some(100));
    assert_eq!(
        refused(&mut game, seat(0), select(&[5; 10], 0), 1),
        "wrong_phase"
    );
    assert_eq!(game.default_move(Seat(0)), Some(orders(1, 0, 5, 5, 0)));
    // Doubles left and remaining totals are public in Blind from the start.
    assert_eq!(game.view(Viewer::Spectator).seats[1].doubles_left, Some(0));

    play_turn(&mut game, 1, [(0, 0, 0), (9, 9, 0), (5, 5, 0)], 12);
    assert_eq!(game.scores(), [-2, 2, 0]);
    assert_eq!(game.remaining, [50, 32, 40]);
    play_turn(&mut game, 2, [(0, 0, 0), (9, 9, 0), (5, 5, 0)], 22);
    assert_eq!(game.scores(), [-4, 4, 0]);
    assert_eq!(game.remaining, [50, 14, 30]);

    assert_eq!(game.started_at(), Some(22));
    assert_eq!(game.deadline(), Some(122));
    assert_eq!(charge(&game, 0), (14, 50));
    assert_eq!(charge(&game, 1), (0, 14));
    assert_eq!(charge(&game, 2), (0, 30));
    assert_eq!(
        refused(&mut game, seat(0), orders(3, 0, 5, 5, 0), 30),
        "total_unreachable"
    );
    assert_eq!(
        refused(&mut game, seat(1), orders(3, 1, 9, 9, 0), 30),
        "total_exceeded"
    );
    ok(&mut game, seat(1), orders(3, 1, 9, 5, 0), 31);
    ok(&mut game, seat(2), orders(3, 2, 5, 5, 0), 32);
    crate::advance(&mut game, 122);
    let turn3 = &game.turns[2];
    assert_eq!(turn3.closed_at, 122);
    assert_eq!(used(turn3, 0), (5, 9, 0, true));
    assert_eq!(winners(turn3), vec![Some(1), Some(0), None]);
    assert_eq!(turn3.deltas, [0, 1, -1]);
    assert_eq!(game.scores(), [-4, 5, -1]);
    assert_eq!(game.remaining, [36, 0, 20]);

    assert_eq!(charge(&game, 0), (18, 36));
    assert_eq!(charge(&game, 1), (0, 0));
    assert_eq!(charge(&game, 2), (2, 20));
    play_turn(&mut game, 4, [(9, 9, 0), (0, 0, 0), (9, 1, 0)], 130);
    assert_eq!(winners(&game.turns[3]), vec![Some(0), None, Some(2)]);
    assert_eq!(game.turns[3].deltas, [1, -2, 1]);
    assert_eq!(game.scores(), [-3, 3, 0]);
    assert_eq!(game.remaining, [18, 0, 10]);

    assert_eq!(
        refused(&mut game, seat(2), orders(5, 2, 1, 8, 0), 140),
        "total_unreachable"
    );
    play_turn(&mut game, 5, [(9, 9, 0), (0, 0, 0), (1, 9, 0)], 140);
    assert_eq!(winners(&game.turns[4]), vec![Some(0), Some(0), Some(2)]);
    assert_eq!(game.turns[4].deltas, [2, -2, 0]);
    let result = game.result().unwrap();
    assert_eq!(result.final_scores, [-1, 1, 0]);
    assert_eq!(result.ranks, [3, 1, 2]);
    assert_eq!(result.winners, vec![Seat(1)]);
    assert_eq!(game.remaining, [0, 0, 0]);
    for index in 0..3 {
        let total: i64 = game
            .turns
            .iter()
            .flat_map(|r| r.orders[index].plays.map(|p| i64::from(p.value)))
            .sum();
        assert_eq!(total, 50);
    }
}

/// Game BS with seat 0's turns 1–4 played as given and seats 1 and 2 playing (5, 5).
fn game_bs(options: &str, seat0: [(i64, i64, i64); 4]) -> Tribute {
    let mut game = new_game(options, 0);
    for (turn, (x, y, d)) in (1..).zip(seat0) {
        play_turn(
            &mut game,
            turn,
            [(x, y, d), (5, 5, 0), (5, 5, 0)],
            10 * turn,
        );
    }
    game
}

/// `R` of `seat` after each resolved turn, from the public turn records (T = 50, cost 3).
fn remaining_after_each_turn(game: &Tribute, index: usize) -> Vec<i64> {
    game.turns
        .iter()
        .map(|r| {
            let [low, high] = r.orders[index].plays;
            i64::from(low.value) + i64::from(high.value) + 3 * i64::from(r.orders[index].doubles)
        })
        .scan(50, |left, charge| {
            *left -= charge;
            Some(*left)
        })
        .collect()
}

#[test]
fn tribute_e13_blind_with_specials() {
    let game = game_bs(
        r#"{"blind": true, "specials": true}"#,
        [(9, 9, 0), (9, 9, 0), (9, 2, 0), (0, 0, 0)],
    );
    assert_eq!(remaining_after_each_turn(&game, 0), vec![32, 14, 3, 3]);
    assert_eq!(game.remaining[0], 3);
    assert_eq!(game.plays_left(), 2);
    assert_eq!(game.doubles_left[0], 2);
    let cases = [
        (orders(5, 0, 0, 0, 1), None),
        (orders(5, 0, 2, 1, 0), None),
        (orders(5, 0, 1, 0, 1), Some("total_exceeded")),
        (orders(5, 0, 0, 0, 2), Some("total_exceeded")),
        (orders(5, 0, 0, 0, 0), Some("total_unreachable")),
        (orders(5, 0, 0, 0, 3), Some("too_many_doubles")),
    ];
    for (mv, expected) in cases {
        let mut copy = game.clone();
        match expected {
            None => {
                ok(&mut copy, seat(0), mv, 100);
            }
            Some(code) => assert_eq!(refused(&mut copy, seat(0), mv, 100), code),
        }
    }
}

#[test]
fn tribute_e13_blind_nmr_drops_an_unaffordable_double() {
    let mut game = game_bs(
        r#"{"blind": true, "specials": true, "deadline_secs": 100}"#,
        [(9, 9, 0), (9, 9, 0), (9, 0, 0), (0, 0, 1)],
    );
    assert_eq!(remaining_after_each_turn(&game, 0), vec![32, 14, 5, 2]);
    assert_eq!(game.doubles_left[0], 1);
    ok(&mut game, seat(1), orders(5, 1, 5, 5, 0), 41);
    ok(&mut game, seat(2), orders(5, 2, 5, 5, 0), 42);
    assert_eq!(game.default_move(Seat(0)), Some(orders(5, 0, 0, 2, 0)));
    let deadline = game.deadline().unwrap();
    crate::advance(&mut game, deadline);
    assert_eq!(used(&game.turns[4], 0), (0, 2, 0, true));
    assert_eq!(game.remaining, [0, 0, 0]);
    assert_eq!(game.phase(), Phase::Finished);
}

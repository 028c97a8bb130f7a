//! Worked examples of the standard game: game G, E1–E6, E8 and E14.

use super::*;

#[test]
fn tribute_g_selection_phase_reveals_selections_on_close() {
    let mut game = new_game(r#"{"card_total": 50, "deadline_secs": 86400}"#, 0);
    assert_eq!(game.phase(), Phase::Selection);
    assert_eq!(game.deadline(), Some(86_400));
    ok(
        &mut game,
        seat(0),
        select(&[9, 0, 0, 2, 4, 5, 6, 7, 8, 9], 0),
        10,
    );
    // Only the owner sees a pending selection; others see only that it exists.
    let own = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        own.pending,
        Some(PendingView::Selection {
            cards: vec![0, 0, 2, 4, 5, 6, 7, 8, 9, 9],
            doubles: 0
        })
    );
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        let view = game.view(viewer);
        assert_eq!(view.pending, None);
        assert!(view.seats[0].submitted);
        assert_eq!(view.seats[0].selection, None);
        assert_eq!(view.seats[0].hand, None);
        assert_eq!(view.seats[0].doubles_left, None);
    }
    ok(
        &mut game,
        seat(1),
        select(&[0, 1, 2, 4, 5, 5, 6, 7, 8, 9], 1),
        20,
    );
    assert_eq!(game.to_act(), vec![Seat(2)]);
    let events = ok(
        &mut game,
        seat(2),
        select(&[0, 0, 0, 0, 4, 4, 9, 9, 9, 9], 2),
        30,
    );
    assert!(matches!(
        events[1],
        Event::SelectionClosed { closed_at: 30, .. }
    ));

    // State G1.
    assert_eq!(game.phase(), Phase::Turn(1));
    assert_eq!(game.started_at(), Some(30));
    assert_eq!(game.deadline(), Some(86_430));
    assert_eq!(
        game.hands,
        [
            vec![0, 0, 2, 4, 5, 6, 7, 8, 9, 9],
            vec![0, 1, 2, 4, 5, 5, 6, 7, 8, 9],
            vec![0, 0, 0, 0, 4, 4, 9, 9, 9, 9],
        ]
    );
    assert_eq!(game.doubles_left, [0, 1, 2]);
    assert_eq!(game.scores(), [0, 0, 0]);
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(
        spectator.seats[1].hand,
        Some(vec![0, 1, 2, 4, 5, 5, 6, 7, 8, 9])
    );
    assert_eq!(spectator.seats[2].doubles_left, Some(2));
    let revealed = spectator.seats[2].selection.clone().unwrap();
    assert_eq!((revealed.doubles, revealed.nmr), (2, false));
    assert_eq!(game, game_g1());
}

#[test]
fn tribute_e1_plain_turn() {
    let mut game = game_g1();
    ok(&mut game, seat(0), orders(1, 0, 7, 9, 0), 100);
    ok(&mut game, seat(1), orders(1, 1, 5, 8, 0), 200);
    let events = ok(&mut game, seat(2), orders(1, 2, 4, 0, 0), 300);
    let record = game.turns.last().unwrap();
    assert_eq!(events[1], Event::TurnResolved(record.clone()));
    assert_eq!(record.closed_at, 300);
    assert_eq!(record.multiplier, 1);
    assert_eq!(winners(record), vec![Some(0), Some(0), Some(1)]);
    assert_eq!(record.matches[0].values, [7, 5]);
    assert_eq!(record.matches[1].values, [9, 4]);
    assert_eq!(record.matches[2].values, [8, 0]);
    assert_eq!(record.deltas, [2, 0, -2]);
    assert_eq!(game.scores(), [2, 0, -2]);
    assert_eq!(
        game.hands,
        [
            vec![0, 0, 2, 4, 5, 6, 8, 9],
            vec![0, 1, 2, 4, 5, 6, 7, 9],
            vec![0, 0, 0, 4, 9, 9, 9, 9],
        ]
    );
    assert_eq!(game.doubles_left, [0, 1, 2]);
    assert_eq!(game.phase(), Phase::Turn(2));
    assert_eq!(game.started_at(), Some(300));
    assert_eq!(game.deadline(), Some(86_700));
}

#[test]
fn tribute_e2_ties() {
    let (game, record) = turn_from_g1([(5, 0, 0), (5, 1, 0), (0, 4, 0)]);
    assert_eq!(record.multiplier, 1);
    assert_eq!(winners(&record), vec![None, None, Some(2)]);
    assert_eq!(record.deltas, [0, -1, 1]);
    assert_eq!(game.scores(), [0, -1, 1]);
}

#[test]
fn tribute_e3_one_double() {
    let (game, record) = turn_from_g1([(8, 2, 0), (9, 0, 1), (9, 4, 0)]);
    assert_eq!(record.multiplier, 2);
    assert_eq!(winners(&record), vec![Some(1), Some(2), Some(2)]);
    assert_eq!(record.deltas, [-4, 0, 4]);
    assert_eq!(game.scores(), [-4, 0, 4]);
    assert_eq!(game.doubles_left, [0, 0, 2]);
}

#[test]
fn tribute_e4_two_doubles_by_different_seats() {
    let (game, record) = turn_from_g1([(6, 5, 0), (7, 2, 1), (0, 0, 1)]);
    assert_eq!(record.multiplier, 4);
    assert_eq!(winners(&record), vec![Some(1), Some(0), Some(1)]);
    assert_eq!(game.scores(), [0, 8, -8]);
    assert_eq!(game.doubles_left, [0, 0, 1]);
}

#[test]
fn tribute_e5_three_doubles_one_seat_plays_two() {
    let (game, record) = turn_from_g1([(0, 9, 0), (1, 9, 1), (9, 4, 2)]);
    assert_eq!(record.multiplier, 8);
    assert_eq!(winners(&record), vec![Some(1), None, Some(1)]);
    assert_eq!(record.deltas, [-8, 16, -8]);
    assert_eq!(game.scores(), [-8, 16, -8]);
    assert_eq!(game.doubles_left, [0, 0, 0]);
}

#[test]
fn tribute_e6_four_doubles_no_cap() {
    let cards = [3, 3, 3, 5, 5, 5, 5, 5, 5, 5];
    let play = |seat_two_doubles: i64| {
        let mut game = new_game("{}", 0);
        assert_eq!(game.deadline(), None);
        for index in 0..3 {
            ok(&mut game, seat(index), select(&cards, 2), 1);
        }
        ok(&mut game, seat(0), orders(1, 0, 5, 5, 2), 2);
        ok(&mut game, seat(1), orders(1, 1, 3, 5, 2), 2);
        ok(&mut game, seat(2), orders(1, 2, 5, 3, seat_two_doubles), 2);
        game
    };
    let game = play(0);
    let record = game.turns.last().unwrap();
    assert_eq!(record.multiplier, 16);
    assert_eq!(winners(record), vec![Some(0), None, Some(1)]);
    assert_eq!(game.scores(), [16, 0, -16]);
    assert_eq!(play(2).turns[0].multiplier, 64);
}

#[test]
fn tribute_e8_amending_orders() {
    let mut game = game_g1();
    ok(&mut game, seat(1), orders(1, 1, 9, 0, 1), 100);
    ok(&mut game, seat(1), orders(1, 1, 5, 8, 0), 150);
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let view = game.view(viewer);
        assert!(view.seats[1].submitted);
        assert_eq!(view.pending, None);
    }
    let own = game.view(Viewer::Seat(Seat(1)));
    let Some(PendingView::Orders {
        turn: 1,
        plays,
        doubles,
    }) = own.pending
    else {
        panic!("seat 1 should see its pending orders");
    };
    assert_eq!((plays[0].value, plays[1].value, doubles), (5, 8, 0));
    ok(&mut game, seat(0), orders(1, 0, 7, 9, 0), 200);
    assert!(game.view(Viewer::Spectator).seats[1].submitted);
    ok(&mut game, seat(2), orders(1, 2, 4, 0, 0), 300);
    assert_eq!(game.scores(), [2, 0, -2]);
    assert_eq!(game.doubles_left[1], 1);
    assert_eq!(game, game_after_e1());
}

#[test]
fn tribute_e14_complete_standard_game() {
    let mut game = game_after_e9();
    assert_eq!(game.scores(), [0, 4, -4]);
    let turns: [(i64, TurnPlays); 3] = [
        (3, [(8, 0, 0), (7, 6, 1), (9, 9, 1)]),
        (4, [(5, 2, 0), (4, 2, 0), (0, 0, 0)]),
        (5, [(4, 0, 0), (0, 5, 0), (9, 4, 0)]),
    ];
    let mut hands_after = Vec::new();
    for (turn, plays) in turns {
        let now = 90_000 + 10 * turn;
        for (index, (x, y, d)) in (0u8..).zip(plays) {
            ok(&mut game, seat(index), orders(turn, index, x, y, d), now);
        }
        hands_after.push(game.hands.clone());
    }
    let records = &game.turns;
    let summary: Vec<_> = records
        .iter()
        .map(|r| (r.multiplier, winners(r), r.deltas, r.scores_after))
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, vec![Some(0), Some(0), Some(1)], [2, 0, -2], [2, 0, -2]),
            (2, vec![Some(1), None, Some(1)], [-2, 4, -2], [0, 4, -4]),
            (4, vec![Some(0), Some(2), Some(2)], [0, -8, 8], [0, -4, 4]),
            (1, vec![Some(0), Some(0), Some(1)], [2, 0, -2], [2, -4, 2]),
            (1, vec![Some(0), Some(2), Some(1)], [0, 0, 0], [2, -4, 2]),
        ]
    );
    assert!(used(&records[1], 0).3, "turn 2 of seat 0 was NMR");
    assert_eq!(
        hands_after[0],
        [vec![0, 2, 4, 5], vec![0, 2, 4, 5], vec![0, 0, 4, 9]]
    );
    assert_eq!(hands_after[1], [vec![0, 4], vec![0, 5], vec![4, 9]]);
    assert!(hands_after[2].iter().all(Vec::is_empty));
    let result = game.result().unwrap();
    assert_eq!(result.final_scores, [2, -4, 2]);
    assert_eq!(result.ranks, [1, 3, 1]);
    assert_eq!(result.winners, vec![Seat(0), Seat(2)]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2)]);
    let places: Vec<u8> = outcome.ranking.iter().map(|p| p.place).collect();
    assert_eq!(places, vec![1, 3, 1]);
    assert_eq!(game.phase(), Phase::Finished);
    assert_eq!(game.deadline(), None);
    assert!(game.to_act().is_empty());
    assert_eq!(
        refused(&mut game, seat(0), orders(5, 0, 4, 0, 0), 1_000_000),
        "wrong_phase"
    );
}

//! Worked examples of missed deadlines: E9, E10 and E11.

use super::*;

#[test]
fn tribute_e9_nmr_fill_tie_break_and_late_order() {
    let mut game = game_after_e1();
    assert_eq!(game.deadline(), Some(86_700));
    ok(&mut game, seat(1), orders(2, 1, 9, 1, 0), 1000);
    ok(&mut game, seat(2), orders(2, 2, 9, 0, 1), 2000);
    assert_eq!(game.default_move(Seat(0)), Some(orders(2, 0, 6, 9, 0)));
    assert_eq!(game.default_move(Seat(1)), None);
    assert_eq!(
        game.expire(86_699).unwrap_err().code,
        "deadline_not_reached"
    );

    // The late order: the server advances first, then the order meets Turn 3.
    let expired = crate::advance(&mut game, 86_700);
    assert_eq!(expired.len(), 1);
    assert_eq!(
        game.apply(seat(0), orders(2, 0, 8, 9, 0), 86_700)
            .unwrap_err()
            .code,
        "wrong_turn"
    );

    let record = &game.turns[1];
    assert_eq!(record.closed_at, 86_700);
    assert_eq!(used(record, 0), (6, 9, 0, true));
    assert_eq!(used(record, 1), (9, 1, 0, false));
    assert_eq!(record.multiplier, 2);
    assert_eq!(winners(record), vec![Some(1), None, Some(1)]);
    assert_eq!(record.deltas, [-2, 4, -2]);
    assert_eq!(game.scores(), [0, 4, -4]);
    // The NMR flag is public.
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.turns[1].orders[0].nmr);
    assert_eq!(game.phase(), Phase::Turn(3));
    assert_eq!(game.started_at(), Some(86_700));
    assert_eq!(game.deadline(), Some(173_100));
    assert_eq!(
        game.hands,
        [
            vec![0, 0, 2, 4, 5, 8],
            vec![0, 2, 4, 5, 6, 7],
            vec![0, 0, 4, 9, 9, 9],
        ]
    );
    assert_eq!(game.doubles_left, [0, 1, 1]);
    assert_eq!(game, game_after_e9());
}

#[test]
fn tribute_e10_missed_selection_turn_one_nmr_and_cascade() {
    let mut game = new_game(r#"{"card_total": 47, "deadline_secs": 100}"#, 1000);
    assert_eq!(game.deadline(), Some(1100));
    ok(
        &mut game,
        seat(0),
        select(&[0, 0, 0, 5, 5, 5, 5, 9, 9, 9], 0),
        1010,
    );
    ok(
        &mut game,
        seat(1),
        select(&[0, 0, 0, 0, 0, 5, 9, 9, 9, 9], 2),
        1020,
    );

    ok(&mut game, seat(0), orders(1, 0, 9, 5, 0), 1150);
    let selection = &game.selections[2];
    assert_eq!(selection.cards, vec![4, 4, 4, 5, 5, 5, 5, 5, 5, 5]);
    assert_eq!((selection.doubles, selection.nmr), (0, true));
    assert!(!game.selections[0].nmr);
    assert_eq!(game.started_at(), Some(1100));
    assert_eq!(game.deadline(), Some(1200));
    ok(&mut game, seat(1), orders(1, 1, 5, 9, 1), 1160);

    let expired = crate::advance(&mut game, 1420);
    assert_eq!(expired.len(), 3);
    let turn1 = &game.turns[0];
    assert_eq!(turn1.closed_at, 1200);
    assert_eq!(used(turn1, 2), (4, 4, 0, true));
    assert_eq!(turn1.multiplier, 2);
    assert_eq!(winners(turn1), vec![Some(0), Some(0), Some(1)]);
    assert_eq!(turn1.scores_after, [4, 0, -4]);

    let turn2 = &game.turns[1];
    assert_eq!(turn2.closed_at, 1300);
    assert_eq!(used(turn2, 0), (9, 5, 0, true));
    assert_eq!(used(turn2, 1), (9, 9, 1, true));
    assert_eq!(used(turn2, 2), (4, 5, 0, true));
    assert_eq!(turn2.multiplier, 2);
    assert_eq!(winners(turn2), vec![None, Some(0), Some(1)]);
    assert_eq!(turn2.scores_after, [6, 2, -8]);

    let turn3 = &game.turns[2];
    assert_eq!(turn3.closed_at, 1400);
    assert_eq!(used(turn3, 0), (9, 5, 0, true));
    assert_eq!(used(turn3, 1), (9, 0, 0, true));
    assert_eq!(used(turn3, 2), (5, 5, 0, true));
    assert_eq!(turn3.multiplier, 1);
    assert_eq!(winners(turn3), vec![None, None, Some(2)]);
    assert_eq!(turn3.scores_after, [6, 1, -7]);

    assert_eq!(game.phase(), Phase::Turn(4));
    assert_eq!(game.started_at(), Some(1400));
    assert_eq!(game.deadline(), Some(1500));
    assert_eq!(
        game.hands,
        [vec![0, 0, 0, 5], vec![0, 0, 0, 0], vec![5, 5, 5, 5]]
    );
}

/// `(x against L, y against H, doubles)`.
type Triple = (u8, u8, u32);
/// Hand, previous orders, doubles left, expected NMR orders.
type NmrRow = (&'static [u8], Option<Triple>, u32, Triple);

/// Seat 0's NMR orders in turn 2 (or turn 1 when `previous` is `None`).
fn nmr_for(hand: &[u8], previous: Option<Triple>, doubles_left: u32) -> Triple {
    let mut game = new_game(r#"{"card_total": 47}"#, 0);
    game.phase = Phase::Turn(if previous.is_some() { 2 } else { 1 });
    game.hands[0] = hand.to_vec();
    game.doubles_left[0] = doubles_left;
    if let Some((x, y, d)) = previous {
        let mut record = turn_from_g1([(7, 9, 0), (5, 8, 0), (4, 0, 0)]).1;
        record.orders[0].plays[0].value = x;
        record.orders[0].plays[1].value = y;
        record.orders[0].doubles = d;
        game.turns = vec![record];
    }
    let orders = nmr::default_orders(&game, Seat(0));
    (orders.lower, orders.higher, orders.doubles)
}

#[test]
fn tribute_e11_nmr_choice_table() {
    let table: [NmrRow; 7] = [
        (&[0, 0, 2, 4, 5, 6, 8, 9], Some((7, 9, 0)), 0, (6, 9, 0)),
        (&[3, 5], Some((5, 7, 0)), 0, (5, 3, 0)),
        (&[7, 9], Some((5, 7, 0)), 0, (9, 7, 0)),
        (&[4, 9], Some((5, 3, 0)), 0, (9, 4, 0)),
        (&[3, 5, 7], Some((5, 5, 0)), 0, (5, 3, 0)),
        (&[0, 0, 2, 4, 5, 6, 8, 9], Some((7, 9, 2)), 1, (6, 9, 1)),
        (&[4, 4, 4, 5, 5, 5, 5, 5, 5, 5], None, 0, (4, 4, 0)),
    ];
    for (hand, previous, doubles_left, expected) in table {
        assert_eq!(
            nmr_for(hand, previous, doubles_left),
            expected,
            "hand {hand:?}, previous {previous:?}"
        );
    }
}

#[test]
fn tribute_e11_default_selection_spreads_the_total() {
    assert_eq!(nmr::default_selection(50).cards, vec![5; 10]);
    assert_eq!(
        nmr::default_selection(47).cards,
        vec![4, 4, 4, 5, 5, 5, 5, 5, 5, 5]
    );
    for total in 0..=90 {
        let selection = nmr::default_selection(total);
        let sum: i64 = selection.cards.iter().map(|c| i64::from(*c)).sum();
        assert_eq!((sum, selection.cards.len()), (total, 10));
        assert!(selection.cards.iter().all(|c| *c <= 9));
        assert!(selection.cards.is_sorted());
    }
}

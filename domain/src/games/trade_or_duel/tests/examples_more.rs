//! Worked examples E9–E13 of the rules.

use super::examples::{e3_moves, e5_game};
use super::support::*;
use crate::games::trade_or_duel::{
    Action, CommitHow, CountHow, DuelOutcome, Event, EventView, GameResult, Move, PhaseName,
    Placing, ResultView, SeatHand, Standing, TradeOrDuel,
};
use crate::{Game, OptionValue, Outcome, Placement, Seat, Viewer};

fn survivor(seat: u8, place: u8, hand_total: u32) -> Placing {
    Placing {
        seat: p(seat),
        place,
        standing: Standing::Survivor { hand_total },
    }
}

fn out(seat: u8, place: u8, elimination_index: u32) -> Placing {
    Placing {
        seat: p(seat),
        place,
        standing: Standing::Eliminated { elimination_index },
    }
}

fn seat_hand(seat: u8, cards: &[u8]) -> SeatHand {
    SeatHand {
        seat: p(seat),
        cards: cards.to_vec(),
        total: cards.iter().map(|card| u32::from(*card)).sum(),
    }
}

fn assert_over(game: &TradeOrDuel, expected: &GameResult) {
    assert_eq!(
        game.view(Viewer::Spectator).result,
        Some(ResultView::from(expected))
    );
    assert_eq!(game.to_act(), Vec::<Seat>::new());
    assert_eq!(game.deadline(), None);
    let view = game.view(Viewer::Seat(p(0)));
    assert_eq!(view.phase, PhaseName::GameOver);
    assert_eq!(view.active, None);
    let outcome = Outcome {
        ranking: expected
            .ranking
            .iter()
            .map(|placing| Placement {
                seat: placing.seat,
                place: placing.place,
            })
            .collect(),
        winners: expected.winner.into_iter().collect(),
    };
    assert_eq!(game.outcome(), Some(outcome));
}

/// Plays one `turn` of a table: (seat, move) pairs.
fn turn(game: &mut TradeOrDuel, moves: &[(u8, Move)]) -> Vec<Event> {
    moves
        .iter()
        .flat_map(|(seat, mv)| play(game, *seat, mv.clone()))
        .collect()
}

#[test]
fn trade_or_duel_e9_tie_for_lowest_and_extra_round() {
    let (mut game, _) = create(&DEAL_A, 0, &[("turns_each", OptionValue::Int(1))], NOW);
    turn(
        &mut game,
        &[
            (0, declare(2, "trade")),
            (2, answer(1)),
            (0, choose(&[15])),
            (2, choose(&[1])),
        ],
    );
    assert_hands(&game, &[&[1, 4], &[7, 10], &[15, 16], &[5, 12]]);
    turn(
        &mut game,
        &[
            (1, declare(2, "duel")),
            (2, answer(1)),
            (1, choose(&[10])),
            (2, choose(&[15])),
        ],
    );
    assert_hands(&game, &[&[1, 4], &[7], &[15, 16], &[5, 12]]);
    assert_eq!(discard(&game), vec![10]);
    turn(
        &mut game,
        &[
            (2, declare(3, "duel")),
            (3, answer(1)),
            (2, choose(&[16])),
            (3, choose(&[12])),
        ],
    );
    assert_hands(&game, &[&[1, 4], &[7], &[15, 16], &[5]]);
    assert_eq!(discard(&game), vec![10, 12]);
    let events = turn(&mut game, &[(3, declare(1, "trade"))]);
    assert_hands(&game, &[&[1, 4], &[5], &[15, 16], &[7]]);
    let compared = vec![
        seat_hand(0, &[1, 4]),
        seat_hand(1, &[5]),
        seat_hand(2, &[15, 16]),
        seat_hand(3, &[7]),
    ];
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::HandsCompared {
                round: 1,
                hands: compared.clone(),
                lowest_tied: true
            },
            Event::TurnStarted {
                round: 2,
                extra: true,
                seat: p(0)
            },
        ]
    );
    let comparison = game.view(Viewer::Seat(p(3))).last_comparison;
    assert_eq!(comparison.map(|c| c.hands), Some(compared));
    assert_declaring(&game, 0, 2);
    assert!(game.view(Viewer::Spectator).extra_round);

    turn(
        &mut game,
        &[
            (0, declare(2, "duel")),
            (2, answer(1)),
            (0, choose(&[4])),
            (2, choose(&[15])),
        ],
    );
    assert_hands(&game, &[&[1], &[5], &[15, 16], &[7]]);
    assert_eq!(discard(&game), vec![4, 10, 12]);
    let events = turn(&mut game, &[(1, declare(0, "duel"))]);
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(0)],
        elimination_index: 1
    }));
    assert_eq!(discard(&game), vec![1, 4, 10, 12]);
    turn(&mut game, &[(2, declare(3, "trade")), (2, choose(&[16]))]);
    assert_hands(&game, &[&[], &[5], &[7, 15], &[16]]);
    let events = turn(&mut game, &[(3, declare(2, "trade")), (2, choose(&[7]))]);
    assert_hands(&game, &[&[], &[5], &[15, 16], &[7]]);
    assert_eq!(discard(&game), vec![1, 4, 10, 12]);

    let expected = GameResult {
        winner: Some(p(1)),
        ranking: vec![
            survivor(1, 1, 5),
            survivor(3, 2, 7),
            survivor(2, 3, 31),
            out(0, 4, 1),
        ],
        final_hands: vec![
            seat_hand(1, &[5]),
            seat_hand(2, &[15, 16]),
            seat_hand(3, &[7]),
        ],
        set_aside: SA_A.to_vec(),
    };
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::HandsCompared {
                round: 2,
                hands: expected.final_hands.clone(),
                lowest_tied: false
            },
            Event::GameEnded {
                winner: expected.winner,
                ranking: expected.ranking.clone(),
                final_hands: expected.final_hands.clone(),
                set_aside: expected.set_aside.clone(),
            },
        ]
    );
    assert_over(&game, &expected);
}

#[test]
fn trade_or_duel_e10_complete_game() {
    let hands = [[5, 12], [8, 17], [2, 15], [9, 10]];
    let (mut game, _) = create(&hands, 0, &[], NOW);
    assert_eq!(game.view(Viewer::Spectator).set_aside_count, 10);
    // Round 1.
    let first = turn(
        &mut game,
        &[
            (0, declare(1, "trade")),
            (1, answer(1)),
            (0, choose(&[12])),
            (1, choose(&[8])),
        ],
    );
    assert_hands(&game, &[&[5, 8], &[12, 17], &[2, 15], &[9, 10]]);
    for viewer in [Viewer::Seat(p(2)), Viewer::Seat(p(3))] {
        let seen = views_of(&game, &first, viewer);
        assert!(seen.contains(&EventView::TradeResolved {
            active: p(0),
            target: p(1),
            count: 1,
            active_gave: None,
            target_gave: None,
        }));
        assert!(
            seen.iter()
                .all(|view| !matches!(view, EventView::Committed { cards: Some(_), .. }))
        );
    }
    turn(
        &mut game,
        &[
            (1, declare(3, "duel")),
            (3, answer(1)),
            (1, choose(&[17])),
            (3, choose(&[10])),
        ],
    );
    assert_hands(&game, &[&[5, 8], &[12, 17], &[2, 15], &[9]]);
    turn(
        &mut game,
        &[
            (2, declare(0, "duel")),
            (0, answer(1)),
            (2, choose(&[15])),
            (0, choose(&[8])),
        ],
    );
    assert_hands(&game, &[&[5], &[12, 17], &[2, 15], &[9]]);
    assert_eq!(discard(&game), vec![8, 10]);
    turn(&mut game, &[(3, declare(2, "trade")), (2, choose(&[15]))]);
    assert_hands(&game, &[&[5], &[12, 17], &[2, 9], &[15]]);
    assert_declaring(&game, 0, 2);
    // Round 2.
    turn(&mut game, &[(0, declare(2, "trade")), (2, choose(&[2]))]);
    assert_hands(&game, &[&[2], &[12, 17], &[5, 9], &[15]]);
    let sixth = turn(&mut game, &[(1, declare(2, "duel")), (2, answer(2))]);
    assert_hands(&game, &[&[2], &[12, 17], &[], &[15]]);
    assert_eq!(discard(&game), vec![5, 8, 9, 10]);
    assert_eq!(elimination(&game, 2), Some(1));
    for viewer in [Viewer::Seat(p(0)), Viewer::Seat(p(3)), Viewer::Spectator] {
        let seen = views_of(&game, &sixth, viewer);
        assert!(seen.iter().any(|view| matches!(view,
            EventView::DuelResolved { active_cards, target_cards, active_total: 29, target_total: 14, .. }
                if active_cards == &[12, 17] && target_cards == &[5, 9])));
    }
    assert_declaring(&game, 3, 2);
    turn(&mut game, &[(3, declare(1, "trade")), (1, choose(&[17]))]);
    assert_hands(&game, &[&[2], &[12, 15], &[], &[17]]);
    assert_declaring(&game, 0, 3);
    // Round 3.
    turn(&mut game, &[(0, declare(3, "trade"))]);
    assert_hands(&game, &[&[17], &[12, 15], &[], &[2]]);
    turn(&mut game, &[(1, declare(3, "trade")), (1, choose(&[12]))]);
    assert_hands(&game, &[&[17], &[2, 15], &[], &[12]]);
    assert_declaring(&game, 3, 3);
    turn(&mut game, &[(3, declare(0, "trade"))]);
    assert_hands(&game, &[&[12], &[2, 15], &[], &[17]]);
    assert_eq!(discard(&game), vec![5, 8, 9, 10]);

    let expected = GameResult {
        winner: Some(p(0)),
        ranking: vec![
            survivor(0, 1, 12),
            survivor(1, 2, 17),
            survivor(3, 2, 17),
            out(2, 4, 1),
        ],
        final_hands: vec![
            seat_hand(0, &[12]),
            seat_hand(1, &[2, 15]),
            seat_hand(3, &[17]),
        ],
        set_aside: vec![1, 3, 4, 6, 7, 11, 13, 14, 16, 18],
    };
    assert_over(&game, &expected);
}

#[test]
fn trade_or_duel_e11_missed_deadlines() {
    let deadline = [("deadline_secs", OptionValue::Int(60))];
    let (mut game, _) = create(&DEAL_A, 0, &deadline, 1000);
    assert_eq!(game.deadline(), Some(1060));
    assert_eq!(game.default_move(p(0)), Some(declare(1, "duel")));
    assert_eq!(
        game.expire(1030).map_err(|e| e.code),
        Err("deadline_not_reached")
    );

    let events = expire(&mut game, 1060);
    assert_eq!(
        events,
        vec![Event::Declared {
            active: p(0),
            target: p(1),
            action: Action::Duel,
            by_default: true
        }]
    );
    assert_eq!(
        game.view(Viewer::Spectator).phase,
        PhaseName::AwaitingAnswer
    );
    assert_eq!(game.deadline(), Some(1120));

    play_at(&mut game, 1, answer(1), 1090);
    assert_eq!(game.deadline(), Some(1150));
    play_at(&mut game, 1, choose(&[10]), 1100);
    assert_eq!(game.deadline(), Some(1150));
    assert_eq!(game.default_move(p(0)), Some(choose(&[4])));
    assert_eq!(game.default_move(p(1)), None);

    let events = expire(&mut game, 1150);
    assert_eq!(
        events[0],
        Event::Committed {
            seat: p(0),
            how: CommitHow::Default,
            cards: vec![4]
        }
    );
    assert!(events.iter().any(|event| matches!(event,
        Event::DuelResolved { outcome: DuelOutcome::TargetWon, discarded, .. } if discarded == &[4])));
    assert_eq!(hand(&game, 0), vec![15]);
    assert_eq!(hand(&game, 1), vec![7, 10]);
    assert_eq!(discard(&game), vec![4]);
    assert_declaring(&game, 1, 1);
    assert_eq!(game.deadline(), Some(1210));

    expire(&mut game, 1210);
    assert_eq!(
        game.view(Viewer::Spectator).interaction.map(|i| i.target),
        Some(p(2))
    );
    assert_eq!(game.deadline(), Some(1270));
    let events = expire(&mut game, 1270);
    assert_eq!(
        events[0],
        Event::CountSet {
            target: p(2),
            count: 1,
            how: CountHow::Default
        }
    );
    assert_eq!(game.deadline(), Some(1330));
    assert_eq!(game.to_act(), vec![p(1), p(2)]);
    let events = expire(&mut game, 1330);
    assert_eq!(
        events[..2],
        [
            Event::Committed {
                seat: p(1),
                how: CommitHow::Default,
                cards: vec![7]
            },
            Event::Committed {
                seat: p(2),
                how: CommitHow::Default,
                cards: vec![1]
            },
        ]
    );
    // A defaulted card is as secret as a chosen one until the resolution reveals it.
    assert_eq!(
        views_of(&game, &events[..2], Viewer::Seat(p(0))),
        vec![
            EventView::Committed {
                seat: p(1),
                how: CommitHow::Default,
                cards: None
            },
            EventView::Committed {
                seat: p(2),
                how: CommitHow::Default,
                cards: None
            },
        ]
    );
    assert_eq!(hand(&game, 1), vec![7, 10]);
    assert_eq!(hand(&game, 2), vec![16]);
    assert_eq!(discard(&game), vec![1, 4]);
    assert_declaring(&game, 2, 1);
    assert_eq!(game.deadline(), Some(1390));
}

#[test]
fn trade_or_duel_e11_default_target_skips_an_eliminated_seat() {
    let deadline = [("deadline_secs", OptionValue::Int(60))];
    let (mut game, _) = create(&DEAL_A, 0, &deadline, NOW);
    e3_moves(&mut game);
    play(&mut game, 1, declare(0, "duel"));
    play(&mut game, 1, choose(&[7]));
    play(&mut game, 2, declare(0, "duel"));
    play(&mut game, 2, choose(&[16]));
    assert_declaring(&game, 3, 1);
    assert_eq!(game.deadline(), Some(NOW + 60));

    let events = expire(&mut game, NOW + 60);
    assert_eq!(
        events,
        vec![
            Event::Declared {
                active: p(3),
                target: p(1),
                action: Action::Duel,
                by_default: true
            },
            Event::CountSet {
                target: p(1),
                count: 1,
                how: CountHow::Forced
            },
            Event::Committed {
                seat: p(1),
                how: CommitHow::Forced,
                cards: vec![10]
            },
        ]
    );
    expire(&mut game, NOW + 120);
    assert_hands(&game, &[&[], &[10], &[1, 16], &[12]]);
    assert_eq!(discard(&game), vec![4, 5, 7, 15]);
    assert_declaring(&game, 1, 2);
}

#[test]
fn trade_or_duel_e12_last_survivor_wins_mid_round() {
    let (mut game, _) = e5_game();
    play(&mut game, 3, declare(0, "duel"));
    let events = play(&mut game, 0, answer(2));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(3)],
        elimination_index: 2
    }));
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, Event::HandsCompared { .. }))
    );
    assert_eq!(game.view(Viewer::Spectator).round, 1);
    assert_eq!(discard(&game), vec![1, 5, 7, 10, 12, 16]);
    let expected = GameResult {
        winner: Some(p(0)),
        ranking: vec![survivor(0, 1, 19), out(3, 2, 2), out(1, 3, 1), out(2, 3, 1)],
        final_hands: vec![seat_hand(0, &[4, 15])],
        set_aside: SA_A.to_vec(),
    };
    assert!(
        matches!(events.last(), Some(Event::GameEnded { winner: Some(seat), .. }) if *seat == p(0))
    );
    assert_over(&game, &expected);
}

#[test]
fn trade_or_duel_e13_no_survivor() {
    let deal_b = [[1, 10], [3, 8], [2, 14], [7, 9]];
    let (mut game, _) = create(&deal_b, 0, &[], NOW);
    play(&mut game, 0, declare(1, "duel"));
    let events = play(&mut game, 1, answer(2));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(0), p(1)],
        elimination_index: 1
    }));
    assert_eq!(discard(&game), vec![1, 3, 8, 10]);
    assert_declaring(&game, 2, 1);
    play(&mut game, 2, declare(3, "duel"));
    let events = play(&mut game, 3, answer(2));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(2), p(3)],
        elimination_index: 2
    }));
    assert_eq!(discard(&game), vec![1, 2, 3, 7, 8, 9, 10, 14]);
    let expected = GameResult {
        winner: None,
        ranking: vec![out(2, 1, 2), out(3, 1, 2), out(0, 3, 1), out(1, 3, 1)],
        final_hands: Vec::new(),
        set_aside: vec![4, 5, 6, 11, 12, 13, 15, 16, 17, 18],
    };
    assert_over(&game, &expected);
}

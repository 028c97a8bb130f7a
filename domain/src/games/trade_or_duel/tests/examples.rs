//! Worked examples E1–E7 of the rules.

use super::support::*;
use crate::games::trade_or_duel::{
    Action, CommitHow, CountHow, DuelOutcome, Event, EventView, PhaseName, TradeOrDuel,
};
use crate::{Actor, Game, Viewer};

fn spectator_and_onlookers() -> [Viewer; 3] {
    [Viewer::Seat(p(2)), Viewer::Seat(p(3)), Viewer::Spectator]
}

#[test]
fn trade_or_duel_e1_trade_one() {
    let mut game = deal_a();
    play(&mut game, 0, declare(1, "trade"));
    assert_eq!(
        game.view(Viewer::Spectator).phase,
        PhaseName::AwaitingAnswer
    );
    assert_eq!(game.to_act(), vec![p(1)]);

    play(&mut game, 1, answer(1));
    assert_eq!(game.view(Viewer::Spectator).phase, PhaseName::AwaitingCards);
    assert_eq!(game.to_act(), vec![p(0), p(1)]);

    let committed = play(&mut game, 1, choose(&[7]));
    let public = game.view(Viewer::Spectator).interaction;
    let public = public.map(|i| (i.active_committed, i.target_committed));
    assert_eq!(public, Some((false, true)));
    assert_eq!(game.to_act(), vec![p(0)]);
    assert_eq!(game.view(Viewer::Seat(p(0))).committed_cards, None);
    assert_eq!(game.view(Viewer::Seat(p(1))).committed_cards, Some(vec![7]));
    let hidden = EventView::Committed {
        seat: p(1),
        how: CommitHow::Chosen,
        cards: None,
    };
    assert_eq!(
        views_of(&game, &committed, Viewer::Seat(p(0))),
        vec![hidden]
    );

    let events = play(&mut game, 0, choose(&[15]));
    assert_hands(&game, &[&[4, 7], &[10, 15], &[1, 16], &[5, 12]]);
    assert!(discard(&game).is_empty());
    let sizes: Vec<u8> = game
        .view(Viewer::Spectator)
        .seats
        .iter()
        .map(|s| s.hand_size)
        .collect();
    assert_eq!(sizes, vec![2, 2, 2, 2]);
    assert!((0..4).all(|seat| elimination(&game, seat).is_none()));

    let trade = |gave: Option<Vec<u8>>, got: Option<Vec<u8>>| EventView::TradeResolved {
        active: p(0),
        target: p(1),
        count: 1,
        active_gave: gave,
        target_gave: got,
    };
    let for_p0 = views_of(&game, &events, Viewer::Seat(p(0)));
    assert!(for_p0.contains(&trade(Some(vec![15]), Some(vec![7]))));
    let for_p1 = views_of(&game, &events, Viewer::Seat(p(1)));
    assert!(for_p1.contains(&trade(Some(vec![15]), Some(vec![7]))));
    for viewer in spectator_and_onlookers() {
        assert!(views_of(&game, &events, viewer).contains(&trade(None, None)));
    }
    assert_declaring(&game, 1, 1);
}

#[test]
fn trade_or_duel_e2_trade_two() {
    let mut game = deal_a();
    play(&mut game, 0, declare(2, "trade"));
    let events = play(&mut game, 2, answer(2));
    assert_eq!(
        events[..4],
        [
            Event::CountSet {
                target: p(2),
                count: 2,
                how: CountHow::Answered
            },
            Event::Committed {
                seat: p(0),
                how: CommitHow::Forced,
                cards: vec![4, 15]
            },
            Event::Committed {
                seat: p(2),
                how: CommitHow::Forced,
                cards: vec![1, 16]
            },
            Event::TradeResolved {
                active: p(0),
                target: p(2),
                count: 2,
                active_gave: vec![4, 15],
                target_gave: vec![1, 16]
            },
        ]
    );
    assert_hands(&game, &[&[1, 16], &[7, 10], &[4, 15], &[5, 12]]);
    assert!(discard(&game).is_empty());
    for party in [0, 2] {
        let views = views_of(&game, &events, Viewer::Seat(p(party)));
        assert!(views.iter().any(|view| matches!(view,
            EventView::TradeResolved { active_gave: Some(a), target_gave: Some(t), .. }
                if a == &[4, 15] && t == &[1, 16])));
    }
    for viewer in [Viewer::Seat(p(1)), Viewer::Seat(p(3)), Viewer::Spectator] {
        let views = views_of(&game, &events, viewer);
        assert!(views.iter().any(|view| matches!(
            view,
            EventView::TradeResolved {
                count: 2,
                active_gave: None,
                target_gave: None,
                ..
            }
        )));
        assert!(
            views
                .iter()
                .all(|view| !matches!(view, EventView::Committed { cards: Some(_), .. }))
        );
    }
    assert_declaring(&game, 1, 1);
}

/// E3's moves on a fresh Deal A.
pub fn e3_moves(game: &mut TradeOrDuel) -> Vec<Event> {
    play(game, 0, declare(3, "duel"));
    play(game, 3, answer(1));
    play(game, 0, choose(&[4]));
    play(game, 3, choose(&[5]))
}

#[test]
fn trade_or_duel_e3_duel_one() {
    let mut game = deal_a();
    let events = e3_moves(&mut game);
    let duel = EventView::DuelResolved {
        active: p(0),
        target: p(3),
        count: 1,
        active_cards: vec![4],
        target_cards: vec![5],
        active_total: 4,
        target_total: 5,
        outcome: DuelOutcome::TargetWon,
        discarded: vec![4],
    };
    for viewer in [Viewer::Seat(p(1)), Viewer::Seat(p(2)), Viewer::Spectator] {
        assert!(views_of(&game, &events, viewer).contains(&duel));
    }
    assert_hands(&game, &[&[15], &[7, 10], &[1, 16], &[5, 12]]);
    assert_eq!(discard(&game), vec![4]);
    assert!((0..4).all(|seat| elimination(&game, seat).is_none()));
    assert_declaring(&game, 1, 1);
}

#[test]
fn trade_or_duel_e4_duel_two_with_a_winner() {
    let mut game = deal_a();
    play(&mut game, 0, declare(1, "duel"));
    let events = play(&mut game, 1, answer(2));
    assert!(events.contains(&Event::DuelResolved {
        active: p(0),
        target: p(1),
        count: 2,
        active_cards: vec![4, 15],
        target_cards: vec![7, 10],
        active_total: 19,
        target_total: 17,
        outcome: DuelOutcome::ActiveWon,
        discarded: vec![7, 10],
    }));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(1)],
        elimination_index: 1
    }));
    assert_hands(&game, &[&[4, 15], &[], &[1, 16], &[5, 12]]);
    assert_eq!(discard(&game), vec![7, 10]);
    assert_eq!(elimination(&game, 1), Some(1));
    assert_declaring(&game, 2, 1);
}

/// E5's moves: Deal A with first player 1, P1 and P2 tie a Duel 2.
pub fn e5_game() -> (TradeOrDuel, Vec<Event>) {
    let (mut game, _) = create(&DEAL_A, 1, &[], NOW);
    play(&mut game, 1, declare(2, "duel"));
    let events = play(&mut game, 2, answer(2));
    (game, events)
}

#[test]
fn trade_or_duel_e5_duel_two_tie() {
    let (mut game, events) = e5_game();
    assert_eq!(game.view(Viewer::Spectator).first_player, p(1));
    assert!(events.iter().any(|event| matches!(
        event,
        Event::DuelResolved {
            active_total: 17,
            target_total: 17,
            outcome: DuelOutcome::Tie,
            ..
        }
    )));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(1), p(2)],
        elimination_index: 1
    }));
    assert_hands(&game, &[&[4, 15], &[], &[], &[5, 12]]);
    assert_eq!(discard(&game), vec![1, 7, 10, 16]);
    assert_declaring(&game, 3, 1);

    // P3 and P0 finish round 1 with trades; round 2 starts at seat 1, skips 1 and 2.
    play(&mut game, 3, declare(0, "trade"));
    play(&mut game, 0, answer(1));
    play(&mut game, 3, choose(&[5]));
    play(&mut game, 0, choose(&[4]));
    assert_declaring(&game, 0, 1);
    play(&mut game, 0, declare(3, "trade"));
    play(&mut game, 3, answer(1));
    play(&mut game, 0, choose(&[5]));
    let events = play(&mut game, 3, choose(&[4]));
    assert_eq!(
        events.last(),
        Some(&Event::TurnStarted {
            round: 2,
            extra: false,
            seat: p(3)
        })
    );
    assert_declaring(&game, 3, 2);
}

/// E6's state: E3 then P1 duels P0 (forced count and card) and loses its 7.
pub fn e6_game() -> TradeOrDuel {
    let mut game = deal_a();
    e3_moves(&mut game);
    play(&mut game, 1, declare(0, "duel"));
    play(&mut game, 1, choose(&[7]));
    game
}

#[test]
fn trade_or_duel_e6_one_card_restriction() {
    let mut game = deal_a();
    e3_moves(&mut game);
    assert_declaring(&game, 1, 1);
    let events = play(&mut game, 1, declare(0, "duel"));
    assert_eq!(
        events,
        vec![
            Event::Declared {
                active: p(1),
                target: p(0),
                action: Action::Duel,
                by_default: false
            },
            Event::CountSet {
                target: p(0),
                count: 1,
                how: CountHow::Forced
            },
            Event::Committed {
                seat: p(0),
                how: CommitHow::Forced,
                cards: vec![15]
            },
        ]
    );
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.phase, PhaseName::AwaitingCards);
    let interaction = view
        .interaction
        .map(|i| (i.count, i.count_how, i.active_committed, i.target_committed));
    assert_eq!(
        interaction,
        Some((Some(1), Some(CountHow::Forced), false, true))
    );
    assert_eq!(game.to_act(), vec![p(1)]);
    for viewer in [
        Viewer::Seat(p(1)),
        Viewer::Seat(p(2)),
        Viewer::Seat(p(3)),
        Viewer::Spectator,
    ] {
        assert!(
            views_of(&game, &events, viewer).contains(&EventView::Committed {
                seat: p(0),
                how: CommitHow::Forced,
                cards: None
            })
        );
    }

    assert_eq!(refused(&game, Actor::Seat(p(0)), answer(2)), "wrong_phase");
    assert_eq!(
        refused(&game, Actor::Seat(p(0)), choose(&[15])),
        "already_committed"
    );

    let events = play(&mut game, 1, choose(&[7]));
    assert!(events.iter().any(|event| matches!(event,
        Event::DuelResolved { outcome: DuelOutcome::TargetWon, discarded, .. } if discarded == &[7])));
    assert_hands(&game, &[&[15], &[10], &[1, 16], &[5, 12]]);
    assert_eq!(discard(&game), vec![4, 7]);
    assert_declaring(&game, 2, 1);
}

/// E7 up to step 2: P2 eliminates P0.
pub fn e7_after_step_2() -> TradeOrDuel {
    let mut game = e6_game();
    play(&mut game, 2, declare(0, "duel"));
    play(&mut game, 2, choose(&[16]));
    game
}

#[test]
fn trade_or_duel_e7_elimination_and_skipped_first_player() {
    let mut game = e6_game();
    play(&mut game, 2, declare(0, "duel"));
    assert_eq!(game.to_act(), vec![p(2)]);
    let events = play(&mut game, 2, choose(&[16]));
    assert!(events.contains(&Event::Eliminated {
        seats: vec![p(0)],
        elimination_index: 1
    }));
    assert_hands(&game, &[&[], &[10], &[1, 16], &[5, 12]]);
    assert_eq!(discard(&game), vec![4, 7, 15]);
    assert_declaring(&game, 3, 1);

    assert_eq!(
        refused(&game, Actor::Seat(p(3)), declare(0, "trade")),
        "target_eliminated"
    );
    assert_eq!(
        refused(&game, Actor::Seat(p(0)), declare(1, "duel")),
        "player_eliminated"
    );

    let events = play(&mut game, 3, declare(1, "trade"));
    assert!(events.contains(&Event::Committed {
        seat: p(1),
        how: CommitHow::Forced,
        cards: vec![10]
    }));
    play(&mut game, 3, choose(&[12]));
    assert_hands(&game, &[&[], &[12], &[1, 16], &[5, 10]]);
    assert_declaring(&game, 1, 2);
    assert!(!game.view(Viewer::Spectator).extra_round);
}

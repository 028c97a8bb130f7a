//! E16-E18: unit scores, target and fixed-round endings, and the outcome.

use super::*;
use crate::games::tricky_tribes::{Event, UnitScore};
use crate::{Outcome, Placement};

/// Natural cards whose values sum to `score` (red for plus, black for minus).
fn stack_worth(score: i64) -> Vec<Card> {
    let suit = if score >= 0 { "H" } else { "C" };
    (0..score.unsigned_abs())
        .map(|i| c(&format!("{}{suit}", i + 2)))
        .collect()
}

fn end_round_with(game: &mut TrickyTribes, seat_scores: &[i64]) -> Vec<Event> {
    game.stacks = seat_scores.iter().map(|s| stack_worth(*s)).collect();
    let mut events = Vec::new();
    game.end_round(NOW, &mut events);
    events
}

fn places(outcome: &Outcome) -> Vec<u8> {
    outcome
        .ranking
        .iter()
        .map(|p: &Placement| p.place)
        .collect()
}

#[test]
fn tricky_tribes_e16_team_scoring() {
    let mut game = new_game(
        options(r#"{"players":5,"teams":[[0,2],[1,3]]}"#),
        "e16",
        None,
    );
    assert_eq!(
        game.options.end_condition(),
        super::super::EndCondition::TargetScore(30)
    );
    assert_eq!(
        game.options.units(),
        vec![
            vec![Seat(0), Seat(2)],
            vec![Seat(1), Seat(3)],
            vec![Seat(4)]
        ]
    );
    game.scores = vec![27, 20, 22];
    let mut negative = game.clone();
    let events = end_round_with(&mut game, &[3, -2, 1, 4, 2]);
    let summary = &game.summaries[0];
    assert_eq!(summary.seat_scores, vec![3, -2, 1, 4, 2]);
    let unit_rounds: Vec<i64> = summary.units.iter().map(|u| u.round_score).collect();
    assert_eq!(unit_rounds, vec![4, 2, 4]);
    assert_eq!(game.scores, vec![31, 22, 26]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2)]);
    assert_eq!(places(&outcome), vec![1, 4, 1, 4, 3]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::GameEnded { winners, scores }
        if *winners == vec![Seat(0), Seat(2)]
        && scores[2] == UnitScore { seats: vec![Seat(4)], score: 26 }))
    );

    end_round_with(&mut negative, &[3, -2, 1, 4, -3]);
    assert_eq!(negative.summaries[0].units[2].round_score, -6);
    assert_eq!(negative.scores[2], 16);
}

#[test]
fn tricky_tribes_e17_two_winners_then_game_over() {
    let mut game = new_game(options(r#"{"players":3}"#), "e17", None);
    game.scores = vec![13, 12, 14];
    end_round_with(&mut game, &[4, 2, 1]);
    assert_eq!(game.scores, vec![17, 14, 15]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2)]);
    assert_eq!(places(&outcome), vec![1, 3, 1]);
    assert_eq!(game.to_act(), Vec::<Seat>::new());
    assert_eq!(game.deadline(), None);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.winners, Some(vec![Seat(0), Seat(2)]));
    for mv in [
        Move::ExchangePass,
        Move::ExchangeDraw,
        Move::exchange_discard(c("4H")),
        Move::trim_discard(c("4H")),
        Move::lead(c("4H"), Face::Open),
        Move::respond(c("4H")),
    ] {
        let before = game.clone();
        assert_eq!(code_of(submit(&mut game, 0, mv)), "game_over");
        assert_eq!(game, before);
    }
    assert_eq!(game.expire(NOW + 1_000_000).unwrap_err().code, "game_over");
}

#[test]
fn tricky_tribes_e18_fixed_rounds_with_a_tie() {
    let mut game = new_game(
        options(r#"{"players":4,"end_condition":"fixed_rounds","rounds":3}"#),
        "e18",
        None,
    );
    game.round = 2;
    game.scores = vec![15, 4, 6, 1];
    end_round_with(&mut game, &[0, 0, 0, 0]);
    assert_eq!(game.scores, vec![15, 4, 6, 1]);
    assert!(game.outcome().is_none(), "the target is not used");
    assert_eq!(game.round, 3);
    end_round_with(&mut game, &[-7, 5, 3, -3]);
    assert_eq!(game.scores, vec![8, 9, 9, -2]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(1), Seat(2)]);
    assert_eq!(places(&outcome), vec![3, 1, 1, 4]);
}

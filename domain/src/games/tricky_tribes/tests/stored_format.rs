//! Games stored in earlier forms still load and play on: before a participant was written as a
//! seat number (`{"seat": 1}` then, `1` now), and when the state kept every round's tricks and
//! summaries.

use crate::{Actor, AnyGame};

const TAGGED: &str = include_str!("stored_with_tagged_seats.json");

#[test]
fn a_game_stored_with_tagged_seats_loads_and_plays_on() {
    assert!(TAGGED.contains(r#""leader":{"seat":0}"#) && TAGGED.contains(r#""dummy""#));
    let mut game: AnyGame = serde_json::from_str(TAGGED).unwrap();
    let written = serde_json::to_string(&game).unwrap();
    assert!(written.contains(r#""leader":0"#), "{written}");
    assert!(!written.contains(r#""participant":{"#), "{written}");
    let reread: AnyGame = serde_json::from_str(&written).unwrap();
    assert_eq!(reread, game);
    let seat = game.to_act()[0];
    let mv = game.default_move(seat).unwrap();
    assert!(game.apply(Actor::Seat(seat), mv, super::NOW).is_ok());
}

/// Games stored when the state kept every round's tricks and summaries show the same views as
/// games that keep only the current round's tricks and the last summary, and play on alike.
#[test]
fn a_game_stored_with_every_round_looks_and_plays_the_same() {
    use super::super::Event;
    use super::{NOW, new_game, options};
    use crate::{Game, Viewer};

    let mut game = new_game(
        options(r#"{"players":3,"end_condition":"fixed_rounds","rounds":4}"#),
        "every-round",
        None,
    );
    let mut events = Vec::new();
    let play_one = |game: &mut super::super::TrickyTribes| {
        let seat = game.to_act()[0];
        let mv = game.default_move(seat).unwrap();
        game.apply(Actor::Seat(seat), mv, NOW).unwrap()
    };
    while game.round < 3 || game.tricks.len() < 2 {
        events.extend(play_one(&mut game));
    }
    assert!(game.summaries.len() == 1 && game.tricks.iter().all(|t| t.round == 3));
    let mut stored = game.clone();
    stored.tricks = events
        .iter()
        .filter_map(|event| match event {
            Event::TrickJudged { record } => Some(record.clone()),
            _ => None,
        })
        .collect();
    stored.summaries = events
        .iter()
        .filter_map(|event| match event {
            Event::RoundScored { summary } => Some(summary.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(stored.summaries.len(), 2);
    assert!(stored.tricks.len() > game.tricks.len());
    let viewers = [Viewer::Spectator, Viewer::Seat(crate::Seat(0))];
    while !game.is_over() {
        for viewer in viewers {
            assert_eq!(stored.view(viewer), game.view(viewer));
        }
        assert_eq!(play_one(&mut stored), play_one(&mut game));
    }
    for viewer in viewers {
        assert_eq!(stored.view(viewer), game.view(viewer));
    }
    assert_eq!(stored, game, "the stored history is gone by the end");
}

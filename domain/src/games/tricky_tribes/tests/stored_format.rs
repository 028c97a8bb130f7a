//! Games stored before a participant was written as a seat number (`{"seat": 1}` then, `1`
//! now) still load, are written in the current form, and play on.

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

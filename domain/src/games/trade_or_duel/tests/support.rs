//! Helpers shared by the tests. They panic with a message instead of unwrapping.

use crate::games::trade_or_duel::terms::Card;
use crate::games::trade_or_duel::{Event, EventView, Move, PhaseName, Setup, TradeOrDuel};
use crate::{Actor, Game, OptionMap, OptionValue, Seat, Seed, Timestamp, Viewer};

pub const DEAL_A: [[i64; 2]; 4] = [[4, 15], [7, 10], [1, 16], [5, 12]];
pub const SA_A: [Card; 10] = [2, 3, 6, 8, 9, 11, 13, 14, 17, 18];
pub const NOW: Timestamp = 1000;

pub fn options(pairs: &[(&str, OptionValue)]) -> OptionMap {
    OptionMap(
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), value.clone()))
            .collect(),
    )
}

/// A game from an explicit setup, with `extra` options on top of the defaults.
pub fn create(
    hands: &[[i64; 2]],
    first_player: i64,
    extra: &[(&str, OptionValue)],
    now: Timestamp,
) -> (TradeOrDuel, Vec<Event>) {
    let players = i64::try_from(hands.len()).unwrap_or(0);
    let options = match TradeOrDuel::parse_options(players, &options(extra)) {
        Ok(options) => options,
        Err(error) => panic!("options refused: {error}"),
    };
    let setup = Setup {
        hands: hands.iter().map(|hand| hand.to_vec()).collect(),
        first_player,
    };
    let rng = Seed::from_bytes([7; 32]).rng();
    match TradeOrDuel::new(options, rng, Some(setup), now) {
        Ok(created) => created,
        Err(error) => panic!("setup refused: {error}"),
    }
}

/// Deal A with first player 0, `turns_each` 3, no deadline.
pub fn deal_a() -> TradeOrDuel {
    create(&DEAL_A, 0, &[], NOW).0
}

pub fn p(seat: u8) -> Seat {
    Seat(seat)
}

pub fn declare(target: i64, action: &str) -> Move {
    Move::Declare {
        target,
        action: action.to_owned(),
    }
}

pub fn answer(count: i64) -> Move {
    Move::Answer { count }
}

pub fn choose(cards: &[i64]) -> Move {
    Move::ChooseCards {
        cards: cards.to_vec(),
    }
}

/// Applies a move that must be legal.
pub fn play(game: &mut TradeOrDuel, seat: u8, mv: Move) -> Vec<Event> {
    play_at(game, seat, mv, NOW)
}

pub fn play_at(game: &mut TradeOrDuel, seat: u8, mv: Move, now: Timestamp) -> Vec<Event> {
    match game.apply(Actor::Seat(Seat(seat)), mv.clone(), now) {
        Ok(events) => events,
        Err(error) => panic!("P{seat} {mv:?} refused: {error}"),
    }
}

/// Applies a move that must be refused; checks the state did not change and returns the code.
pub fn refused(game: &TradeOrDuel, actor: Actor, mv: Move) -> &'static str {
    let mut copy = game.clone();
    match copy.apply(actor, mv.clone(), NOW) {
        Ok(_) => panic!("{actor:?} {mv:?} was accepted"),
        Err(error) => {
            assert_eq!(&copy, game, "a refused move changed the state");
            error.code
        }
    }
}

pub fn expire(game: &mut TradeOrDuel, now: Timestamp) -> Vec<Event> {
    match game.expire(now) {
        Ok(events) => events,
        Err(error) => panic!("timeout at {now} refused: {error}"),
    }
}

pub fn hand(game: &TradeOrDuel, seat: u8) -> Vec<Card> {
    game.hand(Seat(seat)).to_vec()
}

/// Asserts every hand, in seat order.
pub fn assert_hands(game: &TradeOrDuel, expected: &[&[Card]]) {
    let hands: Vec<Vec<Card>> = (0..game.players())
        .map(|seat| game.hand(Seat(u8::try_from(seat).unwrap_or(0))).to_vec())
        .collect();
    let expected: Vec<Vec<Card>> = expected.iter().map(|hand| hand.to_vec()).collect();
    assert_eq!(hands, expected, "hands");
}

pub fn discard(game: &TradeOrDuel) -> Vec<Card> {
    game.view(Viewer::Spectator).discard
}

/// The state is waiting for `seat` to declare in `round`.
pub fn assert_declaring(game: &TradeOrDuel, seat: u8, round: u32) {
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.phase, PhaseName::AwaitingDeclaration);
    assert_eq!(view.active, Some(Seat(seat)), "active seat");
    assert_eq!(view.round, round, "round");
    assert_eq!(game.to_act(), vec![Seat(seat)]);
}

pub fn views_of(game: &TradeOrDuel, events: &[Event], viewer: Viewer) -> Vec<EventView> {
    events
        .iter()
        .map(|event| match game.event_view(event, viewer) {
            Some(view) => view,
            None => panic!("{event:?} is hidden from {viewer:?}"),
        })
        .collect()
}

pub fn elimination(game: &TradeOrDuel, seat: u8) -> Option<u32> {
    game.view(Viewer::Spectator)
        .seats
        .iter()
        .find(|view| view.seat == Seat(seat))
        .and_then(|view| view.elimination_index)
}

//! Games that differ only in what a viewer cannot see look the same to that viewer.

use super::properties::{Driver, arbitrary_move};
use super::*;
use crate::games::intrigue::{EventView, Setup};

const DEADLINE: i64 = 30;

fn game(deck: Vec<Card>) -> Intrigue {
    let setup = Setup {
        deck,
        characters: [Character::Duke, Character::Prophet, Character::Princess],
    };
    let options = Options::with(5, 3, Some(DEADLINE), Some(Seat(0)));
    Intrigue::new(options, rng(), Some(setup), 0).unwrap().0
}

/// `base` with the cards at `moved` rotated among those positions and, if `tail`, the
/// undrawn deck reversed.
fn variant(base: &[Card], moved: &[usize], tail: bool) -> Vec<Card> {
    let mut deck = base.to_vec();
    for (k, at) in moved.iter().enumerate() {
        deck[*at] = base[moved[(k + 3) % moved.len()]];
    }
    if tail {
        deck[15..].reverse();
    }
    deck
}

/// Moves of `seat` that reveal nothing hidden from it (and draw nothing unless `draws`).
fn quiet(mv: &Move, draws: bool) -> bool {
    match mv {
        Move::PlayAction { card, .. } => {
            matches!(card.as_str(), "manipulate" | "misinformation" | "lies")
                || (draws && card == "oracle")
        }
        Move::PlayFaceUp { card, .. } => draws || card.starts_with("defiance"),
        _ => true,
    }
}

fn views(game: &Intrigue, events: &[Event], viewer: Viewer) -> Vec<Option<EventView>> {
    events.iter().map(|e| game.event_view(e, viewer)).collect()
}

fn errors(game: &Intrigue, actor: Actor, moves: &[Move]) -> Vec<Option<IllegalMove>> {
    moves
        .iter()
        .map(|mv| game.clone().apply(actor, mv.clone(), 5).err())
        .collect()
}

/// Drives both games with the same inputs and compares everything `viewer` can observe.
fn same_to(viewer: Viewer, mut one: Intrigue, mut two: Intrigue, draws: bool, d: &mut Driver) {
    assert_ne!(one, two);
    let actor = viewer.seat().map_or(Actor::Outsider, Actor::Seat);
    let mut now = 0;
    for _ in 0..9 {
        assert_eq!(one.view(viewer), two.view(viewer));
        assert_eq!(one.to_act(), two.to_act());
        assert_eq!(one.deadline(), two.deadline());
        if let Some(seat) = viewer.seat() {
            assert_eq!(one.legal_moves(seat), two.legal_moves(seat));
        }
        let batch: Vec<Move> = (0..25).map(|_| arbitrary_move(d)).collect();
        let errs = errors(&one, actor, &batch);
        for (mv, (a, b)) in batch
            .iter()
            .zip(errs.iter().zip(errors(&two, actor, &batch)))
        {
            assert_eq!(a.as_ref(), b.as_ref(), "{mv:?}");
        }
        let seat = one.to_act()[0];
        let quiet_moves: Vec<Move> = one
            .legal_moves(seat)
            .0
            .into_iter()
            .filter(|mv| quiet(mv, draws))
            .collect();
        let (a, b) = if viewer.is(seat) && !quiet_moves.is_empty() {
            let mv = d.pick(&quiet_moves).clone();
            now += 1;
            (
                one.apply(Actor::Seat(seat), mv.clone(), now),
                two.apply(Actor::Seat(seat), mv, now),
            )
        } else if d.below(3) == 0 && viewer.seat().is_none() {
            // A public move that any hand allows.
            let mv = Move::take_token(*d.pick(&Token::ALL));
            now += 1;
            (
                one.apply(Actor::Seat(seat), mv.clone(), now),
                two.apply(Actor::Seat(seat), mv, now),
            )
        } else {
            now = one.deadline().unwrap();
            (one.expire(now), two.expire(now))
        };
        assert_eq!(a.is_ok(), b.is_ok());
        let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
        assert!(!round_ended(&a), "the round must not end in this test");
        assert_eq!(views(&one, &a, viewer), views(&two, &b, viewer));
    }
}

fn base_deck(n: u64) -> Vec<Card> {
    let mut deck = Card::ALL.to_vec();
    Seed::new(format!("hiding-{n}"))
        .unwrap()
        .rng()
        .shuffle(&mut deck);
    deck
}

#[test]
fn a_seat_cannot_tell_apart_games_that_differ_in_others_hands() {
    for n in 0..30 {
        let base = base_deck(n);
        for i in 0..3 {
            let others: Vec<usize> = (0..15).filter(|at| at / 5 != i).collect();
            let viewer = Viewer::Seat(Seat(i as u8));
            let mut d = Driver::new(n * 10 + i as u64);
            // Others' hands differ, the deck is the same: the seat may draw.
            let two = game(variant(&base, &others, false));
            same_to(viewer, game(base.clone()), two, true, &mut d);
            // The undrawn deck differs too: the seat draws nothing.
            let two = game(variant(&base, &others, true));
            same_to(viewer, game(base.clone()), two, false, &mut d);
        }
    }
}

#[test]
fn a_spectator_cannot_tell_apart_games_that_differ_in_hidden_cards() {
    for n in 0..30 {
        let base = base_deck(n);
        let all: Vec<usize> = (0..15).collect();
        let mut d = Driver::new(1_000 + n);
        let two = game(variant(&base, &all, true));
        same_to(Viewer::Spectator, game(base.clone()), two, false, &mut d);
    }
}

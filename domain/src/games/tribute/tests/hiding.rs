//! Information hiding: games that differ only in what a viewer cannot see look the same to it.

use super::random::*;
use super::*;
use crate::GameRng;

/// Everything `viewer` can learn from `game` and the given events.
fn observe(game: &Tribute, viewer: Viewer, events: &[Event]) -> (View, Vec<Option<EventView>>) {
    let views = events.iter().map(|e| game.event_view(e, viewer)).collect();
    (game.view(viewer), views)
}

/// What `viewer` learns by trying `mv` (on a copy): the error, or what it then sees.
fn probe(game: &Tribute, viewer: Viewer, actor: Actor, mv: &Move, now: Timestamp) -> String {
    let mut copy = game.clone();
    match copy.apply(actor, mv.clone(), now) {
        Err(error) => format!("{}: {}", error.code, error.detail),
        Ok(events) => format!("{:?}", observe(&copy, viewer, &events)),
    }
}

/// A random open game, played from the start with random legal moves of every seat.
fn random_open_game(rng: &mut GameRng) -> (Tribute, Timestamp) {
    let mut game = new_game(&random_options(rng), 0);
    let mut now = 0;
    for _ in 0..pick(rng, 25) {
        now += 1;
        let index = u8::try_from(pick(rng, 3)).unwrap();
        if let Some(mv) = random_legal(&game, index, rng) {
            game.apply(seat(index), mv, now).unwrap();
        }
        if game.phase() == Phase::Finished {
            return random_open_game(rng);
        }
    }
    (game, now)
}

/// Returns whether the two games really differed.
fn check_hiding(n: u64) -> bool {
    let mut rng = rng("hiding", n);
    let (base, mut now) = random_open_game(&mut rng);
    // The observer is a seat that has not submitted, or a spectator with one seat left out.
    let waiting = base.to_act();
    let left_out = waiting[usize::try_from(pick(&mut rng, waiting.len() as i64)).unwrap()];
    let viewer = if chance(&mut rng, 70) {
        Viewer::Seat(left_out)
    } else {
        Viewer::Spectator
    };
    let (mut a, mut b) = (base.clone(), base);
    let (mut events_a, mut events_b) = (Vec::new(), Vec::new());
    let mut same_final = true;
    let mut differed = false;
    for other in (0..3).filter(|index| Seat(*index) != left_out) {
        let differing = pick(&mut rng, 3);
        differed |= differing > 0;
        for _ in 0..differing {
            now += 1;
            let mv_a = random_legal(&a, other, &mut rng).unwrap();
            let mv_b = random_legal(&b, other, &mut rng).unwrap();
            events_a.extend(a.apply(seat(other), mv_a, now).unwrap());
            events_b.extend(b.apply(seat(other), mv_b, now).unwrap());
        }
        // Sometimes both games settle on the same final submission.
        if differing > 0 && chance(&mut rng, 50) {
            now += 1;
            let mv = random_legal(&a, other, &mut rng).unwrap();
            events_a.extend(a.apply(seat(other), mv.clone(), now).unwrap());
            events_b.extend(b.apply(seat(other), mv, now).unwrap());
        } else if differing > 0 {
            same_final = false;
        }
    }
    assert_eq!(
        observe(&a, viewer, &events_a),
        observe(&b, viewer, &events_b),
        "game {n}"
    );
    if let Some(index) = viewer.seat() {
        assert_eq!(a.legal_moves(index), b.legal_moves(index));
        assert_eq!(a.default_move(index), b.default_move(index));
    }
    assert_eq!(a.to_act(), b.to_act());
    assert_eq!(a.deadline(), b.deadline());
    let actor = viewer.seat().map_or(Actor::Outsider, Actor::Seat);
    for _ in 0..12 {
        let mv = if chance(&mut rng, 50) {
            random_any(&mut rng)
        } else {
            random_legal(&a, left_out.0, &mut rng).unwrap()
        };
        let closes = {
            let mut copy = a.clone();
            copy.apply(actor, mv.clone(), now)
                .is_ok_and(|_| copy.phase() != a.phase())
        };
        // A move that closes the phase reveals the differing submissions, as the rules intend.
        if !closes || same_final {
            assert_eq!(
                probe(&a, viewer, actor, &mv, now),
                probe(&b, viewer, actor, &mv, now),
                "game {n}, move {mv:?}"
            );
        }
    }
    differed && a != b
}

#[test]
fn hidden_submissions_do_not_reach_other_seats_or_spectators() {
    let differing = (0..1500).filter(|n| check_hiding(*n)).count();
    assert!(differing > 500, "only {differing} games differed");
}

#[test]
fn a_replaced_submission_leaves_no_trace_for_others() {
    // E8: seat 1 submits, replaces, and ends with the orders it would have sent once.
    let mut once = game_g1();
    let mut thrice = game_g1();
    let events_once = ok(&mut once, seat(1), orders(1, 1, 5, 8, 0), 100);
    let mut events_thrice = ok(&mut thrice, seat(1), orders(1, 1, 9, 0, 1), 100);
    let replaced = ok(&mut thrice, seat(1), orders(1, 1, 1, 2, 0), 120);
    assert_eq!(replaced, Vec::new(), "a replacement is no event");
    events_thrice.extend(ok(&mut thrice, seat(1), orders(1, 1, 5, 8, 0), 150));
    assert_eq!(once, thrice, "the latest submission is all the state keeps");
    assert_eq!(
        events_once,
        vec![Event::OrdersSubmitted {
            seat: Seat(1),
            turn: 1
        }]
    );
    assert_eq!(events_thrice, events_once);
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        assert_eq!(once.view(viewer), thrice.view(viewer));
    }
    // The owner sees its latest orders as pending.
    let View { pending, .. } = thrice.view(Viewer::Seat(Seat(1)));
    assert!(
        matches!(pending, Some(PendingView::Orders { .. })),
        "{pending:?}"
    );
    // Closing the turn is the same in both games.
    for game in [&mut once, &mut thrice] {
        ok(game, seat(0), orders(1, 0, 7, 9, 0), 200);
        ok(game, seat(2), orders(1, 2, 4, 0, 0), 300);
    }
    assert_eq!(once, thrice);
    assert_eq!(once.scores(), [2, 0, -2], "E8 resolves as E1");
}

#[test]
fn a_submission_is_secret_unless_it_closes_the_phase() {
    let mut game = game_g1();
    let mv = |s: u8| orders(1, s, 0, 0, 0);
    assert!(game.is_secret_submission(Seat(0), &mv(0)));
    ok(&mut game, seat(0), orders(1, 0, 7, 9, 0), 100);
    // A replacement, and the second seat in, leave the turn open.
    assert!(game.is_secret_submission(Seat(0), &mv(0)));
    assert!(game.is_secret_submission(Seat(1), &mv(1)));
    ok(&mut game, seat(1), orders(1, 1, 5, 8, 0), 200);
    // The last seat in closes the turn; the two others may still replace theirs.
    assert!(!game.is_secret_submission(Seat(2), &mv(2)));
    assert!(game.is_secret_submission(Seat(0), &mv(0)));
    ok(&mut game, seat(2), orders(1, 2, 4, 0, 0), 300);
    assert_eq!(game.turns().len(), 1);
    assert!(!game.is_secret_submission(Seat(3), &mv(0)), "no such seat");
}

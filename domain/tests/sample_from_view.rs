//! `sample_from_view` for every game, over seeded random games and every point of each:
//! a state dealt from a seat's view, seen from that seat, is exactly that view (with the same
//! legal moves, pending seats, deadline and outcome); it plays on to a normal end; and where the
//! seat cannot see everything, samples drawn with different randomness differ and are seldom
//! the real state. Only public functions are used, so a sample can read nothing but the view.
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

use domain::{Actor, AnyGame, AnyView, GameKind, OptionMap, Seat, Seed, Viewer};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Counts over every checked (state, seat) point of one game kind.
#[derive(Default, Debug)]
struct Tally {
    points: usize,
    /// Points where the seat cannot see everything.
    hidden: usize,
    /// Hidden points where two samples differ in what the other seats see.
    varied: usize,
    /// Hidden points where a sample shows the other seats exactly what the real game does.
    real: usize,
    played_out: usize,
}

fn options(json: &str) -> OptionMap {
    serde_json::from_str(json).unwrap()
}

/// The view as a client receives it: comparing the JSON compares every field a client sees.
fn json(view: &AnyView) -> serde_json::Value {
    serde_json::to_value(view).unwrap()
}

/// Whether `seat`'s view leaves anything out: another seat's secret or an unseen card.
fn has_hidden(view: &AnyView, seat: Seat) -> bool {
    match view {
        AnyView::Tribute(view) => view.seats.iter().any(|s| s.seat != seat && s.submitted),
        AnyView::TrickyTribes(view) => {
            view.stock.is_none()
                && (view.stock_size > 0 || view.hands.iter().any(|h| h.cards.is_none()))
        }
        AnyView::Intrigue(view) => !view.game_over,
        AnyView::TradeOrDuel(view) => view.result.is_none(),
    }
}

/// What every other seat sees: the part of a state hidden from `seat`.
fn seen_by_others(game: &AnyGame, seat: Seat, players: u8) -> Vec<String> {
    (0..players)
        .map(Seat)
        .filter(|other| *other != seat)
        .map(|other| format!("{:?}", game.view(Viewer::Seat(other))))
        .collect()
}

/// Plays random legal moves (and now and then a passed deadline) until the game ends.
fn step(game: &mut AnyGame, rng: &mut ChaCha8Rng, now: &mut i64) {
    *now += 1;
    if let Some(deadline) = game.deadline()
        && rng.next_u32().is_multiple_of(8)
    {
        *now = (*now).max(deadline);
        assert!(
            !game.advance(*now).is_empty(),
            "an expiry moves the game on"
        );
        return;
    }
    let to_act = game.to_act();
    assert!(!to_act.is_empty(), "a running game waits for someone");
    let seat = to_act[rng.next_u32() as usize % to_act.len()];
    let mv = game.legal_moves(seat).random(rng).unwrap();
    game.apply(Actor::Seat(seat), mv, *now).unwrap();
}

fn play_out(mut game: AnyGame, rng: &mut ChaCha8Rng, mut now: i64) {
    for _ in 0..20_000 {
        if game.is_over() {
            return;
        }
        step(&mut game, rng, &mut now);
    }
    panic!("a sampled game did not finish");
}

fn check_point(game: &AnyGame, players: u8, rng: &mut ChaCha8Rng, now: i64, tally: &mut Tally) {
    for seat in (0..players).map(Seat) {
        let view = game.view(Viewer::Seat(seat));
        let first_seed = rng.next_u64();
        let mut second = ChaCha8Rng::seed_from_u64(rng.next_u64());
        let sample =
            AnyGame::sample_from_view(&view, seat, &mut ChaCha8Rng::seed_from_u64(first_seed))
                .unwrap_or_else(|error| panic!("{error} for {seat} at {view:?}"));
        let seen = sample.view(Viewer::Seat(seat));
        assert_eq!(
            json(&seen),
            json(&view),
            "{seat} sees the sample differently"
        );
        // The same view of another state (the sample) and the same randomness give the same
        // deal: nothing but the view goes into it.
        let again =
            AnyGame::sample_from_view(&seen, seat, &mut ChaCha8Rng::seed_from_u64(first_seed));
        assert_eq!(again.as_ref(), Ok(&sample));
        assert_eq!(
            format!("{:?}", sample.legal_moves(seat)),
            format!("{:?}", game.legal_moves(seat))
        );
        assert_eq!(sample.to_act(), game.to_act());
        assert_eq!(sample.deadline(), game.deadline());
        assert_eq!(sample.outcome(), game.outcome());
        tally.points += 1;
        if has_hidden(&view, seat) {
            tally.hidden += 1;
            let other = AnyGame::sample_from_view(&view, seat, &mut second).unwrap();
            let sampled = seen_by_others(&sample, seat, players);
            if sampled != seen_by_others(&other, seat, players) {
                tally.varied += 1;
            }
            if sampled == seen_by_others(game, seat, players) {
                tally.real += 1;
            }
        }
        if tally.points.is_multiple_of(23) {
            play_out(sample, rng, now);
            tally.played_out += 1;
        }
    }
}

/// Plays `games` seeded random games of each configuration, checking samples at every point.
fn run(kind: GameKind, configs: &[(i64, &str)], games: u64) -> Tally {
    let mut tally = Tally::default();
    for (index, (players, json)) in configs.iter().enumerate() {
        for game_number in 0..games {
            let seed = Seed::new(format!("{}-{index}-{game_number}", kind.id())).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(game_number * 1_000 + index as u64);
            let mut now = 1_000;
            let (mut game, _) =
                AnyGame::create(kind, *players, &options(json), &seed, None, now).unwrap();
            let seats = u8::try_from(*players).unwrap();
            for _ in 0..20_000 {
                check_point(&game, seats, &mut rng, now, &mut tally);
                if game.is_over() {
                    break;
                }
                step(&mut game, &mut rng, &mut now);
            }
            assert!(game.is_over(), "{json}: the game finished");
        }
    }
    tally
}

/// Samples must vary where something is hidden and must not simply be the real game.
fn assert_sampled_freshly(tally: &Tally) {
    assert!(tally.hidden > 0 && tally.played_out > 0, "{tally:?}");
    assert!(tally.varied * 10 >= tally.hidden * 6, "{tally:?}");
    assert!(tally.real * 10 <= tally.hidden * 3, "{tally:?}");
}

#[test]
fn tribute_samples_are_seen_as_the_view_they_came_from() {
    let tally = run(
        GameKind::Tribute,
        &[
            (3, r#"{}"#),
            (3, r#"{"deadline_secs": 50, "max_doubles": 3}"#),
            (3, r#"{"blind": true}"#),
            (
                3,
                r#"{"blind": true, "specials": true, "deadline_secs": 30}"#,
            ),
            (3, r#"{"card_total": 20, "double_cost": 0}"#),
        ],
        25,
    );
    assert_sampled_freshly(&tally);
}

#[test]
fn tricky_tribes_samples_are_seen_as_the_view_they_came_from() {
    let tally = run(
        GameKind::TrickyTribes,
        &[
            (2, r#"{"end_condition": "fixed_rounds", "rounds": 1}"#),
            (3, r#"{"target_score": 2, "deadline_secs": 30}"#),
            (
                3,
                r#"{"dummy": true, "jokers": 2, "end_condition": "fixed_rounds", "rounds": 1}"#,
            ),
            (
                4,
                r#"{"teams": [[0, 2]], "end_condition": "fixed_rounds", "rounds": 1}"#,
            ),
            (
                6,
                r#"{"jokers": 1, "end_condition": "fixed_rounds", "rounds": 1, "deadline_secs": 10}"#,
            ),
        ],
        4,
    );
    assert_sampled_freshly(&tally);
}

#[test]
fn intrigue_samples_are_seen_as_the_view_they_came_from() {
    let tally = run(
        GameKind::Intrigue,
        &[
            (3, r#"{}"#),
            (3, r#"{"hand_size": 7, "rounds": 2, "deadline_secs": 30}"#),
            (3, r#"{"hand_size": 3, "rounds": 4}"#),
        ],
        15,
    );
    assert_sampled_freshly(&tally);
}

#[test]
fn trade_or_duel_samples_are_seen_as_the_view_they_came_from() {
    let tally = run(
        GameKind::TradeOrDuel,
        &[
            (4, r#"{}"#),
            (5, r#"{"turns_each": 1, "deadline_secs": 30}"#),
            (7, r#"{"turns_each": 2}"#),
            (9, r#"{"turns_each": 1}"#),
        ],
        10,
    );
    assert_sampled_freshly(&tally);
}

#[test]
fn a_view_is_dealt_only_for_its_own_seat() {
    let seed = Seed::new("own-view").unwrap();
    for kind in GameKind::ALL {
        let players = if *kind == GameKind::TradeOrDuel { 4 } else { 3 };
        let (game, _) = AnyGame::create(*kind, players, &options("{}"), &seed, None, 0).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let own = game.view(Viewer::Seat(Seat(0)));
        assert!(AnyGame::sample_from_view(&own, Seat(0), &mut rng).is_ok());
        assert!(AnyGame::sample_from_view(&own, Seat(1), &mut rng).is_err());
        let spectator = game.view(Viewer::Spectator);
        assert!(AnyGame::sample_from_view(&spectator, Seat(0), &mut rng).is_err());
    }
}

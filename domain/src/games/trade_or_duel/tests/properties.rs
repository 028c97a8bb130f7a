//! Seeded random games: termination, card conservation, determinism, serde round trips.

use super::support::options;
use crate::games::trade_or_duel::{Event, Move, TradeOrDuel, parse_options};
use crate::{Actor, Game, GameRng, OptionValue, Seat, Seed, Timestamp, Viewer};

const GAMES: u32 = 3000;
/// Far above any random game's length; reaching it means play failed to terminate.
const STEP_BOUND: usize = 20_000;

#[derive(Clone, Debug)]
enum Step {
    Move(Seat, Move, Timestamp),
    Expire(Timestamp),
}

fn pick<T: Clone>(rng: &mut GameRng, items: &[T]) -> T {
    let index = rng.below(u32::try_from(items.len()).unwrap_or(1)) as usize;
    match items.get(index) {
        Some(item) => item.clone(),
        None => panic!("picked from an empty list"),
    }
}

fn new_game(case: u32, driver: &mut GameRng) -> TradeOrDuel {
    let players = 4 + i64::from(driver.below(6));
    // Mostly short games keep the suite fast; some use the whole range.
    let turns_each = match driver.below(8) {
        0 => 1 + driver.below(10),
        _ => 1 + driver.below(3),
    };
    let mut pairs = vec![("turns_each", OptionValue::Int(i64::from(turns_each)))];
    if driver.below(2) == 0 {
        pairs.push((
            "deadline_secs",
            OptionValue::Int(10 + i64::from(driver.below(100))),
        ));
    }
    if driver.below(2) == 0 {
        let seat = i64::from(driver.below(u32::try_from(players).unwrap_or(4)));
        pairs.push(("first_player", OptionValue::Int(seat)));
    }
    let parsed = match parse_options(players, &options(&pairs)) {
        Ok(parsed) => parsed,
        Err(error) => panic!("case {case}: {error}"),
    };
    let seed = Seed::from_bytes(case_bytes(case));
    match TradeOrDuel::new(parsed, seed.rng(), None, 0) {
        Ok((game, _)) => game,
        Err(error) => panic!("case {case}: {error}"),
    }
}

fn case_bytes(case: u32) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..4].copy_from_slice(&case.to_le_bytes());
    bytes
}

fn dealt_cards(game: &TradeOrDuel) -> Vec<u8> {
    let mut cards: Vec<u8> = game.hands.iter().flatten().copied().collect();
    cards.extend_from_slice(&game.discard);
    cards.sort_unstable();
    cards
}

fn check_invariants(game: &TradeOrDuel, dealt: &[u8], case: u32) {
    assert_eq!(dealt_cards(game), dealt, "case {case}: cards not conserved");
    for (index, hand) in game.hands.iter().enumerate() {
        let seat = Seat(u8::try_from(index).unwrap_or(0));
        assert!(
            hand.len() <= 2,
            "case {case}: a hand holds more than two cards"
        );
        assert!(hand.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(hand.is_empty(), !game.is_survivor(seat), "case {case}");
    }
    let pending = game.to_act();
    for seat in &pending {
        let legal = game.legal_moves(*seat);
        assert!(
            !legal.is_empty(),
            "case {case}: a pending seat has no legal move"
        );
        let default = game.default_move(*seat);
        assert!(default.is_some_and(|mv| legal.contains(&mv)), "case {case}");
    }
    // One more seat per step keeps the loop fast; over a game every seat is watched.
    let turn = usize::try_from(game.round).unwrap_or(0) + usize::from(game.visit);
    let watched = Seat(u8::try_from(turn % game.players()).unwrap_or(0));
    if !pending.contains(&watched) {
        assert!(
            game.legal_moves(watched).is_empty(),
            "case {case}: a waiting seat can move"
        );
        assert_eq!(game.default_move(watched), None);
    }
    let view = game.view(Viewer::Seat(watched));
    assert_eq!(view.hand.as_deref(), Some(game.hand(watched)));
    assert!(game.discard.windows(2).all(|pair| pair[0] < pair[1]));
    let over = game.outcome().is_some();
    assert_eq!(pending.is_empty(), over, "case {case}");
    let expects_deadline = game.options.deadline_secs().is_some() && !over;
    assert_eq!(game.deadline().is_some(), expects_deadline, "case {case}");
}

fn run(game: &mut TradeOrDuel, step: &Step) -> Vec<Event> {
    let result = match step {
        Step::Move(seat, mv, now) => game.apply(crate::Actor::Seat(*seat), mv.clone(), *now),
        Step::Expire(now) => game.expire(*now),
    };
    match result {
        Ok(events) => events,
        Err(error) => panic!("{step:?} refused: {error}"),
    }
}

/// Some arbitrary move, legal or not, from anyone.
fn arbitrary_move(driver: &mut GameRng, players: usize) -> (Actor, Move) {
    let seat = driver.below(u32::try_from(players + 1).unwrap_or(1));
    let actor = match u8::try_from(seat) {
        Ok(seat) if usize::from(seat) < players => Actor::Seat(Seat(seat)),
        _ => Actor::Outsider,
    };
    let value = |driver: &mut GameRng| i64::from(driver.below(22)) - 2;
    let mv = match driver.below(3) {
        0 => Move::Declare {
            target: value(driver),
            action: pick(driver, &["trade", "duel", "swap"]).to_owned(),
        },
        1 => Move::Answer {
            count: value(driver),
        },
        _ => Move::ChooseCards {
            cards: (0..driver.below(3))
                .map(|_| i64::from(driver.below(20)))
                .collect(),
        },
    };
    (actor, mv)
}

/// Plays one random game to its end; returns the steps, final state and every event.
fn play_random(case: u32) -> (TradeOrDuel, Vec<Step>, Vec<Event>) {
    let mut driver = Seed::new(format!("driver-{case}"))
        .unwrap_or_else(|| Seed::from_bytes([9; 32]))
        .rng();
    let mut game = new_game(case, &mut driver);
    let dealt = dealt_cards(&game);
    let round_trip_at = driver.below(200) as usize;
    let mut steps = Vec::new();
    let mut events = Vec::new();
    let mut now: Timestamp = 0;
    for step_index in 0..STEP_BOUND {
        check_invariants(&game, &dealt, case);
        if game.outcome().is_some() {
            break;
        }
        if step_index == round_trip_at {
            game = json_round_trip(&game);
        }
        if driver.below(8) == 0 {
            let (actor, mv) = arbitrary_move(&mut driver, game.players());
            let before = game.clone();
            if game.apply(actor, mv, now).is_err() {
                assert_eq!(
                    game, before,
                    "case {case}: a refused move changed the state"
                );
            } else {
                // The arbitrary move happened to be legal: replay it as a step.
                game = before;
            }
        }
        now += i64::from(driver.below(30));
        let step = match game.deadline() {
            Some(deadline) if driver.below(3) == 0 => {
                now = now.max(deadline);
                Step::Expire(now)
            }
            _ => {
                let seat = pick(&mut driver, &game.to_act());
                let mv = pick(&mut driver, &game.legal_moves(seat));
                Step::Move(seat, mv, now)
            }
        };
        let before = game.clone();
        events.extend(run(&mut game, &step));
        if let Step::Move(seat, mv, _) = &step
            && before.is_secret_submission(*seat, mv)
        {
            crate::game::assert_secret_submission_kept_the_decision(&before, &game, *seat);
        }
        steps.push(step);
    }
    assert!(
        game.outcome().is_some(),
        "case {case}: no end within {STEP_BOUND} steps"
    );
    (game, steps, events)
}

fn json_round_trip(game: &TradeOrDuel) -> TradeOrDuel {
    let text = match serde_json::to_string(game) {
        Ok(text) => text,
        Err(error) => panic!("serialize: {error}"),
    };
    match serde_json::from_str::<TradeOrDuel>(&text) {
        Ok(copy) => {
            assert_eq!(&copy, game, "the JSON round trip changed the state");
            copy
        }
        Err(error) => panic!("deserialize: {error}"),
    }
}

#[test]
fn trade_or_duel_random_games_end_conserve_cards_and_replay_identically() {
    let mut extra_rounds = 0;
    let mut eliminations = 0;
    for case in 0..GAMES {
        let (game, steps, events) = play_random(case);
        // Replay from scratch, without the round trip: the same inputs give the same game.
        let mut driver = Seed::new(format!("driver-{case}"))
            .unwrap_or_else(|| Seed::from_bytes([9; 32]))
            .rng();
        let mut replay = new_game(case, &mut driver);
        let mut replayed = Vec::new();
        for step in &steps {
            replayed.extend(run(&mut replay, step));
        }
        assert_eq!(replay, game, "case {case}: replay differs");
        assert_eq!(replayed, events, "case {case}: replayed events differ");

        for event in &events {
            // Every eighth game is enough to cover every event shape.
            if case % 8 == 0 {
                let text = serde_json::to_string(event).unwrap_or_default();
                let back: Option<Event> = serde_json::from_str(&text).ok();
                assert_eq!(back.as_ref(), Some(event), "case {case}: event round trip");
            }
            for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0))] {
                assert!(game.event_view(event, viewer).is_some());
            }
        }
        assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
        extra_rounds += usize::from(
            events
                .iter()
                .any(|event| matches!(event, Event::TurnStarted { extra: true, .. })),
        );
        eliminations += events
            .iter()
            .filter(|event| matches!(event, Event::Eliminated { .. }))
            .count();
    }
    // The random games reach the interesting paths, not just the first comparison.
    assert!(
        extra_rounds > 10,
        "only {extra_rounds} games had an extra round"
    );
    assert!(eliminations > 500, "only {eliminations} eliminations");
}

#[test]
fn trade_or_duel_unattended_games_end_by_default_moves() {
    for case in 0..200 {
        let mut driver = Seed::new(format!("idle-{case}"))
            .unwrap_or_else(|| Seed::from_bytes([3; 32]))
            .rng();
        let mut game = new_game(case + 100_000, &mut driver);
        if game.options.deadline_secs().is_none() {
            continue;
        }
        // Each expiry opens the next deadline after `now`, so time has to move on.
        for _ in 0..STEP_BOUND {
            match game.deadline() {
                Some(deadline) => assert_eq!(crate::advance(&mut game, deadline).len(), 1),
                None => break,
            }
        }
        assert!(
            game.outcome().is_some(),
            "case {case}: defaults did not end the game"
        );
    }
}

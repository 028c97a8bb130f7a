//! Seeded random games over every player count and variant: no panics, card conservation,
//! scoring invariants, termination, determinism and a serde round trip mid-game.

use super::*;
use crate::games::tricky_tribes::{Event, Mode};
use crate::{GameRng, Input};

/// Every player count with every variant the options allow.
const CONFIGS: &[&str] = &[
    r#"{"players":2,"end_condition":"fixed_rounds","rounds":2}"#,
    r#"{"players":2,"hand_size":10,"jokers":2,"target_score":4,"deadline_secs":10}"#,
    r#"{"players":2,"cut_deck":false,"jokers":1,"end_condition":"fixed_rounds","rounds":1}"#,
    r#"{"players":3,"target_score":3}"#,
    r#"{"players":3,"dummy":true,"hand_size":10,"end_condition":"fixed_rounds","rounds":2}"#,
    r#"{"players":3,"dummy":true,"cut_deck":false,"jokers":2,"target_score":4,"deadline_secs":60}"#,
    r#"{"players":3,"cut_deck":false,"jokers":1,"hand_size":10,"end_condition":"fixed_rounds","rounds":1}"#,
    r#"{"players":4,"jokers":2,"target_score":3}"#,
    r#"{"players":4,"teams":[[0,2]],"end_condition":"fixed_rounds","rounds":2}"#,
    r#"{"players":4,"teams":[[0,2],[1,3]],"target_score":4,"deadline_secs":10}"#,
    r#"{"players":5,"jokers":1,"end_condition":"fixed_rounds","rounds":2}"#,
    r#"{"players":5,"teams":[[0,2],[1,3]],"target_score":5}"#,
    r#"{"players":6,"end_condition":"fixed_rounds","rounds":2,"deadline_secs":10}"#,
    r#"{"players":6,"jokers":1,"teams":[[0,3]],"target_score":4}"#,
    r#"{"players":6,"jokers":2,"teams":[[0,2,4],[1,3,5]],"target_score":6}"#,
    r#"{"players":6,"jokers":2,"teams":[[0,2],[1,4],[3,5]],"end_condition":"fixed_rounds","rounds":1}"#,
];

struct Run {
    game: TrickyTribes,
    inputs: Vec<(Input<Move>, i64)>,
    events: Vec<Event>,
}

fn pick<T: Clone>(rng: &mut GameRng, items: &[T]) -> T {
    items[rng.below(u32::try_from(items.len()).unwrap()) as usize].clone()
}

fn check_trick(record: &super::super::TrickRecord) {
    let mut played: Vec<Card> = record.plays.iter().map(|p| p.card).collect();
    let mut settled = record.collected.clone();
    settled.extend(&record.discarded);
    played.sort();
    settled.sort();
    assert_eq!(
        played, settled,
        "every trick card is collected or discarded"
    );
    let lead = record.plays[0].card;
    match record.mode {
        Mode::Reward | Mode::Penalty => assert_eq!(record.collected, vec![lead]),
        Mode::Loot => {
            let winner = record.winner.unwrap();
            let own = record
                .plays
                .iter()
                .find(|p| p.participant == winner)
                .unwrap()
                .card;
            assert!(
                record
                    .collected
                    .iter()
                    .all(|card| card.is_collectable() && *card != own)
            );
            if own.is_high() {
                assert!(record.collected.len() <= 1);
            }
        }
    }
    if record.mode == Mode::Penalty {
        assert!(lead.is_natural_black());
    }
}

/// Checks the events of one input; `earlier` are the game's events before them.
fn check_events(game: &TrickyTribes, earlier: &[Event], events: &[Event], scores: &mut [i64]) {
    for (index, event) in events.iter().enumerate() {
        match event {
            Event::TrickJudged { record } => check_trick(record),
            Event::RoundScored { summary } => {
                let united = game.options.united();
                for (stack, score) in summary.stacks.iter().zip(&summary.seat_scores) {
                    assert_eq!(stack.iter().map(|c| c.value()).sum::<i64>(), *score);
                }
                // The state keeps only the current round's tricks: count the round's in the log.
                let tricks = earlier
                    .iter()
                    .chain(&events[..index])
                    .filter(|event| {
                        matches!(event, Event::TrickJudged { record } if record.round == summary.round)
                    })
                    .count();
                assert_eq!(tricks, usize::from(game.options.hand_size()));
                for (index, unit) in summary.units.iter().enumerate() {
                    let sum: i64 = unit
                        .seats
                        .iter()
                        .map(|s| summary.seat_scores[s.index()])
                        .sum();
                    let factor = if united && unit.seats.len() == 1 {
                        2
                    } else {
                        1
                    };
                    assert_eq!(unit.round_score, factor * sum);
                    scores[index] += unit.round_score;
                    assert_eq!(unit.cumulative, scores[index]);
                }
            }
            _ => {}
        }
    }
}

fn random_game(opts: &Options, seed: &str, driver: &str, checks: bool) -> Run {
    let mut rng = Seed::new(driver).unwrap().rng();
    let (mut game, mut events) =
        TrickyTribes::new(opts.clone(), Seed::new(seed).unwrap().rng(), None, NOW).unwrap();
    let mut inputs = Vec::new();
    let mut scores = vec![0; opts.units().len()];
    let mut now = NOW;
    for _ in 0..20_000 {
        if checks {
            assert_conserved(&game);
        }
        if game.outcome().is_some() {
            break;
        }
        now += 1;
        let to_act = game.to_act();
        assert!(!to_act.is_empty(), "a running game waits for someone");
        if checks {
            for s in 0..game.options.players() {
                let legal = game.legal_moves(Seat(s));
                assert_eq!(legal.is_empty(), !to_act.contains(&Seat(s)));
                if let Some(default) = game.default_move(Seat(s)) {
                    assert!(legal.contains(&default), "default {default:?} is legal");
                }
            }
            // A move from someone else, or an arbitrary card, is refused without effect.
            let other = Seat(rng.below(u32::from(game.options.players())) as u8);
            let junk = pick(
                &mut rng,
                &[Move::ExchangeDraw, Move::respond(c("AH")), Move::Unknown],
            );
            let before = game.clone();
            match game.apply(Actor::Seat(other), junk.clone(), now) {
                Err(_) => assert_eq!(game, before),
                Ok(accepted) => {
                    inputs.push((
                        Input::Move {
                            seat: other,
                            mv: junk,
                        },
                        now,
                    ));
                    check_events(&game, &events, &accepted, &mut scores);
                    events.extend(accepted);
                    continue;
                }
            }
        }
        let new_events = match game.deadline() {
            Some(deadline) if rng.below(8) == 0 => {
                now = now.max(deadline);
                inputs.push((Input::Expire, now));
                game.expire(now).unwrap()
            }
            _ => {
                let s = pick(&mut rng, &to_act);
                let mv = pick(&mut rng, &game.legal_moves(s));
                inputs.push((
                    Input::Move {
                        seat: s,
                        mv: mv.clone(),
                    },
                    now,
                ));
                let before = game.clone();
                let secret = game.is_secret_submission(s, &mv);
                let events = game.apply(Actor::Seat(s), mv, now).unwrap();
                if secret {
                    crate::game::assert_secret_submission_kept_the_decision(&before, &game, s);
                }
                events
            }
        };
        if checks {
            check_events(&game, &events, &new_events, &mut scores);
        }
        events.extend(new_events);
    }
    let outcome = game.outcome().unwrap();
    assert!(!outcome.winners.is_empty());
    assert!(
        outcome
            .ranking
            .iter()
            .all(|p| (p.place == 1) == outcome.winners.contains(&p.seat))
    );
    Run {
        game,
        inputs,
        events,
    }
}

fn replay(opts: &Options, seed: &str, inputs: &[(Input<Move>, i64)]) -> (TrickyTribes, Vec<Event>) {
    let (mut game, mut events) =
        TrickyTribes::new(opts.clone(), Seed::new(seed).unwrap().rng(), None, NOW).unwrap();
    for (input, now) in inputs {
        let result = match input {
            Input::Move { seat, mv } => game.apply(Actor::Seat(*seat), mv.clone(), *now),
            Input::Expire => game.expire(*now),
        };
        events.extend(result.unwrap());
    }
    (game, events)
}

#[test]
fn tricky_tribes_random_games_keep_every_invariant() {
    for (index, json) in CONFIGS.iter().enumerate() {
        let opts = options(json);
        for game_no in 0..8 {
            random_game(
                &opts,
                &format!("seed-{index}-{game_no}"),
                &format!("drv-{game_no}"),
                true,
            );
        }
    }
}

#[test]
fn tricky_tribes_thousands_of_random_games_end() {
    let mut games = 0;
    for (index, json) in CONFIGS.iter().enumerate() {
        let opts = options(json);
        for game_no in 0..125 {
            let run = random_game(
                &opts,
                &format!("many-{index}-{game_no}"),
                &format!("d{game_no}"),
                false,
            );
            assert_conserved(&run.game);
            games += 1;
        }
    }
    assert!(games >= 2_000);
}

#[test]
fn tricky_tribes_same_seed_and_inputs_give_equal_states() {
    for (index, json) in CONFIGS.iter().enumerate() {
        let opts = options(json);
        let seed = format!("det-{index}");
        let run = random_game(&opts, &seed, "driver", false);
        let (game, events) = replay(&opts, &seed, &run.inputs);
        assert_eq!(game, run.game);
        assert_eq!(events, run.events);
    }
}

#[test]
fn tricky_tribes_serde_round_trip_continues_identically() {
    for (index, json) in CONFIGS.iter().enumerate() {
        let opts = options(json);
        let seed = format!("serde-{index}");
        let run = random_game(&opts, &seed, "drv", false);
        let half = run.inputs.len() / 2;
        let (mut game, _) = replay(&opts, &seed, &run.inputs[..half]);
        let text = serde_json::to_string(&game).unwrap();
        let mut restored: TrickyTribes = serde_json::from_str(&text).unwrap();
        assert_eq!(restored, game);
        for (input, now) in &run.inputs[half..] {
            let (a, b) = match input {
                Input::Move { seat, mv } => (
                    game.apply(Actor::Seat(*seat), mv.clone(), *now),
                    restored.apply(Actor::Seat(*seat), mv.clone(), *now),
                ),
                Input::Expire => (game.expire(*now), restored.expire(*now)),
            };
            assert_eq!(a, b);
        }
        assert_eq!(restored, run.game);
        let events: Vec<Event> =
            serde_json::from_str(&serde_json::to_string(&run.events).unwrap()).unwrap();
        assert_eq!(events, run.events);
    }
}

//! Seeded random games: they finish, conserve cards, keep the invariants and replay exactly.

use super::random::*;
use super::*;
use crate::{GameRng, Input};

/// What the rules imply about any reachable state.
fn check_invariants(game: &Tribute) {
    assert_eq!(game.scores.iter().sum::<i64>(), 0, "scores sum to zero");
    let options = game.options();
    let cost = options.double_cost();
    for index in 0..3 {
        let played: Vec<u8> = game
            .turns
            .iter()
            .flat_map(|r| r.orders[index].plays.map(|p| p.value))
            .collect();
        let doubles_played: u32 = game.turns.iter().map(|r| r.orders[index].doubles).sum();
        assert_eq!(played.len(), 2 * game.turns.len());
        if !options.specials() {
            assert_eq!(doubles_played, 0);
        }
        if options.blind() {
            let charged: i64 = played.iter().map(|v| i64::from(*v)).sum::<i64>()
                + cost * i64::from(doubles_played);
            assert_eq!(game.remaining[index], options.card_total() - charged);
            assert!(game.remaining[index] >= 0);
            assert!(game.remaining[index] <= 9 * game.plays_left());
            let start = if options.specials() {
                options.max_doubles()
            } else {
                0
            };
            assert_eq!(game.doubles_left[index] + doubles_played, start);
            assert!(game.hands[index].is_empty());
        } else if game.phase() == Phase::Selection {
            assert!(game.turns.is_empty() && game.hands[index].is_empty());
        } else {
            // Every card is either still in the hand or played exactly once.
            let selection = &game.selections[index];
            let mut all: Vec<u8> = game.hands[index].iter().copied().chain(played).collect();
            all.sort_unstable();
            assert_eq!(all, selection.cards);
            assert!(game.hands[index].is_sorted());
            assert_eq!(game.doubles_left[index] + doubles_played, selection.doubles);
            let sum: i64 = selection.cards.iter().map(|c| i64::from(*c)).sum();
            assert_eq!(
                sum,
                options.card_total() - cost * i64::from(selection.doubles)
            );
        }
        if game.phase() == Phase::Finished {
            assert_eq!(game.turns.len(), 5);
            assert!(game.hands[index].is_empty());
            assert_eq!(
                game.remaining[index],
                if options.blind() {
                    0
                } else {
                    options.card_total()
                }
            );
        }
    }
    let expected_turns = match game.phase() {
        Phase::Selection => 0,
        Phase::Turn(turn) => usize::from(turn) - 1,
        Phase::Finished => 5,
    };
    assert_eq!(game.turns.len(), expected_turns);
    let mut scores = [0i64; 3];
    for record in &game.turns {
        let total: u32 = record.orders.iter().map(|o| o.doubles).sum();
        assert_eq!(record.multiplier, 1 << total);
        for (score, delta) in scores.iter_mut().zip(record.deltas) {
            *score += delta;
        }
        assert_eq!(record.scores_after, scores);
    }
    assert_eq!(game.scores, scores);
}

pub(super) type Log = Vec<(Input<Move>, Timestamp)>;

/// Plays one random game to the end, returning the inputs applied (with their times).
pub(super) fn play_random(seed: u64, rng: &mut GameRng) -> (String, Tribute, Log) {
    let options_json = random_options(rng);
    let mut game = new_game(&options_json, 0);
    let mut log = Vec::new();
    let mut now = 0;
    let round_trip_step = pick(rng, 40);
    for step in 0..400 {
        if game.phase() == Phase::Finished {
            break;
        }
        now += pick(rng, 20);
        if chance(rng, 10) {
            // A late tick: jump past the deadline.
            now = now.max(game.deadline().unwrap_or(now) + pick(rng, 150));
        }
        // The server advances before every command.
        for _ in crate::advance(&mut game, now) {
            log.push((Input::Expire, now));
        }
        if game.phase() == Phase::Finished {
            break;
        }
        match rng.below(8) {
            1 => {
                let actor = random_actor(rng);
                let mv = random_any(rng);
                let before = game.clone();
                match game.apply(actor, mv.clone(), now) {
                    Ok(_) => log.push((
                        Input::Move {
                            seat: actor.seat().unwrap(),
                            mv,
                        },
                        now,
                    )),
                    Err(_) => assert_eq!(game, before, "seed {seed}"),
                }
            }
            _ => {
                let index = u8::try_from(pick(rng, 3)).unwrap();
                let mv = random_legal(&game, index, rng).unwrap();
                if let Some(default) = game.default_move(Seat(index)) {
                    assert!(game.clone().apply(seat(index), default, now).is_ok());
                }
                let before = game.clone();
                game.apply(seat(index), mv.clone(), now)
                    .unwrap_or_else(|e| panic!("seed {seed}: legal move {mv:?} refused: {e}"));
                if before.is_secret_submission(Seat(index), &mv) {
                    crate::game::assert_secret_submission_kept_the_decision(
                        &before,
                        &game,
                        Seat(index),
                    );
                }
                log.push((
                    Input::Move {
                        seat: Seat(index),
                        mv,
                    },
                    now,
                ));
            }
        }
        check_invariants(&game);
        if step == round_trip_step {
            let json = serde_json::to_string(&game).unwrap();
            let back: Tribute = serde_json::from_str(&json).unwrap();
            assert_eq!(back, game);
            game = back;
        }
    }
    if game.phase() != Phase::Finished {
        now = now.max(game.deadline().unwrap_or(now)) + 10_000_000;
        // Games without a deadline finish by the seats' own orders.
        while game.phase() != Phase::Finished {
            if game.deadline().is_some() {
                for _ in crate::advance(&mut game, now) {
                    log.push((Input::Expire, now));
                }
            } else {
                for index in 0..3 {
                    if let Some(mv) = game.default_move(Seat(index)) {
                        game.apply(seat(index), mv.clone(), now).unwrap();
                        log.push((
                            Input::Move {
                                seat: Seat(index),
                                mv,
                            },
                            now,
                        ));
                    }
                }
            }
            check_invariants(&game);
        }
    }
    (options_json, game, log)
}

/// Applies one logged input as the server would.
fn apply_input(game: &mut Tribute, (input, now): &(Input<Move>, Timestamp)) {
    match input {
        Input::Move { seat, mv } => {
            game.apply(Actor::Seat(*seat), mv.clone(), *now).unwrap();
        }
        Input::Expire => {
            game.expire(*now).unwrap();
        }
    }
}

fn replay(options_json: &str, log: &[(Input<Move>, Timestamp)]) -> Tribute {
    let mut game = new_game(options_json, 0);
    for input in log {
        apply_input(&mut game, input);
    }
    game
}

#[test]
fn random_games_finish_and_keep_the_invariants() {
    let mut finished = [0; 2];
    let (mut nmr_orders, mut doubles_played, mut nmr_selections) = (0, 0, 0);
    for seed in 0..2000 {
        let mut rng = rng("play", seed);
        let (options_json, game, log) = play_random(seed, &mut rng);
        assert_eq!(game.phase(), Phase::Finished);
        let outcome = game.outcome().unwrap();
        assert!(!outcome.winners.is_empty());
        finished[usize::from(game.options().blind())] += 1;
        for record in &game.turns {
            nmr_orders += record.orders.iter().filter(|o| o.nmr).count();
            doubles_played += record.orders.iter().map(|o| o.doubles).sum::<u32>();
        }
        nmr_selections += game.selections.iter().filter(|s| s.nmr).count();
        // Same options and inputs give the same state.
        assert_eq!(replay(&options_json, &log), game, "seed {seed}");
    }
    assert!(finished.iter().all(|count| *count > 500));
    // The random driver reaches the deadline paths and the doubles, not just plain turns.
    assert!(nmr_orders > 1000 && nmr_selections > 100 && doubles_played > 1000);
}

#[test]
fn a_stored_game_continues_identically() {
    for seed in 0..200 {
        let mut rng = rng("store", seed);
        let (options_json, _, log) = play_random(seed, &mut rng);
        let cut = usize::try_from(pick(&mut rng, log.len() as i64 + 1)).unwrap();
        let mut game = replay(&options_json, &log[..cut]);
        let json = serde_json::to_string(&game).unwrap();
        let mut stored: Tribute = serde_json::from_str(&json).unwrap();
        for input in &log[cut..] {
            apply_input(&mut game, input);
            apply_input(&mut stored, input);
            assert_eq!(stored, game);
        }
        assert_eq!(stored.phase(), Phase::Finished);
    }
}

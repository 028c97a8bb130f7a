//! Seeded random games: termination, conservation, invariants and determinism.

use super::*;
use crate::games::intrigue::terms::{Direction, Pair};
use crate::{Input, Timestamp};

/// The test driver's own randomness, apart from the game's.
pub struct Driver(GameRng);

impl Driver {
    pub fn new(n: u64) -> Self {
        Self(Seed::new(format!("driver-{n}")).unwrap().rng())
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.choose(n)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn random_options(d: &mut Driver) -> Options {
    let deadline = [None, Some(30)][d.below(2)];
    let first = [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))][d.below(4)];
    Options::with(3 + d.below(5), 1 + d.below(10) as u32, deadline, first)
        .starting_at(1 + d.below(20) as i64)
}

/// Any move of the right shape, legal or not, with the odd value outside its domain.
pub fn arbitrary_move(d: &mut Driver) -> Move {
    let ids: Vec<String> = Card::ALL
        .iter()
        .map(|c| c.id().to_owned())
        .chain(["joker".to_owned()])
        .collect();
    let card = d.pick(&ids).clone();
    let pos = || ["A", "B", "C", "D"];
    let position = d.pick(&pos()).to_string();
    let tokens: Vec<String> = Token::ALL.iter().map(|t| t.id().to_owned()).collect();
    let maybe = |d: &mut Driver, values: Vec<String>| -> Option<String> {
        (d.below(3) == 0).then(|| d.pick(&values).clone())
    };
    match d.below(7) {
        0 => Move::TakeToken {
            token: d.pick(&tokens).clone(),
        },
        1 => Move::PlayFaceDown {
            card,
            character: position,
        },
        2 => Move::PlayFaceUp {
            card,
            character: position,
            discard: maybe(d, ids.clone()),
        },
        3 => Move::PlayAction {
            card,
            character: maybe(d, pos().map(str::to_owned).to_vec()),
            give: maybe(d, tokens.clone()),
            take: maybe(d, tokens.clone()),
            pair: maybe(d, Pair::ALL.map(|p| p.id().to_owned()).to_vec()),
            direction: maybe(d, Direction::ALL.map(|x| x.id().to_owned()).to_vec()),
        },
        4 => Move::PlayRelationship {
            card,
            first: position,
            second: d.pick(&pos()).to_string(),
        },
        5 => Move::PlayFavor { color: position },
        _ => Move::Discard { card },
    }
}

fn assert_invariants(game: &Intrigue) {
    let t = &game.table;
    let mut all = placed(t);
    all.sort_unstable();
    assert_eq!(all, Card::ALL.to_vec(), "every card in exactly one place");
    let mut characters: Vec<Character> = t.character_at.to_vec();
    characters.extend(&t.unused);
    characters.extend(&t.dead);
    characters.sort_unstable();
    assert_eq!(characters, Character::ALL.to_vec());
    assert!(t.round >= 1 && t.round <= t.options.rounds());
    if !t.is_over() {
        let extra = usize::from(t.resolving.is_some());
        assert!(
            t.hands
                .iter()
                .all(|h| h.len() <= t.options.hand_size() + extra)
        );
        assert!(
            !t.hand(t.to_act).is_empty(),
            "the player to act holds a card"
        );
    }
    for p in 0..3 {
        let played = t
            .favor_pile
            .iter()
            .filter(|f| f.player.index() == p)
            .count();
        assert_eq!(played + t.unplayed_favors[p].len(), 3);
    }
}

/// Points move only at round-end scoring (by the token changes) and at the end of game.
fn assert_points(before: [i64; 3], after: &Table, events: &[Event]) {
    let mut points = before;
    for event in events {
        match event {
            Event::RoundScored(score) => {
                for (points, change) in points.iter_mut().zip(score.changes) {
                    *points += change;
                }
                assert_eq!(points, score.points);
            }
            Event::GameEnded(result) => {
                for favor in &result.favors {
                    points[favor.player.index()] += favor.change;
                }
            }
            _ => {}
        }
    }
    assert_eq!(points, after.points);
}

/// The game's randomness is drawn only by Spy, Assassination and the round end.
fn assert_random_use(before: &GameRng, after: &Intrigue, events: &[Event]) {
    let random = events.iter().any(|e| {
        matches!(
            e,
            Event::SpyPlayed { .. } | Event::AssassinationPlayed { .. } | Event::RoundScored(_)
        )
    });
    if !random {
        assert_eq!(before, &after.rng);
    }
}

/// Plays one seeded game to its end; returns the inputs and the final state.
fn play_game(
    n: u64,
    exhaustive: bool,
    probes: usize,
) -> (Options, Vec<(Input<Move>, Timestamp)>, Intrigue) {
    let mut d = Driver::new(n);
    let options = random_options(&mut d);
    let seed = Seed::new(format!("game-{n}")).unwrap();
    let (mut game, _) = Intrigue::new(options.clone(), seed.rng(), None, 0).unwrap();
    let mut inputs = Vec::new();
    let mut now: Timestamp = 0;
    assert_invariants(&game);
    for _step in 0..2_000 {
        if game.outcome().is_some() {
            break;
        }
        let seat = game.to_act()[0];
        let legal = game.legal_moves(seat);
        assert!(!legal.is_empty(), "a player with no legal move");
        if exhaustive {
            for mv in legal.iter() {
                let mut copy = game.clone();
                assert!(
                    copy.apply(Actor::Seat(seat), mv.clone(), now).is_ok(),
                    "{mv:?}"
                );
            }
        }
        for _ in 0..probes {
            let mv = arbitrary_move(&mut d);
            let actor = Actor::Seat(Seat(d.below(4) as u8));
            let mut copy = game.clone();
            match copy.apply(actor, mv.clone(), now) {
                Ok(_) => assert!(legal.contains(&mv), "accepted but not listed: {mv:?}"),
                Err(_) => assert_eq!(copy, game, "a refused move changed the state"),
            }
        }
        let (points, rng, round) = (game.table.points, game.rng.clone(), game.table.round);
        now += 1 + d.below(20) as i64;
        let events = match game.deadline() {
            Some(deadline) if d.below(4) == 0 => {
                now = now.max(deadline);
                inputs.push((Input::Expire, now));
                game.expire(now).unwrap()
            }
            _ => {
                let mv = d.pick(&legal).clone();
                inputs.push((
                    Input::Move {
                        seat,
                        mv: mv.clone(),
                    },
                    now,
                ));
                game.apply(Actor::Seat(seat), mv, now).unwrap()
            }
        };
        assert_invariants(&game);
        assert_points(points, &game.table, &events);
        assert_random_use(&rng, &game, &events);
        if game.table.round > round {
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::RoundStarted { .. }))
            );
        }
    }
    assert!(game.outcome().is_some(), "game {n} did not end");
    (options, inputs, game)
}

fn replay(options: &Options, n: u64, inputs: &[(Input<Move>, Timestamp)]) -> Intrigue {
    let seed = Seed::new(format!("game-{n}")).unwrap();
    let (mut game, _) = Intrigue::new(options.clone(), seed.rng(), None, 0).unwrap();
    for (input, now) in inputs {
        match input {
            Input::Move { seat, mv } => game.apply(Actor::Seat(*seat), mv.clone(), *now),
            Input::Expire => game.expire(*now),
        }
        .unwrap();
    }
    game
}

fn random_games(seeds: std::ops::Range<u64>) {
    for n in seeds {
        let (_, _, mut game) = play_game(n, n % 50 == 0, if n % 5 == 0 { 3 } else { 0 });
        let t = &game.table;
        let outcome = game.outcome().unwrap();
        let last = t.last_round.as_ref().unwrap();
        assert!(t.round == t.options.rounds() || last.points.iter().any(|p| *p <= 0));
        assert!(!outcome.winners.is_empty());
        assert_eq!(game.to_act(), Vec::<Seat>::new());
        assert_eq!(game.deadline(), None);
        assert_eq!(game.expire(i64::MAX).unwrap_err().code, "game_over");
    }
}

// Three tests so the harness can run them in parallel.
#[test]
fn random_games_end_and_keep_every_invariant_1() {
    random_games(0..700);
}

#[test]
fn random_games_end_and_keep_every_invariant_2() {
    random_games(700..1_400);
}

#[test]
fn random_games_end_and_keep_every_invariant_3() {
    random_games(1_400..2_100);
}

#[test]
fn the_same_seed_and_inputs_give_the_same_game() {
    for n in 0..40 {
        let (options, inputs, game) = play_game(n, false, 0);
        assert_eq!(replay(&options, n, &inputs), game);
    }
}

#[test]
fn a_json_round_trip_continues_identically() {
    for n in 100..140 {
        let (options, inputs, game) = play_game(n, false, 0);
        let half = inputs.len() / 2;
        let mid = replay(&options, n, &inputs[..half]);
        let mut restored: Intrigue =
            serde_json::from_str(&serde_json::to_string(&mid).unwrap()).unwrap();
        assert_eq!(restored, mid);
        for (input, now) in &inputs[half..] {
            match input {
                Input::Move { seat, mv } => restored.apply(Actor::Seat(*seat), mv.clone(), *now),
                Input::Expire => restored.expire(*now),
            }
            .unwrap();
        }
        assert_eq!(restored, game);
    }
}

#[test]
fn different_seeds_give_different_deals() {
    let deals: std::collections::HashSet<Vec<Card>> = (0..20)
        .map(|n| {
            let seed = Seed::new(format!("deal-{n}")).unwrap();
            let (game, _) = Intrigue::new(Options::default(), seed.rng(), None, 0).unwrap();
            game.table.hands[0].clone()
        })
        .collect();
    assert!(deals.len() > 15);
}

//! Seeded random queues: nobody is matched twice, every table fits every ticket at it, bots
//! come only after a wait, nobody waits past their bot wait, and windows never shrink.

use std::collections::HashSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

const NOW: i64 = 1_000_000;

fn random_queue(rng: &mut ChaCha8Rng) -> Vec<Ticket<usize>> {
    let size = rng.random_range(0..60usize);
    (0..size)
        .map(|id| {
            let min_players = rng.random_range(2..=6u8);
            let max_players = rng.random_range(min_players..=6u8);
            Ticket {
                id,
                rating: rng.random_range(0.0..50.0),
                min_players,
                max_players,
                queued_at_ms: NOW - rng.random_range(0..60_000),
                bots_after_ms: rng.random_range(0..30_000),
            }
        })
        .collect()
}

#[test]
fn random_queues_keep_every_promise() {
    let settings = PairingSettings::default();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut with_bots = 0;
    let mut without_bots = 0;
    for _ in 0..3_000 {
        let queue = random_queue(&mut rng);
        let matches = pair(&queue, NOW, &settings);
        let mut seen = HashSet::new();
        for game in &matches {
            let anchor = &queue[game.tickets[0]];
            for &id in &game.tickets {
                assert!(seen.insert(id), "ticket {id} matched twice");
                let ticket = &queue[id];
                let players = u8::try_from(game.players()).expect("a small table");
                assert!(ticket.admits(players), "{ticket:?} at a table of {players}");
                if id != anchor.id {
                    let apart = (ticket.rating - anchor.rating).abs();
                    let allowed = window(&settings, anchor.waited_ms(NOW))
                        .min(window(&settings, ticket.waited_ms(NOW)));
                    assert!(apart <= allowed, "{apart} apart, {allowed} allowed");
                }
            }
            if game.bots > 0 {
                assert!(anchor.waited_ms(NOW) >= anchor.bots_after_ms);
                with_bots += 1;
            } else {
                without_bots += 1;
            }
        }
        for ticket in &queue {
            if ticket.waited_ms(NOW) >= ticket.bots_after_ms {
                assert!(
                    seen.contains(&ticket.id),
                    "{ticket:?} waited past its bot wait"
                );
            }
        }
        assert_eq!(
            pair(&queue, NOW, &settings),
            matches,
            "the same queue, the same games"
        );
    }
    assert!(
        with_bots > 100 && without_bots > 100,
        "{with_bots} {without_bots}"
    );
}

#[test]
fn a_window_never_shrinks_and_stays_bounded() {
    let settings = PairingSettings::default();
    let mut previous = window(&settings, -5);
    assert_eq!(previous, settings.initial_window);
    for waited in (0..100_000).step_by(250) {
        let now = window(&settings, waited);
        assert!(now >= previous && now <= settings.max_window);
        previous = now;
    }
    assert_eq!(previous, settings.max_window);
}

fn ticket(id: usize, rating: f64, players: u8, waited_ms: i64) -> Ticket<usize> {
    Ticket {
        id,
        rating,
        min_players: players,
        max_players: players,
        queued_at_ms: NOW - waited_ms,
        bots_after_ms: 20_000,
    }
}

#[test]
fn the_closest_ratings_share_a_table() {
    let queue = vec![
        ticket(0, 25.0, 3, 1_000),
        ticket(1, 40.0, 3, 900),
        ticket(2, 26.0, 3, 800),
        ticket(3, 24.0, 3, 700),
        ticket(4, 41.0, 3, 600),
        ticket(5, 39.0, 3, 500),
    ];
    let matches = pair(&queue, NOW, &PairingSettings::default());
    assert_eq!(
        matches,
        vec![
            Match {
                tickets: vec![0, 2, 3],
                bots: 0
            },
            // 41 and 39 are as close to 40: the one waiting longer comes first.
            Match {
                tickets: vec![1, 4, 5],
                bots: 0
            },
        ]
    );
}

#[test]
fn people_far_apart_wait_until_their_windows_meet_or_bots_come() {
    let settings = PairingSettings::default();
    let queue = vec![ticket(0, 10.0, 2, 0), ticket(1, 40.0, 2, 0)];
    assert!(pair(&queue, NOW, &settings).is_empty());
    // 30 points apart: both windows reach 30 after 26 seconds, before any bots (here 40 s).
    let later: Vec<_> = queue
        .iter()
        .map(|t| Ticket {
            bots_after_ms: 40_000,
            ..t.clone()
        })
        .collect();
    assert!(pair(&later, NOW + 25_000, &settings).is_empty());
    assert_eq!(
        pair(&later, NOW + 26_000, &settings),
        vec![Match {
            tickets: vec![0, 1],
            bots: 0
        }]
    );
}

#[test]
fn a_lone_ticket_gets_bots_after_its_wait_and_not_before() {
    let settings = PairingSettings::default();
    let lone = vec![Ticket {
        min_players: 3,
        max_players: 5,
        ..ticket(0, 25.0, 3, 19_999)
    }];
    assert!(pair(&lone, NOW, &settings).is_empty());
    let matches = pair(&lone, NOW + 1, &settings);
    // The fewest bots that make a table it admits.
    assert_eq!(
        matches,
        vec![Match {
            tickets: vec![0],
            bots: 2
        }]
    );
}

#[test]
fn a_table_takes_as_many_people_as_it_can_before_bots() {
    let settings = PairingSettings::default();
    let queue = vec![
        Ticket {
            min_players: 3,
            max_players: 6,
            ..ticket(0, 25.0, 3, 30_000)
        },
        ticket(1, 26.0, 4, 100),
        ticket(2, 27.0, 4, 100),
    ];
    let matches = pair(&queue, NOW, &settings);
    assert_eq!(
        matches,
        vec![Match {
            tickets: vec![0, 1, 2],
            bots: 1
        }]
    );
}

/// A queue run over time as the matcher runs it: tickets arrive, each call takes the games it
/// makes out of the queue. Nobody is matched twice, and nobody (the oldest included) waits past
/// the first call after their bot wait: no ticket is passed over for ever.
#[test]
fn over_time_nobody_is_matched_twice_or_passed_over() {
    let settings = PairingSettings::default();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..200 {
        let mut waiting: Vec<Ticket<usize>> = Vec::new();
        let mut matched = HashSet::new();
        let mut next_id = 0;
        let step_ms = 250;
        for step in 0..400 {
            let now = i64::from(step) * step_ms;
            for _ in 0..rng.random_range(0..3usize) {
                let min_players = rng.random_range(2..=4u8);
                waiting.push(Ticket {
                    id: next_id,
                    rating: rng.random_range(0.0..50.0),
                    min_players,
                    max_players: rng.random_range(min_players..=4u8),
                    queued_at_ms: now,
                    bots_after_ms: rng.random_range(0..20_000),
                });
                next_id += 1;
            }
            for game in pair(&waiting, now, &settings) {
                for id in game.tickets {
                    assert!(matched.insert(id), "ticket {id} matched twice");
                }
            }
            waiting.retain(|ticket| !matched.contains(&ticket.id));
            for ticket in &waiting {
                assert!(
                    ticket.waited_ms(now) < ticket.bots_after_ms,
                    "{ticket:?} passed over at {now}"
                );
            }
        }
    }
}

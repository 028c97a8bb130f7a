//! Seeded random games rated by player: one player in several seats counts the game once, the
//! ratings still follow the places, and the same game gives the same bits again.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

/// A free-for-all of 2 to 6 seats among up to 4 players (so some hold several seats), with
/// each player's skill before the game.
fn random_game(rng: &mut ChaCha8Rng) -> (Vec<SeatResult<u8>>, Vec<Skill>) {
    let seats = rng.random_range(2..=6usize);
    let skills = (0..4)
        .map(|_| Skill {
            rating: rng.random_range(5.0..45.0),
            uncertainty: rng.random_range(0.5..8.4),
            games: rng.random_range(0..30),
        })
        .collect();
    let places = u8::try_from(seats).unwrap_or(6);
    let game = (0..seats)
        .map(|side| SeatResult {
            player: rng.random_range(0..4u8),
            side,
            place: rng.random_range(1..=places),
        })
        .collect();
    (game, skills)
}

#[test]
fn each_player_counts_the_game_once_and_ends_between_its_seats_results() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut shared = 0;
    for _ in 0..3_000 {
        let (game, skills) = random_game(&mut rng);
        let before = |player: &u8| skills[usize::from(*player)];
        let Ok(after) = rate_players(&game, before) else {
            let distinct = game
                .iter()
                .map(|seat| seat.player)
                .fold(Vec::new(), |mut v, p| {
                    if !v.contains(&p) {
                        v.push(p);
                    }
                    v
                });
            assert!(distinct.len() < 2, "refused a game of {distinct:?}");
            continue;
        };
        let by_seat = rate(
            &game
                .iter()
                .map(|seat| Finisher {
                    skill: before(&seat.player),
                    side: seat.side,
                    place: seat.place,
                })
                .collect::<Vec<_>>(),
        )
        .expect("rated");
        for (player, skill) in &after {
            assert_eq!(skill.games, before(player).games + 1);
            let mine: Vec<&Skill> = game
                .iter()
                .zip(&by_seat)
                .filter(|(seat, _)| seat.player == *player)
                .map(|(_, skill)| skill)
                .collect();
            if mine.len() > 1 {
                shared += 1;
            }
            let low = mine.iter().map(|s| s.rating).fold(f64::INFINITY, f64::min);
            let high = mine
                .iter()
                .map(|s| s.rating)
                .fold(f64::NEG_INFINITY, f64::max);
            assert!(low - 1e-9 <= skill.rating && skill.rating <= high + 1e-9);
            assert!(skill.uncertainty <= before(player).uncertainty);
        }
        assert_eq!(
            after.len(),
            after
                .iter()
                .map(|(player, _)| *player)
                .fold(Vec::new(), |mut v, p| {
                    if !v.contains(&p) {
                        v.push(p);
                    }
                    v
                })
                .len(),
            "a player listed twice"
        );
        // Recomputation must match to the bit.
        assert_eq!(rate_players(&game, before), Ok(after));
    }
    assert!(shared > 100, "too few games with a player in several seats");
}

#[test]
fn with_distinct_players_it_is_the_seat_rating() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..1_000 {
        let (mut game, skills) = random_game(&mut rng);
        game.truncate(4);
        for (index, seat) in game.iter_mut().enumerate() {
            seat.player = u8::try_from(index).unwrap_or(0);
        }
        let before = |player: &u8| skills[usize::from(*player)];
        let after = rate_players(&game, before).expect("two or more players");
        let finishers: Vec<Finisher> = game
            .iter()
            .map(|seat| Finisher {
                skill: before(&seat.player),
                side: seat.side,
                place: seat.place,
            })
            .collect();
        let by_seat = rate(&finishers).expect("rated");
        let skills_after: Vec<Skill> = after.into_iter().map(|(_, skill)| skill).collect();
        assert_eq!(skills_after, by_seat);
    }
}

#[test]
fn a_winner_goes_up_and_a_loser_down_even_beside_a_player_in_two_seats() {
    // A person beats a bot that holds two seats and shares last place with itself.
    let game = [
        SeatResult {
            player: "person",
            side: 0,
            place: 1,
        },
        SeatResult {
            player: "bot",
            side: 1,
            place: 2,
        },
        SeatResult {
            player: "bot",
            side: 2,
            place: 2,
        },
    ];
    let after = rate_players(&game, |_| Skill::default()).expect("rated");
    assert_eq!(after[0].0, "person");
    assert!(after[0].1.rating > Skill::default().rating);
    assert_eq!(after[1].0, "bot");
    assert!(after[1].1.rating < Skill::default().rating);
    assert_eq!(after[1].1.games, 1);
}

#[test]
fn a_game_against_oneself_is_not_rated() {
    let game = [
        SeatResult {
            player: 1,
            side: 0,
            place: 1,
        },
        SeatResult {
            player: 1,
            side: 1,
            place: 2,
        },
    ];
    assert_eq!(
        rate_players(&game, |_| Skill::default()),
        Err(RatingError::TooFewPlayers)
    );
}

//! Seeded random games: the ratings move with the places, uncertainty only shrinks, and the
//! same game rated twice gives the same numbers to the bit (a recomputation must match).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

fn random_skill(rng: &mut ChaCha8Rng) -> Skill {
    Skill {
        rating: rng.random_range(5.0..45.0),
        uncertainty: rng.random_range(0.5..8.4),
        games: rng.random_range(0..40),
    }
}

/// A free-for-all of 2 to 9 players, places 1..=n with random ties.
fn random_free_for_all(rng: &mut ChaCha8Rng) -> Vec<Finisher> {
    let players = rng.random_range(2..=9usize);
    (0..players)
        .map(|side| Finisher {
            skill: random_skill(rng),
            side,
            place: rng.random_range(1..=u8::try_from(players).unwrap_or(9)),
        })
        .collect()
}

fn sole(finishers: &[Finisher], place: u8) -> Option<usize> {
    let mut at = finishers
        .iter()
        .enumerate()
        .filter(|(_, f)| f.place == place);
    match (at.next(), at.next()) {
        (Some((index, _)), None) => Some(index),
        _ => None,
    }
}

#[test]
fn ratings_move_with_the_places_in_free_for_alls() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked_winners = 0;
    for _ in 0..5_000 {
        let game = random_free_for_all(&mut rng);
        let best = game.iter().map(|f| f.place).min().unwrap_or(1);
        let worst = game.iter().map(|f| f.place).max().unwrap_or(1);
        let after = rate(&game).expect("a free-for-all of two or more is rated");
        assert_eq!(after.len(), game.len());
        for (before, after) in game.iter().zip(&after) {
            assert_eq!(after.games, before.skill.games + 1);
            assert!(after.uncertainty <= before.skill.uncertainty);
            assert!(after.rating.is_finite() && after.uncertainty > 0.0);
        }
        if best == worst {
            continue; // everyone tied: nothing to say about the direction
        }
        if let Some(winner) = sole(&game, best) {
            assert!(after[winner].rating > game[winner].skill.rating, "{game:?}");
            checked_winners += 1;
        }
        if let Some(loser) = sole(&game, worst) {
            assert!(after[loser].rating < game[loser].skill.rating, "{game:?}");
        }
    }
    assert!(checked_winners > 1_000, "the generator made sole winners");
}

#[test]
fn among_equals_a_better_place_ends_higher() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..2_000 {
        let mut game = random_free_for_all(&mut rng);
        let start = game[0].skill;
        for finisher in &mut game {
            finisher.skill = start;
        }
        let after = rate(&game).expect("rated");
        for (i, a) in game.iter().enumerate() {
            for (j, b) in game.iter().enumerate() {
                if a.place < b.place {
                    assert!(after[i].rating > after[j].rating, "{i} {j} {game:?}");
                } else if a.place == b.place {
                    assert_eq!(after[i].rating, after[j].rating);
                }
            }
        }
    }
}

#[test]
fn teammates_win_and_lose_together() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..2_000 {
        // Two or three sides of two: the team games' shape.
        let sides = rng.random_range(2..=3usize);
        let places: Vec<u8> = (0..sides).map(|_| rng.random_range(1..=3)).collect();
        let game: Vec<Finisher> = (0..sides * 2)
            .map(|player| Finisher {
                skill: random_skill(&mut rng),
                side: player % sides,
                place: places[player % sides],
            })
            .collect();
        let after = rate(&game).expect("rated");
        let best = places.iter().min().copied().unwrap_or(1);
        let winners = places.iter().filter(|&&p| p == best).count();
        if winners != 1 {
            continue;
        }
        let worst = places.iter().max().copied().unwrap_or(1);
        let distinct = places
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
            == sides;
        for (before, after) in game.iter().zip(&after) {
            if before.place == best {
                assert!(after.rating > before.skill.rating, "{game:?}");
            } else if distinct && before.place == worst {
                // A tie with a stronger side can lift a losing side; without ties, last loses.
                assert!(after.rating < before.skill.rating, "{game:?}");
            }
        }
    }
}

#[test]
fn the_same_game_rated_twice_gives_the_same_bits() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..500 {
        let game = random_free_for_all(&mut rng);
        let once = rate(&game).expect("rated");
        let again = rate(&game).expect("rated");
        for (a, b) in once.iter().zip(&again) {
            assert_eq!(a.rating.to_bits(), b.rating.to_bits());
            assert_eq!(a.uncertainty.to_bits(), b.uncertainty.to_bits());
        }
    }
}

#[test]
fn a_game_with_one_side_or_a_split_side_is_refused() {
    let one = Finisher {
        skill: Skill::default(),
        side: 0,
        place: 1,
    };
    assert_eq!(rate(&[one, one]), Err(RatingError::TooFewSides));
    assert_eq!(rate(&[]), Err(RatingError::TooFewSides));
    let split = Finisher { place: 2, ..one };
    let other = Finisher { side: 1, ..one };
    assert_eq!(
        rate(&[one, split, other]),
        Err(RatingError::SplitSide { side: 0 })
    );
}

#[test]
fn a_newcomer_is_provisional_until_enough_games() {
    let mut skill = Skill::default();
    assert!(skill.provisional());
    skill.games = PROVISIONAL_GAMES - 1;
    assert!(skill.provisional());
    skill.games = PROVISIONAL_GAMES;
    assert!(!skill.provisional());
}

//! Concrete moves from the legal-move description: the listed orders are exactly the legal
//! ones, and random moves are legal and uniform.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use super::random::*;
use super::*;
use crate::MoveChoices;

/// Every orders move with values 0..=9 against each opponent and up to three doubles.
fn every_orders(turn: u8, seat: u8) -> Vec<Move> {
    let mut moves = Vec::new();
    for x in 0..=9 {
        for y in 0..=9 {
            for d in 0..=3 {
                moves.push(orders(i64::from(turn), seat, x, y, d));
            }
        }
    }
    moves
}

#[test]
fn the_listed_orders_are_exactly_the_legal_ones() {
    let mut checked = 0;
    for n in 0..20 {
        let mut rng = rng("tribute-choices", n);
        let mut game = new_game(&random_options(&mut rng), 0);
        while let Phase::Selection | Phase::Turn(_) = game.phase() {
            if let Phase::Turn(turn) = game.phase() {
                for index in 0..3u8 {
                    let listed = game.legal_moves(Seat(index)).orders();
                    for mv in every_orders(turn, index) {
                        let legal = game.clone().apply(seat(index), mv.clone(), 0).is_ok();
                        assert_eq!(listed.contains(&mv), legal, "{mv:?} in {game:?}");
                    }
                    let mut distinct = listed.clone();
                    distinct.dedup();
                    assert_eq!(distinct.len(), listed.len(), "each move listed once");
                    checked += 1;
                }
            }
            let index = u8::try_from(pick(&mut rng, 3)).unwrap();
            let mv = random_legal(&game, index, &mut rng).unwrap();
            game.apply(seat(index), mv, 0).unwrap();
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn random_moves_are_legal_in_every_phase() {
    for n in 0..60 {
        let mut rng = rng("tribute-random-moves", n);
        let mut draw = ChaCha8Rng::seed_from_u64(n);
        let mut game = new_game(&random_options(&mut rng), 0);
        while game.phase() != Phase::Finished {
            let index = u8::try_from(pick(&mut rng, 3)).unwrap();
            let mv = game.legal_moves(Seat(index)).random(&mut draw).unwrap();
            game.apply(seat(index), mv, 0).unwrap();
        }
        assert!(game.legal_moves(Seat(0)).random(&mut draw).is_none());
    }
}

#[test]
fn random_selections_are_uniform_over_distinct_selections() {
    // Ten cards adding up to 3: {3,0…}, {2,1,0…} or {1,1,1,0…}, each a third of the time.
    let game = new_game(r#"{"card_total": 3, "specials": false}"#, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..3_000 {
        let Some(Move::Select { cards, doubles }) = game.legal_moves(Seat(0)).random(&mut rng)
        else {
            panic!("a selection is legal");
        };
        assert_eq!(doubles, DoubleCount::ZERO);
        let mut nonzero: Vec<i64> = cards.into_iter().filter(|card| *card > 0).collect();
        nonzero.sort_unstable();
        *counts.entry(nonzero).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 3, "{counts:?}");
    assert!(
        counts.values().all(|n| (900..=1_100).contains(n)),
        "{counts:?}"
    );
}

#[test]
fn random_selections_weigh_each_doubles_count_by_its_selections() {
    // With T = 3 and a double costing 3: three selections without a double, one (all zeros)
    // with one double, so the double is bought a quarter of the time.
    let game = new_game(
        r#"{"card_total": 3, "double_cost": 3, "max_doubles": 1}"#,
        0,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let bought = (0..4_000)
        .filter(|_| {
            matches!(
                game.legal_moves(Seat(1)).random(&mut rng),
                Some(Move::Select { doubles, .. }) if doubles.get() == 1
            )
        })
        .count();
    assert!((850..=1_150).contains(&bought), "{bought}");
}

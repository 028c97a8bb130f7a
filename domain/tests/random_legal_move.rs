//! `AnyGame::random_legal_move` draws exactly what `legal_moves(seat).random(rng)` draws from
//! the same randomness, over seeded random games of every kind, for every seat at every point.

use domain::{Actor, AnyGame, GameKind, OptionMap, Seat, Seed};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

fn players(kind: GameKind) -> i64 {
    match kind {
        GameKind::TradeOrDuel => 5,
        _ => 3,
    }
}

#[test]
fn the_quick_draw_is_the_listed_draw() {
    let options = OptionMap::default();
    for kind in GameKind::ALL {
        let seats = players(*kind);
        for game_number in 0..6u64 {
            let seed =
                Seed::new(format!("quick-draw-{}-{game_number}", kind.id())).expect("a seed");
            let (mut game, _) = AnyGame::create(*kind, seats, &options, &seed, None, 0)
                .expect("a game with default options");
            let mut rng = ChaCha8Rng::seed_from_u64(game_number);
            let mut moves = 0;
            while !game.is_over() {
                for seat in (0..u8::try_from(seats).expect("few seats")).map(Seat) {
                    let draw = rng.next_u64();
                    let quick = game.random_legal_move(seat, &mut ChaCha8Rng::seed_from_u64(draw));
                    let listed = game
                        .legal_moves(seat)
                        .random(&mut ChaCha8Rng::seed_from_u64(draw));
                    assert_eq!(quick, listed, "{} seat {seat}", kind.id());
                }
                let to_act = game.to_act();
                let seat = to_act[rng.next_u32() as usize % to_act.len()];
                let mv = game
                    .random_legal_move(seat, &mut rng)
                    .expect("a seat to act has a move");
                game.apply(Actor::Seat(seat), mv, 0)
                    .expect("a legal move is accepted");
                moves += 1;
                assert!(moves < 100_000, "the game ends");
            }
        }
    }
}

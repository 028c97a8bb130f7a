//! A Tricky Tribes view stays the same size however long the game runs: it carries this round's
//! judged tricks and the last finished round, while earlier rounds live in the event log. Every
//! move's answer is a view, and the state is stored at every move, so neither may grow: a move
//! late in a long game must cost what one early in it does.
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

use domain::{Actor, AnyGame, AnyView, GameKind, OptionMap, Seat, Seed, Viewer};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

const ROUNDS: u32 = 30;
/// How many rounds at each end of the game are compared.
const SPAN: u32 = 5;

/// The largest serialized view of seat 0 and of a spectator, and the largest serialized state,
/// by round (index 0: round 1).
struct Sizes {
    by_round: Vec<usize>,
    states: Vec<usize>,
    final_view: usize,
}

fn json_len(view: &AnyView) -> usize {
    serde_json::to_vec(view).unwrap().len()
}

/// Plays a seeded game of random legal moves, measuring the views after every move.
fn play_long_game(players: i64, options: &str, seed: &str) -> Sizes {
    let options: OptionMap = serde_json::from_str(options).unwrap();
    let seed = Seed::new(seed.to_owned()).unwrap();
    let (mut game, _) =
        AnyGame::create(GameKind::TrickyTribes, players, &options, &seed, None, 0).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut by_round = vec![0; ROUNDS as usize];
    let mut states = vec![0; ROUNDS as usize];
    let mut moves = 0;
    while !game.is_over() {
        let to_act = game.to_act();
        let seat = to_act[rng.next_u32() as usize % to_act.len()];
        let mv = game.random_legal_move(seat, &mut rng).unwrap();
        game.apply(Actor::Seat(seat), mv, 0).unwrap();
        moves += 1;
        assert!(moves < 100_000, "the game ends");
        let AnyView::TrickyTribes(view) = game.view(Viewer::Seat(Seat(0))) else {
            panic!("a Tricky Tribes view");
        };
        assert!(
            view.tricks.iter().all(|trick| trick.round == view.round),
            "only this round's tricks"
        );
        assert_eq!(
            view.last_round.as_ref().map(|summary| summary.round),
            if game.is_over() {
                Some(view.round)
            } else {
                view.round.checked_sub(1).filter(|round| *round > 0)
            },
            "the last finished round"
        );
        let size = json_len(&game.view(Viewer::Seat(Seat(0))))
            .max(json_len(&game.view(Viewer::Spectator)));
        let index = (view.round - 1) as usize;
        by_round[index] = by_round[index].max(size);
        states[index] = states[index].max(serde_json::to_vec(&game).unwrap().len());
    }
    let final_view = json_len(&game.view(Viewer::Seat(Seat(0))));
    Sizes {
        by_round,
        states,
        final_view,
    }
}

/// The largest of the first and of the last `SPAN` rounds.
fn early_and_late(by_round: &[usize]) -> (usize, usize) {
    let span = SPAN as usize;
    let early = *by_round[..span].iter().max().unwrap();
    let late = *by_round[by_round.len() - span..].iter().max().unwrap();
    (early, late)
}

fn assert_bounded(sizes: &Sizes) {
    let (early, late) = early_and_late(&sizes.by_round);
    println!(
        "largest view by round: {:?}\nin rounds 1-{SPAN}: {early} bytes; in the last {SPAN} \
         rounds: {late} bytes; the final view: {} bytes",
        sizes.by_round, sizes.final_view
    );
    assert!(
        late * 2 <= early * 3,
        "a late view ({late} bytes) is more than 1.5 times an early one ({early} bytes)"
    );
    assert!(
        sizes.final_view * 2 <= early * 3,
        "the final view ({} bytes) is more than 1.5 times an early one ({early} bytes)",
        sizes.final_view
    );
    let (early, late) = early_and_late(&sizes.states);
    println!("largest state in rounds 1-{SPAN}: {early} bytes; in the last {SPAN}: {late} bytes");
    assert!(
        late * 2 <= early * 3,
        "a late state ({late} bytes) is more than 1.5 times an early one ({early} bytes)"
    );
}

#[test]
fn a_tricky_tribes_view_does_not_grow_with_the_game() {
    let sizes = play_long_game(
        4,
        r#"{"end_condition": "fixed_rounds", "rounds": 30}"#,
        "long-game",
    );
    assert_bounded(&sizes);
}

#[test]
fn a_tricky_tribes_view_with_the_dummy_does_not_grow_with_the_game() {
    let sizes = play_long_game(
        2,
        r#"{"jokers": 2, "end_condition": "fixed_rounds", "rounds": 30}"#,
        "long-game-dummy",
    );
    assert_bounded(&sizes);
}

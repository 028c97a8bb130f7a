//! Benchmark: how fast each game plays and how large its stored state is.
//!
//! `cargo run --release -p domain --example throughput [games-per-kind]`
//!
//! Every game is driven by its own default moves (always legal), from creation to the end,
//! with a view built for every seat and a spectator after each move, as the server does when
//! it answers a request.

use std::time::Instant;

use domain::{Actor, AnyGame, GameKind, OptionMap, Seed, Viewer};

/// Four players where the kind allows it, else the nearest count it allows.
fn players_for(kind: GameKind) -> i64 {
    let info = kind.info();
    i64::from(4u8.clamp(info.min_players, info.max_players))
}

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(200);
    println!("kind            games   moves  moves/s  views/s  max state JSON bytes");
    for &kind in GameKind::ALL {
        let players = players_for(kind);
        let options = OptionMap::default();
        let (mut moves, mut views, mut max_state) = (0u64, 0u64, 0usize);
        let started = Instant::now();
        for n in 0..games {
            let Some(seed) = Seed::new(format!("bench-{n}")) else {
                continue;
            };
            let Ok((mut game, _)) = AnyGame::create(kind, players, &options, &seed, None, 0) else {
                eprintln!("{}: cannot create a game with default options", kind.id());
                break;
            };
            for step in 0..100_000 {
                let Some(seat) = game.to_act().first().copied() else {
                    break;
                };
                let Some(mv) = game.default_move(seat) else {
                    break;
                };
                if game.apply(Actor::Seat(seat), mv, step).is_err() {
                    eprintln!("{}: a default move was refused", kind.id());
                    break;
                }
                moves += 1;
                for viewer in (0..players).map(|s| Viewer::Seat(domain::Seat(s as u8))) {
                    std::hint::black_box(game.view(viewer));
                    views += 1;
                }
                std::hint::black_box(game.view(Viewer::Spectator));
                views += 1;
            }
            max_state = max_state.max(state_size(&game));
        }
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        println!(
            "{:<14} {:>6} {:>7} {:>8.0} {:>8.0} {:>10}",
            kind.id(),
            games,
            moves,
            moves as f64 / secs,
            views as f64 / secs,
            max_state
        );
    }
}

fn state_size(game: &AnyGame) -> usize {
    serde_json::to_string(game).map_or(0, |json| json.len())
}

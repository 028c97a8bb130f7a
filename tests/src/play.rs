//! Playing any game over HTTP: whoever must act picks one of its legal moves at random.

use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use crate::{Player, TestApp};

/// Makes one random legal move for a seat that must act, read as `seats[0]` sees the game.
/// Returns the game as read before the move, or `None` once it is finished. Only for games
/// whose legal moves are a list (Trade or Duel, Tribute's orders are not).
pub async fn play_random_move(
    app: &TestApp,
    seats: &[&Player],
    id: &str,
    rng: &mut StdRng,
) -> Option<Value> {
    let game = app.game(seats[0], id).await;
    if game["status"] == "finished" {
        return None;
    }
    let to_act: Vec<usize> = game["to_act"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .filter_map(Value::as_u64)
                .filter_map(|seat| usize::try_from(seat).ok())
                .collect()
        })
        .unwrap_or_default();
    assert!(
        !to_act.is_empty(),
        "a running game waits for nobody: {game}"
    );
    let seat = to_act[rng.random_range(0..to_act.len())];
    let legal = app.legal_moves(seats[seat], id).await;
    let moves = legal["legal_moves"].as_array().cloned().unwrap_or_default();
    assert!(
        !moves.is_empty(),
        "seat {seat} must act but has no legal move"
    );
    let mv = moves[rng.random_range(0..moves.len())].clone();
    app.post(
        seats[seat],
        &format!("/v1/games/{id}/moves"),
        json!({"version": legal["version"], "move": mv}),
    )
    .await
    .expect_status(200);
    Some(game)
}

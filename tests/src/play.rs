//! Playing any game over HTTP: whoever must act picks one of its legal moves at random.

use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use crate::{Player, TestApp};

/// A random legal move from a seat's `legal_moves`, as it can be posted: one of the list, or for
/// Tribute, whose legal moves are a description, one built from it. `None`: nothing to decide.
pub fn choose_move(legal_moves: &Value, rng: &mut StdRng) -> Option<Value> {
    if let Some(moves) = legal_moves.as_array() {
        return (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())].clone());
    }
    match legal_moves["type"].as_str()? {
        "select" => Some(tribute_selection(legal_moves, rng)),
        "orders" => Some(tribute_orders(legal_moves, rng)),
        _ => None,
    }
}

/// Ten values spread as evenly as possible over the total required for some doubles.
fn tribute_selection(described: &Value, rng: &mut StdRng) -> Value {
    let totals = described["totals"].as_array().cloned().unwrap_or_default();
    assert!(!totals.is_empty(), "no selection is legal: {described}");
    let option = &totals[rng.random_range(0..totals.len())];
    let count = described["card_count"].as_i64().unwrap_or(10);
    let low = described["min_value"].as_i64().unwrap_or(0);
    let spread = option["total"].as_i64().unwrap_or(0) - low * count;
    let cards: Vec<i64> = (0..count)
        .map(|i| low + spread / count + i64::from(i < spread % count))
        .collect();
    json!({"type": "select", "cards": cards, "doubles": option["doubles"]})
}

/// One value against each opponent: cards of the hand, or a split of an allowed sum.
fn tribute_orders(described: &Value, rng: &mut StdRng) -> Value {
    let values = &described["values"];
    let opponents = described["opponents"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let (picked, doubles) = if values["type"] == "hand" {
        let mut hand = values["hand"].as_array().cloned().unwrap_or_default();
        let mut picked = Vec::new();
        for _ in 0..opponents.len() {
            assert!(
                !hand.is_empty(),
                "a hand too small for the orders: {described}"
            );
            picked.push(hand.swap_remove(rng.random_range(0..hand.len())));
        }
        (picked, json!(0))
    } else {
        let sums = values["sums"].as_array().cloned().unwrap_or_default();
        assert!(!sums.is_empty(), "no sum is allowed: {described}");
        let allowed = &sums[rng.random_range(0..sums.len())];
        let (min, max) = (
            allowed["min_sum"].as_i64().unwrap_or(0),
            allowed["max_sum"].as_i64().unwrap_or(0),
        );
        let total = rng.random_range(min..=max);
        let first = rng.random_range((total - 9).max(0)..=total.min(9));
        (
            vec![json!(first), json!(total - first)],
            allowed["doubles"].clone(),
        )
    };
    let plays: Vec<Value> = opponents
        .iter()
        .zip(picked)
        .map(|(seat, value)| json!({"opponent": seat, "value": value}))
        .collect();
    json!({"type": "orders", "turn": described["turn"], "plays": plays, "doubles": doubles})
}

/// Makes one random legal move for a seat that must act, read as `seats[0]` sees the game.
/// Returns the game as read before the move, or `None` once it is finished.
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
    let mv = choose_move(&legal["legal_moves"], rng)
        .unwrap_or_else(|| panic!("seat {seat} must act but has no legal move"));
    app.post(
        seats[seat],
        &format!("/v1/games/{id}/moves"),
        json!({"version": legal["version"], "move": mv}),
    )
    .await
    .expect_status(200);
    Some(game)
}

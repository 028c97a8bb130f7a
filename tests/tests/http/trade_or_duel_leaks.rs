//! No response to a seat may depend on cards that seat has not seen.
//!
//! Two games are dealt so that they differ only in what seat 0 cannot see: seat 0 holds the same
//! hand, every other hand and the set-aside cards are shuffled. Both are driven by the same
//! inputs that reveal nothing to seat 0 (trades among the other seats), with choices made by
//! position rather than by value. At every step, every response to seat 0 and to a spectator
//! (state, legal moves, events, errors) must be the same in both games.

use blackbox::{Player, TestApp, per_backend};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

/// Fields that differ between any two games whatever their cards.
const GAME_SPECIFIC: &[&str] = &["id", "seed_commitment", "created_at", "started_at"];

fn strip(mut game: Value) -> Value {
    if let Some(object) = game.as_object_mut() {
        for key in GAME_SPECIFIC {
            object.remove(*key);
        }
    }
    game
}

/// Everything `viewer` is told about game `id`, including the errors of a batch of probes.
/// Probes are sent only while the viewer has no decision to make, so none can be accepted.
async fn everything_seen(app: &TestApp, viewer: &Player, id: &str, seated: bool) -> Vec<Value> {
    let game = app.game(viewer, id).await;
    let version = game["version"].clone();
    let deciding = seated
        && game["to_act"]
            .as_array()
            .is_some_and(|seats| seats.contains(&json!(0)));
    let mut seen = vec![strip(game), app.events(viewer, id).await];
    if seated {
        seen.push(app.legal_moves(viewer, id).await);
    }
    if deciding {
        return seen;
    }
    for probe in [
        json!({"type": "choose_cards", "cards": [1]}),
        json!({"type": "choose_cards", "cards": [18]}),
        json!({"type": "choose_cards", "cards": [9, 10]}),
        json!({"type": "answer", "count": 2}),
        json!({"type": "declare", "target": 2, "action": "duel"}),
    ] {
        let probe_text = probe.to_string();
        let reply = app
            .post(
                viewer,
                &format!("/v1/games/{id}/moves"),
                json!({"version": version, "move": probe}),
            )
            .await;
        assert_ne!(reply.status, 200, "probe {probe_text} was accepted");
        seen.push(json!({"status": reply.status, "body": reply.body}));
    }
    seen
}

fn deal(players: usize, seat0: [u8; 2], rng: &mut StdRng) -> Value {
    let mut rest: Vec<u8> = (1..=18).filter(|card| !seat0.contains(card)).collect();
    rest.shuffle(rng);
    let mut hands = vec![json!(seat0)];
    for seat in 1..players {
        hands.push(json!([rest[2 * seat - 2], rest[2 * seat - 1]]));
    }
    json!({"hands": hands, "first_player": 1})
}

/// The move `seat` makes at this step: by position among its legal moves, never a duel and
/// never an interaction with seat 0.
fn pick(legal: &[Value], choice: usize) -> Option<Value> {
    let harmless: Vec<&Value> = legal
        .iter()
        .filter(|mv| mv["type"] != "declare" || (mv["action"] == "trade" && mv["target"] != 0))
        .collect();
    (!harmless.is_empty()).then(|| harmless[choice % harmless.len()].clone())
}

per_backend!(responses_to_a_seat_do_not_depend_on_cards_it_has_not_seen);
async fn responses_to_a_seat_do_not_depend_on_cards_it_has_not_seen(app: TestApp) {
    let mut players = Vec::new();
    for seat in 0..6 {
        players.push(app.player(&format!("seat{seat}")).await);
    }
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(11);
    for round in 0..6 {
        let n = 4 + round % 3;
        let seat0 = [rng.random_range(1..=9), rng.random_range(10..=18)];
        let mut ids = Vec::new();
        for _ in 0..2 {
            let setup = deal(n, seat0, &mut rng);
            let others: Vec<&Player> = players[1..n].iter().collect();
            ids.push(
                app.start_game(
                    &players[0],
                    &others,
                    json!({"kind": "trade_or_duel", "players": n, "setup": setup}),
                )
                .await,
            );
        }
        // Seats 1..n act before seat 0 in round 1; stop when seat 0 is to act.
        for _step in 0..40 {
            let a = everything_seen(&app, &players[0], &ids[0], true).await;
            let b = everything_seen(&app, &players[0], &ids[1], true).await;
            assert_eq!(a, b, "seat 0 sees a difference it should not");
            let a = everything_seen(&app, &spectator, &ids[0], false).await;
            let b = everything_seen(&app, &spectator, &ids[1], false).await;
            assert_eq!(a, b, "a spectator sees a difference it should not");

            let game = app.game(&players[0], &ids[0]).await;
            let to_act: Vec<usize> = game["to_act"]
                .as_array()
                .map(|s| {
                    s.iter()
                        .filter_map(Value::as_u64)
                        .map(|s| s as usize)
                        .collect()
                })
                .unwrap_or_default();
            if to_act.is_empty() || to_act.contains(&0) {
                break;
            }
            let seat = to_act[0];
            let choice = rng.random_range(0..100);
            for id in &ids {
                let legal = app.legal_moves(&players[seat], id).await;
                let moves = legal["legal_moves"].as_array().cloned().unwrap_or_default();
                let Some(mv) = pick(&moves, choice) else {
                    panic!("seat {seat} has no harmless move: {legal}");
                };
                app.post(
                    &players[seat],
                    &format!("/v1/games/{id}/moves"),
                    json!({"version": legal["version"], "move": mv}),
                )
                .await
                .expect_status(200);
            }
        }
    }
}

per_backend!(set_aside_cards_appear_in_no_response_before_the_end);
async fn set_aside_cards_appear_in_no_response_before_the_end(app: TestApp) {
    let mut players = Vec::new();
    for seat in 0..4 {
        players.push(app.player(&format!("seat{seat}")).await);
    }
    let spectator = app.player("spectator").await;
    // Deal A: the set-aside cards are 2, 3, 6, 8, 9, 11, 13, 14, 17, 18.
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let others: Vec<&Player> = players[1..].iter().collect();
    let id = app
        .start_game(
            &players[0],
            &others,
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await;
    let set_aside = [2, 3, 6, 8, 9, 11, 13, 14, 17, 18];
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        for viewer in players.iter().chain([&spectator]) {
            let game = app.game(viewer, &id).await;
            if game["status"] == "finished" {
                return;
            }
            let events = app.events(viewer, &id).await;
            for card in cards_in(&game["view"]).into_iter().chain(cards_in(&events)) {
                assert!(
                    !set_aside.contains(&card),
                    "set-aside card {card} shown to {}",
                    viewer.username
                );
            }
        }
        let game = app.game(&players[0], &id).await;
        let seat = game["to_act"][0].as_u64().unwrap_or_default() as usize;
        let legal = app.legal_moves(&players[seat], &id).await;
        let moves = legal["legal_moves"].as_array().cloned().unwrap_or_default();
        let mv = moves[rng.random_range(0..moves.len())].clone();
        app.post(
            &players[seat],
            &format!("/v1/games/{id}/moves"),
            json!({"version": legal["version"], "move": mv}),
        )
        .await
        .expect_status(200);
    }
}

/// Every integer under a key that holds cards.
fn cards_in(value: &Value) -> Vec<u64> {
    const CARD_KEYS: &[&str] = &[
        "hand",
        "cards",
        "discard",
        "committed_cards",
        "set_aside",
        "active_cards",
        "target_cards",
        "active_gave",
        "target_gave",
        "discarded",
    ];
    let mut found = Vec::new();
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if CARD_KEYS.contains(&key.as_str()) {
                    collect_numbers(inner, &mut found);
                }
                found.extend(cards_in(inner));
            }
        }
        Value::Array(items) => items.iter().for_each(|item| found.extend(cards_in(item))),
        _ => {}
    }
    found
}

fn collect_numbers(value: &Value, found: &mut Vec<u64>) {
    match value {
        Value::Number(number) => found.extend(number.as_u64()),
        Value::Array(items) => items.iter().for_each(|item| collect_numbers(item, found)),
        Value::Object(map) => map.values().for_each(|item| collect_numbers(item, found)),
        _ => {}
    }
}

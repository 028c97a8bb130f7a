//! No response to a seat may depend on cards that seat has not seen.
//!
//! Two games are dealt so that they differ only in what seat 0 cannot see: seat 0 holds the same
//! hand, every other hand and the set-aside cards are shuffled. Both are driven by the same
//! inputs that reveal nothing to seat 0 (trades among the other seats), with choices made by
//! position rather than by value. At every step, every response to seat 0 and to a spectator
//! (state, legal moves, events, errors) must be the same in both games.

use blackbox::json::{array, leaves_under, seat, seats};
use blackbox::{Player, Probe, TestApp, per_backend};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use crate::trade_or_duel::start_deal_a;

/// Moves seat 0 (while not deciding) and spectators cannot make.
fn probes() -> [Probe; 5] {
    [
        json!({"type": "choose_cards", "cards": [1]}),
        json!({"type": "choose_cards", "cards": [18]}),
        json!({"type": "choose_cards", "cards": [9, 10]}),
        json!({"type": "answer", "count": 2}),
        json!({"type": "declare", "target": 2, "action": "duel"}),
    ]
    .map(Probe::Current)
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
    let players = app.seat_players(6).await;
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
            let pair = [ids[0].as_str(), ids[1].as_str()];
            let context = format!("round {round}");
            app.assert_told_the_same(&players[0], Some(0), pair, &probes(), &context)
                .await;
            app.assert_told_the_same(&spectator, None, pair, &probes(), &context)
                .await;

            let game = app.game(&players[0], &ids[0]).await;
            let to_act = seats(&game["to_act"]);
            if to_act.is_empty() || to_act.contains(&0) {
                break;
            }
            let seat = to_act[0];
            let choice = rng.random_range(0..100);
            for id in &ids {
                let legal = app.legal_moves(&players[seat], id).await;
                let Some(mv) = pick(&array(&legal["legal_moves"]), choice) else {
                    panic!("seat {seat} has no harmless move: {legal}");
                };
                app.post_move(&players[seat], id, &legal["version"], &mv)
                    .await
                    .expect_status(200);
            }
        }
    }
}

per_backend!(set_aside_cards_appear_in_no_response_before_the_end);
async fn set_aside_cards_appear_in_no_response_before_the_end(app: TestApp) {
    let players = app.seat_players(4).await;
    let spectator = app.player("spectator").await;
    // Deal A: the set-aside cards are 2, 3, 6, 8, 9, 11, 13, 14, 17, 18.
    let id = start_deal_a(&app, &players, json!({})).await;
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
        let seat = seat(&game["to_act"][0]);
        app.play_random(&players[seat], &id, &mut rng).await;
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
    leaves_under(value, CARD_KEYS)
        .iter()
        .filter_map(Value::as_u64)
        .collect()
}

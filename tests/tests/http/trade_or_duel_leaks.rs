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

/// The rules' example E10, a complete game with seven trades: each input with the parties of
/// the trade it is a card choice in, if it is one.
fn e10_inputs() -> Vec<(usize, Value, Option<[usize; 2]>)> {
    let declare =
        |target: u8, action: &str| json!({"type": "declare", "target": target, "action": action});
    let answer = |count: u8| json!({"type": "answer", "count": count});
    let choose = |card: u8| json!({"type": "choose_cards", "cards": [card]});
    vec![
        (0, declare(1, "trade"), None),
        (1, answer(1), None),
        (0, choose(12), Some([0, 1])),
        (1, choose(8), Some([0, 1])),
        (1, declare(3, "duel"), None),
        (3, answer(1), None),
        (1, choose(17), None),
        (3, choose(10), None),
        (2, declare(0, "duel"), None),
        (0, answer(1), None),
        (2, choose(15), None),
        (0, choose(8), None),
        (3, declare(2, "trade"), None),
        (2, choose(15), Some([2, 3])),
        (0, declare(2, "trade"), None),
        (2, choose(2), Some([0, 2])),
        (1, declare(2, "duel"), None),
        (2, answer(2), None),
        (3, declare(1, "trade"), None),
        (1, choose(17), Some([1, 3])),
        (0, declare(3, "trade"), None),
        (1, declare(3, "trade"), None),
        (1, choose(12), Some([1, 3])),
        (3, declare(0, "trade"), None),
    ]
}

per_backend!(trade_values_stay_hidden_from_onlookers_after_the_end_in_every_endpoint);
/// After E10 has ended, every endpoint keeps each trade's cards from everyone but its two
/// parties (rule D6): the events, the move log, the seed and the setup, the view.
async fn trade_values_stay_hidden_from_onlookers_after_the_end_in_every_endpoint(app: TestApp) {
    let players = app.seat_players(4).await;
    let spectator = app.player("spectator").await;
    let setup = json!({"hands": [[5, 12], [8, 17], [2, 15], [9, 10]], "first_player": 0});
    let others: Vec<&Player> = players[1..].iter().collect();
    let id = app
        .start_game(
            &players[0],
            &others,
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await;
    let inputs = e10_inputs();
    for (seat, mv, _) in &inputs {
        let reply = app.play(&players[*seat], &id, mv.clone()).await;
        assert_eq!(reply.status, 200, "P{seat} {mv}: {}", reply.text);
    }
    let viewers: Vec<(Option<usize>, &Player)> = (0..4)
        .map(|seat| (Some(seat), &players[seat]))
        .chain([(None, &spectator)])
        .collect();
    for (seat, viewer) in viewers {
        let who = format!("{} (seat {seat:?})", viewer.username);
        let party = |pair: [usize; 2]| seat.is_some_and(|seat| pair.contains(&seat));
        let game = app.game(viewer, &id).await;
        assert_eq!(game["status"], "finished", "{who}");
        assert_eq!(game["view"]["result"]["winner"], 0, "{who}");
        // Nobody was a party to all seven trades: the seed would rebuild the deal.
        assert!(game["seed"].is_null(), "{who}: {}", game["seed"]);
        let view_text = game["view"].to_string();
        assert!(!view_text.contains("gave"), "{who}: {view_text}");

        let events = app.events(viewer, &id).await;
        let mut trades = 0;
        for entry in array(&events["events"]) {
            let event = &entry["event"];
            match event["type"].as_str() {
                Some("trade_resolved") => {
                    trades += 1;
                    let pair = [
                        event["active"].as_u64().unwrap_or(9) as usize,
                        event["target"].as_u64().unwrap_or(9) as usize,
                    ];
                    for field in ["active_gave", "target_gave"] {
                        assert_eq!(event[field].is_array(), party(pair), "{who}: {event}");
                    }
                }
                Some("committed") => {
                    let own = seat.is_some_and(|seat| event["seat"] == seat);
                    assert_eq!(event["cards"].is_array(), own, "{who}: {event}");
                }
                _ => {}
            }
        }
        assert_eq!(trades, 7, "{who}");

        let log = app.move_log(viewer, &id).await;
        assert!(
            log["seed"].is_null() && log["setup"].is_null(),
            "{who}: {log}"
        );
        let logged = array(&log["inputs"]);
        assert_eq!(logged.len(), inputs.len(), "{who}");
        for (entry, (mover, mv, trade)) in logged.iter().zip(&inputs) {
            assert_eq!(entry["seat"], json!(mover), "{who}: {entry}");
            let hidden = trade.is_some_and(|pair| !party(pair));
            assert_eq!(entry["hidden"], hidden, "{who}: {entry}");
            let shown = if hidden { Value::Null } else { mv.clone() };
            assert_eq!(entry["move"], shown, "{who}: {entry}");
        }
        if seat.is_some() {
            let legal = app.legal_moves(viewer, &id).await;
            assert_eq!(legal["legal_moves"], json!([]), "{who}");
        }
        let refused = app
            .play(
                viewer,
                &id,
                json!({"type": "declare", "target": 1, "action": "duel"}),
            )
            .await;
        assert_eq!(refused.code(), "game_over", "{who}: {}", refused.text);
    }
}

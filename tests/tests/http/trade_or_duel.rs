//! Trade or Duel played to the end over HTTP.

use blackbox::json::{array, int, seats, text};
use blackbox::{Player, TestApp, commitment_of, per_backend, replay, spectator_view_json};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

async fn four_players(app: &TestApp) -> Vec<Player> {
    app.players(&["north", "east", "south", "west"]).await
}

/// The hands of the rules' Deal A, seat 0 first to act.
pub(crate) const DEAL_A: [[u8; 2]; 4] = [[4, 15], [7, 10], [1, 16], [5, 12]];

/// Creates a four-player game dealt Deal A with `options` as `players[0]` and seats the others.
pub(crate) async fn start_deal_a(app: &TestApp, players: &[Player], options: Value) -> String {
    let setup = json!({"hands": DEAL_A, "first_player": 0});
    let request =
        json!({"kind": "trade_or_duel", "players": 4, "options": options, "setup": setup});
    app.start_game(
        &players[0],
        &[&players[1], &players[2], &players[3]],
        request,
    )
    .await
}

/// Plays the game to its end: whoever must act picks a legal move at random. With
/// `duels_only` nobody trades; otherwise the first declaration is a trade.
async fn play_out(
    app: &TestApp,
    players: &[Player],
    id: &str,
    duels_only: bool,
    rng: &mut StdRng,
) -> Value {
    let mut traded = false;
    for _ in 0..500 {
        let game = app.game(&players[0], id).await;
        if game["status"] == "finished" {
            return game;
        }
        let to_act = seats(&game["to_act"]);
        assert!(
            !to_act.is_empty(),
            "a running game waits for nobody: {game}"
        );
        let seat = to_act[rng.random_range(0..to_act.len())];
        let legal = app.legal_moves(&players[seat], id).await;
        let moves: Vec<Value> = array(&legal["legal_moves"])
            .into_iter()
            .filter(|mv| match mv["action"].as_str() {
                Some("trade") => !duels_only,
                Some(_) => duels_only || traded,
                None => true,
            })
            .collect();
        assert!(
            !moves.is_empty(),
            "seat {seat} must act but has no legal move"
        );
        let mv = moves[rng.random_range(0..moves.len())].clone();
        traded |= mv["action"] == "trade";
        let reply = app
            .post_move(&players[seat], id, &legal["version"], &mv)
            .await;
        assert_eq!(reply.status, 200, "legal move {mv} refused: {}", reply.text);
    }
    panic!("the game did not end within 500 moves");
}

/// The pairs of seats that traded, from the public event log.
fn trade_parties(events: &Value) -> Vec<[u64; 2]> {
    array(&events["events"])
        .iter()
        .map(|entry| &entry["event"])
        .filter(|event| event["type"] == "trade_resolved")
        .map(|event| [int(&event["active"]) as u64, int(&event["target"]) as u64])
        .collect()
}

per_backend!(four_accounts_play_complete_games_and_whoever_may_see_all_can_replay_them);
async fn four_accounts_play_complete_games_and_whoever_may_see_all_can_replay_them(app: TestApp) {
    let players = four_players(&app).await;
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(7);
    for (turns_each, duels_only) in [(1, true), (3, false), (2, false)] {
        let request =
            json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": turns_each}});
        let id = app
            .start_game(
                &players[0],
                &[&players[1], &players[2], &players[3]],
                request,
            )
            .await;
        let commitment = app.game(&spectator, &id).await["seed_commitment"].clone();
        let finished = play_out(&app, &players, &id, duels_only, &mut rng).await;
        let outcome = &finished["outcome"];
        assert_eq!(outcome["ranking"].as_array().map(Vec::len), Some(4));
        assert!(finished["view"]["result"].is_object());
        let trades = trade_parties(&app.events(&spectator, &id).await);
        assert_eq!(trades.is_empty(), duels_only);

        let viewers = (0..4_u64)
            .map(|seat| (Some(seat), &players[seat as usize]))
            .chain([(None, &spectator)]);
        for (seat, viewer) in viewers {
            let party_to_all = trades
                .iter()
                .all(|pair| seat.is_some_and(|seat| pair.contains(&seat)));
            let game = app.game(viewer, &id).await;
            let log = app.move_log(viewer, &id).await;
            assert_eq!(log["seed"], game["seed"]);
            assert_eq!(log["seed"].is_string(), party_to_all, "{log}");
            let inputs = array(&log["inputs"]);
            let last = inputs.last().cloned().unwrap_or_default();
            assert_eq!(last["version"], finished["version"]);
            assert_eq!(
                inputs.iter().map(|i| i["seq"].clone()).collect::<Vec<_>>(),
                (1..=inputs.len()).map(|seq| json!(seq)).collect::<Vec<_>>()
            );
            if !party_to_all {
                continue;
            }
            // Whoever gets the seed may see every input, and can check and replay it all.
            assert!(inputs.iter().all(|input| input["hidden"] == false), "{log}");
            assert_eq!(commitment_of(&log), text(&commitment));
            let replayed = replay(&log);
            assert_eq!(
                spectator_view_json(&replayed),
                app.game(&spectator, &id).await["view"]
            );
        }
    }
}

per_backend!(a_tie_for_lowest_forces_an_extra_round);
async fn a_tie_for_lowest_forces_an_extra_round(app: TestApp) {
    let p = four_players(&app).await;
    // The rules' example E9: Deal A with one regular round.
    let id = start_deal_a(&app, &p, json!({"turns_each": 1})).await;
    let declare =
        |target: u8, action: &str| json!({"type": "declare", "target": target, "action": action});
    let answer = |count: u8| json!({"type": "answer", "count": count});
    let choose = |card: u8| json!({"type": "choose_cards", "cards": [card]});
    let round_one = [
        (0, declare(2, "trade")),
        (2, answer(1)),
        (0, choose(15)),
        (2, choose(1)),
        (1, declare(2, "duel")),
        (2, answer(1)),
        (1, choose(10)),
        (2, choose(15)),
        (2, declare(3, "duel")),
        (3, answer(1)),
        (2, choose(16)),
        (3, choose(12)),
        (3, declare(1, "trade")),
    ];
    for (seat, mv) in round_one {
        app.play(&p[seat], &id, mv.clone()).await.expect_status(200);
    }
    let game = app.game(&p[0], &id).await;
    assert_eq!(
        game["status"], "active",
        "the lowest total 5 is shared, so play goes on"
    );
    assert_eq!(game["view"]["round"], 2);
    assert_eq!(game["view"]["extra_round"], true);
    assert_eq!(game["view"]["hand"], json!([1, 4]));

    let round_two = [
        (0, declare(2, "duel")),
        (2, answer(1)),
        (0, choose(4)),
        (2, choose(15)),
        (1, declare(0, "duel")),
        (2, declare(3, "trade")),
        (2, choose(16)),
        (3, declare(2, "trade")),
        (2, choose(7)),
    ];
    for (seat, mv) in round_two {
        app.play(&p[seat], &id, mv.clone()).await.expect_status(200);
    }
    let game = app.game(&p[0], &id).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winners"], json!([1]));
    assert_eq!(game["view"]["result"]["winner"], 1);
    assert_eq!(
        game["view"]["result"]["set_aside"],
        json!([2, 3, 6, 8, 9, 11, 13, 14, 17, 18])
    );
}

per_backend!(seats_see_their_own_hand_and_spectators_see_none);
async fn seats_see_their_own_hand_and_spectators_see_none(app: TestApp) {
    let p = four_players(&app).await;
    let spectator = app.player("spectator").await;
    let id = start_deal_a(&app, &p, json!({})).await;
    for (seat, hand) in DEAL_A.iter().enumerate() {
        let game = app.game(&p[seat], &id).await;
        assert_eq!(game["view"]["hand"], json!(hand));
    }
    let watched = app.game(&spectator, &id).await;
    assert!(watched["view"]["hand"].is_null());
    assert!(watched["your_seat"].is_null());
    assert!(watched["seed"].is_null());
    let text = watched.to_string();
    for card in [4, 15, 7, 10, 1, 16, 5, 12] {
        assert!(
            !text.contains(&format!("[{card},")) && !text.contains(&format!(",{card}]")),
            "{text}"
        );
    }
}

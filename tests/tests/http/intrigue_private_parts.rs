//! Intrigue's private parts over HTTP, followed through a round end: the color of a favor card
//! is shown only to its owner (in the view and in `favor_played`), and the cards drawn at the
//! start of a round only to the drawer (in `round_started`), until the game is over.

use blackbox::json::array;
use blackbox::{Player, TestApp, per_backend};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use crate::intrigue::{advisors, new_game, to_act};

/// What `viewer` (seat `seat`, or a spectator) is told of favors and draws, checked against
/// the rules; returns how many `round_started` and `favor_played` events it saw.
async fn check_viewer(
    app: &TestApp,
    viewer: &Player,
    seat: Option<usize>,
    id: &str,
) -> (usize, usize) {
    let own = |owner: &Value| seat.is_some_and(|seat| *owner == json!(seat));
    let game = app.game(viewer, id).await;
    let view = &game["view"];
    let who = format!("{} (seat {seat:?})", viewer.username);
    for favor in array(&view["favor_pile"]) {
        assert_eq!(
            favor["color"].is_string(),
            own(&favor["player"]),
            "{who}: {favor}"
        );
    }
    for (index, shown) in array(&view["players"]).iter().enumerate() {
        let colors = &shown["unplayed_favors"];
        assert_eq!(colors.is_array(), own(&json!(index)), "{who}: {shown}");
        assert!(shown["unplayed_favor_count"].is_u64(), "{who}: {shown}");
    }
    let events = app.events(viewer, id).await;
    let (mut rounds, mut favors) = (0, 0);
    for entry in array(&events["events"]) {
        let event = &entry["event"];
        match event["type"].as_str() {
            Some("favor_played") => {
                favors += 1;
                assert_eq!(
                    event["color"].is_string(),
                    own(&event["seat"]),
                    "{who}: {event}"
                );
            }
            Some("round_started") => {
                rounds += 1;
                for draw in array(&event["draws"]) {
                    let cards = &draw["cards"];
                    assert_eq!(cards.is_array(), own(&draw["seat"]), "{who}: {draw}");
                    if cards.is_array() {
                        assert_eq!(json!(array(cards).len()), draw["count"], "{who}: {draw}");
                    }
                }
            }
            _ => {}
        }
    }
    (rounds, favors)
}

per_backend!(favor_colors_and_round_start_draws_stay_with_their_owner_across_a_round_end);
/// Each seat plays a favor once per round and otherwise plays cards face down, so that hands
/// empty and rounds end; every viewer is checked after every move.
async fn favor_colors_and_round_start_draws_stay_with_their_owner_across_a_round_end(app: TestApp) {
    let players = advisors(&app).await;
    let spectator = app.player("courtier").await;
    let id = new_game(&app, &players, json!({"hand_size": 3}), None).await;
    let mut rng = StdRng::seed_from_u64(41);
    let mut favored = [0_u64; 3];
    let mut seen = (0, 0);
    for _ in 0..400 {
        let game = app.game(&players[0], &id).await;
        if game["status"] == "finished" {
            break;
        }
        seen = check_viewer(&app, &spectator, None, &id).await;
        for (seat, player) in players.iter().enumerate() {
            assert_eq!(check_viewer(&app, player, Some(seat), &id).await, seen);
        }
        if seen.0 >= 2 && seen.1 >= 4 {
            break;
        }
        let Some(seat) = to_act(&game) else {
            panic!("an active game waits for nobody: {game}");
        };
        let round = game["view"]["round"].as_u64().unwrap_or_default();
        let legal = app.legal_moves(&players[seat], &id).await;
        let moves = array(&legal["legal_moves"]);
        let of_type = |kind: &str| -> Vec<Value> {
            moves
                .iter()
                .filter(|mv| mv["type"] == kind)
                .cloned()
                .collect()
        };
        let favors = of_type("play_favor");
        let face_down = of_type("play_face_down");
        let mv = if favored[seat] < round && !favors.is_empty() {
            favored[seat] = round;
            favors[rng.random_range(0..favors.len())].clone()
        } else if !face_down.is_empty() {
            face_down[rng.random_range(0..face_down.len())].clone()
        } else {
            moves[rng.random_range(0..moves.len())].clone()
        };
        app.post_move(&players[seat], &id, &legal["version"], &mv)
            .await
            .expect_status(200);
    }
    assert!(
        seen.0 >= 2 && seen.1 >= 4,
        "the game ended before a round end with favors was seen: {seen:?}"
    );
    assert_eq!(app.game(&players[0], &id).await["status"], "active");
}

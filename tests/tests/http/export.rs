//! `GET /v1/me/export`: the profile, the stream tickets and every game with the account's own
//! moves, and no secret.

use blackbox::json::{array, text};
use blackbox::{TestApp, per_backend};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

per_backend!(the_export_holds_the_profile_tickets_games_and_own_moves_and_no_secret);
async fn the_export_holds_the_profile_tickets_games_and_own_moves_and_no_secret(app: TestApp) {
    let player = app.player("Exporter").await;
    let other = app.player("other").await;
    // A finished game against bots, an open game it created, an open game of another's.
    let bots: Vec<Value> = (1..4)
        .map(|seat| json!({"seat": seat, "level": "random"}))
        .collect();
    let created = app
        .post(
            &player,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "bots": bots}),
        )
        .await
        .expect_status(201);
    let finished = text(&created.body["id"]);
    let mut rng = StdRng::seed_from_u64(5);
    let end = crate::live_bots::play_against_bots(&app, &player, &finished, &mut rng).await;
    // A second apart each, so the export's order (by when the seat was taken) is known.
    app.advance_clock(1);
    let open = app
        .post(
            &player,
            "/v1/games",
            json!({"kind": "intrigue", "players": 3}),
        )
        .await
        .expect_status(201);
    let open = text(&open.body["id"]);
    let theirs = app
        .post(
            &other,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let theirs = text(&theirs.body["id"]);
    app.advance_clock(1);
    let joined = app
        .post(&player, &format!("/v1/games/{theirs}/join"), json!({}))
        .await
        .expect_status(200);
    assert_eq!(joined.body["your_seat"], 1);
    let ticket = app
        .post(&player, "/v1/me/stream-tickets", json!({}))
        .await
        .expect_status(201);

    let export = app.get(&player, "/v1/me/export").await.expect_status(200);
    let body = &export.body;
    assert_eq!(body["account"]["id"], json!(player.id));
    assert_eq!(body["account"]["username"], "Exporter");
    assert!(body["account"]["created_at"].is_i64());
    // The ticket: which stream and until when, never the ticket or its hash.
    assert_eq!(
        body["stream_tickets"],
        json!([{"scope": "me", "expires_at": ticket.body["expires_at"]}])
    );
    let secret = text(&ticket.body["ticket"]);
    assert!(!export.text.contains(&secret));
    assert!(!export.text.contains("argon2"), "a password hash leaked");
    assert!(!export.text.contains("hash"), "{}", export.text);

    let games = array(&body["games"]);
    let ids: Vec<String> = games.iter().map(|game| text(&game["id"])).collect();
    assert_eq!(ids, [finished.clone(), open.clone(), theirs.clone()]);
    let [done, mine_open, their_open] = [&games[0], &games[1], &games[2]];

    assert_eq!(done["kind"], "trade_or_duel");
    assert_eq!(done["status"], "finished");
    assert_eq!(done["seat"], 0);
    assert_eq!(done["created_by_you"], true);
    assert_eq!(done["outcome"], end["outcome"]);
    assert_eq!(done["final_view"], end["view"]);
    // Its moves are the log's moves of seat 0, in order.
    let log = app.move_log(&player, &finished).await;
    let own: Vec<Value> = array(&log["inputs"])
        .into_iter()
        .filter(|input| input["seat"] == 0)
        .map(|input| json!([input["seq"], input["move"]]))
        .collect();
    let exported: Vec<Value> = array(&done["moves"])
        .into_iter()
        .map(|input| json!([input["seq"], input["move"]]))
        .collect();
    assert!(!own.is_empty());
    assert_eq!(exported, own);

    assert_eq!(mine_open["kind"], "intrigue");
    assert_eq!(mine_open["status"], "open");
    assert_eq!(mine_open["created_by_you"], true);
    assert_eq!(mine_open["moves"], json!([]));
    assert!(mine_open["outcome"].is_null() && mine_open["final_view"].is_null());
    assert_eq!(their_open["seat"], 1);
    assert_eq!(their_open["created_by_you"], false);

    // Another account's export holds its own games only.
    let theirs_export = app.get(&other, "/v1/me/export").await.expect_status(200);
    let their_ids: Vec<String> = array(&theirs_export.body["games"])
        .iter()
        .map(|game| text(&game["id"]))
        .collect();
    assert_eq!(their_ids, [theirs]);
    assert_eq!(theirs_export.body["stream_tickets"], json!([]));
}
